/* vm/collective.c -- warp collectives (*_sync, __syncwarp) and __syncthreads.
 *
 * A collective executes once every lane named in its mask (that has not
 * exited, or waits only to reconverge before the kernel returns: finished())
 * has arrived at it; earlier arrivals wait (LANE_COLL).  Shuffles,
 * votes, matches and reductions meet at the same instruction; __syncwarp
 * calls meet at any __syncwarp, as CUDA allows.  If the named lanes can never
 * arrive -- the warp has nothing else to run -- that is a sync error.
 */
#include <stdio.h>
#include <string.h>

#include "vm/exec.h"
#include "vm/observe.h"

static uint64_t *lreg(simt_warp *w, unsigned lane, unsigned reg)
{
    return &w->regs[((size_t)w->fp[lane] + reg) * w->width + lane];
}

static unsigned mask_reg(const simt_insn *in)
{
    switch (in->op) {
    case OP_SHFL: return in->c + 2u;
    case OP_SYNCWARP: return in->a;
    default: return in->c;
    }
}

/* Does the JOIN at pc only wait to reconverge before the kernel returns?
 * Lanes there have nothing left to run but their exit. */
static int at_kernel_end(const simt_exec *ex, int32_t pc)
{
    const simt_module *mod = ex->mod;
    if (ex->kernel < 0 || pc < 0 || (uint32_t)pc + 1 >= mod->ncode)
        return 0;
    const simt_func *k = &mod->funcs[ex->kernel];
    return (uint32_t)pc >= k->entry && (uint32_t)pc < k->end && mod->code[pc].op == OP_JOIN &&
           (mod->code[pc + 1].op == OP_RET || mod->code[pc + 1].op == OP_RETV);
}

/* The lanes that have finished: exited, or waiting to reconverge at the
 * kernel's final return.  A collective waits only for the others: CUDA
 * requires "all non-exited threads named in mask" to take part, and a
 * thread that left the if around a reduction has exited as far as the
 * hardware can tell (its reconvergence before the return does nothing a
 * program can see), while the lanes it skipped shuffle among themselves. */
static uint32_t finished(const simt_exec *ex, const simt_warp *w)
{
    uint32_t done = w->exited;
    for (uint32_t m = w->in_state[LANE_JOIN]; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        if (at_kernel_end(ex, w->pc[l]))
            done |= 1u << l;
    }
    return done;
}

/* Lanes that a set of arrived lanes need: the union of their masks. */
static uint32_t required(const simt_exec *ex, simt_warp *w, const simt_insn *in, uint32_t lanes)
{
    uint32_t req = 0;
    for (uint32_t m = lanes; m; m &= m - 1)
        req |= (uint32_t)*lreg(w, (unsigned)__builtin_ctz(m), mask_reg(in));
    return req & w->valid & ~finished(ex, w);
}

/* Lanes waiting at the same collective as pc (with any_sync, any __syncwarp
 * for __syncwarp). */
static uint32_t waiting_at(const simt_exec *ex, const simt_warp *w, int32_t pc, int any_sync)
{
    const simt_insn *code = ex->mod->code;
    uint32_t lanes = 0;
    for (uint32_t m = w->in_state[LANE_COLL]; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        if (w->pc[l] == pc ||
            (any_sync && code[pc].op == OP_SYNCWARP && code[w->pc[l]].op == OP_SYNCWARP))
            lanes |= 1u << l;
    }
    return lanes;
}

/* The lanes that complete the collective at pc together with `lanes`
 * (arrived, at least one), or 0 if some lane they need has not arrived.
 * First the lanes here that pass the same mask as the first of `lanes`: the
 * lanes of one execution of a collective pass one mask (CUDA requires it),
 * and they must not be held by lanes waiting at the same collective one
 * iteration later with another mask (lanes that left an inner loop without
 * waiting for the others, under --interleave=random).  Then every lane at
 * this very __syncwarp: when their masks name only each other they go on
 * alone, not held by lanes at another __syncwarp whose masks name lanes still
 * on their way (a __syncwarp(m8) inside a switch case, all of m8 arrived, and
 * a __syncwarp(full) after the switch that the other lanes reach later). */
