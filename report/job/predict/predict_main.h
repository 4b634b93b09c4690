/* heapline-report --predict RANKS RUN...: each run read, the models
 * fitted, the prediction printed in the format asked for. */
#ifndef HEAPLINE_REPORT_PREDICT_MAIN_H
#define HEAPLINE_REPORT_PREDICT_MAIN_H

#include <stdio.h>

#include "job/cli.h"
#include "predict.h"

/* Returns the exit status: 0, 1 when some input was skipped, 2 when no
 * prediction could be made (said). */
int hl_predict_main(const struct hl_options *opt);

void hl_predict_print_text(FILE *out, const struct hl_prediction *p);
void hl_predict_print_json(FILE *out, const struct hl_prediction *p);

#endif
