/* cli/grade.c -- `simtvm grade STUDENT.k --reference REF.k`: an autograder for
 * teachers.  It compiles both programs, runs the reference once, then runs the
 * student's program under the checkers on the default schedule and on a sweep
 * of random schedules, and prints one verdict: PASS, FAIL (the reason and the
 * command that replays it) or COMPILE ERROR (the diagnostics).  Exit status 0
 * only for PASS.
 *
 * Built on the public API (simtvm.h) alone, as examples/embed/grade.c is: what
 * a course platform could write itself.  Two modes: main() programs (their
 * standard output and exit status are compared), and one kernel launched with
 * --kernel/--grid/--block/--arg (every pointer argument's buffer is compared,
 * floats to a relative 1e-5, since a student may sum in another order). */
#include "cli/grade.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "simtvm.h"

enum { MAX_PARAMS = 32, REASON_MAX = 16384 };

/* What one run produced: status, exit code, output, fault text, findings and,
 * in kernel mode, the bytes of each pointer argument after the launch. */
typedef struct run_out {
    simtvm_status st;
    int exit_code;
    char *out;
    char *fault;
    unsigned findings;
    char *report;
    char *error;
    int stat_miss;                /* the statistics run: check_expectations's answer */
    char *stat_why;               /* and its reason */
    unsigned long long host_steps;
    unsigned char *buf[MAX_PARAMS];
    size_t size[MAX_PARAMS];
    simtvm_type elem[MAX_PARAMS];
} run_out;

/* The verdict, as data; its words are verdict_names'. */
enum verdict { V_PASS, V_FAIL, V_COMPILE_ERROR, V_REFERENCE_ERROR, V_USAGE_ERROR };
static const char *const verdict_names[] = {
    [V_PASS] = "PASS", [V_FAIL] = "FAIL", [V_COMPILE_ERROR] = "COMPILE ERROR",
    [V_REFERENCE_ERROR] = "REFERENCE ERROR", [V_USAGE_ERROR] = "USAGE ERROR",
};

/* The grading job: the options, the two compiled modules, the verdict. */
typedef struct grade_job {
    const simtvm_options *o;
    simtvm_module *student, *reference;
    enum verdict verdict;
    char reason[REASON_MAX];
    char replay[2048];
    unsigned long long seeds_first, seeds_last;
    unsigned long long host_budget;       /* max_host_steps of the student's runs */
    unsigned checks;
} grade_job;

static char *dup_text(const char *s)
{
    size_t n = strlen(s ? s : "");
    char *d = malloc(n + 1);
    if (d)
        memcpy(d, s ? s : "", n + 1);
    return d;
}

static void run_out_free(run_out *r)
{
    free(r->out);
    free(r->fault);
    free(r->report);
    free(r->error);
    free(r->stat_why);
    for (int k = 0; k < MAX_PARAMS; k++)
        free(r->buf[k]);
    memset(r, 0, sizeof *r);
}

static char *read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    if (f && fseek(f, 0, SEEK_END) == 0) {
        long size = ftell(f);
        text = size >= 0 ? malloc((size_t)size + 1) : NULL;
        rewind(f);
        if (text && fread(text, 1, (size_t)size, f) == (size_t)size) {
            text[size] = '\0';
            *len = (size_t)size;
        } else {
            free(text);
            text = NULL;
        }
    }
    if (f)
        fclose(f);
    return text;
}

static void config_for(const grade_job *j, simtvm_config *cfg, unsigned checks, int seeded,
                       unsigned long long seed)
{
    simtvm_config_init(cfg);
    cfg->stats = seeded < 0; /* the statistics run of --expect-stat */
    cfg->device = j->o->device;
    cfg->warp_size = j->o->warp_size;
    cfg->checks = checks;
    if (j->o->max_steps)
        cfg->max_steps = j->o->max_steps;
    cfg->max_host_steps = j->o->max_host_steps ? j->o->max_host_steps : j->host_budget;
    if (j->o->max_memory)
        cfg->max_memory = j->o->max_memory;
    cfg->include_dirs = j->o->ninclude_dirs ? j->o->include_dirs : NULL;
    if (seeded > 0) {
        cfg->interleave = SIMTVM_INTERLEAVE_RANDOM;
        cfg->block_order_random = 1;
        cfg->seed = seed;
    }
}

