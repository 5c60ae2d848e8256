/* lang/arch.c -- __CUDA_ARCH__: a program preprocessed for the host and for
 * the device, as nvcc does (SPEC 2.2).
 *
 * nvcc compiles a .cu file twice: for the host, where __CUDA_ARCH__ is not
 * defined, and for the device, where it is (900 for sm_90).  Host code is
 * what the first compilation sees, device code what the second sees.  K
 * compiles one program, so the two are combined after parsing:
 *
 *  - The source is preprocessed for the host.  If nothing asked about
 *    __CUDA_ARCH__ (#ifdef, #if, the text), the device's text would be the
 *    same, and that one text is parsed: the common case costs nothing.
 *  - Otherwise it is preprocessed again with __CUDA_ARCH__ defined (from the
 *    device profile's compute capability), and both texts are parsed.  The
 *    preprocessor keeps every line where it was, so the two units' positions
 *    line up (an #include that only one side reads would break that: it is
 *    an error).  The unit compiled is the host unit's host functions and
 *    variables, the device unit's __global__ and __device__ functions and
 *    __device__/__constant__ variables, and the declarations of neither kind
 *    (types, constants, using) from the host unit plus those only the device
 *    unit has, all in source order.
 *  - A __host__ __device__ function is compiled once for both sides, so its
 *    text must be the same in both: one whose code depends on __CUDA_ARCH__
 *    is an error that says so.
 *  - Diagnostics the second pass repeats (a #warning, a redefinition) are
 *    dropped, so each is reported once.
 */
#include <stdlib.h>
#include <string.h>

#include "ast.h"

enum side { SIDE_HOST, SIDE_DEVICE, SIDE_BOTH, SIDE_NEUTRAL };

static enum side side_of(const k_decl *d)
{
    if (d->kind == D_FUNC) {
        if (d->storage & ST_GLOBAL)
            return SIDE_DEVICE;
        if (d->storage & ST_DEVICE)
            return d->storage & ST_HOST ? SIDE_BOTH : SIDE_DEVICE;
        return SIDE_HOST;
    }
    if (d->kind == D_VAR && (d->storage & (ST_DEVICE | ST_CONSTANT | ST_SHARED)))
        return SIDE_DEVICE;
    return SIDE_NEUTRAL;
}

/* Drops the diagnostics from index `from` on that repeat an earlier one. */
static void drop_repeats(k_ctx *ctx, int from)
{
    int n = from;
    for (int i = from; i < ctx->ndiags; i++) {
        const k_diag *d = &ctx->diags[i];
        int seen = 0;
        for (int j = 0; j < from && !seen; j++) {
            const k_diag *e = &ctx->diags[j];
            seen = e->severity == d->severity && e->loc.line == d->loc.line &&
                   e->loc.col == d->loc.col && !strcmp(e->message, d->message);
        }
        if (seen && d->severity == K_ERROR)
            ctx->nerrors--;
        if (!seen)
            ctx->diags[n++] = *d;
    }
    ctx->ndiags = n;
}

/* The host pass's files and line map, kept while the device pass makes its own. */
typedef struct saved_map {
    k_file *files;
    int nfiles;
    size_t files_cap;
    k_lineseg *segs;
    int nsegs;
    size_t segs_cap;
} saved_map;

static saved_map take_map(k_ctx *ctx)
{
    saved_map m = { ctx->files, ctx->nfiles, ctx->files_cap, ctx->segs, ctx->nsegs,
                    ctx->segs_cap };
    ctx->files = NULL, ctx->nfiles = 0, ctx->files_cap = 0;
    ctx->segs = NULL, ctx->nsegs = 0, ctx->segs_cap = 0;
    return m;
}

static void put_map(k_ctx *ctx, const saved_map *m)
{
    ctx->files = m->files, ctx->nfiles = m->nfiles, ctx->files_cap = m->files_cap;
    ctx->segs = m->segs, ctx->nsegs = m->nsegs, ctx->segs_cap = m->segs_cap;
}

/* The first global line where the device pass's files differ from the
 * host's, or 0 when they are the same. */
static uint32_t map_difference(const k_ctx *ctx, const saved_map *host)
{
    int n = ctx->nsegs < host->nsegs ? ctx->nsegs : host->nsegs;
    for (int i = 0; i < n; i++) {
        const k_lineseg *a = &host->segs[i], *b = &ctx->segs[i];
        if (a->global != b->global || a->fline != b->fline ||
            strcmp(host->files[a->file].name, ctx->files[b->file].name))
            return a->global < b->global ? a->global : b->global;
    }
    if (ctx->nsegs == host->nsegs)
        return 0;
    return n < host->nsegs ? host->segs[n].global : ctx->segs[n].global;
}

