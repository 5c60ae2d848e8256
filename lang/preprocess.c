/* lang/preprocess.c -- the preprocessor subset of K (SPEC 2.2).
 *
 * Two passes over the text (the first in lang/pp_clean.c):
 *  1. clean: comments become spaces, backslash-newlines are removed.  Every
 *     removed newline is re-emitted after the end of its logical line, and the
 *     newlines inside a block comment are kept where they were (except in a
 *     directive, which stays one line), so line i of the cleaned text is line
 *     i of the source.
 *  2. directives and macro expansion.  Lines without directives are copied
 *     byte for byte except for macro invocations, so columns stay exact on
 *     lines without expansion.  A function-like invocation may span lines;
 *     the newlines it swallows are emitted after it.
 *
 * Expansion follows C's rules with a stack of expansion contexts (like GCC's
 * cpplib): a macro is disabled while the context of its own expansion is
 * being read, and a disabled name that is read is painted for good ("blue
 * paint"), so recursion ends.  Argument pre-expansion is the only recursion,
 * bounded by MAX_ARG_NESTING; runaway expansion is stopped by a token budget
 * and an output cap.
 */
#include "pp.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ================================================================ utils */
const simt_allocator *pp_al(const pp *s)
{
    return &s->ctx->tal; /* lang/ast.h: tracked, jumps on failure under k_compile */
}

static int grow(const pp *s, void **p, size_t *cap, size_t need, size_t elem)
{
    return simt_grow(pp_al(s), p, cap, need, elem) == 0;
}

static void fail(pp *s, k_loc loc, const char *msg)
{
    if (!s->failed)
        k_error(s->ctx, loc, "%s", msg);
    s->failed = 1;
}

static void pp_oom(pp *s, k_loc loc)
{
    s->ctx->oom = 1;
    fail(s, loc, "out of memory in the preprocessor");
}

static k_loc here(const pp *s)
{
    return (k_loc){ s->line, 1 };
}

k_loc pp_tok_loc(const pp *s, const pp_tok *t)
{
    return t->line ? (k_loc){ t->line, t->col } : here(s);
}

static void out_mem(pp *s, const char *text, size_t n)
{
    if (s->failed)
        return;
    if (s->len + n + 1 > s->limit) {
        fail(s, s->invoked_at, "preprocessed output too large (runaway macro expansion?)");
        return;
    }
    if (!grow(s, (void **)&s->out, &s->cap, s->len + n + 1, 1)) {
        pp_oom(s, here(s));
        return;
    }
    memcpy(s->out + s->len, text, n);
    s->len += n;
}

void pp_out(pp *s, const char *text, size_t n)
{
    out_mem(s, text, n);
}

static void out_char(pp *s, char c)
{
    out_mem(s, &c, 1);
}

void pp_vec_push(pp *s, pp_vec *v, const pp_tok *t)
{
    if (s->failed)
        return;
    if (++s->budget > TOKEN_BUDGET) {
        (void)t;
        fail(s, s->invoked_at, "macro expansion too large (runaway expansion?)");
        return;
    }
    if (!grow(s, (void **)&v->v, &v->cap, v->n + 1, sizeof *v->v)) {
        pp_oom(s, here(s));
        return;
    }
    v->v[v->n++] = *t;
}

static int is_ident_start(int c)
{
    return isalpha(c) || c == '_';
}

static int is_ident_char(int c)
{
    return isalnum(c) || c == '_';
}

int pp_tok_is(const pp_tok *t, const char *text)
{
    size_t n = strlen(text);
    return t->kind != PT_EOF && t->len == n && memcmp(t->text, text, n) == 0;
}

/* ============================================================ tokenizer */
/* Length of the preprocessing token at p (p < end, not whitespace). */
static size_t scan_token(const char *p, const char *end, unsigned char *kind)
{
    static const char *const puncts[] = {
        "<<<", ">>>", "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&",
        "||", "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##", "::",
    };
    const char *q = p;
    unsigned char c = (unsigned char)*p;
    if (is_ident_start(c)) {
        while (q < end && is_ident_char((unsigned char)*q))
            q++;
        *kind = PT_IDENT;
        return (size_t)(q - p);
    }
    if (isdigit(c) || (c == '.' && q + 1 < end && isdigit((unsigned char)q[1]))) {
        q++;
        while (q < end) {
            unsigned char d = (unsigned char)*q;
            if ((d == '+' || d == '-') && strchr("eEpP", q[-1]))
                q++;
            else if (d == '\'' && q + 1 < end && is_ident_char((unsigned char)q[1]))
                q += 2;   /* C++14's digit separator, 1'000 */
            else if (is_ident_char(d) || d == '.')
                q++;
            else
                break;
        }
        *kind = PT_NUMBER;
        return (size_t)(q - p);
    }
    if (c == '"' || c == '\'') {
        for (q++; q < end && *q != (char)c && *q != '\n'; q++)
            if (*q == '\\' && q + 1 < end && q[1] != '\n')
                q++;
        if (q < end && *q == (char)c)
            q++;
        *kind = PT_STRING;
        return (size_t)(q - p);
    }
    for (size_t i = 0; i < sizeof puncts / sizeof puncts[0]; i++) {
        size_t n = strlen(puncts[i]);
        if ((size_t)(end - p) >= n && memcmp(p, puncts[i], n) == 0) {
            *kind = PT_PUNCT;
            return n;
        }
    }
    *kind = ispunct(c) ? PT_PUNCT : PT_OTHER;
    return 1;
}

static int is_hspace(int c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Splits one directive line [p, end) into tokens. */
static void tokenize_line(pp *s, const char *p, const char *end, uint32_t line,
                          const char *line_start, pp_vec *out)
{
    int space = 0;
    while (p < end && !s->failed) {
        if (is_hspace((unsigned char)*p)) {
            p++;
            space = 1;
            continue;
        }
        pp_tok t = { .text = p, .line = line, .col = (uint32_t)(p - line_start) + 1,
                     .space = (unsigned char)space };
        t.len = (uint32_t)scan_token(p, end, &t.kind);
        pp_vec_push(s, out, &t);
        p += t.len;
        space = 0;
    }
}

/* ============================================================== macros */
static unsigned hash_name(const char *name, size_t n)
{
    unsigned h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)name[i]) * 16777619u;
    return h % NBUCKETS;
}

static pp_macro **find_slot(pp *s, const char *name, size_t n)
{
    pp_macro **slot = &s->buckets[hash_name(name, n)];
    while (*slot && !((*slot)->namelen == n && memcmp((*slot)->name, name, n) == 0))
        slot = &(*slot)->next;
    return slot;
}

pp_macro *pp_lookup(pp *s, const pp_tok *t)
{
    if (t->kind != PT_IDENT)
        return NULL;
    /* A program that asks for __CUDA_ARCH__ is preprocessed for the device
     * as well (lang/arch.c). */
    if (t->len == 13 && !memcmp(t->text, "__CUDA_ARCH__", 13))
        s->ctx->arch_seen = 1;
    pp_macro *m = *find_slot(s, t->text, t->len);
    return m && !m->hidden ? m : NULL;
}

