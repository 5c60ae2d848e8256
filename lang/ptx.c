/* lang/ptx.c -- inline PTX: an asm statement translated into the K
 * statements it stands for, when the parser meets it.
 *
 *     asm volatile ("mov.u32 %0, %%laneid;" : "=r"(lane));
 *  => lane = (unsigned int)<the lane's index>;
 *
 * The template is split into instructions at ';' and newlines; each becomes
 * an assignment to its destination operand, written with K's operators,
 * casts to the instruction's type and the intrinsics (clock64, __popc,
 * __syncthreads...), so the VM, the model and the checkers see what those
 * give: a ld/st through an operand is a real load or store.  %N is operand
 * N (outputs first, then inputs, as GCC numbers them), %%name a special
 * register.  An instruction, modifier, special register or operand form
 * outside the subset below is one error naming it, at the asm statement.
 *
 * Operands are expressions: one used twice in a template is evaluated twice
 * (asm operands are variables in practice).  volatile and the clobbers change
 * nothing here: K never moves or drops a statement. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parser.h"
#include "ptx.h"
#include "templates.h"
#include "types.h"

typedef struct ptx {
    k_ctx *ctx;
    k_loc loc;                /* the asm statement: every node and error is placed here */
    k_asm_op *ops[32];        /* outputs, then inputs */
    int nops, nout;
    int failed;
} ptx;

/* ------------------------------------------------------------ the nodes */
static k_expr *node(ptx *p, k_expr_kind kind, k_expr *l, k_expr *r)
{
    k_expr *e = k_expr_new(p->ctx, kind, p->loc);
    e->lhs = l;
    e->rhs = r;
    uint32_t d = 0;
    if (l && l->depth > d)
        d = l->depth;
    if (r && r->depth > d)
        d = r->depth;
    e->depth = d + 1;
    return e;
}

static k_expr *bin(ptx *p, int op, k_expr *l, k_expr *r)
{
    k_expr *e = node(p, E_BINARY, l, r);
    e->op = op;
    return e;
}

static k_expr *un(ptx *p, int op, k_expr *l)
{
    k_expr *e = node(p, E_UNARY, l, NULL);
    e->op = op;
    return e;
}

static k_expr *num(ptx *p, uint64_t v, int is_unsigned, int is_long)
{
    k_expr *e = node(p, E_INT, NULL, NULL);
    e->ival = v;
    e->int_unsigned = (unsigned char)is_unsigned;
    e->int_long = (unsigned char)is_long;
    return e;
}

static k_expr *ident(ptx *p, const char *name)
{
    k_expr *e = node(p, E_IDENT, NULL, NULL);
    e->name = name;
    return e;
}

static k_expr *member(ptx *p, const char *var, const char *field)
{
    k_expr *e = node(p, E_MEMBER, ident(p, var), NULL);
    e->name = field;
    return e;
}

static k_expr *call(ptx *p, const char *name, int nargs, k_expr *a, k_expr *b, k_expr *c)
{
    k_expr *e = node(p, E_CALL, NULL, NULL);
    e->name = name;
    k_expr *args[3] = { a, b, c };
    e->args = k_alloc(p->ctx, 3 * sizeof *e->args);
    e->nargs = nargs;
    for (int i = 0; i < nargs; i++) {
        e->args[i] = args[i];
        if (args[i]->depth >= e->depth)
            e->depth = args[i]->depth + 1;
    }
    return e;
}

/* Two int arguments more on call e (__simt_bfe's width and signedness). */
static void add_args(ptx *p, k_expr *e, int x, int y)
{
    k_expr **args = k_alloc(p->ctx, (size_t)(e->nargs + 2) * sizeof *args);
    if (!args)
        return;
    memcpy(args, e->args, (size_t)e->nargs * sizeof *args);
    args[e->nargs] = num(p, (uint64_t)x, 0, 0);
    args[e->nargs + 1] = num(p, (uint64_t)y, 0, 0);
    e->args = args;
    e->nargs += 2;
}

static k_expr *cast(ptx *p, k_type *t, k_expr *x)
{
    k_expr *e = node(p, E_CAST, x, NULL);
    e->type_written = t;
    return e;
}

/* ------------------------------------------------------------ errors */
static void fail(ptx *p, const char *fmt, const char *what)
{
    if (p->failed++)
        return;                   /* one error per asm statement */
    char msg[320];
    snprintf(msg, sizeof msg, fmt, what);
    k_error(p->ctx, p->loc, "%s", msg);
}

/* ------------------------------------------------------------ types */
typedef struct ptype {
    const char *name;
    k_type_kind kind;
    int is_float, is_signed, bits;
} ptype;

