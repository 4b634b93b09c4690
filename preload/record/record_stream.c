#include "record_stream.h"
#include "diag.h"

void hl_record_stream_write(int fd, const char *text, size_t len)
{
    static const char refused[] =
        "heapline: cannot write the record to standard output: it is the "
        "program's own output; name a file, or /dev/stderr\n";

    if (fd == 2)
        hl_diag_write(text, len);
    else
        hl_diag_write(refused, sizeof(refused) - 1);
}
