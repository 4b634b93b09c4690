#include "html_chart.h"

#include <math.h>

#include "job/model/figures.h"
#include "format_size.h"
#include "shared/html_escape.h"

struct _unit {
    const char *name;
    double size;
};

static const struct _unit _sizes[] = {
    {"B", 1.0},
    {"KiB", 1024.0},
    {"MiB", 1024.0 * 1024},
    {"GiB", 1024.0 * 1024 * 1024},
    {"TiB", 1024.0 * 1024 * 1024 * 1024},
};

/* A round step near x: 1, 2 or 5 times a power of ten. */
static double _round_step(double x)
{
    double p = pow(10, floor(log10(x))), f = x / p;

    return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}

static const struct _unit *_size_unit(uint64_t max)
{
    size_t i = sizeof(_sizes) / sizeof(_sizes[0]) - 1;

    while (i > 0 && (double)max < _sizes[i].size)
        i--;
    return &_sizes[i];
}

/* Seconds under 2 min, minutes under 2 h, else hours. */
static struct _unit _time_unit(int64_t end_ms)
{
    if (end_ms < 120000)
        return (struct _unit){"s", 1000.0};
    if (end_ms < 7200000)
        return (struct _unit){"min", 60000.0};
    return (struct _unit){"h", 3600000.0};
}

int hl_chart_x(const struct hl_chart *c, int64_t ms)
{
    if (ms < 0)
        ms = 0;
    if (ms > c->end_ms)
        ms = c->end_ms;
    return c->left +
           (int)lround((double)ms * (c->right - c->left) / (double)c->end_ms);
}

int hl_chart_y(const struct hl_chart *c, uint64_t bytes)
{
    if (bytes > c->ymax)
        bytes = c->ymax;
    return c->bottom -
           (int)lround((double)bytes * (c->bottom - c->top) / (double)c->ymax);
}

static void _size_step(const struct hl_chart *c, const struct _unit **su,
                       double *step)
{
    *su = _size_unit(c->ymax);
    *step = _round_step((double)c->ymax / (*su)->size / 4);
}

void hl_chart_axes(FILE *out, const struct hl_chart *c)
{
    struct _unit tu = _time_unit(c->end_ms);
    double end = (double)c->end_ms / tu.size;
    double xstep = _round_step(end / 6), ystep;
    const struct _unit *su;

    _size_step(c, &su, &ystep);
    fprintf(out, "<path class=\"grid\" d=\"");
    for (double v = 0; v * su->size <= (double)c->ymax * 1.0001; v += ystep)
        fprintf(out, "M%d %dH%d", c->left,
                hl_chart_y(c, (uint64_t)llround(v * su->size)), c->right);
    fprintf(out, "M%d %dV%d\"/>", c->left, c->top, c->bottom);
    for (double v = 0; v * su->size <= (double)c->ymax * 1.0001; v += ystep)
        fprintf(out, "<text class=\"yl\" x=\"%d\" y=\"%d\">%g %s</text>",
                c->left - 4, hl_chart_y(c, (uint64_t)llround(v * su->size)) + 4,
                v, su->name);
    for (double v = 0; v <= end * 1.0001; v += xstep)
        fprintf(out, "<text class=\"xl\" x=\"%d\" y=\"%d\">%g %s</text>",
                hl_chart_x(c, (int64_t)llround(v * tu.size)), c->bottom + 16, v,
                tu.name);
    fprintf(out,
            "<text class=\"axis\" x=\"%d\" y=\"%d\">time since the first "
            "process started</text><text class=\"axis\" "
            "transform=\"translate(14 %d) rotate(-90)\">",
            (c->left + c->right) / 2, c->height - 4, (c->top + c->bottom) / 2);
    hl_html_str(out, c->ylabel);
    fputs("</text>", out);
}

void hl_chart_setup(struct hl_chart *c, int width, int height, int64_t end_ms,
                    uint64_t ymax)
{
    const struct _unit *su;
    double ystep;

    c->width = width;
    c->height = height;
    /* Room for the ticks' labels and the axes' titles. */
    c->left = 78;
    c->right = width - 16;
    c->top = 10;
    c->bottom = height - 38;
    c->ylabel = "memory";
    c->end_ms = end_ms > 0 ? end_ms : 1;
    c->ymax = ymax ? ymax : 1024 * 1024;
    _size_step(c, &su, &ystep);
    c->ymax = (uint64_t)llround(ceil((double)c->ymax / su->size / ystep) *
                                ystep * su->size);
}

void hl_chart_open(FILE *out, const struct hl_chart *c, const char *cls,
                   const char *label)
{
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart %s\" "
            "viewBox=\"0 0 %d %d\" role=\"img\"><title>",
            cls, c->width, c->height);
    hl_html_str(out, label);
    fputs("</title>", out);
}

void hl_chart_close(FILE *out)
{
    fputs("</svg>\n", out);
}

static void _title(FILE *out, const char *title)
{
    fputs("<title>", out);
    hl_html_str(out, title);
    fputs("</title>", out);
}

void hl_chart_hline(FILE *out, const struct hl_chart *c, uint64_t bytes,
                    const char *cls, const char *title)
{
    fprintf(out, "<path class=\"%s\" d=\"M%d %dH%d\">", cls, c->left,
            hl_chart_y(c, bytes), c->right);
    _title(out, title);
    fputs("</path>", out);
}

