/* libFuzzer target: the SPANK plugin's plugstack.conf arguments
 * (spank/plugin/plugin_args.c) and its --heapline[=ARG] option
 * (spank/plugin/request.c). Each line of the input is one argument. A bad one
 * must be warned about once and change nothing; what is accepted must be what
 * the plugin can use. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "plugin/plugin_args.h"
#include "plugin/pattern.h"
#include "plugin/request.h"

static int _warnings;

static void _count_warning(const char *msg)
{
    FUZZ_CHECK(fuzz_terminated(msg, 4096) &&
               strncmp(msg, "heapline: ", 10) == 0);
    _warnings++;
}

/* A path that LD_PRELOAD or exec can take: absolute, no space or colon. */
static void _check_path(const char *path)
{
    FUZZ_CHECK(fuzz_terminated(path, PATH_MAX));
    FUZZ_CHECK(path[0] == '/' && !strpbrk(path, " :\t\n"));
}

static void _check_config(const struct hl_plugin_args *cfg)
{
    char why[160];

    _check_path(cfg->lib);
    _check_path(cfg->report);
    FUZZ_CHECK(fuzz_terminated(cfg->dir, sizeof(cfg->dir)) && cfg->dir[0]);
    FUZZ_CHECK(hl_pattern_check(cfg->dir, why, sizeof(why)) == 0);
    FUZZ_CHECK(cfg->timeout_s >= 1 && cfg->timeout_s <= 3600);
}

static void _check_request(char *arg)
{
    struct hl_request req = {0};
    char why[64];

    memset(why, 'x', sizeof(why));
    if (hl_request_apply(&req, false, arg, why, sizeof(why)) < 0) {
        FUZZ_CHECK(fuzz_terminated(why, sizeof(why)));
        FUZZ_CHECK(req.dir[0] == '\0');
        return;
    }
    FUZZ_CHECK(req.sw == HL_ON || req.sw == HL_OFF);
    FUZZ_CHECK(fuzz_terminated(req.dir, sizeof(req.dir)));
    if (req.dir[0])
        FUZZ_CHECK(hl_pattern_check(req.dir, why, sizeof(why)) == 0);
    /* --no-heapline wins over whatever came before */
    FUZZ_CHECK(hl_request_apply(&req, true, arg, why, sizeof(why)) == 0);
    FUZZ_CHECK(req.sw == HL_OFF);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1), *argv[64], *line;
    struct hl_plugin_args cfg, before;
    int argc = 0, bad;

    memcpy(text, data, size);
    text[size] = '\0';
    for (line = text; argc < 64 && line; argc++) {
        argv[argc] = line;
        line = strchr(line, '\n');
        if (line)
            *line++ = '\0';
    }
    hl_plugin_args_defaults(&cfg);
    _check_config(&cfg);
    _warnings = 0;
    bad = hl_plugin_args_parse(&cfg, argc, argv, _count_warning);
    FUZZ_CHECK(bad >= 0 && bad <= argc && bad == _warnings);
    _check_config(&cfg);
    /* one argument at a time: a bad one leaves every setting as it was */
    hl_plugin_args_defaults(&cfg);
    for (int i = 0; i < argc; i++) {
        memcpy(&before, &cfg, sizeof(cfg));
        if (hl_plugin_args_parse(&cfg, 1, &argv[i], _count_warning))
            FUZZ_CHECK(memcmp(&before, &cfg, sizeof(cfg)) == 0);
        _check_request(argv[i]);
    }
    free(text);
    return 0;
}
