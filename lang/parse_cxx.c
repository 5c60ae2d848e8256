/* lang/parse_cxx.c -- the parser's C helpers for C++ declarations that make
 * no code: namespaces (entering one), using-directives, -declarations and
 * namespace aliases, type aliases, static_assert, and the words a lambda may
 * not have (lang/parser.y calls them; lookup is lang/namespaces.c's). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "namespaces.h"
#include "parser.h"
#include "parse_build.h"

/* `namespace N {`: the names declared until its '}' are "outer::N::name". */
const char *k_parse_ns_enter(k_parser *ps, const char *name)
{
    const char *outer = ps->ns;
    ps->ns = k_ns_qualify(ps->ctx, outer, name);
    if (ps->ns && !k_parse_is_namespace(ps, ps->ns))
        k_parse_list_add(ps, &ps->namespaces, (void *)ps->ns);
    ps->ns_depth++;
    return outer;
}

/* `namespace {`: its names are the enclosing namespace's, but (in a program
 * of several files) private to the file (k_decl.anon_ns, lang/units.c). */
const char *k_parse_ns_anon(k_parser *ps)
{
    if (++ps->ns_depth < 32)
        ps->anon_ns |= 1u << ps->ns_depth;
    return ps->ns;
}

void k_parse_ns_leave(k_parser *ps, const char *outer)
{
    if (ps->ns_depth > 0 && ps->ns_depth < 32)
        ps->anon_ns &= ~(1u << ps->ns_depth);
    if (ps->ns_depth > 0)
        ps->ns_depth--;
    ps->ns = outer;
}

int k_parse_is_namespace(const k_parser *ps, const char *qname)
{
    for (int i = 0; i < ps->namespaces.n; i++)
        if (!strcmp(ps->namespaces.items[i], qname))
            return 1;
    return 0;
}

/* `using N::x;`.  Where x is a namespace -- K's stand-in for a class of
 * constants, such as std::ios, whose `ios::out` a program then writes -- the
 * declaration is an alias of it, which is what naming the class does. */
k_decl *k_parse_using_decl(k_parser *ps, k_loc loc, const char *target)
{
    if (k_parse_is_namespace(ps, target))
        return k_parse_using(ps, loc, U_ALIAS, k_ns_last(target), target);
    return k_parse_using(ps, loc, U_DECLARATION, k_ns_last(target), target);
}

/* A using-directive, -declaration or namespace alias: in view of the
 * scanner's type-name lookup from here on, and a D_USING for sema. */
k_decl *k_parse_using(k_parser *ps, k_loc loc, int kind, const char *name, const char *target)
{
    k_decl *u = k_decl_new(ps->ctx, D_USING, loc, name);
    if (!u)
        return NULL;
    u->using_kind = kind;
    u->target = target;
    u->ns = ps->ns;
    if (kind == U_ALIAS)
        u->name = k_ns_qualify(ps->ctx, ps->ns, name);
    k_parse_list_add(ps, &ps->uses, u);
    return u;
}

/* `using std::vector;` (a class template) or `using std::sort;` (a function
 * template): a using-declaration of a name the scanner already knows as a
 * template's, so sema has nothing more to look up. */
k_decl *k_parse_using_template(k_parser *ps, k_loc loc, const char *target)
{
    k_decl *u = k_parse_using(ps, loc, U_DECLARATION, k_ns_last(target), target);
    if (u)
        u->using_template = 1;
    return u;
}

static k_stmt *nocode(k_parser *ps, k_loc loc, k_decl *d)
{
    k_stmt *s = d ? k_stmt_new(ps->ctx, S_NOCODE, loc) : NULL;
    if (!s)
        return NULL;
    s->decls = k_alloc(ps->ctx, sizeof *s->decls);
    if (s->decls) {
        s->decls[0] = d;
        s->ndecls = 1;
    }
    return s;
}

k_stmt *k_parse_using_stmt(k_parser *ps, k_loc loc, k_decl *u)
{
    return nocode(ps, loc, u);
}

/* `using T = type;` and `using N::T;` of a type: a typedef name (scoped like
 * typedefs).  name NULL: the last component of the typedef's own name. */
