/* examples/embed/grade.c -- an autograder: runs a student's reduce_sum kernel
 * under every checker and several scheduling seeds, compares the answers, and
 * prints one verdict.
 *   grade STUDENT.k        exit status 0 for PASS, 1 for anything else */
#include <simtvm.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 5000, BLOCK = 256, SEEDS = 5 };

/* The student's file, NUL-terminated, or NULL. */
static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    if (f && fseek(f, 0, SEEK_END) == 0) {
        long size = ftell(f);
        text = size >= 0 ? malloc((size_t)size + 1) : NULL;
        rewind(f);
        if (text && fread(text, 1, (size_t)size, f) == (size_t)size) {
            text[size] = '\0';
            *len = (size_t)size;
        } else {
            free(text);
            text = NULL;
        }
    }
    if (f)
        fclose(f);
    return text;
}

/* One run with one seed: 0 correct and clean, 1 otherwise (*why says why). */
static int run_seed(simtvm_module *mod, unsigned seed, char *why, size_t len)
{
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.checks = SIMTVM_CHECK_ALL;
    cfg.interleave = SIMTVM_INTERLEAVE_RANDOM;
    cfg.seed = seed;
    simtvm_vm *vm;
    simtvm_buffer *in, *out;
    int data[N], sum = 0, got = 0;
    for (int i = 0; i < N; i++)
        data[i] = (int)((i * 7919u + seed) % 201) - 100, sum += data[i];
    simtvm_status st = simtvm_vm_new(&cfg, &vm);
    if (!st) st = simtvm_load(vm, mod);
    if (!st) st = simtvm_buffer_new(vm, SIMTVM_I32, N, &in);
    if (!st) st = simtvm_buffer_new(vm, SIMTVM_I32, 1, &out);
    if (!st) st = simtvm_buffer_write(in, 0, data, sizeof data);
    simtvm_arg args[] = {simtvm_arg_buffer(in), simtvm_arg_buffer(out), simtvm_arg_i32(N)};
    simtvm_result *r = NULL;
    if (!st) st = simtvm_launch(vm, "reduce_sum", simtvm_dim3_of((N + BLOCK - 1) / BLOCK, 1, 1),
                                simtvm_dim3_of(BLOCK, 1, 1), 0, args, 3, &r);
    simtvm_fault fault;
    unsigned findings = 0;
    const char *report = "";
    if (st == SIMTVM_ERR_FAULT && simtvm_result_fault(r, &fault) == SIMTVM_OK)
        snprintf(why, len, "seed %u: the kernel faulted:\n%s", seed, fault.text);
    else if (st)
        snprintf(why, len, "seed %u: %s", seed, simtvm_errmsg(vm));
    else if (simtvm_findings(vm, &findings, &report) == SIMTVM_OK && findings)
        snprintf(why, len, "seed %u: the checkers found %u problem(s):\n%s", seed, findings,
                 report);
    else if (simtvm_buffer_read(out, 0, &got, sizeof got) || got != sum)
        snprintf(why, len, "seed %u: wrong answer %d, expected %d", seed, got, sum);
    int bad = st || findings || got != sum;
    simtvm_result_free(r);
    simtvm_vm_free(vm);
    return bad;
}

int main(int argc, char **argv)
{
    size_t len;
    char *source = argc == 2 ? read_file(argv[1], &len) : NULL;
    if (!source) {
        fprintf(stderr, "usage: grade STUDENT.k (a readable file)\n");
        return 2;
    }
    simtvm_vm *vm;
    simtvm_module *mod = NULL;
    simtvm_vm_new(NULL, &vm);
    if (simtvm_compile(vm, argv[1], source, len, NULL, &mod) != SIMTVM_OK) {
        printf("%s: COMPILE ERROR\n%s", argv[1], simtvm_diag_text(vm));
    } else if (simtvm_module_param_count(mod, "reduce_sum") != 3) {
        printf("%s: FAIL: no kernel reduce_sum(const int *in, int *out, int n)\n", argv[1]);
    } else {
        static char why[8192];
        int failed = 0;
        for (unsigned seed = 1; seed <= SEEDS && !failed; seed++)
            failed = run_seed(mod, seed, why, sizeof why);
        if (failed)
            printf("%s: FAIL: %s\n", argv[1], why);
        else
            printf("%s: PASS (%d seeds, all checkers clean)\n", argv[1], SEEDS);
        simtvm_module_free(mod);
        simtvm_vm_free(vm);
        free(source);
        return failed;
    }
    simtvm_vm_free(vm);
    free(source);
    return 1;
}
