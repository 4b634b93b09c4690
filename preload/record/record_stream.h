/* The record to standard error instead of a file: HEAPLINE_OUTPUT
 * "/dev/stderr". That path is a symbolic link into /proc, which a record
 * is never written through; the record goes to fd 2 as the summary line
 * does, as one write(2) just before it, so that neither cuts the other.
 * A stream has no provisional record: nothing there can be rewritten.
 *
 * Standard output ("-", "/dev/stdout") is refused: it is the program's
 * data, and the processes it starts write theirs into it, often to a
 * parent that reads it (a shell's $(...)); a record there would change
 * what they read. */
#ifndef HEAPLINE_RECORD_STREAM_H
#define HEAPLINE_RECORD_STREAM_H

#include <stddef.h>
#include <string.h>

/* The stream that HEAPLINE_OUTPUT names: 1 (refused) or 2, or 0 for a
 * file. Inline: the launcher refuses standard output too. */
static inline int hl_record_stream_fd(const char *output)
{
    if (strcmp(output, "-") == 0 || strcmp(output, "/dev/stdout") == 0)
        return 1;
    return strcmp(output, "/dev/stderr") == 0 ? 2 : 0;
}

/* Writes the record text[0..len) to the stream fd, with the summary
 * line's rules (see diag.h); for standard output, writes instead one line
 * on stderr that says what to do. */
void hl_record_stream_write(int fd, const char *text, size_t len);

#endif
