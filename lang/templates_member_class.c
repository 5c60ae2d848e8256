/* lang/templates_member_class.c -- member class templates: a class template
 * declared inside a class (`struct P { template <class U> struct Box {...}; };`)
 * or inside a class template (`template <class T> struct Outer { template
 * <class U> struct Inner {...}; };`), named `P::Box<int>`,
 * `Outer<int>::Inner<float>`, `typename Outer<T>::template Inner<U>`, and
 * `Box<int>` / `Inner<U>` inside the enclosing class.
 *
 * Such a member is an ordinary class template named "P::Box" or
 * "Outer::Inner" whose parameters are the enclosing template's followed by
 * its own: `Outer<int>::Inner<float>` is the template-id
 * `Outer::Inner<int, float>`, and inside Outer's body `Inner<U>` is
 * `Outer::Inner<T, U>` (T substituted with Outer's instance, as clone.c
 * does by name).  templates_sema.c instantiates it like any class template;
 * its instances are named "Outer<int>::Inner<float>" in messages. */
#include <string.h>

#include "namespaces.h"
#include "parser.h"
#include "parse_build.h"
#include "templates.h"

static void remember(k_parser *ps, const char *bare, const char *full, k_list *outer)
{
    k_tpl_scan *ts = &ps->tpl;
    if (ts->nmclass == ts->mclass_cap) {
        int cap = ts->mclass_cap ? 2 * ts->mclass_cap : 4;
        struct k_tpl_mclass *m = k_alloc(ps->ctx, (size_t)cap * sizeof *m);
        if (ts->nmclass)
            memcpy(m, ts->mclass, (size_t)ts->nmclass * sizeof *m);
        ts->mclass = m;
        ts->mclass_cap = cap;
    }
    ts->mclass[ts->nmclass++] = (struct k_tpl_mclass){ bare, full, outer, NULL, NULL };
}

static const struct k_tpl_mclass *find_full(const k_tpl_scan *ts, const char *full)
{
    for (int i = ts->nmclass - 1; i >= 0; i--)
        if (strcmp(ts->mclass[i].full, full) == 0)
            return &ts->mclass[i];
    return NULL;
}

/* `template <...> struct tag {` inside a class's body: the member class
 * template's qualified name, registered (and its bare name, for uses
 * inside the enclosing class).  NULL when this is no member class. */
const char *k_tpl_member_class_name(k_parser *ps, const char *tag)
{
    k_tpl_scan *ts = &ps->tpl;
    if (!ps->records.n || !ts->head_open || ts->head_name || !tag)
        return NULL;
    k_record *encl = ps->records.items[ps->records.n - 1];
    const char *scope = ts->nested && ts->outer.class_name ? ts->outer.class_name
                        : k_parse_record_scope(ps, encl);
    if (ts->nested && !ts->outer.class_name) {
        k_error(ps->ctx, ps->tok.loc, "member class templates of a class template's explicit"
                " or partial specialization are not supported in K ('%s')", tag);
        ps->stopped = 1;
        return NULL;
    }
    const char *full = k_ns_qualify(ps->ctx, scope, tag);
    ts->head_name = tag;
    ts->class_name = full;
    k_tpl_register(ps->ctx, ts, full, K_TPL_CLASS);
    k_tpl_register(ps->ctx, ts, k_ns_qualify(ps->ctx, ps->ns, tag), K_TPL_CLASS);
    remember(ps, k_ns_qualify(ps->ctx, ps->ns, tag), full,
             ts->nested ? ts->outer.head_params : NULL);
    return tag;
}

/* The qualified name of r when r is the member class template whose head
 * is open ("Outer::Inner": its static members and member types are named
 * under it), else NULL. */
const char *k_tpl_member_class_scope(const k_parser *ps, const k_record *r)
{
    const k_tpl_scan *ts = &ps->tpl;
    for (int i = ts->nmclass - 1; r && i >= 0; i--)
        if (ts->mclass[i].rec == r)
            return ts->mclass[i].full;
    if (!r || !r->tag || !ts->head_open || !ts->head_name || !ts->class_name ||
        strcmp(r->tag, ts->head_name) != 0 || !find_full(ts, ts->class_name))
        return NULL;
    return ts->class_name;
}

