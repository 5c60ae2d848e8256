/* lang/classes.c -- C++ classes in sema: member functions, `this`,
 * constructors, overloaded operators and the overload choice they need.
 *
 * The parser made every member function a file-scope function "S::f" whose
 * first parameter is `this` (lang/parse_decl.c).  So sema only has to
 *   - find members by their bare names inside member functions (a field
 *     becomes (*this).m, a member function call gets `this` first);
 *   - turn obj.f(args) into the call S::f(&obj, args);
 *   - turn `a + b` on a class into operator+(a, b) or a.operator+(b);
 *   - pick a constructor for `S s(1, 2)`, `S s = {1, 2}`, `S s;`, `S(1, 2)`
 *     and `S{1, 2}` (lowering calls it on the object's slot).
 *     That choice is lang/class_ctors.c's; it uses the overload choice here.
 * Overloads (several constructors, several operator+) are chosen by the
 * number of arguments and how well each converts (exact, then arithmetic). */
#include <string.h>

#include "cg.h"
#include "parse_build.h"
#include "sema.h"
#include "templates.h"

#define TYBUF 96

/* ---- building nodes (sema rewrites a few expressions in place) ---- */
k_expr *k_class_node(k_sema_state *s, k_expr_kind kind, k_loc loc)
{
    k_expr *e = k_expr_new(s->ctx, kind, loc);
    e->builtin = -1;
    e->depth = 1;
    return e;
}

/* `T(e)`: e converted to class type p (unqualified) by its one-argument
 * constructor. */
static k_expr *construct_from(k_sema_state *s, const k_type *p, k_expr *e)
{
    k_expr *c = k_class_node(s, E_CONSTRUCT, e->loc);
    c->type_written = k_alloc(s->ctx, sizeof *c->type_written);
    *c->type_written = *p;
    c->type_written->quals = 0;
    c->args = k_alloc(s->ctx, sizeof *c->args);
    c->args[0] = e;
    c->nargs = 1;
    c->depth = e->depth + 1;
    return c;
}

k_expr *k_class_this(k_sema_state *s, k_loc loc)
{
    k_expr *t = k_class_node(s, E_IDENT, loc);
    t->name = "this";
    return t;
}

/* &e, typed without checking that e is an lvalue: a class rvalue (f().g())
 * has an address too (lowering keeps it in a slot). */
static k_expr *address_of(k_sema_state *s, k_expr *e)
{
    k_expr *a = k_class_node(s, E_UNARY, e->loc);
    a->op = KU_ADDR;
    a->lhs = e;
    a->depth = e->depth + 1;
    a->type = k_type_ptr(s->ctx, e->type);
    if (e->kind == E_IDENT && e->decl)
        e->decl->address_taken = 1;
    return a;
}

/* r's constructors (not its member templates). */
int k_record_ctors(k_sema_state *s, const k_record *r, k_decl ***out)
{
    k_decl **c = k_alloc(s->ctx, sizeof *c * (size_t)(r->nmethods + 1));
    int n = 0;
    for (int i = 0; i < r->nmethods; i++)
        if (r->methods[i]->method_kind == M_CTOR && !r->methods[i]->member_template)
            c[n++] = r->methods[i];
    *out = c;
    return n;
}

/* ---- overload choice ---- */
/* Does r have a conversion operator, or (to r) a constructor of one
 * parameter that takes a t?  Only arithmetic types and pointers count: a
 * rough test, for ranking overloads (lang/convert.c applies the real one). */
/* Can conversion operator m's result reach parameter type p?  A pointer
 * parameter takes a pointer, an arithmetic one an arithmetic value or a
 * pointer (to bool): `explicit operator bool()` converts to no pointer. */
static int conversion_result_fits(const k_decl *m, const k_type *p)
{
    const k_type *res = m->type && m->type->kind == TY_FUNC ? m->type->base : NULL;
    if (!res)
        return 1;
    if (res->kind == TY_REF)
        res = res->base;
    if (p->kind == TY_PTR)
        return res->kind == TY_PTR;
    if (k_ty_is_arith(p))
        return k_ty_is_arith(res) || (p->kind == TY_BOOL && res->kind == TY_PTR);
    return 1;
}

static k_type_kind unref_kind(const k_type *t)
{
    return t->kind == TY_REF ? t->base->kind : t->kind;
}

/* Whether a constructor's one parameter of type q takes a t as a standard
 * conversion does: arithmetic from arithmetic, a pointer from a pointer to
 * the same kind (or to void): std::string's `const char *` takes no
 * `int *`. */
static int ctor_param_takes(const k_type *q, const k_type *t)
{
    if (q->kind == TY_REF)
        q = q->base;
    if (k_ty_is_arith(q) && k_ty_is_arith(t))
        return 1;
    return q->kind == TY_PTR && (t->kind == TY_PTR || t->kind == TY_ARRAY) && q->base &&
           t->base && (q->base->kind == TY_VOID || q->base->kind == t->base->kind);
}

static int user_convertible(const k_type *p, const k_type *t)
{
    if (p->kind == TY_REF)
        p = p->base;
    const k_record *r = t->kind == TY_RECORD ? t->rec : p->kind == TY_RECORD ? p->rec : NULL;
    if (!r || (p->kind == TY_RECORD && t->kind == TY_RECORD))
        return 0;
    for (int i = 0; i < r->nmethods; i++) {
        const k_decl *m = r->methods[i];
        if (r == t->rec && strstr(m->name, K_CONV_OP_NAME) && conversion_result_fits(m, p))
            return 1;
        if (r != t->rec && m->method_kind == M_CTOR && m->nparams == 2 &&
            ctor_param_takes(m->params[1]->type, t))
            return 1;
        if (r != t->rec && m->method_kind == M_CTOR && m->member_template && m->nparams == 2 &&
            unref_kind(m->params[1]->type) == TY_TPARAM)
            return 1;   /* `template <class F> function(F f)` takes any one argument */
    }
    return 0;
}

/* A constructor of r taking one argument of type t as it is or by an
 * arithmetic or pointer conversion (std::string from a const char *), or
 * NULL: C++'s implicit conversion by constructor, one step only. */
static k_decl *converting_ctor(const k_record *r, const k_type *t)
{
    if (t->kind == TY_RECORD)
        return NULL;
    k_decl *best = NULL;
    int best_rank = 0;
    for (int i = 0; i < r->nmethods; i++) {
        k_decl *f = r->methods[i];
        if (f->method_kind != M_CTOR || f->nparams != 2)
            continue;
        const k_type *p = f->params[1]->type;
        if (p->kind == TY_REF)
            p = p->base;
        int rank = k_ty_same(p, t) ? 3 : k_ty_is_arith(p) && k_ty_is_arith(t) ? 1
                   : p->kind == TY_PTR && (t->kind == TY_PTR || t->kind == TY_ARRAY) &&
                     k_ty_same(p->base, t->base) ? 2 : 0;
        if (p->kind == TY_PTR && (t->kind == TY_PTR || t->kind == TY_ARRAY) &&
            p->base->kind == t->base->kind)
            rank = 2;
        if (rank > best_rank) {
            best = f;
            best_rank = rank;
        }
    }
    return best;
}

