/* runtime/model.c -- the performance model's observation hooks (vm/observe.h).
 *
 * The interpreter reports every issued warp instruction, every warp memory
 * access (per-lane addresses), branches and barriers.  Here each access is
 * split by memory space -- a generic pointer may reach different spaces in
 * different lanes -- and counted the way Nsight Compute counts it: global and
 * local accesses in requests and 32-byte sectors that go through the L1 of
 * the block's SM and the shared L2, shared accesses in wavefronts, constant
 * accesses in distinct addresses.  The timing model (timing.c) gets each
 * instruction and the latency of each load.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/model.h"
#include "vm/memunit.h"
#include "vm/opcodes.h"

/* L2 associativity; the L1 is modelled 4-way (a guess: NVIDIA does not publish them). */
#define L2_WAYS 16
#define L1_WAYS 4

simt_model *simt_model_new(const simt_module *mod, const simt_device_profile *dev,
                           const simt_allocator *al)
{
    simt_model *m = simt_calloc(al, 1, sizeof *m);
    if (!m)
        return NULL;
    if (al)
        m->al = *al;
    m->mod = mod;
    m->dev = dev;
    m->want_lines = m->counted = 1;
    m->per_granule = dev->dram_granule > SIMT_SECTOR_BYTES
                         ? (uint64_t)dev->dram_granule / SIMT_SECTOR_BYTES : 1;
    uint32_t maxline = 0;
    for (uint32_t i = 0; mod->pos && i < mod->ncode; i++)
        if (mod->pos[i].line > maxline)
            maxline = mod->pos[i].line;
    m->nlines = maxline + 1;
    m->lines = simt_calloc(al, m->nlines, sizeof *m->lines);
    m->bank_memo = simt_calloc(al, SIMT_BANK_MEMO, sizeof *m->bank_memo);
    for (unsigned k = 0; m->bank_memo && k < SIMT_BANK_MEMO; k++)
        m->bank_memo[k].pc = -1;
    m->l1 = simt_calloc(al, (size_t)dev->sm_count, sizeof *m->l1);
    m->visible = simt_calloc(al, (size_t)1 << SIMT_VISIBLE_BITS, sizeof *m->visible);
    if (!m->lines || !m->l1 || !m->bank_memo || !m->visible || simt_timing_decode(m) != 0 ||
        simt_cache_init(&m->l2, (uint64_t)dev->l2_size, L2_WAYS, al) != 0) {
        simt_model_free(m);
        return NULL;
    }
    return m;
}

void simt_model_free(simt_model *m)
{
    if (!m)
        return;
    for (int s = 0; m->l1 && s < m->dev->sm_count; s++)
        simt_cache_free(&m->l1[s], &m->al);
    const simt_allocator al = m->al;
    simt_free(&al, m->l1);
    simt_cache_free(&m->l2, &al);
    simt_timing_free(&m->tm, &al);
    simt_free(&al, m->lines);
    simt_free(&al, m->bank_memo);
    simt_free(&al, m->visible);
    simt_free(&al, m->launches);
    simt_free(&al, m);
}

int simt_model_oom(const simt_model *m)
{
    return m && m->failed;
}

/* L1 and shared memory share one array per SM: the driver carves out as much
 * shared memory as the resident blocks need (in steps of 8 KiB here) and the
 * rest caches global and local data. */
static uint64_t l1_capacity(const simt_device_profile *d, const simt_launch_rec *r)
{
    const uint64_t step = 8 * 1024, least = 16 * 1024;
    if (!r->shared_bytes || !r->occ_ok)
        return (uint64_t)d->l1_size;
    uint64_t carve = (uint64_t)r->occ.blocks_per_sm *
                     (r->shared_bytes + (uint64_t)d->reserved_smem_per_block);
    carve = (carve + step - 1) / step * step;
    return carve + least < (uint64_t)d->l1_size ? (uint64_t)d->l1_size - carve : least;
}

void simt_model_launch_begin(simt_model *m, const simt_launch_info *li)
{
    if (m->nlaunches == m->cap_launches) {
        uint32_t cap = m->cap_launches ? m->cap_launches * 2 : 16;
        simt_launch_rec *r = simt_realloc(&m->al, m->launches, cap * sizeof *r);
        if (!r) {
            m->failed = 1;
            m->cur = NULL;
            return;
        }
        m->launches = r;
        m->cap_launches = cap;
    }
    simt_launch_rec *r = &m->launches[m->nlaunches++];
    memset(r, 0, sizeof *r);
    r->kernel = li->kernel;
    memcpy(r->grid, li->grid, sizeof r->grid);
    memcpy(r->block, li->block, sizeof r->block);
    r->shared_bytes = li->kernel_shared;
    /* the frame as lowered: registers that hoisting added are an interpreter's
     * saving of dispatches, not a compiler's allocation (vm/module.h) */
    const simt_func *kf = &m->mod->funcs[li->kernel];
    r->regs = (int)(kf->nregs_model ? kf->nregs_model : kf->nregs);
    if (m->maxrreg && r->regs > m->maxrreg)
        r->regs = m->maxrreg;
    r->warp_size = 32;
    int threads = (int)(li->block[0] * li->block[1] * li->block[2]);
    r->occ_ok = simt_occupancy_compute(m->dev, threads, r->regs, li->kernel_shared, 1,
                                       &r->occ) == 0;
    m->cur = r;
    /* Nsight Compute flushes the caches before every kernel it measures
     * (--cache-control all); doing the same keeps hit rates comparable. */
    m->l1_bytes = l1_capacity(m->dev, r);
    simt_cache_reset(&m->l2, (uint64_t)m->dev->l2_size);
    for (int s = 0; s < m->dev->sm_count; s++)
        simt_cache_reset(&m->l1[s], m->l1_bytes);
    if (simt_timing_launch(m, r->occ_ok && r->occ.blocks_per_sm > 0 ? r->occ.blocks_per_sm : 1)) {
        m->failed = 1; /* no timing tables: this launch is not modelled */
        m->cur = NULL;
        m->nlaunches--;
        return;
    }
    /* A GPU's kernel starts with the stack pointer's load and a constant-bank
     * load of each parameter, which simtvm has in registers already. */
    m->tm.entry_issues = 1u + (kf->sig < m->mod->nsigs ? m->mod->sigs[kf->sig].nargs : 0u);
}

