/* host.c -- runs one of the bench kernels of kernels.cl on the first OpenCL
 * device found, times it and checks it like the K and C versions, printing
 * the same line (bench/README.md).
 *
 * Usage: host KERNELS.cl KERNEL [N [WARMUP]]
 *   KERNEL is saxpy, reduce, scan, collatz, collatzif or matmul; N the size (the K
 *   default when absent); WARMUP 1 (default) launches the kernel once untimed
 *   first, so that PoCL's compilation of the work-group function on first
 *   launch is not timed; bench.sh passes 0 for Oclgrind, which compiles at
 *   clBuildProgram and is slow enough that a second launch would matter.
 * Under Oclgrind run it as `oclgrind host ...`; otherwise the OpenCL ICD
 * loader picks the installed platform (PoCL). Inputs, checks and checksums
 * are computed natively on the host.  Only the kernel launches (enqueue to
 * clFinish) are timed. */
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { REDUCE_BLOCK = 256, SCAN_BLOCK = 1024, TILE = 16, LINEAR_BLOCK = 256, SAMPLE_C = 97,
       SAMPLE_M = 61 };
static const long COLLATZ_START = 1000000;

struct ocl {
    cl_device_id dev;
    cl_context ctx;
    cl_command_queue q;
    cl_program prog;
};

/* Reports a failed OpenCL call; true when err is an error. */
static int failed(cl_int err, const char *what)
{
    if (err != CL_SUCCESS)
        fprintf(stderr, "opencl: %s failed with error %d\n", what, (int)err);
    return err != CL_SUCCESS;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        return NULL;
    }
    char *buf = NULL;
    if (fseek(f, 0, SEEK_END) == 0) {
        long size = ftell(f);
        rewind(f);
        buf = size >= 0 ? malloc((size_t)size + 1) : NULL;
        if (buf != NULL && fread(buf, 1, (size_t)size, f) == (size_t)size) {
            buf[size] = '\0';
            *len = (size_t)size;
        } else {
            free(buf);
            buf = NULL;
        }
    }
    fclose(f);
    return buf;
}

static void describe_device(cl_platform_id plat, cl_device_id dev)
{
    char pname[256] = "", dname[256] = "";
    cl_uint units = 0;
    clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof pname, pname, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof dname, dname, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL);
    fprintf(stderr, "opencl: platform %s, device %s, %u compute units\n", pname, dname, units);
}

static int build_program(struct ocl *cl, const char *path)
{
    size_t len = 0;
    char *src = read_file(path, &len);
    if (src == NULL)
        return -1;
    cl_int err;
    const char *srcs[] = { src };
    cl->prog = clCreateProgramWithSource(cl->ctx, 1, srcs, &len, &err);
    free(src);
    if (failed(err, "clCreateProgramWithSource"))
        return -1;
    err = clBuildProgram(cl->prog, 1, &cl->dev, "", NULL, NULL);
    if (err != CL_SUCCESS) {
        char log[8192] = "";
        clGetProgramBuildInfo(cl->prog, cl->dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log,
                              NULL);
        fprintf(stderr, "opencl: build of %s failed:\n%s\n", path, log);
        return -1;
    }
    return 0;
}

static int setup(struct ocl *cl, const char *path)
{
    cl_platform_id plats[8];
    cl_uint nplat = 0;
    if (failed(clGetPlatformIDs(8, plats, &nplat), "clGetPlatformIDs") || nplat == 0)
        return -1;
    cl_uint p = 0;
    while (p < nplat && clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 1, &cl->dev, NULL) != 0)
        p++;
    if (p == nplat) {
        fprintf(stderr, "opencl: no device on %u platforms\n", nplat);
        return -1;
    }
    describe_device(plats[p], cl->dev);
    cl_int err;
    cl->ctx = clCreateContext(NULL, 1, &cl->dev, NULL, NULL, &err);
    if (failed(err, "clCreateContext"))
        return -1;
    cl->q = clCreateCommandQueue(cl->ctx, cl->dev, 0, &err);
    if (failed(err, "clCreateCommandQueue"))
        return -1;
    return build_program(cl, path);
}