/* `template <...> struct Inner {...};` complete: the class template's
 * declaration, its parameters the enclosing template's and then its own. */
void k_tpl_member_class_end(k_parser *ps, k_list *params, k_specs *sp)
{
    k_tpl_scan *ts = &ps->tpl;
    const char *full = ts->class_name;
    const struct k_tpl_mclass *mc = full ? find_full(ts, full) : NULL;
    k_record *rec = sp ? sp->defined : NULL;
    k_tpl_head_end(ps, params);
    if (!mc || !rec) {
        if (sp && !rec)
            k_error(ps->ctx, sp->loc, "expected a class template's definition after"
                    " 'template <...>' in a class");
        return;
    }
    int no = mc->outer ? mc->outer->n : 0, ni = params ? params->n : 0;
    k_decl *d = k_decl_new(ps->ctx, D_RECORD, rec->loc, full);
    d->type = k_type_new(ps->ctx, TY_RECORD);
    d->type->rec = rec;
    d->is_template = 1;
    d->member_class = 1;
    d->tparams = no + ni ? k_alloc(ps->ctx, (size_t)(no + ni) * sizeof *d->tparams) : NULL;
    for (int i = 0; i < no; i++)
        if (mc->outer->items[i])
            d->tparams[d->ntparams++] = *(k_tparam *)mc->outer->items[i];
    d->nouter_class_params = d->ntparams;
    for (int i = 0; i < ni; i++)
        if (params->items[i])
            d->tparams[d->ntparams++] = *(k_tparam *)params->items[i];
    k_parse_list_add(ps, &ps->decls, d);
}

static k_targ *targ_of_param(k_parser *ps, const k_tparam *p)
{
    k_targ *a = k_alloc(ps->ctx, sizeof *a);
    a->loc = p->loc;
    if (p->type) {
        a->expr = kp_ident_expr(ps, p->name, p->loc);
    } else {
        a->type = k_type_new(ps->ctx, TY_TPARAM);
        a->type->name = p->name;
    }
    return a;
}

/* The template-id of member class template full with the enclosing
 * template's arguments first. */
static k_type *with_outer(k_parser *ps, const char *full, const k_targ *outer, int nouter,
                          const k_type *own)
{
    k_type *t = k_type_new(ps->ctx, TY_TEMPLATE_ID);
    int n = nouter + (own ? own->ntargs : 0);
    t->name = full;
    t->targs = n ? k_alloc(ps->ctx, (size_t)n * sizeof *t->targs) : NULL;
    for (int i = 0; i < nouter; i++)
        t->targs[t->ntargs++] = outer[i];
    for (int i = 0; own && i < own->ntargs; i++)
        t->targs[t->ntargs++] = own->targs[i];
    return t;
}

/* `Inner<U>` written bare inside its enclosing class template: t (the
 * template-id as written) becomes `Outer::Inner<T, U>`; `Box<int>` in a
 * plain class becomes `P::Box<int>`.  Anything else is left as it is. */
k_type *k_tpl_member_class_bare(k_parser *ps, k_type *t)
{
    const k_tpl_scan *ts = &ps->tpl;
    if (!t || !t->name)
        return t;
    const struct k_tpl_mclass *mc = NULL;
    for (int i = ts->nmclass - 1; i >= 0 && !mc; i--)
        if (strcmp(ts->mclass[i].bare, t->name) == 0)
            mc = &ts->mclass[i];
    if (!mc)
        return t;
    int no = mc->outer ? mc->outer->n : 0;
    k_targ *outer = no ? k_alloc(ps->ctx, (size_t)no * sizeof *outer) : NULL;
    int n = 0;
    for (int i = 0; i < no; i++)
        if (mc->outer->items[i])
            outer[n++] = *targ_of_param(ps, mc->outer->items[i]);
    return with_outer(ps, mc->full, outer, n, t);
}

/* `Outer<int>::Inner<float>`: the template-id `Outer::Inner<int, float>`. */
k_type *k_tpl_member_class_id(k_parser *ps, k_type *outer, const char *full, k_list *targs)
{
    k_type *own = k_tpl_type_id(ps, full, targs);
    if (!outer || !own)
        return own;
    return with_outer(ps, full, outer->targs, outer->ntargs, own);
}

