/* lang/lower_records.c -- how records travel: as parameters, results and
 * kernel arguments.
 *
 * In a register a record is its address (lower_expr.c: an aggregate's value
 * is where it lives), and assignment copies its bytes (MEMCPY).  So:
 *   - a device or host function gets the address of the caller's record and
 *     copies it into its own frame at entry (the parameter is address_taken);
 *   - a function returning a record gets one more, hidden, parameter after
 *     the others: where the caller wants the result (a slot of its frame),
 *     and returns that address;
 *   - a kernel cannot read the host's frame, so a record argument of a
 *     launch travels by value in registers, in words of its alignment (at
 *     most 8 bytes: CUDA's layout), and the kernel stores them into its
 *     frame at entry;
 *   - one larger than MAX_ARG_WORDS registers (CUDA allows 32,764 bytes of
 *     parameters) is copied by the launch into a module variable of its
 *     own, which the kernel reads (lower.c, lw_param_global). */
#include <string.h>

#include "lower.h"
#include "vm/vm.h"

/* Most registers one kernel argument may take: a larger one travels
 * through a module variable. */
#define MAX_ARG_WORDS 128
/* CUDA's limit on the bytes of one kernel's parameters (12.1 and later). */
#define KERNEL_PARAM_BYTES 32764

int lw_result_in_slot(const k_type *t)
{
    /* a dim3 or uint3 too: one left in the callee's frame would be
     * overwritten by the next call (`f() + g()`) */
    return t && (t->kind == TY_RECORD || t->kind == TY_DIM3 || t->kind == TY_UINT3);
}

int lw_returns_record(const k_decl *fn)
{
    return lw_result_in_slot(fn->type->base);
}

/* Words (registers) of a record passed to a kernel, word bytes each. */
static int64_t record_words(const k_type *t, int *word)
{
    int w = k_ty_align(t) < 8 ? k_ty_align(t) : 8;
    int64_t size = k_ty_size(t);
    *word = w;
    return size > 0 ? (size + w - 1) / w : 1;
}

/* A parameter passed as a record: a struct, class or union, or a dim3 or
 * uint3 (three unsigned words, CUDA's structs). */
static int record_param(const k_type *t)
{
    return t && (t->kind == TY_RECORD || t->kind == TY_DIM3 || t->kind == TY_UINT3 ||
                 t->kind == TY_CLOSURE);   /* an extended lambda's object */
}

/* Whether a parameter of kernel fn is too large for registers: it travels
 * through a module variable instead (lower.c, lw_param_global). */
int lw_param_in_global(const k_decl *fn, const k_type *t)
{
    int word;
    return (k_fn_kind(fn) & FN_KERNEL) && record_param(t) &&
           record_words(t, &word) > MAX_ARG_WORDS;
}

/* Registers of a parameter of fn: for a record passed to a kernel, its
 * words, *word bytes each (*word is 0 when t is not passed in words; none
 * when it travels through a module variable). */
int lw_param_words(const k_decl *fn, const k_type *t, int *word)
{
    *word = 0;
    if (!(k_fn_kind(fn) & FN_KERNEL) || !record_param(t))
        return 1;
    if (lw_param_in_global(fn, t))
        return 0;
    return (int)record_words(t, word);
}

static uint8_t word_vtype(int word)
{
    switch (word) {
    case 1: return VT_U8;
    case 2: return VT_U16;
    case 4: return VT_U32;
    default: return VT_U64;
    }
}

/* The signature's slot of every parameter (and the hidden result pointer);
 * names (may be NULL) gets the parameter name of each slot.  Returns the
 * number of slots, at most 255. */
int lw_fill_params(const k_decl *fn, simt_sig *sig, const char **names)
{
    int n = 0;
    for (int i = 0; i < fn->nparams; i++) {
        const k_type *t = fn->params[i]->type;
        int word, words = lw_param_words(fn, t, &word);
        for (int k = 0; k < words && n < 255; k++, n++) {
            sig->args[n] = word ? word_vtype(word) : (uint8_t)k_ty_vtype(t);
            if (record_param(t) && !word)
                sig->args[n] = VT_PTR;
            if (names)
                names[n] = fn->params[i]->name;
        }
    }
    if (lw_returns_record(fn) && n < 255) {
        sig->args[n] = VT_PTR;
        if (names)
            names[n] = "";
        n++;
    }
    return n;
}

