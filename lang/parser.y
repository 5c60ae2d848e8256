/* lang/parser.y -- the Bison grammar of K.
 *
 * A pure parser that builds the AST of lang/ast.h and nothing else: no name
 * lookup, no types checked, no constants folded (sema does all that).  The
 * only state it keeps besides the tree is the set of typedef names, which C's
 * grammar needs to tell a declaration from an expression.
 *
 * Syntax errors are reported through yyreport_syntax_error in gcc's words
 * ("expected ';' before '}'"), and the `error` rules at statement and
 * file-scope level let one run report several of them.  What the actions
 * build (lists, expressions, specifiers, declarators, declarations,
 * statements) is made by lang/parse_build.c, so this file stays a grammar.
 * The parser's types and state are in lang/parse_types.h, the scanner bridge
 * (tokens to grammar symbols: type names, template names, `<` and `>` of
 * template arguments) and the entry k_parse in lang/parse_lex.c.
 */
%define api.pure full
%define api.prefix {k_yy}
%define parse.error custom
%define parse.lac full
%locations
%expect 0   /* no conflicts: type names and template names come from the scanner bridge */
%param {k_parser *ps}

%code requires {
#include "parse_types.h"
}

%code provides {
#include "parse_helpers.h"

/* The scanner bridge (lang/parse_lex.c): the next token as a grammar symbol. */
int k_parse_lex(K_YYSTYPE *lval, K_YYLTYPE *lloc, k_parser *ps);
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
#include <ctype.h>
#include <string.h>

#include "cg.h"
#include "namespaces.h"
#include "ptx.h"
#include "parse_build.h"
#include "packs.h"

/* Absurd nesting ends in "nesting too deep" instead of a deep C stack. */
#define YYMAXDEPTH 10000

/* the scanner bridge: lang/parse_lex.c */
#define k_yylex k_parse_lex
static void k_yyerror(K_YYLTYPE *loc, k_parser *ps, const char *msg);

#define LOC(l) ((k_loc){ (uint32_t)(l).first_line, (uint32_t)(l).first_column })
}

%token <name> IDENT "identifier"
%token <type> TYPEDEF_NAME "type name"
%token <name> TEMPLATE_NAME "template name" TEMPLATE_TYPE "class template name"
%token <name> GUIDE_NAME "deduction guide"   /* `Box` of `Box(T *) -> Box<T>;` (lang/ctad.c) */
%token <name> SCOPED_NAME "member name"
%token <name> SCOPED_TYPE "member type name"   /* C<args>::m naming a member type */
%token <name> SCOPED_TEMPLATE "member class template name"   /* C<args>::Inner, Inner a class template */
%token <name> SCOPED_CLASS "nested class name"   /* C<args>::Node, Node a class nested in C */
%token <name> SCOPED_OPERATOR "qualified operator"   /* `S::operator` before `+=` (its class's) */
%token <expr> INT_LIT "integer constant"
%token <expr> ALIGN_ATTR "__attribute__((aligned(N)))"   /* where alignas stands (lang/parse_cxx.c) */
%token <expr> FLOAT_LIT "floating constant"
%token <expr> CHAR_LIT "character constant"
%token <expr> STRING_LIT "string literal"

%token KW_IF "if" KW_ELSE "else" KW_FOR "for" KW_WHILE "while" KW_DO "do"
%token KW_SWITCH "switch" KW_CASE "case" KW_DEFAULT "default" KW_BREAK "break"
%token KW_CONTINUE "continue" KW_RETURN "return" KW_GOTO "goto" KW_SIZEOF "sizeof"
%token KW_TYPEDEF "typedef" KW_STRUCT "struct" KW_UNION "union" KW_ENUM "enum"
%token KW_TRUE "true" KW_FALSE "false" KW_NAMESPACE "namespace" KW_USING "using"
%token KW_DYNAMIC_CAST "dynamic_cast"   /* an identifier to the scanner (lang/virtual_parse.c) */
%token KW_NEW "new" KW_DELETE "delete" KW_NULLPTR "nullptr" KW_STATIC_CAST "static_cast"
%token KW_REINTERPRET_CAST "reinterpret_cast" KW_CONST_CAST "const_cast"
%token KW_CONSTEXPR "constexpr" KW_AUTO "auto" KW_STATIC_ASSERT "static_assert"
%token KW_TEMPLATE "template" KW_TYPENAME "typename" KW_CLASS "class"
%token TPL_OPEN "<" TPL_CLOSE ">"
%token KW_CLASS_RECORD "class definition" KW_PUBLIC "public"
%token KW_ASM "asm"
%token KW_ALIGNAS "alignas" KW_ALIGNOF "alignof" KW_OFFSETOF "offsetof"
%token <name> KW_TYPE_TRAIT "type trait"   /* __is_copy_constructible (lang/type_traits_sema.c) */
%token <name> KW_TYPE_TRAIT2 "type trait of two types"   /* __is_base_of(B, D) */
%token FNPTR_OPEN "( of a function pointer" FUNC_TYPE_OPEN "( of a function type" KW_PRIVATE "private" KW_PROTECTED "protected"
%token KW_OPERATOR "operator" KW_VIRTUAL "virtual"
%token <type> MEMPTR_STAR "C::*"   /* a pointer to a member of class C (lang/member_pointers.c) */
%token PTRMEM_DOT ".*" PTRMEM_ARROW "->*"
%token <expr> MEMBER_NAME "qualified member name"   /* `S::x` after '&' (lang/member_pointers.c) */
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
%token KW_DECLTYPE "decltype" KW_TYPEOF "__typeof__"   /* words to the scanner (lang/parse_lex.c) */
%token KW_TYPEID "typeid"   /* only before `(...).name()` (lang/virtual_parse.c, lang/typeid.c) */

%token LAUNCH_OPEN "<<<" LAUNCH_CLOSE ">>>" ELLIPSIS "..." ARROW "->"
/* an operator and the `...` after it, one token (`(xs + ...)`, `Ts &... xs`,
 * `f(int, ...)`); `...` and the operator after it right after '(' (`(... + xs)`):
 * lang/packs_parse.c merges them so the grammar needs no lookahead of two */
%token <op> FOLD_OP "operator followed by '...'" ELLIPSIS_OP "'...' followed by an operator"
%token <op> COMMA_ELLIPSIS ", ..."
%token BRACE_INIT "{"   /* `T x{...}`: the '{' of a declarator's braced initializer */
%token INC "++" DEC "--" SHL "<<" SHR ">>" LE "<=" GE ">=" EQ "==" NE "!="
%token ANDAND "&&" OROR "||"
%token MUL_ASSIGN "*=" DIV_ASSIGN "/=" MOD_ASSIGN "%=" ADD_ASSIGN "+=" SUB_ASSIGN "-="
%token SHL_ASSIGN "<<=" SHR_ASSIGN ">>=" AND_ASSIGN "&=" XOR_ASSIGN "^=" OR_ASSIGN "|="

/* `enum E :` starts the enum's base type, not a bit-field of type enum E */
/* `template <typename T = int>`: T is a type parameter with a default, not
 * an unnamed non-type parameter of type `typename T` (shifting '=' wins) */
%precedence FNPTR_PLAIN     /* `R (S::*f)(P) const`: the const is the declarator's */
%precedence KW_CONST KW_VOLATILE
%precedence TYPENAME_BARE
%precedence '='
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

%type <expr> ptrmem primary postfix unary cast binary cond assign expr expr_opt const_expr
%type <expr> initializer strings init_item braced_init direct_list braced
%type <stmt> asm_stmt bindings
%type <list> asm_sections asm_ops_opt asm_ops asm_operands asm_clobbers
%type <ptr> asm_operand
%type <list> args args_opt init_list pointer block_items param_list init_dtors later_dtors handlers
%type <specs> decl_specs type_specs enum_base_type
%type <dtor> declarator direct_dtor init_dtor later_dtor abstract_opt abstract direct_abstract
%type <decl> param
%type <type> type_name tagged_spec record_spec record_head base_head base_list enum_spec enum_head
%type <type> enum_base
%type <list> member_dtors conv_ptr_opt binding_names new_dims designated
%type <dtor> member_dtor
%type <op> record_kw method_quals method_cv defaulted
%type <name> dtor_name op_name member_path member_name
%type <op> using_tail
%type <expr> align_spec designator
%type <dtor> ctor_head dtor_head conv_head fnptr_inner
%type <list> mem_inits_opt mem_inits
%type <expr> mem_init
%type <type> template_type typename_spec decltype_spec trailing_ret
%type <list> template_head tparams targs targs_opt ttp_params
%type <ptr> tparam targ
%type <stmt> handler
%type <stmt> statement compound declaration for_init block_item using static_assert cond_decl
%type <bits> cxx_cast access
%type <list> captures_opt captures lambda_params
%type <expr> capture
%type <type> lambda_ret
%type <specs> trailing_specs trailing_words
%type <dtor> trailing_abstract
%type <list> trailing_stars
%type <name> ns_open template_named
%type <bits> qualifiers qualifier storage lambda_word lambda_space lambda_spaces
%type <op> assign_op unary_op type_kw fold_op

%%

unit
    : %empty
    | unit external
    ;

external
    : declaration                               { kp_add_file_decls(ps, $1); }
    | ns_open unit '}'                          { k_parse_ns_leave(ps, $1); }
    | using                                     { kp_add_file_decls(ps, $1); }
    | static_assert                             { kp_add_file_decls(ps, $1); }
    | bindings                                  { kp_add_file_decls(ps, $1); }
    | KW_EXTERN strings { $<bits>$ = (unsigned)ps->decls.n; } external
        { (void)$2; kp_extern_linkage(ps, (int)$<bits>3); }   /* `extern "C" int x;` declares x */
    | KW_EXTERN strings '{' unit '}'            { (void)$2; }
    | decl_specs declarator compound            { kp_add_function(ps, $1, $2, $3); }
    | decl_specs declarator KW_TRY compound handlers   /* a function-try-block (lang/eh.c) */
                                { kp_add_function(ps, $1, $2, k_parse_function_try(ps, LOC(@3), $4, $5)); }
    | decl_specs declarator method_cv compound   { kp_add_method_def(ps, $1, $2, $3, NULL, $4); }
    | decl_specs declarator method_cv trailing_ret compound
                                { kp_add_method_def(ps, $1, k_parse_trailing(ps, $2, $4), $3, NULL, $5); }
    | decl_specs declarator ':' mem_inits compound { kp_add_method_def(ps, $1, $2, 0, $4, $5); }
    | declarator ':' mem_inits compound         { kp_add_method_def(ps, NULL, $1, 0, $3, $4); }
    | template_head decl_specs declarator compound
                                    { kp_add_function(ps, $2, $3, $4); k_tpl_head_end(ps, $1); }
    | template_head declaration     { kp_add_file_decls(ps, $2); k_tpl_head_end(ps, $1); }
    | template_head GUIDE_NAME '(' param_list ')' ARROW type_name ';'   /* a deduction guide */
        { kp_add_guide(ps, LOC(@2), $2, $4, $7); k_tpl_head_end(ps, $1); }
    | GUIDE_NAME '(' param_list ')' ARROW type_name ';'
        { kp_add_guide(ps, LOC(@1), $1, $3, $6); }
    | GUIDE_NAME '(' ')' ARROW type_name ';'    { kp_add_guide(ps, LOC(@1), $1, NULL, $5); }
    | template_head KW_USING IDENT '=' type_name ';'        /* an alias template */
        { kp_add_file_decls(ps, k_parse_alias_template(ps, LOC(@3), $3, $5)); k_tpl_head_end(ps, $1); }
    /* a class template's members defined outside it: `T C<T>::f() const {...}`,
     * `C<T>::C(T v) : x(v) {...}` (lang/templates_member.c) */
    | template_head decl_specs declarator method_cv compound
                        { kp_add_method_def(ps, $2, $3, $4, NULL, $5); k_tpl_head_end(ps, $1); }
    | template_head decl_specs declarator ':' mem_inits compound
                        { kp_add_method_def(ps, $2, $3, 0, $5, $6); k_tpl_head_end(ps, $1); }
    | template_head declarator ':' mem_inits compound
                        { kp_add_method_def(ps, NULL, $2, 0, $4, $5); k_tpl_head_end(ps, $1); }
    | template_head declarator compound
                        { kp_add_untyped_def(ps, $2, $3, LOC(@2), 0); k_tpl_head_end(ps, $1); }
    | KW_TEMPLATE declaration       { k_tpl_instantiation(ps, $2); kp_add_file_decls(ps, $2); }
    | declarator compound                       { kp_add_untyped_def(ps, $1, $2, LOC(@1), 1); }
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
    /* a class template's member template defined outside the class: the
     * member's own head (the class's is kept aside: lang/templates_member.c) */
    | template_head KW_TEMPLATE TPL_OPEN tparams TPL_CLOSE { (void)$1; $$ = k_tpl_head(ps, $4); }
    ;

