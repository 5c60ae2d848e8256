/* lang/sema_expr.c -- types of expressions, C's conversion rules, lvalues and
 * constant folding.  Nothing is inserted into the tree: each node gets its
 * type, and lowering converts operands from their types to the types the
 * operator needs (the same rules, from lang/types.c). */
#include <string.h>

#include "cg.h"
#include "chrono.h"
#include "intops.h"
#include "sema.h"

#define TYBUF 96

k_type *k_decay(k_ctx *ctx, k_type *t)
{
    if (t && t->kind == TY_ARRAY)
        return k_type_ptr(ctx, t->base);
    return t;
}

int k_is_null_const(const k_expr *e)
{
    /* C's NULL, ((void *)0), is a null pointer constant too */
    if (e && e->kind == E_CAST && e->type && e->type->kind == TY_PTR && e->type->base &&
        e->type->base->kind == TY_VOID && e->type->base->quals == 0)
        return k_is_null_const(e->lhs);
    if (e && k_ty_is_nullptr(e->type))
        return 1;   /* nullptr, or any value of type std::nullptr_t */
    return e && e->is_const && e->const_val == 0 && e->type && k_ty_is_integer(e->type);
}

static k_type *set(k_expr *e, k_type *t)
{
    e->type = t;
    return t;
}

static void fold(k_expr *e, uint64_t v)
{
    e->is_const = 1;
    e->const_val = k_kind_wrap(e->type->kind, v);
}

/* Why e is not a C++ constant expression: its own operation's reason
 * (lang/intops.h's checks around the folder), else the first evaluated
 * operand's.  Only a constant context reports it (k_sema_const_int). */
static void not_constant(k_expr *e, const char *why, const k_expr *a, const k_expr *b)
{
    const k_expr *from = a && a->not_constant ? a : b && b->not_constant ? b : NULL;
    if (why || from) {
        e->not_constant = why ? why : from->not_constant;
        e->not_constant_at = why ? e->loc : from->not_constant_at;
    }
}

/* ---- literals ---- */
static k_type *int_literal(k_sema_state *s, k_expr *e)
{
    uint64_t v = e->ival;
    k_type_kind k;
    if (e->is_nullptr) {
        set(e, k_ty_nullptr(s->ctx));
        fold(e, 0);
        return e->type;
    }
    int fits32 = v <= INT32_MAX, fitsu32 = v <= UINT32_MAX, fits64 = v <= INT64_MAX;
    if (e->int_unsigned)
        k = e->int_long == 2 ? TY_ULLONG : e->int_long ? TY_ULONG : fitsu32 ? TY_UINT : TY_ULONG;
    else if (e->int_long == 2)
        k = fits64 ? TY_LLONG : TY_ULLONG;
    else if (e->int_long)
        k = fits64 ? TY_LONG : TY_ULONG;
    else if (fits32)
        k = TY_INT;
    else if (e->int_nondecimal && fitsu32)
        k = TY_UINT;
    else
        k = fits64 ? TY_LONG : TY_ULONG;
    set(e, k_ty(s->ctx, k));
    fold(e, v);
    return e->type;
}

static k_type *string_literal(k_sema_state *s, k_expr *e)
{
    k_type *c = k_ty_qualified(s->ctx, k_ty(s->ctx, TY_CHAR), Q_CONST);
    k_type *a = k_type_array(s->ctx, c, NULL);
    a->length = (int64_t)e->strlen + 1;
    e->is_lvalue = 1;
    return set(e, a);
}

/* ---- names ---- */

/* `count` read as std::count (in view through `using namespace std`): a
 * local variable or a member of that name hides the template, as in C++;
 * so does a global one (where C++ calls the name ambiguous). */
static void unhide(k_sema_state *s, k_expr *e)
{
    if (!e->written || e->has_targs)
        return;
    k_decl *d = k_sema_lookup(s, e->written);
    k_decl *in = k_sema_method(s);
    k_record *r = in ? in->method_of : NULL;
    uint32_t off;
    if (d || (r && k_record_find(r, e->written, &off)))
        e->name = e->written;
}

/* `__func__` (and GCC's `__FUNCTION__`) in a function: the string literal of
 * its unqualified name, as g++ gives it ("f" in S::f and in f<int>). */
static k_type *function_name(k_sema_state *s, k_expr *e)
{
    const char *name = s->fn->name ? s->fn->name : "";
    const char *lt = strchr(name, '<');
    size_t len = lt ? (size_t)(lt - name) : strlen(name);
    for (size_t i = len; i >= 2; i--)
        if (name[i - 1] == ':' && name[i - 2] == ':') {
            name += i;
            len -= i;
            break;
        }
    e->kind = E_STRING;
    e->str = k_strndup(s->ctx, name, len);
    e->strlen = len;
    e->name = NULL;
    return string_literal(s, e);
}

static k_type *ident(k_sema_state *s, k_expr *e)
{
    unhide(s, e);
    k_decl *d = e->has_targs ? k_tpl_sema_var(s, e) : k_sema_lookup(s, e->name);
    if (d && d->kind == D_VAR && !d->unit_use.line &&
        (s->ctx->nunits || (d->type && d->type->kind == TY_ARRAY && d->type->length < 0)))
        d->unit_use = e->loc;   /* where "undefined reference" goes (lang/units.c) */
    if (!d && !e->has_targs && strncmp(e->name, "std::", 5) == 0) {
        /* `max` under `using namespace std` that the scanner took for
         * std::max (a template), where the program has a parameter `max`
         * (lang/stl.c): the program's name, as C++ looks it up */
        k_decl *own = k_sema_lookup(s, e->name + 5);
        if (own && !own->is_global_scope && own->kind != D_FUNC) {
            e->name = e->name + 5;
            d = own;
        }
    }
    if (!e->has_targs && (!d || d->is_global_scope) && k_sema_member_ident(s, e))
        return e->kind == E_MEMBER ? k_sema_expr(s, e) : NULL;
    if (!d && s->fn && (!strcmp(e->name, "__func__") || !strcmp(e->name, "__FUNCTION__")))
        return function_name(s, e);
    if (!d) {
        if (!e->has_targs && k_builtin_find(e->name, 1) >= 0) {
            /* a built-in function named as a value (the call sites find them) */
            k_error(s->ctx, e->loc, "the address of '%s' cannot be taken in K (only of functions "
                    "of the program that are not member functions)", e->name);
        } else if (!e->has_targs) {
            k_error(s->ctx, e->loc, "use of undeclared identifier '%s'", e->name);
            const char *near = k_sema_suggest(s, e->name);
            if (near)
                k_help(s->ctx, "did you mean '%s'?", near);
        }
        return NULL;
    }
    if (d->type && d->type->kind == TY_AUTO)
        return NULL;   /* its declaration's error said why its type is unknown */
    if (s->lambda && d->kind != D_FUNC && k_sema_capture(s, e, d))
        return e->capture >= 0 ? e->type : NULL;   /* `this` of `[*this]`: 0 */
    e->decl = d;
    if (d->kind == D_FUNC)   /* a function as a value: a pointer to it */
        return set(e, k_sema_function_value(s, e, d));
    if (d->builtin >= K_BVAR_BASE && d->builtin < K_BVAR_CONST) {
        if (!(s->fn_kind & (FN_DEVICE | FN_KERNEL)))
            k_error(s->ctx, e->loc, "'%s' is only available in device code", e->name);
    } else {
        e->is_lvalue = 1;
    }
    if (d->type && d->type->kind == TY_REF)   /* a reference names what it refers to */
        return set(e, d->type->base);
    set(e, d->type);
    if (d->type && k_ty_is_integer(d->type) && (d->type->quals & Q_CONST) &&
        !(d->type->quals & Q_VOLATILE) && d->init && d->init->is_const &&
        d->init->kind != E_INIT_LIST) {
        fold(e, d->init->const_val);
        not_constant(e, NULL, d->init, NULL);
        if (d->builtin == K_BVAR_CONST)
            e->is_lvalue = 0;
    }
    return e->type;
}

