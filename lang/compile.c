/* lang/compile.c -- the whole front end: preprocess, parse, check, lower. */
#include <string.h>

#include "ast.h"
#include "vm/module.h"

static simt_module *compile(k_ctx *ctx, const char *const *defines)
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
    m->source_name = simt_strdup(&m->al, name);
    if (ctx->source)
        m->source = simt_strndup(&m->al, ctx->source, ctx->source_len);
    if (!m->source_name || (ctx->source && !m->source)) {
        simt_module_free(m);
        ctx->oom = 1;
        k_error(ctx, (k_loc){0, 0}, "out of memory");
        return NULL;
    }
    return m;
}

simt_module *k_compile(k_ctx *ctx, const char *const *defines)
{
    jmp_buf out_of_memory;
    if (setjmp(out_of_memory)) {
        /* A pass ran out of memory (lang/diag.c jumped here): its arena
         * nodes and tracked arrays go with ctx, the module is freed here. */
        ctx->oom_jmp = NULL;
        simt_module_free(ctx->building);
        ctx->building = NULL;
        k_error(ctx, (k_loc){0, 0}, "out of memory");
        return NULL;
    }
    ctx->oom_jmp = &out_of_memory;
    simt_module *m = compile(ctx, defines);
    ctx->oom_jmp = NULL;
    return m;
}