static uint32_t complete_set(const simt_exec *ex, simt_warp *w, int32_t pc, uint32_t lanes)
{
    const simt_insn *in = &ex->mod->code[pc];
    uint32_t have = lanes | waiting_at(ex, w, pc, 0);
    uint32_t m0 = (uint32_t)*lreg(w, (unsigned)__builtin_ctz(lanes), mask_reg(in)), same = 0;
    for (uint32_t m = have; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        if ((uint32_t)*lreg(w, l, mask_reg(in)) == m0)
            same |= 1u << l;
    }
    if ((lanes & ~same) == 0 && (m0 & w->valid & ~finished(ex, w) & ~same) == 0)
        return same;
    if ((required(ex, w, in, have) & ~have) == 0)
        return have;
    have = lanes | waiting_at(ex, w, pc, 1);
    return (required(ex, w, in, have) & ~have) == 0 ? have : 0;
}

static uint32_t shfl_src(simt_warp *w, const simt_insn *in, unsigned l);

static uint64_t shfl_one(simt_warp *w, const simt_insn *in, unsigned l, uint32_t *src_out)
{
    *src_out = shfl_src(w, in, l);
    return *lreg(w, *src_out, in->b);
}

/* The lane whose value lane l of a W-lane warp receives from a shuffle of
 * kind mode (SHFL_UP...) with source operand src and width operand width. */
static inline uint32_t shfl_lane(unsigned mode, unsigned W, unsigned l, int32_t src, int32_t width)
{
    int32_t segmask = (int32_t)((W - (uint32_t)width) & (W - 1));
    int32_t cval = mode == SHFL_UP ? 0 : (int32_t)(W - 1);
    int32_t lane = (int32_t)l, bval = src & (int32_t)(W - 1);
    int32_t max_lane = (lane & segmask) | (cval & ~segmask);
    int32_t min_lane = lane & segmask, j;
    int ok;
    switch (mode) {
    case SHFL_UP: j = lane - bval; ok = j >= max_lane; break;
    case SHFL_DOWN: j = lane + bval; ok = j <= max_lane; break;
    case SHFL_BFLY: j = lane ^ bval; ok = j <= max_lane; break;
    default: j = min_lane | (bval & ~segmask); ok = j <= max_lane; break;
    }
    if (!ok || j < 0 || j >= (int32_t)W)
        j = lane;
    return (uint32_t)j;
}

/* The lane whose value lane l receives. */
static uint32_t shfl_src(simt_warp *w, const simt_insn *in, unsigned l)
{
    return shfl_lane((unsigned)in->i, w->width, l, (int32_t)*lreg(w, l, in->c),
                     (int32_t)*lreg(w, l, in->c + 1u));
}

static uint64_t vote_one(simt_warp *w, const simt_insn *in, unsigned l, uint32_t lanes)
{
    uint32_t m = (uint32_t)*lreg(w, l, in->c) & lanes, ballot = 0;
    for (uint32_t k = m; k; k &= k - 1) {
        unsigned s = (unsigned)__builtin_ctz(k);
        if (*lreg(w, s, in->b))
            ballot |= 1u << s;
    }
    switch (in->i) {
    case VOTE_BALLOT: return ballot;
    case VOTE_ANY: return ballot != 0;
    default: return ballot == m;
    }
}

static uint64_t width_mask(int bytes)
{
    return bytes == 8 ? UINT64_MAX : 0xffffffffu;
}

static uint64_t match_one(simt_warp *w, const simt_insn *in, unsigned l, uint32_t lanes,
                          uint64_t *pred)
{
    uint32_t m = (uint32_t)*lreg(w, l, in->c) & lanes, same = 0;
    uint64_t wm = width_mask(in->i), mine = *lreg(w, l, in->b) & wm;
    for (uint32_t k = m; k; k &= k - 1) {
        unsigned s = (unsigned)__builtin_ctz(k);
        if ((*lreg(w, s, in->b) & wm) == mine)
            same |= 1u << s;
    }
    if (in->op == OP_MATCH_ANY)
        return same;
    *pred = same == m;
    return same == m ? (uint32_t)*lreg(w, l, in->c) : 0;
}

