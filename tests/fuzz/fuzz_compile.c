/* tests/fuzz/fuzz_compile.c -- the whole compiler, source to bytecode.
 *
 * Whatever k_compile() accepts must pass the verifier, and must survive a
 * write/read round trip through the .kbc format (simt_module_read verifies
 * again): a rejection of the compiler's own output is a finding, reported by
 * abort() so that libFuzzer and AFL++ both see it. */
#include <stdio.h>

#include "lang/ast.h"
#include "tests/fuzz/fuzz.h"
#include "vm/module.h"

static void fail(const char *what, const char *why)
{
    fprintf(stderr, "fuzz_compile: %s: %s\n", what, why);
    abort();
}

static void round_trip(const simt_module *m)
{
    char *bytes = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&bytes, &len);
    if (!f)
        return;
    int bad = simt_module_write(m, f);
    if (fclose(f) != 0 || bad) {
        free(bytes);
        return;   /* out of memory; not the compiler's fault */
    }
    char why[256] = "";
    simt_module *back = simt_module_read(NULL, (const uint8_t *)bytes, len, why, sizeof why);
    free(bytes);
    if (!back)
        fail("simt_module_read rejects the compiler's output", why);
    simt_module_free(back);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return 0;
    char *src = fuzz_text(data, size);
    if (!src)
        return 0;
    k_ctx ctx;
    k_ctx_init(&ctx, "fuzz.k", src, size);
    simt_module *m = k_compile(&ctx, NULL);
    if (m) {
        char why[256] = "";
        if (simt_module_verify(m, why, sizeof why) != 0)
            fail("the verifier rejects the compiler's output", why);
        round_trip(m);
        simt_module_free(m);
    }
    k_ctx_free(&ctx);
    free(src);
    return 0;
}
