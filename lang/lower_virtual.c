/* lang/lower_virtual.c -- virtual dispatch, `new` with a constructor and
 * `delete` with a destructor, lowered (sema: lang/virtual.c,
 * lang/new_object.c).
 *
 * The VM calls functions by index only, so a virtual call, as a call
 * through a function pointer does (lower_call.c), compares the object's
 * vtable pointer with the value of each class derived from the static type
 * and calls that class's final overrider; lanes whose objects are of
 * different classes take different branches and meet again after the
 * calls.  The value tells which side constructed the object (lang/virtual.c):
 * an object of the other side (a host object copied to the device) is a
 * located fault saying so, and so is one never constructed. */
#include <stdio.h>
#include <string.h>

#include "lower.h"
#include "sema.h"

/* R[dst] := 1 when this code runs on the device, else 0: a constant unless
 * the function is both __host__ and __device__. */
static void side_of_code(lw_func *F, int dst)
{
    unsigned k = k_fn_kind(F->decl);
    if ((k & FN_KERNEL) || ((k & FN_DEVICE) && !(k & FN_HOST)))
        lw_emit_k(F, dst, 1);
    else if (!(k & FN_DEVICE))
        lw_emit_k(F, dst, 0);
    else
        lw_emit(F, OP_SREG, dst, 0, 0, SREG_ON_DEVICE, 0);
}

/* E_VPTR: class r's vtable pointer for an object constructed here. */
void lw_vptr(lw_func *F, k_expr *e, int dst)
{
    int top = F->top;
    int side = lw_reg(F);
    side_of_code(F, side);
    uint64_t id = e->ival ? e->ival : (uint64_t)e->type_written->rec->vclass_id;
    lw_emit_k(F, dst, K_VPTR_BASE + 2 * id);
    lw_emit(F, OP_ADD_I64, dst, dst, side, 0, 0);
    F->top = top;
}

/* The offsets of the vtable pointers in an object of r, its own and its
 * bases' at any depth, from at; the new count (at most max). */
static int vptr_offsets(const k_record *r, int32_t at, int32_t *out, int n, int max)
{
    for (int i = 0; i < r->nfields; i++) {
        const k_field *f = &r->fields[i];
        if (f->name && strcmp(f->name, "__vptr") == 0 && n < max)
            out[n++] = at + (int32_t)f->offset;
        else if (!f->name && f->type && f->type->kind == TY_RECORD)
            n = vptr_offsets(f->type->rec, at + (int32_t)f->offset, out, n, max);
    }
    return n;
}

/* `a = b` of a class with virtual functions stores b's bytes at lv but
 * keeps a's vtable pointers: assignment does not change an object's
 * dynamic type (`Shape s; s = square;` is still a Shape). */
void lw_store_keeping_vptrs(lw_func *F, const lw_lv *lv, int src)
{
    int32_t offs[16];
    int n = lv->kind == LV_MEM && lv->type && lv->type->kind == TY_RECORD
                ? vptr_offsets(lv->type->rec, lv->off, offs, 0, 16) : 0;
    if (!n) {
        lw_store(F, lv, src);
        return;
    }
    int top = F->top;
    k_type *word = k_ty(F->M->ctx, TY_ULLONG);
    int saved = F->top;
    for (int i = 0; i < n; i++)
        lw_reg(F);
    int addr = lw_reg(F);
    for (int i = 0; i < n; i++) {
        lw_emit(F, OP_ADDK, addr, lv->reg, 0, offs[i], 0);
        lw_load_at(F, addr, word, saved + i);
    }
    lw_store(F, lv, src);
    for (int i = 0; i < n; i++) {
        lw_lv v = {LV_MEM, lv->reg, offs[i], word, 0, 0, 0};
        lw_store(F, &v, saved + i);
    }
    F->top = top;
}

/* A copy of an object of a class with virtual functions, just made at
 * R[addr] (`S s = x;` with x a derived class's S part): its vtable pointer
 * is S's, not x's (a copy's dynamic type is S). */
void lw_copy_vptr(lw_func *F, const k_record *r, int addr)
{
    int32_t offs[16];
    if (!r->vclass_id || vptr_offsets(r, 0, offs, 0, 16) != 1)
        return;   /* several: slicing to such a class is refused (lang/bases.c) */
    int top = F->top;
    k_expr v = {.kind = E_VPTR, .ival = (uint64_t)r->vclass_id};
    int val = lw_reg(F);
    lw_vptr(F, &v, val);
    lw_lv lv = {LV_MEM, addr, offs[0], k_ty(F->M->ctx, TY_ULLONG), 0, 0, 0};
    lw_store(F, &lv, val);
    F->top = top;
}

static void trap_msg(lw_func *F, const char *msg)
{
    lw_emit(F, OP_TRAP, 0, 0, 0, lw_trap_string(F->M, msg), 0);
}

static void trap(lw_func *F, const char *fmt, const char *a, const char *b)
{
    char msg[512];
    snprintf(msg, sizeof msg, fmt, a, b);
    trap_msg(F, msg);
}

/* Calls o, class c's final overrider of f (arguments from R[a + 3], result
 * in R[a], `this` moved by delta to o's class first), or faults when it
 * cannot run here. */
