/* lang/iostream.c -- <iostream> and <iomanip> in the front end: std::cout,
 * std::cerr, std::clog, the manipulators (std::endl, std::fixed...), and
 * `stream << value`.
 *
 * A stream is a constant of type long spelled "std::ostream" (its value is
 * the runtime's stream number, runtime/ostream.c); a manipulator without
 * arguments is a constant spelled "std::ios_manip" whose value is its code
 * << 32, and one with an argument (std::setw(n)...) a runtime builtin
 * returning that type (SIG letter M).  `s << v` on a stream becomes a call
 * of the runtime's "std::operator<<"(s, kind, v): kind says which overload
 * C++ would pick for v's type (runtime/ostream.h enum simt_os_kind), and v
 * travels with C's default promotions, as printf's arguments do.  So a chain
 * `std::cout << a << b` is nested calls, each returning the stream. */
#include <string.h>

#include "runtime/ostream.h"
#include "sema.h"

#define STREAM_ALIAS "std::ostream"
#define MANIP_ALIAS "std::ios_manip"

int k_iostream_is_stream(const k_type *t)
{
    return t && t->alias && strcmp(t->alias, STREAM_ALIAS) == 0;
}

static int is_manip(const k_type *t)
{
    return t && t->alias && strcmp(t->alias, MANIP_ALIAS) == 0;
}

void k_iostream_builtins(k_sema_state *s)
{
    static const struct { const char *name; uint64_t v; } streams[] = {
        {"std::cout", 1}, {"std::cerr", 2}, {"std::clog", 3},
    };
    for (size_t i = 0; i < sizeof streams / sizeof streams[0]; i++)
        k_sema_add_const(s, streams[i].name, TY_LONG, STREAM_ALIAS, streams[i].v);
    static const struct { const char *name; int code; } manips[] = {
        {"std::endl", OSM_ENDL}, {"std::flush", OSM_FLUSH}, {"std::ends", OSM_ENDS},
        {"std::boolalpha", OSM_BOOLALPHA}, {"std::noboolalpha", OSM_NOBOOLALPHA},
        {"std::showbase", OSM_SHOWBASE}, {"std::noshowbase", OSM_NOSHOWBASE},
        {"std::showpoint", OSM_SHOWPOINT}, {"std::noshowpoint", OSM_NOSHOWPOINT},
        {"std::showpos", OSM_SHOWPOS}, {"std::noshowpos", OSM_NOSHOWPOS},
        {"std::uppercase", OSM_UPPERCASE}, {"std::nouppercase", OSM_NOUPPERCASE},
        {"std::dec", OSM_DEC}, {"std::hex", OSM_HEX}, {"std::oct", OSM_OCT},
        {"std::fixed", OSM_FIXED}, {"std::scientific", OSM_SCIENTIFIC},
        {"std::hexfloat", OSM_HEXFLOAT}, {"std::defaultfloat", OSM_DEFAULTFLOAT},
        {"std::left", OSM_LEFT}, {"std::right", OSM_RIGHT}, {"std::internal", OSM_INTERNAL},
    };
    for (size_t i = 0; i < sizeof manips / sizeof manips[0]; i++)
        k_sema_add_const(s, manips[i].name, TY_LONG, MANIP_ALIAS,
                         (uint64_t)manips[i].code << 32);
}

/* The overload of operator<< that C++ picks for a value of type t, or -1. */
static int insert_kind(const k_type *t)
{
    if (is_manip(t))
        return OSK_MANIP;
    if (t->kind == TY_PTR || t->kind == TY_ARRAY) {
        k_type_kind b = t->base ? t->base->kind : TY_VOID;
        return b == TY_CHAR || b == TY_SCHAR || b == TY_UCHAR ? OSK_STR : OSK_PTR;
    }
    switch (t->kind) {
    case TY_BOOL: return OSK_BOOL;
    case TY_CHAR: case TY_SCHAR: case TY_UCHAR: return OSK_CHAR;
    case TY_SHORT: return OSK_SHORT;
    case TY_USHORT: return OSK_USHORT;
    case TY_INT: return OSK_INT;
    case TY_UINT: return OSK_UINT;
    case TY_LONG: case TY_LLONG: return OSK_LONG;
    case TY_ULONG: case TY_ULLONG: return OSK_ULONG;
    case TY_FLOAT: case TY_DOUBLE: return OSK_DOUBLE;
    default: return -1;
    }
}