void k_parse_using_type(k_parser *ps, k_loc loc, const char *name, k_type *type)
{
    (void)loc;
    if (!name)
        for (int i = ps->typedef_types.n - 1; i >= 0 && !name; i--)
            if (ps->typedef_types.items[i] == type)
                name = k_ns_last(ps->typedef_names.items[i]);
    if (!name || !type)
        return;
    if (ps->records.n) {   /* `using T = U;` in a class: its member type */
        const char *scope = k_parse_record_scope(ps, ps->records.items[ps->records.n - 1]);
        k_parse_add_typedef(ps, k_ns_qualify(ps->ctx, scope, name), type);
        return;
    }
    k_parse_add_typedef(ps, k_ns_qualify(ps->ctx, ps->ns, name), type);
}

k_stmt *k_parse_static_assert(k_parser *ps, k_loc loc, k_expr *cond, k_expr *msg)
{
    k_decl *a = k_decl_new(ps->ctx, D_STATIC_ASSERT, loc, NULL);
    if (!a)
        return NULL;
    a->init = cond;
    a->target = msg ? msg->str : NULL;
    return nocode(ps, loc, a);
}

/* `static_assert(...)` in a class's body: kept in the record, checked when
 * it is laid out (each instance of a class template, substituted), where
 * the class's static members are named bare (`static_assert(N % 32 == 0)`). */
void k_parse_member_assert(k_parser *ps, k_stmt *s)
{
    k_record *r = ps->records.n ? ps->records.items[ps->records.n - 1] : NULL;
    if (!r || !s || s->ndecls != 1)
        return;
    k_decl **a = k_alloc(ps->ctx, (size_t)(r->nasserts + 1) * sizeof *a);
    if (r->nasserts)
        memcpy(a, r->asserts, (size_t)r->nasserts * sizeof *a);
    a[r->nasserts++] = s->decls[0];
    r->asserts = a;
}

/* A word after a lambda's parameters: 1 for `mutable`, else an error. */
unsigned k_parse_lambda_spec(k_parser *ps, k_loc at, const char *word)
{
    if (strcmp(word, "mutable") == 0)
        return 1;
    k_error(ps->ctx, at, "expected '->' or '{' after a lambda's parameters, not '%s'", word);
    return 0;
}

/* An init-capture `[n = e]` (`[&r = v]` byref): an E_IDENT capture with its
 * initializer in lhs (lang/lambda.c declares n for the body). */
k_expr *k_parse_init_capture(k_parser *ps, k_loc at, const char *name, k_expr *init,
                             int byref)
{
    k_expr *c = kp_expr_leaf(ps, E_IDENT, at);
    if (c) {
        c->name = name;
        c->op = byref;
        c->lhs = init;
    }
    return c;
}

/* `operator T*()` inside a class: a member function named "operator
 * conversion" that returns T* (the declarator's pointers make the result a
 * pointer, as in `T *f()`).  Every conversion operator of a class has that
 * name; sema (lang/convert.c) tells them apart by their result types. */
k_declarator *k_parse_conv_dtor(k_parser *ps, k_loc loc, k_specs *type, k_list *ptrs)
{
    k_declarator *d = k_alloc(ps->ctx, sizeof *d);
    if (!d)
        return NULL;
    d->loc = loc;
    d->name = K_CONV_OP_NAME;
    d->is_func = 1;
    d->conv_specs = type;
    if (ptrs)
        d->ptr_quals = *ptrs;
    return d;
}

/* Whether `rest` starts a template argument list that a texture reference's
 * type has: `<float, 2, ...>` or `<float4> name`, words (a type) then ','
 * or '>' and a name; `texture < surface;` of two variables is no type. */
static int reference_type_args(const char *rest, const char *lim)
{
    while (rest < lim && (*rest == ' ' || *rest == '\t'))
        rest++;
    if (rest >= lim || *rest++ != '<')
        return 0;
    int words = 0;
    for (; rest < lim && (isalnum((unsigned char)*rest) || *rest == '_' || *rest == ' ' ||
                          *rest == '\t'); rest++)
        words |= *rest != ' ' && *rest != '\t';
    if (!words || rest >= lim)
        return 0;
    if (*rest == ',')
        return 1;
    if (*rest++ != '>')
        return 0;
    while (rest < lim && (*rest == ' ' || *rest == '\t'))
        rest++;
    return rest < lim && (isalpha((unsigned char)*rest) || *rest == '_');
}

/* Texture and surface references, which CUDA 12 removed (texture objects,
 * lang/cuda_texture.c, replace them): their calls, and `texture<` /
 * `surface<` as a template-id (a variable of either name is fine).  `rest`
 * is the input after the name. */
