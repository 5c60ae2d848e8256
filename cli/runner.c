/* cli/runner.c -- runner mode: launch one kernel without main().
 *
 * Every --arg NAME=VALUE is matched to the kernel's parameter of that name and
 * converted by its type: a number for a scalar; for a pointer, a new global
 * buffer `T[N]` (zero-filled), `T[N]=iota`, `T[N]=rand:SEED` or `@FILE.npy`.
 * After the launch every --out NAME=FILE.npy writes a buffer (or a __device__
 * variable of the module) as a NumPy file.
 */
#include "cli/runner.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>

/* One kernel parameter: its type, its value and, for pointers, the buffer
 * behind it. */
typedef struct kparam {
    const char *name;
    simtvm_type type, elem;     /* elem: the pointee of a pointer (SIMTVM_VOID: any) */
    int given;
    simtvm_arg value;           /* passed to the launch */
    simtvm_buffer *buf;         /* a buffer we made (pointers) */
} kparam;

typedef struct runner {
    simtvm_vm *vm;
    simtvm_module *mod;
    const simtvm_options *o;
    int nparams;
    kparam *params;
} runner;

static int usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Prints `simtvm: error: MESSAGE`; returns the usage-error status. */
static int usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int status = simtvm_verror(stderr, EXIT_USAGE, fmt, ap);
    va_end(ap);
    return status;
}

int simtvm_run_status(simtvm_vm *vm, simtvm_status st, simtvm_result *r, int exit_code)
{
    fflush(stdout);
    simtvm_fault f;
    switch (st) {
    case SIMTVM_OK:
        return exit_code & 0xff;
    case SIMTVM_ERR_ARGS:
        return usage("%s", simtvm_errmsg(vm));
    default:
        if (st == SIMTVM_ERR_FAULT && simtvm_result_fault(r, &f) == SIMTVM_OK) {
            if (!simtvm_result_fault_printed(r))
                fputs(f.text, stderr);
        } else { /* no report: out of memory, a failed load */
            fprintf(stderr, "simtvm: error: %s\n", simtvm_errmsg(vm));
        }
        return EXIT_FAIL;
    }
}

/* Writes the statistics (--stats) to --stats-file or stderr. */
static int report_stats(simtvm_vm *vm, const simtvm_options *o)
{
    static const char *const formats[] = {"text", "text", "json", "csv", "explain"};
    const char *text;
    if (simtvm_stats(vm, formats[o->stats], &text) != SIMTVM_OK) {
        fprintf(stderr, "simtvm: error: %s\n", simtvm_errmsg(vm));
        return EXIT_FAIL;
    }
    FILE *f = o->stats_file ? fopen(o->stats_file, "w") : stderr;
    if (!f) {
        fprintf(stderr, "simtvm: error: %s: %s\n", o->stats_file, strerror(errno));
        return EXIT_FAIL;
    }
    int bad = fputs(text, f) < 0;
    if (f != stderr)
        bad |= fclose(f) != 0;
    if (bad)
        fprintf(stderr, "simtvm: error: writing the statistics failed\n");
    return bad ? EXIT_FAIL : EXIT_OK;
}

int simtvm_finish_run(simtvm_vm *vm, const simtvm_options *o, int status)
{
    fflush(stdout);
    if (o->stats) {
        int st = report_stats(vm, o);
        if (status == EXIT_OK)
            status = st;
    }
    const char *text = "";
    if (simtvm_write_views(vm, &text) != SIMTVM_OK && status == EXIT_OK)
        status = EXIT_FAIL;
    fputs(text, stderr);
    if (o->checks) {
        unsigned findings = 0;
        if (simtvm_findings(vm, &findings, &text) == SIMTVM_OK)
            fputs(text, stderr);
        else
            fprintf(stderr, "simtvm: error: %s\n", simtvm_errmsg(vm));
        /* Findings decide the status only when the program itself succeeded. */
        if (findings && status == EXIT_OK)
            status = o->error_exitcode >= 0 ? o->error_exitcode : EXIT_FINDINGS;
    }
    return status;
}

/* ---- element types by name ---- */

