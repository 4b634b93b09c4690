/* Faults on purpose, and exits 3 with _exit from its SIGSEGV handler,
 * which runs on an alternate signal stack of argv[1] bytes ("min":
 * sysconf(_SC_MINSIGSTKSZ), the least the kernel needs to deliver a
 * signal), with an inaccessible page below it, so that a handler that
 * needs more stack dies (139) instead of writing over other memory.
 * Linked with -z now: a first call of _exit through a lazily bound entry
 * would run the dynamic linker's resolver on that stack, which needs
 * kilobytes by itself. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <unistd.h>

static char *volatile _block; /* kept: the allocation is not optimized away */

/* sysconf(_SC_MINSIGSTKSZ) came with glibc 2.34 (RHEL 9); before it, the
 * kernel's own figure where it gives one (AT_MINSIGSTKSZ: Linux 5.14 on
 * x86-64) and at least the constant MINSIGSTKSZ, as glibc 2.34 reckons. */
static long _min_sigstack(void)
{
#ifdef _SC_MINSIGSTKSZ
    return sysconf(_SC_MINSIGSTKSZ);
#else
    long kernel = (long)getauxval(AT_MINSIGSTKSZ);

    return kernel > MINSIGSTKSZ ? kernel : MINSIGSTKSZ;
#endif
}

static void _on_segv(int sig)
{
    (void)sig;
    _exit(3);
}

int main(int argc, char **argv)
{
    long page = sysconf(_SC_PAGESIZE), size, total;
    struct sigaction sa;
    stack_t ss;
    char *map;

    if (argc != 2)
        return 2;
    size = strcmp(argv[1], "min") ? atol(argv[1]) : _min_sigstack();
    total = (size + page - 1) / page * page + page;
    map = mmap(NULL, (size_t)total, PROT_READ | PROT_WRITE,
               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED || mprotect(map, (size_t)page, PROT_NONE))
        return 97;
    ss.ss_sp = map + total - size;
    ss.ss_size = (size_t)size;
    ss.ss_flags = 0;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = _on_segv;
    sa.sa_flags = SA_ONSTACK;
    if (sigaltstack(&ss, NULL) || sigaction(SIGSEGV, &sa, NULL))
        return 98;
    _block = malloc(1 << 20);
    memset(_block, 1, 1 << 20);
    *(volatile char *)NULL = _block[0];
    return 0;
}
