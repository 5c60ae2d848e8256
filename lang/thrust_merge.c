/* lang/thrust_merge.c -- Thrust's algorithms on sorted ranges as simtvm
 * builds them in, written in K (doc/thrust.md): merge and merge_by_key,
 * set_union, set_intersection, set_difference and set_symmetric_difference,
 * each with a comparator or <, and with an execution policy first.  They
 * are the sequential merges of the C++ standard library, which Thrust's
 * parallel ones agree with element for element: of equal elements the
 * first range's come first (merge, set_union), a multiset keeps
 * min(m, n) copies in an intersection and |m - n| in the differences.
 * Returned by k_thrust_header_text (lang/thrust.c). */
#include "thrust.h"

/* The overloads with a policy P first, and those without a comparator:
 * `name(a, a_end, b, b_end, out)` compares with <. */
#define SET_FORWARDS(P, name)                                                              \
    "template <typename A, typename B, typename O, typename C>\n"                         \
    "inline O " name "(" P " p, A a, A ae, B b, B be, O out, C comp)\n"                  \
    "{\n    return " name "(a, ae, b, be, out, comp);\n}\n"                              \
    "template <typename A, typename B, typename O>\n"                                     \
    "inline O " name "(" P " p, A a, A ae, B b, B be, O out)\n"                          \
    "{\n    return " name "(a, ae, b, be, out, __less_any());\n}\n"

#define SET_PLAIN(name)                                                                    \
    "template <typename A, typename B, typename O> inline O " name "(A a, A ae, B b, B be, O out)\n" \
    "{\n    return " name "(a, ae, b, be, out, __less_any());\n}\n"

#define MERGE_POLICY(P)                                                                    \
    SET_FORWARDS(P, "merge") SET_FORWARDS(P, "set_union")                                  \
    SET_FORWARDS(P, "set_intersection") SET_FORWARDS(P, "set_difference")                  \
    SET_FORWARDS(P, "set_symmetric_difference")                                            \
    "template <typename A, typename B, typename VA, typename VB, typename KO, typename VO>\n" \
    "inline pair<KO, VO> merge_by_key(" P " p, A a, A ae, B b, B be, VA va, VB vb, KO ko, VO vo)\n" \
    "{\n    return merge_by_key(a, ae, b, be, va, vb, ko, vo);\n}\n"

static const char TEXT_MERGE[] =
    "// Thrust's algorithms on sorted ranges as simtvm builds them in\n"
    "// (lang/thrust_merge.c).\n"
    "#pragma once\n"
    "namespace thrust {\n"
    "template <typename A, typename B, typename O, typename C>\n"
    "inline O merge(A a, A ae, B b, B be, O out, C comp)\n"
    "{\n"
    "    for (; a != ae && b != be; ++out) {\n"
    "        if (comp(*b, *a)) {\n"
    "            *out = *b;\n"
    "            ++b;\n"
    "        } else {\n"
    "            *out = *a;\n"
    "            ++a;\n"
    "        }\n"
    "    }\n"
    "    return copy(b, be, copy(a, ae, out));   // what is left of either\n"
    "}\n"
    "template <typename A, typename B, typename O, typename C>\n"
    "inline O set_union(A a, A ae, B b, B be, O out, C comp)\n"
    "{\n"
    "    for (; a != ae && b != be; ++out) {\n"
    "        if (comp(*a, *b)) {\n"
    "            *out = *a;\n"
    "            ++a;\n"
    "        } else if (comp(*b, *a)) {\n"
    "            *out = *b;\n"
    "            ++b;\n"
    "        } else {\n"
    "            *out = *a;\n"
    "            ++a;\n"
    "            ++b;\n"
    "        }\n"
    "    }\n"
    "    return copy(b, be, copy(a, ae, out));   // what is left of either\n"
    "}\n"
    "template <typename A, typename B, typename O, typename C>\n"
    "inline O set_intersection(A a, A ae, B b, B be, O out, C comp)\n"
    "{\n"
    "    while (a != ae && b != be) {\n"
    "        if (comp(*a, *b)) {\n"
    "            ++a;\n"
    "        } else if (comp(*b, *a)) {\n"
    "            ++b;\n"
    "        } else {\n"
    "            *out = *a;\n"
    "            ++out;\n"
    "            ++a;\n"
    "            ++b;\n"
    "        }\n"
    "    }\n"
    "    return out;\n"
    "}\n"
    "template <typename A, typename B, typename O, typename C>\n"
    "inline O set_difference(A a, A ae, B b, B be, O out, C comp)\n"
    "{\n"
    "    while (a != ae) {\n"
    "        if (b == be || comp(*a, *b)) {\n"
    "            *out = *a;\n"
    "            ++out;\n"
    "            ++a;\n"
    "        } else if (comp(*b, *a)) {\n"
    "            ++b;\n"
    "        } else {\n"
    "            ++a;\n"
    "            ++b;\n"
    "        }\n"
    "    }\n"
    "    return out;\n"
    "}\n"
    "template <typename A, typename B, typename O, typename C>\n"
    "inline O set_symmetric_difference(A a, A ae, B b, B be, O out, C comp)\n"
    "{\n"
    "    while (a != ae || b != be) {\n"
    "        if (b == be || (a != ae && comp(*a, *b))) {\n"
    "            *out = *a;\n"
    "            ++out;\n"
    "            ++a;\n"
    "        } else if (a == ae || comp(*b, *a)) {\n"
    "            *out = *b;\n"
    "            ++out;\n"
    "            ++b;\n"
    "        } else {\n"
    "            ++a;\n"
    "            ++b;\n"
    "        }\n"
    "    }\n"
    "    return out;\n"
    "}\n"
    SET_PLAIN("merge") SET_PLAIN("set_union") SET_PLAIN("set_intersection")
    SET_PLAIN("set_difference") SET_PLAIN("set_symmetric_difference")
    "// merge_by_key: the keys merged as merge does, each value following its key\n"
    "template <typename A, typename B, typename VA, typename VB, typename KO, typename VO, typename C>\n"
    "inline pair<KO, VO> merge_by_key(A a, A ae, B b, B be, VA va, VB vb, KO ko, VO vo, C comp)\n"
    "{\n"
    "    for (; a != ae && b != be; ++ko, ++vo) {\n"
    "        if (comp(*b, *a)) {\n"
    "            *ko = *b;\n"
    "            *vo = *vb;\n"
    "            ++b;\n"
    "            ++vb;\n"
    "        } else {\n"
    "            *ko = *a;\n"
    "            *vo = *va;\n"
    "            ++a;\n"
    "            ++va;\n"
    "        }\n"
    "    }\n"
    "    for (; a != ae; ++a, ++va, ++ko, ++vo) {\n"
    "        *ko = *a;\n"
    "        *vo = *va;\n"
    "    }\n"
    "    for (; b != be; ++b, ++vb, ++ko, ++vo) {\n"
    "        *ko = *b;\n"
    "        *vo = *vb;\n"
    "    }\n"
    "    return make_pair(ko, vo);\n"
    "}\n"
    "template <typename A, typename B, typename VA, typename VB, typename KO, typename VO>\n"
    "inline pair<KO, VO> merge_by_key(A a, A ae, B b, B be, VA va, VB vb, KO ko, VO vo)\n"
    "{\n"
    "    return merge_by_key(a, ae, b, be, va, vb, ko, vo, __less_any());\n"
    "}\n"
    MERGE_POLICY("__execution_policy")
    MERGE_POLICY("__device_policy")
    "}\n";

const char *k_thrust_merge_text(void)
{
    return TEXT_MERGE;
}
