/* runtime/api.c -- the embedding API (simtvm.h): VM life cycle, errors,
 * output streams, compiling, loading, launching, running main(), results,
 * statistics and findings.  Buffers are in api_buffer.c, natives in
 * api_native.c (runtime/api.h says what they share).
 *
 * The library prints nothing: the guest's streams are the caller's FILEs,
 * or cookie streams (fopencookie) that feed a callback or a capture buffer;
 * reports meant for a terminal (faults, statistics, findings, diagnostics)
 * are written into memory streams and handed over as text.  Capture buffers,
 * memory streams and the guest streams' stdio buffers all come from the
 * VM's allocator; only the FILE objects themselves are glibc's.
 */
#include "runtime/api.h"
#include "runtime/runtime.h"

#include <stdlib.h>
#include <string.h>

#include "lang/ast.h"
#include "runtime/observers.h"

_Static_assert(SIMTVM_PTR == (int)VT_PTR && SIMTVM_F64 == (int)VT_F64 &&
               SIMTVM_BOOL == (int)VT_BOOL && SIMTVM_U16 == (int)VT_U16,
               "simtvm_type follows simt_vtype");
_Static_assert((int)SIMTVM_CHECK_RACE == CHECK_RACE && (int)SIMTVM_CHECK_INIT == CHECK_INIT &&
               (int)SIMTVM_CHECK_API == CHECK_API,
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
    s->alloc = vm->al;
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
    if (c->checks & ~(unsigned)(SIMTVM_CHECK_ALL | SIMTVM_CHECK_API))
        return simt_api_fail(vm, SIMTVM_ERR_CONFIG, "checks 0x%x has unknown bits", c->checks);
    s->warp_size = c->warp_size;
    s->sched = c->sched == SIMTVM_SCHED_LOCKSTEP ? SCHED_LOCKSTEP : SCHED_ITS;
    s->interleave = c->interleave == SIMTVM_INTERLEAVE_RANDOM ? INTERLEAVE_RANDOM
                                                              : INTERLEAVE_CONVERGE;
    s->seed = c->seed;
    s->block_order_random = c->block_order_random != 0;
    s->threads = c->threads;
    if (c->max_steps) /* a limit given is both the block's and the launch's */
        s->max_steps = s->max_launch_steps = c->max_steps;
    s->max_host_steps = c->max_host_steps;
    if (c->max_memory)
        s->max_memory = c->max_memory;
    s->checks = c->checks;
    s->stats = c->stats != 0;
    s->quiet = !c->progress; /* no progress indicator unless asked: the library prints nothing */
    if (c->max_printf)
        s->max_printf = c->max_printf;
    s->maxrregcount = c->maxrregcount;
    s->no_simd = c->no_simd != 0;
    s->wall_clock = c->wall_clock != 0;
    s->trace_path = c->trace_path;
    s->trace_blocks = c->trace_blocks;
    s->report_path = c->report_path;
    s->diag_style.format = c->diag_json ? SIMT_RF_JSON : SIMT_RF_TEXT;
    s->diag_style.color = c->diag_color && !c->diag_json;
    s->native_libs = c->native_libs;
    const char *name = c->device ? c->device : "h100";
    s->device = simt_device_builtin(name);
    if (s->device)
        return SIMTVM_OK;
    vm->owned_device = simt_malloc(&vm->al, sizeof *vm->owned_device);
    if (!vm->owned_device)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    char why[256] = "";
    if (simt_device_load(name, vm->owned_device, why, sizeof why) != 0)
        return simt_api_fail(vm, SIMTVM_ERR_CONFIG, "device '%s' is neither v100, a100, h100 "
                             "nor a readable profile file: %s", name, why);
    s->device = vm->owned_device;
    return SIMTVM_OK;
}

/* ---- guest output streams (memory streams: api_status.c) ---- */

static ssize_t sink_write(void *cookie, const char *data, size_t len)
{
    api_sink *s = cookie;
    const simtvm_config *c = &s->vm->cfg;
    if (c->write) {
        c->write(c->write_user, s->which, data, len);
        return (ssize_t)len;
    }
    return simt_api_mem_write(&s->mem, data, len);
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
        vm->sinks[k].mem.al = &vm->al;
        vm->sinks[k].iobuf = simt_malloc(&vm->al, BUFSIZ);
        if (!vm->sinks[k].iobuf)
            return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
        cookie_io_functions_t io = {.write = sink_write};
        vm->streams[k] = fopencookie(&vm->sinks[k], "w", io);
        if (!vm->streams[k])
            return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "cannot open an output stream");
        vm->own_stream[k] = 1;
        /* Line buffering keeps stdout and stderr text in the order written. */
        setvbuf(vm->streams[k], vm->sinks[k].iobuf, _IOLBF, BUFSIZ);
    }
    return SIMTVM_OK;
}

