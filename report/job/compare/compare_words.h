/* The sentences and cells of --compare, made once for the text and the
 * HTML outputs, so that both say the same in the same words. Host names
 * in them are as the records have them: each output escapes them. */
#ifndef HEAPLINE_REPORT_COMPARE_WORDS_H
#define HEAPLINE_REPORT_COMPARE_WORDS_H

#include <stddef.h>

#include "compare.h"
#include "job/model/headline.h"

/* "+38.5 MiB (+10.0%)", "-1.0 GiB (-50.0%)", "+2.0 MiB (new)", "no
 * change", or "-" when a run lacks the figure. */
void hl_cmp_change_text(const struct hl_pair *p, char *buf, size_t len);

/* A figure of one run: its size, or "-". */
void hl_cmp_size_text(uint64_t bytes, bool known, char *buf, size_t len);

/* "heapline-41.0/" or "a.csv and 2 more": the operands of a run. */
void hl_cmp_operands(char *const *paths, int n, char *buf, size_t len);

/* "4 ranks on 2 nodes, longest process 4.3 s (job 41.0)". */
void hl_cmp_run_text(const struct hl_report *r, char *buf, size_t len);

/* "n2", "n2 -> n6" when the runs name it otherwise, "n2 (OLD only)". */
void hl_cmp_hosts_text(const char *old, const char *new, char *buf, size_t len);

/* When the runs' rank counts differ, how ranks were matched; "" else. */
void hl_cmp_rank_counts(const struct hl_compare *c, char buf[HL_SENTENCE]);

/* The rank of largest relative change; "" when none changed by 1 MiB. */
void hl_cmp_most_relative(const struct hl_compare *c, char buf[HL_SENTENCE]);

/* When the largest peak of a rank's heap, and of a node's concurrent RSS,
 * happened in each run; "" when not known. */
void hl_cmp_heap_moment(const struct hl_compare *c, char buf[HL_SENTENCE]);
void hl_cmp_node_moment(const struct hl_compare *c, char buf[HL_SENTENCE]);

/* Which run alone has allocation sites; "" when both or neither. */
void hl_cmp_callsites_note(const struct hl_compare *c, char buf[HL_SENTENCE]);

/* A run's processes that did not exit normally; "" when none. */
void hl_cmp_cut_short(const struct hl_report *r, const char *which,
                      char buf[HL_SENTENCE]);

/* --fail-if-grown's verdict; "" when not asked. */
void hl_cmp_verdict(const struct hl_compare *c, char buf[HL_SENTENCE]);

#endif
