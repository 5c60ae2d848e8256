/* lang/opt.c -- a clean-up pass over a function's basic blocks, run after
 * lowering and before layout assigns pcs (lower.h).
 *
 * Lowering emits simple code: every constant in its own LDK, every value
 * through a temporary and a MOV, built-in variables read again at each use.
 * In an interpreter each instruction costs a dispatch and a warp's worth of
 * lane work, so this pass removes what it can prove useless:
 *
 *   - block-local value numbering: a pure instruction that recomputes a value
 *     some register still holds becomes a MOV from it (or goes away), and
 *     later reads of a copy read the original (copy propagation);
 *   - constants: an add of a known constant becomes ADDK/ADDK_I32, an
 *     integer operation on constants becomes one LDK;
 *   - MOV coalescing: `X rT, ...; MOV rD, rT` becomes `X rD, ...` when rT
 *     is dead afterwards;
 *   - dead-code elimination of pure instructions, from register liveness
 *     over the block graph;
 *   - loop-invariant code motion into preheaders (see its section);
 *   - a compare whose only reader is the branch after it is fused into the
 *     branch (BRCT/BRCF, emitted by layout);
 *   - an address computation (LEA) whose only reader is a load is fused
 *     into the load (LDX);
 *   - a constant added to an index that only addresses memory is marked as
 *     the offset nvcc folds into the access (for the model's count).
 *
 * Registers are per lane and lanes may diverge, but each thread follows one
 * path of the graph, so per-thread liveness is sound.  Instructions whose
 * register use the USES column cannot state (windows, calls, barriers) are
 * treated conservatively (opt_effects()).  The link registers R[0..2] are never
 * touched.  The debugger reads a variable's register wherever the variable
 * is in scope, so those reads count as uses: no value it could show is
 * removed or moved.  Only hoisting adds registers (above the lowering's
 * frame) and blocks (preheaders); every instruction keeps its source
 * position. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "opt.h"
#include "vm/fold.h"

/* ---- what an instruction reads and writes ---- */

fx opt_effects(const opt *o, const simt_insn *in)
{
    fx f = {{0}, 0, 0, 0, UINT_MAX, -1, 0, 0};
    f.nr = simt_insn_reads(in, f.r);
    unsigned uses = in->op < OP_COUNT ? simt_opinfo_table[in->op].uses : 0;
    if (uses & WA) {
        f.kill = in->a;
        f.mlo = in->a;
        f.mhi = in->a + 1u;
    }
    switch (in->op) {
    case OP_CALL: /* arguments from a+3; the callee's frame overlays everything above a */
        f.rfrom = in->a;
        f.mlo = in->a;
        f.mhi = o->nregs > in->a ? o->nregs : in->a + 1u;
        break;
    case OP_HCALL: case OP_NCALL: { /* b..b+c-1; a void call may leave a alone */
        const simt_module *m = o->F->M->m;
        if (in->j < 0 || (uint32_t)in->j >= m->nsigs || m->sigs[in->j].ret == VT_VOID)
            f.kill = -1;
        f.wlo = in->b;
        f.wn = in->c;
        break;
    }
    case OP_INTR: case OP_LAUNCH:
        f.wlo = in->b;
        f.wn = in->c;
        break;
    case OP_MATCH_ALL: /* also writes its predicate into a+1 */
        f.mhi = in->a + 2u;
        break;
    case OP_BAR: /* a plain __syncthreads neither reads b nor writes a */
        f.kill = -1;
        if (in->i == BAR_SYNC || in->i == BAR_GRID) {
            f.nr = 0;
            f.mlo = f.mhi = 0;
        }
        break;
    default:
        break;
    }
    return f;
}

int opt_fx_reads(const fx *f, unsigned r)
{
    for (unsigned k = 0; k < f->nr; k++)
        if (f->r[k] == r)
            return 1;
    return (r >= f->wlo && r - f->wlo < f->wn) || r >= f->rfrom;
}

int opt_fx_writes(const fx *f, unsigned r)
{
    return r >= f->mlo && r < f->mhi;
}

/* Opcodes MOV..CVT_F32_F64 and ADDK_I32 work lane by lane (each lane's result
 * from the same lane's operands): safe when a is also an operand. */
int opt_lanewise(unsigned op)
{
    return (op >= OP_MOV && op <= OP_CVT_F32_F64) || op == OP_ADDK_I32;
}

/* No effect but their register a, and no fault: may be deleted or shared. */
int opt_pure(const simt_insn *in)
{
    switch (in->op) {
    case OP_DIV_S32: case OP_DIV_U32: case OP_REM_S32: case OP_REM_U32:
    case OP_DIV_S64: case OP_DIV_U64: case OP_REM_S64: case OP_REM_U64:
        return 0;
    case OP_SREG:
        return in->i != SREG_CLOCK && in->i != SREG_CLOCK64;
    case OP_GADDR: case OP_LADDR:
        return 1;
    default:
        return opt_lanewise(in->op);
    }
}

/* ---- register sets ---- */

static void set_from(const opt *o, uint64_t *s, unsigned from)
{
    for (unsigned r = from; r < o->nregs; r++)
        set_bit(s, r);
}

/* Whether the debugger can read register r at the instruction of block b
 * emitted as seq (only the variables whose scope meets the block can be). */
int opt_dbg_reads(const opt *o, int b, uint32_t seq, unsigned r)
{
    if (r >= o->nregs || !bit(o->isvar, r))
        return 0;
    for (int k = o->bvar_start[b]; k < o->bvar_start[b + 1]; k++) {
        const lw_dvar *v = &o->F->dvars[o->bvars[k]];
        if (v->where == r && v->begin <= seq && seq < v->end)
            return 1;
    }
    return 0;
}

