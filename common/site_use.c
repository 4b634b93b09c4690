/* A site line's use of memory (see site_format.h). */
#include "site_format.h"

static const int _best_first[] = {HL_SITE_cgroup_peak, HL_SITE_concurrent_peak,
                                  HL_SITE_vmhwm_sum};

bool hl_site_row_use(const struct hl_site_row *row, uint64_t *use)
{
    const uint64_t figure[] = {row->cgroup_peak, row->concurrent_peak,
                               row->vmhwm_sum};

    for (unsigned i = 0; i < sizeof(figure) / sizeof(figure[0]); i++)
        if (!(row->empty & HL_EMPTY(_best_first[i]))) {
            *use = figure[i];
            return true;
        }
    return false;
}
