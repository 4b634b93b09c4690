#include "warn.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "shared/escape.h"

void hl_warn(const char *path, const char *fmt, ...)
{
    char *shown = hl_escape_dup(path);
    va_list ap;

    fprintf(stderr, "%s: %s: ", HL_PROGRAM, shown ? shown : "(out of memory)");
    free(shown);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void hl_note(const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "%s: note: ", HL_PROGRAM);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}
