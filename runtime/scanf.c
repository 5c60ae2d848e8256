/* runtime/scanf.c -- sscanf, fscanf and scanf on the host.
 *
 * The guest's format is cut into pieces of literal text and one conversion
 * each; every piece goes to the host's sscanf/fscanf with a %n after it and
 * a host variable of the conversion's C type, whose value is then stored
 * through the guest's pointer (checked guest memory, the size the length
 * modifier says).  So matching, whitespace and number parsing are glibc's.
 * Conversions: d i u o x X (hh h l ll z j t), f e g E G a (l L), s c [set],
 * %%, '*' and widths.  %n and %p are refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/hostlib.h"

/* A host stream or string being scanned. */
typedef struct scan_src {
    FILE *f;                    /* fscanf, or NULL */
    const char *s;              /* sscanf: the rest of the string */
} scan_src;

/* Runs one host piece (ending in %n) on the source: the items it assigned
 * (-1 at end of input) and, in *used, how much it consumed (sscanf). */
static int run_piece(scan_src *src, const char *piece, void *target, int *used)
{
    int n = -1, r;
    if (src->f)
        r = target ? fscanf(src->f, piece, target, &n) : fscanf(src->f, piece, &n);
    else
        r = target ? sscanf(src->s, piece, target, &n) : sscanf(src->s, piece, &n);
    *used = n;
    if (!src->f && n >= 0)
        src->s += n;
    return r;
}

/* Stores the host value v (size bytes) through guest pointer argument k. */
static int store_arg(call *c, int k, const void *v, size_t size)
{
    if (k >= c->nargs) {
        simt_vm_faultf(c->vm, "scanf: more conversions than arguments");
        return -1;
    }
    return store(c, "scanf", arg(c, k), v, size);
}

/* Scans with the format at argument fmt_arg; returns the conversions
 * assigned, or -1 for an input failure before the first. */
static simt_status scan(call *c, scan_src *src, int fmt_arg)
{
    size_t flen;
    const char *fmt = guest_str(c, "scanf", arg(c, fmt_arg), 4096, &flen);
    if (!fmt)
        return SIMT_FAULT;
    int assigned = 0, next = fmt_arg + 1, failed = 0;
    const char *p = fmt;
    while (*p && !failed) {
        char piece[4200], conv[64];
        const char *pct = strchr(p, '%');
        while (pct && pct[1] == '%')
            pct = strchr(pct + 2, '%');
        size_t lit = pct ? (size_t)(pct - p) : strlen(p);
        if (!pct) {             /* trailing literal text */
            snprintf(piece, sizeof piece, "%.*s%%n", (int)lit, p);
            int used;
            if (run_piece(src, piece, NULL, &used) == EOF && assigned == 0)
                return ret_int(c, -1);  /* as glibc: sscanf("", "text") is EOF */
            break;
        }
        size_t clen = 1 + strspn(pct + 1, "*0123456789hlLzjt");
        char k = pct[clen];
        if (k == '[') {         /* the set runs to its ']' (a leading ']' is in it) */
            const char *from = pct + clen + 1;
            from += *from == '^';
            const char *close = strchr(from + (*from == ']'), ']');
            if (!close)
                return simt_vm_faultf(c->vm, "scanf: '%%[' without its ']'");
            clen = (size_t)(close - pct);
        }
        if (!k || strchr("diuoxXfeEgGaAscp[n", k) == NULL || k == 'n' || k == 'p' ||
            clen >= sizeof conv) {
            return simt_vm_faultf(c->vm, "scanf: conversion '%%%.*s' is not supported",
                                  (int)(clen < 16 ? clen : 16), pct + 1);
        }
        memcpy(conv, pct, clen + 1);
        conv[clen + 1] = '\0';
        int suppress = conv[1] == '*';
        const char *mods = conv + 1 + suppress;
        while (*mods >= '0' && *mods <= '9')
            mods++;
        int longs = (int)strspn(mods, "l"), shorts = (int)strspn(mods, "h");
        int wide = strchr("zjt", *mods) != NULL || *mods == 'L';
        snprintf(piece, sizeof piece, "%.*s%s%%n", (int)lit, p, conv);
        union { long long ll; int i; short h; signed char hh; double d; float f; long double ld;
                char text[4096]; } v;
        size_t size;
        int ldouble = 0;      /* %Lf: scanned as the host's long double */
        if (strchr("diuoxX", k)) {
            size = longs >= 2 || wide || longs == 1 ? 8 : shorts == 2 ? 1 : shorts ? 2 : 4;
            /* the host variable has the same width as the guest's */
        } else if (strchr("feEgGaA", k)) {
            ldouble = *mods == 'L';
            size = ldouble || longs ? 8 : 4;   /* K's long double is a double */
        } else {
            size = 0;         /* s, c, [: text */
        }
        int used, r;
        if (suppress) {
            r = run_piece(src, piece, NULL, &used);
        } else if (size == 0) {
            /* a width keeps the host buffer safe; without one, the guest's
             * buffer bounds the text like glibc's would not */
            if (!strpbrk(conv + 1, "0123456789")) {
                char with_width[80];
                snprintf(with_width, sizeof with_width, "%%4095%s", conv + 1);
                snprintf(piece, sizeof piece, "%.*s%s%%n", (int)lit, p, with_width);
            }
            memset(v.text, 0, sizeof v.text);
            r = run_piece(src, piece, v.text, &used);
            if (r == 1) {
                size_t n = k == 'c' ? (size_t)(strpbrk(conv + 1, "0123456789") ? atoi(conv + 1) : 1)
                                    : strlen(v.text) + 1;
                if (store_arg(c, next, v.text, n) != 0)
                    return SIMT_FAULT;
            }
        } else {
            r = run_piece(src, piece, &v, &used);
            if (r == 1 && ldouble)
                v.d = (double)v.ld;   /* stored as K's long double, a double */
            if (r == 1 && store_arg(c, next, &v, size) != 0)
                return SIMT_FAULT;
        }
        if (r == EOF && assigned == 0)
            return ret_int(c, -1);
        if (r != 1 && !(suppress && used >= 0))
            failed = 1;
        else if (!suppress)
            assigned++, next++;
        p = pct + clen + 1;
    }
    return ret_int(c, assigned);
}

simt_status simt_lib_SSCANF(call *c)
{
    size_t len;
    scan_src src = { NULL, guest_str(c, "sscanf", arg(c, 0), SIZE_MAX, &len) };
    return src.s ? scan(c, &src, 1) : SIMT_FAULT;
}

simt_status simt_lib_FSCANF(call *c)
{
    scan_src src = { simt_stdio_stream(c, "fscanf", arg(c, 0)), NULL };
    return src.f ? scan(c, &src, 1) : SIMT_FAULT;
}

/* scanf reads the stdin simtvm was given, as fscanf(stdin, ...) does. */
simt_status simt_lib_SCANF(call *c)
{
    scan_src src = { stdin, NULL };
    return scan(c, &src, 0);
}
