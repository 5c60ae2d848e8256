/* lang/stl_map.c -- the text of <map> as simtvm builds it in, written in K
 * (SPEC 2.8): std::map<K, V> and std::multimap<K, V> keep their elements,
 * std::pair<K, V>, in an array sorted by key (operator< of K, as
 * std::less), so iteration is in key order as in C++; lookup is a binary
 * search and an insertion moves the elements after it.  A multimap puts an
 * element after those with an equal key (libstdc++'s _M_insert_equal goes
 * to the upper bound), so equal keys keep their insertion order.  Iterators are pointers into the array: `it->first`,
 * `++it`, `it != m.end()` and range-for work as in C++, but unlike a
 * red-black tree's an insertion or erasure moves the elements, so an
 * iterator held across one no longer points where it did (doc/cxx-library.md
 * says so). */
#include "stl.h"

/* The members std::map and std::multimap share (`S` is the class's name);
 * each class adds its own insert(), emplace() and count(), then the
 * constructors that call insert() (K finds a member only after its
 * declaration in a member function's body). */
#define MAP_SHARED(S) \
    "    typedef K key_type;\n" \
    "    typedef V mapped_type;\n" \
    "    typedef pair<K, V> value_type;\n" \
    "    typedef pair<K, V> *iterator;\n" \
    "    typedef const pair<K, V> *const_iterator;\n" \
    "    typedef unsigned long size_type;\n" \
    "    typedef long difference_type;\n" \
    "    pair<K, V> *_d;\n" \
    "    unsigned long _n;\n" \
    "    unsigned long _cap;\n" \
    "    " S "() { _d = 0; _n = 0; _cap = 0; }\n" \
    "    " S "(const " S " &o)\n" \
    "    {\n" \
    "        _d = 0;\n" \
    "        _n = 0;\n" \
    "        _cap = 0;\n" \
    "        _copy(o);\n" \
    "    }\n" \
    "    ~" S "() { free(_d); }\n" \
    "    " S " &operator=(const " S " &o)\n" \
    "    {\n" \
    "        if (this != &o) {\n" \
    "            _n = 0;\n" \
    "            _copy(o);\n" \
    "        }\n" \
    "        return *this;\n" \
    "    }\n" \
    "    // Elements move by their bytes (a relocation: the old place is not\n" \
    "    // used again) and are copied member by member, each by its own\n" \
    "    // operator= into zeroed memory (a std::string key gets its own buffer).\n" \
    "    void _copy(const " S " &o)\n" \
    "    {\n" \
    "        _grow(o._n);\n" \
    "        memset((void *)_d, 0, o._n * sizeof(pair<K, V>));\n" \
    "        for (unsigned long i = 0; i < o._n; i++) {\n" \
    "            _d[i].first = o._d[i].first;\n" \
    "            _d[i].second = o._d[i].second;\n" \
    "        }\n" \
    "        _n = o._n;\n" \
    "    }\n" \
    "    void _grow(unsigned long n)\n" \
    "    {\n" \
    "        if (n <= _cap)\n" \
    "            return;\n" \
    "        unsigned long c = 2 * _cap > n ? 2 * _cap : n;\n" \
    "        pair<K, V> *q = (pair<K, V> *)std::__simtvm_allocated(calloc(c, sizeof(pair<K, V>)));\n" \
    "        if (_n)\n" \
    "            memcpy((void *)q, (void *)_d, _n * sizeof(pair<K, V>));\n" \
    "        free(_d);\n" \
    "        _d = q;\n" \
    "        _cap = c;\n" \
    "    }\n" \
    K_TEXT_SORTED_SEARCH("K", ".first") \
    "    // a new element (k, v) at position i, the later ones moved up\n" \
    "    pair<K, V> *_insert_at(unsigned long i, const K &k, const V &v)\n" \
    "    {\n" \
    "        _grow(_n + 1);\n" \
    "        memmove((void *)(_d + i + 1), (void *)(_d + i), (_n - i) * sizeof(pair<K, V>));\n" \
    "        memset((void *)(_d + i), 0, sizeof(pair<K, V>));\n" \
    "        _d[i].first = k;\n" \
    "        _d[i].second = v;\n" \
    "        _n++;\n" \
    "        return &_d[i];\n" \
    "    }\n" \
    "    pair<K, V> *find(const K &k) const\n" \
    "    {\n" \
    "        unsigned long i = _lower(k);\n" \
    "        return _at_key(i, k) ? _d + i : _d + _n;\n" \
    "    }\n" \
    "    bool contains(const K &k) const { return _at_key(_lower(k), k); }\n" \
    "    pair<K, V> *lower_bound(const K &k) const { return _d + _lower(k); }\n" \
    "    pair<K, V> *upper_bound(const K &k) const { return _d + _upper(k); }\n" \
    "    pair<pair<K, V> *, pair<K, V> *> equal_range(const K &k) const\n" \
    "    {\n" \
    "        return pair<pair<K, V> *, pair<K, V> *>(_d + _lower(k), _d + _upper(k));\n" \
    "    }\n" \
    "    // erase(it), erase(first, last): the element after them (now at their place)\n" \
    "    pair<K, V> *erase(pair<K, V> *first, pair<K, V> *last)\n" \
    "    {\n" \
    "        unsigned long i = (unsigned long)(first - _d), j = (unsigned long)(last - _d);\n" \
    "        memmove((void *)(_d + i), (void *)(_d + j), (_n - j) * sizeof(pair<K, V>));\n" \
    "        _n -= j - i;\n" \
    "        memset((void *)(_d + _n), 0, (j - i) * sizeof(pair<K, V>));\n" \
    "        return _d + i;\n" \
    "    }\n" \
    "    pair<K, V> *erase(pair<K, V> *it) { return erase(it, it + 1); }\n" \
    "    // erase(k): every element with key k; how many there were\n" \
    "    unsigned long erase(const K &k)\n" \
    "    {\n" \
    "        unsigned long i = _lower(k), j = _upper(k);\n" \
    "        erase(_d + i, _d + j);\n" \
    "        return j - i;\n" \
    "    }\n" \
    "    pair<K, V> *begin() const { return _d; }\n" \
    "    pair<K, V> *end() const { return _d + _n; }\n" \
    "    const pair<K, V> *cbegin() const { return _d; }\n" \
    "    const pair<K, V> *cend() const { return _d + _n; }\n" \
    K_REVERSE_MEMBERS("pair<K, V>", "_d", "_d + _n") \
    "    unsigned long size() const { return _n; }\n" \
    "    bool empty() const { return _n == 0; }\n" \
    "    void clear() { _n = 0; }\n" \
    K_TEXT_ARRAY_SWAP(S) \
    ""

