/* The at-peak table: taken at the milestones, written into the record. */
#include "callsites.h"
#include "callsites_modules.h"
#include "callsites_peak.h"
#include "callsites_stacks.h"
#include "record_format.h"

#include <string.h>

/* A sum that a fork in the middle of an update left below zero. */
static uint64_t _load(const uint64_t *v)
{
    uint64_t x = __atomic_load_n(v, __ATOMIC_RELAXED);

    return x >> 63 ? 0 : x;
}

static void _keep(struct hl_stack *s)
{
    s->at_peak.bytes = _load(&s->live.bytes);
    s->at_peak.count = _load(&s->live.count);
    s->at_peak.variance = _load(&s->live.variance);
}

void hl_callsites_at_peak(void)
{
    unsigned n = hl_stacks_used();

    if (!hl_callsites_sampled())
        return;
    for (unsigned k = 0; k < n; k++) {
        uint32_t i = hl_stack_nth(k);
        if (i != HL_STACK_OTHER)
            _keep(hl_stack_at(i));
    }
    _keep(hl_stack_at(HL_STACK_OTHER));
}

static void _callsite(struct hl_buf *b, const struct hl_stack *s)
{
    struct hl_callsite_estimate e = {s->at_peak.bytes, s->at_peak.count,
                                     hl_sampler_se(s->at_peak.variance)};

    hl_callsite_put_estimate(b, &e);
    for (uint32_t i = 0; i < s->depth; i++) {
        struct hl_callsite_frame f = {
            s->offset[i], s->module[i] == HL_MODULE_NONE ? HL_CALLSITE_NO_MODULE
                                                         : s->module[i]};
        hl_callsite_put_frame(b, i, &f);
    }
}

/* The stacks with the most bytes at the peak, largest first: top[0..n). */
static unsigned _top(uint32_t *top)
{
    unsigned used = hl_stacks_used(), n = 0;

    for (unsigned k = 0; k <= used; k++) {
        uint32_t i = k < used ? hl_stack_nth(k) : HL_STACK_OTHER;
        uint64_t bytes;
        unsigned at;

        if ((k < used && i == HL_STACK_OTHER) || !hl_stack_at(i)->at_peak.count)
            continue;
        bytes = hl_stack_at(i)->at_peak.bytes;
        at = n < HL_CALLSITES_WRITTEN ? n++ : HL_CALLSITES_WRITTEN;
        if (at == HL_CALLSITES_WRITTEN &&
            bytes <= hl_stack_at(top[HL_CALLSITES_WRITTEN - 1])->at_peak.bytes)
            continue;
        if (at == HL_CALLSITES_WRITTEN)
            at = HL_CALLSITES_WRITTEN - 1;
        while (at > 0 && hl_stack_at(top[at - 1])->at_peak.bytes < bytes) {
            top[at] = top[at - 1];
            at--;
        }
        top[at] = i;
    }
    return n;
}

void hl_callsites_write_sites(struct hl_buf *b, size_t max)
{
    uint32_t top[HL_CALLSITES_WRITTEN];
    /* The widest site: its estimate and, per frame, a module below
     * HL_MODULES, '+', 16 hexadecimal digits and ';'. */
    char one[64 + HL_STACK_DEPTH * 24];
    size_t start = b->len;
    unsigned n;

    if (!hl_callsites_sampled())
        return;
    n = _top(top);
    for (unsigned k = 0; k < n; k++) {
        struct hl_buf s;

        hl_buf_init(&s, one, sizeof(one));
        if (b->len > start)
            hl_buf_char(&s, HL_CALLSITES_SEP);
        _callsite(&s, hl_stack_at(top[k]));
        if (s.overflow || b->len - start + s.len > max)
            break;
        hl_buf_mem(b, one, s.len);
    }
}

void hl_callsites_write_modules(struct hl_buf *b)
{
    unsigned n = hl_modules_count();

    if (!hl_callsites_settings.on)
        return;
    for (unsigned i = 0; i < n; i++) {
        const struct hl_module *m = hl_module_at(i);

        if (i)
            hl_buf_char(b, HL_CALLSITES_SEP);
        if (m)
            hl_callsite_put_module(b, m->build_id, m->build_id_len, m->path);
        else
            hl_callsite_put_module(b, NULL, 0, "");
    }
}

/* Room for the text of either field; static, since only the milestone's
 * writer uses it, and the allocating thread's stack may be small. */
static char _text[65536];

static void _put(char *field, size_t cap, const char *text, size_t len)
{
    memcpy(field, text, len);
    memset(field + len, HL_CALLSITES_SEP, cap - len);
}

void hl_callsites_put_sites(char *field, size_t cap)
{
    struct hl_buf b;

    if (!cap)
        return;
    hl_buf_init(&b, _text, cap < sizeof(_text) ? cap + 1 : sizeof(_text));
    hl_callsites_write_sites(&b, cap);
    field[0] = HL_FIELD_REWRITING;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    if (b.len)
        _put(field + 1, cap - 1, _text + 1, b.len - 1);
    else
        _put(field + 1, cap - 1, "", 0);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    field[0] = b.len ? _text[0] : HL_CALLSITES_SEP;
}

/* The modules' text in buf[0..cap], cut at the last whole module (the
 * indices stay those of the record): its length, at most cap. */
static size_t _modules(char *buf, size_t cap)
{
    struct hl_buf b;

    hl_buf_init(&b, buf, cap + 1);
    hl_callsites_write_modules(&b);
    while (b.overflow && b.len && buf[b.len - 1] != HL_CALLSITES_SEP)
        b.len--;
    return b.len > cap ? cap : b.len;
}

void hl_callsites_put_modules(char *field, size_t cap)
{
    size_t room = cap < sizeof(_text) ? cap : sizeof(_text) - 1;

    _put(field, room, _text, _modules(_text, room));
}

const char *hl_callsites_final_sites(void)
{
    static char text[HL_CALLSITES_FIELD + 1];
    struct hl_buf b;

    hl_buf_init(&b, text, sizeof(text));
    hl_callsites_write_sites(&b, HL_CALLSITES_FIELD);
    text[b.len] = '\0';
    return text;
}

/* A buffer of its own: a milestone of another thread may be writing into
 * _text meanwhile. With no padding. */
const char *hl_callsites_final_modules(void)
{
    static char text[HL_MODULES_FIELD + 1];
    size_t n = _modules(text, HL_MODULES_FIELD);

    while (n && text[n - 1] == HL_CALLSITES_SEP)
        n--;
    text[n] = '\0';
    return text;
}

/* The table of stacks is mapped at the first sample, and only with
 * sites on. */
int hl_callsites_sampled(void)
{
    return hl_stack_at(HL_STACK_OTHER) != NULL;
}
