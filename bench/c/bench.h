/* bench.h -- what the native C versions of the bench kernels share: the
 * clock and the size argument.  Each kernel file is a whole program that
 * prints the same line as its K version (see bench/README.md). */
#ifndef BENCH_H
#define BENCH_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L   /* clock_gettime under -std=c11 */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* argv[1] if given, else fallback; 0 for a malformed or non-positive size. */
static inline long bench_size(int argc, char **argv, long fallback)
{
    if (argc < 2)
        return fallback;
    char *end;
    long n = strtol(argv[1], &end, 10);
    return *end == '\0' && n > 0 ? n : 0;
}

/* malloc or a message and NULL; callers return 1 on NULL. */
static inline void *bench_alloc(size_t bytes)
{
    void *p = malloc(bytes);
    if (p == NULL)
        fprintf(stderr, "out of memory (%zu bytes)\n", bytes);
    return p;
}

#endif
