/* lang/thrust_tuple.c -- thrust::tuple, make_tuple, get<N> and zip_iterator
 * as simtvm builds them in (doc/language.md, "Thrust").  The classes are K
 * text; get<N> is built into sema here, as K has no class template
 * specialization to pick the N-th member with: get<N>(t) is the member
 * function t.__gN(), which gives the member _N, or, in a tuple that a
 * zip_iterator's `*` gave, the zipped element it points at (so that
 * `thrust::get<1>(t) = x` writes through).  std::get is the same function;
 * of a std::tuple (lang/std_tuple.c) it is that class's member path. */
#include <string.h>

#include "sema.h"
#include "thrust.h"
#include "types.h"

#define TUPLE10_PLAIN "class A, class B, class C, class D, class E, class F, class G, class H, " \
                      "class I, class J"
#define TUPLE10 "class A, class B = null_type, class C = null_type, class D = null_type, " \
                "class E = null_type, class F = null_type, class G = null_type, "          \
                "class H = null_type, class I = null_type, class J = null_type"
/* The body of both of tuple's element-wise assignments from o: each element
 * through its getter, so that a tuple *zip gave writes through. */
#define TUPLE10_ASSIGN_EACH \
    "    {\n" \
    "        __g0() = o.__g0(); __g1() = o.__g1(); __g2() = o.__g2(); __g3() = o.__g3();\n" \
    "        __g4() = o.__g4(); __g5() = o.__g5(); __g6() = o.__g6(); __g7() = o.__g7();\n" \
    "        __g8() = o.__g8(); __g9() = o.__g9();\n" \
    "        return *this;\n" \
    "    }\n"

#define TUPLE10_OTHER "class A2, class B2, class C2, class D2, class E2, class F2, class G2, " \
                      "class H2, class I2, class J2"

