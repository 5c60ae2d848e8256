/* matmul.c -- native C counterpart of bench/k/matmul.k: C = A x B computed
 * tile by tile, 16x16 tiles, each output tile accumulated over the k tiles
 * in the same order as the kernel. */
#include "bench.h"
#include <string.h>

enum { TILE = 16, SAMPLE = 61 };

static void matmul_tile(const float *a, const float *b, float *c, long n, long i0, long j0)
{
    float acc[TILE][TILE];
    memset(acc, 0, sizeof acc);
    for (long t = 0; t < n; t += TILE)
        for (int i = 0; i < TILE; i++)
            for (int k = 0; k < TILE; k++) {
                float av = a[(i0 + i) * n + t + k];
                for (int j = 0; j < TILE; j++)
                    acc[i][j] += av * b[(t + k) * n + j0 + j];
            }
    for (int i = 0; i < TILE; i++)
        memcpy(&c[(i0 + i) * n + j0], acc[i], sizeof acc[i]);
}

static void matmul(const float *a, const float *b, float *c, long n)
{
    for (long i0 = 0; i0 < n; i0 += TILE)
        for (long j0 = 0; j0 < n; j0 += TILE)
            matmul_tile(a, b, c, n, i0, j0);
}

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 256);
    if (n == 0 || n % TILE != 0) {
        fprintf(stderr, "matmul: N must be a positive multiple of %d\n", TILE);
        return 2;
    }
    float *a = bench_alloc((size_t)(n * n) * sizeof(float));
    float *b = bench_alloc((size_t)(n * n) * sizeof(float));
    float *c = bench_alloc((size_t)(n * n) * sizeof(float));
    if (a == NULL || b == NULL || c == NULL)
        return 1;
    for (long i = 0; i < n * n; i++) {
        a[i] = (float)(i % 7 - 1);
        b[i] = (float)(i % 5 - 1);
    }
    double t0 = bench_now();
    matmul(a, b, c, n);
    double t1 = bench_now();
    long long want = 0, total = 0;
    for (long k = 0; k < n; k++) {
        long long ca = 0, rb = 0;
        for (long i = 0; i < n; i++) {
            ca += (long long)a[i * n + k];
            rb += (long long)b[k * n + i];
        }
        want += ca * rb;
    }
    long errors = 0;
    for (long e = 0; e < n * n; e++) {
        total += (long long)c[e];
        if (e % SAMPLE == 0) {
            long i = e / n, j = e % n;
            float ref = 0.0f;
            for (long k = 0; k < n; k++)
                ref += a[i * n + k] * b[k * n + j];
            errors += c[e] != ref;
        }
    }
    errors += total != want;
    printf("matmul n=%ld lane_ops=%ld checksum=%lld time_s=%.6f %s\n", n, n * n * n, total,
           t1 - t0, errors == 0 ? "ok" : "FAILED");
    free(a);
    free(b);
    free(c);
    return errors != 0;
}
