/* lang/sema.h -- what semantic analysis leaves in the tree for lowering, and
 * the state shared by sema.c (declarations, statements), sema_expr.c
 * (expressions) and builtins.c (runtime builtins and device intrinsics).
 *
 * Annotations sema leaves (besides k_expr.type/decl/is_lvalue/is_const):
 *   - E_CALL / E_LAUNCH: sema_ext is a k_type ** with the type every argument
 *     is converted to (parameter types; default promotions for `...`).
 *   - E_CALL of a builtin or intrinsic: k_expr.builtin is an index into the
 *     table of k_builtin_info (k_builtin_get).
 *   - E_INIT_LIST of an object: sema_ext is a k_init (flattened scalars).
 *   - S_SWITCH: sema_ext is a k_switch_info (its case labels and default).
 *   - built-in variables (threadIdx...): decls with builtin >= K_BVAR_BASE.
 * sema never inserts conversion nodes: lowering converts using the types. */
#ifndef K_SEMA_H
#define K_SEMA_H

#include "vm/suggest.h"
#include "ast.h"
#include "types.h"

/* ---- built-in variables and constants: k_decl.builtin values ---- */
enum k_bvar {
    K_BVAR_BASE = 10000,
    K_BVAR_THREADIDX = K_BVAR_BASE, K_BVAR_BLOCKIDX, K_BVAR_BLOCKDIM, K_BVAR_GRIDDIM,
    K_BVAR_WARPSIZE,
    K_BVAR_CONST,             /* an integer constant (cudaSuccess...): decl->init folded */
};

/* ---- callable built-ins ---- */
enum k_bkind {
    BK_RUNTIME,     /* HCALL of vm/builtins.def (op = BI_*) */
    BK_MATH,        /* INTR, float or double by overloading (op = float id, op2 = double id) */
    BK_MATHF,       /* INTR, always float (op) */
    BK_MATHD,       /* INTR, always double (op2) */
    BK_CLASSIFY,    /* isnan/isinf/isfinite: INTR with a float or double argument */
    BK_MINMAX,      /* min/max: op = 0 min, 1 max */
    BK_ABS,         /* abs/labs/llabs (integer or C++ float overloads) */
    BK_INTR32,      /* integer INTR on 32-bit operands (op: id, op2: result kind) */
    BK_INTR64,      /* integer INTR on 64-bit operands */
    BK_REINTERP,    /* __float_as_int & co: a move (op = source kind, op2 = result kind) */
    BK_BAR,         /* __syncthreads*: op = BAR_* */
    BK_SYNCWARP, BK_FENCE, BK_SLEEP, BK_ACTMASK,
    BK_SHFL,        /* op = SHFL_* */
    BK_VOTE,        /* op = VOTE_* */
    BK_MATCH_ANY, BK_MATCH_ALL,
    BK_REDUX,       /* op = REDUX_* (signed/unsigned chosen from the argument) */
    BK_ATOM,        /* op = ATOM_* */
    BK_ATOMCAS,
    BK_CLOCK,       /* clock/clock64 in device code: op = SREG_* */
    BK_SREG,        /* a special register (op = SREG_*) the cooperative groups read */
    BK_TRAP,        /* a fault whose message is sig (the cooperative groups) */
    BK_CG,          /* a cooperative_groups:: function (lang/cg.c, op = CGF_*) */
    BK_ARITH,       /* __fadd_rn & co: the opcode op on two arguments of kind arg */
    BK_ROUNDCVT,    /* __float2int_rn & co: INTR op (rounding, or -1) on an arg-kind
                       value, then a conversion to ret */
    BK_LDG,         /* __ldg(p): *p */
    BK_SATURATE,    /* __saturatef(x): x clamped to [0, 1], NaN to 0 */
};

enum k_where { W_HOST = 1, W_DEVICE = 2, W_BOTH = 3 };

typedef struct k_builtin_info {
    const char *name;
    int kind;                 /* enum k_bkind */
    int op, op2;
    int nargs;                /* required arguments */
    int nopt;                 /* optional ones after them */
    int where;                /* enum k_where */
    const char *sig;          /* BK_RUNTIME: the SIG string of builtins.def */
    int ret, arg;             /* fixed result / operand kinds (k_type_kind), -1 if none */
} k_builtin_info;

/* Finds a callable built-in by name: its id, or -1.  device selects clock's
 * device form. */
int k_builtin_find(const char *name, int device);
/* Offers every built-in function's name to a "did you mean" search. */
void k_builtin_suggest(simt_suggester *sug);
const k_builtin_info *k_builtin_get(int id);
/* For a function CUDA removed (cudaThreadSynchronize, __ballot...), what to
 * write instead; NULL for any other name. */
const char *k_removed_api(const char *name);

/* What of cuRAND simtvm does not build, for a help line under the error that
 * names it (lang/curand.c); NULL for other names */
const char *k_curand_unbuilt(const char *name);
/* The help line under an undefined nvcuda::wmma::fragment (lang/wmma.c), or NULL */
const char *k_wmma_unbuilt(const char *name);
const char *k_cub_unbuilt(const char *name);
/* For a function whose signature CUDA 13 changed (cudaMemPrefetchAsync...):
 * its CUDA 13 form, and in *arg the argument that tells the two apart. */
