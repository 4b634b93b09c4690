#define _GNU_SOURCE
#include "symbolize.h"

#include "cu_ranges.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* libstdc++'s demangler (the C++ ABI's). */
extern char *__cxa_demangle(const char *mangled, char *out, size_t *len,
                            int *status);

#define _MAX_INLINED 16

struct _module {
    char *path, *build_id;
    Dwfl *dwfl;
    Dwfl_Module *mod;
    struct hl_cu_ranges *cus; /* read when libdwfl finds no unit */
    bool cus_read;
    enum hl_sym_status status;
};

struct _frame {
    size_t m; /* index in modules: they move as more are added */
    uint64_t offset;
    struct hl_sym *syms;
    unsigned n;
};

struct hl_symbolizer {
    struct _module *modules;
    size_t nmodules;
    struct _frame *frames;
    size_t nframes;
};

static const Dwfl_Callbacks _callbacks = {
    .find_elf = dwfl_build_id_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .section_address = dwfl_offline_section_address,
};

struct hl_symbolizer *hl_symbolizer_new(void)
{
    /* Debug information is looked for on this machine only: a report that
     * asked a debuginfod server could wait on the network at a step's end. */
    unsetenv("DEBUGINFOD_URLS");
    return calloc(1, sizeof(struct hl_symbolizer));
}

/* The module's file, opened only if it is a regular file: its path comes
 * from a record, and a FIFO there must not hang the report. */
static int _open_file(const char *path)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);

    if (fd >= 0 && (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))) {
        close(fd);
        fd = -1;
    }
    return fd;
}

static void _hex(const unsigned char *bits, int len, char *out)
{
    for (int i = 0; i < len; i++)
        sprintf(out + 2 * i, "%02x", bits[i]);
    out[2 * (len > 0 ? len : 0)] = '\0';
}

static void _open(struct _module *m)
{
    const unsigned char *bits;
    GElf_Addr vaddr;
    char id[2 * 64 + 1];
    int len;

    int fd = _open_file(m->path);

    m->status = HL_SYM_MISSING;
    if (fd < 0)
        return;
    m->dwfl = dwfl_begin(&_callbacks);
    if (!m->dwfl) {
        close(fd);
        return;
    }
    /* At base 0, an address in the module is its offset from the load
     * address, as the library records it. libdw takes the descriptor. */
    m->mod = dwfl_report_elf(m->dwfl, m->path, m->path, fd, 0, false);
    dwfl_report_end(m->dwfl, NULL, NULL);
    if (!m->mod) {
        close(fd); /* not taken when the file is refused */
        return;
    }
    len = dwfl_module_build_id(m->mod, &bits, &vaddr);
    if (len > 64)
        len = 64;
    _hex(bits, len, id);
    m->status = !m->build_id[0] || !strcmp(id, m->build_id)
                    ? HL_SYM_FOUND
                    : HL_SYM_OTHER_BUILD;
}

static struct _module *_module(struct hl_symbolizer *s, const char *path,
                               const char *build_id)
{
    struct _module *m;

    for (size_t i = 0; i < s->nmodules; i++)
        if (!strcmp(s->modules[i].path, path) &&
            !strcmp(s->modules[i].build_id, build_id))
            return &s->modules[i];
    m = realloc(s->modules, (s->nmodules + 1) * sizeof(*m));
    if (!m)
        return NULL;
    s->modules = m;
    m = &s->modules[s->nmodules];
    memset(m, 0, sizeof(*m));
    m->path = strdup(path);
    m->build_id = strdup(build_id);
    if (!m->path || !m->build_id) {
        free(m->path);
        free(m->build_id);
        return NULL;
    }
    s->nmodules++;
    _open(m);
    return m;
}

/* gfortran names a module procedure __MODULE_MOD_PROCEDURE. */
static char *_fortran(const char *name)
{
    const char *mod = strstr(name, "_MOD_");
    char *out;

    if (strncmp(name, "__", 2) || !mod || mod == name + 2)
        return strdup(name);
    if (asprintf(&out, "%.*s::%s", (int)(mod - name - 2), name + 2, mod + 5) <
        0)
        return NULL;
    return out;
}

static char *_readable(const char *name)
{
    int st = -1;
    char *d;

    if (!name)
        return NULL;
    if (!strncmp(name, "_Z", 2) &&
        (d = __cxa_demangle(name, NULL, NULL, &st)) && !st)
        return d;
    return _fortran(name);
}

static int _fortran_cu(Dwarf_Die *cu)
{
    int lang = dwarf_srclang(cu);

    return lang == DW_LANG_Fortran77 || lang == DW_LANG_Fortran90 ||
           lang == DW_LANG_Fortran95 || lang == DW_LANG_Fortran03 ||
           lang == DW_LANG_Fortran08;
}

/* A function's name from its DIE: the linkage name demangled (C++), the
 * module procedure spelled module::procedure (Fortran), or its name. */
static char *_die_name(Dwarf_Die *die, Dwarf_Die *cu)
{
    Dwarf_Attribute a;
    const char *name = NULL;
    char *mod;

    if (dwarf_attr_integrate(die, DW_AT_linkage_name, &a) ||
        dwarf_attr_integrate(die, DW_AT_MIPS_linkage_name, &a))
        name = dwarf_formstring(&a);
    if (name && _fortran_cu(cu) && (mod = _fortran(name)) && strcmp(mod, name))
        return mod;
    if (name && !_fortran_cu(cu))
        return _readable(name);
    if (dwarf_attr_integrate(die, DW_AT_name, &a))
        name = dwarf_formstring(&a);
    return name ? strdup(name) : NULL;
}

