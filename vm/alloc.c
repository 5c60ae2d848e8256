/* vm/alloc.c -- the allocator wrappers of vm/alloc.h. */
#include "vm/alloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Bytes from which simt_calloc leaves the zeroing to the C library. */
#define SIMT_CALLOC_LARGE (64u << 10)

void *simt_realloc(const simt_allocator *al, void *ptr, size_t size)
{
    if (size == 0)
        size = 1;
    if (!al || !al->fn)
        return realloc(ptr, size);
    return al->fn(al->ud, ptr, size);
}

void *simt_malloc(const simt_allocator *al, size_t size)
{
    return simt_realloc(al, NULL, size);
}

void *simt_calloc(const simt_allocator *al, size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        return NULL;
    /* The C library's calloc maps large blocks from the kernel already zero,
     * so pages the guest never touches cost nothing, and those it does are
     * not written twice: allocating device memory of gigabytes costs no
     * memset of gigabytes.  Small blocks (a launch's bookkeeping) take the
     * path below, which costs fewer instructions than calloc's. */
    if ((!al || !al->fn) && n * size >= SIMT_CALLOC_LARGE)
        return calloc(n, size);
    void *p = simt_realloc(al, NULL, n * size);
    if (p)
        memset(p, 0, n * size > 0 ? n * size : 1);
    return p;
}

void simt_free(const simt_allocator *al, void *ptr)
{
    if (!ptr)
        return;
    if (!al || !al->fn)
        free(ptr);
    else
        al->fn(al->ud, ptr, 0);
}

char *simt_strndup(const simt_allocator *al, const char *s, size_t n)
{
    if (n == SIZE_MAX)
        return NULL;
    char *d = simt_malloc(al, n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

char *simt_strdup(const simt_allocator *al, const char *s)
{
    return simt_strndup(al, s, strlen(s));
}

int simt_grow(const simt_allocator *al, void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    size_t nc = *cap ? *cap : 16;
    while (nc < need) {
        if (nc > SIZE_MAX / 2)
            return -1;
        nc *= 2;
    }
    if (elem && nc > SIZE_MAX / elem)
        return -1;
    void *np = simt_realloc(al, *p, nc * elem);
    if (!np)
        return -1;
    *p = np;
    *cap = nc;
    return 0;
}
