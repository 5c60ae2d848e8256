/* vm/suggest.c -- nearest names by edit distance (see suggest.h). */
#include "vm/suggest.h"

#include <ctype.h>
#include <string.h>

/* Names longer than this are not compared (nothing is that long). */
#define MAX_NAME 63

static int same_letter(char a, char b)
{
    return tolower((unsigned char)a) == tolower((unsigned char)b);
}

size_t simt_edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > MAX_NAME || lb > MAX_NAME)
        return (size_t)-1;
    /* three rows: i-2, i-1, i */
    size_t rows[3][MAX_NAME + 1];
    for (size_t j = 0; j <= lb; j++)
        rows[1][j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t *cur = rows[(i + 1) % 3], *prev = rows[i % 3], *prev2 = rows[(i + 2) % 3];
        cur[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t best = prev[j - 1] + !same_letter(a[i - 1], b[j - 1]);
            if (prev[j] + 1 < best)
                best = prev[j] + 1;
            if (cur[j - 1] + 1 < best)
                best = cur[j - 1] + 1;
            if (i > 1 && j > 1 && same_letter(a[i - 1], b[j - 2]) &&
                same_letter(a[i - 2], b[j - 1]) && prev2[j - 2] + 1 < best)
                best = prev2[j - 2] + 1;
            cur[j] = best;
        }
    }
    return rows[(la + 1) % 3][lb];
}

/* How many edits still read as a typo of a name this long: one for short
 * names, about a third of the letters for longer ones (as cargo). */
static size_t tolerance(const char *name)
{
    size_t n = strlen(name);
    while (*name == '-' || *name == '_') { /* "--" and "__" are not letters one types wrong */
        name++;
        n--;
    }
    return n < 6 ? 1 : n / 3 > 3 ? 3 : n / 3;
}

void simt_suggest_init(simt_suggester *s, const char *name)
{
    s->name = name ? name : "";
    s->best = NULL;
    s->best_distance = tolerance(s->name) + 1;
}

void simt_suggest_add(simt_suggester *s, const char *candidate)
{
    if (!candidate || !*candidate || !strcmp(candidate, s->name))
        return;
    size_t d = simt_edit_distance(s->name, candidate);
    /* on a tie, a name as long as the one written (a swap, a wrong letter)
     * is the likelier typo than a shorter or longer one */
    size_t len = strlen(s->name);
    int better_tie = d == s->best_distance && s->best && strlen(candidate) == len &&
                     strlen(s->best) != len;
    if (d < s->best_distance || better_tie) {
        s->best = candidate;
        s->best_distance = d;
    }
}

const char *simt_suggest_best(const simt_suggester *s)
{
    return s->best;
}

const char *simt_suggest(const char *name, const char *const *names, size_t n)
{
    simt_suggester s;
    simt_suggest_init(&s, name);
    for (size_t k = 0; k < n; k++)
        simt_suggest_add(&s, names[k]);
    return simt_suggest_best(&s);
}
