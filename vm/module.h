/* vm/module.h -- a compiled K program: code, functions, globals, signatures.
 *
 * The compiler (lang/) fills a simt_module; the VM (vm/, runtime/) runs one.
 * A module is plain data: every array is owned by the module and released by
 * simt_module_free().  simt_module_write()/simt_module_read() store it as a
 * versioned .kbc file; simt_module_read() always runs the verifier, so a
 * truncated or hostile file becomes an error message, never a crash.
 */
#ifndef SIMT_MODULE_H
#define SIMT_MODULE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "vm/alloc.h"
#include "vm/opcodes.h"

/* ---- one instruction (layout drawn in vm/opcodes.def) ---- */
typedef struct simt_insn {
    uint16_t op, a, b, c;
    int32_t i, j;
} simt_insn;
_Static_assert(sizeof(simt_insn) == 16, "instructions are 16 bytes");

/* b of a BRZ/BRNZ (0 otherwise): the compiler if-converted this branch into
 * predicated code, as nvcc does with a short side (lang/ifconv.c).  The VM
 * runs it as the branch it is (only the lanes whose predicate holds run a
 * side, and only they access memory); the model counts what the GPU
 * executes: no branch and no divergence, the sides issued with every lane
 * of the warp active (runtime/timing.c mark_predicated). */
#define SIMT_BR_PREDICATED 1

/* b of a loop's back edge (YIELD, YIELDJ) whose loop reads memory another
 * thread may write as it runs -- a volatile load, an atomic or a call: a
 * loop that may poll (lang/lower.c).  The VM fingerprints a warp at such a
 * back edge where an observer times its passes (OBS_TIMES_SPINS): a pass
 * that changed nothing is a spin's, which a GPU spends waiting for the
 * store that ends it, not in iterations. */
#define SIMT_YIELD_POLLS 1

/* i of FENCE: __threadfence and __threadfence_system order memory for the
 * whole device (and host), __threadfence_block for the block only -- the
 * VM runs both alike, the timing model charges the first an L2 round trip
 * (MEMBAR.GPU) and the second nearly nothing. */
enum simt_fence_scope { SIMT_FENCE_DEVICE = 0, SIMT_FENCE_BLOCK = 1 };

/* j of an ADDK_I32 (0 otherwise): every reader of its result is the
 * sign-extended index of an LEA or LDX, or another such ADDK_I32, so the
 * constant is an offset nvcc folds into the addressing mode ([R+imm], the
 * addend of IMAD.WIDE) and the add is no GPU instruction (lang/opt.c
 * mark_folded_offsets).  The VM adds as always; the model counts 0 SASS. */
#define SIMT_ADDK_FOLDS 1

/* Whether in is a load or store through a volatile lvalue (vm/opcodes.h
 * SIMT_MEM_VOLATILE, and LDX's SIMT_LDX_VOLATILE). */
static inline int simt_insn_volatile(const simt_insn *in)
{
    if (in->op == OP_LDX)
        return ((uint32_t)in->j & SIMT_LDX_VOLATILE) != 0;
    return in->op >= OP_LD8S && in->op <= OP_ST64 && (in->j & SIMT_MEM_VOLATILE);
}

/* Whether in loads through a volatile lvalue (the poll of a spin loop). */
static inline int simt_insn_volatile_load(const simt_insn *in)
{
    return simt_insn_volatile(in) && (in->op == OP_LDX || in->op <= OP_LD64);
}

/* Whether in may read memory another thread writes as it runs: a volatile
 * load or an atomic (lang/polls.c, SIMT_YIELD_POLLS). */
static inline int simt_insn_polls(const simt_insn *in)
{
    return in->op == OP_ATOM || in->op == OP_ATOMCAS || simt_insn_volatile_load(in);
}

static inline uint64_t simt_insn_k(const simt_insn *in)
{
    return (uint64_t)(uint32_t)in->i | (uint64_t)(uint32_t)in->j << 32;
}

/* ---- the modelled address space ----
 * A pointer is 64 bits: the space in bits 44..47, the offset below.  Global
 * allocations start on 256-byte boundaries (as cudaMalloc's do), shared arrays
 * on 16-byte boundaries.  Address 0 (SPACE_NONE) is NULL. */
