/* lang/diag.c -- the compiler context: its arena and its diagnostics.
 *
 * Every node, string and message of a compilation lives in the arena and is
 * freed at once by k_ctx_free.  Diagnostics are recorded, never printed on the
 * spot, so a library caller decides where they go (k_print_diags).
 */
#include "ast.h"
#include "vm/render.h"
#include "vm/srcquote.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Arena blocks are at least this big; larger requests get a block of their own. */
#define ARENA_BLOCK_SIZE (64 * 1024)

struct k_arena_block {
    k_arena_block *next;
    size_t used, size;
    _Alignas(max_align_t) unsigned char data[];
};

/* The header of a tal block: the list of live ones. */
struct k_tracked {
    _Alignas(max_align_t) k_tracked *prev;
    k_tracked *next;
};

/* Out of memory: the compile is void; under k_compile, go back to it. */
static void out_of_memory(k_ctx *ctx)
{
    ctx->oom = 1;
    if (ctx->oom_jmp)
        longjmp(*ctx->oom_jmp, 1);
}

static void track(k_ctx *ctx, k_tracked *h)
{
    h->prev = NULL;
    h->next = ctx->tracked;
    if (h->next)
        h->next->prev = h;
    ctx->tracked = h;
}

static void untrack(k_ctx *ctx, k_tracked *h)
{
    if (h->prev)
        h->prev->next = h->next;
    else
        ctx->tracked = h->next;
    if (h->next)
        h->next->prev = h->prev;
}

static void *tracked_fn(void *ud, void *ptr, size_t size)
{
    k_ctx *ctx = ud;
    k_tracked *h = ptr ? (k_tracked *)ptr - 1 : NULL;
    if (h)
        untrack(ctx, h);
    if (size == 0) {
        simt_free(&ctx->al, h);
        return NULL;
    }
    k_tracked *n = size <= SIZE_MAX - sizeof *n ? simt_realloc(&ctx->al, h, sizeof *n + size)
                                                : NULL;
    if (!n) {
        if (h)
            track(ctx, h);
        out_of_memory(ctx);
        return NULL;
    }
    track(ctx, n);
    return n + 1;
}

static void *module_fn(void *ud, void *ptr, size_t size)
{
    k_ctx *ctx = ud;
    if (size == 0) {
        simt_free(&ctx->al, ptr);
        return NULL;
    }
    void *p = simt_realloc(&ctx->al, ptr, size);
    if (!p)
        out_of_memory(ctx);
    return p;
}

void k_ctx_init(k_ctx *ctx, const char *filename, const char *source, size_t len)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->tal = (simt_allocator){tracked_fn, ctx};
    ctx->mal = (simt_allocator){module_fn, ctx};
    ctx->filename = filename ? filename : "<input>";
    ctx->source = source;
    ctx->source_len = len;
    ctx->max_errors = 20;
}

void k_ctx_free(k_ctx *ctx)
{
    k_arena_block *b = ctx->arena;
    while (b) {
        k_arena_block *next = b->next;
        simt_free(&ctx->al, b);
        b = next;
    }
    simt_free(&ctx->al, ctx->diags);
    while (ctx->tracked) {
        k_tracked *h = ctx->tracked;
        untrack(ctx, h);
        simt_free(&ctx->al, h);
    }
    ctx->arena = NULL;
    ctx->diags = NULL;
    ctx->ndiags = ctx->diag_cap = 0;
}

/* Never NULL under k_compile: out of memory longjmps to its exit (see
 * out_of_memory), so sema and lowering, which run only there, need no check.
 * Outside k_compile (unit tests and fuzz_parse call k_preprocess and k_parse
 * directly) it returns NULL instead, which is why the preprocessor and the
 * parser keep their checks.  The same holds for everything built on it
 * (k_strndup, k_type_new, k_type_ptr, k_type_array, k_expr_new, k_stmt_new,
 * k_decl_new, k_record_new) and for ctx->tal and ctx->mal. */
