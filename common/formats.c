/* The formats' column arrays, made from their tables. */
#include "exit_format.h"
#include "merged_format.h"
#include "node_format.h"
#include "record_format.h"
#include "site_format.h"

/* The empty mask has one bit per column, and comes first (columns.h). */
_Static_assert(HL_REC_NCOLUMNS <= HL_MAX_COLUMNS &&
                   HL_EXIT_NCOLUMNS <= HL_MAX_COLUMNS &&
                   HL_NODE_NCOLUMNS <= HL_MAX_COLUMNS &&
                   HL_MERGED_NCOLUMNS <= HL_MAX_COLUMNS &&
                   HL_SITE_NCOLUMNS <= HL_MAX_COLUMNS,
               "a format has more columns than its empty mask holds");
_Static_assert(offsetof(struct hl_record_row, empty) == 0 &&
                   offsetof(struct hl_exit_row, empty) == 0 &&
                   offsetof(struct hl_node_row, empty) == 0 &&
                   offsetof(struct hl_merged_row, empty) == 0 &&
                   offsetof(struct hl_site_row, empty) == 0,
               "the empty mask is not first");

#define _RECORD(...) HL_COLUMN_DESC(struct hl_record_row, __VA_ARGS__)
static const struct hl_column _record_columns[] = {HL_RECORD_COLUMNS(_RECORD)};
const struct hl_format hl_record_format = {"# heapline ", 1, "record",
                                           _record_columns, HL_REC_NCOLUMNS};

const char *const hl_exit_status_words[] = {
    [HL_STATUS_EXITED] = "exited",
    [HL_STATUS_SIGNALED] = "signaled",
    [HL_STATUS_UNKNOWN] = "unknown",
    NULL,
};

#define _EXIT(...) HL_COLUMN_DESC(struct hl_exit_row, __VA_ARGS__)
static const struct hl_column _exit_columns[] = {HL_EXIT_COLUMNS(_EXIT)};
const struct hl_format hl_exit_format = {"# heapline exit ", 1, "exit file",
                                         _exit_columns, HL_EXIT_NCOLUMNS};

#define _NODE(...) HL_COLUMN_DESC(struct hl_node_row, __VA_ARGS__)
static const struct hl_column _node_columns[] = {HL_NODE_COLUMNS(_NODE)};
const struct hl_format hl_node_format = {"# heapline node ", 1, "node file",
                                         _node_columns, HL_NODE_NCOLUMNS};

#define _MERGED(...) HL_COLUMN_DESC(struct hl_merged_row, __VA_ARGS__)
static const struct hl_column _merged_columns[] = {HL_MERGED_COLUMNS(_MERGED)};
const struct hl_format hl_merged_format = {"# heapline merged ", 1,
                                           "merged node file", _merged_columns,
                                           HL_MERGED_NCOLUMNS};

#define _SITE(...) HL_COLUMN_DESC(struct hl_site_row, __VA_ARGS__)
static const struct hl_column _site_columns[] = {HL_SITE_COLUMNS(_SITE)};
const struct hl_format hl_site_format = {"# heapline site ", 1, "site file",
                                         _site_columns, HL_SITE_NCOLUMNS};
