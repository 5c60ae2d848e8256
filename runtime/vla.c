/* runtime/vla.c -- the storage of host code's variable-length arrays
 * (lang/vla.c): malloc'd memory whose first 16 bytes keep the array's byte
 * size (for sizeof), the elements after them.  A size <= 0, or one the
 * memory (--max-memory) cannot hold, is a fault located at the declaration:
 * g++ gives undefined behaviour or a stack overflow there. */
#include <string.h>

#include "runtime/host_call.h"
#include "vm/vm.h"

#define VLA_HEADER 16u

simt_status bi_SIMT_VLA_ALLOC(call *c)
{
    int64_t n = (int64_t)arg(c, 0);
    uint64_t elem = arg(c, 1) ? arg(c, 1) : 1;
    if (n <= 0)
        return simt_vm_faultf(c->vm, "variable-length array of %lld elements (its size must "
                              "be positive)", (long long)n);
    if ((uint64_t)n > (UINT64_MAX - VLA_HEADER) / elem)
        return simt_vm_faultf(c->vm, "variable-length array of %lld elements of %llu bytes: "
                              "too large", (long long)n, (unsigned long long)elem);
    uint64_t bytes = (uint64_t)n * elem;
    uint64_t base = simt_mem_alloc(&c->vm->mem, SPACE_GLOBAL, bytes + VLA_HEADER, 256,
                                   ALLOC_MALLOC, NULL);
    if (!base)
        return simt_vm_faultf(c->vm, "variable-length array of %llu bytes: out of memory "
                              "(--max-memory)", (unsigned long long)bytes);
    uint64_t *size = simt_vm_translate(c->vm, c->t, base, 8, 1);
    if (!size)
        return SIMT_FAULT;
    memcpy(size, &bytes, sizeof bytes);
    return ret_u64(c, base + VLA_HEADER);
}

simt_status bi_SIMT_VLA_SIZE(call *c)
{
    const void *size = simt_vm_translate(c->vm, c->t, arg(c, 0) - VLA_HEADER, 8, 0);
    if (!size)
        return SIMT_FAULT;
    uint64_t bytes;
    memcpy(&bytes, size, sizeof bytes);
    return ret_u64(c, bytes);
}

simt_status bi_SIMT_VLA_FREE(call *c)
{
    simt_mem_free(&c->vm->mem, arg(c, 0) - VLA_HEADER);
    return ret_u64(c, 0);
}
