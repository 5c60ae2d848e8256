/* simtvm.h -- the embedding API of simtvm, a software SIMT GPU (SPEC 7).
 *
 * A C program links libsimtvm (`pkg-config --cflags --libs simtvm`) to compile
 * K programs (the C subset of CUDA) from memory, run their kernels on its own
 * buffers, run their main(), and read the statistics of the performance model
 * and the findings of the checkers.
 *
 *     simtvm_config cfg;
 *     simtvm_config_init(&cfg);
 *     simtvm_vm *vm;
 *     if (simtvm_vm_new(&cfg, &vm) != SIMTVM_OK) ...   (simtvm_errmsg(vm) says why)
 *     simtvm_module *mod;
 *     if (simtvm_compile(vm, "saxpy.k", src, strlen(src), NULL, &mod) != SIMTVM_OK) ...
 *     simtvm_load(vm, mod);
 *     simtvm_buffer *x;
 *     simtvm_buffer_new(vm, SIMTVM_F32, n, &x);
 *     simtvm_buffer_write(x, 0, host_x, n * sizeof(float));
 *     simtvm_arg args[] = { simtvm_arg_buffer(x), simtvm_arg_i32(n) };
 *     simtvm_launch(vm, "saxpy", simtvm_dim3_of(n / 256, 1, 1), simtvm_dim3_of(256, 1, 1), 0,
 *                   args, 2, NULL);
 *     simtvm_buffer_read(x, 0, host_x, n * sizeof(float));
 *     simtvm_module_free(mod);
 *     simtvm_vm_free(vm);
 *
 * Conventions that hold for every function below:
 * - Most functions return a simtvm_status.  On an error the VM handle involved
 *   keeps the status (simtvm_errcode) and a one-line message (simtvm_errmsg);
 *   a function given a NULL handle returns SIMTVM_ERR_NULL and records nothing.
 * - Ownership: every handle a simtvm_*_new / simtvm_compile / ... returns
 *   belongs to the caller until its simtvm_*_free.  Every `const char *` the
 *   library returns is owned by the library and stays valid as written for
 *   that function; copy it to keep it longer.  Every pointer the caller passes
 *   in stays the caller's: the library copies what it keeps, except where a
 *   function says otherwise (config's FILE streams, native_libs, alloc_ud).
 * - Memory the library hands over (simtvm_module_to_kbc, simtvm_buffer_to_npy)
 *   is released with simtvm_free.
 * - Handles after their free: a buffer, module or result handle used after
 *   its simtvm_*_free (or freed twice) is SIMTVM_ERR_STALE, never undefined,
 *   as long as the VM that made it lives: the VM keeps each freed handle's
 *   few bytes in quarantine until simtvm_vm_free.  A module or result still
 *   live when its VM is freed stays valid; once freed after that, it is gone
 *   and using it again is undefined.  Functions that return no status give
 *   their "NULL" answer for a stale handle (0, -1, NULL, SIMTVM_VOID) and
 *   record SIMTVM_ERR_STALE in the VM that made it.  The VM handle itself
 *   cannot be checked: that would need global state, which the library
 *   does not have, so using a VM after simtvm_vm_free is undefined.
 * - A guest program's error (compile error, fault, step or memory limit) is a
 *   status, never a print, abort() or exit().  The library prints nothing:
 *   the guest's output goes where the config says (captured by default).
 * - No global state: VMs are independent.  A VM and everything made from it
 *   (buffers, results) is used by one host thread at a time; different VMs
 *   may run concurrently on different threads.  A module is immutable after
 *   compilation and may be loaded into several VMs, also concurrently.
 * - Allocation: every block the library allocates for a VM, a compile, a
 *   module or a result -- compiler arenas and tables, modules, the VM,
 *   warps, guest memory, checker, model and printf state, captured output,
 *   diagnostics, handles, memory handed over -- comes from config.alloc
 *   (the C library's malloc when NULL; see simtvm_alloc_fn).  Exceptions,
 *   allocated inside glibc and released by it: FILE objects (the library's
 *   memory and output streams are fopencookie streams whose buffers are the
 *   VM's; .npy and device profile files are fopen'ed), dlopen's state for
 *   native libraries, getline's line buffer while a device profile file is
 *   read, and whatever qsort or vfprintf allocate internally.
 */
