/* runtime/host.c -- the builtins of vm/builtins.def: the C library subset
 * and the CUDA runtime subset that K programs call.
 *
 * One static function per builtin, named bi_<ID>, found through a table that
 * the X-macro builds, so a builtin added to the .def file without a body here
 * does not compile.  Arguments arrive as raw 64-bit register values: pointers
 * are guest addresses, 32-bit values sit zero-extended in the low half, floats
 * as binary32 bits.  Results go back the same way.
 *
 * CUDA error behaviour follows the real runtime (checked on an H200 with
 * CUDA 13): a failing call returns its error and records it for
 * cudaGetLastError(); after a kernel fault every later call that needs the
 * context returns the fault's error until cudaDeviceReset (see
 * context_error for which calls do and which do not).
 *
 * The clocks (clock, time...) are in runtime/clocks.c, the streams in
 * runtime/stdio.c: vm/libc.def lists the library files' builtins.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/hostlib.h"
#include "runtime/observers.h"
#include "vm/vm.h"

/* ---- arguments, results, guest memory ---- */

/* Puts "fn: " in front of the fault message that translation left. */
static void prefix_fault(simt_vm *vm, const char *fn)
{
    char msg[sizeof vm->fault.message];
    memcpy(msg, vm->fault.message, sizeof msg);
    simt_vm_faultf(vm, "%s: %.490s", fn, msg);
}

void *guest(call *c, const char *fn, uint64_t addr, uint64_t len, int write)
{
    void *p = simt_vm_translate(c->vm, c->t, addr, len, write);
    if (!p)
        prefix_fault(c->vm, fn);
    return p;
}

const char *guest_str(call *c, const char *fn, uint64_t addr, size_t max, size_t *len)
{
    const char *s = simt_vm_cstr(c->vm, c->t, addr, max, len);
    if (!s)
        prefix_fault(c->vm, fn);
    return s;
}

int store(call *c, const char *fn, uint64_t addr, const void *v, size_t size)
{
    void *p = guest(c, fn, addr, size, 1);
    if (!p)
        return -1;
    memcpy(p, v, size);
    return 0;
}

int store_u64(call *c, const char *fn, uint64_t addr, uint64_t v)
{
    return store(c, fn, addr, &v, sizeof v);
}

int store_i32(call *c, const char *fn, uint64_t addr, int32_t v)
{
    return store(c, fn, addr, &v, sizeof v);
}

/* The live allocation that starts exactly at addr, or NULL. */
simt_alloc *alloc_at(simt_vm *vm, uint64_t addr)
{
    simt_alloc *a = simt_mem_at_base(&vm->mem, addr);   /* a 0-byte one too */
    return a && !a->freed ? a : NULL;
}

/* ---- C library: output ---- */

/* How much of len bytes of device printf output may be written: what fits in
 * cfg.max_printf for this launch.  The launch that first passes the limit
 * gets one warning. */
static size_t device_printf_room(simt_vm *vm, size_t len)
{
    uint64_t cap = vm->cfg.max_printf, used = vm->printf_bytes;
    size_t room = used >= cap ? 0 : cap - used < len ? (size_t)(cap - used) : len;
    if (room < len && used <= cap) {
        fflush(vm->out);
        fprintf(vm->err, "simtvm: warning: device printf output of this launch passed "
                "%llu bytes; the rest is dropped (raise it with --max-printf BYTES)\n",
                (unsigned long long)cap);
    }
    vm->printf_bytes = used + len > used ? used + len : UINT64_MAX;
    return room;
}

void simt_device_printf_write(simt_vm *vm, const char *text, size_t len)
{
    fwrite(text, 1, device_printf_room(vm, len), vm->out);
}

static simt_status bi_PRINTF(call *c)
{
    char *text;
    size_t len;
    simt_status st = simt_format_printf(c->vm, c->t, c->sig, c->args, c->nargs, &text, &len);
    if (st != SIMT_OK)
        return st;
    if (c->t->is_host)
        fwrite(text, 1, len, c->vm->out);
    else if (!c->vm->printf_buf)
        simt_device_printf_write(c->vm, text, len);
    else if (simt_printf_buf_add(&c->vm->cfg.alloc, c->vm->printf_buf, c->vm->cfg.max_printf, text,
                                 len) != 0)
        st = simt_vm_oom(c->vm, "the printf output of this block");
    simt_free(&c->vm->cfg.alloc, text);
    if (st != SIMT_OK)
        return st;
    return ret_int(c, len > INT32_MAX ? INT32_MAX : (int32_t)len);
}

static simt_status bi_PUTS(call *c)
{
    size_t len;
    const char *s = guest_str(c, "puts", arg(c, 0), SIZE_MAX, &len);
    if (!s)
        return SIMT_FAULT;
    fwrite(s, 1, len, c->vm->out);
    fputc('\n', c->vm->out);
    return ret_int(c, len >= INT32_MAX ? INT32_MAX : (int32_t)len + 1);
}

static simt_status bi_PUTCHAR(call *c)
{
    unsigned char ch = (unsigned char)arg(c, 0);
    fputc(ch, c->vm->out);
    return ret_int(c, ch);
}

/* ---- C library: memory ---- */

static unsigned malloc_kind(const call *c)
{
    return !c->t || c->t->is_host ? ALLOC_MALLOC : ALLOC_DEVICE_MALLOC;
}

static simt_status bi_MALLOC(call *c)
{
    return ret_u64(c, simt_mem_alloc(&c->vm->mem, SPACE_GLOBAL, arg(c, 0), 256,
                                     malloc_kind(c), NULL));
}

static simt_status bi_CALLOC(call *c)
{
    uint64_t n = arg(c, 0), size = arg(c, 1);
    if (size && n > UINT64_MAX / size)
        return ret_u64(c, 0);
    uint64_t addr = simt_mem_alloc(&c->vm->mem, SPACE_GLOBAL, n * size, 256, malloc_kind(c), NULL);
    if (addr && c->vm->checker)
        simt_check_host_write(c->vm->checker, addr, n * size); /* zeroed counts as written */
    return ret_u64(c, addr);
}

