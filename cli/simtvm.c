/* cli/simtvm.c -- the simtvm program: reads the input, dispatches on the
 * command, turns statuses into exit codes.  The work itself is done by the
 * library, reached only through its public API (simtvm.h), as an embedder
 * reaches it; argument parsing lives in cli/options.c. */
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
#include "simtvm.h"

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

/* Whether name is a built-in device profile or a file that may hold one;
 * otherwise says so, with the nearest built-in name.  0 or EXIT_USAGE. */
static int check_device(const char *name)
{
    const char *names[16];
    int n = simtvm_device_count();
    for (int k = 0; k < n && k < 16; k++) {
        simtvm_device_info info;
        simtvm_device_builtin(k, &info);
        names[k] = info.name;
        if (name && !strcmp(name, info.name))
            return 0;
    }
    struct stat st;
    if (!name || (stat(name, &st) == 0 && !S_ISDIR(st.st_mode)))
        return 0;
    errorf("unknown device '%s' (built in: v100, a100, h100; or a profile file)", name);
    const char *best = simtvm_suggest(name, names, (size_t)(n < 16 ? n : 16));
    if (best)
        fprintf(stderr, "help: did you mean '%s'?\n", best);
    return EXIT_USAGE;
}

/* ---- the public API: a VM and a module made through simtvm.h ---- */

/* The simtvm_config of the command line's options. */
static void config_of(const simtvm_options *o, simtvm_config *cfg)
{
    simtvm_config_init(cfg);
    if (o->device)
        cfg->device = o->device;
    cfg->sched = o->sched;
    cfg->interleave = o->interleave;
    cfg->seed = o->seed;
    cfg->block_order_random = o->block_order_random;
    cfg->warp_size = o->warp_size;
    cfg->threads = o->threads;
    cfg->max_steps = o->max_steps;
    cfg->max_host_steps = o->max_host_steps;
    cfg->max_memory = o->max_memory;
    cfg->max_printf = o->max_printf;
    cfg->checks = o->checks;
    cfg->stats = o->stats != STATS_OFF;
    cfg->maxrregcount = o->maxrregcount;
    cfg->no_simd = o->no_simd;
    cfg->no_opt = o->no_opt;
    cfg->wall_clock = o->wall_clock;
    cfg->progress = !o->quiet;
    cfg->trace_path = o->trace_file;
    cfg->trace_blocks = o->trace_blocks;
    cfg->report_path = o->report_file;
    cfg->diag_color = simtvm_diag_color(o);
    cfg->diag_json = o->diag_json;
    cfg->native_libs = o->nnative_libs ? o->native_libs : NULL;
    cfg->include_dirs = o->ninclude_dirs ? (const char *const *)o->include_dirs : NULL;
    cfg->out = stdout;
    cfg->err = stderr;
}

/* Compiles o->file (its text data, len bytes) and o->more_files, one
 * translation unit each, into *mod; 0 or the exit status of a file that
 * cannot be read (*st: the compile's status). */
static int compile_files(const simtvm_options *o, simtvm_vm *vm, const char *data, size_t len,
                         simtvm_module **mod, simtvm_status *st)
{
    int n = 1 + o->nmore_files, status = 0;
    const char **names = calloc((size_t)n, sizeof *names);
    char **texts = calloc((size_t)n, sizeof *texts);
    size_t *lens = calloc((size_t)n, sizeof *lens);
    if (!names || !texts || !lens)
        status = errorf("out of memory");
    for (int i = 1; !status && i < n; i++) {
        names[i] = o->more_files[i - 1];
        status = read_input(names[i], &texts[i], &lens[i]);
    }
    if (!status) {
        names[0] = o->file, texts[0] = (char *)data, lens[0] = len;
        *st = simtvm_compile_files(vm, n, names, (const char *const *)texts, lens,
                                   (const char *const *)o->defines, mod);
    }
    for (int i = 1; texts && i < n; i++)
        free(texts[i]);
    free(names), free(texts), free(lens);
    return status;
}

/* A VM with the options' configuration and o->file compiled (or read) in
 * it.  Returns 0 (the caller frees *mod, then *vm) or an exit status. */