tparams
    : tparam                                    { $$ = kp_list_push(ps, NULL, $1); }
    | tparams ',' tparam                        { $$ = kp_list_push(ps, $1, $3); }
    ;

/* `typename T` and `class T` are spelled out: after `typename X` the next
 * token tells a type parameter from a non-type one of type `typename X::m` */
tparam
    : KW_TYPENAME IDENT                         { $$ = k_tpl_type_param(ps, LOC(@2), $2, NULL); }
    | KW_TYPENAME IDENT '=' type_name           { $$ = k_tpl_type_param(ps, LOC(@2), $2, $4); }
    | KW_CLASS IDENT                            { $$ = k_tpl_type_param(ps, LOC(@2), $2, NULL); }
    | KW_CLASS IDENT '=' type_name              { $$ = k_tpl_type_param(ps, LOC(@2), $2, $4); }
    /* unnamed (`class = std::enable_if_t<...>`, `std::enable_if_t<C, int> = 0`) */
    | KW_TYPENAME               { $$ = k_tpl_type_param(ps, LOC(@1), k_tpl_anon_param(ps), NULL); }
    | KW_CLASS                  { $$ = k_tpl_type_param(ps, LOC(@1), k_tpl_anon_param(ps), NULL); }
    | KW_TYPENAME '=' type_name { $$ = k_tpl_type_param(ps, LOC(@1), k_tpl_anon_param(ps), $3); }
    | KW_CLASS '=' type_name    { $$ = k_tpl_type_param(ps, LOC(@1), k_tpl_anon_param(ps), $3); }
    /* template template parameters (`template <class> class C = Box`) */
    | KW_TEMPLATE TPL_OPEN ttp_params TPL_CLOSE KW_CLASS IDENT
        { $$ = k_tpl_template_param(ps, LOC(@6), $6, NULL); }
    | KW_TEMPLATE TPL_OPEN ttp_params TPL_CLOSE KW_TYPENAME IDENT
        { $$ = k_tpl_template_param(ps, LOC(@6), $6, NULL); }
    | KW_TEMPLATE TPL_OPEN ttp_params TPL_CLOSE KW_CLASS IDENT '=' TEMPLATE_TYPE
        { $$ = k_tpl_template_param(ps, LOC(@6), $6, $8); }
    | KW_TEMPLATE TPL_OPEN ttp_params TPL_CLOSE KW_TYPENAME IDENT '=' TEMPLATE_TYPE
        { $$ = k_tpl_template_param(ps, LOC(@6), $6, $8); }
    /* parameter packs (lang/packs.c) */
    | KW_TYPENAME ELLIPSIS IDENT    { $$ = k_pack_tparam(k_tpl_type_param(ps, LOC(@3), $3, NULL)); }
    | KW_CLASS ELLIPSIS IDENT       { $$ = k_pack_tparam(k_tpl_type_param(ps, LOC(@3), $3, NULL)); }
    | KW_TYPENAME ELLIPSIS
        { $$ = k_pack_tparam(k_tpl_type_param(ps, LOC(@1), k_tpl_anon_param(ps), NULL)); }
    | KW_CLASS ELLIPSIS
        { $$ = k_pack_tparam(k_tpl_type_param(ps, LOC(@1), k_tpl_anon_param(ps), NULL)); }
    | decl_specs ELLIPSIS IDENT
        { $$ = k_pack_tparam(kp_value_tparam(ps, LOC(@3), $1, NULL, $3, NULL)); }
    | decl_specs '=' cond       { $$ = kp_value_tparam(ps, LOC(@2), $1, NULL, NULL, $3); }
    | decl_specs IDENT          { $$ = kp_value_tparam(ps, LOC(@2), $1, NULL, $2, NULL); }
    | decl_specs IDENT '=' cond { $$ = kp_value_tparam(ps, LOC(@2), $1, NULL, $2, $4); }
    | decl_specs pointer IDENT     /* `int T::*M` (lang/member_pointers.c), `int *P` */
        { $$ = kp_value_tparam(ps, LOC(@3), $1, $2, $3, NULL); }
    ;

/* a template template parameter's own parameters: only their kinds matter,
 * so a non-type one may be unnamed (`template <class, int> class C`) */
ttp_params
    : tparam                                    { $$ = kp_list_push(ps, NULL, $1); }
    | type_kw                                   { (void)$1; $$ = kp_list_push(ps, NULL, NULL); }
    | ttp_params ',' tparam                     { $$ = kp_list_push(ps, $1, $3); }
    | ttp_params ',' type_kw                    { (void)$3; $$ = kp_list_push(ps, $1, NULL); }
    ;

/* `typename X::m`: a member type of X (lang/member_types.c) */
typename_spec
    : KW_TYPENAME IDENT %prec TYPENAME_BARE     { $$ = k_parse_typename(ps, LOC(@2), $2); }
    | KW_TYPENAME TYPEDEF_NAME                  { $$ = $2; }
    | KW_TYPENAME template_type                 { $$ = $2; }   /* `typename ns::A<T>` */
    | KW_TYPENAME template_type SCOPED_NAME     { $$ = k_parse_typename_of(ps, LOC(@3), $2, $3); }
    | KW_TYPENAME template_type SCOPED_TYPE     { $$ = k_parse_typename_of(ps, LOC(@3), $2, $3); }
    | template_type SCOPED_TYPE                 { $$ = k_parse_typename_of(ps, LOC(@2), $1, $2); }
    ;

/* `decltype(e)`, `decltype(auto)`, GNU's `__typeof__(e)` / `__typeof__(T)`
 * (lang/decltype.c); `decltype(e)::m` a member type of e's class */
decltype_spec
    : KW_DECLTYPE '(' expr ')'      { $$ = k_parse_decltype(ps, LOC(@1), K_DT_DECLTYPE, $3, NULL); }
    | KW_DECLTYPE '(' KW_AUTO ')'   { $$ = k_parse_decltype(ps, LOC(@1), K_DT_AUTO, NULL, NULL); }
    | KW_TYPEOF '(' expr ')'        { $$ = k_parse_decltype(ps, LOC(@1), K_DT_TYPEOF, $3, NULL); }
    | KW_TYPEOF '(' type_name ')'   { $$ = k_parse_decltype(ps, LOC(@1), K_DT_TYPEOF, NULL, $3); }
    | decltype_spec SCOPED_TYPE     { $$ = k_parse_decltype_member(ps, LOC(@2), $1, $2); }
    ;

template_type
    : TEMPLATE_TYPE TPL_OPEN targs_opt TPL_CLOSE
        { $$ = k_tpl_member_class_bare(ps, k_tpl_type_id(ps, $1, $3)); }
    | template_type SCOPED_TEMPLATE TPL_OPEN targs_opt TPL_CLOSE   /* `Outer<int>::Inner<float>` */
        { $$ = k_tpl_member_class_id(ps, $1, $2, $4); }
    | template_type SCOPED_CLASS                 /* `List<int>::Node` */
        { $$ = k_tpl_member_class_id(ps, $1, $2, NULL); }
    ;

targs_opt
    : %empty                                    { $$ = NULL; }
    | targs                                     { $$ = $1; }
    ;

targs
    : targ                                      { $$ = kp_list_push(ps, NULL, $1); }
    | targs ',' targ                            { $$ = kp_list_push(ps, $1, $3); }
    ;

targ
    : type_name                                 { $$ = k_tpl_targ(ps, LOC(@1), $1, NULL); }
    | cond                                      { $$ = k_tpl_targ(ps, LOC(@1), NULL, $1); }
    | type_name ELLIPSIS        { $$ = k_pack_targ(k_tpl_targ(ps, LOC(@1), $1, NULL)); }
    | type_specs FOLD_OP        { $$ = k_pack_targ_op(ps, LOC(@2), $1, $2); }   /* `Ts *...` */
    | TEMPLATE_TYPE             { $$ = k_tpl_targ_template(ps, LOC(@1), $1); }   /* `Stack<int, Box>` */
    | cond ELLIPSIS             { $$ = k_pack_targ(k_tpl_targ(ps, LOC(@1), NULL, $1)); }
    /* a function type, `std::function<int(float, Args...)>` */
    | type_name FUNC_TYPE_OPEN ')'
        { $$ = k_tpl_targ(ps, LOC(@1), kp_fn_type(ps, $1, NULL), NULL); }
    | type_name FUNC_TYPE_OPEN param_list ')'
        { $$ = k_tpl_targ(ps, LOC(@1), kp_fn_type(ps, $1, $3), NULL); }
    ;

/* -------------------------------------------------------------- namespaces */
/* `namespace N {` enters N (the value is the namespace it leaves); an
 * anonymous namespace's names are the enclosing one's. */
ns_open
    : KW_NAMESPACE IDENT '{'                    { $$ = k_parse_ns_enter(ps, $2); }
    | KW_NAMESPACE '{'                          { $$ = k_parse_ns_anon(ps); }
    ;

using
    : KW_USING KW_NAMESPACE IDENT ';'
        { $$ = k_parse_using_stmt(ps, LOC(@1), k_parse_using(ps, LOC(@3), U_DIRECTIVE, NULL, $3)); }
    | KW_USING IDENT ';'
        { $$ = k_parse_using_stmt(ps, LOC(@1), k_parse_using_decl(ps, LOC(@2), $2)); }
    | KW_USING TYPEDEF_NAME ';'
        { $$ = NULL; k_parse_using_type(ps, LOC(@2), NULL, $2); }
    | KW_USING template_named ';'   /* `using std::vector;`, `using std::sort;` */
        { $$ = k_parse_using_stmt(ps, LOC(@1), k_parse_using_template(ps, LOC(@2), $2)); }
    | KW_USING IDENT '=' type_name ';'          { $$ = NULL; k_parse_using_type(ps, LOC(@2), $2, $4); }
    | KW_NAMESPACE IDENT '=' IDENT ';'
        { $$ = k_parse_using_stmt(ps, LOC(@1), k_parse_using(ps, LOC(@2), U_ALIAS, $2, $4)); }
    ;

template_named
    : TEMPLATE_NAME | TEMPLATE_TYPE
    ;

static_assert
    : KW_STATIC_ASSERT '(' const_expr ')' ';'   { $$ = k_parse_static_assert(ps, LOC(@1), $3, NULL); }
    | KW_STATIC_ASSERT '(' const_expr ',' strings ')' ';'
                                                { $$ = k_parse_static_assert(ps, LOC(@1), $3, $5); }
    ;

/* ------------------------------------------------------------ declarations */
declaration
    : decl_specs init_dtors ';'                 { $$ = kp_make_decl_stmt(ps, $1->loc, $1, $2); }
    | decl_specs ';'                            { $$ = kp_make_decl_stmt(ps, $1->loc, $1, NULL); }
    ;

