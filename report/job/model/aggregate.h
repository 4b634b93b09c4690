/* From processes to ranks and nodes.
 *
 * A rank is the processes of one rank number on one node: its row shows
 * the process with the largest peak heap, and counts the others (a wrapper
 * shell, children). Processes without a rank (-1) form such a rank per
 * node. The daemons of MPI launchers (hl_proc_is_launcher) are no rank,
 * unless there is nothing else. A node's sum of VmHWM counts every process
 * on it, and so does its sum moment by moment, from their timelines
 * (concurrent.h). */
#ifndef HEAPLINE_REPORT_AGGREGATE_H
#define HEAPLINE_REPORT_AGGREGATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "proc_list.h"
#include "procs.h"
#include "stats.h"

struct hl_rank {
    uint32_t proc;   /* index of its process of largest peak heap */
    uint32_t others; /* its other processes */
};

/* Where a node's need comes from, the best known first. */
enum hl_used_from {
    HL_USED_TRUE_PEAK,      /* its memory cgroup's high-water mark: the truth */
    HL_USED_CONCURRENT_PSS, /* its processes' PSS summed moment by moment:
                               shared pages counted once, an estimate */
    HL_USED_CONCURRENT,     /* its processes' RSS summed moment by moment
                               (the most each held in a cell): an estimate */
    HL_USED_VMHWM,          /* the VmHWM of one of its processes, above that
                               sum: a peak fell between two readings */
    HL_USED_VMHWM_SUM,      /* its processes' VmHWM summed: an upper bound */
};

/* A node's figures, and its verdict: made here once, so that every output
 * tells the same. */
struct hl_node {
    uint32_t host; /* id in the set's hosts */
    uint32_t ranks;
    uint32_t procs;
    uint64_t vmhwm_sum;
    uint64_t largest_vmhwm; /* of one of its processes */
    uint64_t true_peak;     /* from its node file: 0 when there is none */
    uint64_t mem_limit;     /* from its node file: 0 when not known */
    int64_t oom_kills;      /* from its node file: -1 when not known */
    bool oom;               /* the OOM killer ended one of its processes: it
                               needed more than its limit */
    uint64_t real_memory;   /* Slurm's RealMemory, for --mem=0; 0: not known */
    /* Its shared memory (Shmem: /dev/shm, MPI shared windows), from the
     * processes' largest RssShmem: the largest of one process, the least
     * the node held once (all of it where its processes map the same
     * segments, as MPI ranks map their windows), and their sum, each page
     * once per process that maps it, as the sum of VmHWM counts it. */
    uint64_t shmem_once, shmem_mapped;
    /* Summed moment by moment (concurrent.h), when each of its processes
     * has a timeline (with VmRSS, for the RSS): the largest sums of the
     * most each process held (estimates), when (ms since the summary's
     * origin), and to within how many ms; the PSS when one of its
     * processes read it. The lower bound is the largest sum of the least
     * each held, of PSS when there is one, else of RSS; the upper bound
     * the largest sum of their VmHWM read cell by cell. */
    uint32_t timelines, rss_timelines; /* its processes that have one */
    bool conc_known, conc_rss_known, conc_pss_known;
    bool conc_lower_known; /* no timeline of version 1, whose points keep
                              no least */
    uint64_t conc_heap, conc_rss, conc_pss, conc_lower, conc_upper;
    int64_t conc_heap_ms, conc_rss_ms, conc_pss_ms, conc_lower_ms,
        conc_upper_ms;
    int64_t conc_cell_ms;
    /* What it needed: its true peak, else its PSS or RSS summed moment by
     * moment (or its largest VmHWM, when larger), never below the lower
     * bound, else its sum of VmHWM. */
    uint64_t used;
    enum hl_used_from used_from;
    /* Against the request (hl_suggest): 0 and false when none is known.
     * The limit is what the kernel enforced, from the node file, where
     * Slurm may have raised or lowered the request (cgroup.conf's
     * MinRAMSpace, AllowedRAMSpace); else the request. */
    uint64_t request;
    uint64_t limit;
    uint64_t percent;       /* used, in percent of request */
    uint64_t limit_percent; /* used, in percent of limit */
    bool over;              /* used above request, or out of memory */
};