static cl_mem buffer(struct ocl *cl, size_t bytes, void *init)
{
    cl_int err;
    cl_mem_flags flags = CL_MEM_READ_WRITE | (init != NULL ? CL_MEM_COPY_HOST_PTR : 0);
    cl_mem m = clCreateBuffer(cl->ctx, flags, bytes, init, &err);
    return failed(err, "clCreateBuffer") ? NULL : m;
}

static cl_kernel kernel(struct ocl *cl, const char *name)
{
    cl_int err;
    cl_kernel k = clCreateKernel(cl->prog, name, &err);
    return failed(err, name) ? NULL : k;
}

/* Sets the kernel's arguments from (size, pointer) pairs; 0 on success. */
static int set_args(cl_kernel k, int count, const size_t *sizes, const void *const *values)
{
    for (int i = 0; i < count; i++)
        if (failed(clSetKernelArg(k, (cl_uint)i, sizes[i], values[i]), "clSetKernelArg"))
            return -1;
    return 0;
}

static int launch(struct ocl *cl, cl_kernel k, cl_uint dims, const size_t *global,
                  const size_t *local)
{
    cl_int err = clEnqueueNDRangeKernel(cl->q, k, dims, NULL, global, local, 0, NULL, NULL);
    return failed(err, "clEnqueueNDRangeKernel") ? -1 : 0;
}

static int finish(struct ocl *cl)
{
    return failed(clFinish(cl->q), "clFinish") ? -1 : 0;
}

static int read_back(struct ocl *cl, cl_mem m, size_t bytes, void *dst)
{
    cl_int err = clEnqueueReadBuffer(cl->q, m, CL_TRUE, 0, bytes, dst, 0, NULL, NULL);
    return failed(err, "clEnqueueReadBuffer") ? -1 : 0;
}

static size_t round_up(long n, long block)
{
    return (size_t)((n + block - 1) / block * block);
}

static void report(const char *name, long n, long ops, long long sum, double secs, int ok)
{
    printf("%s n=%ld lane_ops=%ld checksum=%lld time_s=%.6f %s\n", name, n, ops, sum, secs,
           ok ? "ok" : "FAILED");
}

static int bench_saxpy(struct ocl *cl, long n, int warmup)
{
    float *x = malloc((size_t)n * sizeof(float)), *y = malloc((size_t)n * sizeof(float));
    if (x == NULL || y == NULL)
        return 1;
    for (long i = 0; i < n; i++) {
        x[i] = (float)(i % 1024);
        y[i] = (float)(i % 7);
    }
    cl_mem bx = buffer(cl, (size_t)n * sizeof(float), x);
    cl_mem by = buffer(cl, (size_t)n * sizeof(float), y);
    cl_kernel k = kernel(cl, "saxpy");
    int ni = (int)n;
    float a = 2.0f;
    size_t global = round_up(n, LINEAR_BLOCK), local = LINEAR_BLOCK;
    const size_t sizes[] = { sizeof ni, sizeof a, sizeof bx, sizeof by };
    const void *const vals[] = { &ni, &a, &bx, &by };
    if (bx == NULL || by == NULL || k == NULL || set_args(k, 4, sizes, vals) != 0)
        return 1;
    if (warmup) {   /* saxpy updates y in place: write it again afterwards */
        if (launch(cl, k, 1, &global, &local) != 0 || finish(cl) != 0 ||
            failed(clEnqueueWriteBuffer(cl->q, by, CL_TRUE, 0, (size_t)n * sizeof(float), y, 0,
                                        NULL, NULL), "clEnqueueWriteBuffer"))
            return 1;
    }
    double t0 = now();
    if (launch(cl, k, 1, &global, &local) != 0 || finish(cl) != 0)
        return 1;
    double t1 = now();
    if (read_back(cl, by, (size_t)n * sizeof(float), y) != 0)
        return 1;
    unsigned long long sum = 0;
    long errors = 0;
    for (long i = 0; i < n; i++) {
        errors += y[i] != (float)(2 * (i % 1024) + i % 7);
        sum += (unsigned long long)y[i];
    }
    report("saxpy", n, n, (long long)sum, t1 - t0, errors == 0);
    free(x);
    free(y);
    return errors != 0;
}

