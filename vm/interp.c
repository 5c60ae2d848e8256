/* vm/interp.c -- the dispatch loop: runs one group of lanes of one warp.
 *
 * simt_exec_group issues instructions for a group (lanes at one pc, in one
 * frame, under one convergence barrier) until the group blocks, splits,
 * exits, or uses its quantum.  Hot state (pc, fp, register base, mask) lives
 * in locals and is written back to the warp by SAVE() at every point where the
 * group leaves the loop or where something may inspect the warp (named flush
 * points: branches, joins, collectives, barriers, calls into the runtime).
 *
 * Lane semantics are the micro-ops of vm/lanes.h.  Hot opcodes call a
 * warp-wide helper of the VM's table (ex->vm->lanes: scalar or AVX2), which
 * writes back under the group's mask; the rest use LANES() here.
 *
 * This file is compiled twice, the two twins differing only in the lane
 * helpers they are built with (SIMT_INTERP_LANES, included once below):
 * vm/interp_lanes_scalar.h here, and vm/interp_lanes_avx2.h where
 * vm/interp_avx2.c builds this file again with -mavx2 as
 * simt_exec_group_avx2, which runs when the VM's table is the AVX2 one (not
 * under --no-simd): its helpers inline the full-warp case (W = 32, every
 * lane: a loop of eight vector steps) and call the memory helpers directly,
 * the same code the table holds, so the results are the same bits.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "vm/exec.h"
#include "vm/lanes.h"
#include "vm/memunit.h"
#include "vm/observe.h"
#include "vm/interp_tell.h"
#include "vm/policy.h"

/* Every lane of a 32-lane warp: a group's mask holds only lanes below W, so
 * a full mask is one of 32 lanes and the full-warp (W = 32) code applies. */
#define WHOLE32(mask) ((mask) == 0xffffffffu)


#define LANES(stmt) SIMT_FOR_LANES(mask, full, W, stmt)

#define REG(x) (R + (size_t)(x) * W)
#define PC ((int32_t)(in - code)) /* the group's pc, as an index */
#define REG32(x) (R + (size_t)(x) * 32) /* REG where WHOLE32(mask) */
#define OPS uint64_t *ra = REG(in->a); const uint64_t *rb = REG(in->b), *rc = REG(in->c); \
    (void)ra; (void)rb; (void)rc
#define SAVE() do { RUN_FLUSH(); save_group(w, mask, PC, fp); } while (0)
/* Issues told as runs (vm/observe.h issue_run): the instructions issued since
 * ex->run_steps are the straight run of code ending at `last`.  A handler flushes
 * before it moves `in` anywhere but to the next instruction, changes the
 * group's lanes, leaves the loop or tells an observer anything else (SAVE
 * flushes at the current instruction), so the observers see the same events
 * in the same order as one issue at a time. */
#define RUN_FLUSH_AT(last)                                                      \
    do {                                                                        \
        if (__builtin_expect(runs, 0) && (ex->steps != ex->run_steps || ex->npieces)) { \
            tell_run(ex, w, (last), ex->steps - ex->run_steps, mask);           \
            ex->run_steps = ex->steps;                                          \
        }                                                                       \
    } while (0)
#define RUN_FLUSH() RUN_FLUSH_AT(PC)
/* A jump taken by the whole group (JMP, a loop's back edge): where the one
 * observer of runs takes them in pieces (ex->piece_runs), the run goes on
 * past it, its piece so far kept (run_piece); else the run ends here. */
#define RUN_JUMP()                                                              \
    do {                                                                        \
        if (__builtin_expect(runs, 0)) {                                        \
            if (ex->piece_runs)                                                 \
                run_piece(ex, PC, mask, w->index);                              \
            else                                                                \
                RUN_FLUSH();                                                    \
        }                                                                       \
    } while (0)
/* Before a load or store: where its record hands the run to the one
 * observer (ex->access_runs, observe_record_run), the run goes on into it. */
#define RUN_FLUSH_ACCESS()                                                      \
    do {                                                                        \
        if (__builtin_expect(runs, 0) && !ex->access_runs)                      \
            RUN_FLUSH();                                                        \
    } while (0)
/* The group of mask in w starts issuing: its lead lane, frame and pc. */
#define ENTER_GROUP()                                                           \
    do {                                                                        \
        lead = fault_lane = (unsigned)__builtin_ctz(mask);                      \
        ex->groups++;                                                           \
        fp = w->fp[lead];                                                       \
        R = w->regs + (size_t)fp * W;                                           \
        have_tids = 0;                                                          \
        in = code + w->pc[lead];                                                \
    } while (0)
/* One warp-wide helper of the VM's lane table (vm/lanes.h) for the group. */
#define HELPER(name, k) L->op[LOP_##name](REG(in->a), REG(in->b), REG(in->c), (k), W, mask)
/* FAST, and for one lane (host code: W == 1) the statement `one`, the
 * helper's expression (vm/lanes.def) inline instead of the table's call:
 * host code's moves, constants and selects (R[x] is REG(x)[0] there).
 * The whole-warp test stays first, so device code pays nothing. */
#define FAST_ONE(name, k, one)                                                  \
    do {                                                                       \
        if (WHOLE32(mask))                                                     \
            FAST(name, k);                                                     \
        else if (W == 1) {                                                     \
            one;                                                               \
        } else                                                                 \
            HELPER(name, k);                                                   \
    } while (0)

/* Dispatch.  The loop is written once; TARGET and NEXT expand to computed
 * goto (one indirect jump per handler, a table generated from vm/opcodes.def)
 * where the compiler has labels as values, or to a plain switch when built
 * with -DSIMT_SWITCH_DISPATCH (tests/Makefile.inc builds and tests both). */
#if defined(__GNUC__) && !defined(SIMT_SWITCH_DISPATCH)
#define SIMT_COMPUTED_GOTO 1
#endif
#ifdef SIMT_COMPUTED_GOTO
#define TARGET(name) L_##name: case OP_##name
/* The common case inline: nothing observes the issue (no model, no stepping,
 * no random interleaving), so only the step count remains, against `limit`:
 * the step limit, or 0 when something observes, so that every instruction
 * takes the slow path.  The quantum is not counted here: it is the steps
 * left before `quantum_end` (BUDGET). */
#define NEXT                                                                    \
    do {                                                                        \
        if (__builtin_expect(++ex->steps > limit, 0))                           \
            goto slow_next;                                                     \
        goto *labels[in->op];                                                   \
    } while (0)
#else
#define TARGET(name) case OP_##name
#define NEXT goto next_insn
#endif
/* The quantum left to the group: SIMT_WARP_QUANTUM instructions after the
 * first, counted from ex->steps (at a handler, the steps include its own). */
#define BUDGET() (quantum_end > ex->steps ? quantum_end - ex->steps : 0)
/* Handlers of one helper and nothing else: SIMPLE where the helper has an
 * AVX2 version (vm/lanes_avx2.c), TABLE where only the table has it. */
#define SIMPLE(name) TARGET(name): FAST(name, 0); in++; NEXT;
#define TABLE(name) TARGET(name): HELPER(name, 0); in++; NEXT;

static void save_group(simt_warp *w, uint32_t mask, int32_t pc, uint32_t fp)
{
    simt_lanes_store((uint32_t *)w->pc, (uint32_t)pc, mask, w->width);
    simt_lanes_store(w->fp, fp, mask, w->width);
}

#include "vm/interp_mem.h"

static uint64_t load_n(const uint8_t *p, unsigned len)
{
    switch (len) {
    case 1: return *p;
    case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
    case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
    default: { uint64_t v; memcpy(&v, p, 8); return v; }
    }
}

static void store_n(uint8_t *p, unsigned len, uint64_t v)
{
    switch (len) {
    case 1: *p = (uint8_t)v; break;
    case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
    default: memcpy(p, &v, 8); break;
    }
}

/* The lane loops the twins' helpers fall back to (SIMT_INTERP_LANES). */

/* ra := the loads of kind k (LD8S..LD64 less LD8S) at addr[l] + off, every
 * lane in its own local memory (local_lanes held). */
static inline void local_load_lanes(const simt_warp *w, uint64_t *ra, const uint64_t *addr,
                                    uint64_t off, unsigned k, unsigned W, uint32_t mask)
{
    static const unsigned size[] = {1, 1, 2, 2, 4, 8};
    const unsigned len = size[k];
    const uint32_t full = simt_lanes_all(W);
    SIMT_FOR_LANES(mask, full, W, {
        uint64_t v = load_n(w->local + (size_t)l * w->local_cap +
                            SIMT_ADDR_OFFSET(addr[l] + off), len);
        if (k == 0) v = (uint64_t)(int64_t)(int8_t)v;
        if (k == 2) v = (uint64_t)(int64_t)(int16_t)v;
        ra[l] = v;
    });
}

