/* lang/units.c -- programs of several files (`simtvm run main.cu kernels.cu
 * util.cpp`), compiled as one program of several translation units.
 *
 * The files are read one after another into the one preprocessed text, each
 * from the line after the last one of the file before it, as if it were the
 * next part of that text -- with what a translation unit of its own changes:
 *
 *  - Where a unit starts, the macros the units' own files defined are
 *    forgotten; the headers' stay, so a header with an include guard (or
 *    #pragma once) is read once, by the first file that includes it, and its
 *    classes, inline functions and templates are one definition for every
 *    file (what C++'s one-definition rule makes them).
 *  - The line map gives each unit's lines their own file (a segment with no
 *    #include above it), so diagnostics name the file and its line; the
 *    module keeps them in its origin table (lang/compile.c).
 *  - A `static` function or variable, or one in an anonymous namespace,
 *    written in a unit's own file is private to it (k_decl.unit_private):
 *    sema's file scope shows it only to code of that unit, so two files may
 *    each have their own `static int helper()`.
 *  - What a linker reports is reported at the end of sema: a function or
 *    variable defined in two files ("multiple definition", both places), one
 *    used but defined nowhere ("undefined reference", where it is used).
 */
#include <string.h>

#include "include.h"
#include "pp.h"
#include "sema.h"

/* The top segment (read by no #include) global line `line` is under. */
static int top_segment(const k_ctx *ctx, uint32_t line)
{
    int i = k_line_segment(ctx, line);
    for (int guard = 0; i >= 0 && ctx->segs[i].up >= 0 && guard < 1024; guard++)
        i = ctx->segs[i].up;
    return i;
}

int k_unit_of_line(const k_ctx *ctx, uint32_t line)
{
    if (ctx->nunits == 0)
        return 0;
    int i = top_segment(ctx, line);
    return i < 0 ? 1 : ctx->files[ctx->segs[i].file].unit;
}

int k_unit_own_line(const k_ctx *ctx, uint32_t line)
{
    int i = ctx->nunits ? k_line_segment(ctx, line) : -1;
    return i >= 0 && ctx->files[ctx->segs[i].file].unit != 0;
}

/* ------------------------------------------------------ preprocessing */
/* Each translation unit sees the macros of its own files and of the
 * headers it includes, as it would compiled alone.  A header is read once
 * for the whole program (its declarations are shared; #pragma once and
 * include guards stop a second read), so where a new unit starts its
 * macros are hidden, not removed, and an #include of the header in a later
 * unit (read or skipped) brings back its macros and those of every header
 * it includes: cuda-samples' dct8x8 defines C_a in a kernel header and
 * `float C_a` in another unit.  Macros of the command line and of the
 * compiler (file -1) stay. */
void pp_forget_unit_macros(pp *s)
{
    for (int b = 0; b < NBUCKETS; b++)
        for (pp_macro **slot = &s->buckets[b]; *slot;) {
            pp_macro *m = *slot;
            if (m->in_unit && m->shadowed) {   /* the header's again, hidden below */
                m->shadowed->next = m->next;
                *slot = m = m->shadowed;
            } else if (m->in_unit) {
                *slot = m->next;
                continue;
            }
            if (m->file >= 0 && m->hidden != 1 && !m->special) {
                s->nhidden += !m->hidden;
                m->hidden = 1;
            }
            slot = &m->next;
        }
}

static int add_edge(pp *s, int from, int to)
{
    for (size_t i = 0; i < s->nedges; i++)
        if (s->edges[i].from == from && s->edges[i].to == to)
            return 1;
    if (s->nedges == s->capedges) {
        size_t cap = s->capedges ? 2 * s->capedges : 32;
        pp_edge *e = simt_realloc(pp_al(s), s->edges, cap * sizeof *e);
        if (!e)
            return 0;
        s->edges = e;
        s->capedges = cap;
    }
    s->edges[s->nedges++] = (pp_edge){ from, to };
    return 1;
}

