/* --heapline[=DIR] and --no-heapline (see options.h). */
#include "options.h"

#include <stdio.h>

enum { HL_OPT_HEAPLINE, HL_OPT_NO_HEAPLINE };

static struct hl_request _request;

/*
 * Called in every context where the option was given: in srun, sbatch or
 * salloc as they parse it, and again in slurmstepd (possibly twice, with
 * optarg NULL then ""), so it only ever sets the state optarg describes.
 */
static int _option_cb(int val, const char *optarg, int remote)
{
    char why[256];

    if (hl_request_apply(&_request, val == HL_OPT_NO_HEAPLINE, optarg, why,
                         sizeof(why)) == 0)
        return 0;
    slurm_error("heapline: %s", why);
    /* Refuse a bad DIR where the user typed it; never fail a job later. */
    return remote ? 0 : -1;
}

static struct spank_option _options[] = {
    {"heapline", "[DIR]",
     "Measure the heap and memory of each task with heapline; records go "
     "to DIR/heapline-JOB.STEP (default: the site's, usually the working "
     "directory). --heapline=off turns it off.",
     2, HL_OPT_HEAPLINE, _option_cb},
    {"no-heapline", NULL,
     "Do not measure this job or step with heapline, even where the site "
     "measures every job.",
     0, HL_OPT_NO_HEAPLINE, _option_cb},
};

int hl_options_register(spank_t sp)
{
    for (size_t i = 0; i < sizeof(_options) / sizeof(_options[0]); i++) {
        spank_err_t rc = spank_option_register(sp, &_options[i]);

        if (rc != ESPANK_SUCCESS) {
            slurm_error("heapline: cannot register --%s: %s", _options[i].name,
                        spank_strerror(rc));
            return -1;
        }
    }
    return 0;
}

const struct hl_request *hl_options_request(void)
{
    return &_request;
}
