#define _GNU_SOURCE
#include "provisional.h"
#include "buf.h"
#include "alloc/clock.h"
#include "alloc/counters.h"
#include "format_write.h"
#include "process/identity.h"
#include "output_path.h"
#include "procstatus.h"
#include "record.h"
#include "record_format.h"
#include "refresh.h"
#include "replace.h"
#include "callsites/callsites.h"
#include "callsites/callsites_peak.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* The mapped record, NULL when there is none. Once mapped, the page is
 * never unmapped while other threads may write it: a new file is mapped
 * over it in one step (MAP_FIXED), and a thread that was writing writes
 * into one file or the other. */
static char *_page;
static pid_t _owner; /* the process whose record it is */
static dev_t _dev;   /* the file made at the record's path */
static ino_t _ino;
static size_t _page_size;
static size_t _map_size;                /* the whole text, in pages */
static size_t _offset[HL_REC_NCOLUMNS]; /* of each figure in the page */
static int _busy;                       /* a thread is writing the page */
static int _stopped;  /* no more figures: exec or exit under way */
static int _remaking; /* a failed exec's thread makes the record again */

/* Memory figures are read at a milestone only if the last reading is this
 * old: a read costs syscalls, while a milestone's stores into the page cost
 * next to nothing, so the heap figures stay as close as before. */
#define _MEMORY_EVERY_NS 10000000
static int64_t _memory_read_ns; /* elapsed time of the last reading */
static int64_t _maxrss_at_start;
static int64_t _vmhwm, _vmrss;  /* as last read */
static struct hl_figures _last; /* the heap figures as last written */
static size_t _timeline_slots;  /* the points in the page's timeline */

/* The columns of Pss, which only the timeline writes. */
#define _SHARED_COLUMNS                                                        \
    (HL_EMPTY(HL_REC_peak_pss) | HL_EMPTY(HL_REC_peak_pss_shmem) |             \
     HL_EMPTY(HL_REC_peak_rss_shmem))

/* The sites' count of dropped samples, written with the sites: the
 * column is in the page only when they are on. */
#define _CALLSITES_COLUMNS HL_EMPTY(HL_REC_callsites_dropped)

/* The widest field that is rewritten in place, as spaces: the room that
 * the provisional record makes for it. */
#define _BLANK_MAX                                                             \
    (HL_MODULES_FIELD > HL_CALLSITES_FIELD ? HL_MODULES_FIELD                  \
                                           : HL_CALLSITES_FIELD)

static const char *_blank(size_t width)
{
    static char blank[_BLANK_MAX + 1];

    if (!blank[0])
        memset(blank, ' ', _BLANK_MAX);
    return blank + (_BLANK_MAX - width);
}

static const char *_timeline_blank(void)
{
    static char field[HL_TIMELINE_FIELD + 1];

    if (!field[0]) {
        memset(field, ' ', HL_TIMELINE_FIELD);
        memcpy(field, HL_TIMELINE_WORD, sizeof(HL_TIMELINE_WORD) - 1);
    }
    return field;
}

/* The record with every figure zero, in the provisional form: the text,
 * and where each figure is. */
static void _format(struct hl_buf *b, pid_t pid)
{
    struct hl_record_row row = {0};

    hl_identity_to_record(&hl_identity, pid, &row);
    row.start_time_ns = hl_clock_start_wall_ns();
    row.end = HL_RECORD_UNFINISHED;
    /* The sites fields are rewritten in place at each milestone: they are
     * made of spaces, as wide as they may grow. */
    row.callsites_rate = hl_sampler_rate();
    row.callsites = _blank(HL_CALLSITES_FIELD);
    row.modules = _blank(HL_MODULES_FIELD);
    /* The timeline's version word, then its slots. */
    row.timeline = _timeline_blank();
    hl_format_write_fixed(b, &hl_record_format, &row, _offset,
                          hl_callsites_settings.on ? 0 : HL_COL_CALLSITES);
}

/* A store that changes nothing, in each page, takes the pages' write
 * faults, if any, before any figure changes: a process killed while
 * waiting on one (under memory pressure, the likeliest moment of an OOM
 * kill) leaves the previous figures whole. */
static void _fault_in(void)
{
    for (size_t at = 0; at < _map_size; at += _page_size)
        *(volatile char *)(_page + at) = *(volatile char *)(_page + at);
}

/* At start, both from /proc/self/status, as the final record reads them;
 * and ru_maxrss then, to compare the later readings with. */
static void _read_memory_at_start(void)
{
    struct hl_memory mem;

    hl_procstatus_read(&mem);
    _vmhwm = mem.vmhwm > 0 ? mem.vmhwm : 0;
    _vmrss = mem.vmrss > 0 ? mem.vmrss : 0;
    _maxrss_at_start = hl_procstatus_maxrss();
    _memory_read_ns = hl_clock_elapsed_ns();
}

