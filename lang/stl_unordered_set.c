/* lang/stl_unordered_set.c -- the texts of <unordered_set> and
 * <unordered_map> as simtvm builds them in, written in K:
 * std::unordered_set<T, H>, std::unordered_multiset<T, H>,
 * std::unordered_map<K, V, H>, std::unordered_multimap<K, V, H> and
 * std::hash.  One hash table serves all four (the USET_ macros): a map's
 * element is std::pair<K, V>, its key .first.  Programs print these sets in their iteration order, which
 * C++ leaves to the library: simtvm reproduces libstdc++'s (g++ on x86-64),
 * measured against it, not its code.  That order is one singly linked list
 * whose nodes of one bucket are adjacent: a node joins the front of its
 * bucket's run, or the front of the list when its bucket was empty; a
 * multiset's node goes just before the first equal one.  The buckets are
 * hash % count, the count grows 1, 13, 29, 59, 127, ... (g++'s primes, each the
 * first of its list at least twice the last) when the size would pass it
 * (max load factor 1), and growing relinks the list in its order as
 * libstdc++ does.  std::hash of an integer is its value, of a double, float
 * or std::string the 64-bit MurmurHash2 variant of libstdc++'s _Hash_bytes
 * (seed 0xc70f6907; +-0.0 hash to 0).  Nodes live in arrays indexed from 1
 * (0 is the list's head); an iterator is a node's index, kept valid by
 * growth, as C++'s are; reserve() and rehash() pick from the growth list, so
 * after them the bucket count (and order) can differ from libstdc++'s. */
#include "stl.h"

static const char TEXT_HASH[] =
    "// std::hash as simtvm builds it in (lang/stl_unordered_set.c)\n"
    "#pragma once\n"
    "namespace std {\n"
    "inline unsigned long __simtvm_shift_mix(unsigned long v) { return v ^ (v >> 47); }\n"
    "inline unsigned long __simtvm_hash_bytes(const void *p, unsigned long len, unsigned long seed)\n"
    "{\n"
    "    const unsigned long mul = (0xc6a4a793UL << 32) + 0x5bd1e995UL;\n"
    "    const unsigned char *b = (const unsigned char *)p;\n"
    "    unsigned long h = seed ^ (len * mul), whole = len & ~7UL;\n"
    "    for (unsigned long i = 0; i < whole; i += 8) {\n"
    "        unsigned long d = 0;\n"
    "        for (int k = 7; k >= 0; k--)\n"
    "            d = (d << 8) + b[i + k];\n"
    "        h ^= __simtvm_shift_mix(d * mul) * mul;\n"
    "        h *= mul;\n"
    "    }\n"
    "    if (len & 7) {\n"
    "        unsigned long d = 0;\n"
    "        for (long k = (long)(len & 7) - 1; k >= 0; k--)\n"
    "            d = (d << 8) + b[whole + k];\n"
    "        h ^= d;\n"
    "        h *= mul;\n"
    "    }\n"
    "    h = __simtvm_shift_mix(h) * mul;\n"
    "    return __simtvm_shift_mix(h);\n"
    "}\n"
    "/* an unordered container's iterator: a node's index (P: const T in a set) */\n"
    "template <typename T, typename P = const T> struct __simtvm_hash_iter {\n"
    "    P *_v;\n"
    "    const long *_nx;\n"
    "    long _i;\n"
    "    __simtvm_hash_iter() : _v(0), _nx(0), _i(-1) {}\n"
    "    __simtvm_hash_iter(P *v, const long *nx, long i) : _v(v), _nx(nx), _i(i) {}\n"
    "    P &operator*() const { return _v[_i]; }\n"
    "    P *operator->() const { return _v + _i; }\n"
    "    __simtvm_hash_iter &operator++() { _i = _nx[_i]; return *this; }\n"
    "    __simtvm_hash_iter operator++(int) { __simtvm_hash_iter t = *this; _i = _nx[_i]; return t; }\n"
    "    bool operator==(const __simtvm_hash_iter &o) const { return _i == o._i; }\n"
    "    bool operator!=(const __simtvm_hash_iter &o) const { return _i != o._i; }\n"
    "};\n"
    "template <typename T> struct hash {\n"
    "    unsigned long operator()(const T &v) const { return (unsigned long)v; }\n"
    "};\n"
    "template <> struct hash<double> {\n"
    "    unsigned long operator()(double v) const\n"
    "    {\n"
    "        return v == 0.0 ? 0 : std::__simtvm_hash_bytes(&v, sizeof v, 0xc70f6907UL);\n"
    "    }\n"
    "};\n"
    "template <> struct hash<float> {\n"
    "    unsigned long operator()(float v) const\n"
    "    {\n"
    "        return v == 0.0f ? 0 : std::__simtvm_hash_bytes(&v, sizeof v, 0xc70f6907UL);\n"
    "    }\n"
    "};\n"
    "template <> struct hash<string> {\n"
    "    unsigned long operator()(const string &s) const\n"
    "    {\n"
    "        return std::__simtvm_hash_bytes(s.data(), s.size(), 0xc70f6907UL);\n"
    "    }\n"
    "};\n"
    "}\n";

