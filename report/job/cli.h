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

/* How the runs of --predict grew: the same problem split among more
 * ranks, or the problem grown with them. */
enum hl_scaling { HL_SCALING_NONE, HL_SCALING_STRONG, HL_SCALING_WEAK };

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
    char **paths;     /* the run reported, NEW with --compare, the RUNs of
                         --predict */
    int npaths;
    char **compare; /* --compare: the OLD run's files and folders; NULL:
                       none */
    int ncompare;
    int fail_if_grown_pct; /* --fail-if-grown; -1: not given */
    uint32_t predict;      /* --predict: the ranks to predict for; 0: none */
    enum hl_scaling scaling;
    uint32_t nodes; /* --nodes with --predict; 0: as the runs had */
};

/* Returns -1 to go on with the report, else the exit status (after --help,
 * --version, or a bad option, which it has reported). */
int hl_parse_cli(int argc, char **argv, struct hl_options *opt);

void hl_options_free(struct hl_options *opt);

#endif
