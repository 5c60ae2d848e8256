/* runtime/stats.c -- the statistics of every launch (SPEC 5.4): one list of
 * metrics per launch, with Nsight Compute's names where it has the same
 * counter and simtvm__ names otherwise, written as JSON, as CSV in ncu's long
 * layout, or as a short text report for people. */
#include <stdarg.h>
#include <math.h>
#include <string.h>

#include "runtime/model.h"
#include "runtime/stats_explain.h"

/* Every metric of a launch, in the order the reports print them: its enum
 * name, its Nsight Compute name (simtvm__ for our own), its unit.  The
 * stall reasons follow, one per SIMT_COUNTERS stall counter (STALL_METRIC). */
#define STATS_METRICS(X)                                                                     \
    X(GRID_SIZE, "launch__grid_size", "block")                                               \
    X(BLOCK_SIZE, "launch__block_size", "thread")                                            \
    X(REGS, "launch__registers_per_thread", "register/thread")                               \
    X(SHARED_MEM, "launch__shared_mem_per_block", "byte/block")                              \
    X(INST, "smsp__inst_executed.sum", "inst")                                               \
    X(THREAD_INST, "smsp__thread_inst_executed.sum", "inst")                                 \
    X(LANES_PER_INST, "smsp__thread_inst_executed_per_inst_executed.ratio", "")              \
    X(SIMT_EFF, "simtvm__simt_efficiency.pct", "%")                                          \
    X(BRANCHES, "simtvm__branches.sum", "inst")                                              \
    X(DIV_BRANCHES, "simtvm__divergent_branches.sum", "inst")                                \
    X(GLD_REQ, "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "request")                 \
    X(GLD_SECT, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "sector")                  \
    X(GST_REQ, "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum", "request")                 \
    X(GST_SECT, "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum", "sector")                  \
    X(GATOM_REQ, "l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum", "request")             \
    X(GATOM_SECT, "l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum", "sector")              \
    X(GLD_INST, "smsp__sass_inst_executed_op_global_ld.sum", "inst")                         \
    X(GST_INST, "smsp__sass_inst_executed_op_global_st.sum", "inst")                         \
    X(ATOM_SERIAL, "simtvm__atomic_serialization.sum", "access")                             \
    X(LLD_REQ, "l1tex__t_requests_pipe_lsu_mem_local_op_ld.sum", "request")                  \
    X(LLD_SECT, "l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum", "sector")                   \
    X(LST_REQ, "l1tex__t_requests_pipe_lsu_mem_local_op_st.sum", "request")                  \
    X(LST_SECT, "l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum", "sector")                   \
    X(SLD_INST, "smsp__sass_inst_executed_op_shared_ld.sum", "inst")                         \
    X(SST_INST, "smsp__sass_inst_executed_op_shared_st.sum", "inst")                         \
    X(SLD_WF, "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "")                    \
    X(SST_WF, "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", "")                    \
    X(SLD_CONFLICTS, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", "")         \
    X(SST_CONFLICTS, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", "")         \
    X(SATOM_INST, "simtvm__shared_atomic_inst.sum", "inst")                                  \
    X(SATOM_WF, "simtvm__shared_atomic_wavefronts.sum", "")                                  \
    X(CLD_REQ, "simtvm__const_requests.sum", "request")                                      \
    X(CLD_SERIAL, "simtvm__const_serialized_accesses.sum", "access")                         \
    X(L1_LOOKUP, "l1tex__t_sectors_lookup.sum", "sector")                                    \
    X(L1_HIT_PCT, "l1tex__t_sector_hit_rate.pct", "%")                                       \
    X(L2_LOOKUP, "lts__t_sectors.sum", "sector")                                             \
    X(L2_HIT_PCT, "lts__t_sector_hit_rate.pct", "%")                                         \
    X(DRAM_BYTES, "dram__bytes.sum", "byte")                                                 \
    X(BARRIERS, "simtvm__barriers.sum", "")                                                  \
    X(OCC_PCT, "sm__maximum_warps_per_active_cycle_pct", "%")                                \
    X(OCC_WARPS, "launch__occupancy_limit_warps", "block")                                   \
    X(OCC_BLOCKS, "launch__occupancy_limit_blocks", "block")                                 \
    X(OCC_REGS, "launch__occupancy_limit_registers", "block")                                \
    X(OCC_SHARED, "launch__occupancy_limit_shared_mem", "block")                             \
    X(ACHIEVED_OCC, "sm__warps_active.avg.pct_of_peak_sustained_active", "%")                \
    X(CYCLES, "sm__cycles_elapsed.max", "cycle")                                             \
    X(DURATION, "gpu__time_duration.sum", "ns")                                              \
    X(IPC, "sm__inst_executed.avg.per_cycle_active", "inst/cycle")                           \
    X(LATENCY_BOUND, "simtvm__latency_bound_cycles", "cycle")                                \
    X(ISSUE_BOUND, "simtvm__issue_bound_cycles", "cycle")                                    \
    X(L1_BOUND, "simtvm__l1_wavefront_bound_cycles", "cycle")                                \
    X(DRAM_BOUND, "simtvm__dram_bound_cycles", "cycle")

