/* lang/lower.h -- lowering a checked unit to a simt_module (internal to
 * lower.c, lower_expr.c, lower_init.c and dom.c).
 *
 * Each function is lowered into basic blocks whose instructions are final
 * except the control flow at their ends (the terminator: a jump, a two-way
 * branch or the function's end).  Once the body is done, dom.c computes the
 * immediate post-dominator of every block; layout then puts a JOIN at the
 * start of each block that is the IPDOM of a conditional branch, writes each
 * branch's reconvergence pc into j, and drops unreachable blocks.
 *
 * Registers follow a stack discipline (as in Lua): locals take the next free
 * register in scope order, temporaries go above them and are released when
 * the expression or scope ends, and a call's argument window always sits at
 * the top.  So a frame needs only as many registers as the deepest point of
 * the function (nregs, the "registers per thread" of occupancy). */
#ifndef K_LOWER_H
#define K_LOWER_H

#include "sema.h"
#include "vm/module.h"

enum lw_term { T_OPEN, T_GOTO, T_BR, T_END };

typedef struct lw_block {
    simt_insn *code;
    simt_srcpos *pos;
    int n, cap;
    int term;                 /* enum lw_term */
    int br_op, br_reg;        /* T_BR: OP_BRNZ (taken when R[br_reg] != 0) */
    /* T_BR set by lang/opt.c: the compare that computed br_reg, whose result
     * nothing else reads, is fused into the branch (BRCT/BRCF): op, b, c. */
    int br_cmp;               /* the compare opcode, or 0 */
    int predicated;           /* T_BR: an if-converted branch (SIMT_BR_PREDICATED) */
    uint16_t br_b, br_c;
    int succ[2];              /* T_GOTO: succ[0]; T_BR: succ[0] taken, succ[1] not */
    k_loc term_loc;
    int loop_body;            /* the first block of a while or for loop's body */
    /* filled by dom.c and layout */
    int reachable, ipdom, needs_join, pc;
    /* emission order of each instruction and of the terminator (debug scopes) */
    uint32_t *seq;
    uint32_t term_seq;
} lw_block;

/* Where a variable lives (k_decl.sema_ext) or which function a name calls. */
enum lw_sym_kind { SYM_REG, SYM_LOCAL, SYM_GLOBAL, SYM_SHARED, SYM_DYNSHARED, SYM_FUNC,
                   SYM_IMPORT };

typedef struct lw_sym {
    int kind;                 /* enum lw_sym_kind */
    int reg;                  /* SYM_REG */
    uint32_t off;             /* SYM_LOCAL: frame offset; SYM_SHARED: shared offset */
    int index;                /* SYM_GLOBAL / SYM_FUNC / SYM_IMPORT */
} lw_sym;

typedef struct lw_string {
    const char *text;
    size_t len;
    int global;
} lw_string;

typedef struct lw_mod {
    k_ctx *ctx;
    simt_module *m;
    uint32_t code_cap, pos_cap, func_cap, sig_cap, global_cap, import_cap, string_cap;
    uint32_t reloc_cap;
    lw_string *strs;
    int nstrs, strs_cap;
    uint32_t shared_top;
    uint32_t var_cap;         /* capacity of m->vars */
    uint32_t dtype_cap, record_cap; /* of m->dtypes, m->records (lang/debug_types.c) */
    const struct k_record **drec_keys; /* the K record of each of m->records */
    k_decl **addr_funcs;      /* defined functions whose address is taken (pointer calls) */
    int naddr_funcs;
    int **callees;            /* per function: indices it calls (recursion flags) */
    int32_t *calls;           /* every call's callee, in emission order (lang/polls.c) */
    uint32_t ncalls, calls_cap;
    int *ncallees;
    k_decl **dyn_inits;       /* host globals initialized by code at main's start */
    uint32_t ndyn_inits, dyn_inits_cap;
    k_decl **exit_objs;       /* objects destroyed when the program ends (lower_exit.c) */
    uint32_t nexit_objs, exit_cap;
    struct lw_guarded { k_decl *decl; int global; } *guarded; /* static locals, guards */
    uint32_t nguarded, guarded_cap;
    int exit_registry;        /* 1 + the index of "__simtvm_atexit", or 0: none */
    struct lw_pglobal *pglobals; /* kernel parameters too large for registers */
    int npglobals, pglobals_cap;
    int eh_pending;           /* 1 + the index of __simtvm_eh_pending, -1: none, 0: not
                                 looked up (lang/lower_eh.c) */
    int oom;
} lw_mod;

