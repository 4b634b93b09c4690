/* System calls that never write errno, for the children that start the
 * refresher (refresh.c). They share the program's memory (CLONE_VM) and,
 * with it, the thread-local errno of the thread that started them, while
 * that thread goes on: a failed call of theirs through glibc (an execve of
 * a place the refresher is not, a close of a descriptor not open, a clone
 * that finds no room) would change the program's errno at a moment of the
 * kernel's choosing, between the program's own setting of it and its
 * reading. These return what the kernel returns, -errno on failure.
 *
 * On x86-64 and aarch64; elsewhere HL_RAW_SYSCALLS is 0 (below). */
#ifndef HEAPLINE_RAW_SYSCALL_H
#define HEAPLINE_RAW_SYSCALL_H

#include <sys/syscall.h>

#if defined(__x86_64__) || defined(__aarch64__)
#define HL_RAW_SYSCALLS 1

static inline long hl_raw_syscall(long nr, long a, long b, long c, long d,
                                  long e)
{
#if defined(__x86_64__)
    register long r10 __asm__("r10") = d;
    register long r8 __asm__("r8") = e;
    long ret;

    __asm__ volatile("syscall"
                     : "=a"(ret)
                     : "0"(nr), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8)
                     : "rcx", "r11", "memory");
    return ret;
#else
    register long x8 __asm__("x8") = nr;
    register long x0 __asm__("x0") = a;
    register long x1 __asm__("x1") = b;
    register long x2 __asm__("x2") = c;
    register long x3 __asm__("x3") = d;
    register long x4 __asm__("x4") = e;

    __asm__ volatile("svc #0"
                     : "+r"(x0)
                     : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4)
                     : "memory", "cc");
    return x0;
#endif
}

/* clone(flags) of a child that runs fn on the stack that ends at
 * stack_top (16-byte aligned) and never returns from it. Returns the
 * child's pid, or -errno. */
static inline long hl_raw_vfork_on(void (*fn)(void), char *stack_top,
                                   long flags)
{
#if defined(__x86_64__)
    /* x86-64's clone: flags, stack, parent tid, child tid (r10), tls (r8);
     * the child wakes on the new stack with every register but rax, rcx
     * and r11 as the parent had them. */
    register long r10 __asm__("r10") = 0;
    register long r8 __asm__("r8") = 0;
    register void (*r12)(void) __asm__("r12") = fn;
    long ret;

    __asm__ volatile("syscall\n\t"
                     "test %%rax, %%rax\n\t"
                     "jnz 1f\n\t"
                     "xor %%ebp, %%ebp\n\t"
                     "call *%%r12\n\t"
                     "ud2\n"
                     "1:"
                     : "=a"(ret)
                     : "0"((long)SYS_clone), "D"(flags), "S"(stack_top),
                       "d"(0L), "r"(r10), "r"(r8), "r"(r12)
                     : "rcx", "r11", "memory");
    return ret;
#else
    /* aarch64's clone: flags, stack, parent tid, tls, child tid. */
    register long x8 __asm__("x8") = SYS_clone;
    register long x0 __asm__("x0") = flags;
    register char *x1 __asm__("x1") = stack_top;
    register long x2 __asm__("x2") = 0;
    register long x3 __asm__("x3") = 0;
    register long x4 __asm__("x4") = 0;
    register void (*x19)(void) __asm__("x19") = fn;

    __asm__ volatile("svc #0\n\t"
                     "cbnz x0, 1f\n\t"
                     "mov x29, #0\n\t"
                     "blr x19\n\t"
                     "brk #0\n"
                     "1:"
                     : "+r"(x0)
                     : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x19)
                     : "x30", "memory", "cc");
    return x0;
#endif
}
#else
/* glibc's, which write errno: refresh.c has the program wait until the
 * children are done, and then sets errno back. */
#define HL_RAW_SYSCALLS 0

#include <errno.h>
#include <sched.h>
#include <unistd.h>

static inline long hl_raw_syscall(long nr, long a, long b, long c, long d,
                                  long e)
{
    long ret = syscall(nr, a, b, c, d, e);

    return ret < 0 ? -errno : ret;
}

static int hl_raw_call(void *fn)
{
    ((void (*)(void))fn)();
    return 0;
}

static inline long hl_raw_vfork_on(void (*fn)(void), char *stack_top,
                                   long flags)
{
    int pid = clone(hl_raw_call, stack_top, (int)flags, (void *)fn);

    return pid < 0 ? -errno : pid;
}
#endif

#endif
