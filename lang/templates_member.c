/* lang/templates_member.c -- member templates: a function template declared
 * inside a class (`template <class T> static T f(T v)`), called as `S::f<int>(v)`,
 * `P::template f<T>(v)` with P a template parameter, or deduced.
 *
 * Such a member is an ordinary function template named "S::f" (the class's
 * members are named so, lang/parse_decl.c); templates_sema.c instantiates
 * it like any other.  `P::f` inside a template becomes "S::f" when P is bound
 * to S (lang/clone.c).  A member template of a class template is read under
 * two heads (the class's, kept aside while the member's is open); it keeps
 * the class's parameters in outer_tparams, and each instance of the class
 * gets a copy of it that is a member template of the instance
 * (templates_sema.c). */
#include <string.h>

#include "parser.h"
#include "namespaces.h"
#include "templates.h"

/* `P::template f` (as one token: the scanner's qualified name) is the name
 * "P::f", and a template's: *name is "P::f\0P::f" (qualified, then as
 * written: k_tpl_written).  Returns 0 for a name without the word. */
int k_tpl_member_name(k_parser *ps, const char *text, size_t len, const char **name)
{
    const char *kw = "template";
    size_t kl = strlen(kw);
    char *buf = NULL;
    size_t n = 0;
    for (size_t i = 0; i < len;) {
        int after_scope = i >= 2 && text[i - 1] == ':' && text[i - 2] == ':';
        if (after_scope && i + kl < len && memcmp(text + i, kw, kl) == 0 &&
            (text[i + kl] == ' ' || text[i + kl] == '\t' || text[i + kl] == '\n')) {
            if (!buf && !(buf = k_alloc(ps->ctx, 2 * len + 2)))
                return 0;
            if (n == 0) {
                memcpy(buf, text, i);
                n = i;
            }
            i += kl;
            while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n'))
                i++;
            continue;
        }
        if (buf)
            buf[n++] = text[i];
        i++;
    }
    if (!buf)
        return 0;
    buf[n] = '\0';
    memcpy(buf + n + 1, buf, n + 1);
    *name = buf;
    return 1;
}

/* `template` while a head is open: inside a class template's body (a member
 * template) or right after the head (`template <class T> template <class U>`
 * before a member template's definition outside its class).  The outer head
 * is kept in ts->outer and a second one opens (k_tpl_filter), closed by
 * k_tpl_nested_end.  Returns 1 for a third level, reported once. */
static const unsigned char *skip_blanks(const unsigned char *p, const unsigned char *lim)
{
    while (p < lim && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    return p;
}

static const unsigned char *skip_word(const unsigned char *p, const unsigned char *lim,
                                      const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(lim - p) <= n || memcmp(p, word, n) != 0)
        return NULL;
    unsigned char c = p[n];
    return (c == '_' || ((c | 32) >= 'a' && (c | 32) <= 'z') || (c >= '0' && c <= '9')) ? NULL
                                                                                      : p + n;
}

/* `template <class> friend class Tester;` in a class: a friend grants
 * access only, which K does not check, so the declaration is read past
 * (cuda-samples' cmd_arg_reader.h).  Returns 1 when it was. */
int k_tpl_skip_friend_template(k_parser *ps)
{
    const unsigned char *p = skip_blanks(ps->lx.cur, ps->lx.lim), *lim = ps->lx.lim;
    if (!ps->records.n || p >= lim || *p != '<')
        return 0;
    int depth = 0;
    for (; p < lim; p++) {
        if (*p == ';' || *p == '{')
            return 0;
        if (*p == '<')
            depth++;
        else if (*p == '>' && --depth == 0)
            break;
    }
    if (p >= lim || !(p = skip_word(skip_blanks(p + 1, lim), lim, "friend")))
        return 0;
    p = skip_blanks(p, lim);
    const unsigned char *q = skip_word(p, lim, "class");
    if (!q && !(q = skip_word(p, lim, "struct")))
        return 0;
    for (q = skip_blanks(q, lim); q < lim && (*q == '_' || *q == ':' ||
                                               ((*q | 32) >= 'a' && (*q | 32) <= 'z') ||
                                               (*q >= '0' && *q <= '9')); q++)
        ;
    if ((q = skip_blanks(q, lim)) >= lim || *q != ';')
        return 0;
    k_token t;
    int kind;
    do
        kind = k_lexer_next(&ps->lx, &t);
    while (kind && kind != ';');
    return 1;
}

