/* runtime/timing.c -- estimated cycles and stall reasons (SPEC 5.3).
 *
 * The interpreter runs one block at a time and the warps of a block one
 * quantum after another, so the model cannot replay the SM cycle by cycle.
 * It keeps, instead, a clock per warp and a scoreboard per warp register:
 *   - a warp issues its next instruction when its operands are ready (the
 *     latency of their producer: ALU, shared/MIO, or the level of the memory
 *     hierarchy that served a load) and at most one instruction per cycle;
 *     the wait is charged to a stall reason by the producer's class;
 *   - __syncthreads moves every warp of the block to the latest one;
 *   - a block starts when a resident-block slot of its SM frees (blocks go to
 *     SMs round robin; the SM holds `blocks_per_sm` of them, from occupancy).
 * An SM then needs the longest of: its latency chain (the makespan of its
 * slots), the issue slots of its busiest warp scheduler (one instruction per
 * cycle each), its L1 data-stage wavefronts, its sectors to and from the
 * L2 and its L1-miss line transactions (each held for its latency, at most
 * outstanding_lines at once: Little's law); the GPU needs at least its DRAM
 * bytes over the DRAM bandwidth.  The launch takes the slowest SM.
 * This reproduces latency hiding: with few warps the chain dominates, with
 * enough (about L/C per scheduler) the issue slots do and time flattens.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/model.h"
#include "vm/opcodes.h"

/* Sectors per cycle one SM exchanges with the L2 (64 bytes: the figure
 * microbenchmarks of Volta to Hopper find for one SM alone).  A working set
 * that thrashes the L1 runs at this rate, however many warps are resident. */
#define L2_SECTORS_PER_CYCLE 2

/* The stall counter of each wait class (enum simt_wait_class). */
static const uint8_t stall_counter[] = {CNT_STALL_WAIT, CNT_STALL_WAIT, CNT_STALL_SHORT_SB,
                                        CNT_STALL_LONG_SB};

/* Cycles until the result of an instruction that is not a memory access is
 * ready.  Division and transcendental functions are instruction sequences or
 * SFU operations on hardware; warp collectives go through the MIO pipe. */
static uint64_t alu_latency(const simt_device_profile *d, unsigned op, int *wclass)
{
    *wclass = WAITC_ALU;
    switch (op) {
    case OP_DIV_S32: case OP_DIV_U32: case OP_REM_S32: case OP_REM_U32:
    case OP_DIV_S64: case OP_DIV_U64: case OP_REM_S64: case OP_REM_U64:
    case OP_DIV_F32: case OP_DIV_F64:
        return (uint64_t)d->lat_alu * 5;
    case OP_INTR:
        return (uint64_t)d->lat_alu * 4;
    case OP_SHFL: case OP_VOTE: case OP_MATCH_ANY: case OP_MATCH_ALL: case OP_REDUX:
        *wclass = WAITC_SHORT;
        return (uint64_t)d->lat_shared;
    default:
        return (uint64_t)d->lat_alu;
    }
}

static void free_sms(simt_timing *t, const simt_allocator *al)
{
    if (t->sm && t->dev)
        for (int s = 0; s < t->dev->sm_count; s++) {
            simt_free(al, t->sm[s].slot_end);
            simt_free(al, t->sm[s].slot_live);
            simt_free(al, t->sm[s].sched_issued);
        }
    simt_free(al, t->sm);
    t->sm = NULL;
}

static void free_warps(simt_warp_time *warps, uint32_t cap, const simt_allocator *al)
{
    for (uint32_t w = 0; w < cap; w++) {
        simt_free(al, warps[w].ready);
        simt_free(al, warps[w].wclass);
    }
    simt_free(al, warps);
}

/* The current block's fields to its seat's entry (seats allocated). */
static void seat_save(simt_timing *t)
{
    t->seats[t->seat] = (simt_seat_time){ t->warps, t->nwarps, t->cap_warps, t->cur_sm,
                                          t->cur_slot, t->block_start, t->block_id };
}

void simt_timing_free(simt_timing *t, const simt_allocator *al)
{
    simt_free(al, t->pc);
    simt_free(al, t->side);
    simt_free(al, t->skip);
    simt_free(al, t->piece);
    simt_free(al, t->compound);
    simt_free(al, t->piece_pool);
    if (t->nseats) {
        seat_save(t);
        for (uint32_t k = 0; k < t->nseats; k++)
            free_warps(t->seats[k].warps, t->seats[k].cap_warps, al);
    } else {
        free_warps(t->warps, t->cap_warps, al);
    }
    simt_free(al, t->seats);
    free_sms(t, al);
    memset(t, 0, sizeof *t);
}

int simt_timing_launch(simt_model *m, int slots)
{
    simt_timing *t = &m->tm;
    const simt_device_profile *d = m->dev;
    if (!t->sm || t->slots != slots) {
        free_sms(t, &m->al);
        t->dev = d;
        t->slots = slots;
        t->sm = simt_calloc(&m->al, (size_t)d->sm_count, sizeof *t->sm);
        if (!t->sm)
            return -1;
        for (int s = 0; s < d->sm_count; s++) {
            t->sm[s].slot_end = simt_calloc(&m->al, (size_t)slots, sizeof(uint64_t));
            t->sm[s].slot_live = simt_calloc(&m->al, (size_t)slots, 1);
            t->sm[s].sched_issued = simt_calloc(&m->al, (size_t)d->schedulers_per_sm,
                                                sizeof(uint64_t));
            if (!t->sm[s].slot_end || !t->sm[s].slot_live || !t->sm[s].sched_issued) {
                free_sms(t, &m->al); /* a half-built table must not be reused */
                return -1;
            }
        }
    }
    for (int s = 0; s < d->sm_count; s++) {
        simt_sm_time *sm = &t->sm[s];
        memset(sm->slot_end, 0, (size_t)slots * sizeof(uint64_t));
        memset(sm->slot_live, 0, (size_t)slots);
        memset(sm->sched_issued, 0, (size_t)d->schedulers_per_sm * sizeof(uint64_t));
        sm->mem_wavefronts = sm->l2_sectors = sm->makespan = sm->warp_cycles = sm->blocks = 0;
        sm->line_cycles = 0;
    }
    t->nwarps = 0;
    t->cur_sm = -1;
    /* every block of the last launch ended; this one's run in seat 0 until
     * blocks interleave */
    return simt_timing_seat(m, 0);
}

/* The state of warp w of the running block, created on its first instruction. */
static simt_warp_time *warp_time(simt_model *m, uint32_t w)
{
    simt_timing *t = &m->tm;
    if (t->cur_sm < 0)
        return NULL;
    if (w >= t->cap_warps) {
        uint32_t cap = t->cap_warps ? t->cap_warps : 32;
        while (cap <= w)
            cap *= 2;
        simt_warp_time *nw = simt_realloc(&m->al, t->warps, cap * sizeof *nw);
        if (!nw) {
            m->failed = 1;
            return NULL;
        }
        memset(nw + t->cap_warps, 0, (cap - t->cap_warps) * sizeof *nw);
        t->warps = nw;
        for (uint32_t k = t->cap_warps; k < cap; k++) {
            nw[k].ready = simt_calloc(&m->al, SIMT_SINK_REG + 1, sizeof(uint64_t));
            nw[k].wclass = simt_calloc(&m->al, SIMT_TRACKED_REGS + 1, 1);
            if (!nw[k].ready || !nw[k].wclass) {
                simt_free(&m->al, nw[k].ready);
                simt_free(&m->al, nw[k].wclass);
                nw[k].ready = NULL;
                nw[k].wclass = NULL;
                t->cap_warps = k; /* only complete entries count */
                m->failed = 1;
                return NULL;
            }
        }
        t->cap_warps = cap;
    }
    while (t->nwarps <= w) {
        simt_warp_time *wt = &t->warps[t->nwarps++];
        /* it first loads the kernel's parameters (t->entry_issues) */
        wt->t = wt->start = wt->last_issue = t->block_start + t->entry_issues;
        wt->last_dest = -1;
        wt->spill_store = -1;
        wt->last_free = 0;
        wt->pass_valid = 0;
        wt->last_store = 0;
        wt->sched = (uint32_t)((t->nwarps - 1 + (uint32_t)t->cur_slot) %
                               (uint32_t)m->dev->schedulers_per_sm);
        wt->issued = &t->sm[t->cur_sm].sched_issued[wt->sched];
        *wt->issued += t->entry_issues;
        if (m->cur)
            m->cur->c[CNT_INST] += t->entry_issues;
        /* no frame reaches past clear_regs: the others stay unread */
        memset(wt->ready, 0, t->clear_regs * sizeof(uint64_t));
        memset(wt->wclass, 0, t->clear_regs);
    }
    return &t->warps[w];
}

