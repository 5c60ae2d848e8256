/* lang/libcudacxx_atomic.c -- the text of libcu++'s <cuda/atomic> and
 * <cuda/std/atomic> as simtvm builds them in, written in K:
 * cuda::std::atomic<T>, cuda::atomic<T, Scope>, cuda::atomic_ref<T, Scope>
 * (load, store, exchange, compare_exchange_strong/_weak, fetch_add,
 * fetch_sub, fetch_and, fetch_or, fetch_xor, fetch_min, fetch_max, the
 * operators), cuda::std::memory_order and cuda::memory_order_*, and
 * cuda::std::atomic_thread_fence.  Returned by k_libcudacxx_text.
 *
 * How it maps onto the machine: every operation is a compare-and-swap on
 * the object's 4 or 8 bytes (atomicCAS, which host code may call too), so
 * it is one atomic step on the device and the race checker orders the
 * threads through it as through atomicAdd; a read-modify-write is a CAS
 * loop, a load a CAS that writes back what it found.  The machine is
 * sequentially consistent for atomics, so every memory order and every
 * thread scope is accepted and means seq_cst (what CUDA allows an
 * implementation to give).  A T of another size is one error
 * (static_assert). */
#include "include.h"

#include <string.h>

/* The operations every atomic class shares, on the object at __p(): the
 * bitwise and arithmetic read-modify-writes are member templates, made
 * only where called (an atomic<float> has no fetch_and). */
#define ATOMIC_MEMBERS                                                                 \
    "    __host__ __device__ T load(cuda::std::memory_order __o = cuda::std::memory_order_seq_cst) const\n"          \
    "    { return cuda::std::__atomic_load(__p()); }\n"                                        \
    "    __host__ __device__ operator T() const { return load(); }\n"                          \
    "    __host__ __device__ void store(T __d, cuda::std::memory_order __o = cuda::std::memory_order_seq_cst)\n"      \
    "    { exchange(__d); }\n"                                                                 \
    "    __host__ __device__ T exchange(T __d, cuda::std::memory_order __o = cuda::std::memory_order_seq_cst)\n"      \
    "    {\n"                                                                                  \
    "        T __old = load();\n"                                                              \
    "        while (!cuda::std::__atomic_cx(__p(), __old, __d)) {}\n"                          \
    "        return __old;\n"                                                                  \
    "    }\n"                                                                                  \
    "    __host__ __device__ bool compare_exchange_strong(T &__e, T __d,\n"                    \
    "        cuda::std::memory_order __o = cuda::std::memory_order_seq_cst)\n"                                       \
    "    { return cuda::std::__atomic_cx(__p(), __e, __d); }\n"                                \
    "    __host__ __device__ bool compare_exchange_strong(T &__e, T __d, cuda::std::memory_order __s,\n"  \
    "        cuda::std::memory_order __f)\n"                                                              \
    "    { return cuda::std::__atomic_cx(__p(), __e, __d); }\n"                                \
    "    __host__ __device__ bool compare_exchange_weak(T &__e, T __d,\n"                      \
    "        cuda::std::memory_order __o = cuda::std::memory_order_seq_cst)\n"                                       \
    "    { return cuda::std::__atomic_cx(__p(), __e, __d); }\n"                                \
    "    __host__ __device__ bool compare_exchange_weak(T &__e, T __d, memory_order __s,\n"    \
    "        memory_order __f)\n"                                                              \
    "    { return cuda::std::__atomic_cx(__p(), __e, __d); }\n"                                \
    RMW("fetch_add", "__old + __v") RMW("fetch_sub", "__old - __v")                           \
    RMW("fetch_and", "__old & __v") RMW("fetch_or", "__old | __v")                            \
    RMW("fetch_xor", "__old ^ __v")                                                           \
    RMW("fetch_min", "__v < __old ? __v : __old") RMW("fetch_max", "__old < __v ? __v : __old") \
    "    __host__ __device__ T operator=(T __d) { store(__d); return __d; }\n"                  \
    "    __host__ __device__ T operator++() { return (T)(this->fetch_add(1) + 1); }\n"                \
    "    __host__ __device__ T operator++(int) { return this->fetch_add(1); }\n"                      \
    "    __host__ __device__ T operator--() { return (T)(this->fetch_sub(1) - 1); }\n"                \
    "    __host__ __device__ T operator--(int) { return this->fetch_sub(1); }\n"                      \
    COMPOUND("+=", "fetch_add", "+") COMPOUND("-=", "fetch_sub", "-")                         \
    COMPOUND("&=", "fetch_and", "&") COMPOUND("|=", "fetch_or", "|")                          \
    COMPOUND("^=", "fetch_xor", "^")                                                          \
    "    __host__ __device__ bool is_lock_free() const { return true; }\n"

/* A read-modify-write as a CAS loop: the new value from the old one. */
/* The members of an atomic that holds its value (cuda::std::atomic and
 * cuda::atomic, which only adds a scope). */
#define ATOMIC_OBJECT                                                                  \
    "    T __v;\n"                                                                    \
    "    __host__ __device__ atomic() {}\n"                                           \
    "    __host__ __device__ atomic(T __d) : __v(__d) {}\n"                           \
    "    __host__ __device__ T *__p() const { return (T *)&__v; }\n"                  \
    ATOMIC_MEMBERS

