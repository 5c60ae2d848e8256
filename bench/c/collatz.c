/* collatz.c -- native C counterpart of bench/k/collatz.k: the Collatz steps
 * of START + i down to 1 for every i. */
#include "bench.h"

enum { SAMPLE = 97 };
static const long START = 1000000;

static int collatz_steps(long v)
{
    int steps = 0;
    while (v != 1) {
        v = (v & 1) ? 3 * v + 1 : v / 2;
        steps++;
    }
    return steps;
}

static void collatz(long n, int *steps)
{
    for (long i = 0; i < n; i++)
        steps[i] = collatz_steps(START + i);
}

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 1L << 18);
    int *steps = bench_alloc((size_t)n * sizeof(int));
    if (n == 0 || steps == NULL)
        return 2;
    double t0 = bench_now();
    collatz(n, steps);
    double t1 = bench_now();
    long total = 0, errors = 0;
    for (long i = 0; i < n; i++) {
        total += steps[i];
        if (i % SAMPLE == 0 && steps[i] != collatz_steps(START + i))
            errors++;
    }
    printf("collatz n=%ld lane_ops=%ld checksum=%ld time_s=%.6f %s\n", n, total, total, t1 - t0,
           errors == 0 ? "ok" : "FAILED");
    free(steps);
    return errors != 0;
}
