#include "callsites_names.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

size_t hl_callsite_frames(struct hl_symbolizer *sym,
                          const struct hl_callsites_db *db, uint32_t stack,
                          struct hl_named_frame *out)
{
    const struct hl_callsite_stack *s = &db->stacks[stack];
    size_t n = 0;

    for (uint32_t i = 0; i < s->depth && n < HL_NAMED_MAX; i++) {
        const struct hl_callsite_frame *f = &db->frames[s->first + i];
        const struct hl_callsite_module *m =
            f->module == HL_CALLSITE_NO_MODULE ? NULL : &db->modules[f->module];
        struct hl_named_frame base = {
            NULL, NULL, 0, m ? m->path : NULL, f->offset, HL_SYM_MISSING};
        const struct hl_sym *syms = NULL;
        unsigned k = 0;

        if (m && m->path[0])
            k = hl_symbolize(sym, m->path, m->build_id, f->offset, &syms,
                             &base.status);
        if (!k)
            out[n++] = base;
        for (unsigned j = 0; j < k && n < HL_NAMED_MAX; j++) {
            out[n] = base;
            out[n].function = syms[j].function;
            out[n].file = syms[j].file;
            out[n].line = syms[j].line;
            n++;
        }
    }
    return n;
}

static const char *_base(const char *path)
{
    const char *slash = strrchr(path, '/');

    return slash ? slash + 1 : path;
}

/* Frames of the language runtimes and of the headers of their libraries
 * (operator new, std::vector's allocator...), which hold no answer to
 * "which part of my program". */
static int _runtime(const struct hl_named_frame *f)
{
    static const char *const libs[] = {"libstdc++",   "libc++",   "libc.so",
                                       "libgfortran", "ld-linux", NULL};
    static const char *const dirs[] = {"/usr/include/", "/usr/lib/gcc/",
                                       "/include/c++/", NULL};
    static const char *const ops[] = {"operator new(", "operator new[](",
                                      "operator delete(", "operator delete[](",
                                      NULL};

    for (int i = 0; f->module && libs[i]; i++)
        if (!strncmp(_base(f->module), libs[i], strlen(libs[i])))
            return 1;
    for (int i = 0; f->file && dirs[i]; i++)
        if (strstr(f->file, dirs[i]))
            return 1;
    /* C++'s global operators, whatever their arguments: in a static
     * program libstdc++'s are the program's, with no file. */
    for (int i = 0; f->function && ops[i]; i++)
        if (!strncmp(f->function, ops[i], strlen(ops[i])))
            return 1;
    return f->function && !strcmp(f->function, "_start");
}

size_t hl_callsite_own(const struct hl_named_frame *f, size_t from, size_t n)
{
    while (from < n && _runtime(&f[from]))
        from++;
    return from;
}

size_t hl_callsite_label(const struct hl_named_frame *f, size_t n)
{
    size_t i = hl_callsite_own(f, 0, n);

    return i < n ? i : 0;
}

void hl_named_frame_text(const struct hl_named_frame *f, char *buf, size_t len)
{
    if (f->function && f->file && f->line)
        snprintf(buf, len, "%s (%s:%u)", f->function, _base(f->file), f->line);
    else if (f->function)
        snprintf(buf, len, "%s", f->function);
    else if (f->module)
        snprintf(buf, len, "%s+0x%" PRIx64, _base(f->module), f->offset);
    else
        snprintf(buf, len, "0x%" PRIx64, f->offset);
}

void hl_callsite_label_text(struct hl_symbolizer *sym,
                            const struct hl_callsites_db *db, uint32_t stack,
                            size_t callers, char *buf, size_t len)
{
    struct hl_named_frame f[HL_NAMED_MAX];
    size_t n = hl_callsite_frames(sym, db, stack, f), at = 0;
    char one[512];

    if (!n) {
        snprintf(buf, len, "(other stacks: the library's table was full)");
        return;
    }
    hl_named_frame_text(&f[hl_callsite_label(f, n)], one, sizeof(one));
    at = (size_t)snprintf(buf, len, "%s", one);
    for (size_t i = hl_callsite_own(f, hl_callsite_label(f, n) + 1, n);
         i < n && callers-- > 0 && at < len; i = hl_callsite_own(f, i + 1, n)) {
        hl_named_frame_text(&f[i], one, sizeof(one));
        at += (size_t)snprintf(buf + at, len - at, " <- %s", one);
    }
}