/* A node's estimate moment by moment, of what its processes held at once:
 * their PSS when they read it, else their RSS; when, and its word. */
static inline uint64_t hl_node_estimate(const struct hl_node *n)
{
    return n->conc_pss_known ? n->conc_pss : n->conc_rss;
}

static inline int64_t hl_node_estimate_ms(const struct hl_node *n)
{
    return n->conc_pss_known ? n->conc_pss_ms : n->conc_rss_ms;
}

static inline const char *hl_node_estimate_word(const struct hl_node *n)
{
    return n->conc_pss_known ? "PSS" : "RSS";
}

/* What the sum of VmHWM (and the concurrent RSS) counted of the node's
 * shared memory beyond once: at most, since processes that map different
 * segments make the node's more than the largest of one. */
static inline uint64_t hl_node_shmem_over(const struct hl_node *n)
{
    return n->shmem_mapped > n->shmem_once ? n->shmem_mapped - n->shmem_once
                                           : 0;
}

/* Whether that is worth a word: at least 1 MiB and 1% of the sum of
 * VmHWM (the MPI library's own small segments are not). */
static inline bool hl_node_shmem_shown(const struct hl_node *n)
{
    uint64_t over = hl_node_shmem_over(n);

    return over >= (1u << 20) && over * 100 >= n->vmhwm_sum;
}

struct hl_summary {
    /* Every rank: the first `ordered` of hl_aggregate_top (all of them for
     * hl_aggregate) by largest peak heap, then by rank and node; the
     * others after them, in no order. */
    struct hl_rank *ranks;
    size_t nranks;
    struct hl_node *nodes; /* natural order of the node names */
    size_t nnodes;
    uint32_t *node_of_host; /* host id -> index in nodes */
    struct hl_peak_stats peak;
    int64_t longest_ms;
    uint32_t largest_vmhwm_proc;
    size_t nprocs;
    size_t launchers;  /* daemons of MPI launchers, left out of the ranks */
    size_t true_peaks; /* nodes with a node file */
    size_t concurrent; /* nodes with their sums moment by moment */
    /* The first start of a process on the wall clock, ns since the Epoch,
     * from which the outputs count time; -1 when no record has one. */
    int64_t origin_ns;
    /* The processes the tables list: outside MPI instead of the ranks,
     * under MPI under them (proc_list.h). */
    struct hl_proc_list list;
};

/* Fills sum from set (at least one process), each rank found node by
 * node, in time linear in the processes: the ranks shown are picked, not
 * sorted out of all of them, and the median is selected; so are the
 * processes listed (`ordered` of them, or under each rank). set->procs is
 * reordered: the processes that outputs list one by one, those cut short
 * or ended by SIGPIPE, first, in the report's order (hl_proc_cmp); the
 * others after them, in no order. Returns -1 when memory runs out. */
int hl_aggregate_top(struct hl_procset *set, struct hl_summary *sum,
                     size_t ordered);

/* The same with every rank in order. */
static inline int hl_aggregate(struct hl_procset *set, struct hl_summary *sum)
{
    return hl_aggregate_top(set, sum, SIZE_MAX);
}

/* The report's order of processes, that of its CSV rows: by rank, by node
 * (node_of_host, from hl_aggregate), the largest peak heap first, then by
 * pid, then by the rest of who it is (hl_proc_key), bytes compared. */
int hl_proc_cmp(const struct hl_proc *a, const struct hl_proc *b,
                const uint32_t *node_of_host);

void hl_summary_free(struct hl_summary *sum);

#endif
