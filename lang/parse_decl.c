/* lang/parse_decl.c -- the parser's C helpers for structs, unions and enums,
 * and the scopes of typedef names and tags (lang/parser.y calls them).
 *
 * C's grammar needs to know which identifiers name types, so the parser
 * keeps the typedef names (and, as in C++, every struct/union/enum tag is a
 * type name too) in lists with a mark per open block: a name declared in a
 * block is forgotten at its '}'.  Nothing here looks a variable up or folds
 * a constant: records are laid out by sema (lang/records.c). */
#include <string.h>

#include "namespaces.h"
#include "parser.h"
#include "parse_build.h"
#include "types.h"

void k_parse_list_add(k_parser *ps, k_list *l, void *item)
{
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 8;
        void **items = k_alloc(ps->ctx, (size_t)cap * sizeof *items);
        if (l->n)
            memcpy(items, l->items, (size_t)l->n * sizeof *items);
        l->items = items;
        l->cap = cap;
    }
    l->items[l->n++] = item;
}

static const char *qualified(k_parser *ps, const char *tag, const char *name);

/* ---- scopes ---- */
void k_parse_scope_open(k_parser *ps)
{
    /* the body of a plain function of the global namespace: its name is the
     * program's from here on, also in the body (`int size(Node *n)` calling
     * itself), not a library template `using namespace std` brings in */
    if (ps->fn_declared && ps->scope_marks.n == 0 && !ps->ns && !ps->records.n &&
        !ps->tpl.head_open && !strstr(ps->fn_declared, "::"))
        k_parse_list_add(ps, &ps->own_functions, (void *)ps->fn_declared);
    ps->fn_declared = NULL;
    k_parse_list_add(ps, &ps->scope_marks, (void *)(uintptr_t)ps->ordinary_names.n);
    k_parse_list_add(ps, &ps->scope_marks, (void *)(uintptr_t)ps->typedef_names.n);
    k_parse_list_add(ps, &ps->scope_marks, (void *)(uintptr_t)ps->tag_names.n);
    /* a function's body: its parameters are names there, hiding a type of
     * the same name (`int f(int dim3) { return dim3; }`) */
    for (int i = 0; i < ps->param_names.n; i++)
        k_parse_add_ordinary(ps, ps->param_names.items[i]);
    ps->param_names.n = 0;
}

void k_parse_scope_close(k_parser *ps)
{
    if (ps->scope_marks.n < 3)
        return;
    int tags = (int)(uintptr_t)ps->scope_marks.items[--ps->scope_marks.n];
    int names = (int)(uintptr_t)ps->scope_marks.items[--ps->scope_marks.n];
    int ordinary = (int)(uintptr_t)ps->scope_marks.items[--ps->scope_marks.n];
    ps->typedef_names.n = ps->typedef_types.n = names;
    ps->tag_names.n = ps->tag_types.n = tags;
    ps->ordinary_names.n = ordinary;
}

/* A variable or function declared by its bare name in the current scope. */
void k_parse_add_ordinary(k_parser *ps, const char *name)
{
    if (name && !strstr(name, "::"))
        k_parse_list_add(ps, &ps->ordinary_names, (void *)name);
}

/* Whether a bare name is a variable or function the program declared in
 * an enclosing scope: then it is not the library's template that a
 * using-directive would make of it (`int count = 0; count < n`). */
int k_parse_is_ordinary(const k_parser *ps, const char *name)
{
    for (int i = ps->ordinary_names.n - 1; i >= 0; i--)
        if (strcmp(ps->ordinary_names.items[i], name) == 0)
            return 1;
    return 0;
}

/* Whether a bare name is a function the program defined in the global
 * namespace, and no template of the global namespace has that name (an
 * overload set of both stays a template's). */
int k_parse_is_own_function(const k_parser *ps, const char *name)
{
    for (int i = 0; i < ps->own_functions.n; i++)
        if (strcmp(ps->own_functions.items[i], name) == 0)
            return !k_tpl_lookup(&ps->tpl, name);
    return 0;
}

void k_parse_add_typedef(k_parser *ps, const char *name, k_type *t)
{
    k_parse_list_add(ps, &ps->typedef_names, (void *)name);
    k_parse_list_add(ps, &ps->typedef_types, t);
}

k_type *k_parse_typedef_lookup(const k_parser *ps, const char *name)
{
    for (int i = ps->typedef_names.n - 1; i >= 0; i--)
        if (strcmp(ps->typedef_names.items[i], name) == 0)
            return ps->typedef_types.items[i];
    return NULL;
}

/* The innermost tag called name; *here says whether the current block
 * declared it. */
static k_type *tag_lookup_as(const k_parser *ps, const char *name, int *here)
{
    int mark = ps->scope_marks.n ? (int)(uintptr_t)ps->scope_marks.items[ps->scope_marks.n - 1]
                                 : 0;
    for (int i = ps->tag_names.n - 1; i >= 0; i--)
        if (strcmp(ps->tag_names.items[i], name) == 0) {
            *here = i >= mark;
            return ps->tag_types.items[i];
        }
    *here = 0;
    return NULL;
}

/* Tags are recorded under their namespace-qualified name, so that a::s and
 * b::s (thrust::plus and cuda::std::plus) are two tags; inside a namespace
 * the tag of that namespace is found first, then one outside it. */
static k_type *tag_lookup(k_parser *ps, const char *name, int *here)
{
    k_type *t = tag_lookup_as(ps, k_ns_qualify(ps->ctx, ps->ns, name), here);
    return t ? t : tag_lookup_as(ps, name, here);
}

static k_type *record_type(k_parser *ps, k_record *r)
{
    k_type *t = k_type_new(ps->ctx, TY_RECORD);
    t->rec = r;
    return t;
}

