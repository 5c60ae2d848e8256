/* runtime/host_device.c -- the CUDA runtime's questions about the device
 * and its kernels (SPEC 2.8): cudaDeviceGetAttribute, cudaMemGetInfo, the
 * occupancy calculator (the model's, vm/occupancy.c), versions, the
 * device settings that change nothing here (flags, cache preference), and
 * assert's failure, which in a kernel is a kernel fault of its own kind.
 *
 * Every answer comes from the device profile (--device), as
 * cudaGetDeviceProperties does in host.c. */
#include <string.h>

#include "runtime/host_call.h"
#include "vm/occupancy.h"

/* ---- cudaDeviceGetAttribute ---- */

/* The value of a cudaDevAttr (lang/cuda_names.def lists the names) on
 * profile d, or -1 when it is not one that simtvm answers. */
static int64_t device_attribute(const simt_vm *vm, const simt_device_profile *d, int attr)
{
    switch (attr) {
    case 1: return d->max_threads_per_block;               /* MaxThreadsPerBlock */
    case 2: case 3: return 1024;                           /* MaxBlockDimX, Y */
    case 4: return 64;                                     /* MaxBlockDimZ */
    case 5: return 2147483647;                             /* MaxGridDimX */
    case 6: case 7: return 65535;                          /* MaxGridDimY, Z */
    case 8: return d->smem_per_block;                      /* MaxSharedMemoryPerBlock */
    case 9: return d->const_mem;                           /* TotalConstantMemory */
    case 10: return vm->cfg.warp_size;                     /* WarpSize */
    case 12: return d->regs_per_block;                     /* MaxRegistersPerBlock */
    case 13: return d->clock_khz;                          /* ClockRate */
    case 15: return 1;                                     /* GpuOverlap */
    case 16: return d->sm_count;                           /* MultiProcessorCount */
    case 17: case 18: return 0;                            /* KernelExecTimeout, Integrated */
    case 19: return 1;                                     /* CanMapHostMemory */
    case 20: return 0;                                     /* ComputeMode: default */
    case 31: case 32: return 1;                            /* ConcurrentKernels, EccEnabled */
    case 36: return d->mem_clock_khz;                      /* MemoryClockRate */
    case 37: return d->mem_bus_width;                      /* GlobalMemoryBusWidth */
    case 38: return d->l2_size;                            /* L2CacheSize */
    case 39: return d->max_threads_per_sm;                 /* MaxThreadsPerMultiProcessor */
    case 40: return 2;                                     /* AsyncEngineCount */
    case 41: return 1;                                     /* UnifiedAddressing */
    case 75: return d->major;                              /* ComputeCapabilityMajor */
    case 76: return d->minor;                              /* ComputeCapabilityMinor */
    case 78: case 79: case 80: return 1;                   /* StreamPriorities, L1 caching */
    case 81: return d->smem_per_sm;                        /* MaxSharedMemoryPerMultiprocessor */
    case 82: return d->regs_per_sm;                        /* MaxRegistersPerMultiprocessor */
    case 83: return 1;                                     /* ManagedMemory */
    case 84: return 0;                                     /* IsMultiGpuBoard */
    case 86: return 0;                                     /* HostNativeAtomicSupported: PCIe */
    case 88: return 0;                                     /* PageableMemoryAccess (host.c) */
    case 89: case 95: case 99: return 1;                   /* ConcurrentManagedAccess, CooperativeLaunch,
                                                              HostRegisterSupported */
    case 100: case 101: return 0;                          /* ...UsesHostPageTables,
                                                              DirectManagedMemAccessFromHost */
    case 97: return d->smem_per_block_optin;               /* MaxSharedMemoryPerBlockOptin */
    case 106: return d->max_blocks_per_sm;                 /* MaxBlocksPerMultiprocessor */
    case 108: return d->l2_persist_max;                    /* MaxPersistingL2CacheSize */
    case 109: return d->access_window_max;                 /* MaxAccessPolicyWindowSize */
    case 111: return d->reserved_smem_per_block;           /* ReservedSharedMemoryPerBlock */
    case 115: return 1;                                    /* MemoryPoolsSupported */
    default: return -1;
    }
}

