/* vm/translate.c -- address translation: a guest address to host memory,
 * for one thread (its block's shared memory, its own local memory) or host
 * code, with compute-sanitizer-like fault messages.  It reads the
 * allocation table (vm/memory.c) and sets the VM's fault (vm/vm.h), so it
 * lives above both: the table itself knows nothing of the VM.
 *
 * Thread safety: simt_vm_translate() may run concurrently with itself and
 * simt_mem_find() (vm/memory.c).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "vm/memory.h"
#include "vm/observe.h"
#include "vm/vm.h"

/* ---- translation ---- */

static const char *const space_names[] = {
    [SPACE_NONE] = "__global__", [SPACE_GLOBAL] = "__global__", [SPACE_SHARED] = "__shared__",
    [SPACE_LOCAL] = "__local__", [SPACE_CONST] = "__constant__",
};

/* How a fault names the memory accessed: its space as compute-sanitizer
 * names it in device code; host code's heap, globals and unified memory
 * are "host" memory to the C programmer who wrote the access. */
static const char *space_label(unsigned space, int is_host)
{
    if (is_host && (space == SPACE_NONE || space == SPACE_GLOBAL))
        return "host";
    return space_names[space];
}

/* " 'name'" for a module variable, "" for an anonymous allocation. */
static const char *alloc_label(const simt_alloc *a, char *buf, size_t size)
{
    if (!a->name)
        return "";
    snprintf(buf, size, " '%s'", a->name);
    return buf;
}

static const char *access_name(int write)
{
    return write ? "write" : "read";
}

/* Describes where an address that hit no allocation lies: relative to the
 * nearest allocation of its space, as compute-sanitizer does. */
static void fault_unmapped(simt_vm *vm, uint64_t addr, uint64_t len, int write, int is_host)
{
    unsigned space = SIMT_ADDR_SPACE(addr);
    const simt_memory *m = &vm->mem;
    long i = simt_mem_index_before(m, addr);
    const simt_alloc *before = i >= 0 && m->allocs[i].space == space ? &m->allocs[i] : NULL;
    const simt_alloc *after = (size_t)(i + 1) < m->nallocs && m->allocs[i + 1].space == space
                                  ? &m->allocs[i + 1] : NULL;
    uint64_t past = before ? addr + len - (before->base + before->size) : UINT64_MAX;
    uint64_t ahead = after ? after->base - addr : UINT64_MAX;
    const char *what = space_label(space, is_host);
    char label[96];
    if (before && past <= ahead) {
        simt_vm_faultf(vm, "out-of-bounds %s %s of %" PRIu64 " bytes at 0x%" PRIx64
                       " (%" PRIu64 " bytes past the end of a %" PRIu64 "-byte allocation%s)",
                       what, access_name(write), len, addr, past, before->size,
                       alloc_label(before, label, sizeof label));
    } else if (after) {
        simt_vm_faultf(vm, "out-of-bounds %s %s of %" PRIu64 " bytes at 0x%" PRIx64
                       " (%" PRIu64 " bytes before the start of a %" PRIu64
                       "-byte allocation%s)",
                       what, access_name(write), len, addr, ahead, after->size,
                       alloc_label(after, label, sizeof label));
    } else {
        simt_vm_faultf(vm, "invalid %s %s of %" PRIu64 " bytes at address 0x%" PRIx64
                       " (no allocation there)", what, access_name(write), len, addr);
    }
}

/* Global and constant memory: the allocation holding [addr, addr+len). */
static uint8_t *resolve_alloc(simt_vm *vm, const simt_tctx *t, uint64_t addr, uint64_t len,
                              int write, uint64_t *avail)
{
    unsigned space = SIMT_ADDR_SPACE(addr);
    simt_alloc *a = simt_mem_find(&vm->mem, addr);
    if (!a && len == 0) {
        /* A zero-length access may name the end of an allocation (p + n). */
        long i = simt_mem_index_before(&vm->mem, addr);
        if (i >= 0 && vm->mem.allocs[i].base + vm->mem.allocs[i].size == addr)
            a = &vm->mem.allocs[i];
    }
    int is_host = !t || t->is_host;
    if (!a) {
        fault_unmapped(vm, addr, len, write, is_host);
        return NULL;
    }
    if (a->freed) {
        simt_vm_faultf(vm, "use after free of allocation of %" PRIu64 " bytes at 0x%" PRIx64
                       " (%s %s of %" PRIu64 " bytes at 0x%" PRIx64 ")",
                       a->size, a->base, space_label(space, is_host), access_name(write), len,
                       addr);
        return NULL;
    }
    uint64_t off = addr - a->base;
    char label[96];
    if (len > a->size - off) {
        simt_vm_faultf(vm, "out-of-bounds %s %s of %" PRIu64 " bytes at 0x%" PRIx64
                       " (%" PRIu64 " bytes past the end of a %" PRIu64 "-byte allocation%s)",
                       space_label(space, is_host), access_name(write), len, addr,
                       off + len - a->size, a->size, alloc_label(a, label, sizeof label));
        return NULL;
    }
    if (write && space == SPACE_CONST && (!is_host || a->kind == ALLOC_STRING)) {
        simt_vm_faultf(vm, "invalid write of %" PRIu64 " bytes at 0x%" PRIx64 " to %s",
                       len, addr, a->kind == ALLOC_STRING ? "a read-only string literal"
                                                          : "__constant__ memory");
        return NULL;
    }
    *avail = a->size - off;
    return a->data + off;
}

