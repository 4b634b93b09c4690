/*
 * The step's memory cgroup in fake v1 and v2 trees: found by node, uid,
 * job and step; its peak, limit and OOM kills; an OOM kill told apart per
 * task, and each task's own high-water mark; no cgroup, no figures. Also
 * the node file that holds them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stepd/mem_cgroup.h"
#include "stepd/node_file.h"
#include "../../tap.h"

static char top[64];

/* Writes text to top/rel, making its folders. */
static void _put(const char *rel, const char *text)
{
    char path[512], *p;
    FILE *f;

    snprintf(path, sizeof(path), "%s/%s", top, rel);
    for (p = path + strlen(top) + 1; (p = strchr(p, '/')); p++) {
        *p = '\0';
        mkdir(path, 0755);
        *p = '/';
    }
    f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0)
        exit(99);
}

static void _v1(void)
{
    const char *step = "v1/memory/slurm_n2/uid_1000/job_7/step_0";
    char root[128], path[512], text[256];
    struct hl_mem_cgroup cg;
    struct hl_mem_cgroup_figures fig;

    snprintf(root, sizeof(root), "%s/v1", top);
    _put("v1/memory/slurm_n2/uid_1000/job_7/memory.limit_in_bytes",
         "104857600\n");
    snprintf(path, sizeof(path), "%s/memory.max_usage_in_bytes", step);
    _put(path, "367001600\n");
    snprintf(path, sizeof(path), "%s/memory.limit_in_bytes", step);
    _put(path, "9223372036854771712\n");
    snprintf(path, sizeof(path), "%s/memory.oom_control", step);
    _put(path, "oom_kill_disable 0\nunder_oom 0\noom_kill 1\n");
    snprintf(path, sizeof(path), "%s/task_0/memory.oom_control", step);
    _put(path, "oom_kill_disable 0\nunder_oom 0\noom_kill 0\n");
    snprintf(path, sizeof(path), "%s/task_1/memory.oom_control", step);
    _put(path, "oom_kill_disable 0\nunder_oom 0\noom_kill 1\n");

    ok(hl_mem_cgroup_find(root, "/nonexistent", "n1", 1000, 7, 0, &cg) < 0,
       "v1: another node's tree is not ours");
    ok(hl_mem_cgroup_find(root, "/nonexistent", "n2", 1000, 7, 1, &cg) < 0,
       "v1: another step's is not ours");
    ok(hl_mem_cgroup_find(root, "/nonexistent", "n2", 1000, 7, 0, &cg) == 0 &&
           cg.version == 1,
       "v1: found under slurm_NODE");
    snprintf(path, sizeof(path), "%s/%s", top, step);
    is_str(cg.step, path, "v1: the step's folder");
    hl_mem_cgroup_read(&cg, &fig);
    ok(fig.peak == 367001600, "v1: peak is memory.max_usage_in_bytes");
    ok(fig.limit == 104857600, "v1: the job's limit where the step has none");
    ok(fig.oom_kills == 1, "v1: the step's oom_kill count");
    ok(hl_mem_cgroup_task_oom(&cg, &(struct hl_task_ids){1, 1, false}) == 1,
       "v1: task 1 was OOM-killed");
    ok(hl_mem_cgroup_task_oom(&cg, &(struct hl_task_ids){0, 0, false}) == 0,
       "v1: task 0 was not");
    ok(hl_mem_cgroup_task_oom(&cg, &(struct hl_task_ids){5, 5, false}) == 1,
       "v1: a task without its cgroup falls back to the step's count");
    ok(hl_node_file_format("n2", &fig, text, sizeof(text)) == 0,
       "node file: formats");
    is_str(text,
           "# heapline node 1\nhost,cgroup_peak_bytes,mem_limit_bytes,"
           "oom_kills\nn2,367001600,104857600,1\n",
           "node file: host, peak, limit, OOM kills");

    _put("v1/memory/slurm/uid_0/job_9/step_2/memory.max_usage_in_bytes",
         "4096\n");
    _put("v1/memory/slurm/uid_0/job_9/step_2/memory.failcnt", "0\n");
    ok(hl_mem_cgroup_find(root, "/nonexistent", "n1", 0, 9, 2, &cg) == 0,
       "v1: found under slurm/ where one slurmd runs on the host");
    hl_mem_cgroup_read(&cg, &fig);
    ok(fig.peak == 4096 && fig.limit == HL_CGROUP_NONE &&
           fig.oom_kills == HL_CGROUP_NONE,
       "v1: no limit and no OOM count are not known, not 0");
    ok(hl_mem_cgroup_task_oom(&cg, &(struct hl_task_ids){0, 0, false}) == 0,
       "v1: an old kernel without oom_kill falls back to failcnt");
    ok(hl_node_file_format("n1", &fig, text, sizeof(text)) == 0, "formats");
    is_str(text,
           "# heapline node 1\nhost,cgroup_peak_bytes,mem_limit_bytes,"
           "oom_kills\nn1,4096,,\n",
           "node file: unknown figures are empty");
}

