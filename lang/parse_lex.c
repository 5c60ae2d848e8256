/* lang/parse_lex.c -- the scanner bridge of the grammar (lang/parser.y):
 * each token of lang/lexer.re turned into the grammar's symbol.  Identifiers
 * become type names (typedefs, records, member types `C<args>::m`), template
 * names (lang/templates.c, member templates), `asm`, or plain names; the '<'
 * and '>' around template arguments become TPL_OPEN and TPL_CLOSE
 * (k_tpl_filter), `(*` a function pointer's FNPTR_OPEN, a '{' that starts a
 * braced initializer BRACE_INIT; `virtual`, `override` and `final` are
 * recorded for the member function they are on (lang/virtual_parse.c).
 * Constructs K reports instead of parsing (GCC attributes it cannot read)
 * end the parse after one error, so no cascade of syntax errors follows.
 *
 * k_parse, the parser's entry, is here too: the parser's state, the
 * library's type names, then Bison's k_yyparse. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cg.h"
#include "chrono.h"
#include "packs.h"
#include "parser.h"
#include "namespaces.h"
#include "parse_build.h"
#include "parse_helpers.h"
#include "sema.h"
#include "types.h"

/* Whether a '*' follows the token t (spaces between), in the scanner's
 * text, which ends in a NUL. */
static int star_after(const k_token *t)
{
    const char *p = t->text + t->len;
    while (*p == ' ' || *p == '\t')
        p++;
    return *p == '*';
}

/* Whether "::" and then '*' follow the token t (blanks between). */
static int colons_star_after(const k_token *t)
{
    const char *p = t->text + t->len;
    while (*p == ' ' || *p == '\t')
        p++;
    if (p[0] != ':' || p[1] != ':')
        return 0;
    p += 2;
    while (*p == ' ' || *p == '\t')
        p++;
    return *p == '*';
}

/* Does a token of this kind end an operand (so that a '&' after it is the
 * binary operator)? */
static int operand_end(int kind)
{
    return kind == IDENT || kind == INT_LIT || kind == FLOAT_LIT || kind == CHAR_LIT ||
           kind == STRING_LIT || kind == ')' || kind == ']' || kind == KW_TRUE ||
           kind == KW_FALSE || kind == KW_NULLPTR || kind == INC || kind == DEC;
}

/* After `S::*` (t is S): a ')' at once, no name declared (`int (S::*)(int)`). */
static int nameless(const k_token *t)
{
    const char *p = strchr(t->text + t->len, '*');
    for (p = p ? p + 1 : t->text; *p == ' ' || *p == '\t'; p++)
        ;
    return *p == ')';
}

/* Reads the next n tokens of the scanner, which the caller has merged into
 * the token it returns; the location spans them. */
static void merge_tokens(k_parser *ps, int n, K_YYLTYPE *lloc)
{
    k_token next;
    for (int i = 0; i < n; i++) {
        k_lexer_next(&ps->lx, &next);
        ps->ntokens++;
    }
    lloc->last_line = (int)next.end.line;
    lloc->last_column = (int)next.end.col;
}

/* Pointers to members (lang/member_pointers.c): `.*` and `->*` become one
 * token each, and a class's name followed by `::*` the token MEMPTR_STAR
 * whose value is the member pointer's type without its member type (the
 * declarator wraps it: lang/parse_build.c). */
