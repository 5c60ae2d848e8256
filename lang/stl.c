/* lang/stl.c -- the C++ standard library of host code (SPEC 2.8).
 *
 * Most of it is K source compiled with the program (lang/stl_algorithm.c,
 * lang/stl_containers.c): the standard headers below read those texts, each
 * once, under internal names.  <iostream> brings <string> and the
 * algorithms in, as libstdc++'s does (programs use std::min and
 * std::string with only <iostream> included).  Sema gives a meaning itself
 * to what K source cannot say: std::min/std::max of a braced list
 * (std::initializer_list) and std::numeric_limits<T>. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "sema.h"
#include "stl.h"

#define INC_CSTDLIB "#pragma once\n#include <simtvm/cstdlib.h>\n"
#define INC_ALGORITHM INC_CSTDLIB "#include <simtvm/algorithm.h>\n"
/* libstdc++'s <string>, <iostream> and the other stream and container
 * headers make <type_traits>' names visible too (g++ takes std::enable_if
 * after only <iostream>) */
/* libstdc++'s <string> brings <cctype> too (bits/localefwd.h): toupper
 * after <iostream> alone */
#define INC_STRING \
    "#pragma once\n#include <simtvm/algorithm.h>\n#include <simtvm/type_traits.h>\n#include <simtvm/string.h>\n" \
    "#include <ctype.h>\n"
#define INC_SSTREAM INC_STRING "#include <simtvm/sstream.h>\n#include <simtvm/istreambuf_iterator.h>\n"
#define INC_IOSTREAM INC_STRING "#include <simtvm/cin.h>\n"
/* libstdc++'s <vector> makes <type_traits>' names visible (g++ takes
 * std::aligned_storage after only <vector>) */
#define INC_VECTOR \
    "#pragma once\n#include <simtvm/algorithm.h>\n#include <simtvm/type_traits.h>\n#include <simtvm/vector.h>\n"
#define INC_FSTREAM INC_STRING "#include <simtvm/fstream.h>\n#include <simtvm/istreambuf_iterator.h>\n"
#define INC_MAP INC_STRING "#include <simtvm/map.h>\n#include <tuple>\n"
#define INC_SET INC_ALGORITHM "#include <simtvm/set.h>\n"
#define INC_LIST INC_ALGORITHM "#include <simtvm/list.h>\n"

static const struct {
    const char *name;
    const char *text;
} STD_HEADERS[] = {
    {"stdlib.h", INC_CSTDLIB}, {"cstdlib", INC_CSTDLIB},
    {"string.h", "#pragma once\n#include <simtvm/cstring.h>\n"},
    {"cstring", "#pragma once\n#include <simtvm/cstring.h>\n"},
    {"stdio.h", "#pragma once\n#include <simtvm/cstdio.h>\n"},
    {"cstdio", "#pragma once\n#include <simtvm/cstdio.h>\n"},
    {"time.h", "#pragma once\n#include <simtvm/ctime.h>\n"},
    {"ctime", "#pragma once\n#include <simtvm/ctime.h>\n"},
    {"algorithm", INC_ALGORITHM}, {"utility", INC_ALGORITHM "#include <simtvm/type_traits.h>\n#include <simtvm/integer_sequence.h>\n"}, {"numeric", INC_ALGORITHM},
    {"string", INC_STRING}, {"iostream", INC_IOSTREAM}, {"ostream", INC_STRING},
    /* libstdc++'s <iomanip> includes <sstream> (for std::quoted) */
    {"iomanip", INC_SSTREAM}, {"vector", INC_VECTOR}, {"stdexcept", INC_STRING},
    {"exception", INC_STRING}, {"sstream", INC_SSTREAM}, {"istream", INC_SSTREAM "#include <simtvm/cin.h>\n"},
    {"fstream", INC_FSTREAM}, {"map", INC_MAP}, {"set", INC_SET}, {"list", INC_LIST},
    {"unordered_set", INC_STRING "#include <simtvm/hash.h>\n#include <simtvm/unordered_set.h>\n"},
    {"unordered_map", INC_STRING "#include <simtvm/hash.h>\n#include <simtvm/unordered_map.h>\n#include <tuple>\n"},
    {"iterator", "#pragma once\n#include <simtvm/iterator.h>\n#include <simtvm/istreambuf_iterator.h>\n"},
    {"type_traits", "#pragma once\n#include <simtvm/type_traits.h>\n"},
    /* libstdc++'s <cmath> and <random> make <type_traits> and std::move,
     * std::forward visible (g++ takes std::forward after only <cmath>);
     * both also <bits/stl_algobase.h>'s std::min and std::max (g++ 12
     * takes std::min after only <cmath>); <random> also <vector> and
     * <string> (bits/random.h's).  <map>, <unordered_map>, <functional>
     * and <memory> bring <tuple>, <functional> <vector> too, as libstdc++'s
     * do */
    {"cmath", INC_ALGORITHM "#include <simtvm/type_traits.h>\n#include <simtvm/move.h>\n"},
    {"random", INC_ALGORITHM "#include <simtvm/type_traits.h>\n#include <simtvm/move.h>\n#include <vector>\n#include <string>\n"},
    {"array", "#pragma once\n#include <simtvm/array.h>\n"},
    /* libstdc++'s <bitset> brings <string> and <iosfwd> (its operator<<) */
    {"bitset", INC_STRING "#include <simtvm/bitset.h>\n"},
    {"optional", INC_STRING "#include <simtvm/move.h>\n#include <simtvm/optional.h>\n"},
    /* libstdc++'s <complex> brings <sstream> (for its operator<<) and <cmath> */
    {"complex", INC_SSTREAM "#include <cmath>\n#include <simtvm/complex.h>\n"},
    {"functional", INC_STRING "#include <simtvm/type_traits.h>\n#include <simtvm/functional.h>\n#include <tuple>\n#include <vector>\n"},
    {"memory", "#pragma once\n#include <simtvm/algorithm.h>\n#include <simtvm/type_traits.h>\n#include <simtvm/memory.h>\n#include <tuple>\n"},
};

