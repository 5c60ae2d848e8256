/* tests/unit/test_parse.c -- the front end's syntax half: preprocessor,
 * scanner, parser and diagnostics, checked through k_unit_dump and the
 * recorded diagnostics of small embedded K snippets.  Speaks TAP through Check. */
#include "ast.h"

#include <check.h>

#include "tests/unit/check_tap.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The result of running preprocess + parse on one snippet. */
#include "tests/unit/parse_harness.h"

START_TEST(test_precedence)
{
    expect_dump("int f() { return a + b * c - d; }", "(return (- (+ a (* b c)) d))");
    expect_dump("int f() { return a << 1 + 2 < b == c & d ^ e | f && g || h; }",
                "(return (|| (&& (| (^ (& (== (< (<< a (+ 1 2)) b) c) d) e) f) g) h))");
    expect_dump("int f() { return a ? b : c ? d : e; }", "(return (? a b (? c d e)))");
    expect_dump("void f() { a = b = c += 1; }", "(expr (= a (= b (+= c 1))))");
    expect_dump("void f() { a - b - c; }", "(expr (- (- a b) c))");
    expect_dump("void f() { a, b = 1; }", "(expr (, a (= b 1)))");
    expect_dump("void f() { -a[1]++; }", "(expr (neg (postinc (index a 1))))");
    expect_dump("void f() { *p++ = ~!x; }", "(expr (= (deref (postinc p)) (~ (! x))))");
    expect_dump("void f() { --*&x; }", "(expr (predec (deref (addr x))))");
    expect_dump("int f() { return sizeof x + sizeof(int *) + sizeof(a[0]); }",
                "(+ (+ (sizeof x) (sizeof-type (ptr int))) (sizeof (index a 0)))");
    expect_dump("int f() { return g.x + threadIdx.y; }", "(+ (. g x) (. threadIdx y))");
}
END_TEST

START_TEST(test_casts)
{
    expect_dump("void f() { x = (volatile int *)p; }", "(cast (ptr (volatile int)) p)");
    expect_dump("void f() { x = (unsigned long long)y; }", "(cast ullong y)");
    expect_dump("void f() { x = (const char *)s; }", "(cast (ptr (const char)) s)");
    expect_dump("void f() { x = (int)(float)-3.5; }", "(cast int (cast float (neg (double 3.5))))");
    expect_dump("void f() { x = float(y) + double(1); }", "(+ (cast float y) (cast double 1))");
    expect_dump("void f() { g = dim3(16, 4); }", "(= g (construct dim3 16 4))");
    expect_dump("void f() { g = uint3(); }", "(construct uint3)");
    expect_dump("void f() { x = (size_t)n * sizeof(cudaError_t); }",
                "(* (cast size_t n) (sizeof-type cudaError_t))");
}
END_TEST

START_TEST(test_launch_and_calls)
{
    expect_dump("void f() { k<<<n / 256, 256>>>(a, b); }",
                "(launch k (config (/ n 256) 256) a b)");
    expect_dump("void f() { k<<<dim3(2, 2), 64, 128>>>(); }",
                "(launch k (config (construct dim3 2 2) 64 128))");
    expect_dump("void f() { k<<<1, 2, 0, 0>>>(x); }", "(launch k (config 1 2 0 0) x)");
    expect_dump("void f() { g(h(1), 2); }", "(call g (call h 1) 2)");
    expect_dump("void f() { (x + 1)(2); }", "(call * ");
    expect_error("void f() { k<<<1>>>(); }", "2 to 4 configuration arguments");
}
END_TEST

