/* lang/records.c -- structs, unions and classes: building them (for the
 * parser), laying them out (for sema: C's rules, which are also CUDA's and
 * x86-64's) and finding their members.
 *
 * A record is one k_record shared by every k_type that names it, so a type
 * used before its definition (`struct node *next;`) sees the layout once it
 * is done.  Layout happens once, when sema first needs the record's size or
 * members: its member types may use constants (`float v[N];`) only sema can
 * fold. */
#include <string.h>

#include "sema.h"

#define TYBUF 96

k_record *k_record_new(k_ctx *ctx, const char *tag, int is_union, k_loc loc)
{
    k_record *r = k_alloc(ctx, sizeof *r);
    r->tag = tag;
    r->is_union = is_union;
    r->loc = loc;
    r->align = 1;
    return r;
}

k_field *k_record_add(k_ctx *ctx, k_record *r, const char *name, k_type *type, k_loc loc)
{
    if (r->nfields == r->fields_cap) {
        int cap = r->fields_cap ? r->fields_cap * 2 : 8;
        k_field *nf = k_alloc(ctx, sizeof *nf * (size_t)cap);
        if (r->nfields)
            memcpy(nf, r->fields, sizeof *nf * (size_t)r->nfields);
        r->fields = nf;
        r->fields_cap = cap;
    }
    k_field *f = &r->fields[r->nfields++];
    memset(f, 0, sizeof *f);
    f->name = name;
    f->type = type;
    f->loc = loc;
    return f;
}

const char *k_record_name(const k_record *r)
{
    if (!r)
        return "?";
    if (r->tag)
        return r->tag;
    return r->is_union ? "<anonymous union>" : "<anonymous struct>";
}

const k_field *k_record_find(const k_record *r, const char *name, uint32_t *off)
{
    const k_record *amb[2] = {NULL, NULL};
    *off = 0;
    return r ? k_record_lookup(r, name, off, amb) : NULL;
}

/* ---- layout ---- */
typedef struct layout {
    uint64_t bits;            /* next free bit from the record's start */
    int64_t size;             /* bytes so far (unions: the largest member) */
    int align;
} layout;

static uint64_t round_up(uint64_t v, uint64_t a)
{
    return a ? (v + a - 1) / a * a : v;
}

/* A bit-field goes where the previous one ended unless it would cross a
 * boundary of its type's size (gcc's and nvcc's rule); width 0 only moves
 * to the next such boundary. */
static void place_bitfield(k_sema_state *s, k_field *f, layout *L, int is_union)
{
    int64_t w;
    char b[TYBUF];
    if (!k_sema_const_int(s, f->bit_expr, &w))
        w = 1;
    if (!k_ty_is_integer(f->type)) {
        k_error(s->ctx, f->loc, "bit-field '%s' has non-integral type '%s'",
                f->name ? f->name : "<unnamed>", k_ty_str(f->type, b, sizeof b));
        w = 1;
    }
    int unit = (int)k_ty_size(f->type) * 8;
    if (w < 0 || w > unit || (w == 0 && f->name)) {
        k_error(s->ctx, f->loc, "width of bit-field '%s' (%lld bits) is %s",
                f->name ? f->name : "<unnamed>", (long long)w,
                w > unit ? "wider than its type" : "not allowed");
        w = w > unit ? unit : 1;
    }
    uint64_t pos = is_union ? 0 : L->bits;
    if (w == 0) {
        L->bits = round_up(pos, (uint64_t)unit);
        return;
    }
    if (pos / (uint64_t)unit != (pos + (uint64_t)w - 1) / (uint64_t)unit)
        pos = round_up(pos, (uint64_t)unit);
    f->bit_width = (int)w;
    f->offset = (uint32_t)(pos / (uint64_t)unit * (uint64_t)(unit / 8));
    f->bit_offset = (int)(pos % (uint64_t)unit);
    if (f->name && k_ty_align(f->type) > L->align)
        L->align = k_ty_align(f->type);
    uint64_t end = pos + (uint64_t)w;
    if (!is_union)
        L->bits = end;
    if ((int64_t)round_up(end, 8) / 8 > L->size)
        L->size = (int64_t)round_up(end, 8) / 8;
}

/* alignas(n) on a record or a member: n, or 0 after an error (n must be a
 * power of 2; a smaller n than the type's leaves the type's, as C++ has it). */