static int param_index(const pp_macro *m, const pp_tok *t)
{
    if (t->kind != PT_IDENT)
        return -1;
    for (int i = 0; i < m->nparams; i++)
        if (m->params[i].len == t->len && memcmp(m->params[i].text, t->text, t->len) == 0)
            return i;
    return -1;
}

static int same_definition(const pp_macro *a, const pp_macro *b)
{
    if (a->funclike != b->funclike || a->nparams != b->nparams || a->nbody != b->nbody
        || a->variadic != b->variadic)
        return 0;
    for (int i = 0; i < a->nbody; i++) {
        const pp_tok *x = &a->body[i], *y = &b->body[i];
        if (x->len != y->len || memcmp(x->text, y->text, x->len) != 0
            || (i > 0 && x->space != y->space))
            return 0;
    }
    return 1;
}

/* Copies tokens into the arena: macro bodies outlive the line they came from. */
static pp_tok *arena_tokens(pp *s, const pp_tok *t, size_t n)
{
    pp_tok *copy = k_alloc(s->ctx, (n ? n : 1) * sizeof *copy);
    if (!copy)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        copy[i] = t[i];
        copy[i].text = k_strndup(s->ctx, t[i].text, t[i].len);
        if (!copy[i].text)
            return NULL;
    }
    return copy;
}

/* Parses `(a, b, ...)` after a function-like macro's name; returns the index
 * of the first body token, or -1 after reporting an error. */
static int parse_params(pp *s, pp_macro *m, const pp_tok *t, size_t n, size_t i)
{
    pp_tok params[128];
    int np = 0;
    i++;                                  /* '(' */
    if (i < n && pp_tok_is(&t[i], ")"))
        return (int)i + 1;
    for (;;) {
        if (i >= n) {
            k_error(s->ctx, pp_tok_loc(s, &t[n - 1]), "missing ')' in macro parameter list");
            return -1;
        }
        if (pp_tok_is(&t[i], "...")) {
            m->variadic = 1;
            params[np] = t[i];
            params[np].text = "__VA_ARGS__";
            params[np++].len = 11;
            i++;
        } else if (t[i].kind == PT_IDENT && np < 127) {
            for (int j = 0; j < np; j++)
                if (params[j].len == t[i].len && !memcmp(params[j].text, t[i].text, t[i].len)) {
                    k_error(s->ctx, pp_tok_loc(s, &t[i]), "duplicate macro parameter '%.*s'",
                            (int)t[i].len, t[i].text);
                    return -1;
                }
            params[np++] = t[i++];
        } else {
            k_error(s->ctx, pp_tok_loc(s, &t[i]), "expected a parameter name in the macro"
                    " parameter list");
            return -1;
        }
        if (i < n && pp_tok_is(&t[i], ")"))
            break;
        if (m->variadic || i >= n || !pp_tok_is(&t[i], ",")) {
            k_error(s->ctx, pp_tok_loc(s, &t[i < n ? i : n - 1]), "expected ',' or ')' in the"
                    " macro parameter list");
            return -1;
        }
        i++;
    }
    m->nparams = np;
    m->params = arena_tokens(s, params, (size_t)np);
    return (int)i + 1;
}

static int check_body(pp *s, const pp_macro *m)
{
    for (int i = 0; i < m->nbody; i++) {
        const pp_tok *t = &m->body[i];
        if (pp_tok_is(t, "##") && (i == 0 || i == m->nbody - 1)) {
            k_error(s->ctx, pp_tok_loc(s, t), "'##' cannot appear at either end of a macro body");
            return 0;
        }
        if (m->funclike && pp_tok_is(t, "#")
            && (i + 1 >= m->nbody || param_index(m, &m->body[i + 1]) < 0)) {
            k_error(s->ctx, pp_tok_loc(s, t), "'#' is not followed by a macro parameter");
            return 0;
        }
    }
    return 1;
}

/* #define: t[0] is the name. */
static void define_macro(pp *s, const pp_tok *t, size_t n, int predefined)
{
    if (n == 0 || t[0].kind != PT_IDENT) {
        k_error(s->ctx, n ? pp_tok_loc(s, &t[0]) : here(s), "macro names must be identifiers");
        return;
    }
    if (pp_tok_is(&t[0], "defined")) {
        k_error(s->ctx, pp_tok_loc(s, &t[0]), "'defined' cannot be used as a macro name");
        return;
    }
    pp_macro *m = k_alloc(s->ctx, sizeof *m);
    if (!m)
        return;
    m->name = k_strndup(s->ctx, t[0].text, t[0].len);
    m->namelen = t[0].len;
    m->predefined = predefined;
    m->in_unit = s->file < s->ctx->nfiles && s->ctx->files[s->file].unit;
    m->file = s->ctx->nfiles > 0 ? s->file : -1;
    int body = 1;
    if (n > 1 && pp_tok_is(&t[1], "(") && !t[1].space) {
        m->funclike = 1;
        if ((body = parse_params(s, m, t, n, 1)) < 0)
            return;
    }
    m->nbody = (int)n - body;
    m->body = arena_tokens(s, t + body, (size_t)m->nbody);
    if (!m->name || !m->body || !check_body(s, m))
        return;
    if (m->nbody > 0)
        m->body[0].space = 0;
    pp_macro **slot = find_slot(s, m->name, m->namelen);
    if (*slot) {
        if (!same_definition(*slot, m) && !(*slot)->predefined && !(*slot)->hidden)
            k_warning(s->ctx, pp_tok_loc(s, &t[0]), "'%s' redefined", m->name);
        m->shadowed = m->in_unit && !(*slot)->in_unit ? (*slot) : (*slot)->shadowed;
        m->next = (*slot)->next;
    }
    *slot = m;
}

static void undef_macro(pp *s, const pp_tok *t, size_t n)
{
    if (n == 0 || t[0].kind != PT_IDENT) {
        k_error(s->ctx, n ? pp_tok_loc(s, &t[0]) : here(s), "macro names must be identifiers");
        return;
    }
    pp_macro **slot = find_slot(s, t[0].text, t[0].len);
    if (*slot)
        pp_unit_undef(s, slot);
}

/* ======================================================= token sources */
static void push_frame(pp *s, pp_tok *toks, size_t n, pp_macro *m, int owned)
{
    if (!grow(s, (void **)&s->stack, &s->capstack, s->nstack + 1, sizeof *s->stack)) {
        pp_oom(s, here(s));
        if (owned)
            simt_free(pp_al(s), toks);
        return;
    }
    s->stack[s->nstack++] = (pp_frame){ toks, 0, n, m, owned };
    if (m)
        m->disabled++;
}

static void pop_frame(pp *s)
{
    pp_frame *f = &s->stack[--s->nstack];
    if (f->macro)
        f->macro->disabled--;
    if (f->owned)
        simt_free(pp_al(s), f->toks);
}

/* The next token of the contexts above the floor; 0 when they are exhausted. */
static int frame_token(pp *s, pp_tok *t, int consume)
{
    while (s->nstack > s->floor) {
        pp_frame *f = &s->stack[s->nstack - 1];
        if (f->pos < f->n) {
            *t = f->toks[f->pos];
            if (consume)
                f->pos++;
            return 1;
        }
        pop_frame(s);
    }
    return 0;
}