/* The registers of the variables in scope at seq, kept up to date as a
 * backward walk over a block's instructions (liveness, DCE) passes them:
 * each variable comes into scope once (seq < end) and leaves once (seq <
 * begin), so a walk costs its instructions times the register set's words
 * plus its variables, where testing every variable at every instruction
 * made a long straight-line kernel quadratic (3,000 declarations: 0.66 s).
 * A walk that turns back (seq rising, as in a preheader holding hoisted
 * instructions) starts again. */
typedef struct dbg_walk {
    int b;                    /* the block walked, or -1 */
    uint32_t seq;             /* the last seq asked for */
    int ie, il;               /* the next variable by end to come in, by begin to leave */
    uint32_t *count;          /* per register: variables in scope living there */
    uint64_t *scope;          /* registers with count > 0 */
} dbg_walk;

static void dbg_start(const opt *o, int b)
{
    dbg_walk *d = o->walk;
    for (int k = o->bvar_start[b]; k < o->bvar_start[b + 1]; k++)
        d->count[o->F->dvars[o->bvars[k]].where] = 0;
    memset(d->scope, 0, o->words * sizeof *d->scope);
    d->b = b;
    d->seq = UINT32_MAX;
    d->ie = d->il = o->bvar_start[b];
}

static void dbg_add(const opt *o, int b, uint32_t seq, uint64_t *live)
{
    dbg_walk *d = o->walk;
    if (d->b != b || seq > d->seq)
        dbg_start(o, b);
    int end = o->bvar_start[b + 1];
    for (; d->ie < end && o->F->dvars[o->byend[d->ie]].end > seq; d->ie++) {
        unsigned r = o->F->dvars[o->byend[d->ie]].where;
        if (d->count[r]++ == 0)
            set_bit(d->scope, r);
    }
    for (; d->il < end && o->F->dvars[o->bybegin[d->il]].begin > seq; d->il++) {
        unsigned r = o->F->dvars[o->bybegin[d->il]].where;
        if (--d->count[r] == 0)
            clear_bit(d->scope, r);
    }
    d->seq = seq;
    for (size_t w = 0; w < o->words; w++)
        live[w] |= d->scope[w];
}

static void insn_transfer(const opt *o, int b, const simt_insn *in, uint32_t seq,
                          uint64_t *live)
{
    fx f = opt_effects(o, in);
    if (f.kill >= 0 && (unsigned)f.kill < o->nregs)
        clear_bit(live, (unsigned)f.kill);
    for (unsigned k = 0; k < f.nr; k++)
        if (f.r[k] < o->nregs)
            set_bit(live, f.r[k]);
    for (unsigned k = 0; k < f.wn; k++)
        if (f.wlo + k < o->nregs)
            set_bit(live, f.wlo + k);
    if (f.rfrom != UINT_MAX)
        set_from(o, live, f.rfrom);
    dbg_add(o, b, seq, live);
}

/* live holds what is live after b's last instruction; adds the terminator's reads. */
static void term_transfer(const opt *o, int b, uint64_t *live)
{
    const lw_block *bl = &o->F->blocks[b];
    if (bl->term == T_OPEN)
        set_from(o, live, 0);
    if (bl->term == T_BR && (unsigned)bl->br_reg < o->nregs)
        set_bit(live, (unsigned)bl->br_reg);
    dbg_add(o, b, bl->term_seq, live);
}

/* ---- liveness over the block graph (iterated to a fixed point) ---- */
static void block_out(const opt *o, int b, uint64_t *out)
{
    const lw_block *bl = &o->F->blocks[b];
    memset(out, 0, o->words * sizeof *out);
    if (bl->term != T_GOTO && bl->term != T_BR)
        return;
    for (int s = 0; s < (bl->term == T_BR ? 2 : 1); s++) {
        const uint64_t *in = o->in + (size_t)bl->succ[s] * o->words;
        for (size_t w = 0; w < o->words; w++)
            out[w] |= in[w];
    }
}

void opt_liveness(opt *o, uint64_t *tmp)
{
    lw_func *F = o->F;
    memset(o->in, 0, (size_t)F->nblocks * o->words * sizeof *o->in);
    for (int changed = 1; changed;) {
        changed = 0;
        for (int b = F->nblocks - 1; b >= 0; b--) {
            const lw_block *bl = &F->blocks[b];
            if (!bl->reachable)
                continue;
            uint64_t *out = o->out + (size_t)b * o->words;
            block_out(o, b, out);
            memcpy(tmp, out, o->words * sizeof *tmp);
            term_transfer(o, b, tmp);
            for (int i = bl->n - 1; i >= 0; i--)
                insn_transfer(o, b, &bl->code[i], bl->seq[i], tmp);
            uint64_t *in = o->in + (size_t)b * o->words;
            if (memcmp(in, tmp, o->words * sizeof *tmp) != 0) {
                memcpy(in, tmp, o->words * sizeof *tmp);
                changed = 1;
            }
        }
    }
}