/* free() and realloc() accept only what malloc gave this side of the program. */
static simt_status check_malloced(call *c, const char *fn, uint64_t addr)
{
    simt_alloc *a = simt_mem_at_base(&c->vm->mem, addr);   /* malloc(0)'s too */
    if (!a)
        a = simt_mem_find(&c->vm->mem, addr);
    if (a && a->base == addr && a->freed)
        return simt_vm_faultf(c->vm, "%s: double free of 0x%" PRIx64
                              " (a %" PRIu64 "-byte allocation, already freed)",
                              fn, addr, a->size);
    if (!a || a->base != addr)
        return simt_vm_faultf(c->vm, "%s: free of a pointer that was not allocated (0x%" PRIx64
                              ")", fn, addr);
    if (a->kind != malloc_kind(c)) {
        const char *by = a->kind == ALLOC_CUDA ? "cudaMalloc (free it with cudaFree)"
                       : a->kind == ALLOC_CUDA_HOST ? "cudaMallocHost (use cudaFreeHost)"
                       : a->kind == ALLOC_MALLOC ? "host malloc (free it in host code)"
                       : a->kind == ALLOC_DEVICE_MALLOC ? "device malloc (free it in device code)"
                       : "the program (a variable or string, not malloc)";
        return simt_vm_faultf(c->vm, "%s: free of a pointer that was not allocated by malloc "
                              "here (0x%" PRIx64 " comes from %s)", fn, addr, by);
    }
    return SIMT_OK;
}

/* Under --check=memory a bad free is a finding (compute-sanitizer's class)
 * and the program goes on; otherwise it is the fault st.  vm->fault.pc is
 * the call (vm/interp.c), vm->fault.message the reason. */
static simt_status free_error(call *c, uint64_t addr, simt_status st)
{
    simt_vm *vm = c->vm;
    if (!vm->checker || !(vm->cfg.checks & CHECK_MEMORY))
        return st;
    simt_alloc *a = simt_mem_find(&vm->mem, addr);
    int kind = a && a->base == addr && a->freed ? FIND_DOUBLE_FREE : FIND_BAD_FREE;
    simt_check_report_at(vm->checker, vm, CHECK_MEMORY, kind, vm->fault.pc, NULL, 0, 0, addr,
                      vm->fault.message);
    return SIMT_OK;
}

static simt_status bi_FREE(call *c)
{
    uint64_t addr = arg(c, 0);
    if (addr == 0)
        return ret_u64(c, 0);
    simt_status st = check_malloced(c, "free", addr);
    if (st != SIMT_OK)
        return free_error(c, addr, st) == SIMT_OK ? ret_u64(c, 0) : st;
    simt_mem_free(&c->vm->mem, addr);
    return ret_u64(c, 0);
}

static simt_status bi_REALLOC(call *c)
{
    uint64_t old = arg(c, 0), size = arg(c, 1);
    if (old == 0)
        return bi_MALLOC(&(call){ c->vm, c->t, c->sig, c->args + 1, c->nargs - 1, c->ret });
    simt_status st = check_malloced(c, "realloc", old);
    if (st != SIMT_OK)
        return st;
    if (size == 0) { /* glibc: frees and returns NULL */
        simt_mem_free(&c->vm->mem, old);
        return ret_u64(c, 0);
    }
    uint64_t addr = simt_mem_alloc(&c->vm->mem, SPACE_GLOBAL, size, 256, malloc_kind(c), NULL);
    if (addr == 0)
        return ret_u64(c, 0); /* the old block stays valid, as C says */
    simt_alloc *from = alloc_at(c->vm, old), *to = alloc_at(c->vm, addr);
    memcpy(to->data, from->data, from->size < size ? from->size : size);
    if (c->vm->checker) /* the init checker does not track bits through realloc */
        simt_check_host_write(c->vm->checker, addr, from->size < size ? from->size : size);
    simt_mem_free(&c->vm->mem, old);
    return ret_u64(c, addr);
}

static simt_status bi_MEMSET(call *c)
{
    uint64_t n = arg(c, 2);
    if (n) {
        void *p = guest(c, "memset", arg(c, 0), n, 1);
        if (!p)
            return SIMT_FAULT;
        memset(p, (unsigned char)arg(c, 1), n);
    }
    return ret_u64(c, arg(c, 0));
}

/* memcpy and memmove: overlap is harmless here (memmove), as no guest can
 * observe the difference except by undefined behaviour. */
simt_status copy_bytes(call *c, const char *fn, uint64_t dst, uint64_t src, uint64_t n)
{
    if (n == 0)
        return SIMT_OK;
    const void *s = guest(c, fn, src, n, 0);
    void *d = s ? guest(c, fn, dst, n, 1) : NULL;
    if (!d)
        return SIMT_FAULT;
    memmove(d, s, n);
    return SIMT_OK;
}

static simt_status bi_MEMCPY(call *c)
{
    if (copy_bytes(c, "memcpy", arg(c, 0), arg(c, 1), arg(c, 2)) != SIMT_OK)
        return SIMT_FAULT;
    return ret_u64(c, arg(c, 0));
}

static simt_status bi_MEMMOVE(call *c)
{
    if (copy_bytes(c, "memmove", arg(c, 0), arg(c, 1), arg(c, 2)) != SIMT_OK)
        return SIMT_FAULT;
    return ret_u64(c, arg(c, 0));
}

static simt_status bi_MEMCMP(call *c)
{
    uint64_t n = arg(c, 2);
    if (n == 0)
        return ret_int(c, 0);
    const void *a = guest(c, "memcmp", arg(c, 0), n, 0);
    const void *b = a ? guest(c, "memcmp", arg(c, 1), n, 0) : NULL;
    if (!b)
        return SIMT_FAULT;
    return ret_int(c, memcmp(a, b, n));
}

/* ---- C library: rand() as glibc's random() (TYPE_3: x[i] = x[i-3] + x[i-31]) ---- */

enum { RAND_DEG = 31, RAND_SEP = 3 };

static int32_t rand_next(simt_vm *vm)
{
    int32_t *r = vm->rand_table;
    uint32_t val = (uint32_t)r[vm->rand_front] + (uint32_t)r[vm->rand_rear];
    r[vm->rand_front] = (int32_t)val;
    if (++vm->rand_front >= RAND_DEG) {
        vm->rand_front = 0;
        ++vm->rand_rear;
    } else if (++vm->rand_rear >= RAND_DEG) {
        vm->rand_rear = 0;
    }
    return (int32_t)(val >> 1);
}