/* ---- helpers used by several operators ---- */
k_type *k_sema_rvalue(k_sema_state *s, k_expr *e)
{
    k_type *t = k_sema_expr(s, e);
    if (t && t->kind == TY_VOID) {
        k_error(s->ctx, e->loc, "void value not ignored as it ought to be");
        return NULL;
    }
    return t;
}

int k_sema_cond(k_sema_state *s, k_expr *e)
{
    k_type *t = k_sema_rvalue(s, e);
    if (!t)
        return 0;
    if (t->memptr_class)
        return k_memptr_truth(s, e);
    if (t->kind == TY_RECORD && k_sema_scalar_conversion(s, e))
        t = e->type;
    if (t && !k_ty_is_scalar(t)) {
        char b[TYBUF];
        k_error(s->ctx, e->loc, "a value of type '%s' cannot be used as a condition",
                k_ty_str(t, b, sizeof b));
        return 0;
    }
    return 1;
}

static int ptr_compatible(const k_type *to, const k_type *from)
{
    if (to->base->kind == TY_VOID || from->base->kind == TY_VOID)
        return 1;
    if (to->base->kind == TY_RECORD && from->base->kind == TY_RECORD &&
        k_record_derives(from->base->rec, to->base->rec))
        return 1;   /* a derived class's pointer is its base's */
    return k_ty_same(to->base, from->base) ||
           (k_ty_size(to->base) == k_ty_size(from->base) &&
            k_ty_is_integer(to->base) && k_ty_is_integer(from->base) &&
            to->base->kind != TY_BOOL && from->base->kind != TY_BOOL &&
            k_kind_bits(to->base->kind) == 8);
}

/* Is the (checked) expression e convertible to `to` by assignment?  Reports
 * an error naming `what` (initialization, argument, return...) if not. */
/* A number where a dim3 is wanted (`grid = n / 256;`, a member's `dim3 b =
 * 256;`, a returned value): CUDA's dim3(unsigned, unsigned = 1, unsigned =
 * 1) is not explicit, so e becomes dim3(e) in place. */
static int dim3_from_number(k_sema_state *s, k_expr *e)
{
    k_expr *arg = k_alloc(s->ctx, sizeof *arg);
    k_expr *c = k_expr_new(s->ctx, E_CONSTRUCT, e->loc);
    k_expr **args = k_alloc(s->ctx, sizeof *args);
    if (!arg || !c || !args)
        return 0;
    *arg = *e;
    *e = *c;
    args[0] = arg;
    e->args = args;
    e->nargs = 1;
    e->depth = arg->depth + 1;
    return k_sema_rvalue(s, e) != NULL;
}

int k_sema_assignable(k_sema_state *s, k_type *to, k_expr *e, const char *what)
{
    k_type *from = e->type ? e->type : k_sema_rvalue(s, e);
    if (!from || !to)
        return 0;
    if (from->kind == TY_VOID) {
        k_error(s->ctx, e->loc, "void value not ignored as it ought to be");
        return 0;
    }
    if (to->kind == TY_REF)
        return k_sema_bind_ref(s, to, e, what);
    if (to->memptr_class || from->memptr_class)
        return k_memptr_assignable(s, to, e, what);
    if (to->kind == TY_CLOSURE && from->kind == TY_CLOSURE && to->lambda == from->lambda)
        return 1;
    if (to->chrono || from->chrono)
        return k_chrono_assign(s, to, e, what);
    if (to->kind == TY_DIM3 && k_ty_is_arith(from))
        return dim3_from_number(s, e);
    if ((from->kind == TY_RECORD || to->kind == TY_RECORD) && k_sema_user_conversion(s, to, e)) {
        from = e->type;
        if (!from)
            return 0;
    }
    from = k_decay(s->ctx, from);
    int ok;
    if (k_ty_is_arith(to))
        ok = k_ty_is_arith(from) || (to->kind == TY_BOOL && from->kind == TY_PTR);
    else if (to->kind == TY_PTR && k_bases_ambiguous(s, from, to, e->loc))
        return 0;   /* to a base of which from has two (lang/bases.c) */
    else if (to->kind == TY_PTR)
        ok = (from->kind == TY_PTR && ptr_compatible(to, from)) || k_is_null_const(e);
    else if (k_ty_is_record(to) && !k_ty_same(to, from) && (ok = k_bases_slice(s, e, to)) != 0)
        return ok > 0;   /* the base inside a derived object */
    else if (k_ty_is_record(to))
        ok = k_ty_same(to, from);
    else if (to->cg)
        ok = k_cg_convertible(to, from);
    else
        ok = 0;
    if (!ok) {
        char a[TYBUF], b[TYBUF];
        k_error(s->ctx, e->loc, "incompatible types in %s: cannot convert '%s' to '%s'", what,
                k_ty_str(from, a, sizeof a), k_ty_str(to, b, sizeof b));
    }
    return ok;
}

static int check_lvalue(k_sema_state *s, k_expr *e, const char *what)
{
    if (!e->type)
        return 0;
    if (!e->is_lvalue) {
        k_error(s->ctx, e->loc, "expression is not assignable (%s needs an lvalue)", what);
        return 0;
    }
    if (e->type->kind == TY_ARRAY) {
        k_error(s->ctx, e->loc, "array type is not assignable");
        return 0;
    }
    if (e->type->quals & Q_CONST) {
        k_error(s->ctx, e->loc, "cannot assign to a variable of const-qualified type");
        return 0;
    }
    return 1;
}

/* Is e a member access that names a bit-field (which has no address)? */
static int is_bitfield(const k_expr *e)
{
    uint32_t off;
    const k_field *f = e->kind == E_MEMBER && e->lhs->type && e->lhs->type->kind == TY_RECORD
                           ? k_record_find(e->lhs->type->rec, e->name, &off) : NULL;
    return f && f->bit_width;
}

/* ---- operators ---- */
/* An operator of uint3, simtvm's built-in type of threadIdx (not a record):
 * the program's operator function that fits, if any (helper_math.h's
 * uint3 + uint3, uint3 += uint...).  *done says whether one was called. */
static k_type *uint3_operator(k_sema_state *s, k_expr *e, const k_type *a, const k_type *b,
                              int unary, int assign, int *done)
{
    *done = 0;
    int uint3 = (a && a->kind == TY_UINT3) || (b && b->kind == TY_UINT3);
    if (!uint3 || (assign && e->op == KB_NONE))   /* `u = v` stays a copy */
        return NULL;
    return k_sema_operator(s, e, e->op, unary, assign, done);
}

