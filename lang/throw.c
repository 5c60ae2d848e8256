/* lang/throw.c -- `throw`, and the traits of thrown and caught types.
 *
 * In a program without try (lang/eh.c has the other case) a throw ends
 * the program the way an exception no
 * handler catches ends a g++ program: libstdc++'s terminate handler writes
 *
 *     terminate called after throwing an instance of 'std::runtime_error'
 *       what():  CUDA error
 *
 * on stderr (the what() line for classes derived from std::exception) and
 * the program aborts, here at the throw: `throw e` is parsed as
 * `(__simtvm_throw(e), abort())`, `throw;` as `(__simtvm_rethrow(), abort())`,
 * with __simtvm_throw from the header simtvm/throw.h, read in front of every
 * file that says "throw" (lang/preprocess.c).  Its two compiler traits give
 * the thrown type's name as g++'s demangler spells it and whether it is a
 * std::exception.  In a program with a try statement simtvm/try.h is read
 * first, and a throw is one handlers can catch (lang/eh.c):
 * `throw e` becomes `(__simtvm_throw_new(new __typeof__(e)(e)), abort())`.
 */
#include <stdio.h>
#include <string.h>

#include "parser.h"
#include "parse_build.h"
#include "parse_helpers.h"
#include "sema.h"
#include "templates.h"
#include "types.h"

static const char TEXT_THROW_H[] =
    "// simtvm/throw.h: what a throw does (lang/throw.c; with simtvm/try.h,\n"
    "// lang/eh.c, one a handler catches).\n"
    "#pragma once\n"
    "#define __SIMTVM_THROW\n"
    "#include <stdio.h>\n"
    "#include <stdlib.h>\n"
    "\n"
    "#ifndef __SIMTVM_TRY\n"
    "#define __simtvm_throw_report __simtvm_throw\n"
    "#endif\n"
    "template <class T> inline void __simtvm_throw_report(const T &v)\n"
    "{\n"
    "    fprintf(stderr, \"terminate called after throwing an instance of '%s'\\n\",\n"
    "            __simtvm_type_name(T));\n"
    "    if constexpr (__simtvm_is_exception(T))\n"
    "        fprintf(stderr, \"  what():  %s\\n\", v.what());\n"
    "}\n"
    "#ifndef __SIMTVM_TRY\n"
    "#undef __simtvm_throw_report\n"
    "inline void __simtvm_rethrow()\n"
    "{\n"
    "    fprintf(stderr, \"terminate called without an active exception\\n\");\n"
    "}\n"
    "#else\n"
    "template <class T> void __simtvm_eh_drop(void *p) { delete (T *)p; }\n"
    "template <class T> void __simtvm_eh_tell(void *p) { __simtvm_throw_report(*(const T *)p); }\n"
    "// the exception object is a copy of v on the heap; the compiler's test\n"
    "// after this call sends the exception on (lang/lower_eh.c)\n"
    "template <class T> inline void __simtvm_throw(const T &v)\n"
    "{\n"
    "    __simtvm_eh_start((void *)new T(v), __simtvm_type_key(T), __simtvm_eh_drop<T>,\n"
    "                      __simtvm_eh_tell<T>);\n"
    "}\n"
    "// `throw e` as the parser writes it: the object built in place, new T(e)\n"
    "template <class T> inline void __simtvm_throw_new(T *p)\n"
    "{\n"
    "    __simtvm_eh_start((void *)p, __simtvm_type_key(T), __simtvm_eh_drop<T>,\n"
    "                      __simtvm_eh_tell<T>);\n"
    "}\n"
    "inline void __simtvm_rethrow()\n"
    "{\n"
    "    __simtvm_eh_catch *c = __simtvm_eh_caught;\n"
    "    if (!c) {\n"
    "        fprintf(stderr, \"terminate called without an active exception\\n\");\n"
    "        abort();\n"
    "    }\n"
    "    c->rethrown = 1;\n"
    "    __simtvm_eh_start(c->rec.obj, c->rec.key, c->rec.drop, c->rec.tell);\n"
    "}\n"
    "#endif\n";

