/* Memory sizes in Slurm's syntax, both ways. */
#ifndef HEAPLINE_REPORT_SLURM_SIZE_H
#define HEAPLINE_REPORT_SLURM_SIZE_H

#include <stddef.h>
#include <stdint.h>

/* A size as srun's --mem and --mem-per-cpu take it, read as Slurm's own
 * parser (str_to_mbytes) reads it: a whole number, with an optional
 * suffix K, M, G or T in either case, which may be followed by B or b
 * ("4GB"); binary units; no suffix means MiB; K is rounded up to whole
 * MiB, as Slurm counts in MiB. Like strtoll, white space and a sign may
 * come first; "-0" is 0. Decimals, P, and any other suffix are refused,
 * as Slurm refuses them, and so is a size above 16 EiB, which Slurm
 * would wrap. 0 is Slurm's "all of the node's memory". Returns 0 and
 * sets *bytes, or -1. */
int hl_parse_slurm_size(const char *s, uint64_t *bytes);

/* A size as sacct or scontrol print it ("159856K", "1.50G", "0"), in
 * s[0..len); a bare number counts in units of 2^default_shift bytes.
 * Returns 0 or -1. */
int hl_parse_slurm_figure(const char *s, size_t len, int default_shift,
                          uint64_t *bytes);

/* The shortest exact form: "4G", "4000M", "512K", or bytes in K rounded up.
 * buf holds at least 32 bytes. */
void hl_slurm_size_exact(uint64_t bytes, char *buf);

/* A request that covers bytes, rounded up to a step that adds little:
 * whole MiB below 1 GiB; from there the largest power of two MiB that is
 * at most an eighth of bytes (at most 12.5% more). Returns the bytes of
 * that request, writes it ("13M", "1408M", "5G") into buf (32 bytes) and
 * the step in bytes into *step. */
uint64_t hl_slurm_size_round_up(uint64_t bytes, char *buf, uint64_t *step);

#endif
