/* runtime/npy.c -- reading and writing NumPy .npy files.
 *
 * Layout (numpy/lib/format.py): the magic "\x93NUMPY", a major and minor
 * version byte, the header length (2 bytes little-endian in 1.0, 4 bytes in
 * 2.0 and 3.0), then a Python dict literal such as
 *   {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
 * padded with spaces to a multiple of 64 bytes and ended by '\n', then the
 * raw elements.  The reader parses that literal with a small recursive
 * descent parser and trusts nothing: every length is checked against the
 * buffer before it is used.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/npy.h"

static const struct dtype {
    const char *descr;
    simt_vtype type;
    unsigned size;
} dtypes[] = {
    { "|b1", VT_BOOL, 1 }, { "|i1", VT_I8, 1 }, { "|u1", VT_U8, 1 },
    { "<i1", VT_I8, 1 },   { "<u1", VT_U8, 1 }, { "<b1", VT_BOOL, 1 },
    { "<i2", VT_I16, 2 },  { "<u2", VT_U16, 2 },
    { "<i4", VT_I32, 4 },  { "<u4", VT_U32, 4 },
    { "<i8", VT_I64, 8 },  { "<u8", VT_U64, 8 },
    { "<f4", VT_F32, 4 },  { "<f8", VT_F64, 8 },
};
#define NDTYPES (sizeof dtypes / sizeof dtypes[0])

static const char magic[6] = { '\x93', 'N', 'U', 'M', 'P', 'Y' };

static int fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* ---- the header dict ---- */

typedef struct cursor {
    const char *p, *end;
} cursor;

typedef struct header {
    char descr[16];
    int has_descr, has_order, has_shape;
    int fortran;
    int ndim;
    uint64_t shape[SIMT_NPY_MAX_DIMS];
} header;

static void skip_space(cursor *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
        c->p++;
}

static int eat(cursor *c, char ch)
{
    skip_space(c);
    if (c->p < c->end && *c->p == ch) {
        c->p++;
        return 1;
    }
    return 0;
}

/* A quoted Python string without escapes into out (truncated reads fail). */
static int parse_string(cursor *c, char *out, size_t size)
{
    skip_space(c);
    if (c->p >= c->end || (*c->p != '\'' && *c->p != '"'))
        return -1;
    char quote = *c->p++;
    const char *start = c->p;
    while (c->p < c->end && *c->p != quote && *c->p != '\\')
        c->p++;
    if (c->p >= c->end || *c->p != quote || (size_t)(c->p - start) >= size)
        return -1;
    memcpy(out, start, (size_t)(c->p - start));
    out[c->p - start] = '\0';
    c->p++;
    return 0;
}

static int parse_bool(cursor *c, int *out)
{
    skip_space(c);
    size_t left = (size_t)(c->end - c->p);
    if (left >= 4 && memcmp(c->p, "True", 4) == 0) {
        c->p += 4;
        *out = 1;
        return 0;
    }
    if (left >= 5 && memcmp(c->p, "False", 5) == 0) {
        c->p += 5;
        *out = 0;
        return 0;
    }
    return -1;
}

