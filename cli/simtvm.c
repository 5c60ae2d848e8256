/* cli/simtvm.c -- the simtvm program: reads the input, dispatches on the
 * command, turns statuses into exit codes.  The work itself is done by the
 * library (lang/, vm/, runtime/); argument parsing lives in cli/options.c. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/debug.h"
#include "cli/grade.h"
#include "cli/options.h"
#include "cli/runner.h"
#include "cli/seeds.h"
#include "lang/ast.h"
#include "runtime/runtime.h"
#include "vm/occupancy.h"
#include "vm/suggest.h"
#include "vm/vm.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1.0"
#endif

/* The largest input we read: a K program is text, a .kbc a few megabytes. */
#define MAX_INPUT_BYTES (256u << 20)

static int errorf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Prints `simtvm: error: MESSAGE`; returns EXIT_FAIL for the caller's use. */
static int errorf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int status = simtvm_verror(stderr, EXIT_FAIL, fmt, ap);
    va_end(ap);
    return status;
}

/* Reads the whole file, NUL-terminated.  Returns 0 or an exit status. */
static int read_input(const char *path, char **data, size_t *len)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return errorf("%s: %s", path, strerror(errno));
    if (S_ISDIR(st.st_mode))
        return errorf("%s: is a directory, not a .k or .kbc file", path);
    FILE *f = fopen(path, "rb");
    if (!f)
        return errorf("%s: %s", path, strerror(errno));
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap || cap >= MAX_INPUT_BYTES)
            break;
        char *bigger = realloc(buf, cap * 2 + 1);
        if (!bigger)
            free(buf);
        buf = bigger, cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf)
        return errorf("%s: out of memory", path);
    if (bad || n == cap) {
        free(buf);
        return bad ? errorf("%s: read error", path)
                   : errorf("%s: larger than %u MiB", path, MAX_INPUT_BYTES >> 20);
    }
    if (n == 0) {
        free(buf);
        return errorf("%s: empty file", path);
    }
    buf[n] = '\0';
    *data = buf;
    *len = n;
    return 0;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t ls = strlen(s), lx = strlen(suffix);
    return ls >= lx && !strcmp(s + ls - lx, suffix);
}

static int is_kbc(const char *data, size_t len)
{
    size_t magic = strlen(SIMT_KBC_MAGIC);
    return len >= magic && !memcmp(data, SIMT_KBC_MAGIC, magic);
}

/* Compiles a .k file or reads a .kbc one.  Returns 0 or an exit status. */
static int load_module(const simtvm_options *o, const simt_device_profile *dev,
                       simt_module **out)
{
    char *data = NULL;
    size_t len = 0;
    int status = read_input(o->file, &data, &len);
    if (status)
        return status;
    if (is_kbc(data, len)) {
        char why[256] = "";
        *out = simt_module_read(NULL, (const uint8_t *)data, len, why, sizeof why);
        free(data);
        if ((o->ndefines || o->ninclude_dirs) && *out) {
            simt_module_free(*out);
            fprintf(stderr, "simtvm: error: %s applies to .k sources, not bytecode %s\n",
                    o->ndefines ? "-D" : "-I", o->file);
            return EXIT_USAGE;
        }
        return *out ? 0 : errorf("%s: %s", o->file, why[0] ? why : "not a valid .kbc file");
    }
    if (ends_with(o->file, ".kbc")) {
        free(data);
        return errorf("%s: not a simtvm bytecode file (no %s header)", o->file, SIMT_KBC_MAGIC);
    }
    k_ctx ctx;
    k_ctx_init(&ctx, o->file, data, len);
    ctx.include_dirs = (const char *const *)o->include_dirs;
    ctx.no_opt = o->no_opt;
    if (dev) /* __CUDA_ARCH__ of device code; build and disasm: the default's */
        ctx.cuda_arch = dev->major * 100 + dev->minor * 10;
    *out = k_compile(&ctx, (const char *const *)o->defines);
    fflush(stdout);
    simt_rstyle style = simtvm_diag_style(o);
    k_print_diags_styled(&ctx, stderr, &style);
    k_ctx_free(&ctx);
    free(data);
    return *out ? 0 : EXIT_FAIL;
}

