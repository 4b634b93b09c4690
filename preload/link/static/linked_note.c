/* The note itself (linked_note.h): a name and no description. */
#include "linked_note.h"

#include <stdint.h>

static const struct {
    uint32_t namesz, descsz, type;
    char name[(sizeof(HL_NOTE_NAME) + 3) & ~3u];
} _note __attribute__((section(".note.heapline"), used, aligned(4))) = {
    sizeof(HL_NOTE_NAME), 0, HL_NOTE_TYPE, HL_NOTE_NAME};
