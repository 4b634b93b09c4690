#include "fit.h"

#include <math.h>

void hl_fit(const struct hl_fit_point *p, size_t n, struct hl_fit *f)
{
    double suu = 0, suw = 0, sww = 0, suy = 0, swy = 0, det, rss = 0;

    *f = (struct hl_fit){.n = n};
    for (size_t i = 0; i < n; i++) {
        suu += p[i].u * p[i].u;
        suw += p[i].u * p[i].w;
        sww += p[i].w * p[i].w;
        suy += p[i].u * p[i].y;
        swy += p[i].w * p[i].y;
    }
    det = suu * sww - suw * suw;
    /* Relative to its terms: points on one line through the origin in
     * (u, w) give a determinant of rounding noise, not 0. */
    if (n < 2 || !(fabs(det) > 1e-9 * suu * sww))
        return;
    f->inv[0] = sww / det;
    f->inv[1] = -suw / det;
    f->inv[2] = suu / det;
    f->a = f->inv[0] * suy + f->inv[1] * swy;
    f->b = f->inv[1] * suy + f->inv[2] * swy;
    for (size_t i = 0; i < n; i++) {
        double e = p[i].y - f->a * p[i].u - f->b * p[i].w;

        rss += e * e;
    }
    if (n > 2) {
        f->s = sqrt(rss / (double)(n - 2));
        f->se_a = f->s * sqrt(f->inv[0]);
        f->se_b = f->s * sqrt(f->inv[2]);
    }
    f->ok = true;
}

double hl_fit_at(const struct hl_fit *f, double u, double w, double *se)
{
    double lev = u * u * f->inv[0] + 2 * u * w * f->inv[1] + w * w * f->inv[2];

    *se = f->s * sqrt(1 + lev);
    return f->a * u + f->b * w;
}

double hl_t95(size_t dof)
{
    static const double t[] = {
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

    if (dof == 0)
        return INFINITY;
    if (dof <= sizeof(t) / sizeof(t[0]))
        return t[dof - 1];
    /* Each band's largest t: an interval a little wide, never narrow. */
    return dof <= 40 ? 2.040 : dof <= 60 ? 2.020 : dof <= 120 ? 2.000 : 1.980;
}
