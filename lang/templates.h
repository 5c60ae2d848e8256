/* lang/templates.h -- C++ templates in K: the parser's side (template names,
 * template-ids, template heads) and sema's (deduction, instantiation).
 *
 * The scanner must know which identifiers name templates, as it knows
 * typedef names: `f<256>(x)` is a template-id when f is a template and two
 * comparisons otherwise.  k_yylex (parse_lex.c) asks k_tpl_classify for every identifier
 * and passes every token through k_tpl_angle, which turns the '<' after a
 * template name into TPL_OPEN and the '>' (or half of a '>>') that closes it
 * into TPL_CLOSE, so the expression grammar never sees them.
 */
#ifndef K_TEMPLATES_H
#define K_TEMPLATES_H

#include "ast.h"

/* What a template name names, by its token: a function or variable template
 * (TEMPLATE_NAME: `f<int>` is a value) or a class template (TEMPLATE_TYPE). */
enum k_tpl_kind { K_TPL_FUNCTION = 1, K_TPL_CLASS = 2 };

/* Deepest nesting of open template argument lists (`a<b<c<...>>>`). */
#define K_TPL_MAX_ANGLES 64

/* The scanner-side state of templates, one per parse (in k_parser). */
typedef struct k_tpl_scan {
    const char **names;       /* every template name known so far, qualified */
    unsigned char *kinds;     /* enum k_tpl_kind, same order */
    int n, cap;
    int angle_parens[K_TPL_MAX_ANGLES]; /* per open '<': the bracket depth it opened at */
    const char *angle_names[K_TPL_MAX_ANGLES]; /* per open '<': the template it follows */
    const char *last_name;    /* the last template name scanned */
    const char *closed_name;  /* the template whose argument list the last '>' closed */
    unsigned char angle_head[K_TPL_MAX_ANGLES]; /* per open '<': a template head's */
    int closed_head;          /* the last '>' closed a template head (`template <class U>`) */
    unsigned char angle_type[K_TPL_MAX_ANGLES]; /* per open '<': a class template's */
    int closed_type;          /* the last '>' closed a class template's list (`vector<int>`) */
    k_type *member_def_id;    /* `C<T>` while a member C<T>::f defined outside C is read: a
                                 bare C there is this type, C's injected name */
    int nangles;
    int parens;               /* depth of ( [ { */
    int prev_kind;            /* the token k_yylex returned last */
    int pending_close;        /* '>' characters left of a split '>>' or '>>>' */
    k_loc pending_loc;        /* where the next of them is */
    /* the template head being parsed (`template <...>` up to its declaration) */
    int head_open;            /* a head was seen and its declaration is not finished */
    int head_angle;           /* 1 + the index of the open '<' of a head's parameters, or 0 */
    int ttp;                  /* a template template parameter's `template` was read in a
                                 head's parameters: 1 before its '<', 2 after its '>' */
    struct k_list *ttp_names; /* the head's template template parameters (names), class
                                 template names while its declaration is read; or NULL */
    const char *head_name;    /* the name its declaration declared, once seen */
    int typedef_mark;         /* the typedef count before its parameters */
    int decl_mark;            /* the unit's declaration count after the head */
    int head_nparams;         /* the head's parameters (0 for `template <>`) */
    struct k_list *head_params; /* the head's parameters (k_tparam *), or NULL */
    struct k_list *spec_args; /* `template <> ... f<int>(...)`: the arguments, or NULL */
    const char *class_name;   /* the head declares this class template ... */
    k_type *class_spec;       /* ... or the explicit specialization `S<int>` (TY_TEMPLATE_ID) */
    k_type *fwd_record;       /* ... only declared (`template <class... Ts> struct Tup;`) */
    /* a second head open inside the first: a member template's in a class
     * template's body, or `template <class T> template <class U>` before a
     * member template's definition outside its class (lang/templates_member.c);
     * the outer head's fields are kept here while the inner one is read */
    int nested;
    struct k_tpl_outer {
        int head_open, typedef_mark, decl_mark, head_nparams;
        const char *head_name, *class_name;
        struct k_list *head_params, *spec_args;
        k_type *class_spec;
    } outer;
    /* member class templates (lang/templates_member_class.c): the bare name,
     * the qualified one ("Outer::Inner"), the enclosing template's head */
    struct k_tpl_mclass {
        const char *bare, *full;
        struct k_list *outer;
        struct k_record *rec;   /* a plain class nested in a class template, or NULL */
        k_type *self;           /* ... its type as the scanner gave it */
    } *mclass;
    int nmclass, mclass_cap;
    int scope_template;       /* `C<T>::template` was read: the next name is C's member */
    int nanon;                /* unnamed template parameters named so far */
} k_tpl_scan;

/* A built-in library template, known by its qualified name ("std::vector").
 * Other parts of K (the host library, cooperative groups) add theirs to the
 * table in lang/templates.c; what a use of one means is theirs to check. */
