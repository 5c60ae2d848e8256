/* lang/virtual_parse.c -- virtual functions, the parser's side: the words
 * `virtual`, `override`, `final` and the pure specifier `= 0` recorded on
 * the member function being parsed (k_parser.virt, then k_decl.virt), the
 * hidden vtable pointer "__vptr" made the first member of a class that
 * declares virtual functions and has no base, and the implicit default
 * constructor a polymorphic class without constructors gets (it sets the
 * vtable pointer).  Sema's side is lang/virtual.c. */
#include <string.h>

#include "parser.h"
#include "parse_build.h"
#include "types.h"

static int is_access_word(int kind)
{
    return kind == KW_PUBLIC || kind == KW_PRIVATE || kind == KW_PROTECTED;
}

static int is_record_word(int kind)
{
    return kind == KW_STRUCT || kind == KW_CLASS_RECORD;
}

/* `struct D : virtual B`, `struct D : public virtual B`: in a base clause
 * (`public: virtual void f();` is an access label before a member). */
static int in_base_clause(const k_parser *ps)
{
    if (ps->in_bases)
        return 1;
    if (ps->prev_kind == ':')
        return !is_access_word(ps->prev2_kind);
    return is_access_word(ps->prev_kind) && ps->prev2_kind == ':';
}

/* `virtual`, and `override`/`final` after a member function's declarator
 * (or `final` after a class's name): recorded, and read past (returns 1).
 * Other tokens: 0. */
int k_virtual_token(k_parser *ps, int kind, const k_token *t)
{
    if (kind == KW_VIRTUAL) {
        if (in_base_clause(ps))
            k_error(ps->ctx, t->loc, "virtual base classes are not supported in K (derive "
                    "without `virtual`: each base is then a subobject of its own)");
        else if (!ps->records.n)
            k_error(ps->ctx, t->loc, "'virtual' can only be used on a member function inside "
                    "its class");
        else
            ps->virt |= VF_VIRTUAL;
        return 1;
    }
    if (kind != IDENT || ps->tpl.prev_kind == TPL_CLOSE)
        return 0;
    int over = t->len == 8 && memcmp(t->text, "override", 8) == 0;
    int fin = t->len == 5 && memcmp(t->text, "final", 5) == 0;
    if (!over && !fin)
        return 0;
    if ((ps->prev_kind == ')' || ps->prev_kind == KW_CONST) && ps->records.n) {
        ps->virt |= over ? VF_OVERRIDE : VF_FINAL;
        return 1;
    }
    /* `class D final : public B`: nothing derives from D (not checked) */
    return fin && (ps->prev_kind == IDENT || ps->prev_kind == TYPEDEF_NAME) &&
           is_record_word(ps->prev2_kind);
}

/* Gives r the hidden first member "__vptr" (8 bytes, where nvcc puts the
 * vtable pointer), in front of the members read so far. */
static void add_vptr(k_parser *ps, k_record *r, k_loc loc)
{
    k_type *t = k_type_new(ps->ctx, TY_ULLONG);
    k_record_add(ps->ctx, r, "__vptr", t, loc);
    k_field f = r->fields[r->nfields - 1];
    memmove(r->fields + 1, r->fields, sizeof *r->fields * (size_t)(r->nfields - 1));
    r->fields[0] = f;
    r->has_vptr = 1;
}

/* Whether the '(' of `noexcept(e)` follows t (spaces between). */
static int paren_after(const k_token *t)
{
    const char *p = t->text + t->len;
    while (*p == ' ' || *p == '\t' || *p == '\n')
        p++;
    return *p == '(';
}

/* `noexcept`, `noexcept(e)` or `throw()` after a function's declarator: read past
 * (returns 1); in a class, recorded for the member function being read
 * (`noexcept(false)` says it may throw, any other e that it does not).
 * Other tokens: 0. */
/* `throw()` after t: C++98's empty dynamic exception specification, which
 * C++17 keeps as noexcept (a throw expression never has empty parentheses). */
static int empty_parens_after(const k_token *t)
{
    const char *p = t->text + t->len;
    while (*p == ' ' || *p == '\t' || *p == '\n')
        p++;
    if (*p++ != '(')
        return 0;
    while (*p == ' ' || *p == '\t' || *p == '\n')
        p++;
    return *p == ')';
}

