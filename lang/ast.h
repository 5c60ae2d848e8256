/* lang/ast.h -- the abstract syntax tree of K, and the compiler context.
 *
 * The parser (lang/parser.y) builds this tree and nothing else; semantic
 * analysis (lang/sema.c) annotates it in place (the fields under "sema:");
 * lowering (lang/lower.c) turns it into a simt_module.  Every node lives in the
 * compiler's arena and is freed with it: no node is freed on its own.
 *
 * Types are built by the parser from specifiers and declarators.  Array
 * lengths are expressions until sema evaluates them (k_type.length).
 */
#ifndef K_AST_H
#define K_AST_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "vm/alloc.h"

typedef struct k_loc {
    uint32_t line, col;
} k_loc;

/* ---------------------------------------------------------------- types */
typedef enum k_type_kind {
    TY_VOID, TY_BOOL,
    TY_CHAR, TY_SCHAR, TY_UCHAR,       /* char is signed, as on x86 and nvcc */
    TY_SHORT, TY_USHORT, TY_INT, TY_UINT,
    TY_LONG, TY_ULONG, TY_LLONG, TY_ULLONG, /* long is 64-bit (LP64) */
    TY_FLOAT, TY_DOUBLE,
    TY_PTR, TY_ARRAY, TY_FUNC,
    TY_REF,                            /* C++ T& (base: T); lang/cxx.c */
    TY_AUTO,                           /* `auto`, replaced by the initializer's type */
    TY_CLOSURE,                        /* a lambda's object (lambda: its E_LAMBDA) */
    TY_DIM3, TY_UINT3, TY_DEVPROP,     /* built-in records (fields: x y z / deviceprop.def) */
    TY_RECORD,                         /* struct/union/class: k_type.rec (lang/records.c) */
    TY_TPARAM,                /* a template's type parameter (name), inside its template */
    TY_TEMPLATE_ID,           /* a class template's id, name<targs> (lang/templates.c) */
    TY_DECLTYPE,              /* `decltype(e)` / `__typeof__(e)` (decl_expr), replaced by e's
                                 type when sema resolves it (lang/decltype.c) */
    TY_MEMBER_TYPE,           /* `typename X::m` whose class X is not known yet (a template
                                 parameter, a template-id): base is X, name the text as
                                 written ("X::m"); sema and instantiation replace it by
                                 the class's member type (lang/member_types.c) */
} k_type_kind;

enum k_qual { Q_CONST = 1, Q_VOLATILE = 2, Q_RESTRICT = 4 };

typedef struct k_expr k_expr;
typedef struct k_stmt k_stmt;
typedef struct k_decl k_decl;
typedef struct k_targ k_targ;

typedef struct k_record k_record;

/* An enum without a fixed underlying type (`enum Neg { NA = -1, NB =
 * 0xFFFFFFFF }`), shared by every copy of its type: C++ widens it when its
 * enumerators do not fit int.  Its values are known only to sema, which
 * settles `kind` at the last enumerator (lang/enums.c); k_sema_resolve_type
 * gives each use of the type that kind.  Enums with a fixed type (`enum E :
 * unsigned char`) and those whose values fit int need no settling: their
 * kind is in the type from the parser on. */
typedef struct k_enum {
    const char *tag;          /* for messages (NULL: an unnamed enum) */
    k_loc loc;
    k_type_kind kind;         /* TY_INT until settled */
    int settled;              /* sema has seen the last enumerator */
    int64_t min;              /* the values seen so far (negative ones) */
    uint64_t max;             /* (and non-negative ones, as unsigned) */
    int any_negative, any;
    struct k_decl **decls;    /* its enumerators (and their E::A aliases) */
    int ndecls, cap;
    struct k_decl *last;      /* the last enumerator written: sema settles the kind there */
} k_enum;

typedef struct k_type {
    k_type_kind kind;
    unsigned quals;           /* enum k_qual */
    struct k_type *base;      /* TY_PTR: pointee; TY_ARRAY: element; TY_FUNC: return type */
    k_expr *len_expr;         /* TY_ARRAY: the written length, NULL for [] */
    int64_t length;           /* TY_ARRAY: set by sema (-1 while unknown or for []) */
    k_expr *lambda;           /* TY_CLOSURE: the E_LAMBDA whose object this is */
    uint32_t closure_size;    /* TY_CLOSURE: the object's bytes (its captures) */
    const char *alias;        /* name written by the user when it was a typedef-like
                                 builtin (size_t, cudaError_t, cudaEvent_t), else NULL */
    const struct k_chrono *chrono; /* a <chrono> duration, time_point or ratio: the
                                 scalar kind is its count (lang/chrono.c), else NULL */
    int cg;                   /* a cooperative group (enum k_cg_kind, lang/cg.h): the kind
                                 is TY_ULLONG, the group's descriptor; 0 for other types */
    int cg_tile;              /* CG_TILE: the tile's size N of thread_block_tile<N> */
    k_record *rec;            /* TY_RECORD: the record, shared by every use of the type */
    struct k_type **params;   /* TY_FUNC of a function pointer: the parameter types */
    int nparams, variadic;
    int pack_param;           /* TY_FUNC: 1 + the index of a parameter pack among params
                                 (`void (*k)(Args...)`), expanded at instantiation; else 0 */
    const char *name;         /* TY_TPARAM, TY_TEMPLATE_ID: the (qualified) name */
    k_targ *targs;            /* TY_TEMPLATE_ID: the template arguments */
    int ntargs;
    k_loc loc;                /* TY_MEMBER_TYPE: where `typename X::m` was written;
                                 TY_TEMPLATE_ID: where a typedef named it (0 otherwise) */
    unsigned char is_nullptr; /* std::nullptr_t: a TY_PTR to void told apart for overloading
                                 (nullptr converts to any pointer, to no arithmetic type) */
    unsigned char rvalue_ref; /* TY_REF: `T &&` (binds rvalues and xvalues, not lvalues) */
    unsigned char early;      /* TY_MEMBER_TYPE: a member type named before its declaration
                                 in its class's body (lang/class_prescan.c) */
    unsigned char invalid;    /* a type whose error is reported (a class template's id
                                 that names no class): int, whose uses say nothing more */
    struct k_type *typedef_node; /* TY_TEMPLATE_ID a typedef names: the typedef's own node,
                                 which each use copies; invalid there once its error is
                                 reported, for all of them */
    unsigned char ctad;       /* TY_TEMPLATE_ID: a class template's name without arguments
                                 before a declarator (`Box b(3);`): deduced (lang/ctad.c) */
    unsigned char decltype_kind; /* TY_DECLTYPE: K_DT_DECLTYPE or K_DT_TYPEOF; TY_AUTO:
                                 K_DT_AUTO for `decltype(auto)` (lang/decltype.c) */
    k_expr *decl_expr;        /* TY_DECLTYPE: the operand as written */
    k_enum *enum_def;         /* an enum without a fixed underlying type (or one of its
                                 enumerators): the kind sema settles (k_enum), else NULL */
    struct k_type *memptr_class; /* a pointer to a data member of this class (`int S::*`,
                                 lang/member_pointers.c): the kind is TY_LONG, the member's
                                 offset (-1 when null, as g++'s), base the member's type */
} k_type;

