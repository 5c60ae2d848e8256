/* lang/stl.h -- the C++ standard library pieces simtvm writes in K
 * (lang/stl_algorithm.c, lang/stl_containers.c) and the parts sema gives a
 * meaning itself (lang/stl.c). */
#ifndef K_STL_H
#define K_STL_H

const char *k_stl_algorithm_text(void);
const char *k_stl_string_text(void);
const char *k_stl_vector_text(void);
const char *k_stl_sstream_text(void);
/* The text of a standard header that is written in K, or NULL. */
const char *k_stl_header_text(const char *name);

#endif
