/* lang/class_prescan.c -- C++'s complete-class context for type names.
 *
 * Inside a class, member function bodies, default arguments and default
 * member initializers see every member, also those declared later:
 *
 *     struct S {
 *         int f() { value_type v = 3; Inner in{4}; return v + in.x; }
 *         typedef short value_type;
 *         struct Inner { int x; };
 *     };
 *
 * The grammar needs to know which identifiers are types when it reads them
 * (the scanner bridge, lang/parse_lex.c), and K parses a class in one pass.
 * Two ways were possible: defer the bodies (keep their tokens and parse them
 * at the class's '}'), or look ahead.  K looks ahead: at the class's '{' a
 * copy of the scanner reads the body's tokens (nothing is parsed or built)
 * and finds the member types it declares at its own level -- `typedef ...
 * m;`, `using m = ...;`, `enum m`, `struct m` / `class m` / `union m` -- and
 * each becomes a type name before the body is parsed.  Deferring would move
 * every body's parse (and its errors) after the class, and the grammar's
 * actions assume a member function's body is read where it is written.
 *
 * A name found early stands for "S's member type m" (a TY_MEMBER_TYPE of the
 * class itself), which sema binds once the class is complete (lang/
 * member_types_sema.c) and a class template's instances bind when cloned
 * (lang/clone.c); its declaration, when the parse reaches it, replaces it
 * (k_parse_member_type reuses the name's string, so the class's '}' forgets
 * both).  A nested class outside a template is declared at once, incomplete,
 * as lang/parse_decl.c declares it at its definition.  Non-type members
 * (static constants, enumerators) are sema's: a lookup from a body that
 * finds nothing checks the class's later static member or enumerator of
 * that name then (lang/sema.c later_member).
 *
 * Class templates are not looked ahead in: early names in the library's
 * <type_traits> (`typedef T &type;`, SFINAE on `::type`) made substitutions
 * fail; their bodies see a member type only after its declaration.
 *
 * Not found early: a typedef whose name is not the last identifier of its
 * declaration or before its '[' (`typedef int (*fn)(int);`), the first
 * names of `typedef int A, B;`, and member templates. */
#include <string.h>

#include "lexer.h"
#include "parser.h"
#include "parse_build.h"

/* How far the look-ahead reads: a class longer than this is looked at in
 * part (its members after that are found as they are parsed, as before). */
#define PRESCAN_MAX_TOKENS 200000

typedef struct scan {
    k_parser *ps;
    k_lexer lx;
    k_token tok, prev;
    int prev2_kind;      /* the kind of the token before prev */
    int have;            /* tok holds a token read before the scan began */
    long count;
} scan;

static int next(scan *s)
{
    s->prev2_kind = s->prev.kind;
    s->prev = s->tok;
    if (s->have) {
        s->have = 0;
        return s->tok.kind;
    }
    if (++s->count > PRESCAN_MAX_TOKENS)
        return s->tok.kind = 0;
    return s->tok.kind = k_lexer_next(&s->lx, &s->tok);
}

static const char *tok_name(scan *s, const k_token *t)
{
    return k_strndup(s->ps->ctx, t->text, t->len);
}

static int is_ident(const k_token *t)
{
    return t->kind == IDENT && t->len && t->text[0] != ':' && !memchr(t->text, ':', t->len);
}

/* Skips to the ')' ']' or '}' that closes the one just read; 0 at the end. */
static int skip_group(scan *s, int open)
{
    int close = open == '(' ? ')' : open == '[' ? ']' : '}';
    for (int k; (k = next(s)) != 0;) {
        if (k == close)
            return 1;
        if ((k == '(' || k == '[' || k == '{') && !skip_group(s, k))
            return 0;
    }
    return 0;
}

/* Whether a declarator's name after a token of this kind is scanned as a
 * name even when it is a type name (k_parse_type_name_here). */
static int after_type(int kind)
{
    switch (kind) {
    case IDENT: case '>': case KW_VOID: case KW_BOOL: case KW_CHAR: case KW_SHORT: case KW_INT:
    case KW_LONG: case KW_SIGNED: case KW_UNSIGNED: case KW_FLOAT: case KW_DOUBLE:
    case KW_SIZE_T: case KW_DIM3: case KW_UINT3:
        return 1;
    default:
        return 0;
    }
}

/* `typedef ... m;` (or `... m[N];`): m, the last name before the ';' (or
 * the '['); NULL for the other shapes.  Reads through the ';'. */
