/* lang/opt_licm.c -- loop-invariant code motion, a part of the bytecode
 * clean-up pass (opt.c runs it between two rounds of its own clean-up). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "opt.h"

/* ---- loop-invariant code motion ----
 * Loops are found from back edges (an edge to a block that dominates its
 * source; lowering's loops are all of that shape) and processed innermost
 * first.  Each gets a preheader: the one block outside the loop that enters
 * its header, made when the header has several outside predecessors or the
 * one it has branches elsewhere too.  A pure, non-faulting instruction of the
 * loop whose operands no instruction of the loop writes computes the same
 * value on every iteration: it moves to the end of the preheader, into a NEW
 * register above the lowering's frame (no instruction of the loop writes it
 * and it is live into the loop for nothing else), and the reads of its
 * result are renamed.  Lanes are threads here too: a lane that runs the loop
 * has come through the preheader on its own path, with its own lane of the
 * mask active there, so every lane that reads a hoisted register wrote it.
 * A hoisted register is written once, by its instruction in a preheader, so
 * an enclosing loop may hoist that instruction again as it is, or share a
 * register that holds the same value (renaming the reads everywhere).
 * Loops that call are left alone: a callee's frame overlays every register
 * above the CALL's window, the new ones included. */
#define LICM_MAX_REGS 64      /* new registers per function */
#define LICM_MAX_LOOPS 256
#define LICM_MAX_BLOCKS 20000 /* larger functions are not searched for loops */

typedef struct licm_cfg {
    int n;                    /* blocks */
    int *pred_start, *preds;  /* predecessors of each reachable block */
    int *num, *rpo;           /* reverse-postorder number of each block (-1: unreachable) */
    int *idom;
    int nloops;
    int *header, *size;       /* per loop */
    uint8_t *body;            /* nloops rows of n: whether a block is in the loop */
} licm_cfg;

static int nsucc(const lw_block *b)
{
    return b->term == T_GOTO ? 1 : b->term == T_BR ? 2 : 0;
}

static void cfg_free(const simt_allocator *al, licm_cfg *g)
{
    simt_free(al, g->pred_start);
    simt_free(al, g->preds);
    simt_free(al, g->num);
    simt_free(al, g->rpo);
    simt_free(al, g->idom);
    simt_free(al, g->header);
    simt_free(al, g->size);
    simt_free(al, g->body);
    memset(g, 0, sizeof *g);
}

/* Depth-first from the entry: the reverse postorder and its numbers. */
static void cfg_order(const lw_func *F, licm_cfg *g, int *stack, int *next)
{
    int n = g->n, sp = 0, count = 0;
    for (int i = 0; i < n; i++) {
        g->num[i] = -2;
        next[i] = 0;
    }
    g->num[0] = -1;
    stack[sp++] = 0;
    while (sp) {
        int b = stack[sp - 1];
        const lw_block *bl = &F->blocks[b];
        if (next[b] < nsucc(bl)) {
            int s = bl->succ[next[b]++];
            if (g->num[s] == -2) {
                g->num[s] = -1;
                stack[sp++] = s;
            }
            continue;
        }
        sp--;
        g->rpo[count++] = b;  /* postorder for now */
    }
    for (int i = 0; i < count / 2; i++) {
        int t = g->rpo[i];
        g->rpo[i] = g->rpo[count - 1 - i];
        g->rpo[count - 1 - i] = t;
    }
    for (int i = 0; i < n; i++)
        g->num[i] = -1;
    for (int i = 0; i < count; i++)
        g->num[g->rpo[i]] = i;
    g->rpo[n] = count;        /* the number of reachable blocks */
}

static void cfg_preds(const lw_func *F, licm_cfg *g)
{
    for (int b = 0; b < g->n; b++)
        for (int s = 0; g->num[b] >= 0 && s < nsucc(&F->blocks[b]); s++)
            g->pred_start[F->blocks[b].succ[s] + 1]++;
    for (int b = 0; b < g->n; b++)
        g->pred_start[b + 1] += g->pred_start[b];
    int *fill = g->idom;      /* scratch until the dominators */
    memcpy(fill, g->pred_start, (size_t)g->n * sizeof *fill);
    for (int b = 0; b < g->n; b++)
        for (int s = 0; g->num[b] >= 0 && s < nsucc(&F->blocks[b]); s++)
            g->preds[fill[F->blocks[b].succ[s]]++] = b;
}

