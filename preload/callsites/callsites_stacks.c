#define _GNU_SOURCE
#include "callsites_stacks.h"
#include "callsites_modules.h"
#include "unwinder.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>

static hl_backtrace_fn *_backtrace;

/* Threads inside the unwinder, and forks under way. libunwind takes locks
 * of its own while it walks a stack (its cache's, its pool's, with every
 * signal blocked): a fork that copied one that another thread held left
 * it held for ever in the child, whose first stack then waited on it
 * (fault_fork_while_sampling, under a load of 37). A fork waits until no
 * other thread is inside (hl_stacks_before_fork, pthread_atfork's
 * prepare); a stack asked for while one is under way is not taken
 * (HL_STACK_OTHER). A fork from the handler of a fault that the walk
 * itself raised does not wait for it: that walk goes on after the
 * handler, in the parent and in the child (_this_inside); other signals
 * wait for the walk's end (_signals_held). */
static unsigned _inside, _forking;
static __thread unsigned _this_inside
    __attribute__((tls_model("initial-exec")));

/* One thread at a time inside libunwind's walk. libunwind 1.6 is not safe
 * to enter from two threads at once: its check of the memory it reads
 * writes the address's byte into a pipe of its own and reads it back, one
 * pipe for all threads, which it closes and opens again when a read fails.
 * Two threads sampling at once under Open MPI's TCP start-up crashed a rank
 * in 2 to 3 jobs of 150 (a call to address 0 from mca_btl_tcp.so: bytes of
 * its sockets read or written), none of 200 one at a time. A thread that
 * finds another inside does not wait for it, but takes its sample without
 * the stack: the walk may itself wait for a lock that the waiting thread
 * holds (libunwind's walk calls dl_iterate_phdr, whose lock a program's
 * own dl_iterate_phdr callback holds when it allocates: a deadlock,
 * walk_while_loader_locked_no_hang). So does a thread whose own walk a
 * signal handler interrupted. */
static int _walking;
static __thread int _this_walks __attribute__((tls_model("initial-exec")));

#define _WINDOW 64

static struct hl_stack *_stacks; /* HL_STACKS + 1: the last is "other" */
static uint32_t _order[HL_STACKS];
static unsigned _used;
static uintptr_t _self_start, _self_end; /* heapline's own code */

/* Mapped at the first sample, by whichever thread (or signal handler)
 * takes it first: mmap is safe anywhere, and a thread that loses the race
 * unmaps its own. */
int hl_stacks_init(void)
{
    size_t size = (HL_STACKS + 1) * sizeof(*_stacks);
    struct hl_stack *none = NULL;
    void *m;

    if (__atomic_load_n(&_stacks, __ATOMIC_ACQUIRE))
        return 0;
    m = mmap(NULL, size, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED)
        return -1;
    if (!__atomic_compare_exchange_n(&_stacks, &none, m, 0, __ATOMIC_ACQ_REL,
                                     __ATOMIC_ACQUIRE))
        munmap(m, size);
    return 0;
}

int hl_stacks_open_unwinder(void)
{
    if (hl_unwinder_open())
        return -1;
    hl_own_code(&_self_start, &_self_end);
    return 0;
}

static void _enter(void)
{
    __atomic_add_fetch(&_inside, 1, __ATOMIC_SEQ_CST);
    _this_inside++;
}

static void _leave(void)
{
    _this_inside--;
    __atomic_sub_fetch(&_inside, 1, __ATOMIC_RELEASE);
}

/* Inside the fork guard as a trace is: libunwind's set-up takes a lock of
 * its own, which a fork meanwhile would copy held. */
int hl_stacks_set_up_unwinder(void)
{
    _enter();
    if (!__atomic_load_n(&_forking, __ATOMIC_SEQ_CST))
        _backtrace = hl_unwinder_set_up();
    _leave();
    return _backtrace != NULL;
}

/* A walk holds back the signals that come from outside (a timer's, a
 * child's, kill's) until it ends, so that no handler runs between the
 * count of threads inside and this thread's own (a handler's fork there
 * waited for this very thread: fork_in_handler_during_walk_no_hang, once
 * in the forced fallbacks' run); a fault's signal, which the walk itself
 * may raise, is not held (held, it would kill the process). */
static void _signals_held(sigset_t *old)
{
    static const int faults[] = {SIGSEGV, SIGBUS,  SIGILL,
                                 SIGFPE,  SIGTRAP, SIGSYS};
    sigset_t outside;

    sigfillset(&outside);
    for (unsigned i = 0; i < sizeof(faults) / sizeof(faults[0]); i++)
        sigdelset(&outside, faults[i]);
    pthread_sigmask(SIG_BLOCK, &outside, old);
}

