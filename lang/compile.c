/* lang/compile.c -- the whole front end: preprocess, parse, check, lower. */
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "vm/module.h"

static char *copy_text(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = 0;
    }
    return d;
}

simt_module *k_compile(k_ctx *ctx, const char *const *defines)
{
    if (ctx->source_len > K_MAX_SOURCE_BYTES) {
        k_error(ctx, (k_loc){0, 0}, "source is %zu bytes, larger than the limit of %u MiB",
                ctx->source_len, K_MAX_SOURCE_BYTES >> 20);
        return NULL;
    }
    size_t len = 0;
    char *text = k_preprocess(ctx, ctx->source ? ctx->source : "", ctx->source_len, defines,
                              &len);
    if (!text || ctx->nerrors)
        return NULL;
    k_unit *unit = k_parse(ctx, text, len);
    if (!unit || ctx->nerrors)
        return NULL;
    k_sema(ctx, unit);
    if (ctx->nerrors)
        return NULL;
    simt_module *m = k_lower(ctx, unit);
    if (!m)
        return NULL;
    const char *name = ctx->filename ? ctx->filename : "<input>";
    m->source_name = copy_text(name, strlen(name));
    if (ctx->source)
        m->source = copy_text(ctx->source, ctx->source_len);
    if (!m->source_name || (ctx->source && !m->source)) {
        simt_module_free(m);
        k_error(ctx, (k_loc){0, 0}, "out of memory");
        return NULL;
    }
    return m;
}