/* Whether r may be read after instruction k of block b (k = -1: before the first). */
static int live_after(const opt *o, int b, int k, unsigned r)
{
    const lw_block *bl = &o->F->blocks[b];
    for (int i = k + 1, steps = 0; i < bl->n; i++) {
        if (bl->code[i].op == DELETED)
            continue;
        if (++steps > SCAN_LIMIT)
            return 1;
        fx f = opt_effects(o, &bl->code[i]);
        if (opt_fx_reads(&f, r) || opt_dbg_reads(o, b, bl->seq[i], r))
            return 1;
        if (f.kill == (int)r)
            return 0;
    }
    if (bl->term == T_OPEN || (bl->term == T_BR && (unsigned)bl->br_reg == r) ||
        opt_dbg_reads(o, b, bl->term_seq, r))
        return 1;
    return bit(o->out + (size_t)b * o->words, r);
}

void opt_compact(lw_block *bl)
{
    int n = 0;
    for (int i = 0; i < bl->n; i++) {
        if (bl->code[i].op == DELETED)
            continue;
        bl->code[n] = bl->code[i];
        bl->pos[n] = bl->pos[i];
        bl->seq[n] = bl->seq[i];
        n++;
    }
    bl->n = n;
}

/* ---- dead-code elimination ---- */
static int dce_block(const opt *o, int b, uint64_t *live)
{
    lw_block *bl = &o->F->blocks[b];
    int removed = 0;
    memcpy(live, o->out + (size_t)b * o->words, o->words * sizeof *live);
    term_transfer(o, b, live);
    for (int i = bl->n - 1; i >= 0; i--) {
        simt_insn *in = &bl->code[i];
        int self_move = in->op == OP_MOV && in->a == in->b;
        if (in->a >= SIMT_FRAME_LINK && opt_pure(in) &&
            (self_move || (in->a < o->nregs && !bit(live, in->a)))) {
            in->op = DELETED;
            removed++;
            continue;
        }
        insn_transfer(o, b, in, bl->seq[i], live);
    }
    opt_compact(bl);
    return removed;
}

/* ---- MOV coalescing ---- */
/* The instruction before m in bl that last writes rT, if X rT, ...; MOV rD, rT
 * may become X rD, ...: nothing between touches rD or reads rT.  Else -1. */
static int coalesce_source(const opt *o, int b, int m, unsigned rD, unsigned rT)
{
    const lw_block *bl = &o->F->blocks[b];
    for (int k = m - 1, steps = 0; k >= 0 && steps < SCAN_LIMIT; k--) {
        const simt_insn *in = &bl->code[k];
        if (in->op == DELETED)
            continue;
        steps++;
        fx f = opt_effects(o, in);
        if (opt_fx_writes(&f, rT)) {
            int ok = f.kill == (int)rT && f.mhi - f.mlo == 1 && in->op != OP_CALL &&
                     (opt_lanewise(in->op) || !opt_fx_reads(&f, rD));
            return ok ? k : -1;
        }
        if (opt_fx_reads(&f, rT) || opt_fx_reads(&f, rD) || opt_fx_writes(&f, rD) ||
            opt_dbg_reads(o, b, bl->seq[k], rT) || opt_dbg_reads(o, b, bl->seq[k], rD))
            return -1;
    }
    return -1;
}

static int coalesce_block(const opt *o, int b)
{
    lw_block *bl = &o->F->blocks[b];
    int done = 0;
    for (int m = 0; m < bl->n; m++) {
        simt_insn *mv = &bl->code[m];
        if (mv->op != OP_MOV || mv->a == mv->b || mv->a < SIMT_FRAME_LINK ||
            mv->b < SIMT_FRAME_LINK || mv->a >= o->nregs || mv->b >= o->nregs)
            continue;
        unsigned rD = mv->a, rT = mv->b;
        if (live_after(o, b, m, rT))
            continue;
        int x = coalesce_source(o, b, m, rD, rT);
        if (x < 0)
            continue;
        bl->code[x].a = (uint16_t)rD;
        mv->op = DELETED;
        done++;
    }
    opt_compact(bl);
    return done;
}

/* ---- value numbering ---- */
static int vn_new(opt *o, int holder)
{
    if (o->nvn == o->vn_cap)
        return 0; /* out of numbers: unknown (never equal to anything) */
    int v = ++o->nvn;
    o->holder[v] = holder;
    o->isk[v] = 0;
    o->kbase[v] = 0;
    return v;
}

static int vn_of(opt *o, unsigned r)
{
    if (o->stamp[r] != o->epoch) {
        o->stamp[r] = o->epoch;
        o->val[r] = vn_new(o, (int)r);
    }
    return o->val[r];
}

static void vn_set(opt *o, unsigned r, int v)
{
    if (r >= o->nregs)
        return;
    o->stamp[r] = o->epoch;
    o->val[r] = v;
}

/* A register that still holds value v, or -1. */
static int holding(opt *o, int v)
{
    if (v <= 0)
        return -1;
    int h = o->holder[v];
    return h >= 0 && vn_of(o, (unsigned)h) == v ? h : -1;
}

static int is_const(opt *o, unsigned r, uint64_t *k)
{
    int v = vn_of(o, r);
    if (v <= 0 || !o->isk[v])
        return 0;
    *k = o->kval[v];
    return 1;
}

/* A read of register *r that some other register holding the same value can
 * serve: the earliest holder, so that the copies die. */
static void forward(opt *o, uint16_t *r)
{
    if (*r < SIMT_FRAME_LINK || *r >= o->nregs)
        return;
    int h = holding(o, vn_of(o, *r));
    if (h >= SIMT_FRAME_LINK)
        *r = (uint16_t)h;
}

