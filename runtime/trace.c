/* runtime/trace.c -- the viewers' hooks and the --trace timeline.
 *
 * The interpreter reports each issued instruction right after the model has
 * timed it, so the model's clock of that warp (its last issue cycle) is when
 * the instruction issued.  The timeline is a Chrome trace-event JSON file
 * (https://docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU),
 * which Perfetto's UI and chrome://tracing open:
 *   - one process per SM, one thread (track) per warp of a traced block;
 *   - a complete slice ("ph":"X") per run of instructions that one group of
 *     lanes issued at one source line: its name is the line, its args the
 *     active mask, the lane count and the opcodes.  Merging a line's
 *     consecutive instructions keeps files small and reads like source;
 *   - counter tracks per SM: mean active lanes per issued instruction (over
 *     windows of COUNTER_WINDOW cycles) and resident warps;
 *   - flow arrows from the warp that arrived last at __syncthreads to every
 *     warp the barrier released;
 *   - process "GPU" with one slice per launch, and otherData naming the scale.
 * Time: 1 us of the trace is one modelled cycle (clock_khz in otherData gives
 * real time), because Perfetto keeps whole nanoseconds and a cycle is less.
 *
 * Which blocks: --trace-blocks LIST, otherwise the first block of each SM
 * (blocks go to SMs round robin), at most DEFAULT_BLOCKS per launch: every
 * SM busy at the start, and a big grid's trace stays small (examples/scan.k:
 * about 30 MB).  A byte budget stops new slices beyond TRACE_BUDGET and
 * says so.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/trace.h"
#include "vm/opcodes.h"

#define TRACE_BUDGET (90ull << 20)
#define DEFAULT_BLOCKS 64       /* blocks traced per launch without --trace-blocks */
#define COUNTER_WINDOW 64
#define MAX_RUN_OPS 4
#define NAME_CHARS 48
#define PID_GPU 1
#define PID_SM0 2

/* The open slice of one warp: instructions of one group at one line. */
typedef struct warp_run {
    uint64_t tid;               /* 0: the warp has not issued in this block */
    int open;
    uint64_t t0, tlast;         /* first and last issue cycle */
    uint64_t end;               /* where the warp's previous slice ended */
    uint32_t line, mask, ninst;
    int32_t pc0;
    uint8_t ops[MAX_RUN_OPS];
    unsigned nops;
} warp_run;

typedef struct res_change {
    uint64_t t;
    int32_t delta;
} res_change;

/* Counter samples of one SM during one launch. */
typedef struct sm_track {
    int named;                  /* process metadata written */
    uint64_t *lanes, *insts;    /* per window */
    uint64_t nwin, capwin;
    res_change *res;
    uint64_t nres, capres;
} sm_track;

struct simt_trace {
    const simt_module *mod;
    const simt_device_profile *dev;
    simt_model *model;
    simt_srclines src;
    simt_report *report;
    char *report_path;
    /* the JSON timeline, NULL without --trace */
    FILE *json;
    char *json_path;
    uint64_t bytes, events;
    int capped, failed;
    uint64_t *blo, *bhi;        /* --trace-blocks ranges */
    int nranges;
    /* the launch and block in progress */
    uint32_t launch;            /* launches so far */
    uint32_t kernel, grid[3], block[3];
    uint64_t base;              /* trace time of this launch's cycle 0 */
    int in_launch;
    int traced;                 /* the running block is traced */
    uint64_t linear;
    int sm;
    uint64_t block_start;
    warp_run *warps;
    uint32_t nwarps, capwarps;
    sm_track *sms;
    uint64_t next_tid, next_flow;
};

/* ---- small helpers shared with the report ---- */

int simt_block_list_parse(const char *text, uint64_t **lo, uint64_t **hi)
{
    size_t cap = 1;
    for (const char *p = text; *p; p++)
        cap += *p == ',';
    *lo = malloc(cap * sizeof **lo);
    *hi = malloc(cap * sizeof **hi);
    if (!*lo || !*hi)
        goto bad;
    int n = 0;
    const char *p = text;
    for (;;) {
        char *end;
        if (*p < '0' || *p > '9')
            goto bad;
        uint64_t a = strtoull(p, &end, 10), b = a;
        if (*end == '-') {
            p = end + 1;
            if (*p < '0' || *p > '9')
                goto bad;
            b = strtoull(p, &end, 10);
            if (b < a)
                goto bad;
        }
        (*lo)[n] = a;
        (*hi)[n++] = b;
        if (*end == '\0')
            return n;
        if (*end != ',')
            goto bad;
        p = end + 1;
    }
bad:
    free(*lo);
    free(*hi);
    *lo = *hi = NULL;
    return -1;
}