static const ptype TYPES[] = {
    {"u8", TY_UCHAR, 0, 0, 8},     {"s8", TY_SCHAR, 0, 1, 8},     {"b8", TY_UCHAR, 0, 0, 8},
    {"u16", TY_USHORT, 0, 0, 16},  {"s16", TY_SHORT, 0, 1, 16},   {"b16", TY_USHORT, 0, 0, 16},
    {"u32", TY_UINT, 0, 0, 32},    {"s32", TY_INT, 0, 1, 32},     {"b32", TY_UINT, 0, 0, 32},
    {"u64", TY_ULLONG, 0, 0, 64},  {"s64", TY_LLONG, 0, 1, 64},   {"b64", TY_ULLONG, 0, 0, 64},
    {"f32", TY_FLOAT, 1, 1, 32},   {"f64", TY_DOUBLE, 1, 1, 64},
};

static const ptype *type_named(const char *s)
{
    for (size_t i = 0; i < sizeof TYPES / sizeof TYPES[0]; i++)
        if (!strcmp(TYPES[i].name, s))
            return &TYPES[i];
    return NULL;
}

/* ------------------------------------------------------------ operands */
/* A copy of operand n's expression (each use gets its own tree). */
static k_expr *operand(ptx *p, int n)
{
    if (n < 0 || n >= p->nops) {
        char what[16];
        snprintf(what, sizeof what, "%%%d", n);
        fail(p, "inline PTX operand '%s' does not exist (the asm statement lists fewer operands)",
             what);
        return NULL;
    }
    return k_clone_expr(p->ctx, p->ops[n]->expr, NULL);
}

/* The linear thread index in the block: what %warpid and %laneid count in. */
static k_expr *linear_tid(ptx *p)
{
    k_expr *zy = bin(p, KB_ADD, bin(p, KB_MUL, member(p, "threadIdx", "z"), member(p, "blockDim", "y")),
                     member(p, "threadIdx", "y"));
    return bin(p, KB_ADD, bin(p, KB_MUL, zy, member(p, "blockDim", "x")), member(p, "threadIdx", "x"));
}

/* %%name: a special register's value. */
static k_expr *special(ptx *p, const char *name)
{
    static const struct { const char *ptx, *var; } dims[] = {
        {"tid", "threadIdx"}, {"ntid", "blockDim"}, {"ctaid", "blockIdx"}, {"nctaid", "gridDim"},
    };
    for (size_t i = 0; i < sizeof dims / sizeof dims[0]; i++) {
        size_t n = strlen(dims[i].ptx);
        if (!strncmp(name, dims[i].ptx, n) && name[n] == '.' &&
            (!strcmp(name + n + 1, "x") || !strcmp(name + n + 1, "y") || !strcmp(name + n + 1, "z")))
            return member(p, dims[i].var, name[n + 1] == 'x' ? "x" : name[n + 1] == 'y' ? "y" : "z");
    }
    k_expr *lane = call(p, " laneid", 0, NULL, NULL, NULL);
    if (!strcmp(name, "laneid"))
        return lane;
    if (!strcmp(name, "warpid"))
        return bin(p, KB_DIV, linear_tid(p), ident(p, "warpSize"));
    if (!strcmp(name, "nwarpid"))
        return bin(p, KB_DIV, bin(p, KB_ADD, bin(p, KB_MUL, bin(p, KB_MUL, member(p, "blockDim", "x"),
                   member(p, "blockDim", "y")), member(p, "blockDim", "z")),
                   bin(p, KB_SUB, ident(p, "warpSize"), num(p, 1, 0, 0))), ident(p, "warpSize"));
    if (!strcmp(name, "clock"))
        return cast(p, k_ty(p->ctx, TY_UINT), call(p, "clock", 0, NULL, NULL, NULL));
    if (!strcmp(name, "clock64"))
        return cast(p, k_ty(p->ctx, TY_ULLONG), call(p, "clock64", 0, NULL, NULL, NULL));
    k_expr *one = num(p, 1, 1, 0);
    if (!strcmp(name, "lanemask_eq"))
        return bin(p, KB_SHL, one, lane);
    k_expr *lt = bin(p, KB_SUB, bin(p, KB_SHL, one, lane), num(p, 1, 1, 0));
    k_expr *le = bin(p, KB_SUB, bin(p, KB_SHL, num(p, 2, 1, 0), call(p, " laneid", 0, NULL, NULL, NULL)),
                     num(p, 1, 1, 0));
    if (!strcmp(name, "lanemask_lt"))
        return lt;
    if (!strcmp(name, "lanemask_le"))
        return le;
    if (!strcmp(name, "lanemask_gt"))
        return un(p, KU_BITNOT, le);
    if (!strcmp(name, "lanemask_ge"))
        return un(p, KU_BITNOT, lt);
    fail(p, "inline PTX special register '%%%s' is not supported by simtvm (supported: %%laneid, "
         "%%warpid, %%nwarpid, %%tid, %%ntid, %%ctaid, %%nctaid, %%clock, %%clock64, %%lanemask_*)",
         name);
    return NULL;
}

