/* runtime/model.h -- the performance model's parts, shared by its files
 * (SPEC 5).  Not installed: the public entry points are in vm/observe.h.
 *
 *   model.c     the observation hooks: classify each warp access, count it
 *   coalesce.c  global/local accesses -> 32-byte sectors and 128-byte lines
 *   banks.c     shared accesses -> wavefronts (bank conflicts)
 *   cache.c     sectored set-associative LRU caches (L1 per SM, L2)
 *   timing.c    warp schedulers, scoreboard, SM slots -> cycles, stalls
 *   stats.c     the per-launch metrics and their text/JSON/CSV reports
 *
 * The model only consumes records of what the interpreter did; functional
 * execution never depends on it.  It keeps no state outside simt_model.
 */
#ifndef SIMT_MODEL_H
#define SIMT_MODEL_H

#include <stdint.h>
#include <stdio.h>

#include "vm/device.h"
#include "vm/occupancy.h"
#include "vm/module.h"
#include "runtime/observers.h"

/* ---- counters of one launch: X(ENUM, "name") ---- */
#define SIMT_COUNTERS(X) \
    X(INST, "warp instructions") X(THREAD_INST, "thread instructions") \
    X(BRANCH, "branches") X(DIV_BRANCH, "divergent branches") \
    X(GLD_REQ, "") X(GLD_SECT, "") X(GST_REQ, "") X(GST_SECT, "") \
    X(GLD_LINES, "") X(GST_LINES, "") \
    X(GATOM_REQ, "") X(GATOM_SECT, "") X(ATOM_SERIAL, "") \
    X(LLD_REQ, "") X(LLD_SECT, "") X(LST_REQ, "") X(LST_SECT, "") \
    X(SLD_INST, "") X(SLD_WF, "") X(SLD_IDEAL, "") \
    X(SST_INST, "") X(SST_WF, "") X(SST_IDEAL, "") \
    X(SATOM_INST, "") X(SATOM_WF, "") \
    X(CLD_REQ, "") X(CLD_SERIAL, "") \
    X(L1_LOOKUP, "") X(L1_HIT, "") X(L2_LOOKUP, "") X(L2_HIT, "") X(DRAM_BYTES, "") \
    X(BARRIERS, "") \
    X(STALL_LONG_SB, "long_scoreboard") X(STALL_SHORT_SB, "short_scoreboard") \
    X(STALL_WAIT, "wait") X(STALL_BARRIER, "barrier") X(STALL_NOT_SELECTED, "not_selected") \
    X(STALL_MEM_THROTTLE, "lg_throttle")

enum simt_counter {
#define X(e, s) CNT_##e,
    SIMT_COUNTERS(X)
#undef X
    CNT_COUNT
};

/* Why a warp waits for a register: the class of the instruction producing it. */
enum simt_wait_class { WAITC_NONE, WAITC_ALU, WAITC_SHORT, WAITC_LONG };

/* ---- coalesce.c ---- */
#define SIMT_MAX_SECTORS 64
/* Distinct 32-byte sectors (sorted, as byte addresses / 32) touched by the
 * lanes of a whose address lies in `space`; returns their number and the
 * number of distinct 128-byte lines in *lines.  *lanes receives the count of
 * lanes in that space. */
unsigned simt_coalesce(const simt_warp_access *a, unsigned space, uint64_t *sectors,
                       unsigned *lines, unsigned *lanes);
/* Distinct addresses among lanes in `space` (constant serialisation); and the
 * most lanes that share one address (atomic serialisation) in *max_same. */
unsigned simt_distinct_addresses(const simt_warp_access *a, unsigned space, unsigned *max_same);

/* ---- banks.c ---- */
#define SIMT_BANKS 32
/* Shared-memory wavefronts of the lanes of a in SPACE_SHARED (SPEC 5.2):
 * per group of lanes (the whole warp for <= 4 bytes, halves for 8, quarters
 * for 16), the most distinct 4-byte words in one bank.  *ideal receives the
 * wavefronts of a conflict-free access (one per non-empty group). */
unsigned simt_bank_wavefronts(const simt_warp_access *a, unsigned *ideal);
/* The same where the caller knows the lanes in shared memory (`shared`). */
unsigned simt_bank_wavefronts_of(const simt_warp_access *a, uint32_t shared, unsigned *ideal);