/* The next token of the text, after whitespace and newlines (which a macro
 * invocation swallows: they are emitted after it). */
static int base_token(pp *s, pp_tok *t, int consume)
{
    const char *p = s->p, *line_start = s->line_start;
    uint32_t line = s->line, newlines = 0;
    int space = 0;
    while (p < s->end && (is_hspace((unsigned char)*p) || *p == '\n')) {
        if (*p == '\n') {
            line++;
            newlines++;
            line_start = p + 1;
        }
        p++;
        space = 1;
    }
    if (p >= s->end)
        return 0;
    *t = (pp_tok){ .text = p, .line = line, .col = (uint32_t)(p - line_start) + 1,
                   .space = (unsigned char)space };
    t->len = (uint32_t)scan_token(p, s->end, &t->kind);
    if (consume) {
        s->p = p + t->len;
        s->line = line;
        s->line_start = line_start;
        s->deferred_newlines += newlines;
    }
    return 1;
}

static int next_token(pp *s, pp_tok *t, int consume)
{
    if (frame_token(s, t, consume))
        return 1;
    return s->base_ok && s->floor == 0 && base_token(s, t, consume);
}

/* ============================================================ expansion */
static void run_expander(pp *s);

/* Two tokens that would read as one if written next to each other. */
static int would_merge(char a, char b)
{
    static const char ops[] = "+-*/%<>=!&|^:#.";
    if (is_ident_char((unsigned char)a) && (is_ident_char((unsigned char)b) || b == '.'))
        return 1;
    if (a == '.' && isdigit((unsigned char)b))
        return 1;
    return a && b && strchr(ops, a) && strchr(ops, b);
}

static void emit(pp *s, const pp_tok *t)
{
    if (s->sink) {
        pp_vec_push(s, s->sink, t);
        return;
    }
    char last = s->len ? s->out[s->len - 1] : '\n';
    if (last != ' ' && last != '\t' && last != '\n'
        && (t->space || would_merge(last, t->text[0])))
        out_char(s, ' ');
    out_mem(s, t->text, t->len);
    if (PP_OMP_WATCHING(s))
        k_omp_token(s, t);
}

/* Macro-expands a token list on its own (argument pre-expansion, #if). */
pp_vec pp_expand_list(pp *s, const pp_tok *toks, size_t n, k_loc loc)
{
    pp_vec out = { 0 };
    if (s->nest >= MAX_ARG_NESTING) {
        fail(s, loc, "macro arguments nested too deeply");
        return out;
    }
    pp_vec *saved_sink = s->sink;
    size_t saved_floor = s->floor;
    int saved_base = s->base_ok;
    s->nest++;
    s->sink = &out;
    s->base_ok = 0;
    push_frame(s, (pp_tok *)toks, n, NULL, 0);
    s->floor = s->nstack - 1;
    run_expander(s);
    while (s->nstack > s->floor)
        pop_frame(s);
    s->floor = saved_floor;
    s->sink = saved_sink;
    s->base_ok = saved_base;
    s->nest--;
    return out;
}

/* `#x`: the argument's spelling as a string literal. */
static pp_tok stringize(pp *s, const pp_vec *arg, const pp_tok *hash)
{
    size_t cap = 3;
    for (size_t i = 0; i < arg->n; i++)
        cap += 2 * arg->v[i].len + 1;
    char *buf = k_alloc(s->ctx, cap);
    size_t n = 0;
    pp_tok t = *hash;
    t.kind = PT_STRING;
    t.text = "\"\"";
    t.len = 2;
    if (!buf)
        return t;
    buf[n++] = '"';
    for (size_t i = 0; i < arg->n; i++) {
        const pp_tok *a = &arg->v[i];
        if (i > 0 && a->space)
            buf[n++] = ' ';
        for (uint32_t j = 0; j < a->len; j++) {
            char c = a->text[j];
            if (a->kind == PT_STRING && (c == '"' || c == '\\'))
                buf[n++] = '\\';
            buf[n++] = c;
        }
    }
    buf[n++] = '"';
    t.text = buf;
    t.len = (uint32_t)n;
    return t;
}

/* `a ## b`: replaces the last token of out by its paste with right. */
static void paste(pp *s, pp_vec *out, const pp_tok *right)
{
    pp_tok *left = &out->v[out->n - 1];
    size_t n = (size_t)left->len + right->len;
    char *text = k_alloc(s->ctx, n + 1);
    if (!text)
        return;
    memcpy(text, left->text, left->len);
    memcpy(text + left->len, right->text, right->len);
    unsigned char kind;
    if (scan_token(text, text + n, &kind) != n) {
        k_error(s->ctx, pp_tok_loc(s, right), "pasting \"%.*s\" and \"%.*s\" does not give a"
                " valid preprocessing token", (int)left->len, left->text, (int)right->len,
                right->text);
        pp_vec_push(s, out, right);
        return;
    }
    left->text = text;
    left->len = (uint32_t)n;
    left->kind = kind;
    left->noexpand = 0;
}

typedef struct pp_args {
    pp_vec *raw;                  /* one per parameter */
    pp_vec *expanded;             /* filled on first use */
    int *done;
} pp_args;

/* Appends operand tokens to out; a leading `##` pastes the first one. */
static void append_operand(pp *s, pp_vec *out, const pp_tok *toks, size_t n, int paste_first,
                           unsigned char space)
{
    for (size_t i = 0; i < n && !s->failed; i++) {
        if (i == 0 && paste_first && out->n > 0) {
            paste(s, out, &toks[0]);
            continue;
        }
        pp_tok t = toks[i];
        if (i == 0)
            t.space = space;
        pp_vec_push(s, out, &t);
    }
}

/* Builds the replacement list of an invocation. */
static pp_vec substitute(pp *s, const pp_macro *m, pp_args *a, k_loc loc)
{
    pp_vec out = { 0 };
    int paste_next = 0;
    for (int i = 0; i < m->nbody && !s->failed; i++) {
        const pp_tok *t = &m->body[i];
        if (pp_tok_is(t, "##")) {
            /* GNU's `, ## __VA_ARGS__`: the comma goes when the variable
             * arguments are empty, and nothing is pasted when they are not */
            if (m->variadic && i + 1 < m->nbody && out.n > 0 &&
                pp_tok_is(&out.v[out.n - 1], ",") &&
                param_index(m, &m->body[i + 1]) == m->nparams - 1) {
                if (a->raw[m->nparams - 1].n == 0)
                    out.n--;
                continue;
            }
            paste_next = 1;
            continue;
        }
        int pi = m->funclike ? param_index(m, t) : -1;
        if (m->funclike && pp_tok_is(t, "#") && i + 1 < m->nbody) {
            pi = param_index(m, &m->body[++i]);
            pp_tok str = stringize(s, &a->raw[pi], t);
            append_operand(s, &out, &str, 1, paste_next, t->space);
        } else if (pi >= 0) {
            int raw = paste_next || (i + 1 < m->nbody && pp_tok_is(&m->body[i + 1], "##"));
            if (!raw && !a->done[pi]) {
                a->expanded[pi] = pp_expand_list(s, a->raw[pi].v, a->raw[pi].n, loc);
                a->done[pi] = 1;
            }
            const pp_vec *v = raw ? &a->raw[pi] : &a->expanded[pi];
            append_operand(s, &out, v->v, v->n, paste_next, t->space);
        } else {
            append_operand(s, &out, t, 1, paste_next, t->space);
        }
        paste_next = 0;
    }
    return out;
}