/* Cooper, Harvey and Kennedy's iteration, as dom.c does on the reverse graph. */
static void cfg_dominators(licm_cfg *g)
{
    for (int i = 0; i < g->n; i++)
        g->idom[i] = -1;
    g->idom[0] = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 1; i < g->rpo[g->n]; i++) {
            int b = g->rpo[i], nd = -1;
            for (int k = g->pred_start[b]; k < g->pred_start[b + 1]; k++) {
                int p = g->preds[k];
                if (g->idom[p] < 0)
                    continue;
                int x = nd < 0 ? p : nd;
                while (x != p) {
                    while (g->num[x] > g->num[p])
                        x = g->idom[x];
                    while (g->num[p] > g->num[x])
                        p = g->idom[p];
                }
                nd = x;
            }
            if (nd != g->idom[b]) {
                g->idom[b] = nd;
                changed = 1;
            }
        }
    }
}

static int dominates(const licm_cfg *g, int a, int b)
{
    while (b != a && b != 0)
        b = g->idom[b];
    return b == a;
}

/* One loop per header with back edges: the blocks that reach a back edge's
 * source without passing through the header. */
static void cfg_loops(licm_cfg *g, int *stack)
{
    for (int i = 0; i < g->rpo[g->n] && g->nloops < LICM_MAX_LOOPS; i++) {
        int h = g->rpo[i], l = g->nloops, sp = 0;
        uint8_t *in = g->body + (size_t)l * (size_t)g->n;
        for (int k = g->pred_start[h]; k < g->pred_start[h + 1]; k++)
            if (dominates(g, h, g->preds[k]))
                stack[sp++] = g->preds[k];
        if (!sp || h == 0)
            continue;
        in[h] = 1;
        g->size[l] = 1;
        while (sp) {
            int x = stack[--sp];
            if (in[x])
                continue;
            in[x] = 1;
            g->size[l]++;
            for (int k = g->pred_start[x]; k < g->pred_start[x + 1]; k++)
                if (!in[g->preds[k]])
                    stack[sp++] = g->preds[k];
        }
        g->header[l] = h;
        g->nloops++;
    }
}

static int cfg_build(const simt_allocator *al, const lw_func *F, licm_cfg *g)
{
    int n = g->n = F->nblocks;
    size_t edges = (size_t)n * 2 + 1;
    g->pred_start = simt_calloc(al, (size_t)n + 1, sizeof *g->pred_start);
    g->preds = simt_calloc(al, edges, sizeof *g->preds);
    g->num = simt_calloc(al, (size_t)n + 1, sizeof *g->num);
    g->rpo = simt_calloc(al, (size_t)n + 1, sizeof *g->rpo);
    g->idom = simt_calloc(al, (size_t)n + 1, sizeof *g->idom);
    g->header = simt_calloc(al, LICM_MAX_LOOPS, sizeof *g->header);
    g->size = simt_calloc(al, LICM_MAX_LOOPS, sizeof *g->size);
    g->body = simt_calloc(al, (size_t)n * LICM_MAX_LOOPS, 1);
    int *stack = simt_calloc(al, edges * 3 + (size_t)n + 1, sizeof *stack);
    int ok = g->pred_start && g->preds && g->num && g->rpo && g->idom && g->header &&
             g->size && g->body && stack;
    if (ok) {
        cfg_order(F, g, stack, stack + edges * 3);
        cfg_preds(F, g);
        cfg_dominators(g);
        cfg_loops(g, stack);
    }
    simt_free(al, stack);
    return ok;
}

static int in_loop(const licm_cfg *g, int l, int b)
{
    return g->body[(size_t)l * (size_t)g->n + (size_t)b];
}

/* The loop's preheader, or -1 when it needs one made. */
static int preheader(const lw_func *F, const licm_cfg *g, int l)
{
    int h = g->header[l], only = -1, count = 0;
    for (int k = g->pred_start[h]; k < g->pred_start[h + 1]; k++)
        if (!in_loop(g, l, g->preds[k])) {
            only = g->preds[k];
            count++;
        }
    return count == 1 && F->blocks[only].term == T_GOTO ? only : -1;
}

/* Makes a block just before header h (so that it falls through into it)
 * and sends the loop's outside entries to it. */
