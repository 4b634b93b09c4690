/* The ELF note that a program linked with libheapline-static.a carries, in
 * a segment of notes: the launcher reads it, and then does not call the
 * program unmeasured because it is static. */
#ifndef HEAPLINE_LINKED_NOTE_H
#define HEAPLINE_LINKED_NOTE_H

#define HL_NOTE_NAME "heapline"
#define HL_NOTE_TYPE 1

#endif