/* Rewrites the plain register operands (not windows) an instruction reads. */
static void forward_operands(opt *o, simt_insn *in)
{
    unsigned uses = simt_opinfo_table[in->op].uses;
    int plain = opt_lanewise(in->op) || (in->op >= OP_LD8S && in->op <= OP_ST64);
    if (!plain)
        return;
    if (uses & RA)
        forward(o, &in->a);
    if (uses & RB)
        forward(o, &in->b);
    if (uses & RC)
        forward(o, &in->c);
}

static int fits32(int64_t v)
{
    return v >= INT32_MIN && v <= INT32_MAX;
}

static void to_addk(simt_insn *in, unsigned op, unsigned b, int32_t k)
{
    *in = (simt_insn){(uint16_t)op, in->a, (uint16_t)b, 0, k, 0};
}

/* An add of a known constant becomes ADDK (64-bit) or ADDK_I32. */
static void immediate_form(opt *o, simt_insn *in)
{
    uint64_t k;
    switch (in->op) {
    case OP_ADD_I32:
        if (is_const(o, in->c, &k))
            to_addk(in, OP_ADDK_I32, in->b, (int32_t)(uint32_t)k);
        else if (is_const(o, in->b, &k))
            to_addk(in, OP_ADDK_I32, in->c, (int32_t)(uint32_t)k);
        break;
    case OP_SUB_I32:
        if (is_const(o, in->c, &k))
            to_addk(in, OP_ADDK_I32, in->b, (int32_t)(0u - (uint32_t)k));
        break;
    case OP_ADD_I64:
        if (is_const(o, in->c, &k) && fits32((int64_t)k))
            to_addk(in, OP_ADDK, in->b, (int32_t)(int64_t)k);
        else if (is_const(o, in->b, &k) && fits32((int64_t)k))
            to_addk(in, OP_ADDK, in->c, (int32_t)(int64_t)k);
        break;
    case OP_SUB_I64:
        if (is_const(o, in->c, &k) && (int64_t)k != INT64_MIN && fits32(-(int64_t)k))
            to_addk(in, OP_ADDK, in->b, (int32_t)-(int64_t)k);
        break;
    case OP_LEA:
        if (is_const(o, in->c, &k)) {
            int64_t x = in->j == 0 ? (int64_t)(int32_t)(uint32_t)k
                      : in->j == 1 ? (int64_t)(uint32_t)k : (int64_t)k;
            if (fits32(x) && fits32(x * in->i)) /* |x|, |i| < 2^31: no overflow */
                to_addk(in, OP_ADDK, in->b, (int32_t)(x * in->i));
        }
        break;
    default:
        break;
    }
    /* an add of 0 (an unrolled copy's `pout * 256 + tid` with pout = 0) is
     * the move or the 32-bit truncation it amounts to, which nvcc folds */
    if (in->op == OP_ADDK_I32 && in->i == 0)
        *in = (simt_insn){OP_ZEXT32, in->a, in->b, 0, 0, 0};
    else if (in->op == OP_ADDK && in->i == 0)
        *in = (simt_insn){OP_MOV, in->a, in->b, 0, 0, 0};
}

/* A load or store through a register made by `ADDK rT, rB, k` while some
 * register still holds rB's value: the access reads that register and adds
 * k to its offset (the address is the same 64-bit sum), so rT may die.  An
 * unrolled loop's counter folds into its addresses this way (lang/unroll.c). */
static void fold_offset(opt *o, simt_insn *in)
{
    int mem = (in->op >= OP_LD8S && in->op <= OP_ST64) || in->op == OP_LDX;
    if (!mem || in->b < SIMT_FRAME_LINK || in->b >= o->nregs)
        return;
    int v = vn_of(o, in->b);
    if (v <= 0 || !o->kbase[v])
        return;
    int h = holding(o, o->kbase[v]);
    int64_t off = (int64_t)in->i + o->koff[v];
    if (h < SIMT_FRAME_LINK || !fits32(off))
        return;
    in->b = (uint16_t)h;
    in->i = (int32_t)off;
}

/* Replaces an integer operation whose operands are all known by an LDK. */
static void fold_constants(opt *o, simt_insn *in)
{
    unsigned uses = simt_opinfo_table[in->op].uses;
    if (!opt_lanewise(in->op) || (uses & (RA | RC2 | RC3)) || !(uses & RB))
        return;
    uint64_t b = 0, c = 0, r;
    if (!is_const(o, in->b, &b) || ((uses & RC) && !is_const(o, in->c, &c)))
        return;
    if (simt_fold_insn(in, b, c, &r)) /* vm/fold.h: what the instruction computes */
        *in = (simt_insn){OP_LDK, in->a, 0, 0, (int32_t)(uint32_t)r, (int32_t)(uint32_t)(r >> 32)};
}

/* The key of a pure instruction: its opcode, immediates and operand values. */
static cse_entry key_of(opt *o, const simt_insn *in)
{
    unsigned uses = simt_opinfo_table[in->op].uses;
    cse_entry e = {in->op, in->i, in->j, 0, 0, 0, 0};
    if (uses & RB)
        e.vb = vn_of(o, in->b);
    if (uses & (RC | RC2))
        e.vc = vn_of(o, in->c);
    if (uses & RC2)
        e.vd = vn_of(o, in->c + 1u);
    return e;
}

static int same_key(const cse_entry *x, const cse_entry *y)
{
    return x->op == y->op && x->i == y->i && x->j == y->j && x->vb == y->vb &&
           x->vc == y->vc && x->vd == y->vd;
}

