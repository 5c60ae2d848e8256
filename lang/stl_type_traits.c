/* lang/stl_type_traits.c -- the text of <type_traits>, written in K: the
 * traits CUDA programs test in kernels and host code (std::is_same,
 * std::is_integral, std::is_floating_point, std::is_arithmetic,
 * std::is_pointer, std::is_signed ...), std::enable_if, std::conditional,
 * the remove_/add_ transformations, their `_t` alias templates and `_v`
 * variable templates, std::integral_constant, std::true_type and
 * std::false_type.  Each trait is a class template with a static constexpr
 * member `value` (partial and explicit specializations choose it), as
 * libstdc++'s are, without deriving from integral_constant (a base class
 * named by a typedef of a template-id is not built).  `long double` is
 * `double` in K, so it has no specialization of its own. */
#include "stl.h"

/* The integer types C++ calls integral, one explicit specialization each. */
#define INTEGRAL(T) "template <> struct is_integral<" T "> { static constexpr bool value = true; };\n"
#define SIGNED(T) "template <> struct is_signed<" T "> { static constexpr bool value = true; };\n"
#define UNSIGNED(T) "template <> struct is_unsigned<" T "> { static constexpr bool value = true; };\n"
#define FLOATING(T) "template <> struct is_floating_point<" T "> { static constexpr bool value = true; };\n"
/* A trait of `const T` and `volatile T` is T's (libstdc++ removes cv first). */
#define CV_AS_T(N)                                                                            \
    "template <typename T> struct " N "<const T> { static constexpr bool value = " N          \
    "<T>::value; };\n"                                                                        \
    "template <typename T> struct " N "<volatile T> { static constexpr bool value = " N       \
    "<T>::value; };\n"
#define FALSE_TRAIT(N) "template <typename T> struct " N " { static constexpr bool value = false; };\n"
#define VAR(N) "template <typename T> constexpr bool " N "_v = " N "<T>::value;\n"