#ifndef SIMTVM_H
#define SIMTVM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- version: the one place the package version is written (configure.ac
 * reads SIMTVM_VERSION_STRING from here) ---- */
#define SIMTVM_VERSION_MAJOR 0
#define SIMTVM_VERSION_MINOR 1
#define SIMTVM_VERSION_PATCH 0
#define SIMTVM_VERSION_STRING "0.1.0"
#define SIMTVM_VERSION_NUMBER \
    (SIMTVM_VERSION_MAJOR * 10000 + SIMTVM_VERSION_MINOR * 100 + SIMTVM_VERSION_PATCH)

/* The version of the library actually linked ("0.1.0"); static storage. */
const char *simtvm_version(void);
/* The same as a number (SIMTVM_VERSION_NUMBER of the linked library). */
int simtvm_version_number(void);

/* ---- status codes ---- */
typedef enum simtvm_status {
    SIMTVM_OK = 0,
    SIMTVM_ERR_NULL,        /* a handle or required pointer argument is NULL */
    SIMTVM_ERR_MISUSE,      /* calls out of order (no module loaded...), a handle of another VM */
    SIMTVM_ERR_STALE,       /* a handle used after its free (buffers: or after a reload) */
    SIMTVM_ERR_NOMEM,       /* the host ran out of memory (config.alloc returned NULL);
                               the call had no effect, or, for a launch or run, the VM is
                               left faulted as after SIMTVM_ERR_FAULT */
    SIMTVM_ERR_CONFIG,      /* a bad configuration value (warp size, device...) */
    SIMTVM_ERR_COMPILE,     /* the K source has errors: see the diagnostics */
    SIMTVM_ERR_BYTECODE,    /* not a valid .kbc image */
    SIMTVM_ERR_NOT_FOUND,   /* no kernel, variable or main() of that name */
    SIMTVM_ERR_ARGS,        /* wrong number or types of kernel arguments, bad signature text */
    SIMTVM_ERR_RANGE,       /* out of range: buffer too small, offset past the end, geometry */
    SIMTVM_ERR_LIMIT,       /* the guest memory limit (max_memory) is reached */
    SIMTVM_ERR_FAULT,       /* the guest faulted (bad address, step limit...): see the result */
    SIMTVM_ERR_NATIVE,      /* a native function cannot be bound (missing, signature mismatch) */
    SIMTVM_ERR_IO,          /* a file cannot be read or written */
    SIMTVM_STATUS_COUNT
} simtvm_status;

/* The name of a status ("SIMTVM_ERR_ARGS"); static storage, never NULL. */
const char *simtvm_status_name(simtvm_status status);

/* ---- handles (opaque) ---- */
typedef struct simtvm_vm simtvm_vm;         /* one virtual GPU and its host */
typedef struct simtvm_module simtvm_module; /* a compiled K program */
typedef struct simtvm_buffer simtvm_buffer; /* an allocation in the VM's global memory */
typedef struct simtvm_result simtvm_result; /* how a launch or a run of main() ended */

/* ---- values ---- */
/* Element and argument types.  Integers narrower than 32 bits and bool are
 * passed as K passes them; SIMTVM_PTR is a buffer (or NULL). */
typedef enum simtvm_type {
    SIMTVM_VOID, SIMTVM_BOOL, SIMTVM_I8, SIMTVM_U8, SIMTVM_I16, SIMTVM_U16,
    SIMTVM_I32, SIMTVM_U32, SIMTVM_I64, SIMTVM_U64, SIMTVM_F32, SIMTVM_F64, SIMTVM_PTR,
    SIMTVM_TYPE_COUNT
} simtvm_type;

/* Bytes of one element of type (0 for SIMTVM_VOID, 8 for SIMTVM_PTR). */
size_t simtvm_type_size(simtvm_type type);
/* The K spelling of a type ("float", "int", "void *"); static storage. */
const char *simtvm_type_name(simtvm_type type);

