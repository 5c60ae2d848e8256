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
 *    device profile's compute capability), and both texts are parsed, to
 *    find where each declaration is.  The preprocessor keeps every line
 *    where it was, so the two texts' lines correspond (an #include that only
 *    one side reads would break that: it is an error).
 *  - The program compiled is one text made line by line from the two: the
 *    device's lines for its __global__ and __device__ functions, its
 *    __device__/__constant__ variables and the declarations only it has
 *    (each up to the next declaration of either text), the host's lines
 *    everywhere else: host functions, types, constants.  It is parsed once,
 *    so a struct is one type on both sides.
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
    k_pack_pragma *packs = ctx->packs;
    ctx->unrolls = NULL;          /* the device pass places them anew */
    ctx->packs = NULL;
    int from = ctx->ndiags, errors = ctx->nerrors;
    ctx->device_pass = 1;
    char *text = k_preprocess(ctx, ctx->source ? ctx->source : "", ctx->source_len, defines,
                              len);
    ctx->device_pass = 0;
    drop_repeats(ctx, from);
    uint32_t differ = text && ctx->nerrors == errors ? map_difference(ctx, &host) : 0;
    put_map(ctx, &host);
    ctx->unrolls = unrolls;
    ctx->packs = packs;
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

/* Whether a neutral declaration of the device unit is also the host's. */
static int host_has(const k_unit *host, const k_decl *d)
{
    for (int i = 0; i < host->ndecls; i++)
        if (host->decls[i]->loc.line == d->loc.line && host->decls[i]->loc.col == d->loc.col)
            return 1;
    return 0;
}

/* The line a declaration starts on: a template's is its `template <...>`
 * head's (its parameters' line), which may come before its name's. */
static uint32_t decl_start(const k_decl *d)
{
    if (d->is_template && d->ntparams > 0 && d->tparams[0].loc.line &&
        d->tparams[0].loc.line < d->loc.line)
        return d->tparams[0].loc.line;
    return d->loc.line;
}

/* The class a declaration defines, or NULL. */
static const k_record *class_of(const k_decl *d)
{
    return d->kind == D_RECORD && d->type && d->type->kind == TY_RECORD ? d->type->rec : NULL;
}

/* The line after the member function f of r (defined in r, from line
 * `first` to `last`) ends: the next member's line, or `last`. */
static uint32_t member_end(const k_record *r, const k_decl *f, uint32_t last)
{
    uint32_t end = last;
    for (int i = 0; i < r->nmethods; i++) {
        uint32_t at = decl_start(r->methods[i]);
        if (at > f->loc.line && at < end)
            end = at;
    }
    for (int i = 0; i < r->nfields; i++)
        if (r->fields[i].loc.line > f->loc.line && r->fields[i].loc.line < end)
            end = r->fields[i].loc.line;
    return end;
}

/* Whether member function f is written inside its class d (after the line
 * the class starts on: the implicit members carry the class's own line). */
static int defined_inside(const k_decl *d, const k_decl *f, uint32_t last)
{
    return f->body && f->loc.line > d->loc.line && f->loc.line < last;
}

/* The __host__ __device__ functions' text must not differ between the
 * passes: from its line to the next declaration's (a member function's: to
 * the next member's). */
static void check_both_sides(k_ctx *ctx, const k_unit *host, const char *ht, size_t hlen,
                             const char *dt, size_t dlen)
{
    for (int i = 0; i < host->ndecls; i++) {
        const k_decl *d = host->decls[i];
        uint32_t end = i + 1 < host->ndecls ? host->decls[i + 1]->loc.line : UINT32_MAX;
        if (side_of(d) == SIDE_BOTH && d->body && end > d->loc.line &&
            !same_lines(ht, hlen, dt, dlen, d->loc.line, end))
            k_error(ctx, d->loc, "__host__ __device__ function '%s' has code that depends on "
                    "__CUDA_ARCH__; simtvm compiles one body for both sides (write a __host__ "
                    "and a __device__ function)", d->name);
        const k_record *r = class_of(d);
        for (int m = 0; r && m < r->nmethods; m++) {
            const k_decl *f = r->methods[m];
            if (side_of(f) != SIDE_BOTH || !defined_inside(d, f, end))
                continue;
            uint32_t stop = member_end(r, f, end);
            if (!same_lines(ht, hlen, dt, dlen, decl_start(f), stop))
                k_error(ctx, f->loc, "__host__ __device__ function '%s' has code that depends "
                        "on __CUDA_ARCH__; simtvm compiles one body for both sides (write a "
                        "__host__ and a __device__ function)", f->name);
        }
    }
}