/* Reads the arguments of an invocation (the '(' is next).  Returns the number
 * of arguments, or -1 after reporting an unterminated list. */
static int collect_args(pp *s, const pp_macro *m, const pp_tok *name, pp_vec *args, int max)
{
    pp_tok t;
    next_token(s, &t, 1);                 /* '(' */
    int n = 1, depth = 0;
    for (;;) {
        if (!next_token(s, &t, 1)) {
            k_error(s->ctx, pp_tok_loc(s, name), "unterminated argument list invoking macro '%s'",
                    m->name);
            return -1;
        }
        if (pp_tok_is(&t, "(")) {
            depth++;
        } else if (pp_tok_is(&t, ")")) {
            if (depth-- == 0)
                break;
        } else if (pp_tok_is(&t, ",") && depth == 0
                   && !(m->variadic && n >= m->nparams)) {
            n++;
            continue;
        }
        if (n <= max)
            pp_vec_push(s, &args[n - 1], &t);
        if (s->failed)
            return -1;
    }
    if (n == 1 && args[0].n == 0 && m->nparams == 0)
        return 0;
    return n;
}

static void free_args(const pp *s, pp_args *a, int n)
{
    for (int i = 0; i < n; i++) {
        simt_free(pp_al(s), a->raw[i].v);
        simt_free(pp_al(s), a->expanded[i].v);
    }
    simt_free(pp_al(s), a->raw);
    simt_free(pp_al(s), a->expanded);
    simt_free(pp_al(s), a->done);
}

static void invoke_special(pp *s, pp_macro *m, const pp_tok *name)
{
    pp_tok *t = simt_malloc(pp_al(s), sizeof *t);
    if (!t) {
        pp_oom(s, pp_tok_loc(s, name));
        return;
    }
    *t = *name;
    t->noexpand = 1;
    uint32_t fline;
    const k_file *file = k_resolve_line(s->ctx, s->line, &fline);
    const char *fname = file && file->path ? file->path : file ? file->key : s->ctx->filename;
    if (m->special == SPECIAL_LINE) {
        char buf[16];
        int n = snprintf(buf, sizeof buf, "%u", file ? fline : s->line);
        t->text = k_strndup(s->ctx, buf, (size_t)n);
        t->len = (uint32_t)n;
        t->kind = PT_NUMBER;
    } else {
        size_t n = strlen(fname);
        char *buf = k_alloc(s->ctx, 2 * n + 3);
        size_t k = 0;
        if (buf) {
            buf[k++] = '"';
            for (size_t i = 0; i < n; i++) {
                if (fname[i] == '"' || fname[i] == '\\')
                    buf[k++] = '\\';
                buf[k++] = fname[i];
            }
            buf[k++] = '"';
        }
        t->text = buf ? buf : "\"\"";
        t->len = (uint32_t)(buf ? k : 2);
        t->kind = PT_STRING;
    }
    push_frame(s, t, t->text ? 1 : 0, NULL, 1);
}

/* Expands macro m named by `name` (its '(' is next if it is function-like):
 * pushes the replacement as a new context with m disabled. */
static void invoke(pp *s, pp_macro *m, const pp_tok *name)
{
    if (m->special) {
        invoke_special(s, m, name);
        return;
    }
    int np = m->nparams > 0 ? m->nparams : 1;
    pp_args a = { simt_calloc(pp_al(s), (size_t)np, sizeof(pp_vec)),
                  simt_calloc(pp_al(s), (size_t)np, sizeof(pp_vec)),
                  simt_calloc(pp_al(s), (size_t)np, sizeof(int)) };
    if (!a.raw || !a.expanded || !a.done) {
        free_args(s, &a, 0);
        pp_oom(s, pp_tok_loc(s, name));
        return;
    }
    if (m->funclike) {
        int n = collect_args(s, m, name, a.raw, np);
        int ok = n == m->nparams || (m->variadic && n == m->nparams - 1);
        if (n >= 0 && !ok)
            k_error(s->ctx, pp_tok_loc(s, name), "macro '%s' takes %d argument%s, but %d %s given",
                    m->name, m->nparams, m->nparams == 1 ? "" : "s", n,
                    n == 1 ? "was" : "were");
        if (n < 0 || !ok) {
            free_args(s, &a, np);
            return;
        }
    }
    pp_vec out = substitute(s, m, &a, pp_tok_loc(s, name));
    free_args(s, &a, np);
    if (out.n > 0)
        out.v[0].space = name->space;
    push_frame(s, out.v, out.n, m, 1);
}

/* Reads tokens from the contexts above the floor, expanding macros, and
 * emits them; returns when those contexts are exhausted. */
static void run_expander(pp *s)
{
    pp_tok t, next;
    while (!s->failed && frame_token(s, &t, 1)) {
        pp_macro *m = t.noexpand ? NULL : pp_lookup(s, &t);
        if (m && m->disabled) {
            t.noexpand = 1;
        } else if (m && (!m->funclike || (next_token(s, &next, 0) && pp_tok_is(&next, "(")))) {
            invoke(s, m, &t);
            continue;
        }
        emit(s, &t);
    }
}

/* ================================================================= text */
static int base_has_lparen(const pp *s, const char *p)
{
    while (p < s->end && (is_hspace((unsigned char)*p) || *p == '\n'))
        p++;
    return p < s->end && *p == '(';
}

static void flush_newline(pp *s)
{
    out_char(s, '\n');
    for (; s->deferred_newlines > 0; s->deferred_newlines--)
        out_char(s, '\n');
}

/* A macro of the program (its files or -D) met in the text of a built-in
 * header: `#define T int` or `#define N 1024` before an #include must not
 * rewrite the library's `template <typename T>` (libstdc++ names its own
 * _Tp, which a program may not define).  The header's #if and #ifdef still
 * see it (NDEBUG). */
static int program_macro_in_library(const pp *s, const pp_macro *m)
{
    const k_ctx *ctx = s->ctx;
    if (m->predefined || s->file < 0 || s->file >= ctx->nfiles || !ctx->files[s->file].builtin)
        return 0;
    return m->file < 0 || m->file >= ctx->nfiles || !ctx->files[m->file].builtin;
}