START_TEST(test_literals)
{
    expect_dump("void f() { x = 10 + 10u + 10l + 10ull + 0x1fLL + 017 + 0b101; }",
                "(+ (+ (+ (+ (+ (+ 10 (int 10 u)) (int 10 l)) (int 10 u ll)) "
                "(int 31 ll nondec)) (int 15 nondec)) (int 5 nondec))");
    expect_dump("void f() { x = 1.5f + 1. + .5 + 2.f + 1e3 + 1.5e-3F; }",
                "(+ (+ (+ (+ (+ (float 1.5) (double 1)) (double 0.5)) (float 2)) (double 1000))"
                " (float 0.001500000013038516))");
    expect_dump("void f() { c = 'A' + '\\n' + '\\0' + '\\x41' + '\\101' + '\\'' + '\\xff'; }",
                "(+ (+ (+ (+ (+ (+ (char 65) (char 10)) (char 0)) (char 65)) (char 65)) "
                "(char 39)) (char -1))");
    expect_dump("void f() { s = \"a\\tb\" \"c\\\"\\\\\"; }", "(= s \"a\\x09bc\\\"\\\\\")");
    expect_dump("void f() { b = true || false; }", "(|| true false)");
    expect_error("void f() { x = 99999999999999999999999; }", "too large");
    expect_error("void f() { x = 12abc; }", "invalid numeric constant '12abc'");
    expect_error("void f() { x = 08; }", "invalid numeric constant '08'");
}
END_TEST

/* ----------------------------------------------------------- declarations */
START_TEST(test_declarations)
{
    expect_dump("__global__ void k(const float * __restrict__ p, int * const q, int n) {}",
                "(func k void (storage __global__) (params (p (restrict ptr (const float)))"
                " (q (const ptr int)) (n int))");
    expect_dump("__host__ __device__ int f();", "(func f int (storage __device__ __host__)"
                " (params) proto)");
    expect_dump("static __device__ __forceinline__ int g(void);",
                "(func g int (storage static __device__ __forceinline__) (params) proto)");
    expect_dump("int printf(const char *, ...);",
                "(func printf int (params (_ (ptr (const char))) ...) proto)");
    expect_dump("void f() { extern __shared__ int buf[]; }",
                "(var buf (array [] int) (storage extern __shared__))");
    expect_dump("__constant__ float w[3] = {1, 2, 3,};",
                "(var w (array 3 float) (storage __constant__) (init (init 1 2 3)))");
    expect_dump("const int N = 1024;", "(var N (const int) (init 1024))");
    expect_dump("void f() { int a[T][T + 1]; }", "(var a (array T (array (+ T 1) int)))");
    expect_dump("void f() { int *a[4], b = 2, **c; }",
                "(var a (array 4 (ptr int)))\n        (var b int (init 2))\n"
                "        (var c (ptr (ptr int)))");
    expect_dump("void f() { dim3 g(x, y); dim3 h; }", "(var g dim3 (ctor x y))");
    expect_dump("void f() { dim3 g(x, y); dim3 h; }", "(var h dim3))");
    expect_dump("int m[2][2] = {{1, 2}, {3, 4}};", "(init (init (init 1 2) (init 3 4)))");
    expect_dump("unsigned long long a; long unsigned int b; signed char c; unsigned d;",
                "(var a ullong)\n  (var b ulong)\n  (var c schar)\n  (var d uint)");
    expect_dump("void f() { cudaEvent_t e; cudaDeviceProp p; size_t s; }",
                "(var e cudaEvent_t)");
    expect_dump("__global__ void __launch_bounds__(256, 2) k() {}", "(func k void");
    expect_dump("typedef unsigned int u32; u32 x; void f(u32 *p) { x = (u32)1; }",
                "(var x uint)\n  (func f void (params (p (ptr uint)))");
    expect_error("int f(int a, void);", "cannot have type 'void'");
    expect_error("long long long x;", "invalid combination of type specifiers");
    expect_error("int float x;", "invalid combination of type specifiers");
    expect_error("f(int x) { return x; }", "type specifier missing");
}
END_TEST

/* ------------------------------------------------------------- statements */
START_TEST(test_statements)
{
    expect_dump("void f() { for (int i = 0; i < n; i++) ; }",
                "(for\n        (decl\n          (var i int (init 0)))\n        (< i n)\n"
                "        (postinc i)\n        (empty))");
    expect_dump("void f() { for (;;) break; }", "(for\n        _\n        _\n        _\n"
                "        (break))");
    expect_dump("void f() { do { continue; } while (x); }",
                "(do\n        (block\n          (continue)) x)");
    expect_dump("void f() { if (a) if (b) x; else y; }",
                "(if a\n        (if b\n          (expr x)\n          (expr y)))");
    expect_dump("void f() { switch (x) { case 1: case 2: y; break; default: z; } }",
                "(switch x\n        (block\n          (case 1\n            (case 2\n"
                "              (expr y)))\n          (break)\n          (default\n"
                "            (expr z))))");
    expect_dump("int f() { while (1) return; }", "(while 1\n        (return)))");
}
END_TEST

