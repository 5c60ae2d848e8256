/* vm/suggest.h -- "did you mean" for every name a person can mistype:
 * commands, options and their values, intrinsics, CUDA API functions,
 * kernels, device profiles.  As git and cargo do, the nearest candidate by
 * edit distance (a swap of two neighbours counts as one edit) is offered
 * when it is near enough for the length of the name. */
#ifndef SIMT_SUGGEST_H
#define SIMT_SUGGEST_H

#include <stddef.h>

typedef struct simt_suggester {
    const char *name;        /* what was written */
    const char *best;        /* the nearest candidate so far, or NULL */
    size_t best_distance;
} simt_suggester;

/* Starts a search for names near `name`. */
void simt_suggest_init(simt_suggester *s, const char *name);
/* Considers one candidate (NULL and "" are skipped). */
void simt_suggest_add(simt_suggester *s, const char *candidate);
/* The suggestion, or NULL when no candidate is near enough. */
const char *simt_suggest_best(const simt_suggester *s);
/* The nearest of n names near enough to name, or NULL. */
const char *simt_suggest(const char *name, const char *const *names, size_t n);
/* Optimal-string-alignment distance (insert, delete, replace, swap of two
 * neighbours), letters compared without case; long names are far. */
size_t simt_edit_distance(const char *a, const char *b);

#endif
