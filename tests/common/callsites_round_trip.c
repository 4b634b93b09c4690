/* Proves that the record's sites and modules columns are read as the
 * library writes them (common/callsites_write.c, then callsites_read.c),
 * for every value their fields can take: estimates of 0 to UINT64_MAX,
 * sites of no frame to the most the library writes and the most a reader
 * takes, every module index and an address in no module, offsets to the
 * largest, build-ids of every length to the longest and every byte, paths
 * of every byte (those the grammar or CSV would misread %-encoded) and the
 * empty path; runs of spaces between, before and after (the provisional
 * record's padding). And that a build-id longer than the grammar's is
 * written as none, a site of more frames than a reader takes refused. */
#include <stdint.h>
#include <string.h>

#include "../tap.h"
#include "callsites_text.h"

#define _N(a) (sizeof(a) / sizeof((a)[0]))

/* Room for the largest field the test writes. */
static char _text[1 << 18];

static const uint64_t _values[] = {0, 1, 9, 10, UINT32_MAX, UINT64_MAX};
static const uint64_t _offsets[] = {
    0,         1, 9, 0xa, 0xf, 0x10, 0x7f01, UINT32_MAX, 0xabcdef0123456789ull,
    UINT64_MAX};

/* The modules: one of each build-id length (0 to the longest), then
 * enough of the longest to hold every byte value once. */
#define _ID_LENGTHS (HL_BUILD_ID_BYTES + 1)
#define _NMODULES                                                              \
    (_ID_LENGTHS + (256 + HL_BUILD_ID_BYTES - 1) / HL_BUILD_ID_BYTES)

struct _module {
    uint8_t id[HL_BUILD_ID_BYTES];
    unsigned len;
    const char *path;
};

static struct _module _modules[_NMODULES];

/* Every byte but NUL, and paths that hold what the grammar spells. */
static char _every_byte[256];
static const char *const _paths[] = {
    _every_byte,
    "",
    "/lib/x86_64-linux-gnu/libc.so.6",
    "/home/me/a b,c\"d%e",
    "%00",
    "%",
    "a:b;c+d?e!f",
    "/tmp/\xc3\xa9t\xc3\xa9\n\r\t",
};

static void _make_modules(void)
{
    for (unsigned c = 1; c < 256; c++)
        _every_byte[c - 1] = (char)c;
    for (unsigned m = 0; m < _NMODULES; m++) {
        struct _module *mod = &_modules[m];

        mod->len = m < _ID_LENGTHS ? m : HL_BUILD_ID_BYTES;
        for (unsigned j = 0; j < mod->len; j++)
            mod->id[j] =
                m < _ID_LENGTHS
                    ? (uint8_t)(0xa5 + m * 7 + j)
                    : (uint8_t)((m - _ID_LENGTHS) * HL_BUILD_ID_BYTES + j);
        mod->path = _paths[m % _N(_paths)];
    }
}

static void _hex(const uint8_t *id, unsigned len, char *out)
{
    for (unsigned j = 0; j < len; j++) {
        out[2 * j] = "0123456789abcdef"[id[j] >> 4];
        out[2 * j + 1] = "0123456789abcdef"[id[j] & 15];
    }
    out[2 * len] = '\0';
}

/* Before entry k of a field: pad, then the separator but before the
 * first, so that the field starts and ends with pad and its entries are
 * apart by pad and one space. */
static void _between(struct hl_buf *b, unsigned k, const char *pad)
{
    hl_buf_str(b, pad);
    if (k)
        hl_buf_char(b, HL_CALLSITES_SEP);
}