static const char TEXT_TYPE_TRAITS[] =
    "// <type_traits> as simtvm builds it in, written in K (doc/cxx.md).\n"
    "#pragma once\n"
    "namespace std {\n"
    "template <typename T, T v> struct integral_constant {\n"
    "    static constexpr T value = v;\n"
    "    typedef T value_type;\n"
    "};\n"
    "typedef integral_constant<bool, true> true_type;\n"
    "typedef integral_constant<bool, false> false_type;\n"
    "template <typename A, typename B> struct is_same { static constexpr bool value = false; };\n"
    "template <typename B, typename D> struct is_base_of { static constexpr bool value = __is_base_of(B, D); };\n"
    "template <typename A> struct is_same<A, A> { static constexpr bool value = true; };\n"
    FALSE_TRAIT("is_void")
    "template <> struct is_void<void> { static constexpr bool value = true; };\n"
    CV_AS_T("is_void")
    FALSE_TRAIT("is_integral")
    INTEGRAL("bool") INTEGRAL("char") INTEGRAL("signed char") INTEGRAL("unsigned char")
    INTEGRAL("short") INTEGRAL("unsigned short") INTEGRAL("int") INTEGRAL("unsigned int")
    INTEGRAL("long") INTEGRAL("unsigned long") INTEGRAL("long long")
    INTEGRAL("unsigned long long")
    CV_AS_T("is_integral")
    FALSE_TRAIT("is_floating_point")
    FLOATING("float") FLOATING("double")
    CV_AS_T("is_floating_point")
    "template <typename T> struct is_arithmetic {\n"
    "    static constexpr bool value = is_integral<T>::value || is_floating_point<T>::value;\n"
    "};\n"
    FALSE_TRAIT("is_pointer")
    "template <typename T> struct is_pointer<T *> { static constexpr bool value = true; };\n"
    "template <typename T> struct is_pointer<T *const> { static constexpr bool value = true; };\n"
    FALSE_TRAIT("is_const")
    "template <typename T> struct is_const<const T> { static constexpr bool value = true; };\n"
    FALSE_TRAIT("is_signed")
    SIGNED("char") SIGNED("signed char") SIGNED("short") SIGNED("int") SIGNED("long")
    SIGNED("long long") SIGNED("float") SIGNED("double")
    CV_AS_T("is_signed")
    FALSE_TRAIT("is_unsigned")
    UNSIGNED("bool") UNSIGNED("unsigned char") UNSIGNED("unsigned short")
    UNSIGNED("unsigned int") UNSIGNED("unsigned long") UNSIGNED("unsigned long long")
    CV_AS_T("is_unsigned")
    "template <bool B, typename T = void> struct enable_if {};\n"
    "template <typename T> struct enable_if<true, T> { typedef T type; };\n"
    "template <bool B, typename T, typename F> struct conditional { typedef T type; };\n"
    "template <typename T, typename F> struct conditional<false, T, F> { typedef F type; };\n"
    "template <typename T> struct remove_const { typedef T type; };\n"
    "template <typename T> struct remove_const<const T> { typedef T type; };\n"
    "template <typename T> struct remove_volatile { typedef T type; };\n"
    "template <typename T> struct remove_volatile<volatile T> { typedef T type; };\n"
    "template <typename T> struct remove_cv { typedef T type; };\n"
    "template <typename T> struct remove_cv<const T> { typedef T type; };\n"
    "template <typename T> struct remove_cv<volatile T> { typedef T type; };\n"
    "template <typename T> struct remove_pointer { typedef T type; };\n"
    "template <typename T> struct remove_pointer<T *> { typedef T type; };\n"
    "// make_unsigned/make_signed of the integer types (char's are signed char's, as g++'s)\n"
    "template <typename T> struct make_unsigned;\n"
    "template <typename T> struct make_signed;\n"
    "template <> struct make_unsigned<char> { typedef unsigned char type; };\n"
    "template <> struct make_signed<char> { typedef signed char type; };\n"
    "template <> struct make_unsigned<signed char> { typedef unsigned char type; };\n"
    "template <> struct make_signed<signed char> { typedef signed char type; };\n"
    "template <> struct make_unsigned<unsigned char> { typedef unsigned char type; };\n"
    "template <> struct make_signed<unsigned char> { typedef signed char type; };\n"
    "template <> struct make_unsigned<short> { typedef unsigned short type; };\n"
    "template <> struct make_signed<short> { typedef short type; };\n"
    "template <> struct make_unsigned<unsigned short> { typedef unsigned short type; };\n"
    "template <> struct make_signed<unsigned short> { typedef short type; };\n"
    "template <> struct make_unsigned<int> { typedef unsigned int type; };\n"
    "template <> struct make_signed<int> { typedef int type; };\n"
    "template <> struct make_unsigned<unsigned int> { typedef unsigned int type; };\n"
    "template <> struct make_signed<unsigned int> { typedef int type; };\n"
    "template <> struct make_unsigned<long> { typedef unsigned long type; };\n"
    "template <> struct make_signed<long> { typedef long type; };\n"
    "template <> struct make_unsigned<unsigned long> { typedef unsigned long type; };\n"
    "template <> struct make_signed<unsigned long> { typedef long type; };\n"
    "template <> struct make_unsigned<long long> { typedef unsigned long long type; };\n"
    "template <> struct make_signed<long long> { typedef long long type; };\n"
    "template <> struct make_unsigned<unsigned long long> { typedef unsigned long long type; };\n"
    "template <> struct make_signed<unsigned long long> { typedef long long type; };\n"
"template <typename T> struct remove_reference { typedef T type; };\n"
    "template <typename T> struct remove_reference<T &> { typedef T type; };\n"
    "template <typename T> struct remove_reference<T &&> { typedef T type; };\n"
    "template <typename T> struct add_lvalue_reference { typedef T &type; };\n"
    "template <typename T> struct is_reference { static constexpr bool value = false; };\n"
    "template <typename T> struct is_reference<T &> { static constexpr bool value = true; };\n"
    "template <typename T> struct is_lvalue_reference { static constexpr bool value = false; };\n"
    "template <typename T> struct is_lvalue_reference<T &> { static constexpr bool value = true; };\n"
    "template <typename T> struct decay { typedef typename remove_cv<T>::type type; };\n"
    "template <typename T> struct decay<T &> { typedef typename remove_cv<T>::type type; };\n"
    "template <typename T> struct decay<T &&> { typedef typename remove_cv<T>::type type; };\n"
    "template <typename T> struct add_const { typedef const T type; };\n"
    "template <typename T> struct add_pointer { typedef T *type; };\n"
    /* raw storage for a T built in place; 16, g++'s default, suits every K type.
     * A member of the alignment asked for aligns it (an alignment that is no
     * power of two up to 64 names no __aligned_word, as C++ rejects it). */
    "template <size_t A> struct __aligned_word;\n"
    "template <> struct __aligned_word<1> { typedef unsigned char type; };\n"
    "template <> struct __aligned_word<2> { typedef unsigned short type; };\n"
    "template <> struct __aligned_word<4> { typedef unsigned int type; };\n"
    "template <> struct __aligned_word<8> { typedef unsigned long long type; };\n"
    "struct alignas(16) __aligned16 { unsigned char b; };\n"
    "struct alignas(32) __aligned32 { unsigned char b; };\n"
    "struct alignas(64) __aligned64 { unsigned char b; };\n"
    "template <> struct __aligned_word<16> { typedef __aligned16 type; };\n"
    "template <> struct __aligned_word<32> { typedef __aligned32 type; };\n"
    "template <> struct __aligned_word<64> { typedef __aligned64 type; };\n"
    "template <size_t Len, size_t Align = 16> struct aligned_storage {\n"
    "    union type {\n"
    "        unsigned char data[Len];\n"
    "        typename __aligned_word<Align>::type align_;\n"
    "    };\n"
    "};\n"
    "template <bool B, typename T = void> using enable_if_t = typename enable_if<B, T>::type;\n"
    "template <bool B, typename T, typename F> using conditional_t =\n"
    "    typename conditional<B, T, F>::type;\n"
    "template <typename T> using remove_const_t = typename remove_const<T>::type;\n"
    "template <typename T> using remove_volatile_t = typename remove_volatile<T>::type;\n"
    "template <typename T> using remove_cv_t = typename remove_cv<T>::type;\n"
    "template <typename T> using remove_pointer_t = typename remove_pointer<T>::type;\n"
    "template <typename T> using make_unsigned_t = typename make_unsigned<T>::type;\n"
    "template <typename T> using make_signed_t = typename make_signed<T>::type;\n"
