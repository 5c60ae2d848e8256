/* lang/thrust.h -- the part of Thrust simtvm builds in, written in K
 * (lang/thrust_vector.c, lang/thrust_algorithm.c), and the headers that read
 * it (lang/thrust.c).  doc/thrust.md says what is in it. */
#ifndef K_THRUST_H
#define K_THRUST_H

const char *k_thrust_vector_text(void);
const char *k_thrust_functional_text(void);
const char *k_thrust_cuda_std_functional_text(void);
const char *k_thrust_random_text(void);
const char *k_thrust_algorithm_text(void);
const char *k_thrust_device_text(void);
/* <thrust/complex.h> (lang/thrust_complex.c), which reads no other Thrust text */
const char *k_thrust_complex_text(void);

/* The overloads of the algorithms that take an execution policy P and run
 * as the policy-less ones do (lang/thrust_algorithm.c for thrust::host and
 * thrust::seq, lang/thrust_device.c for thrust::device): the sorts and
 * scans keep their host code whatever the policy, as their results are the
 * same. */
#define K_THRUST_POLICY_FORWARDS(P)                                                      \
    "template <typename I, typename V> inline void fill(" P " p, I first, I last, V v)\n" \
    "{\n    fill(first, last, v);\n}\n"                                                 \
    "template <typename T> inline void sequence(" P " p, T *first, T *last)\n"          \
    "{\n    sequence(first, last);\n}\n"                                               \
    "template <typename I, typename O> inline O copy(" P " p, I first, I last, O out)\n" \
    "{\n    return copy(first, last, out);\n}\n"                                       \
    "template <typename I, typename T> inline T reduce(" P " p, I first, I last, T init)\n" \
    "{\n    return reduce(first, last, init, plus<T>());\n}\n"                         \
    "template <typename I, typename T, typename B>\n"                                    \
    "inline T reduce(" P " p, I first, I last, T init, B op)\n"                          \
    "{\n    return reduce(first, last, init, op);\n}\n"                                \
    "template <typename T> inline T reduce(" P " p, T *first, T *last)\n"               \
    "{\n    return reduce(first, last, (T)0, plus<T>());\n}\n"                         \
    "template <typename I, typename V> inline long count(" P " p, I first, I last, V v)\n" \
    "{\n    return count(first, last, v);\n}\n"                                        \
    "template <typename I, typename O> inline O inclusive_scan(" P " p, I first, I last, O out)\n" \
    "{\n    return inclusive_scan(first, last, out);\n}\n"                             \
    "template <typename T, typename O> inline O exclusive_scan(" P " p, T *first, T *last, O out)\n" \
    "{\n    return exclusive_scan(first, last, out, (T)0, plus<T>());\n}\n"            \
    "template <typename K, typename VI, typename KO, typename VO>\n"                     \
    "inline pair<KO, VO> reduce_by_key(" P " p, K *kfirst, K *klast, VI vfirst, KO kout, VO vout)\n" \
    "{\n    return reduce_by_key(kfirst, klast, vfirst, kout, vout);\n}\n"             \
    "template <typename T> inline void sort(" P " p, T *first, T *last)\n"              \
    "{\n    sort(first, last);\n}\n"                                                   \
    "template <typename T, typename C> inline void sort(" P " p, T *first, T *last, C comp)\n" \
    "{\n    sort(first, last, comp);\n}\n"                                             \
    "template <typename K, typename V>\n"                                                \
    "inline void sort_by_key(" P " p, K *kfirst, K *klast, V *vfirst)\n"                 \
    "{\n    sort_by_key(kfirst, klast, vfirst);\n}\n"                                  \
    "template <typename K, typename V, typename C>\n"                                    \
    "inline void sort_by_key(" P " p, K *kfirst, K *klast, V *vfirst, C comp)\n"         \
    "{\n    sort_by_key(kfirst, klast, vfirst, comp);\n}\n"                            \
    "template <typename I, typename G> inline void shuffle(" P " p, I first, I last, G g)\n" \
    "{\n    shuffle(first, last, g);\n}\n"                                           \
    "template <typename I, typename V> inline I find(" P " p, I first, I last, const V &v)\n" \
    "{\n    return find(first, last, v);\n}\n"                                       \
    "template <typename I, typename F> inline I find_if(" P " p, I first, I last, F f)\n" \
    "{\n    return find_if(first, last, f);\n}\n"                                    \
    "template <typename I, typename F> inline bool all_of(" P " p, I first, I last, F f)\n" \
    "{\n    return all_of(first, last, f);\n}\n"                                     \
    "template <typename I, typename F> inline bool any_of(" P " p, I first, I last, F f)\n" \
    "{\n    return any_of(first, last, f);\n}\n"                                     \
    "template <typename I, typename F> inline bool none_of(" P " p, I first, I last, F f)\n" \
    "{\n    return none_of(first, last, f);\n}\n"
const char *k_thrust_compact_text(void);   /* lang/thrust_compact.c */
const char *k_thrust_placeholders_text(void);   /* lang/thrust_placeholders.c */
const char *k_thrust_tuple_text(void);   /* lang/thrust_tuple.c */
const char *k_thrust_more_text(void);   /* lang/thrust_more.c */
const char *k_thrust_merge_text(void);   /* lang/thrust_merge.c */
const char *k_std_tuple_text(void);      /* <tuple>, lang/std_tuple.c */
/* The text of a Thrust header (or <cuda/std/functional>) that simtvm builds
 * in, or NULL. */
const char *k_thrust_header_text(const char *name);
/* The class template a name stands for: "thrust::host_vector" is
 * "thrust::device_vector"; any other name is itself. */
const char *k_thrust_class_alias(const char *name);

#endif
