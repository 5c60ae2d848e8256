/* lang/types.c -- sizes, conversions and spelling of K types (see types.h). */
#include <stdio.h>
#include <string.h>

#include "types.h"

k_type *k_ty(k_ctx *ctx, k_type_kind kind)
{
    k_type *t = k_alloc(ctx, sizeof *t);
    t->kind = kind;
    t->length = -1;
    return t;
}

/* std::nullptr_t: a void * (its size, its null value) that overloading and
 * conversions tell apart (lang/overload.c). */
k_type *k_ty_nullptr(k_ctx *ctx)
{
    k_type *t = k_type_ptr(ctx, k_ty(ctx, TY_VOID));
    t->is_nullptr = 1;
    t->alias = "std::nullptr_t";
    return t;
}

k_type *k_ty_qualified(k_ctx *ctx, const k_type *t, unsigned quals)
{
    k_type *q = k_alloc(ctx, sizeof *q);
    *q = *t;
    q->quals |= quals;
    return q;
}

int k_kind_is_integer(k_type_kind k)
{
    return k >= TY_BOOL && k <= TY_ULLONG;
}

int k_kind_is_float(k_type_kind k)
{
    return k == TY_FLOAT || k == TY_DOUBLE;
}

int k_kind_is_signed(k_type_kind k)
{
    switch (k) {
    case TY_CHAR: case TY_SCHAR: case TY_SHORT: case TY_INT: case TY_LONG: case TY_LLONG:
        return 1;
    default:
        return 0;
    }
}

int k_kind_bits(k_type_kind k)
{
    switch (k) {
    case TY_BOOL: case TY_CHAR: case TY_SCHAR: case TY_UCHAR: return 8;
    case TY_SHORT: case TY_USHORT: return 16;
    case TY_INT: case TY_UINT: case TY_FLOAT: return 32;
    default: return 64;
    }
}

k_type_kind k_kind_promote(k_type_kind k)
{
    switch (k) {
    case TY_BOOL: case TY_CHAR: case TY_SCHAR: case TY_UCHAR: case TY_SHORT: case TY_USHORT:
        return TY_INT;
    default:
        return k;
    }
}

/* Conversion rank of the promoted integer kinds: long and long long share a
 * width, and C gives long long the higher rank. */
static int int_rank(k_type_kind k)
{
    switch (k) {
    case TY_INT: case TY_UINT: return 1;
    case TY_LONG: case TY_ULONG: return 2;
    default: return 3;
    }
}

static k_type_kind to_unsigned(k_type_kind k)
{
    switch (k) {
    case TY_INT: return TY_UINT;
    case TY_LONG: return TY_ULONG;
    case TY_LLONG: return TY_ULLONG;
    default: return k;
    }
}

k_type_kind k_kind_usual(k_type_kind a, k_type_kind b)
{
    if (a == TY_DOUBLE || b == TY_DOUBLE)
        return TY_DOUBLE;
    if (a == TY_FLOAT || b == TY_FLOAT)
        return TY_FLOAT;
    a = k_kind_promote(a);
    b = k_kind_promote(b);
    if (a == b)
        return a;
    int sa = k_kind_is_signed(a), sb = k_kind_is_signed(b);
    int ra = int_rank(a), rb = int_rank(b);
    if (sa == sb)
        return ra >= rb ? a : b;
    k_type_kind u = sa ? b : a, s = sa ? a : b;
    int ru = sa ? rb : ra, rs = sa ? ra : rb;
    if (ru >= rs)
        return u;
    if (k_kind_bits(s) > k_kind_bits(u))
        return s;
    return to_unsigned(s);
}

/* A cooperative group's descriptor is a TY_ULLONG but not a number: no
 * arithmetic, condition or cast takes it (lang/cg.c). */
int k_ty_is_integer(const k_type *t) { return t && !t->cg && k_kind_is_integer(t->kind); }
int k_ty_is_nullptr(const k_type *t) { return t && t->kind == TY_PTR && t->is_nullptr; }
int k_ty_is_float(const k_type *t) { return t && k_kind_is_float(t->kind); }
int k_ty_is_arith(const k_type *t) { return k_ty_is_integer(t) || k_ty_is_float(t); }

