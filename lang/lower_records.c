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
 *     frame at entry. */
#include <string.h>

#include "lower.h"

/* Most registers one kernel argument may take. */
#define MAX_ARG_WORDS 128

int lw_returns_record(const k_decl *fn)
{
    return fn->type->base && fn->type->base->kind == TY_RECORD;
}

/* Words of a record passed to a kernel: *word bytes each (0 when t is not
 * passed in words). */
int lw_param_words(const k_decl *fn, const k_type *t, int *word)
{
    *word = 0;
    if (!(k_fn_kind(fn) & FN_KERNEL) || !t || t->kind != TY_RECORD)
        return 1;
    int w = k_ty_align(t) < 8 ? k_ty_align(t) : 8;
    int64_t size = k_ty_size(t);
    *word = w;
    return size > 0 ? (int)((size + w - 1) / w) : 1;
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
            if (t->kind == TY_RECORD && !word)
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

/* Reports kernel parameters too large for the launch's registers. */
void lw_check_params(lw_mod *M, const k_decl *fn)
{
    int total = 0;
    for (int i = 0; i < fn->nparams; i++) {
        int word, words = lw_param_words(fn, fn->params[i]->type, &word);
        if (word && words > MAX_ARG_WORDS) {
            char b[96];
            k_error(M->ctx, fn->params[i]->loc, "kernel parameter '%s' of type '%s' is too "
                    "large to pass by value here (%lld bytes; pass a pointer)",
                    fn->params[i]->name ? fn->params[i]->name : "",
                    k_ty_str(fn->params[i]->type, b, sizeof b),
                    (long long)k_ty_size(fn->params[i]->type));
            return;
        }
        total += words;
    }
    if (total + lw_returns_record(fn) > 250)
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