/* An argument a of a type other than the class of parameter p (a class or
 * a reference to one) that a constructor converts: a becomes `P(a)`, checked.
 * Returns 1 when it did. */
int k_sema_convert_arg(k_sema_state *s, const k_type *p, k_expr **a)
{
    if (p->kind == TY_REF)
        p = p->base;
    k_expr *e = *a;
    if (p->kind != TY_RECORD || !e->type || e->type->kind == TY_RECORD ||
        !converting_ctor(p->rec, k_decay(s->ctx, e->type)))
        return 0;
    *a = construct_from(s, p, e);
    return k_sema_expr(s, *a) != NULL;
}

/* How well argument a converts to parameter type p: 3 exact, 2 same class
 * of type, 1 convertible, 0 not at all. */
int k_conversion_rank(const k_type *p, const k_expr *a)
{
    const k_type *t = a->type;
    if (!t || !p)
        return 0;
    if (p->kind == TY_REF && p->rvalue_ref && a->is_lvalue && !a->is_xvalue)
        return 0;   /* `T &&` binds no lvalue */
    if (p->kind == TY_REF && k_ref_binds_directly(p, a) && !k_ty_same(p->base, t))
        return 2;   /* a derived object binds a reference to its base */
    if (p->kind == TY_REF)   /* const T & binds a T (a temporary when an rvalue) */
        p = p->base;
    if (k_ty_is_nullptr(p))   /* std::nullptr_t takes nullptr and 0, no other pointer */
        return k_ty_is_nullptr(t) ? 3 : t->kind != TY_PTR && k_is_null_const(a) ? 1 : 0;
    if (k_ty_same(p, t))
        return 3;
    if (p->kind == TY_RECORD && t->kind == TY_RECORD && k_record_derives(t->rec, p->rec))
        return 2;   /* `const B &` (or a B) from a D temporary: its B part */
    if (user_convertible(p, t))
        return 1;
    if (k_ty_is_arith(p) && k_ty_is_arith(t))
        return k_ty_is_float(p) == k_ty_is_float(t) ? 2 : 1;
    if (p->kind == TY_PTR && (t->kind == TY_PTR || t->kind == TY_ARRAY)) {
        if (p->base->kind == TY_RECORD && t->base->kind == TY_RECORD &&
            k_record_derives(t->base->rec, p->base->rec))
            return p->base->rec == t->base->rec ? 3 : 2;
        return p->base->kind == TY_VOID || k_ty_same(p->base, t->base) ? 2 : 0;
    }
    if (p->kind == TY_PTR && k_is_null_const(a))
        return 1;
    if (p->kind == TY_BOOL && t->kind == TY_PTR)
        return 1;
    if (p->kind == TY_RECORD && converting_ctor(p->rec, t))
        return 1;
    return 0;
}

/* The best of n candidates for args (first: 1 when the candidates take
 * `this` first and args do not include it); NULL when none fits. */
/* Can a call of f pass nargs arguments after the first (the object)?  Those
 * it leaves out must have default arguments, in the declaration or the
 * definition (k_sema_default_args appends them). */
static int takes_count(const k_decl *f, int nargs, int first, int defaults)
{
    int want = f->nparams - first;
    if (want == nargs || (f->variadic && want <= nargs))
        return 1;
    if (nargs > want || !defaults)
        return 0;
    const k_decl *g = f->params[nargs + first]->init ? f : f->definition;
    return g && g->nparams == f->nparams && g->params[nargs + first]->init;
}

/* How well argument i fits f's parameter: 0 not at all, else 1 + twice its
 * conversion rank, plus one unless an rvalue binds `const T &` (an rvalue
 * binds `T &&` before it, [over.ics.rank] 3.2.3); an argument past f's
 * parameters (`...`) counts 1. */
static int arg_score(const k_decl *f, k_expr **args, int i, int first)
{
    if (i + first >= f->nparams)
        return 1;
    const k_type *p = f->params[i + first]->type;
    int r = k_conversion_rank(p, args[i]);
    int lref_rvalue = p->kind == TY_REF && !p->rvalue_ref &&
                      (!args[i]->is_lvalue || args[i]->is_xvalue);
    return r > 0 ? 1 + r * 2 + !lref_rvalue : 0;
}

/* Whether f fits args better than g (g NULL: whether it fits): argument by
 * argument, the first that differs deciding (compared one by one, not packed
 * into one number, which overflowed past 21 arguments: std::tuple's). */
static int fits_better(const k_decl *f, const k_decl *g, k_expr **args, int nargs, int first)
{
    int decided = 0;
    for (int i = 0; i < nargs; i++) {
        int a = arg_score(f, args, i, first);
        if (!a)
            return 0;
        if (g && !decided) {
            int b = arg_score(g, args, i, first);
            if (a != b) {
                if (a < b)
                    return 0;
                decided = 1;
            }
        }
    }
    return !g || decided;
}

/* The best candidate for args (of those alike, the first); defaults:
 * whether the caller appends the default arguments of one that takes more
 * (k_sema_finish_call does). */
static k_decl *pick_call(k_decl **cands, int n, k_expr **args, int nargs, int first,
                         int defaults)
{
    k_decl *best = NULL;
    for (int c = 0; c < n; c++) {
        k_decl *f = cands[c];
        if (takes_count(f, nargs, first, defaults) && fits_better(f, best, args, nargs, first))
            best = f;
    }
    return best;
}

/* A call whose leaving-out of arguments k_sema_finish_call fills in. */
k_decl *k_overload_pick(k_decl **cands, int n, k_expr **args, int nargs, int first)
{
    return pick_call(cands, n, args, nargs, first, 1);
}

