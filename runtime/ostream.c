/* runtime/ostream.c -- `std::cout << x` formatted as libstdc++ formats it.
 *
 * The rules are libstdc++'s (bits/ostream.tcc, bits/locale_facets.tcc):
 * - integers: decimal with '-' (or '+' under showpos, signed types only);
 *   hex and oct print the bits of the value's own width (`hex << -1` is
 *   ffffffff for an int), with "0x"/"0" under showbase unless the value is 0;
 * - floating point: printf's %g, %f, %e or %a (fixed+scientific = hexfloat,
 *   which ignores the precision), '+' for showpos, '#' for showpoint,
 *   upper case under uppercase; floats are inserted as doubles;
 * - pointers: hex with showbase, never upper case (so a null pointer is "0");
 * - bool: 1/0, or true/false under boolalpha;
 * - padding to the width with the fill: after the text under left; between
 *   the sign or "0x" and the digits under internal (numbers only); before it
 *   otherwise.  The width applies to one insertion and then returns to 0.
 */
#define _POSIX_C_SOURCE 200809L   /* open_memstream */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/ostream.h"

void simt_ostream_init(simt_ostream *s)
{
    s->flags = OS_DEC;
    s->width = 0;
    s->precision = 6;
    s->fill = ' ';
}

static void put_fill(FILE *f, char fill, int64_t n)
{
    for (; n > 0; n--)
        fputc(fill, f);
}

/* Writes text, with `zeros` '0's inserted at offset `at`, padded to the
 * stream's width; `numeric` allows internal padding after a sign or a "0x"
 * prefix (libstdc++'s __pad). */