/* k_type.decltype_kind: C++'s decltype rules, GNU's typeof (the expression's
 * type, no reference), `decltype(auto)` (decltype of the initializer). */
enum { K_DT_DECLTYPE = 1, K_DT_TYPEOF, K_DT_AUTO };

/* One template argument as written: a type or an expression (lang/templates.c). */
struct k_targ {
    k_loc loc;
    k_type *type;             /* a type argument, or NULL */
    k_expr *expr;             /* a non-type argument, or NULL */
    int pack_expand;          /* `Ts...` / `Ns...`: a pack expansion (lang/packs.c) */
    const char *tname;        /* a class template named as an argument of a template
                                 template parameter (`Stack<int, Box>`), or NULL */
};

/* One template parameter: `typename T = int`, `unsigned int blockSize = 256`. */
typedef struct k_tparam {
    k_loc loc;
    const char *name;         /* NULL for an unnamed parameter */
    k_type *type;             /* a non-type parameter's type; NULL for a type parameter */
    k_targ def;               /* the default argument (type or expr NULL when none) */
    int pack;                 /* a parameter pack: `typename... Ts`, `int... Ns` */
    int is_template;          /* a template template parameter (`template <class> class C`):
                                 its argument is a class template's name (def.tname) */
} k_tparam;


/* One member of a record as written.  A bit-field has bit_expr; an anonymous
 * struct or union member has no name (its members are found through it). */
typedef struct k_field {
    const char *name;
    k_loc loc;
    k_type *type;
    k_expr *bit_expr;         /* the width as written, or NULL */
    k_expr *align_expr;       /* alignas(n) / __align__(n) written on the member, or NULL */
    k_expr *init;             /* C++'s default member initializer (`int n = 5;`,
                                 `int n{5};`, `float v[3]{};`), or NULL */
    /* sema (lang/records.c k_record_layout): */
    uint32_t offset;          /* bytes from the record's start (of the bit-field's unit) */
    int bit_offset, bit_width;/* bit_width 0 for an ordinary member */
    int access;               /* K_PUBLIC, K_PROTECTED or K_PRIVATE (C++) */
    int pack;                 /* a base `Ts...` of a class template: one base per
                                 element in an instance (lang/packs.c) */
    int written_base;         /* a base: 1 + its place among the bases as written (each
                                 element of a pack base keeps the pack's), what a
                                 using-declaration names (lang/using_members.c); else 0 */
    int is_mutable;           /* `mutable`: not const in a const object (sema_expr.c) */
} k_field;

/* `using Base::f;` in a class (lang/using_members.c): the member of the written
 * base joins the class's own (its overloads, an access of the class's). */
typedef struct k_using_decl {
    k_loc loc;
    const char *base;         /* the base's name as written ("Base", "Ts", "B" of B<T>) */
    const char *name;         /* the member: "f", "operator()", "x"; the base's own name
                                 for inheriting constructors (`using Base::Base;`) */
    int written_base;         /* the base it names: k_field.written_base */
    int access;               /* the access the declaration stands under */
} k_using_decl;

/* C++ member access: public, protected, private (sema checks the last two). */
enum { K_PUBLIC, K_PROTECTED, K_PRIVATE };

/* A struct, union or class.  The parser makes one per definition (and one per
 * tag that is used before any definition); sema lays it out once. */
