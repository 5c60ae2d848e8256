/* runtime/host_stream.c -- CUDA streams, the asynchronous copies and
 * allocations that take a stream, pinned host memory, and the modelled time
 * of copies (SPEC 2.8).
 *
 * Every kernel and copy runs to completion when it is issued, so waiting or
 * querying always finds the work done.  When a GPU would have run it is the
 * modelled timeline's business (vm/timeline.c): work starts when the host
 * issues it and its stream is ready, an event is stamped the same way, and
 * a synchronising call moves the host's time to the completion it waits
 * for.  A copy takes what the device profile's host link or DRAM would
 * take, so events around a copy time it; an asynchronous copy returns at once
 * (of pageable memory too, as an H200 does: host_waits_for). */
#include <string.h>

#include "runtime/host_call.h"
#include "runtime/observers.h"

enum { MAX_STREAMS = 1 << 20 };
enum { MEMCPY_H2H, MEMCPY_H2D, MEMCPY_D2H, MEMCPY_D2D, MEMCPY_DEFAULT, MEMSET_DEVICE = -1 };

/* ---- modelled time of copies ---- */

static int on_device(simt_vm *vm, uint64_t addr)
{
    simt_alloc *a = simt_mem_find(&vm->mem, addr);
    return a && (a->kind == ALLOC_CUDA || a->kind == ALLOC_DEVICE_MALLOC ||
                 a->kind == ALLOC_MODULE);
}

/* The cudaHostRegister range holding addr, or -1. */
static int registered(const simt_vm *vm, uint64_t addr)
{
    for (int i = 0; i < vm->nhost_regs; i++)
        if (addr >= vm->host_regs[2 * i] && addr - vm->host_regs[2 * i] < vm->host_regs[2 * i + 1])
            return i;
    return -1;
}

static int pinned(simt_vm *vm, uint64_t addr)
{
    simt_alloc *a = simt_mem_find(&vm->mem, addr);
    return (a && !a->freed && a->kind == ALLOC_CUDA_HOST) || registered(vm, addr) >= 0;
}

/* cudaMemcpyDefault: the direction the two pointers give. */
static int infer_kind(simt_vm *vm, uint64_t dst, uint64_t src)
{
    int d = on_device(vm, dst), s = on_device(vm, src);
    return d ? (s ? MEMCPY_D2D : MEMCPY_H2D) : (s ? MEMCPY_D2H : MEMCPY_H2H);
}

/* Whether the host waits for a copy: a blocking call waits unless it copies
 * device to device, and a host-to-host copy is synchronous.  An asynchronous
 * copy returns before the copy ends, of pinned and of pageable host memory
 * alike: CUDA's "API synchronization behavior" says a pageable one is staged
 * and returns once done, but an H200 with CUDA 13.0 returned from 32 MiB of
 * pageable cudaMemcpyAsync well before the copy's events ended, both ways
 * (tests/programs/copy_async_overlap.k, its .out the GPU's); the copy still
 * goes at the pageable rate.  A graph's nodes never make the host wait. */
static int host_waits_for(int call, int kind)
{
    if (call == COPY_GRAPH_NODE || kind == MEMSET_DEVICE || kind == MEMCPY_D2D)
        return 0;
    return call == COPY_BLOCKING || kind == MEMCPY_H2H;
}

/* A copy between host and device crosses the link at the pinned rate when
 * its host side is cudaMallocHost memory, else at the pageable rate (the
 * driver stages it), on the copy engine of its direction; device-side
 * copies read and write DRAM, a memset only writes it.  Host-to-host copies
 * go at the pageable rate (a guess: the host's memory bandwidth is not in
 * the profile). */