/* ---------------------------------------------------------------- errors */
START_TEST(test_syntax_errors)
{
    expect_error("int main() {\n    int x = 1\n}\n", "t.k:3:1: error: syntax error: expected ';'"
                 " before '}'");
    expect_error("int main() {\n  x = (1 + 2;\n}\n", "t.k:2:13: error: syntax error: expected ')'");
    expect_error("int main() { int z y; }", "expected ';' before identifier 'y'");
    expect_error("int main() { x = 1 +; }", "expected an expression before ';'");
    expect_error("int main() {\n  x = 1;\n", "t.k:3:1: error: syntax error: expected '}' at end"
                 " of input");
    expect_error("}\n", "syntax error, unexpected '}'");
    expect_error("struct S { int a; } s", "expected ';' before end of input");
    expect_dump("int main() { goto out; out: return 0; }", "(goto)");
    expect_dump("struct S { int x; }; int f(S *p) { return p->x; }", "(. (deref p) x)");

    /* Recovery: each broken statement is reported. */
    result r = run("int main() {\n  a = ;\n  b = 1\n  c = 2;\n  d = (;\n}\n");
    ck_assert_int_ge(r.nerrors, 3);
    ck_assert_ptr_nonnull(strstr(r.diags, "t.k:2:"));
    ck_assert_ptr_nonnull(strstr(r.diags, "t.k:4:"));
    ck_assert_ptr_nonnull(strstr(r.diags, "t.k:5:"));
    done(&r);
}
END_TEST

START_TEST(test_lexical_errors)
{
    expect_error("int main() {\n  /* never closed\n  return 0;\n}\n",
                 "t.k:2:3: error: unterminated comment");
    expect_error("char *s = \"abc;\n", "missing terminating '\"' character");
    expect_error("char c = 'x;\n", "missing terminating ' character");
    expect_error("int x = 1 @ 2;", "invalid character '@'");
    expect_error("int x = 1 \\ 2;", "stray '\\' in program");
    expect_error("int x = 1 \x80\x81\x82 2;", "invalid bytes in program (3 bytes");

    /* Binary input: one error, not thousands. */
    char bin[4096];
    for (size_t i = 0; i < sizeof bin; i++)
        bin[i] = (char)((i * 7919u) >> 3);
    result r = run_with(bin, sizeof bin, NULL, 0);
    ck_assert_int_eq(r.nerrors, 1);
    ck_assert_ptr_nonnull(strstr(r.diags, "NUL bytes"));
    done(&r);

    /* Garbage without NULs is capped at max_errors. */
    for (size_t i = 0; i < sizeof bin; i++)
        bin[i] = i % 3 ? (char)0x80 : ';';
    r = run_with(bin, sizeof bin, NULL, 0);
    ck_assert_ptr_nonnull(strstr(r.diags, "too many errors"));
    int lines = 0;
    for (const char *p = r.diags; (p = strstr(p, ": error: ")); p++)
        lines++;
    ck_assert_int_eq(lines, 20);
    done(&r);
}
END_TEST

/* The lexer on text that did not go through the preprocessor (a caller of
 * k_parse may hand it source directly): it skips comments itself, counting
 * the lines inside block comments, and reports an unterminated one. */
static result run_raw(const char *src)
{
    return run_with(src, strlen(src), NULL, 0);
}

START_TEST(test_lexer_unpreprocessed)
{
    result r = run_raw("// a line comment\nint a; /* one\n two\n */ int b;\nint c; // last");
    ck_assert_msg(r.nerrors == 0, "%s", r.diags);
    ck_assert_ptr_nonnull(strstr(r.dump, "a"));
    ck_assert_ptr_nonnull(strstr(r.dump, "c"));
    done(&r);

    r = run_raw("int a;\n/* never closed\n\nint b;");
    ck_assert_int_eq(r.nerrors, 1);
    ck_assert_ptr_nonnull(strstr(r.diags, "t.k:2:1: error: unterminated comment"));
    done(&r);

    /* the line after a comment is counted: the error is on line 4 */
    r = run_raw("/* x\n y\n */\nint a = @;");
    ck_assert_ptr_nonnull(strstr(r.diags, "t.k:4:9: error: invalid character '@'"));
    done(&r);

    /* __launch_bounds__'s arguments are skipped, across lines and nested parentheses */
    r = run_raw("__global__ void __launch_bounds__\n  (256, (2 * 1)\n ) k() {}\nint x = @;");
    ck_assert_ptr_nonnull(strstr(r.diags, "t.k:4:9: error: invalid character '@'"));
    done(&r);
}
END_TEST