int k_tpl_nested_head(k_parser *ps, k_loc loc)
{
    k_tpl_scan *ts = &ps->tpl;
    if (!ts->head_open)
        return 0;
    /* in the class's braces (a syntax error may have left a head open) */
    int in_class = (ts->class_name || ts->class_spec) && ts->parens > 0;
    int after_head = ts->prev_kind == TPL_CLOSE && !ts->head_name &&
                     ts->decl_mark == ps->decls.n;
    if (!in_class && !after_head)
        return 0;
    if (ts->nested) {
        k_error(ps->ctx, loc, "templates nested more than two deep (a member template of a"
                " member template, or inside a class template's member class) are not"
                " supported in K");
        return 1;
    }
    ts->outer = (struct k_tpl_outer){ ts->head_open, ts->typedef_mark, ts->decl_mark,
                                      ts->head_nparams, ts->head_name, ts->class_name,
                                      ts->head_params, ts->spec_args, ts->class_spec };
    ts->nested = 1;
    ts->head_open = 0;        /* k_tpl_filter opens the inner head */
    ts->class_name = NULL;
    ts->class_spec = NULL;
    return 0;
}

/* The inner head's declaration is complete: the outer head is open again.
 * After `template <class T> template <class U> ... C<T>::f(...) {...}` the
 * outer head has nothing left to declare and closes too. */
void k_tpl_nested_end(k_parser *ps)
{
    k_tpl_scan *ts = &ps->tpl;
    const struct k_tpl_outer *o = &ts->outer;
    if (!o->class_name && !o->class_spec && ps->decls.n > ts->decl_mark) {
        /* two heads before what is no member of a class template */
        const k_decl *d = ps->decls.items[ts->decl_mark];
        k_error(ps->ctx, d->loc, "too many template parameter lists for '%s' (two heads"
                " are for a class template's member template)", d->name ? d->name : "?");
    }
    ts->nested = 0;
    ts->head_open = o->head_open;
    ts->typedef_mark = o->typedef_mark;
    ts->decl_mark = o->decl_mark;
    ts->head_nparams = o->head_nparams;
    ts->head_name = o->head_name;
    ts->class_name = o->class_name;
    ts->head_params = o->head_params;
    ts->spec_args = o->spec_args;
    ts->class_spec = o->class_spec;
    if (!ts->class_name && !ts->class_spec) {
        ts->decl_mark = ps->decls.n;   /* the inner head's declarations are its own */
        k_tpl_head_end(ps, o->head_params);
    }
}

/* The member template just added (the last declaration): its qualified name
 * is a template's from here on (`S::f<int>(v)`), then the head closes. */
void k_tpl_member_end(k_parser *ps, k_list *params)
{
    if (ps->decls.n > ps->tpl.decl_mark) {
        k_decl *f = ps->decls.items[ps->decls.n - 1];
        if (f)
            f->member_template = 1;
        /* a constructor template is found by its class, not by name */
        if (f && f->name && f->method_kind != M_CTOR)
            k_tpl_register(ps->ctx, &ps->tpl, f->name, K_TPL_FUNCTION);
    }
    k_tpl_head_end(ps, params);
}

/* A template head's parameter K does not build, reported once (returns 1):
 * a member template's template template parameter. */
int k_tpl_unsupported_param(k_parser *ps, int kind, k_loc loc)
{
    const k_tpl_scan *ts = &ps->tpl;
    int in_head = ts->head_angle && ts->nangles == ts->head_angle &&
                  ts->parens == ts->angle_parens[ts->nangles - 1];
    if (!in_head)
        return 0;
    if (kind == KW_TEMPLATE && (ts->prev_kind == TPL_OPEN || ts->prev_kind == ',') &&
        ts->nested) {
        k_error(ps->ctx, loc, "template template parameters of member templates are not"
                " supported in K");
        k_help(ps->ctx, "take the class template's instance as a type parameter instead");
        return 1;
    }
    return 0;
}

/* ---- a class template's member function defined outside the class ---- */

/* `C<T>::f` in a definition's declarator: the name "C::f" (C qualified),
 * which add_function reads as a member of C's record.  The head's
 * parameters must be named as the class's are: the definition's T is the
 * class's T once the instance is made (clone.c substitutes by name). */
const char *k_tpl_member_def_name(k_parser *ps, k_type *id, const char *member)
{
    if (!id || !member)
        return member ? member : "?";
    ps->tpl.member_def_id = id;
    return k_ns_qualify(ps->ctx, id->name, member);
}

/* Inside the definition of C<T>::f outside C, a bare C (not `C<...>`) is
 * C<T> itself (`throw Exception(s.str());` in cuda-samples' exception.h):
 * its template-id, or NULL for another name. */
k_type *k_tpl_injected_member_class(k_parser *ps, const char *name)
{
    k_type *id = ps->tpl.member_def_id;
    if (!id || !name || !id->name || strcmp(id->name, name) != 0 || k_tpl_self_id(ps, name))
        return NULL;
    k_type *t = k_alloc(ps->ctx, sizeof *t);
    if (t)
        *t = *id;
    return t;
}

