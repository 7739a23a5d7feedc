/* sema_internal.h: what the checker's files share: the state of checking a file (FileCtx) and
 * an expression (Checker), the tables and names of sema.c, and the expression checker:
 * sema_expr.c (its core) dispatches to sema_struct.c, sema_fn.c, sema_generic.c, sema_coll.c
 * and sema_map.c, each of which checks its subexpressions through check_expr (the entry
 * point the Sema holds) and the helpers of sema_help.c, so no two of them call each other
 * in a circle.  The files below them have headers of their own: sema_types.h,
 * sema_lattice.h, sema_table.h, and sema_decl.h (the options of queries).  Nothing outside
 * the checker includes any of them. */
#ifndef FIX_SEMA_INTERNAL_H
#define FIX_SEMA_INTERNAL_H

#include "check/sema.h"

static const Type TYPE_INT = { TY_INT, NULL, NULL, NULL };
static const Type TYPE_REAL = { TY_REAL, NULL, NULL, NULL };
static const Type TYPE_ERROR = { TY_ERROR, NULL, NULL, NULL };

/* Numeric lattices: their elements take part in arithmetic as ints (range) or reals (real). */
typedef enum { NUM_NONE, NUM_INT, NUM_REAL } NumKind;

/* Per-file state: lattice declarations not yet processed, so that a lattice may use one
 * declared further down (`lattice Env = map {x} -> Sign; lattice Sign = ...;`). */
typedef struct FileCtx {
    Sema *sema;
    const Source *src;
    HashMap pending;           /* name -> Decl* (D_LATTICE) */
    unsigned depth;            /* lattice expressions and pending declarations being resolved */
    size_t ntvars;             /* type parameters in scope (a generic's instance): name -> lattice */
    const char *const *tvar_names;
    LatInfo *const *tvar_lats;
} FileCtx;

/* The state of checking one expression: its locals and the frame slots they use. */
/* alias: a parameter of a function whose result is a function, inlined at the call: the
 * checked argument it stands for (no slot). */
typedef struct Local { const char *name; const Type *type; size_t slot; Expr *alias; } Local;

typedef struct Checker {
    Sema *sema;
    FileCtx *fc;               /* for lattice expressions in lambdas; may have no pending */
    VEC(Local) locals;
    size_t scope_base;         /* locals below it are hidden (a body inlined at a call) */
    size_t top, max;           /* frame words in use / ever used */
    bool poisoned;             /* an expression was typed as an error (reported, or the use of a
                                * name whose declaration failed): the unit is never compiled */
} Checker;

/* sema.c: symbols, lattices and the names of their elements. */
NumKind sema_num_kind(const Type *t);
const Type *sema_lat_type(Sema *sema, const Lattice *L);
const Type *sema_atom_type(Sema *sema, const Lattice *L);
bool sema_lat_depth_ok(Sema *sema, Lattice *L, Loc loc);
LatInfo *sema_lat_register(Sema *sema, Lattice *L);
LatInfo *sema_lat_intern(Sema *sema, Lattice *fresh);
size_t sema_names_mark(Sema *sema);
void sema_names_settle(Sema *sema, size_t mark, bool ok);
bool sema_name_free(Sema *sema, Ident id);
bool sema_declare(Sema *sema, SymKind kind, Ident id, void *ptr);
FnEntry *sema_fn_new(Sema *sema, const char *name, Loc loc, size_t nparams, Annotation ann);
/* The lattices that have an element (kind) of this name, deduplicated; the count and the
 * first two. */
size_t sema_refs_of_kind(Sema *sema, const char *name, ElemKind kind, const ElemRef **first,
                         const ElemRef **second);
void sema_undeclare(Sema *sema, const char *name);
const char *sema_sym_kind_name(SymKind k);

/* The expression checker's entry point (sema_expr.c's sema_expr_walk, installed in the Sema
 * by sema_init): every file of the checker checks a part by check_expr, through it, so that
 * the files sema_expr.c dispatches to do not call back into sema_expr.c. */
typedef struct SemaWalk {
    const Type *(*expr)(Checker *c, Expr *e, const Lattice *want);
} SemaWalk;

/* e checked with the lattice want expected where one is known (NULL: none); its type. */
static inline const Type *check_expr(Checker *c, Expr *e, const Lattice *want)
{
    return c->sema->walk->expr(c, e, want);
}

static inline void sema_checker_init(Checker *c, Sema *sema, FileCtx *fc)
{
    memset(c, 0, sizeof *c);
    c->sema = sema;
    c->fc = fc;
}


/* sema_help.c: the expression checker's helpers. */
/* Checks e against lattice L: its type must be L or convertible to it; the same for an e
 * already checked, of type t; can a value of type t be stored into L? */