/* Each module read back as written: its build-id and its path. */
static void _modules_round_trip(const char *pad)
{
    struct hl_buf b;
    const char *s = _text, *path, *why = "";
    char id[HL_BUILD_ID_HEX + 1], want[HL_BUILD_ID_HEX + 1];
    char decoded[1024];
    size_t len;
    unsigned n = 0, good = 0;
    int rc;

    hl_buf_init(&b, _text, sizeof(_text));
    for (unsigned m = 0; m < _NMODULES; m++) {
        _between(&b, m, pad);
        hl_callsite_put_module(&b, _modules[m].id, _modules[m].len,
                               _modules[m].path);
    }
    hl_buf_str(&b, pad);
    ok(!b.overflow && !strpbrk(_text, ",\"\n\r"),
       "modules written: no comma, quote or line break (%zu bytes)", b.len);
    while ((rc = hl_callsite_module_parse(&s, id, &path, &len, &why)) > 0 &&
           n < _NMODULES) {
        _hex(_modules[n].id, _modules[n].len, want);
        if (len < sizeof(decoded)) {
            hl_callsite_path_decode(path, len, decoded);
            good += !strcmp(id, want) && !strcmp(decoded, _modules[n].path);
        }
        n++;
    }
    is_int(rc, 0, "modules read to the end (%s)", rc < 0 ? why : "");
    is_uint(n, _NMODULES, "every module read, padded with '%s'", pad);
    is_uint(good, _NMODULES, "each with its build-id and path");
}

static void _estimate_of(unsigned k, struct hl_callsite_estimate *e)
{
    e->bytes = _values[k % _N(_values)];
    e->count = _values[(k + 2) % _N(_values)];
    e->se = _values[(k + 4) % _N(_values)];
}

/* Frame i of site k: every module index, and no module, in turn. */
static void _frame_of(unsigned k, unsigned i, struct hl_callsite_frame *f)
{
    unsigned at = k * 7 + i;

    f->module = at % (_NMODULES + 1) == _NMODULES ? HL_CALLSITE_NO_MODULE
                                                  : at % (_NMODULES + 1);
    f->offset = _offsets[at % _N(_offsets)];
}

/* Site k's depth: none, one, the most the library writes, then the
 * others in turn. */
static unsigned _depth_of(unsigned k)
{
    return k == 0 ? 0 : k == 1 ? HL_CALLSITE_FRAMES : k % HL_CALLSITE_FRAMES;
}

static void _put_site(struct hl_buf *b, unsigned k, unsigned depth)
{
    struct hl_callsite_estimate e;
    struct hl_callsite_frame f;

    _estimate_of(k, &e);
    hl_callsite_put_estimate(b, &e);
    for (unsigned i = 0; i < depth; i++) {
        _frame_of(k, i, &f);
        hl_callsite_put_frame(b, i, &f);
    }
}

/* Whether the site just read is site k of depth as written. */
static int _same_site(unsigned k, unsigned want_depth,
                      const struct hl_callsite_estimate *e,
                      const struct hl_callsite_frame *f, unsigned depth)
{
    struct hl_callsite_estimate we;
    struct hl_callsite_frame wf;

    _estimate_of(k, &we);
    if (depth != want_depth || e->bytes != we.bytes || e->count != we.count ||
        e->se != we.se)
        return 0;
    for (unsigned i = 0; i < depth; i++) {
        _frame_of(k, i, &wf);
        if (f[i].module != wf.module || f[i].offset != wf.offset)
            return 0;
    }
    return 1;
}

static void _sites_round_trip(const char *pad)
{
    static struct hl_callsite_frame f[HL_CALLSITE_FRAMES_READ_MAX];
    struct hl_callsite_estimate e;
    struct hl_buf b;
    const char *s = _text, *why = "";
    unsigned n = 0, good = 0, depth;
    int rc;

    hl_buf_init(&b, _text, sizeof(_text));
    for (unsigned k = 0; k < HL_CALLSITES_WRITTEN; k++) {
        _between(&b, k, pad);
        _put_site(&b, k, _depth_of(k));
    }
    hl_buf_str(&b, pad);
    ok(!b.overflow && !strpbrk(_text, ",\"\n\r"),
       "sites written: no comma, quote or line break (%zu bytes)", b.len);
    while ((rc = hl_callsite_parse(&s, _NMODULES, &e, f, &depth, &why)) > 0 &&
           n < HL_CALLSITES_WRITTEN) {
        good += _same_site(n, _depth_of(n), &e, f, depth);
        n++;
    }
    is_int(rc, 0, "sites read to the end (%s)", rc < 0 ? why : "");
    is_uint(n, HL_CALLSITES_WRITTEN, "every site read, padded with '%s'", pad);
    is_uint(good, HL_CALLSITES_WRITTEN, "each with its estimate and frames");
}