typedef struct k_builtin_template {
    const char *name;
    enum k_tpl_kind kind;
} k_builtin_template;

/* Registers name as a template of the given kind for the rest of the parse. */
void k_tpl_register(k_ctx *ctx, k_tpl_scan *ts, const char *name, enum k_tpl_kind kind);
/* Fills ts with the built-in templates (k_parse calls it first). */
void k_tpl_scan_init(k_ctx *ctx, k_tpl_scan *ts);
/* The kind of template name names, or 0 if it names none. */
int k_tpl_lookup(const k_tpl_scan *ts, const char *name);

/* ---- sema (lang/templates.c, lang/clone.c) ---- */
struct k_sema;

/* Deep copies of a template's tree with its parameters replaced by the
 * arguments of one instantiation (lang/clone.c).  names[i] is replaced by
 * types[i] (a type parameter) or by a copy of exprs[i] (a non-type one). */
/* A parameter pack's elements in one instantiation (lang/packs.c). */
typedef struct k_pack {
    const char *name;         /* the template parameter pack's or function parameter pack's */
    k_type **types;           /* a type parameter pack's elements */
    k_expr **exprs;           /* a non-type parameter pack's elements (their values) */
    int n;
    int fparam;               /* a function parameter pack: element i is parameter "name#i" */
} k_pack;

typedef struct k_subst {
    const char **names;
    k_type **types;
    k_expr **exprs;
    int n;
    const struct k_record *from; /* a class template's record ... */
    struct k_record *to;         /* ... becomes its instance's in every type */
    const char **tnames;      /* per name: a template template parameter's class template
                                 (`C<T>` becomes `Box<T>`), else NULL; may be NULL */
    const k_pack *packs;      /* the parameter packs, and while a pattern is copied */
    int npacks;               /* once per element (expanding), the element's index */
    int expanding, elem;
    k_loc at;                 /* where a pack named in a type without `...` is reported */
    struct k_local_records *locals; /* while a function is copied: its named local records
                                 whose members name the parameters, and their copies */
} k_subst;

k_decl *k_clone_func(k_ctx *ctx, const k_decl *f, const k_subst *s);
k_type *k_clone_type(k_ctx *ctx, const k_type *t, const k_subst *s);
k_expr *k_clone_expr(k_ctx *ctx, const k_expr *e, const k_subst *s);
k_decl *k_clone_decl(k_ctx *ctx, const k_decl *d, const k_subst *s);
/* A function's parameters copied, each parameter pack as its elements. */
k_decl **k_clone_params(k_ctx *ctx, const k_decl *f, const k_subst *s, int *n);

/* Pack expansion while copying (lang/packs.c): the pack of s called name;
 * a list of expressions or template arguments with each `pattern...`
 * replaced by its elements; an identifier, `sizeof...` or fold expression
 * of a pack in s (NULL: e is none); a function's parameters and the
 * substitution its body is copied with (its function parameter packs). */
const k_pack *k_pack_find(const k_subst *s, const char *name);
k_expr **k_pack_exprs(k_ctx *ctx, k_expr *const *a, int n, const k_subst *s, int *nout);
k_targ *k_pack_targs(k_ctx *ctx, const k_targ *a, int n, const k_subst *s, int *nout);
k_field *k_pack_fields(k_ctx *ctx, const k_record *tr, const k_subst *s, int *nfields,
                       int *nbases);
k_expr *k_pack_expr(k_ctx *ctx, const k_expr *e, const k_subst *s);
k_decl **k_pack_params(k_ctx *ctx, const k_decl *f, const k_subst *s, int *n, k_subst *body);
k_type **k_pack_fn_params(k_ctx *ctx, const k_type *fn, const k_subst *s, int *n);

/* Member types of class template instances (lang/member_types_sema.c): the
 * template's, substituted; and a TY_MEMBER_TYPE whose class is now known
 * replaced in place by that class's member type (0 if it has none). */
void k_member_types_instantiate(k_ctx *ctx, k_record *to, const k_record *from,
                                const k_subst *sb);
int k_member_type_bind(k_ctx *ctx, k_type *t);

/* Written signatures (lang/templates_same.c): t's type parameter called
 * name (-1 if none); whether two declarations are one template; whether a
 * written type can fail to substitute (it names a member type or a
 * template-id) and whether function template t has such types. */
int k_tpl_tparam_index(const k_decl *t, const char *name);
int k_tpl_same_template(const k_decl *a, const k_decl *b);
/* A template's definition def after its declaration decl: the default
 * template arguments def leaves out are decl's. */
void k_tpl_inherit_defaults(k_decl *def, const k_decl *decl);
int k_tpl_may_fail(const k_type *t);
int k_tpl_sfinae_prone(const k_decl *t);

#endif