static const char TEXT_TUPLE[] =
    "// thrust::tuple and zip_iterator as simtvm builds them in, written in K.\n"
    "#pragma once\n"
    "namespace std { template <typename A, typename B> struct pair; }\n"
    "namespace thrust {\n"
    "struct null_type {};\n"
    "// get<N>(t) is built in (lang/thrust_tuple.c); this names it a template\n"
    "template <int N, typename T> void get(T t);\n"
    "template <typename T> __host__ __device__ inline T __tuple_take(T *p) { return *p; }\n"
    "__host__ __device__ inline null_type __tuple_take(null_type *p) { return null_type(); }\n"
    "// A tuple holds its values, and for what *zip_iterator gives, pointers to\n"
    "// the zipped elements, which get<N> (the member __gN) reads and writes.\n"
    "template <class T> struct __tuple_n { static constexpr unsigned long value = 1; };\n"
    "template <> struct __tuple_n<null_type> { static constexpr unsigned long value = 0; };\n"
    "template <" TUPLE10 "> struct tuple {\n"
    "    A _0; B _1; C _2; D _3; E _4;\n"
    "    F _5; G _6; H _7; I _8; J _9;\n"
    "    static constexpr unsigned long __tuple_size = __tuple_n<A>::value +\n"
    "        __tuple_n<B>::value + __tuple_n<C>::value + __tuple_n<D>::value +\n"
    "        __tuple_n<E>::value + __tuple_n<F>::value + __tuple_n<G>::value +\n"
    "        __tuple_n<H>::value + __tuple_n<I>::value + __tuple_n<J>::value;   // std::tuple_size\n"
    "    A *_p0; B *_p1; C *_p2; D *_p3; E *_p4;\n"
    "    F *_p5; G *_p6; H *_p7; I *_p8; J *_p9;\n"
    "    __host__ __device__ void __unzip()\n"
    "    {\n"
    "        _p0 = 0; _p1 = 0; _p2 = 0; _p3 = 0; _p4 = 0;\n"
    "        _p5 = 0; _p6 = 0; _p7 = 0; _p8 = 0; _p9 = 0;\n"
    "    }\n"
    "    __host__ __device__ tuple() { __unzip(); }\n"
    "    __host__ __device__ tuple(A a) { _0 = a; __unzip(); }\n"
    "    __host__ __device__ tuple(A a, B b) { _0 = a; _1 = b; __unzip(); }\n"
    "    __host__ __device__ tuple(A a, B b, C c) { _0 = a; _1 = b; _2 = c; __unzip(); }\n"
    "    __host__ __device__ tuple(A a, B b, C c,\n"
    "        D d) { _0 = a; _1 = b; _2 = c; _3 = d; __unzip(); }\n"
    "    __host__ __device__ tuple(A a, B b, C c, D d, E e)\n"
    "    {\n"
    "        _0 = a; _1 = b; _2 = c; _3 = d; _4 = e;\n"
    "        __unzip();\n"
    "    }\n"
    "    __host__ __device__ tuple(A a, B b, C c, D d, E e, F f)\n"
    "    {\n"
    "        _0 = a; _1 = b; _2 = c; _3 = d; _4 = e; _5 = f;\n"
    "        __unzip();\n"
    "    }\n"
    "    __host__ __device__ tuple(A a, B b, C c, D d, E e, F f, G g)\n"
    "    {\n"
    "        _0 = a; _1 = b; _2 = c; _3 = d; _4 = e; _5 = f; _6 = g;\n"
    "        __unzip();\n"
    "    }\n"
    "    __host__ __device__ tuple(A a, B b, C c, D d, E e, F f, G g, H h)\n"
    "    {\n"
    "        _0 = a; _1 = b; _2 = c; _3 = d; _4 = e; _5 = f; _6 = g; _7 = h;\n"
    "        __unzip();\n"
    "    }\n"
    "    __host__ __device__ tuple(A a, B b, C c, D d, E e, F f, G g, H h, I i)\n"
    "    {\n"
    "        _0 = a; _1 = b; _2 = c; _3 = d; _4 = e; _5 = f; _6 = g; _7 = h; _8 = i;\n"
    "        __unzip();\n"
    "    }\n"
    "    __host__ __device__ tuple(A a, B b, C c, D d, E e, F f, G g, H h, I i, J j)\n"
    "    {\n"
    "        _0 = a; _1 = b; _2 = c; _3 = d; _4 = e; _5 = f; _6 = g; _7 = h; _8 = i; _9 = j;\n"
    "        __unzip();\n"
    "    }\n"
    "    // from a tuple of its own type too: a tuple that *zip gave writes through\n"
    "    __host__ __device__ tuple &operator=(const tuple &o)\n"
    TUPLE10_ASSIGN_EACH
    "    // from a tuple of other types (each element converted) and from a std::pair\n"
    "    template <" TUPLE10_OTHER ">\n"
    "    __host__ __device__ tuple &operator=(const tuple<A2, B2, C2, D2, E2, F2, G2, H2, I2, J2> &o)\n"
    TUPLE10_ASSIGN_EACH
    "    template <class P, class Q> tuple &operator=(const ::std::pair<P, Q> &p)\n"
    "    {\n"
    "        __g0() = p.first; __g1() = p.second;\n"
    "        return *this;\n"
    "    }\n"
    "    __host__ __device__ A &__g0() { if (_p0) return *_p0; return _0; }\n"
    "    __host__ __device__ const A &__g0() const { if (_p0) return *_p0; return _0; }\n"
    "    __host__ __device__ B &__g1() { if (_p1) return *_p1; return _1; }\n"
    "    __host__ __device__ const B &__g1() const { if (_p1) return *_p1; return _1; }\n"
    "    __host__ __device__ C &__g2() { if (_p2) return *_p2; return _2; }\n"
    "    __host__ __device__ const C &__g2() const { if (_p2) return *_p2; return _2; }\n"
    "    __host__ __device__ D &__g3() { if (_p3) return *_p3; return _3; }\n"
    "    __host__ __device__ const D &__g3() const { if (_p3) return *_p3; return _3; }\n"
    "    __host__ __device__ E &__g4() { if (_p4) return *_p4; return _4; }\n"
    "    __host__ __device__ const E &__g4() const { if (_p4) return *_p4; return _4; }\n"
    "    __host__ __device__ F &__g5() { if (_p5) return *_p5; return _5; }\n"
    "    __host__ __device__ const F &__g5() const { if (_p5) return *_p5; return _5; }\n"
    "    __host__ __device__ G &__g6() { if (_p6) return *_p6; return _6; }\n"
    "    __host__ __device__ const G &__g6() const { if (_p6) return *_p6; return _6; }\n"
    "    __host__ __device__ H &__g7() { if (_p7) return *_p7; return _7; }\n"
    "    __host__ __device__ const H &__g7() const { if (_p7) return *_p7; return _7; }\n"
    "    __host__ __device__ I &__g8() { if (_p8) return *_p8; return _8; }\n"
    "    __host__ __device__ const I &__g8() const { if (_p8) return *_p8; return _8; }\n"
    "    __host__ __device__ J &__g9() { if (_p9) return *_p9; return _9; }\n"
    "    __host__ __device__ const J &__g9() const { if (_p9) return *_p9; return _9; }\n"
    "};\n"
    "template <class A>\n"
    "__host__ __device__ inline tuple<A> make_tuple(A a)\n"
    "{\n"
    "    return tuple<A>(a);\n"
    "}\n"
    "template <class A, class B>\n"
    "__host__ __device__ inline tuple<A, B> make_tuple(A a, B b)\n"
    "{\n"
    "    return tuple<A, B>(a, b);\n"
    "}\n"
    "template <class A, class B, class C>\n"
    "__host__ __device__ inline tuple<A, B, C> make_tuple(A a, B b, C c)\n"
    "{\n"
    "    return tuple<A, B, C>(a, b, c);\n"
    "}\n"
    "template <class A, class B, class C, class D>\n"
    "__host__ __device__ inline tuple<A, B, C, D> make_tuple(A a, B b, C c, D d)\n"
    "{\n"
    "    return tuple<A, B, C, D>(a, b, c, d);\n"
    "}\n"
    "template <class A, class B, class C, class D, class E>\n"
    "__host__ __device__ inline tuple<A, B, C, D, E> make_tuple(A a, B b, C c, D d, E e)\n"
    "{\n"
    "    return tuple<A, B, C, D, E>(a, b, c, d, e);\n"
    "}\n"
    "template <class A, class B, class C, class D, class E, class F>\n"
    "__host__ __device__ inline tuple<A, B, C, D, E, F> make_tuple(A a, B b, C c, D d,\n"
    "    E e, F f)\n"
    "{\n"
    "    return tuple<A, B, C, D, E, F>(a, b, c, d, e, f);\n"
    "}\n"
    "template <class A, class B, class C, class D, class E, class F, class G>\n"
    "__host__ __device__ inline tuple<A, B, C, D, E, F, G> make_tuple(A a, B b, C c,\n"
    "    D d, E e, F f, G g)\n"
    "{\n"
    "    return tuple<A, B, C, D, E, F, G>(a, b, c, d, e, f, g);\n"
    "}\n"
    "template <class A, class B, class C, class D, class E, class F, class G, class H>\n"
    "__host__ __device__ inline tuple<A, B, C, D, E, F, G, H> make_tuple(A a, B b, C c,\n"
    "    D d, E e, F f, G g, H h)\n"
    "{\n"
    "    return tuple<A, B, C, D, E, F, G, H>(a, b, c, d, e, f, g, h);\n"
    "}\n"
    "template <class A, class B, class C, class D, class E, class F, class G, class H,\n"
    "    class I>\n"
    "__host__ __device__ inline tuple<A, B, C, D, E, F, G, H, I> make_tuple(A a, B b,\n"
    "    C c, D d, E e, F f, G g, H h, I i)\n"
    "{\n"
    "    return tuple<A, B, C, D, E, F, G, H, I>(a, b, c, d, e, f, g, h, i);\n"
    "}\n"
    "template <class A, class B, class C, class D, class E, class F, class G, class H,\n"
    "    class I, class J>\n"
    "__host__ __device__ inline tuple<A, B, C, D, E, F, G, H, I, J> make_tuple(A a, B b,\n"
    "    C c, D d, E e, F f, G g, H h, I i, J j)\n"
    "{\n"
    "    return tuple<A, B, C, D, E, F, G, H, I, J>(a, b, c, d, e, f, g, h, i, j);\n"
    "}\n"
    "// zip_iterator<tuple<It...>> over 1 to 10 iterators of any kinds: of a\n"
    "// pointer, element i's address is kept (get<N> of *zip reads and writes\n"
    "// through it, as Thrust's tuple of references does); of another iterator\n"
    "// (counting_iterator, transform_iterator) element i is read, a value\n"
    "template <class It> struct __zip_value\n"
    "{\n"
    "    typedef typename ::std::decay<decltype(*::std::declval<It>())>::type type;\n"
    "};\n"
    "template <class T> struct __zip_value<T *> { typedef T type; };\n"
    "template <> struct __zip_value<null_type> { typedef null_type type; };\n"
    "template <class T> __host__ __device__ inline void __zip_at(T *it, long i, T &v, T *&p)\n"
    "{\n"
    "    p = it + i;   // read when get<N> asks, as a reference would be: not before\n"
    "}\n"
    "template <class It, class V>\n"
    "__host__ __device__ inline void __zip_at(const It &it, long i, V &v, V *&p)\n"
    "{\n"
    "    v = it[i];\n"
    "    p = 0;\n"
    "}\n"
    "template <class N>   // a template, more specialized than the one above\n"
    "__host__ __device__ inline void __zip_at(const N &n, long i, null_type &v, null_type *&p)\n"
    "{\n"
    "    p = 0;\n"
    "}\n"
    "template <class It> __host__ __device__ inline It __zip_step(It it, long i) { return it + i; }\n"
    "__host__ __device__ inline null_type __zip_step(null_type n, long i) { return n; }\n"
    "template <class T> struct zip_iterator {};\n"
    "template <" TUPLE10_PLAIN ">\n"
    "struct zip_iterator<tuple<A, B, C, D, E, F, G, H, I, J>> {\n"
    "    typedef tuple<A, B, C, D, E, F, G, H, I, J> iterator_tuple;\n"
    "    typedef tuple<typename __zip_value<A>::type, typename __zip_value<B>::type,\n"
    "        typename __zip_value<C>::type, typename __zip_value<D>::type,\n"
    "        typename __zip_value<E>::type, typename __zip_value<F>::type,\n"
    "        typename __zip_value<G>::type, typename __zip_value<H>::type,\n"
    "        typename __zip_value<I>::type, typename __zip_value<J>::type> value_type;\n"
    "    typedef long difference_type;\n"
    "    iterator_tuple _t;\n"
    "    __host__ __device__ value_type operator[](long i) const\n"
    "    {\n"
    "        value_type r;\n"
    "        __zip_at(_t._0, i, r._0, r._p0);\n"
    "        __zip_at(_t._1, i, r._1, r._p1);\n"
    "        __zip_at(_t._2, i, r._2, r._p2);\n"
    "        __zip_at(_t._3, i, r._3, r._p3);\n"
    "        __zip_at(_t._4, i, r._4, r._p4);\n"
    "        __zip_at(_t._5, i, r._5, r._p5);\n"
    "        __zip_at(_t._6, i, r._6, r._p6);\n"
    "        __zip_at(_t._7, i, r._7, r._p7);\n"
    "        __zip_at(_t._8, i, r._8, r._p8);\n"
    "        __zip_at(_t._9, i, r._9, r._p9);\n"
    "        return r;\n"
    "    }\n"
    "    __host__ __device__ value_type operator*() const { return (*this)[0]; }\n"
    "    __host__ __device__ zip_iterator operator+(long i) const\n"
    "    {\n"
    "        zip_iterator z = *this;\n"
    "        z._t._0 = __zip_step(_t._0, i);\n"
    "        z._t._1 = __zip_step(_t._1, i);\n"
    "        z._t._2 = __zip_step(_t._2, i);\n"
    "        z._t._3 = __zip_step(_t._3, i);\n"
    "        z._t._4 = __zip_step(_t._4, i);\n"
    "        z._t._5 = __zip_step(_t._5, i);\n"
    "        z._t._6 = __zip_step(_t._6, i);\n"
    "        z._t._7 = __zip_step(_t._7, i);\n"
    "        z._t._8 = __zip_step(_t._8, i);\n"
    "        z._t._9 = __zip_step(_t._9, i);\n"
    "        return z;\n"
    "    }\n"
    "    __host__ __device__ zip_iterator operator-(long i) const { return *this + (-i); }\n"
    "    __host__ __device__ zip_iterator &operator++() { *this = *this + 1; return *this; }\n"
    "    __host__ __device__ zip_iterator &operator--() { *this = *this + (-1); return *this; }\n"
    "    __host__ __device__ zip_iterator &operator+=(long i) { *this = *this + i; return *this; }\n"
    "    __host__ __device__ long operator-(const zip_iterator &o) const { return (long)(_t._0 - o._t._0); }\n"
    "    __host__ __device__ bool operator==(const zip_iterator &o) const { return _t._0 == o._t._0; }\n"
    "    __host__ __device__ bool operator!=(const zip_iterator &o) const { return !(_t._0 == o._t._0); }\n"
    "    __host__ __device__ bool operator<(const zip_iterator &o) const { return _t._0 < o._t._0; }\n"
    "    __host__ __device__ iterator_tuple get_iterator_tuple() const { return _t; }\n"
    "};\n"
    "template <" TUPLE10_PLAIN ">\n"
    "__host__ __device__ inline zip_iterator<tuple<A, B, C, D, E, F, G, H, I, J>>\n"
    "make_zip_iterator(tuple<A, B, C, D, E, F, G, H, I, J> t)\n"
    "{\n"
    "    zip_iterator<tuple<A, B, C, D, E, F, G, H, I, J>> z;\n"
    "    z._t = t;\n"
    "    return z;\n"
    "}\n"
    "// CCCL 2.2's variadic form: the iterators themselves\n"
    "template <class It, class... Its>\n"
    "__host__ __device__ inline zip_iterator<tuple<It, Its...>> make_zip_iterator(It it, Its... its)\n"
    "{\n"
    "    return make_zip_iterator(tuple<It, Its...>(it, its...));\n"
    "}\n"
    "// zip_function(f): a function of one tuple that calls f with its elements\n"
    "// (Thrust's <thrust/zip_function.h>)\n"
    "template <int N> struct __zip_n {};\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<!::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>())))>::value, decltype(::std::declval<F &>()(get<0>(::std::declval<T &>())))>::type\n"
    "__zip_call(F &f, T &t, __zip_n<1>)\n"
    "{\n    return f(get<0>(t));\n}\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>())))>::value>::type\n"
    "__zip_call(F &f, T &t, __zip_n<1>)\n"
    "{\n    f(get<0>(t));\n}\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<!::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>())))>::value, decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>())))>::type\n"
    "__zip_call(F &f, T &t, __zip_n<2>)\n"
    "{\n    return f(get<0>(t), get<1>(t));\n}\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>())))>::value>::type\n"
    "__zip_call(F &f, T &t, __zip_n<2>)\n"
    "{\n    f(get<0>(t), get<1>(t));\n}\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<!::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>())))>::value, decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>())))>::type\n"
    "__zip_call(F &f, T &t, __zip_n<3>)\n"
    "{\n    return f(get<0>(t), get<1>(t), get<2>(t));\n}\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>())))>::value>::type\n"
    "__zip_call(F &f, T &t, __zip_n<3>)\n"
    "{\n    f(get<0>(t), get<1>(t), get<2>(t));\n}\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<!::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>())))>::value, decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>())))>::type\n"
    "__zip_call(F &f, T &t, __zip_n<4>)\n"
    "{\n    return f(get<0>(t), get<1>(t), get<2>(t), get<3>(t));\n}\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>())))>::value>::type\n"
    "__zip_call(F &f, T &t, __zip_n<4>)\n"
    "{\n    f(get<0>(t), get<1>(t), get<2>(t), get<3>(t));\n}\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<!::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>()), get<4>(::std::declval<T &>())))>::value, decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>()), get<4>(::std::declval<T &>())))>::type\n"
    "__zip_call(F &f, T &t, __zip_n<5>)\n"
    "{\n    return f(get<0>(t), get<1>(t), get<2>(t), get<3>(t), get<4>(t));\n}\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>()), get<4>(::std::declval<T &>())))>::value>::type\n"
    "__zip_call(F &f, T &t, __zip_n<5>)\n"
    "{\n    f(get<0>(t), get<1>(t), get<2>(t), get<3>(t), get<4>(t));\n}\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<!::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>()), get<4>(::std::declval<T &>()), get<5>(::std::declval<T &>())))>::value, decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>()), get<4>(::std::declval<T &>()), get<5>(::std::declval<T &>())))>::type\n"
    "__zip_call(F &f, T &t, __zip_n<6>)\n"
    "{\n    return f(get<0>(t), get<1>(t), get<2>(t), get<3>(t), get<4>(t), get<5>(t));\n}\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>()), get<4>(::std::declval<T &>()), get<5>(::std::declval<T &>())))>::value>::type\n"
    "__zip_call(F &f, T &t, __zip_n<6>)\n"
    "{\n    f(get<0>(t), get<1>(t), get<2>(t), get<3>(t), get<4>(t), get<5>(t));\n}\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<!::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>()), get<4>(::std::declval<T &>()), get<5>(::std::declval<T &>()), get<6>(::std::declval<T &>())))>::value, decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>()), get<4>(::std::declval<T &>()), get<5>(::std::declval<T &>()), get<6>(::std::declval<T &>())))>::type\n"
    "__zip_call(F &f, T &t, __zip_n<7>)\n"
    "{\n    return f(get<0>(t), get<1>(t), get<2>(t), get<3>(t), get<4>(t), get<5>(t), get<6>(t));\n}\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>()), get<4>(::std::declval<T &>()), get<5>(::std::declval<T &>()), get<6>(::std::declval<T &>())))>::value>::type\n"
    "__zip_call(F &f, T &t, __zip_n<7>)\n"
    "{\n    f(get<0>(t), get<1>(t), get<2>(t), get<3>(t), get<4>(t), get<5>(t), get<6>(t));\n}\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<!::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>()), get<4>(::std::declval<T &>()), get<5>(::std::declval<T &>()), get<6>(::std::declval<T &>()), get<7>(::std::declval<T &>())))>::value, decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>()), get<4>(::std::declval<T &>()), get<5>(::std::declval<T &>()), get<6>(::std::declval<T &>()), get<7>(::std::declval<T &>())))>::type\n"
    "__zip_call(F &f, T &t, __zip_n<8>)\n"
    "{\n    return f(get<0>(t), get<1>(t), get<2>(t), get<3>(t), get<4>(t), get<5>(t), get<6>(t), get<7>(t));\n}\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>()), get<4>(::std::declval<T &>()), get<5>(::std::declval<T &>()), get<6>(::std::declval<T &>()), get<7>(::std::declval<T &>())))>::value>::type\n"
    "__zip_call(F &f, T &t, __zip_n<8>)\n"
    "{\n    f(get<0>(t), get<1>(t), get<2>(t), get<3>(t), get<4>(t), get<5>(t), get<6>(t), get<7>(t));\n}\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<!::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>()), get<4>(::std::declval<T &>()), get<5>(::std::declval<T &>()), get<6>(::std::declval<T &>()), get<7>(::std::declval<T &>()), get<8>(::std::declval<T &>())))>::value, decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>()), get<4>(::std::declval<T &>()), get<5>(::std::declval<T &>()), get<6>(::std::declval<T &>()), get<7>(::std::declval<T &>()), get<8>(::std::declval<T &>())))>::type\n"
    "__zip_call(F &f, T &t, __zip_n<9>)\n"
    "{\n    return f(get<0>(t), get<1>(t), get<2>(t), get<3>(t), get<4>(t), get<5>(t), get<6>(t), get<7>(t), get<8>(t));\n}\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>()), get<4>(::std::declval<T &>()), get<5>(::std::declval<T &>()), get<6>(::std::declval<T &>()), get<7>(::std::declval<T &>()), get<8>(::std::declval<T &>())))>::value>::type\n"
    "__zip_call(F &f, T &t, __zip_n<9>)\n"
    "{\n    f(get<0>(t), get<1>(t), get<2>(t), get<3>(t), get<4>(t), get<5>(t), get<6>(t), get<7>(t), get<8>(t));\n}\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<!::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>()), get<4>(::std::declval<T &>()), get<5>(::std::declval<T &>()), get<6>(::std::declval<T &>()), get<7>(::std::declval<T &>()), get<8>(::std::declval<T &>()), get<9>(::std::declval<T &>())))>::value, decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>()), get<4>(::std::declval<T &>()), get<5>(::std::declval<T &>()), get<6>(::std::declval<T &>()), get<7>(::std::declval<T &>()), get<8>(::std::declval<T &>()), get<9>(::std::declval<T &>())))>::type\n"
    "__zip_call(F &f, T &t, __zip_n<10>)\n"
    "{\n    return f(get<0>(t), get<1>(t), get<2>(t), get<3>(t), get<4>(t), get<5>(t), get<6>(t), get<7>(t), get<8>(t), get<9>(t));\n}\n"
    "template <class F, class T> __host__ __device__ inline\n"
    "typename ::std::enable_if<::std::is_void<decltype(::std::declval<F &>()(get<0>(::std::declval<T &>()), get<1>(::std::declval<T &>()), get<2>(::std::declval<T &>()), get<3>(::std::declval<T &>()), get<4>(::std::declval<T &>()), get<5>(::std::declval<T &>()), get<6>(::std::declval<T &>()), get<7>(::std::declval<T &>()), get<8>(::std::declval<T &>()), get<9>(::std::declval<T &>())))>::value>::type\n"
    "__zip_call(F &f, T &t, __zip_n<10>)\n"
    "{\n    f(get<0>(t), get<1>(t), get<2>(t), get<3>(t), get<4>(t), get<5>(t), get<6>(t), get<7>(t), get<8>(t), get<9>(t));\n}\n"
    "template <class F> struct zip_function {\n"
    "    mutable F _f;   // as Thrust's: f's operator() need not be const\n"
    "    __host__ __device__ zip_function(F f) : _f(f) {}\n"
    "    // C++ returns a void call's void; K does not: a void f has its own overload\n"
    "    template <class T, class R = decltype(__zip_call(::std::declval<F &>(),\n"
    "                           ::std::declval<T &>(), __zip_n<T::__tuple_size>()))>\n"
    "    __host__ __device__ typename ::std::enable_if<!::std::is_void<R>::value, R>::type\n"
    "    operator()(T t) const\n"
    "    {\n"
    "        return __zip_call(_f, t, __zip_n<T::__tuple_size>());\n"
    "    }\n"
    "    template <class T, class R = decltype(__zip_call(::std::declval<F &>(),\n"
    "                           ::std::declval<T &>(), __zip_n<T::__tuple_size>()))>\n"
    "    __host__ __device__ typename ::std::enable_if<::std::is_void<R>::value>::type\n"
    "    operator()(T t) const\n"
    "    {\n"
    "        __zip_call(_f, t, __zip_n<T::__tuple_size>());\n"
    "    }\n"
    "};\n"
    "template <class F> __host__ __device__ inline zip_function<F> make_zip_function(F f)\n"
    "{\n"
    "    return zip_function<F>(f);\n"
    "}\n"
    "}\n"
    "#include <simtvm/tuple_compare.h>\n";

