/*
 * What sacct knows of a step that has just ended, asked in srun of
 * slurmdbd through the libslurm that srun has loaded (DESIGN.md, "Slurm's
 * own API"): no sacct process, one connection for every query.
 */
#ifndef HL_SPANK_STEP_RSS_H
#define HL_SPANK_STEP_RSS_H

#include <stddef.h>
#include <stdint.h>

enum hl_step_rss_answer {
    HL_STEP_RSS_ROW,     /* the step's row with its usage figures */
    HL_STEP_RSS_NONE,    /* slurmdbd answered, without the step */
    HL_STEP_RSS_TIMEOUT, /* no answer, or no usage figures, in time */
    HL_STEP_RSS_FAILED,  /* slurmdbd could not be reached */
    HL_STEP_RSS_NO_API,  /* srun's libslurm lacks the calls */
};

/*
 * Asks slurmdbd for the step's row (job, step as Slurm numbers them; name
 * as sacct writes the step) until it has its usage figures, MaxRSS among
 * them, or until wait_ms have passed: the row reaches slurmdbd a moment
 * after the step ends. Polls with a pause that grows. With HL_STEP_RSS_ROW,
 * row holds it as heapline-report's --sacct takes it. Returns within
 * wait_ms whatever slurmdbd does: a query that hangs is left behind, in a
 * thread that ends with srun.
 */
enum hl_step_rss_answer hl_step_rss(uint32_t job, uint32_t step,
                                    const char *name, unsigned wait_ms,
                                    char *row, size_t row_size);

/* heapline-report's --sacct word for an answer without a row. */
const char *hl_step_rss_word(enum hl_step_rss_answer answer);

#endif