static void flush_streams(simtvm_vm *vm)
{
    for (int k = 0; k < 2; k++)
        if (vm->streams[k])
            fflush(vm->streams[k]);
}

/* Nonzero when captured output was lost for want of memory since the last
 * call (the streams are flushed and their error state cleared). */
static int output_lost(simtvm_vm *vm)
{
    flush_streams(vm);
    int lost = 0;
    for (int k = 0; k < 2; k++) {
        lost |= vm->sinks[k].mem.oom;
        vm->sinks[k].mem.oom = 0;
        if (vm->own_stream[k])
            clearerr(vm->streams[k]);
    }
    return lost;
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
        *len = s->mem.len;
    return s->mem.buf ? s->mem.buf : "";
}

simtvm_status simtvm_output_clear(simtvm_vm *vm)
{
    if (!vm)
        return SIMTVM_ERR_NULL;
    flush_streams(vm);
    for (int k = 0; k < 2; k++) {
        vm->sinks[k].mem.len = 0;
        if (vm->sinks[k].mem.buf)
            vm->sinks[k].mem.buf[0] = '\0';
    }
    return simt_api_ok(vm);
}

/* Runs a printing function into a memory stream; text receives the text
 * (from vm's allocator) or NULL when memory runs out. */
#define CAPTURE(vm, text, call)                            \
    do {                                                   \
        api_mem cap_mem_;                                  \
        FILE *f = simt_api_mem_open(&cap_mem_, &(vm)->al); \
        (text) = NULL;                                     \
        if (f) {                                           \
            call;                                          \
            (text) = simt_api_mem_close(f, &cap_mem_);     \
        }                                                  \
    } while (0)

/* ---- the VM ---- */

simtvm_status simtvm_write_views(simtvm_vm *vm, const char **text)
{
    if (text)
        *text = "";
    if (!vm)
        return SIMTVM_ERR_NULL;
    if (!vm->mod)
        return simt_api_fail(vm, SIMTVM_ERR_MISUSE, "no module is loaded (call simtvm_load)");
    if (!vm->vm.trace)
        return simt_api_ok(vm);
    int bad = 0;
    simt_free(&vm->al, vm->views_text);
    CAPTURE(vm, vm->views_text, bad = simt_trace_finish(vm->vm.trace, f) != 0);
    if (!vm->views_text)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    if (text)
        *text = vm->views_text;
    if (bad)
        return simt_api_fail(vm, SIMTVM_ERR_IO, "the trace or the report cannot be written");
    return simt_api_ok(vm);
}

simtvm_status simtvm_vm_new(const simtvm_config *cfg, simtvm_vm **out)
{
    if (!out)
        return SIMTVM_ERR_NULL;
    *out = NULL;
    simt_allocator al = {cfg ? cfg->alloc : NULL, cfg ? cfg->alloc_ud : NULL};
    simtvm_vm *vm = simt_calloc(&al, 1, sizeof *vm);
    if (!vm)
        return SIMTVM_ERR_NOMEM;
    vm->al = al;
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
    for (int i = 0; i < vm->ndiags; i++) {
        simt_free(&vm->al, (char *)vm->diags[i].message);
        if (vm->diags[i].file != vm->diag_file)
            simt_free(&vm->al, (char *)vm->diags[i].file);
    }
    simt_free(&vm->al, vm->diags);
    simt_free(&vm->al, vm->diag_file);
    simt_free(&vm->al, vm->diag_text);
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
    simt_api_prog_release(vm->mod);
    vm->mod = NULL;
    simt_free(&vm->al, vm->stats_text);
    simt_free(&vm->al, vm->findings_text);
    simt_free(&vm->al, vm->views_text);
    vm->stats_text = vm->findings_text = vm->views_text = NULL;
    simt_free(&vm->al, vm->findings);
    vm->findings = NULL;
    vm->nfindings = 0;
}

/* Releases the quarantined (freed) module and result handles of vm and
 * detaches the live ones, which then belong to the caller alone. */
