/* stdlib/simtvm_cuda.h -- turns a K program into a CUDA program.
 *
 *     nvcc -x cu -fmad=false -arch=sm_90 -include stdlib/simtvm_cuda.h prog.k -o prog
 *
 * K (SPEC 2) is the C subset of CUDA, so little is needed: the C and CUDA
 * headers that simtvm accepts and ignores, and unified host memory.  On simtvm
 * every host malloc/calloc returns memory that kernels may use directly (like
 * cudaMallocManaged); here the same calls are routed to cudaMallocManaged and
 * free() to cudaFree(), so the program runs unchanged on a real GPU.  Managed
 * allocations start on 256-byte boundaries, as simtvm's do, which keeps the
 * coalescing counts of the two machines equal.
 *
 * In device code malloc/free keep their CUDA meaning (the device heap).
 * realloc is not remapped: its old size is unknown here, and K programs that
 * need one should allocate anew and copy.
 */
#ifndef SIMTVM_CUDA_H
#define SIMTVM_CUDA_H

#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

static __host__ __device__ inline void *simtvm_malloc(size_t bytes)
{
#ifdef __CUDA_ARCH__
    return malloc(bytes);
#else
    void *p = NULL;
    /* A zero-byte request still gets a unique pointer, as malloc(0) may. */
    if (cudaMallocManaged(&p, bytes ? bytes : 1, cudaMemAttachGlobal) != cudaSuccess)
        return NULL;
    return p;
#endif
}

static inline void *simtvm_calloc(size_t count, size_t size)
{
    if (size != 0 && count > (size_t)-1 / size)
        return NULL;
    void *p = simtvm_malloc(count * size);
    if (p)
        memset(p, 0, count * size);
    return p;
}

static __host__ __device__ inline void simtvm_free(void *p)
{
#ifdef __CUDA_ARCH__
    free(p);
#else
    if (p)
        cudaFree(p);
#endif
}

/* After the definitions, so that their bodies still name the real functions. */
#define malloc(bytes) simtvm_malloc(bytes)
#define calloc(count, size) simtvm_calloc(count, size)
#define free(p) simtvm_free(p)

#endif