struct k_record {
    const char *tag;          /* NULL for an anonymous record */
    const char *ns;           /* the namespace it was declared in ("std"), NULL at global:
                                 where argument-dependent lookup looks (lang/adl.c) */
    k_loc loc;
    int is_union;
    int defined;              /* its body has been parsed */
    k_field *fields;
    int nfields, fields_cap;
    k_expr *align_expr;       /* __align__(n) / alignas(n) on the record, or NULL */
    int pack;                 /* 0, or the most a member is aligned to: 1 with
                                 __attribute__((packed)), N under #pragma pack(N) */
    int vector_n;             /* a CUDA vector type (float4...): its 1..4 members, else 0 */
    k_decl **methods;         /* member functions, constructors, destructor (D_FUNC) */
    k_record *base;           /* the base class (its first, unnamed member), or NULL; with
                                 several, the one at offset 0 (the primary base) */
    int nbases;               /* its direct base classes: the first nbases members, unnamed
                                 (lang/bases.c); a polymorphic one is moved first at layout */
    k_record **bases;         /* sema (layout): the direct bases in declaration order */
    int base_id;              /* the base was written as a template-id (`: Base<T>`): base is
                                 set when the record is laid out (lang/records.c) */
    int nmethods, methods_cap;
    k_record *outer;          /* the class it is nested in, or NULL */
    int cur_access;           /* while parsing: the access of the next member */
    const char **friends;     /* names of friend functions and classes (unqualified) */
    int nfriends, friends_cap;
    struct k_decl **asserts;  /* static_assert declarations in the body, checked when the
                                 record (a class template's instance) is laid out */
    int nasserts;
    const char **mtype_names; /* member types: `typedef T value_type;`, `using P = T *;` */
    struct k_type **mtypes;   /* (lang/member_types.c), same order */
    int nmtypes, mtypes_cap;
    unsigned char early_types;  /* the look-ahead named member types before their declarations
                                   (lang/class_prescan.c): its '}' forgets those never declared */
    k_using_decl *usings;     /* using-declarations of bases' members (lang/using_members.c) */
    int nusings, usings_cap;
    int has_vptr;             /* its first member is the hidden vtable pointer "__vptr" (it
                                 declares virtual functions and has no base) (lang/virtual.c) */
    /* special members declared `= default` / `= delete` (the parser adds no function for
     * them) and the move members' effect on copying (lang/moves.c) */
    unsigned char copy_deleted;   /* `S(const S &) = delete;` */
    unsigned char copy_defaulted; /* `S(const S &) = default;`: copyable despite a move member */
    unsigned char move_deleted;   /* `S(S &&) = delete;` */
    unsigned char implicit_copy_deleted; /* a member's or base's copy is deleted (a
                                     std::unique_ptr member): so are the implicit copy
                                     constructor and assignment (lang/implicit_members.c) */
    unsigned char move_defaulted; /* `S(S &&) = default;` (lang/type_traits_sema.c) */
    unsigned char move_assign_defaulted; /* `S &operator=(S &&) = default;` */
    unsigned char move_declared;  /* a move constructor or move assignment, in any form: the
                                     implicit copy constructor is deleted ([class.copy.ctor] 6) */
    int vclass_id;            /* sema: 1 + its index in ctx->vclasses once an object of it is
                                 constructed (its vtable pointer's value), else 0 */
    /* sema: */
    int layout_state;         /* 0 not yet, 1 in progress, 2 done */
    int64_t size;
    int64_t dsize;            /* its data size: size without the tail padding (a
                                 polymorphic base's tail padding holds the derived
                                 class's first members, as nvcc lays them out) */
    int align;
};

/* ---------------------------------------------------------- expressions */
typedef enum k_expr_kind {
    E_INT,        /* ival; int_unsigned / int_long (0, 1 = l, 2 = ll) from suffixes;
                     int_nondecimal set for hex/octal (C's type rules differ) */
    E_FLOAT,      /* fval; is_single for an f suffix */
    E_CHAR,       /* ival: the character's value (type int, as in C) */
    E_STRING,     /* str, strlen (escapes decoded; adjacent literals concatenated) */
    E_BOOL,       /* true / false: ival 1 / 0 */
    E_IDENT,      /* name */
    E_UNARY,      /* op: one of enum k_unop; lhs */
    E_BINARY,     /* op: one of enum k_binop; lhs, rhs */
    E_ASSIGN,     /* op: KB_NONE for '=', else the binop of a compound assignment; lhs, rhs */
    E_COND,       /* cond ? lhs : rhs */
    E_CALL,       /* name (callee identifier), args */
    E_LAUNCH,     /* name<<<config[0], config[1], config[2], config[3] (or NULL)>>>(args) */
    E_INDEX,      /* lhs[rhs] */
    E_MEMBER,     /* lhs.name (built-in records only) */
    E_CAST,       /* (type_written) lhs; also type_written(lhs) functional casts */
    E_SIZEOF_TYPE,/* sizeof(type_written) */
    E_SIZEOF_EXPR,/* sizeof lhs */
    E_CONSTRUCT,  /* dim3(args) / uint3(args): type_written, args (0..3) */
    E_INIT_LIST,  /* { args } in an initializer */
    E_NEW,        /* new type_written, or new type_written[lhs]; sema turns it into
                     (T *)malloc(...) (lang/cxx.c) */
    E_DELETE,     /* delete lhs / delete[] lhs (op 1); sema turns it into free(lhs) */
    E_LAMBDA,     /* a C++ lambda: lambda (its function), args (explicit captures: E_IDENT,
                     op 1 by reference, lhs an init-capture's initializer; the default:
                     E_INT '&' or '='), op 'm' when mutable; lang/lambda.c */
    E_MCALL,      /* lhs.name(args): a member function call (p->f() has lhs (*p));
                     on library types (d.count()) lang/chrono.c gives the meaning */
    E_ALIGNOF,    /* alignof(type_written) */
    E_OFFSETOF,   /* offsetof(type_written, name): name is the member path "a.b" */
    E_TYPE_TRAIT, /* name(type_written): a compiler trait of <type_traits>, a bool constant
                     (__is_copy_constructible, __is_nothrow_move_constructible) */
    E_DESIGNATOR, /* `.name = lhs` in a brace initializer */
    E_COMPOUND,   /* (type_written){...}: a compound literal, lhs the E_INIT_LIST */
    E_VA_ARG,     /* va_arg(lhs, type_written) (lang/stdarg.c) */
    E_NEW_INIT,   /* sema's `new T(args)` / `new (p) T(args)`: lhs the storage (a T *),
                     decl T's constructor called on it with args (types in sema_ext),
                     or no decl and one arg stored there (`new int(5)`) (lang/virtual.c) */
    E_DESTROY,    /* sema: the object at lhs (a pointer; none if null) destroyed by its
                     destructor decl (a virtual call when virtual_call); the value is lhs:
                     `delete p` is free(E_DESTROY(p)) (lang/new_object.c) */
    E_DYNCAST,    /* sema: dynamic_cast<D *>(lhs): lhs when the object it points to is a D
                     (or derives from D), else null; type_written D * (lang/virtual.c) */
    E_NEW_ARRAY,  /* sema's `new T[lhs]` / `new T[lhs]{args}` whose elements are built by
                     constructors or initializers: type_written T, sema_ext the
                     k_new_array plan (lang/new_array.c, lang/lower_new_array.c) */
    E_DELETE_ARRAY,/* sema's `delete[] lhs` of a class with a destructor: decl the
                     destructor, run on each element last first, then the storage
                     (and its count before it) freed */
    E_PACK_EXPAND,/* `pattern...` in arguments and braced lists: lhs the pattern; replaced
                     by its elements at instantiation (lang/packs.c) */
    E_SIZEOF_PACK,/* `sizeof...(name)`: replaced by the pack's length at instantiation */
    E_FOLD,       /* a fold expression over op: lhs the left operand, rhs the right (NULL
                     in a unary fold); ival 1 when `...` is on the left (`(... op e)`),
                     0 when on the right (`(e op ...)`, `(e op ... op init)`), 2 when
                     instantiation decides; K_FOLD_ASSIGN added when op is of an
                     assignment (`(xs = ...)`, `(a -= ... -= xs)`) */
    E_PTRMEM,     /* `lhs .* rhs` (op 0) or `lhs ->* rhs` (op 1): sema rewrites it into
                     the member it selects (lang/member_pointers.c) */
    E_VPTR,       /* sema: the vtable pointer of class type_written->rec for an object
                     constructed where the code runs (host or device) (lang/virtual.c);
                     ival: its number when not the class's own (a secondary vtable) */
} k_expr_kind;

