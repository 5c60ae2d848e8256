/* vm/live.c -- which registers a new frame must clear.
 *
 * A frame's registers used to be zeroed whole when a block started or a
 * function was called (so that a program reading a register it never wrote
 * sees 0 on every run, for every --threads).  For a short kernel that costs
 * more than running it: saxpy's 14 registers are 3.5 KB per warp.  Only the
 * registers that some path of the function may read before writing them
 * (live at its entry, found by backward liveness over its instructions) can
 * show an old value, so only those are cleared, and registers a shuffle reads
 * from other lanes (which may have exited without writing them).  The link
 * slots and parameters are set by every frame start anyway.
 *
 * The analysis is per thread: a lane's path is a path of the function's
 * control-flow graph, whatever its warp does, so liveness over that graph
 * covers every lane.  Unknown or windowed operands count as reads (more
 * clearing, never less); only the a-register writes named in the USES column
 * count as writes.
 */
#include <string.h>

#include "vm/exec.h"

/* Functions larger than this (instructions x registers) clear every register. */
#define LIVE_MAX_BITS (1u << 24)

typedef struct live_fn {
    const simt_module *mod;
    const simt_func *f;
    uint32_t words;      /* 64-bit words of one register set */
    uint64_t *in;        /* live-in set of each instruction */
} live_fn;

static void set_bit(uint64_t *s, uint32_t r, uint32_t nregs)
{
    if (r < nregs)
        s[r >> 6] |= 1ull << (r & 63);
}

static void set_range(uint64_t *s, uint32_t from, uint32_t n, uint32_t nregs)
{
    for (uint32_t k = 0; k < n; k++)
        set_bit(s, from + k, nregs);
}

/* The registers instruction in reads (into use) and the one it surely writes. */
static int insn_uses(const live_fn *lf, const simt_insn *in, uint64_t *use)
{
    uint32_t n = lf->f->nregs;
    unsigned u = simt_opinfo_table[in->op].uses;
    if (in->op == OP_BAR && (in->i == BAR_SYNC || in->i == BAR_GRID))
        return -1; /* a plain __syncthreads reads no register and writes none */
    if (u & RA)
        set_bit(use, in->a, n);
    if (u & RB)
        set_bit(use, in->b, n);
    if (u & (RC | RC2 | RC3))
        set_range(use, in->c, u & RC3 ? 3 : u & RC2 ? 2 : 1, n);
    switch ((simt_op)in->op) {
    case OP_ATOM: case OP_ATOMCAS:
        set_range(use, in->c, 2, n); /* the handler reads c + 1 for both */
        break;
    case OP_CALL: {
        const simt_func *callee = &lf->mod->funcs[in->i];
        set_range(use, in->a + SIMT_FRAME_LINK, lf->mod->sigs[callee->sig].nargs, n);
        set_bit(use, 2, n);
        return in->a; /* the callee's RET writes the caller's R[a] */
    }
    case OP_RET: case OP_RETV:
        set_range(use, 0, SIMT_FRAME_LINK, n);
        break;
    case OP_LADDR:
        set_bit(use, 2, n);
        break;
    case OP_INTR: case OP_HCALL: case OP_NCALL: case OP_LAUNCH:
        set_range(use, in->b, in->c, n);
        break;
    default:
        break;
    }
    return u & WA ? in->a : -1;
}

/* The successors of pc: returns how many (0..2) in succ. */
static int insn_succ(const live_fn *lf, uint32_t pc, uint32_t succ[2])
{
    const simt_insn *in = &lf->mod->code[pc];
    switch ((simt_op)in->op) {
    case OP_JMP: case OP_YIELDJ: succ[0] = (uint32_t)in->i; return 1;
    case OP_BRZ: case OP_BRNZ: case OP_BRCT: case OP_BRCF: succ[0] = (uint32_t)in->i; succ[1] = pc + 1; return 2;
    case OP_RET: case OP_RETV: case OP_TRAP: return 0;
    default: succ[0] = pc + 1; return 1;
    }
}