/* A new tag is also a type name, as in C++ (`struct S {...}; S s;`). */
static k_type *declare_tag(k_parser *ps, int is_union, const char *tag, k_loc loc)
{
    k_type *t = record_type(ps, k_record_new(ps->ctx, tag, is_union, loc));
    t->rec->ns = ps->ns;
    if (tag) {
        k_parse_list_add(ps, &ps->tag_names, (void *)k_ns_qualify(ps->ctx, ps->ns, tag));
        k_parse_list_add(ps, &ps->tag_types, t);
        k_parse_add_typedef(ps, k_ns_qualify(ps->ctx, ps->ns, tag), t);
        if (ps->records.n)   /* nested: also `Outer::Inner` */
            k_parse_add_typedef(ps, qualified(ps, k_parse_record_scope(
                                        ps, ps->records.items[ps->records.n - 1]), tag), t);
    }
    return t;
}

static const char *kind_word(int is_union)
{
    return is_union ? "union" : "struct";
}

/* `struct S` without a body: the visible S, or a new incomplete one. */
k_type *k_parse_record_ref(k_parser *ps, int is_union, const char *tag, k_loc loc)
{
    int here;
    k_type *t = tag_lookup(ps, tag, &here);
    if (!t)
        return declare_tag(ps, is_union, tag, loc);
    if (t->kind != TY_RECORD || t->rec->is_union != is_union)
        k_error(ps->ctx, loc, "use of '%s' with tag type that does not match the previous "
                "declaration", tag);
    return record_type(ps, t->kind == TY_RECORD ? t->rec : k_record_new(ps->ctx, tag, 0, loc));
}

/* `struct S {`: completes a forward-declared S of this block, or declares a
 * new one (which hides an outer S). */
/* `struct List { struct iterator {...}; };` outside a template: the nested
 * class is List::iterator (its tag, its members' names), so that another
 * class may have its own iterator; inside List it is the member type
 * `iterator`.  A class template's nested classes are its member templates
 * (lang/templates_member_class.c). */
static const char *nested_tag(k_parser *ps, int is_union, const char *tag, k_loc loc)
{
    if (!tag || !ps->records.n || ps->tpl.head_open || k_tpl_member_class_name(ps, tag))
        return tag;
    k_record *outer = ps->records.items[ps->records.n - 1];
    if (!outer->tag || strchr(outer->tag, '<'))
        return tag;
    const char *full = qualified(ps, outer->tag, tag);
    k_type *old = k_record_member_type(outer, tag);
    if (!old)   /* the member type first: inside the body the bare name is the class */
        k_parse_member_type(ps, loc, tag, declare_tag(ps, is_union, full, loc));
    return full;
}

/* `struct In {...}` found in cls's body by the look-ahead (lang/
 * class_prescan.c): declared now, as nested_tag declares it, so that the
 * bodies before its definition may name it.  A class template's nested
 * classes are its member templates, declared where they are written. */
void k_parse_early_record(k_parser *ps, k_type *cls, int is_union, const char *tag, k_loc loc)
{
    k_record *outer = cls->rec;
    if (ps->tpl.head_open || k_tpl_member_class_name(ps, tag) || !outer->tag ||
        strchr(outer->tag, '<') || k_record_member_type(outer, tag) || !ps->records.n ||
        ps->records.items[ps->records.n - 1] != outer)
        return;
    k_parse_member_type(ps, loc, tag, declare_tag(ps, is_union, qualified(ps, outer->tag, tag), loc));
}

/* The #pragma pack in effect at line (lang/preprocess.c pack_pragma). */
static int pragma_pack_at(const k_ctx *ctx, uint32_t line)
{
    for (const k_pack_pragma *p = ctx->packs; p; p = p->next)
        if (p->line <= line)
            return p->value;
    return 0;
}

k_type *k_parse_record_begin(k_parser *ps, int is_union, const char *tag, k_loc loc)
{
    int here = 0;
    tag = nested_tag(ps, is_union, tag, loc);
    k_type *t = tag ? tag_lookup(ps, tag, &here) : NULL;
    if (t && here && t->kind == TY_RECORD && ps->tpl.head_open && ps->records.n >= 1 &&
        t->rec->outer != ps->records.items[ps->records.n - 1])
        here = 0;   /* `C<T>::iter`, `C<T>::step::iter` and `D<T>::iter`: three classes
                       (lang/templates_member_class.c) */
    if (t && here && t->kind == TY_RECORD && !t->rec->defined && t->rec->is_union == is_union) {
        t = record_type(ps, t->rec);
        t->rec->loc = loc;
    } else {
        if (t && here && !(t->kind == TY_RECORD && k_unit_same_place(ps->ctx, t->rec->loc, loc)))
            k_error(ps->ctx, loc, "redefinition of '%s %s'", kind_word(is_union), tag);
        t = declare_tag(ps, is_union, tag, loc);
    }
    t->rec->outer = ps->records.n ? ps->records.items[ps->records.n - 1] : NULL;
    t->rec->cur_access = ps->class_kw ? K_PRIVATE : K_PUBLIC;
    t->rec->pack = ps->packed_next ? 1 : pragma_pack_at(ps->ctx, loc.line);
    ps->packed_next = 0;
    k_parse_list_add(ps, &ps->records, t->rec);
    k_tpl_nested_class_begin(ps, t, tag);   /* in a class template's body */
    return t;
}

/* A base clause names this record, or one already named: C++'s errors. */
static int bad_base(k_parser *ps, const k_record *r, const k_record *b, k_loc loc)
{
    if (b == r) {
        k_error(ps->ctx, loc, "'%s' cannot be its own base class", k_record_name(r));
        return 1;
    }
    for (int i = 0; i < r->nbases && i < r->nfields; i++)
        if (r->fields[i].type->kind == TY_RECORD && r->fields[i].type->rec == b) {
            k_error(ps->ctx, loc, "duplicate base class '%s'", k_record_name(b));
            return 1;
        }
    return 0;
}

/* `struct D : A, B {`: each base is one of D's first members, unnamed, in
 * declaration order, so its members are found through it; the layout
 * (lang/bases.c) puts a polymorphic one first and gives each its offset,
 * which conversions to it add. */
