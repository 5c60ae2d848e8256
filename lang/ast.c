/* lang/ast.c -- AST node constructors and the S-expression dump used by tests.
 *
 * Nodes live in the context's arena.  On allocation failure the constructors
 * report one error and return NULL only if the arena is truly exhausted; the
 * parser treats a NULL node as an error already reported.
 */
#include "ast.h"

#include <inttypes.h>
#include <string.h>

k_type *k_type_new(k_ctx *ctx, k_type_kind kind)
{
    k_type *t = k_alloc(ctx, sizeof *t);
    if (t) {
        t->kind = kind;
        t->length = -1;
    }
    return t;
}

k_type *k_type_ptr(k_ctx *ctx, k_type *base)
{
    k_type *t = k_type_new(ctx, TY_PTR);
    if (t)
        t->base = base;
    return t;
}

k_type *k_type_array(k_ctx *ctx, k_type *elem, k_expr *len)
{
    k_type *t = k_type_new(ctx, TY_ARRAY);
    if (t) {
        t->base = elem;
        t->len_expr = len;
    }
    return t;
}

k_expr *k_expr_new(k_ctx *ctx, k_expr_kind kind, k_loc loc)
{
    k_expr *e = k_alloc(ctx, sizeof *e);
    if (e) {
        e->kind = kind;
        e->loc = loc;
        e->builtin = -1;
        e->depth = 1;
    }
    return e;
}

k_stmt *k_stmt_new(k_ctx *ctx, k_stmt_kind kind, k_loc loc)
{
    k_stmt *s = k_alloc(ctx, sizeof *s);
    if (s) {
        s->kind = kind;
        s->loc = loc;
    }
    return s;
}

k_decl *k_decl_new(k_ctx *ctx, k_decl_kind kind, k_loc loc, const char *name)
{
    k_decl *d = k_alloc(ctx, sizeof *d);
    if (d) {
        d->kind = kind;
        d->loc = loc;
        d->name = name;
        d->nctor = -1;
        d->builtin = -1;
    }
    return d;
}

/* ------------------------------------------------------------------ dump
 * A stable S-expression form of the tree for tests.  Statements go one per
 * line, indented; expressions and types stay on one line.  Recursion depth is
 * bounded by the parser: expressions by K_MAX_EXPR_DEPTH, statements by the
 * parser's stack limit, types by the declarator limits.
 */
static const char *const type_names[] = {
    [TY_VOID] = "void", [TY_BOOL] = "bool", [TY_CHAR] = "char", [TY_SCHAR] = "schar",
    [TY_UCHAR] = "uchar", [TY_SHORT] = "short", [TY_USHORT] = "ushort", [TY_INT] = "int",
    [TY_UINT] = "uint", [TY_LONG] = "long", [TY_ULONG] = "ulong", [TY_LLONG] = "llong",
    [TY_ULLONG] = "ullong", [TY_FLOAT] = "float", [TY_DOUBLE] = "double", [TY_PTR] = "ptr",
    [TY_ARRAY] = "array", [TY_FUNC] = "func", [TY_DIM3] = "dim3", [TY_UINT3] = "uint3",
    [TY_DEVPROP] = "cudaDeviceProp", [TY_RECORD] = "record", [TY_TPARAM] = "tparam",
    [TY_TEMPLATE_ID] = "template", [TY_MEMBER_TYPE] = "member-type",
    [TY_DECLTYPE] = "decltype",
};

static const char *const unop_names[] = {
    [KU_NEG] = "neg", [KU_PLUS] = "plus", [KU_NOT] = "!", [KU_BITNOT] = "~",
    [KU_DEREF] = "deref", [KU_ADDR] = "addr", [KU_PREINC] = "preinc", [KU_PREDEC] = "predec",
    [KU_POSTINC] = "postinc", [KU_POSTDEC] = "postdec",
};

