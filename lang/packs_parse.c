/* lang/packs_parse.c -- variadic templates, the parser's side: parameter
 * packs in template heads (`typename... Ts`, `int... Ns`) and function
 * parameter lists (`Ts... xs`, `const Ts &... xs`, `A &&... a`), pack
 * expansions (`g(xs...)`, `{xs...}`, `f<Ts...>`), `sizeof...(xs)` and fold
 * expressions (`(xs + ...)`, `(... && xs)`, `(std::cout << ... << xs)`).
 * The parser only records them; lang/packs.c expands them when a template
 * is instantiated.
 *
 * The scanner bridge merges an operator and the `...` after it into one
 * FOLD_OP token (and `(` `...` op into ELLIPSIS_OP), so Bison's one token of
 * lookahead tells `(xs + ...)` from `(xs + ys)`; `, ...` is COMMA_ELLIPSIS,
 * which C's `f(int, ...)` and a fold over ',' share. */
#include <string.h>

#include "packs.h"
#include "parse_build.h"

/* The operators a fold may be over (C++17 [expr.prim.fold]); '.*' and '->*'
 * only after the operand (`(obj ->* ... ->* ms)`, `(obj .* ... )`).  A '>' (or '>>') that closes a template argument list is no
 * operator: `Box<Ts>... xs` expands the template-id. */
static int fold_operator(k_parser *ps, int kind)
{
    switch (kind) {
    case '+': case '-': case '*': case '/': case '%': case '^': case '&': case '|':
    case SHL: case ANDAND: case OROR: case ',': case EQ: case NE: case LE: case GE: case '<':
    case '=': case MUL_ASSIGN: case DIV_ASSIGN: case MOD_ASSIGN: case ADD_ASSIGN:
    case SUB_ASSIGN: case SHL_ASSIGN: case SHR_ASSIGN: case AND_ASSIGN: case XOR_ASSIGN:
    case OR_ASSIGN: case PTRMEM_DOT: case PTRMEM_ARROW:
        return 1;
    case '>': case SHR:
        return !k_tpl_closes_here(ps);
    default:
        return 0;
    }
}

/* The next token's kind without consuming it (diagnostics the scanner
 * records meanwhile are dropped: the token is scanned again). */
static int peek(k_parser *ps, k_lexer *after, k_token *tok)
{
    k_ctx *ctx = ps->ctx;
    int ndiags = ctx->ndiags, nerrors = ctx->nerrors;
    *after = ps->lx;
    int kind = k_lexer_next(after, tok);
    ctx->ndiags = ndiags;
    ctx->nerrors = nerrors;
    return kind;
}

int k_pack_merge(k_parser *ps, int kind, K_YYSTYPE *lval, K_YYLTYPE *lloc)
{
    int want_op = kind == ELLIPSIS && ps->prev_kind == '(';
    if (!want_op && !fold_operator(ps, kind))
        return kind;
    k_lexer after;
    k_token next;
    int nk = peek(ps, &after, &next);
    if (want_op ? !fold_operator(ps, nk) : nk != ELLIPSIS)
        return kind;
    ps->lx = after;
    ps->ntokens++;
    lloc->last_line = (int)next.end.line;
    lloc->last_column = (int)next.end.col;
    lval->op = want_op ? nk : kind;
    return want_op ? ELLIPSIS_OP : kind == ',' ? COMMA_ELLIPSIS : FOLD_OP;
}

void *k_pack_tparam(void *p)
{
    if (p)
        ((k_tparam *)p)->pack = 1;
    return p;
}

void *k_pack_targ(void *a)
{
    if (a)
        ((k_targ *)a)->pack_expand = 1;
    return a;
}

/* The declarator of a pack's element: a reference with '&', a pointer
 * with '*' (other operators are the callers' to refuse). */
static k_declarator *pack_declarator(k_parser *ps, k_loc loc, const char *name, int op)
{
    k_declarator *d = kp_dtor_new(ps, loc, name);
    if (d && op == '&')
        d->is_ref = 1;
    else if (d && op == '*')
        kp_list_append(ps, &d->ptr_quals, NULL);
    return d;
}

/* `Ts... xs` (op 0), `Ts &... xs`, `Ts *... xs`, `A &&... a`. */
k_decl *k_pack_param(k_parser *ps, k_specs *sp, int op, const char *name, k_loc loc)
{
    k_declarator *d = pack_declarator(ps, loc, name, op);
    if (!d)
        return NULL;
    if (op && op != '&' && op != '*' && op != ANDAND)
        k_error(ps->ctx, loc, "expected a declarator before '...' of a parameter pack");
    k_decl *p = kp_make_param(ps, sp, d, loc);
    if (!p)
        return NULL;
    p->pack = 1;
    if (op == ANDAND) {
        if (!p->type || p->type->kind != TY_TPARAM)
            k_error(ps->ctx, loc, "'&&...' needs a template parameter pack before it"
                    " (a forwarding reference: 'Args &&... args')");
        /* `A &&` collapses to `U &` for an lvalue; `const A &&` is no
         * forwarding reference, a pack of rvalue references to const. */
        p->fwd_ref = !p->type || !p->type->quals;
        k_type *ref = k_type_new(ps->ctx, TY_REF);
        if (ref && p->type) {
            ref->base = p->type;
            ref->rvalue_ref = 1;
            p->type = ref;
        }
    }
    return p;
}

