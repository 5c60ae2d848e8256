/* lang/compile.c -- the whole front end: preprocess, parse, check, lower. */
#include <string.h>

#include "ast.h"
#include "vm/module.h"

/* The module index (1-based) of ctx's file f, added on first use; 0 when
 * memory runs out. */
static uint32_t incl_index(const k_ctx *ctx, simt_module *m, uint32_t *of_file, int f)
{
    if (of_file[f])
        return of_file[f];
    const k_file *kf = &ctx->files[f];
    char **names = simt_realloc(&m->al, m->incl_names, (m->nincl + 1) * sizeof *names);
    if (!names)
        return 0;
    m->incl_names = names;
    char **texts = simt_realloc(&m->al, m->incl_texts, (m->nincl + 1) * sizeof *texts);
    if (!texts)
        return 0;
    m->incl_texts = texts;
    char *name = simt_strdup(&m->al, kf->name ? kf->name : "?");
    char *text = kf->text ? simt_strndup(&m->al, kf->text, kf->len) : NULL;
    if (!name || (kf->text && !text)) {
        simt_free(&m->al, name);
        simt_free(&m->al, text);
        return 0;
    }
    m->incl_names[m->nincl] = name;
    m->incl_texts[m->nincl] = text;
    return of_file[f] = ++m->nincl;
}

/* Instructions from the program's own #include'd files keep their file
 * and line there (m->origin), for faults and findings (simt_module_span);
 * built-in headers' do not: their faults are the program's call's.
 * Returns -1 when memory runs out. */
static int included_origins(k_ctx *ctx, simt_module *m)
{
    uint32_t *of_file = k_alloc(ctx, (size_t)ctx->nfiles * sizeof *of_file);
    if (!of_file)
        return -1;
    memset(of_file, 0, (size_t)ctx->nfiles * sizeof *of_file);
    for (uint32_t i = 0; i < m->ncode; i++) {
        int seg = k_line_segment(ctx, m->pos[i].line);
        if (seg < 0 || ctx->segs[seg].file == 0 || ctx->files[ctx->segs[seg].file].builtin)
            continue;
        if (!m->origin && !(m->origin = simt_calloc(&m->al, m->ncode, sizeof *m->origin)))
            return -1;
        const k_lineseg *sg = &ctx->segs[seg];
        uint32_t file = incl_index(ctx, m, of_file, sg->file);
        if (!file)
            return -1;
        m->origin[i] = (simt_srcorigin){ file, sg->fline + (m->pos[i].line - sg->global),
                                         m->pos[i].col };
    }
    return 0;
}

/* The module's positions name the compiled file (its source is the text a
 * report or the debugger quotes): a line read from an #include'd file
 * becomes that of the #include in the compiled file; m->origin keeps
 * where it was.  Returns -1 when memory runs out. */
static int main_file_lines(k_ctx *ctx, simt_module *m)
{
    if (ctx->nfiles <= 1)
        return 0;                 /* every line is the compiled file's */
    if (included_origins(ctx, m) != 0)
        return -1;
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
    return 0;
}

static simt_module *compile(k_ctx *ctx, const char *const *defines)
{
    if (ctx->source_len > K_MAX_SOURCE_BYTES) {
        k_error(ctx, (k_loc){0, 0}, "source is %zu bytes, larger than the limit of %u MiB",
                ctx->source_len, K_MAX_SOURCE_BYTES >> 20);
        return NULL;
    }
    for (int i = 0; i < ctx->nunits; i++)
        if (ctx->units[i].len > K_MAX_SOURCE_BYTES) {
            k_error(ctx, (k_loc){0, 0}, "%s: source is %zu bytes, larger than the limit of "
                    "%u MiB", ctx->units[i].name, ctx->units[i].len, K_MAX_SOURCE_BYTES >> 20);
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
    int lines_failed = main_file_lines(ctx, m);
    const char *name = ctx->filename ? ctx->filename : "<input>";
    m->source_name = simt_strdup(&m->al, name);
    if (ctx->source)
        m->source = simt_strndup(&m->al, ctx->source, ctx->source_len);
    if (lines_failed || !m->source_name || (ctx->source && !m->source)) {
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
