/* The machinery behind every file format that the parts exchange (the
 * record, the exit file, the node file), and behind the report's own CSV
 * outputs (report/job/csv/csv_out.c, report/site/site_csv.c): each format
 * is one X-macro table
 * of columns, X(member, "name", TYPE, flags, "meaning"), from which come
 *   - a struct of values, one member per column (TYPE's C type),
 *   - an enum of the columns, in the table's order,
 *   - a const array of struct hl_column that the writer (format_write.h),
 *     the reader (format_read.h) and the report's outputs iterate.
 * Adding a column is one line in its table: the writer writes it, the
 * reader reads it, and tests/common/round_trip checks both.
 *
 * TYPEs: INT (int64_t), COUNT (uint64_t), MS (int64_t milliseconds,
 * written as seconds with three decimals), NS (int64_t nanoseconds, as
 * seconds with nine decimals), CENTI and MICRO (int64_t hundredths and
 * millionths, written with two and six decimals: the report's own CSV
 * outputs), TEXT (const char *, quoted as CSV requires), and word types
 * (an int, the index of one of a fixed list of words: see
 * exit_format.h). A negative time or decimal is written 0. */
#ifndef HEAPLINE_COMMON_COLUMNS_H
#define HEAPLINE_COMMON_COLUMNS_H

#include <stddef.h>
#include <stdint.h>

enum hl_col_kind {
    HL_COL_INT,
    HL_COL_COUNT,
    HL_COL_MS,
    HL_COL_NS,
    HL_COL_CENTI,
    HL_COL_MICRO,
    HL_COL_TEXT,
    HL_COL_WORD
};

/* Flags of a column. */
#define HL_COL_OPTIONAL 1u   /* a file may lack it (files of older versions) */
#define HL_COL_EMPTY 2u      /* its field may be empty: the figure is unknown */
#define HL_COL_LIVE 4u       /* rewritten in place in the provisional record */
#define HL_COL_UNFINISHED 8u /* only in the provisional record */
#define HL_COL_CALLSITES                                                       \
    16u /* only with allocation sites on (doc/sites.md)                        \
         */
#define HL_COL_SERIES                                                          \
    32u /* a series over time: in the report's CSV only                        \
           when asked for */
/* Optional, and newer than the format's other optional columns: a file may
 * have those and lack it. */
#define HL_COL_LATER 64u

struct hl_column {
    const char *name; /* in the header line */
    enum hl_col_kind kind;
    unsigned flags;
    size_t offset;            /* of its member in the format's struct */
    const char *const *words; /* HL_COL_WORD: the words, NULL-terminated */
    const char *meaning;
};

/* The most columns a format may have (its empty mask is 64 bits). */
#define HL_MAX_COLUMNS 64

struct hl_format {
    const char *magic; /* the first line, less the version: "# heapline " */
    unsigned version;  /* the newest this code writes and reads */
    const char *kind;  /* for messages: "record", "exit file" */
    const struct hl_column *columns;
    unsigned ncolumns;
};

/* Each format's struct starts with a uint64_t mask of these bits: bit c
 * set means that column c's field is empty (unknown, or absent from the
 * file read). A text column is empty when its pointer is NULL too. */
#define HL_EMPTY(column) ((uint64_t)1 << (column))

static inline uint64_t hl_row_empty(const void *row)
{
    return *(const uint64_t *)row;
}

#define HL_CTYPE_INT int64_t
#define HL_CTYPE_COUNT uint64_t
#define HL_CTYPE_MS int64_t
#define HL_CTYPE_NS int64_t
#define HL_CTYPE_CENTI int64_t
#define HL_CTYPE_MICRO int64_t
#define HL_CTYPE_TEXT const char *
#define HL_COLKIND_INT HL_COL_INT
#define HL_COLKIND_COUNT HL_COL_COUNT
#define HL_COLKIND_MS HL_COL_MS
#define HL_COLKIND_NS HL_COL_NS
#define HL_COLKIND_CENTI HL_COL_CENTI
#define HL_COLKIND_MICRO HL_COL_MICRO
#define HL_COLKIND_TEXT HL_COL_TEXT
#define HL_COLWORDS_INT NULL
#define HL_COLWORDS_COUNT NULL
#define HL_COLWORDS_MS NULL
#define HL_COLWORDS_NS NULL
#define HL_COLWORDS_CENTI NULL
#define HL_COLWORDS_MICRO NULL
#define HL_COLWORDS_TEXT NULL

/* The decimals of a column of kind k that is a number with a fraction,
 * 0 for the others. */
static inline int hl_col_decimals(enum hl_col_kind k)
{
    switch (k) {
    case HL_COL_MS:
        return 3;
    case HL_COL_NS:
        return 9;
    case HL_COL_CENTI:
        return 2;
    case HL_COL_MICRO:
        return 6;
    default:
        return 0;
    }
}

/* A format's types, from its table COLUMNS: struct TAG, its values (the
 * empty mask first, where the generic code finds it, then a member per
 * column), and enum TAG_column, its columns in order (ENUM_X(member, ...)
 * names each), then NCOLUMNS. */
#define HL_FORMAT_TYPES(tag, COLUMNS, ENUM_X, ncolumns)                        \
    struct tag {                                                               \
        uint64_t empty;                                                        \
        COLUMNS(HL_COLUMN_MEMBER)                                              \
    };                                                                         \
    enum tag##_column                                                          \
    {                                                                          \
        COLUMNS(ENUM_X) ncolumns                                               \
    }

/* X-macro bodies: a struct member, and a struct hl_column of struct ST. */
#define HL_COLUMN_MEMBER(member, name, type, flags, meaning)                   \
    HL_CTYPE_##type member;
#define HL_COLUMN_DESC(st, member, name, type, flags, meaning)                 \
    {                                                                          \
        name,                                                                  \
        HL_COLKIND_##type,                                                     \
        flags,                                                                 \
        offsetof(st, member),                                                  \
        HL_COLWORDS_##type,                                                    \
        meaning},

/* A time as the files write it: nanoseconds rounded to milliseconds. */
static inline int64_t hl_ms_of_ns(int64_t ns)
{
    return ns > 0 ? (int64_t)(((uint64_t)ns + 500000) / 1000000) : 0;
}

#endif