void simt_model_block_begin(simt_model *m, const uint32_t idx[3], uint32_t nthreads)
{
    if (!m->cur)
        return;
    /* the lanes of the kernel's entry (simt_timing_launch; its warp
     * instructions are counted where each warp starts) */
    m->cur->c[CNT_THREAD_INST] += (uint64_t)nthreads * m->tm.entry_issues;
    const simt_launch_rec *r = m->cur;
    uint64_t linear = idx[0] + (uint64_t)r->grid[0] * (idx[1] + (uint64_t)r->grid[1] * idx[2]);
    /* Blocks go to SMs round robin, which is what the hardware's block
     * scheduler does for a grid that starts on an idle GPU (timing.c
     * simt_timing_block: an interleaved launch's blocks go where a slot
     * is free). */
    simt_timing_block(m, linear);
    m->cur_sm = m->tm.cur_sm >= 0 ? m->tm.cur_sm : (int)(linear % (uint64_t)m->dev->sm_count);
    simt_cache *l1 = &m->l1[m->cur_sm];
    if (!l1->tag) {
        if (simt_cache_init(l1, (uint64_t)m->dev->l1_size, L1_WAYS, &m->al) != 0)
            m->failed = 1;
        simt_cache_reset(l1, m->l1_bytes);
    }
}

void simt_model_block_slot(simt_model *m, uint32_t slot)
{
    if (m->cur && simt_timing_seat(m, slot) != 0) {
        m->cur = NULL; /* out of memory (m->failed): this launch is not modelled */
        m->nlaunches--;
    }
}

void simt_model_spin_pass(simt_model *m, uint32_t warp, int repeat)
{
    if (m->cur)
        simt_timing_spin_pass(m, warp, repeat);
}

void simt_model_fence(simt_model *m, uint32_t warp, int scope)
{
    if (m->cur && scope == SIMT_FENCE_DEVICE)
        simt_timing_fence(m, warp);
}

uint64_t simt_model_seat_clock(simt_model *m, uint32_t seat)
{
    return m->cur ? simt_timing_seat_clock(m, seat) : UINT64_MAX;
}

void simt_model_grid_barrier(simt_model *m)
{
    if (m->cur)
        simt_timing_grid_barrier(m);
}

/* Whether the model counts more than the clocks need: --stats and the viewers
 * read the per-line table and every counter, --maxrregcount issues spills. */
static void set_counted(simt_model *m)
{
    m->counted = m->want_lines || m->maxrreg;
    m->clock_only = !m->counted;
}

void simt_model_keep_lines(simt_model *m, int on)
{
    m->want_lines = on;
    set_counted(m);
}

void simt_model_set_maxrregcount(simt_model *m, int cap)
{
    m->maxrreg = cap > 0 ? cap : 0;
    set_counted(m);
}


/* A predicated branch that every lane of the warp decided alike: the VM
 * jumped over the side none of them runs, which a GPU issues with the
 * predicate off (Nsight counts it, with every lane of the warp:
 * smsp__thread_inst_executed counts predicated-off threads).  The side is
 * the fall-through code (all lanes took the branch) or the taken code (none
 * did), up to the join or a jump to it. */
static void issue_skipped_side(simt_model *m, int32_t pc, uint32_t mask, uint32_t taken,
                               uint32_t warp)
{
    const simt_insn *in = &m->mod->code[pc];
    uint32_t first = taken == mask ? (uint32_t)pc + 1 : (uint32_t)in->i;
    uint32_t n = m->tm.skip[2 * (uint32_t)pc + (taken != mask)]; /* timing.c mark_skips */
    /* one run, as the VM tells straight code (the same as an issue of each
     * instruction in turn), not an issue hook per instruction: reduce's
     * `if (t < s)` sides were half the model's cost */
    if (n)
        simt_model_issue_run(m, (int32_t)(first + n - 1), n, mask, warp);
}

