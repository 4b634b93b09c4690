/* Proves that lines captured from a real sacct (22.05, --parsable2
 * --noheader -o JobID,MaxRSS,MaxRSSNode,MaxRSSTask[,ReqMem,TRESUsageInTot])
 * parse into the right figures, units and empty fields included, whether the
 * usage figures (TRESUsageInTot) have arrived, that ReqMem is told apart as per
 * node, per CPU (older Slurm's n/c letter) or the job's total (no letter), that
 * malformed lines are refused, and that scontrol's memory request (per node or
 * per CPU, with CPUs/Task) is found. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "../../tap.h"
#include "job/slurm/sacct.h"
#include "job/slurm/scontrol.h"

#define KIB 1024ULL
#define MIB (1024 * KIB)
#define GIB (1024 * MIB)

static void _line(const char *line, const char *jobid, bool has_rss,
                  uint64_t rss, const char *node, bool has_task, uint32_t task)
{
    struct hl_sacct_row r = {0};

    is_int(hl_sacct_parse_line(line, strlen(line), &r), 0, "'%s' parses", line);
    is_str(r.jobid, jobid, "'%s': the step", line);
    is_int(r.has_maxrss, has_rss, "'%s': %s MaxRSS", line,
           has_rss ? "a" : "no");
    if (has_rss)
        is_uint(r.maxrss, rss, "'%s': MaxRSS", line);
    is_str(r.node, node, "'%s': the node", line);
    is_int(r.has_task, has_task, "'%s': %s task", line, has_task ? "a" : "no");
    if (has_task)
        is_uint(r.task, task, "'%s': the task", line);
}

/* Lines with TRESUsageInTot, captured from sacct 22.05 on the test
 * cluster: a step too short to be sampled has usage but no MaxRSS. */
static void _usage(const char *line, bool has_rss, bool has_usage)
{
    struct hl_sacct_row r = {0};

    is_int(hl_sacct_parse_line(line, strlen(line), &r), 0, "'%s' parses", line);
    is_int(r.has_maxrss, has_rss, "'%s' has%s MaxRSS", line,
           has_rss ? "" : " no");
    is_int(r.has_usage, has_usage, "'%s' has%s usage", line,
           has_usage ? "" : " no");
}

static void _reqmem(const char *line, uint64_t bytes, char kind)
{
    struct hl_sacct_row r = {0};

    is_int(hl_sacct_parse_line(line, strlen(line), &r), 0, "'%s' parses", line);
    ok(r.has_reqmem, "'%s' has a request", line);
    is_uint(r.reqmem, bytes, "'%s' asks for %llu bytes", line,
            (unsigned long long)bytes);
    is_int(r.reqmem_kind, kind, "'%s' asks %s", line,
           kind == 'c'   ? "per CPU"
           : kind == 'n' ? "per node"
                         : "for the whole job");
}

static void _bad(const char *line)
{
    struct hl_sacct_row r;

    ok(hl_sacct_parse_line(line, strlen(line), &r) < 0, "'%s' is refused",
       line);
}

static void _scontrol(const char *out, int found, uint64_t bytes, bool per_cpu,
                      uint32_t cpus)
{
    struct hl_scontrol_request req = {0};
    int rc = hl_scontrol_parse_request(out, &req);

    if (!found) {
        ok(rc < 0, "scontrol '%.40s...' gives no request", out);
        return;
    }
    is_int(rc, 0, "scontrol '%.40s...' gives a request", out);
    is_uint(req.bytes, bytes, "scontrol '%.40s...': its bytes", out);
    is_int(req.per_cpu, per_cpu, "scontrol '%.40s...': per %s", out,
           per_cpu ? "CPU" : "node");
    is_uint(req.cpus_per_task, cpus, "scontrol '%.40s...': CPUs/Task", out);
}

int main(void)
{
    _line("5.0|159856K|n1|0", "5.0", true, 159856 * KIB, "n1", true, 0);
    _line("12.1|1.50M|node07|3", "12.1", true, 1536 * KIB, "node07", true, 3);
    _line("12.2|2G|n2|17", "12.2", true, 2 * GIB, "n2", true, 17);
    _line("7.0|0|n1|0", "7.0", true, 0, "n1", true, 0);
    _line("8|||", "8", false, 0, "", false, 0);
    _usage("463000.0|||||energy=0", false, true);
    _usage("463001.0|1696K|n1|0||cpu=00:00:00,energy=0,fs/disk=6977,"
           "mem=1696K,pages=0,vmem=2920K",
           true, true);
    _usage("463001||||8000M|", false, false);
    _usage("80.0||||", false, false);
    _line("8.batch|4144K|n1|0", "8.batch", true, 4144 * KIB, "n1", true, 0);
    _line("9.extern|0|n1|0|4000M", "9.extern", true, 0, "n1", true, 0);
    _line("31_2.0|300.25M|n3|1", "31_2.0", true, 314834944, "n3", true, 1);
    _reqmem("9||||4000M", 4000 * MIB, 't');
    _reqmem("9||||1.50Gn", 1536 * MIB, 'n');
    _reqmem("9||||1000Mc", 1000 * MIB, 'c');
    _bad("");
    _bad("5.0|159856K|n1");
    _bad("5.0|lots|n1|0");
    _bad("5.0|159856K|n1|x");
    _bad("|159856K|n1|0");
    _bad("5.0|159856K|n1|0|4000M|energy=0|extra");
    _scontrol("JobId=5 JobName=x UserId=root(0) MinMemoryNode=4000M "
              "MinTmpDiskNode=0",
              1, 4000 * MIB, false, 1);
    _scontrol("JobId=5 JobName=x MinMemoryNode=1.50G MinTmpDiskNode=0", 1,
              1536 * MIB, false, 1);
    _scontrol("JobId=6 JobName=x NumCPUs=8 CPUs/Task=4 MinCPUsNode=4 "
              "MinMemoryCPU=1G Features=(null)",
              1, GIB, true, 4);
    /* --mem=0, or no request and no default: the whole node */
    _scontrol("JobId=7 JobName=x MinMemoryNode=0 MinTmpDiskNode=0", 1, 0, false,
              1);
    _scontrol("slurm_load_jobs error: Invalid job id specified", 0, 0, false,
              0);
    return done_testing();
}
