#include "site_cli.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "shared/cli_common.h"
#include "site_needs.h"

/* doc/heapline-site.1 lists the same options; a test compares them. */
static const char _usage[] =
    "Usage: heapline-site [OPTION]... DIR...\n"
    "Read the site's summary lines of measured steps (the folder of the SPANK\n"
    "plugin's site=DIR) and report, per user, per account and per partition,\n"
    "the memory requested and used, the steps the OOM killer ended, the jobs\n"
    "that wasted most, and advice from history: per user and per job name,\n"
    "the --mem per node that would have covered most of their steps, what it\n"
    "would have saved and how many steps it would have killed. As text, JSON,\n"
    "CSV, an HTML page or OpenMetrics, and a note per user (--notes).\n"
    "\n"
    "      --since=TIME    lines of steps that ended at TIME or later:\n"
    "                      YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], UTC\n"
    "      --until=TIME    lines of steps that ended before TIME\n"
    "      --top=N         show the N jobs that wasted most (default 10)\n"
    "      --all-users     every user's lines (default for root; other\n"
    "                      users see their own unless they give it)\n"
    "      --cover=PCT     the advice covers this share of the measured\n"
    "                      steps' needs on a node (default 95%)\n"
    "      --format=FORMAT text (default), json, csv, html (one page with\n"
    "                      no external resource) or openmetrics (the\n"
    "                      Prometheus text format, for node_exporter)\n"
    "      --output=FILE   write the report to FILE, replaced whole when\n"
    "                      done (a new file renamed over it), not stdout\n"
    "      --notes=DIR     make DIR and write there a note per user with\n"
    "                      advice, DIR/USER.txt, worded for the user\n"
    "  -h, --help          print this help and exit\n"
    "  -V, --version       print the version and exit\n"
    "\n"
    "Exit status: 0 when every line was good, 1 when some were skipped\n"
    "(each named on stderr), 2 when nothing could be read or an option was\n"
    "wrong.\n";

enum {
    _OPT_SINCE = 256,
    _OPT_UNTIL,
    _OPT_TOP,
    _OPT_ALL_USERS,
    _OPT_FORMAT,
    _OPT_COVER,
    _OPT_OUTPUT,
    _OPT_NOTES
};

static const struct option _long[] = {
    {"since", required_argument, NULL, _OPT_SINCE},
    {"until", required_argument, NULL, _OPT_UNTIL},
    {"top", required_argument, NULL, _OPT_TOP},
    {"all-users", no_argument, NULL, _OPT_ALL_USERS},
    {"format", required_argument, NULL, _OPT_FORMAT},
    {"cover", required_argument, NULL, _OPT_COVER},
    {"output", required_argument, NULL, _OPT_OUTPUT},
    {"notes", required_argument, NULL, _OPT_NOTES},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

static int _bad(const char *option, const char *value, const char *want)
{
    return hl_cli_bad(HL_SITE_PROGRAM, option, value, want);
}

/* --format's words, in the order of enum hl_site_out. */
static const char *const _formats[] = {"text", "json",        "csv",
                                       "html", "openmetrics", NULL};

/* n digits at s as a number, or -1. */
static int _digits(const char *s, int n)
{
    int v = 0;

    for (int i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

int hl_site_parse_time(const char *s, int64_t *out)
{
    struct tm tm = {0}, back;
    size_t len = strlen(s);
    time_t t;

    if ((len != 10 && len != 16 && len != 19) || s[4] != '-' || s[7] != '-')
        return -1;
    tm.tm_year = _digits(s, 4) - 1900;
    tm.tm_mon = _digits(s + 5, 2) - 1;
    tm.tm_mday = _digits(s + 8, 2);
    if (len > 10) {
        if (s[10] != 'T' || s[13] != ':' || (len == 19 && s[16] != ':'))
            return -1;
        tm.tm_hour = _digits(s + 11, 2);
        tm.tm_min = _digits(s + 14, 2);
        tm.tm_sec = len == 19 ? _digits(s + 17, 2) : 0;
    }
    if (tm.tm_year < 0 || tm.tm_mon < 0 || tm.tm_mday < 0 || tm.tm_hour < 0 ||
        tm.tm_min < 0 || tm.tm_sec < 0)
        return -1;
    back = tm;
    t = timegm(&tm);
    /* timegm normalises 2026-02-31 into March: refuse what moved */
    if (tm.tm_mday != back.tm_mday || tm.tm_mon != back.tm_mon ||
        tm.tm_hour != back.tm_hour || tm.tm_min != back.tm_min ||
        tm.tm_sec != back.tm_sec)
        return -1;
    *out = (int64_t)t;
    return 0;
}

int hl_site_parse_cover(const char *s, unsigned *out)
{
    unsigned v = 0, decimals = 0;
    const char *p = s;

    for (; *p >= '0' && *p <= '9' && v <= 100; p++)
        v = v * 10 + (unsigned)(*p - '0');
    if (p == s)
        return -1;
    v *= 100;
    if (*p == '.') {
        for (p++; *p >= '0' && *p <= '9' && decimals < 2; p++, decimals++)
            v += (unsigned)(*p - '0') * (decimals ? 1 : 10);
        if (!decimals)
            return -1;
    }
    if (*p == '%')
        p++;
    if (*p || !v || v > HL_SITE_COVER_FULL)
        return -1;
    *out = v;
    return 0;
}

static int _option(void *opts, int c, const char *arg)
{
    struct hl_site_options *opt = opts;
    uint64_t v;
    int choice, status;

    switch (c) {
    case _OPT_SINCE:
        if (hl_site_parse_time(arg, &opt->since) < 0)
            return _bad("--since", arg, "YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS");
        return -1;
    case _OPT_UNTIL:
        if (hl_site_parse_time(arg, &opt->until) < 0)
            return _bad("--until", arg, "YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS");
        return -1;
    case _OPT_TOP:
        if (hl_cli_number(arg, 100000, &v) < 0)
            return _bad("--top", arg, "a number of jobs from 0 to 100000");
        opt->top = (size_t)v;
        return -1;
    case _OPT_ALL_USERS:
        opt->all_users = true;
        return -1;
    case _OPT_FORMAT:
        if ((status = hl_cli_choice(HL_SITE_PROGRAM, "--format", arg, _formats,
                                    &choice)) != 0)
            return status;
        opt->out = (enum hl_site_out)choice;
        return -1;
    case _OPT_COVER:
        if (hl_site_parse_cover(arg, &opt->cover) < 0)
            return _bad("--cover", arg, "a share above 0 and at most 100%");
        return -1;
    case _OPT_OUTPUT:
        opt->output = arg;
        return -1;
    case _OPT_NOTES:
        opt->notes = arg;
        return -1;
    default:
        return hl_cli_try_help(HL_SITE_PROGRAM);
    }
}

int hl_site_parse_cli(int argc, char **argv, struct hl_site_options *opt)
{
    static const struct hl_cli cli = {HL_SITE_PROGRAM, _usage,  "hV",
                                      _long,           _option, "DIR"};
    int status;

    memset(opt, 0, sizeof(*opt));
    opt->since = INT64_MIN;
    opt->until = INT64_MAX;
    opt->top = HL_SITE_DEFAULT_TOP;
    opt->cover = HL_SITE_DEFAULT_COVER;
    if ((status =
             hl_cli_parse(&cli, argc, argv, opt, &opt->dirs, &opt->ndirs)) >= 0)
        return status;
    if (opt->since >= opt->until) {
        fprintf(stderr, "%s: --since is not before --until\n", HL_SITE_PROGRAM);
        return 2;
    }
    return -1;
}
