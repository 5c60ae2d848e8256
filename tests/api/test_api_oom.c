/* tests/api/test_api_oom.c -- the allocation-failure sweep: for small
 * programs of every kind the library handles (kernels with shared memory,
 * warp operations and printf; templates; std::vector, map, string and the
 * streams; CUDA graphs; Thrust; a compile error) and every way of running
 * them (plain, --check=all, the timing model, the debugger; the trace, the
 * report, .kbc and .npy images, the disassembly), the Nth
 * allocation of config.alloc fails, for N = 1, 2, ... up to the count of a
 * run that succeeds (a deterministic subset when there are many).  Every
 * such run must end cleanly: a SIMTVM_ERR_NOMEM with an "out of memory"
 * message, or -- when the guest itself asked (cudaMalloc, malloc, new) --
 * a guest that saw the failure; never a crash, a leaked block, a lost
 * status or a run that goes on as if nothing happened.
 *
 * SIMTVM_OOM_ALL=1 in the environment sweeps every N of every case. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "api_test.h"
#include "count_alloc.h"
#include "tests/unit/check_tap.h"

/* ---- the programs ---- */

/* Shared memory, a barrier, a shuffle, a vote, an atomic, printf from a
 * __device__ function, and a main() that checks its cudaMalloc. */
static const char KERNEL_SRC[] =
    "#include <cstdio>\n"
    "__device__ int total;\n"
    "__device__ void say(int v) { printf(\"block sum %d\\n\", v); }\n"
    "__global__ void sum(const int *in, int *out, int n) {\n"
    "    __shared__ int tile[64];\n"
    "    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;\n"
    "    tile[t] = i < n ? in[i] : 0;\n"
    "    __syncthreads();\n"
    "    int v = tile[t] + tile[63 - t];\n"
    "    for (int o = 16; o > 0; o /= 2)\n"
    "        v += __shfl_down_sync(0xffffffffu, v, o);\n"
    "    if (__any_sync(0xffffffffu, v < 0)) v = 0;\n"
    "    if ((t & 31) == 0) atomicAdd(&total, v);\n"
    "    if (t == 0) { out[blockIdx.x] = v; say(v); }\n"
    "}\n"
    "int main() {\n"
    "    int h[128], *d_in, *d_out, r[2];\n"
    "    for (int i = 0; i < 128; i++) h[i] = i;\n"
    "    if (cudaMalloc(&d_in, sizeof h) != cudaSuccess ||\n"
    "        cudaMalloc(&d_out, sizeof r) != cudaSuccess) {\n"
    "        printf(\"no device memory\\n\");\n"
    "        return 3;\n"
    "    }\n"
    "    cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);\n"
    "    sum<<<2, 64>>>(d_in, d_out, 128);\n"
    "    cudaMemcpy(r, d_out, sizeof r, cudaMemcpyDeviceToHost);\n"
    "    int t;\n"
    "    cudaMemcpyFromSymbol(&t, total, sizeof t);\n"
    "    printf(\"%d %d %d\\n\", r[0], r[1], t);\n"
    "    cudaFree(d_in);\n"
    "    cudaFree(d_out);\n"
    "    return 0;\n"
    "}\n";
static const char KERNEL_OUT[] = "block sum 2016\nblock sum 6112\n2016 6112 16256\n";

/* A function template, a class template and a function template over it, a kernel
 * template launched with two types, a non-type parameter. */
static const char TEMPLATE_SRC[] =
    "#include <cstdio>\n"
    "template <typename T, int N> struct Acc {\n"
    "    T v[N];\n"
    "    __host__ __device__ T total() const { T s = 0; for (int i = 0; i < N; i++) s += v[i]; return s; }\n"
    "};\n"
    "template <typename U, typename A> U as(const A &a) { return (U)a.total(); }\n"
    "template <typename T> __host__ __device__ T twice(T x) { return x + x; }\n"
    "template <typename T> __global__ void fill(T *out) {\n"
    "    Acc<T, 3> a = {{(T)threadIdx.x, (T)1, (T)2}};\n"
    "    out[threadIdx.x] = twice(a.total());\n"
    "}\n"
    "int main() {\n"
    "    int *di; float *df;\n"
    "    if (cudaMalloc(&di, 8 * sizeof(int)) || cudaMalloc(&df, 8 * sizeof(float))) {\n"
    "        printf(\"no device memory\\n\");\n"
    "        return 3;\n"
    "    }\n"
    "    fill<int><<<1, 8>>>(di);\n"
    "    fill<float><<<1, 8>>>(df);\n"
    "    int hi[8]; float hf[8];\n"
    "    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);\n"
    "    cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);\n"
    "    Acc<double, 2> h = {{1.5, 2.0}};\n"
    "    printf(\"%d %g %d %g\\n\", hi[7], hf[7], as<int>(h), twice(h.total()));\n"
    "    return 0;\n"
    "}\n";