static const char *typedef_name(scan *s)
{
    const char *name = NULL;
    for (int k; (k = next(s)) != 0;) {
        if (k == ';')   /* `typedef T *p;` stays as before: the scanner bridge
                           takes a type name after '*' for a type (lang/parse_decl.c) */
            return s->prev.kind == IDENT && is_ident(&s->prev) && after_type(s->prev2_kind)
                   ? tok_name(s, &s->prev) : name;
        if (k == '[' && is_ident(&s->prev) && after_type(s->prev2_kind) && !name)
            name = tok_name(s, &s->prev);
        if (k == '}' || k == ')' || k == ']')
            return NULL;   /* unbalanced: the parse reports it */
        if ((k == '(' || k == '[' || k == '{') && !skip_group(s, k))
            return NULL;
    }
    return NULL;
}

/* Reads to the end of the member that starts with the token read last:
 * its ';' at this level, or the '}' of a body (`void f() {...}`). */
static int skip_member(scan *s)
{
    for (int k = s->tok.kind; k != 0; k = next(s)) {
        if (k == ';')
            return 1;
        if (k == '}')
            return 0;   /* the class's own '}' */
        if (k == '{') {
            if (!skip_group(s, '{'))
                return 0;
            return 1;   /* a body, a nested class (its declarators follow: harmless) */
        }
        if ((k == '(' || k == '[') && !skip_group(s, k))
            return 0;
    }
    return 0;
}

/* One member, its first token read: a member type's name is declared. */
static int member(scan *s, k_type *cls)
{
    int k = s->tok.kind;
    k_loc at = s->tok.loc;
    if (k == KW_TYPEDEF) {
        const char *m = typedef_name(s);
        if (m)
            k_parse_early_member_type(s->ps, cls, m, at);
        return 1;
    }
    if (k == KW_USING) {
        if (next(s) == IDENT && is_ident(&s->tok)) {
            k_token name = s->tok;
            if (next(s) == '=')
                k_parse_early_member_type(s->ps, cls, tok_name(s, &name), name.loc);
        }
        return skip_member(s);
    }
    if (k == KW_ENUM || k == KW_STRUCT || k == KW_UNION || k == KW_CLASS ||
        k == KW_CLASS_RECORD) {
        int is_union = k == KW_UNION, is_enum = k == KW_ENUM;
        if (next(s) == KW_CLASS || (is_enum && s->tok.kind == KW_STRUCT))
            next(s);   /* `enum class E` */
        if (is_ident(&s->tok)) {
            k_token name = s->tok;
            int after = next(s);
            /* `struct In {`, `struct In : B {`, `struct In;`, `enum E : short {` --
             * not `struct Out *p;` (a member of an outer class's type) */
            if (after == '{' || after == ':' || (after == ';' && !is_enum)) {
                if (is_enum)
                    k_parse_early_member_type(s->ps, cls, tok_name(s, &name), name.loc);
                else
                    k_parse_early_record(s->ps, cls, is_union, tok_name(s, &name), name.loc);
            }
        }
        return skip_member(s);
    }
    if (k == KW_PUBLIC || k == KW_PRIVATE || k == KW_PROTECTED) {
        next(s);   /* its ':' */
        return s->tok.kind != 0;
    }
    if (k == KW_TEMPLATE) {   /* a member template: its head, then the member, skipped */
        if (next(s) == '<') {
            int depth = 1;
            for (int t; depth > 0 && (t = next(s)) != 0;)
                depth += (t == '<') - (t == '>') - 2 * (t == SHR);
        }
        next(s);
        return skip_member(s);
    }
    return skip_member(s);
}

void k_parse_class_prescan(k_parser *ps, k_type *cls)
{
    if (!cls || cls->kind != TY_RECORD || !cls->rec || ps->stopped || ps->tpl.head_open)
        return;   /* class templates: not yet (their member types feed SFINAE, which
                     the early names disturbed in <type_traits>) */
    scan s = {.ps = ps, .lx = ps->lx};
    /* the scanner's errors are the parse's to report, once */
    int errors = ps->ctx->nerrors, diags = ps->ctx->ndiags;
    if (ps->prev_kind > 0 && ps->prev_kind != '{') {   /* Bison read the body's first token */
        s.tok = ps->tok;
        s.tok.kind = ps->prev_kind;
        s.have = 1;
    }
    while (next(&s) != 0 && s.tok.kind != '}')
        if (!member(&s, cls))
            break;
    ps->ctx->nerrors = errors;
    ps->ctx->ndiags = diags;
}
