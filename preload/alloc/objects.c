#define _GNU_SOURCE
#include "config.h"
#include "objects.h"

#include <dlfcn.h>
#include <link.h>
#include <unistd.h>

struct _search {
    uintptr_t addr, page;
    struct hl_object *obj;
};

/* As the loader computes an object's mapping (l_map_start, l_map_end):
 * from its first loadable segment's page to its last one's end. */
static int _holds(struct dl_phdr_info *info, size_t size, void *arg)
{
    struct _search *s = arg;
    uintptr_t lo = UINTPTR_MAX, hi = 0;

    (void)size;
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

        if (ph->p_type != PT_LOAD)
            continue;
        if (info->dlpi_addr + (ph->p_vaddr & ~(s->page - 1)) < lo)
            lo = info->dlpi_addr + (ph->p_vaddr & ~(s->page - 1));
        if (info->dlpi_addr + ph->p_vaddr + ph->p_memsz > hi)
            hi = info->dlpi_addr + ph->p_vaddr + ph->p_memsz;
    }
    if (s->addr < lo || s->addr >= hi)
        return 0;
    s->obj->start = lo;
    s->obj->end = hi;
    s->obj->bias = info->dlpi_addr;
    s->obj->name = info->dlpi_name ? info->dlpi_name : "";
    return 1;
}

int hl_object_find(const void *addr, struct hl_object *obj)
{
    struct _search s;
#if HAVE__DL_FIND_OBJECT
    struct dl_find_object o;

    if (_dl_find_object((void *)addr, &o) == 0) {
        obj->start = (uintptr_t)o.dlfo_map_start;
        obj->end = (uintptr_t)o.dlfo_map_end;
        obj->bias = o.dlfo_link_map->l_addr;
        obj->name = o.dlfo_link_map->l_name ? o.dlfo_link_map->l_name : "";
        return 0;
    }
#endif
    s.addr = (uintptr_t)addr;
    s.page = (uintptr_t)sysconf(_SC_PAGESIZE);
    s.obj = obj;
    return addr && dl_iterate_phdr(_holds, &s) ? 0 : -1;
}

uintptr_t hl_object_start(const void *addr)
{
    struct hl_object obj;

    return hl_object_find(addr, &obj) == 0 ? obj.start : 0;
}
