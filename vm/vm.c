/* vm/vm.c -- the VM's life cycle: configuration, module globals and
 * printing faults (running main() is vm/run_main.c). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm/srcquote.h"
#include "vm/vm.h"

void simt_config_init(simt_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->warp_size = 32;
    cfg->sched = SCHED_ITS;
    cfg->interleave = INTERLEAVE_CONVERGE;
    cfg->threads = 1;
    cfg->max_steps = 1000000000ull;
    /* a hundred blocks' worth: real launches (a 2048^3 sgemm is 4 x 10^9)
     * finish, and a launch still stops within minutes of host time */
    cfg->max_launch_steps = 100000000000ull;
    cfg->max_memory = 16ull << 30;
    cfg->max_printf = SIMT_MAX_PRINTF_DEFAULT;
    cfg->device = simt_device_builtin("h100");
}

/* ---- faults: the VM's one way to stop with a message ---- */

simt_status simt_vm_faultf(simt_vm *vm, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(vm->fault.message, sizeof vm->fault.message, fmt, ap);
    va_end(ap);
    vm->fault.cuda_error = 0;
    vm->fault.kind = FAULT_OTHER; /* the caller names a kind of its own */
    vm->fault.kernel = -1;        /* simt_exec_locate names it */
    return SIMT_FAULT;
}

simt_status simt_vm_oom(simt_vm *vm, const char *what)
{
    vm->oom = 1;
    simt_status st = simt_vm_faultf(vm, "out of memory for %s", what);
    vm->fault.kind = FAULT_NOMEM;
    return st;
}

int simt_module_find_func(const simt_module *mod, const char *name)
{
    for (uint32_t k = 0; k < mod->nfuncs; k++)
        if (strcmp(mod->funcs[k].name, name) == 0)
            return (int)k;
    return -1;
}

static simt_status alloc_globals(simt_vm *vm)
{
    const simt_module *mod = vm->mod;
    vm->global_addr = simt_calloc(&vm->cfg.alloc, mod->nglobals ? mod->nglobals : 1,
                                  sizeof *vm->global_addr);
    if (!vm->global_addr)
        return simt_vm_oom(vm, "module variables");
    for (uint32_t k = 0; k < mod->nglobals; k++) {
        const simt_global *g = &mod->globals[k];
        int is_string = g->name[0] == '.';
        uint64_t align = g->space == SPACE_GLOBAL ? 256 : (g->align ? g->align : 16);
        uint64_t addr = simt_mem_alloc(&vm->mem, g->space, g->size ? g->size : 1, align,
                                       is_string ? ALLOC_STRING : ALLOC_MODULE, g->name);
        simt_alloc *a = addr ? simt_mem_find(&vm->mem, addr) : NULL;
        if (!a && vm->mem.oom)
            return simt_vm_oom(vm, "module variables");
        if (!a) {
            vm->globals_too_big = 1;
            return simt_vm_faultf(vm, "cannot allocate module variable '%s' (%llu bytes)", g->name,
                                  (unsigned long long)g->size);
        }
        if (g->init)
            memcpy(a->data, g->init, g->size);
        a->readonly = g->space == SPACE_CONST;
        a->line = g->line;
        vm->global_addr[k] = addr;
    }
    /* Pointers among the initial bytes, once every variable has its place
     * (a constant variable is read-only to guest code, not to its loader). */
    for (uint32_t k = 0; k < mod->nrelocs; k++) {
        const simt_reloc *r = &mod->relocs[k];
        uint64_t v = vm->global_addr[r->target] + (uint64_t)r->addend;
        memcpy(simt_mem_find(&vm->mem, vm->global_addr[r->global])->data + r->offset, &v, 8);
    }
    return SIMT_OK;
}

/* Which kernels' blocks may run on several host threads (vm->kernel_parallel);
 * only a VM with more than one host thread asks, so the others skip the scan. */
static simt_status find_parallel_kernels(simt_vm *vm)
{
    const simt_module *mod = vm->mod;
    vm->kernel_parallel = simt_calloc(&vm->cfg.alloc, mod->nfuncs ? mod->nfuncs : 1, 1);
    if (!vm->kernel_parallel)
        return simt_vm_oom(vm, "the kernel table");
    for (uint32_t k = 0; k < mod->nfuncs; k++) {
        if (!(mod->funcs[k].kind & FN_KERNEL))
            continue;
        const char *why = simt_kernel_serial_reason(mod, k);
        if (why == simt_serial_oom)
            return simt_vm_oom(vm, "the kernel table");
        vm->kernel_parallel[k] = !why;
    }
    return SIMT_OK;
}

