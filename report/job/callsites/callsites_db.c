#include "callsites_db.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *_grow(void *p, size_t *cap, size_t need, size_t size)
{
    size_t n = *cap ? *cap : 16;
    void *q;

    if (need <= *cap)
        return p;
    while (n < need)
        n *= 2;
    q = realloc(p, n * size);
    if (q)
        *cap = n;
    return q;
}

#define _GROW(arr, cap, need)                                                  \
    ((arr) = _grow((arr), &(cap), (need), sizeof(*(arr))))

static int _err(char *err, size_t errlen, const char *what, unsigned n)
{
    snprintf(err, errlen, "%s %u", what, n);
    return -1;
}

/* The module of path and build-id, added if new; UINT32_MAX out of memory. */
static uint32_t _module(struct hl_callsites_db *db, char *path, const char *id)
{
    for (size_t i = 0; i < db->nmodules; i++)
        if (!strcmp(db->modules[i].path, path) &&
            !strcmp(db->modules[i].build_id, id)) {
            free(path);
            return (uint32_t)i;
        }
    if (!_GROW(db->modules, db->modules_cap, db->nmodules + 1)) {
        free(path);
        return UINT32_MAX;
    }
    db->modules[db->nmodules].path = path;
    strcpy(db->modules[db->nmodules].build_id, id);
    return (uint32_t)db->nmodules++;
}

/* The modules field into map[0..*n): their indices in db. */
static int _parse_modules(struct hl_callsites_db *db, const char *s,
                          uint32_t **map, size_t *n, char *err, size_t errlen)
{
    char id[HL_BUILD_ID_HEX + 1];
    const char *path, *why;
    size_t cap = 0, len;
    int rc;

    *map = NULL;
    *n = 0;
    while ((rc = hl_callsite_module_parse(&s, id, &path, &len, &why)) > 0) {
        char *decoded = malloc(len + 1);
        uint32_t m;

        if (!decoded)
            return -2;
        hl_callsite_path_decode(path, len, decoded);
        m = _module(db, decoded, id);
        if (m == UINT32_MAX || !_GROW(*map, cap, *n + 1))
            return -2;
        (*map)[(*n)++] = m;
    }
    return rc < 0 ? _err(err, errlen, why, (unsigned)*n) : 0;
}

static uint64_t _hash(const struct hl_callsite_frame *f, uint32_t depth)
{
    uint64_t h = 0xcbf29ce484222325ULL ^ depth;

    for (uint32_t i = 0; i < depth; i++)
        h = (h ^ (f[i].offset + ((uint64_t)f[i].module << 48))) *
            0x100000001b3ULL;
    return h ^ (h >> 31);
}

static int _same(const struct hl_callsites_db *db, uint32_t st,
                 const struct hl_callsite_frame *f, uint32_t depth)
{
    const struct hl_callsite_stack *s = &db->stacks[st];

    if (s->depth != depth)
        return 0;
    for (uint32_t i = 0; i < depth; i++)
        if (db->frames[s->first + i].offset != f[i].offset ||
            db->frames[s->first + i].module != f[i].module)
            return 0;
    return 1;
}

static int _rehash(struct hl_callsites_db *db)
{
    size_t n = db->nslots ? db->nslots * 2 : 1024;
    uint32_t *slots = calloc(n, sizeof(*slots));

    if (!slots)
        return -1;
    for (size_t i = 0; i < db->nstacks; i++) {
        const struct hl_callsite_stack *s = &db->stacks[i];
        size_t at = _hash(db->frames + s->first, s->depth) & (n - 1);
        while (slots[at])
            at = (at + 1) & (n - 1);
        slots[at] = (uint32_t)i + 1;
    }
    free(db->slots);
    db->slots = slots;
    db->nslots = n;
    return 0;
}

