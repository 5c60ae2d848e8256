/* collatzif.c -- native C counterpart of bench/k/collatzif.k: the Collatz
 * steps of i + 1 down to 1 for every i, with an if/else on 32-bit unsigned
 * values (which wrap past 2^32, as in the K and OpenCL versions). */
#include "bench.h"

enum { SAMPLE = 97 };

static int collatz_steps(unsigned x)
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

static void collatz(long n, int *steps)
{
    for (long i = 0; i < n; i++)
        steps[i] = collatz_steps((unsigned)i + 1u);
}

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 1L << 18);
    int *steps = bench_alloc((size_t)n * sizeof(int));
    if (n == 0 || n > 1L << 20 || steps == NULL)
        return 2;
    double t0 = bench_now();
    collatz(n, steps);
    double t1 = bench_now();
    long total = 0, errors = 0;
    for (long i = 0; i < n; i++) {
        total += steps[i];
        if (i % SAMPLE == 0 && steps[i] != collatz_steps((unsigned)i + 1u))
            errors++;
    }
    printf("collatzif n=%ld lane_ops=%ld checksum=%ld time_s=%.6f %s\n", n, total, total,
           t1 - t0, errors == 0 ? "ok" : "FAILED");
    free(steps);
    return errors != 0;
}
