/* lang/templates.c -- C++ templates in K: template names for the scanner,
 * template heads and template-ids for the parser (this part), and deduction
 * and instantiation for sema (lang/templates_sema.c).  lang/templates.h says
 * how the scanner and the parser share the work.
 */
#include <stdio.h>
#include <string.h>

#include "namespaces.h"
#include "parse_build.h"
#include "parser.h"
#include "templates.h"
#include "types.h"

#define LOC(l) ((k_loc){ (uint32_t)(l).first_line, (uint32_t)(l).first_column })

/* Built-in library templates by qualified name.  A part of K that gives one
 * of these a meaning adds its line here (SPEC 2.8); the parser then reads
 * `name<args>` as a template-id (an E_IDENT/E_CALL/E_LAUNCH with targs, or a
 * TY_TEMPLATE_ID type) and leaves the meaning to sema. */
static const k_builtin_template builtin_templates[] = {
    { "std::chrono::duration_cast", K_TPL_FUNCTION },
    { "std::chrono::duration", K_TPL_CLASS },
    { "std::chrono::time_point", K_TPL_CLASS },   /* lang/chrono.c */
    { "std::ratio", K_TPL_CLASS },
    { "std::uniform_int_distribution", K_TPL_CLASS },   /* lang/random.c */
    { "std::uniform_real_distribution", K_TPL_CLASS },
    { "std::normal_distribution", K_TPL_CLASS },
    { "std::numeric_limits", K_TPL_CLASS },
    { "cooperative_groups::tiled_partition", K_TPL_FUNCTION },
    { "cooperative_groups::thread_block_tile", K_TPL_CLASS },   /* lang/cg.c */
    { "cooperative_groups::plus", K_TPL_CLASS },
    { "cooperative_groups::less", K_TPL_CLASS },
    { "cooperative_groups::greater", K_TPL_CLASS },
    { "cooperative_groups::bit_and", K_TPL_CLASS },
    { "cooperative_groups::bit_or", K_TPL_CLASS },
    { "cooperative_groups::bit_xor", K_TPL_CLASS },
    { "thrust::host_vector", K_TPL_CLASS },   /* thrust::device_vector (lang/thrust.c) */
};

void k_tpl_register(k_ctx *ctx, k_tpl_scan *ts, const char *name, enum k_tpl_kind kind)
{
    for (int i = 0; i < ts->n; i++)
        if (strcmp(ts->names[i], name) == 0) {
            ts->kinds[i] = (unsigned char)kind;
            return;
        }
    if (ts->n == ts->cap) {
        int cap = ts->cap ? ts->cap * 2 : 16;
        const char **names = k_alloc(ctx, (size_t)cap * sizeof *names);
        unsigned char *kinds = k_alloc(ctx, (size_t)cap);
        if (!names || !kinds)
            return;
        if (ts->n) {
            memcpy(names, ts->names, (size_t)ts->n * sizeof *names);
            memcpy(kinds, ts->kinds, (size_t)ts->n);
        }
        ts->names = names;
        ts->kinds = kinds;
        ts->cap = cap;
    }
    ts->names[ts->n] = name;
    ts->kinds[ts->n++] = (unsigned char)kind;
}

void k_tpl_scan_init(k_ctx *ctx, k_tpl_scan *ts)
{
    for (size_t i = 0; i < sizeof builtin_templates / sizeof builtin_templates[0]; i++)
        k_tpl_register(ctx, ts, builtin_templates[i].name, builtin_templates[i].kind);
}

int k_tpl_lookup(const k_tpl_scan *ts, const char *name)
{
    for (int i = ts->n - 1; i >= 0; i--)
        if (strcmp(ts->names[i], name) == 0)
            return ts->kinds[i];
    return 0;
}

/* ======================================================== the scanner */
/* A token that opens or closes a bracket moves the depth template argument
 * lists are matched at: in `f<(a > b)>` only the last '>' closes. */
static void track_brackets(k_tpl_scan *ts, int kind)
{
    if (kind == '(' || kind == '[' || kind == '{')
        ts->parens++;
    else if ((kind == ')' || kind == ']' || kind == '}') && ts->parens > 0)
        ts->parens--;
    /* No argument list spans a ';' or a '}': after a syntax error, forget them. */
    if (kind == ';' || kind == '}')
        while (ts->nangles > 0 && ts->angle_parens[ts->nangles - 1] > ts->parens)
            ts->nangles--;
    if (kind == ';')
        ts->nangles = 0;
}