/* glibc's __srandom_r: a Lehmer generator (Schrage's method) fills the table,
 * then 310 outputs are discarded. */
static void rand_seed(simt_vm *vm, uint32_t seed)
{
    int32_t *r = vm->rand_table;
    if (seed == 0)
        seed = 1;
    int32_t word = (int32_t)seed;
    r[0] = word;
    for (int i = 1; i < RAND_DEG; i++) {
        long hi = word / 127773, lo = word % 127773;
        long next = 16807 * lo - 2836 * hi;
        if (next < 0)
            next += 2147483647;
        word = (int32_t)next;
        r[i] = word;
    }
    vm->rand_front = RAND_SEP;
    vm->rand_rear = 0;
    vm->rand_seeded = 1;
    for (int i = 0; i < RAND_DEG * 10; i++)
        rand_next(vm);
}

static simt_status bi_SRAND(call *c)
{
    rand_seed(c->vm, (uint32_t)arg(c, 0));
    return ret_u64(c, 0);
}

static simt_status bi_RAND(call *c)
{
    if (!c->vm->rand_seeded)
        rand_seed(c->vm, 1); /* C: rand() before srand() is as if srand(1) */
    return ret_int(c, rand_next(c->vm));
}

/* random() and srandom() are rand() and srand() under glibc: one table. */
static simt_status bi_RANDOM(call *c)
{
    return bi_RAND(c);
}

static simt_status bi_SRANDOM(call *c)
{
    return bi_SRAND(c);
}

/* ---- C library: process, strings, time ---- */

static simt_status bi_EXIT(call *c)
{
    c->vm->exit_code = arg_int(c, 0);
    return SIMT_EXIT;
}

/* atexit: lowering keeps the program's list itself (lang/lower_exit.c) and
 * never calls this; a call that reached it could register nothing. */
static simt_status bi_ATEXIT(call *c)
{
    return ret_int(c, -1);
}

/* quick_exit and _Exit end the program as exit does; only exit destroys
 * the objects of static storage first (lang/lower_exit.c emits that). */
static simt_status bi_QUICK_EXIT(call *c)
{
    return bi_EXIT(c);
}

static simt_status bi_UNDERSCORE_EXIT(call *c)
{
    return bi_EXIT(c);
}

static simt_status bi_ABORT(call *c)
{
    return simt_vm_faultf(c->vm, "abort() called");
}

static simt_status bi_ATOI(call *c)
{
    size_t len;
    const char *s = guest_str(c, "atoi", arg(c, 0), SIZE_MAX, &len);
    return s ? ret_int(c, atoi(s)) : SIMT_FAULT;
}

static simt_status bi_ATOL(call *c)
{
    size_t len;
    const char *s = guest_str(c, "atol", arg(c, 0), SIZE_MAX, &len);
    return s ? ret_u64(c, (uint64_t)atol(s)) : SIMT_FAULT;
}

static simt_status bi_ATOF(call *c)
{
    size_t len;
    const char *s = guest_str(c, "atof", arg(c, 0), SIZE_MAX, &len);
    if (!s)
        return SIMT_FAULT;
    double d = atof(s);
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return ret_u64(c, bits);
}

static simt_status bi_STRTOL(call *c)
{
    size_t len;
    uint64_t addr = arg(c, 0);
    const char *s = guest_str(c, "strtol", addr, SIZE_MAX, &len);
    if (!s)
        return SIMT_FAULT;
    char *end;
    long v = strtol(s, &end, arg_int(c, 2));
    if (arg(c, 1) && store_u64(c, "strtol", arg(c, 1), addr + (uint64_t)(end - s)) != 0)
        return SIMT_FAULT;
    return ret_u64(c, (uint64_t)v);
}

static simt_status bi_STRCMP(call *c)
{
    size_t la, lb;
    const char *a = guest_str(c, "strcmp", arg(c, 0), SIZE_MAX, &la);
    const char *b = a ? guest_str(c, "strcmp", arg(c, 1), SIZE_MAX, &lb) : NULL;
    return b ? ret_int(c, strcmp(a, b)) : SIMT_FAULT;
}

/* Each string is read no further than n bytes, so unterminated arrays work. */
static simt_status bi_STRNCMP(call *c)
{
    size_t la, lb, n = arg(c, 2);
    if (n == 0)
        return ret_int(c, 0);
    const char *a = guest_str(c, "strncmp", arg(c, 0), n, &la);
    const char *b = a ? guest_str(c, "strncmp", arg(c, 1), n, &lb) : NULL;
    return b ? ret_int(c, strncmp(a, b, n)) : SIMT_FAULT;
}

static simt_status bi_STRLEN(call *c)
{
    size_t len;
    return guest_str(c, "strlen", arg(c, 0), SIZE_MAX, &len) ? ret_u64(c, len) : SIMT_FAULT;
}

static simt_status bi_STRCPY(call *c)
{
    size_t len;
    const char *s = guest_str(c, "strcpy", arg(c, 1), SIZE_MAX, &len);
    void *d = s ? guest(c, "strcpy", arg(c, 0), len + 1, 1) : NULL;
    if (!d)
        return SIMT_FAULT;
    memmove(d, s, len + 1);
    return ret_u64(c, arg(c, 0));
}

/* ---- CUDA runtime: errors ---- */