/* One backward pass over the function; returns 1 if any live-in set grew. */
static int live_pass(live_fn *lf, uint64_t *tmp, uint64_t *use)
{
    int changed = 0;
    uint32_t W = lf->words, entry = lf->f->entry;
    for (uint32_t pc = lf->f->end; pc-- > entry;) {
        uint32_t succ[2];
        int ns = insn_succ(lf, pc, succ);
        memset(tmp, 0, W * sizeof *tmp);
        for (int s = 0; s < ns; s++)
            if (succ[s] >= entry && succ[s] < lf->f->end)
                for (uint32_t k = 0; k < W; k++)
                    tmp[k] |= lf->in[(size_t)(succ[s] - entry) * W + k];
        memset(use, 0, W * sizeof *use);
        int def = insn_uses(lf, &lf->mod->code[pc], use);
        if (def >= 0 && (uint32_t)def < lf->f->nregs)
            tmp[def >> 6] &= ~(1ull << (def & 63));
        uint64_t *cur = &lf->in[(size_t)(pc - entry) * W];
        for (uint32_t k = 0; k < W; k++) {
            uint64_t v = tmp[k] | use[k];
            if (v != cur[k]) {
                cur[k] = v;
                changed = 1;
            }
        }
    }
    return changed;
}

/* Whether no instruction of f writes below register first (its link slots and
 * arguments): no write to such an a, no RET (which writes slot 0 at the entry
 * frame) and no call whose frame starts there. */
static int keeps_head(const simt_module *mod, const simt_func *f, uint32_t first)
{
    for (uint32_t pc = f->entry; pc < f->end; pc++) {
        const simt_insn *in = &mod->code[pc];
        if (in->op == OP_RET || (in->op == OP_CALL && in->a < first))
            return 0;
        if ((simt_opinfo_table[in->op].uses & WA) && in->a < first)
            return 0;
    }
    return 1;
}

/* Fills z with the registers function f must clear; 0, or -1 out of memory. */
static int zero_list(simt_vm *vm, uint32_t f, simt_frame_zero *z)
{
    const simt_module *mod = vm->mod;
    live_fn lf = {mod, &mod->funcs[f], 0, NULL};
    uint32_t nregs = lf.f->nregs, len = lf.f->end - lf.f->entry;
    uint32_t first = SIMT_FRAME_LINK + mod->sigs[lf.f->sig].nargs;
    lf.words = (nregs + 63) / 64;
    uint64_t *all = NULL;
    int everything = nregs == 0 || (uint64_t)len * nregs > LIVE_MAX_BITS;
    if (!everything) {
        /* One row per instruction, then two scratch rows. */
        lf.in = simt_calloc(&vm->cfg.alloc, (size_t)len + 2, lf.words * sizeof *lf.in);
        if (!lf.in)
            return -1;
        all = lf.in + (size_t)len * lf.words;
        while (live_pass(&lf, all, all + lf.words))
            ;
        memcpy(all, lf.in, lf.words * sizeof *all); /* live at the entry */
        for (uint32_t pc = lf.f->entry; pc < lf.f->end; pc++)
            if (mod->code[pc].op == OP_SHFL)
                set_bit(all, mod->code[pc].b, nregs);
    }
    z->regs = simt_calloc(&vm->cfg.alloc, nregs ? nregs : 1, sizeof *z->regs);
    if (!z->regs) {
        simt_free(&vm->cfg.alloc, lf.in);
        return -1;
    }
    z->keep_head = keeps_head(mod, lf.f, first);
    for (uint32_t r = first; r < nregs; r++)
        if (everything || (all[r >> 6] >> (r & 63) & 1))
            z->regs[z->n++] = r;
    simt_free(&vm->cfg.alloc, lf.in);
    return 0;
}

simt_status simt_frame_zero_init(simt_vm *vm)
{
    uint32_t n = vm->mod->nfuncs;
    vm->frame_zero = simt_calloc(&vm->cfg.alloc, n ? n : 1, sizeof *vm->frame_zero);
    if (!vm->frame_zero)
        return simt_vm_oom(vm, "the register tables");
    for (uint32_t f = 0; f < n; f++)
        if (zero_list(vm, f, &vm->frame_zero[f]) != 0)
            return simt_vm_oom(vm, "the register tables");
    return SIMT_OK;
}

void simt_frame_zero_free(simt_vm *vm)
{
    for (uint32_t f = 0; vm->frame_zero && f < vm->mod->nfuncs; f++)
        simt_free(&vm->cfg.alloc, vm->frame_zero[f].regs);
    simt_free(&vm->cfg.alloc, vm->frame_zero);
    vm->frame_zero = NULL;
}
