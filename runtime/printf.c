/* runtime/printf.c -- printf for guest programs, host and device alike.
 *
 * Each conversion specification of the guest's format is parsed, its value
 * converted exactly as C's default promotions and length modifiers would, and
 * then handed to the host's snprintf with an equivalent specification.  So the
 * text is glibc's own, flag for flag; only the argument plumbing is ours.
 * Integers are normalised to `ll` after the cast the guest's modifier implies
 * (%hhx of 300 is formatted as %llx of 44), which keeps the host call's types
 * exact without one snprintf call per C type.
 *
 * A spec that cannot be honoured (no argument left, unknown conversion) is
 * copied to the output literally; %n is refused with a fault, since it would
 * let a format string write memory.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/runtime.h"
#include "vm/vm.h"

typedef struct outbuf {
    const simt_allocator *al;
    char *p;
    size_t len, cap;
    int failed;
} outbuf;

static char *reserve(outbuf *b, size_t n)
{
    if (b->failed)
        return NULL;
    if (n >= SIMT_PRINTF_CALL_MAX || b->len >= SIMT_PRINTF_CALL_MAX - n) {
        b->failed = 2;  /* reported as a fault by simt_format_printf */
        return NULL;
    }
    if (b->cap - b->len <= n) {
        size_t cap = b->cap ? b->cap : 128;
        while (cap - b->len <= n)
            cap *= 2;
        char *p = simt_realloc(b->al, b->p, cap);
        if (!p) {
            b->failed = 1;
            return NULL;
        }
        b->p = p;
        b->cap = cap;
    }
    return b->p + b->len;
}

static void put_text(outbuf *b, const char *s, size_t n)
{
    char *dst = reserve(b, n);
    if (dst) {
        memcpy(dst, s, n);
        b->len += n;
        b->p[b->len] = '\0';
    }
}

/* Appends the host snprintf's rendering of one value: measure, then write. */
static void put_formatted(outbuf *b, const char *spec, ...)
{
    va_list ap, ap2;
    va_start(ap, spec);
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, spec, ap);
    va_end(ap);
    char *dst = n >= 0 ? reserve(b, (size_t)n) : NULL;
    if (dst) {
        vsnprintf(dst, (size_t)n + 1, spec, ap2);
        b->len += (size_t)n;
    } else if (!b->failed) {
        b->failed = 1;
    }
    va_end(ap2);
}

/* ---- one conversion specification ---- */

enum length { LEN_NONE, LEN_HH, LEN_H, LEN_L, LEN_LL, LEN_Z, LEN_J, LEN_T, LEN_BIG_L };

typedef struct spec {
    char flags[8];      /* the distinct flags of "-+ #0", in order seen */
    int width;          /* -1: none */
    int precision;      /* -1: none */
    enum length length;
    char conv;
} spec;

typedef struct args_cursor {
    const simt_sig *sig;
    const uint64_t *args;
    int nargs;
    int next;
} args_cursor;

static int next_arg(args_cursor *a, uint64_t *raw, unsigned *type)
{
    if (a->next >= a->nargs || a->next >= a->sig->nargs)
        return -1;
    *type = a->sig->args[a->next];
    *raw = a->args[a->next++];
    return 0;
}

/* A raw register value as a 64-bit integer, extended as its type says. */
static int64_t as_integer(uint64_t raw, unsigned type)
{
    switch (type) {
    case VT_BOOL: return raw & 1;
    case VT_I8: return (int8_t)raw;
    case VT_U8: return (uint8_t)raw;
    case VT_I16: return (int16_t)raw;
    case VT_U16: return (uint16_t)raw;
    case VT_I32: return (int32_t)raw;
    case VT_U32: case VT_F32: return (uint32_t)raw;
    default: return (int64_t)raw;
    }
}

static double as_double(uint64_t raw, unsigned type)
{
    if (type == VT_F32) {
        float f;
        uint32_t bits = (uint32_t)raw;
        memcpy(&f, &bits, sizeof f);
        return f;
    }
    double d;
    memcpy(&d, &raw, sizeof d);
    return d;
}

/* Parses the text after '%' up to and including the conversion character.
 * '*' widths and precisions are taken from the arguments.  Returns the number
 * of characters consumed, or 0 when the spec is malformed or an argument is
 * missing. */