static __attribute__((noinline)) void stall(simt_model *m, int wclass, uint64_t cycles, int32_t pc)
{
    m->cur->c[stall_counter[wclass]] += cycles;
    if (m->want_lines && pc >= 0 && (uint32_t)pc < m->mod->ncode)
        m->lines[m->tm.pc[pc].line].stall += cycles;
}

/* One issue slot of the scheduler that warp belongs to. */
static void count_issue(simt_model *m, uint32_t warp)
{
    (*m->tm.warps[warp].issued)++;
}

/* Issues the warp's pending spill store: in-order issue makes it wait for the
 * value of its register (an ALU result or a load), as STL after a spill does. */
static __attribute__((noinline, cold)) void flush_spill_store(simt_model *m, simt_warp_time *wt, uint32_t warp, int32_t pc)
{
    if (wt->spill_store < 0)
        return;
    unsigned r = (unsigned)wt->spill_store % SIMT_TRACKED_REGS;
    uint64_t at = wt->t;
    if (wt->ready[r] > at) {
        stall(m, wt->wclass[r], wt->ready[r] - at, pc);
        at = wt->ready[r];
    }
    wt->t = at + 1;
    count_issue(m, warp);
    wt->spill_store = -1;
    if (m->dev->blocking_stores && wt->spill_store_lat > 1) {
        stall(m, WAITC_LONG, wt->spill_store_lat - 1, pc);
        wt->t = at + wt->spill_store_lat;
    }
}

void simt_timing_block_end(simt_model *m)
{
    simt_timing *t = &m->tm;
    if (t->cur_sm < 0)
        return;
    simt_sm_time *sm = &t->sm[t->cur_sm];
    uint64_t end = t->block_start;
    for (uint32_t w = 0; w < t->nwarps; w++) {
        if (t->warps[w].spill_store >= 0) /* the test here: the call is out of line */
            flush_spill_store(m, &t->warps[w], w, -1);
        if (t->warps[w].t > end)
            end = t->warps[w].t;
        sm->warp_cycles += t->warps[w].t - t->block_start;
    }
    sm->slot_end[t->cur_slot] = end;
    sm->slot_live[t->cur_slot] = 0;
    if (end > sm->makespan)
        sm->makespan = end;
    sm->blocks++;
    t->cur_sm = -1;
    t->nwarps = 0;
}

/* The slot a block takes where its round-robin slot still runs a block of
 * an interleaved launch (blocks end out of order there): the first to free
 * of the other slots of its SM, else of any SM.  One is free: the launch
 * keeps at most the slots' number of blocks started. */
static void free_slot(simt_timing *t)
{
    int best_sm = -1, best_slot = 0;
    for (int pass = 0; pass < 2 && best_sm < 0; pass++)
        for (int s = 0; s < t->dev->sm_count; s++) {
            if (pass == 0 && s != t->cur_sm)
                continue;
            const simt_sm_time *sm = &t->sm[s];
            for (int k = 0; k < t->slots; k++)
                if (!sm->slot_live[k] &&
                    (best_sm < 0 || sm->slot_end[k] < t->sm[best_sm].slot_end[best_slot]))
                    best_sm = s, best_slot = k;
        }
    if (best_sm >= 0)
        t->cur_sm = best_sm, t->cur_slot = best_slot;
}

void simt_timing_block(simt_model *m, uint64_t linear)
{
    simt_timing *t = &m->tm;
    if (!t->sm)
        return;
    simt_timing_block_end(m);
    uint64_t nsm = (uint64_t)m->dev->sm_count;
    t->cur_sm = (int)(linear % nsm);
    t->cur_slot = (int)(linear / nsm % (uint64_t)t->slots);
    if (t->sm[t->cur_sm].slot_live[t->cur_slot])
        free_slot(t);
    t->sm[t->cur_sm].slot_live[t->cur_slot] = 1;
    t->block_start = t->sm[t->cur_sm].slot_end[t->cur_slot];
    t->block_id = (uint32_t)linear + 1u;
    t->nwarps = 0;
}

/* The latency from the first of an instruction's SASS instructions to its
 * last, which waits for it: the compare of a compare-and-branch, the
 * address of an LDX, the low half of a 64-bit operation. */
static uint32_t lead_latency(const simt_device_profile *d, const simt_insn *in, int *wclass)
{
    *wclass = WAITC_ALU;
    if (in->op == OP_BRCT || in->op == OP_BRCF || in->op == OP_LDX)
        return (uint32_t)alu_latency(d, in->op == OP_LDX ? OP_LEA : in->a, wclass);
    return (uint32_t)d->lat_alu;
}

/* The most SASS instructions of a side nvcc predicates rather than
 * branches around (its if-conversion threshold is of this order: the four
 * of `if (t < s) a[t] += a[t + s]` are predicated in a reduction). */
#define PREDICATE_MAX_SASS 8

static int is_cond_branch(unsigned op)
{
    return op == OP_BRCT || op == OP_BRCF || op == OP_BRNZ || op == OP_BRZ;
}

/* Whether nvcc could predicate the instruction: lane-local work, a load or
 * a store; not a branch, call, barrier, collective or atomic. */
static int predicable(unsigned op)
{
    switch (simt_opinfo_table[op].format) {
    case FMT_J: case FMT_BR: case FMT_BRC: case FMT_CALL: case FMT_X:
        return 0;
    default:
        break;
    }
    switch (op) {
    case OP_JOIN: case OP_RET: case OP_RETV: case OP_TRAP: case OP_MEMCPY: case OP_ATOM:
    case OP_ATOMCAS: case OP_SHFL: case OP_VOTE: case OP_MATCH_ANY: case OP_MATCH_ALL:
    case OP_REDUX: case OP_SYNCWARP: case OP_BAR: case OP_FENCE: case OP_ACTMASK:
    case OP_SLEEP: case OP_YIELD:
        return 0;
    default:
        return 1;
    }
}

/* The SASS of the predicable side from pc first up to the join (a JMP to
 * it ends the side: *jmp is its pc, else left alone), or -1 where it is
 * not predicable or runs past limit or most. */
static int side_sass(const simt_module *mod, uint32_t first, uint32_t join, uint32_t limit,
                     int most, uint32_t *jmp)
{
    int sass = 0;
    for (uint32_t k = first; k != join; k++) {
        if (k >= limit)
            return -1;
        const simt_insn *s = &mod->code[k];
        if (s->op == OP_JMP && (uint32_t)s->i == join) {
            *jmp = k;
            return sass; /* the side's end: a GPU's predicated sides need none */
        }
        if (!predicable(s->op) || (sass += (int)simt_insn_sass(s)) > most)
            return -1;
    }
    return sass;
}

/* Marks the conditional branch at pc of function f if nvcc would compile it
 * without a branch.  Its sides, up to its reconvergence point (the lanes
 * that fall through run one, the taken lanes the other or none), are
 *   - short and predicable (PCT_PREDICATED): nvcc predicates them, and the
 *     GPU counts no divergent branch; side: the SASS of the fall-through
 *     side, and of the taken side << 16; or
 *   - a skipped side that is the kernel's last (PCT_EXITS: only JOINs, then
 *     RETV, follow the join): the skipping lanes exit there (`@P EXIT`),
 *     which is no branch either. */