/* Expands a run of text lines [p, end) starting at line `line`. */
static void expand_text(pp *s, const char *p, const char *end, uint32_t line)
{
    s->p = p;
    s->end = end;
    s->line = line;
    s->line_start = p;
    s->base_ok = 1;
    while (s->p < s->end && !s->failed) {
        char c = *s->p;
        if (c == '\n') {
            s->p++;
            s->line++;
            s->line_start = s->p;
            flush_newline(s);
            s->separate_next = 0;
            continue;
        }
        if (is_hspace((unsigned char)c)) {
            out_char(s, c);
            s->p++;
            continue;
        }
        pp_tok t = { .text = s->p, .line = s->line,
                     .col = (uint32_t)(s->p - s->line_start) + 1 };
        t.len = (uint32_t)scan_token(s->p, s->end, &t.kind);
        pp_macro *m = pp_lookup(s, &t);
        if (m && program_macro_in_library(s, m))
            m = NULL;
        if (m && (!m->funclike || base_has_lparen(s, s->p + t.len))) {
            s->p += t.len;
            s->invoked_at = (k_loc){ t.line, t.col };
            t.space = s->len > 0 && (s->out[s->len - 1] == ' ' || s->out[s->len - 1] == '\t');
            invoke(s, m, &t);
            run_expander(s);
            s->separate_next = 1;
            continue;
        }
        if (s->separate_next && s->len > 0 && would_merge(s->out[s->len - 1], *s->p))
            out_char(s, ' ');
        s->separate_next = 0;
        out_mem(s, s->p, t.len);
        s->p += t.len;
        if (PP_OMP_WATCHING(s))
            k_omp_token(s, &t);
    }
    s->base_ok = 0;
}

/* ========================================================= directives */
static int active(const pp *s)
{
    return s->nconds == 0 || s->conds[s->nconds - 1].active;
}

static void push_cond(pp *s, k_loc loc, int value)
{
    if (!grow(s, (void **)&s->conds, &s->capconds, s->nconds + 1, sizeof *s->conds)) {
        pp_oom(s, loc);
        return;
    }
    int parent = active(s);
    s->conds[s->nconds++] = (pp_cond){ loc, (unsigned char)parent,
                                       (unsigned char)(parent && value),
                                       (unsigned char)(parent && value), 0 };
}

static pp_cond *top_cond(pp *s, const char *name, k_loc loc)
{
    if (s->nconds == s->cond_base) {
        k_error(s->ctx, loc, "#%s without #if", name);
        return NULL;
    }
    return &s->conds[s->nconds - 1];
}

static int ifdef_value(pp *s, const pp_tok *t, size_t n, k_loc loc, const char *name)
{
    if (n == 0 || t[0].kind != PT_IDENT) {
        k_error(s->ctx, loc, "#%s expects a macro name", name);
        return 0;
    }
    return pp_lookup(s, &t[0]) != NULL;
}

static void conditional(pp *s, const char *name, const pp_tok *t, size_t n, k_loc loc)
{
    if (!strcmp(name, "if")) {
        push_cond(s, loc, active(s) && pp_eval_if(s, t, n, loc));
    } else if (!strcmp(name, "ifdef") || !strcmp(name, "ifndef")) {
        int v = active(s) ? ifdef_value(s, t, n, loc, name) : 0;
        push_cond(s, loc, name[2] == 'n' ? !v : v);
    } else if (!strcmp(name, "endif")) {
        if (top_cond(s, name, loc))
            s->nconds--;
    } else {
        pp_cond *c = top_cond(s, name, loc);
        if (!c)
            return;
        if (c->seen_else)
            k_error(s->ctx, loc, "#%s after #else", name);
        if (!strcmp(name, "else")) {
            c->seen_else = 1;
            c->active = c->parent_active && !c->taken;
        } else {
            c->active = c->parent_active && !c->taken && pp_eval_if(s, t, n, loc);
        }
        c->taken |= c->active;
    }
}

/* The name in #include "name" or <name>, as written; *angled says which.
 * NULL after an error. */
static char *include_name(pp *s, const pp_tok *t, size_t n, k_loc loc, int *angled)
{
    const char *from = NULL, *to = NULL;
    if (n == 1 && t[0].kind == PT_STRING && t[0].text[0] == '"' && t[0].len > 2) {
        from = t[0].text + 1, to = t[0].text + t[0].len - 1;
        *angled = 0;
    } else if (n >= 3 && pp_tok_is(&t[0], "<") && pp_tok_is(&t[n - 1], ">")) {
        from = t[0].text + 1, to = t[n - 1].text; /* the tokens are one run of the line */
        *angled = 1;
    }
    if (from)
        return k_strndup(s->ctx, from, (size_t)(to - from));
    char *name = n && t[0].kind == PT_IDENT ? pp_computed_include_name(s, t, n, loc, angled)
                                            : NULL;
    if (!name)
        k_error(s->ctx, loc, "#include expects \"FILENAME\" or <FILENAME>");
    return name;
}

/* Whether files[f] may be read again at loc: not after #pragma once, and
 * not a third time inside itself (a second is what include guards stop). */
static int may_read(pp *s, int f, k_loc loc)
{
    const k_file *file = &s->ctx->files[f];
    if (file->once)
        return 0;
    if (s->depth >= MAX_INCLUDE_DEPTH)
        fail(s, loc, "#include nested too deeply (more than 200 files open)");
    else if (file->open >= 2)
        k_error(s->ctx, loc, "#include cycle: \"%s\" includes itself (the notes below show "
                "how)", file->name);
    else
        return 1;
    s->failed = 1;
    return 0;
}

/* Reads files[f] in place of the #include on global line loc.line: its
 * lines become lines loc.line... of the output, and the includer's next
 * lines move down by as many (s->include_lines, which pp_process() adds). */
static void read_included(pp *s, int f, k_loc loc)
{
    k_ctx *ctx = s->ctx;
    if (!may_read(s, f, loc))
        return;
    uint32_t fline;
    k_resolve_line(ctx, loc.line, &fline);
    k_lineseg back = ctx->segs[ctx->nsegs - 1];   /* the includer's, resumed after */
    size_t clean_len = 0;
    char *cleaned = k_pp_clean(ctx, ctx->files[f].text, ctx->files[f].len, loc.line, &clean_len);
    if (!cleaned) {
        s->failed = 1;
        return;
    }
    int includer = s->file;
    size_t cond_base = s->cond_base, before = s->len;
    k_linemap_add(ctx, (k_lineseg){ loc.line, (uint32_t)f, 1, ctx->nsegs - 1, fline, loc.col });
    s->file = f;
    s->cond_base = s->nconds;
    s->depth++;
    ctx->files[f].open++;
    uint32_t end = pp_process(s, cleaned ? cleaned : "", clean_len, loc.line);
    ctx->files[f].open--;
    s->depth--;
    s->cond_base = cond_base;
    s->file = includer;
    simt_free(pp_al(s), cleaned);
    if (s->len > before && s->out[s->len - 1] != '\n')
        out_char(s, '\n');       /* a last line without its newline */
    s->include_lines = end - loc.line;
    back.global = end;
    back.fline = fline;
    k_linemap_add(ctx, back);
}

static void include_directive(pp *s, const pp_tok *t, size_t n, k_loc loc)
{
    int angled = 0;
    char *name = include_name(s, t, n, loc, &angled);
    int f = name ? k_include_find(s->ctx, name, angled, s->file, loc) : K_INC_ERROR;
    if (f < 0)
        return;
    pp_unit_include(s, f);
    uint32_t before = pp_implicit_for(s, f, loc);
    read_included(s, f, (k_loc){ loc.line + before, loc.col });
    s->include_lines += before;
}

