/* lang/lexer.re -- the re2c scanner of K.  Generate lang/lexer.c with
 *   re2c -W --no-generation-date --no-version -o lang/lexer.c lang/lexer.re
 *
 * The input ends with a NUL sentinel at lx->lim; re2c's end-of-input rule ($)
 * fires only there, so NUL bytes inside the text are ordinary invalid bytes.
 * Comments, string and character literals are scanned by hand-written loops
 * (they need line counting and escape decoding); everything else is rules.
 */
#include "lexer.h"
#include "parser.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void k_lexer_init(k_lexer *lx, k_ctx *ctx, const char *text, size_t len)
{
    memset(lx, 0, sizeof *lx);
    lx->ctx = ctx;
    lx->cur = (const unsigned char *)text;
    lx->lim = lx->cur + len;
    lx->line_start = lx->cur;
    lx->line = 1;
}

static k_loc loc_at(const k_lexer *lx, const unsigned char *p)
{
    return (k_loc){ lx->line, (uint32_t)(p - lx->line_start) + 1 };
}

static void newline_at(k_lexer *lx, const unsigned char *after_nl)
{
    lx->line++;
    lx->line_start = after_nl;
}

/* ------------------------------------------------------------ comments */
static void skip_line_comment(k_lexer *lx)
{
    const unsigned char *nl = memchr(lx->cur, '\n', (size_t)(lx->lim - lx->cur));
    lx->cur = nl ? nl : lx->lim;
}

static void skip_block_comment(k_lexer *lx, k_loc start)
{
    const unsigned char *p = lx->cur;
    for (; p < lx->lim; p++) {
        if (*p == '\n') {
            newline_at(lx, p + 1);
        } else if (*p == '*' && p + 1 < lx->lim && p[1] == '/') {
            lx->cur = p + 2;
            return;
        }
    }
    k_error(lx->ctx, start, "unterminated comment");
    lx->cur = lx->lim;
}

