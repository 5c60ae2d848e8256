/* tests/unit/test_lower.c -- semantic checks and lowering: the code emitted
 * for small K programs (asserted through the disassembler and the module's
 * tables) and the diagnostics for erroneous ones.  Speaks TAP through Check. */
#include <check.h>

#include "tests/unit/check_tap.h"
#include <stdlib.h>
#include <string.h>

#include "lang/ast.h"
#include "vm/module.h"

/* ---- helpers ---- */
typedef struct compiled {
    k_ctx ctx;
    simt_module *m;
    char *listing;   /* disassembly, or the diagnostics when m is NULL */
} compiled;

static void compile_src(compiled *c, const char *src)
{
    k_ctx_init(&c->ctx, "test.k", src, strlen(src));
    c->m = k_compile(&c->ctx, NULL);
    size_t len = 0;
    FILE *out = open_memstream(&c->listing, &len);
    ck_assert_ptr_nonnull(out);
    if (c->m)
        simt_module_disasm(c->m, out);
    else
        k_print_diags(&c->ctx, out);
    fclose(out);
}

static void release(compiled *c)
{
    simt_module_free(c->m);
    k_ctx_free(&c->ctx);
    free(c->listing);
}

/* Compiles src, which must succeed. */
static void compile_ok(compiled *c, const char *src)
{
    compile_src(c, src);
    if (!c->m)
        ck_abort_msg("compilation failed:\n%s", c->listing);
}

static void expect_in(const compiled *c, const char *needle)
{
    if (!strstr(c->listing, needle))
        ck_abort_msg("'%s' not found in:\n%s", needle, c->listing);
}

static void expect_not_in(const compiled *c, const char *needle)
{
    if (strstr(c->listing, needle))
        ck_abort_msg("'%s' unexpectedly found in:\n%s", needle, c->listing);
}

static int func_index(const simt_module *m, const char *name)
{
    for (uint32_t f = 0; f < m->nfuncs; f++)
        if (strcmp(m->funcs[f].name, name) == 0)
            return (int)f;
    return -1;
}

static int count_op(const simt_module *m, int op)
{
    int n = 0;
    for (uint32_t pc = 0; pc < m->ncode; pc++)
        n += m->code[pc].op == op;
    return n;
}

/* Invariants every module must satisfy: reconvergence points are JOINs,
 * branch targets stay in their function, every instruction has a line. */
static void check_invariants(const simt_module *m)
{
    for (uint32_t f = 0; f < m->nfuncs; f++) {
        const simt_func *fn = &m->funcs[f];
        ck_assert_uint_lt(fn->entry, fn->end);
        ck_assert_uint_eq(fn->local_size % 16, 0);
        for (uint32_t pc = fn->entry; pc < fn->end; pc++) {
            const simt_insn *in = &m->code[pc];
            ck_assert_uint_gt(m->pos[pc].line, 0);
            if (in->op == OP_BRZ || in->op == OP_BRNZ || in->op == OP_JMP) {
                ck_assert_int_ge(in->i, (int)fn->entry);
                ck_assert_int_lt(in->i, (int)fn->end);
            }
            if ((in->op == OP_BRZ || in->op == OP_BRNZ) && in->j >= 0)
                ck_assert_int_eq(m->code[in->j].op, OP_JOIN);
            if (in->op == OP_CALL || in->op == OP_HCALL || in->op == OP_INTR)
                ck_assert_uint_lt(in->a, fn->nregs);
        }
        int last = m->code[fn->end - 1].op;
        ck_assert(last == OP_RET || last == OP_RETV || last == OP_JMP || last == OP_TRAP);
    }
}

/* ---- code generation ---- */
START_TEST(test_vecadd)
{
    compiled c;
    compile_ok(&c,
        "__global__ void vecadd(const float *a, const float *b, float *c, int n) {\n"
        "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
        "    if (i < n) c[i] = a[i] + b[i];\n"
        "}\n"
        "int main() { float *a = (float *)malloc(40); vecadd<<<1, 10>>>(a, a, a, 10);\n"
        "  cudaDeviceSynchronize(); return 0; }\n");
    check_invariants(c.m);
    expect_in(&c, "SREG");
    expect_in(&c, "gtid.x"); /* blockIdx.x * blockDim.x + threadIdx.x, fused */
    expect_in(&c, "LT_S32");
    expect_in(&c, "reconverge");
    expect_in(&c, "ADD_F32");
    expect_in(&c, "LD32");
    expect_in(&c, "ST32");
    expect_in(&c, "LAUNCH");
    expect_in(&c, "malloc");
    int k = func_index(c.m, "vecadd");
    ck_assert_int_ge(k, 0);
    ck_assert_uint_eq(c.m->funcs[k].kind, FN_KERNEL);
    const simt_sig *sig = &c.m->sigs[c.m->funcs[k].sig];
    ck_assert_uint_eq(sig->nargs, 4);
    ck_assert_uint_eq(sig->args[0], VT_PTR);
    ck_assert_uint_eq(sig->ptr_elem[0], VT_F32);
    ck_assert_uint_eq(sig->args[3], VT_I32);
    ck_assert_str_eq(c.m->funcs[k].param_names[3], "n");
    ck_assert_int_eq(c.m->main_func, func_index(c.m, "main"));
    /* the load a[i] carries the position of line 3 */
    for (uint32_t pc = c.m->funcs[k].entry; pc < c.m->funcs[k].end; pc++)
        if (c.m->code[pc].op == OP_LD32)
            ck_assert_uint_eq(c.m->pos[pc].line, 3);
    release(&c);
}
END_TEST