static const char *_call_file(Dwarf_Die *die, Dwarf_Die *cu)
{
    Dwarf_Files *files;
    Dwarf_Attribute a;
    Dwarf_Word idx;
    size_t n;

    if (!dwarf_attr(die, DW_AT_call_file, &a) || dwarf_formudata(&a, &idx) ||
        dwarf_getsrcfiles(cu, &files, &n) || idx >= n)
        return NULL;
    return dwarf_filesrc(files, idx, NULL, NULL);
}

static unsigned _call_line(Dwarf_Die *die)
{
    Dwarf_Attribute a;
    Dwarf_Word line;

    if (!dwarf_attr(die, DW_AT_call_line, &a) || dwarf_formudata(&a, &line))
        return 0;
    return (unsigned)line;
}

/* The compilation unit holding address at. libdwfl finds it through
 * .debug_aranges, which clang does not write: then from the units' own
 * ranges, read once. */
static Dwarf_Die *_cu_at(struct _module *m, Dwarf_Addr at, Dwarf_Addr *bias,
                         Dwarf_Die *buf)
{
    Dwarf_Die *cu = dwfl_module_addrdie(m->mod, at, bias);
    Dwarf *dw;

    if (cu)
        return cu;
    dw = dwfl_module_getdwarf(m->mod, bias);
    if (dw && !m->cus_read) {
        m->cus = hl_cu_ranges_new(dw);
        m->cus_read = true;
    }
    return dw && m->cus ? hl_cu_ranges_find(m->cus, at - *bias, buf) : NULL;
}

/* Fills f from the module's DWARF, or its symbol table when it has none. */
static void _resolve(struct _frame *f, struct _module *m)
{
    struct hl_sym syms[_MAX_INLINED];
    Dwarf_Addr at = f->offset ? f->offset - 1 : 0, bias = 0;
    Dwarf_Die cu_buf, *cu = _cu_at(m, at, &bias, &cu_buf), *scopes = NULL;
    Dwarf_Line *line = cu ? dwarf_getsrc_die(cu, at - bias) : NULL;
    const char *file = line ? dwarf_linesrc(line, NULL, NULL) : NULL;
    int lineno = 0, n = 0;
    unsigned k = 0;

    if (line)
        dwarf_lineno(line, &lineno);
    /* The scopes at an address stop at the innermost inlined call; from
     * its DIE the chain goes on through every caller it was inlined in. */
    if (cu && dwarf_getscopes(cu, at - bias, &scopes) > 0) {
        Dwarf_Die inner = scopes[0];
        free(scopes);
        scopes = NULL;
        n = dwarf_getscopes_die(&inner, &scopes);
    }
    for (int i = 0; i < n && k < _MAX_INLINED; i++) {
        int tag = dwarf_tag(&scopes[i]);
        if (tag != DW_TAG_subprogram && tag != DW_TAG_inlined_subroutine)
            continue;
        syms[k].function = _die_name(&scopes[i], cu);
        syms[k].file = file ? strdup(file) : NULL;
        syms[k].line = (unsigned)lineno;
        k++;
        if (tag == DW_TAG_subprogram)
            break;
        file = _call_file(&scopes[i], cu);
        lineno = (int)_call_line(&scopes[i]);
    }
    free(scopes);
    if (!k) {
        syms[0].function = _readable(dwfl_module_addrname(m->mod, at));
        syms[0].file = file ? strdup(file) : NULL;
        syms[0].line = (unsigned)lineno;
        k = syms[0].function || syms[0].file;
    }
    f->syms = k ? malloc(k * sizeof(*syms)) : NULL;
    if (f->syms)
        memcpy(f->syms, syms, k * sizeof(*syms));
    f->n = f->syms ? k : 0;
}

unsigned hl_symbolize(struct hl_symbolizer *s, const char *path,
                      const char *build_id, uint64_t offset,
                      const struct hl_sym **out, enum hl_sym_status *status)
{
    struct _module *m = _module(s, path, build_id);
    size_t mi = m ? (size_t)(m - s->modules) : 0;
    struct _frame *f;

    *out = NULL;
    *status = m ? m->status : HL_SYM_MISSING;
    if (!m || m->status != HL_SYM_FOUND)
        return 0;
    for (size_t i = 0; i < s->nframes; i++)
        if (s->frames[i].m == mi && s->frames[i].offset == offset) {
            *out = s->frames[i].syms;
            return s->frames[i].n;
        }
    f = realloc(s->frames, (s->nframes + 1) * sizeof(*f));
    if (!f)
        return 0;
    s->frames = f;
    f = &s->frames[s->nframes++];
    f->m = mi;
    f->offset = offset;
    _resolve(f, m);
    *out = f->syms;
    return f->n;
}

void hl_symbolizer_free(struct hl_symbolizer *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->nframes; i++) {
        for (unsigned k = 0; k < s->frames[i].n; k++) {
            free((char *)s->frames[i].syms[k].function);
            free((char *)s->frames[i].syms[k].file);
        }
        free(s->frames[i].syms);
    }
    for (size_t i = 0; i < s->nmodules; i++) {
        hl_cu_ranges_free(s->modules[i].cus);
        if (s->modules[i].dwfl)
            dwfl_end(s->modules[i].dwfl);
        free(s->modules[i].path);
        free(s->modules[i].build_id);
    }
    free(s->frames);
    free(s->modules);
    free(s);
}