const char *k_changed_api(const char *name, int *arg);
/* The SIG letter of argument i of a runtime builtin ('.' past a variadic
 * mark, 0 past the end). */
char k_builtin_sig_letter(const k_builtin_info *b, int i);

/* ---- flattened object initializers ---- */
typedef struct k_init_item {
    uint32_t offset;          /* bytes from the start of the object */
    k_type *type;             /* scalar type of the element */
    k_expr *expr;             /* its value (or E_STRING for a char array) */
    int bit_off, bit_width;   /* a bit-field: its bits in the unit of type at offset */
} k_init_item;

typedef struct k_init {
    k_init_item *items;
    int n;
} k_init;

typedef struct k_switch_info {
    k_stmt **cases;           /* S_CASE statements in source order */
    int ncases, cap;
    k_stmt *deflt;            /* the S_DEFAULT, or NULL */
    k_type *type;             /* promoted type of the condition */
} k_switch_info;

/* ---- sema's working state (one per k_sema call) ---- */
typedef struct k_scope {
    struct k_scope *up;
    k_decl **decls;
    int n, cap;
    int uses_mark;            /* k_sema.nuses when the scope opened */
} k_scope;

typedef struct k_sema {
    k_ctx *ctx;
    k_scope *scope;           /* innermost */
    k_scope *file_scope;
    k_decl *fn;               /* function being checked, or NULL */
    unsigned fn_kind;         /* FN_* bits of fn */
    k_type *vla_outer;        /* the local's array type whose bound may be a run-time value */
    k_decl *hd_instance;      /* fn when it is a __host__ __device__ template instance, which
                                 host-only code it uses makes __host__ (k_sema_hd_to_host) */
    int loops;                /* enclosing loops */
    int breakables;           /* enclosing loops and switches */
    k_switch_info *sw;        /* innermost switch */
    k_unit *unit;             /* the unit checked (functions sema makes are added to it) */
    k_stmt **labels;          /* the function's labels and gotos so far (S_LABEL, S_GOTO) */
    int nlabels, labels_cap;
    struct k_tpl_sema *tpl;   /* function templates and their instances (templates_sema.c) */
    const char *ns;           /* namespace of the declaration being checked */
    k_decl **uses;            /* D_USING in view, oldest first (lang/namespaces.c) */
    int nuses, uses_cap;
    k_expr *lambda;           /* the lambda whose body is being checked (lang/lambda.c) */
    k_scope *lambda_outer;    /* the scope it was written in */
    k_decl **lifted;          /* lambdas' functions, added to the unit at the end */
    int nlifted, lifted_cap;
    int cur_unit;             /* the translation unit being checked (lang/units.c), 0: one */
    int constexpr_depth;      /* constexpr calls being folded inside each other */
    int unevaluated;          /* checking decltype's operand (lang/decltype.c): a function
                                 template it calls needs no definition (std::declval) */
    const k_record *class_scope; /* the record being laid out: its static members are
                                    named bare there (lang/static_members.c) */
    struct k_statics *statics;   /* class templates' static data members (the same) */
    struct k_ctad_guides *guides; /* deduction guides, by class template (lang/ctad.c) */
    const k_decl *static_init;   /* the static data member whose initializer is being
                                    checked: its class's members are named bare there */
    int defer_no_ctor;        /* a placement new in a class template's member: "no
                                 constructor takes these" is kept for its callers
                                 (lang/new_object.c, lang/moves.c) */
    k_loc device_throw;       /* the last `throw` in device code, reported once there
                                 (its abort() says nothing more: lang/throw.c) */
} k_sema_state;

/* sema.c */
/* lang/ctad.c: d's type, a class template's name without arguments
 * (`Box b(3);`), given the arguments its initializer deduces; 0 after an
 * error. */
/* A call of the function `name` with args[0..n) (copied), for sema's
 * rewrites (lang/cxx.c). */
k_expr *k_call_named(k_sema_state *s, k_loc loc, const char *name, k_expr **args, int n);
int k_ctad_deduce(k_sema_state *s, k_decl *d);
k_type *k_sema_typeid_name(k_sema_state *s, k_expr *e);   /* typeid.c */
int k_ctad_expr(k_sema_state *s, k_expr *e, k_expr **args, int n);   /* `Box(3)` */
void k_ctad_add_guide(k_sema_state *s, k_decl *g);   /* `Box(T *) -> Box<T>;` */
int k_has_ctor(const k_decl *d);        /* `dim3 g(x, y);` */
k_decl *k_sema_lookup(k_sema_state *s, const char *name);
/* The declared or built-in name nearest to `name`, or NULL (did you mean). */
const char *k_sema_suggest(k_sema_state *s, const char *name);
/* The qualified name `name` written here stands for among those the probe
 * accepts (namespaces, using-directives...), or NULL. */
const char *k_sema_resolve(k_sema_state *s, const char *name,
                           int (*probe)(void *arg, const char *qname), void *arg);
