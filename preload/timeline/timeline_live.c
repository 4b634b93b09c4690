/* The timeline of this process (timeline_live.h). */
#include "timeline_live.h"
#include "buf.h"
#include "alloc/clock.h"
#include "record/provisional.h"
#include "pss.h"
#include "timeline.h"

#include <errno.h>
#include <sched.h>

/* At the end, a note made on another thread is waited for this many
 * times at most: a signal handler of the thread that was noting may be
 * the one that exits. */
#define _FINAL_TRIES 1000

struct hl_timeline_gate hl_timeline_gate = {INT64_MIN, UINT64_MAX};

static struct hl_timeline _tl;
static int _on;
static int _lock;              /* a thread is noting */
static int _remade;            /* a page was made while a thread was noting */
static int64_t _rss_ns;        /* coarse clock at the last VmRSS reading */
static int64_t _last_ms;       /* time of the last note */
static uint64_t _peak_then;    /* the peak at the last note */
static size_t _dirty;          /* the first point not in the page as it is */
static struct hl_shared _peak; /* the largest of each reading of Pss */
static int _peak_dirty;        /* _peak is not in the page as it is */

static void _set_gate(int64_t live)
{
    int64_t step = live / 64;

    if (step < HL_TIMELINE_STEP_MIN)
        step = HL_TIMELINE_STEP_MIN;
    __atomic_store_n(&hl_timeline_gate.lo, live - step, __ATOMIC_RELAXED);
    __atomic_store_n(&hl_timeline_gate.width, 2 * (uint64_t)step,
                     __ATOMIC_RELAXED);
}

static void _note(int64_t t_ms, uint64_t heap,
                  const struct hl_timeline_reading *r)
{
    size_t changed = hl_timeline_note(&_tl, t_ms, heap, r);

    if (changed < _dirty)
        _dirty = changed;
}

/* The points not yet in the provisional record, if it is free. */
static void _flush(void)
{
    if (__atomic_exchange_n(&_remade, 0, __ATOMIC_ACQUIRE))
        _dirty = 0;
    if (_dirty < _tl.n && hl_provisional_put_timeline(&_tl, _dirty) == 0)
        _dirty = _tl.n;
    if (_peak_dirty && hl_provisional_put_shared(&_peak) == 0)
        _peak_dirty = 0;
}

static int64_t _larger(int64_t a, int64_t b)
{
    return a > b ? a : b;
}

static uint64_t _figure(int64_t v)
{
    return v < 0 ? HL_TIMELINE_UNKNOWN : (uint64_t)v;
}

/* A reading of Pss into r, if one is due: each of its figures a peak too. */
static void _read_pss(struct hl_timeline_reading *r)
{
    struct hl_shared s;

    if (!hl_pss_read_if_due(&s))
        return;
    r->pss = _figure(s.pss);
    r->pss_shmem = _figure(s.pss_shmem);
    r->rss_shmem = _figure(s.rss_shmem);
    _peak.pss = _larger(_peak.pss, s.pss);
    _peak.pss_shmem = _larger(_peak.pss_shmem, s.pss_shmem);
    _peak.rss_shmem = _larger(_peak.rss_shmem, s.rss_shmem);
    _peak_dirty = 1;
}

/* A peak reached since the last note, and left since (the heap is below
 * it now), was reached in the point noted then or after it within a
 * step: it goes to that point, not to one opened now. */
static void _note_peak(int64_t live, uint64_t peak)
{
    if (peak > _peak_then && (int64_t)peak > live)
        _note(_last_ms, peak, NULL);
    _peak_then = peak;
}

/* A note at ms (on the coarse clock, now), the timeline's lock held. */
static void _note_at(int64_t now, int64_t ms, int64_t live, uint64_t peak)
{
    struct hl_timeline_reading r = {HL_TIMELINE_UNKNOWN, HL_TIMELINE_UNKNOWN,
                                    HL_TIMELINE_UNKNOWN, HL_TIMELINE_UNKNOWN,
                                    HL_TIMELINE_UNKNOWN};
    int read = now - _rss_ns >= HL_TIMELINE_RSS_EVERY_NS;

    if (read) {
        r.rss = _figure(hl_procstatus_rss());
        r.hwm = _figure(hl_procstatus_maxrss());
        _read_pss(&r);
        _rss_ns = now;
    }
    _note_peak(live, peak);
    _last_ms = ms;
    _note(_last_ms, live > 0 ? (uint64_t)live : 0, read ? &r : NULL);
    _set_gate(live);
    _flush();
}