static int bench_reduce(struct ocl *cl, long n, int warmup)
{
    if (n % REDUCE_BLOCK != 0) {
        fprintf(stderr, "reduce: N must be a positive multiple of %d\n", REDUCE_BLOCK);
        return 2;
    }
    long blocks = n / REDUCE_BLOCK;
    int *in = malloc((size_t)n * sizeof(int)), *partial = malloc((size_t)blocks * sizeof(int));
    if (in == NULL || partial == NULL)
        return 1;
    long long want = 0;
    for (long i = 0; i < n; i++) {
        in[i] = (int)((i * 7 + 3) % 11) - 3;
        want += in[i];
    }
    cl_mem bin = buffer(cl, (size_t)n * sizeof(int), in);
    cl_mem bpart = buffer(cl, (size_t)blocks * sizeof(int), NULL);
    cl_kernel k = kernel(cl, "reduce");
    size_t global = (size_t)n, local = REDUCE_BLOCK;
    const size_t sizes[] = { sizeof bin, sizeof bpart };
    const void *const vals[] = { &bin, &bpart };
    if (bin == NULL || bpart == NULL || k == NULL || set_args(k, 2, sizes, vals) != 0)
        return 1;
    if (warmup && (launch(cl, k, 1, &global, &local) != 0 || finish(cl) != 0))
        return 1;
    double t0 = now();
    if (launch(cl, k, 1, &global, &local) != 0 || finish(cl) != 0)
        return 1;
    double t1 = now();
    if (read_back(cl, bpart, (size_t)blocks * sizeof(int), partial) != 0)
        return 1;
    long long total = 0;
    for (long b = 0; b < blocks; b++)
        total += partial[b];
    report("reduce", n, n, total, t1 - t0, total == want);
    free(in);
    free(partial);
    return total != want;
}

/* The three launches of the scan: blocks, their totals, the offsets. */
static int scan_launches(struct ocl *cl, cl_kernel blocks_k, cl_kernel totals_k,
                         cl_kernel offsets_k, long n)
{
    size_t global = (size_t)n, one = SCAN_BLOCK, local = SCAN_BLOCK;
    if (launch(cl, blocks_k, 1, &global, &local) != 0 ||
        launch(cl, totals_k, 1, &one, &local) != 0 ||
        launch(cl, offsets_k, 1, &global, &local) != 0)
        return -1;
    return finish(cl);
}

static int bench_scan(struct ocl *cl, long n, int warmup)
{
    if (n % SCAN_BLOCK != 0 || n > (long)SCAN_BLOCK * SCAN_BLOCK) {
        fprintf(stderr, "scan: N must be a multiple of %d, at most %d\n", SCAN_BLOCK,
                SCAN_BLOCK * SCAN_BLOCK);
        return 2;
    }
    int *in = malloc((size_t)n * sizeof(int)), *out = malloc((size_t)n * sizeof(int));
    int *zeros = calloc(SCAN_BLOCK, sizeof(int));
    if (in == NULL || out == NULL || zeros == NULL)
        return 1;
    for (long i = 0; i < n; i++)
        in[i] = (int)((i * 7 + 3) % 11) - 5;
    cl_mem bin = buffer(cl, (size_t)n * sizeof(int), in);
    cl_mem bout = buffer(cl, (size_t)n * sizeof(int), NULL);
    cl_mem btot = buffer(cl, SCAN_BLOCK * sizeof(int), zeros);
    cl_mem bscan = buffer(cl, SCAN_BLOCK * sizeof(int), zeros);
    cl_kernel kb = kernel(cl, "scan_blocks"), kt = kernel(cl, "scan_blocks");
    cl_kernel ko = kernel(cl, "add_offsets");
    int yes = 1, no = 0;
    const size_t sizes[] = { sizeof bin, sizeof bin, sizeof bin, sizeof yes };
    const void *const vb[] = { &bin, &bout, &btot, &yes };
    const void *const vt[] = { &btot, &bscan, &btot, &no };
    const void *const vo[] = { &bout, &bscan };
    if (bin == NULL || bout == NULL || btot == NULL || bscan == NULL || kb == NULL ||
        kt == NULL || ko == NULL || set_args(kb, 4, sizes, vb) != 0 ||
        set_args(kt, 4, sizes, vt) != 0 || set_args(ko, 2, sizes, vo) != 0)
        return 1;
    if (warmup && scan_launches(cl, kb, kt, ko, n) != 0)
        return 1;
    double t0 = now();
    if (scan_launches(cl, kb, kt, ko, n) != 0)
        return 1;
    double t1 = now();
    if (read_back(cl, bout, (size_t)n * sizeof(int), out) != 0)
        return 1;
    long long sum = 0;
    long errors = 0;
    for (long i = 0; i < n; i++) {
        errors += out[i] != (i > 0 ? out[i - 1] : 0) + in[i];
        sum += out[i];
    }
    report("scan", n, n, sum, t1 - t0, errors == 0);
    free(in);
    free(out);
    free(zeros);
    return errors != 0;
}