void hl_chart_mark(FILE *out, const struct hl_chart *c, int64_t ms,
                   uint64_t bytes, const char *cls, const char *title)
{
    fprintf(out, "<circle class=\"%s\" cx=\"%d\" cy=\"%d\" r=\"4\">", cls,
            hl_chart_x(c, ms), hl_chart_y(c, bytes));
    _title(out, title);
    fputs("</circle>", out);
}

void hl_chart_point_title(char *buf, size_t size, const char *who, int64_t ms,
                          uint64_t bytes)
{
    char t[32], b[HL_SIZE_BUF];

    hl_fmt_tenths(ms, t);
    hl_format_size(bytes, b);
    snprintf(buf, size, "%s, %s s, %s", who, t, b);
}

void hl_cols_init(struct hl_cols *k, int n, int64_t end_ms, bool smallest)
{
    k->n = n < 1 ? 1 : n > HL_COLS_MAX ? HL_COLS_MAX : n;
    k->end_ms = end_ms > 0 ? end_ms : 1;
    k->smallest = smallest;
    for (int i = 0; i < k->n; i++) {
        k->v[i] = smallest ? UINT64_MAX : 0;
        k->alive[i] = false;
    }
}

static int _col(const struct hl_cols *k, int64_t ms)
{
    int64_t i = ms <= 0 ? 0 : (int64_t)((double)ms * k->n / (double)k->end_ms);

    return i >= k->n ? k->n - 1 : (int)i;
}

void hl_cols_mark(struct hl_cols *k, int64_t from_ms, int64_t to_ms, uint64_t v)
{
    int last = _col(k, to_ms > from_ms ? to_ms - 1 : from_ms);

    for (int i = _col(k, from_ms); i <= last; i++) {
        k->alive[i] = true;
        if (k->smallest ? v < k->v[i] : v > k->v[i])
            k->v[i] = v;
    }
}

static int _col_x(const struct hl_chart *c, const struct hl_cols *k, int i)
{
    return c->left + (int)lround((double)i * (c->right - c->left) / k->n);
}

void hl_chart_cols(FILE *out, const struct hl_chart *c, const struct hl_cols *k,
                   const char *cls, const char *title)
{
    int y = 0;

    fprintf(out, "<path class=\"%s\" d=\"", cls);
    for (int i = 0; i < k->n; i++) {
        int ny;

        if (!k->alive[i])
            continue;
        ny = hl_chart_y(c, k->v[i]);
        if (i == 0 || !k->alive[i - 1])
            fprintf(out, "M%d %d", _col_x(c, k, i), ny);
        else if (ny != y)
            fprintf(out, "H%dV%d", _col_x(c, k, i), ny);
        y = ny;
        if (i + 1 == k->n || !k->alive[i + 1])
            fprintf(out, "H%d", _col_x(c, k, i + 1));
    }
    fputs("\">", out);
    if (title)
        _title(out, title);
    fputs("</path>", out);
}

/* One edge of an area's run first to last column, or back. */
static void _edge(FILE *out, const struct hl_chart *c, const struct hl_cols *k,
                  int first, int last, bool back)
{
    for (int j = first; j <= last; j++) {
        int i = back ? first + last - j : j;
        int y = hl_chart_y(c, k->v[i]);
        int x0 = _col_x(c, k, back ? i + 1 : i),
            x1 = _col_x(c, k, back ? i : i + 1);

        fprintf(out, "%s%d %dH%d", j == first && !back ? "M" : "L", x0, y, x1);
    }
}

void hl_chart_area(FILE *out, const struct hl_chart *c,
                   const struct hl_cols *lo, const struct hl_cols *hi,
                   const char *cls)
{
    fprintf(out, "<path class=\"%s\" d=\"", cls);
    for (int i = 0; i < hi->n; i++) {
        int last = i;

        if (!hi->alive[i])
            continue;
        while (last + 1 < hi->n && hi->alive[last + 1])
            last++;
        _edge(out, c, hi, i, last, false);
        _edge(out, c, lo, i, last, true);
        fputc('Z', out);
        i = last;
    }
    fputs("\"/>", out);
}

void hl_line_begin(struct hl_chart_line *l, FILE *out, const struct hl_chart *c,
                   const char *cls)
{
    l->out = out;
    l->c = c;
    l->open = false;
    fprintf(out, "<path class=\"%s\" d=\"", cls);
}

void hl_line_point(struct hl_chart_line *l, int64_t from_ms, uint64_t v)
{
    int x = hl_chart_x(l->c, from_ms), y = hl_chart_y(l->c, v);

    if (!l->open)
        fprintf(l->out, "M%d %d", x, y);
    else if (y != l->y)
        fprintf(l->out, "H%dV%d", x, y);
    l->open = true;
    l->y = y;
}

void hl_line_end(struct hl_chart_line *l, int64_t end_ms, const char *title)
{
    if (l->open)
        fprintf(l->out, "H%d", hl_chart_x(l->c, end_ms));
    fputs("\">", l->out);
    if (title)
        _title(l->out, title);
    fputs("</path>", l->out);
}

void hl_html_legend_item(FILE *out, const char *cls, const char *words)
{
    fprintf(out,
            "<span class=\"item\"><svg xmlns=\"http://www.w3.org/2000/svg\" "
            "width=\"30\" height=\"12\"><path class=\"%s\" d=\"M1 6H29\"/>"
            "</svg>",
            cls);
    hl_html_str(out, words);
    fputs("</span>", out);
}
