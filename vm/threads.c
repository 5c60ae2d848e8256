/* vm/threads.c -- the blocks of one launch on several host threads
 * (--threads N, config.threads), with the output of one thread.
 *
 * Which kernels: simt_kernel_serial_reason reads the bytecode of a kernel and
 * of every function it calls, once when the module is loaded, and refuses
 * anything through which one block could see whether another block ran
 * before it: __threadfence, volatile accesses (FN_VOLATILE), atomicCAS,
 * atomicExch, float or wrapping (inc/dec) atomics, any atomic whose result
 * is read, device malloc/free, native calls.  Integer add, sub, and, or, xor,
 * min and max atomics whose result is unused commute: they run as real host
 * atomics (exec.h host_atomics).  Launches under a checker, the model, a
 * trace or the debugger, whose state is shared, run on one thread too.
 *
 * How: every worker owns a private copy of the simt_vm (its fault, its
 * allocation-lookup cache mem.last, printf_buf), its own simt_exec (steps,
 * the translation cache gc) and its own block (warps, registers, shared
 * memory), allocated on its own thread.  The guest's global memory is shared;
 * nothing allocates or frees it during such a launch, so the allocation table
 * is read-only.  Places in block order are handed out by one atomic counter,
 * in runs of consecutive places (take_run: up to RUN_MAX while many blocks
 * are left, single blocks at the end).  A finished block publishes a record
 * in its slot: its step count, its printf output (held back in a
 * simt_printf_buf) and its fault.  A worker whose run holds the emitter's
 * position takes the emitter flag and writes the records out in block
 * order, its own and any later ones already published: printf text to the
 * real vm->out (through the
 * same --max-printf accounting as a serial run), steps summed and checked
 * against the launch's limit (simt_launch_steps_fault), and at the first
 * faulting block it stops: that block's fault is the launch's, exactly the
 * one a serial run reports, and no later block's output is written.  Blocks
 * after a fault are not started, and running ones are abandoned.
 *
 * Synchronisation: per run, one compare-and-swap of the block counter, a
 * load of the emitter's position and, for the run that holds it, an
 * exchange and a store of the emitter flag; per block, loads of the fault
 * mark and of the held-output count and a store of the block's slot (next
 * to the slots of its run).  On saxpy with 2^24 elements (65536 blocks) that
 * is about 1100 compare-and-swaps and 550 exchanges for the launch on two
 * threads.  The interpreter's loop touches no shared location except guest
 * memory.  When more than HELD_MAX bytes of output wait for an earlier
 * block, a worker waits on a condition variable before its next block,
 * unless its block is the one everything waits for; so memory stays bounded.
 */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "vm/alloc.h"
#include "vm/exec.h"
#include "vm/policy.h"

/* ---- which kernels may run their blocks concurrently ---- */

/* Whether instruction in may read register r of its frame. */
static int insn_reads(const simt_insn *in, unsigned r)
{
    unsigned regs[5], n = simt_insn_reads(in, regs);
    for (unsigned k = 0; k < n; k++)
        if (regs[k] == r)
            return 1;
    switch (in->op) {
    case OP_HCALL: case OP_NCALL: case OP_INTR: case OP_LAUNCH:
        return r >= in->b && r < (unsigned)in->b + in->c;
    case OP_CALL: /* arguments from a+3 on; the callee's frame overlaps what is above a */
        return r >= in->a;
    default:
        return 0;
    }
}

/* Whether the value an ATOM at pc leaves in its register a can be read: a
 * search along the function's control flow for a read before a write. */
