/* lang/thrust_vector.c -- the text of Thrust's containers, iterators,
 * function objects and random numbers as simtvm builds them in, written in
 * K (doc/language.md, "Thrust").  Returned by k_thrust_header_text
 * (lang/thrust.c).
 *
 * thrust::device_vector<T> owns managed memory (cudaMallocManaged), so the
 * host code of the algorithms reads it and a kernel given
 * raw_pointer_cast(v.data()) reads it too; its iterators are pointers, as
 * std::vector's are here.  thrust::host_vector<T> is the same class
 * (lang/thrust.c makes the name an alias): K has no forward-declared class
 * templates, and the two must convert into each other. */
#include "stl.h"
#include "thrust.h"

static const char TEXT_VECTOR[] =
    "// Thrust's containers, iterators, function objects and random numbers as\n"
    "// simtvm builds them in, written in K (doc/language.md, \"Thrust\").\n"
    "#pragma once\n"
    "#include <stdlib.h>\n"
    "#include <string.h>\n"
    "namespace thrust {\n"
    "// Execution policies select the overload: thrust::device's run the\n"
    "// algorithms that call a function object as kernels (simtvm/thrust_device.h),\n"
    "// thrust::host's and thrust::seq's in host code.\n"
    "struct __execution_policy { int _host; };\n"
    "struct __device_policy { int _device; };\n"
    "__device_policy device = {1};\n"
    "__execution_policy host = {1};\n"
    "__execution_policy seq = {1};\n"
    "template <typename T> inline T *raw_pointer_cast(T *p) { return p; }\n"
    "template <typename T> inline T *device_pointer_cast(T *p) { return p; }\n"
    "/* device_ptr<T>: a device pointer is a pointer here (managed memory) */\n"
    "template <typename T> using device_ptr = T *;\n"
    "template <typename T> struct device_vector {\n"
    K_CONTAINER_MEMBER_TYPES("T")
    "    T *_d;\n"
    "    unsigned long _n;\n"
    "    unsigned long _cap;\n"
    "    void _alloc(unsigned long n)\n"
    "    {\n"
    "        _d = (T *)0;\n"
    "        if (n)\n"
    "            cudaMallocManaged((void **)&_d, n * sizeof(T));\n"
    "        if (n)\n"
    "            memset((void *)_d, 0, n * sizeof(T));\n"
    "        _n = n;\n"
    "        _cap = n;\n"
    "    }\n"
    "    void _grow(unsigned long n)\n"
    "    {\n"
    "        if (n <= _cap)\n"
    "            return;\n"
    "        T *q;\n"
    "        cudaMallocManaged((void **)&q, n * sizeof(T));\n"
    "        memset((void *)q, 0, n * sizeof(T));\n"
    "        if (_n)\n"
    "            memcpy((void *)q, (const void *)_d, _n * sizeof(T));\n"
    "        if (_d)\n"
    "            cudaFree(_d);\n"
    "        _d = q;\n"
    "        _cap = n;\n"
    "    }\n"
    "    device_vector() { _alloc(0); }\n"
    "    device_vector(unsigned long n) { _alloc(n); }\n"
    "    device_vector(unsigned long n, const T &v)\n"
    "    {\n"
    "        _alloc(n);\n"
    "        for (unsigned long i = 0; i < n; i++)\n"
    "            _d[i] = v;\n"
    "    }\n"
    "    device_vector(const device_vector &o)\n"
    "    {\n"
    "        _alloc(o._n);\n"
    "        if (_n)\n"
    "            memcpy((void *)_d, (const void *)o._d, _n * sizeof(T));\n"
    "    }\n"
    "    // thrust::host_vector<T> v{a, b, c}: the list as an array and its\n"
    "    // length (lang/classes.c, __init_list)\n"
    "    device_vector(const T *p, unsigned long n, int __init_list)\n"
    "    {\n"
    "        _alloc(n);\n"
    "        if (n)\n"
    "            memcpy((void *)_d, (const void *)p, n * sizeof(T));\n"
    "    }\n"
    "    // from a std::vector (Thrust's vectors include <vector> for this)\n"
    "    device_vector(const std::vector<T> &v)\n"
    "    {\n"
    "        _alloc(v.size());\n"
    "        for (unsigned long i = 0; i < _n; i++)\n"
    "            _d[i] = v[i];\n"
    "    }\n"
    "    device_vector(const T *first, const T *last)\n"
    "    {\n"
    "        _alloc((unsigned long)(last - first));\n"
    "        if (_n)\n"
    "            memcpy((void *)_d, (const void *)first, _n * sizeof(T));\n"
    "    }\n"
    "    ~device_vector()\n"
    "    {\n"
    "        if (_d)\n"
    "            cudaFree(_d);\n"
    "    }\n"
    "    device_vector &operator=(const device_vector &o)\n"
    "    {\n"
    "        if (this != &o) {\n"
    "            _grow(o._n);\n"
    "            if (o._n)\n"
    "                memcpy((void *)_d, (const void *)o._d, o._n * sizeof(T));\n"
    "            _n = o._n;\n"
    "        }\n"
    "        return *this;\n"
    "    }\n"
    "    unsigned long size() const { return _n; }\n"
    "    unsigned long capacity() const { return _cap; }\n"
    "    bool empty() const { return _n == 0; }\n"
    "    T &operator[](unsigned long i) const { return _d[i]; }\n"
    "    T *data() const { return _d; }\n"
    "    T &front() const { return _d[0]; }\n"
    "    T &back() const { return _d[_n - 1]; }\n"
    "    T *begin() const { return _d; }\n"
    "    T *end() const { return _d + _n; }\n"
    "    T *cbegin() const { return _d; }\n"
    "    T *cend() const { return _d + _n; }\n"
    "    // erase(first, last), erase(pos): the later elements move down (bytes:\n"
    "    // Thrust's elements are trivially copyable); the element after them\n"
    "    T *erase(T *first, T *last)\n"
    "    {\n"
    "        unsigned long i = (unsigned long)(first - _d), j = (unsigned long)(last - _d);\n"
    "        if (j < _n)\n"
    "            memmove((void *)(_d + i), (const void *)(_d + j), (_n - j) * sizeof(T));\n"
    "        _n -= j - i;\n"
    "        return _d + i;\n"
    "    }\n"
    "    T *erase(T *pos) { return erase(pos, pos + 1); }\n"
    "    void push_back(const T &v)\n"
    "    {\n"
    "        T keep = v;   // v may be an element\n"
    "        if (_n == _cap)\n"
    "            _grow(_cap ? 2 * _cap : 1);\n"
    "        _d[_n++] = keep;\n"
    "    }\n"
    K_VECTOR_SIZE_MEMBERS
    "    void swap(device_vector &o)\n"
    "    {\n"
    "        T *d = _d;\n"
    "        unsigned long n = _n, c = _cap;\n"
    "        _d = o._d;\n"
    "        _n = o._n;\n"
    "        _cap = o._cap;\n"
    "        o._d = d;\n"
    "        o._n = n;\n"
    "        o._cap = c;\n"
    "    }\n"
    "};\n"
    "// Thrust's vectors compare equal to each other and to a std::vector when\n"
    "// their sizes and elements are equal.\n"
    "template <typename A, typename B> inline bool __vectors_equal(const A &a, const B &b)\n"
    "{\n"
    "    if (a.size() != b.size())\n"
    "        return false;\n"
    "    for (unsigned long i = 0; i < a.size(); i++)\n"
    "        if (!(a[i] == b[i]))\n"
    "            return false;\n"
    "    return true;\n"
    "}\n"
    "template <typename T> inline bool operator==(const device_vector<T> &a, const device_vector<T> &b)\n"
    "{\n    return __vectors_equal(a, b);\n}\n"
    "template <typename T> inline bool operator!=(const device_vector<T> &a, const device_vector<T> &b)\n"
    "{\n    return !__vectors_equal(a, b);\n}\n"
    "template <typename T> inline bool operator==(const device_vector<T> &a, const std::vector<T> &b)\n"
    "{\n    return __vectors_equal(a, b);\n}\n"
    "template <typename T> inline bool operator!=(const device_vector<T> &a, const std::vector<T> &b)\n"
    "{\n    return !__vectors_equal(a, b);\n}\n"
    "template <typename T> inline bool operator==(const std::vector<T> &a, const device_vector<T> &b)\n"
    "{\n    return __vectors_equal(a, b);\n}\n"
    "template <typename T> inline bool operator!=(const std::vector<T> &a, const device_vector<T> &b)\n"
    "{\n    return !__vectors_equal(a, b);\n}\n"
    "// Fancy iterators: classes with the operators the algorithms use.\n"
    "template <typename T> struct counting_iterator {\n"
    "    typedef T value_type;\n"
    "    typedef long difference_type;\n"
    "    T _v;\n"
    "    __host__ __device__ counting_iterator(T v) { _v = v; }\n"
    "    __host__ __device__ T operator*() const { return _v; }\n"
    "    __host__ __device__ T operator[](long i) const { return _v + (T)i; }\n"
    "    __host__ __device__ counting_iterator &operator++() { ++_v; return *this; }\n"
    "    __host__ __device__ counting_iterator &operator--() { --_v; return *this; }\n"
    "    __host__ __device__ counting_iterator operator+(long i) const { return counting_iterator(_v + (T)i); }\n"
    "    __host__ __device__ counting_iterator operator-(long i) const { return counting_iterator(_v - (T)i); }\n"
    "    __host__ __device__ long operator-(const counting_iterator &o) const { return (long)_v - (long)o._v; }\n"
    "    __host__ __device__ bool operator==(const counting_iterator &o) const { return _v == o._v; }\n"
    "    __host__ __device__ bool operator!=(const counting_iterator &o) const { return _v != o._v; }\n"
    "    __host__ __device__ bool operator<(const counting_iterator &o) const { return _v < o._v; }\n"
    "};\n"
    "template <typename T> __host__ __device__ inline counting_iterator<T> make_counting_iterator(T v)\n"
    "{\n"
    "    return counting_iterator<T>(v);\n"
    "}\n"
    "template <typename T> struct constant_iterator {\n"
    "    typedef T value_type;\n"
    "    typedef long difference_type;\n"
    "    T _v;\n"
    "    long _i;\n"
    "    __host__ __device__ constant_iterator(T v) { _v = v; _i = 0; }\n"
    "    __host__ __device__ constant_iterator(T v, long i) { _v = v; _i = i; }\n"
    "    __host__ __device__ T operator*() const { return _v; }\n"
    "    __host__ __device__ T operator[](long i) const { return _v; }\n"
    "    __host__ __device__ constant_iterator &operator++() { ++_i; return *this; }\n"
    "    __host__ __device__ constant_iterator operator+(long i) const { return constant_iterator(_v, _i + i); }\n"
    "    __host__ __device__ long operator-(const constant_iterator &o) const { return _i - o._i; }\n"
    "    __host__ __device__ bool operator==(const constant_iterator &o) const { return _i == o._i; }\n"
    "    __host__ __device__ bool operator!=(const constant_iterator &o) const { return _i != o._i; }\n"
    "};\n"
    "template <typename T> __host__ __device__ inline constant_iterator<T> make_constant_iterator(T v)\n"
    "{\n"
    "    return constant_iterator<T>(v);\n"
    "}\n"
    "// transform_iterator: *it is f(*base); its value type is what f returns\n"
    "// (deduced: operator* returns auto), so it has no value_type member\n"
    "template <typename F, typename It> struct transform_iterator {\n"
    "    It _it;\n"
    "    mutable F _f;   // as Thrust's: a functor's operator() need not be const\n"
    "    __host__ __device__ transform_iterator(It it, F f) { _it = it; _f = f; }\n"
    "    __host__ __device__ auto operator*() const { return _f(*_it); }\n"
    "    __host__ __device__ auto operator[](long i) const { return _f(_it[i]); }\n"
    "    __host__ __device__ transform_iterator &operator++() { ++_it; return *this; }\n"
    "    __host__ __device__ transform_iterator &operator--() { --_it; return *this; }\n"
    "    __host__ __device__\n"
    "    transform_iterator operator+(long i) const { return transform_iterator(_it + i, _f); }\n"
    "    __host__ __device__\n"
    "    transform_iterator operator-(long i) const { return transform_iterator(_it - i, _f); }\n"
    "    __host__ __device__\n"
    "    long operator-(const transform_iterator &o) const { return (long)(_it - o._it); }\n"
    "    __host__ __device__\n"
    "    bool operator==(const transform_iterator &o) const { return _it == o._it; }\n"
    "    __host__ __device__\n"
    "    bool operator!=(const transform_iterator &o) const { return _it != o._it; }\n"
    "    __host__ __device__ It base() const { return _it; }\n"
    "};\n"
    "template <typename It, typename F> inline transform_iterator<F, It> make_transform_iterator(It it, F f)\n"
    "{\n"
    "    return transform_iterator<F, It>(it, f);\n"
    "}\n"
    "template <typename T> __host__ __device__ inline T min(T a, T b) { return b < a ? b : a; }\n"
    "template <typename T> __host__ __device__ inline T max(T a, T b) { return a < b ? b : a; }\n"
    "}\n";