/* One pure instruction writing a: reuse a register that holds its value. */
static void number_pure(opt *o, simt_insn *in)
{
    unsigned a = in->a;
    if (in->op == OP_MOV) {
        int v = vn_of(o, in->b);
        if (v == 0) { /* unknown: from now on a value that both hold */
            v = vn_new(o, in->b);
            vn_set(o, in->b, v);
        }
        if (v > 0 && vn_of(o, a) == v)
            in->op = DELETED; /* a already holds it */
        else
            vn_set(o, a, v);
        return;
    }
    cse_entry e = key_of(o, in);
    int operands_known = !(e.vb < 0 || e.vc < 0 || e.vd < 0) &&
                         !((simt_opinfo_table[in->op].uses & RB) && e.vb == 0) &&
                         !((simt_opinfo_table[in->op].uses & (RC | RC2)) && e.vc == 0) &&
                         !((simt_opinfo_table[in->op].uses & RC2) && e.vd == 0);
    for (int t = o->ntab - 1; operands_known && t >= 0 && t >= o->ntab - CSE_WINDOW; t--) {
        if (!same_key(&o->tab[t], &e))
            continue;
        int h = holding(o, o->tab[t].v);
        if (h < 0) {
            /* No register holds the value any more: the instruction computes
             * it again, into a, under its old number, so that what was
             * computed from it (i * n + x after i * n) is found again. */
            o->holder[o->tab[t].v] = (int)a;
            vn_set(o, a, o->tab[t].v);
            return;
        }
        if ((unsigned)h == a)
            in->op = DELETED;
        else
            *in = (simt_insn){OP_MOV, (uint16_t)a, (uint16_t)h, 0, 0, 0};
        vn_set(o, a, o->tab[t].v);
        return;
    }
    int v = vn_new(o, (int)a);
    vn_set(o, a, v);
    if (v > 0 && in->op == OP_LDK) {
        o->isk[v] = 1;
        o->kval[v] = simt_insn_k(in);
    }
    if (v > 0 && in->op == OP_ADDK && e.vb > 0) {
        o->kbase[v] = e.vb;
        o->koff[v] = in->i;
    }
    if (v > 0 && operands_known) {
        e.v = v;
        o->tab[o->ntab++] = e;
    }
}

/* The registers that hold the same constant on every path into block b
 * start its numbering known (opt_const.c). */
static void seed_constants(opt *o, int b)
{
    if (!o->kstate)
        return;
    for (unsigned r = SIMT_FRAME_LINK; r < o->nregs; r++) {
        uint64_t k;
        if (!opt_entry_constant(o, b, r, &k))
            continue;
        int v = vn_new(o, (int)r);
        if (v <= 0)
            return;
        o->isk[v] = 1;
        o->kval[v] = k;
        vn_set(o, r, v);
    }
}

static void number_block(opt *o, int b)
{
    lw_block *bl = &o->F->blocks[b];
    o->epoch++;
    o->nvn = 0;
    o->ntab = 0;
    seed_constants(o, b);
    for (int i = 0; i < bl->n; i++) {
        simt_insn *in = &bl->code[i];
        forward_operands(o, in);
        fold_offset(o, in);
        immediate_form(o, in);
        fold_constants(o, in);
        fx f = opt_effects(o, in);
        if (opt_pure(in) && in->a >= SIMT_FRAME_LINK && in->a < o->nregs) {
            number_pure(o, in);
            continue;
        }
        for (unsigned r = f.mlo; r < f.mhi && r < o->nregs; r++)
            vn_set(o, r, 0);
    }
    if (bl->term == T_BR && bl->br_reg >= SIMT_FRAME_LINK && (unsigned)bl->br_reg < o->nregs) {
        int h = holding(o, vn_of(o, (unsigned)bl->br_reg));
        if (h >= SIMT_FRAME_LINK)
            bl->br_reg = h;
    }
    opt_compact(bl);
}

/* ---- driver ---- */
/* The emission order of what block bl holds: [*lo, *hi]. */
static void seq_range(const lw_block *bl, uint32_t *lo, uint32_t *hi)
{
    *lo = *hi = bl->term_seq;
    for (int i = 0; i < bl->n; i++) {
        *lo = bl->seq[i] < *lo ? bl->seq[i] : *lo;
        *hi = bl->seq[i] > *hi ? bl->seq[i] : *hi;
    }
}

/* A variable of a block and the key it is ordered by (sort_block_vars). */
typedef struct dbg_key {
    uint32_t key;
    int var;
} dbg_key;

static int key_last_first(const void *x, const void *y)
{
    const dbg_key *a = x, *b = y;
    if (a->key != b->key)
        return a->key > b->key ? -1 : 1;
    return (a->var > b->var) - (a->var < b->var);
}

/* byend and bybegin: each block's variables by scope end and by scope
 * begin, last first (the order a backward walk meets them in), and
 * dbg_add's walk state. */
static int sort_block_vars(opt *o)
{
    int n = o->bvar_start[o->F->nblocks];
    o->byend = simt_calloc(o->al, (size_t)n + 1, sizeof *o->byend);
    o->bybegin = simt_calloc(o->al, (size_t)n + 1, sizeof *o->bybegin);
    dbg_key *keys = simt_calloc(o->al, (size_t)n + 1, sizeof *keys);
    o->walk = simt_calloc(o->al, 1, sizeof *o->walk);
    if (!o->byend || !o->bybegin || !keys || !o->walk) {
        simt_free(o->al, keys);
        return 0;
    }
    o->walk->count = simt_calloc(o->al, o->nregs + 1, sizeof *o->walk->count);
    o->walk->scope = simt_calloc(o->al, o->words, sizeof *o->walk->scope);
    o->walk->b = -1;
    for (int b = 0; b < o->F->nblocks; b++) {
        int lo = o->bvar_start[b], m = o->bvar_start[b + 1] - lo;
        for (int pass = 0; pass < 2; pass++) {
            int *to = pass ? o->bybegin : o->byend;
            for (int k = 0; k < m; k++) {
                const lw_dvar *v = &o->F->dvars[o->bvars[lo + k]];
                keys[k] = (dbg_key){pass ? v->begin : v->end, o->bvars[lo + k]};
            }
            qsort(keys, (size_t)m, sizeof *keys, key_last_first);
            for (int k = 0; k < m; k++)
                to[lo + k] = keys[k].var;
        }
    }
    simt_free(o->al, keys);
    return o->walk->count && o->walk->scope;
}