START_TEST(test_loops_yield)
{
    compiled c;
    compile_ok(&c,
        "__device__ int f(int n) { int s = 0;\n"
        "  for (int i = 0; i < n; i++) { if (i == 3) continue; if (i == 7) break; s += i; }\n"
        "  int j = 0; while (j < n) j++;\n"
        "  do { s--; } while (s > 100);\n"
        "  return s + j; }\n"
        "__global__ void k(int *o) { o[0] = f(o[1]); }\n");
    check_invariants(c.m);
    /* one latch per loop: while and for jump back with YIELDJ, do/while yields
     * before its condition */
    ck_assert_int_eq(count_op(c.m, OP_YIELDJ), 2);
    ck_assert_int_eq(count_op(c.m, OP_YIELD), 1);
    expect_in(&c, "CALL");
    expect_not_in(&c, "TRAP");
    release(&c);
}
END_TEST

/* lang/opt.c fuses a compare that only its branch reads (BRCT/BRCF), never
 * one whose value is kept: here the loop test and the first if fuse, the
 * compare stored in 'big' (read again after the branch) does not.  The ifs
 * store, so they stay branches (lang/ifconv.c converts only assignments to
 * register variables). */
START_TEST(test_fused_branches)
{
    compiled c;
    compile_ok(&c,
        "__global__ void k(int *o, int n) { int s = 0;\n"
        "  for (int i = 0; i < n; i++) s += i;\n"
        "  if (s == 7) o[1] = 1;\n"
        "  int big = s > 100;\n"
        "  if (big) o[2] = 2;\n"
        "  o[0] = s + big; }\n");
    check_invariants(c.m);
    /* the loop test fuses; both ifs are short store sides, if-converted
     * into predicated branches (lang/ifconv.c), whose compare stays apart */
    ck_assert_int_eq(count_op(c.m, OP_BRCT) + count_op(c.m, OP_BRCF), 1);
    ck_assert_int_eq(count_op(c.m, OP_BRZ) + count_op(c.m, OP_BRNZ), 2);
    for (uint32_t pc = 0; pc < c.m->ncode; pc++)
        if (c.m->code[pc].op == OP_BRZ || c.m->code[pc].op == OP_BRNZ)
            ck_assert_int_eq(c.m->code[pc].b, SIMT_BR_PREDICATED);
    release(&c);
}
END_TEST

/* lang/opt.c marks an add of a constant whose only readers are signed
 * array indices (nvcc's [R+imm]) as folding into the address: the model
 * counts it as no instruction (simt_insn_sass).  Not an unsigned index
 * (which may wrap), an add whose value is also stored, nor an offset too
 * large for the access's immediate. */
static int count_folded(const simt_module *m, int folded)
{
    int n = 0;
    for (uint32_t pc = 0; pc < m->ncode; pc++)
        if (m->code[pc].op == OP_ADDK_I32 && (m->code[pc].j == SIMT_ADDK_FOLDS) == folded)
            n++;
    return n;
}

START_TEST(test_folded_offsets)
{
    compiled c;
    compile_ok(&c,
        "__global__ void k(const int *p, int *q) { int t = threadIdx.x;\n"
        "  q[t + 1] = p[t + 32] + p[t + 33]; }\n");
    check_invariants(c.m);
    ck_assert_int_eq(count_folded(c.m, 1), 3);
    ck_assert_int_eq(count_folded(c.m, 0), 0);
    for (uint32_t pc = 0; pc < c.m->ncode; pc++)
        if (c.m->code[pc].op == OP_ADDK_I32)
            ck_assert_uint_eq(simt_insn_sass(&c.m->code[pc]), 0);
    release(&c);
    compile_ok(&c,
        "__global__ void k(const int *p, int *q) { unsigned u = threadIdx.x;\n"
        "  int t = threadIdx.x, s = t + 5;\n"
        "  q[t] = p[u + 32u]; q[s] = s; }\n");
    check_invariants(c.m);
    ck_assert_int_eq(count_folded(c.m, 1), 0);
    release(&c);
    /* 12 MB past the index: more than an address immediate holds */
    compile_ok(&c,
        "__global__ void k(const int *p, int *q) { int t = threadIdx.x;\n"
        "  q[t] = p[t + 3000000]; }\n");
    ck_assert_int_eq(count_folded(c.m, 1), 0);
    ck_assert_int_eq(count_folded(c.m, 0), 1);
    release(&c);
}
END_TEST

