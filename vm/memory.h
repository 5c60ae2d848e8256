/* vm/memory.h -- the allocation table of the modelled address space.
 *
 * Global and constant memory are lists of allocations in the address space of
 * vm/module.h (SIMT_ADDR).  Addresses are never reused after free, so a stale
 * pointer is always recognised (use after free, double free).  Shared and
 * local memory are not here: they belong to blocks and threads (simt_tctx).
 */
#ifndef SIMT_MEMORY_H
#define SIMT_MEMORY_H

#include <stddef.h>
#include <stdint.h>

#include "vm/alloc.h"

enum simt_alloc_kind {
    ALLOC_MALLOC,        /* host malloc/calloc (unified) */
    ALLOC_CUDA,          /* cudaMalloc / cudaMallocManaged */
    ALLOC_DEVICE_MALLOC, /* malloc in device code */
    ALLOC_MODULE,        /* a module variable (__device__, __constant__, host global) */
    ALLOC_STRING,        /* string literals (constant space, read-only) */
    ALLOC_CUDA_HOST,     /* cudaMallocHost (freed only by cudaFreeHost) */
};

typedef struct simt_alloc {
    uint64_t base;       /* full address (SIMT_ADDR(space, offset)) */
    uint64_t size;       /* bytes the program asked for */
    uint8_t *data;       /* host storage of size bytes (NULL once freed) */
    uint8_t space;       /* SPACE_GLOBAL or SPACE_CONST */
    uint8_t kind;        /* enum simt_alloc_kind */
    uint8_t freed;
    uint8_t readonly;    /* writes from device code fault (constant space) */
    uint8_t managed;     /* cudaMallocManaged: host and device memory at once */
    int32_t pc;          /* the host call that allocated it, or -1 */
    const char *name;    /* module variable name, or NULL */
    uint32_t line;       /* where it was allocated, if known */
} simt_alloc;

typedef struct simt_memory {
    simt_alloc *allocs;  /* sorted by base (allocation is a bump pointer) */
    size_t nallocs, cap;
    uint64_t next[5];    /* next free offset per space */
    uint64_t in_use;     /* bytes currently allocated */
    uint64_t limit;      /* --max-memory (0: none) */
    size_t last;         /* index of the last allocation found (a cache) */
    uint64_t generation; /* bumped by every free: host pointers cached by the
                            interpreter are valid while it is unchanged */
    simt_allocator al;   /* the table and storage (set after simt_mem_init; zero: libc) */
    int oom;             /* the last failed simt_mem_alloc was the host's, not the limit */
} simt_memory;

void simt_mem_init(simt_memory *m, uint64_t limit);
void simt_mem_destroy(simt_memory *m);

/* Allocates size bytes (zeroed) in space with the given alignment (>= 256 for
 * global memory).  Returns the address, or 0 when the limit is reached or
 * the host allocator fails (then m->oom is set). */
uint64_t simt_mem_alloc(simt_memory *m, unsigned space, uint64_t size, uint64_t align,
                        unsigned kind, const char *name);

/* Frees the allocation starting at addr.  Returns 0, 1 if addr is no
 * allocation's start, 2 if it was already freed. */
int simt_mem_free(simt_memory *m, uint64_t addr);

/* The allocation whose [base, base+size) holds addr (freed ones included), or
 * NULL.  Fast for repeated hits on the same allocation. */
simt_alloc *simt_mem_find(simt_memory *m, uint64_t addr);
/* The allocation that starts at addr, of any size (malloc(0)'s included),
 * freed or not, or NULL: what free() and realloc() are given. */
simt_alloc *simt_mem_at_base(simt_memory *m, uint64_t addr);
/* The index in m->allocs of the last allocation whose base is <= addr, or -1
 * (vm/translate.c names the allocation nearest a bad address with it). */
long simt_mem_index_before(const simt_memory *m, uint64_t addr);

#endif