static uint64_t redux_one(simt_warp *w, const simt_insn *in, unsigned l, uint32_t lanes)
{
    uint32_t m = (uint32_t)*lreg(w, l, in->c) & lanes;
    uint32_t acc = 0;
    int first = 1;
    for (uint32_t k = m; k; k &= k - 1) {
        uint32_t v = (uint32_t)*lreg(w, (unsigned)__builtin_ctz(k), in->b);
        if (first) { acc = v; first = 0; continue; }
        switch (in->i) {
        case REDUX_ADD: acc += v; break;
        case REDUX_MIN_S: acc = (int32_t)v < (int32_t)acc ? v : acc; break;
        case REDUX_MIN_U: acc = v < acc ? v : acc; break;
        case REDUX_MAX_S: acc = (int32_t)v > (int32_t)acc ? v : acc; break;
        case REDUX_MAX_U: acc = v > acc ? v : acc; break;
        case REDUX_AND: acc &= v; break;
        case REDUX_OR: acc |= v; break;
        default: acc ^= v; break;
        }
    }
    return acc;
}

static const char *collective_name(const simt_insn *in);

/* --check=sync: a mask that names lanes which have exited (they can never
 * take part: on hardware the result is undefined). */
static void check_exited(simt_exec *ex, simt_warp *w, int32_t pc, uint32_t lanes)
{
    const simt_insn *in = &ex->mod->code[pc];
    for (uint32_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        uint32_t gone = (uint32_t)*lreg(w, l, mask_reg(in)) & w->valid & finished(ex, w);
        if (!gone)
            continue;
        char list[128], detail[300];
        simt_lane_list(list, sizeof list, gone);
        snprintf(detail, sizeof detail, "%s with mask 0x%08x in warp %u names lanes %s, which "
                 "have exited", collective_name(in), (unsigned)*lreg(w, l, mask_reg(in)),
                 w->index, list);
        simt_finding f = { .kind = FIND_COLL_EXITED, .check = CHECK_SYNC, .detail = detail,
                           .pc = simt_exec_program_pc(ex, w, l, pc), .tid = w->tid_base + l,
                           .lane = l, .warp = w->index, .lanes = gone };
        simt_observe_finding(ex->vm, &f);
        return;
    }
}

/* --check=sync: a lane whose mask does not name itself (CUDA: "each calling
 * thread must have its own bit set in the mask"; the result is undefined). */
static void check_self_named(simt_exec *ex, simt_warp *w, int32_t pc, uint32_t lanes)
{
    const simt_insn *in = &ex->mod->code[pc];
    for (uint32_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        uint32_t named = (uint32_t)*lreg(w, l, mask_reg(in));
        if (named >> l & 1)
            continue;
        char detail[200];
        snprintf(detail, sizeof detail, "lane %u of warp %u calls %s with mask 0x%08x, which does "
                 "not name it", l, w->index, collective_name(in), (unsigned)named);
        simt_finding f = { .kind = FIND_COLL_SELF, .check = CHECK_SYNC, .detail = detail,
                           .pc = simt_exec_program_pc(ex, w, l, pc), .tid = w->tid_base + l,
                           .lane = l, .warp = w->index, .lanes = 1u << l };
        simt_observe_finding(ex->vm, &f);
        return;
    }
}

/* Tells the observers of a shuffle about to run: lane l of lanes reads src[l]. */
static void tell_shfl(simt_exec *ex, simt_warp *w, int32_t pc, uint32_t lanes, const uint8_t *src)
{
    simt_shfl_event s = { pc, w->index, w->tid_base, lanes, src };
    SIMT_NOTIFY(ex->vm, shfl, ex->vm, &s);
}

/* src[l] := shfl_lane for the lanes of mask when every lane has the same
 * source operand and the width operand is the warp's (the common
 * __shfl_down_sync(mask, v, offset)): no segments, so each kind is one
 * test a lane.  Returns 0, src untouched, when the operands differ. */
static int shfl_uniform(unsigned mode, unsigned W, uint32_t mask, const uint64_t *rs,
                        const uint64_t *rw, uint8_t src[SIMT_MAX_WARP])
{
    unsigned lead = (unsigned)__builtin_ctz(mask);
    uint32_t full = simt_lanes_all(W), s0 = (uint32_t)rs[lead], differ = 0;
    SIMT_FOR_LANES(mask, full, W, differ |= ((uint32_t)rs[l] ^ s0) | ((uint32_t)rw[l] ^ W));
    if (differ)
        return 0;
    unsigned b = s0 & (W - 1);
    switch (mode) {
    case SHFL_UP: SIMT_FOR_LANES(mask, full, W, src[l] = (uint8_t)(l >= b ? l - b : l)); break;
    case SHFL_DOWN: SIMT_FOR_LANES(mask, full, W, src[l] = (uint8_t)(l + b <= W - 1 ? l + b : l)); break;
    case SHFL_BFLY: SIMT_FOR_LANES(mask, full, W, src[l] = (uint8_t)(l ^ b)); break;
    default: SIMT_FOR_LANES(mask, full, W, src[l] = (uint8_t)b); break;
    }
    return 1;
}