int k_ty_is_scalar(const k_type *t)
{
    return k_ty_is_arith(t) || (t && (t->kind == TY_PTR || t->kind == TY_ARRAY));
}

int k_ty_is_record(const k_type *t)
{
    return t && (t->kind == TY_DIM3 || t->kind == TY_UINT3 || t->kind == TY_DEVPROP ||
                 t->kind == TY_RECORD);
}

int64_t k_ty_size(const k_type *t)
{
    if (!t)
        return -1;
    switch (t->kind) {
    case TY_VOID: case TY_FUNC: return -1;
    case TY_PTR:   /* a pointer to a member function: g++'s {function, this adjustment} */
        return t->memptr_class ? 16 : 8;
    case TY_REF: return 8;   /* a reference holds an address */
    case TY_AUTO: case TY_DECLTYPE: return -1;
    case TY_CLOSURE:   /* the lambda's own type: a generic lambda's grows with its calls */
        return t->lambda && t->lambda->type ? t->lambda->type->closure_size : t->closure_size;
    case TY_DIM3: case TY_UINT3: return 12;
    case TY_DEVPROP: return 712; /* runtime/deviceprop.def */
    case TY_RECORD: return t->rec && t->rec->layout_state == 2 ? t->rec->size : -1;
    case TY_ARRAY: {
        int64_t e = k_ty_size(t->base);
        if (t->length < 0 || e < 0)
            return -1;
        return t->length * e;
    }
    default:
        return k_kind_bits(t->kind) / 8;
    }
}

int k_ty_align(const k_type *t)
{
    if (!t)
        return 1;
    switch (t->kind) {
    case TY_ARRAY: return k_ty_align(t->base);
    case TY_DIM3: case TY_UINT3: return 4;
    case TY_DEVPROP: case TY_CLOSURE: return 8;
    case TY_RECORD: return t->rec && t->rec->layout_state == 2 ? t->rec->align : 1;
    case TY_VOID: case TY_FUNC: return 1;
    default: return (int)k_ty_size(t);
    }
}

static int record_kind(k_type_kind k)
{
    return k == TY_UINT3 ? TY_DIM3 : (int)k;
}

/* `int S::*` and `R (S::*)(P)`: the same class, member type, parameters. */
static int same_member_pointer(const k_type *a, const k_type *b)
{
    if (!a->memptr_class || !b->memptr_class || !k_ty_same(a->memptr_class, b->memptr_class) ||
        !k_ty_same(a->base, b->base))
        return 0;
    if (a->kind != TY_PTR)
        return 1;
    const k_type *f = a->base, *g = b->base;
    if (f->nparams != g->nparams)
        return 0;
    for (int i = 0; i < f->nparams; i++)
        if (!k_ty_same(f->params[i], g->params[i]) ||
            (f->params[i]->kind == TY_PTR && g->params[i]->kind == TY_PTR &&
             (f->params[i]->base->quals & Q_CONST) != (g->params[i]->base->quals & Q_CONST)))
            return 0;
    return 1;
}

int k_ty_same(const k_type *a, const k_type *b)
{
    if (a == b)
        return 1;
    if (!a || !b || record_kind(a->kind) != record_kind(b->kind))
        return 0;
    if (a->memptr_class || b->memptr_class)   /* lang/member_pointers.c */
        return same_member_pointer(a, b);
    switch (a->kind) {
    case TY_PTR:
        return (a->base->quals & ~Q_RESTRICT) == (b->base->quals & ~Q_RESTRICT) &&
               k_ty_same(a->base, b->base);
    case TY_ARRAY:
        return a->length == b->length && k_ty_same(a->base, b->base);
    case TY_FUNC:
        return k_ty_same(a->base, b->base);
    case TY_REF:
        return a->rvalue_ref == b->rvalue_ref &&
               (a->base->quals & Q_CONST) == (b->base->quals & Q_CONST) &&
               k_ty_same(a->base, b->base);
    case TY_CLOSURE:
        return a->lambda == b->lambda;
    case TY_RECORD:
        return a->rec == b->rec;
    default:
        return 1;
    }
}