/* Reports kernels whose parameters take more than CUDA allows (32,764
 * bytes since CUDA 12.1 on Volta and later) or more registers than a call
 * has. */
void lw_check_params(lw_mod *M, const k_decl *fn)
{
    int total = 0;
    int64_t bytes = 0;
    for (int i = 0; i < fn->nparams; i++) {
        int word;
        total += lw_param_words(fn, fn->params[i]->type, &word);
        bytes += k_ty_size(fn->params[i]->type);
    }
    if ((k_fn_kind(fn) & FN_KERNEL) && bytes > KERNEL_PARAM_BYTES)
        k_error(M->ctx, fn->loc, "the parameters of kernel '%s' take %lld bytes; CUDA allows "
                "at most %d (pass a pointer)", fn->name, (long long)bytes, KERNEL_PARAM_BYTES);
    else if (total + lw_returns_record(fn) > 250)
        k_error(M->ctx, fn->loc, "function '%s' has too many parameter registers (%d)",
                fn->name, total);
}

static int load_op_of(int word)
{
    return word == 1 ? OP_LD8U : word == 2 ? OP_LD16U : word == 4 ? OP_LD32 : OP_LD64;
}

static int store_op_of(int word)
{
    return word == 1 ? OP_ST8 : word == 2 ? OP_ST16 : word == 4 ? OP_ST32 : OP_ST64;
}

/* The record at R[addr] into registers dst, dst+1, ... (a launch argument). */
void lw_record_to_words(lw_func *F, int addr, const k_type *t, int word, int dst)
{
    int64_t size = k_ty_size(t);
    for (int64_t off = 0, k = 0; off < size; off += word, k++)
        lw_emit(F, load_op_of(word), dst + (int)k, addr, 0, (int32_t)off, 0);
}

/* Registers src, src+1, ... into the record at R[addr] (a kernel's entry). */
void lw_words_to_record(lw_func *F, int src, const k_type *t, int word, int addr)
{
    int64_t size = k_ty_size(t);
    for (int64_t off = 0, k = 0; off < size; off += word, k++)
        lw_emit(F, store_op_of(word), src + (int)k, addr, 0, (int32_t)off, 0);
}

/* ---- bit-fields: read and written through their whole unit ---- */
static int shift_amount(lw_func *F, int bits)
{
    int r = F->top;
    lw_reserve(F, r + 1);
    F->top = r + 1;
    lw_emit_k(F, r, (uint64_t)bits);
    return r;
}

/* The unit's value in reg becomes the field's value in its register form:
 * shifted up to drop the bits above, then down (arithmetically for signed
 * types) to drop those below.  32-bit types use 32-bit shifts (their form is
 * zero-extended), the others 64-bit ones. */
void lw_bits_extract(lw_func *F, const lw_lv *lv, int reg)
{
    int top = F->top;
    int w = k_kind_bits(lv->type->kind) == 32 ? 32 : 64;
    int sgn = k_kind_is_signed(lv->type->kind);
    int up = shift_amount(F, w - lv->bit_off - lv->bit_width);
    int down = shift_amount(F, w - lv->bit_width);
    lw_emit(F, w == 32 ? OP_SHL_I32 : OP_SHL_I64, reg, reg, up, 0, 0);
    lw_emit(F, w == 32 ? (sgn ? OP_SHR_S32 : OP_SHR_U32) : (sgn ? OP_SHR_S64 : OP_SHR_U64),
            reg, reg, down, 0, 0);
    F->top = top;
}

/* unit := unit with the field's bits replaced by the low bits of src. */
void lw_bits_insert(lw_func *F, const lw_lv *lv, int unit, int src)
{
    int top = F->top;
    uint64_t ones = lv->bit_width >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << lv->bit_width) - 1;
    int mask = shift_amount(F, 0);
    lw_emit_k(F, mask, ones << lv->bit_off);
    int v = shift_amount(F, lv->bit_off);
    lw_emit(F, OP_SHL_I64, v, src, v, 0, 0);
    lw_emit(F, OP_AND, v, v, mask, 0, 0);
    lw_emit(F, OP_NOT_I64, mask, mask, 0, 0, 0);
    lw_emit(F, OP_AND, unit, unit, mask, 0, 0);
    lw_emit(F, OP_OR, unit, unit, v, 0, 0);
    F->top = top;
}

