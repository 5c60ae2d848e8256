/* runtime/thrust_sort.c -- the sort under Thrust's sort, stable_sort and
 * sort_by_key of arithmetic keys (lang/thrust_algorithm.c, __sort_keys).
 *
 * Thrust sorts such keys with CUB's stable radix sort; so does this, on
 * the host, natively: keys become unsigned integers that order as the keys
 * do (signed ones with the sign bit flipped; floating ones as CUB twiddles
 * them, -0.0 read as +0.0 so the two zeros are equal), a descending sort
 * sorts their complements, and an LSD radix sort over bytes moves indices,
 * so equal keys keep their order.  Then keys and values are permuted. */
#include <stdlib.h>
#include <string.h>

#include "runtime/hostlib.h"

enum { KIND_SIGNED = 1, KIND_UNSIGNED = 2, KIND_FLOAT = 3 };

/* The key at p (size bytes, kind) as an unsigned integer of its order. */
static uint64_t ordered(const unsigned char *p, int kind, int size)
{
    uint64_t u = 0;
    memcpy(&u, p, (size_t)size);      /* little-endian: the low bytes */
    uint64_t sign = 1ull << (size * 8 - 1);
    uint64_t all = size == 8 ? ~0ull : (1ull << (size * 8)) - 1;
    if (kind == KIND_SIGNED)
        return u ^ sign;
    if (kind == KIND_FLOAT) {
        if (u == sign)
            u = 0;                    /* -0.0 sorts as +0.0 */
        return (u & sign) ? ~u & all : u | sign;
    }
    return u;
}

/* Stable LSD radix sort of idx[0..n) by key[idx[i]], size bytes wide. */
static void radix(const uint64_t *key, uint32_t *idx, uint32_t *tmp, size_t n, int size)
{
    for (int b = 0; b < size; b++) {
        size_t count[257] = {0};
        for (size_t i = 0; i < n; i++)
            count[((key[idx[i]] >> (8 * b)) & 255) + 1]++;
        if (count[1 + ((key[idx[0]] >> (8 * b)) & 255)] == n)
            continue;                 /* every key has this byte */
        for (int d = 0; d < 256; d++)
            count[d + 1] += count[d];
        for (size_t i = 0; i < n; i++)
            tmp[count[(key[idx[i]] >> (8 * b)) & 255]++] = idx[i];
        memcpy(idx, tmp, n * sizeof *idx);
    }
}

/* a[0..n) of esize bytes each reordered so that a'[i] = a[idx[i]]. */
static void permute(unsigned char *a, size_t esize, const uint32_t *idx, size_t n,
                    unsigned char *buf)
{
    for (size_t i = 0; i < n; i++)
        memcpy(buf + i * esize, a + (size_t)idx[i] * esize, esize);
    memcpy(a, buf, n * esize);
}

/* void thrust::__simtvm_sort(void *keys, void *vals, size_t n, int kind_size,
 *                            int value_size, int descending)
 * kind_size: the key's kind * 16 + its size in bytes; vals may be 0. */
simt_status simt_lib_THRUST_SORT(call *c)
{
    const char *fn = "thrust::sort";
    uint64_t n = arg(c, 2);
    int kind = arg_int(c, 3) / 16, ksize = arg_int(c, 3) % 16, vsize = arg_int(c, 4);
    int desc = arg_int(c, 5) != 0;
    if (kind < KIND_SIGNED || kind > KIND_FLOAT || (ksize != 1 && ksize != 2 && ksize != 4
                                                    && ksize != 8) || vsize < 0)
        return simt_vm_faultf(c->vm, "%s: bad key or value description", fn);
    if (n < 2)
        return SIMT_OK;
    if (n > UINT32_MAX)
        return simt_vm_faultf(c->vm, "%s: %llu elements are more than simtvm sorts",
                              fn, (unsigned long long)n);
    unsigned char *k = guest(c, fn, arg(c, 0), n * (uint64_t)ksize, 1);
    unsigned char *v = vsize && arg(c, 1) ? guest(c, fn, arg(c, 1), n * (uint64_t)vsize, 1) : NULL;
    if (!k || (vsize && arg(c, 1) && !v))
        return SIMT_FAULT;
    size_t esize = (size_t)(vsize > ksize ? vsize : ksize);
    uint64_t *key = malloc(n * sizeof *key);
    uint32_t *idx = malloc(n * sizeof *idx), *tmp = malloc(n * sizeof *tmp);
    unsigned char *buf = malloc(n * esize);
    simt_status st = SIMT_OK;
    if (!key || !idx || !tmp || !buf) {
        st = simt_vm_faultf(c->vm, "%s: out of host memory", fn);
    } else {
        uint64_t all = ksize == 8 ? ~0ull : (1ull << (ksize * 8)) - 1;
        for (uint64_t i = 0; i < n; i++) {
            key[i] = ordered(k + i * (uint64_t)ksize, kind, ksize);
            if (desc)
                key[i] = ~key[i] & all;
            idx[i] = (uint32_t)i;
        }
        radix(key, idx, tmp, n, ksize);
        permute(k, (size_t)ksize, idx, n, buf);
        if (v)
            permute(v, (size_t)vsize, idx, n, buf);
    }
    free(key);
    free(idx);
    free(tmp);
    free(buf);
    return st;
}