/* ---- cache.c ---- */
typedef struct simt_cache {
    uint32_t nsets, ways;
    uint32_t max_sets;          /* sets allocated */
    uint64_t *tag;              /* line number + 1 per way; 0: empty */
    uint64_t *used;             /* LRU stamp per way */
    uint8_t *valid;             /* sector bits per way */
    uint32_t *epoch;            /* per set: cur_epoch when it was last emptied */
    uint8_t *fill;              /* per set: ways in use, always ways 0 .. fill-1 */
    uint32_t cur_epoch;         /* bumped by each reset (lazy emptying) */
    uint64_t stamp;
} simt_cache;

#define SIMT_LINE_BYTES 128
#define SIMT_SECTOR_BYTES 32
int simt_cache_init(simt_cache *c, uint64_t bytes, unsigned ways, const simt_allocator *al);
void simt_cache_free(simt_cache *c, const simt_allocator *al);
/* Empties the cache and uses only `bytes` of it from now on (at most the
 * size it was created with): the L1 shrinks as shared memory takes its part. */
void simt_cache_reset(simt_cache *c, uint64_t bytes);
/* Looks up one sector (address / 32).  Returns 1 on a hit; a miss allocates
 * the sector when allocate is set (evicting the least recently used line). */
int simt_cache_access(simt_cache *c, uint64_t sector, int allocate);
/* Drops a sector if present (a store to an L1 line: write-through, no allocate). */
void simt_cache_invalidate(simt_cache *c, uint64_t sector);

/* ---- cache.c's lookups, inline: two per line of every global access ---- */

/* First entry of the set of line.  The line number is hashed so that
 * power-of-two strides spread over the sets, as hardware's hashed indexing does.
 *
 * A set fills its ways in order: a miss takes the least recently used way,
 * and an empty way (stamp 0) is older than any used one, so the first empty
 * way is taken while there is one.  The ways in use are therefore always
 * 0 .. fill-1: lookups scan only those, a miss in a set not yet full takes
 * way `fill` without a search, and emptying a set is setting fill to 0.
 * (Scanning all 16 ways of an L2 set was most of the model's cost of a
 * streaming kernel, whose sets are mostly not full.) */
static inline size_t simt_cache_set_of(simt_cache *c, uint64_t line, uint32_t *k_out)
{
    uint32_t k = (uint32_t)((line ^ (line >> 7) ^ (line >> 15)) % c->nsets);
    if (c->epoch[k] != c->cur_epoch) { /* emptied since its last use */
        c->epoch[k] = c->cur_epoch;
        c->fill[k] = 0;
    }
    *k_out = k;
    return (size_t)k * c->ways;
}

/* Way holding line in its set, or -1. */
static inline int simt_cache_find_way(const simt_cache *c, size_t set, uint32_t k, uint64_t line)
{
    for (uint32_t w = 0; w < c->fill[k]; w++)
        if (c->tag[set + w] == line + 1)
            return (int)w;
    return -1;
}

/* A way for a line that missed: the next empty one, or the least recently
 * used (the first of equal stamps). */
static inline uint32_t simt_cache_victim_way(simt_cache *c, size_t set, uint32_t k)
{
    if (c->fill[k] < c->ways)
        return c->fill[k]++;
    uint32_t victim = 0;
    for (uint32_t w = 1; w < c->ways; w++)
        if (c->used[set + w] < c->used[set + victim])
            victim = w;
    return victim;
}

/* simt_cache_access for the sectors of one line at once (bit k: sector k of
 * the line), as simt_cache_access on each of them in turn would do; returns
 * the bits that hit.  A warp request looks its lines up once each, not per
 * sector. */
static inline __attribute__((always_inline)) unsigned simt_cache_access_line(simt_cache *c,
                                                                           uint64_t line,
                                                                           unsigned bits,
                                                                           int allocate)
{
    if (!c->tag)
        return 0;
    uint32_t k;
    size_t set = simt_cache_set_of(c, line, &k);
    c->stamp++;
    int w = simt_cache_find_way(c, set, k, line);
    if (w >= 0) {
        c->used[set + (uint32_t)w] = c->stamp;
        unsigned hit = c->valid[set + (uint32_t)w] & bits;
        if (allocate)
            c->valid[set + (uint32_t)w] |= (uint8_t)bits;
        return hit;
    }
    if (!allocate)
        return 0;
    uint32_t v = simt_cache_victim_way(c, set, k);
    c->tag[set + v] = line + 1;
    c->used[set + v] = c->stamp;
    c->valid[set + v] = (uint8_t)bits;
    return 0;
}