/* ---- constructors ---- */
/* Calls constructor f (`this` = R[addr]) with args converted to types. */
/* A copy or move constructor called on a prvalue of its class (`T x(f())`,
 * `T(T(1))`, a member's `t(f())`): C++17 makes the object from the prvalue
 * itself, no constructor runs.  Its bytes are the object (as `T x = f();`,
 * lang/lower_temps.c); 0 when the call is not such a copy. */
static int elided_copy(lw_func *F, const k_decl *f, int addr, k_expr **args, int nargs)
{
    if (f->method_kind != M_CTOR || nargs != 1 || f->nparams != 2 || !f->method_of)
        return 0;
    const k_type *p = f->params[1]->type;
    const k_expr *a = args[0];
    if (p->kind != TY_REF || p->base->kind != TY_RECORD || p->base->rec != f->method_of ||
        a->is_lvalue || !a->type || a->type->kind != TY_RECORD || a->type->rec != f->method_of ||
        !(a->kind == E_CONSTRUCT || (a->kind == E_CALL && a->builtin < 0 && a->decl &&
                                     a->decl->kind == D_FUNC)))
        return 0;
    int top = F->top;
    int v = lw_expr_any(F, args[0]);
    lw_lv lv = {LV_MEM, addr, 0, a->type, 0, 0, 0};
    lw_store(F, &lv, v);
    lw_copy_vptr(F, a->type->rec, addr);
    F->top = top;
    return 1;
}

void lw_ctor_call(lw_func *F, k_decl *f, int addr, k_expr **args, k_type **types, int nargs)
{
    if (elided_copy(F, f, addr, args, nargs))
        return;
    k_decl *def = f->definition ? f->definition : f;
    if (!def->body) {
        k_error(F->M->ctx, F->loc, "constructor '%s' is declared but never defined", f->name);
        return;
    }
    int top = F->top, a = F->top;
    lw_reserve(F, a + 4);
    lw_emit(F, OP_MOV, a + 3, addr, 0, 0, 0);
    for (int i = 0; i < nargs; i++) {
        F->top = a + 4 + i;
        lw_expr_conv_to(F, args[i], types && types[i] ? types[i] : args[i]->type, a + 4 + i);
    }
    /* a default constructor called without arguments (`new C[n]`, a
     * member's): its parameters' default arguments, checked by sema */
    k_decl *dd = f->params[f->nparams > 1 ? 1 : 0]->init ? f : def;
    for (int i = nargs + 1; i < f->nparams && dd->nparams == f->nparams && dd->params[i]->init;
         i++, nargs++) {
        F->top = a + 4 + nargs;
        lw_expr_conv_to(F, dd->params[i]->init, f->params[i]->type, a + 4 + nargs);
    }
    F->top = a + 4 + nargs;
    lw_reserve(F, F->top);
    lw_emit(F, OP_CALL, a, 0, 0, lw_func_index(F, def), 0);
    F->top = top;
    lw_eh_after_call(F, def);
}

/* Zeros size bytes at R[addr], in stores no wider than its alignment. */
static void zero_object(lw_func *F, int addr, int64_t size, int align)
{
    int top = F->top;
    int z = lw_reg(F);
    lw_emit_k(F, z, 0);
    for (int64_t off = 0; off < size;) {
        int w = 8;
        while (w > 1 && (w > align || off % w || off + w > size))
            w /= 2;
        lw_emit(F, store_op_of(w), z, addr, 0, (int32_t)off, 0);
        off += w;
    }
    F->top = top;
}

/* S(args) / S{args}: a fresh slot, constructed (or its members set in
 * order, the rest zero); dst gets its address. */