void simt_model_branch(simt_model *m, int32_t pc, uint32_t mask, uint32_t taken, uint32_t warp)
{
    if (!m->cur)
        return;
    /* CNT_BRANCH: counted where the branch issues (timing.c PCT_BRANCH); the
     * VM tells the model divergent branches and predicated ones only
     * (OBS_QUIET_BRANCHES).  One that nvcc would not compile as a branch
     * (PCT_PREDICATED, PCT_EXITS) does not diverge on a GPU; a predicated
     * side runs with every lane of the warp active, those whose predicate
     * is false included. */
    unsigned f = (uint32_t)pc < m->tm.ncode ? m->tm.pc[pc].flags : 0;
    if (taken == mask || taken == 0) {
        const simt_insn *in = &m->mod->code[pc];
        if ((f & PCT_PREDICATED) && (in->op == OP_BRZ || in->op == OP_BRNZ) &&
            in->b == SIMT_BR_PREDICATED)
            issue_skipped_side(m, pc, mask, taken, warp);
        return;
    }
    if (f & PCT_PREDICATED) {
        uint32_t side = m->tm.side[pc];
        m->cur->c[CNT_THREAD_INST] +=
            (uint64_t)(side & 0xffff) * (uint64_t)__builtin_popcount(taken) +
            (uint64_t)(side >> 16) * (uint64_t)__builtin_popcount(mask & ~taken);
    } else if (!(f & PCT_EXITS))
        m->cur->c[CNT_DIV_BRANCH]++;
}

void simt_model_barrier(simt_model *m)
{
    if (!m->cur)
        return;
    m->cur->c[CNT_BARRIERS]++;
    simt_timing_barrier(m);
}

void simt_model_launch_end(simt_model *m)
{
    if (!m->cur)
        return;
    simt_timing_launch_end(m);
    m->cur = NULL;
}

int simt_model_report(simt_model *m, FILE *out, const char *format)
{
    return simt_stats_write(m, out, format);
}

uint64_t simt_model_clock(const simt_model *m, uint32_t warp)
{
    return m->cur ? simt_timing_clock(m, warp) : 0;
}

/* ---- memory accesses ---- */

static simt_line_cost *line_of(simt_model *m, int32_t pc)
{
    if (!m->want_lines || pc < 0 || (uint32_t)pc >= m->mod->ncode)
        return NULL;
    return &m->lines[m->tm.pc[pc].line];
}

/* Sends the sectors of a global or local access (sorted, as simt_coalesce
 * gives them) through the caches; returns the latency of the slowest one.
 *
 * Two costs of the memory system come from here besides the counters:
 *   - DRAM moves whole granules (the profile's dram_granule, 64 bytes: sector
 *     pairs): the read misses of one request cost their distinct granules,
 *     so sparse reads (one sector in each pair) move twice their sectors;
 *   - each 128-byte line with a sector that misses the L1 is one transaction
 *     the SM keeps in flight until the L2 or DRAM answers: its latency goes
 *     to simt_timing_lines, which bounds the SM by its outstanding lines
 *     (Little's law).  A request touching 32 lines holds 32 of them, one of
 *     4 lines holds 4: why bandwidth keeps falling up to a stride of 32
 *     floats, and why a naive transpose's scattered stores are slow. */
static unsigned bits4(unsigned b)
{
    return (unsigned)(UINT64_C(0x4332322132212110) >> (4 * (b & 15))) & 15;
}

/* What one access's walk through the caches sums over its lines, told to
 * the timing model once per access (the SM's L2 sectors and line cycles are
 * sums: one call with the total counts what one per line would). */
typedef struct cache_walk {
    uint64_t worst, line_cycles, l2_sectors;
    uint64_t per_granule, last_granule;
    uint64_t visible;           /* a read: the latest cycle another block's store to
                                   one of its lines reached the L2 (0: none) */
    int past_l1;                /* a volatile load: the L1 is not looked up */
} cache_walk;

/* The cycle the warp of the access being modelled issued it. */
static uint64_t access_issue(const simt_model *m)
{
    const simt_timing *t = &m->tm;
    if (t->cur_sm < 0)
        return 0;
    return m->acc_warp < t->nwarps ? t->warps[m->acc_warp].last_issue : t->block_start;
}

/* Stores of one block made visible to the loads of another (model.h
 * simt_visible_line): a store or atomic notes when it reaches the L2, a
 * load of the same sectors by another block waits for that.  Atomics do
 * not wait: the order in which they reach a counter is the interpreter's,
 * not the GPU's, and ordering each after the last would chain blocks that
 * a GPU runs side by side. */
static inline __attribute__((always_inline)) void visible_line(simt_model *m, cache_walk *cw,
                                                               uint64_t line, unsigned bits,
                                                               unsigned kind)
{
    simt_visible_line *e = &m->visible[(line * 0x9e3779b97f4a7c15ull) >> (64 - SIMT_VISIBLE_BITS)];
    uint32_t launch = m->nlaunches, me = m->tm.block_id;
    if (kind == ACC_READ) {
        if (__builtin_expect(e->line == line && e->launch == launch, 0) && (e->sectors & bits) &&
            e->writer != me && e->when > cw->visible)
            cw->visible = e->when;
        return;
    }
    if (SIMT_ADDR_SPACE(line * SIMT_LINE_BYTES) != SPACE_GLOBAL)
        return;
    uint64_t issue = access_issue(m), when = issue + (uint64_t)m->dev->lat_l2;
    if (m->tm.cur_sm >= 0 && m->acc_warp < m->tm.nwarps)
        m->tm.warps[m->acc_warp].last_store = issue + 1;
    if (e->line == line && e->launch == launch) {
        e->writer = e->writer == me ? me : SIMT_MANY_WRITERS;
        e->when = when > e->when ? when : e->when;
        e->sectors |= bits;
    } else {
        *e = (simt_visible_line){ line, when, me, launch, bits };
    }
}