static const struct {
    const char *name;
    simtvm_type t;
} ELEM_TYPES[] = {
    {"char", SIMTVM_I8}, {"uchar", SIMTVM_U8}, {"short", SIMTVM_I16}, {"ushort", SIMTVM_U16},
    {"int", SIMTVM_I32}, {"uint", SIMTVM_U32}, {"long", SIMTVM_I64}, {"ulong", SIMTVM_U64},
    {"float", SIMTVM_F32}, {"double", SIMTVM_F64}, {"bool", SIMTVM_BOOL},
};

static const char *elem_name(simtvm_type t)
{
    for (size_t k = 0; k < sizeof ELEM_TYPES / sizeof ELEM_TYPES[0]; k++)
        if (ELEM_TYPES[k].t == t)
            return ELEM_TYPES[k].name;
    return t == SIMTVM_VOID ? "void" : simtvm_type_name(t);
}

static int elem_by_name(const char *s, size_t len)
{
    for (size_t k = 0; k < sizeof ELEM_TYPES / sizeof ELEM_TYPES[0]; k++)
        if (strlen(ELEM_TYPES[k].name) == len && !strncmp(ELEM_TYPES[k].name, s, len))
            return (int)ELEM_TYPES[k].t;
    return -1;
}

static int is_signed_type(simtvm_type t)
{
    return t == SIMTVM_I8 || t == SIMTVM_I16 || t == SIMTVM_I32 || t == SIMTVM_I64;
}

/* ---- scalars ---- */

/* Converts text to an argument of type t, checking its range. */
static int parse_scalar(const char *text, simtvm_type t, simtvm_arg *out)
{
    char *end;
    errno = 0;
    if (t == SIMTVM_F32 || t == SIMTVM_F64) {
        double d = strtod(text, &end);
        if (end == text || *end || errno == ERANGE)
            return -1;
        *out = simtvm_arg_of(t, 0, 0, d);
        return 0;
    }
    if (t == SIMTVM_BOOL && (!strcmp(text, "true") || !strcmp(text, "false"))) {
        *out = simtvm_arg_of(t, text[0] == 't', 0, 0);
        return 0;
    }
    int bits = (int)simtvm_type_size(t) * 8;
    if (bits == 0 || !*text)
        return -1;
    if (is_signed_type(t)) {
        long long v = strtoll(text, &end, 0);
        long long lim = bits == 64 ? INT64_MAX : (1LL << (bits - 1)) - 1;
        if (*end || errno || v > lim || v < -lim - 1)
            return -1;
        *out = simtvm_arg_of(t, v, 0, 0);
        return 0;
    }
    unsigned long long v = strtoull(text, &end, 0);
    unsigned long long lim = bits == 64 ? UINT64_MAX : (1ULL << bits) - 1;
    if (text[0] == '-' || *end || errno || v > lim || (t == SIMTVM_BOOL && v > 1))
        return -1;
    *out = simtvm_arg_of(t, (int64_t)v, v, 0);
    return 0;
}

/* ---- buffers ---- */

/* splitmix64: the documented generator of T[N]=rand:SEED (cli/README.md). */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Stores element k of a buffer of t: integers from iv (wrapping to the
 * width), floats from fv. */
static void store_elem(uint8_t *p, simtvm_type t, uint64_t k, uint64_t iv, double fv)
{
    size_t size = simtvm_type_size(t);
    if (t == SIMTVM_F32) {
        float f = (float)fv;
        memcpy(p + k * size, &f, size);
    } else if (t == SIMTVM_F64) {
        memcpy(p + k * size, &fv, size);
    } else {
        uint8_t bytes[8];
        for (size_t b = 0; b < size; b++)
            bytes[b] = (uint8_t)(iv >> (8 * b)); /* little-endian, as the VM */
        memcpy(p + k * size, bytes, size);
    }
}

/* Fills host bytes for a new buffer: 1 iota, 2 rand with seed. */
static void fill_buffer(uint8_t *p, simtvm_type t, uint64_t count, int how, uint64_t seed)
{
    int bits = (int)simtvm_type_size(t) * 8;
    int int_bits = bits < 32 ? bits - 1 : 31; /* non-negative in every integer type */
    if (t == SIMTVM_BOOL)
        int_bits = 1;
    uint64_t state = seed;
    for (uint64_t k = 0; k < count; k++) {
        if (how == 1) {
            store_elem(p, t, k, k, (double)k);
            continue;
        }
        uint64_t x = splitmix64(&state);
        double f = t == SIMTVM_F32 ? (double)(x >> 40) * 0x1p-24 : (double)(x >> 11) * 0x1p-53;
        store_elem(p, t, k, x >> (64 - int_bits), f);
    }
}

