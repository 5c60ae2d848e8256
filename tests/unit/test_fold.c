/* tests/unit/test_fold.c -- the constant folder (vm/fold.h) against the
 * interpreter's scalar lane helpers (vm/lanes_scalar.c, the specification),
 * and against the VM running each instruction, with its scalar lanes and
 * with its AVX2 lanes, bit for bit (TAP).
 *
 * Each foldable opcode is run, through the helper of its own name (LEA by
 * its j), on every pair of edge values (0, 1, -1, INT_MIN, INT_MAX, 2^31,
 * 2^32 - 1, 2^63, shift counts 0/31/32/63/64 ..., floats at the conversion
 * limits) with several immediates; the folder must give the helper's value,
 * and refuse exactly the divisions by zero that the interpreter handles
 * apart (vm/divzero.c).  Then each foldable instruction (every immediate
 * form) runs in the VM itself, a kernel on simt_vm_core_init's machine with
 * one thread per pair of edge values, and simt_fold_insn of the same
 * instruction must equal what every thread stored: once on the scalar
 * lanes (--no-simd) and once on the AVX2 ones (scalar again where the CPU
 * lacks AVX2; the test line names the lanes that ran).  Every integer helper
 * that has an opcode of its name must be foldable, so a row added to
 * vm/lanes.def is not forgotten. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <stdlib.h>

#include "vm/fold.h"
#include "vm/lanes.h"
#include "vm/memory.h"
#include "vm/vm.h"

static const char *const lop_names[LOP_COUNT] = {
#define LOP(name, arity, expr) #name,
#include "vm/lanes.def"
#undef LOP
};

static const uint64_t edge[] = {
    0, 1, 2, 3, 5, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 127, 128, 255, 256, 0x7fff, 0x8000,
    0xffff, 0x10000, 0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe, 0xffffffff, 0x100000000,
    0x100000001, 0x1ffffffff, 0x7fffffffffffffff, 0x8000000000000000, 0x8000000000000001,
    0xffffffff80000000, 0xffffffff7fffffff, 0xfffffffffffffff9, 0xfffffffffffffffe,
    0xffffffffffffffff, 0x123456789abcdef0, 0xdeadbeef00000005, 0xffffffff00000000,
    /* binary32 and binary64 at the conversions' limits, NaNs, infinities */
    0x3f800000, 0xbf800000, 0x4f000000, 0xcf000000, 0x4f800000, 0x5f000000, 0x5f800000,
    0xdf000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x3fe0000000000000, 0xbff8000000000000,
    0x41dfffffffc00000, 0x41e0000000000000, 0xc1e0000000000000, 0x41f0000000000000,
    0x43e0000000000000, 0xc3e0000000000000, 0x43f0000000000000, 0x7ff0000000000000,
    0xfff8000000000000, 0xdeadbeef3f800000,
};
#define NEDGE (sizeof edge / sizeof edge[0])

/* LDK's 64-bit constant, and ADDK's and LEA's sign-extended i */
static const uint64_t immediates[] = {0, 1, 4, 8, 0xffffffffffffffff, 0x7fffffff,
                                      0xffffffff80000000, 0x123456789abcdef0};
#define NIMM (sizeof immediates / sizeof immediates[0])

static int find_lop(const char *name)
{
    for (unsigned i = 0; i < LOP_COUNT; i++)
        if (strcmp(lop_names[i], name) == 0)
            return (int)i;
    return -1;
}

/* The helper that runs opcode op with LEA's extension j: the one of its name. */
static int helper_of(unsigned op, unsigned j)
{
    if (op == OP_LEA)
        return find_lop(j == 0 ? "LEA_S32" : j == 1 ? "LEA_U32" : "LEA_64");
    return find_lop(simt_opinfo_table[op].name);
}

static int is_division(unsigned op)
{
    return (op >= OP_DIV_S32 && op <= OP_REM_U32) || (op >= OP_DIV_S64 && op <= OP_REM_U64);
}

