/* runtime/report.c -- what the --report HTML page shows, collected while the
 * program runs (the page itself: report_html.c).
 *
 * Per launch (the first REPORT_LAUNCHES of them; later ones are counted):
 *   - per source line: warp and thread instructions, branches and divergent
 *     branches (counted here), and the model's per-line costs of this launch
 *     (stall cycles, global requests and sectors, shared wavefronts: the
 *     model's running totals are cumulative, so they are snapshotted when the
 *     launch begins and subtracted when it ends);
 *   - the focus block's warps over time: segments of model cycles during
 *     which a warp issued with one active mask, and the cycles where a branch
 *     split a group (divergence) or a wider group than before issued
 *     (reconvergence);
 *   - per line, its shared access with the most bank conflicts (every lane's
 *     address), for the lane -> bank picture.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/report_data.h"

/* Two issues of one mask at most this many cycles apart are one segment: a
 * short stall does not break the picture of who is active. */
#define MERGE_GAP 32
#define MAX_SEGMENTS (1u << 18)
#define MAX_MARKS 20000u

simt_report *simt_report_new(const simt_module *mod, const simt_device_profile *dev,
                             const simt_model *model, uint64_t focus)
{
    simt_report *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->mod = mod;
    r->dev = dev;
    r->model = model;
    r->focus = focus;
    r->nlines = model->nlines;
    if (simt_srclines_init(&r->src, mod->source) != 0) {
        free(r);
        return NULL;
    }
    return r;
}

static void launch_free(rep_launch *l)
{
    free(l->lines);
    free(l->mlines);
    free(l->bank);
    for (uint32_t w = 0; l->warps && w < l->nwarps; w++)
        free(l->warps[w].seg);
    free(l->warps);
    free(l->marks);
}

void simt_report_free(simt_report *r)
{
    if (!r)
        return;
    for (uint32_t k = 0; k < r->n; k++)
        launch_free(&r->launches[k]);
    free(r->launches);
    simt_srclines_free(&r->src);
    free(r);
}

void simt_report_launch_begin(simt_report *r, const simt_launch_info *li)
{
    r->total_launches++;
    r->cur = NULL;
    if (r->n >= REPORT_LAUNCHES || r->failed)
        return;
    if (r->n == r->cap) {
        uint32_t cap = r->cap ? r->cap * 2 : 4;
        rep_launch *p = realloc(r->launches, cap * sizeof *p);
        if (!p) {
            r->failed = 1;
            return;
        }
        r->launches = p;
        r->cap = cap;
    }
    rep_launch *l = &r->launches[r->n];
    memset(l, 0, sizeof *l);
    l->serial = r->total_launches;
    l->kernel = li->kernel;
    memcpy(l->grid, li->grid, sizeof l->grid);
    memcpy(l->block, li->block, sizeof l->block);
    uint64_t nblocks = (uint64_t)li->grid[0] * li->grid[1] * li->grid[2];
    l->focus = r->focus < nblocks ? r->focus : 0;
    l->lines = calloc(r->nlines, sizeof *l->lines);
    l->mlines = malloc(r->nlines * sizeof *l->mlines);
    if (!l->lines || !l->mlines) {
        launch_free(l);
        r->failed = 1;
        return;
    }
    memcpy(l->mlines, r->model->lines, r->nlines * sizeof *l->mlines);
    if (r->model->cur) {
        l->model_index = r->model->nlaunches - 1;
        l->have_model = 1;
    }
    r->n++;
    r->cur = l;
}

void simt_report_block_begin(simt_report *r, uint64_t linear, uint64_t start_cycle)
{
    rep_launch *l = r->cur;
    r->in_focus = 0;
    if (!l || linear != l->focus)
        return;
    uint32_t threads = l->block[0] * l->block[1] * l->block[2];
    uint32_t cap = threads; /* at least one lane per warp */
    l->warps = calloc(cap, sizeof *l->warps);
    if (!l->warps)
        return;
    l->capwarps = cap;
    l->tstart = l->tend = start_cycle;
    l->have_focus = 1;
    r->in_focus = 1;
}

static void mark(rep_launch *l, uint64_t t, uint32_t warp, int kind, uint32_t line)
{
    if (l->nmarks == l->capmarks) {
        if (l->capmarks >= MAX_MARKS)
            return;
        uint32_t cap = l->capmarks ? l->capmarks * 2 : 64;
        rep_mark *p = realloc(l->marks, cap * sizeof *p);
        if (!p)
            return;
        l->marks = p;
        l->capmarks = cap;
    }
    l->marks[l->nmarks++] = (rep_mark){t, warp, (uint8_t)kind, line};
}