/* The name of every conversion operator (`operator T()`) of a class: its result
 * type tells them apart (lang/parse_cxx.c, lang/convert.c). */
#define K_CONV_OP_NAME "operator conversion"

/* Deepest expression tree the parser builds; deeper input is an error. */
#define K_MAX_EXPR_DEPTH 2000
#define K_FOLD_ASSIGN 4   /* E_FOLD's ival: the operator is an assignment's */
#define K_FOLD_PTRMEM 8   /* E_FOLD's ival: the operator is `.*` (op 0) or `->*` (op 1) */
/* The largest source k_compile() accepts (16 MiB): a bigger one is not a
 * hand-written K program, and would only make the passes slow. */
#define K_MAX_SOURCE_BYTES (16u << 20)

enum k_unop {
    KU_NEG, KU_PLUS, KU_NOT, KU_BITNOT, KU_DEREF, KU_ADDR,
    KU_PREINC, KU_PREDEC, KU_POSTINC, KU_POSTDEC,
    KU_ARROW,   /* a class's operator-> that sema calls for `obj->m` (never parsed) */
};

enum k_binop {
    KB_NONE,
    KB_ADD, KB_SUB, KB_MUL, KB_DIV, KB_MOD, KB_SHL, KB_SHR,
    KB_LT, KB_GT, KB_LE, KB_GE, KB_EQ, KB_NE,
    KB_BITAND, KB_BITXOR, KB_BITOR, KB_LOGAND, KB_LOGOR, KB_COMMA,
};

struct k_expr {
    k_expr_kind kind;
    k_loc loc;
    int op;
    k_expr *lhs, *rhs, *cond;
    k_expr **args;
    int nargs;
    k_expr *config[4];        /* E_LAUNCH: grid, block, shared bytes, stream (NULL if absent) */
    const char *name;
    const char *written;      /* E_IDENT or E_CALL naming a template found in a namespace
                                 (`f` read as ns::f): the name as written, which a local
                                 or member may hide */
    uint64_t ival;
    double fval;
    char *str;
    size_t strlen;
    k_type *type_written;
    k_targ *targs;            /* E_IDENT, E_CALL, E_LAUNCH: explicit template arguments */
    int ntargs;
    int has_targs;            /* `f<...>` was written (`f<>()` has ntargs 0) */
    const char *tpl_class;    /* `C<args>::m`: the class template C (name is "C::m" and
                                 targs are C's), else NULL */
    struct k_record *param_class; /* `P::f(args)` in a template with P bound to this class
                                 (lang/clone.c): where f is looked for when the name is not
                                 declared (an instance's static members) */
    unsigned char int_unsigned, int_long, int_nondecimal, is_single;
    unsigned char is_nullptr; /* E_INT: the `nullptr` keyword (typed std::nullptr_t) */
    unsigned char parenthesized; /* written in parentheses: `decltype((x))` is a reference */
    unsigned char arrow;      /* E_UNARY KU_DEREF of `p->m` (`(*p).m`): on a class object,
                                 its operator-> gives the pointer (lang/sema_expr.c) */
    uint32_t depth;           /* height of this subtree (1 for a leaf); the parser keeps it
                                 <= K_MAX_EXPR_DEPTH so recursive passes cannot overflow */
    k_decl *lambda;           /* E_LAMBDA: the function it defines (params, body; its
                                 return type TY_AUTO unless written) */

    /* sema: */
    k_type *type;             /* the expression's type (after array/function decay: no) */
    k_decl *decl;             /* E_IDENT, E_CALL, E_LAUNCH: what the name refers to */
    int builtin;              /* E_CALL of a builtin or intrinsic: sema's id, else -1 */
    int is_lvalue;
    /* an xvalue (`std::move(x)`, a call returning `T &&`, `static_cast<T &&>(x)`): is_lvalue
     * too, since it names an object lowering takes the address of, but it binds an rvalue
     * reference and not a non-const lvalue one (lang/cxx.c) */
    unsigned char is_xvalue;
    /* E_ASSIGN made of a constructor's member initialiser `m(v)`: it
     * initialises m, so m may be const (lang/classes.c) */
    unsigned char is_member_init;
    /* E_CALL of cudaLaunchKernel(func, grid, block, args, shared, stream):
     * lowered to __simt_launch_kernel with the dim3s in memory (lower_call.c) */
    unsigned char is_launch_kernel;
    int is_const;             /* folded to a compile-time constant: const_val */
    uint64_t const_val;
    /* why the value (or an operand's, evaluated) is not a C++ constant
     * expression though the VM computes one (signed overflow, 1 << 32...:
     * lang/intops.h), at not_constant_at; a constant context reports it */
    const char *not_constant;
    k_loc not_constant_at;
    void *sema_ext;           /* free for sema/lowering */
    int capture;              /* E_IDENT inside a lambda: 1 + the index of the capture it
                                 reads (lang/lambda.c), else 0 */
    int direct_list;          /* E_INIT_LIST of `T x{...}` (not `T x = {...}`) */
    int group_shfl;           /* E_CALL of a __shfl_*_sync that a group's shfl* stands
                                 for (lang/cg.c): its value may be a record */
    k_expr *placement;        /* E_NEW: `new (placement) T...`, else NULL */
    unsigned char virtual_call; /* E_CALL of a virtual member function through an object
                                 whose class is known only at run time: lowering picks the
                                 final overrider by the vtable pointer (lang/virtual.c) */
};

