/* lang/eh.c -- C++ exceptions that handlers catch, in host code.
 *
 * The design (lang/README.md, "Exceptions"): an exception is a record in
 * hidden host variables of the header simtvm/try.h below -- the object on
 * the heap, a key naming its type and public bases with their offsets
 * ("|D@0|B@0|std::exception@0|"), functions that destroy it and report it
 * -- plus a flag, __simtvm_eh_pending, that says one is on its way.  No VM
 * support: after every call that may throw, lowering emits a test of the
 * flag (lang/lower_eh.c) and, where it is set, leaves the scope the way a
 * goto does, destroying what is live, towards the innermost try's handlers
 * in the function, or out of the function, whose caller tests again.
 *
 * `try { body } catch (const T &e) { h } catch (...) { g }` is parsed as
 *
 *     {
 *         { __simtvm_eh_try t; t.add(KEY(T)); t.add(""); body }   // label L
 *         goto L.end;
 *     L:  if (__simtvm_eh_match(KEY(T))) { __simtvm_eh_catch c; const T &e =
 *             *(T *)c.object(KEY(T)); h }
 *         else { __simtvm_eh_catch c; g }   // without catch (...): __simtvm_resume()
 *     L.end: ;
 *     }
 *
 * The guard t lists the try's handlers on a chain while the body runs, so
 * a throw first searches the chain (as the Itanium ABI's first phase): an
 * exception no handler catches ends the program at the throw, with g++'s
 * terminate message and nothing destroyed.  The handler's guard c owns the
 * exception object: its destructor frees it when the handler ends (by any
 * way out), unless `throw;` passed it on.  KEY is a compiler trait
 * (__simtvm_catch_key, __simtvm_type_key: k_eh_trait).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "parser.h"
#include "parse_build.h"
#include "include.h"
#include "parse_helpers.h"
#include "sema.h"
#include "types.h"

static const char TEXT_TRY_H[] =
    "// simtvm/try.h: C++ exceptions that handlers catch (lang/eh.c).\n"
    "#pragma once\n"
    "#define __SIMTVM_TRY\n"
    "#include <stdio.h>\n"
    "#include <stdlib.h>\n"
    "#include <string.h>\n"
    "struct __simtvm_eh_rec {\n"
    "    void *obj;                  // the exception object, on the heap\n"
    "    const char *key;            // its type and public bases: |D@0|B@0|\n"
    "    void (*drop)(void *);       // destroys and frees obj\n"
    "    void (*tell)(void *);       // terminate's report of it\n"
    "};\n"
    "struct __simtvm_eh_try;\n"
    "struct __simtvm_eh_catch;\n"
    "__simtvm_eh_rec __simtvm_eh_cur;          // the exception on its way\n"
    "int __simtvm_eh_pending;                  // tested after calls (lang/lower_eh.c)\n"
    "__simtvm_eh_try *__simtvm_eh_tries;       // the try blocks running, innermost first\n"
    "__simtvm_eh_catch *__simtvm_eh_caught;    // the handlers running, innermost first\n"
    "// where `want` (|T@) is in keys: the base's offset, or -1\n"
    "inline int __simtvm_eh_offset(const char *keys, const char *want)\n"
    "{\n"
    "    const char *p = strstr(keys, want);\n"
    "    return p ? atoi(p + strlen(want)) : -1;\n"
    "}\n"
    "struct __simtvm_eh_try {\n"
    "    __simtvm_eh_try *prev;\n"
    "    const char *keys[8];        // its handlers' types; \"\" for catch (...),\n"
    "                                // \"!\" for a noexcept function's end\n"
    "    int n;                      // more than 8: taken as catching everything\n"
    "    __simtvm_eh_try() noexcept : prev(__simtvm_eh_tries), n(0) { __simtvm_eh_tries = this; }\n"
    "    ~__simtvm_eh_try() { __simtvm_eh_tries = prev; }\n"
    "    void add(const char *key) noexcept\n"
    "    {\n"
    "        if (n < 8)\n"
    "            keys[n] = key;\n"
    "        n++;\n"
    "    }\n"
    "    bool catches(const char *thrown) const noexcept\n"
    "    {\n"
    "        for (int i = 0; i < n; i++)\n"
    "            if (i >= 8 || !keys[i][0] || keys[i][0] == '!' ||\n"
    "                __simtvm_eh_offset(thrown, keys[i]) >= 0)\n"
    "                return true;\n"
    "        return false;\n"
    "    }\n"
    "};\n"
    "struct __simtvm_eh_catch {\n"
    "    __simtvm_eh_rec rec;\n"
    "    __simtvm_eh_catch *prev;\n"
    "    int rethrown;               // `throw;` passed the object on\n"
    "    __simtvm_eh_catch() noexcept : rec(__simtvm_eh_cur), prev(__simtvm_eh_caught), rethrown(0)\n"
    "    {\n"
    "        __simtvm_eh_caught = this;\n"
    "    }\n"
    "    ~__simtvm_eh_catch()\n"
    "    {\n"
    "        __simtvm_eh_caught = prev;\n"
    "        if (!rethrown)\n"
    "            rec.drop(rec.obj);\n"
    "    }\n"
    "    void *object(const char *want) noexcept\n"
    "    {\n"
    "        return (char *)rec.obj + __simtvm_eh_offset(rec.key, want);\n"
    "    }\n"
    "    void *pointer(const char *want) noexcept\n"
    "    {\n"
    "        char *p = *(char **)rec.obj;\n"
    "        return p ? p + __simtvm_eh_offset(rec.key, want) : p;\n"
    "    }\n"
    "};\n"
    "inline bool __simtvm_eh_match(const char *want)\n"
    "{\n"
    "    return __simtvm_eh_offset(__simtvm_eh_cur.key, want) >= 0;\n"
    "}\n"
    "// the search before anything is destroyed: 1 where a handler will catch\n"
    "// it (not the end of a noexcept function: std::terminate there, at once)\n"
    "inline bool __simtvm_eh_handled(const char *key)\n"
    "{\n"
    "    for (__simtvm_eh_try *t = __simtvm_eh_tries; t; t = t->prev)\n"
    "        if (t->catches(key))\n"
    "            return t->keys[0][0] != '!';\n"
    "    return false;\n"
    "}\n"
    "inline void __simtvm_eh_start(void *obj, const char *key, void (*drop)(void *),\n"
    "                              void (*tell)(void *))\n"
    "{\n"
    "    if (!__simtvm_eh_handled(key)) {\n"
    "        tell(obj);\n"
    "        abort();\n"
    "    }\n"
    "    __simtvm_eh_cur.obj = obj;\n"
    "    __simtvm_eh_cur.key = key;\n"
    "    __simtvm_eh_cur.drop = drop;\n"
    "    __simtvm_eh_cur.tell = tell;\n"
    "    __simtvm_eh_pending = 1;\n"
    "}\n"
    "// an exception left a noexcept function (lang/eh.c k_eh_noexcept_body)\n"
    "typedef int __simtvm_eh_unexpected_t;\n"
    "inline void __simtvm_eh_unexpected()\n"
    "{\n"
    "    __simtvm_eh_caught->rec.tell(__simtvm_eh_caught->rec.obj);\n"
    "    abort();\n"
    "}\n"
    "// no handler of this try matched: on to the next (the search found one)\n"
    "inline void __simtvm_resume() { __simtvm_eh_pending = 1; }\n"
    "#include <simtvm/throw.h>\n";

const char *k_eh_header_text(const char *name)
{
    return strcmp(name, "simtvm/try.h") ? NULL : TEXT_TRY_H;
}

/* `try {` or `catch (`: simtvm/try.h's exceptions that handlers catch
 * (lang/eh.c), read before simtvm/throw.h. */
