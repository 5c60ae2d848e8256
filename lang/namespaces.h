/* lang/namespaces.h -- C++ name lookup through namespaces, using-directives,
 * using-declarations and namespace aliases (lang/namespaces.c).  Used by the
 * parser (type names), sema (declarations) and built-in tables. */
#ifndef K_NAMESPACES_H
#define K_NAMESPACES_H

#include "ast.h"

/* Where a name is looked up from: the enclosing namespace ("a::b", NULL or ""
 * at global scope) and the D_USING declarations in view, oldest first. */
typedef struct k_ns_view {
    const char *ns;
    k_decl *const *uses;
    int nuses;
} k_ns_view;

/* Says whether a qualified name exists (in the caller's table). */
typedef int (*k_ns_probe)(void *arg, const char *qname);

/* The qualified name that `name` as written stands for (a leading "::" in
 * name asks for the global name only): the first candidate
 * the probe accepts, in C++'s order (see namespaces.c), or NULL. */
const char *k_ns_resolve(k_ctx *ctx, const k_ns_view *v, const char *name,
                         k_ns_probe probe, void *arg);

/* "ns::name" (name itself when ns is NULL or empty), in the arena. */
const char *k_ns_qualify(k_ctx *ctx, const char *ns, const char *name);
/* The namespace part of a qualified name ("a::b" of "a::b::c"), NULL if none. */
const char *k_ns_of(k_ctx *ctx, const char *qname);
/* The last component of a qualified name ("c" of "a::b::c"). */
const char *k_ns_last(const char *qname);

#endif