static int atom_result_used(const simt_module *mod, const simt_func *fn, uint32_t pc,
                            uint32_t *stack, uint8_t *seen)
{
    unsigned r = mod->code[pc].a;
    uint32_t n = 0, len = fn->end - fn->entry;
    memset(seen, 0, len);
    stack[n++] = pc + 1;
    while (n) {
        uint32_t at = stack[--n];
        if (at < fn->entry || at >= fn->end || seen[at - fn->entry])
            continue;
        seen[at - fn->entry] = 1;
        const simt_insn *in = &mod->code[at];
        if (insn_reads(in, r))
            return 1;
        /* overwritten: this path never sees the result (a plain __syncthreads
         * leaves its register alone) */
        if ((simt_opinfo_table[in->op].uses & WA) && in->a == r &&
            !(in->op == OP_BAR && (in->i == BAR_SYNC || in->i == BAR_GRID)))
            continue;
        switch (in->op) {
        case OP_RET: case OP_RETV: case OP_TRAP:
            break;
        case OP_JMP: case OP_YIELDJ:
            stack[n++] = (uint32_t)in->i;
            break;
        case OP_BRNZ: case OP_BRZ: case OP_BRCT: case OP_BRCF:
            stack[n++] = (uint32_t)in->i;
            stack[n++] = at + 1;
            break;
        default:
            stack[n++] = at + 1;
            break;
        }
    }
    return 0;
}

/* An atomic whose final value does not depend on the order of its updates. */
static int atom_commutes(const simt_insn *in)
{
    unsigned op = (unsigned)in->i >> 8, type = (unsigned)in->i & 0xff;
    if (type == ATYPE_F32 || type == ATYPE_F64)
        return 0; /* rounding depends on the order */
    return op == ATOM_ADD || op == ATOM_SUB || op == ATOM_AND || op == ATOM_OR ||
           op == ATOM_XOR || op == ATOM_MIN || op == ATOM_MAX;
}

/* Why function f keeps its blocks in order, or NULL.  stack and seen hold
 * one entry per instruction of f. */
static const char *func_serial_reason(const simt_module *mod, const simt_func *fn,
                                      uint32_t *stack, uint8_t *seen)
{
    if (fn->kind & FN_VOLATILE)
        return "volatile memory accesses";
    for (uint32_t pc = fn->entry; pc < fn->end; pc++) {
        const simt_insn *in = &mod->code[pc];
        switch (in->op) {
        case OP_FENCE:
            return "__threadfence";
        case OP_ATOMCAS:
            return "atomicCAS";
        case OP_ATOM:
            if (!atom_commutes(in))
                return "an atomic other than integer add, sub, and, or, xor, min, max";
            if (atom_result_used(mod, fn, pc, stack, seen))
                return "an atomic whose result is used";
            break;
        case OP_HCALL:
            if (in->i != BI_PRINTF && in->i != BI_MEMSET && in->i != BI_MEMCPY)
                return "device malloc or free";
            break;
        case OP_NCALL:
            return "a native function";
        case OP_LAUNCH:
            return "a kernel launch";
        case OP_BAR:
            if (in->i == BAR_GRID)
                return "a grid barrier (this_grid().sync())";
            break;
        default:
            break;
        }
    }
    return NULL;
}

const char simt_serial_oom[] = "out of memory";

const char *simt_kernel_serial_reason(const simt_module *mod, uint32_t kernel)
{
    uint32_t longest = 0;
    for (uint32_t f = 0; f < mod->nfuncs; f++)
        if (mod->funcs[f].end - mod->funcs[f].entry > longest)
            longest = mod->funcs[f].end - mod->funcs[f].entry;
    uint32_t *todo = simt_calloc(&mod->al, (size_t)mod->nfuncs + 2 * (size_t)longest + 1,
                                 sizeof *todo);
    uint8_t *seen = simt_calloc(&mod->al, (size_t)mod->nfuncs + longest + 1, 1);
    const char *why = !todo || !seen ? simt_serial_oom : NULL;
    uint32_t n = 0;
    if (!why) {
        /* the kernel and what it calls, each once (todo[0..n) functions) */
        todo[n++] = kernel;
        seen[kernel] = 1;
    }
    uint32_t *stack = todo ? todo + mod->nfuncs : NULL;
    uint8_t *pcs = seen ? seen + mod->nfuncs : NULL;
    for (uint32_t k = 0; !why && k < n; k++) {
        const simt_func *fn = &mod->funcs[todo[k]];
        for (uint32_t pc = fn->entry; pc < fn->end; pc++) {
            const simt_insn *in = &mod->code[pc];
            if (in->op == OP_CALL && !seen[in->i]) {
                seen[in->i] = 1;
                todo[n++] = (uint32_t)in->i;
            }
        }
    }
    for (uint32_t k = 0; !why && k < n; k++)
        why = func_serial_reason(mod, &mod->funcs[todo[k]], stack, pcs);
    simt_free(&mod->al, todo);
    simt_free(&mod->al, seen);
    return why;
}