/* The model's issue cycle of the instruction warp w issued last. */
static int model_issue_cycle(const simt_model *m, uint32_t w, uint64_t *cycle)
{
    const simt_timing *tm = &m->tm;
    if (!m->cur || tm->cur_sm < 0 || w >= tm->nwarps)
        return 0;
    *cycle = tm->warps[w].last_issue;
    return 1;
}

/* ---- JSON output ---- */

static void out(simt_trace *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void out(simt_trace *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vfprintf(t->json, fmt, ap);
    va_end(ap);
    if (n < 0)
        t->failed = 1;
    else
        t->bytes += (uint64_t)n;
}

/* Writes s (n bytes) as the inside of a JSON string; non-ASCII becomes '?'
 * so that a source file in another encoding still gives valid JSON. */
static void out_str(simt_trace *t, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            out(t, "\\%c", c);
        else if (c == '\t')
            out(t, " ");
        else if (c < 0x20 || c >= 0x7f)
            out(t, "?");
        else
            fputc(c, t->json), t->bytes++;
    }
}

/* Every event but the first starts with ",\n". */
static void event_open(simt_trace *t)
{
    out(t, "%s{", t->events++ ? ",\n" : "");
}

static void meta_name(simt_trace *t, const char *what, uint64_t pid, uint64_t tid,
                      const char *name)
{
    event_open(t);
    out(t, "\"ph\":\"M\",\"name\":\"%s\",\"pid\":%llu,\"tid\":%llu,\"args\":{\"name\":\"", what,
        (unsigned long long)pid, (unsigned long long)tid);
    out_str(t, name, strlen(name));
    out(t, "\"}}");
}

static void meta_sort(simt_trace *t, const char *what, uint64_t pid, uint64_t tid, uint64_t k)
{
    event_open(t);
    out(t, "\"ph\":\"M\",\"name\":\"%s\",\"pid\":%llu,\"tid\":%llu,"
        "\"args\":{\"sort_index\":%llu}}", what, (unsigned long long)pid,
        (unsigned long long)tid, (unsigned long long)k);
}

static void name_sm(simt_trace *t, int sm)
{
    if (t->sms[sm].named)
        return;
    t->sms[sm].named = 1;
    char name[32];
    snprintf(name, sizeof name, "SM %d", sm);
    meta_name(t, "process_name", PID_SM0 + (uint64_t)sm, 0, name);
    meta_sort(t, "process_sort_index", PID_SM0 + (uint64_t)sm, 0, (uint64_t)sm + 1);
}

static void run_flush(simt_trace *t, warp_run *r)
{
    if (!r->open || !t->json)
        return;
    r->open = 0;
    r->end = r->tlast + 1;
    if (t->capped)
        return;
    size_t len;
    const char *text = simt_srclines_get(&t->src, r->line, &len);
    while (len && (*text == ' ' || *text == '\t'))
        text++, len--;
    event_open(t);
    out(t, "\"ph\":\"X\",\"pid\":%d,\"tid\":%llu,\"ts\":%llu,\"dur\":%llu,\"name\":\"%u: ",
        PID_SM0 + t->sm, (unsigned long long)r->tid, (unsigned long long)(t->base + r->t0),
        (unsigned long long)(r->tlast + 1 - r->t0), r->line);
    out_str(t, text, len > NAME_CHARS ? NAME_CHARS : len);
    out(t, "%s\",\"cat\":\"warp\",\"args\":{\"mask\":\"0x%08x\",\"lanes\":%d,\"opcode\":\"",
        len > NAME_CHARS ? "..." : "", r->mask, __builtin_popcount(r->mask));
    for (unsigned k = 0; k < r->nops; k++)
        out(t, "%s%s", k ? " " : "", simt_op_name(r->ops[k]));
    if (r->ninst > 1 && r->nops == MAX_RUN_OPS)
        out(t, " ...");
    out(t, "\",\"instructions\":%u,\"pc\":%d}}", r->ninst, r->pc0);
    if (t->bytes > TRACE_BUDGET)
        t->capped = 1;
}