/* The error of a CUDA context broken by a kernel fault, or 0.  As on a GPU,
 * cudaGetLastError() clears the recorded error but not the broken context:
 * every later call that needs the context fails with it until
 * cudaDeviceReset.  vm/grid.c records the kernel fault's error: an illegal
 * address (700), or cudaErrorAssert (710) for a failed device assert.
 *
 * Which calls return it (measured on an H200, CUDA 13:
 * tests/programs/cuda_sticky_calls.k, cuda_sticky_graph_calls.k):
 * - every call on the context or on something in it -- memory, copies,
 *   streams, events (cudaEventDestroy and cudaStreamDestroy too), graph
 *   launches, symbols, limits, cache configs, kernel attributes, occupancy --
 *   returns it and does nothing, except that a failed allocation writes
 *   NULL to its output (alloc_fails);
 * - questions to the device rather than the context -- cudaGetDeviceCount,
 *   cudaGet/SetDevice, cudaGetDeviceProperties, cudaDeviceGetAttribute,
 *   cudaDeviceGetDefaultMemPool, the versions, error names and texts --
 *   answer as usual, and so do the calls on what is the device's rather
 *   than the context's: its memory pool's settings (cudaMemPoolSetAttribute,
 *   cudaMemPoolTrimTo) and cudaSetDeviceFlags;
 * - a graph's description lives on the host: the calls that only arrange or
 *   read it -- cudaGraphCreate, cudaGraphClone, cudaGraphDestroy, empty,
 *   host and child-graph nodes, dependencies, cudaGraphGetNodes,
 *   cudaGraphChildGraphNodeGetGraph -- work as usual, and so do
 *   cudaGraphExecUpdate (a graph of another shape fails with
 *   cudaErrorGraphExecUpdateFailure, one of the same shape updates) and
 *   cudaGraphExecDestroy, while a node that names a kernel or device memory
 *   (kernel, memcpy and memset nodes, kernel node parameters) and
 *   instantiation need the context (all seen on an H200:
 *   tests/programs/cuda_sticky_graph_calls.k, cuda_sticky_graph_life.k);
 * - an argument that the runtime library checks before it calls the driver
 *   fails first: cudaEventCreateWithFlags' flags give cudaErrorInvalidValue
 *   (cudaHostAlloc's flags, checked by the driver, give the sticky error);
 * - cudaGetLastError/cudaPeekAtLastError report only the recorded error:
 *   once cudaGetLastError has returned the fault, Peek returns 0;
 * - a launch is asynchronous: the host sees its kernel's fault once its own
 *   modelled time reaches the kernel's end (vm/timeline.c), at a call that
 *   waits for the kernel (synchronisations, queries, blocking copies after
 *   it, cudaFree) or at any call after that time; before, the context works
 *   and cudaGetLastError returns cudaSuccess, as on a GPU right after a
 *   launch (tests/programs/cuda_fault_async.k). */
int context_error(simt_vm *vm)
{
    if (vm->kernel_faults <= vm->cuda_reset_faults)
        return 0;
    if (simt_host_model_ms(vm) < vm->kernel_fault_ms)
        return 0; /* the kernel is still running on the modelled timeline */
    int err = vm->kernel_error ? vm->kernel_error : CUDA_ERROR_ILLEGAL_ADDRESS;
    if (vm->kernel_error_unseen) { /* the host learns of it now, once */
        vm->last_error = err;
        vm->kernel_error_unseen = 0;
    }
    return err;
}

/* A call that waits: the host's time moves up to t_ms, and then the context
 * is tested, so a kernel fault among the work waited for is returned. */
int context_broken_after(call *c, double t_ms)
{
    simt_timeline_wait(c->vm, t_ms);
    return context_broken(c);
}

/* A blocking copy on stream starts after the stream's earlier work, so a
 * kernel fault among that work breaks it: where a fault is still unseen, the
 * host's time moves to when the copy could start (where the copy would take
 * it anyway) before the context is tested. */
int context_broken_before(call *c, uint64_t stream)
{
    if (context_broken(c))
        return 1;
    if (c->vm->kernel_faults <= c->vm->cuda_reset_faults)
        return 0;
    return context_broken_after(c, simt_timeline_ready(c->vm, stream));
}

/* Returns err to the guest and records it for cudaGetLastError(). */
simt_status cuda_return(call *c, int err)
{
    if (err != CUDA_SUCCESS)
        c->vm->last_error = err;
    return ret_int(c, err);
}

/* Device calls in a broken context return its error without doing anything. */
int context_broken(call *c)
{
    int err = context_error(c->vm);
    if (!err)
        return 0;
    cuda_return(c, err);
    return 1;
}

/* A failed allocation leaves NULL in its output pointer (and 0 in the pitch
 * of cudaMallocPitch) where that is not NULL itself, as the H200 does when
 * the context is broken or memory runs out. */
simt_status alloc_fails(call *c, const char *fn, uint64_t where, uint64_t pitch_at, int err)
{
    if ((where && store_u64(c, fn, where, 0) != 0) ||
        (pitch_at && store_u64(c, fn, pitch_at, 0) != 0))
        return SIMT_FAULT;
    return cuda_return(c, err);
}

static const struct cuda_error_text {
    int code;
    const char *name, *text;
} cuda_errors[] = {
    { 0, "cudaSuccess", "no error" },
    { 1, "cudaErrorInvalidValue", "invalid argument" },
    { 2, "cudaErrorMemoryAllocation", "out of memory" },
    { 3, "cudaErrorInitializationError", "initialization error" },
    { 9, "cudaErrorInvalidConfiguration", "invalid configuration argument" },
    { 12, "cudaErrorInvalidPitchValue", "invalid pitch argument" },
    { 13, "cudaErrorInvalidSymbol", "invalid device symbol" },
    { 17, "cudaErrorInvalidDevicePointer", "invalid device pointer" },
    { 21, "cudaErrorInvalidMemcpyDirection", "invalid copy direction for memcpy" },
    { 65, "cudaErrorLaunchMaxDepthExceeded",
      "launch failed because launch would exceed cudaLimitDevRuntimeSyncDepth" },
    { 69, "cudaErrorLaunchPendingCountExceeded",
      "launch failed because launch would exceed cudaLimitDevRuntimePendingLaunchCount" },
    { 98, "cudaErrorInvalidDeviceFunction", "invalid device function" },
    { 101, "cudaErrorInvalidDevice", "invalid device ordinal" },
    { 400, "cudaErrorInvalidResourceHandle", "invalid resource handle" },
    { 401, "cudaErrorIllegalState", "the operation cannot be performed in the present state" },
    { 600, "cudaErrorNotReady", "device not ready" },
    { 700, "cudaErrorIllegalAddress", "an illegal memory access was encountered" },
    { 701, "cudaErrorLaunchOutOfResources", "too many resources requested for launch" },
    { 702, "cudaErrorLaunchTimeout", "the launch timed out and was terminated" },
    { 710, "cudaErrorAssert", "device-side assert triggered" },
    { 712, "cudaErrorHostMemoryAlreadyRegistered",
      "part or all of the requested memory range is already mapped" },
    { 713, "cudaErrorHostMemoryNotRegistered", "pointer does not correspond to a registered memory region" },
    { 715, "cudaErrorIllegalInstruction", "an illegal instruction was encountered" },
    { 716, "cudaErrorMisalignedAddress", "misaligned address" },
    { 719, "cudaErrorLaunchFailure", "unspecified launch failure" },
    { 900, "cudaErrorStreamCaptureUnsupported", "operation not permitted when stream is capturing" },
    { 903, "cudaErrorStreamCaptureUnmatched", "capture was not initiated in this stream" },
    { 910, "cudaErrorGraphExecUpdateFailure", "the graph update was not performed because it "
      "included changes which violated constraints specific to instantiated graph update" },
    { 999, "cudaErrorUnknown", "unknown error" },
    { -1, "unrecognized error code", "unrecognized error code" }, /* must stay last */
};
#define NERRORS (sizeof cuda_errors / sizeof cuda_errors[0])

