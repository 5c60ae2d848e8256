/* runtime/cstdlib.c -- <stdlib.h> on the host beyond runtime/host.c's
 * malloc family: posix_memalign, aligned_alloc, strtod, strtoul, and the
 * environment: getenv, setenv, unsetenv, putenv.
 *
 * Aligned blocks are ordinary host malloc blocks (free() takes them) placed
 * at the alignment asked for.  The environment starts empty: a program's
 * output must not depend on the shell it runs in.  What the program itself
 * sets (textbooks set CUDA_DEVICE_MAX_CONNECTIONS and read it back) is kept
 * in vm->environ_vars, names on the host and values in guest memory, so
 * that getenv returns a pointer the program can print. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/hostlib.h"

/* C: a power of two (posix_memalign also wants a multiple of sizeof(void *)). */
static int valid_alignment(uint64_t a, uint64_t at_least)
{
    return a >= at_least && (a & (a - 1)) == 0 && a <= (1u << 30);
}

static uint64_t aligned_block(call *c, uint64_t align, uint64_t size)
{
    return simt_mem_alloc(&c->vm->mem, SPACE_GLOBAL, size, align < 256 ? 256 : align,
                          ALLOC_MALLOC, NULL);
}

/* int posix_memalign(void **p, size_t align, size_t size): 0, EINVAL or ENOMEM */
simt_status simt_lib_POSIX_MEMALIGN(call *c)
{
    uint64_t align = arg(c, 1), size = arg(c, 2);
    if (!valid_alignment(align, 8))
        return ret_int(c, EINVAL);
    uint64_t addr = aligned_block(c, align, size);
    if (!addr)
        return ret_int(c, ENOMEM);
    if (store_u64(c, "posix_memalign", arg(c, 0), addr) != 0)
        return SIMT_FAULT;
    return ret_int(c, 0);
}

simt_status simt_lib_ALIGNED_ALLOC(call *c)
{
    uint64_t align = arg(c, 0);
    if (!valid_alignment(align, 1))
        return ret_u64(c, 0);
    return ret_u64(c, aligned_block(c, align, arg(c, 1)));
}

/* The guest address where a host parse of the guest string s stopped. */
static int store_end(call *c, const char *fn, uint64_t s_addr, const char *s, const char *end)
{
    return arg(c, 1) ? store_u64(c, fn, arg(c, 1), s_addr + (uint64_t)(end - s)) : 0;
}

simt_status simt_lib_STRTOD(call *c)
{
    size_t len;
    const char *s = guest_str(c, "strtod", arg(c, 0), SIZE_MAX, &len);
    if (!s)
        return SIMT_FAULT;
    char *end;
    double d = strtod(s, &end);
    if (store_end(c, "strtod", arg(c, 0), s, end) != 0)
        return SIMT_FAULT;
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return ret_u64(c, bits);
}


/* strtoul, strtoll and strtoull: long long is long on the hosts simtvm runs on (LP64) */
static simt_status strtoll_like(call *c, const char *name, int is_unsigned)
{
    size_t len;
    const char *s = guest_str(c, name, arg(c, 0), SIZE_MAX, &len);
    if (!s)
        return SIMT_FAULT;
    char *end;
    int base = arg_int(c, 2);
    if (base != 0 && (base < 2 || base > 36))
        return ret_u64(c, 0); /* glibc: EINVAL, nothing parsed */
    uint64_t v = is_unsigned ? (uint64_t)strtoull(s, &end, base) : (uint64_t)strtoll(s, &end, base);
    if (store_end(c, name, arg(c, 0), s, end) != 0)
        return SIMT_FAULT;
    return ret_u64(c, v);
}

simt_status simt_lib_STRTOUL(call *c)
{
    return strtoll_like(c, "strtoul", 1); /* unsigned long is unsigned long long here */
}

simt_status simt_lib_STRTOLL(call *c)
{
    return strtoll_like(c, "strtoll", 0);
}

simt_status simt_lib_STRTOULL(call *c)
{
    return strtoll_like(c, "strtoull", 1);
}

simt_status simt_lib_ATOLL(call *c)
{
    size_t len;
    const char *s = guest_str(c, "atoll", arg(c, 0), SIZE_MAX, &len);
    return s ? ret_u64(c, (uint64_t)atoll(s)) : SIMT_FAULT;
}

typedef struct env_var {
    char *name;                 /* host copy */
    uint64_t value;             /* guest address of the value's text */
} env_var;

typedef struct simt_environ {
    env_var *v;
    size_t n, cap;
} simt_environ;

void simt_environ_free(simt_vm *vm)
{
    simt_environ *e = vm->environ_vars;
    if (!e)
        return;
    for (size_t i = 0; i < e->n; i++)
        simt_free(&vm->cfg.alloc, e->v[i].name);
    simt_free(&vm->cfg.alloc, e->v);
    simt_free(&vm->cfg.alloc, e);
    vm->environ_vars = NULL;
}