/* Escapes and floating constants the lexer warns about or refuses. */
START_TEST(test_lexer_escapes)
{
    expect_error("char c = '\\x';", "\\x used with no following hex digits");
    expect_error("char c = '\\x1ff';", "hex escape sequence out of range");
    expect_error("char c = '\\777';", "octal escape sequence out of range");
    result r = run("char c = '\\q';");
    ck_assert_int_eq(r.nerrors, 0);
    ck_assert_ptr_nonnull(strstr(r.diags, "warning: unknown escape sequence '\\q'"));
    done(&r);
    r = run("double d = 1e999; float f = 1e50f;");
    ck_assert_int_eq(r.nerrors, 0);
    ck_assert_ptr_nonnull(strstr(r.diags, "floating constant exceeds the range of 'double'"));
    ck_assert_ptr_nonnull(strstr(r.diags, "floating constant exceeds the range of 'float'"));
    done(&r);
    /* octal escapes of one to three digits, and the value of each */
    expect_dump("char c = '\\101'; char d = '\\7'; char e = '\\x41';", "65");
}
END_TEST


START_TEST(test_caret)
{
    result r = run("int main() {\n\tint x = @;\n}\n");
    ck_assert_str_eq(r.diags, "t.k:2:10: error: invalid character '@' in program\n"
                              "    2 | \tint x = @;\n      | \t        ^\n");
    done(&r);

    /* A 1 MB line is quoted as a window around the column. */
    size_t n = 1 << 20;
    char *big = malloc(n + 16);
    memset(big, ' ', n);
    memcpy(big + n - 3, "@;\n", 4);
    r = run_with(big, n, NULL, 0);
    ck_assert_int_ge(r.nerrors, 1);
    ck_assert_uint_lt(strlen(r.diags), 1000);
    done(&r);
    free(big);
}
END_TEST

START_TEST(test_deep_nesting)
{
    size_t n = 10000;
    char *src = malloc(4 * n + 64);
    strcpy(src, "int x = ");
    size_t len = strlen(src);
    memset(src + len, '(', n);
    len += n;
    src[len++] = '1';
    memset(src + len, ')', n);
    len += n;
    strcpy(src + len, ";\n");
    result r = run(src);
    ck_assert_int_ge(r.nerrors, 1);
    ck_assert_ptr_nonnull(strstr(r.diags, "nesting too deep"));
    done(&r);

    strcpy(src, "void f() ");
    len = strlen(src);
    memset(src + len, '{', n);
    memset(src + len + n, '}', n);
    src[len + 2 * n] = '\0';
    r = run(src);
    ck_assert_ptr_nonnull(strstr(r.diags, "nesting too deep"));
    done(&r);

    /* A long left-leaning chain is cut at K_MAX_EXPR_DEPTH, not recursed into. */
    strcpy(src, "int y = ");
    len = strlen(src);
    for (size_t i = 0; i < n; i++, len += 2)
        memcpy(src + len, "a+", 2);
    strcpy(src + len, "a;\n");
    r = run(src);
    ck_assert_ptr_nonnull(strstr(r.diags, "expression nested too deeply"));
    done(&r);
    free(src);
}
END_TEST

START_TEST(test_max_errors)
{
    char src[2048] = "";
    for (int i = 0; i < 40; i++)
        strcat(src, "int x = @;\n");
    result r = run(src);
    ck_assert_int_eq(r.nerrors, 40);
    ck_assert_int_eq(r.ctx.ndiags, 21);
    ck_assert_int_eq(r.ctx.diags[20].severity, K_NOTE);
    done(&r);
}
END_TEST