void simt_copy_time(call *c, uint64_t stream, int call_kind, uint64_t dst, uint64_t src,
                    uint64_t n, int kind)
{
    simt_vm *vm = c->vm;
    const simt_device_profile *d = vm->cfg.device;
    if (!d)
        return;
    if (kind == MEMCPY_DEFAULT)
        kind = infer_kind(vm, dst, src);
    double gbps, bytes = (double)n;
    int host_pinned = 0, engine = SIMT_ENGINE_NONE;
    switch (kind) {
    case MEMSET_DEVICE: gbps = d->dram_gbps; break;
    case MEMCPY_D2D: gbps = d->dram_gbps; bytes *= 2; break;
    case MEMCPY_H2D:
        host_pinned = pinned(vm, src);
        engine = SIMT_ENGINE_H2D;
        gbps = host_pinned ? d->link_pinned_gbps : d->link_pageable_gbps;
        break;
    case MEMCPY_D2H:
        host_pinned = pinned(vm, dst);
        engine = SIMT_ENGINE_D2H;
        gbps = host_pinned ? d->link_pinned_gbps : d->link_pageable_gbps;
        break;
    default: gbps = d->link_pageable_gbps; break;
    }
    /* bytes / (GB/s) is ns; the clock counts ms */
    double ms = d->copy_overhead_us / 1e3 + bytes / (gbps > 0 ? gbps : 1) / 1e6;
    vm->clock_ms += ms;
    double done = simt_timeline_copy(vm, stream, ms, engine);
    if (host_waits_for(call_kind, kind))
        simt_timeline_wait(vm, done);
}

/* ---- stream handles: 0 and CUDA's two special handles are always valid ---- */

static simt_stream *stream_of(simt_vm *vm, uint64_t handle)
{
    if (handle < SIMT_STREAM_BASE || handle - SIMT_STREAM_BASE >= (uint64_t)vm->nstreams)
        return NULL;
    simt_stream *s = &vm->streams[handle - SIMT_STREAM_BASE];
    return s->used ? s : NULL;
}

int stream_ok(call *c, uint64_t handle)
{
    if (handle < SIMT_STREAM_BASE || stream_of(c->vm, handle))
        return 1;
    cuda_return(c, CUDA_ERROR_INVALID_RESOURCE_HANDLE);
    return 0;
}

/* An H100's stream priorities: 0 (lowest) to -5 (highest) */
enum { PRIO_LEAST = 0, PRIO_GREATEST = -5 };

static int clamp_priority(int p)
{
    return p > PRIO_LEAST ? PRIO_LEAST : p < PRIO_GREATEST ? PRIO_GREATEST : p;
}

static simt_status stream_create(call *c, const char *fn, unsigned flags, int priority)
{
    simt_vm *vm = c->vm;
    if (context_broken(c))
        return SIMT_OK;
    if (arg(c, 0) == 0 || flags > 1) /* cudaStreamDefault or cudaStreamNonBlocking */
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (vm->nstreams >= MAX_STREAMS)
        return cuda_return(c, CUDA_ERROR_MEMORY_ALLOCATION);
    simt_stream *grown = simt_realloc(&vm->cfg.alloc, vm->streams,
                                      (size_t)(vm->nstreams + 1) * sizeof *grown);
    if (!grown)
        return cuda_return(c, CUDA_ERROR_MEMORY_ALLOCATION);
    vm->streams = grown;
    vm->streams[vm->nstreams] = (simt_stream){ .used = 1, .flags = flags,
                                               .priority = priority };
    if (store_u64(c, fn, arg(c, 0), (uint64_t)vm->nstreams + SIMT_STREAM_BASE) != 0)
        return SIMT_FAULT;
    vm->nstreams++;
    return cuda_return(c, CUDA_SUCCESS);
}

simt_status bi_CUDA_STREAM_CREATE(call *c)
{
    return stream_create(c, "cudaStreamCreate", 0, PRIO_LEAST);
}

simt_status bi_CUDA_STREAM_CREATE_FLAGS(call *c)
{
    return stream_create(c, "cudaStreamCreateWithFlags", (unsigned)arg(c, 1), PRIO_LEAST);
}

/* A priority outside the range is clamped to it, as CUDA does.  It orders
 * the SMs' use: a kernel on a more urgent stream takes the SMs of an
 * earlier kernel's waves not yet started (vm/timeline.c). */
simt_status bi_CUDA_STREAM_CREATE_PRIO(call *c)
{
    return stream_create(c, "cudaStreamCreateWithPriority", (unsigned)arg(c, 1),
                         clamp_priority(arg_int(c, 2)));
}

simt_status bi_CUDA_STREAM_DESTROY(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    simt_stream *s = stream_of(c->vm, arg(c, 0));
    if (!s) /* destroying the default stream is an error too */
        return cuda_return(c, CUDA_ERROR_INVALID_RESOURCE_HANDLE);
    s->used = 0;
    return cuda_return(c, CUDA_SUCCESS);
}