/* The members both classes share (S: the class's name): node storage, the
 * bucket array, growth and lookup; then iteration, erasure and the rest. */
#define USET_STORAGE(S, KEY) \
    "    typedef H hasher;\n" \
    "    typedef unsigned long size_type;\n" \
    "    T *_v;                   /* the elements, by node (1...) */\n" \
    "    long *_nx;               /* the next node, -1 at the end; _nx[0] is the first */\n" \
    "    unsigned long *_hc;      /* each node's hash */\n" \
    "    long *_bk;               /* the node before each bucket's first, -1 if empty */\n" \
    "    unsigned long _nb, _grow_at, _n, _cap, _used;   /* _used: nodes ever made, + 1 */\n" \
    "    long _free;              /* erased nodes, chained through _nx */\n" \
    "    /* A new bucket table of count empty buckets, for _relink */\n" \
    "    static long *_new_table(unsigned long count)\n" \
    "    {\n" \
    "        long *bk = (long *)std::__simtvm_allocated(malloc(count * sizeof(long)));\n" \
    "        for (unsigned long b = 0; b < count; b++)\n" \
    "            bk[b] = -1;\n" \
    "        return bk;\n" \
    "    }\n" \
    "    /* _relink's step (libstdc++'s): node p to the front of bucket b's run\n" \
    "       in the new table, or of the list when b has none yet */\n" \
    "    void _relink_node(long *bk, long p, unsigned long b, unsigned long &first_bucket)\n" \
    "    {\n" \
    "        if (bk[b] == -1) {\n" \
    "            _nx[p] = _nx[0];\n" \
    "            _nx[0] = p;\n" \
    "            bk[b] = 0;\n" \
    "            if (_nx[p] != -1)\n" \
    "                bk[first_bucket] = p;\n" \
    "            first_bucket = b;\n" \
    "        } else {\n" \
    "            _nx[p] = _nx[bk[b]];\n" \
    "            _nx[bk[b]] = p;\n" \
    "        }\n" \
    "    }\n" \
    "    void _use_table(long *bk, unsigned long count)\n" \
    "    {\n" \
    "        free(_bk);\n" \
    "        _bk = bk;\n" \
    "        _nb = count;\n" \
    "        _grow_at = count;\n" \
    "    }\n" \
    "    void _init()\n" \
    "    {\n" \
    "        _v = 0;\n" \
    "        _hc = 0;\n" \
    "        _nx = (long *)std::__simtvm_allocated(malloc(sizeof(long)));\n" \
    "        _nx[0] = -1;\n" \
    "        _bk = (long *)std::__simtvm_allocated(malloc(sizeof(long)));\n" \
    "        _bk[0] = -1;\n" \
    "        _nb = 1;\n" \
    "        _grow_at = 0;\n" \
    "        _n = 0;\n" \
    "        _cap = 0;\n" \
    "        _used = 1;\n" \
    "        _free = -1;\n" \
    "    }\n" \
    "    long _node()\n" \
    "    {\n" \
    "        if (_free >= 0) {\n" \
    "            long i = _free;\n" \
    "            _free = _nx[i];\n" \
    "            return i;\n" \
    "        }\n" \
    "        if (_used >= _cap) {\n" \
    "            unsigned long c = _cap < 8 ? 16 : 2 * _cap;\n" \
    "            T *v = (T *)std::__simtvm_allocated(malloc(c * sizeof(T)));\n" \
    "            long *nx = (long *)std::__simtvm_allocated(malloc(c * sizeof(long)));\n" \
    "            unsigned long *hc = (unsigned long *)std::__simtvm_allocated(malloc(c * sizeof(unsigned long)));\n" \
    "            nx[0] = _nx[0];\n" \
    "            if (_cap) {\n" \
    "                memcpy((void *)v, (void *)_v, _cap * sizeof(T));\n" \
    "                memcpy((void *)nx, (void *)_nx, _cap * sizeof(long));\n" \
    "                memcpy((void *)hc, (void *)_hc, _cap * sizeof(unsigned long));\n" \
    "            }\n" \
    "            free(_v);\n" \
    "            free(_nx);\n" \
    "            free(_hc);\n" \
    "            _v = v;\n" \
    "            _nx = nx;\n" \
    "            _hc = hc;\n" \
    "            _cap = c;\n" \
    "        }\n" \
    "        return (long)_used++;\n" \
    "    }\n" \
    "    unsigned long _bucket(long i) const { return _hc[i] % _nb; }\n" \
    "    /* g++'s bucket counts as a set grows: each the first of its primes at\n" \
    "       least twice the last */\n" \
    "    unsigned long _next_count(unsigned long want)\n" \
    "    {\n" \
    "        const unsigned long counts[] = {13, 29, 59, 127, 257, 541, 1109, 2357, 5087,\n" \
    "            10273, 20753, 42043, 85229, 172933, 351061, 712697, 1447153, 2938679, 5967347,\n" \
    "            12117689, 24607243, 49969847, 101473717, 206062531, 418429579, 849721717};\n" \
    "        for (int i = 0; i < 26; i++)\n" \
    "            if (counts[i] >= want)\n" \
    "                return counts[i];\n" \
    "        return want | 1;\n" \
    "    }\n" \
    "    /* before adding one node, as libstdc++'s prime rehash policy (load 1) */\n" \
    "    void _reserve_one()\n" \
    "    {\n" \
    "        if (_n + 1 <= _grow_at)\n" \
    "            return;\n" \
    "        unsigned long need = _n + 1 > (_grow_at ? 0UL : 11UL) ? _n + 1 : 11UL;\n" \
    "        if (need >= _nb) {\n" \
    "            unsigned long want = need + 1 > 2 * _nb ? need + 1 : 2 * _nb;\n" \
    "            _relink(_next_count(want));\n" \
    "        } else {\n" \
    "            _grow_at = _nb;\n" \
    "        }\n" \
    "    }\n" \
    "    /* node x at the front of bucket b's run, or of the list if b is empty */\n" \
    "    void _link_front(long x, unsigned long b)\n" \
    "    {\n" \
    "        if (_bk[b] != -1) {\n" \
    "            _nx[x] = _nx[_bk[b]];\n" \
    "            _nx[_bk[b]] = x;\n" \
    "            return;\n" \
    "        }\n" \
    "        _nx[x] = _nx[0];\n" \
    "        _nx[0] = x;\n" \
    "        if (_nx[x] != -1)\n" \
    "            _bk[_bucket(_nx[x])] = x;\n" \
    "        _bk[b] = 0;\n" \
    "    }\n" \
    "    /* the node before the first one equal to k in its bucket, or -1 */\n" \
    "    long _before(const key_type &k, unsigned long h) const\n" \
    "    {\n" \
    "        unsigned long b = h % _nb;\n" \
    "        long p = _bk[b];\n" \
    "        if (p == -1)\n" \
    "            return -1;\n" \
    "        for (long i = _nx[p]; i != -1 && _bucket(i) == b; p = i, i = _nx[i])\n" \
    "            if (_hc[i] == h && _v[i]" KEY " == k)\n" \
    "                return p;\n" \
    "        return -1;\n" \
    "    }\n" \
    "    long _find(const key_type &k) const\n" \
    "    {\n" \
    "        long p = _before(k, H()(k));\n" \
    "        return p == -1 ? -1 : _nx[p];\n" \
    "    }\n" \
    "    long _new_node(const T &v, unsigned long h)\n" \
    "    {\n" \
    "        long x = _node();\n" \
    "        new (_v + x) T(v);\n" \
    "        _hc[x] = h;\n" \
    "        return x;\n" \
    "    }\n"

