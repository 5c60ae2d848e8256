/* lang/chrono.h -- <chrono> in the front end (lang/chrono.c).
 *
 * Durations and time points are scalars: a duration is its count (long for
 * std::chrono::nanoseconds..hours, or the Rep of duration<Rep, Period>), a
 * time point the nanoseconds since its clock's epoch (long).  The period
 * lives in the type (k_type.chrono), so sema can turn each conversion
 * (duration_cast, duration<double>(d), an initialization) into the
 * arithmetic libstdc++ does, and lowering sees only scalars. */
#ifndef K_CHRONO_H
#define K_CHRONO_H

#include "sema.h"

enum k_chrono_what { K_CHRONO_DURATION = 1, K_CHRONO_POINT, K_CHRONO_RATIO, K_CHRONO_CLOCK };

typedef struct k_chrono {
    unsigned char what;       /* enum k_chrono_what */
    k_type_kind rep;          /* the count's type (TY_VOID for a ratio) */
    int64_t num, den;         /* the period in seconds (a ratio's value), reduced */
} k_chrono;

/* The i-th <chrono> type name the parser knows from the start
 * (std::chrono::nanoseconds, ...::time_point, std::milli...), or NULL. */
const char *k_chrono_typedef(k_ctx *ctx, int i, k_type **t);
/* The clock t names (a typedef of std::chrono::steady_clock...), as
 * "std::chrono::steady_clock", or NULL: `Clock::now()` is the clock's. */
const char *k_chrono_clock_name(const k_type *t);
/* The time point type the clocks' now() returns (SIG letter T). */
k_type *k_chrono_point_type(k_ctx *ctx);

/* e is `a OP b` with a chrono operand: checks it and gives its type. */
k_type *k_chrono_binary(k_sema_state *s, k_expr *e, k_type *ta, k_type *tb);
/* Converts e (checked, of type from) to the chrono type `to` in place, as
 * an initialization or assignment does.  Returns 0 after an error. */
int k_chrono_assign(k_sema_state *s, k_type *to, k_expr *e, const char *what);
/* d.count() and the other member calls on chrono values (E_MCALL). */
k_type *k_chrono_member_call(k_sema_state *s, k_expr *e);
/* std::chrono::duration_cast<to>(d): e is the E_CALL, with ntargs template
 * arguments of which `to` is the first (NULL if not a type). */
k_type *k_chrono_call(k_sema_state *s, k_expr *e, k_type *to, int ntargs);
int k_chrono_is_template_call(k_sema_state *s, const char *name);
/* A TY_TEMPLATE_ID of <chrono> (duration<double, std::milli>...) becomes
 * its type in place; other templates are left as they are. */
void k_chrono_resolve_type(k_sema_state *s, k_type *t, k_loc loc);
/* An explicit conversion (T)x or T(x) where T or x is a <chrono> type. */
k_type *k_chrono_cast(k_sema_state *s, k_expr *e, k_type *to, k_type *from);
/* std::chrono::duration<Rep, Period>, std::ratio<N, D>,
 * std::chrono::time_point<Clock> written as template-ids: the type, or NULL
 * after an error. */
k_type *k_chrono_template_type(k_sema_state *s, const char *name, k_type **targ_types,
                               k_expr **targ_exprs, int ntargs, k_loc loc);

#endif
