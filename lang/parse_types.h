/* lang/parse_types.h -- the parser's own types: arena lists, declaration
 * specifiers, declarators and the parser's state (k_parser).  Bison's
 * `%code requires` (lang/parser.y) includes this file, so every C file that
 * includes parser.h sees them; they hold nothing Bison makes. */
#ifndef K_PARSE_TYPES_H
#define K_PARSE_TYPES_H

#include "ast.h"
#include "lexer.h"
#include "templates.h"

/* A growable array in the arena (old storage is simply abandoned). */
typedef struct k_list {
    void **items;
    int n, cap;
} k_list;

/* Declaration specifiers, gathered in any order and resolved to a type once
 * the whole list is seen (`long unsigned const int`). */
typedef struct k_specs {
    k_loc loc;
    unsigned storage;             /* enum k_storage */
    unsigned quals;               /* enum k_qual */
    int is_typedef;
    int nvoid, nbool, nchar, nshort, nint, nlong, nsigned, nunsigned, nfloat, ndouble;
    int nbuiltin;                 /* dim3, size_t, ... and typedef names */
    k_type_kind builtin;
    const char *alias;            /* spelling of an alias builtin (size_t...) */
    k_type *typedef_type;         /* the named typedef's type */
    k_type *resolved;             /* first resolution, to report errors once */
    k_record *defined;            /* a struct/union defined in these specifiers */
    k_list enumerators;           /* D_VAR decls of an enum defined in them */
    int enum_members;             /* its enumerators became a class's members (parse_decl.c) */
    k_expr *align_expr;           /* alignas(n) / __align__(n) on a variable, or NULL */
} k_specs;

/* One declarator: `*const *p[3][4]`, `f(int a, ...)` or `g(x, y)`. */
typedef struct k_declarator {
    k_loc loc;
    const char *name;             /* NULL in an abstract declarator */
    k_list ptr_quals;             /* one entry per '*', left to right (quals as pointers) */
    k_list dims;                  /* length expressions (NULL for []), left to right */
    int is_func;
    k_list params;
    int variadic;
    int is_ctor;
    int is_ref;                   /* C++ `&` after the pointers: a reference (2: `&&`) */
    k_list ctor_args;
    k_expr *init;
    k_expr *bits;                 /* a member's bit-field width */
    unsigned ctor_storage;        /* a constructor's or destructor's specifiers */
    int array_ref;                /* `(&name)[N]`, `(*name)[N]`: the reference or the
                                     pointers (fn_ptrs) apply to the array */
    int fnptr;                    /* `(*name)(params)`: a pointer to a function */
    k_list fn_ptrs;               /* the '*'s inside the parentheses */
    k_list fn_params;             /* the pointed-to function's parameters */
    int fn_variadic;
    unsigned fn_quals;            /* `R (S::*f)(P) const`: the member function's quals */
    k_specs *conv_specs;          /* `operator T*()`: T, the conversion's result type */
    k_type *trailing_ret;         /* `auto f(...) -> T`: T (lang/decltype.c's parser side) */
} k_declarator;

typedef struct k_parser k_parser;