/* Every function of the file called name (overloads share it). */
static int candidates(k_sema_state *s, const char *name, k_decl ***out)
{
    k_scope *sc = s->file_scope;
    k_decl **c = k_alloc(s->ctx, sizeof *c * (size_t)(sc->n + 1));
    int n = 0;
    size_t len = strlen(name);
    int op = strncmp(name, "operator", 8) == 0;
    for (int i = 0; i < sc->n; i++) {
        const char *dn = sc->decls[i]->name;
        size_t dl = dn ? strlen(dn) : 0;
        if (sc->decls[i]->kind != D_FUNC || sc->decls[i]->method_of ||
            !k_unit_sees(s, sc->decls[i]))
            continue;
        /* an operator declared in a namespace (std::operator+ of std::string)
         * is found through its class's namespace in C++ (ADL): any namespace
         * here, the argument types then decide */
        if (strcmp(dn, name) == 0 || (op && dl > len + 2 && strcmp(dn + dl - len, name) == 0 &&
                                      dn[dl - len - 1] == ':'))
            c[n++] = sc->decls[i];
    }
    *out = c;
    return n;
}

k_decl *k_sema_overload(k_sema_state *s, k_decl *f, k_expr **args, int nargs)
{
    if (!f || f->kind != D_FUNC)
        return f;
    k_decl **c;
    int n = f->is_global_scope ? candidates(s, f->name, &c) : 0;
    if (!k_braced_args(s, n ? c : &f, n ? n : 1, args, nargs, 0, f->name))
        return f;   /* reported; the call's other checks stay silent */
    if (n < 2)
        return f;
    for (int i = 0; i < nargs; i++)
        k_sema_rvalue(s, args[i]);
    k_decl *best = k_overload_pick(c, n, args, nargs, 0);
    return best ? best : f;
}

/* Among f's overloads, the one whose type is the function type ft (the
 * pointer it initializes, is assigned to or passed as: `int (*p)(float) =
 * f;`), or NULL when none is. */
k_decl *k_sema_overload_of_type(k_sema_state *s, k_decl *f, const k_type *ft)
{
    k_decl **c;
    int n = candidates(s, f->name, &c);
    for (int i = 0; i < n; i++) {
        const k_type *t = c[i]->kind == D_FUNC ? k_fn_type(s->ctx, c[i]) : NULL;
        if (!t || t->nparams != ft->nparams || t->variadic != ft->variadic ||
            !k_ty_same(t->base, ft->base))
            continue;
        int same = 1;
        for (int j = 0; same && j < ft->nparams; j++)
            same = k_ty_same(t->params[j], ft->params[j]) &&
                   (t->params[j]->quals & Q_CONST) == (ft->params[j]->quals & Q_CONST);
        if (same)
            return c[i];
    }
    return NULL;
}

int k_sema_overload_fits(k_sema_state *s, const k_decl *f, k_expr **args, int nargs)
{
    k_decl **c;
    int n = candidates(s, f->name, &c);
    for (int i = 0; i < nargs; i++)
        k_sema_rvalue(s, args[i]);
    return k_overload_pick(c, n, args, nargs, 0) != NULL;
}

/* How many member functions r and its bases have (room for candidates). */
static int count_methods(const k_record *r, int depth)
{
    int n = r ? r->nmethods : 0;
    for (int i = 0; r && i < r->nbases && depth < 64; i++)
        n += count_methods(k_record_base_at(r, i), depth + 1);
    return n;
}

static int is_named(const k_decl *m, const char *name, size_t len)
{
    const char *full = m->name;
    size_t fl = strlen(full);
    return m->method_kind != M_CTOR && m->method_kind != M_DTOR && fl > len + 2 &&
           strcmp(full + fl - len, name) == 0 && full[fl - len - 1] == ':' &&
           full[fl - len - 2] == ':';
}

/* The member functions called name as C++ finds them: r's own, else those
 * of its bases (a class's own hide its bases'), appended to c[*n]; amb[0]
 * and amb[1] get two classes that both have some (lang/bases.c: the name is
 * ambiguous). */
static void find_methods(const k_record *r, const char *name, k_decl **c, int *n,
                         const k_record **amb, int depth)
{
    size_t len = strlen(name);
    int own = 0;
    for (int i = 0; r && i < r->nmethods; i++)
        if (is_named(r->methods[i], name, len))
            own++;
    if (own || k_using_names(r, name)) {
        if (*n && !amb[0]) {
            amb[0] = c[0]->method_of;
            amb[1] = r;
        }
        int first = *n;
        for (int i = 0; i < r->nmethods; i++)
            if (is_named(r->methods[i], name, len))
                c[(*n)++] = r->methods[i];
        for (int i = 0; i < r->nbases && depth < 64; i++) {   /* `using Base::f;` */
            const k_record *none[2] = {NULL, NULL};
            int from = *n;
            if (k_using_base_at(r, name, i))
                find_methods(k_record_base_at(r, i), name, c, n, none, depth + 1);
            *n = from + k_using_keep(c + first, own, c + from, *n - from);
        }
        return;
    }
    for (int i = 0; r && i < r->nbases && depth < 64; i++)
        find_methods(k_record_base_at(r, i), name, c, n, amb, depth + 1);
}

static int methods_found(k_sema_state *s, const k_record *r, const char *name, k_decl ***out,
                         const k_record **amb)
{
    k_decl **c = k_alloc(s->ctx, sizeof *c * (size_t)(count_methods(r, 0) + 1));
    int n = 0;
    amb[0] = amb[1] = NULL;
    find_methods(r, name, c, &n, amb, 0);
    *out = c;
    return n;
}

/* The members of r called name (functions), with `this` or static. */
static int methods_named(k_sema_state *s, const k_record *r, const char *name, k_decl ***out)
{
    const k_record *amb[2];
    return methods_found(s, r, name, out, amb);
}

/* name is a member function of two bases of r: an error at loc. */
static int methods_ambiguous(k_sema_state *s, const k_record *r, const char *name, k_loc loc)
{
    k_decl **c;
    const k_record *amb[2];
    if (!r || !r->nbases || !methods_found(s, r, name, &c, amb) || !amb[0])
        return 0;
    k_bases_report_ambiguous(s, r, name, amb, loc);
    return 1;
}

int k_record_methods(k_sema_state *s, const k_record *r, const char *name, k_decl ***out)
{
    return methods_named(s, r, name, out);
}

/* Inside a member function, a call `f(x)` the parser read as a namespace's
 * template ns::f: a member function or member template f of the class (or
 * of its bases) hides it, as C++'s lookup finds the class's first. */
void k_sema_member_unhide(k_sema_state *s, k_expr *e)
{
    k_decl *in = e->written ? k_sema_method(s) : NULL;
    k_decl **c;
    if (in && in->method_of && methods_named(s, in->method_of, e->written, &c))
        e->name = e->written;
    e->written = NULL;   /* decided: the member call's own rewriting stays */
}

/* The "::" that ends the class part of a qualified name (outside template
 * arguments: `Box<ns::T>::f`), or NULL. */