enum {
#define X(e, name, unit) MET_##e,
    STATS_METRICS(X)
#undef X
    MET_STALLS /* the first stall reason; CNT_STALL_* k is MET_STALLS + k - CNT_STALL_LONG_SB */
};

#define NSTALLS (CNT_STALL_MEM_THROTTLE - CNT_STALL_LONG_SB + 1)
#define STALL_METRIC(k) (MET_STALLS + (k) - CNT_STALL_LONG_SB)
_Static_assert(MET_STALLS + NSTALLS == SIMT_NMETRICS, "SIMT_NMETRICS counts every metric");

static const struct {
    const char *name, *unit;
} METRICS[MET_STALLS] = {
#define X(e, nm, un) [MET_##e] = {nm, un},
    STATS_METRICS(X)
#undef X
};

/* Per counter: its stall metric's name (only the CNT_STALL_* are used) and
 * its short name, which the text report and simt_stall_gloss use. */
static const char *const STALL_NAMES[] = {
#define X(e, s) "simtvm__stall_" s ".sum",
    SIMT_COUNTERS(X)
#undef X
};
static const char *const COUNTER_NAMES[] = {
#define X(e, s) s,
    SIMT_COUNTERS(X)
#undef X
};

static double ratio(double num, double den)
{
    return den ? num / den : 0.0;
}

static double pct(double num, double den)
{
    return den ? 100.0 * num / den : 0.0;
}

static double duration_ns(const simt_model *m, const simt_launch_rec *r)
{
    return (double)r->cycles / ((double)m->dev->clock_khz / 1e6);
}

/* Blocks per SM that one resource allows; a resource the kernel does not use
 * allows as many as the SM has block slots (as Nsight Compute reports it). */
static int occ_limit(const simt_model *m, const simt_launch_rec *r, int which)
{
    int v = r->occ.limit[which];
    return v > m->dev->max_blocks_per_sm ? m->dev->max_blocks_per_sm : v;
}