static const char *kind_name(const k_type *t)
{
    if (t->alias)
        return t->alias;
    switch (t->kind) {
    case TY_VOID: return "void";
    case TY_BOOL: return "bool";
    case TY_CHAR: return "char";
    case TY_SCHAR: return "signed char";
    case TY_UCHAR: return "unsigned char";
    case TY_SHORT: return "short";
    case TY_USHORT: return "unsigned short";
    case TY_INT: return "int";
    case TY_UINT: return "unsigned int";
    case TY_LONG: return "long";
    case TY_ULONG: return "unsigned long";
    case TY_LLONG: return "long long";
    case TY_ULLONG: return "unsigned long long";
    case TY_FLOAT: return "float";
    case TY_DOUBLE: return "double";
    case TY_DIM3: return "dim3";
    case TY_UINT3: return "uint3";
    case TY_DEVPROP: return "cudaDeviceProp";
    case TY_AUTO: return t->decltype_kind == K_DT_AUTO ? "decltype(auto)" : "auto";
    case TY_DECLTYPE: return t->decltype_kind == K_DT_TYPEOF ? "__typeof__(...)" : "decltype(...)";
    case TY_CLOSURE: return "lambda";
    case TY_RECORD: return k_record_name(t->rec);
    case TY_TPARAM: case TY_TEMPLATE_ID: case TY_MEMBER_TYPE: return t->name ? t->name : "?";
    default: return "?";
    }
}

static void append(char *buf, size_t len, const char *s)
{
    size_t n = strlen(buf);
    if (n + 1 < len)
        snprintf(buf + n, len - n, "%s", s);
}

static void quals_str(unsigned q, char *buf, size_t len, int before)
{
    static const char *const names[] = {"const", "volatile", "__restrict__"};
    for (int i = 0; i < 3; i++)
        if (q & (1u << i)) {
            if (!before)
                append(buf, len, " ");
            append(buf, len, names[i]);
            if (before)
                append(buf, len, " ");
        }
}

/* A function type's parameter list, "(int, float)".  The parts' buffers hold
 * whole names (a std::tuple of 24 elements' is 130 characters): a template's
 * instance is known by the names of its arguments, so a cut one named two. */
static void params_str(const k_type *f, char *buf, size_t len)
{
    char part[1024];
    append(buf, len, "(");
    for (int i = 0; i < f->nparams; i++) {
        append(buf, len, i ? ", " : "");
        append(buf, len, k_ty_str(f->params[i], part, sizeof part));
    }
    append(buf, len, f->variadic ? (f->nparams ? ", ...)" : "...)") : ")");
}

const char *k_ty_str(const k_type *t, char *buf, size_t len)
{
    buf[0] = 0;
    if (!t) {
        append(buf, len, "?");
        return buf;
    }
    if (k_ty_is_nullptr(t)) {
        quals_str(t->quals, buf, len, 1);
        append(buf, len, "std::nullptr_t");
        return buf;
    }
    if (t->memptr_class && t->kind == TY_PTR && t->base) {   /* int (S::*)(int) const */
        const k_type *f = t->base;
        char part[1024];
        append(buf, len, k_ty_str(f->base, part, sizeof part));
        append(buf, len, " (");
        append(buf, len, k_ty_str(t->memptr_class, part, sizeof part));
        append(buf, len, "::*)(");
        for (int i = 1; i < f->nparams; i++) {
            append(buf, len, i > 1 ? ", " : "");
            append(buf, len, k_ty_str(f->params[i], part, sizeof part));
        }
        append(buf, len, ")");
        if (f->nparams && f->params[0]->base && (f->params[0]->base->quals & Q_CONST))
            append(buf, len, " const");
        return buf;
    }
    if (t->kind == TY_PTR && t->base && t->base->kind == TY_FUNC) {   /* int (*)(int, float) */
        const k_type *f = t->base;
        char part[1024];
        append(buf, len, k_ty_str(f->base, part, sizeof part));
        append(buf, len, " (*)");
        params_str(f, buf, len);
        return buf;
    }
    if (t->kind == TY_FUNC && t->params) {   /* int(int, float), a template argument */
        char part[1024];
        append(buf, len, k_ty_str(t->base, part, sizeof part));
        params_str(t, buf, len);
        return buf;
    }
    if (t->memptr_class) {   /* int S::* */
        char part[1024];
        append(buf, len, k_ty_str(t->base, part, sizeof part));
        append(buf, len, " ");
        append(buf, len, k_ty_str(t->memptr_class, part, sizeof part));
        append(buf, len, "::*");
        quals_str(t->quals, buf, len, 0);
        return buf;
    }
    if (t->kind == TY_PTR || t->kind == TY_ARRAY || t->kind == TY_FUNC || t->kind == TY_REF) {
        char inner[1024];
        k_ty_str(t->base, inner, sizeof inner);
        append(buf, len, inner);
        if (t->kind == TY_REF) {
            append(buf, len, t->rvalue_ref ? "&&" : "&");
        } else if (t->kind == TY_PTR) {
            append(buf, len, t->base->kind == TY_PTR ? "*" : " *");
            quals_str(t->quals, buf, len, 0);
        } else if (t->kind == TY_ARRAY) {
            char dim[32];
            if (t->length >= 0)
                snprintf(dim, sizeof dim, "[%lld]", (long long)t->length);
            else
                snprintf(dim, sizeof dim, "[]");
            append(buf, len, dim);
        } else {
            append(buf, len, "()");
        }
        return buf;
    }
    quals_str(t->quals, buf, len, 1);
    append(buf, len, kind_name(t));
    return buf;
}