static int insert_preheader(lw_func *F, const licm_cfg *g, int l)
{
    int h = g->header[l], nb = lw_new_block(F);
    if (nb < 0 || F->M->oom)
        return 0;
    lw_block made = F->blocks[nb];
    memmove(&F->blocks[h + 1], &F->blocks[h], (size_t)(nb - h) * sizeof *F->blocks);
    for (int b = 0; b <= nb; b++)
        for (int s = 0; b != h && s < nsucc(&F->blocks[b]); s++)
            F->blocks[b].succ[s] += F->blocks[b].succ[s] >= h;
    F->exit_block += F->exit_block >= h;
    made.term = T_GOTO;
    made.succ[0] = h + 1;
    made.reachable = 1;
    for (int k = g->pred_start[h]; k < g->pred_start[h + 1]; k++) {
        int p = g->preds[k];
        if (in_loop(g, l, p))
            continue;
        lw_block *pb = &F->blocks[p + (p >= h)];
        for (int s = 0; s < nsucc(pb); s++)
            if (pb->succ[s] == h + 1)
                pb->succ[s] = h;
        made.term_loc = pb->term_loc;  /* the hoisted code's scope: the entry's */
        made.term_seq = pb->term_seq;
    }
    F->blocks[h] = made;
    return 1;
}

/* Gives every loop a preheader (analysing the graph again after each new block). */
static int make_preheaders(lw_func *F, const simt_allocator *al, licm_cfg *g)
{
    for (int made = 0; made <= LICM_MAX_LOOPS; made++) {
        cfg_free(al, g);
        if (!cfg_build(al, F, g))
            return 0;
        int l = 0;
        while (l < g->nloops && preheader(F, g, l) >= 0)
            l++;
        if (l == g->nloops || made == LICM_MAX_LOOPS)
            return 1;
        if (!insert_preheader(F, g, l))
            return 0;
    }
    return 1;
}

typedef struct licm {
    opt *o;
    licm_cfg g;
    unsigned base, cap;       /* the new registers: [base, F->maxreg), at most cap */
    uint64_t *written;        /* registers the current loop may write (cap bits) */
} licm;

static int hoistable(const simt_insn *in)
{
    unsigned op = in->op;
    if (op == OP_SREG)
        return in->i != SREG_CLOCK && in->i != SREG_CLOCK64;
    if ((op >= OP_ADD_I32 && op <= OP_LE_U64) || (op >= OP_SEXT8 && op <= OP_ZEXT32))
        return opt_pure(in);      /* the integer operations, less division */
    return op == OP_MOV || op == OP_LDK || op == OP_GADDR || op == OP_LADDR ||
           op == OP_ADDK_I32;
}

/* Whether every read of r by in is an a, b or c operand that renaming can
 * point at another register (an operand read lane by lane, not a window). */
static int renamable(const opt *o, const simt_insn *in, unsigned r)
{
    fx f = opt_effects(o, in);
    if (!opt_fx_reads(&f, r))
        return 1;
    unsigned uses = simt_opinfo_table[in->op].uses;
    int plain = opt_lanewise(in->op) || (in->op >= OP_LD8S && in->op <= OP_ST64);
    if (!plain || f.wn || f.rfrom != UINT_MAX || ((uses & RA) && (uses & WA)))
        return 0;
    return !((uses & (RC2 | RC3)) && r - in->c < 3u);
}

static void rename_reads(simt_insn *in, unsigned from, unsigned to)
{
    unsigned uses = simt_opinfo_table[in->op].uses;
    if ((uses & RA) && in->a == from)
        in->a = (uint16_t)to;
    if ((uses & RB) && in->b == from)
        in->b = (uint16_t)to;
    if ((uses & RC) && in->c == from)
        in->c = (uint16_t)to;
}

/* Every read of a new register, anywhere (they are all renamable operands). */
static void rename_everywhere(lw_func *F, unsigned from, unsigned to)
{
    for (int b = 0; b < F->nblocks; b++) {
        lw_block *bl = &F->blocks[b];
        for (int i = 0; i < bl->n; i++)
            if (bl->code[i].op != DELETED)
                rename_reads(&bl->code[i], from, to);
        if (bl->term == T_BR && (unsigned)bl->br_reg == from)
            bl->br_reg = (int)to;
    }
}

/* Whether the value instruction k of block b writes into r is read only by
 * later instructions of b (and its branch) up to the next write of r, all of
 * them renamable, and no variable the debugger can show lives in r there:
 * then renaming those reads moves every use. */
