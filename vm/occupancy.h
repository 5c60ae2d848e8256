/* vm/occupancy.h -- resident blocks per SM and what limits them (SPEC 5.3).
 *
 * Used by `simtvm occupancy` and by the statistics (theoretical occupancy).
 * The textbook calculation divides each SM resource by the block's demand
 * with plain integer division; the vendor one first rounds the demands up to
 * the hardware's allocation units, as NVIDIA's occupancy calculator does.
 */
#ifndef SIMT_OCCUPANCY_H
#define SIMT_OCCUPANCY_H

#include <stddef.h> /* vm/device.h uses size_t */
#include <stdint.h>

#include "vm/device.h"

/* The limiting resources, in the order that breaks ties. */
enum simt_occ_limiter { OCC_THREADS, OCC_BLOCKS, OCC_REGISTERS, OCC_SHARED, OCC_NLIMITS };

typedef struct simt_occupancy {
    /* the demand of one block, after rounding when vendor granularity is on */
    int warps_per_block;
    int threads_per_block;      /* threads (textbook) or warps * 32 (vendor) */
    int regs_per_block;
    uint64_t smem_per_block;    /* 0: uses none */
    /* blocks per SM that each resource allows; INT32_MAX when unlimited */
    int limit[OCC_NLIMITS];
    int limiter;                /* enum simt_occ_limiter */
    int blocks_per_sm;
    int warps_per_sm;
    double occupancy_pct;       /* warps_per_sm / max_warps_per_sm * 100 */
} simt_occupancy;

/* Computes the occupancy of blocks of block_threads threads using regs
 * registers per thread and smem bytes of shared memory on device d.
 * Returns 0, or -1 when the block cannot run at all (too many threads,
 * registers or shared memory for one SM); *out is filled either way. */
int simt_occupancy_compute(const simt_device_profile *d, int block_threads, int regs,
                           uint64_t smem, int vendor_granularity, simt_occupancy *out);

/* "threads", "blocks", "registers", "shared_memory". */
const char *simt_occupancy_limiter_name(int limiter);

#endif