/* Lists, per block, the register variables whose scope meets it: those the
 * debugger may read there.  Two passes: count, then fill. */
static int block_vars(opt *o)
{
    lw_func *F = o->F;
    o->bvar_start = simt_calloc(o->al, (size_t)F->nblocks + 1, sizeof *o->bvar_start);
    if (!o->bvar_start)
        return 0;
    for (int pass = 0; pass < 2; pass++) {
        int n = 0;
        for (int b = 0; b < F->nblocks; b++) {
            uint32_t lo, hi;
            seq_range(&F->blocks[b], &lo, &hi);
            o->bvar_start[b] = n;
            for (int k = 0; k < F->ndvars; k++) {
                const lw_dvar *v = &F->dvars[k];
                if (v->kind != VAR_REG || v->where >= o->nregs || v->begin > hi || lo >= v->end)
                    continue;
                if (pass == 1)
                    o->bvars[n] = k;
                n++;
            }
        }
        o->bvar_start[F->nblocks] = n;
        if (pass == 0 && !(o->bvars = simt_calloc(o->al, (size_t)n + 1, sizeof *o->bvars)))
            return 0;
    }
    return sort_block_vars(o);
}

int opt_setup(opt *o, lw_func *F)
{
    int maxn = 0;
    for (int b = 0; b < F->nblocks; b++)
        if (F->blocks[b].n > maxn)
            maxn = F->blocks[b].n;
    o->F = F;
    o->al = &F->M->ctx->tal;
    o->nregs = (unsigned)F->maxreg;
    o->words = (o->nregs + 63) / 64 + 1;
    o->vn_cap = o->nregs + 2 * maxn + 1;
    size_t sets = (size_t)F->nblocks * 2 + 2;
    o->in = simt_calloc(o->al, sets * o->words, sizeof *o->in);
    o->stamp = simt_calloc(o->al, o->nregs + 1, sizeof *o->stamp);
    o->val = simt_calloc(o->al, o->nregs + 1, sizeof *o->val);
    o->holder = simt_calloc(o->al, (size_t)o->vn_cap + 1, sizeof *o->holder);
    o->isk = simt_calloc(o->al, (size_t)o->vn_cap + 1, sizeof *o->isk);
    o->kval = simt_calloc(o->al, (size_t)o->vn_cap + 1, sizeof *o->kval);
    o->kbase = simt_calloc(o->al, (size_t)o->vn_cap + 1, sizeof *o->kbase);
    o->koff = simt_calloc(o->al, (size_t)o->vn_cap + 1, sizeof *o->koff);
    o->tab = simt_calloc(o->al, (size_t)maxn + 1, sizeof *o->tab);
    if (!o->in || !o->stamp || !o->val || !o->holder || !o->isk || !o->kval || !o->kbase ||
        !o->koff || !o->tab)
        return 0;
    o->out = o->in + (size_t)F->nblocks * o->words;
    o->isvar = o->out + (size_t)F->nblocks * o->words;
    for (int k = 0; k < F->ndvars; k++)
        if (F->dvars[k].kind == VAR_REG && F->dvars[k].where < o->nregs)
            set_bit(o->isvar, F->dvars[k].where);
    return block_vars(o);
}

void opt_release(opt *o)
{
    opt_forget_constants(o);
    simt_free(o->al, o->bvar_start);
    simt_free(o->al, o->bvars);
    simt_free(o->al, o->byend);
    simt_free(o->al, o->bybegin);
    if (o->walk) {
        simt_free(o->al, o->walk->count);
        simt_free(o->al, o->walk->scope);
    }
    simt_free(o->al, o->walk);
    simt_free(o->al, o->in);
    simt_free(o->al, o->stamp);
    simt_free(o->al, o->val);
    simt_free(o->al, o->holder);
    simt_free(o->al, o->isk);
    simt_free(o->al, o->kval);
    simt_free(o->al, o->kbase);
    simt_free(o->al, o->koff);
    simt_free(o->al, o->tab);
}

static int dce(opt *o, uint64_t *tmp)
{
    int removed = 0;
    opt_liveness(o, tmp);
    for (int b = 0; b < o->F->nblocks; b++)
        if (o->F->blocks[b].reachable)
            removed += dce_block(o, b, tmp);
    return removed;
}

/* A branch on a compare made just before it, whose result nothing else reads
 * (no later instruction, no variable, not the debugger): one BRCT/BRCF, so a
 * loop test or an if costs one dispatch and writes no register. */