/* Shows again the hidden macros of files[f] and of every file it includes. */
static void show_header_macros(pp *s, int f)
{
    int nfiles = s->ctx->nfiles;
    unsigned char *seen = k_alloc(s->ctx, (size_t)nfiles + 1);
    int *todo = k_alloc(s->ctx, ((size_t)nfiles + 1) * sizeof *todo);
    if (!seen || !todo || f < 0 || f >= nfiles)
        return;
    int ntodo = 0;
    todo[ntodo++] = f;
    seen[f] = 1;
    while (ntodo > 0) {
        int at = todo[--ntodo];
        for (size_t i = 0; i < s->nedges; i++) {
            int to = s->edges[i].to;
            if (s->edges[i].from == at && to >= 0 && to < nfiles && !seen[to]) {
                seen[to] = 1;
                todo[ntodo++] = to;
            }
        }
    }
    for (int b = 0; b < NBUCKETS && s->nhidden; b++)
        for (pp_macro *m = s->buckets[b]; m; m = m->next)
            if (m->hidden == 1 && m->file >= 0 && m->file < nfiles && seen[m->file]) {
                m->hidden = 0;
                s->nhidden--;
            }
}

void pp_unit_undef(pp *s, pp_macro **slot)
{
    pp_macro *m = *slot;
    int in_unit_file = s->file >= 0 && s->file < s->ctx->nfiles && s->ctx->files[s->file].unit;
    if (m->in_unit && m->shadowed) {
        m->shadowed->next = m->next;
        *slot = m = m->shadowed;
    } else if (!(s->ctx->nunits && in_unit_file && m->file >= 0 && !m->in_unit)) {
        *slot = m->next;
        return;
    }
    /* a header's, undefined for the rest of this unit only (2: an #include
     * of the header in this unit does not bring it back) */
    s->nhidden += !m->hidden;
    m->hidden = 2;
}

void pp_unit_include(pp *s, int f)
{
    if (!add_edge(s, s->file, f))
        s->failed = 1;
    else if (s->nhidden)
        show_header_macros(s, f);
}

/* Reads unit number `unit` (2...) from global line `line`; returns the line after it. */
static uint32_t read_unit(pp *s, const k_source *src, int unit, uint32_t line)
{
    k_ctx *ctx = s->ctx;
    int f = k_files_add_unit(ctx, src, unit);
    if (f < 0) {
        s->failed = 1;
        return line;
    }
    size_t clean_len = 0;
    char *cleaned = k_pp_clean(ctx, src->text, src->len, line, &clean_len);
    if (!cleaned) {
        s->failed = 1;
        return line;
    }
    k_linemap_add(ctx, (k_lineseg){ .global = line, .file = (uint32_t)f, .fline = 1, .up = -1 });
    s->file = f;
    s->cond_base = s->nconds;
    size_t before = s->len;
    uint32_t first = line + pp_implicit_for(s, f, (k_loc){ line, 0 });
    uint32_t end = pp_process(s, cleaned, clean_len, first);
    simt_free(pp_al(s), cleaned);
    if (s->len > before && s->out[s->len - 1] != '\n')
        pp_out(s, "\n", 1);       /* a last line without its newline */
    return end;
}

void pp_read_units(pp *s, uint32_t line)
{
    k_ctx *ctx = s->ctx;
    if (ctx->nunits == 0)
        return;
    if (s->len > 0 && s->out[s->len - 1] != '\n')
        pp_out(s, "\n", 1);
    for (int u = 0; u < ctx->nunits && !s->failed; u++) {
        pp_forget_unit_macros(s);
        line = read_unit(s, &ctx->units[u], u + 2, line);
    }
    s->file = 0;
}

/* ---------------------------------------------------------------- sema */
/* C++ gives a const variable at namespace scope that is not extern
 * internal linkage, as if static ([basic.link]): cuda-samples' dct8x8 has
 * `const float DCTv8matrix[]` in a .cpp and a __constant__ one in the .cu.
 * One declared extern before keeps that declaration's external linkage
 * (`extern const T table[];` in a header, then `const T table[] = {...}`
 * in the file that defines it: cuda-samples' SobolQRNG). */
static int const_internal(k_sema_state *s, const k_decl *d)
{
    if (d->kind != D_VAR || (d->storage & ST_EXTERN) || !d->type)
        return 0;
    const k_type *t = d->type;
    while (t->kind == TY_ARRAY && t->base)
        t = t->base;
    if ((t->quals & (Q_CONST | Q_VOLATILE)) != Q_CONST)
        return 0;
    const k_decl *before = k_sema_lookup(s, d->name);
    return !(before && before != d && before->kind == D_VAR && (before->storage & ST_EXTERN));
}

void k_unit_mark(k_sema_state *s, k_decl *d)
{
    k_ctx *ctx = s->ctx;
    if (!ctx->nunits || d->unit_private || d->method_of || d->static_member ||
        !((d->storage & ST_STATIC) || d->anon_ns || const_internal(s, d)) ||
        !k_unit_own_line(ctx, d->loc.line))
        return;
    d->unit_private = k_unit_of_line(ctx, d->loc.line);
}