/* The function objects of <thrust/functional.h> and of libcu++'s
 * <cuda/std/functional>, which Thrust's own are since CCCL 2.x. */
#define FUNCTIONAL                                                                      \
    "template <typename T> struct plus { __host__ __device__ T operator()(const T &a, const T &b) const { return a + b; } };\n" \
    "template <typename T> struct minus { __host__ __device__ T operator()(const T &a, const T &b) const { return a - b; } };\n" \
    "template <typename T> struct multiplies { __host__ __device__ T operator()(const T &a, const T &b) const { return a * b; } };\n" \
    "template <typename T> struct divides { __host__ __device__ T operator()(const T &a, const T &b) const { return a / b; } };\n" \
    "template <typename T> struct modulus { __host__ __device__ T operator()(const T &a, const T &b) const { return a % b; } };\n" \
    "template <typename T> struct negate { __host__ __device__ T operator()(const T &a) const { return -a; } };\n" \
    "template <typename T> struct maximum { __host__ __device__ T operator()(const T &a, const T &b) const { return a < b ? b : a; } };\n" \
    "template <typename T> struct minimum { __host__ __device__ T operator()(const T &a, const T &b) const { return b < a ? b : a; } };\n" \
    "template <typename T> struct equal_to { __host__ __device__ bool operator()(const T &a, const T &b) const { return a == b; } };\n" \
    "template <typename T> struct not_equal_to { __host__ __device__ bool operator()(const T &a, const T &b) const { return a != b; } };\n" \
    "template <typename T> struct less { __host__ __device__ bool operator()(const T &a, const T &b) const { return a < b; } };\n" \
    "template <typename T> struct greater { __host__ __device__ bool operator()(const T &a, const T &b) const { return a > b; } };\n" \
    "template <typename T> struct less_equal { __host__ __device__ bool operator()(const T &a, const T &b) const { return a <= b; } };\n" \
    "template <typename T> struct greater_equal { __host__ __device__ bool operator()(const T &a, const T &b) const { return a >= b; } };\n" \
    "template <typename T> struct logical_and { __host__ __device__ bool operator()(const T &a, const T &b) const { return a && b; } };\n" \
    "template <typename T> struct logical_or { __host__ __device__ bool operator()(const T &a, const T &b) const { return a || b; } };\n" \
    "template <typename T> struct identity { __host__ __device__ T operator()(const T &a) const { return a; } };\n"

