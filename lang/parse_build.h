/* lang/parse_build.h -- the AST builders the grammar's actions call
 * (lang/parse_build.c): lists, expressions, declaration specifiers,
 * declarators, declarations and statements, for lang/parser.y (and the
 * typedef lookup for lang/parse_cxx.c). */
#ifndef SIMT_LANG_PARSE_BUILD_H
#define SIMT_LANG_PARSE_BUILD_H

#include "parser.h"

k_list *kp_list_new(k_parser *ps);
void kp_list_append(k_parser *ps, k_list *l, void *item);
k_list *kp_list_push(k_parser *ps, k_list *l, void *item);
k_list *kp_list_cons(k_parser *ps, void *item, const k_list *rest);
k_expr *kp_expr_leaf(k_parser *ps, k_expr_kind kind, k_loc loc);
k_specs *kp_specs_align(k_parser *ps, k_specs *sp, k_expr *align);
k_expr *kp_expr_unary(k_parser *ps, k_expr_kind kind, int op, k_loc loc, k_expr *e);
k_expr *kp_expr_arrow(k_parser *ps, k_loc loc, k_expr *p);
void kp_extern_linkage(k_parser *ps, int first);
k_expr *kp_expr_binary(k_parser *ps, k_expr_kind kind, int op, k_loc loc, k_expr *l, k_expr *r);
k_expr *kp_expr_cond(k_parser *ps, k_loc loc, k_expr *c, k_expr *l, k_expr *r);
k_expr *kp_make_init_list(k_parser *ps, k_loc loc, k_list *items);
k_expr *kp_ident_expr(k_parser *ps, const char *name, k_loc loc);
void kp_add_method(k_parser *ps, k_specs *sp, k_declarator *d, int quals, k_list *inits, k_stmt *body);
k_declarator *kp_fnptr_dtor(k_parser *ps, k_list *ptrs, k_declarator *d, k_list *params, int variadic);
/* `(&name)[n]`, `(*name)[n]`: a reference or pointer to an array. */
k_declarator *kp_array_dtor(k_parser *ps, k_list *ptrs, k_declarator *d, k_expr *len);
void kp_method_proto(k_parser *ps, k_specs *sp, k_declarator *d);
void kp_defaulted_ctor(k_parser *ps, k_declarator *d, int is_default);
k_declarator *kp_defaulted_member(k_parser *ps, k_declarator *d, int is_default, k_loc loc);
k_declarator *kp_ctor_dtor(k_parser *ps, k_specs *sp, k_type *cls, k_loc loc, k_list *params, int dtor);
k_expr *kp_expr_call(k_parser *ps, k_loc loc, k_expr *callee, k_list *args);
k_expr *kp_expr_launch(k_parser *ps, k_loc loc, k_expr *callee, k_list *config, k_list *args);
k_expr *kp_designated_expr(k_parser *ps, k_loc loc, k_specs *sp, k_list *items);
k_expr *kp_typed(k_expr *e, k_type *t);
k_expr *kp_expr_construct(k_parser *ps, k_loc loc, k_specs *sp, k_list *args);
k_expr *kp_concat_strings(k_parser *ps, k_expr *a, k_expr *b);
k_specs *kp_specs_new(k_parser *ps, k_loc loc);
k_specs *kp_specs_type(k_parser *ps, k_specs *sp, int token, k_loc loc, k_type *tdef);
k_type *kp_type_name(k_parser *ps, k_specs *sp, k_declarator *d);
k_type *kp_fn_type(k_parser *ps, k_type *result, k_list *params);
k_type *kp_member_type(k_parser *ps, k_specs *sp, k_declarator *d);
k_declarator *kp_dtor_new(k_parser *ps, k_loc loc, const char *name);
const k_type *kp_memptr_item(const void *item);
k_declarator *kp_fnptr_quals(k_declarator *d, unsigned quals);
void *kp_memptr_quals(k_type *mp, unsigned quals);
k_declarator *kp_dtor_pointer(k_parser *ps, k_list *ptrs, k_declarator *d);
k_declarator *kp_dtor_func(k_parser *ps, k_declarator *d, k_list *params, int variadic);
k_decl *kp_make_param(k_parser *ps, k_specs *sp, k_declarator *d, k_loc loc);
k_stmt *kp_make_decl_stmt(k_parser *ps, k_loc loc, k_specs *sp, k_list *dtors);
void kp_add_file_decls(k_parser *ps, k_stmt *s);
k_expr *kp_expr_new(k_parser *ps, k_loc loc, k_specs *sp, k_list *ptrs, k_expr *count, k_list *init);
k_expr *kp_expr_new_dims(k_parser *ps, k_loc loc, k_specs *sp, k_expr *count, k_list *dims,
                         k_list *init);
k_expr *kp_expr_new_list(k_parser *ps, k_loc loc, k_specs *sp, k_expr *count, k_expr *list);
k_expr *kp_make_lambda(k_parser *ps, k_loc loc, k_list *caps, k_list *params, unsigned is_mutable,
                       k_type *ret, k_stmt *body);
k_stmt *kp_cond_decl(k_parser *ps, k_loc loc, k_specs *sp, k_declarator *d, k_expr *init);
int kp_add_method_def(k_parser *ps, k_specs *sp, k_declarator *d, int quals, k_list *inits, k_stmt *body);
/* `S::f() {...}` with no type before it: a member function defined outside
 * its class (a constructor), else "type specifier missing" (and, when
 * as_function, the function is added anyway, for the rest of the checks) */
