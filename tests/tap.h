/* The TAP helper of every C test (in the spirit of mimalloc's
 * test/testhelper.h). Each check prints "ok N - what" or "not ok N -
 * what"; a failing one adds, as TAP comments, the expression, where it is,
 * and both values. The plan comes first (plan) or last (done_testing):
 *
 *   is_int(hl_parse_u64("12", 2, &v), 0, "'12' parses");
 *   is_str(name, "task-3.exit", "named by the global task id");
 *   return done_testing();
 */
#ifndef HEAPLINE_TESTS_TAP_H
#define HEAPLINE_TESTS_TAP_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap_run, tap_failed, tap_planned = -1;

__attribute__((format(printf, 5, 6))) static inline int
tap_ok_(int pass, const char *expr, const char *file, int line,
        const char *what, ...)
{
    va_list ap;

    printf("%sok %d - ", pass ? "" : "not ", ++tap_run);
    va_start(ap, what);
    vprintf(what, ap);
    va_end(ap);
    putchar('\n');
    if (!pass) {
        tap_failed++;
        printf("#   failed: %s\n#   at %s:%d\n", expr, file, line);
    }
    return pass;
}

/* ok(condition, "what %s", ...): passes when the condition holds. */
#define ok(cond, ...) tap_ok_(!!(cond), #cond, __FILE__, __LINE__, __VA_ARGS__)

/* Two integers of type, shown with spec when they differ. */
#define tap_is_(type, spec, got, want, ...)                                    \
    do {                                                                       \
        type g_ = (type)(got), w_ = (type)(want);                              \
        if (!tap_ok_(g_ == w_, #got " == " #want, __FILE__, __LINE__,          \
                     __VA_ARGS__))                                             \
            printf("#   got:  " spec "\n#   want: " spec "\n", g_, w_);        \
    } while (0)

/* is_int(got, want, "what"): signed integers, both shown on failure;
 * is_uint: unsigned ones. */
#define is_int(got, want, ...) tap_is_(intmax_t, "%jd", got, want, __VA_ARGS__)
#define is_uint(got, want, ...)                                                \
    tap_is_(uintmax_t, "%ju", got, want, __VA_ARGS__)

/* is_str(got, want, "what"): strings (a NULL got fails). */
#define is_str(got, want, ...)                                                 \
    do {                                                                       \
        const char *g_ = (got), *w_ = (want);                                  \
        if (!tap_ok_(g_ && strcmp(g_, w_) == 0, #got " eq " #want, __FILE__,   \
                     __LINE__, __VA_ARGS__))                                   \
            printf("#   got:  \"%s\"\n#   want: \"%s\"\n", g_ ? g_ : "(null)", \
                   w_);                                                        \
    } while (0)

/* The number of checks to come, before the first. */
static inline void plan(int n)
{
    tap_planned = n;
    printf("1..%d\n", n);
}

/* The whole test is skipped: call before any check. */
__attribute__((noreturn)) static inline void skip_all(const char *why)
{
    printf("1..0 # SKIP %s\n", why);
    fflush(stdout);
    exit(0);
}

/* One check skipped, counted as passed. */
static inline void skip(const char *why)
{
    printf("ok %d # SKIP %s\n", ++tap_run, why);
}

/* The plan, if none came first; the exit status of the test. */
static inline int done_testing(void)
{
    if (tap_planned < 0)
        printf("1..%d\n", tap_run);
    else if (tap_planned != tap_run)
        printf("# planned %d checks, ran %d\n", tap_planned, tap_run);
    return tap_failed || (tap_planned >= 0 && tap_planned != tap_run);
}

#endif