/* ---- counters ---- */

static int grow(void **p, uint64_t *cap, uint64_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    uint64_t c = *cap ? *cap : 64;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, (size_t)c * size);
    if (!q)
        return -1;
    *p = q;
    *cap = c;
    return 0;
}

static void count_issue(simt_trace *t, uint64_t cycle, uint32_t mask)
{
    sm_track *s = &t->sms[t->sm];
    uint64_t w = cycle / COUNTER_WINDOW;
    if (w >= s->nwin) {
        uint64_t old = s->capwin;
        void *l = s->lanes;
        if (grow(&l, &s->capwin, w + 1, sizeof *s->lanes)) {
            t->failed = 1;
            return;
        }
        s->lanes = l;
        uint64_t c2 = old;
        void *in = s->insts;
        if (grow(&in, &c2, s->capwin, sizeof *s->insts)) {
            s->capwin = old;
            t->failed = 1;
            return;
        }
        s->insts = in;
        memset(s->lanes + s->nwin, 0, (size_t)(w + 1 - s->nwin) * sizeof *s->lanes);
        memset(s->insts + s->nwin, 0, (size_t)(w + 1 - s->nwin) * sizeof *s->insts);
        s->nwin = w + 1;
    }
    s->lanes[w] += (uint64_t)__builtin_popcount(mask);
    s->insts[w]++;
}

static void count_resident(simt_trace *t, uint64_t from, uint64_t to)
{
    sm_track *s = &t->sms[t->sm];
    void *p = s->res;
    if (grow(&p, &s->capres, s->nres + 2, sizeof *s->res)) {
        t->failed = 1;
        return;
    }
    s->res = p;
    s->res[s->nres++] = (res_change){from, 1};
    s->res[s->nres++] = (res_change){to, -1};
}

static int res_cmp(const void *a, const void *b)
{
    const res_change *x = a, *y = b;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    return x->delta - y->delta; /* a warp ending and one starting: no spike */
}

static void counters_flush(simt_trace *t, int sm)
{
    sm_track *s = &t->sms[sm];
    uint64_t pid = PID_SM0 + (uint64_t)sm;
    int last_zero = 1;
    for (uint64_t w = 0; w < s->nwin && t->json; w++) {
        if (!s->insts[w] && last_zero)
            continue;
        double v = s->insts[w] ? (double)s->lanes[w] / (double)s->insts[w] : 0.0;
        event_open(t);
        out(t, "\"ph\":\"C\",\"name\":\"active lanes\",\"pid\":%llu,\"ts\":%llu,"
            "\"args\":{\"mean per instruction\":%.2f}}", (unsigned long long)pid,
            (unsigned long long)(t->base + w * COUNTER_WINDOW), v);
        last_zero = !s->insts[w];
    }
    qsort(s->res, (size_t)s->nres, sizeof *s->res, res_cmp);
    int64_t level = 0;
    for (uint64_t k = 0; k < s->nres && t->json; k++) {
        level += s->res[k].delta;
        if (k + 1 < s->nres && s->res[k + 1].t == s->res[k].t)
            continue;
        event_open(t);
        out(t, "\"ph\":\"C\",\"name\":\"resident warps\",\"pid\":%llu,\"ts\":%llu,"
            "\"args\":{\"warps\":%lld}}", (unsigned long long)pid,
            (unsigned long long)(t->base + s->res[k].t), (long long)level);
    }
    s->nwin = s->nres = 0;
}

/* ---- life cycle ---- */