/* ---------------------------------------------------- escape sequences */
static int hex_value(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decodes the escape sequence at *pp (just after the backslash), advancing
 * *pp past it; end is the end of the literal's body.  Returns the byte. */
static unsigned char decode_escape(k_lexer *lx, const unsigned char **pp,
                                   const unsigned char *end)
{
    const unsigned char *p = *pp;
    k_loc loc = loc_at(lx, p - 1);
    int c = *p++;
    unsigned value = 0;
    switch (c) {
    case 'n': value = '\n'; break;
    case 't': value = '\t'; break;
    case 'r': value = '\r'; break;
    case 'a': value = '\a'; break;
    case 'b': value = '\b'; break;
    case 'f': value = '\f'; break;
    case 'v': value = '\v'; break;
    case '\\': case '\'': case '"': case '?': value = (unsigned)c; break;
    case 'x': {
        int digits = 0, d;
        while (p < end && (d = hex_value(*p)) >= 0) {
            if (value <= 0xff)
                value = value * 16 + (unsigned)d;
            p++;
            digits++;
        }
        if (digits == 0)
            k_error(lx->ctx, loc, "\\x used with no following hex digits");
        else if (value > 0xff)
            k_error(lx->ctx, loc, "hex escape sequence out of range");
        break;
    }
    default:
        if (c >= '0' && c <= '7') {
            value = (unsigned)(c - '0');
            for (int i = 0; i < 2 && p < end && *p >= '0' && *p <= '7'; i++)
                value = value * 8 + (unsigned)(*p++ - '0');
            if (value > 0xff)
                k_error(lx->ctx, loc, "octal escape sequence out of range");
        } else if (c >= 0x20 && c < 0x7f) {
            k_warning(lx->ctx, loc, "unknown escape sequence '\\%c'", c);
            value = (unsigned)c;
        } else {
            k_warning(lx->ctx, loc, "unknown escape sequence '\\x%02x'", (unsigned)c);
            value = (unsigned)c;
        }
    }
    *pp = p;
    return (unsigned char)value;
}

/* Finds the end of a quoted literal whose body starts at lx->cur: returns a
 * pointer to the closing quote, or NULL if the line or input ends first. */
static const unsigned char *literal_end(const k_lexer *lx, unsigned char quote)
{
    for (const unsigned char *p = lx->cur; p < lx->lim; p++) {
        if (*p == quote)
            return p;
        if (*p == '\n')
            return NULL;
        if (*p == '\\' && p + 1 < lx->lim && p[1] != '\n')
            p++;
    }
    return NULL;
}

/* Decodes body [p, end) into a fresh arena string. */
static char *decode_body(k_lexer *lx, const unsigned char *p, const unsigned char *end,
                         size_t *out_len)
{
    char *s = k_alloc(lx->ctx, (size_t)(end - p) + 1);
    size_t n = 0;
    if (!s) {
        *out_len = 0;
        return NULL;
    }
    while (p < end) {
        if (*p == '\\' && p + 1 < end) {
            p++;
            s[n++] = (char)decode_escape(lx, &p, end);
        } else {
            s[n++] = (char)*p++;
        }
    }
    s[n] = '\0';
    *out_len = n;
    return s;
}

/* The body of an unterminated literal runs to the end of the line. */
static const unsigned char *rest_of_line(const k_lexer *lx)
{
    const unsigned char *nl = memchr(lx->cur, '\n', (size_t)(lx->lim - lx->cur));
    return nl ? nl : lx->lim;
}

static int scan_string(k_lexer *lx, k_token *t)
{
    const unsigned char *end = literal_end(lx, '"');
    if (!end) {
        k_error(lx->ctx, t->loc, "missing terminating '\"' character");
        end = rest_of_line(lx);
        t->str = decode_body(lx, lx->cur, end, &t->strlen);
        lx->cur = end;
    } else {
        t->str = decode_body(lx, lx->cur, end, &t->strlen);
        lx->cur = end + 1;
    }
    return STRING_LIT;
}

static int scan_char(k_lexer *lx, k_token *t)
{
    const unsigned char *end = literal_end(lx, '\'');
    size_t n = 0;
    if (!end) {
        k_error(lx->ctx, t->loc, "missing terminating ' character");
        lx->cur = rest_of_line(lx);
        t->ival = 0;
        return CHAR_LIT;
    }
    char *s = decode_body(lx, lx->cur, end, &n);
    lx->cur = end + 1;
    if (n == 0)
        k_error(lx->ctx, t->loc, "empty character constant");
    else if (n > 1)
        k_error(lx->ctx, t->loc, "multi-character character constant is not supported in K");
    /* char is signed: '\xff' is -1, as with gcc and nvcc on x86. */
    t->ival = s && n > 0 ? (uint64_t)(int64_t)(signed char)s[0] : 0;
    return CHAR_LIT;
}

/* L'a': its byte unsigned (L'\xff' is 255, as g++ gives); a character
 * outside ASCII, several bytes of UTF-8 here, is refused by scan_char. */
static int scan_wide_char(k_lexer *lx, k_token *t)
{
    int kind = scan_char(lx, t);
    t->ival = (uint64_t)(unsigned char)t->ival;
    return kind == CHAR_LIT ? INT_LIT : kind;
}

/* ------------------------------------------------------------- numbers */
static int int_literal(k_lexer *lx, k_token *t)
{
    const unsigned char *p = lx->tok, *end = lx->cur;
    unsigned base = 10;
    if (p[0] == '0' && end - p > 1) {
        if (p[1] == 'x' || p[1] == 'X')
            base = 16, p += 2;
        else if (p[1] == 'b' || p[1] == 'B')
            base = 2, p += 2;
        else
            base = 8, p += 1;
    }
    uint64_t v = 0;
    int overflow = 0, d;
    for (; p < end && ((*p == '\'' && p + 1 < end) ||
                       ((d = hex_value(*p)) >= 0 && (unsigned)d < base)); p++) {
        if (*p == '\'')
            continue;   /* a digit separator */
        if (v > (UINT64_MAX - (unsigned)d) / base)
            overflow = 1;
        v = v * base + (unsigned)d;
    }
    for (; p < end; p++) {
        if (*p == 'u' || *p == 'U')
            t->int_unsigned = 1;
        else
            t->int_long++;
    }
    t->int_nondecimal = base != 10;
    t->ival = v;
    if (overflow) {
        k_error(lx->ctx, t->loc, "integer constant '%.*s' is too large",
                (int)(end - lx->tok), (const char *)lx->tok);
        t->ival = 0;
    }
    return INT_LIT;
}

static int float_literal(k_lexer *lx, k_token *t)
{
    size_t len = (size_t)(lx->cur - lx->tok);
    char buf[128];
    char *copy = len < sizeof buf ? buf : k_alloc(lx->ctx, len + 1);
    if (!copy)
        return FLOAT_LIT;
    size_t n = 0;
    for (size_t i = 0; i < len; i++)   /* digit separators dropped */
        if (lx->tok[i] != '\'')
            copy[n++] = (char)lx->tok[i];
    len = n;
    copy[len] = '\0';
    char last = copy[len - 1];
    if (last == 'f' || last == 'F' || last == 'l' || last == 'L') {
        /* 0x1p3f: in a hex float the f is a suffix too (p ends the digits) */
        copy[len - 1] = '\0';
        t->is_single = last == 'f' || last == 'F';
    }
    errno = 0;
    /* Rounding straight to float: going through double could round twice. */
    t->fval = t->is_single ? (double)strtof(copy, NULL) : strtod(copy, NULL);
    if (errno == ERANGE && (t->fval > 1.0 || t->fval < -1.0))
        k_warning(lx->ctx, t->loc, "floating constant exceeds the range of '%s'",
                  t->is_single ? "float" : "double");
    return FLOAT_LIT;
}

/* ------------------------------------------------------- invalid input */
static void invalid_bytes(k_lexer *lx, k_loc loc)
{
    const unsigned char *p = lx->tok;
    size_t n = (size_t)(lx->cur - p);
    if (n == 1 && *p >= 0x20 && *p < 0x7f)
        k_error(lx->ctx, loc, "invalid character '%c' in program", *p);
    else if (n == 1)
        k_error(lx->ctx, loc, "invalid byte 0x%02x in program", *p);
    else
        k_error(lx->ctx, loc, "invalid bytes in program (%zu bytes starting with 0x%02x;"
                " is this a binary file?)", n, *p);
}

/* __launch_bounds__(...) is parsed and ignored: skip its balanced parentheses. */
static void skip_parenthesized(k_lexer *lx)
{
    const unsigned char *p = lx->cur;
    while (p < lx->lim && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) {
        if (*p == '\n')
            newline_at(lx, p + 1);
        p++;
    }
    if (p >= lx->lim || *p != '(') {
        lx->cur = p;
        return;
    }
    int depth = 0;
    for (; p < lx->lim; p++) {
        if (*p == '\n')
            newline_at(lx, p + 1);
        else if (*p == '(')
            depth++;
        else if (*p == ')' && --depth == 0) {
            lx->cur = p + 1;
            return;
        }
    }
    lx->cur = p;
}

/* The closing quote of the string or character literal opening at p, or the
 * newline (or lim) that cuts it short. */
static const unsigned char *past_quoted(const unsigned char *p, const unsigned char *lim)
{
    const unsigned char q = *p++;
    for (; p < lim && *p != q && *p != '\n'; p++)
        p += *p == '\\' && p + 1 < lim;
    return p;
}

/* `[[gnu::aligned(16)]]` changes a layout K builds from alignas only: one
 * error, not a layout that differs from nvcc's in silence.  `[[gnu::packed]]`
 * is noted for the parser, which places it as __attribute__((packed)). */
static void layout_attribute(k_lexer *lx, k_loc loc, const unsigned char *from,
                             const unsigned char *to)
{
    static const char *const words[] = {"aligned", "packed"};
    for (const unsigned char *p = from; p < to; p++) {
        if (*p == '"' || *p == '\'') {   /* `[[deprecated("not aligned")]]` changes nothing */
            p = past_quoted(p, to);
            continue;
        }
        for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
            size_t n = strlen(words[w]);
            if ((size_t)(to - p) >= n && !memcmp(p, words[w], n) &&
                (p == from || p[-1] == ':' || p[-1] == ' ' || p[-1] == ',' || p[-1] == '[')) {
                if (w == 1) {
                    lx->packed_attr = 1;
                    lx->packed_loc = loc;
                    return;
                }
                k_error(lx->ctx, loc, "the attribute '%s' changes a layout, which K does not "
                        "build: write alignas(N) or __align__(N)", words[w]);
                return;
            }
        }
    }
}