/* lang/opt.c fuses an LEA into the load that is the only reader of its
 * address (LDX), for every load kind and power-of-two scale; not where the
 * address is read again (saxpy's y[i]: loaded and stored), nor a scale that is
 * no power of two (rows of 3 ints), nor an address a variable holds (the
 * debugger can show it). */
START_TEST(test_fused_loads)
{
    compiled c;
    compile_ok(&c,
        "__global__ void saxpy(int n, float a, const float *x, float *y) {\n"
        "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
        "  if (i < n) y[i] = a * x[i] + y[i]; }\n");
    check_invariants(c.m);
    ck_assert_int_eq(count_op(c.m, OP_LDX), 1);
    ck_assert_int_eq(count_op(c.m, OP_LEA), 1);
    expect_in(&c, "LDX        r12, [r5 + r7 (sext32) * 4 + 0] (LD32)");
    release(&c);

    compile_ok(&c,
        "__global__ void k(long *o, const signed char *a, const unsigned char *b,\n"
        "                  const short *d, const unsigned short *e, const double *f,\n"
        "                  unsigned u, long w) {\n"
        "  __shared__ int sh[4][3];\n"
        "  int i = threadIdx.x - 3;\n"
        "  sh[threadIdx.x % 4][threadIdx.x % 3] = i;\n"
        "  __syncthreads();\n"
        "  const float *keep = (const float *)f + i;\n"
        "  o[0] = a[i] + b[u] + d[i] + e[u] + (long)f[w] + sh[i + 3][1] + (long)*keep; }\n");
    check_invariants(c.m);
    expect_in(&c, "(sext32) * 1 + 0] (LD8S)");
    expect_in(&c, "(zext32) * 1 + 0] (LD8U)");
    expect_in(&c, "(sext32) * 2 + 0] (LD16S)");
    expect_in(&c, "(zext32) * 2 + 0] (LD16U)");
    expect_in(&c, "(64) * 8 + 0] (LD64)");
    expect_in(&c, "(sext32) * 12 ");  /* a row of 3 ints: its LEA stays */
    expect_in(&c, "LD32       r17, [r21+4]");
    expect_in(&c, "(sext32) * 4   ; line 8");  /* and so does keep's */
    ck_assert_int_eq(count_op(c.m, OP_LDX), 5);
    ck_assert_int_eq(count_op(c.m, OP_LEA), 4);
    release(&c);
}
END_TEST

/* ?: evaluates both arms with SEL when neither can fault: a division by a
 * nonzero constant or in floating point cannot; by a variable it can, so
 * that arm stays behind a branch. */
START_TEST(test_select_division)
{
    compiled c;
    compile_ok(&c,
        "__global__ void k(long *o, int d, float f) {\n"
        "  long v = o[0];\n"
        "  o[1] = (v & 1) ? 3 * v + 1 : v / 2;\n"
        "  o[2] = (v & 1) ? v % 7 : -v;\n"
        "  o[3] = f > 0 ? (long)(f / 0.0f) : 1; }\n");
    check_invariants(c.m);
    ck_assert_int_eq(count_op(c.m, OP_SEL), 3);
    release(&c);
    compile_ok(&c,
        "__global__ void k(long *o, long d) { long v = o[0]; o[1] = d ? v / d : 0; }\n");
    ck_assert_int_eq(count_op(c.m, OP_SEL), 0);
    release(&c);
}
END_TEST

/* lang/ifconv.c: a short if that only assigns register variables becomes
 * selects, no branch; a side that loads, stores, divides by a variable or
 * takes more than a few operations keeps its branch. */
