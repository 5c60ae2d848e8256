/* lang/stl_iterator.c -- the text of <iterator> (and libcu++'s
 * <cuda/std/iterator>), written in K: the iterator category tags and the
 * std::iterator base class (libstdc++'s), std::iterator_traits (a partial
 * specialization for pointers, as libstdc++'s), std::iter_value_t and
 * std::iter_difference_t (alias templates), std::distance and
 * std::advance, std::reverse_iterator (containers' rbegin()), and
 * std::ostream_iterator, whose `*it = v` writes v and its
 * delimiter to the stream (lang/iostream.c turns `os << v` into the
 * runtime's call).  Thrust's headers read it too, as Thrust's own include
 * <iterator>. */
#include "stl.h"

/* std::distance, std::advance, std::next and std::prev: libstdc++ declares
 * them in every header that has iterators (g++ takes std::next after
 * <vector> or <algorithm> alone), so <algorithm>'s text reads this too.
 * Iterators step as random-access ones (a pointer, or a class with + and -:
 * std::list's iterators walk their list for them, lang/stl_list.c). */
static const char TEXT_ITERATOR_FUNCS[] =
    "// std::distance, advance, next, prev, iterator_traits, reverse_iterator as\n"
    "// simtvm builds them in (lang/stl_iterator.c)\n"
    "#pragma once\n"
    "namespace std {\n"
    "template <typename It> inline long distance(It first, It last) { return last - first; }\n"
    "template <typename It> inline void advance(It &it, long n) { it = it + n; }\n"
    "template <typename It> inline It next(It it, long n = 1) { return it + n; }\n"
    "template <typename It> inline It prev(It it, long n = 1) { return it - n; }\n"
    "// range access: a container's own begin()/end(), or an array's bounds\n"
    "template <typename C> inline auto begin(C &c) -> decltype(c.begin()) { return c.begin(); }\n"
    "template <typename C> inline auto end(C &c) -> decltype(c.end()) { return c.end(); }\n"
    "template <typename T, unsigned long N> inline T *begin(T (&a)[N]) { return a; }\n"
    "template <typename T, unsigned long N> inline T *end(T (&a)[N]) { return a + N; }\n"
    "template <typename C> inline auto cbegin(const C &c) -> decltype(c.begin()) { return c.begin(); }\n"
    "template <typename C> inline auto cend(const C &c) -> decltype(c.end()) { return c.end(); }\n"
    "template <typename T, unsigned long N> inline const T *cbegin(const T (&a)[N]) { return a; }\n"
    "template <typename T, unsigned long N> inline const T *cend(const T (&a)[N]) { return a + N; }\n"
    "template <typename C> inline auto size(const C &c) -> decltype(c.size()) { return c.size(); }\n"
    "template <typename T, unsigned long N> inline unsigned long size(const T (&a)[N]) { return N; }\n"
    "template <typename C> inline auto data(C &c) -> decltype(c.data()) { return c.data(); }\n"
    "template <typename T, unsigned long N> inline T *data(T (&a)[N]) { return a; }\n"
    "template <typename C> inline auto empty(const C &c) -> decltype(c.empty()) { return c.empty(); }\n"
    "// the iterator categories, each one deriving from the weaker one\n"
    "struct input_iterator_tag {};\n"
    "struct output_iterator_tag {};\n"
    "struct forward_iterator_tag : input_iterator_tag {};\n"
    "struct bidirectional_iterator_tag : forward_iterator_tag {};\n"
    "struct random_access_iterator_tag : bidirectional_iterator_tag {};\n"
    "// a base class that gives an iterator its member types (C++17 deprecates it)\n"
    "template <typename Category, typename T, typename Distance = long, typename Pointer = T *,\n"
    "          typename Reference = T &>\n"
    "struct iterator {\n"
    "    typedef Category iterator_category;\n"
    "    typedef T value_type;\n"
    "    typedef Distance difference_type;\n"
    "    typedef Pointer pointer;\n"
    "    typedef Reference reference;\n"
    "};\n"
    "template <typename It> struct iterator_traits {\n"
    "    typedef typename It::value_type value_type;\n"
    "    typedef typename It::difference_type difference_type;\n"
    "};\n"
    "template <typename T> struct iterator_traits<T *> {\n"
    "    typedef random_access_iterator_tag iterator_category;\n"
    "    typedef T value_type;\n"
    "    typedef long difference_type;\n"
    "    typedef T *pointer;\n"
    "    typedef T &reference;\n"
    "};\n"
    "template <typename T> struct iterator_traits<const T *> {\n"
    "    typedef random_access_iterator_tag iterator_category;\n"
    "    typedef T value_type;\n"
    "    typedef long difference_type;\n"
    "    typedef const T *pointer;\n"
    "    typedef const T &reference;\n"
    "};\n"
    "template <typename It> using iter_value_t = typename iterator_traits<It>::value_type;\n"
    "template <typename It> using iter_difference_t =\n"
    "    typename iterator_traits<It>::difference_type;\n"
    "// std::reverse_iterator: It walked backwards, *r the element before r.base()\n"
    "// (rbegin() of a vector is its end()); a random-access iterator here\n"
    "template <typename It> struct reverse_iterator {\n"
    "    typedef It iterator_type;\n"
    "    typedef typename iterator_traits<It>::value_type value_type;\n"
    "    typedef typename iterator_traits<It>::difference_type difference_type;\n"
    "    typedef random_access_iterator_tag iterator_category;\n"
    "    It current;\n"
    "    __host__ __device__ reverse_iterator() : current() {}\n"
    "    __host__ __device__ explicit reverse_iterator(It it) : current(it) {}\n"
    "    template <typename U> __host__ __device__ reverse_iterator(const reverse_iterator<U> &o) : current(o.base()) {}\n"
    "    __host__ __device__ It base() const { return current; }\n"
    "    __host__ __device__ auto operator*() const -> decltype(*current)\n"
    "    {\n"
    "        It before = current;\n"
    "        --before;\n"
    "        return *before;\n"
    "    }\n"
    "    __host__ __device__ It operator->() const\n"
    "    {\n"
    "        It before = current;\n"
    "        --before;\n"
    "        return before;\n"
    "    }\n"
    "    __host__ __device__ auto operator[](long n) const -> decltype(*current) { return *(*this + n); }\n"
    "    __host__ __device__ reverse_iterator &operator++() { --current; return *this; }\n"
    "    __host__ __device__ reverse_iterator &operator--() { ++current; return *this; }\n"
    "    __host__ __device__ reverse_iterator operator++(int) { reverse_iterator was = *this; --current; return was; }\n"
    "    __host__ __device__ reverse_iterator operator--(int) { reverse_iterator was = *this; ++current; return was; }\n"
    "    __host__ __device__ reverse_iterator operator+(long n) const { return reverse_iterator(current - n); }\n"
    "    __host__ __device__ reverse_iterator operator-(long n) const { return reverse_iterator(current + n); }\n"
    "    __host__ __device__ reverse_iterator &operator+=(long n) { current = current - n; return *this; }\n"
    "    __host__ __device__ reverse_iterator &operator-=(long n) { current = current + n; return *this; }\n"
    "};\n"
    "template <typename A, typename B>\n"
    "__host__ __device__ bool operator==(const reverse_iterator<A> &x, const reverse_iterator<B> &y) { return x.base() == y.base(); }\n"
    "template <typename A, typename B>\n"
    "__host__ __device__ bool operator!=(const reverse_iterator<A> &x, const reverse_iterator<B> &y) { return x.base() != y.base(); }\n"
    "template <typename A, typename B>\n"
    "__host__ __device__ bool operator<(const reverse_iterator<A> &x, const reverse_iterator<B> &y) { return y.base() < x.base(); }\n"
    "template <typename A, typename B>\n"
    "__host__ __device__ bool operator>(const reverse_iterator<A> &x, const reverse_iterator<B> &y) { return y.base() > x.base(); }\n"
    "template <typename A, typename B>\n"
    "__host__ __device__ bool operator<=(const reverse_iterator<A> &x, const reverse_iterator<B> &y) { return y.base() <= x.base(); }\n"
    "template <typename A, typename B>\n"
    "__host__ __device__ bool operator>=(const reverse_iterator<A> &x, const reverse_iterator<B> &y) { return y.base() >= x.base(); }\n"
    "template <typename A, typename B>\n"
    "__host__ __device__ long operator-(const reverse_iterator<A> &x, const reverse_iterator<B> &y) { return y.base() - x.base(); }\n"
    "template <typename It>\n"
    "__host__ __device__ reverse_iterator<It> operator+(long n, const reverse_iterator<It> &r) { return r + n; }\n"
    "template <typename It> __host__ __device__ reverse_iterator<It> make_reverse_iterator(It it) { return reverse_iterator<It>(it); }\n"
    "template <typename C> inline auto rbegin(C &c) -> decltype(c.rbegin()) { return c.rbegin(); }\n"
    "template <typename C> inline auto rend(C &c) -> decltype(c.rend()) { return c.rend(); }\n"
    "}\n";