/* The lanes of mask where compare lop of b[l], c[l] holds, by the table. */
static inline uint32_t compare_mask_table(const simt_lane_ops *L, unsigned lop, const uint64_t *b,
                                          const uint64_t *c, unsigned W, uint32_t mask)
{
    if (L->cmpmask[lop])
        return L->cmpmask[lop](b, c, W, mask);
    uint64_t cmp[SIMT_MAX_WARP]; /* the compare into a scratch register */
    L->op[lop](cmp, b, c, 0, W, mask);
    return L->nonzero(cmp, W, mask);
}

/* The lanes of mask whose 32-bit divisor c[l] is 0: branch-free, a zero
 * divisor is rare. */
static inline uint32_t zero_divisors32_lanes(const uint64_t *c, unsigned W, uint32_t mask)
{
    const uint32_t full = simt_lanes_all(W);
    uint32_t zero = 0;
    SIMT_FOR_LANES(mask, full, W, zero |= (uint32_t)((uint32_t)c[l] == 0) << l);
    return zero;
}

static inline void laddr_lanes(uint64_t *a, const uint64_t *base, uint64_t off, unsigned W,
                               uint32_t mask)
{
    const uint32_t full = simt_lanes_all(W);
    SIMT_FOR_LANES(mask, full, W, a[l] = SIMT_ADDR(SPACE_LOCAL, base[l] + off));
}

/* The twin's lane helpers, selected once: vm/interp_avx2.c names its own. */
#ifndef SIMT_INTERP_LANES
#define SIMT_INTERP_LANES "vm/interp_lanes_scalar.h"
#endif
#include SIMT_INTERP_LANES

/* The memory unit's record of one device memory instruction of the lanes
 * of mask, each at base[l] + off (vm/memunit.h): built before the access,
 * whose loads may overwrite the addresses' registers; its bounds serve the
 * bounds check (group_region), the observers are told once the bounds
 * check has decided (observe_record).  Host code builds none. */
static __attribute__((noinline)) void access_record(const simt_warp *w, const simt_insn *in,
                                                    int32_t pc, uint32_t mask,
                                                    const uint64_t *base, uint64_t off,
                                                    unsigned size, unsigned kind,
                                                    const uint64_t *ends, simt_warp_access *a)
{
    a->pc = pc;
    a->op = (uint8_t)in->op;
    a->kind = (uint8_t)kind;
    a->size = (uint8_t)size;
    a->verdict = VERDICT_LANES;
    a->mask = mask;
    a->warp = w->index;
    a->width = w->width;
    a->tid_base = w->tid_base;
    if (!ends) {
        if (mask == UINT32_MAX)
            simt_access_gather32(a, base, off); /* inline: AVX2 in the twin */
        else
            simt_access_gather(a, base, off);
        return;
    }
    /* a whole warp's coalesced access (the fast path's ends): only the copy */
    record_addresses(a->addr, base, off);
    simt_access_unit_stride_inline(a, ends[0], ends[1]);
}

static __attribute__((noinline, cold)) void observe_records(simt_vm *vm, simt_warp_access *a)
{
    SIMT_NOTIFY(vm, access, vm, a);
}

/* Hands a record to the observers with the bounds check's verdict: to the
 * one observer (the model alone, as tell_run) by a tail call. */
static __attribute__((noinline)) void observe_record(simt_vm *vm, simt_warp_access *a,
                                                     unsigned verdict)
{
    a->verdict = (uint8_t)verdict;
    const simt_observers *obs = &vm->obs;
    if (__builtin_expect(obs->ncall[OBS_EV_access_bit] != 1, 0)) {
        observe_records(vm, a);
        return;
    }
    const struct simt_obs_call *c = &obs->call[OBS_EV_access_bit][0];
    ((__typeof__(((simt_observer *)0)->access))c->fn)(c->ctx, vm, a);
}

/* observe_record for a load or store: where one observer takes runs and
 * accesses together (ex->access_runs), the run it ends (not told before:
 * RUN_FLUSH_ACCESS), its pieces too, goes with the record, in one call. */
static __attribute__((noinline)) void observe_record_run(simt_exec *ex, simt_warp_access *a,
                                                         unsigned verdict)
{
    if (!ex->access_runs) {
        observe_record(ex->vm, a, verdict);
        return;
    }
    a->verdict = (uint8_t)verdict;
    uint32_t n = (uint32_t)(ex->steps - ex->run_steps), npieces = ex->npieces;
    ex->run_steps = ex->steps;
    ex->npieces = 0; /* the call reads the list: nothing writes it before it returns */
    const struct simt_obs_call *c = &ex->vm->obs.call[OBS_EV_access_run_bit][0];
    ((__typeof__(((simt_observer *)0)->access_run))c->fn)(c->ctx, ex->vm, a, ex->pieces, npieces,
                                                           n);
}

/* Host code's writes (the checkers' record of initialised bytes). */
static __attribute__((noinline)) void observe_host_write(simt_vm *vm, uint32_t mask,
                                                         const uint64_t *base, uint64_t off,
                                                         unsigned size)
{
    if (simt_observing(vm, OBS_EV(host_write)))
        for (uint32_t m = mask; m; m &= m - 1)
            SIMT_NOTIFY(vm, host_write, base[__builtin_ctz(m)] + off, size);
}

/* A whole access of the lanes of mask at base[l] + off, decided lane by
 * lane (MEMCPY's pieces), to the observers. */
static void observe_access(simt_exec *ex, simt_warp *w, const simt_insn *in, int32_t pc,
                           uint32_t mask, const uint64_t *base, uint64_t off, unsigned size,
                           unsigned kind)
{
    if (ex->is_host) {
        if (kind != ACC_READ)
            observe_host_write(ex->vm, mask, base, off, size);
        return;
    }
    simt_warp_access a;
    access_record(w, in, pc, mask, base, off, size, kind, NULL, &a);
    observe_record(ex->vm, &a, VERDICT_LANES);
}

/* A record copy (MEMCPY) as the accesses the GPU makes: pieces of up to 16
 * bytes (a float4 is one 128-bit load and one store, a float2 one 64-bit
 * access each), read at R[b] then written at R[a].  Only a copy whose size
 * every lane shares is observed (lowering emits no other). */
static void observe_copy(simt_exec *ex, simt_warp *w, const simt_insn *in, int32_t pc,
                         uint32_t mask, const uint64_t *dst, const uint64_t *src,
                         const uint64_t *count)
{
    if (!mask)
        return;
    uint64_t n = count[__builtin_ctz(mask)];
    for (uint32_t m = mask; m; m &= m - 1)
        if (count[__builtin_ctz(m)] != n)
            return;
    for (uint64_t k = 0; k < n; k += 16) {
        unsigned piece = n - k < 16 ? (unsigned)(n - k) : 16;
        observe_access(ex, w, in, pc, mask, src, k, piece, ACC_READ);
        observe_access(ex, w, in, pc, mask, dst, k, piece, ACC_WRITE);
    }
}

/* clock()/clock64(): the timing model's clock (a program that reads it runs
 * with the model on, runtime/setup.c reads_clock); the baseline of one cycle per warp
 * instruction issued by the block only where there is no model (host code). */
static uint64_t sreg_clock(const simt_exec *ex, const simt_block *blk, const simt_warp *w)
{
    if (!ex->is_host && simt_observing(ex->vm, OBS_EV(clock))) {
        int have;
        uint64_t c = simt_observe_clock(ex->vm, w->index, &have);
        if (have)
            return c;
    }
    return ex->steps - blk->steps0;
}

static uint64_t sreg_value(const simt_exec *ex, const simt_block *blk, const simt_warp *w,
                           unsigned l, unsigned id)
{
    uint32_t t = w->tid_base + l, bx = ex->block_dim[0], by = ex->block_dim[1];
    switch (id) {
    case SREG_TID_X: return t % bx;
    case SREG_TID_Y: return (t / bx) % by;
    case SREG_TID_Z: return t / (bx * by);
    case SREG_NTID_X: case SREG_NTID_Y: case SREG_NTID_Z: return ex->block_dim[id - SREG_NTID_X];
    case SREG_CTAID_X: case SREG_CTAID_Y: case SREG_CTAID_Z: return blk->idx[id - SREG_CTAID_X];
    case SREG_NCTAID_X: case SREG_NCTAID_Y: case SREG_NCTAID_Z: return ex->grid[id - SREG_NCTAID_X];
    case SREG_LANEID: return l;
    case SREG_WARPSIZE: return ex->width;
    case SREG_CLOCK: return (uint32_t)sreg_clock(ex, blk, w);
    case SREG_ON_DEVICE: return !ex->is_host;
    case SREG_GTID_X: case SREG_GTID_Y: case SREG_GTID_Z: {
        unsigned d = id - SREG_GTID_X;
        uint32_t tid = (uint32_t)sreg_value(ex, blk, w, l, SREG_TID_X + d);
        return (uint32_t)(blk->idx[d] * ex->block_dim[d] + tid);
    }
    default: return sreg_clock(ex, blk, w);
    }
}