/* ------------------------------------------------------------ preprocessor */
START_TEST(test_macros)
{
    expect_dump("#define N 10\n#define SQ(x) ((x) * (x))\nint a[N]; int b = SQ(N + 1);",
                "(var b int (init (* (+ 10 1) (+ 10 1))))");
    expect_dump("#define STR(x) #x\n#define XSTR(x) STR(x)\n#define V 42\n"
                "const char *s = STR(a \"b\"); const char *t = XSTR(V);",
                "(init \"a \\\"b\\\"\")");
    expect_dump("#define STR(x) #x\n#define XSTR(x) STR(x)\n#define V 42\n"
                "const char *t = XSTR(V);", "(init \"42\")");
    expect_dump("#define CAT(a, b) a ## b\nint CAT(foo, 12) = CAT(0x, 1f);",
                "(var foo12 int (init (int 31 nondec)))");
    expect_dump("#define MAX(a, b) ((a) > (b) ? (a) : (b))\nint m = MAX(f(1, 2), (3, 4));",
                "(? (> (call f 1 2) (, 3 4)) (call f 1 2) (, 3 4))");
    expect_dump("#define LOG(fmt, ...) printf(fmt, __VA_ARGS__)\nvoid f() { LOG(\"%d\", 1, 2); }",
                "(call printf \"%d\" 1 2)");
    /* Blue paint: self-reference ends. */
    expect_dump("#define R R + 1\nint r = R;", "(init (+ R 1))");
    expect_dump("#define f(x) x + f\nint g = f(1)(2);", "(init (+ 1 (call f 2)))");
    /* Not in strings, chars or comments. */
    expect_dump("#define N 3\nconst char *s = \"N\"; int c = 'N'; // N\n", "(init \"N\")");
    expect_dump("int a = NULL == 0; unsigned b = UINT_MAX; int c = cudaMemcpyDeviceToHost;",
                "(var c int (init 2))");
    expect_dump("int i = INT_MIN;", "(init (- (neg 2147483647) 1))");
    expect_dump("float m = FLT_MAX;", "(float 3.4028234663852886e+38)");
    expect_dump("int l = __LINE__;\nint k = __LINE__;", "(var k int (init 2))");

    static const char *const defs[] = { "WIDTH=16", "DEBUG", NULL };
    const char *src = "int w = WIDTH;\n#ifdef DEBUG\nint dbg = DEBUG;\n#endif\n";
    result r = run_with(src, strlen(src), defs, 1);
    ck_assert_int_eq(r.nerrors, 0);
    ck_assert_ptr_nonnull(strstr(r.dump, "(var w int (init 16))"));
    ck_assert_ptr_nonnull(strstr(r.dump, "(var dbg int (init 1))"));
    done(&r);

    expect_error("#define F(a, b) a\nint x = F(1);", "macro 'F' takes 2 arguments, but 1 was");
    expect_error("#define F(a) a\nint x = F(1;\n", "unterminated argument list");
    expect_error("#define P(x) # y\n", "'#' is not followed by a macro parameter");
    expect_error("#define Q ## x\n", "'##' cannot appear at either end");
}
END_TEST

START_TEST(test_runaway_expansion)
{
    char src[4096] = "#define A0 x x\n";
    for (int i = 1; i <= 40; i++) {
        char line[64];
        snprintf(line, sizeof line, "#define A%d A%d A%d\n", i, i - 1, i - 1);
        strcat(src, line);
    }
    strcat(src, "int y = A40;\n");
    expect_error(src, "t.k:42:9: error: macro expansion too large");
}
END_TEST

