/* Prints every column of every format of common/, one per line: FORMAT
 * NAME, for columns-documented.test. */
#include <stdio.h>

#include "exit_format.h"
#include "merged_format.h"
#include "node_format.h"
#include "record_format.h"
#include "site_format.h"

int main(void)
{
    static const struct hl_format *const formats[] = {
        &hl_record_format, &hl_exit_format, &hl_node_format, &hl_merged_format,
        &hl_site_format};

    for (size_t f = 0; f < sizeof(formats) / sizeof(formats[0]); f++)
        for (unsigned c = 0; c < formats[f]->ncolumns; c++)
            printf("%s %s\n", f == 0 ? "record" : "file",
                   formats[f]->columns[c].name);
    return 0;
}