decl_specs
    : storage                                   { $$ = kp_specs_new(ps, LOC(@1)); $$->storage |= $1; }
    | qualifier                                 { $$ = kp_specs_new(ps, LOC(@1)); $$->quals |= $1; }
    | type_kw                                   { $$ = kp_specs_type(ps, kp_specs_new(ps, LOC(@1)), $1,
                                                                  LOC(@1), NULL); }
    | TYPEDEF_NAME                              { $$ = kp_specs_type(ps, kp_specs_new(ps, LOC(@1)), 0,
                                                                  LOC(@1), $1); }
    | tagged_spec                   { $$ = k_parse_specs_tagged(ps, kp_specs_new(ps, LOC(@1)), $1); }
    | KW_TYPEDEF                                { $$ = kp_specs_new(ps, LOC(@1)); $$->is_typedef = 1; }
    | template_type                 { $$ = kp_specs_type(ps, kp_specs_new(ps, LOC(@1)), 0, LOC(@1), $1); }
    | decl_specs template_type                  { $$ = kp_specs_type(ps, $1, 0, LOC(@2), $2); }
    | typename_spec                 { $$ = kp_specs_type(ps, kp_specs_new(ps, LOC(@1)), 0, LOC(@1), $1); }
    | decl_specs typename_spec                  { $$ = kp_specs_type(ps, $1, 0, LOC(@2), $2); }
    | decltype_spec                 { $$ = kp_specs_type(ps, kp_specs_new(ps, LOC(@1)), 0, LOC(@1), $1); }
    | decl_specs decltype_spec                  { $$ = kp_specs_type(ps, $1, 0, LOC(@2), $2); }
    | decl_specs storage                        { $$ = $1; $$->storage |= $2; }
    | decl_specs qualifier                      { $$ = $1; $$->quals |= $2; }
    | decl_specs type_kw                        { $$ = kp_specs_type(ps, $1, $2, LOC(@2), NULL); }
    | decl_specs TYPEDEF_NAME                   { $$ = kp_specs_type(ps, $1, 0, LOC(@2), $2); }
    | decl_specs tagged_spec                    { $$ = k_parse_specs_tagged(ps, $1, $2); }
    | decl_specs KW_TYPEDEF                     { $$ = $1; $$->is_typedef = 1; }
    | align_spec                                { $$ = kp_specs_new(ps, LOC(@1)); $$->align_expr = $1; }
    | decl_specs align_spec                     { $$ = kp_specs_align(ps, $1, $2); }
    ;

/* Specifiers of a type name (casts, sizeof): no storage class. */
type_specs
    : qualifier                                 { $$ = kp_specs_new(ps, LOC(@1)); $$->quals |= $1; }
    | type_kw                                   { $$ = kp_specs_type(ps, kp_specs_new(ps, LOC(@1)), $1,
                                                                  LOC(@1), NULL); }
    | TYPEDEF_NAME                              { $$ = kp_specs_type(ps, kp_specs_new(ps, LOC(@1)), 0,
                                                                  LOC(@1), $1); }
    | type_specs qualifier                      { $$ = $1; $$->quals |= $2; }
    | type_specs type_kw                        { $$ = kp_specs_type(ps, $1, $2, LOC(@2), NULL); }
    | type_specs TYPEDEF_NAME                   { $$ = kp_specs_type(ps, $1, 0, LOC(@2), $2); }
    | template_type                 { $$ = kp_specs_type(ps, kp_specs_new(ps, LOC(@1)), 0, LOC(@1), $1); }
    | type_specs template_type                  { $$ = kp_specs_type(ps, $1, 0, LOC(@2), $2); }
    | typename_spec                 { $$ = kp_specs_type(ps, kp_specs_new(ps, LOC(@1)), 0, LOC(@1), $1); }
    | type_specs typename_spec                  { $$ = kp_specs_type(ps, $1, 0, LOC(@2), $2); }
    | decltype_spec                 { $$ = kp_specs_type(ps, kp_specs_new(ps, LOC(@1)), 0, LOC(@1), $1); }
    | type_specs decltype_spec                  { $$ = kp_specs_type(ps, $1, 0, LOC(@2), $2); }
    | tagged_spec                   { $$ = k_parse_specs_tagged(ps, kp_specs_new(ps, LOC(@1)), $1); }
    | type_specs tagged_spec                    { $$ = k_parse_specs_tagged(ps, $1, $2); }
    ;

/* ------------------------------------------------- structs, unions, enums */
tagged_spec
    : record_spec                               { $$ = $1; }
    | enum_spec                                 { $$ = $1; }
    ;

record_spec
    : record_head members '}'                   { $$ = kp_record_body_end(ps, $1); }
    | record_kw IDENT %prec ENUM_REF            { $$ = k_tpl_record_ref(ps, $1, $2, LOC(@2)); }
    ;

record_head
    : record_kw IDENT '{'
        { $$ = k_parse_record_begin(ps, $1, k_tpl_class_name(ps, $2), LOC(@2));
          k_parse_class_prescan(ps, $$); }
    | record_kw template_type '{'
        { $$ = k_parse_record_begin(ps, $1, k_tpl_class_spec(ps, $2), LOC(@2));
          k_parse_class_prescan(ps, $$); }
    | record_kw '{'                         { $$ = k_parse_record_begin(ps, $1, NULL, LOC(@1));
                                              k_parse_class_prescan(ps, $$); }
    | record_kw align_spec IDENT '{'   /* `template <class T> struct alignas(8) V {` too */
        { $$ = k_parse_record_begin(ps, $1, k_tpl_class_name(ps, $3), LOC(@3)); $$->rec->align_expr = $2;
          k_parse_class_prescan(ps, $$); }
    | record_kw align_spec '{'
        { $$ = k_parse_record_begin(ps, $1, NULL, LOC(@1)); $$->rec->align_expr = $2;
          k_parse_class_prescan(ps, $$); }
    | base_list '{'                             { $$ = $1; k_parse_class_prescan(ps, $$); }
    ;

/* `struct D : public A, B, Base<T>`: non-virtual bases, in declaration order
 * (lang/bases.c lays them out) */
base_list
    : base_head base_access TYPEDEF_NAME        { $$ = $1; k_parse_base(ps, $$, $3, LOC(@3)); }
    | base_head base_access template_type   /* `: Base<T>`, `: Shape<Sq>` */
                                                { $$ = $1; k_parse_base_id(ps, $$, $3, LOC(@3)); }
    | base_list ',' base_access TYPEDEF_NAME    { $$ = $1; k_parse_base(ps, $$, $4, LOC(@4)); }
    | base_list ',' base_access template_type   { $$ = $1; k_parse_base_id(ps, $$, $4, LOC(@4)); }
    /* `: Bases...`, `: Box<Ts>...` (lang/packs_parse.c) */
    | base_head base_access TYPEDEF_NAME ELLIPSIS   { $$ = $1; k_pack_base(ps, $$, $3, LOC(@3)); }
    | base_list ',' base_access TYPEDEF_NAME ELLIPSIS { $$ = $1; k_pack_base(ps, $$, $4, LOC(@4)); }
    | base_head base_access template_type ELLIPSIS  { $$ = $1; k_pack_base(ps, $$, $3, LOC(@3)); }
    | base_list ',' base_access template_type ELLIPSIS { $$ = $1; k_pack_base(ps, $$, $4, LOC(@4)); }
    ;

/* `struct D :`: D is a type name before its base is read (`struct Sq : Shape<Sq>`) */
base_head
    : record_kw IDENT ':'
        { $$ = k_parse_record_begin(ps, $1, k_tpl_class_name(ps, $2), LOC(@2)); }
    | record_kw template_type ':'   /* a specialization with bases (`Tup<H, T...> : Tup<T...>`) */
        { $$ = k_parse_record_begin(ps, $1, k_tpl_class_spec(ps, $2), LOC(@2)); }
    | record_kw align_spec IDENT ':'   /* `struct alignas(16) D : Base` */
        { $$ = k_parse_record_begin(ps, $1, k_tpl_class_name(ps, $3), LOC(@3)); $$->rec->align_expr = $2; }
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
    | ALIGN_ATTR                                { $$ = $1; }
    | KW_ALIGNAS '(' type_name ')'
        { $$ = kp_expr_leaf(ps, E_ALIGNOF, LOC(@1)); if ($$) $$->type_written = $3; }
    ;

/* offsetof(T, a.b): the member path as one name "a.b" */
member_path
    : IDENT                                     { $$ = $1; }
    | member_path '.' IDENT                     { $$ = k_parse_path(ps, $1, $3); }
    ;

record_kw
    : KW_STRUCT         { $$ = 0; ps->class_kw = 0; }
    | KW_UNION          { $$ = 1; ps->class_kw = 0; }
    | KW_CLASS_RECORD   { $$ = 0; ps->class_kw = 1; }   /* its members are private by default */
    ;

members
    : %empty
    | members member
    ;

member
    : decl_specs member_dtors ';'   { k_parse_members(ps, $1, $2, kp_member_type, kp_method_proto); }
    | decl_specs ';'                { k_parse_members(ps, $1, NULL, kp_member_type, kp_method_proto); }
    | decl_specs declarator method_cv ';'        { kp_add_method(ps, $1, $2, $3, NULL, NULL); }
    | decl_specs declarator method_cv trailing_ret ';'   /* `auto f() const -> T;` */
        { kp_add_method(ps, $1, k_parse_trailing(ps, $2, $4), $3, NULL, NULL); }
    | decl_specs declarator method_cv trailing_ret compound
        { kp_add_method(ps, $1, k_parse_trailing(ps, $2, $4), $3, NULL, $5); }
    | template_head decl_specs declarator method_cv trailing_ret compound
        { kp_add_method(ps, $2, k_parse_trailing(ps, $3, $5), $4, NULL, $6); k_tpl_member_end(ps, $1); }
    | decl_specs declarator method_cv '=' INT_LIT ';'    /* `= 0`: pure virtual */
        { if ($2) $2->init = $5; if (k_virtual_pure(ps, $2)) kp_add_method(ps, $1, $2, $3, NULL, NULL); }
    | decl_specs declarator method_quals compound { kp_add_method(ps, $1, $2, $3, NULL, $4); }
    | ctor_head ';'                             { kp_add_method(ps, NULL, $1, 0, NULL, NULL); }
    | ctor_head mem_inits_opt compound          { kp_add_method(ps, NULL, $1, 0, $2, $3); }
    | conv_head method_quals ';'                { kp_add_method(ps, NULL, $1, $2, NULL, NULL); }
    | conv_head method_quals compound           { kp_add_method(ps, NULL, $1, $2, NULL, $3); }
    | decl_specs conv_head method_quals ';'     { kp_add_method(ps, $1, $2, $3, NULL, NULL); }
    | decl_specs conv_head method_quals compound { kp_add_method(ps, $1, $2, $3, NULL, $4); }
    | template_head decl_specs declarator method_quals compound     /* a member template */
        { kp_add_method(ps, $2, $3, $4, NULL, $5); k_tpl_member_end(ps, $1); }
    | template_head decl_specs declarator method_quals ';'          /* defined outside */
        { kp_add_method(ps, $2, $3, $4, NULL, NULL); k_tpl_member_end(ps, $1); }
    | template_head conv_head method_quals compound    /* `template <class T> operator T() const` */
        { kp_add_method(ps, NULL, $2, $3, NULL, $4); k_tpl_member_end(ps, $1); }
    | template_head decl_specs conv_head method_quals compound   /* `... __device__ operator T()` */
        { kp_add_method(ps, $2, $3, $4, NULL, $5); k_tpl_member_end(ps, $1); }
    | template_head decl_specs ';'     /* a member class template (lang/templates_member_class.c) */
        { k_tpl_member_class_end(ps, $1, $2); }
    | template_head ctor_head mem_inits_opt compound   /* `template <class U> V(const V<U> &)` */
        { kp_add_method(ps, NULL, $2, 0, $3, $4); k_tpl_member_end(ps, $1); }
    | ctor_head '=' defaulted ';'               { kp_defaulted_ctor(ps, $1, $3); }
    | dtor_head '=' defaulted ';'               /* the implicit destructor stays */
    | dtor_head ';'                             { kp_add_method(ps, NULL, $1, 0, NULL, NULL); }
    | dtor_head compound                        { kp_add_method(ps, NULL, $1, 0, NULL, $2); }
    | access ':'                                { k_parse_access(ps, $1); }
    | static_assert                             { k_parse_member_assert(ps, $1); }
    | KW_USING IDENT '=' type_name ';'          { k_parse_member_type(ps, LOC(@2), $2, $4); }
    | KW_USING TYPEDEF_NAME '=' type_name ';'   { k_parse_member_type_named(ps, LOC(@2), $2, $4); }
    /* `using Base::f;`, `using B<T>::m;`, `using Ts::operator()...;` (lang/using_members.c) */
    | KW_USING IDENT using_tail                 { k_using_member(ps, LOC(@2), $2, NULL, NULL, ""); }
    | KW_USING IDENT op_name using_tail          /* `using Base::operator==;` */
        { k_using_member(ps, LOC(@2), $2, NULL, NULL, $3); }
    | KW_USING template_type SCOPED_NAME using_tail
        { k_using_member(ps, LOC(@2), NULL, $2, $3, ""); }
    | ';'
    | error ';'                                 { yyerrok; }
    ;

