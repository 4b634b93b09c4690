#include "warn.h"

#include <stdarg.h>
#include <stdio.h>

void hl_warn(const char *path, const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "%s: %s: ", HL_PROGRAM, path);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}
