/* tests/api/api_test.h -- what the API test files share: K sources and
 * helpers.  The tests link libsimtvm.la and use nothing but simtvm.h. */
#ifndef SIMTVM_API_TEST_H
#define SIMTVM_API_TEST_H

#include <check.h>
#include <string.h>

#include "simtvm.h"

/* A program with kernels of several signatures, a module variable and main(). */
#define TEST_SOURCE                                                               \
    "__device__ int counter;\n"                                                   \
    "__device__ float table[4] = {1.0f, 2.0f, 3.0f, 4.0f};\n"                     \
    "__global__ void saxpy(float a, float *x, float *y, int n) {\n"               \
    "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"                        \
    "    if (i < n) y[i] = a * x[i] + y[i];\n"                                    \
    "}\n"                                                                         \
    "__global__ void count(void) { atomicAdd(&counter, 1); }\n"                   \
    "__global__ void widths(char c, unsigned char uc, short s, long l, double d,\n" \
    "                       unsigned long ul, bool b, long *out) {\n"             \
    "    out[0] = c; out[1] = uc; out[2] = s; out[3] = l; out[4] = (long)d;\n"    \
    "    out[5] = (long)ul; out[6] = b;\n"                                        \
    "}\n"                                                                         \
    "__global__ void oob(int *p) { p[threadIdx.x + 100000] = 1; }\n"              \
    "__global__ void spin(int *p) { while (p[0] == 0) { } }\n"                    \
    "__global__ void raw(void *p) { }\n"                                          \
    "int main(int argc, char **argv) {\n"                                         \
    "    printf(\"hello %d %s\\n\", argc, argc > 1 ? argv[1] : \"-\");\n"         \
    "    raw<<<1, 4096>>>(0); /* a bad launch: a warning on stderr */\n"      \
    "    return 7;\n"                                                             \
    "}\n"

/* Creates a VM (cfg may be NULL), compiles src and loads it; fails the test
 * on any error. */
simtvm_vm *test_vm(const simtvm_config *cfg, const char *src, simtvm_module **mod);

Suite *api_basic_suite(void);
Suite *api_run_suite(void);
Suite *api_alloc_suite(void);
Suite *api_debug_suite(void);
Suite *api_tools_suite(void);
Suite *api_misuse_suite(void);

#endif