static int64_t written_align(k_sema_state *s, k_expr *e)
{
    int64_t a;
    if (!k_sema_const_int(s, e, &a))
        return 0;
    if (a <= 0 || (a & (a - 1)) || a > 4096) {
        k_error(s->ctx, e->loc, "requested alignment %lld is not a positive power of 2 "
                "(at most 4096)", (long long)a);
        return 0;
    }
    return a;
}

/* A member's alignment: its type's, or more with alignas; at most the
 * record's pack (as gcc and nvcc lay packed records out). */
static int member_align(k_sema_state *s, const k_record *r, const k_field *f)
{
    int align = k_ty_align(f->type);
    int64_t a = f->align_expr ? written_align(s, f->align_expr) : 0;
    if (a > align)
        align = (int)a;
    return r->pack && align > r->pack ? r->pack : align;
}

static void place_member(k_sema_state *s, k_record *r, k_field *f, layout *L)
{
    char b[TYBUF];
    k_sema_resolve_type(s, f->type, f->loc);
    if (f->bit_expr) {
        if (r->pack) /* gcc packs them across their units' boundaries */
            k_error(s->ctx, f->loc, "bit-field '%s' in a packed struct is not supported in K",
                    f->name ? f->name : "<unnamed>");
        place_bitfield(s, f, L, r->is_union);
        return;
    }
    int64_t size = k_ty_size(f->type);
    if (size < 0) {
        k_error(s->ctx, f->loc, "field '%s' has incomplete type '%s'",
                f->name ? f->name : "<anonymous>", k_ty_str(f->type, b, sizeof b));
        size = 0;
    }
    int align = member_align(s, r, f);
    uint64_t off = r->is_union ? 0 : round_up(round_up(L->bits, 8) / 8, (uint64_t)align);
    int index = (int)(f - r->fields);
    int is_base = index < r->nbases && f->type->kind == TY_RECORD;
    if (is_base && k_record_is_empty(f->type->rec)) {   /* takes no room (lang/bases.c) */
        f->offset = (uint32_t)k_bases_empty_offset(r, index, (int64_t)round_up(L->bits, 8) / 8);
        if ((int64_t)f->offset + size > L->size)
            L->size = (int64_t)f->offset + size;
        return;
    }
    f->offset = (uint32_t)off;
    if (align > L->align)
        L->align = align;
    if (!r->is_union)
        L->bits = (off + (uint64_t)size) * 8;
    if (is_base && k_record_polymorphic(f->type->rec))
        L->bits = (off + (uint64_t)f->type->rec->dsize) * 8;   /* the Itanium ABI's layout */
    if ((int64_t)off + size > L->size)
        L->size = (int64_t)off + size;
}

static void check_duplicates(k_sema_state *s, const k_record *r)
{
    for (int i = 0; i < r->nfields; i++)
        for (int j = 0; j < i && r->fields[i].name; j++)
            if (r->fields[j].name && strcmp(r->fields[i].name, r->fields[j].name) == 0) {
                k_error(s->ctx, r->fields[i].loc, "duplicate member '%s'", r->fields[i].name);
                break;
            }
}

/* Lays r out (once).  A record that contains itself is reported by
 * place_member: its size is unknown while it is in progress. */
void k_record_layout(k_sema_state *s, k_record *r)
{
    if (!r || r->layout_state || !r->defined)
        return;
    r->layout_state = 1;
    layout L = {0, 0, 1};
    const k_record *outer = s->class_scope;
    const k_decl *outer_init = s->static_init;
    s->class_scope = r;   /* `int a[N];` with N a static member (lang/static_members.c) */
    s->static_init = NULL;
    k_bases_order(s, r);   /* the primary base first; r->base (lang/bases.c) */
    for (int i = 0; i < r->nfields; i++)
        place_member(s, r, &r->fields[i], &L);
    for (int i = 0; i < r->nasserts; i++)   /* `static_assert(N % 32 == 0, "...")` in r */
        k_sema_static_assert(s, r->asserts[i]);
    s->class_scope = outer;
    s->static_init = outer_init;
    check_duplicates(s, r);
    k_using_check(s, r);   /* each `using Base::m;` names a member (lang/using_members.c) */
    int64_t a = r->align_expr ? written_align(s, r->align_expr) : 0;
    if (a > L.align)
        L.align = (int)a;
    r->align = L.align;
    r->dsize = (int64_t)round_up(L.bits, 8) / 8;
    if (r->dsize > L.size)
        r->dsize = L.size;
    r->size = (int64_t)round_up((uint64_t)L.size, (uint64_t)L.align);
    if (r->size == 0)       /* an empty struct has size 1 in C++ */
        r->size = 1;
    r->layout_state = 2;
}