static void mark_predicated(simt_timing *t, const simt_module *mod, const simt_func *f,
                            uint32_t pc)
{
    const simt_insn *in = &mod->code[pc];
    uint32_t join = (uint32_t)in->j, target = (uint32_t)in->i;
    if (in->j < 0 || join <= pc || join >= f->end || target <= pc || target >= f->end)
        return;
    uint32_t end = join;
    while (end < f->end && mod->code[end].op == OP_JOIN)
        end++;
    if (target == join && (f->kind & FN_KERNEL) && end < f->end && mod->code[end].op == OP_RETV) {
        t->pc[pc].flags |= PCT_EXITS;
        return;
    }
    /* the compiler's if-conversion decided (SIMT_BR_PREDICATED); without
     * it (a .kbc of an older compiler, a branch of && or ?:), a short side */
    int flagged = (in->op == OP_BRZ || in->op == OP_BRNZ) && in->b == SIMT_BR_PREDICATED;
    int most = flagged ? 0xffff : PREDICATE_MAX_SASS;
    uint32_t jmp = UINT32_MAX;
    int fall = side_sass(mod, pc + 1, join, join, most, &jmp);
    int taken = target == join ? 0 : side_sass(mod, target, join, f->end, most, &jmp);
    if (fall >= 0 && taken >= 0 && (flagged || fall + taken <= PREDICATE_MAX_SASS)) {
        t->pc[pc].flags |= PCT_PREDICATED;
        t->side[pc] = (uint32_t)fall | (uint32_t)taken << 16;
        /* the jump from a side to the join is no GPU instruction */
        if (jmp != UINT32_MAX)
            t->pc[jmp].flags |= PCT_FOLDED;
    }
}

/* The instructions of the side a warp skips at a predicated branch from
 * first on: up to the join, or a jump to it. */
static uint32_t skipped_length(const simt_module *mod, uint32_t first, uint32_t join)
{
    uint32_t k = first;
    for (; k < join && k < mod->ncode; k++)
        if (mod->code[k].op == OP_JMP && (uint32_t)mod->code[k].i == join)
            break;
    return k > first ? k - first : 0;
}

/* skip[2 pc], skip[2 pc + 1]: the side that a warp whose lanes all take the
 * predicated branch at pc skips (the fall-through code), and the one that a
 * warp none of whose lanes takes it skips (the taken code), which the model
 * issues predicated off (model.c issue_skipped_side): found once here, not
 * at every branch. */
static void mark_skips(simt_timing *t, const simt_module *mod, uint32_t pc)
{
    const simt_insn *in = &mod->code[pc];
    if (!(t->pc[pc].flags & PCT_PREDICATED) || (in->op != OP_BRZ && in->op != OP_BRNZ) ||
        in->b != SIMT_BR_PREDICATED)
        return;
    uint32_t join = (uint32_t)in->j;
    t->skip[2 * pc] = skipped_length(mod, pc + 1, join);
    t->skip[2 * pc + 1] = skipped_length(mod, (uint32_t)in->i, join);
}

int simt_timing_decode(simt_model *m)
{
    simt_timing *t = &m->tm;
    const simt_module *mod = m->mod;
    t->pc = simt_calloc(&m->al, mod->ncode ? mod->ncode : 1, sizeof *t->pc);
    t->side = simt_calloc(&m->al, mod->ncode ? mod->ncode : 1, sizeof *t->side);
    t->skip = simt_calloc(&m->al, 2 * (size_t)(mod->ncode ? mod->ncode : 1), sizeof *t->skip);
    if (!t->pc || !t->side || !t->skip)
        return -1;
    uint32_t most = 1; /* above the highest register an instruction names */
    for (uint32_t pc = 0; pc < mod->ncode; pc++) {
        const simt_insn *in = &mod->code[pc];
        simt_pc_time *p = &t->pc[pc];
        unsigned src[5], n = simt_insn_reads(in, src);
        for (unsigned k = 0; k < 5; k++)
            p->src[k] = (uint16_t)(k < n ? src[k] % SIMT_TRACKED_REGS : SIMT_NO_REG);
        p->nsrc = (uint8_t)n;
        p->dest = (uint8_t)(in->a % SIMT_TRACKED_REGS);
        p->wdest = (uint16_t)(simt_opinfo_table[in->op].uses & WA ? p->dest : SIMT_SINK_REG);
        /* as many issues as the GPU's instructions (vm/opcodes.def SASS): none
         * for what nvcc folds away (the result is ready when its operand is),
         * several for a pair or a 64-bit operation (PCT_PAIR) */
        unsigned sass = simt_code_sass(mod, pc);
        p->flags = (uint8_t)((sass == 0 ? PCT_FOLDED : 0) |
                             (simt_opinfo_table[in->op].uses & WA ? PCT_WRITES : 0) |
                             (n > 3 ? PCT_MANY : 0));
        int wclass;
        p->lat = (uint32_t)alu_latency(m->dev, in->op, &wclass);
        p->wclass = (uint8_t)wclass;
        if (in->op == OP_BRCT || in->op == OP_BRCF || in->op == OP_BRNZ || in->op == OP_BRZ)
            p->flags |= PCT_BRANCH;
        if (simt_insn_volatile_load(in))
            p->flags |= PCT_VOLATILE;
        if (sass >= 2) {
            p->flags |= PCT_PAIR;
            p->lead = (uint8_t)(sass - 1 < 255 ? sass - 1 : 255);
            p->pair_lat = lead_latency(m->dev, in, &wclass);
            p->pair_wclass = (uint8_t)wclass;
        }
        p->line = mod->pos ? mod->pos[pc].line : 0;
        for (unsigned k = 0; k < n; k++)
            most = src[k] + 1 > most ? src[k] + 1 : most;
        if (p->flags & PCT_WRITES)
            most = in->a + 1u > most ? in->a + 1u : most;
    }
    for (uint32_t f = 0; f < mod->nfuncs; f++)
        for (uint32_t pc = mod->funcs[f].entry; pc < mod->funcs[f].end && pc < mod->ncode; pc++)
            if (is_cond_branch(mod->code[pc].op))
                mark_predicated(t, mod, &mod->funcs[f], pc);
    for (uint32_t pc = 0; pc < mod->ncode; pc++)
        mark_skips(t, mod, pc);
    t->clear_regs = most < SIMT_TRACKED_REGS ? most : SIMT_TRACKED_REGS;
    t->ncode = mod->ncode;
    return 0;
}

_Static_assert(sizeof(simt_pc_time) == 32, "simt_pc_time: a run's pointers are shifts");

/* Runs once per warp instruction: what it touches is the warp's clock, the
 * instruction's decoded operands and the registers' ready times, nothing
 * that needs a second pointer chase (count_issue's pointer is in wt). */
static inline __attribute__((always_inline)) void timing_issue(simt_model *m, int32_t pc, uint32_t warp)
{
    simt_timing *t = &m->tm;
    simt_warp_time *wt = warp < t->nwarps ? &t->warps[warp] : warp_time(m, warp);
    if (__builtin_expect(!wt || (uint32_t)pc >= m->mod->ncode, 0))
        return;
    if (__builtin_expect(wt->spill_store >= 0, 0))
        flush_spill_store(m, wt, warp, pc);
    const simt_pc_time *p = &t->pc[pc];
    uint64_t now = wt->t, ready = now;
    int why = WAITC_NONE;
    const uint64_t *rd = wt->ready;
    for (unsigned k = 0; k < p->nsrc; k++) {
        unsigned r = p->src[k];
        if (rd[r] > ready) {
            ready = rd[r];
            why = wt->wclass[r];
        }
    }
    if (p->flags & (PCT_PAIR | PCT_FOLDED)) {
        if (p->flags & PCT_PAIR) {
            /* a compare and a branch on its predicate, an LEA and a load of
             * its address, the halves of a 64-bit operation: the first issues
             * when its operands are ready, the last waits for its result */
            if (ready > now)
                stall(m, why, ready - now, pc);
            now = ready + p->lead;
            wt->t = now;
            (*wt->issued) += p->lead;
            ready += p->pair_lat;
            why = p->pair_wclass;
        }
        if (p->flags & PCT_FOLDED) {
            wt->last_free = 1;
            wt->last_dest = -1;
            if (p->flags & PCT_WRITES) {
                wt->ready[p->dest] = ready;
                wt->wclass[p->dest] = (uint8_t)why;
            }
            return;
        }
    }
    wt->last_free = 0;
    if (ready > now) {
        if (__builtin_expect(m->want_lines, 0))
            stall(m, why, ready - now, pc);
        else
            m->cur->c[stall_counter[why]] += ready - now;
    }
    wt->last_issue = ready;
    wt->t = ready + 1;
    (*wt->issued)++;
    if (p->flags & PCT_WRITES) {
        wt->ready[p->dest] = ready + p->lat;
        wt->wclass[p->dest] = p->wclass;
        wt->last_dest = p->dest;
    } else {
        wt->last_dest = -1;
    }
}

