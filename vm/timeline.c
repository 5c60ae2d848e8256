/* vm/timeline.c -- the one modelled timeline the host and the streams share
 * (SPEC 2.8, 5.3).
 *
 * Every kernel and copy still runs to completion when it is issued; what
 * this file models is *when* a GPU would have run it, so that every clock a
 * program reads tells the same story as on a GPU:
 *
 *   - the host's time is its instructions (HOST_NS_PER_STEP each: vm->host_steps)
 *     plus the time it spent waiting for the device (vm->host_wait_ms);
 *   - work issued on a stream starts at the later of the host's time when
 *     it is issued and the stream's readiness (its previous work, the legacy
 *     default stream's implicit ordering, cudaStreamWaitEvent), and ends its
 *     modelled duration later (stream->done_ms);
 *   - cudaEventRecord stamps an event with the same start rule, so events
 *     around host-only work measure the host, events around kernels the
 *     kernels;
 *   - a synchronising call moves the host's time up to the completion of
 *     what it waits for.
 *
 * Handles 0, 1 (cudaStreamLegacy) and 2 (cudaStreamPerThread) are all the
 * legacy default stream here (vm->stream0).  Under --wall-clock the host
 * clocks read the real time (runtime/clocks.c), and events still read this
 * timeline: there is no real device to stamp them. */
#include "vm/vm.h"

/* A host instruction's modelled cost: about what one bytecode instruction's
 * work (an add, a load, a compare) takes on a CPU core, so a host loop of
 * a million iterations of eight instructions reads 8 ms. */
enum { HOST_NS_PER_STEP = 1 };

enum { STREAM_NON_BLOCKING = 1 }; /* cudaStreamNonBlocking */

double simt_host_model_ms(const simt_vm *vm)
{
    return vm->host_wait_ms + (double)vm->host_steps * HOST_NS_PER_STEP / 1e6;
}

int64_t simt_host_model_ns(const simt_vm *vm)
{
    /* the instructions exactly, so a host-only program's figures are whole steps */
    return (int64_t)(vm->host_wait_ms * 1e6) + (int64_t)vm->host_steps * HOST_NS_PER_STEP;
}

static simt_stream *timeline_stream(simt_vm *vm, uint64_t handle)
{
    if (handle >= SIMT_STREAM_BASE && handle - SIMT_STREAM_BASE < (uint64_t)vm->nstreams)
        return &vm->streams[handle - SIMT_STREAM_BASE];
    return &vm->stream0; /* the default stream (callers have checked the handle) */
}

static double later(double a, double b)
{
    return a > b ? a : b;
}

/* The time from which new work on `handle` may start, the host aside: its
 * own previous work; for a blocking stream also the legacy stream's; for the
 * legacy stream every blocking stream's (CUDA's implicit synchronisation). */
static double stream_ready(simt_vm *vm, uint64_t handle)
{
    simt_stream *s = timeline_stream(vm, handle);
    double t = s->done_ms;
    if (s == &vm->stream0) {
        for (int i = 0; i < vm->nstreams; i++)
            if (!(vm->streams[i].flags & STREAM_NON_BLOCKING))
                t = later(t, vm->streams[i].done_ms);
    } else if (!(s->flags & STREAM_NON_BLOCKING)) {
        t = later(t, vm->stream0.done_ms);
    }
    return t;
}

double simt_timeline_issue(simt_vm *vm, uint64_t stream, double duration_ms)
{
    double start = later(simt_host_model_ms(vm), stream_ready(vm, stream));
    timeline_stream(vm, stream)->done_ms = start + duration_ms;
    return start + duration_ms;
}

/* An event is a piece of work of no duration: it completes when everything
 * before it on its stream has, and later work on the stream follows it. */
double simt_timeline_mark(simt_vm *vm, uint64_t stream)
{
    return simt_timeline_issue(vm, stream, 0);
}

void simt_timeline_after(simt_vm *vm, uint64_t stream, double t_ms)
{
    simt_stream *s = timeline_stream(vm, stream);
    s->done_ms = later(s->done_ms, t_ms);
}

double simt_timeline_stream_done(simt_vm *vm, uint64_t stream)
{
    return timeline_stream(vm, stream)->done_ms;
}

double simt_timeline_device_done(const simt_vm *vm)
{
    double t = vm->stream0.done_ms;
    for (int i = 0; i < vm->nstreams; i++)
        t = later(t, vm->streams[i].done_ms);
    return t;
}

void simt_timeline_wait(simt_vm *vm, double t_ms)
{
    double now = simt_host_model_ms(vm);
    if (t_ms > now)
        vm->host_wait_ms += t_ms - now;
}