/* Past a C++11 attribute after its "[[" (`[[nodiscard]]`, `[[maybe_unused]]`,
 * `[[deprecated("use g")]]`, `[[likely]]`): none changes what the program
 * computes, and C++ lets "[[" begin nothing else. */
static void skip_attribute(k_lexer *lx, k_loc loc)
{
    int depth = 0;
    for (const unsigned char *p = lx->cur; p < lx->lim; p++) {
        if (*p == '\n')
            newline_at(lx, p + 1);
        else if (*p == '"' || *p == '\'') {
            p = past_quoted(p, lx->lim);
            if (p < lx->lim && *p == '\n')
                newline_at(lx, p + 1);   /* a string its line ends: the line still counts */
        } else if (*p == '[')
            depth++;
        else if (*p == ']' && depth > 0)
            depth--;
        else if (*p == ']' && p + 1 < lx->lim && p[1] == ']') {
            layout_attribute(lx, loc, lx->cur, p);
            lx->cur = p + 2;
            return;
        }
    }
    k_error(lx->ctx, loc, "unterminated attribute: '[[' without its ']]'");
    lx->cur = lx->lim;
}

/*!re2c
    re2c:define:YYCTYPE = "unsigned char";
    re2c:define:YYCURSOR = "lx->cur";
    re2c:define:YYMARKER = "lx->marker";
    re2c:define:YYLIMIT = "lx->lim";
    re2c:yyfill:enable = 0;
    re2c:eof = 0;

    /* C++14's digit separators: a ' between two digits (1'000'000) */
    digs    = [0-9] (['] ? [0-9])*;
    dec     = [1-9] (['] ? [0-9])*;
    oct     = "0" (['] ? [0-7])*;
    hex     = "0" [xX] [0-9a-fA-F] (['] ? [0-9a-fA-F])*;
    bin     = "0" [bB] [01] (['] ? [01])*;
    lng     = [lL] | "ll" | "LL";
    isuf    = [uU]? lng? | lng [uU];
    frac    = digs? "." digs | digs ".";
    exp     = [eE] [+-]? digs;
    fsuf    = [fFlL]?;
    hexfrac = [0-9a-fA-F]* "." [0-9a-fA-F]+ | [0-9a-fA-F]+ "."?;
    hexflt  = "0" [xX] hexfrac [pP] [+-]? [0-9]+ fsuf;
    ppnum   = "."? [0-9] ([0-9a-zA-Z_.] | [eEpP] [+-])*;
    ident   = [a-zA-Z_] [a-zA-Z_0-9]*;
    garbage = [\x00-\x08\x0e-\x1f\x7f-\xff@$`];
*/

/* `BlockScan ::TempStorage`, names aligned in columns: blanks before a "::"
 * do not end a qualified name (C++ reads the longest one, so `A ::B` is
 * A::B), and the parser squeezes them out as it does those after one. */
static void join_spaced_scope(k_lexer *lx)
{
    const unsigned char *p = lx->cur;
    while (*p == ' ' || *p == '\t')
        p++;
    /* p[1] and p[2] are read only once the bytes before them are ':', so never
     * past the NUL after the text */
    if (p == lx->cur || p[0] != ':' || p[1] != ':' ||
        !(((p[2] | 32) >= 'a' && (p[2] | 32) <= 'z') || p[2] == '_'))
        return;
    const unsigned char *tok = lx->tok;
    k_token rest;
    memset(&rest, 0, sizeof rest);
    lx->cur = p;
    k_lexer_next(lx, &rest);   /* `::TempStorage`, an IDENT: p[2] starts a name */
    lx->tok = tok;
}

int k_lexer_next(k_lexer *lx, k_token *t)
{
    for (;;) {
        const unsigned char *start = lx->cur;
        k_loc loc = loc_at(lx, start);
        memset(t, 0, sizeof *t);
        lx->tok = start;
        t->loc = loc;
        t->text = (const char *)start;
        int kind;
/*!re2c
    $ { t->len = 0; t->end = loc; return 0; }

    [ \t\v\f\r]+ { continue; }
    "\n" { newline_at(lx, lx->cur); continue; }
    "\\" [ \t]* "\r"? "\n" { newline_at(lx, lx->cur); continue; }
    "//" { skip_line_comment(lx); continue; }
    "/*" { skip_block_comment(lx, loc); continue; }
    garbage+ { invalid_bytes(lx, loc); continue; }
    "\\" { k_error(lx->ctx, loc, "stray '\\' in program"); continue; }
    "#" "#"? { k_error(lx->ctx, loc, "stray '%.*s' in program",
                       (int)(lx->cur - start), (const char *)start); continue; }

    "if"        { kind = KW_IF; goto done; }
    "else"      { kind = KW_ELSE; goto done; }
    "for"       { kind = KW_FOR; goto done; }
    "while"     { kind = KW_WHILE; goto done; }
    "do"        { kind = KW_DO; goto done; }
    "switch"    { kind = KW_SWITCH; goto done; }
    "case"      { kind = KW_CASE; goto done; }
    "default"   { kind = KW_DEFAULT; goto done; }
    "break"     { kind = KW_BREAK; goto done; }
    "continue"  { kind = KW_CONTINUE; goto done; }
    "return"    { kind = KW_RETURN; goto done; }
    "goto"      { kind = KW_GOTO; goto done; }
    "sizeof"    { kind = KW_SIZEOF; goto done; }
    "typedef"   { kind = KW_TYPEDEF; goto done; }
    "struct"    { kind = KW_STRUCT; goto done; }
    "union"     { kind = KW_UNION; goto done; }
    "enum"      { kind = KW_ENUM; goto done; }
    "class"     { kind = KW_CLASS; goto done; }
    "public"    { kind = KW_PUBLIC; goto done; }
    "__align__" | "alignas" | "_Alignas" { kind = KW_ALIGNAS; goto done; }
    "alignof" | "__alignof__" | "_Alignof" { kind = KW_ALIGNOF; goto done; }
    "offsetof" | "__builtin_offsetof" { kind = KW_OFFSETOF; goto done; }
    "__is_nothrow_move_constructible" | "__is_copy_constructible" { kind = KW_TYPE_TRAIT; goto done; }
    "__is_base_of" { kind = KW_TYPE_TRAIT2; goto done; }
    "__simtvm_type_name" | "__simtvm_is_exception" | "__simtvm_type_key" | "__simtvm_catch_key" { kind = KW_TYPE_TRAIT; goto done; }
    "private"   { kind = KW_PRIVATE; goto done; }
    "protected" { kind = KW_PROTECTED; goto done; }
    "operator"  { kind = KW_OPERATOR; goto done; }
    "virtual"   { kind = KW_VIRTUAL; goto done; }
    "friend"    { kind = KW_FRIEND; goto done; }
    "va_arg" | "__builtin_va_arg" { kind = KW_VA_ARG; goto done; }
    "va_list" | "__builtin_va_list" | "std::va_list" { kind = KW_VA_LIST; goto done; }
    "true"      { kind = KW_TRUE; goto done; }
    "namespace" { kind = KW_NAMESPACE; goto done; }
    "using"     { kind = KW_USING; goto done; }
    "new"       { kind = KW_NEW; goto done; }
    "delete"    { kind = KW_DELETE; goto done; }
    "nullptr"   { kind = KW_NULLPTR; goto done; }
    /* g++'s NULL: an integer constant 0 of a pointer's width (long), so a
     * null pointer constant that converts to every pointer type */
    "__null"    { t->int_long = 1; kind = INT_LIT; goto done; }
    "try"       { kind = KW_TRY; goto done; }
    "catch"     { kind = KW_CATCH; goto done; }
    "throw"     { kind = KW_THROW; goto done; }
    "static_cast"      { kind = KW_STATIC_CAST; goto done; }
    "reinterpret_cast" { kind = KW_REINTERPRET_CAST; goto done; }
    "const_cast"       { kind = KW_CONST_CAST; goto done; }
    "constexpr" { kind = KW_CONSTEXPR; goto done; }
    "auto"      { kind = KW_AUTO; goto done; }
    "static_assert" { kind = KW_STATIC_ASSERT; goto done; }
    "false"     { kind = KW_FALSE; goto done; }
    "template"  { kind = KW_TEMPLATE; goto done; }
    "typename"  { kind = KW_TYPENAME; goto done; }

    "const" | "__const__" | "__const" { kind = KW_CONST; goto done; }   /* GCC's spellings too */
    "constexpr" { kind = KW_CONST; goto done; }   /* a constant K folds anyway */
    "explicit"  { continue; }                     /* no implicit conversions to exclude */
    "register"  { continue; }                     /* C's storage class: a hint nvcc ignores too */
    "volatile" | "__volatile__" | "__volatile" { kind = KW_VOLATILE; goto done; }
    "restrict" | "__restrict__" | "__restrict" { kind = KW_RESTRICT; goto done; }
    "__grid_constant__" { kind = KW_CONST; goto done; }  /* a kernel parameter the kernel reads only: const */
    "static"    { kind = KW_STATIC; goto done; }
    "extern"    { kind = KW_EXTERN; goto done; }
    "inline" | "__inline__" | "__inline" { kind = KW_INLINE; goto done; }
    "__global__"   { kind = KW_GLOBAL; goto done; }
    "__device__"   { kind = KW_DEVICE; goto done; }
    "__managed__"  { kind = KW_DEVICE; goto done; }   /* a __device__ variable host code reads
                                                         and writes as well: all of simtvm's are */
    "__host__"     { kind = KW_HOST; goto done; }
    "__shared__"   { kind = KW_SHARED; goto done; }
    "__constant__" { kind = KW_CONSTANT; goto done; }
    "__forceinline__" | "__noinline__" { kind = KW_FORCEINLINE; goto done; }
    "__launch_bounds__" { skip_parenthesized(lx); continue; }
    "[[" { skip_attribute(lx, loc); continue; }

    "void"      { kind = KW_VOID; goto done; }
    "bool"      { kind = KW_BOOL; goto done; }
    "char"      { kind = KW_CHAR; goto done; }
    "short"     { kind = KW_SHORT; goto done; }
    "int"       { kind = KW_INT; goto done; }
    "long"      { kind = KW_LONG; goto done; }
    "signed"    { kind = KW_SIGNED; goto done; }
    "unsigned"  { kind = KW_UNSIGNED; goto done; }
    "float"     { kind = KW_FLOAT; goto done; }
    "double"    { kind = KW_DOUBLE; goto done; }
    "dim3"      { kind = KW_DIM3; goto done; }
    "uint3"     { kind = KW_UINT3; goto done; }
    "size_t"    { kind = KW_SIZE_T; goto done; }
    "cudaError_t"    { kind = KW_CUDA_ERROR_T; goto done; }
    /* the enum's own name, which cudaError_t names: the same type */
    "cudaError"      { kind = KW_CUDA_ERROR_T; goto done; }
    "cudaEvent_t"    { kind = KW_CUDA_EVENT_T; goto done; }
    "cudaStream_t"   { kind = KW_CUDA_STREAM_T; goto done; }
    "cudaMemPool_t"  { kind = KW_CUDA_MEMPOOL_T; goto done; }
    "cudaDeviceProp" { kind = KW_CUDA_DEVICE_PROP; goto done; }

    ident { kind = IDENT; goto done; }
    /* a qualified name is one identifier (lang/namespaces.c) */
    /* `Op:: Callback`, as `void Op::CUDART_CB Callback(...)` reads once the empty
     * macro is gone: the parser squeezes the blank out (lang/parse_lex.c) */
    "::"? ident ("::" [ \t]* ident)* { kind = IDENT; goto done; }
    /* `Exception<T>::` at a line's end and the member's name on the next
     * (`template <class T> void\nE<T>::\nthrow_it(...)`): one name, whose
     * newlines are counted here (the parser squeezes the blanks out) */
    "::"? ident? ("::" [ \t\n]* ident)+ {
        for (const unsigned char *p = start; p < lx->cur; p++)
            if (*p == '\n')
                newline_at(lx, p + 1);
        kind = IDENT;
        goto done;
    }
    /* `S::~S`, a destructor defined outside its class: one name too */
    "::"? ident ("::" ident)* "::~" ident { kind = IDENT; goto done; }
    /* `C<T>::~C`: the destructor after a class template's id (parse_lex.c) */
    "::~" ident { kind = IDENT; goto done; }
    /* `P::template f`: the parser drops the word (k_tpl_member_name) */
    "::"? ident ("::" ("template" [ \t\n]+)? ident)* { kind = IDENT; goto done; }

    (dec | oct | hex | bin) isuf { kind = int_literal(lx, t); goto done; }
    (frac exp? | digs exp) fsuf | hexflt { kind = float_literal(lx, t); goto done; }
    ppnum {
        k_error(lx->ctx, loc, "invalid numeric constant '%.*s'",
                (int)(lx->cur - start), (const char *)start);
        kind = INT_LIT;
        goto done;
    }
    ["] { kind = scan_string(lx, t); goto done; }
    ['] { kind = scan_char(lx, t); goto done; }
    /* C++17's u8'a' is a char; L'a', a wchar_t (K has no such type), is the
     * int of the same value, as wchar_t is a 32-bit signed type on Linux */
    "u8" ['] { kind = scan_char(lx, t); goto done; }
    "L" ['] { kind = scan_wide_char(lx, t); goto done; }

    "<<<" { kind = LAUNCH_OPEN; goto done; }
    ">>>" { kind = LAUNCH_CLOSE; goto done; }
    /* `k << < g, b >> > (...)`, as an editor's formatter leaves a launch (nvcc
     * takes it); no expression has `<<` before `<`, and `>> >` closing three
     * template argument lists is split as `>>>` is (lang/templates.c) */
    "<<" [ \t]+ "<" { kind = LAUNCH_OPEN; goto done; }
    ">>" [ \t]+ ">" { kind = LAUNCH_CLOSE; goto done; }
    "..." { kind = ELLIPSIS; goto done; }
    "<<=" { kind = SHL_ASSIGN; goto done; }
    ">>=" { kind = SHR_ASSIGN; goto done; }
    "->"  { kind = ARROW; goto done; }
    "++"  { kind = INC; goto done; }
    "--"  { kind = DEC; goto done; }
    "<<"  { kind = SHL; goto done; }
    ">>"  { kind = SHR; goto done; }
    "<="  { kind = LE; goto done; }
    ">="  { kind = GE; goto done; }
    "=="  { kind = EQ; goto done; }
    "!="  { kind = NE; goto done; }
    "&&"  { kind = ANDAND; goto done; }
    "||"  { kind = OROR; goto done; }
    "*="  { kind = MUL_ASSIGN; goto done; }
    "/="  { kind = DIV_ASSIGN; goto done; }
    "%="  { kind = MOD_ASSIGN; goto done; }
    "+="  { kind = ADD_ASSIGN; goto done; }
    "-="  { kind = SUB_ASSIGN; goto done; }
    "&="  { kind = AND_ASSIGN; goto done; }
    "^="  { kind = XOR_ASSIGN; goto done; }
    "|="  { kind = OR_ASSIGN; goto done; }
    [-+*/%<>=!~&|^?:;,.(){}[\]] { kind = *start; goto done; }

    * { invalid_bytes(lx, loc); continue; }
*/
    done:
        if (kind == IDENT)
            join_spaced_scope(lx);
        t->len = (size_t)(lx->cur - start);
        t->end = t->len > 0 ? loc_at(lx, lx->cur - 1) : loc;
        if (t->end.line != loc.line)
            t->end = loc;
        return kind;
    }
}