/* ---- running the blocks ---- */

/* Bytes of printf output that may wait for an earlier block before workers
 * stop taking new blocks. */
#define HELD_MAX (64u << 20)
/* A worker takes 1/(threads * RUN_SHARE) of the blocks left at a time, at
 * most RUN_MAX. */
#define RUN_SHARE 8u
#define RUN_MAX 64u

/* ---- where a new worker starts ----
 *
 * Linux puts a new thread on its creator's CPU now and then, even with
 * another CPU idle: on this project's 2-core host, 12 of 100 creations
 * (a creator spinning, as worker 0 does running blocks).  The new thread
 * then waits there for the creator's time slice to end, 2 to 4 ms, before
 * the load balancer moves one of them, and a 20 ms launch loses a tenth of
 * its second thread.  So a worker is created allowed only on the process's
 * CPUs other than the one its creator runs on, which makes the kernel start
 * it on one of those, and as its first act it allows itself every CPU of
 * the process again, so that it may move later like any thread (0 slow
 * starts of 100 then).  Without these Linux calls, or where the process has
 * one CPU, workers start wherever the system puts them. */
#if defined(__linux__) && defined(CPU_SET)
typedef struct spawn_hint {
    int use;                 /* others is not empty */
    cpu_set_t all, others;   /* the process's CPUs; those but the creator's */
} spawn_hint;

static void spawn_hint_init(spawn_hint *h)
{
    int cpu = sched_getcpu();
    h->use = 0;
    if (cpu < 0 || cpu >= CPU_SETSIZE || sched_getaffinity(0, sizeof h->all, &h->all) != 0)
        return;
    h->others = h->all;
    CPU_CLR(cpu, &h->others);
    h->use = CPU_COUNT(&h->others) > 0;
}

/* attr for pthread_create, or NULL (then attr is not initialised). */
static pthread_attr_t *spawn_attr(const spawn_hint *h, pthread_attr_t *attr)
{
    if (!h->use || pthread_attr_init(attr) != 0)
        return NULL;
    if (pthread_attr_setaffinity_np(attr, sizeof h->others, &h->others) != 0) {
        pthread_attr_destroy(attr);
        return NULL;
    }
    return attr;
}

static void spawn_widen(const spawn_hint *h)
{
    if (h->use) /* a failure leaves the worker on the other CPUs: still correct */
        (void)pthread_setaffinity_np(pthread_self(), sizeof h->all, &h->all);
}
#else
typedef struct spawn_hint {
    int use;
} spawn_hint;
static void spawn_hint_init(spawn_hint *h) { h->use = 0; }
static pthread_attr_t *spawn_attr(const spawn_hint *h, pthread_attr_t *attr)
{
    (void)h, (void)attr;
    return NULL;
}
static void spawn_widen(const spawn_hint *h) { (void)h; }
#endif

/* What a finished block leaves for the emitter. */
typedef struct block_rec {
    simt_printf_buf out;
    int faulted;
    int oom;                 /* the fault is the host allocator failing (simt_vm_oom) */
    simt_fault fault;
} block_rec;

typedef struct block_slot {
    uint64_t steps;          /* written before rec is published */
    block_rec *rec;          /* NULL until the block has finished */
} block_slot;