static int collatz_steps(long v)
{
    int steps = 0;
    while (v != 1) {
        v = (v & 1) ? 3 * v + 1 : v / 2;
        steps++;
    }
    return steps;
}

static int bench_collatz(struct ocl *cl, long n, int warmup)
{
    int *steps = malloc((size_t)n * sizeof(int));
    cl_mem bs = buffer(cl, (size_t)n * sizeof(int), NULL);
    cl_kernel k = kernel(cl, "collatz");
    int ni = (int)n;
    size_t global = round_up(n, LINEAR_BLOCK), local = LINEAR_BLOCK;
    const size_t sizes[] = { sizeof ni, sizeof bs };
    const void *const vals[] = { &ni, &bs };
    if (steps == NULL || bs == NULL || k == NULL || set_args(k, 2, sizes, vals) != 0)
        return 1;
    if (warmup && (launch(cl, k, 1, &global, &local) != 0 || finish(cl) != 0))
        return 1;
    double t0 = now();
    if (launch(cl, k, 1, &global, &local) != 0 || finish(cl) != 0)
        return 1;
    double t1 = now();
    if (read_back(cl, bs, (size_t)n * sizeof(int), steps) != 0)
        return 1;
    long total = 0, errors = 0;
    for (long i = 0; i < n; i++) {
        total += steps[i];
        errors += i % SAMPLE_C == 0 && steps[i] != collatz_steps(COLLATZ_START + i);
    }
    report("collatz", n, total, total, t1 - t0, errors == 0);
    free(steps);
    return errors != 0;
}

/* Sum of C against the column sums of A times the row sums of B, and every
 * SAMPLE_M-th element recomputed: the number of errors. */
static long check_matmul(const float *a, const float *b, const float *c, long n,
                         long long *total)
{
    long long want = 0;
    for (long k = 0; k < n; k++) {
        long long ca = 0, rb = 0;
        for (long i = 0; i < n; i++) {
            ca += (long long)a[i * n + k];
            rb += (long long)b[k * n + i];
        }
        want += ca * rb;
    }
    long errors = 0;
    *total = 0;
    for (long e = 0; e < n * n; e++) {
        *total += (long long)c[e];
        if (e % SAMPLE_M == 0) {
            float ref = 0.0f;
            for (long k = 0; k < n; k++)
                ref += a[e / n * n + k] * b[k * n + e % n];
            errors += c[e] != ref;
        }
    }
    return errors + (*total != want);
}

