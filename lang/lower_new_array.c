/* lang/lower_new_array.c -- `new T[n]` whose elements are built, and
 * `delete[] p` whose elements are destroyed, lowered (sema: lang/new_array.c).
 *
 * new: malloc(n * sizeof(T) (+ 8 for the count)) -- the host's heap, or in
 * device code the device heap, as plain `new` -- the count stored in front
 * when the plan keeps it, everything zeroed for value-initialization, the
 * listed elements built one by one, then a loop running the default
 * constructor on the rest, first to last.  A null allocation (the device
 * heap exhausted) builds nothing and yields null.
 * delete[]: nothing for a null pointer, else the count read from the 8
 * bytes in front, the destructor run on each element from the last to the
 * first, and the storage (from the count on) freed. */
#include <string.h>

#include "lower.h"
#include "sema.h"
#include "vm/vm.h"

/* R[base] := builtin bi(R[base] .. R[base + nargs - 1]) with the given
 * value types, the result a pointer (or nothing). */
static void hcall(lw_func *F, int base, int bi, int nargs, const simt_vtype *args)
{
    simt_sig sig;
    memset(&sig, 0, sizeof sig);
    sig.ret = bi == BI_FREE ? VT_VOID : VT_PTR;
    sig.nargs = sig.nfixed = (uint8_t)nargs;
    for (int i = 0; i < nargs; i++)
        sig.args[i] = args[i];
    int top = F->top;
    lw_reserve(F, base + nargs);
    lw_emit(F, OP_HCALL, base, base, nargs, bi, lw_sig(F->M, &sig));
    F->top = top;
}

/* R[dst] := R[a] * size, a 64-bit count of bytes. */
static void times_size(lw_func *F, int dst, int a, int64_t size)
{
    int top = F->top;
    int k = lw_reg(F);
    lw_emit_k(F, k, (uint64_t)size);
    lw_emit(F, OP_MUL_I64, dst, a, k, 0, 0);
    F->top = top;
}

/* The listed element i of the array at R[p] (elements of type t). */
static void build_item(lw_func *F, const k_new_item *it, k_type *t, int p, int i)
{
    int top = F->top;
    int at = lw_reg(F), k = lw_reg(F);
    lw_emit_k(F, k, (uint64_t)(i * k_ty_size(t)));
    lw_emit(F, OP_ADD_I64, at, p, k, 0, 0);
    if (it->ctor) {
        lw_ctor_call(F, it->ctor, at, it->args, it->types, it->nargs);
    } else {
        int v = t->kind == TY_RECORD ? lw_expr_any(F, it->args[0]) : lw_reg(F);
        if (t->kind != TY_RECORD)
            lw_expr_conv_to(F, it->args[0], t, v);
        lw_lv lv = {LV_MEM, at, 0, t, 0, 0, 0};
        lw_store(F, &lv, v);
    }
    F->top = top;
}

/* The default constructor f on elements from..n-1 of the array at R[p]. */
static void build_rest(lw_func *F, k_decl *f, k_type *t, int p, int n, int from)
{
    int top = F->top;
    int64_t size = k_ty_size(t);
    int i = lw_reg(F), at = lw_reg(F), more = lw_reg(F);
    lw_emit_k(F, i, (uint64_t)from);
    times_size(F, at, i, size);
    lw_emit(F, OP_ADD_I64, at, p, at, 0, 0);
    int head = lw_new_block(F), body = lw_new_block(F), done = lw_new_block(F);
    lw_goto(F, head);
    lw_start(F, head);
    lw_emit(F, OP_LT_U64, more, i, n, 0, 0);
    lw_branch(F, more, body, done);
    lw_start(F, body);
    lw_ctor_call(F, f, at, NULL, NULL, 0);
    lw_emit(F, OP_ADDK, at, at, 0, (int32_t)size, 0);
    lw_emit(F, OP_ADDK, i, i, 0, 1, 0);
    lw_goto(F, head);
    lw_start(F, done);
    F->top = top;
}

/* E_NEW_ARRAY: dst := the first element (null when nothing was allocated). */
void lw_new_array(lw_func *F, k_expr *e, int dst)
{
    const k_new_array *a = e->sema_ext;
    k_type *t = e->type_written;
    k_type *sz = k_ty(F->M->ctx, TY_ULLONG);
    int top = F->top;
    int n = lw_reg(F), p = lw_reg(F), call = lw_reg(F);
    lw_reserve(F, call + 3);
    lw_expr_conv_to(F, e->lhs, sz, n);
    if (a->placed) {
        lw_expr_conv_to(F, a->placed, a->placed->type, p);
    } else {
        times_size(F, call, n, k_ty_size(t));
        if (a->cookie)
            lw_emit(F, OP_ADDK, call, call, 0, 8, 0);
        simt_vtype one[1] = {VT_U64};
        hcall(F, call, BI_MALLOC, 1, one);
        lw_emit(F, OP_MOV, p, call, 0, 0, 0);
    }
    int build = lw_new_block(F), done = lw_new_block(F);
    lw_branch(F, p, build, done);
    lw_start(F, build);
    if (a->cookie) {
        lw_emit(F, OP_ST64, n, p, 0, 0, 0);
        lw_emit(F, OP_ADDK, p, p, 0, 8, 0);
    }
    if (a->zero) {
        lw_emit(F, OP_MOV, call, p, 0, 0, 0);
        lw_emit_k(F, call + 1, 0);
        times_size(F, call + 2, n, k_ty_size(t));
        simt_vtype three[3] = {VT_PTR, VT_I32, VT_U64};
        hcall(F, call, BI_MEMSET, 3, three);
    }
    for (int i = 0; i < a->nitems; i++)
        build_item(F, &a->items[i], t, p, i);
    if (a->dflt)
        build_rest(F, a->dflt, t, p, n, a->nitems);
    lw_goto(F, done);
    lw_start(F, done);
    lw_emit(F, OP_MOV, dst, p, 0, 0, 0);
    F->top = top;
}

/* E_DELETE_ARRAY: the elements destroyed, last first, and the storage freed. */
void lw_delete_array(lw_func *F, k_expr *e, int dst)
{
    (void)dst;
    /* sema made it for a pointer or an array of a class (new_array.c) */
    int64_t size = k_ty_size(e->lhs->type->base);
    int top = F->top;
    int p = lw_reg(F), i = lw_reg(F), at = lw_reg(F);
    lw_expr_to(F, e->lhs, p);
    int run = lw_new_block(F), head = lw_new_block(F), body = lw_new_block(F),
        release = lw_new_block(F), done = lw_new_block(F);
    lw_branch(F, p, run, done);
    lw_start(F, run);
    lw_emit(F, OP_LD64, i, p, 0, -8, 0);
    times_size(F, at, i, size);
    lw_emit(F, OP_ADD_I64, at, p, at, 0, 0);
    lw_goto(F, head);
    lw_start(F, head);
    lw_branch(F, i, body, release);
    lw_start(F, body);
    lw_emit(F, OP_ADDK, at, at, 0, (int32_t)-size, 0);
    lw_emit(F, OP_ADDK, i, i, 0, -1, 0);
    lw_ctor_call(F, e->decl, at, NULL, NULL, 0);
    lw_goto(F, head);
    lw_start(F, release);
    lw_emit(F, OP_ADDK, at, p, 0, -8, 0);
    simt_vtype one[1] = {VT_PTR};
    hcall(F, at, BI_FREE, 1, one);
    lw_goto(F, done);
    lw_start(F, done);
    F->top = top;
}