/* A new zero-filled buffer of count elements of t for parameter p. */
static int new_buffer(runner *r, kparam *p, simtvm_type t, uint64_t count)
{
    uint64_t size = simtvm_type_size(t);
    if (count == 0 || count > UINT64_MAX / size)
        return usage("--arg %s: bad element count", p->name);
    simtvm_status st = simtvm_buffer_new(r->vm, t, (size_t)count, &p->buf);
    if (st == SIMTVM_ERR_LIMIT || st == SIMTVM_ERR_RANGE)
        return usage("--arg %s: %llu bytes do not fit in guest memory (see --max-memory)",
                     p->name, (unsigned long long)(count * size));
    if (st != SIMTVM_OK)
        return usage("--arg %s: %s", p->name, simtvm_errmsg(r->vm));
    p->value = simtvm_arg_buffer(p->buf);
    return 0;
}

/* Checks that a buffer of t may be passed where the kernel expects want. */
static int check_elem(const kparam *p, simtvm_type want, simtvm_type t)
{
    if (want != SIMTVM_VOID && want != t)
        return usage("--arg %s: the kernel takes %s *, not a buffer of %s", p->name,
                     elem_name(want), elem_name(t));
    return 0;
}

/* The fill after T[N]: 0 none, 1 =iota, 2 =rand:SEED; -1 after an error. */
static int parse_fill(const kparam *p, const char *fill, uint64_t *seed)
{
    char *end;
    if (!*fill)
        return 0;
    if (!strcmp(fill, "=iota"))
        return 1;
    if (!strncmp(fill, "=rand:", 6)) {
        errno = 0;
        *seed = strtoull(fill + 6, &end, 10);
        if (!fill[6] || *end || errno || fill[6] == '-') {
            usage("--arg %s: rand needs a seed, as in float[N]=rand:7", p->name);
            return -1;
        }
        return 2;
    }
    usage("--arg %s: after T[N] comes nothing, =iota or =rand:SEED, not '%s'", p->name, fill);
    return -1;
}

/* TYPE[N], TYPE[N]=iota or TYPE[N]=rand:SEED. */
static int parse_buffer(runner *r, kparam *p, const char *text)
{
    const char *open = strchr(text, '['), *close = open ? strchr(open, ']') : NULL;
    int t = open ? elem_by_name(text, (size_t)(open - text)) : -1;
    if (t < 0 || !close)
        return usage("--arg %s: '%s' is neither T[N] (T: char uchar short ushort int uint long "
                     "ulong float double) nor @FILE.npy", p->name, text);
    char *end;
    errno = 0;
    unsigned long long count = strtoull(open + 1, &end, 10);
    if (end != close || errno || count == 0 || open[1] == '-')
        return usage("--arg %s: '%s' needs a positive element count in [N]", p->name, text);
    uint64_t seed = 0;
    int how = parse_fill(p, close + 1, &seed);
    if (how < 0 || check_elem(p, p->elem, (simtvm_type)t) ||
        new_buffer(r, p, (simtvm_type)t, count))
        return EXIT_USAGE;
    if (!how)
        return 0; /* new buffers are zero-filled */
    size_t bytes = (size_t)count * simtvm_type_size((simtvm_type)t);
    uint8_t *host = malloc(bytes);
    if (!host)
        return usage("--arg %s: out of memory", p->name);
    fill_buffer(host, (simtvm_type)t, count, how, seed);
    simtvm_status st = simtvm_buffer_write(p->buf, 0, host, bytes);
    free(host);
    return st == SIMTVM_OK ? 0 : usage("--arg %s: %s", p->name, simtvm_errmsg(r->vm));
}

