/* lang/pp.h -- what the parts of the preprocessor share: its tokens,
 * macros and state (preprocess.c) and the #if evaluator (pp_if.c).
 * Private to lang/preprocess.c and lang/pp_if.c. */
#ifndef SIMT_LANG_PP_H
#define SIMT_LANG_PP_H

#include "ast.h"
#include "include.h"

#define NBUCKETS 512
#define MAX_ARG_NESTING 64        /* F(F(F(...))) argument pre-expansion depth */
#define MAX_IF_DEPTH 256          /* parentheses/operators nesting in #if */
#define TOKEN_BUDGET 5000000u     /* tokens produced by expansion in one run */
#define MAX_INCLUDE_DEPTH 200     /* nested #include, as GCC's limit */

enum { PT_EOF, PT_IDENT, PT_NUMBER, PT_STRING, PT_PUNCT, PT_OTHER };

typedef struct pp_tok {
    const char *text;
    uint32_t len;
    uint32_t line, col;
    unsigned char kind;
    unsigned char noexpand;       /* painted blue: never expanded again */
    unsigned char space;          /* whitespace before it */
} pp_tok;

typedef struct pp_vec {
    pp_tok *v;
    size_t n, cap;
} pp_vec;

typedef struct pp_macro {
    struct pp_macro *next;        /* hash chain */
    const char *name;
    size_t namelen;
    int funclike, variadic, nparams;
    pp_tok *params;               /* parameter names (__VA_ARGS__ last if variadic) */
    pp_tok *body;
    int nbody;
    int disabled;                 /* contexts of its own expansion on the stack */
    int special;                  /* SPECIAL_LINE / SPECIAL_FILE */
    int predefined;
    unsigned char in_unit;        /* defined by a translation unit's own file (not a header):
                                     undefined where the next unit starts (lang/units.c) */
    unsigned char hidden;         /* a header's, out of sight in a later unit until that
                                     unit includes the header (1), or #undef'd by this
                                     unit's own file (2) (lang/units.c) */
    int file;                     /* index in ctx->files of the file defining it; -1: none */
    struct pp_macro *shadowed;    /* in_unit: the header's macro of that name it replaced,
                                     back where the next unit starts */
} pp_macro;

/* An #include seen: files[from] includes files[to] (lang/units.c) */
typedef struct pp_edge {
    int from, to;
} pp_edge;

enum { SPECIAL_NONE, SPECIAL_LINE, SPECIAL_FILE };

typedef struct pp_frame {
    pp_tok *toks;
    size_t pos, n;
    pp_macro *macro;              /* re-enabled when the frame is popped */
    int owned;                    /* toks is malloc'd and freed on pop */
} pp_frame;

typedef struct pp_cond {
    k_loc loc;
    unsigned char parent_active, active, taken, seen_else;
} pp_cond;

/* #pragma omp's state (lang/omp_pragma.c): what the output is watched for
 * after `#pragma omp for` */
struct k_omp_state {
    unsigned counter;             /* names the objects of each construct */
    int levels;                   /* loop headers still to pass; 0: none */
    int inner;                    /* past the first (collapse) */
    int in_header, depth;
    char loop[32];                /* the loop driver's name */
};

typedef struct pp {
    k_ctx *ctx;
    pp_macro *buckets[NBUCKETS];
    /* output text */
    char *out;
    size_t len, cap, limit;
    int failed;
    int separate_next;            /* the next base token follows expansion output */
    /* the cleaned text being expanded: [p, end) of the current run of lines */
    const char *p, *end, *line_start;
    uint32_t line;
    uint32_t deferred_newlines;
    /* expansion contexts */
    pp_frame *stack;
    size_t nstack, capstack, floor;
    int base_ok;                  /* arguments may be read from the text */
    pp_vec *sink;                 /* nested expansion output, NULL = text */
    k_loc invoked_at;             /* the outermost invocation being expanded */
    int nest;
    uint64_t budget;
    /* conditionals */
    pp_cond *conds;
    size_t nconds, capconds;
    size_t cond_base;             /* the first of the file being read */
    /* files (lang/include.c) */
    int file;                     /* index in ctx->files of the file being read */
    int depth;                    /* of nested #include */
    uint32_t include_lines;       /* lines the last #include inserted */
    struct k_omp_state *omp;      /* #pragma omp (lang/omp_pragma.c); NULL: none seen */
    int pack, pack_depth;         /* #pragma pack: in effect (0: none), and pushed */
    int pack_failed;              /* one was not understood: the others are not read */
    int pack_stack[16];
    /* translation units (lang/units.c) */
    pp_edge *edges;               /* every #include seen, once each */
    size_t nedges, capedges;
    size_t nhidden;               /* macros hidden, not yet seen again */
} pp;

const simt_allocator *pp_al(const pp *s);
/* Expands text (cleaned) whose first line is global line first_line into
 * the output; returns the global line after its last. */
uint32_t pp_process(pp *s, const char *text, size_t len, uint32_t first_line);
/* The implicit headers files[f] needs that no file before it read, read at
 * loc (lang/preprocess.c); returns their lines. */
uint32_t pp_implicit_for(pp *s, int f, k_loc loc);
/* A header read without an #include when a file's text names what it
 * declares (lang/pp_implicit.c): guard is its guard macro. */
typedef struct pp_implicit_header {
    const char *header, *guard;
    int (*names)(const char *, size_t);
} pp_implicit_header;
const pp_implicit_header *pp_implicit_headers(size_t *n);
/* The program's other translation units (ctx->units), each read after the
 * last as a file of its own from global line `line` on (lang/units.c). */
void pp_read_units(pp *s, uint32_t line);
/* Where a new translation unit starts: removes the macros the last unit's
 * own files defined and hides the headers' (lang/units.c). */
void pp_forget_unit_macros(pp *s);
/* #undef of *slot: a header's macro undefined by a unit's own file is
 * hidden, to be seen again by later units (lang/units.c). */
void pp_unit_undef(pp *s, pp_macro **slot);
/* An #include of files[f] from the file being read: remembered, and the
 * macros of f and of what it includes seen again (lang/units.c). */
void pp_unit_include(pp *s, int f);
k_loc pp_tok_loc(const pp *s, const pp_tok *t);
int pp_tok_is(const pp_tok *t, const char *text);
void pp_vec_push(pp *s, pp_vec *v, const pp_tok *t);
/* the macro named by t, or NULL */
pp_macro *pp_lookup(pp *s, const pp_tok *t);
/* toks[0..n) fully macro-expanded (a new vector the caller frees) */
pp_vec pp_expand_list(pp *s, const pp_tok *toks, size_t n, k_loc loc);
/* the value of an #if / #elif condition (pp_if.c): errors are reported and
 * count as false */
int pp_eval_if(pp *s, const pp_tok *t, size_t n, k_loc loc);
/* the file name `#include MACRO` expands to (lang/pp_include.c); NULL
 * where the expansion is neither "name" nor <name> */
char *pp_computed_include_name(pp *s, const pp_tok *t, size_t n, k_loc loc, int *angled);
/* appends text to the output */
void pp_out(pp *s, const char *text, size_t n);
/* #pragma omp (t[0] is `omp`): the statements it stands for, written out
 * (lang/omp_pragma.c) */
void k_omp_pragma(pp *s, const pp_tok *t, size_t n, k_loc loc);
/* t has just been written out while a `#pragma omp for` waits for its loop */
void k_omp_token(pp *s, const pp_tok *t);
/* whether a `#pragma omp for` waits for its loop */
#define PP_OMP_WATCHING(s) ((s)->omp && (s)->omp->levels)

#endif