/* A PTX float immediate 0fXXXXXXXX / 0dXXXXXXXXXXXXXXXX (IEEE bits in hex). */
static k_expr *float_bits(ptx *p, const char *s)
{
    char *end;
    uint64_t bits = strtoull(s + 2, &end, 16);
    if (*end || end == s + 2)
        return NULL;
    k_expr *e = node(p, E_FLOAT, NULL, NULL);
    if (s[1] == 'f' || s[1] == 'F') {
        uint32_t b = (uint32_t)bits;
        float f;
        memcpy(&f, &b, sizeof f);
        e->fval = f;
        e->is_single = 1;
    } else {
        memcpy(&e->fval, &bits, sizeof e->fval);
    }
    return e;
}

/* One source operand: %N, %%reg, or an immediate. */
static k_expr *source(ptx *p, const char *s)
{
    if (s[0] == '%' && s[1] >= '0' && s[1] <= '9' && strspn(s + 1, "0123456789") == strlen(s + 1))
        return operand(p, atoi(s + 1));
    if (s[0] == '%' && s[1] == '%' && s[2])
        return special(p, s + 2);
    if (s[0] == '0' && (s[1] == 'f' || s[1] == 'F' || s[1] == 'd' || s[1] == 'D')) {
        k_expr *f = float_bits(p, s);
        if (f)
            return f;
    }
    char *end;
    int neg = s[0] == '-';
    unsigned long long v = strtoull(s + neg, &end, 0);
    if (*s && !*end && end != s + neg)
        return neg ? un(p, KU_NEG, num(p, v, 0, 2)) : num(p, v, 0, 2);
    fail(p, "inline PTX operand '%s' is not supported by simtvm (write %%N for an asm operand, "
         "%%%%name for a special register, or a number)", s);
    return NULL;
}

/* [%N] or [%N+imm]: the address, as a char pointer. */
static k_expr *address(ptx *p, const char *s)
{
    size_t n = strlen(s);
    if (n < 3 || s[0] != '[' || s[n - 1] != ']') {
        fail(p, "inline PTX address '%s' is not supported by simtvm (write [%%N] or [%%N+offset])", s);
        return NULL;
    }
    char buf[64];
    snprintf(buf, sizeof buf, "%.*s", (int)(n - 2), s + 1);
    char *plus = strchr(buf, '+');
    if (plus)
        *plus = '\0';
    k_type *cp = k_ty(p->ctx, TY_PTR);
    cp->base = k_ty(p->ctx, TY_CHAR);
    k_expr *base = buf[0] == '%' && buf[1] != '%' ? source(p, buf) : NULL;
    if (!base) {
        fail(p, "inline PTX address '%s' is not supported by simtvm (write [%%N] or [%%N+offset])", s);
        return NULL;
    }
    k_expr *a = cast(p, cp, base);
    if (plus) {
        k_expr *off = source(p, plus + 1);
        if (!off)
            return NULL;
        a = bin(p, KB_ADD, a, off);
    }
    return a;
}

/* *(T *)addr */
/* *(T *)addr; a strong access (ld/st .volatile, .relaxed, .acquire,
 * .release) through a volatile T, as the race checker reads it (vm/opcodes.h
 * SIMT_MEM_VOLATILE). */
static k_expr *deref(ptx *p, const ptype *t, k_expr *addr, int strong)
{
    k_type *pt = k_ty(p->ctx, TY_PTR);
    pt->base = k_ty(p->ctx, t->kind);
    if (strong)
        pt->base->quals |= Q_VOLATILE;
    return un(p, KU_DEREF, cast(p, pt, addr));
}

/* ------------------------------------------------------------ instructions */
typedef struct insn {
    char op[16];
    char mods[8][16];         /* the dot-separated parts after the name */
    int nmods;
    const ptype *type;        /* the last type modifier (the destination's for cvt) */
    const ptype *type2;       /* cvt: the source type */
    char args[4][64];
    int nargs;
} insn;

static int has_mod(const insn *in, const char *m)
{
    for (int i = 0; i < in->nmods; i++)
        if (!strcmp(in->mods[i], m))
            return 1;
    return 0;
}

/* Modifiers that change nothing in K's arithmetic (round to nearest is
 * what K's operators do; lo is C's product); any other is an error. */
