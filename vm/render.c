/* vm/render.c -- diagnostics as text or JSON (see render.h). */
#include "vm/render.h"
#include "vm/srcquote.h"

#include <stdarg.h>
#include <string.h>

/* Quoted lines longer than this are shown as a window around the column. */
#define QUOTE_WIDTH 200
/* The gutter holds at least this many digits (clang's "%5u | "). */
#define GUTTER_DIGITS 5

#define C_RESET "\033[0m"
#define C_BOLD "\033[1m"
#define C_ERROR "\033[1;31m"
#define C_WARNING "\033[1;35m"
#define C_NOTE "\033[1;36m"
#define C_HELP "\033[1;32m"
#define C_CARET "\033[1;32m"
#define C_GUTTER "\033[1;34m"

static const char *const sev_name[] = { "error", "warning", "note", "help" };
static const char *const sev_color[] = { C_ERROR, C_WARNING, C_NOTE, C_HELP };

void simt_rdiag_child(simt_rdiag *d, simt_rsev sev, const simt_rspan *span, const char *fmt, ...)
{
    if (d->nchild >= SIMT_R_MAX_CHILDREN || !fmt)
        return;
    simt_rchild *c = &d->child[d->nchild++];
    memset(c, 0, sizeof *c);
    c->sev = sev;
    if (span)
        c->span = *span;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->message, sizeof c->message, fmt, ap);
    va_end(ap);
}

const char *simt_find_line(const char *text, size_t n, uint32_t line, size_t *len)
{
    if (!text || line == 0)
        return NULL;
    const char *s = text, *end = text + n;
    for (uint32_t l = 1; l < line; l++) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        if (!nl)
            return NULL;
        s = nl + 1;
    }
    const char *nl = memchr(s, '\n', (size_t)(end - s));
    size_t k = (size_t)((nl ? nl : end) - s);
    if (k > 0 && s[k - 1] == '\r')
        k--;
    *len = k;
    return s;
}