void k_parse_base(k_parser *ps, k_type *t, k_type *base, k_loc loc)
{
    if (base && base->kind == TY_TPARAM) {   /* `template <class T> struct S : T` */
        k_parse_base_id(ps, t, base, loc);
        return;
    }
    if (!base || base->kind != TY_RECORD || base->rec->is_union) {
        k_error(ps->ctx, loc, "a base class must be a struct or class");
        return;
    }
    if (bad_base(ps, t->rec, base->rec, loc))
        return;
    k_type *b = k_type_new(ps->ctx, TY_RECORD);
    b->rec = base->rec;
    k_record_add(ps->ctx, t->rec, NULL, b, loc)->written_base = ++t->rec->nbases;
    if (!t->rec->base)
        t->rec->base = base->rec;
    k_parse_member_types_inherit(ps, t->rec, base->rec);
}

/* `struct D : Base<T> {`: the base is a class template's instance, known
 * once sema makes it (D a class template: once D's instance is made).  It is
 * one of D's first, unnamed members all the same; k_record_layout sets D's
 * base. */
void k_parse_base_id(k_parser *ps, k_type *t, k_type *id, k_loc loc)
{
    if (!id || !t)
        return;
    k_record_add(ps->ctx, t->rec, NULL, id, loc)->written_base = ++t->rec->nbases;
    t->rec->base_id = 1;
}

/* The record that a file-scope definition read again by a later unit (a
 * header without a guard) defined the first time, or NULL: both units then
 * name one type, as C++'s one-definition rule makes them. */
static k_record *unit_twin(k_parser *ps, k_record *r)
{
    if (!ps->ctx->nunits || ps->records.n || ps->tpl.head_open || !r->loc.line)
        return NULL;
    for (int i = 0; i < ps->unit_records.n; i++) {
        k_record *first = ps->unit_records.items[i];
        if (first->is_union == r->is_union && k_unit_same_place(ps->ctx, first->loc, r->loc))
            return first;
    }
    k_parse_list_add(ps, &ps->unit_records, r);
    return NULL;
}

k_type *k_parse_record_end(k_parser *ps, k_type *t)
{
    k_parse_member_types_end(ps, t->rec);
    if (ps->records.n)
        ps->records.n--;
    t->rec->defined = 1;
    k_record *twin = unit_twin(ps, t->rec);
    if (twin)
        t->rec = twin;   /* the tag and any typedef of it name the first */
    ps->just_defined = t->rec;
    ps->closed_record = t->rec;
    ps->closed_record_at = ps->record_closes;
    if (ps->packed_close)
        t->rec->pack = 1;
    ps->packed_close = 0;
    k_tpl_nested_class_end(ps, t);
    return t;
}

/* One member declaration of the record being parsed.  `struct { ... };`
 * without a declarator is an anonymous member; a tagged nested definition
 * declares only its type. */

/* `static const int N = 4;` in S: the file-scope constant "S::N". */
static void static_member(k_parser *ps, k_record *r, k_specs *sp, k_declarator *d,
                          k_type *(*build)(k_parser *, k_specs *, k_declarator *))
{
    k_decl *v = k_decl_new(ps->ctx, D_VAR, d->loc,
                           qualified(ps, k_parse_record_scope(ps, r), d->name));
    v->type = build(ps, sp, d);
    v->storage = sp->storage & ~(unsigned)ST_STATIC;
    v->static_member = 1;
    if (!d->init)   /* a declaration: `int S::n = 0;` outside the class defines it */
        v->storage |= ST_EXTERN;
    v->init = d->init;
    v->nctor = -1;
    k_parse_list_add(ps, &ps->decls, v);
}

/* The scope a member type of r is named in: "N::S" for S in namespace N
 * (r's tag as the namespace qualifies it). */
const char *k_parse_record_scope(k_parser *ps, const k_record *r)
{
    const char *mc = k_tpl_member_class_scope(ps, r);
    if (mc)   /* "Outer::Inner": its static members are the class template's */
        return mc;
    return k_ns_qualify(ps->ctx, ps->ns, r->tag ? r->tag : "?");
}

/* `struct S { enum Kind { A, B }; };`: A and B are S's constant static
 * members, S::A and S::B (and S::Kind::A), seen bare in S's member
 * functions as static members are. */
static void member_enumerators(k_parser *ps, k_record *r, k_specs *sp)
{
    const char *scope = k_parse_record_scope(ps, r);
    k_decl **e = (k_decl **)sp->enumerators.items;
    for (int i = 0; i < sp->enumerators.n; i++) {
        /* the value of an alias (`Kind::A` is A) or an implicit one (the
         * previous plus 1) names an earlier enumerator: by its new name */
        k_expr *init = e[i]->init;
        k_expr *ref = init && init->kind == E_IDENT ? init
                      : init && init->kind == E_BINARY && init->lhs && init->lhs->kind == E_IDENT
                          ? init->lhs : NULL;
        for (int j = 0; ref && j < i; j++)
            if (strcmp(ref->name, e[j]->name + strlen(scope) + 2) == 0) {
                ref->name = e[j]->name;
                break;
            }
        e[i]->name = qualified(ps, scope, e[i]->name);
        e[i]->static_member = 1;
        k_parse_list_add(ps, &ps->decls, e[i]);
    }
    sp->enum_members = sp->enumerators.n > 0;
    sp->enumerators.n = 0;
}