simt_vtype k_ty_vtype(const k_type *t)
{
    if (!t)
        return VT_VOID;
    switch (t->kind) {
    case TY_BOOL: return VT_BOOL;
    case TY_CHAR: case TY_SCHAR: return VT_I8;
    case TY_UCHAR: return VT_U8;
    case TY_SHORT: return VT_I16;
    case TY_USHORT: return VT_U16;
    case TY_INT: return VT_I32;
    case TY_UINT: return VT_U32;
    case TY_LONG: case TY_LLONG: return VT_I64;
    case TY_ULONG: case TY_ULLONG: return VT_U64;
    case TY_FLOAT: return VT_F32;
    case TY_DOUBLE: return VT_F64;
    case TY_PTR: case TY_ARRAY: case TY_REF: return VT_PTR;
    default: return VT_VOID;
    }
}

uint64_t k_kind_wrap(k_type_kind k, uint64_t v)
{
    if (k == TY_BOOL)
        return v != 0;
    int bits = k_kind_bits(k);
    if (bits == 64 || !k_kind_is_integer(k))
        return v;
    uint64_t mask = (UINT64_C(1) << bits) - 1;
    v &= mask;
    if (k_kind_is_signed(k) && (v >> (bits - 1)))
        v |= ~mask;
    return v;
}

/* cudaDeviceProp's fields, from the one table runtime/deviceprop.def. */
typedef struct prop_field {
    const char *name;
    char letter;
    int count;
    uint32_t offset;
} prop_field;

static const prop_field prop_fields[] = {
#define PROP(field, letter, count, offset) {#field, #letter[0], count, offset},
#include "runtime/deviceprop.def"
#undef PROP
};

static k_type *letter_type(k_ctx *ctx, char letter)
{
    switch (letter) {
    case 'c': return k_ty(ctx, TY_CHAR);
    case 'z': {
        k_type *t = k_ty(ctx, TY_ULONG);
        t->alias = "size_t";
        return t;
    }
    default: return k_ty(ctx, TY_INT);
    }
}

int k_ty_field(k_ctx *ctx, const k_type *rec, const char *name, k_type **type, uint32_t *off)
{
    if (rec->kind == TY_RECORD) {
        const k_field *f = k_record_find(rec->rec, name, off);
        if (f)
            *type = f->type;
        return f != NULL;
    }
    if (rec->kind == TY_DIM3 || rec->kind == TY_UINT3) {
        if (!name[0] || name[1] || name[0] < 'x' || name[0] > 'z')
            return 0;
        *type = k_ty(ctx, TY_UINT);
        *off = (uint32_t)(name[0] - 'x') * 4;
        return 1;
    }
    if (rec->kind != TY_DEVPROP)
        return 0;
    for (size_t i = 0; i < sizeof prop_fields / sizeof prop_fields[0]; i++) {
        const prop_field *f = &prop_fields[i];
        if (strcmp(f->name, name) != 0)
            continue;
        k_type *t = letter_type(ctx, f->letter);
        if (f->count > 1) {
            t = k_type_array(ctx, t, NULL);
            t->length = f->count;
        }
        *type = t;
        *off = f->offset;
        return 1;
    }
    return 0;
}
