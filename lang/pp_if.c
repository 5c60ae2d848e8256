/* lang/pp_if.c -- the preprocessor's #if and #elif conditions: `defined`,
 * then macro expansion, then C's integer constant expressions in intmax_t
 * or uintmax_t as C says (SPEC 2.2). */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "pp.h"

typedef struct pp_val {
    uint64_t v;
    int is_unsigned;
} pp_val;

typedef struct pp_eval {
    pp *s;
    const pp_tok *t;
    size_t n, i;
    int depth;
    int error;
    k_loc loc;
} pp_eval;

static void eval_error(pp_eval *e, const char *msg)
{
    if (!e->error)
        k_error(e->s->ctx, e->i < e->n ? pp_tok_loc(e->s, &e->t[e->i]) : e->loc, "%s", msg);
    e->error = 1;
}

static const pp_tok *eval_peek(pp_eval *e)
{
    return e->i < e->n ? &e->t[e->i] : NULL;
}

static int eval_accept(pp_eval *e, const char *op)
{
    const pp_tok *t = eval_peek(e);
    if (t && pp_tok_is(t, op)) {
        e->i++;
        return 1;
    }
    return 0;
}

static uint64_t char_value(const pp_tok *t)
{
    const char *p = t->text + 1;
    if (*p != '\\')
        return (uint64_t)(int64_t)(signed char)*p;
    p++;
    switch (*p) {
    case 'n': return '\n';
    case 't': return '\t';
    case 'r': return '\r';
    case 'a': return '\a';
    case 'b': return '\b';
    case 'f': return '\f';
    case 'v': return '\v';
    case 'x': return (uint64_t)(int64_t)(signed char)strtoul(p + 1, NULL, 16);
    default:
        if (*p >= '0' && *p <= '7')
            return (uint64_t)(int64_t)(signed char)strtoul(p, NULL, 8);
        return (unsigned char)*p;
    }
}

