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

#define TUPLE4 "typename A, typename B, typename C = null_type, typename D = null_type"
#define TUPLE10 "class A, class B = null_type, class C = null_type, class D = null_type, " \
                "class E = null_type, class F = null_type, class G = null_type, "          \
                "class H = null_type, class I = null_type, class J = null_type"
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
    "    // from a tuple of other types (each element converted) and from a std::pair\n"
    "    template <" TUPLE10_OTHER ">\n"
    "    __host__ __device__ tuple &operator=(const tuple<A2, B2, C2, D2, E2, F2, G2, H2, I2, J2> &o)\n"
    "    {\n"
    "        __g0() = o.__g0(); __g1() = o.__g1(); __g2() = o.__g2(); __g3() = o.__g3();\n"
    "        __g4() = o.__g4(); __g5() = o.__g5(); __g6() = o.__g6(); __g7() = o.__g7();\n"
    "        __g8() = o.__g8(); __g9() = o.__g9();\n"
    "        return *this;\n"
    "    }\n"
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
    "// zip_iterator over the pointers of device_vector / host_vector iterators\n"
    "template <" TUPLE4 "> struct zip_iterator {\n"
    "    A *_0;\n    B *_1;\n    C *_2;\n    D *_3;\n"
    "    __host__ __device__ tuple<A, B, C, D> operator[](long i) const\n"
    "    {\n"
    "        tuple<A, B, C, D> r;\n"
    "        r._p0 = _0 + i;\n        r._p1 = _1 + i;\n"
    "        r._p2 = _2 ? _2 + i : _2;\n        r._p3 = _3 ? _3 + i : _3;\n"
    "        r._0 = *r._p0;\n        r._1 = *r._p1;\n"
    "        r._2 = __tuple_take(r._p2);\n        r._3 = __tuple_take(r._p3);\n"
    "        return r;\n"
    "    }\n"
    "    __host__ __device__ tuple<A, B, C, D> operator*() const { return (*this)[0]; }\n"
    "    __host__ __device__ zip_iterator operator+(long i) const\n"
    "    {\n"
    "        zip_iterator z = *this;\n"
    "        z._0 += i;\n        z._1 += i;\n"
    "        if (z._2)\n            z._2 += i;\n"
    "        if (z._3)\n            z._3 += i;\n"
    "        return z;\n"
    "    }\n"
    "    __host__ __device__ zip_iterator operator-(long i) const { return *this + (-i); }\n"
    "    __host__ __device__ zip_iterator &operator++() { *this = *this + 1; return *this; }\n"
    "    __host__ __device__ long operator-(const zip_iterator &o) const { return (long)(_0 - o._0); }\n"
    "    __host__ __device__ bool operator==(const zip_iterator &o) const { return _0 == o._0; }\n"
    "    __host__ __device__ bool operator!=(const zip_iterator &o) const { return _0 != o._0; }\n"
    "};\n"
    "template <typename A, typename B>\n"
    "inline zip_iterator<A, B> make_zip_iterator(tuple<A *, B *, null_type, null_type> t)\n"
    "{\n"
    "    zip_iterator<A, B> z;\n"
    "    z._0 = t._0;\n    z._1 = t._1;\n    z._2 = 0;\n    z._3 = 0;\n"
    "    return z;\n"
    "}\n"
    "template <typename A, typename B, typename C>\n"
    "inline zip_iterator<A, B, C> make_zip_iterator(tuple<A *, B *, C *, null_type> t)\n"
    "{\n"
    "    zip_iterator<A, B, C> z;\n"
    "    z._0 = t._0;\n    z._1 = t._1;\n    z._2 = t._2;\n    z._3 = 0;\n"
    "    return z;\n"
    "}\n"
    "template <typename A, typename B, typename C, typename D>\n"
    "inline zip_iterator<A, B, C, D> make_zip_iterator(tuple<A *, B *, C *, D *> t)\n"
    "{\n"
    "    zip_iterator<A, B, C, D> z;\n"
    "    z._0 = t._0;\n    z._1 = t._1;\n    z._2 = t._2;\n    z._3 = t._3;\n"
    "    return z;\n"
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
