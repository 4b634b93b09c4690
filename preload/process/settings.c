#include "settings.h"
#include "buf.h"
#include "record/record_stream.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct hl_settings hl_settings;

void hl_settings_load(void)
{
    const char *quiet = getenv("HEAPLINE_QUIET");
    const char *output = getenv("HEAPLINE_OUTPUT");
    struct hl_buf b;

    hl_settings.quiet = quiet && *quiet && strcmp(quiet, "0") != 0;
    if (!output || !*output)
        return;
    hl_settings.output_fd = hl_record_stream_fd(output);
    if (hl_settings.output_fd)
        return;
    hl_buf_init(&b, hl_settings.output, sizeof(hl_settings.output));
    /* A relative path is taken from where the program started, whatever
     * directory it is in when it exits. */
    if (output[0] != '/' && getcwd(hl_settings.output, PATH_MAX)) {
        b.len = strlen(hl_settings.output);
        hl_buf_char(&b, '/');
    }
    hl_buf_str(&b, output);
    hl_settings.output_too_long = b.overflow;
}