/* Folds and runs op on every pair of edge values; 1 when all agree. */
static int check_op(const simt_lane_ops *s, unsigned op, unsigned j)
{
    int lop = helper_of(op, j);
    if (lop < 0) {
        printf("# %s has no helper of its name\n", simt_opinfo_table[op].name);
        return 0;
    }
    for (size_t x = 0; x < NEDGE; x++)
        for (size_t y = 0; y < NEDGE; y++)
            for (size_t z = 0; z < NIMM; z++) {
                uint64_t b = edge[x], c = edge[y], k = immediates[z];
                uint64_t a[1] = {0xa5a5a5a5a5a5a5a5}, bv[1] = {b}, cv[2] = {c, 0};
                uint64_t r = 0x5a5a5a5a5a5a5a5a;
                int folded = simt_fold(op, b, c, k, j, &r);
                int zero = is_division(op) && (op <= OP_REM_U32 ? (uint32_t)c == 0 : c == 0);
                if (folded == zero) {
                    printf("# %s(%#" PRIx64 ", %#" PRIx64 "): folded %d\n",
                           simt_opinfo_table[op].name, b, c, folded);
                    return 0;
                }
                if (zero)
                    continue;
                s->op[lop](a, bv, cv, k, 1, 1);
                if (a[0] != r) {
                    printf("# %s j=%u k=%#" PRIx64 " (%#" PRIx64 ", %#" PRIx64 "): fold %#" PRIx64
                           ", lane helper %#" PRIx64 "\n",
                           simt_opinfo_table[op].name, j, k, b, c, r, a[0]);
                    return 0;
                }
            }
    return 1;
}

/* ---- the instructions run in the VM ---- */

#define NPAIR (NEDGE * NEDGE)
#define BLOCK 256
#define NBLOCKS ((NPAIR + BLOCK - 1) / BLOCK)

/* The immediates an instruction of op is tried with: i (and j, LEA's
 * extension; LDK's constant is i and j together). */
static unsigned forms_of(unsigned op)
{
    return op == OP_LEA ? 18 : op == OP_ADDK || op == OP_ADDK_I32 || op == OP_LDK ? 6 : 1;
}

static simt_insn insn_of(unsigned op, unsigned form)
{
    static const int32_t imm[6] = {0, 1, 4, -1, INT32_MIN, INT32_MAX};
    simt_insn in = {(uint16_t)op, 8, 6, 7, 0, 0};
    if (op == OP_LEA) {
        in.i = imm[form % 6];
        in.j = (int32_t)(form / 6);
    } else if (op == OP_LDK) {
        in.b = in.c = 0;
        in.i = imm[form];
        in.j = imm[(form + 3) % 6];
    } else {
        in.i = imm[form];
    }
    return in;
}

static char *dup_str(const char *t)
{
    size_t n = strlen(t) + 1;
    char *d = malloc(n);
    return d ? memcpy(d, t, n) : NULL;
}

/* One kernel per instruction: thread g reads b and c from p[3g], p[3g + 1],
 * runs the instruction and stores R[a] at p[3g + 2]. */