/* The variable named by the first len bytes of name, or NULL. */
static env_var *env_find(simt_vm *vm, const char *name, size_t len)
{
    simt_environ *e = vm->environ_vars;
    for (size_t i = 0; e && i < e->n; i++)
        if (strlen(e->v[i].name) == len && !memcmp(e->v[i].name, name, len))
            return &e->v[i];
    return NULL;
}

/* A new variable of that name (its value 0), or NULL after a fault. */
static env_var *env_add(call *c, const char *name, size_t len)
{
    simt_vm *vm = c->vm;
    const simt_allocator *al = &vm->cfg.alloc;
    if (!vm->environ_vars && !(vm->environ_vars = simt_calloc(al, 1, sizeof *vm->environ_vars)))
        return simt_vm_oom(vm, "the environment"), NULL;
    simt_environ *e = vm->environ_vars;
    if (e->n == e->cap) {
        size_t cap = e->cap ? 2 * e->cap : 8;
        env_var *v = simt_realloc(al, e->v, cap * sizeof *v);
        if (!v)
            return simt_vm_oom(vm, "the environment"), NULL;
        e->v = v;
        e->cap = cap;
    }
    char *copy = simt_calloc(al, 1, len + 1);
    if (!copy)
        return simt_vm_oom(vm, "the environment"), NULL;
    memcpy(copy, name, len);
    e->v[e->n] = (env_var){ .name = copy };
    return &e->v[e->n++];
}

static void env_remove(simt_vm *vm, env_var *v)
{
    simt_environ *e = vm->environ_vars;
    simt_free(&vm->cfg.alloc, v->name);
    *v = e->v[--e->n];
}

/* POSIX: a name is non-empty and has no '='. */
static int env_name_ok(const char *name, size_t len)
{
    return len > 0 && !memchr(name, '=', len);
}

simt_status simt_lib_GETENV(call *c)
{
    size_t len;
    const char *name = guest_str(c, "getenv", arg(c, 0), SIZE_MAX, &len);
    if (!name)
        return SIMT_FAULT;
    env_var *v = env_find(c->vm, name, len);
    return ret_u64(c, v ? v->value : 0);
}

/* int setenv(name, value, overwrite): the value is copied into guest memory
 * that lives as long as the program (as glibc's copies do). */
simt_status simt_lib_SETENV(call *c)
{
    size_t len, vlen;
    const char *name = guest_str(c, "setenv", arg(c, 0), SIZE_MAX, &len);
    if (!name || !guest_str(c, "setenv", arg(c, 1), SIZE_MAX, &vlen))
        return SIMT_FAULT;
    if (!env_name_ok(name, len)) {
        errno = EINVAL;
        return ret_int(c, -1);
    }
    env_var *v = env_find(c->vm, name, len);
    if (v && arg_int(c, 2) == 0)
        return ret_int(c, 0);
    uint64_t addr = simt_mem_alloc(&c->vm->mem, SPACE_GLOBAL, vlen + 1, 256, ALLOC_MODULE,
                                   "the environment");
    if (!addr)
        return ret_int(c, -1);
    /* the allocation may move guest memory's table: read both again */
    name = guest_str(c, "setenv", arg(c, 0), SIZE_MAX, &len);
    const char *value = guest_str(c, "setenv", arg(c, 1), SIZE_MAX, &vlen);
    if (!name || !value || store(c, "setenv", addr, value, vlen + 1) != 0)
        return SIMT_FAULT;
    if (!(v = env_find(c->vm, name, len)) && !(v = env_add(c, name, len)))
        return SIMT_FAULT;
    v->value = addr;
    return ret_int(c, 0);
}

simt_status simt_lib_UNSETENV(call *c)
{
    size_t len;
    const char *name = guest_str(c, "unsetenv", arg(c, 0), SIZE_MAX, &len);
    if (!name)
        return SIMT_FAULT;
    if (!env_name_ok(name, len)) {
        errno = EINVAL;
        return ret_int(c, -1);
    }
    env_var *v = env_find(c->vm, name, len);
    if (v)
        env_remove(c->vm, v);
    return ret_int(c, 0);
}

/* int putenv("NAME=VALUE"): the program's own string becomes the value (a
 * later change to it shows in getenv, as in C); "NAME" alone unsets. */
simt_status simt_lib_PUTENV(call *c)
{
    size_t len;
    const char *s = guest_str(c, "putenv", arg(c, 0), SIZE_MAX, &len);
    if (!s)
        return SIMT_FAULT;
    const char *eq = memchr(s, '=', len);
    size_t nlen = eq ? (size_t)(eq - s) : len;
    if (nlen == 0)
        return ret_int(c, -1);
    env_var *v = env_find(c->vm, s, nlen);
    if (!eq) {
        if (v)
            env_remove(c->vm, v);
        return ret_int(c, 0);
    }
    if (!v && !(v = env_add(c, s, nlen)))
        return SIMT_FAULT;
    v->value = arg(c, 0) + nlen + 1;
    return ret_int(c, 0);
}