/* What the run leaves in the warp: what timing_issue leaves after each
 * instruction depends on that instruction alone, so the run's last (lastp)
 * decides them; a non-folded issue (the last of a pair too) sets the last
 * issue to now - 1, and a run with none leaves it. */
static inline __attribute__((always_inline)) void clock_end(simt_warp_time *wt,
                                                           const simt_pc_time *lastp,
                                                           uint64_t now, uint64_t issued)
{
    if (lastp->flags & PCT_FOLDED) {
        wt->last_free = 1;
        wt->last_dest = -1;
    } else {
        wt->last_free = 0;
        wt->last_dest = lastp->flags & PCT_WRITES ? lastp->dest : -1;
    }
    if (issued)
        wt->last_issue = now - 1;
    wt->t = now;
    *wt->issued += issued;
}

/* timing_issue for n instructions of one warp from pc first on (the common
 * case of simt_model_issue_run: no per-line table, no spills): the warp's
 * clock, last issue and last result and its scheduler's count stay in
 * locals until the run ends, stalls go straight to their counters (c: the
 * launch's), and every instruction compares three sources (SIMT_NO_REG
 * where it reads fewer), in order, so that a tie keeps the first as
 * timing_issue does.  Returns 0 where it cannot (the caller then issues
 * one by one).  Runs are short (two or three instructions between
 * branches and accesses), so what is done once per run counts as much as
 * the loop. */
static inline __attribute__((always_inline)) int timing_run(simt_model *m, uint64_t *c,
                                                           int32_t first, uint32_t n,
                                                           uint32_t warp, uint64_t *sass)
{
    simt_timing *t = &m->tm;
    simt_warp_time *wt = warp < t->nwarps ? &t->warps[warp] : warp_time(m, warp);
    /* first + n in 64 bits: a negative first is a huge unsigned one */
    if (!wt || (uint64_t)(uint32_t)first + n > t->ncode || wt->spill_store >= 0)
        return 0;
    uint64_t *rd = wt->ready;
    uint8_t *wc = wt->wclass;
    uint64_t now = wt->t, issued = 0;
    const simt_pc_time *p = &t->pc[first], *end = p + n;
    for (; p < end; p++) {
        uint64_t ready = now;
        unsigned why = WAITC_NONE;
        if (__builtin_expect(p->flags & PCT_MANY, 0)) {
            for (unsigned k = 0; k < p->nsrc; k++)
                if (rd[p->src[k]] > ready) {
                    ready = rd[p->src[k]];
                    why = wc[p->src[k]];
                }
        } else {
            uint64_t r0 = rd[p->src[0]], r1 = rd[p->src[1]], r2 = rd[p->src[2]];
            if (r0 > ready) {
                ready = r0;
                why = wc[p->src[0]];
            }
            if (r1 > ready) {
                ready = r1;
                why = wc[p->src[1]];
            }
            if (r2 > ready) {
                ready = r2;
                why = wc[p->src[2]];
            }
        }
        unsigned f = p->flags;
        if (f & (PCT_PAIR | PCT_FOLDED | PCT_BRANCH)) {
            if (f & PCT_BRANCH)
                c[CNT_BRANCH]++;
            if (f & PCT_PAIR) { /* as timing_issue: the issues before the last */
                c[stall_counter[why]] += ready - now;
                now = ready + p->lead;
                issued += p->lead;
                ready += p->pair_lat;
                why = p->pair_wclass;
            }
            if (f & PCT_FOLDED) {
                if (f & PCT_WRITES) {
                    rd[p->dest] = ready;
                    wc[p->dest] = (uint8_t)why;
                }
                continue;
            }
        }
        c[stall_counter[why]] += ready - now;
        now = ready + 1;
        issued++;
        if (f & PCT_WRITES) {
            rd[p->dest] = ready + p->lat;
            wc[p->dest] = p->wclass;
        }
    }
    clock_end(wt, end - 1, now, issued);
    *sass = issued;
    return 1;
}

/* timing_run where only the clocks can be seen (m->clock_only): the same
 * times without the stall reasons (no wait classes, no stall counters, no
 * branch count), every result stored without a test (wdest).  The caller
 * has checked the warp and the pcs; a clock-only model has no spills
 * (--maxrregcount counts), so no spill store is pending.  Runs are short
 * (two to five instructions), so it stays a leaf with few registers. */
static inline __attribute__((always_inline)) uint64_t clock_loop(uint64_t *rd,
                                                                const simt_pc_time *p,
                                                                const simt_pc_time *end,
                                                                uint64_t *clock)
{
    uint64_t now = *clock, issued = 0;
    for (; p < end; p++) {
        /* the first three sources (registers or SIMT_NO_REG, also with
         * PCT_MANY), then one test of the flags for every other case: a
         * maximum does not depend on the order it is taken in */
        uint64_t ready = now, r0 = rd[p->src[0]], r1 = rd[p->src[1]], r2 = rd[p->src[2]];
        ready = r0 > ready ? r0 : ready;
        ready = r1 > ready ? r1 : ready;
        ready = r2 > ready ? r2 : ready;
        unsigned f = p->flags;
        if (__builtin_expect(f & (PCT_MANY | PCT_PAIR | PCT_FOLDED), 0)) {
            for (unsigned k = 3; k < p->nsrc; k++) /* PCT_MANY */
                ready = rd[p->src[k]] > ready ? rd[p->src[k]] : ready;
            if (f & PCT_PAIR) { /* as timing_issue: the issues before the last */
                now = ready + p->lead;
                issued += p->lead;
                ready += p->pair_lat;
            }
            if (f & PCT_FOLDED) {
                rd[p->wdest] = ready;
                continue;
            }
        }
        now = ready + 1;
        issued++;
        rd[p->wdest] = ready + p->lat;
    }
    *clock = now;
    return issued;
}


/* ---- pieces timed once (simt_piece_memo) ----
 * A kept piece's words: its inputs' count, its outputs' count, the clock it
 * adds, its issues; the input registers; per output its register and the
 * cycles after the start clock its value is ready. */
#define PIECE_HEAD 4
/* simt_piece_memo.score's bound: a piece whose inputs were not ready this
 * many times more often than they were is timed by the loop from then on
 * (either way gives the same times: this only saves the test). */
#define PIECE_SCORE 16
/* Shorter pieces cost the loop less than the test of their inputs. */
#define PIECE_LEAST 6

/* A piece's memory that the allocator refused: the loop times the piece
 * the same, but the embedder learns that memory ran out, as everywhere
 * (SIMTVM_ERR_NOMEM at the end of the run, runtime/api.c), rather than a
 * run that says nothing went wrong. */
static void piece_oom(simt_model *m)
{
    m->failed = 1;
}

static int piece_emit(simt_model *m, const uint32_t *w, uint32_t n)
{
    simt_timing *t = &m->tm;
    if (t->piece_len + n > t->piece_cap) {
        uint32_t cap = t->piece_cap ? t->piece_cap : 1024;
        while (cap < t->piece_len + n)
            cap *= 2;
        uint32_t *np = simt_realloc(&m->al, t->piece_pool, (size_t)cap * sizeof *np);
        if (!np) {
            piece_oom(m);
            return 0;
        }
        t->piece_pool = np;
        t->piece_cap = cap;
    }
    memcpy(t->piece_pool + t->piece_len, w, n * sizeof *w);
    t->piece_len += n;
    return 1;
}

/* Times the piece of n instructions code[0 .. n - 1] once, every input ready at
 * clock 0 (clock_loop on a scratch scoreboard); returns its offset in the
 * pool, or SIMT_PIECE_NONE (out of memory, or a time past 32 bits). */