const char *k_stl_header_text(const char *name)
{
    if (!strcmp(name, "simtvm/algorithm.h"))
        return k_stl_algorithm_text();
    if (!strcmp(name, "simtvm/algorithm_more.h"))
        return k_stl_algorithm_more_text();
    if (!strcmp(name, "simtvm/bitset.h"))
        return k_stl_bitset_text();
    if (!strcmp(name, "simtvm/optional.h"))
        return k_stl_optional_text();
    if (!strcmp(name, "simtvm/move.h"))
        return k_stl_move_text();
    if (!strcmp(name, "simtvm/string.h"))
        return k_stl_string_text();
    if (!strcmp(name, "simtvm/sstream.h"))
        return k_stl_sstream_text();
    if (!strcmp(name, "simtvm/cin.h"))
        return k_stl_cin_text();
    if (!strcmp(name, "simtvm/fstream.h"))
        return k_stl_fstream_text();
    if (!strcmp(name, "simtvm/map.h"))
        return k_stl_map_text();
    if (!strcmp(name, "simtvm/set.h"))
        return k_stl_set_text();
    if (!strcmp(name, "simtvm/unordered_set.h"))
        return k_stl_unordered_set_text();
    if (!strcmp(name, "simtvm/unordered_map.h"))
        return k_stl_unordered_map_text();
    if (!strcmp(name, "simtvm/hash.h"))
        return k_stl_hash_text();
    if (!strcmp(name, "simtvm/list.h"))
        return k_stl_list_text();
    if (!strcmp(name, "simtvm/vector.h"))
        return k_stl_vector_text();
    if (!strcmp(name, "simtvm/iterator.h"))
        return k_stl_iterator_text();
    if (!strcmp(name, "simtvm/istreambuf_iterator.h"))
        return k_stl_istreambuf_iterator_text();
    if (!strcmp(name, "simtvm/iterator_funcs.h"))
        return k_stl_iterator_funcs_text();
    if (!strcmp(name, "simtvm/array.h"))
        return k_stl_array_text();
    if (!strcmp(name, "simtvm/cstdlib.h"))
        return k_stl_cstdlib_text();
    if (!strcmp(name, "simtvm/cstring.h"))
        return k_stl_cstring_text();
    if (!strcmp(name, "simtvm/ctime.h"))
        return k_stl_ctime_text();
    if (!strcmp(name, "simtvm/cstdio.h"))
        return k_stl_cstdio_text();
    if (!strcmp(name, "simtvm/type_traits.h"))
        return k_stl_type_traits_text();
    if (!strcmp(name, "simtvm/tuple_like.h"))
        return k_stl_tuple_like_text();
    if (!strcmp(name, "simtvm/tuple_compare.h"))
        return k_stl_tuple_compare_text();
    if (!strcmp(name, "simtvm/integer_sequence.h"))
        return k_stl_integer_sequence_text();
    if (!strcmp(name, "simtvm/memory.h"))
        return k_stl_memory_text();
    if (!strcmp(name, "simtvm/tuple_cat.h"))
        return k_stl_tuple_cat_text();
    if (!strcmp(name, "simtvm/functional.h"))
        return k_stl_functional_text();
    if (!strcmp(name, "simtvm/complex.h"))
        return k_stl_complex_text();
    if (!strcmp(name, "simtvm/apply.h"))
        return k_stl_apply_text();
    for (size_t i = 0; i < sizeof STD_HEADERS / sizeof STD_HEADERS[0]; i++)
        if (!strcmp(STD_HEADERS[i].name, name))
            return STD_HEADERS[i].text;
    const char *text = k_stl_thread_text(name);
    return text ? text : k_stl_deque_text(name);
}

