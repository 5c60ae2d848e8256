/* tests/fuzz/fuzz_kbc.c -- the .kbc loader and verifier on arbitrary bytes.
 * A module it accepts is disassembled and written back out, which walks
 * every instruction and table the verifier let through. */
#include <stdio.h>

#include "tests/fuzz/fuzz.h"
#include "vm/module.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return 0;
    char why[256] = "";
    simt_module *m = simt_module_read(NULL, data, size, why, sizeof why);
    if (!m)
        return 0;
    FILE *sink = fopen("/dev/null", "w");
    if (sink) {
        simt_module_disasm(m, sink);
        simt_module_write(m, sink);
        fclose(sink);
    }
    simt_module_free(m);
    return 0;
}
