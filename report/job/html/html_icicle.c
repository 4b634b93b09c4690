/* The icicle of the sites at the peak: every stack's frames, outermost
 * first, merged into a tree by function name (as flame graphs merge
 * them), each frame as wide as the bytes of the stacks through it and
 * its callees under it, largest first. Only what can be seen is written:
 * a frame under a pixel wide is left out with its callees, so that the
 * page stays small whatever the number of stacks. */
/* qsort_r() */
#define _GNU_SOURCE
#include "html_callsites.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "format_size.h"
#include "html_chart.h"
#include "job/callsites/callsites_names.h"
#include "shared/grow.h"
#include "shared/html_escape.h"
#include "shared/strpool.h"
#include "shared/utf8.h"

#define _ROW 18      /* a frame's row, px */
#define _TEXT_Y 13   /* its text's baseline, from the row's top */
#define _CHAR_PX 6.5 /* an average character of the rows' 11px font */
#define _MIN_PX 1.0  /* narrower frames are not drawn */
#define _NONE UINT32_MAX

struct _node {
    uint64_t bytes;
    uint32_t name;        /* in the tree's pool */
    uint32_t parent;      /* _NONE for the root */
    uint32_t child, next; /* first callee, next sibling; _NONE: no more */
    bool own;             /* the program's own, not the runtime's */
};

struct _tree {
    struct _node *nodes; /* the root, "all", first */
    size_t n, cap;
    struct hl_strpool names;
};

/* The callee of parent named name, added if new: its index, or _NONE
 * when memory runs out. */
static uint32_t _callee(struct _tree *t, uint32_t parent, const char *name,
                        bool own)
{
    uint32_t id = hl_strpool_intern(&t->names, name, strlen(name));
    struct _node *grown;

    if (id == UINT32_MAX)
        return _NONE;
    for (uint32_t c = parent == _NONE ? _NONE : t->nodes[parent].child;
         c != _NONE; c = t->nodes[c].next)
        if (t->nodes[c].name == id)
            return c;
    if (t->n >= _NONE ||
        !(grown = hl_grow(t->nodes, &t->cap, t->n + 1, sizeof(*grown), 256)))
        return _NONE;
    t->nodes = grown;
    t->nodes[t->n] = (struct _node){0, id, parent, _NONE, _NONE, own};
    if (parent != _NONE) {
        t->nodes[t->n].next = t->nodes[parent].child;
        t->nodes[parent].child = (uint32_t)t->n;
    }
    return (uint32_t)t->n++;
}

/* One stack's frames, outermost first, under the root. */
static int _add_stack(struct _tree *t, const struct hl_callsites_view *v,
                      const struct hl_callsite_total *s)
{
    struct hl_named_frame f[HL_NAMED_MAX];
    size_t n = hl_callsite_frames(v->sym, v->db, s->stack, f);
    uint32_t at = 0;
    char text[1024];

    t->nodes[0].bytes += s->bytes;
    if (!n && (at = _callee(t, 0, "(other stacks)", false)) == _NONE)
        return -1;
    if (!n)
        t->nodes[at].bytes += s->bytes;
    for (size_t k = n; k-- > 0;) {
        if (!f[k].function)
            hl_named_frame_text(&f[k], text, sizeof(text));
        at = _callee(t, at, f[k].function ? f[k].function : text,
                     hl_callsite_own(f, k, n) == k);
        if (at == _NONE)
            return -1;
        t->nodes[at].bytes += s->bytes;
    }
    return 0;
}

static int _larger(const void *a, const void *b, void *nodes)
{
    const struct _node *x = (const struct _node *)nodes + *(const uint32_t *)a,
                       *y = (const struct _node *)nodes + *(const uint32_t *)b;

    if (x->bytes != y->bytes)
        return x->bytes < y->bytes ? 1 : -1;
    return *(const uint32_t *)a < *(const uint32_t *)b ? -1 : 1;
}