static void message_directive(pp *s, const char *p, const char *end, k_loc loc, int is_error)
{
    while (p < end && is_hspace((unsigned char)*p))
        p++;
    while (end > p && is_hspace((unsigned char)end[-1]))
        end--;
    if (is_error)
        k_error(s->ctx, loc, "#error %.*s", (int)(end - p), p);
    else
        k_warning(s->ctx, loc, "#warning %.*s", (int)(end - p), p);
}

/* The N of #pragma pack: 1, 2, 4, 8 or 16, or 0 where tok is no such number. */
static int pack_value(const pp_tok *tok)
{
    if (tok->kind != PT_NUMBER || tok->len > 2)
        return 0;
    int v = 0;
    for (size_t k = 0; k < tok->len; k++)
        v = isdigit((unsigned char)tok->text[k]) ? v * 10 + (tok->text[k] - '0') : -1000;
    return v == 1 || v == 2 || v == 4 || v == 8 || v == 16 ? v : 0;
}

/* #pragma pack(N), pack(), pack(push), pack(push, N), pack(pop): GCC's and
 * MSVC's stack of the most a struct member is aligned to; each change is
 * noted with its line for the structs defined after it (lang/parse_decl.c
 * k_parse_record_begin). */
static void pack_pragma(pp *s, const pp_tok *t, size_t n, k_loc loc)
{
    if (s->pack_failed)
        return;   /* one error, no cascade */
    int ok = n >= 3 && pp_tok_is(&t[1], "(") && pp_tok_is(&t[n - 1], ")");
    int value = s->pack, given = n == 4 ? pack_value(&t[2]) : 0;
    if (ok && n == 3) {
        value = 0;
    } else if (ok && given) {
        value = given;
    } else if (ok && (n == 4 || n == 6) && pp_tok_is(&t[2], "push") &&
               s->pack_depth < (int)(sizeof s->pack_stack / sizeof s->pack_stack[0])) {
        if (n == 6 && (!pp_tok_is(&t[3], ",") || !(value = pack_value(&t[4]))))
            ok = 0;
        else
            s->pack_stack[s->pack_depth++] = s->pack;
    } else if (ok && n == 4 && pp_tok_is(&t[2], "pop")) {
        value = s->pack_depth ? s->pack_stack[--s->pack_depth] : 0;
    } else {
        ok = 0;
    }
    if (!ok) {
        s->pack_failed = 1;
        k_error(s->ctx, loc, "this #pragma pack is not supported in K: write pack(N), pack(), "
                "pack(push), pack(push, N) or pack(pop), N 1, 2, 4, 8 or 16");
        return;
    }
    s->pack = value;
    k_pack_pragma *p = k_alloc(s->ctx, sizeof *p);
    if (!p)
        return;
    p->line = loc.line;
    p->value = value;
    p->next = s->ctx->packs;
    s->ctx->packs = p;
}

/* #pragma unroll [N] or (N) (CUDA's): N, a positive integer, is how far to unroll
 * the loop that follows; 1 keeps it a loop.  A count that is not an integer
 * literal (a macro, an expression) counts as none.  #pragma omp is
 * lang/omp_pragma.c's, #pragma pack pack_pragma's.  Other pragmas are
 * ignored. */
static void pragma_directive(pp *s, const pp_tok *t, size_t n, k_loc loc)
{
    if (n == 1 && pp_tok_is(&t[0], "once") && s->file > 0)
        s->ctx->files[s->file].once = 1;
    if (n > 0 && pp_tok_is(&t[0], "pack")) {
        pack_pragma(s, t, n, loc);
        return;
    }
    if (n > 0 && pp_tok_is(&t[0], "omp"))
        k_omp_pragma(s, t, n, loc);
    if (n == 0 || !pp_tok_is(&t[0], "unroll"))
        return;
    uint64_t count = 0;
    char digits[24];
    const pp_tok *num = n == 2 ? &t[1] /* unroll N, or unroll (N) */
                        : n == 4 && pp_tok_is(&t[1], "(") && pp_tok_is(&t[3], ")") ? &t[2] : NULL;
    if (num && num->kind == PT_NUMBER && num->len < sizeof digits) {
        char *end = NULL;
        memcpy(digits, num->text, num->len);
        digits[num->len] = '\0';
        count = strtoull(digits, &end, 0);
        if (!end || *end != '\0' || count > UINT32_MAX)
            count = 0;
    }
    k_unroll_pragma *u = k_alloc(s->ctx, sizeof *u);
    if (!u) /* out of memory outside k_compile: the pragma is only a hint */
        return;
    u->line = loc.line;
    u->count = (uint32_t)count;
    u->next = s->ctx->unrolls;
    s->ctx->unrolls = u;
}

/* Handles the directive on line [p, end); p is just after the '#'. */
static void directive(pp *s, const char *p, const char *end, uint32_t line,
                      const char *line_start)
{
    k_loc loc = { line, (uint32_t)(p - line_start) };
    s->line = line;
    s->invoked_at = loc;
    while (p < end && is_hspace((unsigned char)*p))
        p++;
    if (p < end && isdigit((unsigned char)*p))
        return;                   /* `# 12 "file"`: a GNU line marker, ignored */
    const char *name_start = p;
    while (p < end && is_ident_char((unsigned char)*p))
        p++;
    char name[16];
    size_t nlen = (size_t)(p - name_start);
    if (nlen == 0 || nlen >= sizeof name) {
        if (active(s) && p < end && nlen == 0)
            k_error(s->ctx, loc, "invalid preprocessing directive");
        else if (active(s) && nlen >= sizeof name)
            k_error(s->ctx, loc, "invalid preprocessing directive #%.*s", (int)nlen, name_start);
        return;                   /* `#` alone */
    }
    memcpy(name, name_start, nlen);
    name[nlen] = '\0';
    int is_cond = !strcmp(name, "if") || !strcmp(name, "ifdef") || !strcmp(name, "ifndef")
               || !strcmp(name, "elif") || !strcmp(name, "else") || !strcmp(name, "endif");
    if (!is_cond && !active(s))
        return;
    if (!strcmp(name, "error") || !strcmp(name, "warning")) {
        message_directive(s, p, end, loc, name[0] == 'e');
        return;
    }
    pp_vec toks = { 0 };
    tokenize_line(s, p, end, line, line_start, &toks);
    if (is_cond)
        conditional(s, name, toks.v, toks.n, loc);
    else if (!strcmp(name, "define"))
        define_macro(s, toks.v, toks.n, 0);
    else if (!strcmp(name, "undef"))
        undef_macro(s, toks.v, toks.n);
    else if (!strcmp(name, "include"))
        include_directive(s, toks.v, toks.n, loc);
    else if (!strcmp(name, "pragma"))
        pragma_directive(s, toks.v, toks.n, loc);
    else if (strcmp(name, "line") && strcmp(name, "ident"))
        k_error(s->ctx, loc, "invalid preprocessing directive #%s", name);
    simt_free(pp_al(s), toks.v);
}

