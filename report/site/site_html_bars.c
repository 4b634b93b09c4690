/* The chart of heapline-site's page: for each of the users that wasted
 * most, a bar of the GiB-hours requested with the used ones over it, on a
 * scale of round figures (see site_html.h). */
#include <math.h>
#include <string.h>

#include "shared/html_escape.h"
#include "site_figures.h"
#include "site_html.h"

#define _LEFT 170 /* px of the names */
#define _WIDTH 720
#define _ROW 20
#define _TOP 8
#define _AXIS 24
#define _NAME_BYTES 24

/* A round step of at most 5 between 0 and max: 1, 2 or 5 times 10^k. */
static double _step(double max)
{
    double unit = pow(10, floor(log10(max / 5)));

    if (max / unit <= 5)
        return unit;
    return max / (2 * unit) <= 5 ? 2 * unit : 5 * unit;
}

/* A name cut to _NAME_BYTES, at the start of a UTF-8 character. */
static void _short_name(const char *name, char *out)
{
    size_t n = strlen(name);

    if (n > _NAME_BYTES) {
        n = _NAME_BYTES;
        while (n && ((unsigned char)name[n] & 0xc0) == 0x80)
            n--;
    }
    memcpy(out, name, n);
    strcpy(out + n, n < strlen(name) ? "\xe2\x80\xa6" : "");
}

static int _x(double gibh, double scale)
{
    return _LEFT + (int)lround(gibh * scale);
}

static void _axis(FILE *out, double max, double scale, int y)
{
    double step = _step(max);
    char label[32];

    for (double t = 0; t <= max * (1 + 1e-9); t += step) {
        hl_site_fmt_gibh(t * 3600.0 * 1024 * 1024 * 1024, label);
        fprintf(out,
                "<path class=\"grid\" d=\"M%d %dV%d\"/>"
                "<text class=\"xl\" x=\"%d\" y=\"%d\">%s</text>\n",
                _x(t, scale), _TOP, y, _x(t, scale), y + 14, label);
    }
}

void hl_site_html_bars(FILE *out, const struct hl_site_view *v)
{
    const struct hl_site_group *g = &v->agg->users;
    uint32_t n =
        g->names.count < HL_SITE_HTML_BARS ? g->names.count : HL_SITE_HTML_BARS;
    int height = _TOP + (int)n * _ROW + _AXIS;
    char name[_NAME_BYTES + 4];
    double max = 0, scale;

    for (uint32_t i = 0; i < n; i++) {
        double req = hl_site_gib_hours(g->who[v->users[i]].t.requested);

        max = req > max ? req : max;
    }
    if (max <= 0)
        return;
    max = ceil(max / _step(max)) * _step(max);
    scale = (_WIDTH - _LEFT - 20) / max;
    fprintf(out,
            "<figure id=\"bars\"><svg xmlns=\"http://www.w3.org/2000/svg\" "
            "class=\"chart\" viewBox=\"0 0 %d %d\" width=\"%d\" "
            "height=\"%d\"><title>GiB-hours requested and used, per "
            "user</title>\n",
            _WIDTH, height, _WIDTH, height);
    _axis(out, max, scale, _TOP + (int)n * _ROW);
    for (uint32_t i = 0; i < n; i++) {
        const char *who = hl_strpool_get(&g->names, v->users[i]);
        const struct hl_site_who *w = &g->who[v->users[i]];
        double req = hl_site_gib_hours(w->t.requested);
        double used = hl_site_gib_hours(w->t.used);
        int y = _TOP + (int)i * _ROW;
        char r[32], u[32];

        hl_site_fmt_gibh(w->t.requested, r);
        hl_site_fmt_gibh(w->t.used, u);
        _short_name(who, name);
        fprintf(out, "<g><title>");
        hl_html_printf(out, "%s: %s GiB-hours requested, %s used", who, r, u);
        fprintf(out, "</title><text class=\"yl\" x=\"%d\" y=\"%d\">", _LEFT - 6,
                y + 14);
        hl_html_str(out, name);
        fprintf(out,
                "</text><rect class=\"req\" x=\"%d\" y=\"%d\" width=\"%d\" "
                "height=\"%d\"/><rect class=\"used\" x=\"%d\" y=\"%d\" "
                "width=\"%d\" height=\"%d\"/></g>\n",
                _LEFT, y + 2, _x(req, scale) - _LEFT, _ROW - 4, _LEFT, y + 6,
                _x(used, scale) - _LEFT, _ROW - 12);
    }
    fputs("</svg><figcaption class=\"legend\"><span class=\"item\"><svg "
          "xmlns=\"http://www.w3.org/2000/svg\" width=\"14\" height=\"12\">"
          "<rect class=\"req\" width=\"14\" height=\"12\"/></svg>requested"
          "</span><span class=\"item\"><svg "
          "xmlns=\"http://www.w3.org/2000/svg\" width=\"14\" height=\"12\">"
          "<rect class=\"used\" y=\"3\" width=\"14\" height=\"6\"/></svg>used"
          "</span> (GiB-hours; the users that wasted most)</figcaption>"
          "</figure>\n",
          out);
}
