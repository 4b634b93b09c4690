/* Prints hl_format_size of every byte count read from stdin, one per line,
 * for size-helper-agrees.test. */
#include <inttypes.h>
#include <stdio.h>

#include "format_size.h"

int main(void)
{
    uintmax_t bytes;
    char text[HL_SIZE_BUF];

    while (scanf("%" SCNuMAX, &bytes) == 1) {
        hl_format_size((uint64_t)bytes, text);
        puts(text);
    }
    return 0;
}