/* The texts live in guest memory (the guest prints them with %s): one
 * read-only constant block, laid out text, name, text, name ... in table
 * order, made on first use. */
static uint64_t error_text_block(simt_vm *vm)
{
    if (vm->cuda_error_text)
        return vm->cuda_error_text;
    size_t size = 0;
    for (size_t i = 0; i < NERRORS; i++)
        size += strlen(cuda_errors[i].text) + strlen(cuda_errors[i].name) + 2;
    uint64_t base = simt_mem_alloc(&vm->mem, SPACE_CONST, size, 16, ALLOC_STRING, NULL);
    if (!base)
        return 0;
    char *p = (char *)alloc_at(vm, base)->data;
    for (size_t i = 0; i < NERRORS; i++) {
        p = stpcpy(p, cuda_errors[i].text) + 1;
        p = stpcpy(p, cuda_errors[i].name) + 1;
    }
    vm->cuda_error_text = base;
    return base;
}

static simt_status error_string(call *c, int want_name)
{
    int code = arg_int(c, 0);
    uint64_t addr = error_text_block(c->vm);
    if (!addr)
        return ret_u64(c, 0);
    for (size_t i = 0; i < NERRORS; i++) {
        const struct cuda_error_text *e = &cuda_errors[i];
        if (e->code == code || e->code < 0)
            return ret_u64(c, addr + (want_name ? strlen(e->text) + 1 : 0));
        addr += strlen(e->text) + strlen(e->name) + 2;
    }
    return ret_u64(c, 0);
}

static simt_status bi_CUDA_GET_ERROR_STRING(call *c)
{
    return error_string(c, 0);
}

static simt_status bi_CUDA_GET_ERROR_NAME(call *c)
{
    return error_string(c, 1);
}

static simt_status bi_CUDA_GET_LAST_ERROR(call *c)
{
    context_error(c->vm); /* a kernel fault the host can see by now is recorded */
    if (c->vm->checker)
        simt_check_api_error_read(c->vm->checker);
    int err = c->vm->last_error;
    c->vm->last_error = CUDA_SUCCESS;
    return ret_int(c, err);
}

static simt_status bi_CUDA_PEEK_LAST_ERROR(call *c)
{
    context_error(c->vm);
    if (c->vm->checker)
        simt_check_api_error_read(c->vm->checker);
    return ret_int(c, c->vm->last_error);
}

/* Kernels run to completion at launch; the host's modelled time moves to
 * when the device's work completes (vm/timeline.c), and what is left to
 * report is a fault. */
static simt_status bi_CUDA_DEVICE_SYNC(call *c)
{
    if (context_broken_after(c, simt_timeline_device_done(c->vm)))
        return SIMT_OK;
    return cuda_return(c, CUDA_SUCCESS);
}

static simt_status bi_CUDA_DEVICE_RESET(call *c)
{
    simt_memory *m = &c->vm->mem;
    if (c->vm->checker) /* what the reset frees was leaked (compute-sanitizer) */
        simt_check_api_leaks(c->vm->checker, c->vm);
    for (size_t i = 0; i < m->nallocs; i++) {
        unsigned kind = m->allocs[i].kind;
        if (!m->allocs[i].freed && (kind == ALLOC_CUDA || kind == ALLOC_CUDA_HOST ||
                                    kind == ALLOC_DEVICE_MALLOC))
            simt_mem_free(m, m->allocs[i].base);
    }
    for (int i = 0; i < c->vm->nevents; i++)
        c->vm->events[i].used = 0;
    for (int i = 0; i < c->vm->nstreams; i++)
        c->vm->streams[i].used = 0;
    c->vm->nhost_regs = 0;
    c->vm->last_error = CUDA_SUCCESS;
    c->vm->cuda_reset_faults = c->vm->kernel_faults;
    c->vm->kernel_error_unseen = 0;
    return ret_int(c, CUDA_SUCCESS);
}

/* ---- CUDA runtime: memory ---- */

/* cudaMalloc and friends: *P receives the new pointer.  For 0 bytes CUDA
 * succeeds and leaves *P as it was (measured on an H200, CUDA 13).  An
 * allocation neither makes the host wait for the device nor orders the
 * streams (vm/timeline.c is not told of it): kernels on two streams overlap
 * across a cudaMalloc, as NVIDIA's CUDA 7 streams blog measured, though the
 * programming guide lists an allocation among what may synchronize
 * (tests/programs/malloc_while_kernel_runs.k measures it on a GPU). */
simt_status cuda_alloc(call *c, const char *fn, unsigned kind)
{
    return cuda_alloc_at(c, fn, kind, 0);
}

/* cuda_alloc, for cudaMallocManaged with managed set.  The allocation
 * remembers its call for the checkers (--check=api: leaks). */
