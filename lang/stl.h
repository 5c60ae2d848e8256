/* lang/stl.h -- the C++ standard library pieces simtvm writes in K
 * (lang/stl_algorithm.c, lang/stl_containers.c) and the parts sema gives a
 * meaning itself (lang/stl.c). */
#ifndef K_STL_H
#define K_STL_H

const char *k_stl_algorithm_text(void);
const char *k_stl_algorithm_more_text(void);   /* lang/stl_algorithm_more.c */
const char *k_stl_move_text(void);

/* transform over one range (a unary op) or two (a binary op), in std:: and
 * thrust:: alike (lang/stl_algorithm.c, lang/thrust_algorithm.c). */
#define K_TEXT_TRANSFORM                                                                 \
    "template <typename I, typename O, typename F> inline O transform(I first, I last, O out, F op)\n" \
    "{\n"                                                                                \
    "    for (; first != last; ++first, ++out)\n"                                        \
    "        *out = op(*first);\n"                                                       \
    "    return out;\n"                                                                  \
    "}\n"                                                                                \
    "template <typename I, typename J, typename O, typename F>\n"                        \
    "inline O transform(I first, I last, J first2, O out, F op)\n"                       \
    "{\n"                                                                                \
    "    for (; first != last; ++first, ++first2, ++out)\n"                              \
    "        *out = op(*first, *first2);\n"                                              \
    "    return out;\n"                                                                  \
    "}\n"

/* What an allocation of the containers goes through: a NULL (the guest's
 * heap is exhausted) ends the program as libstdc++'s uncaught
 * std::bad_alloc ends it -- K has no exceptions -- instead of leaving a
 * container that says it holds elements it has no memory for.  Guarded:
 * <string>, <vector> and <map> each splice it in. */
#define K_TEXT_BAD_ALLOC                                                                 \
    "#ifndef __SIMTVM_BAD_ALLOC\n"                                                       \
    "#define __SIMTVM_BAD_ALLOC\n"                                                       \
    "namespace std {\n"                                                                  \
    "inline void *__simtvm_allocated(void *p)\n"                                         \
    "{\n"                                                                                \
    "    if (!p) {\n"                                                                    \
    "        fprintf(stderr, \"terminate called after throwing an instance of"            \
    " 'std::bad_alloc'\\n  what():  std::bad_alloc\\n\");\n"                            \
    "        abort();\n"                                                                 \
    "    }\n"                                                                            \
    "    return p;\n"                                                                    \
    "}\n"                                                                                \
    "}\n"                                                                                \
    "#endif\n"

const char *k_stl_string_text(void);
const char *k_stl_vector_text(void);
const char *k_stl_sstream_text(void);   /* lang/stl_streams.c */
const char *k_stl_fstream_text(void);
const char *k_stl_cin_text(void);      /* std::cin */
const char *k_stl_map_text(void);       /* lang/stl_map.c */
const char *k_stl_unordered_set_text(void);   /* lang/stl_unordered_set.c */
const char *k_stl_unordered_map_text(void);   /* lang/stl_unordered_set.c */
const char *k_stl_hash_text(void);            /* lang/stl_unordered_set.c: std::hash */
const char *k_stl_set_text(void);       /* lang/stl_set.c: <set> */
const char *k_stl_list_text(void);      /* lang/stl_list.c: <list> */
/* lang/stl_iterator.c: <iterator>, and libcu++'s <cuda/std/iterator> */
const char *k_stl_iterator_text(void);
const char *k_stl_istreambuf_iterator_text(void);
const char *k_stl_iterator_funcs_text(void);   /* distance, advance, next, prev */
const char *k_stl_cuda_std_iterator_text(void);
/* lang/stl_array.c: <array>, and libcu++'s <cuda/std/array> */
const char *k_stl_array_text(void);
const char *k_stl_cuda_std_array_text(void);
/* lang/stl_cstdlib.c: qsort and bsearch of <stdlib.h> */
const char *k_stl_cstdlib_text(void);
const char *k_stl_cstring_text(void);
const char *k_stl_ctime_text(void);
/* <thread>, <mutex>, <condition_variable>, <future>, <atomic> (lang/stl_thread.c),
 * or NULL for another name */
const char *k_stl_thread_text(const char *name);
/* <deque>, <queue>, <stack> (lang/stl_deque.c), or NULL for another name */
const char *k_stl_deque_text(const char *name);
const char *k_stl_bitset_text(void);   /* <bitset> (lang/stl_bitset.c) */
const char *k_stl_optional_text(void);   /* <optional> (lang/stl_optional.c) */
const char *k_stl_cstdio_text(void);
/* lang/stl_type_traits.c: <type_traits> */
const char *k_stl_type_traits_text(void);
const char *k_stl_tuple_like_text(void);      /* lang/stl_tuple.c */
const char *k_stl_tuple_compare_text(void);
const char *k_stl_integer_sequence_text(void);
const char *k_stl_apply_text(void);
/* <complex>: std::complex<T> (lang/stl_complex.c) */
const char *k_stl_complex_text(void);
const char *k_stl_tuple_cat_text(void);
const char *k_stl_memory_text(void);       /* lang/stl_memory.c: <memory> */
const char *k_stl_functional_text(void);   /* lang/stl_functional.c: <functional> */
/* The text of a standard header that is written in K, or NULL. */
const char *k_stl_header_text(const char *name);


