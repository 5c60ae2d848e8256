/* examples/embed/native.c -- a kernel calling a C function of this program.
 * K declares it `extern __device__`; simtvm_register_native binds it, and the
 * VM calls it through libffi once per active lane, in lane order. */
#include <math.h>
#include <simtvm.h>
#include <stdio.h>
#include <string.h>

/* The host function: any C code, here libm. */
static float gamma_correct(float v, float g)
{
    return powf(v, 1.0f / g);
}

static const char *const SOURCE =
    "extern __device__ float gamma_correct(float v, float g);\n"
    "__global__ void apply(float *pixels, int n, float g) {\n"
    "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    if (i < n) pixels[i] = gamma_correct(pixels[i], g);\n"
    "}\n";

int main(void)
{
    simtvm_vm *vm;
    simtvm_module *mod = NULL;
    simtvm_buffer *px;
    float pixels[8] = {0, 0.05f, 0.1f, 0.2f, 0.4f, 0.6f, 0.8f, 1};
    simtvm_status st = simtvm_vm_new(NULL, &vm);
    /* Registered before the load, which checks the signature against K's. */
    if (!st) st = simtvm_register_native(vm, "gamma_correct", (void (*)(void))gamma_correct,
                                         "float(float, float)");
    if (!st) st = simtvm_compile(vm, "gamma.k", SOURCE, strlen(SOURCE), NULL, &mod);
    if (!st) st = simtvm_load(vm, mod);
    if (!st) st = simtvm_buffer_new(vm, SIMTVM_F32, 8, &px);
    if (!st) st = simtvm_buffer_write(px, 0, pixels, sizeof pixels);
    simtvm_arg args[] = {simtvm_arg_buffer(px), simtvm_arg_i32(8), simtvm_arg_f32(2.2f)};
    if (!st) st = simtvm_launch(vm, "apply", simtvm_dim3_of(1, 1, 1), simtvm_dim3_of(32, 1, 1),
                                0, args, 3, NULL);
    if (!st) st = simtvm_buffer_read(px, 0, pixels, sizeof pixels);
    if (st) {
        fprintf(stderr, "native: %s: %s\n%s", simtvm_status_name(st), simtvm_errmsg(vm),
                simtvm_diag_text(vm));
    } else {
        for (int i = 0; i < 8; i++)
            printf("%.4f%s", pixels[i], i < 7 ? " " : "\n");
    }
    simtvm_module_free(mod);
    simtvm_vm_free(vm);
    return st ? 1 : 0;
}
