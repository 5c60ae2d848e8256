/* runtime/report_html.c -- the --report page: one self-contained HTML file
 * (inline CSS and SVG, no script, nothing fetched), one section per launch:
 *   - the summary numbers and the occupancy calculation, step by step;
 *   - the kernel's source, annotated per line, the costliest lines marked;
 *   - a timeline of the focus block: one row per warp, one thin strip per
 *     lane, blue while the lane issues with its whole warp, orange while it
 *     issues in a group that is only part of the warp (divergence), red ticks
 *     where a branch split a group and green ticks where groups rejoined;
 *   - for the line with the most bank conflicts, which bank each lane of its
 *     worst access hit.
 * The numbers come from the model's launch record (runtime/model.h) and the
 * collector (report.c).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/report_data.h"

#define TL_COLS 300             /* timeline columns */
#define TL_COLW 3               /* pixels per column */
#define TL_LEFT 70              /* room for the warp labels */
#define MAX_TABLE_LINES 400

static const char *const COUNTER_NAMES[] = {
#define X(e, s) s,
    SIMT_COUNTERS(X)
#undef X
};

static const char STYLE[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:20px;color:#222;max-width:1400px}"
    "h1{font-size:22px}h2{font-size:18px;border-top:2px solid #ccc;padding-top:12px}"
    "h3{font-size:15px;margin-bottom:4px}"
    "table{border-collapse:collapse;margin:6px 0}td,th{padding:2px 8px;text-align:right}"
    "th{background:#eee;font-weight:600}"
    "table.summary td:first-child,table.occ td:first-child{text-align:left}"
    "table.lines{font-size:12px}"
    "table.lines td.src{text-align:left;font-family:monospace;white-space:pre}"
    "table.lines tr.idle td{color:#aaa}"
    "table.lines tr.worst td.src{font-weight:bold}"
    "table.lines tr.worst{outline:2px solid #c0392b}"
    "span.tag{background:#c0392b;color:#fff;border-radius:3px;padding:0 4px;font-size:11px;"
    "margin-left:6px;font-family:system-ui,sans-serif}"
    ".note{color:#555;font-size:13px}"
    "code{background:#f4f4f4;padding:0 3px}"
    "svg text{font:11px system-ui,sans-serif}";

static void esc(FILE *f, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        switch (s[i]) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\t': fputs("    ", f); break;
        default: fputc(s[i], f); break;
        }
    }
}

static void esc_str(FILE *f, const char *s)
{
    esc(f, s, strlen(s));
}

static double ratio(uint64_t a, uint64_t b)
{
    return b ? (double)a / (double)b : 0.0;
}

static const simt_launch_rec *record(const simt_report *r, const rep_launch *l)
{
    return l->have_model && l->model_index < r->model->nlaunches
               ? &r->model->launches[l->model_index] : NULL;
}

/* ---- summary and occupancy ---- */