/* ---- CUDA's vector types: built-in records of 1 to 4 members x y z w ---- */
static const struct vec_base {
    const char *prefix;
    k_type_kind elem;
} vec_bases[] = {
    {"char", TY_SCHAR}, {"uchar", TY_UCHAR}, {"short", TY_SHORT}, {"ushort", TY_USHORT},
    {"int", TY_INT}, {"uint", TY_UINT}, {"long", TY_LONG}, {"ulong", TY_ULONG},
    {"longlong", TY_LLONG}, {"ulonglong", TY_ULLONG}, {"float", TY_FLOAT},
    {"double", TY_DOUBLE},
};
#define NVEC_BASES (sizeof vec_bases / sizeof vec_bases[0])

/* vector_types.h's alignments: a 2-vector is aligned to its size, a 4-vector
 * to its size up to 16 bytes, a 1- or 3-vector to its element. */
static int vector_align(int elem_size, int n)
{
    if (n == 2)
        return 2 * elem_size;
    if (n == 4)
        return 4 * elem_size < 16 ? 4 * elem_size : 16;
    return elem_size;
}

static k_record *make_vector(k_ctx *ctx, const char *name, k_type_kind elem, int n)
{
    k_record *r = k_record_new(ctx, name, 0, (k_loc){0, 0});
    static const char *const names[] = {"x", "y", "z", "w"};
    int esize = k_kind_bits(elem) / 8;
    for (int i = 0; i < n; i++) {
        k_field *f = k_record_add(ctx, r, names[i], k_ty(ctx, elem), (k_loc){0, 0});
        f->offset = (uint32_t)(i * esize);
    }
    r->defined = 1;
    r->vector_n = n;
    r->align = vector_align(esize, n);
    r->size = (int64_t)((n * esize + r->align - 1) / r->align * r->align);
    r->layout_state = 2;
    return r;
}

k_type *k_vector_type(k_ctx *ctx, const char *name)
{
    size_t len = strlen(name);
    if (len < 4 || name[len - 1] < '1' || name[len - 1] > '4')
        return NULL;
    int n = name[len - 1] - '0';
    for (size_t b = 0; b < NVEC_BASES; b++) {
        if (strlen(vec_bases[b].prefix) != len - 1 ||
            strncmp(vec_bases[b].prefix, name, len - 1) != 0)
            continue;
        if (n == 3 && vec_bases[b].elem == TY_UINT)
            return NULL;       /* uint3 is the built-in of threadIdx (TY_UINT3) */
        if (!ctx->vector_recs)
            ctx->vector_recs = k_alloc(ctx, sizeof *ctx->vector_recs * NVEC_BASES * 4);
        k_record **slot = &ctx->vector_recs[b * 4 + (size_t)(n - 1)];
        if (!*slot)
            *slot = make_vector(ctx, k_strndup(ctx, name, len), vec_bases[b].elem, n);
        k_type *t = k_ty(ctx, TY_RECORD);
        t->rec = *slot;
        return t;
    }
    return NULL;
}

/* ---- alignof(T) and offsetof(T, a.b): size_t constants ---- */
k_type *k_sema_layout_query(k_sema_state *s, k_expr *e)
{
    k_type *t = e->type_written;
    k_sema_resolve_type(s, t, e->loc);
    k_type *z = k_ty(s->ctx, TY_ULONG);
    z->alias = "size_t";
    e->type = z;
    if (k_ty_size(t) < 0) {
        k_error(s->ctx, e->loc, "invalid application of '%s' to an incomplete type",
                e->kind == E_ALIGNOF ? "alignof" : "offsetof");
        return NULL;
    }
    /* alignof(T &) is alignof(T) ([expr.alignof]) */
    uint64_t v = (uint64_t)k_ty_align(t->kind == TY_REF ? t->base : t);
    if (e->kind == E_OFFSETOF) {
        v = 0;
        const char *p = e->name;
        while (p && *p) {
            const char *dot = strchr(p, '.');
            size_t n = dot ? (size_t)(dot - p) : strlen(p);
            char *name = k_strndup(s->ctx, p, n);
            uint32_t off;
            const k_field *f = t->kind == TY_RECORD ? k_record_find(t->rec, name, &off) : NULL;
            if (!f || f->bit_width) {
                k_error(s->ctx, e->loc, f ? "offsetof of the bit-field '%s'"
                                          : "no member named '%s' in the type", name);
                return NULL;
            }
            v += off;
            t = f->type;
            p = dot ? dot + 1 : NULL;
        }
    }
    e->is_const = 1;
    e->const_val = v;
    return z;
}