/* Whether a '>' here closes the innermost open argument list. */
static int closes_list(const k_tpl_scan *ts)
{
    return ts->nangles > 0 && ts->angle_parens[ts->nangles - 1] == ts->parens;
}

int k_tpl_closes_here(const k_parser *ps)
{
    return closes_list(&ps->tpl);
}

/* Whether the scanner is directly in a template head's parameter list. */
static int in_head_params(const k_tpl_scan *ts)
{
    return ts->head_open && ts->head_angle && ts->nangles == ts->head_angle &&
           ts->parens == ts->angle_parens[ts->nangles - 1];
}

int k_tpl_filter(k_parser *ps, int kind, K_YYLTYPE *lloc)
{
    k_tpl_scan *ts = &ps->tpl;
    if (kind == KW_TEMPLATE && in_head_params(ts) &&
        (ts->prev_kind == TPL_OPEN || ts->prev_kind == ',')) {
        ts->ttp = 1;          /* `template <class> class C`: not a head of its own */
        ts->prev_kind = kind;
        return kind;
    }
    if (kind == '<' && ts->ttp == 1 && ts->prev_kind == KW_TEMPLATE &&
        ts->nangles < K_TPL_MAX_ANGLES) {
        ts->angle_names[ts->nangles] = NULL;
        ts->angle_head[ts->nangles] = 0;
        ts->angle_type[ts->nangles] = 0;
        ts->angle_parens[ts->nangles++] = ts->parens;
        ts->prev_kind = TPL_OPEN;
        return TPL_OPEN;
    }
    if (kind == '>' && ts->ttp == 1 && ts->head_angle && ts->nangles == ts->head_angle + 1 &&
        closes_list(ts)) {
        ts->nangles--;
        ts->ttp = 2;          /* `class C` follows */
        ts->prev_kind = TPL_CLOSE;
        return TPL_CLOSE;
    }
    if (kind == KW_TEMPLATE) {
        /* a head whose declaration a syntax error cut short: its parameters
         * stop being type names here, not in the next template's head */
        if (ts->head_open && ts->typedef_mark <= ps->typedef_names.n) {
            ps->typedef_names.n = ts->typedef_mark;
            ps->typedef_types.n = ts->typedef_mark;
        }
        ts->head_open = 1;
        ts->head_name = NULL;
        ts->spec_args = NULL;
        ts->typedef_mark = ps->typedef_names.n;
    }
    if (kind == '<' && (ts->prev_kind == TEMPLATE_NAME || ts->prev_kind == TEMPLATE_TYPE
                        || ts->prev_kind == SCOPED_TEMPLATE || ts->prev_kind == KW_TEMPLATE)) {
        if (ts->nangles < K_TPL_MAX_ANGLES) {
            ts->angle_names[ts->nangles] = ts->last_name;
            ts->angle_head[ts->nangles] = ts->prev_kind == KW_TEMPLATE;
            ts->angle_type[ts->nangles] = ts->prev_kind == TEMPLATE_TYPE;
            ts->angle_parens[ts->nangles++] = ts->parens;
            if (ts->prev_kind == KW_TEMPLATE)
                ts->head_angle = ts->nangles;
        }
        else
            k_error(ps->ctx, LOC(*lloc), "template argument lists nested too deeply"
                    " (at most %d)", K_TPL_MAX_ANGLES);
        kind = TPL_OPEN;
    } else if (kind == '>' && closes_list(ts)) {
        ts->closed_name = ts->angle_names[--ts->nangles];
        ts->closed_head = ts->angle_head[ts->nangles];
        ts->closed_type = ts->angle_type[ts->nangles];
        if (ts->nangles < ts->head_angle)
            ts->head_angle = 0;
        kind = TPL_CLOSE;
    } else if ((kind == SHR || kind == LAUNCH_CLOSE) && closes_list(ts)) {
        /* `a<b<int>>` (C++11) and `a<b<c<int>>>`: each '>' closes a list
         * while one is open; k_tpl_pending hands out the rest */
        ts->closed_name = ts->angle_names[--ts->nangles];
        ts->closed_head = ts->angle_head[ts->nangles];
        ts->closed_type = ts->angle_type[ts->nangles];
        if (ts->nangles < ts->head_angle)
            ts->head_angle = 0;
        ts->pending_close = kind == SHR ? 1 : 2;
        ts->pending_loc = (k_loc){ (uint32_t)lloc->first_line, (uint32_t)lloc->first_column + 1 };
        lloc->last_column = lloc->first_column;
        kind = TPL_CLOSE;
    } else {
        track_brackets(ts, kind);
    }
    ts->prev_kind = kind;
    return kind;
}

