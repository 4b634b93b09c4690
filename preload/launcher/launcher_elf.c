#define _GNU_SOURCE
#include "launcher_elf.h"

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
