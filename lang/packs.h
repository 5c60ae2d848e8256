/* lang/packs.h -- variadic templates: the parser's side (lang/packs_parse.c)
 * and their expansion at instantiation (lang/packs.c). */
#ifndef SIMT_LANG_PACKS_H
#define SIMT_LANG_PACKS_H

#include "parser.h"
#include "templates.h"

/* The scanner bridge: an operator followed by `...` becomes FOLD_OP, `...`
 * followed by an operator right after '(' ELLIPSIS_OP (the operator in
 * lval->op), `, ...` COMMA_ELLIPSIS; any other token comes back as it was. */
int k_pack_merge(k_parser *ps, int kind, K_YYSTYPE *lval, K_YYLTYPE *lloc);
void *k_pack_tparam(void *tparam);
void *k_pack_targ(void *targ);
void *k_pack_targ_op(k_parser *ps, k_loc loc, k_specs *sp, int op);
k_decl *k_pack_param(k_parser *ps, k_specs *sp, int op, const char *name, k_loc loc);
k_expr *k_pack_sizeof(k_parser *ps, k_loc loc, const char *name);
k_expr *k_pack_fold(k_parser *ps, k_loc loc, int op, k_expr *e, k_expr *init, int left);
k_expr *k_pack_fold_binary(k_parser *ps, k_loc loc, int op, int op2, k_expr *a, k_expr *b);
void k_pack_base(k_parser *ps, k_type *t, k_type *base, k_loc loc);
void k_pack_mem_init(k_parser *ps, k_loc loc);
k_expr *k_pack_capture(k_parser *ps, k_loc loc, k_loc name_loc, const char *name, int by_ref);

#endif