/* Whether a name read now is a template head's new parameter (`typename T`
 * or `class T` directly in `template <...>`): it hides a class or typedef
 * of that name, so it is an identifier there, not a type name. */
int k_tpl_param_name_here(const k_parser *ps)
{
    const k_tpl_scan *ts = &ps->tpl;
    return ts->head_angle && ts->nangles == ts->head_angle &&
           ts->parens == ts->angle_parens[ts->nangles - 1] &&
           (ts->prev_kind == KW_TYPENAME || ts->prev_kind == KW_CLASS);
}

/* The next of the '>' characters left from a split '>>' or '>>>'. */
int k_tpl_pending(k_parser *ps, K_YYLTYPE *lloc)
{
    k_tpl_scan *ts = &ps->tpl;
    int kind;
    lloc->first_line = lloc->last_line = (int)ts->pending_loc.line;
    lloc->first_column = lloc->last_column = (int)ts->pending_loc.col;
    if (closes_list(ts)) {
        ts->closed_name = ts->angle_names[--ts->nangles];
        ts->closed_head = ts->angle_head[ts->nangles];
        ts->closed_type = ts->angle_type[ts->nangles];
        ts->pending_close--;
        kind = TPL_CLOSE;
    } else if (ts->pending_close == 2) {
        ts->pending_close = 0;
        lloc->last_column++;
        kind = SHR;
    } else {
        ts->pending_close = 0;
        kind = '>';
    }
    ts->pending_loc.col++;
    ts->prev_kind = kind;
    return kind;
}

static int template_probe(void *arg, const char *qname)
{
    return k_tpl_lookup(arg, qname) != 0;
}

/* The token of an identifier that names a template, looked up through the
 * namespaces in view (lang/namespaces.c); *name becomes the qualified name. */
int k_tpl_classify(k_parser *ps, const char **name)
{
    k_ns_view v = { ps->ns, (k_decl *const *)ps->uses.items, ps->uses.n };
    const char *q = k_ns_resolve(ps->ctx, &v, *name, template_probe, &ps->tpl);
    if (!q && strstr(*name, "::") && k_tpl_inherited_name(ps, *name, 0))
        q = *name;   /* `Derived::f<int>`, f a base's member template */
    if (!q)
        return 0;
    /* The token's value is the qualified name followed by the name as written
     * (k_tpl_written): a declarator or a local may use the written one. */
    size_t nq = strlen(q), nw = strlen(*name);
    char *both = k_alloc(ps->ctx, nq + nw + 2);
    if (!both)
        return 0;
    memcpy(both, q, nq + 1);
    memcpy(both + nq + 1, *name, nw + 1);
    *name = both;
    return k_tpl_lookup(&ps->tpl, q) == K_TPL_CLASS ? TEMPLATE_TYPE : TEMPLATE_NAME;
}

/* ========================================================== the parser */
static void push(k_parser *ps, k_list *l, void *item)
{
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 4;
        void **items = k_alloc(ps->ctx, (size_t)cap * sizeof *items);
        if (!items)
            return;
        if (l->n)
            memcpy(items, l->items, (size_t)l->n * sizeof *items);
        l->items = items;
        l->cap = cap;
    }
    l->items[l->n++] = item;
}

/* The name as written of a TEMPLATE_NAME or TEMPLATE_TYPE token's value
 * (k_tpl_classify stores it after the qualified name). */
const char *k_tpl_written(const char *qname)
{
    return qname + strlen(qname) + 1;
}

