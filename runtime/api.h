/* runtime/api.h -- what the files of the embedding API share (not installed).
 *
 *   api.c         VM life cycle, errors, output streams, compiling, loading,
 *                 launching, running main(), results, statistics, findings
 *   api_buffer.c  buffers, module variables, .npy, kernel arguments
 *   api_native.c  simtvm_register_native: signature text and its checks
 *   api_tools.c   bytecode tests, disassembly, devices, occupancy, suggestions
 *   api_debug.c   the debugger: stepping, breakpoints, reading lanes
 *                 (api_debug_eval.c: expressions; runtime/api_debug.h)
 *
 * A simtvm_vm wraps a simt_vm (vm/vm.h), which exists only while a module is
 * loaded; everything else (configuration, messages, streams, registered
 * natives, buffer handles) lives in the wrapper and survives reloads.
 *
 * Every block comes from the VM's allocator (vm->al, config.alloc), so the
 * handles that may outlive their VM (modules, results) keep a copy of it.
 * Handles are quarantined rather than released: a freed buffer, module or
 * result handle stays in its VM's list, marked, until the VM is freed, so
 * that a later use of it is SIMTVM_ERR_STALE instead of undefined.  A module
 * or result still live when its VM is freed is detached and belongs to the
 * caller alone; after its own free it is released at once.
 */
#ifndef SIMT_API_H
#define SIMT_API_H

#include <stdarg.h>
#include <stdatomic.h>

#include "runtime/ffi.h"
#include "runtime/observers.h"
#include "simtvm.h"
#include "vm/vm.h"

/* A compiled program shared by the module handle and every VM that loaded
 * it; freed with the allocator of the VM that compiled it (m->al). */
typedef struct api_prog {
    simt_module *m;
    atomic_int refs;            /* the caller's handle + one per VM that loaded it */
} api_prog;

struct simtvm_module {
    simt_allocator al;          /* made this handle */
    simtvm_vm *owner;           /* the VM that made it (quarantine), NULL once detached */
    simtvm_module *next;        /* in owner->modules */
    int freed;
    api_prog *prog;             /* NULL once freed */
};

/* The fault record of a result (kept apart from the handle: a freed result
 * keeps only its small handle in quarantine). */
typedef struct api_result_data {
    simtvm_status status;
    int exit_code;
    int faulted;
    int fault_printed;          /* the VM wrote the report when the fault happened */
    simtvm_fault fault;
    char *message, *text, *function;
    double time_ms;
    uint64_t host_steps;
} api_result_data;

struct simtvm_result {
    simt_allocator al;
    simtvm_vm *owner;           /* NULL once detached */
    simtvm_result *next;        /* in owner->results */
    int freed;
    api_result_data *d;         /* NULL once freed */
};

struct simtvm_buffer {
    simtvm_vm *vm;
    simtvm_buffer *next;        /* every handle the VM ever made, freed with it */
    uint64_t addr;              /* guest address (SPACE_GLOBAL or SPACE_CONST) */
    size_t size, count;
    simtvm_type type;
    unsigned load;              /* vm->loads when it was made: older ones are stale */
    int freed;
    int is_variable;            /* a module variable: freeing the handle keeps it */
};

/* Text written through a memory stream (api.c), NUL-terminated. */
typedef struct api_mem {
    const simt_allocator *al;
    char *buf;
    size_t len, cap;
    int oom;                    /* a write was lost for want of memory */
} api_mem;

/* Appends len bytes to the api_mem `cookie` (a cookie stream's write:
 * len, or -1 when memory runs out); api_status.c, as the rest of this part. */
ssize_t simt_api_mem_write(void *cookie, const char *data, size_t len);
/* A write-only, unbuffered stream into m, whose text is allocated with al;
 * NULL when memory ran out. */
FILE *simt_api_mem_open(api_mem *m, const simt_allocator *al);
/* Closes f and returns the text written to it (the caller frees it with
 * m->al), or NULL (and nothing to free) when memory ran out. */