static void drop_handles(simtvm_vm *vm)
{
    for (simtvm_module *h = vm->modules, *next; h; h = next) {
        next = h->next;
        h->owner = NULL;
        h->next = NULL;
        if (h->freed)
            simt_free(&vm->al, h);
    }
    for (simtvm_result *r = vm->results, *next; r; r = next) {
        next = r->next;
        r->owner = NULL;
        r->next = NULL;
        if (r->freed)
            simt_free(&vm->al, r);
    }
    vm->modules = NULL;
    vm->results = NULL;
}

void simtvm_vm_free(simtvm_vm *vm)
{
    if (!vm)
        return;
    simtvm_debugger_free(vm->debugger); /* one still attached goes with its VM */
    unload(vm);
    simt_api_free_buffers(vm);
    drop_handles(vm);
    for (int k = 0; k < 2; k++) {
        if (vm->own_stream[k])
            fclose(vm->streams[k]);
        simt_free(&vm->al, vm->sinks[k].mem.buf);
        simt_free(&vm->al, vm->sinks[k].iobuf);
    }
    clear_diags(vm);
    for (size_t i = 0; i < vm->nnatives; i++)
        simt_free(&vm->al, vm->natives[i].name);
    simt_free(&vm->al, vm->natives);
    simt_free(&vm->al, vm->symbols);
    simt_free(&vm->al, vm->owned_device);
    const simt_allocator al = vm->al;
    simt_free(&al, vm);
}

/* ---- compiling ---- */

static simtvm_status copy_diags(simtvm_vm *vm, const k_ctx *ctx)
{
    vm->diag_file = simt_strdup(&vm->al, ctx->filename);
    vm->diags = simt_calloc(&vm->al, ctx->ndiags ? (size_t)ctx->ndiags : 1, sizeof *vm->diags);
    if (!vm->diag_file || !vm->diags)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    for (int i = 0; i < ctx->ndiags; i++) {
        const k_diag *d = &ctx->diags[i];
        simtvm_diag *o = &vm->diags[i];
        o->severity = d->severity == K_ERROR ? SIMTVM_ERROR
                    : d->severity == K_WARNING ? SIMTVM_WARNING : SIMTVM_NOTE;
        const char *file = k_diag_place(ctx, d->loc, &o->line, &o->column);
        o->file = strcmp(file, ctx->filename) ? simt_strdup(&vm->al, file) : vm->diag_file;
        o->message = simt_strdup(&vm->al, d->message ? d->message : "");
        vm->ndiags = i + 1;       /* clear_diags frees what was made */
        if (!o->message || !o->file)
            return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
        if (vm->cfg.diag)
            vm->cfg.diag(vm->cfg.diag_user, o);
    }
    CAPTURE(vm, vm->diag_text, k_print_diags_styled(ctx, f, &vm->scfg.diag_style));
    if (!vm->diag_text)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    return SIMTVM_OK;
}

/* A new handle of vm on m, which it owns from now on (freed on failure). */
static simtvm_module *wrap_module(simtvm_vm *vm, simt_module *m)
{
    api_prog *p = simt_malloc(&m->al, sizeof *p);
    simtvm_module *h = p ? simt_calloc(&vm->al, 1, sizeof *h) : NULL;
    if (!h) {
        simt_free(&m->al, p);
        simt_module_free(m);
        return NULL;
    }
    p->m = m;
    atomic_init(&p->refs, 1);
    h->al = vm->al;
    h->owner = vm;
    h->next = vm->modules;
    h->prog = p;
    vm->modules = h;
    return h;
}

void simt_api_prog_release(api_prog *p)
{
    if (p && atomic_fetch_sub(&p->refs, 1) == 1) {
        simt_module *m = p->m;
        const simt_allocator al = m->al;
        simt_module_free(m);
        simt_free(&al, p);
    }
}

simtvm_status simtvm_compile(simtvm_vm *vm, const char *filename, const char *source, size_t len,
                             const char *const *defines, simtvm_module **out)
{
    return simtvm_compile_files(vm, 1, &filename, &source, &len, defines, out);
}