static uint32_t piece_keep(simt_model *m, const simt_pc_time *code, uint32_t n)
{
    simt_timing *t = &m->tm;
    uint64_t *rd = simt_calloc(&m->al, SIMT_SINK_REG + 1, sizeof *rd);
    uint8_t *seen = simt_calloc(&m->al, SIMT_SINK_REG + 1, 1); /* 1: input, 2: output */
    uint32_t *w = simt_calloc(&m->al, PIECE_HEAD + 3 * (size_t)(SIMT_SINK_REG + 1), sizeof *w);
    uint32_t at = SIMT_PIECE_NONE;
    if (!rd || !seen || !w) {
        piece_oom(m);
        goto done;
    }
    uint32_t nin = 0, nout = 0;
    for (uint32_t i = 0; i < n; i++) {
        const simt_pc_time *p = &code[i];
        for (unsigned k = 0; k < 5; k++)
            if (p->src[k] != SIMT_NO_REG && !seen[p->src[k]]) {
                seen[p->src[k]] = 1;
                w[PIECE_HEAD + nin++] = p->src[k];
            }
        if (p->wdest != SIMT_SINK_REG)
            seen[p->wdest] |= 2;
    }
    uint64_t now = 0, issued = clock_loop(rd, code, code + n, &now);
    if (now > UINT32_MAX)
        goto done;
    uint32_t *out = w + PIECE_HEAD + nin;
    for (unsigned r = 0; r < SIMT_SINK_REG; r++)
        if (seen[r] & 2) {
            if (rd[r] > UINT32_MAX)
                goto done;
            out[2 * nout] = r;
            out[2 * nout + 1] = (uint32_t)rd[r];
            nout++;
        }
    w[0] = nin;
    w[1] = nout;
    w[2] = (uint32_t)now;
    w[3] = (uint32_t)issued;
    at = t->piece_len;
    if (!piece_emit(m, w, PIECE_HEAD + nin + 2 * nout))
        at = SIMT_PIECE_NONE;
done:
    simt_free(&m->al, rd);
    simt_free(&m->al, seen);
    simt_free(&m->al, w);
    return at;
}

/* The kept piece of n instructions from first, kept on its first use: its
 * pool offset, or SIMT_PIECE_NONE.  A pc keeps the first piece from it; one
 * of another length is timed by the loop. */
static inline uint32_t piece_find(simt_model *m, uint32_t first, uint32_t n)
{
    simt_timing *t = &m->tm;
    if (__builtin_expect(t->piece != NULL && t->piece[first].n == n, 1))
        return t->piece[first].at;
    if (!t->piece &&
        !(t->piece = simt_calloc(&m->al, t->ncode ? t->ncode : 1, sizeof *t->piece))) {
        piece_oom(m);
        return SIMT_PIECE_NONE;
    }
    if (t->piece[first].n)
        return SIMT_PIECE_NONE;
    t->piece[first].n = n;
    t->piece[first].at = piece_keep(m, &t->pc[first], n);
    return t->piece[first].at;
}

/* The piece of n instructions from first for the scoreboard rd from the
 * clock *clock (which it moves on); returns its issues.  Where a kept
 * piece's inputs are all ready by the clock, its constants; else the loop. */
/* How many of a piece's inputs (registers, in order) are ready by now: all
 * of them (nin) when its stored timing applies. */
static inline __attribute__((always_inline)) uint32_t inputs_ready(const uint32_t *in, uint32_t nin,
                                                                  const uint64_t *rd, uint64_t now)
{
    uint32_t k = 0;
    while (k < nin && rd[in[k]] <= now)
        k++;
    return k;
}

static inline __attribute__((always_inline)) uint64_t ready_piece(simt_model *m, uint64_t *rd,
                                                                 uint32_t first, uint32_t n,
                                                                 uint64_t *clock)
{
    uint32_t at = n >= PIECE_LEAST ? piece_find(m, first, n) : SIMT_PIECE_NONE;
    if (at != SIMT_PIECE_NONE) {
        simt_piece_memo *pm = &m->tm.piece[first];
        const uint32_t *w = m->tm.piece_pool + at;
        uint32_t nin = w[0], nout = w[1];
        uint64_t now = *clock;
        const uint32_t *in = w + PIECE_HEAD, *out = in + nin;
        uint32_t k = inputs_ready(in, nin, rd, now);
        if (k == nin) {
            for (uint32_t o = 0; o < nout; o++)
                rd[out[2 * o]] = now + out[2 * o + 1];
            *clock = now + w[2];
            pm->score += pm->score < PIECE_SCORE;
            return w[3];
        }
        if (--pm->score < -PIECE_SCORE) /* mostly stalls: the loop from now on */
            pm->at = SIMT_PIECE_NONE;
    }
    const simt_pc_time *p = &m->tm.pc[first];
    return clock_loop(rd, p, p + n, clock);
}

static inline __attribute__((always_inline)) void timing_run_clock(simt_model *m,
                                                                  simt_warp_time *wt,
                                                                  int32_t first, uint32_t n)
{
    uint64_t now = wt->t;
    uint64_t issued = ready_piece(m, wt->ready, (uint32_t)first, n, &now);
    clock_end(wt, &m->tm.pc[first + (int32_t)n - 1], now, issued);
}

/* timing_run_clock for the first run of a warp warp_time has just created:
 * its scoreboard is clear (every register ready at 0, at or before its
 * clock), so every input of the run is ready and the run's kept piece
 * applies without the test of its inputs, whatever its length (every warp
 * of every block starts at its kernel's first pcs: one piece serves them
 * all).  Where no piece is kept, the loop. */
static void fresh_run_clock(simt_model *m, simt_warp_time *wt, uint32_t first, uint32_t n)
{
    uint32_t at = piece_find(m, first, n);
    if (at == SIMT_PIECE_NONE) {
        timing_run_clock(m, wt, (int32_t)first, n);
        return;
    }
    const uint32_t *w = m->tm.piece_pool + at;
    const uint32_t *out = w + PIECE_HEAD + w[0];
    uint64_t now = wt->t;
    for (uint32_t o = 0; o < w[1]; o++)
        wt->ready[out[2 * o]] = now + out[2 * o + 1];
    clock_end(wt, &m->tm.pc[first + n - 1], now + w[2], w[3]);
}

/* The lanes of a mask, inline: __builtin_popcount is a libgcc call in a
 * build without -mpopcnt, a tenth of the issue hook on divergent code. */
static inline uint64_t lanes_in(uint32_t m)
{
    if (m == UINT32_MAX)
        return 32;
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    m = (m + (m >> 4)) & 0x0f0f0f0fu;
    return (m * 0x01010101u) >> 24;
}

/* The warp instructions of a GPU for the instruction p decodes (what
 * timing_issue issues). */
static inline unsigned pc_sass(const simt_pc_time *p)
{
    return p->flags & PCT_FOLDED ? 0 : p->flags & PCT_PAIR ? p->lead + 1u : 1u;
}

/* The same for pc first .. first + n - 1. */
static uint64_t sass_of(const simt_model *m, int32_t first, uint32_t n)
{
    uint64_t sum = 0;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t pc = (uint32_t)first + k;
        sum += pc < m->tm.ncode ? pc_sass(&m->tm.pc[pc]) : 1;
    }
    return sum;
}

/* The conditional branches among pc first .. first + n - 1 (the model
 * counts them where they issue: vm/observe.h OBS_QUIET_BRANCHES). */
static void count_branches(simt_model *m, int32_t first, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) {
        uint32_t pc = (uint32_t)first + k;
        if (pc < m->tm.ncode && (m->tm.pc[pc].flags & PCT_BRANCH))
            m->cur->c[CNT_BRANCH]++;
    }
}

/* The issue hook with the per-line table (--stats, --trace, --report) or
 * register spills: out of line, so that the common path stays small. */
static __attribute__((noinline, cold)) void issue_counted(simt_model *m, int32_t pc, uint32_t mask,
                                                          uint32_t warp)
{
    if (m->want_lines && (uint32_t)pc < m->mod->ncode)
        m->lines[m->tm.pc[pc].line].inst += pc_sass(&m->tm.pc[pc]);
    if (m->maxrreg)
        simt_model_spill_regs(m, pc, mask, warp, 0);
    timing_issue(m, pc, warp);
    if (m->maxrreg)
        simt_model_spill_regs(m, pc, mask, warp, 1);
}