void k_parse_members(k_parser *ps, k_specs *sp, k_list *dtors,
                     k_type *(*build)(k_parser *, k_specs *, k_declarator *),
                     void (*method)(k_parser *, k_specs *, k_declarator *))
{
    int is_mutable = ps->member_mutable;   /* this declaration's `mutable` */
    ps->member_mutable = 0;
    if (!ps->records.n || !sp)
        return;
    k_record *r = ps->records.items[ps->records.n - 1];
    member_enumerators(ps, r, sp);
    if (sp->storage & ST_FRIEND) {   /* `friend class X;`, `friend int f(S);` */
        if (!dtors && sp->typedef_type && sp->typedef_type->kind == TY_RECORD)
            k_parse_friend(ps, sp->typedef_type->rec->tag);
        for (int i = 0; dtors && i < dtors->n; i++)
            if (dtors->items[i])
                k_parse_friend(ps, ((k_declarator *)dtors->items[i])->name);
        return;
    }
    if (sp->is_typedef) {   /* `typedef T value_type;`: member types (lang/member_types.c) */
        for (int i = 0; dtors && i < dtors->n; i++) {
            k_declarator *d = dtors->items[i];
            if (d && d->name)
                k_parse_member_type(ps, d->loc, d->name, build(ps, sp, d));
        }
        return;
    }
    for (int i = 0; dtors && i < dtors->n; i++) {
        k_declarator *d = dtors->items[i];
        if (d && d->is_func)
            method(ps, sp, d);
        else if (d && (sp->storage & ST_STATIC))
            static_member(ps, r, sp, d, build);
        if (d && (d->is_func || (sp->storage & ST_STATIC)))
            dtors->items[i] = NULL;
    }
    if (sp->storage & ~(unsigned)(ST_STATIC | ST_DEVICE | ST_HOST | ST_INLINE | ST_FORCEINLINE))
        k_error(ps->ctx, sp->loc, "storage classes inside a %s are not supported",
                kind_word(r->is_union));
    if (!dtors) {
        if (sp->defined && !sp->defined->tag) {
            k_declarator d = {0};
            d.loc = sp->loc;
            k_record_add(ps->ctx, r, NULL, build(ps, sp, &d), sp->loc);
        } else if (!sp->defined && !sp->enum_members) {
            k_warning(ps->ctx, sp->loc, "declaration does not declare anything");
        }
        return;
    }
    for (int i = 0; i < dtors->n; i++) {
        k_declarator *d = dtors->items[i];
        if (!d)
            continue;
        if (d->init && (r->is_union || d->bits)) {
            k_error(ps->ctx, d->loc, "default member initializers of %s are not supported in K",
                    d->bits ? "bit-fields" : "union members");
            d->init = NULL;
        }
        k_virtual_not_function(ps, d->loc);
        k_field *f = k_record_add(ps->ctx, r, d->name, build(ps, sp, d), d->loc);
        f->bit_expr = d->bits;
        /* `alignas(16) float v[4];`, `float v[4] __attribute__((aligned(16)));` */
        f->align_expr = k_parse_declared_align(ps, d->name, sp->align_expr);
        f->access = r->cur_access;
        f->init = d->init;   /* used by the constructors (lang/classes.c) */
        f->is_mutable = is_mutable;
    }
}

/* Specifiers that name a record or an enum: like a typedef name, plus the
 * definition (and enumerators) the declaration carries. */
k_specs *k_parse_specs_tagged(k_parser *ps, k_specs *sp, k_type *t)
{
    if (!sp || !t)
        return sp;
    sp->nbuiltin++;
    sp->typedef_type = t;
    if (t->kind == TY_RECORD && ps->just_defined == t->rec) {
        sp->defined = t->rec;
        ps->just_defined = NULL;
    }
    if (ps->cur_enum == t) {
        sp->enumerators = ps->enumerators;
        memset(&ps->enumerators, 0, sizeof ps->enumerators);
        ps->cur_enum = NULL;
    }
    return sp;
}

/* What the specifiers define besides the declarators: a record (laid out
 * there by sema) and enumerators.  make_decl_stmt puts them first. */
int k_parse_specs_extra(const k_specs *sp)
{
    return sp ? (sp->defined != NULL) + sp->enumerators.n : 0;
}

void k_parse_specs_decls(k_parser *ps, k_stmt *s, k_specs *sp)
{
    if (sp->defined) {
        k_decl *r = k_decl_new(ps->ctx, D_RECORD, sp->defined->loc, sp->defined->tag);
        r->type = k_type_new(ps->ctx, TY_RECORD);
        r->type->rec = sp->defined;
        s->decls[s->ndecls++] = r;
    }
    for (int i = 0; i < sp->enumerators.n; i++)
        s->decls[s->ndecls++] = sp->enumerators.items[i];
}

/* ---- enums: their enumerators are constant variables of the enum's kind ---- */
k_type *k_parse_enum_ref(k_parser *ps, const char *tag, k_loc loc)
{
    int here;
    k_type *t = tag_lookup(ps, tag, &here);
    if (t && t->kind != TY_RECORD)
        return t;
    k_error(ps->ctx, loc, "enum '%s' is used before its definition", tag);
    return k_type_new(ps->ctx, TY_INT);
}

/* Whether the enum whose '{' was just read stands right in a class's body
 * (its enumerators are then the class's members, lang/parse_decl.c). */
static int enum_in_class(const k_parser *ps)
{
    int d = ps->brace_depth - 2;   /* the brace around the enum's own */
    return ps->records.n && d >= 0 && d < (int)sizeof ps->brace_record && ps->brace_record[d];
}

/* `enum E : unsigned char`: the fixed underlying type, an integer type. */
k_type *k_parse_enum_base(k_parser *ps, k_specs *sp)
{
    k_declarator d = {0};
    d.loc = sp ? sp->loc : (k_loc){0, 0};
    k_type *t = kp_type_name(ps, sp, &d);
    if (t && (!k_kind_is_integer(t->kind) || t->cg || t->chrono)) {
        char buf[96];
        k_error(ps->ctx, d.loc, "underlying type '%s' of an enum is not an integer type",
                k_ty_str(t, buf, sizeof buf));
        t = NULL;
    }
    return t;
}

/* The enum's type: the fixed underlying type's kind, or int until sema
 * settles it (an enum class without one is int, as C++ fixes it). */
static k_type *enum_type(k_parser *ps, const char *tag, k_loc loc, int scoped, k_type *base)
{
    k_type *t = k_type_new(ps->ctx, base ? base->kind : TY_INT);
    t->alias = tag;
    if (!base && !scoped) {
        k_enum *en = k_alloc(ps->ctx, sizeof *en);
        en->tag = tag;
        en->loc = loc;
        en->kind = TY_INT;
        t->enum_def = en;
    }
    return t;
}

/* The file-scope enum that this one, at loc, is the text of read again by
 * a later unit (a header without a guard), or NULL. */
static k_type *enum_twin(k_parser *ps, k_loc loc, int member)
{
    if (!ps->ctx->nunits || member || ps->tpl.head_open)
        return NULL;
    for (int i = 0; i < ps->unit_enums.n; i++) {
        k_type *first = ps->unit_enums.items[i];
        if (first->enum_def && k_unit_same_place(ps->ctx, first->enum_def->loc, loc))
            return first;
    }
    return NULL;
}

