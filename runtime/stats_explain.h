/* runtime/stats_explain.h -- the explanations of --stats (stats_explain.c). */
#ifndef SIMT_STATS_EXPLAIN_H
#define SIMT_STATS_EXPLAIN_H

#include <stdio.h>

/* One line on what stall reason `name` (Nsight Compute's) means, or NULL. */
const char *simt_stall_gloss(const char *name);
/* The page of --stats=explain: every metric, what it means, what fixes it. */
void simt_stats_explain(FILE *out);

#endif