int k_eh_names_try(const char *text, size_t len)
{
    static const char *const words[] = { "try", "catch" };
    for (int w = 0; w < 2; w++) {
        size_t n = strlen(words[w]);
        char want = w ? '(' : '{';
        for (const char *p = text, *end = text + len;
             (p = memmem(p, (size_t)(end - p), words[w], n)) != NULL; p++) {
            if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
                continue;
            const char *q = p + n;
            while (q < end && isspace((unsigned char)*q))
                q++;
            if (q < end && *q == want)
                return 1;
        }
    }
    return 0;
}

/* ---- the parser's side ---- */

static k_expr *ident(k_parser *ps, const char *name, k_loc loc)
{
    k_expr *e = kp_expr_leaf(ps, E_IDENT, loc);
    if (e)
        e->name = name;
    return e;
}

static k_expr *call1(k_parser *ps, k_expr *callee, k_expr *arg, k_loc loc)
{
    k_list *args = kp_list_new(ps);
    if (arg)
        kp_list_append(ps, args, arg);
    return kp_expr_call(ps, loc, callee, args);
}

/* __simtvm_catch_key(T): "|T@" for a handler of type T (lang/eh.c k_eh_trait). */
static k_expr *catch_key(k_parser *ps, k_type *t, k_loc loc, const char *all)
{
    if (!t) {   /* catch (...): "", or "!" where it ends a noexcept function */
        k_expr *e = kp_expr_leaf(ps, E_STRING, loc);
        if (e) {
            e->str = k_strndup(ps->ctx, all, strlen(all));
            e->strlen = strlen(all);
        }
        return e;
    }
    return kp_expr_type_name(ps, E_TYPE_TRAIT, loc, t, "__simtvm_catch_key");
}