static int texture_reference(k_parser *ps, const char *name, const char *rest, const char *lim,
                             k_loc loc)
{
    static const char *const names[] = {
        "cudaBindTexture", "cudaBindTexture2D", "cudaBindTextureToArray",
        "cudaBindTextureToMipmappedArray", "cudaUnbindTexture", "cudaGetTextureReference",
        "cudaGetTextureAlignmentOffset", "textureReference", "cudaBindSurfaceToArray",
        "cudaGetSurfaceReference", "surfaceReference",
    };
    int found = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        found |= !strcmp(name, names[i]);
    if (!found && (!strcmp(name, "texture") || !strcmp(name, "surface")) &&
        ps->prev_kind != '.' && ps->prev_kind != ARROW) {
        found = reference_type_args(rest, lim);
    }
    if (found)
        k_error(ps->ctx, loc, "texture and surface references ('%s') were removed in CUDA 12: "
                "use a texture object (cudaTextureObject_t from cudaCreateTextureObject, "
                "read with tex1Dfetch<T>(obj, i) or tex2D<T>(obj, x, y)) or a surface "
                "object (cudaCreateSurfaceObject, surf2Dwrite)", name);
    return found;
}

/* Names whose rest K cannot parse without a header: CUDA graphs' types and
 * calls before <cuda_runtime.h> declared them; and Thrust's function-object
 * bases, which CUDA 13 removed.  The error names the
 * construct once, and the parse ends there (the caller returns end of input
 * and silences the syntax errors that follow). */
int k_parse_unsupported_name(k_parser *ps, const char *name, const char *rest, k_loc loc)
{
    static const char *const graph_names[] = {
        "cudaStreamBeginCapture", "cudaStreamEndCapture", "cudaKernelNodeParams",
        "cudaHostNodeParams", "cudaMemsetParams", "cudaStreamCaptureModeGlobal",
    };
    int graph = strncmp(name, "cudaGraph", 9) == 0 &&   /* cudaGraphCreate, cudaGraph_t */
                ((name[9] >= 'A' && name[9] <= 'Z') || name[9] == '_');
    for (size_t i = 0; !graph && i < sizeof graph_names / sizeof graph_names[0]; i++)
        graph = strcmp(name, graph_names[i]) == 0;
    /* <cuda_runtime.h> declares them (lang/cuda_graph.c) */
    if (graph && kp_typedef_lookup(ps, "__simt_cuda_graph_t"))
        return 0;
    if (graph) {
        k_error(ps->ctx, loc, "CUDA graphs ('%s') need #include <cuda_runtime.h> in simtvm, "
                "which declares their types (nvcc includes it by itself)", name);
        return 1;
    }
    if (!strcmp(name, "thrust::unary_function") || !strcmp(name, "thrust::binary_function")) {
        k_error(ps->ctx, loc, "'%s' was removed in CUDA 13 (CCCL 3.0), as nvcc 13 reports: "
                "a function object needs no base class; name its argument and result types "
                "where they are used", name);
        return 1;
    }
    return texture_reference(ps, name, rest, (const char *)ps->lx.lim, loc);
}

/* GCC attributes that only advise the compiler or the linker: reading past
 * them changes no result.  `aligned` is alignas (k_parse_gnu_aligned),
 * `packed` a record's (k_parse_gnu_packed). */
static int harmless_attribute(const char *w, size_t n)
{
    static const char *const names[] = {
        "always_inline", "noinline", "unused", "used", "maybe_unused", "noreturn", "pure",
        "const", "hot", "cold", "warn_unused_result", "deprecated", "visibility", "format",
        "nonnull", "flatten", "artificial", "gnu_inline", "noclone", "optimize",
    };
    if (n > 4 && w[0] == '_' && w[1] == '_' && w[n - 1] == '_' && w[n - 2] == '_') {
        w += 2;    /* __always_inline__ is always_inline */
        n -= 4;
    }
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i]) == n && !strncmp(w, names[i], n))
            return 1;
    return 0;
}

/* `aligned` or `__aligned__`. */
static int aligned_word(const k_token *t)
{
    return (t->len == 7 && !strncmp(t->text, "aligned", 7)) ||
           (t->len == 11 && !strncmp(t->text, "__aligned__", 11));
}

/* The N of aligned(N) after its '(' (an integer constant, parenthesized or
 * not), or NULL after an error. */
static k_expr *aligned_value(k_parser *ps, k_loc loc)
{
    k_token t;
    int open = 0, kind;
    while ((kind = k_lexer_next(&ps->lx, &t)) == '(')
        open++;
    k_expr *e = kind == INT_LIT ? kp_literal(ps, E_INT, &t) : NULL;
    for (int k = 0; e && k <= open; k++)
        if (k_lexer_next(&ps->lx, &t) != ')')
            e = NULL;
    if (!e)
        k_error(ps->ctx, loc, "__attribute__((aligned(N))) needs an integer constant N in K "
                "(write alignas(N) or __align__(N) for another expression)");
    return e;
}