static const char *class_part_end(const char *name)
{
    const char *sep = NULL;
    int angle = 0;
    for (const char *p = name; *p; p++) {
        if (*p == '<')
            angle++;
        else if (*p == '>')
            angle--;
        else if (angle == 0 && p[0] == ':' && p[1] == ':')
            sep = p++;
    }
    return sep;
}

/* Is r's qualified name qname (its tag in its namespace)? */
static int class_named(const k_record *r, const char *qname)
{
    size_t n = r->ns ? strlen(r->ns) : 0;
    if (!r->tag)
        return 0;
    if (strcmp(r->tag, qname) == 0)
        return 1;
    return n && strncmp(qname, r->ns, n) == 0 && qname[n] == ':' && qname[n + 1] == ':' &&
           strcmp(qname + n + 2, r->tag) == 0;
}

/* The class the file defines under the qualified name qname, or NULL. */
static k_record *file_class(const k_sema_state *s, const char *qname)
{
    for (int i = 0; s->unit && i < s->unit->ndecls; i++) {
        const k_decl *d = s->unit->decls[i];
        if (d && d->kind == D_RECORD && d->type && d->type->kind == TY_RECORD &&
            class_named(d->type->rec, qname))
            return d->type->rec;
    }
    return NULL;
}

static int class_probe(void *arg, const char *qname)
{
    return file_class(arg, qname) != NULL;
}

/* `C::f(args)` (or `C::template f<3>(x)`) with f a member function or
 * member template that class C inherits and does not declare: the call is
 * of the base's `B::f`, as C++'s lookup in C's scope finds it.  Rewrites
 * e->name; 0 when the name is not of that kind, -1 when two bases have f
 * (reported). */
int k_sema_inherited_call(k_sema_state *s, k_expr *e)
{
    const char *sep = class_part_end(e->name);
    if (!sep || sep == e->name || k_sema_lookup(s, e->name))
        return 0;
    size_t n = (size_t)(sep - e->name);
    char *cls = k_alloc(s->ctx, n + 1);
    memcpy(cls, e->name, n);
    cls[n] = '\0';
    const char *q = k_sema_resolve(s, cls, class_probe, s);
    k_record *r = q ? file_class(s, q) : NULL;
    k_decl **c;
    if (!r || !methods_named(s, r, sep + 2, &c) || c[0]->method_of == r)
        return 0;
    int ambiguous = methods_ambiguous(s, r, sep + 2, e->loc);
    e->name = c[0]->name;   /* reported once: a second look at e finds the first base's */
    return ambiguous ? -1 : 1;
}

/* Does a constructor of r take the one argument a? */
int k_record_ctor_takes(k_sema_state *s, const k_record *r, k_expr *a)
{
    k_decl **c;
    int n = k_record_ctors(s, r, &c), m = 0;
    for (int i = 0; i < n; i++) {   /* r's copy and move constructors convert nothing to r:
                                       they would need that very conversion (a loop) */
        const k_type *p = c[i]->nparams == 2 ? c[i]->params[1]->type : NULL;
        if (p && p->kind == TY_REF)
            p = p->base;
        if (!(p && p->kind == TY_RECORD && p->rec == r))
            c[m++] = c[i];
    }
    if (pick_call(c, m, &a, 1, 1, 0))
        return 1;
    for (int i = 0; i < r->nmethods; i++)   /* `template <class F> function(F f)` */
        if (r->methods[i]->method_kind == M_CTOR && r->methods[i]->member_template &&
            r->methods[i]->nparams == 2)
            return 1;   /* deduced, or reported, by k_sema_pick_ctor */
    return 0;
}

/* The class's own (or inherited) `operator new` / `operator delete`, or NULL. */
k_decl *k_record_operator(k_sema_state *s, const k_record *r, const char *name)
{
    k_decl **c;
    return methods_named(s, r, name, &c) ? c[0] : NULL;
}

/* The call e (E_CALL named f, args after `this`) of member function f on
 * the object at obj (an S * expression), or of static f. */
static k_type *member_call(k_sema_state *s, k_expr *e, k_decl *f, k_expr *obj)
{
    if (f->method_kind != M_STATIC) {
        k_expr **na = k_alloc(s->ctx, sizeof *na * (size_t)(e->nargs + 1));
        na[0] = obj;
        for (int i = 0; i < e->nargs; i++)
            na[i + 1] = e->args[i];
        e->args = na;
        e->nargs++;
    }
    e->kind = E_CALL;
    e->name = f->name;
    return k_sema_finish_call(s, e, f);
}

/* e (an E_MCALL without arguments yet) the call of member f on the object
 * obj (checked). */
k_type *k_sema_call_on(k_sema_state *s, k_expr *e, k_decl *f, k_expr *obj)
{
    return member_call(s, e, f, address_of(s, obj));
}

/* The qualifiers after member function f's parameters: those of *this
 * (`int get() const volatile`). */
static unsigned this_quals(const k_decl *f)
{
    if ((f->method_kind != M_METHOD && f->method_kind != M_CONST_METHOD) || !f->nparams ||
        f->params[0]->type->kind != TY_PTR)
        return 0;
    return f->params[0]->type->base->quals & (Q_CONST | Q_VOLATILE);
}

/* obj_quals: those of the object (Q_CONST, Q_VOLATILE).  A const object
 * calls the const overloads, a volatile one the volatile ones; another
 * prefers the overload without volatile (listed first: k_overload_pick keeps the
 * first of equals). */
static k_decl *choose_method(k_sema_state *s, const k_record *r, k_expr *e, unsigned obj_quals)
{
    k_decl **c;
    int n = methods_named(s, r, e->name, &c);
    if (!n)
        return NULL;
    if (!k_braced_args(s, c, n, e->args, e->nargs, -1, e->name))
        return NULL;
    for (int i = 0; i < e->nargs; i++)
        k_sema_rvalue(s, e->args[i]);
    k_decl *statics[64], *members[64];
    int ns = 0, nm = 0;
    int nconst = 0, nvolatile = 0, obj_const = (obj_quals & Q_CONST) != 0;
    for (int i = 0; i < n && i < 64; i++) {
        nconst += c[i]->method_kind == M_CONST_METHOD;
        nvolatile += (this_quals(c[i]) & Q_VOLATILE) != 0;
    }
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n && i < 64; i++) {
            int vol = (this_quals(c[i]) & Q_VOLATILE) != 0;
            if (pass == 0 && c[i]->method_kind == M_STATIC)
                statics[ns++] = c[i];
            else if (c[i]->method_kind != M_STATIC && vol == pass &&
                     (!obj_const || !nconst || c[i]->method_kind == M_CONST_METHOD) &&
                     (!(obj_quals & Q_VOLATILE) || !nvolatile || vol))
                members[nm++] = c[i];
        }
    k_decl *f = k_overload_pick(members, nm, e->args, e->nargs, 1);
    if (!f)
        f = k_overload_pick(statics, ns, e->args, e->nargs, 0);
    /* one that takes this many: its argument check names the argument that
     * does not convert (`words.push_back(1)`: 'int' to 'const string') */
    for (int i = 0; !f && i < nm; i++)
        if (takes_count(members[i], e->nargs, 1, 1))
            f = members[i];
    if (!f) {
        k_error(s->ctx, e->loc, "no member function '%s' of '%s' takes these %d arguments",
                e->name, k_record_name(r), e->nargs);
        return NULL;
    }
    return f;
}