static int ident_byte(unsigned char c)
{
    return c == '_' || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

/* Bytes of the construct starting at byte b of the line: an identifier or a
 * number, a string or character literal, else one character. */
static size_t token_bytes(const char *s, size_t len, size_t b)
{
    if (b >= len)
        return 0;
    unsigned char c = (unsigned char)s[b];
    size_t e = b;
    if (ident_byte(c) || (c == '.' && b + 1 < len && s[b + 1] >= '0' && s[b + 1] <= '9')) {
        int number = (c >= '0' && c <= '9') || c == '.';
        while (e < len && (ident_byte((unsigned char)s[e]) || (number && s[e] == '.')))
            e++;
        return e - b;
    }
    if (c == '"' || c == '\'') {
        for (e = b + 1; e < len && s[e] != (char)c; e++)
            if (s[e] == '\\' && e + 1 < len)
                e++;
        return e < len ? e + 1 - b : len - b;
    }
    size_t k = simt_utf8_len(s + b, len - b);
    return k ? k : 1;
}

/* The bytes [*b0, *b1) a span marks in its line, never past its end: a
 * column beyond it marks the last character. */
static void span_bytes(const simt_rspan *sp, size_t *b0, size_t *b1)
{
    const char *s = sp->text;
    size_t len = sp->len;
    size_t b = sp->col > 1 ? sp->col - 1 : 0;
    if (b >= len) {
        b = len;
        while (b > 0) {               /* back to the start of the last character */
            b--;
            if (((unsigned char)s[b] & 0xc0) != 0x80)
                break;
        }
    }
    size_t e;
    if (sp->width == 0) {
        e = b + token_bytes(s, len, b);
    } else {
        e = b;
        for (uint32_t n = 0; n < sp->width && e < len; n++) {
            size_t k = simt_utf8_len(s + e, len - e);
            e += k ? k : 1;
        }
    }
    *b0 = b;
    *b1 = e > len ? len : e;
}

/* Characters in [s, s + n). */
static uint32_t chars(const char *s, size_t n)
{
    return simt_char_column(s, n, (uint32_t)n + 1) - 1;
}

static void put_col(FILE *out, const simt_rstyle *st, const char *color, const char *text)
{
    if (st->color)
        fprintf(out, "%s%s%s", color, text, C_RESET);
    else
        fputs(text, out);
}

static void gutter(FILE *out, const simt_rstyle *st, uint32_t line, int digits)
{
    char g[48];
    if (digits > 12)
        digits = 12;
    if (line)
        snprintf(g, sizeof g, "%*u |", digits, line);
    else
        snprintf(g, sizeof g, "%*s |", digits, "");
    put_col(out, st, C_GUTTER, g);
}

/* The quoted line and its underline. */
static void quote(FILE *out, const simt_rstyle *st, const simt_rspan *sp)
{
    const char *s = sp->text;
    size_t len = sp->len, b0, b1;
    span_bytes(sp, &b0, &b1);
    size_t from = 0, to = len;
    if (len > QUOTE_WIDTH) {
        from = b0 > QUOTE_WIDTH / 2 ? b0 - QUOTE_WIDTH / 2 : 0;
        to = from + QUOTE_WIDTH < len ? from + QUOTE_WIDTH : len;
        while (from > 0 && ((unsigned char)s[from] & 0xc0) == 0x80)
            from--;                   /* not inside a character */
        while (to < len && ((unsigned char)s[to] & 0xc0) == 0x80)
            to++;
        if (b1 > to)
            b1 = to;
    }
    int digits = GUTTER_DIGITS;
    for (uint32_t l = sp->line / 100000; l; l /= 10)
        digits++;
    const char *pre = from > 0 ? "..." : "";
    gutter(out, st, sp->line, digits);
    fprintf(out, " %s", pre);
    simt_put_source(out, s + from, to - from);
    fputs(to < len ? "...\n" : "\n", out);
    gutter(out, st, 0, digits);
    fprintf(out, " %*s", (int)strlen(pre), "");
    simt_put_caret_pad(out, s + from, b0 - from);
    if (st->color)
        fputs(C_CARET, out);
    fputc('^', out);
    uint32_t n = b1 > b0 ? chars(s + b0, b1 - b0) : 1;
    for (uint32_t k = 1; k < n; k++)
        fputc('~', out);
    if (st->color)
        fputs(C_RESET, out);
    fputc('\n', out);
}

static uint32_t char_col(const simt_rspan *sp)
{
    return sp->text ? simt_char_column(sp->text, sp->len, sp->col) : sp->col;
}

/* `file:line:col: error: message` (the parts there are). */
static void header(FILE *out, const simt_rstyle *st, simt_rsev sev, const simt_rspan *sp,
                   const char *msg)
{
    if (st->color)
        fputs(C_BOLD, out);
    if (sp->file && sp->line) {
        size_t b0 = 0, b1;
        if (sp->text)
            span_bytes(sp, &b0, &b1);
        uint32_t col = sp->text ? simt_char_column(sp->text, sp->len, (uint32_t)b0 + 1)
                                : sp->col;
        fprintf(out, "%s:%u:%u: ", sp->file, sp->line, col);
    } else if (sp->file) {
        fprintf(out, "%s: ", sp->file);
    }
    if (st->color)
        fputs(C_RESET, out);
    put_col(out, st, sev_color[sev], sev_name[sev]);
    fputc(':', out);
    if (st->color)
        fputs(C_BOLD, out);
    fprintf(out, " %s", msg);
    if (st->color)
        fputs(C_RESET, out);
    fputc('\n', out);
}

static void text_thread(FILE *out, const simt_rstyle *st, const simt_rthread *t)
{
    put_col(out, st, C_NOTE, "note");
    fprintf(out, ": %s%sblock (%u,%u,%u), thread (%u,%u,%u)", t->role ? t->role : "",
            t->role ? " by " : "", t->block[0], t->block[1], t->block[2], t->thread[0],
            t->thread[1], t->thread[2]);
    if (t->warp_known)
        fprintf(out, ", warp %u", t->warp);
    fprintf(out, ", lane %u\n", t->lane);
}

static void render_text(FILE *out, const simt_rstyle *st, const simt_rdiag *d)
{
    header(out, st, d->sev, &d->span, d->message);
    if (d->span.text && d->span.line)
        quote(out, st, &d->span);
    for (int i = 0; i < d->nthread; i++)
        text_thread(out, st, &d->thread[i]);
    if (d->kernel || d->in_host) {
        put_col(out, st, C_NOTE, "note");
        if (d->kernel)
            fprintf(out, ": in kernel '%s'", d->kernel);
        else if (d->host_func)
            fprintf(out, ": in host function '%s'", d->host_func);
        else
            fputs(": in host code", out);
        if (d->object)
            fprintf(out, ", memory object %s", d->object);
        fputc('\n', out);
    }
    for (int i = 0; i < d->nchild; i++) {
        const simt_rchild *c = &d->child[i];
        if (c->span.line && c->span.file) {
            header(out, st, c->sev, &c->span, c->message);
            if (c->span.text)
                quote(out, st, &c->span);
        } else {
            put_col(out, st, sev_color[c->sev], sev_name[c->sev]);
            fprintf(out, ": %s\n", c->message);
        }
    }
    if (d->count) {
        put_col(out, st, C_NOTE, "note");
        fprintf(out, ": %llu %s like this one\n", (unsigned long long)d->count,
                d->count == 1 ? "instance" : "instances");
    }
}

void simt_json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", out);
        else if (*p == '\t')
            fputs("\\t", out);
        else if (*p < 0x20 || *p == 0x7f)
            fprintf(out, "\\u%04x", *p);
        else
            fputc(*p, out);
    }
    fputc('"', out);
}

