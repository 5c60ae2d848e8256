/* lang/adl.c -- argument-dependent lookup of unqualified calls: `getline(is,
 * line)` finds std::getline because `is` is a std:: class, as in C++.  K
 * looks there only when ordinary lookup found nothing, which is where a
 * program that relies on ADL would otherwise stop; the namespaces are those
 * of the arguments' classes (through references, pointers and arrays). */
#include <string.h>

#include "sema.h"

/* The class an argument's type names, through references, pointers and
 * arrays; NULL if none. */
static const k_record *argument_class(const k_type *t)
{
    while (t && (t->kind == TY_REF || t->kind == TY_PTR || t->kind == TY_ARRAY))
        t = t->base;
    return t && t->kind == TY_RECORD ? t->rec : NULL;
}

/* The container an argument is an iterator of, as written: `v.begin()`,
 * `v.end() - 1`, `key.begin() + st`.  K's iterators of std::vector,
 * std::array and Thrust's vectors are plain pointers, which name no class;
 * C++'s are the container's namespace's classes, whose namespace ADL
 * searches (`stable_sort(v.begin(), v.end(), less)` finds std::stable_sort). */
static const k_expr *iterator_container(const k_expr *e)
{
    while (e && e->kind == E_BINARY && (e->op == KB_ADD || e->op == KB_SUB))
        e = e->lhs;
    static const char *const ranges[] = { "begin", "end", "cbegin", "cend", "rbegin",
                                          "rend", "crbegin", "crend" };
    if (!e || e->kind != E_MCALL || !e->name || !e->lhs)
        return NULL;
    for (size_t i = 0; i < sizeof ranges / sizeof *ranges; i++)
        if (strcmp(e->name, ranges[i]) == 0)
            return e->lhs;
    return NULL;
}

const char *k_sema_adl_name(k_sema_state *s, k_expr *call)
{
    if (!call->name || strstr(call->name, "::"))
        return NULL;
    size_t nlen = strlen(call->name);
    for (int i = 0; i < call->nargs; i++) {
        const k_expr *container = iterator_container(call->args[i]);
        const k_type *t = k_sema_expr(s, call->args[i]);
        const k_record *r = argument_class(t);
        if ((!r || !r->ns) && container) {
            r = argument_class(container->type);
            /* libstdc++'s std::array<T, N>::iterator is a T *: no ADL there */
            if (r && r->tag && strncmp(r->tag, "std::array<", 11) == 0)
                r = NULL;
        }
        /* <random>'s engines and distributions are std's classes in C++ (K's
         * are handles): `shuffle(b, e, std::default_random_engine(seed))` */
        const char *space = r && r->ns ? r->ns : t && k_random_is_type(t) ? "std" : NULL;
        if (!space)
            continue;
        size_t ns = strlen(space);
        char *q = k_alloc(s->ctx, ns + 2 + nlen + 1);
        if (!q)
            return NULL;
        memcpy(q, space, ns);
        memcpy(q + ns, "::", 2);
        memcpy(q + ns + 2, call->name, nlen + 1);
        k_decl *d = k_sema_lookup(s, q);
        if ((d && d->kind == D_FUNC) || k_tpl_has_function(s, q))
            return q;
    }
    return NULL;
}
