/* The processes read from records, kept compact (one fixed-size struct per
 * process, strings interned) so that 100,000 records fit in a few MiB. */
#ifndef HEAPLINE_REPORT_PROCS_H
#define HEAPLINE_REPORT_PROCS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "job/callsites/callsites_db.h"
#include "record_format.h"
#include "shared/strpool.h"
#include "timelines.h"

/* How a process ended, as far as the report knows. */
enum hl_end {
    HL_END_EXIT,       /* a final record: it exited normally */
    HL_END_UNFINISHED, /* a provisional record: it died, or still runs */
    HL_END_SIGPIPE,    /* a final record written as SIGPIPE ended it: a
                          writer whose reader stopped reading, the normal
                          end of `seq` in `seq | head -1` */
};

#define HL_PPID_UNKNOWN UINT32_MAX

/* Times are whole milliseconds: the record writes three decimals. What
 * only the CSV shows is apart (hl_proc_counts): a million processes are
 * gone through several times, and their array is the report's memory. */
struct hl_proc {
    uint64_t peak_heap;
    uint64_t vmhwm;
    uint64_t vmrss_at_exit; /* the last reading of a timeline without one */
    /* The largest Pss, Pss_Shmem and RssShmem read: 0 when never read. */
    uint64_t pss, pss_shmem, rss_shmem;
    int64_t elapsed_ms;
    int64_t peak_time_ms;
    int64_t start_ns; /* start_time_s on the wall clock; -1: not known */
    int32_t rank;     /* -1: the process had no rank */
    uint32_t pid;
    uint32_t ppid;    /* HL_PPID_UNKNOWN in records without it */
    uint32_t host;    /* id in hl_procset.hosts */
    uint32_t job;     /* id in hl_procset.jobs; the empty string when none */
    uint32_t program; /* id in hl_procset.programs; "" when not known */
    uint32_t callsites, ncallsites; /* its sites in hl_procset.sites */
    uint32_t series;  /* its kept timeline in hl_procset.timelines,
                         HL_NO_SERIES when none is */
    uint32_t counts;  /* its entry in hl_procset.counts, if kept */
    uint8_t end;      /* enum hl_end */
    uint8_t signal;   /* the signal that killed its task, from the task's exit
                         file; 0 when not killed or not known */
    uint8_t oom;      /* its task's exit file says the OOM killer did it */
    uint8_t timeline; /* enum hl_timeline_kind */
    /* Its record was stale and its VmHWM (and end) are its task's, from
     * the exit file: the task's cgroup, and when slurmstepd saw it end. */
    uint8_t from_task;
    /* The samples its sites left out (its record's sites_dropped), at most
     * UINT32_MAX: in what was the struct's padding. */
    uint32_t callsites_dropped;
};

/* The figures of a process that only the CSV shows. */
struct hl_proc_counts {
    uint64_t allocs;
    uint64_t frees;
    uint64_t live_at_exit;
};

/* Who a process is: two records with the same key are of one process (a
 * copy of a record, a step folder given twice). The key grows with what
 * records tell (a start time, once they have one). */
struct hl_proc_key {
    uint32_t host, job, pid;
};

static inline struct hl_proc_key hl_proc_key(const struct hl_proc *p)
{
    return (struct hl_proc_key){.host = p->host, .job = p->job, .pid = p->pid};
}

/* A node file, written by the SPANK plugin where the step ran in a memory
 * cgroup: the node's true peak. */
struct hl_node_file {
    uint64_t cgroup_peak;
    uint64_t mem_limit; /* 0 when there is none */
    int64_t oom_kills;  /* -1 when not known */
    uint32_t host;      /* id in hl_procset.hosts */
};

/* A task's exit file, written by the SPANK plugin when the task ends. */
struct hl_task_exit {
    int64_t exit_code; /* -1 unless it exited */
    uint32_t task;
    uint32_t host;        /* id in hl_procset.hosts */
    uint32_t pid;         /* the pid of the task's first process */
    uint8_t status;       /* enum hl_exit_status: exited, signaled or unknown */
    uint8_t signal;       /* 0 unless signaled */
    int8_t oom;           /* 1 killed out of memory, 0 not, -1 not known */
    uint8_t matched;      /* a record of its pid was read */
    uint64_t cgroup_peak; /* its task cgroup's high-water mark; 0: unknown */
    int64_t end_ns;       /* when it ended, on the wall clock; -1: unknown */
};