_Static_assert(SREG_TID_X == 0 && SREG_TID_Z == 2, "tid.x, tid.y, tid.z come first");

/* threadIdx.x, .y and .z of every lane of the warp into tid[0..2]: lane l is
 * thread tid_base + l, so the coordinates step like an odometer from lane 0's. */
static void warp_tids(const simt_exec *ex, const simt_warp *w, uint64_t tid[3][SIMT_MAX_WARP])
{
    uint32_t bx = ex->block_dim[0], by = ex->block_dim[1], t = w->tid_base;
    uint32_t x = t % bx, y = (t / bx) % by, z = t / (bx * by);
    for (unsigned l = 0; l < w->width; l++) {
        tid[0][l] = x;
        tid[1][l] = y;
        tid[2][l] = z;
        if (++x == bx) {
            x = 0;
            if (++y == by) {
                y = 0;
                z++;
            }
        }
    }
}

/* Atomic read-modify-write of one lane (lanes are serialised in lane order). */
static uint64_t atom_apply(unsigned op, unsigned type, uint64_t old, uint64_t v)
{
    int wide = type == ATYPE_I64 || type == ATYPE_U64 || type == ATYPE_F64;
    uint64_t m = wide ? UINT64_MAX : 0xffffffffu;
    int64_t so = wide ? (int64_t)old : (int32_t)(uint32_t)old;
    int64_t sv = wide ? (int64_t)v : (int32_t)(uint32_t)v;
    int is_signed = type == ATYPE_I32 || type == ATYPE_I64;
    switch (op) {
    case ATOM_ADD:
        if (type == ATYPE_F32) return of_f32(f32_of(old) + f32_of(v));
        if (type == ATYPE_F64) return of_f64(f64_of(old) + f64_of(v));
        return (old + v) & m;
    case ATOM_SUB: return (old - v) & m;
    case ATOM_EXCH: return v & m;
    case ATOM_MIN: return is_signed ? (so < sv ? old : v) & m : ((old & m) < (v & m) ? old : v) & m;
    case ATOM_MAX: return is_signed ? (so > sv ? old : v) & m : ((old & m) > (v & m) ? old : v) & m;
    case ATOM_INC: return (old & m) >= (v & m) ? 0 : (old + 1) & m;
    case ATOM_DEC: return ((old & m) == 0 || (old & m) > (v & m)) ? v & m : (old - 1) & m;
    case ATOM_AND: return old & v & m;
    case ATOM_OR: return (old | v) & m;
    default: return (old ^ v) & m;
    }
}

static unsigned atype_size(unsigned type)
{
    if (type == ATYPE_U16)
        return 2;
    return (type == ATYPE_I64 || type == ATYPE_U64 || type == ATYPE_F64) ? 8 : 4;
}

/* atom_apply as one host atomic read-modify-write, for blocks running on
 * several host threads (exec.h host_atomics).  vm/threads.c lets only integer
 * add, sub, and, or, xor, min and max with unused results run so, whose final
 * value does not depend on the order.  p is aligned (lane_mem checked it). */
