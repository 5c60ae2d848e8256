/* runtime/host_call.h -- what the files implementing vm/builtins.def
 * share: one call's arguments and result, and the helpers that read guest
 * memory and return CUDA errors (defined in runtime/host.c).
 *
 * host.c dispatches every builtin; the bi_<ID> functions of the other files
 * (host_stream.c, host_device.c) are declared at the end. */
#ifndef SIMT_HOST_CALL_H
#define SIMT_HOST_CALL_H

#include <stdint.h>

#include "runtime/runtime.h"
#include "vm/vm.h"

typedef struct call {
    simt_vm *vm;
    const simt_tctx *t;
    const simt_sig *sig;
    const uint64_t *args;
    int nargs;
    uint64_t *ret;
} call;

/* simt_builtin_call pads the arguments to at least this many with zeros, so
 * that missing optional arguments (after '|' in a vm/builtins.def signature)
 * read as 0 without a test at every read: no fixed signature is longer. */
#define HOST_MIN_ARGS 8

/* Argument k (k < HOST_MIN_ARGS, or k < nargs for a variadic call). */
static inline uint64_t arg(const call *c, int k)
{
    return c->args[k];
}

static inline int32_t arg_int(const call *c, int k)
{
    return (int32_t)(uint32_t)arg(c, k);
}

static inline simt_status ret_int(call *c, int32_t v)
{
    *c->ret = (uint32_t)v;
    return SIMT_OK;
}

static inline simt_status ret_u64(call *c, uint64_t v)
{
    *c->ret = v;
    return SIMT_OK;
}

/* Guest memory for fn (NULL after a fault whose message names fn). */
void *guest(call *c, const char *fn, uint64_t addr, uint64_t len, int write);
/* The NUL-terminated guest string at addr (at most max bytes) and its length. */
const char *guest_str(call *c, const char *fn, uint64_t addr, size_t max, size_t *len);
int store(call *c, const char *fn, uint64_t addr, const void *v, size_t size);
int store_u64(call *c, const char *fn, uint64_t addr, uint64_t v);
int store_i32(call *c, const char *fn, uint64_t addr, int32_t v);
/* The live allocation that starts exactly at addr, or NULL. */
simt_alloc *alloc_at(simt_vm *vm, uint64_t addr);
simt_status copy_bytes(call *c, const char *fn, uint64_t dst, uint64_t src, uint64_t n);

/* CUDA errors: cuda_return returns err and records it for cudaGetLastError;
 * context_broken returns 1 (having returned the error) after a kernel fault
 * the host can see (its kernel has ended on the modelled timeline);
 * context_broken_after first moves the host's time up to t_ms (a call that
 * waits); context_broken_before first waits, where a fault is unseen, for the
 * work a blocking copy on stream follows. */
int context_error(simt_vm *vm);
int context_broken_after(call *c, double t_ms);
int context_broken_before(call *c, uint64_t stream);
simt_status cuda_return(call *c, int err);
int context_broken(call *c);
/* returns err from an allocation call, NULL in *where and 0 in *pitch_at */
simt_status alloc_fails(call *c, const char *fn, uint64_t where, uint64_t pitch_at, int err);
simt_status cuda_alloc(call *c, const char *fn, unsigned kind);
simt_status cuda_alloc_at(call *c, const char *fn, unsigned kind, int managed);
/* cudaFree/cudaFreeHost (device_sync: the host first waits for the
 * device's work) and cudaFreeAsync (0) */
simt_status cuda_free(call *c, unsigned kind, int device_sync);
/* cudaMemcpyToSymbol (to_symbol 1) / FromSymbol (0) of the call's arguments */
simt_status symbol_copy(call *c, int to_symbol);
/* cudaEventCreate: *arg 0 receives a new event */
simt_status event_create(call *c);

/* What issued a copy, for simt_copy_time: an asynchronous call
 * (cudaMemcpyAsync, any memset), a blocking one (cudaMemcpy) or a graph's
 * node (cudaGraphLaunch). */
enum { COPY_ASYNC, COPY_BLOCKING, COPY_GRAPH_NODE };
/* host_stream.c: the modelled time of a copy of n bytes of kind (0..4, as
 * cudaMemcpyKind) or a device memset (kind -1), added to vm->clock_ms and
 * placed on the stream's timeline (vm/timeline.c); call_kind (COPY_*) and
 * the memory decide whether the host's time moves to its completion, as
 * CUDA's API synchronization behavior says. */