/* ---- the allocator ---- */
/* A realloc-like function, after Lua's lua_Alloc (minus the old size, which
 * the library does not track for every block):
 *   size > 0, ptr NULL:  allocate size bytes;
 *   size > 0, ptr set:   resize ptr's block to size bytes, keeping its contents
 *                        up to the smaller size (it may move);
 *   size == 0:           free ptr (never NULL) and return NULL.
 * It returns NULL when it cannot allocate (leaving ptr's block as it was),
 * and blocks are aligned for any C type, as malloc's.  ud is
 * config.alloc_ud.  It is called from threads that are calling the
 * library with a VM (or a module, result or buffer) made with it and, when
 * config.threads > 1, from the VM's own worker threads during a launch
 * (several at once): such a VM, like VMs on several threads sharing one
 * allocator, needs a thread-safe one.  ud and the function must stay valid while anything made
 * with them lives: the VM, and modules and results, which may outlive it
 * (a module is freed with the allocator of the VM that compiled it, also
 * when another VM loaded it). */
typedef void *(*simtvm_alloc_fn)(void *ud, void *ptr, size_t size);

/* ---- configuration ---- */
enum simtvm_sched { SIMTVM_SCHED_ITS, SIMTVM_SCHED_LOCKSTEP };
enum simtvm_interleave { SIMTVM_INTERLEAVE_CONVERGE, SIMTVM_INTERLEAVE_RANDOM };
enum simtvm_check {
    SIMTVM_CHECK_RACE = 1, SIMTVM_CHECK_SYNC = 2, SIMTVM_CHECK_MEMORY = 4, SIMTVM_CHECK_INIT = 8,
    SIMTVM_CHECK_ALL = 15
};
typedef enum simtvm_stream { SIMTVM_STDOUT, SIMTVM_STDERR } simtvm_stream;

/* Receives the guest's output: `len` bytes of `data` (not NUL-terminated,
 * valid only during the call) written to `stream`. */
typedef void (*simtvm_write_fn)(void *user, simtvm_stream stream, const char *data, size_t len);

typedef enum simtvm_severity { SIMTVM_ERROR, SIMTVM_WARNING, SIMTVM_NOTE } simtvm_severity;

/* One compiler diagnostic.  Strings are owned by the VM (see simtvm_diag_get). */
typedef struct simtvm_diag {
    simtvm_severity severity;
    const char *file;          /* the filename given to simtvm_compile, or the
                                  #include'd file the diagnostic is in */
    unsigned line, column;     /* 1-based (column in UTF-8 characters); 0 when the
                                  diagnostic has no position */
    const char *message;       /* "undeclared identifier 'x'", no trailing newline */
} simtvm_diag;

/* Receives each diagnostic of a simtvm_compile, in order, before it returns;
 * `d` and its strings are valid only during the call. */
typedef void (*simtvm_diag_fn)(void *user, const simtvm_diag *d);