static uint64_t atom_host(unsigned op, unsigned type, uint8_t *p, uint64_t v)
{
    if (atype_size(type) == 4) {
        uint32_t *q = (uint32_t *)(void *)p, old = __atomic_load_n(q, __ATOMIC_RELAXED);
        while (!__atomic_compare_exchange_n(q, &old, (uint32_t)atom_apply(op, type, old, v), 1,
                                            __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
            ;
        return old;
    }
    uint64_t *q = (uint64_t *)(void *)p, old = __atomic_load_n(q, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(q, &old, atom_apply(op, type, old, v), 1,
                                        __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
        ;
    return old;
}

/* One builtin or native import call through the host (vm/vm.h simt_host_ops). */
static simt_status host_call(simt_vm *vm, const simt_insn *in, const simt_tctx *t,
                             const simt_sig *sig, const uint64_t *args, uint64_t *ret)
{
    if (!vm->host)
        return simt_vm_faultf(vm, "host call without a host (the VM runs without its runtime)");
    return in->op == OP_HCALL ? vm->host->builtin(vm, t, in->i, sig, args, in->c, ret)
                              : vm->host->native(vm, t, (uint32_t)in->i, args, ret);
}

/* Calls a runtime builtin or native import once per lane. */
static int lane_calls(simt_exec *ex, simt_block *blk, simt_warp *w, uint32_t mask, uint64_t *R,
                      const simt_insn *in, unsigned *fault_lane)
{
    unsigned W = w->width;
    const simt_sig *sig = &ex->mod->sigs[in->j];
    uint64_t args[256];
    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        for (unsigned k = 0; k < in->c; k++)
            args[k] = REG(in->b + k)[l];
        simt_tctx t = lane_tctx(ex, blk, w, l);
        uint64_t ret = 0;
        /* Where the call is, for a checker finding inside it (free errors);
         * a fault overwrites it anyway. */
        ex->vm->fault.pc = (int32_t)(in - ex->mod->code);
        if (ex->is_host) /* the host clocks read it (runtime/clocks.c) */
            ex->vm->host_steps = ex->steps;
        simt_status st = host_call(ex->vm, in, &t, sig, args, &ret);
        if (st != SIMT_OK) {
            *fault_lane = l;
            return st == SIMT_EXIT ? EV_EXIT : EV_FAULT;
        }
        ex->vm->fault.pc = -1;
        REG(in->a)[l] = ret;
    }
    return EV_SWITCH;
}

/* LAUNCH from host code: geometry from the dim3 temporaries, then the grid. */
static int do_launch(simt_exec *ex, simt_block *blk, simt_warp *w, uint64_t *R, const simt_insn *in)
{
    unsigned W = w->width;
    uint32_t dims[2][3];
    for (int k = 0; k < 2; k++) {
        uint8_t *p = lane_mem(ex, blk, w, 0, REG(in->b + k)[0], 4, 0);
        if (!p || !lane_mem(ex, blk, w, 0, REG(in->b + k)[0] + 8, 4, 0))
            return EV_FAULT;
        memcpy(dims[k], p, 12);
    }
    uint64_t args[256];
    for (unsigned k = 3; k < in->c; k++)
        args[k - 3] = REG(in->b + k)[0];
    simt_vm *vm = ex->vm;
    if (vm->host && vm->host->capture_launch &&
        vm->host->capture_launch(vm, (uint32_t)in->i, dims[0], dims[1], REG(in->b + 2)[0], args,
                                 (int)in->c - 3)) {
        vm->launch_stream = 0; /* captured: the stream named was this launch's */
        return EV_SWITCH;
    }
    if (ex->is_host) /* the host's time when it issues the launch (vm/timeline.c) */
        vm->host_steps = ex->steps;
    /* the launch site, for the checkers: the program's call of a library
     * function that launches (cublasSgemm, thrust::transform) */
    vm->fault.pc = simt_exec_program_pc(ex, w, 0, (int32_t)(in - ex->mod->code));
    simt_status st = simt_vm_launch(vm, (uint32_t)in->i, dims[0], dims[1], REG(in->b + 2)[0], args,
                                    (int)in->c - 3);
    if (st == SIMT_OK)
        vm->fault.pc = -1;
    if (st == SIMT_FAULT && vm->oom)
        return EV_FAULT; /* the host ran out of memory, not the guest: main() cannot go on
                            (it would fault later and bury the out-of-memory status) */
    if (st == SIMT_FAULT) {
        /* A kernel fault stops that launch; the host goes on and later CUDA calls
         * report the sticky error, as on a GPU.  simtvm exits with status 1. */
        simt_vm_print_fault(vm, vm->err);
        vm->fault_reported = 1;
        vm->kernel_faults++;
        if (vm->fault.cuda_error == CUDA_ERROR_ASSERT)
            vm->assert_faults++;
    }
    if (st == SIMT_EXIT)
        return EV_EXIT;
    /* The host's step budget covers the launches it makes: a runaway host
     * loop that launches kernels stops like one that does not, instead of
     * running up to --max-steps launches of up to --max-steps each.  (After
     * a faulting launch, whose fault is reported, later launches do nothing.) */
    if (st != SIMT_OK)
        return EV_SWITCH;
    ex->launched += vm->launch_steps;
    if (ex->launched > ex->max_steps - ex->steps) {
        simt_exec_fault(ex, blk, w, 0, (int32_t)(in - ex->mod->code),
                        "step limit exceeded: the host code and the kernels it launched issued "
                        "more than %llu warp instructions (runaway loop? raise it with "
                        "--max-host-steps N)", (unsigned long long)ex->max_steps);
        return EV_FAULT;
    }
    return EV_SWITCH;
}

/* dev_launch: the fault is located already (a refused device launch) */
enum { EV_LOCATED = EV_STEP + 1 };

/* LAUNCH from device code (dynamic parallelism): each lane of the group
 * launches its own child grid, its stream in R[a] (vm/devlaunch.c). */
static int dev_launch(simt_exec *ex, simt_block *blk, simt_warp *w, uint32_t mask, uint64_t *R,
                      const simt_insn *in, unsigned *fault_lane)
{
    unsigned W = w->width;
    int32_t pc = (int32_t)(in - ex->mod->code);
    for (unsigned l = 0; l < W; l++) {
        if (!(mask >> l & 1))
            continue;
        simt_child c = { (uint32_t)in->i, {0}, {0}, REG(in->b + 2)[l], REG(in->a)[l], NULL,
                         (int)in->c - 3 };
        for (int k = 0; k < 2; k++) {
            uint8_t *p = lane_mem(ex, blk, w, l, REG(in->b + k)[l], 4, 0);
            if (!p || !lane_mem(ex, blk, w, l, REG(in->b + k)[l] + 8, 4, 0)) {
                *fault_lane = l;
                return EV_FAULT;
            }
            memcpy(k ? c.block : c.grid, p, 12);
        }
        uint64_t args[256];
        for (unsigned k = 3; k < in->c; k++)
            args[k - 3] = REG(in->b + k)[l];
        c.args = args;
        if (simt_dev_launch(ex, blk, w, l, pc, &c) < 0)
            return EV_LOCATED;
    }
    return EV_SWITCH;
}

/* A lane's CALL: a new frame at fp + a (see vm/module.h). */
static int do_call(simt_exec *ex, simt_warp *w, uint32_t mask, uint32_t *fp, int32_t *pc,
                   const simt_insn *in)
{
    const simt_func *callee = &ex->mod->funcs[in->i];
    const simt_func *caller = &ex->mod->funcs[ex->vm->func_of_pc[*pc]];
    unsigned W = w->width;
    uint32_t nfp = *fp + in->a;
    uint64_t *R = w->regs + (size_t)*fp * W;
    uint32_t need_local = 0;
    const uint32_t full = simt_lanes_all(W); /* a whole warp: plain loops below */
    SIMT_FOR_LANES(mask, full, W, {
        uint64_t base = REG(2)[l] + caller->local_size;
        if (base + callee->local_size > need_local)
            need_local = (uint32_t)(base + callee->local_size);
    });
    if (simt_warp_reserve(ex, w, nfp + callee->nregs, need_local) != 0)
        return -1;
    R = w->regs + (size_t)*fp * W;
    uint64_t *N = w->regs + (size_t)nfp * W;
    const uint64_t link = (uint64_t)(int64_t)(*pc + 1), ofp = *fp;
    SIMT_FOR_LANES(mask, full, W, {
        N[0 * W + l] = link;
        N[1 * W + l] = ofp;
        N[2 * W + l] = REG(2)[l] + caller->local_size;
    });
    /* The callee's registers some path may read before writing (vm/live.c);
     * all of them for the debugger, which shows variables not yet assigned. */
    const simt_frame_zero *z = &ex->vm->frame_zero[in->i];
    uint32_t first = SIMT_FRAME_LINK + ex->mod->sigs[callee->sig].nargs;
    if (ex->stepping)
        for (uint32_t r = first; r < callee->nregs; r++)
            for (uint32_t m = mask; m; m &= m - 1)
                N[(size_t)r * W + __builtin_ctz(m)] = 0;
    for (uint32_t k = 0; k < z->n && !ex->stepping; k++) {
        uint64_t *r = N + (size_t)z->regs[k] * W;
        SIMT_FOR_LANES(mask, full, W, r[l] = 0);
    }
    *fp = nfp;
    *pc = (int32_t)callee->entry;
    w->framed = 1; /* fp[] is not all 0 from now on (vm/grid.c warp_reset) */
    return 0;
}

/* The host address of guest address *lo when every lane's access lies in one
 * region that needs no per-lane translation -- a global or constant
 * allocation (the two used last are cached; another is looked up once and
 * cached) or the block's shared memory -- with every address aligned; NULL
 * otherwise, and the per-lane path decides (and reports faults) exactly as the
 * specification says.  The bitwise AND and OR of the addresses bound them all
 * (AND <= x <= OR), so checking [AND, OR + len) is enough and costs no
 * compares; the bound is loose only across a power-of-two boundary, where the
 * per-lane path takes over. */
static inline __attribute__((always_inline)) uint8_t *
group_region(simt_exec *ex, const simt_block *blk, const simt_lane_ops *L, const uint64_t *rb,
             uint64_t off, unsigned len, int write, unsigned W, uint32_t mask, uint64_t *lo,
             const uint64_t *known)
{
    uint64_t s[2];
    if (known) /* computed with the addresses (LDX) */
        memcpy(s, known, sizeof s);
    else
        group_bounds(L, rb, off, W, mask, s);
    if (s[1] & (len - 1))
        return NULL;
    *lo = s[0];
    /* Shared memory first: the cache holds global and constant allocations
     * only, so a shared access would miss both of its entries. */
    if (SIMT_ADDR_SPACE(s[0]) == SPACE_SHARED) {
        if (SIMT_ADDR_SPACE(s[1]) == SPACE_SHARED &&
            SIMT_ADDR_OFFSET(s[1]) + len <= blk->shared_size)
            return blk->shared + SIMT_ADDR_OFFSET(s[0]);
        return NULL;
    }
    uint64_t gen = ex->vm->mem.generation;
    for (int k = 0; k < 2; k++) {
        uint8_t *p = gcache_hit(&ex->gc[k], gen, s[0], s[1], len, write);
        if (p)
            return p;
    }
    /* A third allocation (c[i] = a[i] + b[i] cycles through three): looked
     * up once for the group, where its lanes would each have looked it up. */
    unsigned space = SIMT_ADDR_SPACE(s[0]);
    if (space == SPACE_GLOBAL || space == SPACE_CONST)
        return gcache_fill(ex, s[0], s[1], len, write);
    return NULL;
}

/* Whether every lane of mask accesses len bytes at b[l] + off inside its
 * own local memory, aligned: then lane l's bytes lie at w->local + l *
 * local_cap + the address's offset, with no translation.  The AND and OR of
 * the addresses bound every lane's space bits, alignment and offset.  A
 * thread's local arrays (int t[4] indexed at run time) are such accesses;
 * each lane used to be translated on its own. */
static inline int local_lanes(const simt_warp *w, const simt_lane_ops *L, const uint64_t *b,
                              uint64_t off, unsigned len, unsigned W, uint32_t mask)
{
    uint64_t s[2];
    lanes_bounds(L, b, off, W, mask, s);
    return SIMT_ADDR_SPACE(s[0]) == SPACE_LOCAL && SIMT_ADDR_SPACE(s[1]) == SPACE_LOCAL &&
           !(s[1] & (len - 1)) && SIMT_ADDR_OFFSET(s[1]) + len <= w->local_cap;
}

/* The loads of LD8S..LD64 and LDX: for the lanes of mask, ra := the value
 * of kind k (LD8S..LD64 less LD8S) at addr + off.  Returns -1, or the lane
 * whose access faults (lane_mem has recorded the fault; nothing is observed).
 * Inlined into both handlers: this is the interpreter's hottest path.  It
 * reads the width itself: taking the caller's W and full as arguments made
 * saxpy 15% slower (GCC 12, register pressure in the dispatch loop). */
static inline __attribute__((always_inline)) int load_group(simt_exec *ex, simt_block *blk,
                                                            simt_warp *w, const simt_insn *in,
                                                            int32_t pc, uint32_t mask,
                                                            uint64_t *ra, const uint64_t *addr,
                                                            uint64_t off, unsigned k,
                                                            uint8_t *scratch,
                                                            const uint64_t *known)
{
    static const unsigned size[] = {1, 1, 2, 2, 4, 8};
    const simt_lane_ops *L = &ex->vm->lanes;
    const unsigned W = w->width, len = size[k];
    const uint32_t full = simt_lanes_all(W);
    uint64_t lo;
    simt_warp_access rec; /* observed: the memory unit's record, made before the
                             load, which may overwrite its addresses (LD rX, [rX]) */
    uint64_t ends[2]; /* a whole warp's coalesced load: its bounds */
    int coalesced = load_ends(addr, off, len, mask, ends);
    if (coalesced)
        known = ends;
    const int observe = __builtin_expect(ex->observe, 0) && !ex->is_host;
    if (observe) {
        /* a coalesced load of shared memory too: the record from its ends */
        int whole = coalesced || record_ends(addr, off, len, mask, ends);
        access_record(w, in, pc, mask, addr, off, len, ACC_READ, whole ? ends : NULL, &rec);
        if (!known)
            known = rec.bounds;
    }
    /* One lane (host code) is faster through the translation directly. */
    const uint8_t *host = W == 1 ? NULL
                          : group_region(ex, blk, L, addr, off, len, 0, W, mask, &lo, known);
    unsigned verdict = VERDICT_REGION;
    if (host) {
        region_load(L, blk, ra, addr, off, lo, host, k, len, W, mask, coalesced);
    } else if (W > 1 && local_lanes(w, L, addr, off, len, W, mask)) {
        local_load(w, ra, addr, off, k, W, mask);
    } else {
        verdict = VERDICT_LANES;
        LANES({
            uint8_t *p = checked_mem(ex, blk, w, l, addr[l] + off, len, 0, pc, scratch);
            if (!p)
                return (int)l;
            uint64_t v = load_n(p, len);
            if (k == 0) v = (uint64_t)(int64_t)(int8_t)v;
            if (k == 2) v = (uint64_t)(int64_t)(int16_t)v;
            ra[l] = v;
        });
    }
    if (observe)
        observe_record_run(ex, &rec, verdict);
    return -1;
}

/* The lane helper of each compare opcode (fused branches name theirs). */
static const uint8_t cmp_lop[OP_COUNT] = {
#define CMP(name) [OP_##name] = LOP_##name,
    SIMT_COMPARE_OPS(CMP)
#undef CMP
};

/* The division handlers index the helpers by opcode. */
_Static_assert(OP_REM_U32 - OP_DIV_S32 == LOP_REM_U32 - LOP_DIV_S32 &&
               OP_DIV_U32 - OP_DIV_S32 == LOP_DIV_U32 - LOP_DIV_S32 &&
               OP_REM_S32 - OP_DIV_S32 == LOP_REM_S32 - LOP_DIV_S32, "division order (32)");
_Static_assert(OP_REM_U64 - OP_DIV_S64 == LOP_REM_U64 - LOP_DIV_S64 &&
               OP_DIV_U64 - OP_DIV_S64 == LOP_DIV_U64 - LOP_DIV_S64 &&
               OP_REM_S64 - OP_DIV_S64 == LOP_REM_S64 - LOP_DIV_S64, "division order (64)");

/* The group the scheduler would run next, once the group of w has stopped at
 * __syncthreads or at its kernel's return, where that group can start
 * without the scheduler: NULL where the scheduler must decide.  vm/grid.c's
 * run_warp goes on with w's next group until w waits at the barrier or has
 * exited everywhere; then run_block runs the next warps in index order, and a
 * round ends after the last.  Here the same order is kept -- the same warp's
 * group when the barrier has just released it, else the next warp that has
 * not exited, in this round -- and only where that group is the one its
 * (or lockstep's) pick would take at once (the warp's hint,
 * simt_pick_pending).  The interpreter then goes on with it without
 * returning: on __syncthreads-heavy kernels the return, the scheduler's
 * loops and the next call's prologue were a tenth of the host instructions
 * (doc/vm.md).  Whatever observes or perturbs the schedule (the model,
 * stepping, a policy that preempts, the checkers) keeps the plain path. */
static inline simt_warp *next_group(simt_block *blk, simt_warp *w, uint32_t *mask)
{
    const uint32_t all = simt_lanes_all(w->width);
    /* run_warp goes on with w unless w waits or has exited everywhere */
    for (uint32_t k = w->index + ((w->in_state[LANE_BAR] | w->exited) == all); k < blk->nwarps;
         k++) {
        simt_warp *n = &blk->warps[k];
        if (n->exited == all)
            continue; /* run_warp returns at once */
        uint32_t hint = n->hint;
        if (!hint || n->npending || hint != n->in_state[LANE_READY])
            return NULL;
        n->hint = 0; /* as simt_pick_pending takes it */
        *mask = hint;
        return n;
    }
    return NULL;
}

#define FAULT_AT(lane_, ...) do { fault_lane = (lane_); SAVE(); \
    simt_exec_fault(ex, blk, w, fault_lane, PC, __VA_ARGS__); return EV_FAULT; } while (0)
#define MEMFAULT(lane_) do { fault_lane = (lane_); SAVE(); \
    simt_exec_locate(ex, blk, w, fault_lane, PC); return EV_FAULT; } while (0)

/* The loop: exec_group_loop, or simt_exec_group_avx2 in the AVX2 twin
 * (SIMT_INTERP_LANES names it). */
EXEC_GROUP_LOOP(simt_exec *ex, simt_block *blk, simt_warp *w, uint32_t mask)
{
#ifdef SIMT_COMPUTED_GOTO
    static const void *const labels[OP_COUNT] = {
#define OP(name, format, uses, sass, meaning) [OP_##name] = &&L_##name,
#include "vm/opcodes.def"
#undef OP
    };
#endif
    const simt_insn *code = ex->mod->code;
    /* host code computes floats as the host does (vm/lanes_host.c) */
    const simt_lane_ops *L = ex->is_host ? &ex->vm->host_lanes : &ex->vm->lanes;
    const unsigned W = w->width;
    const uint32_t full = simt_lanes_all(W);
    const int modeled = (ex->vm->obs.flags & OBS_TIMED) && !ex->is_host;
    /* the model takes runs of instructions (RUN_FLUSH): no work per instruction */
    const int runs = modeled && ex->vm->obs.runs;
    ex->run_steps = ex->steps;
    /* the warp policy may end a group's turn at any instruction (random) */
    const int preempts = ex->wpol->preempt != NULL;
    uint8_t scratch[8];
    uint64_t tids[3][SIMT_MAX_WARP];
#ifdef SIMT_COMPUTED_GOTO
    const uint64_t limit = (modeled && !runs) || preempts || ex->stepping ? 0 : ex->max_steps;
#endif
    /* next_group may go on with another group instead of returning.  A
     * model taking runs, the only observer, sees the same events in the
     * same order either way (SAVE has told the stopped group's run, the
     * next group's starts; nothing between two groups tells it anything). */
    const int model_alone = runs && ex->vm->obs.n == 1;
    ex->access_runs = model_alone && ex->vm->obs.ncall[OBS_EV_access_run_bit] == 1;
    ex->piece_runs = model_alone && ex->vm->obs.ncall[OBS_EV_issue_runs_bit] == 1;
    ex->npieces = 0;
    const int hand_over = (model_alone || (!modeled && !ex->observe)) && !preempts &&
                          !ex->stepping && !ex->is_host;
    /* the kernel's return goes straight to next_group: no run to tell */
    const int quiet_exit = hand_over && !runs;
    unsigned lead, fault_lane;
    uint32_t fp;
    uint64_t *R, budget, quantum_end;
    int have_tids;
    const simt_insn *in; /* the pc (PC is its index) */

#ifndef SIMT_COMPUTED_GOTO
start_group: /* the group of mask in w: the caller's, or (switch build) next_group's */
#endif
    ENTER_GROUP();
    budget = SIMT_WARP_QUANTUM;
    if (ex->step_mask) { /* simtvm debug: the group stepped last time goes on */
        budget = ex->step_budget;
        lead = ex->step_lead;
        ex->step_mask = 0;
    }
    /* The first instruction takes no budget: BUDGET() is `budget` there. */
    quantum_end = ex->steps + budget + 1;
    goto issue;

group_stopped: /* at __syncthreads or the kernel's return: EV_SWITCH, or go on */
    if (!hand_over)
        return EV_SWITCH;
group_next: /* hand_over holds */
    {
        uint32_t next_mask = 0; /* not &mask: a local whose address escapes stays in memory */
        simt_warp *n = next_group(blk, w, &next_mask);
        if (!n)
            return EV_SWITCH;
        mask = next_mask;
        if (n != w)
            ex->handed = n; /* vm/grid.c's run_warp goes on with n */
        w = n;
#ifdef SIMT_COMPUTED_GOTO
        /* start_group's work where nothing steps or observes (hand_over):
         * with a new call's quantum, as the scheduler gives, and the first
         * instruction issued as NEXT issues (limit is max_steps here) */
        ENTER_GROUP();
        quantum_end = ex->steps + SIMT_WARP_QUANTUM + 1;
        NEXT;
#else
        goto start_group;
#endif
    }

#ifdef SIMT_COMPUTED_GOTO
slow_next: /* NEXT counted the step: the issue below counts it again */
    ex->steps--;
#else
next_insn:
#endif
    budget = BUDGET(); /* less this instruction's, once it is issued */
    if (budget)
        budget--;
    if (preempts && ex->wpol->preempt(w)) { /* the policy ends the turn here */
        RUN_FLUSH_AT(PC - 1); /* in is not issued yet: the run ends before it */
        SAVE();
        return budget ? EV_SWITCH : EV_QUANTUM;
    }
    if (ex->stepping) { /* simtvm debug: stop after each instruction (exec.h) */
        RUN_FLUSH_AT(PC - 1);
        SAVE();
        ex->step_mask = mask;
        ex->step_lead = lead;
        ex->step_budget = budget;
        return EV_STEP;
    }
issue:
    if (++ex->steps > ex->max_steps) {
        ex->steps--; /* this one is not issued: the run ends before it */
        RUN_FLUSH_AT(PC - 1);
        ex->steps++;
        ex->run_steps = ex->steps;
        fault_lane = lead;
        SAVE();
        simt_exec_hang(ex, blk, w, lead, PC, "step limit exceeded: more than %llu warp "
                       "instructions (runaway loop? raise it with %s N)",
                       (unsigned long long)(ex->is_host ? ex->max_steps : ex->vm->cfg.max_steps),
                       ex->is_host ? "--max-host-steps" : "--max-steps");
        return EV_FAULT;
    }
    if (modeled && !runs)
        SIMT_NOTIFY(ex->vm, issue, PC, mask, w->index);
#ifdef SIMT_COMPUTED_GOTO
    goto *labels[in->op];
#endif
    switch ((simt_op)in->op) {
    TARGET(NOP): in++; NEXT;
    TARGET(SLEEP): /* __nanosleep in a spin-wait: let the other warps run now */
        RUN_FLUSH();
        in++;
        SAVE();
        simt_pending_push(w, lead, 0);
        return EV_QUANTUM;
    TARGET(FENCE): /* a no-op for memory; the race checker sees it (fence and flag),
                      the model its time */
        if (ex->observe) {
            RUN_FLUSH();
            SIMT_NOTIFY(ex->vm, fence, w->index, in->i);
        }
        in++;
        NEXT;
    TARGET(MOV): FAST_ONE(MOV, 0, R[in->a] = R[in->b]); in++; NEXT;
    TARGET(LDK): FAST_ONE(LDK, simt_insn_k(in), R[in->a] = simt_insn_k(in)); in++; NEXT;
    TARGET(SEL): /* d, the value where b is 0, is register c + 1 (vm/lanes.def) */
        FAST_ONE(SEL, 0, R[in->a] = R[in->b] ? R[in->c] : R[in->c + 1]);
        in++;
        NEXT;
    SIMPLE(ADD_I32) SIMPLE(SUB_I32) SIMPLE(MUL_I32)
    TARGET(DIV_S32): TARGET(DIV_U32): TARGET(REM_S32): TARGET(REM_U32): {
        const uint64_t *rc = REG(in->c);
        uint32_t zero = zero_divisors32(rc, W, mask);
        L->op[LOP_DIV_S32 + (in->op - OP_DIV_S32)](REG(in->a), REG(in->b), rc, 0, W, mask & ~zero);
        if (zero) { /* vm/divzero.c: the GPU's answer, a warning, or a fault in host code */
            SAVE();
            if (simt_div_zero(ex, blk, w, PC, zero, REG(in->a), REG(in->b)) != 0)
                return EV_FAULT;
        }
        in++;
        NEXT;
    }
    SIMPLE(SHL_I32) SIMPLE(SHR_S32) SIMPLE(SHR_U32) SIMPLE(NEG_I32) SIMPLE(NOT_I32)
    SIMPLE(ADD_I64) SIMPLE(SUB_I64) SIMPLE(MUL_I64)
    TARGET(DIV_S64): TARGET(DIV_U64): TARGET(REM_S64): TARGET(REM_U64): {
        const uint64_t *rc = REG(in->c);
        uint32_t nz = nonzero_group(L, rc, W, mask);
        L->op[LOP_DIV_S64 + (in->op - OP_DIV_S64)](REG(in->a), REG(in->b), rc, 0, W, nz);
        if (nz != mask) {
            SAVE();
            if (simt_div_zero(ex, blk, w, PC, mask & ~nz, REG(in->a), REG(in->b)) != 0)
                return EV_FAULT;
        }
        in++;
        NEXT;
    }
    SIMPLE(SHL_I64) SIMPLE(SHR_S64) SIMPLE(SHR_U64) SIMPLE(NEG_I64) SIMPLE(NOT_I64)
    SIMPLE(AND) SIMPLE(OR) SIMPLE(XOR)
    TARGET(ADDK): FAST(ADDK, (uint64_t)(int64_t)in->i); in++; NEXT;
    TARGET(ADDK_I32):
        FAST_ONE(ADDK_I32, (uint64_t)(int64_t)in->i,
                 R[in->a] = (uint32_t)(R[in->b] + (uint64_t)(int64_t)in->i));
        in++;
        NEXT;
    TARGET(LEA):
        lea_group(L, (unsigned)in->j, REG(in->a), REG(in->b), REG(in->c), (uint64_t)(int64_t)in->i,
                  W, mask);
        in++;
        NEXT;
    SIMPLE(EQ_I32) SIMPLE(NE_I32) SIMPLE(LT_S32) SIMPLE(LE_S32) SIMPLE(LT_U32) SIMPLE(LE_U32)
    SIMPLE(EQ_I64) SIMPLE(NE_I64) SIMPLE(LT_S64) SIMPLE(LE_S64) SIMPLE(LT_U64) SIMPLE(LE_U64)
    SIMPLE(ADD_F32) SIMPLE(SUB_F32) SIMPLE(MUL_F32) SIMPLE(DIV_F32) SIMPLE(NEG_F32)
    SIMPLE(EQ_F32) SIMPLE(NE_F32) SIMPLE(LT_F32) SIMPLE(LE_F32)
    SIMPLE(ADD_F64) SIMPLE(SUB_F64) SIMPLE(MUL_F64) SIMPLE(DIV_F64) SIMPLE(NEG_F64)
    SIMPLE(EQ_F64) SIMPLE(NE_F64) SIMPLE(LT_F64) SIMPLE(LE_F64)
    SIMPLE(SEXT8) SIMPLE(SEXT16) SIMPLE(SEXT32) SIMPLE(ZEXT8) SIMPLE(ZEXT16) SIMPLE(ZEXT32)
    TABLE(CVT_F32_S64) TABLE(CVT_F32_U64) TABLE(CVT_F64_S64) TABLE(CVT_F64_U64)
    TABLE(CVT_S64_F32) TABLE(CVT_U64_F32) TABLE(CVT_S64_F64) TABLE(CVT_U64_F64)
    SIMPLE(CVT_S32_F32) TABLE(CVT_U32_F32) SIMPLE(CVT_S32_F64) TABLE(CVT_U32_F64)
    SIMPLE(CVT_F64_F32) SIMPLE(CVT_F32_F64)

    TARGET(JMP): RUN_JUMP(); in = code + in->i; NEXT;
    TARGET(BRNZ): TARGET(BRZ): TARGET(BRCT): TARGET(BRCF): {
        uint32_t taken;
        if (in->op == OP_BRCT || in->op == OP_BRCF) {
            taken = compare_mask(L, cmp_lop[in->a], REG(in->b), REG(in->c), W, mask);
        } else {
            taken = nonzero_group(L, REG(in->a), W, mask);
        }
        if (in->op == OP_BRZ || in->op == OP_BRCF)
            taken = mask & ~taken;
        /* runs only where modeled; a branch no lane takes goes on in the run
         * where nobody wants every branch told, but for a predicated one with
         * a taken side (an if/else): a GPU issues the side the lanes skip,
         * predicated off.  An if without else (its target the join) skips
         * nothing when no lane takes it: the model has nothing to do. */
        if (modeled && (taken || !ex->vm->obs.quiet_branches ||
                        (in->b == SIMT_BR_PREDICATED && in->i != in->j)))
            tell_branch(ex, w, PC, mask, taken, runs, in->b == SIMT_BR_PREDICATED &&
                        (in->op == OP_BRZ || in->op == OP_BRNZ));
        if (taken == mask) { in = code + in->i; NEXT; }
        if (taken == 0) { in++; NEXT; }
        /* Divergence: the side where the condition holds (an if's "then", a
         * loop's continue side: SPEC 3.2) runs first, the other side waits,
         * whichever of them the layout made the jump. */
        if (in->j >= 0 && simt_cbar_push_split(ex, w, mask, in->j, fp) != 0) {
            SAVE();
            simt_exec_locate(ex, blk, w, lead, PC);
            return EV_FAULT;
        }
        int then_jumps = in->op == OP_BRNZ || in->op == OP_BRCT;
        uint32_t first = then_jumps ? taken : mask & ~taken;
        int32_t first_pc = then_jumps ? in->i : PC + 1;
        save_group(w, mask & ~first, then_jumps ? PC + 1 : in->i, fp);
        simt_pending_push(w, (unsigned)__builtin_ctz(mask & ~first), 0);
        mask = first;
        in = code + first_pc;
        SAVE();
        NEXT;
    }
    TARGET(JOIN): {
        unsigned top = simt_top(w, lead = (unsigned)__builtin_ctz(mask));
        if (top == BARRIER_NONE || w->cbars[top].rpc != PC || w->cbars[top].fp != fp) {
            in++;
            NEXT;
        }
        SAVE();
        uint32_t released = simt_cbar_arrive(w, mask);
        if (!released)
            return EV_SWITCH;
        mask = released; /* the whole construct continues together; JOIN again */
        NEXT;
    }
    TARGET(YIELD): TARGET(YIELDJ): { /* YIELDJ: a loop's back edge, then its jump */
        const simt_insn *to = in->op == OP_YIELDJ ? code + in->i : in + 1;
        RUN_JUMP(); /* a back edge or a yield point: SAVE below tells the pieces */
        if (__builtin_expect((++w->spin & (SIMT_GROUP_QUANTUM - 1)) == 0, 0)) {
            int ev = ex->wpol->back_edge(ex, blk, w, mask, PC, (int32_t)(to - code));
            if (ev == EV_FAULT) {
                SAVE();
                return EV_FAULT;
            }
            if (ev != SIMT_GO_ON) { /* the warp's other lanes first, this group after them */
                in = to;
                SAVE();
                simt_pending_push(w, lead, 1);
                return ev;
            }
        }
        if (__builtin_expect(in->b != 0, 0) && ex->times_spins) {
            RUN_FLUSH(); /* the pass's runs come before its end */
            if (simt_poll_pass(ex, w, mask, PC)) {
                /* a spin: the warp waits for another, which may run now
                 * (its own lanes first) */
                in = to;
                SAVE();
                simt_pending_push(w, lead, 1);
                simt_block_spins(ex, blk);
                return EV_QUANTUM;
            }
        }
        in = to;
        if (BUDGET() == 0) {
            SAVE();
            simt_pending_push(w, lead, 0);
            return EV_QUANTUM;
        }
        NEXT;
    }
    TARGET(CALL): {
        RUN_FLUSH();
        int32_t npc = PC;
        uint32_t nfp = fp;
        if (do_call(ex, w, mask, &nfp, &npc, in) != 0) {
            SAVE();
            simt_exec_locate(ex, blk, w, lead, PC);
            return EV_FAULT;
        }
        fp = nfp;
        in = code + npc;
        R = w->regs + (size_t)fp * W;
        NEXT;
    }
    TARGET(RET): TARGET(RETV): {
        if (fp == 0) { /* the entry frame: every lane returns to nowhere and exits */
            if (in->op == OP_RET) {
                const uint64_t *ra = REG(in->a);
                LANES(R[l] = ra[l]);
            }
            /* one test where nothing takes runs and the next group follows
             * (every warp's last instruction) */
            if (__builtin_expect(quiet_exit, 1)) {
                simt_lanes_exit(ex, blk, w, mask);
                goto group_next;
            }
            RUN_FLUSH(); /* the model reads no register: after the copy */
            simt_lanes_exit(ex, blk, w, mask);
            goto group_stopped;
        }
        RUN_FLUSH();
        uint32_t exiting = 0;
        int32_t rpc0 = -1;
        int split = 0;
        const uint64_t *ra = REG(in->a);
        LANES({
            int32_t rpc = (int32_t)R[l];
            uint32_t ofp = (uint32_t)R[W + l];
            if (in->op == OP_RET)
                R[l] = ra[l];
            if (rpc < 0) { exiting |= 1u << l; continue; }
            if (rpc0 < 0) rpc0 = rpc;
            if (rpc != rpc0) split = 1;
            w->pc[l] = rpc;
            w->fp[l] = ofp;
        });
        if (exiting) {
            simt_lanes_exit(ex, blk, w, exiting);
            return EV_SWITCH;
        }
        if (split)
            return EV_SWITCH;
        in = code + rpc0;
        fp = w->fp[lead];
        R = w->regs + (size_t)fp * W;
        NEXT;
    }
    TARGET(TRAP):
        fault_lane = lead;
        SAVE();
        simt_exec_fault(ex, blk, w, fault_lane, PC, "%s", ex->mod->strings[in->i]);
        ex->vm->fault.kind = FAULT_TRAP;
        return EV_FAULT;

    TARGET(LD32):
        /* The first case only where nothing observes accesses (ex->observe),
         * so never in a run the model takes as runs (vm/grid.c exec_observe):
         * the flush waits for the other case. */
        if (load32_first(ex, blk, mask, REG32(in->a), REG32(in->b), (uint64_t)(int64_t)in->i)) {
            in++;
            NEXT;
        }
        RUN_FLUSH_ACCESS(); /* the access event follows the issue */
        goto load;
    TARGET(LD8S): TARGET(LD8U): TARGET(LD16S): TARGET(LD16U): TARGET(LD64):
        RUN_FLUSH_ACCESS();
    load: {
        int bad = load_group(ex, blk, w, in, PC, mask, REG(in->a), REG(in->b),
                             (uint64_t)(int64_t)in->i, in->op - OP_LD8S, scratch, NULL);
        if (bad >= 0)
            MEMFAULT((unsigned)bad);
        in++;
        NEXT;
    }
    TARGET(LDX): { /* an LEA into a scratch register, then the same load */
        uint64_t addr[SIMT_MAX_WARP], bounds[2];
        const uint64_t *known;
        if (ldx_address(ex, blk, L, in, REG(in->a), REG(in->b), REG(in->c), W, mask, addr, bounds,
                        &known)) {
            in++; /* the first case of a whole warp's LDX loaded it (never in runs) */
            NEXT;
        }
        RUN_FLUSH_ACCESS(); /* ldx_address told no observer anything */
        int bad = load_group(ex, blk, w, in, PC, mask, REG(in->a), addr,
                             (uint64_t)(int64_t)in->i, SIMT_LDX_KIND(in->j), scratch, known);
        if (bad >= 0)
            MEMFAULT((unsigned)bad);
        in++;
        NEXT;
    }
    TARGET(ST32):
        w->stores++; /* progress from state (vm/resident.c, vm/sched.c) */
        if (store32_first(ex, blk, mask, REG32(in->a), REG32(in->b), (uint64_t)(int64_t)in->i)) {
            in++; /* never in runs, as LD32's first case */
            NEXT;
        }
        RUN_FLUSH_ACCESS();
        goto store;
    TARGET(ST8): TARGET(ST16): TARGET(ST64):
        RUN_FLUSH_ACCESS();
        w->stores++;
    store: {
        unsigned len = 1u << (in->op - OP_ST8);
        OPS;
        uint64_t off = (uint64_t)(int64_t)in->i, lo;
        uint64_t ends[2]; /* a whole warp's coalesced store: its bounds */
        int coalesced = store_ends(rb, off, len, mask, ends);
        const uint64_t *known = coalesced ? ends : NULL;
        simt_warp_access rec; /* observed: the memory unit's record */
        if (ex->observe && !ex->is_host) {
            access_record(w, in, PC, mask, rb, off, len, ACC_WRITE, known, &rec);
            if (!known)
                known = rec.bounds;
        }
        uint8_t *host = W == 1 ? NULL : group_region(ex, blk, L, rb, off, len, 1, W, mask,
                                                     &lo, known);
        int local = !host && W > 1 && local_lanes(w, L, rb, off, len, W, mask);
        if (ex->observe) { /* told before the stores, with the bounds check's verdict */
            if (ex->is_host)
                observe_host_write(ex->vm, mask, rb, off, len);
            else
                observe_record_run(ex, &rec, host || local ? VERDICT_REGION : VERDICT_LANES);
        }
        if (host) {
            region_store(L, ra, rb, off, lo, host, len, W, mask, coalesced);
        } else if (local) {
            LANES(store_n(w->local + (size_t)l * w->local_cap + SIMT_ADDR_OFFSET(rb[l] + off),
                          len, ra[l]));
        } else {
            LANES({
                uint8_t *p = checked_mem(ex, blk, w, l, rb[l] + off, len, 1, PC, scratch);
                if (!p) MEMFAULT(l);
                store_n(p, len, ra[l]);
            });
        }
        in++;
        NEXT;
    }
    TARGET(LADDR):
        laddr_group(REG(in->a), REG(2), (uint64_t)(int64_t)in->i, W, mask);
        in++;
        NEXT;
    TARGET(GADDR): HELPER(LDK, ex->vm->global_addr[in->i]); in++; NEXT;
    TARGET(MEMCPY): {
        RUN_FLUSH();
        OPS;
        w->stores++;
        if (ex->observe)  /* before the copy: it may overwrite its own addresses */
            observe_copy(ex, w, in, PC, mask, ra, rb, rc);
        for (uint32_t m = mask; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctz(m);
            uint64_t n = rc[l];
            if (n && copy_range(ex, blk, w, l, ra[l], rb[l], n))
                continue;
            for (uint64_t k = 0; k < n; k++) {
                uint8_t *s = lane_mem(ex, blk, w, l, rb[l] + k, 1, 0);
                if (!s) MEMFAULT(l);
                uint8_t v = *s;
                uint8_t *d = lane_mem(ex, blk, w, l, ra[l] + k, 1, 1);
                if (!d) MEMFAULT(l);
                *d = v;
            }
        }
        in++;
        NEXT;
    }
    TARGET(SREG): {
        uint64_t *ra = REG(in->a);
        unsigned id = (unsigned)in->i;
        /* gtid.x and tid.x of a warp that lies in one row of x (lane l is
         * thread x = tid_base + l) first: a kernel's index, once a warp */
        if (id == SREG_GTID_X || id == SREG_TID_X) {
            uint64_t first = w->tid_base; /* gtid.x: ctaid.x * ntid.x + tid.x as 32 bits */
            if (id == SREG_GTID_X)
                first += (uint32_t)(blk->idx[0] * ex->block_dim[0]);
            if (ex->block_dim[0] >= ex->width * (w->index + 1) && first + (W - 1) <= UINT32_MAX) {
                FAST(IOTA, first); /* no lane wraps past 2^32 */
                in++;
                NEXT;
            }
        }
        uint32_t base = 0; /* gtid.d: ctaid.d * ntid.d, added to tid.d as 32 bits */
        int gtid = id >= SREG_GTID_X && id <= SREG_GTID_Z;
        if (gtid)
            base = blk->idx[id - SREG_GTID_X] * ex->block_dim[id - SREG_GTID_X];
        if (id <= SREG_TID_Z || gtid) {
            if (!have_tids) { /* computed once per call: loops read them again */
                warp_tids(ex, w, tids);
                have_tids = 1;
            }
            if (id <= SREG_TID_Z) {
                L->op[LOP_MOV](ra, tids[id], NULL, 0, W, mask);
            } else {
                /* ADDK_I32's lanes: (uint32_t)(t + base), as 32 bits */
                addk32_group(L, ra, tids[id - SREG_GTID_X], base, W, mask);
            }
        } else if ((id >= SREG_NTID_X && id <= SREG_NCTAID_Z) || id == SREG_WARPSIZE) {
            FAST(LDK, sreg_value(ex, blk, w, 0, id)); /* the same in every lane */
        } else if (id == SREG_LANEID) {
            FAST(IOTA, 0);
        } else {
            RUN_FLUSH(); /* clock(): the model's clock counts this warp's issues */
            LANES(ra[l] = sreg_value(ex, blk, w, l, id));
        }
        in++;
        NEXT;
    }
    TARGET(ATOM): TARGET(ATOMCAS): {
        RUN_FLUSH();
        OPS;
        unsigned type = (unsigned)in->i & 0xff, op = (unsigned)in->i >> 8, len = atype_size(type);
        const uint64_t *rd = REG(in->c + 1);
        simt_warp_access rec; /* observed: the memory unit's record */
        const uint64_t *known = NULL;
        if (ex->observe && !ex->is_host) {
            access_record(w, in, PC, mask, rb, 0, len, ACC_ATOMIC, NULL, &rec);
            known = rec.bounds;
        }
        /* one translation for the group where its addresses lie in one region */
        uint64_t lo = 0;
        uint8_t *host = W == 1 ? NULL : group_region(ex, blk, L, rb, 0, len, 1, W, mask,
                                                     &lo, known);
        if (ex->observe) {
            if (ex->is_host)
                observe_host_write(ex->vm, mask, rb, 0, len);
            else
                observe_record(ex->vm, &rec, host ? VERDICT_REGION : VERDICT_LANES);
        }
        for (uint32_t m = mask; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctz(m);
            uint8_t *p = host ? host + (rb[l] - lo)
                              : checked_mem(ex, blk, w, l, rb[l], len, 1, PC, scratch);
            if (!p) MEMFAULT(l);
            if (ex->host_atomics && in->op == OP_ATOM) {
                ra[l] = atom_host(op, type, p, rc[l]);
                w->stores++;
                continue;
            }
            uint64_t old = load_n(p, len), v;
            if (in->op == OP_ATOMCAS) {
                uint64_t cmp = len == 8 ? rc[l] : rc[l] & ((1ull << (len * 8)) - 1);
                v = old == cmp ? rd[l] : old;
            } else {
                v = atom_apply(op, type, old, rc[l]);
            }
            if (v != old) /* a spin on atomicCAS or atomicAdd(p, 0) changes nothing */
                w->stores++;
            store_n(p, len, v);
            ra[l] = old;
        }
        in++;
        NEXT;
    }
    TARGET(ACTMASK): HELPER(LDK, mask); in++; NEXT;
    TARGET(SHFL): TARGET(VOTE): TARGET(MATCH_ANY): TARGET(MATCH_ALL): TARGET(REDUX):
    TARGET(SYNCWARP): {
        SAVE();
        uint32_t cmask = mask;
        int r = simt_collective(ex, blk, w, &cmask, PC);
        if (r < 0)
            return EV_FAULT;
        if (r == 0)
            return EV_SWITCH;
        mask = cmask;
        lead = (unsigned)__builtin_ctz(mask);
        in++;
        NEXT;
    }
    TARGET(BAR): { /* the barrier stores the lanes' pc (past the BAR) itself */
        RUN_FLUSH();
        if (WHOLE32(mask)) { /* constants: eight straight stores each, a count of 32 */
            simt_lanes_store(w->fp, fp, 0xffffffffu, 32);
            simt_block_barrier(ex, blk, w, 0xffffffffu, 32, PC);
        } else {
            simt_lanes_store(w->fp, fp, mask, W);
            simt_block_barrier(ex, blk, w, mask, W, PC);
        }
        goto group_stopped;
    }
    TARGET(INTR): {
        OPS;
        const uint64_t *r1 = REG(in->b + 1), *r2 = REG(in->b + 2);
        unsigned id = (unsigned)in->i, n = in->c;
        if (!L->intrinsic || !L->intrinsic(id, ra, rb, W, mask))
            LANES(ra[l] = L->eval(id, rb[l], n > 1 ? r1[l] : 0, n > 2 ? r2[l] : 0));
        in++;
        NEXT;
    }
    TARGET(HCALL): TARGET(NCALL): {
        SAVE();
        int ev = lane_calls(ex, blk, w, mask, R, in, &fault_lane);
        if (ev == EV_FAULT) {
            simt_exec_locate(ex, blk, w, fault_lane, PC);
            return EV_FAULT;
        }
        if (ev == EV_EXIT)
            return EV_EXIT;
        in++;
        NEXT;
    }
    TARGET(LAUNCH): {
        SAVE();
        int ev = ex->is_host ? do_launch(ex, blk, w, R, in)
                             : dev_launch(ex, blk, w, mask, R, in, &fault_lane);
        if (ev == EV_LOCATED)
            return EV_FAULT;
        if (ev == EV_FAULT) {
            simt_exec_locate(ex, blk, w, ex->is_host ? lead : fault_lane, PC);
            return EV_FAULT;
        }
        if (ev == EV_EXIT)
            return EV_EXIT;
        in++;
        NEXT;
    }
    default:
        break;
    }
    FAULT_AT(lead, "invalid opcode %u", in->op);
}
