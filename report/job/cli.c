#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job/predict/predict.h"
#include "shared/cli_common.h"
#include "warn.h"
#include "job/slurm/slurm_facts.h"
#include "shared/slurm_size.h"

/* doc/heapline-report.1 lists the same options; a test compares them.
 * Short options are few on purpose: srun's -n, -m and -c mean other
 * things, and these options are often typed beside srun's. */
static const char _usage[] =
    "Usage: heapline-report [OPTION]... FILE|DIR...\n"
    "  or:  heapline-report --compare=OLD [OPTION]... NEW...\n"
    "  or:  heapline-report --predict=RANKS --scaling=strong|weak [OPTION]... "
    "RUN...\n"
    "Read heapline records and report the memory of a job per rank and per\n"
    "node, against its memory request and sacct's MaxRSS. A directory stands\n"
    "for every record below it. With --compare, report what changed from the\n"
    "run OLD (a file or folder) to the run NEW (its files and folders). With\n"
    "--predict, tell what a run of RANKS ranks will need, from runs at other\n"
    "rank counts (each RUN a file or folder of one run).\n"
    "\n"
    "      --top=N              show the N ranks of largest peak heap "
    "(default 10);\n"
    "                           outside MPI, the N processes\n"
    "      --all                show every rank, or every process\n"
    "      --mem=SIZE           memory request per node, in Slurm's syntax:\n"
    "                           4000 (MiB), 4000M, 4G, 4GB, 1T; 0 for the\n"
    "                           whole node\n"
    "      --mem-per-cpu=SIZE   memory request per CPU\n"
    "      --cpus-per-task=N    CPUs of each rank, for --mem-per-cpu "
    "(default 1,\n"
    "                           or what scontrol says)\n"
    "      --margin=PCT         margin over the largest node sum in the\n"
    "                           suggested request (default 10%)\n"
    "  -j, --job=JOB[.STEP]     Slurm job or step of the records, to ask "
    "sacct\n"
    "                           and scontrol (default: the records' job "
    "column)\n"
    "      --no-sacct           do not ask Slurm (sacct, scontrol)\n"
    "      --sacct=ANSWER       what sacct said of the step, so that it is "
    "not\n"
    "                           asked: its row "
    "(JobID|MaxRSS|MaxRSSNode|MaxRSSTask),\n"
    "                           none, timeout, failed or later (the SPANK\n"
    "                           plugin's)\n"
    "      --slurm-timeout=SEC  give up on Slurm after SEC seconds, every "
    "query\n"
    "                           of sacct and scontrol counted (default 10)\n"
    "      --sites=N            show the N largest allocation sites at the "
    "peak,\n"
    "                           where records hold them (default 5; 0: none)\n"
    "      --format=FORMAT      text (default), json, csv, folded (the sites'\n"
    "                           stacks for flame graph tools), or html (one\n"
    "                           page with charts, no external resource)\n"
    "      --timeline           chart each node's sums and the top ranks' "
    "heap\n"
    "                           over time (text), or give the series (json,\n"
    "                           csv), where records hold timelines\n"
    "      --html=FILE          also write the report as an HTML page to FILE\n"
    "      --compare=OLD        compare the run of the FILEs and DIRs (NEW) "
    "with\n"
    "                           the run OLD, a file or folder; once more for\n"
    "                           each other file of OLD\n"
    "      --fail-if-grown=PCT  with --compare: exit with status 3 when a\n"
    "                           figure grew by more than PCT percent\n"
    "      --predict=RANKS      what a run of RANKS ranks will need, from "
    "runs\n"
    "                           at two or more other rank counts\n"
    "      --scaling=KIND       with --predict: strong (the same problem "
    "split\n"
    "                           among more ranks) or weak (the problem grown\n"
    "                           with the ranks)\n"
    "      --nodes=N            with --predict: the nodes of the run "
    "predicted\n"
    "                           (default: as many ranks per node as the runs)\n"
    "  -h, --help               print this help and exit\n"
    "  -V, --version            print the version and exit\n"
    "\n"
    "Exit status: 0 when every input was a good record, 1 when some were\n"
    "skipped (each named on stderr), 2 when nothing could be reported, a\n"
    "prediction was refused or an option was wrong, 3 when a figure grew by\n"
    "more than --fail-if-grown allows.\n";