simt_trace *simt_trace_new(const simt_module *mod, const simt_config *cfg, simt_model *model,
                           char *why, size_t whylen)
{
    simt_trace *t = calloc(1, sizeof *t);
    if (!t || !model) {
        snprintf(why, whylen, "out of memory");
        free(t);
        return NULL;
    }
    t->mod = mod;
    t->dev = cfg->device;
    t->model = model;
    uint64_t focus = 0;
    if (cfg->trace_blocks) {
        t->nranges = simt_block_list_parse(cfg->trace_blocks, &t->blo, &t->bhi);
        if (t->nranges < 0) {
            snprintf(why, whylen, "--trace-blocks needs a list such as 0,4,8-11, not '%s'",
                     cfg->trace_blocks);
            goto fail;
        }
        focus = t->blo[0];
    }
    t->sms = calloc((size_t)t->dev->sm_count, sizeof *t->sms);
    if (!t->sms || simt_srclines_init(&t->src, mod->source) != 0) {
        snprintf(why, whylen, "out of memory");
        goto fail;
    }
    if (cfg->report_path) {
        t->report = simt_report_new(mod, cfg->device, model, focus);
        t->report_path = strdup(cfg->report_path);
        if (!t->report || !t->report_path) {
            snprintf(why, whylen, "out of memory");
            goto fail;
        }
    }
    if (cfg->trace_path) {
        t->json_path = strdup(cfg->trace_path);
        t->json = t->json_path ? fopen(cfg->trace_path, "w") : NULL;
        if (!t->json) {
            snprintf(why, whylen, "cannot write the trace %s: %s", cfg->trace_path,
                     strerror(errno));
            goto fail;
        }
        out(t, "{\"traceEvents\":[\n");
        char name[160];
        snprintf(name, sizeof name, "GPU %s (1 us = 1 cycle at %.0f MHz)", t->dev->name,
                 t->dev->clock_khz / 1000.0);
        meta_name(t, "process_name", PID_GPU, 0, name);
        meta_sort(t, "process_sort_index", PID_GPU, 0, 0);
        meta_name(t, "thread_name", PID_GPU, 1, "launches");
    }
    t->next_tid = 1;
    t->sm = 0;
    return t;
fail:
    simt_trace_free(t);
    return NULL;
}

void simt_trace_free(simt_trace *t)
{
    if (!t)
        return;
    if (t->json)
        fclose(t->json);
    free(t->json_path);
    free(t->report_path);
    simt_report_free(t->report);
    for (int s = 0; t->sms && s < t->dev->sm_count; s++) {
        free(t->sms[s].lanes);
        free(t->sms[s].insts);
        free(t->sms[s].res);
    }
    free(t->sms);
    free(t->warps);
    free(t->blo);
    free(t->bhi);
    simt_srclines_free(&t->src);
    free(t);
}

/* ---- hooks ---- */

void simt_trace_launch_begin(simt_trace *t, const simt_launch_info *li)
{
    t->in_launch = 1;
    t->launch++;
    t->kernel = li->kernel;
    memcpy(t->grid, li->grid, sizeof t->grid);
    memcpy(t->block, li->block, sizeof t->block);
    t->traced = 0;
    uint32_t threads = li->block[0] * li->block[1] * li->block[2];
    uint32_t nw = (threads + 31) / 32 * 32 / 4 + 32; /* enough for warp size 4 */
    if (nw > t->capwarps) {
        warp_run *w = realloc(t->warps, nw * sizeof *w);
        if (!w) {
            t->failed = 1;
            t->in_launch = 0;
            return;
        }
        t->warps = w;
        t->capwarps = nw;
    }
    t->nwarps = 0;
    if (t->report)
        simt_report_launch_begin(t->report, li);
}

static int block_wanted(const simt_trace *t, uint64_t linear)
{
    if (!t->nranges)
        return linear < (uint64_t)t->dev->sm_count && linear < DEFAULT_BLOCKS;
    for (int k = 0; k < t->nranges; k++)
        if (linear >= t->blo[k] && linear <= t->bhi[k])
            return 1;
    return 0;
}

/* The running block ends: close its slices, count its warps' residency. */
static void block_end(simt_trace *t)
{
    if (!t->traced)
        return;
    for (uint32_t w = 0; w < t->nwarps; w++) {
        warp_run *r = &t->warps[w];
        if (!r->tid)
            continue;
        uint64_t end = r->tlast + 1;
        run_flush(t, r);
        count_resident(t, t->block_start, end);
    }
    t->traced = 0;
}

