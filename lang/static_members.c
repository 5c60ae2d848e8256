/* lang/static_members.c -- C++ static data members in sema.
 *
 * `static int count;` in class S is the file-scope variable "S::count"
 * declared extern (lang/parse_decl.c); `int S::count = 0;` outside the class
 * is its definition and the same object (sema.c links the two through
 * var_def, lowering gives them one global).  A static member with an
 * initializer in the class (`static const int N = 4;`, `static constexpr`)
 * is its own definition.  Inside S's member functions and while S is laid
 * out (`int a[N];`) the bare name finds "S::name".
 *
 * A class template's static members are patterns: each instance S<int> gets
 * its own "S<int>::count", made from the definition outside the class
 * (`template <class T> int S<T>::count = 0;`) when there is one, else from the
 * declaration in the class, before the instance is laid out.
 *
 * A static member that is used but defined nowhere is one error at its
 * declaration (where C++ fails at link time). */
#include <string.h>

#include "sema.h"
#include "templates_sema.h"
#include "templates.h"

struct k_statics {
    k_decl **pats;            /* class templates' static members, in the class and outside */
    int n, cap;
};

/* The class whose scope encloses what is being checked, as the prefix of its
 * members' qualified names ("S<int>"): the class of the static member whose
 * initializer is being checked, the record being laid out, or the class of
 * the member function being checked.  Returns its length, 0 if none. */
static size_t class_prefix(const k_sema_state *s, const char **p)
{
    if (!s->static_init && s->class_scope && s->class_scope->tag) {
        *p = s->class_scope->tag;
        return strlen(*p);
    }
    const k_decl *m = k_sema_method(s);   /* a lambda's: the member function it is in */
    const char *of = s->static_init ? s->static_init->name : m ? m->name : NULL;
    if (!of)
        return 0;
    const char *last = NULL;
    for (const char *q = strstr(of, "::"); q; q = strstr(q + 2, "::"))
        last = q;
    *p = of;
    return last ? (size_t)(last - of) : 0;
}

/* "S::name" for a name inside class S (in buf), or NULL. */
const char *k_static_member_name(const k_sema_state *s, const char *name, char *buf,
                                 size_t size)
{
    const char *p;
    /* `Mode::slow` inside S names S::Mode::slow (a member enum's); `::x` is global */
    size_t n = name[0] == ':' ? 0 : class_prefix(s, &p);
    if (!n || n + strlen(name) + 3 > size)
        return NULL;
    memcpy(buf, p, n);
    memcpy(buf + n, "::", 2);
    strcpy(buf + n + 2, name);
    return buf;
}

/* A file-scope variable d declared again as old: an extern declaration and
 * its definition are one object (the declarations point at the definition). */
void k_static_member_link(k_decl *old, k_decl *d)
{
    k_decl *root = old;
    while (root->var_def && root->var_def != root)
        root = root->var_def;
    if (root == d)
        return;
    /* the definition is the one that is not extern, or that has an
     * initializer (`extern "C" int n = 5;` after `extern "C" int n;`) */
    int d_defines = !(d->storage & ST_EXTERN) || (d->init && !root->init);
    if (d_defines && (root->storage & ST_EXTERN))
        root->var_def = d;
    else if (d->storage & ST_EXTERN)
        d->var_def = root;
}

/* `extern char *optarg;` inside a function: it names the variable of that
 * name declared at file scope before it (`file`, NULL if none), the same
 * object (var_def, as an extern declaration at file scope).  Returns 0 after
 * reporting what is wrong with it. */
int k_local_extern_link(k_sema_state *s, k_decl *d, k_decl *file)
{
    if (d->init || k_has_ctor(d)) {
        k_error(s->ctx, d->loc, "'%s' is declared extern inside a function: it cannot have an "
                "initializer", d->name);
        return 0;
    }
    if (!file || file->kind != D_VAR || file->builtin >= 0) {
        k_error(s->ctx, d->loc, "local extern declaration of '%s' names no variable declared at "
                "file scope before it", d->name);
        k_help(s->ctx, "declare it at file scope, ahead of this function");
        return 0;
    }
    if (!k_ty_same(file->type, d->type)) {
        char a[TYBUF], b[TYBUF];
        k_error(s->ctx, d->loc, "local extern declaration of '%s' as '%s' does not match its "
                "declaration at file scope as '%s'", d->name, k_ty_str(d->type, a, sizeof a),
                k_ty_str(file->type, b, sizeof b));
        return 0;
    }
    d->var_def = file;
    d->is_global_scope = 1;
    return 1;
}

