/* lang/bases.c -- C++ base classes, several per class (multiple
 * inheritance; virtual bases are one error in lang/virtual_parse.c).
 *
 * Each direct base is one of the class's first members, unnamed, in
 * declaration order (lang/parse_decl.c).  The layout is the Itanium C++
 * ABI's, which g++ and nvcc follow: the first polymorphic base (the primary
 * base, sharing the class's vtable pointer) goes first, at offset 0, then
 * the others in declaration order; an empty base takes no room (offset 0,
 * unless a subobject of the same class is there already); a polymorphic
 * base's tail padding holds what follows (lang/records.c).  A base is then
 * a subobject at an offset: a conversion of a pointer or a reference to it
 * adds that offset (lowering, lw_base_adjust), a null pointer staying null;
 * a static_cast back subtracts it.
 *
 * Member lookup follows C++: the class's own members hide its bases'; a
 * name found in two bases (or twice in one base class reached by two
 * paths) is ambiguous, an error unless qualified (`a.B::f()`). */
#include <string.h>

#include "sema.h"

#define MAX_BASE_DEPTH 64   /* deeper hierarchies are not written by hand: refused */
/* The lookups still go through a refused hierarchy, so that its refusal
 * is the one error; they stop here, where the C stack is at risk. */
#define MAX_LOOKUP_DEPTH 1024

/* The record of r's member i when it is a class (a base field), else NULL. */
static k_record *field_rec(const k_record *r, int i)
{
    if (i >= r->nfields || !r->fields[i].type || r->fields[i].type->kind != TY_RECORD)
        return NULL;
    return r->fields[i].type->rec;
}

k_record *k_record_base_at(const k_record *r, int i)
{
    if (i < 0 || i >= r->nbases)
        return NULL;
    return r->bases ? r->bases[i] : field_rec(r, i);
}

static int derives(const k_record *d, const k_record *b, int depth)
{
    if (d == b)
        return 1;
    if (!d || depth > MAX_LOOKUP_DEPTH)
        return 0;
    for (int i = 0; i < d->nbases; i++)
        if (derives(field_rec(d, i), b, depth + 1))
            return 1;
    return 0;
}

int k_record_derives(const k_record *d, const k_record *b)
{
    return derives(d, b, 0);
}

static int polymorphic(const k_record *r, int depth)
{
    if (!r || depth > MAX_LOOKUP_DEPTH)
        return 0;
    if (r->has_vptr)
        return 1;
    for (int i = 0; i < r->nbases; i++)
        if (polymorphic(field_rec(r, i), depth + 1))
            return 1;
    return 0;
}

int k_record_polymorphic(const k_record *r)
{
    return polymorphic(r, 0);
}

static int empty(const k_record *r, int depth)
{
    if (!r || !r->defined || r->is_union || r->has_vptr || r->vector_n ||
        depth > MAX_LOOKUP_DEPTH)
        return 0;
    for (int i = 0; i < r->nfields; i++)
        if (i >= r->nbases || !empty(field_rec(r, i), depth + 1))
            return 0;
    return 1;
}

int k_record_is_empty(const k_record *r)
{
    return empty(r, 0);
}

/* The subobjects of class b in d (d itself when it is a b), d's at offset
 * base: how many; *off the first's offset. */
static int count_in(const k_record *d, const k_record *b, int64_t base, int64_t *off,
                    int depth)
{
    if (!d || depth > MAX_LOOKUP_DEPTH)
        return 0;
    if (d == b) {
        *off = base;
        return 1;
    }
    int n = 0;
    for (int i = 0; i < d->nbases; i++) {
        int64_t o = 0;
        int k = count_in(field_rec(d, i), b, base + d->fields[i].offset, &o, depth + 1);
        if (k && !n)
            *off = o;
        n += k;
    }
    return n;
}

int k_record_base_offset(const k_record *d, const k_record *b, int64_t *off)
{
    *off = 0;
    return count_in(d, b, 0, off, 0);
}

int k_record_ptr_delta(const k_record *from, const k_record *to, int64_t *delta)
{
    int64_t off;
    *delta = 0;
    if (!from || !to || from == to)
        return 0;
    if (k_record_base_offset(from, to, &off) == 1) {   /* up: to the base */
        *delta = off;
        return off != 0;
    }
    if (k_record_base_offset(to, from, &off) == 1) {   /* down: static_cast */
        *delta = -off;
        return off != 0;
    }
    return 0;
}

/* ---- layout ---- */