/* `packed` or `__packed__`. */
static int packed_word(const k_token *t)
{
    return (t->len == 6 && !strncmp(t->text, "packed", 6)) ||
           (t->len == 10 && !strncmp(t->text, "__packed__", 10));
}

int k_parse_gnu_attribute(k_parser *ps, k_loc loc, k_expr **align, int *packed)
{
    k_token t;
    *align = NULL;
    *packed = 0;
    if (k_lexer_next(&ps->lx, &t) != '(') {
        k_error(ps->ctx, loc, "expected '((' after __attribute__");
        return 0;
    }
    int depth = 1, first = 1;   /* the attribute's name is the first word at depth 2 */
    while (depth > 0) {
        int kind = k_lexer_next(&ps->lx, &t);
        if (kind == 0) {
            k_error(ps->ctx, loc, "__attribute__ not closed before the end of the file");
            return 0;
        }
        if (kind == '(') {
            depth++;
            continue;
        }
        if (kind == ')') {
            depth--;
            continue;
        }
        if (kind == ',' && depth == 2) {
            first = 1;
            continue;
        }
        if (depth == 2 && first && aligned_word(&t)) {
            /* aligned(N); a bare `aligned` is the target's largest, 16 */
            k_loc at = t.loc;
            kind = k_lexer_next(&ps->lx, &t);
            if (kind == '(' && !(*align = aligned_value(ps, at)))
                return 0;
            if (kind != '(' && (*align = kp_expr_leaf(ps, E_INT, at)) != NULL)
                (*align)->ival = 16;
            if (kind == ')')
                depth--;
            first = kind == ',';   /* `aligned, packed`: the next word is checked too */
            continue;
        }
        if (depth == 2 && first && packed_word(&t)) {
            *packed = 1;
            first = 0;
            continue;
        }
        if (depth == 2 && first) {
            first = 0;
            if (!harmless_attribute(t.text, t.len)) {
                k_error(ps->ctx, t.loc, "__attribute__((%.*s)) is not supported in K",
                        (int)(t.len > 40 ? 40 : t.len), t.text);
                return 0;
            }
        }
    }
    return 1;
}

int k_parse_gnu_aligned(k_parser *ps, k_expr *align)
{
    /* -1: an error (a parameter's) */
    switch (ps->prev_kind) {
    case '}':   /* `struct S {...} __attribute__((aligned(16)));`: S's (kp_specs_align) */
        if (!ps->closed_body)
            ps->aligned_record = align;
        return 1;
    case IDENT: case ']': case ')':   /* `float v[4] __attribute__((aligned(16)));` */
        if (ps->paren_depth > 0) {
            k_error(ps->ctx, align->loc, "__attribute__((aligned(N))) on a parameter: a "
                    "parameter's alignment cannot be given (as g++ says)");
            return -1;
        }
        ps->aligned_name = ps->decl_name;
        ps->aligned_expr = align;
        return 0;
    default:
        return 1;
    }
}

int k_parse_gnu_packed(k_parser *ps, k_loc loc)
{
    int kind = ps->prev_kind;
    if (kind == KW_STRUCT || kind == KW_CLASS_RECORD || kind == KW_UNION) {
        ps->packed_next = 1;   /* `struct __attribute__((packed)) S {` (k_parse_record_begin) */
        return 0;
    }
    if (kind == '}' && ps->after_record) {   /* `struct S {...} __attribute__((packed))` */
        if (ps->closed_record && ps->closed_record_at == ps->record_closes)
            ps->closed_record->pack = 1;   /* its end is reduced already */
        else
            ps->packed_close = 1;         /* k_parse_record_end sets it */
        return 0;
    }
    k_error(ps->ctx, loc, "the packed attribute on a member or a variable is not supported "
            "in K: write it on the struct, or #pragma pack(1) around it");
    return -1;
}

k_expr *k_parse_declared_align(k_parser *ps, const char *name, k_expr *written)
{
    if (!ps->aligned_expr || !name || !ps->aligned_name || strcmp(name, ps->aligned_name))
        return written;
    k_expr *e = ps->aligned_expr;
    ps->aligned_expr = NULL;
    ps->aligned_name = NULL;
    return written ? written : e;
}

