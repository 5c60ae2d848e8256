/* lang/omp_pragma.c -- `#pragma omp` lines, written by the preprocessor as
 * the K statements they stand for (over lang/omp.c's <omp.h>), on the
 * pragma's own line so every line stays where it was.
 *
 * A construct becomes `for` statements whose body is the statement after
 * the pragma: one a data-sharing clause (private, firstprivate, reduction:
 * a wrapper object of lang/omp.c, run once), then the driver (a team, a
 * loop's share, a block run once) whose condition starts each member and
 * steps the wrappers between members.  `#pragma omp for` also guards the
 * loop's body: after the header of the loop (of the innermost of
 * `collapse(n)` loops), which the preprocessor's output passes through
 * k_omp_token, it writes `if (L.skip()) { if (L.past()) break; } else`.
 *
 * simtvm reads pragmas as gcc -fopenmp does; a directive or clause not
 * built in is one located error naming it, never ignored. */
#include <stdio.h>
#include <string.h>

#include "pp.h"

enum {
    C_PARALLEL = 1, C_FOR = 2, C_SECTIONS = 4, C_SINGLE = 8, C_MASTER = 16,
    C_CRITICAL = 32, C_ATOMIC = 64, C_BARRIER = 128, C_FLUSH = 256, C_SECTION = 512,
    C_SIMD = 1024,   /* `simd` alone, or after `for`: a hint to vectorise (see k_omp_pragma) */
};

enum { MAX_VARS = 64 };

typedef struct omp_range {
    const pp_tok *t;
    size_t n;
} omp_range;

typedef struct omp_var {
    const pp_tok *name;
    const char *wrapper;          /* lang/omp.c's template: keep, red_add... */
} omp_var;

typedef struct omp_clauses {
    omp_range num_threads, if_cond, chunk;
    int collapse, nowait;
    omp_var vars[MAX_VARS];
    int nvars;
} omp_clauses;

static int tok_is(const pp_tok *t, const char *s) { return pp_tok_is(t, s); }

static void out(pp *s, const char *text) { pp_out(s, text, strlen(text)); }

/* Writes tokens [t, t + n) macro-expanded, separated by spaces. */
static void out_tokens(pp *s, omp_range r, k_loc loc)
{
    pp_vec v = pp_expand_list(s, r.t, r.n, loc);
    for (size_t i = 0; i < v.n; i++) {
        out(s, " ");
        pp_out(s, v.v[i].text, v.v[i].len);
    }
    simt_free(pp_al(s), v.v);
}

/* A clause's expression as before (tokens) after, or otherwise when the
 * clause was not written. */
static void out_clause(pp *s, omp_range r, k_loc loc, const char *before, const char *after,
                       const char *otherwise)
{
    if (!r.n) {
        out(s, otherwise);
        return;
    }
    out(s, before);
    out_tokens(s, r, loc);
    out(s, after);
}

/* The wrapper of a reduction operator, or NULL. */
static const char *reduction_wrapper(const pp_tok *t, size_t n)
{
    static const char *const ops[][2] = {
        {"+", "red_add"}, {"-", "red_add"}, {"*", "red_mul"}, {"^", "red_xor"},
        {"&", "red_and"}, {"|", "red_or"}, {"&&", "red_land"}, {"||", "red_lor"},
        {"max", "red_max"}, {"min", "red_min"},
    };
    if (n != 1)
        return NULL;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (tok_is(t, ops[i][0]))
            return ops[i][1];
    return NULL;
}

/* A list of variable names `a, b` for wrapper (NULL: checked, no wrapper). */
static int add_vars(pp *s, omp_clauses *c, omp_range r, const char *wrapper, const char *clause)
{
    for (size_t i = 0; i < r.n; i += 2) {
        if (r.t[i].kind != PT_IDENT || (i + 1 < r.n && !tok_is(&r.t[i + 1], ","))) {
            k_error(s->ctx, pp_tok_loc(s, &r.t[i]), "#pragma omp: %s(...) takes a list of "
                    "variable names", clause);
            return 0;
        }
        if (!wrapper)
            continue;
        if (c->nvars == MAX_VARS) {
            k_error(s->ctx, pp_tok_loc(s, &r.t[i]), "#pragma omp: more than %d variables in "
                    "data-sharing clauses", MAX_VARS);
            return 0;
        }
        c->vars[c->nvars++] = (omp_var){ &r.t[i], wrapper };
    }
    return 1;
}