/* E_NEW_ARRAY's plan: the first nitems elements built from items (a
 * constructor with its arguments, or for a scalar or a class without
 * constructors one value), the others by dflt (NULL: left as they are);
 * zero: the whole array zeroed first (value-initialization, `()` or
 * `{...}`); cookie: the element count is kept in 8 bytes before the
 * elements, as g++ and nvcc do for a class with a destructor, for
 * `delete[]` to read. */
typedef struct k_new_item {
    k_decl *ctor;             /* NULL: value stored */
    k_expr **args;
    k_type **types;           /* the constructor's parameter types */
    int nargs;
} k_new_item;

typedef struct k_new_array {
    k_new_item *items;
    int nitems;
    k_decl *dflt;
    int zero, cookie;
    k_expr *placed;           /* `new (p) T[n]`: (T *)p, the storage (no count kept) */
} k_new_array;

/* ----------------------------------------------------------- statements */
typedef enum k_stmt_kind {
    S_EMPTY, S_EXPR, S_DECL, S_BLOCK, S_IF, S_WHILE, S_DO, S_FOR, S_SWITCH,
    S_CASE, S_DEFAULT, S_BREAK, S_CONTINUE, S_RETURN,
    S_GOTO,                   /* goto label; */
    S_LABEL,                  /* label: body */
    S_NOCODE,     /* decls[0]: a D_USING or D_STATIC_ASSERT, a declaration without code */
} k_stmt_kind;

struct k_stmt {
    k_stmt_kind kind;
    k_loc loc;
    k_expr *expr;             /* S_EXPR, S_RETURN (may be NULL), S_IF/S_WHILE/S_DO/S_SWITCH
                                 condition, S_FOR condition (may be NULL), S_CASE value */
    k_expr *step;             /* S_FOR increment (may be NULL) */
    k_stmt *init;             /* S_FOR init: an S_DECL or S_EXPR or NULL */
    k_expr *range;            /* S_FOR `for (T x : range)`: init declares x (no initializer);
                                 sema rewrites it into a counted loop (lang/cxx.c) */
    k_stmt *body;             /* loops, S_SWITCH, S_IF then-branch, S_CASE/S_DEFAULT labelled stmt */
    k_stmt *else_body;        /* S_IF */
    k_stmt **stmts;           /* S_BLOCK */
    int nstmts;
    k_decl **decls;           /* S_DECL: one per declarator */
    int ndecls;
    const char *label;        /* S_GOTO, S_LABEL: the label's name */
    unsigned char is_constexpr; /* S_IF: `if constexpr`: sema keeps the branch its constant
                                 condition picks and drops the other unchecked */
    void *sema_ext;
};

/* --------------------------------------------------------- declarations */
enum k_storage {
    ST_STATIC = 1, ST_EXTERN = 2, ST_INLINE = 4,
    ST_GLOBAL = 8,            /* __global__ */
    ST_DEVICE = 16,           /* __device__ */
    ST_HOST = 32,             /* __host__ */
    ST_SHARED = 64,           /* __shared__ */
    ST_CONSTANT = 128,        /* __constant__ */
    ST_FORCEINLINE = 256,     /* __forceinline__, __noinline__ */
    ST_FRIEND = 512,          /* `friend` (the parser's only: lang/parser.y add_method) */
};

typedef enum k_decl_kind {
    D_VAR, D_FUNC, D_PARAM,
    D_USING,                  /* using_kind, name, target (lang/namespaces.c) */
    D_STATIC_ASSERT,          /* init: the condition; target: the message or NULL */
    D_RECORD,                 /* the definition of a record: type (TY_RECORD); no storage */
} k_decl_kind;

/* What a D_USING says (C++ namespaces, lang/namespaces.c). */
typedef enum k_using_kind {
    U_DIRECTIVE,              /* `using namespace N;`: target "N" */
    U_DECLARATION,            /* `using N::x;`: name "x", target "N::x" */
    U_ALIAS,                  /* `namespace cg = cooperative_groups;`: name "cg", target */
} k_using_kind;