const char *k_throw_header_text(const char *name)
{
    return strcmp(name, "simtvm/throw.h") ? NULL : TEXT_THROW_H;
}

static k_type *const_char_ptr(k_parser *ps)
{
    k_type *c = k_type_new(ps->ctx, TY_CHAR);
    c->quals |= Q_CONST;
    return k_type_ptr(ps->ctx, c);
}

/* `new __typeof__(e)(e)`: the exception object made from e as C++ makes
 * it, a class prvalue built in place (copy elision), an lvalue copied. */
static k_expr *built_in_place(k_parser *ps, k_loc loc, k_expr *e)
{
    k_expr *n = k_expr_new(ps->ctx, E_NEW, loc);
    if (!n)
        return e;
    n->type_written = k_parse_decltype(ps, loc, K_DT_TYPEOF, k_clone_expr(ps->ctx, e, NULL), NULL);
    n->op = 1;
    n->args = k_alloc(ps->ctx, sizeof *n->args);
    n->args[0] = e;
    n->nargs = 1;
    n->depth = e->depth + 1;
    return n;
}

/* `throw e` / `throw`: the report, then abort() at the throw. */
k_expr *k_parse_throw(k_parser *ps, k_loc loc, k_expr *e)
{
    k_expr *report = kp_expr_leaf(ps, E_IDENT, loc);
    k_expr *stop = kp_expr_leaf(ps, E_IDENT, loc);
    if (!report || !stop)
        return e;
    report->name = e ? "__simtvm_throw" : "__simtvm_rethrow";
    if (e && e->kind == E_STRING)   /* `throw "text"` throws a const char * */
        e = kp_typed(kp_expr_unary(ps, E_CAST, 0, loc, e),
                     const_char_ptr(ps));
    if (e && kp_typedef_lookup(ps, "__simtvm_eh_try")) {   /* catchable (lang/eh.c) */
        report->name = "__simtvm_throw_new";
        e = built_in_place(ps, loc, e);
    }
    stop->name = "abort";
    k_list *args = kp_list_new(ps);
    if (e)
        kp_list_append(ps, args, e);
    k_expr *call = kp_expr_call(ps, loc, report, args);
    k_expr *end = kp_expr_call(ps, loc, stop, kp_list_new(ps));
    return kp_expr_binary(ps, E_BINARY, KB_COMMA, loc, call, end);
}

/* Whether e is what k_parse_throw made, before sema: (__simtvm_throw(x), abort()). */
static int is_throw(const k_expr *e)
{
    return e && e->kind == E_BINARY && e->op == KB_COMMA && e->lhs && e->lhs->kind == E_CALL &&
           e->lhs->name && (!strcmp(e->lhs->name, "__simtvm_throw") ||
                            !strcmp(e->lhs->name, "__simtvm_throw_new") ||
                            !strcmp(e->lhs->name, "__simtvm_rethrow"));
}

static k_expr *int_zero(k_sema_state *s, k_loc loc)
{
    k_expr *z = k_expr_new(s->ctx, E_INT, loc);
    if (z) {
        z->ival = 0;
        z->depth = 1;
    }
    return z;
}

static k_expr *comma(k_sema_state *s, k_loc loc, k_expr *a, k_expr *b)
{
    k_expr *c = k_expr_new(s->ctx, E_BINARY, loc);
    if (!c)
        return NULL;
    c->op = KB_COMMA;
    c->lhs = a;
    c->rhs = b;
    c->depth = (a->depth > b->depth ? a->depth : b->depth) + 1;
    return c;
}

/* `c ? x : throw e` (or `c ? throw e : x`): in C++ the whole has x's type.
 * Rewritten in place, before its operands are checked, to
 * `(c ? 0 : (throw e, 0)), x`: c first, then the throw's abort() or x, as
 * C++ evaluates it (the throw never returns, so x is never reached after
 * it).  Both operands throwing stay as they are: void and void.  1 where e
 * was rewritten. */