/* `Box<Ts *...>`, `Box<Ts &...>` as a template argument list's expansion. */
void *k_pack_targ_op(k_parser *ps, k_loc loc, k_specs *sp, int op)
{
    k_declarator *d = pack_declarator(ps, loc, NULL, op);
    if (!d)
        return NULL;
    if (op != '&' && op != '*')
        k_error(ps->ctx, loc, "expected a type before '...' in a template argument");
    return k_pack_targ(k_tpl_targ(ps, loc, kp_type_name(ps, sp, d), NULL));
}

k_expr *k_pack_sizeof(k_parser *ps, k_loc loc, const char *name)
{
    k_expr *e = kp_expr_leaf(ps, E_SIZEOF_PACK, loc);
    if (e)
        e->name = name;
    return e;
}

/* The binary operator a token stands for in a fold (of an assignment for
 * the assignment tokens, KB_NONE for '='). */
static int fold_binop(int tok)
{
    switch (tok) {
    case '<': return KB_LT;
    case '>': return KB_GT;
    case '=': return KB_NONE;
    case MUL_ASSIGN: return KB_MUL;
    case DIV_ASSIGN: return KB_DIV;
    case MOD_ASSIGN: return KB_MOD;
    case ADD_ASSIGN: return KB_ADD;
    case SUB_ASSIGN: return KB_SUB;
    case SHL_ASSIGN: return KB_SHL;
    case SHR_ASSIGN: return KB_SHR;
    case AND_ASSIGN: return KB_BITAND;
    case XOR_ASSIGN: return KB_BITXOR;
    case OR_ASSIGN: return KB_BITOR;
    case '+': return KB_ADD;
    case '-': return KB_SUB;
    case '*': return KB_MUL;
    case '/': return KB_DIV;
    case '%': return KB_MOD;
    case '^': return KB_BITXOR;
    case '&': return KB_BITAND;
    case '|': return KB_BITOR;
    case SHL: return KB_SHL;
    case SHR: return KB_SHR;
    case ANDAND: return KB_LOGAND;
    case OROR: return KB_LOGOR;
    case ',': return KB_COMMA;
    case EQ: return KB_EQ;
    case NE: return KB_NE;
    case LE: return KB_LE;
    case GE: return KB_GE;
    default: return KB_NONE;
    }
}

static int assignment_token(int tok)
{
    return tok == '=' || tok == MUL_ASSIGN || tok == DIV_ASSIGN || tok == MOD_ASSIGN ||
           tok == ADD_ASSIGN || tok == SUB_ASSIGN || tok == SHL_ASSIGN || tok == SHR_ASSIGN ||
           tok == AND_ASSIGN || tok == XOR_ASSIGN || tok == OR_ASSIGN;
}

/* `(e op ...)` (left 0) or `(... op e)` (left 1); K_FOLD_ASSIGN added for
 * an assignment operator. */
k_expr *k_pack_fold(k_parser *ps, k_loc loc, int op, k_expr *e, k_expr *init, int left)
{
    int ptrmem = op == PTRMEM_DOT || op == PTRMEM_ARROW;   /* E_PTRMEM's op: 0 or 1 */
    k_expr *f = kp_expr_binary(ps, E_FOLD, ptrmem ? op == PTRMEM_ARROW : fold_binop(op), loc, e,
                               init);
    if (f)
        f->ival = (uint64_t)left | (assignment_token(op) ? K_FOLD_ASSIGN : 0) |
                  (ptrmem ? K_FOLD_PTRMEM : 0);
    return f;
}

/* `(a op ... op b)`: a left fold when b holds the pack, a right one when a
 * does (lang/packs.c decides at instantiation, ival 2). */
k_expr *k_pack_fold_binary(k_parser *ps, k_loc loc, int op, int op2, k_expr *a, k_expr *b)
{
    if (op != op2) {
        k_error(ps->ctx, loc, "the two operators of a binary fold expression differ");
        return a;
    }
    return k_pack_fold(ps, loc, op, a, b, 2);
}

/* `struct S : Bases...`, `: Box<Ts>...`: one base field marked as a pack,
 * expanded into one base per element when S is instantiated
 * (k_pack_fields); sema sees a pack left there as an error. */
void k_pack_base(k_parser *ps, k_type *t, k_type *base, k_loc loc)
{
    if (!t || !base)
        return;
    k_parse_base_id(ps, t, base, loc);
    t->rec->fields[t->rec->nfields - 1].pack = 1;
}

/* Not built: `W(M... m) : M(m)... {}` (one error, then the parse stops:
 * the instance would name no base). */
void k_pack_mem_init(k_parser *ps, k_loc loc)
{
    k_error(ps->ctx, loc, "a pack expansion in a constructor's initializer list"
            " ('Bases(args)...') is not supported in K");
    ps->stopped = 1;
}

/* `[xs...]`, `[&xs...]`: the captures of a pack's elements, an expansion
 * in the lambda's capture list that instantiation makes `xs#0, xs#1`. */
k_expr *k_pack_capture(k_parser *ps, k_loc loc, k_loc name_loc, const char *name, int by_ref)
{
    k_expr *c = kp_expr_leaf(ps, E_IDENT, name_loc);
    if (!c)
        return NULL;
    c->name = name;
    c->op = by_ref;
    return kp_expr_unary(ps, E_PACK_EXPAND, 0, loc, c);
}