/* The DRAM bytes of the read sectors dm of one line that missed the L2: its
 * distinct granules.  Where a granule is 1, 2 or 4 sectors none spans two
 * lines, so a line's count is its own (the sorted walk never comes back to
 * a line); a larger granule follows the walk's last one. */
static inline uint64_t dram_granule_bytes(cache_walk *cw, uint64_t line, unsigned dm)
{
    switch (cw->per_granule) {
    case 1:
        return (uint64_t)SIMT_SECTOR_BYTES * bits4(dm);
    case 2:
        return 2u * SIMT_SECTOR_BYTES * bits4((dm | dm >> 1) & 5u);
    case 4:
        return 4u * SIMT_SECTOR_BYTES;
    default:
        break;
    }
    uint64_t bytes = 0;
    for (; dm; dm &= dm - 1) {
        uint64_t sector = line * 4 + (unsigned)__builtin_ctz(dm);
        if (sector / cw->per_granule != cw->last_granule)
            bytes += cw->per_granule * SIMT_SECTOR_BYTES;
        cw->last_granule = sector / cw->per_granule;
    }
    return bytes;
}

/* One line of the access: `bits` its sectors (bit k: sector k of the line).
 * count 0 (a constant: m->clock_only) leaves out the counters that neither
 * the clocks nor the launch's cycles read: lookups and hits. */
static inline __attribute__((always_inline)) void walk_line(simt_model *m, simt_cache *l1,
                                                            cache_walk *cw, uint64_t line,
                                                            unsigned bits, unsigned kind,
                                                            int count)
{
    simt_launch_rec *r = m->cur;
    const simt_device_profile *d = m->dev;
    unsigned miss = bits;
    visible_line(m, cw, line, bits, kind);
    if (kind == ACC_READ) {
        if (count)
            r->c[CNT_L1_LOOKUP] += bits4(bits);
        unsigned hit = cw->past_l1 ? 0 : simt_cache_access_line(l1, line, bits, 1);
        if (hit) {
            if (count)
                r->c[CNT_L1_HIT] += bits4(hit);
            if ((uint64_t)d->lat_l1 > cw->worst)
                cw->worst = (uint64_t)d->lat_l1;
        }
        miss = bits & ~hit;
    } else {
        /* Stores and atomics write through to L2 and do not allocate in L1. */
        simt_cache_invalidate_line(l1, line, bits);
    }
    if (!miss)
        return;
    unsigned nmiss = bits4(miss);
    if (count)
        r->c[CNT_L2_LOOKUP] += nmiss;
    cw->l2_sectors += nmiss;
    unsigned l2hit = simt_cache_access_line(&m->l2, line, miss, 1);
    uint64_t lat = (uint64_t)d->lat_l2;
    if (kind == ACC_WRITE) {
        /* The L2 is write-back with byte masks: a store never waits for
         * DRAM, so Nsight Compute counts every store sector as a hit.
         * Complete when the L2 has it (waited for only with blocking_stores). */
        r->c[CNT_DRAM_BYTES] += (uint64_t)SIMT_SECTOR_BYTES * bits4(miss & ~l2hit);
        if (count)
            r->c[CNT_L2_HIT] += nmiss;
    } else {
        if (count)
            r->c[CNT_L2_HIT] += bits4(l2hit);
        if (miss & ~l2hit) {
            r->c[CNT_DRAM_BYTES] += dram_granule_bytes(cw, line, miss & ~l2hit);
            lat = (uint64_t)d->lat_dram;
        }
    }
    if (lat > cw->worst)
        cw->worst = lat;
    cw->line_cycles += lat; /* the line's transaction: its slowest sector */
}

static void walk_begin(const simt_model *m, cache_walk *cw)
{
    cw->worst = cw->line_cycles = cw->l2_sectors = 0;
    cw->per_granule = m->per_granule;
    cw->last_granule = UINT64_MAX;
    cw->visible = 0;
    cw->past_l1 = m->acc_volatile;
}

/* The walk's sums to the timing model; returns the slowest line's latency,
 * or the wait for another block's store where that is longer: its value
 * comes from the L2 once the store is there, and a volatile load -- a
 * poll, repeated every L2 round trip -- meets it half a round trip later
 * on average (a flag's wait on an H200: 0.47 us from one block's store to
 * the next block's, tests/timing/spin_wait.k). */
