/* The sentences of --predict that its text and its HTML page both say:
 * the model, and the request with what it rests on. */
#include <math.h>
#include <stdio.h>

#include "format_size.h"
#include "predict_main.h"

void hl_predict_model_text(enum hl_scaling s, char *text, size_t size)
{
    if (s == HL_SCALING_STRONG)
        snprintf(text, size,
                 "Model (strong scaling: the same problem split among more "
                 "ranks): a rank of a run of P ranks needs a + b / P, a part "
                 "a that every rank holds (the program, MPI's buffers, "
                 "replicated data) and its share of a part b divided among "
                 "the ranks; a node of k ranks needs k a + k b / P.");
    else
        snprintf(text, size,
                 "Model (weak scaling: the problem grown with the ranks): a "
                 "rank of a run of P ranks needs a + c P, its own part a, the "
                 "same at every scale, and a part c for each rank of the job "
                 "(MPI's buffers and tables of its peers); a node of k ranks "
                 "needs k a + k c P.");
}

/* ", rounded up to a multiple of 128 MiB" where the step is not 1 MiB, in
 * the words of the report's suggestion. */
static void _rounding(uint64_t step, char *text, size_t size)
{
    const uint64_t mib = 1024 * 1024;

    if (step <= mib)
        text[0] = '\0';
    else if (step < 1024 * mib)
        snprintf(text, size, ", rounded up to a multiple of %llu MiB",
                 (unsigned long long)(step / mib));
    else
        snprintf(text, size, ", rounded up to a multiple of %llu GiB",
                 (unsigned long long)(step / (1024 * mib)));
}

void hl_predict_request_text(const struct hl_prediction *p, char *text,
                             size_t size)
{
    char basis[HL_SIZE_BUF], rounding[64];

    hl_format_size(p->basis > 0 ? (uint64_t)llround(p->basis) : 0, basis);
    _rounding(p->step, rounding, sizeof(rounding));
    snprintf(text, size,
             "Suggested request: %s (%s, %s, plus a %u%% margin%s).", p->option,
             p->nruns > 2 ? "the upper end of the largest node's 95% interval"
                          : "the largest node's predicted need",
             basis, p->margin_pct, rounding);
}
