/* lang/lower_bases.c -- base classes at an offset (multiple inheritance,
 * lang/bases.c), lowered: a pointer converted to a base (or, by
 * static_cast, back to the derived class) moves by the base's offset, a null
 * pointer staying null; a reference bound to a base adds the offset to the
 * object's address.  reinterpret_cast moves nothing (lower_expr.c). */
#include "lower.h"
#include "sema.h"

/* The class a pointer type points to, or NULL. */
static const k_record *pointee(const k_type *t)
{
    if (!t || t->kind != TY_PTR || !t->base || t->base->kind != TY_RECORD)
        return NULL;
    return t->base->rec;
}

/* R[dst] := R[src] + delta, or 0 when R[src] is 0. */
void lw_ptr_move(lw_func *F, int dst, int src, int64_t delta)
{
    int top = F->top;
    int pair = lw_reg(F);
    lw_reg(F);
    lw_emit(F, OP_ADDK, pair, src, 0, (int32_t)delta, 0);
    lw_emit_k(F, pair + 1, 0);
    lw_emit(F, OP_SEL, dst, src, pair, 0, 0);
    F->top = top;
}

int lw_base_adjust(lw_func *F, k_expr *e, const k_type *to, int dst)
{
    int64_t delta;
    const k_record *from = pointee(e->type), *tr = pointee(to);
    if (!from || !tr || !k_record_ptr_delta(from, tr, &delta))
        return 0;
    lw_expr_to(F, e, dst);
    lw_ptr_move(F, dst, dst, delta);
    return 1;
}

int64_t lw_ref_base_delta(const k_type *from, const k_type *ref)
{
    int64_t delta;
    if (!from || from->kind != TY_RECORD || !ref || ref->kind != TY_REF || !ref->base ||
        ref->base->kind != TY_RECORD)
        return 0;
    return k_record_ptr_delta(from->rec, ref->base->rec, &delta) && delta > 0 ? delta : 0;
}

int lw_cast_moves(const k_expr *e)
{
    int64_t delta;
    const k_record *from = pointee(e->lhs->type), *to = pointee(e->type);
    return e->op != 2 && from && to && k_record_ptr_delta(from, to, &delta);
}

int64_t lw_ptr_conv_delta(const k_type *from, const k_type *to)
{
    int64_t delta;
    const k_record *f = pointee(from), *t = pointee(to);
    return f && t && k_record_ptr_delta(f, t, &delta) ? delta : 0;
}