const char *k_thrust_tuple_text(void)
{
    return TEXT_TUPLE;
}

#define K_TUPLE_MAX 10   /* the most elements a tuple holds (the text's A..J) */

/* The type of tuple t's element i (t a std::tuple or a thrust::tuple of
 * more than i elements). */
k_type *k_tuple_element_type(k_sema_state *s, const k_type *t, int i)
{
    static const char *const F[K_TUPLE_MAX] = { "_0", "_1", "_2", "_3", "_4",
                                                "_5", "_6", "_7", "_8", "_9" };
    k_type *ft;
    uint32_t off;
    if (k_std_tuple_size(s, t) >= 0)
        return k_std_tuple_element(s, t, i);
    return i < K_TUPLE_MAX && k_ty_field(s->ctx, t, F[i], &ft, &off) ? ft : NULL;
}

/* How many elements tuple type t holds (a std::tuple's, lang/std_tuple.c;
 * a thrust::tuple's members _0.._9 not null_type), or -1 when t is no
 * tuple. */
int k_thrust_tuple_size(k_sema_state *s, const k_type *t)
{
    int std_size = k_std_tuple_size(s, t);
    if (std_size >= 0)
        return std_size;
    if (!t || t->kind != TY_RECORD || strncmp(k_record_name(t->rec), "thrust::tuple<", 14) != 0)
        return -1;
    int n = 0;
    for (; n < K_TUPLE_MAX; n++) {
        static const char *const F[K_TUPLE_MAX] = { "_0", "_1", "_2", "_3", "_4",
                                                    "_5", "_6", "_7", "_8", "_9" };
        k_type *ft;
        uint32_t off;
        if (!k_ty_field(s->ctx, t, F[n], &ft, &off))
            break;
        /* a record's tag is its name without the namespace */
        if (ft->kind == TY_RECORD && (strcmp(k_record_name(ft->rec), "null_type") == 0 ||
                                      strcmp(k_record_name(ft->rec), "thrust::null_type") == 0))
            break;
    }
    return n;
}