static int check_mods(ptx *p, const insn *in, const char *const *allowed)
{
    for (int i = 0; i < in->nmods; i++) {
        if (type_named(in->mods[i]))
            continue;
        int ok = 0;
        for (const char *const *a = allowed; *a && !ok; a++)
            ok = !strcmp(*a, in->mods[i]);
        if (!ok) {
            char what[40];
            snprintf(what, sizeof what, "%s.%s", in->op, in->mods[i]);
            fail(p, "inline PTX modifier '%s' is not supported by simtvm", what);
            return 0;
        }
    }
    return 1;
}

static k_expr *src_as(ptx *p, const insn *in, int k, const ptype *t)
{
    if (k >= in->nargs) {
        fail(p, "inline PTX instruction '%s' has too few operands", in->op);
        return NULL;
    }
    k_expr *e = source(p, in->args[k]);
    return e ? cast(p, k_ty(p->ctx, t->kind), e) : NULL;
}

/* c ? a : b */
static k_expr *choose(ptx *p, k_expr *c, k_expr *a, k_expr *b)
{
    k_expr *e = node(p, E_COND, a, b);
    e->cond = c;
    e->depth = c->depth + 1 > e->depth ? c->depth + 1 : e->depth;
    return e;
}

/* bfind[.shiftamt].{u32,s32,u64,s64} d, a: the position of a's most
 * significant bit that differs from its sign (a 1 of an unsigned or a
 * non-negative value, a 0 of a negative one), or with .shiftamt the left
 * shift that brings it to the top; 0xffffffff when there is none. */
static k_expr *bfind(ptx *p, const insn *in)
{
    static const char *const shiftamt[] = { "shiftamt", NULL };
    const ptype *t = in->type;
    if (!check_mods(p, in, shiftamt) || t->is_float || t->bits < 32)
        return t->is_float || t->bits < 32
               ? (fail(p, "inline PTX instruction '%s' needs .u32, .s32, .u64 or .s64", "bfind"), NULL)
               : NULL;
    int w = t->bits == 64;
    const ptype *u = type_named(w ? "u64" : "u32");
    k_expr *bits[2];   /* a with its sign bits cleared: the test's copy and clz's */
    for (int i = 0; i < 2; i++) {
        k_expr *a = src_as(p, in, 1, t);
        if (!a)
            return NULL;
        if (t->is_signed)
            a = choose(p, bin(p, KB_LT, a, num(p, 0, 0, 0)), un(p, KU_BITNOT, src_as(p, in, 1, t)),
                       src_as(p, in, 1, t));
        bits[i] = cast(p, k_ty(p->ctx, u->kind), a);
    }
    k_expr *clz = call(p, w ? "__clzll" : "__clz", 1, bits[1], NULL, NULL);
    k_expr *pos = has_mod(in, "shiftamt") ? clz : bin(p, KB_SUB, num(p, w ? 63 : 31, 0, 0), clz);
    k_expr *none = num(p, 0xffffffffu, 1, 0);
    return cast(p, k_ty(p->ctx, TY_UINT),
                choose(p, bin(p, KB_NE, bits[0], num(p, 0, 0, 0)),
                       cast(p, k_ty(p->ctx, TY_UINT), pos), none));
}

/* Byte k of operand n (in->args[n]) as an int: signed or not. */
static k_expr *byte_of(ptx *p, const insn *in, int n, int k, int sign)
{
    k_expr *v = bin(p, KB_SHR, src_as(p, in, n, type_named("u32")), num(p, 8u * k, 0, 0));
    return cast(p, k_ty(p->ctx, TY_INT), cast(p, k_ty(p->ctx, sign ? TY_SCHAR : TY_UCHAR), v));
}

/* vabsdiff4.dtype.atype.btype[.add] d, a, b, c: the four bytes' absolute
 * differences packed, or with .add their sum plus c (SAD).  The bytes are
 * signed when atype is .s32.  (Written out here: the asm text is not seen
 * by the preprocessor that brings in the __vabsdiffu4 family.) */
