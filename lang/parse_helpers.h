/* lang/parse_helpers.h -- what the grammar's actions call in the parser's
 * C helper files (parse_decl.c, parse_cxx.c, templates.c,
 * templates_member.c).  Included from parser.y's `%code provides`, after
 * Bison has defined k_parser's location type; the helper files get it
 * through parser.h. */
#ifndef SIMT_LANG_PARSE_HELPERS_H
#define SIMT_LANG_PARSE_HELPERS_H

/* lang/parse_decl.c: records, enums, block scopes of typedef names */
void k_parse_list_add(k_parser *ps, k_list *l, void *item);
k_type *k_parse_record_ref(k_parser *ps, int is_union, const char *tag, k_loc loc);
k_type *k_parse_record_begin(k_parser *ps, int is_union, const char *tag, k_loc loc);
k_type *k_parse_record_end(k_parser *ps, k_type *t);
/* The scope a class's member types are named in ("N::S"). */
const char *k_parse_record_scope(k_parser *ps, const k_record *r);
/* `public:` & co. and `friend` in the class being parsed (C++ access). */
void k_parse_access(k_parser *ps, int access);
void k_parse_friend(k_parser *ps, const char *name);
void k_parse_base(k_parser *ps, k_type *t, k_type *base, k_loc loc);
void k_parse_base_id(k_parser *ps, k_type *t, k_type *id, k_loc loc);
void k_parse_members(k_parser *ps, k_specs *sp, k_list *dtors,
                     k_type *(*build)(k_parser *, k_specs *, k_declarator *),
                     void (*method)(k_parser *, k_specs *, k_declarator *));
k_type *k_parse_enum_begin(k_parser *ps, const char *tag, k_loc loc, int scoped, k_type *base);
/* The enum a `}` ends: the one begun, or the first reading of its text
 * when a later unit reads it again (k_parse_enum_begin). */
k_type *k_parse_enum_end(k_parser *ps, k_type *t);
k_type *k_parse_enum_base(k_parser *ps, k_specs *sp);   /* `enum E : T`: T, an integer type */
/* lang/class_prescan.c: the member types a class's body declares, type names
 * from its '{' on (C++'s complete-class context) */
void k_parse_class_prescan(k_parser *ps, k_type *cls);
void k_parse_early_member_type(k_parser *ps, k_type *cls, const char *name, k_loc loc);
void k_parse_early_record(k_parser *ps, k_type *cls, int is_union, const char *tag, k_loc loc);
k_type *k_parse_enum_ref(k_parser *ps, const char *tag, k_loc loc);
int k_parse_specs_extra(const k_specs *sp);
const char *k_parse_operator_name(k_parser *ps, const char *op);
const char *k_parse_path(k_parser *ps, const char *a, const char *b);
const char *k_parse_ctor_name(k_parser *ps, k_type *cls, k_loc loc, int dtor);
void k_parse_add_method(k_parser *ps, k_decl *f, unsigned storage, int quals, k_list *inits,
                        k_stmt *body);
k_record *k_parse_method_class(k_parser *ps, const char *name);
int k_parse_is_ctor_name(const char *name);
void k_parse_define_method(k_parser *ps, k_record *r, k_decl *f, unsigned storage, int quals,
                           k_list *inits, k_stmt *body);
void k_parse_specs_decls(k_parser *ps, k_stmt *s, k_specs *sp);
void k_parse_enumerator(k_parser *ps, const char *name, k_loc loc, k_expr *value);
k_specs *k_parse_specs_tagged(k_parser *ps, k_specs *sp, k_type *t);
void k_parse_scope_open(k_parser *ps);
void k_parse_scope_close(k_parser *ps);
void k_parse_add_ordinary(k_parser *ps, const char *name);
int k_parse_is_ordinary(const k_parser *ps, const char *name);
int k_parse_is_own_function(const k_parser *ps, const char *name);
void k_parse_add_typedef(k_parser *ps, const char *name, k_type *t);
k_type *k_parse_typedef_lookup(const k_parser *ps, const char *name);
/* lang/member_types.c: member types and `typename X::m` */
void k_parse_member_type(k_parser *ps, k_loc loc, const char *name, k_type *t);
void k_parse_member_types_end(k_parser *ps, const k_record *r);
int k_parse_is_member_type(const k_parser *ps, const char *tpl, const char *member);
void k_parse_member_types_inherit(k_parser *ps, const k_record *d, const k_record *b);
void k_parse_member_type_named(k_parser *ps, k_loc loc, const k_type *old, k_type *t);
k_type *k_parse_typename(k_parser *ps, k_loc loc, const char *qname);
/* `auto [a, b] = e;` (ref: `auto &[a, b]`): a hidden variable initialized by e,
 * and a, b referring to its elements (lang/parse_cxx.c, lang/cxx.c). */