/* reduction(op: list) */
static int reduction_clause(pp *s, omp_clauses *c, omp_range r, k_loc loc)
{
    size_t colon = 0;
    while (colon < r.n && !tok_is(&r.t[colon], ":"))
        colon++;
    const char *w = reduction_wrapper(r.t, colon);
    if (colon == r.n || !w) {
        k_error(s->ctx, loc, "#pragma omp: reduction(op: list) takes one of + - * & | ^ && || "
                "max min (user-declared reductions and modifiers are not built in)");
        return 0;
    }
    return add_vars(s, c, (omp_range){ r.t + colon + 1, r.n - colon - 1 }, w, "reduction");
}

/* An integer literal of the clause, or -1. */
static long literal(const omp_range r)
{
    if (r.n != 1 || r.t[0].kind != PT_NUMBER || r.t[0].len > 9)
        return -1;
    long v = 0;
    for (uint32_t i = 0; i < r.t[0].len; i++) {
        char ch = r.t[0].text[i];
        if (ch < '0' || ch > '9')
            return -1;
        v = v * 10 + (ch - '0');
    }
    return v;
}

/* schedule(static[, c]) or schedule(dynamic[, c]) */
static int schedule_clause(pp *s, omp_clauses *c, omp_range r, k_loc loc)
{
    /* the modifiers (`simd:`, `monotonic:`...) change no result */
    while (r.n >= 2 && r.t[0].kind == PT_IDENT && tok_is(&r.t[1], ":") &&
           (tok_is(&r.t[0], "simd") || tok_is(&r.t[0], "monotonic") ||
            tok_is(&r.t[0], "nonmonotonic")))
        r.t += 2, r.n -= 2;
    int kind_ok = r.n >= 1 && (tok_is(&r.t[0], "static") || tok_is(&r.t[0], "dynamic"));
    if (!kind_ok || (r.n > 1 && (r.n < 3 || !tok_is(&r.t[1], ",")))) {
        k_error(s->ctx, loc, "#pragma omp: schedule(%.*s) is not built in (static and dynamic "
                "are, with or without a chunk size)", r.n ? (int)r.t[0].len : 0,
                r.n ? r.t[0].text : "");
        return 0;
    }
    if (r.n > 1)
        c->chunk = (omp_range){ r.t + 2, r.n - 2 };
    return 1;
}

