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

#include "runtime/npy.h"
#include "runtime/observers.h"
#include "vm/suggest.h"

/* One kernel parameter's value and, for pointers, the buffer behind it. */
typedef struct kparam {
    const char *name;
    int given;
    uint64_t value;             /* register image passed to the launch */
    uint64_t count;             /* buffer elements (pointers) */
    int elem;                   /* buffer element vtype */
} kparam;

typedef struct runner {
    simt_vm *vm;
    const simtvm_options *o;
    int func;
    const simt_sig *sig;
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

int simtvm_run_status(simt_vm *vm, simt_status st)
{
    fflush(vm->out);
    switch (st) {
    case SIMT_OK:
    case SIMT_EXIT:
        return vm->exit_code & 0xff;
    case SIMT_ERR_USAGE:
        return usage("%s", vm->fault.message);
    case SIMT_FAULT:
    default:
        simt_vm_print_fault(vm, stderr);
        return EXIT_FAIL;
    }
}

/* Writes the statistics (--stats) to --stats-file or stderr. */
static int report_stats(simt_vm *vm, const simtvm_options *o)
{
    static const char *const formats[] = {"text", "text", "json", "csv", "explain"};
    FILE *f = o->stats_file ? fopen(o->stats_file, "w") : stderr;
    if (!f) {
        fprintf(stderr, "simtvm: error: %s: %s\n", o->stats_file, strerror(errno));
        return EXIT_FAIL;
    }
    int bad = simt_model_report(vm->model, f, formats[o->stats]) != 0;
    if (f != stderr)
        bad |= fclose(f) != 0;
    if (bad)
        fprintf(stderr, "simtvm: error: writing the statistics failed\n");
    return bad ? EXIT_FAIL : EXIT_OK;
}

int simtvm_finish_run(simt_vm *vm, const simtvm_options *o, int status)
{
    fflush(vm->out);
    if (vm->model && o->stats) {
        int st = report_stats(vm, o);
        if (status == EXIT_OK)
            status = st;
    }
    if (vm->trace && simt_trace_finish(vm->trace, stderr) != 0 && status == EXIT_OK)
        status = EXIT_FAIL;
    if (vm->checker) {
        unsigned findings = simt_check_finish(vm->checker, vm, stderr);
        /* Findings decide the status only when the program itself succeeded. */
        if (findings && status == EXIT_OK)
            status = o->error_exitcode >= 0 ? o->error_exitcode : EXIT_FINDINGS;
    }
    return status;
}

/* ---- element types by name ---- */

static const struct {
    const char *name;
    int vt;
} ELEM_TYPES[] = {
    {"char", VT_I8}, {"uchar", VT_U8}, {"short", VT_I16}, {"ushort", VT_U16},
    {"int", VT_I32}, {"uint", VT_U32}, {"long", VT_I64}, {"ulong", VT_U64},
    {"float", VT_F32}, {"double", VT_F64}, {"bool", VT_BOOL},
};

static const char *elem_name(int vt)
{
    for (size_t k = 0; k < sizeof ELEM_TYPES / sizeof ELEM_TYPES[0]; k++)
        if (ELEM_TYPES[k].vt == vt)
            return ELEM_TYPES[k].name;
    return simt_vtype_name((unsigned)vt);
}

static int elem_by_name(const char *s, size_t len)
{
    for (size_t k = 0; k < sizeof ELEM_TYPES / sizeof ELEM_TYPES[0]; k++)
        if (strlen(ELEM_TYPES[k].name) == len && !strncmp(ELEM_TYPES[k].name, s, len))
            return ELEM_TYPES[k].vt;
    return -1;
}

static int is_signed_vt(int vt)
{
    return vt == VT_I8 || vt == VT_I16 || vt == VT_I32 || vt == VT_I64;
}

/* ---- scalars ---- */

/* Converts text to the register image of a value of type vt: 32-bit and
 * narrower integers zero-extended from 32 bits, floats as their bits. */
static int parse_scalar(const char *text, int vt, uint64_t *out)
{
    char *end;
    errno = 0;
    if (vt == VT_F32 || vt == VT_F64) {
        double d = strtod(text, &end);
        if (end == text || *end || errno == ERANGE)
            return -1;
        if (vt == VT_F64) {
            memcpy(out, &d, sizeof d);
            return 0;
        }
        float f = (float)d;
        uint32_t bits;
        memcpy(&bits, &f, sizeof bits);
        *out = bits;
        return 0;
    }
    if (vt == VT_BOOL && (!strcmp(text, "true") || !strcmp(text, "false"))) {
        *out = text[0] == 't';
        return 0;
    }
    int bits = (int)simt_vtype_size((unsigned)vt) * 8;
    if (bits == 0 || !*text)
        return -1;
    if (is_signed_vt(vt)) {
        long long v = strtoll(text, &end, 0);
        long long lim = bits == 64 ? INT64_MAX : (1LL << (bits - 1)) - 1;
        if (*end || errno || v > lim || v < -lim - 1)
            return -1;
        /* Register conventions (vm/opcodes.def): 32-bit values are kept
         * zero-extended; signed 8- and 16-bit values sign-extended, as LD8S and
         * SEXT8 leave them. */
        *out = bits == 32 ? (uint64_t)(uint32_t)(int32_t)v : (uint64_t)v;
        return 0;
    }
    unsigned long long v = strtoull(text, &end, 0);
    unsigned long long lim = bits == 64 ? UINT64_MAX : (1ULL << bits) - 1;
    if (text[0] == '-' || *end || errno || v > lim || (vt == VT_BOOL && v > 1))
        return -1;
    *out = v;
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

/* Stores element k of a buffer of vt: integers from iv (wrapping to the
 * width), floats from fv. */
static void store_elem(uint8_t *p, int vt, uint64_t k, uint64_t iv, double fv)
{
    size_t size = simt_vtype_size((unsigned)vt);
    if (vt == VT_F32) {
        float f = (float)fv;
        memcpy(p + k * size, &f, size);
    } else if (vt == VT_F64) {
        memcpy(p + k * size, &fv, size);
    } else {
        uint8_t bytes[8];
        for (size_t b = 0; b < size; b++)
            bytes[b] = (uint8_t)(iv >> (8 * b)); /* little-endian, as the VM */
        memcpy(p + k * size, bytes, size);
    }
}

/* Fills a new buffer: 0 zero, 1 iota, 2 rand with seed. */
static void fill_buffer(uint8_t *p, int vt, uint64_t count, int how, uint64_t seed)
{
    int bits = (int)simt_vtype_size((unsigned)vt) * 8;
    int int_bits = bits < 32 ? bits - 1 : 31; /* non-negative in every integer type */
    if (vt == VT_BOOL)
        int_bits = 1;
    uint64_t state = seed;
    for (uint64_t k = 0; k < count && how; k++) {
        if (how == 1) {
            store_elem(p, vt, k, k, (double)k);
            continue;
        }
        uint64_t x = splitmix64(&state);
        double f = vt == VT_F32 ? (double)(x >> 40) * 0x1p-24 : (double)(x >> 11) * 0x1p-53;
        store_elem(p, vt, k, x >> (64 - int_bits), f);
    }
}

/* Allocates count elements of vt in global memory; returns its host bytes. */
static uint8_t *new_buffer(runner *r, kparam *p, int vt, uint64_t count)
{
    uint64_t size = simt_vtype_size((unsigned)vt);
    if (count == 0 || count > UINT64_MAX / size) {
        usage("--arg %s: bad element count", p->name);
        return NULL;
    }
    uint64_t addr = simt_mem_alloc(&r->vm->mem, SPACE_GLOBAL, count * size, 256, ALLOC_CUDA,
                                   p->name);
    if (!addr) {
        usage("--arg %s: %llu bytes do not fit in guest memory (see --max-memory)", p->name,
              (unsigned long long)(count * size));
        return NULL;
    }
    simt_tctx host = {.is_host = 1};
    uint8_t *bytes = simt_vm_translate(r->vm, &host, addr, count * size, 1);
    if (!bytes) {
        usage("--arg %s: %s", p->name, r->vm->fault.message);
        return NULL;
    }
    p->value = addr, p->count = count, p->elem = vt;
    return bytes;
}

/* Checks that a buffer of vt may be passed where the kernel expects want. */
static int check_elem(const kparam *p, int want, int vt)
{
    if (want != VT_VOID && want != vt)
        return usage("--arg %s: the kernel takes %s *, not a buffer of %s", p->name,
                     elem_name(want), elem_name(vt));
    return 0;
}

/* TYPE[N], TYPE[N]=iota or TYPE[N]=rand:SEED. */
static int parse_buffer(runner *r, kparam *p, int want, const char *text)
{
    const char *open = strchr(text, '['), *close = open ? strchr(open, ']') : NULL;
    int vt = open ? elem_by_name(text, (size_t)(open - text)) : -1;
    if (vt < 0 || !close)
        return usage("--arg %s: '%s' is neither T[N] (T: char uchar short ushort int uint long "
                     "ulong float double) nor @FILE.npy", p->name, text);
    char *end;
    errno = 0;
    unsigned long long count = strtoull(open + 1, &end, 10);
    if (end != close || errno || count == 0 || open[1] == '-')
        return usage("--arg %s: '%s' needs a positive element count in [N]", p->name, text);
    int how = 0;
    uint64_t seed = 0;
    const char *fill = close + 1;
    if (!strcmp(fill, "=iota")) {
        how = 1;
    } else if (!strncmp(fill, "=rand:", 6)) {
        how = 2;
        errno = 0;
        seed = strtoull(fill + 6, &end, 10);
        if (!fill[6] || *end || errno || fill[6] == '-')
            return usage("--arg %s: rand needs a seed, as in float[N]=rand:7", p->name);
    } else if (*fill) {
        return usage("--arg %s: after T[N] comes nothing, =iota or =rand:SEED, not '%s'", p->name,
                     fill);
    }
    if (check_elem(p, want, vt))
        return EXIT_USAGE;
    uint8_t *bytes = new_buffer(r, p, vt, count);
    if (!bytes)
        return EXIT_USAGE;
    fill_buffer(bytes, vt, count, how, seed);
    return 0;
}

/* @FILE.npy: the array's dtype must match the pointee type. */
static int parse_npy(runner *r, kparam *p, int want, const char *path)
{
    simt_npy arr;
    char why[256] = "";
    if (simt_npy_load(NULL, path, &arr, why, sizeof why) != 0)
        return usage("--arg %s: %s", p->name, why);
    int status = check_elem(p, want, (int)arr.type);
    uint8_t *bytes = status ? NULL : new_buffer(r, p, (int)arr.type, arr.count);
    if (bytes)
        memcpy(bytes, arr.data, arr.count * simt_vtype_size(arr.type));
    simt_npy_free(&arr);
    return bytes ? 0 : EXIT_USAGE;
}

/* ---- matching --arg to parameters ---- */

static void list_params(const runner *r, FILE *err)
{
    const simt_func *fn = &r->vm->mod->funcs[r->func];
    fputs("simtvm: note: the parameters of ", err);
    fputs(fn->name, err);
    fputs(" are:", err);
    for (int k = 0; k < r->sig->nargs; k++) {
        int vt = r->sig->args[k];
        fprintf(err, " %s %s%s", vt == VT_PTR ? elem_name(r->sig->ptr_elem[k]) : elem_name(vt),
                vt == VT_PTR ? "*" : "", fn->param_names[k]);
    }
    fputc('\n', err);
}

static int find_param(const runner *r, const char *name, size_t len)
{
    const simt_func *fn = &r->vm->mod->funcs[r->func];
    for (int k = 0; k < r->sig->nargs; k++)
        if (fn->param_names[k] && strlen(fn->param_names[k]) == len &&
            !strncmp(fn->param_names[k], name, len))
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
    int vt = r->sig->args[k];
    if (vt != VT_PTR) {
        if (parse_scalar(text, vt, &p->value))
            return usage("--arg %s: '%s' is not a %s", p->name, text, elem_name(vt));
        return 0;
    }
    if (text[0] == '@')
        return parse_npy(r, p, r->sig->ptr_elem[k], text + 1);
    return parse_buffer(r, p, r->sig->ptr_elem[k], text);
}

/* ---- --out ---- */

/* The buffer an --out NAME refers to: a pointer parameter we filled, or a
 * module variable. */
static int find_out(const runner *r, const char *name, size_t len, uint64_t *addr,
                    uint64_t *count, int *vt)
{
    int k = find_param(r, name, len);
    if (k >= 0 && r->params[k].count) {
        *addr = r->params[k].value, *count = r->params[k].count, *vt = r->params[k].elem;
        return 0;
    }
    const simt_module *mod = r->vm->mod;
    for (uint32_t g = 0; k < 0 && g < mod->nglobals; g++) {
        const simt_global *gl = &mod->globals[g];
        size_t size = simt_vtype_size(gl->elem);
        if (strlen(gl->name) != len || strncmp(gl->name, name, len) || size == 0)
            continue;
        *addr = r->vm->global_addr[g], *count = gl->size / size, *vt = gl->elem;
        return 0;
    }
    return usage("--out %.*s: not a buffer parameter of %s nor a __device__ variable", (int)len,
                 name, r->o->kernel);
}

static int check_outs(const runner *r)
{
    for (int i = 0; i < r->o->nouts; i++) {
        const char *out = r->o->outs[i];
        size_t len = strcspn(out, "=");
        uint64_t addr, count;
        int vt;
        struct stat a, b;
        if (find_out(r, out, len, &addr, &count, &vt))
            return EXIT_USAGE;
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
        uint64_t addr, count;
        int vt;
        find_out(r, out, strcspn(out, "="), &addr, &count, &vt);
        simt_tctx host = {.is_host = 1};
        const void *bytes = simt_vm_translate(r->vm, &host, addr, count * simt_vtype_size(vt), 0);
        char why[256] = "";
        if (!bytes ||
            simt_npy_save(NULL, path, (simt_vtype)vt, count, bytes, why, sizeof why) != 0) {
            fprintf(stderr, "simtvm: error: --out %s: %s\n", out,
                    bytes ? why : r->vm->fault.message);
            return EXIT_FAIL;
        }
    }
    return 0;
}

static int find_kernel(runner *r)
{
    const simt_module *mod = r->vm->mod;
    r->func = simt_module_find_func(mod, r->o->kernel);
    if (r->func >= 0 && (mod->funcs[r->func].kind & FN_KERNEL)) {
        r->sig = &mod->sigs[mod->funcs[r->func].sig];
        return 0;
    }
    usage("%s has no __global__ function named %s", r->o->file, r->o->kernel);
    simt_suggester sug;
    simt_suggest_init(&sug, r->o->kernel);
    fputs("simtvm: note: its kernels are:", stderr);
    for (uint32_t f = 0; f < mod->nfuncs; f++)
        if (mod->funcs[f].kind & FN_KERNEL) {
            fprintf(stderr, " %s", mod->funcs[f].name);
            simt_suggest_add(&sug, mod->funcs[f].name);
        }
    fputc('\n', stderr);
    if (simt_suggest_best(&sug))
        fprintf(stderr, "help: did you mean '%s'?\n", simt_suggest_best(&sug));
    return EXIT_USAGE;
}

static int prepare_args(runner *r)
{
    const simt_func *fn = &r->vm->mod->funcs[r->func];
    for (int k = 0; k < r->sig->nargs; k++)
        r->params[k].name = fn->param_names[k] ? fn->param_names[k] : "?";
    for (int i = 0; i < r->o->nkargs; i++)
        if (apply_arg(r, r->o->kargs[i]))
            return EXIT_USAGE;
    for (int k = 0; k < r->sig->nargs; k++)
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
static void summary(const simtvm_options *o, double ms, simt_status st)
{
    if (o->quiet || o->nouts)
        return;
    fflush(stdout);
    fprintf(stderr, "simtvm: ran %s<<<(%u,%u,%u), (%u,%u,%u)>>> (%llu threads) in %.1f ms "
                    "(host time): %s\n", o->kernel, o->grid[0], o->grid[1], o->grid[2],
            o->block[0], o->block[1], o->block[2],
            (unsigned long long)o->grid[0] * o->grid[1] * o->grid[2] * o->block[0] *
                o->block[1] * o->block[2], ms, st == SIMT_OK ? "ok" : "faulted");
}

int simtvm_run_kernel(simt_vm *vm, const simtvm_options *o)
{
    runner r = {.vm = vm, .o = o};
    int status = find_kernel(&r);
    if (status)
        return status;
    r.params = calloc(r.sig->nargs + 1u, sizeof *r.params);
    uint64_t *values = calloc(r.sig->nargs + 1u, sizeof *values);
    if (!r.params || !values)
        status = usage("out of memory");
    else
        status = prepare_args(&r);
    if (!status) {
        for (int k = 0; k < r.sig->nargs; k++)
            values[k] = r.params[k].value;
        double t0 = now_ms();
        simt_status st = simt_vm_launch(vm, (uint32_t)r.func, o->grid, o->block, o->shared,
                                        values, r.sig->nargs);
        double ms = now_ms() - t0;
        status = st == SIMT_OK ? write_outs(&r) : simtvm_run_status(vm, st);
        summary(o, ms, st);
    }
    free(values);
    free(r.params);
    return status;
}