/* The counters and figures a launch's metrics are computed from. */
static void launch_counts(const simt_model *m, const simt_launch_rec *r, double *v)
{
    const uint64_t *c = r->c;
    v[MET_GRID_SIZE] = (double)((uint64_t)r->grid[0] * r->grid[1] * r->grid[2]);
    v[MET_BLOCK_SIZE] = (double)((uint64_t)r->block[0] * r->block[1] * r->block[2]);
    v[MET_REGS] = r->regs;
    v[MET_SHARED_MEM] = (double)r->shared_bytes;
    v[MET_INST] = (double)c[CNT_INST];
    v[MET_THREAD_INST] = (double)c[CNT_THREAD_INST];
    v[MET_BRANCHES] = (double)c[CNT_BRANCH];
    v[MET_DIV_BRANCHES] = (double)c[CNT_DIV_BRANCH];
    v[MET_GLD_REQ] = v[MET_GLD_INST] = (double)c[CNT_GLD_REQ];
    v[MET_GLD_SECT] = (double)c[CNT_GLD_SECT];
    v[MET_GST_REQ] = v[MET_GST_INST] = (double)c[CNT_GST_REQ];
    v[MET_GST_SECT] = (double)c[CNT_GST_SECT];
    v[MET_GATOM_REQ] = (double)c[CNT_GATOM_REQ];
    v[MET_GATOM_SECT] = (double)c[CNT_GATOM_SECT];
    v[MET_ATOM_SERIAL] = (double)c[CNT_ATOM_SERIAL];
    v[MET_LLD_REQ] = (double)c[CNT_LLD_REQ];
    v[MET_LLD_SECT] = (double)c[CNT_LLD_SECT];
    v[MET_LST_REQ] = (double)c[CNT_LST_REQ];
    v[MET_LST_SECT] = (double)c[CNT_LST_SECT];
    v[MET_SLD_INST] = (double)c[CNT_SLD_INST];
    v[MET_SST_INST] = (double)c[CNT_SST_INST];
    v[MET_SLD_WF] = (double)c[CNT_SLD_WF];
    v[MET_SST_WF] = (double)c[CNT_SST_WF];
    v[MET_SLD_CONFLICTS] = (double)(c[CNT_SLD_WF] - c[CNT_SLD_IDEAL]);
    v[MET_SST_CONFLICTS] = (double)(c[CNT_SST_WF] - c[CNT_SST_IDEAL]);
    v[MET_SATOM_INST] = (double)c[CNT_SATOM_INST];
    v[MET_SATOM_WF] = (double)c[CNT_SATOM_WF];
    v[MET_CLD_REQ] = (double)c[CNT_CLD_REQ];
    v[MET_CLD_SERIAL] = (double)c[CNT_CLD_SERIAL];
    v[MET_L1_LOOKUP] = (double)c[CNT_L1_LOOKUP];
    v[MET_L2_LOOKUP] = (double)c[CNT_L2_LOOKUP];
    v[MET_DRAM_BYTES] = (double)c[CNT_DRAM_BYTES];
    v[MET_BARRIERS] = (double)c[CNT_BARRIERS];
    v[MET_CYCLES] = (double)r->cycles;
    v[MET_LATENCY_BOUND] = (double)r->latency_cycles;
    v[MET_ISSUE_BOUND] = (double)r->issue_cycles;
    v[MET_L1_BOUND] = (double)r->mem_cycles;
    v[MET_DRAM_BOUND] = (double)r->dram_cycles;
    for (int k = CNT_STALL_LONG_SB; k <= CNT_STALL_MEM_THROTTLE; k++)
        v[STALL_METRIC(k)] = (double)c[k];
    (void)m;
}

/* The figures derived from the counts: ratios, rates, occupancy, time. */
static void launch_derived(const simt_model *m, const simt_launch_rec *r, double *v)
{
    const uint64_t *c = r->c;
    v[MET_LANES_PER_INST] = ratio(v[MET_THREAD_INST], v[MET_INST]);
    v[MET_SIMT_EFF] = c[CNT_INST] ? 100.0 * v[MET_LANES_PER_INST] / r->warp_size : 0.0;
    v[MET_L1_HIT_PCT] = pct((double)c[CNT_L1_HIT], v[MET_L1_LOOKUP]);
    v[MET_L2_HIT_PCT] = pct((double)c[CNT_L2_HIT], v[MET_L2_LOOKUP]);
    v[MET_OCC_PCT] = r->occ_ok ? r->occ.occupancy_pct : 0.0;
    v[MET_OCC_WARPS] = occ_limit(m, r, OCC_THREADS);
    v[MET_OCC_BLOCKS] = occ_limit(m, r, OCC_BLOCKS);
    v[MET_OCC_REGS] = occ_limit(m, r, OCC_REGISTERS);
    v[MET_OCC_SHARED] = occ_limit(m, r, OCC_SHARED);
    v[MET_ACHIEVED_OCC] = r->achieved_occ_pct;
    v[MET_DURATION] = duration_ns(m, r);
    v[MET_IPC] = r->sms_used ? (double)c[CNT_INST] / r->sms_used / (double)r->cycles : 0.0;
}

int simt_stats_metrics(const simt_model *m, uint32_t launch, simt_metric *out)
{
    if (launch >= m->nlaunches)
        return 0;
    double v[SIMT_NMETRICS];
    launch_counts(m, &m->launches[launch], v);
    launch_derived(m, &m->launches[launch], v);
    for (int k = 0; k < SIMT_NMETRICS; k++) {
        int stall = k >= MET_STALLS;
        out[k].name = stall ? STALL_NAMES[k - MET_STALLS + CNT_STALL_LONG_SB] : METRICS[k].name;
        out[k].unit = stall ? "warp cycle" : METRICS[k].unit;
        out[k].value = isfinite(v[k]) ? v[k] : 0.0; /* what JSON can say */
    }
    return SIMT_NMETRICS;
}

