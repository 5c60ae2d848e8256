/* lang/enums.c -- sema's side of enums: the values their enumerators may
 * have, and the kind of an enum whose underlying type is not written.
 *
 * `enum E : unsigned char` (and `enum class E`, int) fixes the kind in the
 * parser (lang/parse_decl.c); an enumerator outside its range is an error,
 * as in g++.  Without a fixed type C++ widens the enum to hold every value:
 * its enumerators' values are constants only sema folds, so each enumerator
 * is first typed as C++ types it inside the braces (its initializer's type),
 * and at the last one the enum gets the first of int, unsigned int, long and
 * unsigned long that holds the values' range (g++'s promoted type: `enum
 * Neg { NA = -1, NB = 0xFFFFFFFF }` is long, `enum { M = 1ul << 32 }` long,
 * `enum U { UA = 0xFFFFFFFF }` unsigned int).  k_enum (lang/ast.h) carries
 * that kind to every copy of the type (k_sema_resolve_type). */
#include <inttypes.h>
#include "sema.h"
#include "types.h"

/* The enumerator's kind inside its enum's braces: its initializer's,
 * promoted; int when that is no integer (an error sema reports). */
void k_enum_enumerator_type(k_sema_state *s, k_decl *d)
{
    k_enum *en = d->type->enum_def;
    if (!en || en->settled || !d->init)
        return;
    k_type *t = k_sema_rvalue(s, d->init);
    if (t && k_ty_is_integer(t) && t->kind != TY_BOOL)
        d->type->kind = k_kind_promote(t->kind);
}

/* Whether v (of kind from) is a value of kind to. */
static int fits(uint64_t v, k_type_kind from, k_type_kind to)
{
    int neg = k_kind_is_signed(from) && (int64_t)v < 0;
    if (neg)
        return k_kind_is_signed(to) && (int64_t)k_kind_wrap(to, v) == (int64_t)v;
    if (k_kind_is_signed(to))
        return (int64_t)k_kind_wrap(to, v) == (int64_t)v && (int64_t)v >= 0;
    return k_kind_wrap(to, v) == v;
}

/* The first of int, unsigned int, long, unsigned long holding every value
 * of the enum's range (all the values' bits, and a sign when one is negative),
 * TY_VOID when none does. */
static k_type_kind widened_kind(const k_enum *en)
{
    static const k_type_kind order[] = {TY_INT, TY_UINT, TY_LONG, TY_ULONG};
    int bits = 1;
    while (bits < 64 && (en->max >> bits))
        bits++;
    while (en->any_negative && bits < 64 && ((uint64_t)~en->min >> bits))
        bits++;
    for (size_t i = 0; i < sizeof order / sizeof *order; i++) {
        int width = k_kind_bits(order[i]) - k_kind_is_signed(order[i]);
        if (en->any_negative && !k_kind_is_signed(order[i]))
            continue;
        if (bits <= width)
            return order[i];
    }
    return TY_VOID;
}

/* The enum's last enumerator is seen: its kind, given to every enumerator. */
static void settle(k_sema_state *s, k_enum *en, k_loc loc)
{
    k_type_kind kind = widened_kind(en);
    if (kind == TY_VOID) {
        /* C++ makes it ill-formed; g++ widens to __int128, which K lacks */
        k_error(s->ctx, loc, "no integer type holds all the enumerator values of %s%s%s "
                "(K has no 128-bit integer)",
                en->tag ? "'" : "an unnamed enum", en->tag ? en->tag : "", en->tag ? "'" : "");
        kind = TY_LLONG;
    }
    en->kind = kind;
    en->settled = 1;
    for (int i = 0; i < en->ndecls; i++)
        en->decls[i]->type->kind = kind;
}

/* The enumerator's value is known (its initializer folded): within its
 * fixed type, or counted for the kind sema settles. */
void k_enum_enumerator_value(k_sema_state *s, k_decl *d)
{
    const k_expr *v = d->init;
    if (!v || !v->is_const || !v->type || !k_ty_is_integer(v->type))
        return;
    k_type_kind from = v->type->kind;
    uint64_t val = k_kind_wrap(from, v->const_val);
    k_enum *en = d->type->enum_def;
    if (!en) {   /* fixed: `enum E : unsigned char { A = 256 }` is g++'s error too */
        if (!fits(val, from, d->type->kind)) {
            char buf[64];
            k_type t = {.kind = d->type->kind};
            if (k_kind_is_signed(from) && (int64_t)val < 0)
                snprintf(buf, sizeof buf, "%" PRId64, (int64_t)val);
            else
                snprintf(buf, sizeof buf, "%" PRIu64, val);
            char tb[32];
            k_error(s->ctx, d->init->loc, "enumerator value %s is outside the range of "
                    "underlying type '%s'", buf, k_ty_str(&t, tb, sizeof tb));
        }
        return;
    }
    if (en->settled)
        return;
    if (k_kind_is_signed(from) && (int64_t)val < 0) {
        if (!en->any_negative || (int64_t)val < en->min)
            en->min = (int64_t)val;
        en->any_negative = 1;
    } else if (val > en->max) {
        en->max = val;
    }
    if (d == en->last)
        settle(s, en, d->loc);
}