static const char TEMPLATE_OUT[] = "20 20 3 7\n";

/* The host library: vector, map, string, iostream, stringstream. */
static const char STL_SRC[] =
    "#include <iostream>\n"
    "#include <sstream>\n"
    "#include <string>\n"
    "#include <vector>\n"
    "#include <map>\n"
    "int main() {\n"
    "    std::vector<int> v;\n"
    "    for (int i = 0; i < 20; i++) v.push_back(i * i);\n"
    "    std::map<std::string, int> m;\n"
    "    m[\"one\"] = 1;\n"
    "    m[\"two\"] = 2;\n"
    "    std::string s = \"size \";\n"
    "    s += std::to_string(v.size());\n"
    "    std::ostringstream os;\n"
    "    os << s << \" last \" << v.back() << \" two \" << m[\"two\"];\n"
    "    std::cout << os.str() << std::endl;\n"
    "    return 0;\n"
    "}\n";
static const char STL_OUT[] = "size 20 last 361 two 2\n";

/* A graph captured from a stream, instantiated and launched twice. */
static const char GRAPH_SRC[] =
    "#include <cstdio>\n"
    "__global__ void inc(int *p) { p[threadIdx.x] += threadIdx.x; }\n"
    "int main() {\n"
    "    int *d, h[4];\n"
    "    if (cudaMalloc(&d, sizeof h) != cudaSuccess) { printf(\"no device memory\\n\"); return 3; }\n"
    "    cudaMemset(d, 0, sizeof h);\n"
    "    cudaStream_t s;\n"
    "    cudaStreamCreate(&s);\n"
    "    cudaGraph_t g;\n"
    "    cudaGraphExec_t e;\n"
    "    cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);\n"
    "    inc<<<1, 4, 0, s>>>(d);\n"
    "    inc<<<1, 4, 0, s>>>(d);\n"
    "    cudaError_t err = cudaStreamEndCapture(s, &g);\n"
    "    if (err == cudaSuccess) err = cudaGraphInstantiate(&e, g, 0);\n"
    "    if (err == cudaSuccess) err = cudaGraphLaunch(e, s);\n"
    "    if (err == cudaSuccess) err = cudaGraphLaunch(e, s);\n"
    "    if (err != cudaSuccess) { printf(\"graph: %s\\n\", cudaGetErrorString(err)); return 4; }\n"
    "    cudaStreamSynchronize(s);\n"
    "    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);\n"
    "    printf(\"%d %d %d %d\\n\", h[0], h[1], h[2], h[3]);\n"
    "    cudaGraphExecDestroy(e);\n"
    "    cudaGraphDestroy(g);\n"
    "    cudaStreamDestroy(s);\n"
    "    cudaFree(d);\n"
    "    return 0;\n"
    "}\n";
static const char GRAPH_OUT[] = "0 4 8 12\n";

/* Thrust: a device_vector, a transform, a sort and a reduction. */
static const char THRUST_SRC[] =
    "#include <thrust/device_vector.h>\n"
    "#include <thrust/sort.h>\n"
    "#include <thrust/reduce.h>\n"
    "#include <thrust/transform.h>\n"
    "#include <thrust/functional.h>\n"
    "#include <cstdio>\n"
    "int main() {\n"
    "    int raw[6] = {5, 3, 9, 1, 7, 2};\n"
    "    thrust::device_vector<int> v(raw, raw + 6);\n"
    "    thrust::transform(v.begin(), v.end(), v.begin(), thrust::negate<int>());\n"
    "    thrust::sort(v.begin(), v.end());\n"
    "    int s = thrust::reduce(v.begin(), v.end());\n"
    "    printf(\"%d %d %d\\n\", (int)v[0], (int)v[5], s);\n"
    "    return 0;\n"
    "}\n";
static const char THRUST_OUT[] = "-9 -1 -27\n";