enum simt_space { SPACE_NONE = 0, SPACE_GLOBAL = 1, SPACE_SHARED = 2, SPACE_LOCAL = 3, SPACE_CONST = 4 };
#define SIMT_SPACE_SHIFT 44
#define SIMT_OFFSET_MASK ((UINT64_C(1) << SIMT_SPACE_SHIFT) - 1)
#define SIMT_ADDR(space, off) (((uint64_t)(space) << SIMT_SPACE_SHIFT) | (uint64_t)(off))
#define SIMT_ADDR_SPACE(addr) ((unsigned)((addr) >> SIMT_SPACE_SHIFT))
#define SIMT_ADDR_OFFSET(addr) ((addr) & SIMT_OFFSET_MASK)

/* ---- value types of parameters, globals and call signatures ---- */
typedef enum simt_vtype {
    VT_VOID, VT_BOOL, VT_I8, VT_U8, VT_I16, VT_U16, VT_I32, VT_U32, VT_I64, VT_U64,
    VT_F32, VT_F64, VT_PTR, VT_STR, /* VT_STR: a const char * that printf's %s reads */
    VT_COUNT
} simt_vtype;

/* A call signature: the types of the values actually passed (after C's
 * conversions and, for variadic arguments, default promotions).  For kernels
 * and native imports, ptr_elem[k] gives the pointee type of pointer k (VT_VOID
 * when unknown) so that the runner mode can size and type .npy buffers. */
typedef struct simt_sig {
    uint8_t ret;          /* simt_vtype */
    uint8_t nargs;
    uint8_t nfixed;       /* arguments before a '...' (== nargs when not variadic) */
    uint8_t args[255];    /* simt_vtype of each argument */
    uint8_t ptr_elem[255];
} simt_sig;

/* ---- functions ---- */
/* FN_VOLATILE: device code that reads or writes memory through a volatile
 * lvalue, which blocks may use to talk to each other: its launches run their
 * blocks on one host thread (vm/threads.c). */
/* FN_LIBRARY: written in a header built into the compiler (the K text of
 * lang/: textures, Thrust, the C++ library...); a fault inside it is
 * located at the program's call (vm/grid.c simt_exec_locate). */
enum simt_fn_kind { FN_HOST = 1, FN_DEVICE = 2, FN_KERNEL = 4, FN_VOLATILE = 8, FN_LIBRARY = 16 };

/* Frame layout of every call (kernels and main included):
 *   R[0] return pc (-1 at depth 0), R[1] caller fp, R[2] local-memory base,
 *   R[3 .. 3+nparams-1] parameters, then locals and temporaries up to nregs.
 * A callee's frame starts at the caller's fp + a of the CALL; RET writes the
 * result into R[0] of the callee frame, which is the caller's R[a]. */
#define SIMT_FRAME_LINK 3

typedef struct simt_func {
    char *name;
    uint32_t entry, end;      /* code range [entry, end) */
    uint32_t nregs;           /* registers of one frame, link slots included */
    /* the registers the performance model charges (occupancy, spills): the
     * frame as lowered, before lang/opt.c hoisted loop invariants into new
     * registers above it; at most nregs, 0 for "nregs" */
    uint32_t nregs_model;
    uint32_t local_size;      /* bytes of local memory of one frame (16-aligned) */
    uint32_t sig;             /* index into sigs: return and parameter types */
    uint8_t kind;             /* enum simt_fn_kind bits */
    uint8_t recursive;        /* 1 if it can reach itself through calls */
    char **param_names;       /* sigs[sig].nargs names */
    uint32_t line;            /* where it is defined */
} simt_func;

/* ---- module-level variables: __device__, __constant__, host globals, strings ---- */
typedef struct simt_global {
    char *name;               /* ".strN" for string literals */
    uint8_t space;            /* SPACE_GLOBAL or SPACE_CONST */
    uint8_t elem;             /* simt_vtype of the element (for --out NAME) */
    uint32_t align;
    uint64_t size;
    uint8_t *init;            /* size bytes, or NULL for zero-initialised */
    uint32_t line;
    uint32_t dtype;           /* 1 + index into dtypes (its K type), 0: unknown (version 7) */
} simt_global;

/* A pointer in a module variable's initial bytes (`const char *names[] =
 * {"a", "b"};`, `int *p = &x;`): the 8 bytes at offset of global are
 * global_addr[target] + addend once the VM has placed every variable. */