static int member_pointer(k_parser *ps, int kind, K_YYSTYPE *lval, K_YYLTYPE *lloc)
{
    const k_token *t = &ps->tok;
    if ((kind == '.' || kind == ARROW) && star_after(t)) {
        merge_tokens(ps, 1, lloc);
        return kind == '.' ? PTRMEM_DOT : PTRMEM_ARROW;
    }
    k_type *cls = kind == TYPEDEF_NAME ? lval->type : NULL;
    if (kind == IDENT && lval->name && ps->typedef_names.n)
        cls = kp_typedef_lookup(ps, lval->name);   /* `int S::*p`: S where a name is due */
    if (cls && colons_star_after(t) && (ps->prev_kind == '(' ||
                                        (ps->prev_kind == FNPTR_OPEN && nameless(t)))) {
        k_error(ps->ctx, t->loc, "an abstract pointer to a member function ('R (%.*s::*)(...)') "
                "is not supported in K", (int)t->len, t->text);
        k_help(ps->ctx, "declare the pointer with a name: `R (%.*s::*f)(...) = &%.*s::m;`, "
               "or use decltype(&%.*s::m)", (int)t->len, t->text, (int)t->len, t->text,
               (int)t->len, t->text);
        return -1;
    }
    if (cls && colons_star_after(t)) {
        k_type *m = k_type_new(ps->ctx, TY_LONG);
        m->memptr_class = cls;
        lval->type = m;
        merge_tokens(ps, 3, lloc);
        return MEMPTR_STAR;
    }
    if (kind == IDENT && ps->prev_kind == '&' && !operand_end(ps->prev2_kind) && lval->name) {
        const char *last = k_ns_last(lval->name);
        k_type *c = NULL;
        if (last != lval->name && last - lval->name > 2) {   /* `&S::x`: S a class */
            char *prefix = k_strndup(ps->ctx, lval->name, (size_t)(last - lval->name) - 2);
            c = prefix ? kp_typedef_lookup(ps, prefix) : NULL;
        }
        if (c && (c->kind == TY_RECORD || c->kind == TY_TPARAM || c->kind == TY_TEMPLATE_ID)) {
            lval->expr = k_parse_ident(ps, t->loc, lval->name);
            if (lval->expr)
                lval->expr->type_written = c;   /* sema decides (lang/member_pointers.c) */
            return MEMBER_NAME;
        }
    }
    if ((kind == IDENT || kind == ':') && colons_star_after(t)) {
        k_error(ps->ctx, t->loc, "'%.*s' before '::*' is not a class", (int)t->len, t->text);
        return -1;
    }
    return kind;
}

/* `decltype(`, `__typeof__(`: where its ')' is, so that a `::m` after it is
 * read as a member type of its type (`decltype(v)::value_type`). */
static void decltype_parens(k_parser *ps, int kind)
{
    int n = (int)(sizeof ps->paren_before / sizeof ps->paren_before[0]);
    if (kind == '(' || kind == FNPTR_OPEN) {
        if (ps->paren_depth < n)
            ps->paren_before[ps->paren_depth] = ps->prev_kind;
        ps->paren_depth++;
        if ((ps->prev_kind == KW_DECLTYPE || ps->prev_kind == KW_TYPEOF) &&
            ps->ndecltype < (int)(sizeof ps->decltype_parens / sizeof ps->decltype_parens[0]))
            ps->decltype_parens[ps->ndecltype++] = ps->paren_depth;
    } else if (kind == ')' && ps->paren_depth > 0) {
        if (ps->ndecltype && ps->decltype_parens[ps->ndecltype - 1] == ps->paren_depth) {
            ps->ndecltype--;
            ps->decltype_closed_at = ps->ntokens;
        }
        ps->paren_depth--;
        ps->closed_before = ps->paren_depth < n ? ps->paren_before[ps->paren_depth] : 0;
    }
}

/* Which token stood before each '[', so that the '{' after `int a[3]` at file
 * scope is read as its braced initializer, not as a function's body. */
static void square_brackets(k_parser *ps, int kind)
{
    int n = (int)(sizeof ps->square_before / sizeof ps->square_before[0]);
    if (kind == '[') {
        if (ps->square_depth < n)
            ps->square_before[ps->square_depth] = ps->prev_kind;
        ps->square_depth++;
    } else if (kind == ']' && ps->square_depth > 0) {
        ps->square_depth--;
        ps->square_closed_before = ps->square_depth < n ? ps->square_before[ps->square_depth] : 0;
    }
}

/* Which open braces are function bodies (opened after `)` or `const`), so
 * that `f()->T` in a body is a member access, not a trailing return type. */
static void function_bodies(k_parser *ps, int kind)
{
    int n = (int)sizeof ps->brace_body, d = ps->brace_depth;
    if (kind == '{' && d < n) {
        ps->brace_body[d] = ps->prev_kind == ')' || ps->prev_kind == KW_CONST;
        ps->in_bodies += ps->brace_body[d];
    } else if (kind == '}' && d > 0 && d <= n) {
        ps->in_bodies -= ps->brace_body[d - 1];
        ps->closed_body = ps->brace_body[d - 1];
    }
}