static void fuse_branches(opt *o, uint64_t *tmp)
{
    opt_liveness(o, tmp);
    for (int b = 0; b < o->F->nblocks; b++) {
        lw_block *bl = &o->F->blocks[b];
        /* a predicated branch stays apart from its compare, which is the
         * instruction that sets the GPU's predicate */
        if (!bl->reachable || bl->term != T_BR || bl->n == 0 || bl->predicated)
            continue;
        const simt_insn *in = &bl->code[bl->n - 1];
        unsigned r = (unsigned)bl->br_reg;
        if (!simt_op_is_compare(in->op) || in->a != r || r >= o->nregs ||
            bit(o->out + (size_t)b * o->words, r) || opt_dbg_reads(o, b, bl->term_seq, r))
            continue;
        bl->br_cmp = in->op;
        bl->br_b = in->b;
        bl->br_c = in->c;
        bl->n--;
    }
}

/* ---- address and load fusion ----
 * `LEA rT, rB, rC (ext) * 2^s` and a later `LDxx rA, [rT + off]` of the same
 * block that is the only reader of rT become one LDX (array indexing costs
 * one dispatch).  Nothing between the two may write rT, rB or rC or read rT,
 * and the debugger may show no variable in rT from the LEA on: then the LDX
 * reads the operands the LEA read, and rT, which nothing reads afterwards,
 * merely keeps its older value.  The LDX takes the load's place (its source
 * position and scope). */
static int scale_shift(int32_t scale)
{
    for (int s = 0; s <= SIMT_LDX_MAX_SHIFT; s++)
        if (scale == (int32_t)1 << s)
            return s;
    return -1;
}

/* The load of block b that may absorb the LEA at k, or -1. */
static int fusable_load(const opt *o, int b, int k)
{
    const lw_block *bl = &o->F->blocks[b];
    const simt_insn *lea = &bl->code[k];
    unsigned t = lea->a;
    for (int m = k + 1; m < bl->n && m - k <= SCAN_LIMIT; m++) {
        const simt_insn *in = &bl->code[m];
        if (opt_dbg_reads(o, b, bl->seq[m], t))
            return -1;
        if (in->op >= OP_LD8S && in->op <= OP_LD64 && in->b == t)
            return live_after(o, b, m, t) ? -1 : m;
        fx f = opt_effects(o, in);
        if (opt_fx_reads(&f, t) || opt_fx_writes(&f, t) || opt_fx_writes(&f, lea->b) ||
            opt_fx_writes(&f, lea->c))
            return -1;
    }
    return -1;
}

static void fuse_loads(opt *o, uint64_t *tmp)
{
    opt_liveness(o, tmp);
    for (int b = 0; b < o->F->nblocks; b++) {
        lw_block *bl = &o->F->blocks[b];
        if (!bl->reachable)
            continue;
        for (int k = 0; k < bl->n; k++) {
            simt_insn *lea = &bl->code[k];
            int s = lea->op == OP_LEA ? scale_shift(lea->i) : -1, m;
            if (s < 0 || lea->j < 0 || lea->j > 2 || lea->a < SIMT_FRAME_LINK ||
                lea->a >= o->nregs || (m = fusable_load(o, b, k)) < 0)
                continue;
            simt_insn *ld = &bl->code[m];
            int32_t j = SIMT_LDX_J(lea->j, s, ld->op - OP_LD8S);
            if (ld->j & SIMT_MEM_VOLATILE)
                j |= (int32_t)SIMT_LDX_VOLATILE;
            *ld = (simt_insn){OP_LDX, ld->a, lea->b, lea->c, ld->i, j};
            lea->op = DELETED;
        }
        opt_compact(bl);
    }
}

/* ---- index offsets nvcc folds into the address ----
 * `ADDK_I32 rT, rX, k` whose every reader is the sign-extended index of an
 * LEA or LDX (or another such add) is the k of a[x + k]: since a signed
 * index cannot wrap, nvcc forms the address of x and puts k * size in the
 * access's immediate ([R+0x400], the addend of IMAD.WIDE), so the add is
 * no instruction on the GPU.  The mark (SIMT_ADDK_FOLDS in j) changes
 * nothing the VM does; the model counts the add as 0 SASS.  Blocks are
 * scanned backwards so that an add read only by marked adds is marked
 * (scan_dbuf's `tid + 256 - off`). */
#define FOLD_OFFSET_MAX (1 << 23) /* the bytes an SASS address immediate holds */

/* Whether in reads t only as a signed index scaled so that k * scale fits
 * the immediate, or as the operand of an add already marked. */
static int reads_as_index(const simt_insn *in, unsigned t, int32_t k)
{
    int64_t bytes;
    switch (in->op) {
    case OP_LDX:
        if (in->c != t || in->b == t || SIMT_LDX_EXT(in->j) != 0)
            return 0;
        bytes = (int64_t)k * ((int64_t)1 << SIMT_LDX_SHIFT(in->j));
        break;
    case OP_LEA:
        if (in->c != t || in->b == t || in->j != 0)
            return 0;
        bytes = (int64_t)k * in->i;
        break;
    case OP_ADDK_I32:
        return in->b == t && in->j == SIMT_ADDK_FOLDS;
    default:
        return 0;
    }
    return bytes > -FOLD_OFFSET_MAX && bytes < FOLD_OFFSET_MAX;
}

/* Whether the ADDK_I32 at k of block b is read, and only as an index. */
static int offset_folds(const opt *o, int b, int k)
{
    const lw_block *bl = &o->F->blocks[b];
    const simt_insn *add = &bl->code[k];
    unsigned t = add->a;
    if (t < SIMT_FRAME_LINK || t >= o->nregs)
        return 0;
    int read = 0;
    for (int m = k + 1; m < bl->n; m++) {
        const simt_insn *in = &bl->code[m];
        if (in->op == DELETED)
            continue;
        if (m - k > SCAN_LIMIT)
            return 0;
        fx f = opt_effects(o, in);
        if (opt_fx_reads(&f, t)) {
            if (!reads_as_index(in, t, add->i))
                return 0;
            read = 1;
        }
        if (f.kill == (int)t)
            return read;
        if (opt_fx_writes(&f, t))
            return 0;
    }
    return read && !live_after(o, b, bl->n - 1, t);
}