using_tail
    : ';'                                       { $$ = 0; }
    | ELLIPSIS ';'                              { $$ = 1; }
    ;

/* `= default` (1) and `= delete` (0) after a special member function */
defaulted
    : KW_DEFAULT                                { $$ = 1; }
    | KW_DELETE                                 { $$ = 0; }
    ;

access
    : KW_PUBLIC                                 { $$ = K_PUBLIC; }
    | KW_PRIVATE                                { $$ = K_PRIVATE; }
    | KW_PROTECTED                              { $$ = K_PROTECTED; }
    ;

method_quals
    : %empty                                    { $$ = 0; }
    | method_cv
    ;

/* `const`, `volatile` or both after a member function's parameters: the
 * qualifiers of the object `this` points at (Q_CONST | Q_VOLATILE) */
method_cv
    : KW_CONST                                  { $$ = Q_CONST; }
    | KW_VOLATILE                               { $$ = Q_VOLATILE; }
    | KW_CONST KW_VOLATILE                      { $$ = Q_CONST | Q_VOLATILE; }
    | KW_VOLATILE KW_CONST                      { $$ = Q_CONST | Q_VOLATILE; }
    ;

/* S(params) and ~S(): names "S::S" and "S::~S" (lang/parse_decl.c) */
ctor_head
    : TYPEDEF_NAME '(' ')'          { $$ = kp_ctor_dtor(ps, NULL, $1, LOC(@1), NULL, 0); }
    | TYPEDEF_NAME '(' param_list ')' { $$ = kp_ctor_dtor(ps, NULL, $1, LOC(@1), $3, 0); }
    | decl_specs TYPEDEF_NAME '(' ')' { $$ = kp_ctor_dtor(ps, $1, $2, LOC(@2), NULL, 0); }
    | decl_specs TYPEDEF_NAME '(' param_list ')' { $$ = kp_ctor_dtor(ps, $1, $2, LOC(@2), $4, 0); }
    ;

/* `operator T*()`: a member named "operator conversion" whose result type is
 * T* (lang/convert.c finds it by that type) */
conv_head
    : KW_OPERATOR type_specs conv_ptr_opt '(' ')'   { $$ = k_parse_conv_dtor(ps, LOC(@1), $2, $3); }
    | KW_OPERATOR type_specs conv_ptr_opt '(' KW_VOID ')' { $$ = k_parse_conv_dtor(ps, LOC(@1), $2, $3); }
    | KW_OPERATOR type_specs conv_ptr_opt '&' '(' ')'   /* `operator int &()`: to a reference */
        { $$ = k_parse_conv_dtor(ps, LOC(@1), $2, $3); if ($$) $$->is_ref = 1; }
    ;

dtor_head
    : '~' TYPEDEF_NAME '(' ')'      { $$ = kp_ctor_dtor(ps, NULL, $2, LOC(@2), NULL, 1); }
    | '~' TYPEDEF_NAME '(' KW_VOID ')'   /* C style: `~Lock(void)` */
                                    { $$ = kp_ctor_dtor(ps, NULL, $2, LOC(@2), NULL, 1); }
    | decl_specs '~' TYPEDEF_NAME '(' ')' { $$ = kp_ctor_dtor(ps, $1, $3, LOC(@3), NULL, 1); }
    | decl_specs '~' TYPEDEF_NAME '(' KW_VOID ')'
                                    { $$ = kp_ctor_dtor(ps, $1, $3, LOC(@3), NULL, 1); }
    ;

mem_inits_opt
    : %empty                                    { $$ = NULL; }
    | ':' mem_inits                             { $$ = $2; }
    ;

mem_inits
    : mem_init                                  { $$ = kp_list_push(ps, NULL, $1); }
    | mem_inits ',' mem_init                    { $$ = kp_list_push(ps, $1, $3); }
    | mem_inits ELLIPSIS                        { $$ = $1; k_pack_mem_init(ps, LOC(@2)); }
    ;

/* `x(a)` or `x{a}` before a constructor's body: an E_CALL naming the member */
mem_init
    : IDENT '(' args_opt ')'        { $$ = kp_expr_call(ps, LOC(@1), kp_ident_expr(ps, $1, LOC(@1)), $3); }
    | IDENT '{' args_opt '}'        { $$ = kp_mem_init(ps, LOC(@1), $1, $3, 1); }   /* `a{1, 2}` */
    | TEMPLATE_NAME '(' args_opt ')'   /* a member `count` where `using namespace std` shows std::count */
        { const char *m = k_tpl_dtor_name(ps, $1);
          $$ = kp_expr_call(ps, LOC(@1), kp_ident_expr(ps, m, LOC(@1)), $3); }
    | TEMPLATE_NAME '{' args_opt '}'   { $$ = kp_mem_init(ps, LOC(@1), k_tpl_dtor_name(ps, $1), $3, 1); }
    | TYPEDEF_NAME '(' args_opt ')'                 /* the base class */
        { $$ = kp_base_init(ps, LOC(@1), $1, $3); }
    | template_type '(' args_opt ')'    /* a base written `Base<T>`: named by its template */
        { $$ = kp_expr_call(ps, LOC(@1), kp_ident_expr(ps, $1 ? $1->name : "?", LOC(@1)), $3); }
    ;

member_dtors
    : member_dtor                               { $$ = kp_list_push(ps, NULL, $1); }
    | member_dtors ',' member_dtor              { $$ = kp_list_push(ps, $1, $3); }
    | member_dtors ',' declarator braced        /* `int a{1}, b{2};` (see later_dtor) */
        { if ($3) $3->init = k_parse_direct_list($4); $$ = kp_list_push(ps, $1, $3); }
    ;

member_dtor
    : declarator                                { $$ = $1; }
    | declarator '=' initializer                { $$ = $1; if ($$) $$->init = $3; }
    | declarator direct_list                    { $$ = $1; if ($$) $$->init = $2; }
    | declarator '=' defaulted                  { $$ = kp_defaulted_member(ps, $1, $3, LOC(@3)); }
    | declarator ':' const_expr                 { $$ = $1; if ($$) $$->bits = $3; }
    | ':' const_expr        { $$ = kp_dtor_new(ps, LOC(@1), NULL); if ($$) $$->bits = $2; }
    ;

enum_spec
    : enum_head enumerators '}'                 { $$ = k_parse_enum_end(ps, $1); }
    | enum_head enumerators ',' '}'             { $$ = k_parse_enum_end(ps, $1); }
    | KW_ENUM IDENT %prec ENUM_REF              { $$ = k_parse_enum_ref(ps, $2, LOC(@2)); }
    ;

enum_head
    : KW_ENUM IDENT enum_base '{'           { $$ = k_parse_enum_begin(ps, $2, LOC(@2), 0, $3); }
    | KW_ENUM '{'                           { $$ = k_parse_enum_begin(ps, NULL, LOC(@1), 0, NULL); }
    | KW_ENUM ':' enum_base_type '{'        { $$ = k_parse_enum_begin(ps, NULL, LOC(@1), 0,
                                                                      k_parse_enum_base(ps, $3)); }
    | KW_ENUM KW_CLASS_RECORD IDENT enum_base '{' { $$ = k_parse_enum_begin(ps, $3, LOC(@3), 1, $4); }
    ;

/* `enum E : unsigned char {...}`: the enum's fixed underlying type (its size,
 * its enumerators' type); NULL when none is written */
enum_base
    : %empty                                    { $$ = NULL; }
    | ':' enum_base_type                        { $$ = k_parse_enum_base(ps, $2); }
    ;

enum_base_type
    : type_kw                   { $$ = kp_specs_type(ps, kp_specs_new(ps, LOC(@1)), $1, LOC(@1), NULL); }
    | TYPEDEF_NAME              { $$ = kp_specs_type(ps, kp_specs_new(ps, LOC(@1)), 0, LOC(@1), $1); }
    | enum_base_type type_kw    { $$ = kp_specs_type(ps, $1, $2, LOC(@2), NULL); }
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
    | KW_STRUCT KW_CUDA_DEVICE_PROP { $$ = KW_CUDA_DEVICE_PROP; }  /* C's spelling */
    | KW_AUTO           { $$ = KW_AUTO; }
    ;

qualifiers
    : qualifier                                 { $$ = $1; }
    | qualifiers qualifier                      { $$ = $1 | $2; }
    ;

init_dtors
    : init_dtor                                 { $$ = kp_list_push(ps, NULL, $1); }
    | init_dtors ',' later_dtor                 { $$ = kp_list_push(ps, $1, $3); }
    ;

/* `T a{1}, b{2}`: after ',' the scanner leaves b's '{' plain (it cannot
   tell `x(1), y{2}` in a constructor's member initializers apart), and
   after a ',' no function body can follow */
later_dtors
    : later_dtor                                { $$ = kp_list_push(ps, NULL, $1); }
    | later_dtors ',' later_dtor                { $$ = kp_list_push(ps, $1, $3); }
    ;

later_dtor
    : init_dtor                                 { $$ = $1; }
    | declarator braced                         { $$ = $1; if ($$) $$->init = k_parse_direct_list($2); }
    ;

init_dtor
    : declarator                                { $$ = $1; }
    | declarator '=' initializer                { $$ = $1; $$->init = $3; }
    | declarator direct_list                    { $$ = $1; if ($$) $$->init = $2; }
    ;

/* `T x{a, b}`: initialized as `T x = {a, b}` is (K reads no difference) */
direct_list
    : BRACE_INIT '}'                    { $$ = k_parse_direct_list(kp_make_init_list(ps, LOC(@1), NULL)); }
    | BRACE_INIT init_list '}'          { $$ = k_parse_direct_list(kp_make_init_list(ps, LOC(@1), $2)); }
    | BRACE_INIT init_list ',' '}'      { $$ = k_parse_direct_list(kp_make_init_list(ps, LOC(@1), $2)); }
    ;

pointer
    : '*'                                       { $$ = kp_list_push(ps, NULL, NULL); }
    | '*' qualifiers                { $$ = kp_list_push(ps, NULL, (void *)(uintptr_t)$2); }
    | pointer '*'                               { $$ = kp_list_push(ps, $1, NULL); }
    | pointer '*' qualifiers        { $$ = kp_list_push(ps, $1, (void *)(uintptr_t)$3); }
    | MEMPTR_STAR                               { $$ = kp_list_push(ps, NULL, $1); }
    | MEMPTR_STAR qualifiers        { $$ = kp_list_push(ps, NULL, kp_memptr_quals($1, $2)); }
    | pointer MEMPTR_STAR                       { $$ = kp_list_push(ps, $1, $2); }
    | pointer MEMPTR_STAR qualifiers { $$ = kp_list_push(ps, $1, kp_memptr_quals($2, $3)); }
    ;

declarator
    : direct_dtor                               { $$ = $1; }
    | direct_dtor trailing_ret                  { $$ = k_parse_trailing(ps, $1, $2); }
    | pointer direct_dtor                       { $$ = kp_dtor_pointer(ps, $1, $2); }
    | '&' direct_dtor                           { $$ = $2; if ($$) $$->is_ref = 1; }
    | pointer '&' direct_dtor   { $$ = kp_dtor_pointer(ps, $1, $3); if ($$) $$->is_ref = 1; }
    | ANDAND direct_dtor                        { $$ = $2; if ($$) $$->is_ref = 2; }
    | pointer ANDAND direct_dtor { $$ = kp_dtor_pointer(ps, $1, $3); if ($$) $$->is_ref = 2; }
    ;

