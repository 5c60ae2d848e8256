/* lang/thrust_placeholders.c -- Thrust's placeholder expressions
 * (thrust::placeholders::_1, _2), written in K (doc/language.md, "Thrust").
 * Returned by k_thrust_header_text (lang/thrust.c).
 *
 * `a * _1 + _2` is an expression template, as in Thrust: each operator on a
 * placeholder (a free operator template: lang/templates_sema.c
 * k_tpl_sema_operator) makes a __actor whose type is the expression's tree
 * (__ph_mul<__ph_val<float>, __ph1>...) and whose value holds the
 * constants.  K has no member templates in class templates, so an actor has
 * no call operator: __ev(node, x, y) evaluates a tree for the arguments
 * (one overload per kind of node, each result's type C++'s for its
 * operands), and the algorithms that take function objects have overloads
 * for actors (after lang/thrust_algorithm.c's), which the placeholder
 * expressions pick as the more specialized.  Device policies run these in
 * host code: an element's value is the same. */
#include "thrust.h"

/* A binary node: its tree type, evaluation, and the three operators that
 * make it (placeholder op placeholder, placeholder op value, value op
 * placeholder). */
#define PH_BINARY(N, OP)                                                                   \
    "template <class L, class R> struct __ph_" N " { L l; R r; };\n"                     \
    "template <class L, class R, class A, class B>\n"                                      \
    "__host__ __device__ auto __ev(__ph_" N "<L, R> n, A x, B y)\n"                      \
    "{\n    return __ev(n.l, x, y) " OP " __ev(n.r, x, y);\n}\n"                         \
    "template <class L, class R>\n"                                                        \
    "__actor<__ph_" N "<L, R> > operator" OP "(__actor<L> a, __actor<R> b)\n"            \
    "{\n    __actor<__ph_" N "<L, R> > t;\n    t.e.l = a.e;\n    t.e.r = b.e;\n"        \
    "    return t;\n}\n"                                                                   \
    "template <class L, class T>\n"                                                        \
    "__actor<__ph_" N "<L, __ph_val<T> > > operator" OP "(__actor<L> a, T b)\n"          \
    "{\n    __actor<__ph_" N "<L, __ph_val<T> > > t;\n    t.e.l = a.e;\n"              \
    "    t.e.r.v = b;\n    return t;\n}\n"                                                \
    "template <class T, class R>\n"                                                        \
    "__actor<__ph_" N "<__ph_val<T>, R> > operator" OP "(T a, __actor<R> b)\n"           \
    "{\n    __actor<__ph_" N "<__ph_val<T>, R> > t;\n    t.e.l.v = a;\n"               \
    "    t.e.r = b.e;\n    return t;\n}\n"

#define PH_UNARY(N, OP)                                                                    \
    "template <class E> struct __ph_" N " { E e; };\n"                                   \
    "template <class E, class A, class B>\n"                                               \
    "__host__ __device__ auto __ev(__ph_" N "<E> n, A x, B y)\n"                         \
    "{\n    return " OP "__ev(n.e, x, y);\n}\n"                                          \
    "template <class E> __actor<__ph_" N "<E> > operator" OP "(__actor<E> a)\n"          \
    "{\n    __actor<__ph_" N "<E> > t;\n    t.e.e = a.e;\n    return t;\n}\n"

/* _3 ... _10: declared as Thrust declares them; the algorithms call a
 * function object with one or two arguments, so evaluating one is a static
 * assertion inside the library text (with a note at the algorithm's call). */
#define PH_UNUSED(N) "struct __ph" N " { int _unused; };\n__actor<__ph" N "> _" N ";\n"
#define PH_UNUSED_EV(N)                                                                    \
    "template <class A, class B> __host__ __device__ A __ev(placeholders::__ph" N " p, A x, B y)\n" \
    "{\n    static_assert(sizeof(A) == 0, \"_" N " used where Thrust passes at most 2 "      \
    "arguments\");\n    return x;\n}\n"

