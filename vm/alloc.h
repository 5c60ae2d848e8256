/* vm/alloc.h -- the one way lang/, vm/ and runtime/ allocate host memory.
 *
 * An embedder may hand the library an allocator (simtvm_config.alloc, a
 * realloc-like function and its user pointer); every block the library makes
 * for a compile, a module or a VM comes from it.  The compiler context, the
 * module, the VM and the state hanging off the VM (memory, checker, model,
 * trace, natives) each keep a copy of the allocator, so that whatever frees
 * a block uses the function that made it, also when a module outlives the
 * VM that compiled it.  A zeroed simt_allocator (fn == NULL) means the C
 * library's malloc/realloc/free, so zero-initialised structures need no
 * set-up and the command line simply never sets one.
 */
#ifndef SIMT_ALLOC_H
#define SIMT_ALLOC_H

#include <stddef.h>

/* size > 0: ptr NULL allocates, otherwise resizes (contents kept, as
 * realloc); returns NULL on failure, leaving ptr untouched.  size 0 frees
 * ptr (never NULL) and returns NULL.  Blocks are aligned for any type. */
typedef void *(*simt_alloc_fn)(void *ud, void *ptr, size_t size);

typedef struct simt_allocator {
    simt_alloc_fn fn;           /* NULL: the C library */
    void *ud;
} simt_allocator;

/* Each returns NULL when memory runs out (or size overflows); size 0 asks
 * for a one-byte block, so NULL always means failure. */
void *simt_malloc(const simt_allocator *al, size_t size);
void *simt_calloc(const simt_allocator *al, size_t n, size_t size);   /* zeroed */
void *simt_realloc(const simt_allocator *al, void *ptr, size_t size); /* ptr may be NULL */
void simt_free(const simt_allocator *al, void *ptr);                  /* NULL: no-op */
char *simt_strdup(const simt_allocator *al, const char *s);
char *simt_strndup(const simt_allocator *al, const char *s, size_t n); /* n bytes + NUL */

/* Grows *p (an array of *cap elements of elem bytes) to hold at least need
 * elements, doubling from 16; returns 0, or -1 with *p untouched. */
int simt_grow(const simt_allocator *al, void **p, size_t *cap, size_t need, size_t elem);

#endif
