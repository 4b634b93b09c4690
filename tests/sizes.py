"""Sizes as heapline writes them (common/format_size.c, hl_format_size):
binary units, one decimal, rounded half up; "512 B" below 1 KiB. The one
formatter of the tests: Python's "%.1f" rounds half to even (589.25 MiB
is 589.2 there, 589.3 in heapline), so a test that formats a size itself
fails for some sizes only. tests/common/size-helper-agrees.test compares
it with the C function.

    import sizes; sizes.text(617873408)        -> '589.3 MiB'
    python3 tests/sizes.py 617873408           -> 589.3 MiB (for shell tests)
"""

import sys

UNITS = ("KiB", "MiB", "GiB", "TiB")


def text(size):
    """hl_format_size(size): the unit picked from the rounded value, so
    that 1048575 bytes is 1.0 MiB, not 1024.0 KiB."""
    size = int(size)
    if size < 1024:
        return "%d B" % size
    for u, name in enumerate(UNITS, 1):
        unit = 1 << (10 * u)
        tenths = (size * 10 + unit // 2) // unit
        if tenths < 10240 or u == len(UNITS):
            return "%d.%d %s" % (tenths // 10, tenths % 10, name)


if __name__ == "__main__":
    for arg in sys.argv[1:] or sys.stdin.read().split():
        print(text(arg))