/* `auto [a, b] = e;`: the hidden variable `auto __simtvm_binding_L_C = e;`
 * (`auto &` for `auto &[a, b]`), then `auto &a`, `auto &b`, which sema binds
 * to its elements (k_sema_binding, lang/cxx.c). */
k_stmt *k_parse_bindings(k_parser *ps, k_loc loc, k_specs *sp, int ref, k_list *names,
                         k_expr *init)
{
    if (!sp || !names || !init)
        return NULL;
    if (sp->builtin != TY_AUTO) {
        k_error(ps->ctx, loc, "a structured binding declaration must be declared 'auto'");
        return NULL;
    }
    char buf[64];
    snprintf(buf, sizeof buf, "__simtvm_binding_%u_%u", loc.line, loc.col);
    k_declarator *hidden = kp_dtor_new(ps, loc, k_strndup(ps->ctx, buf, strlen(buf)));
    if (!hidden)
        return NULL;
    hidden->is_ref = ref;
    hidden->init = init;
    k_list *all = kp_list_push(ps, NULL, hidden);
    for (int i = 0; i < names->n; i++) {
        k_declarator *d = names->items[i];
        if (d)
            d->is_ref = 1;
        all = kp_list_push(ps, all, d);
    }
    k_stmt *s = kp_make_decl_stmt(ps, loc, sp, all);
    if (s && s->ndecls)
        s->decls[0]->binding_index = s->ndecls - 1;   /* the hidden one: how many names */
    for (int i = 1; s && i < s->ndecls; i++) {
        s->decls[i]->binding_of = s->decls[0];
        s->decls[i]->binding_index = i - 1;
    }
    return s;
}

/* `for (auto &[k, v] : m) body`: `for (auto &e : m) { auto &[k, v] = e; body }`
 * (the element by reference, its specifiers' const kept; by value, the
 * bindings' hidden variable copies it). */
k_stmt *k_parse_range_for_bindings(k_parser *ps, k_loc loc, k_loc at, k_specs *sp, int ref,
                                   k_list *names, k_expr *range, k_stmt *body)
{
    if (!sp || !names || !range)
        return NULL;
    char buf[64];
    snprintf(buf, sizeof buf, "__simtvm_element_%u_%u", at.line, at.col);
    const char *name = k_strndup(ps->ctx, buf, strlen(buf));
    k_declarator *elem = kp_dtor_new(ps, at, name);
    k_specs *copy = k_alloc(ps->ctx, sizeof *copy);
    k_expr *use = kp_expr_leaf(ps, E_IDENT, at);
    if (!elem || !copy || !use)
        return NULL;
    *copy = *sp;
    elem->is_ref = 1;
    use->name = name;
    k_stmt *bind = k_parse_bindings(ps, at, copy, ref, names, use);
    k_list *items = kp_list_push(ps, kp_list_push(ps, NULL, bind), body);
    return kp_stmt_range_for(ps, loc, sp, elem, range, kp_make_block(ps, loc, items));
}

/* `decltype(e)` and `__typeof__(e)`: a TY_DECLTYPE that sema replaces by
 * e's type where the type is used (lang/decltype.c); `decltype(auto)` a
 * TY_AUTO deduced by decltype's rules; `__typeof__(T)` is T. */
k_type *k_parse_decltype(k_parser *ps, k_loc loc, int kind, k_expr *e, k_type *written)
{
    if (written) {
        k_type *t = k_type_new(ps->ctx, TY_INT);
        if (t)
            *t = *written;
        return t;
    }
    k_type *t = k_type_new(ps->ctx, kind == K_DT_AUTO ? TY_AUTO : TY_DECLTYPE);
    if (!t)
        return NULL;
    t->decltype_kind = (unsigned char)kind;
    t->decl_expr = e;
    t->loc = loc;
    return t;
}

/* `decltype(e)::m`: a member type of e's class, found once e's type is
 * known (a TY_MEMBER_TYPE whose scope is the decltype, lang/member_types_sema.c). */
k_type *k_parse_decltype_member(k_parser *ps, k_loc loc, k_type *of, const char *member)
{
    k_type *t = k_type_new(ps->ctx, TY_MEMBER_TYPE);
    if (!t)
        return NULL;
    size_t n = strlen(member);
    char *name = k_alloc(ps->ctx, n + 16);
    if (name)
        snprintf(name, n + 16, "decltype(...)::%s", member);
    t->base = of;
    t->name = name ? name : member;
    t->loc = loc;
    return t;
}

