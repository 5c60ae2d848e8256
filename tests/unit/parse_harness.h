/* tests/unit/parse_harness.h -- runs the preprocessor and the parser on a
 * snippet and checks its dump or its diagnostics: shared by the front end's
 * unit tests (test_parse.c, test_templates.c).  Include after <check.h>. */
#ifndef SIMTVM_TESTS_PARSE_HARNESS_H
#define SIMTVM_TESTS_PARSE_HARNESS_H

#include "ast.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct result {
    char *dump;                   /* k_unit_dump output ("" if preprocessing failed) */
    char *diags;                  /* k_print_diags output */
    int nerrors;
    k_ctx ctx;
} result;

static inline char *capture_dump(const k_unit *u)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    k_unit_dump(u, f);
    fclose(f);
    return buf;
}

static inline char *capture_diags(const k_ctx *ctx)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    k_print_diags(ctx, f);
    fclose(f);
    return buf;
}

static inline result run_with(const char *src, size_t len, const char *const *defines, int preprocess)
{
    result r;
    memset(&r, 0, sizeof r);
    k_ctx_init(&r.ctx, "t.k", src, len);
    const char *text = src;
    size_t tlen = len;
    if (preprocess)
        text = k_preprocess(&r.ctx, src, len, defines, &tlen);
    r.dump = text ? capture_dump(k_parse(&r.ctx, text, tlen)) : strdup("");
    r.diags = capture_diags(&r.ctx);
    r.nerrors = r.ctx.nerrors;
    return r;
}

static inline result run(const char *src)
{
    return run_with(src, strlen(src), NULL, 1);
}

static inline void done(result *r)
{
    free(r->dump);
    free(r->diags);
    k_ctx_free(&r->ctx);
}

/* Asserts that src parses cleanly and its dump contains `want`. */
static inline void expect_dump(const char *src, const char *want)
{
    result r = run(src);
    ck_assert_msg(r.nerrors == 0, "unexpected errors for:\n%s\n%s", src, r.diags);
    ck_assert_msg(strstr(r.dump, want) != NULL, "dump of:\n%s\nlacks: %s\ndump:\n%s", src, want,
                  r.dump);
    done(&r);
}

/* Asserts that src gives an error whose printed form contains `want`. */
static inline void expect_error(const char *src, const char *want)
{
    result r = run(src);
    ck_assert_msg(r.nerrors > 0, "no error for:\n%s", src);
    ck_assert_msg(strstr(r.diags, want) != NULL, "diagnostics of:\n%s\nlack: %s\ngot:\n%s", src,
                  want, r.diags);
    done(&r);
}

/* ------------------------------------------------------------ expressions */

#endif
