/* sema.h: the checker: names and static types, its state (Sema: the symbol tables, lattice
 * declarations), and the checker that resolves names, types every expression and allocates
 * frame slots.  The Sema (context.h) owns a Sema and drives it. */
#ifndef FIX_SEMA_H
#define FIX_SEMA_H

#include "common.h"
#include "code/ir.h"
#include "check/plan.h"
#include "code/types.h"
#include "util/hashmap.h"

/* A lattice the context knows (declared, structural, or predeclared), with its IR index. */
typedef struct LatInfo {
    Lattice *L;
    uint32_t index;            /* in Sema.tables.lats: the operand of lattice instructions */
    unsigned depth;            /* 1, or 1 + the depth of its deepest part, value or base */
    bool noted;                /* its element, atom or key names are in Sema.elems */
    Type as_lat, as_atom;      /* the types "element of L" and "atom / key of L" */
} LatInfo;

typedef enum { SYM_LATTICE, SYM_FN, SYM_GALOIS, SYM_PROGRAM, SYM_GENERIC_LATTICE } SymKind;

typedef struct Sym {
    SymKind kind;
    const char *name;
    Loc loc;
    void *ptr;                 /* LatInfo*, FnEntry*, GaloisSym*, ProgramSym* */
} Sym;

/* Every FnSym the context makes is the first member of an FnEntry (see sema_fn_entry). */
typedef struct FnEntry {
    FnSym sym;
    uint32_t index;            /* in Sema.tables.fns: the operand of CALL */
    bool broken;               /* its body had errors: it has no chunk, nothing calls it */
    bool muted;                /* broken while errors were counted, not shown (an argument's type
                                * found quietly): made and checked again at its next use */
    bool hidden;               /* an envelope or galois equation */
    Expr *body;                /* checked, to be compiled (by the context) */
    size_t nlocals;            /* frame words the body needs, parameters included */
    /* Functions that take functions (sema_fn.c): never compiled themselves, but checked and
     * compiled once per instance, a copy with its function parameters known. */
    bool generic;
    const Type *const *ptypes; /* generic: each parameter's type (functions included) */
    const Expr *tbody;         /* generic: the body as parsed (each instance checks a copy) */
    const Source *src;         /* generic: the file it was declared in */
    const Decl *decl;          /* with type parameters: the declaration (ptypes are per instance) */
    const Type *rtype;         /* a function as result: each call is inlined where it is */
    size_t ntvars;             /* an instance of one with type parameters: their lattices */
    const char *const *tvar_names;
    LatInfo *const *tvar_lats;
} FnEntry;


/* Where a name of an element, atom or key occurs (a list per name). */
typedef enum { ELEM_VALUE, ELEM_ATOM, ELEM_KEY } ElemKind;
typedef struct ElemRef {
    LatInfo *li;
    uint32_t index;
    ElemKind kind;             /* chain/finite element, powerset atom, map key */
    struct ElemRef *next;
} ElemRef;

/* What an E_NAME (Expr.resolved) refers to; locals use Expr.slot. */
typedef enum { RES_LOCAL, RES_ELEM, RES_ATOM, RES_LATTICE } ResKind;
typedef struct Resolution {
    ResKind kind;
    LatInfo *li;               /* ELEM / ATOM / LATTICE */
    uint32_t index;            /* ELEM / ATOM: the element, atom or key index */
} Resolution;

/* The checker's state: every lattice, symbol and element name declared so far in one
 * context, and the tables that compiled code indexes.  A Sema (context.c) owns one; only
 * the checker's files write it (the compiler reads its tables and lattice indices). */
/* A declaration refused with errors: its name and where it was declared. */
typedef struct SemaRefused { const char *name; Loc loc; } SemaRefused;

typedef struct Sema {
    Diag *diag;
    Arena arena;               /* everything the checker makes: symbols, types, rewritten trees */
    HashMap syms;              /* name -> Sym* */
    HashMap elems;             /* element, atom and key names -> ElemRef* */
    HashMap latinfo;           /* Lattice* -> LatInfo* */
    VEC(LatInfo *) lats;
    VEC(LatInfo *) journal;    /* lattices whose names were noted since the last declaration
                                * that succeeded: forgotten again when a declaration fails */
    IrTables tables;
    VEC(FnEntry *) fns;        /* every function declared, in the order of tables.fns */
    LatInfo *bool_lat;
    HashMap instances;         /* "generic:shapes of its function arguments" -> FnEntry* */
    unsigned instantiating;    /* instances being checked inside each other */
    VEC(const char *) dropped; /* names whose declarations a syntax error dropped, in the files
                                * being added (AstFile.dropped): their uses are not reported */
    VEC(SemaRefused) refused;  /* declarations refused with errors in the files added before
                                * (a REPL's earlier entries): a use of one says so */
    const struct SemaWalk *walk;   /* the expression checker's entry point (sema_init) */
} Sema;

/* Sets up the tables and the predeclared lattice Bool (errors go to diag), with the
 * expression checker `walk` (pass &sema_expr_walk: the checker's files reach it through the
 * Sema, so that they do not call each other in a circle); frees everything the checker made. */
void sema_init(Sema *sema, Diag *diag, const struct SemaWalk *walk);
extern const struct SemaWalk sema_expr_walk;
void sema_free(Sema *sema);

static inline FnEntry *sema_fn_entry(const FnSym *f) { return (FnEntry *)(void *)f; }

LatInfo *sema_lat_info(Sema *sema, const Lattice *L);
Sym *sema_lookup(Sema *sema, const char *name);
/* True when name's declaration was dropped by a syntax error in the files being added: a use
 * of it fails without a second report. */
bool sema_name_dropped(const Sema *sema, const char *name);
/* A use at `use` of a name that is not declared: true when its declaration was dropped or
 * refused (quiet when that was in the files being added, whose errors said it; else an error
 * "uses 'NAME', whose declaration at FILE:LINE:COL has errors"), false when the name is simply
 * unknown (the caller reports that). */
bool sema_refused_use(Sema *sema, Loc use, const char *name);
const Type *sema_type_int(void);
const Type *sema_type_real(void);
/* L without its duals: a dual powerset or range has the sets or numbers of its base. */
const Lattice *sema_undual(const Lattice *L);
/* Is L's order that of its numbers turned round: a range or real under an odd number of
 * duals?  Then <, <=, >, >= on its elements compare the numbers the other way. */
bool sema_numbers_reversed(const Lattice *L);
/* Words a value of type t takes on the VM stack. */
size_t sema_type_words(const Type *t);

/* Checks the declarations of one parsed file (its imports already loaded), leaves each
 * checked function body in its FnEntry for the context to compile, and appends a QueryPlan*
 * (plan.h; its expressions checked, not yet compiled) for each of the file's queries that
 * checked without errors to *plans (when plans is non-NULL). */
bool sema_add_file(Sema *sema, AstFile *file, PtrList *plans);

/* Checks a closed expression; *nlocals gets the frame words it needs.  NULL after errors. */
const Type *sema_check_closed(Sema *sema, Expr *e, const Lattice *expected, size_t *nlocals);

#endif