static int open_public(const simtvm_options *o, simtvm_vm **vm, simtvm_module **mod)
{
    simtvm_config cfg;
    config_of(o, &cfg);
    *mod = NULL;
    if (simtvm_vm_new(&cfg, vm) != SIMTVM_OK) {
        int status = errorf("%s", simtvm_errmsg(*vm));
        simtvm_vm_free(*vm);
        return status;
    }
    char *data = NULL;
    size_t len = 0;
    int status = read_input(o->file, &data, &len);
    simtvm_status st = SIMTVM_OK;
    if (!status && simtvm_is_kbc(data, len) && (o->ndefines || o->ninclude_dirs)) {
        fprintf(stderr, "simtvm: error: %s applies to .k sources, not bytecode %s\n",
                o->ndefines ? "-D" : "-I", o->file);
        status = EXIT_USAGE;
    } else if (!status && simtvm_is_kbc(data, len)) {
        st = simtvm_module_from_kbc(*vm, data, len, mod);
        if (st != SIMTVM_OK)
            status = errorf("%s: %s", o->file, simtvm_errmsg(*vm));
    } else if (!status && ends_with(o->file, ".kbc")) {
        status = errorf("%s: not a simtvm bytecode file (no %s header)", o->file,
                        SIMTVM_KBC_MAGIC);
    } else if (!status) {
        status = compile_files(o, *vm, data, len, mod, &st);
        fflush(stdout);
        fputs(simtvm_diag_text(*vm), stderr);
        if (st != SIMTVM_OK && st != SIMTVM_ERR_COMPILE)
            status = errorf("%s", simtvm_errmsg(*vm));   /* out of memory, too many files */
        else if (st != SIMTVM_OK)
            status = EXIT_FAIL;
    }
    free(data);
    if (status) {
        simtvm_vm_free(*vm);
        *vm = NULL;
    }
    return status;
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
    simtvm_vm *vm;
    simtvm_module *mod;
    int status = open_public(o, &vm, &mod);
    if (status)
        return status;
    void *data = NULL;
    size_t len = 0;
    simtvm_status st = simtvm_module_to_kbc(mod, &data, &len);
    FILE *f = st == SIMTVM_OK ? fopen(o->output, "wb") : NULL;
    if (st != SIMTVM_OK)
        status = errorf("%s: %s", o->output, simtvm_errmsg(vm));
    else if (!f)
        status = errorf("%s: %s", o->output, strerror(errno));
    else {
        int bad = fwrite(data, 1, len, f) != len;
        bad |= fclose(f) != 0;
        if (bad) {
            /* a half-written .kbc goes; a device or pipe (-o /dev/stdout) stays */
            struct stat st;
            if (stat(o->output, &st) == 0 && S_ISREG(st.st_mode))
                remove(o->output);
            status = errorf("%s: write error", o->output);
        }
    }
    simtvm_free(data);
    simtvm_module_free(mod);
    simtvm_vm_free(vm);
    return status;
}

static int cmd_disasm(const simtvm_options *o)
{
    simtvm_vm *vm;
    simtvm_module *mod;
    int status = open_public(o, &vm, &mod);
    if (status)
        return status;
    char *text = NULL;
    size_t len = 0;
    if (simtvm_module_disasm(mod, &text, &len) == SIMTVM_OK)
        fwrite(text, 1, len, stdout);
    else
        status = errorf("out of memory");
    simtvm_free(text);
    simtvm_module_free(mod);
    simtvm_vm_free(vm);
    return status;
}

/* ---- devices, occupancy ---- */