void simt_trace_block_begin(simt_trace *t, const uint32_t idx[3], uint32_t nthreads)
{
    if (!t->in_launch)
        return;
    block_end(t);
    uint64_t linear = idx[0] + (uint64_t)t->grid[0] * (idx[1] + (uint64_t)t->grid[1] * idx[2]);
    const simt_timing *tm = &t->model->tm;
    t->linear = linear;
    t->sm = tm->cur_sm >= 0 ? tm->cur_sm : (int)(linear % (uint64_t)t->dev->sm_count);
    t->block_start = tm->block_start;
    t->nwarps = nthreads < t->capwarps ? nthreads : t->capwarps;
    memset(t->warps, 0, t->nwarps * sizeof *t->warps);
    t->traced = t->json && block_wanted(t, linear);
    if (t->report)
        simt_report_block_begin(t->report, linear, t->block_start);
}

static void warp_named(simt_trace *t, warp_run *r, uint32_t warp)
{
    r->tid = ++t->next_tid;
    name_sm(t, t->sm);
    uint32_t bx = (uint32_t)(t->linear % t->grid[0]);
    uint32_t by = (uint32_t)(t->linear / t->grid[0] % t->grid[1]);
    uint32_t bz = (uint32_t)(t->linear / ((uint64_t)t->grid[0] * t->grid[1]));
    char name[256];
    snprintf(name, sizeof name, "launch %u %s block (%u,%u,%u) warp %u", t->launch,
             t->mod->funcs[t->kernel].name, bx, by, bz, warp);
    meta_name(t, "thread_name", PID_SM0 + (uint64_t)t->sm, r->tid, name);
    meta_sort(t, "thread_sort_index", PID_SM0 + (uint64_t)t->sm, r->tid, r->tid);
}

void simt_trace_issue(simt_trace *t, int32_t pc, uint32_t mask, uint32_t warp)
{
    uint64_t cycle;
    if (!t->in_launch || !model_issue_cycle(t->model, warp, &cycle))
        return;
    if (t->report)
        simt_report_issue(t->report, pc, mask, warp, cycle);
    if (!t->traced || warp >= t->nwarps)
        return;
    warp_run *r = &t->warps[warp];
    if (!r->tid)
        warp_named(t, r, warp);
    count_issue(t, cycle, mask);
    uint32_t line = simt_view_line(t->mod, pc);
    uint8_t op = t->mod->code[pc].op;
    if (r->open && (r->line != line || r->mask != mask))
        run_flush(t, r);
    if (!r->open) {
        /* The model may issue a free instruction (a constant, a join) in the
         * cycle of the one before: slices of one track never overlap. */
        if (cycle < r->end)
            cycle = r->end;
        r->open = 1;
        r->t0 = cycle;
        r->line = line;
        r->mask = mask;
        r->pc0 = pc;
        r->ninst = 0;
        r->nops = 0;
    }
    if (cycle < r->t0)
        cycle = r->t0;
    r->tlast = cycle;
    r->ninst++;
    unsigned k = 0;
    while (k < r->nops && r->ops[k] != op)
        k++;
    if (k == r->nops && r->nops < MAX_RUN_OPS)
        r->ops[r->nops++] = op;
}

void simt_trace_branch(simt_trace *t, int32_t pc, uint32_t mask, uint32_t taken, uint32_t warp)
{
    uint64_t cycle;
    if (t->report && t->in_launch && model_issue_cycle(t->model, warp, &cycle))
        simt_report_branch(t->report, pc, mask, taken, warp, cycle);
}

void simt_trace_access(simt_trace *t, const simt_warp_access *a)
{
    if (t->report && t->in_launch)
        simt_report_access(t->report, a);
}

/* The barrier releases the block: an arrow from the warp that arrived last
 * (the latest clock) to each warp that waited for it. */
