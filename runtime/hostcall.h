/* runtime/hostcall.h -- what a host builtin's body sees: the call (its VM,
 * thread, signature, raw arguments, result slot) and the helpers that read
 * arguments, write results and reach guest memory with a located fault.
 * Shared by runtime/host.c and the library files (stdio.c, clocks.c ...),
 * whose builtins are listed in runtime/libc.def. */
#ifndef SIMT_HOSTCALL_H
#define SIMT_HOSTCALL_H

#include <stdint.h>
#include <string.h>

#include "vm/vm.h"

typedef struct call {
    simt_vm *vm;
    const simt_tctx *t;
    const simt_sig *sig;
    const uint64_t *args;
    int nargs;
    uint64_t *ret;
} call;

/* ---- arguments, results, guest memory ---- */

/* Argument k; missing optional arguments read as 0. */
static inline uint64_t arg(const call *c, int k)
{
    return k < c->nargs ? c->args[k] : 0;
}

static inline int32_t arg_int(const call *c, int k)
{
    return (int32_t)(uint32_t)arg(c, k);
}

static inline simt_status ret_int(call *c, int32_t v)
{
    *c->ret = (uint32_t)v;
    return SIMT_OK;
}

static inline simt_status ret_u64(call *c, uint64_t v)
{
    *c->ret = v;
    return SIMT_OK;
}

/* Puts "fn: " in front of the fault message that translation left. */
static inline void prefix_fault(simt_vm *vm, const char *fn)
{
    char msg[sizeof vm->fault.message];
    memcpy(msg, vm->fault.message, sizeof msg);
    simt_vm_faultf(vm, "%s: %.490s", fn, msg);
}

static inline void *guest(call *c, const char *fn, uint64_t addr, uint64_t len, int write)
{
    void *p = simt_vm_translate(c->vm, c->t, addr, len, write);
    if (!p)
        prefix_fault(c->vm, fn);
    return p;
}

static inline const char *guest_str(call *c, const char *fn, uint64_t addr, size_t max, size_t *len)
{
    const char *s = simt_vm_cstr(c->vm, c->t, addr, max, len);
    if (!s)
        prefix_fault(c->vm, fn);
    return s;
}

static inline int store(call *c, const char *fn, uint64_t addr, const void *v, size_t size)
{
    void *p = guest(c, fn, addr, size, 1);
    if (!p)
        return -1;
    memcpy(p, v, size);
    return 0;
}

static inline int store_u64(call *c, const char *fn, uint64_t addr, uint64_t v)
{
    return store(c, fn, addr, &v, sizeof v);
}

static inline int store_i32(call *c, const char *fn, uint64_t addr, int32_t v)
{
    return store(c, fn, addr, &v, sizeof v);
}

#endif