static k_type *unary(k_sema_state *s, k_expr *e)
{
    k_ctx *ctx = s->ctx;
    k_type *t;
    if (e->op == KU_ADDR) {
        if (e->lhs->kind == E_IDENT && e->lhs->type_written) {   /* `&S::x` */
            int done;
            t = k_memptr_address(s, e, &done);
            if (done)
                return t;
        }
        t = k_sema_expr(s, e->lhs);
        if (!t)
            return NULL;
        if (e->lhs->kind == E_IDENT && e->lhs->decl && e->lhs->decl->kind == D_FUNC)
            return set(e, t);   /* &f is f */
        int cap = e->lhs->is_lvalue ? -1 : k_sema_constant_address(s, e->lhs);
        if (cap == 0)
            return NULL;
        if (!e->lhs->is_lvalue) {
            k_error(ctx, e->loc, "cannot take the address of an rvalue");
            return NULL;
        }
        if (is_bitfield(e->lhs)) {
            k_error(ctx, e->loc, "address of bit-field '%s' requested", e->lhs->name);
            return NULL;
        }
        if (e->lhs->kind == E_IDENT && e->lhs->decl)
            e->lhs->decl->address_taken = 1;
        e->is_const = 0;
        return set(e, k_type_ptr(ctx, t));
    }
    t = k_sema_rvalue(s, e->lhs);
    if (t && t->kind == TY_RECORD && e->arrow)
        t = k_sema_arrow_operator(s, e, t);
    if (!t)
        return NULL;
    if (t->memptr_class)   /* `!pm` (lang/member_pointers.c) */
        return k_memptr_unary(s, e);
    int done_uint3;
    k_type *r_uint3 = uint3_operator(s, e, t, NULL, 1, 0, &done_uint3);
    if (done_uint3)
        return r_uint3;
    if (t->kind == TY_RECORD) {
        int done;
        k_type *r = k_sema_operator(s, e, e->op, 1, 0, &done);
        if (done)
            return r;
        if (e->op != KU_PREINC && e->op != KU_PREDEC && e->op != KU_POSTINC &&
            e->op != KU_POSTDEC && k_sema_scalar_conversion(s, e->lhs))
            t = e->lhs->type;
        if (!t)
            return NULL;
    }
    k_type *d = k_decay(ctx, t);
    switch (e->op) {
    case KU_NEG: case KU_PLUS: case KU_BITNOT:
        if (!k_ty_is_arith(t) || (e->op == KU_BITNOT && !k_ty_is_integer(t))) {
            k_error(ctx, e->loc, "invalid operand to unary '%s'",
                    e->op == KU_NEG ? "-" : e->op == KU_PLUS ? "+" : "~");
            return NULL;
        }
        set(e, k_ty(ctx, k_ty_is_float(t) ? t->kind : k_kind_promote(t->kind)));
        if (e->lhs->is_const && k_ty_is_integer(t)) { /* as the VM computes: lang/intops.c */
            uint64_t r;
            if (k_fold_unary(e->op, e->type->kind, t->kind, e->lhs->const_val, &r))
                fold(e, r);
            not_constant(e, k_const_unary_ub(e->op, e->type->kind, t->kind, e->lhs->const_val),
                         NULL, NULL);
        }
        not_constant(e, NULL, e->lhs, NULL);
        return e->type;
    case KU_NOT:
        if (!k_ty_is_scalar(t)) {
            k_error(ctx, e->loc, "invalid operand to '!'");
            return NULL;
        }
        set(e, k_ty(ctx, TY_BOOL));
        if (e->lhs->is_const && k_ty_is_integer(t)) {
            uint64_t r;
            if (k_fold_unary(KU_NOT, TY_BOOL, t->kind, e->lhs->const_val, &r))
                fold(e, r);
        } else if (e->lhs->is_const) { /* nullptr */
            fold(e, e->lhs->const_val == 0);
        }
        not_constant(e, NULL, e->lhs, NULL);
        return e->type;
    case KU_DEREF:
        if (d->kind != TY_PTR) {
            k_error(ctx, e->loc, "indirection requires a pointer operand");
            return NULL;
        }
        if (d->base->kind == TY_VOID) {
            k_error(ctx, e->loc, "cannot dereference a 'void *' pointer");
            return NULL;
        }
        e->is_lvalue = 1;
        return set(e, d->base);
    default: /* ++ and -- */
        if (!check_lvalue(s, e->lhs, "increment/decrement"))
            return NULL;
        if (!k_ty_is_scalar(t) || (t->kind == TY_PTR && k_ty_size(t->base) < 0)) {
            k_error(ctx, e->loc, "cannot increment or decrement this type");
            return NULL;
        }
        return set(e, t);
    }
}

/* Type of `a op b` for arithmetic and pointer operators (also compound assignment). */
static k_type *binary_type(k_sema_state *s, k_expr *e, int op, k_expr *a, k_expr *b)
{
    k_ctx *ctx = s->ctx;
    k_type *ta = k_decay(ctx, a->type), *tb = k_decay(ctx, b->type);
    const char *bad = NULL;
    switch (op) {
    case KB_ADD: case KB_SUB:
        if (k_ty_is_arith(ta) && k_ty_is_arith(tb))
            return k_ty(ctx, k_kind_usual(ta->kind, tb->kind));
        if (ta->kind == TY_PTR && k_ty_is_integer(tb) && k_ty_size(ta->base) > 0)
            return ta;
        if (op == KB_ADD && tb->kind == TY_PTR && k_ty_is_integer(ta) && k_ty_size(tb->base) > 0)
            return tb;
        if (op == KB_SUB && ta->kind == TY_PTR && tb->kind == TY_PTR) {
            if (!k_ty_same(ta->base, tb->base) || k_ty_size(ta->base) <= 0)
                bad = "pointers to different types";
            else
                return k_ty(ctx, TY_LONG);
        }
        break;
    case KB_MUL: case KB_DIV:
        if (k_ty_is_arith(ta) && k_ty_is_arith(tb))
            return k_ty(ctx, k_kind_usual(ta->kind, tb->kind));
        break;
    case KB_MOD: case KB_BITAND: case KB_BITOR: case KB_BITXOR:
        if (k_ty_is_integer(ta) && k_ty_is_integer(tb))
            return k_ty(ctx, k_kind_usual(ta->kind, tb->kind));
        break;
    case KB_SHL: case KB_SHR:
        if (k_ty_is_integer(ta) && k_ty_is_integer(tb))
            return k_ty(ctx, k_kind_promote(ta->kind));
        break;
    default:
        break;
    }
    char x[TYBUF], y[TYBUF];
    k_error(ctx, e->loc, "invalid operands to binary expression ('%s' and '%s')%s%s",
            k_ty_str(ta, x, sizeof x), k_ty_str(tb, y, sizeof y), bad ? ": " : "",
            bad ? bad : "");
    return NULL;
}

static k_type *compare(k_sema_state *s, k_expr *e)
{
    k_ctx *ctx = s->ctx;
    k_type *ta = k_decay(ctx, e->lhs->type), *tb = k_decay(ctx, e->rhs->type);
    int ok = (k_ty_is_arith(ta) && k_ty_is_arith(tb)) ||
             (ta->kind == TY_PTR && tb->kind == TY_PTR) ||
             (ta->kind == TY_PTR && k_is_null_const(e->rhs)) ||
             (tb->kind == TY_PTR && k_is_null_const(e->lhs));
    if (!ok) {
        char x[TYBUF], y[TYBUF];
        k_error(ctx, e->loc, "invalid operands to comparison ('%s' and '%s')",
                k_ty_str(ta, x, sizeof x), k_ty_str(tb, y, sizeof y));
        return NULL;
    }
    set(e, k_ty(ctx, TY_BOOL));
    if (e->lhs->is_const && e->rhs->is_const && k_ty_is_integer(ta) && k_ty_is_integer(tb)) {
        uint64_t r;
        if (k_fold_binary(e->op, k_kind_usual(ta->kind, tb->kind), ta->kind, e->lhs->const_val,
                          tb->kind, e->rhs->const_val, &r))
            fold(e, r);
    }
    not_constant(e, NULL, e->lhs, e->rhs);
    return e->type;
}

