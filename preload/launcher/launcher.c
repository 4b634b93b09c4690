/* heapline, the launcher: runs a program with libheapline.so first in
 * LD_PRELOAD, and replaces itself with it (exec), so that no wrapper
 * process is measured. A small C program and no shell script: run where
 * LD_PRELOAD already holds the library (inside srun --heapline), a shell
 * and its subshells were measured and left records of their own. */
#define _GNU_SOURCE
#include "config.h"
#include "callsites/callsites_rate.h"
#include "launcher_library.h"
#include "launcher_output.h"
#include "launcher_target.h"
#include "record/record_stream.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* doc/heapline.1 lists the same options; a test compares them. */
static const char _usage[] =
    "Usage: heapline [OPTION]... PROGRAM [ARGUMENT]...\n"
    "Run PROGRAM with the heapline library preloaded. At exit, each process\n"
    "it starts prints a summary line on stderr, and writes a record if an\n"
    "output file is given.\n"
    "\n"
    "  -o, --output=FILE   write the record of each process to FILE\n"
    "                      (sets HEAPLINE_OUTPUT; %p %r %j %s %t %N %u %%\n"
    "                      are expanded; /dev/stderr: to standard error)\n"
    "  -q, --quiet         no summary line on stderr (sets HEAPLINE_QUIET=1)\n"
    "      --sites[=RATE]  sample allocation sites (the default), one per\n"
    "                      RATE bytes allocated on average (default 512K;\n"
    "                      sets HEAPLINE_SITES=1 and HEAPLINE_SITES_RATE)\n"
    "      --no-sites      no allocation sites (sets HEAPLINE_SITES=0)\n"
    "  -h, --help          print this help and exit\n"
    "  -V, --version       print the version and exit\n"
    "\n"
    "The library is put first in LD_PRELOAD; entries already there are kept\n"
    "after it. HEAPLINE_LIBRARY, if set, names the library to use. A PROGRAM\n"
    "that LD_PRELOAD cannot reach (statically linked, setuid or setgid, with\n"
    "file capabilities) is run all the same, unmeasured, after a line that\n"
    "says why.\n"
    "\n"
    "Exit status: that of PROGRAM; 2 for a usage error; 1 if the library is\n"
    "not found; 126 or 127 if PROGRAM cannot be run.\n";

enum { _OPT_CALLSITES = 256, _OPT_NO_CALLSITES };