static void call_overrider(lw_func *F, const k_decl *f, k_decl *o, const k_record *c, int a,
                           int64_t delta)
{
    k_decl *def = o ? (o->definition ? o->definition : o) : NULL;
    unsigned here = k_fn_kind(F->decl), there = def ? k_fn_kind(def) : 0;
    int device = (here & FN_KERNEL) || ((here & FN_DEVICE) && !(here & FN_HOST));
    int host = !(here & (FN_KERNEL | FN_DEVICE));
    if (!def || !def->body) {
        if (o && (o->virt & VF_PURE))
            trap(F, "pure virtual function '%s' called: the object is of the abstract class "
                 "'%s' (a call from its constructor or destructor)", f->name, k_record_name(c));
        else
            k_error(F->M->ctx, F->loc, "virtual function '%s' is declared but never defined",
                    o ? o->name : f->name);
    } else if (device && !(there & FN_DEVICE)) {
        trap(F, "virtual function '%s' called in device code is a __host__ function (the "
             "object is a '%s'): declare it __device__", def->name, k_record_name(c));
    } else if (host && !(there & FN_HOST)) {
        trap(F, "virtual function '%s' called in host code is a __device__ function (the "
             "object is a '%s'): declare it __host__ __device__", def->name, k_record_name(c));
    } else {
        if (delta)
            lw_emit(F, OP_ADDK, a + 3, a + 3, 0, (int32_t)delta, 0);
        lw_emit(F, OP_CALL, a, 0, 0, lw_func_index(F, def), 0);
    }
}

/* The vtable pointer raw matched no class of this side: an object of the
 * other side, or no object. */
static void dispatch_fault(lw_func *F, int raw, int cmp, int join)
{
    k_ctx *ctx = F->M->ctx;
    int other = lw_new_block(F), bad = lw_new_block(F), host = lw_new_block(F),
        dev = lw_new_block(F);
    lw_emit_k(F, cmp, K_VPTR_BASE);
    lw_emit(F, OP_SUB_I64, cmp, raw, cmp, 0, 0);
    int lim = lw_reg(F);
    lw_emit_k(F, lim, 2 * (uint64_t)ctx->nvclasses + 2);
    lw_emit(F, OP_LT_U64, lim, cmp, lim, 0, 0);
    lw_branch(F, lim, other, bad);
    lw_start(F, other);
    lw_emit_k(F, lim, 1);
    lw_emit(F, OP_AND, lim, raw, lim, 0, 0);
    lw_branch(F, lim, dev, host);
    lw_start(F, host);
    trap_msg(F, "virtual function called in device code on an object constructed in host "
             "code: its vtable pointer is the host's (undefined in CUDA); construct the "
             "object in device code (new or placement new in a kernel)");
    lw_goto(F, join);
    lw_start(F, dev);
    trap_msg(F, "virtual function called in host code on an object constructed in device "
             "code: its vtable pointer is the device's (undefined in CUDA)");
    lw_goto(F, join);
    lw_start(F, bad);
    trap_msg(F, "virtual function called on an object that was never constructed (or was "
             "destroyed): its vtable pointer is invalid");
    lw_goto(F, join);
}

/* A virtual call of f: `this` and the arguments are in R[a + 3]..., the
 * result goes to R[a]. */
void lw_virtual_dispatch(lw_func *F, const k_decl *f, int a)
{
    k_ctx *ctx = F->M->ctx;
    int top = F->top;
    int raw = lw_reg(F), key = lw_reg(F), cmp = lw_reg(F);
    lw_load_at(F, a + 3, k_ty(ctx, TY_ULLONG), raw);
    side_of_code(F, key);
    lw_emit(F, OP_SUB_I64, key, raw, key, 0, 0);
    int join = lw_new_block(F);
    for (int i = 0; i < ctx->nvclasses; i++) {   /* each vtable with a subobject of st */
        const k_record *c = ctx->vclasses[i];
        k_decl *o;
        int64_t delta;
        if (!k_vtable_call(ctx, i, f, &o, &delta))   /* lang/bases_virtual.c */
            continue;
        int call = lw_new_block(F), next = lw_new_block(F);
        lw_emit_k(F, cmp, K_VPTR_BASE + 2 * (uint64_t)(i + 1));
        lw_emit(F, OP_EQ_I64, cmp, key, cmp, 0, 0);
        lw_branch(F, cmp, call, next);
        lw_start(F, call);
        call_overrider(F, f, o, c, a, delta);
        lw_goto(F, join);
        lw_start(F, next);
    }
    dispatch_fault(F, raw, cmp, join);
    lw_start(F, join);
    F->top = top;
}

/* R[dst] := the start of the whole object whose subobject with a vtable
 * pointer R[p] (not null) points to: R[p] less the subobject's offset, which
 * the vtable's number gives (lang/bases_virtual.c). */