static pp_val number_value(pp_eval *e, const pp_tok *t)
{
    char buf[80];
    pp_val r = { 0, 0 };
    if (t->len >= sizeof buf) {
        eval_error(e, "integer constant too long in #if");
        return r;
    }
    size_t n = 0;
    for (size_t i = 0; i < t->len; i++)   /* digit separators dropped: 1'000 */
        if (t->text[i] != '\'')
            buf[n++] = t->text[i];
    buf[n] = '\0';
    int base = 10;
    const char *digits = buf;
    if (buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X'))
        base = 16, digits = buf + 2;
    else if (buf[0] == '0' && (buf[1] == 'b' || buf[1] == 'B'))
        base = 2, digits = buf + 2;
    else if (buf[0] == '0')
        base = 8;
    char *end;
    errno = 0;
    r.v = strtoull(digits, &end, base);
    if (errno == ERANGE) {
        eval_error(e, "integer constant is too large for #if (more than 64 bits)");
        return r;
    }
    if (end == digits && base != 8) {
        eval_error(e, "invalid integer constant in #if");
        return r;
    }
    for (; *end; end++) {
        if (*end == 'u' || *end == 'U')
            r.is_unsigned = 1;
        else if (*end != 'l' && *end != 'L') {
            eval_error(e, "invalid integer constant in #if (floating point is not allowed)");
            return r;
        }
    }
    if (r.v > INT64_MAX)
        r.is_unsigned = 1;
    return r;
}

static pp_val eval_cond(pp_eval *e);

static pp_val eval_primary(pp_eval *e)
{
    pp_val r = { 0, 0 };
    const pp_tok *t = eval_peek(e);
    if (!t) {
        eval_error(e, "missing expression in #if");
        return r;
    }
    if (++e->depth > MAX_IF_DEPTH) {
        eval_error(e, "#if expression nested too deeply");
        return r;
    }
    if (eval_accept(e, "(")) {
        r = eval_cond(e);
        if (!eval_accept(e, ")"))
            eval_error(e, "expected ')' in #if expression");
    } else if (eval_accept(e, "-") || eval_accept(e, "+") || eval_accept(e, "~")
               || eval_accept(e, "!")) {
        char op = t->text[0];
        r = eval_primary(e);
        if (op == '-')
            r.v = 0 - r.v;
        else if (op == '~')
            r.v = ~r.v;
        else if (op == '!')
            r = (pp_val){ r.v == 0, 0 };
    } else if (t->kind == PT_NUMBER) {
        e->i++;
        r = number_value(e, t);
    } else if (t->kind == PT_STRING && t->text[0] == '\'') {
        e->i++;
        r.v = char_value(t);
    } else if (t->kind == PT_IDENT) {
        /* Names left after expansion are 0, except C++'s true. */
        e->i++;
        r.v = pp_tok_is(t, "true");
    } else {
        eval_error(e, "invalid token in #if expression");
    }
    e->depth--;
    return r;
}

/* Binary operators by precedence level, loosest first. */
static const char *const levels[][5] = {
    { "||" }, { "&&" }, { "|" }, { "^" }, { "&" }, { "==", "!=" },
    { "<", ">", "<=", ">=" }, { "<<", ">>" }, { "+", "-" }, { "*", "/", "%" },
};
#define NLEVELS ((int)(sizeof levels / sizeof levels[0]))

static int compare(const char *op, pp_val a, pp_val b, int uns)
{
    int64_t x = (int64_t)a.v, y = (int64_t)b.v;
    if (!strcmp(op, "<"))
        return uns ? a.v < b.v : x < y;
    if (!strcmp(op, ">"))
        return uns ? a.v > b.v : x > y;
    if (!strcmp(op, "<="))
        return uns ? a.v <= b.v : x <= y;
    return uns ? a.v >= b.v : x >= y;
}

static pp_val apply(pp_eval *e, const char *op, pp_val a, pp_val b)
{
    int uns = a.is_unsigned || b.is_unsigned;
    pp_val r = { 0, uns };
    int64_t x = (int64_t)a.v, y = (int64_t)b.v;
    if ((!strcmp(op, "/") || !strcmp(op, "%")) && b.v == 0) {
        eval_error(e, "division by zero in #if");
        return r;
    }
    if (!strcmp(op, "||") || !strcmp(op, "&&")) {
        r.is_unsigned = 0;
        r.v = op[0] == '|' ? (a.v || b.v) : (a.v && b.v);
    } else if (!strcmp(op, "|")) r.v = a.v | b.v;
    else if (!strcmp(op, "^")) r.v = a.v ^ b.v;
    else if (!strcmp(op, "&")) r.v = a.v & b.v;
    else if (!strcmp(op, "==")) r = (pp_val){ a.v == b.v, 0 };
    else if (!strcmp(op, "!=")) r = (pp_val){ a.v != b.v, 0 };
    else if (op[0] == '<' && op[1] != '<') r = (pp_val){ (uint64_t)compare(op, a, b, uns), 0 };
    else if (op[0] == '>' && op[1] != '>') r = (pp_val){ (uint64_t)compare(op, a, b, uns), 0 };
    else if (!strcmp(op, "<<")) r = (pp_val){ b.v >= 64 ? 0 : a.v << b.v, a.is_unsigned };
    else if (!strcmp(op, ">>"))
        r = (pp_val){ b.v >= 64 ? 0 : a.is_unsigned ? a.v >> b.v
                      : (uint64_t)(x < 0 ? ~(~x >> b.v) : x >> b.v), a.is_unsigned };
    else if (!strcmp(op, "+")) r.v = a.v + b.v;
    else if (!strcmp(op, "-")) r.v = a.v - b.v;
    else if (!strcmp(op, "*")) r.v = a.v * b.v;
    else if (!strcmp(op, "/"))
        r.v = uns ? a.v / b.v : (x == INT64_MIN && y == -1) ? a.v : (uint64_t)(x / y);
    else
        r.v = uns ? a.v % b.v : (x == INT64_MIN && y == -1) ? 0 : (uint64_t)(x % y);
    return r;
}

/* Precedence climbing over `levels`; iterative within a level. */
static pp_val eval_binary(pp_eval *e, int level)
{
    if (level >= NLEVELS)
        return eval_primary(e);
    pp_val a = eval_binary(e, level + 1);
    for (;;) {
        const pp_tok *t = eval_peek(e);
        const char *op = NULL;
        for (int k = 0; t && k < 5 && levels[level][k]; k++)
            if (pp_tok_is(t, levels[level][k]))
                op = levels[level][k];
        if (!op || e->error)
            return a;
        e->i++;
        pp_val b = eval_binary(e, level + 1);
        a = apply(e, op, a, b);
    }
}

static pp_val eval_cond(pp_eval *e)
{
    if (++e->depth > MAX_IF_DEPTH) {
        eval_error(e, "#if expression nested too deeply");
        return (pp_val){ 0, 0 };
    }
    pp_val c = eval_binary(e, 0);
    if (eval_accept(e, "?")) {
        pp_val a = eval_cond(e);
        if (!eval_accept(e, ":"))
            eval_error(e, "expected ':' in #if expression");
        pp_val b = eval_cond(e);
        c = c.v ? a : b;
        c.is_unsigned = a.is_unsigned || b.is_unsigned;
    }
    e->depth--;
    return c;
}

/* Replaces `defined X` and `defined(X)` by 1 or 0 (before expansion). */
static void replace_defined(pp *s, const pp_tok *t, size_t n, pp_vec *out)
{
    for (size_t i = 0; i < n && !s->failed; i++) {
        if (!pp_tok_is(&t[i], "defined")) {
            pp_vec_push(s, out, &t[i]);
            continue;
        }
        size_t j = i + 1;
        int paren = j < n && pp_tok_is(&t[j], "(");
        if (paren)
            j++;
        if (j >= n || t[j].kind != PT_IDENT || (paren && (j + 1 >= n || !pp_tok_is(&t[j + 1], ")")))) {
            k_error(s->ctx, pp_tok_loc(s, &t[i]), "'defined' expects a macro name"
                    " (defined X or defined(X))");
            s->failed = 1;
            return;
        }
        pp_tok r = t[i];
        r.kind = PT_NUMBER;
        r.text = pp_lookup(s, &t[j]) ? "1" : "0";
        r.len = 1;
        pp_vec_push(s, out, &r);
        i = j + (size_t)paren;
    }
}

int pp_eval_if(pp *s, const pp_tok *t, size_t n, k_loc loc)
{
    pp_vec d = { 0 };
    replace_defined(s, t, n, &d);
    if (s->failed) {
        simt_free(pp_al(s), d.v);
        s->failed = 0;
        return 0;
    }
    pp_vec x = pp_expand_list(s, d.v, d.n, loc);
    simt_free(pp_al(s), d.v);
    pp_eval e = { s, x.v, x.n, 0, 0, 0, loc };
    pp_val v = eval_cond(&e);
    if (!e.error && e.i < e.n)
        eval_error(&e, "extra tokens at the end of the #if expression");
    simt_free(pp_al(s), x.v);
    return !e.error && v.v != 0;
}