START_TEST(test_if_conversion)
{
    compiled c;
    compile_ok(&c,
        "__global__ void k(unsigned *o, int n) {\n"
        "  unsigned x = o[0]; int y = n, z = 0;\n"
        "  if (x & 1u) x = 3u * x + 1u; else x >>= 1;\n"
        "  if (n > 3) y += 2;\n"
        "  if (x) z++; else y = 5;\n"
        "  o[1] = x + y + z; }\n");
    check_invariants(c.m);
    ck_assert_int_eq(count_op(c.m, OP_SEL), 4);
    ck_assert_int_eq(count_op(c.m, OP_BRZ) + count_op(c.m, OP_BRNZ) +
                     count_op(c.m, OP_BRCT) + count_op(c.m, OP_BRCF), 0);
    release(&c);
    compile_ok(&c,
        "__global__ void k(int *o, int d) { int v = o[0], w = 0;\n"
        "  if (d) v = v / d;\n"
        "  if (v > 2) w = o[v];\n"
        "  if (v > 9) o[2] = v;\n"
        "  if (w > 1) v = ((v * 3 + 1) * 5 + 7) * 9 + w;\n"
        "  o[1] = v + w; }\n");
    check_invariants(c.m);
    ck_assert_int_eq(count_op(c.m, OP_SEL), 0);
    release(&c);
}
END_TEST

START_TEST(test_missing_return_traps)
{
    compiled c;
    compile_ok(&c, "__device__ int f(int x) { if (x) return 1; }\n"
                   "__global__ void k(int *o) { o[0] = f(o[1]); }\n");
    check_invariants(c.m);
    expect_in(&c, "TRAP");
    ck_assert_uint_ge(c.m->nstrings, 1);
    ck_assert_ptr_nonnull(strstr(c.m->strings[0], "reached its end"));
    release(&c);
}
END_TEST

START_TEST(test_intrinsics)
{
    compiled c;
    compile_ok(&c,
        "__global__ void k(int *o, float *f, double *d, unsigned long long *u) {\n"
        "  int v = o[threadIdx.x];\n"
        "  v += __shfl_down_sync(0xffffffffu, v, 1);\n"
        "  o[1] = __ballot_sync(__activemask(), v > 0);\n"
        "  atomicAdd(&o[2], v); atomicAdd(&f[0], 1.0f); atomicAdd(u, 1ull);\n"
        "  int old = atomicCAS(&o[3], 0, 1);\n"
        "  __syncthreads(); __syncwarp(); __threadfence();\n"
        "  o[4] = __syncthreads_count(v) + old + __popc(v) + __reduce_max_sync(~0u, v);\n"
        "  f[1] = sqrtf(f[2]) + sqrt(f[3]) + min(f[4], 2.0f); d[0] = sqrt(3);\n"
        "  o[5] = max(v, 3) + abs(v) + __float_as_int(f[5]);\n"
        "  o[6] = (int)clock64();\n"
        "  printf(\"%d %f %s\\n\", v, f[0], \"x\");\n"
        "}\n");
    check_invariants(c.m);
    expect_in(&c, "SHFL");
    expect_in(&c, "VOTE");
    expect_in(&c, "ACTMASK");
    expect_in(&c, "ATOM ");
    expect_in(&c, "ATOMCAS");
    expect_in(&c, "BAR");
    expect_in(&c, "SYNCWARP");
    expect_in(&c, "FENCE");
    expect_in(&c, "REDUX");
    expect_in(&c, "SQRTF(");
    expect_in(&c, "SQRT(");
    expect_in(&c, "FMINF(");
    expect_in(&c, "MAX_S32(");
    expect_in(&c, "ABS_S32(");
    expect_in(&c, "POPC32(");
    expect_in(&c, "clock64");
    expect_in(&c, "printf");
    /* sqrt(f[3]) of a float argument is the float version: two SQRTF */
    int sqrtf_calls = 0;
    for (uint32_t pc = 0; pc < c.m->ncode; pc++)
        sqrtf_calls += c.m->code[pc].op == OP_INTR && c.m->code[pc].i == INTR_SQRTF;
    ck_assert_int_eq(sqrtf_calls, 2);
    /* printf's variadic float is passed as a double, the string as str */
    int found = 0;
    for (uint32_t pc = 0; pc < c.m->ncode; pc++) {
        const simt_insn *in = &c.m->code[pc];
        if (in->op != OP_HCALL)
            continue;
        const simt_sig *s = &c.m->sigs[in->j];
        ck_assert_uint_eq(s->nargs, 4);
        ck_assert_uint_eq(s->nfixed, 1);
        ck_assert_uint_eq(s->args[0], VT_STR);
        ck_assert_uint_eq(s->args[1], VT_I32);
        ck_assert_uint_eq(s->args[2], VT_F64);
        ck_assert_uint_eq(s->args[3], VT_STR);
        found = 1;
    }
    ck_assert(found);
    /* atomic types come from the pointee */
    int types = 0;
    for (uint32_t pc = 0; pc < c.m->ncode; pc++)
        if (c.m->code[pc].op == OP_ATOM)
            types |= 1 << (c.m->code[pc].i & 0xff);
    ck_assert_int_eq(types, 1 << ATYPE_I32 | 1 << ATYPE_F32 | 1 << ATYPE_U64);
    release(&c);
}
END_TEST