typedef struct simt_reloc {
    uint32_t global;
    uint32_t offset;
    uint32_t target;
    int64_t addend;
} simt_reloc;

/* A prototype without a body that is not a runtime builtin: bound at load time
 * to the host's libc/libm (or a --native-lib) through libffi. */
typedef struct simt_import {
    char *name;
    uint32_t sig;
} simt_import;

typedef struct simt_srcpos {
    uint32_t line;
    uint32_t col;
} simt_srcpos;

/* Where an instruction of an #include'd file of the program's own came
 * from (pos names the #include in the compiled file): that file, 1 + its
 * index in the module's incl_names (0: the instruction is the compiled
 * file's or a built-in header's), and its line and column there. */
typedef struct simt_srcorigin {
    uint32_t file;
    uint32_t line;
    uint32_t col;
} simt_srcorigin;

typedef struct simt_module {
    simt_allocator al;        /* made every block below; frees them */
    char *source_name;        /* the .k file, for diagnostics */
    char *source;             /* its text (NUL-terminated) or NULL */
    simt_insn *code;
    simt_srcpos *pos;         /* one per instruction */
    uint32_t ncode;
    simt_func *funcs;
    uint32_t nfuncs;
    simt_sig *sigs;
    uint32_t nsigs;
    simt_global *globals;
    uint32_t nglobals;
    simt_reloc *relocs;       /* pointers among the globals' initial bytes (kbc version 5) */
    uint32_t nrelocs;
    simt_import *imports;
    uint32_t nimports;
    char **strings;           /* TRAP messages */
    uint32_t nstrings;
    uint32_t shared_static;   /* bytes of static __shared__ (all variables, 16-aligned);
                                 dynamic shared memory starts at this offset */
    int32_t main_func;        /* index of main, or -1 */
    /* Debug table: the static __shared__ variables and where they live, so
     * that the checkers name `s[17]` rather than an offset (kbc version 2). */
    struct simt_symbol *shared_syms;
    uint32_t nshared_syms;
    /* Debug table: where parameters and local variables live while they are
     * in scope, for `simtvm debug` (kbc version 3).  May be empty. */
    struct simt_var *vars;
    uint32_t nvars;
    /* Debug types: the K type of each variable above (their dtype), with the
     * layout of every record they reach, so that the debugger prints s.x,
     * p->y and whole records (kbc version 7).  May be empty. */
    struct simt_dtype *dtypes;
    uint32_t ndtypes;
    struct simt_record *records;
    uint32_t nrecords;
    /* The program's own included files, for faults and findings in them
     * (simt_module_span).  NULL when there are none, and in modules read
     * from .kbc, which name the #include instead. */
    simt_srcorigin *origin;   /* ncode entries */
    char **incl_names;        /* as compile errors name them */
    char **incl_texts;        /* their text, NUL-terminated */
    uint32_t nincl;
} simt_module;

struct simt_rspan;
/* The place of instruction pc for a diagnostic: its file, line, column and
 * source line (the included file's when it came from one).  include_at, if
 * not NULL, gets the #include that led there (line 0 if none). */
void simt_module_span(const simt_module *m, int32_t pc, struct simt_rspan *sp,
                      struct simt_rspan *include_at);

/* A named object in an address space (debug information). */
typedef struct simt_symbol {
    char *name;
    uint32_t offset;          /* bytes from the start of the space's window;
                                 UINT32_MAX: extern __shared__ (at shared_static) */
    uint32_t size;            /* bytes */
    uint32_t elem_size;       /* bytes of one element (for an index), 1 if unknown */
    uint32_t line;            /* where it is declared */
    uint8_t elem;             /* simt_vtype of an element, VT_VOID for records (kbc version 6) */
    uint32_t dtype;           /* 1 + index into dtypes, 0: unknown (kbc version 7) */
} simt_symbol;

/* A parameter or local variable over one run of pcs where it is in scope.
 * Lowering reuses registers across scopes and lays blocks out out of source
 * order, so one variable may have several entries (one per run of pcs); an
 * inner declaration comes after the outer ones it shadows. */
enum simt_var_kind { VAR_REG, VAR_LOCAL };