struct k_decl {
    k_decl_kind kind;
    k_loc loc;
    const char *name;
    k_type *type;             /* D_FUNC: TY_FUNC whose base is the return type */
    k_type *alias_type;       /* an alias template `template <class T> using A = X;` (a
                                 D_RECORD whose record is empty): X (lang/member_types.c) */
    unsigned storage;         /* enum k_storage */
    k_expr *init;             /* initializer (E_INIT_LIST for braces), or NULL */
    k_expr *align_expr;       /* D_VAR: alignas(n) written on it, or NULL */
    int align;                /* sema: its value (0: the type's alignment) */
    k_expr **ctor_args;       /* `dim3 g(x, y);` constructor arguments */
    int nctor;                /* -1 when there are no parentheses */
    k_decl **params;          /* D_FUNC */
    int nparams;
    int variadic;             /* D_FUNC declared with ... */
    unsigned char pack;       /* D_PARAM: a function parameter pack (`Ts... xs`) */
    const char *deleted_use;  /* D_FUNC, a member of a class template's instance: the error
                                 of a deleted copy in its body, reported where it is called
                                 (C++ instantiates members on use; lang/moves.c) */
    unsigned char fwd_ref;    /* D_PARAM: a forwarding reference pack (`A&&... a`): its type
                                 is A, deduced as `T &` from an lvalue (lang/packs.c) */
    k_stmt *body;             /* D_FUNC definition, NULL for a prototype */
    int is_template;          /* declared under `template <...>` (tparams) */
    int member_template;      /* a function template declared in a class (templates_member.c) */
    int static_member;        /* D_VAR: a static data member's declaration in its class */
    int odr_used;             /* ... named by an expression (static_members.c) */
    unsigned char is_enumerator; /* D_VAR: an enum's (its value must be a constant) */
    unsigned char checked_early; /* D_VAR: a static member or enumerator a member function
                                 declared before it used: checked then (lang/sema.c) */
    k_loc unit_use;           /* D_VAR declared extern: its first use (lang/units.c) */
    int unit_private;         /* D_FUNC/D_VAR of a program of several files: `static` or in
                                 an anonymous namespace in file number unit_private's own
                                 text, seen from that file only (lang/units.c); 0: external */
    unsigned char anon_ns;    /* declared in an anonymous namespace */
    unsigned char init_failed;/* D_VAR: its initializer had an error (its uses give none) */
    k_decl *var_def;          /* D_VAR declared extern (or a static data member declared in
                                 its class): the definition that came later, the same object */
    k_tparam *outer_tparams;  /* ... of a class template: the class's parameters (its own are */
    int nouter_tparams;       /* tparams); each instance of the class copies it */
    int nouter_class_params;  /* a member class template: how many of tparams are its
                                 enclosing class template's (lang/templates_member_class.c) */
    int member_class;         /* a member class template's declaration (the same file) */
    unsigned char fwd_record; /* D_RECORD: a class template declared, not defined, here */
    k_tparam *tparams;
    int ntparams;
    int explicit_inst;        /* `template void f<int>(int *);`: instantiate (spec_args) */
    k_targ *spec_args;        /* `template <> f<int>(...)`: the specialization's arguments */
    int nspec_args;
    const char *ns;           /* the namespace whose names it sees unqualified ("a::b"),
                                 NULL at global scope; name is already qualified */
    int using_kind;           /* D_USING: enum k_using_kind */
    const char *target;       /* D_USING: the namespace or qualified name it names */
    unsigned char using_template; /* D_USING: `using std::vector;`: a template the scanner knew */

    /* sema: */
    int is_global_scope;
    int address_taken;        /* &x appears, or it is an array/record: lives in memory */
    k_decl *definition;       /* a prototype's definition, if any */
    int builtin;              /* a runtime builtin this name binds to, or -1 */
    void *sema_ext;           /* free for sema/lowering (register, frame offset...) */

    /* C++ classes (lang/parse_decl.c, lang/classes.c): */
    k_record *method_of;      /* D_FUNC: the record it is a member function of */
    int access;               /* a member function's K_PUBLIC, K_PROTECTED or K_PRIVATE */
    int method_kind;          /* enum k_method_kind */
    k_expr **mem_inits;       /* a constructor's `m(args)` list (E_CALL named m) */
    int implicit_copy;        /* C++'s implicit copy constructor, made by the parser
                                 (parse_build.c kp_implicit_copy_ctor) */
    unsigned char implicit_default; /* C++'s implicit default constructor of a class without
                                 constructors whose members have one (lang/implicit_members.c):
                                 the class stays an aggregate */
    unsigned char vla;        /* a variable-length array, now a pointer (lang/vla.c) */
    unsigned char implicit_dtor; /* C++'s implicit destructor (the same file) */
    unsigned char implicit_move; /* C++'s implicit move constructor, beside the parser's
                                 implicit copy one (lang/implicit_members.c) */
    struct k_decl *binding_of;/* D_VAR of `auto [a, b] = e;`: the hidden variable holding e,
                                 whose element binding_index this names (lang/cxx.c) */
    int binding_index;
    unsigned char value_init; /* D_VAR: `S s{};` / `S s = S();` of such a class: zeroed, then
                                 constructed */
    int nmem_inits;
    k_decl *ctor;             /* sema: D_VAR of a class: the constructor that initializes it */
    k_expr **ctor_argv;       /* ... its arguments after `this`, and their types */
    k_type **ctor_types;
    int ctor_argc;
    k_decl *dtor;             /* sema: a local of a class with a destructor: it, run at scope exit */
    struct k_decl **elem_inits; /* sema: `C a[3] = {x, {1, 2}};`: how each listed element is
                                 built (a hidden D_VAR each, lang/class_arrays.c); ctor the rest */
    int nelem_inits;
    unsigned char virt;       /* a member function's enum k_virt_flags as written */
    unsigned char is_noexcept; /* a member function written `noexcept` (or noexcept(true)) */
    unsigned char is_guide;   /* D_FUNC: a deduction guide `Box(T *) -> Box<T>;` (lang/ctad.c):
                                 name is the class template's, type->base the guide's result */

    /* <stdarg.h> (lang/stdarg.c): a variadic function with a body is made
     * once per list of argument types after its fixed parameters */
    int va_instance;          /* an instance of a variadic function, or of a function
                                 a va_list is passed to (va_receiver) */
    int va_receiver;          /* not variadic, but takes a va_list: made per caller's list */
    int va_count;             /* an instance: its last va_count params stand for the `...` */
    k_decl *va_insts;         /* the variadic function: its instances, through va_next */
    k_decl *va_next;

    /* C++ instantiates a class template's member function where it is used
     * (lang/templates_lazy.c): one whose body did not check keeps its
     * diagnostics here, given at its first use, and is not lowered */
    struct k_diag *deferred;
    int ndeferred;
    int deferred_at;              /* 1 + where in the diagnostics they were given */
    unsigned char body_failed;    /* an instance whose body had errors (sema.c) */
};

enum k_method_kind { M_NONE, M_METHOD, M_CONST_METHOD, M_STATIC, M_CTOR, M_DTOR };

/* What a member function's declaration says about virtual dispatch
 * (lang/virtual.c); the parser records them, sema checks them. */
enum k_virt_flags { VF_VIRTUAL = 1, VF_PURE = 2, VF_OVERRIDE = 4, VF_FINAL = 8 };

typedef struct k_unit {
    k_decl **decls;           /* file-scope declarations in source order */
    int ndecls;
} k_unit;

/* -------------------------------------------------------- diagnostics */
typedef enum k_severity { K_ERROR, K_WARNING, K_NOTE } k_severity;

