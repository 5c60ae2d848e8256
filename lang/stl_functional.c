/* lang/stl_functional.c -- the text of <functional>'s std::function,
 * written in K.
 *
 * std::function<R(Args...)> erases the type of what it holds behind three
 * function pointers, instances of function templates made for that type:
 * invoke (call it with the arguments, converting them and the result as
 * the call inside does), clone (a copy on the heap: copies of a
 * std::function are independent, a mutable lambda's state too) and
 * destroy.  The object lives on the heap (libstdc++ keeps small ones in
 * place; no program output can tell), in at least one byte: a lambda
 * without captures has size 0 in K, and malloc(0)'s block is one free()
 * does not know.  The function type is a template
 * argument (the parser's FUNC_TYPE_OPEN, lang/parse_decl.c), matched by the
 * partial specialization `function<R(Args...)>` (lang/templates_sema.c);
 * the primary is declared only, so std::function<int> is an incomplete
 * type, as in libstdc++.
 *
 * K has no exceptions: calling an empty std::function ends the program as
 * libstdc++'s uncaught std::bad_function_call does (its message on stderr,
 * then abort).
 *
 * Returned by k_stl_header_text (lang/stl.c) as <simtvm/functional.h>. */
#include "stl.h"

static const char TEXT_FUNCTIONAL[] =
    "// <functional>'s std::function as simtvm builds it in, written in K (lang/stl_functional.c)\n"
    "#include <stdio.h>\n"
    "#include <stdlib.h>\n"
    "#include <new>\n"
    "namespace std {\n"
    "struct bad_function_call : public exception {\n"
    "    const char *what() const { return \"bad_function_call\"; }\n"
    "};\n"
    "inline void __throw_bad_function_call()\n"
    "{\n"
    "    fprintf(stderr, \"terminate called after throwing an instance of 'std::bad_function_call'\\n\"\n"
    "            \"  what():  bad_function_call\\n\");\n"
    "    abort();\n"
    "}\n"
    "// what a std::function does with the object it holds, made per type F\n"
    "template <class F, class R, class... A> R __fn_invoke(void *p, A... a)\n"
    "{\n"
    "    return static_cast<R>((*(F *)p)(a...));\n"
    "}\n"
    "// the held object's storage: at least a byte (a lambda without captures has none)\n"
    "template <class F> void *__fn_new(const F &f)\n"
    "{\n"
    "    void *m = std::__simtvm_allocated(malloc(sizeof(F) ? sizeof(F) : 1));\n"
    "    return new (m) F(f);\n"
    "}\n"
    "template <class F> void *__fn_clone(void *p) { return std::__fn_new<F>(*(F *)p); }\n"
    "template <class F> void __fn_destroy(void *p)\n"
    "{\n"
    "    ((F *)p)->~F();\n"
    "    free(p);\n"
    "}\n"
    "template <class Sig> class function;\n"
    "template <class R, class... Args> class function<R(Args...)> {\n"
    "public:\n"
    "    typedef R result_type;\n"
    "    void *_obj;\n"
    "    R (*_invoke)(void *, Args...);\n"
    "    void *(*_clone)(void *);\n"
    "    void (*_destroy)(void *);\n"
    "    void _take(const function &o)\n"
    "    {\n"
    "        _obj = o._obj ? o._clone(o._obj) : nullptr;\n"
    "        _invoke = o._invoke;\n"
    "        _clone = o._clone;\n"
    "        _destroy = o._destroy;\n"
    "    }\n"
    "    void _steal(function &o)\n"
    "    {\n"
    "        _obj = o._obj; _invoke = o._invoke; _clone = o._clone; _destroy = o._destroy;\n"
    "        o._obj = nullptr; o._invoke = nullptr; o._clone = nullptr; o._destroy = nullptr;\n"
    "    }\n"
    "    void _release()\n"
    "    {\n"
    "        if (_obj)\n"
    "            _destroy(_obj);\n"
    "        _obj = nullptr; _invoke = nullptr; _clone = nullptr; _destroy = nullptr;\n"
    "    }\n"
    "    function() : _obj(nullptr), _invoke(nullptr), _clone(nullptr), _destroy(nullptr) {}\n"
    "    function(decltype(nullptr)) : _obj(nullptr), _invoke(nullptr), _clone(nullptr), _destroy(nullptr) {}\n"
    "    function(const function &o) { _take(o); }\n"
    "    function(function &&o) { _steal(o); }\n"
    "    template <class F> function(F f)\n"
    "    {\n"
    "        _obj = std::__fn_new<F>(f);\n"
    "        _invoke = &__fn_invoke<F, R, Args...>;\n"
    "        _clone = &__fn_clone<F>;\n"
    "        _destroy = &__fn_destroy<F>;\n"
    "    }\n"
    "    ~function() { _release(); }\n"
    "    function &operator=(const function &o)\n"
    "    {\n"
    "        if (this != &o) {\n"
    "            function t(o);\n"
    "            this->swap(t);\n"
    "        }\n"
    "        return *this;\n"
    "    }\n"
    "    function &operator=(function &&o)\n"
    "    {\n"
    "        if (this != &o) {\n"
    "            _release();\n"
    "            _steal(o);\n"
    "        }\n"
    "        return *this;\n"
    "    }\n"
    "    function &operator=(decltype(nullptr)) { _release(); return *this; }\n"
    "    template <class F> function &operator=(F f)\n"
    "    {\n"
    "        function t(f);\n"
    "        this->swap(t);\n"
    "        return *this;\n"
    "    }\n"
    "    void swap(function &o)\n"
    "    {\n"
    "        void *p = _obj; _obj = o._obj; o._obj = p;\n"
    "        R (*i)(void *, Args...) = _invoke; _invoke = o._invoke; o._invoke = i;\n"
    "        void *(*c)(void *) = _clone; _clone = o._clone; o._clone = c;\n"
    "        void (*d)(void *) = _destroy; _destroy = o._destroy; o._destroy = d;\n"
    "    }\n"
    "    explicit operator bool() const { return _invoke != nullptr; }\n"
    "    R operator()(Args... a) const\n"
    "    {\n"
    "        if (!_invoke)\n"
    "            std::__throw_bad_function_call();\n"
    "        return _invoke(_obj, a...);\n"
    "    }\n"
    "};\n"
    "template <class R, class... A> bool operator==(const function<R(A...)> &f, decltype(nullptr)) { return !f; }\n"
    "template <class R, class... A> bool operator==(decltype(nullptr), const function<R(A...)> &f) { return !f; }\n"
    "template <class R, class... A> bool operator!=(const function<R(A...)> &f, decltype(nullptr)) { return (bool)f; }\n"
    "template <class R, class... A> bool operator!=(decltype(nullptr), const function<R(A...)> &f) { return (bool)f; }\n"
    "template <class R, class... A> void swap(function<R(A...)> &a, function<R(A...)> &b) { a.swap(b); }\n"
    "}\n";

const char *k_stl_functional_text(void)
{
    return TEXT_FUNCTIONAL;
}