static uint64_t walk_end(simt_model *m, const cache_walk *cw)
{
    simt_timing_l2(m, cw->l2_sectors);
    simt_timing_lines(m, cw->line_cycles);
    if (__builtin_expect(cw->visible != 0, 0)) {
        uint64_t lat = (uint64_t)m->dev->lat_l2;
        uint64_t ready = cw->visible + lat + (cw->past_l1 ? lat / 2 : 0), at = access_issue(m);
        if (ready > at + cw->worst)
            return ready - at;
    }
    return cw->worst;
}

static uint64_t through_caches(simt_model *m, const uint64_t *sect, unsigned n, unsigned kind)
{
    simt_cache *l1 = &m->l1[m->cur_sm];
    cache_walk cw;
    walk_begin(m, &cw);
    /* one line at a time: the sorted sectors of a line are neighbours */
    for (unsigned i = 0, j; i < n; i = j) {
        uint64_t line = sect[i] / 4;
        unsigned bits = 0;
        for (j = i; j < n && sect[j] / 4 == line; j++)
            bits |= 1u << (sect[j] % 4);
        walk_line(m, l1, &cw, line, bits, kind, 1);
    }
    return walk_end(m, &cw);
}

/* through_caches for the sectors lo .. hi, every one of them (a whole warp
 * of consecutive elements), line by line without a list; count as walk_line. */
static inline __attribute__((always_inline)) uint64_t through_caches_range(simt_model *m,
                                                                           uint64_t lo,
                                                                           uint64_t hi,
                                                                           unsigned kind,
                                                                           int count)
{
    simt_cache *l1 = &m->l1[m->cur_sm];
    cache_walk cw;
    walk_begin(m, &cw);
    for (uint64_t line = lo / 4; line <= hi / 4; line++) {
        unsigned from = line == lo / 4 ? (unsigned)(lo % 4) : 0;
        unsigned to = line == hi / 4 ? (unsigned)(hi % 4) : 3;
        walk_line(m, l1, &cw, line, (0xfu >> (3 - to)) & (0xfu << from), kind, count);
    }
    return walk_end(m, &cw);
}

/* Counts a global or local access of n sectors in `lines` lines (they
 * differ only in their counters); returns the latency its request adds to
 * that of its slowest line. */
static inline __attribute__((always_inline)) uint64_t memory_counts(simt_model *m,
                                                                     const simt_warp_access *a,
                                                                     unsigned space, unsigned n,
                                                                     unsigned lines)
{
    simt_launch_rec *r = m->cur;
    unsigned same = 0; /* atomics: the most lanes on one address */
    int global = space == SPACE_GLOBAL;
    if (a->kind == ACC_READ) {
        r->c[global ? CNT_GLD_REQ : CNT_LLD_REQ]++;
        r->c[global ? CNT_GLD_SECT : CNT_LLD_SECT] += n;
        r->c[CNT_GLD_LINES] += lines;
    } else if (a->kind == ACC_WRITE) {
        r->c[global ? CNT_GST_REQ : CNT_LST_REQ]++;
        r->c[global ? CNT_GST_SECT : CNT_LST_SECT] += n;
        r->c[CNT_GST_LINES] += lines;
    } else {
        simt_distinct_addresses(a, space, &same);
        r->c[CNT_GATOM_REQ]++;
        r->c[CNT_GATOM_SECT] += n;
        r->c[CNT_ATOM_SERIAL] += same;
    }
    if (__builtin_expect(m->want_lines, 0)) {
        simt_line_cost *lc = line_of(m, a->pc);
        if (lc && global) {
            lc->greq++;
            lc->gsect += n;
        }
    }
    simt_timing_memory(m, lines);
    uint64_t extra = lines ? lines - 1 : 0;
    if (a->kind == ACC_ATOMIC)
        extra += (uint64_t)m->dev->lat_l2 + (same ? same - 1 : 0);
    return extra;
}

/* Counts a global or local access and sends it through the caches; returns
 * its latency (0: no lane in space). */
static uint64_t memory_traffic_of(simt_model *m, const simt_warp_access *a, unsigned space,
                                  uint64_t *sect)
{
    unsigned lines, lanes;
    unsigned n = simt_coalesce(a, space, sect, &lines, &lanes);
    if (!lanes)
        return 0;
    uint64_t extra = memory_counts(m, a, space, n, lines);
    return through_caches(m, sect, n, a->kind) + extra;
}

static uint64_t memory_traffic(simt_model *m, const simt_warp_access *a, unsigned space)
{
    uint64_t sect[SIMT_MAX_SECTORS];
    return memory_traffic_of(m, a, space, sect);
}

/* The latency of a global or local access goes to the warp's scoreboard. */
static inline void memory_result(simt_model *m, const simt_warp_access *a, uint64_t lat)
{
    if (lat && a->kind != ACC_WRITE)
        simt_timing_result(m, a->warp, lat, WAITC_LONG);
    else if (lat && m->dev->blocking_stores)
        simt_timing_store_wait(m, a->pc, a->warp, lat);
}

static void access_memory(simt_model *m, const simt_warp_access *a, unsigned space)
{
    memory_result(m, a, memory_traffic(m, a, space));
}

/* The memo's wavefronts of a whole-warp shared access (1), when its lanes
 * stand as they stood last time at its pc, moved by a multiple of 4 bytes and still
 * all in shared memory (a tile read As[ty][k] or Bs[k][tx] in a loop); else 0. */