static k_type *binary(k_sema_state *s, k_expr *e)
{
    k_ctx *ctx = s->ctx;
    if (e->op == KB_COMMA) {
        k_sema_expr(s, e->lhs);
        return set(e, k_sema_expr(s, e->rhs));
    }
    k_type *ta = k_sema_rvalue(s, e->lhs);
    k_type *tb = k_sema_rvalue(s, e->rhs);
    if (!ta || !tb)
        return NULL;
    if (ta->chrono || tb->chrono)
        return k_chrono_binary(s, e, ta, tb);
    if (ta->memptr_class || tb->memptr_class) {   /* lang/member_pointers.c */
        if (!k_memptr_binary(s, e))
            return NULL;
        ta = e->lhs->type;
        tb = e->rhs->type;
    }
    if (e->op == KB_SHL && k_iostream_is_stream(ta) && tb->kind != TY_RECORD)
        return k_iostream_insert(s, e, tb);
    if (e->op == KB_SHL && k_iostream_is_sstream(ta))
        return k_iostream_sstream_insert(s, e, tb);
    if (e->op == KB_SHR && k_iostream_is_stream(ta)) {   /* string streams: lang/stl_streams.c */
        k_error(ctx, e->loc, "cannot read from an output stream with >> (std::cin, "
                "std::istringstream and std::ifstream are the input streams)");
        return NULL;
    }
    int done_uint3;
    k_type *t_uint3 = uint3_operator(s, e, ta, tb, 0, 0, &done_uint3);
    if (done_uint3)
        return t_uint3;
    if (ta->kind == TY_RECORD || tb->kind == TY_RECORD) {
        int done;
        k_type *t = k_sema_operator(s, e, e->op, 0, 0, &done);
        if (done)
            return t;
        /* `std::cout << bits[i]`: no operator<< of its class, so its conversion
         * (bitset's reference to bool), not the stream's */
        if (e->op == KB_SHL && tb->kind == TY_RECORD &&
            (k_iostream_is_stream(ta) || k_iostream_is_sstream(ta)) &&
            k_sema_scalar_conversion(s, e->rhs) && e->rhs->type)
            return k_iostream_is_stream(ta) ? k_iostream_insert(s, e, e->rhs->type)
                                            : k_iostream_sstream_insert(s, e, e->rhs->type);
        if ((e->op == KB_SHL || e->op == KB_SHR) && ta->kind == TY_RECORD &&
            tb->kind == TY_RECORD) {   /* `is >> rec`: not a shift of a stream's bool */
            char ba[128], bb[128];
            k_error(ctx, e->loc, "no operator%s for operands of types '%s' and '%s'",
                    e->op == KB_SHL ? "<<" : ">>", k_ty_str(ta, ba, sizeof ba),
                    k_ty_str(tb, bb, sizeof bb));
            return NULL;
        }
        if (ta->kind == TY_RECORD && k_sema_scalar_conversion(s, e->lhs))
            ta = e->lhs->type;
        if (tb->kind == TY_RECORD && k_sema_scalar_conversion(s, e->rhs))
            tb = e->rhs->type;
        if (!ta || !tb)
            return NULL;
    }
    if (e->op == KB_LOGAND || e->op == KB_LOGOR) {
        if (!k_ty_is_scalar(ta) || !k_ty_is_scalar(tb)) {
            k_error(ctx, e->loc, "invalid operands to '%s'", e->op == KB_LOGAND ? "&&" : "||");
            return NULL;
        }
        set(e, k_ty(ctx, TY_BOOL));
        /* C++ evaluates the right operand only if the left does not decide (0 && x) */
        int decided = e->lhs->is_const && (e->lhs->const_val != 0) == (e->op == KB_LOGOR);
        if (decided)
            fold(e, e->op == KB_LOGOR);
        else if (e->lhs->is_const && e->rhs->is_const)
            fold(e, e->rhs->const_val != 0);
        not_constant(e, NULL, e->lhs, decided ? NULL : e->rhs);
        return e->type;
    }
    if (e->op >= KB_LT && e->op <= KB_NE)
        return compare(s, e);
    k_type *t = binary_type(s, e, e->op, e->lhs, e->rhs);
    if (!t)
        return NULL;
    set(e, t);
    if (e->lhs->is_const && e->rhs->is_const && k_ty_is_integer(t) && k_ty_is_integer(ta) &&
        k_ty_is_integer(tb)) {
        uint64_t r;   /* as the VM computes (lang/intops.c); x / 0 is not a constant */
        if (k_fold_binary(e->op, t->kind, ta->kind, e->lhs->const_val, tb->kind,
                          e->rhs->const_val, &r))
            fold(e, r);
        not_constant(e, k_const_binary_ub(e->op, t->kind, ta->kind, e->lhs->const_val, tb->kind,
                                          e->rhs->const_val), NULL, NULL);
    }
    not_constant(e, NULL, e->lhs, e->rhs);
    return t;
}

/* `x = {a, b}`: the list is a value of x's type (C++11); a scalar's list
 * holds at most its one value.  0 after an error. */
static int braced_assign(k_sema_state *s, k_expr *e, k_type *tl)
{
    k_expr *list = e->rhs->lhs;
    if (tl->kind == TY_RECORD) {
        k_type *t = k_alloc(s->ctx, sizeof *t);
        *t = *tl;
        t->quals = 0;
        e->rhs->type_written = t;
        return 1;
    }
    if (tl->kind == TY_ARRAY) {
        k_error(s->ctx, e->loc, "an array cannot be assigned, not even a braced list");
        return 0;
    }
    if (list->nargs > 1) {
        k_error(s->ctx, list->loc, "a braced list assigned to a scalar has one item, not %d",
                list->nargs);
        return 0;
    }
    e->rhs = list->nargs == 1 ? list->args[0] : k_expr_new(s->ctx, E_INT, list->loc);
    return e->rhs != NULL;
}

static k_type *assign(k_sema_state *s, k_expr *e)
{
    k_type *tl = k_sema_expr(s, e->lhs);
    if (tl && e->lhs->kind == E_ASSIGN && tl->kind != TY_RECORD)
        e->lhs->is_lvalue = 1;   /* C++: `(a = b) = c` assigns a twice (a left fold) */
    if (tl && e->rhs && e->rhs->kind == E_COMPOUND && !e->rhs->type_written &&
        !braced_assign(s, e, tl))
        return NULL;
    if (tl && !k_tpl_target_function(s, tl, e->rhs))
        return NULL;
    k_type *tr = k_sema_rvalue(s, e->rhs);
    if (!tl || !tr)
        return NULL;
    /* a constructor's `m(args)`: the member is initialised with the value
     * built for it, not assigned (its operator= would read an unbuilt m) */
    int init = e->is_member_init && e->op == KB_NONE && tl->kind == TY_RECORD &&
               tr->kind == TY_RECORD && tr->rec == tl->rec;
    int done_uint3;
    k_type *t_uint3 = uint3_operator(s, e, tl, tr, 0, 1, &done_uint3);
    if (done_uint3)
        return t_uint3;
    if (tl->kind == TY_RECORD && !init) {   /* operator= and the compound ones */
        int done;
        k_type *t = k_sema_operator(s, e, e->op, 0, 1, &done);
        if (done)
            return t;
        if (k_assign_memberwise(s, e, tl))   /* C++'s implicit operator= (lang/assign.c) */
            return k_sema_expr(s, e);
    }
    if (e->is_member_init && e->lhs->is_lvalue && (tl->quals & Q_CONST)) {
        k_type *m = k_alloc(s->ctx, sizeof *m);   /* the const member, initialised */
        *m = *tl;
        m->quals &= ~(unsigned)Q_CONST;
        e->lhs->type = m;
    }
    if (!check_lvalue(s, e->lhs, "assignment"))
        return NULL;
    if (e->op == KB_NONE) {
        if (!k_sema_assignable(s, tl, e->rhs, "assignment"))
            return NULL;
    } else {
        k_type *t = binary_type(s, e, e->op, e->lhs, e->rhs);
        if (!t)
            return NULL;
        /* with a pointer on the left only + and - have a type; p -= q's is
         * ptrdiff_t, which does not go back into p */
        if (tl->kind == TY_PTR && t->kind != TY_PTR) {
            k_error(s->ctx, e->loc, "invalid compound assignment to a pointer");
            return NULL;
        }
    }
    return set(e, tl);
}

