/* lang/thrust_tuple.c -- thrust::tuple, make_tuple, get<N> and zip_iterator
 * as simtvm builds them in (doc/language.md, "Thrust").  The classes are K
 * text; get<N> is built into sema here, as K has no class template
 * specialization to pick the N-th member with: get<N>(t) is the member
 * function t.__gN(), which gives the member _N, or, in a tuple that a
 * zip_iterator's `*` gave, the zipped element it points at (so that
 * `thrust::get<1>(t) = x` writes through). */
#include <string.h>

#include "sema.h"
#include "thrust.h"
#include "types.h"

#define TUPLE4 "typename A, typename B, typename C = null_type, typename D = null_type"

static const char TEXT_TUPLE[] =
    "// thrust::tuple and zip_iterator as simtvm builds them in, written in K.\n"
    "#pragma once\n"
    "namespace thrust {\n"
    "struct null_type {};\n"
    "// get<N>(t) is built in (lang/thrust_tuple.c); this names it a template\n"
    "template <int N, typename T> void get(T t);\n"
    "template <typename T> __host__ __device__ inline T __tuple_take(T *p) { return *p; }\n"
    "__host__ __device__ inline null_type __tuple_take(null_type *p) { return null_type(); }\n"
    "// A tuple holds its values, and for what *zip_iterator gives, pointers to\n"
    "// the zipped elements, which get<N> (the member __gN) reads and writes.\n"
    "template <" TUPLE4 "> struct tuple {\n"
    "    A _0;\n    B _1;\n    C _2;\n    D _3;\n"
    "    A *_p0;\n    B *_p1;\n    C *_p2;\n    D *_p3;\n"
    "    __host__ __device__ void __unzip() { _p0 = 0; _p1 = 0; _p2 = 0; _p3 = 0; }\n"
    "    __host__ __device__ tuple() { __unzip(); }\n"
    "    __host__ __device__ tuple(A a, B b) { _0 = a; _1 = b; __unzip(); }\n"
    "    __host__ __device__ tuple(A a, B b, C c) { _0 = a; _1 = b; _2 = c; __unzip(); }\n"
    "    __host__ __device__ tuple(A a, B b, C c, D d) { _0 = a; _1 = b; _2 = c; _3 = d; __unzip(); }\n"
    "    __host__ __device__ A &__g0() { if (_p0) return *_p0; return _0; }\n"
    "    __host__ __device__ const A &__g0() const { if (_p0) return *_p0; return _0; }\n"
    "    __host__ __device__ B &__g1() { if (_p1) return *_p1; return _1; }\n"
    "    __host__ __device__ const B &__g1() const { if (_p1) return *_p1; return _1; }\n"
    "    __host__ __device__ C &__g2() { if (_p2) return *_p2; return _2; }\n"
    "    __host__ __device__ const C &__g2() const { if (_p2) return *_p2; return _2; }\n"
    "    __host__ __device__ D &__g3() { if (_p3) return *_p3; return _3; }\n"
    "    __host__ __device__ const D &__g3() const { if (_p3) return *_p3; return _3; }\n"
    "};\n"
    "template <typename A, typename B> __host__ __device__ inline tuple<A, B> make_tuple(A a, B b)\n"
    "{\n    return tuple<A, B>(a, b);\n}\n"
    "template <typename A, typename B, typename C>\n"
    "__host__ __device__ inline tuple<A, B, C> make_tuple(A a, B b, C c)\n"
    "{\n    return tuple<A, B, C>(a, b, c);\n}\n"
    "template <typename A, typename B, typename C, typename D>\n"
    "__host__ __device__ inline tuple<A, B, C, D> make_tuple(A a, B b, C c, D d)\n"
    "{\n    return tuple<A, B, C, D>(a, b, c, d);\n}\n"
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
    "}\n";

/* <tuple>: std::tuple is thrust::tuple under another name, and
 * std::make_tuple and std::get the same functions. */
static const char TEXT_STD_TUPLE[] =
    "#pragma once\n"
    "#include <simtvm/thrust_tuple.h>\n"
    "namespace std {\n"
    "template <typename A, typename B, typename C = thrust::null_type, typename D = thrust::null_type>\n"
    "using tuple = thrust::tuple<A, B, C, D>;\n"
    "// get<N>(t) is built in (lang/thrust_tuple.c); this names it a template\n"
    "template <int N, typename T> void get(T t);\n"
    "template <typename A, typename B> inline thrust::tuple<A, B> make_tuple(A a, B b)\n"
    "{\n    return thrust::tuple<A, B>(a, b);\n}\n"
    "template <typename A, typename B, typename C>\n"
    "inline thrust::tuple<A, B, C> make_tuple(A a, B b, C c)\n"
    "{\n    return thrust::tuple<A, B, C>(a, b, c);\n}\n"
    "template <typename A, typename B, typename C, typename D>\n"
    "inline thrust::tuple<A, B, C, D> make_tuple(A a, B b, C c, D d)\n"
    "{\n    return thrust::tuple<A, B, C, D>(a, b, c, d);\n}\n"
    "}\n";

const char *k_thrust_tuple_text(void)
{
    return TEXT_TUPLE;
}

const char *k_std_tuple_text(void)
{
    return TEXT_STD_TUPLE;
}

/* How many elements tuple type t holds (members _0.._3 not null_type), or
 * -1 when t is not a thrust tuple. */
static int tuple_size(k_sema_state *s, const k_type *t)
{
    if (!t || t->kind != TY_RECORD || strncmp(k_record_name(t->rec), "thrust::tuple<", 14) != 0)
        return -1;
    int n = 0;
    for (; n < 4; n++) {
        static const char *const F[] = { "_0", "_1", "_2", "_3" };
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
    if (e->ntargs != 1 || !e->targs[0].expr || e->nargs != 1) {
        k_error(s->ctx, e->loc, "'%s' takes one index <N> and one tuple", e->name);
        return NULL;
    }
    if (!k_sema_const_int(s, e->targs[0].expr, &n))
        return NULL;
    k_type *t = k_sema_expr(s, e->args[0]);
    if (!t)
        return NULL;
    int size = tuple_size(s, t);
    if (size < 0) {
        char b[128];
        k_error(s->ctx, e->loc, "'%s' of a '%s', which is not a tuple", e->name,
                k_ty_str(t, b, sizeof b));
        return NULL;
    }
    if (n < 0 || n >= size) {
        k_error(s->ctx, e->targs[0].loc, "'%s<%lld>' out of range for a tuple of %d elements",
                e->name, (long long)n, size);
        return NULL;
    }
    static const char *const G[] = { "__g0", "__g1", "__g2", "__g3" };
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