static void row(FILE *f, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void row(FILE *f, const char *name, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(f, "<tr><td>%s</td><td>", name);
    vfprintf(f, fmt, ap);
    fputs("</td></tr>\n", f);
    va_end(ap);
}

static void summary(FILE *f, const simt_report *r, const simt_launch_rec *rec)
{
    const uint64_t *c = rec->c;
    const char *bound = "latency (dependent instructions wait)";
    uint64_t most = rec->latency_cycles;
    if (rec->issue_cycles > most)
        most = rec->issue_cycles, bound = "issue slots (too many instructions)";
    if (rec->mem_cycles > most)
        most = rec->mem_cycles, bound = "L1 / shared-memory wavefronts";
    if (rec->dram_cycles > most)
        bound = "DRAM bandwidth";
    int top = -1;
    uint64_t stall = 0, stalls = 0;
    for (int k = CNT_STALL_LONG_SB; k <= CNT_STALL_MEM_THROTTLE; k++) {
        stalls += c[k];
        if (c[k] > stall)
            stall = c[k], top = k;
    }
    uint64_t swf = c[CNT_SLD_WF] + c[CNT_SST_WF], sideal = c[CNT_SLD_IDEAL] + c[CNT_SST_IDEAL];
    fputs("<table class=\"summary\">\n", f);
    row(f, "estimated time", "%llu cycles = %.2f &micro;s at %.0f MHz",
        (unsigned long long)rec->cycles, (double)rec->cycles / (r->dev->clock_khz / 1000.0),
        r->dev->clock_khz / 1000.0);
    row(f, "bound by", "%s", bound);
    row(f, "warp instructions", "%llu", (unsigned long long)c[CNT_INST]);
    row(f, "SIMT efficiency", "%.1f%% (active lanes per warp instruction / %u)",
        100.0 * ratio(c[CNT_THREAD_INST], c[CNT_INST]) / (rec->warp_size ? rec->warp_size : 32),
        rec->warp_size);
    row(f, "divergent branches", "%llu of %llu", (unsigned long long)c[CNT_DIV_BRANCH],
        (unsigned long long)c[CNT_BRANCH]);
    row(f, "global loads", "%llu requests, %.2f sectors/request (4 is ideal for 4-byte lanes)",
        (unsigned long long)c[CNT_GLD_REQ], ratio(c[CNT_GLD_SECT], c[CNT_GLD_REQ]));
    row(f, "global stores", "%llu requests, %.2f sectors/request",
        (unsigned long long)c[CNT_GST_REQ], ratio(c[CNT_GST_SECT], c[CNT_GST_REQ]));
    row(f, "shared memory", "%llu instructions, %llu wavefronts, %llu bank conflicts",
        (unsigned long long)(c[CNT_SLD_INST] + c[CNT_SST_INST]), (unsigned long long)swf,
        (unsigned long long)(swf - sideal));
    row(f, "L1 / L2 hit rate", "%.1f%% / %.1f%%", 100 * ratio(c[CNT_L1_HIT], c[CNT_L1_LOOKUP]),
        100 * ratio(c[CNT_L2_HIT], c[CNT_L2_LOOKUP]));
    row(f, "DRAM traffic", "%llu bytes", (unsigned long long)c[CNT_DRAM_BYTES]);
    row(f, "barriers", "%llu", (unsigned long long)c[CNT_BARRIERS]);
    if (top >= 0)
        row(f, "top stall reason", "%s (%.0f%% of %llu stall cycles)", COUNTER_NAMES[top],
            100 * ratio(stall, stalls), (unsigned long long)stalls);
    row(f, "achieved occupancy", "%.1f%%", rec->achieved_occ_pct);
    fputs("</table>\n", f);
}

/* A resource the block does not use (no shared memory) sets no limit; any
 * other prints its figure, even above the block slots. */
static void limit_cell(FILE *f, const simt_report *r, int v)
{
    (void)r;
    if (v == INT32_MAX)
        fprintf(f, "<td>no limit</td>");
    else
        fprintf(f, "<td>%d</td>", v);
}

static void occupancy(FILE *f, const simt_report *r, const simt_launch_rec *rec)
{
    static const char *const names[OCC_NLIMITS] = {"warps", "blocks", "registers",
                                                    "shared memory"};
    const simt_occupancy *o = &rec->occ;
    const simt_device_profile *d = r->dev;
    fputs("<h3>Occupancy</h3>\n", f);
    if (!rec->occ_ok) {
        fputs("<p>The block does not fit on one SM.</p>\n", f);
        return;
    }
    fputs("<table class=\"occ\"><tr><th>resource</th><th>one block needs</th>"
          "<th>one SM has</th><th>blocks per SM</th></tr>\n", f);
    fprintf(f, "<tr><td>warps</td><td>%d</td><td>%d</td>", o->warps_per_block,
            d->max_warps_per_sm);
    limit_cell(f, r, o->limit[OCC_THREADS]);
    fprintf(f, "</tr>\n<tr><td>block slots</td><td>1</td><td>%d</td>", d->max_blocks_per_sm);
    limit_cell(f, r, o->limit[OCC_BLOCKS]);
    fprintf(f, "</tr>\n<tr><td>registers (%d per thread)</td><td>%d</td><td>%d</td>", rec->regs,
            o->regs_per_block, d->regs_per_sm);
    limit_cell(f, r, o->limit[OCC_REGISTERS]);
    fprintf(f, "</tr>\n<tr><td>shared memory</td><td>%llu B</td><td>%d B</td>",
            (unsigned long long)o->smem_per_block, d->smem_per_sm);
    limit_cell(f, r, o->limit[OCC_SHARED]);
    fprintf(f, "</tr></table>\n<p>blocks per SM = the smallest of these = <b>%d</b> (limited by "
            "%s); warps per SM = %d &times; %d = %d of %d: theoretical occupancy <b>%.1f%%</b>,"
            " achieved %.1f%%.</p>\n", o->blocks_per_sm, names[o->limiter], o->blocks_per_sm,
            o->warps_per_block, o->warps_per_sm, d->max_warps_per_sm, o->occupancy_pct,
            rec->achieved_occ_pct);
}

/* ---- the annotated source ---- */

typedef struct line_view {
    uint32_t line;
    double eff, spr;            /* SIMT efficiency %, sectors per request */
    uint64_t conflicts, stall;
    const char *why;            /* tag of a worst line, or NULL */
} line_view;

static void mark_worst(line_view *v, uint32_t n, double (*key)(const line_view *),
                       double least, const char *why, int count)
{
    for (int k = 0; k < count; k++) {
        int best = -1;
        for (uint32_t i = 0; i < n; i++)
            if (!v[i].why && key(&v[i]) > least && (best < 0 || key(&v[i]) > key(&v[best])))
                best = (int)i;
        if (best < 0)
            return;
        v[best].why = why;
    }
}

static double key_stall(const line_view *v) { return (double)v->stall; }
static double key_conflicts(const line_view *v) { return (double)v->conflicts; }
static double key_divergence(const line_view *v) { return v->eff > 0 ? 100.0 - v->eff : 0; }
static double key_sectors(const line_view *v) { return v->spr; }

static void heat(FILE *f, double level, const char *rgb)
{
    if (level > 1)
        level = 1;
    if (level > 0.02)
        fprintf(f, " style=\"background:rgba(%s,%.2f)\"", rgb, 0.15 + 0.6 * level);
}

static void lines_table(FILE *f, const simt_report *r, const rep_launch *l, unsigned width)
{
    uint32_t lo = 0, hi = 0, executed = 0;
    for (uint32_t k = 1; k < r->nlines; k++)
        if (l->lines[k].inst) {
            lo = lo ? lo : k;
            hi = k;
            executed++;
        }
    fputs("<h3>Source, per line</h3>\n", f);
    if (!executed) {
        fputs("<p>No instruction of this launch has a source line.</p>\n", f);
        return;
    }
    int dense = hi - lo < MAX_TABLE_LINES;
    line_view *v = calloc(hi - lo + 1, sizeof *v);
    if (!v)
        return;
    uint32_t n = 0;
    uint64_t max_stall = 1, max_conf = 1;
    for (uint32_t k = lo; k <= hi; k++) {
        const rep_line *x = &l->lines[k];
        const simt_line_cost *m = &l->mlines[k];
        if (!dense && !x->inst)
            continue;
        line_view *e = &v[n++];
        e->line = k;
        e->eff = x->inst ? 100.0 * ratio(x->thread_inst, x->inst) / width : 0;
        e->spr = ratio(m->gsect, m->greq);
        e->conflicts = m->swf - m->sideal;
        e->stall = m->stall;
        max_stall = e->stall > max_stall ? e->stall : max_stall;
        max_conf = e->conflicts > max_conf ? e->conflicts : max_conf;
    }
    mark_worst(v, n, key_conflicts, 0, "bank conflicts", 1);
    mark_worst(v, n, key_sectors, 4.5, "uncoalesced", 1);
    mark_worst(v, n, key_divergence, 10, "divergence", 1);
    mark_worst(v, n, key_stall, 0, "stalls", 2);
    fputs("<table class=\"lines\"><tr><th>line</th><th>source</th><th>warp inst</th>"
          "<th>SIMT eff.</th><th>divergent branches</th><th>sectors / request</th>"
          "<th>bank conflicts</th><th>stall cycles</th></tr>\n", f);
    for (uint32_t i = 0; i < n; i++) {
        const line_view *e = &v[i];
        const rep_line *x = &l->lines[e->line];
        size_t len;
        const char *text = simt_srclines_get(&r->src, e->line, &len);
        fprintf(f, "<tr class=\"%s\" data-line=\"%u\"><td>%u</td><td class=\"src\">",
                e->why ? "worst" : x->inst ? "run" : "idle", e->line, e->line);
        esc(f, text, len);
        if (e->why)
            fprintf(f, "<span class=\"tag\">%s</span>", e->why);
        fputs("</td>", f);
        if (!x->inst) {
            fputs("<td></td><td></td><td></td><td></td><td></td><td></td></tr>\n", f);
            continue;
        }
        fprintf(f, "<td>%llu</td><td", (unsigned long long)x->inst);
        heat(f, (100.0 - e->eff) / 75.0, "230,126,34");
        fprintf(f, ">%.0f%%</td><td>", e->eff);
        if (x->branch)
            fprintf(f, "%llu / %llu", (unsigned long long)x->div, (unsigned long long)x->branch);
        fputs("</td><td", f);
        if (e->spr > 0) {
            heat(f, (e->spr - 4.0) / 28.0, "142,68,173");
            fprintf(f, ">%.1f", e->spr);
        } else {
            fputs(">", f);
        }
        fputs("</td><td", f);
        heat(f, (double)e->conflicts / (double)max_conf, "192,57,43");
        if (e->conflicts || l->mlines[e->line].sinst)
            fprintf(f, ">%llu", (unsigned long long)e->conflicts);
        else
            fputs(">", f);
        fputs("</td><td", f);
        heat(f, (double)e->stall / (double)max_stall, "192,57,43");
        fprintf(f, ">%llu</td></tr>\n", (unsigned long long)e->stall);
    }
    fputs("</table>\n", f);
    free(v);
}

/* ---- the warp timeline ---- */

static unsigned lanes_of(const rep_launch *l)
{
    uint32_t seen = 0;
    for (uint32_t w = 0; w < l->nwarps; w++)
        seen |= l->warps[w].seen;
    unsigned width = 4;
    while (width < 32 && (seen >> width))
        width *= 2;
    return width;
}

/* Per column: the lanes that issued with the whole warp, and in a part of it. */
static void warp_columns(const rep_launch *l, const rep_warp *w, uint32_t *full,
                         uint32_t *part)
{
    uint64_t span = l->tend > l->tstart ? l->tend - l->tstart : 1;
    memset(full, 0, TL_COLS * sizeof *full);
    memset(part, 0, TL_COLS * sizeof *part);
    for (uint32_t s = 0; s < w->nseg; s++) {
        const rep_seg *g = &w->seg[s];
        uint64_t c0 = (g->t0 - l->tstart) * TL_COLS / span;
        uint64_t c1 = (g->t1 - 1 - l->tstart) * TL_COLS / span;
        for (uint64_t c = c0; c <= c1 && c < TL_COLS; c++) {
            if (g->mask == w->seen)
                full[c] |= g->mask;
            else
                part[c] |= g->mask;
        }
    }
}

static void lane_strips(FILE *f, const uint32_t *full, const uint32_t *part, unsigned lane,
                        int y, int h)
{
    static const char *const fill[] = {NULL, "#2b6cb0", "#e67e22"};
    int run_state = 0, run_start = 0;
    for (int c = 0; c <= TL_COLS; c++) {
        int st = 0;
        if (c < TL_COLS)
            st = (part[c] >> lane & 1) ? 2 : (full[c] >> lane & 1) ? 1 : 0;
        if (st == run_state)
            continue;
        if (run_state)
            fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>",
                    TL_LEFT + run_start * TL_COLW, y, (c - run_start) * TL_COLW, h,
                    fill[run_state]);
        run_state = st;
        run_start = c;
    }
}

