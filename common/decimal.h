/* Strict parsing of the numbers in records and in Slurm's output: no sign
 * where none belongs, no spaces, no locale. */
#ifndef HEAPLINE_COMMON_DECIMAL_H
#define HEAPLINE_COMMON_DECIMAL_H

#include <stddef.h>
#include <stdint.h>

/* Each returns 0 and sets *out when s[0..len) is exactly a number of its
 * kind, else -1. */
int hl_parse_u64(const char *s, size_t len, uint64_t *out);
int hl_parse_i64(const char *s, size_t len, int64_t *out);

/* Seconds with up to three decimals ("0.015") as whole milliseconds; more
 * decimals are rounded. */
int hl_parse_ms(const char *s, size_t len, int64_t *out);

/* Seconds with up to nine decimals as whole nanoseconds, the same way. */
int hl_parse_ns(const char *s, size_t len, int64_t *out);

#endif