static const char *const binop_names[] = {
    [KB_NONE] = "", [KB_ADD] = "+", [KB_SUB] = "-", [KB_MUL] = "*", [KB_DIV] = "/",
    [KB_MOD] = "%", [KB_SHL] = "<<", [KB_SHR] = ">>", [KB_LT] = "<", [KB_GT] = ">",
    [KB_LE] = "<=", [KB_GE] = ">=", [KB_EQ] = "==", [KB_NE] = "!=", [KB_BITAND] = "&",
    [KB_BITXOR] = "^", [KB_BITOR] = "|", [KB_LOGAND] = "&&", [KB_LOGOR] = "||",
    [KB_COMMA] = ",",
};

static const char *name_of(const char *const *names, size_t n, int i)
{
    return i >= 0 && (size_t)i < n && names[i] ? names[i] : "?";
}
#define NAME_OF(table, i) name_of(table, sizeof table / sizeof table[0], (int)(i))

static void dump_expr(const k_expr *e, FILE *out);

static void dump_quals(unsigned q, FILE *out)
{
    if (q & Q_CONST)
        fputs("const ", out);
    if (q & Q_VOLATILE)
        fputs("volatile ", out);
    if (q & Q_RESTRICT)
        fputs("restrict ", out);
}

static void dump_type(const k_type *t, FILE *out)
{
    if (!t) {
        fputs("_", out);
        return;
    }
    int derived = !t->alias && (t->kind == TY_PTR || t->kind == TY_ARRAY || t->kind == TY_FUNC);
    int parens = t->quals || derived;
    if (parens)
        fputc('(', out);
    dump_quals(t->quals, out);
    fputs(t->alias ? t->alias : NAME_OF(type_names, t->kind), out);
    if (t->kind == TY_RECORD && !t->alias)
        fprintf(out, " %s", t->rec && t->rec->tag ? t->rec->tag : "_");
    if (t->name)
        fprintf(out, " %s", t->name);
    if (t->kind == TY_ARRAY) {
        fputc(' ', out);
        if (t->len_expr)
            dump_expr(t->len_expr, out);
        else
            fputs("[]", out);
    }
    if (derived) {
        fputc(' ', out);
        dump_type(t->base, out);
    }
    if (parens)
        fputc(')', out);
}

