#include "callsites_db.h"
#include "record_format.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define _MAX_FRAMES 256

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

static int _hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* A digit of the grammar: decimal, or lowercase hexadecimal. */
static int _digit(char c, int hex)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    return hex && c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* A path %-decoded into a new string; NULL when broken or out of memory
 * (*bad says which). */
static char *_decode(const char *s, size_t n, int *bad)
{
    char *out = malloc(n + 1);
    size_t o = 0;

    *bad = 0;
    if (!out)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '%') {
            out[o++] = s[i];
            continue;
        }
        if (i + 2 >= n || _hexval(s[i + 1]) < 0 || _hexval(s[i + 2]) < 0) {
            free(out);
            *bad = 1;
            return NULL;
        }
        out[o++] = (char)(_hexval(s[i + 1]) * 16 + _hexval(s[i + 2]));
        i += 2;
    }
    out[o] = '\0';
    if (!o || memchr(out, '\0', o)) {
        free(out);
        *bad = 1;
        return NULL;
    }
    return out;
}

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

static const char *_skip_spaces(const char *s)
{
    while (*s == ' ')
        s++;
    return s;
}

/* The modules field into map[0..*n): their indices in db. */
static int _parse_modules(struct hl_callsites_db *db, const char *s,
                          uint32_t **map, size_t *n, char *err, size_t errlen)
{
    size_t cap = 0;

    *map = NULL;
    *n = 0;
    for (s = _skip_spaces(s); *s; s = _skip_spaces(s)) {
        const char *colon = strchr(s, ':');
        const char *end = s + strcspn(s, " ");
        char id[41];
        char *path;
        int bad;
        uint32_t m;

        if (!colon || colon > end || colon - s > 40 || (colon - s) % 2)
            return _err(err, errlen, "modules: bad build-id in module",
                        (unsigned)*n);
        for (const char *c = s; c < colon; c++)
            if (_digit(*c, 1) < 0)
                return _err(err, errlen, "modules: bad build-id in module",
                            (unsigned)*n);
        memcpy(id, s, (size_t)(colon - s));
        id[colon - s] = '\0';
        /* An empty path: the library could not name the module. */
        bad = 0;
        path = colon + 1 < end
                   ? _decode(colon + 1, (size_t)(end - colon - 1), &bad)
                   : strdup("");
        if (bad)
            return _err(err, errlen, "modules: bad path in module",
                        (unsigned)*n);
        if (!path)
            return -2;
        m = _module(db, path, id);
        if (m == UINT32_MAX || !_GROW(*map, cap, *n + 1))
            return -2;
        (*map)[(*n)++] = m;
        s = end;
    }
    return 0;
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

static int _u64(const char **s, uint64_t *v, int hex)
{
    const char *p = *s;
    uint64_t x = 0;
    int d;

    for (; (d = _digit(*p, hex)) >= 0; p++) {
        if (x > (UINT64_MAX - (uint64_t)d) / (hex ? 16 : 10))
            return -1;
        x = x * (hex ? 16 : 10) + (uint64_t)d;
    }
    if (p == *s)
        return -1;
    *s = p;
    *v = x;
    return 0;
}

/* One frame, "module+hex" or "?+hex". */
static int _frame(const char **s, const uint32_t *map, size_t nmap,
                  struct hl_callsite_frame *f)
{
    uint64_t m;

    if (**s == '?') {
        (*s)++;
        f->module = HL_CALLSITE_NO_MODULE;
    } else if (_u64(s, &m, 0) || m >= nmap) {
        return -1;
    } else {
        f->module = map[m];
    }
    if (**s != '+')
        return -1;
    (*s)++;
    return _u64(s, &f->offset, 1);
}

int hl_callsites_db_add(struct hl_callsites_db *db, uint64_t rate,
                        const char *callsites, const char *modules,
                        uint32_t *first_callsite, uint32_t *ncallsites,
                        char *err, size_t errlen)
{
    struct hl_callsite_frame frames[_MAX_FRAMES];
    size_t nmap, first = db->ncallsites;
    uint32_t *map;
    unsigned n = 0;
    int rc =
        _parse_modules(db, modules ? modules : "", &map, &nmap, err, errlen);

    /* The library writes a site's first byte last: a record whose process
     * died in the middle of rewriting its sites keeps this mark. */
    if (!rc && *_skip_spaces(callsites ? callsites : "") == HL_FIELD_REWRITING)
        rc = _err(err, errlen, "sites: cut short while rewritten, site", 1);

    for (const char *s = _skip_spaces(callsites ? callsites : ""); !rc && *s;
         s = _skip_spaces(s), n++) {
        struct hl_proc_callsite ps = {0, 0, 0, 0};
        uint32_t depth = 0;

        if (_u64(&s, &ps.bytes, 0) || *s++ != ':' || _u64(&s, &ps.count, 0) ||
            *s++ != ':' || _u64(&s, &ps.se, 0) || *s++ != ':') {
            rc = _err(err, errlen, "sites: bad estimate in site", n + 1);
            break;
        }
        while (!rc && *s && *s != ' ') {
            if ((depth && *s++ != ';') || depth == _MAX_FRAMES ||
                _frame(&s, map, nmap, &frames[depth++]))
                rc = _err(err, errlen, "sites: bad frame in site", n + 1);
        }
        if (rc)
            break;
        ps.stack = _stack(db, frames, depth);
        if (ps.stack == UINT32_MAX ||
            !_GROW(db->callsites, db->callsites_cap, db->ncallsites + 1))
            rc = -2;
        else
            db->callsites[db->ncallsites++] = ps;
    }
    free(map);
    if (rc)
        db->ncallsites = first;
    else if (rate > db->rate)
        db->rate = rate;
    *first_callsite = (uint32_t)first;
    *ncallsites = (uint32_t)(db->ncallsites - first);
    return rc;
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
