/* Least squares of a figure against two regressors, without intercept:
 * y = a u + b w. The prediction models of --predict are all of this form
 * (a rank: u = 1; a node of k ranks: u = k; w the part that follows the
 * rank count), so one small fit serves them all, with the standard error
 * of a new run's figure where the runs leave degrees of freedom. */
#ifndef HEAPLINE_REPORT_FIT_H
#define HEAPLINE_REPORT_FIT_H

#include <stdbool.h>
#include <stddef.h>

struct hl_fit_point {
    double u, w, y;
};

struct hl_fit {
    bool ok;           /* false: the regressors do not tell a from b */
    size_t n;          /* points */
    double a, b;       /* the parts */
    double se_a, se_b; /* their standard errors; 0 without a degree of
                          freedom (n = 2) */
    double s;          /* the residuals' standard deviation; 0 when n = 2 */
    double inv[3];     /* (X'X)^-1: [0][0], [0][1], [1][1] */
};

/* Fits p[0..n). */
void hl_fit(const struct hl_fit_point *p, size_t n, struct hl_fit *f);

/* The figure at (u, w), and the standard error of one new run's figure
 * there (the fit's and the runs' own scatter); 0 when n = 2. */
double hl_fit_at(const struct hl_fit *f, double u, double w, double *se);

/* Student's t for a two-sided 95% interval with dof degrees of freedom
 * (dof >= 1). */
double hl_t95(size_t dof);

#endif