typedef struct simt_var {
    char *name;
    uint32_t func;            /* index into funcs */
    uint8_t kind;             /* enum simt_var_kind */
    uint8_t type;             /* simt_vtype of the value; VT_VOID for arrays and records */
    uint8_t elem;             /* arrays: element vtype; pointers: pointee vtype (VT_VOID
                                 when unknown or not a scalar) */
    uint32_t where;           /* VAR_REG: register of the frame; VAR_LOCAL: byte offset
                                 in the frame's local memory */
    uint32_t size;            /* bytes of the object */
    uint32_t pc_begin, pc_end; /* in scope for pcs [pc_begin, pc_end) */
    uint32_t line;            /* where it is declared */
    uint32_t dtype;           /* 1 + index into dtypes, 0: unknown (kbc version 7) */
} simt_var;

/* ---- debug types (vm/dtypes.c checks them) ----
 * A type is a scalar, a pointer to a type, an array of a type or a record.
 * A pointer or array names a type of a smaller index, and a record holds by
 * value (directly or in arrays) only records of smaller indexes, so no walk
 * over a type or a record's fields can loop; pointers may name any record
 * (struct node { node *next; }). */
enum simt_dtype_kind {
    DT_SCALAR, DT_PTR, DT_ARRAY, DT_RECORD,
    DT_REF,                   /* a C++ reference: a pointer that `.` reads through */
    DT_KINDS
};

typedef struct simt_dtype {
    uint8_t kind;             /* enum simt_dtype_kind */
    uint8_t vtype;            /* DT_SCALAR: its simt_vtype */
    uint32_t ref;             /* DT_PTR, DT_REF, DT_ARRAY: 1 + the element's dtype (0:
                                 unknown, as for void *); DT_RECORD: index into records */
    uint32_t count;           /* DT_ARRAY: elements */
    uint32_t size;            /* bytes (0 for an array of unknown length) */
} simt_dtype;

typedef struct simt_field {
    char *name;               /* "" for a base class or an anonymous struct or union,
                                 whose members are found through it */
    uint32_t offset;          /* bytes from the record's start (a bit-field's unit) */
    uint32_t dtype;           /* index into dtypes */
    uint8_t bit_offset, bit_width; /* bit_width 0: not a bit-field */
} simt_field;

typedef struct simt_record {
    char *name;               /* as K spells it: "struct Particle", "union U" */
    uint8_t is_union;
    uint32_t size;            /* bytes */
    simt_field *fields;
    uint32_t nfields;
} simt_record;

/* Checks the debug types and every reference to them: 0, or -1 with the
 * problem in why (so that the debugger can walk them without checks). */
int simt_dtypes_check(const simt_module *m, char *why, size_t len);
/* The dtype a variable names (its dtype member), or NULL when unknown. */
const simt_dtype *simt_dtype_of(const simt_module *m, uint32_t dtype);

/* ---- special registers read by SREG ---- */
enum simt_sreg {
    SREG_TID_X, SREG_TID_Y, SREG_TID_Z,
    SREG_NTID_X, SREG_NTID_Y, SREG_NTID_Z,
    SREG_CTAID_X, SREG_CTAID_Y, SREG_CTAID_Z,
    SREG_NCTAID_X, SREG_NCTAID_Y, SREG_NCTAID_Z,
    SREG_LANEID, SREG_WARPSIZE, SREG_CLOCK, SREG_CLOCK64,
    /* gtid.d: (uint32)(ctaid.d * ntid.d + tid.d), the global thread index the
     * compiler forms from blockIdx.d * blockDim.d + threadIdx.d (lang/opt.c) */
    SREG_GTID_X, SREG_GTID_Y, SREG_GTID_Z,
    /* 1 in device code, 0 in host code: a __host__ __device__ function's
     * vtable pointers say which side built the object (lang/virtual.c) */
    SREG_ON_DEVICE,
    SREG_COUNT
};