char *simt_api_mem_close(FILE *f, api_mem *m);

/* Where one guest stream goes when it is captured or given to a callback. */
typedef struct api_sink {
    simtvm_vm *vm;
    simtvm_stream which;
    api_mem mem;                /* captured bytes */
    char *iobuf;                /* the stream's stdio buffer (BUFSIZ) */
} api_sink;

/* A native function registered by the embedder, with its parsed signature. */
typedef struct api_native {
    char *name;
    void *fn;
    simt_sig sig;
} api_native;

struct simtvm_vm {
    simt_allocator al;          /* config.alloc / alloc_ud, or libc */
    simtvm_config cfg;
    simt_config scfg;           /* the VM configuration derived from cfg */
    simt_device_profile *owned_device; /* a profile read from a file */
    simt_vm vm;                 /* valid while loaded */
    api_prog *mod;              /* the loaded program (a reference), or NULL */
    unsigned loads;             /* simtvm_load calls that started a load */
    int unusable;               /* simtvm_vm_new failed: only errmsg and free work */
    simtvm_status errcode;
    char errmsg[1024];
    api_sink sinks[2];
    FILE *streams[2];           /* what the guest writes to (ours or the caller's) */
    int own_stream[2];
    simtvm_diag *diags;         /* of the last compile */
    int ndiags;
    char *diag_file;
    char *diag_text;
    api_native *natives;
    size_t nnatives;
    simt_ffi_symbol *symbols;   /* the same for simt_ffi_open_with */
    simtvm_buffer *buffers;
    simtvm_module *modules;     /* module handles made by this VM (live and freed) */
    simtvm_result *results;     /* result handles made by this VM (live and freed) */
    char *stats_text;
    char *findings_text;
    simt_check_item *findings;  /* the groups the last simtvm_findings reported */
    size_t nfindings;
    char *views_text;           /* simtvm_write_views's messages */
    struct simtvm_debugger *debugger; /* attached (api_debug.c), or NULL */
};

/* Installs an attached debugger's hook on the freshly loaded simt_vm and
 * marks its breakpoints in the new module (api_debug.c; simtvm_load calls
 * it after every load).  -1 when memory runs out. */
int simt_api_debug_attach(struct simtvm_debugger *d);

/* Drops one reference to a program (frees it with the last). */
void simt_api_prog_release(api_prog *p);

/* Records status and a message in vm; returns status. */
simtvm_status simt_api_fail(simtvm_vm *vm, simtvm_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A copy of len bytes of data that the caller releases with simtvm_free,
 * or NULL when memory runs out. */
void *simt_api_hand_over(const simt_allocator *al, const void *data, size_t len);

/* SIMTVM_OK when the VM has statistics to read (api_stats.c): a loaded
 * module, config.stats, a model that did not run out of memory; else
 * records and returns the error. */
simtvm_status simt_api_stats_ready(simtvm_vm *vm);

/* Clears the last error; returns SIMTVM_OK. */
simtvm_status simt_api_ok(simtvm_vm *vm);

/* The simt_vtype of a simtvm_type and back (the enums are in the same order). */
unsigned simt_api_vtype(simtvm_type t);

/* Converts args to the register images of kernel `func`'s parameters. */
simtvm_status simt_api_convert_args(simtvm_vm *vm, int func, const simtvm_arg *args, int nargs,
                                   uint64_t *values);

/* Checks the module's imports against the registered natives (api_native.c). */
simtvm_status simt_api_check_natives(simtvm_vm *vm, const simt_module *m);

/* Binds the loaded module's imports again (after simtvm_register_native). */
simtvm_status simt_api_rebind(simtvm_vm *vm);

/* Makes every buffer handle stale and frees the handles (on simtvm_vm_free). */
void simt_api_free_buffers(simtvm_vm *vm);

/* Writes C-style text of a signature ("float(float *, int)") into buf. */
void simt_api_sig_text(const simt_sig *sig, char *buf, size_t len);

#endif
