/* Proves that heapline-report reads each form of Slurm's size syntax as
 * Slurm does (no suffix = MiB, K/M/G/T binary, decimals), refuses the
 * malformed ones, and writes requests back in that syntax. */
#include <stdint.h>
#include <string.h>

#include "../tap.h"
#include "slurm_size.h"

#define MIB (1024ULL * 1024)
#define GIB (1024 * MIB)

static void _good(const char *s, uint64_t want)
{
    uint64_t got = 0;

    is_int(hl_parse_slurm_size(s, &got), 0, "'%s' parses", s);
    is_uint(got, want, "'%s' is %llu bytes", s, (unsigned long long)want);
}

static void _bad(const char *s)
{
    uint64_t got;

    ok(hl_parse_slurm_size(s, &got) < 0, "'%s' is refused", s);
}

static void _round(uint64_t bytes, const char *want)
{
    char buf[32];

    hl_slurm_size_round_up(bytes, buf);
    is_str(buf, want, "%llu bytes round up to %s", (unsigned long long)bytes,
           want);
}

static void _exact(uint64_t bytes, const char *want)
{
    char buf[32];

    hl_slurm_size_exact(bytes, buf);
    is_str(buf, want, "%llu bytes read back as %s", (unsigned long long)bytes,
           want);
}

int main(void)
{
    _good("4000", 4000 * MIB);
    _good("4000M", 4000 * MIB);
    _good("4000m", 4000 * MIB);
    _good("4G", 4 * GIB);
    _good("4g", 4 * GIB);
    _good("1.5T", 1536 * GIB);
    _good("512K", 512 * 1024);
    _good("0.5G", 512 * MIB);
    _good("1", MIB);
    _bad("");
    _bad("0");
    _bad("0G");
    _bad("G");
    _bad("4GB");
    _bad("4 G");
    _bad("-4G");
    _bad("4X");
    _bad("1.G");
    _bad(".5G");
    _bad("1.5.1G");
    _bad("99999999999999999999T");
    _round(11534336, "11M");
    _round(12687770, "13M");
    _round(GIB - 1, "1024M");
    _round(GIB, "1G");
    _round(GIB + 1, "2G");
    _round(5 * GIB + GIB / 2, "6G");
    _exact(4 * GIB, "4G");
    _exact(4000 * MIB, "4000M");
    _exact(512 * 1024, "512K");
    _exact(1536 * GIB, "1536G");
    return done_testing();
}