typedef struct k_diag {
    k_severity severity;
    k_loc loc;
    char *message;
    char *help;               /* a `help:` line with the fix (k_help), or NULL */
    uint32_t width;           /* characters the construct spans (0: the token at loc) */
} k_diag;

/* -------------------------------------------------- compiler context */
/* A `#pragma unroll [N]` line (lang/preprocess.c); count 0: no N.  It
 * applies to a loop that starts on line target, the next line with code. */
typedef struct k_unroll_pragma {
    struct k_unroll_pragma *next;
    uint32_t line, target;
    uint32_t count;
} k_unroll_pragma;

/* A `#pragma pack` line (lang/preprocess.c): from `line` on, the structs
 * defined are packed to `value` (0: not packed). */
typedef struct k_pack_pragma {
    struct k_pack_pragma *next;
    uint32_t line;
    int value;
} k_pack_pragma;

/* A file of the compilation (lang/include.c): files[0] is the compiled
 * source, the others what #include read, in the order first read.
 * Positions (k_loc) count lines of the preprocessed text, which holds every
 * included file in place of its #include; the line map (segs) says which
 * file and line each of them came from. */
typedef struct k_file {
    const char *name;         /* as diagnostics name it */
    const char *path;         /* as opened (NULL: built in); relative #includes start here */
    const char *key;          /* what makes two paths the same file (realpath) */
    const char *text;         /* the file's text (for quoting lines) */
    size_t len;
    unsigned char builtin;    /* one of the headers of lang/headers.c */
    unsigned char once;       /* it said #pragma once */
    unsigned char unit;       /* a translation unit's own file: its number, 1... (0: an
                                 #include'd file, or a program of one file; lang/units.c) */
    unsigned open;            /* how many times it is being read (nested) */
} k_file;

/* Lines [global, next segment's global) of the preprocessed text are lines
 * fline... of files[file], read through the #include at line at_line,
 * column at_col of segs[up]'s file (up -1: files[0], read by no #include). */
/* One more file of a program of several translation units. */
typedef struct k_source {
    const char *name, *text;
    size_t len;
} k_source;

typedef struct k_lineseg {
    uint32_t global, file, fline;
    int32_t up;
    uint32_t at_line, at_col;
} k_lineseg;

typedef struct k_arena_block k_arena_block;
typedef struct k_tracked k_tracked;

/* Memory of a compile (lang/diag.c).  The arena, the diagnostics and every
 * block of the module come from al, the embedder's allocator.  Under
 * k_compile, running out of memory anywhere in the front end longjmps back
 * to it (oom_jmp), so no pass needs a recovery path: arena nodes go with the
 * context, the passes' own work arrays come from tal, which tracks them so
 * that k_ctx_free releases what a jump left behind, and the module being
 * built (building) is freed by k_compile.  Outside k_compile (unit tests
 * call the passes directly) the allocators return NULL instead. */
typedef struct k_ctx {
    simt_allocator al;        /* the embedder's (zeroed by k_ctx_init: libc) */
    simt_allocator tal;       /* transient work arrays: tracked, jump on failure */
    simt_allocator mal;       /* the module's arrays while lowering: jump on failure */
    k_tracked *tracked;       /* live blocks of tal */
    jmp_buf *oom_jmp;         /* k_compile's recovery point, or NULL */
    struct simt_module *building; /* the module k_lower is filling, or NULL */
    const char *filename;
    const char *source;       /* the original text (for quoting lines in diagnostics) */
    size_t source_len;
    const struct k_source *units; /* the program's other files, compiled after this one as
                                 translation units of their own (lang/units.c; the caller's) */
    int nunits;
    int native_ok;            /* --native-lib given: a function no file defines may be a
                                 native library's (no "undefined reference") */
    const char *const *include_dirs; /* -I: searched for #include "file" (NULL-terminated,
                                        may be NULL; the caller's) */
    k_file *files;            /* see k_file (tal; none until preprocessing) */
    int nfiles;
    size_t files_cap;
    k_lineseg *segs;          /* the line map, by global line (tal) */
    int nsegs;
    size_t segs_cap;
    k_arena_block *arena;
    k_diag *diags;
    int ndiags, diag_cap;
    int nerrors;
    int help_ok;              /* the last k_error/k_warning/k_note was recorded (k_help) */
    int max_errors;           /* stop adding errors after this many (default 20) */
    int oom;                  /* an allocation failed: the compile's result is void */
    int cuda_arch;            /* __CUDA_ARCH__ of device code (0: 900, the h100's) */
    int device_pass;          /* preprocessing for the device: __CUDA_ARCH__ defined */
    int uses_atexit;          /* sema saw a call of atexit (lang/lower_exit.c keeps the list) */
    int ntries;               /* try statements parsed (lang/eh.c): their labels' numbers;
                                 lowering checks for an exception after calls when > 0 */
    int arch_seen;            /* the preprocessor was asked about __CUDA_ARCH__ */
    k_unroll_pragma *unrolls; /* #pragma unroll lines while preprocessing, last first */
    k_pack_pragma *packs;     /* #pragma pack changes while preprocessing, last first */
    k_unroll_pragma *unroll_at; /* then by target line (arena) */
    int nunroll_at;
    k_record **vector_recs;   /* CUDA's vector types (float4...), made on first use */
    k_record **vclasses;      /* the polymorphic classes whose constructors set a vtable
                                 pointer, by vclass_id - 1 (sema, lang/virtual.c); an entry
                                 with a vclass_offs > 0 is a class's secondary vtable, for
                                 its base subobject at that offset (lang/bases_virtual.c) */
    uint32_t *vclass_offs;    /* same index: the subobject's offset (0: the class's own) */
    int nvclasses, vclasses_cap;
    int no_opt;               /* -O0: lowering skips if-conversion (ifconv.c) and the
                                 bytecode clean-up (opt.c, opt_licm.c), so that the
                                 differential runner can compare both (tests/gen/diff.py) */
} k_ctx;