/* simt_cache_invalidate for the sectors (bits) of one line. */
static inline void simt_cache_invalidate_line(simt_cache *c, uint64_t line, unsigned bits)
{
    if (!c->tag)
        return;
    uint32_t k;
    size_t set = simt_cache_set_of(c, line, &k);
    int w = simt_cache_find_way(c, set, k, line);
    if (w >= 0)
        c->valid[set + (uint32_t)w] &= (uint8_t)~bits;
}

/* ---- timing.c ---- */
typedef struct simt_warp_time {
    uint64_t t;                 /* next cycle this warp can issue */
    uint64_t start;             /* when its block started */
    uint64_t last_issue;        /* cycle of its last issued instruction */
    uint64_t *ready;            /* per register (mod 256): cycle its value is ready;
                                   SIMT_NO_REG: always 0 */
    uint8_t *wclass;            /* per register: enum simt_wait_class of its producer */
    int last_dest;              /* register written by the last instruction, or -1 */
    int spill_store;            /* spilled register whose store is still to issue, or -1 */
    uint64_t spill_store_lat;   /* that store's latency (waited for with blocking_stores) */
    int last_free;              /* the last instruction took no issue slot (timing.c folded) */
    uint32_t sched;             /* its warp scheduler */
    uint64_t *issued;           /* that scheduler's issue count on the block's SM */
    int pass_valid;             /* its last pass of a polling loop (spin_pass): */
    uint64_t pass_t, pass_last; /* t and last_issue then */
    uint64_t last_store;        /* issue of its last global store or atomic (+1; 0: none) */
} simt_warp_time;

#define SIMT_TRACKED_REGS 256

/* What the timing model needs of one instruction, decoded once per module
 * (timing.c simt_timing_decode) instead of at each issue. */
/* PCT_BRANCH: a conditional branch, counted where it issues (the VM tells
 * only divergent ones: OBS_QUIET_BRANCHES, vm/observe.h). */
/* PCT_PREDICATED, PCT_EXITS: a branch around a side that nvcc would not
 * branch around (timing.c mark_predicated): it predicates a short side, and
 * the lanes that skip a kernel's last side exit early. */
/* PCT_VOLATILE: a volatile load, which reads the L2 past the L1 (a strong
 * load: LDG.E.STRONG.SYS). */
enum { PCT_FOLDED = 1, PCT_WRITES = 2, PCT_PAIR = 4, PCT_MANY = 8, PCT_BRANCH = 16,
       PCT_PREDICATED = 32, PCT_EXITS = 64, PCT_VOLATILE = 128 };
/* A source slot past nsrc (of the first three): a register slot that is
 * never written, ready at cycle 0, so that three compares need no count. */
#define SIMT_NO_REG SIMT_TRACKED_REGS
/* The slot after it: written by instructions without a result in a
 * clock-only run (timing.c timing_run_clock), never read. */
#define SIMT_SINK_REG (SIMT_TRACKED_REGS + 1)
typedef struct simt_pc_time {
    uint16_t src[5];            /* registers read (mod SIMT_TRACKED_REGS); SIMT_NO_REG */
    uint16_t wdest;             /* dest with PCT_WRITES, else SIMT_SINK_REG: a clock-only
                                   run stores every result without a test */
    uint8_t nsrc;               /* PCT_MANY: more than 3 */
    uint8_t dest;               /* register written (with PCT_WRITES) */
    uint8_t flags;
    uint8_t wclass, pair_wclass; /* enum simt_wait_class of the result, of the pair's first */
    uint8_t lead;               /* PCT_PAIR: the issues before the last (SASS - 1) */
    uint32_t lat, pair_lat;     /* result latency; PCT_PAIR: the first instruction's */
    uint32_t line;              /* source line, 0 where unknown */
} simt_pc_time;                 /* 32 bytes: a run's first and end pointers are shifts */

/* A piece of straight code (a run, or a piece of one: vm/observe.h
 * issue_runs) timed once (timing.c ready_piece): where every register it
 * reads before writing is ready by the warp's clock, it stalls on nothing
 * but itself, so the clock it leaves and the ready times of the registers
 * it writes are the clock at its start plus constants.  Per pc: the piece
 * of n instructions from it (n 0: none yet; at SIMT_PIECE_NONE: not kept)
 * and the offset of its words in piece_pool. */
typedef struct simt_piece_memo {
    uint32_t n, at;
    int32_t score;              /* + per use of the constants, - per input not ready: a
                                   piece that keeps stalling on its inputs is dropped */
    uint32_t pad;
} simt_piece_memo;
#define SIMT_PIECE_NONE UINT32_MAX

