#define _GNU_SOURCE
#include "record.h"
#include "buf.h"
#include "alloc/clock.h"
#include "diag.h"
#include "errdesc.h"
#include "format_write.h"
#include "process/identity.h"
#include "nosigpipe.h"
#include "output_path.h"
#include "record_format.h"
#include "record_stream.h"
#include "replace.h"
#include "process/settings.h"
#include "callsites/callsites.h"
#include "callsites/callsites_peak.h"
#include "timeline/timeline_live.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Static, as the other buffers of the exit path: it runs once per process
 * and keeps its stack small (lifecycle.c). */
static char _text[HL_RECORD_TEXT_MAX];
static char _line[PATH_MAX + 128];
static int _warned; /* once per process: at start, or at exit */

static void _format(struct hl_buf *b, const struct hl_figures *f,
                    const struct hl_memory *mem, int64_t elapsed_ns, pid_t pid)
{
    struct hl_record_row row = {0};
    struct hl_shared shared;

    hl_identity_to_record(&hl_identity, pid, &row);
    row.start_time_ns = hl_clock_start_wall_ns();
    row.elapsed_ms = hl_ms_of_ns(elapsed_ns);
    row.allocs = f->allocs;
    row.frees = f->frees;
    row.peak_heap = f->peak;
    /* Never past elapsed_s: the figures were taken before elapsed_ns was
     * read, and the coarse clock is never ahead of the precise one. */
    row.peak_heap_time_ms = hl_ms_of_ns(f->peak_time_ns);
    row.live_heap_at_exit = f->live;
    row.vmhwm = (uint64_t)mem->vmhwm;
    row.vmrss_at_exit = (uint64_t)mem->vmrss;
    if (mem->vmhwm < 0)
        row.empty |= HL_EMPTY(HL_REC_vmhwm);
    if (mem->vmrss < 0)
        row.empty |= HL_EMPTY(HL_REC_vmrss_at_exit);
    if (hl_callsites_settings.on) {
        row.callsites_rate = hl_sampler_rate();
        row.callsites = hl_callsites_final_sites();
        row.modules = hl_callsites_final_modules();
        row.callsites_dropped = hl_live_dropped();
    }
    row.timeline = hl_timeline_final(f, mem, elapsed_ns, &shared);
    row.peak_pss = (uint64_t)shared.pss;
    row.peak_pss_shmem = (uint64_t)shared.pss_shmem;
    row.peak_rss_shmem = (uint64_t)shared.rss_shmem;
    if (shared.pss < 0)
        row.empty |= HL_EMPTY(HL_REC_peak_pss);
    if (shared.pss_shmem < 0)
        row.empty |= HL_EMPTY(HL_REC_peak_pss_shmem);
    if (shared.rss_shmem < 0)
        row.empty |= HL_EMPTY(HL_REC_peak_rss_shmem);
    hl_format_write(b, &hl_record_format, &row,
                    HL_COL_UNFINISHED |
                        (hl_callsites_settings.on ? 0 : HL_COL_CALLSITES));
}

static void _warn(const char *path, const char *reason)
{
    struct hl_buf b;

    if (_warned)
        return;
    _warned = 1;
    hl_buf_init(&b, _line, sizeof(_line));
    hl_buf_str(&b, "heapline: cannot write the record ");
    hl_buf_str(&b, path);
    hl_buf_str(&b, ": ");
    hl_buf_str(&b, reason);
    hl_buf_char(&b, '\n');
    if (!b.overflow)
        hl_diag_write(_line, b.len);
}

/* Where the record cannot replace the path (a device such as /dev/full, a
 * FIFO, a directory that is not writable but a file in it that is): written
 * in place. Never through a symlink (O_NOFOLLOW), never blocking on a FIFO
 * with no reader (O_NONBLOCK), never raising SIGPIPE when its reader has
 * gone. A regular file is not truncated before it is written but cut to
 * the record's length after, so that a process that maps it never finds
 * its page beyond the end of the file. */
static int _write_in_place(const char *path, const char *text, size_t len)
{
    struct stat st;
    int fd, failed;

    fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK,
              0666);
    if (fd < 0)
        return -1;
    failed = hl_write_nosigpipe(fd, text, len);
    if (!failed && fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
        failed = ftruncate(fd, (off_t)len);
    if (close(fd) && !failed)
        failed = 1;
    return failed ? -1 : 0;
}

/* Why a record cannot be written where the user named a folder. */
#define _A_FOLDER                                                              \
    "a folder: HEAPLINE_OUTPUT names the record's file, such as %p.csv in "    \
    "that folder: Is a directory"

/* Whether HEAPLINE_OUTPUT names a folder: its name ends with a slash, or
 * its path is one. */
static int _names_folder(void)
{
    size_t len = strlen(hl_settings.output);
    struct stat st;

    if (len && hl_settings.output[len - 1] == '/')
        return 1;
    return hl_paths.ready && stat(hl_paths.path, &st) == 0 &&
           S_ISDIR(st.st_mode);
}

void hl_record_check_folder(void)
{
    const char *slash;
    char folder[PATH_MAX];
    struct stat st;
    size_t len;

    if (hl_settings.output_fd)
        return;
    if (_names_folder()) {
        _warn(hl_paths.ready ? hl_paths.path : hl_settings.output, _A_FOLDER);
        return;
    }
    if (!hl_paths.ready || !(slash = strrchr(hl_paths.path, '/')))
        return;
    len = slash > hl_paths.path ? (size_t)(slash - hl_paths.path) : 1;
    memcpy(folder, hl_paths.path, len);
    folder[len] = '\0';
    /* The program may make the folder before it ends: the record is then
     * written, and this line said only why it could not be yet. */
    if (stat(folder, &st) < 0 && (errno == ENOENT || errno == ENOTDIR))
        _warn(hl_paths.path,
              errno == ENOENT ? "its folder does not exist (yet): No such "
                                "file or directory"
                              : "its folder is not a folder: Not a directory");
}

void hl_record_write(const struct hl_figures *f, const struct hl_memory *mem,
                     int64_t elapsed_ns, pid_t pid)
{
    struct hl_buf b;

    hl_buf_init(&b, _text, sizeof(_text));
    _format(&b, f, mem, elapsed_ns, pid);
    if (hl_settings.output_fd) {
        hl_record_stream_write(hl_settings.output_fd, _text, b.len);
        return;
    }
    if (!hl_paths.ready) {
        if (_names_folder())
            _warn(hl_settings.output, _A_FOLDER);
        else
            _warn("named by HEAPLINE_OUTPUT", "path too long");
        return;
    }
    if (hl_replace_file(hl_paths.path, hl_paths.temp, _text, b.len, NULL) == 0)
        return;
    if (_write_in_place(hl_paths.path, _text, b.len) < 0)
        _warn(hl_paths.path, hl_errdesc(errno));
}
