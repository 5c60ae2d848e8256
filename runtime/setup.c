/* runtime/setup.c -- a VM with its runtime: the machine (vm/vm.c), the host
 * calls it makes through simt_host_ops, and the observers the configuration
 * asks for (checkers, performance model, trace and report). */
#include <string.h>

#include "runtime/ffi.h"
#include "runtime/hostlib.h"
#include "runtime/runtime.h"
#include "runtime/observers.h"

const simt_host_ops simt_runtime_host = {
    .builtin = simt_builtin_call,
    .native = simt_ffi_call,
    .device_printf = simt_device_printf_write,
    .capture_launch = simt_graph_capture_launch,
};

/* Whether the program reads a clock that the timing model drives (SPEC 2.8,
 * 5.3): device clock()/clock64(), cudaEventElapsedTime, and -- unless
 * --wall-clock makes them real -- the host's clock(), gettimeofday,
 * clock_gettime and std::chrono's clocks.  Such a program runs with the model
 * on, with or without --stats, so that what it prints is the same either way.
 * time() is left out: it counts whole seconds, which the model's microseconds
 * never reach, and programs call it to seed rand(). */
static int reads_clock(const simt_module *mod, int wall_clock)
{
    for (uint32_t pc = 0; pc < mod->ncode; pc++) {
        const simt_insn *in = &mod->code[pc];
        if (in->op == OP_SREG && (in->i == SREG_CLOCK || in->i == SREG_CLOCK64))
            return 1;
        if (in->op != OP_HCALL)
            continue;
        switch (in->i) {
        case BI_CUDA_EVENT_ELAPSED:
            return 1;
        case BI_HOST_CLOCK: case BI_GETTIMEOFDAY: case BI_CLOCK_GETTIME:
        case BI_CHRONO_STEADY_NOW: case BI_CHRONO_HIRES_NOW: case BI_CHRONO_SYSTEM_NOW:
            if (!wall_clock)
                return 1;
            break;
        default:
            break;
        }
    }
    return 0;
}

/* The runtime's own state beside the VM (vm->host_ctx): the tables of the
 * observers it registered, which must live as long as the VM. */
typedef struct runtime_ctx {
    simt_observer obs[4];
} runtime_ctx;

/* Creates the checkers, the model and the viewers cfg asks for and registers
 * them as observers: checkers first, then the model, then the viewers (who
 * read each instruction's cycle from the model). */
static simt_status add_observers(simt_vm *vm, const simt_config *cfg, const simt_module *mod)
{
    runtime_ctx *rt = simt_calloc(&vm->cfg.alloc, 1, sizeof *rt);
    if (!rt)
        return simt_vm_oom(vm, "the observers");
    vm->host_ctx = rt;
    int n = 0;
    if (cfg->checks) {
        if (!(vm->checker = simt_checker_new(mod, cfg->checks, &cfg->alloc)))
            return simt_vm_oom(vm, "the checkers");
        rt->obs[n++] = simt_checker_observer(vm->checker, cfg->checks);
        if (cfg->checks & CHECK_SYNC)
            rt->obs[n++] = simt_shfl_checker(vm->checker);
    }
    int viewers = cfg->trace_path || cfg->report_path;
    if ((cfg->stats || viewers || reads_clock(mod, cfg->wall_clock)) &&
        !(vm->model = simt_model_new(mod, vm->cfg.device, &cfg->alloc)))
        return simt_vm_oom(vm, "the performance model");
    if (vm->model) {
        simt_model_set_maxrregcount(vm->model, cfg->maxrregcount);
        simt_model_keep_lines(vm->model, cfg->stats || viewers);
        rt->obs[n++] = simt_model_observer(vm->model, cfg->stats != 0);
    }
    if (viewers) {
        char why[512];
        if (!(vm->trace = simt_trace_new(mod, &vm->cfg, vm->model, why, sizeof why)))
            return simt_vm_faultf(vm, "%s", why);
        rt->obs[n++] = simt_trace_observer(vm->trace);
    }
    for (int k = 0; k < n; k++)
        simt_vm_observe(vm, &rt->obs[k]);
    return SIMT_OK;
}

simt_status simt_vm_init(simt_vm *vm, const simt_config *cfg, const simt_module *mod, FILE *out,
                         FILE *err)
{
    simt_status st = simt_vm_core_init(vm, cfg, mod, out, err);
    vm->host = &simt_runtime_host;
    if (st != SIMT_OK)
        return st;
    if ((st = add_observers(vm, cfg, mod)) != SIMT_OK)
        return st;
    if (mod->nimports) {
        char why[512];
        if (simt_ffi_open_with(vm, cfg->native_libs, cfg->native_syms, cfg->nnative_syms, why,
                               sizeof why) != 0)
            return simt_vm_faultf(vm, "%s", why);
    }
    return SIMT_OK;
}

void simt_vm_replace_checker(simt_vm *vm, struct simt_checker *fresh)
{
    runtime_ctx *rt = vm->host_ctx;
    for (size_t k = 0; rt && vm->checker && k < sizeof rt->obs / sizeof rt->obs[0]; k++)
        if (rt->obs[k].ctx == vm->checker)
            rt->obs[k].ctx = fresh;
    simt_checker_free(vm->checker);
    vm->checker = fresh;
    simt_vm_observe_refresh(vm);
}

void simt_vm_destroy(simt_vm *vm)
{
    simt_ffi_close(vm);
    simt_stdio_close_all(vm);
    simt_iostate_free(vm);
    simt_random_free(vm);
    simt_environ_free(vm);
    simt_graphs_free(vm);
    if (vm->checker)
        simt_checker_free(vm->checker);
    if (vm->model)
        simt_model_free(vm->model);
    if (vm->trace)
        simt_trace_free(vm->trace);
    vm->trace = NULL;
    vm->checker = NULL;
    vm->model = NULL;
    simt_vm_observe_clear(vm);
    simt_free(&vm->cfg.alloc, vm->host_ctx);
    vm->host_ctx = NULL;
    simt_vm_core_destroy(vm);
}