/* Writes v as JSON / CSV want it: integers without a fraction.  The one
 * place a metric's value becomes text. */
static void put_number(FILE *out, double v)
{
    if (v == floor(v) && fabs(v) < 9e15)
        fprintf(out, "%.0f", v);
    else
        fprintf(out, "%.6g", v);
}

static void put_json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(out, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(out, "\\u%04x", ch);
        else
            fputc(ch, out);
    }
    fputc('"', out);
}

static const char *kernel_name(const simt_model *m, const simt_launch_rec *r)
{
    return m->mod->funcs[r->kernel].name;
}

static void write_json(const simt_model *m, FILE *out)
{
    simt_metric ms[SIMT_NMETRICS];
    fputs("{\"launches\":[", out);
    for (uint32_t i = 0; i < m->nlaunches; i++) {
        const simt_launch_rec *r = &m->launches[i];
        fputs(i ? ",\n{\"kernel\":" : "\n{\"kernel\":", out);
        put_json_string(out, kernel_name(m, r));
        fprintf(out, ",\"grid\":[%u,%u,%u],\"block\":[%u,%u,%u],", r->grid[0], r->grid[1],
                r->grid[2], r->block[0], r->block[1], r->block[2]);
        fputs("\"metrics\":{", out);
        int n = simt_stats_metrics(m, i, ms);
        for (int k = 0; k < n; k++) {
            fprintf(out, "%s\"%s\":", k ? "," : "", ms[k].name);
            put_number(out, ms[k].value);
        }
        fputs("}}", out);
    }
    fputs("\n]}\n", out);
}

static void write_csv(const simt_model *m, FILE *out)
{
    simt_metric ms[SIMT_NMETRICS];
    fputs("\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n", out);
    for (uint32_t i = 0; i < m->nlaunches; i++) {
        int n = simt_stats_metrics(m, i, ms);
        for (int k = 0; k < n; k++) {
            fprintf(out, "\"%u\",\"%s\",\"%s\",\"%s\",\"", i, kernel_name(m, &m->launches[i]),
                    ms[k].name, ms[k].unit);
            put_number(out, ms[k].value);
            fputs("\"\n", out);
        }
    }
}

/* ---- text: for people, from the same metrics ---- */

/* The short name of the top stall reason of a launch and its share of the
 * stalled warp cycles; NULL when no warp stalled. */
static const char *top_stall(const simt_metric *ms, double *share)
{
    int best = CNT_STALL_LONG_SB;
    double total = 0;
    for (int k = CNT_STALL_LONG_SB; k <= CNT_STALL_MEM_THROTTLE; k++) {
        total += ms[STALL_METRIC(k)].value;
        if (ms[STALL_METRIC(k)].value > ms[STALL_METRIC(best)].value)
            best = k;
    }
    *share = pct(ms[STALL_METRIC(best)].value, total);
    return ms[STALL_METRIC(best)].value ? COUNTER_NAMES[best] : NULL;
}

/* One row of a launch's table: the label, the number right-aligned, its
 * unit, then a remark (printf-style; may be NULL), so every column lines up. */
static void row(FILE *out, const char *label, const char *value, const char *unit,
                const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static void row(FILE *out, const char *label, const char *value, const char *unit,
                const char *fmt, ...)
{
    /* no trailing blanks when there is no remark */
    fprintf(out, fmt ? "  %-18s %10s %-20s" : "  %-18s %10s %s", label, value, unit);
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        fputs("  ", out);
        vfprintf(out, fmt, ap);
        va_end(ap);
    }
    fputc('\n', out);
}

static const char *num(char *buf, size_t len, const char *fmt, double v)
{
    snprintf(buf, len, fmt, v);
    return buf;
}