START_TEST(test_shared_and_globals)
{
    compiled c;
    compile_ok(&c,
        "const int N = 64;\n"
        "__constant__ float w[3] = {0.5f, 0.25f};\n"
        "__device__ int counter;\n"
        "__global__ void k(int *o) {\n"
        "  __shared__ int a[N / 2]; __shared__ char b; extern __shared__ float dyn[];\n"
        "  a[threadIdx.x] = 1; b = 2; dyn[0] = w[1]; counter = sizeof(a);\n"
        "  int loc[4] = {1, 2}; o[0] = loc[threadIdx.x & 3];\n"
        "}\n"
        "int main() { float h[3] = {1, 2, 3}; cudaMemcpyToSymbol(w, h, sizeof(h));\n"
        "  k<<<1, 32, 64>>>(0); return 0; }\n");
    check_invariants(c.m);
    /* a: 128 bytes at 0, b at 128, so 144 in all (16-aligned); dyn follows */
    ck_assert_uint_eq(c.m->shared_static, 144);
    ck_assert_uint_ge(c.m->nglobals, 2);
    ck_assert_str_eq(c.m->globals[0].name, "w");
    ck_assert_uint_eq(c.m->globals[0].space, SPACE_CONST);
    ck_assert_uint_eq(c.m->globals[0].size, 12);
    ck_assert_ptr_nonnull(c.m->globals[0].init);
    float w1;
    memcpy(&w1, c.m->globals[0].init + 4, 4);
    ck_assert(w1 == 0.25f);
    ck_assert_str_eq(c.m->globals[1].name, "counter");
    ck_assert_uint_eq(c.m->globals[1].space, SPACE_GLOBAL);
    expect_in(&c, "GADDR");
    expect_in(&c, "LADDR");
    expect_in(&c, "cudaMemcpyToSymbol");
    int k = func_index(c.m, "k");
    ck_assert_uint_ge(c.m->funcs[k].local_size, 16);
    release(&c);
}
END_TEST

START_TEST(test_conversions)
{
    compiled c;
    compile_ok(&c,
        "__global__ void k(long long *o, int x, unsigned u, char ch) {\n"
        "  o[0] = x; o[1] = u; o[2] = (float)x; o[3] = (signed char)x; o[4] = ch;\n"
        "  o[5] = x / 3; o[6] = u / 3u; o[7] = (unsigned char)u; o[8] = (long long)x >> 2;\n"
        "}\n");
    check_invariants(c.m);
    expect_in(&c, "SEXT32");
    expect_in(&c, "CVT_F32_S64");
    expect_in(&c, "CVT_S64_F32");
    expect_in(&c, "SEXT8");
    expect_in(&c, "ZEXT8");
    expect_in(&c, "DIV_S32");
    expect_in(&c, "DIV_U32");
    expect_in(&c, "SHR_S64");
    release(&c);
}
END_TEST

START_TEST(test_recursion_and_registers)
{
    compiled c;
    compile_ok(&c,
        "__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }\n"
        "__device__ int leaf(int n) { return n * 2; }\n"
        "__global__ void k(int *o) { o[0] = fib(o[1]) + leaf(3); }\n");
    check_invariants(c.m);
    ck_assert_uint_eq(c.m->funcs[func_index(c.m, "fib")].recursive, 1);
    ck_assert_uint_eq(c.m->funcs[func_index(c.m, "leaf")].recursive, 0);
    ck_assert_uint_lt(c.m->funcs[func_index(c.m, "leaf")].nregs, 10);
    release(&c);
}
END_TEST

START_TEST(test_switch)
{
    compiled c;
    compile_ok(&c,
        "__device__ int f(int v) { int r = 0;\n"
        "  switch (v) { case 1: r = 10; case 2: r += 2; break; default: r = -1; }\n"
        "  return r; }\n"
        "__global__ void k(int *o) { o[0] = f(o[1]); }\n");
    check_invariants(c.m);
    expect_in(&c, "EQ_I32");
    release(&c);
}
END_TEST

/* ---- diagnostics ---- */
static void expect_error(const char *src, const char *message)
{
    compiled c;
    compile_src(&c, src);
    ck_assert_ptr_null(c.m);
    expect_in(&c, message);
    release(&c);
}