static k_stmt *expr_stmt(k_parser *ps, k_expr *e, k_loc loc)
{
    k_stmt *s = kp_stmt_new(ps, S_EXPR, loc);
    s->expr = e;
    return s;
}

static k_stmt *var_stmt(k_parser *ps, k_decl *v, k_loc loc)
{
    k_stmt *d = kp_stmt_new(ps, S_DECL, loc);
    d->decls = k_alloc(ps->ctx, sizeof *d->decls);
    d->decls[0] = v;
    d->ndecls = 1;
    return d;
}

static k_stmt *block_of(k_parser *ps, k_loc loc, k_stmt **items, int n)
{
    k_stmt *b = kp_stmt_new(ps, S_BLOCK, loc);
    b->stmts = k_alloc(ps->ctx, (size_t)(n ? n : 1) * sizeof *b->stmts);
    for (int i = 0; i < n; i++)
        if (items[i])
            b->stmts[b->nstmts++] = items[i];
    return b;
}

/* A handler as the grammar reads it, until k_parse_try places it: a block
 * whose decls hold the parameter (none for `catch (...)`) and body its
 * compound statement. */
k_stmt *k_parse_catch(k_parser *ps, k_decl *param, k_stmt *body)
{
    k_type *t = param ? param->type : NULL;
    while (t && (t->kind == TY_REF || t->kind == TY_PTR))
        t = t->base;
    if (t && t->kind == TY_RECORD && t->rec && !t->rec->defined) {
        k_error(ps->ctx, param->loc, "a handler cannot catch incomplete type '%s'",
                k_record_name(t->rec));
        param = NULL;
    }
    k_stmt *h = kp_stmt_new(ps, S_BLOCK, body ? body->loc : (k_loc){0, 0});
    h->body = body;
    if (param) {
        h->decls = k_alloc(ps->ctx, sizeof *h->decls);
        h->decls[0] = param;
        h->ndecls = 1;
    }
    return h;
}

/* The handler's parameter, bound to the exception object (or a copy of it):
 * `T &e = *(T *)c.object(key)`, `T e = *(T *)...`, `B *p = (B *)c.pointer(key)`. */
static k_stmt *handler_param(k_parser *ps, k_decl *param, k_expr *key)
{
    k_loc loc = param->loc;
    k_type *t = param->type->kind == TY_REF ? param->type->base : param->type;
    int by_pointer = t->kind == TY_PTR;
    k_expr *place = call1(ps, kp_expr_member(ps, loc, ident(ps, "__simtvm_c", loc),
                                             by_pointer ? "pointer" : "object"), key, loc);
    k_expr *cast = kp_typed(kp_expr_unary(ps, E_CAST, 0, loc, place),
                            by_pointer ? t : k_type_ptr(ps->ctx, t));
    k_decl *v = k_decl_new(ps->ctx, D_VAR, loc, param->name ? param->name : "__simtvm_e");
    v->type = param->type;
    v->init = by_pointer ? cast : kp_expr_unary(ps, E_UNARY, KU_DEREF, loc, cast);
    return var_stmt(ps, v, loc);
}

/* One handler's block: its guard (owner of the exception object), its
 * parameter, its statements. */
static k_stmt *handler_block(k_parser *ps, k_stmt *h, k_type *catch_rec)
{
    k_loc loc = h->loc;
    k_decl *guard = k_decl_new(ps->ctx, D_VAR, loc, "__simtvm_c");
    guard->type = catch_rec;
    k_stmt *items[3] = { var_stmt(ps, guard, loc), NULL, h->body };
    if (h->ndecls)
        items[1] = handler_param(ps, h->decls[0], catch_key(ps, h->decls[0]->type, loc, ""));
    return block_of(ps, loc, items, 3);
}