/* ---- class templates ---- */
static int same_class(const char *member, const char *cls)
{
    size_t n = strlen(cls);
    return strncmp(member, cls, n) == 0 && member[n] == ':' && member[n + 1] == ':' &&
           !strstr(member + n + 2, "::");
}

/* A class template's static member, in the class or defined outside it:
 * kept until the class is instantiated. */
void k_static_member_pattern(k_sema_state *s, k_decl *d)
{
    struct k_statics *st = s->statics;
    if (!st && !(st = s->statics = k_alloc(s->ctx, sizeof *st)))
        return;
    int declared = d->static_member;
    for (int i = 0; i < st->n; i++) {
        k_decl *o = st->pats[i];
        if (strcmp(o->name, d->name) == 0 && !o->static_member && !d->static_member) {
            k_error(s->ctx, d->loc, "redefinition of '%s'", d->name);
            k_note(s->ctx, o->loc, "previous definition is here");
            return;
        }
        declared |= o->static_member && strcmp(o->name, d->name) == 0;
    }
    if (!declared) {   /* its class (declared first) has no such member */
        k_error(s->ctx, d->loc, "no static data member '%s' is declared in its class"
                " template", d->name);
        return;
    }
    if (st->n == st->cap) {
        int cap = st->cap ? st->cap * 2 : 8;
        k_decl **a = k_alloc(s->ctx, (size_t)cap * sizeof *a);
        if (st->n)
            memcpy(a, st->pats, (size_t)st->n * sizeof *a);
        st->pats = a;
        st->cap = cap;
    }
    st->pats[st->n++] = d;
}

/* The definition outside the class of the static member declared as d, or
 * NULL. */
static const k_decl *definition_of(const struct k_statics *st, const k_decl *d)
{
    for (int i = 0; i < st->n; i++)
        if (!st->pats[i]->static_member && strcmp(st->pats[i]->name, d->name) == 0)
            return st->pats[i];
    return NULL;
}

/* The instance r (tag "S<int>") of class template tpl: its own static
 * members, substituted by sb, checked at file scope; each is handed to out
 * (for lowering).  Called before r is laid out: `T a[N]` may need them. */
void k_static_members_instantiate(k_sema_state *s, const char *tpl, k_record *r,
                                  const k_subst *sb, void (*out)(k_sema_state *, k_decl *))
{
    struct k_statics *st = s->statics;
    for (int i = 0; st && i < st->n; i++) {
        const k_decl *d = st->pats[i];
        if (!d->static_member || !same_class(d->name, tpl))
            continue;
        const k_decl *def = definition_of(st, d);
        const k_decl *from = def ? def : d;
        k_decl *v = k_alloc(s->ctx, sizeof *v);
        *v = *from;
        const char *member = d->name + strlen(tpl) + 2;
        size_t a = strlen(r->tag), b = strlen(member);
        char *name = k_alloc(s->ctx, a + b + 3);
        memcpy(name, r->tag, a);
        memcpy(name + a, "::", 2);
        memcpy(name + a + 2, member, b + 1);
        v->name = name;
        v->type = k_clone_type(s->ctx, from->type, sb);
        v->init = k_clone_expr(s->ctx, from->init, sb);
        v->is_template = 0;
        v->tparams = NULL;
        v->ntparams = 0;
        v->static_member = 1;
        v->odr_used = 0;
        v->var_def = NULL;
        v->sema_ext = NULL;
        v->storage = def ? def->storage & ~(unsigned)ST_EXTERN : d->storage;
        k_sema_var_instance(s, v);
        out(s, v);
    }
}

/* ---- used, never defined ---- */
static void check_defined(k_sema_state *s, const k_decl *d)
{
    if (d->kind != D_VAR || !d->static_member || !d->odr_used || !(d->storage & ST_EXTERN))
        return;
    const k_decl *x = d;
    while (x->var_def && x->var_def != x)
        x = x->var_def;
    if (x->storage & ST_EXTERN)
        k_error(s->ctx, d->loc, "static data member '%s' is used but never defined (define"
                " it outside its class: '%s = ...;' with its type)", d->name, d->name);
}

/* After sema: every static member used is defined somewhere. */
void k_static_members_check(k_sema_state *s, const k_unit *unit)
{
    for (int i = 0; unit && i < unit->ndecls; i++)
        check_defined(s, unit->decls[i]);
}