/* The members that follow each class's insert() and _relink(). */
#define USET_MEMBERS(S, KEY) \
    "    " S "() { _init(); }\n" \
    "    explicit " S "(unsigned long buckets) { _init(); rehash(buckets); }\n" \
    "    " S "(const " S " &o) { _init(); _copy(o); }\n" \
    "    " S "(const T *p, unsigned long n, int __init_list)\n" \
    "    {\n" \
    "        _init();\n" \
    "        for (unsigned long i = 0; i < n; i++)\n" \
    "            this->insert(p[i]);\n" \
    "    }\n" \
    "    template <typename I> " S "(I first, I last)\n" \
    "    {\n" \
    "        _init();\n" \
    "        this->insert(first, last);\n" \
    "    }\n" \
    "    ~" S "()\n" \
    "    {\n" \
    "        clear();\n" \
    "        free(_v);\n" \
    "        free(_nx);\n" \
    "        free(_hc);\n" \
    "        free(_bk);\n" \
    "    }\n" \
    "    " S " &operator=(const " S " &o)\n" \
    "    {\n" \
    "        if (this != &o) {\n" \
    "            clear();\n" \
    "            _copy(o);\n" \
    "        }\n" \
    "        return *this;\n" \
    "    }\n" \
    "    /* a copy keeps the source's buckets and order, as libstdc++'s does */\n" \
    "    void _copy(const " S " &o)\n" \
    "    {\n" \
    "        if (o._nb != _nb)\n" \
    "            _relink(o._nb);\n" \
    "        _grow_at = o._grow_at;\n" \
    "        long last = 0;\n" \
    "        for (long i = o._nx[0]; i != -1; i = o._nx[i]) {\n" \
    "            long x = _new_node(o._v[i], o._hc[i]);\n" \
    "            _nx[x] = -1;\n" \
    "            _nx[last] = x;\n" \
    "            unsigned long b = _bucket(x);\n" \
    "            if (_bk[b] == -1)\n" \
    "                _bk[b] = last;\n" \
    "            last = x;\n" \
    "            _n++;\n" \
    "        }\n" \
    "    }\n" \
    "    template <typename I> void insert(I first, I last)\n" \
    "    {\n" \
    "        for (; first != last; ++first)\n" \
    "            this->insert(*first);\n" \
    "    }\n" \
    "    iterator begin() const { return iterator(_v, _nx, _nx[0]); }\n" \
    "    iterator end() const { return iterator(_v, _nx, -1); }\n" \
    "    iterator cbegin() const { return begin(); }\n" \
    "    iterator cend() const { return end(); }\n" \
    "    iterator find(const key_type &k) const { return iterator(_v, _nx, _find(k)); }\n" \
    "    bool contains(const key_type &k) const { return _find(k) != -1; }\n" \
    "    unsigned long size() const { return _n; }\n" \
    "    bool empty() const { return _n == 0; }\n" \
    "    unsigned long bucket_count() const { return _nb; }\n" \
    "    unsigned long bucket(const key_type &k) const { return H()(k) % _nb; }\n" \
    "    float load_factor() const { return (float)_n / (float)_nb; }\n" \
    "    float max_load_factor() const { return 1.0f; }\n" \
    "    void rehash(unsigned long n)\n" \
    "    {\n" \
    "        unsigned long c = _next_count(n > _n ? n : _n + 1);\n" \
    "        if (c != _nb)\n" \
    "            _relink(c);\n" \
    "    }\n" \
    "    void reserve(unsigned long n) { rehash(n); }\n" \
    "    /* node x out of the list, the bucket links kept as libstdc++ keeps them */\n" \
    "    void _unlink(long prev, long x)\n" \
    "    {\n" \
    "        unsigned long b = _bucket(x);\n" \
    "        long next = _nx[x];\n" \
    "        if (prev == _bk[b]) {\n" \
    "            if (next == -1 || _bucket(next) != b) {   /* the bucket empties */\n" \
    "                if (next != -1)\n" \
    "                    _bk[_bucket(next)] = _bk[b];\n" \
    "                _bk[b] = -1;\n" \
    "            }\n" \
    "        } else if (next != -1 && _bucket(next) != b) {\n" \
    "            _bk[_bucket(next)] = prev;\n" \
    "        }\n" \
    "        _nx[prev] = next;\n" \
    "        _v[x].~T();\n" \
    "        _nx[x] = _free;\n" \
    "        _free = x;\n" \
    "        _n--;\n" \
    "    }\n" \
    "    long _prev_of(long x) const\n" \
    "    {\n" \
    "        long p = _bk[_bucket(x)];\n" \
    "        while (_nx[p] != x)\n" \
    "            p = _nx[p];\n" \
    "        return p;\n" \
    "    }\n" \
    "    iterator erase(iterator it)\n" \
    "    {\n" \
    "        if (it._i < 1 || it._v != _v) {\n" \
    "            fprintf(stderr, \"std::" S "::erase: the iterator is end() or not this " S "'s\\n\");\n" \
    "            abort();\n" \
    "        }\n" \
    "        long next = _nx[it._i];\n" \
    "        _unlink(_prev_of(it._i), it._i);\n" \
    "        return iterator(_v, _nx, next);\n" \
    "    }\n" \
    "    unsigned long erase(const key_type &k)\n" \
    "    {\n" \
    "        unsigned long h = H()(k), gone = 0;\n" \
    "        long p = _before(k, h);\n" \
    "        if (p == -1)\n" \
    "            return 0;\n" \
    "        while (_nx[p] != -1 && _hc[_nx[p]] == h && _v[_nx[p]]" KEY " == k) {\n" \
    "            _unlink(p, _nx[p]);\n" \
    "            gone++;\n" \
    "        }\n" \
    "        return gone;\n" \
    "    }\n" \
    "    void clear()\n" \
    "    {\n" \
    "        for (long i = _nx[0]; i != -1; i = _nx[i])\n" \
    "            _v[i].~T();\n" \
    "        for (unsigned long b = 0; b < _nb; b++)\n" \
    "            _bk[b] = -1;\n" \
    "        _nx[0] = -1;\n" \
    "        _n = 0;\n" \
    "        _used = 1;\n" \
    "        _free = -1;\n" \
    "    }\n" \
    "    void swap(" S " &o)\n" \
    "    {\n" \
    "        char tmp[sizeof(" S ")];\n" \
    "        memcpy((void *)tmp, (void *)this, sizeof(" S "));\n" \
    "        memcpy((void *)this, (void *)&o, sizeof(" S "));\n" \
    "        memcpy((void *)&o, (void *)tmp, sizeof(" S "));\n" \
    "    }\n"

