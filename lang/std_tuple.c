/* lang/std_tuple.c -- <tuple>: std::tuple<Ts...> as simtvm builds it in
 * (doc/thrust.md, "<tuple>").  The class is K text, a real variadic
 * template: tuple<H, R...> holds its first element __h and the tuple of the
 * rest __t, tuple<> nothing, so it holds any number of elements of any
 * types, references among them (std::tie, std::forward_as_tuple).
 * std::get<I>(t) is built into sema here: it becomes the member path
 * t.__t.__t.__h (I times __t), an lvalue of the element's type, so
 * `std::get<1>(t) = x` and `auto &[a, b] = t` write the element, and an
 * index out of range is one error naming the tuple's size.
 * std::tuple_size, tuple_element, apply and tuple_cat are in
 * lang/stl_tuple.c; thrust::tuple (lang/thrust_tuple.c) is another class,
 * its ten slots kept for zip_iterator. */
#include <string.h>

#include "sema.h"
#include "thrust.h"
#include "types.h"

/* Every member is __host__ __device__, as cuda::std::tuple's (and as the
 * old std::tuple, thrust::tuple's alias, was), so device code uses it. */
static const char TEXT_STD_TUPLE[] =
    "// std::tuple as simtvm builds it in, written in K (lang/std_tuple.c)\n"
    "#pragma once\n"
    "#include <simtvm/type_traits.h>\n"
    "#include <simtvm/integer_sequence.h>\n"
    "namespace std {\n"
    "template <typename A, typename B> struct pair;\n"
    "// get<N>(t) is built in (lang/std_tuple.c); this names it a template\n"
    "template <int N, typename T> void get(T t);\n"
    "// the primary template is tuple<> (every other is tuple<H, R...>'s)\n"
    "template <class... Ts> struct tuple {\n"
    "    static constexpr unsigned long __tuple_size = 0;   // std::tuple_size\n"
    "    __host__ __device__ tuple() {}\n"
    "    __host__ __device__ void swap(tuple &) {}\n"
    "};\n"
    "template <class H, class... R> struct tuple<H, R...> {\n"
    "    H __h;            // the first element\n"
    "    tuple<R...> __t;  // the others\n"
    "    static constexpr unsigned long __tuple_size = 1 + sizeof...(R);\n"
    "    __host__ __device__ tuple() : __h(), __t() {}\n"
    "    __host__ __device__ tuple(const H &h, const R &... r) : __h(h), __t(r...) {}\n"
    "    // from a tuple of other types, each element converted, and from a pair\n"
    "    template <class... U>\n"
    "    __host__ __device__ tuple(const tuple<U...> &o) : __h(o.__h), __t(o.__t) {}\n"
    "    template <class P, class Q>\n"
    "    __host__ __device__ tuple(const pair<P, Q> &p) : __h(p.first), __t(p.second) {}\n"
    "    __host__ __device__ tuple &operator=(const tuple &o)\n"
    "    {\n"
    "        __h = o.__h;\n"
    "        __t = o.__t;\n"
    "        return *this;\n"
    "    }\n"
    "    template <class... U> __host__ __device__ tuple &operator=(const tuple<U...> &o)\n"
    "    {\n"
    "        __h = o.__h;\n"
    "        __t = o.__t;\n"
    "        return *this;\n"
    "    }\n"
    "    template <class P, class Q> __host__ __device__ tuple &operator=(const pair<P, Q> &p)\n"
    "    {\n"
    "        __h = p.first;\n"
    "        __t.__h = p.second;\n"
    "        return *this;\n"
    "    }\n"
    "    __host__ __device__ void swap(tuple &o)\n"
    "    {\n"
    "        H h = __h;\n"
    "        __h = o.__h;\n"
    "        o.__h = h;\n"
    "        __t.swap(o.__t);\n"
    "    }\n"
    "};\n"
    "template <class... T> __host__ __device__ tuple<T...> make_tuple(T... a)\n"
    "{\n"
    "    return tuple<T...>(a...);\n"
    "}\n"
    "// std::tie: a tuple of references; assigning a tuple to it stores each element\n"
    "struct __ignore_t {\n"
    "    template <class T> __host__ __device__ const __ignore_t &operator=(const T &) const\n"
    "    {\n"
    "        return *this;\n"
    "    }\n"
    "};\n"
    "__ignore_t ignore;\n"
    "template <class... T> __host__ __device__ tuple<T &...> tie(T &... a)\n"
    "{\n"
    "    return tuple<T &...>(a...);\n"
    "}\n"
    "// an lvalue's element is a reference to it, a temporary's a copy (K's tuple\n"
    "// holds no T &&)\n"
    "template <class... T> __host__ __device__ tuple<T...> forward_as_tuple(T &&... a)\n"
    "{\n"
    "    return tuple<T...>(a...);\n"
    "}\n"
    "template <class... T> __host__ __device__ void swap(tuple<T...> &a, tuple<T...> &b)\n"
    "{\n"
    "    a.swap(b);\n"
    "}\n"
    "// ==, <: element by element, lexicographic (libstdc++'s); the others from them\n"
    "__host__ __device__ inline bool operator==(const tuple<> &, const tuple<> &) { return true; }\n"
    "__host__ __device__ inline bool operator<(const tuple<> &, const tuple<> &) { return false; }\n"
    "template <class H, class... R, class H2, class... R2>\n"
    "__host__ __device__ bool operator==(const tuple<H, R...> &a, const tuple<H2, R2...> &b)\n"
    "{\n"
    "    return a.__h == b.__h && a.__t == b.__t;\n"
    "}\n"
    "template <class H, class... R, class H2, class... R2>\n"
    "__host__ __device__ bool operator<(const tuple<H, R...> &a, const tuple<H2, R2...> &b)\n"
    "{\n"
    "    return a.__h < b.__h || (!(b.__h < a.__h) && a.__t < b.__t);\n"
    "}\n"
    "template <class... A, class... B>\n"
    "__host__ __device__ bool operator!=(const tuple<A...> &a, const tuple<B...> &b)\n"
    "{\n"
    "    return !(a == b);\n"
    "}\n"
    "template <class... A, class... B>\n"
    "__host__ __device__ bool operator>(const tuple<A...> &a, const tuple<B...> &b)\n"
    "{\n"
    "    return b < a;\n"
    "}\n"
    "template <class... A, class... B>\n"
    "__host__ __device__ bool operator<=(const tuple<A...> &a, const tuple<B...> &b)\n"
    "{\n"
    "    return !(b < a);\n"
    "}\n"
    "template <class... A, class... B>\n"
    "__host__ __device__ bool operator>=(const tuple<A...> &a, const tuple<B...> &b)\n"
    "{\n"
    "    return !(a < b);\n"
    "}\n"
    "}\n"
    "#include <simtvm/tuple_like.h>\n"
    "#include <simtvm/apply.h>\n"
    "#include <simtvm/tuple_cat.h>\n";