/* The first line after `line` where a declaration of u starts, or UINT32_MAX. */
static uint32_t next_decl_line(const k_unit *u, uint32_t line)
{
    for (int i = 0; i < u->ndecls; i++)
        if (decl_start(u->decls[i]) > line)
            return decl_start(u->decls[i]);
    return UINT32_MAX;
}

/* Marks the lines the device's text gives: those of its device code and of
 * the declarations only it has, each up to the next declaration of either
 * unit.  owner[l] is 1 for such a line l (1-based, l < n). */
static void device_lines(const k_unit *host, const k_unit *dev, unsigned char *owner,
                         uint32_t n)
{
    for (int i = 0; i < dev->ndecls; i++) {
        const k_decl *d = dev->decls[i];
        enum side side = side_of(d);
        if (side != SIDE_DEVICE && (side != SIDE_NEUTRAL || host_has(host, d)))
            continue;
        uint32_t end = next_decl_line(dev, d->loc.line), h = next_decl_line(host, d->loc.line);
        if (h < end)
            end = h;
        for (uint32_t l = decl_start(d); l < end && l < n; l++)
            owner[l] = 1;
    }
    /* a device member function written in its class: its lines too */
    for (int i = 0; i < dev->ndecls; i++) {
        const k_decl *d = dev->decls[i];
        const k_record *r = class_of(d);
        uint32_t last = next_decl_line(dev, d->loc.line);
        for (int m = 0; r && m < r->nmethods; m++) {
            const k_decl *f = r->methods[m];
            if (side_of(f) != SIDE_DEVICE || !defined_inside(d, f, last))
                continue;
            for (uint32_t l = decl_start(f), end = member_end(r, f, last); l < end && l < n; l++)
                owner[l] = 1;
        }
    }
}

/* The one text compiled: line by line the host's, or the device's where
 * device_lines says (both texts have the same lines: see the top). */
static char *combine(k_ctx *ctx, const k_unit *host, const k_unit *dev, const char *ht,
                     size_t hlen, const char *dt, size_t dlen, size_t *len)
{
    uint32_t n = 2;               /* lines, plus one past the last */
    for (size_t i = 0; i < hlen; i++)
        n += ht[i] == '\n';
    unsigned char *owner = k_alloc(ctx, n);
    char *out = k_alloc(ctx, hlen + dlen + 1);
    if (!owner || !out)
        return NULL;
    device_lines(host, dev, owner, n);
    size_t hi = 0, di = 0, k = 0;
    for (uint32_t l = 1; hi < hlen || di < dlen; l++) {
        size_t he = hi, de = di;
        while (he < hlen && ht[he] != '\n')
            he++;
        while (de < dlen && dt[de] != '\n')
            de++;
        he += he < hlen, de += de < dlen;   /* with the newline */
        if (l < n && owner[l])
            memcpy(out + k, dt + di, de - di), k += de - di;
        else
            memcpy(out + k, ht + hi, he - hi), k += he - hi;
        hi = he, di = de;
    }
    out[k] = '\0';
    *len = k;
    return out;
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
    size_t len = 0;
    char *text = ctx->nerrors ? NULL : combine(ctx, host, dev, ht, hlen, dt, dlen, &len);
    if (!text)
        return NULL;
    from = ctx->ndiags;
    k_unit *unit = k_parse(ctx, text, len);
    drop_repeats(ctx, from);
    return unit;
}