/* A run told in pieces across jumps (issue_runs: a loop's body and its back
 * edge, a skipped `if` and the barrier after it), kept whole as one piece
 * the first time it comes, per pc of its first instruction: which pieces
 * (their last pc and length), and the kept piece's offset in piece_pool. */
#define SIMT_COMPOUND_PIECES 4
typedef struct simt_compound_memo {
    uint32_t npieces;           /* 0: none kept yet */
    uint32_t at;                /* the kept piece, or SIMT_PIECE_NONE */
    int32_t score;              /* as simt_piece_memo's */
    struct { int32_t last; uint32_t n; } run[SIMT_COMPOUND_PIECES];
} simt_compound_memo;

typedef struct simt_sm_time {
    uint64_t *slot_end;         /* per resident-block slot: when it frees */
    uint8_t *slot_live;         /* per slot: a block of an interleaved launch runs there */
    uint64_t *sched_issued;     /* instructions issued per warp scheduler */
    uint64_t mem_wavefronts;    /* L1 data-stage wavefronts (global lines + shared) */
    uint64_t l2_sectors;        /* sectors between this SM and the L2 */
    uint64_t line_cycles;       /* sum of the latencies of its L1-miss line transactions */
    uint64_t makespan;          /* latest block end */
    uint64_t warp_cycles;       /* sum of resident warps' lifetimes */
    uint64_t blocks;
} simt_sm_time;

/* The block of one resident slot of an interleaved launch (vm/observe.h
 * block_slot) while another runs: simt_timing's fields of the same names. */
typedef struct simt_seat_time {
    simt_warp_time *warps;
    uint32_t nwarps, cap_warps;
    int cur_sm, cur_slot;
    uint64_t block_start;
    uint32_t block_id;
} simt_seat_time;

/* The launch's sums at the last pass of a polling loop's back edge
 * (timing.c simt_timing_spin_pass), which the warp's next pass gives back
 * where it changed nothing and no other warp ran between (each warp keeps
 * its own clock's: simt_warp_time.pass_t). */
typedef struct simt_pass_mark {
    int valid;
    uint32_t seat, warp;
    uint64_t issued, mem_wavefronts, l2_sectors, line_cycles;
    uint64_t c[CNT_COUNT];
} simt_pass_mark;

typedef struct simt_timing {
    const simt_device_profile *dev;
    int slots;                  /* resident blocks per SM */
    simt_sm_time *sm;           /* sm_count */
    simt_warp_time *warps;      /* of the current block */
    uint32_t nwarps, cap_warps;
    int cur_sm, cur_slot;
    uint64_t block_start;
    uint32_t block_id;          /* the running block's linear index + 1 (0: none) */
    /* Co-resident blocks that interleave (a grid barrier): the current
     * block is the one of resident slot `seat`; the others wait in seats[]
     * (timing.c simt_timing_seat).  nseats 0: only seat 0 was ever used. */
    simt_seat_time *seats;
    uint32_t nseats, seat;
    simt_pc_time *pc;           /* per instruction of the module */
    uint32_t clear_regs;        /* registers to clear for a new warp: the largest frame */
    uint32_t ncode;             /* instructions of the module (entries of pc) */
    simt_piece_memo *piece;     /* per pc, allocated with the first piece kept */
    simt_compound_memo *compound; /* per pc, allocated with the first one kept */
    uint32_t *piece_pool;       /* the kept pieces' words */
    uint32_t piece_len, piece_cap;
    uint32_t *side;             /* per pc, PCT_PREDICATED: the SASS of the fall-through
                                   side, and of the taken side << 16 (apart from pc:
                                   only divergent branches read it) */
    uint32_t *skip;             /* per pc, 2 each, of a predicated BRZ/BRNZ: the
                                   instructions of the side a warp skips when all of its
                                   lanes take the branch, and when none does */
    uint32_t entry_issues;      /* what each warp issues before the kernel's first
                                   instruction (simt_timing_launch) */
    simt_pass_mark pass;
} simt_timing;

struct simt_model;
int simt_timing_decode(struct simt_model *m);
int simt_timing_launch(struct simt_model *m, int slots);
void simt_timing_block(struct simt_model *m, uint64_t linear);
void simt_timing_block_end(struct simt_model *m);
/* Register spills (--maxrregcount): a local load of `reg` issues before the
 * warp's next instruction and makes reg ready after `latency`; a local store
 * of `reg` issues once its value is ready, before the warp's next instruction. */