/* A template's name as a declarator (`f<int>` of a specialization, or a
 * plain `f` overloading it or a variable hiding it): a name written without
 * `::` declares that name in the current scope, even where `using namespace
 * std` put std::f in view; otherwise the scanner gave the qualified name,
 * and the declaration will be qualified by the namespace it is in, so that
 * part goes. */
const char *k_tpl_dtor_name(k_parser *ps, const char *qname)
{
    const char *w = k_tpl_written(qname);
    if (!strstr(w, "::"))
        return w;
    size_t n = ps->ns ? strlen(ps->ns) : 0;
    if (n && strncmp(qname, ps->ns, n) == 0 && qname[n] == ':' && qname[n + 1] == ':')
        return qname + n + 2;
    /* `int count;` outside std under `using namespace std`: the program's
     * own variable (or member), not std::count (lang/stl.c) */
    if (strncmp(qname, "std::", 5) == 0 && !(ps->ns && strncmp(ps->ns, "std", 3) == 0))
        return k_ns_last(qname);
    return qname;
}

/* `typename T [= def]`: T is a type name until the template's declaration
 * ends (k_tpl_head_end pops it). */
k_tparam *k_tpl_type_param(k_parser *ps, k_loc loc, const char *name, k_type *def)
{
    k_tparam *p = k_alloc(ps->ctx, sizeof *p);
    k_type *t = k_type_new(ps->ctx, TY_TPARAM);
    if (!p || !t)
        return p;
    p->loc = loc;
    p->name = name;
    p->def.loc = loc;
    p->def.type = def;
    t->name = name;
    if (name) {
        push(ps, &ps->typedef_names, (void *)name);
        push(ps, &ps->typedef_types, t);
    }
    return p;
}

/* `template <class> class C [= Box]`: C is a class template's name until
 * the template's declaration ends (k_tpl_head_end forgets it); its
 * argument is a class template (lang/templates_sema.c). */
k_tparam *k_tpl_template_param(k_parser *ps, k_loc loc, const char *name, const char *def)
{
    k_tpl_scan *ts = &ps->tpl;
    k_tparam *p = k_alloc(ps->ctx, sizeof *p);
    if (!p)
        return NULL;
    p->loc = loc;
    p->name = name;
    p->is_template = 1;
    p->def.loc = loc;
    p->def.tname = def;
    ts->ttp = 0;
    k_tpl_register(ps->ctx, ts, name, K_TPL_CLASS);
    ts->ttp_names = kp_list_push(ps, ts->ttp_names, (void *)name);
    return p;
}

/* `Box` as a template argument: the class template itself. */
k_targ *k_tpl_targ_template(k_parser *ps, k_loc loc, const char *name)
{
    k_targ *a = k_alloc(ps->ctx, sizeof *a);
    if (a) {
        a->loc = loc;
        a->tname = name;
    }
    return a;
}

/* The name of an unnamed template parameter (`class = ...`): one of its
 * own, which no program can write, since parameters are substituted by name. */
const char *k_tpl_anon_param(k_parser *ps)
{
    char buf[32];
    snprintf(buf, sizeof buf, "__tparam%d", ps->tpl.nanon++);
    return k_strndup(ps->ctx, buf, strlen(buf));
}

/* `unsigned int blockSize [= def]`: a constant of the given type. */
k_tparam *k_tpl_value_param(k_parser *ps, k_loc loc, k_type *type, const char *name,
                            k_expr *def)
{
    k_tparam *p = k_alloc(ps->ctx, sizeof *p);
    if (!p)
        return NULL;
    p->loc = loc;
    p->name = name;
    p->type = type;
    p->def.loc = loc;
    p->def.expr = def;
    return p;
}

/* The head `template <...>` is complete: what is declared next is a template. */
k_list *k_tpl_head(k_parser *ps, k_list *params)
{
    ps->tpl.decl_mark = ps->decls.n;
    ps->tpl.head_nparams = params ? params->n : 0;
    ps->tpl.head_params = params;
    return params ? params : k_alloc(ps->ctx, sizeof(k_list));
}

/* A declarator's name: under an open head, the first one declared is the
 * template's, and a template name from here on (recursive calls included). */