/* Whether r derives through more than levels levels of base classes. */
static int deeper_than(const k_record *r, int levels)
{
    if (!r || !r->nbases)
        return 0;
    if (levels == 0)
        return 1;
    for (int i = 0; i < r->nbases; i++)
        if (deeper_than(field_rec(r, i), levels - 1))
            return 1;
    return 0;
}

/* A base a template parameter named (`struct S : T`, `: Ts...`) that is
 * no class, or a pack no instance expanded: one error each. */
static void base_check(k_sema_state *s, const k_record *r, int i)
{
    const k_field *f = &r->fields[i];
    char b[96];
    if (f->pack)
        k_error(s->ctx, f->loc, "'...' expands no parameter pack here");
    else if (!field_rec(r, i) && f->type && f->type->kind != TY_TPARAM)
        k_error(s->ctx, f->loc, "a base class must be a struct or class, not '%s'",
                k_ty_str(f->type, b, sizeof b));
}

/* A polymorphic base that is not r's first goes first (the primary base),
 * the others keep their order; bases[] keeps the declaration's (the order
 * of construction). */
void k_bases_order(k_sema_state *s, k_record *r)
{
    if (!r->nbases)
        return;
    r->bases = k_alloc(s->ctx, sizeof *r->bases * (size_t)r->nbases);
    int primary = -1;
    for (int i = 0; i < r->nbases && i < r->nfields; i++) {
        k_sema_resolve_type(s, r->fields[i].type, r->fields[i].loc);
        r->bases[i] = field_rec(r, i);
        base_check(s, r, i);
        if (primary < 0 && r->bases[i] && k_record_polymorphic(r->bases[i]))
            primary = i;
    }
    /* refused once, at the first class too deep */
    if (deeper_than(r, MAX_BASE_DEPTH) && !deeper_than(r, MAX_BASE_DEPTH + 1))   /* once */
        k_error(s->ctx, r->loc, "class '%s' has more than %d levels of base classes: not supported "
                "in K", k_record_name(r), MAX_BASE_DEPTH);
    if (primary > 0) {
        k_field f = r->fields[primary];
        memmove(r->fields + 1, r->fields, sizeof *r->fields * (size_t)primary);
        r->fields[0] = f;
    }
    r->base = field_rec(r, 0);
}

/* Is a subobject of class c at offset at among r's (r at offset base)? */
static int holds(const k_record *r, int64_t base, const k_record *c, int64_t at, int depth)
{
    if (!r || depth > MAX_LOOKUP_DEPTH)
        return 0;
    if (r == c && base == at)
        return 1;
    for (int i = 0; i < r->nbases; i++)
        if (holds(field_rec(r, i), base + r->fields[i].offset, c, at, depth + 1))
            return 1;
    return 0;
}

/* Would the empty class e at offset at put a subobject of some class where
 * r's first nplaced bases have one of the same class (two objects of one
 * type at one address, which C++ forbids)? */
static int conflicts(const k_record *r, int nplaced, const k_record *e, int64_t at, int depth)
{
    if (!e || depth > MAX_LOOKUP_DEPTH)
        return 0;
    for (int i = 0; i < nplaced; i++)
        if (holds(field_rec(r, i), r->fields[i].offset, e, at, 0))
            return 1;
    for (int i = 0; i < e->nbases; i++)
        if (conflicts(r, nplaced, field_rec(e, i), at + e->fields[i].offset, depth + 1))
            return 1;
    return 0;
}

int64_t k_bases_empty_offset(const k_record *r, int i, int64_t dsize)
{
    const k_record *e = field_rec(r, i);
    if (!conflicts(r, i, e, 0, 0))
        return 0;
    int64_t at = dsize;
    while (conflicts(r, i, e, at, 0) && at < dsize + 4096)
        at++;
    return at;
}

/* ---- member lookup ---- */

/* name among r's own members (inside its anonymous members too, not in its
 * bases). */
static const k_field *own_member(const k_record *r, const char *name, uint32_t *off)
{
    for (int i = r->nbases; i < r->nfields; i++) {
        const k_field *f = &r->fields[i];
        if (f->name && strcmp(f->name, name) == 0) {
            *off = f->offset;
            return f;
        }
    }
    for (int i = r->nbases; i < r->nfields; i++) {
        const k_field *f = &r->fields[i];
        if (!f->name && f->type && f->type->kind == TY_RECORD && !f->bit_expr) {
            uint32_t inner;
            const k_field *g = k_record_find(f->type->rec, name, &inner);
            if (g) {
                *off = f->offset + inner;
                return g;
            }
        }
    }
    return NULL;
}