direct_dtor
    : IDENT                                     { $$ = kp_dtor_new(ps, LOC(@1), $1); }
    | template_type SCOPED_NAME     /* `int S<T>::count = 0;`: a class template's static member */
        { $$ = kp_dtor_new(ps, LOC(@2), k_tpl_static_def_name(ps, $1, $2)); }
    | dtor_name '(' ')'          { $$ = kp_dtor_func(ps, kp_dtor_new(ps, LOC(@1), $1), NULL, 0); }
    | dtor_name '(' param_list ')' { $$ = kp_dtor_func(ps, kp_dtor_new(ps, LOC(@1), $1), $3, 0); }
    | dtor_name '(' param_list COMMA_ELLIPSIS ')'
                                 { $$ = kp_dtor_func(ps, kp_dtor_new(ps, LOC(@1), $1), $3, 1); }
    | dtor_name '(' ELLIPSIS ')' { $$ = kp_dtor_func(ps, kp_dtor_new(ps, LOC(@1), $1), NULL, 1); }
    | TEMPLATE_NAME    /* a variable or parameter hiding a template's name */
        { $$ = kp_dtor_new(ps, LOC(@1), k_tpl_dtor_name(ps, $1)); }
    | TEMPLATE_NAME '(' ')'
        { $$ = kp_dtor_func(ps, kp_dtor_new(ps, LOC(@1), k_tpl_dtor_name(ps, $1)), NULL, 0); }
    | TEMPLATE_NAME '(' param_list ')'
        { $$ = kp_dtor_func(ps, kp_dtor_new(ps, LOC(@1), k_tpl_dtor_name(ps, $1)), $3, 0); }
    | TEMPLATE_NAME '(' ELLIPSIS ')'   /* `check(...)`: SFINAE's fallback */
        { $$ = kp_dtor_func(ps, kp_dtor_new(ps, LOC(@1), k_tpl_dtor_name(ps, $1)), NULL, 1); }
    | TEMPLATE_NAME TPL_OPEN targs_opt TPL_CLOSE '(' ')'
        { $$ = kp_tpl_spec_dtor(ps, LOC(@1), $1, $3, NULL); }
    | TEMPLATE_NAME TPL_OPEN targs_opt TPL_CLOSE '(' param_list ')'
        { $$ = kp_tpl_spec_dtor(ps, LOC(@1), $1, $3, $6); }
    | dtor_name '(' args ')'                    { $$ = kp_dtor_ctor_args(ps, LOC(@1), $1, $3); }
    | FNPTR_OPEN pointer fnptr_inner ')' '(' ')' %prec FNPTR_PLAIN
                                                { $$ = kp_fnptr_dtor(ps, $2, $3, NULL, 0); }
    | FNPTR_OPEN pointer fnptr_inner ')' '(' param_list ')' %prec FNPTR_PLAIN
                                                { $$ = kp_fnptr_dtor(ps, $2, $3, $6, 0); }
    | FNPTR_OPEN pointer fnptr_inner ')' '(' ')' qualifiers %prec FNPTR_PLAIN  /* `int (S::*f)() const` */
        { $$ = kp_fnptr_quals(kp_fnptr_dtor(ps, $2, $3, NULL, 0), $7); }
    | FNPTR_OPEN pointer fnptr_inner ')' '(' param_list ')' qualifiers %prec FNPTR_PLAIN
        { $$ = kp_fnptr_quals(kp_fnptr_dtor(ps, $2, $3, $6, 0), $8); }
    | FNPTR_OPEN pointer fnptr_inner ')' '(' param_list COMMA_ELLIPSIS ')'
                                                { $$ = kp_fnptr_dtor(ps, $2, $3, $6, 1); }
    | FNPTR_OPEN '&' IDENT ')' '[' const_expr ']'   /* a reference to an array */
        { $$ = kp_array_dtor(ps, NULL, kp_dtor_new(ps, LOC(@3), $3), $6); }
    | FNPTR_OPEN pointer fnptr_inner ')' '[' const_expr ']'   /* a pointer to an array */
        { $$ = kp_array_dtor(ps, $2, $3, $6); }
    | direct_dtor '[' ']'                       { $$ = $1; kp_list_append(ps, &$$->dims, NULL); }
    | direct_dtor '[' const_expr ']'            { $$ = $1; kp_list_append(ps, &$$->dims, $3); }
    ;

/* The name of a function: an identifier or `operator+` (named "operator+"). */
dtor_name
    : IDENT                                     { $$ = $1; }
    | template_type SCOPED_NAME     /* C<T>::f: a class template's member, defined outside */
                                                { $$ = k_tpl_member_def_name(ps, $1, $2); }
    | KW_OPERATOR op_name                       { $$ = k_parse_operator_name(ps, $2); }
    | SCOPED_OPERATOR op_name   /* `S &S::operator+=(int a) {...}`: a member defined outside */
                                                { $$ = k_ns_qualify(ps->ctx, $1, k_parse_operator_name(ps, $2)); }
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
    | KW_NEW { $$ = " new"; } | KW_DELETE { $$ = " delete"; } | ARROW { $$ = "->"; }
    ;

/* the name (and array dimensions) inside `(*name[4])(params)` */
fnptr_inner
    : IDENT                                     { $$ = kp_dtor_new(ps, LOC(@1), $1); }
    | fnptr_inner '[' const_expr ']'            { $$ = $1; kp_list_append(ps, &$$->dims, $3); }
    | fnptr_inner '[' ']'   /* `int (*table[])(int) = {f, g}`: sized by its initializer */
                                                { $$ = $1; kp_list_append(ps, &$$->dims, NULL); }
    ;

/* try { } catch (...) { }: K has no exceptions (lang/parse_cxx.c) */
handlers
    : handler                                   { $$ = kp_list_push(ps, NULL, $1); }
    | handlers handler                          { $$ = kp_list_push(ps, $1, $2); }
    ;

handler
    : KW_CATCH '(' ELLIPSIS ')' compound        { $$ = k_parse_catch(ps, NULL, $5); }
    | KW_CATCH '(' param ')' compound           { $$ = k_parse_catch(ps, $3, $5); }
    ;

param_list
    : param                                     { $$ = kp_list_push(ps, NULL, $1); }
    | param_list ',' param                      { $$ = kp_list_push(ps, $1, $3); }
    ;

/* A parameter: specifiers and a declarator, named or abstract (prototypes). */
param
    : decl_specs declarator                     { $$ = kp_make_param(ps, $1, $2, LOC(@1)); }
    | decl_specs abstract_opt                   { $$ = kp_make_param(ps, $1, $2, LOC(@1)); }
    | decl_specs declarator '=' assign  /* a default argument */
        { $$ = kp_make_param(ps, $1, $2, LOC(@1)); if ($$) $$->init = $4; }
    | decl_specs abstract_opt '=' assign
        { $$ = kp_make_param(ps, $1, $2, LOC(@1)); if ($$) $$->init = $4; }
    /* function parameter packs: `Ts... xs`, `const Ts &... xs`, `A &&... a` */
    | decl_specs ELLIPSIS IDENT     { $$ = k_pack_param(ps, $1, 0, $3, LOC(@3)); }
    | decl_specs ELLIPSIS           { $$ = k_pack_param(ps, $1, 0, NULL, LOC(@2)); }
    | decl_specs FOLD_OP IDENT      { $$ = k_pack_param(ps, $1, $2, $3, LOC(@3)); }
    | decl_specs FOLD_OP            { $$ = k_pack_param(ps, $1, $2, NULL, LOC(@2)); }
    ;

abstract_opt
    : %empty                                    { $$ = kp_dtor_new(ps, (k_loc){0, 0}, NULL); }
    | abstract                                  { $$ = $1; }
    ;

abstract
    : pointer                   { $$ = kp_dtor_pointer(ps, $1, kp_dtor_new(ps, LOC(@1), NULL)); }
    | '&'                       { $$ = kp_dtor_new(ps, LOC(@1), NULL); if ($$) $$->is_ref = 1; }
    | ANDAND                    { $$ = kp_dtor_new(ps, LOC(@1), NULL); if ($$) $$->is_ref = 2; }
    | pointer '&'               { $$ = kp_dtor_ref(ps, $1, LOC(@1), 1); }
    | pointer ANDAND            { $$ = kp_dtor_ref(ps, $1, LOC(@1), 2); }
    | direct_abstract                           { $$ = $1; }
    | pointer direct_abstract                   { $$ = kp_dtor_pointer(ps, $1, $2); }
    ;

direct_abstract
    : '[' ']'               { $$ = kp_dtor_new(ps, LOC(@1), NULL); kp_list_append(ps, &$$->dims, NULL); }
    /* `(float (*)[28])p`: a pointer to an array, in a cast or a template argument */
    | FNPTR_OPEN pointer ')' '[' const_expr ']'
        { $$ = kp_array_dtor(ps, $2, kp_dtor_new(ps, LOC(@1), NULL), $5); }
    /* `(void (*)(int))f`: a pointer to a function, unnamed (a cast, a parameter) */
    | FNPTR_OPEN pointer ')' '(' ')'
        { $$ = kp_fnptr_dtor(ps, $2, kp_dtor_new(ps, LOC(@1), NULL), NULL, 0); }
    | FNPTR_OPEN pointer ')' '(' param_list ')'
        { $$ = kp_fnptr_dtor(ps, $2, kp_dtor_new(ps, LOC(@1), NULL), $5, 0); }
    | FNPTR_OPEN pointer ')' '(' param_list COMMA_ELLIPSIS ')'
        { $$ = kp_fnptr_dtor(ps, $2, kp_dtor_new(ps, LOC(@1), NULL), $5, 1); }
    | '[' const_expr ']'    { $$ = kp_dtor_new(ps, LOC(@1), NULL); kp_list_append(ps, &$$->dims, $2); }
    | direct_abstract '[' ']'                   { $$ = $1; kp_list_append(ps, &$$->dims, NULL); }
    | direct_abstract '[' const_expr ']'        { $$ = $1; kp_list_append(ps, &$$->dims, $3); }
    ;

type_name
    : type_specs abstract_opt                   { $$ = kp_type_name(ps, $1, $2); }
    ;

initializer
    : assign                                    { $$ = $1; }
    | '{' '}'                   { $$ = kp_make_init_list(ps, LOC(@1), NULL); }
    | '{' init_list '}'         { $$ = kp_make_init_list(ps, LOC(@1), $2); }
    | '{' init_list ',' '}'     { $$ = kp_make_init_list(ps, LOC(@1), $2); }
    ;

 /* `int a[3]{1, 2, 3}`: after ']' the scanner cannot tell a declarator from a
   lambda's captures (`[&]{...}`), so the '{' stays plain and a block item takes it */
braced
    : '{' '}'                   { $$ = kp_make_init_list(ps, LOC(@1), NULL); }
    | '{' init_list '}'         { $$ = kp_make_init_list(ps, LOC(@1), $2); }
    | '{' init_list ',' '}'     { $$ = kp_make_init_list(ps, LOC(@1), $2); }
    ;

init_list
    : init_item                                 { $$ = kp_list_push(ps, NULL, $1); }
    | init_list ',' init_item                   { $$ = kp_list_push(ps, $1, $3); }
    ;

init_item
    : initializer                               { $$ = $1; }
    | initializer ELLIPSIS      { $$ = kp_expr_unary(ps, E_PACK_EXPAND, 0, LOC(@2), $1); }
    | designator                                { $$ = $1; }
    ;

/* -------------------------------------------------------------- statements */
/* A block is a scope for typedef names and tags (scope_open marks it). */
compound
    : '{' scope_open block_items '}'
        { k_parse_scope_close(ps); $$ = kp_make_block(ps, LOC(@1), $3); }
    | '{' scope_open block_items error '}'
        { k_parse_scope_close(ps); $$ = kp_make_block(ps, LOC(@1), $3); yyerrok; }
    ;

bindings
    : decl_specs '[' binding_names ']' '=' assign ';'      /* auto [a, b] = t; */
        { $$ = k_parse_bindings(ps, LOC(@2), $1, 0, $3, $6); }
    | decl_specs '&' '[' binding_names ']' '=' assign ';'  /* auto &[a, b] = t; */
        { $$ = k_parse_bindings(ps, LOC(@3), $1, 1, $4, $7); }
    ;

binding_names
    : IDENT                                     { $$ = kp_list_push(ps, NULL, kp_dtor_new(ps, LOC(@1), $1)); }
    | binding_names ',' IDENT                   { $$ = kp_list_push(ps, $1, kp_dtor_new(ps, LOC(@3), $3)); }
    ;

scope_open
    : %empty                                    { k_parse_scope_open(ps); }
    ;

