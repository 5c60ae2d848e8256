/* lang/templates_sema.h -- what the two halves of templates in sema share:
 * function templates (lang/templates_sema.c) and class templates
 * (lang/templates_class_sema.c): the table of templates and instances, an
 * argument list (with parameter packs), and the steps both use. */
#ifndef SIMT_LANG_TEMPLATES_SEMA_H
#define SIMT_LANG_TEMPLATES_SEMA_H

#include "sema.h"
#include "templates.h"

/* Nested instantiations (each one checks a body inside the one that asked
 * for it, on the C stack). */
#define K_TPL_MAX_DEPTH 64
#define TYBUF 96

/* A parameter pack's arguments (`f<int, float>` of `template <class... Ts>`). */
typedef struct tpl_pack {
    k_type **types;           /* a type pack's elements, or NULL */
    int64_t *values;          /* a non-type pack's values */
    int n;
} tpl_pack;

typedef struct tpl_args {
    k_type **types;           /* per parameter: the type argument, or NULL */
    int64_t *values;          /* per parameter: the non-type argument's value */
    tpl_pack *packs;          /* per parameter: a parameter pack's elements */
    const char **tnames;      /* per parameter: a template template parameter's class template */
    int n;
    int nexplicit;            /* the first ones were written (`f<int>`): not deduced */
    int *have;                /* while deducing: the parameters given a value */
} tpl_args;

typedef struct tpl_inst {
    struct tpl_inst *next;
    tpl_args args;
    k_decl *decl;             /* the instance (or an explicit specialization) */
    int pending;              /* instantiated before the template had a body */
} tpl_inst;

typedef struct tpl_entry {
    struct tpl_entry *next;
    k_decl *decl;             /* the latest declaration: the definition once seen */
    tpl_inst *insts;          /* instances and explicit specializations */
    k_decl **partials;        /* a class template's partial specializations, in order */
    int npartials;
} tpl_entry;

struct k_tpl_sema {
    tpl_entry *entries;
    int depth;                /* instantiations being checked, nested */
    int notes;                /* "in instantiation of" notes since depth was 0 */
    k_decl **out;             /* instances and specializations, for lowering */
    int nout, cap;
};

struct k_tpl_sema *k_tpls_state(k_sema_state *s);
/* An instance or specialization handed to lowering (k_tpl_sema_finish). */
void k_tpls_add_out(k_sema_state *s, k_decl *d);
/* m, a member function of a class template's instance: checked, its errors
 * held back until it is used (lang/templates_lazy.c). */
void k_tpls_member_instance(k_sema_state *s, k_decl *m);
int k_tpls_args_equal(const tpl_args *a, const tpl_args *b);
tpl_inst *k_tpls_add_specialization(k_sema_state *s, tpl_entry *en, const tpl_args *a,
                                    k_decl *d);
int k_tpls_args_new(k_sema_state *s, tpl_args *a, int n);
/* `f<int, 256>`, `Outer<int>::Inner<float>`: an instance's name. */
const char *k_tpls_inst_name(k_sema_state *s, const k_decl *t, const tpl_args *a);
/* The whole argument list of a use of t (explicit, deduced, defaults); 0
 * when it has none (reported when report is set). */
int k_tpls_call_args(k_sema_state *s, const k_decl *t, k_expr *call, tpl_args *a, int report);
/* The substitution of the first n arguments of a. */
k_subst k_tpls_subst_of(k_sema_state *s, const k_decl *t, const tpl_args *a, int n);
/* Deduces t's parameters in written type p from type a: 1 fits, 0 does
 * not, -1 conflicts. */
int k_tpls_match(k_sema_state *s, const k_decl *t, const k_type *p, const k_type *a,
                 tpl_args *out, int report, k_loc at);
/* The template parameter pack a function parameter pack's pattern names
 * (`const Ts &... xs`: Ts), or -1.  (Both: lang/templates_match.c.) */
int k_tpls_pattern_pack(const k_decl *t, const k_type *p);
/* The index of t's parameter pack, or -1. */
int k_tpls_pack_index(const k_decl *t);
/* The first template named name (with ntparams parameters, any if -1). */
tpl_entry *k_tpls_find_entry(k_sema_state *s, const char *name, int ntparams);
/* The instance of en for arguments a (instantiated at first use). */
k_decl *k_tpls_instance(k_sema_state *s, tpl_entry *en, tpl_args *a, k_loc at);

/* lang/templates_value.c */
/* `f<int>` as a value: 0 when f is no single function template; else
 * e->decl is the instance, or *failed is set after an error. */
int k_tpls_function_value(k_sema_state *s, k_expr *e, tpl_entry **failed);

/* lang/templates_class_sema.c */
tpl_entry *k_tpls_find_class(k_sema_state *s, const char *name);
/* The member function name of class instance inst ("S<int>::f"). */
const char *k_tpls_member_name(k_sema_state *s, const char *inst, const char *name);
k_record *k_tpls_class_instance(k_sema_state *s, const char *name, k_targ *targs, int n,
                                k_loc loc);
/* The index of t's non-type parameter called name, or -1. */
int k_tpls_value_tparam(const k_decl *t, const char *name);
/* a's arguments one by one, each pack's elements in its place. */
/* The pack an expansion `Ts...` or `Ns...` in a template argument list
 * names, as t's parameter index, or -1. */
int k_tpls_expansion_pack(const k_decl *t, const k_targ *w);
/* An instance's arguments flat[j..] into t's pack k of out (0 when a type
 * stands where a value must, or the reverse). */
int k_tpls_take_rest(k_sema_state *s, const k_decl *t, int k, const tpl_args *flat, int j,
                     tpl_args *out);
/* Pattern p (`index_sequence<Is...>`) naming alias template alias, as the
 * template-id the alias stands for (`integer_sequence<unsigned long,
 * Is...>`), or NULL when its arguments are not the alias's parameters
 * each alone. */
k_type *k_tpls_alias_pattern(k_sema_state *s, const k_decl *alias, const k_type *p);
tpl_args k_tpls_flat_args(k_sema_state *s, const k_decl *t, const tpl_args *a);
/* The class template whose instance rec is ("Box"), or NULL. */
const char *k_tpls_class_of(k_sema_state *s, const k_record *rec);
void k_tpls_add_partial(k_sema_state *s, k_decl *d);
void k_tpls_class_specialization(k_sema_state *s, k_decl *d);

#endif
