/* lang/lower_call.c -- calls of K functions (CALL), native imports (NCALL),
 * runtime builtins (HCALL), kernel launches (LAUNCH) and the device
 * intrinsics, which become their own opcodes (BAR, SHFL, VOTE, ATOM, INTR...).
 *
 * Every call evaluates its arguments into consecutive registers at the top of
 * the register stack, converted to the types sema recorded for them
 * (k_expr.sema_ext), so nothing live is above the window. */
#include <string.h>

#include "lower.h"
#include "vm/vm.h"

void lw_call_to(lw_func *F, k_expr *e, int dst, int want);
void lw_launch(lw_func *F, k_expr *e);

static k_type **arg_types(k_expr *e)
{
    return (k_type **)e->sema_ext;
}

/* Evaluates args[from..] into registers base, base+1, ... */
static void eval_args(lw_func *F, k_expr *e, int from, int base)
{
    k_type **at = arg_types(e);
    for (int k = from; k < e->nargs; k++) {
        int r = base + (k - from);
        F->top = r;
        lw_expr_conv_to(F, e->args[k], at[k] ? at[k] : e->args[k]->type, r);
    }
    F->top = base + (e->nargs - from);
    lw_reserve(F, F->top);
}

static int arg_reg(lw_func *F, k_expr *e, int k)
{
    k_type **at = arg_types(e);
    int r = lw_reg(F);
    lw_expr_conv_to(F, e->args[k], at[k] ? at[k] : e->args[k]->type, r);
    return r;
}

static void mov(lw_func *F, int dst, int src)
{
    if (dst != src)
        lw_emit(F, OP_MOV, dst, src, 0, 0, 0);
}

/* ---- K functions and imports ---- */
/* A call returning a record (of type rt) by value, its arguments from
 * register a + 3 on: the hidden last argument is our slot for the result. */
static void result_slot(lw_func *F, k_expr *e, const k_type *rt, int a)
{
    uint32_t off = lw_local(F, k_ty_size(rt), k_ty_align(rt));
    int h = a + 3 + e->nargs;
    lw_reserve(F, h + 1);
    lw_emit(F, OP_LADDR, h, 0, 0, (int32_t)off, 0);
    F->temp_of = e;   /* the result's slot (lang/lower_temps.c) */
    F->temp_off = off;
}

static void call_function(lw_func *F, k_expr *e, int dst, int want)
{
    k_decl *def = e->decl->definition ? e->decl->definition : e->decl;
    int top = F->top;
    if (def->body) {
        int a = F->top;
        lw_reserve(F, a + 3);
        eval_args(F, e, 0, a + 3);
        if (lw_returns_record(def))
            result_slot(F, e, def->type->base, a);
        if (e->virtual_call)   /* by the object's class (lower_virtual.c) */
            lw_virtual_dispatch(F, e->decl, a);
        else
            lw_emit(F, OP_CALL, a, 0, 0, lw_func_index(F, def), 0);
        if (want)
            mov(F, dst, a);
        lw_eh_after_call(F, def);
    } else if (e->virtual_call) {   /* a pure virtual function: no body of its own */
        int a = F->top;
        lw_reserve(F, a + 3);
        eval_args(F, e, 0, a + 3);
        lw_virtual_dispatch(F, e->decl, a);
        if (want)
            mov(F, dst, a);
        lw_eh_after_call(F, e->decl);
    } else if (k_unit_undefined(F->M->ctx, def, e->loc)) {
        return;   /* a program of several files: no native function here */
    } else {
        int b = F->top;
        if (lw_returns_record(def) || lw_fill_params(def, &(simt_sig){0}, NULL) != e->nargs) {
            k_error(F->M->ctx, e->loc, "'%s' has no body here: a native function cannot take "
                    "or return a record by value", def->name);
            return;
        }
        lw_reserve(F, b + 1);
        eval_args(F, e, 0, b);
        int imp = lw_import_index(F, def);
        int sig = (int)F->M->m->imports[imp].sig;
        lw_emit(F, OP_NCALL, b, b, e->nargs, imp, sig);
        if (want)
            mov(F, dst, b);
    }
    F->top = top;
}

/* ---- runtime builtins ---- */
static int is_char_ptr(const k_type *t)
{
    return t && t->kind == TY_PTR &&
           (t->base->kind == TY_CHAR || t->base->kind == TY_SCHAR || t->base->kind == TY_UCHAR);
}

static uint8_t letter_vtype(char c)
{
    switch (c) {
    case 'v': return VT_VOID;
    case 'b': return VT_BOOL;
    case 'c': return VT_I8;
    case 'i': case 'e': return VT_I32;
    case 'u': return VT_U32;
    case 'x': case 'l': return VT_I64;
    case 'X': case 'z': return VT_U64;
    case 'f': return VT_F32;
    case 'd': return VT_F64;
    case 's': return VT_STR;
    default: return VT_PTR;
    }
}