/* Device code's streams (dynamic parallelism): CUDA's device runtime
 * takes only cudaStreamNonBlocking.  A device stream orders the launches
 * into it as launch order does (vm/devlaunch.c), so a handle is all it
 * needs; an error is the call's return value alone. */
simt_status bi_DEV_STREAM_CREATE(call *c)
{
    if (arg(c, 0) == 0 || arg(c, 1) != 1)
        return ret_int(c, CUDA_ERROR_INVALID_VALUE);
    if (store_u64(c, "cudaStreamCreateWithFlags", arg(c, 0),
                  SIMT_DEV_STREAM_BASE + c->vm->dev_streams) != 0)
        return SIMT_FAULT;
    c->vm->dev_streams++;
    return ret_int(c, CUDA_SUCCESS);
}

simt_status bi_DEV_STREAM_DESTROY(call *c)
{
    uint64_t s = arg(c, 0);
    int ok = s >= SIMT_DEV_STREAM_BASE && s - SIMT_DEV_STREAM_BASE < c->vm->dev_streams;
    return ret_int(c, ok ? CUDA_SUCCESS : CUDA_ERROR_INVALID_RESOURCE_HANDLE);
}

/* Synchronize: the stream's work is already done, and the host's modelled
 * time moves to when it completes; what is left to report is a kernel fault
 * it waited for. */
simt_status bi_CUDA_STREAM_SYNC(call *c)
{
    if (context_broken(c) || !stream_ok(c, arg(c, 0)))
        return SIMT_OK;
    if (context_broken_after(c, simt_timeline_stream_done(c->vm, arg(c, 0))))
        return SIMT_OK;
    return cuda_return(c, CUDA_SUCCESS);
}

/* A query's round trip to the driver, in ms of the host's modelled time:
 * the H100 run of cuda-samples' asyncAPI spun 6052 times on cudaEventQuery
 * while its 2.59 ms of GPU work ran, 0.43 us a turn. */
#define QUERY_MS 0.00043

/* cudaStreamQuery and cudaEventQuery: work that has not reached its end on
 * the modelled timeline is cudaErrorNotReady, which is not recorded for
 * cudaGetLastError (it is not an error); a loop that polls spins, its
 * host's time moving on by its instructions and its queries, until the
 * work's end, as on a GPU. */
static simt_status query(call *c, double done_ms)
{
    simt_timeline_host_busy(c->vm, QUERY_MS);
    if (context_broken(c))
        return SIMT_OK;
    if (simt_host_model_ms(c->vm) < done_ms)
        return ret_int(c, CUDA_ERROR_NOT_READY);
    return cuda_return(c, CUDA_SUCCESS);
}

simt_status bi_CUDA_STREAM_QUERY(call *c)
{
    if (context_broken(c) || !stream_ok(c, arg(c, 0)))
        return SIMT_OK;
    return query(c, simt_timeline_stream_done(c->vm, arg(c, 0)));
}

