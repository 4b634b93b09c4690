/*
 * sacct's answer about a step, as srun learns it from slurmdbd and passes
 * it to heapline-report (--sacct): the step's row in sacct's own words,
 * or why there is none.
 */
#ifndef HL_SPANK_SACCT_ROW_H
#define HL_SPANK_SACCT_ROW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Slurm's number of the memory TRES, whose maximum is MaxRSS (slurmdb's
 * TRES_MEM: ids 1 to 4 are fixed, cpu, mem, energy, node). */
#define HL_TRES_MEM 2

/*
 * The value of TRES id in a TRES list as slurmdbd keeps it,
 * "1=0,2=1552384,3=0". Returns 0, or -1 when id is absent, its value is
 * not a number, or Slurm's "no value" (NO_VAL64, INFINITE64).
 */
int hl_tres_value(const char *tres, unsigned id, uint64_t *value);

/*
 * The row as `sacct -o JobID,MaxRSS,MaxRSSNode,MaxRSSTask --parsable2
 * --noheader` writes it, MaxRSS in KiB with sacct's K ("81_2.0|1516K|n2|3"),
 * or in bytes when not a whole number of KiB, fields empty when unknown.
 * Returns 0, or -1 if out is too small or the node name holds a '|' or a
 * newline.
 */
int hl_sacct_row_format(const char *step, bool has_rss, uint64_t rss_bytes,
                        const char *node, bool has_task, uint32_t task,
                        char *out, size_t size);

#endif