void simt_copy_time(call *c, uint64_t stream, int call_kind, uint64_t dst, uint64_t src,
                    uint64_t n, int kind);
/* host_stream.c: 1 if handle names a stream (0, the two special handles or
 * a live one); otherwise returns cudaErrorInvalidResourceHandle and 0. */
int stream_ok(call *c, uint64_t handle);

/* The builtins of host_stream.c */
simt_status bi_CUDA_STREAM_CREATE(call *c);
simt_status bi_CUDA_STREAM_CREATE_FLAGS(call *c);
simt_status bi_CUDA_STREAM_CREATE_PRIO(call *c);
simt_status bi_CUDA_STREAM_DESTROY(call *c);
simt_status bi_CUDA_STREAM_SYNC(call *c);
simt_status bi_CUDA_STREAM_QUERY(call *c);
simt_status bi_CUDA_STREAM_WAIT_EVENT(call *c);
simt_status bi_CUDA_EVENT_QUERY(call *c);
simt_status bi_CUDA_EVENT_CREATE_FLAGS(call *c);
simt_status bi_CUDA_MEMCPY_ASYNC(call *c);
simt_status bi_CUDA_MEMSET_ASYNC(call *c);
simt_status bi_CUDA_HOST_ALLOC(call *c);
simt_status bi_CUDA_HOST_GET_DEVICE_PTR(call *c);
simt_status bi_CUDA_MALLOC_ASYNC(call *c);
simt_status bi_CUDA_FREE_ASYNC(call *c);
simt_status bi_CUDA_DEFAULT_MEM_POOL(call *c);
simt_status bi_CUDA_MEM_POOL_SET_ATTR(call *c);
simt_status bi_CUDA_MEM_POOL_TRIM_TO(call *c);
simt_status bi_CUDA_HOST_REGISTER(call *c);
simt_status bi_CUDA_HOST_UNREGISTER(call *c);
simt_status bi_CUDA_STREAM_GET_FLAGS(call *c);
simt_status bi_CUDA_STREAM_GET_PRIORITY(call *c);
simt_status bi_CUDA_STREAM_SET_ATTR(call *c);
simt_status bi_CUDA_STREAM_GET_ATTR(call *c);
simt_status bi_CUDA_CTX_RESET_PERSISTING_L2(call *c);
simt_status bi_CUDA_STREAM_PRIO_RANGE(call *c);
simt_status bi_MEM_PREFETCH(call *c);
simt_status bi_MEM_ADVISE(call *c);

/* The builtins of host_device.c */
simt_status bi_CUDA_DEVICE_GET_ATTR(call *c);
simt_status bi_CUDA_MEM_GET_INFO(call *c);
simt_status bi_CUDA_OCC_MAX_ACTIVE(call *c);
simt_status bi_CUDA_OCC_MAX_POTENTIAL(call *c);
simt_status bi_CUDA_SET_DEVICE_FLAGS(call *c);
simt_status bi_CUDA_DEVICE_SET_CACHE_CONFIG(call *c);
simt_status bi_CUDA_FUNC_SET_CACHE_CONFIG(call *c);
simt_status bi_CUDA_FUNC_GET_ATTRIBUTES(call *c);
simt_status bi_CUDA_DRIVER_VERSION(call *c);
simt_status bi_CUDA_RUNTIME_VERSION(call *c);
simt_status bi_ASSERT_FAIL(call *c);
simt_status bi_TRAP(call *c);
simt_status bi_OMP_FAIL(call *c);
simt_status bi_SIMT_SURFACE_FAULT(call *c);
simt_status bi_SIMT_TEXTURE_FAULT(call *c);
simt_status bi_SIMT_VLA_ALLOC(call *c);   /* runtime/vla.c */
simt_status bi_SIMT_VLA_SIZE(call *c);
simt_status bi_SIMT_VLA_FREE(call *c);
simt_status bi_CUDA_FUNC_SET_ATTRIBUTE(call *c);