unsigned hl_stack_capture(uintptr_t *pc)
{
    sigset_t held;
    void *frames[HL_STACK_DEPTH + 16];
    int n, first = 0;
    unsigned depth = 0;

    _signals_held(&held);
    _enter();
    if (__atomic_load_n(&_forking, __ATOMIC_SEQ_CST) || _this_walks ||
        __atomic_exchange_n(&_walking, 1, __ATOMIC_ACQUIRE)) {
        _leave();
        pthread_sigmask(SIG_SETMASK, &held, NULL);
        return 0;
    }
    _this_walks = 1;
    n = _backtrace(frames, HL_STACK_DEPTH + 16);
    _this_walks = 0;
    __atomic_store_n(&_walking, 0, __ATOMIC_RELEASE);
    _leave();
    pthread_sigmask(SIG_SETMASK, &held, NULL);

    while (first < n && (uintptr_t)frames[first] >= _self_start &&
           (uintptr_t)frames[first] < _self_end)
        first++;
    for (int i = first; i < n && depth < HL_STACK_DEPTH; i++)
        pc[depth++] = (uintptr_t)frames[i];
    return depth;
}

void hl_stacks_before_fork(void)
{
    __atomic_add_fetch(&_forking, 1, __ATOMIC_SEQ_CST);
    while (__atomic_load_n(&_inside, __ATOMIC_SEQ_CST) > _this_inside)
        sched_yield();
}

void hl_stacks_after_fork_parent(void)
{
    __atomic_sub_fetch(&_forking, 1, __ATOMIC_RELEASE);
}

void hl_stacks_after_fork_child(void)
{
    _inside = _this_inside;
    _forking = 0;
    _walking = _this_walks;
}

static uint64_t _hash(const uintptr_t *pc, unsigned depth)
{
    uint64_t h = 0xcbf29ce484222325ULL ^ depth;

    for (unsigned i = 0; i < depth; i++)
        h = (h ^ pc[i]) * 0x100000001b3ULL;
    h ^= h >> 29;
    return h > 1 ? h : h + 2;
}

static int _same(const struct hl_stack *s, uint64_t h, const uintptr_t *pc,
                 unsigned depth)
{
    return __atomic_load_n(&s->hash, __ATOMIC_ACQUIRE) == h &&
           s->depth == depth && !memcmp(s->pc, pc, depth * sizeof(*pc));
}

static void _fill(struct hl_stack *s, uint32_t i, uint64_t h,
                  const uintptr_t *pc, unsigned depth)
{
    unsigned n;

    s->depth = depth;
    memcpy(s->pc, pc, depth * sizeof(*pc));
    for (unsigned f = 0; f < depth; f++)
        s->module[f] = (uint16_t)hl_module_of(pc[f], &s->offset[f]);
    __atomic_store_n(&s->hash, h, __ATOMIC_RELEASE);
    n = __atomic_fetch_add(&_used, 1, __ATOMIC_RELAXED);
    __atomic_store_n(&_order[n], i + 1, __ATOMIC_RELEASE);
}

/* A slot being filled by another thread (or by the code a signal handler
 * interrupted) is passed over: at worst the same stack is kept twice, and
 * the report adds them up. */
uint32_t hl_stack_intern(const uintptr_t *pc, unsigned depth)
{
    uint64_t h = _hash(pc, depth);

    if (!depth)
        return HL_STACK_OTHER;
    for (unsigned probe = 0; probe < _WINDOW; probe++) {
        uint32_t i = (uint32_t)((h + probe) & (HL_STACKS - 1));
        struct hl_stack *s = hl_stack_at(i);
        uint64_t seen = 0;

        if (_same(s, h, pc, depth))
            return i;
        if (__atomic_compare_exchange_n(&s->hash, &seen, 1, 0, __ATOMIC_ACQUIRE,
                                        __ATOMIC_RELAXED)) {
            _fill(s, i, h, pc, depth);
            return i;
        }
        if (_same(s, h, pc, depth))
            return i;
    }
    return HL_STACK_OTHER;
}

void hl_stack_count(uint32_t i, const struct hl_estimate *e, int sign)
{
    struct hl_estimate *live = &hl_stack_at(i)->live;
    uint64_t k = sign < 0 ? (uint64_t)-1 : 1;

    __atomic_add_fetch(&live->bytes, e->bytes * k, __ATOMIC_RELAXED);
    __atomic_add_fetch(&live->count, e->count * k, __ATOMIC_RELAXED);
    __atomic_add_fetch(&live->variance, e->variance * k, __ATOMIC_RELAXED);
}

unsigned hl_stacks_used(void)
{
    unsigned n = __atomic_load_n(&_used, __ATOMIC_ACQUIRE);

    return n < HL_STACKS ? n : HL_STACKS;
}

uint32_t hl_stack_nth(unsigned n)
{
    uint32_t v = __atomic_load_n(&_order[n], __ATOMIC_ACQUIRE);

    return v ? v - 1 : HL_STACK_OTHER;
}

struct hl_stack *hl_stack_at(uint32_t i)
{
    struct hl_stack *t = __atomic_load_n(&_stacks, __ATOMIC_ACQUIRE);

    return t ? &t[i] : NULL;
}