void simt_timing_spill_load(struct simt_model *m, int32_t pc, uint32_t warp, unsigned reg,
                            uint64_t latency);
void simt_timing_spill_store(struct simt_model *m, uint32_t warp, unsigned reg, uint64_t latency);
/* With the profile's blocking_stores: the warp's last instruction, a store of
 * the given latency, holds the warp until it completes. */
void simt_timing_store_wait(struct simt_model *m, int32_t pc, uint32_t warp, uint64_t latency);
/* simt_timing_result, _memory, _l2 and _lines: inline, after simt_model
 * below (each memory access calls them). */
void simt_timing_barrier(struct simt_model *m);
/* What follows is of the block in resident slot `seat` (vm/observe.h
 * block_slot): the current block's warps are kept for when it goes on.
 * Returns -1 out of memory. */
int simt_timing_seat(struct simt_model *m, uint32_t seat);
/* Every resident block passed this_grid().sync(): each warp goes on at the
 * latest one's clock plus the barrier's own time (timing.c
 * grid_barrier_cycles). */
void simt_timing_grid_barrier(struct simt_model *m);
/* Finishes the launch: fills CNT_STALL_* and the cycle figures of the record. */
void simt_timing_launch_end(struct simt_model *m);
void simt_timing_free(simt_timing *t, const simt_allocator *al);
/* The model clock of a warp of the running block (clock()). */
uint64_t simt_timing_clock(const struct simt_model *m, uint32_t warp);
/* A pass of a polling loop (vm/observe.h spin_pass): one that changed
 * nothing costs nothing -- the warp's clock and every sum go back to the
 * last pass -- since a GPU spends that time waiting for the store that
 * ends the spin (model.c visible_line), however many passes it runs. */
void simt_timing_spin_pass(struct simt_model *m, uint32_t warp, int repeat);
/* __threadfence by warp: MEMBAR.GPU holds it an L2 round trip, and
 * half of one more after a store it issued within the last (measured on
 * an H200: 269 cycles alone, 412 right after a store; L2 latency 261). */
void simt_timing_fence(struct simt_model *m, uint32_t warp);
/* The latest clock of a warp of the block in resident slot `seat`, or of
 * its start (UINT64_MAX: no block there). */
uint64_t simt_timing_seat_clock(const struct simt_model *m, uint32_t seat);

/* ---- per-launch record, per-line costs ---- */
typedef struct simt_launch_rec {
    uint32_t kernel;
    uint32_t grid[3], block[3];
    uint64_t shared_bytes;
    uint64_t c[CNT_COUNT];
    int regs;
    uint32_t warp_size;
    simt_occupancy occ;
    int occ_ok;
    double achieved_occ_pct;
    uint64_t cycles;            /* busiest SM */
    uint64_t latency_cycles, issue_cycles, mem_cycles, dram_cycles;
    uint32_t sms_used;
} simt_launch_rec;

typedef struct simt_line_cost {
    uint64_t inst, stall;
    uint64_t greq, gsect;
    uint64_t sinst, swf, sideal;
} simt_line_cost;

/* The bank wavefronts of a shared access whose lanes stand at the same
 * offsets from its first lane as last time at this pc (banks.c's count does
 * not change when every address moves by a multiple of 4 bytes: the banks
 * rotate, equal words stay equal).  Direct-mapped by pc: with 64 entries
 * the reads of matmul's unrolled tile loop evicted each other (a fifth of
 * them walked the lanes in banks.c); 256 keep them all. */
#define SIMT_BANK_MEMO 256
typedef struct simt_bank_memo {
    int32_t pc;                 /* -1: empty; whole warps only */
    uint8_t size, base_mod4;
    uint32_t wf, ideal;
    uint64_t delta[32];         /* per lane: address - lane 0's */
} simt_bank_memo;

/* When one block's stores to a global line reached the L2 (model.c
 * visible_line): a load of that line by another block of the same launch
 * cannot return before then plus its own trip to the L2.  That orders the
 * blocks that wait for each other (a flag, a counter) whatever order the
 * interpreter ran them in.  Direct-mapped by line; an entry lost to another
 * line only loses that order. */