/* The memory rows of a launch: only the spaces it used. */
static void text_memory(FILE *out, const double *v)
{
    char b[48];
    if (v[MET_GLD_REQ])
        row(out, "global loads", num(b, sizeof b, "%.2f", ratio(v[MET_GLD_SECT], v[MET_GLD_REQ])),
            "sectors/request", "%.0f requests; ideal 4 for 32 lanes x 4 bytes", v[MET_GLD_REQ]);
    if (v[MET_GST_REQ])
        row(out, "global stores", num(b, sizeof b, "%.2f", ratio(v[MET_GST_SECT], v[MET_GST_REQ])),
            "sectors/request", "%.0f requests", v[MET_GST_REQ]);
    if (v[MET_GATOM_REQ])
        row(out, "global atomics",
            num(b, sizeof b, "%.2f", ratio(v[MET_ATOM_SERIAL], v[MET_GATOM_REQ])),
            "lanes/address", "on the busiest address per request; %.0f requests",
            v[MET_GATOM_REQ]);
    if (v[MET_LLD_REQ] || v[MET_LST_REQ])
        row(out, "local memory", num(b, sizeof b, "%.0f", v[MET_LLD_REQ] + v[MET_LST_REQ]),
            "requests", "%.0f loads, %.0f stores (spills or local arrays)", v[MET_LLD_REQ],
            v[MET_LST_REQ]);
    if (v[MET_SLD_INST] || v[MET_SST_INST]) {
        row(out, "shared loads", num(b, sizeof b, "%.2f", ratio(v[MET_SLD_WF], v[MET_SLD_INST])),
            "wavefronts/request", "ideal 1");
        row(out, "shared stores", num(b, sizeof b, "%.2f", ratio(v[MET_SST_WF], v[MET_SST_INST])),
            "wavefronts/request", "ideal 1");
        row(out, "bank conflicts",
            num(b, sizeof b, "%.0f", v[MET_SLD_CONFLICTS] + v[MET_SST_CONFLICTS]), "wavefronts",
            "extra passes over the ideal");
    }
    if (v[MET_CLD_REQ])
        row(out, "constant memory", num(b, sizeof b, "%.2f", ratio(v[MET_CLD_SERIAL], v[MET_CLD_REQ])),
            "accesses/request", "serialized; ideal 1 (every lane the same address)");
    if (v[MET_L1_LOOKUP] || v[MET_L2_LOOKUP]) {
        row(out, "L1 hit rate", num(b, sizeof b, "%.1f", v[MET_L1_HIT_PCT]), "%", NULL);
        row(out, "L2 hit rate", num(b, sizeof b, "%.1f", v[MET_L2_HIT_PCT]), "%", NULL);
        row(out, "DRAM traffic", num(b, sizeof b, "%.0f", v[MET_DRAM_BYTES]), "bytes", NULL);
    }
}

static void text_launch(const simt_model *m, FILE *out, uint32_t i)
{
    const simt_launch_rec *r = &m->launches[i];
    simt_metric ms[SIMT_NMETRICS];
    double v[SIMT_NMETRICS];
    simt_stats_metrics(m, i, ms);
    for (int k = 0; k < SIMT_NMETRICS; k++)
        v[k] = ms[k].value;
    char b[48];
    fprintf(out, "== launch %u: %s <<<(%u,%u,%u), (%u,%u,%u)>>>, %d registers/thread\n", i,
            kernel_name(m, r), r->grid[0], r->grid[1], r->grid[2], r->block[0], r->block[1],
            r->block[2], r->regs);
    row(out, "SIMT efficiency", num(b, sizeof b, "%.1f", 100.0 * v[MET_LANES_PER_INST] / r->warp_size),
        "%", "%.1f of %u lanes active; %.0f warp instructions, %.0f divergent branches",
        v[MET_LANES_PER_INST], r->warp_size, v[MET_INST], v[MET_DIV_BRANCHES]);
    text_memory(out, v);
    if (r->occ_ok)
        row(out, "occupancy", num(b, sizeof b, "%.1f", v[MET_OCC_PCT]), "% theoretical",
            "%d blocks/SM, limited by %s; %.1f %% achieved", r->occ.blocks_per_sm,
            simt_occupancy_limiter_name(r->occ.limiter), v[MET_ACHIEVED_OCC]);
    row(out, "estimated time", num(b, sizeof b, "%.0f", v[MET_CYCLES]), "cycles",
        "%.2f us at %d MHz; IPC %.2f warp instructions/cycle/SM", v[MET_DURATION] / 1000.0,
        m->dev->clock_khz / 1000, v[MET_IPC]);
    double share;
    const char *why = top_stall(ms, &share);
    if (why) {
        const char *gloss = simt_stall_gloss(why);
        fprintf(out, "  %-18s %s (%.0f %% of stalled warp cycles)%s%s\n", "top stall reason",
                why, share, gloss ? ": " : "", gloss ? gloss : "");
    }
}