static k_expr *vabsdiff4(ptx *p, const insn *in)
{
    static const char *const add[] = { "add", NULL };
    if (!check_mods(p, in, add) || !in->type || in->type->bits != 32 || in->type->is_float)
        return p->failed ? NULL : (fail(p, "inline PTX instruction '%s' needs .u32 or .s32 types",
                                        "vabsdiff4"), NULL);
    if (in->nargs < 3 + has_mod(in, "add")) {
        fail(p, "inline PTX instruction '%s' has too few operands", in->op);
        return NULL;
    }
    int sign = in->type2 ? in->type2->is_signed : in->type->is_signed;
    int sum = has_mod(in, "add");
    k_expr *result = sum ? src_as(p, in, 3, type_named("u32")) : NULL;
    for (int k = 0; k < 4; k++) {
        k_expr *d = choose(p, bin(p, KB_GT, byte_of(p, in, 1, k, sign), byte_of(p, in, 2, k, sign)),
                           bin(p, KB_SUB, byte_of(p, in, 1, k, sign), byte_of(p, in, 2, k, sign)),
                           bin(p, KB_SUB, byte_of(p, in, 2, k, sign), byte_of(p, in, 1, k, sign)));
        k_expr *part = cast(p, k_ty(p->ctx, TY_UINT), d);
        if (!sum)
            part = bin(p, KB_SHL, cast(p, k_ty(p->ctx, TY_UINT), cast(p, k_ty(p->ctx, TY_UCHAR), part)),
                       num(p, 8u * k, 0, 0));
        result = result ? bin(p, sum ? KB_ADD : KB_BITOR, result, part) : part;
    }
    return cast(p, k_ty(p->ctx, TY_UINT), result);
}

/* The value an arithmetic instruction computes, or NULL. */
static k_expr *arith(ptx *p, const insn *in)
{
    static const char *const none[] = { NULL };
    static const char *const rn[] = { "rn", NULL };
    static const char *const mul_mods[] = { "lo", "rn", "wide", "hi", NULL };
    static const struct { const char *op; int binop; } bins[] = {
        {"add", KB_ADD}, {"sub", KB_SUB}, {"and", KB_BITAND}, {"or", KB_BITOR}, {"xor", KB_BITXOR},
        {"rem", KB_MOD}, {"shl", KB_SHL}, {"shr", KB_SHR}, {"div", KB_DIV},
    };
    const ptype *t = in->type;
    if (!t) {
        fail(p, "inline PTX instruction '%s' needs a type (.u32, .s32, .f32 ...)", in->op);
        return NULL;
    }
    const ptype *u32 = type_named("u32");
    for (size_t i = 0; i < sizeof bins / sizeof bins[0]; i++) {
        if (strcmp(in->op, bins[i].op))
            continue;
        if (!check_mods(p, in, t->is_float ? rn : none))
            return NULL;
        int shift = bins[i].binop == KB_SHL || bins[i].binop == KB_SHR;
        k_expr *a = src_as(p, in, 1, t), *b = src_as(p, in, 2, shift ? u32 : t);
        return a && b ? cast(p, k_ty(p->ctx, t->kind), bin(p, bins[i].binop, a, b)) : NULL;
    }
    if (!strcmp(in->op, "mul") || !strcmp(in->op, "mad")) {
        if (!check_mods(p, in, mul_mods))
            return NULL;
        int wide = has_mod(in, "wide"), mad = in->op[1] == 'a';
        if (has_mod(in, "hi")) {
            fail(p, "inline PTX modifier '%s' is not supported by simtvm (use __umulhi/__mulhi)",
                 "mul.hi");
            return NULL;
        }
        const ptype *rt = wide ? type_named(t->is_signed ? "s64" : "u64") : t;
        k_expr *a = src_as(p, in, 1, t), *b = src_as(p, in, 2, t);
        if (!a || !b)
            return NULL;
        if (wide)
            a = cast(p, k_ty(p->ctx, rt->kind), a), b = cast(p, k_ty(p->ctx, rt->kind), b);
        if (mad && t->is_float) {  /* mad.rn.f32 is fused, as fma is */
            k_expr *c = src_as(p, in, 3, t);
            return c ? call(p, t->bits == 32 ? "fmaf" : "fma", 3, a, b, c) : NULL;
        }
        k_expr *prod = cast(p, k_ty(p->ctx, rt->kind), bin(p, KB_MUL, a, b));
        if (!mad)
            return prod;
        k_expr *c = src_as(p, in, 3, rt);
        return c ? cast(p, k_ty(p->ctx, rt->kind), bin(p, KB_ADD, prod, c)) : NULL;
    }
    if (!strcmp(in->op, "fma")) {
        if (!t->is_float || !check_mods(p, in, rn))
            return !t->is_float ? (fail(p, "inline PTX instruction '%s' needs .f32 or .f64", "fma"), NULL)
                                : NULL;
        k_expr *a = src_as(p, in, 1, t), *b = src_as(p, in, 2, t), *c = src_as(p, in, 3, t);
        return a && b && c ? call(p, t->bits == 32 ? "fmaf" : "fma", 3, a, b, c) : NULL;
    }
    if (!strcmp(in->op, "neg") || !strcmp(in->op, "not")) {
        if (!check_mods(p, in, none))
            return NULL;
        k_expr *a = src_as(p, in, 1, t);
        return a ? cast(p, k_ty(p->ctx, t->kind), un(p, in->op[0] == 'n' && in->op[1] == 'e'
                                                            ? KU_NEG : KU_BITNOT, a)) : NULL;
    }
    if (!strcmp(in->op, "min") || !strcmp(in->op, "max")) {
        if (!check_mods(p, in, none))
            return NULL;
        k_expr *a = src_as(p, in, 1, t), *b = src_as(p, in, 2, t);
        if (!a || !b)
            return NULL;
        if (t->is_float)
            return call(p, t->bits == 32 ? (in->op[1] == 'i' ? "fminf" : "fmaxf")
                                         : (in->op[1] == 'i' ? "fmin" : "fmax"), 2, a, b, NULL);
        return choose(p, bin(p, in->op[1] == 'i' ? KB_LT : KB_GT, src_as(p, in, 1, t),
                             src_as(p, in, 2, t)), a, b);
    }
    if (!strcmp(in->op, "popc") || !strcmp(in->op, "clz") || !strcmp(in->op, "brev")) {
        if (!check_mods(p, in, none) || t->is_float)
            return t->is_float ? (fail(p, "inline PTX instruction '%s' needs .b32 or .b64", in->op), NULL)
                               : NULL;
        int w = t->bits == 64;
        const char *name = in->op[0] == 'p' ? (w ? "__popcll" : "__popc")
                         : in->op[0] == 'c' ? (w ? "__clzll" : "__clz") : (w ? "__brevll" : "__brev");
        k_expr *a = src_as(p, in, 1, t);
        return a ? call(p, name, 1, a, NULL, NULL) : NULL;
    }
    if (!strcmp(in->op, "bfind"))
        return bfind(p, in);
    if (!strcmp(in->op, "vabsdiff4"))
        return vabsdiff4(p, in);
    if (!strcmp(in->op, "bfe")) {   /* d = bfe(a, pos, len): lang/int_intrinsics.c */
        if (!check_mods(p, in, none) || t->is_float)
            return t->is_float ? (fail(p, "inline PTX instruction '%s' needs .u32, .s32, .u64 "
                                       "or .s64", "bfe"), NULL) : NULL;
        const ptype *u64 = type_named("u64");
        k_expr *a = src_as(p, in, 1, u64), *b = src_as(p, in, 2, u32), *c = src_as(p, in, 3, u32);
        if (!a || !b || !c)
            return NULL;
        k_expr *e = call(p, "__simt_bfe", 3, a, b, c);
        add_args(p, e, t->bits, t->is_signed);
        return cast(p, k_ty(p->ctx, t->kind), e);
    }
    if (!strcmp(in->op, "cvt")) {
        static const char *const cvt_mods[] = { "rn", "rzi", NULL };
        if (!check_mods(p, in, cvt_mods) || !in->type2)
            return in->type2 ? NULL : (fail(p, "inline PTX instruction '%s' needs two types "
                                            "(cvt.f32.s32)", "cvt"), NULL);
        /* rzi: toward zero, as C's conversion of a float to an integer */
        k_expr *a = src_as(p, in, 1, in->type2);
        return a ? cast(p, k_ty(p->ctx, t->kind), a) : NULL;
    }
    return NULL;
}

