/* lang/templates_member.c -- member templates: a function template declared
 * inside a class (`template <class T> static T f(T v)`), called as `S::f<int>(v)`,
 * `P::template f<T>(v)` with P a template parameter, or deduced.
 *
 * Such a member is an ordinary function template named "S::f" (the class's
 * members are named so, lang/parse_decl.c); templates_sema.c instantiates
 * it like any other.  `P::f` inside a template becomes "S::f" when P is bound
 * to S (lang/clone.c).  A member template of a class template would need two
 * template heads open at once: that is reported, once. */
#include <string.h>

#include "parser.h"
#include "templates.h"

/* `P::template f` (as one token: the scanner's qualified name) is the name
 * "P::f", and a template's: *name is "P::f\0P::f" (qualified, then as
 * written: k_tpl_written).  Returns 0 for a name without the word. */
int k_tpl_member_name(k_parser *ps, const char *text, size_t len, const char **name)
{
    const char *kw = "template";
    size_t kl = strlen(kw);
    char *buf = NULL;
    size_t n = 0;
    for (size_t i = 0; i < len;) {
        int after_scope = i >= 2 && text[i - 1] == ':' && text[i - 2] == ':';
        if (after_scope && i + kl < len && memcmp(text + i, kw, kl) == 0 &&
            (text[i + kl] == ' ' || text[i + kl] == '\t' || text[i + kl] == '\n')) {
            if (!buf && !(buf = k_alloc(ps->ctx, 2 * len + 2)))
                return 0;
            if (n == 0) {
                memcpy(buf, text, i);
                n = i;
            }
            i += kl;
            while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n'))
                i++;
            continue;
        }
        if (buf)
            buf[n++] = text[i];
        i++;
    }
    if (!buf)
        return 0;
    buf[n] = '\0';
    memcpy(buf + n + 1, buf, n + 1);
    *name = buf;
    return 1;
}

/* `template` inside a class template's body: a second head would replace the
 * class's own (one head is open at a time: lang/templates.c). */
int k_tpl_nested_head(k_parser *ps, k_loc loc)
{
    if (!ps->tpl.head_open || (!ps->tpl.class_name && !ps->tpl.class_spec))
        return 0;
    k_error(ps->ctx, loc, "member templates of a class template are not supported in K"
            " (make the member a function template outside the class, taking the object)");
    return 1;
}

/* The member template just added (the last declaration): its qualified name
 * is a template's from here on (`S::f<int>(v)`), then the head closes. */
void k_tpl_member_end(k_parser *ps, k_list *params)
{
    if (ps->decls.n > ps->tpl.decl_mark) {
        k_decl *f = ps->decls.items[ps->decls.n - 1];
        if (f)
            f->member_template = 1;
        if (f && f->name)
            k_tpl_register(ps->ctx, &ps->tpl, f->name, K_TPL_FUNCTION);
    }
    k_tpl_head_end(ps, params);
}
