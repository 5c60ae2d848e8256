/* lang/parse_errors.h -- the parser's syntax-error messages, included once,
 * by lang/parser.y's epilogue: these functions read Bison's symbol names
 * and its expected-token lists (yysymbol_name, yypcontext_expected_tokens),
 * which exist only inside the generated parser.c.  Kept apart so that the
 * grammar file holds the grammar. */
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
    case YYSYMBOL_INT_LIT: case YYSYMBOL_FLOAT_LIT:
        snprintf(buf, size, "constant '%.*s%s'", len, t->text, more);
        break;
    case YYSYMBOL_CHAR_LIT:   /* its text has its own quotes */
        snprintf(buf, size, "constant %.*s%s", len, t->text, more);
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

static int report_unknown_type(k_parser *ps, const k_token *t)
{
    int len = t->len > 60 ? 60 : (int)t->len;
    k_error(ps->ctx, t->loc, "unknown type name '%.*s' (not a type K knows: SPEC 2.8 lists "
            "the library K builds in)", len, t->text);
    ps->stopped = 1;   /* what follows would only echo it */
    return 1;
}

/* Whether the text after the lookahead starts a name or a declarator's
 * '*' / '&' (the lookahead would then be a type). */
static int followed_by_name(const k_parser *ps)
{
    const unsigned char *p = ps->lx.cur;
    while (p < ps->lx.lim && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    return p < ps->lx.lim && (*p == '_' || *p == '*' || *p == '&' ||
                              (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'));
}

/* `foo_t x` where foo_t names no type: two identifiers in a row where a
 * declaration may start (after ';', a brace, '(' or ',', or a specifier)
 * are a type K does not know, whatever the parser expected next. */
static int unknown_type_name(k_parser *ps, yysymbol_kind_t la, int type_expected)
{
    if (la != YYSYMBOL_IDENT)
        return 0;
    if (type_expected && followed_by_name(ps))   /* `(int a, foo_t b)` */
        return report_unknown_type(ps, &ps->tok);
    if (ps->prev2_kind != IDENT)
        return 0;
    switch (ps->prev3_kind) {
    case 0: case ';': case '{': case '}': case '(': case ',':
    case KW_CONST: case KW_VOLATILE: case KW_STATIC: case KW_EXTERN: case KW_INLINE:
    case KW_GLOBAL: case KW_DEVICE: case KW_HOST: case KW_SHARED: case KW_CONSTANT:
    case KW_FORCEINLINE: case KW_TYPEDEF: case KW_CONSTEXPR:
        break;
    default:
        return 0;
    }
    return report_unknown_type(ps, &ps->prev_tok);
}

/* `std::array<int, 4> a;`, `std::multimap<K, V> f();`: a template of the
 * standard library that K does not build in reads as a name and a '<', and
 * the parser fails a little later on that line.  Name it instead.  Templates
 * K knows (the scanner's, and those sema reads itself) are not suspects. */
static int unknown_std_template(k_parser *ps)
{
    const unsigned char *p = ps->lx.line_start, *end = ps->lx.cur + 1;
    if (!p || end > ps->lx.lim)
        end = ps->lx.lim;
    for (; p && p + 6 < end; p++) {
        if (memcmp(p, "std::", 5) != 0 || (p > ps->lx.line_start &&
            (isalnum(p[-1]) || p[-1] == '_' || p[-1] == ':')))
            continue;
        const unsigned char *q = p + 5;
        while (q < end && (isalnum(*q) || *q == '_' || *q == ':'))
            q++;
        const unsigned char *n = q;
        while (n < end && (*n == ' ' || *n == '\t'))
            n++;
        if (n >= end || *n != '<' || (n + 1 < ps->lx.lim && (n[1] == '<' || n[1] == '=')))
            continue;
        char name[80];
        int len = (int)(q - p) < (int)sizeof name - 1 ? (int)(q - p) : (int)sizeof name - 1;
        memcpy(name, p, (size_t)len);
        name[len] = 0;
        if (k_tpl_lookup(&ps->tpl, name) || !strcmp(name, "std::numeric_limits") ||
            !strncmp(name, "std::chrono::", 13))
            continue;
        k_loc at = ps->tok.loc;      /* the name's column on the lookahead's line */
        if ((const unsigned char *)ps->tok.text >= ps->lx.line_start)
            at.col = (uint32_t)(p - ps->lx.line_start) + 1;
        k_error(ps->ctx, at, "'%s' is not a template of the C++ standard library K "
                "builds in (SPEC 2.8 lists the library; doc/language.md what to use)", name);
        ps->stopped = 1;
        return 1;
    }
    return 0;
}

/* Reading a line back from a token: past the blanks before p, and past
 * the (possibly qualified) name that ends at p. */
static const unsigned char *blanks_back(const unsigned char *p, const unsigned char *begin)
{
    while (p > begin && (p[-1] == ' ' || p[-1] == '\t'))
        p--;
    return p;
}

static const unsigned char *name_back(const unsigned char *p, const unsigned char *begin)
{
    while (p > begin && (isalnum(p[-1]) || p[-1] == '_' || p[-1] == ':'))
        p--;
    return p;
}

/* The name that ends where the blanks before p begin: *start and *end
 * bound it; 0 when there is none there (or it is a number). */
static int name_before(const unsigned char *p, const unsigned char *begin,
                       const unsigned char **start, const unsigned char **end)
{
    *end = blanks_back(p, begin);
    *start = name_back(*end, begin);
    return *start != *end && !isdigit(**start);
}

/* `(foo_t)0`, `(foo_t)x`: a cast to a name that is no type reads as a
 * parenthesized name followed by an operand.  Read the text before the
 * lookahead back: ')' NAME '(' there makes NAME a type K does not know. */
static int unknown_cast_type(k_parser *ps, yysymbol_kind_t la)
{
    if (la != YYSYMBOL_INT_LIT && la != YYSYMBOL_FLOAT_LIT && la != YYSYMBOL_IDENT)
        return 0;
    const unsigned char *begin = ps->lx.line_start, *p = (const unsigned char *)ps->tok.text;
    if (!begin || p < begin || p > ps->lx.lim)
        return 0;
    p = blanks_back(p, begin);
    if (p == begin || p[-1] != ')')
        return 0;
    const unsigned char *name, *end;
    if (!name_before(p - 1, begin, &name, &end))
        return 0;
    p = blanks_back(name, begin);
    if (p == begin || p[-1] != '(')
        return 0;
    p--;                                  /* not a call's parentheses: `f(x) 0` */
    p = blanks_back(p, begin);
    if (p > begin && (isalnum(p[-1]) || p[-1] == '_' || p[-1] == ')' || p[-1] == ']'))
        return 0;
    k_token t = ps->tok;
    t.text = (const char *)name;
    t.len = (size_t)(end - name);
    t.loc.col = (uint32_t)(name - begin) + 1;
    return report_unknown_type(ps, &t);
}

/* `foo<float4>(x)` where foo names no template: it reads as `foo < float4`
 * and the parser fails at the '>'.  Read the line back from the '>': a
 * '<' with no parenthesis, comparison or '>' between, an identifier before
 * it, a '(' after the '>': that identifier is a template K does not know. */
static int unknown_template_call(k_parser *ps, yysymbol_kind_t la)
{
    const unsigned char *begin = ps->lx.line_start, *gt = (const unsigned char *)ps->tok.text;
    if (strcmp(yysymbol_name(la), "'>'") != 0 || !begin || gt < begin || gt >= ps->lx.lim)
        return 0;
    const unsigned char *after = gt + 1;
    while (after < ps->lx.lim && (*after == ' ' || *after == '\t'))
        after++;
    if (after >= ps->lx.lim || *after != '(')
        return 0;
    const unsigned char *p = gt;
    while (p > begin && p[-1] != '<' && !strchr("()<>;{}=!&|", p[-1]))
        p--;
    if (p == begin || p[-1] != '<')
        return 0;
    const unsigned char *end;
    if (!name_before(p - 1, begin, &p, &end))
        return 0;
    k_loc at = ps->tok.loc;
    at.col = (uint32_t)(p - begin) + 1;
    k_error(ps->ctx, at, "use of undeclared function template '%.*s'", (int)(end - p),
            (const char *)p);
    ps->stopped = 1;   /* what follows would only echo it */
    return 1;
}

/* `P p[2];`, `P p, q(1);`: a class template's name with no arguments before
 * a declarator asks C++17's class template argument deduction, which K
 * builds (lang/ctad.c) only for one name followed by '(', '{', '=' or ';'
 * (lang/parse_lex.c); elsewhere the parser wants the '<'. */
static int deduced_template_arguments(k_parser *ps, yysymbol_kind_t la,
                                      const yysymbol_kind_t *exp, int n)
{
    if (la != YYSYMBOL_IDENT || ps->prev2_kind != TEMPLATE_TYPE ||
        !expects(exp, n, YYSYMBOL_TPL_OPEN))
        return 0;
    const k_token *t = &ps->prev_tok;
    k_error(ps->ctx, t->loc, "class template argument deduction is not supported in this "
            "declaration: write the arguments of '%.*s' (%.*s<...> %.*s)", (int)t->len, t->text, (int)t->len, t->text,
            (int)ps->tok.len, ps->tok.text);
    ps->stopped = 1;   /* what follows would only echo it */
    return 1;
}

/* A deduction guide K does not read (`explicit Box(int) -> Box<long>;`, one
 * inside a class): the parser fails at the name after "->".  Guides at
 * namespace scope are GUIDE_NAME's (lang/parse_lex.c, lang/ctad.c). */
static int deduction_guide(k_parser *ps)
{
    const unsigned char *begin = ps->lx.line_start, *name = (const unsigned char *)ps->tok.text;
    if (!begin || name < begin || name >= ps->lx.lim)
        return 0;
    const unsigned char *p = blanks_back(name, begin);
    if (p - begin < 3 || p[-1] != '>' || p[-2] != '-')
        return 0;
    p = blanks_back(p - 2, begin);
    if (p == begin || p[-1] != ')')
        return 0;
    k_error(ps->ctx, ps->tok.loc, "this deduction guide for '%.*s' is not supported: K reads "
            "guides written `[template <...>] %.*s(params) -> %.*s<args>;` at namespace scope, "
            "without `explicit`", (int)ps->tok.len, ps->tok.text, (int)ps->tok.len, ps->tok.text,
            (int)ps->tok.len, ps->tok.text);
    ps->stopped = 1;   /* what follows would only echo it */
    return 1;
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
    if (unknown_type_name(ps, la, expects(exp, n, YYSYMBOL_TYPEDEF_NAME)))
        return 0;
    if (unknown_std_template(ps))
        return 0;
    if (unknown_cast_type(ps, la))
        return 0;
    if (unknown_template_call(ps, la))
        return 0;
    if (deduced_template_arguments(ps, la, exp, n))
        return 0;
    if (deduction_guide(ps))
        return 0;
    if (la == YYSYMBOL_GUIDE_NAME) {   /* read at namespace scope only (lang/ctad.c) */
        k_error(ps->ctx, loc, "a deduction guide for '%.*s' is only supported at namespace "
                "scope in K, not inside a class", (int)ps->tok.len, ps->tok.text);
        ps->stopped = 1;
        return 0;
    }
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
