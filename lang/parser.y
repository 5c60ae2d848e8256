/* lang/parser.y -- the Bison grammar of K.
 *
 * A pure parser that builds the AST of lang/ast.h and nothing else: no name
 * lookup, no types checked, no constants folded (sema does all that).  The
 * only state it keeps besides the tree is the set of typedef names, which C's
 * grammar needs to tell a declaration from an expression.
 *
 * Syntax errors are reported through yyreport_syntax_error in gcc's words
 * ("expected ';' before '}'"), and the `error` rules at statement and
 * file-scope level let one run report several of them.
 */
%define api.pure full
%define api.prefix {k_yy}
%define parse.error custom
%define parse.lac full
%locations
%expect 0
%param {k_parser *ps}

%code requires {
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
    int is_ref;                   /* C++ `&` after the pointers: a reference */
    k_list ctor_args;
    k_expr *init;
    k_expr *bits;                 /* a member's bit-field width */
    unsigned ctor_storage;        /* a constructor's or destructor's specifiers */
    int fnptr;                    /* `(*name)(params)`: a pointer to a function */
    k_list fn_ptrs;               /* the '*'s inside the parentheses */
    k_list fn_params;             /* the pointed-to function's parameters */
    int fn_variadic;
    k_specs *conv_specs;          /* `operator T*()`: T, the conversion's result type */
} k_declarator;

typedef struct k_parser k_parser;
}

%code provides {
struct k_parser {
    k_ctx *ctx;
    k_lexer lx;
    k_list decls;                 /* the unit's file-scope declarations */
    k_list typedef_names;         /* const char * */
    k_list typedef_types;         /* k_type *, same order */
    const char *ns;               /* the namespace being parsed ("a::b"), NULL at global */
    k_list uses;                  /* k_decl * D_USING seen so far (lookup of type names) */
    k_token tok;                  /* the last token scanned (for error messages) */
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
    k_list records;               /* records whose body is being parsed */
    k_record *just_defined;       /* the record whose '}' was just reduced */
    k_type *cur_enum;             /* the enum whose enumerators are being parsed */
    const char *enum_scope;       /* an enum class's name (its enumerators are E::A), or NULL */
    k_list enumerators;           /* its constants so far (D_VAR), for the next specs */
    int prev_kind, prev2_kind;    /* the two tokens before the one being scanned */
    unsigned char brace_record[256]; /* per open '{': 1 if it opened a record body */
    int brace_depth;
    int after_record;             /* the last token closed a record body */
    k_tpl_scan tpl;               /* template names and argument lists (lang/templates.c) */
};

/* lang/parse_decl.c: records, enums, block scopes of typedef names */
void k_parse_list_add(k_parser *ps, k_list *l, void *item);
k_type *k_parse_record_ref(k_parser *ps, int is_union, const char *tag, k_loc loc);
k_type *k_parse_record_begin(k_parser *ps, int is_union, const char *tag, k_loc loc);
k_type *k_parse_record_end(k_parser *ps, k_type *t);
void k_parse_base(k_parser *ps, k_type *t, k_type *base, k_loc loc);
void k_parse_members(k_parser *ps, k_specs *sp, k_list *dtors,
                     k_type *(*build)(k_parser *, k_specs *, k_declarator *),
                     void (*method)(k_parser *, k_specs *, k_declarator *));
k_type *k_parse_enum_begin(k_parser *ps, const char *tag, k_loc loc, int scoped);
k_type *k_parse_enum_ref(k_parser *ps, const char *tag, k_loc loc);
int k_parse_specs_extra(const k_specs *sp);
const char *k_parse_operator_name(k_parser *ps, const char *op);
const char *k_parse_path(k_parser *ps, const char *a, const char *b);
const char *k_parse_ctor_name(k_parser *ps, k_type *cls, k_loc loc, int dtor);
void k_parse_add_method(k_parser *ps, k_decl *f, unsigned storage, int is_const, k_list *inits,
                        k_stmt *body);
k_record *k_parse_method_class(k_parser *ps, const char *name);
int k_parse_is_ctor_name(const char *name);
void k_parse_define_method(k_parser *ps, k_record *r, k_decl *f, unsigned storage, int is_const,
                           k_list *inits, k_stmt *body);
void k_parse_specs_decls(k_parser *ps, k_stmt *s, k_specs *sp);
void k_parse_enumerator(k_parser *ps, const char *name, k_loc loc, k_expr *value);
k_specs *k_parse_specs_tagged(k_parser *ps, k_specs *sp, k_type *t);
void k_parse_scope_open(k_parser *ps);
void k_parse_scope_close(k_parser *ps);
void k_parse_add_ordinary(k_parser *ps, const char *name);
int k_parse_is_ordinary(const k_parser *ps, const char *name);
void k_parse_add_typedef(k_parser *ps, const char *name, k_type *t);
k_type *k_parse_typedef_lookup(const k_parser *ps, const char *name);
/* lang/parse_cxx.c: namespaces, using, static_assert, lambda words */
const char *k_parse_ns_enter(k_parser *ps, const char *name);   /* returns the outer one */
int k_parse_unsupported_name(k_parser *ps, const char *name, k_loc loc);
k_declarator *k_parse_conv_dtor(k_parser *ps, k_loc loc, k_specs *type, k_list *ptrs);
k_decl *k_parse_using(k_parser *ps, k_loc loc, int kind, const char *name, const char *target);
k_stmt *k_parse_using_stmt(k_parser *ps, k_loc loc, k_decl *u);
void k_parse_using_type(k_parser *ps, k_loc loc, const char *name, k_type *type);
k_stmt *k_parse_static_assert(k_parser *ps, k_loc loc, k_expr *cond, k_expr *msg);
k_stmt *k_parse_try(k_parser *ps, k_loc loc, k_stmt *body, k_list *handlers);
k_stmt *k_parse_catch(k_parser *ps, k_decl *param, k_stmt *body);
k_expr *k_parse_throw(k_parser *ps, k_loc loc, k_expr *e);
void k_parse_lambda_spec(k_parser *ps, k_loc at, const char *word);
int k_parse_type_name_here(const k_parser *ps);
int k_parse_fnptr_open(const k_parser *ps);
void k_parse_token_hook(k_parser *ps, int kind);

/* lang/templates.c: the parser's side of templates */
int k_tpl_filter(k_parser *ps, int kind, K_YYLTYPE *lloc);
int k_tpl_pending(k_parser *ps, K_YYLTYPE *lloc);
int k_tpl_classify(k_parser *ps, const char **name);
k_tparam *k_tpl_type_param(k_parser *ps, k_loc loc, const char *name, k_type *def);
k_tparam *k_tpl_value_param(k_parser *ps, k_loc loc, k_type *type, const char *name,
                            k_expr *def);
k_list *k_tpl_head(k_parser *ps, k_list *params);
const char *k_tpl_dtor_name(k_parser *ps, const char *qname);
const char *k_tpl_written(const char *qname);
void k_tpl_declared(k_parser *ps, const char *name);
const char *k_tpl_class_name(k_parser *ps, const char *tag);
int k_tpl_self_id(k_parser *ps, const char *name);
const char *k_tpl_class_spec(k_parser *ps, k_type *id);
void k_tpl_spec_args(k_parser *ps, k_list *targs);
void k_tpl_head_end(k_parser *ps, k_list *params);
void k_tpl_instantiation(k_parser *ps, k_stmt *decls);
k_targ *k_tpl_targ(k_parser *ps, k_loc loc, k_type *type, k_expr *expr);
k_expr *k_tpl_ident(k_parser *ps, k_loc loc, const char *name, k_list *targs);
k_expr *k_tpl_scoped(k_parser *ps, k_loc loc, k_type *id, const char *member);
k_type *k_tpl_type_id(k_parser *ps, const char *name, k_list *targs);

/* lang/templates_member.c: member templates */
int k_tpl_member_name(k_parser *ps, const char *text, size_t len, const char **name);
int k_tpl_nested_head(k_parser *ps, k_loc loc);
void k_tpl_member_end(k_parser *ps, k_list *params);
}

%union {
    k_expr *expr;
    k_stmt *stmt;
    k_type *type;
    const char *name;
    k_list *list;
    k_specs *specs;
    k_declarator *dtor;
    k_decl *decl;
    unsigned bits;
    int op;
    void *ptr;
}

%code {
#include <stdlib.h>
#include "types.h"
#include <string.h>

#include "cg.h"
#include "namespaces.h"
#include "ptx.h"

/* Absurd nesting ends in "nesting too deep" instead of a deep C stack. */
#define YYMAXDEPTH 10000

static int k_yylex(K_YYSTYPE *lval, K_YYLTYPE *lloc, k_parser *ps);
static void k_yyerror(K_YYLTYPE *loc, k_parser *ps, const char *msg);

#define LOC(l) ((k_loc){ (uint32_t)(l).first_line, (uint32_t)(l).first_column })

static k_list *list_new(k_parser *ps);
static k_list *list_push(k_parser *ps, k_list *l, void *item);
static void list_append(k_parser *ps, k_list *l, void *item);

static k_expr *expr_leaf(k_parser *ps, k_expr_kind kind, k_loc loc);
static k_expr *expr_unary(k_parser *ps, k_expr_kind kind, int op, k_loc loc, k_expr *e);
static k_expr *expr_binary(k_parser *ps, k_expr_kind kind, int op, k_loc loc,
                           k_expr *l, k_expr *r);
static k_expr *expr_cond(k_parser *ps, k_loc loc, k_expr *c, k_expr *l, k_expr *r);
static k_expr *expr_call(k_parser *ps, k_loc loc, k_expr *callee, k_list *args);
static k_expr *expr_launch(k_parser *ps, k_loc loc, k_expr *callee, k_list *config,
                           k_list *args);
static k_expr *expr_with_args(k_parser *ps, k_expr *e, k_list *args);
static k_expr *make_init_list(k_parser *ps, k_loc loc, k_list *items);
static k_expr *expr_construct(k_parser *ps, k_loc loc, k_specs *sp, k_list *args);
static k_expr *concat_strings(k_parser *ps, k_expr *a, k_expr *b);
static k_expr *expr_new(k_parser *ps, k_loc loc, k_specs *sp, k_list *ptrs, k_expr *count,
                        k_list *init);
static k_stmt *cond_decl(k_parser *ps, k_loc loc, k_specs *sp, k_declarator *d, k_expr *init);
static k_expr *make_lambda(k_parser *ps, k_loc loc, k_list *caps, k_list *params, k_type *ret,
                           k_stmt *body);

static k_specs *specs_new(k_parser *ps, k_loc loc);
static k_specs *specs_type(k_parser *ps, k_specs *sp, int token, k_loc loc, k_type *tdef);
static k_type *type_name(k_parser *ps, k_specs *sp, k_declarator *d);
static k_type *member_type(k_parser *ps, k_specs *sp, k_declarator *d);
static k_decl *make_decl(k_parser *ps, k_specs *sp, k_declarator *d);
static k_expr *ident_expr(k_parser *ps, const char *name, k_loc loc);
static void add_method(k_parser *ps, k_specs *sp, k_declarator *d, int is_const,
                       k_list *inits, k_stmt *body);
static int add_method_def(k_parser *ps, k_specs *sp, k_declarator *d, int is_const,
                          k_list *inits, k_stmt *body);
static void method_proto(k_parser *ps, k_specs *sp, k_declarator *d);
static int is_void_param(const k_decl *p);
static k_declarator *fnptr_dtor(k_parser *ps, k_list *ptrs, k_declarator *d, k_list *params,
                                int variadic);
static k_declarator *ctor_dtor(k_parser *ps, k_specs *sp, k_type *cls, k_loc loc, k_list *params,
                               int dtor);

static k_declarator *dtor_new(k_parser *ps, k_loc loc, const char *name);
static k_declarator *dtor_pointer(k_parser *ps, k_list *ptrs, k_declarator *d);
static k_declarator *dtor_func(k_parser *ps, k_declarator *d, k_list *params, int variadic);

static k_decl *make_param(k_parser *ps, k_specs *sp, k_declarator *d, k_loc loc);
static k_stmt *make_decl_stmt(k_parser *ps, k_loc loc, k_specs *sp, k_list *dtors);
static void add_file_decls(k_parser *ps, k_stmt *s);
static void add_function(k_parser *ps, k_specs *sp, k_declarator *d, k_stmt *body);
static k_stmt *make_block(k_parser *ps, k_loc loc, k_list *items);
static k_stmt *stmt_new(k_parser *ps, k_stmt_kind kind, k_loc loc);
}

%token <name> IDENT "identifier"
%token <type> TYPEDEF_NAME "type name"
%token <name> TEMPLATE_NAME "template name" TEMPLATE_TYPE "class template name"
%token <name> SCOPED_NAME "member name"
%token <expr> INT_LIT "integer constant"
%token <expr> FLOAT_LIT "floating constant"
%token <expr> CHAR_LIT "character constant"
%token <expr> STRING_LIT "string literal"

%token KW_IF "if" KW_ELSE "else" KW_FOR "for" KW_WHILE "while" KW_DO "do"
%token KW_SWITCH "switch" KW_CASE "case" KW_DEFAULT "default" KW_BREAK "break"
%token KW_CONTINUE "continue" KW_RETURN "return" KW_GOTO "goto" KW_SIZEOF "sizeof"
%token KW_TYPEDEF "typedef" KW_STRUCT "struct" KW_UNION "union" KW_ENUM "enum"
%token KW_TRUE "true" KW_FALSE "false" KW_NAMESPACE "namespace" KW_USING "using"
%token KW_NEW "new" KW_DELETE "delete" KW_NULLPTR "nullptr" KW_STATIC_CAST "static_cast"
%token KW_REINTERPRET_CAST "reinterpret_cast" KW_CONST_CAST "const_cast"
%token KW_CONSTEXPR "constexpr" KW_AUTO "auto" KW_STATIC_ASSERT "static_assert"
%token KW_TEMPLATE "template" KW_TYPENAME "typename" KW_CLASS "class"
%token TPL_OPEN "<" TPL_CLOSE ">"
%token KW_CLASS_RECORD "class definition" KW_PUBLIC "public"
%token KW_ASM "asm"
%token KW_ALIGNAS "alignas" KW_ALIGNOF "alignof" KW_OFFSETOF "offsetof"
%token FNPTR_OPEN "( of a function pointer" KW_PRIVATE "private" KW_PROTECTED "protected"
%token KW_OPERATOR "operator" KW_VIRTUAL "virtual"
%token KW_TRY "try" KW_CATCH "catch" KW_THROW "throw"
%token KW_CONST "const" KW_VOLATILE "volatile" KW_RESTRICT "__restrict__"
%token KW_STATIC "static" KW_EXTERN "extern" KW_INLINE "inline"
%token KW_GLOBAL "__global__" KW_DEVICE "__device__" KW_HOST "__host__"
%token KW_SHARED "__shared__" KW_CONSTANT "__constant__" KW_FORCEINLINE "__forceinline__"
%token KW_VOID "void" KW_BOOL "bool" KW_CHAR "char" KW_SHORT "short" KW_INT "int"
%token KW_LONG "long" KW_SIGNED "signed" KW_UNSIGNED "unsigned" KW_FLOAT "float"
%token KW_DOUBLE "double" KW_DIM3 "dim3" KW_UINT3 "uint3" KW_SIZE_T "size_t"
%token KW_CUDA_ERROR_T "cudaError_t" KW_CUDA_EVENT_T "cudaEvent_t"
%token KW_CUDA_STREAM_T "cudaStream_t" KW_CUDA_DEVICE_PROP "cudaDeviceProp"
%token KW_CUDA_MEMPOOL_T "cudaMemPool_t"
%token KW_FRIEND "friend" KW_VA_ARG "va_arg" KW_VA_LIST "va_list"