unsigned k_fn_kind(const k_decl *fn);   /* FN_HOST/FN_DEVICE/FN_KERNEL bits */
void k_sema_resolve_type(k_sema_state *s, k_type *t, k_loc loc);
int k_sema_check_init(k_sema_state *s, k_decl *d);
k_type *k_sema_compound(k_sema_state *s, k_expr *e);   /* (T){...} */
/* Checks a function made from a template as if defined at file scope. */
void k_sema_instance(k_sema_state *s, k_decl *f);
void k_sema_var_instance(k_sema_state *s, k_decl *d);

/* static_members.c: C++ static data members */
const char *k_static_member_name(const k_sema_state *s, const char *name, char *buf,
                                 size_t size);
void k_static_member_link(k_decl *old, k_decl *d);
int k_local_extern_link(k_sema_state *s, k_decl *d, k_decl *file); /* `extern T x;` in a function */
void k_static_member_pattern(k_sema_state *s, k_decl *d);
struct k_subst;
void k_static_members_instantiate(k_sema_state *s, const char *tpl, k_record *r,
                                  const struct k_subst *sb,
                                  void (*out)(k_sema_state *, k_decl *));
void k_static_members_check(k_sema_state *s, const k_unit *unit);
/* Whether file-scope variable d is a static data member or its definition. */
int k_static_member_def(k_sema_state *s, const k_decl *d);
/* `obj.n` / `p->n` naming a static data member: e rewritten to it (1), or 0. */
int k_static_member_access(k_sema_state *s, k_expr *e, const k_record *r);
/* Whether constant expression e names a constant whose initializer failed
 * (its error was given: no second one for the use). */
int k_static_init_failed(const k_expr *e);

/* templates_sema.c: function templates */
void k_tpl_sema_declare(k_sema_state *s, k_decl *d);
/* A call of a template: 1 with e->decl its instance, 0 if e calls no
 * template, -1 after reporting why no template fits. */
int k_tpl_sema_call(k_sema_state *s, k_expr *e);
int k_tpl_has_function(k_sema_state *s, const char *name);   /* a function template so named */
/* Before e is checked as a value of pointer type to (an initializer, an
 * assignment's right side, an argument): a function template named without
 * arguments (`f`, `&f`) becomes the instance of that type (templates_value.c).
 * 0 after an error (no instance fits). */
int k_tpl_target_function(k_sema_state *s, const k_type *to, k_expr *e);
/* `f(x)` found nowhere: the name qualified by the namespace of an argument's
 * class where such a function is (argument-dependent lookup), else NULL
 * (lang/adl.c) */
const char *k_sema_adl_name(k_sema_state *s, k_expr *call);
/* A call with a pack expansion left (no pack to expand): reported, 1
 * (lang/packs.c). */
int k_pack_stray(k_ctx *ctx, const k_expr *call);
/* The instance of the best free operator template called name ("operator+")
 * in any namespace for these operands, or NULL when none deduces (classes.c,
 * after the plain operators: Thrust's placeholder expressions). */
k_decl *k_tpl_sema_operator(k_sema_state *s, const char *name, k_expr **args, int nargs,
                            k_loc loc);
/* `mask<float>`: the instance of a variable template, or NULL after an error. */
k_decl *k_tpl_sema_var(k_sema_state *s, k_expr *e);
/* Puts the instances in the unit in place of the templates. */
void k_tpl_sema_finish(k_sema_state *s, k_unit *unit);
/* A class template's id `S<float>` (TY_TEMPLATE_ID) made its instance's
 * TY_RECORD in place; an error (and TY_INT) when it names none. */
void k_tpl_sema_type(k_sema_state *s, k_type *t, k_loc loc);
/* `typename X::m` (TY_MEMBER_TYPE) as X's member type, in place (lang/member_types_sema.c) */
void k_member_type_resolve(k_sema_state *s, k_type *t, k_loc loc);
/* decltype (lang/decltype.c): an operand's type by decltype's rules (kind
 * K_DT_DECLTYPE) or typeof's; a TY_DECLTYPE replaced in place; whether a
 * type still holds one; `decltype(auto) x = e;` deduced */
k_type *k_decltype_of(k_sema_state *s, const k_expr *operand, int kind);
void k_decltype_resolve(k_sema_state *s, k_type *t, k_loc loc);
int k_decltype_in(const k_type *t);
int k_decltype_auto_var(k_sema_state *s, k_decl *d);
/* t (f's result type) resolved with f's parameters params[n] in view and f
 * the function being checked (lang/sema.c) */
void k_sema_resolve_in_params(k_sema_state *s, k_type *t, k_decl *f, k_decl **params, int n);
/* SFINAE of `-> decltype(e)`: template t's result with sb substituted,
 * resolved with its parameters (so substituted) in view; an error says the
 * candidate fails (lang/decltype.c) */
struct k_subst;
void k_decltype_signature(k_sema_state *s, const k_decl *t, const struct k_subst *sb);

