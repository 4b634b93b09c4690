/* The objects that frames fall in (the program, its shared libraries), so
 * that a frame is kept as a module and an offset, which the report
 * resolves against the file (checking its build-id): symbols are never
 * looked up in the process. */
#ifndef HEAPLINE_CALLSITES_MODULES_H
#define HEAPLINE_CALLSITES_MODULES_H

#include <stddef.h>
#include <stdint.h>

#include "callsites_text.h"

#pragma GCC visibility push(hidden)

#define HL_MODULES 256
/* The module of a frame that lies in no known object: its offset is then
 * the address itself. */
#define HL_MODULE_NONE 0xffff

struct hl_module {
    uintptr_t start, end; /* the object's mapping */
    uintptr_t bias;       /* load address: offset = address - bias */
    const char *path;     /* in the modules' own pool */
    uint8_t build_id[HL_BUILD_ID_BYTES]; /* a longer one is not kept */
    uint8_t build_id_len;
};

/* Remembers the program's own path (the loader names it ""). */
void hl_modules_init(void);

/* The module that holds address pc, registering it on first sight, and
 * the offset of pc in it. No allocation; no lock of the loader (glibc's
 * _dl_find_object), or before glibc 2.35 its lock only on the first sight
 * of an object. */
unsigned hl_module_of(uintptr_t pc, uintptr_t *offset);

/* Modules registered so far, and the one at index i (NULL while another
 * thread is still filling it in). */
unsigned hl_modules_count(void);
const struct hl_module *hl_module_at(unsigned i);

#pragma GCC visibility pop

#endif
