/* types.h: what the checker knows of a declaration, shared by the checker, the compiler, the
 * VM and the query driver: static types of expressions and the symbols of functions, Galois
 * insertions and logic programs. */
#ifndef FIX_TYPES_H
#define FIX_TYPES_H

#include "front/ast.h"
#include "common.h"
#include "aft/aft.h"
#include "lattice/lattice.h"
#include "util/buf.h"

/* The static type of an expression.  Every value a function takes or returns is a lattice
 * element; numbers and atoms occur inside expressions. */
typedef enum {
    TY_LAT,      /* an element of lat */
    TY_INT,      /* an integer (int64), e.g. x + 1 for x in a range */
    TY_REAL,     /* a double, e.g. 1 - y / 2 */
    TY_ATOM,     /* an atom (index) of lat: a powerset atom or a map key */
    TY_FN,       /* a function (fn): known to the checker, never a run-time value (value) */
    TY_COLL,     /* a collection: one word, a Collection the VM keeps, its items of lattice lat;
                  * value: NULL (elements of lat) or the items' Type (intervals: lat is L * L) */
    TY_ITV,      /* an interval [lo, hi] of L: lat is the product L * L, lo then hi (approx(f)) */
    TY_BNB,      /* bnb(f): three words, .fixpoints, .final, .complete; lat is a product of three
                  * one-word lattices (their layout), value the Type of .final */
    TY_ERROR,    /* after a reported type error */
} TypeKind;

typedef struct FnType FnType;

struct Type {
    TypeKind kind;
    const Lattice *lat;
    const FnType *fn;            /* TY_FN: its parameters and result */
    const void *value;           /* TY_FN: which function it is (the checker's FnVal) */
};

/* A collection at run time (fixpoints(f), elements(L), a comprehension): n elements of lat,
 * item i its words at items + i * lat->nwords; lat NULL: n one-word atoms (map keys,
 * keys(M)).  The VM makes it and keeps it until its next run from outside; the value is a
 * word holding its address.  index: a hash table of the first `indexed` items (item number
 * + 1 a slot, 0 free; nslots a power of two), built by the VM when it looks an item up. */
typedef struct Collection {
    const Lattice *lat;
    size_t n, cap;
    Word *items;
    size_t *index, nslots, indexed;
} Collection;

/* The words of one item of collection k. */
static inline size_t collection_item_words(const Collection *k) { return k->lat ? k->lat->nwords : 1; }

static inline const Collection *collection_at(Word w) { return (const Collection *)(uintptr_t)w; }

/* Are the items of a collection of type t one-word atoms (keys(M): value an atom type)? */
static inline bool type_atom_items(const Type *t) { return t->value && ((const Type *)t->value)->kind == TY_ATOM; }
/* The words of one item of a collection of type t. */
static inline size_t type_item_words(const Type *t) { return type_atom_items(t) ? 1 : t->lat->nwords; }

/* The type of a function value: `A -> B`, `(A, B) -> C`; each a lattice or a function type. */
struct FnType {
    size_t nparams;
    const Type *const *params;
    const Type *ret;
};

typedef struct Chunk Chunk;      /* ir.h */

/* Which envelopes approx, refine and bnb use (`envelope NAME`).  AUTO: the declared ones
 * (an envelope block, monotone or antitone), else brute force when the lattice is small
 * enough to enumerate, else the envelopes derived from the function's code. */
typedef enum { ENVELOPE_AUTO, ENVELOPE_BRUTE, ENVELOPE_DERIVED, ENVELOPE_DECLARED } EnvelopeChoice;

/* The options of a query, checked: of a query statement (QueryPlan.opt, check/plan.h) and of
 * bnb(f ...) in an expression (IrTables.bnbs: the VM hands them to its host; there `trace`
 * and `models` are never given).  -1 (timeout: < 0) when not given (query_options_unset). */
typedef struct QueryOptions {
    long steps, budget, rounds, models;
    long jobs;                    /* `jobs N`: threads (bnb, fixpoints); -1 when not given */
    double timeout;
    bool has_split;
    SplitStrategy split;
    bool has_policy;              /* `policy NAME` given; else bnb searches with policy isolate */
    AftPolicy policy;
    EnvelopeChoice envelope;      /* AUTO when not given */
    struct GaloisSym *via;        /* `via G`, or NULL; the driver records in it that it checked
                                     G's laws (GaloisSym.laws) */
    bool trace;
    bool from;                    /* `from [lo .. hi]` was given: in an expression its start
                                     interval is on the VM's stack, lo then hi */
} QueryOptions;

static inline QueryOptions query_options_unset(void)
{
    return (QueryOptions){ .steps = -1, .budget = -1, .rounds = -1, .models = -1, .jobs = -1, .timeout = -1 };
}

/* What the driver found when it checked a declaration before relying on it (once a session):
 * not yet checked, proved, or only sampled (then results that rely on it say so). */
typedef enum { TRUST_UNCHECKED, TRUST_PROVED, TRUST_SAMPLED } TrustState;
typedef struct Trust { TrustState state; size_t cases; } Trust;

typedef struct FnSym {
    const char *name;
    Loc loc;
    size_t nparams;
    const char **param_names;
    const Lattice **params;
    const Lattice *ret;
    Annotation ann;
    Chunk *chunk;                 /* NULL until compiled, and for a function with errors */
    struct FnSym *upper, *lower;  /* declared envelope: upper(lo, hi, x), lower(lo, hi, x) */
    Loc envelope_loc;
    Trust tone, envelope;         /* the annotation and the envelope, once checked */
} FnSym;

typedef struct GaloisSym {
    const char *name;
    Loc loc;
    const Lattice *concrete, *abstract;
    FnSym *alpha_up, *gamma_up, *alpha_lo, *gamma_lo;
    Trust laws;                   /* the insertion laws, once checked */
} GaloisSym;

typedef struct ProgramSym {
    const char *name;
    Loc loc;
    const Decl *decl;             /* its rules, or program_file (path resolved against the file) */
    const char *resolved_file;    /* for `program P from "x.lp"`: the path to ground */
} ProgramSym;

/* "int", "real", "atom of powerset {...}", "key of map {...} -> ...", or the lattice. */
void type_describe(const Type *t, Buf *out);
/* A function's signature as declared: "fn f(x: L): L monotone". */
void type_fn_describe(const FnSym *f, Buf *out);

#endif
