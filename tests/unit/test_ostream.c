/* tests/unit/test_ostream.c -- runtime/ostream.c against libstdc++: each
 * case replays a chain of insertions and manipulators and must print what
 * the same chain printed when compiled with g++ 12 (libstdc++) -- the
 * expected strings were copied from that program's output.  Speaks TAP. */
#include <check.h>

#include "tests/unit/check_tap.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/ostream.h"

typedef struct os_run {
    simt_ostream s;
    FILE *f;
    char *text;
    size_t len;
} os_run;

static void begin(os_run *r)
{
    simt_ostream_init(&r->s);
    r->f = open_memstream(&r->text, &r->len);
}

static void end_is(os_run *r, const char *expected)
{
    fclose(r->f);
    ck_assert_str_eq(r->text, expected);
    free(r->text);
}

static void m(os_run *r, int code) { simt_ostream_manip(&r->s, r->f, (uint64_t)code << 32); }
static void ma(os_run *r, int code, int32_t a)
{
    simt_ostream_manip(&r->s, r->f, (uint64_t)code << 32 | (uint32_t)a);
}
static void i(os_run *r, int kind, int64_t v) { simt_ostream_put(&r->s, r->f, kind, (uint64_t)v); }
static void d(os_run *r, double x)
{
    uint64_t raw;
    memcpy(&raw, &x, sizeof raw);
    simt_ostream_put(&r->s, r->f, OSK_DOUBLE, raw);
}
static void t(os_run *r, const char *s) { simt_ostream_put_text(&r->s, r->f, s, strlen(s)); }

START_TEST(pointers)
{
    os_run r;
    begin(&r);
    i(&r, OSK_PTR, 0); t(&r, "|"); i(&r, OSK_PTR, 0x1234); t(&r, "|");
    m(&r, OSM_HEX); m(&r, OSM_UPPERCASE); i(&r, OSK_PTR, 0xabc);
    end_is(&r, "0|0x1234|0xabc");
    begin(&r);
    ma(&r, OSM_SETW, 8); i(&r, OSK_PTR, 0x10); t(&r, "|");
    m(&r, OSM_LEFT); ma(&r, OSM_SETW, 8); i(&r, OSK_PTR, 0x10); t(&r, "|");
    end_is(&r, "    0x10|0x10    |");
}
END_TEST

START_TEST(integers)
{
    os_run r;
    begin(&r);
    m(&r, OSM_SHOWPOS); m(&r, OSM_HEX); i(&r, OSK_INT, 255); t(&r, " ");
    m(&r, OSM_DEC); i(&r, OSK_INT, 255); t(&r, " "); i(&r, OSK_INT, 0);
    end_is(&r, "ff +255 +0");
    begin(&r);
    m(&r, OSM_HEX); i(&r, OSK_INT, -1); t(&r, " "); i(&r, OSK_SHORT, -1); t(&r, " ");
    i(&r, OSK_LONG, -1); t(&r, " "); i(&r, OSK_LONG, -2);
    end_is(&r, "ffffffff ffff ffffffffffffffff fffffffffffffffe");
    begin(&r);
    m(&r, OSM_OCT); m(&r, OSM_SHOWBASE); i(&r, OSK_INT, 8); t(&r, " "); i(&r, OSK_INT, 0);
    t(&r, " "); m(&r, OSM_HEX); i(&r, OSK_INT, 0); t(&r, " "); i(&r, OSK_INT, 255);
    end_is(&r, "010 0 0 0xff");
    begin(&r);
    ma(&r, OSM_SETW, 6); m(&r, OSM_INTERNAL); i(&r, OSK_INT, -42); t(&r, "|");
    ma(&r, OSM_SETFILL, '*'); ma(&r, OSM_SETW, 8); m(&r, OSM_SHOWBASE); m(&r, OSM_HEX);
    i(&r, OSK_INT, 42);
    end_is(&r, "-   42|0x****2a");
    begin(&r);
    i(&r, OSK_ULONG, (int64_t)UINT64_MAX); t(&r, " "); i(&r, OSK_LONG, INT64_MIN); t(&r, " ");
    m(&r, OSM_HEX); i(&r, OSK_ULONG, (int64_t)UINT64_MAX);
    end_is(&r, "18446744073709551615 -9223372036854775808 ffffffffffffffff");
    begin(&r);
    m(&r, OSM_HEX); m(&r, OSM_SHOWBASE); ma(&r, OSM_SETW, 10); m(&r, OSM_INTERNAL);
    ma(&r, OSM_SETFILL, '0'); i(&r, OSK_INT, 255);
    end_is(&r, "0x000000ff");
    begin(&r);
    ma(&r, OSM_SETW, 4); m(&r, OSM_HEX); m(&r, OSM_SHOWBASE); i(&r, OSK_INT, 0); t(&r, "|");
    end_is(&r, "   0|");
}
END_TEST

