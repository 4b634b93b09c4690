#define _GNU_SOURCE
#include "config.h"
#include "callsites_modules.h"
#include "alloc/objects.h"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <string.h>
#include <unistd.h>

#define _POOL 65536

static struct hl_module _modules[HL_MODULES];
static int _ready[HL_MODULES];
static unsigned _count;
static char _pool[_POOL];
static size_t _pool_used;
static char _exe[4096];

void hl_modules_init(void)
{
    ssize_t n = readlink("/proc/self/exe", _exe, sizeof(_exe) - 1);

    _exe[n > 0 ? n : 0] = '\0';
}

static const char *_keep_path(const char *path)
{
    size_t n = strlen(path) + 1;
    size_t at = __atomic_fetch_add(&_pool_used, n, __ATOMIC_RELAXED);

    if (at + n > _POOL)
        return "";
    memcpy(_pool + at, path, n);
    return _pool + at;
}

/* The GNU build-id note among the object's program headers, if any,
 * read where it is mapped. */
static void _build_id(struct hl_module *m, const ElfW(Phdr) * ph, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uintptr_t at = m->bias + ph[i].p_vaddr;
        uintptr_t end = at + ph[i].p_memsz;

        if (ph[i].p_type != PT_NOTE || at < m->start || end > m->end)
            continue;
        while (at + sizeof(ElfW(Nhdr)) <= end) {
            const ElfW(Nhdr) *nh = (const ElfW(Nhdr) *)at;
            uintptr_t name = at + sizeof(*nh);
            uintptr_t desc = name + ((nh->n_namesz + 3) & ~3u);

            at = desc + ((nh->n_descsz + 3) & ~3u);
            if (at > end)
                break;
            if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 &&
                !memcmp((const void *)name, "GNU", 4) && nh->n_descsz &&
                nh->n_descsz <= sizeof(m->build_id)) {
                memcpy(m->build_id, (const void *)desc, nh->n_descsz);
                m->build_id_len = (uint8_t)nh->n_descsz;
                return;
            }
        }
    }
}

/* The program headers of the object mapped at start, from its ELF header
 * (the first mapped page holds it). */
static void _read_elf(struct hl_module *m)
{
    const ElfW(Ehdr) *eh = (const ElfW(Ehdr) *)m->start;
    uintptr_t ph;

    if (m->end - m->start < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG))
        return;
    ph = m->start + eh->e_phoff;
    if (eh->e_phentsize != sizeof(ElfW(Phdr)) ||
        ph + eh->e_phnum * sizeof(ElfW(Phdr)) > m->end)
        return;
    _build_id(m, (const ElfW(Phdr) *)ph, eh->e_phnum);
}

/* Two threads that meet a new object at once may both register it: the
 * report reads modules by path and build-id, not by index. */
static unsigned _register(const struct hl_object *o)
{
    unsigned i = __atomic_fetch_add(&_count, 1, __ATOMIC_RELAXED);
    struct hl_module *m;

    if (i >= HL_MODULES)
        return HL_MODULE_NONE;
    m = &_modules[i];
    m->start = o->start;
    m->end = o->end;
    m->bias = o->bias;
    m->path = _keep_path(o->name[0] ? o->name : _exe);
    _read_elf(m);
    __atomic_store_n(&_ready[i], 1, __ATOMIC_RELEASE);
    return i;
}

#if HAVE__DL_FIND_OBJECT
static unsigned _find(uintptr_t start, uintptr_t end)
{
    unsigned n = __atomic_load_n(&_count, __ATOMIC_ACQUIRE);

    for (unsigned i = 0; i < n && i < HL_MODULES; i++)
        if (__atomic_load_n(&_ready[i], __ATOMIC_ACQUIRE) &&
            _modules[i].start == start && _modules[i].end == end)
            return i;
    return HL_MODULE_NONE;
}

/* The object is asked of the loader at every frame (no lock taken), so
 * that an object unloaded and another loaded in its place are told
 * apart. */
static unsigned _module_at(uintptr_t pc)
{
    struct hl_object o;
    unsigned i;

    if (hl_object_find((void *)pc, &o) != 0)
        return HL_MODULE_NONE;
    i = _find(o.start, o.end);
    return i != HL_MODULE_NONE ? i : _register(&o);
}
#else
/* Without _dl_find_object the loader is asked only for an address that no
 * known module holds (its list walked under its lock): each object once.
 * An object loaded where an unloaded one was is then named as that one. */
static unsigned _module_at(uintptr_t pc)
{
    unsigned n = __atomic_load_n(&_count, __ATOMIC_ACQUIRE);
    struct hl_object o;

    for (unsigned i = 0; i < n && i < HL_MODULES; i++)
        if (__atomic_load_n(&_ready[i], __ATOMIC_ACQUIRE) &&
            _modules[i].start <= pc && pc < _modules[i].end)
            return i;
    return hl_object_find((void *)pc, &o) == 0 ? _register(&o) : HL_MODULE_NONE;
}
#endif

unsigned hl_module_of(uintptr_t pc, uintptr_t *offset)
{
    unsigned i = _module_at(pc);

    *offset = i != HL_MODULE_NONE ? pc - _modules[i].bias : pc;
    return i;
}

unsigned hl_modules_count(void)
{
    unsigned n = __atomic_load_n(&_count, __ATOMIC_ACQUIRE);

    return n < HL_MODULES ? n : HL_MODULES;
}

const struct hl_module *hl_module_at(unsigned i)
{
    if (i >= HL_MODULES || !__atomic_load_n(&_ready[i], __ATOMIC_ACQUIRE))
        return NULL;
    return &_modules[i];
}