/* == of two sets: the same size and each element of one counted alike in the other */
#define USET_COMPARE(S) \
    "template <typename T, typename H> inline bool operator==(const " S "<T, H> &a, const " S "<T, H> &b)\n" \
    "{\n" \
    "    if (a.size() != b.size())\n" \
    "        return false;\n" \
    "    for (long i = a._nx[0]; i != -1; i = a._nx[i])\n" \
    "        if (a.count(a._v[i]) != b.count(a._v[i]))\n" \
    "            return false;\n" \
    "    return true;\n" \
    "}\n" \
    "template <typename T, typename H> inline bool operator!=(const " S "<T, H> &a, const " S "<T, H> &b)\n" \
    "{\n" \
    "    return !(a == b);\n" \
    "}\n"

/* A set's or map's members for unique keys (KEY: how an element names its
 * key, "" or ".first"). */
#define USET_UNIQUE(KEY) \
    "    /* libstdc++'s relinking for unique keys: each node, in list order, to\n" \
    "       the front of its new bucket's run, or of the list */\n" \
    "    void _relink(unsigned long count)\n" \
    "    {\n" \
    "        long *bk = _new_table(count);\n" \
    "        long p = _nx[0];\n" \
    "        unsigned long first_bucket = 0;\n" \
    "        _nx[0] = -1;\n" \
    "        while (p != -1) {\n" \
    "            long next = _nx[p];\n" \
    "            _relink_node(bk, p, _hc[p] % count, first_bucket);\n" \
    "            p = next;\n" \
    "        }\n" \
    "        _use_table(bk, count);\n" \
    "    }\n" \
    "    pair<iterator, bool> insert(const T &v)\n" \
    "    {\n" \
    "        unsigned long h = H()(v" KEY ");\n" \
    "        long p = _before(v" KEY ", h);\n" \
    "        if (p != -1)\n" \
    "            return pair<iterator, bool>(iterator(_v, _nx, _nx[p]), false);\n" \
    "        _reserve_one();\n" \
    "        long x = _new_node(v, h);\n" \
    "        _link_front(x, h % _nb);\n" \
    "        _n++;\n" \
    "        return pair<iterator, bool>(iterator(_v, _nx, x), true);\n" \
    "    }\n" \
    "    pair<iterator, bool> emplace(const T &v) { return this->insert(v); }\n" \
    "    unsigned long count(const key_type &k) const { return _find(k) != -1 ? 1 : 0; }\n"