enum {
    _OPT_TOP = 256,
    _OPT_ALL,
    _OPT_MEM,
    _OPT_MEM_PER_CPU,
    _OPT_CPUS_PER_TASK,
    _OPT_MARGIN,
    _OPT_NO_SACCT,
    _OPT_SACCT,
    _OPT_SLURM_TIMEOUT,
    _OPT_FORMAT,
    _OPT_CALLSITES,
    _OPT_TIMELINE,
    _OPT_HTML,
    _OPT_COMPARE,
    _OPT_FAIL_IF_GROWN,
    _OPT_PREDICT,
    _OPT_SCALING,
    _OPT_NODES,
};

static const struct option _long[] = {
    {"top", required_argument, NULL, _OPT_TOP},
    {"all", no_argument, NULL, _OPT_ALL},
    {"mem", required_argument, NULL, _OPT_MEM},
    {"mem-per-cpu", required_argument, NULL, _OPT_MEM_PER_CPU},
    {"cpus-per-task", required_argument, NULL, _OPT_CPUS_PER_TASK},
    {"margin", required_argument, NULL, _OPT_MARGIN},
    {"job", required_argument, NULL, 'j'},
    {"no-sacct", no_argument, NULL, _OPT_NO_SACCT},
    {"sacct", required_argument, NULL, _OPT_SACCT},
    {"slurm-timeout", required_argument, NULL, _OPT_SLURM_TIMEOUT},
    {"format", required_argument, NULL, _OPT_FORMAT},
    {"sites", required_argument, NULL, _OPT_CALLSITES},
    {"timeline", no_argument, NULL, _OPT_TIMELINE},
    {"html", required_argument, NULL, _OPT_HTML},
    {"compare", required_argument, NULL, _OPT_COMPARE},
    {"fail-if-grown", required_argument, NULL, _OPT_FAIL_IF_GROWN},
    {"predict", required_argument, NULL, _OPT_PREDICT},
    {"scaling", required_argument, NULL, _OPT_SCALING},
    {"nodes", required_argument, NULL, _OPT_NODES},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

static int _try_help(void)
{
    return hl_cli_try_help(HL_PROGRAM);
}

static int _bad(const char *option, const char *value, const char *want)
{
    return hl_cli_bad(HL_PROGRAM, option, value, want);
}

/* --scaling's words, in the order of enum hl_scaling after NONE. */
static const char *const _scalings[] = {"strong", "weak", NULL};

/* --format's words, in the order of enum hl_output_format. */
static const char *const _formats[] = {"text",   "json", "csv",
                                       "folded", "html", NULL};

/* Slurm job ids as sacct writes them: "123", "123_4" (array task),
 * "123+1" (heterogeneous component), with ".0", ".batch" steps. */
static int _job_ok(const char *s)
{
    size_t n = strspn(s, "0123456789");

    if (n == 0 || n > 20)
        return 0;
    if (s[n] == '_' || s[n] == '+') {
        size_t a = strspn(s + n + 1, "0123456789");

        if (a == 0)
            return 0;
        n += 1 + a;
    }
    if (s[n] == '.') {
        const char *step = s + n + 1;
        size_t len = strlen(step);

        return len > 0 && len < 20 &&
               strspn(step, "0123456789abcdefghijklmnopqrstuvwxyz+") == len;
    }
    return s[n] == '\0';
}

static int _request(struct hl_options *opt, enum hl_mem_request_kind kind,
                    const char *name, const char *value)
{
    if (opt->req.kind != HL_REQ_NONE && opt->req.kind != kind) {
        fprintf(stderr, "%s: --mem and --mem-per-cpu exclude each other\n",
                HL_PROGRAM);
        return _try_help();
    }
    if (hl_parse_slurm_size(value, &opt->req.bytes) < 0)
        return _bad(name, value,
                    "a Slurm size: a whole number, K, M, G or T, such as "
                    "4000, 4000M, 4G; 0 for the whole node");
    opt->req.kind = kind;
    opt->req.whole_node = opt->req.bytes == 0;
    snprintf(opt->req.source, sizeof(opt->req.source), "given");
    return -1;
}

/* A whole percentage from 0 to 1000, with or without its '%': 0, or -1. */
static int _percent(const char *arg, uint64_t *v)
{
    size_t len = strlen(arg);
    char pct[16];

    if (len && arg[len - 1] == '%')
        len--;
    if (len == 0 || len >= sizeof(pct))
        return -1;
    memcpy(pct, arg, len);
    pct[len] = '\0';
    return hl_cli_number(pct, 1000, v);
}

/* One more file or folder of the run OLD. Returns -1 to go on, or 2 when
 * memory runs out. */
static int _compare(struct hl_options *opt, const char *arg)
{
    char **more;

    if (!arg[0])
        return _bad("--compare", arg, "a file or folder of records");
    more = realloc(opt->compare, (size_t)(opt->ncompare + 1) * sizeof(*more));
    if (!more) {
        fprintf(stderr, "%s: out of memory\n", HL_PROGRAM);
        return 2;
    }
    opt->compare = more;
    opt->compare[opt->ncompare++] = (char *)arg;
    return -1;
}

static int _option(void *opts, int c, const char *arg)
{
    struct hl_options *opt = opts;
    uint64_t v;
    int choice, status;

    switch (c) {
    case _OPT_TOP:
        if (hl_cli_number(arg, SIZE_MAX - 1, &v) < 0 || v == 0)
            return _bad("--top", arg, "a whole number of ranks, 1 or more");
        opt->top = (size_t)v;
        return -1;
    case _OPT_ALL:
        opt->top = SIZE_MAX;
        return -1;
    case _OPT_MEM:
        return _request(opt, HL_REQ_MEM, "--mem", arg);
    case _OPT_MEM_PER_CPU:
        return _request(opt, HL_REQ_MEM_PER_CPU, "--mem-per-cpu", arg);
    case _OPT_CPUS_PER_TASK:
        if (hl_cli_number(arg, 65535, &v) < 0 || v == 0)
            return _bad("--cpus-per-task", arg, "a number of CPUs, 1 or more");
        opt->cpus_per_task = (uint32_t)v;
        return -1;
    case _OPT_MARGIN:
        if (_percent(arg, &v) < 0)
            return _bad("--margin", arg, "a percentage from 0 to 1000");
        opt->margin_pct = (unsigned)v;
        return -1;
    case 'j':
        if (!_job_ok(arg))
            return _bad("--job", arg, "a Slurm job id such as 1234 or 1234.0");
        opt->job = arg;
        return -1;
    case _OPT_NO_SACCT:
        opt->no_sacct = true;
        return -1;
    case _OPT_SACCT:
        if (hl_sacct_given(arg, 0, &(struct hl_step_rss){0}) < 0)
            return _bad("--sacct", arg,
                        "a sacct row JOB.STEP|MAXRSS|NODE|TASK, none, "
                        "timeout, failed or later");
        opt->sacct = arg;
        return -1;
    case _OPT_SLURM_TIMEOUT:
        if (hl_cli_number(arg, 3600, &v) < 0 || v == 0)
            return _bad("--slurm-timeout", arg, "seconds, from 1 to 3600");
        opt->slurm_timeout_ms = (int)v * 1000;
        return -1;
    case _OPT_FORMAT:
        if ((status = hl_cli_choice(HL_PROGRAM, "--format", arg, _formats,
                                    &choice)) != 0)
            return status;
        opt->format = (enum hl_output_format)choice;
        return -1;
    case _OPT_CALLSITES:
        if (hl_cli_number(arg, 100000, &v) < 0)
            return _bad("--sites", arg, "a number of sites, 0 or more");
        opt->callsites = (size_t)v;
        return -1;
    case _OPT_TIMELINE:
        opt->timeline = true;
        return -1;
    case _OPT_HTML:
        if (!arg[0])
            return _bad("--html", arg, "a file name");
        opt->html = arg;
        return -1;
    case _OPT_COMPARE:
        return _compare(opt, arg);
    case _OPT_FAIL_IF_GROWN:
        if (_percent(arg, &v) < 0)
            return _bad("--fail-if-grown", arg, "a percentage from 0 to 1000");
        opt->fail_if_grown_pct = (int)v;
        return -1;
    case _OPT_PREDICT:
        if (hl_cli_number(arg, HL_PREDICT_MAX_RANKS, &v) < 0 || v == 0)
            return _bad("--predict", arg, "a number of ranks, 1 or more");
        opt->predict = (uint32_t)v;
        return -1;
    case _OPT_SCALING:
        if ((status = hl_cli_choice(HL_PROGRAM, "--scaling", arg, _scalings,
                                    &choice)) != 0)
            return status;
        opt->scaling = (enum hl_scaling)(choice + 1);
        return -1;
    case _OPT_NODES:
        if (hl_cli_number(arg, HL_PREDICT_MAX_RANKS, &v) < 0 || v == 0)
            return _bad("--nodes", arg, "a number of nodes, 1 or more");
        opt->nodes = (uint32_t)v;
        return -1;
    default:
        return _try_help();
    }
}

/* "PROGRAM: --a and --b exclude each other", or "--a needs --b". */
static int _conflict(const char *a, const char *b, const char *how)
{
    fprintf(stderr, "%s: %s %s %s\n", HL_PROGRAM, a, how, b);
    return _try_help();
}

/* What --compare and --predict allow of the others: a report of one run's
 * options, given for two runs or several, would say nothing clear. */
static int _modes(const struct hl_options *opt)
{
    const char *mode = opt->compare ? "--compare" : "--predict";

    if (opt->compare && opt->predict)
        return _conflict("--compare", "--predict", "excludes");
    if (opt->fail_if_grown_pct >= 0 && !opt->compare)
        return _conflict("--fail-if-grown", "--compare", "needs");
    if (!opt->predict && (opt->scaling || opt->nodes))
        return _conflict(opt->scaling ? "--scaling" : "--nodes", "--predict",
                         "needs");
    if (opt->predict && !opt->scaling) {
        fprintf(stderr,
                "%s: --predict needs --scaling=strong (the same problem split "
                "among more ranks) or --scaling=weak (the problem grown with "
                "the ranks)\n",
                HL_PROGRAM);
        return _try_help();
    }
    if (!opt->compare && !opt->predict)
        return -1;
    if (opt->job)
        return _conflict(mode, "--job", "excludes");
    if (opt->sacct)
        return _conflict(mode, "--sacct", "excludes");
    if (opt->timeline)
        return _conflict(mode, "--timeline", "excludes");
    if (opt->format == HL_FORMAT_FOLDED)
        return _conflict(mode, "--format=folded", "excludes");
    return -1;
}

int hl_parse_cli(int argc, char **argv, struct hl_options *opt)
{
    static const struct hl_cli cli = {HL_PROGRAM, _usage,  "j:hV",
                                      _long,      _option, "FILE or DIR"};

    int status;

    memset(opt, 0, sizeof(*opt));
    opt->top = HL_DEFAULT_TOP;
    opt->callsites = HL_DEFAULT_CALLSITES;
    opt->margin_pct = HL_DEFAULT_MARGIN_PCT;
    opt->slurm_timeout_ms = HL_DEFAULT_SLURM_TIMEOUT_S * 1000;
    opt->fail_if_grown_pct = -1;
    status = hl_cli_parse(&cli, argc, argv, opt, &opt->paths, &opt->npaths);
    if (status < 0)
        status = _modes(opt);
    if (status >= 0)
        hl_options_free(opt);
    return status;
}

void hl_options_free(struct hl_options *opt)
{
    free(opt->compare);
    opt->compare = NULL;
    opt->ncompare = 0;
}
