/* runtime/host_graph.c -- CUDA graphs and stream capture (doc/cuda-runtime.md,
 * "CUDA graphs").
 *
 * A graph is a list of nodes -- kernel launches, 3D copies, 2D memsets, host
 * callbacks and empty nodes -- each holding its parameters by value.  Work
 * runs at once and in issue order on one timeline (runtime/host_stream.c),
 * so running a graph's nodes in the order they were added is a valid
 * topological order: CUDA only lets a node depend on nodes that exist
 * already.  Dependencies are therefore checked but not stored.
 *
 * Stream capture records instead of running: from cudaStreamBeginCapture
 * until cudaStreamEndCapture the capturing stream, and every stream that
 * waits on an event recorded in a captured stream, add their copies,
 * memsets, kernel launches (through simt_host_ops.capture_launch, since a
 * launch is an instruction, not a call) and host functions to the graph.
 *
 * A host node calls a guest function, which a builtin cannot do: the K
 * templates cudaGraphLaunch and cudaLaunchHostFunc of <cuda_runtime.h>
 * (lang/cuda_graph.c) run the nodes one at a time through
 * __simt_graph_exec_node and make that call themselves.
 *
 * Handles: a graph or an executable graph is its index + 1 in
 * simt_graphs.list; a node is (graph index + 1) << 32 | (node index + 1). */
#include <string.h>

#include "runtime/host_call.h"
#include "runtime/observers.h"

typedef struct simt_graphs simt_graphs;

enum { GN_KERNEL, GN_MEMCPY, GN_MEMSET, GN_HOST, GN_EMPTY, GN_CHILD };
enum { CUDA_ERROR_ILLEGAL_STATE = 401, CUDA_ERROR_CAPTURE_UNSUPPORTED = 900,
       CUDA_ERROR_CAPTURE_UNMATCHED = 903, CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE = 910 };
/* cudaGraphExecUpdateResult */
enum { UPDATE_SUCCESS = 0, UPDATE_TOPOLOGY_CHANGED = 2, UPDATE_NODE_TYPE_CHANGED = 3 };
enum { MAX_GRAPHS = 1 << 16, MAX_NODES = 1 << 20, MAX_CAPTURED = 256 };

typedef struct gnode {
    int kind;
    /* kernel */
    uint32_t func, grid[3], block[3];
    uint64_t shared;
    uint64_t *args;
    int nargs;
    /* memcpy (bytes per row, rows per slice, slices) and memset (elements
     * per row, rows); dst/src pitch is bytes per row, ysize rows per slice */
    uint64_t dst, src, dpitch, spitch, dysize, sysize, width, height, depth;
    int copy_kind;
    uint32_t value, elem;
    /* host */
    uint64_t fn, data;
    /* child graph: the handle of the graph's own copy of it */
    uint64_t child;
    /* a node of an executable graph: the index of the node of the source
     * graph it stands for, and whether it came from inside a child graph
     * (instantiation puts a child graph's nodes in place of its node) */
    int origin, nested;
} gnode;

typedef struct graph {
    int used, executable;
    uint64_t source;          /* executable: the graph it was instantiated from */
    gnode *nodes;
    int n;
    size_t cap;
} graph;

struct simt_graphs {
    graph *list;
    int n;
    size_t cap;
    /* stream capture */
    int capturing;                 /* index of the graph being captured, + 1 */
    uint64_t origin;               /* the stream that began it */
    uint64_t streams[MAX_CAPTURED]; /* the streams taking part (origin first) */
    int nstreams;
    uint64_t events[MAX_CAPTURED]; /* events recorded in them while capturing */
    int nevents;
    /* __simt_launch_stream: the stream of the next kernel launch */
    uint64_t launch_stream;
    int launch_stream_set;
    uint64_t exec_stream;          /* the stream of the graph launch running */
};

static simt_graphs *graphs_of(simt_vm *vm)
{
    if (!vm->graphs)
        vm->graphs = simt_calloc(&vm->cfg.alloc, 1, sizeof *vm->graphs);
    return vm->graphs;
}

static void graph_clear(simt_vm *vm, graph *g);

/* A node's own memory: its arguments, and a child graph node's copy of the
 * child graph. */
static void node_free(simt_vm *vm, gnode *n)
{
    simt_free(&vm->cfg.alloc, n->args);
    n->args = NULL;
    simt_graphs *gs = vm->graphs;
    if (n->kind == GN_CHILD && gs && n->child && n->child <= (uint64_t)gs->n)
        graph_clear(vm, &gs->list[n->child - 1]);
    n->child = 0;
}

static void graph_clear(simt_vm *vm, graph *g)
{
    for (int i = 0; i < g->n; i++)
        node_free(vm, &g->nodes[i]);
    simt_free(&vm->cfg.alloc, g->nodes);
    memset(g, 0, sizeof *g);
}

void simt_graphs_free(simt_vm *vm)
{
    simt_graphs *gs = vm->graphs;
    if (!gs)
        return;
    for (int i = 0; i < gs->n; i++)
        graph_clear(vm, &gs->list[i]);
    simt_free(&vm->cfg.alloc, gs->list);
    simt_free(&vm->cfg.alloc, gs);
    vm->graphs = NULL;
}

/* A new empty graph; returns its handle, or 0 when out of memory. */
static uint64_t graph_new(simt_vm *vm, int executable)
{
    simt_graphs *gs = graphs_of(vm);
    if (!gs || gs->n >= MAX_GRAPHS ||
        simt_grow(&vm->cfg.alloc, (void **)&gs->list, &gs->cap, (size_t)gs->n + 1,
                  sizeof *gs->list))
        return 0;
    graph *g = &gs->list[gs->n++];
    memset(g, 0, sizeof *g);
    g->used = 1;
    g->executable = executable;
    return (uint64_t)gs->n;
}

static graph *graph_of(simt_vm *vm, uint64_t handle, int executable)
{
    simt_graphs *gs = vm->graphs;
    if (!gs || handle == 0 || handle > (uint64_t)gs->n)
        return NULL;
    graph *g = &gs->list[handle - 1];
    return g->used && g->executable == executable ? g : NULL;
}