simt_status simt_vm_core_init(simt_vm *vm, const simt_config *cfg, const simt_module *mod,
                              FILE *out, FILE *err)
{
    memset(vm, 0, sizeof *vm);
    vm->cfg = *cfg;
    if (!vm->cfg.device)
        vm->cfg.device = simt_device_builtin("h100");
    vm->mod = mod;
    vm->out = out;
    vm->err = err;
    vm->fault.pc = -1;
    vm->fault.kernel = -1;
    simt_lanes_select(&vm->lanes, cfg->no_simd);
    simt_lanes_host(&vm->host_lanes);
    simt_mem_init(&vm->mem, cfg->max_memory);
    vm->mem.al = cfg->alloc;
    vm->func_of_pc = simt_calloc(&vm->cfg.alloc, mod->ncode ? mod->ncode : 1,
                                 sizeof *vm->func_of_pc);
    if (!vm->func_of_pc)
        return simt_vm_oom(vm, "the code map");
    for (uint32_t k = 0; k < mod->nfuncs; k++)
        for (uint32_t pc = mod->funcs[k].entry; pc < mod->funcs[k].end && pc < mod->ncode; pc++)
            vm->func_of_pc[pc] = k;
    vm->kernel_shared = simt_calloc(&vm->cfg.alloc, mod->nfuncs ? mod->nfuncs : 1,
                                    sizeof *vm->kernel_shared);
    if (!vm->kernel_shared || simt_module_kernel_shared(mod, vm->kernel_shared, &vm->cfg.alloc))
        return simt_vm_oom(vm, "the shared memory of each kernel");
    simt_status st = alloc_globals(vm);
    if (st != SIMT_OK || (st = simt_frame_zero_init(vm)) != SIMT_OK)
        return st;
    if (cfg->threads > 1 && (st = find_parallel_kernels(vm)) != SIMT_OK)
        return st;
    return SIMT_OK;
}

void simt_vm_core_destroy(simt_vm *vm)
{
    simt_mem_destroy(&vm->mem);
    simt_free(&vm->cfg.alloc, vm->global_addr);
    simt_free(&vm->cfg.alloc, vm->func_of_pc);
    simt_free(&vm->cfg.alloc, vm->kernel_shared);
    vm->kernel_shared = NULL;
    simt_free(&vm->cfg.alloc, vm->events);
    simt_free(&vm->cfg.alloc, vm->streams);
    vm->streams = NULL;
    simt_timeline_free(vm);
    simt_free(&vm->cfg.alloc, vm->host_regs);
    vm->host_regs = NULL;
    simt_free(&vm->cfg.alloc, vm->kernel_parallel);
    vm->kernel_parallel = NULL;
    simt_frame_zero_free(vm);
    vm->func_of_pc = NULL;
    vm->global_addr = NULL;
    vm->events = NULL;
}

void simt_vm_print_fault(const simt_vm *vm, FILE *err)
{
    const simt_fault *f = &vm->fault;
    const simt_module *mod = vm->mod;
    if (vm->fault_reported)
        return;
    simt_rdiag r;
    memset(&r, 0, sizeof r);
    r.sev = SIMT_R_ERROR;
    r.kind = "fault";
    r.message = f->message;
    if (f->pc < 0 || !mod || (uint32_t)f->pc >= mod->ncode) {
        r.span.file = "simtvm";
        simt_render(err, &vm->cfg.diag_style, &r);
        return;
    }
    simt_rspan included_at;
    simt_module_span(mod, f->pc, &r.span, &included_at);
    const char *name = vm->func_of_pc ? mod->funcs[vm->func_of_pc[f->pc]].name : "?";
    /* the kernel launched, not the __device__ function the fault is in (nor,
     * for a library kernel's fault placed at the program's call, the host
     * function holding that call) */
    if (f->in_kernel && f->kernel >= 0 && (uint32_t)f->kernel < mod->nfuncs && vm->func_of_pc &&
        !(mod->funcs[vm->func_of_pc[f->pc]].kind & FN_KERNEL))
        name = mod->funcs[f->kernel].name;
    if (f->in_kernel) {
        simt_rthread *t = &r.thread[r.nthread++];
        memcpy(t->block, f->block, sizeof t->block);
        memcpy(t->thread, f->thread, sizeof t->thread);
        t->lane = (uint32_t)f->lane;
        r.kernel = name;
    } else {
        r.in_host = 1;
        r.host_func = name;
    }
    if (included_at.line) /* the fault is in a file the program included */
        simt_rdiag_child(&r, SIMT_R_NOTE, &included_at, "\"%s\" was included from here",
                         r.span.file);
    simt_render(err, &vm->cfg.diag_style, &r);
}