%token LAUNCH_OPEN "<<<" LAUNCH_CLOSE ">>>" ELLIPSIS "..." ARROW "->"
%token INC "++" DEC "--" SHL "<<" SHR ">>" LE "<=" GE ">=" EQ "==" NE "!="
%token ANDAND "&&" OROR "||"
%token MUL_ASSIGN "*=" DIV_ASSIGN "/=" MOD_ASSIGN "%=" ADD_ASSIGN "+=" SUB_ASSIGN "-="
%token SHL_ASSIGN "<<=" SHR_ASSIGN ">>=" AND_ASSIGN "&=" XOR_ASSIGN "^=" OR_ASSIGN "|="

/* `enum E :` starts the enum's base type, not a bit-field of type enum E */
%precedence ENUM_REF
%precedence ':'
%precedence THEN
/* `delete [] p` is the array form, never `delete` of a lambda `[]...`: the
 * empty capture list gives way to the ']' (as C++ rules). */
%precedence LAMBDA_EMPTY
%precedence ']'
%precedence NEW_TYPE        /* `new T * x`: the '*' is the type's (shifting wins), as in C++ */
%precedence KW_ELSE
%left OROR
%left ANDAND
%left '|'
%left '^'
%left '&'
%left EQ NE
%left '<' '>' LE GE
%left SHL SHR
%left '+' '-'
%left '*' '/' '%'

%type <expr> primary postfix unary cast binary cond assign expr expr_opt const_expr
%type <expr> initializer strings init_item braced_init braced
%type <stmt> asm_stmt
%type <list> asm_sections asm_ops_opt asm_ops
%type <ptr> asm_op
%type <list> args args_opt init_list pointer block_items param_list init_dtors handlers
%type <specs> decl_specs type_specs
%type <dtor> declarator direct_dtor init_dtor abstract_opt abstract direct_abstract
%type <decl> param
%type <type> type_name tagged_spec record_spec record_head enum_spec enum_head
%type <list> member_dtors conv_ptr_opt
%type <dtor> member_dtor
%type <op> record_kw method_quals
%type <name> dtor_name op_name member_path member_name
%type <expr> align_spec
%type <dtor> ctor_head dtor_head conv_head fnptr_inner
%type <list> mem_inits_opt mem_inits
%type <expr> mem_init
%type <type> template_type
%type <list> template_head tparams targs targs_opt
%type <ptr> tparam targ
%type <stmt> handler
%type <stmt> statement compound declaration for_init block_item using static_assert cond_decl
%type <bits> cxx_cast
%type <list> captures_opt captures lambda_params
%type <expr> capture
%type <type> lambda_ret
%type <specs> ret_specs
%type <name> ns_open
%type <bits> qualifiers qualifier storage
%type <op> assign_op unary_op type_kw

%%

unit
    : %empty
    | unit external
    ;

external
    : declaration                               { add_file_decls(ps, $1); }
    | ns_open unit '}'                          { ps->ns = $1; }
    | using                                     { add_file_decls(ps, $1); }
    | static_assert                             { add_file_decls(ps, $1); }
    | KW_EXTERN strings external                { (void)$2; }   /* extern "C": linkage only */
    | KW_EXTERN strings '{' unit '}'            { (void)$2; }
    | decl_specs declarator compound            { add_function(ps, $1, $2, $3); }
    | decl_specs declarator KW_CONST compound   { add_method_def(ps, $1, $2, 1, NULL, $4); }
    | decl_specs declarator ':' mem_inits compound { add_method_def(ps, $1, $2, 0, $4, $5); }
    | declarator ':' mem_inits compound         { add_method_def(ps, NULL, $1, 0, $3, $4); }
    | template_head decl_specs declarator compound
                                    { add_function(ps, $2, $3, $4); k_tpl_head_end(ps, $1); }
    | template_head declaration     { add_file_decls(ps, $2); k_tpl_head_end(ps, $1); }
    | KW_TEMPLATE declaration       { k_tpl_instantiation(ps, $2); add_file_decls(ps, $2); }
    | declarator compound
        {
            if (add_method_def(ps, NULL, $1, 0, NULL, $2))
                break;
            k_error(ps->ctx, $1 ? $1->loc : LOC(@1), "type specifier missing before '%s'"
                    " (K has no implicit int)", $1 && $1->name ? $1->name : "?");
            add_function(ps, NULL, $1, $2);
        }
    | ';'
    | error ';'                                 { yyerrok; }
    | error '}'                                 { yyerrok; }
    ;

/* --------------------------------------------------------------- templates */
/* The scanner turns the '<' and '>' around template arguments into TPL_OPEN
 * and TPL_CLOSE (lang/templates.c), so `a < b` stays a comparison. */
template_head
    : KW_TEMPLATE TPL_OPEN TPL_CLOSE            { $$ = k_tpl_head(ps, NULL); }
    | KW_TEMPLATE TPL_OPEN tparams TPL_CLOSE    { $$ = k_tpl_head(ps, $3); }
    ;

tparams
    : tparam                                    { $$ = list_push(ps, NULL, $1); }
    | tparams ',' tparam                        { $$ = list_push(ps, $1, $3); }
    ;

tparam
    : tpl_typename IDENT                        { $$ = k_tpl_type_param(ps, LOC(@2), $2, NULL); }
    | tpl_typename IDENT '=' type_name          { $$ = k_tpl_type_param(ps, LOC(@2), $2, $4); }
    | decl_specs IDENT
        { $$ = k_tpl_value_param(ps, LOC(@2), type_name(ps, $1, dtor_new(ps, LOC(@2), NULL)),
                                 $2, NULL); }
    | decl_specs IDENT '=' cond
        { $$ = k_tpl_value_param(ps, LOC(@2), type_name(ps, $1, dtor_new(ps, LOC(@2), NULL)),
                                 $2, $4); }
    ;

tpl_typename
    : KW_TYPENAME
    | KW_CLASS
    ;

template_type
    : TEMPLATE_TYPE TPL_OPEN targs_opt TPL_CLOSE { $$ = k_tpl_type_id(ps, $1, $3); }
    ;

targs_opt
    : %empty                                    { $$ = NULL; }
    | targs                                     { $$ = $1; }
    ;

targs
    : targ                                      { $$ = list_push(ps, NULL, $1); }
    | targs ',' targ                            { $$ = list_push(ps, $1, $3); }
    ;

targ
    : type_name                                 { $$ = k_tpl_targ(ps, LOC(@1), $1, NULL); }
    | cond                                      { $$ = k_tpl_targ(ps, LOC(@1), NULL, $1); }
    ;

/* -------------------------------------------------------------- namespaces */
/* `namespace N {` enters N (the value is the namespace it leaves); an
 * anonymous namespace's names are the enclosing one's. */
ns_open
    : KW_NAMESPACE IDENT '{'                    { $$ = k_parse_ns_enter(ps, $2); }
    | KW_NAMESPACE '{'                          { $$ = ps->ns; }
    ;

using
    : KW_USING KW_NAMESPACE IDENT ';'
        { $$ = k_parse_using_stmt(ps, LOC(@1), k_parse_using(ps, LOC(@3), U_DIRECTIVE, NULL, $3)); }
    | KW_USING IDENT ';'
        {
            $$ = k_parse_using_stmt(ps, LOC(@1), k_parse_using(ps, LOC(@2), U_DECLARATION,
                                                    k_ns_last($2), $2));
        }
    | KW_USING TYPEDEF_NAME ';'
        { $$ = NULL; k_parse_using_type(ps, LOC(@2), NULL, $2); }
    | KW_USING IDENT '=' type_name ';'          { $$ = NULL; k_parse_using_type(ps, LOC(@2), $2, $4); }
    | KW_NAMESPACE IDENT '=' IDENT ';'
        { $$ = k_parse_using_stmt(ps, LOC(@1), k_parse_using(ps, LOC(@2), U_ALIAS, $2, $4)); }
    ;

static_assert
    : KW_STATIC_ASSERT '(' const_expr ')' ';'   { $$ = k_parse_static_assert(ps, LOC(@1), $3, NULL); }
    | KW_STATIC_ASSERT '(' const_expr ',' strings ')' ';'
                                                { $$ = k_parse_static_assert(ps, LOC(@1), $3, $5); }
    ;

/* ------------------------------------------------------------ declarations */
declaration
    : decl_specs init_dtors ';'                 { $$ = make_decl_stmt(ps, $1->loc, $1, $2); }
    | decl_specs ';'                            { $$ = make_decl_stmt(ps, $1->loc, $1, NULL); }
    ;

decl_specs
    : storage                                   { $$ = specs_new(ps, LOC(@1)); $$->storage |= $1; }
    | qualifier                                 { $$ = specs_new(ps, LOC(@1)); $$->quals |= $1; }
    | type_kw                                   { $$ = specs_type(ps, specs_new(ps, LOC(@1)), $1,
                                                                  LOC(@1), NULL); }
    | TYPEDEF_NAME                              { $$ = specs_type(ps, specs_new(ps, LOC(@1)), 0,
                                                                  LOC(@1), $1); }
    | tagged_spec                   { $$ = k_parse_specs_tagged(ps, specs_new(ps, LOC(@1)), $1); }
    | KW_TYPEDEF                                { $$ = specs_new(ps, LOC(@1)); $$->is_typedef = 1; }
    | template_type                 { $$ = specs_type(ps, specs_new(ps, LOC(@1)), 0, LOC(@1), $1); }
    | decl_specs template_type                  { $$ = specs_type(ps, $1, 0, LOC(@2), $2); }
    | decl_specs storage                        { $$ = $1; $$->storage |= $2; }
    | decl_specs qualifier                      { $$ = $1; $$->quals |= $2; }
    | decl_specs type_kw                        { $$ = specs_type(ps, $1, $2, LOC(@2), NULL); }
    | decl_specs TYPEDEF_NAME                   { $$ = specs_type(ps, $1, 0, LOC(@2), $2); }
    | decl_specs tagged_spec                    { $$ = k_parse_specs_tagged(ps, $1, $2); }
    | decl_specs KW_TYPEDEF                     { $$ = $1; $$->is_typedef = 1; }
    | align_spec                                { $$ = specs_new(ps, LOC(@1)); $$->align_expr = $1; }
    | decl_specs align_spec                     { $$ = $1; $$->align_expr = $2; }
    ;

/* Specifiers of a type name (casts, sizeof): no storage class. */
type_specs
    : qualifier                                 { $$ = specs_new(ps, LOC(@1)); $$->quals |= $1; }
    | type_kw                                   { $$ = specs_type(ps, specs_new(ps, LOC(@1)), $1,
                                                                  LOC(@1), NULL); }
    | TYPEDEF_NAME                              { $$ = specs_type(ps, specs_new(ps, LOC(@1)), 0,
                                                                  LOC(@1), $1); }
    | type_specs qualifier                      { $$ = $1; $$->quals |= $2; }
    | type_specs type_kw                        { $$ = specs_type(ps, $1, $2, LOC(@2), NULL); }
    | type_specs TYPEDEF_NAME                   { $$ = specs_type(ps, $1, 0, LOC(@2), $2); }
    | template_type                 { $$ = specs_type(ps, specs_new(ps, LOC(@1)), 0, LOC(@1), $1); }
    | type_specs template_type                  { $$ = specs_type(ps, $1, 0, LOC(@2), $2); }
    | tagged_spec                   { $$ = k_parse_specs_tagged(ps, specs_new(ps, LOC(@1)), $1); }
    | type_specs tagged_spec                    { $$ = k_parse_specs_tagged(ps, $1, $2); }
    ;

/* ------------------------------------------------- structs, unions, enums */
tagged_spec
    : record_spec                               { $$ = $1; }
    | enum_spec                                 { $$ = $1; }
    ;

record_spec
    : record_head members '}'                   { $$ = k_parse_record_end(ps, $1); }
    | record_kw IDENT %prec ENUM_REF            { $$ = k_parse_record_ref(ps, $1, $2, LOC(@2)); }
    ;

record_head
    : record_kw IDENT '{'
        { $$ = k_parse_record_begin(ps, $1, k_tpl_class_name(ps, $2), LOC(@2)); }
    | record_kw template_type '{'
        { $$ = k_parse_record_begin(ps, $1, k_tpl_class_spec(ps, $2), LOC(@2)); }
    | record_kw '{'                         { $$ = k_parse_record_begin(ps, $1, NULL, LOC(@1)); }
    | record_kw align_spec IDENT '{'
        { $$ = k_parse_record_begin(ps, $1, $3, LOC(@3)); $$->rec->align_expr = $2; }
    | record_kw align_spec '{'
        { $$ = k_parse_record_begin(ps, $1, NULL, LOC(@1)); $$->rec->align_expr = $2; }
    | record_kw IDENT ':' base_access TYPEDEF_NAME '{'     /* one non-virtual base */
        { $$ = k_parse_record_begin(ps, $1, $2, LOC(@2)); k_parse_base(ps, $$, $5, LOC(@5)); }
    ;

base_access
    : %empty
    | KW_PUBLIC
    | KW_PRIVATE
    | KW_PROTECTED
    ;

/* __align__(n), alignas(n) (CUDA's and C++'s), alignas(T) */
align_spec
    : KW_ALIGNAS '(' const_expr ')'             { $$ = $3; }
    | KW_ALIGNAS '(' type_name ')'
        { $$ = expr_leaf(ps, E_ALIGNOF, LOC(@1)); if ($$) $$->type_written = $3; }
    ;