/* `auto f(params) -> T`: the declarator of a function whose result is T
 * (parse_build.c's build_type puts T in place of the `auto`). */
k_declarator *k_parse_trailing(k_parser *ps, k_declarator *d, k_type *ret)
{
    if (!d)
        return NULL;
    if (!d->is_func)
        k_error(ps->ctx, d->loc, "'%s' has a trailing return type but is not a function",
                d->name ? d->name : "?");
    else
        d->trailing_ret = ret;
    return d;
}

/* ============================== one-line builders for the grammar's actions */
/* A non-type template parameter `T name = def` (`T *name` with ptrs; an
 * unnamed one gets a made-up name). */
k_tparam *kp_value_tparam(k_parser *ps, k_loc loc, k_specs *sp, k_list *ptrs, const char *name,
                          k_expr *def)
{
    k_type *t = kp_type_name(ps, sp, kp_dtor_pointer(ps, ptrs, kp_dtor_new(ps, loc, NULL)));
    return k_tpl_value_param(ps, loc, t, name ? name : k_tpl_anon_param(ps), def);
}

/* `f<int>(params)`: an explicit specialization's declarator. */
k_declarator *kp_tpl_spec_dtor(k_parser *ps, k_loc loc, const char *name, k_list *targs,
                               k_list *params)
{
    k_tpl_spec_args(ps, targs);
    return kp_dtor_func(ps, kp_dtor_new(ps, loc, k_tpl_dtor_name(ps, name)), params, 0);
}

/* `m(args)` or, direct_list, `m{args}` before a constructor's body. */
k_expr *kp_mem_init(k_parser *ps, k_loc loc, const char *member, k_list *args, int direct_list)
{
    k_expr *e = kp_expr_call(ps, loc, kp_ident_expr(ps, member, loc), args);
    if (e && direct_list)
        e->direct_list = 1;   /* an array member's `a{1, 2}`: its elements */
    return e;
}

/* `Base(args)` before a constructor's body: named by the base's tag. */
/* `D(int x) : B(x)` in `template <class B> struct D : B`: the base is the
 * parameter's argument, known in each instance only, so the entry names the
 * base by its place among D's bases, as "B#i" (lang/mem_inits.c). */
static const char *param_base_name(k_parser *ps, const k_type *base)
{
    k_record *r = ps->records.n ? ps->records.items[ps->records.n - 1] : NULL;
    if (!r && ps->tpl.member_def_id)   /* `C<T>::C(...) : T(s)` outside the class */
        r = k_tpl_class_record(ps, ps->tpl.member_def_id->name);
    for (int i = 0; r && base->name && i < r->nbases && i < r->nfields; i++) {
        const k_type *b = r->fields[i].type;
        if (b && b->kind == TY_TPARAM && b->name && !strcmp(b->name, base->name)) {
            size_t n = strlen(base->name) + 16;
            char *name = k_alloc(ps->ctx, n);
            if (name)
                snprintf(name, n, "%s#%d", base->name, i);
            return name;
        }
    }
    return NULL;
}

k_expr *kp_base_init(k_parser *ps, k_loc loc, const k_type *base, k_list *args)
{
    const char *tag = base && base->kind == TY_RECORD && base->rec->tag ? base->rec->tag : "?";
    if (base && base->kind == TY_TPARAM) {
        const char *by_place = param_base_name(ps, base);
        if (by_place)
            tag = by_place;
    }
    return kp_expr_call(ps, loc, kp_ident_expr(ps, tag, loc), args);
}

/* `template <class T> Box(T *) -> Box<T>;`: a deduction guide, kept as a
 * function declaration marked is_guide, named as the class template, whose
 * result type is the guide's (lang/ctad.c deduces through it; sema keeps
 * it out of the functions). */
void kp_add_guide(k_parser *ps, k_loc loc, const char *name, k_list *params, k_type *result)
{
    k_decl *g = k_decl_new(ps->ctx, D_FUNC, loc, name);
    if (!g || !result)
        return;
    g->is_guide = 1;
    g->type = k_type_new(ps->ctx, TY_FUNC);
    if (!g->type)
        return;
    g->type->base = result;
    int n = params ? params->n : 0;
    g->params = k_alloc(ps->ctx, (size_t)(n + 1) * sizeof *g->params);
    for (int i = 0; g->params && i < n; i++)
        if (params->items[i])
            g->params[g->nparams++] = params->items[i];
    ps->param_names.n = 0;
    kp_list_append(ps, &ps->decls, g);
}
