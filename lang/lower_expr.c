/* lang/lower_expr.c -- expressions to bytecode: conversions, operators,
 * lvalues, loads and stores, and conditions as branches.  Calls, launches
 * and intrinsics are in lower_call.c.
 *
 * Register forms (what a register holds for a value of each type):
 *   bool 0/1; signed char/short sign-extended to 64 bits; unsigned
 *   char/short, int and unsigned zero-extended from their width; 64-bit
 *   integers and pointers whole; float as binary32 bits in the low half.
 * Every conversion below moves between these forms. */
#include <string.h>

#include "intops.h"
#include "lower.h"
#include "vm/fold.h"

simt_vtype lw_vtype(const k_type *t)
{
    return k_ty_vtype(t);
}

static int new_temp(lw_func *F)
{
    return lw_reg(F);
}

/* ---- conversions ---- */
static int kind_of(const k_type *t)
{
    if (!t)
        return TY_INT;
    if (t->kind == TY_PTR || t->kind == TY_ARRAY || t->kind == TY_FUNC || t->kind == TY_REF)
        return TY_ULLONG;   /* addresses convert like 64-bit unsigned integers */
    return t->kind;
}

static void mov(lw_func *F, int dst, int src)
{
    if (dst != src)
        lw_emit(F, OP_MOV, dst, src, 0, 0, 0);
}

static void to_bool(lw_func *F, int dst, int src, int from)
{
    int top = F->top;
    int z = new_temp(F);
    lw_emit_k(F, z, 0);
    int op = from == TY_FLOAT ? OP_NE_F32 : from == TY_DOUBLE ? OP_NE_F64
             : k_kind_bits(from) == 64 ? OP_NE_I64 : OP_NE_I32;
    if (from == TY_BOOL)
        op = -1;
    if (op < 0)
        mov(F, dst, src);
    else
        lw_emit(F, op, dst, src, z, 0, 0);
    F->top = top;
}

static void int_to_int(lw_func *F, int dst, int src, int from, int to)
{
    int op = k_sel_int_convert(from, to);
    if (op >= 0)
        lw_emit(F, op, dst, src, 0, 0, 0);
    else
        mov(F, dst, src);
}

static void int_to_float(lw_func *F, int dst, int src, int from, int to)
{
    int fs = k_kind_is_signed(from);
    if (fs && k_kind_bits(from) == 32) {
        lw_emit(F, OP_SEXT32, dst, src, 0, 0, 0);
        src = dst;
    }
    int op = to == TY_FLOAT ? (fs ? OP_CVT_F32_S64 : OP_CVT_F32_U64)
                            : (fs ? OP_CVT_F64_S64 : OP_CVT_F64_U64);
    lw_emit(F, op, dst, src, 0, 0, 0);
}

static void float_to_int(lw_func *F, int dst, int src, int from, int to)
{
    int ts = k_kind_is_signed(to);
    lw_emit(F, k_sel_float_to_int(from, to), dst, src, 0, 0, 0);
    if (k_kind_bits(to) < 32)
        int_to_int(F, dst, dst, ts ? TY_INT : TY_UINT, to);
}

void lw_convert(lw_func *F, int dst, int src, const k_type *from_t, const k_type *to_t)
{
    int from = kind_of(from_t), to = kind_of(to_t);
    if (!to_t || to_t->kind == TY_VOID || k_ty_is_record(to_t) || k_ty_is_record(from_t)) {
        mov(F, dst, src);
        return;
    }
    if (to == TY_BOOL)
        to_bool(F, dst, src, from);
    else if (k_kind_is_float(from) && k_kind_is_float(to))
        lw_emit(F, from == to ? OP_MOV : to == TY_DOUBLE ? OP_CVT_F64_F32 : OP_CVT_F32_F64,
                dst, src, 0, 0, 0);
    else if (k_kind_is_float(from))
        float_to_int(F, dst, src, from, to);
    else if (k_kind_is_float(to))
        int_to_float(F, dst, src, from, to);
    else
        int_to_int(F, dst, src, from, to);
}

static int needs_conversion(const k_type *from, const k_type *to)
{
    if (!to || to->kind == TY_VOID)
        return 0;
    int a = kind_of(from), b = kind_of(to);
    if (a == b)
        return 0;
    if (k_kind_is_float(a) || k_kind_is_float(b) || b == TY_BOOL)
        return 1;
    /* same register form: e.g. int <-> unsigned, long <-> pointer */
    int ab = k_kind_bits(a), bb = k_kind_bits(b);
    if (ab == bb && (ab >= 32 || k_kind_is_signed(a) == k_kind_is_signed(b)))
        return 0;
    return 1;
}

static int const_convert(lw_func *F, k_expr *e, const k_type *to, int dst);

static void ref_to(lw_func *F, k_expr *e, k_type *ref, int dst);

void lw_expr_conv_to(lw_func *F, k_expr *e, k_type *to, int dst)
{
    if (to && to->kind == TY_REF) {
        ref_to(F, e, to, dst);
        return;
    }
    if (lw_base_adjust(F, e, to, dst))   /* to a base at an offset (lower_bases.c) */
        return;
    if (!needs_conversion(e->type, to)) {
        lw_expr_to(F, e, dst);
        return;
    }
    if (const_convert(F, e, to, dst))
        return;
    int src = dst;
    lw_sym *s = e->kind == E_IDENT && !e->is_const ? lw_sym_of(e->decl) : NULL;
    if (s && s->kind == SYM_REG)
        src = s->reg;     /* convert straight from the variable's register */
    else
        lw_expr_to(F, e, dst);
    k_loc saved = F->loc;
    F->loc = e->loc;
    lw_convert(F, dst, src, e->type, to);
    F->loc = saved;
}

int lw_expr_conv_any(lw_func *F, k_expr *e, k_type *to)
{
    if (!needs_conversion(e->type, to))
        return lw_expr_any(F, e);
    int r = new_temp(F);
    lw_expr_conv_to(F, e, to, r);
    return r;
}

/* ---- constants ---- */
static void load_const(lw_func *F, int dst, const k_type *t, uint64_t v)
{
    lw_emit_k(F, dst, k_reg_form(kind_of(t), v));
}