const char *k_stl_iterator_funcs_text(void)
{
    return TEXT_ITERATOR_FUNCS;
}

static const char TEXT_ITERATOR[] =
    "// <iterator> as simtvm builds it in, written in K (doc/cxx-library.md).\n"
    "#pragma once\n"
    "#include <simtvm/iterator_funcs.h>\n"
    "namespace std {\n"
    "// std::ostream_iterator<T>(os, delim): an output iterator over a stream\n"
    "template <typename T> struct ostream_iterator {\n"
    "    typedef void value_type;\n"
    "    typedef void difference_type;\n"
    "    std::ostream _os;\n"
    "    const char *_delim;\n"
    "    ostream_iterator(std::ostream os) { _os = os; _delim = (const char *)0; }\n"
    "    ostream_iterator(std::ostream os, const char *delim) { _os = os; _delim = delim; }\n"
    "    ostream_iterator &operator=(const T &v)\n"
    "    {\n"
    "        _os << v;\n"
    "        if (_delim)\n"
    "            _os << _delim;\n"
    "        return *this;\n"
    "    }\n"
    "    ostream_iterator &operator*() { return *this; }\n"
    "    ostream_iterator &operator++() { return *this; }\n"
    "    ostream_iterator &operator++(int) { return *this; }\n"
    "};\n"
    "}\n";

