/* lang/stl_get.c -- what std::get does beyond thrust::get<N> of a tuple
 * (lang/thrust_tuple.c), in sema: `std::get<I>(a)` of a std::array (its
 * element a._M_elems[I], range-checked) and `std::get<T>(t)` of a tuple by
 * type (the one element of type T: an error when there is none or more
 * than one, as libstdc++'s static assertions say). */
#include <string.h>

#include "sema.h"
#include "types.h"

int k_stl_is_array(const k_type *t)
{
    return t && t->kind == TY_RECORD && strncmp(k_record_name(t->rec), "std::array<", 11) == 0;
}

/* get<I>(a), a a std::array: rewritten in place to a._M_elems[I]. */
k_type *k_stl_array_get(k_sema_state *s, k_expr *e, k_type *t)
{
    k_type *elems;
    uint32_t off;
    int64_t n;
    if (!e->targs[0].expr) {
        k_error(s->ctx, e->targs[0].loc, "'%s<T>' of a std::array: its index is a number"
                " (std::get by type is for tuples)", e->name);
        return NULL;
    }
    if (!k_sema_const_int(s, e->targs[0].expr, &n) ||
        !k_ty_field(s->ctx, t, "_M_elems", &elems, &off) || elems->kind != TY_ARRAY)
        return NULL;
    if (n < 0 || n >= elems->length) {
        k_error(s->ctx, e->targs[0].loc, "'%s<%lld>' out of range for a std::array of %lld"
                " elements", e->name, (long long)n, (long long)elems->length);
        return NULL;
    }
    k_expr *member = k_expr_new(s->ctx, E_MEMBER, e->loc);
    k_expr *index = k_expr_new(s->ctx, E_INT, e->targs[0].loc);
    if (!member || !index)
        return NULL;
    member->lhs = e->args[0];
    member->name = "_M_elems";
    member->depth = e->args[0]->depth + 1;
    index->ival = (uint64_t)n;
    index->depth = 1;
    e->kind = E_INDEX;
    e->lhs = member;
    e->rhs = index;
    e->args = NULL;
    e->nargs = 0;
    e->name = NULL;
    e->has_targs = 0;
    e->ntargs = 0;
    e->targs = NULL;
    e->depth = member->depth + 1;
    return k_sema_expr(s, e);
}

/* get<T>(t): the index of t's one element of type T (size elements), or
 * -1 after an error. */
int k_stl_get_index_by_type(k_sema_state *s, const k_expr *e, const k_type *t, int size)
{
    k_type *want = e->targs[0].type;
    k_sema_resolve_type(s, want, e->targs[0].loc);
    int found = -1, count = 0;
    for (int i = 0; i < size; i++) {
        k_type *ft = k_tuple_element_type(s, t, i);
        if (ft && k_ty_same(ft, want) && ft->quals == want->quals) {
            found = found < 0 ? i : found;
            count++;
        }
    }
    if (count == 1)
        return found;
    char b[128];
    k_ty_str(want, b, sizeof b);
    if (count)
        k_error(s->ctx, e->targs[0].loc, "'%s<%s>': the tuple has %d elements of type '%s',"
                " so the type names none of them", e->name, b, count, b);
    else
        k_error(s->ctx, e->targs[0].loc, "'%s<%s>': the tuple has no element of type '%s'",
                e->name, b, b);
    return -1;
}