/* One span as rustc writes it: columns in characters, end exclusive. */
static void json_span(FILE *out, const simt_rspan *sp, int primary)
{
    uint32_t c0 = char_col(sp), c1 = c0 + 1;
    if (sp->text) {
        size_t b0, b1;
        span_bytes(sp, &b0, &b1);
        c0 = simt_char_column(sp->text, sp->len, (uint32_t)b0 + 1);
        c1 = simt_char_column(sp->text, sp->len, (uint32_t)b1 + 1);
        if (c1 <= c0)
            c1 = c0 + 1;
    }
    fputs("{\"file_name\":", out);
    simt_json_string(out, sp->file);
    fprintf(out, ",\"line_start\":%u,\"line_end\":%u,\"column_start\":%u,\"column_end\":%u,"
                 "\"is_primary\":%s,\"text\":[",
            sp->line, sp->line, c0, c1, primary ? "true" : "false");
    if (sp->text) {
        fputs("{\"text\":", out);
        /* the line as a C string: it is not NUL-terminated in place */
        fputc('"', out);
        for (size_t i = 0; i < sp->len; i++) {
            unsigned char c = (unsigned char)sp->text[i];
            if (c == '"' || c == '\\')
                fprintf(out, "\\%c", c);
            else if (c == '\t')
                fputs("\\t", out);
            else if (c < 0x20 || c == 0x7f)
                fprintf(out, "\\u%04x", c);
            else
                fputc(c, out);
        }
        fprintf(out, "\",\"highlight_start\":%u,\"highlight_end\":%u}", c0, c1);
    }
    fputs("],\"label\":null}", out);
}

static void json_spans(FILE *out, const simt_rspan *sp, int primary)
{
    fputs("\"spans\":[", out);
    if (sp->line && sp->file)
        json_span(out, sp, primary);
    fputc(']', out);
}

static void render_json(FILE *out, const simt_rdiag *d)
{
    fputs("{\"$message_type\":\"diagnostic\",\"message\":", out);
    simt_json_string(out, d->message);
    fputs(",\"code\":", out);
    if (d->kind) {
        fputs("{\"code\":", out);
        simt_json_string(out, d->kind);
        fputs(",\"explanation\":null}", out);
    } else {
        fputs("null", out);
    }
    fprintf(out, ",\"level\":\"%s\",", sev_name[d->sev]);
    json_spans(out, &d->span, 1);
    fputs(",\"children\":[", out);
    for (int i = 0; i < d->nchild; i++) {
        const simt_rchild *c = &d->child[i];
        fputs(i ? ",{\"message\":" : "{\"message\":", out);
        simt_json_string(out, c->message);
        fprintf(out, ",\"code\":null,\"level\":\"%s\",", sev_name[c->sev]);
        json_spans(out, &c->span, 0);
        fputs(",\"children\":[],\"rendered\":null}", out);
    }
    fputs("],\"threads\":[", out);
    for (int i = 0; i < d->nthread; i++) {
        const simt_rthread *t = &d->thread[i];
        fprintf(out, "%s{\"block\":[%u,%u,%u],\"thread\":[%u,%u,%u],\"warp\":%u,\"lane\":%u,"
                     "\"role\":",
                i ? "," : "", t->block[0], t->block[1], t->block[2], t->thread[0], t->thread[1],
                t->thread[2], t->warp, t->lane);
        if (t->role)
            simt_json_string(out, t->role);
        else
            fputs("null", out);
        fputc('}', out);
    }
    fputs("],\"kernel\":", out);
    if (d->kernel)
        simt_json_string(out, d->kernel);
    else
        fputs("null", out);
    fputs(",\"object\":", out);
    if (d->object)
        simt_json_string(out, d->object);
    else
        fputs("null", out);
    fprintf(out, ",\"count\":%llu,\"rendered\":null}\n", (unsigned long long)d->count);
}

void simt_render(FILE *out, const simt_rstyle *style, const simt_rdiag *d)
{
    static const simt_rstyle plain = { 0, SIMT_RF_TEXT };
    const simt_rstyle *st = style ? style : &plain;
    if (st->format == SIMT_RF_JSON)
        render_json(out, d);
    else
        render_text(out, st, d);
}