/* records.c: lays r out once (sizes, offsets, bit-fields, alignment) */
void k_record_layout(k_sema_state *s, k_record *r);
k_type *k_sema_layout_query(k_sema_state *s, k_expr *e);   /* alignof, offsetof */
k_type *k_sema_type_trait(k_sema_state *s, k_expr *e);     /* lang/type_traits_sema.c */
k_type *k_sema_throw_trait(k_sema_state *s, k_expr *e);    /* lang/throw.c */
int k_throw_in_device(k_sema_state *s, const k_expr *e); /* lang/throw.c */
int k_eh_try_in_device(k_sema_state *s, const k_stmt *st);  /* lang/eh.c */
int k_eh_is_try_body(const k_stmt *s);                      /* lang/eh.c */
/* `c ? x : throw e`: rewritten to `(c ? 0 : (throw e, 0)), x`; 1 where it was
 * one (lang/throw.c) */
int k_sema_throw_operand(k_sema_state *s, k_expr *e);

/* classes.c: C++ classes */
k_decl *k_sema_overload(k_sema_state *s, k_decl *f, k_expr **args, int nargs);
/* whether some free function called like f takes args */
int k_sema_overload_fits(k_sema_state *s, const k_decl *f, k_expr **args, int nargs);
k_decl *k_sema_overload_of_type(k_sema_state *s, k_decl *f, const k_type *ft);
k_type *k_sema_method_call(k_sema_state *s, k_expr *e);
k_type *k_sema_launch_ex(k_sema_state *s, k_expr *e);   /* lang/launch_ex.c */
k_type *k_sema_member_call_unqualified(k_sema_state *s, k_expr *e, int *done);
int k_sema_member_ident(k_sema_state *s, k_expr *e);
k_type *k_sema_operator(k_sema_state *s, k_expr *e, int op, int unary, int assign, int *done);
/* `obj->m` with obj of class type t: its operator-> called (again while it
 * gives a class object) in e, the `*` of `(*obj).m`; the pointer's type
 * (classes.c). */
k_type *k_sema_arrow_operator(k_sema_state *s, k_expr *e, k_type *t);
/* `table[i]` (checked) of a constexpr integer table at a constant index:
 * folded to the element (cxx.c). */
void k_sema_fold_const_table(k_expr *e);
int k_record_has_ctors(const k_record *r);
/* C++ member access (lang/access.c): whether the function being checked may
 * use r's member of that access (else one error at use, a note at decl);
 * k_access_field finds the field named in r (or its base) first. */
int k_access_check(k_sema_state *s, const k_record *r, const char *member, int access,
                   k_loc use, k_loc decl);
int k_access_field(k_sema_state *s, const k_record *r, const char *name, k_loc use);
/* `a = b` of a class without operator= whose members have one: rewritten
 * member by member (lang/assign.c); 0 when the bytes are copied. */
int k_assign_memberwise(k_sema_state *s, k_expr *e, k_type *tl);
k_decl *k_record_copy_ctor(const k_record *r);
k_decl *k_record_move_ctor(const k_record *r);
int k_record_declares_move(const k_record *r);   /* lang/moves.c */
int k_sema_defer_error(k_sema_state *s, const char *msg);
int k_sema_check_copy(k_sema_state *s, const k_record *r, const k_expr *src, k_loc loc);
int k_sema_check_assign(k_sema_state *s, const k_record *r, const k_expr *src, k_loc loc);
void k_sema_check_deleted_use(k_sema_state *s, const k_decl *f, k_loc loc);
void k_sema_dtor_param(k_sema_state *s, const k_decl *f, k_decl *p);
void k_stl_rewrite_call(k_sema_state *s, k_expr *e);
k_type *k_stl_limits_call(k_sema_state *s, k_expr *e);
void k_sema_copy_value(k_sema_state *s, const k_type *p, k_expr **a, int is_return);
int k_sema_convert_arg(k_sema_state *s, const k_type *p, k_expr **a);
k_decl *k_record_operator(k_sema_state *s, const k_record *r, const char *name);
/* Is m a default constructor: one a call with no arguments reaches (every
 * parameter after `this` has a default argument, in the declaration or the
 * definition)? */