static k_type *conditional(k_sema_state *s, k_expr *e)
{
    k_ctx *ctx = s->ctx;
    if (k_sema_throw_operand(s, e))   /* `c ? x : throw e`: lang/throw.c */
        return k_sema_expr(s, e);
    k_sema_cond(s, e->cond);
    k_type *a = k_sema_expr(s, e->lhs), *b = k_sema_expr(s, e->rhs);
    if (!a || !b)
        return NULL;
    a = k_decay(ctx, a);
    b = k_decay(ctx, b);
    k_type *t = NULL;
    if (k_ty_is_arith(a) && k_ty_is_arith(b))
        t = k_ty(ctx, k_kind_usual(a->kind, b->kind));
    else if (a->kind == TY_PTR && b->kind == TY_PTR)
        t = a->base->kind == TY_VOID ? b : (b->base->kind == TY_VOID || ptr_compatible(a, b)) ? a
                                                                                           : NULL;
    else if (a->kind == TY_PTR && k_is_null_const(e->rhs))
        t = a;
    else if (b->kind == TY_PTR && k_is_null_const(e->lhs))
        t = b;
    else if (a->kind == TY_VOID && b->kind == TY_VOID)
        t = a;
    else if (k_ty_is_record(a) && k_ty_same(a, b))
        t = a;
    if (!t) {
        char x[TYBUF], y[TYBUF];
        k_error(ctx, e->loc, "incompatible operand types in '?:' ('%s' and '%s')",
                k_ty_str(a, x, sizeof x), k_ty_str(b, y, sizeof y));
        return NULL;
    }
    set(e, t);
    /* C++ evaluates only the arm the condition takes (`n ? 8 / n : 0`) */
    const k_expr *arm = e->cond->is_const ? (e->cond->const_val ? e->lhs : e->rhs) : NULL;
    if (arm && arm->is_const && k_ty_is_integer(t))
        fold(e, k_kind_wrap(t->kind, arm->const_val));
    not_constant(e, NULL, e->cond, arm);
    return t;
}

static k_type *index_expr(k_sema_state *s, k_expr *e)
{
    k_ctx *ctx = s->ctx;
    k_type *a = k_sema_rvalue(s, e->lhs), *i = k_sema_rvalue(s, e->rhs);
    if (!a || !i)
        return NULL;
    if (a->kind == TY_RECORD) {   /* v[i]: the class's operator[], else its pointer */
        int done;
        k_type *t = k_sema_operator(s, e, KB_NONE, 0, 0, &done);
        if (done)
            return t;
        if (k_sema_class_subscript(s, e))
            return e->type;
        a = e->lhs->type;
    }
    a = k_decay(ctx, a);
    i = k_decay(ctx, i);
    if (a->kind != TY_PTR && i->kind == TY_PTR) { /* i[a] */
        k_expr *t = e->lhs;
        e->lhs = e->rhs;
        e->rhs = t;
        k_type *tt = a;
        a = i;
        i = tt;
    }
    if (a->kind != TY_PTR) {
        k_error(ctx, e->loc, "subscripted value is not an array or pointer");
        return NULL;
    }
    if (!k_ty_is_integer(i)) {
        k_error(ctx, e->rhs->loc, "array subscript is not an integer");
        return NULL;
    }
    if (k_ty_size(a->base) <= 0) {
        k_error(ctx, e->loc, "subscript of a pointer to an incomplete type");
        return NULL;
    }
    e->is_lvalue = 1;
    set(e, a->base);
    k_sema_fold_const_table(e);
    return e->type;
}

/* `o.r` of a reference member r: the member holds the referee's address
 * (types.c gives it a pointer's size), so e becomes `*(o.r as a pointer)`,
 * an lvalue of the referee's type whatever o's constness (a const object's
 * reference member still refers to a non-const int).  The member is bound
 * by a constructor's list (lang/mem_inits.c). */
static k_type *ref_member(k_sema_state *s, k_expr *e, k_type *ft)
{
    k_expr *m = k_expr_new(s->ctx, E_MEMBER, e->loc);
    *m = *e;
    m->type = k_type_ptr(s->ctx, ft->base);
    m->is_xvalue = 0;
    e->kind = E_UNARY;
    e->op = KU_DEREF;
    e->lhs = m;
    e->name = NULL;
    e->depth = m->depth + 1;
    k_type *t = unary(s, e);
    e->is_xvalue = ft->rvalue_ref && m->is_xvalue;
    return t;
}

static k_type *member(k_sema_state *s, k_expr *e)
{
    k_type *t = k_sema_expr(s, e->lhs);
    if (!t)
        return NULL;
    k_type *ft;
    uint32_t off;
    if (!k_ty_is_record(t)) {
        char b[TYBUF];
        k_error(s->ctx, e->loc, "member reference base type '%s' is not a structure or union",
                k_ty_str(t, b, sizeof b));
        return NULL;
    }
    if (t->kind == TY_RECORD) {
        k_record_layout(s, t->rec);
        if (k_ty_size(t) < 0) {
            k_error(s->ctx, e->loc, "member access into incomplete type '%s'",
                    k_record_name(t->rec));
            return NULL;
        }
    }
    if (t->kind == TY_RECORD) {   /* `obj.B::x`: the base B's member (lang/bases.c) */
        int q = k_bases_qualify(s, e, t->rec);
        if (q < 0)
            return NULL;
        if (q)
            t = e->lhs->type;
        if (k_record_member_ambiguous(s, t->rec, e->name, e->loc))
            return NULL;
    }
    if (!k_ty_field(s->ctx, t, e->name, &ft, &off)) {
        if (t->kind == TY_RECORD && k_static_member_access(s, e, t->rec))
            return k_sema_expr(s, e);   /* `a.size`: the static member */
        char b[TYBUF];
        k_error(s->ctx, e->loc, "no member named '%s' in '%s'", e->name,
                k_ty_str(t, b, sizeof b));
        return NULL;
    }
    if (t->kind == TY_RECORD && !k_access_field(s, t->rec, e->name, e->loc))
        return NULL;
    e->is_lvalue = e->lhs->is_lvalue;
    e->is_xvalue = e->lhs->is_xvalue;   /* `std::move(s).m` */
    if (ft->kind == TY_REF && ft->base)
        return ref_member(s, e, ft);
    uint32_t at;
    const k_field *field = t->kind == TY_RECORD ? k_record_find(t->rec, e->name, &at) : NULL;
    if ((t->quals & Q_CONST) && !(field && field->is_mutable))
        ft = k_ty_qualified(s->ctx, ft, Q_CONST);
    return set(e, ft);
}

/* `reinterpret_cast<T &>(x)` (and the other casts to a reference): the
 * object x as a T, `*(T *)&x`.  e becomes the dereference. */
static k_type *cast_to_ref(k_sema_state *s, k_expr *e, k_type *to)
{
    k_expr *addr = k_expr_new(s->ctx, E_UNARY, e->loc);
    k_expr *c = k_expr_new(s->ctx, E_CAST, e->loc);
    addr->op = KU_ADDR;
    addr->lhs = e->lhs;
    addr->depth = e->lhs->depth + 1;
    c->op = e->op;
    c->lhs = addr;
    c->type_written = k_type_ptr(s->ctx, to->base);
    c->depth = addr->depth + 1;
    e->kind = E_UNARY;
    e->op = KU_DEREF;
    e->lhs = c;
    e->type_written = NULL;
    e->depth = c->depth + 1;
    k_type *t = k_sema_expr(s, e);
    e->is_xvalue = to->rvalue_ref;   /* `static_cast<T &&>(x)` */
    return t;
}

/* A floating literal, or one negated or with a unary plus ((int)-2.5 is a
 * constant as (int)2.5 is): its value in *v. */
static int float_literal(const k_expr *x, double *v, int *single)
{
    int neg = 0;
    while (x->kind == E_UNARY && (x->op == KU_NEG || x->op == KU_PLUS)) {
        neg ^= x->op == KU_NEG;
        x = x->lhs;
    }
    if (x->kind != E_FLOAT)
        return 0;
    *v = x->is_single ? (double)(float)x->fval : x->fval;
    *single = x->is_single;
    if (neg)
        *v = -*v;
    return 1;
}