static void pad_zeros(simt_ostream *s, FILE *f, const char *text, size_t len, int numeric,
                      size_t at, int64_t zeros)
{
    int64_t total = (int64_t)len + zeros;
    int64_t pad = s->width > total ? s->width - total : 0;
    unsigned adjust = s->flags & OS_ADJUSTFIELD;
    s->width = 0;
    size_t head = 0;
    if (numeric && adjust == OS_INTERNAL && pad) {
        if (len && (text[0] == '-' || text[0] == '+'))
            head = 1;
        else if (len > 1 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
            head = 2;
    }
    if (adjust != OS_LEFT) {
        fwrite(text, 1, head, f);
        put_fill(f, s->fill, pad);
    }
    fwrite(text + head, 1, at - head, f);
    put_fill(f, '0', zeros);
    fwrite(text + at, 1, len - at, f);
    if (adjust == OS_LEFT)
        put_fill(f, s->fill, pad);
}

static void pad_out(simt_ostream *s, FILE *f, const char *text, size_t len, int numeric)
{
    pad_zeros(s, f, text, len, numeric, len, 0);
}

/* An integer: v is its value as the kind says (signed kinds sign-extended). */
static void put_integer(simt_ostream *s, FILE *f, int kind, uint64_t v, unsigned flags)
{
    int is_signed = kind == OSK_BOOL || kind == OSK_SHORT || kind == OSK_INT || kind == OSK_LONG;
    unsigned base = flags & OS_BASEFIELD;
    char buf[80];
    int n;
    if (base == OS_HEX || base == OS_OCT) {
        if (kind == OSK_SHORT)
            v = (uint16_t)v;
        else if (kind == OSK_INT)
            v = (uint32_t)v;
        const char *prefix = !(flags & OS_SHOWBASE) || v == 0 ? ""
                           : base == OS_OCT ? "0" : flags & OS_UPPERCASE ? "0X" : "0x";
        const char *fmt = base == OS_OCT ? "%s%" PRIo64
                        : flags & OS_UPPERCASE ? "%s%" PRIX64 : "%s%" PRIx64;
        n = snprintf(buf, sizeof buf, fmt, prefix, v);
    } else if (is_signed) {
        int64_t sv = (int64_t)v;
        n = snprintf(buf, sizeof buf, (flags & OS_SHOWPOS) ? "%+" PRId64 : "%" PRId64, sv);
    } else {
        n = snprintf(buf, sizeof buf, "%" PRIu64, v);
    }
    pad_out(s, f, buf, (size_t)n, 1);
}

/* libstdc++'s __num_base::_S_format_float, then the host's printf. */
static void put_double(simt_ostream *s, FILE *f, double d)
{
    unsigned fl = s->flags & OS_FLOATFIELD;
    int upper = (s->flags & OS_UPPERCASE) != 0;
    char fmt[16], *p = fmt;
    *p++ = '%';
    if (s->flags & OS_SHOWPOS)
        *p++ = '+';
    if (s->flags & OS_SHOWPOINT)
        *p++ = '#';
    if (fl != OS_FLOATFIELD) {
        *p++ = '.';
        *p++ = '*';
    }
    *p++ = fl == OS_FLOATFIELD ? (upper ? 'A' : 'a') : fl == OS_FIXED ? (upper ? 'F' : 'f')
         : fl == OS_SCIENTIFIC ? (upper ? 'E' : 'e') : (upper ? 'G' : 'g');
    *p = '\0';
    /* A double has at most 767 significant decimal digits and 1074 after
     * the point: past a precision of PREC_MAX every digit is a 0, which
     * pad_zeros writes (before the exponent) instead of a buffer holding it */
    enum { PREC_MAX = 4096 };
    int64_t prec = s->precision < 0 ? 6 : s->precision, zeros = 0;
    if (prec > PREC_MAX) { /* %g drops its trailing zeros unless showpoint ('#') */
        int kept = fl == OS_FIXED || fl == OS_SCIENTIFIC || (!fl && (s->flags & OS_SHOWPOINT));
        zeros = kept && isfinite(d) ? prec - PREC_MAX : 0;
        prec = PREC_MAX;
    }
    char small[128];
    int n = fl == OS_FLOATFIELD ? snprintf(small, sizeof small, fmt, d)
                                : snprintf(small, sizeof small, fmt, (int)prec, d);
    if (n < (int)sizeof small) {
        pad_out(s, f, small, (size_t)n, 1);
        return;
    }
    char big[PREC_MAX + 400]; /* %f of 1e308 with PREC_MAX digits after the point */
    n = snprintf(big, sizeof big, fmt, (int)prec, d);
    size_t len = (size_t)n < sizeof big ? (size_t)n : sizeof big - 1;
    const char *e = memchr(big, upper ? 'E' : 'e', len);
    pad_zeros(s, f, big, len, 1, e ? (size_t)(e - big) : len, zeros);
}

void simt_ostream_put(simt_ostream *s, FILE *f, int kind, uint64_t raw)
{
    switch (kind) {
    case OSK_BOOL:
        if (s->flags & OS_BOOLALPHA) {
            const char *t = raw ? "true" : "false";
            pad_out(s, f, t, strlen(t), 0);
        } else {
            put_integer(s, f, kind, raw != 0, s->flags);
        }
        return;
    case OSK_CHAR: {
        char ch = (char)raw;
        pad_out(s, f, &ch, 1, 0);
        return;
    }
    case OSK_DOUBLE: {
        double d;
        memcpy(&d, &raw, sizeof d);
        put_double(s, f, d);
        return;
    }
    case OSK_PTR:
        put_integer(s, f, OSK_ULONG, raw,
                    (s->flags & ~(OS_BASEFIELD | OS_UPPERCASE)) | OS_HEX | OS_SHOWBASE);
        return;
    default:
        put_integer(s, f, kind, raw, s->flags);
        return;
    }
}

void simt_ostream_put_text(simt_ostream *s, FILE *f, const char *text, size_t len)
{
    pad_out(s, f, text, len, 0);
}

static void set_field(simt_ostream *s, unsigned field, unsigned value)
{
    s->flags = (s->flags & ~field) | value;
}

void simt_ostream_manip(simt_ostream *s, FILE *f, uint64_t manip)
{
    int32_t a = (int32_t)(uint32_t)manip;
    switch ((int)(manip >> 32)) {
    case OSM_ENDL: fputc('\n', f); fflush(f); break;
    case OSM_FLUSH: fflush(f); break;
    case OSM_ENDS: fputc('\0', f); break;
    case OSM_SETW: s->width = a; break;
    case OSM_SETPRECISION: s->precision = a; break;
    case OSM_SETFILL: s->fill = (char)a; break;
    case OSM_BOOLALPHA: s->flags |= OS_BOOLALPHA; break;
    case OSM_NOBOOLALPHA: s->flags &= ~(unsigned)OS_BOOLALPHA; break;
    case OSM_SHOWBASE: s->flags |= OS_SHOWBASE; break;
    case OSM_NOSHOWBASE: s->flags &= ~(unsigned)OS_SHOWBASE; break;
    case OSM_SHOWPOINT: s->flags |= OS_SHOWPOINT; break;
    case OSM_NOSHOWPOINT: s->flags &= ~(unsigned)OS_SHOWPOINT; break;
    case OSM_SHOWPOS: s->flags |= OS_SHOWPOS; break;
    case OSM_NOSHOWPOS: s->flags &= ~(unsigned)OS_SHOWPOS; break;
    case OSM_UPPERCASE: s->flags |= OS_UPPERCASE; break;
    case OSM_NOUPPERCASE: s->flags &= ~(unsigned)OS_UPPERCASE; break;
    case OSM_DEC: set_field(s, OS_BASEFIELD, OS_DEC); break;
    case OSM_HEX: set_field(s, OS_BASEFIELD, OS_HEX); break;
    case OSM_OCT: set_field(s, OS_BASEFIELD, OS_OCT); break;
    case OSM_FIXED: set_field(s, OS_FLOATFIELD, OS_FIXED); break;
    case OSM_SCIENTIFIC: set_field(s, OS_FLOATFIELD, OS_SCIENTIFIC); break;
    case OSM_HEXFLOAT: set_field(s, OS_FLOATFIELD, OS_FLOATFIELD); break;
    case OSM_DEFAULTFLOAT: set_field(s, OS_FLOATFIELD, 0); break;
    case OSM_LEFT: set_field(s, OS_ADJUSTFIELD, OS_LEFT); break;
    case OSM_RIGHT: set_field(s, OS_ADJUSTFIELD, OS_RIGHT); break;
    case OSM_INTERNAL: set_field(s, OS_ADJUSTFIELD, OS_INTERNAL); break;
    default: break;
    }
}

/* ---- the guest's streams (builtins of vm/libc.def) ---- */

#include "runtime/hostlib.h"

/* Stream numbers as lang/iostream.c gives them: 1 cout, 2 cerr, 3 clog. */
enum { GUEST_STREAMS = 3 };

typedef struct simt_iostate {
    simt_ostream os[GUEST_STREAMS];
} simt_iostate;

void simt_iostate_free(simt_vm *vm)
{
    simt_free(&vm->cfg.alloc, vm->iostate);
    vm->iostate = NULL;
}

/* A promoted 32-bit argument (zero-extended in its register) as the value of
 * the kind: signed kinds sign-extended. */
static uint64_t kind_value(int kind, uint64_t raw)
{
    switch (kind) {
    case OSK_SHORT: case OSK_INT: case OSK_CHAR: case OSK_BOOL:
        return (uint64_t)(int64_t)(int32_t)(uint32_t)raw;
    case OSK_USHORT: case OSK_UINT:
        return (uint32_t)raw;
    default:
        return raw;
    }
}

simt_status simt_lib_OS_INSERT(call *c)
{
    uint64_t stream = arg(c, 0), raw = arg(c, 2);
    int kind = arg_int(c, 1);
    if (stream < 1 || stream > GUEST_STREAMS)
        return simt_vm_faultf(c->vm, "operator<<: %llu is not a stream",
                              (unsigned long long)stream);
    if (!c->vm->iostate) {
        c->vm->iostate = simt_malloc(&c->vm->cfg.alloc, sizeof *c->vm->iostate);
        if (!c->vm->iostate)
            return simt_vm_oom(c->vm, "the state of std::cout");
        for (int k = 0; k < GUEST_STREAMS; k++)
            simt_ostream_init(&c->vm->iostate->os[k]);
    }
    simt_ostream *s = &c->vm->iostate->os[stream - 1];
    FILE *f = stream == 1 ? c->vm->out : c->vm->err;
    if (kind == OSK_MANIP) {
        simt_ostream_manip(s, f, raw);
    } else if (kind == OSK_STR) {
        size_t len;
        const char *text = guest_str(c, "operator<<", raw, SIZE_MAX, &len);
        if (!text)
            return SIMT_FAULT;
        simt_ostream_put_text(s, f, text, len);
    } else {
        simt_ostream_put(s, f, kind, kind_value(kind, raw));
    }
    return ret_u64(c, stream);
}

static simt_status manip(call *c, int code)
{
    return ret_u64(c, (uint64_t)code << 32 | (uint32_t)arg(c, 0));
}

simt_status simt_lib_OS_SETW(call *c)
{
    return manip(c, OSM_SETW);
}

simt_status simt_lib_OS_SETPRECISION(call *c)
{
    return manip(c, OSM_SETPRECISION);
}

simt_status simt_lib_OS_SETFILL(call *c)
{
    return manip(c, OSM_SETFILL);
}

/* std::__simtvm_format(buf, cap, state, kind, value): one insertion into a
 * std::ostringstream (lang/stl_sstream.c), whose format state is four longs
 * in the guest (flags, width, precision, fill), read here and written back
 * (the width returns to 0).  Writes at most cap - 1 bytes and a NUL to buf
 * and returns the length of the whole text, as snprintf does: the guest
 * calls again with a larger buffer (and its saved state) when it was cut. */
simt_status simt_lib_OS_FORMAT(call *c)
{
    uint64_t cap = arg(c, 1), raw = arg(c, 4);
    int kind = arg_int(c, 3);
    int64_t *st = guest(c, "std::ostringstream", arg(c, 2), 4 * sizeof(int64_t), 1);
    if (!st)
        return SIMT_FAULT;
    simt_ostream s = { (unsigned)st[0], st[1], st[2], (char)st[3] };
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return simt_vm_oom(c->vm, "a std::ostringstream insertion");
    if (kind == OSK_MANIP) {
        simt_ostream_manip(&s, f, raw);
    } else if (kind == OSK_STR) {
        size_t n;
        const char *in = guest_str(c, "operator<<", raw, SIZE_MAX, &n);
        if (!in) {
            fclose(f);
            free(text);
            return SIMT_FAULT;
        }
        simt_ostream_put_text(&s, f, in, n);
    } else {
        simt_ostream_put(&s, f, kind, kind_value(kind, raw));
    }
    fclose(f);
    st[0] = s.flags;
    st[1] = s.width;
    st[2] = s.precision;
    st[3] = s.fill;
    int bad = 0;
    if (cap > 0) {
        size_t keep = len < cap - 1 ? len : (size_t)(cap - 1);
        text[keep] = '\0';
        bad = store(c, "std::ostringstream", arg(c, 0), text, keep + 1);
    }
    free(text);
    return bad ? SIMT_FAULT : ret_u64(c, (uint64_t)len);
}