void lw_construct_record(lw_func *F, k_expr *e, int dst)
{
    int top = F->top;
    const k_record *r = e->type->rec;
    uint32_t off = lw_local(F, r->size, r->align);
    int addr = lw_reg(F);
    lw_emit(F, OP_LADDR, addr, 0, 0, (int32_t)off, 0);
    if (e->decl) {
        if (e->decl->implicit_default)   /* `A()`: value-initialized (implicit_members.c) */
            zero_object(F, addr, r->size, r->align);
        lw_ctor_call(F, e->decl, addr, e->args, e->sema_ext, e->nargs);
    } else if (e->nargs == 1 && e->args[0]->type && e->args[0]->type->kind == TY_RECORD &&
               e->args[0]->type->rec == r) {   /* S(s2): a copy */
        int v = lw_expr_any(F, e->args[0]);
        lw_lv lv = {LV_MEM, addr, 0, e->type, 0, 0, 0};
        lw_store(F, &lv, v);
    } else {
        zero_object(F, addr, r->size, r->align);
        for (int i = 0; i < e->nargs && i < r->nfields; i++) {
            const k_field *f = &r->fields[i];
            int v = lw_reg(F);
            lw_expr_conv_to(F, e->args[i], f->type, v);
            lw_lv lv = {LV_MEM, addr, (int32_t)f->offset, f->type, f->bit_offset, f->bit_width,
                         lw_field_unaligned(r, f)};
            lw_store(F, &lv, v);
            F->top = v;
        }
    }
    lw_emit(F, OP_MOV, dst, addr, 0, 0, 0);
    F->top = top;
    F->temp_of = e;   /* its slot, once built (lang/lower_temps.c) */
    F->temp_off = off;
}

/* One listed element of `C a[n] = {...}` at R[addr], as the variable e
 * (lang/class_arrays.c) would be built: its constructor, or a copy. */
static void construct_element(lw_func *F, k_decl *e, int addr)
{
    const k_record *r = e->type->rec;
    if (!e->ctor) {
        lw_init_value(F, e, addr);
        return;
    }
    if (e->value_init)
        zero_object(F, addr, r->size, r->align);
    lw_ctor_call(F, e->ctor, addr, e->ctor_argv, e->ctor_types, e->ctor_argc);
}

/* A class variable at R[addr] (each element of an array of them). */
void lw_construct_var(lw_func *F, k_decl *d, int addr)
{
    const k_type *t = d->type;
    int64_t count = 1;
    while (t->kind == TY_ARRAY) {
        count *= t->length > 0 ? t->length : 1;
        t = t->base;
    }
    if (count > 1024) {
        k_error(F->M->ctx, d->loc, "an array of more than 1024 objects with a constructor is "
                "not supported");
        return;
    }
    int top = F->top;
    int p = lw_reg(F);
    for (int64_t k = 0; k < count; k++) {
        lw_emit(F, OP_ADDK, p, addr, 0, (int32_t)(k * k_ty_size(t)), 0);
        if (k < d->nelem_inits)
            construct_element(F, d->elem_inits[k], p);
        else
            lw_ctor_call(F, d->ctor, p, d->ctor_argv, d->ctor_types, d->ctor_argc);
    }
    F->top = top;
}

/* ---- destructors (the lists that run them: lang/lower_temps.c) ---- */
/* Runs d's destructor on the variable d (an array's elements last first). */
/* A variable-length array's storage freed (lang/vla.c, runtime/vla.c). */
static void vla_free(lw_func *F, k_decl *d)
{
    int top = F->top, p = lw_reg(F);
    lw_var_address(F, d, p);
    lw_emit(F, OP_LD64, p, p, 0, 0, 0);
    simt_sig sig;
    memset(&sig, 0, sizeof sig);
    sig.ret = VT_VOID;
    sig.nargs = sig.nfixed = 1;
    sig.args[0] = VT_PTR;
    lw_emit(F, OP_HCALL, p, p, 1, BI_SIMT_VLA_FREE, lw_sig(F->M, &sig));
    F->top = top;
}

void lw_destroy_var(lw_func *F, k_decl *d)
{
    if (d->vla) {   /* a variable-length array's storage (lang/vla.c) */
        vla_free(F, d);
        return;
    }
    const k_type *t = d->type;
    int64_t count = 1;
    while (t->kind == TY_ARRAY) {
        count *= t->length > 0 ? t->length : 1;
        t = t->base;
    }
    int top = F->top;
    int p = lw_reg(F);
    for (int64_t k = count - 1; k >= 0; k--) {
        lw_var_address(F, d, p);
        if (k)
            lw_emit(F, OP_ADDK, p, p, 0, (int32_t)(k * k_ty_size(t)), 0);
        lw_ctor_call(F, d->dtor, p, NULL, NULL, 0);
    }
    F->top = top;
}