/* cudaDeviceGetAttribute(&value, attr, device) */
simt_status bi_CUDA_DEVICE_GET_ATTR(call *c)
{ /* a question to the device: a broken context does not fail it (host.c) */
    if (arg_int(c, 2) != 0)
        return cuda_return(c, CUDA_ERROR_INVALID_DEVICE);
    int64_t v = c->vm->cfg.device ? device_attribute(c->vm, c->vm->cfg.device, arg_int(c, 1))
                                  : -1;
    if (arg(c, 0) == 0 || v < 0)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (store_i32(c, "cudaDeviceGetAttribute", arg(c, 0), (int32_t)v) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

/* ---- memory ---- */

/* cudaMemGetInfo(&free, &total): the profile's memory less what the program
 * holds in device allocations.  A NULL pointer is skipped: an H200 (CUDA 13)
 * answers cudaMemGetInfo(NULL, &total) with cudaSuccess
 * (tests/programs/cuda_device_settings.k). */
simt_status bi_CUDA_MEM_GET_INFO(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    const simt_device_profile *d = c->vm->cfg.device;
    if (!d)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    uint64_t used = 0;
    const simt_memory *m = &c->vm->mem;
    for (size_t i = 0; i < m->nallocs; i++) {
        const simt_alloc *a = &m->allocs[i];
        if (!a->freed && (a->kind == ALLOC_CUDA || a->kind == ALLOC_DEVICE_MALLOC))
            used += a->size;
    }
    uint64_t total = d->global_mem, avail = used < total ? total - used : 0;
    if ((arg(c, 0) && store_u64(c, "cudaMemGetInfo", arg(c, 0), avail) != 0) ||
        (arg(c, 1) && store_u64(c, "cudaMemGetInfo", arg(c, 1), total) != 0))
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

/* ---- occupancy: the model's calculator with the hardware granularities ---- */

/* Resident blocks per SM of kernel f in blocks of `threads` threads with
 * `dyn` bytes of dynamic shared memory; 0 when such a block cannot run. */
static int kernel_blocks_per_sm(const simt_vm *vm, uint32_t f, int threads, uint64_t dyn)
{
    const simt_func *kf = &vm->mod->funcs[f];
    int regs = (int)(kf->nregs_model ? kf->nregs_model : kf->nregs);
    if (vm->cfg.maxrregcount && regs > vm->cfg.maxrregcount)
        regs = vm->cfg.maxrregcount;
    simt_occupancy occ;
    uint64_t smem = vm->kernel_shared[f] + dyn;
    if (simt_occupancy_compute(vm->cfg.device, threads, regs, smem, 1, &occ) != 0)
        return 0;
    return occ.blocks_per_sm;
}

static int kernel_ok(call *c, uint64_t f)
{
    return c->vm->mod && f < c->vm->mod->nfuncs && c->vm->cfg.device;
}

/* cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, kernel, blockSize, dynSmem) */
simt_status bi_CUDA_OCC_MAX_ACTIVE(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    int threads = arg_int(c, 2);
    if (arg(c, 0) == 0 || !kernel_ok(c, arg(c, 1)) || threads <= 0)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    int n = kernel_blocks_per_sm(c->vm, (uint32_t)arg(c, 1), threads, arg(c, 3));
    if (store_i32(c, "cudaOccupancyMaxActiveBlocksPerMultiprocessor", arg(c, 0), n) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

/* cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, kernel, dynSmem,
 * limit): as CUDA's header computes it, the block size (from the largest
 * multiple of the warp size down) that keeps the most threads resident per
 * SM, the larger on a tie, and the grid that fills every SM with it. */
simt_status bi_CUDA_OCC_MAX_POTENTIAL(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    simt_vm *vm = c->vm;
    if (arg(c, 0) == 0 || arg(c, 1) == 0 || !kernel_ok(c, arg(c, 2)) || arg_int(c, 4) < 0)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    const simt_device_profile *d = vm->cfg.device;
    int warp = vm->cfg.warp_size, limit = d->max_threads_per_block;
    if (arg_int(c, 4) > 0 && arg_int(c, 4) < limit)
        limit = arg_int(c, 4);
    int best_threads = 0, best_size = 0, best_blocks = 0;
    for (int aligned = (limit + warp - 1) / warp * warp; aligned > 0; aligned -= warp) {
        int size = aligned < limit ? aligned : limit;
        int blocks = kernel_blocks_per_sm(vm, (uint32_t)arg(c, 2), size, arg(c, 3));
        if (blocks * size > best_threads) {
            best_threads = blocks * size;
            best_size = size;
            best_blocks = blocks;
        }
        if (best_threads == d->max_threads_per_sm)
            break;
    }
    const char *fn = "cudaOccupancyMaxPotentialBlockSize";
    if (store_i32(c, fn, arg(c, 0), best_blocks * d->sm_count) != 0 ||
        store_i32(c, fn, arg(c, 1), best_size) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

/* The largest block (a multiple of the warp size, at most the device's
 * limit) of which one fits on an SM, as the registers allow; 0 for none. */
static int kernel_max_threads(const simt_vm *vm, uint32_t f)
{
    int warp = vm->cfg.warp_size, limit = vm->cfg.device->max_threads_per_block;
    for (int size = limit / warp * warp; size > 0; size -= warp)
        if (kernel_blocks_per_sm(vm, f, size, 0) > 0)
            return size;
    return 0;
}

/* The bytes of every __constant__ variable of the module, string literals
 * (".strN") left out (nvcc counts the ones the kernel uses). */
static uint64_t module_constant_bytes(const simt_module *m)
{
    uint64_t n = 0;
    for (uint32_t i = 0; i < m->nglobals; i++)
        if (m->globals[i].space == SPACE_CONST && m->globals[i].name[0] != '.')
            n += m->globals[i].size;
    return n;
}

/* cudaFuncGetAttributes(&attr, kernel): CUDA's struct cudaFuncAttributes
 * (three size_t, then ints, 144 bytes) with the values the occupancy
 * calculator uses: the registers as lowered, the static shared memory, the
 * frame's local memory; the versions are the device's compute capability;
 * the cluster fields and reserved words are 0. */
simt_status bi_CUDA_FUNC_GET_ATTRIBUTES(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    if (arg(c, 0) == 0 || !kernel_ok(c, arg(c, 1)))
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    const simt_vm *vm = c->vm;
    uint32_t f = (uint32_t)arg(c, 1);
    const simt_func *kf = &vm->mod->funcs[f];
    const simt_device_profile *d = vm->cfg.device;
    int regs = (int)(kf->nregs_model ? kf->nregs_model : kf->nregs);
    if (vm->cfg.maxrregcount && regs > vm->cfg.maxrregcount)
        regs = vm->cfg.maxrregcount;
    uint64_t shared = vm->kernel_shared[f], a = arg(c, 0);
    int version = d->major * 10 + d->minor;
    int32_t ints[29] = {
        kernel_max_threads(vm, f), regs, version, version, 0,
        (int32_t)(shared < 49152 ? 49152 - shared : 0), -1,
    };
    const char *fn = "cudaFuncGetAttributes";
    if (store_u64(c, fn, a, shared) != 0 ||
        store_u64(c, fn, a + 8, module_constant_bytes(vm->mod)) != 0 ||
        store_u64(c, fn, a + 16, kf->local_size) != 0)
        return SIMT_FAULT;
    for (int i = 0; i < 29; i++)
        if (store_i32(c, fn, a + 24 + 4 * (uint64_t)i, ints[i]) != 0)
            return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

/* ---- settings that only tune a real GPU ---- */

/* cudaSetDeviceFlags: the schedule flags (0..4), cudaDeviceMapHost (8) and
 * cudaDeviceLmemResizeToMax (16) are accepted; anything else is invalid. */
simt_status bi_CUDA_SET_DEVICE_FLAGS(call *c)
{
    /* the device's primary context's flags: a broken context does not stop
     * it (host.c) */
    uint64_t flags = arg(c, 0);
    int schedule = (int)(flags & 7);
    int ok = (flags & ~(uint64_t)31) == 0 && schedule != 3 && schedule <= 4;
    return cuda_return(c, ok ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE);
}

/* cudaDeviceSetCacheConfig / cudaFuncSetCacheConfig: a preference between
 * L1 and shared memory (cudaFuncCachePrefer*, 0..3).  The model sizes the
 * L1 from the shared memory that resident blocks use, whatever is
 * preferred. */
simt_status bi_CUDA_DEVICE_SET_CACHE_CONFIG(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    uint64_t pref = arg(c, 0);
    return cuda_return(c, pref <= 3 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE);
}

simt_status bi_CUDA_FUNC_SET_CACHE_CONFIG(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    uint64_t pref = arg(c, 1);
    if (!kernel_ok(c, arg(c, 0)))
        return cuda_return(c, CUDA_ERROR_INVALID_DEVICE_FUNCTION);
    return cuda_return(c, pref <= 3 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE);
}

/* cudaFuncSetAttribute(kernel, attr, value): the dynamic shared memory a
 * launch may ask for (cudaFuncAttributeMaxDynamicSharedMemorySize, 8), up
 * to what the device allows a block beyond the static shared memory, and
 * the shared memory carve-out (9: -1 or a percentage).  simtvm checks each
 * launch against the device's opt-in limit, so neither changes a launch. */
simt_status bi_CUDA_FUNC_SET_ATTRIBUTE(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    if (!kernel_ok(c, arg(c, 0)))
        return cuda_return(c, CUDA_ERROR_INVALID_DEVICE_FUNCTION);
    int attr = arg_int(c, 1), v = arg_int(c, 2);
    int64_t room = (int64_t)c->vm->cfg.device->smem_per_block_optin -
                   (int64_t)c->vm->kernel_shared[arg(c, 0)];
    int ok = attr == 8 ? v >= 0 && v <= room : attr == 9 ? v >= -1 && v <= 100 : 0;
    return cuda_return(c, ok ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE);
}

/* ---- versions: simtvm models CUDA 13.0 ---- */

static simt_status version(call *c, const char *fn)
{
    if (arg(c, 0) == 0)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (store_i32(c, fn, arg(c, 0), 13000) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

simt_status bi_CUDA_DRIVER_VERSION(call *c)
{
    return version(c, "cudaDriverGetVersion");
}

simt_status bi_CUDA_RUNTIME_VERSION(call *c)
{
    return version(c, "cudaRuntimeGetVersion");
}

/* ---- assert ---- */

/* __assert_fail(expr, file, line): a failed assert.  The fault is located
 * (file, line, and in a kernel the block and thread) when it is printed.  In
 * a kernel it stops the launch with cudaErrorAssert, which every later CUDA
 * call returns as on a GPU, and the program goes on: main decides the exit
 * status.  On the host it ends the program, as abort() does. */
simt_status bi_ASSERT_FAIL(call *c)
{
    size_t n = 0;
    const char *e = simt_vm_cstr(c->vm, c->t, arg(c, 0), 400, &n);
    if (!e)
        return SIMT_FAULT;
    int device = !c->t->is_host;
    /* the texts of CUDA's device-side message and of glibc's */
    simt_vm_faultf(c->vm, "Assertion `%.*s%s failed.", (int)n, e, device ? "`" : "'");
    c->vm->fault.kind = FAULT_ASSERT;
    if (device)
        c->vm->fault.cuda_error = CUDA_ERROR_ASSERT;
    return SIMT_FAULT;
}

/* __simt_omp_fail(message): the host program asked lang/omp.c's OpenMP
 * for what its members, run one after another, cannot do (a barrier in a
 * team of several); the program ends there, located at the construct. */
simt_status bi_OMP_FAIL(call *c)
{
    size_t n = 0;
    const char *m = simt_vm_cstr(c->vm, c->t, arg(c, 0), 400, &n);
    if (!m)
        return SIMT_FAULT;
    simt_vm_faultf(c->vm, "%.*s", (int)n, m);
    return SIMT_FAULT;
}

/* __trap(): the kernel stops with cudaErrorLaunchFailure (719), which later
 * CUDA calls return; like every other kernel fault it makes the exit status 1. */
simt_status bi_TRAP(call *c)
{
    simt_vm_faultf(c->vm, "__trap() called");
    c->vm->fault.kind = FAULT_TRAP;
    c->vm->fault.cuda_error = CUDA_ERROR_LAUNCH_FAILURE;
    return SIMT_FAULT;
}