static simt_module *assemble(const simt_insn *tried, unsigned n)
{
    simt_module *m = simt_module_new(NULL);
    if (!m)
        return NULL;
    m->source_name = dup_str("fold.k");
    m->nsigs = 1;
    m->sigs = calloc(1, sizeof *m->sigs);
    m->sigs[0].ret = VT_VOID;
    m->sigs[0].nargs = m->sigs[0].nfixed = 1;
    m->sigs[0].args[0] = VT_PTR;
    m->sigs[0].ptr_elem[0] = VT_U64;
    m->ncode = 7 * n;
    m->code = calloc(m->ncode, sizeof *m->code);
    m->pos = calloc(m->ncode, sizeof *m->pos);
    m->nfuncs = n;
    m->funcs = calloc(n, sizeof *m->funcs);
    for (unsigned f = 0; f < n; f++) {
        simt_insn *c = m->code + 7 * f;
        c[0] = (simt_insn){OP_SREG, 4, 0, 0, SREG_GTID_X, 0};
        c[1] = (simt_insn){OP_LEA, 5, 3, 4, 24, 1};
        c[2] = (simt_insn){OP_LD64, 6, 5, 0, 0, 0};
        c[3] = (simt_insn){OP_LD64, 7, 5, 0, 8, 0};
        c[4] = tried[f];
        c[5] = (simt_insn){OP_ST64, 8, 5, 0, 16, 0};
        c[6] = (simt_insn){OP_RETV, 0, 0, 0, 0, 0};
        char name[32];
        snprintf(name, sizeof name, "k%u", f);
        m->funcs[f] = (simt_func){.name = dup_str(name), .entry = 7 * f, .end = 7 * f + 7,
                                  .nregs = 9, .kind = FN_KERNEL, .sig = 0};
        m->funcs[f].param_names = calloc(1, sizeof *m->funcs[f].param_names);
        m->funcs[f].param_names[0] = dup_str("p");
    }
    for (uint32_t pc = 0; pc < m->ncode; pc++)
        m->pos[pc] = (simt_srcpos){1 + pc, 1};
    m->main_func = -1;
    return m;
}

/* Runs every tried instruction in the VM, its lanes scalar (no_simd) or
 * AVX2 where the CPU has it; 1 when the folder agrees with every thread
 * (divisions by zero, which it refuses, left out).  *lanes gets the name of
 * the lanes that ran. */
static int check_vm(int no_simd, const char **lanes)
{
    simt_insn tried[256];
    unsigned n = 0;
    unsigned long compared = 0;
    for (unsigned op = 0; op < OP_COUNT; op++)
        for (unsigned f = 0; simt_foldable(op) && f < forms_of(op); f++)
            tried[n++] = insn_of(op, f);
    simt_module *m = assemble(tried, n);
    char err[256];
    if (!m || simt_module_verify(m, err, sizeof err) != 0) {
        printf("# the module: %s\n", m ? err : "out of memory");
        simt_module_free(m);
        return 0;
    }
    simt_config cfg;
    simt_config_init(&cfg);
    cfg.no_simd = no_simd;
    simt_vm vm;
    int ok = simt_vm_core_init(&vm, &cfg, m, stdout, stderr) == SIMT_OK;
    *lanes = ok ? vm.lanes.name : "none";
    uint64_t p = ok ? simt_mem_alloc(&vm.mem, SPACE_GLOBAL, (uint64_t)NBLOCKS * BLOCK * 24,
                                     256, ALLOC_CUDA, NULL) : 0;
    ok = ok && p != 0;
    for (unsigned f = 0; ok && f < n; f++) {
        uint64_t *w = (uint64_t *)(void *)simt_mem_find(&vm.mem, p)->data;
        memset(w, 0, (size_t)NBLOCKS * BLOCK * 24);
        for (size_t g = 0; g < NPAIR; g++) {
            w[3 * g] = edge[g / NEDGE];
            w[3 * g + 1] = edge[g % NEDGE];
        }
        const uint32_t grid[3] = {NBLOCKS, 1, 1}, block[3] = {BLOCK, 1, 1};
        if (simt_vm_launch(&vm, f, grid, block, 0, &p, 1) != SIMT_OK) {
            printf("# %s: the launch failed\n", simt_opinfo_table[tried[f].op].name);
            ok = 0;
            break;
        }
        w = (uint64_t *)(void *)simt_mem_find(&vm.mem, p)->data;
        for (size_t g = 0; g < NPAIR && ok; g++) {
            uint64_t r;
            if (!simt_fold_insn(&tried[f], w[3 * g], w[3 * g + 1], &r))
                continue;
            compared++;
            if (r != w[3 * g + 2]) {
                printf("# %s i=%d j=%d (%#" PRIx64 ", %#" PRIx64 "): fold %#" PRIx64
                       ", the VM %#" PRIx64 "\n", simt_opinfo_table[tried[f].op].name, tried[f].i,
                       tried[f].j, w[3 * g], w[3 * g + 1], r, w[3 * g + 2]);
                ok = 0;
            }
        }
    }
    simt_vm_core_destroy(&vm);
    simt_module_free(m);
    printf("# %u instructions, %lu results compared with the VM's (%s lanes)\n", n, compared,
           *lanes);
    return ok;
}