static inline int k_is_default_ctor(const k_decl *m)
{
    if (m->method_kind != M_CTOR)
        return 0;
    if (m->nparams <= 1)
        return 1;
    const k_decl *g = m->params[1]->init ? m : m->definition;
    return g && g->nparams == m->nparams && g->params[1]->init;
}
/* lang/using_members.c: using-declarations of bases' members in a class */
int k_using_names(const k_record *r, const char *name);
int k_using_base_at(const k_record *r, const char *name, int i);
int k_using_keep(k_decl **own, int nown, k_decl **from_base, int n);
const k_using_decl *k_using_of(const k_record *r, const char *name);
void k_using_check(k_sema_state *s, const k_record *r);
/* lang/classes.c's node builders and tests, shared with lang/mem_inits.c */
k_expr *k_class_node(k_sema_state *s, k_expr_kind kind, k_loc loc);
/* pointers to data members (lang/member_pointers.c) */
k_type *k_memptr_address(k_sema_state *s, k_expr *e, int *done);   /* `&S::x` */
k_type *k_memptr_select(k_sema_state *s, k_expr *e);               /* E_PTRMEM */
k_type *k_memptr_unary(k_sema_state *s, k_expr *e);                /* `!pm` */
int k_memptr_truth(k_sema_state *s, k_expr *e);                    /* pm != null */
int k_memptr_assignable(k_sema_state *s, k_type *to, k_expr *e, const char *what);
int k_memptr_compare(k_sema_state *s, k_expr *e);
int k_memptr_binary(k_sema_state *s, k_expr *e);
int k_memptr_is_function(const k_type *t);                         /* `R (S::*)(P)` */
k_type *k_memptr_call(k_sema_state *s, k_expr *e);                 /* `(obj.*f)(args)` */
k_type *k_memptr_method_value(k_sema_state *s, k_expr *e, k_decl *m, k_type *cls);
k_expr *k_class_this(k_sema_state *s, k_loc loc);
int k_class_is_copy(k_sema_state *s, const k_type *t, k_expr **args, int nargs);
int k_class_trivial_default(const k_record *r);
k_decl *k_sema_pick_ctor(k_sema_state *s, k_type *t, k_expr ***args, int *nargs, k_loc loc,
                         k_type ***types);
int k_sema_ctor_var(k_sema_state *s, k_decl *d);
int k_sema_ctor_array(k_sema_state *s, k_decl *d, k_type *elem);   /* class_arrays.c */
void k_sema_dtor_var(k_sema_state *s, k_decl *d);
k_type *k_sema_construct_record(k_sema_state *s, k_expr *e);
int k_class_braced_construct(k_sema_state *s, k_expr *e, const k_type *t);
void k_sema_mem_inits(k_sema_state *s, k_decl *f);
/* implicit_members.c: C++'s implicit default constructor and destructor */
void k_sema_member_dtors(k_sema_state *s, k_decl *f);
/* An instance of a class template: its implicit default constructor runs
 * where its members' and bases' do (the template could not know them). */
void k_sema_instance_ctor_space(k_sema_state *s, k_record *r);
int k_sema_implicit_member(k_sema_state *s, k_decl *f);
/* cxx.c: a name of `auto [a, b] = e;` bound to its element (0 after an error) */
int k_sema_binding(k_sema_state *s, k_decl *d, int file_scope);
/* thrust_tuple.c: how many elements tuple type t holds, -1 if t is no tuple */
int k_thrust_tuple_size(k_sema_state *s, const k_type *t);
int k_sema_hd_to_host(k_sema_state *s);   /* lang/sema.c */
k_type *k_tuple_element_type(k_sema_state *s, const k_type *t, int i);
int k_std_tuple_size(k_sema_state *s, const k_type *t);            /* lang/std_tuple.c */
k_type *k_std_tuple_element(k_sema_state *s, const k_type *t, int i);
k_type *k_std_tuple_get(k_sema_state *s, k_expr *e, int n);
k_type *k_std_pair_get(k_sema_state *s, k_expr *e, k_type *t, int *handled);
k_decl *k_record_implicit_default(const k_record *r);
k_decl *k_record_new_ctor(k_sema_state *s, k_type *t, k_loc loc);   /* classes.c */
int k_is_value_init(const k_decl *d, const k_record *r);
int k_record_methods(k_sema_state *s, const k_record *r, const char *name, k_decl ***out);
int k_sema_inherited_call(k_sema_state *s, k_expr *e);   /* `Derived::f(x)`: classes.c */
void k_sema_member_unhide(k_sema_state *s, k_expr *e);
int k_record_ctor_takes(k_sema_state *s, const k_record *r, k_expr *a);
/* classes.c and class_ctors.c share these */
int k_record_ctors(k_sema_state *s, const k_record *r, k_decl ***out);
int k_conversion_rank(const k_type *p, const k_expr *a);
k_decl *k_overload_pick(k_decl **cands, int n, k_expr **args, int nargs, int first);
/* braced_args.c: each braced-list argument given the class type of the
 * parameter it initializes; 0 after a located error */
int k_braced_args(k_sema_state *s, k_decl **cand, int n, k_expr **args, int nargs, int first,
                  const char *name);
int k_expr_moves_from(const k_expr *e);
k_type *k_sema_call_on(k_sema_state *s, k_expr *e, k_decl *f, k_expr *obj);
k_type *k_sema_member_template_on(k_sema_state *s, k_expr *e, const k_decl *f);
int k_sema_ref_conversion(k_sema_state *s, const k_type *ref, k_expr *e);

/* stdarg.c: <stdarg.h> (variadic functions made per argument-type list) */
int k_stdarg_template(k_sema_state *s, k_decl *f);
k_decl *k_stdarg_instance(k_sema_state *s, k_expr *e, k_decl *f);
int k_stdarg_call(k_sema_state *s, k_expr *e);
k_type *k_stdarg_va_arg(k_sema_state *s, k_expr *e);
void k_sema_add_lifted(k_sema_state *s, k_decl *f);   /* lambda.c */