typedef struct lookup {
    const char *name;
    const k_field *f;         /* the first found */
    uint32_t off;
    const k_record *in[2];    /* the classes of the first two found */
    int n;                    /* how many subobjects have it */
} lookup;

static void find_in(lookup *L, const k_record *r, uint32_t base, int depth)
{
    uint32_t off;
    if (!r || depth > MAX_LOOKUP_DEPTH)
        return;
    const k_field *f = own_member(r, L->name, &off);
    if (f) {
        if (!L->n) {
            L->f = f;
            L->off = base + off;
        }
        if (L->n < 2)
            L->in[L->n] = r;
        L->n++;
        return;
    }
    for (int i = 0; i < r->nbases; i++)
        find_in(L, field_rec(r, i), base + r->fields[i].offset, depth + 1);
}

const k_field *k_record_lookup(const k_record *r, const char *name, uint32_t *off,
                               const k_record **amb)
{
    lookup L = {name, NULL, 0, {NULL, NULL}, 0};
    *amb = NULL;
    find_in(&L, r, 0, 0);
    *off = L.off;
    if (L.n > 1 && strcmp(name, "__vptr") != 0) {   /* the primary's: at offset 0 */
        amb[0] = L.in[0];
        amb[1] = L.in[1];
    }
    return L.f;
}

int k_record_member_ambiguous(k_sema_state *s, const k_record *r, const char *name, k_loc loc)
{
    uint32_t off;
    const k_record *amb[2] = {NULL, NULL};
    if (!r || !r->nbases)
        return 0;
    k_record_lookup(r, name, &off, amb);
    if (!amb[0])
        return 0;
    k_bases_report_ambiguous(s, r, name, amb, loc);
    return 1;
}

void k_bases_report_ambiguous(k_sema_state *s, const k_record *r, const char *name,
                              const k_record *const amb[2], k_loc loc)
{
    k_error(s->ctx, loc, "member '%s' found in more than one base class of '%s' ('%s' and '%s'): "
            "the name is ambiguous", name, k_record_name(r), k_record_name(amb[0]),
            k_record_name(amb[1]));
    k_help(s->ctx, "qualify it with the class whose member is meant: '%s::%s'",
           k_record_name(amb[0]), name);
}

/* ---- qualified member names: `obj.B::f()`, `p->B::x` ---- */

/* Whether b ends with "::" and a: "Outer::B" and "B". */
static int ends_qualified(const char *b, const char *a)
{
    size_t n = strlen(a), t = strlen(b);
    return t > n + 2 && strcmp(b + t - n, a) == 0 && b[t - n - 1] == ':';
}

/* The class called name among r and its bases (NULL if none): its tag, a
 * nested class's ("Outer::B" for `B::`), or the name qualified by its
 * namespace (`ns::B::`: a tag keeps no namespace). */
static k_record *named_class(k_record *r, const char *name, int depth)
{
    if (!r || depth > MAX_LOOKUP_DEPTH)
        return NULL;
    if (r->tag && (strcmp(r->tag, name) == 0 || ends_qualified(r->tag, name) ||
                   ends_qualified(name, r->tag)))
        return r;
    for (int i = 0; i < r->nbases; i++) {
        k_record *b = named_class(k_record_base_at(r, i), name, depth + 1);
        if (b)
            return b;
    }
    return NULL;
}

static k_expr *typed(k_sema_state *s, k_expr_kind kind, k_loc loc, k_expr *lhs, k_type *t)
{
    k_expr *e = k_expr_new(s->ctx, kind, loc);
    e->builtin = -1;
    e->lhs = lhs;
    e->depth = lhs->depth + 1;
    e->type = t;
    return e;
}

/* *(B *)&obj: the base class b's subobject of the lvalue obj (the cast
 * moves the address by the base's offset, lower_bases.c). */
static k_expr *base_lvalue(k_sema_state *s, k_expr *obj, k_record *b, k_loc loc)
{
    if (obj->kind == E_IDENT && obj->decl)
        obj->decl->address_taken = 1;
    k_type *bt = k_ty(s->ctx, TY_RECORD);
    bt->rec = b;
    bt->quals = obj->type->quals;
    k_expr *addr = typed(s, E_UNARY, loc, obj, k_type_ptr(s->ctx, obj->type));
    addr->op = KU_ADDR;
    k_expr *cast = typed(s, E_CAST, loc, addr, k_type_ptr(s->ctx, bt));
    cast->type_written = cast->type;
    k_expr *deref = typed(s, E_UNARY, loc, cast, bt);
    deref->op = KU_DEREF;
    deref->is_lvalue = 1;
    return deref;
}

