/* runtime/random.c -- <random> on the host: the engines, the uniform
 * distributions and the normal one, with libstdc++'s exact sequences (bits/random.h and
 * bits/random.tcc, GCC 12), since programs print what they compute from them.
 *
 * An engine or a distribution object in the guest is a handle (a long: its
 * slot + 1 in vm->random); lang/random.c makes the declarations and calls. */
#include <math.h>
#include <stdlib.h>
#include <sys/random.h>
#include <time.h>

#include "runtime/hostlib.h"
#include "runtime/random.h"

/* An object lives as long as the program (a handle is a long in the guest,
 * copied freely, so no destructor frees it): a function that makes its own
 * engine and distributions at each call makes new ones each time.  The
 * table grows as they are made, up to a limit that only a runaway loop
 * reaches (an mt19937's state is 2.5 KB: 2^17 of them are 320 MB). */
enum { MT_N = 624, MT_M = 397, MT64_N = 312, MT64_M = 156, RANDOM_MAX_OBJECTS = 1 << 20,
       RANDOM_MAX_ENGINE_STATES = 1 << 17 };

typedef struct rng_object {
    int kind;                   /* enum simt_rng_kind */
    uint32_t *mt;               /* mt19937: MT_N words */
    uint64_t *mt64;             /* mt19937_64: MT64_N words */
    int mti;
    uint64_t x;                 /* minstd: the state */
    int64_t ia, ib;             /* integer distributions: a, b */
    double ra, rb;              /* real distributions: a, b (normal: mean, stddev) */
    double saved;               /* normal: the second value of the last pair drawn ... */
    int saved_available;        /* ... not yet returned */
} rng_object;

typedef struct simt_random {
    rng_object *objs;
    int n, cap;
    int states;                 /* engines with a Mersenne Twister's state */
} simt_random;

void simt_random_free(simt_vm *vm)
{
    if (!vm->random)
        return;
    for (int i = 0; i < vm->random->n; i++)
        simt_free(&vm->cfg.alloc, vm->random->objs[i].mt);
    for (int i = 0; i < vm->random->n; i++)
        simt_free(&vm->cfg.alloc, vm->random->objs[i].mt64);
    simt_free(&vm->cfg.alloc, vm->random->objs);
    simt_free(&vm->cfg.alloc, vm->random);
    vm->random = NULL;
}

/* A new object; returns its handle or 0 after a fault. */
static uint64_t new_object(call *c, int kind, rng_object **out)
{
    simt_vm *vm = c->vm;
    if (!vm->random && !(vm->random = simt_calloc(&vm->cfg.alloc, 1, sizeof *vm->random))) {
        simt_vm_oom(vm, "<random>'s objects");
        return 0;
    }
    simt_random *r = vm->random;
    if (r->n == RANDOM_MAX_OBJECTS) {
        simt_vm_faultf(vm, "more than %d <random> engines and distributions (each lives as "
                       "long as the program: make them once, outside the loop)", RANDOM_MAX_OBJECTS);
        return 0;
    }
    if (r->n == r->cap) {
        int cap = r->cap ? 2 * r->cap : 64;
        rng_object *grown = simt_realloc(&vm->cfg.alloc, r->objs, (size_t)cap * sizeof *grown);
        if (!grown) {
            simt_vm_oom(vm, "<random>'s objects");
            return 0;
        }
        r->objs = grown;
        r->cap = cap;
    }
    rng_object *o = &r->objs[r->n];
    *o = (rng_object){ .kind = kind };
    *out = o;
    return (uint64_t)++vm->random->n;
}

static rng_object *object_of(call *c, uint64_t h, int engine)
{
    simt_random *r = c->vm->random;
    rng_object *o = r && h >= 1 && h <= (uint64_t)r->n ? &r->objs[h - 1] : NULL;
    if (!o || (engine ? o->kind >= RNG_UNIFORM_INT : o->kind < RNG_UNIFORM_INT)) {
        simt_vm_faultf(c->vm, "%s used before it was constructed",
                       engine ? "a random engine" : "a distribution");
        return NULL;
    }
    return o;
}

/* ---- engines ---- */

static void mt_seed(rng_object *o, uint32_t s)
{
    o->mt[0] = s;
    for (int i = 1; i < MT_N; i++)
        o->mt[i] = 1812433253u * (o->mt[i - 1] ^ (o->mt[i - 1] >> 30)) + (uint32_t)i;
    o->mti = MT_N;
}