START_TEST(test_errors)
{
    expect_error("int main() { return y; }", "undeclared identifier 'y'");
    expect_error("int main() { int a; int a; return 0; }", "redefinition of 'a'");
    expect_error("int f(int a) { return a; }\nint main() { return f(1, 2); }",
                 "too many arguments");
    expect_error("int h() { return 1; }\n__global__ void k() { h(); }",
                 "calling a __host__ function 'h'");
    expect_error("__global__ void k() {}\nint main() { k(); return 0; }", "must be configured");
    expect_error("int main() { float *p; int *q = p; return 0; }", "incompatible types");
    expect_error("int main() { 3 = 4; return 0; }", "not assignable");
    expect_error("int main() { break; return 0; }", "'break' statement not in loop");
    expect_error("int main() { continue; }", "'continue' statement not in loop");
    expect_error("int main() { switch (1) { case 1: case 1: break; } return 0; }",
                 "duplicate case value");
    expect_error("void f() {}\nint main() { int x = f(); return x; }", "void value");
    expect_error("int f() { return; }\nint main() { return 0; }", "should return a value");
    expect_error("int main() { __shared__ int s; return 0; }", "outside device code");
    expect_error("__global__ void k(int *p) { atomicAdd(p); }", "takes 2 arguments");
    expect_error("__global__ void k(int *p) { p[0] = __shfl_sync(1u, 2); }", "takes");
    expect_error("int main() { __syncthreads(); return 0; }", "only be called from device");
    expect_error("int n = 3; int a[n]; int main() { return 0; }", "not an integer constant");
    expect_error("__global__ void k(int n) { int a[n]; a[0] = n; }",
                 "variable-length array 'a' in device code");
    expect_error("int main() { const int c = 1; c = 2; return 0; }", "const-qualified");
}
END_TEST

/* One program per diagnostic of the semantic checks, with the position the
 * error must carry: each rule of types, initializers, declarations and
 * builtin calls that rejects a program. */