k_type *k_parse_enum_begin(k_parser *ps, const char *tag, k_loc loc, int scoped, k_type *base)
{
    int member = enum_in_class(ps);
    ps->enum_scope = scoped ? tag : NULL;   /* the namespace is added to every name declared in it */
    k_type *t = enum_type(ps, tag, loc, scoped, base);
    ps->enum_twin = enum_twin(ps, loc, member);
    if (!ps->enum_twin && !member && ps->ctx->nunits && t->enum_def)
        k_parse_list_add(ps, &ps->unit_enums, t);
    if (ps->enum_twin) {
        /* its enumerators are the first's (sema keeps those: k_unit_same_place) */
    } else if (tag && member) {   /* `struct S { enum Kind {...}; }`: the member type S::Kind */
        k_parse_member_type(ps, loc, tag, t);
    } else if (tag) {
        int here;
        if (tag_lookup(ps, tag, &here) && here)
            k_error(ps->ctx, loc, "redefinition of 'enum %s'", tag);
        k_parse_list_add(ps, &ps->tag_names, (void *)k_ns_qualify(ps->ctx, ps->ns, tag));
        k_parse_list_add(ps, &ps->tag_types, t);
        k_parse_add_typedef(ps, k_ns_qualify(ps->ctx, ps->ns, tag), t);
    }
    ps->cur_enum = t;
    memset(&ps->enumerators, 0, sizeof ps->enumerators);
    return t;
}

k_type *k_parse_enum_end(k_parser *ps, k_type *t)
{
    k_type *twin = ps->enum_twin;
    ps->enum_twin = NULL;
    return twin ? twin : t;
}

/* An enumerator is a constant of its enum's kind; one of an enum whose kind
 * sema settles is listed there, for its type to follow (lang/enums.c). */
static k_type *enumerator_type(k_parser *ps, k_decl *d)
{
    const k_type *e = ps->cur_enum;
    k_type *t = k_type_new(ps->ctx, e ? e->kind : TY_INT);
    t->quals = Q_CONST;
    k_enum *en = e ? e->enum_def : NULL;
    t->enum_def = en;
    d->is_enumerator = 1;
    if (en) {
        if (en->ndecls == en->cap) {
            en->cap = en->cap ? 2 * en->cap : 8;
            k_decl **grown = k_alloc(ps->ctx, sizeof *grown * (size_t)en->cap);
            if (en->ndecls)
                memcpy(grown, en->decls, sizeof *grown * (size_t)en->ndecls);
            en->decls = grown;
        }
        en->decls[en->ndecls++] = d;
    }
    return t;
}

/* C++11 names an unscoped enum's enumerator also as `E::A`: a constant of
 * that name equal to A (it follows A among the enumerators, so the next
 * implicit value, A's plus 1, is the same through it). */
static void enumerator_alias(k_parser *ps, const char *name, k_loc loc)
{
    const char *tag = ps->cur_enum ? ps->cur_enum->alias : NULL;
    if (ps->enum_scope || !tag)
        return;
    k_decl *d = k_decl_new(ps->ctx, D_VAR, loc, qualified(ps, tag, name));
    d->type = enumerator_type(ps, d);
    d->init = k_expr_new(ps->ctx, E_IDENT, loc);
    d->init->name = name;
    d->init->depth = 1;
    k_parse_list_add(ps, &ps->enumerators, d);
}

/* An enumerator without a value is the previous one plus 1 (the first is 0). */
void k_parse_enumerator(k_parser *ps, const char *name, k_loc loc, k_expr *value)
{
    k_ctx *ctx = ps->ctx;
    /* enum class E { A }: the enumerator is E::A */
    k_decl *d = k_decl_new(ctx, D_VAR, loc, ps->enum_scope ? qualified(ps, ps->enum_scope, name)
                                                           : name);
    d->type = enumerator_type(ps, d);
    if (!value) {
        value = k_expr_new(ctx, E_INT, loc);
        value->depth = 1;
        if (ps->enumerators.n) {
            k_decl *prev = ps->enumerators.items[ps->enumerators.n - 1];
            k_expr *p = k_expr_new(ctx, E_IDENT, loc);
            p->name = prev->name;
            p->depth = 1;
            value->ival = 1;
            k_expr *sum = k_expr_new(ctx, E_BINARY, loc);
            sum->op = KB_ADD;
            sum->lhs = p;
            sum->rhs = value;
            sum->depth = 2;
            value = sum;
        }
    }
    d->init = value;
    if (d->type->enum_def)
        d->type->enum_def->last = d;
    k_parse_list_add(ps, &ps->enumerators, d);
    enumerator_alias(ps, name, loc);
}

/* ---- the scanner's side: which identifiers are type names ---- */
static int is_type_token(int kind)
{
    switch (kind) {
    case TYPEDEF_NAME: case KW_VOID: case KW_BOOL: case KW_CHAR: case KW_SHORT: case KW_INT:
    case KW_LONG: case KW_SIGNED: case KW_UNSIGNED: case KW_FLOAT: case KW_DOUBLE:
    case KW_DIM3: case KW_UINT3: case KW_SIZE_T: case KW_CUDA_ERROR_T: case KW_CUDA_EVENT_T:
    case KW_CUDA_STREAM_T: case KW_CUDA_DEVICE_PROP: case KW_VA_LIST:
    case KW_STRUCT: case KW_UNION: case KW_ENUM: case KW_CLASS_RECORD:
        return 1;
    default:
        return 0;
    }
}

static int is_tag_keyword(int kind)
{
    return kind == KW_STRUCT || kind == KW_UNION || kind == KW_ENUM || kind == KW_CLASS_RECORD;
}

/* Whether a typedef name scanned now is a type.  Right after a type
 * (`typedef struct S S;`, `struct S`) or after a record's closing brace
 * (`typedef struct S {...} S;`) it is the name being declared. */
int k_parse_type_name_here(const k_parser *ps)
{
    return !is_type_token(ps->prev_kind) && !ps->after_record;
}