/* offsetof(T, a.b): the member path as one name "a.b" */
member_path
    : IDENT                                     { $$ = $1; }
    | member_path '.' IDENT                     { $$ = k_parse_path(ps, $1, $3); }
    ;

record_kw
    : KW_STRUCT         { $$ = 0; }
    | KW_UNION          { $$ = 1; }
    | KW_CLASS_RECORD   { $$ = 0; }     /* access is not checked: a class is a struct */
    ;

members
    : %empty
    | members member
    ;

member
    : decl_specs member_dtors ';'   { k_parse_members(ps, $1, $2, member_type, method_proto); }
    | decl_specs ';'                { k_parse_members(ps, $1, NULL, member_type, method_proto); }
    | decl_specs declarator KW_CONST ';'        { add_method(ps, $1, $2, 1, NULL, NULL); }
    | decl_specs declarator method_quals compound { add_method(ps, $1, $2, $3, NULL, $4); }
    | ctor_head ';'                             { add_method(ps, NULL, $1, 0, NULL, NULL); }
    | ctor_head mem_inits_opt compound          { add_method(ps, NULL, $1, 0, $2, $3); }
    | conv_head method_quals ';'                { add_method(ps, NULL, $1, $2, NULL, NULL); }
    | conv_head method_quals compound           { add_method(ps, NULL, $1, $2, NULL, $3); }
    | decl_specs conv_head method_quals ';'     { add_method(ps, $1, $2, $3, NULL, NULL); }
    | decl_specs conv_head method_quals compound { add_method(ps, $1, $2, $3, NULL, $4); }
    | template_head decl_specs declarator method_quals compound     /* a member template */
        { add_method(ps, $2, $3, $4, NULL, $5); k_tpl_member_end(ps, $1); }
    | dtor_head ';'                             { add_method(ps, NULL, $1, 0, NULL, NULL); }
    | dtor_head compound                        { add_method(ps, NULL, $1, 0, NULL, $2); }
    | access ':'
    | ';'
    | error ';'                                 { yyerrok; }
    ;

access
    : KW_PUBLIC
    | KW_PRIVATE
    | KW_PROTECTED
    ;

method_quals
    : %empty                                    { $$ = 0; }
    | KW_CONST                                  { $$ = 1; }
    ;

/* S(params) and ~S(): names "S::S" and "S::~S" (lang/parse_decl.c) */
ctor_head
    : TYPEDEF_NAME '(' ')'          { $$ = ctor_dtor(ps, NULL, $1, LOC(@1), NULL, 0); }
    | TYPEDEF_NAME '(' param_list ')' { $$ = ctor_dtor(ps, NULL, $1, LOC(@1), $3, 0); }
    | decl_specs TYPEDEF_NAME '(' ')' { $$ = ctor_dtor(ps, $1, $2, LOC(@2), NULL, 0); }
    | decl_specs TYPEDEF_NAME '(' param_list ')' { $$ = ctor_dtor(ps, $1, $2, LOC(@2), $4, 0); }
    ;

/* `operator T*()`: a member named "operator conversion" whose result type is
 * T* (lang/convert.c finds it by that type) */
conv_head
    : KW_OPERATOR type_specs conv_ptr_opt '(' ')'   { $$ = k_parse_conv_dtor(ps, LOC(@1), $2, $3); }
    | KW_OPERATOR type_specs conv_ptr_opt '(' KW_VOID ')' { $$ = k_parse_conv_dtor(ps, LOC(@1), $2, $3); }
    ;

dtor_head
    : '~' TYPEDEF_NAME '(' ')'      { $$ = ctor_dtor(ps, NULL, $2, LOC(@2), NULL, 1); }
    | decl_specs '~' TYPEDEF_NAME '(' ')' { $$ = ctor_dtor(ps, $1, $3, LOC(@3), NULL, 1); }
    ;

mem_inits_opt
    : %empty                                    { $$ = NULL; }
    | ':' mem_inits                             { $$ = $2; }
    ;

mem_inits
    : mem_init                                  { $$ = list_push(ps, NULL, $1); }
    | mem_inits ',' mem_init                    { $$ = list_push(ps, $1, $3); }
    ;

/* `x(a)` or `x{a}` before a constructor's body: an E_CALL naming the member */
mem_init
    : IDENT '(' args_opt ')'        { $$ = expr_call(ps, LOC(@1), ident_expr(ps, $1, LOC(@1)), $3); }
    | IDENT '{' args_opt '}'        { $$ = expr_call(ps, LOC(@1), ident_expr(ps, $1, LOC(@1)), $3); }
    | TYPEDEF_NAME '(' args_opt ')'                 /* the base class */
        {
            const char *tag = $1 && $1->kind == TY_RECORD && $1->rec->tag ? $1->rec->tag : "?";
            $$ = expr_call(ps, LOC(@1), ident_expr(ps, tag, LOC(@1)), $3);
        }
    ;

member_dtors
    : member_dtor                               { $$ = list_push(ps, NULL, $1); }
    | member_dtors ',' member_dtor              { $$ = list_push(ps, $1, $3); }
    ;

member_dtor
    : declarator                                { $$ = $1; }
    | declarator '=' initializer                { $$ = $1; if ($$) $$->init = $3; }
    | declarator ':' const_expr                 { $$ = $1; if ($$) $$->bits = $3; }
    | ':' const_expr        { $$ = dtor_new(ps, LOC(@1), NULL); if ($$) $$->bits = $2; }
    ;

enum_spec
    : enum_head enumerators '}'                 { $$ = $1; }
    | enum_head enumerators ',' '}'             { $$ = $1; }
    | KW_ENUM IDENT %prec ENUM_REF              { $$ = k_parse_enum_ref(ps, $2, LOC(@2)); }
    ;

enum_head
    : KW_ENUM IDENT enum_base '{'               { $$ = k_parse_enum_begin(ps, $2, LOC(@2), 0); }
    | KW_ENUM '{'                               { $$ = k_parse_enum_begin(ps, NULL, LOC(@1), 0); }
    | KW_ENUM KW_CLASS_RECORD IDENT enum_base '{' { $$ = k_parse_enum_begin(ps, $3, LOC(@3), 1); }
    ;

/* `enum E : short {...}`: K keeps every enum an int */
enum_base
    : %empty
    | ':' enum_base_type
    ;

enum_base_type
    : type_kw                                   { (void)$1; }
    | TYPEDEF_NAME                              { (void)$1; }
    | enum_base_type type_kw                    { (void)$2; }
    ;

enumerators
    : enumerator
    | enumerators ',' enumerator
    ;

enumerator
    : IDENT                     { k_parse_enumerator(ps, $1, LOC(@1), NULL); }
    | IDENT '=' const_expr      { k_parse_enumerator(ps, $1, LOC(@1), $3); }
    ;

storage
    : KW_STATIC         { $$ = ST_STATIC; }
    | KW_EXTERN         { $$ = ST_EXTERN; }
    | KW_INLINE         { $$ = ST_INLINE; }
    | KW_GLOBAL         { $$ = ST_GLOBAL; }
    | KW_DEVICE         { $$ = ST_DEVICE; }
    | KW_HOST           { $$ = ST_HOST; }
    | KW_SHARED         { $$ = ST_SHARED; }
    | KW_CONSTANT       { $$ = ST_CONSTANT; }
    | KW_FORCEINLINE    { $$ = ST_FORCEINLINE; }
    | KW_FRIEND         { $$ = ST_FRIEND; }
    ;

qualifier
    : KW_CONST          { $$ = Q_CONST; }
    | KW_CONSTEXPR      { $$ = Q_CONST; }   /* constants fold wherever they are const */
    | KW_VOLATILE       { $$ = Q_VOLATILE; }
    | KW_RESTRICT       { $$ = Q_RESTRICT; }
    ;

type_kw
    : KW_VOID           { $$ = KW_VOID; }
    | KW_BOOL           { $$ = KW_BOOL; }
    | KW_CHAR           { $$ = KW_CHAR; }
    | KW_SHORT          { $$ = KW_SHORT; }
    | KW_INT            { $$ = KW_INT; }
    | KW_LONG           { $$ = KW_LONG; }
    | KW_SIGNED         { $$ = KW_SIGNED; }
    | KW_UNSIGNED       { $$ = KW_UNSIGNED; }
    | KW_FLOAT          { $$ = KW_FLOAT; }
    | KW_DOUBLE         { $$ = KW_DOUBLE; }
    | KW_DIM3           { $$ = KW_DIM3; }
    | KW_UINT3          { $$ = KW_UINT3; }
    | KW_SIZE_T         { $$ = KW_SIZE_T; }
    | KW_CUDA_ERROR_T   { $$ = KW_CUDA_ERROR_T; }
    | KW_CUDA_EVENT_T   { $$ = KW_CUDA_EVENT_T; }
    | KW_CUDA_STREAM_T  { $$ = KW_CUDA_STREAM_T; }
    | KW_CUDA_MEMPOOL_T { $$ = KW_CUDA_MEMPOOL_T; }
    | KW_VA_LIST        { $$ = KW_VA_LIST; }
    | KW_CUDA_DEVICE_PROP { $$ = KW_CUDA_DEVICE_PROP; }
    | KW_AUTO           { $$ = KW_AUTO; }
    ;

qualifiers
    : qualifier                                 { $$ = $1; }
    | qualifiers qualifier                      { $$ = $1 | $2; }
    ;

init_dtors
    : init_dtor                                 { $$ = list_push(ps, NULL, $1); }
    | init_dtors ',' init_dtor                  { $$ = list_push(ps, $1, $3); }
    ;

init_dtor
    : declarator                                { $$ = $1; }
    | declarator '=' initializer                { $$ = $1; $$->init = $3; }
    ;

pointer
    : '*'                                       { $$ = list_push(ps, NULL, NULL); }
    | '*' qualifiers                { $$ = list_push(ps, NULL, (void *)(uintptr_t)$2); }
    | pointer '*'                               { $$ = list_push(ps, $1, NULL); }
    | pointer '*' qualifiers        { $$ = list_push(ps, $1, (void *)(uintptr_t)$3); }
    ;

declarator
    : direct_dtor                               { $$ = $1; }
    | pointer direct_dtor                       { $$ = dtor_pointer(ps, $1, $2); }
    | '&' direct_dtor                           { $$ = $2; if ($$) $$->is_ref = 1; }
    | pointer '&' direct_dtor   { $$ = dtor_pointer(ps, $1, $3); if ($$) $$->is_ref = 1; }
    | ANDAND direct_dtor
        {
            k_error(ps->ctx, LOC(@1), "rvalue references ('&&') are not supported in K"
                    " (use a reference to const)");
            $$ = $2;
            if ($$) $$->is_ref = 1;
        }
    ;

direct_dtor
    : IDENT                                     { $$ = dtor_new(ps, LOC(@1), $1); }
    | dtor_name '(' ')'          { $$ = dtor_func(ps, dtor_new(ps, LOC(@1), $1), NULL, 0); }
    | dtor_name '(' param_list ')' { $$ = dtor_func(ps, dtor_new(ps, LOC(@1), $1), $3, 0); }
    | dtor_name '(' param_list ',' ELLIPSIS ')'
                                 { $$ = dtor_func(ps, dtor_new(ps, LOC(@1), $1), $3, 1); }
    | TEMPLATE_NAME    /* a variable or parameter hiding a template's name */
        { $$ = dtor_new(ps, LOC(@1), k_tpl_dtor_name(ps, $1)); }
    | TEMPLATE_NAME '(' ')'
        { $$ = dtor_func(ps, dtor_new(ps, LOC(@1), k_tpl_dtor_name(ps, $1)), NULL, 0); }
    | TEMPLATE_NAME '(' param_list ')'
        { $$ = dtor_func(ps, dtor_new(ps, LOC(@1), k_tpl_dtor_name(ps, $1)), $3, 0); }
    | TEMPLATE_NAME TPL_OPEN targs_opt TPL_CLOSE '(' ')'
        {
            k_tpl_spec_args(ps, $3);
            $$ = dtor_func(ps, dtor_new(ps, LOC(@1), k_tpl_dtor_name(ps, $1)), NULL, 0);
        }
    | TEMPLATE_NAME TPL_OPEN targs_opt TPL_CLOSE '(' param_list ')'
        {
            k_tpl_spec_args(ps, $3);
            $$ = dtor_func(ps, dtor_new(ps, LOC(@1), k_tpl_dtor_name(ps, $1)), $6, 0);
        }
    | dtor_name '(' args ')'
        {
            $$ = dtor_new(ps, LOC(@1), $1);
            $$->is_ctor = 1;
            for (int i = 0; i < $3->n; i++)
                list_append(ps, &$$->ctor_args, $3->items[i]);
        }
    | FNPTR_OPEN pointer fnptr_inner ')' '(' ')' { $$ = fnptr_dtor(ps, $2, $3, NULL, 0); }
    | FNPTR_OPEN pointer fnptr_inner ')' '(' param_list ')' { $$ = fnptr_dtor(ps, $2, $3, $6, 0); }
    | FNPTR_OPEN pointer fnptr_inner ')' '(' param_list ',' ELLIPSIS ')'
                                                { $$ = fnptr_dtor(ps, $2, $3, $6, 1); }
    | direct_dtor '[' ']'                       { $$ = $1; list_append(ps, &$$->dims, NULL); }
    | direct_dtor '[' const_expr ']'            { $$ = $1; list_append(ps, &$$->dims, $3); }
    ;

/* The name of a function: an identifier or `operator+` (named "operator+"). */
dtor_name
    : IDENT                                     { $$ = $1; }
    | KW_OPERATOR op_name                       { $$ = k_parse_operator_name(ps, $2); }
    ;

conv_ptr_opt
    : %empty                                    { $$ = NULL; }
    | pointer                                   { $$ = $1; }
    ;