static inline __attribute__((always_inline)) int memo_lookup(simt_model *m,
                                                             const simt_warp_access *a,
                                                             unsigned *wf, unsigned *ideal)
{
    const simt_bank_memo *e = &m->bank_memo[(uint32_t)a->pc % SIMT_BANK_MEMO];
    if (e->pc != a->pc || a->mask != UINT32_MAX || e->size != a->size)
        return 0;
    uint64_t a0 = a->addr[0];
    if (e->base_mod4 != (a0 & 3) || a->spaces != SIMT_SPACE_BIT(SPACE_SHARED))
        return 0;
    typedef uint64_t v2 __attribute__((vector_size(16)));
    v2 acc0 = {0, 0}, acc1 = {0, 0}, base = {a0, a0};
    for (unsigned l = 0; l < 32; l += 4) {
        v2 x0, x1, d0, d1;
        memcpy(&x0, a->addr + l, sizeof x0);
        memcpy(&x1, a->addr + l + 2, sizeof x1);
        memcpy(&d0, e->delta + l, sizeof d0);
        memcpy(&d1, e->delta + l + 2, sizeof d1);
        acc0 |= x0 ^ (d0 + base);
        acc1 |= x1 ^ (d1 + base);
    }
    acc0 |= acc1;
    if (acc0[0] | acc0[1])
        return 0;
    *wf = e->wf;
    *ideal = e->ideal;
    return 1;
}

/* banks.c's wavefronts of an access whose lanes are all in shared memory,
 * remembered for memo_lookup. */
static unsigned shared_wavefronts(simt_model *m, const simt_warp_access *a, unsigned *ideal)
{
    unsigned wf;
    if (memo_lookup(m, a, &wf, ideal))
        return wf;
    wf = simt_bank_wavefronts_of(a, a->mask, ideal);
    if (a->mask != UINT32_MAX)
        return wf; /* partial warps (a tree's last steps) change masks: not kept */
    simt_bank_memo *e = &m->bank_memo[(uint32_t)a->pc % SIMT_BANK_MEMO];
    uint64_t a0 = a->addr[0];
    e->pc = a->pc;
    e->size = a->size;
    e->base_mod4 = (uint8_t)(a0 & 3);
    e->wf = wf;
    e->ideal = *ideal;
    for (unsigned l = 0; l < 32; l++)
        e->delta[l] = a->addr[l] - a0;
    return wf;
}

/* all_shared: 1 when every lane is in shared memory, 2 when besides they
 * are consecutive elements (lane l at the first address + l * size, a whole
 * warp): each group of lanes then reads 32 consecutive words, one per bank,
 * so it is one wavefront, as banks.c would count it. */
static inline __attribute__((always_inline)) void access_shared_wf(simt_model *m,
                                                                   const simt_warp_access *a,
                                                                   unsigned wf, unsigned ideal);

/* banks.c's wavefronts of a unit-stride access of 1, 2, 4, 8 or 16 bytes
 * per lane, every active lane in shared memory, whatever its mask (a
 * tree's last steps, `if (t < stride)`), without looking at the lanes: a
 * group of lanes (32, 16 or 8 of them, 128 bytes at unit stride) reads at
 * most 32 consecutive words, one per bank, so each group with an active
 * lane is one wavefront and conflict-free.  0 where it does not apply. */
static unsigned unit_stride_wavefronts(const simt_warp_access *a)
{
    if (a->shape != SHAPE_UNIT_STRIDE || !a->mask)
        return 0;
    uint32_t k = a->mask;
    switch (a->size) {
    case 1: case 2: case 4:
        return 1;
    case 8:
        return (k & 0xffffu ? 1u : 0u) + (k >> 16 ? 1u : 0u);
    case 16:
        return (k & 0xffu ? 1u : 0u) + (k & 0xff00u ? 1u : 0u) + (k & 0xff0000u ? 1u : 0u) +
               (k >> 24 ? 1u : 0u);
    default:
        return 0;
    }
}

static void access_shared(simt_model *m, const simt_warp_access *a, int all_shared)
{
    unsigned ideal, wf;
    if (all_shared == 2)
        wf = ideal = a->size >= 16 ? 4 : a->size == 8 ? 2 : 1;
    else if (all_shared && (wf = unit_stride_wavefronts(a)) != 0)
        ideal = wf;
    else
        wf = all_shared ? shared_wavefronts(m, a, &ideal) : simt_bank_wavefronts(a, &ideal);
    access_shared_wf(m, a, wf, ideal);
}