/* The common case of a shuffle or vote: every lane in one frame (so one
 * register row per operand) and, for votes, one mask value.  The lane helpers
 * (vm/lanes.h) move or test the whole row at once; returns 0 when the case
 * does not apply and the per-lane path must run.  one_frame: lanes is one
 * group, whose frame is one by construction. */
static int execute_rows(simt_exec *ex, simt_warp *w, const simt_insn *in, int32_t pc,
                        uint32_t lanes, int observed, int one_frame)
{
    unsigned W = w->width, lead = (unsigned)__builtin_ctz(lanes);
    uint32_t fp = w->fp[lead], full = simt_lanes_all(W), differ = 0;
    if (!one_frame) /* lanes of several groups may have arrived */
        SIMT_FOR_LANES(lanes, full, W, differ |= w->fp[l] ^ fp);
    if (differ)
        return 0;
    uint64_t *R = &w->regs[(size_t)fp * W];
    const simt_lane_ops *L = &ex->vm->lanes;
    if (in->op == OP_SHFL) {
        uint8_t src[SIMT_MAX_WARP] = {0};
        const uint64_t *rs = R + (size_t)in->c * W, *rw = rs + W;
        if (!shfl_uniform((unsigned)in->i, W, lanes, rs, rw, src))
            SIMT_FOR_LANES(lanes, full, W,
                           src[l] = (uint8_t)shfl_lane((unsigned)in->i, W, l, (int32_t)rs[l],
                                                       (int32_t)rw[l]));
        for (uint32_t m = lanes == full ? 0 : lanes; m; m &= m - 1) {
            uint32_t j = src[__builtin_ctz(m)];
            if (!(lanes >> j & 1) && w->fp[j] != fp) /* an idle lane in another frame */
                return 0;
        }
        if (observed)
            tell_shfl(ex, w, pc, lanes, src);
        L->permute(R + (size_t)in->a * W, R + (size_t)in->b * W, src, W, lanes);
        return 1;
    }
    const uint64_t *mreg = R + (size_t)in->c * W;
    uint32_t m0 = (uint32_t)mreg[lead];
    SIMT_FOR_LANES(lanes, full, W, differ |= (uint32_t)mreg[l] ^ m0);
    if (differ)
        return 0;
    uint32_t named = m0 & lanes;
    uint32_t ballot = named ? L->nonzero(R + (size_t)in->b * W, W, named) : 0;
    uint64_t v = in->i == VOTE_BALLOT ? ballot : in->i == VOTE_ANY ? ballot != 0 : ballot == named;
    L->op[LOP_LDK](R + (size_t)in->a * W, NULL, NULL, v, W, lanes);
    return 1;
}

/* Runs the collective at pc for `lanes` (all arrived): computes every result
 * first, then writes them, so a destination may equal a source. */
static void execute(simt_exec *ex, simt_warp *w, int32_t pc, uint32_t lanes)
{
    const simt_insn *in = &ex->mod->code[pc];
    uint64_t res[SIMT_MAX_WARP], pred[SIMT_MAX_WARP];
    uint32_t src;
    uint8_t srcs[SIMT_MAX_WARP] = {0};
    int observed = simt_observing(ex->vm, OBS_EV(shfl));
    SIMT_NOTIFY(ex->vm, warp_sync, w->index, lanes);
    if (ex->vm->obs.flags & OBS_SYNC) {
        check_exited(ex, w, pc, lanes);
        check_self_named(ex, w, pc, lanes);
    }
    if (in->op == OP_SYNCWARP)
        return;
    if ((in->op == OP_SHFL || in->op == OP_VOTE) &&
        execute_rows(ex, w, in, pc, lanes, observed, 0))
        return;
    for (uint32_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        switch (in->op) {
        case OP_SHFL:
            res[l] = shfl_one(w, in, l, &src);
            srcs[l] = (uint8_t)src;
            break;
        case OP_VOTE: res[l] = vote_one(w, in, l, lanes); break;
        case OP_MATCH_ANY: case OP_MATCH_ALL: res[l] = match_one(w, in, l, lanes, &pred[l]); break;
        default: res[l] = redux_one(w, in, l, lanes); break;
        }
    }
    if (in->op == OP_SHFL && observed)
        tell_shfl(ex, w, pc, lanes, srcs);
    for (uint32_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        *lreg(w, l, in->a) = res[l];
        if (in->op == OP_MATCH_ALL)
            *lreg(w, l, in->a + 1u) = pred[l];
    }
}