/* convert.c: user-defined conversions (conversion operators, converting
 * constructors, operator[]) */
int k_sema_user_conversion(k_sema_state *s, k_type *to, k_expr *e);
int k_sema_cast_conversion(k_sema_state *s, k_expr *c, k_type *to);
int k_sema_scalar_conversion(k_sema_state *s, k_expr *e);
int k_sema_pointer_conversion(k_sema_state *s, k_expr *e);
int k_sema_class_subscript(k_sema_state *s, k_expr *e);

/* classes.c: function pointers */
k_type *k_fn_type(k_ctx *ctx, const k_decl *f);              /* the TY_FUNC of a function */
k_type *k_sema_function_value(k_sema_state *s, k_expr *e, k_decl *f);
k_type *k_sema_indirect_call(k_sema_state *s, k_expr *e);
k_type *k_sema_functor_call(k_sema_state *s, k_expr *e, k_expr *obj);   /* obj(args) */

/* C++'s complete-class context (lang/static_members.c): a class's later
 * static member or enumerator, checked when a body names it */
k_decl *k_sema_later_member(k_sema_state *s, const char *qname);
k_decl *k_sema_enclosing_member(k_sema_state *s, char *buf);
void k_sema_check_member_early(k_sema_state *s, k_decl *d);
k_decl *k_sema_global_find(k_sema_state *s, const char *name);

/* lang/enums.c: enumerators' types and values, a widened enum's kind */
void k_enum_enumerator_type(k_sema_state *s, k_decl *d);
void k_enum_enumerator_value(k_sema_state *s, k_decl *d);

/* sema_expr.c */
k_type *k_sema_finish_call(k_sema_state *s, k_expr *e, k_decl *f); /* rules, args, type */
k_type *k_sema_call_expr(k_sema_state *s, k_expr *e);          /* a call's checks */
k_type *k_sema_launch(k_sema_state *s, k_expr *e);             /* kernel<<<...>>>(...) (sema_launch.c) */
k_type *k_sema_launch_kernel_call(k_sema_state *s, k_expr *e); /* cudaLaunchKernel(...) */
k_type *k_sema_expr(k_sema_state *s, k_expr *e);
k_type *k_sema_rvalue(k_sema_state *s, k_expr *e);           /* checks e is not void */
/* lang/vla.c: host code's variable-length arrays */
#define K_VLA_LENGTH (-2)   /* an array type's length while its bound is a run-time value */
void k_vla_decl(k_sema_state *s, k_decl *d);
int k_vla_sizeof(k_sema_state *s, k_expr *e);
k_type *k_decay(k_ctx *ctx, k_type *t);                 /* array -> pointer */
int k_sema_assignable(k_sema_state *s, k_type *to, k_expr *e, const char *what);
int k_sema_const_int(k_sema_state *s, k_expr *e, int64_t *v); /* evaluates an integer constant */
/* Reports why e's folded value is not a C++ constant expression (e's
 * not_constant), returning 1; 0 when it is one (or was not folded). */
int k_sema_not_constant(k_sema_state *s, const k_expr *e);
/* thrust::get<N>(t) / std::get<N>(t), built in (lang/thrust_tuple.c) */
int k_thrust_is_get(const k_expr *e);
k_type *k_thrust_get(k_sema_state *s, k_expr *e);
/* std::get<I> of a std::array, std::get<T> of a tuple (lang/stl_get.c) */
int k_stl_is_array(const k_type *t);
k_type *k_stl_array_get(k_sema_state *s, k_expr *e, k_type *t);
int k_stl_get_index_by_type(k_sema_state *s, const k_expr *e, const k_type *t, int size);
int k_is_null_const(const k_expr *e);
int k_sema_cond(k_sema_state *s, k_expr *e);                  /* a scalar condition */

/* cxx.c: references, new/delete, auto, static_assert */
int k_sema_bind_ref(k_sema_state *s, k_type *ref, k_expr *e, const char *what);
int k_ref_binds_directly(const k_type *ref, const k_expr *e);  /* no temporary needed */
void k_sema_new(k_sema_state *s, k_expr *e);       /* E_NEW becomes a cast of malloc */
void k_sema_delete(k_sema_state *s, k_expr *e);    /* E_DELETE becomes free() */
/* lang/new_object.c: `new` with constructors, placement new, `delete` running
 * the destructor */
int k_sema_new_object(k_sema_state *s, k_expr *e);
int k_sema_new_array(k_sema_state *s, k_expr *e);                  /* lang/new_array.c */
int k_sema_delete_array(k_sema_state *s, k_expr *e, k_type *pointee);
k_decl *k_record_dtor(const k_record *r);   /* its destructor or its base's */
void k_sema_delete_object(k_sema_state *s, k_expr *e, k_type *pointee);
k_type *k_sema_destroy(k_sema_state *s, k_expr *e);
k_type *k_sema_pseudo_dtor(k_sema_state *s, k_expr *e);
k_type *k_sema_dtor_call(k_sema_state *s, k_expr *e, k_record *r, k_expr *ptr,
                         const k_expr *obj);
