/* runtime/api.c -- the embedding API (simtvm.h): VM life cycle, errors,
 * output streams, compiling, loading, launching, running main(), results,
 * statistics and findings.  Buffers are in api_buffer.c, natives in
 * api_native.c (runtime/api.h says what they share).
 *
 * The library prints nothing: the guest's streams are the caller's FILEs,
 * or cookie streams (fopencookie) that feed a callback or a capture buffer;
 * reports meant for a terminal (faults, statistics, findings, diagnostics)
 * are written into memory streams and handed over as text.
 */
#include "runtime/api.h"

#include <stdlib.h>
#include <string.h>

#include "lang/ast.h"
#include "vm/observe.h"

_Static_assert(SIMTVM_PTR == (int)VT_PTR && SIMTVM_F64 == (int)VT_F64 &&
               SIMTVM_BOOL == (int)VT_BOOL && SIMTVM_U16 == (int)VT_U16,
               "simtvm_type follows simt_vtype");
_Static_assert((int)SIMTVM_CHECK_RACE == CHECK_RACE && (int)SIMTVM_CHECK_INIT == CHECK_INIT,
               "check bits are shared");

/* ---- versions, names ---- */

const char *simtvm_version(void)
{
    return SIMTVM_VERSION_STRING;
}

int simtvm_version_number(void)
{
    return SIMTVM_VERSION_NUMBER;
}

const char *simtvm_status_name(simtvm_status status)
{
    static const char *const names[SIMTVM_STATUS_COUNT] = {
        "SIMTVM_OK", "SIMTVM_ERR_NULL", "SIMTVM_ERR_MISUSE", "SIMTVM_ERR_STALE",
        "SIMTVM_ERR_NOMEM", "SIMTVM_ERR_CONFIG", "SIMTVM_ERR_COMPILE", "SIMTVM_ERR_BYTECODE",
        "SIMTVM_ERR_NOT_FOUND", "SIMTVM_ERR_ARGS", "SIMTVM_ERR_RANGE", "SIMTVM_ERR_LIMIT",
        "SIMTVM_ERR_FAULT", "SIMTVM_ERR_NATIVE", "SIMTVM_ERR_IO",
    };
    if ((unsigned)status >= SIMTVM_STATUS_COUNT)
        return "SIMTVM_ERR_UNKNOWN";
    return names[status];
}

void simtvm_free(void *p)
{
    free(p);
}

/* ---- errors ---- */

simtvm_status simt_api_fail(simtvm_vm *vm, simtvm_status status, const char *fmt, ...)
{
    if (!vm)
        return status;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(vm->errmsg, sizeof vm->errmsg, fmt, ap);
    va_end(ap);
    vm->errcode = status;
    return status;
}

simtvm_status simt_api_ok(simtvm_vm *vm)
{
    vm->errcode = SIMTVM_OK;
    vm->errmsg[0] = '\0';
    return SIMTVM_OK;
}

const char *simtvm_errmsg(const simtvm_vm *vm)
{
    return vm ? vm->errmsg : "NULL simtvm_vm handle";
}

simtvm_status simtvm_errcode(const simtvm_vm *vm)
{
    return vm ? vm->errcode : SIMTVM_ERR_NULL;
}

/* ---- configuration ---- */

void simtvm_config_init(simtvm_config *cfg)
{
    if (!cfg)
        return;
    memset(cfg, 0, sizeof *cfg);
    cfg->device = "h100";
    cfg->sched = SIMTVM_SCHED_ITS;
    cfg->interleave = SIMTVM_INTERLEAVE_CONVERGE;
    cfg->warp_size = 32;
    cfg->threads = 1;
}