/* Errors, a warning and a note: the diagnostics' own allocations. */
static const char BAD_SRC[] =
    "#include <cstdio>\n"
    "struct P { int x; };\n"
    "template <typename T> T f(T a) { return a.nope; }\n"
    "__global__ void k(int *p) { int unused; p[0] = undeclared_name; }\n"
    "int main() { P p; return f(p) + misspeled; }\n";

/* ---- one run ---- */

enum { RUN_PLAIN, RUN_CHECKS, RUN_STATS, RUN_DEBUG, RUN_TOOLS };

typedef struct oom_case {
    const char *name;
    const char *src;
    const char *out;            /* main()'s stdout; NULL: a compile error is expected */
    int mode;                   /* RUN_* */
    int ends, spread;           /* the plan (0: SWEEP_ENDS, SWEEP_SPREAD) */
} oom_case;

typedef struct outcome {
    simtvm_status st;           /* the first failure, or SIMTVM_OK */
    char msg[256];              /* simtvm_errmsg after it */
    int code;                   /* main()'s exit code */
    char out[256];              /* main()'s stdout (its start) */
    int same;                   /* all of it is the expected output */
    char fault[256];            /* the fault's message, when st is SIMTVM_ERR_FAULT */
    int stops;                  /* debugger stops */
    unsigned findings;          /* the checkers' (a guest that saw its cudaMalloc fail leaks) */
} outcome;

/* Records the first failure of a step; returns nonzero to go on. */
static int step(outcome *o, simtvm_vm *vm, simtvm_status st)
{
    if (st != SIMTVM_OK && o->st == SIMTVM_OK) {
        o->st = st;
        snprintf(o->msg, sizeof o->msg, "%s", simtvm_errmsg(vm));
    }
    return o->st == SIMTVM_OK;
}

/* At each stop: read the lanes, the locals and an expression, step once,
 * then run to the end; errors of the readers are allowed (they may run
 * out of memory too) but never a crash. */
static int on_debug(void *user, simtvm_debugger *dbg, simtvm_debug_event ev)
{
    outcome *o = user;
    if (ev != SIMTVM_DEBUG_STOP)
        return 0;
    simtvm_warp_info wi;
    simtvm_lane_group groups[8];
    const char *names[16];
    simtvm_value val;
    int n;
    simtvm_debug_warp_info(dbg, 0, &wi);
    simtvm_debug_groups(dbg, 0, groups, 8, &n);
    simtvm_debug_locals(dbg, 0, 0, names, 16, &n);
    simtvm_debug_eval(dbg, 0, 0, "tile[t] + i * 2", &val);
    simtvm_debug_resume(dbg, o->stops++ < 3 ? SIMTVM_RESUME_NEXT : SIMTVM_RESUME_CONTINUE, 1);
    return 0;
}

/* A module call's failure (no VM holds its message). */
static int mod_step(outcome *o, simtvm_status st, const char *what)
{
    if (st != SIMTVM_OK && o->st == SIMTVM_OK) {
        o->st = st;
        snprintf(o->msg, sizeof o->msg, "%s: %s", what,
                 st == SIMTVM_ERR_NOMEM ? "out of memory" : simtvm_status_name(st));
    }
    return o->st == SIMTVM_OK;
}

/* After a run: the trace and report files, the statistics in every format,
 * the disassembly, a .kbc image and back, a module variable as .npy and back. */
static void run_tools(outcome *o, simtvm_vm *vm, simtvm_module *mod)
{
    const char *text;
    if (!step(o, vm, simtvm_write_views(vm, &text)) || !step(o, vm, simtvm_stats(vm, "json", &text)) ||
        !step(o, vm, simtvm_stats(vm, "csv", &text)))
        return;
    char *dis = NULL;
    void *kbc = NULL, *npy = NULL;
    size_t len = 0, npy_len = 0;
    simtvm_module *again = NULL;
    simtvm_buffer *b = NULL, *c = NULL;
    if (mod_step(o, simtvm_module_disasm(mod, &dis, &len), "simtvm_module_disasm") &&
        mod_step(o, simtvm_module_to_kbc(mod, &kbc, &len), "simtvm_module_to_kbc") &&
        step(o, vm, simtvm_module_from_kbc(vm, kbc, len, &again)) &&
        step(o, vm, simtvm_buffer_of_global(vm, "total", &b)) &&
        mod_step(o, simtvm_buffer_to_npy(b, &npy, &npy_len), "simtvm_buffer_to_npy"))
        step(o, vm, simtvm_buffer_from_npy(vm, npy, npy_len, &c));
    simtvm_free(dis);
    simtvm_free(kbc);
    simtvm_free(npy);
    ck_assert_int_eq(simtvm_module_free(again), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_free(b), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_free(c), SIMTVM_OK);
}

