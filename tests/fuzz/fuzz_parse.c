/* tests/fuzz/fuzz_parse.c -- the syntax front end: preprocessor, lexer and
 * parser (with the tree dump, which walks every node the parser built).
 * Any input may be rejected; none may crash, hang or leak. */
#include <stdio.h>

#include "lang/ast.h"
#include "tests/fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return 0;
    char *src = fuzz_text(data, size);
    if (!src)
        return 0;
    k_ctx ctx;
    k_ctx_init(&ctx, "fuzz.k", src, size);
    static const char *const defines[] = {"N=4", "FUZZ", NULL};
    size_t len = 0;
    char *text = k_preprocess(&ctx, src, size, defines, &len);
    if (text) {
        k_unit *unit = k_parse(&ctx, text, len);
        if (unit && !ctx.nerrors) {
            FILE *sink = fopen("/dev/null", "w");
            if (sink) {
                k_unit_dump(unit, sink);
                fclose(sink);
            }
        }
    }
    FILE *sink = fopen("/dev/null", "w");
    if (sink) {
        k_print_diags(&ctx, sink);
        fclose(sink);
    }
    k_ctx_free(&ctx);
    free(src);
    return 0;
}
