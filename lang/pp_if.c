/* lang/pp_if.c -- the preprocessor's #if and #elif conditions: `defined`,
 * then macro expansion, then C's integer constant expressions in intmax_t
 * or uintmax_t as C says (SPEC 2.2), each operation computed by the VM's
 * constant folder (vm/fold.h); GCC's rules for shift counts out of range
 * and the division by zero (an error) are checks around it. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "pp.h"
#include "vm/fold.h"

/* One 64-bit operation of the VM's constant folder (vm/fold.h): #if's
 * arithmetic is the machine's, written once. */
static uint64_t fold64(unsigned op, uint64_t a, uint64_t b)
{
    uint64_t r = 0;
    simt_fold(op, a, b, 0, 0, &r);
    return r;
}

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
            r.v = fold64(OP_NEG_I64, r.v, 0);
        else if (op == '~')
            r.v = fold64(OP_NOT_I64, r.v, 0);
        else if (op == '!')
            r = (pp_val){ fold64(OP_EQ_I64, r.v, 0), 0 };
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

/* cpp's shifts, as GCC's: a negative count shifts the other way, and a
 * count of 64 or more gives what shifting a bit at a time would (0, or the
 * sign for >> of a signed value), where the machine counts modulo 64. */
static pp_val shift(pp_val a, pp_val b, int left)
{
    uint64_t n = b.v;
    if (!b.is_unsigned && (int64_t)n < 0) {
        left = !left;
        n = 0 - n;
    }
    unsigned op = left ? OP_SHL_I64 : a.is_unsigned ? OP_SHR_U64 : OP_SHR_S64;
    uint64_t r = n < 64 ? fold64(op, a.v, n) : fold64(op, fold64(op, a.v, 63), 1);
    return (pp_val){ r, a.is_unsigned };
}

/* The folder's opcode of a binary operator in intmax_t (signed) or
 * uintmax_t (uns); *swap when the operands go the other way round (a > b
 * is b < a). */
static unsigned opcode_of(const char *op, int uns, int *swap)
{
    static const struct { const char *op; unsigned s, u; int swap; } ops[] = {
        { "|", OP_OR, OP_OR, 0 }, { "^", OP_XOR, OP_XOR, 0 }, { "&", OP_AND, OP_AND, 0 },
        { "==", OP_EQ_I64, OP_EQ_I64, 0 }, { "!=", OP_NE_I64, OP_NE_I64, 0 },
        { "<", OP_LT_S64, OP_LT_U64, 0 }, { ">", OP_LT_S64, OP_LT_U64, 1 },
        { "<=", OP_LE_S64, OP_LE_U64, 0 }, { ">=", OP_LE_S64, OP_LE_U64, 1 },
        { "+", OP_ADD_I64, OP_ADD_I64, 0 }, { "-", OP_SUB_I64, OP_SUB_I64, 0 },
        { "*", OP_MUL_I64, OP_MUL_I64, 0 }, { "/", OP_DIV_S64, OP_DIV_U64, 0 },
        { "%", OP_REM_S64, OP_REM_U64, 0 },
    };
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strcmp(op, ops[i].op)) {
            *swap = ops[i].swap;
            return uns ? ops[i].u : ops[i].s;
        }
    return OP_COUNT;
}

static pp_val apply(pp_eval *e, const char *op, pp_val a, pp_val b)
{
    int uns = a.is_unsigned || b.is_unsigned, swap = 0;
    if ((!strcmp(op, "/") || !strcmp(op, "%")) && b.v == 0) {
        eval_error(e, "division by zero in #if");
        return (pp_val){ 0, uns };
    }
    if (!strcmp(op, "||") || !strcmp(op, "&&"))
        return (pp_val){ op[0] == '|' ? (a.v || b.v) : (a.v && b.v), 0 };
    if (!strcmp(op, "<<") || !strcmp(op, ">>"))
        return shift(a, b, op[0] == '<');
    unsigned code = opcode_of(op, uns, &swap);
    uint64_t r = fold64(code, swap ? b.v : a.v, swap ? a.v : b.v);
    /* comparisons are int; arithmetic keeps the operands' common type */
    int compare = strchr("<>=!", op[0]) != NULL;
    return (pp_val){ r, compare ? 0 : uns };
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

