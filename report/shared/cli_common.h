/* What the command lines of heapline-report and heapline-site share: the
 * words of a usage error, numbers and choices checked the same way, --help
 * and --version, and the loop over the options. */
#ifndef HEAPLINE_REPORT_CLI_COMMON_H
#define HEAPLINE_REPORT_CLI_COMMON_H

#include <getopt.h>
#include <stdint.h>

/* The last line of every usage error, in the launcher's words; returns 2,
 * the status of a wrong option. */
int hl_cli_try_help(const char *program);

/* "PROGRAM: OPTION: bad value 'VALUE' (WANT)", then hl_cli_try_help. */
int hl_cli_bad(const char *program, const char *option, const char *value,
               const char *want);

/* s as a whole number of at most max: 0, or -1. */
int hl_cli_number(const char *s, uint64_t max, uint64_t *out);

/* The index of s among words (NULL-terminated) into *out: 0, or
 * hl_cli_bad's status with the words listed as what was wanted. */
int hl_cli_choice(const char *program, const char *option, const char *s,
                  const char *const *words, int *out);

/* What a program's options are: its name, usage text and getopt tables,
 * and a function that takes one option into opts (-1 to go on, else the
 * status to exit with). */
struct hl_cli {
    const char *program;
    const char *usage;
    const char *shortopts;
    const struct option *longopts;
    int (*option)(void *opts, int c, const char *arg);
    const char *operands; /* for "no FILE or DIR given" */
};

/* Reads argv's options into opts, then its operands into *operands and
 * *count (one at least): -1 to go on, else the status to exit with (0
 * after --help and --version, 2 after a usage error). */
int hl_cli_parse(const struct hl_cli *cli, int argc, char **argv, void *opts,
                 char ***operands, int *count);

#endif