static k_type *cast(k_sema_state *s, k_expr *e)
{
    int empty = e->lhs->kind == E_INT && e->lhs->ival == 0 && e->lhs->loc.line == e->loc.line &&
                e->lhs->loc.col == e->loc.col;   /* `T()`: the 0 the parser put there */
    if (e->type_written->kind == TY_TEMPLATE_ID && e->type_written->ctad &&
        !k_ctad_expr(s, e, &e->lhs, !empty))
        return NULL;   /* `Box(3)`: deduced (lang/ctad.c) */
    k_type *to = e->type_written;
    k_sema_resolve_type(s, to, e->loc);
    if (e->op == 4)   /* dynamic_cast (lang/virtual.c) */
        return k_sema_dynamic_cast(s, e);
    if (k_random_is_type(to))   /* `std::mt19937(seed)` */
        return k_random_temporary(s, e, empty);
    if (to->kind == TY_REF && to->base)
        return cast_to_ref(s, e, to);
    /* C<T>() was parsed as a cast of a 0 placed where the cast is: a
     * value-initialised object, of a class with constructors or not
     * (thrust::plus<float>()) */
    int none = to->kind == TY_RECORD && e->lhs->kind == E_INT && e->lhs->ival == 0 &&
               e->lhs->loc.line == e->loc.line && e->lhs->loc.col == e->loc.col;
    if (to->kind == TY_RECORD && (k_record_has_ctors(to->rec) || none)) {   /* C<T>(x) */
        e->kind = E_CONSTRUCT;
        e->args = k_alloc(s->ctx, sizeof *e->args);
        e->args[0] = e->lhs;
        e->nargs = !none;
        e->lhs = NULL;
        return k_sema_construct_record(s, e);
    }
    k_type *from = k_sema_expr(s, e->lhs);
    if (!from)
        return NULL;
    if (to->chrono || from->chrono)
        return k_chrono_cast(s, e, to, from);
    if (from->kind == TY_RECORD || to->kind == TY_RECORD) {
        if (k_sema_cast_conversion(s, e, to))
            return e->type;
        from = e->lhs->type;
        if (!from)
            return NULL;
    }
    from = k_decay(s->ctx, from);
    if (e->op != 2 && (k_bases_ambiguous(s, from, to, e->loc) ||
                       k_bases_ambiguous(s, to, from, e->loc)))
        return NULL;
    int ok = to->kind == TY_VOID ||
             (k_ty_is_arith(to) && (k_ty_is_arith(from) ||
                                    (from->kind == TY_PTR && k_ty_is_integer(to)))) ||
             (to->kind == TY_PTR && (from->kind == TY_PTR || k_ty_is_integer(from))) ||
             (k_ty_is_record(to) && k_ty_same(to, from));
    if (!ok) {
        char a[TYBUF], b[TYBUF];
        k_error(s->ctx, e->loc, "invalid cast from '%s' to '%s'", k_ty_str(from, a, sizeof a),
                k_ty_str(to, b, sizeof b));
        return NULL;
    }
    set(e, to);
    double v = 0;
    uint64_t r;
    int single = 0;
    if (e->lhs->is_const && k_ty_is_integer(to) && k_ty_is_integer(from)) {
        fold(e, k_fold_convert(from->kind, to->kind, e->lhs->const_val));
    } else if (k_ty_is_integer(to) && float_literal(e->lhs, &v, &single) &&
               k_fold_float_to_int(v, single, to->kind, &r)) {
        fold(e, r);   /* saturating, as the GPU converts (lang/intops.c) */
        not_constant(e, k_const_float_to_int_ub(single ? (double)(float)v : v, to->kind), NULL,
                     NULL);
    }
    not_constant(e, NULL, e->lhs, NULL);
    return to;
}

static k_type *size_of(k_sema_state *s, k_expr *e, k_type *t)
{
    k_type *z = k_ty(s->ctx, TY_ULONG);
    z->alias = "size_t";
    set(e, z);
    if (t->kind == TY_REF)
        t = t->base;   /* sizeof(T &) is sizeof(T) ([expr.sizeof]), not an address's size */
    int64_t n = k_ty_size(t);
    if (n < 0) {
        k_error(s->ctx, e->loc, "invalid application of 'sizeof' to an incomplete type");
        return NULL;
    }
    fold(e, (uint64_t)n);
    return z;
}

static k_type *construct(k_sema_state *s, k_expr *e)
{
    if (e->type_written && e->type_written->kind == TY_TEMPLATE_ID && e->type_written->ctad &&
        !k_ctad_expr(s, e, e->args, e->nargs))
        return NULL;   /* `Box(1, 2)`: deduced (lang/ctad.c) */
    if (e->type_written && e->type_written->kind == TY_TEMPLATE_ID) {   /* C<T>(a, b) */
        k_sema_resolve_type(s, e->type_written, e->loc);
        if (e->type_written->kind != TY_RECORD) {
            k_error(s->ctx, e->loc, "'%s' takes one argument here, not %d",
                    e->type_written->name ? e->type_written->name : "the type", e->nargs);
            return NULL;
        }
    }
    if (e->type_written && e->type_written->kind == TY_RECORD)
        return k_sema_construct_record(s, e);
    if (e->type_written && e->type_written->kind != TY_DIM3 && e->type_written->kind != TY_UINT3) {
        /* `T{a, b}` of a template whose T is a scalar here */
        k_error(s->ctx, e->loc, "a functional cast takes one argument, not %d", e->nargs);
        return NULL;
    }
    if (e->nargs > 3)
        k_error(s->ctx, e->loc, "too many arguments to the dim3 constructor");
    k_type *u = k_ty(s->ctx, TY_UINT);
    for (int i = 0; i < e->nargs; i++) {
        k_type *a = k_sema_rvalue(s, e->args[i]);
        if (a && e->nargs == 1 && (a->kind == TY_DIM3 || a->kind == TY_UINT3))
            break;                      /* dim3(grid): a copy (lower_expr.c) */
        if (e->args[i]->type)
            k_sema_assignable(s, u, e->args[i], "dim3 constructor");
    }
    return set(e, k_ty(s->ctx, e->type_written ? e->type_written->kind : TY_DIM3));
}


/* ---- calls ---- */
static int call_allowed(k_sema_state *s, k_expr *e, k_decl *f)
{
    unsigned callee = k_fn_kind(f);
    unsigned caller = s->fn_kind;
    int dev = (caller & (FN_DEVICE | FN_KERNEL)) != 0;
    if (callee & FN_KERNEL) {
        if (e->kind == E_CALL) {
            k_error(s->ctx, e->loc, "a __global__ function call must be configured "
                    "(use %s<<<grid, block>>>(...))", f->name);
            return 0;
        }
        return 1;   /* from device code: dynamic parallelism (vm/devlaunch.c) */
    }
    if (e->kind == E_LAUNCH) {
        k_error(s->ctx, e->loc, "'%s' is not a __global__ function and cannot be launched",
                f->name);
        return 0;
    }
    /* decltype's and sizeof's operands are not evaluated: nvcc takes
     * `decltype(*it)` of a host iterator in a __host__ __device__ signature */
    if (s->unevaluated)
        return 1;
    if (dev && !(callee & FN_DEVICE) && !k_sema_hd_to_host(s)) {
        k_error(s->ctx, e->loc, "calling a __host__ function '%s' from a %s function", f->name,
                (caller & FN_KERNEL) ? "__global__" : "__device__");
        const k_type *last = f->nparams ? f->params[f->nparams - 1]->type : NULL;
        if (last && last->kind == TY_PTR && last->base->kind == TY_CLOSURE)   /* a lambda's */
            k_help(s->ctx, "a lambda written in host code runs on the host: write it as an "
                   "extended lambda, `[=] __device__ (...) {...}`");
        return 0;
    }
    if (!dev && !(callee & FN_HOST)) {
        k_error(s->ctx, e->loc, "calling a __device__ function '%s' from host code", f->name);
        return 0;
    }
    return 1;
}

