/* lang/intops.c -- instruction selection for C's arithmetic operators,
 * comparisons and conversions, and sema's constant folding through it
 * (lang/intops.h): the folded value of an operator is the VM folder's
 * (vm/fold.h) value of the opcode lowering selects, so the two agree. */
#include "intops.h"

#include <math.h>
#include <string.h>

#include "vm/fold.h"

uint64_t k_reg_form(int kind, uint64_t v)
{
    v = k_kind_wrap((k_type_kind)kind, v);
    if (k_kind_bits(kind) == 32)
        v &= 0xffffffffu;
    else if (k_kind_bits(kind) < 32 && !k_kind_is_signed(kind))
        v &= (UINT64_C(1) << k_kind_bits(kind)) - 1;
    return v;
}

int k_sel_arith(int op, int k)
{
    int w64 = k_kind_bits(k) == 64, sg = k_kind_is_signed(k);
    if (k == TY_FLOAT || k == TY_DOUBLE) {
        int d = k == TY_DOUBLE;
        switch (op) {
        case KB_ADD: return d ? OP_ADD_F64 : OP_ADD_F32;
        case KB_SUB: return d ? OP_SUB_F64 : OP_SUB_F32;
        case KB_MUL: return d ? OP_MUL_F64 : OP_MUL_F32;
        case KB_DIV: return d ? OP_DIV_F64 : OP_DIV_F32;
        default: return -1;
        }
    }
    switch (op) {
    case KB_ADD: return w64 ? OP_ADD_I64 : OP_ADD_I32;
    case KB_SUB: return w64 ? OP_SUB_I64 : OP_SUB_I32;
    case KB_MUL: return w64 ? OP_MUL_I64 : OP_MUL_I32;
    case KB_DIV: return w64 ? (sg ? OP_DIV_S64 : OP_DIV_U64) : (sg ? OP_DIV_S32 : OP_DIV_U32);
    case KB_MOD: return w64 ? (sg ? OP_REM_S64 : OP_REM_U64) : (sg ? OP_REM_S32 : OP_REM_U32);
    case KB_SHL: return w64 ? OP_SHL_I64 : OP_SHL_I32;
    case KB_SHR: return w64 ? (sg ? OP_SHR_S64 : OP_SHR_U64) : (sg ? OP_SHR_S32 : OP_SHR_U32);
    case KB_BITAND: return OP_AND;
    case KB_BITOR: return OP_OR;
    case KB_BITXOR: return OP_XOR;
    default: return -1;
    }
}

int k_sel_compare(int op, int k, int *swap)
{
    int f = k == TY_FLOAT, d = k == TY_DOUBLE, w64 = k_kind_bits(k) == 64;
    int sg = k_kind_is_signed(k);
    *swap = op == KB_GT || op == KB_GE;
    if (op == KB_GT)
        op = KB_LT;
    if (op == KB_GE)
        op = KB_LE;
    switch (op) {
    case KB_EQ: return f ? OP_EQ_F32 : d ? OP_EQ_F64 : w64 ? OP_EQ_I64 : OP_EQ_I32;
    case KB_NE: return f ? OP_NE_F32 : d ? OP_NE_F64 : w64 ? OP_NE_I64 : OP_NE_I32;
    case KB_LT:
        return f ? OP_LT_F32 : d ? OP_LT_F64
               : w64 ? (sg ? OP_LT_S64 : OP_LT_U64) : (sg ? OP_LT_S32 : OP_LT_U32);
    default:
        return f ? OP_LE_F32 : d ? OP_LE_F64
               : w64 ? (sg ? OP_LE_S64 : OP_LE_U64) : (sg ? OP_LE_S32 : OP_LE_U32);
    }
}

int k_sel_unary(int op, int k)
{
    int w64 = k_kind_bits(k) == 64;
    if (op == KU_BITNOT)
        return w64 ? OP_NOT_I64 : OP_NOT_I32;
    return k == TY_FLOAT ? OP_NEG_F32 : k == TY_DOUBLE ? OP_NEG_F64
           : w64 ? OP_NEG_I64 : OP_NEG_I32;
}