int k_noexcept_token(k_parser *ps, int kind, const k_token *t)
{
    if (kind == KW_THROW && (ps->prev_kind == ')' || ps->prev_kind == KW_CONST) &&
        empty_parens_after(t)) {
        k_token in;
        k_lexer_next(&ps->lx, &in);   /* ( */
        k_lexer_next(&ps->lx, &in);   /* ) */
        if (ps->records.n)
            ps->noexcept_seen = 1;
        else
            ps->noexcept_at = t->loc;
        return 1;
    }
    if (kind != IDENT || t->len != 8 || memcmp(t->text, "noexcept", 8) != 0 ||
        (ps->prev_kind != ')' && ps->prev_kind != KW_CONST))
        return 0;
    int no_throw = 1;
    if (paren_after(t)) {
        k_token in;
        int depth = 0, n = 0, k;
        do {
            k = k_lexer_next(&ps->lx, &in);
            depth += (k == '(') - (k == ')');
            if (++n == 2)
                no_throw = !(in.len == 5 && memcmp(in.text, "false", 5) == 0);
        } while (k && depth > 0);
        if (n != 3)   /* more than one word: an expression K does not evaluate */
            no_throw = 1;
    }
    if (ps->records.n)
        ps->noexcept_seen = no_throw;
    else if (no_throw)
        ps->noexcept_at = t->loc;
    return 1;
}

/* The member function f of r has just been read: it takes the words read
 * with it. */
void k_virtual_member(k_parser *ps, k_record *r, k_decl *f)
{
    f->is_noexcept = (unsigned char)ps->noexcept_seen;
    ps->noexcept_seen = 0;
    f->virt = (unsigned char)ps->virt;
    ps->virt = 0;
    if (!f->virt)
        return;
    if (f->method_kind == M_CTOR || f->method_kind == M_STATIC) {
        k_error(ps->ctx, f->loc, "%s cannot be virtual", f->method_kind == M_CTOR
                ? "a constructor" : "a static member function");
        f->virt = 0;
        return;
    }
    if ((f->virt & (VF_VIRTUAL | VF_PURE)) && !r->base && !r->base_id && !r->has_vptr)
        add_vptr(ps, r, f->loc);
}

/* A data member after `virtual` (`virtual int n;`). */
void k_virtual_not_function(k_parser *ps, k_loc loc)
{
    if (ps->virt & VF_VIRTUAL)
        k_error(ps->ctx, loc, "'virtual' can only be used on a member function");
    ps->virt = 0;
}

/* `virtual void f() = 0;`: d's initializer is the pure specifier. */
int k_virtual_pure(k_parser *ps, k_declarator *d)
{
    if (!d || !d->init)
        return 1;
    if (d->init->kind != E_INT || d->init->ival != 0) {
        k_error(ps->ctx, d->init->loc, "a member function's initializer must be '= 0' (pure "
                "virtual)");
        d->init = NULL;
        return 0;
    }
    d->init = NULL;
    ps->virt |= VF_PURE;
    return 1;
}

/* Does r (or a base known while parsing) have a vtable pointer? */
static int known_polymorphic(const k_record *r)
{
    return k_record_polymorphic(r);
}

/* Does r need a constructor even when it declares none?  When it is
 * polymorphic: sema gives every constructor the store of the vtable
 * pointer.  A class whose base is a template's instance (`: Base<T>`) and
 * that has member functions needs one too: whether that base is
 * polymorphic is known only in sema, and an empty constructor changes
 * nothing for a class that is not. */
int k_virtual_wants_ctor(const k_record *r)
{
    int methods = 0;
    for (int i = 0; i < r->nmethods; i++)
        methods += r->methods[i]->method_kind != M_DTOR;
    return known_polymorphic(r) || (r->base_id && methods);
}

static int is_word(const k_token *t, const char *w)
{
    size_t n = strlen(w);
    return t->len == n && memcmp(t->text, w, n) == 0;
}