/* A kernel named as an argument ('K'): its function index, which the
 * runtime looks up in the module (registers, local memory). */
static void kernel_index(lw_func *F, k_expr *a, int r)
{
    if (!a->decl || a->decl->kind != D_FUNC) {   /* a pointer: its value is index + 1 */
        int one = lw_reg(F);
        lw_expr_to(F, a, r);
        lw_emit_k(F, one, 1);
        lw_emit(F, OP_SUB_I64, r, r, one, 0, 0);
        return;
    }
    k_decl *def = a->decl->definition ? a->decl->definition : a->decl;
    lw_sym *s = lw_sym_of(def);
    if (!s || s->kind != SYM_FUNC) {
        k_error(F->M->ctx, a->loc, "kernel '%s' is declared but never defined", a->decl->name);
        return;
    }
    lw_emit_k(F, r, (uint32_t)s->index);
}

/* A record of 1, 2, 4 or 8 bytes through printf's `...` (builtins.c):
 * its bytes, zero-extended, into r. */
static void record_bits(lw_func *F, k_expr *arg, int r)
{
    int64_t size = k_ty_size(arg->type);
    int addr = lw_expr_any(F, arg);
    lw_emit(F, size == 1 ? OP_LD8U : size == 2 ? OP_LD16U : size == 4 ? OP_LD32 : OP_LD64, r,
            addr, 0, 0, 0);
}

static void call_runtime(lw_func *F, k_expr *e, const k_builtin_info *b, int dst, int want)
{
    int top = F->top;
    int base = F->top;
    simt_sig sig;
    memset(&sig, 0, sizeof sig);
    sig.ret = letter_vtype(b->sig[0]);
    k_type **at = arg_types(e);
    lw_reserve(F, base + 1);
    for (int k = 0; k < e->nargs && k < 255; k++) {
        char c = k_builtin_sig_letter(b, k);
        int r = base + k;
        F->top = r;
        lw_reserve(F, r + 1);
        if (c == 'S') {
            /* a host variable is no symbol of the device: a null address,
             * which the runtime answers with cudaErrorInvalidSymbol, as CUDA */
            if (e->args[k]->decl->storage & (ST_DEVICE | ST_CONSTANT))
                lw_var_address(F, e->args[k]->decl, r);
            else
                lw_emit_k(F, r, 0);
            sig.args[k] = VT_PTR;
        } else if (c == 'K') {
            kernel_index(F, e->args[k], r);
            sig.args[k] = e->args[k]->decl && e->args[k]->decl->kind == D_FUNC ? VT_I32 : VT_U64;
        } else {
            k_type *t = at[k] ? at[k] : e->args[k]->type;
            if (c == '.' && e->args[k]->type && e->args[k]->type->kind == TY_RECORD)
                record_bits(F, e->args[k], r);   /* printf("%x", h): its bytes */
            else
                lw_expr_conv_to(F, e->args[k], t, r);
            if (c == '.')
                sig.args[k] = is_char_ptr(t) ? VT_STR : lw_vtype(t);
            else if (c == 's')
                sig.args[k] = VT_STR;
            else if (t && (t->kind == TY_PTR || t->kind == TY_ARRAY))
                sig.args[k] = VT_PTR;
            else
                sig.args[k] = c ? letter_vtype(c) : lw_vtype(t);
            if (!t || t->kind == TY_VOID)
                sig.args[k] = VT_I32;
        }
        if (c != '.')
            sig.nfixed = (uint8_t)(k + 1);
    }
    sig.nargs = (uint8_t)e->nargs;
    F->top = base + e->nargs;
    if (b->op == BI_EXIT)   /* objects of static storage destroyed first (lower_exit.c) */
        lw_exit_destroy(F);
    if (b->op == BI_ATEXIT)
        lw_exit_atexit(F, base);
    else
        lw_emit(F, OP_HCALL, base, base, e->nargs, b->op, lw_sig(F->M, &sig));
    if (want)
        mov(F, dst, base);
    F->top = top;
}

/* ---- intrinsics ---- */
static int atype_of(const k_type *t)
{
    switch (t->kind) {
    case TY_INT: return ATYPE_I32;
    case TY_UINT: return ATYPE_U32;
    case TY_USHORT: return ATYPE_U16;
    case TY_LONG: case TY_LLONG: return ATYPE_I64;
    case TY_FLOAT: return ATYPE_F32;
    case TY_DOUBLE: return ATYPE_F64;
    default: return ATYPE_U64;
    }
}

