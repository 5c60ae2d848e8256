/* runtime/report_data.h -- the report's records, shared by report.c (which
 * fills them while the program runs) and report_html.c (which draws them). */
#ifndef SIMT_REPORT_DATA_H
#define SIMT_REPORT_DATA_H

#include "runtime/trace.h"

/* Launches shown in detail; later ones are only counted. */
#define REPORT_LAUNCHES 12

typedef struct rep_line {
    uint64_t inst, thread_inst;  /* warp instructions, and their active lanes */
    uint64_t branch, div;        /* conditional branches, divergent ones */
} rep_line;

/* A warp issued with `mask` active during [t0, t1) (model cycles). */
typedef struct rep_seg {
    uint64_t t0, t1;
    uint32_t mask;
} rep_seg;

enum { MARK_DIVERGE, MARK_RECONVERGE };

typedef struct rep_mark {
    uint64_t t;
    uint32_t warp;
    uint8_t kind;
    uint32_t line;
} rep_mark;

typedef struct rep_warp {
    rep_seg *seg;
    uint32_t nseg, capseg;
    uint32_t seen;               /* every lane that issued */
    uint32_t last_mask;
} rep_warp;

/* The shared access of one line with the most bank conflicts. */
typedef struct rep_bank {
    int have;
    unsigned wf, ideal;
    simt_warp_access a;
} rep_bank;

typedef struct rep_launch {
    uint32_t serial;             /* 1-based launch number in the program */
    uint32_t kernel, grid[3], block[3];
    uint32_t model_index;        /* its record in model->launches */
    int have_model, done;
    rep_line *lines;             /* by source line */
    simt_line_cost *mlines;      /* the model's per-line costs of this launch */
    rep_bank *bank;              /* by source line, NULL without shared accesses */
    uint64_t focus;              /* linear index of the block in the timeline */
    int have_focus, truncated;
    uint64_t tstart, tend;       /* the focus block's first and last cycle */
    rep_warp *warps;
    uint32_t nwarps, capwarps;
    rep_mark *marks;
    uint32_t nmarks, capmarks;
} rep_launch;

struct simt_report {
    const simt_module *mod;
    const simt_device_profile *dev;
    const simt_model *model;
    simt_srclines src;
    uint64_t focus;
    uint32_t nlines;
    rep_launch *launches;
    uint32_t n, cap;
    uint32_t total_launches;
    rep_launch *cur;             /* the launch in progress, if detailed */
    int in_focus;                /* the running block is the focus block */
    int failed;
};

#endif
