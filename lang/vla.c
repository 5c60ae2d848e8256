/* lang/vla.c -- variable-length arrays of host code (C99's, and g++'s in
 * C++, which nvcc accepts there): `float a[n];` and `double m[n][4];` with n
 * computed at run time.
 *
 * Sema turns the variable into a pointer to its element type initialized by
 * __simt_vla_alloc(n, sizeof element) (runtime/host.c): heap storage with its
 * byte size kept before the elements, a located fault for a size <= 0 or
 * one the memory cannot hold.  Lowering frees it where the declaration's
 * block ends -- each time the declaration runs, as a loop's body does --
 * and on break, continue and return (lw_destroy_var, lang/lower_records.c).
 * sizeof(a) reads the kept size (__simt_vla_size).  Only the outermost
 * bound may be a run-time value; device code has none (nvcc rejects them).
 */
#include <string.h>

#include "sema.h"
#include "types.h"

/* A class whose objects need no code to begin or end: no constructor,
 * destructor, default member initializer or virtual function, in it, its
 * bases or its members (cudaDeviceProp, a struct of numbers).  Its
 * variable-length array is heap bytes like an int's; a class that needs
 * construction would need a loop of constructor calls K does not write. */
static int plain_record(const k_record *r, int depth)
{
    if (!r || depth > 64 || k_record_polymorphic(r))
        return 0;
    for (int i = 0; i < r->nmethods; i++) {
        const k_decl *m = r->methods[i];
        if (m->method_kind == M_CTOR || m->method_kind == M_DTOR || m->implicit_default)
            return 0;
    }
    for (int i = 0; i < r->nfields; i++) {
        const k_type *t = r->fields[i].type;
        if (r->fields[i].init)
            return 0;
        while (t && t->kind == TY_ARRAY)
            t = t->base;
        if (t && t->kind == TY_RECORD && !plain_record(t->rec, depth + 1))
            return 0;
    }
    return 1;
}

/* Why d cannot be a variable-length array, or NULL when it can. */
static const char *vla_refused(k_sema_state *s, const k_decl *d)
{
    if (s->fn_kind & (FN_DEVICE | FN_KERNEL))
        return "variable-length array '%s' in device code (an array's size there must be "
               "a constant, as nvcc requires)";
    if (d->storage & (ST_STATIC | ST_EXTERN | ST_SHARED))
        return "variable-length array '%s' cannot be static, extern or __shared__";
    if (d->init || k_has_ctor(d))
        return "variable-length array '%s' cannot be initialized (as in C)";
    const k_type *elem = d->type->base;
    while (elem->kind == TY_ARRAY)
        elem = elem->base;
    if (elem->kind == TY_DIM3 || (elem->kind == TY_RECORD && !plain_record(elem->rec, 0)))
        return "variable-length array '%s' of a class with a constructor, destructor or "
               "virtual function is not supported (K builds them of scalars, pointers, "
               "plain structs and constant-size arrays of them)";
    return NULL;
}

void k_vla_decl(k_sema_state *s, k_decl *d)
{
    k_type *t = d->type;
    const char *why = vla_refused(s, d);
    if (why) {
        k_error(s->ctx, t->len_expr->loc.line ? t->len_expr->loc : d->loc, why, d->name);
        t->length = 1;
        t->len_expr = NULL;
        d->init = NULL;
        d->nctor = -1;   /* no constructor call either: reported once */
        return;
    }
    k_expr *size = k_expr_new(s->ctx, E_SIZEOF_TYPE, d->loc);
    size->type_written = t->base;
    k_expr *args[2] = {t->len_expr, size};
    k_expr *cast = k_expr_new(s->ctx, E_CAST, d->loc);
    cast->type_written = k_type_ptr(s->ctx, t->base);
    cast->lhs = k_call_named(s, d->loc, "__simt_vla_alloc", args, 2);
    d->type = k_type_ptr(s->ctx, t->base);
    d->init = cast;
    d->vla = 1;
    d->address_taken = 1;   /* kept in the frame, for its scope's end to free */
}

/* `sizeof a` of a variable-length array: its size, read at run time.
 * e (E_SIZEOF_EXPR, its operand checked) becomes that call. */
int k_vla_sizeof(k_sema_state *s, k_expr *e)
{
    k_expr *a = e->lhs;
    if (!a || a->kind != E_IDENT || !a->decl || !a->decl->vla)
        return 0;
    k_expr *call = k_call_named(s, e->loc, "__simt_vla_size", &a, 1);
    *e = *call;
    return 1;
}
