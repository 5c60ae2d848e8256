/* vm/render.h -- the one place where diagnostics become text: compile errors
 * and warnings (lang/diag.c), faults (vm/vm.c) and checker findings
 * (runtime/check.c) are described as data (a simt_rdiag) and printed here,
 * in the style of clang and rustc:
 *
 *     file:line:col: error: message
 *         12 |     s[threadIdx.x] = v;
 *            |     ^~~~~~~~~~~~~~
 *     file:line:col: note: the other access
 *     help: add __syncthreads() between these lines
 *
 * or, with --diagnostics-format=json, as one JSON object per diagnostic and
 * line (the shape of rustc's --error-format=json).  Lives below everything
 * else (as vm/srcquote.c does) so that every layer can describe its own. */
#ifndef SIMT_RENDER_H
#define SIMT_RENDER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum simt_rsev { SIMT_R_ERROR, SIMT_R_WARNING, SIMT_R_NOTE, SIMT_R_HELP } simt_rsev;
typedef enum simt_rformat { SIMT_RF_TEXT, SIMT_RF_JSON } simt_rformat;

/* How to print: colour (ANSI escapes) and the format.  Zeroed: plain text. */
typedef struct simt_rstyle {
    int color;
    int format;              /* enum simt_rformat */
} simt_rstyle;

/* A place in the source.  line 0: none.  col is the 1-based BYTE column in
 * text; text (the line, without its newline; may be NULL) is quoted under
 * the message.  width is how many characters to underline (0: the token at
 * col, an identifier, number or literal, else one character); the underline
 * never runs past the line's end. */
typedef struct simt_rspan {
    const char *file;
    uint32_t line, col;
    const char *text;
    size_t len;
    uint32_t width;
} simt_rspan;

/* A note or a help under a diagnostic, with or without a place. */
typedef struct simt_rchild {
    simt_rsev sev;
    simt_rspan span;
    char message[320];
} simt_rchild;

/* A thread involved in a fault or a finding. */
typedef struct simt_rthread {
    uint32_t block[3], thread[3];
    uint32_t warp, lane;
    int warp_known;          /* warp is set (faults name only the lane) */
    const char *role;        /* "Write access", or NULL */
} simt_rthread;

#define SIMT_R_MAX_CHILDREN 8
#define SIMT_R_MAX_THREADS 2

typedef struct simt_rdiag {
    simt_rsev sev;
    const char *kind;        /* "compile", "fault", "race", "sync", "memory", "init", "usage" */
    const char *message;
    simt_rspan span;
    simt_rchild child[SIMT_R_MAX_CHILDREN];
    int nchild;
    simt_rthread thread[SIMT_R_MAX_THREADS];
    int nthread;
    const char *kernel;      /* the kernel running, or NULL (host code) */
    int in_host;             /* it happened in host code */
    const char *host_func;   /* the host function, when known */
    const char *object;      /* the memory object ("s[17]"), or NULL */
    uint64_t count;          /* instances grouped under it (0: not a group) */
} simt_rdiag;

/* Adds a note or help (printf-style); silently drops beyond the maximum. */
void simt_rdiag_child(simt_rdiag *d, simt_rsev sev, const simt_rspan *span, const char *fmt,
                      ...) __attribute__((format(printf, 4, 5)));

/* Prints d to out in the style. */
void simt_render(FILE *out, const simt_rstyle *style, const simt_rdiag *d);

/* Line `line` (1-based) of text [text, text + n): its start and *len (no
 * newline, no '\r'), or NULL. */
const char *simt_find_line(const char *text, size_t n, uint32_t line, size_t *len);

/* Prints a string as a JSON string literal (quotes included). */
void simt_json_string(FILE *out, const char *s);

#endif
