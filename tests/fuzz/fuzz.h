/* tests/fuzz/fuzz.h -- what every fuzz target shares (tests/fuzz/README.md).
 *
 * A target defines LLVMFuzzerTestOneInput(); linked with -fsanitize=fuzzer it
 * is a libFuzzer target, linked with tests/fuzz/replay.c it is a plain
 * program that runs the files named on its command line (or stdin, as AFL++
 * feeds it) through the same function. */
#ifndef SIMTVM_FUZZ_H
#define SIMTVM_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The largest input a target looks at: bigger ones only slow the search. */
#define FUZZ_MAX_INPUT (64u << 10)

/* A NUL-terminated copy of the input, as simtvm's reader hands sources over. */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (s) {
        memcpy(s, data, size);
        s[size] = '\0';
    }
    return s;
}

#endif