/* ---- operation fields of ATOM (i = op << 8 | type), SHFL, VOTE, REDUX, BAR ---- */
enum simt_atom_op {
    ATOM_ADD, ATOM_SUB, ATOM_EXCH, ATOM_MIN, ATOM_MAX, ATOM_INC, ATOM_DEC,
    ATOM_AND, ATOM_OR, ATOM_XOR
};
/* ATYPE_U16: atomicCAS on an unsigned short only (CUDA's sm_70 overload) */
enum simt_atype { ATYPE_I32, ATYPE_U32, ATYPE_I64, ATYPE_U64, ATYPE_F32, ATYPE_F64, ATYPE_U16 };
enum simt_shfl_mode { SHFL_IDX, SHFL_UP, SHFL_DOWN, SHFL_BFLY };
enum simt_vote_kind { VOTE_BALLOT, VOTE_ANY, VOTE_ALL };
enum simt_redux_kind {
    REDUX_ADD, REDUX_MIN_S, REDUX_MIN_U, REDUX_MAX_S, REDUX_MAX_U,
    REDUX_AND, REDUX_OR, REDUX_XOR
};
/* BAR_GRID: this_grid().sync(), a __syncthreads after which the block waits
 * until every block of the grid has reached it (vm/grid.c). */
enum simt_bar_kind { BAR_SYNC, BAR_COUNT, BAR_AND, BAR_OR, BAR_GRID };

/* ---- lane-local intrinsics (INTR i) ---- */
enum simt_intrinsic {
#define INTR(name, nargs, meaning) INTR_##name,
#include "vm/intrinsics.def"
#undef INTR
    INTR_COUNT
};

/* ---- life cycle and files ---- */
/* A new empty module whose blocks come from al (NULL: the C library);
 * everything later stored in it must come from m->al too. */
simt_module *simt_module_new(const simt_allocator *al);
void simt_module_free(simt_module *m);

/* Writes m as a .kbc file.  Returns 0, or -1 with errno set. */
int simt_module_write(const simt_module *m, FILE *out);

/* Reads and verifies a .kbc image into a module allocated from al (NULL:
 * the C library).  On failure returns NULL and writes a one-line reason into
 * err (errlen bytes). */
simt_module *simt_module_read(const simt_allocator *al, const uint8_t *data, size_t len,
                              char *err, size_t errlen);
/* The same; *oom (when not NULL) tells a host allocation that failed from a
 * bad image, so that a caller decides on data, not on the message. */
simt_module *simt_module_load(const simt_allocator *al, const uint8_t *data, size_t len,
                              char *err, size_t errlen, int *oom);

/* Checks every structural invariant the interpreter relies on (operands in
 * range, targets inside their function, signatures valid...).  Returns 0, or
 * -1 with a reason naming the pc in err, or -2 when a host allocation failed. */
int simt_module_verify(const simt_module *m, char *err, size_t errlen);

/* Prints the disassembly of m (all functions) to out.  Returns 0, or -1 when
 * host memory ran out (what was printed is then incomplete). */
int simt_module_disasm(const simt_module *m, FILE *out);

/* Names of opcodes, value types, intrinsics (for messages and the disassembler). */
const char *simt_op_name(unsigned op);
const char *simt_vtype_name(unsigned vt);
const char *simt_intrinsic_name(unsigned id);
int simt_intrinsic_nargs(unsigned id);

/* The registers instruction in reads, from its USES bits in vm/opcodes.def
 * (a, b, then c and the consecutive registers RC2/RC3 name).  Writes them
 * into regs and returns how many (at most 5). */
unsigned simt_insn_reads(const simt_insn *in, unsigned regs[5]);
/* The warp instructions a GPU executes for in (vm/opcodes.def SASS, with
 * what depends on its operands: a fused compare, a composite special
 * register). */
unsigned simt_insn_sass(const simt_insn *in);
/* simt_insn_sass of m's instruction at pc (< m->ncode), with what its
 * neighbours decide: the warp instructions the model counts and issues. */
unsigned simt_code_sass(const simt_module *m, uint32_t pc);
size_t simt_vtype_size(unsigned vt);

/* Into out[f] for every function f (nfuncs entries): the bytes of static
 * __shared__ memory a block of kernel f holds -- the variables the kernel or
 * a function it calls names (vm/shared_use.c), not the whole file's layout
 * (shared_static, what functions that are not kernels get).  Returns 0, or
 * -1 when al fails (out then holds shared_static everywhere). */
int simt_module_kernel_shared(const simt_module *m, uint64_t *out, const simt_allocator *al);

#define SIMT_KBC_MAGIC "SIMTKBC"
#define SIMT_KBC_VERSION 7

#endif