static k_stmt *label_stmt(k_parser *ps, const char *name, k_loc loc)
{
    k_stmt *l = kp_stmt_new(ps, S_LABEL, loc);
    l->label = name;
    l->body = kp_stmt_new(ps, S_EMPTY, loc);
    return l;
}

/* The handlers in order, as an if-else chain over the exception's type;
 * the last else passes the exception on. */
static k_stmt *dispatch(k_parser *ps, k_list *handlers, int i, k_type *catch_rec, k_loc loc)
{
    if (!handlers || i >= handlers->n)
        return expr_stmt(ps, call1(ps, ident(ps, "__simtvm_resume", loc), NULL, loc), loc);
    k_stmt *h = handlers->items[i];
    k_stmt *block = handler_block(ps, h, catch_rec);
    if (!h->ndecls)   /* catch (...): the handlers after it never run */
        return block;
    k_stmt *s = kp_stmt_new(ps, S_IF, h->loc);
    s->expr = call1(ps, ident(ps, "__simtvm_eh_match", h->loc),
                    catch_key(ps, h->decls[0]->type, h->loc, ""), h->loc);
    s->body = block;
    s->else_body = dispatch(ps, handlers, i + 1, catch_rec, loc);
    return s;
}

/* The try body with its guard first: the guard lists every handler's type. */
static k_stmt *guarded_body(k_parser *ps, k_stmt *body, k_list *handlers, k_type *try_rec,
                            const char *label, k_loc loc)
{
    int n = handlers ? handlers->n : 0;
    k_stmt **items = k_alloc(ps->ctx, (size_t)(n + 2) * sizeof *items);
    k_decl *guard = k_decl_new(ps->ctx, D_VAR, loc, "__simtvm_t");
    guard->type = try_rec;
    items[0] = var_stmt(ps, guard, loc);
    for (int i = 0; i < n; i++) {
        k_stmt *h = handlers->items[i];
        k_expr *add = kp_expr_member(ps, loc, ident(ps, "__simtvm_t", loc), "add");
        k_decl *p = h->ndecls ? h->decls[0] : NULL;
        items[i + 1] = expr_stmt(
            ps, call1(ps, add, catch_key(ps, p ? p->type : NULL, p ? p->loc : loc,
                                         h->label ? h->label : ""), loc), loc);
    }
    items[n + 1] = body;
    k_stmt *b = block_of(ps, loc, items, n + 2);
    b->label = label;   /* lowering: where an exception in it goes (lang/lower_eh.c) */
    return b;
}

/* Without simtvm/try.h (a `try` only an included file's text shows after
 * the throw header was read): the body, the handlers checked, never run. */
static k_stmt *unguarded(k_parser *ps, k_loc loc, k_stmt *body, k_list *handlers)
{
    int n = handlers ? handlers->n : 0;
    k_stmt **items = k_alloc(ps->ctx, (size_t)(n + 1) * sizeof *items);
    items[0] = body;
    for (int i = 0; i < n; i++) {
        k_stmt *h = handlers->items[i], *s = kp_stmt_new(ps, S_IF, h->loc);
        s->expr = k_expr_new(ps->ctx, E_INT, h->loc);   /* 0: never */
        s->expr->depth = 1;
        s->body = h->body;
        if (h->ndecls && h->decls[0]->name) {
            k_decl *p = h->decls[0];
            k_expr *zero = k_expr_new(ps->ctx, E_INT, p->loc);
            zero->depth = 1;
            k_type *t = p->type->kind == TY_REF ? p->type->base : p->type;
            k_decl *v = k_decl_new(ps->ctx, D_VAR, p->loc, p->name);
            v->type = p->type;
            v->init = kp_expr_unary(ps, E_UNARY, KU_DEREF, p->loc,
                                    kp_typed(kp_expr_unary(ps, E_CAST, 0, p->loc, zero),
                                             k_type_ptr(ps->ctx, t)));
            k_stmt *two[2] = { var_stmt(ps, v, p->loc), h->body };
            s->body = block_of(ps, h->loc, two, 2);
        }
        items[i + 1] = s;
    }
    return block_of(ps, loc, items, n + 1);
}