/* The stack of frames f[0..depth), added if new; UINT32_MAX out of memory. */
static uint32_t _stack(struct hl_callsites_db *db,
                       const struct hl_callsite_frame *f, uint32_t depth)
{
    size_t at;

    if ((db->nstacks + 1) * 2 > db->nslots && _rehash(db))
        return UINT32_MAX;
    at = _hash(f, depth) & (db->nslots - 1);
    for (; db->slots[at]; at = (at + 1) & (db->nslots - 1))
        if (_same(db, db->slots[at] - 1, f, depth))
            return db->slots[at] - 1;
    if (!_GROW(db->stacks, db->stacks_cap, db->nstacks + 1) ||
        !_GROW(db->frames, db->frames_cap, db->nframes + depth))
        return UINT32_MAX;
    memcpy(db->frames + db->nframes, f, depth * sizeof(*f));
    db->stacks[db->nstacks].first = db->nframes;
    db->stacks[db->nstacks].depth = depth;
    db->nframes += depth;
    db->slots[at] = (uint32_t)db->nstacks + 1;
    return (uint32_t)db->nstacks++;
}

int hl_callsites_db_add(struct hl_callsites_db *db, uint64_t rate,
                        const char *callsites, const char *modules,
                        uint32_t *first_callsite, uint32_t *ncallsites,
                        char *err, size_t errlen)
{
    struct hl_callsite_frame frames[HL_CALLSITE_FRAMES_READ_MAX];
    struct hl_callsite_estimate e;
    const char *s = callsites ? callsites : "", *why;
    size_t nmap, first = db->ncallsites;
    uint32_t *map;
    unsigned n = 1, depth;
    int got = 0, rc = _parse_modules(db, modules ? modules : "", &map, &nmap,
                                     err, errlen);

    for (; !rc &&
           (got = hl_callsite_parse(&s, nmap, &e, frames, &depth, &why)) > 0;
         n++) {
        uint32_t stack;

        for (unsigned i = 0; i < depth; i++)
            if (frames[i].module != HL_CALLSITE_NO_MODULE)
                frames[i].module = map[frames[i].module];
        stack = _stack(db, frames, depth);
        if (stack == UINT32_MAX ||
            !_GROW(db->callsites, db->callsites_cap, db->ncallsites + 1))
            rc = -2;
        else
            db->callsites[db->ncallsites++] =
                (struct hl_proc_callsite){e.bytes, e.count, e.se, stack};
    }
    if (!rc && got < 0)
        rc = _err(err, errlen, why, n);
    free(map);
    if (rc)
        db->ncallsites = first;
    else if (rate > db->rate)
        db->rate = rate;
    *first_callsite = (uint32_t)first;
    *ncallsites = (uint32_t)(db->ncallsites - first);
    return rc;
}

static int _module_cmp(const struct hl_callsites_db *db, uint32_t a, uint32_t b)
{
    int c;

    if (a == b)
        return 0;
    if (a == HL_CALLSITE_NO_MODULE || b == HL_CALLSITE_NO_MODULE)
        return a == HL_CALLSITE_NO_MODULE ? 1 : -1;
    c = strcmp(db->modules[a].path, db->modules[b].path);
    return c ? c : strcmp(db->modules[a].build_id, db->modules[b].build_id);
}

int hl_callsites_stack_cmp(const struct hl_callsites_db *db, uint32_t a,
                           uint32_t b)
{
    const struct hl_callsite_stack *x = &db->stacks[a], *y = &db->stacks[b];

    for (uint32_t i = 0; i < x->depth && i < y->depth; i++) {
        const struct hl_callsite_frame *f = &db->frames[x->first + i],
                                       *g = &db->frames[y->first + i];
        int c = _module_cmp(db, f->module, g->module);

        if (c)
            return c;
        if (f->offset != g->offset)
            return f->offset < g->offset ? -1 : 1;
    }
    return x->depth < y->depth ? -1 : x->depth > y->depth;
}

void hl_callsites_db_free(struct hl_callsites_db *db)
{
    for (size_t i = 0; i < db->nmodules; i++)
        free(db->modules[i].path);
    free(db->modules);
    free(db->frames);
    free(db->stacks);
    free(db->slots);
    free(db->callsites);
    memset(db, 0, sizeof(*db));
}
