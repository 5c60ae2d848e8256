/* saxpy.c -- native C counterpart of bench/k/saxpy.k: y = a*x + y. */
#include "bench.h"

static void saxpy(long n, float a, const float *x, float *y)
{
    for (long i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 1L << 24);
    float *x = bench_alloc((size_t)n * sizeof(float));
    float *y = bench_alloc((size_t)n * sizeof(float));
    if (n == 0 || x == NULL || y == NULL)
        return 2;
    for (long i = 0; i < n; i++) {
        x[i] = (float)(i % 1024);
        y[i] = (float)(i % 7);
    }
    double t0 = bench_now();
    saxpy(n, 2.0f, x, y);
    double t1 = bench_now();
    unsigned long long sum = 0;
    long errors = 0;
    for (long i = 0; i < n; i++) {
        if (y[i] != (float)(2 * (i % 1024) + i % 7))
            errors++;
        sum += (unsigned long long)y[i];
    }
    printf("saxpy n=%ld lane_ops=%ld checksum=%llu time_s=%.6f %s\n", n, n, sum, t1 - t0,
           errors == 0 ? "ok" : "FAILED");
    free(x);
    free(y);
    return errors != 0;
}
