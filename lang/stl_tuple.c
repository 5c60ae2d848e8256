/* lang/stl_tuple.c -- the tuple-like protocol of <tuple> and <array>, and
 * the comparison of tuples, written in K:
 *
 *   - std::tuple_size<T>::value is T's constant __tuple_size (std::array's
 *     N; thrust::tuple counts its elements that are not null_type; a
 *     std::pair's is 2), and
 *     std::tuple_element<I, T>::type the type std::get<I> of a T gives
 *     (through decltype and std::declval, lang/decltype.c), with their
 *     _v and _t forms;
 *   - ==, !=, <, <=, >, >= of two tuples of the same types, element by
 *     element and lexicographic, as libstdc++'s (null_type elements are
 *     equal and never less).
 *
 *   - std::integer_sequence, index_sequence, make_integer_sequence,
 *     make_index_sequence and index_sequence_for (<utility>): make_...
 *     doubles the sequence of N / 2 (libstdc++ builds it in), so N needs
 *     log2(N) nested instances, not N;
 *   - std::tuple_cat (<tuple>), over index sequences, two tuples at a time;
 *   - std::apply (<tuple>): f called with get<I>(t)... over an index
 *     sequence.  K has no rvalue references: f is taken by value and t by
 *     reference (a const one for a temporary tuple).
 *
 * Returned by k_stl_header_text (lang/stl.c) as <simtvm/tuple_like.h>
 * (read by <array> and <tuple>), <simtvm/tuple_compare.h> (read by
 * Thrust's tuple text), <simtvm/integer_sequence.h> (read by <utility>
 * and <tuple>), <simtvm/apply.h> and <simtvm/tuple_cat.h> (read by
 * <tuple>). */
#include "stl.h"

static const char TEXT_TUPLE_LIKE[] =
    "// std::tuple_size and std::tuple_element as simtvm builds them in (lang/stl_tuple.c)\n"
    "#pragma once\n"
    "#include <simtvm/type_traits.h>\n"
    "namespace std {\n"
    "template <typename T> struct tuple_size {\n"
    "    static constexpr unsigned long value = T::__tuple_size;\n"
    "};\n"
    "template <typename T> struct tuple_size<const T> {\n"
    "    static constexpr unsigned long value = T::__tuple_size;\n"
    "};\n"
    "template <typename A, typename B> struct pair;\n"
    "template <typename A, typename B> struct tuple_size<pair<A, B>> {\n"
    "    static constexpr unsigned long value = 2;\n"
    "};\n"
    "template <unsigned long I, typename T> struct tuple_element {\n"
    "    typedef typename remove_reference<decltype(::std::get<I>(::std::declval<T>()))>::type\n"
    "        type;\n"
    "};\n"
    "template <typename T> constexpr unsigned long tuple_size_v = tuple_size<T>::value;\n"
    "template <unsigned long I, typename T> using tuple_element_t =\n"
    "    typename tuple_element<I, T>::type;\n"
    "}\n";

/* a < b for tuples: element k decides unless it is equal (neither less) */
#define LESS_AT(K, REST) "__tuple_lt(a.__g" #K "(), b.__g" #K "()) ||\n        (!__tuple_lt(b.__g" #K "(), a.__g" #K "()) && (" REST "))"