/* Prints source line `line` (1-based) of the module, trimmed. */
static void put_source_line(const simt_module *mod, FILE *out, uint32_t line)
{
    const char *s = mod->source;
    for (uint32_t l = 1; s && *s && l < line; s++)
        if (*s == '\n')
            l++;
    if (!s)
        return;
    while (*s == ' ' || *s == '\t')
        s++;
    const char *e = strchr(s, '\n');
    int len = e ? (int)(e - s) : (int)strlen(s);
    fprintf(out, "  %.*s", len > 60 ? 60 : len, s);
}

#define TOP_LINES 5

/* Warps launched, all launches: what a line's warp cycles are divided by. */
static uint64_t warps_launched(const simt_model *m)
{
    uint64_t n = 0;
    for (uint32_t i = 0; i < m->nlaunches; i++) {
        const simt_launch_rec *r = &m->launches[i];
        uint64_t threads = (uint64_t)r->block[0] * r->block[1] * r->block[2];
        uint64_t w = r->warp_size ? r->warp_size : 32;
        n += (uint64_t)r->grid[0] * r->grid[1] * r->grid[2] * ((threads + w - 1) / w);
    }
    return n;
}

static void text_lines(const simt_model *m, FILE *out)
{
    uint32_t top[TOP_LINES];
    int ntop = 0;
    uint64_t total = 0;
    for (uint32_t l = 1; l < m->nlines; l++) {
        uint64_t cost = m->lines[l].inst + m->lines[l].stall;
        total += cost;
        if (!cost)
            continue;
        int k = ntop < TOP_LINES ? ntop++ : TOP_LINES;
        while (k > 0 && m->lines[top[k - 1]].inst + m->lines[top[k - 1]].stall < cost) {
            if (k < TOP_LINES)
                top[k] = top[k - 1];
            k--;
        }
        if (k < TOP_LINES)
            top[k] = l;
    }
    if (!ntop)
        return;
    uint64_t warps = warps_launched(m);
    fputs("== most expensive source lines, all launches (issue + stall cycles of every warp;\n"
          "   per warp: divided by the warps launched; share: of all warp cycles)\n", out);
    fprintf(out, "  %-24s %14s %12s %7s  %-38s  %s\n", "line", "warp cycles", "per warp",
            "share", "memory", "source");
    for (int k = 0; k < ntop; k++) {
        const simt_line_cost *lc = &m->lines[top[k]];
        uint64_t cost = lc->inst + lc->stall;
        char where[256], mem[96] = "";
        snprintf(where, sizeof where, "%s:%u", m->mod->source_name ? m->mod->source_name : "?",
                 top[k]);
        int n = 0;
        if (lc->greq)
            n += snprintf(mem + n, sizeof mem - (size_t)n, "%.2f sectors/request",
                          ratio((double)lc->gsect, (double)lc->greq));
        if (lc->sinst && n < (int)sizeof mem)
            snprintf(mem + n, sizeof mem - (size_t)n, "%s%llu bank conflicts", n ? ", " : "",
                     (unsigned long long)(lc->swf - lc->sideal));
        fprintf(out, "  %-24s %14llu %12.1f %6.1f%%  %-38s", where, (unsigned long long)cost,
                warps ? (double)cost / (double)warps : 0.0, pct((double)cost, (double)total), mem[0] ? mem : "-");
        put_source_line(m->mod, out, top[k]);
        fputc('\n', out);
    }
}

int simt_stats_write(const simt_model *m, FILE *out, const char *format)
{
    if (!format || !strcmp(format, "text") || !strcmp(format, "explain")) {
        for (uint32_t i = 0; i < m->nlaunches; i++)
            text_launch(m, out, i);
        text_lines(m, out);
        if (m->failed)
            fputs("simtvm: warning: the model ran out of memory; statistics are incomplete\n", out);
        if (format && !strcmp(format, "explain"))
            simt_stats_explain(out);
    } else if (!strcmp(format, "json")) {
        write_json(m, out);
    } else if (!strcmp(format, "csv")) {
        write_csv(m, out);
    } else {
        return -1;
    }
    return fflush(out) == 0 && !ferror(out) ? 0 : -1;
}