#define SIMT_VISIBLE_BITS 14
typedef struct simt_visible_line {
    uint64_t line;              /* global line number */
    uint64_t when;              /* cycle its latest store reached the L2 */
    uint32_t writer;            /* the writing block (timing's block_id), or
                                   SIMT_MANY_WRITERS */
    uint32_t launch;            /* the launch it was written in (m->nlaunches) */
    uint32_t sectors;           /* the sectors written */
} simt_visible_line;
#define SIMT_MANY_WRITERS UINT32_MAX

typedef struct simt_model {
    simt_allocator al;          /* the VM's */
    const simt_module *mod;
    const simt_device_profile *dev;
    simt_launch_rec *launches;
    uint32_t nlaunches, cap_launches;
    simt_launch_rec *cur;       /* the launch in progress, or NULL */
    simt_cache l2;
    simt_cache *l1;             /* sm_count, allocated on first use */
    uint64_t l1_bytes;          /* L1 data capacity of the current launch */
    simt_timing tm;
    simt_line_cost *lines;      /* indexed by source line */
    uint32_t nlines;
    int cur_sm;
    int maxrreg;                /* --maxrregcount, 0: none */
    int failed;                 /* out of memory: counting stops, the report says so */
    int want_lines;             /* keep the per-line table (--stats, --trace, --report) */
    int counted;                /* want_lines or maxrreg: issues take timing.c's issue_counted */
    uint64_t per_granule;       /* sectors per DRAM granule (the profile's dram_granule) */
    int clock_only;             /* !counted and no statistics: only the clocks and the
                                   launch's cycles can be seen, so counters that feed
                                   neither (stall reasons, requests, hits) are skipped */
    simt_bank_memo *bank_memo;  /* SIMT_BANK_MEMO entries */
    simt_visible_line *visible; /* 1 << SIMT_VISIBLE_BITS entries */
    uint32_t acc_warp;          /* the warp of the access being modelled, */
    int acc_volatile;           /* and whether it is a volatile load (PCT_VOLATILE) */
} simt_model;

/* ---- timing.c's hooks of each memory access, inline ---- */

/* The last instruction of warp gives its result after `latency` cycles. */
static inline void simt_timing_result(simt_model *m, uint32_t warp, uint64_t latency, int wclass)
{
    simt_timing *t = &m->tm;
    if (t->cur_sm < 0 || warp >= t->nwarps)
        return;
    simt_warp_time *wt = &t->warps[warp];
    if (wt->last_dest < 0)
        return;
    wt->ready[wt->last_dest] = wt->last_issue + latency;
    wt->wclass[wt->last_dest] = (uint8_t)wclass;
}

/* The current block's SM moves `wavefronts` through its L1 data stage. */
static inline void simt_timing_memory(simt_model *m, uint64_t wavefronts)
{
    if (m->tm.cur_sm >= 0)
        m->tm.sm[m->tm.cur_sm].mem_wavefronts += wavefronts;
}

/* The current block's SM moves `sectors` to or from the L2. */
static inline void simt_timing_l2(simt_model *m, uint64_t sectors)
{
    if (m->tm.cur_sm >= 0)
        m->tm.sm[m->tm.cur_sm].l2_sectors += sectors;
}

/* The current block's SM kept L1-miss line transactions in flight for
 * `cycles` in all (the sum of their latencies): with the SM's limit of
 * outstanding lines this bounds its time. */
static inline void simt_timing_lines(simt_model *m, uint64_t cycles)
{
    if (m->tm.cur_sm >= 0)
        m->tm.sm[m->tm.cur_sm].line_cycles += cycles;
}

/* model.c: the spill loads of the instruction at pc (store 0, before it
 * issues) or the spill store of its result (store 1, after) */
void simt_model_spill_regs(simt_model *m, int32_t pc, uint32_t mask, uint32_t warp, int store);

/* ---- stats.c ---- */
/* One metric of a launch: Nsight Compute's name where it has the same
 * counter (simtvm__... otherwise), its unit ("" for none) and its value,
 * never NaN or infinite.  The strings are static. */
typedef struct simt_metric {
    const char *name, *unit;
    double value;
} simt_metric;

#define SIMT_NMETRICS 58        /* metrics per launch (stats.c checks it) */

/* Fills out[SIMT_NMETRICS] with the metrics of launch `launch`, in the order
 * the reports print them; returns their count, 0 for no such launch.  The
 * one source of every number --stats prints, and of simtvm_stats_value. */
int simt_stats_metrics(const simt_model *m, uint32_t launch, simt_metric *out);
int simt_stats_write(const simt_model *m, FILE *out, const char *format);

#endif