int k_bases_qualify(k_sema_state *s, k_expr *e, k_record *r)
{
    const char *sep = NULL;
    for (const char *p = e->name ? strstr(e->name, "::") : NULL; p; p = strstr(p + 2, "::"))
        sep = p;
    if (!sep || !e->lhs || !e->lhs->type)
        return 0;
    k_record_layout(s, r);
    k_record *b = named_class(r, k_strndup(s->ctx, e->name, (size_t)(sep - e->name)), 0);
    if (!b)
        return 0;
    int64_t off;
    if (k_record_base_offset(r, b, &off) > 1) {
        k_error(s->ctx, e->loc, "'%s' is an ambiguous base of '%s' (two subobjects of it)",
                k_record_name(b), k_record_name(r));
        return -1;
    }
    e->name = sep + 2;
    if (b == r)
        return 1;
    e->lhs = base_lvalue(s, e->lhs, b, e->loc);
    e->depth = e->lhs->depth + 1;
    return 1;
}

/* How many vtable pointers an object of r holds (its own and its bases'). */
static int vtable_pointers(const k_record *r, int depth)
{
    int n = r->has_vptr;
    for (int i = 0; i < r->nbases && i < r->nfields && depth < 32; i++)
        if (r->fields[i].type && r->fields[i].type->kind == TY_RECORD)
            n += vtable_pointers(r->fields[i].type->rec, depth + 1);
    return n;
}

/* `B b = d;`, `b = d;`, `f(d)` for `f(B)`: the B inside the lvalue e (a
 * derived class's object) is what is copied, as C++ slices.  A polymorphic
 * B's copy gets B's vtable pointer (lower_virtual.c: lw_copy_vptr, and
 * lw_store_keeping_vptrs for `b = d`), so B with several is refused. */
int k_bases_slice(k_sema_state *s, k_expr *e, const k_type *to)
{
    const k_type *from = e->type;
    if (!from || !to || from->kind != TY_RECORD || to->kind != TY_RECORD ||
        from->rec == to->rec || !e->is_lvalue || !k_record_derives(from->rec, to->rec))
        return 0;
    if (k_bases_ambiguous(s, from, to, e->loc))
        return -1;
    if (vtable_pointers(to->rec, 0) > 1) {
        k_error(s->ctx, e->loc, "slicing a '%s' to '%s', a class with several polymorphic "
                "bases, is not supported in K", k_record_name(from->rec), k_record_name(to->rec));
        k_help(s->ctx, "copy the members wanted into a new object");
        return -1;
    }
    k_expr *obj = k_expr_new(s->ctx, E_INT, e->loc);
    *obj = *e;   /* e becomes *(B *)&obj in place: its parent keeps pointing at it */
    *e = *base_lvalue(s, obj, to->rec, e->loc);
    return 1;
}

int k_bases_ambiguous(k_sema_state *s, const k_type *from, const k_type *to, k_loc loc)
{
    if (from && to && from->kind == TY_PTR && to->kind == TY_PTR) {
        from = from->base;
        to = to->base;
    }
    if (!from || !to || from->kind != TY_RECORD || to->kind != TY_RECORD ||
        from->rec == to->rec || !from->rec->nbases)
        return 0;
    int64_t off;
    k_record_layout(s, from->rec);
    if (k_record_base_offset(from->rec, to->rec, &off) < 2)
        return 0;
    k_error(s->ctx, loc, "'%s' is an ambiguous base of '%s' (it has two subobjects of it)",
            k_record_name(to->rec), k_record_name(from->rec));
    k_help(s->ctx, "convert through the base that holds the one meant first");
    return 1;
}

int k_bases_qualified_field(k_record *r, const char *name)
{
    const char *sep = NULL;
    for (const char *p = strstr(name, "::"); p; p = strstr(p + 2, "::"))
        sep = p;
    if (!sep || sep == name)
        return 0;
    char cls[256];
    size_t n = (size_t)(sep - name);
    if (n >= sizeof cls)
        return 0;
    memcpy(cls, name, n);
    cls[n] = 0;
    uint32_t off;
    k_record *b = named_class(r, cls, 0);
    return b && k_record_find(b, sep + 2, &off) != NULL;
}