/*
 * Slurm 26.05 on the second node of srun -N2 -n4 -m cyclic: ranks 1 and
 * 3 are the node's tasks 0 and 1, their cgroups task_1 and task_3.
 */
static void _v1_global_ids(void)
{
    const char *step = "v1/memory/slurm/uid_0/job_8/step_0";
    char root[128], path[512];
    struct hl_mem_cgroup cg;

    snprintf(root, sizeof(root), "%s/v1", top);
    snprintf(path, sizeof(path), "%s/memory.oom_control", step);
    _put(path, "oom_kill_disable 0\nunder_oom 0\noom_kill 0\n");
    snprintf(path, sizeof(path), "%s/task_1/memory.oom_control", step);
    _put(path, "oom_kill_disable 0\nunder_oom 0\noom_kill 1\n");
    snprintf(path, sizeof(path), "%s/task_3/memory.oom_control", step);
    _put(path, "oom_kill_disable 0\nunder_oom 0\noom_kill 0\n");
    snprintf(path, sizeof(path), "%s/task_1/memory.max_usage_in_bytes", step);
    _put(path, "108134400\n");
    snprintf(path, sizeof(path), "%s/task_3/memory.max_usage_in_bytes", step);
    _put(path, "5242880\n");

    ok(hl_mem_cgroup_find(root, "/nonexistent", "n2", 0, 8, 0, &cg) == 0,
       "v1, global ids: found");
    ok(!hl_mem_cgroup_names_by_rank("22.05.8") &&
           !hl_mem_cgroup_names_by_rank("23.11.0") &&
           hl_mem_cgroup_names_by_rank("23.11.1") &&
           hl_mem_cgroup_names_by_rank("24.05.0") &&
           hl_mem_cgroup_names_by_rank("26.05.3"),
       "task cgroups named by rank from 23.11.1 on");
    ok(hl_mem_cgroup_task_oom(&cg, &(struct hl_task_ids){0, 1, true}) == 1,
       "v1, global ids: rank 1, the node's task 0, was OOM-killed (task_1)");
    ok(hl_mem_cgroup_task_oom(&cg, &(struct hl_task_ids){1, 3, true}) == 0,
       "v1, global ids: rank 3, the node's task 1, was not (task_3, not "
       "task_1)");
    ok(hl_mem_cgroup_task_peak(&cg, &(struct hl_task_ids){0, 1, true}) ==
               108134400 &&
           hl_mem_cgroup_task_peak(&cg, &(struct hl_task_ids){1, 3, true}) ==
               5242880,
       "v1, global ids: each task's peak from its task_T's "
       "memory.max_usage_in_bytes");
    ok(hl_mem_cgroup_task_peak(&cg, &(struct hl_task_ids){1, 3, false}) ==
           108134400,
       "v1, local ids: the node's task 1 is task_1");
    ok(hl_mem_cgroup_task_peak(&cg, &(struct hl_task_ids){2, 2, false}) ==
           HL_CGROUP_NONE,
       "v1: a task with no cgroup folder has no peak");
}