int k_sel_int_convert(int from, int to)
{
    int fb = k_kind_bits(from), tb = k_kind_bits(to);
    int fs = k_kind_is_signed(from), ts = k_kind_is_signed(to);
    if (tb < 32) {
        int narrower_ok = fb < tb || (fb == tb && fs == ts) || from == TY_BOOL;
        if (!(narrower_ok && (!fs || ts)))
            return ts ? (tb == 8 ? OP_SEXT8 : OP_SEXT16) : (tb == 8 ? OP_ZEXT8 : OP_ZEXT16);
    } else if (tb == 32) {
        if (fb == 64 || (fb < 32 && fs))
            return OP_ZEXT32;
    } else if (fb == 32 && fs) {
        return OP_SEXT32;
    }
    return -1;
}

int k_sel_float_to_int(int from, int to)
{
    int f32 = from == TY_FLOAT, ts = k_kind_is_signed(to);
    if (k_kind_bits(to) == 64)
        return f32 ? (ts ? OP_CVT_S64_F32 : OP_CVT_U64_F32) : (ts ? OP_CVT_S64_F64 : OP_CVT_U64_F64);
    /* 32 bits, and narrower through the 32-bit type of its signedness
     * ((unsigned char)-1.0f is 0, (unsigned short)3e9f is 3e9's low 16 bits) */
    return f32 ? (ts ? OP_CVT_S32_F32 : OP_CVT_U32_F32) : (ts ? OP_CVT_S32_F64 : OP_CVT_U32_F64);
}

/* ---- folding: register forms in, the folder's opcode value, wrap form out ---- */

/* Register value x of kind from converted to kind to (a register form). */
static uint64_t convert_reg(int from, int to, uint64_t x)
{
    uint64_t r = x;
    if (to == TY_BOOL) { /* lowering's to_bool: != 0 in from's width */
        if (from != TY_BOOL)
            simt_fold(k_kind_bits(from) == 64 ? OP_NE_I64 : OP_NE_I32, x, 0, 0, 0, &r);
        return r;
    }
    int op = k_sel_int_convert(from, to);
    if (op >= 0)
        simt_fold((unsigned)op, x, 0, 0, 0, &r);
    return r;
}

uint64_t k_fold_convert(int from, int to, uint64_t v)
{
    return k_kind_wrap((k_type_kind)to, convert_reg(from, to, k_reg_form(from, v)));
}

int k_fold_binary(int op, int k, int ka, uint64_t a, int kb, uint64_t b, uint64_t *r)
{
    int shift = op == KB_SHL || op == KB_SHR, swap = 0, res = k;
    uint64_t x = convert_reg(ka, k, k_reg_form(ka, a));
    /* a shift's count is read in its own kind's register form */
    uint64_t y = shift ? k_reg_form(kb, b) : convert_reg(kb, k, k_reg_form(kb, b));
    int code;
    if (op >= KB_LT && op <= KB_NE) {
        code = k_sel_compare(op, k, &swap);
        res = TY_BOOL;
    } else {
        code = k_sel_arith(op, k);
    }
    uint64_t v;
    if (code < 0 || !simt_fold((unsigned)code, swap ? y : x, swap ? x : y, 0, 0, &v))
        return 0;
    *r = k_kind_wrap((k_type_kind)res, v);
    return 1;
}

int k_fold_unary(int op, int k, int kv, uint64_t v, uint64_t *r)
{
    uint64_t x, out;
    if (op == KU_NOT) { /* lowering: to bool, then XOR with 1 */
        x = convert_reg(kv, TY_BOOL, k_reg_form(kv, v));
        if (!simt_fold(OP_XOR, x, 1, 0, 0, &out))
            return 0;
        *r = k_kind_wrap(TY_BOOL, out);
        return 1;
    }
    x = convert_reg(kv, k, k_reg_form(kv, v));
    out = x;
    if (op != KU_PLUS && !simt_fold((unsigned)k_sel_unary(op, k), x, 0, 0, 0, &out))
        return 0;
    *r = k_kind_wrap((k_type_kind)k, out);
    return 1;
}

