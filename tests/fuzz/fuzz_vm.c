/* tests/fuzz/fuzz_vm.c -- the VM: compile the input and run its main() with
 * a small budget, output to a counting sink.
 *
 * A hash of the input picks the warp size, scheduler, checkers and the
 * performance model, so that one corpus exercises every configuration while
 * each input still replays the same way.  Programs with extern (native)
 * functions are skipped: those call into the host's libc by design. */
#include <stdio.h>

#include "lang/ast.h"
#include "runtime/runtime.h"
#include "tests/fuzz/fuzz.h"
#include "vm/vm.h"

static uint32_t hash(const uint8_t *data, size_t size)
{
    uint32_t h = 2166136261u;          /* FNV-1a */
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 16777619u;
    return h;
}

static void configure(simt_config *cfg, uint32_t h)
{
    static const int warps[] = {32, 4, 8, 16};
    simt_config_init(cfg);
    cfg->max_steps = 20000;       /* per block and launch */
    cfg->max_host_steps = 20000;  /* the host with its launches */
    cfg->max_memory = 64u << 20;
    cfg->quiet = 1;
    cfg->warp_size = warps[h & 3];
    cfg->sched = (h >> 2) & 1 ? SCHED_LOCKSTEP : SCHED_ITS;
    cfg->interleave = (h >> 3) & 1 ? INTERLEAVE_RANDOM : INTERLEAVE_CONVERGE;
    cfg->seed = h >> 8;
    cfg->block_order_random = (h >> 4) & 1;
    cfg->checks = (h >> 5) & 1 ? CHECK_RACE | CHECK_SYNC | CHECK_MEMORY | CHECK_INIT : 0;
    cfg->stats = (h >> 6) & 1;
}

/* Output goes to a counting sink: host printf has no volume limit (a program
 * may print as much as it likes), so keeping it would only exhaust memory. */
static ssize_t sink_write(void *cookie, const char *buf, size_t size)
{
    (void)buf;
    *(size_t *)cookie += size;
    return (ssize_t)size;
}

static FILE *sink_open(size_t *count)
{
    cookie_io_functions_t io = {.write = sink_write};
    return fopencookie(count, "w", io);
}

static void run(const simt_module *m, uint32_t h)
{
    simt_config cfg;
    configure(&cfg, h);
    size_t outlen = 0, errlen = 0;
    FILE *fout = sink_open(&outlen);
    FILE *ferr = sink_open(&errlen);
    if (fout && ferr) {
        simt_vm vm;
        simt_status st = simt_vm_init(&vm, &cfg, m, fout, ferr);
        if (st == SIMT_OK) {
            static char arg0[] = "fuzz";
            char *argv[] = {arg0, NULL};
            st = simt_vm_run_main(&vm, 1, argv);
            if (st == SIMT_FAULT)
                simt_vm_print_fault(&vm, ferr);
        }
        simt_vm_destroy(&vm);
    }
    if (fout)
        fclose(fout);
    if (ferr)
        fclose(ferr);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return 0;
    char *src = fuzz_text(data, size);
    if (!src)
        return 0;
    k_ctx ctx;
    k_ctx_init(&ctx, "fuzz.k", src, size);
    simt_module *m = k_compile(&ctx, NULL);
    if (m && m->nimports == 0 && simt_module_find_func(m, "main") >= 0)
        run(m, hash(data, size));
    if (m)
        simt_module_free(m);
    k_ctx_free(&ctx);
    free(src);
    return 0;
}
