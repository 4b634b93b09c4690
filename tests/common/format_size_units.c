/* hl_format_size: units, rounding to one decimal, unit changes. */
#include "../tap.h"
#include "format_size.h"

static void _expect(uint64_t bytes, const char *want)
{
    char got[HL_SIZE_BUF];
    size_t len = hl_format_size(bytes, got);

    is_str(got, want, "%" PRIu64 " bytes", bytes);
    is_uint(len, strlen(want), "%" PRIu64 " bytes: the length returned", bytes);
}

int main(void)
{
    _expect(0, "0 B");
    _expect(512, "512 B");
    _expect(1023, "1023 B");
    _expect(1024, "1.0 KiB");
    _expect(1075, "1.0 KiB");
    _expect(1076, "1.1 KiB");
    _expect(409800, "400.2 KiB");
    _expect(86528, "84.5 KiB");
    _expect(1048575, "1.0 MiB");
    _expect(11534336, "11.0 MiB");
    _expect(302236152, "288.2 MiB");
    _expect((uint64_t)5 << 30, "5.0 GiB");
    _expect((uint64_t)3 << 40, "3.0 TiB");
    _expect(UINT64_MAX, "16777216.0 TiB");
    return done_testing();
}