static int cmd_devices(void)
{
    printf("%-6s %-28s %4s %4s %10s %8s %10s %9s %6s\n", "name", "device", "cc", "SMs",
           "threads/SM", "regs/SM", "smem/SM", "L2", "MHz");
    for (int k = 0; k < simtvm_device_count(); k++) {
        simtvm_device_info d;
        simtvm_device_builtin(k, &d);
        printf("%-6s %-28s %2d.%d %4d %10d %8d %6d KiB %5d MiB %6d\n", d.name, d.full_name,
               d.major, d.minor, d.sm_count, d.max_threads_per_sm, d.regs_per_sm,
               d.smem_per_sm >> 10, d.l2_size >> 20, d.clock_khz / 1000);
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

static void print_occupancy_text(const simtvm_device_info *d, const simtvm_options *o,
                                 const simtvm_occupancy *r)
{
    char pct[32];
    printf("device %s (%s), %s granularity\n", d->name, d->full_name,
           o->vendor_granularity ? "vendor" : "textbook");
    printf("block: %d threads (%d warps), %d registers/thread, %llu bytes shared memory\n\n",
           o->occ_block, r->warps_per_block, o->occ_regs, (unsigned long long)o->occ_smem);
    printf("  %-15s %12s %12s %12s\n", "resource", "per SM", "per block", "blocks/SM");
    print_limit("threads", d->max_threads_per_sm, r->threads_per_block,
                r->limit[SIMTVM_OCC_THREADS], r->limiter == SIMTVM_OCC_THREADS);
    print_limit("block slots", d->max_blocks_per_sm, 1, r->limit[SIMTVM_OCC_BLOCKS],
                r->limiter == SIMTVM_OCC_BLOCKS);
    print_limit("registers", d->regs_per_sm, r->regs_per_block, r->limit[SIMTVM_OCC_REGISTERS],
                r->limiter == SIMTVM_OCC_REGISTERS);
    print_limit("shared memory", d->smem_per_sm, (long long)r->smem_per_block,
                r->limit[SIMTVM_OCC_SHARED], r->limiter == SIMTVM_OCC_SHARED);
    printf("\nresident blocks per SM: %d (limited by %s)\n", r->blocks_per_sm,
           simtvm_occupancy_limit_name(r->limiter));
    printf("warps per SM: %d of %d, occupancy %s%%\n", r->warps_per_sm, d->max_warps_per_sm,
           format_pct(r->occupancy_pct, pct));
}

static void print_occupancy_json(const simtvm_occupancy *r)
{
    static const char *const keys[SIMTVM_OCC_LIMITS] = {
        "limit_threads", "limit_blocks", "limit_registers", "limit_shared_memory",
    };
    /* full precision (46.875): a program reading the JSON compares numbers */
    printf("{\"blocks_per_sm\":%d,\"warps_per_sm\":%d,\"occupancy_pct\":%.15g,\"limiter\":\"%s\"",
           r->blocks_per_sm, r->warps_per_sm, r->occupancy_pct,
           simtvm_occupancy_limit_name(r->limiter));
    for (int k = 0; k < SIMTVM_OCC_LIMITS; k++) {
        if (r->limit[k] == INT32_MAX)
            printf(",\"%s\":null", keys[k]);
        else
            printf(",\"%s\":%d", keys[k], r->limit[k]);
    }
    printf(",\"warps_per_block\":%d,\"registers_per_block\":%d,\"shared_memory_per_block\":%llu}\n",
           r->warps_per_block, r->regs_per_block, (unsigned long long)r->smem_per_block);
}

/* A VM of the options' device alone (for occupancy). */
static int device_vm(const simtvm_options *o, simtvm_vm **vm)
{
    int status = check_device(o->device);
    if (status)
        return status;
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    if (o->device)
        cfg.device = o->device;
    if (simtvm_vm_new(&cfg, vm) != SIMTVM_OK) {
        errorf("%s", simtvm_errmsg(*vm));
        simtvm_vm_free(*vm);
        return EXIT_USAGE;
    }
    return 0;
}

static int cmd_occupancy(const simtvm_options *o)
{
    simtvm_vm *vm;
    int status = device_vm(o, &vm);
    if (status)
        return status;
    simtvm_device_info d;
    simtvm_vm_device(vm, &d);
    simtvm_occupancy r;
    int fits = simtvm_vm_occupancy(vm, o->occ_block, o->occ_regs, o->occ_smem,
                                   o->vendor_granularity, &r) == SIMTVM_OK;
    if (o->json)
        print_occupancy_json(&r);
    else
        print_occupancy_text(&d, o, &r);
    if (!fits) {
        fprintf(stderr, "simtvm: error: this block cannot run on %s: it needs more threads, "
                        "registers or shared memory than one block may have\n", d.name);
        status = EXIT_FAIL;
    }
    simtvm_vm_free(vm);
    return status;
}

/* ---- run ---- */

/* main() of the loaded module, then the statistics, views and findings. */
static int run_main(simtvm_vm *vm, const simtvm_options *o)
{
    simtvm_result *r = NULL;
    int code = 0;
    simtvm_status st = simtvm_run_main(vm, o->prog_argc, o->prog_argv, &code, &r);
    int status = simtvm_run_status(vm, st, r, code);
    simtvm_result_free(r);
    return status;
}

static int cmd_run(simtvm_options *o)
{
    simtvm_vm *vm;
    simtvm_module *mod;
    int status = check_device(o->device);
    if (!status)
        status = open_public(o, &vm, &mod);
    if (status)
        return status;
    if (!o->kernel && !simtvm_module_has_main(mod) && o->nmore_files) {
        fprintf(stderr, "simtvm: error: undefined reference to 'main': none of the program's "
                        "%d files defines it (or launch a kernel with --kernel NAME --grid X "
                        "--block X)\n", 1 + o->nmore_files);
        status = EXIT_FAIL;
    } else if (!o->kernel && !simtvm_module_has_main(mod)) {
        fprintf(stderr, "simtvm: error: %s has no main(); launch a kernel with --kernel NAME "
                        "--grid X --block X\n", o->file);
        status = EXIT_USAGE;
    } else if (o->have_seeds && !o->kernel) {
        simtvm_config cfg;
        config_of(o, &cfg);
        status = simtvm_run_seeds(o, mod, &cfg);
    } else if (simtvm_load(vm, mod) != SIMTVM_OK) {
        status = simtvm_run_status(vm, simtvm_errcode(vm), NULL, 0);
    } else {
        status = o->kernel ? simtvm_run_kernel(vm, mod, o) : run_main(vm, o);
        status = simtvm_finish_run(vm, o, status);
    }
    simtvm_module_free(mod);
    simtvm_vm_free(vm);
    return status;
}

/* ---- debug ---- */

static int cmd_debug(simtvm_options *o)
{
    simtvm_vm *vm;
    simtvm_module *mod;
    int status = check_device(o->device);
    if (!status)
        status = open_public(o, &vm, &mod);
    if (status)
        return status;
    if (!simtvm_module_has_main(mod)) {
        fprintf(stderr, "simtvm: error: %s has no main() to debug\n", o->file);
        status = EXIT_USAGE;
    } else {
        status = simtvm_debug(vm, mod, o->prog_argc, o->prog_argv, stdin, stdout);
    }
    simtvm_module_free(mod);
    simtvm_vm_free(vm);
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