#define MAP_INSERTING(S) \
    "    template <typename I> " S "(I first, I last)\n" \
    "    {\n" \
    "        _d = 0;\n" \
    "        _n = 0;\n" \
    "        _cap = 0;\n" \
    "        for (; first != last; ++first)\n" \
    "            this->insert(*first);\n" \
    "    }\n" \
    K_TEXT_INIT_LIST_INSERTS(S, "pair<K, V>") \
    ""

static const char TEXT_MAP[] =
    "// <map> as simtvm builds it in, written in K (SPEC 2.8): sorted arrays\n"
    "// of pairs (lang/stl_map.c)\n"
    "#pragma once\n"
    "#include <stdlib.h>\n"
    "#include <stdio.h>\n"
    "#include <string.h>\n"
    "#include <simtvm/iterator_funcs.h>\n"
    K_TEXT_BAD_ALLOC
    "namespace std {\n"
    "template <typename K, typename V> struct map {\n"
    MAP_SHARED("map")
    "    V &operator[](const K &k)\n"
    "    {\n"
    "        unsigned long i = _lower(k);\n"
    "        if (!_at_key(i, k)) {\n"
    "            V v = V();\n"
    "            _insert_at(i, k, v);\n"
    "        }\n"
    "        return _d[i].second;\n"
    "    }\n"
    "    V &at(const K &k) const\n"
    "    {\n"
    "        unsigned long i = _lower(k);\n"
    "        if (!_at_key(i, k)) {\n"
    "            fprintf(stderr, \"terminate called after throwing an instance of 'std::out_of_range'\\n\"\n"
    "                    \"  what():  map::at\\n\");\n"
    "            abort();\n"
    "        }\n"
    "        return _d[i].second;\n"
    "    }\n"
    "    unsigned long count(const K &k) const { return _at_key(_lower(k), k) ? 1 : 0; }\n"
    "    // insert(pair): (where, whether it was inserted); an existing key keeps its value\n"
    "    pair<pair<K, V> *, bool> insert(const pair<K, V> &p)\n"
    "    {\n"
    "        unsigned long i = _lower(p.first);\n"
    "        if (_at_key(i, p.first))\n"
    "            return pair<pair<K, V> *, bool>(_d + i, false);\n"
    "        return pair<pair<K, V> *, bool>(_insert_at(i, p.first, p.second), true);\n"
    "    }\n"
    "    pair<pair<K, V> *, bool> emplace(const K &k, const V &v) { return this->insert(pair<K, V>(k, v)); }\n"
    "    pair<pair<K, V> *, bool> insert_or_assign(const K &k, const V &v)\n"
    "    {\n"
    "        unsigned long i = _lower(k);\n"
    "        if (_at_key(i, k)) {\n"
    "            _d[i].second = v;\n"
    "            return pair<pair<K, V> *, bool>(_d + i, false);\n"
    "        }\n"
    "        return pair<pair<K, V> *, bool>(_insert_at(i, k, v), true);\n"
    "    }\n"
    MAP_INSERTING("map")
    "};\n"
    "template <typename K, typename V> struct multimap {\n"
    MAP_SHARED("multimap")
    "    unsigned long count(const K &k) const { return _upper(k) - _lower(k); }\n"
    "    // insert(pair): after the elements of an equal key, as libstdc++'s _M_insert_equal\n"
    "    pair<K, V> *insert(const pair<K, V> &p) { return _insert_at(_upper(p.first), p.first, p.second); }\n"
    "    pair<K, V> *emplace(const K &k, const V &v) { return _insert_at(_upper(k), k, v); }\n"
    MAP_INSERTING("multimap")
    "};\n"
    "}\n";

const char *k_stl_map_text(void)
{
    return TEXT_MAP;
}
