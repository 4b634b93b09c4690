#include "callsites.h"
#include "callsites_rate.h"
#include "record/diag.h"
#include "callsites_modules.h"
#include "callsites_stacks.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define _DEFAULT_RATE (512 * 1024)

struct hl_callsites_settings hl_callsites_settings;

__thread int hl_callsites_internal __attribute__((tls_model("initial-exec")));
static __thread int64_t _countdown_outside
    __attribute__((tls_model("initial-exec")));

void hl_callsites_own_begin(int64_t *countdown)
{
    hl_callsites_internal = 1;
    _countdown_outside = *countdown;
    *countdown = 0;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
}

void hl_callsites_own_end(int64_t *countdown)
{
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    *countdown = _countdown_outside;
    hl_callsites_internal = 0;
}

static void _warn_rate(const char *text)
{
    static const char head[] = "heapline: HEAPLINE_SITES_RATE=";
    static const char tail[] = " is not a size in bytes (such as 512K):"
                               " sampling every 512 KiB\n";
    char line[256];
    size_t n = strnlen(text, 64);

    memcpy(line, head, sizeof(head) - 1);
    memcpy(line + sizeof(head) - 1, text, n);
    memcpy(line + sizeof(head) - 1 + n, tail, sizeof(tail) - 1);
    hl_diag_write(line, sizeof(head) - 1 + n + sizeof(tail) - 1);
}

/* HEAPLINE_SITES: unset or empty, the default (on); 0, off, no or false,
 * in any case, off; any other value, on and asked for. */
static void _read_switch(const char *v)
{
    static const char *const off[] = {"0", "off", "no", "false"};

    hl_callsites_settings.on = 1;
    hl_callsites_settings.asked = v && *v;
    for (size_t i = 0; v && i < sizeof(off) / sizeof(off[0]); i++)
        if (strcasecmp(v, off[i]) == 0)
            hl_callsites_settings.on = hl_callsites_settings.asked = 0;
}

void hl_callsites_load_settings(void)
{
    const char *rate = getenv("HEAPLINE_SITES_RATE");
    const char *seed = getenv("HEAPLINE_SITES_SEED");

    _read_switch(getenv("HEAPLINE_SITES"));
    hl_callsites_settings.rate = _DEFAULT_RATE;
    if (rate && *rate) {
        uint64_t r = hl_callsites_parse_rate(rate);
        if (r)
            hl_callsites_settings.rate = r;
        else if (hl_callsites_settings.on)
            _warn_rate(rate);
    }
    hl_callsites_settings.seed = seed && *seed ? strtoull(seed, NULL, 10) : 0;
    if (seed && *seed && !hl_callsites_settings.seed)
        hl_callsites_settings.seed = 1;
}

/* libunwind is loaded here, at start, and not at the first sample: that
 * may come in any thread, holding any lock of the program's or libc's,
 * and a dlopen there waits for the dynamic loader's lock, which another
 * thread, inside dlopen, may hold while it waits for one of those (a
 * constructor that takes the program's mutex, or prints). What takes no
 * lock of the loader's waits for the first sample (hl_callsites_keep), so
 * that a process that takes none pays only the loading. */
void hl_callsites_start(int64_t *countdown)
{
    int saved_errno = errno;

    if (hl_callsites_settings.on) {
        /* What loading libunwind allocates is the library's own. */
        hl_callsites_own_begin(countdown);
        if (hl_live_init() || hl_stacks_open_unwinder()) {
            static const char line[] =
                "heapline: HEAPLINE_SITES is set but libunwind (libunwind.so.8)"
                " cannot be loaded: no allocation sites\n";
            /* Sites on by default go without a word: the user asked for
             * the heap, and has it. */
            if (hl_callsites_settings.asked)
                hl_diag_write(line, sizeof(line) - 1);
            hl_callsites_settings.on = 0;
        }
        hl_callsites_own_end(countdown);
    }
    hl_sampler_init(hl_callsites_settings.on ? hl_callsites_settings.rate : 0,
                    hl_callsites_settings.seed);
    /* This thread draws its first gap at its next allocation. */
    *countdown = 0;
    errno = saved_errno;
}

enum { _NOT_YET, _SETTING_UP, _READY };

/* The unwinder's state: set up at the first sample, by one thread. */
static int _unwinder;

/* Whether this sample's stack can be taken: 1, or 0 when not now (another
 * thread sets the unwinder up, or a fork is under way: the sample is
 * counted without its stack, in HL_STACK_OTHER, rather than wait inside
 * an allocation). The thread that sets it up does so with every signal
 * blocked, so that a handler's fork meanwhile does not wait for this very
 * thread to leave libunwind (hl_stacks_before_fork). */
static int _unwinder_ready(void)
{
    int s = _NOT_YET;
    sigset_t all, old;

    if (__atomic_load_n(&_unwinder, __ATOMIC_ACQUIRE) == _READY)
        return 1;
    if (!__atomic_compare_exchange_n(&_unwinder, &s, _SETTING_UP, 0,
                                     __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE))
        return s == _READY;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    hl_modules_init();
    s = hl_stacks_set_up_unwinder() ? _READY : _NOT_YET;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    __atomic_store_n(&_unwinder, s, __ATOMIC_RELEASE);
    return s == _READY;
}

int hl_callsites_take(int64_t *countdown)
{
    return !hl_callsites_internal && hl_sampler_take(countdown);
}

void hl_callsites_keep(void *p, size_t size, int64_t *countdown)
{
    uintptr_t pc[HL_STACK_DEPTH];
    struct hl_live_block b;
    struct hl_estimate e;
    int saved_errno = errno, unwinder;

    /* What libunwind allocates is the library's own. */
    hl_callsites_own_begin(countdown);
    unwinder = hl_stacks_init() ? -1 : _unwinder_ready();
    if (unwinder >= 0) {
        b.key = (uintptr_t)p;
        b.stack = hl_stack_intern(pc, unwinder ? hl_stack_capture(pc) : 0);
        b.weight = e.bytes = hl_sampler_weight(size);
        b.variance = e.variance = hl_sampler_variance(size, b.weight);
        e.count = 1;
        /* Counted before the block can be found, so that a fork in between
         * leaves an estimate too high rather than one that goes below 0. */
        hl_stack_count(b.stack, &e, 1);
        if (hl_live_insert(&b) < 0)
            hl_stack_count(b.stack, &e, -1);
    }
    hl_callsites_own_end(countdown);
    errno = saved_errno;
}

void hl_callsites_keep_own(void *p)
{
    struct hl_live_block b = {(uintptr_t)p, HL_STACK_OWN, 0, 0, 0};

    hl_live_insert(&b);
}

int hl_callsites_forget(void *p)
{
    struct hl_live_block b;
    struct hl_estimate e;

    if (!hl_live_remove(p, &b))
        return 0;
    if (b.stack == HL_STACK_OWN)
        return 1;
    e.bytes = b.weight;
    e.count = 1;
    e.variance = b.variance;
    hl_stack_count(b.stack, &e, -1);
    return 0;
}

void hl_callsites_before_fork(void)
{
    hl_stacks_before_fork();
}

void hl_callsites_after_fork_in_parent(void)
{
    hl_stacks_after_fork_parent();
}

void hl_callsites_after_fork(void)
{
    hl_callsites_internal = 0;
    /* The thread that set the unwinder up is not in the child. */
    if (_unwinder == _SETTING_UP)
        _unwinder = _NOT_YET;
    hl_sampler_after_fork();
    hl_stacks_after_fork_child();
}
