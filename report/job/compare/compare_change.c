/* How a change is judged and named, for hl_compare's parts and the
 * outputs alike: apart from compare.c, which calls the parts. */
#include "compare.h"

double hl_pair_percent(const struct hl_pair *p)
{
    if (!p->old)
        return 0;
    return ((double)p->new - (double)p->old) * 100.0 / (double)p->old;
}

const char *hl_headline_figure_name(enum hl_headline_figure f)
{
    static const char *const names[HL_HF_COUNT] = {
        "largest peak heap of a rank",
        "median peak heap of a rank",
        "smallest peak heap of a rank",
        "largest VmHWM of a process",
        "largest node sum of VmHWM",
        "largest node concurrent RSS",
        "largest node concurrent heap",
        "largest node true peak",
        "largest node need",
        "suggested request",
    };

    return names[f];
}

enum hl_callsite_change hl_callsite_change(const struct hl_cmp_callsite *s)
{
    double d = (double)s->new - (double)s->old;

    if (!s->in_old || (!s->old && s->new))
        return HL_CS_APPEARED;
    if (!s->in_new || (s->old && !s->new))
        return HL_CS_WENT;
    if (d * d <= 4 * (s->old_var + s->new_var))
        return HL_CS_SAME;
    return d > 0 ? HL_CS_GREW : HL_CS_SHRANK;
}

const char *hl_callsite_change_word(enum hl_callsite_change c)
{
    static const char *const words[] = {"appeared", "went", "grew", "shrank",
                                        "same"};

    return words[c];
}