static int minmax_intr(int is_max, int kind)
{
    if (kind == TY_FLOAT)
        return is_max ? INTR_FMAXF : INTR_FMINF;
    if (kind == TY_DOUBLE)
        return is_max ? INTR_FMAX : INTR_FMIN;
    int s = k_kind_is_signed(kind);
    if (k_kind_bits(kind) == 64)
        return is_max ? (s ? INTR_MAX_S64 : INTR_MAX_U64) : (s ? INTR_MIN_S64 : INTR_MIN_U64);
    return is_max ? (s ? INTR_MAX_S32 : INTR_MAX_U32) : (s ? INTR_MIN_S32 : INTR_MIN_U32);
}

static int abs_intr(int kind)
{
    switch (kind) {
    case TY_FLOAT: return INTR_FABSF;
    case TY_DOUBLE: return INTR_FABS;
    default: return k_kind_bits(kind) == 64 ? INTR_ABS_S64 : INTR_ABS_S32;
    }
}

static void intr_call(lw_func *F, k_expr *e, int id, int dst)
{
    int b = F->top;
    lw_reserve(F, b + 1);
    eval_args(F, e, 0, b);
    lw_emit(F, OP_INTR, dst, b, e->nargs, id, 0);
}

static void mask_default(lw_func *F, k_expr *e, int k, int r)
{
    if (k < e->nargs) {
        F->top = r;
        lw_expr_conv_to(F, e->args[k], arg_types(e)[k], r);
    } else {
        lw_emit_k(F, r, 0xffffffffu);
    }
}

static void shuffle(lw_func *F, k_expr *e, const k_builtin_info *b, int dst)
{
    int v = arg_reg(F, e, 1);
    int c = lw_reg(F);
    lw_reg(F);
    lw_reg(F);
    F->top = c;
    lw_expr_conv_to(F, e->args[2], arg_types(e)[2], c);
    if (e->nargs > 3) {
        F->top = c + 1;
        lw_expr_conv_to(F, e->args[3], arg_types(e)[3], c + 1);
    } else {
        lw_emit(F, OP_SREG, c + 1, 0, 0, SREG_WARPSIZE, 0);
    }
    F->top = c + 2;
    lw_expr_conv_to(F, e->args[0], arg_types(e)[0], c + 2);
    F->top = c + 3;
    const k_type *t = arg_types(e)[1];
    if (!t || t->kind != TY_RECORD) {
        lw_emit(F, OP_SHFL, dst, v, c, b->op, 0);
        return;
    }
    /* A record: each 32-bit word shuffled into a slot of the frame, whose
     * address is the value (lower_records.c). */
    int64_t size = k_ty_size(t);
    uint32_t slot = lw_local(F, (uint32_t)size, k_ty_align(t));
    int out = lw_reg(F), w = lw_reg(F);
    lw_emit(F, OP_LADDR, out, 0, 0, (int32_t)slot, 0);
    for (int64_t off = 0; off < size; off += 4) {
        int half = size - off == 2; /* a __half or __nv_bfloat16 */
        lw_emit(F, half ? OP_LD16U : OP_LD32, w, v, 0, (int32_t)off, 0);
        lw_emit(F, OP_SHFL, w, w, c, b->op, 0);
        lw_emit(F, half ? OP_ST16 : OP_ST32, w, out, 0, (int32_t)off, 0);
    }
    mov(F, dst, out);
}

static void atomic(lw_func *F, k_expr *e, const k_builtin_info *b, int dst)
{
    k_type *elem = arg_types(e)[0] ? arg_types(e)[0]->base : NULL;
    if (!elem)
        return;
    int p = arg_reg(F, e, 0);
    if (b->kind == BK_ATOMCAS) {
        int c = lw_reg(F);
        lw_reg(F);
        F->top = c;
        lw_expr_conv_to(F, e->args[1], arg_types(e)[1], c);
        F->top = c + 1;
        lw_expr_conv_to(F, e->args[2], arg_types(e)[2], c + 1);
        F->top = c + 2;
        lw_emit(F, OP_ATOMCAS, dst, p, c, atype_of(elem), 0);
        return;
    }
    int v = arg_reg(F, e, 1);
    lw_emit(F, OP_ATOM, dst, p, v, b->op << 8 | atype_of(elem), 0);
}

