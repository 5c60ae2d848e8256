/* runtime/api_buffer.c -- the embedding API's buffers (allocations in the
 * loaded program's global memory, and handles on module variables), their
 * .npy forms, and typed kernel arguments.
 *
 * A buffer handle is never released before its VM: simtvm_buffer_free and a
 * reload only mark it, so that any later use is reported as SIMTVM_ERR_STALE
 * instead of touching freed memory.
 */
#include "runtime/api.h"

#include <stdlib.h>
#include <string.h>

#include "runtime/npy.h"
#include "runtime/observers.h"

static const char *const TYPE_NAMES[SIMTVM_TYPE_COUNT] = {
    "void", "bool", "char", "unsigned char", "short", "unsigned short", "int", "unsigned int",
    "long", "unsigned long", "float", "double", "void *",
};

unsigned simt_api_vtype(simtvm_type t)
{
    return (unsigned)t; /* the enums are in the same order (api.c asserts it) */
}

size_t simtvm_type_size(simtvm_type type)
{
    if ((unsigned)type >= SIMTVM_TYPE_COUNT)
        return 0;
    return simt_vtype_size(simt_api_vtype(type));
}

const char *simtvm_type_name(simtvm_type type)
{
    return (unsigned)type < SIMTVM_TYPE_COUNT ? TYPE_NAMES[type] : "?";
}

/* The K spelling of a vtype, VT_STR included. */
static const char *vt_name(unsigned vt)
{
    return vt == VT_STR ? "const char *" : simtvm_type_name((simtvm_type)vt);
}

void simt_api_sig_text(const simt_sig *sig, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "%s(", vt_name(sig->ret));
    for (unsigned k = 0; k < sig->nargs && n < len; k++)
        n += (size_t)snprintf(buf + n, len - n, "%s%s%s", k ? ", " : "",
                              k == sig->nfixed ? "..., " : "", vt_name(sig->args[k]));
    if (n < len)
        snprintf(buf + n, len - n, "%s)", sig->nargs ? "" : "void");
}

/* ---- handles ---- */

/* Says why buf cannot be used (and records it in its VM), or SIMTVM_OK. */
static simtvm_status usable(const simtvm_buffer *buf)
{
    if (!buf)
        return SIMTVM_ERR_NULL;
    simtvm_vm *vm = buf->vm;
    if (buf->freed)
        return simt_api_fail(vm, SIMTVM_ERR_STALE, "buffer used after simtvm_buffer_free");
    if (buf->load != vm->loads || !vm->mod)
        return simt_api_fail(vm, SIMTVM_ERR_STALE, "buffer of an earlier load of the VM "
                             "(simtvm_load frees every buffer)");
    return SIMTVM_OK;
}

static simtvm_status new_handle(simtvm_vm *vm, uint64_t addr, size_t size, simtvm_type type,
                                simtvm_buffer **out)
{
    simtvm_buffer *b = simt_calloc(&vm->al, 1, sizeof *b);
    if (!b)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    size_t esize = simtvm_type_size(type);
    b->vm = vm;
    b->addr = addr;
    b->size = size;
    b->type = esize ? type : SIMTVM_VOID;
    b->count = esize ? size / esize : size;
    b->load = vm->loads;
    b->next = vm->buffers;
    vm->buffers = b;
    *out = b;
    return simt_api_ok(vm);
}

void simt_api_free_buffers(simtvm_vm *vm)
{
    while (vm->buffers) {
        simtvm_buffer *next = vm->buffers->next;
        simt_free(&vm->al, vm->buffers);
        vm->buffers = next;
    }
}