/* obj.f(args) of a member template f (obj the object's address, NULL for a
 * static f): the call S::f(obj, args), which deduces and instantiates as any
 * function template's call does. */
static k_type *member_template_call(k_sema_state *s, k_expr *e, const k_decl *f, k_expr *obj)
{
    k_expr **na = k_alloc(s->ctx, sizeof *na * (size_t)(e->nargs + 1));
    int n = 0;
    if (obj)
        na[n++] = obj;
    for (int i = 0; i < e->nargs; i++)
        na[n++] = e->args[i];
    e->args = na;
    e->nargs = n;
    e->kind = E_CALL;
    e->name = f->name;
    e->lhs = NULL;
    return k_sema_expr(s, e);
}

/* e, an E_MCALL of member template f on the object e->lhs (checked), with
 * its template arguments set (a conversion operator template's, from
 * convert.c): the call of f's instance. */
k_type *k_sema_member_template_on(k_sema_state *s, k_expr *e, const k_decl *f)
{
    if (!k_access_check(s, f->method_of, e->name, f->access, e->loc, f->loc))
        return NULL;
    return member_template_call(s, e, f, f->method_kind == M_STATIC ? NULL
                                : address_of(s, e->lhs));
}

/* Of the n overloads c of a member function, the member template that a
 * call with nargs arguments means: the first overload's when it is one,
 * else the first template when no plain overload takes that many
 * (`p.reset()`, `p.reset(q)` beside `template <class D> reset(q, D)`);
 * NULL for the plain overloads. */
static const k_decl *template_by_count(k_decl **c, int n, int nargs)
{
    if (n && c[0]->member_template)
        return c[0];
    const k_decl *tpl = NULL;
    for (int i = 0; i < n; i++) {
        if (c[i]->member_template)
            tpl = tpl ? tpl : c[i];
        else if (takes_count(c[i], nargs, c[i]->method_kind != M_STATIC, 1))
            return NULL;
    }
    return tpl;
}

/* obj.f(args) */
k_type *k_sema_method_call(k_sema_state *s, k_expr *e)
{
    k_type *t = k_sema_expr(s, e->lhs);
    if (!t)
        return NULL;
    if (t->cg)   /* a cooperative group's member functions are intrinsics (lang/cg.c) */
        return k_cg_member_call(s, e);
    if (t->kind != TY_RECORD && strcmp(e->name, "~") == 0 && !e->nargs)
        return k_sema_pseudo_dtor(s, e);   /* `p->~T()` with T = int */
    if (t->kind != TY_RECORD) {
        char b[TYBUF];
        if (!t->invalid)   /* else its type's error is reported */
            k_error(s->ctx, e->loc, "member reference base type '%s' is not a class",
                    k_ty_str(t, b, sizeof b));
        return NULL;
    }
    if (strcmp(e->name, "~") == 0) {   /* p->~S() */
        k_expr *obj = e->lhs;
        return k_sema_dtor_call(s, e, t->rec, address_of(s, obj), obj);
    }
    int qualified = k_bases_qualify(s, e, t->rec);   /* obj.B::f(): B's, not virtual */
    if (qualified < 0)
        return NULL;
    if (qualified)
        t = e->lhs->type;
    if (methods_ambiguous(s, t->rec, e->name, e->loc))
        return NULL;
    k_decl **c;
    uint32_t off;
    const k_field *fld = methods_named(s, t->rec, e->name, &c) ? NULL
                         : k_record_find(t->rec, e->name, &off);
    if (fld && ((fld->type->kind == TY_PTR && fld->type->base->kind == TY_FUNC) ||
                fld->type->kind == TY_RECORD || fld->type->kind == TY_CLOSURE)) {
        /* s.fn(args): a call through s.fn, or of its operator() (a std::function) */
        k_expr *m = k_class_node(s, E_MEMBER, e->loc);
        m->lhs = e->lhs;
        m->name = e->name;
        m->depth = e->lhs->depth + 1;
        e->kind = E_CALL;
        e->lhs = m;
        e->name = NULL;
        return k_sema_indirect_call(s, e);
    }
    if (!methods_named(s, t->rec, e->name, &c)) {
        k_error(s->ctx, e->loc, "no member function named '%s' in '%s'", e->name,
                k_record_name(t->rec));
        return NULL;
    }
    if (e->has_targs && !c[0]->member_template) {
        k_error(s->ctx, e->loc, "'%s' is not a member template of '%s': it takes no template "
                "arguments", e->name, k_record_name(t->rec));
        return NULL;
    }
    const k_decl *tpl = template_by_count(c, methods_named(s, t->rec, e->name, &c), e->nargs);
    if (tpl) {
        if (!k_access_check(s, tpl->method_of, e->name, tpl->access, e->loc, tpl->loc))
            return NULL;
        return member_template_call(s, e, tpl, tpl->method_kind == M_STATIC ? NULL
                                    : address_of(s, e->lhs));
    }
    k_decl *f = choose_method(s, t->rec, e, t->quals & (Q_CONST | Q_VOLATILE));
    const k_using_decl *u = f ? k_using_of(t->rec, e->name) : NULL;   /* its access */
    if (!f || !k_access_check(s, u ? t->rec : f->method_of, e->name, u ? u->access : f->access,
                              e->loc, u ? u->loc : f->loc))
        return NULL;
    if (f->method_kind == M_METHOD && (t->quals & Q_CONST)) {
        k_error(s->ctx, e->loc, "'%s' is not a const member function: it cannot be called on "
                "a const object", e->name);
        return NULL;
    }
    if ((t->quals & Q_VOLATILE) && f->method_kind != M_STATIC &&
        !(this_quals(f) & Q_VOLATILE)) {
        k_error(s->ctx, e->loc, "'%s' is not a volatile member function: it cannot be called "
                "on a volatile object", e->name);
        return NULL;
    }
    k_expr *obj = e->lhs;
    k_type *rt = member_call(s, e, f, f->method_kind == M_STATIC ? NULL : address_of(s, obj));
    if (!qualified)
        k_virtual_mark_call(e, f, obj);
    return rt;
}