static void collective(lw_func *F, k_expr *e, const k_builtin_info *b, int dst)
{
    k_type **at = arg_types(e);
    switch (b->kind) {
    case BK_BAR: {
        int p = e->nargs ? arg_reg(F, e, 0) : dst;
        lw_emit(F, OP_BAR, dst, p, 0, b->op, 0);
        break;
    }
    case BK_SYNCWARP: {
        int m = lw_reg(F);
        mask_default(F, e, 0, m);
        lw_emit(F, OP_SYNCWARP, m, 0, 0, 0, 0);
        break;
    }
    case BK_FENCE:
        lw_emit(F, OP_FENCE, 0, 0, 0, b->op, 0);
        break;
    case BK_SLEEP: /* the duration is not modelled: the warp gives up its turn */
        lw_effect(F, e->args[0]);
        lw_emit(F, OP_SLEEP, 0, 0, 0, 0, 0);
        break;
    case BK_ACTMASK:
        lw_emit(F, OP_ACTMASK, dst, 0, 0, 0, 0);
        break;
    case BK_SHFL:
        shuffle(F, e, b, dst);
        break;
    case BK_VOTE: {
        int p = arg_reg(F, e, 1), m = arg_reg(F, e, 0);
        lw_emit(F, OP_VOTE, dst, p, m, b->op, 0);
        break;
    }
    case BK_MATCH_ANY:
    case BK_MATCH_ALL: {
        int v = arg_reg(F, e, 1), m = arg_reg(F, e, 0);
        int width = at[1] && k_ty_size(at[1]) == 8 ? 8 : 4;
        if (b->kind == BK_MATCH_ANY) {
            lw_emit(F, OP_MATCH_ANY, dst, v, m, width, 0);
            break;
        }
        int r = lw_reg(F);
        lw_reg(F);
        lw_emit(F, OP_MATCH_ALL, r, v, m, width, 0);
        int p = arg_reg(F, e, 2);
        lw_emit(F, OP_ST32, r + 1, p, 0, 0, 0);
        mov(F, dst, r);
        break;
    }
    case BK_REDUX: {
        int v = arg_reg(F, e, 1), m = arg_reg(F, e, 0);
        int op = b->op;
        if ((op == REDUX_MIN_S || op == REDUX_MAX_S) && at[1] && at[1]->kind == TY_UINT)
            op += 1;   /* the _U variant follows the _S one */
        lw_emit(F, OP_REDUX, dst, v, m, op, 0);
        break;
    }
    case BK_ATOM:
    case BK_ATOMCAS:
        atomic(F, e, b, dst);
        break;
    case BK_CLOCK:
    case BK_SREG:
        lw_emit(F, OP_SREG, dst, 0, 0, b->op, 0);
        break;
    case BK_TRAP:
        lw_emit(F, OP_TRAP, 0, 0, 0, lw_trap_string(F->M, b->sig), 0);
        break;
    default:
        break;
    }
}

static void call_builtin(lw_func *F, k_expr *e, int dst, int want)
{
    const k_builtin_info *b = k_builtin_get(e->builtin);
    int top = F->top;
    if (b->kind == BK_RUNTIME && (b->op == BI_CUDA_GET_LAST_ERROR ||
                                  b->op == BI_CUDA_PEEK_LAST_ERROR) &&
        (k_fn_kind(F->decl) & (FN_DEVICE | FN_KERNEL)) && !(k_fn_kind(F->decl) & FN_HOST)) {
        /* device code: a refused launch faults (vm/devlaunch.c), so a thread
         * that reads its error has none */
        lw_emit_k(F, dst, CUDA_SUCCESS);
        return;
    }
    if (b->kind == BK_RUNTIME && (b->op == BI_CUDA_STREAM_CREATE_FLAGS ||
                                  b->op == BI_CUDA_STREAM_DESTROY) &&
        (k_fn_kind(F->decl) & (FN_DEVICE | FN_KERNEL)) && !(k_fn_kind(F->decl) & FN_HOST)) {
        k_builtin_info dev = *b;   /* the device runtime's own (runtime/host_stream.c) */
        dev.op = b->op == BI_CUDA_STREAM_DESTROY ? BI_DEV_STREAM_DESTROY : BI_DEV_STREAM_CREATE;
        call_runtime(F, e, &dev, dst, want);
        return;
    }
    if (b->kind == BK_RUNTIME) {
        call_runtime(F, e, b, dst, want);
        return;
    }
    k_type **at = arg_types(e);
    int kind = e->type ? e->type->kind : TY_INT;
    switch (b->kind) {
    case BK_MATH: case BK_MATHF: case BK_MATHD:
        intr_call(F, e, kind == TY_FLOAT ? b->op : b->op2, dst);
        break;
    case BK_CLASSIFY:
        intr_call(F, e, at[0] && at[0]->kind == TY_FLOAT ? b->op : b->op2, dst);
        break;
    case BK_MINMAX:
        intr_call(F, e, minmax_intr(b->op, kind), dst);
        break;
    case BK_ABS:
        if (k_ty_is_integer(e->type) && !k_kind_is_signed(kind))
            lw_expr_conv_to(F, e->args[0], e->type, dst);
        else
            intr_call(F, e, abs_intr(kind), dst);
        break;
    case BK_INTR32: case BK_INTR64:
        intr_call(F, e, b->op, dst);
        break;
    case BK_REINTERP:
        lw_expr_conv_to(F, e->args[0], at[0], dst);
        break;
    case BK_ARITH: {
        int a = F->top;
        eval_args(F, e, 0, a);
        lw_emit(F, b->op, dst, a, a + 1, 0, 0);
        break;
    }
    case BK_ROUNDCVT: {
        int r = arg_reg(F, e, 0);
        if (b->op >= 0)
            lw_emit(F, OP_INTR, r, r, 1, b->op, 0);
        lw_convert(F, dst, r, at[0], e->type);
        break;
    }
    case BK_LDG:
        lw_load_at(F, arg_reg(F, e, 0), e->type, dst);
        break;
    case BK_SATURATE: { /* fminf(fmaxf(x, 0), 1): fmaxf turns a NaN into 0 */
        int a = F->top;
        lw_reserve(F, a + 2);
        eval_args(F, e, 0, a);
        lw_emit_k(F, a + 1, 0);
        lw_emit(F, OP_INTR, a, a, 2, INTR_FMAXF, 0);
        lw_emit_k(F, a + 1, 0x3f800000u); /* 1.0f */
        lw_emit(F, OP_INTR, dst, a, 2, INTR_FMINF, 0);
        break;
    }
    default:
        collective(F, e, b, dst);
        break;
    }
    (void)want;
    F->top = top;
}

