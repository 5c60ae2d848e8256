/* runtime/host_copy.c -- pitched allocations and 2D copies, the
 * asynchronous symbol copies, symbol addresses, and the device limits
 * (cudaDeviceSetLimit) of the CUDA runtime (SPEC 2.8).
 *
 * Like every copy here, a 2D copy is done when it is issued and advances
 * the modelled clock by its bytes (runtime/host_stream.c). */
#include <string.h>

#include "runtime/host_call.h"

enum { MEMCPY_DEFAULT = 4, MEMSET_DEVICE = -1 };
enum { CUDA_ERROR_INVALID_PITCH_VALUE = 12 };

/* The row alignment of cudaMallocPitch: 512 bytes on the GPUs modelled. */
enum { PITCH_ALIGN = 512 };

/* cudaMallocPitch(&p, &pitch, widthBytes, height) */
simt_status bi_CUDA_MALLOC_PITCH(call *c)
{
    if (context_error(c->vm))
        return alloc_fails(c, "cudaMallocPitch", arg(c, 0), arg(c, 1), context_error(c->vm));
    uint64_t width = arg(c, 2), height = arg(c, 3);
    if (arg(c, 0) == 0 || arg(c, 1) == 0)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    uint64_t pitch = (width + PITCH_ALIGN - 1) / PITCH_ALIGN * PITCH_ALIGN;
    if (width == 0 || height == 0 || height > UINT64_MAX / pitch)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (store_u64(c, "cudaMallocPitch", arg(c, 1), pitch) != 0)
        return SIMT_FAULT;
    uint64_t args[2] = { arg(c, 0), pitch * height };
    call one = { c->vm, c->t, c->sig, args, 2, c->ret };
    return cuda_alloc(&one, "cudaMallocPitch", ALLOC_CUDA);
}

/* Copies height rows of width bytes from src (rows spitch apart) to dst
 * (rows dpitch apart).  Returns a cudaError_t, or -1 after a fault. */
static int copy_rows(call *c, const char *fn, uint64_t dst, uint64_t dpitch, uint64_t src,
                     uint64_t spitch, uint64_t width, uint64_t height)
{
    if (width > dpitch || width > spitch)
        return CUDA_ERROR_INVALID_PITCH_VALUE;
    for (uint64_t r = 0; r < height && width; r++)
        if (copy_bytes(c, fn, dst + r * dpitch, src + r * spitch, width) != SIMT_OK)
            return CUDA_ERROR_INVALID_VALUE;
    return CUDA_SUCCESS;
}

static simt_status memcpy_2d(call *c, const char *fn, int stream_arg)
{
    if ((stream_arg ? context_broken(c) : context_broken_before(c, 0)) ||
        (stream_arg && !stream_ok(c, arg(c, 7))))
        return SIMT_OK;
    int kind = arg_int(c, 6);
    if (kind < 0 || kind > MEMCPY_DEFAULT)
        return cuda_return(c, CUDA_ERROR_INVALID_MEMCPY_DIRECTION);
    int err = copy_rows(c, fn, arg(c, 0), arg(c, 1), arg(c, 2), arg(c, 3), arg(c, 4), arg(c, 5));
    if (err == CUDA_SUCCESS)
        simt_copy_time(c, stream_arg ? arg(c, 7) : 0, stream_arg ? COPY_ASYNC : COPY_BLOCKING,
                       arg(c, 0), arg(c, 2), arg(c, 4) * arg(c, 5), kind);
    return cuda_return(c, err);
}

/* cudaMemcpy2D(dst, dpitch, src, spitch, widthBytes, height, kind) */
simt_status bi_CUDA_MEMCPY_2D(call *c)
{
    return memcpy_2d(c, "cudaMemcpy2D", 0);
}

simt_status bi_CUDA_MEMCPY_2D_ASYNC(call *c)
{
    return memcpy_2d(c, "cudaMemcpy2DAsync", 1);
}