/* Does `this` point at a const object in member function `in`: a const
 * member function's, or (in a lambda) a `[*this]` copy not mutable? */
static int this_is_const(const k_sema_state *s, const k_decl *in)
{
    int star = s->lambda && in != s->fn ? k_sema_lambda_this_const(s) : -1;
    return star >= 0 ? star : in->method_kind == M_CONST_METHOD;
}

/* Inside a member function of r: a call f(args) of another member. */
k_type *k_sema_member_call_unqualified(k_sema_state *s, k_expr *e, int *done)
{
    *done = 0;
    k_decl *in = k_sema_method(s);   /* a lambda's: the member function it is in */
    k_record *r = in ? in->method_of : NULL;
    k_decl **c;
    uint32_t off;
    if (r && !methods_named(s, r, e->name, &c) && k_record_find(r, e->name, &off)) {
        /* `op(x)` with op a data member: a function object or a function
         * pointer, called as (*this).op(x) */
        k_expr *callee = k_class_node(s, E_IDENT, e->loc);
        callee->name = e->name;
        callee->depth = 1;
        if (!k_sema_member_ident(s, callee))
            return NULL;
        *done = 1;
        e->lhs = callee;
        e->name = NULL;
        return k_sema_indirect_call(s, e);
    }
    if (!r || !methods_named(s, r, e->name, &c))
        return NULL;
    *done = 1;
    if (methods_ambiguous(s, r, e->name, e->loc))
        return NULL;
    const k_decl *tpl = template_by_count(c, methods_named(s, r, e->name, &c), e->nargs);
    if (tpl)   /* `sum<U>()`: this->sum<U>() */
        return member_template_call(s, e, tpl, tpl->method_kind == M_STATIC ? NULL
                                    : k_class_this(s, e->loc));
    int obj_const = this_is_const(s, in);
    k_decl *f = choose_method(s, r, e, (obj_const ? Q_CONST : 0) | (this_quals(in) & Q_VOLATILE));
    if (!f)
        return NULL;
    if (f->method_kind == M_METHOD && obj_const && in->method_kind != M_CONST_METHOD) {
        k_error(s->ctx, e->loc, "'%s' is not a const member function: it cannot be called on "
                "the lambda's const copy of the object (make the lambda mutable)", e->name);
        return NULL;
    }
    if ((this_quals(in) & Q_VOLATILE) && f->method_kind != M_STATIC &&
        !(this_quals(f) & Q_VOLATILE)) {
        k_error(s->ctx, e->loc, "'%s' is not a volatile member function: it cannot be called "
                "on the volatile object of '%s'", e->name, in->name);
        return NULL;
    }
    if (f->method_kind != M_STATIC && in->method_kind == M_STATIC) {
        k_error(s->ctx, e->loc, "call to non-static member function '%s' without an object",
                e->name);
        return NULL;
    }
    k_expr *self = f->method_kind == M_STATIC ? NULL : k_class_this(s, e->loc);
    if (self && !k_sema_expr(s, self))
        return NULL;   /* `this` not captured by a lambda: reported */
    k_type *rt = member_call(s, e, f, self);
    k_virtual_mark_call(e, f, NULL);   /* `f()` inside a member: through `this` */
    return rt;
}

/* Inside a member function: a bare name that is a member of the class
 * (and no local or parameter hides it) becomes (*this).name. */
int k_sema_member_ident(k_sema_state *s, k_expr *e)
{
    k_decl *in = k_sema_method(s);   /* a lambda's: the member function it is in */
    k_record *r = in ? in->method_of : NULL;
    uint32_t off;
    if (!r || (!k_record_find(r, e->name, &off) && !k_bases_qualified_field(r, e->name)))
        return 0;   /* `B::x` with B a base: (*this).B::x (lang/bases.c) */
    if (k_record_member_ambiguous(s, r, e->name, e->loc))
        return 1;
    if (in->method_kind == M_STATIC) {
        k_error(s->ctx, e->loc, "invalid use of member '%s' in a static member function",
                e->name);
        return 1;
    }
    k_expr *deref = k_class_node(s, E_UNARY, e->loc);
    deref->op = KU_DEREF;
    deref->lhs = k_class_this(s, e->loc);
    deref->depth = 2;
    e->kind = E_MEMBER;
    e->lhs = deref;
    e->depth = 3;
    return 1;
}

/* ---- operators ---- */
static const char *op_text(int op, int unary)
{
    if (unary) {
        switch (op) {
        case KU_NEG: return "-";
        case KU_PLUS: return "+";
        case KU_NOT: return "!";
        case KU_BITNOT: return "~";
        case KU_DEREF: return "*";   /* an iterator class's operator* */
        case KU_ARROW: return "->";  /* `obj->m` (lang/sema_expr.c) */
        case KU_PREINC: case KU_POSTINC: return "++";
        case KU_PREDEC: case KU_POSTDEC: return "--";
        default: return NULL;
        }
    }
    static const char *const names[] = {
        [KB_ADD] = "+", [KB_SUB] = "-", [KB_MUL] = "*", [KB_DIV] = "/", [KB_MOD] = "%",
        [KB_SHL] = "<<", [KB_SHR] = ">>", [KB_LT] = "<", [KB_GT] = ">", [KB_LE] = "<=",
        [KB_GE] = ">=", [KB_EQ] = "==", [KB_NE] = "!=", [KB_BITAND] = "&", [KB_BITXOR] = "^",
        [KB_BITOR] = "|", [KB_LOGAND] = "&&", [KB_LOGOR] = "||",
    };
    return op > 0 && op < (int)(sizeof names / sizeof names[0]) ? names[op] : NULL;
}

/* `a op b` (b NULL for a unary operator; compound assignment when assign)
 * with a class operand: the call of the operator function that fits best,
 * free or member.  *done says whether an operator was found (or reported). */