simtvm_status simtvm_buffer_new(simtvm_vm *vm, simtvm_type elem, size_t count,
                                simtvm_buffer **out)
{
    if (out)
        *out = NULL;
    if (!vm)
        return SIMTVM_ERR_NULL;
    if (!out)
        return simt_api_fail(vm, SIMTVM_ERR_NULL, "simtvm_buffer_new: NULL out");
    if (!vm->mod)
        return simt_api_fail(vm, SIMTVM_ERR_MISUSE, "buffers live in a loaded program's memory: "
                             "call simtvm_load first");
    if ((unsigned)elem >= SIMTVM_TYPE_COUNT)
        return simt_api_fail(vm, SIMTVM_ERR_ARGS, "element type %d is not a simtvm_type",
                             (int)elem);
    size_t esize = elem == SIMTVM_VOID ? 1 : simtvm_type_size(elem);
    if (count == 0 || count > SIZE_MAX / esize)
        return simt_api_fail(vm, SIMTVM_ERR_RANGE, "a buffer of %zu elements of %s", count,
                             simtvm_type_name(elem));
    uint64_t addr = simt_mem_alloc(&vm->vm.mem, SPACE_GLOBAL, (uint64_t)(count * esize), 256,
                                   ALLOC_CUDA, "buffer");
    if (!addr && vm->vm.mem.oom)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory for a buffer of %zu bytes",
                             count * esize);
    if (!addr)
        return simt_api_fail(vm, SIMTVM_ERR_LIMIT, "%zu bytes do not fit in guest memory "
                             "(config.max_memory)", count * esize);
    simtvm_status st = new_handle(vm, addr, count * esize, elem, out);
    if (st != SIMTVM_OK)
        simt_mem_free(&vm->vm.mem, addr);
    else if (vm->vm.checker) /* documented zero-filled: --check=init sees it written */
        simt_check_host_write(vm->vm.checker, addr, count * esize);
    return st;
}

simtvm_status simtvm_buffer_of_global(simtvm_vm *vm, const char *name, simtvm_buffer **out)
{
    if (out)
        *out = NULL;
    if (!vm)
        return SIMTVM_ERR_NULL;
    if (!name || !out)
        return simt_api_fail(vm, SIMTVM_ERR_NULL, "simtvm_buffer_of_global: NULL %s",
                             name ? "out" : "name");
    if (!vm->mod)
        return simt_api_fail(vm, SIMTVM_ERR_MISUSE, "no module is loaded (call simtvm_load)");
    const simt_module *m = vm->mod->m;
    for (uint32_t g = 0; g < m->nglobals; g++) {
        const simt_global *gl = &m->globals[g];
        if (gl->name[0] == '.' || strcmp(gl->name, name))
            continue;
        simtvm_status st = new_handle(vm, vm->vm.global_addr[g], gl->size,
                                      gl->elem < VT_PTR ? (simtvm_type)gl->elem : SIMTVM_VOID,
                                      out);
        if (st == SIMTVM_OK)
            (*out)->is_variable = 1;
        return st;
    }
    return simt_api_fail(vm, SIMTVM_ERR_NOT_FOUND, "the module has no variable named '%s'", name);
}

/* The host bytes of [offset, offset+len) of buf, or NULL after an error. */
static uint8_t *span(const simtvm_buffer *buf, size_t offset, size_t len, int write,
                     simtvm_status *st)
{
    *st = usable(buf);
    if (*st != SIMTVM_OK)
        return NULL;
    simtvm_vm *vm = buf->vm;
    if (offset > buf->size || len > buf->size - offset) {
        *st = simt_api_fail(vm, SIMTVM_ERR_RANGE, "bytes [%zu, %zu) are outside a buffer of %zu "
                            "bytes", offset, offset + len, buf->size);
        return NULL;
    }
    simt_tctx host = {.is_host = 1};
    uint8_t *p = simt_vm_translate(&vm->vm, &host, buf->addr + offset, len, write);
    if (!p)
        *st = simt_api_fail(vm, SIMTVM_ERR_FAULT, "%s", vm->vm.fault.message);
    return p;
}

simtvm_status simtvm_buffer_write(simtvm_buffer *buf, size_t offset, const void *src, size_t len)
{
    simtvm_status st;
    if (!src && len)
        return buf ? simt_api_fail(buf->vm, SIMTVM_ERR_NULL, "simtvm_buffer_write: NULL src")
                   : SIMTVM_ERR_NULL;
    uint8_t *p = span(buf, offset, len, 1, &st);
    if (!p)
        return st;
    if (len)
        memcpy(p, src, len);
    if (buf->vm->vm.checker) /* for --check=init the embedder's bytes are initialised */
        simt_check_host_write(buf->vm->vm.checker, buf->addr + offset, len);
    return simt_api_ok(buf->vm);
}