/* ru_maxrss also holds the high-water mark of the image that an exec
 * replaced: once above its value at start, it is this image's VmHWM (both
 * are the larger of the highest and the current resident set); until then
 * the VmHWM of start stands, a lower bound. */
static void _read_memory(int64_t now)
{
    int64_t maxrss = hl_procstatus_maxrss();
    int64_t rss = hl_procstatus_rss();

    if (maxrss > _maxrss_at_start && maxrss > _vmhwm)
        _vmhwm = maxrss;
    if (rss >= 0)
        _vmrss = rss;
    _memory_read_ns = now;
}

static void _write_figures(const struct hl_figures *f)
{
    struct hl_record_row row; /* its live figures only */
    int64_t now;

    _last = *f;
    now = hl_clock_elapsed_ns();
    if (!hl_refresh_writes(now) && now - _memory_read_ns >= _MEMORY_EVERY_NS)
        _read_memory(now);
    row.empty = 0;
    row.elapsed_ms = hl_ms_of_ns(now);
    row.allocs = f->allocs;
    row.frees = f->frees;
    row.peak_heap = f->peak;
    row.peak_heap_time_ms =
        hl_ms_of_ns(f->peak_time_ns < now ? f->peak_time_ns : now);
    row.live_heap_at_exit = f->live;
    row.vmhwm = (uint64_t)_vmhwm;
    row.vmrss_at_exit = (uint64_t)_vmrss;
    _fault_in();
    hl_format_put_columns(_page, &hl_record_format, _offset, &row,
                          ~(uint64_t)(_SHARED_COLUMNS | _CALLSITES_COLUMNS) &
                              (hl_refresh_writes(now)
                                   ? ~(uint64_t)HL_REFRESH_COLUMNS
                                   : ~(uint64_t)0));
    if (hl_callsites_settings.on) {
        row.callsites_dropped = hl_live_dropped();
        hl_format_put_columns(_page, &hl_record_format, _offset, &row,
                              _CALLSITES_COLUMNS);
    }
    if (hl_callsites_sampled()) {
        hl_callsites_at_peak();
        hl_callsites_put_modules(_page + _offset[HL_REC_modules],
                                 HL_MODULES_FIELD);
        hl_callsites_put_sites(_page + _offset[HL_REC_callsites],
                               HL_CALLSITES_FIELD);
    }
}

/* The refresher of the record made here (refresh.h), on the file made
 * here: another process may have replaced it since. */