int k_record_trivial_default(const k_record *r);   /* classes.c */
/* lang/virtual.c: virtual functions.  A vtable pointer's value: K_VPTR_BASE +
 * 2 * the class's vclass_id + 1 for an object constructed by device code. */
#define K_VPTR_BASE 0x5654000000000000ull
int k_method_is_virtual(const k_decl *f);
k_decl *k_virtual_overrider(const k_record *c, const k_decl *f);
/* lang/bases.c: the layout's part (records.c calls them) and ambiguity */
void k_bases_order(k_sema_state *s, k_record *r);
int64_t k_bases_empty_offset(const k_record *r, int i, int64_t dsize);
int k_record_member_ambiguous(k_sema_state *s, const k_record *r, const char *name, k_loc loc);
int k_bases_qualify(k_sema_state *s, k_expr *e, k_record *r);
int k_bases_qualified_field(k_record *r, const char *name);
int k_bases_ambiguous(k_sema_state *s, const k_type *from, const k_type *to, k_loc loc);
/* the error for a member name found in two bases amb[0], amb[1] of r */
void k_bases_report_ambiguous(k_sema_state *s, const k_record *r, const char *name,
                              const k_record *const amb[2], k_loc loc);
int k_bases_slice(k_sema_state *s, k_expr *e, const k_type *to);   /* 1 done, -1 reported */
/* lang/bases_virtual.c: virtual functions with several bases.  The number
 * (1-based) of r's vtable for its subobject at offset off (0: r's own);
 * the stores of r's secondary vtable pointers (NULL if none); for lowering,
 * what the vtable numbered i + 1 does for a call of f (its final overrider,
 * and what `this` adds) and for a dynamic_cast to class to (what the
 * pointer adds). */
int k_vclass_entry(k_sema_state *s, k_record *r, uint32_t off);
k_stmt *k_bases_vptr_stores(k_sema_state *s, k_record *r, k_loc loc);
int k_vtable_call(const k_ctx *ctx, int i, const k_decl *f, k_decl **ovr, int64_t *delta);
int k_vtable_cast(const k_ctx *ctx, int i, const k_record *to, int64_t *delta);
k_decl *k_virtual_own_in_slot(const k_record *r, const k_decl *f);
const k_decl *k_record_pure_member(const k_record *r);
int k_virtual_instantiable(k_sema_state *s, const k_record *r, k_loc loc);
void k_virtual_check_method(k_sema_state *s, k_decl *f);
void k_virtual_prologue(k_sema_state *s, k_decl *f, int nuser);
void k_virtual_mark_call(k_expr *e, const k_decl *f, const k_expr *obj_expr);
k_type *k_sema_vptr(k_sema_state *s, k_expr *e);
k_type *k_sema_dynamic_cast(k_sema_state *s, k_expr *e);
k_stmt *k_virtual_base_ctor(k_sema_state *s, k_expr *base_ptr, k_expr *mi);
void k_virtual_qualified_call(k_sema_state *s, k_expr *e, const k_decl *f);
int k_sema_deduce_auto(k_sema_state *s, k_decl *d);
/* sincosf(x, sp, cp) and its relatives become `*sp = sinf(x), *cp = cosf(x)`
 * (lang/sincos.c): 1 when e was rewritten, 0 when it is not one, -1 after
 * an error. */
int k_sema_sincos(k_sema_state *s, k_expr *e);
/* __nv_atomic_load_n(p, order[, scope]) and the other CUDA 12.8 atomics
 * become the plain atomic (lang/nv_atomic.c): 1 renamed, 0 not one, -1 error. */
int k_sema_nv_atomic(k_sema_state *s, k_expr *e);
int k_sema_fp16_atomic(k_sema_state *s, k_expr *e);
void k_sema_static_assert(k_sema_state *s, k_decl *a);
int k_sema_range_for(k_sema_state *s, k_stmt *st);      /* into a counted loop */
void k_sema_fold_constexpr(k_sema_state *s, k_expr *call, k_decl *f);
void k_sema_check_defaults(k_sema_state *s, k_decl *f);   /* default arguments of f */
void k_sema_default_args(k_sema_state *s, k_expr *call, k_decl *f);  /* appends them */
int k_sema_overloads(k_sema_state *s, const k_decl *f, k_decl **out, int max);

/* lambda.c */
k_type *k_sema_lambda(k_sema_state *s, k_expr *e);      /* E_LAMBDA: its closure type */
int k_sema_capture(k_sema_state *s, k_expr *e, k_decl *d); /* an outer local read in a lambda */
int k_sema_constant_address(k_sema_state *s, k_expr *e); /* `&N`, N a constant read in a lambda */
int k_sema_call_closure(k_sema_state *s, k_expr *e, k_decl *var); /* f(x) of a lambda f */
k_type *k_sema_call_closure_expr(k_sema_state *s, k_expr *e);   /* `[]{...}()`, `g(2)(3)` */
k_decl *k_sema_method(const k_sema_state *s);   /* the member function (a lambda's too) */
int k_sema_lambda_this_const(const k_sema_state *s);   /* `[*this]`: 1 const, 0 mutable, -1 none */
void k_sema_add_lambdas(k_sema_state *s, k_unit *unit);
k_type *k_ref_to_const(k_ctx *ctx, k_type *t);
void k_sema_lambda_body(k_sema_state *s, k_decl *f);  /* sema.c */

