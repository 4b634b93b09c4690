/* What the launcher needs to know of an ELF file before it preloads a
 * library into a program, or preloads the library itself: whether it is
 * one of this machine (the launcher's own ELF class, byte order and
 * machine), its type, whether it asks for a dynamic loader, and whether it
 * was linked statically with heapline (link/static/linked_note.c). */
#ifndef HEAPLINE_LAUNCHER_ELF_H
#define HEAPLINE_LAUNCHER_ELF_H

struct hl_elf {
    int is_elf;          /* starts with the ELF magic */
    int foreign;         /* another class, byte order or machine than ours */
    const char *why;     /* when foreign or not ELF: what the file is */
    unsigned type;       /* e_type (ET_EXEC, ET_DYN...), when not foreign */
    int has_interp;      /* a PT_INTERP program header: dynamically linked */
    int heapline_linked; /* the note of libheapline-static.a */
};

/* Reads the ELF header and program headers of the open file fd. Returns
 * 0, or -1 when the file cannot be read (then nothing is known). */
int hl_elf_read(int fd, struct hl_elf *elf);

/* The dynamic loader that the launcher itself was started with (its
 * PT_INTERP), or NULL. */
const char *hl_elf_own_interp(void);

#endif