static size_t parse_spec(const char *s, size_t n, spec *sp, args_cursor *a)
{
    size_t i = 0, nflags = 0;
    memset(sp, 0, sizeof *sp);
    sp->width = sp->precision = -1;
    for (; i < n && strchr("-+ #0", s[i]) && s[i]; i++)
        if (!memchr(sp->flags, s[i], nflags) && nflags < sizeof sp->flags - 2)
            sp->flags[nflags++] = s[i];
    uint64_t raw;
    unsigned type;
    if (i < n && s[i] == '*') {
        if (next_arg(a, &raw, &type) != 0)
            return 0;
        int w = (int)as_integer(raw, type);
        if (w < 0) {
            if (!memchr(sp->flags, '-', nflags))
                sp->flags[nflags++] = '-';
            w = w == INT32_MIN ? INT32_MAX : -w;
        }
        sp->width = w;
        i++;
    } else {
        for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
            if (sp->width > (INT32_MAX - 9) / 10)
                return 0;
            sp->width = (sp->width < 0 ? 0 : sp->width * 10) + (s[i] - '0');
        }
    }
    if (i < n && s[i] == '.') {
        i++;
        sp->precision = 0;
        if (i < n && s[i] == '*') {
            if (next_arg(a, &raw, &type) != 0)
                return 0;
            int p = (int)as_integer(raw, type);
            sp->precision = p < 0 ? -1 : p; /* a negative precision is taken as omitted */
            i++;
        } else {
            for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
                if (sp->precision > (INT32_MAX - 9) / 10)
                    return 0;
                sp->precision = sp->precision * 10 + (s[i] - '0');
            }
        }
    }
    if (i + 1 < n && s[i] == 'h' && s[i + 1] == 'h') { sp->length = LEN_HH; i += 2; }
    else if (i + 1 < n && s[i] == 'l' && s[i + 1] == 'l') { sp->length = LEN_LL; i += 2; }
    else if (i < n && s[i] == 'h') { sp->length = LEN_H; i++; }
    else if (i < n && s[i] == 'l') { sp->length = LEN_L; i++; }
    else if (i < n && s[i] == 'z') { sp->length = LEN_Z; i++; }
    else if (i < n && s[i] == 'j') { sp->length = LEN_J; i++; }
    else if (i < n && s[i] == 't') { sp->length = LEN_T; i++; }
    else if (i < n && s[i] == 'L') { sp->length = LEN_BIG_L; i++; }
    if (i >= n || !s[i] || !strchr("diuxXocsfFeEgGaApn%", s[i]))
        return 0;
    sp->conv = s[i];
    return i + 1;
}

/* The host specification: flags, width, precision, then `mod` and `conv`. */
static void host_spec(char *out, size_t size, const spec *sp, const char *mod, char conv)
{
    int n = snprintf(out, size, "%%%s", sp->flags);
    if (sp->width >= 0)
        n += snprintf(out + n, size - (size_t)n, "%d", sp->width);
    if (sp->precision >= 0)
        n += snprintf(out + n, size - (size_t)n, ".%d", sp->precision);
    snprintf(out + n, size - (size_t)n, "%s%c", mod, conv);
}

/* C's conversion of the promoted argument to the type the modifier names. */
static int64_t cast_signed(int64_t v, enum length len)
{
    switch (len) {
    case LEN_HH: return (signed char)v;
    case LEN_H: return (short)v;
    case LEN_NONE: return (int)v;
    default: return v; /* every other modifier names a 64-bit type here */
    }
}

static uint64_t cast_unsigned(uint64_t v, enum length len)
{
    switch (len) {
    case LEN_HH: return (unsigned char)v;
    case LEN_H: return (unsigned short)v;
    case LEN_NONE: return (unsigned)v;
    default: return v;
    }
}

typedef struct printf_ctx {
    simt_vm *vm;
    const simt_tctx *t;
    outbuf *out;
    args_cursor *args;
} printf_ctx;

/* %s: the guest string, read no further than the precision allows (C lets
 * an array without a terminator be printed with a precision). */
static int convert_string(printf_ctx *c, const spec *sp, uint64_t addr)
{
    char hs[64];
    if (addr == 0) {
        host_spec(hs, sizeof hs, sp, "", 's');
        put_formatted(c->out, hs, "(null)");
        return 1;
    }
    size_t max = sp->precision >= 0 ? (size_t)sp->precision : SIZE_MAX;
    size_t len;
    const char *str = simt_vm_cstr(c->vm, c->t, addr, max, &len);
    if (!str)
        return -1;
    spec bounded = *sp;
    bounded.precision = len > INT32_MAX ? INT32_MAX : (int)len;
    host_spec(hs, sizeof hs, &bounded, "", 's');
    put_formatted(c->out, hs, str);
    return 1;
}

