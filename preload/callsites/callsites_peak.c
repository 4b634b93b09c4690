/* The at-peak table: taken at the milestones, written into the record. */
#include "callsites.h"
#include "callsites_modules.h"
#include "callsites_stacks.h"
#include "callsites_text.h"
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

    if (!hl_callsites_settings.on)
        return;
    for (unsigned k = 0; k < n; k++) {
        uint32_t i = hl_stack_nth(k);
        if (i != HL_STACK_OTHER)
            _keep(hl_stack_at(i));
    }
    _keep(hl_stack_at(HL_STACK_OTHER));
}

static void _hex(struct hl_buf *b, uint64_t v)
{
    char d[16];
    int n = 0;

    do
        d[n++] = "0123456789abcdef"[v & 15];
    while (v >>= 4);
    while (n)
        hl_buf_char(b, d[--n]);
}

static void _callsite(struct hl_buf *b, const struct hl_stack *s)
{
    hl_buf_u64(b, s->at_peak.bytes);
    hl_buf_char(b, ':');
    hl_buf_u64(b, s->at_peak.count);
    hl_buf_char(b, ':');
    hl_buf_u64(b, hl_sampler_se(s->at_peak.variance));
    hl_buf_char(b, ':');
    for (uint32_t f = 0; f < s->depth; f++) {
        if (f)
            hl_buf_char(b, ';');
        if (s->module[f] == HL_MODULE_NONE)
            hl_buf_char(b, '?');
        else
            hl_buf_u64(b, s->module[f]);
        hl_buf_char(b, '+');
        _hex(b, s->offset[f]);
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
    char one[HL_STACK_DEPTH * 24 + 64];
    size_t start = b->len;
    unsigned n;

    if (!hl_callsites_settings.on)
        return;
    n = _top(top);
    for (unsigned k = 0; k < n; k++) {
        struct hl_buf s;

        hl_buf_init(&s, one, sizeof(one));
        if (b->len > start)
            hl_buf_char(&s, ' ');
        _callsite(&s, hl_stack_at(top[k]));
        if (s.overflow || b->len - start + s.len > max)
            break;
        hl_buf_mem(b, one, s.len);
    }
}

/* Bytes a path may hold that the field's grammar or a CSV reader would
 * take for something else are written %XX. */
static void _path(struct hl_buf *b, const char *p)
{
    for (; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c <= ' ' || c >= 0x7f || c == '%' || c == '"' || c == ',') {
            hl_buf_char(b, '%');
            hl_buf_char(b, "0123456789ABCDEF"[c >> 4]);
            hl_buf_char(b, "0123456789ABCDEF"[c & 15]);
        } else {
            hl_buf_char(b, (char)c);
        }
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
            hl_buf_char(b, ' ');
        if (m)
            for (unsigned j = 0; j < m->build_id_len; j++) {
                hl_buf_char(b, "0123456789abcdef"[m->build_id[j] >> 4]);
                hl_buf_char(b, "0123456789abcdef"[m->build_id[j] & 15]);
            }
        hl_buf_char(b, ':');
        if (m)
            _path(b, m->path);
    }
}

/* Room for the text of either field; static, since only the milestone's
 * writer uses it, and the allocating thread's stack may be small. */
static char _text[65536];

static void _put(char *field, size_t cap, const char *text, size_t len)
{
    memcpy(field, text, len);
    memset(field + len, ' ', cap - len);
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
    field[0] = b.len ? _text[0] : ' ';
}

/* The modules field in buf[0..cap), cut at the last whole module (the
 * indices stay those of the record) and padded with spaces. */
static void _modules(char *buf, size_t cap, char *field)
{
    struct hl_buf b;

    hl_buf_init(&b, buf, cap + 1);
    hl_callsites_write_modules(&b);
    while (b.overflow && b.len && buf[b.len - 1] != ' ')
        b.len--;
    if (b.len > cap)
        b.len = cap;
    _put(field, cap, buf, b.len);
}

void hl_callsites_put_modules(char *field, size_t cap)
{
    _modules(_text, cap < sizeof(_text) ? cap : sizeof(_text) - 1, field);
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
 * _text meanwhile. */
const char *hl_callsites_final_modules(void)
{
    static char work[HL_MODULES_FIELD + 1], text[HL_MODULES_FIELD + 1];

    _modules(work, HL_MODULES_FIELD, text);
    text[HL_MODULES_FIELD] = '\0';
    /* The final record needs no padding. */
    for (size_t n = HL_MODULES_FIELD; n && text[n - 1] == ' '; n--)
        text[n - 1] = '\0';
    return text;
}