int k_sema_throw_operand(k_sema_state *s, k_expr *e)
{
    int left = is_throw(e->lhs), right = is_throw(e->rhs);
    if (left == right)
        return 0;
    k_expr *thrown = left ? e->lhs : e->rhs, *value = left ? e->rhs : e->lhs;
    k_expr *zero = int_zero(s, e->loc), *zero2 = int_zero(s, e->loc);
    k_expr *test = k_expr_new(s->ctx, E_COND, e->loc);
    k_expr *stop = zero2 ? comma(s, e->loc, thrown, zero2) : NULL;
    if (!zero || !test || !stop)
        return 0;
    test->cond = e->cond;
    test->lhs = left ? stop : zero;
    test->rhs = left ? zero : stop;
    test->depth = (e->cond->depth > stop->depth ? e->cond->depth : stop->depth) + 1;
    e->kind = E_BINARY;
    e->op = KB_COMMA;
    e->cond = NULL;
    e->lhs = test;
    e->rhs = value;
    e->depth = (test->depth > value->depth ? test->depth : value->depth) + 1;
    return 1;
}

/* ---- the traits ---- */

static void append(char *buf, size_t len, const char *s)
{
    size_t n = strlen(buf);
    if (n + 1 < len)
        snprintf(buf + n, len - n, "%s", s);
}

/* t as g++'s demangler writes a thrown type: cv after what it qualifies
 * ("char const*"), std::string as its full template, arrays decayed. */
static void spell(const k_type *t, char *buf, size_t len)
{
    if (t && (t->kind == TY_PTR || t->kind == TY_ARRAY)) {
        spell(t->base, buf, len);
        append(buf, len, "*");
        return;
    }
    char part[256];
    const char *bare = k_ty_str(t, part, sizeof part);
    int is_const = strncmp(bare, "const ", 6) == 0;
    if (is_const)
        bare += 6;
    const char *ns = t && t->kind == TY_RECORD && t->rec ? t->rec->ns : NULL;
    if (ns && !strcmp(ns, "std") && !strcmp(bare, "string"))
        bare = "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >";
    else if (ns && strncmp(bare, ns, strlen(ns))) {   /* the namespace it was declared in */
        append(buf, len, ns);
        append(buf, len, "::");
    }
    append(buf, len, bare);
    if (is_const)
        append(buf, len, " const");
}

static int derives_from_exception(const k_record *r, int depth)
{
    if (!r || depth > 32)
        return 0;
    const char *name = k_record_name(r);   /* std's own, not a program's `exception` */
    if (!strcmp(name, "std::exception") ||
        (!strcmp(name, "exception") && r->ns && !strcmp(r->ns, "std")))
        return 1;
    for (int i = 0; i < r->nfields; i++) {   /* its bases are its first, unnamed members */
        const k_type *b = r->fields[i].type;
        if (!r->fields[i].name && b && b->kind == TY_RECORD && derives_from_exception(b->rec, depth + 1))
            return 1;
    }
    return 0;
}

/* ---- the keys of catchable exceptions (lang/eh.c) ---- */

/* t spelled as spell() does, without any const: a handler of `const B &`
 * catches a B, one of `const B *` a B *. */
static void key_spell(const k_type *t, char *buf, size_t len)
{
    char part[512] = "";
    spell(t, part, sizeof part);
    for (char *c; (c = strstr(part, " const")) != NULL;)
        memmove(c, c + 6, strlen(c + 6) + 1);
    append(buf, len, part);
}

static void key_entry(char *buf, size_t len, const k_type *t, int ptr, uint32_t off)
{
    char num[24];
    append(buf, len, "|");
    key_spell(t, buf, len);
    snprintf(num, sizeof num, "%s@%u", ptr ? "*" : "", off);
    append(buf, len, num);
}

