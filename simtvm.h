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
    SIMTVM_CHECK_ALL = 15,
    SIMTVM_CHECK_API = 16     /* host-side CUDA API mistakes (not part of ALL, as --check=all) */
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
    uint64_t max_steps;       /* warp instructions per block and per launch (0: the defaults,
                                 1e9 per block and 1e11 per launch) */
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
    /* The fields below serve the command line (`simtvm run` options); like
     * the ones above they are appended so that earlier fields keep their
     * offsets, and simtvm_config_init zeroes them (off). */
    uint64_t max_printf;      /* bytes of device printf output per launch (0: default 1 MiB) */
    int maxrregcount;         /* registers per thread the model keeps (0: no limit) */
    int no_simd;              /* 1: the scalar interpreter, never the AVX2 lane helpers */
    int wall_clock;           /* 1: clock(), time() and std::chrono read the host's real time */
    int progress;             /* 1: a progress line on stderr during long launches (an
                                 exception to "the library prints nothing", asked for) */
    const char *trace_path;   /* write a Chrome trace-event timeline here (NULL: none) */
    const char *trace_blocks; /* the blocks the trace shows, as "0,4,8-11" (NULL: a few) */
    const char *report_path;  /* write an HTML report here (NULL: none) */
    int diag_color;           /* 1: ANSI colour in simtvm_diag_text, fault texts, findings */
    int diag_json;            /* 1: simtvm_diag_text and findings as JSON, one object a line */
    int no_opt;               /* 1: simtvm_compile without the optimisation passes (-O0) */
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
/* Compiles a program of n files (translation units, as `nvcc a.cu b.cu`):
 * names[i] and the lens[i] bytes of sources[i], linked into one module
 * (doc/language.md, "Programs of several files").  Diagnostics and faults
 * name each file; the module's source (what the debugger lists) is the
 * first's.  n == 1 is simtvm_compile. */