void k_tpl_declared(k_parser *ps, const char *name)
{
    k_tpl_scan *ts = &ps->tpl;
    if (!ts->head_open || ts->head_name || !name)
        return;
    ts->head_name = name;
    k_tpl_register(ps->ctx, ts, k_ns_qualify(ps->ctx, ps->ns, name), K_TPL_FUNCTION);
}

/* `template <class T> struct S {`: S is a class template from here on (its
 * members see S itself as the record being defined). */
const char *k_tpl_class_name(k_parser *ps, const char *tag)
{
    k_tpl_scan *ts = &ps->tpl;
    if (k_tpl_member_class_name(ps, tag) || ps->stopped)
        return tag;    /* a member class template (lang/templates_member_class.c) */
    if (ts->head_open && !ts->head_name && tag) {
        ts->head_name = tag;
        ts->class_name = k_ns_qualify(ps->ctx, ps->ns, tag);
        k_tpl_register(ps->ctx, ts, ts->class_name, K_TPL_CLASS);
    }
    return tag;
}

/* Inside `template <class T> struct S {...}`, S is the record being defined
 * (a type name), but `S<T>` is the template-id: name is taken as the class
 * template when '<' (not '<<' or '<=') follows it. */
int k_tpl_self_id(k_parser *ps, const char *name)
{
    const unsigned char *p = ps->lx.cur;
    while (p < ps->lx.lim && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    if (p + 1 >= ps->lx.lim || p[0] != '<' || p[1] == '<' || p[1] == '=')
        return 0;
    const char *q = name;
    return k_tpl_classify(ps, &q) == TEMPLATE_TYPE;
}

k_type *k_tpl_spec_self(k_parser *ps, const char *name, int exact)
{
    if (!ps->records.n || k_tpl_self_id(ps, name))
        return NULL;
    size_t n = strlen(name);
    for (int i = ps->records.n - 1; i >= 0; i--) {
        k_record *r = ps->records.items[i];
        /* a specialization's tag is "S<args>" (k_tpl_class_spec) */
        if (r->tag && strncmp(r->tag, name, n) == 0 && (r->tag[n] == '<' || (exact && !r->tag[n]))) {
            k_type *t = k_type_new(ps->ctx, TY_RECORD);
            if (t)
                t->rec = r;
            return t;
        }
    }
    return NULL;
}

/* `struct S` after a head (`template <class... Ts> struct Tup;`): a class
 * template declared before its definition, so that specializations may
 * come between them (class_head_end declares it for sema). */
k_type *k_tpl_record_ref(k_parser *ps, int is_union, const char *tag, k_loc loc)
{
    k_tpl_scan *ts = &ps->tpl;
    /* only `struct S;` itself: in `template <class V> int f(struct option *o)`
     * the struct names a parameter's type (the ';' is the parser's lookahead) */
    int fwd = ts->head_open && !ts->head_name && !ts->class_spec && !ts->nested && tag &&
              ps->decls.n == ts->decl_mark && ps->prev_kind == ';';
    k_type *t = k_parse_record_ref(ps, is_union, fwd ? k_tpl_class_name(ps, tag) : tag, loc);
    if (fwd && ts->class_name && ts->head_name == tag && t && t->kind == TY_RECORD)
        ts->fwd_record = t;
    return t;
}

/* `template <> struct S<int> {`: a record of its own, tagged "S<int>" for
 * messages; sema makes it the instance of S for these arguments. */
/* Writes "<args>" of template-id id at buf + len: a template-id argument
 * with its own arguments, so that `S<List<>>` and `S<List<H, T...>>` are
 * two specializations' tags, not one. */
static void spec_args(const k_type *id, char *buf, size_t cap, size_t len)
{
    len += (size_t)snprintf(buf + len, cap - len, "<");
    for (int i = 0; i < id->ntargs && len < cap; i++) {
        char tb[96];
        const k_targ *a = &id->targs[i];
        const char *text = a->type ? k_ty_str(a->type, tb, sizeof tb)
                           : a->expr && a->expr->kind == E_INT ? (snprintf(tb, sizeof tb, "%llu",
                                 (unsigned long long)a->expr->ival), tb) : "...";
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? ", " : "", text);
        if (len < cap && a->type && a->type->kind == TY_TEMPLATE_ID && !a->type->base) {
            spec_args(a->type, buf, cap, len);
            len += strlen(buf + len);
        }
        if (len < cap && a->pack_expand)
            len += (size_t)snprintf(buf + len, cap - len, "...");
    }
    if (len < cap)
        snprintf(buf + len, cap - len, ">");
}

