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

#include "sacct.h"
#include "scontrol.h"
#include "tap.h"

#define KIB 1024ULL
#define MIB (1024 * KIB)
#define GIB (1024 * MIB)

static void _line(const char *line, const char *jobid, bool has_rss,
                  uint64_t rss, const char *node, bool has_task, uint32_t task)
{
    struct hl_sacct_row r;
    int rc = hl_sacct_parse_line(line, strlen(line), &r);

    tap_check(rc == 0 && strcmp(r.jobid, jobid) == 0 &&
                  r.has_maxrss == has_rss && (!has_rss || r.maxrss == rss) &&
                  strcmp(r.node, node) == 0 && r.has_task == has_task &&
                  (!has_task || r.task == task),
              "'%s' parses (MaxRSS %llu, node '%s', task %u)", line,
              (unsigned long long)rss, node, task);
}

/* Lines with TRESUsageInTot, captured from sacct 22.05 on the test
 * cluster: a step too short to be sampled has usage but no MaxRSS. */
static void _usage(const char *line, bool has_rss, bool has_usage)
{
    struct hl_sacct_row r;
    int rc = hl_sacct_parse_line(line, strlen(line), &r);

    tap_check(rc == 0 && r.has_maxrss == has_rss && r.has_usage == has_usage,
              "'%s' has%s MaxRSS and%s usage", line, has_rss ? "" : " no",
              has_usage ? "" : " no");
}

static void _reqmem(const char *line, uint64_t bytes, char kind)
{
    struct hl_sacct_row r;
    int rc = hl_sacct_parse_line(line, strlen(line), &r);

    tap_check(rc == 0 && r.has_reqmem && r.reqmem == bytes &&
                  r.reqmem_kind == kind,
              "'%s' asks for %llu bytes %s", line, (unsigned long long)bytes,
              kind == 'c'   ? "per CPU"
              : kind == 'n' ? "per node"
                            : "for the whole job");
}

static void _bad(const char *line)
{
    struct hl_sacct_row r;

    tap_check(hl_sacct_parse_line(line, strlen(line), &r) < 0,
              "'%s' is refused", line);
}

static void _scontrol(const char *out, int found, uint64_t bytes, bool per_cpu,
                      uint32_t cpus)
{
    struct hl_scontrol_request req = {0};
    int rc = hl_scontrol_parse_request(out, &req);

    tap_check(found ? rc == 0 && req.bytes == bytes && req.per_cpu == per_cpu &&
                          req.cpus_per_task == cpus
                    : rc < 0,
              "scontrol '%.40s...' gives %s", out,
              !found    ? "no request"
              : per_cpu ? "a per-CPU request and CPUs/Task"
                        : "a per-node request");
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
    _scontrol("JobId=7 JobName=x MinMemoryNode=0 MinTmpDiskNode=0", 0, 0, false,
              0);
    _scontrol("slurm_load_jobs error: Invalid job id specified", 0, 0, false,
              0);
    return tap_done();
}