#define RMW(NAME, NEW)                                                                        \
    "    template <class V> __host__ __device__ T " NAME "(V __v,\n"                            \
    "        cuda::std::memory_order __o = cuda::std::memory_order_seq_cst)\n"                                       \
    "    {\n"                                                                                  \
    "        T __old = load();\n"                                                              \
    "        while (!cuda::std::__atomic_cx(__p(), __old, (T)(" NEW "))) {}\n"                 \
    "        return __old;\n"                                                                  \
    "    }\n"
/* `a += v`: the new value, as C++'s compound assignments on atomics give. */
#define COMPOUND(OP, FETCH, BIN)                                                              \
    "    template <class V> __host__ __device__ T operator" OP "(V __v)\n"                      \
    "    { return (T)(this->" FETCH "(__v) " BIN " __v); }\n"

static const char TEXT_CUDA_ATOMIC[] =
    "// <cuda/atomic> and <cuda/std/atomic> as simtvm builds them in, written in K\n"
    "// (lang/libcudacxx_atomic.c): every operation is an atomicCAS, every order seq_cst.\n"
    "#pragma once\n"
    K_TEXT_CUDA_THREAD_SCOPE
    "namespace cuda { namespace std {\n"
    "enum memory_order {\n"
    "    memory_order_relaxed, memory_order_consume, memory_order_acquire,\n"
    "    memory_order_release, memory_order_acq_rel, memory_order_seq_cst\n"
    "};\n"
    "// the object's bytes as the word atomicCAS takes: 4 or 8 of them\n"
    "template <class T> __host__ __device__ inline T __atomic_cas(T *p, T e, T d)\n"
    "{\n"
    "    static_assert(sizeof(T) == 4 || sizeof(T) == 8,\n"
    "                  \"simtvm's cuda::atomic holds 4- or 8-byte types\");\n"
    "    if (sizeof(T) == 8) {\n"
    "        unsigned long long o = atomicCAS((unsigned long long *)p, *(unsigned long long *)&e,\n"
    "                                         *(unsigned long long *)&d);\n"
    "        return *(T *)&o;\n"
    "    }\n"
    "    unsigned int o = atomicCAS((unsigned int *)p, *(unsigned int *)&e, *(unsigned int *)&d);\n"
    "    return *(T *)&o;\n"
    "}\n"
    "// compare_exchange: the bytes compared, as C++ compares them; e gets what was there\n"
    "template <class T> __host__ __device__ inline bool __atomic_cx(T *p, T &e, T d)\n"
    "{\n"
    "    T o = __atomic_cas(p, e, d);\n"
    "    bool same = sizeof(T) == 8 ? *(unsigned long long *)&o == *(unsigned long long *)&e\n"
    "                               : *(unsigned int *)&o == *(unsigned int *)&e;\n"
    "    if (!same)\n"
    "        e = o;\n"
    "    return same;\n"
    "}\n"
    "template <class T> __host__ __device__ inline T __atomic_load(T *p)\n"
    "{\n"
    "    unsigned long long zero = 0;\n"
    "    T z = *(T *)&zero;\n"
    "    return __atomic_cas(p, z, z);\n"
    "}\n"
    "template <class T> struct atomic {\n"
    ATOMIC_OBJECT
    "};\n"
    "__host__ __device__ inline void atomic_thread_fence(memory_order __o) {}\n"
    "} // namespace std\n"
    "typedef cuda::std::memory_order memory_order;\n"
    "constexpr memory_order memory_order_relaxed = cuda::std::memory_order_relaxed;\n"
    "constexpr memory_order memory_order_consume = cuda::std::memory_order_consume;\n"
    "constexpr memory_order memory_order_acquire = cuda::std::memory_order_acquire;\n"
    "constexpr memory_order memory_order_release = cuda::std::memory_order_release;\n"
    "constexpr memory_order memory_order_acq_rel = cuda::std::memory_order_acq_rel;\n"
    "constexpr memory_order memory_order_seq_cst = cuda::std::memory_order_seq_cst;\n"
    "template <class T, thread_scope Scope = cuda::thread_scope_system> struct atomic {\n"
    ATOMIC_OBJECT
    "};\n"
    "// an atomic view of an object that is not an atomic (libcu++, C++20)\n"
    "template <class T, thread_scope Scope = cuda::thread_scope_system> struct atomic_ref {\n"
    "    T *__ptr;\n"
    "    __host__ __device__ atomic_ref(T &__obj) : __ptr(&__obj) {}\n"
    "    __host__ __device__ T *__p() const { return __ptr; }\n"
    ATOMIC_MEMBERS
    "};\n"
    "__host__ __device__ inline void atomic_thread_fence(memory_order __o,\n"
    "                                                    cuda::thread_scope __s = cuda::thread_scope_system) {}\n"
    "} // namespace cuda\n";

/* <cuda/atomic> and <cuda/std/atomic>: one text, read once. */
const char *k_libcudacxx_atomic_text(const char *name)
{
    if (!strcmp(name, "cuda/atomic") || !strcmp(name, "cuda/std/atomic"))
        return TEXT_CUDA_ATOMIC;
    return NULL;
}