/* The builtins of host_copy.c */
simt_status bi_CUDA_MALLOC_PITCH(call *c);
simt_status bi_CUDA_MEMCPY_2D(call *c);
simt_status bi_CUDA_MEMCPY_2D_ASYNC(call *c);
simt_status bi_CUDA_MEMSET_2D(call *c);
simt_status bi_CUDA_GET_SYMBOL_ADDRESS(call *c);
simt_status bi_CUDA_GET_SYMBOL_SIZE(call *c);
simt_status bi_CUDA_MEMCPY_TO_SYM_ASYNC(call *c);
simt_status bi_CUDA_MEMCPY_FROM_SYM_ASYNC(call *c);
simt_status bi_CUDA_DEVICE_SET_LIMIT(call *c);
simt_status bi_CUDA_DEVICE_GET_LIMIT(call *c);

/* The builtins of host_graph.c, and what the other files ask it */
simt_status bi_CUDA_GRAPH_CREATE(call *c);
simt_status bi_CUDA_GRAPH_ADD_KERNEL(call *c);
simt_status bi_CUDA_GRAPH_ADD_MEMCPY(call *c);
simt_status bi_CUDA_GRAPH_ADD_MEMSET(call *c);
simt_status bi_CUDA_GRAPH_ADD_HOST(call *c);
simt_status bi_CUDA_GRAPH_ADD_EMPTY(call *c);
simt_status bi_CUDA_GRAPH_ADD_DEPS(call *c);
simt_status bi_CUDA_GRAPH_GET_NODES(call *c);
simt_status bi_CUDA_GRAPH_INSTANTIATE(call *c);
simt_status bi_CUDA_GRAPH_INSTANTIATE_FLAGS(call *c);
simt_status bi_CUDA_GRAPH_CLONE(call *c);
simt_status bi_CUDA_GRAPH_ADD_CHILD(call *c);
simt_status bi_CUDA_GRAPH_CHILD_GET_GRAPH(call *c);
simt_status bi_CUDA_GRAPH_KERNEL_SET(call *c);
simt_status bi_CUDA_GRAPH_EXEC_KERNEL_SET(call *c);
simt_status bi_CUDA_GRAPH_EXEC_UPDATE(call *c);
simt_status bi_CUDA_GRAPH_DESTROY(call *c);
simt_status bi_CUDA_GRAPH_EXEC_DESTROY(call *c);
simt_status bi_CUDA_STREAM_BEGIN_CAPTURE(call *c);
simt_status bi_CUDA_STREAM_END_CAPTURE(call *c);
simt_status bi_CUDA_STREAM_IS_CAPTURING(call *c);
simt_status bi_CUDA_MEMCPY_3D(call *c);
simt_status bi_CUDA_MEMCPY_3D_ASYNC(call *c);
simt_status bi_GRAPH_EXEC_NODES(call *c);
simt_status bi_GRAPH_EXEC_NODE(call *c);
simt_status bi_GRAPH_CAPTURE_HOST(call *c);
simt_status bi_LAUNCH_STREAM(call *c);
simt_status bi_LAUNCH_KERNEL(call *c);
simt_status bi_DEV_STREAM_CREATE(call *c);
simt_status bi_DEV_STREAM_DESTROY(call *c);
/* 1 if stream is capturing into a graph */
int simt_graph_capturing(simt_vm *vm, uint64_t stream);
/* cudaEventRecord on a capturing stream: 1 when the event was captured */
int simt_graph_capture_event(simt_vm *vm, uint64_t event, uint64_t stream);
/* cudaStreamWaitEvent on a captured event: stream joins the capture (1) */
int simt_graph_capture_wait(simt_vm *vm, uint64_t stream, uint64_t event);
/* a copy or memset on a capturing stream becomes a node: 0 or a CUDA error */
int simt_graph_capture_copy(simt_vm *vm, uint64_t dst, uint64_t src, uint64_t n, int kind);
int simt_graph_capture_memset(simt_vm *vm, uint64_t dst, int value, uint64_t n);
/* runtime/texture.c: a CUDA array's rows as a pitched pointer for a 3D copy */
int array_as_pitched(call *c, const char *fn, uint64_t array, uint64_t pos[3], uint64_t *ptr,
                     uint64_t *pitch, uint64_t *ysize, uint64_t *elem);

#endif
