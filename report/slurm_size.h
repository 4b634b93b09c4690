/* Memory sizes in Slurm's syntax, both ways. */
#ifndef HEAPLINE_REPORT_SLURM_SIZE_H
#define HEAPLINE_REPORT_SLURM_SIZE_H

#include <stddef.h>
#include <stdint.h>

/* A size as --mem takes it: a number with an optional K, M, G or T suffix
 * (binary units, either case); no suffix means MiB, as in Slurm. Decimals
 * are allowed ("1.5T"). Returns 0 and sets *bytes, or -1 when s is not
 * such a size or is 0. */
int hl_parse_slurm_size(const char *s, uint64_t *bytes);

/* A size as sacct or scontrol print it ("159856K", "1.50G", "0"), in
 * s[0..len); a bare number counts in units of 2^default_shift bytes.
 * Returns 0 or -1. */
int hl_parse_slurm_figure(const char *s, size_t len, int default_shift,
                          uint64_t *bytes);

/* The shortest exact form: "4G", "4000M", "512K", or bytes in K rounded up.
 * buf holds at least 32 bytes. */
void hl_slurm_size_exact(uint64_t bytes, char *buf);

/* A request that covers bytes: whole MiB below 1 GiB, whole GiB from
 * there, always rounded up. Returns the bytes of that request and writes
 * it ("13M", "5G") into buf (32 bytes). */
uint64_t hl_slurm_size_round_up(uint64_t bytes, char *buf);

#endif
