/* examples/embed/hello.c -- compile a kernel from a string, run it on our own
 * buffers, print the result and the statistics of the performance model.
 *   cc hello.c $(pkg-config --cflags --libs simtvm) -o hello && ./hello */
#include <simtvm.h>
#include <stdio.h>
#include <string.h>

static const char *const SOURCE =
    "__global__ void saxpy(float a, const float *x, float *y, int n) {\n"
    "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    if (i < n) y[i] = a * x[i] + y[i];\n"
    "}\n";

enum { N = 4096 };

/* Prints what went wrong and returns 1: the library itself prints nothing. */
static int fail(simtvm_vm *vm, const char *what)
{
    fprintf(stderr, "hello: %s: %s\n%s", what, simtvm_errmsg(vm), simtvm_diag_text(vm));
    simtvm_vm_free(vm);
    return 1;
}

int main(void)
{
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.device = "a100";
    cfg.stats = 1;
    simtvm_vm *vm;
    if (simtvm_vm_new(&cfg, &vm) != SIMTVM_OK)
        return fail(vm, "configuration");
    simtvm_module *mod;
    if (simtvm_compile(vm, "saxpy.k", SOURCE, strlen(SOURCE), NULL, &mod) != SIMTVM_OK)
        return fail(vm, "compile");
    simtvm_status st = simtvm_load(vm, mod);
    simtvm_module_free(mod); /* the VM keeps its own reference */
    if (st != SIMTVM_OK)
        return fail(vm, "load");

    static float x[N], y[N];
    for (int i = 0; i < N; i++)
        x[i] = (float)i, y[i] = 1.0f;
    simtvm_buffer *bx, *by;
    if (simtvm_buffer_new(vm, SIMTVM_F32, N, &bx) || simtvm_buffer_new(vm, SIMTVM_F32, N, &by) ||
        simtvm_buffer_write(bx, 0, x, sizeof x) || simtvm_buffer_write(by, 0, y, sizeof y))
        return fail(vm, "buffers");
    simtvm_arg args[] = {simtvm_arg_f32(2.0f), simtvm_arg_buffer(bx), simtvm_arg_buffer(by),
                         simtvm_arg_i32(N)};
    if (simtvm_launch(vm, "saxpy", simtvm_dim3_of(N / 256, 1, 1), simtvm_dim3_of(256, 1, 1), 0,
                      args, 4, NULL) != SIMTVM_OK)
        return fail(vm, "launch");
    if (simtvm_buffer_read(by, 0, y, sizeof y) != SIMTVM_OK)
        return fail(vm, "read");
    printf("simtvm %s: y[1] = %g, y[%d] = %g\n", simtvm_version(), y[1], N - 1, y[N - 1]);

    const char *stats;
    if (simtvm_stats(vm, "text", &stats) != SIMTVM_OK)
        return fail(vm, "statistics");
    fputs(stats, stdout);
    simtvm_vm_free(vm); /* frees the buffers too */
    return 0;
}