const char *k_tpl_class_spec(k_parser *ps, k_type *id)
{
    k_tpl_scan *ts = &ps->tpl;
    if (!id)
        return NULL;
    if (!ts->head_open || ts->head_name)
        k_error(ps->ctx, ps->tok.loc, "a class template's specialization '%s<...>' needs"
                " 'template <>' before it", id->name);
    else {   /* explicit (`template <>`) or partial (`template <class T> S<T *>`) */
        ts->head_name = id->name;
        ts->class_spec = id;
    }
    char buf[256];
    size_t len = (size_t)snprintf(buf, sizeof buf, "%s", k_ns_last(id->name));
    spec_args(id, buf, sizeof buf, len);
    return k_strndup(ps->ctx, buf, strlen(buf));
}

static k_targ *targ_array(k_parser *ps, const k_list *l, int *n)
{
    *n = 0;
    if (!l || l->n == 0)
        return NULL;
    k_targ *a = k_alloc(ps->ctx, (size_t)l->n * sizeof *a);
    if (!a)
        return NULL;
    for (int i = 0; i < l->n; i++)
        if (l->items[i])
            a[(*n)++] = *(k_targ *)l->items[i];
    return a;
}

/* `template <> ... f<int>(...)`: the arguments of an explicit specialization. */
void k_tpl_spec_args(k_parser *ps, k_list *targs)
{
    ps->tpl.spec_args = targs ? targs : k_alloc(ps->ctx, sizeof(k_list));
}

/* The declaration after a head is complete: its declarations become
 * templates and the head's type parameters stop being type names. */
/* Marks what a class template's head declared: its record (D_RECORD) and
 * member functions are the template; a specialization's members are plain. */
static void class_head_end(k_parser *ps, k_tparam *tp, int n)
{
    k_tpl_scan *ts = &ps->tpl;
    int has_record = 0;
    for (int i = ts->decl_mark; i < ps->decls.n; i++)
        has_record |= ((k_decl *)ps->decls.items[i])->kind == D_RECORD;
    if (ts->fwd_record && !has_record) {   /* the declaration sema registers */
        k_decl *d = k_decl_new(ps->ctx, D_RECORD, ts->fwd_record->rec->loc, ts->class_name);
        d->type = ts->fwd_record;
        d->fwd_record = 1;
        push(ps, &ps->decls, d);
    }
    for (int i = ts->decl_mark; i < ps->decls.n; i++) {
        k_decl *d = ps->decls.items[i];
        if (d->member_class)   /* a member class template is a template of its own */
            continue;
        if (d->kind == D_RECORD && ts->class_spec) {
            d->name = ts->class_spec->name;
            d->nspec_args = ts->class_spec->ntargs;
            /* `template <> struct Tup<>` has no arguments, and is a specialization */
            d->spec_args = ts->class_spec->targs ? ts->class_spec->targs
                                                 : k_alloc(ps->ctx, sizeof *d->spec_args);
        }
        /* a member template keeps its own head; the class's is its outer one */
        if (d->kind == D_FUNC && d->member_template) {
            d->outer_tparams = tp;
            d->nouter_tparams = n;
            continue;
        }
        /* a partial specialization (a head with parameters) is a template,
         * members and all; an explicit one's members are plain */
        if (!ts->class_spec || n > 0) {
            d->is_template = 1;
            d->tparams = tp;
            d->ntparams = n;
            if (d->kind == D_RECORD && !ts->class_spec)
                d->name = ts->class_name;
        }
    }
}

/* The declaration after a head is complete: its declarations become
 * templates and the head's type parameters stop being type names. */