simtvm_status simtvm_compile_files(simtvm_vm *vm, int n, const char *const *names,
                                   const char *const *sources, const size_t *lens,
                                   const char *const *defines, simtvm_module **out)
{
    if (out)
        *out = NULL;
    if (!vm)
        return SIMTVM_ERR_NULL;
    if (!out || !names || !sources || !lens || n < 1)
        return simt_api_fail(vm, SIMTVM_ERR_NULL, "simtvm_compile: NULL %s",
                             out ? "source" : "out");
    if (n > 64)
        return simt_api_fail(vm, SIMTVM_ERR_RANGE, "simtvm_compile_files: %d files, more "
                             "than the limit of 64", n);
    for (int i = 0; i < n; i++)
        if (!sources[i] && lens[i])
            return simt_api_fail(vm, SIMTVM_ERR_NULL, "simtvm_compile: NULL source");
    const char *filename = names[0], *source = sources[0];
    size_t len = lens[0];
    k_source units[64];
    for (int i = 1; i < n; i++)
        units[i - 1] = (k_source){ names[i] ? names[i] : "<input>",
                                   sources[i] ? sources[i] : "", lens[i] };
    clear_diags(vm);
    k_ctx ctx;
    k_ctx_init(&ctx, filename ? filename : "<input>", source ? source : "", len);
    ctx.units = units;
    ctx.nunits = n - 1;
    ctx.native_ok = vm->cfg.native_libs != NULL;
    ctx.al = vm->al;
    ctx.include_dirs = vm->cfg.include_dirs;
    ctx.no_opt = vm->cfg.no_opt != 0;
    if (vm->scfg.device) /* __CUDA_ARCH__ of device code */
        ctx.cuda_arch = vm->scfg.device->major * 100 + vm->scfg.device->minor * 10;
    simt_module *m = k_compile(&ctx, defines);
    simtvm_status st = copy_diags(vm, &ctx);
    int nerrors = ctx.nerrors, oom = ctx.oom;
    k_ctx_free(&ctx);
    if (st == SIMTVM_OK && oom)
        st = simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory while compiling %s",
                           filename ? filename : "<input>");
    if (st == SIMTVM_OK && !m)
        st = simt_api_fail(vm, SIMTVM_ERR_COMPILE, "%s: %d error%s (see the diagnostics)",
                           filename ? filename : "<input>", nerrors, nerrors == 1 ? "" : "s");
    if (st != SIMTVM_OK) {
        simt_module_free(m);
        return st;
    }
    *out = wrap_module(vm, m);
    if (!*out)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
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
    int oom;
    simt_module *m = simt_module_load(&vm->al, data, len, why, sizeof why, &oom);
    if (!m && oom)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "%s", why);
    if (!m)
        return simt_api_fail(vm, SIMTVM_ERR_BYTECODE, "not a valid .kbc image: %s",
                             why[0] ? why : "unreadable");
    *out = wrap_module(vm, m);
    if (!*out)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    return simt_api_ok(vm);
}

/* The program of a module handle, or NULL for NULL or a freed handle (which
 * is recorded in the VM that made it, while that VM lives). */
static const simt_module *module_of(const simtvm_module *mod, simtvm_status *st)
{
    *st = !mod ? SIMTVM_ERR_NULL : mod->freed ? SIMTVM_ERR_STALE : SIMTVM_OK;
    if (*st == SIMTVM_ERR_STALE && mod->owner)
        simt_api_fail(mod->owner, SIMTVM_ERR_STALE, "module used after simtvm_module_free");
    return *st == SIMTVM_OK ? mod->prog->m : NULL;
}

simtvm_status simtvm_module_to_kbc(const simtvm_module *mod, void **data, size_t *len)
{
    simtvm_status st;
    const simt_module *m = module_of(mod, &st);
    if (!m || !data || !len)
        return m ? SIMTVM_ERR_NULL : st;
    api_mem mem;
    FILE *f = simt_api_mem_open(&mem, &mod->al);
    if (!f)
        return SIMTVM_ERR_NOMEM;
    int bad = simt_module_write(m, f) != 0;
    char *text = simt_api_mem_close(f, &mem);
    void *copy = text && !bad ? simt_api_hand_over(&mod->al, text, mem.len) : NULL;
    simt_free(&mod->al, text);
    if (!copy)
        return SIMTVM_ERR_NOMEM;
    *data = copy;
    *len = mem.len;
    return SIMTVM_OK;
}

simtvm_status simtvm_module_free(simtvm_module *mod)
{
    if (!mod)
        return SIMTVM_OK;
    if (mod->freed) {
        if (mod->owner)
            simt_api_fail(mod->owner, SIMTVM_ERR_STALE, "module freed twice");
        return SIMTVM_ERR_STALE;
    }
    simt_api_prog_release(mod->prog);
    mod->prog = NULL;
    mod->freed = 1;
    if (!mod->owner) {
        const simt_allocator al = mod->al;
        simt_free(&al, mod);
    }
    return SIMTVM_OK;
}