/* ... and for equal keys. */
#define USET_MULTI(KEY) \
    "    /* libstdc++'s relinking for equal keys: as for unique ones, but a node\n" \
    "       whose bucket is the last node's follows that node, so that equal\n" \
    "       elements stay together and in order */\n" \
    "    void _relink(unsigned long count)\n" \
    "    {\n" \
    "        long *bk = _new_table(count);\n" \
    "        long p = _nx[0], prev = -1;\n" \
    "        unsigned long first_bucket = 0, prev_bucket = 0;\n" \
    "        bool check = false;\n" \
    "        _nx[0] = -1;\n" \
    "        while (p != -1) {\n" \
    "            long next = _nx[p];\n" \
    "            unsigned long b = _hc[p] % count;\n" \
    "            if (prev != -1 && prev_bucket == b) {\n" \
    "                _nx[p] = _nx[prev];\n" \
    "                _nx[prev] = p;\n" \
    "                check = true;\n" \
    "            } else {\n" \
    "                if (check) {\n" \
    "                    if (_nx[prev] != -1 && _hc[_nx[prev]] % count != prev_bucket)\n" \
    "                        bk[_hc[_nx[prev]] % count] = prev;\n" \
    "                    check = false;\n" \
    "                }\n" \
    "                _relink_node(bk, p, b, first_bucket);\n" \
    "            }\n" \
    "            prev = p;\n" \
    "            prev_bucket = b;\n" \
    "            p = next;\n" \
    "        }\n" \
    "        if (check && _nx[prev] != -1 && _hc[_nx[prev]] % count != prev_bucket)\n" \
    "            bk[_hc[_nx[prev]] % count] = prev;\n" \
    "        _use_table(bk, count);\n" \
    "    }\n" \
    "    /* before the first equal element, else at the front of its bucket */\n" \
    "    iterator insert(const T &v)\n" \
    "    {\n" \
    "        unsigned long h = H()(v" KEY ");\n" \
    "        _reserve_one();\n" \
    "        long x = _new_node(v, h);\n" \
    "        long p = _before(v" KEY ", h);\n" \
    "        if (p == -1) {\n" \
    "            _link_front(x, h % _nb);\n" \
    "        } else {\n" \
    "            _nx[x] = _nx[p];\n" \
    "            _nx[p] = x;\n" \
    "        }\n" \
    "        _n++;\n" \
    "        return iterator(_v, _nx, x);\n" \
    "    }\n" \
    "    iterator emplace(const T &v) { return this->insert(v); }\n" \
    "    unsigned long count(const key_type &k) const\n" \
    "    {\n" \
    "        unsigned long h = H()(k), c = 0;\n" \
    "        long p = _before(k, h);\n" \
    "        if (p == -1)\n" \
    "            return 0;\n" \
    "        for (long i = _nx[p]; i != -1 && _hc[i] == h && _v[i]" KEY " == k; i = _nx[i])\n" \
    "            c++;\n" \
    "        return c;\n" \
    "    }\n" \
    "    /* the run of elements equal to k: [first, last) */\n" \
    "    pair<iterator, iterator> equal_range(const key_type &k) const\n" \
    "    {\n" \
    "        unsigned long h = H()(k);\n" \
    "        long p = _before(k, h);\n" \
    "        if (p == -1)\n" \
    "            return pair<iterator, iterator>(iterator(_v, _nx, -1), iterator(_v, _nx, -1));\n" \
    "        long i = _nx[p];\n" \
    "        while (i != -1 && _hc[i] == h && _v[i]" KEY " == k)\n" \
    "            i = _nx[i];\n" \
    "        return pair<iterator, iterator>(iterator(_v, _nx, _nx[p]), iterator(_v, _nx, i));\n" \
    "    }\n"