static void _v2(void)
{
    const char *step = "v2/system.slice/slurmstepd.scope/job_7/step_3";
    char root[128], self[128], path[512];
    struct hl_mem_cgroup cg;
    struct hl_mem_cgroup_figures fig;

    snprintf(root, sizeof(root), "%s/v2", top);
    snprintf(self, sizeof(self), "%s/self-cgroup", top);
    _put("v2/cgroup.controllers", "cpu memory pids\n");
    _put("self-cgroup",
         "0::/system.slice/slurmstepd.scope/job_7/step_3/slurm\n");
    snprintf(path, sizeof(path), "%s/memory.peak", step);
    _put(path, "2000000\n");
    snprintf(path, sizeof(path), "%s/memory.max", step);
    _put(path, "1048576\n");
    _put("v2/system.slice/slurmstepd.scope/job_7/memory.max", "max\n");
    snprintf(path, sizeof(path), "%s/memory.events", step);
    _put(path, "low 0\nhigh 0\nmax 4\noom 1\noom_kill 1\n");
    snprintf(path, sizeof(path), "%s/user/task_0/memory.events", step);
    _put(path, "low 0\nhigh 0\nmax 4\noom 1\noom_kill 1\n");
    snprintf(path, sizeof(path), "%s/user/task_1/memory.events", step);
    _put(path, "low 0\nhigh 0\nmax 0\noom 0\noom_kill 0\n");
    snprintf(path, sizeof(path), "%s/user/task_0/memory.peak", step);
    _put(path, "1040384\n");

    ok(hl_mem_cgroup_find(root, self, "n1", 0, 7, 3, &cg) == 0 &&
           cg.version == 2,
       "v2: found from slurmstepd's own cgroup");
    snprintf(path, sizeof(path), "%s/%s", top, step);
    is_str(cg.step, path, "v2: the step_S folder above slurmstepd's");
    hl_mem_cgroup_read(&cg, &fig);
    ok(fig.peak == 2000000 && fig.limit == 1048576 && fig.oom_kills == 1,
       "v2: memory.peak, memory.max, memory.events oom_kill");
    ok(hl_mem_cgroup_task_oom(&cg, &(struct hl_task_ids){0, 0, false}) == 1 &&
           hl_mem_cgroup_task_oom(&cg, &(struct hl_task_ids){1, 1, false}) == 0,
       "v2: the OOM kill is task 0's, from user/task_T");
    ok(hl_mem_cgroup_task_peak(&cg, &(struct hl_task_ids){0, 0, false}) ==
               1040384 &&
           hl_mem_cgroup_task_peak(&cg, &(struct hl_task_ids){1, 1, false}) ==
               HL_CGROUP_NONE,
       "v2: task 0's peak from user/task_0/memory.peak; none where the "
       "kernel has no memory.peak");
    ok(hl_mem_cgroup_find(root, self, "n1", 0, 7, 30, &cg) < 0,
       "v2: step_30 is not step_3");
}

int main(void)
{
    char tmpl[] = "/tmp/hl-cgroup-XXXXXX";
    struct hl_mem_cgroup cg;
    char cmd[128];

    if (!mkdtemp(tmpl))
        return 99;
    snprintf(top, sizeof(top), "%s", tmpl);
    ok(hl_mem_cgroup_find(top, "/nonexistent", "n1", 0, 1, 0, &cg) < 0,
       "no cgroup tree: no memory cgroup");
    _v1();
    _v1_global_ids();
    _v2();
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", top);
    if (system(cmd) != 0)
        return 99;
    return done_testing();
}
