/* lang/builtins.c -- the callable built-ins of K: runtime functions (the SIG
 * mini-language of vm/builtins.def) and the device intrinsics of SPEC 2.5
 * (warp collectives, barriers, atomics, bit and math intrinsics), with the
 * checks of their calls.  Lowering reads the same table (k_builtin_get). */
#include <string.h>

#include "cg.h"
#include "chrono.h"
#include "intops.h"
#include "sema.h"
#include "vm/vm.h"

#define NOK (-1)
#define BI(id, name, where, sig) {name, BK_RUNTIME, BI_##id, 0, 0, 0, W_##where, sig, NOK, NOK},
#define W_H W_HOST
#define W_D W_DEVICE
#define W_HD W_BOTH

/* Math functions: `name` follows C++ overloading (float for float arguments),
 * `namef` is always float. */
#define MATH(name, ID, n) \
    {#name, BK_MATH, INTR_##ID##F, INTR_##ID, n, 0, W_BOTH, NULL, NOK, NOK}, \
    {#name "f", BK_MATHF, INTR_##ID##F, INTR_##ID, n, 0, W_BOTH, NULL, NOK, NOK},
/* `name` always double (C has no overloads of these), `namef` float */
#define MATHD(name, ID, n) \
    {name, BK_MATHD, 0, INTR_##ID, n, 0, W_BOTH, NULL, NOK, NOK}, \
    {name "f", BK_MATHF, INTR_##ID##F, 0, n, 0, W_BOTH, NULL, NOK, NOK},
#define DEV(name, kind, op, n, opt, ret) {name, kind, op, 0, n, opt, W_DEVICE, NULL, ret, NOK},
#define ATOM3(name, kind, op, n) \
    DEV(name, kind, op, n, 0, NOK) DEV(name "_block", kind, op, n, 0, NOK) \
    DEV(name "_system", kind, op, n, 0, NOK)
#define INT32(name, id, n, ret, arg) {name, BK_INTR32, INTR_##id, 0, n, 0, W_BOTH, NULL, ret, arg},
#define INT64(name, id, n, ret, arg) {name, BK_INTR64, INTR_##id, 0, n, 0, W_BOTH, NULL, ret, arg},
#define CG(name, fn, n) \
    {"cooperative_groups::" name, BK_CG, fn, 0, n, 0, W_DEVICE, NULL, NOK, NOK},
#define REINT(name, ret, arg) {name, BK_REINTERP, 0, 0, 1, 0, W_BOTH, NULL, ret, arg},
#define ARITH(name, opcode, kind) {name, BK_ARITH, opcode, 0, 2, 0, W_DEVICE, NULL, kind, kind},
#define ROUNDCVT(name, intr, from, to) {name, BK_ROUNDCVT, intr, 0, 1, 0, W_DEVICE, NULL, to, from},
/* NAME_rn, _rz, _rd, _ru: rint, trunc, floor, ceil (F: the float ones) */
#define CVT4(name, from, to, F) \
    ROUNDCVT(name "_rn", INTR_RINT##F, from, to) ROUNDCVT(name "_rz", INTR_TRUNC##F, from, to) \
    ROUNDCVT(name "_rd", INTR_FLOOR##F, from, to) ROUNDCVT(name "_ru", INTR_CEIL##F, from, to)

static const k_builtin_info builtin_table[] = {
#include "vm/builtins.def"
    MATH(sqrt, SQRT, 1) MATH(rsqrt, RSQRT, 1) MATH(cbrt, CBRT, 1) MATH(exp, EXP, 1)
    MATH(exp2, EXP2, 1) MATH(exp10, EXP10, 1) MATH(expm1, EXPM1, 1) MATH(log, LOG, 1)
    MATH(log2, LOG2, 1) MATH(log10, LOG10, 1) MATH(log1p, LOG1P, 1) MATH(sin, SIN, 1)
    MATH(cos, COS, 1) MATH(tan, TAN, 1) MATH(asin, ASIN, 1) MATH(acos, ACOS, 1)
    MATH(atan, ATAN, 1) MATH(sinh, SINH, 1) MATH(cosh, COSH, 1) MATH(tanh, TANH, 1)
    MATH(fabs, FABS, 1) MATH(floor, FLOOR, 1) MATH(ceil, CEIL, 1) MATH(round, ROUND, 1)
    MATH(trunc, TRUNC, 1) MATH(rint, RINT, 1) MATH(pow, POW, 2) MATH(atan2, ATAN2, 2)
    MATH(fmin, FMIN, 2) MATH(fmax, FMAX, 2) MATH(fmod, FMOD, 2) MATH(hypot, HYPOT, 2)
    MATH(copysign, COPYSIGN, 2) MATH(fma, FMA, 3)
    MATH(erf, ERF, 1) MATH(erfc, ERFC, 1) MATH(lgamma, LGAMMA, 1) MATH(tgamma, TGAMMA, 1)
    /* Bessel functions: double only in <math.h> (no float overload), the float
     * ones named ...f; jn and yn are lang/math_extra.c's, over the __simt_ forms */
    MATHD("j0", J0, 1) MATHD("j1", J1, 1) MATHD("y0", Y0, 1) MATHD("y1", Y1, 1)
    MATHD("__simt_jn", JN, 2) MATHD("__simt_yn", YN, 2)
    {"__expf", BK_MATHF, INTR_EXPF, 0, 1, 0, W_BOTH, NULL, NOK, NOK},
    {"__logf", BK_MATHF, INTR_LOGF, 0, 1, 0, W_BOTH, NULL, NOK, NOK},
    {"__sinf", BK_MATHF, INTR_SINF, 0, 1, 0, W_BOTH, NULL, NOK, NOK},
    {"__cosf", BK_MATHF, INTR_COSF, 0, 1, 0, W_BOTH, NULL, NOK, NOK},
    {"__powf", BK_MATHF, INTR_POWF, 0, 2, 0, W_BOTH, NULL, NOK, NOK},
    {"isnan", BK_CLASSIFY, INTR_ISNANF, INTR_ISNAN, 1, 0, W_BOTH, NULL, TY_BOOL, NOK},
    {"isinf", BK_CLASSIFY, INTR_ISINFF, INTR_ISINF, 1, 0, W_BOTH, NULL, TY_BOOL, NOK},
    {"isfinite", BK_CLASSIFY, INTR_ISFINITEF, INTR_ISFINITE, 1, 0, W_BOTH, NULL, TY_BOOL, NOK},
    {"signbit", BK_CLASSIFY, INTR_SIGNBITF, INTR_SIGNBIT, 1, 0, W_BOTH, NULL, TY_BOOL, NOK},
    {"min", BK_MINMAX, 0, 0, 2, 0, W_BOTH, NULL, NOK, NOK},
    {"max", BK_MINMAX, 1, 0, 2, 0, W_BOTH, NULL, NOK, NOK},
    {"umin", BK_MINMAX, 0, 0, 2, 0, W_BOTH, NULL, NOK, TY_UINT},
    {"umax", BK_MINMAX, 1, 0, 2, 0, W_BOTH, NULL, NOK, TY_UINT},
    {"llmin", BK_MINMAX, 0, 0, 2, 0, W_BOTH, NULL, NOK, TY_LLONG},
    {"llmax", BK_MINMAX, 1, 0, 2, 0, W_BOTH, NULL, NOK, TY_LLONG},
    {"ullmin", BK_MINMAX, 0, 0, 2, 0, W_BOTH, NULL, NOK, TY_ULLONG},
    {"ullmax", BK_MINMAX, 1, 0, 2, 0, W_BOTH, NULL, NOK, TY_ULLONG},
    {"abs", BK_ABS, 0, 0, 1, 0, W_BOTH, NULL, NOK, NOK},
    {"labs", BK_ABS, 0, 0, 1, 0, W_BOTH, NULL, NOK, TY_LONG},
    {"llabs", BK_ABS, 0, 0, 1, 0, W_BOTH, NULL, NOK, TY_LLONG},
    INT32("__popc", POPC32, 1, TY_INT, TY_UINT)
    INT64("__popcll", POPC64, 1, TY_INT, TY_ULLONG)
    INT32("__clz", CLZ32, 1, TY_INT, TY_INT)
    INT64("__clzll", CLZ64, 1, TY_INT, TY_LLONG)
    INT32("__ffs", FFS32, 1, TY_INT, TY_INT)
    INT64("__ffsll", FFS64, 1, TY_INT, TY_LLONG)
    INT32("__brev", BREV32, 1, TY_UINT, TY_UINT)
    INT64("__brevll", BREV64, 1, TY_ULLONG, TY_ULLONG)
    INT32("__byte_perm", BYTE_PERM, 3, TY_UINT, TY_UINT)
    INT32("__funnelshift_l", FUNNEL_L, 3, TY_UINT, TY_UINT)
    INT32("__funnelshift_r", FUNNEL_R, 3, TY_UINT, TY_UINT)
    INT32("__mul24", MUL24_S, 2, TY_INT, TY_INT)
    INT32("__mulhi", MULHI_S32, 2, TY_INT, TY_INT)
    INT32("__umulhi", MULHI_U32, 2, TY_UINT, TY_UINT)
    REINT("__float_as_int", TY_INT, TY_FLOAT)
    REINT("__float_as_uint", TY_UINT, TY_FLOAT)
    REINT("__int_as_float", TY_FLOAT, TY_INT)
    REINT("__uint_as_float", TY_FLOAT, TY_UINT)
    REINT("__double_as_longlong", TY_LLONG, TY_DOUBLE)
    REINT("__longlong_as_double", TY_DOUBLE, TY_LLONG)
    DEV("__syncthreads", BK_BAR, BAR_SYNC, 0, 0, TY_VOID)
    DEV("__syncthreads_count", BK_BAR, BAR_COUNT, 1, 0, TY_INT)
    DEV("__syncthreads_and", BK_BAR, BAR_AND, 1, 0, TY_INT)
    DEV("__syncthreads_or", BK_BAR, BAR_OR, 1, 0, TY_INT)
    DEV("__syncwarp", BK_SYNCWARP, 0, 0, 1, TY_VOID)
    DEV("__threadfence", BK_FENCE, 0, 0, 0, TY_VOID)
    DEV("__threadfence_block", BK_FENCE, SIMT_FENCE_BLOCK, 0, 0, TY_VOID)
    DEV("__threadfence_system", BK_FENCE, 0, 0, 0, TY_VOID)
    {"__nanosleep", BK_SLEEP, 0, 0, 1, 0, W_DEVICE, NULL, TY_VOID, TY_UINT},
    DEV("__activemask", BK_ACTMASK, 0, 0, 0, TY_UINT)
    DEV("__shfl_sync", BK_SHFL, SHFL_IDX, 3, 1, NOK)
    DEV("__shfl_up_sync", BK_SHFL, SHFL_UP, 3, 1, NOK)
    DEV("__shfl_down_sync", BK_SHFL, SHFL_DOWN, 3, 1, NOK)
    DEV("__shfl_xor_sync", BK_SHFL, SHFL_BFLY, 3, 1, NOK)
    DEV("__ballot_sync", BK_VOTE, VOTE_BALLOT, 2, 0, TY_UINT)
    DEV("__any_sync", BK_VOTE, VOTE_ANY, 2, 0, TY_INT)
    DEV("__all_sync", BK_VOTE, VOTE_ALL, 2, 0, TY_INT)
    DEV("__match_any_sync", BK_MATCH_ANY, 0, 2, 0, TY_UINT)
    DEV("__match_all_sync", BK_MATCH_ALL, 0, 3, 0, TY_UINT)
    DEV("__reduce_add_sync", BK_REDUX, REDUX_ADD, 2, 0, NOK)
    DEV("__reduce_min_sync", BK_REDUX, REDUX_MIN_S, 2, 0, NOK)
    DEV("__reduce_max_sync", BK_REDUX, REDUX_MAX_S, 2, 0, NOK)
    DEV("__reduce_and_sync", BK_REDUX, REDUX_AND, 2, 0, NOK)
    DEV("__reduce_or_sync", BK_REDUX, REDUX_OR, 2, 0, NOK)
    DEV("__reduce_xor_sync", BK_REDUX, REDUX_XOR, 2, 0, NOK)
    /* atomicAdd_block / atomicAdd_system: the scoped forms compute the same;
     * simtvm's memory is one coherent store, so a wider scope changes nothing
     * (the checkers do not tell a _block atomic used across blocks) */
    ATOM3("atomicAdd", BK_ATOM, ATOM_ADD, 2) ATOM3("atomicSub", BK_ATOM, ATOM_SUB, 2)
    ATOM3("atomicExch", BK_ATOM, ATOM_EXCH, 2) ATOM3("atomicMin", BK_ATOM, ATOM_MIN, 2)
    ATOM3("atomicMax", BK_ATOM, ATOM_MAX, 2) ATOM3("atomicInc", BK_ATOM, ATOM_INC, 2)
    ATOM3("atomicDec", BK_ATOM, ATOM_DEC, 2) ATOM3("atomicAnd", BK_ATOM, ATOM_AND, 2)
    ATOM3("atomicOr", BK_ATOM, ATOM_OR, 2) ATOM3("atomicXor", BK_ATOM, ATOM_XOR, 2)
    ATOM3("atomicCAS", BK_ATOMCAS, 0, 3)
    DEV("clock", BK_CLOCK, SREG_CLOCK, 0, 0, TY_LONG)
    /* IEEE operations in round-to-nearest that nvcc never contracts: exactly
     * K's own operators, which are not contracted either (SPEC 2.7).  Like
     * CUDA's, these intrinsics exist in device code only.
     * __fdividef is the GPU's approximate division: here it is the correctly
     * rounded one (a difference of at most 2 ulp, as for expf). */
    ARITH("__fadd_rn", OP_ADD_F32, TY_FLOAT) ARITH("__fsub_rn", OP_SUB_F32, TY_FLOAT)
    ARITH("__fmul_rn", OP_MUL_F32, TY_FLOAT) ARITH("__fdiv_rn", OP_DIV_F32, TY_FLOAT)
    ARITH("__fdividef", OP_DIV_F32, TY_FLOAT)
    ARITH("__dadd_rn", OP_ADD_F64, TY_DOUBLE) ARITH("__dsub_rn", OP_SUB_F64, TY_DOUBLE)
    ARITH("__dmul_rn", OP_MUL_F64, TY_DOUBLE) ARITH("__ddiv_rn", OP_DIV_F64, TY_DOUBLE)
    {"__fmaf_rn", BK_MATHF, INTR_FMAF, 0, 3, 0, W_DEVICE, NULL, NOK, NOK},
    {"__fma_rn", BK_MATHD, 0, INTR_FMA, 3, 0, W_DEVICE, NULL, NOK, NOK},
    {"__fsqrt_rn", BK_MATHF, INTR_SQRTF, 0, 1, 0, W_DEVICE, NULL, NOK, NOK},
    {"__dsqrt_rn", BK_MATHD, 0, INTR_SQRT, 1, 0, W_DEVICE, NULL, NOK, NOK},
    {"__exp10f", BK_MATHF, INTR_EXP10F, 0, 1, 0, W_DEVICE, NULL, NOK, NOK},
    {"__log2f", BK_MATHF, INTR_LOG2F, 0, 1, 0, W_DEVICE, NULL, NOK, NOK},
    {"__log10f", BK_MATHF, INTR_LOG10F, 0, 1, 0, W_DEVICE, NULL, NOK, NOK},
    {"__tanf", BK_MATHF, INTR_TANF, 0, 1, 0, W_DEVICE, NULL, NOK, NOK},
    /* conversions with a rounding mode: round in the source type, then convert
     * (out-of-range values then behave as K's casts do) */
    CVT4("__float2int", TY_FLOAT, TY_INT, F) CVT4("__float2uint", TY_FLOAT, TY_UINT, F)
    CVT4("__float2ll", TY_FLOAT, TY_LLONG, F) CVT4("__float2ull", TY_FLOAT, TY_ULLONG, F)
    CVT4("__double2int", TY_DOUBLE, TY_INT, ) CVT4("__double2uint", TY_DOUBLE, TY_UINT, )
    CVT4("__double2ll", TY_DOUBLE, TY_LLONG, ) CVT4("__double2ull", TY_DOUBLE, TY_ULLONG, )
    ROUNDCVT("__int2float_rn", -1, TY_INT, TY_FLOAT)
    ROUNDCVT("__uint2float_rn", -1, TY_UINT, TY_FLOAT)
    ROUNDCVT("__ll2float_rn", -1, TY_LLONG, TY_FLOAT)
    ROUNDCVT("__int2double_rn", -1, TY_INT, TY_DOUBLE)
    ROUNDCVT("__double2float_rn", -1, TY_DOUBLE, TY_FLOAT)
    ROUNDCVT("__ull2float_rn", -1, TY_ULLONG, TY_FLOAT)
    ROUNDCVT("__uint2double_rn", -1, TY_UINT, TY_DOUBLE)
    ROUNDCVT("__ll2double_rn", -1, TY_LLONG, TY_DOUBLE)
    ROUNDCVT("__ull2double_rn", -1, TY_ULLONG, TY_DOUBLE)
    /* the _rz, _ru and _rd conversions to float and double: lang/round_cvt.c */
    DEV("__ldg", BK_LDG, 0, 1, 0, NOK)
    {"__saturatef", BK_SATURATE, 0, 0, 1, 0, W_DEVICE, NULL, TY_FLOAT, TY_FLOAT},
    DEV("clock64", BK_CLOCK, SREG_CLOCK64, 0, 0, TY_LLONG)
    /* cooperative groups (lang/cg.c): the library's functions, then what their
     * rewrites call, under names no program can write */
    CG("this_thread_block", CGF_THIS_BLOCK, 0) CG("this_grid", CGF_THIS_GRID, 0)
    CG("coalesced_threads", CGF_COALESCED, 0) CG("tiled_partition", CGF_TILED, 2)
    CG("binary_partition", CGF_BINARY, 2) CG("labeled_partition", CGF_LABELED, 2)
    CG("sync", CGF_SYNC, 1) CG("reduce", CGF_REDUCE, 3)
    {"cudaLaunchCooperativeKernel", BK_CG, CGF_COOP_LAUNCH, 0, 4, 2, W_HOST, NULL, NOK, NOK},
    DEV(" laneid", BK_SREG, SREG_LANEID, 0, 0, TY_UINT)
    INT32(" nth_lane", NTH_LANE32, 2, TY_UINT, TY_UINT)
    INT32(" pext", PEXT32, 2, TY_UINT, TY_UINT)
    DEV(" grid_sync", BK_BAR, BAR_GRID, 0, 0, TY_VOID)
    {" tile_too_wide", BK_TRAP, 0, 0, 0, 0, W_DEVICE, "a thread_block_tile wider than the warp"
     " (--warp-size): a tile is part of one warp", TY_VOID, NOK},
};

#define NBUILTINS ((int)(sizeof builtin_table / sizeof builtin_table[0]))

int k_builtin_find(const char *name, int device)
{
    for (int i = 0; i < NBUILTINS; i++) {
        const k_builtin_info *b = &builtin_table[i];
        if (strcmp(b->name, name) != 0)
            continue;
        /* clock() is the host builtin in host code, the cycle counter on the device */
        if (device && b->kind == BK_RUNTIME && b->op == BI_HOST_CLOCK)
            continue;
        if (!device && b->kind == BK_CLOCK && b->op == SREG_CLOCK)
            continue;
        return i;
    }
    return -1;
}

/* Functions that CUDA itself removed: a call is one error naming the
 * replacement (SPEC 2.8), not an undeclared name. */
static const struct removed_api {
    const char *name, *instead;
} removed_apis[] = {
    {"cudaThreadSynchronize", "cudaDeviceSynchronize()"},
    {"cudaThreadExit", "cudaDeviceReset()"},
    {"cudaThreadSetLimit", "cudaDeviceSetLimit"},
    {"cudaThreadGetLimit", "cudaDeviceGetLimit"},
    {"cudaThreadSetCacheConfig", "cudaDeviceSetCacheConfig"},
    {"cudaThreadGetCacheConfig", "cudaDeviceGetCacheConfig"},
    {"cudaMemcpyToArray", "cudaMemcpy2DToArray"},
    {"cudaMemcpyFromArray", "cudaMemcpy2DFromArray"},
    {"cudaMemcpyToArrayAsync", "cudaMemcpy2DToArrayAsync"},
    {"cudaMemcpyFromArrayAsync", "cudaMemcpy2DFromArrayAsync"},
    {"cudaConfigureCall", "a kernel<<<grid, block>>>(...) launch"},
    {"cudaSetupArgument", "a kernel<<<grid, block>>>(...) launch"},
    {"cudaLaunch", "a kernel<<<grid, block>>>(...) launch"},
    {"__ballot", "__ballot_sync(0xffffffff, predicate)"},
    {"__any", "__any_sync(0xffffffff, predicate)"},
    {"__all", "__all_sync(0xffffffff, predicate)"},
    {"__shfl", "__shfl_sync(0xffffffff, value, lane)"},
    {"__shfl_up", "__shfl_up_sync(0xffffffff, value, delta)"},
    {"__shfl_down", "__shfl_down_sync(0xffffffff, value, delta)"},
    {"__shfl_xor", "__shfl_xor_sync(0xffffffff, value, mask)"},
};

const char *k_removed_api(const char *name)
{
    for (size_t i = 0; i < sizeof removed_apis / sizeof removed_apis[0]; i++)
        if (strcmp(removed_apis[i].name, name) == 0)
            return removed_apis[i].instead;
    return NULL;
}

/* Functions whose signature CUDA 13 changed: the argument at `arg` became a
 * cudaMemLocation (it was an int device).  A call of the old form is one
 * error naming the new signature, as nvcc 13 rejects it. */
static const struct changed_api {
    const char *name;
    int arg;
    const char *now;
} changed_apis[] = {
    {"cudaMemPrefetchAsync", 2,
     "cudaMemPrefetchAsync(ptr, bytes, cudaMemLocation{cudaMemLocationTypeDevice, 0}, flags, "
     "stream)"},
    {"cudaMemAdvise", 3,
     "cudaMemAdvise(ptr, bytes, advice, cudaMemLocation{cudaMemLocationTypeDevice, 0})"},
};

const char *k_changed_api(const char *name, int *arg)
{
    for (size_t i = 0; i < sizeof changed_apis / sizeof changed_apis[0]; i++)
        if (strcmp(changed_apis[i].name, name) == 0) {
            *arg = changed_apis[i].arg;
            return changed_apis[i].now;
        }
    return NULL;
}

void k_builtin_suggest(simt_suggester *sug)
{
    /* names starting with a blank are the compiler's own, never written */
    for (int i = 0; i < NBUILTINS; i++)
        if (builtin_table[i].name[0] != ' ')
            simt_suggest_add(sug, builtin_table[i].name);
    for (size_t i = 0; i < sizeof removed_apis / sizeof removed_apis[0]; i++)
        simt_suggest_add(sug, removed_apis[i].name);
}

const k_builtin_info *k_builtin_get(int id)
{
    return id >= 0 && id < NBUILTINS ? &builtin_table[id] : NULL;
}

/* ---- the SIG mini-language ---- */
static const char *sig_args(const k_builtin_info *b)
{
    const char *p = strchr(b->sig, '(');
    return p ? p + 1 : "";
}

char k_builtin_sig_letter(const k_builtin_info *b, int i)
{
    int k = 0;
    for (const char *p = sig_args(b); *p && *p != ')'; p++) {
        if (*p == '|')
            continue;
        if (*p == '.')
            return '.';
        if (k++ == i)
            return *p;
    }
    return 0;
}

static void sig_counts(const k_builtin_info *b, int *required, int *total, int *variadic)
{
    *required = *total = *variadic = 0;
    int opt = 0;
    for (const char *p = sig_args(b); *p && *p != ')'; p++) {
        if (*p == '|')
            opt = 1;
        else if (*p == '.')
            *variadic = 1;
        else {
            ++*total;
            if (!opt)
                ++*required;
        }
    }
}

static k_type *ptr_to(k_ctx *ctx, k_type *base)
{
    return k_type_ptr(ctx, base);
}

/* The type a SIG letter stands for (pointer letters give their generic form). */
static k_type *letter_type(k_ctx *ctx, char c)
{
    k_type *t;
    switch (c) {
    case 'v': return k_ty(ctx, TY_VOID);
    case 'b': return k_ty(ctx, TY_BOOL);
    case 'c': return k_ty(ctx, TY_CHAR);
    case 'i': return k_ty(ctx, TY_INT);
    case 'u': return k_ty(ctx, TY_UINT);
    case 'x': return k_ty(ctx, TY_LLONG);
    case 'X': return k_ty(ctx, TY_ULLONG);
    case 'l': return k_ty(ctx, TY_LONG);
    case 'z':
        t = k_ty(ctx, TY_ULONG);
        t->alias = "size_t";
        return t;
    case 'f': return k_ty(ctx, TY_FLOAT);
    case 'd': return k_ty(ctx, TY_DOUBLE);
    case 'e':
        t = k_ty(ctx, TY_INT);
        t->alias = "cudaError_t";
        return t;
    case 's': return ptr_to(ctx, k_ty_qualified(ctx, k_ty(ctx, TY_CHAR), Q_CONST));
    case 'N': return k_chrono_point_type(ctx); /* a clock's now() */
    case 'C': return ptr_to(ctx, k_ty(ctx, TY_CHAR)); /* char *, as strchr returns */
    case 'O': case 'M': /* a stream, a manipulator (lang/iostream.c) */
        t = k_ty(ctx, TY_LONG);
        t->alias = c == 'O' ? "std::ostream" : "std::ios_manip";
        return t;
    default: return ptr_to(ctx, k_ty(ctx, TY_VOID));
    }
}

static int is_global_var(const k_expr *a)
{
    return a->kind == E_IDENT && a->decl && a->decl->kind == D_VAR &&
           a->decl->builtin < 0 &&
           (a->decl->is_global_scope || (a->decl->storage & ST_STATIC));
}

/* A 'K' argument: the name of a __global__ function (lowering passes its
 * index), or a pointer holding one (`void *kernel`, `(void *)square`:
 * lowering passes the pointer's value less 1, the function's index). */
static k_type *check_kernel_arg(k_sema_state *s, const k_builtin_info *b, k_expr *a, int k)
{
    k_decl *d = a->kind == E_IDENT ? k_sema_lookup(s, a->name) : NULL;
    if (d && d->kind == D_FUNC && (d->storage & ST_GLOBAL)) {
        a->decl = d;
        a->type = k_ty(s->ctx, TY_INT);
        return a->type;
    }
    if (d && d->kind == D_FUNC) {
        k_error(s->ctx, a->loc, "argument %d of '%s' must name a __global__ function",
                k + 1, b->name);
        return NULL;
    }
    k_type *t = k_sema_rvalue(s, a);
    if (t && k_decay(s->ctx, t)->kind != TY_PTR) {
        k_error(s->ctx, a->loc, "argument %d of '%s' must be a __global__ function or a "
                "pointer to one", k + 1, b->name);
        return NULL;
    }
    return t ? k_decay(s->ctx, t) : NULL;
}

/* A record through printf's `...` (a __half, a __half2): nvcc passes its
 * bytes, with a warning; so does K, as an unsigned number of its size
 * (lower_call.c loads it), for the sizes a register holds. */
static k_type *record_bits_arg(k_sema_state *s, const k_builtin_info *b, k_expr *a, k_type *d)
{
    int64_t size = k_ty_size(d);
    if (size == 1 || size == 2 || size == 4)
        return k_ty(s->ctx, TY_UINT);
    if (size == 8)
        return k_ty(s->ctx, TY_ULLONG);
    k_error(s->ctx, a->loc, "cannot pass a '%s' (%lld bytes) to '%s': a record passes as its "
            "bits when it has 1, 2, 4 or 8 bytes", k_record_name(d->rec), (long long)size,
            b->name);
    return NULL;
}

/* Checks argument k of a runtime builtin against its letter; returns the
 * type it is passed as. */
static k_type *check_runtime_arg(k_sema_state *s, const k_builtin_info *b, char c, k_expr *a, int k)
{
    k_ctx *ctx = s->ctx;
    if (c == 'S') {
        k_sema_expr(s, a);
        if (!is_global_var(a))
            k_error(ctx, a->loc, "argument %d of '%s' must name a __device__ or __constant__ "
                    "variable", k + 1, b->name);
        return ptr_to(ctx, k_ty(ctx, TY_VOID));
    }
    if (c == 'K')
        return check_kernel_arg(s, b, a, k);
    k_type *t = k_sema_rvalue(s, a);
    if (!t)
        return NULL;
    if (t->kind == TY_RECORD && strchr("spQDE", c) && k_sema_pointer_conversion(s, a))
        t = a->type;   /* strlen(s) with `operator const char *()` */
    if (!t)
        return NULL;
    k_type *d = k_decay(ctx, t);
    switch (c) {
    case '.':
        if (k_ty_is_float(d))
            return k_ty(ctx, TY_DOUBLE);
        if (k_ty_is_integer(d))
            return k_ty(ctx, k_kind_promote(d->kind));
        if (d->kind == TY_PTR)
            return d;
        if (d->kind == TY_RECORD)
            return record_bits_arg(s, b, a, d);
        k_error(ctx, a->loc, "cannot pass a value of this type to '%s'", b->name);
        return NULL;
    case 'T':
        if (d->kind == TY_PTR || k_is_null_const(a))
            return d->kind == TY_PTR ? d : letter_type(ctx, 'p');
        k_error(ctx, a->loc, "argument %d of '%s' must be a cudaStream_t", k + 1, b->name);
        return NULL;
    case 's': case 'p': case 'P': case 'Q': case 'D': case 'E':
        if (d->kind == TY_PTR || (c == 'E' && k_ty_is_integer(d)) || k_is_null_const(a)) {
            if (c == 'P' && !(d->kind == TY_PTR && d->base->kind == TY_PTR) &&
                !k_is_null_const(a)) {
                k_error(ctx, a->loc, "argument %d of '%s' must be the address of a pointer "
                        "(e.g. &ptr)", k + 1, b->name);
                return NULL;
            }
            if (c == 'D' && !(d->base && d->base->kind == TY_DEVPROP)) {
                k_error(ctx, a->loc, "argument %d of '%s' must be a cudaDeviceProp *",
                        k + 1, b->name);
                return NULL;
            }
            return d->kind == TY_PTR ? d : letter_type(ctx, 'p');
        }
        if (c == 'E' && d->alias && strcmp(d->alias, "cudaEvent_t") == 0)
            return d;
        k_error(ctx, a->loc, "argument %d of '%s' must be a pointer", k + 1, b->name);
        return NULL;
    default: {
        k_type *to = letter_type(ctx, c);
        return k_sema_assignable(s, to, a, "argument") ? to : NULL;
    }
    }
}

static void check_runtime_call(k_sema_state *s, k_expr *e, const k_builtin_info *b, k_type **argt)
{
    int required, total, variadic;
    sig_counts(b, &required, &total, &variadic);
    if (e->nargs < required || (!variadic && e->nargs > total)) {
        k_error(s->ctx, e->loc, "'%s' takes %s%d argument%s, %d given", b->name,
                variadic ? "at least " : required != total ? "at least " : "", required,
                required == 1 ? "" : "s", e->nargs);
    }
    for (int k = 0; k < e->nargs; k++) {
        char c = k_builtin_sig_letter(b, k);
        if (!c) {
            k_sema_expr(s, e->args[k]);
            continue;
        }
        argt[k] = check_runtime_arg(s, b, c, e->args[k], k);
    }
    e->type = letter_type(s->ctx, b->sig[0]);
}

/* ---- intrinsics ---- */
static int half_like(const k_type *t)
{
    const char *n = t->rec ? k_record_name(t->rec) : "";
    return !strcmp(n, "__half") || !strcmp(n, "__nv_bfloat16");
}

static k_type *arith_arg(k_sema_state *s, const k_builtin_info *b, k_expr *a)
{
    k_type *t = k_sema_rvalue(s, a);
    if (t && t->kind == TY_RECORD && half_like(t)) {
        /* CUDA's __half converts to every arithmetic type: nvcc finds the
         * float and long double overloads equally good */
        k_error(s->ctx, a->loc, "call of '%s' with a %s is ambiguous, as under nvcc (its "
                "conversions fit the float and the long double overload): write %s(__half2float(x))",
                b->name, k_record_name(t->rec), b->name);
        return NULL;
    }
    if (t && t->kind == TY_RECORD && k_sema_scalar_conversion(s, a))
        t = a->type;   /* a class's conversion operator: `fabs(m)` with `operator double()` */
    if (t && !k_ty_is_arith(t)) {
        k_error(s->ctx, a->loc, "'%s' needs an arithmetic argument", b->name);
        return NULL;
    }
    return t;
}

/* Math: float when every argument is float (C++ overloads), else double. */
static void check_math(k_sema_state *s, k_expr *e, const k_builtin_info *b, k_type **argt)
{
    int all_float = 1;
    for (int k = 0; k < e->nargs; k++) {
        k_type *t = arith_arg(s, b, e->args[k]);
        if (t && t->kind != TY_FLOAT)
            all_float = 0;
    }
    int use_float = b->kind == BK_MATHF || (b->kind != BK_MATHD && all_float);
    if (b->kind == BK_CLASSIFY) {
        e->type = k_ty(s->ctx, TY_BOOL);
        k_type *opt = k_ty(s->ctx, use_float ? TY_FLOAT : TY_DOUBLE);
        for (int k = 0; k < e->nargs; k++)
            argt[k] = opt;
        return;
    }
    e->type = k_ty(s->ctx, use_float ? TY_FLOAT : TY_DOUBLE);
    for (int k = 0; k < e->nargs; k++)
        argt[k] = e->type;
}

/* min, max and abs of integer constants are constants, as C++'s constexpr
 * std::min/std::max are: `int buf[std::min(A, B)];`, `static constexpr int
 * N = std::max(4, 8);`, a template's argument. */
static void fold_minmax_abs(k_expr *e, const k_builtin_info *b)
{
    k_type_kind k = e->type->kind;
    uint64_t v[2];
    if (!k_ty_is_integer(e->type) || e->nargs > 2)
        return;
    for (int i = 0; i < e->nargs; i++) {
        const k_expr *a = e->args[i];
        if (!a->is_const || !a->type || !k_ty_is_integer(a->type))
            return;
        v[i] = k_fold_convert(a->type->kind, k, a->const_val);
    }
    uint64_t r = v[0], less = 0, negative = 0;   /* compared and negated by the folder */
    if (b->kind == BK_ABS && k_fold_binary(KB_LT, k, k, r, k, 0, &negative) && negative)
        k_fold_unary(KU_NEG, k, k, r, &r);   /* abs(INT_MIN) is INT_MIN, g++ accepts it */
    if (b->kind == BK_MINMAX && k_fold_binary(KB_LT, k, k, v[1], k, v[0], &less) &&
        (b->op ? !less : less))   /* op: max; ties keep a */
        r = v[1];
    e->is_const = 1;
    e->const_val = k_kind_wrap(k, r);
}

static void check_minmax_abs(k_sema_state *s, k_expr *e, const k_builtin_info *b, k_type **argt)
{
    k_type_kind k = TY_INT;
    for (int i = 0; i < e->nargs; i++) {
        k_type *t = arith_arg(s, b, e->args[i]);
        if (t)
            k = i == 0 ? k_kind_promote(t->kind) : k_kind_usual(k, t->kind);
    }
    if (b->arg != NOK)
        k = (k_type_kind)b->arg;
    e->type = k_ty(s->ctx, k);
    for (int i = 0; i < e->nargs; i++)
        argt[i] = e->type;
    fold_minmax_abs(e, b);
}

static void check_fixed(k_sema_state *s, k_expr *e, const k_builtin_info *b, k_type **argt)
{
    for (int i = 0; i < e->nargs; i++)
        if (k_sema_assignable(s, k_ty(s->ctx, (k_type_kind)b->arg), e->args[i], "argument"))
            argt[i] = k_ty(s->ctx, (k_type_kind)b->arg);
    e->type = k_ty(s->ctx, (k_type_kind)b->ret);
}

/* __ldg(const T *p): a load of *p through the read-only cache. */
static void check_ldg(k_sema_state *s, k_expr *e, const k_builtin_info *b, k_type **argt)
{
    k_type *t = k_sema_rvalue(s, e->args[0]);
    if (!t)
        return;
    t = k_decay(s->ctx, t);
    if (t->kind != TY_PTR || t->base->kind == TY_VOID) {
        k_error(s->ctx, e->args[0]->loc, "'%s' needs a pointer to an object", b->name);
        return;
    }
    argt[0] = t;
    e->type = k_ty_qualified(s->ctx, t->base, 0);
    e->type->quals &= ~(unsigned)Q_CONST; /* a value, not the object */
}

static k_type *uint_arg(k_sema_state *s, k_expr *a, k_type **slot)
{
    k_type *u = k_ty(s->ctx, TY_UINT);
    if (k_sema_assignable(s, u, a, "argument"))
        *slot = u;
    return u;
}

static k_type *bool_arg(k_sema_state *s, k_expr *a, k_type **slot)
{
    if (k_sema_cond(s, a))
        *slot = k_ty(s->ctx, TY_BOOL);
    return *slot;
}

/* A warp-collective value: int, unsigned, (unsigned) long long, float, double. */
static k_type *value_arg(k_sema_state *s, const k_builtin_info *b, k_expr *a, int allow_float)
{
    k_type *t = arith_arg(s, b, a);
    if (!t)
        return NULL;
    if (k_ty_is_float(t) && !allow_float) {
        k_error(s->ctx, a->loc, "'%s' needs an integer argument", b->name);
        return NULL;
    }
    return k_ty(s->ctx, k_ty_is_float(t) ? t->kind : k_kind_promote(t->kind));
}

/* A shuffle's value: arithmetic, or, for the shuffle a group's shfl*
 * stands for (CUDA's templates take any trivially-copyable type there), a
 * record of whole 32-bit words, shuffled word by word (lower_call.c).  The
 * intrinsics themselves have overloads for arithmetic types and, from
 * <cuda_fp16.h> and <cuda_bf16.h>, the half and bfloat16 types. */
/* <cuda_fp16.h> and <cuda_bf16.h> overload the shuffles for their types. */
static int half_record(const k_type *t)
{
    const char *n = k_record_name(t->rec);
    return n && (!strcmp(n, "__half") || !strcmp(n, "__half2") || !strcmp(n, "__nv_bfloat16") ||
                 !strcmp(n, "__nv_bfloat162"));
}

static k_type *shfl_value_arg(k_sema_state *s, const k_builtin_info *b, k_expr *e)
{
    k_expr *a = e->args[1];
    k_type *t = k_sema_rvalue(s, a);
    if (t && t->kind == TY_RECORD && half_record(t))
        return t; /* 2 or 4 bytes: shuffled as one word (lower_call.c) */
    if (t && t->kind == TY_RECORD && !e->group_shfl) {
        k_error(s->ctx, a->loc, "'%s' takes an arithmetic value, not a '%s' (shuffle its"
                " members, or use a tile's shfl*, which takes any record)", b->name,
                k_record_name(t->rec));
        return t;   /* the call still has the record's type: no second error */
    }
    if (t && t->kind == TY_RECORD) {
        int64_t size = k_ty_size(t);
        if (size > 0 && size % 4 == 0)
            return t;
        k_error(s->ctx, a->loc, "a shuffle of a '%s' needs a size that is a multiple of 4"
                " bytes (it moves 32-bit words)", k_record_name(t->rec));
        return t;   /* the call still has the record's type: no second error */
    }
    return value_arg(s, b, a, 1);
}

static void check_atomic(k_sema_state *s, k_expr *e, const k_builtin_info *b, k_type **argt)
{
    k_type *p = k_sema_rvalue(s, e->args[0]);
    if (!p)
        return;
    p = k_decay(s->ctx, p);
    k_type *elem = p->kind == TY_PTR ? p->base : NULL;
    int ok = elem && (elem->kind == TY_INT || elem->kind == TY_UINT || elem->kind == TY_LLONG ||
                      elem->kind == TY_ULLONG || elem->kind == TY_LONG ||
                      elem->kind == TY_ULONG ||
                      (elem->kind == TY_USHORT && b->kind == BK_ATOMCAS) ||   /* sm_70 */
                      ((elem->kind == TY_FLOAT || elem->kind == TY_DOUBLE) &&
                       (b->kind == BK_ATOM && (b->op == ATOM_ADD || b->op == ATOM_EXCH))));
    if (!ok) {
        char buf[96];
        k_error(s->ctx, e->args[0]->loc, "'%s' is not defined for an argument of type '%s'",
                b->name, k_ty_str(p, buf, sizeof buf));
        return;
    }
    argt[0] = p;
    k_type *v = k_ty(s->ctx, elem->kind);
    for (int i = 1; i < e->nargs; i++)
        if (k_sema_assignable(s, v, e->args[i], "argument"))
            argt[i] = v;
    e->type = v;
}

static void check_collective(k_sema_state *s, k_expr *e, const k_builtin_info *b, k_type **argt)
{
    k_ctx *ctx = s->ctx;
    e->type = b->ret != NOK ? k_ty(ctx, (k_type_kind)b->ret) : NULL;
    switch (b->kind) {
    case BK_BAR:
        if (e->nargs)
            bool_arg(s, e->args[0], &argt[0]);
        break;
    case BK_SYNCWARP:
        if (e->nargs)
            uint_arg(s, e->args[0], &argt[0]);
        break;
    case BK_SHFL:
        uint_arg(s, e->args[0], &argt[0]);
        argt[1] = shfl_value_arg(s, b, e);
        for (int i = 2; i < e->nargs; i++)
            if (k_sema_assignable(s, k_ty(ctx, TY_INT), e->args[i], "argument"))
                argt[i] = k_ty(ctx, TY_INT);
        e->type = argt[1] ? argt[1] : k_ty(ctx, TY_INT);
        break;
    case BK_VOTE:
        uint_arg(s, e->args[0], &argt[0]);
        bool_arg(s, e->args[1], &argt[1]);
        break;
    case BK_MATCH_ANY:
    case BK_MATCH_ALL:
        uint_arg(s, e->args[0], &argt[0]);
        argt[1] = value_arg(s, b, e->args[1], 1);
        if (b->kind == BK_MATCH_ALL) {
            k_type *p = k_sema_rvalue(s, e->args[2]);
            if (p && !(p->kind == TY_PTR && p->base->kind == TY_INT))
                k_error(ctx, e->args[2]->loc, "the third argument of '%s' must be an int *",
                        b->name);
            argt[2] = p;
        }
        break;
    case BK_REDUX:
        uint_arg(s, e->args[0], &argt[0]);
        argt[1] = value_arg(s, b, e->args[1], 0);
        if (argt[1] && argt[1]->kind != TY_INT)
            argt[1] = k_ty(ctx, TY_UINT);
        e->type = argt[1] ? argt[1] : k_ty(ctx, TY_UINT);
        break;
    default:
        for (int i = 0; i < e->nargs; i++)
            k_sema_expr(s, e->args[i]);
        break;
    }
}

/* atexit(f): f must be a `void f()` host function (lang/lower_exit.c
 * calls the listed ones by comparing with those). */
static void check_atexit(k_sema_state *s, const k_expr *e)
{
    if (e->nargs != 1 || !e->args[0]->type)
        return;
    const k_type *t = e->args[0]->type;
    if (t->kind == TY_PTR && t->base)
        t = t->base;
    if (t->kind != TY_FUNC || t->nparams || !t->base || t->base->kind != TY_VOID)
        k_error(s->ctx, e->args[0]->loc, "atexit takes a function 'void f()'");
}

/* The CUDA runtime calls device code may make beside launches.  A device
 * launch that CUDA would refuse stops the grid with a located fault
 * (vm/devlaunch.c), so a thread that goes on has no launch error. */
static int device_runtime(const k_builtin_info *b)
{
    return b->op == BI_CUDA_GET_LAST_ERROR || b->op == BI_CUDA_PEEK_LAST_ERROR ||
           b->op == BI_CUDA_STREAM_CREATE_FLAGS || b->op == BI_CUDA_STREAM_DESTROY;
}

void k_sema_builtin_call(k_sema_state *s, k_expr *e, int id)
{
    const k_builtin_info *b = k_builtin_get(id);
    k_ctx *ctx = s->ctx;
    e->builtin = id;
    if (!strcmp(b->name, "atexit"))
        ctx->uses_atexit = 1;   /* the program keeps the list (lang/lower_exit.c) */
    k_type **argt = k_alloc(ctx, sizeof *argt * (size_t)(e->nargs + 1));
    e->sema_ext = argt;
    int in_device = (s->fn_kind & (FN_DEVICE | FN_KERNEL)) != 0;
    int in_host = s->fn_kind == 0 || (s->fn_kind & FN_HOST);
    if (b->where == W_HOST && in_device && b->op == BI_CUDA_DEVICE_SYNC)
        k_error(ctx, e->loc, "cudaDeviceSynchronize() in device code was removed in CUDA 12 "
                "(dynamic parallelism CDP2): a grid cannot wait for its children; launch the "
                "work that needs their results into cudaStreamTailLaunch, or use "
                "cudaStreamFireAndForget for work nothing waits for");
    else if (b->where == W_HOST && in_device && device_runtime(b))
        ;   /* dynamic parallelism's device runtime (lower_call.c) */
    else if (b->where == W_HOST && in_device && strncmp(b->name, "cuda", 4) == 0)
        k_error(ctx, e->loc, "calling the CUDA runtime ('%s') from device code is not "
                "supported (simtvm's device runtime: kernel launches, cudaGetLastError, "
                "cudaPeekAtLastError, cudaStreamCreateWithFlags, cudaStreamDestroy)", b->name);
    else if (b->where == W_HOST && in_device && !(b->op == BI_ABORT &&
                                                  e->loc.line == s->device_throw.line &&
                                                  e->loc.col == s->device_throw.col))
        k_error(ctx, e->loc, "calling the host function '%s' from device code", b->name);
    else if (b->where == W_DEVICE && in_host && !(s->fn_kind & FN_DEVICE))
        k_error(ctx, e->loc, "'%s' can only be called from device code", b->name);
    if (b->kind == BK_RUNTIME) {
        check_runtime_call(s, e, b, argt);
        if (b->op == BI_ATEXIT)
            check_atexit(s, e);
        return;
    }
    if (b->kind == BK_CG) {   /* checks its own arguments: tiled_partition<N>(g) has one */
        k_cg_call(s, e, b);
        return;
    }
    if (e->nargs < b->nargs || e->nargs > b->nargs + b->nopt) {
        k_error(ctx, e->loc, "'%s' takes %d argument%s, %d given", b->name, b->nargs,
                b->nargs == 1 ? "" : "s", e->nargs);
        for (int i = 0; i < e->nargs; i++)
            k_sema_expr(s, e->args[i]);
        e->type = k_ty(ctx, b->ret != NOK ? (k_type_kind)b->ret : TY_INT);
        return;
    }
    switch (b->kind) {
    case BK_MATH: case BK_MATHF: case BK_MATHD: case BK_CLASSIFY:
        check_math(s, e, b, argt);
        break;
    case BK_MINMAX:
        check_minmax_abs(s, e, b, argt);
        break;
    case BK_ABS:
        check_minmax_abs(s, e, b, argt);
        break;
    case BK_INTR32: case BK_INTR64: case BK_REINTERP: case BK_ARITH: case BK_ROUNDCVT:
    case BK_SATURATE: case BK_SLEEP:
        check_fixed(s, e, b, argt);
        break;
    case BK_LDG:
        check_ldg(s, e, b, argt);
        break;
    case BK_ATOM: case BK_ATOMCAS:
        check_atomic(s, e, b, argt);
        break;
    case BK_CLOCK: case BK_FENCE: case BK_ACTMASK: case BK_SREG: case BK_TRAP:
        e->type = k_ty(ctx, (k_type_kind)b->ret);
        break;
    default:
        check_collective(s, e, b, argt);
        break;
    }
    if (!e->type)
        e->type = k_ty(ctx, TY_INT);
}

/* ---- the library's type names ---- */
static const struct { const char *name; k_type_kind kind; } lib_typedefs[] = {
    { "FILE", TY_VOID },          /* only ever used as FILE *: a runtime/stdio.c handle */
    { "clock_t", TY_LONG },       /* glibc x86-64 */
    { "time_t", TY_LONG },
    { "suseconds_t", TY_LONG },
    { "clockid_t", TY_INT },
    /* <stdint.h>/<cstdint> as glibc x86-64 defines them (64-bit types are long) */
    { "int8_t", TY_SCHAR }, { "int16_t", TY_SHORT }, { "int32_t", TY_INT },
    { "int64_t", TY_LONG }, { "uint8_t", TY_UCHAR }, { "uint16_t", TY_USHORT },
    { "uint32_t", TY_UINT }, { "uint64_t", TY_ULONG },
    { "int_least8_t", TY_SCHAR }, { "int_least16_t", TY_SHORT },
    { "int_least32_t", TY_INT }, { "int_least64_t", TY_LONG },
    { "uint_least8_t", TY_UCHAR }, { "uint_least16_t", TY_USHORT },
    { "uint_least32_t", TY_UINT }, { "uint_least64_t", TY_ULONG },
    { "int_fast8_t", TY_SCHAR }, { "int_fast16_t", TY_LONG },
    { "int_fast32_t", TY_LONG }, { "int_fast64_t", TY_LONG },
    { "uint_fast8_t", TY_UCHAR }, { "uint_fast16_t", TY_ULONG },
    { "uint_fast32_t", TY_ULONG }, { "uint_fast64_t", TY_ULONG },
    { "intptr_t", TY_LONG }, { "uintptr_t", TY_ULONG },
    { "intmax_t", TY_LONG }, { "uintmax_t", TY_ULONG },
    { "ptrdiff_t", TY_LONG }, { "ssize_t", TY_LONG },
    /* <sys/types.h>'s old names, which <stdlib.h> brings in under glibc */
    { "uint", TY_UINT }, { "ushort", TY_USHORT }, { "ulong", TY_ULONG },
    /* <cstdint>'s names in std */
    { "std::int8_t", TY_SCHAR }, { "std::int16_t", TY_SHORT }, { "std::int32_t", TY_INT },
    { "std::int64_t", TY_LONG }, { "std::uint8_t", TY_UCHAR }, { "std::uint16_t", TY_USHORT },
    { "std::uint32_t", TY_UINT }, { "std::uint64_t", TY_ULONG },
    { "std::intptr_t", TY_LONG }, { "std::uintptr_t", TY_ULONG },
    { "std::intmax_t", TY_LONG }, { "std::uintmax_t", TY_ULONG },
    { "std::ptrdiff_t", TY_LONG }, { "std::size_t", TY_ULONG },
    { "std::time_t", TY_LONG }, { "std::clock_t", TY_LONG },
    /* a stream is a long (lang/iostream.c): the built-in library's
     * operator<< for std::string takes and returns one */
    { "std::ostream", TY_LONG },
    /* <cstddef>'s type of nullptr (k_ty_nullptr) */
    { "std::nullptr_t", TY_PTR }, { "nullptr_t", TY_PTR },
};

const char *k_lib_typedef(k_ctx *ctx, int i, k_type **t)
{
    int n = (int)(sizeof lib_typedefs / sizeof lib_typedefs[0]);
    if (i >= n)
        return k_chrono_typedef(ctx, i - n, t);
    if (i < 0)
        return NULL;
    if (lib_typedefs[i].kind == TY_PTR) {
        *t = k_ty_nullptr(ctx);
        return lib_typedefs[i].name;
    }
    *t = k_ty(ctx, lib_typedefs[i].kind);
    if (*t)
        (*t)->alias = lib_typedefs[i].name;
    return lib_typedefs[i].name;
}