/* make_float4(...): the members in a fresh slot; dst gets its address. */
static void make_vector(lw_func *F, k_expr *e, int dst)
{
    int top = F->top;
    const k_record *r = e->type->rec;
    uint32_t off = lw_local(F, r->size, r->align);
    int addr = lw_reg(F);
    lw_emit(F, OP_LADDR, addr, 0, 0, (int32_t)off, 0);
    for (int i = 0; i < e->nargs && i < r->nfields; i++) {
        int v = lw_reg(F);
        lw_expr_conv_to(F, e->args[i], r->fields[i].type, v);
        lw_lv lv = {LV_MEM, addr, (int32_t)r->fields[i].offset, r->fields[i].type, 0, 0, 0};
        lw_store(F, &lv, v);
        F->top = v;
    }
    mov(F, dst, addr);
    F->top = top;
}

static void launch_kernel_call(lw_func *F, k_expr *e, int dst, int want);

void lw_call_to(lw_func *F, k_expr *e, int dst, int want)
{
    if (e->is_launch_kernel) {
        launch_kernel_call(F, e, dst, want);
        return;
    }
    if (e->builtin >= 0)
        call_builtin(F, e, dst, want);
    else if (e->decl)
        call_function(F, e, dst, want);
    else if (e->type && e->type->kind == TY_RECORD && e->type->rec->vector_n)
        make_vector(F, e, dst);
    else if (e->lhs)
        lw_indirect_call(F, e, dst, want);
}

/* ---- launches ---- */
static void dim_arg(lw_func *F, k_expr *c, int r)
{
    F->top = r;
    if (c->type && (c->type->kind == TY_DIM3 || c->type->kind == TY_UINT3)) {
        lw_expr_to(F, c, r);
        return;
    }
    uint32_t off = lw_local(F, 12, 4);
    lw_reserve(F, r + 1);
    int v = lw_reg(F);
    lw_expr_conv_to(F, c, k_ty(F->M->ctx, TY_UINT), v);
    lw_emit(F, OP_LADDR, r, 0, 0, (int32_t)off, 0);
    lw_emit(F, OP_ST32, v, r, 0, 0, 0);
    lw_emit_k(F, v, 1);
    lw_emit(F, OP_ST32, v, r, 0, 4, 0);
    lw_emit(F, OP_ST32, v, r, 0, 8, 0);
}

/* memcpy(&kernel(param), &arg, sizeof arg), with registers from r up:
 * a parameter too large for registers (lower_records.c). */
static void copy_to_param_global(lw_func *F, k_expr *arg, const k_type *t, int g, int r)
{
    lw_reserve(F, r + 3);
    F->top = r + 3;
    int addr = lw_expr_any(F, arg);
    lw_emit(F, OP_GADDR, r, 0, 0, g, 0);
    mov(F, r + 1, addr);
    lw_emit_k(F, r + 2, (uint64_t)k_ty_size(t));
    simt_sig sig;
    memset(&sig, 0, sizeof sig);
    sig.ret = VT_PTR;
    sig.nargs = sig.nfixed = 3;
    sig.args[0] = VT_PTR;
    sig.args[1] = VT_PTR;
    sig.args[2] = VT_U64;
    lw_emit(F, OP_HCALL, r, r, 3, BI_MEMCPY, lw_sig(F->M, &sig));
    F->top = r;
}