static void check_args(k_sema_state *s, k_expr *e, k_decl *f)
{
    k_sema_default_args(s, e, f);
    k_type **argt = k_alloc(s->ctx, sizeof *argt * (size_t)(e->nargs + 1));
    e->sema_ext = argt;
    if (e->nargs < f->nparams || (e->nargs > f->nparams && !f->variadic))
        k_error(s->ctx, e->loc, "too %s arguments to function call: '%s' takes %d, %d given",
                e->nargs < f->nparams ? "few" : "many", f->name, f->nparams, e->nargs);
    for (int i = 0; i < e->nargs; i++) {
        if (i < f->nparams && !k_tpl_target_function(s, f->params[i]->type, e->args[i]))
            continue;
        k_type *t = k_sema_rvalue(s, e->args[i]);
        if (!t)
            continue;
        if (i < f->nparams) {
            k_type *p = f->params[i]->type;
            int dflt = e->args[i] == f->params[i]->init ||
                       (f->definition && e->args[i] == f->definition->params[i]->init);
            if (dflt)   /* a default argument: checked where it was declared */
                argt[i] = p;
            else if (k_sema_convert_arg(s, p, &e->args[i]))   /* std::string("...") */
                argt[i] = p;
            else {
                k_sema_copy_value(s, p, &e->args[i], 0);   /* by value: a copy */
                if (k_sema_assignable(s, p, e->args[i], "argument"))
                    argt[i] = p;
            }
        } else {
            t = k_decay(s->ctx, t);
            argt[i] = k_ty_is_float(t) ? k_ty(s->ctx, TY_DOUBLE)
                      : k_ty_is_integer(t) ? k_ty(s->ctx, k_kind_promote(t->kind)) : t;
        }
    }
}

/* make_float4(x, y, z, w) and the other vector makers: each argument
 * converts to the element type (lowering builds the record in a slot). */
static k_type *make_vector_call(k_sema_state *s, k_expr *e, k_type *vt)
{
    int n = vt->rec->vector_n;
    k_type **argt = k_alloc(s->ctx, sizeof *argt * (size_t)(e->nargs + 1));
    e->sema_ext = argt;
    if (e->nargs != n)
        k_error(s->ctx, e->loc, "too %s arguments to function call: '%s' takes %d, %d given",
                e->nargs < n ? "few" : "many", e->name, n, e->nargs);
    for (int i = 0; i < e->nargs; i++) {
        k_type *elem = vt->rec->fields[0].type;
        if (k_sema_rvalue(s, e->args[i]) && k_sema_assignable(s, elem, e->args[i], "argument"))
            argt[i] = elem;
    }
    return set(e, vt);
}

static k_type *call(k_sema_state *s, k_expr *e)
{
    if (k_pack_stray(s->ctx, e))   /* `g(x...)`, x no pack: no arity error after */
        return NULL;
    if (!e->name)
        return k_sema_indirect_call(s, e);
    if (k_throw_in_device(s, e))         /* lang/throw.c */
        return NULL;
    if (e->has_targs && strncmp(e->name, "std::numeric_limits::", 21) == 0)
        return k_stl_limits_call(s, e);
    k_stl_rewrite_call(s, e);
    int sincos = k_sema_sincos(s, e);   /* sincosf(x, &s, &c): lang/sincos.c */
    if (sincos)
        return sincos > 0 ? k_sema_expr(s, e) : NULL;
    if (k_sema_nv_atomic(s, e) < 0)      /* __nv_atomic_load_n...: lang/nv_atomic.c */
        return NULL;
    k_sema_fp16_atomic(s, e);           /* atomicAdd(__half2 *, v): lang/nv_atomic.c */
    if (e->has_targs && k_chrono_is_template_call(s, e->name)) {
        k_type *to = e->ntargs >= 1 ? e->targs[0].type : NULL;
        if (to)
            k_sema_resolve_type(s, to, e->targs[0].loc);
        return k_chrono_call(s, e, to, e->ntargs);
    }
    if (k_thrust_is_get(e))
        return k_thrust_get(s, e);
    k_sema_member_unhide(s, e);   /* `f(x)` in a member: the class's f, not ns::f */
    if (k_sema_inherited_call(s, e) < 0) {   /* `Derived::f(x)`, f a base's: `Base::f(x)` */
        for (int i = 0; i < e->nargs; i++)
            k_sema_expr(s, e->args[i]);
        return NULL;
    }
    if (strcmp(e->name, "__simt_typeid_name") == 0)
        return k_sema_typeid_name(s, e);   /* `typeid(x).name()` (lang/typeid.c) */
    k_decl *fp = k_sema_lookup(s, e->name);
    if (!fp && strcmp(e->name, "cudaLaunchKernel") == 0)
        return k_sema_launch_kernel_call(s, e);
    if (!fp && strcmp(e->name, "cudaLaunchKernelEx") == 0)
        return k_sema_launch_ex(s, e);
    if (fp && fp->kind != D_FUNC && fp->type && fp->type->kind == TY_PTR &&
        fp->type->base->kind == TY_FUNC) {   /* fp(args) with fp a function pointer */
        k_expr *callee = k_expr_new(s->ctx, E_IDENT, e->loc);
        callee->name = e->name;
        callee->depth = 1;
        e->lhs = callee;
        e->name = NULL;
        return k_sema_indirect_call(s, e);
    }
    if (k_stdarg_call(s, e))
        return e->type;
    if (k_sema_old_cuda_form(s, e))
        return NULL;
    int tpl = k_tpl_sema_call(s, e);
    if (tpl < 0) {
        for (int i = 0; i < e->nargs; i++)
            k_sema_expr(s, e->args[i]);
        return NULL;
    }
    if (tpl > 0) {
        k_sema_check_deleted_use(s, e->decl, e->loc);   /* a member template's (moves.c) */
        call_allowed(s, e, e->decl);
        check_args(s, e, e->decl);
        if (e->decl->type->base->kind == TY_REF) {   /* `T &f(...)`: an lvalue */
            e->is_lvalue = 1;
            e->is_xvalue = e->decl->type->base->rvalue_ref;   /* `T &&f(...)` */
            return set(e, e->decl->type->base->base);
        }
        set(e, e->decl->type->base);
        if (e->kind == E_CALL)   /* a constexpr function template's instance folds too */
            k_sema_fold_constexpr(s, e, e->decl);
        return e->type;
    }
    k_decl *f = k_sema_lookup(s, e->name);
    /* the built-in vector makers stay beside a program's overloads of them */
    int maker = strncmp(e->name, "make_", 5) == 0 &&
                (!f || (f->kind == D_FUNC && f->is_global_scope &&
                        !k_sema_overload_fits(s, f, e->args, e->nargs)));
    k_type *vt = maker ? k_vector_type(s->ctx, e->name + 5) : NULL;
    if (vt)
        return make_vector_call(s, e, vt);
    if (maker && !strcmp(e->name, "make_uint3")) {   /* uint3 is threadIdx's built-in type */
        if (e->nargs != 3) {
            k_error(s->ctx, e->loc, "make_uint3 takes 3 arguments, not %d", e->nargs);
            return NULL;
        }
        e->kind = E_CONSTRUCT;
        e->type_written = k_ty(s->ctx, TY_UINT3);
        return construct(s, e);
    }
    if (!f || f->is_global_scope) {
        int done;
        k_type *t = k_sema_member_call_unqualified(s, e, &done);
        if (done)
            return t;
    }
    if (k_sema_builtin_beside(s, e, f))
        return e->type;
    f = k_sema_overload(s, f, e->args, e->nargs);
    if (f && f->kind == D_FUNC && f->builtin >= 0 && f->builtin < K_BVAR_BASE && !f->body &&
        !f->definition) {
        k_sema_builtin_call(s, e, f->builtin);
        return e->type;
    }
    if (!f) {
        /* `exp(z)` of a std::complex: the class's namespace has the function, as C++'s
           argument-dependent lookup finds it; the built-in math takes no class */
        const char *adl = k_sema_adl_name(s, e);
        int id = adl ? -1 : k_sema_builtin_lookup(s, e->name);
        if (id >= 0) {
            k_sema_builtin_call(s, e, id);
            return e->type;
        }
        if (adl) {
            e->name = adl;
            return call(s, e);
        }
        const char *instead = k_removed_api(e->name);
        if (instead) {
            k_error(s->ctx, e->loc, "'%s' was removed from CUDA; use %s instead", e->name,
                    instead);
            k_sema_removed_api_help(s, e, instead);
        } else {
            k_error(s->ctx, e->loc, "use of undeclared function '%s'", e->name);
            const char *near = k_sema_suggest(s, e->name);
            if (near)
                k_help(s->ctx, "did you mean '%s'?", near);
            if (k_curand_unbuilt(e->name))
                k_help(s->ctx, "%s", k_curand_unbuilt(e->name));
            if (k_cub_unbuilt(e->name))
                k_help(s->ctx, "%s", k_cub_unbuilt(e->name));
        }
        for (int i = 0; i < e->nargs; i++)
            k_sema_expr(s, e->args[i]);
        return NULL;
    }
    if (f->kind == D_VAR && k_random_is_type(f->type))
        return k_random_call(s, e, f);
    if (f->kind != D_FUNC && f->type && (f->type->kind == TY_CLOSURE ||
        (f->type->kind == TY_REF && f->type->base->kind == TY_CLOSURE))) {
        if (!k_sema_call_closure(s, e, f))
            return NULL;
        f = e->decl;
        call_allowed(s, e, f);
        check_args(s, e, f);
        return set(e, f->type->base);
    }
    if (f->kind != D_FUNC && f->type && (f->type->kind == TY_RECORD ||
        (f->type->kind == TY_REF && f->type->base->kind == TY_RECORD))) {
        k_expr *obj = k_expr_new(s->ctx, E_IDENT, e->loc);   /* f(args): f.operator()(args) */
        obj->name = e->name;
        obj->builtin = -1;
        obj->depth = 1;
        return k_sema_functor_call(s, e, obj);
    }
    if (f->kind != D_FUNC) {
        if (f->type && f->type->kind == TY_AUTO)
            return NULL;   /* a variable whose type was not deduced: reported there */
        k_error(s->ctx, e->loc, "called object '%s' is not a function", e->name);
        return NULL;
    }
    if (e->has_targs) {
        k_error(s->ctx, e->loc, "'%s' is not a template", e->name);
        return NULL;
    }
    k_virtual_qualified_call(s, e, f);   /* `Base::f()` in a member function */
    k_decl *cand[64];   /* C++'s ranking decides among free functions */
    int n = k_sema_overloads(s, f, cand, 64);
    if (n > 1 && !(f = k_sema_pick_overload(s, e, cand, n)))
        return NULL;
    return k_sema_finish_call(s, e, f);
}

