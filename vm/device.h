/* vm/device.h -- device profiles: the figures behind occupancy, timing
 * and cudaGetDeviceProperties (SPEC 5.1). */
#ifndef SIMT_DEVICE_H
#define SIMT_DEVICE_H

#include <stdint.h>

typedef struct simt_device_profile {
    char name[32];              /* "h100" */
    char full_name[96];         /* "NVIDIA H100 SXM5 80GB" (cudaDeviceProp.name) */
    int major, minor;           /* compute capability */
    int sm_count;
    int max_threads_per_sm;
    int max_warps_per_sm;
    int max_blocks_per_sm;
    int max_threads_per_block;
    int regs_per_sm;
    int regs_per_block;
    int max_regs_per_thread;
    int smem_per_sm;            /* bytes of shared memory per SM (max carve-out) */
    int smem_per_block;         /* default per-block limit (48 KiB) */
    int smem_per_block_optin;
    int reserved_smem_per_block;/* runtime-reserved shared memory per block */
    int schedulers_per_sm;
    int l1_size;                /* bytes per SM */
    int l2_size;                /* bytes */
    int reg_alloc_unit;         /* registers allocated per warp in units of this */
    int warp_alloc_granularity;
    int smem_alloc_unit;
    int lat_alu, lat_shared, lat_l1, lat_l2, lat_dram; /* cycles */
    double dram_gbps;           /* bytes/ns */
    int clock_khz;              /* SM clock */
    int mem_clock_khz;
    int mem_bus_width;
    uint64_t global_mem;        /* bytes */
    int const_mem;              /* bytes */
    /* 1: a warp waits for each of its stores to complete before it issues
     * again (a core without a store buffer, as textbook latency models
     * assume); 0 (every built-in profile): stores do not stall the warp. */
    int blocking_stores;
    /* Bytes the DRAM moves per access: an L2 miss fetches the aligned chunk
     * of this size around its sector (64: sector pairs).  0: 32. */
    int dram_granule;
    /* L1 misses (128-byte line transactions to the L2) one SM keeps in flight.
     * 0: just enough to carry the SM's share of the DRAM bandwidth with full
     * lines at DRAM latency (runtime/timing.c). */
    int outstanding_lines;
    /* The host link (cudaMemcpy between host and device, SPEC 2.8): bytes/ns
     * from pinned (cudaMallocHost) and pageable (malloc) host memory, and a
     * fixed cost per copy in microseconds. */
    double link_pinned_gbps, link_pageable_gbps, copy_overhead_us;
    /* What a kernel launch costs the clocks besides its modelled cycles, in
     * microseconds: the launch latency and the grid's ramp-up and drain that
     * cudaEvent timings around one launch include (a few microseconds on
     * every GPU since Volta; on the H200 of bench/model_validation.md a
     * kernel's event time is about 10 us plus its bytes over the DRAM
     * bandwidth).  0: none. */
    double launch_overhead_us;
    /* The persisting-L2 hints (cudaStreamSetAttribute's access policy
     * window): the most L2 cudaLimitPersistingL2CacheSize may set aside and
     * the largest window, in bytes; 0 where the GPU has neither (Volta). */
    int l2_persist_max, access_window_max;
} simt_device_profile;

/* A built-in profile by name ("v100", "a100", "h100"), or NULL. */
const simt_device_profile *simt_device_builtin(const char *name);

/* The built-in profiles, for `simtvm devices`; *n receives their count. */
const simt_device_profile *simt_device_list(int *n);

/* Reads a key=value profile file into *out (starting from the h100 figures).
 * Returns 0, or -1 with a reason (file:line) in err. */
int simt_device_load(const char *path, simt_device_profile *out, char *err, size_t errlen);

#endif
