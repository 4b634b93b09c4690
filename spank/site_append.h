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
};

/*
 * Appends to dir/name, in a child that gets timeout_ms (a hung file
 * system) before it is killed (ETIMEDOUT): with_header (the magic line,
 * the header and the line) when the file is new or empty, else line, in
 * one write() under an exclusive lock, so that steps ending together on a
 * node never mix their lines. dir must be a folder owned by root that
 * neither group nor others may write, and not a symlink; name is created
 * (mode 0600) or must be a regular file of root's; a symlink there is
 * never followed. Returns 0, an errno value, or one of HL_SITE_*.
 */
int hl_site_append(const char *dir, const char *name, const char *with_header,
                   const char *line, unsigned timeout_ms);

/* What a value returned by hl_site_append() means, for a message. */
const char *hl_site_append_strerror(int err);

#endif