static uint32_t mt_next(rng_object *o)
{
    uint32_t *x = o->mt;
    if (o->mti >= MT_N) {
        for (int k = 0; k < MT_N; k++) {
            uint32_t y = (x[k] & 0x80000000u) | (x[(k + 1) % MT_N] & 0x7fffffffu);
            x[k] = x[(k + MT_M) % MT_N] ^ (y >> 1) ^ ((y & 1) ? 0x9908b0dfu : 0);
        }
        o->mti = 0;
    }
    uint32_t z = x[o->mti++];
    z ^= z >> 11;
    z ^= (z << 7) & 0x9d2c5680u;
    z ^= (z << 15) & 0xefc60000u;
    z ^= z >> 18;
    return z;
}

/* mt19937_64: w 64, n 312, m 156, r 31 and libstdc++'s constants. */
static void mt64_seed(rng_object *o, uint64_t s)
{
    o->mt64[0] = s;
    for (int i = 1; i < MT64_N; i++)
        o->mt64[i] = UINT64_C(6364136223846793005) * (o->mt64[i - 1] ^ (o->mt64[i - 1] >> 62)) +
                     (uint64_t)i;
    o->mti = MT64_N;
}

static uint64_t mt64_next(rng_object *o)
{
    uint64_t *x = o->mt64;
    if (o->mti >= MT64_N) {
        for (int k = 0; k < MT64_N; k++) {
            uint64_t y = (x[k] & ~UINT64_C(0x7fffffff)) | (x[(k + 1) % MT64_N] & 0x7fffffffu);
            x[k] = x[(k + MT64_M) % MT64_N] ^ (y >> 1) ^
                   ((y & 1) ? UINT64_C(0xb5026f5aa96619e9) : 0);
        }
        o->mti = 0;
    }
    uint64_t z = x[o->mti++];
    z ^= (z >> 29) & UINT64_C(0x5555555555555555);
    z ^= (z << 17) & UINT64_C(0x71d67fffeda60000);
    z ^= (z << 37) & UINT64_C(0xfff7eee000000000);
    z ^= z >> 43;
    return z;
}

/* std::random_device: 32 bits from the host's entropy, as libstdc++'s
 * reads them (its "default" token); a program that draws from it prints
 * other numbers at each run, on a GPU's host too. */
static uint64_t device_next(void)
{
    uint32_t v = 0;
    if (getrandom(&v, sizeof v, 0) != (ssize_t)sizeof v) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        v = (uint32_t)(ts.tv_nsec ^ ts.tv_sec * 2654435761u);
    }
    return v;
}

static uint64_t engine_next(rng_object *o)
{
    if (o->kind == RNG_RANDOM_DEVICE)
        return device_next();
    if (o->kind == RNG_MT19937)
        return mt_next(o);
    if (o->kind == RNG_MT19937_64)
        return mt64_next(o);
    uint64_t a = o->kind == RNG_MINSTD_RAND ? 48271 : 16807;
    o->x = o->x * a % 2147483647u;
    return o->x;
}

static uint64_t engine_min(const rng_object *o)
{
    return o->kind == RNG_MT19937 || o->kind == RNG_MT19937_64 ||
           o->kind == RNG_RANDOM_DEVICE ? 0 : 1;
}

static uint64_t engine_max(const rng_object *o)
{
    return o->kind == RNG_MT19937_64 ? UINT64_MAX
           : o->kind == RNG_MT19937 || o->kind == RNG_RANDOM_DEVICE ? 0xffffffffu : 2147483646u;
}

/* engine(kind, has_seed, seed): libstdc++'s default seeds are 5489 and 1. */
simt_status simt_lib_RANDOM_ENGINE(call *c)
{
    int kind = arg_int(c, 0);
    int mt = kind == RNG_MT19937 || kind == RNG_MT19937_64;
    uint64_t seed = arg(c, 1) ? arg(c, 2) : mt ? 5489 : 1;
    rng_object *o;
    if (mt && c->vm->random && c->vm->random->states == RANDOM_MAX_ENGINE_STATES)
        return simt_vm_faultf(c->vm, "more than %d Mersenne Twister engines (each lives as long "
                              "as the program: make them once, outside the loop)",
                              RANDOM_MAX_ENGINE_STATES);
    uint64_t h = new_object(c, kind, &o);
    if (!h)
        return SIMT_FAULT;
    c->vm->random->states += mt;
    if (kind == RNG_MT19937) {
        if (!(o->mt = simt_malloc(&c->vm->cfg.alloc, MT_N * sizeof *o->mt)))
            return simt_vm_oom(c->vm, "a mt19937 engine");
        mt_seed(o, (uint32_t)seed);
    } else if (kind == RNG_MT19937_64) {
        if (!(o->mt64 = simt_malloc(&c->vm->cfg.alloc, MT64_N * sizeof *o->mt64)))
            return simt_vm_oom(c->vm, "a mt19937_64 engine");
        mt64_seed(o, seed);
    } else {
        uint64_t s = seed % 2147483647u;  /* seed(s): s mod m, or 1 for 0 */
        o->x = s == 0 ? 1 : s;
    }
    return ret_u64(c, h);
}

