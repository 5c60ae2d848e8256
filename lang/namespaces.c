/* lang/namespaces.c -- C++ namespaces: which qualified name an identifier
 * written in a program stands for.
 *
 * The scanner reads `a::b::c` as ONE identifier named "a::b::c" (a leading
 * `::x` keeps its "::" so that lookup can skip the enclosing scopes), and declarations inside `namespace N { }` are named
 * "N::name" by the parser, so namespaces never reach the rest of the front
 * end: a name is just a longer string.  What remains is C++'s unqualified
 * lookup, done here once for the parser (is this identifier a type name?),
 * sema (which declaration?) and the built-in tables (std::cout...): a name
 * written inside namespace "a::b" is tried as "a::b::x", "a::x" and "x",
 * then through the `using namespace N;` directives in view ("N::x"), then
 * through the `using N::x;` declarations; a namespace alias
 * (`namespace cg = cooperative_groups;`) is replaced by its target in the
 * first component of any of them.  The caller's probe says whether a
 * candidate exists; the first that does wins.
 */
#include <string.h>

#include "namespaces.h"

/* Candidates are built in a fixed buffer: a name longer than this is simply
 * not tried with a prefix (no real program has one). */
#define QNAME_MAX 512

/* Writes a "::" b (or just b when a is empty) into buf; 0 when too long. */
static int join(char *buf, const char *a, size_t alen, const char *b)
{
    size_t blen = strlen(b);
    size_t sep = alen ? 2 : 0;
    if (alen + sep + blen + 1 > QNAME_MAX)
        return 0;
    if (alen) {                   /* a is NULL for the global namespace */
        memcpy(buf, a, alen);
        memcpy(buf + alen, "::", sep);
    }
    memcpy(buf + alen + sep, b, blen + 1);
    return 1;
}

/* The latest alias named by the first component of name (len bytes). */
static const k_decl *find_alias(const k_ns_view *v, const char *name, size_t len)
{
    for (int i = v->nuses - 1; i >= 0; i--) {
        const k_decl *u = v->uses[i];
        if (u->using_kind == U_ALIAS && strlen(u->name) == len &&
            memcmp(u->name, name, len) == 0)
            return u;
    }
    return NULL;
}

/* name with an alias in its first component replaced (into buf), or name. */
static const char *expand_alias(const k_ns_view *v, const char *name, char *buf)
{
    const char *sep = strstr(name, "::");
    size_t len = sep ? (size_t)(sep - name) : strlen(name);
    const k_decl *a = find_alias(v, name, len);
    if (!a || !sep)
        return a && !sep ? a->target : name;
    return join(buf, a->target, strlen(a->target), sep + 2) ? buf : name;
}

/* Tries prefix::name for the enclosing namespaces, innermost first, then
 * name itself. */
static const char *try_enclosing(const k_ns_view *v, const char *name, char *buf,
                                 k_ns_probe probe, void *arg)
{
    size_t len = v->ns ? strlen(v->ns) : 0;
    for (;;) {
        if (join(buf, v->ns, len, name) && probe(arg, buf))
            return buf;
        if (len == 0)
            return NULL;
        /* drop the last component of the namespace: "a::b" -> "a" */
        size_t k = len;
        while (k > 0 && !(k >= 2 && v->ns[k - 1] == ':' && v->ns[k - 2] == ':'))
            k--;
        len = k >= 2 ? k - 2 : 0;
    }
}

/* name in namespace ns as a directive names it, or in ns nested in the
 * namespace an earlier directive names (`using namespace std;` then
 * `using namespace chrono;` is std::chrono, as C++ finds it). */
static const char *try_directive(const k_ns_view *v, int i, const char *ns, const char *name,
                                 char *buf, k_ns_probe probe, void *arg)
{
    char nested[QNAME_MAX];
    if (join(buf, ns, strlen(ns), name) && probe(arg, buf))
        return buf;
    for (int j = i - 1; j >= 0; j--) {
        const k_decl *u = v->uses[j];
        if (u->using_kind == U_DIRECTIVE && join(nested, u->target, strlen(u->target), ns) &&
            join(buf, nested, strlen(nested), name) && probe(arg, buf))
            return buf;
    }
    return NULL;
}

static const char *try_uses(const k_ns_view *v, const char *name, char *buf,
                            k_ns_probe probe, void *arg)
{
    char nsbuf[QNAME_MAX];
    for (int i = v->nuses - 1; i >= 0; i--) {
        const k_decl *u = v->uses[i];
        if (u->using_kind != U_DIRECTIVE)
            continue;
        const char *ns = expand_alias(v, u->target, nsbuf);
        if (try_directive(v, i, ns, name, buf, probe, arg))
            return buf;
    }
    for (int i = v->nuses - 1; i >= 0; i--) {
        const k_decl *u = v->uses[i];
        if (u->using_kind == U_DECLARATION && strcmp(u->name, name) == 0 &&
            probe(arg, u->target))
            return u->target;
    }
    return NULL;
}

const char *k_ns_resolve(k_ctx *ctx, const k_ns_view *v, const char *name,
                         k_ns_probe probe, void *arg)
{
    char abuf[QNAME_MAX], buf[QNAME_MAX];
    if (name[0] == ':' && name[1] == ':')   /* `::x`: only the global x */
        return probe(arg, name + 2) ? name + 2 : NULL;
    const char *n = expand_alias(v, name, abuf);
    const char *found = try_enclosing(v, n, buf, probe, arg);
    if (!found)
        found = try_uses(v, n, buf, probe, arg);
    if (!found)
        return NULL;
    return k_strndup(ctx, found, strlen(found));
}

const char *k_ns_qualify(k_ctx *ctx, const char *ns, const char *name)
{
    if (!ns || !*ns || !name)
        return name;
    size_t a = strlen(ns), b = strlen(name);
    char *q = k_alloc(ctx, a + 2 + b + 1);
    memcpy(q, ns, a);
    memcpy(q + a, "::", 2);
    memcpy(q + a + 2, name, b + 1);
    return q;
}

const char *k_ns_of(k_ctx *ctx, const char *qname)
{
    const char *last = NULL;
    for (const char *p = strstr(qname, "::"); p; p = strstr(p + 2, "::"))
        last = p;
    return last ? k_strndup(ctx, qname, (size_t)(last - qname)) : NULL;
}

const char *k_ns_last(const char *qname)
{
    const char *last = qname;
    for (const char *p = strstr(qname, "::"); p; p = strstr(p + 2, "::"))
        last = p + 2;
    return last;
}