/* Thrust's adaptable-function bases (deprecated in Thrust 2, still in its
 * examples): a functor derives from them for its member types. */
#define ADAPTABLE                                                                       \
    "template <typename A, typename R> struct unary_function {\n"                      \
    "    typedef A argument_type;\n"                                                    \
    "    typedef R result_type;\n"                                                      \
    "};\n"                                                                              \
    "template <typename A1, typename A2, typename R> struct binary_function {\n"       \
    "    typedef A1 first_argument_type;\n"                                             \
    "    typedef A2 second_argument_type;\n"                                            \
    "    typedef R result_type;\n"                                                      \
    "};\n"

static const char TEXT_FUNCTIONAL[] =
    "// Thrust's function objects as simtvm builds them in, written in K.\n"
    "#pragma once\n"
    "namespace thrust {\n" ADAPTABLE FUNCTIONAL "}\n";

static const char TEXT_CUDA_STD_FUNCTIONAL[] =
    "// libcu++'s function objects (<cuda/std/functional>) as simtvm builds them in.\n"
    "#pragma once\n"
    "namespace cuda { namespace std {\n" FUNCTIONAL "} }\n";

/* thrust::random: minstd_rand (x = 48271 x mod 2^31 - 1) as Thrust's
 * linear_congruential_engine computes it, and its distributions as
 * thrust/random/detail/ map a draw: u = (x - min) / (1 + max - min) in
 * the result type, then a + u (b - a); uniform_int_distribution draws a
 * double in [a, b + 1) and truncates it. */