static int uses_local(const opt *o, int b, int k, unsigned r)
{
    const lw_block *bl = &o->F->blocks[b];
    for (int i = k + 1, steps = 0; i < bl->n; i++) {
        const simt_insn *in = &bl->code[i];
        if (in->op == DELETED)
            continue;
        fx f = opt_effects(o, in);
        if (++steps > SCAN_LIMIT || !renamable(o, in, r) || opt_dbg_reads(o, b, bl->seq[i], r))
            return 0;
        if (opt_fx_writes(&f, r))
            return f.kill == (int)r;
    }
    return bl->term != T_OPEN && !opt_dbg_reads(o, b, bl->term_seq, r) &&
           !bit(o->out + (size_t)b * o->words, r);
}

/* Renames the reads uses_local found, up to the same next write of from: the
 * instruction's real effects (a plain __syncthreads names a register it neither
 * reads nor writes), not its opcode's columns, or the reads after it would keep
 * the old register, which no longer holds the value. */
static void rename_local(const opt *o, lw_func *F, int b, int k, unsigned from, unsigned to)
{
    lw_block *bl = &F->blocks[b];
    for (int i = k + 1; i < bl->n; i++) {
        simt_insn *in = &bl->code[i];
        if (in->op == DELETED)
            continue;
        fx f = opt_effects(o, in);
        rename_reads(in, from, to);
        if (opt_fx_writes(&f, from))
            return;
    }
    if (bl->term == T_BR && (unsigned)bl->br_reg == from)
        bl->br_reg = (int)to;
}

/* A register the hoisted part of preheader p (from index first) already
 * computes in's value into, or -1: same operation on the same invariant registers. */
static int hoisted_same(const lw_func *F, int p, int first, const simt_insn *in)
{
    const lw_block *pb = &F->blocks[p];
    for (int i = first; i < pb->n; i++) {
        const simt_insn *x = &pb->code[i];
        if (x->op == in->op && x->b == in->b && x->c == in->c && x->i == in->i && x->j == in->j)
            return x->a;
    }
    return -1;
}

static int append(lw_func *F, int p, simt_insn in, simt_srcpos pos)
{
    lw_block *pb = &F->blocks[p];
    const simt_allocator *al = &F->M->ctx->tal;
    if (pb->n == pb->cap) {
        int cap = pb->cap ? pb->cap * 2 : 16;
        simt_insn *nc = simt_realloc(al, pb->code, sizeof *nc * (size_t)cap);
        if (nc)
            pb->code = nc;
        simt_srcpos *np = simt_realloc(al, pb->pos, sizeof *np * (size_t)cap);
        if (np)
            pb->pos = np;
        uint32_t *ns = simt_realloc(al, pb->seq, sizeof *ns * (size_t)cap);
        if (ns)
            pb->seq = ns;
        if (!nc || !np || !ns) {
            F->M->oom = 1;
            return 0;
        }
        pb->cap = cap;
    }
    pb->code[pb->n] = in;
    pb->pos[pb->n] = pos;
    pb->seq[pb->n++] = pb->term_seq;  /* in the scope of the loop's entry */
    return 1;
}

static int invariant(const licm *h, const simt_insn *in)
{
    unsigned r[5], n = simt_insn_reads(in, r);
    for (unsigned k = 0; k < n; k++)
        if (r[k] >= h->cap || bit(h->written, r[k]))
            return 0;
    return 1;
}

/* Moves instruction k of block b, if it can, to the end of preheader p. */
static int hoist(licm *h, int b, int k, int p, int first)
{
    lw_func *F = h->o->F;
    simt_insn in = F->blocks[b].code[k];
    simt_srcpos pos = F->blocks[b].pos[k];
    unsigned a = in.a;
    if (!hoistable(&in) || a < SIMT_FRAME_LINK || !invariant(h, &in))
        return 0;
    int same = hoisted_same(F, p, first, &in);
    if (a >= h->base) {       /* hoisted before, by an inner loop: written only here */
        if (same >= 0)
            rename_everywhere(F, a, (unsigned)same);
        else if (!append(F, p, in, pos))
            return 0;
        clear_bit(h->written, a);
    } else {
        if (!uses_local(h->o, b, k, a))   /* (no variable the debugger shows loses its value) */
            return 0;
        if (same < 0 && (unsigned)F->maxreg >= h->cap)
            return 0;
        unsigned to = same >= 0 ? (unsigned)same : (unsigned)F->maxreg;
        in.a = (uint16_t)to;
        if (same < 0 && !append(F, p, in, pos))
            return 0;
        F->maxreg += same < 0;
        rename_local(h->o, F, b, k, a, to);
    }
    F->blocks[b].code[k].op = DELETED;
    return 1;
}

