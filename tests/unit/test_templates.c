/* tests/unit/test_templates.c -- the parser's side of templates: template
 * names told apart from comparisons, template heads, template-ids in
 * expressions, launches, declarators and types (lang/templates.c).
 * Speaks TAP through Check. */
#include "ast.h"

#include <check.h>

#include "tests/unit/check_tap.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/unit/parse_harness.h"

/* ------------------------------------------------------------ template heads */
START_TEST(test_heads)
{
    expect_dump("template <typename T> T twice(T x) { return x + x; }",
                "(func twice (template (T typename)) tparam T (params (x tparam T))");
    expect_dump("template <class T, int N> void f(T *a) { a[N] = 0; }",
                "(template (T typename) (N int))");
    expect_dump("template <unsigned int blockSize> __global__ void k(int *a) {"
                " if (blockSize >= 512) a[0] = 1; }",
                "(template (blockSize uint))");
    expect_dump("template <typename T = float, int N = 4> void f() {}",
                "(template (T typename<float>) (N int<4>))");
    /* the parameter is a type name inside its template only */
    expect_dump("template <typename T> void f(T x) {}\nint g(int T) { return T < 3; }",
                "(return (< T 3))");
    expect_dump("template <typename T> T f(T x);", "(func f (template (T typename)) tparam T");
}
END_TEST

/* ------------------------------------------------------------ template-ids */
START_TEST(test_template_ids)
{
    expect_dump("template <int N> int f(int x) { return x * N; }\n"
                "int g(int a, int b) { return f<4>(a) + (a < b) + (a > b); }",
                "(+ (+ (call f<4> a) (< a b)) (> a b))");
    expect_dump("template <typename T, int N> int f(T x) { return N; }\n"
                "int g(int a) { return f<float, 256>(a); }", "(call f<float 256> a)");
    expect_dump("template <unsigned int B> __global__ void k(int *a) {}\n"
                "void h(int *p) { k<256><<<4, 256>>>(p); }",
                "(launch k<256> (config 4 256) p)");
    /* a '>' inside parentheses does not close the list */
    expect_dump("template <int N> int f() { return N; }\n"
                "int g(int a) { return f<(3 > 2)>() + f<>(); }",
                "(+ (call f<(> 3 2)>) (call f<>))");
    /* recursive calls name the template being declared */
    expect_dump("template <int N> int f() { return f<N - 1>(); }", "(call f<(- N 1)>)");
    expect_dump("template <typename T> T f(T x) { return x; }\n"
                "int g(int a) { return f(a) < f(a); }", "(< (call f a) (call f a))");
    expect_dump("template <typename T> T f(T x) { return x; }\n"
                "int g(int a) { return f<int *>(&a) != 0; }", "(call f<(ptr int)> (addr a))");
}
END_TEST

START_TEST(test_template_types)
{
    /* built-in library templates are known by qualified name */
    expect_dump("void f() { std::uniform_int_distribution<int> v; }", "(var v template std::uniform_int_distribution)");
    expect_dump("void f() { std::uniform_int_distribution<std::uniform_int_distribution<int>> v; }",
                "(var v template std::uniform_int_distribution)");
    expect_dump("void f() { x = std::uniform_int_distribution<float>(3); }", "(cast template std::uniform_int_distribution 3)");
    expect_dump("void f() { x = std::numeric_limits<float>::max() < y; }",
                "(< (call std::numeric_limits::max<float>) y)");
    expect_dump("void f() { x = std::chrono::duration_cast<double>(y) < z; }",
                "(< (call std::chrono::duration_cast<double> y) z)");
    expect_dump("namespace cooperative_groups {}\nusing namespace cooperative_groups;\n"
                "void f() { x = tiled_partition<32>(y) < z; }",
                "(call cooperative_groups::tiled_partition<32> y)");
}
END_TEST

START_TEST(test_class_templates)
{
    /* after its declaration, a class template's name takes arguments */
    expect_dump("template <class T> struct Box { T v; };\nBox<int> b;",
                "(var b template Box)");
    expect_dump("template <class T> struct Box { T v; };\n"
                "template <> struct Box<int> { int w; };\nint f(int a, int b) { return a < b; }",
                "(return (< a b))");
    expect_dump("template <typename T, int N> struct R { T v[N]; };\n"
                "void f() { R<float, 4> r; sizeof(R<R<int, 2>, 3>); }",
                "(var r template R)");
    /* '>>>' closes three lists (it is a launch's '>>>' elsewhere) */
    expect_dump("template <class T> struct Box { T v; };\nBox<Box<Box<int>>> b;",
                "(var b template Box)");
    expect_dump("template <int N> int f() { return N; }\n"
                "int g() { return f<(8 >> 1)>() + (f<2>() >> 1); }",
                "(+ (call f<(>> 8 1)>) (>> (call f<2>) 1))");
}
END_TEST

START_TEST(test_specializations)
{
    expect_dump("template <typename T> int f(T x) { return 0; }\n"
                "template <> int f<int>(int x) { return 1; }",
                "(func f (template)<int> int (params (x int))");
    expect_dump("template <typename T> T f(T x);\ntemplate <typename T> T f(T x) { return x; }",
                "(func f (template (T typename)) tparam T (params (x tparam T))\n");
    expect_dump("template <typename T> T f(T x) { return x; }\nint f(int x) { return x; }",
                "(func f int (params (x int))");
    /* explicit instantiations: no head, the arguments written or deduced */
    expect_dump("template <typename T> T f(T x) { return x; }\ntemplate int f<int>(int);",
                "(func f (template)<int> int (params (_ int)) proto)");
    expect_dump("template <typename T> T f(T x) { return x; }\ntemplate float f(float);",
                "(func f (template) float (params (_ float)) proto)");
    /* variable templates: uses are template-ids */
    expect_dump("template <typename T> __constant__ T m[4];\n"
                "float g(int j) { return m<float>[j] < 2; }", "(< (index m<float> j) 2)");
}
END_TEST

START_TEST(test_template_errors)
{
    expect_error("template <typename T> T f(T x) { return x; }\n"
                 "int g(int a) { return f<int(a); }", "t.k:2:");
    expect_error("template <typename T> void f() {}\nvoid g() { f<int>>(); }", "t.k:2:");
}
END_TEST

static Suite *templates_suite(void)
{
    Suite *s = suite_create("templates");
    TCase *tc = tcase_create("parser");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_heads);
    tcase_add_test(tc, test_template_ids);
    tcase_add_test(tc, test_template_types);
    tcase_add_test(tc, test_class_templates);
    tcase_add_test(tc, test_specializations);
    tcase_add_test(tc, test_template_errors);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return simt_run_suite(templates_suite());
}