simt_status cuda_alloc_at(call *c, const char *fn, unsigned kind, int managed)
{
    uint64_t where = arg(c, 0), size = arg(c, 1);
    if (context_error(c->vm))
        return alloc_fails(c, fn, where, 0, context_error(c->vm));
    if (where == 0)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (size == 0)
        return cuda_return(c, CUDA_SUCCESS);
    uint64_t addr = simt_mem_alloc(&c->vm->mem, SPACE_GLOBAL, size, 256, kind, NULL);
    simt_alloc *a = addr ? alloc_at(c->vm, addr) : NULL;
    if (a) {
        a->managed = (uint8_t)managed;
        a->pc = c->vm->fault.pc;
    }
    if (store_u64(c, fn, where, addr) != 0) {
        if (addr)
            simt_mem_free(&c->vm->mem, addr);
        return SIMT_FAULT;
    }
    return cuda_return(c, addr ? CUDA_SUCCESS : CUDA_ERROR_MEMORY_ALLOCATION);
}

static simt_status bi_CUDA_MALLOC(call *c)
{
    return cuda_alloc(c, "cudaMalloc", ALLOC_CUDA);
}

static simt_status bi_CUDA_MALLOC_MANAGED(call *c)
{
    uint64_t flags = arg(c, 2); /* cudaMemAttachGlobal 1, cudaMemAttachHost 2; 0: omitted */
    if (flags > 2) {
        if (context_error(c->vm))
            return alloc_fails(c, "cudaMallocManaged", arg(c, 0), 0, context_error(c->vm));
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    }
    return cuda_alloc_at(c, "cudaMallocManaged", ALLOC_CUDA, 1);
}

static simt_status bi_CUDA_MALLOC_HOST(call *c)
{
    return cuda_alloc(c, "cudaMallocHost", ALLOC_CUDA_HOST);
}

simt_status cuda_free(call *c, unsigned kind, int device_sync)
{
    if (context_broken(c))
        return SIMT_OK;
    uint64_t addr = arg(c, 0);
    if (addr == 0)
        return cuda_return(c, CUDA_SUCCESS);
    simt_alloc *a = alloc_at(c->vm, addr);
    if (!a || a->kind != kind) {
        simt_alloc *f = simt_mem_find(&c->vm->mem, addr);
        simt_vm_faultf(c->vm, "%s of 0x%" PRIx64 "%s", kind == ALLOC_CUDA ? "cudaFree"
                       : "cudaFreeHost", addr, f && f->base == addr && f->freed
                       ? ", which was already freed" : ", which it did not allocate");
        free_error(c, addr, SIMT_OK);
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    }
    /* the host waits for all the device's work (vm/timeline.c) */
    if (device_sync && context_broken_after(c, simt_timeline_device_done(c->vm)))
        return SIMT_OK;
    simt_mem_free(&c->vm->mem, addr);
    return cuda_return(c, CUDA_SUCCESS);
}

/* cudaFree and cudaFreeHost synchronize the device before they free, as
 * on a GPU: a learner who frees before reading the clock times the kernels
 * still running. */
static simt_status bi_CUDA_FREE(call *c)
{
    return cuda_free(c, ALLOC_CUDA, 1);
}

static simt_status bi_CUDA_FREE_HOST(call *c)
{
    return cuda_free(c, ALLOC_CUDA_HOST, 1);
}

enum { MEMCPY_H2H, MEMCPY_H2D, MEMCPY_D2H, MEMCPY_D2D, MEMCPY_DEFAULT };

/* All memory is one unified space here, so a valid kind never changes what
 * is copied.  A range outside its allocation (or NULL) is not a fault but
 * cudaErrorInvalidValue, as the real cudaMemcpy/cudaMemset return for it; the
 * reason stays in vm->fault.message for a checker to show. */
static simt_status bi_CUDA_MEMCPY(call *c)
{
    if (context_broken_before(c, 0))
        return SIMT_OK;
    int kind = arg_int(c, 3);
    if (kind < MEMCPY_H2H || kind > MEMCPY_DEFAULT)
        return cuda_return(c, CUDA_ERROR_INVALID_MEMCPY_DIRECTION);
    if (c->vm->checker)
        simt_check_api_copy(c->vm->checker, c->vm, "cudaMemcpy", arg(c, 0), arg(c, 1), arg(c, 2),
                            kind);
    if (copy_bytes(c, "cudaMemcpy", arg(c, 0), arg(c, 1), arg(c, 2)) != SIMT_OK)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    simt_copy_time(c, 0, COPY_BLOCKING, arg(c, 0), arg(c, 1), arg(c, 2), kind);
    return cuda_return(c, CUDA_SUCCESS);
}

static simt_status bi_CUDA_MEMSET(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    uint64_t n = arg(c, 2);
    if (n) {
        void *p = guest(c, "cudaMemset", arg(c, 0), n, 1);
        if (!p)
            return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
        memset(p, (unsigned char)arg(c, 1), n);
    }
    simt_copy_time(c, 0, COPY_ASYNC, arg(c, 0), 0, n, -1); /* asynchronous, as on a GPU */
    return cuda_return(c, CUDA_SUCCESS);
}

/* cudaMemcpyTo/FromSymbol: the symbol must be a module variable and
 * [offset, offset+count) must lie inside it.  An omitted kind (0) means the
 * natural direction. */
simt_status symbol_copy(call *c, int to_symbol)
{
    if (context_broken(c))
        return SIMT_OK;
    uint64_t sym = arg(c, to_symbol ? 0 : 1), other = arg(c, to_symbol ? 1 : 0);
    uint64_t count = arg(c, 2), offset = arg(c, 3);
    int kind = arg_int(c, 4);
    int natural = to_symbol ? MEMCPY_H2D : MEMCPY_D2H;
    if (kind != 0 && kind != natural && kind != MEMCPY_D2D && kind != MEMCPY_DEFAULT)
        return cuda_return(c, CUDA_ERROR_INVALID_MEMCPY_DIRECTION);
    simt_alloc *a = alloc_at(c->vm, sym);
    if (!a || a->kind != ALLOC_MODULE)
        return cuda_return(c, CUDA_ERROR_INVALID_SYMBOL);
    if (offset > a->size || count > a->size - offset)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (count) {
        const char *fn = to_symbol ? "cudaMemcpyToSymbol" : "cudaMemcpyFromSymbol";
        uint8_t *p = guest(c, fn, other, count, !to_symbol);
        if (!p)
            return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
        if (to_symbol)
            memmove(a->data + offset, p, count);
        else
            memmove(p, a->data + offset, count);
    }
    return cuda_return(c, CUDA_SUCCESS);
}

