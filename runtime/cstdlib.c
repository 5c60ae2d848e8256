/* runtime/cstdlib.c -- <stdlib.h> on the host beyond runtime/host.c's
 * malloc family: posix_memalign, aligned_alloc, strtod, strtoul, getenv.
 *
 * Aligned blocks are ordinary host malloc blocks (free() takes them) placed
 * at the alignment asked for.  getenv sees no environment: a program's
 * output must not depend on the shell it runs in, so every name is unset
 * (NULL), as in an empty environment. */
#include <errno.h>
#include <stdlib.h>

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

simt_status simt_lib_GETENV(call *c)
{
    size_t len;
    if (!guest_str(c, "getenv", arg(c, 0), SIZE_MAX, &len))
        return SIMT_FAULT;
    return ret_u64(c, 0);
}