/* A built-in profile by name, or one read from a file.  *owned receives the
 * heap copy to free (NULL for built-ins).  Returns 0 or EXIT_USAGE. */
static int resolve_device(const char *name, const simt_device_profile **dev,
                          simt_device_profile **owned)
{
    *owned = NULL;
    *dev = simt_device_builtin(name ? name : "h100");
    if (*dev)
        return 0;
    struct stat st;
    if (stat(name, &st) != 0 || S_ISDIR(st.st_mode)) {
        errorf("unknown device '%s' (built in: v100, a100, h100; or a profile file)", name);
        int n = 0;
        const simt_device_profile *list = simt_device_list(&n);
        simt_suggester sug;
        simt_suggest_init(&sug, name);
        for (int k = 0; k < n; k++)
            simt_suggest_add(&sug, list[k].name);
        if (simt_suggest_best(&sug))
            fprintf(stderr, "help: did you mean '%s'?\n", simt_suggest_best(&sug));
        return EXIT_USAGE;
    }
    simt_device_profile *p = malloc(sizeof *p);
    char why[256] = "";
    if (!p || simt_device_load(name, p, why, sizeof why) != 0) {
        free(p);
        errorf("%s", why[0] ? why : "out of memory");
        return EXIT_USAGE;
    }
    *dev = *owned = p;
    return 0;
}

/* ---- build, disasm ---- */

static int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

static int cmd_build(const simtvm_options *o)
{
    if (same_file(o->file, o->output)) {
        fprintf(stderr, "simtvm: error: -o %s would overwrite the input\n", o->output);
        return EXIT_USAGE;
    }
    simt_module *mod;
    int status = load_module(o, NULL, &mod);
    if (status)
        return status;
    FILE *f = fopen(o->output, "wb");
    if (!f) {
        simt_module_free(mod);
        return errorf("%s: %s", o->output, strerror(errno));
    }
    int bad = simt_module_write(mod, f) != 0;
    bad |= fclose(f) != 0;
    simt_module_free(mod);
    if (bad) {
        /* a half-written .kbc goes; a device or pipe (-o /dev/stdout) stays */
        struct stat st;
        if (stat(o->output, &st) == 0 && S_ISREG(st.st_mode))
            remove(o->output);
        return errorf("%s: write error", o->output);
    }
    return EXIT_OK;
}

static int cmd_disasm(const simtvm_options *o)
{
    simt_module *mod;
    int status = load_module(o, NULL, &mod);
    if (status)
        return status;
    simt_module_disasm(mod, stdout);
    simt_module_free(mod);
    return EXIT_OK;
}

/* ---- devices, occupancy ---- */

static int cmd_devices(void)
{
    int n;
    const simt_device_profile *list = simt_device_list(&n);
    printf("%-6s %-28s %4s %4s %10s %8s %10s %9s %6s\n", "name", "device", "cc", "SMs",
           "threads/SM", "regs/SM", "smem/SM", "L2", "MHz");
    for (int k = 0; k < n; k++) {
        const simt_device_profile *d = &list[k];
        printf("%-6s %-28s %2d.%d %4d %10d %8d %6d KiB %5d MiB %6d\n", d->name, d->full_name,
               d->major, d->minor, d->sm_count, d->max_threads_per_sm, d->regs_per_sm,
               d->smem_per_sm >> 10, d->l2_size >> 20, d->clock_khz / 1000);
    }
    return EXIT_OK;
}

/* A percentage with at most two decimals and no trailing zeros: 37.5, 100. */
static const char *format_pct(double pct, char buf[32])
{
    snprintf(buf, 32, "%.2f", pct);
    char *end = buf + strlen(buf);
    while (end[-1] == '0')
        *--end = '\0';
    if (end[-1] == '.')
        end[-1] = '\0';
    return buf;
}

static void print_limit(const char *what, long long per_sm, long long per_block, int blocks,
                        int is_limiter)
{
    char sm[24] = "-", block[24] = "-", count[24] = "unlimited";
    if (per_sm >= 0)
        snprintf(sm, sizeof sm, "%lld", per_sm);
    if (per_block >= 0)
        snprintf(block, sizeof block, "%lld", per_block);
    if (blocks != INT32_MAX)
        snprintf(count, sizeof count, "%d", blocks);
    printf("  %-15s %12s %12s %12s%s\n", what, sm, block, count, is_limiter ? "  <- limiter" : "");
}

