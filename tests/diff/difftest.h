/* difftest.h: what the differential test's files share (difftest.c: loading, the VM and
 * the interval evaluator against the reference; difftest_engine.c: the engine's queries
 * against brute force). */
#ifndef FIX_DIFFTEST_H
#define FIX_DIFFTEST_H

#include "app/run.h"
#include "check/sema.h"
#include "ref/ref.h"
#include "util/rng.h"

enum { ALL_INPUTS_LOG2 = 8, SAMPLED_INPUTS = 48, INTERVALS = 24, BRUTE_MAX = 4096, SAMPLED_POINTS = 14, REF_STEPS = 2000000 };

typedef struct Counts { uint64_t programs, failed, calls, enclosures, envelopes, engine, unsupported, limits; } Counts;

/* One program loaded twice: as `fix run` compiles it, and without fusion. */
typedef struct Loaded {
    Session s;
    PtrList plans;
    bool ok;
} Loaded;

/* The reference's values of one function of one parameter, kept by argument (every check
 * asks for f at the same points again): open addressing on the element's hash. */
typedef struct Memo {
    const FnSym *fn;
    size_t nslots, count;
    Word *xs, *fx;
    signed char *state;        /* 0: free; else the RefStatus + 1 */
} Memo;

typedef struct Run {
    const char *name;          /* "seed 17" or the file's path */
    Loaded fused, plain;
    RefEval *ref;
    Rng rng;
    Counts *n;
    VmHost host;               /* the fused session's engine, for the reference */
    Memo memo;
    bool failed;
    bool quiet;
} Run;

/* Reports a failed check of r (unless quiet): the check, the function, the input x of L. */
void fail(Run *r, const char *check, const FnSym *fn, const Lattice *L, const Word *x, const char *what);
bool is_endo(const FnSym *fn);
/* The reference's f(x) for fn of one parameter (kept in r->memo). */
RefStatus ref_at(Run *r, const FnSym *fn, const Word *x, Word *out);
void memo_free(Memo *m);
/* A random interval [lo, hi] of L (r's generator). */
void random_interval(Run *r, const Lattice *L, Word *lo, Word *hi);
/* (d): the engine's answers on fe (one parameter, a small finite lattice) against brute force. */
void check_engine(Run *r, FnEntry *fe);

#endif