/* Index of kernel `name`, or -1. */
static int find_kernel(const simt_module *m, const char *name)
{
    int f = name ? simt_module_find_func(m, name) : -1;
    return f >= 0 && (m->funcs[f].kind & FN_KERNEL) ? f : -1;
}

int simtvm_module_has_main(const simtvm_module *mod)
{
    simtvm_status st;
    const simt_module *m = module_of(mod, &st);
    return m && m->main_func >= 0;
}

const char *simtvm_module_source_name(const simtvm_module *mod)
{
    simtvm_status st;
    const simt_module *m = module_of(mod, &st);
    return m && m->source_name ? m->source_name : "";
}

const char *simtvm_module_source_line(const simtvm_module *mod, unsigned line, int *len)
{
    simtvm_status st;
    const simt_module *m = module_of(mod, &st);
    const char *s = m ? m->source : NULL;
    for (unsigned n = 1; s && *s && n < line; s++)
        if (*s == '\n')
            n++;
    if (!s || !*s || !line || !len)
        return NULL;
    const char *e = strchr(s, '\n');
    *len = e ? (int)(e - s) : (int)strlen(s);
    while (*len > 0 && (s[*len - 1] == ' ' || s[*len - 1] == '\t' || s[*len - 1] == '\r' ||
                        s[*len - 1] == '\v' || s[*len - 1] == '\f'))
        (*len)--;
    return s;
}

int simtvm_module_kernel_count(const simtvm_module *mod)
{
    simtvm_status st;
    const simt_module *m = module_of(mod, &st);
    int n = 0;
    for (uint32_t f = 0; m && f < m->nfuncs; f++)
        n += (m->funcs[f].kind & FN_KERNEL) != 0;
    return n;
}

const char *simtvm_module_kernel_name(const simtvm_module *mod, int i)
{
    simtvm_status st;
    const simt_module *m = module_of(mod, &st);
    for (uint32_t f = 0; m && i >= 0 && f < m->nfuncs; f++)
        if ((m->funcs[f].kind & FN_KERNEL) && i-- == 0)
            return m->funcs[f].name;
    return NULL;
}

int simtvm_module_param_count(const simtvm_module *mod, const char *kernel)
{
    simtvm_status st;
    const simt_module *m = module_of(mod, &st);
    int f = m ? find_kernel(m, kernel) : -1;
    return f < 0 ? -1 : m->sigs[m->funcs[f].sig].nargs;
}

simtvm_status simtvm_module_param(const simtvm_module *mod, const char *kernel, int i,
                                  simtvm_type *type, simtvm_type *elem, const char **name)
{
    simtvm_status st;
    const simt_module *m = module_of(mod, &st);
    if (!m || !kernel)
        return m ? SIMTVM_ERR_NULL : st;
    int f = find_kernel(m, kernel);
    if (f < 0)
        return SIMTVM_ERR_NOT_FOUND;
    const simt_sig *sig = &m->sigs[m->funcs[f].sig];
    if (i < 0 || i >= sig->nargs)
        return SIMTVM_ERR_RANGE;
    unsigned vt = sig->args[i];
    if (type)
        *type = vt == VT_STR ? SIMTVM_PTR : (simtvm_type)vt;
    if (elem)
        *elem = vt == VT_PTR ? (simtvm_type)sig->ptr_elem[i] : SIMTVM_VOID;
    if (name)
        *name = m->funcs[f].param_names ? m->funcs[f].param_names[i] : NULL;
    return SIMTVM_OK;
}

/* ---- loading ---- */

/* Says which simtvm_status a failed simt_vm_init stands for. */
static simtvm_status init_status(const simt_vm *v, const simt_module *m)
{
    if (v->oom)
        return SIMTVM_ERR_NOMEM;
    if (v->globals_too_big)
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
    if (mod->freed)
        return simt_api_fail(vm, SIMTVM_ERR_STALE, "simtvm_load: module used after "
                             "simtvm_module_free");
    api_prog *prog = mod->prog;
    atomic_fetch_add(&prog->refs, 1); /* before unload: it may be the loaded program */
    unload(vm);
    vm->loads++; /* every buffer handle of the previous load is now stale */
    simtvm_status st = simt_api_check_natives(vm, prog->m);
    if (st != SIMTVM_OK) {
        simt_api_prog_release(prog);
        return st;
    }
    vm->scfg.native_syms = vm->symbols;
    vm->scfg.nnative_syms = vm->nnatives;
    if (simt_vm_init(&vm->vm, &vm->scfg, prog->m, vm->streams[0], vm->streams[1]) != SIMT_OK) {
        st = simt_api_fail(vm, init_status(&vm->vm, prog->m), "%s", vm->vm.fault.message);
        simt_vm_destroy(&vm->vm);
        simt_api_prog_release(prog);
        return st;
    }
    vm->mod = prog;
    if (vm->debugger && simt_api_debug_attach(vm->debugger) != 0)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    return simt_api_ok(vm);
}

