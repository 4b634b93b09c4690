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
void hl_predict_print_csv(FILE *out, const struct hl_prediction *p);
void hl_predict_print_html(FILE *out, const struct hl_prediction *p);
/* The page's chart: nothing when the runs gave no fit. */
void hl_predict_chart(FILE *out, const struct hl_prediction *p);

/* The model said for people, and the request with what it rests on
 * ("Suggested request: --mem=..."), as the text and the page say them. */
void hl_predict_model_text(enum hl_scaling s, char *text, size_t size);
void hl_predict_request_text(const struct hl_prediction *p, char *text,
                             size_t size);

#endif
