/* lang/stl_array.c -- the text of <array> (and libcu++'s <cuda/std/array>),
 * written in K: std::array<T, N> as an aggregate whose one member is the
 * array itself (libstdc++ calls it _M_elems), so `std::array<int, 4> a =
 * {1, 2, 3, 4};` and `= {}` initialize it by brace elision and a copy is a
 * struct copy (also as a kernel argument).  Every member is __host__
 * __device__: nvcc lets device code call std::array's constexpr members
 * under --expt-relaxed-constexpr, and libcu++'s cuda::std::array is the
 * same class.  at() (host code only) out of range ends the program as
 * libstdc++'s uncaught std::out_of_range does. */
#include "stl.h"

#define HD "    __host__ __device__ "

static const char TEXT_ARRAY[] =
    "// <array> as simtvm builds it in, written in K (doc/cxx-library.md).\n"
    "#pragma once\n"
    "#include <stdio.h>\n"
    "#include <stdlib.h>\n"
    "namespace std {\n"
    "template <typename T, unsigned long N> struct array {\n"
    K_CONTAINER_MEMBER_TYPES("T")
    "    T _M_elems[N];\n"
    "    static constexpr unsigned long __tuple_size = N;   // std::tuple_size\n"
    HD "constexpr unsigned long size() const { return N; }\n"
    HD "constexpr unsigned long max_size() const { return N; }\n"
    HD "constexpr bool empty() const { return N == 0; }\n"
    HD "T &operator[](unsigned long i) { return _M_elems[i]; }\n"
    HD "const T &operator[](unsigned long i) const { return _M_elems[i]; }\n"
    "    // at() is host code, as libstdc++'s (it throws): nvcc rejects it in a\n"
    "    // kernel even under --expt-relaxed-constexpr\n"
    "    void _range_error(unsigned long i) const\n"
    "    {\n"
    "        fprintf(stderr, \"terminate called after throwing an instance of 'std::out_of_range'\\n\"\n"
    "                \"  what():  array::at: __n (which is %lu) >= _Nm (which is %lu)\\n\", i, N);\n"
    "        abort();\n"
    "    }\n"
    "    T &at(unsigned long i)\n"
    "    {\n"
    "        if (i >= N)\n"
    "            _range_error(i);\n"
    "        return _M_elems[i];\n"
    "    }\n"
    "    const T &at(unsigned long i) const\n"
    "    {\n"
    "        if (i >= N)\n"
    "            _range_error(i);\n"
    "        return _M_elems[i];\n"
    "    }\n"
    HD "T &front() { return _M_elems[0]; }\n"
    HD "const T &front() const { return _M_elems[0]; }\n"
    HD "T &back() { return _M_elems[N - 1]; }\n"
    HD "const T &back() const { return _M_elems[N - 1]; }\n"
    HD "T *data() { return _M_elems; }\n"
    HD "const T *data() const { return _M_elems; }\n"
    HD "T *begin() { return _M_elems; }\n"
    HD "const T *begin() const { return _M_elems; }\n"
    HD "T *end() { return _M_elems + N; }\n"
    HD "const T *end() const { return _M_elems + N; }\n"
    HD "const T *cbegin() const { return _M_elems; }\n"
    HD "const T *cend() const { return _M_elems + N; }\n"
    HD "void fill(const T &v)\n"
    "    {\n"
    "        for (unsigned long i = 0; i < N; i++)\n"
    "            _M_elems[i] = v;\n"
    "    }\n"
    HD "void swap(array &o)\n"
    "    {\n"
    "        for (unsigned long i = 0; i < N; i++) {\n"
    "            T t = _M_elems[i];\n"
    "            _M_elems[i] = o._M_elems[i];\n"
    "            o._M_elems[i] = t;\n"
    "        }\n"
    "    }\n"
    "};\n"
    "// free templates, as libstdc++'s: instantiated only where used, so an\n"
    "// array of a type without == is fine\n"
    "template <typename T, unsigned long N>\n"
    "__host__ __device__ bool operator==(const array<T, N> &a, const array<T, N> &b)\n"
    "{\n"
    "    for (unsigned long i = 0; i < N; i++)\n"
    "        if (!(a._M_elems[i] == b._M_elems[i]))\n"
    "            return false;\n"
    "    return true;\n"
    "}\n"
    "template <typename T, unsigned long N>\n"
    "__host__ __device__ bool operator!=(const array<T, N> &a, const array<T, N> &b)\n"
    "{\n"
    "    return !(a == b);\n"
    "}\n"
    "// lexicographic, as std::lexicographical_compare\n"
    "template <typename T, unsigned long N>\n"
    "__host__ __device__ bool operator<(const array<T, N> &a, const array<T, N> &b)\n"
    "{\n"
    "    for (unsigned long i = 0; i < N; i++) {\n"
    "        if (a._M_elems[i] < b._M_elems[i])\n"
    "            return true;\n"
    "        if (b._M_elems[i] < a._M_elems[i])\n"
    "            return false;\n"
    "    }\n"
    "    return false;\n"
    "}\n"
    "template <typename T, unsigned long N>\n"
    "__host__ __device__ bool operator>(const array<T, N> &a, const array<T, N> &b) { return b < a; }\n"
    "template <typename T, unsigned long N>\n"
    "__host__ __device__ bool operator<=(const array<T, N> &a, const array<T, N> &b) { return !(b < a); }\n"
    "template <typename T, unsigned long N>\n"
    "__host__ __device__ bool operator>=(const array<T, N> &a, const array<T, N> &b) { return !(a < b); }\n"
    "template <typename T, unsigned long N>\n"
    "__host__ __device__ void swap(array<T, N> &a, array<T, N> &b) { a.swap(b); }\n"
    "// get<I>(a) is built in (lang/stl_get.c); this names it a template\n"
    "template <int N, typename T> void get(T t);\n"
    "}\n"
    "#include <simtvm/tuple_like.h>\n";

/* libcu++'s <cuda/std/array>: the same class under cuda::std. */
static const char TEXT_CUDA_STD_ARRAY[] =
    "// libcu++'s <cuda/std/array> as simtvm builds it in, written in K.\n"
    "#pragma once\n"
    "#include <simtvm/array.h>\n"
    "namespace cuda { namespace std {\n"
    "template <typename T, unsigned long N> using array = ::std::array<T, N>;\n"
    "// get<I>(a) is built in (lang/stl_get.c); this names it a template\n"
    "template <int N, typename T> void get(T t);\n"
    "} }\n";

const char *k_stl_array_text(void)
{
    return TEXT_ARRAY;
}

const char *k_stl_cuda_std_array_text(void)
{
    return TEXT_CUDA_STD_ARRAY;
}