/* ---- named through the class ---- */
int k_static_member_def(k_sema_state *s, const k_decl *d)
{
    if (d->static_member)
        return 1;
    if (!d->name || !strstr(d->name, "::"))
        return 0;
    for (k_scope *sc = s->file_scope; sc; sc = sc->up)
        for (int i = 0; i < sc->n; i++)
            if (sc->decls[i]->static_member && strcmp(sc->decls[i]->name, d->name) == 0)
                return 1;
    return 0;
}

static k_decl *static_in(k_sema_state *s, const k_record *r, const char *name, int depth)
{
    if (!r || !r->tag || depth > 64)
        return NULL;
    size_t a = strlen(r->tag), b = strlen(name);
    char *q = k_alloc(s->ctx, a + b + 3);
    memcpy(q, r->tag, a);
    memcpy(q + a, "::", 2);
    memcpy(q + a + 2, name, b + 1);
    k_decl *d = k_sema_lookup(s, q);
    if (d && d->kind == D_VAR && k_static_member_def(s, d))
        return d;
    for (int i = 0; i < r->nbases; i++)   /* each base, in declaration order */
        if ((d = static_in(s, k_record_base_at(r, i), name, depth + 1)))
            return d;
    return NULL;
}

/* The static data member `name` of r or of one of its bases, or NULL. */
static k_decl *find_static(k_sema_state *s, const k_record *r, const char *name)
{
    return static_in(s, r, name, 0);
}

/* `obj.n`, `p->n` with n a static data member: the member itself, after
 * obj when obj has effects (`f().n` calls f, as C++ does). */
int k_static_member_access(k_sema_state *s, k_expr *e, const k_record *r)
{
    k_decl *d = find_static(s, r, e->name);
    if (!d)
        return 0;
    k_expr *lhs = e->lhs;
    while (lhs && lhs->kind == E_UNARY && lhs->op == KU_DEREF)
        lhs = lhs->lhs;
    k_expr *id = k_expr_new(s->ctx, E_IDENT, e->loc);
    id->name = d->name;
    id->depth = 1;
    if (lhs && lhs->kind == E_IDENT) {
        *e = *id;
        return 1;
    }
    e->kind = E_BINARY;
    e->op = KB_COMMA;
    e->rhs = id;
    return 1;
}

/* A name in e whose declaration's initializer failed, or whose initializer
 * names one (`half = tile / 2` after tile's error), up to `hops` names deep. */
static int init_failed(const k_expr *e, int hops)
{
    if (!e || hops <= 0)
        return 0;
    if (e->kind == E_IDENT && e->decl && e->decl->kind == D_VAR)
        return e->decl->init_failed || init_failed(e->decl->init, hops - 1);
    return init_failed(e->lhs, hops) || init_failed(e->rhs, hops) || init_failed(e->cond, hops);
}

int k_static_init_failed(const k_expr *e)
{
    return init_failed(e, 8);
}

/* C++'s complete-class context: a member function's body (or a default
 * argument, a default member initializer) may use a static data member or
 * an enumerator of its class declared after it, which sema has not reached
 * in the unit's order.  It is checked now, at file scope, once (the unit's
 * loop skips it later).  Only a lookup that found nothing else gets here. */
k_decl *k_sema_later_member(k_sema_state *s, const char *qname)
{
    for (int i = 0; s->unit && i < s->unit->ndecls; i++) {
        k_decl *d = s->unit->decls[i];
        if (d->kind != D_VAR || !d->static_member || d->checked_early || d->is_template ||
            strcmp(d->name, qname) != 0)
            continue;
        k_sema_check_member_early(s, d);
        return k_sema_global_find(s, qname);
    }
    return NULL;
}

/* "S::In::x" (in buf, as k_static_member_name writes it) not found: a
 * static member or enumerator of S itself or of a class around it, declared
 * before or after (`struct S { struct In { int f() { return K; } };
 * static const int K = 5; };`), as C++ looks names up in the enclosing
 * classes' scopes. */
k_decl *k_sema_enclosing_member(k_sema_state *s, char *buf)
{
    for (int guard = 0; guard < 16; guard++) {
        k_decl *d = k_sema_global_find(s, buf);
        if (d && d->kind == D_VAR)
            return d;
        if ((d = k_sema_later_member(s, buf)) != NULL)
            return d;
        /* drop the innermost class: "S::In::x" -> "S::x" */
        char *last = NULL, *before = NULL;
        for (char *q = strstr(buf, "::"); q; q = strstr(q + 2, "::")) {
            before = last;
            last = q;
        }
        if (!before)
            return NULL;
        memmove(before, last, strlen(last) + 1);
    }
    return NULL;
}