static void print_occupancy_text(const simt_device_profile *d, const simtvm_options *o,
                                 const simt_occupancy *r)
{
    char pct[32];
    printf("device %s (%s), %s granularity\n", d->name, d->full_name,
           o->vendor_granularity ? "vendor" : "textbook");
    printf("block: %d threads (%d warps), %d registers/thread, %llu bytes shared memory\n\n",
           o->occ_block, r->warps_per_block, o->occ_regs, (unsigned long long)o->occ_smem);
    printf("  %-15s %12s %12s %12s\n", "resource", "per SM", "per block", "blocks/SM");
    print_limit("threads", d->max_threads_per_sm, r->threads_per_block, r->limit[OCC_THREADS],
                r->limiter == OCC_THREADS);
    print_limit("block slots", d->max_blocks_per_sm, 1, r->limit[OCC_BLOCKS],
                r->limiter == OCC_BLOCKS);
    print_limit("registers", d->regs_per_sm, r->regs_per_block, r->limit[OCC_REGISTERS],
                r->limiter == OCC_REGISTERS);
    print_limit("shared memory", d->smem_per_sm, (long long)r->smem_per_block,
                r->limit[OCC_SHARED], r->limiter == OCC_SHARED);
    printf("\nresident blocks per SM: %d (limited by %s)\n", r->blocks_per_sm,
           simt_occupancy_limiter_name(r->limiter));
    printf("warps per SM: %d of %d, occupancy %s%%\n", r->warps_per_sm, d->max_warps_per_sm,
           format_pct(r->occupancy_pct, pct));
}

static void print_occupancy_json(const simt_occupancy *r)
{
    static const char *const keys[OCC_NLIMITS] = {
        "limit_threads", "limit_blocks", "limit_registers", "limit_shared_memory",
    };
    /* full precision (46.875): a program reading the JSON compares numbers */
    printf("{\"blocks_per_sm\":%d,\"warps_per_sm\":%d,\"occupancy_pct\":%.15g,\"limiter\":\"%s\"",
           r->blocks_per_sm, r->warps_per_sm, r->occupancy_pct,
           simt_occupancy_limiter_name(r->limiter));
    for (int k = 0; k < OCC_NLIMITS; k++) {
        if (r->limit[k] == INT32_MAX)
            printf(",\"%s\":null", keys[k]);
        else
            printf(",\"%s\":%d", keys[k], r->limit[k]);
    }
    printf(",\"warps_per_block\":%d,\"registers_per_block\":%d,\"shared_memory_per_block\":%llu}\n",
           r->warps_per_block, r->regs_per_block, (unsigned long long)r->smem_per_block);
}

static int cmd_occupancy(const simtvm_options *o)
{
    const simt_device_profile *d;
    simt_device_profile *owned;
    int status = resolve_device(o->device, &d, &owned);
    if (status)
        return status;
    simt_occupancy r;
    int fits = simt_occupancy_compute(d, o->occ_block, o->occ_regs, o->occ_smem,
                                      o->vendor_granularity, &r) == 0;
    if (o->json)
        print_occupancy_json(&r);
    else
        print_occupancy_text(d, o, &r);
    if (!fits) {
        fprintf(stderr, "simtvm: error: this block cannot run on %s: it needs more threads, "
                        "registers or shared memory than one block may have\n", d->name);
        status = EXIT_FAIL;
    }
    free(owned);
    return status;
}

/* ---- run ---- */

static void apply_run_options(simt_config *cfg, const simtvm_options *o,
                              const simt_device_profile *dev)
{
    cfg->warp_size = o->warp_size;
    cfg->sched = o->sched;
    cfg->interleave = o->interleave;
    cfg->seed = o->seed;
    cfg->block_order_random = o->block_order_random;
    cfg->threads = o->threads;
    if (o->max_steps)
        cfg->max_steps = o->max_steps;
    cfg->max_host_steps = o->max_host_steps;
    if (o->max_memory)
        cfg->max_memory = o->max_memory;
    if (o->max_printf)
        cfg->max_printf = o->max_printf;
    cfg->checks = o->checks;
    cfg->stats = o->stats != STATS_OFF;
    cfg->maxrregcount = o->maxrregcount;
    cfg->no_simd = o->no_simd;
    cfg->wall_clock = o->wall_clock;
    cfg->quiet = o->quiet;
    cfg->device = dev;
    cfg->trace_path = o->trace_file;
    cfg->trace_blocks = o->trace_blocks;
    cfg->report_path = o->report_file;
    cfg->diag_style = simtvm_diag_style(o);
}