typedef struct grid_job {
    simt_vm *vm;             /* the real VM: only the emitter writes to it */
    const simt_exec *proto;
    const uint64_t *order, *args;
    uint64_t nblocks, nthreads;
    int nargs;
    block_slot *slots;       /* one per place in block order */
    spawn_hint spawn;        /* where workers start */
    block_rec none;          /* the record of a block with nothing to say */
    block_rec oom;           /* the record of a block whose record could not be made */
    /* Written by the emitter (holding `emitting`), read by the last join. */
    uint64_t steps;
    int faulted, faulted_oom;
    simt_fault fault;
    pthread_mutex_t mu;      /* only for workers waiting on held output */
    pthread_cond_t room;
    /* Shared counters, each on a cache line of its own. */
    _Alignas(64) uint64_t next;      /* next place in block order to hand out */
    _Alignas(64) uint64_t stop;      /* lowest place of a faulting block (UINT64_MAX: none) */
    _Alignas(64) uint64_t emit_next; /* next place to write out */
    int emitting;                    /* the emitter flag */
    _Alignas(64) uint64_t held;      /* bytes of output records not yet written */
    int waiters;
} grid_job;

/* One host thread's private state.  The padding at the end keeps the hot
 * fields of two workers (ex.steps, ex.gc, blk.issued...) off each other's
 * cache lines. */
typedef struct grid_worker {
    grid_job *job;
    simt_vm view;            /* a copy of *job->vm, see the top of this file */
    simt_exec ex;
    simt_block blk;
    int own_blk;             /* blk was allocated by this worker (not the caller's) */
    simt_printf_buf out;
    pthread_t thread;
    int started;
    char pad[64];
} grid_worker;

/* ---- output held back by a block running on a worker thread ---- */

int simt_printf_buf_add(const simt_allocator *al, simt_printf_buf *b, uint64_t keep,
                        const char *text, size_t len)
{
    /* Beyond keep bytes the block alone passes the launch's cap, so every
     * later call of the block would be dropped: count it, do not hold it. */
    int held = b->bytes <= keep;
    b->bytes += len;
    if (!held || len == 0)
        return 0;
    size_t need = sizeof len + len;
    if (b->cap - b->len < need) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap - b->len < need)
            cap *= 2;
        char *p = simt_realloc(al, b->data, cap);
        if (!p)
            return -1;
        b->data = p;
        b->cap = cap;
    }
    memcpy(b->data + b->len, &len, sizeof len);
    memcpy(b->data + b->len + sizeof len, text, len);
    b->len += need;
    return 0;
}

void simt_printf_buf_free(const simt_allocator *al, simt_printf_buf *b)
{
    simt_free(al, b->data);
    memset(b, 0, sizeof *b);
}

static void lower_stop(grid_job *job, uint64_t n)
{
    uint64_t cur = __atomic_load_n(&job->stop, __ATOMIC_SEQ_CST);
    while (n < cur && !__atomic_compare_exchange_n(&job->stop, &cur, n, 0, __ATOMIC_SEQ_CST,
                                                   __ATOMIC_SEQ_CST))
        ;
}

static void emit_rec(grid_job *job, uint64_t n, block_rec *rec)
{
    const simt_printf_buf *b = &rec->out;
    for (size_t at = 0; at < b->len;) {
        size_t len;
        memcpy(&len, b->data + at, sizeof len);
        if (job->vm->host) /* no host: no printf could run */
            job->vm->host->device_printf(job->vm, b->data + at + sizeof len, len);
        at += sizeof len + len;
    }
    job->steps += job->slots[n].steps;
    if (rec->faulted) {
        job->fault = rec->fault;
        job->faulted_oom = rec->oom;
    } else if (job->steps > job->vm->cfg.max_launch_steps) {
        simt_launch_steps_fault(job->proto, job->vm, job->order[n]);
        job->fault = job->vm->fault;
        lower_stop(job, n);
    }
    if (rec->faulted || job->steps > job->vm->cfg.max_launch_steps)
        __atomic_store_n(&job->faulted, 1, __ATOMIC_SEQ_CST);
    if (b->len)
        __atomic_fetch_sub(&job->held, b->len, __ATOMIC_SEQ_CST);
    if (rec != &job->none && rec != &job->oom) {
        simt_printf_buf_free(&job->vm->cfg.alloc, &rec->out);
        simt_free(&job->vm->cfg.alloc, rec);
    }
}