/* Counts a shared access of wf wavefronts (ideal: conflict-free). */
static inline __attribute__((always_inline)) void access_shared_wf(simt_model *m,
                                                                   const simt_warp_access *a,
                                                                   unsigned wf, unsigned ideal)
{
    simt_launch_rec *r = m->cur;
    if (!ideal)
        return;
    if (m->clock_only && a->kind != ACC_ATOMIC) { /* what the clocks read of it */
        simt_timing_memory(m, wf);
        if (a->kind != ACC_WRITE)
            simt_timing_result(m, a->warp, (uint64_t)m->dev->lat_shared + wf - 1, WAITC_SHORT);
        return;
    }
    simt_line_cost *lc = line_of(m, a->pc);
    if (a->kind == ACC_READ) {
        r->c[CNT_SLD_INST]++;
        r->c[CNT_SLD_WF] += wf;
        r->c[CNT_SLD_IDEAL] += ideal;
    } else if (a->kind == ACC_WRITE) {
        r->c[CNT_SST_INST]++;
        r->c[CNT_SST_WF] += wf;
        r->c[CNT_SST_IDEAL] += ideal;
    } else {
        /* Lanes updating one word are serialised on top of bank conflicts. */
        unsigned same;
        simt_distinct_addresses(a, SPACE_SHARED, &same);
        if (same > wf)
            wf = same;
        r->c[CNT_SATOM_INST]++;
        r->c[CNT_SATOM_WF] += wf;
    }
    if (lc && a->kind != ACC_ATOMIC) {
        lc->sinst++;
        lc->swf += wf;
        lc->sideal += ideal;
    }
    simt_timing_memory(m, wf);
    if (a->kind != ACC_WRITE)
        simt_timing_result(m, a->warp, (uint64_t)m->dev->lat_shared + wf - 1, WAITC_SHORT);
}

/* Constant memory broadcasts one address per cycle to the lanes that want it. */
static void access_const(simt_model *m, const simt_warp_access *a)
{
    unsigned same, distinct = simt_distinct_addresses(a, SPACE_CONST, &same);
    if (!distinct)
        return;
    m->cur->c[CNT_CLD_REQ]++;
    m->cur->c[CNT_CLD_SERIAL] += distinct;
    if (a->kind == ACC_READ)
        simt_timing_result(m, a->warp, (uint64_t)m->dev->lat_alu + distinct - 1, WAITC_ALU);
}

/* A whole warp of consecutive elements in one space (lane l at the first
 * address + l * size; most accesses of most kernels): its sectors are a
 * range, found without looking at the lanes again. */
static int access_consecutive(simt_model *m, const simt_warp_access *a)
{
    uint64_t a0 = a->addr[0], end = a0 + 32u * a->size - 1;
    unsigned space = SIMT_ADDR_SPACE(a0);
    if (a->shape != SHAPE_UNIT_STRIDE || SIMT_ADDR_SPACE(end) != space)
        return 0;
    if (space == SPACE_SHARED) {
        access_shared(m, a, 2);
        return 1;
    }
    if (space != SPACE_GLOBAL && space != SPACE_LOCAL)
        return 0;
    uint64_t lo = a0 / SIMT_SECTOR_BYTES, hi = end / SIMT_SECTOR_BYTES;
    unsigned lines = (unsigned)(hi / 4 - lo / 4 + 1);
    if (m->clock_only && a->kind != ACC_ATOMIC) {
        /* memory_counts' part that the clocks read: the wavefronts, the
         * latency of the lines after the first */
        simt_timing_memory(m, lines);
        memory_result(m, a, through_caches_range(m, lo, hi, a->kind, 0) + lines - 1);
        return 1;
    }
    uint64_t extra = memory_counts(m, a, space, (unsigned)(hi - lo + 1), lines);
    memory_result(m, a, through_caches_range(m, lo, hi, a->kind, 1) + extra);
    return 1;
}

/* access_consecutive where only the clocks can be seen, for a load or store
 * whose lanes all fall in one line of global or local memory (a warp of 4
 * bytes each, aligned: saxpy's every access), without its general tests
 * and its walk's loop; 0 where it does not apply. */
static inline int access_line_clock(simt_model *m, const simt_warp_access *a)
{
    uint64_t a0 = a->addr[0], end = a0 + 32u * a->size - 1;
    unsigned space = SIMT_ADDR_SPACE(a0);
    if (a->shape != SHAPE_UNIT_STRIDE || a->mask != UINT32_MAX || !a->size ||
        a0 / SIMT_LINE_BYTES != end / SIMT_LINE_BYTES || a->kind == ACC_ATOMIC ||
        (space != SPACE_GLOBAL && space != SPACE_LOCAL))
        return 0;
    unsigned from = (unsigned)(a0 / SIMT_SECTOR_BYTES % 4), to = (unsigned)(end / SIMT_SECTOR_BYTES % 4);
    cache_walk cw;
    walk_begin(m, &cw);
    walk_line(m, &m->l1[m->cur_sm], &cw, a0 / SIMT_LINE_BYTES, (0xfu >> (3 - to)) & (0xfu << from),
              a->kind, 0);
    simt_timing_memory(m, 1);
    memory_result(m, a, walk_end(m, &cw)); /* one line: no extra latency */
    return 1;
}

