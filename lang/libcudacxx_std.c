/* lang/libcudacxx_std.c -- the parts of libcu++ that Thrust programs of CCCL
 * 3 name beside Thrust, as simtvm builds them in, written in K
 * (doc/thrust.md, "libcu++ beside Thrust"): <cuda/std/utility>,
 * <cuda/std/tuple>, <cuda/std/cassert>, <cuda/std/cstddef>,
 * <cuda/std/cstdint>, <cuda/iterator> and <cuda/functional>.
 *
 * Since CCCL 3.0 Thrust's own tuple, pair and fancy iterators are libcu++'s
 * (thrust::tuple is cuda::std::tuple, thrust::counting_iterator is
 * cuda::counting_iterator), so a program mixes the two names freely; here
 * the cuda:: names are alias templates of the Thrust classes simtvm already
 * builds (lang/thrust_tuple.c, lang/thrust_vector.c), which makes them the
 * same types, as they are in CCCL.  Every Thrust header reads this text too
 * (lang/thrust.c), as Thrust's own headers bring these in. */
#include "include.h"

#include <string.h>

#define NULL10 "class A, class B = thrust::null_type, class C = thrust::null_type, " \
               "class D = thrust::null_type, class E = thrust::null_type, "           \
               "class F = thrust::null_type, class G = thrust::null_type, "           \
               "class H = thrust::null_type, class I = thrust::null_type, "           \
               "class J = thrust::null_type"

static const char TEXT_CUDA_STD[] =
    "// libcu++'s pair, tuple and iterator helpers as simtvm builds them in, written in K.\n"
    "#pragma once\n"
    "#include <utility>\n"
    "#include <cassert>\n"
    "#include <simtvm/iterator.h>\n"
    "#include <simtvm/thrust_tuple.h>\n"
    "namespace cuda { namespace std {\n"
    "template <class A, class B> using pair = ::std::pair<A, B>;\n"
    "template <class A, class B> __host__ __device__ inline pair<A, B> make_pair(A a, B b)\n"
    "{\n"
    "    return ::std::pair<A, B>(a, b);\n"
    "}\n"
    "// thrust::tuple is cuda::std::tuple (1 to 10 elements, lang/thrust_tuple.c)\n"
    "template <" NULL10 "> using tuple = thrust::tuple<A, B, C, D, E, F, G, H, I, J>;\n"
    "template <class... T> __host__ __device__ inline thrust::tuple<T...> make_tuple(T... a)\n"
    "{\n"
    "    return thrust::tuple<T...>(a...);\n"
    "}\n"
    "// get<N>(t) is built in (lang/thrust_tuple.c); this names it a template\n"
    "template <int N, typename T> void get(T t);\n"
    "template <class It> using iterator_traits = ::std::iterator_traits<It>;\n"
    "template <class It, class D> __host__ __device__ inline void advance(It &it, D n)\n"
    "{\n"
    "    it = it + n;\n"
    "}\n"
    "template <class It> __host__ __device__ inline It next(It it, long n = 1) { return it + n; }\n"
    "template <class It> __host__ __device__ inline It prev(It it, long n = 1) { return it - n; }\n"
    "template <class T, unsigned long N> __host__ __device__ inline T *begin(T (&a)[N]) { return a; }\n"
    "template <class T, unsigned long N> __host__ __device__ inline T *end(T (&a)[N]) { return a + N; }\n"
    "template <class C> __host__ __device__ inline auto begin(C &c) { return c.begin(); }\n"
    "template <class C> __host__ __device__ inline auto end(C &c) { return c.end(); }\n"
    "} }\n";

/* cuda::counting_iterator and cuda::constant_iterator (CCCL 3.1) are the
 * Thrust classes; cuda::maximum and cuda::minimum are the function objects
 * that Thrust's maximum and minimum became. */
static const char TEXT_CUDA_ITERATOR[] =
    "// libcu++'s <cuda/iterator> and <cuda/functional> as simtvm builds them in, written in K.\n"
    "#pragma once\n"
    "#include <thrust/iterator/counting_iterator.h>\n"
    "namespace cuda {\n"
    "template <class T> using counting_iterator = thrust::counting_iterator<T>;\n"
    "template <class T> using constant_iterator = thrust::constant_iterator<T>;\n"
    "template <class T> __host__ __device__ inline thrust::counting_iterator<T> make_counting_iterator(T v)\n"
    "{\n"
    "    return thrust::counting_iterator<T>(v);\n"
    "}\n"
    "template <class T> __host__ __device__ inline thrust::constant_iterator<T> make_constant_iterator(T v)\n"
    "{\n"
    "    return thrust::constant_iterator<T>(v);\n"
    "}\n"
    "template <typename T> struct maximum\n"
    "{\n"
    "    __host__ __device__ T operator()(const T &a, const T &b) const { return a < b ? b : a; }\n"
    "};\n"
    "template <typename T> struct minimum\n"
    "{\n"
    "    __host__ __device__ T operator()(const T &a, const T &b) const { return b < a ? b : a; }\n"
    "};\n"
    "}\n";

/* The text of one of these libcu++ headers, or NULL. */
const char *k_libcudacxx_std_text(const char *name)
{
    static const char *const STD[] = { "cuda/std/utility", "cuda/std/tuple", "cuda/std/cassert",
                                       "cuda/std/cstddef", "cuda/std/cstdint",
                                       "simtvm/cuda_std.h" };
    for (size_t i = 0; i < sizeof STD / sizeof STD[0]; i++)
        if (!strcmp(name, STD[i]))
            return i + 1 < sizeof STD / sizeof STD[0] ? "#pragma once\n#include <simtvm/cuda_std.h>\n"
                                                      : TEXT_CUDA_STD;
    if (!strcmp(name, "cuda/iterator") || !strcmp(name, "cuda/functional"))
        return TEXT_CUDA_ITERATOR;
    return NULL;
}