void k_tpl_head_end(k_parser *ps, k_list *params)
{
    k_tpl_scan *ts = &ps->tpl;
    ts->member_def_id = NULL;   /* the member's definition ends with its head */
    int np = params ? params->n : 0;
    k_tparam *tp = np ? k_alloc(ps->ctx, (size_t)np * sizeof *tp) : NULL;
    int n = 0;
    for (int i = 0; tp && i < np; i++)
        if (params->items[i])
            tp[n++] = *(k_tparam *)params->items[i];
    if (ts->class_name || ts->class_spec)
        class_head_end(ps, tp, n);
    for (int i = ts->decl_mark; i < ps->decls.n && !ts->class_name && !ts->class_spec; i++) {
        k_decl *d = ps->decls.items[i];
        d->is_template = 1;
        /* a variable template's uses `mask<T>` are template-ids from here on */
        if (d->kind == D_VAR && d->name)
            k_tpl_register(ps->ctx, ts, d->name, K_TPL_FUNCTION);
        d->tparams = tp;
        d->ntparams = n;
        if (ts->spec_args)
            d->spec_args = targ_array(ps, ts->spec_args, &d->nspec_args);
        if (ts->spec_args && n > 0)
            k_error(ps->ctx, d->loc, "partial specialization of function template '%s' is"
                    " not allowed", d->name);
    }
    if (ts->typedef_mark <= ps->typedef_names.n) {
        ps->typedef_names.n = ts->typedef_mark;
        ps->typedef_types.n = ts->typedef_mark;
    }
    ts->head_open = 0;
    ts->head_name = NULL;
    ts->spec_args = NULL;
    ts->class_name = NULL;
    ts->class_spec = NULL;
    ts->fwd_record = NULL;
    if (ts->ttp_names) {   /* template template parameters' names */
        for (int i = 0; i < ts->ttp_names->n; i++)
            k_tpl_register(ps->ctx, ts, ts->ttp_names->items[i], 0);
        ts->ttp_names->n = 0;
    }
    ts->ttp = 0;
    if (ts->nested)
        k_tpl_nested_end(ps);
}

/* `template void f<int>(int *);` (no head): an explicit instantiation of
 * the declarations just added, which sema instantiates and then drops. */
void k_tpl_instantiation(k_parser *ps, k_stmt *decls)
{
    k_tpl_scan *ts = &ps->tpl;
    for (int i = 0; decls && i < decls->ndecls; i++) {
        k_decl *d = decls->decls[i];
        d->is_template = 1;
        d->explicit_inst = 1;
        if (ts->spec_args)
            d->spec_args = targ_array(ps, ts->spec_args, &d->nspec_args);
    }
    ts->head_open = 0;
    ts->head_name = NULL;
    ts->spec_args = NULL;
}

k_targ *k_tpl_targ(k_parser *ps, k_loc loc, k_type *type, k_expr *expr)
{
    k_targ *a = k_alloc(ps->ctx, sizeof *a);
    if (a) {
        a->loc = loc;
        a->type = type;
        a->expr = expr;
    }
    return a;
}

/* `f<args>` in an expression: an identifier carrying its arguments. */
k_expr *k_tpl_ident(k_parser *ps, k_loc loc, const char *name, k_list *targs)
{
    k_expr *e = k_expr_new(ps->ctx, E_IDENT, loc);
    if (!e)
        return NULL;
    e->name = name;
    e->depth = 1;
    e->has_targs = 1;
    e->targs = targ_array(ps, targs, &e->ntargs);
    return e;
}

/* `C<args>::m` in an expression: an identifier "C::m" carrying C's
 * arguments (a static member function of a class template, or a library
 * entity such as std::numeric_limits<float>::max). */
k_expr *k_tpl_scoped(k_parser *ps, k_loc loc, k_type *id, const char *member)
{
    k_expr *e = k_expr_new(ps->ctx, E_IDENT, loc);
    if (!e || !id)
        return e;
    e->name = k_ns_qualify(ps->ctx, id->name, member);
    e->has_targs = 1;
    e->targs = id->targs;
    e->ntargs = id->ntargs;
    e->tpl_class = id->name;
    return e;
}

/* `Name<args>` naming a class template's specialization. */
k_type *k_tpl_type_id(k_parser *ps, const char *name, k_list *targs)
{
    k_type *t = k_type_new(ps->ctx, TY_TEMPLATE_ID);
    if (t) {
        t->name = name;
        t->targs = targ_array(ps, targs, &t->ntargs);
    }
    return t;
}