START_TEST(floating)
{
    os_run r;
    begin(&r);
    d(&r, 1.0); t(&r, " "); d(&r, (double)0.1f); t(&r, " "); d(&r, 1e20); t(&r, " ");
    d(&r, 123456789.0); t(&r, " "); d(&r, 1.5e-7);
    end_is(&r, "1 0.1 1e+20 1.23457e+08 1.5e-07");
    begin(&r);
    ma(&r, OSM_SETPRECISION, 0); d(&r, 3.7); t(&r, " "); m(&r, OSM_FIXED); d(&r, 3.7);
    t(&r, " "); m(&r, OSM_SCIENTIFIC); d(&r, 3.7);
    end_is(&r, "4 4 4e+00");
    begin(&r);
    m(&r, OSM_SHOWPOINT); d(&r, 1.0); t(&r, " "); d(&r, 100.0);
    end_is(&r, "1.00000 100.000");
    begin(&r);
    m(&r, OSM_HEXFLOAT); d(&r, 1.0);
    end_is(&r, "0x1p+0");
    begin(&r);
    ma(&r, OSM_SETW, 10); m(&r, OSM_INTERNAL); ma(&r, OSM_SETFILL, '0'); d(&r, -3.5);
    end_is(&r, "-0000003.5");
    begin(&r);
    d(&r, INFINITY); t(&r, " "); d(&r, -INFINITY); t(&r, " "); m(&r, OSM_UPPERCASE);
    d(&r, INFINITY);
    end_is(&r, "inf -inf INF");
    begin(&r);
    m(&r, OSM_FIXED); ma(&r, OSM_SETPRECISION, 2); d(&r, 1.005); t(&r, " "); d(&r, -0.0);
    end_is(&r, "1.00 -0.00");
    begin(&r);
    m(&r, OSM_SHOWPOS); d(&r, 1.5); t(&r, " "); d(&r, 0.0);
    end_is(&r, "+1.5 +0");
}
END_TEST

START_TEST(text_chars_bools)
{
    os_run r;
    begin(&r);
    ma(&r, OSM_SETW, 5); i(&r, OSK_CHAR, 'x'); t(&r, "|"); ma(&r, OSM_SETW, 5); t(&r, "ab");
    t(&r, "|"); i(&r, OSK_CHAR, 65); i(&r, OSK_CHAR, 66);
    end_is(&r, "    x|   ab|AB");
    begin(&r);
    i(&r, OSK_BOOL, 1); t(&r, " "); m(&r, OSM_BOOLALPHA); i(&r, OSK_BOOL, 0); t(&r, " ");
    ma(&r, OSM_SETW, 7); i(&r, OSK_BOOL, 1);
    end_is(&r, "1 false    true");
    begin(&r);
    m(&r, OSM_HEX); i(&r, OSK_BOOL, 1); t(&r, " "); m(&r, OSM_SHOWBASE); i(&r, OSK_CHAR, 'c');
    end_is(&r, "1 c");
    begin(&r);
    t(&r, "a"); m(&r, OSM_ENDL); t(&r, "b");
    end_is(&r, "a\nb");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ostream");
    TCase *tc = tcase_create("libstdc++");
    tcase_add_test(tc, pointers);
    tcase_add_test(tc, integers);
    tcase_add_test(tc, floating);
    tcase_add_test(tc, text_chars_bools);
    suite_add_tcase(s, tc);
    return simt_run_suite(s);
}