/* Derives vm->scfg from vm->cfg, rejecting values the VM cannot run. */
static simtvm_status apply_config(simtvm_vm *vm)
{
    const simtvm_config *c = &vm->cfg;
    simt_config *s = &vm->scfg;
    simt_config_init(s);
    if (c->warp_size != 4 && c->warp_size != 8 && c->warp_size != 16 && c->warp_size != 32)
        return simt_api_fail(vm, SIMTVM_ERR_CONFIG, "warp_size must be 4, 8, 16 or 32, not %d",
                             c->warp_size);
    if (c->threads < 1 || c->threads > 256)
        return simt_api_fail(vm, SIMTVM_ERR_CONFIG, "threads must be 1..256, not %d", c->threads);
    if (c->sched != SIMTVM_SCHED_ITS && c->sched != SIMTVM_SCHED_LOCKSTEP)
        return simt_api_fail(vm, SIMTVM_ERR_CONFIG, "sched %d is not an enum simtvm_sched",
                             c->sched);
    if (c->interleave != SIMTVM_INTERLEAVE_CONVERGE && c->interleave != SIMTVM_INTERLEAVE_RANDOM)
        return simt_api_fail(vm, SIMTVM_ERR_CONFIG,
                             "interleave %d is not an enum simtvm_interleave", c->interleave);
    if (c->checks & ~(unsigned)SIMTVM_CHECK_ALL)
        return simt_api_fail(vm, SIMTVM_ERR_CONFIG, "checks 0x%x has unknown bits", c->checks);
    s->warp_size = c->warp_size;
    s->sched = c->sched == SIMTVM_SCHED_LOCKSTEP ? SCHED_LOCKSTEP : SCHED_ITS;
    s->interleave = c->interleave == SIMTVM_INTERLEAVE_RANDOM ? INTERLEAVE_RANDOM
                                                              : INTERLEAVE_CONVERGE;
    s->seed = c->seed;
    s->block_order_random = c->block_order_random != 0;
    s->threads = c->threads;
    if (c->max_steps)
        s->max_steps = c->max_steps;
    if (c->max_memory)
        s->max_memory = c->max_memory;
    s->checks = c->checks;
    s->stats = c->stats != 0;
    s->quiet = 1; /* no progress indicator: the library prints nothing */
    s->native_libs = c->native_libs;
    const char *name = c->device ? c->device : "h100";
    s->device = simt_device_builtin(name);
    if (s->device)
        return SIMTVM_OK;
    vm->owned_device = malloc(sizeof *vm->owned_device);
    if (!vm->owned_device)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    char why[256] = "";
    if (simt_device_load(name, vm->owned_device, why, sizeof why) != 0)
        return simt_api_fail(vm, SIMTVM_ERR_CONFIG, "device '%s' is neither v100, a100, h100 "
                             "nor a readable profile file: %s", name, why);
    s->device = vm->owned_device;
    return SIMTVM_OK;
}

/* ---- guest output streams ---- */

static ssize_t sink_write(void *cookie, const char *data, size_t len)
{
    api_sink *s = cookie;
    const simtvm_config *c = &s->vm->cfg;
    if (c->write) {
        c->write(c->write_user, s->which, data, len);
        return (ssize_t)len;
    }
    if (s->len + len + 1 > s->cap) {
        size_t cap = s->cap ? s->cap : 4096;
        while (cap < s->len + len + 1)
            cap *= 2;
        char *buf = realloc(s->buf, cap);
        if (!buf)
            return -1;
        s->buf = buf, s->cap = cap;
    }
    memcpy(s->buf + s->len, data, len);
    s->len += len;
    s->buf[s->len] = '\0';
    return (ssize_t)len;
}

static simtvm_status open_streams(simtvm_vm *vm)
{
    FILE *given[2] = {vm->cfg.out, vm->cfg.err};
    for (int k = 0; k < 2; k++) {
        vm->sinks[k].vm = vm;
        vm->sinks[k].which = k ? SIMTVM_STDERR : SIMTVM_STDOUT;
        if (given[k] && !vm->cfg.write) {
            vm->streams[k] = given[k];
            continue;
        }
        cookie_io_functions_t io = {.write = sink_write};
        vm->streams[k] = fopencookie(&vm->sinks[k], "w", io);
        if (!vm->streams[k])
            return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "cannot open an output stream");
        vm->own_stream[k] = 1;
        /* Line buffering keeps stdout and stderr text in the order written. */
        setvbuf(vm->streams[k], NULL, _IOLBF, 0);
    }
    return SIMTVM_OK;
}

static void flush_streams(simtvm_vm *vm)
{
    for (int k = 0; k < 2; k++)
        if (vm->streams[k])
            fflush(vm->streams[k]);
}