const Type *check_against(Checker *c, Expr *e, const Lattice *L);
const Type *check_against_type(Checker *c, Expr *e, const Type *t, const Lattice *L);
bool check_coerce_ok(const Type *t, const Lattice *L);
const Type *check_atom(Checker *c, Expr *e, const Lattice *P);
const Type *check_fail(Checker *c, Loc loc, const char *fmt, ...) FIX_PRINTF(3, 4);
const Type *check_function_misused(Checker *c, Loc loc, const Type *t);
char *check_describe(Checker *c, const Type *t);
char *check_describe_lat(Checker *c, const Lattice *L);
size_t check_alloc_slots(Checker *c, size_t n);
void check_bind(Checker *c, const char *name, const Type *type, size_t slot);
const Local *check_find_local(const Checker *c, const char *name);
bool check_needs_context(const Checker *c, const Expr *e);
Resolution *check_resolution(Checker *c, ResKind kind, LatInfo *li, size_t index);
/* A checked reference to the local name of type t at slot (the compiler loads it). */
Expr *check_local_ref(Checker *c, const char *name, const Type *t, size_t slot, Loc loc);
const Type *check_ambiguous(Checker *c, Loc loc, const char *name, const ElemRef *a, const ElemRef *b);
/* The lattice a names (a name, not a local; a type parameter in scope), or NULL; the same
 * resolved as the powerset it must be, or NULL after an error naming `what`. */
LatInfo *sema_lattice_named(Checker *c, const Expr *a);
LatInfo *sema_powerset_named(Checker *c, Expr *a, LatInfo *li, const char *what);

/* sema_struct.c: tuples, sets, maps, counts, sup/inf and fixpoints inside expressions. */
const Type *check_tuple(Checker *c, Expr *e, const Lattice *want);
const Type *check_proj(Checker *c, Expr *e);
const Type *check_set(Checker *c, Expr *e, const Lattice *want);
const Type *check_index(Checker *c, Expr *e);
const Type *check_count(Checker *c, Expr *e);
const Type *check_supinf(Checker *c, Expr *e, const Lattice *want);
const Type *check_fix(Checker *c, Expr *e);
const Type *check_ascription(Checker *c, Expr *e);
const Type *check_atoms(Checker *c, Expr *e);

/* sema_fn.c: function types and values, partial application, lambdas, generic instances. */
const Type *sema_resolve_ptype(FileCtx *fc, const LatExpr *t);
const Type *sema_fn_value(Checker *c, FnEntry *fe);
const Type *sema_call_value(Checker *c, Expr *e, const Type *callee);
Expr *sema_apply1(Checker *c, const Type *fv, Expr *x, Loc loc);
const Type *check_lambda(Checker *c, Expr *e);
const Type *check_lambda_endo(Checker *c, Expr *e);
bool sema_define_instance(Sema *sema, FnEntry *T, Expr *const *args, FnEntry *inst, const Lattice **ret);

/* sema_generic.c: functions with type parameters. */
LatExpr *sema_expr_as_lattice(Arena *a, const Expr *e);
const Type *sema_call_generic(Checker *c, Expr *e, FnEntry *T);
const Type *sema_generic_value(Checker *c, Expr *e, FnEntry *T);

/* sema_coll.c: collections: fixpoints(f), elements(L), comprehensions, and count, forall,
 * exists, in and fold over them (NULL from the check_*_collection: not a collection). */
FnEntry *sema_fn_target(const Type *g);
/* A function value whose declaration was refused (its errors reported): its uses stay quiet. */
bool sema_fn_broken(const Type *g);
const Lattice *sema_endo_lattice(Checker *c, const Type *g, const char *what, Loc loc);
bool sema_is_collection(const Checker *c, const Expr *e);
const Type *check_fixpoints(Checker *c, Expr *e);
const Type *check_elements(Checker *c, Expr *e);
const Type *check_keys(Checker *c, Expr *e);
const Type *check_fold_loop(Checker *c, Expr *e, const Lattice *want);
const Type *sema_pair_result(Checker *c, const Type *t1, Expr *second);
const Type *check_approx(Checker *c, Expr *e);
const Type *check_refine(Checker *c, Expr *e);
const Type *check_bnb(Checker *c, Expr *e);
const Type *check_stable(Checker *c, Expr *e);
const Type *check_field(Checker *c, Expr *e, const Type *t);
const Type *check_quantifier(Checker *c, Expr *e, const Lattice *want);
const Type *check_in_collection(Checker *c, Expr *e);
const Type *check_count_collection(Checker *c, Expr *e);
const Type *check_fold(Checker *c, Expr *e, const Lattice *want);

/* sema_map.c: map literals, with a default `_ -> d`, and updates m[k -> v]. */
const Type *check_map(Checker *c, Expr *e, const Lattice *want);

#endif