/* @FILE.npy: the array's dtype must match the pointee type. */
static int parse_npy(runner *r, kparam *p, const char *path)
{
    if (simtvm_buffer_load_npy(r->vm, path, &p->buf) != SIMTVM_OK)
        return usage("--arg %s: %s", p->name, simtvm_errmsg(r->vm));
    p->value = simtvm_arg_buffer(p->buf);
    return check_elem(p, p->elem, simtvm_buffer_type(p->buf)) ? EXIT_USAGE : 0;
}

/* ---- matching --arg to parameters ---- */

static void list_params(const runner *r, FILE *err)
{
    fprintf(err, "simtvm: note: the parameters of %s are:", r->o->kernel);
    for (int k = 0; k < r->nparams; k++) {
        const kparam *p = &r->params[k];
        int ptr = p->type == SIMTVM_PTR;
        fprintf(err, " %s %s%s", elem_name(ptr ? p->elem : p->type), ptr ? "*" : "",
                p->name);
    }
    fputc('\n', err);
}

static int find_param(const runner *r, const char *name, size_t len)
{
    for (int k = 0; k < r->nparams; k++)
        if (strlen(r->params[k].name) == len && !strncmp(r->params[k].name, name, len))
            return k;
    return -1;
}

static int apply_arg(runner *r, const char *arg)
{
    size_t len = strcspn(arg, "=");
    const char *text = arg + len + 1;
    int k = find_param(r, arg, len);
    if (k < 0) {
        usage("--arg %.*s: %s has no parameter of that name", (int)len, arg, r->o->kernel);
        list_params(r, stderr);
        return EXIT_USAGE;
    }
    kparam *p = &r->params[k];
    if (p->given)
        return usage("--arg %s is given twice", p->name);
    p->given = 1;
    if (p->type != SIMTVM_PTR) {
        if (parse_scalar(text, p->type, &p->value))
            return usage("--arg %s: '%s' is not a %s", p->name, text, elem_name(p->type));
        return 0;
    }
    if (text[0] == '@')
        return parse_npy(r, p, text + 1);
    return parse_buffer(r, p, text);
}

/* ---- --out ---- */

/* The buffer an --out NAME refers to: a pointer parameter we filled, or a
 * module variable (*owned: a handle to free after use). */
static int find_out(const runner *r, const char *name, size_t len, simtvm_buffer **buf,
                    int *owned)
{
    int k = find_param(r, name, len);
    *owned = 0;
    if (k >= 0 && r->params[k].buf) {
        *buf = r->params[k].buf;
        return 0;
    }
    char var[256];
    snprintf(var, sizeof var, "%.*s", (int)len, name);
    if (k < 0 && len < sizeof var && simtvm_buffer_of_global(r->vm, var, buf) == SIMTVM_OK) {
        *owned = 1;
        simtvm_type t = simtvm_buffer_type(*buf);
        if (t != SIMTVM_VOID && t != SIMTVM_PTR)
            return 0;
        simtvm_buffer_free(*buf);
    }
    return usage("--out %.*s: not a buffer parameter of %s nor a __device__ variable", (int)len,
                 name, r->o->kernel);
}

static int check_outs(const runner *r)
{
    for (int i = 0; i < r->o->nouts; i++) {
        const char *out = r->o->outs[i];
        size_t len = strcspn(out, "=");
        simtvm_buffer *buf;
        int owned;
        struct stat a, b;
        if (find_out(r, out, len, &buf, &owned))
            return EXIT_USAGE;
        if (owned)
            simtvm_buffer_free(buf);
        if (stat(out + len + 1, &a) == 0 && stat(r->o->file, &b) == 0 && a.st_ino == b.st_ino &&
            a.st_dev == b.st_dev)
            return usage("--out %s would overwrite the input", out);
    }
    return 0;
}

static int write_outs(runner *r)
{
    for (int i = 0; i < r->o->nouts; i++) {
        const char *out = r->o->outs[i], *path = out + strcspn(out, "=") + 1;
        simtvm_buffer *buf;
        int owned;
        if (find_out(r, out, strcspn(out, "="), &buf, &owned))
            return EXIT_FAIL;
        simtvm_status st = simtvm_buffer_save_npy(buf, path);
        if (owned)
            simtvm_buffer_free(buf);
        if (st != SIMTVM_OK) {
            fprintf(stderr, "simtvm: error: --out %s: %s\n", out, simtvm_errmsg(r->vm));
            return EXIT_FAIL;
        }
    }
    return 0;
}