/* Preprocesses for the device; returns its text, or NULL after errors. */
static char *device_text(k_ctx *ctx, const char *const *defines, size_t *len)
{
    saved_map host = take_map(ctx);
    k_unroll_pragma *unrolls = ctx->unrolls;
    ctx->unrolls = NULL;          /* the device pass places them anew */
    int from = ctx->ndiags, errors = ctx->nerrors;
    ctx->device_pass = 1;
    char *text = k_preprocess(ctx, ctx->source ? ctx->source : "", ctx->source_len, defines,
                              len);
    ctx->device_pass = 0;
    drop_repeats(ctx, from);
    uint32_t differ = text && ctx->nerrors == errors ? map_difference(ctx, &host) : 0;
    put_map(ctx, &host);
    ctx->unrolls = unrolls;
    if (differ)
        k_error(ctx, (k_loc){ differ, 1 }, "an #include that depends on __CUDA_ARCH__ (a file "
                "read for the host or for the device only) is not supported");
    return ctx->nerrors == errors ? text : NULL;
}

/* Line `line` (global) of text and on: its offset, or len when past the end. */
static size_t line_offset(const char *text, size_t len, uint32_t line)
{
    size_t i = 0;
    for (uint32_t l = 1; l < line && i < len; i++)
        if (text[i] == '\n')
            l++;
    return i;
}

/* Whether lines [from, to) of the two texts are the same. */
static int same_lines(const char *a, size_t alen, const char *b, size_t blen, uint32_t from,
                      uint32_t to)
{
    size_t a0 = line_offset(a, alen, from), a1 = line_offset(a, alen, to);
    size_t b0 = line_offset(b, blen, from), b1 = line_offset(b, blen, to);
    return a1 - a0 == b1 - b0 && !memcmp(a + a0, b + b0, a1 - a0);
}

static int loc_before(k_loc a, k_loc b)
{
    return a.line < b.line || (a.line == b.line && a.col < b.col);
}

/* Whether a neutral declaration of the device unit is also the host's. */
static int host_has(const k_unit *host, const k_decl *d)
{
    for (int i = 0; i < host->ndecls; i++)
        if (host->decls[i]->loc.line == d->loc.line && host->decls[i]->loc.col == d->loc.col)
            return 1;
    return 0;
}

/* The __host__ __device__ functions' text must not differ between the
 * passes: from its line to the next declaration's. */
static void check_both_sides(k_ctx *ctx, const k_unit *host, const char *ht, size_t hlen,
                             const char *dt, size_t dlen)
{
    for (int i = 0; i < host->ndecls; i++) {
        const k_decl *d = host->decls[i];
        if (side_of(d) != SIDE_BOTH || !d->body)
            continue;
        uint32_t end = i + 1 < host->ndecls ? host->decls[i + 1]->loc.line : UINT32_MAX;
        if (end > d->loc.line && !same_lines(ht, hlen, dt, dlen, d->loc.line, end))
            k_error(ctx, d->loc, "__host__ __device__ function '%s' has code that depends on "
                    "__CUDA_ARCH__; simtvm compiles one body for both sides (write a __host__ "
                    "and a __device__ function)", d->name);
    }
}

/* The combined unit (see the top of the file). */
static k_unit *combine(k_ctx *ctx, const k_unit *host, const k_unit *dev)
{
    k_unit *u = k_alloc(ctx, sizeof *u);
    k_decl **v = k_alloc(ctx, sizeof *v * (size_t)(host->ndecls + dev->ndecls + 1));
    if (!u || !v)
        return NULL;
    int i = 0, j = 0, n = 0;
    while (i < host->ndecls || j < dev->ndecls) {
        const k_decl *h = i < host->ndecls ? host->decls[i] : NULL;
        const k_decl *d = j < dev->ndecls ? dev->decls[j] : NULL;
        if (h && side_of(h) == SIDE_DEVICE) {
            i++;
            continue;
        }
        if (d && (side_of(d) == SIDE_HOST || side_of(d) == SIDE_BOTH ||
                  (side_of(d) == SIDE_NEUTRAL && host_has(host, d)))) {
            j++;
            continue;
        }
        if (h && (!d || !loc_before(d->loc, h->loc)))
            v[n++] = host->decls[i++];
        else
            v[n++] = dev->decls[j++];
    }
    u->decls = v;
    u->ndecls = n;
    return u;
}

k_unit *k_front(k_ctx *ctx, const char *const *defines)
{
    size_t hlen = 0, dlen = 0;
    ctx->arch_seen = 0;
    char *ht = k_preprocess(ctx, ctx->source ? ctx->source : "", ctx->source_len, defines, &hlen);
    if (!ht || ctx->nerrors)
        return NULL;
    if (!ctx->arch_seen)
        return k_parse(ctx, ht, hlen);
    char *dt = device_text(ctx, defines, &dlen);
    if (!dt)
        return NULL;
    k_unit *host = k_parse(ctx, ht, hlen);
    if (!host || ctx->nerrors)
        return NULL;
    int from = ctx->ndiags;
    k_unit *dev = k_parse(ctx, dt, dlen);
    drop_repeats(ctx, from);
    if (!dev || ctx->nerrors)
        return NULL;
    check_both_sides(ctx, host, ht, hlen, dt, dlen);
    return ctx->nerrors ? NULL : combine(ctx, host, dev);
}
