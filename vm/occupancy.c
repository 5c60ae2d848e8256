/* vm/occupancy.c -- the occupancy calculation of SPEC 5.3. */
#include "vm/occupancy.h"

#include <stdint.h>

static int64_t round_up(int64_t v, int64_t unit)
{
    return unit > 1 ? (v + unit - 1) / unit * unit : v;
}

static int64_t round_down(int64_t v, int64_t unit)
{
    return unit > 1 ? v / unit * unit : v;
}

static int clamp_int(int64_t v)
{
    return v > INT32_MAX ? INT32_MAX : (int)v;
}

const char *simt_occupancy_limiter_name(int limiter)
{
    static const char *const names[OCC_NLIMITS] = {
        "threads", "blocks", "registers", "shared_memory",
    };
    return limiter >= 0 && limiter < OCC_NLIMITS ? names[limiter] : "?";
}

/* Textbook: each SM resource divided by what one block asks for. */
static void textbook_limits(const simt_device_profile *d, int threads, int regs, uint64_t smem,
                            simt_occupancy *o)
{
    o->threads_per_block = threads;
    o->regs_per_block = regs * threads;
    o->smem_per_block = smem;
    /* A partial warp still holds a whole warp slot: never count more warps
     * than the SM has, even for a block of 100 threads. */
    int by_threads = d->max_threads_per_sm / threads;
    int by_warps = d->max_warps_per_sm / o->warps_per_block;
    o->limit[OCC_THREADS] = by_threads < by_warps ? by_threads : by_warps;
    o->limit[OCC_REGISTERS] = d->regs_per_sm / o->regs_per_block;
    o->limit[OCC_SHARED] = smem ? clamp_int((int64_t)d->smem_per_sm / (int64_t)smem) : INT32_MAX;
}

/* Vendor: registers are allocated per warp in units of reg_alloc_unit, warps
 * in groups of warp_alloc_granularity, shared memory in units of
 * smem_alloc_unit with the runtime's reserved bytes added to every block. */
static void vendor_limits(const simt_device_profile *d, int regs, uint64_t smem,
                          simt_occupancy *o)
{
    int warps = o->warps_per_block;
    int64_t regs_per_warp = round_up((int64_t)regs * 32, d->reg_alloc_unit);
    int64_t warps_by_regs = round_down(d->regs_per_sm / regs_per_warp, d->warp_alloc_granularity);
    o->threads_per_block = warps * 32;
    o->regs_per_block = clamp_int(regs_per_warp * warps);
    o->limit[OCC_THREADS] = d->max_warps_per_sm / warps;
    o->limit[OCC_REGISTERS] = clamp_int(warps_by_regs / warps);
    if (smem == 0) {
        o->smem_per_block = 0;
        o->limit[OCC_SHARED] = INT32_MAX;
        return;
    }
    o->smem_per_block =
        (uint64_t)round_up((int64_t)smem + d->reserved_smem_per_block, d->smem_alloc_unit);
    o->limit[OCC_SHARED] = clamp_int((int64_t)d->smem_per_sm / (int64_t)o->smem_per_block);
}

int simt_occupancy_compute(const simt_device_profile *d, int block_threads, int regs,
                           uint64_t smem, int vendor_granularity, simt_occupancy *o)
{
    *o = (simt_occupancy){0};
    if (block_threads < 1 || regs < 1)
        return -1;
    o->warps_per_block = (block_threads + 31) / 32;
    if (vendor_granularity)
        vendor_limits(d, regs, smem, o);
    else
        textbook_limits(d, block_threads, regs, smem, o);
    o->limit[OCC_BLOCKS] = d->max_blocks_per_sm;
    o->limiter = OCC_THREADS;
    for (int k = 1; k < OCC_NLIMITS; k++)
        if (o->limit[k] < o->limit[o->limiter])
            o->limiter = k;
    o->blocks_per_sm = o->limit[o->limiter];
    o->warps_per_sm = o->blocks_per_sm * o->warps_per_block;
    o->occupancy_pct = d->max_warps_per_sm > 0
                           ? 100.0 * o->warps_per_sm / d->max_warps_per_sm : 0.0;
    int fits = block_threads <= d->max_threads_per_block && regs <= d->max_regs_per_thread &&
               smem <= (uint64_t)d->smem_per_block_optin;
    return fits && o->blocks_per_sm > 0 ? 0 : -1;
}