/* The member types of a container whose iterators are pointers to T
 * (std::vector, std::string, thrust::device_vector), as K text. */
#define K_CONTAINER_MEMBER_TYPES(T)                                                       \
    "    typedef " T " value_type;\n    typedef unsigned long size_type;\n"              \
    "    typedef long difference_type;\n    typedef " T " &reference;\n"                 \
    "    typedef const " T " &const_reference;\n    typedef " T " *pointer;\n"            \
    "    typedef const " T " *const_pointer;\n    typedef " T " *iterator;\n"             \
    "    typedef const " T " *const_iterator;\n"

/* A container's reverse iterators over its pointers FIRST .. LAST
 * (std::reverse_iterator, simtvm/iterator_funcs.h): rbegin() is LAST.  E is
 * the element type its iterators point to, CE the const iterators'. */
#define K_REVERSE_MEMBERS_OF(E, CE, FIRST, LAST)                                          \
    "    typedef std::reverse_iterator<" E " *> reverse_iterator;\n"                         \
    "    typedef std::reverse_iterator<" CE " *> const_reverse_iterator;\n"                  \
    "    std::reverse_iterator<" E " *> rbegin() const { return std::reverse_iterator<" E     \
    " *>(" LAST "); }\n"                                                                   \
    "    std::reverse_iterator<" E " *> rend() const { return std::reverse_iterator<" E       \
    " *>(" FIRST "); }\n"                                                                  \
    "    std::reverse_iterator<" CE " *> crbegin() const { return std::reverse_iterator<"    \
    CE " *>(" LAST "); }\n"                                                                \
    "    std::reverse_iterator<" CE " *> crend() const { return std::reverse_iterator<"      \
    CE " *>(" FIRST "); }\n"
#define K_REVERSE_MEMBERS(T, FIRST, LAST) K_REVERSE_MEMBERS_OF(T, "const " T, FIRST, LAST)

/* The size members of thrust's vectors (K text, spliced into the class
 * template, lang/thrust_vector.c): pop_back, reserve, resize, assign, clear
 * over zeroed storage.  std::vector has its own, with libstdc++'s element
 * lifetimes (lang/stl_containers.c). */
#define K_VECTOR_SIZE_MEMBERS \
    "    void pop_back() { _n--; }\n" \
    "    void reserve(unsigned long n) { _grow(n); }\n" \
    "    void resize(unsigned long n)\n" \
    "    {\n" \
    "        _grow(n);\n" \
    "        for (unsigned long i = _n; i < n; i++)\n" \
    "            memset((void *)&_d[i], 0, sizeof(T));\n" \
    "        _n = n;\n" \
    "    }\n" \
    "    void resize(unsigned long n, const T &v)\n" \
    "    {\n" \
    "        _grow(n);\n" \
    "        for (unsigned long i = _n; i < n; i++)\n" \
    "            _d[i] = v;\n" \
    "        _n = n;\n" \
    "    }\n" \
    "    void assign(unsigned long n, const T &v)\n" \
    "    {\n" \
    "        _n = 0;\n" \
    "        resize(n, v);\n" \
    "    }\n" \
    "    void clear() { _n = 0; }\n"

/* std::generate and generate_n, which Thrust's are too (lang/stl_algorithm.c,
 * lang/thrust_more.c) */
#define K_TEXT_GENERATE                                                                  \
    "template <typename I, typename G> inline void generate(I first, I last, G gen)\n"   \
    "{\n"                                                                                \
    "    for (; first != last; ++first)\n"                                              \
    "        *first = gen();\n"                                                          \
    "}\n"                                                                                \
    "template <typename I, typename G> inline I generate_n(I first, long n, G gen)\n"     \
    "{\n"                                                                                \
    "    for (long i = 0; i < n; i++, ++first)\n"                                       \
    "        *first = gen();\n"                                                          \
    "    return first;\n"                                                                \
    "}\n"

/* copy_if (a predicate of the element) and copy_n, std's and Thrust's alike
 * (lang/stl_algorithm_more.c, lang/thrust_compact.c, lang/thrust_algorithm.c) */
#define K_TEXT_COPY_IF                                                                   \
    "template <typename I, typename O, typename P> inline O copy_if(I first, I last, O out, P pred)\n" \
    "{\n"                                                                                \
    "    for (; first != last; ++first)\n"                                              \
    "        if (pred(*first)) {\n"                                                     \
    "            *out = *first;\n"                                                      \
    "            ++out;\n"                                                              \
    "        }\n"                                                                        \
    "    return out;\n"                                                                  \
    "}\n"
