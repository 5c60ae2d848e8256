/* lang/pp_include.c -- `#include MACRO`: a line that is neither "name" nor
 * <name> is macro-expanded, and the result must be one of the two (C11
 * 6.10.2p4; Boost's `#include BOOST_USER_CONFIG` and the like). */
#include <string.h>

#include "pp.h"

/* The spelling of toks[from, to): each token's text, with one space where
 * the source had whitespace before it (the way GCC joins <...> tokens). */
static char *join_tokens(pp *s, const pp_tok *toks, size_t from, size_t to)
{
    size_t len = 0;
    for (size_t i = from; i < to; i++)
        len += toks[i].len + (i > from && toks[i].space);
    char *name = k_alloc(s->ctx, len + 1);
    if (!name)
        return NULL;
    size_t at = 0;
    for (size_t i = from; i < to; i++) {
        if (i > from && toks[i].space)
            name[at++] = ' ';
        memcpy(name + at, toks[i].text, toks[i].len);
        at += toks[i].len;
    }
    name[at] = '\0';
    return name;
}

char *pp_computed_include_name(pp *s, const pp_tok *t, size_t n, k_loc loc, int *angled)
{
    pp_vec x = pp_expand_list(s, t, n, loc);
    char *name = NULL;
    if (x.n == 1 && x.v[0].kind == PT_STRING && x.v[0].text[0] == '"' && x.v[0].len > 2) {
        name = k_strndup(s->ctx, x.v[0].text + 1, x.v[0].len - 2);
        *angled = 0;
    } else if (x.n >= 3 && pp_tok_is(&x.v[0], "<") && pp_tok_is(&x.v[x.n - 1], ">")) {
        name = join_tokens(s, x.v, 1, x.n - 1);
        *angled = 1;
    }
    simt_free(pp_al(s), x.v);
    return name;
}
