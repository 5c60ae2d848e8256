/* vm/run_main.c -- running main() on the host thread: a one-lane warp of
 * host code through the dispatch loop (vm/interp.c).  Kept out of vm/vm.c,
 * the VM's life cycle, so that the VM's core depends on neither the
 * interpreter's state (vm/exec.h) nor the observers (vm/observe.h): both
 * of them, and this file, sit above it. */
#include <stdlib.h>
#include <string.h>

#include "vm/exec.h"
#include "vm/observe.h"
#include "vm/policy.h"

/* argv for main(int argc, char **argv): strings and the array in global memory. */
static uint64_t make_argv(simt_vm *vm, int argc, char **argv)
{
    uint64_t arr = simt_mem_alloc(&vm->mem, SPACE_GLOBAL, (uint64_t)(argc + 1) * 8, 256,
                                  ALLOC_MALLOC, "argv");
    for (int k = 0; arr && k < argc; k++) {
        size_t n = strlen(argv[k]) + 1;
        uint64_t s = simt_mem_alloc(&vm->mem, SPACE_GLOBAL, n, 256, ALLOC_MALLOC, "argv");
        simt_alloc *sa = s ? simt_mem_find(&vm->mem, s) : NULL;
        /* found after each allocation: one may move the table of allocations */
        simt_alloc *a = simt_mem_find(&vm->mem, arr);
        if (!sa || !a)
            return 0;
        memcpy(sa->data, argv[k], n);
        memcpy(a->data + (size_t)k * 8, &s, 8);
    }
    return arr;
}

simt_status simt_vm_run_main(simt_vm *vm, int argc, char **argv)
{
    const simt_module *mod = vm->mod;
    if (mod->main_func < 0)
        return simt_vm_faultf(vm, "the program has no main() function (use --kernel NAME to "
                              "launch a kernel directly)");
    const simt_func *mainf = &mod->funcs[mod->main_func];
    simt_exec ex = {0};
    ex.vm = vm;
    ex.mod = mod;
    ex.width = 1;
    /* Host code has no step limit unless asked (--max-host-steps): a real
     * program's host loops may run for billions of instructions. */
    ex.max_steps = vm->cfg.max_host_steps ? vm->cfg.max_host_steps : UINT64_MAX;
    ex.is_host = 1;
    ex.wpol = &simt_warp_its; /* one lane: nothing to interleave */
    /* host stores initialise memory (the init checker hears of them) */
    ex.observe = simt_observing(vm, OBS_EV(host_write));
    ex.kernel = mod->main_func;
    simt_block blk = {0};
    simt_warp w = {0};
    blk.nthreads = 1;
    blk.nwarps = 1;
    blk.warps = &w;
    w.width = 1;
    w.valid = 1;
    w.in_state[LANE_READY] = 1;
    w.cbar_free = BARRIER_NONE;
    w.pc[0] = (int32_t)mainf->entry;
    simt_status st = SIMT_OK;
    if (simt_warp_reserve(&ex, &w, mainf->nregs, mainf->local_size ? mainf->local_size : 16))
        st = SIMT_FAULT;
    if (st == SIMT_OK) {
        w.regs[0] = (uint64_t)(int64_t)-1;
        if (mod->sigs[mainf->sig].nargs >= 2) {
            w.regs[SIMT_FRAME_LINK] = (uint64_t)argc;
            w.regs[SIMT_FRAME_LINK + 1] = make_argv(vm, argc, argv);
            if (!w.regs[SIMT_FRAME_LINK + 1])
                st = vm->mem.oom ? simt_vm_oom(vm, "argv")
                                 : simt_vm_faultf(vm, "argv does not fit in --max-memory");
        }
    }
    while (st == SIMT_OK && (w.in_state[LANE_READY] & 1)) {
        int ev = simt_exec_group(&ex, &blk, &w, 1);
        if (ev == EV_FAULT)
            st = SIMT_FAULT;
        else if (ev == EV_EXIT)
            st = SIMT_EXIT;
    }
    if (st == SIMT_OK)
        vm->exit_code = (int)(uint32_t)w.regs[0];
    vm->host_steps = ex.steps;
    simt_warp_release(&vm->cfg.alloc, &w);
    fflush(vm->out);
    /* a kernel fault makes the exit status 1; a failed device assert leaves
     * it to main, as on a GPU (the program sees cudaErrorAssert) */
    if (st == SIMT_OK && vm->kernel_faults > vm->assert_faults)
        return SIMT_FAULT;
    return st;
}