simt_status simt_lib_RANDOM_NEXT(call *c)
{
    rng_object *o = object_of(c, arg(c, 0), 1);
    return o ? ret_u64(c, engine_next(o)) : SIMT_FAULT;
}

/* ---- distributions ---- */

simt_status simt_lib_RANDOM_DIST_INT(call *c)
{
    rng_object *o;
    int64_t a = (int64_t)arg(c, 1), b = (int64_t)arg(c, 2);
    if ((arg_int(c, 0) & RNG_UNSIGNED_BOUNDS) ? (uint64_t)a > (uint64_t)b : a > b)
        return simt_vm_faultf(c->vm, "uniform_int_distribution(%lld, %lld): a > b",
                              (long long)a, (long long)b);
    uint64_t h = new_object(c, RNG_UNIFORM_INT + (arg_int(c, 0) & 0xff), &o);
    if (!h)
        return SIMT_FAULT;
    o->ia = a;
    o->ib = b;
    return ret_u64(c, h);
}

simt_status simt_lib_RANDOM_DIST_REAL(call *c)
{
    rng_object *o;
    double a, b;
    uint64_t ra = arg(c, 1), rb = arg(c, 2);
    memcpy(&a, &ra, sizeof a);
    memcpy(&b, &rb, sizeof b);
    int normal = (arg_int(c, 0) & RNG_NORMAL_PARAMS) != 0;
    if (!normal && !(a <= b))
        return simt_vm_faultf(c->vm, "uniform_real_distribution(%g, %g): a > b", a, b);
    uint64_t h = new_object(c, (normal ? RNG_NORMAL : RNG_UNIFORM_REAL) + (arg_int(c, 0) & 0xff),
                            &o);
    if (!h)
        return SIMT_FAULT;
    o->ra = a;
    o->rb = b;
    return ret_u64(c, h);
}

/* libstdc++'s _S_nd: Lemire's nearly divisionless method, for an engine of
 * exactly 32 bits and a range that fits in 32 bits. */
static uint32_t lemire32(rng_object *g, uint32_t range)
{
    uint64_t product = (uint64_t)(uint32_t)engine_next(g) * range;
    uint32_t low = (uint32_t)product;
    if (low < range) {
        uint32_t threshold = (uint32_t)-range % range;
        while (low < threshold) {
            product = (uint64_t)(uint32_t)engine_next(g) * range;
            low = (uint32_t)product;
        }
    }
    return (uint32_t)(product >> 32);
}