int k_thrust_is_get(const k_expr *e)
{
    return e->kind == E_CALL && e->name && e->has_targs &&
           (strcmp(e->name, "thrust::get") == 0 || strcmp(e->name, "std::get") == 0 ||
            strcmp(e->name, "cuda::std::get") == 0);
}

/* get<N>(t): checks N against t's size, then rewrites e into the member
 * call t.__gN() and returns its type. */
k_type *k_thrust_get(k_sema_state *s, k_expr *e)
{
    int64_t n;
    if (e->ntargs != 1 || (!e->targs[0].expr && !e->targs[0].type) || e->nargs != 1) {
        k_error(s->ctx, e->loc, "'%s' takes one index <N> and one tuple", e->name);
        return NULL;
    }
    k_type *t = k_sema_expr(s, e->args[0]);
    if (t && t->kind == TY_REF)   /* `get<I>(std::declval<T &>())` */
        t = t->base;
    if (!t)
        return NULL;
    if (k_stl_is_array(t))   /* std::get<I>(a) (lang/stl_get.c) */
        return k_stl_array_get(s, e, t);
    int pair;
    k_type *member = k_std_pair_get(s, e, t, &pair);   /* lang/std_tuple.c */
    if (pair)
        return member;
    int size = k_thrust_tuple_size(s, t);
    if (size < 0) {
        char b[128];
        k_error(s->ctx, e->loc, "'%s' of a '%s', which is not a tuple", e->name,
                k_ty_str(t, b, sizeof b));
        return NULL;
    }
    if (e->targs[0].type)   /* std::get<T>(t), by type */
        n = k_stl_get_index_by_type(s, e, t, size);
    else if (!k_sema_const_int(s, e->targs[0].expr, &n))
        return NULL;
    if (e->targs[0].type && n < 0)
        return NULL;
    if (n < 0 || n >= size) {
        k_error(s->ctx, e->targs[0].loc, "'%s<%lld>' out of range for a tuple of %d elements",
                e->name, (long long)n, size);
        return NULL;
    }
    if (k_std_tuple_size(s, t) >= 0)
        return k_std_tuple_get(s, e, (int)n);
    static const char *const G[K_TUPLE_MAX] = { "__g0", "__g1", "__g2", "__g3", "__g4",
                                                "__g5", "__g6", "__g7", "__g8", "__g9" };
    e->kind = E_MCALL;
    e->lhs = e->args[0];
    e->name = G[n];
    e->nargs = 0;
    e->has_targs = 0;
    e->ntargs = 0;
    e->targs = NULL;
    e->depth = e->lhs->depth + 1;
    return k_sema_expr(s, e);
}