"template <typename T> using remove_reference_t = typename remove_reference<T>::type;\n"
    "template <typename T> using add_lvalue_reference_t = typename add_lvalue_reference<T>::type;\n"
    "template <typename T> using decay_t = typename decay<T>::type;\n"
    "template <typename T> using remove_cvref_t =\n"
    "    typename remove_cv<typename remove_reference<T>::type>::type;\n"
    /* the compiler's traits (lang/type_traits_sema.c); std::vector relocates by
     * move_if_noexcept: a move when it cannot throw or the copy is deleted */
    "template <typename T> struct is_copy_constructible {\n"
    "    static constexpr bool value = __is_copy_constructible(T);\n"
    "};\n"
    "template <typename T> struct is_nothrow_move_constructible {\n"
    "    static constexpr bool value = __is_nothrow_move_constructible(T);\n"
    "};\n"
    "template <typename T> struct __move_if_noexcept_result {\n"
    "    typedef typename conditional<!__is_nothrow_move_constructible(T) &&\n"
    "                                 __is_copy_constructible(T), const T &, T &&>::type type;\n"
    "};\n"
    "template <typename T> inline typename __move_if_noexcept_result<T>::type move_if_noexcept(T &x) noexcept\n"
    "{ return static_cast<typename __move_if_noexcept_result<T>::type>(x); }\n"
    "// for decltype only: never defined, never called (in device code too)\n"
    "template <typename T> __host__ __device__ T declval();\n"
    /* common_type of one to three types (a fourth is an error): decayed, the
     * type of `b ? t : u` (the usual arithmetic conversions), folded left */
    "struct __common_none {};\n"
    "template <typename T, typename U = __common_none, typename V = __common_none>\n"
    "struct common_type {\n"
    "    typedef typename common_type<typename common_type<T, U>::type, V>::type type;\n"
    "};\n"
    "template <typename T> struct common_type<T, __common_none, __common_none> {\n"
    "    typedef typename decay<T>::type type;\n"
    "};\n"
    "template <typename T, typename U> struct common_type<T, U, __common_none> {\n"
    "    typedef typename decay<decltype(true ? declval<T>() : declval<U>())>::type type;\n"
    "};\n"
    "template <typename T, typename U = __common_none, typename V = __common_none>\n"
    "using common_type_t = typename common_type<T, U, V>::type;\n"
    "template <typename T> using add_const_t = typename add_const<T>::type;\n"
    "template <typename T> using add_pointer_t = typename add_pointer<T>::type;\n"
    "template <size_t Len, size_t Align = 16> using aligned_storage_t =\n"
    "    typename aligned_storage<Len, Align>::type;\n"
    "template <typename A, typename B> constexpr bool is_same_v = is_same<A, B>::value;\n"
    "template <typename B, typename D> constexpr bool is_base_of_v = is_base_of<B, D>::value;\n"
    VAR("is_void") VAR("is_integral") VAR("is_floating_point") VAR("is_arithmetic")
    VAR("is_pointer") VAR("is_const") VAR("is_signed") VAR("is_unsigned")
    VAR("is_reference") VAR("is_lvalue_reference")
    VAR("is_copy_constructible") VAR("is_nothrow_move_constructible")
    "}\n";

const char *k_stl_type_traits_text(void)
{
    return TEXT_TYPE_TRAITS;
}
