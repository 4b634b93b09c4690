#define _GNU_SOURCE
#include "launcher_elf.h"
#include "link/static/linked_note.h"

#include <elf.h>
#include <link.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

/* The launcher's own ELF header, which the linker places at the start of
 * its first segment: the class, byte order and machine of this build. */
extern const ElfW(Ehdr) __ehdr_start;

static const char *_foreign(const unsigned char *ident, unsigned machine)
{
    if (ident[EI_CLASS] != __ehdr_start.e_ident[EI_CLASS])
        return ident[EI_CLASS] == ELFCLASS32 ? "a 32-bit ELF file"
                                             : "a 64-bit ELF file";
    if (ident[EI_DATA] != __ehdr_start.e_ident[EI_DATA])
        return "an ELF file of the other byte order";
    if (machine != __ehdr_start.e_machine)
        return "an ELF file for another machine";
    return NULL;
}

/* Whether the notes of the segment ph hold heapline's (its name, no
 * description); a segment of notes is small, and only its first 4 KiB are
 * read. */
static int _has_heapline_note(int fd, const ElfW(Phdr) * ph)
{
    unsigned char notes[4096];
    size_t at = 0,
           len = ph->p_filesz < sizeof(notes) ? ph->p_filesz : sizeof(notes);
    ElfW(Nhdr) nh;

    if (pread(fd, notes, len, (off_t)ph->p_offset) != (ssize_t)len)
        return 0;
    while (at + sizeof(nh) <= len) {
        memcpy(&nh, notes + at, sizeof(nh));
        at += sizeof(nh);
        if (nh.n_namesz == sizeof(HL_NOTE_NAME) && at + nh.n_namesz <= len &&
            !memcmp(notes + at, HL_NOTE_NAME, sizeof(HL_NOTE_NAME)))
            return 1;
        at += ((nh.n_namesz + 3) & ~3u) + ((nh.n_descsz + 3) & ~3u);
    }
    return 0;
}

int hl_elf_read(int fd, struct hl_elf *elf)
{
    ElfW(Ehdr) eh;
    ElfW(Phdr) ph;
    ssize_t n = pread(fd, &eh, sizeof(eh), 0);

    memset(elf, 0, sizeof(*elf));
    if (n < 0)
        return -1;
    elf->is_elf = n >= SELFMAG && memcmp(eh.e_ident, ELFMAG, SELFMAG) == 0;
    if (!elf->is_elf) {
        elf->why = "not an ELF file";
        return 0;
    }
    /* e_machine sits at the same offset in both classes; the rest is
     * read only in our own class. */
    if ((size_t)n < offsetof(ElfW(Ehdr), e_version))
        return -1;
    elf->why = _foreign(eh.e_ident, eh.e_machine);
    elf->foreign = elf->why != NULL;
    if (elf->foreign)
        return 0;
    if ((size_t)n < sizeof(eh) || (eh.e_phnum && eh.e_phentsize != sizeof(ph)))
        return -1;
    elf->type = eh.e_type;
    for (unsigned i = 0; i < eh.e_phnum; i++) {
        if (pread(fd, &ph, sizeof(ph),
                  (off_t)(eh.e_phoff + (ElfW(Off))i * eh.e_phentsize)) !=
            (ssize_t)sizeof(ph))
            return -1;
        if (ph.p_type == PT_INTERP)
            elf->has_interp = 1;
        if (ph.p_type == PT_NOTE && _has_heapline_note(fd, &ph))
            elf->heapline_linked = 1;
    }
    return 0;
}

static int _interp_of_main(struct dl_phdr_info *info, size_t size, void *out)
{
    (void)size;
    for (unsigned i = 0; i < info->dlpi_phnum; i++)
        if (info->dlpi_phdr[i].p_type == PT_INTERP)
            *(const char **)out =
                (const char *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
    return 1; /* the main program comes first: no need for the others */
}

const char *hl_elf_own_interp(void)
{
    const char *interp = NULL;

    dl_iterate_phdr(_interp_of_main, &interp);
    return interp;
}