typedef struct lw_loop {
    int brk, cont;            /* blocks; cont = -1 inside a switch */
    int ndtors;               /* objects to destroy that were live when the loop began */
} lw_loop;

/* A variable of the function being lowered and its scope, in emission order:
 * it is visible to instructions emitted in [begin, end).  Layout turns that
 * into pc ranges of the module's debug table (simt_var). */
typedef struct lw_dvar {
    k_decl *decl;
    int kind;                 /* enum simt_var_kind */
    uint32_t where;           /* register or frame offset */
    uint32_t begin, end;      /* end UINT32_MAX while the scope is open */
} lw_dvar;

/* An object a scope or a full-expression destroys: a local variable, or a
 * temporary (var NULL) at frame offset off; a temporary made on one side of
 * a `?:`, `&&` or `||` has a flag (frame offset, else -1) saying it was
 * made (lang/lower_temps.c). */
typedef struct lw_dtor {
    k_decl *var;
    k_decl *dtor;
    uint32_t off;
    int64_t flag;
} lw_dtor;

typedef struct lw_func {
    lw_mod *M;
    k_decl *decl;
    int index;
    lw_block *blocks;
    int nblocks, cap;
    int cur;                  /* block being filled */
    int top, maxreg;          /* first free register, high-water mark */
    uint32_t local_size;
    int exit_block, ret_reg;
    int ret_hidden;           /* a record result: the register of the caller's slot, or -1 */
    k_loc loc;                /* source position of what is being lowered */
    lw_loop *loops;
    int nloops, loops_cap;
    int too_many_regs;
    uint32_t nemit;           /* instructions and terminators emitted so far */
    lw_dvar *dvars;           /* variables declared so far (debug table) */
    int ndvars, dvars_cap;
    int volatile_mem;         /* memory was accessed through a volatile lvalue */
    uint32_t polls;           /* volatile loads and atomics emitted so far: a loop whose
                                 count grows may poll (lang/polls.c) */
    lw_dtor *dtors;           /* live locals (and temporaries bound to local references)
                                 whose destructor runs at their scope's exit */
    int ndtors, dtors_cap;
    /* C++'s temporaries (lang/lower_temps.c): those of the full-expression being
     * lowered, destroyed at its end; the last record prvalue whose slot was
     * made (temp_of, at frame offset temp_off); the one a local reference being
     * initialized binds (extended to the reference's scope); how many sides of
     * `?:`/`&&`/`||` enclose what is being lowered, and the flags that the
     * outermost of them zeroed for the temporaries inside */
    lw_dtor *temps;
    int ntemps, temps_cap;
    const k_expr *temp_of;
    uint32_t temp_off;
    const k_expr *extend;
    int cond_depth;
    uint32_t flag_next, flag_end;
    struct lw_label *labels;  /* goto targets, made at first use (lang/lower_temps.c) */
    int nlabels, labels_cap;
    const char *eh_label;     /* the innermost try body's label: where an exception
                                 thrown by a call goes (lang/lower_eh.c), or NULL */
    /* the counters of the unrolled loops being written out and their value in
     * the copy being lowered (innermost last): an index by one of them is a
     * constant, checked against its array's length (lower_expr.c) */
    struct { const k_decl *counter; int64_t value; int guarded; } unrolled[8];
    int nunrolled;
    int guarded;              /* ifs around what is being lowered */
    int dead;                 /* of them, with a constant condition that skips it */
    const k_expr *address_of; /* the operand of the & being lowered */
} lw_func;

/* lvalues: a register variable, or memory at R[reg] + off */
enum lw_lv_kind { LV_REG, LV_MEM };
typedef struct lw_lv {
    int kind;
    int reg;
    int32_t off;
    k_type *type;
    int bit_off, bit_width;   /* a bit-field: its bits in the unit of type at off */
    int unaligned;            /* a member of a packed record (or in one): its address
                                 may be misaligned for its type (lw_field_unaligned) */
} lw_lv;

/* ---- lower.c: blocks, registers, module tables ---- */
int lw_new_block(lw_func *F);
void lw_emit(lw_func *F, int op, int a, int b, int c, int32_t i, int32_t j);
/* b of a loop's YIELD whose body called functions but emitted no volatile
 * load or atomic (lowering's own: lw_mark_polls makes it SIMT_YIELD_POLLS
 * or 0) */
