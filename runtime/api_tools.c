/* runtime/api_tools.c -- the embedding API's tools around a run: bytecode
 * tests and disassembly, device profiles and
 * occupancy, and "did you mean" suggestions (simtvm.h).  What the command
 * line needs beyond running, so that it needs nothing but simtvm.h. */
#include "runtime/api.h"
#include "runtime/runtime.h"

#include <stdlib.h>
#include <string.h>

#include "vm/occupancy.h"
#include "vm/suggest.h"

_Static_assert((int)SIMTVM_OCC_THREADS == OCC_THREADS && (int)SIMTVM_OCC_SHARED == OCC_SHARED &&
               (int)SIMTVM_OCC_LIMITS == OCC_NLIMITS, "the limits are shared");

int simtvm_is_kbc(const void *data, size_t len)
{
    size_t magic = strlen(SIMTVM_KBC_MAGIC);
    return data && len >= magic && !memcmp(data, SIMTVM_KBC_MAGIC, magic);
}

simtvm_status simtvm_module_disasm(const simtvm_module *mod, char **text, size_t *len)
{
    if (text)
        *text = NULL;
    if (!mod || !text)
        return SIMTVM_ERR_NULL;
    if (mod->freed)
        return SIMTVM_ERR_STALE;
    api_mem mem;
    FILE *f = simt_api_mem_open(&mem, &mod->al);
    if (!f)
        return SIMTVM_ERR_NOMEM;
    int bad = simt_module_disasm(mod->prog->m, f) != 0;
    char *buf = simt_api_mem_close(f, &mem);
    *text = buf && !bad ? simt_api_hand_over(&mod->al, buf, mem.len + 1) : NULL;
    simt_free(&mod->al, buf);
    if (!*text)
        return SIMTVM_ERR_NOMEM;
    if (len)
        *len = mem.len;
    return SIMTVM_OK;
}

/* ---- devices and occupancy ---- */

static void device_info(const simt_device_profile *d, simtvm_device_info *out)
{
    out->name = d->name;
    out->full_name = d->full_name;
    out->major = d->major;
    out->minor = d->minor;
    out->sm_count = d->sm_count;
    out->max_threads_per_sm = d->max_threads_per_sm;
    out->max_warps_per_sm = d->max_warps_per_sm;
    out->max_blocks_per_sm = d->max_blocks_per_sm;
    out->max_threads_per_block = d->max_threads_per_block;
    out->regs_per_sm = d->regs_per_sm;
    out->smem_per_sm = d->smem_per_sm;
    out->l2_size = d->l2_size;
    out->clock_khz = d->clock_khz;
}

int simtvm_device_count(void)
{
    int n = 0;
    simt_device_list(&n);
    return n;
}

simtvm_status simtvm_device_builtin(int i, simtvm_device_info *out)
{
    int n = 0;
    const simt_device_profile *list = simt_device_list(&n);
    if (!out)
        return SIMTVM_ERR_NULL;
    if (i < 0 || i >= n)
        return SIMTVM_ERR_RANGE;
    device_info(&list[i], out);
    return SIMTVM_OK;
}

simtvm_status simtvm_vm_device(const simtvm_vm *vm, simtvm_device_info *out)
{
    if (!vm || !out)
        return SIMTVM_ERR_NULL;
    if (vm->unusable || !vm->scfg.device)
        return SIMTVM_ERR_MISUSE;
    device_info(vm->scfg.device, out);
    return SIMTVM_OK;
}

simtvm_status simtvm_vm_occupancy(simtvm_vm *vm, int block_threads, int regs, uint64_t smem,
                                  int vendor, simtvm_occupancy *out)
{
    if (!vm)
        return SIMTVM_ERR_NULL;
    if (!out)
        return simt_api_fail(vm, SIMTVM_ERR_NULL, "simtvm_vm_occupancy: NULL out");
    if (vm->unusable || !vm->scfg.device)
        return simt_api_fail(vm, SIMTVM_ERR_MISUSE, "this VM was not created (bad config)");
    simt_occupancy r;
    int fits = simt_occupancy_compute(vm->scfg.device, block_threads, regs, smem, vendor != 0,
                                      &r) == 0;
    out->warps_per_block = r.warps_per_block;
    out->threads_per_block = r.threads_per_block;
    out->regs_per_block = r.regs_per_block;
    out->smem_per_block = r.smem_per_block;
    for (int k = 0; k < OCC_NLIMITS; k++)
        out->limit[k] = r.limit[k];
    out->limiter = r.limiter;
    out->blocks_per_sm = r.blocks_per_sm;
    out->warps_per_sm = r.warps_per_sm;
    out->occupancy_pct = r.occupancy_pct;
    if (!fits)
        return simt_api_fail(vm, SIMTVM_ERR_RANGE, "this block cannot run on %s",
                             vm->scfg.device->name);
    return simt_api_ok(vm);
}

const char *simtvm_occupancy_limit_name(int limit)
{
    return simt_occupancy_limiter_name(limit);
}

const char *simtvm_suggest(const char *word, const char *const *candidates, size_t n)
{
    if (!word || (!candidates && n))
        return NULL;
    return simt_suggest(word, candidates, n);
}

void simtvm_lane_list(char *buf, size_t len, uint32_t lanes)
{
    if (buf && len)
        simt_lane_list(buf, len, lanes);
}