/* `std::type_info` and `std::type_index` (what `typeid` gives): the type
 * is named before any `typeid` (`const std::type_info &ti = typeid(x);`), so
 * it is the one error.  Bare `type_info` (under `using namespace std`) only
 * where a declaration of it follows (`type_info &`, `type_info const`), so
 * that a program's own variable of that name is not taken for it. */
static int rtti_type_name(const k_parser *ps, const k_token *t)
{
    if (is_word(t, "std::type_info") || is_word(t, "std::type_index"))
        return 1;
    if (!is_word(t, "type_info") && !is_word(t, "type_index"))
        return 0;
    if (k_parse_is_ordinary(ps, is_word(t, "type_info") ? "type_info" : "type_index"))
        return 0;
    const unsigned char *p = ps->lx.cur;
    while (p < ps->lx.lim && (*p == ' ' || *p == '\t'))
        p++;
    return p < ps->lx.lim && (*p == '&' || *p == '*' ||
                              (ps->lx.lim - p > 5 && memcmp(p, "const", 5) == 0));
}

/* `typeid(x).name()`: the word typeid before a parenthesized operand and
 * `.name()`, the one use of RTTI K builds (lang/typeid.c); any other
 * `typeid` stays k_virtual_unsupported's error. */
int k_typeid_name_here(const k_parser *ps, const k_token *t)
{
    if (!is_word(t, "typeid"))
        return 0;
    const unsigned char *lim = ps->lx.lim, *p = k_scan_parens(ps->lx.cur, lim);
    if (!p || p >= lim || *p != '.')
        return 0;
    for (p++; p < lim && (*p == ' ' || *p == '\t'); p++)
        ;
    return lim - p >= 4 && memcmp(p, "name", 4) == 0;
}

/* `typeid(e).name()` / `typeid(T).name()`: the call sema turns into the
 * string literal of the type's mangled name (lang/typeid.c). */
k_expr *k_parse_typeid(k_parser *ps, k_loc loc, k_expr *e, k_type *t, const char *member,
                       k_loc member_loc)
{
    if (strcmp(member, "name") != 0) {
        k_error(ps->ctx, member_loc, "only typeid(...).name() is supported in K, not '%s'",
                member);
        return kp_expr_leaf(ps, E_INT, loc);
    }
    k_expr *c = kp_expr_leaf(ps, E_CALL, loc);
    c->name = "__simt_typeid_name";
    c->type_written = t;
    if (e) {
        c->args = k_alloc(ps->ctx, sizeof *c->args);
        c->args[0] = e;
        c->nargs = 1;
        c->depth = e->depth + 1;
    }
    return c;
}

/* The token kind (as the grammar will see it) ends the parse after one
 * error (returns 1) when it starts what K does not build: `typeid`.  A
 * class's base clause is followed, so that `virtual` there is known
 * (in_base_clause). */
int k_virtual_unsupported(k_parser *ps, int kind, const k_token *t)
{
    if (kind == IDENT && rtti_type_name(ps, t)) {
        k_error(ps->ctx, t->loc, "'%.*s' (run-time type information) is not supported in K",
                (int)t->len, t->text);
        k_help(ps->ctx, "call a virtual function of the base class instead");
        return 1;
    }
    if (kind == IDENT && is_word(t, "typeid")) {
        k_error(ps->ctx, t->loc, "'%.*s' (run-time type information) is not supported in K",
                (int)t->len, t->text);
        k_help(ps->ctx, "call a virtual function of the base class instead");
        return 1;
    }
    if (kind == ':' && (ps->prev_kind == IDENT || ps->prev_kind == TYPEDEF_NAME) &&
        is_record_word(ps->prev2_kind)) {
        ps->in_bases = 1;
        return 0;
    }
    if (!ps->in_bases)
        return 0;
    if (kind == '{' || kind == ';' || kind == BRACE_INIT)
        ps->in_bases = 0;
    return 0;
}

/* `dynamic_cast` is a keyword of the grammar's casts (the scanner reads it
 * as an identifier). */
int k_virtual_keyword(const k_token *t, int kind)
{
    return kind == IDENT && is_word(t, "dynamic_cast") ? KW_DYNAMIC_CAST : kind;
}
