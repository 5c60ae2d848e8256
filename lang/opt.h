/* lang/opt.h -- what the parts of the bytecode clean-up pass share
 * (opt.c: value numbering, dead code, coalescing, fusions and the driver;
 * opt_licm.c: loop-invariant code motion).  Private to lang/opt*.c. */
#ifndef SIMT_LANG_OPT_H
#define SIMT_LANG_OPT_H

#include "lower.h"

#define DELETED 0xffffu       /* marks an instruction for the next compaction */
#define SCAN_LIMIT 512        /* longest forward/backward search (then: assume live) */
#define CSE_WINDOW 128        /* expressions remembered per block (most recent) */
#define ROUNDS 3

typedef struct cse_entry {
    uint16_t op;
    int32_t i, j;
    int vb, vc, vd;           /* value numbers of the operands read (0: none) */
    int v;                    /* value number of the result */
} cse_entry;

typedef struct opt {
    lw_func *F;
    const simt_allocator *al;
    unsigned nregs;
    size_t words;             /* 64-bit words of one register set */
    uint64_t *in, *out;       /* per block: registers live at entry and exit */
    uint64_t *isvar;          /* registers some VAR_REG variable lives in */
    int *bvar_start, *bvars;  /* per block: the VAR_REG variables whose scope meets it */
    int *byend, *bybegin;     /* the same per block, by scope end and by scope begin, last first */
    struct dbg_walk *walk;    /* dbg_add's state over one backward walk (mutable) */
    /* value numbering of one block: registers stamped with epoch hold val */
    uint32_t *stamp, epoch;
    int *val;
    int *holder;              /* per value number: a register holding it, or -1 */
    uint8_t *isk;             /* per value number: a known constant kval */
    uint64_t *kval;
    int *kbase;               /* per value number: made by ADDK of value kbase (0: not) */
    int32_t *koff;            /* ... and its constant */
    int nvn, vn_cap;
    cse_entry *tab;
    int ntab;
    /* constants at each block's entry (opt_const.c): per block, nregs states
     * and values; kreached: per block, some path reached it */
    uint8_t *kstate, *kreached;
    uint64_t *kin;
} opt;

/* what an instruction reads and writes */
typedef struct fx {
    unsigned r[5], nr;        /* registers read */
    unsigned wlo, wn;         /* and a window of wn registers from wlo */
    unsigned rfrom;           /* and every register from rfrom on (UINT_MAX: none) */
    int kill;                 /* the register surely written, or -1 */
    unsigned mlo, mhi;        /* registers that may be written: [mlo, mhi) */
} fx;

fx opt_effects(const opt *o, const simt_insn *in);

/* opt_const.c: computes the constants every path brings into each block
 * (none where the function is too large to keep them), reads one (1 and *k
 * if register r holds constant *k on entering block b), and frees them. */
void opt_block_constants(opt *o);
int opt_entry_constant(const opt *o, int b, unsigned r, uint64_t *k);
void opt_forget_constants(opt *o);
int opt_fx_reads(const fx *f, unsigned r);
int opt_fx_writes(const fx *f, unsigned r);
int opt_lanewise(unsigned op);
int opt_pure(const simt_insn *in);

/* register sets: one bit per register */
static inline int bit(const uint64_t *s, unsigned r)
{
    return (int)(s[r >> 6] >> (r & 63) & 1);
}

static inline void set_bit(uint64_t *s, unsigned r)
{
    s[r >> 6] |= UINT64_C(1) << (r & 63);
}

static inline void clear_bit(uint64_t *s, unsigned r)
{
    s[r >> 6] &= ~(UINT64_C(1) << (r & 63));
}

/* whether the debugger reads register r in block b at or after seq */
int opt_dbg_reads(const opt *o, int b, uint32_t seq, unsigned r);
/* registers live at entry and exit of every block (o->in, o->out) */
void opt_liveness(opt *o, uint64_t *tmp);
/* drops the instructions marked DELETED */
void opt_compact(lw_block *bl);
/* the pass's state over F (0 when out of memory) and its release */
int opt_setup(opt *o, lw_func *F);
void opt_release(opt *o);

/* loop-invariant code motion (opt_licm.c): the number of instructions moved */
int opt_hoist_invariants(lw_func *F);

#endif