void hl_timeline_note_now(int64_t live, uint64_t peak)
{
    int saved_errno = errno;
    int64_t now;

    if (!__atomic_load_n(&_on, __ATOMIC_RELAXED) ||
        __atomic_exchange_n(&_lock, 1, __ATOMIC_ACQUIRE))
        return;
    now = hl_clock_coarse_ns();
    _note_at(now, hl_clock_since_start_ns(now) / 1000000, live, peak);
    __atomic_store_n(&_lock, 0, __ATOMIC_RELEASE);
    errno = saved_errno;
}

void hl_timeline_start(int on, int64_t live)
{
    /* Held through the start: a note on another thread waits for it. */
    __atomic_store_n(&_lock, 1, __ATOMIC_RELAXED);
    hl_timeline_reset(&_tl);
    _remade = 0;
    _rss_ns = INT64_MIN / 2;
    _last_ms = 0;
    _peak_then = live > 0 ? (uint64_t)live : 0;
    _dirty = 0;
    _peak = (struct hl_shared){-1, -1, -1};
    _peak_dirty = 0;
    hl_pss_start();
    _on = on;
    if (on) {
        /* The first point is the heap the library started with, at 0 ms:
         * put there, whatever the time the start took. */
        _note_at(hl_clock_coarse_ns(), 0, live, _peak_then);
    } else {
        hl_timeline_gate.lo = INT64_MIN;
        hl_timeline_gate.width = UINT64_MAX;
    }
    __atomic_store_n(&_lock, 0, __ATOMIC_RELEASE);
}

void hl_timeline_page_made(void)
{
    if (!__atomic_load_n(&_on, __ATOMIC_RELAXED))
        return;
    if (__atomic_exchange_n(&_lock, 1, __ATOMIC_ACQUIRE)) {
        __atomic_store_n(&_remade, 1, __ATOMIC_RELEASE);
        return;
    }
    _dirty = 0;
    _flush();
    __atomic_store_n(&_lock, 0, __ATOMIC_RELEASE);
}

const char *hl_timeline_final(const struct hl_figures *f,
                              const struct hl_memory *mem, int64_t elapsed_ns,
                              struct hl_shared *peak)
{
    /* Static, as the other buffers of the exit path (record.c). */
    static struct hl_timeline end;
    static char text[HL_TIMELINE_FIELD];
    struct hl_timeline_reading r = {HL_TIMELINE_UNKNOWN, HL_TIMELINE_UNKNOWN,
                                    HL_TIMELINE_UNKNOWN, HL_TIMELINE_UNKNOWN,
                                    HL_TIMELINE_UNKNOWN};
    struct hl_buf b;
    int locked = 0;

    *peak = (struct hl_shared){-1, -1, -1};
    if (!__atomic_exchange_n(&_on, 0, __ATOMIC_RELAXED))
        return NULL;
    hl_timeline_gate.lo = INT64_MIN;
    hl_timeline_gate.width = UINT64_MAX;
    for (int i = 0; i < _FINAL_TRIES && !locked; i++)
        if (!(locked = !__atomic_exchange_n(&_lock, 1, __ATOMIC_ACQUIRE)))
            sched_yield();
    /* Unlocked, the copy may be torn, never out of bounds. */
    end = _tl;
    r.rss = _figure(mem->vmrss);
    r.hwm = _figure(mem->vmhwm);
    _read_pss(&r);
    *peak = _peak;
    if (end.n > HL_TIMELINE_POINTS)
        end.n = HL_TIMELINE_POINTS;
    /* The end's reading tells of the last point and of the end, which
     * has a point of its own past the last one's bucket: the heap may have
     * fallen since (by less than a step at a time). */
    for (int i = 0; i < 2; i++)
        hl_timeline_note(&end, elapsed_ns / 1000000, f->live, &r);
    hl_timeline_settle(&end, f->peak, f->peak_time_ns / 1000000, mem->vmhwm,
                       elapsed_ns / 1000000);
    hl_buf_init(&b, text, sizeof(text));
    hl_timeline_put(&b, end.p, end.n, HL_TIMELINE_VERSION);
    return b.overflow ? NULL : text;
}