const char *simtvm_output(simtvm_vm *vm, simtvm_stream stream, size_t *len)
{
    if (len)
        *len = 0;
    if (!vm || (stream != SIMTVM_STDOUT && stream != SIMTVM_STDERR))
        return "";
    flush_streams(vm);
    const api_sink *s = &vm->sinks[stream];
    if (len)
        *len = s->len;
    return s->buf ? s->buf : "";
}

simtvm_status simtvm_output_clear(simtvm_vm *vm)
{
    if (!vm)
        return SIMTVM_ERR_NULL;
    flush_streams(vm);
    for (int k = 0; k < 2; k++) {
        vm->sinks[k].len = 0;
        if (vm->sinks[k].buf)
            vm->sinks[k].buf[0] = '\0';
    }
    return simt_api_ok(vm);
}

/* Runs a printing function into a memory stream; returns the malloc'd text
 * or NULL when memory runs out. */
#define CAPTURE(text, call)                                \
    do {                                                   \
        size_t cap_len_ = 0;                               \
        FILE *f = open_memstream(&(text), &cap_len_);      \
        if (f) {                                           \
            call;                                          \
            if (fclose(f) != 0) {                          \
                free(text);                                \
                (text) = NULL;                             \
            }                                              \
        }                                                  \
    } while (0)

/* ---- the VM ---- */

simtvm_status simtvm_vm_new(const simtvm_config *cfg, simtvm_vm **out)
{
    if (!out)
        return SIMTVM_ERR_NULL;
    *out = NULL;
    simtvm_vm *vm = calloc(1, sizeof *vm);
    if (!vm)
        return SIMTVM_ERR_NOMEM;
    if (cfg)
        vm->cfg = *cfg;
    else
        simtvm_config_init(&vm->cfg);
    simtvm_status st = apply_config(vm);
    if (st == SIMTVM_OK)
        st = open_streams(vm);
    if (st == SIMTVM_ERR_NOMEM) {
        simtvm_vm_free(vm);
        return st;
    }
    *out = vm;
    vm->unusable = st != SIMTVM_OK;
    return st == SIMTVM_OK ? simt_api_ok(vm) : st;
}

static void clear_diags(simtvm_vm *vm)
{
    for (int i = 0; i < vm->ndiags; i++)
        free((char *)vm->diags[i].message);
    free(vm->diags);
    free(vm->diag_file);
    free(vm->diag_text);
    vm->diags = NULL;
    vm->diag_file = vm->diag_text = NULL;
    vm->ndiags = 0;
}

/* Ends the current load: the simt_vm, the module reference, reports. */
static void unload(simtvm_vm *vm)
{
    if (!vm->mod)
        return;
    flush_streams(vm);
    simt_vm_destroy(&vm->vm);
    simtvm_module_free(vm->mod);
    vm->mod = NULL;
    free(vm->stats_text);
    free(vm->findings_text);
    vm->stats_text = vm->findings_text = NULL;
}

void simtvm_vm_free(simtvm_vm *vm)
{
    if (!vm)
        return;
    unload(vm);
    simt_api_free_buffers(vm);
    for (int k = 0; k < 2; k++) {
        if (vm->own_stream[k])
            fclose(vm->streams[k]);
        free(vm->sinks[k].buf);
    }
    clear_diags(vm);
    for (size_t i = 0; i < vm->nnatives; i++)
        free(vm->natives[i].name);
    free(vm->natives);
    free(vm->symbols);
    free(vm->owned_device);
    free(vm);
}

/* ---- compiling ---- */