/* ===================================================== predefined names */
static const char *const predefined[] = {
    "NULL __null",
    "CHAR_BIT 8", "SCHAR_MAX 127", "SCHAR_MIN (-128)", "UCHAR_MAX 255",
    "CHAR_MAX 127", "CHAR_MIN (-128)", "SHRT_MAX 32767", "SHRT_MIN (-32768)",
    "USHRT_MAX 65535", "INT_MAX 2147483647", "INT_MIN (-2147483647-1)",
    "UINT_MAX 4294967295U", "LONG_MAX 9223372036854775807L",
    "LONG_MIN (-9223372036854775807L-1L)", "ULONG_MAX 18446744073709551615UL",
    "LLONG_MAX 9223372036854775807LL", "LLONG_MIN (-9223372036854775807LL-1LL)",
    "ULLONG_MAX 18446744073709551615ULL",
    /* <stdint.h>, as glibc x86-64 writes them */
    "INT8_MIN (-128)", "INT16_MIN (-32767-1)", "INT32_MIN (-2147483647-1)",
    "INT64_MIN (-9223372036854775807L-1)", "INT8_MAX (127)", "INT16_MAX (32767)",
    "INT32_MAX (2147483647)", "INT64_MAX (9223372036854775807L)", "UINT8_MAX (255)",
    "UINT16_MAX (65535)", "UINT32_MAX (4294967295U)", "UINT64_MAX (18446744073709551615UL)",
    "INTPTR_MIN (-9223372036854775807L-1)", "INTPTR_MAX (9223372036854775807L)",
    "UINTPTR_MAX (18446744073709551615UL)", "INTMAX_MIN (-9223372036854775807L-1)",
    "INTMAX_MAX (9223372036854775807L)", "UINTMAX_MAX (18446744073709551615UL)",
    "PTRDIFF_MIN (-9223372036854775807L-1)", "PTRDIFF_MAX (9223372036854775807L)",
    "SIZE_MAX (18446744073709551615UL)",
    "INT8_C(c) c", "INT16_C(c) c", "INT32_C(c) c", "INT64_C(c) c ## L",
    "UINT8_C(c) c", "UINT16_C(c) c", "UINT32_C(c) c ## U", "UINT64_C(c) c ## UL",
    "FLT_MAX 3.40282347e+38F", "FLT_MIN 1.17549435e-38F", "FLT_EPSILON 1.19209290e-07F",
    "DBL_MAX 1.7976931348623157e+308", "DBL_MIN 2.2250738585072014e-308",
    "DBL_EPSILON 2.2204460492503131e-16",
    "RAND_MAX 2147483647", "EXIT_SUCCESS 0", "EXIT_FAILURE 1",
    /* <math.h>'s constants, as glibc writes them */
    "M_PI 3.14159265358979323846", "M_E 2.7182818284590452354",
    "M_SQRT2 1.41421356237309504880", "M_SQRT1_2 0.70710678118654752440",
    "M_LOG2E 1.4426950408889634074", "M_LOG10E 0.43429448190325182765",
    "M_LN2 0.69314718055994530942", "M_LN10 2.30258509299404568402",
    "M_PI_2 1.57079632679489661923", "M_PI_4 0.78539816339744830962",
    "M_1_PI 0.31830988618379067154", "M_2_PI 0.63661977236758134308",
    "M_2_SQRTPI 1.12837916709551257390",
    "INFINITY (1.0f/0.0f)", "NAN (-(0.0f/0.0f))",
    "__SIMTVM__ 1", "__CUDACC__ 1", "__NVCC__ 1",
    /* GCC's hints, which nvcc takes in host and device code: the value
     * itself; nothing (reaching it is undefined behaviour); the condition
     * evaluated and dropped */
    "__builtin_expect(e, c) (e)", "__builtin_unreachable() ((void)0)",
    "__builtin_assume(e) ((void)(e))",
    /* C99's pragma operator, which macros write (`_Pragma("unroll")` in a
     * macro's loop): unroll is a hint, and a pragma written so has no line
     * of its own to apply to, so it is dropped (doc/language.md) */
    "_Pragma(text)",
    /* C++'s alternative tokens (nvcc compiles every .cu as C++): `if (not
     * ok or n == 0)`; as macros they also work in #if, as C++'s do there */
    "and &&", "and_eq &=", "bitand &", "bitor |", "compl ~", "not !", "not_eq !=",
    "or ||", "or_eq |=", "xor ^", "xor_eq ^=",
    /* nvcc 13.0 and its runtime, as the real GPU's outputs were made */
    "__CUDACC_VER_MAJOR__ 13", "__CUDACC_VER_MINOR__ 0", "__CUDACC_VER_BUILD__ 88",
    "CUDART_VERSION 13000", "CUDA_VERSION 13000",
    "CUDART_CB", "CUDARTAPI",   /* callbacks' calling convention: empty but on Windows */
    "cudaSuccess 0", "cudaErrorInvalidValue 1", "cudaErrorMemoryAllocation 2",
    "cudaMemcpyHostToHost 0", "cudaMemcpyHostToDevice 1", "cudaMemcpyDeviceToHost 2",
    "cudaMemcpyDeviceToDevice 3", "cudaMemcpyDefault 4", "cudaMemAttachGlobal 1",
    /* the host C library (runtime/stdio.c, runtime/clocks.c) */
    "stdin ((FILE *)1)", "stdout ((FILE *)2)", "stderr ((FILE *)3)", "EOF (-1)",
    "SEEK_SET 0", "SEEK_CUR 1", "SEEK_END 2",
    "CLOCKS_PER_SEC ((clock_t)1000000)", "CLOCK_REALTIME 0", "CLOCK_MONOTONIC 1",
    "CLOCK_PROCESS_CPUTIME_ID 2", "CLOCK_THREAD_CPUTIME_ID 3", "CLOCK_MONOTONIC_RAW 4",
#include "lang/cuda_names.def"
};

/* Defines "NAME VALUE"-style text (a -D "NAME=VALUE" has its '=' replaced). */
static void define_text(pp *s, const char *text, int is_cmdline)
{
    size_t n = strlen(text);
    char *copy = k_alloc(s->ctx, n + 3);
    if (!copy)
        return;
    memcpy(copy, text, n + 1);
    if (is_cmdline) {
        char *eq = strchr(copy, '=');
        if (eq)
            *eq = ' ';
        else
            memcpy(copy + n, " 1", 3);
    }
    pp_vec toks = { 0 };
    tokenize_line(s, copy, copy + strlen(copy), 0, copy, &toks);
    define_macro(s, toks.v, toks.n, !is_cmdline);
    simt_free(pp_al(s), toks.v);
}

static void define_specials(pp *s)
{
    static const char *const names[] = { "__LINE__", "__FILE__" };
    for (int i = 0; i < 2; i++) {
        pp_macro *m = k_alloc(s->ctx, sizeof *m);
        if (!m)
            return;
        m->name = names[i];
        m->namelen = strlen(names[i]);
        m->special = i == 0 ? SPECIAL_LINE : SPECIAL_FILE;
        m->predefined = 1;
        pp_macro **slot = find_slot(s, m->name, m->namelen);
        *slot = m;
    }
}

/* =============================================================== entry */
/* Pass 2 over the cleaned text of one file, whose first line is global line
 * first_line: directives, skipped lines, expanded runs.  Returns the global
 * line after its last. */