#define LW_YIELD_CALLS 2
/* lang/polls.c.  A loop that may poll: lw_note_call keeps each call's
 * callee (lw_emit calls it); lw_mark_yield marks the YIELD of a loop whose
 * body and condition began where F->polls and M->ncalls were polls and
 * calls; lw_mark_polls, once every function is lowered, settles the marks
 * of loops whose only reason was a call. */
void lw_note_call(lw_mod *M, int32_t callee);
void lw_mark_yield(lw_func *F, simt_insn *yield, uint32_t polls, uint32_t calls);
void lw_mark_polls(lw_mod *M);
void lw_emit_k(lw_func *F, int a, uint64_t k);    /* LDK */
void lw_goto(lw_func *F, int target);             /* ends the current block */
void lw_branch(lw_func *F, int reg, int if_true, int if_false);
void lw_start(lw_func *F, int block);              /* continue in block */
int lw_reg(lw_func *F);                             /* allocates the next register */
void lw_reserve(lw_func *F, int upto);              /* marks registers < upto in use */
uint32_t lw_local(lw_func *F, int64_t size, int align);  /* frame slot */
int lw_sig(lw_mod *M, const simt_sig *sig);
/* 1 + the index of t among the module's debug types, entered with the
 * records it reaches on first use; 0 for a type the debugger cannot show
 * (lang/debug_types.c). */
uint32_t lw_dtype(lw_mod *M, const k_type *t);
int lw_string_global(lw_mod *M, const char *text, size_t len, k_loc loc);
int lw_trap_string(lw_mod *M, const char *msg);
lw_sym *lw_sym_of(k_decl *d);
int lw_func_index(lw_func *F, k_decl *fn);          /* callee index (records the edge) */
int lw_import_index(lw_func *F, k_decl *fn);
/* grows a module array to hold need elements (zeroed); 0 out of memory */
int lw_grow(lw_mod *M, void **p, uint32_t *cap, uint32_t need, size_t elem);

/* ---- lower_init.c: initial bytes of module variables ---- */
void lw_global_init(lw_mod *M, uint32_t gi, k_decl *d);   /* global gi := d's initializer */
void lw_dynamic_inits(lw_func *F);   /* main's start: the host globals lw_global_init left */

/* ---- lower_expr.c ---- */
void lw_expr_to(lw_func *F, k_expr *e, int dst);               /* value in e->type */
int lw_expr_any(lw_func *F, k_expr *e);                         /* a register holding it */
void lw_expr_conv_to(lw_func *F, k_expr *e, k_type *to, int dst);
int lw_expr_conv_any(lw_func *F, k_expr *e, k_type *to);
void lw_effect(lw_func *F, k_expr *e);                          /* evaluate for effects */
int lw_expr_is_safe(const k_expr *e);          /* no side effect, cannot fault */
void lw_assign_value(lw_func *F, k_expr *e, int dst);   /* what e would store (ifconv.c) */
void lw_cond(lw_func *F, k_expr *e, int if_true, int if_false); /* branch on e */
void lw_convert(lw_func *F, int dst, int src, const k_type *from, const k_type *to);
void lw_store(lw_func *F, const lw_lv *lv, int src);
/* Whether member f of record r may stand at an address misaligned for its
 * type: r is packed to less than the type's alignment. */
int lw_field_unaligned(const k_record *r, const k_field *f);
void lw_load_at(lw_func *F, int ptr, const k_type *t, int dst);
void lw_var_address(lw_func *F, k_decl *d, int dst);
simt_vtype lw_vtype(const k_type *t);

/* lower_call.c equivalents live in lower_expr.c too: calls, launches, intrinsics */

/* ---- lower_records.c: records as parameters, results, kernel arguments ---- */
int lw_returns_record(const k_decl *fn);
/* A result of type t goes through the caller's slot (a record, dim3, uint3). */
int lw_result_in_slot(const k_type *t);
int lw_param_words(const k_decl *fn, const k_type *t, int *word);
int lw_param_in_global(const k_decl *fn, const k_type *t);
int lw_param_global(lw_mod *M, const k_decl *fn, int i);
int lw_fill_params(const k_decl *fn, simt_sig *sig, const char **names);
void lw_check_params(lw_mod *M, const k_decl *fn);
void lw_record_to_words(lw_func *F, int addr, const k_type *t, int word, int dst);
void lw_words_to_record(lw_func *F, int src, const k_type *t, int word, int addr);
void lw_bits_extract(lw_func *F, const lw_lv *lv, int reg);   /* unit in reg -> value */
void lw_ctor_call(lw_func *F, k_decl *f, int addr, k_expr **args, k_type **types, int nargs);
void lw_destroy_var(lw_func *F, k_decl *d);
/* lang/lower_virtual.c: virtual calls, `new` with a constructor, `delete` with a
 * destructor, vtable pointers */
