/* An errno value's name ("EACCES") for the merge's notes: no translation,
 * no lock, in a child of a threaded process. */
#ifndef HEAPLINE_ERRNAME_H
#define HEAPLINE_ERRNAME_H

/* glibc's (strerrorname_np, glibc 2.32), or before it the same names of
 * the errors that reading and writing files give; "error" for another. */
const char *hl_errname(int err);

#endif
