/* scan.c -- native C counterpart of bench/k/scan.k: an inclusive scan of
 * each 1024-element block, a scan of the block totals, then each block's
 * offset added. */
#include "bench.h"

enum { BLOCK = 1024 };

static void scan_blocks(long blocks, const int *in, int *out, int *totals)
{
    for (long b = 0; b < blocks; b++) {
        int s = 0;
        for (int t = 0; t < BLOCK; t++) {
            s += in[b * BLOCK + t];
            out[b * BLOCK + t] = s;
        }
        if (totals != NULL)
            totals[b] = s;
    }
}

static void add_offsets(long blocks, int *out, const int *scanned)
{
    for (long b = 1; b < blocks; b++)
        for (int t = 0; t < BLOCK; t++)
            out[b * BLOCK + t] += scanned[b - 1];
}

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 1L << 20);
    if (n == 0 || n % BLOCK != 0 || n > (long)BLOCK * BLOCK) {
        fprintf(stderr, "scan: N must be a multiple of %d, at most %d\n", BLOCK, BLOCK * BLOCK);
        return 2;
    }
    long blocks = n / BLOCK;
    int *in = bench_alloc((size_t)n * sizeof(int));
    int *out = bench_alloc((size_t)n * sizeof(int));
    int *totals = calloc(BLOCK, sizeof(int));
    int *scanned = calloc(BLOCK, sizeof(int));
    if (in == NULL || out == NULL || totals == NULL || scanned == NULL)
        return 1;
    for (long i = 0; i < n; i++)
        in[i] = (int)((i * 7 + 3) % 11) - 5;
    double t0 = bench_now();
    scan_blocks(blocks, in, out, totals);
    scan_blocks(1, totals, scanned, NULL);
    add_offsets(blocks, out, scanned);
    double t1 = bench_now();
    long long sum = 0;
    long errors = 0;
    for (long i = 0; i < n; i++) {
        if (out[i] != (i > 0 ? out[i - 1] : 0) + in[i])
            errors++;
        sum += out[i];
    }
    printf("scan n=%ld lane_ops=%ld checksum=%lld time_s=%.6f %s\n", n, n, sum, t1 - t0,
           errors == 0 ? "ok" : "FAILED");
    free(in);
    free(out);
    free(totals);
    free(scanned);
    return errors != 0;
}