typedef struct simtvm_config {
    const char *device;       /* "v100", "a100", "h100" (default) or a profile file path */
    int sched;                /* enum simtvm_sched (default ITS) */
    int interleave;           /* enum simtvm_interleave (default CONVERGE) */
    uint64_t seed;            /* for random interleaving and block order (default 0) */
    int block_order_random;   /* run blocks in a seeded random order (default 0) */
    int warp_size;            /* 4, 8, 16 or 32 (default 32) */
    int threads;              /* host threads running blocks, 1..256 (default 1); results are
                                 the same for every value (vm/README.md, "Host threads") */
    uint64_t max_steps;       /* warp instructions per block and per launch (0: default 1e9) */
    uint64_t max_memory;      /* bytes of guest memory (0: default 16 GiB) */
    unsigned checks;          /* enum simtvm_check bits (default 0: no checkers) */
    int stats;                /* run the performance model, for simtvm_stats (default 0) */
    /* Guest output.  write, if set, receives both streams; otherwise out and
     * err, if set, are written (the caller keeps them open while the VM lives
     * and closes them); otherwise output is captured for simtvm_output.
     * With threads > 1, device printf output reaches write (or out) in block
     * order, possibly from another of the VM's threads, never two at once. */
    simtvm_write_fn write;
    void *write_user;
    FILE *out, *err;
    /* Compiler diagnostics, delivered by simtvm_compile (optional). */
    simtvm_diag_fn diag;
    void *diag_user;
    /* Shared libraries searched for extern functions after the registered
     * ones and before the process (NULL-terminated; may be NULL).  The array
     * and strings must stay valid while the VM lives. */
    const char *const *native_libs;
    /* Host memory (see simtvm_alloc_fn; NULL: the C library). */
    simtvm_alloc_fn alloc;
    void *alloc_ud;
    /* Directories searched by simtvm_compile for #include "file", in order,
     * after the directory of the including file (the compiled source's is
     * that of its filename), as -I does (NULL-terminated; may be NULL).  The
     * array and strings must stay valid while the VM lives.  Appended last,
     * so the fields before it keep their offsets. */
    const char *const *include_dirs;
    /* Instructions of main()'s host code, with the warp instructions of the
     * launches it makes, before it stops with a fault (0: no limit, the
     * default: real programs' host loops run billions). */
    uint64_t max_host_steps;
} simtvm_config;

/* Fills cfg with the defaults above.  Always call it before setting fields,
 * so that fields added by later versions get their defaults. */
void simtvm_config_init(simtvm_config *cfg);

/* ---- the VM ---- */
/* Creates a VM.  cfg may be NULL (defaults); it is copied.  On SIMTVM_OK,
 * SIMTVM_ERR_CONFIG (an invalid field; simtvm_errmsg says which) and the other
 * errors except SIMTVM_ERR_NULL and SIMTVM_ERR_NOMEM, *out is a VM the caller
 * frees with simtvm_vm_free; after an error it is good only for simtvm_errmsg,
 * simtvm_errcode and simtvm_vm_free.  Otherwise *out is NULL. */
simtvm_status simtvm_vm_new(const simtvm_config *cfg, simtvm_vm **out);

/* Frees the VM, its buffers, results' links to it, captured output and
 * messages.  Modules loaded into it stay the caller's.  NULL is a no-op. */
void simtvm_vm_free(simtvm_vm *vm);

/* The message of the VM's last error ("" after success); owned by the VM,
 * valid until its next call.  For NULL, a static "NULL simtvm_vm handle". */
const char *simtvm_errmsg(const simtvm_vm *vm);
/* The status of the VM's last call that can fail (SIMTVM_ERR_NULL for NULL). */
simtvm_status simtvm_errcode(const simtvm_vm *vm);

/* ---- compiling and loading ---- */
/* Compiles len bytes of K source (need not be NUL-terminated).  filename
 * names the source in diagnostics (NULL: "<input>").  defines: NULL-terminated
 * "NAME=VALUE" or "NAME" strings as -D gives them, or NULL.  On SIMTVM_OK *out
 * is a new module (free with simtvm_module_free); on SIMTVM_ERR_COMPILE it is
 * NULL and the diagnostics are in the VM.  Warnings may accompany success.
 * The VM needs no module loaded to compile. */
simtvm_status simtvm_compile(simtvm_vm *vm, const char *filename, const char *source, size_t len,
                             const char *const *defines, simtvm_module **out);

/* Diagnostics of the VM's last simtvm_compile (errors and warnings). */
int simtvm_diag_count(const simtvm_vm *vm);
/* Copies diagnostic i (0-based) into *out; its strings are owned by the VM
 * and valid until the next simtvm_compile or simtvm_vm_free. */
simtvm_status simtvm_diag_get(const simtvm_vm *vm, int i, simtvm_diag *out);
/* All of them as the command line prints them (`file:line:col: error: msg`,
 * the source line, a caret); owned by the VM, valid until the next
 * simtvm_compile or simtvm_vm_free.  "" when there are none. */
const char *simtvm_diag_text(simtvm_vm *vm);

