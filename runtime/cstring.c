/* runtime/cstring.c -- <string.h> on the host beyond runtime/host.c's:
 * strncpy, strcat, strncat, strchr, strrchr (and rindex), strstr, strdup.
 *
 * Each reads the guest's strings where they are and writes only the bytes C
 * says it writes, through checked guest memory: a destination too small is
 * a located fault instead of an overflow.  Results that point into a string
 * are guest addresses (the argument's address plus the offset found). */
#include <string.h>

#include "runtime/hostlib.h"

simt_status simt_lib_STRNCPY(call *c)
{
    uint64_t n = arg(c, 2);
    if (n == 0)
        return ret_u64(c, arg(c, 0));
    size_t len;
    const char *src = guest_str(c, "strncpy", arg(c, 1), n, &len);
    char *dst = src ? guest(c, "strncpy", arg(c, 0), n, 1) : NULL;
    if (!dst)
        return SIMT_FAULT;
    memmove(dst, src, len);
    memset(dst + len, 0, n - len);   /* C pads with NULs up to n */
    return ret_u64(c, arg(c, 0));
}

/* Appends at most max bytes of src (and a NUL) to the string at dst. */
static simt_status append(call *c, const char *fn, size_t max)
{
    size_t dlen, slen;
    const char *d = guest_str(c, fn, arg(c, 0), SIZE_MAX, &dlen);
    const char *src = d ? guest_str(c, fn, arg(c, 1), max, &slen) : NULL;
    if (!src)
        return SIMT_FAULT;
    char *out = guest(c, fn, arg(c, 0) + dlen, slen + 1, 1);
    if (!out)
        return SIMT_FAULT;
    memmove(out, src, slen);
    out[slen] = '\0';
    return ret_u64(c, arg(c, 0));
}

simt_status simt_lib_STRCAT(call *c)
{
    return append(c, "strcat", SIZE_MAX);
}

simt_status simt_lib_STRNCAT(call *c)
{
    return append(c, "strncat", arg(c, 2));
}

/* strchr/strrchr: the terminating NUL counts as part of the string. */
static simt_status find_char(call *c, const char *fn, int last)
{
    size_t len;
    const char *s = guest_str(c, fn, arg(c, 0), SIZE_MAX, &len);
    if (!s)
        return SIMT_FAULT;
    char ch = (char)arg_int(c, 1);
    const char *p = last ? strrchr(s, ch) : strchr(s, ch);
    return ret_u64(c, p ? arg(c, 0) + (uint64_t)(p - s) : 0);
}

simt_status simt_lib_STRCHR(call *c)
{
    return find_char(c, "strchr", 0);
}

simt_status simt_lib_STRRCHR(call *c)
{
    return find_char(c, "strrchr", 1);
}

simt_status simt_lib_RINDEX(call *c)
{
    return find_char(c, "rindex", 1);
}

simt_status simt_lib_STRSTR(call *c)
{
    size_t hl, nl;
    const char *h = guest_str(c, "strstr", arg(c, 0), SIZE_MAX, &hl);
    const char *n = h ? guest_str(c, "strstr", arg(c, 1), SIZE_MAX, &nl) : NULL;
    if (!n)
        return SIMT_FAULT;
    const char *p = strstr(h, n);
    return ret_u64(c, p ? arg(c, 0) + (uint64_t)(p - h) : 0);
}

/* strspn and strcspn: the length of s's first run of characters in (out
 * of) the set. */
/* The string and the set of strspn, strcspn and strpbrk; 0 when either is
 * not a readable string (the fault is set). */
static int string_and_set(call *c, const char *fn, const char **s, const char **set)
{
    size_t sl, al;
    *s = guest_str(c, fn, arg(c, 0), SIZE_MAX, &sl);
    *set = *s ? guest_str(c, fn, arg(c, 1), SIZE_MAX, &al) : NULL;
    return *set != NULL;
}

static simt_status span(call *c, const char *fn, int in_set)
{
    const char *s, *set;
    if (!string_and_set(c, fn, &s, &set))
        return SIMT_FAULT;
    return ret_u64(c, in_set ? strspn(s, set) : strcspn(s, set));
}

simt_status simt_lib_STRSPN(call *c)
{
    return span(c, "strspn", 1);
}

simt_status simt_lib_STRCSPN(call *c)
{
    return span(c, "strcspn", 0);
}

/* strpbrk: the first character of s that is in the set (a pointer into s). */
simt_status simt_lib_STRPBRK(call *c)
{
    const char *s, *set;
    if (!string_and_set(c, "strpbrk", &s, &set))
        return SIMT_FAULT;
    const char *p = strpbrk(s, set);
    return ret_u64(c, p ? arg(c, 0) + (uint64_t)(p - s) : 0);
}

/* strdup: a host malloc block (free() takes it). */
simt_status simt_lib_STRDUP(call *c)
{
    size_t len;
    const char *s = guest_str(c, "strdup", arg(c, 0), SIZE_MAX, &len);
    if (!s)
        return SIMT_FAULT;
    uint64_t addr = simt_mem_alloc(&c->vm->mem, SPACE_GLOBAL, len + 1, 256, ALLOC_MALLOC, NULL);
    if (!addr)
        return ret_u64(c, 0);
    /* s may have moved if the table grew: read it again */
    s = guest_str(c, "strdup", arg(c, 0), SIZE_MAX, &len);
    if (!s || store(c, "strdup", addr, s, len + 1) != 0)
        return SIMT_FAULT;
    return ret_u64(c, addr);
}