static void timeline(FILE *f, const simt_report *r, const rep_launch *l, unsigned width)
{
    (void)r;
    uint64_t fx = l->focus % l->grid[0], fy = l->focus / l->grid[0] % l->grid[1];
    uint64_t fz = l->focus / ((uint64_t)l->grid[0] * l->grid[1]);
    fprintf(f, "<h3>Warps of block (%llu,%llu,%llu) over time</h3>\n", (unsigned long long)fx,
            (unsigned long long)fy, (unsigned long long)fz);
    if (!l->have_focus || !l->nwarps) {
        fputs("<p>The block issued nothing.</p>\n", f);
        return;
    }
    int lh = l->nwarps <= 8 ? 2 : 1, rowh = (int)width * lh, gap = 10;
    int h = 30 + (int)l->nwarps * (rowh + gap), wpx = TL_LEFT + TL_COLS * TL_COLW + 10;
    uint64_t span = l->tend > l->tstart ? l->tend - l->tstart : 1;
    fprintf(f, "<p class=\"note\">One row per warp, one strip per lane (lane 0 on top); x: "
            "model cycles %llu to %llu.  <span style=\"color:#2b6cb0\">&#9632;</span> issuing "
            "with the whole warp, <span style=\"color:#e67e22\">&#9632;</span> issuing in a "
            "group that is only part of the warp (the others wait: divergence), "
            "<span style=\"color:#c0392b\">|</span> a branch split a group, "
            "<span style=\"color:#27ae60\">|</span> groups rejoined; white: waiting.</p>\n",
            (unsigned long long)l->tstart, (unsigned long long)l->tend);
    fprintf(f, "<svg class=\"timeline\" data-warps=\"%u\" width=\"%d\" height=\"%d\" "
            "xmlns=\"http://www.w3.org/2000/svg\">\n", l->nwarps, wpx, h);
    for (int k = 0; k <= 4; k++) {
        int x = TL_LEFT + k * TL_COLS * TL_COLW / 4;
        /* the last label ends at its tick so it stays inside the picture */
        fprintf(f, "<line x1=\"%d\" y1=\"14\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>"
                "<text x=\"%d\" y=\"11\" text-anchor=\"%s\">%llu</text>\n", x, x, h, x,
                k == 4 ? "end" : "middle", (unsigned long long)(l->tstart + span * (uint64_t)k / 4));
    }
    uint32_t full[TL_COLS], part[TL_COLS];
    for (uint32_t w = 0; w < l->nwarps; w++) {
        const rep_warp *rw = &l->warps[w];
        int y = 24 + (int)w * (rowh + gap);
        fprintf(f, "<g class=\"warp-row\" data-warp=\"%u\"><text x=\"4\" y=\"%d\">warp %u</text>"
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                "stroke=\"#bbb\"/>", w, y + rowh / 2 + 4, w, TL_LEFT, y, TL_COLS * TL_COLW, rowh);
        warp_columns(l, rw, full, part);
        for (unsigned lane = 0; lane < width; lane++)
            lane_strips(f, full, part, lane, y + (int)lane * lh, lh);
        /* One tick per column and kind is enough to see where it happens. */
        uint8_t drawn[TL_COLS] = {0};
        for (uint32_t k = 0; k < l->nmarks; k++) {
            const rep_mark *m = &l->marks[k];
            if (m->warp != w)
                continue;
            uint64_t c = (m->t - l->tstart) * TL_COLS / span;
            if (c >= TL_COLS || drawn[c] & (1u << m->kind))
                continue;
            drawn[c] |= (uint8_t)(1u << m->kind);
            int x = TL_LEFT + (int)c * TL_COLW + 1;
            fprintf(f, "<line class=\"%s\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                    "stroke=\"%s\" stroke-width=\"1.5\"/>",
                    m->kind == MARK_DIVERGE ? "diverge" : "reconverge", x, y - 4, x,
                    m->kind == MARK_DIVERGE ? y + 2 : y - 1,
                    m->kind == MARK_DIVERGE ? "#c0392b" : "#27ae60");
        }
        fputs("</g>\n", f);
    }
    fputs("</svg>\n", f);
    if (l->truncated)
        fputs("<p class=\"note\">The block ran too long to record: its end is missing.</p>\n", f);
}

