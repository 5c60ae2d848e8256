/* lang/pp_clean.c -- the preprocessor's first pass (lang/preprocess.c):
 * comments become spaces, backslash-newlines are removed.  Every removed
 * newline is re-emitted after the end of its logical line, and the newlines
 * inside a block comment are kept where they were (except in a directive,
 * which stays one line), so line i of the cleaned text is line i of the
 * source.
 */
#include "ast.h"
#include "include.h"

#include <string.h>

typedef struct cleaner cleaner;

static int is_alnum_char(unsigned char ch)
{
    return ch == '_' || (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

struct cleaner {
    k_ctx *ctx;
    char *out;                    /* the cleaned text (ctx->tal) */
    size_t len, cap;
    int failed;
    const char *in, *end;
    uint32_t line;
    const char *line_start;
    int in_directive, at_line_start;
    uint32_t pending;             /* newlines removed from the current logical line */
};

static void out_mem(cleaner *c, const char *text, size_t n)
{
    if (c->failed)
        return;
    if (simt_grow(&c->ctx->tal, (void **)&c->out, &c->cap, c->len + n + 1, 1)) {
        c->ctx->oom = 1;
        k_error(c->ctx, (k_loc){ c->line, 1 }, "out of memory in the preprocessor");
        c->failed = 1;
        return;
    }
    memcpy(c->out + c->len, text, n);
    c->len += n;
}

static void out_char(cleaner *c, char ch)
{
    out_mem(c, &ch, 1);
}

static int is_hspace(int c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static int splice_at(const char *p, const char *end)
{
    const char *q = p + 1;
    while (q < end && (*q == ' ' || *q == '\t'))
        q++;
    if (q < end && *q == '\r')
        q++;
    return q < end && *q == '\n' ? (int)(q - p) + 1 : 0;
}

static void clean_newline(cleaner *c, const char *after)
{
    c->line++;
    c->line_start = after;
}

static void clean_block_comment(cleaner *c, const char **pp_)
{
    const char *p = *pp_;
    k_loc start = { c->line, (uint32_t)(p - c->line_start) + 1 };
    /* Every byte becomes a space, so what follows keeps its column. */
    out_mem(c, "  ", 2);
    for (p += 2; p < c->end; p++) {
        if (*p == '*' && p + 1 < c->end && p[1] == '/') {
            out_mem(c, "  ", 2);
            *pp_ = p + 2;
            return;
        }
        if (*p == '\n') {
            clean_newline(c, p + 1);
            if (c->in_directive)
                c->pending++;
            else
                out_char(c, '\n');
        } else {
            out_char(c, *p == '\t' ? '\t' : ' ');
        }
    }
    k_error(c->ctx, start, "unterminated comment");
    *pp_ = c->end;
}

static void clean_line_comment(cleaner *c, const char **pp_)
{
    const char *p = *pp_;
    int n;
    while (p < c->end && *p != '\n') {
        if (*p == '\\' && (n = splice_at(p, c->end)) > 0) {
            p += n;
            clean_newline(c, p);
            c->pending++;
        } else {
            p++;
        }
    }
    *pp_ = p;
}

/* Whether the ' at p is C++14's digit separator (1'000, 0xff'ff): inside a
 * number, that is a word that starts with a digit, with a digit or letter
 * after it; `u8'a'` and `L'a'` start with a letter, so they stay literals. */
static int digit_separator(const char *start, const char *p, const char *end)
{
    if (p + 1 >= end || !(is_alnum_char((unsigned char)p[1])))
        return 0;
    const char *q = p;
    while (q > start && (is_alnum_char((unsigned char)q[-1]) || q[-1] == '\'' || q[-1] == '.'))
        q--;
    return q < p && *q >= '0' && *q <= '9';
}

static void clean_literal(cleaner *c, const char **pp_)
{
    const char *p = *pp_;
    char quote = *p;
    out_char(c, *p++);
    int n;
    while (p < c->end && *p != '\n') {
        if (*p == '\\' && (n = splice_at(p, c->end)) > 0) {
            p += n;
            clean_newline(c, p);
            c->pending++;
            continue;
        }
        if (*p == '\\' && p + 1 < c->end && p[1] != '\n') {
            out_mem(c, p, 2);
            p += 2;
            continue;
        }
        out_char(c, *p);
        if (*p++ == quote)
            break;
    }
    *pp_ = p;
}

char *k_pp_clean(k_ctx *ctx, const char *text, size_t len, uint32_t first_line,
                 size_t *out_len)
{
    cleaner c = { ctx, NULL, 0, 0, 0, text, text + len, first_line, text, 0, 1, 0 };
    cleaner *s = &c;
    out_mem(s, "", 0);            /* a buffer even for no text */
    const char *p = text;
    int n;
    while (p < c.end && !s->failed) {
        char ch = *p;
        if (ch == '\\' && (n = splice_at(p, c.end)) > 0) {
            p += n;
            clean_newline(&c, p);
            c.pending++;
        } else if (ch == '\n') {
            out_char(s, '\n');
            for (; c.pending; c.pending--)
                out_char(s, '\n');
            clean_newline(&c, ++p);
            c.in_directive = 0;
            c.at_line_start = 1;
        } else if (ch == '/' && p + 1 < c.end && p[1] == '*') {
            clean_block_comment(&c, &p);
        } else if (ch == '/' && p + 1 < c.end && p[1] == '/') {
            clean_line_comment(&c, &p);
        } else if (ch == '"' || (ch == '\'' && !digit_separator(text, p, c.end))) {
            c.at_line_start = 0;
            clean_literal(&c, &p);
        } else {
            if (ch == '#' && c.at_line_start)
                c.in_directive = 1;
            if (!is_hspace((unsigned char)ch))
                c.at_line_start = 0;
            out_char(s, ch);
            p++;
        }
    }
    for (; c.pending; c.pending--)
        out_char(s, '\n');
    if (c.failed) {
        simt_free(&ctx->tal, c.out);
        return NULL;
    }
    *out_len = c.len;
    return c.out;
}