static const struct option _long[] = {
    {"output", required_argument, NULL, 'o'},
    {"quiet", no_argument, NULL, 'q'},
    {"sites", optional_argument, NULL, _OPT_CALLSITES},
    {"no-sites", no_argument, NULL, _OPT_NO_CALLSITES},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

static int _usage_error(const char *what)
{
    if (what)
        fprintf(stderr, "heapline: %s\n", what);
    fprintf(stderr, "Try 'heapline --help' for more information.\n");
    return 2;
}

/* Where LD_PRELOAD already holds a heapline library, the launcher itself
 * runs measured: it would leave a provisional record, and a summary line
 * and a record if it exits (a usage error, a program not found). It runs
 * itself again once without it; the library goes back in front of the
 * program below. Without /proc it goes on as it is. */
static void _run_unmeasured(char **argv, const char *lib)
{
    int removed;
    char *rest =
        hl_preload_without_heapline(getenv("LD_PRELOAD"), lib, &removed);

    if (!rest || !removed) {
        free(rest);
        return;
    }
    if (rest[0])
        setenv("LD_PRELOAD", rest, 1);
    else
        unsetenv("LD_PRELOAD");
    free(rest);
    execv("/proc/self/exe", argv);
}

static int _preload(const char *lib)
{
    const char *old = getenv("LD_PRELOAD");
    char *list;
    int failed;

    if (old && *old) {
        if (asprintf(&list, "%s:%s", lib, old) < 0)
            return -1;
    } else if (!(list = strdup(lib))) {
        return -1;
    }
    failed = setenv("LD_PRELOAD", list, 1);
    free(list);
    return failed;
}

/* As a shell says it: 127 for a program not found, 126 for one found but
 * not executable. */
static int _cannot_run(const char *name, int err)
{
    struct stat st;

    if (err == ENOENT && !strchr(name, '/')) {
        fprintf(stderr, "heapline: %s: command not found\n", name);
        return 127;
    }
    if (err == EACCES && stat(name, &st) == 0 && S_ISDIR(st.st_mode))
        err = EISDIR;
    fprintf(stderr, "heapline: %s: %s\n", name, strerror(err));
    return err == ENOENT ? 127 : 126;
}

/* Whether the library's setting `name` is on, as it reads it. */
static int _set(const char *name)
{
    const char *v = getenv(name);

    return v && *v && strcmp(v, "0") != 0;
}

/* What the user should know of the program before it runs: that it
 * cannot be measured, or that it is a shell script, each of whose
 * processes is measured on its own, and gives what each gives (as the
 * environment the program gets says: -o and -q are in it). */
static void _say_what_it_is(const char *name)
{
    char path[PATH_MAX], why[3 * PATH_MAX], shell[64];
    const char *output = getenv("HEAPLINE_OUTPUT");
    int record = output && *output, summary = !_set("HEAPLINE_QUIET");

    if (hl_target_resolve(name, path) < 0)
        return;
    if (hl_target_unmeasurable(path, why, sizeof(why)))
        fprintf(stderr, "heapline: %s\n", why);
    else if (hl_target_shell_script(path, shell, sizeof(shell)))
        fprintf(stderr,
                "heapline: %s is a %s script: the shell and each program it "
                "runs are measured, each process %s; to measure one program "
                "alone, give heapline that program's own path\n",
                path, shell,
                record && summary
                    ? "with a summary line and a record of its own"
                : record  ? "with a record of its own"
                : summary ? "with a summary line of its own"
                          : "on its own");
}

int main(int argc, char **argv)
{
    char lib[PATH_MAX], why[PATH_MAX + 64];
    const char *output = NULL, *callsites_rate = NULL, *unusable;
    /* HEAPLINE_SITES as --sites or --no-sites set it, the last given. */
    const char *callsites = NULL;
    int found = hl_launcher_library(lib) == 0;
    int quiet = 0, c;

    _run_unmeasured(argv, found ? lib : NULL);
    /* getopt's own messages start with argv[0]: "heapline: ...", not the
     * launcher's full path. */
    argv[0] = (char *)"heapline";
    while ((c = getopt_long(argc, argv, "+o:qhV", _long, NULL)) != -1) {
        switch (c) {
        case 'o':
            if (!*optarg)
                return _usage_error("the FILE of --output is empty");
            if (hl_record_stream_fd(optarg) == 1) {
                fprintf(stderr,
                        "heapline: -o %s: no record on standard output, where "
                        "the program and what it runs write their own data; "
                        "write it to a file (-o run.csv) or to standard "
                        "error (-o /dev/stderr)\n",
                        optarg);
                return _usage_error(NULL);
            }
            if (hl_output_unwritable(optarg, why, sizeof(why))) {
                fprintf(stderr, "heapline: -o %s: %s\n", optarg, why);
                return _usage_error(NULL);
            }
            output = optarg;
            break;
        case 'q':
            quiet = 1;
            break;
        case _OPT_CALLSITES:
            if (optarg && !hl_callsites_parse_rate(optarg)) {
                fprintf(stderr,
                        "heapline: --sites: bad value '%s' (a size in bytes "
                        "up to 1T, such as 512K or 4M)\n",
                        optarg);
                return _usage_error(NULL);
            }
            callsites = "1";
            callsites_rate = optarg;
            break;
        case _OPT_NO_CALLSITES:
            callsites = "0";
            callsites_rate = NULL;
            break;
        case 'h':
            fputs(_usage, stdout);
            return 0;
        case 'V':
            printf("heapline (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
            return 0;
        default:
            return _usage_error(NULL);
        }
    }
    if (optind == argc)
        return _usage_error("no PROGRAM given");
    if (!found) {
        fprintf(stderr, "heapline: library not found: %s\n", lib);
        return 1;
    }
    if (strpbrk(lib, " :")) {
        fprintf(stderr,
                "heapline: LD_PRELOAD cannot hold a path with a space or "
                "colon: %s\n",
                lib);
        return 1;
    }
    if ((output && setenv("HEAPLINE_OUTPUT", output, 1)) ||
        (quiet && setenv("HEAPLINE_QUIET", "1", 1)) ||
        (callsites && setenv("HEAPLINE_SITES", callsites, 1)) ||
        (callsites_rate && setenv("HEAPLINE_SITES_RATE", callsites_rate, 1))) {
        perror("heapline");
        return 1;
    }
    unusable = hl_library_unusable(lib);
    if (unusable) {
        fprintf(stderr,
                "heapline: library %s is %s, not a shared object of this "
                "machine: running %s unmeasured\n",
                lib, unusable, argv[optind]);
    } else {
        if (_preload(lib)) {
            perror("heapline");
            return 1;
        }
        _say_what_it_is(argv[optind]);
    }
    execvp(argv[optind], argv + optind);
    return _cannot_run(argv[optind], errno);
}