k_type *k_sema_operator(k_sema_state *s, k_expr *e, int op, int unary, int assign, int *done)
{
    *done = 0;
    k_expr *a = e->lhs, *b = unary ? NULL : e->rhs;
    /* op KB_NONE: `a = b` (assign) or `a[i]`, both members only in C++ */
    const char *sym = unary ? op_text(op, 1) : assign && op == KB_NONE ? ""
                      : op == KB_NONE ? "[]" : op_text(op, 0);
    if (!sym)
        return NULL;
    char buf[16];
    snprintf(buf, sizeof buf, "operator%s%s", sym, assign ? "=" : "");
    const char *name = k_strndup(s->ctx, buf, strlen(buf));   /* e keeps it */
    if (unary && (op == KU_POSTINC || op == KU_POSTDEC)) {
        b = k_class_node(s, E_INT, e->loc);   /* a++ calls operator++(int) with 0 */
        k_sema_rvalue(s, b);
    }
    k_expr *args[2] = {a, b};
    int nargs = b ? 2 : 1;
    k_decl **c;
    int n = candidates(s, name, &c);
    k_decl *free_f = n ? k_overload_pick(c, n, args, nargs, 0) : NULL;
    k_decl *mem_f = NULL, *mem_tpl = NULL;
    if (a->type && a->type->kind == TY_RECORD) {
        k_expr probe = *e;
        probe.name = name;
        probe.args = args + 1;
        probe.nargs = nargs - 1;
        k_decl **m, *pref[64];
        int nm = methods_named(s, a->type->rec, name, &m), np = 0;
        /* a const object takes the const overload, another the non-const one
         * (`T &operator[](int)` beside `T operator[](int) const`) */
        int obj_const = (a->type->quals & Q_CONST) != 0;
        unsigned obj_volatile = a->type->quals & Q_VOLATILE;
        for (int exact = 1; exact >= 0 && !mem_f; exact--) {   /* volatile too, then not */
            np = 0;
            for (int i = 0; i < nm && i < 64; i++)
                if ((m[i]->method_kind == M_CONST_METHOD) == obj_const &&
                    (!exact || (this_quals(m[i]) & Q_VOLATILE) == obj_volatile))
                    pref[np++] = m[i];
            mem_f = np ? k_overload_pick(pref, np, probe.args, probe.nargs, 1) : NULL;
        }
        if (!mem_f && nm)
            mem_f = k_overload_pick(m, nm, probe.args, probe.nargs, 1);
        if (mem_f && obj_volatile && !(this_quals(mem_f) & Q_VOLATILE)) {
            *done = 1;
            k_error(s->ctx, e->loc, "'%s' is not a volatile member function: it cannot be "
                    "called on a volatile object", name);
            return NULL;
        }
        for (int i = 0; !mem_f && i < nm && !mem_tpl; i++)
            if (m[i]->member_template && m[i]->nparams == nargs)
                mem_tpl = m[i];   /* `template <class U> V operator*(U s) const` */
    }
    if (!free_f && !mem_f && mem_tpl) {   /* deduced as any member template's call */
        *done = 1;
        e->args = k_alloc(s->ctx, sizeof *e->args);
        e->args[0] = b;
        e->nargs = nargs - 1;
        e->lhs = e->rhs = NULL;
        e->name = name;
        return member_template_call(s, e, mem_tpl, address_of(s, a));
    }
    if (!free_f && !mem_f && !assign && (unary || op != KB_NONE))   /* not `=`, `[]` */
        free_f = k_tpl_sema_operator(s, name, args, nargs, e->loc);
    if (!free_f && !mem_f && assign && op == KB_NONE && b && a->type &&
        a->type->kind == TY_RECORD && b->type && b->type->kind == TY_RECORD &&
        b->type->rec == a->type->rec && !k_sema_check_assign(s, a->type->rec, b, e->loc)) {
        *done = 1;   /* a copy assignment a move member deleted (lang/moves.c) */
        return NULL;
    }
    if (!free_f && !mem_f)
        return NULL;
    *done = 1;
    e->args = k_alloc(s->ctx, sizeof *e->args * 2);
    e->lhs = e->rhs = NULL;
    if (mem_f) {
        e->nargs = nargs - 1;
        if (b)
            e->args[0] = b;
        e->kind = E_MCALL;
        e->name = name;
        return member_call(s, e, mem_f, address_of(s, a));
    }
    e->args[0] = a;
    e->args[1] = b;
    e->nargs = nargs;
    e->kind = E_CALL;
    e->name = name;
    return k_sema_finish_call(s, e, free_f);
}

/* `obj->m` with obj of class type t: obj.operator->(), again while that
 * gives a class object, as C++ drills down; e (the `*` of `(*obj).m`) then
 * dereferences the pointer the last call gave.  Returns its type. */
k_type *k_sema_arrow_operator(k_sema_state *s, k_expr *e, k_type *t)
{
    for (int n = 0; t && t->kind == TY_RECORD; n++) {
        k_expr *call = k_expr_new(s->ctx, E_UNARY, e->loc);
        int done = 0;
        if (!call)
            return NULL;
        call->op = KU_ARROW;
        call->lhs = e->lhs;
        call->depth = e->lhs->depth + 1;
        k_type *r = n < 16 ? k_sema_operator(s, call, KU_ARROW, 1, 0, &done) : NULL;
        if (!done) {
            char b[TYBUF];
            k_error(s->ctx, e->loc, n < 16 ? "member reference type '%s' is not a pointer, and "
                    "it has no operator->" : "operator-> of '%s' gives class objects 16 deep",
                    k_ty_str(t, b, sizeof b));
            return NULL;
        }
        e->lhs = call;
        e->depth = call->depth + 1;
        t = r;
    }
    return t;
}



/* ---- function pointers ---- */
k_type *k_fn_type(k_ctx *ctx, const k_decl *f)
{
    k_type *t = k_ty(ctx, TY_FUNC);
    t->base = f->type->base;
    t->nparams = f->nparams;
    t->variadic = f->variadic;
    t->params = k_alloc(ctx, sizeof *t->params * (size_t)(f->nparams + 1));
    for (int i = 0; i < f->nparams; i++)
        t->params[i] = f->params[i]->type;
    return t;
}

/* A function named as a value is a pointer to it; lowering calls it through
 * a comparison with every function whose address is taken.  A kernel's
 * pointer is a value only for the runtime calls that take a kernel
 * (cudaOccupancy...): calls through pointers never reach kernels. */
k_type *k_sema_function_value(k_sema_state *s, k_expr *e, k_decl *f)
{
    /* a static member function is an ordinary one (`&Op::Callback`) */
    if ((f->method_of && f->method_kind != M_STATIC) || f->builtin >= 0 ||
        (!f->body && !f->definition &&
                                           k_builtin_find(f->name, 1) >= 0)) {
        k_error(s->ctx, e->loc, "the address of '%s' cannot be taken in K (only of functions "
                "of the program that are not non-static member functions)", f->name);
        return NULL;
    }
    f->address_taken = 1;
    if (f->definition)
        f->definition->address_taken = 1;
    return k_type_ptr(s->ctx, k_fn_type(s->ctx, f));
}

/* obj(args) with obj of class type (the E_CALL e, obj its callee): the
 * call obj.operator()(args). */
k_type *k_sema_functor_call(k_sema_state *s, k_expr *e, k_expr *obj)
{
    e->kind = E_MCALL;
    e->lhs = obj;
    e->name = "operator()";
    e->decl = NULL;
    return k_sema_method_call(s, e);
}