/* A helper of an opcode's name computes an integer, or converts one to
 * floating point (no NaN can come of it): it must be folded.  Not folded:
 * floating-point arithmetic, and SEL (a third register). */
static int integer_result(const char *name)
{
    if (strcmp(name, "SEL") == 0)
        return 0;
    if (strncmp(name, "CVT_S", 5) == 0 || strncmp(name, "CVT_U", 5) == 0 ||
        (strncmp(name, "CVT_F", 5) == 0 && (strstr(name, "_S64") || strstr(name, "_U64"))))
        return 1;
    return strstr(name, "F32") == NULL && strstr(name, "F64") == NULL;
}

int main(void)
{
    simt_lane_ops s;
    simt_lanes_scalar(&s);
    unsigned n = 0, failed = 0, nfold = 0;
    for (unsigned op = 0; op < OP_COUNT; op++)
        nfold += simt_foldable(op) ? (op == OP_LEA ? 3 : 1) : 0;
    printf("1..%u\n", nfold + 4);
    for (unsigned op = 0; op < OP_COUNT; op++) {
        if (!simt_foldable(op))
            continue;
        for (unsigned j = 0; j < (op == OP_LEA ? 3u : 1u); j++) {
            int ok = check_op(&s, op, j);
            failed += !ok;
            printf("%s %u - %s%s\n", ok ? "ok" : "not ok", ++n, simt_opinfo_table[op].name,
                   op == OP_LEA ? (j == 0 ? " (sext32)" : j == 1 ? " (zext32)" : " (64)") : "");
        }
    }
    for (int no_simd = 1; no_simd >= 0; no_simd--) { /* the scalar lanes, then AVX2 */
        const char *lanes = "";
        int vm_ok = check_vm(no_simd, &lanes);
        failed += !vm_ok;
        printf("%s %u - every foldable instruction run in the VM on every pair (%s lanes)\n",
               vm_ok ? "ok" : "not ok", ++n, lanes);
    }
    int covered = 1;
    for (unsigned op = 0; op < OP_COUNT; op++) {
        int lop = find_lop(simt_opinfo_table[op].name);
        if (lop >= 0 && integer_result(lop_names[lop]) && !simt_foldable(op)) {
            printf("# %s computes an integer but is not folded\n", lop_names[lop]);
            covered = 0;
        }
    }
    failed += !covered;
    printf("%s %u - every integer helper with an opcode is folded\n", covered ? "ok" : "not ok", ++n);
    /* the folder never folds floating-point arithmetic (host and device
     * NaNs differ), only integers converted to floating point */
    int floats = !simt_foldable(OP_ADD_F32) && !simt_foldable(OP_NEG_F64) &&
                 !simt_foldable(OP_CVT_F32_F64) && !simt_foldable(OP_CVT_F64_F32) &&
                 !simt_foldable(OP_SEL) && !simt_foldable(OP_LD32) &&
                 simt_foldable(OP_CVT_F32_S64) && simt_foldable(OP_CVT_F64_U64);
    failed += !floats;
    printf("%s %u - floating-point arithmetic, SEL and loads are not folded\n",
           floats ? "ok" : "not ok", ++n);
    return failed != 0;
}