static simtvm_status copy_diags(simtvm_vm *vm, const k_ctx *ctx)
{
    vm->diag_file = strdup(ctx->filename);
    vm->diags = calloc(ctx->ndiags ? (size_t)ctx->ndiags : 1, sizeof *vm->diags);
    if (!vm->diag_file || !vm->diags)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    for (int i = 0; i < ctx->ndiags; i++) {
        const k_diag *d = &ctx->diags[i];
        simtvm_diag *o = &vm->diags[i];
        o->severity = d->severity == K_ERROR ? SIMTVM_ERROR
                    : d->severity == K_WARNING ? SIMTVM_WARNING : SIMTVM_NOTE;
        o->file = vm->diag_file;
        o->line = d->loc.line;
        o->column = d->loc.col;
        o->message = strdup(d->message ? d->message : "");
        if (!o->message)
            return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
        vm->ndiags = i + 1;
        if (vm->cfg.diag)
            vm->cfg.diag(vm->cfg.diag_user, o);
    }
    CAPTURE(vm->diag_text, k_print_diags(ctx, f));
    if (!vm->diag_text)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    return SIMTVM_OK;
}

static simtvm_module *wrap_module(simt_module *m)
{
    simtvm_module *h = m ? malloc(sizeof *h) : NULL;
    if (!h)
        return NULL;
    h->m = m;
    atomic_init(&h->refs, 1);
    return h;
}

simtvm_status simtvm_compile(simtvm_vm *vm, const char *filename, const char *source, size_t len,
                             const char *const *defines, simtvm_module **out)
{
    if (out)
        *out = NULL;
    if (!vm)
        return SIMTVM_ERR_NULL;
    if (!out || (!source && len))
        return simt_api_fail(vm, SIMTVM_ERR_NULL, "simtvm_compile: NULL %s",
                             out ? "source" : "out");
    clear_diags(vm);
    k_ctx ctx;
    k_ctx_init(&ctx, filename ? filename : "<input>", source ? source : "", len);
    simt_module *m = k_compile(&ctx, defines);
    simtvm_status st = copy_diags(vm, &ctx);
    int nerrors = ctx.nerrors;
    k_ctx_free(&ctx);
    if (st == SIMTVM_OK && !m)
        st = simt_api_fail(vm, SIMTVM_ERR_COMPILE, "%s: %d error%s (see the diagnostics)",
                           filename ? filename : "<input>", nerrors, nerrors == 1 ? "" : "s");
    simtvm_module *h = st == SIMTVM_OK ? wrap_module(m) : NULL;
    if (st == SIMTVM_OK && !h)
        st = simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    if (st != SIMTVM_OK) {
        if (m)
            simt_module_free(m);
        return st;
    }
    *out = h;
    return simt_api_ok(vm);
}

int simtvm_diag_count(const simtvm_vm *vm)
{
    return vm ? vm->ndiags : 0;
}

simtvm_status simtvm_diag_get(const simtvm_vm *vm, int i, simtvm_diag *out)
{
    if (!vm || !out)
        return SIMTVM_ERR_NULL;
    if (i < 0 || i >= vm->ndiags)
        return SIMTVM_ERR_RANGE;
    *out = vm->diags[i];
    return SIMTVM_OK;
}

const char *simtvm_diag_text(simtvm_vm *vm)
{
    return vm && vm->diag_text ? vm->diag_text : "";
}

/* ---- modules ---- */

simtvm_status simtvm_module_from_kbc(simtvm_vm *vm, const void *data, size_t len,
                                     simtvm_module **out)
{
    if (out)
        *out = NULL;
    if (!vm)
        return SIMTVM_ERR_NULL;
    if (!out || !data)
        return simt_api_fail(vm, SIMTVM_ERR_NULL, "simtvm_module_from_kbc: NULL %s",
                             out ? "data" : "out");
    char why[256] = "";
    simt_module *m = simt_module_read(data, len, why, sizeof why);
    if (!m)
        return simt_api_fail(vm, SIMTVM_ERR_BYTECODE, "not a valid .kbc image: %s",
                             why[0] ? why : "unreadable");
    *out = wrap_module(m);
    if (!*out) {
        simt_module_free(m);
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    }
    return simt_api_ok(vm);
}

simtvm_status simtvm_module_to_kbc(const simtvm_module *mod, void **data, size_t *len)
{
    if (!mod || !data || !len)
        return SIMTVM_ERR_NULL;
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    if (!f)
        return SIMTVM_ERR_NOMEM;
    int bad = simt_module_write(mod->m, f) != 0;
    bad |= fclose(f) != 0;
    if (bad) {
        free(text);
        return SIMTVM_ERR_NOMEM;
    }
    *data = text;
    *len = n;
    return SIMTVM_OK;
}

