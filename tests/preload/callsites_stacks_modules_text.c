/* Stacks are kept once each; a frame is its module and its offset there,
 * the module named by path and by the build-id of the file; the at-peak
 * table is written largest first, in the record's grammar, and never cut
 * in the middle of a site. */
#define _GNU_SOURCE
#include "callsites/callsites.h"
#include "callsites/callsites_modules.h"
#include "callsites/callsites_stacks.h"
#include "callsites/callsites_peak.h"
#include "../tap.h"

#include <elf.h>
#include <link.h>
#include <stdio.h>
#include <unistd.h>

__attribute__((noinline)) void _here(void)
{
    __asm__ volatile("");
}

/* The build-id as the file says it, read with stdio. */
static int _file_build_id(const char *path, char *hex)
{
    static unsigned char img[1 << 22];
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(img, 1, sizeof(img), f) : 0;
    const ElfW(Ehdr) *eh = (const void *)img;

    if (f)
        fclose(f);
    for (unsigned i = 0; n > sizeof(*eh) && i < eh->e_shnum; i++) {
        const ElfW(Shdr) *sh =
            (const void *)(img + eh->e_shoff + i * eh->e_shentsize);
        const ElfW(Nhdr) *nh = (const void *)(img + sh->sh_offset);
        const unsigned char *d;

        if (sh->sh_type != SHT_NOTE || nh->n_type != NT_GNU_BUILD_ID)
            continue;
        d = (const unsigned char *)(nh + 1) + ((nh->n_namesz + 3) & ~3u);
        for (unsigned j = 0; j < nh->n_descsz; j++)
            sprintf(hex + 2 * j, "%02x", d[j]);
        return 0;
    }
    return -1;
}

static int _bias_of_main(struct dl_phdr_info *info, size_t size, void *out)
{
    (void)size;
    *(uintptr_t *)out = info->dlpi_addr;
    return 1;
}

int main(void)
{
    char exe[4096], hex[41] = "", text[8192], want[8192];
    uintptr_t a[3] = {(uintptr_t)_here + 1, (uintptr_t)main + 2,
                      (uintptr_t)puts + 3};
    uintptr_t b[2] = {(uintptr_t)_here + 1, (uintptr_t)main + 3};
    uintptr_t bias = 0, offset;
    const struct hl_module *m;
    struct hl_estimate e;
    struct hl_buf buf;
    uint32_t sa, sb;
    unsigned mod;
    ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

    exe[n > 0 ? n : 0] = '\0';
    hl_modules_init();
    is_int(hl_stacks_init(), 0, "stack table ready");
    is_int(hl_stacks_open_unwinder(), 0, "unwinder found");
    is_int(hl_stacks_set_up_unwinder(), 1, "unwinder set up");
    hl_callsites_settings.on = 1;
    hl_sampler_init(512 * 1024, 1);

    sa = hl_stack_intern(a, 3);
    sb = hl_stack_intern(b, 2);
    ok(sa != sb, "two stacks, two entries");
    is_uint(hl_stack_intern(a, 3), sa, "the same stack, the same entry");
    is_uint(hl_stack_intern(a, 2) != sa, 1, "a prefix is another stack");
    is_uint(hl_stacks_used(), 3, "three stacks kept");

    dl_iterate_phdr(_bias_of_main, &bias);
    mod = hl_module_of((uintptr_t)_here, &offset);
    m = hl_module_at(mod);
    ok(m != NULL, "the program is a module");
    is_str(m ? m->path : NULL, exe, "named by its path");
    is_uint(offset, (uintptr_t)_here - bias, "offset from its load address");
    _file_build_id(exe, hex);
    {
        char got[41] = "";
        for (unsigned j = 0; m && j < m->build_id_len; j++)
            sprintf(got + 2 * j, "%02x", m->build_id[j]);
        ok(hex[0] != '\0', "the test program has a build-id");
        is_str(got, hex, "read from memory as the file has it");
    }
    m = hl_module_at(hl_module_of((uintptr_t)puts, &offset));
    ok(m && strstr(m->path, "libc.so"), "puts is in libc: %s",
       m ? m->path : "?");
    is_uint(hl_module_of(0x10, &offset), HL_MODULE_NONE,
            "an address in no object has no module");
    is_uint(offset, 0x10, "and keeps its address");

    e = (struct hl_estimate){3 << 20, 6, 1 << 20};
    hl_stack_count(sa, &e, 1);
    e = (struct hl_estimate){5 << 20, 10, 4 << 20};
    hl_stack_count(sb, &e, 1);
    hl_callsites_at_peak();
    e = (struct hl_estimate){5 << 20, 10, 4 << 20};
    hl_stack_count(sb, &e, -1);

    hl_buf_init(&buf, text, sizeof(text));
    hl_callsites_write_sites(&buf, 4096);
    text[buf.len] = '\0';
    {
        const struct hl_stack *s = hl_stack_at(sb), *t = hl_stack_at(sa);
        snprintf(want, sizeof(want),
                 "5242880:10:2097152:%u+%lx;%u+%lx 3145728:6:1048576:%u+%lx;"
                 "%u+%lx;%u+%lx",
                 s->module[0], s->offset[0], s->module[1], s->offset[1],
                 t->module[0], t->offset[0], t->module[1], t->offset[1],
                 t->module[2], t->offset[2]);
    }
    is_str(text, want, "sites at the peak, largest first, se = sqrt(var)");
    hl_buf_init(&buf, text, sizeof(text));
    hl_callsites_write_sites(&buf, strlen(want) - 1);
    text[buf.len] = '\0';
    ok(strchr(text, ' ') == NULL && buf.len > 0 && strlen(want) > buf.len,
       "too little room: whole sites only (%s)", text);

    hl_buf_init(&buf, text, sizeof(text));
    hl_callsites_write_modules(&buf);
    text[buf.len] = '\0';
    snprintf(want, sizeof(want), "%s:%s ", hex, exe);
    ok(strncmp(text, want, strlen(want)) == 0, "modules: build-id:path (%s)",
       text);

    {
        char field[300], whole[8192];

        hl_buf_init(&buf, whole, sizeof(whole));
        hl_callsites_write_sites(&buf, sizeof(field));
        memset(field, 'x', sizeof(field));
        hl_callsites_put_sites(field, sizeof(field));
        ok(!memcmp(field, whole, buf.len) && field[sizeof(field) - 1] == ' ' &&
               strspn(field + buf.len, " ") == sizeof(field) - buf.len,
           "in place: the same sites, padded with spaces");
        memset(field, 'x', sizeof(field));
        hl_callsites_put_sites(field, 10);
        ok(strspn(field, " ") == 10 && field[10] == 'x',
           "no room for a site: spaces only, nothing past the field");
        memset(field, 'x', sizeof(field));
        hl_callsites_put_modules(field, 60);
        ok(field[60] == 'x' && field[59] == ' ' &&
               !strncmp(field, want, strcspn(field, " ")),
           "modules cut at a whole module, padded");
    }
    return done_testing();
}
