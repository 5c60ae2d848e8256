/* lang/types.h -- facts about K types shared by sema and lowering: sizes,
 * alignments, C's promotions and usual arithmetic conversions, equality,
 * printing (for messages) and the mapping to the VM's value types.
 *
 * Arithmetic types are fully described by their kind, so the conversion rules
 * work on k_type_kind and never allocate; k_ty() makes a fresh node in the
 * compiler's arena when a tree needs one. */
#ifndef K_TYPES_H
#define K_TYPES_H

#include "ast.h"
#include "vm/module.h"

/* A new unqualified type of a kind without a base (void, arithmetic, records). */
k_type *k_ty(k_ctx *ctx, k_type_kind kind);
/* A copy of t with extra qualifiers. */
k_type *k_ty_qualified(k_ctx *ctx, const k_type *t, unsigned quals);

int k_kind_is_integer(k_type_kind k);   /* bool and char .. unsigned long long */
int k_kind_is_float(k_type_kind k);
int k_kind_is_signed(k_type_kind k);    /* signed integer kinds */
int k_kind_bits(k_type_kind k);         /* width of arithmetic kinds, 64 for pointers */
k_type_kind k_kind_promote(k_type_kind k);             /* integer promotions */
k_type_kind k_kind_usual(k_type_kind a, k_type_kind b); /* usual arithmetic conversions */

int k_ty_is_integer(const k_type *t);
int k_ty_is_nullptr(const k_type *t);
k_type *k_ty_nullptr(k_ctx *ctx);
int k_ty_is_float(const k_type *t);
int k_ty_is_arith(const k_type *t);
int k_ty_is_scalar(const k_type *t);    /* arithmetic or pointer (usable as a condition) */
int k_ty_is_record(const k_type *t);    /* dim3, uint3, cudaDeviceProp */

/* Bytes of an object of type t, or -1 for void, functions and unsized arrays. */
int64_t k_ty_size(const k_type *t);
int k_ty_align(const k_type *t);

/* Same type, ignoring the top-level qualifiers; dim3 and uint3 are one type. */
int k_ty_same(const k_type *a, const k_type *b);

/* Writes a C spelling of t ("const float *", "int[8]") into buf. */
const char *k_ty_str(const k_type *t, char *buf, size_t len);

/* The VM value type of a scalar (VT_PTR for pointers and arrays, VT_VOID else). */
simt_vtype k_ty_vtype(const k_type *t);

/* Reduces a constant to the value of kind k, as C's conversion does: the
 * result is the value sign-extended (signed kinds) or zero-extended. */
uint64_t k_kind_wrap(k_type_kind k, uint64_t v);

/* Looks up field `name` of record type rec: its type (arena) and byte offset.
 * Returns 0 when there is no such field. */
int k_ty_field(k_ctx *ctx, const k_type *rec, const char *name, k_type **type, uint32_t *off);

/* ---- records (lang/records.c) ---- */
k_record *k_record_new(k_ctx *ctx, const char *tag, int is_union, k_loc loc);
k_field *k_record_add(k_ctx *ctx, k_record *r, const char *name, k_type *type, k_loc loc);
/* The member called name (looking inside anonymous members) and its byte
 * offset from the record's start; NULL if there is none. */
const k_field *k_record_find(const k_record *r, const char *name, uint32_t *off);
/* CUDA's vector type called name (float4, uchar2, longlong3...) as a new
 * k_type, or NULL.  Each is one record per compile, laid out as CUDA does. */
k_type *k_vector_type(k_ctx *ctx, const char *name);
/* ---- base classes (lang/bases.c) ---- */
/* Is d the record b or derived from it (through bases)? */
int k_record_derives(const k_record *d, const k_record *b);
/* r's i-th direct base class in declaration order (NULL for a base that is
 * a template-id not yet made). */
k_record *k_record_base_at(const k_record *r, int i);
/* Has r a vtable pointer (it or a base declares a virtual function)? */
int k_record_polymorphic(const k_record *r);
/* Is r an empty class (no members but empty bases, nothing virtual)? */
int k_record_is_empty(const k_record *r);
/* How many subobjects of class b a d has (1 for d itself when d is b; 2 and
 * more: an ambiguous base); *off the first one's offset.  d laid out. */
int k_record_base_offset(const k_record *d, const k_record *b, int64_t *off);
/* A pointer to from converted to a pointer to to (a base, or a class
 * derived from from): 1 and the bytes to add in *delta when it moves. */
int k_record_ptr_delta(const k_record *from, const k_record *to, int64_t *delta);
/* The member called name as C++ finds it (r's own, else its bases'), its
 * offset in *off; amb[0] and amb[1] name two classes that both have it
 * when the name is ambiguous (else NULL). */
const k_field *k_record_lookup(const k_record *r, const char *name, uint32_t *off,
                               const k_record **amb);
/* "struct S", "union U", "struct <anonymous>" */
const char *k_record_name(const k_record *r);

/* ---- member types (lang/member_types_sema.c) ---- */
/* `typedef T m;` / `using m = T;` in r: adds m (name is kept, not copied). */
void k_record_add_member_type(k_ctx *ctx, k_record *r, const char *name, k_type *t);
/* r's member type called name (or its base class's), or NULL. */
k_type *k_record_member_type(const k_record *r, const char *name);

#endif