void simtvm_module_free(simtvm_module *mod)
{
    if (mod && atomic_fetch_sub(&mod->refs, 1) == 1) {
        simt_module_free(mod->m);
        free(mod);
    }
}

/* Index of kernel `name`, or -1. */
static int find_kernel(const simt_module *m, const char *name)
{
    int f = name ? simt_module_find_func(m, name) : -1;
    return f >= 0 && (m->funcs[f].kind & FN_KERNEL) ? f : -1;
}

int simtvm_module_kernel_count(const simtvm_module *mod)
{
    int n = 0;
    for (uint32_t f = 0; mod && f < mod->m->nfuncs; f++)
        n += (mod->m->funcs[f].kind & FN_KERNEL) != 0;
    return n;
}

const char *simtvm_module_kernel_name(const simtvm_module *mod, int i)
{
    for (uint32_t f = 0; mod && i >= 0 && f < mod->m->nfuncs; f++)
        if ((mod->m->funcs[f].kind & FN_KERNEL) && i-- == 0)
            return mod->m->funcs[f].name;
    return NULL;
}

int simtvm_module_param_count(const simtvm_module *mod, const char *kernel)
{
    int f = mod ? find_kernel(mod->m, kernel) : -1;
    return f < 0 ? -1 : mod->m->sigs[mod->m->funcs[f].sig].nargs;
}

simtvm_status simtvm_module_param(const simtvm_module *mod, const char *kernel, int i,
                                  simtvm_type *type, simtvm_type *elem, const char **name)
{
    if (!mod || !kernel)
        return SIMTVM_ERR_NULL;
    int f = find_kernel(mod->m, kernel);
    if (f < 0)
        return SIMTVM_ERR_NOT_FOUND;
    const simt_sig *sig = &mod->m->sigs[mod->m->funcs[f].sig];
    if (i < 0 || i >= sig->nargs)
        return SIMTVM_ERR_RANGE;
    unsigned vt = sig->args[i];
    if (type)
        *type = vt == VT_STR ? SIMTVM_PTR : (simtvm_type)vt;
    if (elem)
        *elem = vt == VT_PTR ? (simtvm_type)sig->ptr_elem[i] : SIMTVM_VOID;
    if (name)
        *name = mod->m->funcs[f].param_names ? mod->m->funcs[f].param_names[i] : NULL;
    return SIMTVM_OK;
}

/* ---- loading ---- */

/* Says which simtvm_status a failed simt_vm_init stands for. */
static simtvm_status init_status(const simt_vm *v, const simt_module *m)
{
    const char *msg = v->fault.message;
    if (!strncmp(msg, "out of memory", 13))
        return SIMTVM_ERR_NOMEM;
    if (!strncmp(msg, "cannot allocate module variable", 31))
        return SIMTVM_ERR_LIMIT;
    return m->nimports || v->cfg.native_libs ? SIMTVM_ERR_NATIVE : SIMTVM_ERR_FAULT;
}

simtvm_status simtvm_load(simtvm_vm *vm, simtvm_module *mod)
{
    if (!vm)
        return SIMTVM_ERR_NULL;
    if (!mod)
        return simt_api_fail(vm, SIMTVM_ERR_NULL, "simtvm_load: NULL module");
    if (vm->unusable)
        return simt_api_fail(vm, SIMTVM_ERR_MISUSE, "this VM was not created (bad config)");
    atomic_fetch_add(&mod->refs, 1); /* before unload: mod may be the loaded module */
    unload(vm);
    vm->loads++; /* every buffer handle of the previous load is now stale */
    simtvm_status st = simt_api_check_natives(vm, mod->m);
    if (st != SIMTVM_OK) {
        simtvm_module_free(mod);
        return st;
    }
    vm->scfg.native_syms = vm->symbols;
    vm->scfg.nnative_syms = vm->nnatives;
    if (simt_vm_init(&vm->vm, &vm->scfg, mod->m, vm->streams[0], vm->streams[1]) != SIMT_OK) {
        st = simt_api_fail(vm, init_status(&vm->vm, mod->m), "%s", vm->vm.fault.message);
        simt_vm_destroy(&vm->vm);
        simtvm_module_free(mod);
        return st;
    }
    vm->mod = mod;
    return simt_api_ok(vm);
}