static void run_main(const oom_case *c, outcome *o, simtvm_vm *vm, simtvm_module *mod)
{
    simtvm_debugger *dbg = NULL;
    if (!step(o, vm, simtvm_load(vm, mod)))
        return;
    if (c->mode == RUN_DEBUG) {
        simtvm_breakpoint b;
        if (!step(o, vm, simtvm_debugger_new(vm, on_debug, o, &dbg)) ||
            !step(o, vm, simtvm_debug_break(dbg, 9, &b))) {
            simtvm_debugger_free(dbg);
            return;
        }
    }
    simtvm_result *r = NULL;
    simtvm_status st = simtvm_run_main(vm, 0, NULL, &o->code, &r);
    if (st == SIMTVM_ERR_FAULT) {
        simtvm_fault f;
        ck_assert_ptr_nonnull(r);
        if (simtvm_result_fault(r, &f) == SIMTVM_OK)
            snprintf(o->fault, sizeof o->fault, "%s", f.message);
    }
    if (st != SIMTVM_ERR_NOMEM) {
        const char *out = simtvm_output(vm, SIMTVM_STDOUT, NULL);
        snprintf(o->out, sizeof o->out, "%s", out);
        o->same = strcmp(out, c->out) == 0;
    }
    step(o, vm, st);
    ck_assert_int_eq(simtvm_result_free(r), SIMTVM_OK);
    const char *text;
    unsigned count = 0;
    if (o->st == SIMTVM_OK && c->mode == RUN_CHECKS && step(o, vm, simtvm_findings(vm, &count, &text)))
        o->findings = count;
    if (o->st == SIMTVM_OK && c->mode == RUN_STATS && step(o, vm, simtvm_stats(vm, "text", &text)))
        ck_assert_ptr_nonnull(text);
    if (o->st == SIMTVM_OK && c->mode == RUN_TOOLS)
        run_tools(o, vm, mod);
    simtvm_debugger_free(dbg);
}

static outcome run_case(const oom_case *c, test_alloc *ta)
{
    outcome o = {.st = SIMTVM_OK};
    simtvm_config cfg;
    config_with(&cfg, ta);
    cfg.checks = c->mode == RUN_CHECKS ? SIMTVM_CHECK_ALL | SIMTVM_CHECK_API : 0;
    cfg.stats = c->mode == RUN_STATS || c->mode == RUN_TOOLS;
    char trace[64], report[64];
    if (c->mode == RUN_TOOLS) { /* the files go where the test runs */
        snprintf(trace, sizeof trace, "oom_sweep_%ld.json", (long)getpid());
        snprintf(report, sizeof report, "oom_sweep_%ld.html", (long)getpid());
        cfg.trace_path = trace;
        cfg.report_path = report;
    }
    simtvm_vm *vm = NULL;
    simtvm_status st = simtvm_vm_new(&cfg, &vm);
    if (st != SIMTVM_OK) {
        ck_assert_ptr_null(vm); /* NOMEM leaves nothing to free */
        o.st = st;
        snprintf(o.msg, sizeof o.msg, "simtvm_vm_new: out of memory");
        return o;
    }
    simtvm_module *mod = NULL;
    st = simtvm_compile(vm, c->name, c->src, strlen(c->src), NULL, &mod);
    if (!c->out) { /* the diagnostics, also as text */
        if (st == SIMTVM_ERR_COMPILE && simtvm_diag_count(vm) > 0) {
            simtvm_diag d;
            if (step(&o, vm, simtvm_diag_get(vm, 0, &d)) && simtvm_diag_text(vm)[0] == '\0')
                step(&o, vm, simtvm_errcode(vm));
        }
        if (st != SIMTVM_ERR_COMPILE)
            step(&o, vm, st);
        ck_assert_ptr_null(mod);
    } else if (step(&o, vm, st)) {
        run_main(c, &o, vm, mod);
    }
    ck_assert_int_eq(simtvm_module_free(mod), SIMTVM_OK);
    simtvm_vm_free(vm);
    if (c->mode == RUN_TOOLS) {
        remove(trace);
        remove(report);
    }
    return o;
}