/* A map's members beyond a set's: lookup by key to the mapped value. */
#define UMAP_UNIQUE \
    "    V &operator[](const K &k)\n" \
    "    {\n" \
    "        long i = _find(k);\n" \
    "        if (i == -1)\n" \
    "            i = this->insert(T(k, V())).first._i;\n" \
    "        return _v[i].second;\n" \
    "    }\n" \
    "    V &at(const K &k) const\n" \
    "    {\n" \
    "        long i = _find(k);\n" \
    "        if (i == -1) {\n" \
    "            fprintf(stderr, \"terminate called after throwing an instance of 'std::out_of_range'\\n\"\n" \
    "                    \"  what():  unordered_map::at\\n\");\n" \
    "            abort();\n" \
    "        }\n" \
    "        return _v[i].second;\n" \
    "    }\n" \
    "    pair<iterator, bool> emplace(const K &k, const V &v) { return this->insert(T(k, v)); }\n" \
    "    pair<iterator, bool> try_emplace(const K &k, const V &v) { return this->insert(T(k, v)); }\n" \
    "    pair<iterator, bool> insert_or_assign(const K &k, const V &v)\n" \
    "    {\n" \
    "        pair<iterator, bool> r = this->insert(T(k, v));\n" \
    "        if (!r.second)\n" \
    "            _v[r.first._i].second = v;\n" \
    "        return r;\n" \
    "    }\n"