/* A lambda's captures (E_LAMBDA sema_ext) and the object's layout. */
typedef struct k_capture {
    k_decl *var;              /* the captured variable */
    k_decl *copy;             /* what the lambda's E_IDENTs name instead (no storage) */
    k_expr *src;              /* an E_IDENT of var (or an init-capture's expression),
                                 to build the object */
    int byref;
    unsigned char init;       /* an init-capture (`[n = e]`): var is declared for the body */
    unsigned char star_this;  /* `[*this]`: a copy of the object; `this` is its address */
    uint32_t off;
} k_capture;

typedef struct k_lambda_info {
    k_capture *caps;
    int n, cap;
    int dflt;                 /* '&', '=' or 0 */
    k_decl *fn;               /* its function; the last parameter points at the object */
    int failed;               /* its body had errors: calls say nothing more */
    int is_mutable;           /* `mutable`: its copies are not const */
    k_type *closure;          /* its object's type */
    k_expr *parent;           /* the lambda it is written in, or NULL */
    k_scope *parent_outer;    /* the scope the parent lambda was written in */
    k_scope *written;         /* the scope this lambda is written in */
    k_decl *method;           /* the member function around it (its `this`), or NULL */
    /* A generic lambda (`auto` parameters): its call operator is a template,
     * its body checked once per list of argument types, where it was written
     * (lang/lambda.c) */
    int generic;
    k_scope *scope;           /* the scope it was written in */
    k_decl *outer_fn;         /* the function it was written in, and its kind */
    unsigned outer_kind;
    const char *outer_ns;
    struct k_lambda_inst *insts;
    int ninsts, insts_cap;
} k_lambda_info;

/* overload.c: the function of cand[n] a call means (NULL after an error) */
k_decl *k_sema_pick_overload(k_sema_state *s, k_expr *e, k_decl **cand, int n);

/* builtins.c: checks a call of built-in id and fills e->type and argtypes */
void k_sema_builtin_call(k_sema_state *s, k_expr *e, int id);

/* sema.c: declares a built-in constant of the library (std::endl...) */
void k_sema_add_const(k_sema_state *s, const char *name, k_type_kind kind, const char *alias,
                      uint64_t v);

/* iostream.c: std::cout and the manipulators, and `stream << value` */
void k_iostream_builtins(k_sema_state *s);
int k_iostream_is_stream(const k_type *t);
int k_iostream_is_sstream(const k_type *t);
k_type *k_iostream_sstream_insert(k_sema_state *s, k_expr *e, k_type *value_type);
k_type *k_iostream_insert(k_sema_state *s, k_expr *e, k_type *value_type);

/* random.c: <random>'s engines and distributions (see there) */
const char *k_random_typedef(k_ctx *ctx, int i, k_type **t);
int k_random_is_type(const k_type *t);
void k_random_resolve_type(k_sema_state *s, k_type *t, k_loc loc);
void k_random_init(k_sema_state *s, k_decl *d, int file_scope);
k_type *k_random_temporary(k_sema_state *s, k_expr *e, int empty);
k_type *k_random_call(k_sema_state *s, k_expr *e, k_decl *f);
k_type *k_random_member_call(k_sema_state *s, k_expr *e);

/* ---- programs of several files (lang/units.c) ---- */
/* Whether code of the unit being checked sees d (not another file's static). */
static inline int k_unit_sees(const k_sema_state *s, const k_decl *d)
{
    return !d->unit_private || d->unit_private == s->cur_unit;
}
void k_unit_mark(k_sema_state *s, k_decl *d);        /* a file's static: unit_private */
void k_unit_enter(k_sema_state *s, const k_decl *f); /* checking f: its file's unit */
/* old, the declaration found for d, or NULL when d is its file's own and
 * old another's (external) */
k_decl *k_unit_same(k_decl *old, const k_decl *d);
/* A second definition in another file: "multiple definition" reported (1). */
int k_unit_multiple_def(k_sema_state *s, const k_decl *first, const k_decl *d);
int k_unit_same_text(const k_ctx *ctx, const k_decl *a, const k_decl *b);
int k_unit_one_definition(const k_ctx *ctx, const k_decl *first, const k_decl *d);
/* The linker's checks once every file is checked: undefined references. */
void k_units_link(k_sema_state *s, k_unit *unit);

/* lang/sema_builtins.c: the built-in a call names, and removed CUDA APIs */
int k_sema_builtin_lookup(k_sema_state *s, const char *name);
int k_sema_builtin_beside(k_sema_state *s, k_expr *e, const k_decl *f);
int k_sema_builtin_rival(k_sema_state *s, k_expr *e, int *exact);
int k_sema_old_cuda_form(k_sema_state *s, k_expr *e);
void k_sema_removed_api_help(k_sema_state *s, const k_expr *e, const char *instead);

#endif
