/* lang/stl_set.c -- the text of <set> as simtvm builds it in, written in K
 * (SPEC 2.8): std::set<T> and std::multiset<T> keep their elements in an
 * array sorted by operator< (std::less), as std::map does (lang/stl_map.c),
 * so iteration is in order as in C++; lookup is a binary search and an
 * insertion moves the elements after it.  A multiset puts an element equal
 * to others after them (libstdc++'s _M_insert_equal goes to the upper
 * bound), so equal elements keep the order they were inserted in.
 * Iterators are pointers to const T (a set's elements cannot be changed in
 * place, as in C++); an iterator held across an insertion or erasure no
 * longer points where it did (doc/cxx-library.md says so).  Elements are
 * built in place (new (p) T(v)), destroyed when erased, and moved by their
 * bytes when the array grows or shifts. */
#include "stl.h"

/* The members std::set and std::multiset share (`S` is the class's name):
 * the storage and lookups first, then each class's insert() and count(),
 * then the members that call insert() (through this->, which finds it from
 * inside a member template too). */
#define SET_STORAGE(S) \
    "    typedef T key_type;\n" \
    "    typedef T value_type;\n" \
    "    typedef const T *iterator;\n" \
    "    typedef const T *const_iterator;\n" \
    "    typedef unsigned long size_type;\n" \
    "    typedef long difference_type;\n" \
    "    typedef const T &reference;\n" \
    "    typedef const T &const_reference;\n" \
    "    T *_d;\n" \
    "    unsigned long _n;\n" \
    "    unsigned long _cap;\n" \
    "    void _grow(unsigned long n)\n" \
    "    {\n" \
    "        if (n <= _cap)\n" \
    "            return;\n" \
    "        unsigned long c = 2 * _cap > n ? 2 * _cap : n;\n" \
    "        T *q = (T *)std::__simtvm_allocated(malloc(c * sizeof(T)));\n" \
    "        if (_n)\n" \
    "            memcpy((void *)q, (void *)_d, _n * sizeof(T));\n" \
    "        free(_d);\n" \
    "        _d = q;\n" \
    "        _cap = c;\n" \
    "    }\n" \
    K_TEXT_SORTED_SEARCH("T", "") \
    "    // a copy of v at position i, the later elements moved up (v copied\n" \
    "    // first when it is an element: the array moves)\n" \
    "    const T *_insert_at(unsigned long i, const T &v)\n" \
    "    {\n" \
    "        if (&v >= _d && &v < _d + _n) {\n" \
    "            T tmp(v);\n" \
    "            return _insert_at(i, tmp);\n" \
    "        }\n" \
    "        _grow(_n + 1);\n" \
    "        memmove((void *)(_d + i + 1), (void *)(_d + i), (_n - i) * sizeof(T));\n" \
    "        new (_d + i) T(v);\n" \
    "        _n++;\n" \
    "        return _d + i;\n" \
    "    }\n" \
    ""
/* ... and after insert(): construction, copies, erasure, iteration. */
#define SET_MEMBERS(S) \
    "    " S "() { _d = 0; _n = 0; _cap = 0; }\n" \
    "    " S "(const " S " &o) { _d = 0; _n = 0; _cap = 0; _copy(o); }\n" \
    K_TEXT_INIT_LIST_INSERTS(S, "T") \
    "    template <typename I> " S "(I first, I last)\n" \
    "    {\n" \
    "        _d = 0;\n" \
    "        _n = 0;\n" \
    "        _cap = 0;\n" \
    "        this->insert(first, last);\n" \
    "    }\n" \
    "    ~" S "()\n" \
    "    {\n" \
    "        clear();\n" \
    "        free(_d);\n" \
    "    }\n" \
    "    " S " &operator=(const " S " &o)\n" \
    "    {\n" \
    "        if (this != &o) {\n" \
    "            clear();\n" \
    "            _copy(o);\n" \
    "        }\n" \
    "        return *this;\n" \
    "    }\n" \
    "    void _copy(const " S " &o)\n" \
    "    {\n" \
    "        _grow(o._n);\n" \
    "        for (unsigned long i = 0; i < o._n; i++)\n" \
    "            new (_d + i) T(o._d[i]);\n" \
    "        _n = o._n;\n" \
    "    }\n" \
    "    template <typename I> void insert(I first, I last)\n" \
    "    {\n" \
    "        for (; first != last; ++first)\n" \
    "            this->insert(*first);\n" \
    "    }\n" \
    "    const T *find(const T &k) const\n" \
    "    {\n" \
    "        unsigned long i = _lower(k);\n" \
    "        return _at_key(i, k) ? _d + i : _d + _n;\n" \
    "    }\n" \
    "    bool contains(const T &k) const { return _at_key(_lower(k), k); }\n" \
    "    const T *lower_bound(const T &k) const { return _d + _lower(k); }\n" \
    "    const T *upper_bound(const T &k) const { return _d + _upper(k); }\n" \
    "    pair<const T *, const T *> equal_range(const T &k) const\n" \
    "    {\n" \
    "        return pair<const T *, const T *>(_d + _lower(k), _d + _upper(k));\n" \
    "    }\n" \
    "    // erase(it): the element after it (now at it's place); end() or an\n" \
    "    // iterator of another container ends the program (undefined in C++)\n" \
    "    const T *erase(const T *it)\n" \
    "    {\n" \
    "        if (it < _d || it >= _d + _n) {\n" \
    "            fprintf(stderr, \"std::" S "::erase: the iterator is end() or not this " S "'s\\n\");\n" \
    "            abort();\n" \
    "        }\n" \
    "        return erase(it, it + 1);\n" \
    "    }\n" \
    "    const T *erase(const T *first, const T *last)\n" \
    "    {\n" \
    "        unsigned long i = (unsigned long)(first - _d), j = (unsigned long)(last - _d);\n" \
    "        for (unsigned long k = i; k < j; k++)\n" \
    "            _d[k].~T();\n" \
    "        memmove((void *)(_d + i), (void *)(_d + j), (_n - j) * sizeof(T));\n" \
    "        _n -= j - i;\n" \
    "        return _d + i;\n" \
    "    }\n" \
    "    unsigned long erase(const T &k)\n" \
    "    {\n" \
    "        unsigned long i = _lower(k), j = _upper(k);\n" \
    "        erase(_d + i, _d + j);\n" \
    "        return j - i;\n" \
    "    }\n" \
    "    const T *begin() const { return _d; }\n" \
    "    const T *end() const { return _d + _n; }\n" \
    "    const T *cbegin() const { return _d; }\n" \
    "    const T *cend() const { return _d + _n; }\n" \
    K_REVERSE_MEMBERS_OF("const T", "const T", "_d", "_d + _n") \
    "    unsigned long size() const { return _n; }\n" \
    "    unsigned long max_size() const { return 0x7fffffffffffffffUL / sizeof(T); }\n" \
    "    bool empty() const { return _n == 0; }\n" \
    "    void clear() { erase(_d, _d + _n); }\n" \
    K_TEXT_ARRAY_SWAP(S)