simtvm_status simtvm_buffer_read(const simtvm_buffer *buf, size_t offset, void *dst, size_t len)
{
    simtvm_status st;
    if (!dst && len)
        return buf ? simt_api_fail(buf->vm, SIMTVM_ERR_NULL, "simtvm_buffer_read: NULL dst")
                   : SIMTVM_ERR_NULL;
    const uint8_t *p = span(buf, offset, len, 0, &st);
    if (!p)
        return st;
    if (len)
        memcpy(dst, p, len);
    return simt_api_ok(buf->vm);
}

size_t simtvm_buffer_size(const simtvm_buffer *buf)
{
    return buf && !buf->freed && buf->load == buf->vm->loads ? buf->size : 0;
}

size_t simtvm_buffer_count(const simtvm_buffer *buf)
{
    return buf && !buf->freed && buf->load == buf->vm->loads ? buf->count : 0;
}

simtvm_type simtvm_buffer_type(const simtvm_buffer *buf)
{
    return buf && !buf->freed && buf->load == buf->vm->loads ? buf->type : SIMTVM_VOID;
}

simtvm_status simtvm_buffer_free(simtvm_buffer *buf)
{
    if (!buf)
        return SIMTVM_OK;
    if (buf->freed)
        return simt_api_fail(buf->vm, SIMTVM_ERR_STALE, "buffer freed twice");
    buf->freed = 1;
    /* A stale buffer's memory went with its load; a variable stays. */
    if (buf->load == buf->vm->loads && buf->vm->mod && !buf->is_variable)
        simt_mem_free(&buf->vm->vm.mem, buf->addr);
    return simt_api_ok(buf->vm);
}

/* ---- .npy ---- */

static simtvm_status buffer_of_npy(simtvm_vm *vm, simt_npy *arr, simtvm_buffer **out)
{
    size_t bytes = (size_t)arr->count * simt_vtype_size(arr->type);
    simtvm_status st = simtvm_buffer_new(vm, (simtvm_type)arr->type, (size_t)arr->count, out);
    if (st == SIMTVM_OK)
        st = simtvm_buffer_write(*out, 0, arr->data, bytes);
    simt_npy_free(arr);
    return st;
}

simtvm_status simtvm_buffer_from_npy(simtvm_vm *vm, const void *data, size_t len,
                                     simtvm_buffer **out)
{
    if (out)
        *out = NULL;
    if (!vm)
        return SIMTVM_ERR_NULL;
    if (!data || !out)
        return simt_api_fail(vm, SIMTVM_ERR_NULL, "simtvm_buffer_from_npy: NULL %s",
                             data ? "out" : "data");
    if (!vm->mod)
        return simt_api_fail(vm, SIMTVM_ERR_MISUSE, "no module is loaded (call simtvm_load)");
    simt_npy arr;
    char why[256] = "";
    int rc = simt_npy_decode(&vm->al, data, len, &arr, why, sizeof why);
    if (rc != 0)
        return simt_api_fail(vm, rc == SIMT_NPY_NOMEM ? SIMTVM_ERR_NOMEM : SIMTVM_ERR_ARGS,
                             "not a usable .npy image: %s", why);
    return buffer_of_npy(vm, &arr, out);
}

simtvm_status simtvm_buffer_load_npy(simtvm_vm *vm, const char *path, simtvm_buffer **out)
{
    if (out)
        *out = NULL;
    if (!vm)
        return SIMTVM_ERR_NULL;
    if (!path || !out)
        return simt_api_fail(vm, SIMTVM_ERR_NULL, "simtvm_buffer_load_npy: NULL %s",
                             path ? "out" : "path");
    if (!vm->mod)
        return simt_api_fail(vm, SIMTVM_ERR_MISUSE, "no module is loaded (call simtvm_load)");
    simt_npy arr;
    char why[512] = "";
    int rc = simt_npy_load(&vm->al, path, &arr, why, sizeof why);
    if (rc != 0)
        return simt_api_fail(vm, rc == SIMT_NPY_NOMEM ? SIMTVM_ERR_NOMEM : SIMTVM_ERR_IO,
                             "%s", why);
    return buffer_of_npy(vm, &arr, out);
}