/* The fence of an acquire load or a release store's scope: memory here is
 * one coherent store, so ld.acquire is the load and then the fence
 * (st.release the fence and then the store), the order the checkers see
 * in a fence-and-flag hand-over. */
static k_stmt *fence(ptx *p, const insn *in)
{
    k_stmt *st = k_stmt_new(p->ctx, S_EXPR, p->loc);
    const char *name = has_mod(in, "cta") ? "__threadfence_block"
                     : has_mod(in, "sys") ? "__threadfence_system" : "__threadfence";
    st->expr = call(p, name, 0, NULL, NULL, NULL);
    return st;
}

/* { first; second; } */
static k_stmt *pair(ptx *p, k_stmt *first, k_stmt *second)
{
    k_stmt *block = k_stmt_new(p->ctx, S_BLOCK, p->loc);
    block->stmts = k_alloc(p->ctx, 2 * sizeof *block->stmts);
    block->stmts[0] = first;
    block->stmts[1] = second;
    block->nstmts = 2;
    return block;
}

/* A memory instruction with a strong ordering (PTX's memory model: morally
 * strong accesses do not race with each other). */
static int strong(const insn *in)
{
    return has_mod(in, "volatile") || has_mod(in, "relaxed") || has_mod(in, "acquire") ||
           has_mod(in, "release");
}