/* The class heads: a set's elements are its keys, a map's are pair<K, V>
 * (T inside the class) whose iterators let ->second be assigned. */
#define USET_HEAD(S) \
    "template <typename T, typename H = hash<T>> struct " S " {\n" \
    "    typedef T key_type;\n" \
    "    typedef T value_type;\n" \
    "    typedef __simtvm_hash_iter<T> iterator;\n" \
    "    typedef __simtvm_hash_iter<T> const_iterator;\n"
#define UMAP_HEAD(S) \
    "template <typename K, typename V, typename H = hash<K>> struct " S " {\n" \
    "    typedef K key_type;\n" \
    "    typedef V mapped_type;\n" \
    "    typedef pair<K, V> T;\n" \
    "    typedef pair<K, V> value_type;\n" \
    "    typedef __simtvm_hash_iter<T, T> iterator;\n" \
    "    typedef __simtvm_hash_iter<T, T> const_iterator;\n"

#define HASH_INCLUDES \
    "#pragma once\n" \
    "#include <stdlib.h>\n" \
    "#include <stdio.h>\n" \
    "#include <string.h>\n" \
    K_TEXT_BAD_ALLOC

static const char TEXT_UNORDERED_SET[] =
    "// <unordered_set> as simtvm builds it in, written in K: libstdc++'s order\n"
    "// (lang/stl_unordered_set.c)\n"
    HASH_INCLUDES
    "namespace std {\n"
    USET_HEAD("unordered_set")
    USET_STORAGE("unordered_set", "")
    USET_UNIQUE("")
    USET_MEMBERS("unordered_set", "")
    "};\n"
    USET_HEAD("unordered_multiset")
    USET_STORAGE("unordered_multiset", "")
    USET_MULTI("")
    USET_MEMBERS("unordered_multiset", "")
    "};\n"
    USET_COMPARE("unordered_set")
    USET_COMPARE("unordered_multiset")
    "}\n";

static const char TEXT_UNORDERED_MAP[] =
    "// <unordered_map> as simtvm builds it in, written in K: libstdc++'s order\n"
    "// (lang/stl_unordered_set.c)\n"
    HASH_INCLUDES
    "namespace std {\n"
    UMAP_HEAD("unordered_map")
    USET_STORAGE("unordered_map", ".first")
    USET_UNIQUE(".first")
    USET_MEMBERS("unordered_map", ".first")
    UMAP_UNIQUE
    "};\n"
    UMAP_HEAD("unordered_multimap")
    USET_STORAGE("unordered_multimap", ".first")
    USET_MULTI(".first")
    USET_MEMBERS("unordered_multimap", ".first")
    "    iterator emplace(const K &k, const V &v) { return this->insert(T(k, v)); }\n"
    "};\n"
    "}\n";

const char *k_stl_hash_text(void)
{
    return TEXT_HASH;
}

const char *k_stl_unordered_set_text(void)
{
    return TEXT_UNORDERED_SET;
}

const char *k_stl_unordered_map_text(void)
{
    return TEXT_UNORDERED_MAP;
}