/* Binds the loaded module's imports again (a native registered after load). */
simtvm_status simt_api_rebind(simtvm_vm *vm)
{
    if (!vm->mod)
        return SIMTVM_OK;
    char why[512] = "";
    if (simt_ffi_open_with(&vm->vm, vm->scfg.native_libs, vm->symbols, vm->nnatives, why,
                           sizeof why) != 0)
        return simt_api_fail(vm, SIMTVM_ERR_NATIVE, "%s", why);
    return SIMTVM_OK;
}

/* ---- results ---- */

struct simtvm_result {
    simtvm_status status;
    int exit_code;
    int faulted;
    simtvm_fault fault;
    char *message, *text, *function;
    double time_ms;
    uint64_t host_steps;
};

/* Fills r->fault from the VM's fault record. */
static int record_fault(simtvm_vm *vm, simtvm_result *r)
{
    simt_vm *v = &vm->vm;
    const simt_fault *f = &v->fault;
    const simt_module *m = v->mod;
    r->faulted = 1;
    r->message = strdup(f->message);
    int reported = v->fault_reported;
    v->fault_reported = 0; /* simt_vm_print_fault skips faults already printed */
    CAPTURE(r->text, simt_vm_print_fault(v, f));
    v->fault_reported = reported;
    int at_pc = f->pc >= 0 && (uint32_t)f->pc < m->ncode;
    r->function = strdup(at_pc ? m->funcs[v->func_of_pc[f->pc]].name : "");
    if (!r->message || !r->text || !r->function)
        return -1;
    simtvm_fault *o = &r->fault;
    o->message = r->message;
    o->text = r->text;
    o->function = r->function;
    o->line = at_pc ? m->pos[f->pc].line : 0;
    o->column = at_pc ? m->pos[f->pc].col : 0;
    o->in_kernel = f->in_kernel;
    for (int k = 0; k < 3; k++)
        o->block[k] = f->block[k], o->thread[k] = f->thread[k];
    o->lane = f->lane;
    return 0;
}

/* Turns the VM's status into the API's and a result for the caller. */
static simtvm_status finish(simtvm_vm *vm, simt_status st, double clock0, simtvm_result **out)
{
    flush_streams(vm);
    simtvm_result *r = calloc(1, sizeof *r);
    if (!r)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    r->time_ms = vm->vm.clock_ms - clock0;
    r->status = SIMTVM_OK;
    if (st == SIMT_FAULT) {
        r->status = SIMTVM_ERR_FAULT;
        if (record_fault(vm, r) != 0)
            r->status = SIMTVM_ERR_NOMEM;
    } else if (st == SIMT_ERR_USAGE) {
        r->status = SIMTVM_ERR_ARGS;
    }
    simtvm_status status = r->status;
    if (status == SIMTVM_OK)
        simt_api_ok(vm);
    else if (status == SIMTVM_ERR_FAULT)
        simt_api_fail(vm, status, "%s", r->message);
    else
        simt_api_fail(vm, status, "%s", status == SIMTVM_ERR_NOMEM ? "out of memory"
                                                                   : vm->vm.fault.message);
    if (out && status != SIMTVM_ERR_NOMEM)
        *out = r;
    else
        simtvm_result_free(r);
    return status;
}

simtvm_status simtvm_result_status(const simtvm_result *r)
{
    return r ? r->status : SIMTVM_ERR_NULL;
}

int simtvm_result_exit_code(const simtvm_result *r)
{
    return r ? r->exit_code : 0;
}

simtvm_status simtvm_result_fault(const simtvm_result *r, simtvm_fault *out)
{
    if (!r || !out)
        return SIMTVM_ERR_NULL;
    if (!r->faulted)
        return SIMTVM_ERR_NOT_FOUND;
    *out = r->fault;
    return SIMTVM_OK;
}

double simtvm_result_time_ms(const simtvm_result *r)
{
    return r ? r->time_ms : 0;
}

