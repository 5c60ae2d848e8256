/* lang/sema_builtins.c -- which built-in function a call names: the C
 * library under std:: (std::sqrt, std::memcpy), a built-in beside the
 * program's overloads of its name, and the calls of APIs CUDA removed or
 * changed (one error naming the replacement, SPEC 2.8).  Called from
 * lang/sema_expr.c's call(). */
#include <stdio.h>
#include <string.h>

#include "sema.h"

/* An argument as the program wrote it, when it is a name or a number. */
static int arg_text(const k_expr *a, char *buf, size_t len)
{
    if (a->kind == E_IDENT && a->name)
        return snprintf(buf, len, "%s", a->name) < (int)len;
    if (a->kind == E_INT)
        return snprintf(buf, len, "%llu", (unsigned long long)a->ival) < (int)len;
    return 0;
}

/* `help: use __shfl_down_sync(0xffffffff, v, 1)`: the replacement of a
 * removed warp function called with this call's own arguments, when they are
 * names or numbers and the replacement adds only the mask. */
void k_sema_removed_api_help(k_sema_state *s, const k_expr *e, const char *instead)
{
    const char *paren = strstr(instead, "(0xffffffff, ");
    if (!paren || e->nargs < 1 || e->nargs > 3)
        return;
    int want = 1;
    for (const char *p = paren + 13; *p && *p != ')'; p++)
        want += *p == ',';
    if (want != e->nargs)
        return;
    char call[256], arg[64];
    int n = snprintf(call, sizeof call, "%.*s(0xffffffff", (int)(paren - instead), instead);
    for (int i = 0; i < e->nargs; i++) {
        if (!arg_text(e->args[i], arg, sizeof arg))
            return;
        n += snprintf(call + n, sizeof call - (size_t)n, ", %s", arg);
        if (n >= (int)sizeof call)
            return;
    }
    k_help(s->ctx, "use %s)", call);
}

typedef struct builtin_probe_arg {
    int device;
    int id;
} builtin_probe_arg;

/* <cmath>'s and <cstdlib>'s functions are the C library's under std::
 * too (std::sqrt, std::abs, std::isnan): the built-in `sqrt` already
 * follows C++'s overloads (float for a float). */
static int std_math(const char *qname, int device)
{
    if (strncmp(qname, "std::", 5) != 0)
        return -1;
    int id = k_builtin_find(qname + 5, device);
    if (id < 0)
        return -1;
    int kind = k_builtin_get(id)->kind;
    return kind == BK_MATH || kind == BK_MATHF || kind == BK_ABS || kind == BK_CLASSIFY ? id : -1;
}

static int builtin_probe(void *arg, const char *qname)
{
    builtin_probe_arg *a = arg;
    a->id = k_builtin_find(qname, a->device);
    if (a->id < 0)
        a->id = std_math(qname, a->device);
    return a->id >= 0;
}

/* `std::sqrt`, `std::memcpy`, `std::printf`: <cmath>, <cstring>, <cstdio>
 * and <cstdlib> declare the C library in std too.  Only the C library's
 * built-ins (math, abs, classification, the host runtime's C functions)
 * answer to std::, not CUDA's intrinsics or API. */
static int std_c_library(const char *name, int device)
{
    if (strncmp(name, "std::", 5) != 0 || name[5] == '_' || strstr(name + 5, "::") ||
        !strncmp(name + 5, "cuda", 4))
        return -1;
    int id = k_builtin_find(name + 5, device);
    const k_builtin_info *b = id >= 0 ? k_builtin_get(id) : NULL;
    if (!b)
        return -1;
    switch (b->kind) {
    case BK_RUNTIME: case BK_MATH: case BK_MATHF: case BK_MATHD: case BK_CLASSIFY: case BK_ABS:
        return id;
    default:
        return -1;
    }
}

/* The built-in a called name stands for (`std::abs`, or `abs` under
 * `using namespace std;`...), or -1. */
int k_sema_builtin_lookup(k_sema_state *s, const char *name)
{
    builtin_probe_arg a = { (s->fn_kind & (FN_DEVICE | FN_KERNEL)) != 0, -1 };
    if (k_sema_resolve(s, name, builtin_probe, &a))
        return a.id;
    return std_c_library(name, a.device);
}

/* A program's functions named like a built-in one overload it, as in C++
 * (helper_math.h's fminf(float3, float3) beside fminf(float, float)): a
 * call none of them takes is the built-in's, if it has one. */
int k_sema_builtin_beside(k_sema_state *s, k_expr *e, const k_decl *f)
{
    if (!f || f->kind != D_FUNC || !f->is_global_scope || f->builtin >= 0)
        return 0;
    int id = k_sema_builtin_lookup(s, e->name);
    if (id < 0 || k_sema_overload_fits(s, f, e->args, e->nargs))
        return 0;
    k_sema_builtin_call(s, e, id);
    return 1;
}

/* CUDA declares min and max as plain functions for every pair of int,
 * unsigned, long and long long (signed or not), float and double, and C++
 * prefers a plain function that fits exactly to a template.  So a program's
 * own `template <class T> T max(const T &, const T &)` is not what
 * max(x, y) calls for such arguments, and a call it cannot deduce
 * (max(double, float)) is CUDA's.  Returns 1 when e names such a built-in
 * (the template then competes with it), 0 otherwise; *exact says whether
 * its arguments are of those types. */
int k_sema_builtin_rival(k_sema_state *s, k_expr *e, int *exact)
{
    *exact = 0;
    if (e->has_targs || e->nargs != 2 || strchr(e->name, ':'))
        return 0;   /* (N::max names N's alone; inside N, N's hides CUDA's) */
    int id = k_sema_builtin_lookup(s, e->name);
    const k_builtin_info *b = id >= 0 ? k_builtin_get(id) : NULL;
    if (!b || b->kind != BK_MINMAX || b->arg >= 0)
        return 0;
    *exact = 1;
    for (int i = 0; i < e->nargs; i++) {
        k_type *t = k_sema_rvalue(s, e->args[i]);
        switch (t ? t->kind : TY_VOID) {
        case TY_INT: case TY_UINT: case TY_LONG: case TY_ULONG: case TY_LLONG: case TY_ULLONG:
        case TY_FLOAT: case TY_DOUBLE:
            break;
        default:
            *exact = 0;
        }
    }
    return 1;
}

/* A call in CUDA 12's form of a function CUDA 13 changed (an int device
 * where a cudaMemLocation now goes): one error naming the new signature. */
int k_sema_old_cuda_form(k_sema_state *s, k_expr *e)
{
    int at;
    const char *now = k_changed_api(e->name, &at);
    if (!now || e->nargs <= at)
        return 0;
    k_type *t = k_sema_rvalue(s, e->args[at]);
    if (!t || t->kind == TY_RECORD)
        return 0;
    k_error(s->ctx, e->args[at]->loc,
            "'%s' takes a cudaMemLocation, not a device number, since CUDA 13: write %s",
            e->name, now);
    for (int i = 0; i < e->nargs; i++)
        k_sema_expr(s, e->args[i]);
    return 1;
}