static const struct {
    const char *src;
    const char *diag;
} rejected[] = {
        {"int f() { return 1; }\nint main() { int x = f; return 0; }",
         "test.k:2:22: error: incompatible types in initialization: cannot convert 'int (*)()' to 'int'"},
        {"int main() { dim3 d(1); if (d) return 1; return 0; }",
         "test.k:1:29: error: a value of type 'dim3' cannot be used as a condition"},
        {"void f() {}\nint g(int a) { return a; }\nint main() { return g(f()); }",
         "test.k:3:23: error: void value not ignored as it ought to be"},
        {"int main() { dim3 a(1); dim3 b = a; int c = a; return 0; }",
         "test.k:1:45: error: incompatible types in initialization: cannot convert 'dim3' to "
         "'int'"},
        {"int main() { char *c = 0; unsigned char *u = c; short *s = 0; unsigned short *us = s; "
         "return 0; }",
         "test.k:1:84: error: incompatible types in initialization: cannot convert 'short *' to "
         "'unsigned short *'"},
        {"int main() { int a[2], b[2]; a = b; return 0; }",
         "test.k:1:30: error: array type is not assignable"},
        {"int main() { int *p = &3; return 0; }",
         "test.k:1:23: error: cannot take the address of an rvalue"},
        {"int main() { int *p = 0; int x = -p; return 0; }",
         "test.k:1:34: error: invalid operand to unary '-'"},
        {"int main() { float f = 1; int x = ~f; return 0; }",
         "test.k:1:35: error: invalid operand to unary '~'"},
        {"int main() { dim3 d(1); int x = !d; return 0; }",
         "test.k:1:33: error: invalid operand to '!'"},
        {"int main() { void *p = 0; *p; return 0; }",
         "test.k:1:27: error: cannot dereference a 'void *' pointer"},
        {"int main() { void *p = 0; p++; return 0; }",
         "test.k:1:28: error: cannot increment or decrement this type"},
        {"int main() { int *p = 0; float *q = 0; long d = p - q; return 0; }",
         "test.k:1:51: error: invalid operands to binary expression ('int *' and 'float *'): "
         "pointers to different types"},
        {"int main() { float f = 1.5f % 2; return 0; }",
         "test.k:1:29: error: invalid operands to binary expression ('float' and 'int')"},
        {"int main() { int *p = 0; int x = p < 1.5; return 0; }",
         "test.k:1:36: error: invalid operands to comparison ('int *' and 'double')"},
        {"int main() { dim3 d(1); int x = d && 1; return 0; }",
         "test.k:1:35: error: invalid operands to '&&'"},
        {"int main() { int *p = 0; p *= 2; return 0; }",
         "test.k:1:28: error: invalid operands to binary expression ('int *' and 'int')"},
        {"int main() { int *p = 0; int x = 1; float y = x ? p : 1.5; return 0; }",
         "test.k:1:49: error: incompatible operand types in '?:' ('int *' and 'double')"},
        {"int main() { int a[3]; int x = a[1.5]; return 0; }",
         "test.k:1:34: error: array subscript is not an integer"},
        {"int main() { void *p = 0; p[1]; return 0; }",
         "test.k:1:28: error: subscript of a pointer to an incomplete type"},
        {"int main() { int x = 1; int y = x.y; return 0; }",
         "test.k:1:34: error: member reference base type 'int' is not a structure or union"},
        {"int main() { dim3 d(1); int y = d.w; return 0; }",
         "test.k:1:34: error: no member named 'w' in 'dim3'"},
        {"int main() { dim3 d(1); int x = (int)d; return 0; }",
         "test.k:1:33: error: invalid cast from 'dim3' to 'int'"},
        {"int main() { float f = 1; int *p = (int *)f; return 0; }",
         "test.k:1:36: error: invalid cast from 'float' to 'int *'"},
        {"int main() { int x = sizeof(void); return 0; }",
         "test.k:1:22: error: invalid application of 'sizeof' to an incomplete type"},
        {"int main() { dim3 d = dim3(1, 2, 3, 4); return 0; }",
         "test.k:1:23: error: too many arguments to dim3 (at most 3)"},
        {"int main() { dim3 d(1, 2, 3, 4); return 0; }",
         "test.k:1:19: error: too many arguments to the dim3 constructor"},
        {"__global__ void k() {}\n__global__ void j() { k<<<1, 1>>>(); cudaDeviceSynchronize(); }",
         "test.k:2:38: error: cudaDeviceSynchronize() in device code was removed in CUDA 12"},
        {"int main() { char s[2] = \"abc\"; return 0; }",
         "test.k:1:26: error: initializer string is too long for the array"},
        {"int main() { int a[2] = {1, 2, 3}; return 0; }",
         "test.k:1:32: error: excess elements in initializer"},
        {"int main() { int x = {{1}}; return 0; }",
         "test.k:1:23: error: a brace initializer is only allowed in a declaration"},
        {"int main() { int x(3, 4); return x; }",
         "test.k:1:18: error: constructor syntax is only allowed for dim3 variables"},
        {"int main() { int a[2] = 5; return 0; }",
         "test.k:1:25: error: an array must be initialized with a brace list"},
        {"int main() { int x = {1, 2}; return 0; }",
         "test.k:1:22: error: a scalar needs exactly one initializer"},
        {"__global__ void k() { __shared__ int s = 1; }",
         "test.k:1:38: error: initialization is not supported for __shared__ variables"},
        {"__global__ void k() { __device__ int x; }",
         "test.k:1:38: error: __device__ variable 'x' must be declared at file scope"},
        {"int main() { void v; return 0; }",
         "test.k:1:19: error: variable 'v' has incomplete type 'void'"},
        {"int main() { int a[]; return 0; }",
         "test.k:1:18: error: array size missing in 'a'"},
        {"int f(void x) { return 0; }",
         "test.k:1:12: error: a parameter cannot have type 'void' ('(void)' alone means no "
         "parameters)"},
        {"__global__ void k(cudaDeviceProp d) {}",
         "test.k:1:34: error: parameters of type 'cudaDeviceProp' are not supported"},
        {"int f(int a, int a) { return a; }",
         "test.k:1:18: error: redefinition of parameter 'a'"},
        {"__global__ __device__ void k() {}",
         "test.k:1:28: error: __global__ cannot be combined with __device__ or __host__"},
        {"__device__ int main() { return 0; }",
         "test.k:1:16: error: 'main' must be a host function"},
        {"int f;\nint f() { return 0; }",
         "test.k:2:5: error: redefinition of 'f' as a different kind of symbol"},
        {"int f(int a);\nfloat f(int a) { return 0; }",
         "test.k:2:7: error: conflicting types for 'f'"},
        {"int main() { extern int x; return 0; }",
         "test.k:1:25: error: local extern declaration of 'x' names no variable declared at file scope before it"},
        {"int g = 1;\n__device__ float h = 1.0f / 3 + g;",
         "test.k:2:31: error: initializer element is not a compile-time constant"},
        {"int main() { int x; cudaMemcpyToSymbol(x, &x, 4); return 0; }",
         "test.k:1:40: error: argument 1 of 'cudaMemcpyToSymbol' must name a __device__ or "
         "__constant__ variable"},
        {"int main() { dim3 d(1); printf(\"%d\", d); return 0; }",
         "test.k:1:38: error: cannot pass a value of this type to 'printf'"},
        {"int main() { int x; cudaGetDeviceProperties(&x, 0); return 0; }",
         "test.k:1:45: error: argument 1 of 'cudaGetDeviceProperties' must be a cudaDeviceProp *"},
        {"int main() { cudaFree(3); return 0; }",
         "test.k:1:23: error: argument 1 of 'cudaFree' must be a pointer"},
        {"int main() { int *p = 0; float f = sqrtf(p); return 0; }",
         "test.k:1:42: error: 'sqrtf' needs an arithmetic argument"},
        {"int main() { int *p = 0; int x = abs(p); return 0; }",
         "test.k:1:38: error: 'abs' needs an arithmetic argument"},
        {"__global__ void k(int *o) { o[0] = __reduce_add_sync(~0u, 1.5f); }",
         "test.k:1:59: error: '__reduce_add_sync' needs an integer argument"},
        {"__global__ void k(int *o) { o[0] = __match_all_sync(~0u, 1, 0); }",
         "test.k:1:61: error: the third argument of '__match_all_sync' must be an int *"},
        {"__global__ void k(int *o) { o[0] = rand(); }",
         "test.k:1:36: error: calling the host function 'rand' from device code"},
        {"int main() { int *p = 0; int *q = p + p; return 0; }",
         "test.k:1:37: error: invalid operands to binary expression ('int *' and 'int *')"},
        {"int main() { char s[] = {\"ab\"}; char t[3] = {\"ab\"}; int n = 3; int u[n] = {1}; "
         "return 0; }",
         "test.k:1:70: error: variable-length array 'u' cannot be initialized"},
        {"int main() { const int c[2] = {1, 2}; c[0] = 3; return 0; }",
         "test.k:1:40: error: cannot assign to a variable of const-qualified type"},
        {"int main() { int x = 0; x.y = 1; return 0; }",
         "test.k:1:26: error: member reference base type 'int' is not a structure or union"},
        {"int main() { int x = 3; int *p = &(x + 1); return 0; }",
         "test.k:1:34: error: cannot take the address of an rvalue"},
        {"int main() { int a = 1; a++ = 2; return 0; }",
         "test.k:1:26: error: expression is not assignable (assignment needs an lvalue)"},
        {"int main() { dim3 d(1); d++; return 0; }",
         "test.k:1:26: error: cannot increment or decrement this type"},
        {"int main() { float f = 2.0f; f <<= 1; return 0; }",
         "test.k:1:32: error: invalid operands to binary expression ('float' and 'int')"},
        {"int main() { int x = 1 ? 2 : 3; switch (x) { case 1.5: break; } return 0; }",
         "test.k:1:51: error: expression is not an integer constant"},
        {"int main() { int a[2][2] = {{1, 2, 3}}; return 0; }",
         "test.k:1:36: error: excess elements in initializer"},
        {"__device__ int g(int a) { return a; }\nint main() { return g(1); }",
         "test.k:2:21: error: calling a __device__ function 'g' from host code"},
        {"int main() { cudaDeviceProp p; p.warpSize = 3; p.nosuch = 1; return 0; }",
         "test.k:1:49: error: no member named 'nosuch' in 'cudaDeviceProp'"},
};

