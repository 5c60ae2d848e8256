/* lang/opt_const.c -- constants that reach a block from every path into it
 * (forward dataflow over the function's blocks), for value numbering
 * (opt.c number_block), which otherwise knows only what its own block set.
 *
 * Why: an unrolled loop's copies (lang/unroll.c) run with values known at
 * compile time that cross blocks -- the counter, set at the head of each
 * copy, and what the copies compute from constants (`pout = 1 - pout` of a
 * double-buffered scan) -- while a branch inside the body (a predicated
 * side, an if/else) splits each copy into blocks.  nvcc folds those
 * values into the copies' addresses; with them known at each block's
 * entry, so does the optimizer.
 *
 * Each register's state at a block's entry is TOP (no path reached yet), a
 * constant, or BOTTOM (unknown); a block's exit is its entry stepped through
 * its instructions (LDK and MOV of a constant, integer operations of
 * constants folded by vm/fold.h; any other write is BOTTOM), and a
 * successor's entry is the meet of its predecessors' exits.  The lattice
 * has height 2, so the sweeps end. */
#include "opt.h"
#include "vm/fold.h"

#include <string.h>

enum { K_TOP = 0, K_CONST = 1, K_BOTTOM = 2 };

/* The most registers x blocks analysed: beyond, a function keeps its
 * block-local constants only (the state is 9 bytes a register and block). */
#define KSTATE_MAX ((size_t)1 << 20)

/* Steps state (st, kv) of nregs registers through one instruction. */
static void transfer(const opt *o, const simt_insn *in, uint8_t *st, uint64_t *kv)
{
    unsigned n = o->nregs;
    if (in->op == DELETED)
        return;
    if (in->op == OP_LDK && in->a < n) {
        st[in->a] = K_CONST;
        kv[in->a] = simt_insn_k(in);
        return;
    }
    if (in->op == OP_MOV && in->a < n && in->b < n) {
        st[in->a] = st[in->b] == K_CONST ? K_CONST : K_BOTTOM;
        kv[in->a] = kv[in->b];
        return;
    }
    unsigned uses = simt_opinfo_table[in->op].uses;
    if (opt_lanewise(in->op) && (uses & WA) && !(uses & (RA | RC2 | RC3)) && (uses & RB) &&
        in->a < n && in->b < n && st[in->b] == K_CONST &&
        (!(uses & RC) || (in->c < n && st[in->c] == K_CONST))) {
        uint64_t r;
        if (simt_fold_insn(in, kv[in->b], (uses & RC) ? kv[in->c] : 0, &r)) {
            st[in->a] = K_CONST;
            kv[in->a] = r;
            return;
        }
    }
    fx f = opt_effects(o, in);
    for (unsigned r = f.mlo; r < f.mhi && r < n; r++)
        st[r] = K_BOTTOM;
}

/* Meets exit state (st, kv) into block s's entry; whether it changed. */
static int meet(opt *o, int s, const uint8_t *st, const uint64_t *kv)
{
    unsigned n = o->nregs;
    uint8_t *ds = o->kstate + (size_t)s * n;
    uint64_t *dk = o->kin + (size_t)s * n;
    int changed = !o->kreached[s];
    o->kreached[s] = 1;
    for (unsigned r = 0; r < n; r++) {
        uint8_t was = ds[r], now = st[r];
        if (changed && was == K_TOP) { /* first path in */
            ds[r] = now;
            dk[r] = kv[r];
            continue;
        }
        if (was == K_BOTTOM || now == K_TOP)
            continue;
        if (now == K_BOTTOM || (was == K_CONST && dk[r] != kv[r]))
            now = K_BOTTOM;
        if (now != was) {
            ds[r] = now;
            dk[r] = kv[r];
            changed = 1;
        }
    }
    return changed;
}

void opt_block_constants(opt *o)
{
    lw_func *F = o->F;
    unsigned n = o->nregs;
    size_t cells = (size_t)F->nblocks * n;
    opt_forget_constants(o);
    if (F->nblocks <= 0 || n == 0 || cells > KSTATE_MAX)
        return;
    o->kstate = simt_calloc(o->al, cells, 1);
    o->kin = simt_calloc(o->al, cells, sizeof *o->kin);
    o->kreached = simt_calloc(o->al, (size_t)F->nblocks, 1);
    uint8_t *st = simt_calloc(o->al, n, 1);
    uint64_t *kv = simt_calloc(o->al, n, sizeof *kv);
    if (!o->kstate || !o->kin || !o->kreached || !st || !kv) {
        simt_free(o->al, st);
        simt_free(o->al, kv);
        opt_forget_constants(o);
        return;
    }
    memset(o->kstate, K_BOTTOM, n); /* the entry: parameters and all unknown */
    o->kreached[0] = 1;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int b = 0; b < F->nblocks; b++) {
            const lw_block *bl = &F->blocks[b];
            if (!o->kreached[b] || !bl->reachable)
                continue;
            memcpy(st, o->kstate + (size_t)b * n, n);
            memcpy(kv, o->kin + (size_t)b * n, n * sizeof *kv);
            for (int i = 0; i < bl->n; i++)
                transfer(o, &bl->code[i], st, kv);
            int nsucc = bl->term == T_GOTO ? 1 : bl->term == T_BR ? 2 : 0;
            for (int k = 0; k < nsucc; k++)
                if (bl->succ[k] >= 0 && bl->succ[k] < F->nblocks)
                    changed |= meet(o, bl->succ[k], st, kv);
        }
    }
    simt_free(o->al, st);
    simt_free(o->al, kv);
}

void opt_forget_constants(opt *o)
{
    simt_free(o->al, o->kstate);
    simt_free(o->al, o->kin);
    simt_free(o->al, o->kreached);
    o->kstate = NULL;
    o->kin = NULL;
    o->kreached = NULL;
}

int opt_entry_constant(const opt *o, int b, unsigned r, uint64_t *k)
{
    if (!o->kstate || r >= o->nregs || !o->kreached[b])
        return 0;
    size_t at = (size_t)b * o->nregs + r;
    if (o->kstate[at] != K_CONST)
        return 0;
    *k = o->kin[at];
    return 1;
}