static void segment(rep_launch *l, uint32_t warp, uint32_t mask, uint64_t cycle, uint32_t line)
{
    if (warp >= l->capwarps)
        return;
    if (warp >= l->nwarps)
        l->nwarps = warp + 1;
    rep_warp *w = &l->warps[warp];
    if (w->last_mask && __builtin_popcount(mask) > __builtin_popcount(w->last_mask))
        mark(l, cycle, warp, MARK_RECONVERGE, line);
    w->last_mask = mask;
    w->seen |= mask;
    if (cycle + 1 > l->tend)
        l->tend = cycle + 1;
    rep_seg *s = w->nseg ? &w->seg[w->nseg - 1] : NULL;
    if (s && s->mask == mask && cycle <= s->t1 + MERGE_GAP) {
        if (cycle + 1 > s->t1)
            s->t1 = cycle + 1;
        return;
    }
    if (w->nseg == w->capseg) {
        if (w->capseg >= MAX_SEGMENTS) {
            l->truncated = 1;
            return;
        }
        uint32_t cap = w->capseg ? w->capseg * 2 : 64;
        rep_seg *p = realloc(w->seg, cap * sizeof *p);
        if (!p)
            return;
        w->seg = p;
        w->capseg = cap;
    }
    w->seg[w->nseg++] = (rep_seg){cycle, cycle + 1, mask};
}

void simt_report_issue(simt_report *r, int32_t pc, uint32_t mask, uint32_t warp,
                       uint64_t cycle)
{
    rep_launch *l = r->cur;
    if (!l)
        return;
    uint32_t line = simt_view_line(r->mod, pc);
    if (line < r->nlines) {
        l->lines[line].inst++;
        l->lines[line].thread_inst += (uint64_t)__builtin_popcount(mask);
    }
    if (r->in_focus)
        segment(l, warp, mask, cycle, line);
}

void simt_report_branch(simt_report *r, int32_t pc, uint32_t mask, uint32_t taken,
                        uint32_t warp, uint64_t cycle)
{
    rep_launch *l = r->cur;
    if (!l)
        return;
    uint32_t line = simt_view_line(r->mod, pc);
    int divergent = taken != mask && taken != 0;
    if (line < r->nlines) {
        l->lines[line].branch++;
        l->lines[line].div += (uint64_t)divergent;
    }
    if (divergent && r->in_focus)
        mark(l, cycle, warp, MARK_DIVERGE, line);
}

void simt_report_access(simt_report *r, const simt_warp_access *a)
{
    rep_launch *l = r->cur;
    if (!l || a->kind == ACC_ATOMIC)
        return;
    /* some lane in shared memory: the memory unit's spaces (vm/memunit.c) say */
    int shared = (a->spaces & SIMT_SPACE_BIT(SPACE_SHARED)) != 0;
    uint32_t line = simt_view_line(r->mod, a->pc);
    if (!shared || line >= r->nlines)
        return;
    unsigned ideal, wf = simt_bank_wavefronts(a, &ideal);
    if (!l->bank && !(l->bank = calloc(r->nlines, sizeof *l->bank)))
        return;
    rep_bank *b = &l->bank[line];
    if (b->have && wf - ideal <= b->wf - b->ideal)
        return;
    b->have = 1;
    b->wf = wf;
    b->ideal = ideal;
    b->a = *a;
}

void simt_report_launch_end(simt_report *r)
{
    rep_launch *l = r->cur;
    r->cur = NULL;
    r->in_focus = 0;
    if (!l)
        return;
    /* The model's per-line totals now minus at the launch's start. */
    for (uint32_t k = 0; k < r->nlines; k++) {
        const simt_line_cost *now = &r->model->lines[k];
        simt_line_cost *d = &l->mlines[k];
        d->inst = now->inst - d->inst;
        d->stall = now->stall - d->stall;
        d->greq = now->greq - d->greq;
        d->gsect = now->gsect - d->gsect;
        d->sinst = now->sinst - d->sinst;
        d->swf = now->swf - d->swf;
        d->sideal = now->sideal - d->sideal;
    }
    l->done = 1;
}