/* A site of as many frames as a reader takes is read; one more, not. */
static void _frames_read_max(void)
{
    static struct hl_callsite_frame f[HL_CALLSITE_FRAMES_READ_MAX];
    struct hl_callsite_estimate e;
    struct hl_callsite_frame one;
    struct hl_buf b;
    const char *s = _text, *why = "";
    unsigned depth;

    hl_buf_init(&b, _text, sizeof(_text));
    _put_site(&b, 5, HL_CALLSITE_FRAMES_READ_MAX);
    is_int(hl_callsite_parse(&s, _NMODULES, &e, f, &depth, &why), 1,
           "a site of %u frames is read", HL_CALLSITE_FRAMES_READ_MAX);
    ok(_same_site(5, HL_CALLSITE_FRAMES_READ_MAX, &e, f, depth),
       "as it was written");
    _frame_of(5, HL_CALLSITE_FRAMES_READ_MAX, &one);
    hl_callsite_put_frame(&b, HL_CALLSITE_FRAMES_READ_MAX, &one);
    s = _text;
    is_int(hl_callsite_parse(&s, _NMODULES, &e, f, &depth, &why), -1,
           "one more frame is refused");
    is_str(why, "sites: bad frame in site", "as a bad frame");
}

/* A frame names one of the record's modules, or none. */
static void _module_index(void)
{
    static struct hl_callsite_frame f[HL_CALLSITE_FRAMES_READ_MAX];
    struct hl_callsite_frame last = {7, _NMODULES - 1}, none = {7, 0};
    struct hl_callsite_estimate e = {1, 1, 1};
    struct hl_buf b;
    const char *s = _text, *why = "";
    unsigned depth;

    hl_buf_init(&b, _text, sizeof(_text));
    hl_callsite_put_estimate(&b, &e);
    hl_callsite_put_frame(&b, 0, &last);
    is_int(hl_callsite_parse(&s, _NMODULES, &e, f, &depth, &why), 1,
           "a frame in the last module is read");
    s = _text;
    is_int(hl_callsite_parse(&s, _NMODULES - 1, &e, f, &depth, &why), -1,
           "and refused when the record has one module fewer");
    hl_buf_init(&b, _text, sizeof(_text));
    hl_callsite_put_estimate(&b, &e);
    hl_callsite_put_frame(&b, 0, &none);
    s = _text;
    is_int(hl_callsite_parse(&s, 0, &e, f, &depth, &why), -1,
           "a record without modules has no module 0");
}

static void _long_build_id(void)
{
    uint8_t id[HL_BUILD_ID_BYTES + 1];
    struct hl_buf b;

    memset(id, 0xab, sizeof(id));
    hl_buf_init(&b, _text, sizeof(_text));
    hl_callsite_put_module(&b, id, sizeof(id), "/x");
    is_str(_text, ":/x", "a build-id longer than %u bytes is written as none",
           HL_BUILD_ID_BYTES);
}

static void _empty_fields(void)
{
    static struct hl_callsite_frame f[HL_CALLSITE_FRAMES_READ_MAX];
    struct hl_callsite_estimate e;
    char id[HL_BUILD_ID_HEX + 1];
    const char *path, *why, *s;
    size_t len;
    unsigned depth;

    s = "";
    is_int(hl_callsite_parse(&s, 0, &e, f, &depth, &why), 0, "no site");
    s = "    ";
    is_int(hl_callsite_parse(&s, 0, &e, f, &depth, &why), 0,
           "spaces only: no site");
    s = "";
    is_int(hl_callsite_module_parse(&s, id, &path, &len, &why), 0, "no module");
    s = "    ";
    is_int(hl_callsite_module_parse(&s, id, &path, &len, &why), 0,
           "spaces only: no module");
}

int main(void)
{
    _make_modules();
    _modules_round_trip("");
    _modules_round_trip("   ");
    _sites_round_trip("");
    _sites_round_trip("  ");
    _frames_read_max();
    _module_index();
    _long_build_id();
    _empty_fields();
    return done_testing();
}
