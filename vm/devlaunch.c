/* vm/devlaunch.c -- CUDA dynamic parallelism as CUDA 12 (CDP2) defines it:
 * kernel<<<g, b, shared, stream>>>(args) in device code.
 *
 * CUDA lets a child grid start at any time after its launch and promises
 * only that it completes before its parent grid is complete; children that
 * one block launches into one stream run in launch order; a launch into
 * cudaStreamTailLaunch runs after the parent grid and all the other work it
 * launched.  simtvm picks one order inside those rules, the same on every
 * run:
 *
 *   1. the parent grid runs to its end (its blocks as any launch runs them:
 *      a kernel that launches runs its blocks on one host thread);
 *   2. then its children, in the order their threads launched them, each
 *      with its own descendants before the next child starts (a child is
 *      complete only when its children are);
 *   3. then the launches into cudaStreamTailLaunch, in launch order.
 *
 * So a parent never sees its children's writes (CUDA does not promise it
 * either), and a tail launch sees everything its parent and its siblings
 * wrote.  Each child is a launch like the host's (simt_vm_launch): the
 * observers hear it, --stats counts it, and it takes its place on the
 * parent's stream in the modelled timeline.
 *
 * A launch that CUDA would refuse (too deep, too many pending, a bad
 * geometry or stream) stops the parent grid with a located fault carrying
 * CUDA's error code, instead of an error code in the launching thread that
 * nobody may read; so a device thread that goes on has no launch error,
 * and cudaGetLastError in device code returns cudaSuccess (lang/). */
#include "vm/exec.h"

#include <string.h>

/* cudaLimitDevRuntimePendingLaunchCount, default 2048 */
#define LIMIT_PENDING 4
#define DEFAULT_PENDING 2048

static uint64_t pending_limit(const simt_vm *vm)
{
    return (vm->limits_set & (1u << LIMIT_PENDING)) ? vm->limits[LIMIT_PENDING]
                                                   : DEFAULT_PENDING;
}

/* A stream device code may launch into: a device-created one orders its
 * launches as the block's default stream does, which launch order gives. */
static int stream_ok(const simt_vm *vm, uint64_t s)
{
    return s == 0 || s == SIMT_STREAM_TAIL_LAUNCH || s == SIMT_STREAM_FIRE_AND_FORGET ||
           (s >= SIMT_DEV_STREAM_BASE && s - SIMT_DEV_STREAM_BASE < vm->dev_streams);
}

static int refuse(simt_exec *ex, simt_block *blk, simt_warp *w, unsigned lane, int32_t pc,
                  int err, const char *what, const char *name, const char *why)
{
    simt_exec_fault(ex, blk, w, lane, pc, "%s: launching kernel '%s' from device code: %s",
                    what, name, why);
    ex->vm->fault.cuda_error = err;
    return -1;
}

static int queue_push(simt_vm *vm, simt_child_queue *q, const simt_child *c)
{
    const simt_allocator *al = &vm->cfg.alloc;
    if (q->n == q->cap) {
        size_t cap = q->cap ? 2 * q->cap : 8;
        simt_child *v = simt_realloc(al, q->v, cap * sizeof *v);
        if (!v)
            return -1;
        q->v = v;
        q->cap = cap;
    }
    simt_child *d = &q->v[q->n];
    *d = *c;
    d->args = NULL;
    if (c->nargs) {
        d->args = simt_realloc(al, NULL, (size_t)c->nargs * sizeof *d->args);
        if (!d->args)
            return -1;
        memcpy(d->args, c->args, (size_t)c->nargs * sizeof *d->args);
    }
    q->n++;
    return 0;
}

int simt_dev_launch(simt_exec *ex, simt_block *blk, simt_warp *w, unsigned lane, int32_t pc,
                    const simt_child *c)
{
    simt_vm *vm = ex->vm;
    const simt_func *k = &vm->mod->funcs[c->func];
    char why[160];
    if (vm->grid_depth >= SIMT_CDP_MAX_DEPTH) {
        snprintf(why, sizeof why, "this grid is at nesting depth %d, CUDA's limit (a grid the "
                 "host launches is at depth 0)", vm->grid_depth);
        return refuse(ex, blk, w, lane, pc, CUDA_ERROR_LAUNCH_MAX_DEPTH_EXCEEDED,
                      "cudaErrorLaunchMaxDepthExceeded", k->name, why);
    }
    if (vm->dev_pending >= pending_limit(vm)) {
        snprintf(why, sizeof why, "%llu device launches are pending, the limit "
                 "(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, n) raises it)",
                 (unsigned long long)vm->dev_pending);
        return refuse(ex, blk, w, lane, pc, CUDA_ERROR_LAUNCH_PENDING_COUNT_EXCEEDED,
                      "cudaErrorLaunchPendingCountExceeded", k->name, why);
    }
    if (!stream_ok(vm, c->stream)) {
        snprintf(why, sizeof why, "stream 0x%llx is not one device code may use (0, "
                 "cudaStreamTailLaunch, cudaStreamFireAndForget or one it created; a host "
                 "stream is not)",
                 (unsigned long long)c->stream);
        return refuse(ex, blk, w, lane, pc, CUDA_ERROR_INVALID_RESOURCE_HANDLE,
                      "cudaErrorInvalidResourceHandle", k->name, why);
    }
    int err;
    uint64_t need = vm->kernel_shared[c->func] + c->shared;
    const char *bad = simt_launch_refusal(vm, k, c->grid, c->block, need, &err);
    if (bad) {
        snprintf(why, sizeof why, "<<<(%u,%u,%u), (%u,%u,%u)>>>: %s", c->grid[0], c->grid[1],
                 c->grid[2], c->block[0], c->block[1], c->block[2], bad);
        return refuse(ex, blk, w, lane, pc, err, err == CUDA_ERROR_INVALID_VALUE
                      ? "cudaErrorInvalidValue" : "cudaErrorInvalidConfiguration", k->name, why);
    }
    if (!vm->children || queue_push(vm, vm->children, c) < 0) {
        simt_vm_oom(vm, "a device launch");
        simt_exec_locate(ex, blk, w, lane, pc);
        return -1;
    }
    vm->dev_pending++;
    return 0;
}

/* Runs the children of one stream class (tail launches or the rest). */
static simt_status run_class(simt_vm *vm, simt_child_queue *q, int tail, uint64_t stream,
                             simt_status st, uint64_t *steps)
{
    for (size_t i = 0; i < q->n; i++) {
        simt_child *c = &q->v[i];
        if ((c->stream == SIMT_STREAM_TAIL_LAUNCH) != tail)
            continue;
        vm->dev_pending--;
        if (st != SIMT_OK)
            continue;
        vm->launch_stream = stream;
        vm->grid_depth++;
        st = simt_vm_launch(vm, c->func, c->grid, c->block, c->shared, c->args, c->nargs);
        vm->grid_depth--;
        *steps += vm->launch_steps;
    }
    return st;
}

simt_status simt_dev_run_children(simt_vm *vm, simt_child_queue *q, uint64_t stream,
                                  simt_status st, uint64_t *steps)
{
    st = run_class(vm, q, 0, stream, st, steps);
    st = run_class(vm, q, 1, stream, st, steps);
    for (size_t i = 0; i < q->n; i++)
        simt_free(&vm->cfg.alloc, q->v[i].args);
    simt_free(&vm->cfg.alloc, q->v);
    q->v = NULL;
    q->n = q->cap = 0;
    return st;
}
