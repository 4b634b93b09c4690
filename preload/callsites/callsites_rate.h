/* The sampling rate of allocation sites, as the library reads
 * HEAPLINE_SITES_RATE and the launcher checks --sites=RATE: one parser, so
 * that what the launcher accepts is what the library takes. */
#ifndef HEAPLINE_CALLSITES_RATE_H
#define HEAPLINE_CALLSITES_RATE_H

#include <stdint.h>

/* A size in bytes, with an optional binary suffix (k, m, g, with or
 * without iB), at most 1 TiB: 0 if it is not one. */
uint64_t hl_callsites_parse_rate(const char *s);

#endif