int k_fold_float_to_int(double v, int single, int to, uint64_t *r)
{
    if (to == TY_BOOL) { /* lowering's to_bool: != 0.0 */
        *r = v != 0;
        return 1;
    }
    uint64_t x;
    if (single) {
        float f = (float)v;
        uint32_t u;
        memcpy(&u, &f, 4);
        x = u;
    } else {
        memcpy(&x, &v, 8);
    }
    uint64_t y;
    if (!simt_fold((unsigned)k_sel_float_to_int(single ? TY_FLOAT : TY_DOUBLE, to), x, 0, 0, 0, &y))
        return 0;
    if (k_kind_bits(to) < 32)
        y = convert_reg(k_kind_is_signed(to) ? TY_INT : TY_UINT, to, y);
    *r = k_kind_wrap((k_type_kind)to, y);
    return 1;
}

/* ---- C++'s constant expressions: the checks around the folder ----
 * The folder gives what the VM computes; C++ says some of those operations
 * have no value in a constant expression (g++ rejects them there).  These
 * only tell which: they compute nothing the folder does not. */

static int fits_kind(int k, int64_t v)
{
    return k_kind_bits(k) == 64 || v == (int64_t)k_kind_wrap((k_type_kind)k, (uint64_t)v);
}

/* The least value of signed kind k, in its wrap form. */
static uint64_t min_of(int k)
{
    return k_kind_wrap((k_type_kind)k, (uint64_t)1 << (k_kind_bits(k) - 1));
}

/* a << n for a signed a >= 0: C++14's rule, the value must fit the unsigned
 * type of a's width (1 << 31 is INT_MIN, 2 << 31 overflows). */
static int shl_overflows(int bits, uint64_t a, uint64_t n)
{
    return n > 0 && (a >> (bits - n)) != 0;
}

static const char *shift_ub(int k, int kb, uint64_t a, uint64_t n, int left)
{
    int bits = k_kind_bits(k);
    if (k_kind_is_signed(kb) && (int64_t)n < 0)
        return "right operand of shift expression is negative";
    if (n >= (uint64_t)bits)
        return "right operand of shift expression is greater than or equal to the precision of"
               " the left operand";
    if (left && k_kind_is_signed(k) && (int64_t)a < 0)
        return "left operand of shift expression is negative";
    if (left && k_kind_is_signed(k) && shl_overflows(bits, bits == 64 ? a : a & 0xffffffffu, n))
        return "shift expression overflows";
    return NULL;
}

const char *k_const_binary_ub(int op, int k, int ka, uint64_t a, int kb, uint64_t b)
{
    if (op == KB_SHL || op == KB_SHR)
        return shift_ub(k, kb, k_fold_convert(ka, k, a), k_kind_wrap((k_type_kind)kb, b),
                        op == KB_SHL);
    if (op != KB_ADD && op != KB_SUB && op != KB_MUL && op != KB_DIV && op != KB_MOD)
        return NULL;
    uint64_t ux = k_fold_convert(ka, k, a), uy = k_fold_convert(kb, k, b);
    if ((op == KB_DIV || op == KB_MOD) && uy == 0)
        return "division by zero is not a constant expression";
    if (!k_kind_is_signed(k))
        return NULL;   /* unsigned arithmetic wraps in C++ too */
    int64_t x = (int64_t)ux, y = (int64_t)uy, v = 0;
    int over = 0;
    switch (op) {
    case KB_ADD: over = __builtin_add_overflow(x, y, &v); break;
    case KB_SUB: over = __builtin_sub_overflow(x, y, &v); break;
    case KB_MUL: over = __builtin_mul_overflow(x, y, &v); break;
    default: /* the one quotient that overflows: the minimum by -1 */
        over = y == -1 && (uint64_t)x == min_of(k);
        break;
    }
    return over || !fits_kind(k, v) ? "overflow in constant expression" : NULL;
}

const char *k_const_unary_ub(int op, int k, int kv, uint64_t v)
{
    if (op != KU_NEG || !k_kind_is_signed(k))
        return NULL;
    uint64_t x = k_fold_convert(kv, k, v);
    return x == min_of(k) ? "overflow in constant expression" : NULL;
}

const char *k_const_float_to_int_ub(double v, int to)
{
    if (to == TY_BOOL)
        return NULL;
    int bits = k_kind_bits(to);
    double t = trunc(v), lo = k_kind_is_signed(to) ? -ldexp(1, bits - 1) : 0,
           hi = k_kind_is_signed(to) ? ldexp(1, bits - 1) : ldexp(1, bits);
    return t >= lo && t < hi ? NULL
                             : "conversion of an out-of-range floating value is not a constant"
                               " expression";
}