/* A call's checks, for the launch of a named kernel (sema_launch.c). */
k_type *k_sema_call_expr(k_sema_state *s, k_expr *e)
{
    return call(s, e);
}

k_type *k_sema_finish_call(k_sema_state *s, k_expr *e, k_decl *f)
{
    f = k_stdarg_instance(s, e, f);
    e->decl = f;
    if (k_deferred_use(s->ctx, f, e->loc))
        return NULL;   /* a class template's member whose body has errors */
    k_sema_check_deleted_use(s, f, e->loc);
    call_allowed(s, e, f);
    check_args(s, e, f);
    if (f->type->base->kind == TY_REF) {      /* returns an lvalue (`T &&`: an xvalue) */
        e->is_lvalue = 1;
        e->is_xvalue = f->type->base->rvalue_ref;
        return set(e, f->type->base->base);
    }
    set(e, f->type->base);
    if (e->kind == E_CALL)
        k_sema_fold_constexpr(s, e, f);
    return e->type;
}

static k_type *expr(k_sema_state *s, k_expr *e)
{
    switch (e->kind) {
    case E_INT:
        return int_literal(s, e);
    case E_FLOAT:
        return set(e, k_ty(s->ctx, e->is_single ? TY_FLOAT : TY_DOUBLE));
    case E_CHAR:   /* a char in C++ (an int in C): `auto c = 'a'` prints as a character */
        set(e, k_ty(s->ctx, TY_CHAR));
        fold(e, e->ival);
        return e->type;
    case E_BOOL:
        set(e, k_ty(s->ctx, TY_BOOL));
        fold(e, e->ival);
        return e->type;
    case E_STRING: return string_literal(s, e);
    case E_IDENT: return ident(s, e);
    case E_UNARY: return unary(s, e);
    case E_BINARY: return binary(s, e);
    case E_ASSIGN: return assign(s, e);
    case E_COND: return conditional(s, e);
    case E_CALL: return call(s, e);
    case E_LAUNCH: return k_sema_launch(s, e);
    case E_INDEX: return index_expr(s, e);
    case E_MEMBER: return member(s, e);
    case E_CAST: return cast(s, e);
    case E_SIZEOF_TYPE:
        k_sema_resolve_type(s, e->type_written, e->loc);
        return size_of(s, e, e->type_written);
    case E_SIZEOF_EXPR: {
        k_type *t = k_sema_expr(s, e->lhs);
        if (t && is_bitfield(e->lhs)) {
            k_error(s->ctx, e->loc, "invalid application of 'sizeof' to a bit-field");
            return NULL;
        }
        if (t && k_vla_sizeof(s, e))
            return k_sema_expr(s, e);   /* a variable-length array's: lang/vla.c */
        return t ? size_of(s, e, t) : NULL;
    }
    case E_CONSTRUCT: return construct(s, e);
    case E_INIT_LIST:
        k_error(s->ctx, e->loc, "a brace initializer is only allowed in a declaration");
        return NULL;
    case E_NEW:
        k_sema_resolve_type(s, e->type_written, e->loc);
        k_sema_new(s, e);
        return e->kind == E_CAST ? cast(s, e)
               : e->kind == E_NEW_INIT || e->kind == E_NEW_ARRAY ? e->type : NULL;
    case E_NEW_INIT:   /* checked when it was made */
    case E_NEW_ARRAY:
    case E_DELETE_ARRAY:
        return e->type;
    case E_DESTROY:
        return k_sema_destroy(s, e);
    case E_PTRMEM:
        return k_memptr_select(s, e);
    case E_VPTR:
        return k_sema_vptr(s, e);
    case E_DYNCAST:   /* checked when it was made */
        return e->type;
    case E_DELETE:
        k_sema_delete(s, e);
        return e->kind == E_CALL ? call(s, e) : e->kind == E_BINARY ? k_sema_expr(s, e)
               : e->kind == E_DELETE_ARRAY ? e->type : NULL;
    case E_LAMBDA:
        return k_sema_lambda(s, e);
    case E_MCALL: {
        /* a class's member function, or a library type's (d.count()) */
        k_type *t = k_sema_expr(s, e->lhs);
        if (t && t->chrono)
            return k_chrono_member_call(s, e);
        if (t && k_random_is_type(t))
            return k_random_member_call(s, e);   /* gen.seed(v) */
        return t ? k_sema_method_call(s, e) : NULL;
    }
    case E_ALIGNOF: case E_OFFSETOF: return k_sema_layout_query(s, e);
    case E_TYPE_TRAIT: return k_sema_type_trait(s, e);
    case E_VA_ARG: return k_stdarg_va_arg(s, e);
    case E_COMPOUND: return k_sema_compound(s, e);
    case E_DESIGNATOR:
        k_error(s->ctx, e->loc, "a designator is only allowed in the braces of a struct's "
                "initializer");
        return NULL;
    /* left by instantiation (lang/packs.c): they name no parameter pack */
    case E_PACK_EXPAND:
        k_error(s->ctx, e->loc, "'...' expands no parameter pack here");
        return NULL;
    case E_SIZEOF_PACK:
        k_error(s->ctx, e->loc, "'%s' is not a parameter pack (in 'sizeof...')", e->name);
        return NULL;
    case E_FOLD:
        k_error(s->ctx, e->loc, "the operand of a fold expression names no parameter pack");
        return NULL;
    }
    return NULL;
}

k_type *k_sema_expr(k_sema_state *s, k_expr *e)
{
    if (!e)
        return NULL;
    if (e->type)    /* already checked (shared subtrees) */
        return e->type;
    e->builtin = -1;
    return expr(s, e);
}