/* Formats one parsed spec.  Returns 1 done, 0 to copy the spec literally
 * (argument missing), -1 after a fault. */
static int convert(printf_ctx *c, const spec *sp)
{
    char hs[64];
    uint64_t raw;
    unsigned type;
    if (sp->conv == '%') {
        put_text(c->out, "%", 1);
        return 1;
    }
    if (sp->conv == 'n') {
        simt_vm_faultf(c->vm, "printf: the %%n conversion is not supported");
        return -1;
    }
    if (next_arg(c->args, &raw, &type) != 0)
        return 0;
    switch (sp->conv) {
    case 'd': case 'i':
        host_spec(hs, sizeof hs, sp, "ll", sp->conv);
        put_formatted(c->out, hs, (long long)cast_signed(as_integer(raw, type), sp->length));
        return 1;
    case 'u': case 'x': case 'X': case 'o':
        host_spec(hs, sizeof hs, sp, "ll", sp->conv);
        put_formatted(c->out, hs, (unsigned long long)cast_unsigned(
                                      (uint64_t)as_integer(raw, type), sp->length));
        return 1;
    case 'c':
        host_spec(hs, sizeof hs, sp, "", 'c');
        put_formatted(c->out, hs, (int)(unsigned char)raw);
        return 1;
    case 'p':
        host_spec(hs, sizeof hs, sp, "", 'p');
        put_formatted(c->out, hs, (void *)(uintptr_t)raw);
        return 1;
    case 's':
        return convert_string(c, sp, raw);
    default: /* f F e E g G a A */
        if (sp->length == LEN_BIG_L) {
            host_spec(hs, sizeof hs, sp, "L", sp->conv);
            put_formatted(c->out, hs, (long double)as_double(raw, type));
        } else {
            host_spec(hs, sizeof hs, sp, "", sp->conv);
            put_formatted(c->out, hs, as_double(raw, type));
        }
        return 1;
    }
}

simt_status simt_format_printf(simt_vm *vm, const simt_tctx *t, const simt_sig *sig,
                               const uint64_t *args, int nargs, char **out, size_t *outlen)
{
    return simt_format_printf_at(vm, t, sig, args, nargs, 0, out, outlen);
}

simt_status simt_format_printf_at(simt_vm *vm, const simt_tctx *t, const simt_sig *sig,
                                  const uint64_t *args, int nargs, int fmt_arg, char **out,
                                  size_t *outlen)
{
    *out = NULL;
    *outlen = 0;
    if (nargs < fmt_arg + 1)
        return simt_vm_faultf(vm, "printf: no format string");
    size_t flen;
    const char *fmt = simt_vm_cstr(vm, t, args[fmt_arg], SIZE_MAX, &flen);
    if (!fmt)
        return SIMT_FAULT;
    outbuf b = { .al = &vm->cfg.alloc };
    args_cursor cursor = { .sig = sig, .args = args, .nargs = nargs, .next = fmt_arg + 1 };
    printf_ctx c = { .vm = vm, .t = t, .out = &b, .args = &cursor };
    size_t i = 0;
    while (i < flen && !b.failed) {
        const char *pct = memchr(fmt + i, '%', flen - i);
        size_t plain = pct ? (size_t)(pct - (fmt + i)) : flen - i;
        put_text(&b, fmt + i, plain);
        i += plain;
        if (i >= flen)
            break;
        spec sp;
        size_t used = parse_spec(fmt + i + 1, flen - i - 1, &sp, &cursor);
        int done = used ? convert(&c, &sp) : 0;
        if (done < 0) {
            simt_free(b.al, b.p);
            return SIMT_FAULT;
        }
        if (done == 0) {
            /* Malformed or short of arguments: show the text as written. */
            used = used ? used : strspn(fmt + i + 1, "-+ #0123456789.*hlzjtL");
            put_text(&b, fmt + i, used + 1);
        }
        i += used + 1;
    }
    if (b.failed || !reserve(&b, 0)) {
        simt_free(b.al, b.p);
        if (b.failed == 2)
            return simt_vm_faultf(vm, "printf: one call's output exceeds %u bytes "
                                  "(a huge field width?)", SIMT_PRINTF_CALL_MAX);
        return simt_vm_oom(vm, "printf's output");
    }
    b.p[b.len] = '\0';
    *out = b.p;
    *outlen = b.len;
    return SIMT_OK;
}