/* `stream << value` (e is the E_BINARY, both sides checked): becomes the
 * runtime call.  Returns the stream type. */
k_type *k_iostream_insert(k_sema_state *s, k_expr *e, k_type *value_type)
{
    k_ctx *ctx = s->ctx;
    /* 'x' is an int in K's C rules but a char in C++, which is what
     * operator<< sees */
    int kind = e->rhs->kind == E_CHAR ? OSK_CHAR : insert_kind(value_type);
    if (kind < 0 || k_iostream_is_stream(value_type)) {
        char buf[128];
        k_error(ctx, e->rhs->loc, "cannot write a value of type '%s' to a stream with <<",
                k_ty_str(value_type, buf, sizeof buf));
        return NULL;
    }
    if ((s->fn_kind & (FN_DEVICE | FN_KERNEL)) && !(s->fn_kind & FN_HOST)) {
        k_error(ctx, e->loc, "streams (<<) are host-only: use printf in device code");
        return NULL;
    }
    int id = k_builtin_find("std::operator<<", 0);
    k_expr *code = k_expr_new(ctx, E_INT, e->rhs->loc);
    k_expr **args = k_alloc(ctx, 3 * sizeof *args);
    if (id < 0)
        return NULL;
    code->ival = (uint64_t)kind;
    args[0] = e->lhs;
    args[1] = code;
    args[2] = e->rhs;
    e->kind = E_CALL;
    e->name = "std::operator<<";
    e->args = args;
    e->nargs = 3;
    e->lhs = e->rhs = NULL;
    k_sema_builtin_call(s, e, id);
    return e->type;
}

/* Whether t is the library's class qname ("std::string"): a record's tag is
 * its bare name, its member functions carry the qualified one. */
static int is_std_class(const k_type *t, const char *qname)
{
    size_t n = strlen(qname);
    return t && t->kind == TY_RECORD && t->rec->nmethods > 0 &&
           strncmp(t->rec->methods[0]->name, qname, n) == 0 &&
           strncmp(t->rec->methods[0]->name + n, "::", 2) == 0;
}

/* A std::ostringstream, std::stringstream, std::ofstream or std::fstream: the K classes
 * of lang/stl_streams.c that lang/iostream.c writes into. */
int k_iostream_is_sstream(const k_type *t)
{
    return is_std_class(t, "std::ostringstream") || is_std_class(t, "std::stringstream") ||
           is_std_class(t, "std::ofstream") || is_std_class(t, "std::fstream");
}

/* `os << value` on a string stream (both sides checked) becomes the call
 * std::__simtvm_put_X(os, kind, value) of the library (X by how the value
 * travels: l a long, d a double, s a C string, str a std::string), which
 * formats through the runtime as std::cout would.  Returns its type. */
k_type *k_iostream_sstream_insert(k_sema_state *s, k_expr *e, k_type *value_type)
{
    k_ctx *ctx = s->ctx;
    int str = is_std_class(value_type, "std::string");
    int kind = str ? OSK_STR : e->rhs->kind == E_CHAR ? OSK_CHAR : insert_kind(value_type);
    if (kind < 0) {
        char buf[128];
        k_error(ctx, e->rhs->loc, "cannot write a value of type '%s' to a string stream with <<",
                k_ty_str(value_type, buf, sizeof buf));
        return NULL;
    }
    const char *fn = str ? "std::__simtvm_put_str" : kind == OSK_DOUBLE ? "std::__simtvm_put_d"
                     : kind == OSK_STR ? "std::__simtvm_put_s" : "std::__simtvm_put_l";
    k_expr *value = e->rhs;
    if (!str && kind != OSK_DOUBLE && kind != OSK_STR) {   /* every other kind as a long */
        value = k_expr_new(ctx, E_CAST, e->rhs->loc);
        value->type_written = k_ty(ctx, TY_LONG);
        value->lhs = e->rhs;
        value->depth = e->rhs->depth + 1;
    }
    k_expr *code = k_expr_new(ctx, E_INT, e->rhs->loc);
    k_expr **args = k_alloc(ctx, 3 * sizeof *args);
    code->ival = (uint64_t)kind;
    code->depth = 1;
    args[0] = e->lhs;
    args[1] = code;
    args[2] = value;
    e->kind = E_CALL;
    e->name = fn;
    e->args = args;
    e->nargs = 3;
    e->lhs = e->rhs = NULL;
    e->builtin = -1;
    e->op = 0;
    return k_sema_expr(s, e);
}