void lw_virtual_dispatch(lw_func *F, const k_decl *f, int a);
void lw_destroy(lw_func *F, k_expr *e, int dst);
void lw_new_init(lw_func *F, k_expr *e, int dst);
int lw_add_global(lw_mod *M, const char *name, int space, const k_type *t, uint32_t line);
void lw_exit_collect(lw_mod *M, k_decl *d);             /* lower_exit.c */
void lw_exit_registry(lw_mod *M);
void lw_exit_register(lw_func *F, k_decl *d);
void lw_exit_destroy(lw_func *F);
void lw_exit_atexit(lw_func *F, int r);   /* R[r] := atexit(R[r]) */
void lw_static_local(lw_func *F, k_decl *d);
void lw_new_array(lw_func *F, k_expr *e, int dst);      /* lower_new_array.c */
void lw_delete_array(lw_func *F, k_expr *e, int dst);
void lw_vptr(lw_func *F, k_expr *e, int dst);
void lw_copy_vptr(lw_func *F, const k_record *r, int addr);   /* `S s = x;`, a virtual class */
void lw_store_keeping_vptrs(lw_func *F, const lw_lv *lv, int src);   /* `a = b`, a virtual class */
void lw_dyncast(lw_func *F, k_expr *e, int dst);
/* lower_bases.c: base classes at an offset.  R[dst] := R[src] + delta, null
 * staying null; e converted to the pointer type to when that moves it (0 if
 * it does not: nothing emitted); the offset a reference of type ref bound to
 * an object of type from adds. */
void lw_ptr_move(lw_func *F, int dst, int src, int64_t delta);
int lw_base_adjust(lw_func *F, k_expr *e, const k_type *to, int dst);
int64_t lw_ref_base_delta(const k_type *from, const k_type *ref);
/* Does the cast e move its pointer (to a base at an offset, or back)? */
int lw_cast_moves(const k_expr *e);
/* The bytes a pointer of type from converted to type to moves (0: none). */
int64_t lw_ptr_conv_delta(const k_type *from, const k_type *to);
void lw_construct_record(lw_func *F, k_expr *e, int dst);
void lw_construct_var(lw_func *F, k_decl *d, int addr);
void lw_init_dim3(lw_func *F, k_decl *d, int addr);   /* dim3 d(x, y, z) at R[addr] */
/* dim3 sub-objects of a struct or array (CUDA's default constructor): their
 * offsets in type t, at most max of them; and their (1, 1, 1) stored in the
 * object at R[addr] */
int lw_dim3_offsets(const k_type *t, uint32_t off, uint32_t *out, int n, int max);
void lw_dim3_members(lw_func *F, const k_type *t, int addr);
/* after a brace list: the dim3 members' components it left out are 1 */
void lw_dim3_unwritten(lw_func *F, const k_type *t, const struct k_init *in, int addr);
void lw_init_value(lw_func *F, k_decl *d, int addr);  /* d at R[addr] := its initializer */
int lw_static_local_dynamic(lw_mod *M, const k_decl *d);  /* initialized when first reached */
void lw_dtor_push(lw_func *F, k_decl *d);
void lw_dtor_run(lw_func *F, int from);   /* destroys the live objects from `from` on */
/* ---- lower_temps.c: C++'s temporaries of classes with a destructor ---- */
int lw_temp_slot(const k_expr *e);        /* e a record prvalue in a slot of its own */
k_decl *lw_temp_dtor(const k_expr *e);    /* ... whose class has a destructor: it */
int lw_temps_in(const k_expr *e);         /* how many such prvalues e holds (at most) */
void lw_temp_made(lw_func *F, const k_expr *e);   /* e's slot is an object now */
void lw_temps_end(lw_func *F, int mark);
/* `c ? S(1) : S(2)` materialized: the side made is the temporary (its address
 * to dst; 0: e is not such a choice, nothing emitted) */