/* The buffer's bytes for encoding, or NULL after an error. */
static const uint8_t *npy_bytes(const simtvm_buffer *buf, simtvm_status *st)
{
    *st = usable(buf);
    if (*st != SIMTVM_OK)
        return NULL;
    if (buf->type == SIMTVM_VOID || buf->type == SIMTVM_PTR) {
        *st = simt_api_fail(buf->vm, SIMTVM_ERR_ARGS, "a buffer of %s has no .npy dtype",
                            simtvm_type_name(buf->type));
        return NULL;
    }
    return span(buf, 0, buf->size, 0, st);
}

simtvm_status simtvm_buffer_to_npy(const simtvm_buffer *buf, void **data, size_t *len)
{
    if (!data || !len)
        return buf ? simt_api_fail(buf->vm, SIMTVM_ERR_NULL, "simtvm_buffer_to_npy: NULL out")
                   : SIMTVM_ERR_NULL;
    simtvm_status st;
    const uint8_t *bytes = npy_bytes(buf, &st);
    if (!bytes)
        return st;
    const simt_allocator *al = &buf->vm->al;
    size_t n = 0;
    uint8_t *image = simt_npy_encode(al, (simt_vtype)buf->type, buf->count, bytes, &n);
    void *copy = image ? simt_api_hand_over(al, image, n) : NULL;
    simt_free(al, image);
    if (!copy)
        return simt_api_fail(buf->vm, SIMTVM_ERR_NOMEM, "out of memory");
    *data = copy;
    *len = n;
    return simt_api_ok(buf->vm);
}

simtvm_status simtvm_buffer_save_npy(const simtvm_buffer *buf, const char *path)
{
    if (!path)
        return buf ? simt_api_fail(buf->vm, SIMTVM_ERR_NULL, "simtvm_buffer_save_npy: NULL path")
                   : SIMTVM_ERR_NULL;
    simtvm_status st;
    const uint8_t *bytes = npy_bytes(buf, &st);
    if (!bytes)
        return st;
    char why[512] = "";
    if (simt_npy_save(&buf->vm->al, path, (simt_vtype)buf->type, buf->count, bytes, why,
                      sizeof why) != 0)
        return simt_api_fail(buf->vm, SIMTVM_ERR_IO, "%s", why);
    return simt_api_ok(buf->vm);
}

/* ---- kernel arguments ---- */

simtvm_arg simtvm_arg_of(simtvm_type type, int64_t i, uint64_t u, double f)
{
    simtvm_arg a = {.type = type};
    if (type == SIMTVM_F32 || type == SIMTVM_F64)
        a.v.f = f;
    else if (type == SIMTVM_U8 || type == SIMTVM_U16 || type == SIMTVM_U32 || type == SIMTVM_U64)
        a.v.u = u;
    else
        a.v.i = i;
    return a;
}

simtvm_arg simtvm_arg_i32(int32_t v) { return simtvm_arg_of(SIMTVM_I32, v, 0, 0); }
simtvm_arg simtvm_arg_u32(uint32_t v) { return simtvm_arg_of(SIMTVM_U32, 0, v, 0); }
simtvm_arg simtvm_arg_i64(int64_t v) { return simtvm_arg_of(SIMTVM_I64, v, 0, 0); }
simtvm_arg simtvm_arg_u64(uint64_t v) { return simtvm_arg_of(SIMTVM_U64, 0, v, 0); }
simtvm_arg simtvm_arg_f32(float v) { return simtvm_arg_of(SIMTVM_F32, 0, 0, v); }
simtvm_arg simtvm_arg_f64(double v) { return simtvm_arg_of(SIMTVM_F64, 0, 0, v); }

simtvm_arg simtvm_arg_buffer(simtvm_buffer *buf)
{
    simtvm_arg a = {.type = SIMTVM_PTR};
    a.v.buf = buf;
    return a;
}

/* The register image of a scalar (vm/vm.h's conventions: 32-bit and narrower
 * integers zero-extended from 32 bits, floats as their bits). */