static const char TEXT_PLACEHOLDERS[] =
    "// Thrust's placeholder expressions as simtvm builds them in, written in K\n"
    "// (lang/thrust_placeholders.c says how they work).\n"
    "#pragma once\n"
    "namespace thrust {\n"
    "struct __no_arg { int _unused; };   // the second argument of a unary call\n"
    "struct __ph1 { int _unused; };   // _1\n"
    "struct __ph2 { int _unused; };   // _2\n"
    "template <class T> struct __ph_val { T v; };\n"
    "// an expression called as a function object (thrust::all_of(.., _1 == 13)):\n"
    "// __ev, below, evaluates it when an instance is made\n"
    "template <class E> struct __actor {\n"
    "    E e;\n"
    "    template <class A> __host__ __device__ auto operator()(const A &x) const\n"
    "        -> decltype(__ev(e, x, __no_arg()))\n"
    "    {\n"
    "        return __ev(e, x, __no_arg());\n"
    "    }\n"
    "    template <class A, class B> __host__ __device__ auto operator()(const A &x, const B &y) const\n"
    "        -> decltype(__ev(e, x, y))\n"
    "    {\n"
    "        return __ev(e, x, y);\n"
    "    }\n"
    "};\n"
    "namespace placeholders {\n"
    "__actor<__ph1> _1;\n"
    "__actor<__ph2> _2;\n"
    PH_UNUSED("3") PH_UNUSED("4") PH_UNUSED("5") PH_UNUSED("6") PH_UNUSED("7")
    PH_UNUSED("8") PH_UNUSED("9") PH_UNUSED("10")
    "}\n"
    PH_UNUSED_EV("3") PH_UNUSED_EV("4") PH_UNUSED_EV("5") PH_UNUSED_EV("6") PH_UNUSED_EV("7")
    PH_UNUSED_EV("8") PH_UNUSED_EV("9") PH_UNUSED_EV("10")
    "template <class A, class B> __host__ __device__ A __ev(__ph1 p, A x, B y) { return x; }\n"
    "template <class A, class B> __host__ __device__ B __ev(__ph2 p, A x, B y) { return y; }\n"
    "template <class T, class A, class B> __host__ __device__ T __ev(__ph_val<T> p, A x, B y)\n"
    "{\n    return p.v;\n}\n"
    PH_BINARY("add", "+") PH_BINARY("sub", "-") PH_BINARY("mul", "*") PH_BINARY("div", "/")
    PH_BINARY("mod", "%") PH_BINARY("lt", "<") PH_BINARY("gt", ">") PH_BINARY("le", "<=")
    PH_BINARY("ge", ">=") PH_BINARY("eq", "==") PH_BINARY("ne", "!=") PH_BINARY("and", "&&")
    PH_BINARY("or", "||") PH_BINARY("band", "&") PH_BINARY("bor", "|") PH_BINARY("bxor", "^")
    PH_UNARY("neg", "-") PH_UNARY("not", "!") PH_UNARY("bnot", "~")
    "// the algorithms' overloads for placeholder expressions\n"
    "template <class I, class O, class E> inline O transform(I first, I last, O out, __actor<E> f)\n"
    "{\n"
    "    for (; first != last; ++first, ++out)\n"
    "        *out = __ev(f.e, *first, __no_arg());\n"
    "    return out;\n"
    "}\n"
    "template <class I1, class I2, class O, class E>\n"
    "inline O transform(I1 first1, I1 last1, I2 first2, O out, __actor<E> f)\n"
    "{\n"
    "    for (; first1 != last1; ++first1, ++first2, ++out)\n"
    "        *out = __ev(f.e, *first1, *first2);\n"
    "    return out;\n"
    "}\n"
    "template <class I, class O, class E>\n"
    "inline O transform(__device_policy p, I first, I last, O out, __actor<E> f)\n"
    "{\n    return transform(first, last, out, f);\n}\n"
    "template <class I1, class I2, class O, class E>\n"
    "inline O transform(__device_policy p, I1 first1, I1 last1, I2 first2, O out, __actor<E> f)\n"
    "{\n    return transform(first1, last1, first2, out, f);\n}\n"
    "template <class I, class E> inline long count_if(I first, I last, __actor<E> f)\n"
    "{\n"
    "    long n = 0;\n"
    "    for (; first != last; ++first)\n"
    "        if (__ev(f.e, *first, __no_arg()))\n"
    "            n++;\n"
    "    return n;\n"
    "}\n"
    "// reduce's order (__reduce_tree) with the expression as the operator\n"
    "template <class I, class T, class E> inline T reduce(I first, I last, T init, __actor<E> f)\n"
    "{\n"
    "    long n = last - first;\n"
    "    if (n == 0)\n"
    "        return init;\n"
    "    T *a = (T *)malloc(n * sizeof(T));\n"
    "    for (long i = 0; i < n; i++, ++first)\n"
    "        a[i] = *first;\n"
    "    for (long off = 1; off < n; off *= 2)\n"
    "        for (long i = 0; i + off < n; i += 2 * off)\n"
    "            a[i] = __ev(f.e, a[i], a[i + off]);\n"
    "    T r = __ev(f.e, init, a[0]);\n"
    "    free(a);\n"
    "    return r;\n"
    "}\n"
    "template <class I, class E, class T, class B>\n"
    "inline T transform_reduce(I first, I last, __actor<E> f, T init, B op)\n"
    "{\n"
    "    long n = last - first;\n"
    "    T *a = (T *)malloc((n ? n : 1) * sizeof(T));\n"
    "    for (long i = 0; i < n; i++, ++first)\n"
    "        a[i] = __ev(f.e, *first, __no_arg());\n"
    "    T r = __reduce_tree(a, n, init, op);\n"
    "    free(a);\n"
    "    return r;\n"
    "}\n"
    "}\n";

const char *k_thrust_placeholders_text(void)
{
    return TEXT_PLACEHOLDERS;
}