/* Writes out the finished records that are next in block order (under the
 * emitter flag); returns whether the record after them is ready now. */
static int drain(grid_job *job)
{
    uint64_t n = job->emit_next;
    block_rec *rec = NULL;
    while (n < job->nblocks && !job->faulted &&
           (rec = __atomic_load_n(&job->slots[n].rec, __ATOMIC_SEQ_CST)) != NULL) {
        emit_rec(job, n, rec);
        __atomic_store_n(&job->emit_next, ++n, __ATOMIC_SEQ_CST);
    }
    if (__atomic_load_n(&job->waiters, __ATOMIC_SEQ_CST)) {
        pthread_mutex_lock(&job->mu);
        pthread_cond_broadcast(&job->room);
        pthread_mutex_unlock(&job->mu);
    }
    return n < job->nblocks && !job->faulted &&
           __atomic_load_n(&job->slots[n].rec, __ATOMIC_SEQ_CST) != NULL;
}

/* Becomes the emitter if no one is.  A record published while the emitter
 * was leaving is seen by its last look (drain's result) or by its publisher,
 * whose exchange then finds the flag free. */
static void try_emit(grid_job *job)
{
    for (;;) {
        if (__atomic_exchange_n(&job->emitting, 1, __ATOMIC_SEQ_CST))
            return;
        drain(job);
        __atomic_store_n(&job->emitting, 0, __ATOMIC_SEQ_CST);
        uint64_t n = __atomic_load_n(&job->emit_next, __ATOMIC_SEQ_CST);
        if (n >= job->nblocks || __atomic_load_n(&job->faulted, __ATOMIC_SEQ_CST) ||
            !__atomic_load_n(&job->slots[n].rec, __ATOMIC_SEQ_CST))
            return;
    }
}

/* Before running block n: wait while too much output waits for an earlier
 * block to finish.  The worker whose block is next in order never waits, so
 * the wait always ends (a fault ends it too). */
static int must_wait(grid_job *job, uint64_t n)
{
    return __atomic_load_n(&job->held, __ATOMIC_SEQ_CST) > HELD_MAX &&
           __atomic_load_n(&job->emit_next, __ATOMIC_SEQ_CST) < n &&
           !__atomic_load_n(&job->faulted, __ATOMIC_SEQ_CST);
}

static void wait_for_room(grid_job *job, uint64_t n)
{
    if (__atomic_load_n(&job->held, __ATOMIC_SEQ_CST) <= HELD_MAX)
        return;
    try_emit(job);
    pthread_mutex_lock(&job->mu);
    __atomic_fetch_add(&job->waiters, 1, __ATOMIC_SEQ_CST);
    while (must_wait(job, n))
        pthread_cond_wait(&job->room, &job->mu);
    __atomic_fetch_sub(&job->waiters, 1, __ATOMIC_SEQ_CST);
    pthread_mutex_unlock(&job->mu);
}

/* The record of a finished block; its output buffer moves into it. */
static block_rec *make_rec(grid_worker *wk, simt_status st)
{
    grid_job *job = wk->job;
    if (st != SIMT_FAULT && wk->out.len == 0)
        return &job->none;
    block_rec *rec = simt_calloc(&job->vm->cfg.alloc, 1, sizeof *rec);
    if (!rec) {
        simt_printf_buf_free(&job->vm->cfg.alloc, &wk->out);
        return &job->oom;
    }
    rec->out = wk->out;
    memset(&wk->out, 0, sizeof wk->out);
    rec->faulted = st == SIMT_FAULT;
    rec->oom = wk->view.oom;
    rec->fault = wk->view.fault;
    return rec;
}