/* ---- results ---- */

static void data_free(const simt_allocator *al, api_result_data *d)
{
    if (!d)
        return;
    simt_free(al, d->message);
    simt_free(al, d->text);
    simt_free(al, d->function);
    simt_free(al, d);
}

/* Fills d->fault from the VM's fault record. */
static int record_fault(simtvm_vm *vm, api_result_data *d)
{
    simt_vm *v = &vm->vm;
    const simt_fault *f = &v->fault;
    const simt_module *m = v->mod;
    d->faulted = 1;
    d->message = simt_strdup(&vm->al, f->message);
    int reported = v->fault_reported;
    d->fault_printed = reported;
    v->fault_reported = 0; /* simt_vm_print_fault skips faults already printed */
    CAPTURE(vm, d->text, simt_vm_print_fault(v, f));
    v->fault_reported = reported;
    int at_pc = f->pc >= 0 && (uint32_t)f->pc < m->ncode;
    d->function = simt_strdup(&vm->al, at_pc ? m->funcs[v->func_of_pc[f->pc]].name : "");
    if (!d->message || !d->text || !d->function)
        return -1;
    simtvm_fault *o = &d->fault;
    o->kind = (simtvm_fault_kind)f->kind;
    o->message = d->message;
    o->text = d->text;
    o->function = d->function;
    o->line = at_pc ? m->pos[f->pc].line : 0;
    o->column = at_pc ? m->pos[f->pc].col : 0;
    o->in_kernel = f->in_kernel;
    for (int k = 0; k < 3; k++)
        o->block[k] = f->block[k], o->thread[k] = f->thread[k];
    o->lane = f->lane;
    return 0;
}

/* The status of a finished run: a host allocation that failed (in the VM,
 * for captured output, or in the performance model, whose clocks the guest
 * may have read: cudaEventElapsedTime, clock64) is SIMTVM_ERR_NOMEM,
 * whatever the guest did. */
static simtvm_status run_status(simtvm_vm *vm, simt_status st, api_result_data *d)
{
    int lost = output_lost(vm), oom = vm->vm.oom;
    vm->vm.oom = 0;
    if (oom && st == SIMT_FAULT)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "%s", vm->vm.fault.message);
    if (st == SIMT_FAULT && record_fault(vm, d) != 0)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory for the fault report");
    if (lost)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory for the captured output");
    if (simt_model_oom(vm->vm.model))
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "the performance model ran out of memory: "
                             "the clocks and statistics it drives are incomplete");
    if (st == SIMT_FAULT)
        return simt_api_fail(vm, SIMTVM_ERR_FAULT, "%s", d->message);
    if (st == SIMT_ERR_USAGE)
        return simt_api_fail(vm, SIMTVM_ERR_ARGS, "%s", vm->vm.fault.message);
    return simt_api_ok(vm);
}

/* Turns the VM's status into the API's and, unless memory ran out, a result
 * for the caller (*out, when out is not NULL). */
static simtvm_status finish(simtvm_vm *vm, simt_status st, double clock0, simtvm_result **out)
{
    simt_vm *v = &vm->vm;
    api_result_data *d = simt_calloc(&vm->al, 1, sizeof *d);
    if (!d) {
        output_lost(vm);
        vm->vm.oom = 0;
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    }
    d->time_ms = v->clock_ms - clock0;
    d->exit_code = v->exit_code;
    d->host_steps = v->host_steps;
    d->status = run_status(vm, st, d);
    simtvm_result *r = NULL;
    if (out && d->status != SIMTVM_ERR_NOMEM) {
        r = simt_calloc(&vm->al, 1, sizeof *r);
        if (!r)
            d->status = simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    }
    simtvm_status status = d->status;
    if (!r) {
        data_free(&vm->al, d);
        return status;
    }
    r->al = vm->al;
    r->owner = vm;
    r->next = vm->results;
    r->d = d;
    vm->results = r;
    *out = r;
    return status;
}

/* The record of a result handle, or NULL for NULL or a freed handle (which
 * is recorded in the VM that made it, while that VM lives). */
