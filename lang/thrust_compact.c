/* lang/thrust_compact.c -- the text of Thrust's stream compaction and
 * permutation algorithms, written in K (doc/language.md, "Thrust"):
 * copy_if (with and without a stencil), remove, remove_if, unique and
 * unique_count (with and without a predicate), gather, scatter, replace, replace_if.  Like the
 * rest of Thrust here they are host code over any iterators, and stable,
 * as Thrust's are; unique with a predicate compares neighbours in the
 * input, as Thrust's parallel unique does.  Each takes an execution policy first too: the
 * overloads without one cannot take it (their first two parameters share a
 * type the policy is not). */
#include "stl.h"
#include "thrust.h"

#define POLICY1(P, ret, name, params, args)                                               \
    "template <typename I, typename X> inline " ret " " name                              \
    "(" P " p, I first, I last, " params ")\n{\n    return " name                          \
    "(first, last, " args ");\n}\n"

/* The overloads that take a policy P first (thrust::host and thrust::seq
 * are an __execution_policy, thrust::device a __device_policy). */
#define COMPACT_POLICY(P)                                                                 \
    "template <typename I> inline I unique(" P " p, I first, I last)\n"                  \
    "{\n    return unique(first, last);\n}\n"                                            \
    POLICY1(P, "I", "remove_if", "X pred", "pred")                                        \
    POLICY1(P, "I", "remove", "X value", "value")                                         \
    "template <typename I, typename B> inline I unique(" P " p, I first, I last, B pred)\n" \
    "{\n    return unique(first, last, pred);\n}\n"                                      \
    "template <typename I> inline long unique_count(" P " p, I first, I last)\n"          \
    "{\n    return unique_count(first, last);\n}\n"                                      \
    POLICY1(P, "long", "unique_count", "X pred", "pred")                                  \
    "template <typename I, typename S, typename O, typename P>\n"                         \
    "inline O copy_if(" P " p, I first, I last, S stencil, O out, P pred)\n"             \
    "{\n    return copy_if(first, last, stencil, out, pred);\n}\n"                       \
    "template <typename I, typename O, typename P>\n"                                     \
    "inline O copy_if(" P " p, I first, I last, O out, P pred)\n"                        \
    "{\n    return copy_if(first, last, out, pred);\n}\n"

static const char TEXT_COMPACT[] =
    "// Thrust's compaction and permutation algorithms as simtvm builds them in.\n"
    "#pragma once\n"
    "namespace thrust {\n"
    K_TEXT_COPY_IF
    "template <typename I, typename S, typename O, typename P>\n"
    "inline O copy_if(I first, I last, S stencil, O out, P pred)\n"
    "{\n"
    "    for (; first != last; ++first, ++stencil)\n"
    "        if (pred(*stencil)) {\n"
    "            *out = *first;\n"
    "            ++out;\n"
    "        }\n"
    "    return out;\n"
    "}\n"
    "template <typename I, typename P> inline I remove_if(I first, I last, P pred)\n"
    "{\n"
    "    I out = first;\n"
    "    for (; first != last; ++first)\n"
    "        if (!pred(*first)) {\n"
    "            *out = *first;\n"
    "            ++out;\n"
    "        }\n"
    "    return out;\n"
    "}\n"
    "template <typename I, typename V> inline I remove(I first, I last, V value)\n"
    "{\n"
    "    I out = first;\n"
    "    for (; first != last; ++first)\n"
    "        if (!(*first == value)) {\n"
    "            *out = *first;\n"
    "            ++out;\n"
    "        }\n"
    "    return out;\n"
    "}\n"
    "template <typename I> inline I unique(I first, I last)\n"
    "{\n"
    "    if (first == last)\n"
    "        return last;\n"
    "    I out = first;\n"
    "    for (++first; first != last; ++first)\n"
    "        if (!(*out == *first)) {\n"
    "            ++out;\n"
    "            *out = *first;\n"
    "        }\n"
    "    ++out;\n"
    "    return out;\n"
    "}\n"
    "// Thrust keeps an element unless pred(previous element, it): the previous\n"
    "// in the input, not the last kept (they differ for a pred like |a-b| <= 1)\n"
    "template <typename I, typename B> inline I unique(I first, I last, B pred)\n"
    "{\n"
    "    if (first == last)\n"
    "        return last;\n"
    "    I out = first;\n"
    "    auto prev = *first;\n"
    "    for (++first; first != last; ++first) {\n"
    "        auto cur = *first;\n"
    "        if (!pred(prev, cur)) {\n"
    "            ++out;\n"
    "            *out = cur;\n"
    "        }\n"
    "        prev = cur;\n"
    "    }\n"
    "    ++out;\n"
    "    return out;\n"
    "}\n"
    "// unique_count: how many elements unique would keep (1 + the neighbours\n"
    "// that pred does not call equal)\n"
    "template <typename I, typename B> inline long unique_count(I first, I last, B pred)\n"
    "{\n"
    "    long n = 0;\n"
    "    for (I prev = first; first != last; ++first) {\n"
    "        if (n == 0 || !pred(*prev, *first))\n"
    "            n++;\n"
    "        prev = first;\n"
    "    }\n"
    "    return n;\n"
    "}\n"
    "template <typename I> inline long unique_count(I first, I last)\n"
    "{\n"
    "    return unique_count(first, last, equal_to<typename ::std::decay<decltype(*first)>::type>());\n"
    "}\n"
    "template <typename M, typename I, typename O> inline O gather(M map_first, M map_last, I input, O out)\n"
    "{\n"
    "    for (; map_first != map_last; ++map_first, ++out)\n"
    "        *out = input[*map_first];\n"
    "    return out;\n"
    "}\n"
    "template <typename I, typename M, typename O> inline void scatter(I first, I last, M map, O out)\n"
    "{\n"
    "    for (; first != last; ++first, ++map)\n"
    "        out[*map] = *first;\n"
    "}\n"
    "template <typename I, typename V> inline void replace(I first, I last, const V &old_value,\n"
    "                                                      const V &new_value)\n"
    "{\n"
    "    for (; first != last; ++first)\n"
    "        if (*first == old_value)\n"
    "            *first = new_value;\n"
    "}\n"
    "template <typename I, typename P, typename V> inline void replace_if(I first, I last, P pred,\n"
    "                                                                     const V &new_value)\n"
    "{\n"
    "    for (; first != last; ++first)\n"
    "        if (pred(*first))\n"
    "            *first = new_value;\n"
    "}\n"
    COMPACT_POLICY("__execution_policy")
    COMPACT_POLICY("__device_policy")
    "}\n";

const char *k_thrust_compact_text(void)
{
    return TEXT_COMPACT;
}
