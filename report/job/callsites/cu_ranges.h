/* The compilation units of a module's DWARF by address, from each unit's
 * own ranges (DW_AT_low_pc and DW_AT_high_pc, or DW_AT_ranges). libdwfl
 * finds a unit only through .debug_aranges, which clang does not write. */
#ifndef HEAPLINE_REPORT_CU_RANGES_H
#define HEAPLINE_REPORT_CU_RANGES_H

#include <elfutils/libdw.h>

struct hl_cu_ranges;

/* The ranges of every unit of dw, read once; NULL when memory runs out. */
struct hl_cu_ranges *hl_cu_ranges_new(Dwarf *dw);

/* The unit holding address at (as in the DWARF), in *cu; NULL when no
 * unit holds it. */
Dwarf_Die *hl_cu_ranges_find(const struct hl_cu_ranges *r, Dwarf_Addr at,
                             Dwarf_Die *cu);

void hl_cu_ranges_free(struct hl_cu_ranges *r);

#endif