static int bench_matmul(struct ocl *cl, long n, int warmup)
{
    if (n % TILE != 0) {
        fprintf(stderr, "matmul: N must be a positive multiple of %d\n", TILE);
        return 2;
    }
    size_t bytes = (size_t)(n * n) * sizeof(float);
    float *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
    if (a == NULL || b == NULL || c == NULL)
        return 1;
    for (long i = 0; i < n * n; i++) {
        a[i] = (float)(i % 7 - 1);
        b[i] = (float)(i % 5 - 1);
    }
    cl_mem ba = buffer(cl, bytes, a), bb = buffer(cl, bytes, b), bc = buffer(cl, bytes, NULL);
    cl_kernel k = kernel(cl, "matmul");
    int ni = (int)n;
    size_t global[2] = { (size_t)n, (size_t)n }, local[2] = { TILE, TILE };
    const size_t sizes[] = { sizeof ba, sizeof bb, sizeof bc, sizeof ni };
    const void *const vals[] = { &ba, &bb, &bc, &ni };
    if (ba == NULL || bb == NULL || bc == NULL || k == NULL || set_args(k, 4, sizes, vals) != 0)
        return 1;
    if (warmup && (launch(cl, k, 2, global, local) != 0 || finish(cl) != 0))
        return 1;
    double t0 = now();
    if (launch(cl, k, 2, global, local) != 0 || finish(cl) != 0)
        return 1;
    double t1 = now();
    if (read_back(cl, bc, bytes, c) != 0)
        return 1;
    long long total;
    long errors = check_matmul(a, b, c, n, &total);
    report("matmul", n, n * n * n, total, t1 - t0, errors == 0);
    free(a);
    free(b);
    free(c);
    return errors != 0;
}

static int collatzif_steps(unsigned x)
{
    int steps = 0;
    while (x != 1u) {
        if (x & 1u)
            x = 3u * x + 1u;
        else
            x >>= 1;
        steps++;
    }
    return steps;
}

/* Collatz with an if/else on 32-bit unsigned values (bench/k/collatzif.k). */
static int bench_collatzif(struct ocl *cl, long n, int warmup)
{
    int *steps = malloc((size_t)n * sizeof(int));
    cl_mem bs = buffer(cl, (size_t)n * sizeof(int), NULL);
    cl_kernel k = kernel(cl, "collatzif");
    int ni = (int)n;
    size_t global = round_up(n, LINEAR_BLOCK), local = LINEAR_BLOCK;
    const size_t sizes[] = { sizeof ni, sizeof bs };
    const void *const vals[] = { &ni, &bs };
    if (n > 1L << 20 || steps == NULL || bs == NULL || k == NULL ||
        set_args(k, 2, sizes, vals) != 0)
        return 1;
    if (warmup && (launch(cl, k, 1, &global, &local) != 0 || finish(cl) != 0))
        return 1;
    double t0 = now();
    if (launch(cl, k, 1, &global, &local) != 0 || finish(cl) != 0)
        return 1;
    double t1 = now();
    if (read_back(cl, bs, (size_t)n * sizeof(int), steps) != 0)
        return 1;
    long total = 0, errors = 0;
    for (long i = 0; i < n; i++) {
        total += steps[i];
        errors += i % SAMPLE_C == 0 && steps[i] != collatzif_steps((unsigned)i + 1u);
    }
    report("collatzif", n, total, total, t1 - t0, errors == 0);
    free(steps);
    return errors != 0;
}

struct bench {
    const char *name;
    long default_n;
    int (*run)(struct ocl *cl, long n, int warmup);
};

static const struct bench benches[] = {
    { "saxpy", 1L << 24, bench_saxpy },   { "reduce", 1L << 22, bench_reduce },
    { "scan", 1L << 20, bench_scan },     { "collatz", 1L << 18, bench_collatz },
    { "collatzif", 1L << 18, bench_collatzif },
    { "matmul", 256, bench_matmul },
};

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 5) {
        fprintf(stderr,
                "usage: %s KERNELS.cl saxpy|reduce|scan|collatz|collatzif|matmul [N [WARMUP]]\n",
                argv[0]);
        return 2;
    }
    const struct bench *b = NULL;
    for (size_t i = 0; i < sizeof benches / sizeof benches[0]; i++)
        if (strcmp(argv[2], benches[i].name) == 0)
            b = &benches[i];
    long n = b != NULL ? b->default_n : 0;
    if (argc > 3)
        n = strtol(argv[3], NULL, 10);
    if (b == NULL || n <= 0 || n > 1L << 30) {
        fprintf(stderr, "host: unknown kernel or bad size\n");
        return 2;
    }
    struct ocl cl;
    if (setup(&cl, argv[1]) != 0)
        return 1;
    return b->run(&cl, n, argc > 4 ? atoi(argv[4]) != 0 : 1);
}
