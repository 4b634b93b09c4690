/* Start and end of the measurement in a process: the constructor, the
 * exit, _exit and _Exit, and fork. */
#define _GNU_SOURCE
#include "alloc/clock.h"
#include "alloc/counters.h"
#include "record/diag.h"
#include "at_exit.h"
#include "exec_hooks.h"
#include "exit_stack.h"
#include "alloc/entry.h"
#include "alloc/forward.h"
#include "alloc/resolve.h"
#include "alloc/hooks.h"
#include "alloc/next_symbol.h"
#include "identity.h"
#include "record/output_path.h"
#include "record/procstatus.h"
#include "record/provisional.h"
#include "record/record.h"
#include "record/refresh.h"
#include "settings.h"
#include "callsites/callsites.h"
#include "record/summary.h"
#include "timeline/timeline_live.h"

#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The process this copy of the library reports for; 0 until the
 * constructor has run. A vfork child shares our memory but not our pid, and
 * must neither report nor mark the report as done. */
static pid_t _pid;
static int _reported;
static void (*_next_exit)(int);

/* The exit path, on its own stack (exit_stack.h). The figures are taken
 * before anything is written, so that what the writing may allocate does
 * not change them. */
static void _report_on_exit_stack(void)
{
    struct hl_figures f;
    struct hl_memory mem;
    int64_t elapsed_ns;
    int record = hl_settings.output[0] || hl_settings.output_too_long ||
                 hl_settings.output_fd;

    hl_provisional_stop();
    hl_refresh_stop();
    hl_counters_snapshot(&f);
    elapsed_ns = hl_clock_elapsed_ns();
    if (record || !hl_settings.quiet)
        hl_procstatus_read(&mem);
    if (record)
        hl_record_write(&f, &mem, elapsed_ns, _pid);
    if (!hl_settings.quiet)
        hl_summary_write(&f, &mem);
}

static void _report(void)
{
    int saved_errno = errno;

    if (_pid && getpid() == _pid &&
        !__atomic_exchange_n(&_reported, 1, __ATOMIC_ACQ_REL))
        hl_run_on_exit_stack(_report_on_exit_stack);
    errno = saved_errno;
}

/* The timeline is for the record: none without one. */
static int _timeline_on(void)
{
    return hl_settings.output[0] || hl_settings.output_fd;
}

/* The child is measured as a process of its own, from the fork on. */
static void _after_fork_in_child(void)
{
    struct hl_figures f;

    hl_clock_start();
    hl_counters_after_fork();
    hl_callsites_after_fork();
    _pid = getpid();
    _reported = 0;
    hl_identity_after_fork();
    hl_record_paths_set(_pid, 1);
    hl_counters_snapshot(&f);
    if (hl_settings.output[0])
        hl_provisional_after_fork(_pid, &f);
    /* After the record is made: the first point goes into it. */
    hl_timeline_start(_timeline_on(), (int64_t)f.live);
}

/* The first priority a program may give: first of a static program's
 * constructors (at_exit.h). */
__attribute__((constructor(101))) static void _start(void)
{
    int saved_errno = errno;
    struct hl_figures f;

    hl_allocator_resolve();
    hl_settings_load();
    hl_identity_load(strstr(hl_settings.output, "%u") != NULL);
    hl_diag_remember_stderr();
    hl_callsites_load_settings();
    if (hl_callsites_settings.on)
        hl_hooks_sampling();
    hl_callsites_start(&hl_mine.sample_in);
    _next_exit = (void (*)(int))hl_next_symbol("_exit");
    hl_report_at_exit(_report);
    pthread_atfork(hl_callsites_before_fork, hl_callsites_after_fork_in_parent,
                   _after_fork_in_child);
    _pid = getpid();
    hl_exec_hooks_init();
    hl_record_paths_set(_pid, 0);
    if (hl_settings.output[0])
        hl_record_check_folder();
    hl_counters_snapshot(&f);
    if (hl_settings.output[0]) {
        hl_refresh_init();
        hl_provisional_start(_pid, &f);
    }
    /* After the record is made: the first point goes into it. */
    hl_timeline_start(_timeline_on(), (int64_t)f.live);
    errno = saved_errno;
}

/* exit() reaches the report (at_exit.h); _exit and _Exit (os._exit in Python,
 * the end of a multiprocessing child) do not, so they report here. */
__attribute__((noreturn)) void hl_exit(int status)
{
    _report();
    if (_next_exit)
        _next_exit(status);
    for (;;)
        syscall(SYS_exit_group, status);
}

HL_EXPORT void HL_ENTRY(_exit)(int status)
    __attribute__((noreturn, alias("hl_exit")));
HL_EXPORT void HL_ENTRY(_Exit)(int status)
    __attribute__((noreturn, alias("hl_exit")));