/* The clauses each construct takes (besides those no clause changes). */
static int allowed(const char *name, int construct)
{
    static const struct { const char *name; int constructs; } table[] = {
        {"num_threads", C_PARALLEL}, {"if", C_PARALLEL}, {"shared", C_PARALLEL},
        {"default", C_PARALLEL},
        {"private", C_PARALLEL | C_FOR | C_SECTIONS | C_SINGLE},
        {"firstprivate", C_PARALLEL | C_FOR | C_SECTIONS | C_SINGLE},
        {"reduction", C_PARALLEL | C_FOR | C_SECTIONS},
        {"schedule", C_FOR}, {"collapse", C_FOR},
        {"nowait", C_FOR | C_SECTIONS | C_SINGLE},
        /* simd's hints, which change no result */
        {"simdlen", C_SIMD}, {"safelen", C_SIMD}, {"aligned", C_SIMD},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (!strcmp(table[i].name, name))
            return (table[i].constructs & construct) &&
                   !(construct & C_PARALLEL && !strcmp(name, "nowait"));
    return 0;
}

/* One clause `name(r)`; returns 0 after an error. */
static int clause(pp *s, omp_clauses *c, const char *name, omp_range r, int has_args, k_loc loc)
{
    int wants_args = strcmp(name, "nowait") != 0;
    if (has_args != wants_args || (has_args && r.n == 0)) {
        k_error(s->ctx, loc, "#pragma omp: %s %s", name,
                wants_args ? "needs an argument in parentheses" : "takes no argument");
        return 0;
    }
    if (!strcmp(name, "nowait"))
        c->nowait = 1;
    else if (!strcmp(name, "num_threads"))
        c->num_threads = r;
    else if (!strcmp(name, "if"))
        c->if_cond = r;
    else if (!strcmp(name, "private") || !strcmp(name, "firstprivate"))
        return add_vars(s, c, r, "keep", name);
    else if (!strcmp(name, "shared"))
        return add_vars(s, c, r, NULL, name);
    else if (!strcmp(name, "reduction"))
        return reduction_clause(s, c, r, loc);
    else if (!strcmp(name, "schedule"))
        return schedule_clause(s, c, r, loc);
    else if (!strcmp(name, "default")) {
        if (r.n != 1 || !(tok_is(&r.t[0], "shared") || tok_is(&r.t[0], "none"))) {
            k_error(s->ctx, loc, "#pragma omp: default(shared) and default(none) are built in, "
                    "not default(%.*s)", (int)r.t[0].len, r.t[0].text);
            return 0;
        }
    } else if (!strcmp(name, "collapse")) {
        c->collapse = (int)literal(r);
        if (c->collapse < 1 || c->collapse > 8) {
            k_error(s->ctx, loc, "#pragma omp: collapse(n) takes an integer from 1 to 8");
            return 0;
        }
    }
    return 1;
}

/* Reads the clauses in [t, t + n) into c; returns 0 after an error. */
static int read_clauses(pp *s, omp_clauses *c, const pp_tok *t, size_t n, int construct,
                        const char *directive)
{
    for (size_t i = 0; i < n;) {
        if (tok_is(&t[i], ",")) {
            i++;
            continue;
        }
        k_loc loc = pp_tok_loc(s, &t[i]);
        char name[32];
        if (t[i].kind != PT_IDENT || t[i].len >= sizeof name) {
            k_error(s->ctx, loc, "#pragma omp %s: expected a clause, found '%.*s'", directive,
                    (int)t[i].len, t[i].text);
            return 0;
        }
        memcpy(name, t[i].text, t[i].len);
        name[t[i].len] = '\0';
        if (!allowed(name, construct)) {
            k_error(s->ctx, loc, "#pragma omp %s: clause '%s' is not built into simtvm's "
                    "OpenMP (doc/language.md, \"OpenMP\", lists what is)", directive, name);
            return 0;
        }
        i++;
        omp_range r = { t + i, 0 };
        int has_args = i < n && tok_is(&t[i], "(");
        if (has_args) {
            int depth = 0;
            size_t j = i;
            for (; j < n; j++) {
                depth += tok_is(&t[j], "(") - tok_is(&t[j], ")");
                if (depth == 0)
                    break;
            }
            if (j == n) {
                k_error(s->ctx, loc, "#pragma omp %s: missing ')' after %s(", directive, name);
                return 0;
            }
            r = (omp_range){ t + i + 1, j - i - 1 };
            i = j + 1;
        }
        if (!clause(s, c, name, r, has_args, loc))
            return 0;
    }
    return 1;
}

/* The directive at t[0] (after `omp`); sets *words to the tokens it took. */
static int directive_kind(const pp_tok *t, size_t n, size_t *words)
{
    static const struct { const char *name; int kind; } table[] = {
        {"for", C_FOR}, {"sections", C_SECTIONS}, {"section", C_SECTION},
        {"single", C_SINGLE}, {"master", C_MASTER}, {"critical", C_CRITICAL},
        {"atomic", C_ATOMIC}, {"barrier", C_BARRIER}, {"flush", C_FLUSH},
    };
    *words = 1;
    if (tok_is(&t[0], "parallel")) {
        if (n > 1 && (tok_is(&t[1], "for") || tok_is(&t[1], "sections"))) {
            *words = 2;
            int simd = tok_is(&t[1], "for") && n > 2 && tok_is(&t[2], "simd");
            *words += (size_t)simd;
            return C_PARALLEL | (tok_is(&t[1], "for") ? C_FOR : C_SECTIONS) | (simd ? C_SIMD : 0);
        }
        return C_PARALLEL;
    }
    if (tok_is(&t[0], "simd"))
        return C_SIMD;
    if (tok_is(&t[0], "for") && n > 1 && tok_is(&t[1], "simd")) {
        *words = 2;
        return C_FOR | C_SIMD;
    }
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (tok_is(&t[0], table[i].name))
            return table[i].kind;
    return 0;
}

/* The wrappers' for statements, and the chain of their steps around
 * `inner` (the driver's next()) written into chain. */
static void out_wrappers(pp *s, const omp_clauses *c, unsigned id)
{
    char buf[160];
    for (int i = 0; i < c->nvars; i++) {
        const pp_tok *v = c->vars[i].name;
        snprintf(buf, sizeof buf, "for (__simt_omp_%s<decltype(%.*s)> __omp%u_%d(&%.*s); "
                 "__omp%u_%d.once(); ) ", c->vars[i].wrapper, (int)v->len, v->text, id, i,
                 (int)v->len, v->text, id, i);
        out(s, buf);
    }
}

/* `__ompID_0.step(__ompID_1.step(... driver.next()))` */
static void out_condition(pp *s, const omp_clauses *c, unsigned id, const char *driver)
{
    char buf[64];
    for (int i = 0; i < c->nvars; i++) {
        snprintf(buf, sizeof buf, "__omp%u_%d.step(", id, i);
        out(s, buf);
    }
    snprintf(buf, sizeof buf, "%s.next()", driver);
    out(s, buf);
    for (int i = 0; i < c->nvars; i++)
        out(s, ")");
}

static const char *barrier_message(int construct)
{
    return construct & C_FOR ? "\"'#pragma omp for' ends with a barrier, and a team's members "
                               "run one after another in simtvm: add nowait, or run the team "
                               "with one thread\""
         : construct & C_SECTIONS ? "\"'#pragma omp sections' ends with a barrier, and a team's "
                                    "members run one after another in simtvm: add nowait, or "
                                    "run the team with one thread\""
         : "\"'#pragma omp single' ends with a barrier, and a team's members run one after "
           "another in simtvm: add nowait, or run the team with one thread\"";
}

/* The statements a construct with a body becomes. */
static void out_construct(pp *s, int construct, const omp_clauses *c, k_loc loc)
{
    struct k_omp_state *w = s->omp;
    unsigned id = ++w->counter;
    char driver[32];
    out_wrappers(s, c, id);
    if (construct & C_PARALLEL) {
        snprintf(driver, sizeof driver, "__omp%u_t", id);
        out(s, "for (__simt_omp_team ");
        out(s, driver);
        out(s, "(");
        out_clause(s, c->num_threads, loc, "(int)(", ")", "-1");
        out(s, ", ");
        out_clause(s, c->if_cond, loc, "(", ") ? 1 : 0", "1");
        out(s, "); ");
        out_condition(s, c, id, driver);
        out(s, "; ) ");
    }
    int own = !(construct & C_PARALLEL); /* the wrappers belong to the inner driver */
    const char *barrier = own && !c->nowait ? barrier_message(construct) : "0";
    if (construct & C_FOR) {
        snprintf(w->loop, sizeof w->loop, "__omp%u_l", id);
        out(s, "for (__simt_omp_loop ");
        out(s, w->loop);
        out(s, "(");
        out_clause(s, c->chunk, loc, "(long long)(", ")", "0");
        out(s, ", ");
        out(s, barrier);
        out(s, "); ");
        if (own)
            out_condition(s, c, id, w->loop);
        else
            out(s, w->loop), out(s, ".next()");
        out(s, "; ) ");
        w->levels = c->collapse ? c->collapse : 1;
        w->inner = 0;
        w->in_header = 0;
        return;
    }
    if (construct & (C_SECTIONS | C_SINGLE | C_MASTER)) {
        snprintf(driver, sizeof driver, "__omp%u_o", id);
        out(s, "for (__simt_omp_once ");
        out(s, driver);
        out(s, "(");
        out(s, construct & C_MASTER ? "0" : barrier);
        out(s, "); ");
        if (own)
            out_condition(s, c, id, driver);
        else
            out(s, driver), out(s, ".next()");
        out(s, "; ) ");
    }
}

void k_omp_pragma(pp *s, const pp_tok *t, size_t n, k_loc loc)
{
    if (!s->omp && !(s->omp = k_alloc(s->ctx, sizeof *s->omp)))
        return;
    t++, n--; /* omp */
    size_t words = 0;
    int construct = n ? directive_kind(t, n, &words) : 0;
    if (!construct) {
        k_error(s->ctx, loc, "#pragma omp %.*s is not built into simtvm's OpenMP "
                "(doc/language.md, \"OpenMP\", lists what is)", n ? (int)t[0].len : 0,
                n ? t[0].text : "");
        return;
    }
    char directive[32] = "";
    for (size_t w = 0; w < words; w++)
        snprintf(directive + strlen(directive), sizeof directive - strlen(directive), "%s%.*s",
                 w ? " " : "", (int)t[w].len, t[w].text);
    if (s->omp->levels) {
        k_error(s->ctx, loc, "#pragma omp %s: expected the for loop of the '#pragma omp for' "
                "before it", directive);
        s->omp->levels = 0;
        return;
    }
    t += words, n -= words;
    if (construct & (C_CRITICAL | C_FLUSH)) {
        /* critical (name), flush (list): the members never run at once */
        if (n && !(n >= 3 && tok_is(&t[0], "(") && tok_is(&t[n - 1], ")")))
            k_error(s->ctx, loc, "#pragma omp %s: expected nothing or (name) after it", directive);
        return;
    }
    if (construct & C_ATOMIC) {
        static const char *const kinds[] = { "read", "write", "update", "capture", "seq_cst" };
        for (size_t i = 0; i < n; i++) {
            int known = tok_is(&t[i], ",");
            for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
                known |= tok_is(&t[i], kinds[k]);
            if (!known) {
                k_error(s->ctx, pp_tok_loc(s, &t[i]), "#pragma omp atomic: clause '%.*s' is "
                        "not built into simtvm's OpenMP", (int)t[i].len, t[i].text);
                return;
            }
        }
        return;
    }
    if (construct & (C_BARRIER | C_SECTION | C_MASTER) && n) {
        k_error(s->ctx, pp_tok_loc(s, &t[0]), "#pragma omp %s takes no clauses", directive);
        return;
    }
    if (construct & C_BARRIER) {
        out(s, "__simt_omp_barrier(\"'#pragma omp barrier' with more than one thread: a team's "
               "members run one after another in simtvm, so none can wait for the others\");");
        return;
    }
    if (construct & C_SECTION)
        return;   /* sections run in order in the member that runs the construct */
    omp_clauses c;
    memset(&c, 0, sizeof c);
    if (construct == C_SIMD) {
        /* `simd` alone: the loop runs as written, one iteration after another,
         * which is what its vector lanes compute (a reduction or private is
         * then the loop's own variable); the clauses are read for their errors */
        read_clauses(s, &c, t, n, C_SIMD | C_FOR, directive);
        return;
    }
    if (read_clauses(s, &c, t, n, construct, directive))
        out_construct(s, construct & ~C_SIMD, &c, loc);
}

void k_omp_token(pp *s, const pp_tok *t)
{
    struct k_omp_state *w = s->omp;
    if (!w->in_header) {
        if (pp_tok_is(t, "for")) {
            w->in_header = 1;
            w->depth = 0;
        } else if (!(w->inner && pp_tok_is(t, "{"))) {
            k_error(s->ctx, pp_tok_loc(s, t), "'#pragma omp for' must be followed by a for "
                    "loop%s, found '%.*s'", w->inner ? " (collapse: one in each of the loops)" : "",
                    (int)t->len, t->text);
            w->levels = 0;
        }
        return;
    }
    w->depth += pp_tok_is(t, "(") - pp_tok_is(t, ")");
    if (w->depth > 0 || !pp_tok_is(t, ")"))
        return;
    w->in_header = 0;
    w->inner = 1;
    if (--w->levels == 0) {
        out(s, " if (");
        out(s, w->loop);
        out(s, ".skip()) { if (");
        out(s, w->loop);
        out(s, ".past()) break; } else");
    }
}
