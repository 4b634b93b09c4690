/* What the two programs' command lines share (see cli_common.h). */
#include "cli_common.h"

#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "config.h"
#include "decimal.h"

int hl_cli_try_help(const char *program)
{
    fprintf(stderr, "Try '%s --help' for more information.\n", program);
    return 2;
}

int hl_cli_bad(const char *program, const char *option, const char *value,
               const char *want)
{
    fprintf(stderr, "%s: %s: bad value '%s' (%s)\n", program, option, value,
            want);
    return hl_cli_try_help(program);
}

int hl_cli_number(const char *s, uint64_t max, uint64_t *out)
{
    return hl_parse_u64(s, strlen(s), out) < 0 || *out > max ? -1 : 0;
}

int hl_cli_choice(const char *program, const char *option, const char *s,
                  const char *const *words, int *out)
{
    char want[256];
    struct hl_buf b;

    for (int i = 0; words[i]; i++)
        if (strcmp(s, words[i]) == 0) {
            *out = i;
            return 0;
        }
    hl_buf_init(&b, want, sizeof(want));
    for (int i = 0; words[i]; i++) {
        hl_buf_str(&b, i == 0 ? "" : words[i + 1] ? ", " : " or ");
        hl_buf_str(&b, words[i]);
    }
    return hl_cli_bad(program, option, s, want);
}

int hl_cli_parse(const struct hl_cli *cli, int argc, char **argv, void *opts,
                 char ***operands, int *count)
{
    int c;

    /* getopt names the program by argv[0] in its messages: by its name,
     * not by the path it was run from. */
    argv[0] = (char *)cli->program;
    while ((c = getopt_long(argc, argv, cli->shortopts, cli->longopts, NULL)) !=
           -1) {
        int status;

        switch (c) {
        case 'h':
            fputs(cli->usage, stdout);
            return 0;
        case 'V':
            printf("%s (%s) %s\n", cli->program, PACKAGE_NAME, PACKAGE_VERSION);
            return 0;
        case '?':
            return hl_cli_try_help(cli->program);
        }
        if ((status = cli->option(opts, c, optarg)) >= 0)
            return status;
    }
    if (optind == argc) {
        fprintf(stderr, "%s: no %s given\n", cli->program, cli->operands);
        return hl_cli_try_help(cli->program);
    }
    *operands = argv + optind;
    *count = argc - optind;
    return -1;
}