/* ---- lane -> bank ---- */

static void banks(FILE *f, const simt_report *r, const rep_launch *l)
{
    /* The line with the most conflicts; among equals, a read (a column read
     * of a tile is where conflicts usually come from: show it even when
     * padding removed them). */
    uint32_t best = 0;
    uint64_t most = 0;
    for (uint32_t k = 1; l->bank && k < r->nlines; k++) {
        uint64_t c = l->mlines[k].swf - l->mlines[k].sideal;
        if (!l->bank[k].have)
            continue;
        int read = l->bank[k].a.kind == ACC_READ;
        if (!best || c > most || (c == most && read && l->bank[best].a.kind != ACC_READ))
            best = k, most = c;
    }
    if (!best)
        return;
    const rep_bank *b = &l->bank[best];
    const simt_warp_access *a = &b->a;
    size_t len;
    const char *text = simt_srclines_get(&r->src, best, &len);
    while (len && (*text == ' ' || *text == '\t'))
        text++, len--;
    fprintf(f, "<h3>Shared-memory banks: line %u</h3>\n<p><code>", best);
    esc(f, text, len);
    fprintf(f, "</code>: %llu bank conflicts in this launch.  Its worst access (%s of %u "
            "bytes per lane by warp %u) took <b>%u</b> wavefront%s where %u would do.  Each "
            "lane's 4-byte word lives in bank (address / 4) mod 32; lanes that hit different "
            "words of one bank are served one after another.</p>\n",
            (unsigned long long)most, a->kind == ACC_READ ? "a read" : "a write", a->size,
            a->warp, b->wf, b->wf == 1 ? "" : "s", b->ideal);
    int words[SIMT_BANKS] = {0};
    uint64_t word_of[32];
    int bank_of[32];
    for (unsigned lane = 0; lane < a->width && lane < 32; lane++) {
        bank_of[lane] = -1;
        if (!(a->mask >> lane & 1) || SIMT_ADDR_SPACE(a->addr[lane]) != SPACE_SHARED)
            continue;
        word_of[lane] = SIMT_ADDR_OFFSET(a->addr[lane]) / 4;
        bank_of[lane] = (int)(word_of[lane] % SIMT_BANKS);
        int fresh = 1;
        for (unsigned o = 0; o < lane; o++)
            fresh &= !(bank_of[o] >= 0 && word_of[o] == word_of[lane]);
        words[bank_of[lane]] += fresh;
    }
    const int bw = 26, x0 = 60;
    fprintf(f, "<svg class=\"banks\" data-line=\"%u\" width=\"%d\" height=\"200\" "
            "xmlns=\"http://www.w3.org/2000/svg\">\n<text x=\"4\" y=\"30\">lane</text>"
            "<text x=\"4\" y=\"175\">bank</text>\n", best, x0 + 32 * bw + 10);
    for (unsigned lane = 0; lane < a->width && lane < 32; lane++) {
        if (bank_of[lane] < 0)
            continue;
        int bad = words[bank_of[lane]] > 1;
        fprintf(f, "<line x1=\"%d\" y1=\"38\" x2=\"%d\" y2=\"152\" stroke=\"%s\" "
                "stroke-width=\"%s\"/>\n", x0 + (int)lane * bw + bw / 2,
                x0 + bank_of[lane] * bw + bw / 2, bad ? "#c0392b" : "#2b6cb0",
                bad ? "1.5" : "1");
    }
    for (int k = 0; k < 32; k++) {
        int active = k < (int)a->width && bank_of[k] >= 0;
        fprintf(f, "<rect x=\"%d\" y=\"18\" width=\"%d\" height=\"20\" fill=\"%s\" "
                "stroke=\"#fff\"/><text x=\"%d\" y=\"32\" text-anchor=\"middle\" fill=\"#fff\">"
                "%d</text>\n", x0 + k * bw, bw, active ? "#34495e" : "#ccc",
                x0 + k * bw + bw / 2, k);
        const char *fill = words[k] > 1 ? "#c0392b" : words[k] ? "#27ae60" : "#ddd";
        fprintf(f, "<rect class=\"bank\" data-words=\"%d\" x=\"%d\" y=\"152\" width=\"%d\" "
                "height=\"20\" fill=\"%s\" stroke=\"#fff\"/><text x=\"%d\" y=\"166\" "
                "text-anchor=\"middle\" fill=\"#fff\">%d</text>", words[k], x0 + k * bw, bw, fill,
                x0 + k * bw + bw / 2, k);
        if (words[k] > 1)
            fprintf(f, "<text x=\"%d\" y=\"190\" text-anchor=\"middle\">&times;%d</text>",
                    x0 + k * bw + bw / 2, words[k]);
        fputc('\n', f);
    }
    fputs("</svg>\n", f);
}