static void mark_folded_offsets(opt *o, uint64_t *tmp)
{
    opt_liveness(o, tmp);
    for (int b = 0; b < o->F->nblocks; b++) {
        lw_block *bl = &o->F->blocks[b];
        for (int k = bl->n - 1; bl->reachable && k >= 0; k--)
            if (bl->code[k].op == OP_ADDK_I32 && offset_folds(o, b, k))
                bl->code[k].j = SIMT_ADDK_FOLDS;
    }
}

/* ---- the global thread index ----
 * blockIdx.d * blockDim.d + threadIdx.d is lowered as SREG ctaid.d, SREG
 * ntid.d, MUL_I32, SREG tid.d, ADD_I32: five warp instructions for what is
 * nearly every kernel's first line.  An ADD_I32 whose operands are, as its
 * block last wrote them, that MUL_I32 (of the two SREGs as the MUL's block
 * position last wrote them, in either order) and SREG tid.d (either order)
 * becomes SREG gtid.d, which computes the same 32-bit value in one
 * instruction; the operands' instructions stay, for DCE to remove when
 * nothing else reads them.  The searches back for an operand's writer stop
 * after SCAN_LIMIT instructions (no fusion then), so that a long block of
 * adds costs linear time. */
static const simt_insn *last_def(const opt *o, const lw_block *bl, int m, unsigned r)
{
    for (int k = m - 1; k >= 0 && m - k <= SCAN_LIMIT; k--) { /* bounded: one scan per ADD */
        fx f = opt_effects(o, &bl->code[k]);
        if (opt_fx_writes(&f, r))
            return f.kill == (int)r ? &bl->code[k] : NULL;
    }
    return NULL;
}

static int sreg_def(const opt *o, const lw_block *bl, int m, unsigned r, int32_t id)
{
    const simt_insn *d = last_def(o, bl, m, r);
    return d && d->op == OP_SREG && d->i == id;
}

/* The dimension d if block b's ADD_I32 at m adds ctaid.d * ntid.d and tid.d, else -1. */
static int global_index(const opt *o, const lw_block *bl, int m)
{
    const simt_insn *add = &bl->code[m];
    for (int side = 0; side < 2; side++) {
        unsigned prod = side ? add->c : add->b, tid = side ? add->b : add->c;
        const simt_insn *mul = last_def(o, bl, m, prod);
        if (!mul || mul->op != OP_MUL_I32)
            continue;
        int km = (int)(mul - bl->code);
        for (int d = 0; d < 3; d++)
            if (sreg_def(o, bl, m, tid, SREG_TID_X + d) &&
                ((sreg_def(o, bl, km, mul->b, SREG_CTAID_X + d) &&
                  sreg_def(o, bl, km, mul->c, SREG_NTID_X + d)) ||
                 (sreg_def(o, bl, km, mul->b, SREG_NTID_X + d) &&
                  sreg_def(o, bl, km, mul->c, SREG_CTAID_X + d))))
                return d;
    }
    return -1;
}

static void fuse_global_index(opt *o)
{
    for (int b = 0; b < o->F->nblocks; b++) {
        lw_block *bl = &o->F->blocks[b];
        for (int m = 0; bl->reachable && m < bl->n; m++) {
            simt_insn *in = &bl->code[m];
            int d = in->op == OP_ADD_I32 ? global_index(o, bl, m) : -1;
            if (d >= 0)
                *in = (simt_insn){OP_SREG, in->a, 0, 0, SREG_GTID_X + d, 0};
        }
    }
}

/* Value numbering, DCE and coalescing to a fixed point (at most ROUNDS),
 * then, for the last clean-up, the address-and-load and compare-and-branch
 * fusions. */
static void clean_up(lw_func *F, int rounds, int last)
{
    opt o = {0};
    if (F->M->oom || !opt_setup(&o, F)) {
        opt_release(&o);
        return;
    }
    uint64_t *tmp = o.isvar + o.words;
    if (!last)
        fuse_global_index(&o);
    for (int round = 0; round < rounds; round++) {
        int changed = 0;
        opt_block_constants(&o);
        for (int b = 0; b < F->nblocks; b++) {
            if (!F->blocks[b].reachable)
                continue;
            int n = F->blocks[b].n;
            number_block(&o, b);
            changed += n != F->blocks[b].n;
        }
        changed += dce(&o, tmp);
        for (int b = 0; b < F->nblocks; b++)
            if (F->blocks[b].reachable)
                changed += coalesce_block(&o, b);
        changed += dce(&o, tmp);
        if (!changed)
            break;
    }
    if (last) {
        fuse_loads(&o, tmp);
        mark_folded_offsets(&o, tmp);
        fuse_branches(&o, tmp);
    }
    opt_release(&o);
}

void lw_optimize(lw_func *F)
{
    if (F->M->oom || F->too_many_regs || F->maxreg <= SIMT_FRAME_LINK)
        return;
    clean_up(F, ROUNDS, 0);
    /* what hoisting exposes (copies in preheaders, dead temporaries) is cleaned up again */
    int moved = F->M->oom ? 0 : opt_hoist_invariants(F);
    clean_up(F, moved ? ROUNDS : 0, 1);
}
