/* Human-readable sizes in binary units, shared by the library's summary line
 * and by heapline-report so that both print the same figure for the same
 * number of bytes. */
#ifndef HEAPLINE_COMMON_FORMAT_SIZE_H
#define HEAPLINE_COMMON_FORMAT_SIZE_H

#include <stddef.h>
#include <stdint.h>

/* Longest result: "18446744073709551615 B" would never be chosen; the
 * largest is "16777216.0 TiB" (2^64 - 1 bytes), 15 characters. */
#define HL_SIZE_BUF 24

/* Writes "288.2 MiB", "400.2 KiB" or "512 B" into buf, rounding half up to
 * one decimal. Uses no allocation and no stdio, so it is safe inside the
 * allocator hooks and in a signal handler. Returns the length written. */
size_t hl_format_size(uint64_t bytes, char buf[HL_SIZE_BUF]);

#endif