const char *k_std_tuple_text(void)
{
    return TEXT_STD_TUPLE;
}

/* Whether t is a std::tuple: a record of the class template std::tuple
 * (tuple<>, or an instance of tuple<H, R...>). */
static int is_std_tuple(k_sema_state *s, const k_type *t)
{
    if (!t || t->kind != TY_RECORD)
        return 0;
    const char *name = k_record_name(t->rec);
    if (strcmp(name, "std::tuple<>") == 0 || strcmp(name, "tuple<>") == 0)
        return 1;
    k_type *h;
    uint32_t off;
    return strncmp(name, "std::tuple<", 11) == 0 && k_ty_field(s->ctx, t, "__h", &h, &off);
}

/* The type of std::tuple t's element i (its member __h after i __t's), or
 * NULL when t has fewer. */
k_type *k_std_tuple_element(k_sema_state *s, const k_type *t, int i)
{
    k_type *ft;
    uint32_t off;
    for (; i > 0; i--)
        if (!k_ty_field(s->ctx, t, "__t", &ft, &off) || !(t = ft))
            return NULL;
    return k_ty_field(s->ctx, t, "__h", &ft, &off) ? ft : NULL;
}

/* How many elements std::tuple t holds, or -1 when t is no std::tuple. */
int k_std_tuple_size(k_sema_state *s, const k_type *t)
{
    if (!is_std_tuple(s, t))
        return -1;
    int n = 0;
    while (k_std_tuple_element(s, t, n))
        n++;
    return n;
}

/* get<n>(t) of a std::tuple: e (the call) rewritten in place into the
 * member path t.__t...__t.__h. */
k_type *k_std_tuple_get(k_sema_state *s, k_expr *e, int n)
{
    k_expr *path = e->args[0];
    for (int i = 0; i < n; i++) {
        k_expr *m = k_expr_new(s->ctx, E_MEMBER, e->loc);
        if (!m)
            return NULL;
        m->lhs = path;
        m->name = "__t";
        m->depth = path->depth + 1;
        path = m;
    }
    e->kind = E_MEMBER;
    e->lhs = path;
    e->name = "__h";
    e->args = NULL;
    e->nargs = 0;
    e->has_targs = 0;
    e->ntargs = 0;
    e->targs = NULL;
    e->depth = path->depth + 1;
    return k_sema_expr(s, e);
}

/* get<I>(p) of a std::pair: p.first or p.second (index 0 or 1; by type, the
 * one member of type T).  Returns NULL with *handled 0 when p is no pair. */
k_type *k_std_pair_get(k_sema_state *s, k_expr *e, k_type *t, int *handled)
{
    static const char *const MEMBER[2] = { "first", "second" };
    *handled = t && t->kind == TY_RECORD && strncmp(k_record_name(t->rec), "std::pair<", 10) == 0;
    if (!*handled)
        return NULL;
    int64_t n;
    if (e->targs[0].type) {   /* by type: the one member of that type */
        k_type *want = e->targs[0].type, *ft[2];
        uint32_t off;
        k_sema_resolve_type(s, want, e->targs[0].loc);
        int count = 0;
        n = -1;
        for (int i = 0; i < 2; i++)
            if (k_ty_field(s->ctx, t, MEMBER[i], &ft[i], &off) && k_ty_same(ft[i], want) &&
                ft[i]->quals == want->quals) {
                n = n < 0 ? i : n;
                count++;
            }
        if (count != 1) {
            char b[128];
            k_error(s->ctx, e->targs[0].loc, "'%s<%s>': the pair has %d members of type '%s'",
                    e->name, k_ty_str(want, b, sizeof b), count, b);
            return NULL;
        }
    } else if (!k_sema_const_int(s, e->targs[0].expr, &n)) {
        return NULL;
    }
    if (n < 0 || n > 1) {
        k_error(s->ctx, e->targs[0].loc, "'%s<%lld>' out of range for a std::pair (of 2"
                " elements)", e->name, (long long)n);
        return NULL;
    }
    e->kind = E_MEMBER;
    e->lhs = e->args[0];
    e->name = MEMBER[n];
    e->args = NULL;
    e->nargs = 0;
    e->has_targs = 0;
    e->ntargs = 0;
    e->targs = NULL;
    e->depth = e->lhs->depth + 1;
    return k_sema_expr(s, e);
}
