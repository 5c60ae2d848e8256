/* runtime/ffi.c -- module imports bound with dlsym and called through libffi.
 *
 * Each import gets its host function and a prepared ffi_cif at load time;
 * a call then only converts arguments.  Guest pointers become host pointers
 * into the allocation's storage: a native function that reads or writes past
 * the end of that allocation cannot be caught here (it is native code), so
 * only the pointer itself is checked.
 */
#include <dlfcn.h>
#include <ffi.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/ffi.h"

typedef struct native_fn {
    void *fn;
    ffi_cif cif;
    ffi_type **arg_types;
    const simt_sig *sig;
} native_fn;

typedef struct native_state {
    simt_allocator al;    /* the VM's */
    int oom;              /* binding failed for want of host memory */
    void **libs;          /* dlopen handles: --native-lib paths, then fallbacks */
    size_t nlibs;
    native_fn *fns;       /* one per module import */
    uint32_t nfns;
} native_state;

static ffi_type *ffi_type_of(unsigned vt)
{
    switch (vt) {
    case VT_VOID: return &ffi_type_void;
    case VT_BOOL: case VT_U8: return &ffi_type_uint8;
    case VT_I8: return &ffi_type_sint8;
    case VT_I16: return &ffi_type_sint16;
    case VT_U16: return &ffi_type_uint16;
    case VT_I32: return &ffi_type_sint32;
    case VT_U32: return &ffi_type_uint32;
    case VT_I64: return &ffi_type_sint64;
    case VT_U64: return &ffi_type_uint64;
    case VT_F32: return &ffi_type_float;
    case VT_F64: return &ffi_type_double;
    case VT_PTR: case VT_STR: return &ffi_type_pointer;
    default: return NULL;
    }
}

void simt_ffi_close(simt_vm *vm)
{
    native_state *st = vm->native;
    if (!st)
        return;
    const simt_allocator al = st->al;
    for (uint32_t i = 0; i < st->nfns; i++)
        simt_free(&al, st->fns[i].arg_types);
    simt_free(&al, st->fns);
    for (size_t i = 0; i < st->nlibs; i++)
        dlclose(st->libs[i]);
    simt_free(&al, st->libs);
    simt_free(&al, st);
    vm->native = NULL;
}

static int add_lib(native_state *st, const char *path, char *err, size_t errlen)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        snprintf(err, errlen, "cannot load native library %s: %s", path, dlerror());
        return -1;
    }
    void **libs = simt_realloc(&st->al, st->libs, (st->nlibs + 1) * sizeof *libs);
    if (!libs) {
        dlclose(h);
        st->oom = 1;
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    st->libs = libs;
    st->libs[st->nlibs++] = h;
    return 0;
}

static void *find_symbol(native_state *st, const char *name, const simt_ffi_symbol *syms,
                         size_t nsyms)
{
    for (size_t i = 0; i < nsyms; i++)
        if (strcmp(syms[i].name, name) == 0)
            return syms[i].fn;
    for (size_t i = 0; i < st->nlibs; i++) {
        void *fn = dlsym(st->libs[i], name);
        if (fn)
            return fn;
    }
    void *fn = dlsym(RTLD_DEFAULT, name);
    if (fn)
        return fn;
    /* libm may be absent from the process when the binary links it as-needed. */
    static const char *const fallbacks[] = { "libm.so.6", "libc.so.6" };
    for (size_t i = 0; i < sizeof fallbacks / sizeof fallbacks[0]; i++) {
        void *h = dlopen(fallbacks[i], RTLD_NOW | RTLD_LOCAL);
        if (!h)
            continue;
        fn = dlsym(h, name);
        dlclose(h); /* the library stays loaded: libc and libm are never unloaded */
        if (fn)
            return fn;
    }
    return NULL;
}