struct hl_procset {
    struct hl_proc *procs;
    size_t count, cap;
    /* Once hl_aggregate has put them first: the processes that outputs
     * list one by one, those cut short or ended by SIGPIPE. */
    size_t listed;
    /* Of the processes read, unless no output shows them (only the CSV
     * does): drop_counts is set before reading then, and none is kept. */
    bool drop_counts;
    struct hl_proc_counts *counts;
    size_t ncounts, counts_cap;
    struct hl_strpool hosts;
    struct hl_strpool jobs;
    struct hl_strpool programs;
    struct hl_task_exit *exits;
    size_t nexits, exits_cap;
    size_t nexits_read; /* exits read, those dropped since included */
    size_t nunmeasured; /* of exits, once matched: tasks with no record
                           that no signal ended */
    struct hl_node_file *node_files;
    size_t nnode_files, node_files_cap;
    struct hl_callsites_db callsites;
    /* What was wrong with the sites of the last record read, "" if
     * nothing: the record is kept, its sites left out. */
    char callsites_fault[128];
    struct hl_timelines timelines;
};

/* Returns a new zeroed process at the end of the set, with its counts
 * when the set keeps them, or NULL when memory runs out. */
struct hl_proc *hl_procset_add(struct hl_procset *set);

/* Returns a new zeroed task exit at the end of the set, or NULL. */
struct hl_task_exit *hl_procset_add_exit(struct hl_procset *set);

/* Returns a new zeroed node file at the end of the set, or NULL. */
struct hl_node_file *hl_procset_add_node_file(struct hl_procset *set);

/* Marks each process that its task's exit file says was killed (the
 * first exit read of its host and pid that is not plain), and each exit
 * file that found its process; node by node, by hashing. Then set->exits
 * keeps only the exits the report uses: the killed tasks with no record,
 * which outputs list, first, by host and pid; then the unmeasured tasks,
 * that ended with no record and no signal (a static program not linked
 * with heapline, a setuid one), by host and pid; then those of the OOM
 * killer. A step of a million tasks that all wrote records keeps none.
 * Returns 0, or -1 when memory runs out. */
int hl_procset_match_exits(struct hl_procset *set);

/* Whether a process's figures stop at its death: lower bounds. A process
 * that SIGPIPE ended wrote its final figures. */
static inline int hl_proc_cut_short(const struct hl_proc *p)
{
    return p->end == HL_END_UNFINISHED || p->signal;
}

/* Whether p's VmHWM is a lower bound: cut short, with no figure of its
 * task's cgroup to replace the one its last record had. */
static inline int hl_proc_hwm_stale(const struct hl_proc *p)
{
    return hl_proc_cut_short(p) && !p->from_task;
}

/* Whether a process cut short died with so little heap in its record that
 * its peak is not known: its record is rewritten only when the peak grows
 * by HL_RECORD_PUBLISH_MIN (or 1%), so a figure below that (the heap of its
 * first allocations, "40 B") says nothing of what it held at its death. */
static inline int hl_proc_heap_unknown(const struct hl_proc *p)
{
    return hl_proc_cut_short(p) &&
           p->peak_heap < (uint64_t)HL_RECORD_PUBLISH_MIN;
}

/* Whether p is a daemon of an MPI launcher (Open MPI's orted and prted,
 * MPICH's hydra_pmi_proxy), by its program's name: not a rank. */
int hl_proc_is_launcher(const struct hl_procset *set, const struct hl_proc *p);

/* Processes that SIGPIPE ended (once hl_aggregate has listed them). */
size_t hl_procset_sigpipe_ends(const struct hl_procset *set);

/* One entry of the list of what did not exit normally: a process cut
 * short (proc), or a killed task that left no record (exit); the other
 * is NULL. */
struct hl_cut_short {
    const struct hl_proc *proc;
    const struct hl_task_exit *exit;
};

/* The list of what did not exit normally, chosen here for every output
 * (the text and the HTML show its first few, the JSON all of it): the
 * processes cut short in the report's order, then the killed tasks with
 * no record (once hl_aggregate has listed them). From *at, 0 for the
 * first, the next entry in *out and 1; 0 past the last. */
int hl_procset_cut_short_next(const struct hl_procset *set, size_t *at,
                              struct hl_cut_short *out);

/* The length of that list. */
size_t hl_procset_cut_short(const struct hl_procset *set);

/* The first of the set->nunmeasured tasks that ended with no record and
 * no signal (once hl_procset_match_exits has run). */
const struct hl_task_exit *hl_procset_unmeasured(const struct hl_procset *set);

void hl_procset_free(struct hl_procset *set);

#endif
