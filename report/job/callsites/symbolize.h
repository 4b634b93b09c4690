/* Frames named from the files of the modules (elfutils' libdw): function,
 * source file and line, the calls inlined at a return address expanded,
 * C++ names demangled, Fortran module procedures as module::procedure. A
 * file is used only if its build-id is the one recorded. */
#ifndef HEAPLINE_REPORT_SYMBOLIZE_H
#define HEAPLINE_REPORT_SYMBOLIZE_H

#include <stdint.h>

/* One function at an address; NULL members are not known. */
struct hl_sym {
    const char *function;
    const char *file;
    unsigned line;
};

/* What became of a module's file. */
enum hl_sym_status {
    HL_SYM_FOUND,
    HL_SYM_MISSING,     /* no such file, or not an ELF file */
    HL_SYM_OTHER_BUILD, /* its build-id is not the one recorded */
};

struct hl_symbolizer;

struct hl_symbolizer *hl_symbolizer_new(void);

/* The functions at the return address offset of module path (build_id in
 * lowercase hex, "" when not recorded), innermost (inlined) first: *out
 * points to n of them, n >= 1 when the function is known, kept until the
 * symbolizer is freed. *status says what became of the module. */
unsigned hl_symbolize(struct hl_symbolizer *s, const char *path,
                      const char *build_id, uint64_t offset,
                      const struct hl_sym **out, enum hl_sym_status *status);

void hl_symbolizer_free(struct hl_symbolizer *s);

#endif