/* Appends a copy of n (taking its args) to g; returns its node handle or 0. */
static uint64_t node_add(simt_vm *vm, uint64_t handle, graph *g, gnode *n)
{
    if (g->n >= MAX_NODES ||
        simt_grow(&vm->cfg.alloc, (void **)&g->nodes, &g->cap, (size_t)g->n + 1, sizeof *g->nodes))
        return 0;
    g->nodes[g->n++] = *n;
    return handle << 32 | (uint64_t)g->n;
}

/* n's arguments in memory of its own (n is a copy of a node); -1 when out
 * of memory (then n holds none). */
static int own_args(simt_vm *vm, gnode *n)
{
    const uint64_t *from = n->args;
    n->args = NULL;
    if (!n->nargs || !from)
        return 0;
    n->args = simt_calloc(&vm->cfg.alloc, (size_t)n->nargs, sizeof *n->args);
    if (!n->args)
        return -1;
    memcpy(n->args, from, (size_t)n->nargs * sizeof *n->args);
    return 0;
}

/* The nodes of graph from appended to to, a child graph's nodes in place of
 * its node, each knowing the node of from it stands for (instantiation,
 * cudaGraphExecUpdate).  Makes no graph, so `to` may be a local. */
static int flatten_into(simt_vm *vm, graph *to, uint64_t from, int origin)
{
    const graph *f = &vm->graphs->list[from - 1];
    for (int i = 0; i < f->n; i++) {
        gnode n = f->nodes[i];
        n.origin = origin >= 0 ? origin : i;
        n.nested = origin >= 0;
        if (n.kind == GN_CHILD) {
            if (flatten_into(vm, to, n.child, n.origin) != 0)
                return -1;
            continue;
        }
        if (own_args(vm, &n) != 0 || !node_add(vm, 1, to, &n)) {
            node_free(vm, &n);
            return -1;
        }
    }
    return 0;
}

/* A copy of graph from's nodes in graph to (cudaGraphClone, a child graph
 * node), each child graph copied too.  Handles, not pointers: making a
 * child graph may move the list. */
static int clone_into(simt_vm *vm, uint64_t to, uint64_t from)
{
    for (int i = 0; i < vm->graphs->list[from - 1].n; i++) {
        gnode n = vm->graphs->list[from - 1].nodes[i];
        if (own_args(vm, &n) != 0)
            return -1;
        if (n.kind == GN_CHILD) {
            uint64_t h = graph_new(vm, 0);
            if (!h || clone_into(vm, h, n.child) != 0) {
                n.child = h;
                node_free(vm, &n);
                return -1;
            }
            n.child = h;
        }
        if (!node_add(vm, 1, &vm->graphs->list[to - 1], &n)) {
            node_free(vm, &n);
            return -1;
        }
    }
    return 0;
}

/* ---- creating graphs and adding nodes ---- */

