/* ast.h: the abstract syntax tree of a .fix file, allocated in an arena.  The parser builds
 * it; sema checks it and attaches types; the compiler lowers it to IR. */
#ifndef FIX_AST_H
#define FIX_AST_H

#include "common.h"
#include "front/diag.h"
#include "util/mem.h"

typedef struct Expr Expr;
typedef struct LatExpr LatExpr;
typedef struct Type Type;

/* A list of pointers, arena allocated. */
typedef struct { void **items; size_t count, cap; } PtrList;
void ast_ptrlist_push(Arena *a, PtrList *l, void *p);

typedef struct Ident { const char *name; Loc loc; } Ident;
typedef struct Param Param;

/* ---- lattice expressions: `lattice L = ...;` and parameter types ---- */
typedef enum {
    LAT_NAME,       /* a declared lattice: name */
    LAT_POWERSET,   /* powerset {a, b}: names */
    LAT_CHAIN,      /* chain {low, mid, high}: names */
    LAT_RANGE,      /* range lo..hi */
    LAT_REAL,       /* real [lo, hi] tolerance tol */
    LAT_PRODUCT,    /* A * B * C: parts */
    LAT_MAP,        /* map {x, y} -> V: names, value */
    LAT_FINITE,     /* finite { a < b, c; ... }: names, covers */
    LAT_DUAL,       /* dual L: base */
    LAT_APPLY,      /* Store[Sign]: a generic lattice (name) instantiated on parts */
    LAT_FN,         /* A -> B, (A, B) -> C: parts are the parameters, value the result (a
                       parameter's or a result's type only: a function is not a lattice) */
    LAT_COLL,       /* collection of L: value the item type (a lattice, LAT_ITV or LAT_KEY) */
    LAT_ITV,        /* interval of L: value L (like LAT_COLL, a parameter's or a result's type) */
    LAT_BNB,        /* bnb result of L: value L */
    LAT_KEY,        /* key of M: value the map lattice M */
} LatExprKind;

typedef struct Cover { Ident below, above; } Cover;

struct LatExpr {
    LatExprKind kind;
    Loc loc;
    Ident name;                 /* LAT_NAME */
    Ident *names; size_t nnames;/* POWERSET, CHAIN, MAP keys, FINITE elements (in first-seen order) */
    int64_t ilo, ihi;           /* RANGE */
    double rlo, rhi, tol;       /* REAL; tol = 0 when not given */
    Loc tol_loc;                /* REAL: where the tolerance is written (no source: not given) */
    LatExpr **parts; size_t nparts;  /* PRODUCT */
    LatExpr *value;             /* MAP */
    LatExpr *base;              /* DUAL */
    Cover *covers; size_t ncovers;   /* FINITE: below < above */
};

/* ---- expressions ---- */
typedef enum {
    E_INT, E_REAL, E_BOOL,      /* literals: ival, rval, ival (0/1) */
    E_NAME,                     /* name: a variable, atom, chain/finite element, or map key */
    E_BOT, E_TOP,               /* typed by context */
    E_UNARY,                    /* op, a */
    E_BINARY,                   /* op, a, b */
    E_IF,                       /* a ? b : c */
    E_LET,                      /* let var = a in b */
    E_CALL,                     /* name(args): user function or builtin (min, max, abs) */
    E_TUPLE,                    /* (args) with >= 2 elements */
    E_PROJ,                     /* a.index, index from 1; a.lo, a.hi of an interval (name, index 0) */
    E_SET,                      /* {args}: set of atoms */
    E_MAP,                      /* {keys -> args} (a key `_`: the default); a: the map an update a[k -> v] copies */
    E_INDEX,                    /* a[b]: map lookup */
    E_COMPREHENSION,            /* { var in a | b }: a is a set, a powerset lattice name or a collection;
                                 * { c | var in a }: a is a collection (b NULL) */
    E_SUPINF,                   /* sup/inf { a | var in [b .. c] }; op = OP_JOIN (sup) or OP_MEET (inf) */
    E_COUNT,                    /* count a */
    E_FIX,                      /* lfp/gfp (op = OP_LFP / OP_GFP): of name(args..., _) or of var: type => a */
    E_QUANT,                    /* forall/exists (op) var in a : b */
    E_TABLE,                    /* table { k1 -> v1, ... }: args k1, v1, k2, v2, ... (a function body) */
    E_ASCRIBE,                  /* (a : vartype) */
    E_LAMBDA,                   /* (x: A, y: B => a): lparams, body a */
    E_FIXPOINTS,                /* fixpoints(a), and elements(L) once checked (a NULL); with vartype
                                   instead of a: atoms(vartype), the singletons of a powerset */
    E_CONST,                    /* an element known when checked (cval, of type `type`) */
    E_FOLD,                     /* made by the checker from fold(a, b, g): a collection, a start, the step c */
    E_APPROX,                   /* approx(a): an interval, by the engine when the program runs */
    E_BNB,                      /* bnb(a [options]): fixed points, Final, complete, by the engine when it
                                   runs; a start interval [b, c] when b is not NULL (query: the options) */
    E_REFINE,                   /* refine(a, b, c): an interval, F iterated from [b, c] by the engine */
    E_STABLE,                   /* stable(name): the stable models of a program block, by the solver when it runs */
    E_KEYS,                     /* made by the checker from keys(a): the keys of a map lattice (resolved, a LatInfo) */
} ExprKind;