START_TEST(test_conditionals)
{
    expect_dump("#define N 8\n#if defined(N) && N > 5 && !defined X\nint a;\n#elif 1\nint b;\n"
                "#else\nint c;\n#endif\n", "(unit\n  (var a int))");
    expect_dump("#if 0\nint a;\n#elif (1 ? 2 : 3) == 2 && -1 < 0 && !(-1 < 0u)\nint b;\n#endif\n",
                "(unit\n  (var b int))");
    expect_dump("#if 0x10 == 16 && 'A' == 65 && (7 / 2 == 3) && (1 << 4) == 16 && UNDEFINED == 0\n"
                "int ok;\n#endif\n", "(var ok int)");
    expect_dump("#ifndef X\n#define X 1\n#endif\n#ifdef X\nint x = X;\n#else\nint no;\n#endif\n",
                "(unit\n  (var x int (init 1)))");
    expect_dump("#if 0\n#if 1\nint a;\n#else\nint b;\n#endif\n#error not here\n#endif\nint c;\n",
                "(unit\n  (var c int))");
    expect_dump("#define A 1\n#undef A\n#ifdef A\nint a;\n#endif\nint b;\n",
                "(unit\n  (var b int))");
    expect_dump("#include <stdio.h>\n#include <cuda_runtime.h>\n#pragma once\n#line 7\nint x;\n",
                "(var x int)");
    expect_error("#error stop here\n", "t.k:1:1: error: #error stop here");
    expect_error("#if 1\nint x;\n", "t.k:1:1: error: unterminated #if");
    expect_error("#endif\n", "#endif without #if");
    expect_error("#if 1 / 0\n#endif\n", "division by zero in #if");
    expect_error("#if 1 +\n#endif\n", "missing expression in #if");
    expect_error("#foo\n", "invalid preprocessing directive #foo");
    expect_error("#if 1\n#else\n#else\n#endif\n", "#else after #else");
}
END_TEST

/* Every diagnostic of #define, #if, #include and the other directives. */
START_TEST(test_directive_errors)
{
    expect_error("#define F(a, b\nint x;\n", "t.k:1:14: error: expected ',' or ')' in the macro");
    expect_error("#define F(a, a) a\n", "t.k:1:14: error: duplicate macro parameter 'a'");
    expect_error("#define F(1) x\n", "t.k:1:11: error: expected a parameter name in the macro");
    expect_error("#define F(a b) a\n", "t.k:1:13: error: expected ',' or ')' in the macro");
    expect_error("#define 3 x\n", "t.k:1:9: error: macro names must be identifiers");
    expect_error("#undef 3\n", "t.k:1:8: error: macro names must be identifiers");
    expect_error("#define defined 1\n", "t.k:1:9: error: 'defined' cannot be used as a macro");
    expect_error("#define P(a, b) a ## b\nint x = P(+, -);\n",
                 "t.k:2:14: error: pasting \"+\" and \"-\" does not give a valid preprocessing");
    expect_error("#if 123456789012345678901234567890\n#endif\n",
                 "t.k:1:1: error: integer constant is too large for #if");
    char longnum[128];
    snprintf(longnum, sizeof longnum, "#if %0100d\n#endif\n", 1);
    expect_error(longnum, "t.k:1:1: error: integer constant too long in #if");
    expect_error("#if 0x\n#endif\n", "t.k:1:1: error: invalid integer constant in #if");
    expect_error("#if 1.5\n#endif\n", "error: invalid integer constant in #if (floating point");
    expect_error("#if (1\n#endif\n", "t.k:1:1: error: expected ')' in #if expression");
    expect_error("#if \"s\"\n#endif\n", "t.k:1:5: error: invalid token in #if expression");
    expect_error("#if 1 ? 2\n#endif\n", "t.k:1:1: error: expected ':' in #if expression");
    expect_error("#if defined(3)\n#endif\n", "t.k:1:5: error: 'defined' expects a macro name");
    expect_error("#if 1 2\n#endif\n", "t.k:1:7: error: extra tokens at the end of the #if");
    expect_error("#ifdef\n#endif\n", "t.k:1:1: error: #ifdef expects a macro name");
    expect_error("#include foo\n", "t.k:1:1: error: #include expects \"FILENAME\" or <FILENAME>");
    expect_error("#@\n", "t.k:1:1: error: invalid preprocessing directive");
    char deep[2048] = "#if ";
    for (int i = 0; i < 600; i++)
        strcat(deep, "(");
    strcat(deep, "1\n#endif\n");
    expect_error(deep, "error: #if expression nested too deeply");
}
END_TEST

/* Warnings leave the program valid. */
static void expect_warning(const char *src, const char *want)
{
    result r = run(src);
    ck_assert_msg(r.nerrors == 0, "unexpected errors for:\n%s\n%s", src, r.diags);
    ck_assert_msg(strstr(r.diags, want) != NULL, "diagnostics of:\n%s\nlack: %s\ngot:\n%s", src,
                  want, r.diags);
    done(&r);
}