/* Shared or local memory: one window of size bytes owned by a block or thread. */
static uint8_t *resolve_window(simt_vm *vm, uint8_t *base, uint64_t size, const char *owner,
                               uint64_t addr, uint64_t len, int write, uint64_t *avail)
{
    unsigned space = SIMT_ADDR_SPACE(addr);
    uint64_t off = SIMT_ADDR_OFFSET(addr);
    if (!base) {
        simt_vm_faultf(vm, "Invalid %s %s of size %" PRIu64 " bytes at 0x%" PRIx64
                       " (%s has no %s memory)", space_names[space], access_name(write),
                       len, addr, owner, space == SPACE_SHARED ? "shared" : "local");
        return NULL;
    }
    if (off > size || len > size - off) {
        simt_vm_faultf(vm, "Invalid %s %s of size %" PRIu64 " bytes at 0x%" PRIx64
                       " (out of bounds: %s has %" PRIu64 " bytes of %s memory)",
                       space_names[space], access_name(write), len, addr, owner, size,
                       space == SPACE_SHARED ? "shared" : "local");
        return NULL;
    }
    *avail = size - off;
    return base + off;
}

/* Host storage for [addr, addr+len) and how many bytes follow addr in its
 * region; NULL after a fault. */
static uint8_t *resolve(simt_vm *vm, const simt_tctx *t, uint64_t addr, uint64_t len,
                        int write, uint64_t *avail)
{
    static const simt_tctx no_thread = { .is_host = 1 };
    if (!t)
        t = &no_thread;
    switch (SIMT_ADDR_SPACE(addr)) {
    case SPACE_NONE:
        simt_vm_faultf(vm, "invalid %s %s of %" PRIu64 " bytes at address 0x%" PRIx64
                       " (NULL pointer)", space_label(SPACE_NONE, t->is_host),
                       access_name(write), len, addr);
        return NULL;
    case SPACE_GLOBAL:
    case SPACE_CONST:
        return resolve_alloc(vm, t, addr, len, write, avail);
    case SPACE_SHARED:
        return resolve_window(vm, t->shared, t->shared_size,
                              t->is_host ? "host code" : "the block", addr, len, write, avail);
    case SPACE_LOCAL:
        return resolve_window(vm, t->local, t->local_size,
                              t->is_host ? "host code" : "the thread", addr, len, write, avail);
    default:
        simt_vm_faultf(vm, "invalid %s of %" PRIu64 " bytes at address 0x%" PRIx64
                       " (not an address of any memory space)", access_name(write), len, addr);
        return NULL;
    }
}

void *simt_vm_translate(simt_vm *vm, const simt_tctx *t, uint64_t addr, uint64_t len,
                        int write)
{
    uint64_t avail;
    void *p = resolve(vm, t, addr, len, write, &avail);
    if (!p) /* every way resolve fails is a bad address */
        vm->fault.kind = FAULT_ADDRESS;
    /* Every builtin that fills guest memory (memcpy, cudaMemset, fread...)
     * asks for it here: for the init checker that memory is now written. */
    if (p && write)
        SIMT_NOTIFY(vm, host_write, addr, len);
    return p;
}

const char *simt_vm_cstr(simt_vm *vm, const simt_tctx *t, uint64_t addr, size_t max,
                         size_t *len)
{
    uint64_t avail;
    const char *s = (const char *)resolve(vm, t, addr, max ? 1 : 0, 0, &avail);
    if (!s) {
        vm->fault.kind = FAULT_ADDRESS;
        return NULL;
    }
    uint64_t scan = avail < max ? avail : max;
    const char *nul = memchr(s, 0, scan);
    if (nul) {
        *len = (size_t)(nul - s);
        return s;
    }
    if (scan == max) {
        *len = max; /* max bytes read and no terminator needed */
        return s;
    }
    simt_vm_faultf(vm, "out-of-bounds %s read at 0x%" PRIx64 ": the string runs past the end"
                   " of its memory (%" PRIu64 " bytes) without a terminating NUL",
                   space_names[SIMT_ADDR_SPACE(addr)], addr, avail);
    vm->fault.kind = FAULT_ADDRESS;
    return NULL;
}