static const char TEXT_RANDOM[] =
    "// Thrust's random numbers as simtvm builds them in, written in K.\n"
    "#pragma once\n"
    "namespace thrust {\n"
    "struct minstd_rand {\n"
    "    unsigned int _x;\n"
    "    __host__ __device__ void seed(unsigned int s)\n"
    "    {\n"
    "        s = s % 2147483647u;\n"
    "        _x = s == 0 ? 1u : s;\n"
    "    }\n"
    "    __host__ __device__ minstd_rand() { seed(1u); }\n"
    "    __host__ __device__ minstd_rand(unsigned int s) { seed(s); }\n"
    "    __host__ __device__ unsigned int operator()()\n"
    "    {\n"
    "        // x * 48271 mod 2^31 - 1 without a division: 2^31 is 1 modulo\n"
    "        // 2^31 - 1, so the high bits add to the low ones (one subtraction\n"
    "        // at most: the product is below 2^47)\n"
    "        unsigned long long p = (unsigned long long)_x * 48271ull;\n"
    "        unsigned long long r = (p & 2147483647ull) + (p >> 31);\n"
    "        _x = (unsigned int)(r >= 2147483647ull ? r - 2147483647ull : r);\n"
    "        return _x;\n"
    "    }\n"
    "    __host__ __device__ void discard(unsigned long long z)\n"
    "    {\n"
    "        for (unsigned long long i = 0; i < z; i++)\n"
    "            (*this)();\n"
    "    }\n"
    "    static const unsigned int min = 1u;\n"
    "    static const unsigned int max = 2147483646u;\n"
    "    static const unsigned int default_seed = 1u;\n"
    "};\n"
    "typedef minstd_rand default_random_engine;\n"
    "namespace random {\n"
    "typedef thrust::minstd_rand minstd_rand;\n"
    "typedef thrust::minstd_rand default_random_engine;\n"
    "// Thrust declares the distributions here and brings them up to thrust::\n"
    "template <typename T> struct uniform_real_distribution {\n"
    "    T _a;\n"
    "    T _b;\n"
    "    __host__ __device__ uniform_real_distribution() { _a = (T)0; _b = (T)1; }\n"
    "    __host__ __device__ uniform_real_distribution(T a, T b) { _a = a; _b = b; }\n"
    "    __host__ __device__ T operator()(minstd_rand &g)\n"
    "    {\n"
    "        T r = (T)(g() - 1u);\n"
    "        r /= (T)1 + (T)(2147483646u - 1u);\n"
    "        return r * (_b - _a) + _a;\n"
    "    }\n"
    "    __host__ __device__ T a() const { return _a; }\n"
    "    __host__ __device__ T b() const { return _b; }\n"
    "    __host__ __device__ void reset() {}\n"
    "};\n"
    "template <typename T> struct uniform_int_distribution {\n"
    "    T _a;\n"
    "    T _b;\n"
    "    __host__ __device__ uniform_int_distribution() { _a = (T)0; _b = (T)2147483647; }\n"
    "    __host__ __device__ uniform_int_distribution(T a, T b) { _a = a; _b = b; }\n"
    "    __host__ __device__ T operator()(minstd_rand &g)\n"
    "    {\n"
    "        uniform_real_distribution<double> d((double)_a, (double)_b + 1.0);\n"
    "        return (T)d(g);\n"
    "    }\n"
    "    __host__ __device__ T a() const { return _a; }\n"
    "    __host__ __device__ T b() const { return _b; }\n"
    "    __host__ __device__ void reset() {}\n"
    "};\n"
    "}\n"
    "template <typename T> using uniform_real_distribution = random::uniform_real_distribution<T>;\n"
    "template <typename T> using uniform_int_distribution = random::uniform_int_distribution<T>;\n"
    "}\n";

const char *k_thrust_vector_text(void)
{
    return TEXT_VECTOR;
}

const char *k_thrust_functional_text(void)
{
    return TEXT_FUNCTIONAL;
}

const char *k_thrust_cuda_std_functional_text(void)
{
    return TEXT_CUDA_STD_FUNCTIONAL;
}

const char *k_thrust_random_text(void)
{
    return TEXT_RANDOM;
}