#define K_TEXT_COPY_N                                                                    \
    "template <typename I, typename O> inline O copy_n(I first, long n, O out)\n"        \
    "{\n"                                                                                \
    "    for (long i = 0; i < n; i++, ++first, ++out)\n"                                \
    "        *out = *first;\n"                                                          \
    "    return out;\n"                                                                  \
    "}\n"

/* find_if_not and is_sorted_until with a comparator, std's and Thrust's alike
 * (lang/stl_algorithm_more.c, lang/thrust_algorithm.c, lang/thrust_more.c) */
#define K_TEXT_FIND_IF_NOT                                                               \
    "template <typename I, typename P> inline I find_if_not(I first, I last, P pred)\n"   \
    "{\n"                                                                                \
    "    for (; first != last; ++first)\n"                                              \
    "        if (!pred(*first))\n"                                                      \
    "            break;\n"                                                               \
    "    return first;\n"                                                                \
    "}\n"
#define K_TEXT_IS_SORTED_UNTIL                                                           \
    "// the first element out of order by comp, or last\n"                              \
    "template <typename I, typename C> inline I is_sorted_until(I first, I last, C comp)\n" \
    "{\n"                                                                                \
    "    if (first == last)\n"                                                          \
    "        return last;\n"                                                            \
    "    I next = first;\n"                                                             \
    "    for (++next; next != last; ++first, ++next)\n"                                 \
    "        if (comp(*next, *first))\n"                                                \
    "            return next;\n"                                                        \
    "    return last;\n"                                                                \
    "}\n"

/* swap() of the containers kept in one array _d of _n elements and _cap
 * places (std::set, std::map and their multi forms): S is the class */
#define K_TEXT_ARRAY_SWAP(S)                                                             \
    "    void swap(" S " &o)\n"                                                         \
    "    {\n"                                                                            \
    "        auto d = _d;\n"                                                             \
    "        unsigned long n = _n, c = _cap;\n"                                         \
    "        _d = o._d;\n"                                                               \
    "        _n = o._n;\n"                                                               \
    "        _cap = o._cap;\n"                                                           \
    "        o._d = d;\n"                                                                \
    "        o._n = n;\n"                                                                \
    "        o._cap = c;\n"                                                              \
    "    }\n"

/* `std::set<T> s = {a, b, c}`, `std::map<K, V> m = {{k, v}, ...}`:
 * lang/class_ctors.c passes the list as an array of E and its length to
 * the constructor whose last parameter is named __init_list, which inserts
 * each element as insert() does (S is the class) */
#define K_TEXT_INIT_LIST_INSERTS(S, E)                                                   \
    "    " S "(const " E " *p, unsigned long n, int __init_list)\n"                     \
    "    {\n"                                                                            \
    "        _d = 0;\n"                                                                  \
    "        _n = 0;\n"                                                                  \
    "        _cap = 0;\n"                                                                \
    "        for (unsigned long i = 0; i < n; i++)\n"                                   \
    "            this->insert(p[i]);\n"                                                  \
    "    }\n"

/* The binary searches of the containers kept sorted in one array _d of _n
 * elements (std::set, std::map and their multi forms): _lower is the first
 * element whose key (the element, or KEY of it: ".first") is not less than
 * k (std::lower_bound), _upper the first greater than k (std::upper_bound),
 * _at_key whether element i has key k; KT is the key's type */
#define K_TEXT_SORTED_SEARCH(KT, KEY)                                                    \
    "    unsigned long _lower(const " KT " &k) const\n"                                   \
    "    {\n"                                                                            \
    "        unsigned long lo = 0, hi = _n;\n"                                           \
    "        while (lo < hi) {\n"                                                        \
    "            unsigned long mid = lo + (hi - lo) / 2;\n"                              \
    "            if (_d[mid]" KEY " < k)\n"                                              \
    "                lo = mid + 1;\n"                                                    \
    "            else\n"                                                                 \
    "                hi = mid;\n"                                                        \
    "        }\n"                                                                        \
    "        return lo;\n"                                                               \
    "    }\n"                                                                            \
    "    unsigned long _upper(const " KT " &k) const\n"                                   \
    "    {\n"                                                                            \
    "        unsigned long lo = 0, hi = _n;\n"                                           \
    "        while (lo < hi) {\n"                                                        \
    "            unsigned long mid = lo + (hi - lo) / 2;\n"                              \
    "            if (k < _d[mid]" KEY ")\n"                                              \
    "                hi = mid;\n"                                                        \
    "            else\n"                                                                 \
    "                lo = mid + 1;\n"                                                    \
    "        }\n"                                                                        \
    "        return lo;\n"                                                               \
    "    }\n"                                                                            \
    "    bool _at_key(unsigned long i, const " KT " &k) const { return i < _n && !(k < _d[i]" KEY "); }\n"

#endif
