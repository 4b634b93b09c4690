/* libFuzzer target: Slurm size strings ("4000", "4G", "4GB", sacct's
 * "159856K", "1.50G") both ways. The input is read as a size string (from a
 * buffer of its exact size, so a read past it is an ASan error) and its first 8
 * bytes as a byte count, whose written forms must read back. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "shared/slurm_size.h"

#define _KIB 1024ULL
#define _MIB (1024 * _KIB)
#define _GIB (1024 * _MIB)

static uint64_t _read_back(const char *s)
{
    uint64_t v = 0;

    FUZZ_CHECK(fuzz_terminated(s, 32) && s[0] != '\0');
    FUZZ_CHECK(hl_parse_slurm_figure(s, strlen(s), 20, &v) == 0);
    return v;
}

/* hl_slurm_size_exact: bytes in whole KiB are exact, others round up to
 * the next KiB. */
static void _check_exact(uint64_t bytes)
{
    char buf[32];
    uint64_t kib = bytes / _KIB + (bytes % _KIB != 0);
    uint64_t v;

    hl_slurm_size_exact(bytes, buf);
    FUZZ_CHECK(fuzz_terminated(buf, sizeof(buf)));
    if (kib > UINT64_MAX / _KIB) /* no such size in bytes: must not read */
        FUZZ_CHECK(hl_parse_slurm_figure(buf, strlen(buf), 20, &v) < 0);
    else
        FUZZ_CHECK(_read_back(buf) == kib * _KIB);
}

/* hl_slurm_size_round_up: covers bytes by less than one step (0 by one
 * MiB), a step of a power of two MiB, one MiB below 1 GiB and at most an
 * eighth of bytes above, and its text says the figure it returns. Above
 * the last step that 64 bits hold, no request covers the bytes: it is
 * that last step. */
static void _check_round_up(uint64_t bytes)
{
    char buf[32];
    uint64_t step = 0;
    uint64_t got = hl_slurm_size_round_up(bytes, buf, &step);
    uint64_t last = step ? UINT64_MAX / step * step : 0;

    FUZZ_CHECK(step >= _MIB && (step & (step - 1)) == 0);
    FUZZ_CHECK(bytes < _GIB ? step == _MIB : step <= bytes / 8);
    if (bytes == 0)
        FUZZ_CHECK(got == step);
    else if (bytes > last)
        FUZZ_CHECK(got == last);
    else
        FUZZ_CHECK(got >= bytes && got - bytes < step);
    FUZZ_CHECK(got % step == 0);
    FUZZ_CHECK(_read_back(buf) == got);
}

static void _check_parse(const char *s, size_t len)
{
    char *z = malloc(len + 1);
    uint64_t figure = 0, size = 0, kib = 0;

    memcpy(z, s, len);
    z[len] = '\0';
    if (hl_parse_slurm_size(z, &size) == 0) {
        char back[32];

        /* Slurm counts a request in whole MiB; its exact form reads back */
        FUZZ_CHECK(size % _MIB == 0);
        hl_slurm_size_exact(size, back);
        FUZZ_CHECK(hl_parse_slurm_size(back, &figure) == 0 && figure == size);
    }
    if (hl_parse_slurm_figure(s, len, 10, &kib) == 0) {
        _check_exact(kib);
        _check_round_up(kib);
    }
    free(z);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size ? size : 1);
    uint64_t bytes;

    memcpy(s, data, size);
    _check_parse(s, size);
    if (size >= sizeof(bytes)) {
        memcpy(&bytes, data, sizeof(bytes));
        _check_exact(bytes);
        _check_round_up(bytes);
    }
    free(s);
    return 0;
}