typedef enum {
    OP_NEG, OP_NOT,
    OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD,
    OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE,
    OP_AND, OP_OR,
    OP_JOIN, OP_MEET,
    OP_UNION, OP_INTER, OP_MINUS, OP_IN,
    OP_LFP, OP_GFP,
    OP_FORALL, OP_EXISTS,
} OpKind;

struct Expr {
    ExprKind kind;
    OpKind op;
    Loc loc;
    int64_t ival;
    double rval;
    Ident name;                 /* NAME, CALL, LET/COMPREHENSION/SUPINF/FIX/QUANT bound variable */
    Expr *a, *b, *c;
    Expr **args; size_t nargs;  /* CALL, TUPLE, SET, MAP values, FIX extra args */
    Ident *keys;                /* MAP keys (nargs of them) */
    LatExpr *vartype;           /* FIX lambda variable type, or NULL */
    Param *lparams; size_t nlparams;   /* LAMBDA parameters */
    Expr **targs; size_t ntargs;       /* CALL: explicit type arguments f[A, B](...) */
    const uint64_t *cval;              /* CONST: its words */
    struct Query *query;               /* BNB: its options, bnb(f budget 4 ...) (from is b and c), or NULL */
    const Type *type;           /* set by sema */
    long slot;                  /* set by sema: local slot of a variable, or other resolution */
    bool reversed;              /* set by sema: a comparison of numbers in the order of a dual range
                                   or real, which is theirs turned round */
    const void *resolved;       /* set by sema: what a NAME or CALL refers to */
};

/* ---- declarations and queries ---- */
typedef enum {
    D_IMPORT, D_LATTICE, D_FN, D_ENVELOPE, D_GALOIS, D_PROGRAM,
    D_QUERY,
} DeclKind;

typedef enum { ANN_NONE = 0, ANN_MONOTONE = 1, ANN_ANTITONE = 2 } Annotation;

struct Param { Ident name; LatExpr *type; };

/* One equation inside an envelope or galois block: name(params) = body. */
typedef struct Equation { Ident name; Ident *params; size_t nparams; Expr *body; Loc loc; } Equation;

/* One ground rule of a program block.  kind: RULE_NORMAL (head has 1 atom), RULE_CONSTRAINT
 * (no head), RULE_CHOICE ({h1; h2} :- body).  Atoms are names like p or red(1). */
typedef enum { RULE_NORMAL, RULE_CONSTRAINT, RULE_CHOICE } RuleKind;
typedef struct Rule {
    RuleKind kind;
    Loc loc;
    Ident *head; size_t nhead;
    Ident *pos; size_t npos;
    Ident *neg; size_t nneg;
} Rule;

typedef enum {
    Q_SHOW,         /* show expr */
    Q_FIXPOINTS,    /* fixpoints f */
    Q_LFP, Q_GFP,   /* lfp f / gfp f of a monotone f */
    Q_APPROX,       /* approx f [via G] */
    Q_REFINE,       /* refine f [from [lo .. hi]] [steps N] [trace] [via G] */
    Q_BNB,          /* bnb f [from ...] [budget K] [rounds T] [timeout S] [split NAME] [policy NAME] [trace] [via G]
                       (approx, refine, bnb: [envelope brute|derived|declared]) */
    Q_STABLE,       /* stable P [models N] */
    Q_CHECK_MONOTONE, Q_CHECK_ANTITONE, Q_CHECK_ENVELOPE, Q_CHECK_GALOIS,
} QueryKind;