static const api_result_data *result_of(const simtvm_result *r)
{
    if (r && r->freed && r->owner)
        simt_api_fail(r->owner, SIMTVM_ERR_STALE, "result used after simtvm_result_free");
    return r && !r->freed ? r->d : NULL;
}

simtvm_status simtvm_result_status(const simtvm_result *r)
{
    const api_result_data *d = result_of(r);
    return d ? d->status : r ? SIMTVM_ERR_STALE : SIMTVM_ERR_NULL;
}

int simtvm_result_exit_code(const simtvm_result *r)
{
    const api_result_data *d = result_of(r);
    return d ? d->exit_code : 0;
}

simtvm_status simtvm_result_fault(const simtvm_result *r, simtvm_fault *out)
{
    const api_result_data *d = result_of(r);
    if (!d || !out)
        return r && !d ? SIMTVM_ERR_STALE : SIMTVM_ERR_NULL;
    if (!d->faulted)
        return SIMTVM_ERR_NOT_FOUND;
    *out = d->fault;
    return SIMTVM_OK;
}

int simtvm_result_fault_printed(const simtvm_result *r)
{
    const api_result_data *d = result_of(r);
    return d && d->faulted && d->fault_printed;
}

double simtvm_result_time_ms(const simtvm_result *r)
{
    const api_result_data *d = result_of(r);
    return d ? d->time_ms : 0;
}

uint64_t simtvm_result_host_steps(const simtvm_result *r)
{
    const api_result_data *d = result_of(r);
    return d ? d->host_steps : 0;
}

simtvm_status simtvm_result_free(simtvm_result *r)
{
    if (!r)
        return SIMTVM_OK;
    if (r->freed) {
        if (r->owner)
            simt_api_fail(r->owner, SIMTVM_ERR_STALE, "result freed twice");
        return SIMTVM_ERR_STALE;
    }
    data_free(&r->al, r->d);
    r->d = NULL;
    r->freed = 1;
    if (!r->owner) {
        const simt_allocator al = r->al;
        simt_free(&al, r);
    }
    return SIMTVM_OK;
}

/* ---- running ---- */

simtvm_dim3 simtvm_dim3_of(unsigned x, unsigned y, unsigned z)
{
    return (simtvm_dim3){x, y ? y : 1, z ? z : 1};
}

/* The checks of grid.c's launch_check, as statuses with a message. */
static simtvm_status check_geometry(simtvm_vm *vm, int f, const char *name, simtvm_dim3 g,
                                    simtvm_dim3 b, size_t shared)
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
    else if ((uint64_t)shared + vm->vm.kernel_shared[f] >
             (uint64_t)d->smem_per_block_optin)
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
        st = check_geometry(vm, f, name, grid, block, shared_bytes);
    if (st != SIMTVM_OK)
        return st;
    uint32_t g[3] = {grid.x, grid.y, grid.z}, b[3] = {block.x, block.y, block.z};
    double clock0 = vm->vm.clock_ms;
    vm->vm.exit_code = 0;
    vm->vm.host_steps = 0;
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
    if (exit_code)
        *exit_code = vm->vm.exit_code;
    return finish(vm, s, clock0, result);
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
    if (strcmp(format, "text") && strcmp(format, "json") && strcmp(format, "csv") &&
        strcmp(format, "explain"))
        return simt_api_fail(vm, SIMTVM_ERR_ARGS, "statistics format '%s' is not text, json, "
                             "csv or explain", format);
    simtvm_status st = simt_api_stats_ready(vm);
    if (st != SIMTVM_OK)
        return st;
    simt_free(&vm->al, vm->stats_text);
    int bad = 0;
    CAPTURE(vm, vm->stats_text, bad = simt_model_report(vm->vm.model, f, format) != 0);
    if (!vm->stats_text || bad)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory for the statistics");
    *text = vm->stats_text;
    return simt_api_ok(vm);
}

/* A fresh checker after the findings were read.  Memory that exists now was
 * written by the program or the embedder: it counts as initialised. */
static simtvm_status restart_checker(simtvm_vm *vm)
{
    simt_vm *v = &vm->vm;
    simt_checker *fresh = simt_checker_new(v->mod, v->cfg.checks, &vm->al);
    for (size_t k = 0; fresh && k < v->mem.nallocs; k++) {
        const simt_alloc *a = &v->mem.allocs[k];
        if (!a->freed)
            simt_check_host_write(fresh, a->base, a->size);
    }
    if (!fresh || simt_checker_oom(fresh)) {
        simt_checker_free(fresh);
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory for the checkers");
    }
    simt_vm_replace_checker(v, fresh);
    return SIMTVM_OK;
}