op_name
    : '+' { $$ = "+"; } | '-' { $$ = "-"; } | '*' { $$ = "*"; } | '/' { $$ = "/"; }
    | '%' { $$ = "%"; } | '^' { $$ = "^"; } | '&' { $$ = "&"; } | '|' { $$ = "|"; }
    | '~' { $$ = "~"; } | '!' { $$ = "!"; } | '=' { $$ = "="; } | '<' { $$ = "<"; }
    | '>' { $$ = ">"; } | EQ { $$ = "=="; } | NE { $$ = "!="; } | LE { $$ = "<="; }
    | GE { $$ = ">="; } | SHL { $$ = "<<"; } | SHR { $$ = ">>"; } | ANDAND { $$ = "&&"; }
    | OROR { $$ = "||"; } | INC { $$ = "++"; } | DEC { $$ = "--"; }
    | ADD_ASSIGN { $$ = "+="; } | SUB_ASSIGN { $$ = "-="; } | MUL_ASSIGN { $$ = "*="; }
    | DIV_ASSIGN { $$ = "/="; } | MOD_ASSIGN { $$ = "%="; } | AND_ASSIGN { $$ = "&="; }
    | OR_ASSIGN { $$ = "|="; } | XOR_ASSIGN { $$ = "^="; } | SHL_ASSIGN { $$ = "<<="; }
    | SHR_ASSIGN { $$ = ">>="; } | '[' ']' { $$ = "[]"; } | '(' ')' { $$ = "()"; }
    | KW_NEW { $$ = " new"; } | KW_DELETE { $$ = " delete"; }
    ;

/* the name (and array dimensions) inside `(*name[4])(params)` */
fnptr_inner
    : IDENT                                     { $$ = dtor_new(ps, LOC(@1), $1); }
    | fnptr_inner '[' const_expr ']'            { $$ = $1; list_append(ps, &$$->dims, $3); }
    ;

/* try { } catch (...) { }: K has no exceptions (lang/parse_cxx.c) */
handlers
    : handler                                   { $$ = list_push(ps, NULL, $1); }
    | handlers handler                          { $$ = list_push(ps, $1, $2); }
    ;

handler
    : KW_CATCH '(' ELLIPSIS ')' compound        { $$ = k_parse_catch(ps, NULL, $5); }
    | KW_CATCH '(' param ')' compound           { $$ = k_parse_catch(ps, $3, $5); }
    ;

param_list
    : param                                     { $$ = list_push(ps, NULL, $1); }
    | param_list ',' param                      { $$ = list_push(ps, $1, $3); }
    ;

/* A parameter: specifiers and a declarator, named or abstract (prototypes). */
param
    : decl_specs declarator                     { $$ = make_param(ps, $1, $2, LOC(@1)); }
    | decl_specs abstract_opt                   { $$ = make_param(ps, $1, $2, LOC(@1)); }
    | decl_specs declarator '=' assign  /* a default argument */
        { $$ = make_param(ps, $1, $2, LOC(@1)); if ($$) $$->init = $4; }
    | decl_specs abstract_opt '=' assign
        { $$ = make_param(ps, $1, $2, LOC(@1)); if ($$) $$->init = $4; }
    ;

abstract_opt
    : %empty                                    { $$ = dtor_new(ps, (k_loc){0, 0}, NULL); }
    | abstract                                  { $$ = $1; }
    ;

abstract
    : pointer                   { $$ = dtor_pointer(ps, $1, dtor_new(ps, LOC(@1), NULL)); }
    | '&'                       { $$ = dtor_new(ps, LOC(@1), NULL); if ($$) $$->is_ref = 1; }
    | pointer '&'
        {
            $$ = dtor_pointer(ps, $1, dtor_new(ps, LOC(@1), NULL));
            if ($$) $$->is_ref = 1;
        }
    | direct_abstract                           { $$ = $1; }
    | pointer direct_abstract                   { $$ = dtor_pointer(ps, $1, $2); }
    ;

direct_abstract
    : '[' ']'               { $$ = dtor_new(ps, LOC(@1), NULL); list_append(ps, &$$->dims, NULL); }
    | '[' const_expr ']'    { $$ = dtor_new(ps, LOC(@1), NULL); list_append(ps, &$$->dims, $2); }
    | direct_abstract '[' ']'                   { $$ = $1; list_append(ps, &$$->dims, NULL); }
    | direct_abstract '[' const_expr ']'        { $$ = $1; list_append(ps, &$$->dims, $3); }
    ;

type_name
    : type_specs abstract_opt                   { $$ = type_name(ps, $1, $2); }
    ;

initializer
    : assign                                    { $$ = $1; }
    | '{' '}'                   { $$ = make_init_list(ps, LOC(@1), NULL); }
    | '{' init_list '}'         { $$ = make_init_list(ps, LOC(@1), $2); }
    | '{' init_list ',' '}'     { $$ = make_init_list(ps, LOC(@1), $2); }
    ;

braced
    : '{' '}'                   { $$ = make_init_list(ps, LOC(@1), NULL); }
    | '{' init_list '}'         { $$ = make_init_list(ps, LOC(@1), $2); }
    | '{' init_list ',' '}'     { $$ = make_init_list(ps, LOC(@1), $2); }
    ;

init_list
    : init_item                                 { $$ = list_push(ps, NULL, $1); }
    | init_list ',' init_item                   { $$ = list_push(ps, $1, $3); }
    ;

/* `.member = value` designates a record's member (C99, C++20) */
init_item
    : initializer                               { $$ = $1; }
    | '.' IDENT '=' initializer
        {
            $$ = expr_unary(ps, E_DESIGNATOR, 0, LOC(@1), $4);
            if ($$) $$->name = $2;
        }
    ;

/* -------------------------------------------------------------- statements */
/* A block is a scope for typedef names and tags (scope_open marks it). */
compound
    : '{' scope_open block_items '}'
        { k_parse_scope_close(ps); $$ = make_block(ps, LOC(@1), $3); }
    | '{' scope_open block_items error '}'
        { k_parse_scope_close(ps); $$ = make_block(ps, LOC(@1), $3); yyerrok; }
    ;

scope_open
    : %empty                                    { k_parse_scope_open(ps); }
    ;

block_items
    : %empty                                    { $$ = list_new(ps); }
    | block_items block_item                    { $$ = $2 ? list_push(ps, $1, $2) : $1; }
    ;

block_item
    : declaration                               { $$ = $1; }
    | decl_specs declarator braced ';'          /* C++ direct-list-initialisation: T x{a, b} */
        { if ($2) $2->init = $3; $$ = make_decl_stmt(ps, $1->loc, $1, list_push(ps, NULL, $2)); }
    | using                                     { $$ = $1; }
    | static_assert                             { $$ = $1; }
    | statement                                 { $$ = $1; }
    | error ';'                                 { $$ = NULL; yyerrok; }
    ;

statement
    : compound                                  { $$ = $1; }
    | KW_TRY compound handlers                  { $$ = k_parse_try(ps, LOC(@1), $2, $3); }
    | expr ';'                      { $$ = stmt_new(ps, S_EXPR, LOC(@1)); if ($$) $$->expr = $1; }
    | ';'                                       { $$ = stmt_new(ps, S_EMPTY, LOC(@1)); }
    | asm_stmt                                  { $$ = $1; }
    | KW_IF '(' expr ')' statement %prec THEN
        { $$ = stmt_new(ps, S_IF, LOC(@1)); if ($$) { $$->expr = $3; $$->body = $5; } }
    | KW_IF '(' expr ')' statement KW_ELSE statement
        {
            $$ = stmt_new(ps, S_IF, LOC(@1));
            if ($$) { $$->expr = $3; $$->body = $5; $$->else_body = $7; }
        }
    | KW_IF '(' cond_decl ')' statement %prec THEN
        { $$ = $3; if ($$) $$->body = $5; }
    | KW_IF '(' cond_decl ')' statement KW_ELSE statement
        { $$ = $3; if ($$) { $$->body = $5; $$->else_body = $7; } }
    | KW_WHILE '(' expr ')' statement
        { $$ = stmt_new(ps, S_WHILE, LOC(@1)); if ($$) { $$->expr = $3; $$->body = $5; } }
    | KW_DO statement KW_WHILE '(' expr ')' ';'
        { $$ = stmt_new(ps, S_DO, LOC(@1)); if ($$) { $$->expr = $5; $$->body = $2; } }
    | KW_FOR '(' for_init expr_opt ';' expr_opt ')' statement
        {
            $$ = stmt_new(ps, S_FOR, LOC(@1));
            if ($$) { $$->init = $3; $$->expr = $4; $$->step = $6; $$->body = $8; }
        }
    | KW_FOR '(' decl_specs declarator ':' expr ')' statement
        {
            $$ = stmt_new(ps, S_FOR, LOC(@1));
            k_list *one = list_push(ps, NULL, $4);
            if ($$) { $$->init = make_decl_stmt(ps, $3->loc, $3, one); $$->range = $6; $$->body = $8; }
        }
    | KW_SWITCH '(' expr ')' statement
        { $$ = stmt_new(ps, S_SWITCH, LOC(@1)); if ($$) { $$->expr = $3; $$->body = $5; } }
    | KW_CASE const_expr ':' statement
        { $$ = stmt_new(ps, S_CASE, LOC(@1)); if ($$) { $$->expr = $2; $$->body = $4; } }
    | KW_DEFAULT ':' statement
        { $$ = stmt_new(ps, S_DEFAULT, LOC(@1)); if ($$) $$->body = $3; }
    | KW_BREAK ';'                              { $$ = stmt_new(ps, S_BREAK, LOC(@1)); }
    | KW_CONTINUE ';'                           { $$ = stmt_new(ps, S_CONTINUE, LOC(@1)); }
    | KW_RETURN expr_opt ';'
        { $$ = stmt_new(ps, S_RETURN, LOC(@1)); if ($$) $$->expr = $2; }
    | KW_RETURN braced_init ';'  /* return {...}: sema gives the list the function's type */
        { $$ = stmt_new(ps, S_RETURN, LOC(@1)); if ($$) $$->expr = $2; }
    | KW_GOTO IDENT ';'
        { $$ = stmt_new(ps, S_GOTO, LOC(@1)); if ($$) $$->label = $2; }
    | IDENT ':' statement
        { $$ = stmt_new(ps, S_LABEL, LOC(@1)); if ($$) { $$->label = $1; $$->body = $3; } }
    ;

/* C++ `if (T x = e)`: an S_IF whose init declares x and whose condition is x */
cond_decl
    : decl_specs declarator '=' assign          { $$ = cond_decl(ps, LOC(@1), $1, $2, $4); }
    ;

for_init
    : expr_opt ';'
        {
            $$ = NULL;
            if ($1 && ($$ = stmt_new(ps, S_EXPR, LOC(@1))))
                $$->expr = $1;
        }
    | declaration                               { $$ = $1; }
    ;

/* ------------------------------------------------------------- expressions */
expr_opt
    : %empty                                    { $$ = NULL; }
    | expr                                      { $$ = $1; }
    ;

expr
    : assign                                    { $$ = $1; }
    | expr ',' assign           { $$ = expr_binary(ps, E_BINARY, KB_COMMA, LOC(@2), $1, $3); }
    ;

assign
    : cond                                      { $$ = $1; }
    | KW_THROW assign                           { $$ = k_parse_throw(ps, LOC(@1), $2); }
    | KW_THROW                                  { $$ = k_parse_throw(ps, LOC(@1), NULL); }
    | unary assign_op assign    { $$ = expr_binary(ps, E_ASSIGN, $2, LOC(@2), $1, $3); }
    ;

assign_op
    : '='               { $$ = KB_NONE; }
    | MUL_ASSIGN        { $$ = KB_MUL; }
    | DIV_ASSIGN        { $$ = KB_DIV; }
    | MOD_ASSIGN        { $$ = KB_MOD; }
    | ADD_ASSIGN        { $$ = KB_ADD; }
    | SUB_ASSIGN        { $$ = KB_SUB; }
    | SHL_ASSIGN        { $$ = KB_SHL; }
    | SHR_ASSIGN        { $$ = KB_SHR; }
    | AND_ASSIGN        { $$ = KB_BITAND; }
    | XOR_ASSIGN        { $$ = KB_BITXOR; }
    | OR_ASSIGN         { $$ = KB_BITOR; }
    ;

const_expr
    : cond                                      { $$ = $1; }
    ;

cond
    : binary                                    { $$ = $1; }
    | binary '?' expr ':' cond                  { $$ = expr_cond(ps, LOC(@2), $1, $3, $5); }
    ;

binary
    : cast                                      { $$ = $1; }
    | binary OROR binary    { $$ = expr_binary(ps, E_BINARY, KB_LOGOR, LOC(@2), $1, $3); }
    | binary ANDAND binary  { $$ = expr_binary(ps, E_BINARY, KB_LOGAND, LOC(@2), $1, $3); }
    | binary '|' binary     { $$ = expr_binary(ps, E_BINARY, KB_BITOR, LOC(@2), $1, $3); }
    | binary '^' binary     { $$ = expr_binary(ps, E_BINARY, KB_BITXOR, LOC(@2), $1, $3); }
    | binary '&' binary     { $$ = expr_binary(ps, E_BINARY, KB_BITAND, LOC(@2), $1, $3); }
    | binary EQ binary      { $$ = expr_binary(ps, E_BINARY, KB_EQ, LOC(@2), $1, $3); }
    | binary NE binary      { $$ = expr_binary(ps, E_BINARY, KB_NE, LOC(@2), $1, $3); }
    | binary '<' binary     { $$ = expr_binary(ps, E_BINARY, KB_LT, LOC(@2), $1, $3); }
    | binary '>' binary     { $$ = expr_binary(ps, E_BINARY, KB_GT, LOC(@2), $1, $3); }
    | binary LE binary      { $$ = expr_binary(ps, E_BINARY, KB_LE, LOC(@2), $1, $3); }
    | binary GE binary      { $$ = expr_binary(ps, E_BINARY, KB_GE, LOC(@2), $1, $3); }
    | binary SHL binary     { $$ = expr_binary(ps, E_BINARY, KB_SHL, LOC(@2), $1, $3); }
    | binary SHR binary     { $$ = expr_binary(ps, E_BINARY, KB_SHR, LOC(@2), $1, $3); }
    | binary '+' binary     { $$ = expr_binary(ps, E_BINARY, KB_ADD, LOC(@2), $1, $3); }
    | binary '-' binary     { $$ = expr_binary(ps, E_BINARY, KB_SUB, LOC(@2), $1, $3); }
    | binary '*' binary     { $$ = expr_binary(ps, E_BINARY, KB_MUL, LOC(@2), $1, $3); }
    | binary '/' binary     { $$ = expr_binary(ps, E_BINARY, KB_DIV, LOC(@2), $1, $3); }
    | binary '%' binary     { $$ = expr_binary(ps, E_BINARY, KB_MOD, LOC(@2), $1, $3); }
    ;

/* A braced list with no type written (`return {}`): an E_COMPOUND whose
 * type_written is NULL until sema knows it. */