block_items
    : %empty                                    { $$ = kp_list_new(ps); }
    | block_items block_item                    { $$ = $2 ? kp_list_push(ps, $1, $2) : $1; }
    | block_items IDENT ':' declaration   /* `done: double sum = 0;`: C++ labels a declaration */
        { k_stmt *l = kp_stmt_new(ps, S_LABEL, LOC(@2));
          if (l) { l->label = $2; l->body = kp_stmt_new(ps, S_EMPTY, LOC(@3)); }
          $$ = l ? kp_list_push(ps, $1, l) : $1; if ($4) $$ = kp_list_push(ps, $$, $4); }
    ;

block_item
    : declaration                               { $$ = $1; }
    | decl_specs declarator braced ';'          /* C++ direct-list-initialisation: T a[N]{a, b} */
        { if ($2) $2->init = k_parse_direct_list($3); $$ = kp_make_decl_stmt(ps, $1->loc, $1, kp_list_push(ps, NULL, $2)); }
    | decl_specs declarator braced ',' later_dtors ';'      /* T a[N]{a, b}, c... */
        { if ($2) $2->init = k_parse_direct_list($3); $$ = kp_make_decl_stmt(ps, $1->loc, $1, kp_list_cons(ps, $2, $5)); }
    | bindings                                  { $$ = $1; }
    | using                                     { $$ = $1; }
    | static_assert                             { $$ = $1; }
    | statement                                 { $$ = $1; }
    | error ';'                                 { $$ = NULL; yyerrok; }
    ;

statement
    : compound                                  { $$ = $1; }
    | KW_TRY compound handlers                  { $$ = k_parse_try(ps, LOC(@1), $2, $3); }
    | expr ';'                      { $$ = kp_stmt_new(ps, S_EXPR, LOC(@1)); if ($$) $$->expr = $1; }
    | ';'                                       { $$ = kp_stmt_new(ps, S_EMPTY, LOC(@1)); }
    | asm_stmt                                  { $$ = $1; }
    | KW_IF '(' expr ')' statement %prec THEN
        { $$ = kp_stmt_parts(ps, S_IF, LOC(@1), $3, $5, NULL); }
    | KW_IF '(' expr ')' statement KW_ELSE statement
        { $$ = kp_stmt_parts(ps, S_IF, LOC(@1), $3, $5, $7); }
    | KW_IF KW_CONSTEXPR '(' expr ')' statement %prec THEN
        { $$ = kp_stmt_if_constexpr(ps, LOC(@1), $4, $6, NULL); }
    | KW_IF KW_CONSTEXPR '(' expr ')' statement KW_ELSE statement
        { $$ = kp_stmt_if_constexpr(ps, LOC(@1), $4, $6, $8); }
    | KW_IF '(' cond_decl ')' statement %prec THEN
        { $$ = $3; if ($$) $$->body = $5; }
    | KW_IF '(' cond_decl ')' statement KW_ELSE statement
        { $$ = $3; if ($$) { $$->body = $5; $$->else_body = $7; } }
    | KW_WHILE '(' expr ')' statement
        { $$ = kp_stmt_new(ps, S_WHILE, LOC(@1)); if ($$) { $$->expr = $3; $$->body = $5; } }
    | KW_DO statement KW_WHILE '(' expr ')' ';'
        { $$ = kp_stmt_new(ps, S_DO, LOC(@1)); if ($$) { $$->expr = $5; $$->body = $2; } }
    | KW_FOR '(' for_init expr_opt ';' expr_opt ')' statement
        { $$ = kp_stmt_for(ps, LOC(@1), $3, $4, $6, $8); }
    | KW_FOR '(' decl_specs declarator ':' expr ')' statement
        { $$ = kp_stmt_range_for(ps, LOC(@1), $3, $4, $6, $8); }
    | KW_FOR '(' decl_specs '[' binding_names ']' ':' expr ')' statement
        { $$ = k_parse_range_for_bindings(ps, LOC(@1), LOC(@4), $3, 0, $5, $8, $10); }
    | KW_FOR '(' decl_specs '&' '[' binding_names ']' ':' expr ')' statement
        { $$ = k_parse_range_for_bindings(ps, LOC(@1), LOC(@5), $3, 1, $6, $9, $11); }
    | KW_SWITCH '(' expr ')' statement
        { $$ = kp_stmt_new(ps, S_SWITCH, LOC(@1)); if ($$) { $$->expr = $3; $$->body = $5; } }
    | KW_CASE const_expr ':' statement
        { $$ = kp_stmt_new(ps, S_CASE, LOC(@1)); if ($$) { $$->expr = $2; $$->body = $4; } }
    | KW_DEFAULT ':' statement
        { $$ = kp_stmt_new(ps, S_DEFAULT, LOC(@1)); if ($$) $$->body = $3; }
    | KW_BREAK ';'                              { $$ = kp_stmt_new(ps, S_BREAK, LOC(@1)); }
    | KW_CONTINUE ';'                           { $$ = kp_stmt_new(ps, S_CONTINUE, LOC(@1)); }
    | KW_RETURN expr_opt ';'
        { $$ = kp_stmt_new(ps, S_RETURN, LOC(@1)); if ($$) $$->expr = $2; }
    | KW_RETURN braced_init ';'  /* return {...}: sema gives the list the function's type */
        { $$ = kp_stmt_new(ps, S_RETURN, LOC(@1)); if ($$) $$->expr = $2; }
    | KW_GOTO IDENT ';'
        { $$ = kp_stmt_new(ps, S_GOTO, LOC(@1)); if ($$) $$->label = $2; }
    | IDENT ':' statement
        { $$ = kp_stmt_new(ps, S_LABEL, LOC(@1)); if ($$) { $$->label = $1; $$->body = $3; } }
    ;

/* C++ `if (T x = e)`: an S_IF whose init declares x and whose condition is x */
cond_decl
    : decl_specs declarator '=' assign          { $$ = kp_cond_decl(ps, LOC(@1), $1, $2, $4); }
    ;

for_init
    : expr_opt ';'                              { $$ = kp_stmt_for_init(ps, LOC(@1), $1); }
    | declaration                               { $$ = $1; }
    ;

/* ------------------------------------------------------------- expressions */
expr_opt
    : %empty                                    { $$ = NULL; }
    | expr                                      { $$ = $1; }
    ;

expr
    : assign                                    { $$ = $1; }
    | expr ',' assign           { $$ = kp_expr_binary(ps, E_BINARY, KB_COMMA, LOC(@2), $1, $3); }
    ;

assign
    : cond                                      { $$ = $1; }
    | KW_THROW assign                           { $$ = k_parse_throw(ps, LOC(@1), $2); }
    | KW_THROW                                  { $$ = k_parse_throw(ps, LOC(@1), NULL); }
    | unary assign_op assign    { $$ = kp_expr_binary(ps, E_ASSIGN, $2, LOC(@2), $1, $3); }
    | ptrmem assign_op assign   { $$ = kp_expr_binary(ps, E_ASSIGN, $2, LOC(@2), $1, $3); }
    | unary '=' braced_init     /* d[i] = {x, y, z}: sema gives the list d[i]'s type */
                                { $$ = kp_expr_binary(ps, E_ASSIGN, KB_NONE, LOC(@2), $1, $3); }
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
    | binary '?' expr ':' cond                  { $$ = kp_expr_cond(ps, LOC(@2), $1, $3, $5); }
    /* C++: the third operand is an assignment-expression, so it may be a throw
       (the second, an expression, already may); sema gives it the type of
       the other operand (k_sema_throw_operand) */
    | binary '?' expr ':' KW_THROW assign
                        { $$ = kp_expr_cond(ps, LOC(@2), $1, $3, k_parse_throw(ps, LOC(@5), $6)); }
    | binary '?' expr ':' KW_THROW
                        { $$ = kp_expr_cond(ps, LOC(@2), $1, $3, k_parse_throw(ps, LOC(@5), NULL)); }
    ;

/* C++'s pm-expression: `obj .* pm`, `p ->* pm` (lang/member_pointers.c), an
 * lvalue that may be assigned to */
ptrmem
    : cast PTRMEM_DOT cast      { $$ = kp_expr_binary(ps, E_PTRMEM, 0, LOC(@2), $1, $3); }
    | cast PTRMEM_ARROW cast    { $$ = kp_expr_binary(ps, E_PTRMEM, 1, LOC(@2), $1, $3); }
    | ptrmem PTRMEM_DOT cast    { $$ = kp_expr_binary(ps, E_PTRMEM, 0, LOC(@2), $1, $3); }
    | ptrmem PTRMEM_ARROW cast  { $$ = kp_expr_binary(ps, E_PTRMEM, 1, LOC(@2), $1, $3); }
    ;

binary
    : cast                                      { $$ = $1; }
    | ptrmem                                    { $$ = $1; }
    | binary OROR binary    { $$ = kp_expr_binary(ps, E_BINARY, KB_LOGOR, LOC(@2), $1, $3); }
    | binary ANDAND binary  { $$ = kp_expr_binary(ps, E_BINARY, KB_LOGAND, LOC(@2), $1, $3); }
    | binary '|' binary     { $$ = kp_expr_binary(ps, E_BINARY, KB_BITOR, LOC(@2), $1, $3); }
    | binary '^' binary     { $$ = kp_expr_binary(ps, E_BINARY, KB_BITXOR, LOC(@2), $1, $3); }
    | binary '&' binary     { $$ = kp_expr_binary(ps, E_BINARY, KB_BITAND, LOC(@2), $1, $3); }
    | binary EQ binary      { $$ = kp_expr_binary(ps, E_BINARY, KB_EQ, LOC(@2), $1, $3); }
    | binary NE binary      { $$ = kp_expr_binary(ps, E_BINARY, KB_NE, LOC(@2), $1, $3); }
    | binary '<' binary     { $$ = kp_expr_binary(ps, E_BINARY, KB_LT, LOC(@2), $1, $3); }
    | binary '>' binary     { $$ = kp_expr_binary(ps, E_BINARY, KB_GT, LOC(@2), $1, $3); }
    | binary LE binary      { $$ = kp_expr_binary(ps, E_BINARY, KB_LE, LOC(@2), $1, $3); }
    | binary GE binary      { $$ = kp_expr_binary(ps, E_BINARY, KB_GE, LOC(@2), $1, $3); }
    | binary SHL binary     { $$ = kp_expr_binary(ps, E_BINARY, KB_SHL, LOC(@2), $1, $3); }
    | binary SHR binary     { $$ = kp_expr_binary(ps, E_BINARY, KB_SHR, LOC(@2), $1, $3); }
    | binary '+' binary     { $$ = kp_expr_binary(ps, E_BINARY, KB_ADD, LOC(@2), $1, $3); }
    | binary '-' binary     { $$ = kp_expr_binary(ps, E_BINARY, KB_SUB, LOC(@2), $1, $3); }
    | binary '*' binary     { $$ = kp_expr_binary(ps, E_BINARY, KB_MUL, LOC(@2), $1, $3); }
    | binary '/' binary     { $$ = kp_expr_binary(ps, E_BINARY, KB_DIV, LOC(@2), $1, $3); }
    | binary '%' binary     { $$ = kp_expr_binary(ps, E_BINARY, KB_MOD, LOC(@2), $1, $3); }
    ;

/* A braced list with no type written (`return {}`): an E_COMPOUND whose
 * type_written is NULL until sema knows it. */
braced_init
    : '{' '}'                   { $$ = kp_expr_unary(ps, E_COMPOUND, 0, LOC(@1), kp_make_init_list(ps, LOC(@1), NULL)); }
    | '{' init_list '}'         { $$ = kp_expr_unary(ps, E_COMPOUND, 0, LOC(@1), kp_make_init_list(ps, LOC(@1), $2)); }
    | '{' init_list ',' '}'     { $$ = kp_expr_unary(ps, E_COMPOUND, 0, LOC(@1), kp_make_init_list(ps, LOC(@1), $2)); }
    ;

cast
    : unary                                     { $$ = $1; }
    | '(' type_name ')' cast        { $$ = kp_typed(kp_expr_unary(ps, E_CAST, 0, LOC(@1), $4), $2); }
    | '(' type_name ')' '{' init_list '}'       /* a compound literal: (S){a, .m = b} */
        { $$ = kp_typed(kp_expr_unary(ps, E_COMPOUND, 0, LOC(@1), kp_make_init_list(ps, LOC(@4), $5)), $2); }
    ;