void simt_model_access(simt_model *m, const simt_warp_access *a)
{
    simt_launch_rec *r = m->cur;
    if (!r || !a->mask)
        return;
    r->warp_size = a->width;
    m->acc_warp = a->warp;
    m->acc_volatile = a->pc >= 0 && (uint32_t)a->pc < m->tm.ncode &&
                      (m->tm.pc[a->pc].flags & PCT_VOLATILE);
    if (m->clock_only && a->spaces != SIMT_SPACE_BIT(SPACE_SHARED) && access_line_clock(m, a))
        return;
    unsigned wf, ideal;
    if (a->spaces == SIMT_SPACE_BIT(SPACE_SHARED) && memo_lookup(m, a, &wf, &ideal)) {
        access_shared_wf(m, a, wf, ideal); /* a shared pattern seen before at this pc */
        return;
    }
    if (a->mask == UINT32_MAX && a->size && a->size <= 16 && access_consecutive(m, a))
        return;
    const unsigned spaces = a->spaces; /* the memory unit's (vm/memunit.c) */
    if (spaces & SIMT_SPACE_BIT(SPACE_GLOBAL))
        access_memory(m, a, SPACE_GLOBAL);
    if (spaces & SIMT_SPACE_BIT(SPACE_LOCAL))
        access_memory(m, a, SPACE_LOCAL);
    if (spaces & SIMT_SPACE_BIT(SPACE_SHARED))
        access_shared(m, a, spaces == SIMT_SPACE_BIT(SPACE_SHARED));
    if (spaces & SIMT_SPACE_BIT(SPACE_CONST))
        access_const(m, a);
}

uint64_t simt_model_last_cycles(const simt_model *m)
{
    return m->nlaunches && !m->cur ? m->launches[m->nlaunches - 1].cycles : 0;
}

/* The busiest SM's issue and memory-pipeline cycles, and the DRAM's, over
 * the launch's cycles: each at most 1 (the cycles are the largest of them). */
void simt_model_last_busy(const simt_model *m, simt_kernel_busy *busy)
{
    *busy = (simt_kernel_busy){0};
    if (!m->nlaunches || m->cur)
        return;
    const simt_launch_rec *r = &m->launches[m->nlaunches - 1];
    if (!r->cycles)
        return;
    double c = (double)r->cycles;
    busy->issue = (double)r->issue_cycles / c;
    busy->mem = (double)r->mem_cycles / c;
    busy->dram = (double)r->dram_cycles / c;
}

/* ---- register spills (--maxrregcount) ----
 * Which values a real compiler spills is its choice; the model charges the
 * registers numbered at or above the cap, each read as a local load and each
 * write as a local store of 4 bytes per lane, issued around the instruction.
 * Local memory is interleaved by lane, as hardware lays it out, so one spill
 * of a full warp is one request of 4 sectors.  Every resident warp of every
 * SM has its own spill area, far above the local arrays. */
#define SPILL_BASE (UINT64_C(1) << 43)

static void spill_one(simt_model *m, int32_t pc, uint32_t mask, uint32_t warp, unsigned reg,
                      int store)
{
    simt_warp_access a;
    a.pc = pc;
    a.op = store ? OP_ST32 : OP_LD32;
    a.kind = store ? ACC_WRITE : ACC_READ;
    a.size = 4;
    a.mask = mask;
    a.warp = warp;
    a.width = 32;
    a.tid_base = 0;
    /* One spill area per resident warp: SM, block slot, warp in its block. */
    uint64_t owner = ((uint64_t)m->cur_sm * 64 + (uint64_t)(m->tm.cur_slot & 63)) * 1024 + warp;
    uint64_t base = SPILL_BASE + (owner * 256 + (reg - (unsigned)m->maxrreg)) * 32 * 4;
    for (uint32_t mk = mask; mk; mk &= mk - 1) {
        unsigned l = (unsigned)__builtin_ctz(mk);
        a.addr[l] = SIMT_ADDR(SPACE_LOCAL, base + 4 * l);
    }
    a.verdict = VERDICT_REGION;
    simt_access_classify(&a); /* as the memory unit would (vm/memunit.h) */
    uint64_t lat = memory_traffic(m, &a, SPACE_LOCAL);
    /* LDL and STL are instructions of their own. */
    m->cur->c[CNT_INST]++;
    m->cur->c[CNT_THREAD_INST] += (uint64_t)__builtin_popcount(mask);
    if (store)
        simt_timing_spill_store(m, warp, reg, lat);
    else
        simt_timing_spill_load(m, pc, warp, reg, lat);
}

/* Before the instruction at pc (store 0): loads its spilled source registers;
 * after it (store 1): stores its spilled destination. */
void simt_model_spill_regs(simt_model *m, int32_t pc, uint32_t mask, uint32_t warp, int store)
{
    if (pc < 0 || (uint32_t)pc >= m->mod->ncode || !mask)
        return;
    const simt_insn *in = &m->mod->code[pc];
    unsigned uses = simt_opinfo_table[in->op].uses, cap = (unsigned)m->maxrreg;
    if (store) {
        if ((uses & WA) && in->a >= cap && in->a < cap + 256)
            spill_one(m, pc, mask, warp, in->a, 1);
        return;
    }
    unsigned src[5], n = simt_insn_reads(in, src);
    for (unsigned k = 0; k < n; k++) {
        int again = 0;
        for (unsigned j = 0; j < k; j++)
            again |= src[j] == src[k];
        if (src[k] >= cap && src[k] < cap + 256 && !again)
            spill_one(m, pc, mask, warp, src[k], 0);
    }
}