/* Reads a .kbc image (as `simtvm build` writes it); the image is verified,
 * so a damaged one is SIMTVM_ERR_BYTECODE, never a crash.  data is not kept. */
simtvm_status simtvm_module_from_kbc(simtvm_vm *vm, const void *data, size_t len,
                                     simtvm_module **out);
/* Encodes a module as a .kbc image in *data (*len bytes), which the caller
 * releases with simtvm_free. */
simtvm_status simtvm_module_to_kbc(const simtvm_module *mod, void **data, size_t *len);

/* Releases a module handle.  A VM that loaded the module keeps its own
 * reference to the program, so the handle may be freed at any time.  NULL is
 * a no-op (SIMTVM_OK); a second free is SIMTVM_ERR_STALE.  A handle is not
 * freed concurrently with simtvm_vm_free of the VM that made it. */
simtvm_status simtvm_module_free(simtvm_module *mod);

/* Number of __global__ functions of the module (0 for NULL). */
int simtvm_module_kernel_count(const simtvm_module *mod);
/* Name of kernel i (0-based, in source order), or NULL when out of range;
 * owned by the module. */
const char *simtvm_module_kernel_name(const simtvm_module *mod, int i);
/* Number of parameters of kernel `name`, or -1 when there is no such kernel. */
int simtvm_module_param_count(const simtvm_module *mod, const char *kernel);
/* Type of parameter i of kernel `name` in *type, and for SIMTVM_PTR the
 * pointee in *elem (SIMTVM_VOID when unknown); either may be NULL.  *name
 * (may be NULL) receives the parameter's name, owned by the module. */
simtvm_status simtvm_module_param(const simtvm_module *mod, const char *kernel, int i,
                                  simtvm_type *type, simtvm_type *elem, const char **name);

/* Makes mod the VM's program: allocates and initialises its variables and
 * binds its extern functions (registered ones, then config.native_libs, then
 * the process's libc and libm).  Loading again starts afresh: buffers of the
 * previous load become stale, statistics and findings are reset.  The VM
 * holds a reference to mod until the next load or simtvm_vm_free.  After a
 * failed load (SIMTVM_ERR_NATIVE, SIMTVM_ERR_LIMIT...) no module is loaded. */
simtvm_status simtvm_load(simtvm_vm *vm, simtvm_module *mod);

/* Registers fn as the native function `name` that K code declares with
 * `extern __device__ RET name(PARAMS);` (or a host prototype).  signature
 * spells its C type, as "float(float, int)", "void(float *, unsigned)",
 * "double(void)": types void bool char (signed/unsigned) short int long
 * "long long" (each optionally unsigned), int8_t..uint64_t, float, double,
 * and pointers (any `T *`, passed as host pointers into guest memory).  K's
 * declaration must match it or simtvm_load fails with SIMTVM_ERR_NATIVE.
 * Registered names are searched before any library.  Registering after a
 * load binds again at once.  name and signature are copied; fn must stay
 * callable while the VM lives.  It is called once per active lane, in lane
 * order, on the thread that called simtvm_launch or simtvm_run: kernels that
 * call native functions run their blocks on that one thread whatever
 * config.threads says. */
simtvm_status simtvm_register_native(simtvm_vm *vm, const char *name, void (*fn)(void),
                                     const char *signature);

/* ---- buffers: allocations in global memory of the loaded program ---- */
/* Allocates count elements of type elem (SIMTVM_VOID: count bytes, accepted
 * by any pointer parameter), zero-filled, 256-byte aligned as cudaMalloc's.
 * Needs a loaded module.  The zeros count as written for SIMTVM_CHECK_INIT
 * (unlike cudaMalloc's memory).  The handle is freed by simtvm_buffer_free or with
 * the VM; a reload makes it stale. */
simtvm_status simtvm_buffer_new(simtvm_vm *vm, simtvm_type elem, size_t count,
                                simtvm_buffer **out);
/* A handle on the module variable `name` (__device__, __constant__ or a host
 * global), to read or fill it; freeing the handle does not free the variable. */