unary
    : postfix                                   { $$ = $1; }
    | INC unary                     { $$ = kp_expr_unary(ps, E_UNARY, KU_PREINC, LOC(@1), $2); }
    | DEC unary                     { $$ = kp_expr_unary(ps, E_UNARY, KU_PREDEC, LOC(@1), $2); }
    | unary_op cast                 { $$ = kp_expr_unary(ps, E_UNARY, $1, LOC(@1), $2); }
    | KW_SIZEOF unary               { $$ = kp_expr_unary(ps, E_SIZEOF_EXPR, 0, LOC(@1), $2); }
    | KW_ALIGNOF '(' type_name ')'  { $$ = kp_typed(kp_expr_leaf(ps, E_ALIGNOF, LOC(@1)), $3); }
    | KW_OFFSETOF '(' type_name ',' member_path ')'
        { $$ = kp_expr_type_name(ps, E_OFFSETOF, LOC(@1), $3, $5); }
    | KW_TYPE_TRAIT '(' type_name ')' { $$ = kp_expr_type_name(ps, E_TYPE_TRAIT, LOC(@1), $3, $1); }
    | KW_TYPE_TRAIT2 '(' type_name ',' type_name ')'   /* the second type: lhs, an E_SIZEOF_TYPE */
        { $$ = kp_expr_type_name(ps, E_TYPE_TRAIT, LOC(@1), $3, $1);
          if ($$) $$->lhs = kp_expr_type_name(ps, E_SIZEOF_TYPE, LOC(@5), $5, NULL); }
    | KW_SIZEOF ELLIPSIS '(' IDENT ')'          { $$ = k_pack_sizeof(ps, LOC(@1), $4); }
    | KW_SIZEOF ELLIPSIS '(' TYPEDEF_NAME ')'   { $$ = k_pack_sizeof(ps, LOC(@1), $4->name); }
    | KW_SIZEOF '(' type_name ')'   { $$ = kp_typed(kp_expr_leaf(ps, E_SIZEOF_TYPE, LOC(@1)), $3); }
    | KW_TYPEID '(' expr ')' '.' IDENT '(' ')'       { $$ = k_parse_typeid(ps, LOC(@1), $3, NULL, $6, LOC(@6)); }
    | KW_TYPEID '(' type_name ')' '.' IDENT '(' ')'  { $$ = k_parse_typeid(ps, LOC(@1), NULL, $3, $6, LOC(@6)); }
    | KW_VA_ARG '(' assign ',' type_name ')'    /* <stdarg.h> (lang/stdarg.c) */
        { $$ = kp_typed(kp_expr_unary(ps, E_VA_ARG, 0, LOC(@1), $3), $5); }
    | KW_NEW type_specs %prec NEW_TYPE          { $$ = kp_expr_new(ps, LOC(@1), $2, NULL, NULL, NULL); }
    | KW_NEW type_specs pointer %prec NEW_TYPE  { $$ = kp_expr_new(ps, LOC(@1), $2, $3, NULL, NULL); }
    | KW_NEW type_specs '[' expr ']'            { $$ = kp_expr_new(ps, LOC(@1), $2, NULL, $4, NULL); }
    | KW_NEW type_specs '[' expr ']' new_dims   /* new T[n][4]: of T[4], as C++ reads it */
        { $$ = kp_expr_new_dims(ps, LOC(@1), $2, $4, $6, NULL); }
    | KW_NEW type_specs '[' expr ']' new_dims '(' ')'
        { $$ = kp_expr_new_dims(ps, LOC(@1), $2, $4, $6, kp_list_new(ps)); }
    | KW_NEW type_specs pointer '[' expr ']'    { $$ = kp_expr_new(ps, LOC(@1), $2, $3, $5, NULL); }
    | KW_NEW type_specs '[' expr ']' '(' ')'    { $$ = kp_expr_new(ps, LOC(@1), $2, NULL, $4, kp_list_new(ps)); }
    | KW_NEW type_specs '[' expr ']' braced     { $$ = kp_expr_new_list(ps, LOC(@1), $2, $4, $6); }
    | KW_NEW type_specs '(' args_opt ')'
        { $$ = kp_expr_new(ps, LOC(@1), $2, NULL, NULL, $4 ? $4 : kp_list_new(ps)); }
    | KW_NEW type_specs pointer '(' args_opt ')'        /* `new int *(ip)` */
        { $$ = kp_expr_new(ps, LOC(@1), $2, $3, NULL, $5 ? $5 : kp_list_new(ps)); }
    | KW_NEW '(' assign ')' type_specs %prec NEW_TYPE      /* placement new */
        { $$ = kp_expr_placed(kp_expr_new(ps, LOC(@1), $5, NULL, NULL, NULL), $3); }
    | KW_NEW '(' assign ')' type_specs '[' expr ']'
        { $$ = kp_expr_placed(kp_expr_new(ps, LOC(@1), $5, NULL, $7, NULL), $3); }
    | KW_NEW '(' assign ')' type_specs '(' args_opt ')'
        { $$ = kp_expr_placed(kp_expr_new(ps, LOC(@1), $5, NULL, NULL, $7 ? $7 : kp_list_new(ps)), $3); }
    | KW_NEW '(' assign ')' type_specs pointer %prec NEW_TYPE   /* `new (p) int *(ip)` */
        { $$ = kp_expr_placed(kp_expr_new(ps, LOC(@1), $5, $6, NULL, NULL), $3); }
    | KW_NEW '(' assign ')' type_specs pointer '[' expr ']'
        { $$ = kp_expr_placed(kp_expr_new(ps, LOC(@1), $5, $6, $8, NULL), $3); }
    | KW_NEW '(' assign ')' type_specs pointer '(' args_opt ')'
        { $$ = kp_expr_placed(kp_expr_new(ps, LOC(@1), $5, $6, NULL, $8 ? $8 : kp_list_new(ps)), $3); }
    | KW_DELETE cast                { $$ = kp_expr_unary(ps, E_DELETE, 0, LOC(@1), $2); }
    | KW_DELETE '[' ']' cast        { $$ = kp_expr_unary(ps, E_DELETE, 1, LOC(@1), $4); }
    ;

/* the constant bounds after the first of `new T[n][4][2]`: the element type's */
new_dims
    : '[' const_expr ']'              { $$ = kp_list_new(ps); kp_list_append(ps, $$, $2); }
    | new_dims '[' const_expr ']'     { $$ = $1; kp_list_append(ps, $$, $3); }
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
    | postfix '[' expr ']'          { $$ = kp_expr_binary(ps, E_INDEX, 0, LOC(@2), $1, $3); }
    | postfix '(' args_opt ')'      { $$ = kp_expr_call(ps, LOC(@1), $1, $3); }
    | postfix LAUNCH_OPEN args LAUNCH_CLOSE '(' args_opt ')'
                                    { $$ = kp_expr_launch(ps, LOC(@1), $1, $3, $6); }
    | postfix '.' member_name       { $$ = kp_expr_member(ps, LOC(@2), $1, $3); }
    | postfix ARROW member_name     /* p->m is (*p).m */
        { $$ = kp_expr_member(ps, LOC(@2), kp_expr_arrow(ps, LOC(@2), $1), $3); }
    | postfix '.' TEMPLATE_NAME TPL_OPEN targs_opt TPL_CLOSE   /* obj.f<int> */
        { $$ = k_tpl_member_targs(ps, kp_expr_member(ps, LOC(@2), $1, k_ns_last($3)), LOC(@3),
                                  $5); }
    | postfix ARROW TEMPLATE_NAME TPL_OPEN targs_opt TPL_CLOSE
        { $$ = k_tpl_member_targs(ps, kp_expr_member(ps, LOC(@2), kp_expr_arrow(ps, LOC(@2), $1),
                                                     k_ns_last($3)), LOC(@3), $5); }
    | postfix INC                   { $$ = kp_expr_unary(ps, E_UNARY, KU_POSTINC, LOC(@2), $1); }
    | postfix DEC                   { $$ = kp_expr_unary(ps, E_UNARY, KU_POSTDEC, LOC(@2), $1); }
    ;

/* after '.' or '->': a member, or an operator called by name (p->operator[](i)) */
member_name
    : IDENT                                     { $$ = $1; }
    | KW_OPERATOR op_name                       { $$ = k_parse_operator_name(ps, $2); }
    | TEMPLATE_NAME     /* d.count(): a member named like a library template (std::count) */
                                                { $$ = k_ns_last($1); }
    | '~' TYPEDEF_NAME  /* p->~S(): the destructor called explicitly (lang/new_object.c) */
                                                { $$ = "~"; (void)$2; }
    ;

primary
    : IDENT                                     { $$ = k_parse_ident(ps, LOC(@1), $1); }
    | MEMBER_NAME                               { $$ = $1; }
    | KW_OPERATOR op_name   /* `!operator==(rhs)`: an operator called by its name */
                                { $$ = k_parse_ident(ps, LOC(@1), k_parse_operator_name(ps, $2)); }
    | '[' captures_opt ']' lambda_space lambda_params lambda_word lambda_ret compound
                                { $$ = kp_make_lambda(ps, LOC(@1), $2, $5, $6 | $4, $7, $8); }
    | TEMPLATE_NAME                             { $$ = kp_template_name_expr(ps, LOC(@1), $1); }
    | TEMPLATE_NAME TPL_OPEN targs_opt TPL_CLOSE { $$ = k_tpl_ident(ps, LOC(@1), $1, $3); }
    | template_type SCOPED_NAME                 { $$ = k_tpl_scoped(ps, LOC(@1), $1, $2); }
    | template_type '(' args_opt ')'
        { $$ = kp_expr_construct(ps, LOC(@1), kp_specs_of(ps, LOC(@1), 0, $1), $3); }
    | template_type '{' args_opt '}'     /* cg::greater<float>{}: as with '(' */
        { $$ = kp_expr_construct(ps, LOC(@1), kp_specs_of(ps, LOC(@1), 0, $1), $3); }
    | INT_LIT                                   { $$ = $1; }
    | FLOAT_LIT                                 { $$ = $1; }
    | CHAR_LIT                                  { $$ = $1; }
    | strings                                   { $$ = $1; }
    | KW_TRUE               { $$ = kp_expr_leaf(ps, E_BOOL, LOC(@1)); if ($$) $$->ival = 1; }
    | KW_FALSE                                  { $$ = kp_expr_leaf(ps, E_BOOL, LOC(@1)); }
    | KW_NULLPTR                                { $$ = kp_expr_leaf(ps, E_INT, LOC(@1));
                                                  $$->is_nullptr = 1; }
    | cxx_cast '<' type_name '>' '(' expr ')'
        { $$ = kp_typed(kp_expr_unary(ps, E_CAST, (int)$1, LOC(@1), $6), $3); }
    | '(' expr ')'                              { $$ = $2; if ($$) $$->parenthesized = 1; }
    /* fold expressions (lang/packs.c) */
    | '(' assign FOLD_OP ')'                    { $$ = k_pack_fold(ps, LOC(@3), $3, $2, NULL, 0); }
    | '(' ELLIPSIS_OP assign ')'                { $$ = k_pack_fold(ps, LOC(@2), $2, $3, NULL, 1); }
    | '(' assign FOLD_OP fold_op assign ')'
        { $$ = k_pack_fold_binary(ps, LOC(@3), $3, $4, $2, $5); }
    | '(' assign COMMA_ELLIPSIS ')'             { $$ = k_pack_fold(ps, LOC(@3), ',', $2, NULL, 0); }
    | '(' assign COMMA_ELLIPSIS ',' assign ')'
        { $$ = k_pack_fold_binary(ps, LOC(@3), ',', ',', $2, $5); }
    | type_kw '(' args_opt ')'
        { $$ = kp_expr_construct(ps, LOC(@1), kp_specs_of(ps, LOC(@1), $1, NULL), $3); }
    | type_kw '{' args_opt '}'              /* int{}, float{x}: value-initialization */
        { $$ = kp_expr_construct(ps, LOC(@1), kp_specs_of(ps, LOC(@1), $1, NULL), $3); }
    | TYPEDEF_NAME '(' args_opt ')'
        { $$ = kp_expr_construct(ps, LOC(@1), kp_specs_of(ps, LOC(@1), 0, $1), $3); }
    | decltype_spec '(' args_opt ')'        /* `decltype(x)(v)`: a functional cast */
        { $$ = kp_expr_construct(ps, LOC(@1), kp_specs_of(ps, LOC(@1), 0, $1), $3); }
    /* `typename std::iterator_traits<I>::value_type()`: a dependent type's */
    | KW_TYPENAME template_type SCOPED_TYPE '(' args_opt ')'
        { $$ = kp_expr_construct(ps, LOC(@1), kp_specs_of(ps, LOC(@1), 0,
                                 k_parse_typename_of(ps, LOC(@3), $2, $3)), $5); }
    | KW_TYPENAME template_type SCOPED_TYPE '{' args_opt '}'
        { $$ = kp_expr_construct(ps, LOC(@1), kp_specs_of(ps, LOC(@1), 0,
                                 k_parse_typename_of(ps, LOC(@3), $2, $3)), $5); }
    | TYPEDEF_NAME '{' args_opt '}'
        { $$ = kp_expr_construct(ps, LOC(@1), kp_specs_of(ps, LOC(@1), 0, $1), $3); }
    | TYPEDEF_NAME '{' designated '}'   /* `P{.x = 1}` (C++20): (P){.x = 1} */
        { $$ = kp_designated_expr(ps, LOC(@1), kp_specs_of(ps, LOC(@1), 0, $1), $3); }
    | template_type '{' designated '}'
        { $$ = kp_designated_expr(ps, LOC(@1), kp_specs_of(ps, LOC(@1), 0, $1), $3); }
    ;