/* `int C<T>::count = 0;` in a namespace: the variable's name as written
 * there ("C::count"), which the declaration's namespace qualifies
 * (parse_build.c), where C's name is already qualified ("ns::C"). */
const char *k_tpl_static_def_name(k_parser *ps, k_type *id, const char *member)
{
    const char *name = k_tpl_member_def_name(ps, id, member);
    size_t n = ps->ns ? strlen(ps->ns) : 0;
    if (n && strncmp(name, ps->ns, n) == 0 && name[n] == ':' && name[n + 1] == ':')
        return name + n + 2;
    return name;
}

/* The record of class template name (qualified), or NULL. */
k_record *k_tpl_class_record(k_parser *ps, const char *name)
{
    if (k_tpl_lookup(&ps->tpl, name) != K_TPL_CLASS)
        return NULL;
    for (int i = 0; i < ps->decls.n; i++) {
        k_decl *d = ps->decls.items[i];
        if (d->kind == D_RECORD && d->is_template && d->name && strcmp(d->name, name) == 0 &&
            d->type && d->type->kind == TY_RECORD)
            return d->type->rec;
    }
    return NULL;
}

/* The head before a member's definition names its parameters as the class
 * template's head does (clone.c substitutes by name). */
static void same_head(k_parser *ps, const k_decl *cls, const k_decl *f)
{
    const k_list *h = ps->tpl.nested ? ps->tpl.outer.head_params : ps->tpl.head_params;
    int n = h ? h->n : 0;
    for (int i = 0; i < n && i < cls->ntparams; i++) {
        const k_tparam *p = h->items[i];
        const char *want = cls->tparams[i].name;
        if (p && p->name && want && strcmp(p->name, want) != 0) {
            k_error(ps->ctx, p->loc, "the template parameters of '%s' outside its class must"
                    " be named as the class's are in K ('%s', not '%s')", f->name, want,
                    p->name);
            return;
        }
    }
    if (n != cls->ntparams)
        k_error(ps->ctx, f->loc, "'%s' is defined with %d template parameters, its class"
                " has %d", f->name, n, cls->ntparams);
}

/* A member template of a class template defined outside the class: the
 * second head names its parameters as the member's declaration does. */
static void same_member_head(k_parser *ps, const k_decl *proto, const k_decl *f)
{
    const k_list *h = ps->tpl.nested ? ps->tpl.head_params : NULL;
    int n = h ? h->n : 0;
    if (!ps->tpl.nested || n != proto->ntparams) {
        k_error(ps->ctx, f->loc, "'%s' is a member template: its definition outside the class"
                " needs 'template <...>' with its %d parameters after the class's", f->name,
                proto->ntparams);
        return;
    }
    for (int i = 0; i < n; i++) {
        const k_tparam *p = h->items[i];
        const char *want = proto->tparams[i].name;
        if (p && p->name && want && strcmp(p->name, want) != 0) {
            k_error(ps->ctx, p->loc, "the template parameters of '%s' outside its class must"
                    " be named as in its declaration in K ('%s', not '%s')", f->name, want,
                    p->name);
            return;
        }
    }
}

/* f, the definition of proto (a member of record r): when r is a class
 * template's, f replaces proto among r's members, so every instance of the
 * class copies f with its body; it is then not a declaration of its own
 * (returns 1). */
int k_tpl_define_member(k_parser *ps, k_record *r, k_decl *proto, k_decl *f)
{
    f->member_template = proto->member_template;
    k_decl *cls = NULL;
    for (int i = 0; i < ps->decls.n && !cls; i++) {
        k_decl *d = ps->decls.items[i];
        if (d->kind == D_RECORD && d->is_template && d->type && d->type->kind == TY_RECORD &&
            d->type->rec == r)
            cls = d;
    }
    if (!cls)
        return 0;
    same_head(ps, cls, f);
    if (proto->member_template)
        same_member_head(ps, proto, f);
    for (int i = 0; i < r->nmethods; i++)
        if (r->methods[i] == proto) {
            f->is_template = proto->is_template;
            f->tparams = proto->tparams;
            f->ntparams = proto->ntparams;
            f->member_template = proto->member_template;
            f->outer_tparams = proto->outer_tparams;
            f->nouter_tparams = proto->nouter_tparams;
            /* default arguments are the declaration's: f takes them along */
            for (int j = 0; j < f->nparams && f->nparams == proto->nparams; j++)
                if (!f->params[j]->init)
                    f->params[j]->init = proto->params[j]->init;
            r->methods[i] = f;
        }
    /* the class's head ended at its '}': f's own head must not mark more */
    ps->tpl.decl_mark = ps->decls.n;
    return 1;
}

/* ---- `obj.f<int>(x)`: explicit arguments of a member template's call ---- */