/* The model's issue hook (vm/observe.h), here beside timing_issue so
 * that the compiler inlines it: it runs once per warp instruction. */
void simt_model_issue(simt_model *m, int32_t pc, uint32_t mask, uint32_t warp)
{
    simt_launch_rec *r = m->cur;
    if (!r)
        return;
    uint64_t sass = sass_of(m, pc, 1);
    r->c[CNT_INST] += sass;
    r->c[CNT_THREAD_INST] += sass * lanes_in(mask);
    count_branches(m, pc, 1);
    if (__builtin_expect(!m->counted, 1))
        timing_issue(m, pc, warp);
    else
        issue_counted(m, pc, mask, warp);
}

/* simt_model_issue_run's every other case: the counters, the per-line
 * table and spills, a warp's first run in its block. */
static __attribute__((noinline)) void issue_run_told(simt_model *m, int32_t first, uint32_t n,
                                                    uint32_t mask, uint32_t warp)
{
    simt_launch_rec *r = m->cur;
    if (!r || !n)
        return;
    if (m->clock_only) { /* a warp's first run in its block, or pcs out of range */
        int fresh = warp >= m->tm.nwarps;
        simt_warp_time *wt = warp_time(m, warp);
        if (wt && (uint64_t)(uint32_t)first + n <= m->tm.ncode) {
            if (fresh)
                fresh_run_clock(m, wt, (uint32_t)first, n);
            else
                timing_run_clock(m, wt, first, n);
            return;
        }
    }
    uint64_t sass;
    if (__builtin_expect(!m->counted, 1)) {
        if (timing_run(m, r->c, first, n, warp, &sass)) { /* it counted the branches */
            r->c[CNT_INST] += sass;
            r->c[CNT_THREAD_INST] += sass * lanes_in(mask);
            return;
        }
    }
    sass = sass_of(m, first, n);
    r->c[CNT_INST] += sass;
    r->c[CNT_THREAD_INST] += sass * lanes_in(mask);
    if (!m->counted) {
        count_branches(m, first, n);
        for (uint32_t k = 0; k < n; k++)
            timing_issue(m, first + (int32_t)k, warp);
    } else {
        count_branches(m, first, n);
        for (uint32_t k = 0; k < n; k++)
            issue_counted(m, first + (int32_t)k, mask, warp);
    }
}

/* n instructions of one warp, pc first .. first + n - 1, issued one after
 * the other (vm/observe.h issue_run): the same as n calls of the issue hook,
 * with the warp's state and the counters found once. */
static inline __attribute__((always_inline)) void issue_run(simt_model *m, int32_t last,
                                                           uint32_t n, uint32_t mask,
                                                           uint32_t warp)
{
    simt_timing *t = &m->tm;
    int32_t first = last - (int32_t)n + 1;
    /* the common case: clocks only, a warp the block has seen (so a
     * launch is modelled: nwarps is 0 between blocks), a run of the module */
    if (__builtin_expect(m->clock_only && warp < t->nwarps && n &&
                         (uint64_t)(uint32_t)first + n <= t->ncode, 1)) {
        timing_run_clock(m, &t->warps[warp], first, n);
        return;
    }
    issue_run_told(m, first, n, mask, warp);
}

void simt_model_issue_run(simt_model *m, int32_t last, uint32_t n, uint32_t mask, uint32_t warp)
{
    issue_run(m, last, n, mask, warp);
}

/* The model's access_run observer (vm/observe.h) itself, not through a
 * wrapper: the run before the access, inline, then the access. */
void simt_model_access_run(void *ctx, simt_vm *vm, const simt_warp_access *a,
                           const simt_pc_run *pieces, uint32_t npieces, uint32_t n)
{
    simt_model *m = ctx;
    (void)vm;
    if (npieces)
        simt_model_issue_runs(m, pieces, npieces, a->pc, n, a->mask, a->warp);
    else if (n)
        issue_run(m, a->pc, n, a->mask, a->warp);
    simt_model_access(m, a);
}

void simt_timing_spill_load(simt_model *m, int32_t pc, uint32_t warp, unsigned reg,
                            uint64_t latency)
{
    simt_warp_time *wt = warp_time(m, warp);
    if (!wt)
        return;
    flush_spill_store(m, wt, warp, pc);
    unsigned r = reg % SIMT_TRACKED_REGS;
    wt->ready[r] = wt->t + latency;
    wt->wclass[r] = WAITC_LONG;
    wt->t++;
    count_issue(m, warp);
}

void simt_timing_spill_store(simt_model *m, uint32_t warp, unsigned reg, uint64_t latency)
{
    simt_warp_time *wt = warp_time(m, warp);
    if (wt) {
        wt->spill_store = (int)reg;
        wt->spill_store_lat = latency;
    }
}

void simt_timing_store_wait(simt_model *m, int32_t pc, uint32_t warp, uint64_t latency)
{
    simt_timing *t = &m->tm;
    if (t->cur_sm < 0 || warp >= t->nwarps)
        return;
    simt_warp_time *wt = &t->warps[warp];
    uint64_t done = wt->last_issue + latency;
    if (done > wt->t) {
        stall(m, WAITC_LONG, done - wt->t, pc);
        wt->t = done;
    }
}

/* Line transactions an SM keeps in flight: the profile's, or just enough to
 * carry its share of the DRAM bandwidth with full 128-byte lines at DRAM
 * latency (what hardware is sized for: a coalesced stream saturates DRAM). */
static uint64_t outstanding_lines(const simt_device_profile *d)
{
    if (d->outstanding_lines > 0)
        return (uint64_t)d->outstanding_lines;
    double per_cycle = d->dram_gbps / ((double)d->clock_khz / 1e6) / d->sm_count;
    double lines = per_cycle * d->lat_dram / SIMT_LINE_BYTES;
    return lines < 1 ? 1 : (uint64_t)(lines + 0.999);
}

void simt_timing_barrier(simt_model *m)
{
    simt_timing *t = &m->tm;
    if (t->cur_sm < 0)
        return;
    uint64_t latest = 0;
    for (uint32_t w = 0; w < t->nwarps; w++)
        if (t->warps[w].t > latest)
            latest = t->warps[w].t;
    for (uint32_t w = 0; w < t->nwarps; w++) {
        m->cur->c[CNT_STALL_BARRIER] += latest - t->warps[w].t;
        t->warps[w].t = latest;
    }
}

int simt_timing_seat(simt_model *m, uint32_t seat)
{
    simt_timing *t = &m->tm;
    if (seat == t->seat)
        return 0;
    if (seat >= t->nseats) {
        uint32_t cap = t->nseats ? t->nseats : 4;
        while (cap <= seat)
            cap *= 2;
        simt_seat_time *ns = simt_realloc(&m->al, t->seats, cap * sizeof *ns);
        if (!ns) {
            m->failed = 1;
            return -1;
        }
        for (uint32_t k = t->nseats; k < cap; k++)
            ns[k] = (simt_seat_time){ NULL, 0, 0, -1, 0, 0, 0 };
        t->seats = ns;   /* seat_save below keeps the current block's (seat 0 until now) */
        t->nseats = cap;
    }
    seat_save(t);
    const simt_seat_time *to = &t->seats[seat];
    t->warps = to->warps;
    t->nwarps = to->nwarps;
    t->cap_warps = to->cap_warps;
    t->cur_sm = to->cur_sm;
    t->cur_slot = to->cur_slot;
    t->block_start = to->block_start;
    t->block_id = to->block_id;
    t->seat = seat;
    if (t->cur_sm >= 0)
        m->cur_sm = t->cur_sm;
    return 0;
}

/* this_grid().sync() on a GPU: every block's threads meet at
 * __syncthreads, one thread of each fences, adds to a counter in global
 * memory and polls it until every block has, fences again, and the block
 * meets at __syncthreads once more.  Measured on an H200 (bench/
 * model_validation.md, "Cooperative kernels"): 0.80 us a barrier for 1 to 8 blocks, 0.98 us for 33 to 264,
 * 1.22 us for 528 -- about six L2 round trips, and the blocks' atomics at
 * the one counter, one and a half cycles each. */