uint64_t simtvm_result_host_steps(const simtvm_result *r)
{
    return r ? r->host_steps : 0;
}

void simtvm_result_free(simtvm_result *r)
{
    if (!r)
        return;
    free(r->message);
    free(r->text);
    free(r->function);
    free(r);
}

/* ---- running ---- */

simtvm_dim3 simtvm_dim3_of(unsigned x, unsigned y, unsigned z)
{
    return (simtvm_dim3){x, y ? y : 1, z ? z : 1};
}

/* The checks of grid.c's launch_check, as statuses with a message. */
static simtvm_status check_geometry(simtvm_vm *vm, const char *name, simtvm_dim3 g, simtvm_dim3 b,
                                    size_t shared)
{
    const simt_device_profile *d = vm->vm.cfg.device;
    uint64_t threads = (uint64_t)b.x * b.y * b.z;
    const char *why = NULL;
    if (!g.x || !g.y || !g.z || !b.x || !b.y || !b.z)
        why = "a grid or block dimension is 0";
    else if (threads > (uint64_t)d->max_threads_per_block || b.x > 1024 || b.y > 1024 || b.z > 64)
        why = "too many threads per block (at most 1024; x, y <= 1024, z <= 64)";
    else if (g.y > 65535 || g.z > 65535)
        why = "grid y and z must be at most 65535";
    else if ((uint64_t)shared + vm->mod->m->shared_static > (uint64_t)d->smem_per_block_optin)
        why = "too much shared memory for one block";
    if (!why)
        return SIMTVM_OK;
    return simt_api_fail(vm, SIMTVM_ERR_RANGE, "launch of %s <<<(%u,%u,%u), (%u,%u,%u)>>>: %s",
                         name, g.x, g.y, g.z, b.x, b.y, b.z, why);
}

/* The common preconditions of running guest code. */
static simtvm_status can_run(simtvm_vm *vm)
{
    if (!vm->mod)
        return simt_api_fail(vm, SIMTVM_ERR_MISUSE, "no module is loaded (call simtvm_load)");
    if (vm->vm.kernel_faults)
        return simt_api_fail(vm, SIMTVM_ERR_FAULT, "an earlier kernel fault broke this VM's "
                             "context, as on a GPU; simtvm_load the module again to reset it");
    return SIMTVM_OK;
}

simtvm_status simtvm_launch(simtvm_vm *vm, const char *name, simtvm_dim3 grid, simtvm_dim3 block,
                            size_t shared_bytes, const simtvm_arg *args, int nargs,
                            simtvm_result **result)
{
    if (result)
        *result = NULL;
    if (!vm)
        return SIMTVM_ERR_NULL;
    if (!name || (nargs > 0 && !args))
        return simt_api_fail(vm, SIMTVM_ERR_NULL, "simtvm_launch: NULL %s",
                             name ? "args" : "kernel name");
    simtvm_status st = can_run(vm);
    if (st != SIMTVM_OK)
        return st;
    const simt_module *m = vm->mod->m;
    int f = find_kernel(m, name);
    if (f < 0)
        return simt_api_fail(vm, SIMTVM_ERR_NOT_FOUND, "the module has no __global__ function "
                             "named '%s'", name);
    uint64_t values[256];
    st = simt_api_convert_args(vm, f, args, nargs, values);
    if (st == SIMTVM_OK)
        st = check_geometry(vm, name, grid, block, shared_bytes);
    if (st != SIMTVM_OK)
        return st;
    uint32_t g[3] = {grid.x, grid.y, grid.z}, b[3] = {block.x, block.y, block.z};
    double clock0 = vm->vm.clock_ms;
    simt_status s = simt_vm_launch(&vm->vm, (uint32_t)f, g, b, shared_bytes, values, nargs);
    if (s == SIMT_FAULT)
        vm->vm.kernel_faults++; /* sticky, as when host code launches */
    if (s == SIMT_EXIT)
        s = SIMT_OK;
    return finish(vm, s, clock0, result);
}