/* A launch's arguments from register base on: a record's in words
 * (lower_records.c).  Returns the number of registers. */
static int launch_args(lw_func *F, k_expr *e, const k_decl *kernel, int base)
{
    k_type **at = arg_types(e);
    int r = base;
    for (int k = 0; k < e->nargs; k++) {
        k_type *t = at[k] ? at[k] : e->args[k]->type;
        int word, words = k < kernel->nparams ? lw_param_words(kernel, t, &word) : 1;
        F->top = r;
        lw_reserve(F, r + words);
        if (k < kernel->nparams && lw_param_in_global(kernel, t)) {
            copy_to_param_global(F, e->args[k], t, lw_param_global(F->M, kernel, k), r);
        } else if (k < kernel->nparams && word) {
            F->top = r + words;     /* the address above the words it fills */
            int addr = lw_expr_any(F, e->args[k]);
            lw_record_to_words(F, addr, t, word, r);
        } else {
            lw_expr_conv_to(F, e->args[k], t, r);
        }
        F->top = r + words;
        lw_temp_made(F, e->args[k]);   /* the host's object: destroyed after the launch */
        r += words;
    }
    F->top = r;
    lw_reserve(F, r);
    return r - base;
}

static void launch_pointer(lw_func *F, k_expr *e);
static void launch_stream(lw_func *F, k_expr *e, int end);

/* A launch's grid, block and shared bytes into three registers from the
 * top (the operands b, b+1, b+2 of LAUNCH); returns b. */
static int launch_geometry(lw_func *F, k_expr *e)
{
    int b = F->top;
    lw_reserve(F, b + 3);
    dim_arg(F, e->config[0], b);
    dim_arg(F, e->config[1], b + 1);
    F->top = b + 2;
    if (e->config[2])
        lw_expr_conv_to(F, e->config[2], k_ty(F->M->ctx, TY_ULLONG), b + 2);
    else
        lw_emit_k(F, b + 2, 0);
    return b;
}

/* A launch in device code (dynamic parallelism): its stream in a register
 * of its own, LAUNCH's a, below the geometry (0: the block's default
 * stream); -1 in host code, where the stream goes to the runtime first
 * (launch_stream). */
static int device_stream(lw_func *F, k_expr *e, const k_decl *kernel)
{
    if (!(k_fn_kind(F->decl) & (FN_DEVICE | FN_KERNEL)))
        return -1;
    for (int i = 0; i < kernel->nparams; i++)
        if (lw_param_in_global(kernel, kernel->params[i]->type))
            /* its argument goes through one module variable per parameter,
             * which the next launch overwrites before the child runs */
            k_error(F->M->ctx, e->loc, "launching from device code kernel '%s', whose "
                    "parameter '%s' is a struct too large for registers, is not supported "
                    "(pass a pointer to it)", kernel->name,
                    kernel->params[i]->name ? kernel->params[i]->name : "");
    int r = lw_reg(F);
    if (e->config[3])
        lw_expr_conv_to(F, e->config[3], e->config[3]->type, r);
    else
        lw_emit_k(F, r, 0);
    return r;
}

void lw_launch(lw_func *F, k_expr *e)
{
    if (!e->name) {
        launch_pointer(F, e);
        return;
    }
    k_decl *def = e->decl->definition ? e->decl->definition : e->decl;
    lw_sym *s = lw_sym_of(def);
    if (!s || s->kind != SYM_FUNC) {
        k_error(F->M->ctx, e->loc, "kernel '%s' is declared but never defined", e->decl->name);
        return;
    }
    int top = F->top;
    int a = device_stream(F, e, def);
    int b = launch_geometry(F, e);
    int n = launch_args(F, e, def, b + 3);
    if (a < 0)
        launch_stream(F, e, b + 3 + n);
    simt_func *fn = &F->M->m->funcs[s->index];
    lw_emit(F, OP_LAUNCH, a < 0 ? b : a, b, 3 + n, s->index, (int32_t)fn->sig);
    F->top = top;
}

/* The kernels a pointer of function type ft may hold: __global__, defined,
 * their address taken, of that type, parameters included (all take the
 * same argument words, which depend on the parameter types only). */