/* After `.` or `->`: whether name, followed by '<', is a member template's
 * (some class's "S::name" was declared a function template), so the '<'
 * opens its arguments.  The object's class is sema's to know: a comparison
 * `o.n < m` with a member template named n elsewhere reads as a call.  A
 * namespace's function template (std::size from <vector>) is no member, so
 * `t.size < 100` stays a comparison. */
/* Whether the first len characters of qname name a namespace. */
static int qualifier_is_namespace(const k_parser *ps, const char *qname, size_t len)
{
    for (int i = 0; i < ps->namespaces.n; i++) {
        const char *ns = ps->namespaces.items[i];
        if (strlen(ns) == len && !strncmp(ns, qname, len))
            return 1;
    }
    return 0;
}

/* Whether the '<' at p opens an argument list: its '>' (nesting kept) comes
 * before a ')', ';', '{' or '}' of this level, and '(' follows it. */
static int closes_before_call(const unsigned char *p, const unsigned char *lim)
{
    int angles = 0, parens = 0;
    for (; p < lim; p++) {
        if (*p == '<')
            angles++;
        else if (*p == '>' && !parens && --angles == 0)
            break;
        else if (*p == '(' || *p == '[')
            parens++;
        else if ((*p == ')' || *p == ']') && --parens < 0)
            return 0;
        else if (*p == ';' || *p == '{' || *p == '}')
            return 0;
    }
    if (p >= lim)
        return 0;
    for (p++; p < lim && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'); p++)
        ;
    return p < lim && *p == '(';
}

int k_tpl_member_call_name(const k_parser *ps, const char *name)
{
    const unsigned char *p = ps->lx.cur;
    while (p < ps->lx.lim && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    if (p >= ps->lx.lim || *p != '<' || (p + 1 < ps->lx.lim && (p[1] == '<' || p[1] == '=')))
        return 0;
    if (!closes_before_call(p, ps->lx.lim))
        return 0;   /* `t.size < 100)`: a comparison, though some template is named size */
    size_t n = strlen(name);
    for (int i = 0; i < ps->tpl.n; i++) {
        const char *q = ps->tpl.names[i];
        size_t m = strlen(q);
        if (ps->tpl.kinds[i] == K_TPL_FUNCTION && m > n + 2 && strcmp(q + m - n, name) == 0 &&
            q[m - n - 1] == ':' && q[m - n - 2] == ':' && !qualifier_is_namespace(ps, q, m - n - 2))
            return 1;
    }
    return 0;
}

/* "ns::base::member" (ns the namespace the derived class was declared in,
 * which a base's name written there may be in), or "base::member". */
static char *base_member(k_parser *ps, const char *ns, const char *base, const char *member)
{
    size_t nn = ns ? strlen(ns) + 2 : 0, nb = strlen(base), nm = strlen(member);
    char *q = k_alloc(ps->ctx, nn + nb + nm + 3);
    if (!q)
        return NULL;
    if (ns) {
        memcpy(q, ns, nn - 2);
        memcpy(q + nn - 2, "::", 2);
    }
    memcpy(q + nn, base, nb);
    memcpy(q + nn + nb, "::", 2);
    memcpy(q + nn + nb + 2, member, nm + 1);
    return q;
}

/* "C::f" with f a member template of a base of class C (a class, or a
 * class template's id `: Base<T>`), at any depth: a template name, so that
 * `Derived::f<int>(x)` parses; sema calls the base's (lang/classes.c,
 * k_sema_inherited_call). */
int k_tpl_inherited_name(k_parser *ps, const char *name, int depth)
{
    k_record *r = depth < 16 ? k_parse_method_class(ps, name) : NULL;
    const char *member = k_ns_last(name);
    for (int i = 0; r && i < r->nbases && i < r->nfields; i++) {
        const k_type *b = r->fields[i].type;
        const char *base = !b ? NULL : b->kind == TY_RECORD ? b->rec->tag
                           : b->kind == TY_TEMPLATE_ID ? b->name : NULL;
        for (int in_ns = r->ns != NULL; base && in_ns >= 0; in_ns--) {
            const char *q = base_member(ps, in_ns ? r->ns : NULL, base, member);
            if (q && (k_tpl_lookup(&ps->tpl, q) == K_TPL_FUNCTION ||
                      k_tpl_inherited_name(ps, q, depth + 1)))
                return 1;
        }
    }
    return 0;
}

/* `obj.f<args>`: the member expression m carries the arguments, which the
 * call's E_MCALL keeps (lang/classes.c hands them to the instantiation). */
k_expr *k_tpl_member_targs(k_parser *ps, k_expr *m, k_loc loc, k_list *targs)
{
    k_expr *id = k_tpl_ident(ps, loc, m ? m->name : "?", targs);
    if (m && id) {
        m->has_targs = 1;
        m->targs = id->targs;
        m->ntargs = id->ntargs;
    }
    return m;
}