/* The waiting lanes of `lanes` other than `keep` move past the collective. */
static void release_others(simt_warp *w, uint32_t lanes, uint32_t keep)
{
    for (uint32_t m = lanes & ~keep; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        simt_set_state(w, 1u << l, LANE_READY);
        w->pc[l]++;
        simt_pending_push(w, l, 0);
    }
}

/* A shuffle or vote of one group when no lane of the warp waits at a
 * collective and no checker watches: the group's lanes (one pc, one frame)
 * are all that arrive, so simt_collective's bookkeeping below changes
 * nothing and execute_rows does the work.  Returns 1 when done, 0 where the
 * general path must run (a mask naming lanes elsewhere, or a case
 * execute_rows declines). */
static int collective_group(simt_exec *ex, simt_warp *w, const simt_insn *in, int32_t pc,
                            uint32_t mask)
{
    if (w->in_state[LANE_COLL] || (ex->vm->obs.flags & OBS_SYNC) ||
        simt_observing(ex->vm, OBS_EV(warp_sync) | OBS_EV(shfl)) ||
        (in->op != OP_SHFL && in->op != OP_VOTE))
        return 0;
    unsigned W = w->width;
    uint32_t full = simt_lanes_all(W), req = 0;
    const uint64_t *mreg = &w->regs[((size_t)w->fp[__builtin_ctz(mask)] + mask_reg(in)) * W];
    SIMT_FOR_LANES(mask, full, W, req |= (uint32_t)mreg[l]);
    if (req & w->valid & ~w->exited & ~mask)
        return 0;
    return execute_rows(ex, w, in, pc, mask, 0, 1);
}

int simt_collective(simt_exec *ex, simt_block *blk, simt_warp *w, uint32_t *mask, int32_t pc)
{
    (void)blk;
    const simt_insn *in = &ex->mod->code[pc];
    if (collective_group(ex, w, in, pc, *mask))
        return 1;
    uint32_t have = complete_set(ex, w, pc, *mask);
    if (!have) {
        simt_set_state(w, *mask, LANE_COLL);
        return 0;
    }
    execute(ex, w, pc, have);
    simt_cohort_new(w, have);
    unsigned lead = (unsigned)__builtin_ctz(*mask);
    uint32_t keep = 0;
    for (uint32_t m = have; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        if (w->pc[l] == pc && w->fp[l] == w->fp[lead] && simt_top(w, l) == simt_top(w, lead))
            keep |= 1u << l;
    }
    simt_set_state(w, keep, LANE_READY);
    release_others(w, have, keep);
    *mask = keep;
    return 1;
}


static const char *collective_name(const simt_insn *in)
{
    static const char *const shfl[] = {"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync",
                                       "__shfl_xor_sync"};
    static const char *const vote[] = {"__ballot_sync", "__any_sync", "__all_sync"};
    switch (in->op) {
    case OP_SHFL: return shfl[in->i & 3];
    case OP_VOTE: return vote[in->i % 3];
    case OP_MATCH_ANY: return "__match_any_sync";
    case OP_MATCH_ALL: return "__match_all_sync";
    case OP_REDUX: return "__reduce_*_sync";
    default: return "__syncwarp";
    }
}

/* Where the lanes of `lanes` are, for a deadlock message: grouped by what
 * they do ("lanes 8-15 wait at __syncthreads (line 9)", "lanes 8-31 wait to
 * reconverge at line 8"), joined with "; ".  Finished lanes (finished())
 * are never missing, as a collective does not wait for them; should one be
 * named, it "has exited", without the line of the kernel's final JOIN (the
 * signature's). */