/* Class t at offset off and its public bases, each with its offset. */
static void class_keys(const k_type *t, int ptr, uint32_t off, char *buf, size_t len, int depth)
{
    key_entry(buf, len, t, ptr, off);
    const k_record *r = t->rec;
    for (int i = 0; r && depth < 32 && i < r->nfields; i++) {
        const k_field *f = &r->fields[i];
        if (!f->name && f->type && f->type->kind == TY_RECORD && f->access == K_PUBLIC)
            class_keys(f->type, ptr, off + f->offset, buf, len, depth + 1);
    }
}

/* __simtvm_type_key(T): what a thrown T is, "|D@0|B@0|" (a pointer to a
 * class: "|D*@0|B*@0|void*@0|"); __simtvm_catch_key(T): "|T@" for a
 * handler of T (its reference and const dropped).  A handler catches
 * where its key is in the thrown one's; the number after it is the base's
 * offset in the object. */
static int eh_key_trait(k_sema_state *s, k_expr *e)
{
    int thrown = !strcmp(e->name, "__simtvm_type_key");
    if (!thrown && strcmp(e->name, "__simtvm_catch_key"))
        return 0;
    k_type *t = e->type_written;
    k_sema_resolve_type(s, t, e->loc);
    while (t && t->kind == TY_REF)
        t = t->base;
    char buf[2048] = "";
    const k_type *pointee = t && t->kind == TY_PTR ? t->base : NULL;
    if (!thrown) {
        append(buf, sizeof buf, "|");
        key_spell(t, buf, sizeof buf);
        append(buf, sizeof buf, "@");
    } else if (t && t->kind == TY_RECORD) {
        class_keys(t, 0, 0, buf, sizeof buf, 0);
    } else if (pointee && pointee->kind == TY_RECORD) {
        class_keys(pointee, 1, 0, buf, sizeof buf, 0);
        append(buf, sizeof buf, "|void*@0");
    } else {
        key_entry(buf, sizeof buf, t, 0, 0);
        if (pointee)
            append(buf, sizeof buf, "|void*@0");
    }
    if (thrown)
        append(buf, sizeof buf, "|");
    e->kind = E_STRING;
    e->str = k_strndup(s->ctx, buf, strlen(buf));
    e->strlen = strlen(buf);
    e->name = NULL;
    e->type_written = NULL;
    return 1;
}

/* __simtvm_type_name(T), a string literal, and __simtvm_is_exception(T), a
 * bool constant; the keys above; 0 where e names none. */
k_type *k_sema_throw_trait(k_sema_state *s, k_expr *e)
{
    if (eh_key_trait(s, e))
        return k_sema_expr(s, e);
    int name = !strcmp(e->name, "__simtvm_type_name");
    if (!name && strcmp(e->name, "__simtvm_is_exception"))
        return NULL;
    k_type *t = e->type_written;
    k_sema_resolve_type(s, t, e->loc);
    while (t && t->kind == TY_REF)
        t = t->base;
    if (!name) {
        e->type = k_ty(s->ctx, TY_BOOL);
        e->is_const = 1;
        e->const_val = t && t->kind == TY_RECORD && derives_from_exception(t->rec, 0);
        return e->type;
    }
    char buf[512] = "";
    spell(t, buf, sizeof buf);
    e->kind = E_STRING;
    e->str = k_strndup(s->ctx, buf, strlen(buf));
    e->strlen = strlen(buf);
    e->name = NULL;
    e->type_written = NULL;
    return k_sema_expr(s, e);
}

/* A throw in device code (e, the call of __simtvm_throw): nvcc's error,
 * once, before its operand is checked; 1 where it was one. */
int k_throw_in_device(k_sema_state *s, const k_expr *e)
{
    if (!(s->fn_kind & (FN_DEVICE | FN_KERNEL)) ||
        (strcmp(e->name, "__simtvm_throw") && strcmp(e->name, "__simtvm_throw_new") &&
         strcmp(e->name, "__simtvm_rethrow")))
        return 0;
    k_error(s->ctx, e->loc, "'throw' cannot be used in device code (CUDA has no exceptions on "
            "the GPU: report the error through memory, or call __trap())");
    s->device_throw = e->loc;
    return 1;
}