static uint64_t scalar_bits(const simtvm_arg *a)
{
    switch (a->type) {
    case SIMTVM_BOOL: return a->v.i != 0;
    /* The compiler keeps char and short sign-extended through all 64 bits
     * (it widens them with a plain MOV); the low 32 bits are the same. */
    case SIMTVM_I8: return (uint64_t)(int64_t)(int8_t)a->v.i;
    case SIMTVM_I16: return (uint64_t)(int64_t)(int16_t)a->v.i;
    case SIMTVM_I32: return (uint32_t)(int32_t)a->v.i;
    case SIMTVM_U8: return (uint8_t)a->v.u;
    case SIMTVM_U16: return (uint16_t)a->v.u;
    case SIMTVM_U32: return (uint32_t)a->v.u;
    case SIMTVM_F32: {
        float f = (float)a->v.f;
        uint32_t bits;
        memcpy(&bits, &f, sizeof bits);
        return bits;
    }
    case SIMTVM_F64: {
        uint64_t bits;
        memcpy(&bits, &a->v.f, sizeof bits);
        return bits;
    }
    default: return (uint64_t)a->v.i; /* I64; U64 shares the bits */
    }
}

/* Checks one pointer argument and gives its address. */
static simtvm_status pointer_arg(simtvm_vm *vm, const char *kernel, int k, const char *pname,
                                 unsigned want, simtvm_buffer *buf, uint64_t *value)
{
    *value = 0;
    if (!buf)
        return SIMTVM_OK; /* a null pointer */
    if (buf->vm != vm)
        return simt_api_fail(vm, SIMTVM_ERR_MISUSE, "argument %d ('%s') of %s: a buffer of "
                             "another VM", k + 1, pname, kernel);
    simtvm_status st = usable(buf);
    if (st != SIMTVM_OK) {
        char why[sizeof vm->errmsg];
        memcpy(why, vm->errmsg, sizeof why);
        return simt_api_fail(vm, st, "argument %d ('%s') of %s: %.900s", k + 1, pname, kernel,
                             why);
    }
    if (want != VT_VOID && buf->type != SIMTVM_VOID && simt_api_vtype(buf->type) != want)
        return simt_api_fail(vm, SIMTVM_ERR_ARGS, "argument %d ('%s') of %s is %s *, given a "
                             "buffer of %s", k + 1, pname, kernel, vt_name(want),
                             simtvm_type_name(buf->type));
    *value = buf->addr;
    return SIMTVM_OK;
}

simtvm_status simt_api_convert_args(simtvm_vm *vm, int func, const simtvm_arg *args, int nargs,
                                    uint64_t *values)
{
    const simt_module *m = vm->mod->m;
    const simt_func *fn = &m->funcs[func];
    const simt_sig *sig = &m->sigs[fn->sig];
    if (nargs != sig->nargs) {
        char text[512];
        simt_api_sig_text(sig, text, sizeof text);
        return simt_api_fail(vm, SIMTVM_ERR_ARGS, "%s takes %d argument%s (%s), given %d",
                             fn->name, sig->nargs, sig->nargs == 1 ? "" : "s", text, nargs);
    }
    for (int k = 0; k < nargs; k++) {
        unsigned want = sig->args[k];
        const char *pname = fn->param_names && fn->param_names[k] ? fn->param_names[k] : "?";
        if ((unsigned)args[k].type >= SIMTVM_TYPE_COUNT || args[k].type == SIMTVM_VOID)
            return simt_api_fail(vm, SIMTVM_ERR_ARGS, "argument %d ('%s') of %s has no valid "
                                 "type (%d)", k + 1, pname, fn->name, (int)args[k].type);
        int is_ptr = want == VT_PTR || want == VT_STR;
        if (is_ptr != (args[k].type == SIMTVM_PTR) ||
            (!is_ptr && simt_api_vtype(args[k].type) != want))
            return simt_api_fail(vm, SIMTVM_ERR_ARGS, "argument %d ('%s') of %s is %s%s, given "
                                 "%s", k + 1, pname, fn->name,
                                 is_ptr ? vt_name(sig->ptr_elem[k]) : vt_name(want),
                                 is_ptr ? " *" : "", simtvm_type_name(args[k].type));
        if (!is_ptr) {
            values[k] = scalar_bits(&args[k]);
            continue;
        }
        simtvm_status st = pointer_arg(vm, fn->name, k, pname, sig->ptr_elem[k], args[k].v.buf,
                                       &values[k]);
        if (st != SIMTVM_OK)
            return st;
    }
    return SIMTVM_OK;
}