/* ---- the page ---- */

static void launch_title(FILE *f, const simt_report *r, const rep_launch *l)
{
    fprintf(f, "launch %u: <code>", l->serial);
    esc_str(f, r->mod->funcs[l->kernel].name);
    fprintf(f, "&lt;&lt;&lt;(%u,%u,%u), (%u,%u,%u)&gt;&gt;&gt;</code>", l->grid[0], l->grid[1],
            l->grid[2], l->block[0], l->block[1], l->block[2]);
}

static void launch_section(FILE *f, const simt_report *r, const rep_launch *l)
{
    fprintf(f, "<section class=\"launch\" id=\"launch-%u\">\n<h2>", l->serial);
    launch_title(f, r, l);
    fputs("</h2>\n", f);
    const simt_launch_rec *rec = record(r, l);
    if (!l->done || !rec) {
        fputs("<p>This launch did not finish (a fault stopped it), or the model has no "
              "record of it.</p>\n", f);
    } else {
        summary(f, r, rec);
        occupancy(f, r, rec);
    }
    unsigned width = lanes_of(l);
    if (rec && rec->warp_size)
        width = rec->warp_size;
    lines_table(f, r, l, width);
    timeline(f, r, l, width);
    banks(f, r, l);
    fputs("</section>\n", f);
}

