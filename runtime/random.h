/* runtime/random.h -- the kinds of <random> objects, shared by the front end
 * (lang/random.c) and the runtime (runtime/random.c). */
#ifndef SIMT_RANDOM_H
#define SIMT_RANDOM_H

enum simt_rng_kind {
    RNG_MINSTD_RAND0 = 1,     /* std::minstd_rand0 = std::default_random_engine */
    RNG_MINSTD_RAND,
    RNG_MT19937,
    RNG_MT19937_64,
    RNG_RANDOM_DEVICE,        /* std::random_device: the host's entropy (getrandom) */
    RNG_UNIFORM_INT = 0x100,  /* + enum simt_rng_rep */
    RNG_UNIFORM_REAL = 0x200,
    RNG_NORMAL = 0x300,       /* std::normal_distribution: + RNG_REP_FLOAT or _DOUBLE */
};

/* The result type of a distribution: how its register holds the value. */
enum simt_rng_rep { RNG_REP_32 = 1, RNG_REP_64, RNG_REP_FLOAT, RNG_REP_DOUBLE };

/* With the rep in a distribution's construction: its bounds are unsigned
 * (b = ULLONG_MAX is not less than a). */
enum { RNG_UNSIGNED_BOUNDS = 0x1000 };
/* With the rep in a real distribution's construction: it is a normal one
 * (its two parameters are the mean and the standard deviation). */
enum { RNG_NORMAL_PARAMS = 0x2000 };

#endif
