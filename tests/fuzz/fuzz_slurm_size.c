/* libFuzzer target: Slurm size strings ("4000", "4G", "1.5T", sacct's
 * "159856K") both ways. The input is read as a size string (from a buffer
 * of its exact size, so a read past it is an ASan error) and its first 8
 * bytes as a byte count, whose written forms must read back. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "slurm_size.h"

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

/* hl_slurm_size_round_up: covers bytes by less than one unit (0 by one
 * MiB), and its text says the figure it returns. Above the last whole GiB
 * that 64 bits hold, no request covers the bytes: it is that last GiB. */
static void _check_round_up(uint64_t bytes)
{
    char buf[32];
    uint64_t unit = bytes < _GIB ? _MIB : _GIB;
    uint64_t last = UINT64_MAX / unit * unit;
    uint64_t got = hl_slurm_size_round_up(bytes, buf);

    if (bytes == 0)
        FUZZ_CHECK(got == unit);
    else if (bytes > last)
        FUZZ_CHECK(got == last);
    else
        FUZZ_CHECK(got >= bytes && got - bytes < unit);
    FUZZ_CHECK(got % unit == 0);
    FUZZ_CHECK(_read_back(buf) == got);
}

static void _check_parse(const char *s, size_t len)
{
    char *z = malloc(len + 1);
    uint64_t figure = 0, size = 0, kib = 0;

    memcpy(z, s, len);
    z[len] = '\0';
    if (hl_parse_slurm_size(z, &size) == 0) {
        /* --mem's syntax is sacct's with MiB by default, and never 0 */
        FUZZ_CHECK(size > 0);
        FUZZ_CHECK(hl_parse_slurm_figure(z, strlen(z), 20, &figure) == 0);
        FUZZ_CHECK(figure == size);
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