/* One instruction: the statement it stands for, or NULL (an error). */
static k_stmt *translate(ptx *p, insn *in)
{
    k_stmt *st = k_stmt_new(p->ctx, S_EXPR, p->loc);
    if ((!strcmp(in->op, "bar") || !strcmp(in->op, "barrier")) && in->nmods == 0) {
        fail(p, "inline PTX '%s' needs its modifier (write bar.sync 0: ptxas requires one)",
             in->op);
        return NULL;
    }
    if ((!strcmp(in->op, "bar") || !strcmp(in->op, "barrier")) && has_mod(in, "sync") &&
        in->nargs == 1 && !strcmp(in->args[0], "0")) {
        st->expr = call(p, "__syncthreads", 0, NULL, NULL, NULL);
        return st;
    }
    if (!strcmp(in->op, "membar") && in->nmods == 1 &&
        (!strcmp(in->mods[0], "gl") || !strcmp(in->mods[0], "cta"))) {
        st->expr = call(p, in->mods[0][0] == 'g' ? "__threadfence" : "__threadfence_block", 0,
                        NULL, NULL, NULL);
        return st;
    }
    if (!strcmp(in->op, "st")) {
        static const char *const spaces[] = { "global", "shared", "local", "volatile", "weak",
                                              "relaxed", "release", "cta", "gpu", "sys", NULL };
        if (!in->type || in->nargs != 2 || !check_mods(p, in, spaces))
            return in->type && in->nargs == 2 ? NULL
                   : (fail(p, "inline PTX instruction '%s' needs a type and [address], value", "st"), NULL);
        k_expr *a = address(p, in->args[0]), *v = src_as(p, in, 1, in->type);
        if (!a || !v)
            return NULL;
        st->expr = node(p, E_ASSIGN, deref(p, in->type, a, strong(in)), v);
        return has_mod(in, "release") ? pair(p, fence(p, in), st) : st;
    }
    int is_dst_op = in->nargs >= 1 && in->args[0][0] == '%' && in->args[0][1] >= '0' &&
                    in->args[0][1] <= '9';
    k_expr *value = NULL;
    if (!strcmp(in->op, "mov")) {
        if (check_mods(p, in, (const char *const[]){ NULL }) && in->type)
            value = src_as(p, in, 1, in->type);
        else if (!in->type)
            fail(p, "inline PTX instruction '%s' needs a type (.u32, .s32, .f32 ...)", "mov");
    } else if (!strcmp(in->op, "ld")) {
        static const char *const spaces[] = { "global", "shared", "local", "const", "nc", "volatile",
                                              "weak", "relaxed", "acquire", "cta", "gpu", "sys",
                                              NULL };
        if (!in->type || in->nargs != 2)
            fail(p, "inline PTX instruction '%s' needs a type and value, [address]", "ld");
        else if (check_mods(p, in, spaces)) {
            k_expr *a = address(p, in->args[1]);
            value = a ? deref(p, in->type, a, strong(in)) : NULL;
        }
    } else {
        value = arith(p, in);
        if (!value && !p->failed) {
            char what[40];
            snprintf(what, sizeof what, "%s", in->op);
            fail(p, "inline PTX instruction '%s' is not supported by simtvm (supported: mov, ld, st, "
                 "add, sub, mul, mad, fma, div, rem, neg, min, max, and, or, xor, not, shl, shr, "
                 "popc, clz, brev, bfe, bfind, vabsdiff4, cvt, bar.sync, membar)", what);
        }
    }
    if (!value)
        return NULL;
    if (!is_dst_op || atoi(in->args[0] + 1) >= p->nout) {
        fail(p, "inline PTX instruction '%s' must write an output operand (%%N of an \"=r\" or "
             "\"+r\" operand)", in->op);
        return NULL;
    }
    k_expr *dst = operand(p, atoi(in->args[0] + 1));
    if (!dst)
        return NULL;
    st->expr = node(p, E_ASSIGN, dst, value);
    st->expr->op = KB_NONE;
    return !strcmp(in->op, "ld") && has_mod(in, "acquire") ? pair(p, st, fence(p, in)) : st;
}

