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

/* ---- scopes ---- */
void k_parse_scope_open(k_parser *ps)
{
    k_parse_list_add(ps, &ps->scope_marks, (void *)(uintptr_t)ps->typedef_names.n);
    k_parse_list_add(ps, &ps->scope_marks, (void *)(uintptr_t)ps->tag_names.n);
}

void k_parse_scope_close(k_parser *ps)
{
    if (ps->scope_marks.n < 2)
        return;
    int tags = (int)(uintptr_t)ps->scope_marks.items[--ps->scope_marks.n];
    int names = (int)(uintptr_t)ps->scope_marks.items[--ps->scope_marks.n];
    ps->typedef_names.n = ps->typedef_types.n = names;
    ps->tag_names.n = ps->tag_types.n = tags;
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
static k_type *tag_lookup(const k_parser *ps, const char *name, int *here)
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
    if (tag) {
        k_parse_list_add(ps, &ps->tag_names, (void *)tag);
        k_parse_list_add(ps, &ps->tag_types, t);
        k_parse_add_typedef(ps, k_ns_qualify(ps->ctx, ps->ns, tag), t);
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
k_type *k_parse_record_begin(k_parser *ps, int is_union, const char *tag, k_loc loc)
{
    int here = 0;
    k_type *t = tag ? tag_lookup(ps, tag, &here) : NULL;
    if (t && here && t->kind == TY_RECORD && !t->rec->defined && t->rec->is_union == is_union) {
        t = record_type(ps, t->rec);
        t->rec->loc = loc;
    } else {
        if (t && here)
            k_error(ps->ctx, loc, "redefinition of '%s %s'", kind_word(is_union), tag);
        t = declare_tag(ps, is_union, tag, loc);
    }
    k_parse_list_add(ps, &ps->records, t->rec);
    return t;
}

k_type *k_parse_record_end(k_parser *ps, k_type *t)
{
    if (ps->records.n)
        ps->records.n--;
    t->rec->defined = 1;
    ps->just_defined = t->rec;
    return t;
}

/* One member declaration of the record being parsed.  `struct { ... };`
 * without a declarator is an anonymous member; a tagged nested definition
 * declares only its type. */
void k_parse_members(k_parser *ps, k_specs *sp, k_list *dtors,
                     k_type *(*build)(k_parser *, k_specs *, k_declarator *))
{
    if (!ps->records.n || !sp)
        return;
    k_record *r = ps->records.items[ps->records.n - 1];
    if (sp->storage || sp->is_typedef)
        k_error(ps->ctx, sp->loc, "storage classes and typedefs inside a %s are not supported",
                kind_word(r->is_union));
    if (!dtors) {
        if (sp->defined && !sp->defined->tag) {
            k_declarator d = {0};
            d.loc = sp->loc;
            k_record_add(ps->ctx, r, NULL, build(ps, sp, &d), sp->loc);
        } else if (!sp->defined && !sp->enumerators.n) {
            k_warning(ps->ctx, sp->loc, "declaration does not declare anything");
        }
        return;
    }
    for (int i = 0; i < dtors->n; i++) {
        k_declarator *d = dtors->items[i];
        if (!d)
            continue;
        if (d->init)
            k_error(ps->ctx, d->loc, "default member initializers are not supported");
        k_field *f = k_record_add(ps->ctx, r, d->name, build(ps, sp, d), d->loc);
        f->bit_expr = d->bits;
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

/* ---- enums: int-typed, their enumerators are `const int` variables ---- */
k_type *k_parse_enum_ref(k_parser *ps, const char *tag, k_loc loc)
{
    int here;
    k_type *t = tag_lookup(ps, tag, &here);
    if (t && t->kind != TY_RECORD)
        return t;
    k_error(ps->ctx, loc, "enum '%s' is used before its definition", tag);
    return k_type_new(ps->ctx, TY_INT);
}

k_type *k_parse_enum_begin(k_parser *ps, const char *tag, k_loc loc)
{
    k_type *t = k_type_new(ps->ctx, TY_INT);
    t->alias = tag;
    if (tag) {
        int here;
        if (tag_lookup(ps, tag, &here) && here)
            k_error(ps->ctx, loc, "redefinition of 'enum %s'", tag);
        k_parse_list_add(ps, &ps->tag_names, (void *)tag);
        k_parse_list_add(ps, &ps->tag_types, t);
        k_parse_add_typedef(ps, k_ns_qualify(ps->ctx, ps->ns, tag), t);
    }
    ps->cur_enum = t;
    memset(&ps->enumerators, 0, sizeof ps->enumerators);
    return t;
}

/* An enumerator without a value is the previous one plus 1 (the first is 0). */
void k_parse_enumerator(k_parser *ps, const char *name, k_loc loc, k_expr *value)
{
    k_ctx *ctx = ps->ctx;
    k_decl *d = k_decl_new(ctx, D_VAR, loc, name);
    d->type = k_type_new(ctx, TY_INT);
    d->type->quals = Q_CONST;
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
    k_parse_list_add(ps, &ps->enumerators, d);
}

/* ---- the scanner's side: which identifiers are type names ---- */
static int is_type_token(int kind)
{
    switch (kind) {
    case TYPEDEF_NAME: case KW_VOID: case KW_BOOL: case KW_CHAR: case KW_SHORT: case KW_INT:
    case KW_LONG: case KW_SIGNED: case KW_UNSIGNED: case KW_FLOAT: case KW_DOUBLE:
    case KW_DIM3: case KW_UINT3: case KW_SIZE_T: case KW_CUDA_ERROR_T: case KW_CUDA_EVENT_T:
    case KW_CUDA_STREAM_T: case KW_CUDA_DEVICE_PROP:
    case KW_STRUCT: case KW_UNION: case KW_ENUM:
        return 1;
    default:
        return 0;
    }
}

/* Whether a typedef name scanned now is a type.  Right after a type
 * (`typedef struct S S;`, `struct S`) or after a record's closing brace
 * (`typedef struct S {...} S;`) it is the name being declared. */
int k_parse_type_name_here(const k_parser *ps)
{
    return !is_type_token(ps->prev_kind) && !ps->after_record;
}

/* Called with every token the scanner returns (brace and token history). */
void k_parse_token_hook(k_parser *ps, int kind)
{
    ps->after_record = 0;
    if (kind == '{') {
        int rec = ps->prev_kind == KW_STRUCT || ps->prev_kind == KW_UNION ||
                  ps->prev_kind == KW_ENUM ||
                  (ps->prev_kind == IDENT && (ps->prev2_kind == KW_STRUCT ||
                                              ps->prev2_kind == KW_UNION ||
                                              ps->prev2_kind == KW_ENUM));
        if (ps->brace_depth < (int)sizeof ps->brace_record)
            ps->brace_record[ps->brace_depth] = (unsigned char)rec;
        ps->brace_depth++;
    } else if (kind == '}' && ps->brace_depth > 0) {
        ps->brace_depth--;
        ps->after_record = ps->brace_depth < (int)sizeof ps->brace_record &&
                           ps->brace_record[ps->brace_depth];
    }
    ps->prev2_kind = ps->prev_kind;
    ps->prev_kind = kind;
}