static void _start_refresh(void)
{
    struct stat st;
    int fd;

    if (getpid() != _owner)
        return;
    fd = open(hl_paths.path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return;
    if (fstat(fd, &st) == 0 && st.st_dev == _dev && st.st_ino == _ino)
        hl_refresh_start(fd, _owner, hl_clock_start_ns(), _offset);
    close(fd);
}

void hl_provisional_publish(const struct hl_figures *f)
{
    int saved_errno = errno;

    /* A thread already writing (or a signal handler that interrupted it)
     * lets it: the next milestone is then written by whoever reaches it. */
    if (__atomic_load_n(&_stopped, __ATOMIC_ACQUIRE) ||
        __atomic_exchange_n(&_busy, 1, __ATOMIC_ACQUIRE))
        return;
    /* Without a page (no record file, or none could be made), a milestone
     * only takes the at-peak table of the sites, for the final record. */
    if (__atomic_load_n(&_page, __ATOMIC_ACQUIRE))
        _write_figures(f);
    else if (hl_callsites_settings.on)
        hl_callsites_at_peak();
    __atomic_store_n(&_busy, 0, __ATOMIC_RELEASE);
    errno = saved_errno;
}

int hl_provisional_put_timeline(const struct hl_timeline *tl, size_t from)
{
    char *field;

    if (__atomic_load_n(&_stopped, __ATOMIC_ACQUIRE) ||
        !__atomic_load_n(&_page, __ATOMIC_ACQUIRE) ||
        __atomic_exchange_n(&_busy, 1, __ATOMIC_ACQUIRE))
        return -1;
    field = _page + _offset[HL_REC_timeline] + HL_TIMELINE_HEAD;
    /* Blank first, then from the last point down: at every moment the
     * field's times grow (a merge only moves points to lower slots). */
    for (size_t i = tl->n; i < _timeline_slots; i++)
        hl_timeline_put_slot(field + i * HL_TIMELINE_SLOT, NULL);
    for (size_t i = tl->n; i-- > from;)
        hl_timeline_put_slot(field + i * HL_TIMELINE_SLOT, &tl->p[i]);
    _timeline_slots = tl->n;
    __atomic_store_n(&_busy, 0, __ATOMIC_RELEASE);
    return 0;
}

static uint64_t _count(int64_t v, uint64_t *empty, int column)
{
    if (v >= 0)
        return (uint64_t)v;
    *empty |= HL_EMPTY(column);
    return 0;
}

int hl_provisional_put_shared(const struct hl_shared *peak)
{
    struct hl_record_row row; /* its columns of Pss only */

    if (__atomic_load_n(&_stopped, __ATOMIC_ACQUIRE) ||
        !__atomic_load_n(&_page, __ATOMIC_ACQUIRE) ||
        __atomic_exchange_n(&_busy, 1, __ATOMIC_ACQUIRE))
        return -1;
    row.empty = 0;
    row.peak_pss = _count(peak->pss, &row.empty, HL_REC_peak_pss);
    row.peak_pss_shmem =
        _count(peak->pss_shmem, &row.empty, HL_REC_peak_pss_shmem);
    row.peak_rss_shmem =
        _count(peak->rss_shmem, &row.empty, HL_REC_peak_rss_shmem);
    _fault_in();
    hl_format_put_columns(_page, &hl_record_format, _offset, &row,
                          _SHARED_COLUMNS);
    __atomic_store_n(&_busy, 0, __ATOMIC_RELEASE);
    return 0;
}

/* The record made at its path and mapped at page: from now on, its. */
static void _made(pid_t pid, void *page, size_t len, const struct hl_figures *f)
{
    struct stat st;

    _map_size = hl_replace_map_size(len);
    _timeline_slots = 0;
    __atomic_store_n(&_page, page, __ATOMIC_RELEASE);
    _owner = pid;
    if (lstat(hl_paths.path, &st) == 0) {
        _dev = st.st_dev;
        _ino = st.st_ino;
    }
    _read_memory_at_start();
    /* After a failed exec, another thread may be writing already. */
    if (!__atomic_exchange_n(&_busy, 1, __ATOMIC_ACQUIRE)) {
        _write_figures(f);
        __atomic_store_n(&_busy, 0, __ATOMIC_RELEASE);
    }
    _start_refresh();
}

void hl_provisional_start(pid_t pid, const struct hl_figures *f)
{
    /* Static: with sites on it is larger than a small thread stack would
     * hold; one thread at a time makes it (start, a child after fork, a
     * failed exec: see hl_provisional_after_failed_exec). */
    static char text[HL_RECORD_TEXT_MAX];
    struct hl_buf b;
    void *page = _page;
    int saved_errno = errno;

    _page_size = (size_t)sysconf(_SC_PAGESIZE);
    hl_buf_init(&b, text, sizeof(text));
    _format(&b, pid);
    _dev = 0;
    _ino = 0;
    /* Mapped over the old pages only where it covers the same ones. */
    if (page && hl_replace_map_size(b.len) != _map_size)
        page = NULL;
    if (!b.overflow && hl_paths.ready &&
        hl_replace_file(hl_paths.path, hl_paths.temp, text, b.len, &page) ==
            0) {
        _made(pid, page, b.len, f);
    }
    errno = saved_errno;
}

void hl_provisional_before_exec(void)
{
    struct stat st;
    int saved_errno = errno;

    if (!_page || getpid() != _owner)
        return;
    hl_provisional_stop();
    hl_refresh_stop();
    /* Only the file made here: another process may have replaced it. */
    if (lstat(hl_paths.path, &st) == 0 && st.st_dev == _dev &&
        st.st_ino == _ino)
        unlink(hl_paths.path);
    errno = saved_errno;
}

/* Other threads may be writing the page: the new file is mapped over it.
 * Two threads whose execs failed at once: the second leaves it to the
 * first, which is making it already. */
int hl_provisional_after_failed_exec(void)
{
    if (!_page || getpid() != _owner ||
        __atomic_exchange_n(&_remaking, 1, __ATOMIC_ACQUIRE))
        return 0;
    hl_provisional_start(_owner, &_last);
    __atomic_store_n(&_stopped, 0, __ATOMIC_RELEASE);
    __atomic_store_n(&_remaking, 0, __ATOMIC_RELEASE);
    return 1;
}

/* The child has one thread, and the parent's page must not get the
 * child's figures: it is unmapped before anything else. */
void hl_provisional_after_fork(pid_t pid, const struct hl_figures *f)
{
    char *page = _page;

    _page = NULL;
    _busy = _stopped = _remaking = 0;
    hl_refresh_after_fork();
    if (page)
        munmap(page, _map_size);
    hl_provisional_start(pid, f);
}

void hl_provisional_stop(void)
{
    __atomic_store_n(&_stopped, 1, __ATOMIC_RELEASE);
}