void kp_add_untyped_def(k_parser *ps, k_declarator *d, k_stmt *body, k_loc loc, int as_function);
/* `S(const S &o) : m(o.m)... {}` or, move, `S(S &&o) : m(FROM)... {}`: an
 * implicit copy or move constructor written member by member, from_member
 * giving each member's initializer; 0 if it could not be made. */
int kp_memberwise_ctor(k_parser *ps, k_type *t, int move,
                       k_expr *(*from_member)(k_parser *, const k_field *, k_loc));
/* A class's '}': its implicit members, its using-declarations, its end. */
k_type *kp_record_body_end(k_parser *ps, k_type *rec);
/* A function template's name as an expression (`f` of `f(x)`, deduced). */
k_expr *kp_template_name_expr(k_parser *ps, k_loc loc, const char *name);
/* `T x(a, b)`'s declarator: the constructor's arguments. */
k_declarator *kp_dtor_ctor_args(k_parser *ps, k_loc loc, const char *name, k_list *args);
void kp_add_function(k_parser *ps, k_specs *sp, k_declarator *d, k_stmt *body);
k_stmt *kp_stmt_new(k_parser *ps, k_stmt_kind kind, k_loc loc);
k_stmt *kp_make_block(k_parser *ps, k_loc loc, k_list *items);
void kp_add_builtin_type(void *arg, const char *name, k_type *type);
k_type *kp_typedef_lookup(k_parser *ps, const char *name);
k_expr *kp_literal(k_parser *ps, k_expr_kind kind, const k_token *t);
void kp_implicit_copy_ctor(k_parser *ps, k_type *t);
k_expr *kp_expr_placed(k_expr *e, k_expr *place);
/* One-line builders for the grammar's actions (the end of parse_build.c) */
k_stmt *kp_stmt_parts(k_parser *ps, k_stmt_kind kind, k_loc loc, k_expr *expr, k_stmt *body,
                      k_stmt *else_body);
k_stmt *kp_stmt_if_constexpr(k_parser *ps, k_loc loc, k_expr *cond, k_stmt *body,
                             k_stmt *else_body);
k_stmt *kp_stmt_for(k_parser *ps, k_loc loc, k_stmt *init, k_expr *cond, k_expr *step,
                    k_stmt *body);
k_stmt *kp_stmt_range_for(k_parser *ps, k_loc loc, k_specs *sp, k_declarator *d, k_expr *range,
                          k_stmt *body);
k_stmt *kp_stmt_for_init(k_parser *ps, k_loc loc, k_expr *e);
k_stmt *kp_stmt_asm(k_parser *ps, k_loc loc, k_expr *tmpl, k_list *sections);
k_expr *kp_expr_type_name(k_parser *ps, k_expr_kind kind, k_loc loc, k_type *t, const char *name);
k_expr *kp_expr_member(k_parser *ps, k_loc loc, k_expr *obj, const char *name);
k_specs *kp_specs_of(k_parser *ps, k_loc loc, int token, k_type *t);
k_declarator *kp_dtor_ref(k_parser *ps, k_list *ptrs, k_loc loc, int is_ref);
/* ... and the C++ ones (the end of parse_cxx.c) */
k_tparam *kp_value_tparam(k_parser *ps, k_loc loc, k_specs *sp, k_list *ptrs, const char *name,
                          k_expr *def);
k_declarator *kp_tpl_spec_dtor(k_parser *ps, k_loc loc, const char *name, k_list *targs,
                               k_list *params);
k_expr *kp_mem_init(k_parser *ps, k_loc loc, const char *member, k_list *args, int direct_list);
void kp_add_guide(k_parser *ps, k_loc loc, const char *name, k_list *params, k_type *result);
k_expr *kp_base_init(k_parser *ps, k_loc loc, const k_type *base, k_list *args);

/* lang/virtual_parse.c: `virtual`, `override`, `final`, `= 0` */
int k_virtual_token(k_parser *ps, int kind, const k_token *t);
int k_noexcept_token(k_parser *ps, int kind, const k_token *t);
void k_virtual_member(k_parser *ps, k_record *r, k_decl *f);
void k_virtual_not_function(k_parser *ps, k_loc loc);
int k_virtual_pure(k_parser *ps, k_declarator *d);
int k_virtual_wants_ctor(const k_record *r);
int k_virtual_unsupported(k_parser *ps, int kind, const k_token *t);
int k_typeid_name_here(const k_parser *ps, const k_token *t);
/* The text from p (blanks skipped) is a parenthesized group, with no ';' or
 * '{' inside: the first non-blank byte after its ')', else NULL (a look
 * ahead of the scanner's, lang/parse_lex.c). */
const unsigned char *k_scan_parens(const unsigned char *p, const unsigned char *lim);
k_expr *k_parse_typeid(k_parser *ps, k_loc loc, k_expr *e, k_type *t, const char *member,
                       k_loc member_loc);
int k_virtual_keyword(const k_token *t, int kind);
void kp_implicit_default_ctor(k_parser *ps, k_type *t);
/* lang/implicit_members.c: C++'s implicit default constructor and destructor of a
 * class whose members have their own */
void kp_implicit_member_ctor(k_parser *ps, k_type *t);
void kp_implicit_dtor(k_parser *ps, k_type *t);
void kp_implicit_move_ctor(k_parser *ps, k_type *t);
k_expr *kp_base_of_other(k_parser *ps, const k_field *fl, int move, k_loc loc);
unsigned kp_default_ctor_space(const k_record *r);   /* lang/implicit_members.c */
/* lang/using_members.c: `using Base::f;` in a class, inheriting constructors at its '}' */
void k_using_member(k_parser *ps, k_loc loc, const char *qualified, const k_type *id,
                    const char *member, const char *call);
void k_using_record_end(k_parser *ps, k_type *t);

#endif