/* Splits "mad.lo.s32 %0, %1, %2, %3" into its parts. */
static int split(ptx *p, const char *text, insn *in)
{
    memset(in, 0, sizeof *in);
    size_t n = strcspn(text, " \t");
    char head[96];
    snprintf(head, sizeof head, "%.*s", (int)(n < sizeof head ? n : sizeof head - 1), text);
    if (head[0] == '@' || head[0] == '.' || head[0] == '{' || head[0] == '}') {
        fail(p, head[0] == '@' ? "predicated inline PTX ('%s') is not supported by simtvm"
             : "inline PTX declarations and blocks ('%s') are not supported by simtvm", head);
        return 0;
    }
    char *save = NULL, *part = strtok_r(head, ".", &save);
    snprintf(in->op, sizeof in->op, "%s", part ? part : "");
    while ((part = strtok_r(NULL, ".", &save)) && in->nmods < 8) {
        snprintf(in->mods[in->nmods++], sizeof in->mods[0], "%s", part);
        const ptype *t = type_named(part);
        if (t && !in->type)
            in->type = t;
        else if (t)
            in->type2 = t;
    }
    const char *rest = text + n;
    while (*rest && in->nargs < 4) {
        rest += strspn(rest, " \t,");
        size_t m = strcspn(rest, ",");
        if (!m)
            break;
        size_t k = m;
        while (k && (rest[k - 1] == ' ' || rest[k - 1] == '\t'))
            k--;
        snprintf(in->args[in->nargs++], sizeof in->args[0], "%.*s", (int)k, rest);
        rest += m;
    }
    return 1;
}

/* The constraint letters: = or + for an output, then r l h f d (registers)
 * or n (an immediate). */
static int check_operand(ptx *p, const k_asm_op *op, int output)
{
    const char *c = op->constraint && op->constraint->str ? op->constraint->str : "";
    if (output && c[0] != '=' && c[0] != '+') {
        fail(p, "inline PTX output constraint '%s' must begin with '=' or '+'", c);
        return 0;
    }
    const char *letters = c + strspn(c, "=+&");
    if (!*letters || strspn(letters, "rlhfdnc") != strlen(letters)) {
        fail(p, "inline PTX constraint '%s' is not supported by simtvm (r, l, h, f, d, n)", c);
        return 0;
    }
    return 1;
}

k_asm_op *k_parse_asm_op(k_ctx *ctx, k_loc loc, k_expr *constraint, k_expr *expr)
{
    k_asm_op *op = k_alloc(ctx, sizeof *op);
    if (op) {
        op->loc = loc;
        op->constraint = constraint;
        op->expr = expr;
    }
    return op;
}

static int gather(ptx *p, void **sections, int nsections)
{
    if (nsections > 3) {
        fail(p, "%s", "inline PTX with goto labels (asm goto) is not supported by simtvm");
        return 0;
    }
    for (int s = 0; s < 2 && s < nsections; s++) {
        k_list *ops = sections[s];
        for (int i = 0; ops && i < ops->n; i++) {
            k_asm_op *op = ops->items[i];
            if (!op || !op->expr) {
                fail(p, "%s", "inline PTX operand without an expression: write \"r\"(x)");
                return 0;
            }
            if (!check_operand(p, op, s == 0))
                return 0;
            if (p->nops == (int)(sizeof p->ops / sizeof p->ops[0])) {
                fail(p, "%s", "inline PTX with more than 32 operands");
                return 0;
            }
            p->ops[p->nops++] = op;
            if (s == 0)
                p->nout++;
        }
    }
    return 1;
}

k_stmt *k_parse_asm(k_ctx *ctx, k_loc loc, k_expr *tmpl, void **sections, int nsections)
{
    ptx p = { .ctx = ctx, .loc = loc };
    k_stmt *block = k_stmt_new(ctx, S_BLOCK, loc);
    if (!tmpl || !tmpl->str || !gather(&p, sections, nsections))
        return NULL;
    int cap = 4;
    block->stmts = k_alloc(ctx, (size_t)cap * sizeof *block->stmts);
    const char *s = tmpl->str;
    while (*s && !p.failed) {
        size_t n = strcspn(s, ";\n");
        char text[256];
        const char *b = s;
        while (b < s + n && (*b == ' ' || *b == '\t' || *b == '\r'))
            b++;
        size_t len = (size_t)(s + n - b);
        while (len && (b[len - 1] == ' ' || b[len - 1] == '\t' || b[len - 1] == '\r'))
            len--;
        s += n + (s[n] != '\0');
        if (!len)
            continue;
        snprintf(text, sizeof text, "%.*s", (int)(len < sizeof text ? len : sizeof text - 1), b);
        insn in;
        if (!split(&p, text, &in))
            break;
        k_stmt *st = translate(&p, &in);
        if (!st)
            break;
        if (block->nstmts == cap) {
            k_stmt **more = k_alloc(ctx, (size_t)cap * 2 * sizeof *more);
            memcpy(more, block->stmts, (size_t)cap * sizeof *more);
            block->stmts = more;
            cap *= 2;
        }
        block->stmts[block->nstmts++] = st;
    }
    return p.failed ? NULL : block;
}