simt_status bi_CUDA_GRAPH_CREATE(call *c)
{
    /* the graph's description: a broken context does not stop it (host.c) */
    if (arg(c, 1) != 0)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    uint64_t h = graph_new(c->vm, 0);
    if (!h)
        return cuda_return(c, CUDA_ERROR_MEMORY_ALLOCATION);
    if (store_u64(c, "cudaGraphCreate", arg(c, 0), h) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

/* The dependencies of a new node must be nodes of the same graph. */
static int deps_ok(call *c, const char *fn, uint64_t handle, const graph *g, uint64_t deps,
                   uint64_t ndeps)
{
    if (ndeps == 0)
        return 1;
    if (ndeps > (uint64_t)g->n)
        return 0;
    const uint64_t *d = guest(c, fn, deps, ndeps * 8, 0);
    if (!d)
        return -1;
    for (uint64_t i = 0; i < ndeps; i++)
        if (d[i] >> 32 != handle || (d[i] & 0xffffffffu) == 0 ||
            (d[i] & 0xffffffffu) > (uint64_t)g->n)
            return 0;
    return 1;
}

/* The common part of cudaGraphAdd*Node(&node, graph, deps, ndeps, ...):
 * checks, appends n, stores the handle. */
static simt_status add_node(call *c, const char *fn, gnode *n)
{
    graph *g = graph_of(c->vm, arg(c, 1), 0);
    if (!g) {
        node_free(c->vm, n);
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    }
    int ok = deps_ok(c, fn, arg(c, 1), g, arg(c, 2), arg(c, 3));
    if (ok <= 0) {
        node_free(c->vm, n);
        return ok < 0 ? SIMT_FAULT : cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    }
    uint64_t h = node_add(c->vm, arg(c, 1), g, n);
    if (!h) {
        node_free(c->vm, n);
        return cuda_return(c, CUDA_ERROR_MEMORY_ALLOCATION);
    }
    if (store_u64(c, fn, arg(c, 0), h) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

/* Reads the kernel's arguments from kernelParams (one pointer per
 * parameter) into the words a launch takes: a struct by value is several
 * words (lang/lower_records.c), each a chunk of its bytes. */
static int kernel_args(call *c, const char *fn, uint32_t func, uint64_t params, gnode *n)
{
    const simt_module *m = c->vm->mod;
    const simt_func *f = &m->funcs[func];
    const simt_sig *sig = &m->sigs[f->sig];
    /* a struct too large for registers is passed in a module variable named
     * "kernel(param)" (lang/lower.c lw_param_global) and takes no word:
     * not supported here (cudaErrorInvalidValue, never a shifted argument) */
    size_t flen = strlen(f->name);
    for (uint32_t g = 0; g < m->nglobals; g++)
        if (!strncmp(m->globals[g].name, f->name, flen) && m->globals[g].name[flen] == '(')
            return 1;
    n->nargs = sig->nargs;
    if (!sig->nargs)
        return 0;
    if (!params)
        return 1;
    n->args = simt_calloc(&c->vm->cfg.alloc, sig->nargs, sizeof *n->args);
    if (!n->args)
        return 1;
    for (int k = 0, p = 0; k < sig->nargs; p++) {
        int words = 1;
        const char *name = f->param_names ? f->param_names[k] : NULL;
        while (name && *name && k + words < sig->nargs &&
               !strcmp(f->param_names[k + words], name))
            words++;
        const uint64_t *pp = guest(c, fn, params + 8 * (uint64_t)p, 8, 0);
        if (!pp)
            return -1;
        size_t size = simt_vtype_size(sig->args[k]);
        const uint8_t *v = guest(c, fn, *pp, size * (size_t)words, 0);
        if (!v)
            return -1;
        for (int w = 0; w < words; w++, k++) {
            uint64_t x = 0;
            memcpy(&x, v + size * (size_t)w, size);
            if (sig->args[k] == VT_I8)
                x = (uint64_t)(int64_t)(int8_t)x;
            else if (sig->args[k] == VT_I16)
                x = (uint64_t)(int64_t)(int16_t)x;
            else if (sig->args[k] == VT_BOOL)
                x = x != 0;
            n->args[k] = x;
        }
    }
    return 0;
}

/* A kernel node from the cudaKernelNodeParams at addr: func, gridDim,
 * blockDim, sharedMemBytes, kernelParams, extra at CUDA's offsets.
 * Returns 0, -1 for a fault, or the CUDA error (n then holds nothing). */
static int read_kernel_node(call *c, const char *fn, uint64_t addr, gnode *out)
{
    const uint8_t *p = guest(c, fn, addr, 56, 0);
    if (!p)
        return -1;
    gnode n = {.kind = GN_KERNEL};
    uint64_t func, params, extra;
    uint32_t shared;
    memcpy(&func, p, 8);
    memcpy(n.grid, p + 8, 12);
    memcpy(n.block, p + 20, 12);
    memcpy(&shared, p + 32, 4);
    memcpy(&params, p + 40, 8);
    memcpy(&extra, p + 48, 8);
    n.shared = shared;
    const simt_module *m = c->vm->mod;
    /* a pointer to a function is its index + 1 (lang/lower_call.c) */
    /* (an H200 answers a host function with cudaErrorInvalidResourceHandle) */
    if (func == 0 || extra)
        return CUDA_ERROR_INVALID_VALUE;
    if (func > m->nfuncs || !(m->funcs[func - 1].kind & FN_KERNEL))
        return CUDA_ERROR_INVALID_RESOURCE_HANDLE;
    n.func = (uint32_t)(func - 1);
    int r = kernel_args(c, fn, n.func, params, &n);
    if (r != 0) {
        node_free(c->vm, &n);
        return r < 0 ? -1 : CUDA_ERROR_INVALID_VALUE;
    }
    *out = n;
    return 0;
}

simt_status bi_CUDA_GRAPH_ADD_KERNEL(call *c)
{
    static const char fn[] = "cudaGraphAddKernelNode";
    if (context_broken(c))
        return SIMT_OK;
    gnode n;
    int r = read_kernel_node(c, fn, arg(c, 4), &n);
    if (r)
        return r < 0 ? SIMT_FAULT : cuda_return(c, r);
    return add_node(c, fn, &n);
}

/* cudaMemcpy3DParms: srcArray 0, srcPos 8, srcPtr 32, dstArray 64, dstPos 72,
 * dstPtr 96, extent 128, kind 152.  A side with an array takes the array's
 * rows (runtime/texture.c); with an array on either side, positions in x
 * and the extent's width count elements, else bytes (CUDA's rule). */
static int read_copy3d(call *c, const char *fn, uint64_t addr, gnode *n)
{
    const uint8_t *p = guest(c, fn, addr, 160, 0);
    if (!p)
        return -1;
    uint64_t f[20];
    memcpy(f, p, 160);
    uint64_t spos[3] = {f[1], f[2], f[3]}, dpos[3] = {f[9], f[10], f[11]};
    /* cudaPitchedPtr: ptr, pitch, xsize, ysize */
    uint64_t sptr = f[4], dptr = f[12], elem = 1;
    n->spitch = f[5];
    n->sysize = f[7];
    n->dpitch = f[13];
    n->dysize = f[15];
    int r = 0;
    if (f[0])
        r = array_as_pitched(c, fn, f[0], spos, &sptr, &n->spitch, &n->sysize, &elem);
    if (!r && f[8])
        r = array_as_pitched(c, fn, f[8], dpos, &dptr, &n->dpitch, &n->dysize, &elem);
    if (r)
        return r;
    n->width = f[16] * elem;
    n->height = f[17];
    n->depth = f[18];
    int32_t kind;
    memcpy(&kind, p + 152, 4);
    n->copy_kind = kind;
    if (kind < 0 || kind > 4 || n->width > n->spitch || n->width > n->dpitch)
        return 1;
    n->src = sptr + spos[0] + (spos[1] + spos[2] * n->sysize) * n->spitch;
    n->dst = dptr + dpos[0] + (dpos[1] + dpos[2] * n->dysize) * n->dpitch;
    return 0;
}

simt_status bi_CUDA_GRAPH_ADD_MEMCPY(call *c)
{
    static const char fn[] = "cudaGraphAddMemcpyNode";
    if (context_broken(c))
        return SIMT_OK;
    gnode n = {.kind = GN_MEMCPY};
    int r = read_copy3d(c, fn, arg(c, 4), &n);
    if (r)
        return r < 0 ? SIMT_FAULT : cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    return add_node(c, fn, &n);
}

/* cudaMemsetParams: dst 0, pitch 8, value 16, elementSize 20, width 24,
 * height 32. */
simt_status bi_CUDA_GRAPH_ADD_MEMSET(call *c)
{
    static const char fn[] = "cudaGraphAddMemsetNode";
    if (context_broken(c))
        return SIMT_OK;
    const uint8_t *p = guest(c, fn, arg(c, 4), 40, 0);
    if (!p)
        return SIMT_FAULT;
    gnode n = {.kind = GN_MEMSET};
    memcpy(&n.dst, p, 8);
    memcpy(&n.dpitch, p + 8, 8);
    memcpy(&n.value, p + 16, 4);
    memcpy(&n.elem, p + 20, 4);
    memcpy(&n.width, p + 24, 8);
    memcpy(&n.height, p + 32, 8);
    if (n.elem != 1 && n.elem != 2 && n.elem != 4)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (n.height > 1 && n.dpitch < n.width * n.elem)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    return add_node(c, fn, &n);
}

/* cudaHostNodeParams: fn 0, userData 8. */
simt_status bi_CUDA_GRAPH_ADD_HOST(call *c)
{
    static const char fn[] = "cudaGraphAddHostNode";
    /* the graph's description: a broken context does not stop it (host.c) */
    const uint64_t *p = guest(c, fn, arg(c, 4), 16, 0);
    if (!p)
        return SIMT_FAULT;
    gnode n = {.kind = GN_HOST, .fn = p[0], .data = p[1]};
    if (!n.fn)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    return add_node(c, fn, &n);
}

simt_status bi_CUDA_GRAPH_ADD_EMPTY(call *c)
{
    /* the graph's description: a broken context does not stop it (host.c) */
    gnode n = {.kind = GN_EMPTY};
    return add_node(c, "cudaGraphAddEmptyNode", &n);
}

/* cudaGraphAddDependencies(graph, from, to, n), or CUDA 13's (graph, from,
 * to, edgeData, n) with edgeData NULL: both ends must be nodes of the graph,
 * the edge from an earlier node to a later one (nodes run in the order they
 * were added). */
simt_status bi_CUDA_GRAPH_ADD_DEPS(call *c)
{
    static const char fn[] = "cudaGraphAddDependencies";
    /* the graph's description: a broken context does not stop it (host.c) */
    graph *g = graph_of(c->vm, arg(c, 0), 0);
    if (!g)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (c->nargs != 4 && !(c->nargs == 5 && arg(c, 3) == 0))
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    uint64_t count = arg(c, c->nargs - 1);
    if (count == 0)
        return cuda_return(c, CUDA_SUCCESS);
    if (count > (uint64_t)g->n * (uint64_t)g->n)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    const uint64_t *from = guest(c, fn, arg(c, 1), 8 * count, 0);
    const uint64_t *to = from ? guest(c, fn, arg(c, 2), 8 * count, 0) : NULL;
    if (!to)
        return SIMT_FAULT;
    for (uint64_t i = 0; i < count; i++) {
        uint64_t a = from[i] & 0xffffffffu, b = to[i] & 0xffffffffu;
        if (from[i] >> 32 != arg(c, 0) || to[i] >> 32 != arg(c, 0) || !a || !b ||
            a > (uint64_t)g->n || b > (uint64_t)g->n)
            return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
        if (a >= b)
            return cuda_return(c, CUDA_ERROR_CAPTURE_UNSUPPORTED);
    }
    return cuda_return(c, CUDA_SUCCESS);
}

/* cudaGraphGetNodes(graph, nodes, &count): the count when nodes is NULL,
 * else up to *count handles (the rest NULL) and the count. */
simt_status bi_CUDA_GRAPH_GET_NODES(call *c)
{
    static const char fn[] = "cudaGraphGetNodes";
    /* the graph's description: a broken context does not stop it (host.c) */
    graph *g = graph_of(c->vm, arg(c, 0), 0);
    if (!g || !arg(c, 2))
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (arg(c, 1)) {
        const uint64_t *want = guest(c, fn, arg(c, 2), 8, 0);
        if (!want)
            return SIMT_FAULT;
        uint64_t n = *want;
        for (uint64_t i = 0; i < n; i++)
            if (store_u64(c, fn, arg(c, 1) + 8 * i,
                          i < (uint64_t)g->n ? arg(c, 0) << 32 | (i + 1) : 0) != 0)
                return SIMT_FAULT;
    }
    if (store_u64(c, fn, arg(c, 2), (uint64_t)g->n) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

/* A new graph (executable or not) holding a copy of source's nodes.  Only
 * an executable one needs the context: a clone is the graph's description
 * (host.c). */
static simt_status copy_graph(call *c, const char *fn, int executable)
{
    if (executable && context_broken(c))
        return SIMT_OK;
    if (!graph_of(c->vm, arg(c, 1), 0))
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    uint64_t h = graph_new(c->vm, executable);
    if (!h)
        return cuda_return(c, CUDA_ERROR_MEMORY_ALLOCATION);
    /* graph_new may move the list: look the graphs up again */
    int bad = executable ? flatten_into(c->vm, &c->vm->graphs->list[h - 1], arg(c, 1), -1)
                         : clone_into(c->vm, h, arg(c, 1));
    c->vm->graphs->list[h - 1].source = arg(c, 1);
    if (bad)
        return cuda_return(c, CUDA_ERROR_MEMORY_ALLOCATION);
    if (store_u64(c, fn, arg(c, 0), h) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

/* cudaGraphInstantiate(&exec, graph, errorNode, logBuffer, size) or CUDA
 * 12's (&exec, graph, flags): the variadic tail is not read, as no flag
 * changes what a graph does here. */
simt_status bi_CUDA_GRAPH_INSTANTIATE(call *c)
{
    if (c->nargs > 5)
        return context_broken(c) ? SIMT_OK : cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    return copy_graph(c, "cudaGraphInstantiate", 1);
}

simt_status bi_CUDA_GRAPH_INSTANTIATE_FLAGS(call *c)
{
    return copy_graph(c, "cudaGraphInstantiateWithFlags", 1);
}

simt_status bi_CUDA_GRAPH_CLONE(call *c)
{
    return copy_graph(c, "cudaGraphClone", 0);
}

/* Destroying a graph or an executable graph frees host-side records, which
 * a broken context does not stop (host.c; an H200 answers both with
 * cudaSuccess after a sticky error). */
static simt_status destroy(call *c, int executable)
{
    graph *g = graph_of(c->vm, arg(c, 0), executable);
    if (!g)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    graph_clear(c->vm, g);
    return cuda_return(c, CUDA_SUCCESS);
}

simt_status bi_CUDA_GRAPH_DESTROY(call *c)
{
    return destroy(c, 0);
}

simt_status bi_CUDA_GRAPH_EXEC_DESTROY(call *c)
{
    return destroy(c, 1);
}

/* ---- child graphs and updates ---- */

/* cudaGraphAddChildGraphNode(&node, graph, deps, ndeps, child): the node
 * holds a copy of child (a later change to child does not reach it). */
simt_status bi_CUDA_GRAPH_ADD_CHILD(call *c)
{
    static const char fn[] = "cudaGraphAddChildGraphNode";
    /* the graph's description: a broken context does not stop it (host.c) */
    if (!graph_of(c->vm, arg(c, 1), 0) || !graph_of(c->vm, arg(c, 4), 0) ||
        arg(c, 1) == arg(c, 4))
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    gnode n = {.kind = GN_CHILD, .child = graph_new(c->vm, 0)};
    if (!n.child || clone_into(c->vm, n.child, arg(c, 4)) != 0) {
        node_free(c->vm, &n);
        return cuda_return(c, CUDA_ERROR_MEMORY_ALLOCATION);
    }
    return add_node(c, fn, &n);
}

/* The node a handle names in a graph that is not executable, or NULL. */
static gnode *node_of(simt_vm *vm, uint64_t handle)
{
    graph *g = graph_of(vm, handle >> 32, 0);
    uint64_t i = handle & 0xffffffffu;
    return g && i && i <= (uint64_t)g->n ? &g->nodes[i - 1] : NULL;
}

/* cudaGraphChildGraphNodeGetGraph(node, &graph): the node's own copy. */
simt_status bi_CUDA_GRAPH_CHILD_GET_GRAPH(call *c)
{
    /* the graph's description: a broken context does not stop it (host.c) */
    gnode *n = node_of(c->vm, arg(c, 0));
    if (!n || n->kind != GN_CHILD || !arg(c, 1))
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (store_u64(c, "cudaGraphChildGraphNodeGetGraph", arg(c, 1), n->child) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

/* Puts the kernel node read from params (cudaKernelNodeParams) in place of
 * *at, which must be a kernel node. */
static simt_status set_kernel(call *c, const char *fn, gnode *at, uint64_t params)
{
    if (!at || at->kind != GN_KERNEL || !params)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    gnode n;
    int r = read_kernel_node(c, fn, params, &n);
    if (r)
        return r < 0 ? SIMT_FAULT : cuda_return(c, r);
    n.origin = at->origin;
    n.nested = at->nested;
    node_free(c->vm, at);
    *at = n;
    return cuda_return(c, CUDA_SUCCESS);
}

/* cudaGraphKernelNodeSetParams(node, &params): later instantiations use them. */
simt_status bi_CUDA_GRAPH_KERNEL_SET(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    return set_kernel(c, "cudaGraphKernelNodeSetParams", node_of(c->vm, arg(c, 0)),
                      arg(c, 1));
}

/* cudaGraphExecKernelNodeSetParams(exec, node, &params): node is a kernel
 * node of the graph exec was made from; the executable graph's copy of it
 * changes, the graph does not. */
simt_status bi_CUDA_GRAPH_EXEC_KERNEL_SET(call *c)
{
    if (context_broken(c))
        return SIMT_OK;
    graph *e = graph_of(c->vm, arg(c, 0), 1);
    uint64_t node = arg(c, 1), i = node & 0xffffffffu;
    gnode *at = NULL;
    for (int k = 0; e && e->source == node >> 32 && i && k < e->n; k++)
        if ((uint64_t)e->nodes[k].origin == i - 1 && !e->nodes[k].nested)
            at = &e->nodes[k];
    return set_kernel(c, "cudaGraphExecKernelNodeSetParams", at, arg(c, 2));
}

/* Writes cudaGraphExecUpdateResultInfo: result 0, errorNode 8,
 * errorFromNode 16. */
static int update_info(call *c, uint64_t info, int result, uint64_t node, uint64_t from)
{
    static const char fn[] = "cudaGraphExecUpdate";
    return store_i32(c, fn, info, result) || store_u64(c, fn, info + 8, node) ||
           store_u64(c, fn, info + 16, from);
}

/* Why the nodes of `to` cannot take the place of e's (cudaGraphExecUpdate's
 * result), and in *at the index of the first that differs, or -1. */
static int update_check(const graph *e, const graph *to, int *at)
{
    *at = -1;
    if (to->n != e->n)
        return UPDATE_TOPOLOGY_CHANGED;
    for (int k = 0; k < e->n; k++)
        if (to->nodes[k].origin != e->nodes[k].origin ||
            to->nodes[k].nested != e->nodes[k].nested) {
            return UPDATE_TOPOLOGY_CHANGED;
        } else if (to->nodes[k].kind != e->nodes[k].kind) {
            *at = k;
            return UPDATE_NODE_TYPE_CHANGED;
        }
    return UPDATE_SUCCESS;
}

/* cudaGraphExecUpdate(exec, graph, &resultInfo), CUDA 12's and 13's: when
 * graph has exec's shape (the same nodes, of the same kinds, in the same
 * places) its parameters replace exec's; else nothing changes and the call
 * fails with cudaErrorGraphExecUpdateFailure, the result saying why.
 * Comparing and updating are host work, done whatever the context (an H200
 * updates after a sticky error too: host.c). */
simt_status bi_CUDA_GRAPH_EXEC_UPDATE(call *c)
{
    uint64_t info = arg(c, 2);   /* may be NULL: CUDA 13 then updates without saying why */
    if (!graph_of(c->vm, arg(c, 0), 1) || !graph_of(c->vm, arg(c, 1), 0))
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    graph to = {0};
    if (flatten_into(c->vm, &to, arg(c, 1), -1) != 0) {
        graph_clear(c->vm, &to);
        return cuda_return(c, CUDA_ERROR_MEMORY_ALLOCATION);
    }
    graph *e = graph_of(c->vm, arg(c, 0), 1);
    int at, result = update_check(e, &to, &at);
    uint64_t node = at >= 0 ? arg(c, 1) << 32 | (uint64_t)(to.nodes[at].origin + 1) : 0;
    uint64_t from = at >= 0 ? e->source << 32 | (uint64_t)(e->nodes[at].origin + 1) : 0;
    if (result == UPDATE_SUCCESS) {
        graph old = *e;
        e->nodes = to.nodes;
        e->n = to.n;
        e->cap = to.cap;   /* e->source stays: its nodes still name exec's */
        old.executable = 1;
        to = old;
    }
    graph_clear(c->vm, &to);
    if (info && update_info(c, info, result, node, from) != 0)
        return SIMT_FAULT;
    return cuda_return(c, result == UPDATE_SUCCESS ? CUDA_SUCCESS
                                                   : CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE);
}

/* ---- running an executable graph (for the K template cudaGraphLaunch) ---- */

static int capturing_stream(const simt_graphs *gs, uint64_t stream)
{
    if (!gs || !gs->capturing)
        return 0;
    for (int i = 0; i < gs->nstreams; i++)
        if (gs->streams[i] == stream)
            return 1;
    return 0;
}

/* __simt_graph_exec_nodes(exec, stream, &count): checks the launch and
 * gives the number of nodes to run. */
simt_status bi_GRAPH_EXEC_NODES(call *c)
{
    if (context_broken(c) || !stream_ok(c, arg(c, 1)))
        return SIMT_OK;
    graph *g = graph_of(c->vm, arg(c, 0), 1);
    if (!g)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    /* a graph launched into a capture would be a child-graph node */
    if (capturing_stream(c->vm->graphs, arg(c, 1)))
        return cuda_return(c, CUDA_ERROR_CAPTURE_UNSUPPORTED);
    if (store_u64(c, "cudaGraphLaunch", arg(c, 2), (uint64_t)g->n) != 0)
        return SIMT_FAULT;
    c->vm->graphs->exec_stream = arg(c, 1); /* its nodes' stream (vm/timeline.c) */
    return cuda_return(c, CUDA_SUCCESS);
}

/* Runs a copy node on `stream`; call_kind: what issued it (COPY_*). */
static simt_status run_copy(call *c, const char *fn, const gnode *n, uint64_t stream,
                            int call_kind)
{
    for (uint64_t z = 0; z < n->depth; z++)
        for (uint64_t y = 0; y < n->height; y++) {
            uint64_t d = n->dst + (z * n->dysize + y) * n->dpitch;
            uint64_t s = n->src + (z * n->sysize + y) * n->spitch;
            if (copy_bytes(c, fn, d, s, n->width) != SIMT_OK)
                return SIMT_FAULT;
        }
    simt_copy_time(c, stream, call_kind, n->dst, n->src, n->width * n->height * n->depth,
                   n->copy_kind);
    return SIMT_OK;
}

static simt_status run_memset(call *c, const char *fn, const gnode *n, uint64_t stream)
{
    for (uint64_t y = 0; y < n->height; y++) {
        uint8_t *p = n->width ? guest(c, fn, n->dst + y * n->dpitch, n->width * n->elem, 1)
                              : NULL;
        if (n->width && !p)
            return SIMT_FAULT;
        for (uint64_t x = 0; x < n->width; x++)
            memcpy(p + x * n->elem, &n->value, n->elem); /* the low bytes: little-endian */
    }
    simt_copy_time(c, stream, COPY_GRAPH_NODE, n->dst, 0, n->width * n->elem * n->height, -1);
    return SIMT_OK;
}

/* A kernel node: as a launch from host code (vm/interp.c do_launch), a fault
 * stops the kernel, is reported, and breaks the context. */
static simt_status run_kernel(call *c, const gnode *n, uint64_t stream)
{
    simt_vm *vm = c->vm;
    vm->launch_stream = stream;
    simt_status st = simt_vm_launch(vm, n->func, n->grid, n->block, n->shared, n->args, n->nargs);
    if (st != SIMT_FAULT)
        return st;
    simt_vm_print_fault(vm, vm->err);
    vm->fault_reported = 1;
    vm->kernel_faults++;
    if (vm->fault.cuda_error == CUDA_ERROR_ASSERT)
        vm->assert_faults++;
    return SIMT_OK;
}

/* __simt_graph_exec_node(exec, i, &fn, &data): runs node i; for a host node
 * gives the function and its argument for the caller to call. */
simt_status bi_GRAPH_EXEC_NODE(call *c)
{
    static const char fn[] = "cudaGraphLaunch";
    if (context_broken(c))
        return SIMT_OK;
    graph *g = graph_of(c->vm, arg(c, 0), 1);
    if (!g || arg(c, 1) >= (uint64_t)g->n)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    gnode n = g->nodes[arg(c, 1)];    /* a copy: a kernel may not touch graphs, but be safe */
    uint64_t host_fn = n.kind == GN_HOST ? n.fn : 0, host_data = n.kind == GN_HOST ? n.data : 0;
    if (store_u64(c, fn, arg(c, 2), host_fn) != 0 || store_u64(c, fn, arg(c, 3), host_data) != 0)
        return SIMT_FAULT;
    simt_status st = SIMT_OK;
    switch (n.kind) {
    case GN_KERNEL: st = run_kernel(c, &n, c->vm->graphs->exec_stream); break;
    case GN_MEMCPY: st = run_copy(c, fn, &n, c->vm->graphs->exec_stream, COPY_GRAPH_NODE); break;
    case GN_MEMSET: st = run_memset(c, fn, &n, c->vm->graphs->exec_stream); break;
    default: break;
    }
    if (st != SIMT_OK)
        return st;
    int err = context_error(c->vm);
    return cuda_return(c, err ? err : CUDA_SUCCESS);
}

/* ---- stream capture ---- */

static graph *captured_graph(simt_vm *vm)
{
    simt_graphs *gs = vm->graphs;
    return gs && gs->capturing ? &gs->list[gs->capturing - 1] : NULL;
}

/* Adds n to the graph being captured; returns 0, or a CUDA error. */
static int capture_node(simt_vm *vm, gnode *n)
{
    graph *g = captured_graph(vm);
    if (g && node_add(vm, (uint64_t)vm->graphs->capturing, g, n))
        return 0;
    node_free(vm, n);
    return CUDA_ERROR_MEMORY_ALLOCATION;
}

int simt_graph_capturing(simt_vm *vm, uint64_t stream)
{
    return capturing_stream(vm->graphs, stream);
}

/* cudaStreamBeginCapture(stream, mode): one capture at a time, on a stream
 * the program created (not the legacy default stream). */
simt_status bi_CUDA_STREAM_BEGIN_CAPTURE(call *c)
{
    if (context_broken(c) || !stream_ok(c, arg(c, 0)))
        return SIMT_OK;
    if (arg(c, 0) == 0 || arg(c, 0) == 1 || arg_int(c, 1) < 0 || arg_int(c, 1) > 2)
        return cuda_return(c, arg(c, 0) <= 1 ? CUDA_ERROR_CAPTURE_UNSUPPORTED
                                             : CUDA_ERROR_INVALID_VALUE);
    simt_graphs *gs = graphs_of(c->vm);
    if (!gs)
        return cuda_return(c, CUDA_ERROR_MEMORY_ALLOCATION);
    if (gs->capturing)
        return cuda_return(c, CUDA_ERROR_ILLEGAL_STATE);
    uint64_t h = graph_new(c->vm, 0);
    if (!h)
        return cuda_return(c, CUDA_ERROR_MEMORY_ALLOCATION);
    gs->capturing = (int)h;
    gs->origin = arg(c, 0);
    gs->streams[0] = arg(c, 0);
    gs->nstreams = 1;
    gs->nevents = 0;
    return cuda_return(c, CUDA_SUCCESS);
}

simt_status bi_CUDA_STREAM_END_CAPTURE(call *c)
{
    if (context_broken(c) || !stream_ok(c, arg(c, 0)))
        return SIMT_OK;
    simt_graphs *gs = c->vm->graphs;
    /* A stream the capture joined but did not begin in is unmatched; one
     * outside it is in no capture at all (an H200 answers 401 for a stream
     * of no capture while another stream captures). */
    if (!gs || !gs->capturing || gs->origin != arg(c, 0))
        return cuda_return(c, capturing_stream(gs, arg(c, 0)) ? CUDA_ERROR_CAPTURE_UNMATCHED
                                                              : CUDA_ERROR_ILLEGAL_STATE);
    uint64_t h = (uint64_t)gs->capturing;
    gs->capturing = 0;
    gs->nstreams = gs->nevents = 0;
    if (store_u64(c, "cudaStreamEndCapture", arg(c, 1), h) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

/* cudaStreamIsCapturing(stream, &status): cudaStreamCaptureStatusNone (0)
 * or Active (1). */
simt_status bi_CUDA_STREAM_IS_CAPTURING(call *c)
{
    if (context_broken(c) || !stream_ok(c, arg(c, 0)))
        return SIMT_OK;
    if (store_i32(c, "cudaStreamIsCapturing", arg(c, 1),
                  capturing_stream(c->vm->graphs, arg(c, 0))) != 0)
        return SIMT_FAULT;
    return cuda_return(c, CUDA_SUCCESS);
}

int simt_graph_capture_event(simt_vm *vm, uint64_t event, uint64_t stream)
{
    simt_graphs *gs = vm->graphs;
    if (!capturing_stream(gs, stream))
        return 0;
    if (gs->nevents < MAX_CAPTURED)
        gs->events[gs->nevents++] = event;
    return 1;
}

int simt_graph_capture_wait(simt_vm *vm, uint64_t stream, uint64_t event)
{
    simt_graphs *gs = vm->graphs;
    if (!gs || !gs->capturing)
        return 0;
    for (int i = 0; i < gs->nevents; i++)
        if (gs->events[i] == event) {
            if (!capturing_stream(gs, stream) && gs->nstreams < MAX_CAPTURED)
                gs->streams[gs->nstreams++] = stream;
            return 1;
        }
    return 0;
}

int simt_graph_capture_copy(simt_vm *vm, uint64_t dst, uint64_t src, uint64_t n, int kind)
{
    gnode g = {.kind = GN_MEMCPY, .dst = dst, .src = src, .dpitch = n, .spitch = n,
               .width = n, .height = 1, .depth = 1, .copy_kind = kind};
    return capture_node(vm, &g);
}

int simt_graph_capture_memset(simt_vm *vm, uint64_t dst, int value, uint64_t n)
{
    gnode g = {.kind = GN_MEMSET, .dst = dst, .dpitch = n, .width = n, .height = 1,
               .elem = 1, .value = (uint8_t)value};
    return capture_node(vm, &g);
}

/* __simt_graph_capture_host(stream, fn, data, &captured): a host function
 * on a capturing stream becomes a node; otherwise the caller calls it. */
simt_status bi_GRAPH_CAPTURE_HOST(call *c)
{
    if (context_broken(c) || !stream_ok(c, arg(c, 0)))
        return SIMT_OK;
    int captured = capturing_stream(c->vm->graphs, arg(c, 0));
    if (store_i32(c, "cudaLaunchHostFunc", arg(c, 3), captured) != 0)
        return SIMT_FAULT;
    if (!arg(c, 1))
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (captured) {
        gnode n = {.kind = GN_HOST, .fn = arg(c, 1), .data = arg(c, 2)};
        int err = capture_node(c->vm, &n);
        if (err)
            return cuda_return(c, err);
    }
    return cuda_return(c, CUDA_SUCCESS);
}

/* __simt_launch_stream(stream), which the compiler puts before a launch
 * that names a stream: the launch that follows runs on it (vm/timeline.c),
 * or may be captured. */
simt_status bi_LAUNCH_STREAM(call *c)
{
    c->vm->launch_stream = arg(c, 0); /* where the launch runs (vm/timeline.c) */
    simt_graphs *gs = c->vm->graphs;
    if (gs) {           /* no capture ever began: nothing to remember */
        gs->launch_stream = arg(c, 0);
        gs->launch_stream_set = 1;
    }
    return SIMT_OK;
}

/* simt_host_ops.capture_launch: a launch on a capturing stream becomes a
 * kernel node (the arguments are already the words the kernel takes). */
int simt_graph_capture_launch(simt_vm *vm, uint32_t func, const uint32_t grid[3],
                              const uint32_t block[3], uint64_t shared, const uint64_t *args,
                              int nargs)
{
    simt_graphs *gs = vm->graphs;
    if (!gs)
        return 0;
    int named = gs->launch_stream_set;
    gs->launch_stream_set = 0;
    if (!named || !capturing_stream(gs, gs->launch_stream))
        return 0;
    gnode n = {.kind = GN_KERNEL, .func = func, .shared = shared, .nargs = nargs};
    memcpy(n.grid, grid, sizeof n.grid);
    memcpy(n.block, block, sizeof n.block);
    if (nargs) {
        n.args = simt_calloc(&vm->cfg.alloc, (size_t)nargs, sizeof *n.args);
        if (!n.args) {
            vm->last_error = CUDA_ERROR_MEMORY_ALLOCATION;
            return 1;
        }
        memcpy(n.args, args, (size_t)nargs * sizeof *args);
    }
    if (capture_node(vm, &n))
        vm->last_error = CUDA_ERROR_MEMORY_ALLOCATION;
    return 1;
}

/* __simt_launch_kernel(func, &grid, &block, shared, args, stream), which
 * cudaLaunchKernel lowers to (lang/lower_call.c): a kernel node run at once
 * (vm/interp.c do_launch's path), or captured.  It returns what the launch
 * itself gives (a bad pointer, a bad configuration), not a kernel's fault,
 * which is reported and breaks the context as after a <<<>>> launch. */
simt_status bi_LAUNCH_KERNEL(call *c)
{
    static const char fn[] = "cudaLaunchKernel";
    uint64_t func = arg(c, 0), stream = arg(c, 5);
    if (context_broken(c) || !stream_ok(c, stream))
        return SIMT_OK;
    const simt_module *m = c->vm->mod;
    /* a pointer to a function is its index + 1 (lang/lower_call.c) */
    if (func == 0)
        return cuda_return(c, CUDA_ERROR_INVALID_DEVICE_FUNCTION);
    /* an H200 answers a host function with cudaErrorInvalidResourceHandle */
    if (func > m->nfuncs || !(m->funcs[func - 1].kind & FN_KERNEL))
        return cuda_return(c, CUDA_ERROR_INVALID_RESOURCE_HANDLE);
    gnode n = {.kind = GN_KERNEL, .func = (uint32_t)(func - 1), .shared = arg(c, 3)};
    for (int k = 0; k < 2; k++) {
        const uint8_t *p = guest(c, fn, arg(c, 1 + k), 12, 0);
        if (!p)
            return SIMT_FAULT;
        memcpy(k ? n.block : n.grid, p, 12);
    }
    int r = kernel_args(c, fn, n.func, arg(c, 4), &n);
    if (r != 0) {
        node_free(c->vm, &n);
        return r < 0 ? SIMT_FAULT : cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    }
    if (capturing_stream(c->vm->graphs, stream)) {
        int err = capture_node(c->vm, &n);
        return cuda_return(c, err ? err : CUDA_SUCCESS);
    }
    int before = c->vm->last_error;
    c->vm->last_error = 0;
    simt_status st = run_kernel(c, &n, stream);
    node_free(c->vm, &n);
    if (st != SIMT_OK)
        return st;
    int err = c->vm->last_error;
    /* cudaLaunchKernel answers every refusal with cudaErrorInvalidValue (a
     * 2048-thread block, as an H200 answers); <<<>>> already does for a
     * geometry (vm/grid.c launch_check), so what this turns is the shared
     * memory refusal, which <<<>>> answers with cudaErrorInvalidConfiguration */
    if (err == CUDA_ERROR_INVALID_CONFIGURATION)
        err = CUDA_ERROR_INVALID_VALUE;
    if (!err)
        c->vm->last_error = before;
    return cuda_return(c, err);
}

/* cudaMemcpy3D(&p) and cudaMemcpy3DAsync(&p, stream): a copy node run at
 * once, or captured. */
static simt_status memcpy3d(call *c, const char *fn, uint64_t stream, int call_kind)
{
    if ((call_kind == COPY_BLOCKING ? context_broken_before(c, stream) : context_broken(c)) ||
        !stream_ok(c, stream))
        return SIMT_OK;
    gnode n = {.kind = GN_MEMCPY};
    int r = read_copy3d(c, fn, arg(c, 0), &n);
    if (r)
        return r < 0 ? SIMT_FAULT : cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    if (capturing_stream(c->vm->graphs, stream)) {
        int err = capture_node(c->vm, &n);
        return cuda_return(c, err ? err : CUDA_SUCCESS);
    }
    if (run_copy(c, fn, &n, stream, call_kind) != SIMT_OK)
        return cuda_return(c, CUDA_ERROR_INVALID_VALUE);
    return cuda_return(c, CUDA_SUCCESS);
}

simt_status bi_CUDA_MEMCPY_3D(call *c)
{
    return memcpy3d(c, "cudaMemcpy3D", 0, COPY_BLOCKING);
}

simt_status bi_CUDA_MEMCPY_3D_ASYNC(call *c)
{
    return memcpy3d(c, "cudaMemcpy3DAsync", arg(c, 1), COPY_ASYNC);
}