static const char TEXT_TUPLE_COMPARE[] =
    "// comparison of thrust::tuple (and std::tuple) as simtvm builds it in (lang/stl_tuple.c)\n"
    "#pragma once\n"
    "namespace thrust {\n"
    "// element comparisons; templates, so a program that compares no tuples gets no code\n"
    "template <class T> __host__ __device__ bool __tuple_eq(const T &a, const T &b) { return a == b; }\n"
    "template <int U = 0>\n"
    "__host__ __device__ bool __tuple_eq(const null_type &, const null_type &) { return true; }\n"
    "template <class T> __host__ __device__ bool __tuple_lt(const T &a, const T &b) { return a < b; }\n"
    "template <int U = 0>\n"
    "__host__ __device__ bool __tuple_lt(const null_type &, const null_type &) { return false; }\n"
    "template <class A, class B, class C, class D, class E, class F, class G, class H, class I,\n"
    "          class J>\n"
    "__host__ __device__ bool operator==(const tuple<A, B, C, D, E, F, G, H, I, J> &a,\n"
    "                                    const tuple<A, B, C, D, E, F, G, H, I, J> &b)\n"
    "{\n"
    "    return __tuple_eq(a.__g0(), b.__g0()) && __tuple_eq(a.__g1(), b.__g1()) &&\n"
    "           __tuple_eq(a.__g2(), b.__g2()) && __tuple_eq(a.__g3(), b.__g3()) &&\n"
    "           __tuple_eq(a.__g4(), b.__g4()) && __tuple_eq(a.__g5(), b.__g5()) &&\n"
    "           __tuple_eq(a.__g6(), b.__g6()) && __tuple_eq(a.__g7(), b.__g7()) &&\n"
    "           __tuple_eq(a.__g8(), b.__g8()) && __tuple_eq(a.__g9(), b.__g9());\n"
    "}\n"
    "template <class A, class B, class C, class D, class E, class F, class G, class H, class I,\n"
    "          class J>\n"
    "__host__ __device__ bool operator<(const tuple<A, B, C, D, E, F, G, H, I, J> &a,\n"
    "                                   const tuple<A, B, C, D, E, F, G, H, I, J> &b)\n"
    "{\n"
    "    return " LESS_AT(0, LESS_AT(1, LESS_AT(2, LESS_AT(3, LESS_AT(4, LESS_AT(5, LESS_AT(6,
           LESS_AT(7, LESS_AT(8, "__tuple_lt(a.__g9(), b.__g9())"))))))))) ";\n"
    "}\n"
    "template <class A, class B, class C, class D, class E, class F, class G, class H, class I,\n"
    "          class J>\n"
    "__host__ __device__ bool operator!=(const tuple<A, B, C, D, E, F, G, H, I, J> &a,\n"
    "                                    const tuple<A, B, C, D, E, F, G, H, I, J> &b)\n"
    "{\n"
    "    return !(a == b);\n"
    "}\n"
    "template <class A, class B, class C, class D, class E, class F, class G, class H, class I,\n"
    "          class J>\n"
    "__host__ __device__ bool operator>(const tuple<A, B, C, D, E, F, G, H, I, J> &a,\n"
    "                                   const tuple<A, B, C, D, E, F, G, H, I, J> &b)\n"
    "{\n"
    "    return b < a;\n"
    "}\n"
    "template <class A, class B, class C, class D, class E, class F, class G, class H, class I,\n"
    "          class J>\n"
    "__host__ __device__ bool operator<=(const tuple<A, B, C, D, E, F, G, H, I, J> &a,\n"
    "                                    const tuple<A, B, C, D, E, F, G, H, I, J> &b)\n"
    "{\n"
    "    return !(b < a);\n"
    "}\n"
    "template <class A, class B, class C, class D, class E, class F, class G, class H, class I,\n"
    "          class J>\n"
    "__host__ __device__ bool operator>=(const tuple<A, B, C, D, E, F, G, H, I, J> &a,\n"
    "                                    const tuple<A, B, C, D, E, F, G, H, I, J> &b)\n"
    "{\n"
    "    return !(a < b);\n"
    "}\n"
    "}\n";

