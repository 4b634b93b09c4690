/* The command line of heapline-report. */
#ifndef HEAPLINE_REPORT_CLI_H
#define HEAPLINE_REPORT_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report.h"

#define HL_DEFAULT_TOP 10
#define HL_DEFAULT_MARGIN_PCT 10
#define HL_DEFAULT_SLURM_TIMEOUT_S 10

enum hl_output_format {
    HL_FORMAT_TEXT,
    HL_FORMAT_JSON,
    HL_FORMAT_CSV,
    HL_FORMAT_FOLDED,
    HL_FORMAT_HTML
};

struct hl_options {
    size_t top; /* SIZE_MAX for --all */
    struct hl_mem_request req;
    uint32_t cpus_per_task; /* 0 when not given */
    unsigned margin_pct;
    const char *job;
    bool no_sacct;
    const char *sacct; /* --sacct: sacct's answer, given */
    int slurm_timeout_ms;
    enum hl_output_format format;
    size_t callsites; /* allocation sites to show */
    bool timeline;    /* the timelines' chart, or their series */
    const char *html; /* --html: the page written there too; NULL: none */
    char **paths;
    int npaths;
};

/* Returns -1 to go on with the report, else the exit status (after --help,
 * --version, or a bad option, which it has reported). */
int hl_parse_cli(int argc, char **argv, struct hl_options *opt);

#endif
