/* lang/compile.c -- the whole front end: preprocess, parse, check, lower. */
#include <string.h>

#include "ast.h"
#include "vm/module.h"

/* The module's positions name the compiled file only (its source is the
 * one text a fault or a report quotes): a line read from an #include'd
 * file becomes that of the #include in the compiled file. */
static void main_file_lines(const k_ctx *ctx, simt_module *m)
{
    if (ctx->nfiles <= 1)
        return;                   /* every line is the compiled file's */
    for (uint32_t i = 0; i < m->ncode; i++)
        m->pos[i].line = k_main_line(ctx, m->pos[i].line, &m->pos[i].col);
    for (uint32_t i = 0; i < m->nfuncs; i++) {
        int seg = k_line_segment(ctx, m->funcs[i].line);
        if (seg >= 0 && ctx->files[ctx->segs[seg].file].builtin)
            m->funcs[i].kind |= FN_LIBRARY;
        m->funcs[i].line = k_main_line(ctx, m->funcs[i].line, NULL);
    }
    for (uint32_t i = 0; i < m->nglobals; i++)
        m->globals[i].line = k_main_line(ctx, m->globals[i].line, NULL);
    for (uint32_t i = 0; i < m->nshared_syms; i++)
        m->shared_syms[i].line = k_main_line(ctx, m->shared_syms[i].line, NULL);
    for (uint32_t i = 0; i < m->nvars; i++)
        m->vars[i].line = k_main_line(ctx, m->vars[i].line, NULL);
}

static simt_module *compile(k_ctx *ctx, const char *const *defines)
{
    if (ctx->source_len > K_MAX_SOURCE_BYTES) {
        k_error(ctx, (k_loc){0, 0}, "source is %zu bytes, larger than the limit of %u MiB",
                ctx->source_len, K_MAX_SOURCE_BYTES >> 20);
        return NULL;
    }
    k_unit *unit = k_front(ctx, defines);
    if (!unit || ctx->nerrors)
        return NULL;
    k_sema(ctx, unit);
    if (ctx->nerrors)
        return NULL;
    simt_module *m = k_lower(ctx, unit);
    if (!m)
        return NULL;
    main_file_lines(ctx, m);
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