/* The kinds are the checkers' own, in the same order. */
#define SAME_KIND(k) _Static_assert((int)SIMTVM_FINDING_##k == (int)FIND_##k, "FIND_" #k);
SAME_KIND(BAD_ACCESS) SAME_KIND(COLL_EXITED) SAME_KIND(COLL_SELF) SAME_KIND(COLL_MISSING)
SAME_KIND(BAR_DIVERGENT) SAME_KIND(DIV_ZERO) SAME_KIND(REM_ZERO) SAME_KIND(RACE) SAME_KIND(UNINIT)
SAME_KIND(BAR_BLOCK) SAME_KIND(SHFL_INACTIVE) SAME_KIND(DOUBLE_FREE) SAME_KIND(BAD_FREE)
SAME_KIND(BAD_KERNEL_ARG) SAME_KIND(API_EXTENT) SAME_KIND(API_DIRECTION) SAME_KIND(API_UNWRITTEN)
SAME_KIND(API_UNCHECKED) SAME_KIND(API_HOST_POINTER) SAME_KIND(API_LEAK)
_Static_assert((int)SIMTVM_FINDING_API_LEAK + 1 == (int)FIND_NKINDS, "FIND_NKINDS");
#undef SAME_KIND
#define SAME_FAULT(k) _Static_assert((int)SIMTVM_FAULT_##k == (int)FAULT_##k, "FAULT_" #k);
SAME_FAULT(OTHER) SAME_FAULT(ADDRESS) SAME_FAULT(MISALIGNED) SAME_FAULT(ASSERT) SAME_FAULT(TRAP)
SAME_FAULT(DIV_ZERO) SAME_FAULT(HANG) SAME_FAULT(NOMEM)
_Static_assert((int)SIMTVM_FAULT_NOMEM + 1 == (int)FAULT_NKINDS, "FAULT_NKINDS");
#undef SAME_FAULT

/* Copies the checker's groups as data for simtvm_finding_get; -1 when
 * memory runs out. */
static int keep_findings(simtvm_vm *vm)
{
    simt_free(&vm->al, vm->findings);
    vm->findings = NULL;
    vm->nfindings = 0;
    size_t n = simt_check_count(vm->vm.checker);
    if (!n)
        return 0;
    if (!(vm->findings = simt_malloc(&vm->al, n * sizeof *vm->findings)))
        return -1;
    for (size_t k = 0; k < n; k++)
        simt_check_item_get(vm->vm.checker, k, &vm->findings[k]);
    vm->nfindings = n;
    return 0;
}

simtvm_status simtvm_finding_get(simtvm_vm *vm, unsigned i, simtvm_finding *out)
{
    if (!vm || !out)
        return SIMTVM_ERR_NULL;
    memset(out, 0, sizeof *out);
    if (i >= vm->nfindings)
        return simt_api_fail(vm, SIMTVM_ERR_RANGE, "finding %u of %zu", i, vm->nfindings);
    const simt_check_item *f = &vm->findings[i];
    out->kind = (simtvm_finding_kind)f->kind;
    out->check = f->check;
    out->warning = f->warning;
    out->message = f->message;
    out->object = f->object;
    const simt_module *m = vm->mod ? vm->vm.mod : NULL;
    if (m && f->pc >= 0 && (uint32_t)f->pc < m->ncode) {
        out->line = m->pos[f->pc].line;
        out->column = m->pos[f->pc].col;
    }
    out->in_kernel = f->in_kernel;
    for (int d = 0; d < 3; d++) {
        out->block[d] = f->block[d];
        out->thread[d] = f->thread[d];
    }
    out->count = f->count;
    return simt_api_ok(vm);
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
    simt_free(&vm->al, vm->findings_text);
    unsigned n = 0;
    CAPTURE(vm, vm->findings_text, n = simt_check_finish(vm->vm.checker, &vm->vm, f));
    if (!vm->findings_text)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    if (keep_findings(vm) < 0)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    int incomplete = simt_checker_oom(vm->vm.checker);
    simtvm_status st = restart_checker(vm);
    if (st == SIMTVM_OK && incomplete)
        st = simt_api_fail(vm, SIMTVM_ERR_NOMEM, "the checkers ran out of memory: findings "
                           "since the last call may be missing");
    if (st != SIMTVM_OK)
        return st;
    if (count)
        *count = n;
    if (text)
        *text = vm->findings_text;
    return simt_api_ok(vm);
}