void *k_alloc(k_ctx *ctx, size_t size)
{
    const size_t align = _Alignof(max_align_t);
    if (size > SIZE_MAX / 2) {
        out_of_memory(ctx);
        return NULL;
    }
    size = (size + align - 1) & ~(align - 1);
    if (size == 0)
        size = align;
    k_arena_block *b = ctx->arena;
    if (!b || b->size - b->used < size) {
        size_t cap = size > ARENA_BLOCK_SIZE ? size : ARENA_BLOCK_SIZE;
        k_arena_block *nb = simt_malloc(&ctx->al, sizeof *nb + cap);
        if (!nb) {
            out_of_memory(ctx);
            return NULL;
        }
        nb->used = 0;
        nb->size = cap;
        /* A big private block goes behind the current one so the current one
         * keeps serving small requests. */
        if (b && cap == size && b->size - b->used > 256) {
            nb->next = b->next;
            b->next = nb;
        } else {
            nb->next = b;
            ctx->arena = nb;
        }
        b = nb;
    }
    void *p = b->data + b->used;
    b->used += size;
    memset(p, 0, size);
    return p;
}

char *k_strndup(k_ctx *ctx, const char *s, size_t n)
{
    char *p = k_alloc(ctx, n + 1);
    if (!p)
        return NULL;
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

static void add_diag(k_ctx *ctx, k_severity sev, k_loc loc, const char *fmt, va_list ap)
{
    ctx->help_ok = 0;
    if (!fmt) /* never; says so to gcc -fsanitize=undefined, which warns otherwise */
        return;
    if (ctx->ndiags == ctx->diag_cap) {
        int cap = ctx->diag_cap ? ctx->diag_cap * 2 : 16;
        k_diag *d = simt_realloc(&ctx->al, ctx->diags, (size_t)cap * sizeof *d);
        if (!d) {
            ctx->oom = 1;
            return;
        }
        ctx->diags = d;
        ctx->diag_cap = cap;
    }
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    if (n < 0)
        n = 0;
    char *msg = k_alloc(ctx, (size_t)n + 1);
    if (!msg)
        return;
    vsnprintf(msg, (size_t)n + 1, fmt, ap);
    ctx->diags[ctx->ndiags++] = (k_diag){ sev, loc, msg, NULL, 0 };
    ctx->help_ok = 1;
}

void k_help(k_ctx *ctx, const char *fmt, ...)
{
    /* only when the diagnostic just added was recorded (not over max_errors) */
    if (!fmt || ctx->ndiags == 0 || !ctx->help_ok)
        return;
    va_list ap, copy;
    va_start(ap, fmt);
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    char *msg = n >= 0 ? k_alloc(ctx, (size_t)n + 1) : NULL;
    if (msg) {
        vsnprintf(msg, (size_t)n + 1, fmt, ap);
        ctx->diags[ctx->ndiags - 1].help = msg;
    }
    va_end(ap);
}

static void note_fmt(k_ctx *ctx, k_severity sev, k_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void note_fmt(k_ctx *ctx, k_severity sev, k_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    add_diag(ctx, sev, loc, fmt, ap);
    va_end(ap);
}

/* Whether diagnostics are still recorded: after max_errors errors the rest of
 * the input is most likely garbage, and one more note says so. */
static int recording(const k_ctx *ctx)
{
    return ctx->max_errors <= 0 || ctx->nerrors <= ctx->max_errors;
}

void k_error(k_ctx *ctx, k_loc loc, const char *fmt, ...)
{
    ctx->nerrors++;
    if (!recording(ctx)) {
        if (ctx->nerrors == ctx->max_errors + 1)
            note_fmt(ctx, K_NOTE, loc, "too many errors (%d), giving up", ctx->max_errors);
        ctx->help_ok = 0;
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    add_diag(ctx, K_ERROR, loc, fmt, ap);
    va_end(ap);
}

void k_diag_replay(k_ctx *ctx, const k_diag *d)
{
    if (d->severity == K_ERROR)
        ctx->nerrors++;
    if (!recording(ctx))
        return;
    if (ctx->ndiags == ctx->diag_cap) {
        int cap = ctx->diag_cap ? ctx->diag_cap * 2 : 16;
        k_diag *a = simt_realloc(&ctx->al, ctx->diags, (size_t)cap * sizeof *a);
        if (!a) {
            ctx->oom = 1;
            return;
        }
        ctx->diags = a;
        ctx->diag_cap = cap;
    }
    ctx->diags[ctx->ndiags++] = *d;
}

void k_warning(k_ctx *ctx, k_loc loc, const char *fmt, ...)
{
    if (!recording(ctx)) {
        ctx->help_ok = 0;
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    add_diag(ctx, K_WARNING, loc, fmt, ap);
    va_end(ap);
}

void k_note(k_ctx *ctx, k_loc loc, const char *fmt, ...)
{
    if (!recording(ctx)) {
        ctx->help_ok = 0;
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    add_diag(ctx, K_NOTE, loc, fmt, ap);
    va_end(ap);
}

/* Where loc is: the file, the line in it, the line's text (NULL if none). */
static const k_file *place(const k_ctx *ctx, k_loc loc, uint32_t *line, const char **text,
                           size_t *len)
{
    const k_file *f = k_resolve_line(ctx, loc.line, line);
    const char *src = f ? f->text : ctx->source;
    size_t src_len = f ? f->len : ctx->source_len;
    *text = src && *line ? simt_find_line(src, src_len, *line, len) : NULL;
    return f;
}

/* After a diagnostic inside an included file: a note for each #include
 * that led there. */
static void include_chain(const k_ctx *ctx, uint32_t global, simt_rdiag *r)
{
    int i = k_line_segment(ctx, global);
    for (int guard = 0; i >= 0 && ctx->segs[i].up >= 0 && guard < 1024; guard++) {
        const k_lineseg *s = &ctx->segs[i];
        const k_file *g = &ctx->files[ctx->segs[s->up].file];
        size_t len = 0;
        const char *text = g->text ? simt_find_line(g->text, g->len, s->at_line, &len) : NULL;
        simt_rspan sp = { g->name, s->at_line, s->at_col, text, len, 0 };
        simt_rdiag_child(r, SIMT_R_NOTE, &sp, "\"%s\" was included from here",
                         ctx->files[s->file].name);
        i = s->up;
    }
}

const char *k_diag_place(const k_ctx *ctx, k_loc loc, uint32_t *line, uint32_t *col)
{
    const char *text;
    size_t len = 0;
    const k_file *f = loc.line ? place(ctx, loc, line, &text, &len) : NULL;
    if (!f) {
        *line = loc.line;
        *col = loc.col;
        return ctx->filename;
    }
    *col = text ? simt_char_column(text, len, loc.col) : loc.col;
    return f->name;
}

void k_print_diags_styled(const k_ctx *ctx, FILE *out, const simt_rstyle *style)
{
    static const simt_rsev sev[] = { SIMT_R_ERROR, SIMT_R_WARNING, SIMT_R_NOTE };
    for (int i = 0; i < ctx->ndiags; i++) {
        const k_diag *d = &ctx->diags[i];
        simt_rdiag r;
        memset(&r, 0, sizeof r);
        r.sev = sev[d->severity];
        r.kind = "compile";
        r.message = d->message;
        r.span.file = ctx->filename;
        if (d->loc.line) {
            uint32_t line;
            const char *text;
            size_t len = 0;
            const k_file *f = place(ctx, d->loc, &line, &text, &len);
            r.span = (simt_rspan){ f ? f->name : ctx->filename, line, d->loc.col, text,
                                   text ? len : 0, d->width };
            if (!text && r.span.col == 0)
                r.span.col = 1;
            include_chain(ctx, d->loc.line, &r);
        }
        if (d->help)
            simt_rdiag_child(&r, SIMT_R_HELP, NULL, "%s", d->help);
        simt_render(out, style, &r);
    }
}

void k_print_diags(const k_ctx *ctx, FILE *out)
{
    k_print_diags_styled(ctx, out, NULL);
}