/* (*fp)(args), fp(args), ops[i](args): e->lhs is the callee expression. */
k_type *k_sema_indirect_call(k_sema_state *s, k_expr *e)
{
    k_expr *c = e->lhs;
    if (c->kind == E_PTRMEM)   /* `(obj.*f)(args)` (lang/member_pointers.c) */
        return k_memptr_call(s, e);
    k_type *pt = c->kind == E_UNARY && c->op == KU_DEREF ? k_sema_rvalue(s, c->lhs) : NULL;
    /* (*fp)(...) calls fp; (*pp)(...) with pp a pointer to a function
     * pointer (`(*(F *)p)(a...)`), to an object or to a lambda calls *pp */
    if (pt && !(pt->kind == TY_PTR && (pt->base->kind == TY_RECORD || pt->base->kind == TY_PTR ||
                                       pt->base->kind == TY_CLOSURE)))
        e->lhs = c = c->lhs;
    k_type *t = k_sema_rvalue(s, c);
    if (!t)
        return NULL;
    if (t->kind == TY_RECORD)   /* (*p)(args), a[i](args): the object's operator() */
        return k_sema_functor_call(s, e, c);
    if (t->kind == TY_CLOSURE)  /* `[](int z) {...}(21)`, `add(2)(3)` (lang/lambda.c) */
        return k_sema_call_closure_expr(s, e);
    if (k_memptr_is_function(t)) {
        char b[TYBUF];
        k_error(s->ctx, e->loc, "a pointer to a member function ('%s') is called on an object: "
                "(obj.*f)(args) or (p->*f)(args)", k_ty_str(t, b, sizeof b));
        return NULL;
    }
    if (t->kind != TY_PTR || t->base->kind != TY_FUNC) {
        char b[TYBUF];
        k_error(s->ctx, e->loc, "called object type '%s' is not a function or function pointer",
                k_ty_str(t, b, sizeof b));
        return NULL;
    }
    const k_type *ft = t->base;
    k_type **argt = k_alloc(s->ctx, sizeof *argt * (size_t)(e->nargs + 1));
    e->sema_ext = argt;
    if (e->nargs < ft->nparams || (e->nargs > ft->nparams && !ft->variadic))
        k_error(s->ctx, e->loc, "too %s arguments to a call through a function pointer: it "
                "takes %d, %d given", e->nargs < ft->nparams ? "few" : "many", ft->nparams,
                e->nargs);
    for (int i = 0; i < e->nargs; i++) {
        if ((i < ft->nparams && !k_tpl_target_function(s, ft->params[i], e->args[i])) ||
            !k_sema_rvalue(s, e->args[i]))
            continue;
        if (i < ft->nparams && k_sema_assignable(s, ft->params[i], e->args[i], "argument"))
            argt[i] = ft->params[i];
    }
    e->type = ft->base;
    return e->type;
}

/* An object of a class with a destructor: which one runs at its scope's
 * end, or for one at file scope or a static local in host code when the
 * program ends (lang/lower_exit.c).  Device variables are never destroyed. */
void k_sema_dtor_var(k_sema_state *s, k_decl *d)
{
    k_type *t = d->type;
    while (t->kind == TY_ARRAY)
        t = t->base;
    if (t->kind != TY_RECORD || (d->storage & (ST_SHARED | ST_EXTERN | ST_DEVICE | ST_CONSTANT)) ||
        (!d->is_global_scope && (d->storage & ST_STATIC) && (s->fn_kind & (FN_DEVICE | FN_KERNEL))))
        return;   /* a device function's static local is never destroyed */
    for (int i = 0; i < t->rec->nmethods; i++)
        if (t->rec->methods[i]->method_kind == M_DTOR) {
            k_decl *f = t->rec->methods[i];
            int device = (s->fn_kind & (FN_DEVICE | FN_KERNEL)) != 0;
            if (!(k_fn_kind(f) & (device ? FN_DEVICE : FN_HOST)) && !k_sema_hd_to_host(s))
                k_error(s->ctx, d->loc, "the destructor of '%s' is not a %s function",
                        k_record_name(t->rec), device ? "__device__" : "__host__");
            d->dtor = f;
            d->address_taken = 1;
        }
}

/* A by-value parameter of a class with a destructor, in a host or device
 * function with a body whose side(s) the destructor runs on (not a
 * kernel's): the callee's object, destroyed when the call ends (after the
 * locals, as g++'s caller destroys it after the call). */
void k_sema_dtor_param(k_sema_state *s, const k_decl *f, k_decl *p)
{
    (void)s;
    unsigned fk = k_fn_kind(f), need = fk & (FN_HOST | FN_DEVICE);
    if (!f->body || (fk & FN_KERNEL) || p->type->kind != TY_RECORD)
        return;
    const k_record *r = p->type->rec;
    for (int i = 0; i < r->nmethods; i++)
        if (r->methods[i]->method_kind == M_DTOR && need &&
            (k_fn_kind(r->methods[i]) & need) == need) {
            p->dtor = r->methods[i];
            p->address_taken = 1;
        }
}

/* A class value copied from an lvalue where C++ copies it (a by-value
 * argument, a return): with the class's own copy constructor (std::vector,
 * std::string own memory) the copy is that call, `P(e)`.  A returned local
 * is moved instead (C++ elides that copy): its destructor no longer runs. */
void k_sema_copy_value(k_sema_state *s, const k_type *p, k_expr **a, int is_return)
{
    k_expr *e = *a;
    if (p->kind != TY_RECORD || !e->type || e->type->kind != TY_RECORD ||
        e->type->rec != p->rec || !e->is_lvalue)
        return;
    k_decl *d = e->kind == E_IDENT ? e->decl : NULL;
    int local = d && (d->kind == D_VAR || d->kind == D_PARAM) && !d->is_global_scope &&
                !(d->storage & ST_STATIC) && d->type->kind == TY_RECORD;
    if (is_return && local && (d->kind == D_VAR || !k_record_move_ctor(p->rec))) {
        if (k_record_copy_ctor(p->rec) || k_record_move_ctor(p->rec))
            d->dtor = NULL;   /* the named return value optimization, as g++ does */
        return;
    }
    if (is_return && local)
        e->is_xvalue = 1;   /* `return param;` moves it ([class.copy.elision] 3) */
    if (!k_record_copy_ctor(p->rec) && !k_sema_check_copy(s, p->rec, e, e->loc))
        return;
    if (!k_record_copy_ctor(p->rec) && !(k_record_move_ctor(p->rec) && k_expr_moves_from(e)))
        return;   /* a plain copy */
    *a = construct_from(s, p, e);
    k_sema_expr(s, *a);
}