k_stmt *k_parse_range_for_bindings(k_parser *ps, k_loc loc, k_loc at, k_specs *sp, int ref,
                                   k_list *names, k_expr *range, k_stmt *body);
k_stmt *k_parse_bindings(k_parser *ps, k_loc loc, k_specs *sp, int ref, k_list *names,
                         k_expr *init);
/* An identifier in an expression (`cfg::tile` through a typedef naming a class). */
k_expr *k_parse_ident(k_parser *ps, k_loc loc, const char *name);
k_type *k_parse_typename_of(k_parser *ps, k_loc loc, k_type *id, const char *member);
k_type *k_parse_typedef_member(k_parser *ps, k_loc loc, const char *name);
k_stmt *k_parse_alias_template(k_parser *ps, k_loc loc, const char *name, k_type *type);
/* lang/parse_cxx.c: namespaces, using, static_assert, lambda words */
const char *k_parse_ns_enter(k_parser *ps, const char *name);   /* returns the outer one */
const char *k_parse_ns_anon(k_parser *ps);   /* `namespace {`: the names stay the outer one's */
void k_parse_ns_leave(k_parser *ps, const char *outer);   /* a namespace's '}' */
int k_parse_is_namespace(const k_parser *ps, const char *qname);  /* opened so far */
k_decl *k_parse_using_decl(k_parser *ps, k_loc loc, const char *target);  /* `using N::x;` */
/* rest: the input after the name */
int k_parse_unsupported_name(k_parser *ps, const char *name, const char *rest, k_loc loc);
/* After `__attribute__`: reads its `((...))`; 1 when every attribute in it
 * changes nothing K computes (always_inline, unused...), else 0 after one
 * error naming the attribute. */
/* Reads GCC's __attribute__((...)) after its name: 1, or 0 after its one
 * error; *align gets the N of aligned(N) (16 for a bare aligned), else NULL. */
int k_parse_gnu_attribute(k_parser *ps, k_loc loc, k_expr **align, int *packed);
/* Places an alignment read from __attribute__((aligned(N))): 1 where it is
 * an alignas token (after struct/class/union, before a declaration), 0
 * where it was taken here (after a record's '}' or a declarator), -1 after
 * its one error (on a parameter). */
int k_parse_gnu_aligned(k_parser *ps, k_expr *align);
/* GCC's packed attribute where it stands: after `struct` (the record that
 * follows) or after a record's `}` (that record); -1 after an error (on a
 * member or a variable), else 0. */
int k_parse_gnu_packed(k_parser *ps, k_loc loc);
/* The alignment of the declarator `name`: `written` (alignas in its
 * specifiers) or else the one __attribute__((aligned(N))) after it gave,
 * which is taken either way; NULL if neither. */
k_expr *k_parse_declared_align(k_parser *ps, const char *name, k_expr *written);
k_declarator *k_parse_conv_dtor(k_parser *ps, k_loc loc, k_specs *type, k_list *ptrs);
k_decl *k_parse_using(k_parser *ps, k_loc loc, int kind, const char *name, const char *target);
k_stmt *k_parse_using_stmt(k_parser *ps, k_loc loc, k_decl *u);
void k_parse_using_type(k_parser *ps, k_loc loc, const char *name, k_type *type);
k_decl *k_parse_using_template(k_parser *ps, k_loc loc, const char *target);
k_stmt *k_parse_static_assert(k_parser *ps, k_loc loc, k_expr *cond, k_expr *msg);
k_stmt *k_parse_try(k_parser *ps, k_loc loc, k_stmt *body, k_list *handlers);
k_stmt *k_parse_function_try(k_parser *ps, k_loc loc, k_stmt *body, k_list *handlers);
void k_eh_noexcept_body(k_parser *ps, k_decl *f);                     /* lang/eh.c */
void k_eh_noexcept_function(k_parser *ps, k_decl *f, k_loc name_at);  /* lang/eh.c */
k_stmt *k_parse_catch(k_parser *ps, k_decl *param, k_stmt *body);
k_expr *k_parse_throw(k_parser *ps, k_loc loc, k_expr *e);
unsigned k_parse_lambda_spec(k_parser *ps, k_loc at, const char *word);
k_expr *k_parse_init_capture(k_parser *ps, k_loc at, const char *name, k_expr *init,
                             int byref);