#define GRID_BARRIER_L2_TRIPS 6
static uint64_t grid_barrier_cycles(const simt_device_profile *d, uint64_t blocks)
{
    return GRID_BARRIER_L2_TRIPS * (uint64_t)d->lat_l2 + blocks * 3 / 2;
}

/* Every warp of every resident block goes on at the latest one's clock
 * plus the barrier's own time. */
void simt_timing_grid_barrier(simt_model *m)
{
    simt_timing *t = &m->tm;
    if (!t->sm || !m->cur)
        return;
    uint32_t back = t->seat, nseats = t->nseats ? t->nseats : 1;
    uint64_t latest = 0, blocks = 0;
    for (uint32_t k = 0; k < nseats; k++) {
        if (simt_timing_seat(m, k) != 0 || t->cur_sm < 0)
            continue;
        blocks++;
        for (uint32_t w = 0; w < t->nwarps; w++)
            if (t->warps[w].t > latest)
                latest = t->warps[w].t;
    }
    uint64_t go = latest + grid_barrier_cycles(m->dev, blocks);
    for (uint32_t k = 0; k < nseats; k++) {
        if (simt_timing_seat(m, k) != 0 || t->cur_sm < 0)
            continue;
        for (uint32_t w = 0; w < t->nwarps; w++) {
            m->cur->c[CNT_STALL_BARRIER] += go - t->warps[w].t;
            t->warps[w].t = go;
        }
    }
    simt_timing_seat(m, back);
}

void simt_timing_spin_pass(simt_model *m, uint32_t warp, int repeat)
{
    simt_timing *t = &m->tm;
    simt_pass_mark *p = &t->pass;
    if (t->cur_sm < 0 || warp >= t->nwarps || !m->cur) {
        p->valid = 0;
        return;
    }
    simt_warp_time *wt = &t->warps[warp];
    simt_sm_time *sm = &t->sm[t->cur_sm];
    if (repeat && wt->pass_valid) {
        wt->t = wt->pass_t;
        wt->last_issue = wt->pass_last;
        /* the pass's results hold the values they held before it */
        for (uint32_t r = 0; r < t->clear_regs; r++)
            if (wt->ready[r] > wt->t)
                wt->ready[r] = wt->t;
        if (repeat == 2 && p->valid && p->seat == t->seat && p->warp == warp) {
            *wt->issued = p->issued;
            sm->mem_wavefronts = p->mem_wavefronts;
            sm->l2_sectors = p->l2_sectors;
            sm->line_cycles = p->line_cycles;
            memcpy(m->cur->c, p->c, sizeof p->c);
            return;
        }
    } else {
        wt->pass_valid = 1;
        wt->pass_t = wt->t;
        wt->pass_last = wt->last_issue;
    }
    /* other warps ran since: their sums stay (and this pass's) */
    *p = (simt_pass_mark){ 1, t->seat, warp, *wt->issued, sm->mem_wavefronts, sm->l2_sectors,
                           sm->line_cycles, {0} };
    memcpy(p->c, m->cur->c, sizeof p->c);
}

void simt_timing_fence(simt_model *m, uint32_t warp)
{
    simt_timing *t = &m->tm;
    if (t->cur_sm < 0 || warp >= t->nwarps)
        return;
    simt_warp_time *wt = &t->warps[warp];
    uint64_t lat = (uint64_t)m->dev->lat_l2, from = wt->last_issue;
    if (wt->last_store && wt->last_store - 1 + lat > from)
        from += lat / 2; /* the store's acknowledgement comes first */
    uint64_t done = from + lat;
    if (done > wt->t) {
        stall(m, WAITC_LONG, done - wt->t, -1);
        wt->t = done;
    }
}

uint64_t simt_timing_seat_clock(const simt_model *m, uint32_t seat)
{
    const simt_timing *t = &m->tm;
    const simt_warp_time *warps = t->warps;
    uint32_t n = t->nwarps;
    uint64_t latest = t->block_start;
    if (seat != t->seat) {
        if (seat >= t->nseats)
            return UINT64_MAX;
        const simt_seat_time *s = &t->seats[seat];
        if (s->cur_sm < 0)
            return UINT64_MAX;
        warps = s->warps, n = s->nwarps, latest = s->block_start;
    } else if (t->cur_sm < 0) {
        return UINT64_MAX;
    }
    for (uint32_t w = 0; w < n; w++)
        if (warps[w].t > latest)
            latest = warps[w].t;
    return latest;
}

uint64_t simt_timing_clock(const simt_model *m, uint32_t warp)
{
    const simt_timing *t = &m->tm;
    if (t->cur_sm < 0)
        return 0;
    return warp < t->nwarps ? t->warps[warp].t : t->block_start;
}

static uint64_t max_u64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

void simt_timing_launch_end(simt_model *m)
{
    simt_timing *t = &m->tm;
    simt_launch_rec *r = m->cur;
    if (!t->sm)
        return;
    for (uint32_t k = 1; k < t->nseats; k++) /* the blocks that end in other seats */
        if (simt_timing_seat(m, k) == 0)
            simt_timing_block_end(m);
    if (simt_timing_seat(m, 0) == 0)
        simt_timing_block_end(m);
    const simt_device_profile *d = m->dev;
    uint64_t warp_cycles = 0, active_cycles = 0, slots = outstanding_lines(d);
    for (int s = 0; s < d->sm_count; s++) {
        simt_sm_time *sm = &t->sm[s];
        if (!sm->blocks)
            continue;
        r->sms_used++;
        uint64_t issue = 0;
        for (int k = 0; k < d->schedulers_per_sm; k++)
            issue = max_u64(issue, sm->sched_issued[k]);
        uint64_t mem = max_u64(max_u64(sm->mem_wavefronts, sm->l2_sectors / L2_SECTORS_PER_CYCLE),
                               sm->line_cycles / slots);
        uint64_t cycles = max_u64(sm->makespan, max_u64(issue, mem));
        /* Warps that were ready but waited for a throughput limit: spread the
         * extra time over the SM's average number of resident warps. */
        if (cycles > sm->makespan && sm->makespan) {
            uint64_t extra = (cycles - sm->makespan) * sm->warp_cycles / sm->makespan;
            r->c[mem > issue ? CNT_STALL_MEM_THROTTLE : CNT_STALL_NOT_SELECTED] +=
                extra;
        }
        r->latency_cycles = max_u64(r->latency_cycles, sm->makespan);
        r->issue_cycles = max_u64(r->issue_cycles, issue);
        r->mem_cycles = max_u64(r->mem_cycles, mem);
        r->cycles = max_u64(r->cycles, cycles);
        warp_cycles += sm->warp_cycles;
        active_cycles += sm->makespan;
    }
    double bytes_per_cycle = d->dram_gbps / ((double)d->clock_khz / 1e6);
    r->dram_cycles =
        bytes_per_cycle > 0 ? (uint64_t)((double)r->c[CNT_DRAM_BYTES] / bytes_per_cycle) : 0;
    r->cycles = max_u64(max_u64(r->cycles, r->dram_cycles), 1);
    r->achieved_occ_pct = active_cycles && d->max_warps_per_sm
                              ? 100.0 * (double)warp_cycles / (double)active_cycles /
                                    d->max_warps_per_sm
                              : 0.0;
}

/* The most instructions of a run in pieces kept whole (compound_find). */
#define COMPOUND_MOST 64

/* The pieces of a run (runs, then n instructions up to last where n is not
 * 0) as a compound memo's key: their count, or 0 where there are more than
 * it holds. */
static uint32_t compound_key(const simt_pc_run *runs, uint32_t nruns, int32_t last, uint32_t n,
                             simt_compound_memo *key)
{
    uint32_t np = nruns + (n != 0);
    if (np > SIMT_COMPOUND_PIECES)
        return 0;
    memset(key->run, 0, sizeof key->run);
    for (uint32_t k = 0; k < nruns; k++) {
        key->run[k].last = runs[k].last;
        key->run[k].n = runs[k].n;
    }
    if (n) {
        key->run[nruns].last = last;
        key->run[nruns].n = n;
    }
    key->npieces = np;
    return np;
}

