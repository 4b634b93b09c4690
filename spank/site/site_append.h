/*
 * Appending the site's summary line, as root, to a file of the site
 * folder (plugstack argument site=DIR): a folder only root writes, so that
 * no user can write or forge a line there.
 */
#ifndef HL_SPANK_SITE_APPEND_H
#define HL_SPANK_SITE_APPEND_H

#include <stddef.h>

/* What hl_site_append() returns besides 0 and errno values. */
enum {
    HL_SITE_NOT_ROOTS = 210, /* the folder or file is not root's alone */
    HL_SITE_NOT_REGULAR,     /* the name is not a regular file */
    HL_SITE_TOO_LONG,        /* the text does not fit */
    HL_SITE_OTHER_HEADER,    /* the file starts with none of the headers */
};

/* One form of a line: with_header, the text of a new file (the magic
 * line, the header, then the line), and the line alone. */
struct hl_site_text {
    const char *with_header, *line;
};

/* The most bytes of a file's start compared with a form's header. */
#define HL_SITE_HEAD_MAX 4096

/*
 * Appends to dir/name, in a child that gets timeout_ms (a hung file
 * system) before it is killed (ETIMEDOUT): forms[0].with_header when the
 * file is new or empty, else the line of the form whose header the file
 * starts with (a file begun by an older plugin, with fewer columns, gets
 * the line in its columns), in one write() under an exclusive lock, so
 * that steps ending together on a node never mix their lines. dir must be
 * a folder owned by root that neither group nor others may write, and not
 * a symlink; name is created (mode 0600) or must be a regular file of
 * root's; a symlink there is never followed. Returns 0, an errno value, or
 * one of HL_SITE_*.
 */
int hl_site_append(const char *dir, const char *name,
                   const struct hl_site_text *forms, size_t nforms,
                   unsigned timeout_ms);

/* What a value returned by hl_site_append() means, for a message. */
const char *hl_site_append_strerror(int err);

#endif
