/* runtime/stats.c -- the statistics of every launch (SPEC 5.4): one list of
 * metrics per launch, with Nsight Compute's names where it has the same
 * counter and simtvm__ names otherwise, written as JSON, as CSV in ncu's long
 * layout, or as a short text report for people. */
#include <stdarg.h>
#include <math.h>
#include <string.h>

#include "runtime/model.h"
#include "runtime/stats_explain.h"

typedef struct metric {
    const char *name;
    const char *unit;
    double value;
} metric;

#define MAX_METRICS 96

static double ratio(uint64_t num, uint64_t den)
{
    return den ? (double)num / (double)den : 0.0;
}

static double pct(uint64_t num, uint64_t den)
{
    return den ? 100.0 * (double)num / (double)den : 0.0;
}

static uint64_t stall_total(const simt_launch_rec *r)
{
    uint64_t s = 0;
    for (int k = CNT_STALL_LONG_SB; k <= CNT_STALL_MEM_THROTTLE; k++)
        s += r->c[k];
    return s;
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

/* The metrics of one launch, in the order they are printed; returns their count. */
static int launch_metrics(const simt_model *m, const simt_launch_rec *r, metric *out)
{
    const uint64_t *c = r->c;
    int n = 0;
#define M(nm, un, v) (out[n++] = (metric){nm, un, (double)(v)})
    M("launch__grid_size", "block", (uint64_t)r->grid[0] * r->grid[1] * r->grid[2]);
    M("launch__block_size", "thread", (uint64_t)r->block[0] * r->block[1] * r->block[2]);
    M("launch__registers_per_thread", "register/thread", r->regs);
    M("launch__shared_mem_per_block", "byte/block", r->shared_bytes);
    M("smsp__inst_executed.sum", "inst", c[CNT_INST]);
    M("smsp__thread_inst_executed.sum", "inst", c[CNT_THREAD_INST]);
    M("smsp__thread_inst_executed_per_inst_executed.ratio", "",
      ratio(c[CNT_THREAD_INST], c[CNT_INST]));
    M("simtvm__simt_efficiency.pct", "%",
      c[CNT_INST] ? 100.0 * ratio(c[CNT_THREAD_INST], c[CNT_INST]) / r->warp_size : 0.0);
    M("simtvm__branches.sum", "inst", c[CNT_BRANCH]);
    M("simtvm__divergent_branches.sum", "inst", c[CNT_DIV_BRANCH]);
    M("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "request", c[CNT_GLD_REQ]);
    M("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "sector", c[CNT_GLD_SECT]);
    M("l1tex__t_requests_pipe_lsu_mem_global_op_st.sum", "request", c[CNT_GST_REQ]);
    M("l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum", "sector", c[CNT_GST_SECT]);
    M("l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum", "request", c[CNT_GATOM_REQ]);
    M("l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum", "sector", c[CNT_GATOM_SECT]);
    M("smsp__sass_inst_executed_op_global_ld.sum", "inst", c[CNT_GLD_REQ]);
    M("smsp__sass_inst_executed_op_global_st.sum", "inst", c[CNT_GST_REQ]);
    M("simtvm__atomic_serialization.sum", "access", c[CNT_ATOM_SERIAL]);
    M("l1tex__t_requests_pipe_lsu_mem_local_op_ld.sum", "request", c[CNT_LLD_REQ]);
    M("l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum", "sector", c[CNT_LLD_SECT]);
    M("l1tex__t_requests_pipe_lsu_mem_local_op_st.sum", "request", c[CNT_LST_REQ]);
    M("l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum", "sector", c[CNT_LST_SECT]);
    M("smsp__sass_inst_executed_op_shared_ld.sum", "inst", c[CNT_SLD_INST]);
    M("smsp__sass_inst_executed_op_shared_st.sum", "inst", c[CNT_SST_INST]);
    M("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "", c[CNT_SLD_WF]);
    M("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", "", c[CNT_SST_WF]);
    M("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", "",
      c[CNT_SLD_WF] - c[CNT_SLD_IDEAL]);
    M("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", "",
      c[CNT_SST_WF] - c[CNT_SST_IDEAL]);
    M("simtvm__shared_atomic_inst.sum", "inst", c[CNT_SATOM_INST]);
    M("simtvm__shared_atomic_wavefronts.sum", "", c[CNT_SATOM_WF]);
    M("simtvm__const_requests.sum", "request", c[CNT_CLD_REQ]);
    M("simtvm__const_serialized_accesses.sum", "access", c[CNT_CLD_SERIAL]);
    M("l1tex__t_sectors_lookup.sum", "sector", c[CNT_L1_LOOKUP]);
    M("l1tex__t_sector_hit_rate.pct", "%", pct(c[CNT_L1_HIT], c[CNT_L1_LOOKUP]));
    M("lts__t_sectors.sum", "sector", c[CNT_L2_LOOKUP]);
    M("lts__t_sector_hit_rate.pct", "%", pct(c[CNT_L2_HIT], c[CNT_L2_LOOKUP]));
    M("dram__bytes.sum", "byte", c[CNT_DRAM_BYTES]);
    M("simtvm__barriers.sum", "", c[CNT_BARRIERS]);
    M("sm__maximum_warps_per_active_cycle_pct", "%", r->occ_ok ? r->occ.occupancy_pct : 0.0);
    M("launch__occupancy_limit_warps", "block", occ_limit(m, r, OCC_THREADS));
    M("launch__occupancy_limit_blocks", "block", occ_limit(m, r, OCC_BLOCKS));
    M("launch__occupancy_limit_registers", "block", occ_limit(m, r, OCC_REGISTERS));
    M("launch__occupancy_limit_shared_mem", "block", occ_limit(m, r, OCC_SHARED));
    M("sm__warps_active.avg.pct_of_peak_sustained_active", "%", r->achieved_occ_pct);
    M("sm__cycles_elapsed.max", "cycle", r->cycles);
    M("gpu__time_duration.sum", "ns", duration_ns(m, r));
    M("sm__inst_executed.avg.per_cycle_active", "inst/cycle",
      r->sms_used ? (double)c[CNT_INST] / r->sms_used / (double)r->cycles : 0.0);
    M("simtvm__latency_bound_cycles", "cycle", r->latency_cycles);
    M("simtvm__issue_bound_cycles", "cycle", r->issue_cycles);
    M("simtvm__l1_wavefront_bound_cycles", "cycle", r->mem_cycles);
    M("simtvm__dram_bound_cycles", "cycle", r->dram_cycles);
#define X(e, s) \
    if (CNT_##e >= CNT_STALL_LONG_SB) \
        M("simtvm__stall_" s ".sum", "warp cycle", c[CNT_##e]);
    SIMT_COUNTERS(X)
#undef X
#undef M
    return n;
}

/* Writes v as JSON / CSV want it: integers without a fraction. */
static void put_number(FILE *out, double v)
{
    if (!isfinite(v))
        fputs("0", out);
    else if (v == floor(v) && fabs(v) < 9e15)
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

static void write_json(const simt_model *m, FILE *out)
{
    metric ms[MAX_METRICS];
    fputs("{\"launches\":[", out);
    for (uint32_t i = 0; i < m->nlaunches; i++) {
        const simt_launch_rec *r = &m->launches[i];
        fputs(i ? ",\n{\"kernel\":" : "\n{\"kernel\":", out);
        put_json_string(out, m->mod->funcs[r->kernel].name);
        fprintf(out, ",\"grid\":[%u,%u,%u],\"block\":[%u,%u,%u],\"metrics\":{", r->grid[0],
                r->grid[1], r->grid[2], r->block[0], r->block[1], r->block[2]);
        int n = launch_metrics(m, r, ms);
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
    metric ms[MAX_METRICS];
    fputs("\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n", out);
    for (uint32_t i = 0; i < m->nlaunches; i++) {
        const simt_launch_rec *r = &m->launches[i];
        int n = launch_metrics(m, r, ms);
        for (int k = 0; k < n; k++) {
            fprintf(out, "\"%u\",\"%s\",\"%s\",\"%s\",\"", i, m->mod->funcs[r->kernel].name,
                    ms[k].name, ms[k].unit);
            put_number(out, ms[k].value);
            fputs("\"\n", out);
        }
    }
}

/* ---- text: for people ---- */

static const char *top_stall(const simt_launch_rec *r, double *share)
{
    static const char *const names[] = {
#define X(e, s) s,
        SIMT_COUNTERS(X)
#undef X
    };
    int best = CNT_STALL_LONG_SB;
    for (int k = CNT_STALL_LONG_SB; k <= CNT_STALL_MEM_THROTTLE; k++)
        if (r->c[k] > r->c[best])
            best = k;
    *share = pct(r->c[best], stall_total(r));
    return r->c[best] ? names[best] : NULL;
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

static void text_launch(const simt_model *m, FILE *out, uint32_t i)
{
    const simt_launch_rec *r = &m->launches[i];
    const uint64_t *c = r->c;
    char v[48];
    fprintf(out, "== launch %u: %s <<<(%u,%u,%u), (%u,%u,%u)>>>, %d registers/thread\n", i,
            m->mod->funcs[r->kernel].name, r->grid[0], r->grid[1], r->grid[2], r->block[0],
            r->block[1], r->block[2], r->regs);
    double lanes = ratio(c[CNT_THREAD_INST], c[CNT_INST]);
    row(out, "SIMT efficiency", num(v, sizeof v, "%.1f", 100.0 * lanes / r->warp_size), "%",
        "%.1f of %u lanes active; %llu warp instructions, %llu divergent branches", lanes,
        r->warp_size, (unsigned long long)c[CNT_INST], (unsigned long long)c[CNT_DIV_BRANCH]);
    if (c[CNT_GLD_REQ])
        row(out, "global loads", num(v, sizeof v, "%.2f", ratio(c[CNT_GLD_SECT], c[CNT_GLD_REQ])),
            "sectors/request", "%llu requests; ideal 4 for 32 lanes x 4 bytes",
            (unsigned long long)c[CNT_GLD_REQ]);
    if (c[CNT_GST_REQ])
        row(out, "global stores", num(v, sizeof v, "%.2f", ratio(c[CNT_GST_SECT], c[CNT_GST_REQ])),
            "sectors/request", "%llu requests", (unsigned long long)c[CNT_GST_REQ]);
    if (c[CNT_GATOM_REQ])
        row(out, "global atomics",
            num(v, sizeof v, "%.2f", ratio(c[CNT_ATOM_SERIAL], c[CNT_GATOM_REQ])),
            "lanes/address", "on the busiest address per request; %llu requests",
            (unsigned long long)c[CNT_GATOM_REQ]);
    if (c[CNT_LLD_REQ] || c[CNT_LST_REQ])
        row(out, "local memory", num(v, sizeof v, "%.0f", (double)(c[CNT_LLD_REQ] + c[CNT_LST_REQ])),
            "requests", "%llu loads, %llu stores (spills or local arrays)",
            (unsigned long long)c[CNT_LLD_REQ], (unsigned long long)c[CNT_LST_REQ]);
    if (c[CNT_SLD_INST] || c[CNT_SST_INST]) {
        row(out, "shared loads", num(v, sizeof v, "%.2f", ratio(c[CNT_SLD_WF], c[CNT_SLD_INST])),
            "wavefronts/request", "ideal 1");
        row(out, "shared stores", num(v, sizeof v, "%.2f", ratio(c[CNT_SST_WF], c[CNT_SST_INST])),
            "wavefronts/request", "ideal 1");
        row(out, "bank conflicts",
            num(v, sizeof v, "%.0f", (double)(c[CNT_SLD_WF] - c[CNT_SLD_IDEAL] + c[CNT_SST_WF] -
                                              c[CNT_SST_IDEAL])),
            "wavefronts", "extra passes over the ideal");
    }
    if (c[CNT_CLD_REQ])
        row(out, "constant memory", num(v, sizeof v, "%.2f", ratio(c[CNT_CLD_SERIAL], c[CNT_CLD_REQ])),
            "accesses/request", "serialized; ideal 1 (every lane the same address)");
    if (c[CNT_L1_LOOKUP] || c[CNT_L2_LOOKUP]) {
        row(out, "L1 hit rate", num(v, sizeof v, "%.1f", pct(c[CNT_L1_HIT], c[CNT_L1_LOOKUP])), "%",
            NULL);
        row(out, "L2 hit rate", num(v, sizeof v, "%.1f", pct(c[CNT_L2_HIT], c[CNT_L2_LOOKUP])), "%",
            NULL);
        row(out, "DRAM traffic", num(v, sizeof v, "%.0f", (double)c[CNT_DRAM_BYTES]), "bytes", NULL);
    }
    if (r->occ_ok)
        row(out, "occupancy", num(v, sizeof v, "%.1f", r->occ.occupancy_pct), "% theoretical",
            "%d blocks/SM, limited by %s; %.1f %% achieved", r->occ.blocks_per_sm,
            simt_occupancy_limiter_name(r->occ.limiter), r->achieved_occ_pct);
    row(out, "estimated time", num(v, sizeof v, "%.0f", (double)r->cycles), "cycles",
        "%.2f us at %d MHz; IPC %.2f warp instructions/cycle/SM", duration_ns(m, r) / 1000.0,
        m->dev->clock_khz / 1000,
        r->sms_used ? (double)c[CNT_INST] / r->sms_used / (double)r->cycles : 0.0);
    double share;
    const char *why = top_stall(r, &share);
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
                          ratio(lc->gsect, lc->greq));
        if (lc->sinst && n < (int)sizeof mem)
            snprintf(mem + n, sizeof mem - (size_t)n, "%s%llu bank conflicts", n ? ", " : "",
                     (unsigned long long)(lc->swf - lc->sideal));
        fprintf(out, "  %-24s %14llu %12.1f %6.1f%%  %-38s", where, (unsigned long long)cost,
                warps ? (double)cost / (double)warps : 0.0, pct(cost, total), mem[0] ? mem : "-");
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