/* Each frame's callees linked again, largest first. */
static int _sort(struct _tree *t)
{
    uint32_t *order = malloc(t->n * sizeof(*order));

    if (!order)
        return -1;
    for (uint32_t i = 0; i < t->n; i++) {
        order[i] = i;
        t->nodes[i].child = _NONE;
    }
    qsort_r(order, t->n, sizeof(*order), _larger, t->nodes);
    for (size_t i = t->n; i-- > 0;) {
        struct _node *c = &t->nodes[order[i]];

        if (c->parent != _NONE) {
            c->next = t->nodes[c->parent].child;
            t->nodes[c->parent].child = order[i];
        }
    }
    free(order);
    return 0;
}

/* The rows drawn under frame i, itself included. */
static int _rows(const struct _tree *t, uint32_t i, double scale)
{
    int most = 0;

    if ((double)t->nodes[i].bytes * scale < _MIN_PX)
        return 0;
    for (uint32_t c = t->nodes[i].child; c != _NONE; c = t->nodes[c].next) {
        int r = _rows(t, c, scale);

        most = r > most ? r : most;
    }
    return most + 1;
}

/* text, cut to the characters that fit in px with an ellipsis, escaped. */
static void _fitted(FILE *out, const char *text, double px)
{
    size_t fit = px > 2 * _CHAR_PX ? (size_t)((px - 6) / _CHAR_PX) : 0;
    size_t chars = 0, at = 0, cut = 0;
    char buf[1024];

    while (text[at]) {
        uint32_t c;
        size_t len = hl_utf8_next((const unsigned char *)text + at, &c);

        if (chars + 1 == fit)
            cut = at;
        at += len ? len : 1; /* a byte that is not UTF-8: one U+FFFD */
        chars++;
    }
    if (chars <= fit) {
        hl_html_str(out, text);
        return;
    }
    if (fit < 2)
        return;
    snprintf(buf, sizeof(buf), "%.*s\xe2\x80\xa6", (int)cut, text);
    hl_html_str(out, buf);
}

static void _frame(FILE *out, const struct _tree *t, uint32_t i, double x,
                   int row, double scale)
{
    const struct _node *f = &t->nodes[i];
    const char *name = hl_strpool_get(&t->names, f->name);
    double w = (double)f->bytes * scale;
    char size[HL_SIZE_BUF], title[1280];

    if (w < _MIN_PX)
        return;
    hl_format_size(f->bytes, size);
    if (i == 0)
        snprintf(title, sizeof(title), "all sites at the peak: %s", size);
    else
        snprintf(title, sizeof(title),
                 "%s: %s, %.1f%% of the sites at the peak", name, size,
                 100.0 * (double)f->bytes / (double)t->nodes[0].bytes);
    fputs("<g><title>", out);
    hl_html_str(out, title);
    fprintf(out,
            "</title><rect class=\"%s\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
            "height=\"%d\"/><text x=\"%.1f\" y=\"%d\">",
            i == 0   ? "all"
            : f->own ? "own"
                     : "runtime",
            x, row * _ROW, w, _ROW, x + 3, row * _ROW + _TEXT_Y);
    _fitted(out, i == 0 ? title : name, w);
    fputs("</text></g>", out);
    for (uint32_t c = f->child; c != _NONE; c = t->nodes[c].next) {
        _frame(out, t, c, x, row + 1, scale);
        x += (double)t->nodes[c].bytes * scale;
    }
}

static int _build(struct _tree *t, const struct hl_callsites_view *v)
{
    if (_callee(t, _NONE, "all", false) == _NONE)
        return -1;
    for (size_t i = 0; i < v->ntotals; i++)
        if (v->totals[i].bytes && _add_stack(t, v, &v->totals[i]) < 0)
            return -1;
    return _sort(t);
}

int hl_html_icicle(FILE *out, const struct hl_callsites_view *v)
{
    struct _tree t = {0};
    double scale;
    int rc = _build(&t, v), rows;

    if (rc == 0 && t.nodes[0].bytes) {
        scale = (double)HL_CHART_WIDTH / (double)t.nodes[0].bytes;
        rows = _rows(&t, 0, scale);
        fprintf(out,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart "
                "icicle\" viewBox=\"0 0 %d %d\" role=\"img\"><title>the "
                "stacks at the peak, outermost on top</title>",
                HL_CHART_WIDTH, rows * _ROW);
        _frame(out, &t, 0, 0, 0, scale);
        fputs("</svg>\n", out);
    }
    free(t.nodes);
    hl_strpool_free(&t.names);
    return rc;
}