/* ---- kernel arguments: NAME=VALUE as the runner spells them ---- */

static const struct {
    const char *name;
    simtvm_type type;
} ELEM_TYPES[] = {
    {"char", SIMTVM_I8}, {"uchar", SIMTVM_U8}, {"short", SIMTVM_I16}, {"ushort", SIMTVM_U16},
    {"int", SIMTVM_I32}, {"uint", SIMTVM_U32}, {"long", SIMTVM_I64}, {"ulong", SIMTVM_U64},
    {"float", SIMTVM_F32}, {"double", SIMTVM_F64}, {"bool", SIMTVM_BOOL},
};

/* splitmix64, as the runner draws rand:SEED (cli/README.md), so that the
 * replay command sees the same data as the grader. */
static unsigned long long splitmix64(unsigned long long *state)
{
    unsigned long long z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Element k of a typed array: k itself (iota) or drawn from *state as the
 * runner draws it (floats uniform in [0, 1), integers from the top bits). */
static void fill_elem(unsigned char *p, simtvm_type t, size_t k, int iota,
                      unsigned long long *state)
{
    unsigned long long x = iota ? 0 : splitmix64(state);
    switch (t) {
    case SIMTVM_BOOL: p[k] = iota ? (unsigned char)(k != 0) : (unsigned char)(x >> 63); break;
    case SIMTVM_I8: case SIMTVM_U8: p[k] = (unsigned char)(iota ? k : x >> 57); break;
    case SIMTVM_I16: case SIMTVM_U16:
        ((unsigned short *)p)[k] = (unsigned short)(iota ? k : x >> 49);
        break;
    case SIMTVM_I32: case SIMTVM_U32: ((unsigned *)p)[k] = (unsigned)(iota ? k : x >> 33); break;
    case SIMTVM_I64: case SIMTVM_U64:
        ((unsigned long long *)p)[k] = iota ? k : x >> 33;
        break;
    case SIMTVM_F32: ((float *)p)[k] = iota ? (float)k : (float)(x >> 40) * 0x1p-24f; break;
    case SIMTVM_F64: ((double *)p)[k] = iota ? (double)k : (double)(x >> 11) * 0x1p-53; break;
    default: break;
    }
}

/* T[N], T[N]=iota or T[N]=rand:SEED as a new buffer; NULL with *why set. */
static simtvm_buffer *array_arg(simtvm_vm *vm, const char *v, const char **why)
{
    size_t tl = strcspn(v, "[");
    simtvm_type t = SIMTVM_VOID;
    for (size_t k = 0; k < sizeof ELEM_TYPES / sizeof ELEM_TYPES[0]; k++)
        if (strlen(ELEM_TYPES[k].name) == tl && !strncmp(v, ELEM_TYPES[k].name, tl))
            t = ELEM_TYPES[k].type;
    char *end;
    errno = 0;
    unsigned long long n = t && v[tl] == '[' ? strtoull(v + tl + 1, &end, 10) : 0;
    if (!t || n == 0 || n > (1ull << 28) || errno || *end != ']') {
        *why = "an array is T[N], T[N]=iota or T[N]=rand:SEED with T int, float...";
        return NULL;
    }
    const char *fill = end[1] == '=' ? end + 2 : "";
    unsigned long long seed = 0;
    if (*fill && strcmp(fill, "iota") && sscanf(fill, "rand:%llu", &seed) != 1) {
        *why = "an array's fill is =iota or =rand:SEED";
        return NULL;
    }
    simtvm_buffer *b = NULL;
    size_t bytes = (size_t)n * simtvm_type_size(t);
    unsigned char *data = calloc(1, bytes);
    if (!data || simtvm_buffer_new(vm, t, (size_t)n, &b) != SIMTVM_OK) {
        free(data);
        *why = "cannot allocate the array";
        return NULL;
    }
    for (size_t k = 0; *fill && k < n; k++)
        fill_elem(data, t, k, fill[0] == 'i', &seed);
    simtvm_buffer_write(b, 0, data, bytes);
    free(data);
    return b;
}

/* Builds args[] for the kernel from --arg; NULL on success, else the reason. */
static const char *kernel_args(const grade_job *j, simtvm_vm *vm, simtvm_module *mod,
                               simtvm_arg *args, simtvm_buffer **bufs, int *nargs)
{
    const char *kernel = j->o->kernel;
    int n = simtvm_module_param_count(mod, kernel);
    if (n < 0)
        return "the kernel does not exist";
    if (n > MAX_PARAMS)
        return "the kernel has more parameters than grade handles (32)";
    *nargs = n;
    for (int i = 0; i < n; i++) {
        simtvm_type type, elem;
        const char *name, *value = NULL, *why = "cannot read the value";
        simtvm_module_param(mod, kernel, i, &type, &elem, &name);
        for (int k = 0; k < j->o->nkargs; k++) {
            size_t nl = strcspn(j->o->kargs[k], "=");
            if (name && strlen(name) == nl && !strncmp(j->o->kargs[k], name, nl))
                value = j->o->kargs[k] + nl + 1;
        }
        if (!value)
            return "a kernel parameter has no --arg NAME=VALUE";
        bufs[i] = NULL;
        if (type == SIMTVM_PTR) {
            if (value[0] == '@') {
                if (simtvm_buffer_load_npy(vm, value + 1, &bufs[i]) != SIMTVM_OK)
                    return "cannot read an --arg @FILE.npy";
            } else if (!(bufs[i] = array_arg(vm, value, &why))) {
                return why;
            }
            args[i] = simtvm_arg_buffer(bufs[i]);
        } else {
            char *end;
            args[i] = simtvm_arg_of(type, strtoll(value, &end, 0), strtoull(value, NULL, 0),
                                    strtod(value, NULL));
            if (type == SIMTVM_F32 || type == SIMTVM_F64)
                strtod(value, &end);
            if (*end)
                return "a scalar --arg is not a number";
        }
    }
    return NULL;
}

/* The first launch that misses an --expect-stat METRIC<=N / METRIC>=N, in
 * why; 0 when every launch meets every expectation, 2 when a metric is not
 * one the statistics have (or there are none).  Read from the VM of the
 * statistics run, by name, as --stats=csv spells the names. */
static int check_expectations(const grade_job *j, simtvm_vm *vm, char *why, size_t len)
{
    unsigned launches = 0;
    simtvm_stats_count(vm, &launches);
    for (int e = 0; e < j->o->nexpects; e++) {
        const char *x = j->o->expects[e];
        size_t nl = strcspn(x, "<>");
        int at_most = x[nl] == '<';
        double bound = strtod(x + nl + 2, NULL);
        char metric[256];
        snprintf(metric, sizeof metric, "%.*s", (int)nl, x);
        double value;
        for (unsigned i = 0; i < launches; i++) {
            simtvm_launch_stats ls;
            if (simtvm_stats_value(vm, i, metric, &value) != SIMTVM_OK ||
                simtvm_stats_launch(vm, i, &ls) != SIMTVM_OK)
                break;
            if (at_most ? value > bound : value < bound) {
                snprintf(why, len, "launch %u (%s): %s = %g, expected %s %g", i, ls.kernel,
                         metric, value, at_most ? "<=" : ">=", bound);
                return 1;
            }
        }
        if (!launches || simtvm_stats_value(vm, 0, metric, &value) != SIMTVM_OK) {
            snprintf(why, len, "--expect-stat %s: no launch reports a statistic %s (the "
                               "names are those of --stats=csv)", x, metric);
            return 2;
        }
    }
    return 0;
}

/* ---- one run ---- */

static void collect(simtvm_vm *vm, simtvm_result *res, unsigned checks, run_out *r)
{
    size_t len = 0;
    const char *text = simtvm_output(vm, SIMTVM_STDOUT, &len);
    r->out = malloc(len + 1);
    if (r->out) {
        memcpy(r->out, text ? text : "", len);
        r->out[len] = '\0';
    }
    simtvm_fault fault;
    if (r->st == SIMTVM_ERR_FAULT && res && simtvm_result_fault(res, &fault) == SIMTVM_OK)
        r->fault = dup_text(fault.text);
    else if (r->st != SIMTVM_OK)
        r->error = dup_text(simtvm_errmsg(vm));
    const char *report = NULL;
    if (checks && simtvm_findings(vm, &r->findings, &report) == SIMTVM_OK && r->findings)
        r->report = dup_text(report);
}

/* Runs mod (main(), or the kernel) once; fills *r. */
static void run_once(const grade_job *j, simtvm_module *mod, const char *file, unsigned checks,
                     int seeded, unsigned long long seed, run_out *r)
{
    memset(r, 0, sizeof *r);
    simtvm_config cfg;
    config_for(j, &cfg, checks, seeded, seed);
    simtvm_vm *vm = NULL;
    simtvm_result *res = NULL;
    r->st = simtvm_vm_new(&cfg, &vm);
    if (r->st == SIMTVM_OK)
        r->st = simtvm_load(vm, mod);
    if (r->st == SIMTVM_OK && !j->o->kernel) {
        char *argv[] = {(char *)file, NULL};
        r->st = simtvm_run_main(vm, 1, argv, &r->exit_code, &res);
    } else if (r->st == SIMTVM_OK) {
        simtvm_arg args[MAX_PARAMS];
        simtvm_buffer *bufs[MAX_PARAMS] = {0};
        int n = 0;
        const char *why = kernel_args(j, vm, mod, args, bufs, &n);
        if (why) {
            r->st = SIMTVM_ERR_ARGS;
            r->error = dup_text(why);
            simtvm_vm_free(vm);
            return;
        }
        const uint32_t *g = j->o->grid, *b = j->o->block;
        r->st = simtvm_launch(vm, j->o->kernel, simtvm_dim3_of(g[0], g[1], g[2]),
                              simtvm_dim3_of(b[0], b[1], b[2]), (size_t)j->o->shared, args, n,
                              &res);
        for (int i = 0; i < n && r->st == SIMTVM_OK; i++) {
            if (!bufs[i])
                continue;
            r->size[i] = simtvm_buffer_size(bufs[i]);
            r->elem[i] = simtvm_buffer_type(bufs[i]);
            r->buf[i] = malloc(r->size[i] ? r->size[i] : 1);
            if (r->buf[i])
                simtvm_buffer_read(bufs[i], 0, r->buf[i], r->size[i]);
        }
    }
    if (vm)
        collect(vm, res, checks, r);
    if (vm && seeded < 0) {
        char why[4096];
        r->stat_miss = check_expectations(j, vm, why, sizeof why);
        r->stat_why = r->stat_miss ? dup_text(why) : NULL;
    }
    if (res)
        r->host_steps = simtvm_result_host_steps(res);
    simtvm_result_free(res);
    simtvm_vm_free(vm);
}

/* ---- comparing ---- */

static int floats_differ(double want, double got, double tol)
{
    if (isnan(want) || isnan(got))
        return isnan(want) != isnan(got);
    return fabs(want - got) > tol * fmax(1.0, fmax(fabs(want), fabs(got)));
}

/* The first line where two output texts differ, as "output line N: expected
 * "...", got "..."". */
static int compare_text(const char *want, const char *got, char *why, size_t len)
{
    if (!strcmp(want, got))
        return 0;
    for (int line = 1;; line++) {
        size_t wl = strcspn(want, "\n"), gl = strcspn(got, "\n");
        if (wl != gl || memcmp(want, got, wl) || !want[wl] != !got[gl]) {
            snprintf(why, len, "output line %d: expected \"%.*s\", got \"%.*s\"%s", line,
                     (int)(wl > 160 ? 160 : wl), want, (int)(gl > 160 ? 160 : gl), got,
                     !*got ? " (the output ends early)" : "");
            return 1;
        }
        want += wl + 1, got += gl + 1;
    }
}

/* The first element of kernel buffer i that differs, described in why. */
static int compare_buffer(const grade_job *j, int i, const run_out *want, const run_out *got,
                          char *why, size_t len)
{
    simtvm_type t = want->elem[i];
    const char *name = "?";
    simtvm_module_param(j->reference, j->o->kernel, i, NULL, NULL, &name);
    size_t es = simtvm_type_size(t) ? simtvm_type_size(t) : 1;
    for (size_t k = 0; k * es < want->size[i]; k++) {
        const unsigned char *a = want->buf[i] + k * es, *b = got->buf[i] + k * es;
        double x, y;
        int differ;
        if (t == SIMTVM_F32) {
            float fa, fb;
            memcpy(&fa, a, 4), memcpy(&fb, b, 4);
            x = fa, y = fb, differ = floats_differ(x, y, 1e-5);
        } else if (t == SIMTVM_F64) {
            memcpy(&x, a, 8), memcpy(&y, b, 8);
            differ = floats_differ(x, y, 1e-12);
        } else {
            long long ia = 0, ib = 0;
            memcpy(&ia, a, es < 8 ? es : 8), memcpy(&ib, b, es < 8 ? es : 8);
            x = (double)ia, y = (double)ib, differ = ia != ib;
        }
        if (differ) {
            snprintf(why, len, "buffer '%s' element %zu: expected %.9g, got %.9g", name, k, x,
                     y);
            return 1;
        }
    }
    return 0;
}

/* 0 when got matches want; otherwise 1 with the difference in why. */
static int compare_runs(const grade_job *j, const run_out *want, const run_out *got, char *why,
                        size_t len)
{
    if (!j->o->kernel) {
        if (want->exit_code != got->exit_code) {
            snprintf(why, len, "main() returned %d, the reference %d", got->exit_code,
                     want->exit_code);
            return 1;
        }
        return compare_text(want->out, got->out, why, len);
    }
    for (int i = 0; i < MAX_PARAMS; i++)
        if (want->buf[i] && (!got->buf[i] || compare_buffer(j, i, want, got, why, len)))
            return 1;
    return compare_text(want->out, got->out, why, len);
}

/* ---- the verdict ---- */

static void set_fail(grade_job *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void set_fail(grade_job *j, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(j->reason, sizeof j->reason, fmt, ap);
    va_end(ap);
    j->verdict = V_FAIL;
}

/* The command that replays a run of the student's program: extra is the
 * schedule or checker options ("" for the default schedule). */
static void set_replay(grade_job *j, const char *extra)
{
    const simtvm_options *o = j->o;
    size_t n = (size_t)snprintf(j->replay, sizeof j->replay, "simtvm run %s", o->file);
    for (int k = 0; k < o->nmore_files && n < sizeof j->replay; k++)
        n += (size_t)snprintf(j->replay + n, sizeof j->replay - n, " %s", o->more_files[k]);
    if (*extra && n < sizeof j->replay)
        n += (size_t)snprintf(j->replay + n, sizeof j->replay - n, " %s", extra);
    if (o->device && n < sizeof j->replay)
        n += (size_t)snprintf(j->replay + n, sizeof j->replay - n, " --device %s", o->device);
    if (o->warp_size != 32 && n < sizeof j->replay)
        n += (size_t)snprintf(j->replay + n, sizeof j->replay - n, " --warp-size %d",
                              o->warp_size);
    if (!o->kernel || n >= sizeof j->replay)
        return;
    n += (size_t)snprintf(j->replay + n, sizeof j->replay - n,
                          " --kernel %s --grid %u,%u,%u --block %u,%u,%u", o->kernel, o->grid[0],
                          o->grid[1], o->grid[2], o->block[0], o->block[1], o->block[2]);
    for (int k = 0; k < o->nkargs && n < sizeof j->replay; k++)
        n += (size_t)snprintf(j->replay + n, sizeof j->replay - n, " --arg %s", o->kargs[k]);
}

/* A run that faulted, failed or found problems sets the verdict; 1 if so. */
static int judge_run(grade_job *j, const run_out *r, const char *schedule, const char *flags)
{
    if (r->fault) {
        set_fail(j, "the program faulted on %s:\n%s", schedule, r->fault);
    } else if (r->st != SIMTVM_OK) {
        set_fail(j, "the run failed on %s: %s", schedule, r->error ? r->error : "");
    } else if (r->findings) {
        set_fail(j, "the checkers found %u problem(s) on %s:\n%s", r->findings, schedule,
                 r->report ? r->report : "");
    } else {
        return 0;
    }
    set_replay(j, flags);
    size_t n = strlen(j->replay);
    if (r->fault && !j->o->max_host_steps && !j->o->kernel) /* the grader's budget, too */
        snprintf(j->replay + n, sizeof j->replay - n, " --max-host-steps %llu", j->host_budget);
    return 1;
}

static const char *check_names(unsigned checks, char *buf, size_t len)
{
    static const char *const names[] = {"race", "sync", "memory", "init"};
    buf[0] = '\0';
    for (int k = 0; k < 4; k++)
        if (checks & (1u << k)) {
            size_t n = strlen(buf);
            snprintf(buf + n, len - n, "%s%s", n ? "," : "", names[k]);
        }
    return buf;
}

/* Grades the compiled pair: the reference once, the student on the default
 * schedule with the checkers, then on each seed of the sweep. */
static void grade_runs(grade_job *j)
{
    run_out want, got;
    char names[64], flags[96], why[4096];
    run_once(j, j->reference, j->o->reference, 0, 0, 0, &want);
    if (want.st != SIMTVM_OK) {
        set_fail(j, "the reference %s itself did not run: %s", j->o->reference,
                 want.fault ? want.fault : (want.error ? want.error : ""));
        j->verdict = V_REFERENCE_ERROR;
        run_out_free(&want);
        return;
    }
    /* A student's main() that never ends must not hang the grader: it may
     * take 100 times the reference's host instructions (and 10^8 more). */
    j->host_budget = want.host_steps * 100 + 100000000ull;
    check_names(j->checks, names, sizeof names);
    snprintf(flags, sizeof flags, "--check=%s", names);
    run_once(j, j->student, j->o->file, j->checks, 0, 0, &got);
    if (!judge_run(j, &got, "the default schedule", flags) &&
        compare_runs(j, &want, &got, why, sizeof why)) {
        set_fail(j, "wrong answer on the default schedule: %s", why);
        set_replay(j, "");
    }
    run_out_free(&got);
    for (unsigned long long s = j->seeds_first; !*j->reason && s <= j->seeds_last; s++) {
        char schedule[96];
        snprintf(schedule, sizeof schedule, "seed %llu", s);
        snprintf(flags, sizeof flags, "--interleave=random --block-order=random --seed %llu", s);
        run_once(j, j->student, j->o->file, 0, 1, s, &got);
        if (!judge_run(j, &got, schedule, flags) &&
            compare_runs(j, &want, &got, why, sizeof why)) {
            set_fail(j, "wrong answer on a random schedule (seed %llu; right on the default "
                        "one, so the result depends on the order of the threads: a race): %s",
                     s, why);
            set_replay(j, flags);
        }
        run_out_free(&got);
    }
    run_out_free(&want);
    if (!*j->reason && j->o->nexpects) {
        run_once(j, j->student, j->o->file, 0, -1, 0, &got);
        int miss = judge_run(j, &got, "the statistics run", "--stats") ? 0 : got.stat_miss;
        const char *stat_why = got.stat_why ? got.stat_why : "out of memory";
        if (miss == 1) {
            set_fail(j, "right answer, but the statistics miss: %s", stat_why);
            set_replay(j, "--stats");
        } else if (miss == 2) {
            snprintf(j->reason, sizeof j->reason, "%s", stat_why);
            j->verdict = V_USAGE_ERROR;
        }
        run_out_free(&got);
    }
    if (!*j->reason)
        snprintf(j->reason, sizeof j->reason,
                 "same %s as %s on the default schedule and on seeds %llu..%llu; checkers %s "
                 "clean%s", j->o->kernel ? "buffers" : "output", j->o->reference,
                 j->seeds_first, j->seeds_last, names,
                 j->o->nexpects ? "; statistics as expected" : "");
}

static void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", out);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

static void print_verdict(const grade_job *j, FILE *out)
{
    if (j->o->json) {
        fputs("{\"file\":", out);
        json_string(out, j->o->file);
        fputs(",\"reference\":", out);
        json_string(out, j->o->reference);
        fputs(",\"verdict\":", out);
        json_string(out, verdict_names[j->verdict]);
        fputs(",\"reason\":", out);
        json_string(out, j->reason);
        fputs(",\"replay\":", out);
        if (*j->replay)
            json_string(out, j->replay);
        else
            fputs("null", out);
        fputs("}\n", out);
        return;
    }
    if (j->verdict == V_COMPILE_ERROR) {
        fprintf(out, "%s: COMPILE ERROR\n%s", j->o->file, j->reason);
        return;
    }
    fprintf(out, "%s: %s: %s\n", j->o->file, verdict_names[j->verdict], j->reason);
    if (*j->replay)
        fprintf(out, "replay: %s\n", j->replay);
}

/* Compiles path and the nmore files after it (a program of several files)
 * into *mod; on failure the diagnostics go to why. */
static int compile_file(const grade_job *j, const char *path, const char *const *more, int nmore,
                        simtvm_module **mod, char *why, size_t len)
{
    const char *names[65];
    char *texts[65] = { 0 };
    size_t lens[65] = { 0 };
    int n = nmore < 64 ? 1 + nmore : 65, bad = 0;
    for (int i = 0; i < n && !bad; i++) {
        names[i] = i ? more[i - 1] : path;
        texts[i] = read_text(names[i], &lens[i]);
        if (!texts[i]) {
            snprintf(why, len, "%s: cannot read the file\n", names[i]);
            bad = 1;
        }
    }
    simtvm_config cfg;
    config_for(j, &cfg, 0, 0, 0);
    simtvm_vm *vm = NULL;
    if (!bad && simtvm_vm_new(&cfg, &vm) != SIMTVM_OK) {
        snprintf(why, len, "%s\n", simtvm_errmsg(vm));
        bad = 1;
    } else if (!bad && simtvm_compile_files(vm, n, names, (const char *const *)texts, lens,
                                            j->o->defines, mod) != SIMTVM_OK) {
        snprintf(why, len, "%s", simtvm_diag_text(vm));
        bad = 1;
    }
    simtvm_vm_free(vm);
    for (int i = 0; i < n; i++)
        free(texts[i]);
    return bad ? -1 : 0;
}

int simtvm_grade(const simtvm_options *o)
{
    grade_job *j = calloc(1, sizeof *j);
    if (!j) {
        fprintf(stderr, "simtvm: error: out of memory\n");
        return EXIT_FAIL;
    }
    j->o = o;
    j->checks = o->checks ? o->checks : SIMTVM_CHECK_ALL;
    j->seeds_first = o->have_seeds ? o->seeds_first : 1;
    j->seeds_last = o->have_seeds ? o->seeds_last : 20;
    if (compile_file(j, o->reference, NULL, 0, &j->reference, j->reason, sizeof j->reason)) {
        fprintf(stderr, "simtvm: error: the reference does not compile:\n%s", j->reason);
        free(j);
        return EXIT_USAGE;
    }
    if (o->kernel && simtvm_module_param_count(j->reference, o->kernel) < 0) {
        fprintf(stderr, "simtvm: error: the reference %s has no kernel '%s'\n", o->reference,
                o->kernel);
        simtvm_module_free(j->reference);
        free(j);
        return EXIT_USAGE;
    }
    if (compile_file(j, o->file, o->more_files, o->nmore_files, &j->student, j->reason, sizeof j->reason)) {
        j->verdict = V_COMPILE_ERROR;
    } else if (o->kernel && simtvm_module_param_count(j->student, o->kernel) !=
                                simtvm_module_param_count(j->reference, o->kernel)) {
        set_fail(j, "no kernel %s with the reference's %d parameters", o->kernel,
                 simtvm_module_param_count(j->reference, o->kernel));
    } else {
        j->verdict = V_PASS;
        grade_runs(j);
    }
    print_verdict(j, stdout);
    simtvm_module_free(j->student);
    simtvm_module_free(j->reference);
    int status = j->verdict == V_PASS ? EXIT_OK
                 : j->verdict == V_USAGE_ERROR ? EXIT_USAGE : EXIT_FAIL;
    free(j);
    return status;
}