/* ---- the sweep ---- */

/* Which allocations fail: the first one of each call site (a site: the
 * library's innermost SITE_DEPTH frames that asked, see count_alloc.h) that
 * no case before failed, the first and last SWEEP_ENDS (the VM's creation;
 * the end of the run and the frees), and SWEEP_SPREAD spread evenly over
 * the rest (a site failing later, with more to unwind). */
#define SWEEP_ENDS 20
#define SWEEP_SPREAD 40
/* The golden programs' lighter plan: their first and last allocations are
 * the VM's creation and teardown that the cases above already failed, and
 * each compile of a program that includes the C++ library costs tens of
 * thousands of allocations -- what they add is their new sites. */
#define GOLDEN_ENDS 4
#define GOLDEN_SPREAD 8
#define SITE_DEPTH 6

/* Whether a run that failed allocation n ended cleanly; fails the test otherwise. */
static int judge(const oom_case *c, long n, const outcome *o, int clean_code)
{
    if (o->st == SIMTVM_ERR_NOMEM) {
        ck_assert_msg(strstr(o->msg, "memory") != NULL, "%s: N=%ld: NOMEM says '%s'", c->name,
                      n, o->msg);
        return 1;
    }
    /* The guest's own allocation failed: it saw an error, a NULL it
     * dereferenced, or an exception it did not catch -- any of them a
     * result that differs from the clean run's, never the clean result. */
    ck_assert_msg(o->st == SIMTVM_OK || o->st == SIMTVM_ERR_FAULT,
                  "%s: failing allocation %ld gives %s: %s", c->name, n,
                  simtvm_status_name(o->st), o->msg);
    ck_assert_msg(c->out && (o->st == SIMTVM_ERR_FAULT || o->code != clean_code || !o->same),
                  "%s: failing allocation %ld was swallowed (status %s, exit %d, output '%s')",
                  c->name, n, simtvm_status_name(o->st), o->code, o->out);
    return 0;
}

/* An allocation's site and number, sorted to find each site's first. */
typedef struct site_call {
    uint64_t site;
    long n;
} site_call;

static int by_site_then_n(const void *a, const void *b)
{
    const site_call *x = a, *y = b;
    if (x->site != y->site)
        return x->site < y->site ? -1 : 1;
    return (x->n > y->n) - (x->n < y->n);
}

/* The sites the sweep failed so far (sorted after each case). */
typedef struct site_set {
    uint64_t *site;
    long n, cap;
} site_set;