static void where_lanes(const simt_exec *ex, const simt_warp *w, uint32_t lanes, char *buf,
                        size_t len)
{
    const simt_module *mod = ex->mod;
    size_t at = 0;
    buf[0] = '\0';
    while (lanes && at + 1 < len) {
        unsigned l = (unsigned)__builtin_ctz(lanes);
        int st = LANE_READY;
        while (st < LANE_EXITED && !(w->in_state[st] >> l & 1))
            st++;
        int32_t pc = w->pc[l];
        /* the lanes in the same state at the same pc as l */
        uint32_t same = 0;
        for (uint32_t m = lanes; m; m &= m - 1) {
            unsigned o = (unsigned)__builtin_ctz(m);
            if ((w->in_state[st] >> o & 1) && (st == LANE_EXITED || w->pc[o] == pc))
                same |= 1u << o;
        }
        lanes &= ~same;
        char list[128], what[200];
        simt_lane_list(list, sizeof list, same);
        int32_t at_pc = st == LANE_BAR ? pc - 1 : pc; /* a barrier's lanes stand after it */
        unsigned line = at_pc >= 0 && (uint32_t)at_pc < mod->ncode && mod->pos
                            ? mod->pos[at_pc].line : 0;
        int kernel_end = st == LANE_JOIN && at_kernel_end(ex, pc);
        if (st == LANE_EXITED || kernel_end)
            snprintf(what, sizeof what, "have exited");
        else if (st == LANE_BAR)
            snprintf(what, sizeof what, "wait at __syncthreads (line %u)", line);
        else if (st == LANE_COLL)
            snprintf(what, sizeof what, "wait at %s (line %u)", collective_name(&mod->code[pc]),
                     line);
        else if (st == LANE_JOIN)
            snprintf(what, sizeof what, "wait to reconverge at line %u", line);
        else
            snprintf(what, sizeof what, "are at line %u", line);
        int n = snprintf(buf + at, len - at, "%slanes %s %s", at ? "; " : "", list, what);
        if (n < 0)
            break;
        at += (size_t)n < len - at ? (size_t)n : len - at - 1;
    }
}

int simt_collective_retry(simt_exec *ex, simt_block *blk, simt_warp *w)
{
    /* Any collective whose lanes have all arrived completes first: lanes
     * waiting at one __syncwarp must not fail for want of lanes that wait at
     * another, which completes. */
    for (uint32_t m = w->in_state[LANE_COLL]; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        int32_t pc = w->pc[l];
        uint32_t done = complete_set(ex, w, pc, 1u << l);
        if (done) {
            execute(ex, w, pc, done);
            simt_cohort_new(w, done);
            release_others(w, done, 0);
            return 1;
        }
    }
    for (uint32_t m = w->in_state[LANE_COLL]; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        int32_t pc = w->pc[l];
        const simt_insn *in = &ex->mod->code[pc];
        uint32_t have = waiting_at(ex, w, pc, 1);
        uint32_t missing = required(ex, w, in, have) & ~have;
        char arrived[128], absent[300];
        simt_lane_list(arrived, sizeof arrived, have);
        where_lanes(ex, w, missing, absent, sizeof absent);
        char detail[480];
        snprintf(detail, sizeof detail, "%s with mask 0x%08x in warp %u can never complete: lanes %s "
                 "arrived; of the other lanes the mask names, %s",
                 collective_name(in), (unsigned)*lreg(w, l, mask_reg(in)), w->index, arrived, absent);
        if (ex->vm->obs.flags & OBS_SYNC) {
            /* Reported; the lanes that did arrive go on, as hardware lets them. */
            /* In library code (a built-in header's K text) it names the
             * program's call, as a fault does (vm/grid.c). */
            simt_finding f = { .kind = FIND_COLL_MISSING, .check = CHECK_SYNC,
                               .detail = detail, .pc = simt_exec_program_pc(ex, w, l, pc),
                               .block = blk->idx,
                               .tid = w->tid_base + l, .lane = l, .warp = w->index,
                               .lanes = missing };
            simt_observe_finding(ex->vm, &f);
            execute(ex, w, pc, have);
            release_others(w, have, 0);
            return 1;
        }
        simt_exec_hang(ex, blk, w, l, pc, "deadlock: %s", detail);
        return -1;
    }
    return 0;
}

/* After lanes exit: the barrier opens if every thread left waits at it
 * (as at an arrival, simt_block_barrier in vm/exec.h). */
void simt_block_barrier_check(simt_exec *ex, simt_block *blk)
{
    if (blk->bar_waiting && simt_barrier_all_in(blk))
        simt_block_barrier_release(ex, blk);
}