/* The words of decltype and GNU's typeof (nvcc accepts all three spellings). */
static int decltype_word(const char *name)
{
    if (strcmp(name, "decltype") == 0)
        return KW_DECLTYPE;
    if (!strcmp(name, "__typeof__") || !strcmp(name, "__typeof") || !strcmp(name, "typeof"))
        return KW_TYPEOF;
    return 0;
}

/* After `) ->` or `) const ->` outside function bodies, or after a lambda's
 * `(params) ->`, a type name or class template is a trailing return type's
 * (elsewhere `f()->m` names a member). */
static int trailing_type_name(k_parser *ps, const char *name, K_YYSTYPE *lval, int *kind)
{
    if (ps->prev_kind != ARROW || (ps->prev2_kind != ')' && ps->prev2_kind != KW_CONST))
        return 0;
    int lambda = ps->prev2_kind == ')' && ps->closed_before == ']';
    if (ps->in_bodies > 0 && !lambda)
        return 0;
    k_type *tdef = ps->typedef_names.n ? kp_typedef_lookup(ps, name) : NULL;
    if (!tdef)
        tdef = k_vector_type(ps->ctx, name);
    if (tdef) {
        lval->type = tdef;
        *kind = TYPEDEF_NAME;
        return 1;
    }
    const char *q = name;
    if (k_tpl_classify(ps, &q) != TEMPLATE_TYPE)
        return 0;
    lval->name = q;
    ps->tpl.last_name = q;
    *kind = TEMPLATE_TYPE;
    return 1;
}

/* `mutable` where a class member's declaration begins (after `;`, `{`,
 * `}` or an access label's `:`): the parser reads the declaration as
 * usual and lang/parse_decl.c marks its fields mutable.  (A lambda's
 * `mutable` follows its `)`.) */
static int mutable_member(k_parser *ps, const char *name)
{
    if (strcmp(name, "mutable") != 0 || ps->records.n == 0)
        return 0;
    if (ps->prev_kind != ';' && ps->prev_kind != '{' && ps->prev_kind != '}' &&
        ps->prev_kind != ':')
        return 0;
    ps->member_mutable = 1;
    return 1;
}

/* CUDA's type words (dim3, size_t, ...) are keywords to the lexer but names
 * of types to C++: a declarator after a type may reuse one (`int dim3`), and
 * such a variable or parameter hides the type in its scope.  After `struct`
 * the word stays a keyword: the program may not redefine the type. */
static int type_word_as_name(k_parser *ps, int kind, const k_token *t, K_YYSTYPE *lval)
{
    switch (kind) {
    case KW_DIM3: case KW_UINT3: case KW_SIZE_T: case KW_CUDA_ERROR_T: case KW_CUDA_EVENT_T:
    case KW_CUDA_STREAM_T: case KW_CUDA_DEVICE_PROP: case KW_VA_LIST:
        break;
    default:
        return 0;
    }
    switch (ps->prev_kind) {
    case KW_STRUCT: case KW_UNION: case KW_ENUM: case KW_CLASS_RECORD: case '.': case ARROW:
        return 0;
    default:
        break;
    }
    const char *name = k_strndup(ps->ctx, t->text, t->len);
    if (!name || (k_parse_type_name_here(ps) && !k_parse_is_ordinary(ps, name)))
        return 0;
    lval->name = name;
    return 1;
}

/* A class template's name right after a type (its '*' or '&', a type
 * name, a template-id's '>', a built-in type's word) and not followed by
 * '<' is the name being declared, not the template in view: `typedef char *iterator;` in a
 * class of namespace std, where std::iterator is <iterator>'s template. */
static int declared_name(const k_parser *ps, const k_token *t)
{
    switch (ps->prev_kind) {
    case '*': case '&': case TYPEDEF_NAME: case TPL_CLOSE: case KW_VOID: case KW_BOOL:
    case KW_CHAR: case KW_SHORT: case KW_INT: case KW_LONG: case KW_SIGNED: case KW_UNSIGNED:
    case KW_FLOAT: case KW_DOUBLE: case KW_SIZE_T:
        break;
    default:
        return 0;
    }
    const unsigned char *p = (const unsigned char *)t->text + t->len;
    while (p < ps->lx.lim && (*p == ' ' || *p == '\t' || *p == '\n'))
        p++;
    return p >= ps->lx.lim || *p != '<';
}