/* std::istreambuf_iterator: the characters of an input stream as they are
 * (no whitespace skipped), for `std::string text((std::istreambuf_iterator<char>(f)),
 * std::istreambuf_iterator<char>());` and std::count over a file.  Every
 * input stream here holds its text (an ifstream its whole file, read when
 * it opens), so the iterator reads that text from the stream's place and
 * moves the place on; the end iterator is the default-constructed one. */
static const char TEXT_ISTREAMBUF_ITERATOR[] =
    "// std::istreambuf_iterator as simtvm builds it in (lang/stl_iterator.c)\n"
    "#pragma once\n"
    "#include <simtvm/iterator.h>\n"
    "namespace std {\n"
    "template <typename CharT = char> struct istreambuf_iterator {\n"
    "    typedef input_iterator_tag iterator_category;\n"
    "    typedef CharT value_type;\n"
    "    typedef long difference_type;\n"
    "    const char *_text;\n"
    "    unsigned long _n, _i;\n"
    "    unsigned long *_place;\n"
    "    istreambuf_iterator() : _text(0), _n(0), _i(0), _place(0) {}\n"
    "    template <typename S>\n"
    "    istreambuf_iterator(S &s) : _text(s._in._p), _n(s._in._n), _i(s._pos), _place(&s._pos) {}\n"
    "    bool _end() const { return !_place || _i >= _n; }\n"
    "    CharT operator*() const { return (CharT)_text[_i]; }\n"
    "    istreambuf_iterator &operator++()\n"
    "    {\n"
    "        *_place = ++_i;\n"
    "        return *this;\n"
    "    }\n"
    "    istreambuf_iterator operator++(int)\n"
    "    {\n"
    "        istreambuf_iterator was = *this;\n"
    "        *_place = ++_i;\n"
    "        return was;\n"
    "    }\n"
    "    bool equal(const istreambuf_iterator &o) const { return _end() == o._end(); }\n"
    "    bool operator==(const istreambuf_iterator &o) const { return _end() == o._end(); }\n"
    "    bool operator!=(const istreambuf_iterator &o) const { return _end() != o._end(); }\n"
    "};\n"
    "}\n";

const char *k_stl_istreambuf_iterator_text(void)
{
    return TEXT_ISTREAMBUF_ITERATOR;
}

/* libcu++'s <cuda/std/iterator>: the same entities under cuda::std. */
static const char TEXT_CUDA_STD_ITERATOR[] =
    "// libcu++'s <cuda/std/iterator> as simtvm builds it in, written in K.\n"
    "#pragma once\n"
    "#include <simtvm/iterator.h>\n"
    "#include <simtvm/cuda_std.h>\n"
    "namespace cuda { namespace std {\n"
    "template <typename It> using iter_value_t = typename ::std::iterator_traits<It>::value_type;\n"
    "template <typename It> using iter_difference_t =\n"
    "    typename ::std::iterator_traits<It>::difference_type;\n"
    "template <typename It> inline long distance(It first, It last) { return last - first; }\n"
    "template <typename It> using reverse_iterator = ::std::reverse_iterator<It>;\n"
    "template <typename It> __host__ __device__ ::std::reverse_iterator<It> make_reverse_iterator(It it)\n"
    "{\n"
    "    return ::std::reverse_iterator<It>(it);\n"
    "}\n"
    "} }\n";

const char *k_stl_iterator_text(void)
{
    return TEXT_ITERATOR;
}

const char *k_stl_cuda_std_iterator_text(void)
{
    return TEXT_CUDA_STD_ITERATOR;
}