static uint64_t float_bits(double d, int single)
{
    if (single) {
        float f = (float)d;
        uint32_t u;
        memcpy(&u, &f, 4);
        return u;
    }
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

/* An integer constant converted at compile time (e.g. `double s = 0;`). */
static int const_convert(lw_func *F, k_expr *e, const k_type *to, int dst)
{
    if (!e->is_const || !k_ty_is_integer(e->type) || !to)
        return 0;
    int from = kind_of(e->type), k = kind_of(to);
    uint64_t v = k_kind_wrap((k_type_kind)from, e->const_val);
    int sg = k_kind_is_signed(from);
    if (k == TY_FLOAT || k == TY_DOUBLE) {   /* the CVT the VM would run, folded */
        unsigned op = k == TY_FLOAT ? (sg ? OP_CVT_F32_S64 : OP_CVT_F32_U64)
                                    : (sg ? OP_CVT_F64_S64 : OP_CVT_F64_U64);
        uint64_t bits = 0;
        simt_fold(op, v, 0, 0, 0, &bits);
        lw_emit_k(F, dst, bits);
        return 1;
    }
    if (!k_kind_is_integer(k))
        return 0;
    lw_emit_k(F, dst, k_reg_form(k, k == TY_BOOL ? v != 0 : v));
    return 1;
}

/* ---- memory ---- */
static int load_op(const k_type *t)
{
    switch (t->kind) {
    case TY_BOOL: case TY_UCHAR: return OP_LD8U;
    case TY_CHAR: case TY_SCHAR: return OP_LD8S;
    case TY_SHORT: return OP_LD16S;
    case TY_USHORT: return OP_LD16U;
    case TY_INT: case TY_UINT: case TY_FLOAT: return OP_LD32;
    default: return OP_LD64;
    }
}

static int store_op(const k_type *t)
{
    switch (k_ty_size(t)) {
    case 1: return OP_ST8;
    case 2: return OP_ST16;
    case 4: return OP_ST32;
    default: return OP_ST64;
    }
}

static int is_aggregate(const k_type *t)
{
    return t && (t->kind == TY_ARRAY || k_ty_is_record(t) || t->kind == TY_CLOSURE);
}

/* Volatile accesses mark the function (FN_VOLATILE in vm/module.h) and
 * their instructions (SIMT_MEM_VOLATILE in vm/opcodes.h): the flag j of
 * the load or store. */
static int note_volatile(lw_func *F, const lw_lv *lv)
{
    if (lv->kind == LV_MEM && lv->type && (lv->type->quals & Q_VOLATILE)) {
        F->volatile_mem = 1;
        return SIMT_MEM_VOLATILE;
    }
    return 0;
}

int lw_field_unaligned(const k_record *r, const k_field *f)
{
    return r && f && r->pack && k_ty_align(f->type) > r->pack;
}

/* A scalar at a possibly misaligned address (a packed record's member),
 * read into reg or written from it through an aligned slot of the frame
 * with MEMCPY, byte by byte, as nvcc reads and writes such a member (a GPU
 * faults on a misaligned load, and so does the VM). */
static void unaligned_access(lw_func *F, const lw_lv *lv, int reg, int store, int vol)
{
    int top = F->top;
    int64_t size = k_ty_size(lv->type);
    int slot = new_temp(F), at = new_temp(F), n = new_temp(F);
    lw_emit(F, OP_LADDR, slot, 0, 0, (int32_t)lw_local(F, size, (int)size), 0);
    lw_emit(F, OP_ADDK, at, lv->reg, 0, lv->off, 0);
    lw_emit_k(F, n, (uint64_t)size);
    if (store) {
        lw_emit(F, store_op(lv->type), reg, slot, 0, 0, vol);
        lw_emit(F, OP_MEMCPY, at, slot, n, 0, 0);
    } else {
        lw_emit(F, OP_MEMCPY, slot, at, n, 0, 0);
        lw_emit(F, load_op(lv->type), reg, slot, 0, 0, vol);
    }
    F->top = top;
}

/* Whether lv is a scalar in memory that unaligned_access must reach. */
static int through_slot(const lw_lv *lv)
{
    return lv->unaligned && lv->kind == LV_MEM && !lv->bit_width && !is_aggregate(lv->type);
}

static void load(lw_func *F, const lw_lv *lv, int dst)
{
    int vol = note_volatile(F, lv);
    if (through_slot(lv)) {
        unaligned_access(F, lv, dst, 0, vol);
        return;
    }
    if (lv->bit_width) {
        lw_emit(F, load_op(lv->type), dst, lv->reg, 0, lv->off, vol);
        lw_bits_extract(F, lv, dst);
    } else if (lv->kind == LV_REG) {
        mov(F, dst, lv->reg);
    } else if (is_aggregate(lv->type)) {   /* the value of an array/record is its address */
        if (lv->off)
            lw_emit(F, OP_ADDK, dst, lv->reg, 0, lv->off, 0);
        else
            mov(F, dst, lv->reg);
    } else {
        lw_emit(F, load_op(lv->type), dst, lv->reg, 0, lv->off, vol);
    }
}

/* *ptr (a register holding the address) into dst, as a load of type t. */
void lw_load_at(lw_func *F, int ptr, const k_type *t, int dst)
{
    lw_lv lv = { .kind = LV_MEM, .reg = ptr, .off = 0, .type = (k_type *)t };
    load(F, &lv, dst);
}

void lw_store(lw_func *F, const lw_lv *lv, int src)
{
    int vol = note_volatile(F, lv);
    if (through_slot(lv)) {
        unaligned_access(F, lv, src, 1, vol);
        return;
    }
    if (lv->bit_width) {
        int top = F->top;
        int unit = new_temp(F);
        lw_emit(F, load_op(lv->type), unit, lv->reg, 0, lv->off, vol);
        lw_bits_insert(F, lv, unit, src);
        lw_emit(F, store_op(lv->type), unit, lv->reg, 0, lv->off, vol);
        F->top = top;
    } else if (lv->kind == LV_REG) {
        mov(F, lv->reg, src);
    } else if (is_aggregate(lv->type)) {
        int top = F->top;
        int d = new_temp(F), n = new_temp(F);
        lw_emit(F, OP_ADDK, d, lv->reg, 0, lv->off, 0);
        lw_emit_k(F, n, (uint64_t)k_ty_size(lv->type));
        lw_emit(F, OP_MEMCPY, d, src, n, 0, 0);
        F->top = top;
    } else {
        lw_emit(F, store_op(lv->type), src, lv->reg, 0, lv->off, vol);
    }
}

/* The value of variable d itself (a reference variable's address). */
static void load_var(lw_func *F, k_decl *d, int dst)
{
    lw_sym *s = lw_sym_of(d);
    if (s && s->kind == SYM_REG) {
        mov(F, dst, s->reg);
        return;
    }
    lw_var_address(F, d, dst);
    lw_emit(F, OP_LD64, dst, dst, 0, 0, 0);
}

void lw_var_address(lw_func *F, k_decl *d, int dst)
{
    lw_sym *s = lw_sym_of(d);
    switch (s ? s->kind : -1) {
    case SYM_LOCAL:
        lw_emit(F, OP_LADDR, dst, 0, 0, (int32_t)s->off, 0);
        break;
    case SYM_GLOBAL:
        lw_emit(F, OP_GADDR, dst, 0, 0, s->index, 0);
        break;
    case SYM_SHARED:
        lw_emit_k(F, dst, SIMT_ADDR(SPACE_SHARED, s->off));
        break;
    case SYM_DYNSHARED:
        lw_emit_k(F, dst, SIMT_ADDR(SPACE_SHARED, F->M->m->shared_static));
        break;
    default:
        k_error(F->M->ctx, F->loc, "internal error: '%s' has no storage", d->name);
        lw_emit_k(F, dst, 0);
        break;
    }
}

/* Index value as a 64-bit byte offset: idx * size, into a new temp. */
static int scaled_index(lw_func *F, k_expr *idx, int64_t size)
{
    k_type *i64 = k_ty(F->M->ctx, k_kind_is_signed(kind_of(idx->type)) ? TY_LLONG : TY_ULLONG);
    int r = new_temp(F);
    lw_expr_conv_to(F, idx, i64, r);
    if (size != 1) {
        int t = new_temp(F);
        if (size > 0 && (size & (size - 1)) == 0) {
            int sh = 0;
            while ((INT64_C(1) << sh) < size)
                sh++;
            lw_emit_k(F, t, (uint64_t)sh);
            lw_emit(F, OP_SHL_I64, r, r, t, 0, 0);
        } else {
            lw_emit_k(F, t, (uint64_t)size);
            lw_emit(F, OP_MUL_I64, r, r, t, 0, 0);
        }
        F->top = t;
    }
    return r;
}

static int fits_i32(int64_t v)
{
    return v >= INT32_MIN && v <= INT32_MAX;
}

/* base + idx * size in one LEA when the element size fits its immediate:
 * a 32-bit index is widened by LEA itself (sign or zero), narrower and 64-bit
 * indices already hold their 64-bit value (SEXT8/LD8S keep small signed values
 * sign-extended).  The address goes to dst, or to a new temporary when dst is
 * negative; returns its register. */
static int indexed_address(lw_func *F, int dst, int base, k_expr *idx, int64_t size)
{
    int kind = kind_of(idx->type);
    if (!fits_i32(size) || kind == TY_FLOAT || kind == TY_DOUBLE) {
        int off = scaled_index(F, idx, size);
        if (dst < 0)
            dst = off;
        lw_emit(F, OP_ADD_I64, dst, base, off, 0, 0);
        return dst;
    }
    int bits = k_kind_bits(kind), ext = bits == 32 ? (k_kind_is_signed(kind) ? 0 : 1) : 2;
    int r = lw_expr_any(F, idx);
    if (dst < 0)
        dst = new_temp(F);
    lw_emit(F, OP_LEA, dst, base, r, (int32_t)size, ext);
    return dst;
}

/* A call of a function that returns a reference (its value is an address). */
static int returns_ref(const k_expr *e)
{
    return e->kind == E_CALL && e->builtin < 0 && e->decl && e->decl->kind == D_FUNC &&
           e->decl->type->base->kind == TY_REF;
}

static int is_ref_var(const k_expr *e)
{
    return e->kind == E_IDENT && e->decl && e->decl->type && e->decl->type->kind == TY_REF;
}

/* Computes the lvalue of e; may allocate temporaries (the caller frees them). */
static void lvalue(lw_func *F, k_expr *e, lw_lv *lv);
void lw_call_to(lw_func *F, k_expr *e, int dst, int want);

/* A class prvalue of the referred class (or one derived from it): the
 * reference binds its slot, the temporary (C++17). */
static int binds_temp(const k_type *ref, const k_expr *e)
{
    const k_type *t = ref->base;
    return lw_temp_slot(e) && t->kind == TY_RECORD &&
           (t->rec == e->type->rec || k_record_derives(e->type->rec, t->rec));
}

/* The address a reference to e holds: e's own when it binds directly
 * (sema put its variable in memory), else a frame temporary holding e's
 * value converted to the referred type (a reference to const). */
static void ref_to(lw_func *F, k_expr *e, k_type *ref, int dst)
{
    int top = F->top;
    lw_reserve(F, dst + 1);
    if (k_ref_binds_directly(ref, e) || binds_temp(ref, e) || lw_cond_temps(e)) {
        lw_lv lv;
        lvalue(F, e, &lv);
        if (lv.kind == LV_REG) {
            k_error(F->M->ctx, e->loc, "internal error: a reference to a register variable");
            lw_emit_k(F, dst, 0);
        } else {
            lw_emit(F, OP_ADDK, dst, lv.reg, 0,
                    lv.off + (int32_t)lw_ref_base_delta(e->type, ref), 0);
        }
    } else {
        k_type *t = ref->base;
        uint32_t off = lw_local(F, k_ty_size(t), k_ty_align(t));
        int v = new_temp(F);
        lw_expr_conv_to(F, e, t, v);
        lw_emit(F, OP_LADDR, dst, 0, 0, (int32_t)off, 0);
        lw_lv lv = { LV_MEM, dst, 0, t, 0, 0, 0};
        lw_store(F, &lv, v);
    }
    F->top = top;
}

/* A captured variable in a lambda's function: a slot of the object its
 * last parameter points at, holding the variable's address (`&`) or copy. */
static void captured(lw_func *F, k_expr *e, lw_lv *lv)
{
    k_decl *object = F->decl->params[F->decl->nparams - 1];
    const k_lambda_info *li = object->type->base->lambda->sema_ext;
    const k_capture *c = &li->caps[e->capture - 1];
    lv->reg = new_temp(F);
    load_var(F, object, lv->reg);
    lv->off = (int32_t)c->off;
    if (c->byref) {
        lw_emit(F, OP_LD64, lv->reg, lv->reg, 0, lv->off, 0);
        lv->off = 0;
    }
}

/* A lambda's object: a frame slot filled with its captures; its value is
 * its address (like an array's). */
static void lambda_to(lw_func *F, k_expr *e, int dst)
{
    const k_lambda_info *li = e->sema_ext;
    uint32_t off = lw_local(F, e->type->closure_size ? e->type->closure_size : 8, 8);
    int top = F->top;
    int base = new_temp(F);
    lw_emit(F, OP_LADDR, base, 0, 0, (int32_t)off, 0);
    for (int i = 0; li && i < li->n; i++) {
        const k_capture *c = &li->caps[i];
        lw_lv src, slot = { LV_MEM, base, (int32_t)c->off, c->src->type, 0, 0, 0 };
        int v = new_temp(F);
        if (c->init && !c->byref) {   /* `[n = e]`: e's value, converted to n's type */
            slot.type = c->var->type;
            lw_expr_conv_to(F, c->src, c->var->type, v);
            lw_store(F, &slot, v);
            F->top = base + 1;
            continue;
        }
        lvalue(F, c->src, &src);
        if (c->byref) {
            lw_emit(F, OP_ADDK, v, src.reg, 0, src.off, 0);
            slot.type = k_ty(F->M->ctx, TY_ULLONG);
        } else {
            load(F, &src, v);
        }
        lw_store(F, &slot, v);
        F->top = base + 1;
    }
    lw_emit(F, OP_LADDR, dst, 0, 0, (int32_t)off, 0);
    F->top = top;
}

/* An index into a local array that is a constant -- written so, or the
 * counter of an unrolled loop in one of its copies (`w[i]` with i = 8 in the
 * last trip of `for (i = 0; i <= 8; i++)`) -- must lie inside the array: C
 * leaves reading w[8] of `int w[8]` undefined, and what simtvm would read
 * there is another variable's memory, so it is a located error.  Code that
 * may not run is left alone: a branch of a constant false condition, and a
 * counter index under an if inside its loop. */
static void check_local_index(lw_func *F, const k_expr *e)
{
    const k_expr *a = e->lhs, *i = e->rhs;
    if (!a || a->kind != E_IDENT || !a->decl || !a->type || a->type->kind != TY_ARRAY ||
        a->type->length <= 0 || !i || !i->type || !k_ty_is_integer(i->type))
        return;
    const lw_sym *sym = lw_sym_of(a->decl);
    if (!sym || sym->kind != SYM_LOCAL || F->dead)
        return;
    int64_t v;
    if (i->is_const) {
        v = k_kind_is_signed(i->type->kind) ? (int64_t)k_kind_wrap(i->type->kind, i->const_val)
                                            : (int64_t)i->const_val;
    } else if (i->kind == E_IDENT) {
        int n = F->nunrolled;
        while (n > 0 && F->unrolled[n - 1].counter != i->decl)
            n--;
        /* under an if inside the loop, the copy may skip it (`if (i < 4) w[i]`) */
        if (!n || F->unrolled[n - 1].guarded != F->guarded)
            return;
        v = F->unrolled[n - 1].value;
    } else {
        return;
    }
    if (v >= 0 && (v < a->type->length || (v == a->type->length && F->address_of == e)))
        return;
    k_error(F->M->ctx, e->loc, "index %lld is outside the array '%s' of %lld elements%s",
            (long long)v, a->decl->name, (long long)a->type->length,
            i->is_const ? "" : " (in an unrolled trip of its loop)");
}

static int assign_through(lw_func *F, k_expr *e, lw_lv *lv);

static void lvalue(lw_func *F, k_expr *e, lw_lv *lv)
{
    k_loc saved = F->loc;
    F->loc = e->loc;
    lv->type = e->type;
    lv->off = 0;
    lv->kind = LV_MEM;
    lv->bit_off = lv->bit_width = 0;
    lv->unaligned = 0;
    if (e->kind == E_IDENT && e->capture > 0) {   /* in a lambda: through its object */
        captured(F, e, lv);
        F->loc = saved;
        return;
    }
    if (is_ref_var(e) || returns_ref(e)) {   /* the address is the value */
        lv->reg = new_temp(F);
        if (e->kind == E_CALL)
            lw_call_to(F, e, lv->reg, 1);
        else
            load_var(F, e->decl, lv->reg);
        F->loc = saved;
        return;
    }
    switch (e->kind) {
    case E_IDENT: {
        lw_sym *s = lw_sym_of(e->decl);
        if (s && s->kind == SYM_REG) {
            lv->kind = LV_REG;
            lv->reg = s->reg;
        } else {
            lv->reg = new_temp(F);
            lw_var_address(F, e->decl, lv->reg);
        }
        break;
    }
    case E_INDEX: {
        int64_t size = k_ty_size(e->type);
        check_local_index(F, e);
        int base = lw_expr_any(F, e->lhs);
        if (e->rhs->is_const && fits_i32((int64_t)e->rhs->const_val * size) &&
            k_kind_is_signed(kind_of(e->rhs->type))) {
            lv->reg = base;
            lv->off = (int32_t)((int64_t)e->rhs->const_val * size);
        } else if (e->rhs->is_const && fits_i32((int64_t)e->rhs->const_val * size) &&
                   e->rhs->const_val < (uint64_t)INT32_MAX) {
            lv->reg = base;
            lv->off = (int32_t)((int64_t)e->rhs->const_val * size);
        } else {
            lv->reg = indexed_address(F, -1, base, e->rhs, size);
        }
        break;
    }
    case E_UNARY:   /* *p */
        lv->reg = lw_expr_any(F, e->lhs);
        break;
    case E_MEMBER: {
        k_type *ft;
        uint32_t off = 0;
        k_ty_field(F->M->ctx, e->lhs->type, e->name, &ft, &off);
        const k_field *f = e->lhs->type->kind == TY_RECORD
                               ? k_record_find(e->lhs->type->rec, e->name, &off) : NULL;
        lvalue(F, e->lhs, lv);
        lv->off += (int32_t)off;
        lv->type = e->type;
        /* and what is inside it: the members of a member stay unaligned */
        if (lw_field_unaligned(e->lhs->type->kind == TY_RECORD ? e->lhs->type->rec : NULL, f))
            lv->unaligned = 1;
        if (f && f->bit_width) {
            lv->bit_off = f->bit_offset;
            lv->bit_width = f->bit_width;
        }
        break;
    }
    case E_ASSIGN:   /* `(a = b) = c`, a left fold over `=`: a, once assigned */
        assign_through(F, e, lv);
        break;
    case E_STRING:
        lv->reg = new_temp(F);
        lw_emit(F, OP_GADDR, lv->reg, 0, 0, lw_string_global(F->M, e->str, e->strlen, e->loc), 0);
        break;
    default:
        if (is_aggregate(e->type)) {   /* a record result (f().x): its value is its address */
            lv->reg = new_temp(F);
            if (lw_cond_temp(F, e, lv->reg))   /* `(c ? S(1) : S(2)).f()` */
                break;
            lw_expr_to(F, e, lv->reg);
            lw_temp_made(F, e);   /* materialized: destroyed at the end (lower_temps.c) */
            break;
        }
        k_error(F->M->ctx, e->loc, "expression is not addressable");
        lv->reg = new_temp(F);
        break;
    }
    F->loc = saved;
}

/* ---- arithmetic (the opcodes: lang/intops.c) ---- */
/* ptr +/- integer (sub = 1 for minus), result in dst. */
static void pointer_offset(lw_func *F, int dst, int ptr, k_expr *idx, int64_t size, int sub)
{
    int top = F->top;
    if (idx->is_const) {
        int64_t v = (int64_t)k_kind_wrap(kind_of(idx->type), idx->const_val);
        if (!k_kind_is_signed(kind_of(idx->type)) && k_kind_bits(kind_of(idx->type)) == 32)
            v = (int64_t)(uint32_t)v;
        int64_t off = (sub ? -v : v) * size;
        if (fits_i32(off)) {
            lw_emit(F, OP_ADDK, dst, ptr, 0, (int32_t)off, 0);
            return;
        }
    }
    if (!sub) {
        indexed_address(F, dst, ptr, idx, size);
        F->top = top;
        return;
    }
    int off = scaled_index(F, idx, size);
    lw_emit(F, OP_SUB_I64, dst, ptr, off, 0, 0);
    F->top = top;
}

/* An unsigned a / 2^s or a % 2^s (b a constant power of two in kind k) as
 * the shift or mask it equals, as nvcc compiles it: one instruction where a
 * division is a sequence on a GPU and a checked loop in the interpreter.
 * 0 where b is not such a constant. */
static int unsigned_pow2(lw_func *F, int op, int dst, int a, const k_expr *b, int k)
{
    if ((op != KB_DIV && op != KB_MOD) || !k_kind_is_integer(k) || k_kind_is_signed(k) ||
        !b->is_const || !b->type || !k_ty_is_integer(b->type))
        return 0;
    uint64_t c = k_kind_wrap(k, b->const_val);
    if (c == 0 || (c & (c - 1)))
        return 0;
    int w64 = k_kind_bits(k) == 64, t = new_temp(F);
    lw_emit_k(F, t, op == KB_DIV ? (uint64_t)__builtin_ctzll(c) : c - 1);
    lw_emit(F, op == KB_MOD ? OP_AND : w64 ? OP_SHR_U64 : OP_SHR_U32, dst, a, t, 0, 0);
    return 1;
}

/* a op b where the operands are already evaluated in ra, rb with the given
 * types; the result (type rt) goes to dst.  Used by binary operators and
 * compound assignment. */
static void apply_binop(lw_func *F, int op, int dst, int ra, const k_type *ta, k_expr *b,
                        const k_type *rt)
{
    k_ctx *ctx = F->M->ctx;
    int top = F->top;
    const k_type *da = ta->kind == TY_ARRAY ? k_type_ptr(ctx, ta->base) : ta;
    const k_type *db = b->type->kind == TY_ARRAY ? k_type_ptr(ctx, b->type->base) : b->type;
    if (da->kind == TY_PTR && db->kind == TY_PTR) {     /* p - q */
        int rb = lw_expr_any(F, b);
        int t = new_temp(F);
        lw_emit(F, OP_SUB_I64, dst, ra, rb, 0, 0);
        lw_emit_k(F, t, (uint64_t)k_ty_size(da->base));
        lw_emit(F, OP_DIV_S64, dst, dst, t, 0, 0);
    } else if (da->kind == TY_PTR) {
        pointer_offset(F, dst, ra, b, k_ty_size(da->base), op == KB_SUB);
    } else {
        k_type *opt = (k_type *)rt;
        if (op == KB_SHL || op == KB_SHR)
            opt = k_ty(ctx, k_kind_promote(da->kind));
        else
            opt = k_ty(ctx, k_kind_usual(da->kind, db->kind));
        int a2 = ra;
        if (needs_conversion(da, opt)) {
            a2 = new_temp(F);
            lw_convert(F, a2, ra, da, opt);
        }
        if (!unsigned_pow2(F, op, dst, a2, b, opt->kind)) {
            int rb = (op == KB_SHL || op == KB_SHR) ? lw_expr_any(F, b) : lw_expr_conv_any(F, b, opt);
            lw_emit(F, k_sel_arith(op, opt->kind), dst, a2, rb, 0, 0);
        }
        if (needs_conversion(opt, rt))
            lw_convert(F, dst, dst, opt, rt);
    }
    F->top = top;
}

static void binary_to(lw_func *F, k_expr *e, int dst)
{
    int top = F->top;
    if (e->op == KB_COMMA) {
        lw_effect(F, e->lhs);
        lw_expr_to(F, e->rhs, dst);
        return;
    }
    k_type *ta = e->lhs->type, *tb = e->rhs->type;
    if (e->op >= KB_LT && e->op <= KB_NE) {
        k_ctx *ctx = F->M->ctx;
        k_type *ct;
        if (k_ty_is_arith(ta) && k_ty_is_arith(tb))
            ct = k_ty(ctx, k_kind_usual(ta->kind, tb->kind));
        else
            ct = k_ty(ctx, TY_ULLONG);
        int ra = lw_expr_conv_any(F, e->lhs, ct);
        int rb = lw_expr_conv_any(F, e->rhs, ct);
        int swap;
        int op = k_sel_compare(e->op, ct->kind, &swap);
        lw_emit(F, op, dst, swap ? rb : ra, swap ? ra : rb, 0, 0);
        F->top = top;
        return;
    }
    if (e->op == KB_LOGAND || e->op == KB_LOGOR) {
        int t = lw_new_block(F), f = lw_new_block(F), j = lw_new_block(F);
        lw_cond(F, e, t, f);
        lw_start(F, t);
        lw_emit_k(F, dst, 1);
        lw_goto(F, j);
        lw_start(F, f);
        lw_emit_k(F, dst, 0);
        lw_goto(F, j);
        lw_start(F, j);
        return;
    }
    k_type *da = k_decay(F->M->ctx, ta);
    if (e->op == KB_ADD && da->kind != TY_PTR && k_decay(F->M->ctx, tb)->kind == TY_PTR) {
        int rp = lw_expr_any(F, e->rhs);   /* i + p */
        pointer_offset(F, dst, rp, e->lhs, k_ty_size(k_decay(F->M->ctx, tb)->base), 0);
        F->top = top;
        return;
    }
    int ra = (da->kind == TY_PTR) ? lw_expr_any(F, e->lhs) : lw_expr_any(F, e->lhs);
    apply_binop(F, e->op, dst, ra, ta, e->rhs, e->type);
    F->top = top;
}

/* ++x, x++, --x, x--: computed in the promoted type, stored back converted. */
static void incdec_value(lw_func *F, const k_expr *e, const k_type *t, int old, int nv);

static void incdec(lw_func *F, k_expr *e, int dst, int want)
{
    int post = e->op == KU_POSTINC || e->op == KU_POSTDEC;
    lw_lv lv;
    lvalue(F, e->lhs, &lv);
    k_type *t = lv.type;
    int old = lv.kind == LV_REG ? lv.reg : new_temp(F);
    if (lv.kind != LV_REG)
        load(F, &lv, old);
    if (post && want)
        mov(F, dst, old);
    int nv = lv.kind == LV_REG ? lv.reg : old;   /* each op reads before it writes */
    incdec_value(F, e, t, old, nv);
    if (lv.kind != LV_REG)
        lw_store(F, &lv, nv);
    if (!post && want)
        mov(F, dst, nv);
}

/* old +/- 1 of ++/-- e (t: the operand's type) into nv, which may be old. */
static void incdec_value(lw_func *F, const k_expr *e, const k_type *t, int old, int nv)
{
    k_ctx *ctx = F->M->ctx;
    int dec = e->op == KU_PREDEC || e->op == KU_POSTDEC;
    if (t->kind == TY_PTR) {
        int64_t sz = k_ty_size(t->base);
        lw_emit(F, OP_ADDK, nv, old, 0, (int32_t)(dec ? -sz : sz), 0);
    } else {
        k_type *pt = k_ty(ctx, k_ty_is_float(t) ? t->kind : k_kind_promote(t->kind));
        int one = new_temp(F);
        if (pt->kind == TY_FLOAT || pt->kind == TY_DOUBLE)
            lw_emit_k(F, one, float_bits(1.0, pt->kind == TY_FLOAT));
        else
            lw_emit_k(F, one, 1);
        int src = old;
        if (needs_conversion(t, pt)) {
            lw_convert(F, nv, old, t, pt);
            src = nv;
        }
        lw_emit(F, k_sel_arith(dec ? KB_SUB : KB_ADD, pt->kind), nv, src, one, 0, 0);
        if (needs_conversion(pt, t))
            lw_convert(F, nv, nv, pt, t);
    }
}

static void unary_to(lw_func *F, k_expr *e, int dst, int want)
{
    int top = F->top;
    k_ctx *ctx = F->M->ctx;
    switch (e->op) {
    case KU_PLUS:
        lw_expr_conv_to(F, e->lhs, e->type, dst);
        break;
    case KU_NEG: {
        int r = lw_expr_conv_any(F, e->lhs, e->type);
        int k = e->type->kind;
        lw_emit(F, k_sel_unary(KU_NEG, k), dst, r, 0, 0, 0);
        break;
    }
    case KU_BITNOT: {
        int r = lw_expr_conv_any(F, e->lhs, e->type);
        lw_emit(F, k_sel_unary(KU_BITNOT, e->type->kind), dst, r, 0, 0, 0);
        break;
    }
    case KU_NOT: {
        int r = lw_expr_conv_any(F, e->lhs, k_ty(ctx, TY_BOOL));
        int one = new_temp(F);
        lw_emit_k(F, one, 1);
        lw_emit(F, OP_XOR, dst, r, one, 0, 0);
        break;
    }
    case KU_ADDR: {
        if (e->lhs->kind == E_IDENT && e->lhs->decl && e->lhs->decl->kind == D_FUNC) {
            lw_function_value(F, e->lhs->decl, dst);
            break;
        }
        lw_lv lv;
        F->address_of = e->lhs; /* &w[N], one past the end, is a valid pointer */
        lvalue(F, e->lhs, &lv);
        F->address_of = NULL;
        if (lv.kind == LV_REG) {
            k_error(ctx, e->loc, "internal error: address of a register variable");
        } else if (lv.off) {
            lw_emit(F, OP_ADDK, dst, lv.reg, 0, lv.off, 0);
        } else {
            mov(F, dst, lv.reg);
        }
        break;
    }
    case KU_DEREF: {
        lw_lv lv;
        lvalue(F, e, &lv);
        load(F, &lv, dst);
        break;
    }
    default:    /* ++ / -- */
        incdec(F, e, dst, want);
        break;
    }
    F->top = top;
}

static void assign_to(lw_func *F, k_expr *e, int dst, int want)
{
    int top = F->top;
    lw_lv lv;
    k_type *t = e->lhs->type;
    if (e->op == KB_NONE && e->lhs->kind == E_IDENT && lw_sym_of(e->lhs->decl) &&
        lw_sym_of(e->lhs->decl)->kind == SYM_REG) {
        int r = lw_sym_of(e->lhs->decl)->reg;
        lw_expr_conv_to(F, e->rhs, t, r);
        if (want)
            mov(F, dst, r);
        return;
    }
    int val = assign_through(F, e, &lv);
    if (want)
        mov(F, dst, val);
    F->top = top;
}

/* `a = f()` (or `a = S{...}`) of a class whose members own what C++'s
 * implicit destructor frees (a std::vector member) and whose assignment
 * copies bytes (lang/assign.c names no temporary twice): a's old members
 * are destroyed and the temporary's bytes become a, which is not destroyed
 * again -- C++'s member-by-member move assignment, as far as the members'
 * owners can tell.  The destructor to run on a, or NULL. */
static k_decl *relocating_dtor(lw_func *F, const k_expr *e, const lw_lv *lv)
{
    if (e->is_member_init || e->lhs->type->kind != TY_RECORD || lv->kind != LV_MEM ||
        F->temp_of != e->rhs)
        return NULL;
    k_decl *d = lw_temp_dtor(e->rhs);
    int device = (k_fn_kind(F->decl) & (FN_DEVICE | FN_KERNEL)) != 0;
    if (!d || !d->implicit_dtor || !(k_fn_kind(d) & (device ? FN_DEVICE : FN_HOST)))
        return NULL;
    return d;
}

/* The assignment e done through *lv, the place of its left side (which
 * C++ makes the assignment's value, an lvalue: `(a = b) = c`); returns the
 * register of the value stored. */
static int assign_through(lw_func *F, k_expr *e, lw_lv *lv)
{
    k_type *t = e->lhs->type;
    lvalue(F, e->lhs, lv);
    int val;
    if (e->op == KB_NONE) {
        val = lw_expr_conv_any(F, e->rhs, t);
        k_decl *dtor = relocating_dtor(F, e, lv);
        if (dtor) {
            int top = F->top, old = lw_reg(F);
            lw_emit(F, OP_ADDK, old, lv->reg, 0, lv->off, 0);
            lw_ctor_call(F, dtor, old, NULL, NULL, 0);
            F->top = top;
            F->temp_of = NULL;
        } else if (!e->is_member_init) {   /* `a = S(1)`: the operand of the implicit operator= */
            lw_temp_made(F, e->rhs);
        }
    } else {
        int old = lv->kind == LV_REG ? lv->reg : new_temp(F);
        if (lv->kind != LV_REG)
            load(F, lv, old);
        val = lv->kind == LV_REG ? lv->reg : new_temp(F);
        apply_binop(F, e->op, val, old, t, e->rhs, t);
    }
    if (t->kind == TY_RECORD && e->op == KB_NONE)
        lw_store_keeping_vptrs(F, lv, val);
    else
        lw_store(F, lv, val);
    return val;
}

/* The value that the assignment, compound assignment or ++/-- e, whose
 * operand is a register variable, would give it, into dst; the variable
 * keeps its value (if-conversion, lang/ifconv.c, selects between the two). */
void lw_assign_value(lw_func *F, k_expr *e, int dst)
{
    int top = F->top;
    int var = lw_sym_of(e->lhs->decl)->reg;
    k_type *t = e->lhs->type;
    if (e->kind == E_UNARY)
        incdec_value(F, e, t, var, dst);
    else if (e->op == KB_NONE)
        lw_expr_conv_to(F, e->rhs, t, dst);
    else
        apply_binop(F, e->op, dst, var, t, e->rhs, t);
    F->top = top;
}

/* Side-effect-free and fault-free: both arms of a ?: may then be evaluated
 * (and both sides of an if that lang/ifconv.c turns into selects). */
int lw_expr_is_safe(const k_expr *e)
{
    if (!e)
        return 1;
    if (e->is_const)
        return 1;
    switch (e->kind) {
    case E_INT: case E_FLOAT: case E_CHAR: case E_BOOL: case E_STRING:
        return 1;
    case E_IDENT: {
        lw_sym *s = e->decl ? lw_sym_of(e->decl) : NULL;
        return (s && s->kind == SYM_REG) || (e->decl && e->decl->builtin >= K_BVAR_BASE);
    }
    case E_MEMBER:
        return e->lhs->kind == E_IDENT && e->lhs->decl && e->lhs->decl->builtin >= K_BVAR_BASE;
    case E_UNARY:
        return (e->op == KU_NEG || e->op == KU_PLUS || e->op == KU_NOT || e->op == KU_BITNOT) &&
               lw_expr_is_safe(e->lhs);
    case E_BINARY:
        /* A division faults only by an integer 0: by a nonzero constant, or in
         * floating point, it is as safe as the other operators. */
        if ((e->op == KB_DIV || e->op == KB_MOD) && !k_ty_is_float(e->type) &&
            !(e->rhs->is_const && e->rhs->const_val != 0))
            return 0;
        return e->op != KB_LOGAND && e->op != KB_LOGOR && e->op != KB_COMMA &&
               lw_expr_is_safe(e->lhs) && lw_expr_is_safe(e->rhs);
    case E_CAST:
        return lw_expr_is_safe(e->lhs);
    default:
        return 0;
    }
}

static void cond_to(lw_func *F, k_expr *e, int dst)
{
    int top = F->top;
    if (e->type->kind != TY_VOID && !is_aggregate(e->type) && lw_expr_is_safe(e->lhs) &&
        lw_expr_is_safe(e->rhs) && lw_expr_is_safe(e->cond)) {
        int c = lw_expr_conv_any(F, e->cond, k_ty(F->M->ctx, TY_BOOL));
        int x = new_temp(F);
        new_temp(F);
        lw_expr_conv_to(F, e->lhs, e->type, x);
        lw_expr_conv_to(F, e->rhs, e->type, x + 1);
        lw_emit(F, OP_SEL, dst, c, x, 0, 0);
        F->top = top;
        return;
    }
    int a = lw_new_block(F), b = lw_new_block(F), j = lw_new_block(F);
    uint32_t saved[2];
    lw_cond_enter(F, (k_expr *[]){e->lhs, e->rhs}, 2, saved);
    lw_cond(F, e->cond, a, b);
    F->cond_depth++;   /* the side not taken makes no temporary */
    lw_start(F, a);
    if (e->type->kind == TY_VOID)
        lw_effect(F, e->lhs);
    else
        lw_expr_conv_to(F, e->lhs, e->type, dst);
    lw_goto(F, j);
    lw_start(F, b);
    if (e->type->kind == TY_VOID)
        lw_effect(F, e->rhs);
    else
        lw_expr_conv_to(F, e->rhs, e->type, dst);
    lw_goto(F, j);
    F->cond_depth--;
    lw_cond_leave(F, saved);
    lw_start(F, j);
    F->top = top;
}

/* The special register of threadIdx.x, blockIdx.x, blockDim.x, gridDim.x (y and z follow). */
static const int bvar_sreg[] = {SREG_TID_X, SREG_CTAID_X, SREG_NTID_X, SREG_NCTAID_X};

/* threadIdx... as a whole uint3/dim3 value (`uint3 b = blockIdx;`): its three
 * special registers stored in a fresh local slot; dst receives its address,
 * as for any dim3 (construct_to). */
static void bvar_vector_to(lw_func *F, int bvar, int dst)
{
    int top = F->top;
    uint32_t off = lw_local(F, 12, 4);
    int addr = new_temp(F);
    lw_emit(F, OP_LADDR, addr, 0, 0, (int32_t)off, 0);
    for (int i = 0; i < 3; i++) {
        int v = new_temp(F);
        lw_emit(F, OP_SREG, v, 0, 0, bvar_sreg[bvar - K_BVAR_THREADIDX] + i, 0);
        lw_emit(F, OP_ST32, v, addr, 0, i * 4, 0);
        F->top = v;
    }
    mov(F, dst, addr);
    F->top = top;
}

static void ident_to(lw_func *F, k_expr *e, int dst)
{
    k_decl *d = e->decl;
    if (d->builtin == K_BVAR_WARPSIZE) {
        lw_emit(F, OP_SREG, dst, 0, 0, SREG_WARPSIZE, 0);
        return;
    }
    if (d->builtin >= K_BVAR_THREADIDX && d->builtin <= K_BVAR_GRIDDIM) {
        bvar_vector_to(F, d->builtin, dst);
        return;
    }
    if (d->builtin >= K_BVAR_BASE) {
        k_error(F->M->ctx, e->loc, "'%s' can only be used with .x, .y or .z", d->name);
        return;
    }
    int top = F->top;
    lw_lv lv;
    lvalue(F, e, &lv);
    load(F, &lv, dst);
    F->top = top;
}

static void member_to(lw_func *F, k_expr *e, int dst)
{
    k_decl *d = e->lhs->kind == E_IDENT ? e->lhs->decl : NULL;
    if (d && d->builtin >= K_BVAR_THREADIDX && d->builtin <= K_BVAR_GRIDDIM) {
        int axis = e->name[0] - 'x';
        lw_emit(F, OP_SREG, dst, 0, 0, bvar_sreg[d->builtin - K_BVAR_THREADIDX] + axis, 0);
        return;
    }
    int top = F->top;
    lw_lv lv;
    lvalue(F, e, &lv);
    load(F, &lv, dst);
    F->top = top;
}

/* dim3(x, y, z) in a fresh local slot; dst receives its address. */
/* dim3(d) with d a dim3 or uint3: CUDA's copy (and uint3) constructor */
static int dim3_copy(const k_expr *e)
{
    const k_type *a = e->nargs == 1 ? e->args[0]->type : NULL;
    return a && (a->kind == TY_DIM3 || a->kind == TY_UINT3);
}

static void construct_to(lw_func *F, k_expr *e, int dst)
{
    if (e->type && e->type->kind == TY_RECORD) {
        lw_construct_record(F, e, dst);
        return;
    }
    int top = F->top;
    uint32_t off = lw_local(F, 12, 4);
    int addr = new_temp(F);
    lw_emit(F, OP_LADDR, addr, 0, 0, (int32_t)off, 0);
    if (dim3_copy(e)) {             /* dim3(grid): a copy of its three words */
        int from = lw_expr_any(F, e->args[0]), v = new_temp(F);
        for (int i = 0; i < 3; i++) {
            lw_emit(F, OP_LD32, v, from, 0, i * 4, 0);
            lw_emit(F, OP_ST32, v, addr, 0, i * 4, 0);
        }
        mov(F, dst, addr);
        F->top = top;
        return;
    }
    k_type *u = k_ty(F->M->ctx, TY_UINT);
    for (int i = 0; i < 3; i++) {
        int v = new_temp(F);
        if (i < e->nargs)
            lw_expr_conv_to(F, e->args[i], u, v);
        else
            lw_emit_k(F, v, 1);
        lw_emit(F, OP_ST32, v, addr, 0, i * 4, 0);
        F->top = v;
    }
    mov(F, dst, addr);
    F->top = top;
}

void lw_call_to(lw_func *F, k_expr *e, int dst, int want);
void lw_launch(lw_func *F, k_expr *e);

static void expr_to(lw_func *F, k_expr *e, int dst, int want)
{
    if (e->is_const && e->type && (k_ty_is_integer(e->type) || k_ty_is_nullptr(e->type))) {
        if (want)
            load_const(F, dst, e->type, e->const_val);
        return;
    }
    switch (e->kind) {
    case E_FLOAT:
        if (want)
            lw_emit_k(F, dst, float_bits(e->fval, e->type->kind == TY_FLOAT));
        break;
    case E_STRING:
        if (want)
            lw_emit(F, OP_GADDR, dst, 0, 0, lw_string_global(F->M, e->str, e->strlen, e->loc), 0);
        break;
    case E_IDENT:
        if (want && e->decl && e->decl->kind == D_FUNC)
            lw_function_value(F, e->decl, dst);
        else if (want)
            ident_to(F, e, dst);
        break;
    case E_UNARY:
        unary_to(F, e, dst, want);
        break;
    case E_BINARY: binary_to(F, e, dst); break;
    case E_ASSIGN: assign_to(F, e, dst, want); break;
    case E_COND: cond_to(F, e, dst); break;
    case E_CALL:
        if (returns_ref(e)) {
            int top = F->top;
            lw_lv lv;
            lvalue(F, e, &lv);
            if (want)
                load(F, &lv, dst);
            F->top = top;
        } else {
            lw_call_to(F, e, dst, want);
        }
        break;
    case E_LAUNCH: lw_launch(F, e); break;
    case E_INDEX: {
        int top = F->top;
        lw_lv lv;
        lvalue(F, e, &lv);
        load(F, &lv, dst);
        F->top = top;
        break;
    }
    case E_MEMBER: member_to(F, e, dst); break;
    case E_CAST:
        if (e->type->kind == TY_VOID)
            lw_effect(F, e->lhs);
        else if (e->op == 2 && e->type->kind == TY_PTR)   /* reinterpret_cast: no offset */
            lw_expr_to(F, e->lhs, dst);
        else
            lw_expr_conv_to(F, e->lhs, e->type, dst);
        if (e->decl && e->decl->method_kind == M_CTOR)   /* `new C`: C's constructor */
            lw_ctor_call(F, e->decl, dst, NULL, NULL, 0);
        break;
    case E_CONSTRUCT: construct_to(F, e, dst); break;
    case E_NEW_INIT: lw_new_init(F, e, dst); break;
    case E_NEW_ARRAY: lw_new_array(F, e, dst); break;
    case E_DELETE_ARRAY: lw_delete_array(F, e, dst); break;
    case E_DESTROY: lw_destroy(F, e, dst); break;
    case E_VPTR: lw_vptr(F, e, dst); break;
    case E_DYNCAST: lw_dyncast(F, e, dst); break;
    case E_LAMBDA:
        if (want)
            lambda_to(F, e, dst);
        break;
    case E_COMPOUND: {   /* a fresh slot initialized from the list; dst its address */
        uint32_t off = lw_local(F, k_ty_size(e->type), k_ty_align(e->type));
        lw_emit(F, OP_LADDR, dst, 0, 0, (int32_t)off, 0);
        lw_init_object(F, e->type, e->lhs, dst);
        break;
    }
    default:
        if (want)
            lw_emit_k(F, dst, 0);
        break;
    }
}

void lw_expr_to(lw_func *F, k_expr *e, int dst)
{
    k_loc saved = F->loc;
    F->loc = e->loc;
    lw_reserve(F, dst + 1);
    expr_to(F, e, dst, 1);
    F->loc = saved;
}

int lw_expr_any(lw_func *F, k_expr *e)
{
    k_expr *inner = e;   /* a cast that changes no bits reads the variable itself */
    while (inner->kind == E_CAST && inner->type->kind != TY_VOID &&
           !needs_conversion(inner->lhs->type, inner->type) && !lw_cast_moves(inner))
        inner = inner->lhs;
    if (inner->kind == E_IDENT && !inner->is_const && inner->decl && !e->is_const) {
        lw_sym *s = lw_sym_of(inner->decl);
        if (s && s->kind == SYM_REG)
            return s->reg;
    }
    if (e->kind == E_IDENT && !e->is_const && e->decl) {
        lw_sym *s = lw_sym_of(e->decl);
        if (s && s->kind == SYM_REG)
            return s->reg;
    }
    int r = new_temp(F);
    lw_expr_to(F, e, r);
    return r;
}

void lw_effect(lw_func *F, k_expr *e)
{
    k_loc saved = F->loc;
    F->loc = e->loc;
    int top = F->top;
    int r = new_temp(F);
    if (e->kind == E_BINARY && e->op == KB_COMMA) {
        lw_effect(F, e->lhs);
        lw_effect(F, e->rhs);
    } else if (e->kind == E_CAST && e->type->kind == TY_VOID) {
        lw_effect(F, e->lhs);
    } else if (lw_temp_dtor(e)) {   /* `S(1);`, `f(), x`: made, destroyed at the end */
        expr_to(F, e, r, 1);
        lw_temp_made(F, e);
    } else {
        expr_to(F, e, r, 0);
    }
    F->top = top;
    F->loc = saved;
}

/* ---- conditions ---- */
void lw_cond(lw_func *F, k_expr *e, int if_true, int if_false)
{
    k_loc saved = F->loc;
    F->loc = e->loc;
    if (e->is_const && k_ty_is_integer(e->type)) {
        lw_goto(F, e->const_val ? if_true : if_false);
    } else if (e->kind == E_BINARY && (e->op == KB_LOGAND || e->op == KB_LOGOR)) {
        int mid = lw_new_block(F);
        uint32_t saved[2];
        lw_cond_enter(F, &e->rhs, 1, saved);
        if (e->op == KB_LOGAND)
            lw_cond(F, e->lhs, mid, if_false);
        else
            lw_cond(F, e->lhs, if_true, mid);
        lw_start(F, mid);
        F->cond_depth++;   /* made only when the left operand does not decide */
        lw_cond(F, e->rhs, if_true, if_false);
        F->cond_depth--;
        lw_cond_leave(F, saved);
    } else if (e->kind == E_UNARY && e->op == KU_NOT) {
        lw_cond(F, e->lhs, if_false, if_true);
    } else {
        int top = F->top;
        int r;
        if (k_ty_is_float(e->type)) {
            r = new_temp(F);
            lw_expr_conv_to(F, e, k_ty(F->M->ctx, TY_BOOL), r);
        } else {
            r = lw_expr_any(F, e);
        }
        lw_branch(F, r, if_true, if_false);
        F->top = top;
    }
    F->loc = saved;
}