/* cudaStreamGetFlags(stream, &flags): as created (0 for the default stream) */
simt_status bi_CUDA_STREAM_GET_FLAGS(call *c)
{
    if (context_broken(c) || !stream_ok(c, arg(c, 0)))
        return SIMT_OK;
    simt_stream *s = stream_of(c->vm, arg(c, 0));
    if (arg(c, 1) == 0)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (store_i32(c, "cudaStreamGetFlags", arg(c, 1), s ? (int32_t)s->flags : 0) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

/* The record of a stream handle: a created stream's, or for 0 and CUDA's
 * two special handles the default stream's; NULL, having returned
 * cudaErrorInvalidResourceHandle, for any other. */
static simt_stream *stream_record(call *c, uint64_t handle)
{
    if (handle < SIMT_STREAM_BASE)
        return &c->vm->stream0;
    simt_stream *s = stream_of(c->vm, handle);
    if (!s)
        cuda_return(c, CUDA_ERROR_INVALID_RESOURCE_HANDLE);
    return s;
}

/* cudaStreamGetPriority(stream, &priority): as created or set (0, the
 * lowest, for the default stream until an attribute sets it) */
simt_status bi_CUDA_STREAM_GET_PRIORITY(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    simt_stream *s = stream_record(c, arg(c, 0));
    if (!s)
        return SIMT_OK;
    if (arg(c, 1) == 0)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (store_i32(c, "cudaStreamGetPriority", arg(c, 1), s->priority) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

/* ---- stream attributes: hints about the L2 and the host's waiting.  The
 * model has no persisting lines and every wait finds the work done, so a
 * hint changes no result; it is checked as CUDA checks it, kept, and read
 * back.  cudaStreamAttrID values (cudaLaunchAttributeID): ---- */
enum { ATTR_WINDOW = 1, ATTR_SYNC_POLICY = 3, ATTR_PRIORITY = 8 };
enum { WINDOW_BYTES = 32 }; /* sizeof(cudaAccessPolicyWindow) */

/* A window CUDA accepts: at most the profile's largest window
 * (cudaDevAttrMaxAccessPolicyWindowSize), hitRatio in [0, 1], hitProp
 * normal, streaming or persisting (0..2) and missProp normal or
 * streaming. */
static int window_ok(const simt_vm *vm, const uint8_t *w)
{
    uint64_t bytes;
    float ratio;
    int32_t hit, miss;
    memcpy(&bytes, w + 8, sizeof bytes);
    memcpy(&ratio, w + 16, sizeof ratio);
    memcpy(&hit, w + 20, sizeof hit);
    memcpy(&miss, w + 24, sizeof miss);
    uint64_t most = vm->cfg.device ? (uint64_t)vm->cfg.device->access_window_max : 0;
    return bytes <= most && ratio >= 0.0f && ratio <= 1.0f && hit >= 0 && hit <= 2 &&
           miss >= 0 && miss <= 1;
}

/* The stream and attribute id of cudaStreamSet/GetAttribute(stream, id,
 * &value), or NULL once the call is answered (*st): a broken context, a bad
 * stream, a NULL value or an attribute no stream takes (cudaErrorInvalidValue). */
static simt_stream *attr_call(call *c, int *id, simt_status *st)
{
    *st = SIMT_OK;
    if (context_broken(c))
        return NULL;
    simt_stream *s = stream_record(c, arg(c, 0));
    if (!s)
        return NULL;
    *id = arg_int(c, 1);
    if (arg(c, 2) == 0 || (*id != ATTR_WINDOW && *id != ATTR_SYNC_POLICY && *id != ATTR_PRIORITY)) {
        *st = cuda_return(c, CUDA_ERROR_INVALID_VALUE);
        return NULL;
    }
    return s;
}

/* cudaStreamSetAttribute(stream, id, &value): an access policy window, a
 * sync policy (cudaSyncPolicyAuto..BlockingSync, 1..4) or a priority
 * (clamped as cudaStreamCreateWithPriority clamps it); any other
 * attribute is not one a stream takes: cudaErrorInvalidValue. */
simt_status bi_CUDA_STREAM_SET_ATTR(call *c)
{
    static const char fn[] = "cudaStreamSetAttribute";
    int id;
    simt_status st;
    simt_stream *s = attr_call(c, &id, &st);
    if (!s)
        return st;
    const uint8_t *v = guest(c, fn, arg(c, 2), id == ATTR_WINDOW ? WINDOW_BYTES : 4, 0);
    if (!v)
        return SIMT_FAULT;
    int32_t n;
    memcpy(&n, v, sizeof n);
    if (id == ATTR_WINDOW) {
        if (!window_ok(c->vm, v))
            return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
        memcpy(s->window, v, WINDOW_BYTES);
    } else if (id == ATTR_SYNC_POLICY) {
        if (n < 1 || n > 4)
            return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
        s->sync_policy = n;
    } else {
        s->priority = clamp_priority(n);
    }
    return cuda_return(c, CUDA_SUCCESS);
}

/* cudaStreamGetAttribute(stream, id, &value): what was set; before that a
 * window of zeros, cudaSyncPolicyAuto and the priority as created. */
simt_status bi_CUDA_STREAM_GET_ATTR(call *c)
{
    static const char fn[] = "cudaStreamGetAttribute";
    int id;
    simt_status st;
    simt_stream *s = attr_call(c, &id, &st);
    if (!s)
        return st;
    if (id == ATTR_WINDOW) {
        uint8_t *out = guest(c, fn, arg(c, 2), WINDOW_BYTES, 1);
        if (!out)
            return SIMT_FAULT;
        memcpy(out, s->window, WINDOW_BYTES);
        return cuda_return(c, CUDA_SUCCESS);
    }
    int32_t n = id == ATTR_PRIORITY ? s->priority : s->sync_policy ? s->sync_policy : 1;
    if (store_i32(c, fn, arg(c, 2), n) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

/* cudaCtxResetPersistingL2Cache(): turns persisting lines back into normal
 * ones; the model keeps none. */
simt_status bi_CUDA_CTX_RESET_PERSISTING_L2(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    return cuda_return(c, CUDA_SUCCESS);
}

/* cudaDeviceGetStreamPriorityRange(&least, &greatest): an H100's range, 0
 * (lowest) to -5 (highest); either pointer may be null. */
simt_status bi_CUDA_STREAM_PRIO_RANGE(call *c)
{
    static const char fn[] = "cudaDeviceGetStreamPriorityRange";
    if (context_broken(c))
        return SIMT_OK;
    if (arg(c, 0) != 0 && store_i32(c, fn, arg(c, 0), PRIO_LEAST) != 0)
        return SIMT_FAULT;
    if (arg(c, 1) != 0 && store_i32(c, fn, arg(c, 1), PRIO_GREATEST) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

/* A cudaMemLocation (type, id) names the device (type 1, id 0 here), the
 * host (2) or host NUMA node (3, 4). */
static int location_error(int type, int id)
{
    if (type == 1)
        return id == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
    return type >= 2 && type <= 4 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

/* __simt_mem_prefetch(p, bytes, location type, id, flags, stream): memory
 * is unified and already wherever it is used, so a prefetch only checks its
 * arguments. */
simt_status bi_MEM_PREFETCH(call *c)
{
    if (context_broken(c) || !stream_ok(c, arg(c, 5)))
        return SIMT_OK;
    if (arg(c, 0) == 0 || arg(c, 1) == 0 || arg(c, 4) != 0)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    return cuda_return(c, location_error(arg_int(c, 2), arg_int(c, 3)));
}

/* __simt_mem_advise(p, bytes, advice, location type, id): advice only
 * places pages, and here there is one place; advice is cudaMemAdvise*
 * (1..6). */
simt_status bi_MEM_ADVISE(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    int advice = arg_int(c, 2);
    if (arg(c, 0) == 0 || arg(c, 1) == 0 || advice < 1 || advice > 6)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    /* an H200 (CUDA 13) answers a device that does not exist with
     * cudaErrorInvalidValue here, where a prefetch says cudaErrorInvalidDevice */
    int e = location_error(arg_int(c, 3), arg_int(c, 4));
    return cuda_return(c, e == CUDA_ERROR_INVALID_DEVICE ? CUDA_ERROR_INVALID_VALUE : e);
}

static simt_event *event_of(simt_vm *vm, uint64_t handle)
{
    if (handle == 0 || handle > (uint64_t)vm->nevents)
        return NULL;
    simt_event *e = &vm->events[handle - 1];
    return e->used ? e : NULL;
}

simt_status bi_CUDA_STREAM_WAIT_EVENT(call *c)
{
    if (context_broken(c) || !stream_ok(c, arg(c, 0)))
        return SIMT_OK;
    simt_event *e = event_of(c->vm, arg(c, 1));
    if (!e)
        return cuda_return(c, CUDA_ERROR_INVALID_RESOURCE_HANDLE);
    simt_graph_capture_wait(c->vm, arg(c, 0), arg(c, 1));
    if (e->recorded && !simt_graph_capturing(c->vm, arg(c, 0)))
        simt_timeline_after(c->vm, arg(c, 0), e->time_ms);
    return cuda_return(c, arg(c, 2) > 1 ? CUDA_ERROR_INVALID_VALUE : CUDA_SUCCESS);
}

/* An event never recorded is complete. */
simt_status bi_CUDA_EVENT_QUERY(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    simt_event *e = event_of(c->vm, arg(c, 0));
    if (!e)
        return cuda_return(c, CUDA_ERROR_INVALID_RESOURCE_HANDLE);
    return query(c, e->recorded ? e->time_ms : 0);
}

/* The flags (blocking sync, disable timing, interprocess) change nothing that
 * a program can observe here except that an event without timing cannot be
 * timed (cudaEventElapsedTime, in host.c). */
simt_status bi_CUDA_EVENT_CREATE_FLAGS(call *c)
{
    if (arg(c, 1) > 7) /* checked by the runtime library, before the sticky error */
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    return event_create(c);
}

/* ---- copies and memsets on a stream: done at once, in issue order ---- */

simt_status bi_CUDA_MEMCPY_ASYNC(call *c)
{
    if (context_broken(c) || !stream_ok(c, arg(c, 4)))
        return SIMT_OK;
    int kind = arg_int(c, 3);
    if (kind < MEMCPY_H2H || kind > MEMCPY_DEFAULT)
        return cuda_return(c, CUDA_ERROR_INVALID_MEMCPY_DIRECTION);
    if (simt_graph_capturing(c->vm, arg(c, 4))) {
        int err = simt_graph_capture_copy(c->vm, arg(c, 0), arg(c, 1), arg(c, 2), kind);
        return cuda_return(c, err ? err : CUDA_SUCCESS);
    }
    if (c->vm->checker)
        simt_check_api_copy(c->vm->checker, c->vm, "cudaMemcpyAsync", arg(c, 0), arg(c, 1),
                            arg(c, 2), kind);
    if (copy_bytes(c, "cudaMemcpyAsync", arg(c, 0), arg(c, 1), arg(c, 2)) != SIMT_OK)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    simt_copy_time(c, arg(c, 4), COPY_ASYNC, arg(c, 0), arg(c, 1), arg(c, 2), kind);
    return cuda_return(c, CUDA_SUCCESS);
}

simt_status bi_CUDA_MEMSET_ASYNC(call *c)
{
    if (context_broken(c) || !stream_ok(c, arg(c, 3)))
        return SIMT_OK;
    uint64_t n = arg(c, 2);
    if (simt_graph_capturing(c->vm, arg(c, 3))) {
        int err = simt_graph_capture_memset(c->vm, arg(c, 0), arg_int(c, 1), n);
        return cuda_return(c, err ? err : CUDA_SUCCESS);
    }
    if (n) {
        void *p = guest(c, "cudaMemsetAsync", arg(c, 0), n, 1);
        if (!p)
            return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
        memset(p, (unsigned char)arg(c, 1), n);
    }
    simt_copy_time(c, arg(c, 3), COPY_ASYNC, arg(c, 0), 0, n, MEMSET_DEVICE);
    return cuda_return(c, CUDA_SUCCESS);
}

/* ---- pinned host memory ---- */

/* cudaHostAlloc(&p, bytes, flags): cudaMallocHost with flags (portable,
 * mapped, write-combined), all of which hold for every allocation here:
 * memory is unified, so a mapped pointer is the host pointer itself
 * (cudaHostGetDevicePointer, for this memory and cudaHostRegister's). */
simt_status bi_CUDA_HOST_ALLOC(call *c)
{
    if (arg(c, 2) > 7) { /* checked by the driver, after the sticky error */
        if (context_error(c->vm))
            return alloc_fails(c, "cudaHostAlloc", arg(c, 0), 0, context_error(c->vm));
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    }
    return cuda_alloc(c, "cudaHostAlloc", ALLOC_CUDA_HOST);
}

simt_status bi_CUDA_HOST_GET_DEVICE_PTR(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    uint64_t where = arg(c, 0), host = arg(c, 1);
    if (where == 0 || arg(c, 2) != 0 || !pinned(c->vm, host))
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (store_u64(c, "cudaHostGetDevicePointer", where, host) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

/* ---- stream-ordered allocation: the stream's earlier work is done, so the
 * memory is ready (or released) at once ---- */

simt_status bi_CUDA_MALLOC_ASYNC(call *c)
{
    if (context_error(c->vm))
        return alloc_fails(c, "cudaMallocAsync", arg(c, 0), 0, context_error(c->vm));
    if (!stream_ok(c, arg(c, 2)))
        return SIMT_OK;
    return cuda_alloc(c, "cudaMallocAsync", ALLOC_CUDA);
}

simt_status bi_CUDA_FREE_ASYNC(call *c)
{
    if (context_broken(c) || !stream_ok(c, arg(c, 1)))
        return SIMT_OK;
    return cuda_free(c, ALLOC_CUDA, 0); /* stream-ordered: the host does not wait */
}

/* ---- page-locking memory the program allocated: cudaHostRegister ---- */

/* cudaHostRegister(p, bytes, flags): [p, p+bytes) must lie in one live host
 * allocation and overlap no registered range; it then copies at the pinned
 * rate and has a device pointer (itself). */
simt_status bi_CUDA_HOST_REGISTER(call *c)
{
    simt_vm *vm = c->vm;
    if (context_broken(c))
        return SIMT_OK;
    uint64_t p = arg(c, 0), n = arg(c, 1);
    simt_alloc *a = simt_mem_find(&vm->mem, p);
    if (n == 0 || arg(c, 2) > 15 || !a || a->freed || a->kind == ALLOC_CUDA ||
        a->kind == ALLOC_CUDA_HOST || p - a->base > a->size || n > a->size - (p - a->base))
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (registered(vm, p) >= 0 || registered(vm, p + n - 1) >= 0)
        return cuda_return(c, CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED);
    uint64_t *grown = simt_realloc(&vm->cfg.alloc, vm->host_regs,
                                   (size_t)(vm->nhost_regs + 1) * 2 * sizeof *grown);
    if (!grown)
        return cuda_return(c, CUDA_ERROR_MEMORY_ALLOCATION);
    vm->host_regs = grown;
    vm->host_regs[2 * vm->nhost_regs] = p;
    vm->host_regs[2 * vm->nhost_regs + 1] = n;
    vm->nhost_regs++;
    return cuda_return(c, CUDA_SUCCESS);
}

/* cudaHostUnregister(p): p must be where a registration starts; a pointer
 * inside one is cudaErrorInvalidValue, as an H200 (CUDA 13) answers. */
simt_status bi_CUDA_HOST_UNREGISTER(call *c)
{
    simt_vm *vm = c->vm;
    if (context_broken(c))
        return SIMT_OK;
    int i = registered(vm, arg(c, 0));
    if (i < 0)
        return cuda_return(c, CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED);
    if (vm->host_regs[2 * i] != arg(c, 0))
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    vm->nhost_regs--;
    vm->host_regs[2 * i] = vm->host_regs[2 * vm->nhost_regs];
    vm->host_regs[2 * i + 1] = vm->host_regs[2 * vm->nhost_regs + 1];
    return cuda_return(c, CUDA_SUCCESS);
}

/* ---- the device's default memory pool: cudaMallocAsync takes memory from
 * it at once and cudaFreeAsync returns it at once, so its settings (how
 * much freed memory it keeps) change nothing a program can see ---- */

enum { DEFAULT_POOL = 1 };

simt_status bi_CUDA_DEFAULT_MEM_POOL(call *c)
{ /* a question to the device: a broken context does not fail it (host.c) */
    if (arg_int(c, 1) != 0)
        return cuda_return(c, CUDA_ERROR_INVALID_DEVICE);
    if (arg(c, 0) == 0)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (store_u64(c, "cudaDeviceGetDefaultMemPool", arg(c, 0), DEFAULT_POOL) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

/* cudaMemPoolSetAttribute(pool, attr, &value): the cudaMemPoolAttr values
 * 1..8; the value (an int, or a 64-bit count for 4..8) must be readable. */
simt_status bi_CUDA_MEM_POOL_SET_ATTR(call *c)
{
    /* the pool is the device's: a broken context does not stop it (host.c) */
    int attr = arg_int(c, 1);
    if (arg(c, 0) != DEFAULT_POOL || attr < 1 || attr > 8 || arg(c, 2) == 0)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (!guest(c, "cudaMemPoolSetAttribute", arg(c, 2), attr >= 4 ? 8 : 4, 0))
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

simt_status bi_CUDA_MEM_POOL_TRIM_TO(call *c)
{
    /* the pool is the device's: a broken context does not stop it (host.c) */
    return cuda_return(c, arg(c, 0) == DEFAULT_POOL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE);
}