/* The registers loop l may write; 0 when it calls (or cannot be handled). */
static int loop_writes(licm *h, int l)
{
    const lw_func *F = h->o->F;
    memset(h->written, 0, ((h->cap + 63) / 64) * sizeof *h->written);
    for (int b = 0; b < F->nblocks; b++) {
        const lw_block *bl = &F->blocks[b];
        if (!in_loop(&h->g, l, b))
            continue;
        if (bl->term == T_OPEN)
            return 0;
        for (int i = 0; i < bl->n; i++) {
            fx f = opt_effects(h->o, &bl->code[i]);
            if (bl->code[i].op == OP_CALL)
                return 0;
            for (unsigned r = f.mlo; r < f.mhi && r < h->cap; r++)
                set_bit(h->written, r);
        }
    }
    return 1;
}

static int hoist_loop(licm *h, int l)
{
    lw_func *F = h->o->F;
    int p = preheader(F, &h->g, l), moved = 0;
    if (p < 0 || !loop_writes(h, l))
        return 0;
    int first = F->blocks[p].n;
    for (int b = 0; b < F->nblocks && !F->M->oom; b++) {
        if (!in_loop(&h->g, l, b))
            continue;
        for (int k = 0; k < F->blocks[b].n && !F->M->oom; k++)
            if (F->blocks[b].code[k].op != DELETED)
                moved += hoist(h, b, k, p, first);
        opt_compact(&F->blocks[b]);
    }
    return moved;
}

/* Renumbers the new registers that are still written from base up, without
 * the gaps that shared ones left: the frame grows by what is used.  Each is
 * written once, so numbering the writes in order is a one-to-one map. */
static unsigned remapped(const int *map, unsigned base, unsigned r)
{
    return r >= base && r - base < LICM_MAX_REGS && map[r - base] >= 0 ? (unsigned)map[r - base]
                                                                       : r;
}

static void pack_registers(lw_func *F, unsigned base)
{
    int map[LICM_MAX_REGS];
    unsigned next = base;
    for (int r = 0; r < LICM_MAX_REGS; r++)
        map[r] = -1;
    for (int b = 0; b < F->nblocks; b++)
        for (int i = 0; i < F->blocks[b].n; i++) {
            const simt_insn *in = &F->blocks[b].code[i];
            if ((simt_opinfo_table[in->op].uses & WA) && in->a >= base &&
                in->a - base < LICM_MAX_REGS)
                map[in->a - base] = (int)next++;
        }
    for (int b = 0; b < F->nblocks; b++) {
        lw_block *bl = &F->blocks[b];
        for (int i = 0; i < bl->n; i++) {
            simt_insn *in = &bl->code[i];
            unsigned uses = simt_opinfo_table[in->op].uses;
            if (uses & (RA | WA))
                in->a = (uint16_t)remapped(map, base, in->a);
            if (uses & RB)
                in->b = (uint16_t)remapped(map, base, in->b);
            if (uses & RC)
                in->c = (uint16_t)remapped(map, base, in->c);
        }
        if (bl->term == T_BR)
            bl->br_reg = (int)remapped(map, base, (unsigned)bl->br_reg);
    }
    F->maxreg = (int)next;
}

/* Hoists what it can; returns how many instructions moved. */
int opt_hoist_invariants(lw_func *F)
{
    const simt_allocator *al = &F->M->ctx->tal;
    licm h = {0};
    opt o = {0};
    int moved = 0;
    if (F->nblocks > LICM_MAX_BLOCKS || F->maxreg + LICM_MAX_REGS >= 65536 ||
        !make_preheaders(F, al, &h.g) || !opt_setup(&o, F)) {
        cfg_free(al, &h.g);
        opt_release(&o);
        return 0;
    }
    h.o = &o;
    h.base = (unsigned)F->maxreg;
    h.cap = h.base + LICM_MAX_REGS;
    h.written = simt_calloc(al, (h.cap + 63) / 64, sizeof *h.written);
    if (h.written) {
        opt_liveness(&o, o.isvar + o.words);
        int order[LICM_MAX_LOOPS];
        for (int l = 0; l < h.g.nloops; l++) {  /* innermost (smallest) first */
            int k = l;
            for (; k > 0 && h.g.size[order[k - 1]] > h.g.size[l]; k--)
                order[k] = order[k - 1];
            order[k] = l;
        }
        for (int l = 0; l < h.g.nloops && !F->M->oom; l++)
            moved += hoist_loop(&h, order[l]);
        if (moved)
            pack_registers(F, h.base);
    }
    simt_free(al, h.written);
    cfg_free(al, &h.g);
    opt_release(&o);
    return moved;
}