/* The lanes of mask that pass __syncthreads_count/and/or a true predicate
 * (register reg) count toward the block's result (simt_block_barrier). */
void simt_block_barrier_count(simt_block *blk, simt_warp *w, uint32_t mask, unsigned reg)
{
    for (uint32_t m = mask; m; m &= m - 1)
        if (*lreg(w, (unsigned)__builtin_ctz(m), reg))
            blk->bar_count++;
}

/* Whether the threads waiting at the block's barrier wait at a grid barrier
 * (all wait at one barrier instruction, or the checker reports them). */
static int at_grid_barrier(const simt_exec *ex, const simt_block *blk)
{
    for (uint32_t k = 0; k < blk->nwarps; k++) {
        const simt_warp *w = &blk->warps[k];
        if (w->in_state[LANE_BAR]) {
            unsigned l = (unsigned)__builtin_ctz(w->in_state[LANE_BAR]);
            return ex->mod->code[w->pc[l] - 1].i == BAR_GRID;
        }
    }
    return 0;
}

/* --check=sync: who waits where as the barrier opens, warp by warp, so the
 * checker can tell threads at different barriers or exited apart. */
static void tell_arrivals(simt_exec *ex, const simt_block *blk)
{
    for (uint32_t k = 0; k < blk->nwarps; k++) {
        const simt_warp *w = &blk->warps[k];
        simt_barrier_warp bw = {w->index, w->tid_base, w->in_state[LANE_BAR], w->exited, w->pc};
        SIMT_NOTIFY(ex->vm, barrier_warp, &bw);
    }
}

/* Every thread of the block has arrived or exited: release the waiting lanes. */
void simt_block_barrier_release(simt_exec *ex, simt_block *blk)
{
    if (!blk->grid_go && at_grid_barrier(ex, blk)) {
        blk->grid_parked = 1; /* vm/grid.c resumes it once every block is there */
        return;
    }
    blk->grid_go = 0;
    uint32_t arrived = blk->bar_waiting, count = blk->bar_count;
    blk->bar_waiting = 0;
    blk->bar_count = 0;
    if (simt_observing(ex->vm, OBS_EV(barrier_warp)))
        tell_arrivals(ex, blk);
    SIMT_NOTIFY0(ex->vm, barrier_ready); /* before the model lines the warps' clocks up */
    SIMT_NOTIFY0(ex->vm, barrier);
    const simt_insn *code = ex->mod->code;
    for (uint32_t k = 0; k < blk->nwarps; k++) {
        simt_warp *w = &blk->warps[k];
        uint32_t at_bar = w->in_state[LANE_BAR];
        if (!at_bar)
            continue;
        w->in_state[LANE_BAR] = 0; /* every lane there leaves */
        w->in_state[LANE_READY] |= at_bar;
        simt_cohort_new(w, at_bar);
        /* Lanes past the same plain __syncthreads as the first have no result. */
        unsigned l0 = (unsigned)__builtin_ctz(at_bar);
        int32_t pc0 = w->pc[l0];
        uint32_t same;
        /* When every ready lane now stands here together, that is the group
         * the warp runs next: simt_pick_pending need not look for it. */
        if (w->bar_whole) { /* they arrived as one group: nothing else is ready */
            same = at_bar;
            if (!w->nested && !w->npending)
                w->hint = at_bar;
        } else {
            same = simt_lanes_equal((const uint32_t *)w->pc, (uint32_t)pc0, w->width);
            if (!w->nested && !w->npending &&
                (w->in_state[LANE_READY] &
                 ~(same & simt_lanes_equal(w->fp, w->fp[l0], w->width))) == 0)
                w->hint = w->in_state[LANE_READY];
        }
        w->bar_whole = 0;
        if (code[pc0 - 1].i == BAR_SYNC)
            at_bar &= ~same;
        for (uint32_t m = at_bar; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctz(m);
            const simt_insn *in = &ex->mod->code[w->pc[l] - 1];
            if (in->i == BAR_SYNC)
                continue;
            if (in->i == BAR_COUNT)
                *lreg(w, l, in->a) = count;
            else if (in->i == BAR_AND)
                *lreg(w, l, in->a) = count == arrived;
            else if (in->i == BAR_OR)
                *lreg(w, l, in->a) = count != 0;
        }
    }
}