simtvm_status simtvm_run_main(simtvm_vm *vm, int argc, char **argv, int *exit_code,
                              simtvm_result **result)
{
    if (result)
        *result = NULL;
    if (exit_code)
        *exit_code = 0;
    if (!vm)
        return SIMTVM_ERR_NULL;
    if (argc < 0 || (argc > 0 && !argv))
        return simt_api_fail(vm, SIMTVM_ERR_NULL, "simtvm_run_main: NULL argv for argc %d",
                             argc);
    simtvm_status st = can_run(vm);
    if (st != SIMTVM_OK)
        return st;
    if (vm->mod->m->main_func < 0)
        return simt_api_fail(vm, SIMTVM_ERR_NOT_FOUND, "the module has no main() function");
    for (int k = 0; k < argc; k++)
        if (!argv[k])
            return simt_api_fail(vm, SIMTVM_ERR_NULL, "simtvm_run_main: argv[%d] is NULL", k);
    double clock0 = vm->vm.clock_ms;
    vm->vm.exit_code = 0;
    simt_status s = simt_vm_run_main(&vm->vm, argc, argv);
    simtvm_result *r = NULL;
    st = finish(vm, s, clock0, &r);
    if (r) {
        r->exit_code = vm->vm.exit_code;
        r->host_steps = vm->vm.host_steps;
    }
    if (exit_code)
        *exit_code = vm->vm.exit_code;
    if (result)
        *result = r;
    else
        simtvm_result_free(r);
    return st;
}

/* ---- statistics and findings ---- */

simtvm_status simtvm_stats(simtvm_vm *vm, const char *format, const char **text)
{
    if (text)
        *text = NULL;
    if (!vm)
        return SIMTVM_ERR_NULL;
    if (!format || !text)
        return simt_api_fail(vm, SIMTVM_ERR_NULL, "simtvm_stats: NULL %s",
                             format ? "text" : "format");
    if (strcmp(format, "text") && strcmp(format, "json") && strcmp(format, "csv"))
        return simt_api_fail(vm, SIMTVM_ERR_ARGS, "statistics format '%s' is not text, json "
                             "or csv", format);
    if (!vm->mod || !vm->vm.model)
        return simt_api_fail(vm, SIMTVM_ERR_MISUSE, "%s", vm->mod
                             ? "statistics need config.stats = 1"
                             : "no module is loaded (call simtvm_load)");
    free(vm->stats_text);
    vm->stats_text = NULL;
    int bad = 0;
    CAPTURE(vm->stats_text, bad = simt_model_report(vm->vm.model, f, format) != 0);
    if (!vm->stats_text || bad)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "cannot write the statistics");
    *text = vm->stats_text;
    return simt_api_ok(vm);
}

/* A fresh checker after the findings were read.  Memory that exists now was
 * written by the program or the embedder: it counts as initialised. */
static simtvm_status restart_checker(simtvm_vm *vm)
{
    simt_vm *v = &vm->vm;
    simt_checker_free(v->checker);
    v->checker = simt_checker_new(v->mod, v->cfg.checks);
    if (!v->checker)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    for (size_t k = 0; k < v->mem.nallocs; k++) {
        const simt_alloc *a = &v->mem.allocs[k];
        if (!a->freed)
            simt_check_host_write(v->checker, a->base, a->size);
    }
    return SIMTVM_OK;
}

simtvm_status simtvm_findings(simtvm_vm *vm, unsigned *count, const char **text)
{
    if (count)
        *count = 0;
    if (text)
        *text = NULL;
    if (!vm)
        return SIMTVM_ERR_NULL;
    if (!vm->mod || !vm->vm.checker)
        return simt_api_fail(vm, SIMTVM_ERR_MISUSE, "%s", vm->mod
                             ? "findings need config.checks (SIMTVM_CHECK_*)"
                             : "no module is loaded (call simtvm_load)");
    flush_streams(vm);
    free(vm->findings_text);
    vm->findings_text = NULL;
    unsigned n = 0;
    CAPTURE(vm->findings_text, n = simt_check_finish(vm->vm.checker, &vm->vm, f));
    if (!vm->findings_text)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    simtvm_status st = restart_checker(vm);
    if (st != SIMTVM_OK)
        return st;
    if (count)
        *count = n;
    if (text)
        *text = vm->findings_text;
    return simt_api_ok(vm);
}