/* Takes the next run of places in block order: long runs while many blocks
 * remain (fewer shared atomics per block), single blocks near the end (so
 * the threads finish together).  Returns its length, 0 when none is left. */
static uint64_t take_run(grid_job *job, uint64_t *first)
{
    uint64_t cur = __atomic_load_n(&job->next, __ATOMIC_SEQ_CST), len;
    do {
        if (cur >= job->nblocks)
            return 0;
        len = (job->nblocks - cur) / (job->nthreads * RUN_SHARE);
        len = len < 1 ? 1 : len > RUN_MAX ? RUN_MAX : len;
    } while (!__atomic_compare_exchange_n(&job->next, &cur, cur + len, 0, __ATOMIC_SEQ_CST,
                                          __ATOMIC_SEQ_CST));
    *first = cur;
    return len;
}

/* Runs block n and publishes its record; returns 0, or -1 when it was
 * abandoned (an earlier block faulted). */
static int run_one(grid_worker *wk, uint64_t n)
{
    grid_job *job = wk->job;
    uint64_t steps = wk->ex.steps;
    wk->ex.order = n;
    wk->out.len = 0;
    wk->out.bytes = 0;
    simt_status st = simt_block_run(&wk->ex, &wk->blk, job->order[n], job->args, job->nargs);
    if (wk->ex.cancelled)
        return -1;
    block_rec *rec = make_rec(wk, st);
    if (st == SIMT_FAULT || rec == &job->oom)
        lower_stop(job, n);
    if (rec->out.len)
        __atomic_fetch_add(&job->held, rec->out.len, __ATOMIC_SEQ_CST);
    job->slots[n].steps = wk->ex.steps - steps;
    __atomic_store_n(&job->slots[n].rec, rec, __ATOMIC_SEQ_CST);
    return 0;
}

static void run_blocks(grid_worker *wk)
{
    grid_job *job = wk->job;
    for (;;) {
        uint64_t first = 0, len = take_run(job, &first), n = first;
        /* nothing after a faulting block is written: stop before it */
        while (n < first + len && n <= __atomic_load_n(&job->stop, __ATOMIC_SEQ_CST)) {
            wait_for_room(job, n);
            if (run_one(wk, n) != 0)
                break;
            n++;
        }
        /* Records [first, n) are published.  If the emitter stopped among
         * them it had not seen one yet; this load then sees where it is. */
        uint64_t at = __atomic_load_n(&job->emit_next, __ATOMIC_SEQ_CST);
        if (at >= first && at < n)
            try_emit(job);
        if (len == 0 || n < first + len)
            return;
    }
}

static void *worker_main(void *arg)
{
    grid_worker *wk = arg;
    spawn_widen(&wk->job->spawn);
    wk->own_blk = 1;
    if (simt_block_alloc(&wk->ex, &wk->blk) == SIMT_OK)
        run_blocks(wk); /* else the other workers run the blocks */
    return NULL;
}

/* Creates wk's thread (wk->started), with the spawn hint if it is taken. */
static void start_worker(grid_worker *wk)
{
    pthread_attr_t attr, *at = spawn_attr(&wk->job->spawn, &attr);
    wk->started = pthread_create(&wk->thread, at, worker_main, wk) == 0;
    if (at) {
        pthread_attr_destroy(at);
        if (!wk->started) /* the hint refused (a CPU went offline?): once without it */
            wk->started = pthread_create(&wk->thread, NULL, worker_main, wk) == 0;
    }
}

static void worker_init(grid_worker *wk, grid_job *job)
{
    wk->job = job;
    wk->view = *job->vm;
    wk->view.printf_buf = &wk->out;
    wk->ex = *job->proto;
    wk->ex.vm = &wk->view;
    wk->ex.steps = 0;
    memset(wk->ex.gc, 0, sizeof wk->ex.gc);
    memset(wk->ex.gc_deep, 0, sizeof wk->ex.gc_deep);
    wk->ex.host_atomics = 1;
    wk->ex.stop_at = &job->stop;
}