static void dump_string(const char *s, size_t n, FILE *out)
{
    fputc('"', out);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", out);
        else if (c < 0x20 || c >= 0x7f)
            fprintf(out, "\\x%02x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

static void dump_args(k_expr *const *args, int n, FILE *out)
{
    for (int i = 0; i < n; i++) {
        fputc(' ', out);
        dump_expr(args[i], out);
    }
}

static void dump_int(const k_expr *e, FILE *out)
{
    if (!e->int_unsigned && !e->int_long && !e->int_nondecimal) {
        fprintf(out, "%" PRIu64, e->ival);
        return;
    }
    fprintf(out, "(int %" PRIu64 "%s%s%s)", e->ival, e->int_unsigned ? " u" : "",
            e->int_long == 1 ? " l" : e->int_long >= 2 ? " ll" : "",
            e->int_nondecimal ? " nondec" : "");
}

/* Template arguments as written: <int 256>. */
static void dump_targs(const k_targ *a, int n, int has, FILE *out)
{
    if (!has)
        return;
    fputc('<', out);
    for (int i = 0; i < n; i++) {
        if (i)
            fputc(' ', out);
        if (a[i].type)
            dump_type(a[i].type, out);
        else
            dump_expr(a[i].expr, out);
    }
    fputc('>', out);
}

static void dump_expr(const k_expr *e, FILE *out)
{
    if (!e) {
        fputs("_", out);
        return;
    }
    switch (e->kind) {
    case E_INT: dump_int(e, out); return;
    case E_FLOAT: fprintf(out, "(%s %.17g)", e->is_single ? "float" : "double", e->fval); return;
    case E_CHAR: fprintf(out, "(char %" PRId64 ")", (int64_t)e->ival); return;
    case E_STRING: dump_string(e->str, e->strlen, out); return;
    case E_BOOL: fputs(e->ival ? "true" : "false", out); return;
    case E_IDENT:
        fputs(e->name, out);
        dump_targs(e->targs, e->ntargs, e->has_targs, out);
        return;
    default: break;
    }
    fputc('(', out);
    switch (e->kind) {
    case E_UNARY: fputs(NAME_OF(unop_names, e->op), out); break;
    case E_BINARY: fputs(NAME_OF(binop_names, e->op), out); break;
    case E_ASSIGN: fprintf(out, "%s=", NAME_OF(binop_names, e->op)); break;
    case E_COND: fputs("? ", out); dump_expr(e->cond, out); break;
    case E_CALL:
        fprintf(out, "call %s", e->name ? e->name : "*");
        dump_targs(e->targs, e->ntargs, e->has_targs, out);
        break;
    case E_LAUNCH:
        fprintf(out, "launch %s", e->name ? e->name : "(pointer)");
        dump_targs(e->targs, e->ntargs, e->has_targs, out);
        fputs(" (config", out);
        for (int i = 0; i < 4 && e->config[i]; i++) {
            fputc(' ', out);
            dump_expr(e->config[i], out);
        }
        fputc(')', out);
        break;
    case E_INDEX: fputs("index", out); break;
    case E_MEMBER: fputs(".", out); break;
    case E_CAST: fputs("cast ", out); dump_type(e->type_written, out); break;
    case E_SIZEOF_TYPE: fputs("sizeof-type ", out); dump_type(e->type_written, out); break;
    case E_SIZEOF_EXPR: fputs("sizeof", out); break;
    case E_CONSTRUCT: fputs("construct ", out); dump_type(e->type_written, out); break;
    case E_INIT_LIST: fputs("init", out); break;
    case E_MCALL: fprintf(out, "mcall %s", e->name); break;
    case E_DESIGNATOR: fprintf(out, "designator %s", e->name); break;
    case E_COMPOUND: fputs("compound ", out); dump_type(e->type_written, out); break;
    case E_ALIGNOF: fputs("alignof ", out); dump_type(e->type_written, out); break;
    case E_OFFSETOF: fputs("offsetof ", out); dump_type(e->type_written, out); break;
    case E_TYPE_TRAIT: fprintf(out, "%s ", e->name); dump_type(e->type_written, out); break;
    case E_VA_ARG: fputs("va_arg ", out); dump_type(e->type_written, out); break;
    default: fputs("?", out); break;
    }
    if (e->lhs) {
        fputc(' ', out);
        dump_expr(e->lhs, out);
    }
    if (e->kind == E_MEMBER || e->kind == E_MCALL)
        fprintf(out, " %s", e->name);
    if (e->rhs) {
        fputc(' ', out);
        dump_expr(e->rhs, out);
    }
    dump_args(e->args, e->nargs, out);
    fputc(')', out);
}

static void dump_storage(unsigned st, FILE *out)
{
    static const char *const names[] = {
        "static", "extern", "inline", "__global__", "__device__", "__host__",
        "__shared__", "__constant__", "__forceinline__",
    };
    if (!st)
        return;
    fputs(" (storage", out);
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
        if (st & (1u << i))
            fprintf(out, " %s", names[i]);
    fputc(')', out);
}

static void dump_stmt(const k_stmt *s, int indent, FILE *out);

static void dump_decl(const k_decl *d, int indent, FILE *out)
{
    static const char *const kinds[] = { "var", "func", "param", "using", "static_assert",
                                         "record" };
    fprintf(out, "%*s(%s %s ", indent, "", kinds[d->kind], d->name ? d->name : "_");
    if (d->kind == D_USING) {
        fprintf(out, "%s)", d->target ? d->target : "_");
        return;
    }
    if (d->is_template) {
        fputs("(template", out);
        for (int i = 0; i < d->ntparams; i++) {
            fprintf(out, " (%s ", d->tparams[i].name ? d->tparams[i].name : "_");
            if (d->tparams[i].type)
                dump_type(d->tparams[i].type, out);
            else
                fputs("typename", out);
            if (d->tparams[i].def.type || d->tparams[i].def.expr)
                dump_targs(&d->tparams[i].def, 1, 1, out);
            fputc(')', out);
        }
        fputc(')', out);
        dump_targs(d->spec_args, d->nspec_args, d->nspec_args > 0, out);
        fputc(' ', out);
    }
    dump_type(d->kind == D_FUNC && d->type ? d->type->base : d->type, out);
    dump_storage(d->storage, out);
    if (d->kind == D_FUNC) {
        fputs(" (params", out);
        for (int i = 0; i < d->nparams; i++) {
            fprintf(out, " (%s ", d->params[i]->name ? d->params[i]->name : "_");
            dump_type(d->params[i]->type, out);
            fputc(')', out);
        }
        fputs(d->variadic ? " ...)" : ")", out);
        if (d->body) {
            fputc('\n', out);
            dump_stmt(d->body, indent + 2, out);
        } else {
            fputs(" proto", out);
        }
    }
    if (d->nctor >= 0) {
        fputs(" (ctor", out);
        dump_args(d->ctor_args, d->nctor, out);
        fputc(')', out);
    }
    if (d->init) {
        fputs(" (init ", out);
        dump_expr(d->init, out);
        fputc(')', out);
    }
    fputc(')', out);
}

static void dump_opt_expr(const char *prefix, const k_expr *e, FILE *out)
{
    fputs(prefix, out);
    dump_expr(e, out);
}

static void dump_child(const k_stmt *s, int indent, FILE *out)
{
    fputc('\n', out);
    if (s)
        dump_stmt(s, indent, out);
    else
        fprintf(out, "%*s_", indent, "");
}

static void dump_stmt(const k_stmt *s, int indent, FILE *out)
{
    static const char *const names[] = {
        [S_EMPTY] = "empty", [S_EXPR] = "expr", [S_DECL] = "decl", [S_BLOCK] = "block",
        [S_IF] = "if", [S_WHILE] = "while", [S_DO] = "do", [S_FOR] = "for",
        [S_SWITCH] = "switch", [S_CASE] = "case", [S_DEFAULT] = "default",
        [S_BREAK] = "break", [S_CONTINUE] = "continue", [S_RETURN] = "return",
        [S_NOCODE] = "nocode",
        [S_GOTO] = "goto", [S_LABEL] = "label",
    };
    fprintf(out, "%*s(%s", indent, "", NAME_OF(names, s->kind));
    switch (s->kind) {
    case S_EXPR: case S_CASE: case S_IF: case S_WHILE: case S_SWITCH:
        dump_opt_expr(" ", s->expr, out);
        break;
    case S_RETURN:
        if (s->expr)
            dump_opt_expr(" ", s->expr, out);
        break;
    case S_FOR:
        dump_child(s->init, indent + 2, out);
        fprintf(out, "\n%*s", indent + 2, "");
        dump_expr(s->expr, out);
        fprintf(out, "\n%*s", indent + 2, "");
        dump_expr(s->step, out);
        break;
    default:
        break;
    }
    for (int i = 0; i < s->ndecls; i++) {
        fputc('\n', out);
        dump_decl(s->decls[i], indent + 2, out);
    }
    for (int i = 0; i < s->nstmts; i++)
        dump_child(s->stmts[i], indent + 2, out);
    if (s->kind != S_BLOCK && s->kind != S_DECL && s->body)
        dump_child(s->body, indent + 2, out);
    if (s->else_body)
        dump_child(s->else_body, indent + 2, out);
    if (s->kind == S_DO)
        dump_opt_expr(" ", s->expr, out);
    fputc(')', out);
}

void k_unit_dump(const k_unit *unit, FILE *out)
{
    fputs("(unit", out);
    for (int i = 0; unit && i < unit->ndecls; i++) {
        fputc('\n', out);
        dump_decl(unit->decls[i], 2, out);
    }
    fputs(")\n", out);
}