void k_unit_enter(k_sema_state *s, const k_decl *f)
{
    if (s->ctx->nunits && k_unit_own_line(s->ctx, f->loc.line))
        s->cur_unit = k_unit_of_line(s->ctx, f->loc.line);
}

k_decl *k_unit_same(k_decl *old, const k_decl *d)
{
    return old && d->unit_private && !old->unit_private ? NULL : old;
}

/* Whether a and b are one declaration read twice: a file given as a
 * translation unit that another file also #includes (cuda-samples'
 * eigenvalues compiles bisect_util.cu, of inline functions and templates,
 * and includes it in its kernels' headers). */
int k_unit_same_text(const k_ctx *ctx, const k_decl *a, const k_decl *b)
{
    uint32_t la, lb;
    const k_file *fa = k_resolve_line(ctx, a->loc.line, &la);
    const k_file *fb = k_resolve_line(ctx, b->loc.line, &lb);
    return ctx->nunits && fa && fb && la == lb && a->loc.col == b->loc.col && fa->key &&
           fb->key && strcmp(fa->key, fb->key) == 0;
}

int k_unit_same_place(const k_ctx *ctx, k_loc a, k_loc b)
{
    uint32_t la, lb;
    const k_file *fa = k_resolve_line(ctx, a.line, &la);
    const k_file *fb = k_resolve_line(ctx, b.line, &lb);
    return ctx->nunits && fa && fb && la == lb && a.col == b.col && fa->key && fb->key &&
           strcmp(fa->key, fb->key) == 0 &&
           k_unit_of_line(ctx, a.line) != k_unit_of_line(ctx, b.line);
}

/* Whether function d, defined again after first, is one definition the
 * toolchain takes in several files: an inline function in each file that
 * uses it (C++'s one-definition rule), also where one file is read twice,
 * as a unit and #included.  The first one stands.  Any other function's
 * second definition stays an error, as the linker's (nvcc gives a
 * __device__ function a host symbol too, so its linker refuses two). */
int k_unit_one_definition(const k_ctx *ctx, const k_decl *first, const k_decl *d)
{
    return ctx->nunits && (first->storage & ST_INLINE) && (d->storage & ST_INLINE) &&
           (k_unit_of_line(ctx, first->loc.line) != k_unit_of_line(ctx, d->loc.line) ||
            k_unit_same_text(ctx, first, d));
}

int k_unit_multiple_def(k_sema_state *s, const k_decl *first, const k_decl *d)
{
    k_ctx *ctx = s->ctx;
    if (!ctx->nunits || k_unit_of_line(ctx, first->loc.line) == k_unit_of_line(ctx, d->loc.line))
        return 0;
    k_error(ctx, d->loc, "multiple definition of '%s'", d->name);
    k_note(ctx, first->loc, "first defined here");
    return 1;
}

/* The definition of extern variable d, if any file has one. */
static const k_decl *var_definition(const k_decl *d)
{
    for (int guard = 0; d && d->var_def && d->var_def != d && guard < 64; guard++)
        d = d->var_def;
    return d && (d->init || !(d->storage & ST_EXTERN)) ? d : NULL;
}

void k_units_link(k_sema_state *s, k_unit *unit)
{
    k_ctx *ctx = s->ctx;
    if (ctx->nerrors || !unit)
        return;
    for (int i = 0; i < unit->ndecls; i++) {
        const k_decl *d = unit->decls[i];
        if (d->kind != D_VAR || !(d->storage & ST_EXTERN) || (d->storage & ST_SHARED) ||
            d->static_member || !d->unit_use.line || var_definition(d))
            continue;
        /* one file: only `extern int a[];`, which has no size to give it
         * storage (an `extern int n;` alone is defined, as K always had it) */
        if (!ctx->nunits && !(d->type->kind == TY_ARRAY && d->type->length < 0))
            continue;
        k_error(ctx, d->unit_use, "undefined reference to '%s'", d->name);
        k_note(ctx, d->loc, "declared here; none of the program's files defines it");
    }
}

int k_unit_undefined(k_ctx *ctx, const k_decl *d, k_loc use)
{
    int device = (k_fn_kind(d) & (FN_DEVICE | FN_KERNEL)) != 0;
    if (!ctx->nunits || (ctx->native_ok && !device))
        return 0;
    k_error(ctx, use, "undefined reference to '%s'", d->name);
    if (d->loc.line)
        k_note(ctx, d->loc, "declared here; none of the program's files defines it");
    return 1;
}