typedef struct Query {
    QueryKind kind;
    Ident target;               /* the function, program or galois insertion */
    Expr *expr;                 /* SHOW */
    Expr *from_lo, *from_hi;    /* optional start interval */
    Ident via;                  /* optional galois insertion (name NULL when absent) */
    long steps, budget, rounds, models;   /* -1 when not given */
    long jobs;                  /* `jobs N` (bnb, fixpoints): threads; -1 when not given */
    double timeout;             /* < 0 when not given */
    Ident split;                /* NULL name when not given */
    Ident policy;               /* bnb's search policy, paper or isolate; NULL name when not given */
    Ident envelope;             /* brute, derived or declared; NULL name when not given */
    bool trace;
} Query;

typedef struct Decl {
    DeclKind kind;
    Loc loc;
    Ident name;                 /* declared name (not for IMPORT / QUERY) */
    Ident *tparams; size_t ntparams;   /* FN, LATTICE: type parameters `[L, M]` */
    /* IMPORT */
    const char *path;
    /* LATTICE */
    LatExpr *lattice;
    /* FN */
    Param *params; size_t nparams;
    LatExpr *ret;
    Annotation ann;
    Expr *body;
    /* ENVELOPE and GALOIS: equations; GALOIS: from -> to lattices */
    Equation *eqs; size_t neqs;
    LatExpr *from, *to;
    /* PROGRAM: rules, or a file to ground with gringo */
    Rule *rules; size_t nrules;
    const char *program_file;
    Loc program_file_loc;       /* where that file's name is written */
    /* QUERY */
    Query query;
    /* set by sema */
    void *sym;
} Decl;

typedef struct AstFile {
    const Source *src;
    Decl **decls; size_t ndecls;
    /* The first lexical or syntax error, when there is one: where it is, and whether it is
     * there because the input ended (the REPL then reads another line). */
    bool syntax_error;
    uint32_t first_error;
    bool cut_short;
    /* The names of the declarations a syntax error dropped (const char *): the checker does
     * not report their uses as unknown names, which would only repeat that error. */
    PtrList dropped;
} AstFile;

/* Parses src into an AST allocated in arena.  Syntax errors go to diag (several per run,
 * recovering at `;`); the declarations parsed without error and nested no deeper than
 * AST_MAX_DEPTH are returned, never NULL, with the first syntax error described. */
AstFile *parse_source(Diag *diag, Arena *arena, const Source *src);

/* ---- nesting depth ----
 * The checker, the compiler and the lattice code recurse on the C stack once per level of
 * nesting, so every declaration is measured (without recursion) right after parsing and
 * refused when it nests deeper than AST_MAX_DEPTH levels; lattices built from lattices
 * (products, maps, duals, through declared names too) are held to the same depth by sema.
 * Measured before the limit existed, in the ASan build with `ulimit -s 256` (256 KiB of
 * stack), the costliest constructs (`a and (b and (...))`, `1 + (2 + (...))`, calls, `if`)
 * overflowed after 460 to 600 levels, about 500 bytes a level; 200 levels leave more than
 * twice the room, and deeper nesting is not written by hand.
 * Chains of binary operators (1 + 2 + 3 + ..., a and b and ..., x union y union ...) nest to
 * the left as deep as they are long; sema and the compiler walk such a left spine in a loop,
 * so a chain costs one level whatever its length (see ast_left_chained). */
enum { AST_MAX_DEPTH = 200 };

/* True when e is a binary operator whose left operand is a binary operator too, checked and
 * compiled in the same loop as e (every operator but `in` takes its left operand first). */
static inline bool ast_left_chained(const Expr *e)
{
    return e->kind == E_BINARY && e->op != OP_IN && e->a->kind == E_BINARY;
}

/* Reports (at the first spot too deep) and returns false when an expression or lattice
 * expression of d nests deeper than AST_MAX_DEPTH levels. */
bool ast_depth_ok(Diag *diag, const Decl *d);

/* A deep copy of an expression not yet checked (its lattice expressions shared), for the
 * checker to check a function's body once per instance.  Recursive: the copy is made of a
 * body that passed ast_depth_ok. */
Expr *ast_clone_expr(Arena *a, const Expr *e);

/* Calls fn on every E_NAME and the callee of every E_CALL inside e (e included), in no
 * particular order; walks with an explicit stack. */
void ast_each_name(const Expr *e, void (*fn)(void *ctx, const Ident *name), void *ctx);

/* Printing (for tests and :type). */
const char *ast_op_text(OpKind op);
const char *ast_query_name(QueryKind k);     /* "bnb", "check monotone", ... */

#endif