/* `T (*name)(...)`: a '(' right after a type and before a '*' opens a
 * function pointer's declarator (a cast or a call never follows a type);
 * `T (*name)[n]` and `T (&name)[n]` a pointer's or a reference's to an
 * array.  So does one after `T *` (`void *(*start)(void *)`, a function
 * returning a pointer): in an expression a '*' before '(' follows an
 * operand, never a type. */
/* Whether a token before a type leaves it in an expression, where `T(*p)`
 * is a functional cast or `new T(*p)` an initializer: after `new` or an
 * operator (a parameter `int (*f)(int)` after `(` or `,` still has its
 * suffix, so it stays a declarator). */
static int expression_context(int kind)
{
    static const int ops[] = {
        KW_NEW, KW_RETURN, ANDAND, OROR, EQ, NE, LE, GE, SHL, SHR, ADD_ASSIGN, SUB_ASSIGN,
        MUL_ASSIGN, DIV_ASSIGN, MOD_ASSIGN, AND_ASSIGN, OR_ASSIGN, XOR_ASSIGN, SHL_ASSIGN,
        SHR_ASSIGN,
    };
    if (kind > 0 && kind < 128 && strchr("=(,+-*/%<>?:!~|^&[", kind))
        return 1;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (kind == ops[i])
            return 1;
    return 0;
}

/* Whether the parenthesized text opened just before p is followed by `(`
 * or `[`: a declarator's function or array suffix, `(*f)(int)`, `(*a)[4]`. */