static int prepare(native_state *st, native_fn *f, const simt_sig *sig, const char *name,
                   char *err, size_t errlen)
{
    ffi_type *rtype = ffi_type_of(sig->ret);
    f->arg_types = simt_calloc(&st->al, sig->nargs ? sig->nargs : 1, sizeof *f->arg_types);
    if (!f->arg_types) {
        st->oom = 1;
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (!rtype) {
        snprintf(err, errlen, "native function '%s': unsupported signature", name);
        return -1;
    }
    for (unsigned k = 0; k < sig->nargs; k++) {
        f->arg_types[k] = ffi_type_of(sig->args[k]);
        if (!f->arg_types[k] || sig->args[k] == VT_VOID) {
            snprintf(err, errlen, "native function '%s': unsupported type of argument %u",
                     name, k + 1);
            return -1;
        }
    }
    ffi_status fs = sig->nfixed < sig->nargs
        ? ffi_prep_cif_var(&f->cif, FFI_DEFAULT_ABI, sig->nfixed, sig->nargs, rtype,
                           f->arg_types)
        : ffi_prep_cif(&f->cif, FFI_DEFAULT_ABI, sig->nargs, rtype, f->arg_types);
    if (fs != FFI_OK) {
        snprintf(err, errlen, "native function '%s': libffi cannot call this signature", name);
        return -1;
    }
    f->sig = sig;
    return 0;
}

static int bind_all(native_state *st, const simt_module *mod, const simt_ffi_symbol *syms,
                    size_t nsyms, char *err, size_t errlen)
{
    st->fns = simt_calloc(&st->al, mod->nimports ? mod->nimports : 1, sizeof *st->fns);
    if (!st->fns) {
        st->oom = 1;
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    st->nfns = mod->nimports;
    for (uint32_t i = 0; i < mod->nimports; i++) {
        const simt_import *imp = &mod->imports[i];
        if (imp->sig >= mod->nsigs) {
            snprintf(err, errlen, "native function '%s': bad signature index", imp->name);
            return -1;
        }
        st->fns[i].fn = find_symbol(st, imp->name, syms, nsyms);
        if (!st->fns[i].fn) {
            snprintf(err, errlen, "function '%s' is declared but has no body, and no native "
                     "library defines it (give one with --native-lib)", imp->name);
            return -1;
        }
        if (prepare(st, &st->fns[i], &mod->sigs[imp->sig], imp->name, err, errlen) != 0)
            return -1;
    }
    return 0;
}

int simt_ffi_open_with(simt_vm *vm, const char *const *libs, const simt_ffi_symbol *syms,
                       size_t nsyms, char *err, size_t errlen)
{
    simt_ffi_close(vm);
    native_state *st = simt_calloc(&vm->cfg.alloc, 1, sizeof *st);
    if (!st) {
        vm->oom = 1;
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    st->al = vm->cfg.alloc;
    vm->native = st;
    for (size_t i = 0; libs && libs[i]; i++)
        if (add_lib(st, libs[i], err, errlen) != 0)
            goto fail;
    if (vm->mod && bind_all(st, vm->mod, syms, nsyms, err, errlen) != 0)
        goto fail;
    return 0;
fail:
    vm->oom |= st->oom;
    simt_ffi_close(vm);
    return -1;
}

int simt_ffi_open(simt_vm *vm, const char *const *libs, char *err, size_t errlen)
{
    return simt_ffi_open_with(vm, libs, NULL, 0, err, errlen);
}

/* ---- calls ---- */

typedef union slot {
    int8_t i8; uint8_t u8; int16_t i16; uint16_t u16; int32_t i32; uint32_t u32;
    int64_t i64; uint64_t u64; float f; double d; void *p;
} slot;

static void load_slot(slot *s, unsigned vt, uint64_t raw)
{
    switch (vt) {
    case VT_BOOL: s->u8 = (uint8_t)(raw != 0); break;
    case VT_I8: s->i8 = (int8_t)raw; break;
    case VT_U8: s->u8 = (uint8_t)raw; break;
    case VT_I16: s->i16 = (int16_t)raw; break;
    case VT_U16: s->u16 = (uint16_t)raw; break;
    case VT_I32: s->i32 = (int32_t)(uint32_t)raw; break;
    case VT_U32: s->u32 = (uint32_t)raw; break;
    case VT_F32: { uint32_t bits = (uint32_t)raw; memcpy(&s->f, &bits, sizeof bits); break; }
    default: s->u64 = raw; break; /* I64, U64, F64 */
    }
}

/* The guest address of a host pointer into the memory one of the pointer
 * arguments names (strchr, strstr, memchr return such pointers), or 0. */
static uint64_t map_back(simt_vm *vm, const simt_tctx *t, const simt_sig *sig,
                         const uint64_t *args, const uint8_t *p)
{
    if (!p)
        return 0;
    for (unsigned k = 0; k < sig->nargs; k++) {
        if (sig->args[k] != VT_PTR && sig->args[k] != VT_STR)
            continue;
        uint64_t addr = args[k];
        unsigned space = SIMT_ADDR_SPACE(addr);
        const uint8_t *base = NULL;
        uint64_t size = 0, guest_base = 0;
        if (space == SPACE_GLOBAL || space == SPACE_CONST) {
            simt_alloc *a = simt_mem_find(&vm->mem, addr);
            if (a && a->data)
                base = a->data, size = a->size, guest_base = a->base;
        } else if (t && space == SPACE_SHARED) {
            base = t->shared, size = t->shared_size, guest_base = SIMT_ADDR(SPACE_SHARED, 0);
        } else if (t && space == SPACE_LOCAL) {
            base = t->local, size = t->local_size, guest_base = SIMT_ADDR(SPACE_LOCAL, 0);
        }
        if (base && p >= base && (uint64_t)(p - base) <= size)
            return guest_base + (uint64_t)(p - base);
    }
    return 0;
}

static uint64_t result_bits(unsigned vt, const slot *r, ffi_arg wide)
{
    switch (vt) {
    case VT_VOID: return 0;
    case VT_BOOL: case VT_U8: return (uint8_t)wide;
    case VT_U16: return (uint16_t)wide;
    case VT_U32: return (uint32_t)wide;
    /* as SEXT8 and SEXT16 leave them: K converts a char or short to a wider
     * type without extending it again */
    case VT_I8: return (uint64_t)(int64_t)(int8_t)wide;
    case VT_I16: return (uint64_t)(int64_t)(int16_t)wide;
    case VT_I32: return (uint32_t)(int32_t)wide;
    case VT_F32: { uint32_t bits; memcpy(&bits, &r->f, sizeof bits); return bits; }
    default: return r->u64;
    }
}

simt_status simt_ffi_call(simt_vm *vm, const simt_tctx *t, uint32_t import,
                          const uint64_t *args, uint64_t *ret)
{
    native_state *st = vm->native;
    *ret = 0;
    if (!st || import >= st->nfns || !st->fns[import].fn)
        return simt_vm_faultf(vm, "call of native function #%u, which is not bound", import);
    const native_fn *f = &st->fns[import];
    const simt_sig *sig = f->sig;
    slot values[255];
    void *ptrs[255];
    for (unsigned k = 0; k < sig->nargs; k++) {
        unsigned vt = sig->args[k];
        if ((vt == VT_PTR || vt == VT_STR) && args[k] != 0) {
            values[k].p = simt_vm_translate(vm, t, args[k], 0, 0);
            if (!values[k].p) {
                char msg[sizeof vm->fault.message];
                memcpy(msg, vm->fault.message, sizeof msg);
                return simt_vm_faultf(vm, "argument %u of %s: %.400s", k + 1,
                                      vm->mod->imports[import].name, msg);
            }
        } else {
            load_slot(&values[k], vt, args[k]);
        }
        ptrs[k] = &values[k];
    }
    /* libffi widens small integer results to a full ffi_arg. */
    union { ffi_arg wide; slot s; } r = { 0 };
    ffi_call((ffi_cif *)&f->cif, FFI_FN(f->fn), &r, ptrs);
    if (sig->ret == VT_PTR || sig->ret == VT_STR)
        *ret = map_back(vm, t, sig, args, r.s.p);
    else
        *ret = result_bits(sig->ret, &r.s, r.wide);
    return SIMT_OK;
}