static const char TEXT_INTEGER_SEQUENCE[] =
    "// std::integer_sequence as simtvm builds it in (lang/stl_tuple.c)\n"
    "#pragma once\n"
    "namespace std {\n"
    "template <class T, T... Is> struct integer_sequence {\n"
    "    typedef T value_type;\n"
    "    static constexpr unsigned long size() { return sizeof...(Is); }\n"
    "};\n"
    "template <unsigned long... Is> using index_sequence = integer_sequence<unsigned long, Is...>;\n"
    "// 0..N-1 is 0..N/2-1 twice over (the second half shifted), and N-1 when N is odd\n"
    "template <class S> struct __seq_double;\n"
    "template <class T, T... Is> struct __seq_double<integer_sequence<T, Is...>> {\n"
    "    typedef integer_sequence<T, Is..., (sizeof...(Is) + Is)...> type;\n"
    "};\n"
    "template <class S> struct __seq_double1;\n"
    "template <class T, T... Is> struct __seq_double1<integer_sequence<T, Is...>> {\n"
    "    typedef integer_sequence<T, Is..., (sizeof...(Is) + Is)..., 2 * sizeof...(Is)> type;\n"
    "};\n"
    "template <class T, unsigned long N, bool Odd = N % 2 != 0> struct __make_integer_sequence {\n"
    "    typedef typename __seq_double<typename __make_integer_sequence<T, N / 2>::type>::type\n"
    "        type;\n"
    "};\n"
    "template <class T, unsigned long N> struct __make_integer_sequence<T, N, true> {\n"
    "    typedef typename __seq_double1<typename __make_integer_sequence<T, N / 2>::type>::type\n"
    "        type;\n"
    "};\n"
    "template <class T> struct __make_integer_sequence<T, 0, false> {\n"
    "    typedef integer_sequence<T> type;\n"
    "};\n"
    "template <class T, T N> using make_integer_sequence =\n"
    "    typename __make_integer_sequence<T, (unsigned long)N>::type;\n"
    "template <unsigned long N> using make_index_sequence = make_integer_sequence<unsigned long, N>;\n"
    "template <class... Ts> using index_sequence_for = make_index_sequence<sizeof...(Ts)>;\n"
    "}\n";

static const char TEXT_APPLY[] =
    "// std::apply as simtvm builds it in (lang/stl_tuple.c)\n"
    "#pragma once\n"
    "#include <simtvm/integer_sequence.h>\n"
    "namespace std {\n"
    "template <class F, class T, unsigned long... I>\n"
    "auto __apply(F f, T &t, index_sequence<I...>) { return f(::std::get<I>(t)...); }\n"
    "template <class F, class T> auto apply(F f, T &t)\n"
    "{\n"
    "    return __apply(f, t, make_index_sequence<tuple_size<T>::value>{});\n"
    "}\n"
    "template <class F, class T> auto apply(F f, const T &t)\n"
    "{\n"
    "    return __apply(f, t, make_index_sequence<tuple_size<T>::value>{});\n"
    "}\n"
    "}\n";

/* tuple_cat of two tuples builds the one holding get<I>(a)..., get<J>(b)...;
 * of more, the first two's, then the next, and so on. */
static const char TEXT_TUPLE_CAT[] =
    "// std::tuple_cat as simtvm builds it in (lang/stl_tuple.c)\n"
    "#pragma once\n"
    "#include <simtvm/integer_sequence.h>\n"
    "namespace std {\n"
    "template <class... A, class... B, unsigned long... I, unsigned long... J>\n"
    "tuple<A..., B...> __tuple_cat2(const tuple<A...> &a, const tuple<B...> &b,\n"
    "                               index_sequence<I...>, index_sequence<J...>)\n"
    "{\n"
    "    return tuple<A..., B...>(::std::get<I>(a)..., ::std::get<J>(b)...);\n"
    "}\n"
    "template <class... A, class... B>\n"
    "tuple<A..., B...> __tuple_cat(const tuple<A...> &a, const tuple<B...> &b)\n"
    "{\n"
    "    return __tuple_cat2(a, b, index_sequence_for<A...>{}, index_sequence_for<B...>{});\n"
    "}\n"
    "inline tuple<> tuple_cat() { return tuple<>(); }\n"
    "template <class... A> tuple<A...> tuple_cat(const tuple<A...> &a) { return a; }\n"
    "template <class T, class U, class... R> auto tuple_cat(const T &a, const U &b, const R &... r)\n"
    "{\n"
    "    return tuple_cat(__tuple_cat(a, b), r...);\n"
    "}\n"
    "}\n";

const char *k_stl_tuple_cat_text(void)
{
    return TEXT_TUPLE_CAT;
}

const char *k_stl_integer_sequence_text(void)
{
    return TEXT_INTEGER_SEQUENCE;
}

const char *k_stl_apply_text(void)
{
    return TEXT_APPLY;
}

const char *k_stl_tuple_like_text(void)
{
    return TEXT_TUPLE_LIKE;
}

const char *k_stl_tuple_compare_text(void)
{
    return TEXT_TUPLE_COMPARE;
}