braced_init
    : '{' '}'                   { $$ = expr_unary(ps, E_COMPOUND, 0, LOC(@1), make_init_list(ps, LOC(@1), NULL)); }
    | '{' init_list '}'         { $$ = expr_unary(ps, E_COMPOUND, 0, LOC(@1), make_init_list(ps, LOC(@1), $2)); }
    | '{' init_list ',' '}'     { $$ = expr_unary(ps, E_COMPOUND, 0, LOC(@1), make_init_list(ps, LOC(@1), $2)); }
    ;

cast
    : unary                                     { $$ = $1; }
    | '(' type_name ')' cast
        {
            $$ = expr_unary(ps, E_CAST, 0, LOC(@1), $4);
            if ($$) $$->type_written = $2;
        }
    | '(' type_name ')' '{' init_list '}'       /* a compound literal: (S){a, .m = b} */
        {
            $$ = expr_unary(ps, E_COMPOUND, 0, LOC(@1), make_init_list(ps, LOC(@4), $5));
            if ($$) $$->type_written = $2;
        }
    ;

unary
    : postfix                                   { $$ = $1; }
    | INC unary                     { $$ = expr_unary(ps, E_UNARY, KU_PREINC, LOC(@1), $2); }
    | DEC unary                     { $$ = expr_unary(ps, E_UNARY, KU_PREDEC, LOC(@1), $2); }
    | unary_op cast                 { $$ = expr_unary(ps, E_UNARY, $1, LOC(@1), $2); }
    | KW_SIZEOF unary               { $$ = expr_unary(ps, E_SIZEOF_EXPR, 0, LOC(@1), $2); }
    | KW_ALIGNOF '(' type_name ')'
        { $$ = expr_leaf(ps, E_ALIGNOF, LOC(@1)); if ($$) $$->type_written = $3; }
    | KW_OFFSETOF '(' type_name ',' member_path ')'
        {
            $$ = expr_leaf(ps, E_OFFSETOF, LOC(@1));
            if ($$) { $$->type_written = $3; $$->name = $5; }
        }
    | KW_SIZEOF '(' type_name ')'
        {
            $$ = expr_leaf(ps, E_SIZEOF_TYPE, LOC(@1));
            if ($$) $$->type_written = $3;
        }
    | KW_VA_ARG '(' assign ',' type_name ')'    /* <stdarg.h> (lang/stdarg.c) */
        {
            $$ = expr_unary(ps, E_VA_ARG, 0, LOC(@1), $3);
            if ($$) $$->type_written = $5;
        }
    | KW_NEW type_specs %prec NEW_TYPE          { $$ = expr_new(ps, LOC(@1), $2, NULL, NULL, NULL); }
    | KW_NEW type_specs pointer %prec NEW_TYPE  { $$ = expr_new(ps, LOC(@1), $2, $3, NULL, NULL); }
    | KW_NEW type_specs '[' expr ']'            { $$ = expr_new(ps, LOC(@1), $2, NULL, $4, NULL); }
    | KW_NEW type_specs pointer '[' expr ']'    { $$ = expr_new(ps, LOC(@1), $2, $3, $5, NULL); }
    | KW_NEW type_specs '[' expr ']' '(' ')'    { $$ = expr_new(ps, LOC(@1), $2, NULL, $4, list_new(ps)); }
    | KW_NEW type_specs '(' args_opt ')'
        { $$ = expr_new(ps, LOC(@1), $2, NULL, NULL, $4 ? $4 : list_new(ps)); }
    | KW_DELETE cast                { $$ = expr_unary(ps, E_DELETE, 0, LOC(@1), $2); }
    | KW_DELETE '[' ']' cast        { $$ = expr_unary(ps, E_DELETE, 1, LOC(@1), $4); }
    ;

unary_op
    : '-'               { $$ = KU_NEG; }
    | '+'               { $$ = KU_PLUS; }
    | '!'               { $$ = KU_NOT; }
    | '~'               { $$ = KU_BITNOT; }
    | '*'               { $$ = KU_DEREF; }
    | '&'               { $$ = KU_ADDR; }
    ;

postfix
    : primary                                   { $$ = $1; }
    | postfix '[' expr ']'          { $$ = expr_binary(ps, E_INDEX, 0, LOC(@2), $1, $3); }
    | postfix '(' args_opt ')'      { $$ = expr_call(ps, LOC(@1), $1, $3); }
    | postfix LAUNCH_OPEN args LAUNCH_CLOSE '(' args_opt ')'
                                    { $$ = expr_launch(ps, LOC(@1), $1, $3, $6); }
    | postfix '.' member_name
        {
            $$ = expr_unary(ps, E_MEMBER, 0, LOC(@2), $1);
            if ($$) $$->name = $3;
        }
    | postfix ARROW member_name     /* p->m is (*p).m */
        {
            $$ = expr_unary(ps, E_MEMBER, 0, LOC(@2),
                            expr_unary(ps, E_UNARY, KU_DEREF, LOC(@2), $1));
            if ($$) $$->name = $3;
        }
    | postfix INC                   { $$ = expr_unary(ps, E_UNARY, KU_POSTINC, LOC(@2), $1); }
    | postfix DEC                   { $$ = expr_unary(ps, E_UNARY, KU_POSTDEC, LOC(@2), $1); }
    ;

/* after '.' or '->': a member, or an operator called by name (p->operator[](i)) */
member_name
    : IDENT                                     { $$ = $1; }
    | KW_OPERATOR op_name                       { $$ = k_parse_operator_name(ps, $2); }
    | TEMPLATE_NAME     /* d.count(): a member named like a library template (std::count) */
                                                { $$ = k_ns_last($1); }
    ;

primary
    : IDENT                 { $$ = expr_leaf(ps, E_IDENT, LOC(@1)); if ($$) $$->name = $1; }
    | '[' captures_opt ']' lambda_params lambda_ret compound
                                { $$ = make_lambda(ps, LOC(@1), $2, $4, $5, $6); }
    | TEMPLATE_NAME
        {
            $$ = expr_leaf(ps, E_IDENT, LOC(@1));
            if ($$) {
                $$->name = $1;
                if (!strstr(k_tpl_written($1), "::"))
                    $$->written = k_tpl_written($1);
            }
        }
    | TEMPLATE_NAME TPL_OPEN targs_opt TPL_CLOSE { $$ = k_tpl_ident(ps, LOC(@1), $1, $3); }
    | template_type SCOPED_NAME                 { $$ = k_tpl_scoped(ps, LOC(@1), $1, $2); }
    | template_type '(' args_opt ')'
        { $$ = expr_construct(ps, LOC(@1), specs_type(ps, specs_new(ps, LOC(@1)), 0,
                                                      LOC(@1), $1), $3); }
    | INT_LIT                                   { $$ = $1; }
    | FLOAT_LIT                                 { $$ = $1; }
    | CHAR_LIT                                  { $$ = $1; }
    | strings                                   { $$ = $1; }
    | KW_TRUE               { $$ = expr_leaf(ps, E_BOOL, LOC(@1)); if ($$) $$->ival = 1; }
    | KW_FALSE                                  { $$ = expr_leaf(ps, E_BOOL, LOC(@1)); }
    | KW_NULLPTR                                { $$ = expr_leaf(ps, E_INT, LOC(@1)); }
    | cxx_cast '<' type_name '>' '(' expr ')'
        {
            $$ = expr_unary(ps, E_CAST, (int)$1, LOC(@1), $6);
            if ($$) $$->type_written = $3;
        }
    | '(' expr ')'                              { $$ = $2; }
    | type_kw '(' args_opt ')'
        { $$ = expr_construct(ps, LOC(@1), specs_type(ps, specs_new(ps, LOC(@1)), $1,
                                                      LOC(@1), NULL), $3); }
    | type_kw '{' args_opt '}'              /* int{}, float{x}: value-initialization */
        { $$ = expr_construct(ps, LOC(@1), specs_type(ps, specs_new(ps, LOC(@1)), $1,
                                                      LOC(@1), NULL), $3); }
    | TYPEDEF_NAME '(' args_opt ')'
        { $$ = expr_construct(ps, LOC(@1), specs_type(ps, specs_new(ps, LOC(@1)), 0,
                                                      LOC(@1), $1), $3); }
    | TYPEDEF_NAME '{' args_opt '}'
        { $$ = expr_construct(ps, LOC(@1), specs_type(ps, specs_new(ps, LOC(@1)), 0,
                                                      LOC(@1), $1), $3); }
    ;

/* Lambdas (lang/lambda.c).  A capture is an E_IDENT (op 1: by reference)
 * or, for a default capture, a leaf E_INT whose ival is '&' or '='. */
captures_opt
    : %empty %prec LAMBDA_EMPTY                 { $$ = NULL; }
    | captures                                  { $$ = $1; }
    ;

captures
    : capture                                   { $$ = list_push(ps, NULL, $1); }
    | captures ',' capture                      { $$ = list_push(ps, $1, $3); }
    ;

capture
    : '&'       { $$ = expr_leaf(ps, E_INT, LOC(@1)); if ($$) $$->ival = '&'; }
    | '='       { $$ = expr_leaf(ps, E_INT, LOC(@1)); if ($$) $$->ival = '='; }
    | IDENT     { $$ = expr_leaf(ps, E_IDENT, LOC(@1)); if ($$) $$->name = $1; }
    | '&' IDENT { $$ = expr_leaf(ps, E_IDENT, LOC(@2)); if ($$) { $$->name = $2; $$->op = 1; } }
    | IDENT '=' assign
        {
            (void)$3;
            k_error(ps->ctx, LOC(@1), "init-captures ('%s = ...') are not supported in K"
                    " (declare the variable before the lambda)", $1);
            $$ = expr_leaf(ps, E_IDENT, LOC(@1));
            if ($$) $$->name = $1;
        }
    ;

lambda_params
    : %empty                                    { $$ = NULL; }
    | '(' ')'                                   { $$ = list_new(ps); }
    | '(' param_list ')'                        { $$ = $2; }
    | '(' ')' IDENT             { $$ = list_new(ps); k_parse_lambda_spec(ps, LOC(@3), $3); }
    | '(' param_list ')' IDENT  { $$ = $2; k_parse_lambda_spec(ps, LOC(@4), $4); }
    ;

/* A trailing return type names a type (no struct definition: its '{'
 * would be the body's). */
lambda_ret
    : %empty                                    { $$ = NULL; }
    | ARROW ret_specs abstract_opt              { $$ = type_name(ps, $2, $3); }
    ;

ret_specs
    : qualifier                                 { $$ = specs_new(ps, LOC(@1)); $$->quals |= $1; }
    | type_kw                                   { $$ = specs_type(ps, specs_new(ps, LOC(@1)), $1,
                                                                  LOC(@1), NULL); }
    | TYPEDEF_NAME                              { $$ = specs_type(ps, specs_new(ps, LOC(@1)), 0,
                                                                  LOC(@1), $1); }
    | ret_specs qualifier                       { $$ = $1; $$->quals |= $2; }
    | ret_specs type_kw                         { $$ = specs_type(ps, $1, $2, LOC(@2), NULL); }
    | ret_specs TYPEDEF_NAME                    { $$ = specs_type(ps, $1, 0, LOC(@2), $2); }
    ;

/* the op of the E_CAST: 0 for C's casts */
cxx_cast
    : KW_STATIC_CAST        { $$ = 1; }
    | KW_REINTERPRET_CAST   { $$ = 2; }
    | KW_CONST_CAST         { $$ = 3; }
    ;

/* inline PTX: asm [volatile] ("template" : outputs : inputs : clobbers);
 * translated into K statements by lang/ptx.c */
asm_stmt
    : KW_ASM asm_volatile '(' strings asm_sections ')' ';'
        {
            $$ = k_parse_asm(ps->ctx, LOC(@1), $4, $5 ? $5->items : NULL, $5 ? $5->n : 0);
            if (!$$)
                $$ = stmt_new(ps, S_EMPTY, LOC(@1));
        }
    ;

asm_volatile
    : %empty
    | KW_VOLATILE
    ;

/* each ':' starts a section (a list of operands, or NULL when empty) */
asm_sections
    : %empty                                    { $$ = NULL; }
    | asm_sections ':' asm_ops_opt              { $$ = list_push(ps, $1, $3); }
    ;

asm_ops_opt
    : %empty                                    { $$ = NULL; }
    | asm_ops                                   { $$ = $1; }
    ;

asm_ops
    : asm_op                                    { $$ = list_push(ps, NULL, $1); }
    | asm_ops ',' asm_op                        { $$ = list_push(ps, $1, $3); }
    ;

asm_op
    : strings '(' expr ')'                      { $$ = k_parse_asm_op(ps->ctx, LOC(@1), $1, $3); }
    | strings                                   { $$ = k_parse_asm_op(ps->ctx, LOC(@1), $1, NULL); }
    ;

strings
    : STRING_LIT                                { $$ = $1; }
    | strings STRING_LIT                        { $$ = concat_strings(ps, $1, $2); }
    ;

args_opt
    : %empty                                    { $$ = NULL; }
    | args                                      { $$ = $1; }
    ;

/* an argument may be a braced list: std::min({a, b, c}) (lang/stl.c) */
args
    : initializer                               { $$ = list_push(ps, NULL, $1); }
    | args ',' initializer                      { $$ = list_push(ps, $1, $3); }
    ;

%%
/* ================================================================ lists */
static k_list *list_new(k_parser *ps)
{
    return k_alloc(ps->ctx, sizeof(k_list));
}