k_stmt *k_parse_try(k_parser *ps, k_loc loc, k_stmt *body, k_list *handlers)
{
    k_type *try_rec = kp_typedef_lookup(ps, "__simtvm_eh_try");
    k_type *catch_rec = kp_typedef_lookup(ps, "__simtvm_eh_catch");
    if (!try_rec || !catch_rec)
        return unguarded(ps, loc, body, handlers);
    char name[48];
    snprintf(name, sizeof name, "__simtvm_try.%d", ++ps->ctx->ntries);
    const char *label = k_strndup(ps->ctx, name, strlen(name));
    strcat(name, ".end");
    const char *end = k_strndup(ps->ctx, name, strlen(name));
    k_stmt *out = kp_stmt_new(ps, S_GOTO, loc);
    out->label = end;
    k_stmt *landing = label_stmt(ps, label, loc);
    landing->body = dispatch(ps, handlers, 0, catch_rec, loc);
    k_stmt *items[4] = { guarded_body(ps, body, handlers, try_rec, label, loc), out, landing,
                         label_stmt(ps, end, loc) };
    return block_of(ps, loc, items, 4);
}

/* `R f(params) try { body } catch (...) { h }`, a function-try-block of a
 * function that is not a constructor: the try statement as the body. */
k_stmt *k_parse_function_try(k_parser *ps, k_loc loc, k_stmt *body, k_list *handlers)
{
    k_stmt *t = k_parse_try(ps, loc, body, handlers);
    return block_of(ps, loc, &t, 1);
}

/* Whether global line `line` is in a header simtvm builds in. */
static int in_builtin_header(const k_ctx *ctx, uint32_t line)
{
    int seg = k_line_segment(ctx, line);
    return seg >= 0 && ctx->files[ctx->segs[seg].file].builtin;
}

/* A `noexcept` function f of the program, in a program with try: its body
 * as `{ try { body } catch (...) { __simtvm_eh_unexpected(); } }`, whose
 * handler's key "!" stops the search of the try blocks: an exception that
 * would leave f ends the program at its throw, as std::terminate does
 * under g++, nothing destroyed. */
void k_eh_noexcept_body(k_parser *ps, k_decl *f)
{
    if (!f->is_noexcept || !f->body || f->body->kind != S_BLOCK || f->method_kind == M_DTOR ||
        in_builtin_header(ps->ctx, f->loc.line) || !kp_typedef_lookup(ps, "__simtvm_eh_unexpected_t"))
        return;
    k_loc loc = f->body->loc;   /* terminate is reported at the function's name */
    k_stmt *stop = expr_stmt(
        ps, call1(ps, ident(ps, "__simtvm_eh_unexpected", f->loc), NULL, f->loc), f->loc);
    k_list *handlers = kp_list_new(ps);
    k_stmt *h = k_parse_catch(ps, NULL, block_of(ps, loc, &stop, 1));
    h->label = "!";   /* its key: the search stops here (simtvm/try.h) */
    kp_list_append(ps, handlers, h);
    k_stmt *t = k_parse_try(ps, loc, f->body, handlers);
    f->body = block_of(ps, loc, &t, 1);
}

static int before(k_loc a, k_loc b)
{
    return a.line < b.line || (a.line == b.line && a.col < b.col);
}

/* A function defined outside a class: `noexcept` read between its name and
 * its body makes it one. */
void k_eh_noexcept_function(k_parser *ps, k_decl *f, k_loc name_at)
{
    k_loc at = ps->noexcept_at;
    if (f->body && before(name_at, at) && before(at, f->body->loc))
        f->is_noexcept = 1;
    k_eh_noexcept_body(ps, f);
}

/* Whether block s is a try body (its label set by k_parse_try). */
int k_eh_is_try_body(const k_stmt *s)
{
    return s && s->kind == S_BLOCK && s->label && !strncmp(s->label, "__simtvm_try.", 13);
}

/* A try in device code: nvcc's error, once, where the try is; 1 where it
 * was one (sema then skips the statement). */
int k_eh_try_in_device(k_sema_state *s, const k_stmt *st)
{
    if (!(s->fn_kind & (FN_DEVICE | FN_KERNEL)) || st->kind != S_BLOCK || !st->nstmts ||
        !k_eh_is_try_body(st->stmts[0]))
        return 0;
    k_error(s->ctx, st->loc, "'try' cannot be used in device code (CUDA has no exceptions "
            "on the GPU: report the error through memory, or call __trap())");
    return 1;
}