int simt_report_write(const simt_report *r, FILE *f)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>simtvm "
          "report: ", f);
    esc_str(f, r->mod->source_name ? r->mod->source_name : "program");
    fprintf(f, "</title>\n<style>%s</style>\n</head><body>\n<h1>simtvm report: <code>", STYLE);
    esc_str(f, r->mod->source_name ? r->mod->source_name : "program");
    fprintf(f, "</code></h1>\n<p class=\"note\">Device model: ");
    esc_str(f, r->dev->full_name);
    fprintf(f, " (%d SMs, %.0f MHz).  Cycles are the performance model's estimates (SPEC 5), "
            "not measurements.  %u launch%s.</p>\n", r->dev->sm_count,
            r->dev->clock_khz / 1000.0, r->total_launches, r->total_launches == 1 ? "" : "es");
    if (r->n > 1) {
        fputs("<ul>\n", f);
        for (uint32_t k = 0; k < r->n; k++) {
            fprintf(f, "<li><a href=\"#launch-%u\">", r->launches[k].serial);
            launch_title(f, r, &r->launches[k]);
            fputs("</a></li>\n", f);
        }
        fputs("</ul>\n", f);
    }
    for (uint32_t k = 0; k < r->n; k++)
        launch_section(f, r, &r->launches[k]);
    if (r->total_launches > r->n)
        fprintf(f, "<p>%u later launches are not shown.</p>\n", r->total_launches - r->n);
    if (r->failed)
        fputs("<p>Out of memory: some launches are missing.</p>\n", f);
    fputs("</body></html>\n", f);
    return ferror(f) ? -1 : 0;
}