static int same_params(const k_type *a, const k_type *b)
{
    if (!a->params || !b->params)
        return 1;             /* a type written without its parameters */
    if (a->nparams != b->nparams || a->variadic != b->variadic)
        return 0;
    for (int i = 0; i < a->nparams; i++)
        if (!k_ty_same(a->params[i], b->params[i]))
            return 0;
    return 1;
}

static int kernel_candidates(lw_mod *M, const k_type *ft, k_decl **out)
{
    int n = 0;
    for (int k = 0; k < M->naddr_funcs; k++) {
        k_decl *f = M->addr_funcs[k];
        k_type *fnt = (k_fn_kind(f) & FN_KERNEL) ? k_fn_type(M->ctx, f) : NULL;
        /* `launch(K kernel, ...)` instances of two kernels' types: only the
         * kernels of this one's parameters */
        if (fnt && k_ty_same(fnt, ft) && same_params(fnt, ft))
            out[n++] = f;
    }
    return n;
}

/* kernel<<<g, b>>>(args) through a pointer: the VM launches kernels by
 * index, so, as a call through a pointer does (lw_indirect_call), the
 * launch compares the pointer with each kernel it may hold and launches
 * the one it names; any other value is cudaErrorInvalidDeviceFunction. */
static void launch_pointer(lw_func *F, k_expr *e)
{
    lw_mod *M = F->M;
    const k_type *ft = e->lhs->type->base;
    k_decl **cand = k_alloc(M->ctx, sizeof *cand * (size_t)(M->naddr_funcs + 1));
    int ncand = kernel_candidates(M, ft, cand);
    for (int k = 0; k < ncand; k++)
        for (int i = 0; i < ft->nparams; i++)
            if (lw_param_in_global(cand[k], ft->params[i])) {
                k_error(M->ctx, e->loc, "launching through a pointer a kernel whose parameter "
                        "'%s' is a struct too large for registers is not supported (launch "
                        "'%s' by name)", cand[k]->params[i]->name ? cand[k]->params[i]->name
                        : "", cand[k]->name);
                return;
            }
    int top = F->top;
    int fv = lw_reg(F), cmp = lw_reg(F);
    lw_expr_to(F, e->lhs, fv);
    int b = launch_geometry(F, e);
    int n = ncand ? launch_args(F, e, cand[0], b + 3) : 0;
    launch_stream(F, e, b + 3 + n);
    int join = lw_new_block(F);
    for (int k = 0; k < ncand; k++) {
        lw_sym *s = lw_sym_of(cand[k]);
        if (!s || s->kind != SYM_FUNC)
            continue;
        int go = lw_new_block(F), next = lw_new_block(F);
        lw_emit_k(F, cmp, (uint64_t)s->index + 1);
        lw_emit(F, OP_EQ_I64, cmp, fv, cmp, 0, 0);
        lw_branch(F, cmp, go, next);
        lw_start(F, go);
        lw_emit(F, OP_LAUNCH, b, b, 3 + n, s->index, (int32_t)M->m->funcs[s->index].sig);
        lw_goto(F, join);
        lw_start(F, next);
    }
    lw_emit(F, OP_TRAP, 0, 0, 0, lw_trap_string(M, "cudaErrorInvalidDeviceFunction: launch "
                                                   "through a null pointer or a pointer to a "
                                                   "function that is not a __global__ function "
                                                   "of this type"), 0);
    lw_goto(F, join);
    lw_start(F, join);
    F->top = top;
}

/* The stream: work on every stream runs in issue order (SPEC 2.8); the
     * runtime hears of it to place the launch on that stream's modelled
     * timeline (vm/timeline.c), and because stream capture may record the
     * launch in a graph instead (runtime/host_graph.c). */
static void launch_stream(lw_func *F, k_expr *e, int end)
{
    if (e->config[3]) {
        int r = lw_reg(F);
        lw_expr_conv_to(F, e->config[3], e->config[3]->type, r);
        simt_sig sig;
        memset(&sig, 0, sizeof sig);
        sig.ret = VT_VOID;
        sig.nargs = sig.nfixed = 1;
        sig.args[0] = VT_PTR;
        lw_emit(F, OP_HCALL, r, r, 1, BI_LAUNCH_STREAM, lw_sig(F->M, &sig));
        F->top = end;
    }
}

/* ---- calls through function pointers ---- */
/* A pointer to a function is its index in the module plus 1 (0 is NULL);
 * 0 after an error at loc (a function with no single address). */
