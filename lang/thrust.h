/* lang/thrust.h -- the part of Thrust simtvm builds in, written in K
 * (lang/thrust_vector.c, lang/thrust_algorithm.c), and the headers that read
 * it (lang/thrust.c).  doc/language.md, "Thrust", says what is in it. */
#ifndef K_THRUST_H
#define K_THRUST_H

const char *k_thrust_vector_text(void);
const char *k_thrust_functional_text(void);
const char *k_thrust_cuda_std_functional_text(void);
const char *k_thrust_random_text(void);
const char *k_thrust_algorithm_text(void);
const char *k_thrust_compact_text(void);   /* lang/thrust_compact.c */
/* The text of a Thrust header (or <cuda/std/functional>) that simtvm builds
 * in, or NULL. */
const char *k_thrust_header_text(const char *name);
/* The class template a name stands for: "thrust::host_vector" is
 * "thrust::device_vector"; any other name is itself. */
const char *k_thrust_class_alias(const char *name);

#endif