/* `decltype(e)`, `decltype(auto)`, `__typeof__(e or T)` as a type; `decltype(e)::m`;
 * a function declarator's trailing return type (lang/parse_cxx.c) */
k_type *k_parse_decltype(k_parser *ps, k_loc loc, int kind, k_expr *e, k_type *written);
k_type *k_parse_decltype_member(k_parser *ps, k_loc loc, k_type *of, const char *member);
k_declarator *k_parse_trailing(k_parser *ps, k_declarator *d, k_type *ret);
int k_parse_type_name_here(const k_parser *ps);
int k_parse_fnptr_open(const k_parser *ps);
int k_parse_fn_type_open(const k_parser *ps);
int k_parse_brace_init(const k_parser *ps);
k_expr *k_parse_direct_list(k_expr *list);
void k_parse_token_hook(k_parser *ps, int kind);

/* lang/templates.c: the parser's side of templates */
int k_tpl_filter(k_parser *ps, int kind, K_YYLTYPE *lloc);
/* Whether a '>' read now would close a template argument list. */
int k_tpl_closes_here(const k_parser *ps);
int k_tpl_pending(k_parser *ps, K_YYLTYPE *lloc);
int k_tpl_classify(k_parser *ps, const char **name);
k_tparam *k_tpl_type_param(k_parser *ps, k_loc loc, const char *name, k_type *def);
k_tparam *k_tpl_value_param(k_parser *ps, k_loc loc, k_type *type, const char *name,
                            k_expr *def);
k_list *k_tpl_head(k_parser *ps, k_list *params);
void k_parse_member_assert(k_parser *ps, k_stmt *s);
const char *k_tpl_anon_param(k_parser *ps);
const char *k_tpl_dtor_name(k_parser *ps, const char *qname);
const char *k_tpl_written(const char *qname);
void k_tpl_declared(k_parser *ps, const char *name);
const char *k_tpl_class_name(k_parser *ps, const char *tag);
int k_tpl_self_id(k_parser *ps, const char *name);
/* Inside a specialization `template <...> struct S<...> {...}`, S alone (not
 * followed by '<') is the specialization being defined, C++'s
 * injected-class-name: its type, or NULL.  With exact, S's own definition
 * too (a class template declared before it is defined). */
k_type *k_tpl_spec_self(k_parser *ps, const char *name, int exact);
int k_tpl_param_name_here(const k_parser *ps);
const char *k_tpl_class_spec(k_parser *ps, k_type *id);
k_type *k_tpl_record_ref(k_parser *ps, int is_union, const char *tag, k_loc loc);
k_tparam *k_tpl_template_param(k_parser *ps, k_loc loc, const char *name, const char *def);
k_targ *k_tpl_targ_template(k_parser *ps, k_loc loc, const char *name);
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
void k_tpl_nested_end(k_parser *ps);
void k_tpl_member_end(k_parser *ps, k_list *params);
int k_tpl_member_call_name(const k_parser *ps, const char *name);
int k_tpl_inherited_name(k_parser *ps, const char *name, int depth);
int k_tpl_unsupported_param(k_parser *ps, int kind, k_loc loc);
k_expr *k_tpl_member_targs(k_parser *ps, k_expr *m, k_loc loc, k_list *targs);
const char *k_tpl_member_def_name(k_parser *ps, k_type *id, const char *member);
k_type *k_tpl_injected_member_class(k_parser *ps, const char *name);
int k_tpl_skip_friend_template(k_parser *ps);
const char *k_tpl_static_def_name(k_parser *ps, k_type *id, const char *member);
k_record *k_tpl_class_record(k_parser *ps, const char *name);
int k_tpl_define_member(k_parser *ps, k_record *r, k_decl *proto, k_decl *f);

/* lang/templates_member_class.c: member class templates */
const char *k_tpl_member_class_name(k_parser *ps, const char *tag);
void k_tpl_member_class_end(k_parser *ps, k_list *params, k_specs *sp);
k_type *k_tpl_member_class_bare(k_parser *ps, k_type *t);
k_type *k_tpl_member_class_id(k_parser *ps, k_type *outer, const char *full, k_list *targs);
int k_tpl_scoped_template(k_parser *ps, const char *member, const char **full);
const char *k_tpl_member_class_scope(const k_parser *ps, const k_record *r);
void k_tpl_nested_class_begin(k_parser *ps, k_type *t, const char *tag);
void k_tpl_nested_class_end(k_parser *ps, k_type *t);
int k_tpl_scoped_class(k_parser *ps, const char *member, const char **full);

#endif