static void job_init(grid_job *job, simt_exec *ex, const uint64_t *order, uint64_t nblocks,
                     const uint64_t *args, int nargs)
{
    memset(job, 0, sizeof *job);
    job->vm = ex->vm;
    job->proto = ex;
    job->order = order;
    job->nblocks = nblocks;
    job->args = args;
    job->nargs = nargs;
    job->stop = UINT64_MAX;
    job->oom.faulted = 1;
    job->oom.oom = 1;
    job->oom.fault.pc = -1;
    snprintf(job->oom.fault.message, sizeof job->oom.fault.message,
             "out of memory for the results of blocks running on several host threads");
    pthread_mutex_init(&job->mu, NULL);
    pthread_cond_init(&job->room, NULL);
}

/* After every worker has stopped: the last records, the launch's totals and
 * fault into the real VM, and whatever was never written freed. */
static simt_status job_finish(grid_job *job, simt_exec *ex)
{
    drain(job);
    for (uint64_t n = job->emit_next; n < job->nblocks; n++) {
        block_rec *rec = job->slots[n].rec;
        if (rec && rec != &job->none && rec != &job->oom) {
            simt_printf_buf_free(&job->vm->cfg.alloc, &rec->out);
            simt_free(&job->vm->cfg.alloc, rec);
        }
    }
    pthread_cond_destroy(&job->room);
    pthread_mutex_destroy(&job->mu);
    ex->steps += job->steps;
    if (!job->faulted)
        return SIMT_OK;
    job->vm->fault = job->fault;
    job->vm->oom = job->faulted_oom;
    job->vm->fault_reported = 0;
    return SIMT_FAULT;
}

simt_status simt_grid_run_threads(simt_exec *ex, simt_block *blk, const uint64_t *order,
                                  uint64_t nblocks, const uint64_t *args, int nargs)
{
    uint64_t nthreads = (uint64_t)ex->vm->cfg.threads < nblocks ? (uint64_t)ex->vm->cfg.threads
                                                                 : nblocks;
    grid_job job;
    job_init(&job, ex, order, nblocks, args, nargs);
    job.nthreads = nthreads;
    const simt_allocator *al = &ex->vm->cfg.alloc;
    job.slots = simt_calloc(al, nblocks, sizeof *job.slots);
    grid_worker *wk = simt_calloc(al, nthreads, sizeof *wk);
    if (!job.slots || !wk) {
        simt_free(al, job.slots);
        simt_free(al, wk);
        pthread_cond_destroy(&job.room);
        pthread_mutex_destroy(&job.mu);
        return simt_vm_oom(ex->vm, "the blocks of a multi-threaded launch");
    }
    for (uint64_t t = 0; t < nthreads; t++)
        worker_init(&wk[t], &job);
    spawn_hint_init(&job.spawn);
    for (uint64_t t = 1; t < nthreads; t++) /* a thread that cannot start is one fewer */
        start_worker(&wk[t]);
    wk[0].blk = *blk; /* the caller's thread is worker 0 and uses the caller's block */
    run_blocks(&wk[0]);
    *blk = wk[0].blk;
    for (uint64_t t = 1; t < nthreads; t++)
        if (wk[t].started)
            pthread_join(wk[t].thread, NULL);
    simt_status st = job_finish(&job, ex);
    for (uint64_t t = 0; t < nthreads; t++) {
        if (wk[t].own_blk)
            simt_block_free(al, &wk[t].blk);
        simt_printf_buf_free(al, &wk[t].out);
    }
    simt_free(al, wk);
    simt_free(al, job.slots);
    return st;
}

static simt_status threads_run(simt_exec *ex, simt_grid_work *g)
{
    return simt_grid_run_threads(ex, g->blk, g->order + g->first, g->n - g->first, g->args,
                                 g->nargs);
}

const simt_block_policy simt_policy_threads = { "threads", threads_run };
