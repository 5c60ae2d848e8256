/* lang/stl_memory.c -- the text of <memory>, written in K: the smart
 * pointers std::unique_ptr, std::shared_ptr and std::weak_ptr, with
 * std::make_unique, std::make_shared, std::default_delete,
 * std::enable_shared_from_this and the pointer casts.
 *
 * How it differs from libstdc++ where a program could see it:
 *   - K has no virtual dispatch in library text it could lean on cheaply,
 *     so a shared_ptr's control block (__sp_ctrl) erases the owned pointer's
 *     type and its deleter behind two function pointers: dispose (destroy
 *     the object, with the deleter the owner was made with) and destroy
 *     (free the block).  The object dies when the last shared_ptr goes;
 *     the block when the last weak_ptr goes too, as in libstdc++.
 *   - make_shared allocates the object and the block separately (libstdc++
 *     makes one allocation); no program output can tell.
 *   - `*p` and `p->` of a null smart pointer give the null pointer, whose
 *     read or write is the VM's located fault at the program's line (g++'s
 *     program would crash there).
 *   - T[] forms (unique_ptr<T[]>, shared_ptr<T[]>) delete with delete[];
 *     shared_ptr<T[]> shares one class with shared_ptr<T>, whose
 *     element_type drops the extent.
 *   - K has no exceptions: nothing here throws (shared_ptr(weak_ptr) of an
 *     expired weak_ptr is empty instead of throwing bad_weak_ptr).
 *
 * Returned by k_stl_header_text (lang/stl.c) as <simtvm/memory.h>. */
#include "stl.h"

/* The members of unique_ptr<T, D> and unique_ptr<T[], D> alike (T is the
 * element type). */
#define UNIQUE_COMMON                                                                      \
    "    typedef T element_type;\n"                                                        \
    "    typedef T *pointer;\n"                                                            \
    "    typedef D deleter_type;\n"                                                        \
    "    T *_p;\n"                                                                         \
    "    D _d;\n"                                                                          \
    "    unique_ptr() : _p(nullptr) {}\n"                                                  \
    "    unique_ptr(decltype(nullptr)) : _p(nullptr) {}\n"                                 \
    "    explicit unique_ptr(T *p) : _p(p) {}\n"                                           \
    "    unique_ptr(T *p, const D &d) : _p(p), _d(d) {}\n"                                 \
    "    unique_ptr(unique_ptr &&o) : _p(o._p), _d(o._d) { o._p = nullptr; }\n"          \
    "    unique_ptr(const unique_ptr &) = delete;\n"                                       \
    "    unique_ptr &operator=(const unique_ptr &) = delete;\n"                            \
    "    ~unique_ptr() { reset(); }\n"                                                     \
    "    unique_ptr &operator=(unique_ptr &&o)\n"                                          \
    "    {\n"                                                                              \
    "        reset(o.release());\n"                                                        \
    "        _d = o._d;\n"                                                                 \
    "        return *this;\n"                                                              \
    "    }\n"                                                                              \
    "    unique_ptr &operator=(decltype(nullptr)) { reset(); return *this; }\n"            \
    "    T *get() const { return _p; }\n"                                                  \
    "    D &get_deleter() { return _d; }\n"                                                \
    "    const D &get_deleter() const { return _d; }\n"                                    \
    "    explicit operator bool() const { return _p != nullptr; }\n"                       \
    "    T *release() { T *p = _p; _p = nullptr; return p; }\n"                           \
    "    // the old object is deleted after the new pointer is stored, as the standard says\n" \
    "    void reset(T *p = nullptr)\n"                                                     \
    "    {\n"                                                                              \
    "        T *old = _p;\n"                                                               \
    "        _p = p;\n"                                                                    \
    "        if (old) {\n"                                                                 \
    "            D &d = _d;\n"                                                             \
    "            d(old);\n"                                                                \
    "        }\n"                                                                          \
    "    }\n"                                                                              \
    "    void swap(unique_ptr &o)\n"                                                       \
    "    {\n"                                                                              \
    "        T *p = _p; _p = o._p; o._p = p;\n"                                            \
    "        D d = _d; _d = o._d; o._d = d;\n"                                             \
    "    }\n"

/* The comparisons of a smart pointer class template C with one another and
 * with nullptr, through get(). */