/* `Box b(3);`, `std::pair p{1, 2.5};`, `Box b = x;`: a class template's
 * name with a declarator after it (a name, then '(', '{', '=' or ';')
 * rather than '<' asks C++17's class template argument deduction. */
static int deduced_declarator(const k_parser *ps, const k_token *t)
{
    if (ps->prev_kind == KW_STRUCT || ps->prev_kind == KW_CLASS_RECORD ||
        ps->prev_kind == KW_TYPENAME || ps->prev_kind == KW_FRIEND ||
        ps->prev_kind == KW_CLASS)
        return 0;
    const unsigned char *p = (const unsigned char *)t->text + t->len, *lim = ps->lx.lim;
    while (p < lim && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    if (p >= lim || !(isalpha(*p) || *p == '_'))
        return 0;
    const unsigned char *name = p;
    while (p < lim && (isalnum(*p) || *p == '_'))
        p++;
    if ((p - name == 5 && !memcmp(name, "const", 5)) ||
        (p - name == 8 && !memcmp(name, "operator", 8)))
        return 0;
    while (p < lim && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    return p < lim && strchr("({=;", *p);
}

const unsigned char *k_scan_parens(const unsigned char *p, const unsigned char *lim)
{
    int depth = 0;
    while (p < lim && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    if (p >= lim || *p != '(')
        return NULL;
    for (; p < lim; p++) {
        depth += *p == '(';
        depth -= *p == ')';
        if (!depth || *p == ';' || *p == '{')
            break;
    }
    if (p >= lim || *p != ')')
        return NULL;
    for (p++; p < lim && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'); p++)
        ;
    return p;
}

/* `template <class T> Box(T *) -> Box<T>;`: at a declaration's start, a
 * class template's name, a parenthesized list, then `->`: a deduction
 * guide (lang/ctad.c). */
static int guide_declaration(const k_parser *ps, const k_token *t)
{
    int k = ps->prev_kind;
    if (k != TPL_CLOSE && k != ';' && k != '}' && k != 0)
        return 0;
    const unsigned char *lim = ps->lx.lim;
    const unsigned char *p = k_scan_parens((const unsigned char *)t->text + t->len, lim);
    return p && p + 1 < lim && p[0] == '-' && p[1] == '>';
}

/* `auto b = Box(3);`, `return Pair(1, 2.0);`, `f(Box{x})`: a class
 * template's name right before '(' or '{' where an expression starts (after
 * '=', `return`, '(', ',', '?', `<<`) is C++17's deduction in a functional
 * cast (lang/ctad.c), not a declaration's. */
static int deduced_expression(const k_parser *ps, const k_token *t)
{
    int k = ps->prev_kind;
    if (k != '=' && k != KW_RETURN && k != '(' && k != ',' && k != '?' && k != SHL)
        return 0;
    const unsigned char *p = (const unsigned char *)t->text + t->len, *lim = ps->lx.lim;
    while (p < lim && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    return p < lim && (*p == '(' || *p == '{');
}

/* `flag_type *__restrict__ dir,` with `enum dir` in view: after a pointer's
 * '*' (or its const/__restrict__) a type's name that ends the declarator --
 * ',', ')', ';', '=', '[' or ':' follows -- is the name being declared, which
 * hides the type; a functional cast in an expression (`a * T(1)`) has its
 * '(' or '{' after the name. */
static int pointer_declarator_name(const k_parser *ps, const k_token *t)
{
    int after_star = ps->prev_kind == '*' ||
                     ((ps->prev_kind == KW_RESTRICT || ps->prev_kind == KW_CONST ||
                       ps->prev_kind == KW_VOLATILE) && ps->prev2_kind == '*');
    if (!after_star)
        return 0;
    const unsigned char *p = (const unsigned char *)t->text + t->len;
    while (p < ps->lx.lim && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    return p < ps->lx.lim && strchr(",);=[:", *p) && !(p[0] == ':' && p + 1 < ps->lx.lim &&
                                                        p[1] == ':');
}

/* `using BlockReduce = cub::BlockReduce<T, 256>;` inside a function
 * template named BlockReduce: the name after `using` and before a lone '='
 * is the alias being declared, not a template in view. */
static int alias_declared(const k_parser *ps, const k_token *t)
{
    if (ps->prev_kind != KW_USING)
        return 0;
    const unsigned char *p = (const unsigned char *)t->text + t->len, *lim = ps->lx.lim;
    while (p < lim && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    return p < lim && *p == '=' && (p + 1 >= lim || p[1] != '=');
}

/* `stat(path, &st)` where <sys/stat.h> declared `struct stat`: a function of
 * the library hides the class of the same name, which only `struct stat`
 * then names (C++ [basic.scope.hiding]). */
static int library_function_called(const k_parser *ps, const k_token *t, const char *name)
{
    if (ps->prev_kind == KW_STRUCT || strstr(name, "::"))
        return 0;
    const unsigned char *p = (const unsigned char *)t->text + t->len, *lim = ps->lx.lim;
    while (p < lim && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    return p < lim && *p == '(' && k_builtin_find(name, 0) >= 0;
}

/* `Clock::now`, `Clock::time_point` where Clock is a typedef of a <chrono>
 * clock: the clock's own member (lang/chrono.c). */
static const char *clock_member(k_parser *ps, const char *name)
{
    const char *member = k_ns_last(name);
    if (member == name || member - name < 3 || name[0] == ':' || !ps->typedef_names.n)
        return name;
    char *scope = k_strndup(ps->ctx, name, (size_t)(member - name) - 2);
    const char *clock = scope ? k_chrono_clock_name(kp_typedef_lookup(ps, scope)) : NULL;
    if (!clock || !strcmp(clock, scope))
        return name;
    size_t n = strlen(clock) + 2 + strlen(member) + 1;
    char *full = k_alloc(ps->ctx, n);
    if (full)
        snprintf(full, n, "%s::%s", clock, member);
    return full ? full : name;
}

/* name without the blanks and newlines a qualified one may have after a
 * "::" (`Op:: Callback`, `E<T>::` at a line's end); in place. */
static char *squeeze(char *name)
{
    if (!name || !strpbrk(name, " \t\n"))
        return name;
    char *out = name;
    for (const char *p = name; *p; p++)
        if (*p != ' ' && *p != '\t' && *p != '\n')
            *out++ = *p;
    *out = '\0';
    return name;
}

/* A name as written, squeezed. */
static const char *squeezed_name(k_parser *ps, const k_token *t)
{
    return squeeze(k_strndup(ps->ctx, t->text, t->len));
}

int k_parse_lex(K_YYSTYPE *lval, K_YYLTYPE *lloc, k_parser *ps)
{
    k_token *t = &ps->tok;
    if (ps->stopped)
        return 0;      /* an error ended the parse: no cascade */
    if (ps->tpl.pending_close)
        return k_tpl_pending(ps, lloc);
    int errors_before = ps->ctx->nerrors;
    ps->prev_tok = *t;
    int kind = k_lexer_next(&ps->lx, t);
    if (ps->lx.packed_attr) {   /* `struct [[gnu::packed]] S {` */
        ps->lx.packed_attr = 0;
        if (k_parse_gnu_packed(ps, ps->lx.packed_loc) < 0) {
            ps->stopped = 1;
            return 0;
        }
    }
    if (ps->ctx->nerrors != errors_before)
        ps->lex_error_token = ps->ntokens + 1;
    ps->ntokens++;
    lloc->first_line = (int)t->loc.line;
    lloc->first_column = (int)t->loc.col;
    lloc->last_line = (int)t->end.line;
    lloc->last_column = (int)t->end.col;
    if (k_virtual_token(ps, kind, t))   /* `override`, `final` */
        return k_parse_lex(lval, lloc, ps);
    if (k_noexcept_token(ps, kind, t))  /* `noexcept`, `noexcept(e)` */
        return k_parse_lex(lval, lloc, ps);
    kind = k_virtual_keyword(t, kind);  /* `dynamic_cast` */
    if ((kind == KW_HOST || kind == KW_DEVICE) &&
        (ps->prev_kind == '&' || ps->prev_kind == ANDAND || ps->prev_kind == '*')) {
        /* `T & __host__ __device__ operator[](int)`: nvcc takes the spaces
         * there too; the declaration takes them (kp_take_late_space) */
        ps->late_space |= kind == KW_HOST ? ST_HOST : ST_DEVICE;
        return k_parse_lex(lval, lloc, ps);
    }
    if (type_word_as_name(ps, kind, t, lval))
        kind = IDENT;
    switch (kind) {
    case IDENT: {
        /* `C<args>::m`: the member after a class template's id */
        if (ps->tpl.prev_kind == TPL_CLOSE && t->len == 10 && memcmp(t->text, "::template", 10) == 0) {
            ps->tpl.scope_template = 1;   /* `C<T>::template Inner<U>`: Inner is C's member */
            return k_parse_lex(lval, lloc, ps);
        }
        if (ps->decltype_closed_at && ps->decltype_closed_at == ps->ntokens - 1 &&
            t->len > 2 && t->text[0] == ':') {   /* `decltype(e)::m` */
            lval->name = k_strndup(ps->ctx, t->text + 2, t->len - 2);
            kind = SCOPED_TYPE;
            break;
        }
        int scoped = ps->tpl.scope_template;
        ps->tpl.scope_template = 0;
        if (ps->tpl.prev_kind == TPL_CLOSE && ((t->len > 2 && t->text[0] == ':') || scoped)) {
            size_t skip = scoped ? 0 : 2;   /* `C<T>::template Inner<U>`: the word says Inner is a template */
            if (t->len > 11 && memcmp(t->text + 2, "template", 8) == 0 &&
                (t->text[10] == ' ' || t->text[10] == '\t' || t->text[10] == '\n'))
                for (skip = 11; skip < t->len && (t->text[skip] == ' ' || t->text[skip] == '\t' ||
                                                  t->text[skip] == '\n'); skip++)
                    ;
            lval->name = squeeze(k_strndup(ps->ctx, t->text + skip, t->len - skip));
            if (k_tpl_scoped_class(ps, lval->name, &lval->name)) {
                kind = SCOPED_CLASS;
                break;
            }
            if (k_tpl_scoped_template(ps, lval->name, &lval->name)) {
                ps->tpl.last_name = lval->name;
                kind = SCOPED_TEMPLATE;
                break;
            }
            kind = k_parse_is_member_type(ps, ps->tpl.closed_name, lval->name) ? SCOPED_TYPE
                                                                               : SCOPED_NAME;
            break;
        }
        /* `P::template f`: f is a member template (lang/templates_member.c) */
        if (k_tpl_member_name(ps, t->text, t->len, &lval->name)) {
            kind = TEMPLATE_NAME;
            break;
        }
        /* `::x` keeps its "::": lookup (lang/namespaces.c) reads it as the global x */
        const char *name = squeezed_name(ps, t);
        if (name && mutable_member(ps, name))
            return k_parse_lex(lval, lloc, ps);   /* the word is a flag of the member */
        if (name && (!strcmp(name, "asm") || !strcmp(name, "__asm__") || !strcmp(name, "__asm"))) {
            kind = KW_ASM;
            break;
        }
        if (name && decltype_word(name)) {
            kind = decltype_word(name);
            break;
        }
        if (name && !strcmp(name, "__attribute__")) {   /* GCC's: read past, or one error */
            k_expr *align = NULL;
            int packed = 0;
            if (!k_parse_gnu_attribute(ps, t->loc, &align, &packed) ||
                (packed && k_parse_gnu_packed(ps, t->loc) < 0)) {
                ps->stopped = 1;
                return 0;
            }
            int placed = align ? k_parse_gnu_aligned(ps, align) : 0;
            if (placed < 0) {
                ps->stopped = 1;
                return 0;
            }
            if (placed) {
                lval->expr = align;   /* `struct __attribute__((aligned(16))) S`, before a declaration */
                kind = ALIGN_ATTR;
                break;
            }
            return k_parse_lex(lval, lloc, ps);
        }
        if (name && k_parse_unsupported_name(ps, name, t->text + t->len, t->loc)) {
            ps->stopped = 1;   /* one error, then the end: no cascade of syntax errors */
            return 0;
        }
        if (name && trailing_type_name(ps, name, lval, &kind))
            break;   /* `auto f() -> T`, `[](int i) -> T {...}` */
        const char *guide = name;
        if (name && guide_declaration(ps, t) && k_tpl_classify(ps, &guide) == TEMPLATE_TYPE) {
            lval->name = guide;   /* `Box(T *) -> Box<T>;` (a type name, else) */
            kind = GUIDE_NAME;
            break;
        }
        size_t len = name ? strlen(name) : 0;
        if (len > 10 && strcmp(name + len - 10, "::operator") == 0 &&
            ps->prev_kind != KW_USING) {   /* `using B::operator==;` names B's */
            lval->name = k_strndup(ps->ctx, name, len - 10);   /* `S::operator+=`: S */
            kind = SCOPED_OPERATOR;
            break;
        }
        /* after `.` or `->` a name is a member's: `d.count()` calls the member
         * even where std::count is in view */
        if (ps->prev_kind == '.' || ps->prev_kind == ARROW) {
            lval->name = name ? name : "?";
            if (name && k_tpl_member_call_name(ps, name))
                kind = TEMPLATE_NAME;   /* `obj.f<int>(x)` */
            break;
        }
        if (name && strstr(name, "::"))
            name = clock_member(ps, name);   /* `Clock::now()`, Clock a clock's typedef */
        k_type *tdef = ps->typedef_names.n && name ? kp_typedef_lookup(ps, name) : NULL;
        if (!tdef && name)
            tdef = k_vector_type(ps->ctx, name);
        if (!tdef && name && ps->typedef_names.n && strstr(name, "::"))
            tdef = k_parse_typedef_member(ps, t->loc, name);   /* `V::iterator`, V a typedef */
        k_type *self = name ? k_tpl_spec_self(ps, name, !tdef) : NULL;
        if (!self && name && ps->tpl.member_def_id)
            self = k_tpl_injected_member_class(ps, name);   /* `C` in C<T>::f's body */
        if (self) {   /* `S(...)`, `~S()`, `S &` inside S's specialization */
            lval->type = self;
            kind = TYPEDEF_NAME;
            break;
        }
        if (tdef && k_parse_type_name_here(ps) && !k_tpl_self_id(ps, name) &&
            !k_tpl_param_name_here(ps) && !k_parse_is_ordinary(ps, name) &&
            !pointer_declarator_name(ps, t) && !library_function_called(ps, t, name)) {
            lval->type = tdef;
            kind = TYPEDEF_NAME;
            break;
        }
        lval->name = name ? name : "?";
        /* a member (s.count) or a name the program declared (int count)
         * is not a template that `using namespace std` brings in */
        int plain = ps->prev_kind == '.' || ps->prev_kind == ARROW ||
                    (name && (k_parse_is_ordinary(ps, name) ||
                              k_parse_is_own_function(ps, name))) ||
                    alias_declared(ps, t) ||
                    /* `template <typename Vec>` beside a template Vec (not
                     * `typename std::enable_if<...>::type = 0`) */
                    (name && k_tpl_param_name_here(ps) && !strstr(name, "::"));
        /* `struct Tup {` after `template <class... Ts> struct Tup;`: the tag */
        if ((ps->prev_kind == KW_STRUCT || ps->prev_kind == KW_CLASS_RECORD) && name &&
            ps->tpl.head_open && !k_tpl_self_id(ps, name))
            plain = 1;
        if (name && !plain && k_tpl_classify(ps, &lval->name)) {
            kind = lval->name && k_tpl_lookup(&ps->tpl, lval->name) == K_TPL_CLASS
                   ? TEMPLATE_TYPE : TEMPLATE_NAME;
            if (kind == TEMPLATE_TYPE && declared_name(ps, t)) {
                kind = IDENT;   /* `typedef char *iterator;` beside std::iterator */
                lval->name = name;
            } else if (kind == TEMPLATE_TYPE &&
                       (deduced_declarator(ps, t) || deduced_expression(ps, t))) {
                lval->type = k_tpl_type_id(ps, lval->name, NULL);
                if (lval->type)
                    lval->type->ctad = 1;
                kind = TYPEDEF_NAME;
            } else {
                ps->tpl.last_name = lval->name;
            }
        }
        break;
    }
    case INT_LIT: lval->expr = kp_literal(ps, E_INT, t); break;
    case FLOAT_LIT: lval->expr = kp_literal(ps, E_FLOAT, t); break;
    case CHAR_LIT: lval->expr = kp_literal(ps, E_CHAR, t); break;
    case KW_TYPE_TRAIT: case KW_TYPE_TRAIT2: lval->name = k_strndup(ps->ctx, t->text, t->len); break;
    case STRING_LIT: lval->expr = kp_literal(ps, E_STRING, t); break;
    case KW_TEMPLATE:
        if (k_tpl_skip_friend_template(ps))
            return k_parse_lex(lval, lloc, ps);   /* `template <class> friend class X;` */
        if (k_tpl_unsupported_param(ps, kind, t->loc)) {
            ps->stopped = 1;   /* one error, then the end: no cascade */
            return 0;
        }
        /* `obj.template f<T>()`: the word only says that f is a template */
        if (ps->prev_kind == '.' || ps->prev_kind == ARROW)
            return k_parse_lex(lval, lloc, ps);
        if (k_tpl_nested_head(ps, t->loc)) {
            ps->stopped = 1;   /* one error, then the end */
            return 0;
        }
        break;
    case KW_VIRTUAL:   /* recorded for the member function it is on (lang/virtual_parse.c) */
        k_virtual_token(ps, kind, t);
        return k_parse_lex(lval, lloc, ps);
    default:
        break;
    }
    kind = member_pointer(ps, kind, lval, lloc);
    if (kind < 0) {
        ps->stopped = 1;   /* one error, then the end */
        return 0;
    }
    kind = k_pack_merge(ps, kind, lval, lloc);   /* `(xs + ...)` (lang/packs_parse.c) */
    kind = k_tpl_filter(ps, kind, lloc);
    if (kind == '(' && k_parse_fnptr_open(ps))
        kind = FNPTR_OPEN;
    else if (kind == '(' && k_parse_fn_type_open(ps))
        kind = FUNC_TYPE_OPEN;
    /* `class` starts a record except in a template's parameter list */
    if (kind == KW_CLASS && ps->prev_kind != TPL_OPEN && ps->prev_kind != ',' &&
        !(ps->tpl.ttp == 2 && ps->prev_kind == TPL_CLOSE))   /* `template <class> class C` */
        kind = KW_CLASS_RECORD;
    if (kind == IDENT && k_typeid_name_here(ps, t))
        kind = KW_TYPEID;   /* `typeid(x).name()` (lang/typeid.c) */
    int braced = kind == '{' && k_parse_brace_init(ps);
    if (k_virtual_unsupported(ps, braced ? BRACE_INIT : kind, t)) {
        ps->stopped = 1;   /* one error, then the end */
        return 0;
    }
    decltype_parens(ps, kind);
    square_brackets(ps, kind);
    function_bodies(ps, kind);
    if (kind == ';' || kind == '}') {  /* a prototype's parameters name nothing after it */
        ps->param_names.n = 0;
        ps->fn_declared = NULL;
    }
    if (ps->prev_kind == ';' && ps->aligned_expr) {   /* no declaration took it */
        k_error(ps->ctx, ps->aligned_expr->loc, "__attribute__((aligned(N))) on '%s' is not "
                "supported in K (a typedef's or a function's alignment); write alignas(N) on "
                "the variable or member", ps->aligned_name ? ps->aligned_name : "?");
        ps->aligned_name = NULL, ps->aligned_expr = NULL;
        ps->stopped = 1;
        return 0;
    }
    if (kind == IDENT && !ps->paren_depth && !ps->square_depth)
        ps->decl_name = lval->name;
    k_parse_token_hook(ps, kind);      /* counts the brace as any other */
    return braced ? BRACE_INIT : kind;
}

/* ================================================================ entry */
/* The AST of one preprocessed text (lang/ast.h: k_parse). */
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
        kp_list_append(&ps, &ps.typedef_names, (void *)lib_name);
        kp_list_append(&ps, &ps.typedef_types, lib_type);
    }
    k_cg_types(ctx, kp_add_builtin_type, &ps);
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