/* == and < of two sets or multisets: element by element, as
 * std::equal and std::lexicographical_compare do. */
#define SET_COMPARE(S) \
    "template <typename T> inline bool operator==(const " S "<T> &a, const " S "<T> &b)\n" \
    "{\n" \
    "    if (a._n != b._n)\n" \
    "        return false;\n" \
    "    for (unsigned long i = 0; i < a._n; i++)\n" \
    "        if (!(a._d[i] == b._d[i]))\n" \
    "            return false;\n" \
    "    return true;\n" \
    "}\n" \
    "template <typename T> inline bool operator!=(const " S "<T> &a, const " S "<T> &b) { return !(a == b); }\n" \
    "template <typename T> inline bool operator<(const " S "<T> &a, const " S "<T> &b)\n" \
    "{\n" \
    "    for (unsigned long i = 0; i < a._n && i < b._n; i++) {\n" \
    "        if (a._d[i] < b._d[i])\n" \
    "            return true;\n" \
    "        if (b._d[i] < a._d[i])\n" \
    "            return false;\n" \
    "    }\n" \
    "    return a._n < b._n;\n" \
    "}\n" \
    "template <typename T> inline bool operator>(const " S "<T> &a, const " S "<T> &b) { return b < a; }\n" \
    "template <typename T> inline bool operator<=(const " S "<T> &a, const " S "<T> &b) { return !(b < a); }\n" \
    "template <typename T> inline bool operator>=(const " S "<T> &a, const " S "<T> &b) { return !(a < b); }\n"

static const char TEXT_SET[] =
    "// <set> as simtvm builds it in, written in K (SPEC 2.8): sorted arrays\n"
    "// (lang/stl_set.c)\n"
    "#pragma once\n"
    "#include <stdlib.h>\n"
    "#include <stdio.h>\n"
    "#include <string.h>\n"
    "#include <simtvm/iterator_funcs.h>\n"
    K_TEXT_BAD_ALLOC
    "namespace std {\n"
    "template <typename T> struct set {\n"
    SET_STORAGE("set")
    "    // insert(v): (where, whether it was inserted); an element equal to v\n"
    "    // keeps its place\n"
    "    pair<const T *, bool> insert(const T &v)\n"
    "    {\n"
    "        unsigned long i = _lower(v);\n"
    "        if (_at_key(i, v))\n"
    "            return pair<const T *, bool>(_d + i, false);\n"
    "        return pair<const T *, bool>(_insert_at(i, v), true);\n"
    "    }\n"
    "    pair<const T *, bool> emplace(const T &v) { return this->insert(v); }\n"
    "    unsigned long count(const T &k) const { return _at_key(_lower(k), k) ? 1 : 0; }\n"
    SET_MEMBERS("set")
    "};\n"
    "template <typename T> struct multiset {\n"
    SET_STORAGE("multiset")
    "    // insert(v): after the elements equal to v, as libstdc++'s _M_insert_equal\n"
    "    const T *insert(const T &v) { return _insert_at(_upper(v), v); }\n"
    "    const T *emplace(const T &v) { return this->insert(v); }\n"
    "    unsigned long count(const T &k) const { return _upper(k) - _lower(k); }\n"
    SET_MEMBERS("multiset")
    "};\n"
    SET_COMPARE("set")
    SET_COMPARE("multiset")
    "}\n";

const char *k_stl_set_text(void)
{
    return TEXT_SET;
}