/* cudaMemset2D(p, pitch, value, widthBytes, height) */
simt_status bi_CUDA_MEMSET_2D(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    uint64_t p = arg(c, 0), pitch = arg(c, 1), width = arg(c, 3), height = arg(c, 4);
    if (width > pitch)
        return cuda_return(c, CUDA_ERROR_INVALID_PITCH_VALUE);
    for (uint64_t r = 0; r < height && width; r++) {
        void *row = guest(c, "cudaMemset2D", p + r * pitch, width, 1);
        if (!row)
            return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
        memset(row, (unsigned char)arg(c, 2), width);
    }
    simt_copy_time(c, 0, COPY_ASYNC, p, 0, width * height, MEMSET_DEVICE);
    return cuda_return(c, CUDA_SUCCESS);
}

/* ---- symbols ---- */

/* The module variable whose address a 'S' argument passed, or NULL. */
static simt_alloc *symbol(call *c, uint64_t addr)
{
    simt_alloc *a = alloc_at(c->vm, addr);
    return a && a->kind == ALLOC_MODULE ? a : NULL;
}

simt_status bi_CUDA_GET_SYMBOL_ADDRESS(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    if (!symbol(c, arg(c, 1)))
        return cuda_return(c, CUDA_ERROR_INVALID_SYMBOL);
    if (arg(c, 0) == 0)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (store_u64(c, "cudaGetSymbolAddress", arg(c, 0), arg(c, 1)) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

simt_status bi_CUDA_GET_SYMBOL_SIZE(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    simt_alloc *a = symbol(c, arg(c, 1));
    if (!a)
        return cuda_return(c, CUDA_ERROR_INVALID_SYMBOL);
    if (arg(c, 0) == 0)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (store_u64(c, "cudaGetSymbolSize", arg(c, 0), a->size) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

/* cudaMemcpyToSymbolAsync(symbol, src, count, offset, kind, stream) and
 * cudaMemcpyFromSymbolAsync(dst, symbol, count, offset, kind, stream): the
 * synchronous copies once the stream is known to be valid. */
simt_status bi_CUDA_MEMCPY_TO_SYM_ASYNC(call *c)
{
    if (context_broken(c) || !stream_ok(c, arg(c, 5)))
        return SIMT_OK;
    return symbol_copy(c, 1);
}

simt_status bi_CUDA_MEMCPY_FROM_SYM_ASYNC(call *c)
{
    if (context_broken(c) || !stream_ok(c, arg(c, 5)))
        return SIMT_OK;
    return symbol_copy(c, 0);
}

/* ---- limits: recorded and read back; the VM's own limits (its device
 * heap, printf buffer and stacks) are set by its options instead ---- */

/* cudaLimit 0..6 and their defaults: stack 1 KiB, printf FIFO 8.25 MiB (as
 * an H200 with CUDA 13 reports it), malloc heap 8 MiB, sync depth 2, pending
 * launches 2048, L2 fetch granularity 64 bytes, persisting L2 0. */
enum { LIMIT_PERSISTING_L2 = 6 };
static const uint64_t limit_default[SIMT_NLIMITS] = { 1024, 8650752, 8 << 20, 2, 2048, 64, 0 };

simt_status bi_CUDA_DEVICE_SET_LIMIT(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    int which = arg_int(c, 0);
    if (which < 0 || which >= SIMT_NLIMITS)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    uint64_t v = arg(c, 1);
    const simt_device_profile *d = c->vm->cfg.device;
    if (which == LIMIT_PERSISTING_L2 && d && v > (uint64_t)d->l2_persist_max)
        v = (uint64_t)d->l2_persist_max; /* the set-aside L2 is capped, as CUDA caps it */
    c->vm->limits[which] = v;
    c->vm->limits_set |= 1u << which;
    return cuda_return(c, CUDA_SUCCESS);
}

simt_status bi_CUDA_DEVICE_GET_LIMIT(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    int which = arg_int(c, 1);
    if (arg(c, 0) == 0 || which < 0 || which >= SIMT_NLIMITS)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    uint64_t v = (c->vm->limits_set >> which) & 1 ? c->vm->limits[which] : limit_default[which];
    const simt_device_profile *d = c->vm->cfg.device;
    if (which == LIMIT_PERSISTING_L2 && !((c->vm->limits_set >> which) & 1) && d)
        v = (uint64_t)d->l2_persist_max * 3 / 10; /* an H200 starts with 30 % set aside */
    if (store_u64(c, "cudaDeviceGetLimit", arg(c, 0), v) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}