simtvm_status simtvm_buffer_of_global(simtvm_vm *vm, const char *name, simtvm_buffer **out);
/* Copies len bytes from src into the buffer at byte offset; SIMTVM_ERR_RANGE
 * when [offset, offset+len) does not fit. */
simtvm_status simtvm_buffer_write(simtvm_buffer *buf, size_t offset, const void *src, size_t len);
/* Copies len bytes at byte offset of the buffer into dst. */
simtvm_status simtvm_buffer_read(const simtvm_buffer *buf, size_t offset, void *dst, size_t len);
/* Size in bytes, element count and element type (0, 0, SIMTVM_VOID for NULL
 * or a stale handle). */
size_t simtvm_buffer_size(const simtvm_buffer *buf);
size_t simtvm_buffer_count(const simtvm_buffer *buf);
simtvm_type simtvm_buffer_type(const simtvm_buffer *buf);
/* Frees the guest allocation (not a module variable's) and the handle.  The
 * handle's memory is kept until the VM is freed, so that a later use of it is
 * SIMTVM_ERR_STALE rather than undefined.  NULL is a no-op; a second free is
 * SIMTVM_ERR_STALE. */
simtvm_status simtvm_buffer_free(simtvm_buffer *buf);

/* A new buffer holding the array of an in-memory NumPy .npy image (dtypes
 * <i1 <u1 <i2 <u2 <i4 <u4 <i8 <u8 <f4 <f8 |b1, any shape read flattened). */
simtvm_status simtvm_buffer_from_npy(simtvm_vm *vm, const void *data, size_t len,
                                     simtvm_buffer **out);
/* The same from a file. */
simtvm_status simtvm_buffer_load_npy(simtvm_vm *vm, const char *path, simtvm_buffer **out);
/* Encodes the buffer as a one-dimensional .npy image in *data (*len bytes;
 * release with simtvm_free).  SIMTVM_VOID and SIMTVM_PTR buffers cannot be
 * encoded (SIMTVM_ERR_ARGS). */
simtvm_status simtvm_buffer_to_npy(const simtvm_buffer *buf, void **data, size_t *len);
/* The same into a file. */
simtvm_status simtvm_buffer_save_npy(const simtvm_buffer *buf, const char *path);

/* ---- running ---- */
typedef struct simtvm_dim3 {
    unsigned x, y, z;
} simtvm_dim3;

/* {x, y, z}; 0 for y or z means 1. */
simtvm_dim3 simtvm_dim3_of(unsigned x, unsigned y, unsigned z);

/* A typed kernel argument.  Build one with the simtvm_arg_* functions. */
typedef struct simtvm_arg {
    simtvm_type type;
    union {
        int64_t i;             /* BOOL, I8..I64 */
        uint64_t u;            /* U8..U64 */
        double f;              /* F32 (rounded to float when passed), F64 */
        simtvm_buffer *buf;    /* PTR: the buffer, or NULL for a null pointer */
    } v;
} simtvm_arg;

simtvm_arg simtvm_arg_i32(int32_t v);
simtvm_arg simtvm_arg_u32(uint32_t v);
simtvm_arg simtvm_arg_i64(int64_t v);
simtvm_arg simtvm_arg_u64(uint64_t v);
simtvm_arg simtvm_arg_f32(float v);
simtvm_arg simtvm_arg_f64(double v);
simtvm_arg simtvm_arg_buffer(simtvm_buffer *buf);
/* Any type: integers from i (bool, signed) or u (unsigned), floats from f. */
simtvm_arg simtvm_arg_of(simtvm_type type, int64_t i, uint64_t u, double f);

/* Launches kernel `name` of the loaded module on a grid of blocks, with
 * shared_bytes of dynamic shared memory, and waits for it.  Each args[k] must
 * have exactly the type of parameter k (SIMTVM_ERR_ARGS otherwise: a wrong
 * count, a wrong type, a buffer of another element type); a pointer
 * parameter takes SIMTVM_PTR.  A bad geometry is SIMTVM_ERR_RANGE, a guest
 * fault SIMTVM_ERR_FAULT (the VM then stays faulted, as a CUDA context does,
 * until the next simtvm_load).  result (may be NULL) receives a new result
 * the caller frees, also after a fault, but not after SIMTVM_ERR_NOMEM (the
 * VM's memory, the captured output or the fault report could not be
 * allocated).  When the guest itself asks for memory (cudaMalloc, malloc)
 * and the allocator fails, the guest sees cudaErrorMemoryAllocation or NULL,
 * as on a GPU, and the launch goes on. */