int lw_cond_temps(const k_expr *e);
int lw_cond_temp(lw_func *F, k_expr *e, int dst);  /* a full-expression's end: destroys them */
void lw_full_effect(lw_func *F, k_expr *e);   /* an expression statement */
void lw_full_cond(lw_func *F, k_expr *e, int if_true, int if_false);   /* a condition */
/* around `?:`, `&&`, `||` (subs: the sides it may skip, lowered with cond_depth
 * raised): their temporaries' flags */
void lw_cond_enter(lw_func *F, k_expr *const *subs, int n, uint32_t saved[2]);
void lw_cond_leave(lw_func *F, const uint32_t saved[2]);
/* `goto name;` (destroying the objects the jump leaves the scope of) and
 * `name:` */
void lw_goto_label(lw_func *F, const char *name);
/* the full-expression's temporaries made so far, on an exception's way out */
void lw_temps_unwind(lw_func *F);
/* ---- lower_eh.c ---- */
/* After a call of callee (NULL: through a pointer): where an exception is
 * on its way, to the innermost try's handlers or out of the function. */
void lw_eh_after_call(lw_func *F, const k_decl *callee);
void lw_place_label(lw_func *F, const char *name);
void lw_init_object(lw_func *F, k_type *t, k_expr *init, int addr);   /* lower.c */
void lw_function_value(lw_func *F, k_decl *f, int dst);       /* function index + 1 */
uint64_t lw_function_pointer(lw_mod *M, k_decl *f, k_loc loc); /* the same, or 0 */
void lw_indirect_call(lw_func *F, k_expr *e, int dst, int want);
void lw_bits_insert(lw_func *F, const lw_lv *lv, int unit, int src);

/* ---- ifconv.c ---- */
/* Lowers a short side-effect-free if as selects; 0 (nothing emitted) if not. */
int lw_if_convert(lw_func *F, k_stmt *s);
/* Whether nvcc would predicate if statement s (short sides of stores,
 * loads and arithmetic, no branch or call; lang/ifconv.c), and the register
 * holding its condition for a predicated branch. */
int lw_if_predicable(const k_stmt *s);
int lw_if_condition(lw_func *F, k_expr *e);

/* ---- dom.c ---- */
/* Computes reachability from block 0 and the immediate post-dominator of
 * every reachable block (-1 for none: the virtual exit or no path to it). */
void lw_postdominators(lw_func *F);

/* ---- unroll.c ---- */
/* The trips of a for loop that lowering writes out as copies of its body
 * (a few constant trips, a counter the body leaves alone), or -1. */
int lw_unroll_trips(const k_ctx *ctx, const k_stmt *s);
/* The counter's value in copy `trip` of such a loop (its init stepped trip
 * times), as a signed 64-bit number; 0 if it cannot be computed. */
int lw_unroll_value(const k_stmt *s, int trip, int64_t *value);
/* What the body of such a loop holds that its copies must handle: a break
 * or continue of the loop (UNROLL_JUMPS: each copy gets its own blocks), or
 * code that may not run in a copy that runs (UNROLL_MAYSKIP: a copy's
 * constant counter is no proof that an index into a local array is read). */
enum { UNROLL_JUMPS = 1, UNROLL_MAYSKIP = 2 };
int lw_unroll_flags(const k_stmt *s);
/* A loop `#pragma unroll N` unrolls partly (lower_unroll.c): its counter,
 * the variable it is tested against (NULL: a constant), the step (signed),
 * the copies per trip of the main loop, and whether the counter is signed. */
typedef struct lw_partial {
    const k_decl *counter, *bound;
    int64_t step;
    int copies, is_signed;
} lw_partial;
int lw_unroll_partial(const k_ctx *ctx, const k_stmt *s, lw_partial *p);

/* ---- lower_unroll.c ---- */
/* Lowers a loop written out in full (trips copies) or, where
 * lw_unroll_partial says so, partly; 0 when it is neither. */
int lw_unrolled_loop(lw_func *F, k_stmt *s);
/* lower.c: a statement, and a loop's break and continue targets for what
 * is lowered until lw_pop_loop */
void lw_stmt(lw_func *F, k_stmt *s);
void lw_push_loop(lw_func *F, int brk, int cont);
void lw_pop_loop(lw_func *F);

/* ---- opt.c ---- */
/* Rewrites and deletes instructions of the reachable blocks (value numbering,
 * constants, MOV coalescing, dead code) and hoists loop invariants into
 * preheaders (new blocks where needed; new registers above maxreg), without
 * changing any variable the debugger can show. */
void lw_optimize(lw_func *F);

#endif