uint32_t pp_process(pp *s, const char *text, size_t len, uint32_t first_line)
{
    const char *p = text, *end = text + len;
    uint32_t line = first_line;
    while (p < end && !s->failed) {
        const char *run = p;
        uint32_t run_line = line;
        /* a run of text lines, ended by a directive or by a change of state */
        while (p < end) {
            const char *q = p;
            while (q < end && is_hspace((unsigned char)*q))
                q++;
            if (q < end && *q == '#')
                break;
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            p = nl ? nl + 1 : end;
            line++;
        }
        if (p > run) {
            if (active(s)) {
                expand_text(s, run, p, run_line);
                for (; s->deferred_newlines; s->deferred_newlines--)
                    out_char(s, '\n');
            } else {
                for (const char *q = run; q < p; q++)
                    if (*q == '\n')
                        out_char(s, '\n');
            }
        }
        if (p >= end)
            break;
        const char *hash = memchr(p, '#', (size_t)(end - p));
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *eol = nl ? nl : end;
        directive(s, hash + 1, eol, line, p);
        if (nl)
            out_char(s, '\n');
        p = nl ? nl + 1 : end;
        line += 1 + s->include_lines;
        s->include_lines = 0;
    }
    if (!s->failed)
        for (size_t i = s->nconds; i-- > s->cond_base;)
            k_error(s->ctx, s->conds[i].loc, "unterminated #if (missing #endif)");
    s->nconds = s->cond_base;     /* a file's conditionals end with it */
    return line;
}

/* Orders the #pragma unroll lines by the line each applies to: the next
 * line of the cleaned text (no comments) that is not blank.  Pragma lines
 * are not blank, so one pass over the text finds them all. */
static void place_pragmas(k_ctx *ctx, const char *text, size_t len)
{
    int n = 0;
    for (const k_unroll_pragma *u = ctx->unrolls; u; u = u->next)
        n++;
    if (n == 0)
        return;
    k_unroll_pragma *v = k_alloc(ctx, sizeof *v * (size_t)n);
    if (!v)
        return;
    int i = n;
    for (const k_unroll_pragma *u = ctx->unrolls; u; u = u->next)
        v[--i] = *u; /* the list is last first */
    const char *c = text, *end = text + len;
    uint32_t line = 1;
    for (i = 0; i < n; i++) {
        while (c < end && line <= v[i].line) /* to the start of the line after it */
            if (*c++ == '\n')
                line++;
        const char *q = c;
        uint32_t l = line;
        for (; q < end && isspace((unsigned char)*q); q++)
            if (*q == '\n')
                l++;
        v[i].target = q < end ? l : UINT32_MAX; /* none: at the end, still in order */
        v[i].next = NULL;
    }
    ctx->unroll_at = v;
    ctx->nunroll_at = n;
}

/* Reads implicit header `header` at `at` (a file's first line or an
 * #include's); returns the lines it took. */
static uint32_t read_implicit(pp *s, const char *header, k_loc at)
{
    int f = k_include_find(s->ctx, header, 1, s->file, at);
    if (f < 0)
        return 0;
    read_included(s, f, at);
    uint32_t lines = s->include_lines;
    s->include_lines = 0;
    return lines;
}

/* The implicit headers included file `f` needs that no file before it
 * read, in front of it at its #include; returns their lines. */
uint32_t pp_implicit_for(pp *s, int f, k_loc loc)
{
    size_t nimplicit;
    const pp_implicit_header *implicit = pp_implicit_headers(&nimplicit);
    uint32_t lines = 0;
    for (size_t i = 0; i < nimplicit; i++) {
        /* each read may add files, moving the table: look f up again */
        const k_file *file = &s->ctx->files[f];
        const char *g = implicit[i].guard;
        pp_macro *read = g ? *find_slot(s, g, strlen(g)) : NULL;   /* by an earlier file */
        if (!g || !file->text || !implicit[i].names(file->text, file->len))
            continue;
        if (read && read->file >= 0)
            pp_unit_include(s, read->file);   /* its macros, where a unit hid them */
        if (read)
            continue;
        lines += read_implicit(s, implicit[i].header, (k_loc){ loc.line + lines, loc.col });
    }
    return lines;
}

/* Whether any of the program's other files has a try block.  simtvm/try.h
 * changes what simtvm/throw.h declares (a throw a handler can catch), and a
 * throw in one file may be caught in another: when any file has a try, the
 * main file reads try.h first, so that every file's throw is one. */
static int units_name_try(const pp *s)
{
    for (int u = 0; u < s->ctx->nunits; u++)
        if (k_eh_names_try(s->ctx->units[u].text, s->ctx->units[u].len))
            return 1;
    return 0;
}

/* Reads the implicit headers the main file needs ahead of its first line;
 * returns the global line that first line then has. */
static uint32_t implicit_headers(pp *s, const char *text, size_t len)
{
    size_t nimplicit;
    const pp_implicit_header *implicit = pp_implicit_headers(&nimplicit);
    uint32_t line = 1;   /* where the next one starts: after those before it */
    for (size_t i = 0; i < nimplicit; i++)
        if (implicit[i].names(text, len) ||
            (implicit[i].names == k_eh_names_try && units_name_try(s)))
            line += read_implicit(s, implicit[i].header, (k_loc){ line, 0 });
    return line;
}

char *k_preprocess(k_ctx *ctx, const char *text, size_t len, const char *const *defines,
                   size_t *out_len)
{
    pp *s = k_alloc(ctx, sizeof *s);
    if (!s) {
        k_error(ctx, (k_loc){0, 0}, "out of memory");
        return NULL;
    }
    s->ctx = ctx;
    s->limit = 64u * 1024 * 1024 + 16 * len;
    int errors_before = ctx->nerrors;
    for (size_t i = 0; i < sizeof predefined / sizeof predefined[0]; i++)
        define_text(s, predefined[i], 0);
    define_specials(s);
    if (ctx->device_pass) {
        char arch[32];
        snprintf(arch, sizeof arch, "__CUDA_ARCH__ %d", ctx->cuda_arch ? ctx->cuda_arch : 900);
        define_text(s, arch, 0);
    }
    for (size_t i = 0; defines && defines[i]; i++)
        define_text(s, defines[i], 1);

    k_files_start(ctx);
    size_t clean_len = 0;
    char *cleaned = k_pp_clean(ctx, text, len, 1, &clean_len);
    if (!cleaned)
        s->failed = 1;
    else
        pp_read_units(s, pp_process(s, cleaned, clean_len,
                                    implicit_headers(s, cleaned, clean_len)));
    place_pragmas(ctx, s->out ? s->out : "", s->len);
    while (s->nstack > 0)
        pop_frame(s);
    simt_free(pp_al(s), cleaned);
    simt_free(pp_al(s), s->stack);
    simt_free(pp_al(s), s->edges);
    simt_free(pp_al(s), s->conds);
    char *result = NULL;
    if (ctx->nerrors == errors_before && !s->failed) {
        result = k_strndup(ctx, s->out ? s->out : "", s->len);
        if (out_len)
            *out_len = s->len;
    }
    simt_free(pp_al(s), s->out);
    return result;
}