void k_ctx_init(k_ctx *ctx, const char *filename, const char *source, size_t len);
void k_ctx_free(k_ctx *ctx);
void *k_alloc(k_ctx *ctx, size_t size);          /* zeroed; lives as long as ctx */
char *k_strndup(k_ctx *ctx, const char *s, size_t n);

/* Records a diagnostic (printf-style message, no trailing newline). */
void k_error(k_ctx *ctx, k_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void k_warning(k_ctx *ctx, k_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void k_note(k_ctx *ctx, k_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Records d again (a diagnostic held back, lang/templates_lazy.c). */
void k_diag_replay(k_ctx *ctx, const struct k_diag *d);
/* fn is used: its held-back diagnostics, once, and a note naming at;
 * whether it has any (then the use fails). */
int k_deferred_use(k_ctx *ctx, k_decl *fn, k_loc at);

/* Adds a `help:` line (the fix, when there is an obvious one) to the
 * diagnostic recorded last; nothing if that one was not recorded. */
void k_help(k_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Prints every diagnostic as `file:line:col: error: message`, the source line
 * and a caret under the column; one inside an included file is followed by
 * a note for each #include that led to it.  k_print_diags_styled chooses
 * colour and JSON (vm/render.h); k_print_diags prints plain text. */
struct simt_rstyle;
void k_print_diags(const k_ctx *ctx, FILE *out);
void k_print_diags_styled(const k_ctx *ctx, FILE *out, const struct simt_rstyle *style);
/* Where loc is as k_print_diags names it: the file (returned; lives as long
 * as ctx), the line in it and the column in characters. */
const char *k_diag_place(const k_ctx *ctx, k_loc loc, uint32_t *line, uint32_t *col);

/* ---- files and the line map (lang/include.c) ---- */
/* Where global line `line` came from: *file (files[0] if the map is empty)
 * and the line in it. */
const k_file *k_resolve_line(const k_ctx *ctx, uint32_t line, uint32_t *fline);
/* The index in segs of the segment of global line `line`, or -1. */
int k_line_segment(const k_ctx *ctx, uint32_t line);
/* The line of files[0] that global line `line` belongs to: its own, or
 * that of the #include through which it was read, whose column then goes
 * to *col if col is not NULL (for the module's source positions, which
 * name the compiled file only). */
uint32_t k_main_line(const k_ctx *ctx, uint32_t line, uint32_t *col);

/* ---- programs of several files (lang/units.c) ---- */
/* The translation unit (1...) global line `line` belongs to; 0 for a
 * program of one file. */
int k_unit_of_line(const k_ctx *ctx, uint32_t line);
/* Whether the code at a and b is one text read twice, in two translation
 * units: the same file, line and column (a header without a guard that
 * several files include defines its structs and enums in each). */
int k_unit_same_place(const k_ctx *ctx, k_loc a, k_loc b);
/* Whether line `line` is in a translation unit's own file (no header). */
int k_unit_own_line(const k_ctx *ctx, uint32_t line);
/* A call at `use` of d, which no file defines, in a program of several
 * files: "undefined reference" reported (1), unless a native library may
 * define it (a host function under --native-lib). */
int k_unit_undefined(k_ctx *ctx, const k_decl *d, k_loc use);

/* ---- node constructors (lang/ast.c); all zero the node and set kind/loc ---- */
k_type *k_type_new(k_ctx *ctx, k_type_kind kind);
k_type *k_type_ptr(k_ctx *ctx, k_type *base);
k_type *k_type_array(k_ctx *ctx, k_type *elem, k_expr *len);
k_expr *k_expr_new(k_ctx *ctx, k_expr_kind kind, k_loc loc);
k_stmt *k_stmt_new(k_ctx *ctx, k_stmt_kind kind, k_loc loc);
k_decl *k_decl_new(k_ctx *ctx, k_decl_kind kind, k_loc loc, const char *name);
/* Whether lowering builds variable d with constructors (its own, or its elements') */
#define k_decl_constructed(d) ((d)->ctor || (d)->nelem_inits)

/* Prints the tree in a stable S-expression form (for parser tests). */
void k_unit_dump(const k_unit *unit, FILE *out);

/* ---- the front-end passes ---- */
/* Expands the preprocessor subset of SPEC 2.2.  defines: NULL-terminated
 * "NAME=VALUE" strings (-D).  Keeps every line where it was (directives and
 * continuation lines become empty lines) so positions stay exact. Returns a
 * new NUL-terminated text in the arena, or NULL after reporting errors. */
char *k_preprocess(k_ctx *ctx, const char *text, size_t len, const char *const *defines,
                   size_t *out_len);

/* The type names of the host C library headers (FILE, clock_t, time_t...),
 * which the parser knows from the start as if typedef'd (lang/builtins.c).
 * Returns the i-th name and sets *t to a fresh node of its type (with the
 * alias), or returns NULL past the end. */
const char *k_lib_typedef(k_ctx *ctx, int i, struct k_type **t);

/* Preprocesses and parses the source (lang/arch.c): once for the host, and,
 * if the program asks about __CUDA_ARCH__, once more for the device, taking
 * host code from the first and device code from the second, as nvcc's two
 * compilations do.  Returns the unit, or NULL after errors. */
k_unit *k_front(k_ctx *ctx, const char *const *defines);

/* Parses preprocessed text.  Returns the unit (possibly partial) and reports
 * syntax errors to ctx; recovers at ';' and '}' to report several. */
k_unit *k_parse(k_ctx *ctx, const char *text, size_t len);

/* Resolves names, types, constants and conversions; reports errors to ctx. */
void k_sema(k_ctx *ctx, k_unit *unit);

/* Lowers a checked unit to bytecode.  Returns NULL after reporting errors. */
struct simt_module;
struct simt_module *k_lower(k_ctx *ctx, k_unit *unit);

/* The whole front end: preprocess, parse, check, lower (lang/compile.c).
 * Returns the module, or NULL with the diagnostics in ctx.  The module's
 * source_name and source are copies of ctx's. */
struct simt_module *k_compile(k_ctx *ctx, const char *const *defines);

#endif