designated
    : designator                                { $$ = kp_list_push(ps, NULL, $1); }
    | designated ',' designator                 { $$ = kp_list_push(ps, $1, $3); }
    | designated ',' initializer
        { $$ = $1; k_error(ps->ctx, LOC(@3), "designated and plain initializers mixed in one list (C++20 names every member or none)"); }
    ;

designator   /* `.member = value` designates a record's member (C99, C++20) */
    : '.' IDENT '=' initializer { $$ = kp_expr_unary(ps, E_DESIGNATOR, 0, LOC(@1), $4); if ($$) $$->name = $2; }
    ;

/* Lambdas (lang/lambda.c).  A capture is an E_IDENT (op 1: by reference,
 * op 2: `*this`)
 * or, for a default capture, a leaf E_INT whose ival is '&' or '='. */
captures_opt
    : %empty %prec LAMBDA_EMPTY                 { $$ = NULL; }
    | captures                                  { $$ = $1; }
    ;

captures
    : capture                                   { $$ = kp_list_push(ps, NULL, $1); }
    | captures ',' capture                      { $$ = kp_list_push(ps, $1, $3); }
    ;

capture
    : '&'       { $$ = kp_expr_leaf(ps, E_INT, LOC(@1)); if ($$) $$->ival = '&'; }
    | '='       { $$ = kp_expr_leaf(ps, E_INT, LOC(@1)); if ($$) $$->ival = '='; }
    | IDENT     { $$ = kp_expr_leaf(ps, E_IDENT, LOC(@1)); if ($$) $$->name = $1; }
    | '&' IDENT { $$ = kp_expr_leaf(ps, E_IDENT, LOC(@2)); if ($$) { $$->name = $2; $$->op = 1; } }
    | '*' IDENT { $$ = kp_expr_leaf(ps, E_IDENT, LOC(@1)); if ($$) { $$->name = $2; $$->op = 2; } }
    | IDENT ELLIPSIS      { $$ = k_pack_capture(ps, LOC(@2), LOC(@1), $1, 0); }
    | '&' IDENT ELLIPSIS  { $$ = k_pack_capture(ps, LOC(@3), LOC(@2), $2, 1); }
    | IDENT '=' assign      { $$ = k_parse_init_capture(ps, LOC(@1), $1, $3, 0); }
    | '&' IDENT '=' assign  { $$ = k_parse_init_capture(ps, LOC(@2), $2, $4, 1); }
    ;

lambda_params
    : %empty                                    { $$ = NULL; }
    | '(' ')'                                   { $$ = kp_list_new(ps); }
    | '(' param_list ')'                        { $$ = $2; }
    ;

/* nvcc's extended lambdas: `[=] __device__ (int i) {...}`,
 * `[] __host__ __device__ (float x) {...}` (ST_* bits; lang/lambda.c). */
lambda_space
    : %empty                                    { $$ = 0; }
    | lambda_spaces                             { $$ = $1; }
    ;

lambda_spaces
    : KW_DEVICE                                 { $$ = ST_DEVICE; }
    | KW_HOST                                   { $$ = ST_HOST; }
    | lambda_spaces KW_DEVICE                   { $$ = $1 | ST_DEVICE; }
    | lambda_spaces KW_HOST                     { $$ = $1 | ST_HOST; }
    ;

/* A word after a lambda's parameters: `mutable` (1), else an error. */
lambda_word
    : %empty                                    { $$ = 0; }
    | IDENT                         { $$ = k_parse_lambda_spec(ps, LOC(@1), $1); }
    ;

/* A trailing return type names a type (no struct definition: its '{'
 * would be the body's). */
lambda_ret
    : %empty                                    { $$ = NULL; }
    | trailing_ret                              { $$ = $1; }
    ;

/* `auto f(A a) -> decltype(a * 2)`, `[](int i) -> float *`: a trailing
 * return type.  Its qualifiers come first (`-> const T &`): a `const` after
 * it is the member function's (`auto get() const -> int`). */
trailing_ret
    : ARROW trailing_specs          { $$ = kp_type_name(ps, $2, kp_dtor_new(ps, LOC(@2), NULL)); }
    | ARROW trailing_specs trailing_abstract    { $$ = kp_type_name(ps, $2, $3); }
    ;

trailing_specs
    : trailing_words                            { $$ = $1; }
    | qualifiers trailing_words                 { $$ = $2; if ($$) $$->quals |= $1; }
    ;

trailing_words
    : type_kw       { $$ = kp_specs_type(ps, kp_specs_new(ps, LOC(@1)), $1, LOC(@1), NULL); }
    | TYPEDEF_NAME  { $$ = kp_specs_type(ps, kp_specs_new(ps, LOC(@1)), 0, LOC(@1), $1); }
    | template_type { $$ = kp_specs_type(ps, kp_specs_new(ps, LOC(@1)), 0, LOC(@1), $1); }
    | typename_spec { $$ = kp_specs_type(ps, kp_specs_new(ps, LOC(@1)), 0, LOC(@1), $1); }
    | decltype_spec { $$ = kp_specs_type(ps, kp_specs_new(ps, LOC(@1)), 0, LOC(@1), $1); }
    | trailing_words type_kw                    { $$ = kp_specs_type(ps, $1, $2, LOC(@2), NULL); }
    ;

trailing_abstract
    : '&'                       { $$ = kp_dtor_new(ps, LOC(@1), NULL); if ($$) $$->is_ref = 1; }
    | ANDAND                    { $$ = kp_dtor_new(ps, LOC(@1), NULL); if ($$) $$->is_ref = 2; }
    | trailing_stars            { $$ = kp_dtor_pointer(ps, $1, kp_dtor_new(ps, LOC(@1), NULL)); }
    | trailing_stars '&'
        { $$ = kp_dtor_ref(ps, $1, LOC(@1), 1); }
    ;

trailing_stars
    : '*'                                       { $$ = kp_list_push(ps, NULL, NULL); }
    | trailing_stars '*'                        { $$ = kp_list_push(ps, $1, NULL); }
    ;

/* the op of the E_CAST: 0 for C's casts */
cxx_cast
    : KW_STATIC_CAST        { $$ = 1; }
    | KW_REINTERPRET_CAST   { $$ = 2; }
    | KW_CONST_CAST         { $$ = 3; }
    | KW_DYNAMIC_CAST       { $$ = 4; }   /* lang/virtual.c */
    ;

/* inline PTX: asm [volatile] ("template" : outputs : inputs : clobbers);
 * translated into K statements by lang/ptx.c */
asm_stmt
    : KW_ASM asm_volatile '(' strings asm_sections ')' ';'
        { $$ = kp_stmt_asm(ps, LOC(@1), $4, $5); }
    ;

asm_volatile
    : %empty
    | KW_VOLATILE
    ;

/* each ':' starts a section (a list of operands, or NULL when empty) */
asm_sections
    : %empty                                    { $$ = NULL; }
    | asm_sections ':' asm_ops_opt              { $$ = kp_list_push(ps, $1, $3); }
    ;

asm_ops_opt
    : %empty                                    { $$ = NULL; }
    | asm_ops                                   { $$ = $1; }
    ;

/* operands "r"(x), or clobbers "memory"; nvcc also takes operands with no
 * comma between them ("r"(v) "l"(p), as cuda-samples'
 * conjugateGradientMultiDeviceCG writes them) */
asm_ops
    : asm_operands                              { $$ = $1; }
    | asm_clobbers                              { $$ = $1; }
    ;

asm_operands
    : asm_operand                               { $$ = kp_list_push(ps, NULL, $1); }
    | asm_operands ',' asm_operand              { $$ = kp_list_push(ps, $1, $3); }
    | asm_operands asm_operand                  { $$ = kp_list_push(ps, $1, $2); }
    ;

asm_operand
    : strings '(' expr ')'                      { $$ = k_parse_asm_op(ps->ctx, LOC(@1), $1, $3); }
    ;

asm_clobbers
    : strings
        { $$ = kp_list_push(ps, NULL, k_parse_asm_op(ps->ctx, LOC(@1), $1, NULL)); }
    | asm_clobbers ',' strings
        { $$ = kp_list_push(ps, $1, k_parse_asm_op(ps->ctx, LOC(@3), $3, NULL)); }
    ;

strings
    : STRING_LIT                                { $$ = $1; }
    | strings STRING_LIT                        { $$ = kp_concat_strings(ps, $1, $2); }
    ;

args_opt
    : %empty                                    { $$ = NULL; }
    | args                                      { $$ = $1; }
    ;

/* an argument may be a braced list: std::min({a, b, c}) (lang/stl.c) */
args
    : initializer                               { $$ = kp_list_push(ps, NULL, $1); }
    | args ',' initializer                      { $$ = kp_list_push(ps, $1, $3); }
    | initializer ELLIPSIS      /* a pack expansion (lang/packs.c) */
        { $$ = kp_list_push(ps, NULL, kp_expr_unary(ps, E_PACK_EXPAND, 0, LOC(@2), $1)); }
    | args ',' initializer ELLIPSIS
        { $$ = kp_list_push(ps, $1, kp_expr_unary(ps, E_PACK_EXPAND, 0, LOC(@4), $3)); }
    ;

/* the second operator of a binary fold (`(std::cout << ... << xs)`) */
fold_op
    : '+' { $$ = '+'; } | '-' { $$ = '-'; } | '*' { $$ = '*'; } | '/' { $$ = '/'; }
    | '%' { $$ = '%'; } | '^' { $$ = '^'; } | '&' { $$ = '&'; } | '|' { $$ = '|'; }
    | SHL { $$ = SHL; } | SHR { $$ = SHR; } | ANDAND { $$ = ANDAND; } | OROR { $$ = OROR; }
    | ',' { $$ = ','; } | EQ { $$ = EQ; } | NE { $$ = NE; } | LE { $$ = LE; } | GE { $$ = GE; }
    | '<' { $$ = '<'; } | '>' { $$ = '>'; } | '=' { $$ = '='; }
    | PTRMEM_DOT { $$ = PTRMEM_DOT; } | PTRMEM_ARROW { $$ = PTRMEM_ARROW; }
    | MUL_ASSIGN { $$ = MUL_ASSIGN; } | DIV_ASSIGN { $$ = DIV_ASSIGN; }
    | MOD_ASSIGN { $$ = MOD_ASSIGN; } | ADD_ASSIGN { $$ = ADD_ASSIGN; }
    | SUB_ASSIGN { $$ = SUB_ASSIGN; } | SHL_ASSIGN { $$ = SHL_ASSIGN; }
    | SHR_ASSIGN { $$ = SHR_ASSIGN; } | AND_ASSIGN { $$ = AND_ASSIGN; }
    | XOR_ASSIGN { $$ = XOR_ASSIGN; } | OR_ASSIGN { $$ = OR_ASSIGN; }
    ;

%%
#include "parse_errors.h"