simtvm_status simtvm_launch(simtvm_vm *vm, const char *name, simtvm_dim3 grid, simtvm_dim3 block,
                            size_t shared_bytes, const simtvm_arg *args, int nargs,
                            simtvm_result **result);

/* Runs main() of the loaded module, with argc/argv when it takes them (argv
 * may be NULL when argc is 0; strings are copied into guest memory).
 * SIMTVM_OK when main returned or exit() was called: *exit_code (may be NULL)
 * gets the status.  A fault, or a kernel fault during the run, is
 * SIMTVM_ERR_FAULT.  result as for simtvm_launch. */
simtvm_status simtvm_run_main(simtvm_vm *vm, int argc, char **argv, int *exit_code,
                              simtvm_result **result);

/* ---- results ---- */
/* Where and why a run faulted.  Strings are owned by the result. */
typedef struct simtvm_fault {
    const char *message;       /* "out-of-bounds __global__ read of 4 bytes at ..." */
    const char *text;          /* the command line's report: position, source line, caret,
                                  kernel, block, thread, lane */
    const char *function;      /* the K function, or "" */
    unsigned line, column;     /* 0 when unknown */
    int in_kernel;             /* 0 for host code */
    unsigned block[3], thread[3];
    int lane;
} simtvm_fault;

/* The status the launch or run returned. */
simtvm_status simtvm_result_status(const simtvm_result *r);
/* main()'s return value or exit()'s status (0 for a launch). */
int simtvm_result_exit_code(const simtvm_result *r);
/* Fills *out and returns SIMTVM_OK when the run faulted; SIMTVM_ERR_NOT_FOUND
 * when it did not. */
simtvm_status simtvm_result_fault(const simtvm_result *r, simtvm_fault *out);
/* Modelled device time of the launch or run in milliseconds. */
double simtvm_result_time_ms(const simtvm_result *r);
/* Host instructions main() executed (0 for a launch). */
uint64_t simtvm_result_host_steps(const simtvm_result *r);
/* NULL is a no-op (SIMTVM_OK); a second free is SIMTVM_ERR_STALE. */
simtvm_status simtvm_result_free(simtvm_result *r);

/* ---- output, statistics, findings ---- */
/* The guest output captured since the last simtvm_output_clear (only when the
 * config names neither a write function nor streams; "" otherwise).  Owned by
 * the VM, NUL-terminated, *len (may be NULL) bytes; valid until the VM runs
 * again or simtvm_output_clear. */
const char *simtvm_output(simtvm_vm *vm, simtvm_stream stream, size_t *len);
simtvm_status simtvm_output_clear(simtvm_vm *vm);

/* The statistics of every launch since the load (SPEC 5.4) in format "text",
 * "json" or "csv", in *text: owned by the VM, valid until its next call of
 * simtvm_stats or simtvm_load.  Needs config.stats (else SIMTVM_ERR_MISUSE). */
simtvm_status simtvm_stats(simtvm_vm *vm, const char *format, const char **text);

/* The checkers' findings since the load or the previous call: *count (may be
 * NULL) receives their number, *text (may be NULL) the report, grouped by
 * source location and ending with `ERROR SUMMARY: N errors` (owned by the VM,
 * valid until its next call of simtvm_findings or simtvm_load).  Reading
 * them starts a new collection.  Needs config.checks (else SIMTVM_ERR_MISUSE). */
simtvm_status simtvm_findings(simtvm_vm *vm, unsigned *count, const char **text);

/* Releases memory the library handed to the caller (NULL is a no-op). */
void simtvm_free(void *p);

#ifdef __cplusplus
}
#endif

#endif