static int parse_uint(cursor *c, uint64_t *out)
{
    skip_space(c);
    if (c->p >= c->end || *c->p < '0' || *c->p > '9')
        return -1;
    uint64_t v = 0;
    while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
        unsigned d = (unsigned)(*c->p++ - '0');
        if (v > (UINT64_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    if (c->p < c->end && *c->p == 'L') /* Python 2 long literals */
        c->p++;
    *out = v;
    return 0;
}

/* (), (n,), (n, m), (n, m,) ... */
static int parse_shape(cursor *c, header *h)
{
    if (!eat(c, '('))
        return -1;
    h->ndim = 0;
    while (!eat(c, ')')) {
        if (h->ndim >= SIMT_NPY_MAX_DIMS || parse_uint(c, &h->shape[h->ndim]) != 0)
            return -1;
        h->ndim++;
        if (!eat(c, ',')) {
            if (!eat(c, ')'))
                return -1;
            break;
        }
    }
    return 0;
}

static int parse_entry(cursor *c, header *h, char *err, size_t errlen)
{
    char key[32];
    if (parse_string(c, key, sizeof key) != 0 || !eat(c, ':'))
        return fail(err, errlen, "malformed header (expected 'key': value)");
    if (strcmp(key, "descr") == 0) {
        if (parse_string(c, h->descr, sizeof h->descr) != 0)
            return fail(err, errlen, "unsupported dtype (descr is not a simple type string)");
        h->has_descr = 1;
    } else if (strcmp(key, "fortran_order") == 0) {
        if (parse_bool(c, &h->fortran) != 0)
            return fail(err, errlen, "malformed header (fortran_order is not True or False)");
        h->has_order = 1;
    } else if (strcmp(key, "shape") == 0) {
        if (parse_shape(c, h) != 0)
            return fail(err, errlen, "malformed header (bad shape tuple)");
        h->has_shape = 1;
    } else {
        return fail(err, errlen, "malformed header (unknown key '%s')", key);
    }
    return 0;
}

static int parse_header(const char *text, size_t len, header *h, char *err, size_t errlen)
{
    cursor c = { text, text + len };
    memset(h, 0, sizeof *h);
    if (!eat(&c, '{'))
        return fail(err, errlen, "malformed header (no '{')");
    while (!eat(&c, '}')) {
        if (parse_entry(&c, h, err, errlen) != 0)
            return -1;
        if (!eat(&c, ',')) {
            if (!eat(&c, '}'))
                return fail(err, errlen, "malformed header (expected ',' or '}')");
            break;
        }
    }
    skip_space(&c);
    if (c.p != c.end)
        return fail(err, errlen, "malformed header (text after the dict)");
    if (!h->has_descr || !h->has_order || !h->has_shape)
        return fail(err, errlen, "malformed header (missing %s)",
                    !h->has_descr ? "'descr'" : !h->has_order ? "'fortran_order'" : "'shape'");
    return 0;
}

/* ---- decoding ---- */

static const struct dtype *find_dtype(const char *descr)
{
    for (size_t i = 0; i < NDTYPES; i++)
        if (strcmp(dtypes[i].descr, descr) == 0)
            return &dtypes[i];
    return NULL;
}

static int read_preamble(const uint8_t *buf, size_t len, size_t *hstart, size_t *hlen,
                         char *err, size_t errlen)
{
    if (len < 10 || memcmp(buf, magic, sizeof magic) != 0)
        return fail(err, errlen, len < 10 && len >= 6 && memcmp(buf, magic, 6) == 0
                                     ? "truncated header" : "not a .npy file (bad magic)");
    unsigned major = buf[6], minor = buf[7];
    if (major == 1) {
        *hlen = (size_t)buf[8] | (size_t)buf[9] << 8;
        *hstart = 10;
    } else if (major == 2 || major == 3) {
        if (len < 12)
            return fail(err, errlen, "truncated header");
        *hlen = (size_t)buf[8] | (size_t)buf[9] << 8 | (size_t)buf[10] << 16 |
                (size_t)buf[11] << 24;
        *hstart = 12;
    } else {
        return fail(err, errlen, "unsupported .npy format version %u.%u", major, minor);
    }
    if (*hlen > len - *hstart)
        return fail(err, errlen, "truncated header (%zu header bytes announced, %zu present)",
                    *hlen, len - *hstart);
    return 0;
}

int simt_npy_decode(const simt_allocator *al, const uint8_t *buf, size_t len, simt_npy *out,
                    char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (al)
        out->al = *al;
    size_t hstart = 0, hlen = 0;
    if (read_preamble(buf, len, &hstart, &hlen, err, errlen) != 0)
        return -1;
    header h;
    if (parse_header((const char *)buf + hstart, hlen, &h, err, errlen) != 0)
        return -1;
    const struct dtype *dt = find_dtype(h.descr);
    if (!dt)
        return fail(err, errlen, "unsupported dtype '%s' (use <i1 <u1 <i2 <u2 <i4 <u4 <i8 "
                    "<u8 <f4 <f8 or |b1)", h.descr);
    uint64_t count = 1;
    int long_dims = 0;
    for (int i = 0; i < h.ndim; i++) {
        if (h.shape[i] && count > UINT64_MAX / h.shape[i])
            return fail(err, errlen, "shape too large");
        count *= h.shape[i];
        long_dims += h.shape[i] > 1;
    }
    if (h.fortran && long_dims > 1)
        return fail(err, errlen, "Fortran-order arrays are not supported (save with C order)");
    size_t data_len = len - hstart - hlen;
    if (count > UINT64_MAX / dt->size || count * dt->size != data_len)
        return fail(err, errlen, "size mismatch: the header describes %llu elements "
                    "(%llu bytes) but %zu data bytes follow", (unsigned long long)count,
                    (unsigned long long)(count * dt->size), data_len);
    out->data = simt_malloc(al, data_len);
    if (!out->data) {
        fail(err, errlen, "out of memory");
        return SIMT_NPY_NOMEM;
    }
    memcpy(out->data, buf + hstart + hlen, data_len);
    out->type = dt->type;
    out->count = count;
    out->ndim = h.ndim;
    memcpy(out->shape, h.shape, sizeof h.shape);
    return 0;
}

static uint8_t *read_file(const simt_allocator *al, const char *path, size_t *len, int *nomem,
                          char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fail(err, errlen, "%s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = simt_malloc(al, cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        uint8_t *grown = cap < SIZE_MAX / 2 ? simt_realloc(al, buf, cap * 2) : NULL;
        if (!grown) {
            simt_free(al, buf);
            buf = NULL;
            break;
        }
        buf = grown;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        simt_free(al, buf);
        fail(err, errlen, "%s: %s", path, bad ? "read error" : "out of memory");
        *nomem = !bad;
        return NULL;
    }
    *len = n;
    return buf;
}

int simt_npy_load(const simt_allocator *al, const char *path, simt_npy *out, char *err,
                  size_t errlen)
{
    memset(out, 0, sizeof *out);
    size_t len;
    int nomem = 0;
    uint8_t *buf = read_file(al, path, &len, &nomem, err, errlen);
    if (!buf)
        return nomem ? SIMT_NPY_NOMEM : -1;
    char why[256];
    int rc = simt_npy_decode(al, buf, len, out, why, sizeof why);
    simt_free(al, buf);
    if (rc != 0)
        fail(err, errlen, "%s: %s", path, why);
    return rc;
}

void simt_npy_free(simt_npy *a)
{
    simt_free(&a->al, a->data);
    a->data = NULL;
}

/* ---- encoding ---- */

static const struct dtype *dtype_of(simt_vtype type)
{
    /* The first spelling of each type in the table is the one NumPy writes. */
    for (size_t i = 0; i < NDTYPES; i++)
        if (dtypes[i].type == type)
            return &dtypes[i];
    return NULL;
}

uint8_t *simt_npy_encode(const simt_allocator *al, simt_vtype type, uint64_t count,
                         const void *data, size_t *len)
{
    const struct dtype *dt = dtype_of(type);
    if (!dt || count > (SIZE_MAX - 4096) / dt->size)
        return NULL;
    char dict[128];
    int dlen = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, "
                        "'shape': (%llu,), }", dt->descr, (unsigned long long)count);
    /* Version 1.0 always suffices: the dict is far below 65535 bytes. */
    size_t header = 10 + (size_t)dlen + 1;
    size_t padded = (header + 63) / 64 * 64;
    size_t hlen = padded - 10;
    size_t data_len = (size_t)count * dt->size;
    uint8_t *buf = simt_malloc(al, padded + data_len);
    if (!buf)
        return NULL;
    memcpy(buf, magic, sizeof magic);
    buf[6] = 1;
    buf[7] = 0;
    buf[8] = (uint8_t)(hlen & 0xff);
    buf[9] = (uint8_t)(hlen >> 8);
    memcpy(buf + 10, dict, (size_t)dlen);
    memset(buf + 10 + dlen, ' ', padded - 10 - (size_t)dlen - 1);
    buf[padded - 1] = '\n';
    if (data_len)
        memcpy(buf + padded, data, data_len);
    *len = padded + data_len;
    return buf;
}

int simt_npy_save(const simt_allocator *al, const char *path, simt_vtype type, uint64_t count,
                  const void *data, char *err, size_t errlen)
{
    size_t len;
    uint8_t *buf = simt_npy_encode(al, type, count, data, &len);
    if (!buf)
        return fail(err, errlen, "%s: cannot store elements of type %s in a .npy file", path,
                    type == VT_PTR || type == VT_STR || type == VT_VOID ? "pointer/void"
                                                                        : "this size");
    FILE *f = fopen(path, "wb");
    if (!f) {
        simt_free(al, buf);
        return fail(err, errlen, "%s: %s", path, strerror(errno));
    }
    size_t written = fwrite(buf, 1, len, f);
    simt_free(al, buf);
    if (fclose(f) != 0 || written != len)
        return fail(err, errlen, "%s: write error", path);
    return 0;
}