static void object_start(lw_func *F, int p, int dst)
{
    k_ctx *ctx = F->M->ctx;
    lw_emit(F, OP_MOV, dst, p, 0, 0, 0);
    int secondary = 0;
    for (int i = 0; i < ctx->nvclasses; i++)
        secondary += ctx->vclass_offs[i] != 0;
    if (!secondary)
        return;
    int top = F->top;
    int key = lw_reg(F), cmp = lw_reg(F), pair = lw_reg(F);
    lw_reg(F);
    lw_load_at(F, p, k_ty(ctx, TY_ULLONG), key);
    lw_emit_k(F, cmp, ~(uint64_t)1);
    lw_emit(F, OP_AND, key, key, cmp, 0, 0);   /* either side's object */
    for (int i = 0; i < ctx->nvclasses; i++) {
        if (!ctx->vclass_offs[i])
            continue;
        lw_emit_k(F, cmp, K_VPTR_BASE + 2 * (uint64_t)(i + 1));
        lw_emit(F, OP_EQ_I64, cmp, key, cmp, 0, 0);
        lw_emit(F, OP_ADDK, pair, p, 0, -(int32_t)ctx->vclass_offs[i], 0);
        lw_emit(F, OP_MOV, pair + 1, dst, 0, 0, 0);
        lw_emit(F, OP_SEL, dst, cmp, pair, 0, 0);
    }
    F->top = top;
}

/* E_DESTROY: the object at lhs (none when null) destroyed; dst := lhs, or
 * for a virtual destructor the whole object's start (`delete` through a
 * base at an offset frees the block that `new` gave). */
void lw_destroy(lw_func *F, k_expr *e, int dst)
{
    int top = F->top;
    int p = lw_reg(F), whole = lw_reg(F);
    lw_expr_to(F, e->lhs, p);
    lw_emit(F, OP_MOV, whole, p, 0, 0, 0);
    int run = lw_new_block(F), done = lw_new_block(F);
    lw_branch(F, p, run, done);
    lw_start(F, run);
    if (e->virtual_call) {
        object_start(F, p, whole);
        int a = F->top;
        lw_reserve(F, a + 4);
        lw_emit(F, OP_MOV, a + 3, p, 0, 0, 0);
        F->top = a + 4;
        lw_virtual_dispatch(F, e->decl, a);
    } else {
        lw_ctor_call(F, e->decl, p, NULL, NULL, 0);
    }
    lw_goto(F, done);
    lw_start(F, done);
    lw_emit(F, OP_MOV, dst, whole, 0, 0, 0);
    F->top = top;
}

/* E_NEW_INIT: the storage at lhs, built by the constructor or given the
 * one value; dst := the storage. */
void lw_new_init(lw_func *F, k_expr *e, int dst)
{
    int top = F->top;
    int p = lw_reg(F);
    lw_expr_to(F, e->lhs, p);
    k_type *t = e->lhs->type->base;
    if (e->decl) {
        lw_ctor_call(F, e->decl, p, e->args, e->sema_ext, e->nargs);
    } else if (e->nargs == 1) {
        int v = t->kind == TY_RECORD ? lw_expr_any(F, e->args[0]) : lw_reg(F);
        if (t->kind != TY_RECORD)
            lw_expr_conv_to(F, e->args[0], t, v);
        lw_lv lv = {LV_MEM, p, 0, t, 0, 0, 0};
        lw_store(F, &lv, v);
    }
    lw_emit(F, OP_MOV, dst, p, 0, 0, 0);
    F->top = top;
}

/* E_DYNCAST: the D subobject of the whole object lhs points into (by the
 * vtable pointer, of either side: its class and lhs's offset in it), when
 * that object has exactly one D; else null. */
void lw_dyncast(lw_func *F, k_expr *e, int dst)
{
    k_ctx *ctx = F->M->ctx;
    const k_record *d = e->type_written->base->rec;
    int top = F->top;
    int p = lw_reg(F), raw = lw_reg(F), cmp = lw_reg(F);
    lw_expr_to(F, e->lhs, p);
    int check = lw_new_block(F), no = lw_new_block(F), join = lw_new_block(F);
    lw_branch(F, p, check, no);
    lw_start(F, check);
    lw_load_at(F, p, k_ty(ctx, TY_ULLONG), raw);
    lw_emit_k(F, cmp, ~(uint64_t)1);
    lw_emit(F, OP_AND, raw, raw, cmp, 0, 0);   /* either side's object */
    for (int i = 0; i < ctx->nvclasses; i++) {
        int64_t delta;
        if (!k_vtable_cast(ctx, i, d, &delta))   /* lang/bases_virtual.c */
            continue;
        int yes = lw_new_block(F), next = lw_new_block(F);
        lw_emit_k(F, cmp, K_VPTR_BASE + 2 * (uint64_t)(i + 1));
        lw_emit(F, OP_EQ_I64, cmp, raw, cmp, 0, 0);
        lw_branch(F, cmp, yes, next);
        lw_start(F, yes);
        lw_emit(F, OP_ADDK, dst, p, 0, (int32_t)delta, 0);
        lw_goto(F, join);
        lw_start(F, next);
    }
    lw_goto(F, no);
    lw_start(F, no);
    lw_emit_k(F, dst, 0);
    lw_goto(F, join);
    lw_start(F, join);
    F->top = top;
}
