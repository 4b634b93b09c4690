/*
 * The plugstack.conf arguments of the heapline SPANK plugin, one table
 * from which the parser, the defaults, the list of known keys and the
 * documentation's list (tests/spank/plugin/spank-args-doc.sh) all come.
 */
#ifndef HL_SPANK_PLUGIN_ARGS_H
#define HL_SPANK_PLUGIN_ARGS_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

struct hl_plugin_args {
    char lib[PATH_MAX];       /* libheapline.so preloaded into each task */
    char report[PATH_MAX];    /* heapline-report run by srun at step end */
    char dir[PATH_MAX];       /* where step folders go, a filename pattern */
    char site[PATH_MAX];      /* the site's summary lines, "" when off */
    bool default_on;          /* measure every step without --heapline */
    bool quiet;               /* HEAPLINE_QUIET=1 in each task */
    bool callsites;           /* HEAPLINE_SITES=1 in each task, else 0 */
    bool run_report;          /* srun runs the report at step end */
    unsigned timeout_s;       /* longest wait for the report */
    unsigned sacct_wait_s;    /* longest wait for sacct's row; 0: none */
    bool layout_node;         /* one merged file per node in the step folder */
    char local_dir[PATH_MAX]; /* where node-local folders go; "": TmpFS */
};

/* What a value is, and how it is read into its field. */
struct hl_arg_type {
    const char *form; /* as the documentation writes it: PATH, on|off... */
    /* Sets the field from value; NULL, or why value was refused. */
    const char *(*parse)(void *field, const char *value);
};

struct hl_plugin_arg {
    const char *key;
    const struct hl_arg_type *type;
    size_t offset;    /* of its field in struct hl_plugin_args */
    const char *def;  /* the default, as plugstack.conf would write it */
    const char *help; /* one line, as doc/admin.md's table says it */
};

extern const struct hl_plugin_arg hl_plugin_arg_table[];
extern const size_t hl_plugin_arg_count;

/* Receives one complete message per problem found in the arguments. */
typedef void (*hl_warn_fn)(const char *msg);

/*
 * Fills in the table's defaults, with the library and the report found
 * beside the plugin where they are (install_paths.h), else the configured
 * install paths; returns the number of defaults that their own parser
 * refused (0 in a good build).
 */
int hl_plugin_args_defaults(struct hl_plugin_args *args);

/*
 * Applies plugstack.conf arguments (key=value) over the current values.
 * A bad argument is reported through warn and leaves its setting
 * unchanged, so that a typo never stops a job. Returns the number of bad
 * arguments.
 */
int hl_plugin_args_parse(struct hl_plugin_args *args, int argc, char **argv,
                         hl_warn_fn warn);

/* Parses on/off, yes/no, true/false, 1/0; returns -1 for anything else. */
int hl_parse_bool(const char *word);

#endif