/* The last part of a qualified name ("std::min" -> "min"). */
static const char *last_part(const char *name)
{
    const char *p = strrchr(name, ':');
    return p ? p + 1 : name;
}

/* std::min({a, b, c}) and std::max: the list folds into nested two-argument
 * calls, min(min(a, b), c).  That returns the first least element, as
 * libstdc++'s min(initializer_list) does (max: the first greatest); g++
 * deduces one T for the list, so the calls see one type too.  e is then
 * checked as the call it has become. */
void k_stl_rewrite_call(k_sema_state *s, k_expr *e)
{
    if (!e->name || e->nargs != 1 || e->args[0]->kind != E_INIT_LIST || e->has_targs)
        return;
    const char *f = last_part(e->name);
    if (strcmp(f, "min") != 0 && strcmp(f, "max") != 0)
        return;
    k_expr *list = e->args[0];
    if (list->nargs < 1) {
        k_error(s->ctx, list->loc, "'%s' of an empty list", e->name);
        return;
    }
    k_expr *a = list->args[0];
    k_expr *b = list->nargs > 1 ? list->args[1] : a;   /* min({x}) is min(x, x) */
    for (int i = 2; i < list->nargs; i++) {
        k_expr *c = k_expr_new(s->ctx, E_CALL, a->loc);
        c->name = e->name;
        c->builtin = -1;
        c->args = k_alloc(s->ctx, 2 * sizeof *c->args);
        c->args[0] = a;
        c->args[1] = b;
        c->nargs = 2;
        c->depth = (a->depth > b->depth ? a->depth : b->depth) + 1;
        a = c;
        b = list->args[i];
    }
    e->args = k_alloc(s->ctx, 2 * sizeof *e->args);
    e->args[0] = a;
    e->args[1] = b;
    e->nargs = 2;
}

/* std::numeric_limits<T>::f() for an arithmetic T: a constant of type T.
 * e (an E_CALL named "std::numeric_limits::f" with targs) becomes the cast
 * `(T)literal`, which sema folds.  Returns e's type, NULL after an error. */
k_type *k_stl_limits_call(k_sema_state *s, k_expr *e)
{
    k_type *t = e->ntargs == 1 ? e->targs[0].type : NULL;
    const char *f = last_part(e->name);
    if (t)
        k_sema_resolve_type(s, t, e->targs[0].loc);
    if (!t || !k_ty_is_arith(t) || e->nargs != 0) {
        k_error(s->ctx, e->loc, "'std::numeric_limits<T>::%s()' needs one arithmetic type T "
                "and no arguments", f);
        return NULL;
    }
    int fl = k_ty_is_float(t), single = t->kind == TY_FLOAT;
    int64_t size = k_ty_size(t);
    int uns = !fl && !k_kind_is_signed(t->kind) && t->kind != TY_BOOL;
    uint64_t imax = t->kind == TY_BOOL ? 1 : uns ? (size == 8 ? UINT64_MAX : (1ull << (8 * size)) - 1)
                    : (1ull << (8 * size - 1)) - 1;
    uint64_t imin = uns || t->kind == TY_BOOL ? 0 : ~imax;   /* two's complement */
    double fmax = single ? FLT_MAX : DBL_MAX, fmin = single ? FLT_MIN : DBL_MIN;
    k_expr *lit = k_expr_new(s->ctx, fl ? E_FLOAT : E_INT, e->loc);
    lit->is_single = (unsigned)single;
    lit->int_unsigned = 1;
    lit->int_long = 2;
    if (!strcmp(f, "max")) {
        lit->ival = imax;
        lit->fval = fmax;
    } else if (!strcmp(f, "min")) {
        lit->ival = imin;
        lit->fval = fmin;
    } else if (!strcmp(f, "lowest")) {
        lit->ival = imin;
        lit->fval = -fmax;
    } else if (!strcmp(f, "epsilon") && fl) {
        lit->fval = single ? FLT_EPSILON : DBL_EPSILON;
    } else if (!strcmp(f, "infinity") && fl) {
        lit->fval = HUGE_VAL;
    } else if (!strcmp(f, "quiet_NaN") && fl) {
        lit->fval = NAN;
    } else if ((!strcmp(f, "epsilon") || !strcmp(f, "infinity") || !strcmp(f, "quiet_NaN"))) {
        lit->ival = 0;   /* integers: 0, as libstdc++ */
    } else {
        k_error(s->ctx, e->loc, "std::numeric_limits<T>::%s is not supported in K (max, min, "
                "lowest, epsilon, infinity, quiet_NaN are)", f);
        return NULL;
    }
    e->kind = E_CAST;
    e->type_written = t;
    e->lhs = lit;
    e->name = NULL;
    e->has_targs = 0;
    e->depth = 2;
    return k_sema_expr(s, e);
}