static int by_hash(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Sets plan[n-1] for each allocation n (of total) that the sweep fails and
 * adds the new sites to done; returns how many are new. */
static long plan_failures(const oom_case *c, const uint64_t *site, long total, char *plan,
                          site_set *done)
{
    int all = getenv("SIMTVM_OOM_ALL") != NULL;
    long ends = c->ends ? c->ends : SWEEP_ENDS, spread = c->spread ? c->spread : SWEEP_SPREAD;
    for (long n = 1; n <= total; n++)
        plan[n - 1] = all || n <= ends || n > total - ends || n % (total / spread + 1) == 0;
    site_call *f = calloc((size_t)total, sizeof *f);
    ck_assert_ptr_nonnull(f);
    for (long n = 0; n < total; n++)
        f[n] = (site_call){site[n], n};
    qsort(f, (size_t)total, sizeof *f, by_site_then_n);
    long before = done->n, fresh = 0;
    for (long k = 0; k < total; k++) {
        if (k > 0 && f[k].site == f[k - 1].site)
            continue;
        if (before && bsearch(&f[k].site, done->site, (size_t)before, sizeof *done->site, by_hash))
            continue;
        plan[f[k].n] = 1;
        if (done->n == done->cap) {
            done->cap = done->cap ? 2 * done->cap : 1024;
            done->site = realloc(done->site, (size_t)done->cap * sizeof *done->site);
            ck_assert_ptr_nonnull(done->site);
        }
        done->site[done->n++] = f[k].site;
        fresh++;
    }
    qsort(done->site, (size_t)done->n, sizeof *done->site, by_hash);
    free(f);
    return fresh;
}

/* SIMTVM_OOM_ONLY=NAME.k:N fails only allocation N of case NAME.k (to
 * debug one failure, with SIMTVM_OOM_BACKTRACE=1); 0 when unset. */
static long only_n(const char *name)
{
    const char *e = getenv("SIMTVM_OOM_ONLY");
    const char *colon = e ? strrchr(e, ':') : NULL;
    if (!colon)
        return 0;
    if (strncmp(e, name, (size_t)(colon - e)) != 0 || name[colon - e] != '\0')
        return -1;
    return atol(colon + 1);
}

static void sweep(const oom_case *c, site_set *done)
{
    if (only_n(c->name) < 0)
        return;
    clock_t t0 = clock();
    test_alloc clean = {0};
    outcome o = run_case(c, &clean);
    if (c->out) {
        ck_assert_msg(o.st == SIMTVM_OK, "%s: %s %s", c->name, simtvm_status_name(o.st), o.msg);
        ck_assert_msg(o.same, "%s: output '%s'", c->name, o.out);
        ck_assert_uint_eq(o.findings, 0);
        if (c->mode == RUN_DEBUG)
            ck_assert_int_gt(o.stops, 0);
    } else {
        ck_assert_int_eq(o.st, SIMTVM_OK);
    }
    ck_assert_int_eq(clean.live_blocks, 0);
    int code = o.code;
    /* Again, to learn each allocation's site. */
    long total = clean.calls;
    test_alloc where = {.site = calloc((size_t)total, sizeof(uint64_t)), .site_cap = total,
                        .site_depth = SITE_DEPTH};
    char *plan = calloc((size_t)total, 1);
    ck_assert(where.site && plan);
    run_case(c, &where);
    ck_assert_int_eq(where.calls, total);
    long sites = plan_failures(c, where.site, total, plan, done);
    free(where.site);
    if (getenv("SIMTVM_OOM_VERBOSE"))
        fprintf(stderr, "%s: %ld allocations, %ld sites\n", c->name, total, sites);
    long tried = 0, nomem = 0, guest = 0;
    long only = only_n(c->name);
    /* SIMTVM_OOM_SITES=1: count each case's new sites, fail none (to
     * choose the programs worth sweeping) */
    for (long n = 1; n <= total && !getenv("SIMTVM_OOM_SITES"); n++) {
        if (only ? n != only : !plan[n - 1])
            continue;
        test_alloc ta = {.fail_at = n};
        o = run_case(c, &ta);
        long leaked = ta.live_blocks, call = ta.live ? ta.live->call : 0;
        size_t bytes = ta.live_bytes, size = ta.live ? ta.live->size : 0;
        test_alloc_release(&ta);
        ck_assert_msg(leaked == 0, "%s: failing allocation %ld leaks %ld blocks (%zu bytes; "
                      "one of %zu bytes from call %ld)", c->name, n, leaked, bytes, size, call);
        ck_assert_msg(ta.failed, "%s: allocation %ld of %ld never happened", c->name, n, total);
        if (judge(c, n, &o, code))
            nomem++;
        else
            guest++;
        tried++;
        if (getenv("SIMTVM_OOM_VERBOSE"))
            fprintf(stderr, "%s: N=%ld %s %s\n", c->name, n, simtvm_status_name(o.st),
                    o.st == SIMTVM_ERR_FAULT ? o.fault : o.msg);
    }
    free(plan);
    printf("# %s: %ld allocations, %ld new sites, %ld failed: %ld SIMTVM_ERR_NOMEM, %ld seen by "
           "the guest (%.1f s)\n", c->name, total, sites, tried, nomem, guest,
           (double)(clock() - t0) / CLOCKS_PER_SEC);
}

static const oom_case CASES[] = {
    {"kernel.k", KERNEL_SRC, KERNEL_OUT, RUN_PLAIN, 0, 0},
    {"kernel_checks.k", KERNEL_SRC, KERNEL_OUT, RUN_CHECKS, 0, 0},
    {"kernel_stats.k", KERNEL_SRC, KERNEL_OUT, RUN_STATS, 0, 0},
    {"kernel_debug.k", KERNEL_SRC, KERNEL_OUT, RUN_DEBUG, 0, 0},
    {"kernel_tools.k", KERNEL_SRC, KERNEL_OUT, RUN_TOOLS, 0, 0},
    {"templates.k", TEMPLATE_SRC, TEMPLATE_OUT, RUN_PLAIN, 0, 0},
    {"stl.k", STL_SRC, STL_OUT, RUN_PLAIN, 0, 0},
    {"graph.k", GRAPH_SRC, GRAPH_OUT, RUN_CHECKS, 0, 0},
    {"thrust.k", THRUST_SRC, THRUST_OUT, RUN_STATS, 0, 0},
    {"bad.k", BAD_SRC, NULL, RUN_PLAIN, 0, 0},
};

/* Golden programs (tests/programs/NAME.k and its .out) for the language's
 * and the runtime's other corners. */
static const struct {
    const char *name;
    int mode;
} GOLDEN[] = {
    {"cuda_graph_nodes", RUN_CHECKS}, {"cuda_streams", RUN_STATS}, {"classes_inherit", RUN_PLAIN},
    {"cxx_lambdas", RUN_PLAIN}, {"chrono_arith", RUN_PLAIN}, {"inline_ptx", RUN_PLAIN},
    {"pp_edges", RUN_PLAIN}, {"records", RUN_PLAIN}, {"cg_tiles", RUN_PLAIN},
    {"cuda_fp16", RUN_PLAIN}, {"cxx_try_catch", RUN_PLAIN}, {"member_templates", RUN_PLAIN},
    {"function_pointers", RUN_PLAIN}, {"partial_specialization", RUN_PLAIN},
    {"decltype_sfinae", RUN_PLAIN}, {"virtual_functions", RUN_PLAIN},
    {"cxx_multiple_virtual", RUN_PLAIN}, {"stl_vector_strings", RUN_PLAIN},
    {"stl_algorithm", RUN_PLAIN}, {"operators", RUN_PLAIN}, {"std_sequences", RUN_PLAIN},
    {"host_threads", RUN_PLAIN}, {"exit_destructors", RUN_PLAIN}, {"atexit_handlers", RUN_PLAIN},
    {"new_array_objects", RUN_CHECKS}, {"libcu_pipeline_block", RUN_PLAIN},
    {"cg_grid_sync", RUN_PLAIN}, {"cuda_driver_errors", RUN_CHECKS},
    {"thrust_sort_scan", RUN_PLAIN}, {"stl_sstream", RUN_PLAIN}, {"qsort_bsearch", RUN_PLAIN},
    {"variadic_templates", RUN_PLAIN}, {"cxx_generic_lambdas", RUN_PLAIN},
    {"host_getopt", RUN_PLAIN}, {"cuda_graph_update", RUN_CHECKS},
    {"lambda_pack_captures", RUN_PLAIN}, {"virtual_dynamic_cast", RUN_PLAIN},
    {"operators_corners", RUN_PLAIN}, {"classes_dtor", RUN_PLAIN}, {"launch_kernel_ex", RUN_PLAIN},
    {"conversion_operators", RUN_PLAIN}, {"stream_callbacks", RUN_STATS},
    {"event_two_streams", RUN_PLAIN}, {"type_traits", RUN_PLAIN}, {"cuda_graph_errors", RUN_PLAIN},
};

/* Reads a whole file (NUL-terminated); fails the test when it cannot. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    char *buf = NULL;
    size_t len = 0, cap = 0, got;
    do {
        if (len + 4096 + 1 > cap) {
            cap = 2 * cap + 4096 + 1;
            buf = realloc(buf, cap);
            ck_assert_ptr_nonnull(buf);
        }
        got = fread(buf + len, 1, cap - len - 1, f);
        len += got;
    } while (got > 0);
    fclose(f);
    buf[len] = '\0';
    return buf;
}

START_TEST(oom_sweep)
{
    site_set done = {0};
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++)
        sweep(&CASES[i], &done);
    const char *top = getenv("top_srcdir");
    for (size_t i = 0; i < sizeof GOLDEN / sizeof GOLDEN[0]; i++) {
        char path[1024], name[128];
        snprintf(name, sizeof name, "%s.k", GOLDEN[i].name);
        snprintf(path, sizeof path, "%s/tests/programs/%s.k", top ? top : ".", GOLDEN[i].name);
        char *src = slurp(path);
        snprintf(path, sizeof path, "%s/tests/programs/%s.out", top ? top : ".", GOLDEN[i].name);
        char *out = slurp(path);
        oom_case c = {name, src, out, GOLDEN[i].mode, GOLDEN_ENDS, GOLDEN_SPREAD};
        sweep(&c, &done);
        free(src);
        free(out);
    }
    free(done.site);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("oom");
    TCase *tc = tcase_create("oom");
    tcase_set_timeout(tc, 1800);
    tcase_add_test(tc, oom_sweep);
    suite_add_tcase(s, tc);
    return simt_run_suite(s);
}
