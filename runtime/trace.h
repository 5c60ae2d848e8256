/* runtime/trace.h -- the viewers' parts, shared by their files.  Not
 * installed: the entry points the interpreter calls are in vm/observe.h.
 *
 *   trace.c   the hooks (simt_trace_*), the model's cycle of each issued
 *             instruction, and the Chrome trace-event JSON timeline (--trace)
 *   report.c  what the HTML report needs, collected per launch (--report)
 *   report_html.c  the report itself: tables and inline SVG pictures
 *
 * Both viewers read the performance model (runtime/model.h) and never change
 * it.  The timeline's clock is the model's: 1 microsecond of the trace is one
 * cycle of the modelled GPU, so Perfetto's time axis reads in cycles.
 */
#ifndef SIMT_TRACE_H
#define SIMT_TRACE_H

#include <stdint.h>
#include <stdio.h>

#include "runtime/model.h"
#include "runtime/observers.h"
#include "runtime/srclines.h"

/* Parses a --trace-blocks list ("0,4,8-11") into ranges lo[k]..hi[k] (malloc'd).
 * Returns the number of ranges, or -1 when the text is not such a list. */
int simt_block_list_parse(const char *text, uint64_t **lo, uint64_t **hi);

/* ---- report.c: the report's collector ---- */
typedef struct simt_report simt_report;
/* focus: the linear index of the block whose warps the timeline shows. */
simt_report *simt_report_new(const simt_module *mod, const simt_device_profile *dev,
                             const simt_model *model, uint64_t focus);
void simt_report_free(simt_report *r);
void simt_report_launch_begin(simt_report *r, const simt_launch_info *li);
void simt_report_block_begin(simt_report *r, uint64_t linear, uint64_t start_cycle);
void simt_report_issue(simt_report *r, int32_t pc, uint32_t mask, uint32_t warp,
                       uint64_t cycle);
void simt_report_branch(simt_report *r, int32_t pc, uint32_t mask, uint32_t taken,
                        uint32_t warp, uint64_t cycle);
void simt_report_access(simt_report *r, const simt_warp_access *a);
void simt_report_launch_end(simt_report *r);
/* Writes the HTML file.  Returns 0, or -1 (out could not be written). */
int simt_report_write(const simt_report *r, FILE *out);

#endif
