/* runtime/srclines.h -- the lines of a module's source text, and the line
 * of an instruction, as the viewers name them (srclines.c). */
#ifndef SIMT_SRCLINES_H
#define SIMT_SRCLINES_H

#include <stddef.h>
#include <stdint.h>

#include "vm/module.h"

/* The lines of the module's source text, for names and annotations. */
typedef struct simt_srclines {
    const char *text;
    uint32_t *start;            /* offset of line k (1-based), start[n+1] = end */
    uint32_t n;
} simt_srclines;

/* Indexes text (not copied: it must outlive s); -1 when memory runs out. */
int simt_srclines_init(simt_srclines *s, const char *text);
void simt_srclines_free(simt_srclines *s);
/* Line k without its newline: *len bytes at the returned pointer ("" if none). */
const char *simt_srclines_get(const simt_srclines *s, uint32_t k, size_t *len);

/* Source line of instruction pc, or 0 when unknown. */
uint32_t simt_view_line(const simt_module *mod, int32_t pc);

#endif