#define POINTER_COMPARISONS(HEAD, C)                                                      \
    HEAD " bool operator==(const " C " &a, decltype(nullptr)) { return !a; }\n"            \
    HEAD " bool operator==(decltype(nullptr), const " C " &a) { return !a; }\n"            \
    HEAD " bool operator!=(const " C " &a, decltype(nullptr)) { return (bool)a; }\n"       \
    HEAD " bool operator!=(decltype(nullptr), const " C " &a) { return (bool)a; }\n"

static const char TEXT_MEMORY[] =
    "// <memory> as simtvm builds it in, written in K (lang/stl_memory.c)\n"
    "#pragma once\n"
    "#include <stdio.h>\n"
    "#include <stdlib.h>\n"
    "namespace std {\n"
    "template <class T> struct default_delete {\n"
    "    void operator()(T *p) const { delete p; }\n"
    "};\n"
    "template <class T> struct default_delete<T[]> {\n"
    "    void operator()(T *p) const { delete[] p; }\n"
    "};\n"
    "// ------------------------------------------------------------ unique_ptr\n"
    "template <class T, class D = default_delete<T> > struct unique_ptr {\n"
    UNIQUE_COMMON
    "    T &operator*() const\n"
    "    {\n"
    "        return *_p;\n"
    "    }\n"
    "    T *operator->() const\n"
    "    {\n"
    "        return _p;\n"
    "    }\n"
    "};\n"
    "template <class T, class D> struct unique_ptr<T[], D> {\n"
    UNIQUE_COMMON
    "    T &operator[](unsigned long i) const { return _p[i]; }\n"
    "};\n"
    "template <class T, class D, class U, class F>\n"
    "bool operator==(const unique_ptr<T, D> &a, const unique_ptr<U, F> &b) { return a.get() == b.get(); }\n"
    "template <class T, class D, class U, class F>\n"
    "bool operator!=(const unique_ptr<T, D> &a, const unique_ptr<U, F> &b) { return a.get() != b.get(); }\n"
    POINTER_COMPARISONS("template <class T, class D>", "unique_ptr<T, D>")
    "// make_unique<T>(args...) and make_unique<T[]>(n), told apart as libstdc++ does\n"
    "template <class T> struct __unique_if { typedef unique_ptr<T> __single; };\n"
    "template <class T> struct __unique_if<T[]> { typedef unique_ptr<T[]> __array; typedef T __elem; };\n"
    "template <class T, class... A> typename __unique_if<T>::__single make_unique(A &&...a)\n"
    "{\n"
    "    return unique_ptr<T>(new T(::std::forward<A>(a)...));\n"
    "}\n"
    "template <class T> typename __unique_if<T>::__array make_unique(unsigned long n)\n"
    "{\n"
    "    typedef typename __unique_if<T>::__elem E;\n"
    "    return unique_ptr<T>(new E[n]());\n"
    "}\n"
    "// ------------------------------------------------------ the control block\n"
    "struct __sp_ctrl {\n"
    "    long uses;    // shared_ptrs\n"
    "    long weaks;   // weak_ptrs, plus one while uses > 0\n"
    "    void *obj;    // what dispose destroys\n"
    "    void (*dispose)(__sp_ctrl *);\n"
    "    void (*destroy)(__sp_ctrl *);\n"
    "};\n"
    "template <class Y, class D> struct __sp_block {\n"
    "    __sp_ctrl c;   // first: a block is its __sp_ctrl\n"
    "    D del;\n"
    "    __sp_block(const D &d) : del(d) {}\n"
    "};\n"
    "template <class Y, class D> void __sp_block_dispose(__sp_ctrl *c)\n"
    "{\n"
    "    D &d = ((__sp_block<Y, D> *)c)->del;\n"
    "    d((Y *)c->obj);\n"
    "}\n"
    "template <class Y, class D> void __sp_block_destroy(__sp_ctrl *c)\n"
    "{\n"
    "    delete (__sp_block<Y, D> *)c;\n"
    "}\n"
    "template <class Y, class D> __sp_ctrl *__sp_new_block(Y *p, const D &d)\n"
    "{\n"
    "    __sp_block<Y, D> *b = new __sp_block<Y, D>(d);\n"
    "    b->c.uses = 1;\n"
    "    b->c.weaks = 1;\n"
    "    b->c.obj = (void *)p;\n"
    "    b->c.dispose = &__sp_block_dispose<Y, D>;\n"
    "    b->c.destroy = &__sp_block_destroy<Y, D>;\n"
    "    return &b->c;\n"
    "}\n"
    "inline void __sp_add_use(__sp_ctrl *c)\n"
    "{\n"
    "    if (c)\n"
    "        c->uses++;\n"
    "}\n"
    "inline void __sp_drop_weak(__sp_ctrl *c)\n"
    "{\n"
    "    if (c && --c->weaks == 0)\n"
    "        c->destroy(c);\n"
    "}\n"
    "inline void __sp_drop_use(__sp_ctrl *c)\n"
    "{\n"
    "    if (c && --c->uses == 0) {\n"
    "        c->dispose(c);\n"
    "        std::__sp_drop_weak(c);\n"
    "    }\n"
    "}\n"
    "// the element type, and the default deleter of a pointer Y * owned by a\n"
    "// shared_ptr<T> (delete[] for T[], else delete as a Y)\n"
    "template <class T> struct __sp_elem { typedef T type; typedef T __single; };\n"
    "template <class T> struct __sp_elem<T[]> { typedef T type; typedef T __array; };\n"
    "template <class T, class Y> struct __sp_deleter { typedef default_delete<Y> type; };\n"
    "template <class T, class Y> struct __sp_deleter<T[], Y> { typedef default_delete<Y[]> type; };\n"
    "template <class T> struct weak_ptr;\n"
    "template <class T> struct enable_shared_from_this;\n"
    "// a new owner of an object whose class derives from enable_shared_from_this\n"
    "// sets its weak this (the int overload is there when Y has __wt_c)\n"
    "template <class Y> auto __sp_hook(Y *p, __sp_ctrl *c, int) -> decltype(p->__wt_c)\n"
    "{\n"
    "    if (p && c && (!p->__wt_c || p->__wt_c->uses == 0)) {\n"
    "        c->weaks++;\n"
    "        std::__sp_drop_weak(p->__wt_c);\n"
    "        p->__wt_p = p;\n"
    "        p->__wt_c = c;\n"
    "    }\n"
    "    return c;\n"
    "}\n"
    "template <class Y> __sp_ctrl *__sp_hook(Y *p, __sp_ctrl *c, long) { return c; }\n"
    "// ------------------------------------------------------------ shared_ptr\n"
    "template <class T> struct shared_ptr {\n"
    "    typedef typename __sp_elem<T>::type element_type;\n"
    "    typedef weak_ptr<T> weak_type;\n"
    "    element_type *_p;\n"
    "    __sp_ctrl *_c;\n"
    "    shared_ptr() : _p(nullptr), _c(nullptr) {}\n"
    "    shared_ptr(decltype(nullptr)) : _p(nullptr), _c(nullptr) {}\n"
    "    explicit shared_ptr(element_type *p) : _p(p), _c(nullptr)\n"
    "    {\n"
    "        typename __sp_deleter<T, element_type>::type d;\n"
    "        _c = std::__sp_new_block(p, d);\n"
    "        std::__sp_hook(p, _c, 0);\n"
    "    }\n"
    "    // from a Y * (a new Derived): the block deletes a Y, as libstdc++'s does,\n"
    "    // whether or not element_type's destructor is virtual\n"
    "    template <class Y> explicit shared_ptr(Y *p) : _p(p), _c(nullptr)\n"
    "    {\n"
    "        typename __sp_deleter<T, Y>::type d;\n"
    "        _c = std::__sp_new_block(p, d);\n"
    "        std::__sp_hook(p, _c, 0);\n"
    "    }\n"
    "    template <class D> shared_ptr(element_type *p, D d) : _p(p), _c(nullptr)\n"
    "    {\n"
    "        _c = std::__sp_new_block(p, d);\n"
    "        std::__sp_hook(p, _c, 0);\n"
    "    }\n"
    "    template <class D> shared_ptr(decltype(nullptr), D d) : _p(nullptr), _c(nullptr)\n"
    "    {\n"
    "        _c = std::__sp_new_block(_p, d);\n"
    "    }\n"
    "    shared_ptr(const shared_ptr &o) : _p(o._p), _c(o._c) { std::__sp_add_use(_c); }\n"
    "    shared_ptr(shared_ptr &&o) : _p(o._p), _c(o._c) { o._p = nullptr; o._c = nullptr; }\n"
    "    // from a shared_ptr<Derived>, and the aliasing constructor\n"
    "    template <class U> shared_ptr(const shared_ptr<U> &o) : _p(o._p), _c(o._c) { std::__sp_add_use(_c); }\n"
    "    template <class U> shared_ptr(shared_ptr<U> &&o) : _p(o._p), _c(o._c)\n"
    "    {\n"
    "        o._p = nullptr;\n"
    "        o._c = nullptr;\n"
    "    }\n"
    "    template <class U> shared_ptr(const shared_ptr<U> &o, element_type *p) : _p(p), _c(o._c)\n"
    "    {\n"
    "        std::__sp_add_use(_c);\n"
    "    }\n"
    "    // from a weak_ptr: empty when it has expired (libstdc++ throws bad_weak_ptr)\n"
    "    template <class U> explicit shared_ptr(const weak_ptr<U> &w) : _p(nullptr), _c(nullptr)\n"
    "    {\n"
    "        if (w._c && w._c->uses > 0) {\n"
    "            _p = w._p;\n"
    "            _c = w._c;\n"
    "            _c->uses++;\n"
    "        }\n"
    "    }\n"
    "    // from a unique_ptr, whose deleter it takes over\n"
    "    template <class U, class D> shared_ptr(unique_ptr<U, D> &&u) : _p(u.get()), _c(nullptr)\n"
    "    {\n"
    "        if (_p)\n"
    "            _c = std::__sp_new_block(u.get(), u.get_deleter());\n"
    "        std::__sp_hook(u.release(), _c, 0);\n"
    "    }\n"
    "    ~shared_ptr() { std::__sp_drop_use(_c); }\n"
    "    shared_ptr &operator=(const shared_ptr &o)\n"
    "    {\n"
    "        shared_ptr t(o);\n"
    "        this->swap(t);\n"
    "        return *this;\n"
    "    }\n"
    "    shared_ptr &operator=(shared_ptr &&o)\n"
    "    {\n"
    "        shared_ptr t(::std::move(o));\n"
    "        this->swap(t);\n"
    "        return *this;\n"
    "    }\n"
    "    template <class U> shared_ptr &operator=(const shared_ptr<U> &o)\n"
    "    {\n"
    "        shared_ptr t(o);\n"
    "        this->swap(t);\n"
    "        return *this;\n"
    "    }\n"
    "    shared_ptr &operator=(decltype(nullptr)) { reset(); return *this; }\n"
    "    void swap(shared_ptr &o)\n"
    "    {\n"
    "        element_type *p = _p; _p = o._p; o._p = p;\n"
    "        __sp_ctrl *c = _c; _c = o._c; o._c = c;\n"
    "    }\n"
    "    void reset()\n"
    "    {\n"
    "        shared_ptr t;\n"
    "        this->swap(t);\n"
    "    }\n"
    "    // a template, as libstdc++'s: reset(new Derived) deletes a Derived\n"
    "    template <class Y> void reset(Y *p)\n"
    "    {\n"
    "        shared_ptr t(p);\n"
    "        this->swap(t);\n"
    "    }\n"
    "    template <class D> void reset(element_type *p, D d)\n"
    "    {\n"
    "        shared_ptr t(p, d);\n"
    "        this->swap(t);\n"
    "    }\n"
    "    long use_count() const { return _c ? _c->uses : 0; }\n"
    "    bool unique() const { return use_count() == 1; }\n"
    "    element_type *get() const { return _p; }\n"
    "    explicit operator bool() const { return _p != nullptr; }\n"
    "    element_type &operator*() const\n"
    "    {\n"
    "        return *_p;\n"
    "    }\n"
    "    element_type *operator->() const\n"
    "    {\n"
    "        return _p;\n"
    "    }\n"
    "    // a template, so that shared_ptr<Node> of a Node not yet complete has it\n"
    "    template <class I> element_type &operator[](I i) const { return _p[i]; }\n"
    "    template <class U> bool owner_before(const shared_ptr<U> &o) const { return _c < o._c; }\n"
    "};\n"
    "template <class T, class U>\n"
    "bool operator==(const shared_ptr<T> &a, const shared_ptr<U> &b) { return a.get() == b.get(); }\n"
    "template <class T, class U>\n"
    "bool operator!=(const shared_ptr<T> &a, const shared_ptr<U> &b) { return a.get() != b.get(); }\n"
    "template <class T, class U>\n"
    "bool operator<(const shared_ptr<T> &a, const shared_ptr<U> &b) { return a.get() < b.get(); }\n"
    POINTER_COMPARISONS("template <class T>", "shared_ptr<T>")
    "template <class T, class... A> shared_ptr<T> make_shared(A &&...a)\n"
    "{\n"
    "    return shared_ptr<T>(new T(::std::forward<A>(a)...));\n"
    "}\n"
    "template <class T, class U> shared_ptr<T> static_pointer_cast(const shared_ptr<U> &p)\n"
    "{\n"
    "    return shared_ptr<T>(p, static_cast<typename shared_ptr<T>::element_type *>(p.get()));\n"
    "}\n"
    "template <class T, class U> shared_ptr<T> const_pointer_cast(const shared_ptr<U> &p)\n"
    "{\n"
    "    return shared_ptr<T>(p, const_cast<typename shared_ptr<T>::element_type *>(p.get()));\n"
    "}\n"
    "template <class T, class U> shared_ptr<T> reinterpret_pointer_cast(const shared_ptr<U> &p)\n"
    "{\n"
    "    return shared_ptr<T>(p, reinterpret_cast<typename shared_ptr<T>::element_type *>(p.get()));\n"
    "}\n"
    "// -------------------------------------------------------------- weak_ptr\n"
    "template <class T> struct weak_ptr {\n"
    "    typedef typename __sp_elem<T>::type element_type;\n"
    "    element_type *_p;\n"
    "    __sp_ctrl *_c;\n"
    "    weak_ptr() : _p(nullptr), _c(nullptr) {}\n"
    "    weak_ptr(const weak_ptr &o) : _p(o._p), _c(o._c) { _add(); }\n"
    "    template <class U> weak_ptr(const shared_ptr<U> &s) : _p(s._p), _c(s._c) { _add(); }\n"
    "    template <class U> weak_ptr(const weak_ptr<U> &o) : _p(o._p), _c(o._c) { _add(); }\n"
    "    ~weak_ptr() { std::__sp_drop_weak(_c); }\n"
    "    void _add()\n"
    "    {\n"
    "        if (_c)\n"
    "            _c->weaks++;\n"
    "    }\n"
    "    void _assign(element_type *p, __sp_ctrl *c)\n"
    "    {\n"
    "        if (c)\n"
    "            c->weaks++;\n"
    "        std::__sp_drop_weak(_c);\n"
    "        _p = p;\n"
    "        _c = c;\n"
    "    }\n"
    "    weak_ptr &operator=(const weak_ptr &o) { _assign(o._p, o._c); return *this; }\n"
    "    template <class U> weak_ptr &operator=(const shared_ptr<U> &s)\n"
    "    {\n"
    "        _assign(s._p, s._c);\n"
    "        return *this;\n"
    "    }\n"
    "    void reset() { _assign((element_type *)0, (__sp_ctrl *)0); }\n"
    "    void swap(weak_ptr &o)\n"
    "    {\n"
    "        element_type *p = _p; _p = o._p; o._p = p;\n"
    "        __sp_ctrl *c = _c; _c = o._c; o._c = c;\n"
    "    }\n"
    "    long use_count() const { return _c ? _c->uses : 0; }\n"
    "    bool expired() const { return use_count() == 0; }\n"
    "    shared_ptr<T> lock() const { return shared_ptr<T>(*this); }\n"
    "    template <class U> bool owner_before(const weak_ptr<U> &o) const { return _c < o._c; }\n"
    "};\n"
    "// ------------------------------------------------- enable_shared_from_this\n"
    "// its weak this is a weak_ptr's two fields, and its members templates: a\n"
    "// class that derives from it is incomplete where it names it, and K checks\n"
    "// the members of shared_ptr<T> and weak_ptr<T> where they are first named\n"
    "template <class T> struct enable_shared_from_this {\n"
    "    T *__wt_p;\n"
    "    __sp_ctrl *__wt_c;   // what std::__sp_hook looks for\n"
    "    enable_shared_from_this() : __wt_p(nullptr), __wt_c(nullptr) {}\n"
    "    enable_shared_from_this(const enable_shared_from_this &) : __wt_p(nullptr), __wt_c(nullptr) {}\n"
    "    enable_shared_from_this &operator=(const enable_shared_from_this &) { return *this; }\n"
    "    ~enable_shared_from_this() { std::__sp_drop_weak(__wt_c); }\n"
    "    template <class U = T> weak_ptr<U> weak_from_this()\n"
    "    {\n"
    "        weak_ptr<U> w;\n"
    "        w._assign(__wt_p, __wt_c);\n"
    "        return w;\n"
    "    }\n"
    "    template <class U = T> shared_ptr<U> shared_from_this()\n"
    "    {\n"
    "        weak_ptr<U> w;\n"
    "        w._assign(__wt_p, __wt_c);\n"
    "        return shared_ptr<U>(w);\n"
    "    }\n"
    "};\n"
    "}\n";

const char *k_stl_memory_text(void)
{
    return TEXT_MEMORY;
}
