/* reduce.c -- native C counterpart of bench/k/reduce.k: the sum of each
 * 256-element block, then the host adds the block sums. */
#include "bench.h"

enum { BLOCK = 256 };

static void reduce(long blocks, const int *in, int *partial)
{
    for (long b = 0; b < blocks; b++) {
        int s = 0;
        for (int t = 0; t < BLOCK; t++)
            s += in[b * BLOCK + t];
        partial[b] = s;
    }
}

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 1L << 22);
    if (n == 0 || n % BLOCK != 0) {
        fprintf(stderr, "reduce: N must be a positive multiple of %d\n", BLOCK);
        return 2;
    }
    long blocks = n / BLOCK;
    int *in = bench_alloc((size_t)n * sizeof(int));
    int *partial = bench_alloc((size_t)blocks * sizeof(int));
    if (in == NULL || partial == NULL)
        return 1;
    long long want = 0;
    for (long i = 0; i < n; i++) {
        in[i] = (int)((i * 7 + 3) % 11) - 3;
        want += in[i];
    }
    double t0 = bench_now();
    reduce(blocks, in, partial);
    double t1 = bench_now();
    long long total = 0;
    for (long b = 0; b < blocks; b++)
        total += partial[b];
    printf("reduce n=%ld lane_ops=%ld checksum=%lld time_s=%.6f %s\n", n, n, total, t1 - t0,
           total == want ? "ok" : "FAILED");
    free(in);
    free(partial);
    return total != want;
}