simtvm_status simtvm_compile_files(simtvm_vm *vm, int n, const char *const *names,
                                   const char *const *sources, const size_t *lens,
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
/* What kind of fault (simtvm_fault.kind). */
typedef enum simtvm_fault_kind {
    SIMTVM_FAULT_OTHER,        /* anything else: a failed host call, a bad launch... */
    SIMTVM_FAULT_ADDRESS,      /* an address outside every allocation, freed or read-only */
    SIMTVM_FAULT_MISALIGNED,   /* an access not aligned to its size */
    SIMTVM_FAULT_ASSERT,       /* a failed assert() */
    SIMTVM_FAULT_TRAP,         /* __trap(), or a TRAP the compiler placed (a missing return) */
    SIMTVM_FAULT_DIV_ZERO,     /* integer division by zero in host code */
    SIMTVM_FAULT_HANG,         /* a launch that can never finish (deadlock, step limit) */
    SIMTVM_FAULT_NOMEM         /* the host ran out of memory */
} simtvm_fault_kind;

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
    simtvm_fault_kind kind;    /* what went wrong, as data */
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
 * "json" or "csv" (or "explain": what each metric means), in *text: owned by the VM, valid until its next call of
 * simtvm_stats or simtvm_load.  Needs config.stats (else SIMTVM_ERR_MISUSE). */
simtvm_status simtvm_stats(simtvm_vm *vm, const char *format, const char **text);

/* The same statistics as data: the numbers simtvm_stats prints, launch by
 * launch, metric by metric, without parsing its text.  Each function needs
 * what simtvm_stats needs (config.stats and a loaded module: else
 * SIMTVM_ERR_MISUSE; SIMTVM_ERR_NOMEM when the model ran out of memory). */

/* One metric of a launch. */
typedef struct simtvm_metric {
    const char *name;          /* Nsight Compute's name where it has the counter
                                  ("smsp__inst_executed.sum"), simtvm__... otherwise;
                                  static storage */
    const char *unit;          /* "inst", "%"... ("" for none); static storage */
    double value;              /* the number --stats=json and csv print (never NaN) */
} simtvm_metric;

/* One launch the statistics cover. */
typedef struct simtvm_launch_stats {
    const char *kernel;        /* the kernel's name; owned by the loaded module:
                                  valid until the VM's next simtvm_load or its free */
    unsigned grid[3], block[3];
    unsigned nmetrics;         /* simtvm_stats_metric takes k < nmetrics */
} simtvm_launch_stats;

/* The number of launches since the load in *launches (0 on an error). */
simtvm_status simtvm_stats_count(simtvm_vm *vm, unsigned *launches);
/* Launch `launch` (0-based, in launch order, as --stats's ID); SIMTVM_ERR_RANGE
 * past the last. */
simtvm_status simtvm_stats_launch(simtvm_vm *vm, unsigned launch, simtvm_launch_stats *out);
/* Metric k (0-based, in --stats=csv's order) of launch `launch`;
 * SIMTVM_ERR_RANGE for a launch or k past the last. */
simtvm_status simtvm_stats_metric(simtvm_vm *vm, unsigned launch, unsigned k,
                                  simtvm_metric *out);
/* The value of the metric called `name` in launch `launch`: SIMTVM_ERR_RANGE
 * for a launch past the last, SIMTVM_ERR_NOT_FOUND for a name no launch
 * reports (simtvm_errmsg suggests a near one). */
simtvm_status simtvm_stats_value(simtvm_vm *vm, unsigned launch, const char *name,
                                 double *value);

/* The checkers' findings since the load or the previous call: *count (may be
 * NULL) receives their number, *text (may be NULL) the report, grouped by
 * source location and ending with `ERROR SUMMARY: N errors` (owned by the VM,
 * valid until its next call of simtvm_findings or simtvm_load).  Reading
 * them starts a new collection.  Needs config.checks (else SIMTVM_ERR_MISUSE). */
simtvm_status simtvm_findings(simtvm_vm *vm, unsigned *count, const char **text);

/* What a finding is (simtvm_finding.kind). */
typedef enum simtvm_finding_kind {
    SIMTVM_FINDING_BAD_ACCESS,      /* an out-of-bounds or misaligned access (SIMTVM_CHECK_MEMORY) */
    SIMTVM_FINDING_COLL_EXITED,     /* a warp collective names lanes that have exited */
    SIMTVM_FINDING_COLL_SELF,       /* a lane calls a collective whose mask does not name it */
    SIMTVM_FINDING_COLL_MISSING,    /* a warp collective that can never complete */
    SIMTVM_FINDING_BAR_DIVERGENT,   /* __syncthreads reached by part of a warp */
    SIMTVM_FINDING_DIV_ZERO,        /* integer division by zero (a warning) */
    SIMTVM_FINDING_REM_ZERO,        /* integer remainder by zero (a warning) */
    SIMTVM_FINDING_RACE,            /* a data race */
    SIMTVM_FINDING_UNINIT,          /* a read of memory never written */
    SIMTVM_FINDING_BAR_BLOCK,       /* __syncthreads reached by part of a block */
    SIMTVM_FINDING_SHFL_INACTIVE,   /* a shuffle reads an inactive lane */
    SIMTVM_FINDING_DOUBLE_FREE,     /* free of freed memory */
    SIMTVM_FINDING_BAD_FREE,        /* free of a pointer malloc did not return */
    SIMTVM_FINDING_BAD_KERNEL_ARG,  /* a kernel pointer argument that is no device memory */
    SIMTVM_FINDING_API_EXTENT,      /* a copy larger than its source or destination allocation */
    SIMTVM_FINDING_API_DIRECTION,   /* cudaMemcpy's kind contradicts its pointers */
    SIMTVM_FINDING_API_UNWRITTEN,   /* device memory never written copied to the host */
    SIMTVM_FINDING_API_UNCHECKED,   /* a kernel launch error nobody checked */
    SIMTVM_FINDING_API_HOST_POINTER,/* a host pointer passed to a kernel */
    SIMTVM_FINDING_API_LEAK         /* device memory never freed */
} simtvm_finding_kind;

/* One group of findings (the same kind at the same place) as data: what the
 * report says of it, field by field.  Strings are owned by the VM. */
typedef struct simtvm_finding {
    simtvm_finding_kind kind;
    unsigned check;            /* the SIMTVM_CHECK_* that found it; 0 for the warnings */
    int warning;               /* 1: a warning (division by zero), not an error */
    const char *message;       /* its class: the report's message ("Invalid __global__
                                  write of size 4 bytes"); of a race, the kinds of its
                                  two accesses ("Write/Read"), which the report spells out */
    const char *object;        /* the memory it names ("s[17]"), or "" */
    unsigned line, column;     /* where (the first instance); 0 when unknown */
    int in_kernel;             /* 0 for host code (block and thread are then 0) */
    unsigned block[3], thread[3]; /* the first instance's thread */
    unsigned long long count;  /* instances in the group */
} simtvm_finding;

/* Finding i (0-based, in the report's order) of those the last call of
 * simtvm_findings returned: SIMTVM_ERR_RANGE past the last.  Its strings
 * are valid until the VM's next call of simtvm_findings or simtvm_load. */
simtvm_status simtvm_finding_get(simtvm_vm *vm, unsigned i, simtvm_finding *out);

/* Whether the fault of a result was already written to the config's err
 * stream (or write callback) when it happened -- a kernel fault inside
 * main() is reported at once, as a GPU's error is -- so that a caller that
 * prints simtvm_fault.text does not print it twice.  0 for no fault. */
int simtvm_result_fault_printed(const simtvm_result *r);

/* ---- source of a module ---- */
/* Whether the module has a main() to run (0 for NULL). */
int simtvm_module_has_main(const simtvm_module *mod);
/* The file name the module was compiled from ("" for a .kbc without one). */
const char *simtvm_module_source_name(const simtvm_module *mod);
/* Line `line` (1-based) of the module's source, without its newline and
 * trailing blanks: a pointer into the module (not NUL-terminated at the
 * line's end) and its length in *len.  NULL when there is no such line or
 * the module keeps no source (a .kbc). */
const char *simtvm_module_source_line(const simtvm_module *mod, unsigned line, int *len);

/* Writes the files that config.trace_path (a Chrome trace-event timeline)
 * and config.report_path (an HTML report) name, for everything run since
 * the load.  *text (may be NULL) receives the warnings and errors as the
 * command line prints them ("" when none; owned by the VM, valid until its
 * next call).  SIMTVM_ERR_IO when a file cannot be written; SIMTVM_OK and
 * nothing written when neither path is set.  Needs a loaded module. */
simtvm_status simtvm_write_views(simtvm_vm *vm, const char **text);

/* ---- bytecode and disassembly ---- */
/* The first bytes of every .kbc image. */
#define SIMTVM_KBC_MAGIC "SIMTKBC"
/* Whether data starts as a .kbc image does (a quick test; simtvm_module_from_kbc verifies). */
int simtvm_is_kbc(const void *data, size_t len);
/* The module's bytecode as `simtvm disasm` prints it, in *text (*len bytes,
 * NUL-terminated; release with simtvm_free). */
simtvm_status simtvm_module_disasm(const simtvm_module *mod, char **text, size_t *len);

/* ---- devices and occupancy ---- */
/* A device profile (SPEC 5.3); strings are static for built-in profiles and
 * owned by the VM for simtvm_vm_device. */
typedef struct simtvm_device_info {
    const char *name;         /* "h100" */
    const char *full_name;    /* "NVIDIA H100 SXM5 80GB" */
    int major, minor;         /* compute capability */
    int sm_count;
    int max_threads_per_sm, max_warps_per_sm, max_blocks_per_sm, max_threads_per_block;
    int regs_per_sm, smem_per_sm;
    int l2_size;              /* bytes */
    int clock_khz;
} simtvm_device_info;
/* The number of built-in profiles, and profile i of them. */
int simtvm_device_count(void);
simtvm_status simtvm_device_builtin(int i, simtvm_device_info *out);
/* The profile a VM runs with (config.device: built in or read from a file). */
simtvm_status simtvm_vm_device(const simtvm_vm *vm, simtvm_device_info *out);

typedef enum simtvm_occupancy_limit {
    SIMTVM_OCC_THREADS, SIMTVM_OCC_BLOCKS, SIMTVM_OCC_REGISTERS, SIMTVM_OCC_SHARED,
    SIMTVM_OCC_LIMITS
} simtvm_occupancy_limit;
/* Resident blocks per SM and what limits them. */
typedef struct simtvm_occupancy {
    int warps_per_block;
    int threads_per_block;    /* threads (textbook) or warps * 32 (vendor granularity) */
    int regs_per_block;
    uint64_t smem_per_block;
    int limit[SIMTVM_OCC_LIMITS]; /* blocks per SM each resource allows; INT32_MAX: no limit */
    int limiter;              /* simtvm_occupancy_limit */
    int blocks_per_sm, warps_per_sm;
    double occupancy_pct;
} simtvm_occupancy;
/* The occupancy of blocks of block_threads threads, regs registers per
 * thread and smem bytes of shared memory on the VM's device, with the
 * vendor's allocation granularity when vendor is set.  *out is filled also
 * when such a block cannot run at all, which is SIMTVM_ERR_RANGE. */
simtvm_status simtvm_vm_occupancy(simtvm_vm *vm, int block_threads, int regs, uint64_t smem,
                                  int vendor, simtvm_occupancy *out);
/* "threads", "blocks", "registers", "shared_memory"; static. */
const char *simtvm_occupancy_limit_name(int limit);

/* ---- suggestions ---- */
/* The candidate nearest to word by edit distance, when it is near enough to
 * be what was meant (as git's and cargo's "did you mean"), or NULL.  The
 * result is one of candidates. */
const char *simtvm_suggest(const char *word, const char *const *candidates, size_t n);

/* A set of lanes as the diagnostics write it, ranges joined: lanes 0-3, 8
 * and 10-11 are "0-3,8,10-11"; no lane is "".  buf (len bytes, at least 1)
 * receives the text, cut at a whole entry when it does not fit. */
void simtvm_lane_list(char *buf, size_t len, uint32_t lanes);

/* ---- debugging: stepping warps, breakpoints, reading lanes ----
 *
 * A debugger attaches to a VM; while it is attached, kernels that main() or
 * simtvm_launch start run one warp instruction at a time, and before each
 * issue the debugger decides whether to stop: at a breakpoint, at the end
 * of a step/next/finish of the warp in focus, or when a watched expression
 * changed.  At a stop it calls the client's simtvm_debug_fn, which inspects
 * the state with the simtvm_debug_* readers below (they change nothing, so
 * a debugged run computes what an undebugged one does, in the same order),
 * chooses how to go on with simtvm_debug_resume and returns.  Host code runs
 * at full speed.
 *
 * Ownership and errors are as everywhere in this header: functions return a
 * simtvm_status and record failures (with a message for simtvm_errmsg) in
 * the VM the debugger is attached to; strings returned are owned by the
 * module (names, source) or static (op names, type names).  The readers
 * answer SIMTVM_ERR_MISUSE when no kernel is stopped ("the program is not
 * being run") and SIMTVM_ERR_NOT_FOUND for a warp that is not in the block
 * that runs now.  Lanes and masks are bit i for lane i of a warp. */
typedef struct simtvm_debugger simtvm_debugger;

/* What the debugger tells its client. */
typedef enum simtvm_debug_event {
    SIMTVM_DEBUG_LAUNCH,      /* a kernel launch begins: simtvm_debug_launch_info */
    SIMTVM_DEBUG_FOCUS_MOVED, /* the warp in focus finished: the focus moves to the warp
                                 issuing now (simtvm_debug_stop_info); read the old
                                 focus with simtvm_debug_focus during the call */
    SIMTVM_DEBUG_WATCH,       /* the watched expression changed: simtvm_debug_watch_info;
                                 a SIMTVM_DEBUG_STOP follows */
    SIMTVM_DEBUG_STOP         /* a stop: inspect, call simtvm_debug_resume, return */
} simtvm_debug_event;

/* The client's callback.  It returns 0 to go on, or 1 (at a stop) to end the
 * program at once, as exit(0) would. */
typedef int (*simtvm_debug_fn)(void *user, simtvm_debugger *dbg, simtvm_debug_event event);

/* Attaches a new debugger to vm, which must have a module loaded; it stays
 * attached across simtvm_load (breakpoints are kept, by line) until
 * simtvm_debugger_free.  One debugger per VM (SIMTVM_ERR_MISUSE for a
 * second).  The focus starts on block (0,0,0) warp 0. */
simtvm_status simtvm_debugger_new(simtvm_vm *vm, simtvm_debug_fn fn, void *user,
                                  simtvm_debugger **out);
/* Detaches and frees it (NULL is a no-op); not from inside its callback.
 * One still attached when its VM is freed is freed with it (the handle is
 * then gone). */
void simtvm_debugger_free(simtvm_debugger *dbg);

/* Whether a kernel is stopped now (only during the callback). */
int simtvm_debug_running(const simtvm_debugger *dbg);

/* How the program goes on from a stop. */
typedef enum simtvm_resume {
    SIMTVM_RESUME_STEP,       /* count instructions of the warp in focus */
    SIMTVM_RESUME_NEXT,       /* to the next source line of the focus, over calls (count times) */
    SIMTVM_RESUME_CONTINUE,   /* to the next breakpoint or watch change */
    SIMTVM_RESUME_FINISH      /* until the focus's function returns to its caller */
} simtvm_resume;
/* Sets how the program goes on when the callback returns.  Outside a stop
 * SIMTVM_ERR_MISUSE; FINISH in a kernel's own frame (or with no lane of the
 * focus ready) SIMTVM_ERR_RANGE; count < 1 SIMTVM_ERR_ARGS. */
simtvm_status simtvm_debug_resume(simtvm_debugger *dbg, simtvm_resume how, long count);

/* The launch that runs now (valid from SIMTVM_DEBUG_LAUNCH to the launch's end). */
typedef struct simtvm_launch_info {
    const char *kernel;       /* owned by the module */
    unsigned grid[3], block[3];
    unsigned warp_size;
    int lockstep;             /* --sched=lockstep (else independent thread scheduling) */
} simtvm_launch_info;
simtvm_status simtvm_debug_launch_info(const simtvm_debugger *dbg, simtvm_launch_info *out);

/* The issue the debugger stopped at (or, during SIMTVM_DEBUG_FOCUS_MOVED and
 * SIMTVM_DEBUG_WATCH, the one it is considering). */
typedef struct simtvm_stop_info {
    int breakpoint;           /* 1-based id of the breakpoint hit, 0 for none */
    unsigned block[3];        /* the block that runs */
    unsigned warps;           /* its number of warps */
    unsigned warp, width;     /* the warp that issues, its lanes */
    uint32_t mask;            /* the lanes that issue together */
    int pc;                   /* the instruction they issue */
} simtvm_stop_info;
simtvm_status simtvm_debug_stop_info(const simtvm_debugger *dbg, simtvm_stop_info *out);

/* Where an instruction comes from: *line (0 when unknown), the opcode's
 * name *op and the K function *function ("?" when unknown); any may be NULL. */
simtvm_status simtvm_debug_pc(const simtvm_debugger *dbg, int pc, unsigned *line, const char **op,
                              const char **function);
/* 1 when the pc belongs to a __global__ function, 0 otherwise. */
int simtvm_debug_pc_in_kernel(const simtvm_debugger *dbg, int pc);

/* ---- focus: the warp that step, next, print and info read ---- */
simtvm_status simtvm_debug_focus(const simtvm_debugger *dbg, unsigned block[3], unsigned *warp);
/* Moves the focus (any block and warp; whether they exist is the caller's
 * check, against simtvm_debug_launch_info and simtvm_stop_info.warps). */
simtvm_status simtvm_debug_set_focus(simtvm_debugger *dbg, const unsigned block[3], unsigned warp);
/* 1 when the focused warp is in the block that runs now (so it can be read). */
int simtvm_debug_focus_live(const simtvm_debugger *dbg);

/* ---- lanes, masks, convergence ---- */
typedef enum simtvm_lane_state {
    SIMTVM_LANE_READY,        /* can issue */
    SIMTVM_LANE_JOIN,         /* waiting to reconverge */
    SIMTVM_LANE_COLL,         /* waiting at a warp collective (__shfl_sync...) */
    SIMTVM_LANE_BAR,          /* waiting at __syncthreads (pc: the instruction after it) */
    SIMTVM_LANE_EXITED,       /* finished, or holding no thread */
    SIMTVM_LANE_STATES
} simtvm_lane_state;

/* One warp of the running block. */
typedef struct simtvm_warp_info {
    unsigned index, width;
    uint32_t in_state[SIMTVM_LANE_STATES]; /* the lanes in each state */
    uint32_t issuing;         /* the lanes it issues next: the stopped group for the warp
                                 that stopped, else its first ready group (0: none ready) */
    int issuing_pc;           /* their pc (-1 when issuing is 0) */
    int pc[32];               /* each lane's pc */
    uint32_t frame[32];       /* each lane's call frame (deeper calls: larger) */
    uint32_t group[32];       /* a ready lane: the lanes that would issue with it */
    uint32_t barrier[32];     /* the innermost convergence barrier each lane waits on
                                 (an id; lanes that share it reconverge together) */
    unsigned depth[32];       /* how many reconvergence points each lane has open */
} simtvm_warp_info;
/* warp: an index in the running block (simtvm_debug_focus's for the focus). */
simtvm_status simtvm_debug_warp_info(const simtvm_debugger *dbg, unsigned warp,
                                     simtvm_warp_info *out);

/* A convergence group (ITS): lanes with the same pc, frame, state and
 * innermost convergence barrier. */
typedef struct simtvm_lane_group {
    uint32_t lanes;
    simtvm_lane_state state;
    int pc;
} simtvm_lane_group;
/* Fills out[0..max) with the warp's groups of live lanes, in lane order;
 * *count receives how many there are (may exceed max). */
simtvm_status simtvm_debug_groups(const simtvm_debugger *dbg, unsigned warp,
                                  simtvm_lane_group *out, int max, int *count);

/* One open reconvergence point (lockstep's SIMT stack, innermost first). */
typedef struct simtvm_reconvergence {
    uint32_t expected;        /* the lanes that must arrive (or exit) */
    uint32_t arrived;         /* those waiting there now */
    int pc;                   /* where they meet */
} simtvm_reconvergence;
/* The reconvergence points open for lane `lane` of the warp, innermost
 * first; *count as for simtvm_debug_groups. */
simtvm_status simtvm_debug_reconvergence(const simtvm_debugger *dbg, unsigned warp, unsigned lane,
                                         simtvm_reconvergence *out, int max, int *count);

/* ---- values ---- */
typedef struct simtvm_value {
    simtvm_type type;         /* SIMTVM_PTR also for addresses and strings */
    const char *type_name;    /* the VM's name of the type ("i32", "f32", "ptr"); static */
    uint64_t bits;            /* the bits, zero-extended (SIMTVM_F32: the float's 32) */
} simtvm_value;
/* Evaluates expr in lane `lane` of a warp of the running block: variables
 * in scope at the lane's pc (each lane at its own), module variables
 * (__device__, __constant__, host globals), the focus block's __shared__
 * variables, threadIdx/blockIdx/blockDim/gridDim .x .y .z, laneid,
 * warpSize, numbers, a[i] (a[i][j] of a 2-D array), p[i], *p, members of
 * structs and unions s.x, p->y, a[i].f, s.in.z (bit-fields as their
 * value), ( ), unary -, + - * / %.  The value must be a number or an
 * address: a whole struct is simtvm_debug_format's.  An error (a name not in
 * scope, a bad index, a member the struct lacks, an exited lane) is
 * SIMTVM_ERR_ARGS with the reason as simtvm_errmsg. */
simtvm_status simtvm_debug_eval(simtvm_debugger *dbg, unsigned warp, unsigned lane,
                                const char *expr, simtvm_value *out);
/* Evaluates expr as simtvm_debug_eval does and writes its value as text
 * into buf (NUL-terminated, cut to len - 1 bytes): a number as `simtvm
 * debug` prints it ("3", "2.5", "true", "0x7f..." for an address), a
 * struct or union with every member, nested ones and arrays in braces
 * ("{x = 1, y = 2.5, in = {a = 3}, flags = 5, v = {1, 2, 3}}"; arrays show
 * 16 elements, then "...").  *out (may be NULL) receives the value as
 * simtvm_debug_eval gives it, or for a struct: type SIMTVM_VOID, bits its
 * address, type_name its K name ("struct Particle"), owned by the module. */
simtvm_status simtvm_debug_format(simtvm_debugger *dbg, unsigned warp, unsigned lane,
                                  const char *expr, char *buf, size_t len, simtvm_value *out);
/* The names of the variables in scope for that lane (innermost last), up to
 * max in names (owned by the module); *count receives how many there are. */
simtvm_status simtvm_debug_locals(const simtvm_debugger *dbg, unsigned warp, unsigned lane,
                                  const char **names, int max, int *count);

/* Copies len bytes at byte offset of the running block's shared memory. */
simtvm_status simtvm_debug_read_shared(const simtvm_debugger *dbg, uint64_t offset, void *dst,
                                       size_t len);
/* The name of a shared-memory offset from the module's symbols, "tile[17]",
 * or "+OFFSET" (written into buf, always NUL-terminated). */
void simtvm_debug_shared_name(const simtvm_debugger *dbg, uint64_t offset, char *buf, size_t len);

/* The memory access a warp issues next. */
typedef struct simtvm_access {
    int pc;
    int kind;                 /* 0: not a memory access; 1: a load or store; 2: an atomic */
    unsigned size;            /* bytes per lane */
    int shared;               /* the access is to shared memory */
    uint32_t lanes;           /* the lanes that issue it */
    uint64_t offset[32];      /* shared: each issuing lane's byte offset */
    int next_pc;              /* not shared: the next memory access of the same line, or -1 */
} simtvm_access;
simtvm_status simtvm_debug_access(const simtvm_debugger *dbg, unsigned warp,
                                  simtvm_access *out);

/* ---- breakpoints and the watch ---- */
typedef struct simtvm_breakpoint {
    int id;                   /* 1-based */
    unsigned line;            /* the first line with code at or after the one asked */
    int locations;            /* instructions it stops at (a loop's line has several) */
    int in_device_code;       /* 0: host code only, where nothing stops */
} simtvm_breakpoint;
/* A breakpoint at `line`: every warp stops there.  SIMTVM_ERR_NOT_FOUND when
 * no code is at or after the line, SIMTVM_ERR_LIMIT after 64 breakpoints. */
simtvm_status simtvm_debug_break(simtvm_debugger *dbg, unsigned line, simtvm_breakpoint *out);
/* Deletes breakpoint id (0: all); SIMTVM_ERR_NOT_FOUND when there is none. */
simtvm_status simtvm_debug_delete(simtvm_debugger *dbg, int id);
/* The number of ids given so far, and the line of id (0 once deleted). */
int simtvm_debug_break_count(const simtvm_debugger *dbg);
unsigned simtvm_debug_break_line(const simtvm_debugger *dbg, int id);

/* Watches expr in every lane of the warp in focus: the program stops before
 * an issue of that warp when a lane's value changed.  *lanes (may be NULL)
 * receives the lanes that can read it now.  SIMTVM_ERR_RANGE when expr is
 * longer than 127 bytes, SIMTVM_ERR_ARGS when it is a whole struct (watch a
 * member: "p.pos.x").  expr is copied. */
simtvm_status simtvm_debug_watch(simtvm_debugger *dbg, const char *expr, uint32_t *lanes);
simtvm_status simtvm_debug_unwatch(simtvm_debugger *dbg);
/* During SIMTVM_DEBUG_WATCH: what changed. */
typedef struct simtvm_watch_info {
    const char *expr;         /* owned by the debugger */
    unsigned block[3], warp;
    uint32_t changed;         /* the lanes whose value changed */
    simtvm_type type;         /* of the values */
    uint64_t old_bits[32], new_bits[32];
} simtvm_watch_info;
simtvm_status simtvm_debug_watch_info(const simtvm_debugger *dbg, simtvm_watch_info *out);

/* Releases memory the library handed to the caller (NULL is a no-op). */
void simtvm_free(void *p);

#ifdef __cplusplus
}
#endif

#endif