START_TEST(test_directive_warnings)
{
    expect_warning("#define A 1\n#define A 2\nint x = A;\n", "t.k:2:9: warning: 'A' redefined");
    expect_error("#include \"no_such_header.h\"\nint x;\n",
                 "t.k:1:1: error: #include \"no_such_header.h\": file not found");
    expect_error("int a;\n#include <foo.h>\n", "t.k:2:1: error: #include <foo.h>: unknown system header");
    expect_error("#include <thrust/partition.h>\n", "this part of Thrust is not built into simtvm");
    expect_error("#include\n", "#include expects");
    expect_dump("#include <map>\n#include <bits/stdc++.h>\n"
                "#include <stdio.h>\n#include <cstdio>\n#include <cooperative_groups.h>\n"
                "#include \"cuda_runtime.h\"\nint x;\n", "(var x int)");
    expect_warning("#warning careful\nint x;\n", "t.k:1:1: warning: #warning careful");
    /* an identical redefinition is no redefinition */
    result r = run("#define A (1 + 2)\n#define A (1 + 2)\nint x = A;\n");
    ck_assert_int_eq(r.nerrors, 0);
    ck_assert_ptr_null(strstr(r.diags, "redefined"));
    done(&r);
    expect_dump("#if '\\n' == 10 && '\\t' == 9 && '\\x41' == 65 && '\\101' == 65 && '\\a' == 7 "
                "&& '\\b' == 8 && '\\f' == 12 && '\\v' == 11 && '\\r' == 13 && '\\\\' == 92\n"
                "int ok;\n#endif\n", "(var ok int)");
    expect_dump("#if 1u > 0 && 10UL == 10 && ~0 == -1 && 1 <= 2 && 2 >= 1 && 1u <= 2u && "
                "-1 >= -2 && (-8 >> 1) == -4 && (8u >> 1) == 4 && (1 >> 70) == 0 && "
                "-7 % 3 == -1 && 7u % 3 == 1 && 0b101 == 5 && 017 == 15\nint ok;\n#endif\n",
                "(var ok int)");
    expect_dump("const char *f = __FILE__;", "(init \"t.k\")");
}
END_TEST

/* Positions survive comments, continuations and directives. */
START_TEST(test_line_numbers)
{
    /* UTF-8 is quoted as it is; columns count characters, not bytes; a
     * stray byte is shown as '?' */
    expect_error("const char *s = \"\xc3\xa9\xe4\xb8\xad\" @;\n",
                 "t.k:1:22: error: invalid character '@' in program\n"
                 "    1 | const char *s = \"\xc3\xa9\xe4\xb8\xad\" @;\n"
                 "      |                      ^\n");
    expect_error("const char *s = \"\xff\" @;\n", "| const char *s = \"?\" @;\n");
    expect_error("/* a\n   multi-line\n   comment */\nint x = @;\n", "t.k:4:9: error");
    expect_error("#define LONG(a, b) \\\n    a + \\\n    b\nint y = LONG(1, 2);\nint z = @;\n",
                 "t.k:5:9: error");
    expect_error("int a = F(1,\n  2);\nint z = @;\n", "t.k:3:9: error");
    expect_error("#define F(x, y) x\nint a = F(1,\n  2);\nint z = @;\n", "t.k:4:9: error");
    expect_error("int a; /* c\n */ int b = @;\n", "t.k:2:13: error");
    expect_error("int a; /* c */ int b = @;\n", "t.k:1:24: error");
    expect_error("#if 0\nx\ny\n#endif\nint b = @;\n", "t.k:5:9: error");
    expect_error("int s = \"a\\\nb\";\nint b = @;\n", "t.k:3:9: error");
}
END_TEST

/* Preprocessor corners: redefinitions that differ only in their shape,
 * empty parameter lists, variadic argument counts, a macro name and its
 * '(' on different lines, #elif and #else misplaced, #line and #ident,
 * GNU line markers, the forms of #pragma unroll, expansions that must not
 * merge with the next token. */
