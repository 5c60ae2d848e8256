/* vm/verify.c -- the structural invariants the interpreter relies on.
 *
 * The interpreter indexes registers, functions, globals and signatures
 * without checking them again, so everything it would trust is checked here
 * once: simt_module_read() always calls this, and the VM calls it on modules
 * handed over by the compiler.  Register checks are generated from the USES
 * and FORMAT columns of vm/opcodes.def; only opcodes whose immediates are ids
 * or modes need a line of their own below. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "vm/module.h"
#include "vm/vm.h"

/* Generous bounds that keep later size arithmetic far from overflow. */
#define VERIFY_MAX_NREGS 65536u                  /* a, b, c are 16 bits */
#define VERIFY_MAX_LOCAL (UINT32_C(1) << 30)
#define VERIFY_MAX_ALIGN 4096u

typedef struct vctx {
    const simt_module *m;
    const simt_func *fn;   /* the function being checked, or NULL */
    uint32_t pc;
    char *err;
    size_t errlen;
} vctx;

static int vfail(vctx *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Writes "verify: function 'f' pc N: <message>" and returns -1. */
static int vfail(vctx *v, const char *fmt, ...)
{
    if (!v->err || !v->errlen)
        return -1;
    int n;
    if (v->fn)
        n = snprintf(v->err, v->errlen, "verify: function '%s' pc %" PRIu32 ": ",
                     v->fn->name ? v->fn->name : "?", v->pc);
    else
        n = snprintf(v->err, v->errlen, "verify: ");
    if (n < 0 || (size_t)n >= v->errlen)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->err + n, v->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

/* ------------------------------------------------------------ tables */

static int check_sig(vctx *v, uint32_t k)
{
    const simt_sig *s = &v->m->sigs[k];
    if (s->ret >= VT_COUNT)
        return vfail(v, "signature %" PRIu32 ": bad return type %u", k, s->ret);
    if (s->nfixed > s->nargs)
        return vfail(v, "signature %" PRIu32 ": %u fixed arguments of %u", k, s->nfixed,
                     s->nargs);
    for (unsigned a = 0; a < s->nargs; a++)
        if (s->args[a] == VT_VOID || s->args[a] >= VT_COUNT || s->ptr_elem[a] >= VT_COUNT)
            return vfail(v, "signature %" PRIu32 ": bad type of argument %u", k, a);
    return 0;
}

static int check_global(vctx *v, uint32_t g)
{
    const simt_global *gv = &v->m->globals[g];
    if (!gv->name)
        return vfail(v, "global %" PRIu32 " has no name", g);
    if (gv->space != SPACE_GLOBAL && gv->space != SPACE_CONST)
        return vfail(v, "global '%s': bad address space %u", gv->name, gv->space);
    if (gv->elem >= VT_COUNT)
        return vfail(v, "global '%s': bad element type %u", gv->name, gv->elem);
    if (gv->align > VERIFY_MAX_ALIGN || (gv->align & (gv->align - 1)))
        return vfail(v, "global '%s': bad alignment %" PRIu32, gv->name, gv->align);
    if (gv->size > SIMT_OFFSET_MASK)
        return vfail(v, "global '%s': size %" PRIu64 " is too large", gv->name, gv->size);
    if (gv->init && gv->size == 0)
        return vfail(v, "global '%s': initialiser of an empty variable", gv->name);
    return 0;
}

/* A pointer among the initial bytes: 8 bytes inside its variable, naming a
 * variable that exists (any addend: the pointer is only a value until it is
 * used, and every access is checked then). */
static int check_reloc(vctx *v, uint32_t k)
{
    const simt_module *m = v->m;
    const simt_reloc *r = &m->relocs[k];
    if (r->global >= m->nglobals || r->target >= m->nglobals)
        return vfail(v, "relocation %" PRIu32 " names global %" PRIu32 " and %" PRIu32 " of %" PRIu32,
                     k, r->global, r->target, m->nglobals);
    if (m->globals[r->global].size < 8 || r->offset > m->globals[r->global].size - 8)
        return vfail(v, "relocation %" PRIu32 ": offset %" PRIu32 " outside global '%s'", k,
                     r->offset, m->globals[r->global].name);
    return 0;
}

static int check_tables(vctx *v)
{
    const simt_module *m = v->m;
    if ((m->ncode && (!m->code || !m->pos)) || (m->nfuncs && !m->funcs) ||
        (m->nsigs && !m->sigs) || (m->nglobals && !m->globals) ||
        (m->nimports && !m->imports) || (m->nstrings && !m->strings) ||
        (m->nrelocs && !m->relocs))
        return vfail(v, "a table has entries but no storage");
    for (uint32_t k = 0; k < m->nsigs; k++)
        if (check_sig(v, k) < 0)
            return -1;
    for (uint32_t g = 0; g < m->nglobals; g++)
        if (check_global(v, g) < 0)
            return -1;
    for (uint32_t k = 0; k < m->nrelocs; k++)
        if (check_reloc(v, k) < 0)
            return -1;
    for (uint32_t k = 0; k < m->nimports; k++) {
        if (!m->imports[k].name)
            return vfail(v, "import %" PRIu32 " has no name", k);
        if (m->imports[k].sig >= m->nsigs)
            return vfail(v, "import '%s': signature %" PRIu32 " out of range",
                         m->imports[k].name, m->imports[k].sig);
    }
    for (uint32_t k = 0; k < m->nstrings; k++)
        if (!m->strings[k])
            return vfail(v, "string %" PRIu32 " is missing", k);
    if (m->main_func < -1 || (m->main_func >= 0 && (uint32_t)m->main_func >= m->nfuncs))
        return vfail(v, "main function %" PRId32 " out of range", m->main_func);
    if (m->main_func >= 0 && !(m->funcs[m->main_func].kind & FN_HOST))
        return vfail(v, "main function '%s' is not host code",
                     m->funcs[m->main_func].name ? m->funcs[m->main_func].name : "?");
    char why[200];
    if (simt_dtypes_check(m, why, sizeof why) < 0)
        return vfail(v, "%s", why);
    return 0;
}

/* ------------------------------------------------------------ functions */

static int check_func_header(vctx *v, uint32_t f)
{
    const simt_module *m = v->m;
    const simt_func *fn = &m->funcs[f];
    if (!fn->name)
        return vfail(v, "function %" PRIu32 " has no name", f);
    if (fn->entry >= fn->end || fn->end > m->ncode)
        return vfail(v, "function '%s': code range %" PRIu32 "..%" PRIu32
                     " is empty or outside the module (%" PRIu32 " instructions)",
                     fn->name, fn->entry, fn->end, m->ncode);
    if (fn->sig >= m->nsigs)
        return vfail(v, "function '%s': signature %" PRIu32 " out of range", fn->name, fn->sig);
    unsigned kinds = FN_HOST | FN_DEVICE | FN_KERNEL;
    if (!(fn->kind & kinds) || (fn->kind & ~(kinds | FN_VOLATILE | FN_LIBRARY)))
        return vfail(v, "function '%s': bad kind %u", fn->name, fn->kind);
    unsigned nargs = m->sigs[fn->sig].nargs;
    if (fn->nregs < SIMT_FRAME_LINK + nargs || fn->nregs > VERIFY_MAX_NREGS)
        return vfail(v, "function '%s': %" PRIu32 " registers cannot hold %u parameters",
                     fn->name, fn->nregs, nargs);
    if (fn->nregs_model > fn->nregs)
        return vfail(v, "function '%s': the model's %" PRIu32 " registers exceed its %" PRIu32,
                     fn->name, fn->nregs_model, fn->nregs);
    if (fn->local_size > VERIFY_MAX_LOCAL)
        return vfail(v, "function '%s': %" PRIu32 " bytes of local memory is too many",
                     fn->name, fn->local_size);
    return 0;
}

typedef struct range {
    uint32_t entry, end, index;
} range;

static int range_cmp(const void *x, const void *y)
{
    const range *a = x, *b = y;
    return a->entry < b->entry ? -1 : a->entry > b->entry;
}

static int check_overlap(vctx *v)
{
    const simt_module *m = v->m;
    if (m->nfuncs < 2)
        return 0;
    range *r = simt_malloc(&m->al, m->nfuncs * sizeof *r);
    if (!r) {
        vfail(v, "out of memory");
        return -2; /* the host's failure, not the module's (simt_module_verify) */
    }
    for (uint32_t f = 0; f < m->nfuncs; f++)
        r[f] = (range){ m->funcs[f].entry, m->funcs[f].end, f };
    qsort(r, m->nfuncs, sizeof *r, range_cmp);
    int rc = 0;
    for (uint32_t k = 1; k < m->nfuncs && rc == 0; k++)
        if (r[k].entry < r[k - 1].end)
            rc = vfail(v, "functions '%s' and '%s' overlap", m->funcs[r[k - 1].index].name,
                       m->funcs[r[k].index].name);
    simt_free(&m->al, r);
    return rc;
}

/* ------------------------------------------------------------ instructions */

static int reg(vctx *v, uint64_t r)
{
    if (r >= v->fn->nregs)
        return vfail(v, "register %" PRIu64 " out of range (frame has %" PRIu32 ")", r,
                     v->fn->nregs);
    return 0;
}

/* Registers r .. r+n-1 (n may be 0). */
static int regs(vctx *v, uint64_t r, uint64_t n)
{
    return n ? reg(v, r + n - 1) : 0;
}

static int target(vctx *v, int32_t t, const char *what)
{
    if (t < 0 || (uint32_t)t < v->fn->entry || (uint32_t)t >= v->fn->end)
        return vfail(v, "%s %" PRId32 " outside the function (%" PRIu32 "..%" PRIu32 ")", what,
                     t, v->fn->entry, v->fn->end);
    return 0;
}

static int index_below(vctx *v, int32_t i, uint32_t n, const char *what)
{
    if (i < 0 || (uint32_t)i >= n)
        return vfail(v, "%s %" PRId32 " out of range (%" PRIu32 " exist)", what, i, n);
    return 0;
}

/* The registers named by the USES column. */
static int check_uses(vctx *v, const simt_insn *in)
{
    unsigned uses = simt_opinfo_table[in->op].uses;
    if ((uses & (WA | RA)) && reg(v, in->a) < 0)
        return -1;
    if ((uses & RB) && reg(v, in->b) < 0)
        return -1;
    if ((uses & RC) && reg(v, in->c) < 0)
        return -1;
    if ((uses & RC2) && regs(v, in->c, 2) < 0)
        return -1;
    if ((uses & RC3) && regs(v, in->c, 3) < 0)
        return -1;
    return 0;
}

/* HCALL / NCALL / LAUNCH: c argument registers from b, typed by signature j. */
static int check_x(vctx *v, const simt_insn *in)
{
    const simt_module *m = v->m;
    if (in->op == OP_HCALL && index_below(v, in->i, BI_COUNT, "builtin") < 0)
        return -1;
    if (in->op == OP_NCALL && index_below(v, in->i, m->nimports, "import") < 0)
        return -1;
    if (in->op == OP_LAUNCH) {
        if (index_below(v, in->i, m->nfuncs, "function") < 0)
            return -1;
        if (!(m->funcs[in->i].kind & FN_KERNEL))
            return vfail(v, "LAUNCH of '%s', which is not a kernel", m->funcs[in->i].name);
        if (reg(v, in->a) < 0) /* device code's stream (vm/devlaunch.c) */
            return -1;
    }
    if (index_below(v, in->j, m->nsigs, "signature") < 0)
        return -1;
    unsigned extra = in->op == OP_LAUNCH ? 3 : 0; /* grid, block, shared bytes */
    if (in->c != extra + m->sigs[in->j].nargs)
        return vfail(v, "%u argument registers for a signature of %u arguments", in->c,
                     m->sigs[in->j].nargs);
    return regs(v, in->b, in->c);
}

/* LDX's j: each field in range, no other bit set. */
static int check_ldx(vctx *v, const simt_insn *in)
{
    uint32_t j = (uint32_t)in->j;
    if (j & ~(uint32_t)SIMT_LDX_KNOWN_BITS)
        return vfail(v, "fused load operand 0x%" PRIx32 " has unknown bits", j);
    if (SIMT_LDX_EXT(j) > 2)
        return vfail(v, "fused load index extension %u out of range (3 exist)", SIMT_LDX_EXT(j));
    if (SIMT_LDX_SHIFT(j) > SIMT_LDX_MAX_SHIFT)
        return vfail(v, "fused load scale 2^%u above 2^%d", SIMT_LDX_SHIFT(j), SIMT_LDX_MAX_SHIFT);
    if (SIMT_LDX_KIND(j) > OP_LD64 - OP_LD8S)
        return vfail(v, "fused load kind %u out of range (6 exist)", SIMT_LDX_KIND(j));
    return 0;
}

/* Opcodes whose i (or c) is an id or a mode. */
static int check_immediates(vctx *v, const simt_insn *in)
{
    const simt_module *m = v->m;
    switch (in->op) {
    case OP_FENCE:
        return in->i != SIMT_FENCE_DEVICE && in->i != SIMT_FENCE_BLOCK
                   ? vfail(v, "a fence's scope (%" PRId32 ") is not 0 or 1", in->i) : 0;
    case OP_YIELD:
    case OP_YIELDJ:
        if (in->b > SIMT_YIELD_POLLS)
            return vfail(v, "a back edge's flags (%u) are not 0 or polls", in->b);
        if (in->op == OP_YIELD)
            return 0;
        /* fall through */
    case OP_JMP:
        return target(v, in->i, "jump target");
    case OP_BRCT:
    case OP_BRCF:
        if (!simt_op_is_compare(in->a))
            return vfail(v, "a fused branch's compare (opcode %u) is not a compare", in->a);
        /* fall through */
    case OP_BRZ:
    case OP_BRNZ:
        if ((in->op == OP_BRZ || in->op == OP_BRNZ) && in->b > SIMT_BR_PREDICATED)
            return vfail(v, "a branch's flags (%u) are not 0 or predicated", in->b);
        if (target(v, in->i, "branch target") < 0)
            return -1;
        return in->j == -1 ? 0 : target(v, in->j, "reconvergence point");
    case OP_CALL:
        if (reg(v, in->a) < 0)
            return -1;
        if (in->a < SIMT_FRAME_LINK) /* the callee's frame would overwrite the caller's links */
            return vfail(v, "call window r%u overlaps the link registers r0..r%d", in->a,
                         SIMT_FRAME_LINK - 1);
        return index_below(v, in->i, m->nfuncs, "function");
    case OP_HCALL:
    case OP_NCALL:
    case OP_LAUNCH:
        return check_x(v, in);
    case OP_INTR:
        if (index_below(v, in->i, INTR_COUNT, "intrinsic") < 0)
            return -1;
        if (in->c != simt_intrinsic_nargs((unsigned)in->i))
            return vfail(v, "intrinsic %s takes %d arguments, not %u",
                         simt_intrinsic_name((unsigned)in->i),
                         simt_intrinsic_nargs((unsigned)in->i), in->c);
        return regs(v, in->b, in->c);
    case OP_TRAP:
        return index_below(v, in->i, m->nstrings, "message string");
    case OP_GADDR:
        return index_below(v, in->i, m->nglobals, "global");
    case OP_SREG:
        return index_below(v, in->i, SREG_COUNT, "special register");
    case OP_SHFL:
        return index_below(v, in->i, SHFL_BFLY + 1, "shuffle mode");
    case OP_VOTE:
        return index_below(v, in->i, VOTE_ALL + 1, "vote kind");
    case OP_REDUX:
        return index_below(v, in->i, REDUX_XOR + 1, "reduction kind");
    case OP_BAR:
        return index_below(v, in->i, BAR_GRID + 1, "barrier kind");
    case OP_ATOMCAS:
        return index_below(v, in->i, ATYPE_U16 + 1, "atomic type");
    case OP_ATOM:
        if (in->i < 0 || (in->i >> 8) > ATOM_XOR || (in->i & 0xff) > ATYPE_F64)
            return vfail(v, "bad atomic operation 0x%" PRIx32, (uint32_t)in->i);
        return 0;
    case OP_LEA:
        return index_below(v, in->j, 3, "index extension");
    case OP_ADDK_I32:
        if (in->j != 0 && in->j != SIMT_ADDK_FOLDS)
            return vfail(v, "an add's flags (%" PRId32 ") are not 0 or folds", in->j);
        return 0;
    case OP_LDX:
        return check_ldx(v, in);
    case OP_LD8S: case OP_LD8U: case OP_LD16S: case OP_LD16U: case OP_LD32: case OP_LD64:
    case OP_ST8: case OP_ST16: case OP_ST32: case OP_ST64:
        if (in->j != 0 && in->j != SIMT_MEM_VOLATILE)
            return vfail(v, "a memory access's flags (%" PRId32 ") are not 0 or volatile", in->j);
        return 0;
    case OP_MATCH_ANY:
    case OP_MATCH_ALL:
        if (in->i != 4 && in->i != 8)
            return vfail(v, "match width %" PRId32 " is not 4 or 8", in->i);
        /* MATCH_ALL also writes its predicate into a+1. */
        return in->op == OP_MATCH_ALL ? reg(v, (uint64_t)in->a + 1) : 0;
    default:
        return 0;
    }
}

static int check_code(vctx *v)
{
    const simt_func *fn = v->fn;
    for (v->pc = fn->entry; v->pc < fn->end; v->pc++) {
        const simt_insn *in = &v->m->code[v->pc];
        if (in->op >= OP_COUNT)
            return vfail(v, "bad opcode %u", in->op);
        if (check_uses(v, in) < 0 || check_immediates(v, in) < 0)
            return -1;
    }
    v->pc = fn->end - 1;
    unsigned last = v->m->code[v->pc].op;
    if (last != OP_JMP && last != OP_YIELDJ && last != OP_RET && last != OP_RETV && last != OP_TRAP)
        return vfail(v, "%s at the end of the function falls through", simt_op_name(last));
    return 0;
}

int simt_module_verify(const simt_module *m, char *err, size_t errlen)
{
    vctx v = { .m = m, .err = err, .errlen = errlen };
    if (err && errlen)
        err[0] = '\0';
    if (!m)
        return vfail(&v, "no module");
    if (check_tables(&v) < 0)
        return -1;
    for (uint32_t f = 0; f < m->nfuncs; f++)
        if (check_func_header(&v, f) < 0)
            return -1;
    int rc = check_overlap(&v);
    if (rc < 0)
        return rc;
    for (uint32_t f = 0; f < m->nfuncs; f++) {
        v.fn = &m->funcs[f];
        if (check_code(&v) < 0)
            return -1;
    }
    return 0;
}