static int declarator_suffix_follows(const unsigned char *p, const unsigned char *lim)
{
    int depth = 1;
    for (; p < lim && depth > 0; p++)
        depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
    while (p < lim && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    return p < lim && (*p == '(' || *p == '[');
}

/* Whether the text at p is a class's name, `::*` and a name (`S::*f`,
 * `ns::S ::* f`): a declarator, not the abstract `int (S::*)(int)`. */
static int class_colons_star(const unsigned char *p, const unsigned char *lim)
{
    const unsigned char *start = p;
    while (p < lim && (*p == '_' || *p == ':' || *p == ' ' || *p == '\t' ||
                       (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                       (*p >= '0' && *p <= '9')))
        p++;
    if (p >= lim || *p != '*' || p - start < 3)
        return 0;
    const unsigned char *q = p - 1;
    while (q > start && (*q == ' ' || *q == '\t'))
        q--;
    if (!(q > start && q[0] == ':' && q[-1] == ':'))
        return 0;
    for (p++; p < lim && (*p == ' ' || *p == '\t'); p++)
        ;
    return p < lim && (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'));
}

int k_parse_fnptr_open(const k_parser *ps)
{
    int after_type = is_type_token(ps->prev_kind) ||
                     (ps->prev_kind == '*' && is_type_token(ps->prev2_kind));
    if (!after_type || ps->prev2_kind == KW_RETURN)
        return 0;   /* `return T(*it, s);` constructs a T: no declaration follows `return` */
    const unsigned char *p = ps->lx.cur;
    while (p < ps->lx.lim && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    if (p < ps->lx.lim && *p == '*')
        return !(is_type_token(ps->prev_kind) && expression_context(ps->prev2_kind) &&
                 !declarator_suffix_follows(p, ps->lx.lim));
    if (class_colons_star(p, ps->lx.lim))
        return 1;   /* `R (S::*f)(P)`: a pointer to a member function */
    /* `T (&a)[n]`, a reference to an array, opens the same way; `S(&x)`
     * (a construction from an address) does not: `&`, a name, `)`, `[` */
    if (p >= ps->lx.lim || *p != '&')
        return 0;
    const unsigned char *q = p + 1;
    while (q < ps->lx.lim && (*q == ' ' || *q == '\t'))
        q++;
    const unsigned char *name = q;
    while (q < ps->lx.lim && (*q == '_' || (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') ||
                              (*q >= '0' && *q <= '9')))
        q++;
    while (q < ps->lx.lim && (*q == ' ' || *q == '\t'))
        q++;
    if (q == name || q >= ps->lx.lim || *q != ')')
        return 0;
    for (q++; q < ps->lx.lim && (*q == ' ' || *q == '\t'); q++)
        ;
    return q < ps->lx.lim && *q == '[';
}

/* `R(` right in a template's argument list, after a type (the '(' counted
 * already): a function type, `std::function<int(float)>`, unless a number
 * follows (`A<unsigned(3)>`, a functional cast). */
int k_parse_fn_type_open(const k_parser *ps)
{
    const k_tpl_scan *ts = &ps->tpl;
    if (!ts->nangles || ts->angle_head[ts->nangles - 1] ||
        ts->parens != ts->angle_parens[ts->nangles - 1] + 1)
        return 0;
    /* `std::function<std::vector<int>(int)>`: after a class template's id too */
    int after_id = ps->prev_kind == TPL_CLOSE && ts->closed_type;
    int after_type = is_type_token(ps->prev_kind) || after_id ||
                     ((ps->prev_kind == '*' || ps->prev_kind == '&') && is_type_token(ps->prev2_kind));
    if (!after_type)
        return 0;
    const unsigned char *p = ps->lx.cur;
    while (p < ps->lx.lim && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    return p < ps->lx.lim && !(*p >= '0' && *p <= '9') && *p != '-';
}

/* `T x{...}`: a '{' right after a name that follows a type (not a tag
 * keyword: `struct S {` opens a body) starts the name's braced initializer. */
int k_parse_brace_init(const k_parser *ps)
{
    /* `float v[3]{};` as a member: right in a class's body, where a lambda
     * `[]{` stands only in an initializer (`int v = [] { ... }();`) */
    if (ps->prev_kind == ']' && ps->records.n && ps->brace_depth > 0 &&
        (ps->closed_bracket_prev == IDENT || ps->closed_bracket_prev == ']') &&
        ps->brace_depth <= (int)sizeof ps->brace_record &&
        ps->brace_record[ps->brace_depth - 1])
        return 1;
    /* `int a[3]{1, 2, 3};` at file scope, where no lambda (`[]{...}`: its '['
     * follows no name) and no statement can stand */
    if (ps->prev_kind == ']' && ps->in_bodies == 0 &&
        (ps->square_closed_before == IDENT || ps->square_closed_before == ']'))
        return 1;
    if (ps->prev_kind != IDENT)
        return 0;
    int k = ps->prev2_kind;
    return (is_type_token(k) && !is_tag_keyword(k)) || k == TPL_CLOSE || k == '*' ||
           k == '&' || k == KW_AUTO || k == KW_CONST;
}

/* The list of `T x{...}`: `auto x{e}` is e's type, `auto x = {e}` would not be. */
k_expr *k_parse_direct_list(k_expr *list)
{
    if (list)
        list->direct_list = 1;
    return list;
}

/* Called with every token the scanner returns (brace and token history). */
void k_parse_token_hook(k_parser *ps, int kind)
{
    ps->after_record = 0;
    if (kind == '{') {
        int rec = is_tag_keyword(ps->prev_kind) ||
                  (ps->prev_kind == IDENT && is_tag_keyword(ps->prev2_kind));
        if (ps->brace_depth < (int)sizeof ps->brace_record)
            ps->brace_record[ps->brace_depth] = (unsigned char)rec;
        ps->brace_depth++;
    } else if (kind == '}' && ps->brace_depth > 0) {
        ps->brace_depth--;
        ps->after_record = ps->brace_depth < (int)sizeof ps->brace_record &&
                           ps->brace_record[ps->brace_depth];
        ps->record_closes += (uint32_t)ps->after_record;
    }
    if (kind == ';')   /* `struct __attribute__((packed)) S;` declares no body */
        ps->packed_next = 0;
    if (kind == '[') {
        if (ps->bracket_depth < (int)(sizeof ps->bracket_prev / sizeof *ps->bracket_prev))
            ps->bracket_prev[ps->bracket_depth] = ps->prev_kind;
        ps->bracket_depth++;
    } else if (kind == ']' && ps->bracket_depth > 0) {
        ps->bracket_depth--;
        ps->closed_bracket_prev =
            ps->bracket_depth < (int)(sizeof ps->bracket_prev / sizeof *ps->bracket_prev)
                ? ps->bracket_prev[ps->bracket_depth] : IDENT;
    }
    ps->prev3_kind = ps->prev2_kind;
    ps->prev2_kind = ps->prev_kind;
    ps->prev_kind = kind;
}

/* ---- C++ member functions ---- */
const char *k_parse_operator_name(k_parser *ps, const char *op)
{
    size_t n = strlen(op);
    char *s = k_alloc(ps->ctx, n + 9);
    memcpy(s, "operator", 8);
    memcpy(s + 8, op, n + 1);
    return s;
}

static const char *qualified(k_parser *ps, const char *tag, const char *name)
{
    size_t a = strlen(tag), b = strlen(name);
    char *s = k_alloc(ps->ctx, a + b + 3);
    memcpy(s, tag, a);
    memcpy(s + a, "::", 2);
    memcpy(s + a + 2, name, b + 1);
    return s;
}

static k_record *current_record(const k_parser *ps)
{
    return ps->records.n ? ps->records.items[ps->records.n - 1] : NULL;
}

const char *k_parse_path(k_parser *ps, const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    char *s = k_alloc(ps->ctx, n + m + 2);
    memcpy(s, a, n);
    s[n] = '.';
    memcpy(s + n + 1, b, m + 1);
    return s;
}

/* "S::S" / "S::~S" for `S(...)` / `~S()` written inside S. */
const char *k_parse_ctor_name(k_parser *ps, k_type *cls, k_loc loc, int dtor)
{
    k_record *r = current_record(ps);
    if (!cls || cls->kind != TY_RECORD || cls->rec != r) {
        k_error(ps->ctx, loc, "expected a member name (a constructor is named after its class)");
        return "?";
    }
    const char *tag = r->tag ? r->tag : "?";
    const char *own = k_ns_last(tag);   /* List::iterator's is "List::iterator::iterator" */
    if (!dtor)
        return qualified(ps, tag, own);
    size_t n = strlen(own);
    char *name = k_alloc(ps->ctx, n + 2);
    name[0] = '~';
    memcpy(name + 1, own, n + 1);
    return qualified(ps, tag, name);
}

/* `public:`, `protected:`, `private:` in the class being parsed. */
void k_parse_access(k_parser *ps, int access)
{
    k_record *r = current_record(ps);
    if (r)
        r->cur_access = access;
}

/* A friend of the class being parsed: a function or class name, whose last
 * part is what sema compares (lang/access.c). */
void k_parse_friend(k_parser *ps, const char *name)
{
    k_record *r = ps->records.n ? ps->records.items[ps->records.n - 1] : NULL;
    if (!r || !name)
        return;
    if (r->nfriends == r->friends_cap) {
        int cap = r->friends_cap ? 2 * r->friends_cap : 4;
        const char **nf = k_alloc(ps->ctx, sizeof *nf * (size_t)cap);
        if (r->nfriends)
            memcpy(nf, r->friends, sizeof *nf * (size_t)r->nfriends);
        r->friends = nf;
        r->friends_cap = cap;
    }
    r->friends[r->nfriends++] = name;
}

static void add_to_record(k_parser *ps, k_record *r, k_decl *f)
{
    f->access = r->cur_access;
    if (r->nmethods == r->methods_cap) {
        int cap = r->methods_cap ? r->methods_cap * 2 : 8;
        k_decl **nm = k_alloc(ps->ctx, sizeof *nm * (size_t)cap);
        if (r->nmethods)
            memcpy(nm, r->methods, sizeof *nm * (size_t)r->nmethods);
        r->methods = nm;
        r->methods_cap = cap;
    }
    r->methods[r->nmethods++] = f;
}

/* The parameter `this`: S * (const S * in a const member function,
 * volatile S * in a volatile one; quals are those after the parameters). */
static void add_this(k_parser *ps, k_decl *f, k_record *r, int quals)
{
    k_type *rt = k_type_new(ps->ctx, TY_RECORD);
    rt->rec = r;
    rt->quals = (unsigned)quals & (Q_CONST | Q_VOLATILE);
    k_decl *self = k_decl_new(ps->ctx, D_PARAM, f->loc, "this");
    self->type = k_type_ptr(ps->ctx, rt);
    self->type->quals = Q_CONST;
    k_decl **np = k_alloc(ps->ctx, sizeof *np * (size_t)(f->nparams + 1));
    np[0] = self;
    for (int i = 0; i < f->nparams; i++)
        np[i + 1] = f->params[i];
    f->params = np;
    f->nparams++;
}

/* A member function of the record being parsed becomes a file-scope
 * function "S::f" whose first parameter is `this` (none when static);
 * constructors are "S::S" and return void. */
void k_parse_add_method(k_parser *ps, k_decl *f, unsigned storage, int quals, k_list *inits,
                        k_stmt *body)
{
    k_record *r = current_record(ps);
    if (!r)
        return;
    const char *tag = r->tag ? r->tag : "?";
    size_t tl = strlen(tag);
    int is_ctor = strncmp(f->name, tag, tl) == 0 && strncmp(f->name + tl, "::", 2) == 0;
    if (is_ctor)
        f->method_kind = f->name[tl + 2] == '~' ? M_DTOR : M_CTOR;
    else if (strcmp(f->name, tag) == 0)   /* `int S()` in S: a type before S's name */
        k_error(ps->ctx, f->loc, "a constructor cannot have a return type");
    else if ((storage & ST_STATIC) || strcmp(f->name, "operator new") == 0 ||
             strcmp(f->name, "operator delete") == 0)   /* implicitly static, as in C++ */
        f->method_kind = M_STATIC;
    else
        f->method_kind = (quals & Q_CONST) ? M_CONST_METHOD : M_METHOD;
    if (!is_ctor)
        f->name = qualified(ps, k_ns_qualify(ps->ctx, ps->ns, tag), f->name);
    else if (ps->ns)
        f->name = k_ns_qualify(ps->ctx, ps->ns, f->name);
    f->storage = storage & ~(unsigned)ST_STATIC;
    if (f->method_kind != M_STATIC)
        add_this(ps, f, r, quals);
    f->method_of = r;
    f->body = body;
    k_virtual_member(ps, r, f);
    k_eh_noexcept_body(ps, f);
    if (inits && inits->n) {
        f->nmem_inits = inits->n;
        f->mem_inits = k_alloc(ps->ctx, sizeof *f->mem_inits * (size_t)inits->n);
        for (int i = 0; i < inits->n; i++)
            f->mem_inits[i] = inits->items[i];
    }
    add_to_record(ps, r, f);
    k_parse_list_add(ps, &ps->decls, f);
}

/* The class C of a qualified name "C::f" (C may be qualified itself). */
k_record *k_parse_method_class(k_parser *ps, const char *name)
{
    const char *sep = name ? strstr(name, "::") : NULL;
    if (!sep)
        return NULL;
    const char *last = sep;
    while ((sep = strstr(last + 2, "::")))
        last = sep;
    char *prefix = k_strndup(ps->ctx, name, (size_t)(last - name));
    k_type *t = k_parse_typedef_lookup(ps, prefix);
    if (!t || t->kind != TY_RECORD)   /* `C<T>::f`: the class template C's record */
        return k_tpl_class_record(ps, prefix);
    return t->rec;
}

/* "S::S" or "S::~S": the last two components are equal (but for the ~). */
int k_parse_is_ctor_name(const char *name)
{
    const char *last = strstr(name, "::"), *prev = name, *sep;
    if (!last)
        return 0;
    while ((sep = strstr(last + 2, "::"))) {
        prev = last + 2;
        last = sep;
    }
    size_t n = (size_t)(last - prev);
    const char *own = last + 2 + (last[2] == '~');   /* "S::~S" names S's destructor */
    return strlen(own) == n && strncmp(prev, own, n) == 0;
}

/* The out-of-class definition f of a member function declared in r: it
 * takes the declaration's name and kind, and both get the union of their
 * __host__/__device__ specifiers (`void f();` in the class, `__device__
 * void S::f() {...}` outside, as nvcc allows). */
/* The qualifiers after member function m's parameters (those of *this). */
static int method_cv(const k_decl *m)
{
    if (m->method_kind == M_STATIC || !m->nparams || !m->params[0]->type->base)
        return 0;
    return (int)(m->params[0]->type->base->quals & (Q_CONST | Q_VOLATILE));
}

void k_parse_define_method(k_parser *ps, k_record *r, k_decl *f, unsigned storage, int quals,
                           k_list *inits, k_stmt *body)
{
    const char *member = strrchr(f->name, ':') + 1;
    k_decl *proto = NULL;
    int exact = 0;   /* overloads of one arity: the one whose parameter types match */
    for (int i = 0; i < r->nmethods && !exact; i++) {
        k_decl *m = r->methods[i];
        const char *mm = strrchr(m->name, ':') + 1;
        int self = m->method_kind != M_STATIC;
        if (strcmp(mm, member) != 0 || m->nparams - self != f->nparams || method_cv(m) != quals)
            continue;
        exact = 1;
        for (int j = 0; j < f->nparams && exact; j++)
            exact = k_ty_same(m->params[self + j]->type, f->params[j]->type);
        if (!proto || exact)
            proto = m;
    }
    if (!proto) {
        k_error(ps->ctx, f->loc, "no member function '%s' with %d parameters is declared in "
                "'%s'", member, f->nparams, k_record_name(r));
        return;
    }
    unsigned space = ST_DEVICE | ST_HOST | ST_INLINE | ST_FORCEINLINE;
    proto->storage |= storage & space;
    f->storage = (storage & ~(unsigned)ST_STATIC) | (proto->storage & space);
    f->name = proto->name;
    f->method_kind = proto->method_kind;
    f->method_of = r;
    if (f->method_kind != M_STATIC)
        add_this(ps, f, r, quals);
    f->body = body;
    if (inits && inits->n) {
        f->nmem_inits = inits->n;
        f->mem_inits = k_alloc(ps->ctx, sizeof *f->mem_inits * (size_t)inits->n);
        for (int i = 0; i < inits->n; i++)
            f->mem_inits[i] = inits->items[i];
    }
    if (!k_tpl_define_member(ps, r, proto, f))
        k_parse_list_add(ps, &ps->decls, f);
}