START_TEST(test_pp_corners)
{
    expect_warning("#define A(x) x\n#define A x\n", "t.k:2:9: warning: 'A' redefined");
    expect_warning("#define B(x) x\n#define B(x, y) x\n", "t.k:2:9: warning: 'B' redefined");
    expect_warning("#define C(x) x\n#define C(x) x x\n", "t.k:2:9: warning: 'C' redefined");
    expect_warning("#define D(x, ...) x\n#define D(x, y) x\n", "t.k:2:9: warning: 'D' redefined");
    expect_warning("#define E 1+2\n#define E 1 + 2\n", "t.k:2:9: warning: 'E' redefined");
    expect_dump("#define Z() 7\nint z = Z();", "(var z int (init 7))");
    expect_error("#define Z() 7\nint z = Z(1);", "macro 'Z' takes 0 arguments, but 1 was given");
    expect_error("#define V(a, b, ...) a\nint v = V(1);", "macro 'V' takes 3 arguments, but 1 was");
    expect_dump("#define V(a, ...) a + 0 __VA_ARGS__\nint v = V(5);", "(var v int (init (+ 5 0)))");
    expect_dump("#define G(fmt, ...) f(fmt, ## __VA_ARGS__)\nint g = G(1);",
                "(init (call f 1))");
    expect_dump("#define G(fmt, ...) f(fmt, ## __VA_ARGS__)\nint g = G(1, 2);",
                "(init (call f 1 2))");
    expect_dump("#define SQ(x) ((x) * (x))\nint q = SQ\n\n(3);", "(init (* 3 3))");
    expect_dump("#define SQ(x) ((x) * (x))\nint SQ = 4;", "(var SQ int (init 4))");
    /* an expansion ending in + before a + is not ++ */
    expect_dump("#define P +\nint p = 1 P+ 2;", "(init (+ 1 (plus 2)))");
    expect_dump("#define S s\nint n = S.x;", "(. s x)");
    expect_error("#elif 1\nint x;\n", "t.k:1:1: error: #elif without #if");
    expect_error("#if 1\n#else\n#else\n#endif\n", "t.k:3:1: error: #else after #else");
    expect_error("#if 1\n#else\n#elif 1\n#endif\n", "t.k:3:1: error: #elif after #else");
    expect_dump("#if 1\nint a;\n#elif 1\nint b;\n#elif 1\nint c;\n#endif\n", "(var a int)");
    expect_dump("#if 0\n#elif 0\n#elif 1\nint c;\n#else\nint d;\n#endif\n", "(var c int)");
    expect_dump("#if 0\n#if 1\nint a;\n#elif 1\nint b;\n#endif\n#endif\nint c;\n", "(var c int)");
    expect_dump("#line 40\n#ident \"v1\"\n# 12 \"other.k\"\nint x;\n", "(var x int)");
    expect_error("#if 0\n#bogus\n#endif\n#  \nint a = @;\n", "t.k:5:9: error: invalid character");
    /* #pragma unroll: a count, one in parentheses, and ones that are no count */
    expect_dump("#pragma unroll (4)\n#pragma unroll 0x10\n#pragma unroll 99999999999\n"
                "#pragma unroll n\n#pragma unroll 4x\n#pragma once\nint x;\n", "(var x int)");
    expect_dump("#pragma unroll 2\n", "");
    expect_error("#error   spaced out   \n", "t.k:1:1: error: #error spaced out\n");
}
END_TEST

static Suite *parse_suite(void)
{
    Suite *s = suite_create("parse");
    TCase *tc = tcase_create("front end");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_precedence);
    tcase_add_test(tc, test_casts);
    tcase_add_test(tc, test_launch_and_calls);
    tcase_add_test(tc, test_literals);
    tcase_add_test(tc, test_declarations);
    tcase_add_test(tc, test_statements);
    tcase_add_test(tc, test_syntax_errors);
    tcase_add_test(tc, test_lexical_errors);
    tcase_add_test(tc, test_caret);
    tcase_add_test(tc, test_deep_nesting);
    tcase_add_test(tc, test_max_errors);
    tcase_add_test(tc, test_macros);
    tcase_add_test(tc, test_runaway_expansion);
    tcase_add_test(tc, test_conditionals);
    tcase_add_test(tc, test_directive_errors);
    tcase_add_test(tc, test_directive_warnings);
    tcase_add_test(tc, test_line_numbers);
    tcase_add_test(tc, test_lexer_unpreprocessed);
    tcase_add_test(tc, test_lexer_escapes);
    tcase_add_test(tc, test_pp_corners);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return simt_run_suite(parse_suite());
}