static simt_status bi_CUDA_MEMCPY_TO_SYM(call *c)
{
    return symbol_copy(c, 1);
}

static simt_status bi_CUDA_MEMCPY_FROM_SYM(call *c)
{
    return symbol_copy(c, 0);
}

/* ---- CUDA runtime: devices ---- */

static simt_status bi_CUDA_GET_DEVICE_COUNT(call *c)
{
    if (arg(c, 0) == 0)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (store_i32(c, "cudaGetDeviceCount", arg(c, 0), 1) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

static simt_status bi_CUDA_SET_DEVICE(call *c)
{
    return cuda_return(c, arg_int(c, 0) == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE);
}

static simt_status bi_CUDA_GET_DEVICE(call *c)
{
    if (arg(c, 0) == 0)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (store_i32(c, "cudaGetDevice", arg(c, 0), 0) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

enum prop_offset {
#define PROP(field, type, count, offset) PROP_##field = offset,
#include "runtime/deviceprop.def"
#undef PROP
    PROP_SIZE = 712
};
_Static_assert(PROP_clusterLaunch + 8 == PROP_SIZE, "cudaDeviceProp is 712 bytes");

static void put32(uint8_t *p, int offset, int32_t v)
{
    memcpy(p + offset, &v, sizeof v);
}

static void put64(uint8_t *p, int offset, uint64_t v)
{
    memcpy(p + offset, &v, sizeof v);
}

static void put32s(uint8_t *p, int offset, const int32_t *v, int n)
{
    for (int i = 0; i < n; i++)
        put32(p, offset + 4 * i, v[i]);
}

/* Texture and surface limits: what V100, A100 and H100 all report. */
static void fill_texture_limits(uint8_t *p)
{
    static const int32_t t2[2] = { 131072, 65536 }, t2mip[2] = { 32768, 32768 },
                         t2lin[3] = { 131072, 65000, 2097120 }, t3[3] = { 16384, 16384, 16384 },
                         t3alt[3] = { 8192, 8192, 32768 }, l1[2] = { 32768, 2048 },
                         l2[3] = { 32768, 32768, 2048 }, cube[2] = { 32768, 2046 };
    put32(p, PROP_maxTexture1D, 131072);
    put32(p, PROP_maxTexture1DMipmap, 32768);
    put32(p, PROP_maxTexture1DLinear, 268435456);
    put32s(p, PROP_maxTexture2D, t2, 2);
    put32s(p, PROP_maxTexture2DMipmap, t2mip, 2);
    put32s(p, PROP_maxTexture2DLinear, t2lin, 3);
    put32s(p, PROP_maxTexture2DGather, t2mip, 2);
    put32s(p, PROP_maxTexture3D, t3, 3);
    put32s(p, PROP_maxTexture3DAlt, t3alt, 3);
    put32(p, PROP_maxTextureCubemap, 32768);
    put32s(p, PROP_maxTexture1DLayered, l1, 2);
    put32s(p, PROP_maxTexture2DLayered, l2, 3);
    put32s(p, PROP_maxTextureCubemapLayered, cube, 2);
    put32(p, PROP_maxSurface1D, 32768);
    put32s(p, PROP_maxSurface2D, t2, 2);
    put32s(p, PROP_maxSurface3D, t3, 3);
    put32s(p, PROP_maxSurface1DLayered, l1, 2);
    put32s(p, PROP_maxSurface2DLayered, l2, 3);
    put32(p, PROP_maxSurfaceCubemap, 32768);
    put32s(p, PROP_maxSurfaceCubemapLayered, cube, 2);
    put64(p, PROP_texturePitchAlignment, 32);
    put64(p, PROP_surfaceAlignment, 512);
}

static void fill_props(const simt_vm *vm, uint8_t *p)
{
    const simt_device_profile *d = vm->cfg.device;
    memset(p, 0, PROP_SIZE);
    snprintf((char *)p + PROP_name, 256, "%s", d->full_name);
    put64(p, PROP_totalGlobalMem, d->global_mem);
    put64(p, PROP_sharedMemPerBlock, (uint64_t)d->smem_per_block);
    put32(p, PROP_regsPerBlock, d->regs_per_block);
    put32(p, PROP_warpSize, vm->cfg.warp_size);
    put32(p, PROP_maxThreadsPerBlock, d->max_threads_per_block);
    static const int32_t dims[3] = { 1024, 1024, 64 }, grid[3] = { 2147483647, 65535, 65535 };
    for (int i = 0; i < 3; i++) {
        put32(p, PROP_maxThreadsDim + 4 * i, dims[i]);
        put32(p, PROP_maxGridSize + 4 * i, grid[i]);
    }
    put32(p, PROP_multiProcessorCount, d->sm_count);
    put32(p, PROP_maxThreadsPerMultiProcessor, d->max_threads_per_sm);
    put32(p, PROP_regsPerMultiprocessor, d->regs_per_sm);
    put64(p, PROP_sharedMemPerMultiprocessor, (uint64_t)d->smem_per_sm);
    put32(p, PROP_l2CacheSize, d->l2_size);
    put32(p, PROP_clockRate, d->clock_khz);
    put32(p, PROP_major, d->major);
    put32(p, PROP_minor, d->minor);
    put64(p, PROP_totalConstMem, (uint64_t)d->const_mem);
    put32(p, PROP_memoryClockRate, d->mem_clock_khz);
    put32(p, PROP_memoryBusWidth, d->mem_bus_width);
    put32(p, PROP_maxBlocksPerMultiProcessor, d->max_blocks_per_sm);
    put64(p, PROP_sharedMemPerBlockOptin, (uint64_t)d->smem_per_block_optin);
    /* what a data-centre GPU reports (cudaDeviceGetAttribute gives the same);
     * not pageableMemoryAccess, which needs a Linux host with HMM: the H200
     * simtvm was measured on answers 0, although malloc'd memory is the
     * kernels' here (SPEC 3.3) */
    static const int ones[] = { PROP_canMapHostMemory, PROP_cooperativeLaunch,
                                PROP_concurrentKernels, PROP_unifiedAddressing, PROP_ECCEnabled,
                                PROP_deviceOverlap, PROP_managedMemory,
                                PROP_concurrentManagedAccess, PROP_streamPrioritiesSupported,
                                PROP_globalL1CacheSupported, PROP_localL1CacheSupported,
                                PROP_computePreemptionSupported };
    for (size_t i = 0; i < sizeof ones / sizeof ones[0]; i++)
        put32(p, ones[i], 1);
    put32(p, PROP_asyncEngineCount, 2);
    put64(p, PROP_reservedSharedMemPerBlock, (uint64_t)d->reserved_smem_per_block);
    put64(p, PROP_memPitch, 2147483647);
    put64(p, PROP_textureAlignment, 512);
    put32(p, PROP_persistingL2CacheMaxSize, d->l2_persist_max);
    put32(p, PROP_accessPolicyMaxWindowSize, d->access_window_max);
    fill_texture_limits(p);
    put32(p, PROP_singleToDoublePrecisionPerfRatio, 2);
    put32(p, PROP_hostRegisterSupported, 1);
    put32(p, PROP_memoryPoolsSupported, 1);
    put32(p, PROP_clusterLaunch, d->major >= 9);
}

static simt_status bi_CUDA_GET_DEVICE_PROPS(call *c)
{
    if (arg_int(c, 1) != 0)
        return cuda_return(c, CUDA_ERROR_INVALID_DEVICE);
    if (arg(c, 0) == 0 || !c->vm->cfg.device)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    uint8_t *p = guest(c, "cudaGetDeviceProperties", arg(c, 0), PROP_SIZE, 1);
    if (!p)
        return SIMT_FAULT;
    fill_props(c->vm, p);
    return cuda_return(c, CUDA_SUCCESS);
}

/* ---- CUDA runtime: events (handle = index + 1, so NULL is never valid) ---- */

enum { MAX_EVENTS = 1 << 20 };

static simt_event *event_of(call *c, uint64_t handle)
{
    if (handle == 0 || handle > (uint64_t)c->vm->nevents)
        return NULL;
    simt_event *e = &c->vm->events[handle - 1];
    return e->used ? e : NULL;
}

simt_status event_create(call *c)
{
    simt_vm *vm = c->vm;
    if (context_broken(c))
        return SIMT_OK;
    if (arg(c, 0) == 0)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (vm->nevents >= MAX_EVENTS)
        return cuda_return(c, CUDA_ERROR_MEMORY_ALLOCATION);
    simt_event *grown = simt_realloc(&vm->cfg.alloc, vm->events,
                                     (size_t)(vm->nevents + 1) * sizeof *grown);
    if (!grown)
        return cuda_return(c, CUDA_ERROR_MEMORY_ALLOCATION);
    vm->events = grown;
    vm->events[vm->nevents] = (simt_event){ .used = 1, .flags = (unsigned)arg(c, 1) };
    if (store_u64(c, "cudaEventCreate", arg(c, 0), (uint64_t)vm->nevents + 1) != 0)
        return SIMT_FAULT;
    vm->nevents++;
    return cuda_return(c, CUDA_SUCCESS);
}

static simt_status bi_CUDA_EVENT_CREATE(call *c)
{
    return bi_CUDA_EVENT_CREATE_FLAGS(c); /* cuda_runtime.h's C++ overload takes flags */
}

static simt_status bi_CUDA_EVENT_RECORD(call *c)
{
    if (context_broken(c) || !stream_ok(c, arg(c, 1)))
        return SIMT_OK;
    simt_event *e = event_of(c, arg(c, 0));
    if (!e)
        return cuda_return(c, CUDA_ERROR_INVALID_RESOURCE_HANDLE);
    if (simt_graph_capture_event(c->vm, arg(c, 0), arg(c, 1)))
        return cuda_return(c, CUDA_SUCCESS); /* a point in the graph, not a time */
    e->recorded = 1;
    e->stream = arg(c, 1);
    e->time_ms = simt_timeline_mark(c->vm, arg(c, 1));
    return cuda_return(c, CUDA_SUCCESS);
}

/* The host waits for the event's time; an event never recorded is complete. */
static simt_status bi_CUDA_EVENT_SYNC(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    simt_event *e = event_of(c, arg(c, 0));
    if (context_broken_after(c, e && e->recorded ? e->time_ms : 0))
        return SIMT_OK;
    return cuda_return(c, e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_RESOURCE_HANDLE);
}

static simt_status bi_CUDA_EVENT_ELAPSED(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    simt_event *start = event_of(c, arg(c, 1)), *stop = event_of(c, arg(c, 2));
    if (!start || !stop || !start->recorded || !stop->recorded ||
        ((start->flags | stop->flags) & 2)) /* cudaEventDisableTiming: no times */
        return cuda_return(c, CUDA_ERROR_INVALID_RESOURCE_HANDLE);
    if (arg(c, 0) == 0)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    float ms = (float)(stop->time_ms - start->time_ms);
    if (store(c, "cudaEventElapsedTime", arg(c, 0), &ms, sizeof ms) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

static simt_status bi_CUDA_EVENT_DESTROY(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    simt_event *e = event_of(c, arg(c, 0));
    if (!e)
        return cuda_return(c, CUDA_ERROR_INVALID_RESOURCE_HANDLE);
    e->used = 0;
    return cuda_return(c, CUDA_SUCCESS);
}

/* ---- dispatch ---- */

typedef simt_status (*builtin_fn)(call *c);

static const builtin_fn builtins[BI_COUNT] = {
#define BI(id, name, where, sig) [BI_##id] = bi_##id,
#define LIB(id, name, where, sig) [BI_##id] = simt_lib_##id,
#include "vm/builtins.def"
#undef LIB
#undef BI
};

simt_status simt_builtin_call(simt_vm *vm, const simt_tctx *t, int id, const simt_sig *sig,
                              const uint64_t *args, int nargs, uint64_t *ret)
{
    *ret = 0; /* id < BI_COUNT: the compiler emits only those, the verifier checks .kbc files */
    uint64_t padded[HOST_MIN_ARGS] = { 0 };
    if (nargs < HOST_MIN_ARGS) { /* missing optional arguments read as 0 (host_call.h) */
        if (nargs > 0)
            memcpy(padded, args, (size_t)nargs * sizeof *args);
        args = padded;
    }
    call c = { vm, t, sig, args, nargs < 0 ? 0 : nargs, ret };
    return builtins[id](&c);
}