/* The device profile and the module a run or debug session needs.  On success
 * the caller frees *owned and *mod; on failure nothing is left to free. */
static int load_for_run(simtvm_options *o, const simt_device_profile **dev,
                        simt_device_profile **owned, simt_module **mod)
{
    int status = resolve_device(o->device, dev, owned);
    if (status)
        return status;
    status = load_module(o, *dev, mod);
    if (status)
        free(*owned);
    return status;
}

static int cmd_run(simtvm_options *o)
{
    const simt_device_profile *dev;
    simt_device_profile *owned;
    simt_module *mod;
    int status = load_for_run(o, &dev, &owned, &mod);
    if (status)
        return status;
    if (!o->kernel && mod->main_func < 0) {
        simt_module_free(mod);
        free(owned);
        fprintf(stderr, "simtvm: error: %s has no main(); launch a kernel with --kernel NAME "
                        "--grid X --block X\n", o->file);
        return EXIT_USAGE;
    }
    simt_config cfg;
    simt_config_init(&cfg);
    apply_run_options(&cfg, o, dev);
    cfg.native_libs = o->nnative_libs ? o->native_libs : NULL;
    if (o->have_seeds && !o->kernel) {
        status = simtvm_run_seeds(o, mod, &cfg);
        simt_module_free(mod);
        free(owned);
        return status;
    }
    simt_vm vm;
    simt_status st = simt_vm_init(&vm, &cfg, mod, stdout, stderr);
    if (st == SIMT_OK && o->kernel)
        status = simtvm_run_kernel(&vm, o);
    else if (st == SIMT_OK)
        status = simtvm_run_status(&vm, simt_vm_run_main(&vm, o->prog_argc, o->prog_argv));
    else
        status = simtvm_run_status(&vm, st);
    if (st == SIMT_OK)
        status = simtvm_finish_run(&vm, o, status);
    simt_vm_destroy(&vm);
    simt_module_free(mod);
    free(owned);
    return status;
}

/* ---- debug ---- */

static int cmd_debug(simtvm_options *o)
{
    const simt_device_profile *dev;
    simt_device_profile *owned;
    simt_module *mod;
    int status = load_for_run(o, &dev, &owned, &mod);
    if (status)
        return status;
    if (mod->main_func < 0) {
        simt_module_free(mod);
        free(owned);
        fprintf(stderr, "simtvm: error: %s has no main() to debug\n", o->file);
        return EXIT_USAGE;
    }
    simt_config cfg;
    simt_config_init(&cfg);
    apply_run_options(&cfg, o, dev);
    cfg.native_libs = o->nnative_libs ? o->native_libs : NULL;
    status = simtvm_debug(mod, &cfg, o->prog_argc, o->prog_argv, stdin, stdout);
    simt_module_free(mod);
    free(owned);
    return status;
}

int main(int argc, char **argv)
{
    simtvm_options o;
    int status = simtvm_parse_options(&o, argc, argv, stderr);
    if (status == 0) {
        switch (o.command) {
        case CMD_HELP: simtvm_print_help(stdout); break;
        case CMD_VERSION: printf("simtvm %s\n", PACKAGE_VERSION); break;
        case CMD_DEVICES: status = cmd_devices(); break;
        case CMD_OCCUPANCY: status = cmd_occupancy(&o); break;
        case CMD_BUILD: status = cmd_build(&o); break;
        case CMD_DISASM: status = cmd_disasm(&o); break;
        case CMD_RUN: status = cmd_run(&o); break;
        case CMD_DEBUG: status = cmd_debug(&o); break;
        case CMD_GRADE: status = simtvm_grade(&o); break;
        default: status = errorf("command not available"); break;
        }
    }
    simtvm_options_free(&o);
    if (fflush(stdout) != 0 && status == 0)
        status = errorf("writing the output failed");
    return status;
}