static void list_append(k_parser *ps, k_list *l, void *item)
{
    if (!l)
        return;
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

static k_list *list_push(k_parser *ps, k_list *l, void *item)
{
    if (!l)
        l = list_new(ps);
    list_append(ps, l, item);
    return l;
}

/* Copies a list of expressions into a typed array; returns the count. */
static int expr_array(k_parser *ps, const k_list *l, k_expr ***out)
{
    *out = NULL;
    if (!l || l->n == 0)
        return 0;
    k_expr **a = k_alloc(ps->ctx, (size_t)l->n * sizeof *a);
    if (!a)
        return 0;
    for (int i = 0; i < l->n; i++)
        a[i] = l->items[i];
    *out = a;
    return l->n;
}

/* ========================================================== expressions */
static uint32_t max_depth(uint32_t d, const k_expr *e)
{
    return e && e->depth > d ? e->depth : d;
}

/* Sets e's depth from its children.  A tree deeper than K_MAX_EXPR_DEPTH is
 * reported once and cut off (replaced by a 0 leaf), so every recursive pass
 * over expressions has a bounded depth. */
static k_expr *finish_expr(k_parser *ps, k_expr *e)
{
    if (!e)
        return NULL;
    uint32_t d = max_depth(max_depth(max_depth(0, e->lhs), e->rhs), e->cond);
    for (int i = 0; i < 3; i++)
        d = max_depth(d, e->config[i]);
    for (int i = 0; i < e->nargs; i++)
        d = max_depth(d, e->args[i]);
    if (d >= K_MAX_EXPR_DEPTH) {
        if (!ps->depth_reported)
            k_error(ps->ctx, e->loc, "expression nested too deeply (more than %d levels)",
                    K_MAX_EXPR_DEPTH);
        ps->depth_reported = 1;
        return k_expr_new(ps->ctx, E_INT, e->loc);
    }
    e->depth = d + 1;
    return e;
}

static k_expr *expr_leaf(k_parser *ps, k_expr_kind kind, k_loc loc)
{
    return k_expr_new(ps->ctx, kind, loc);
}

static k_expr *expr_unary(k_parser *ps, k_expr_kind kind, int op, k_loc loc, k_expr *e)
{
    k_expr *u = k_expr_new(ps->ctx, kind, loc);
    if (!u)
        return NULL;
    u->op = op;
    u->lhs = e;
    return finish_expr(ps, u);
}

static k_expr *expr_binary(k_parser *ps, k_expr_kind kind, int op, k_loc loc,
                           k_expr *l, k_expr *r)
{
    k_expr *b = k_expr_new(ps->ctx, kind, loc);
    if (!b)
        return NULL;
    b->op = op;
    b->lhs = l;
    b->rhs = r;
    return finish_expr(ps, b);
}

static k_expr *expr_cond(k_parser *ps, k_loc loc, k_expr *c, k_expr *l, k_expr *r)
{
    k_expr *e = k_expr_new(ps->ctx, E_COND, loc);
    if (!e)
        return NULL;
    e->cond = c;
    e->lhs = l;
    e->rhs = r;
    return finish_expr(ps, e);
}

static k_expr *expr_with_args(k_parser *ps, k_expr *e, k_list *args)
{
    if (!e)
        return NULL;
    e->nargs = expr_array(ps, args, &e->args);
    return finish_expr(ps, e);
}

static k_expr *make_init_list(k_parser *ps, k_loc loc, k_list *items)
{
    return expr_with_args(ps, k_expr_new(ps->ctx, E_INIT_LIST, loc), items);
}

/* K calls functions by name only (no function pointers): the callee must be
 * an identifier. */
static const char *callee_name(k_parser *ps, k_expr *callee, const char *what)
{
    if (callee && callee->kind == E_IDENT)
        return callee->name;
    k_error(ps->ctx, callee ? callee->loc : (k_loc){0, 0},
            "%s must name a function (K has no function pointers)", what);
    return NULL;
}

static k_expr *ident_expr(k_parser *ps, const char *name, k_loc loc)
{
    k_expr *e = expr_leaf(ps, E_IDENT, loc);
    if (e)
        e->name = name;
    return e;
}

/* A member function definition or prototype, a constructor or a destructor
 * of the record being parsed (lang/parse_decl.c gives it its `this`). */
static void add_method(k_parser *ps, k_specs *sp, k_declarator *d, int is_const,
                       k_list *inits, k_stmt *body)
{
    if (!d || !d->is_func) {
        k_error(ps->ctx, d ? d->loc : (k_loc){0, 0}, "expected a member function");
        return;
    }
    if (sp && (sp->storage & ST_FRIEND)) {
        /* access is not checked, so a friend's declaration says nothing; a
         * friend defined in the class is an ordinary function */
        sp->storage &= ~(unsigned)ST_FRIEND;
        if (body)
            add_function(ps, sp, d, body);
        return;
    }
    k_specs none = {0};
    none.nvoid = 1;
    if (d->conv_specs) {   /* `inline operator T()`: T is the result, the rest applies */
        d->conv_specs->storage |= sp ? sp->storage : 0;
        sp = d->conv_specs;
    }
    k_decl *f = make_decl(ps, sp ? sp : &none, d);
    if (f)
        k_parse_add_method(ps, f, sp ? sp->storage : d->ctor_storage, is_const, inits, body);
}

/* `(*name)(params)`: name is a pointer to a function taking params. */
static k_declarator *fnptr_dtor(k_parser *ps, k_list *ptrs, k_declarator *d, k_list *params,
                                int variadic)
{
    if (!d)
        return NULL;
    d->fnptr = 1;
    d->fn_ptrs = *ptrs;
    d->fn_variadic = variadic;
    for (int i = 0; params && i < params->n; i++)
        if (params->items[i] && !(params->n == 1 && is_void_param(params->items[i])))
            list_append(ps, &d->fn_params, params->items[i]);
    return d;
}

static void method_proto(k_parser *ps, k_specs *sp, k_declarator *d)
{
    add_method(ps, sp, d, 0, NULL, NULL);
}

/* The declarator of `S(params)` or `~S()` inside S. */
static k_declarator *ctor_dtor(k_parser *ps, k_specs *sp, k_type *cls, k_loc loc, k_list *params,
                               int dtor)
{
    if (sp && sp->resolved == NULL && (sp->nvoid || sp->nint || sp->nbuiltin || sp->nfloat ||
                                       sp->ndouble || sp->nchar || sp->nlong || sp->nshort))
        k_error(ps->ctx, loc, "a %s cannot have a return type", dtor ? "destructor" : "constructor");
    k_declarator *d = dtor_func(ps, dtor_new(ps, loc, k_parse_ctor_name(ps, cls, loc, dtor)),
                                params, 0);
    if (d)
        d->ctor_storage = sp ? sp->storage : 0;
    return d;
}

static k_expr *expr_call(k_parser *ps, k_loc loc, k_expr *callee, k_list *args)
{
    if (callee && callee->kind == E_MEMBER) {   /* obj.f(args): a member function call */
        callee->kind = E_MCALL;
        return expr_with_args(ps, callee, args);
    }
    if (callee && callee->kind != E_IDENT) {    /* (*fp)(args), ops[i](args) */
        k_expr *e = k_expr_new(ps->ctx, E_CALL, loc);
        if (!e)
            return NULL;
        e->lhs = callee;
        return expr_with_args(ps, e, args);
    }
    const char *name = callee_name(ps, callee, "the called object");
    if (!name)
        return callee;
    k_expr *e = k_expr_new(ps->ctx, E_CALL, loc);
    if (!e)
        return NULL;
    e->name = name;
    e->targs = callee->targs;
    e->ntargs = callee->ntargs;
    e->has_targs = callee->has_targs;
    e->tpl_class = callee->tpl_class;
    return expr_with_args(ps, e, args);
}

static k_expr *expr_launch(k_parser *ps, k_loc loc, k_expr *callee, k_list *config,
                           k_list *args)
{
    const char *name = callee_name(ps, callee, "the launched kernel");
    if (!name)
        return callee;
    k_expr *e = k_expr_new(ps->ctx, E_LAUNCH, loc);
    if (!e)
        return NULL;
    e->name = name;
    e->targs = callee->targs;
    e->ntargs = callee->ntargs;
    e->has_targs = callee->has_targs;
    e->tpl_class = callee->tpl_class;
    if (config->n < 2 || config->n > 4)
        k_error(ps->ctx, loc, "a kernel launch takes 2 to 4 configuration arguments"
                " (grid, block, shared bytes, stream), not %d", config->n);
    for (int i = 0; i < config->n && i < 4; i++)
        e->config[i] = config->items[i];
    return expr_with_args(ps, e, args);
}

static k_type *base_type(k_parser *ps, k_specs *sp);

/* `dim3(x, y)` builds a record; `float(x)` is a functional cast; `int()` is
 * a value-initialised zero, as in C++. */
static k_expr *expr_construct(k_parser *ps, k_loc loc, k_specs *sp, k_list *args)
{
    k_type *t = base_type(ps, sp);
    int n = args ? args->n : 0;
    /* C<T>(a, b): a class template's constructor (one argument: a cast,
     * which sema makes a construction when C<T> is a class) */
    if (t && (t->kind == TY_RECORD || (t->kind == TY_TEMPLATE_ID && n > 1))) {
        k_expr *e = k_expr_new(ps->ctx, E_CONSTRUCT, loc);
        if (e)
            e->type_written = t;
        return expr_with_args(ps, e, args);
    }
    if (t && (t->kind == TY_DIM3 || t->kind == TY_UINT3)) {
        k_expr *e = k_expr_new(ps->ctx, E_CONSTRUCT, loc);
        if (!e)
            return NULL;
        e->type_written = t;
        if (n > 3)
            k_error(ps->ctx, loc, "too many arguments to %s (at most 3)",
                    t->kind == TY_DIM3 ? "dim3" : "uint3");
        return expr_with_args(ps, e, args);
    }
    k_expr *e = k_expr_new(ps->ctx, E_CAST, loc);
    if (!e)
        return NULL;
    e->type_written = t;
    if (n == 0) {
        e->lhs = k_expr_new(ps->ctx, E_INT, loc);
    } else {
        if (n > 1)
            k_error(ps->ctx, loc, "a functional cast takes one argument, not %d", n);
        e->lhs = args->items[0];
    }
    return finish_expr(ps, e);
}

static k_expr *concat_strings(k_parser *ps, k_expr *a, k_expr *b)
{
    if (!a || !b)
        return a ? a : b;
    char *s = k_alloc(ps->ctx, a->strlen + b->strlen + 1);
    if (!s)
        return a;
    memcpy(s, a->str, a->strlen);
    memcpy(s + a->strlen, b->str, b->strlen);
    s[a->strlen + b->strlen] = '\0';
    a->str = s;
    a->strlen += b->strlen;
    return a;
}

/* ================================================================ types */
static k_specs *specs_new(k_parser *ps, k_loc loc)
{
    k_specs *sp = k_alloc(ps->ctx, sizeof *sp);
    if (sp)
        sp->loc = loc;
    return sp;
}

static k_specs *specs_type(k_parser *ps, k_specs *sp, int token, k_loc loc, k_type *tdef)
{
    (void)ps;
    (void)loc;
    if (!sp)
        return NULL;
    if (tdef) {
        sp->nbuiltin++;
        sp->typedef_type = tdef;
        return sp;
    }
    switch (token) {
    case KW_VOID: sp->nvoid++; break;
    case KW_BOOL: sp->nbool++; break;
    case KW_CHAR: sp->nchar++; break;
    case KW_SHORT: sp->nshort++; break;
    case KW_INT: sp->nint++; break;
    case KW_LONG: sp->nlong++; break;
    case KW_SIGNED: sp->nsigned++; break;
    case KW_UNSIGNED: sp->nunsigned++; break;
    case KW_FLOAT: sp->nfloat++; break;
    case KW_DOUBLE: sp->ndouble++; break;
    case KW_DIM3: sp->nbuiltin++; sp->builtin = TY_DIM3; break;
    case KW_UINT3: sp->nbuiltin++; sp->builtin = TY_UINT3; break;
    case KW_CUDA_DEVICE_PROP: sp->nbuiltin++; sp->builtin = TY_DEVPROP; break;
    case KW_AUTO: sp->nbuiltin++; sp->builtin = TY_AUTO; break;
    /* The typedef-like builtins keep their spelling in k_type.alias. */
    case KW_SIZE_T: sp->nbuiltin++; sp->builtin = TY_ULONG; sp->alias = "size_t"; break;
    case KW_CUDA_ERROR_T: sp->nbuiltin++; sp->builtin = TY_INT; sp->alias = "cudaError_t"; break;
    case KW_CUDA_EVENT_T: sp->nbuiltin++; sp->builtin = TY_PTR; sp->alias = "cudaEvent_t"; break;
    case KW_CUDA_STREAM_T: sp->nbuiltin++; sp->builtin = TY_PTR; sp->alias = "cudaStream_t"; break;
    case KW_CUDA_MEMPOOL_T: sp->nbuiltin++; sp->builtin = TY_PTR; sp->alias = "cudaMemPool_t"; break;
    /* a va_list counts the variable arguments read so far (lang/stdarg.c) */
    case KW_VA_LIST: sp->nbuiltin++; sp->builtin = TY_INT; sp->alias = "va_list"; break;
    default: break;
    }
    return sp;
}

static int specs_valid(const k_specs *sp)
{
    int mains = sp->nvoid + sp->nbool + sp->nchar + sp->nfloat + sp->ndouble + sp->nbuiltin;
    int sign = sp->nsigned + sp->nunsigned;
    if (mains > 1 || sp->nint > 1 || sp->nshort > 1 || sp->nlong > 2 || sign > 1)
        return 0;
    if (sp->nshort && sp->nlong)
        return 0;
    if (sign && mains && !sp->nchar)
        return 0;
    if (mains && (sp->nint || sp->nshort || (sp->nlong && !sp->ndouble)))
        return 0;
    return 1;
}

static k_type_kind integer_kind(const k_specs *sp)
{
    int u = sp->nunsigned > 0;
    if (sp->nchar)
        return sp->nunsigned ? TY_UCHAR : sp->nsigned ? TY_SCHAR : TY_CHAR;
    if (sp->nshort)
        return u ? TY_USHORT : TY_SHORT;
    if (sp->nlong == 1)
        return u ? TY_ULONG : TY_LONG;
    if (sp->nlong == 2)
        return u ? TY_ULLONG : TY_LLONG;
    return u ? TY_UINT : TY_INT;
}

/* Resolves the specifiers to a fresh type node (each declarator gets its own,
 * so sema may annotate them independently).  Errors are reported once. */
static k_type *base_type(k_parser *ps, k_specs *sp)
{
    if (!sp)
        return k_type_new(ps->ctx, TY_INT);
    int report = sp->resolved == NULL;
    k_type *t = NULL;
    if (sp->typedef_type && specs_valid(sp)) {
        t = k_alloc(ps->ctx, sizeof *t);
        if (t)
            *t = *sp->typedef_type;
    } else if (!specs_valid(sp)) {
        if (report)
            k_error(ps->ctx, sp->loc, "invalid combination of type specifiers");
        t = k_type_new(ps->ctx, TY_INT);
    } else if (sp->nbuiltin) {
        t = k_type_new(ps->ctx, sp->builtin);
        if (t && sp->builtin == TY_PTR)
            t->base = k_type_new(ps->ctx, TY_VOID);
        if (t)
            t->alias = sp->alias;
    } else {
        k_type_kind kind = sp->nvoid ? TY_VOID : sp->nbool ? TY_BOOL
                         : sp->nfloat ? TY_FLOAT : sp->ndouble ? TY_DOUBLE : integer_kind(sp);
        if (report && sp->ndouble && sp->nlong)
            k_warning(ps->ctx, sp->loc, "'long double' is treated as 'double' in K");
        if (report && !sp->nvoid && !sp->nbool && !sp->nfloat && !sp->ndouble && !sp->nchar
            && !sp->nshort && !sp->nlong && !sp->nint && !sp->nsigned && !sp->nunsigned) {
            if (!ps->conv_op_reported)
                k_error(ps->ctx, sp->loc, "type specifier missing (K has no implicit int)");
            ps->conv_op_reported = 0;
        }
        t = k_type_new(ps->ctx, kind);
    }
    if (t)
        t->quals |= sp->quals;
    sp->resolved = t;
    return t;
}

/* Arbitrary limits that keep types shallow enough for recursive passes. */
#define MAX_POINTER_LEVELS 32
#define MAX_ARRAY_DIMS 32

/* Wraps base in the declarator's pointers and array dimensions:
 * `int *a[2][3]` is array 2 of array 3 of pointer to int. */
static k_type *build_type(k_parser *ps, k_type *base, k_declarator *d)
{
    k_type *t = base;
    if (d->ptr_quals.n > MAX_POINTER_LEVELS)
        k_error(ps->ctx, d->loc, "too many levels of pointers (at most %d)",
                MAX_POINTER_LEVELS);
    for (int i = 0; i < d->ptr_quals.n && i < MAX_POINTER_LEVELS; i++) {
        t = k_type_ptr(ps->ctx, t);
        if (t)
            t->quals = (unsigned)(uintptr_t)d->ptr_quals.items[i];
    }
    if (d->is_ref) {
        k_type *r = k_type_new(ps->ctx, TY_REF);
        if (r) {
            r->base = t;
            t = r;
        }
    }
    if (d->is_func) {
        if (d->dims.n)
            k_error(ps->ctx, d->loc, "a function cannot return an array");
        k_type *f = k_type_new(ps->ctx, TY_FUNC);
        if (f)
            f->base = t;
        return f;
    }
    if (d->fnptr) {   /* T (*p)(params): pointer(s) to a function returning T */
        k_type *f = k_type_new(ps->ctx, TY_FUNC);
        f->base = t;
        f->nparams = d->fn_params.n;
        f->variadic = d->fn_variadic;
        f->params = k_alloc(ps->ctx, sizeof *f->params * (size_t)(f->nparams + 1));
        for (int i = 0; i < f->nparams; i++)
            f->params[i] = ((k_decl *)d->fn_params.items[i])->type;
        t = f;
        for (int i = 0; i < d->fn_ptrs.n && i < MAX_POINTER_LEVELS; i++) {
            t = k_type_ptr(ps->ctx, t);
            t->quals = (unsigned)(uintptr_t)d->fn_ptrs.items[i];
        }
    }
    if (d->dims.n > MAX_ARRAY_DIMS)
        k_error(ps->ctx, d->loc, "too many array dimensions (at most %d)", MAX_ARRAY_DIMS);
    int n = d->dims.n < MAX_ARRAY_DIMS ? d->dims.n : MAX_ARRAY_DIMS;
    for (int i = n - 1; i >= 0; i--)
        t = k_type_array(ps->ctx, t, d->dims.items[i]);
    return t;
}

static k_type *type_name(k_parser *ps, k_specs *sp, k_declarator *d)
{
    if (sp && sp->storage)
        k_error(ps->ctx, sp->loc, "storage class in a type name");
    return build_type(ps, base_type(ps, sp), d);
}

/* The type of a record member (parse_decl.c adds it to the record). */
static k_type *member_type(k_parser *ps, k_specs *sp, k_declarator *d)
{
    if (d->is_func || d->is_ctor)
        k_error(ps->ctx, d->loc, "member functions are not supported yet");
    d->is_func = 0;
    return build_type(ps, base_type(ps, sp), d);
}

/* ========================================================== declarators */
static k_declarator *dtor_new(k_parser *ps, k_loc loc, const char *name)
{
    k_declarator *d = k_alloc(ps->ctx, sizeof *d);
    if (d) {
        d->loc = loc;
        d->name = name;
    }
    return d;
}

static k_declarator *dtor_pointer(k_parser *ps, k_list *ptrs, k_declarator *d)
{
    (void)ps;
    if (d && ptrs)
        d->ptr_quals = *ptrs;
    return d;
}

static int is_void_param(const k_decl *p)
{
    return p && !p->name && p->type && p->type->kind == TY_VOID;
}

static k_declarator *dtor_func(k_parser *ps, k_declarator *d, k_list *params, int variadic)
{
    if (!d)
        return NULL;
    k_tpl_declared(ps, d->name);
    d->is_func = 1;
    d->variadic = variadic;
    if (!params)
        return d;
    /* `(void)` declares no parameters. */
    if (params->n == 1 && !variadic && is_void_param(params->items[0]))
        return d;
    for (int i = 0; i < params->n; i++) {
        k_decl *p = params->items[i];
        if (p && p->type && p->type->kind == TY_VOID)
            k_error(ps->ctx, p->loc, "a parameter cannot have type 'void'"
                    " ('(void)' alone means no parameters)");
        list_append(ps, &d->params, p);
    }
    return d;
}

static k_decl *make_param(k_parser *ps, k_specs *sp, k_declarator *d, k_loc loc)
{
    if (!d)
        return NULL;
    k_loc at = d->name ? d->loc : loc;
    k_decl *p = k_decl_new(ps->ctx, D_PARAM, at, d->name);
    if (!p)
        return NULL;
    if (sp && (sp->storage || sp->is_typedef))
        k_error(ps->ctx, sp->loc, "storage class specified for a parameter");
    if (d->is_func)
        k_error(ps->ctx, at, "function parameters are not supported in K"
                " (no function pointers)");
    if (d->is_ctor)
        k_error(ps->ctx, at, "a parameter cannot have constructor arguments");
    d->is_func = 0;
    p->type = build_type(ps, base_type(ps, sp), d);
    return p;
}

static void fill_function(k_parser *ps, k_decl *f, k_declarator *d)
{
    f->variadic = d->variadic;
    f->nparams = d->params.n;
    if (f->nparams) {
        f->params = k_alloc(ps->ctx, (size_t)f->nparams * sizeof *f->params);
        if (!f->params) {
            f->nparams = 0;
            return;
        }
        for (int i = 0; i < f->nparams; i++)
            f->params[i] = d->params.items[i];
    }
}

/* Builds the k_decl of one declarator under the given specifiers. */
static k_decl *make_decl(k_parser *ps, k_specs *sp, k_declarator *d)
{
    k_decl *decl = k_decl_new(ps->ctx, d->is_func ? D_FUNC : D_VAR, d->loc, d->name);
    if (!decl)
        return NULL;
    decl->type = build_type(ps, base_type(ps, sp), d);
    decl->storage = sp ? sp->storage : 0;
    decl->align_expr = sp ? sp->align_expr : NULL;
    if (d->is_func) {
        fill_function(ps, decl, d);
        if (d->init)
            k_error(ps->ctx, d->loc, "function '%s' is initialized like a variable", d->name);
        return decl;
    }
    decl->init = d->init;
    if (d->is_ctor) {
        decl->nctor = d->ctor_args.n;
        decl->ctor_args = k_alloc(ps->ctx, (size_t)d->ctor_args.n * sizeof *decl->ctor_args);
        if (!decl->ctor_args)
            decl->nctor = 0;
        for (int i = 0; i < decl->nctor; i++)
            decl->ctor_args[i] = d->ctor_args.items[i];
        if (d->init)
            k_error(ps->ctx, d->loc, "'%s' has both constructor arguments and an initializer",
                    d->name);
    }
    return decl;
}

/* `typedef T name;` records name so the scanner returns it as a type name. */
static void add_typedefs(k_parser *ps, k_specs *sp, k_list *dtors)
{
    for (int i = 0; dtors && i < dtors->n; i++) {
        k_declarator *d = dtors->items[i];
        if (!d)
            continue;
        if (d->is_func || d->is_ctor || d->init) {
            k_error(ps->ctx, d->loc, "unsupported typedef of '%s' (K allows typedefs of"
                    " scalar, pointer, array and record types)", d->name);
            continue;
        }
        k_type *t = build_type(ps, base_type(ps, sp), d);
        if (t && t->kind == TY_RECORD && !t->rec->tag)  /* typedef struct {...} S; */
            t->rec->tag = d->name;
        k_parse_add_typedef(ps, k_ns_qualify(ps->ctx, ps->ns, d->name), t);
    }
}

static k_stmt *make_decl_stmt(k_parser *ps, k_loc loc, k_specs *sp, k_list *dtors)
{
    int extra = k_parse_specs_extra(sp);
    if (sp && sp->is_typedef) {
        if (sp->storage)
            k_error(ps->ctx, loc, "storage class in a typedef");
        add_typedefs(ps, sp, dtors);
        dtors = NULL;
    } else if ((!dtors || dtors->n == 0) && !extra && !(sp && sp->typedef_type &&
                                                         sp->typedef_type->kind == TY_RECORD)) {
        k_warning(ps->ctx, loc, "declaration does not declare anything");
        return NULL;
    }
    if (!extra && !dtors)
        return NULL;
    k_stmt *s = k_stmt_new(ps->ctx, S_DECL, loc);
    if (!s)
        return NULL;
    s->decls = k_alloc(ps->ctx, (size_t)((dtors ? dtors->n : 0) + extra) * sizeof *s->decls);
    if (!s->decls)
        return s;
    k_parse_specs_decls(ps, s, sp);
    for (int i = 0; dtors && i < dtors->n; i++) {
        k_declarator *d = dtors->items[i];
        if (d && (s->decls[s->ndecls] = make_decl(ps, sp, d)))
            s->ndecls++;
        if (d && !ps->tpl.head_open)   /* a variable template stays a template */
            k_parse_add_ordinary(ps, d->name);
    }
    return s;
}

/* A file-scope declaration inside `namespace N { }` is named "N::name"; it
 * sees the names of the namespace its qualified name is in. */
static void qualify(k_parser *ps, k_decl *d)
{
    if (d->kind == D_USING || d->kind == D_STATIC_ASSERT)
        return;
    d->name = k_ns_qualify(ps->ctx, ps->ns, d->name);
    d->ns = d->name ? k_ns_of(ps->ctx, d->name) : NULL;
}

static void add_file_decls(k_parser *ps, k_stmt *s)
{
    for (int i = 0; s && i < s->ndecls; i++) {
        qualify(ps, s->decls[i]);
        list_append(ps, &ps->decls, s->decls[i]);
    }
}

/* ================================================================ C++ */
/* `new T`, `new T[n]`, `new T(args)` (op 1: parenthesized, args may be
 * none); sema makes it a malloc (lang/cxx.c). */
static k_expr *expr_new(k_parser *ps, k_loc loc, k_specs *sp, k_list *ptrs, k_expr *count,
                        k_list *init)
{
    k_declarator *d = dtor_new(ps, loc, NULL);
    if (d && ptrs)
        d = dtor_pointer(ps, ptrs, d);
    k_expr *e = k_expr_new(ps->ctx, E_NEW, loc);
    if (!e || !d)
        return NULL;
    e->type_written = type_name(ps, sp, d);
    e->lhs = count;
    e->op = init != NULL;
    return expr_with_args(ps, e, init);
}

/* The lambda's function: its parameters and body, returning ret (TY_AUTO
 * when not written: sema deduces it from the returns). */
static k_expr *make_lambda(k_parser *ps, k_loc loc, k_list *caps, k_list *params, k_type *ret,
                           k_stmt *body)
{
    k_expr *e = k_expr_new(ps->ctx, E_LAMBDA, loc);
    k_decl *f = k_decl_new(ps->ctx, D_FUNC, loc, "lambda");
    k_type *ft = k_type_new(ps->ctx, TY_FUNC);
    if (!e || !f || !ft)
        return NULL;
    ft->base = ret ? ret : k_type_new(ps->ctx, TY_AUTO);
    f->type = ft;
    f->body = body;
    f->ns = ps->ns;
    f->nparams = params ? params->n : 0;
    f->params = f->nparams ? k_alloc(ps->ctx, sizeof *f->params * (size_t)f->nparams) : NULL;
    for (int i = 0; f->params && i < f->nparams; i++)
        f->params[i] = params->items[i];
    e->lambda = f;
    return expr_with_args(ps, e, caps);
}

static k_stmt *cond_decl(k_parser *ps, k_loc loc, k_specs *sp, k_declarator *d, k_expr *init)
{
    k_stmt *s = k_stmt_new(ps->ctx, S_IF, loc);
    k_expr *x = k_expr_new(ps->ctx, E_IDENT, d ? d->loc : loc);
    if (!s || !x || !d)
        return NULL;
    d->init = init;
    s->init = make_decl_stmt(ps, loc, sp, list_push(ps, NULL, d));
    x->name = d->name;
    s->expr = x;
    return s;
}

/* `T S::f(...) {...}` and `S::S(...) : m(a) {...}` outside S: the
 * definition of a member function declared in S.  Returns 0 when d names
 * no member of a class (then it is an ordinary function). */
static int add_method_def(k_parser *ps, k_specs *sp, k_declarator *d, int is_const,
                          k_list *inits, k_stmt *body)
{
    k_record *r = d && d->is_func ? k_parse_method_class(ps, d->name) : NULL;
    if (!r) {
        if (d && (is_const || inits))
            k_error(ps->ctx, d->loc, "'%s' is not a member function of a class", d->name);
        return 0;
    }
    k_specs none = {0};
    none.nvoid = 1;
    none.storage = sp ? sp->storage : 0;
    int ctor = k_parse_is_ctor_name(d->name);
    if (ctor && sp && !specs_valid(sp))
        ctor = 0;
    k_decl *f = make_decl(ps, ctor ? &none : sp ? sp : &none, d);
    if (f)
        k_parse_define_method(ps, r, f, none.storage, is_const, inits, body);
    return 1;
}

static void add_function(k_parser *ps, k_specs *sp, k_declarator *d, k_stmt *body)
{
    if (!d)
        return;
    if (k_parse_method_class(ps, d->name) && add_method_def(ps, sp, d, 0, NULL, body))
        return;
    if (!d->is_func) {
        k_error(ps->ctx, d->loc, "expected '=', ',' or ';' after the declarator of '%s'"
                " (only functions have a body)", d->name);
        return;
    }
    if (sp && sp->is_typedef) {
        k_error(ps->ctx, d->loc, "a function definition cannot be a typedef");
        return;
    }
    k_decl *f = make_decl(ps, sp, d);
    if (f) {
        qualify(ps, f);
        f->body = body;
        list_append(ps, &ps->decls, f);
    }
}

/* =========================================================== statements */
static k_stmt *stmt_new(k_parser *ps, k_stmt_kind kind, k_loc loc)
{
    return k_stmt_new(ps->ctx, kind, loc);
}

static k_stmt *make_block(k_parser *ps, k_loc loc, k_list *items)
{
    k_stmt *s = k_stmt_new(ps->ctx, S_BLOCK, loc);
    if (!s || !items || items->n == 0)
        return s;
    s->stmts = k_alloc(ps->ctx, (size_t)items->n * sizeof *s->stmts);
    if (!s->stmts)
        return s;
    for (int i = 0; i < items->n; i++)
        s->stmts[s->nstmts++] = items->items[i];
    return s;
}

/* A type name of the built-in library (the cooperative groups, lang/cg.c):
 * a typedef under its qualified name. */
static void add_builtin_type(void *arg, const char *name, k_type *type)
{
    k_parser *ps = arg;
    list_append(ps, &ps->typedef_names, (void *)name);
    list_append(ps, &ps->typedef_types, type);
}

/* ============================================================== scanner */
static int typedef_probe(void *arg, const char *qname)
{
    return k_parse_typedef_lookup(arg, qname) != NULL;
}

/* The typedef a name written here stands for, through namespaces. */
static k_type *typedef_lookup(k_parser *ps, const char *name)
{
    k_ns_view v = { ps->ns, (k_decl *const *)ps->uses.items, ps->uses.n };
    const char *q = k_ns_resolve(ps->ctx, &v, name, typedef_probe, ps);
    return q ? k_parse_typedef_lookup(ps, q) : NULL;
}

static k_expr *literal(k_parser *ps, k_expr_kind kind, const k_token *t)
{
    k_expr *e = k_expr_new(ps->ctx, kind, t->loc);
    if (!e)
        return NULL;
    e->ival = t->ival;
    e->fval = t->fval;
    e->str = t->str ? t->str : (char *)"";
    e->strlen = t->strlen;
    e->int_unsigned = t->int_unsigned;
    e->int_long = t->int_long;
    e->int_nondecimal = t->int_nondecimal;
    e->is_single = t->is_single;
    return e;
}

static int k_yylex(K_YYSTYPE *lval, K_YYLTYPE *lloc, k_parser *ps)
{
    k_token *t = &ps->tok;
    if (ps->tpl.pending_close)
        return k_tpl_pending(ps, lloc);
    int errors_before = ps->ctx->nerrors;
    int kind = k_lexer_next(&ps->lx, t);
    if (ps->ctx->nerrors != errors_before)
        ps->lex_error_token = ps->ntokens + 1;
    ps->ntokens++;
    lloc->first_line = (int)t->loc.line;
    lloc->first_column = (int)t->loc.col;
    lloc->last_line = (int)t->end.line;
    lloc->last_column = (int)t->end.col;
    switch (kind) {
    case IDENT: {
        /* `C<args>::m`: the member after a class template's id */
        if (ps->tpl.prev_kind == TPL_CLOSE && t->len > 2 && t->text[0] == ':') {
            lval->name = k_strndup(ps->ctx, t->text + 2, t->len - 2);
            kind = SCOPED_NAME;
            break;
        }
        /* `P::template f`: f is a member template (lang/templates_member.c) */
        if (k_tpl_member_name(ps, t->text, t->len, &lval->name)) {
            kind = TEMPLATE_NAME;
            break;
        }
        /* `::x` keeps its "::": lookup (lang/namespaces.c) reads it as the global x */
        const char *name = k_strndup(ps->ctx, t->text, t->len);
        if (name && (!strcmp(name, "asm") || !strcmp(name, "__asm__") || !strcmp(name, "__asm"))) {
            kind = KW_ASM;
            break;
        }
        if (name && k_parse_unsupported_name(ps, name, t->loc)) {
            ps->stopped = 1;   /* one error, then the end: no cascade of syntax errors */
            return 0;
        }
        /* after `.` or `->` a name is a member's: `d.count()` calls the member
         * even where std::count is in view */
        if (ps->prev_kind == '.' || ps->prev_kind == ARROW) {
            lval->name = name ? name : "?";
            break;
        }
        k_type *tdef = ps->typedef_names.n && name ? typedef_lookup(ps, name) : NULL;
        if (!tdef && name)
            tdef = k_vector_type(ps->ctx, name);
        if (tdef && k_parse_type_name_here(ps) && !k_tpl_self_id(ps, name)) {
            lval->type = tdef;
            kind = TYPEDEF_NAME;
            break;
        }
        lval->name = name ? name : "?";
        /* a member (s.count) or a name the program declared (int count)
         * is not a template that `using namespace std` brings in */
        int plain = ps->prev_kind == '.' || ps->prev_kind == ARROW ||
                    (name && k_parse_is_ordinary(ps, name));
        if (name && !plain && k_tpl_classify(ps, &lval->name))
            kind = lval->name && k_tpl_lookup(&ps->tpl, lval->name) == K_TPL_CLASS
                   ? TEMPLATE_TYPE : TEMPLATE_NAME;
        break;
    }
    case INT_LIT: lval->expr = literal(ps, E_INT, t); break;
    case FLOAT_LIT: lval->expr = literal(ps, E_FLOAT, t); break;
    case CHAR_LIT: lval->expr = literal(ps, E_CHAR, t); break;
    case STRING_LIT: lval->expr = literal(ps, E_STRING, t); break;
    case KW_TEMPLATE:
        if (k_tpl_nested_head(ps, t->loc)) {
            ps->stopped = 1;   /* one error, then the end */
            return 0;
        }
        break;
    case KW_VIRTUAL:   /* reported once, then read past: the function is an ordinary one */
        k_error(ps->ctx, t->loc, "virtual functions are not supported in K");
        return k_yylex(lval, lloc, ps);
    default:
        break;
    }
    kind = k_tpl_filter(ps, kind, lloc);
    if (kind == '(' && k_parse_fnptr_open(ps))
        kind = FNPTR_OPEN;
    /* `class` starts a record except in a template's parameter list */
    if (kind == KW_CLASS && ps->prev_kind != TPL_OPEN && ps->prev_kind != ',')
        kind = KW_CLASS_RECORD;
    k_parse_token_hook(ps, kind);
    return kind;
}

/* ======================================================== syntax errors */
/* How a grammar symbol reads in a message: 'if', ';', identifier. */
static void symbol_text(yysymbol_kind_t sym, char *buf, size_t size)
{
    const char *name = yysymbol_name(sym);
    size_t n = strlen(name);
    if (n >= 2 && name[0] == '"' && name[n - 1] == '"') {
        name++;
        n -= 2;
    }
    int descriptive = sym == YYSYMBOL_YYEOF || sym == YYSYMBOL_IDENT
                   || sym == YYSYMBOL_TYPEDEF_NAME || sym == YYSYMBOL_INT_LIT
                   || sym == YYSYMBOL_TEMPLATE_NAME || sym == YYSYMBOL_TEMPLATE_TYPE
                   || sym == YYSYMBOL_FLOAT_LIT || sym == YYSYMBOL_CHAR_LIT
                   || sym == YYSYMBOL_STRING_LIT || name[0] == '\'';
    if (sym == YYSYMBOL_YYEOF)
        snprintf(buf, size, "end of input");
    else if (descriptive)
        snprintf(buf, size, "%.*s", (int)n, name);
    else
        snprintf(buf, size, "'%.*s'", (int)n, name);
}

/* The offending token, quoting its text: identifier 'x', constant '12'. */
static void lookahead_text(const k_parser *ps, yysymbol_kind_t sym, char *buf, size_t size)
{
    const k_token *t = &ps->tok;
    int len = t->len > 40 ? 40 : (int)t->len;
    const char *more = t->len > 40 ? "..." : "";
    switch (sym) {
    case YYSYMBOL_YYEOF:
        snprintf(buf, size, "end of input");
        break;
    case YYSYMBOL_IDENT:
        snprintf(buf, size, "identifier '%.*s%s'", len, t->text, more);
        break;
    case YYSYMBOL_TYPEDEF_NAME:
        snprintf(buf, size, "type name '%.*s%s'", len, t->text, more);
        break;
    case YYSYMBOL_TEMPLATE_NAME: case YYSYMBOL_TEMPLATE_TYPE:
        snprintf(buf, size, "template name '%.*s%s'", len, t->text, more);
        break;
    case YYSYMBOL_INT_LIT: case YYSYMBOL_FLOAT_LIT: case YYSYMBOL_CHAR_LIT:
        snprintf(buf, size, "constant '%.*s%s'", len, t->text, more);
        break;
    case YYSYMBOL_STRING_LIT:
        snprintf(buf, size, "string literal");
        break;
    default:
        symbol_text(sym, buf, size);
    }
}

/* When one of these closers is expected it is almost always what is missing,
 * whatever operators could also continue the expression. */
static int pick_closer(const yysymbol_kind_t *exp, int n)
{
    static const char *const closers[] = { "';'", "')'", "']'", "'}'", "':'" };
    for (size_t c = 0; c < sizeof closers / sizeof closers[0]; c++)
        for (int i = 0; i < n; i++)
            if (strcmp(yysymbol_name(exp[i]), closers[c]) == 0)
                return i;
    return -1;
}

static int expects(const yysymbol_kind_t *exp, int n, yysymbol_kind_t sym)
{
    for (int i = 0; i < n; i++)
        if (exp[i] == sym)
            return 1;
    return 0;
}

/* Character tokens have no stable symbol number: find them by name. */
static int expects_char(const yysymbol_kind_t *exp, int n, const char *quoted)
{
    for (int i = 0; i < n; i++)
        if (strcmp(yysymbol_name(exp[i]), quoted) == 0)
            return 1;
    return 0;
}

static int yyreport_syntax_error(const yypcontext_t *yyctx, k_parser *ps)
{
    k_loc loc = LOC(*yypcontext_location(yyctx));
    yysymbol_kind_t la = yypcontext_token(yyctx);
    if (ps->unsupported_at.line && ps->unsupported_at.line == loc.line
        && ps->unsupported_at.col == loc.col)
        return 0;                 /* the scanner already said 'struct' is not K */
    if (ps->stopped)
        return 0;                 /* an unsupported construct ended the parse */
    /* A bad token (unterminated string...) was reported just before: the
     * syntax error is its echo. */
    if (ps->lex_error_token && ps->ntokens - ps->lex_error_token <= 1)
        return 0;
    yysymbol_kind_t exp[YYNTOKENS];
    int n = yypcontext_expected_tokens(yyctx, exp, YYNTOKENS);
    char what[96], want[64];
    lookahead_text(ps, la, what, sizeof what);
    if (la == YYSYMBOL_YYEOF && expects_char(exp, n, "'}'")) {
        k_error(ps->ctx, loc, "syntax error: expected '}' at end of input");
        return 0;
    }
    /* Where a declaration may start (file scope, a block's start), a missing
     * ';' is rarely the problem. */
    int closer = n > 1 && !expects(exp, n, YYSYMBOL_KW_GLOBAL) ? pick_closer(exp, n) : -1;
    if (n > 1 && closer < 0 && expects(exp, n, YYSYMBOL_INT_LIT)) {
        k_error(ps->ctx, loc, "syntax error: expected an expression before %s", what);
        return 0;
    }
    if (n == 1 || closer >= 0) {
        symbol_text(exp[n == 1 ? 0 : closer], want, sizeof want);
        k_error(ps->ctx, loc, "syntax error: expected %s before %s", want, what);
        return 0;
    }
    char list[256] = "";
    size_t used = 0;
    for (int i = 0; i < n && n <= 5; i++) {
        symbol_text(exp[i], want, sizeof want);
        int w = snprintf(list + used, sizeof list - used, "%s%s",
                         i == 0 ? ", expecting " : i == n - 1 ? " or " : ", ", want);
        if (w < 0 || (size_t)w >= sizeof list - used)
            break;
        used += (size_t)w;
    }
    k_error(ps->ctx, loc, "syntax error, unexpected %s%s", what, list);
    return 0;
}

static void k_yyerror(K_YYLTYPE *loc, k_parser *ps, const char *msg)
{
    if (strcmp(msg, "memory exhausted") == 0)
        k_error(ps->ctx, LOC(*loc), "nesting too deep (more than the parser's %d stack entries)",
                YYMAXDEPTH);
    else
        k_error(ps->ctx, LOC(*loc), "%s", msg);
}

/* ================================================================ entry */
k_unit *k_parse(k_ctx *ctx, const char *text, size_t len)
{
    k_parser ps;
    memset(&ps, 0, sizeof ps);
    ps.ctx = ctx;
    k_tpl_scan_init(ctx, &ps.tpl);
    k_unit *unit = k_alloc(ctx, sizeof *unit);
    /* The scanner needs a NUL sentinel after the text; the caller's buffer
     * may not have one. */
    char *copy = k_alloc(ctx, len + 1);
    if (!unit || !copy) {
        k_error(ctx, (k_loc){0, 0}, "out of memory");
        return unit;
    }
    memcpy(copy, text, len);
    /* A NUL byte means a binary file: one clear error instead of a flood. */
    const char *nul = memchr(copy, '\0', len);
    if (nul) {
        uint32_t line = 1;
        const char *line_start = copy;
        for (const char *p = copy; p < nul; p++)
            if (*p == '\n')
                line++, line_start = p + 1;
        k_error(ctx, (k_loc){ line, (uint32_t)(nul - line_start) + 1 },
                "the input contains NUL bytes (is it a binary file?)");
        return unit;
    }
    k_lexer_init(&ps.lx, ctx, copy, len);
    k_type *lib_type;
    const char *lib_name;
    for (int i = 0; (lib_name = k_lib_typedef(ctx, i, &lib_type)) != NULL; i++) {
        list_append(&ps, &ps.typedef_names, (void *)lib_name);
        list_append(&ps, &ps.typedef_types, lib_type);
    }
    k_cg_types(ctx, add_builtin_type, &ps);
    int errors_before = ctx->nerrors;
    if (k_yyparse(&ps) != 0 && ctx->nerrors == errors_before)
        k_error(ctx, ps.tok.loc, "syntax error");
    unit->ndecls = ps.decls.n;
    unit->decls = k_alloc(ctx, (size_t)(ps.decls.n ? ps.decls.n : 1) * sizeof *unit->decls);
    if (!unit->decls)
        unit->ndecls = 0;
    for (int i = 0; i < unit->ndecls; i++)
        unit->decls[i] = ps.decls.items[i];
    return unit;
}
