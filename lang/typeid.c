/* lang/typeid.c -- `typeid(x).name()` and `typeid(T).name()`: the one use
 * of run-time type information K builds.  For a type known when compiling
 * (K has no polymorphic typeid: the static type is what g++ gives for
 * every non-polymorphic operand) the name is the string g++ prints, the
 * Itanium C++ ABI's mangling without the leading _Z: "i", "f", "Pf",
 * "PKc", "A4_i", "5Point", "N2ns5PointE".  The operand is not evaluated,
 * as in C++.  A class template's instance, a function type or a lambda's
 * is one error naming it. */
#include <stdio.h>
#include <string.h>

#include "sema.h"
#include "types.h"

#define NAME_MAX_LEN 256
#define TYBUF 96   /* room for a type written out (k_ty_str) */

static int put(char *buf, size_t *n, const char *s)
{
    size_t k = strlen(s);
    if (*n + k + 1 > NAME_MAX_LEN)
        return 0;
    memcpy(buf + *n, s, k + 1);
    *n += k;
    return 1;
}

static const char *builtin_code(k_type_kind k)
{
    switch (k) {
    case TY_VOID: return "v";
    case TY_BOOL: return "b";
    case TY_CHAR: return "c";
    case TY_SCHAR: return "a";
    case TY_UCHAR: return "h";
    case TY_SHORT: return "s";
    case TY_USHORT: return "t";
    case TY_INT: return "i";
    case TY_UINT: return "j";
    case TY_LONG: return "l";
    case TY_ULONG: return "m";
    case TY_LLONG: return "x";
    case TY_ULLONG: return "y";
    case TY_FLOAT: return "f";
    case TY_DOUBLE: return "d";
    default: return NULL;
    }
}

/* A class's name: "5Point", in a namespace "N2ns5PointE"; 0 for an
 * instance of a class template. */
static int class_name(const char *tag, char *buf, size_t *n)
{
    if (!tag || strchr(tag, '<'))
        return 0;
    int nested = strstr(tag, "::") != NULL;
    if (nested && !put(buf, n, "N"))
        return 0;
    for (const char *p = tag; *p;) {
        const char *end = strstr(p, "::");
        size_t len = end ? (size_t)(end - p) : strlen(p);
        char part[NAME_MAX_LEN];
        if (snprintf(part, sizeof part, "%zu%.*s", len, (int)len, p) >= (int)sizeof part ||
            !put(buf, n, part))
            return 0;
        p += len + (end ? 2 : 0);
    }
    return !nested || put(buf, n, "E");
}

static int mangle(const k_type *t, char *buf, size_t *n)
{
    const char *code = builtin_code(t->kind);
    if (code)
        return put(buf, n, code);
    if (t->kind == TY_PTR) {
        return put(buf, n, "P") && (!(t->base->quals & Q_VOLATILE) || put(buf, n, "V")) &&
               (!(t->base->quals & Q_CONST) || put(buf, n, "K")) && mangle(t->base, buf, n);
    }
    if (t->kind == TY_ARRAY && t->length >= 0) {
        char len[32];
        snprintf(len, sizeof len, "A%lld_", (long long)t->length);
        return put(buf, n, len) && mangle(t->base, buf, n);
    }
    if (t->kind == TY_RECORD) {
        const k_record *r = t->rec;
        char q[NAME_MAX_LEN];
        if (r->ns && r->tag && !strstr(r->tag, "::") &&
            snprintf(q, sizeof q, "%s::%s", r->ns, r->tag) < (int)sizeof q)
            return class_name(q, buf, n);   /* its tag is unqualified */
        return class_name(r->tag, buf, n);
    }
    return 0;
}

/* The call `__simt_typeid_name` the parser made of `typeid(...).name()`
 * becomes the name's string literal. */
k_type *k_sema_typeid_name(k_sema_state *s, k_expr *e)
{
    k_type *t = e->type_written;
    if (t)
        k_sema_resolve_type(s, t, e->loc);
    else if (!(t = k_sema_expr(s, e->args[0])))
        return NULL;
    if (t->kind == TY_REF)   /* typeid names the referred type, without cv */
        t = t->base;
    char buf[NAME_MAX_LEN], ty[TYBUF];
    size_t n = 0;
    buf[0] = 0;
    if (!mangle(t, buf, &n)) {
        k_error(s->ctx, e->loc, "typeid(...).name() of '%s' is not supported in K (it is built "
                "for arithmetic types, pointers, arrays and classes that are no template's)",
                k_ty_str(t, ty, sizeof ty));
        n = 0;   /* reported once: the call is "" from here on, checked again quietly */
        buf[0] = 0;
    }
    e->kind = E_STRING;
    e->str = k_strndup(s->ctx, buf, n);
    e->strlen = n;
    e->name = NULL;
    e->args = NULL;
    e->nargs = 0;
    e->type_written = NULL;
    k_type *c = k_ty_qualified(s->ctx, k_ty(s->ctx, TY_CHAR), Q_CONST);
    k_type *a = k_type_array(s->ctx, c, NULL);
    a->length = (int64_t)n + 1;
    e->is_lvalue = 1;
    e->type = a;
    return a;
}