/* Keeps the run of key's pieces whole: their instructions one after the
 * other, timed once as piece_keep times one piece (clock_loop carries the
 * clock and the scoreboard from one piece to the next as it does within
 * one).  Returns its offset in the pool, or SIMT_PIECE_NONE. */
static uint32_t compound_keep(simt_model *m, const simt_compound_memo *key)
{
    simt_pc_time code[COMPOUND_MOST];
    uint32_t len = 0;
    for (uint32_t k = 0; k < key->npieces; k++) {
        uint32_t n = key->run[k].n, first = (uint32_t)(key->run[k].last - (int32_t)n + 1);
        if (len + n > COMPOUND_MOST)
            return SIMT_PIECE_NONE;
        memcpy(code + len, &m->tm.pc[first], n * sizeof *code);
        len += n;
    }
    return piece_keep(m, code, len);
}

/* Whether memo c holds the pieces runs (then n up to last, where n is not 0). */
static inline int compound_same(const simt_compound_memo *c, const simt_pc_run *runs,
                                uint32_t nruns, int32_t last, uint32_t n)
{
    if (c->npieces != nruns + (n != 0))
        return 0;
    for (uint32_t k = 0; k < nruns; k++)
        if (c->run[k].last != runs[k].last || c->run[k].n != runs[k].n)
            return 0;
    return !n || (c->run[nruns].last == last && c->run[nruns].n == n);
}

/* The kept whole run of these pieces (the caller has checked their pcs),
 * kept on the first run from its first pc; SIMT_PIECE_NONE where none
 * applies (another run from that pc was kept first, too many pieces, or
 * one that mostly stalls). */
static inline uint32_t compound_find(simt_model *m, const simt_pc_run *runs, uint32_t nruns,
                                     int32_t last, uint32_t n, simt_compound_memo **memo)
{
    simt_timing *t = &m->tm;
    uint32_t first = (uint32_t)(runs[0].last - (int32_t)runs[0].n + 1);
    if (__builtin_expect(t->compound != NULL && t->compound[first].npieces != 0, 1)) {
        simt_compound_memo *c = &t->compound[first];
        *memo = c;
        return c->at != SIMT_PIECE_NONE && compound_same(c, runs, nruns, last, n)
                   ? c->at
                   : SIMT_PIECE_NONE;
    }
    if (!t->compound &&
        !(t->compound = simt_calloc(&m->al, t->ncode ? t->ncode : 1, sizeof *t->compound))) {
        piece_oom(m);   /* timed piece by piece, and the run says memory ran out */
        return SIMT_PIECE_NONE;
    }
    simt_compound_memo key, *c = &t->compound[first];
    *memo = c;
    if (compound_key(runs, nruns, last, n, &key)) {
        key.at = compound_keep(m, &key);
    } else { /* too many pieces: none is kept from this pc */
        key.npieces = SIMT_COMPOUND_PIECES + 1;
        key.at = SIMT_PIECE_NONE;
    }
    key.score = 0;
    *c = key;
    return c->at;
}

/* The kept whole run at `at` of memo c, where each of its inputs is ready
 * by the warp's clock *clock (which it moves on): 1, its issues in *issued;
 * else 0 (the caller times the pieces). */
static inline __attribute__((always_inline)) int compound_apply(simt_model *m,
                                                                simt_compound_memo *c,
                                                                uint32_t at, uint64_t *rd,
                                                                uint64_t *clock,
                                                                uint64_t *issued)
{
    const uint32_t *w = m->tm.piece_pool + at;
    uint32_t nin = w[0], nout = w[1];
    uint64_t now = *clock;
    const uint32_t *in = w + PIECE_HEAD, *out = in + nin;
    uint32_t k = inputs_ready(in, nin, rd, now);
    if (k < nin) {
        if (--c->score < -PIECE_SCORE) /* mostly stalls: the pieces from now on */
            c->at = SIMT_PIECE_NONE;
        return 0;
    }
    for (uint32_t o = 0; o < nout; o++)
        rd[out[2 * o]] = now + out[2 * o + 1];
    *clock = now + w[2];
    *issued = w[3];
    c->score += c->score < PIECE_SCORE;
    return 1;
}

/* A run in pieces by its kept whole (compound_apply), found or kept by
 * compound_find. */
static int compound_ready(simt_model *m, uint64_t *rd, const simt_pc_run *runs, uint32_t nruns,
                          int32_t last, uint32_t n, uint64_t *clock, uint64_t *issued)
{
    simt_compound_memo *c = NULL;
    if (nruns + (n != 0) > SIMT_COMPOUND_PIECES) /* a long loop's full list */
        return 0;
    uint32_t at = compound_find(m, runs, nruns, last, n, &c);
    if (at == SIMT_PIECE_NONE)
        return 0;
    return compound_apply(m, c, at, rd, clock, issued);
}

/* The memo of the kept whole run that these pieces are, or NULL.  Each
 * piece of a kept one was checked against the code (runs_in_code) before
 * it was kept, so the pieces that match it need no check. */
static inline simt_compound_memo *compound_known(simt_timing *t, const simt_pc_run *runs,
                                                 uint32_t nruns, int32_t last, uint32_t n)
{
    uint32_t first = (uint32_t)(runs[0].last - (int32_t)runs[0].n + 1);
    if (!t->compound || first >= t->ncode)
        return NULL;
    simt_compound_memo *c = &t->compound[first];
    return c->npieces && c->at != SIMT_PIECE_NONE && compound_same(c, runs, nruns, last, n)
               ? c
               : NULL;
}

/* Whether every piece (runs, then n up to last where n is not 0) is
 * non-empty (but the last) and lies in the module's code. */
static int runs_in_code(const simt_timing *t, const simt_pc_run *runs, uint32_t nruns,
                        int32_t last, uint32_t n)
{
    if (n && (uint64_t)(uint32_t)(last - (int32_t)n + 1) + n > t->ncode)
        return 0;
    for (uint32_t k = 0; k < nruns; k++)
        if (!runs[k].n ||
            (uint64_t)(uint32_t)(runs[k].last - (int32_t)runs[k].n + 1) + runs[k].n > t->ncode)
            return 0;
    return 1;
}

/* A run told in pieces across taken jumps (vm/observe.h issue_runs), then n
 * more instructions up to last (access_run's piece, where n is not 0): the
 * same as issue_run of each piece in turn, the warp's clock carried from
 * one piece to the next and what the run leaves set once, by its last
 * piece, where only the clocks can be seen. */
void simt_model_issue_runs(simt_model *m, const simt_pc_run *runs, uint32_t nruns, int32_t last,
                           uint32_t n, uint32_t mask, uint32_t warp)
{
    simt_timing *t = &m->tm;
    simt_compound_memo *known = NULL;
    int whole = m->clock_only && warp < t->nwarps && nruns &&
                ((known = compound_known(t, runs, nruns, last, n)) != NULL ||
                 runs_in_code(t, runs, nruns, last, n));
    if (!whole) {
        for (uint32_t k = 0; k < nruns; k++)
            simt_model_issue_run(m, runs[k].last, runs[k].n, mask, warp);
        if (n)
            simt_model_issue_run(m, last, n, mask, warp);
        return;
    }
    simt_warp_time *wt = &t->warps[warp];
    uint64_t now = wt->t, issued = 0;
    if (known ? compound_apply(m, known, known->at, wt->ready, &now, &issued)
              : compound_ready(m, wt->ready, runs, nruns, last, n, &now, &issued)) {
        clock_end(wt, &t->pc[n ? last : runs[nruns - 1].last], now, issued);
        return;
    }
    for (uint32_t k = 0; k < nruns; k++) {
        issued += ready_piece(m, wt->ready, (uint32_t)(runs[k].last - (int32_t)runs[k].n + 1),
                              runs[k].n, &now);
    }
    if (n) {
        issued += ready_piece(m, wt->ready, (uint32_t)(last - (int32_t)n + 1), n, &now);
    } else {
        last = runs[nruns - 1].last;
    }
    clock_end(wt, &t->pc[last], now, issued);
}