/* After `C<args>`, the scanner's `::m` (or `::template m`): whether "C::m"
 * is a member class template; *full becomes its name. */
int k_tpl_scoped_template(k_parser *ps, const char *member, const char **full)
{
    const char *tpl = ps->tpl.closed_name;
    if (!tpl || !member)
        return 0;
    const char *q = k_ns_qualify(ps->ctx, tpl, member);
    const struct k_tpl_mclass *mc = find_full(&ps->tpl, q);
    if (!mc || mc->self)
        return 0;
    *full = q;
    return 1;
}

/* ---- plain classes nested in a class template ---- */
/* `struct Node {` in the body of `template <class T> struct List`: Node
 * depends on T, so it is a class template of its own, "List::Node" with
 * List's parameters (named `List<int>::Node`, `typename List<T>::Node`,
 * and `Node` inside List, each `List::Node<T>`).  t is Node's type. */
void k_tpl_nested_class_begin(k_parser *ps, k_type *t, const char *tag)
{
    k_tpl_scan *ts = &ps->tpl;
    if (!tag || !t || ps->records.n < 2 || !ts->head_open || ts->nested || !ts->class_name ||
        ts->class_spec || !ts->head_params || !ts->head_params->n)
        return;
    k_record *encl = ps->records.items[ps->records.n - 2];
    if (strcmp(tag, ts->head_name ? ts->head_name : "") == 0)
        return;
    const char *full = k_ns_qualify(ps->ctx, k_parse_record_scope(ps, encl), tag);
    k_tpl_register(ps->ctx, ts, full, K_TPL_CLASS);
    remember(ps, "", full, ts->head_params);
    ts->mclass[ts->nmclass - 1].rec = t->rec;
    ts->mclass[ts->nmclass - 1].self = t;
}

/* Node's '}': its declaration, a class template with the enclosing
 * template's parameters, and its name from here on the template-id
 * `List::Node<T>` (inside its body it was the record itself). */
void k_tpl_nested_class_end(k_parser *ps, k_type *t)
{
    k_tpl_scan *ts = &ps->tpl;
    const struct k_tpl_mclass *mc = NULL;
    for (int i = ts->nmclass - 1; t && i >= 0 && !mc; i--)
        if (ts->mclass[i].rec == t->rec && ts->mclass[i].self)
            mc = &ts->mclass[i];
    if (!mc)
        return;
    k_decl *d = k_decl_new(ps->ctx, D_RECORD, t->rec->loc, mc->full);
    d->type = k_type_new(ps->ctx, TY_RECORD);
    d->type->rec = t->rec;
    d->is_template = 1;
    d->member_class = 1;
    d->tparams = k_alloc(ps->ctx, (size_t)mc->outer->n * sizeof *d->tparams);
    for (int i = 0; i < mc->outer->n; i++)
        if (mc->outer->items[i])
            d->tparams[d->ntparams++] = *(k_tparam *)mc->outer->items[i];
    d->nouter_class_params = d->ntparams;
    k_parse_list_add(ps, &ps->decls, d);
    k_targ *outer = k_alloc(ps->ctx, (size_t)mc->outer->n * sizeof *outer);
    int n = 0;
    for (int i = 0; i < mc->outer->n; i++)
        if (mc->outer->items[i])
            outer[n++] = *targ_of_param(ps, mc->outer->items[i]);
    k_type *ty = with_outer(ps, mc->full, outer, n, NULL);
    for (int i = 0; i < ps->typedef_types.n; i++)
        if (ps->typedef_types.items[i] == mc->self)
            ps->typedef_types.items[i] = ty;
}

/* After `C<args>`, `::Node` for a plain class nested in class template C. */
int k_tpl_scoped_class(k_parser *ps, const char *member, const char **full)
{
    const char *tpl = ps->tpl.closed_name;
    if (!tpl || !member)
        return 0;
    const char *q = k_ns_qualify(ps->ctx, tpl, member);
    const struct k_tpl_mclass *mc = find_full(&ps->tpl, q);
    if (!mc || !mc->self)
        return 0;
    *full = q;
    return 1;
}