/* The high and low halves of the 128-bit a * b. */
static uint64_t mul128(uint64_t a, uint64_t b, uint64_t *lo)
{
    uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl;
    *lo = (mid << 32) | (uint32_t)ll;
    return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

/* _S_nd in 128 bits, for an engine of exactly 64 bits (mt19937_64). */
static uint64_t lemire64(rng_object *g, uint64_t range)
{
    uint64_t low, high = mul128(engine_next(g), range, &low);
    if (low < range) {
        uint64_t threshold = -range % range;
        while (low < threshold)
            high = mul128(engine_next(g), range, &low);
    }
    return high;
}

/* uniform_int_distribution::operator(): unsigned arithmetic on b - a. */
static uint64_t uniform_int(rng_object *d, rng_object *g)
{
    uint64_t urngmin = engine_min(g), urngrange = engine_max(g) - urngmin;
    uint64_t urange = (uint64_t)d->ib - (uint64_t)d->ia, ret;
    if (urngrange > urange) {
        uint64_t uerange = urange + 1;
        if (urngrange == UINT64_MAX) {
            ret = lemire64(g, uerange);
        } else if (urngrange == 0xffffffffu) {
            ret = lemire32(g, (uint32_t)uerange);
        } else {
            uint64_t scaling = urngrange / uerange, past = uerange * scaling;
            do
                ret = engine_next(g) - urngmin;
            while (ret >= past);
            ret /= scaling;
        }
    } else if (urngrange < urange) {
        /* upscaling: the range is built from several draws */
        uint64_t tmp;
        do {
            const uint64_t uerngrange = urngrange + 1;
            rng_object sub = *d;
            sub.ia = 0;
            sub.ib = (int64_t)(urange / uerngrange);
            tmp = uerngrange * uniform_int(&sub, g);
            ret = tmp + (engine_next(g) - urngmin);
        } while (ret > urange || ret < tmp);
    } else {
        ret = engine_next(g) - urngmin;
    }
    return ret + (uint64_t)d->ia;
}

/* generate_canonical<T, digits(T)>: m draws summed in T, scaled by r^m. */
static double canonical(rng_object *g, int is_float)
{
    long double r = (long double)engine_max(g) - (long double)engine_min(g) + 1.0L;
    size_t log2r = (size_t)(logl(r) / logl(2.0L));
    size_t b = is_float ? 24 : 53, m = (b + log2r - 1) / log2r;
    if (m < 1)
        m = 1;
    if (is_float) {
        float sum = 0, tmp = 1;
        for (size_t k = m; k != 0; --k) {
            sum += (float)(engine_next(g) - engine_min(g)) * tmp;
            tmp = (float)(tmp * r);
        }
        float ret = sum / tmp;
        return ret >= 1.0f ? nextafterf(1.0f, 0.0f) : ret;
    }
    double sum = 0, tmp = 1;
    for (size_t k = m; k != 0; --k) {
        sum += (double)(engine_next(g) - engine_min(g)) * tmp;
        tmp = (double)(tmp * r);
    }
    double ret = sum / tmp;
    return ret >= 1.0 ? nextafter(1.0, 0.0) : ret;
}

/* normal_distribution<float>::operator(): libstdc++'s Marsaglia polar
 * method, in float throughout; of each pair it returns the second and keeps
 * the first for the next call. */
static float normal_float(rng_object *d, rng_object *g)
{
    float ret;
    if (d->saved_available) {
        d->saved_available = 0;
        ret = (float)d->saved;
    } else {
        float x, y, r2;
        do {
            x = (float)(2.0f * (float)canonical(g, 1) - 1.0);
            y = (float)(2.0f * (float)canonical(g, 1) - 1.0);
            r2 = x * x + y * y;
        } while (r2 > 1.0 || r2 == 0.0);
        float mult = sqrtf(-2 * logf(r2) / r2);
        d->saved = x * mult;
        d->saved_available = 1;
        ret = y * mult;
    }
    return ret * (float)d->rb + (float)d->ra;
}

/* normal_distribution<double>::operator(): the same in double. */
static double normal_double(rng_object *d, rng_object *g)
{
    double ret;
    if (d->saved_available) {
        d->saved_available = 0;
        ret = d->saved;
    } else {
        double x, y, r2;
        do {
            x = 2.0 * canonical(g, 0) - 1.0;
            y = 2.0 * canonical(g, 0) - 1.0;
            r2 = x * x + y * y;
        } while (r2 > 1.0 || r2 == 0.0);
        double mult = sqrt(-2 * log(r2) / r2);
        d->saved = x * mult;
        d->saved_available = 1;
        ret = y * mult;
    }
    return ret * d->rb + d->ra;
}

/* draw(distribution, engine): the value as its register holds it. */
simt_status simt_lib_RANDOM_DRAW(call *c)
{
    rng_object *d = object_of(c, arg(c, 0), 0);
    rng_object *g = d ? object_of(c, arg(c, 1), 1) : NULL;
    if (!g)
        return SIMT_FAULT;
    int rep = d->kind & 0xff;
    if (d->kind - rep == RNG_UNIFORM_INT) {
        uint64_t v = uniform_int(d, g);
        return ret_u64(c, rep == RNG_REP_32 ? (uint32_t)v : v);
    }
    if (rep == RNG_REP_FLOAT) {
        float a = (float)d->ra, b = (float)d->rb;
        float v = d->kind - rep == RNG_NORMAL ? normal_float(d, g)
                                              : (float)canonical(g, 1) * (b - a) + a;
        uint32_t bits;
        memcpy(&bits, &v, sizeof bits);
        return ret_u64(c, bits);
    }
    double v = d->kind - rep == RNG_NORMAL ? normal_double(d, g)
                                           : canonical(g, 0) * (d->rb - d->ra) + d->ra;
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    return ret_u64(c, bits);
}

/* __simt_uniform_draw(engine, b): uniform_int_distribution<unsigned long>
 * {0, b}(engine) -- a distribution is stateless, so std::shuffle draws its
 * n positions without making n objects. */
simt_status simt_lib_RANDOM_DRAW_BELOW(call *c)
{
    rng_object *g = object_of(c, arg(c, 0), 1);
    if (!g)
        return SIMT_FAULT;
    rng_object d = { .kind = RNG_UNIFORM_INT + RNG_REP_64, .ia = 0, .ib = (int64_t)arg(c, 1) };
    return ret_u64(c, uniform_int(&d, g));
}