START_TEST(test_rejected)
{
    expect_error(rejected[_i].src, rejected[_i].diag);
}
END_TEST

START_TEST(test_several_errors)
{
    compiled c;
    compile_src(&c, "int main() { a = 1; b = 2; return c; }");
    ck_assert_ptr_null(c.m);
    ck_assert_int_eq(c.ctx.nerrors, 3);
    ck_assert_uint_eq(c.ctx.diags[1].loc.line, 1);
    ck_assert_uint_eq(c.ctx.diags[1].loc.col, 21);
    release(&c);
}
END_TEST

static Suite *lower_suite(void)
{
    Suite *s = suite_create("lower");
    TCase *tc = tcase_create("codegen");
    tcase_add_test(tc, test_vecadd);
    tcase_add_test(tc, test_loops_yield);
    tcase_add_test(tc, test_fused_branches);
    tcase_add_test(tc, test_folded_offsets);
    tcase_add_test(tc, test_select_division);
    tcase_add_test(tc, test_if_conversion);
    tcase_add_test(tc, test_missing_return_traps);
    tcase_add_test(tc, test_intrinsics);
    tcase_add_test(tc, test_shared_and_globals);
    tcase_add_test(tc, test_conversions);
    tcase_add_test(tc, test_recursion_and_registers);
    tcase_add_test(tc, test_switch);
    tcase_add_test(tc, test_fused_loads);
    suite_add_tcase(s, tc);
    TCase *td = tcase_create("diagnostics");
    tcase_add_test(td, test_errors);
    tcase_add_test(td, test_several_errors);
    tcase_add_loop_test(td, test_rejected, 0, (int)(sizeof rejected / sizeof rejected[0]));
    suite_add_tcase(s, td);
    return s;
}

int main(void)
{
    return simt_run_suite(lower_suite());
}