uint64_t lw_function_pointer(lw_mod *M, k_decl *f, k_loc loc)
{
    k_decl *def = f->definition ? f->definition : f;
    if (k_deferred_use(M->ctx, def, loc))   /* a member whose body failed: an error */
        return 0;
    if (!def->body) {
        k_error(M->ctx, loc, "the address of '%s' is taken but it is never defined", f->name);
        return 0;
    }
    if (def->variadic || def->va_receiver) {   /* stdarg.c: one instance per list of types */
        k_error(M->ctx, loc, "the address of %s function '%s' is taken: K makes "
                "one copy of it per list of argument types, so it has no single address "
                "(call it directly)", def->variadic ? "variadic" : "va_list-taking", f->name);
        return 0;
    }
    const lw_sym *s = lw_sym_of(def);
    return s && s->kind == SYM_FUNC ? (uint64_t)s->index + 1 : 0;
}

void lw_function_value(lw_func *F, k_decl *f, int dst)
{
    k_decl *def = f->definition ? f->definition : f;
    if (lw_function_pointer(F->M, f, F->loc))
        lw_emit_k(F, dst, (uint64_t)lw_func_index(F, def) + 1);
}

/* The VM calls functions by index only, so a call through a pointer
 * compares it with each function of the same type whose address the
 * program takes, and calls the one it names (lanes holding different
 * pointers take different branches and meet again after the calls). */
void lw_indirect_call(lw_func *F, k_expr *e, int dst, int want)
{
    lw_mod *M = F->M;
    const k_type *ft = e->lhs->type->base;
    int device = (k_fn_kind(F->decl) & (FN_DEVICE | FN_KERNEL)) != 0;
    int top = F->top;
    int fv = lw_reg(F), cmp = lw_reg(F);
    lw_expr_to(F, e->lhs, fv);
    int a = F->top;
    lw_reserve(F, a + 3);
    eval_args(F, e, 0, a + 3);
    if (lw_result_in_slot(ft->base))
        result_slot(F, e, ft->base, a);   /* as lw_returns_record says of each candidate */
    int join = lw_new_block(F);
    for (int k = 0; k < M->naddr_funcs; k++) {
        k_decl *f = M->addr_funcs[k];
        if (!(k_fn_kind(f) & (device ? FN_DEVICE : FN_HOST)) ||
            !k_ty_same(k_fn_type(M->ctx, f), ft))
            continue;
        int call = lw_new_block(F), next = lw_new_block(F);
        lw_emit_k(F, cmp, (uint64_t)lw_func_index(F, f) + 1);
        lw_emit(F, OP_EQ_I64, cmp, fv, cmp, 0, 0);
        lw_branch(F, cmp, call, next);
        lw_start(F, call);
        lw_emit(F, OP_CALL, a, 0, 0, lw_func_index(F, f), 0);
        lw_goto(F, join);
        lw_start(F, next);
    }
    lw_emit(F, OP_TRAP, 0, 0, 0, lw_trap_string(M, "call through a null or invalid function "
                                                   "pointer"), 0);
    lw_goto(F, join);
    lw_start(F, join);
    if (want && ft->base->kind != TY_VOID)
        mov(F, dst, a);
    lw_eh_after_call(F, NULL);
    F->top = top;
}

/* cudaLaunchKernel(func, grid, block, args, shared, stream) is
 * __simt_launch_kernel(func, &grid, &block, shared, args, stream): the
 * runtime checks func and converts args to the kernel's words
 * (runtime/host_graph.c). */
static void launch_kernel_call(lw_func *F, k_expr *e, int dst, int want)
{
    int top = F->top;
    int r = F->top;
    lw_reserve(F, r + 6);
    F->top = r;
    lw_expr_conv_to(F, e->args[0], e->args[0]->type, r);
    dim_arg(F, e->args[1], r + 1);
    dim_arg(F, e->args[2], r + 2);
    F->top = r + 3;
    if (e->nargs > 4)
        lw_expr_conv_to(F, e->args[4], k_ty(F->M->ctx, TY_ULLONG), r + 3);
    else
        lw_emit_k(F, r + 3, 0);
    F->top = r + 4;
    lw_expr_conv_to(F, e->args[3], e->args[3]->type, r + 4);
    F->top = r + 5;
    if (e->nargs > 5)
        lw_expr_conv_to(F, e->args[5], e->args[5]->type, r + 5);
    else
        lw_emit_k(F, r + 5, 0);
    F->top = r + 6;
    simt_sig sig;
    memset(&sig, 0, sizeof sig);
    sig.ret = VT_I32;
    sig.nargs = sig.nfixed = 6;
    sig.args[0] = sig.args[1] = sig.args[2] = sig.args[4] = sig.args[5] = VT_PTR;
    sig.args[3] = VT_U64;
    lw_emit(F, OP_HCALL, r, r, 6, BI_LAUNCH_KERNEL, lw_sig(F->M, &sig));
    if (want)
        mov(F, dst, r);
    F->top = top;
}