void simt_trace_barrier(simt_trace *t)
{
    const simt_timing *tm = &t->model->tm;
    if (!t->traced || tm->cur_sm < 0 || t->capped)
        return;
    uint32_t n = tm->nwarps < t->nwarps ? tm->nwarps : t->nwarps, last = 0;
    for (uint32_t w = 1; w < n; w++)
        if (tm->warps[w].t > tm->warps[last].t)
            last = w;
    if (!n || !t->warps[last].tid)
        return;
    uint64_t release = tm->warps[last].t;
    for (uint32_t w = 0; w < n; w++) {
        if (w == last || !t->warps[w].tid)
            continue;
        uint64_t id = ++t->next_flow;
        event_open(t);
        out(t, "\"ph\":\"s\",\"id\":%llu,\"name\":\"__syncthreads\",\"cat\":\"barrier\","
            "\"pid\":%d,\"tid\":%llu,\"ts\":%llu}", (unsigned long long)id, PID_SM0 + t->sm,
            (unsigned long long)t->warps[last].tid,
            (unsigned long long)(t->base + tm->warps[last].last_issue));
        event_open(t);
        out(t, "\"ph\":\"f\",\"id\":%llu,\"name\":\"__syncthreads\",\"cat\":\"barrier\","
            "\"pid\":%d,\"tid\":%llu,\"ts\":%llu}", (unsigned long long)id, PID_SM0 + t->sm,
            (unsigned long long)t->warps[w].tid, (unsigned long long)(t->base + release));
    }
}

void simt_trace_launch_end(simt_trace *t)
{
    if (!t->in_launch)
        return;
    block_end(t);
    t->in_launch = 0;
    uint64_t cycles = simt_model_last_cycles(t->model);
    if (t->json) {
        for (int s = 0; s < t->dev->sm_count; s++)
            if (t->sms[s].nwin || t->sms[s].nres)
                counters_flush(t, s);
        event_open(t);
        out(t, "\"ph\":\"X\",\"pid\":%d,\"tid\":1,\"ts\":%llu,\"dur\":%llu,\"name\":\"",
            PID_GPU, (unsigned long long)t->base, (unsigned long long)(cycles ? cycles : 1));
        const char *k = t->mod->funcs[t->kernel].name;
        out_str(t, k, strlen(k));
        out(t, "<<<(%u,%u,%u),(%u,%u,%u)>>>\",\"cat\":\"launch\",\"args\":{\"launch\":%u,"
            "\"cycles\":%llu}}", t->grid[0], t->grid[1], t->grid[2], t->block[0], t->block[1],
            t->block[2], t->launch, (unsigned long long)cycles);
    }
    if (t->report)
        simt_report_launch_end(t->report);
    t->base += cycles + 1;
}

static int finish_json(simt_trace *t, FILE *err)
{
    out(t, "\n],\n\"displayTimeUnit\":\"ns\",\n\"otherData\":{\"generator\":\"simtvm\","
        "\"time_scale\":\"1 us of this trace = 1 cycle of the modelled GPU\","
        "\"device\":\"");
    out_str(t, t->dev->name, strlen(t->dev->name));
    out(t, "\",\"clock_khz\":%d,\"real_us_per_cycle\":%.9f,\"launches\":%u,"
        "\"truncated\":%s}}\n", t->dev->clock_khz, 1000.0 / t->dev->clock_khz, t->launch,
        t->capped ? "true" : "false");
    int bad = t->failed;
    bad |= fclose(t->json) != 0;
    t->json = NULL;
    if (bad) {
        fprintf(err, "simtvm: error: writing the trace %s failed\n", t->json_path);
        return -1;
    }
    if (t->capped)
        fprintf(err, "simtvm: warning: the trace %s reached %llu MB and stops there; choose "
                "blocks with --trace-blocks\n", t->json_path,
                (unsigned long long)(TRACE_BUDGET >> 20));
    return 0;
}

int simt_trace_finish(simt_trace *t, FILE *err)
{
    if (t->in_launch) /* a fault ended the launch early: close what is open */
        simt_trace_launch_end(t);
    int st = 0;
    if (t->json)
        st |= finish_json(t, err);
    if (t->report) {
        FILE *f = fopen(t->report_path, "w");
        if (!f) {
            fprintf(err, "simtvm: error: cannot write the report %s: %s\n", t->report_path,
                    strerror(errno));
            return -1;
        }
        int bad = simt_report_write(t->report, f) != 0;
        bad |= fclose(f) != 0;
        if (bad) {
            fprintf(err, "simtvm: error: writing the report %s failed\n", t->report_path);
            st = -1;
        }
    }
    return st;
}