static int find_kernel(runner *r)
{
    r->nparams = simtvm_module_param_count(r->mod, r->o->kernel);
    if (r->nparams >= 0)
        return 0;
    usage("%s has no __global__ function named %s", r->o->file, r->o->kernel);
    int n = simtvm_module_kernel_count(r->mod);
    const char **names = calloc(n ? (size_t)n : 1, sizeof *names);
    fputs("simtvm: note: its kernels are:", stderr);
    for (int k = 0; k < n; k++) {
        fprintf(stderr, " %s", simtvm_module_kernel_name(r->mod, k));
        if (names)
            names[k] = simtvm_module_kernel_name(r->mod, k);
    }
    fputc('\n', stderr);
    const char *best = names ? simtvm_suggest(r->o->kernel, names, (size_t)n) : NULL;
    if (best)
        fprintf(stderr, "help: did you mean '%s'?\n", best);
    free(names);
    return EXIT_USAGE;
}

static int prepare_args(runner *r)
{
    for (int k = 0; k < r->nparams; k++) {
        kparam *p = &r->params[k];
        simtvm_module_param(r->mod, r->o->kernel, k, &p->type, &p->elem, &p->name);
        if (!p->name)
            p->name = "?";
    }
    for (int i = 0; i < r->o->nkargs; i++)
        if (apply_arg(r, r->o->kargs[i]))
            return EXIT_USAGE;
    for (int k = 0; k < r->nparams; k++)
        if (!r->params[k].given) {
            usage("%s needs --arg %s=VALUE", r->o->kernel, r->params[k].name);
            list_params(r, stderr);
            return EXIT_USAGE;
        }
    return check_outs(r);
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Without --out nothing else says the kernel ran: one line of what ran, how
 * long it took here (the host's time, not the GPU's) and how it ended. */
static void summary(const simtvm_options *o, double ms, int ok)
{
    if (o->quiet || o->nouts)
        return;
    fflush(stdout);
    fprintf(stderr, "simtvm: ran %s<<<(%u,%u,%u), (%u,%u,%u)>>> (%llu threads) in %.1f ms "
                    "(host time): %s\n", o->kernel, o->grid[0], o->grid[1], o->grid[2],
            o->block[0], o->block[1], o->block[2],
            (unsigned long long)o->grid[0] * o->grid[1] * o->grid[2] * o->block[0] *
                o->block[1] * o->block[2], ms, ok ? "ok" : "faulted");
}

/* Launches with the prepared arguments; returns the exit status. */
static int launch(runner *r, const simtvm_arg *args)
{
    const simtvm_options *o = r->o;
    simtvm_result *res = NULL;
    double t0 = now_ms();
    simtvm_status st = simtvm_launch(r->vm, o->kernel,
                                     simtvm_dim3_of(o->grid[0], o->grid[1], o->grid[2]),
                                     simtvm_dim3_of(o->block[0], o->block[1], o->block[2]),
                                     (size_t)o->shared, args, r->nparams, &res);
    double ms = now_ms() - t0;
    int status;
    if (st == SIMTVM_OK)
        status = write_outs(r);
    else if (st == SIMTVM_ERR_RANGE) /* a geometry the device cannot run */
        status = usage("%s", simtvm_errmsg(r->vm));
    else
        status = simtvm_run_status(r->vm, st, res, 0);
    simtvm_result_free(res);
    summary(o, ms, st == SIMTVM_OK);
    return status;
}

int simtvm_run_kernel(simtvm_vm *vm, simtvm_module *mod, const simtvm_options *o)
{
    runner r = {.vm = vm, .mod = mod, .o = o};
    int status = find_kernel(&r);
    if (status)
        return status;
    r.params = calloc(r.nparams + 1u, sizeof *r.params);
    simtvm_arg *args = calloc(r.nparams + 1u, sizeof *args);
    if (!r.params || !args)
        status = usage("out of memory");
    else
        status = prepare_args(&r);
    if (!status) {
        for (int k = 0; k < r.nparams; k++)
            args[k] = r.params[k].value;
        status = launch(&r, args);
    }
    free(args);
    free(r.params);
    return status;
}