struct k_parser {
    k_ctx *ctx;
    k_lexer lx;
    k_list decls;                 /* the unit's file-scope declarations */
    k_list unit_records;          /* k_record *: file-scope records defined so far, for
                                     a header read again by a later unit (k_parse_record_end) */
    k_list unit_enums;            /* k_type *: file-scope enums, likewise */
    k_type *enum_twin;            /* the enum being read is this one, read again */
    k_list typedef_names;         /* const char * */
    k_list typedef_types;         /* k_type *, same order */
    const char *ns;               /* the namespace being parsed ("a::b"), NULL at global */
    int ns_depth;                 /* namespaces open */
    unsigned anon_ns;             /* bit d: the namespace open at depth d is anonymous */
    k_list uses;                  /* k_decl * D_USING seen so far (lookup of type names) */
    k_list namespaces;            /* const char *: each namespace opened so far, qualified */
    k_token tok;                  /* the last token scanned (for error messages) */
    k_token prev_tok;             /* the one before it (an unknown type name's report) */
    k_loc unsupported_at;         /* a keyword already reported as unsupported */
    long ntokens;                 /* tokens scanned so far */
    long lex_error_token;         /* the last token the scanner reported an error on */
    int depth_reported;
    int stopped;                  /* an unsupported construct was reported and the parse ended */
    int conv_op_reported;         /* a conversion operator was reported: its missing return
                                     type is not reported again */
    /* records and scopes (lang/parse_decl.c) */
    k_list tag_names;             /* struct/union/enum tags, innermost last */
    k_list tag_types;             /* k_type *, same order */
    k_list scope_marks;           /* per open block: ordinary, typedef and tag counts */
    k_list ordinary_names;        /* variables and functions declared by bare name,
                                   * innermost last: they hide a library template of
                                   * that name seen through `using namespace std` */
    k_list own_functions;         /* const char *: functions defined in the global
                                   * namespace (k_parse_is_own_function) */
    const char *fn_declared;      /* the function whose parameter list was read last,
                                   * until ';' or '}' (its body's name: see
                                   * k_parse_scope_open) */
    k_list param_names;           /* the names of the parameters read since the last
                                   * ';' or '}': ordinary in the body that may follow */
    k_list records;               /* records whose body is being parsed */
    k_record *just_defined;       /* the record whose '}' was just reduced */
    k_record *closed_record;      /* the last record whose end was reduced */
    uint32_t closed_record_at;    /* record_closes when it was */
    uint32_t record_closes;       /* record bodies' '}' scanned so far */
    int packed_next, packed_close; /* __attribute__((packed)) for the next record to
                                   begin, for the record whose '}' is to be reduced */
    int class_kw;                 /* the last record keyword was `class` (members private) */
    k_type *cur_enum;             /* the enum whose enumerators are being parsed */
    const char *enum_scope;       /* an enum class's name (its enumerators are E::A), or NULL */
    k_list enumerators;           /* its constants so far (D_VAR), for the next specs */
    int prev_kind, prev2_kind;    /* the two tokens before the one being scanned */
    int prev3_kind;               /* and the one before those */
    unsigned late_space;          /* `T & __host__ __device__ f()`: the execution spaces
                                     written after a declarator's '&' or '*', taken by
                                     the declaration that declarator makes */
    unsigned char brace_record[256]; /* per open '{': 1 if it opened a record body */
    int bracket_prev[16];         /* per open '[': the token before it */
    int bracket_depth;
    int closed_bracket_prev;      /* the token before the '[' of the last ']' (a lambda's
                                     captures follow '=', '(', ','...; an array's bound a name) */
    int brace_depth;
    int after_record;             /* the last token closed a record body */
    k_tpl_scan tpl;               /* template names and argument lists (lang/templates.c) */
    int in_bases;                 /* reading a class's base clause (lang/virtual_parse.c:
                                     `virtual` there is a virtual base, one error) */
    unsigned virt;                /* enum k_virt_flags read for the member being parsed
                                     (`virtual`, `override`, `final`, `= 0`: lang/virtual.c) */
    k_loc noexcept_at;            /* where `noexcept` was last read outside a class (a
                                     function's, lang/eh.c k_eh_noexcept_function) */
    int noexcept_seen;            /* `noexcept` (not `noexcept(false)`) read after the
                                     member function being parsed (lang/virtual_parse.c) */
    int paren_depth;              /* open '(' (lang/parse_lex.c: where a decltype ends) */
    int decltype_parens[16];      /* the depth of each open decltype's '(', innermost last */
    int ndecltype;
    long decltype_closed_at;      /* the token number of the last decltype's ')': a `::m`
                                     right after it names a member type of its type */
    int paren_before[64];         /* per open '(': the token before it */
    int closed_before;            /* for the last ')': the token before its '(' (']' for a
                                     lambda's parameters) */
    int square_before[32];        /* per open '[': the token before it */
    int square_depth;
    int square_closed_before;     /* for the last ']': the token before its '[' (an
                                     identifier or ']' for an array declarator's bound) */
    unsigned char brace_body[256];/* per open '{': 1 if it opened a function's body */
    int in_bodies;                /* how many function bodies are open */
    int closed_body;              /* the last '}' closed a function's body */
    /* GCC's __attribute__((aligned(N))) after a declarator (lang/parse_cxx.c):
     * the alignment of the declarator named decl_name, taken by the
     * declaration that declares it; dropped after the next ';' */
    const char *decl_name;        /* the last identifier outside () and [] */
    const char *aligned_name;
    k_expr *aligned_expr;
    k_expr *aligned_record;       /* `struct S {...} __attribute__((aligned(16)))`: S's */
    int member_mutable;           /* `mutable` began the class member declaration being
                                     read (lang/parse_decl.c marks its fields) */
};

#endif
