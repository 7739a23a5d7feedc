/* fixgen_int.h: the generator's state, shared by fixgen.c (programs and functions),
 * fixgen_lat.c (lattices and their constants) and fixgen_expr.c / fixgen_coll.c
 * (expressions).  Every lattice of a program is declared with a name (L0, L1, ...), except
 * parts of products and maps written in place, which know their parent. */
#ifndef FIX_TESTS_FIXGEN_INT_H
#define FIX_TESTS_FIXGEN_INT_H

#include <stdint.h>

#include "fixgen.h"
#include "util/buf.h"
#include "util/rng.h"

enum { MAX_GAL = 4 };
enum { MAX_LAT = 32, MAX_NAMES = 8, MAX_FN = 32, MAX_VARS = 256, MAX_PARAMS = 8 };   /* a helper has at most 7 */
enum { LAT_BOOL = 0, LAT_T = 1 };           /* the builtin Bool; the type parameter T */
enum { BUDGET = 4000, FNARG_COST = 40, BIG = 256, F_WORK = 40000 };

typedef enum LatKind {
    LK_POW, LK_CHAIN, LK_RANGE, LK_FINITE, LK_PROD, LK_MAP, LK_DUAL, LK_BOOL, LK_REAL, LK_TPARAM
} LatKind;

typedef struct Lat {
    LatKind kind;
    int named;                  /* declared as `lattice NAME = ...;` */
    char name[24];
    int n;                      /* atoms, chain elements, finite elements, keys, parts */
    char elem[MAX_NAMES][12];    /* atom, element or key names */
    int lo, hi;                 /* a range's bounds, a real's (as integers) */
    int part[3];                /* product parts; a map's values and a dual's base: part[0] */
    int parent, pidx;           /* a part written in place: its product or map, which part */
    char covers[200];           /* a finite lattice's cover statements */
    double size;                /* number of elements; 1e9 for reals */
    int height;
    int live;                   /* declared, or a part of a live lattice */
    int inst;                   /* an instance of a generic lattice: M0[L2], Q0[L1, L3] */
    int alias;                  /* declared as `lattice Ln = M0[L2];`: that instance, else -1 */
} Lat;

typedef enum TyKind { TY_INT, TY_REAL, TY_ELEM, TY_COLL, TY_ATOM, TY_KEY, TY_FN, TY_ITV, TY_BNB } TyKind;

/* key: a collection of keys; for a function (A, M) -> A, M + 1 (0: a function A -> A) */
typedef struct Ty { TyKind kind; int lat; int key; } Ty;

typedef struct Var { char name[8]; Ty ty; } Var;

typedef struct Fn {
    char name[8];
    int nparams;
    Ty param[MAX_PARAMS];
    Ty result;
    int generic;                /* fn g[T](...) */
    int monotone;               /* declared monotone (true by construction) */
    int antitone;               /* declared antitone (true by construction) */
    int envelope;               /* has an envelope block */
    int callable;               /* may be called (not a query function on reals) */
    double cost;
} Fn;

typedef struct Gen {
    Rng rng;
    FixgenOptions opt;
    Lat lat[MAX_LAT];
    int nlat, ndeclared;
    Fn fn[MAX_FN];
    int nfn;
    Var var[MAX_VARS];
    int nvar;
    int lambda_base;            /* variables below it: only those a lambda may use */
    int strict_base;            /* below it only elements and functions (a function argument) */
    int fresh;                  /* next variable number */
    int in_generic;             /* T may be used */
    int noloop;                 /* no loops, no calls of costly functions (function args) */
    double used, mult;          /* cost of the function so far, multiplier of loops around */
    double budget;              /* the most a call of the function may cost */
    int cur_fn;                 /* the function being written: calls only earlier ones */
    int shared_names;           /* every lattice names its elements e0, e1, ... */
    int ascribe_lambda;         /* the next lambda's result is told by nothing: ascribe it */
    Rng rng2;                   /* the choices added later (galois, policies, loose envelopes):
                                 * a stream of their own, so the older choices stay as they were */
    int ngal;
    int gal_lat[MAX_GAL];       /* galois G0, G1, ...: each one's concrete lattice */
} Gen;

/* random choices */
int gen_below(Gen *G, int n);
int gen_chance(Gen *G, int percent);
int gen_below2(Gen *G, int n);                 /* the same on the second stream */
int gen_chance2(Gen *G, int percent);

/* lattices: fixgen_lat.c */
void lat_declare_all(Gen *G, Buf *out);
int lat_has_consts(const Gen *G, int l);     /* constants can be written for its elements */
int lat_finite(const Gen *G, int l);
int lat_shape(const Gen *G, int l);          /* the kind under its duals, or LK_TPARAM if opaque */
int lat_is_dual(const Gen *G, int l);
int lat_base(const Gen *G, int l);           /* the lattice under its duals */
void lat_put_const(Gen *G, Buf *b, int l, double index);
void lat_put_random_const(Gen *G, Buf *b, int l);
void lat_put_type(const Gen *G, Buf *b, int l);
int lat_random(Gen *G, int finite);          /* a random declared lattice */

/* galois insertions: fixgen_galois.c */
void gal_declare_all(Gen *G, Buf *out);
int gal_for(Gen *G, int l);                  /* a galois on l, or -1 */

/* expressions: fixgen_expr.c */
void gen_elem(Gen *G, Buf *b, int l, int depth, int ctx);
void gen_int(Gen *G, Buf *b, int depth);
void gen_real(Gen *G, Buf *b, int depth);
void gen_bool(Gen *G, Buf *b, int depth);
void gen_mono(Gen *G, Buf *b, int l, int depth, const char *src, int srclat);
void gen_anti(Gen *G, Buf *b, int l, int depth, const char *src, int srclat);
void gen_args(Gen *G, Buf *b, const Fn *f, int inst, int depth, int leave_last);
int engine_args_ok(Gen *G, const Fn *f);       /* its interval / bnb result arguments can be made */
void gen_expr(Gen *G, Buf *b, Ty ty, int depth, int ctx);
int gen_funvalue(Gen *G, Buf *b, int l, int depth);
void gen_key(Gen *G, Buf *b, int m);
void gen_funvalue2(Gen *G, Buf *b, int l, int m, int depth);
int push_var(Gen *G, const char *prefix, Ty ty, char *name_out);
void fresh_name(Gen *G, char *name);           /* a new variable name (8 bytes) */
void push_named(Gen *G, const char *name, Ty ty);
const Var *pick_var(Gen *G, Ty ty);
int can_afford(const Gen *G, double cost);
void spend(Gen *G, double cost);

/* collections and loops: fixgen_coll.c */
double gen_coll(Gen *G, Buf *b, Ty ty, int depth);
void gen_fold(Gen *G, Buf *b, int l, int depth);
void gen_quant(Gen *G, Buf *b, int depth);
void gen_comp_set(Gen *G, Buf *b, int l, int depth);
void gen_supinf(Gen *G, Buf *b, int l, int depth);
void gen_fixpoint(Gen *G, Buf *b, int l, int depth);
void gen_engine(Gen *G, Buf *b, int l, int depth);
const Fn *engine_fn(Gen *G, int l);
void put_bnb(Gen *G, Buf *b, const Fn *f);
void gen_engine_arg(Gen *G, Buf *b, Ty ty);
int gen_engine_bool(Gen *G, Buf *b);
void gen_coll_bool(Gen *G, Buf *b, int depth);
int coll_type_random(Gen *G, Ty *ty);

#endif
