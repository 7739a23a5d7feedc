/* cube.h: the native search split into cubes (--jobs N, docs/asp.md "Threads"): a fixed list
 * of intervals made from the program alone (never from N or timing), each searched by a
 * solver in the state it has right after loading the program, the models given out in cube
 * order; so the models and their order are the same for every N. */
#ifndef FIX_ASP_CUBE_H
#define FIX_ASP_CUBE_H

#include "asp/opt.h"
#include "asp/search.h"

/* How many cubes the split aims at, the lattice atoms a program needs to be split at all (a
 * smaller one is searched as one, the path of old), how many cubes per thread may be
 * searched ahead of the first one whose models are not yet given out (their models are held
 * until then), and how few cubes make the split not worth it (searched whole instead). */
enum { ASP_CUBES_TARGET = 64, ASP_CUBES_MIN_ATOMS = 40, ASP_CUBES_MAX_STEPS = 4 * ASP_CUBES_TARGET,
       ASP_CUBES_WINDOW = 16, ASP_CUBES_FEW = 8 };
/* The size (lattice atoms + compiled rules + their body literals) above which the default
 * --jobs is 1 (asp_default_jobs): a further thread shares the compiled program but owns a
 * search state of some 30-80 bytes a unit of that size, so from here (1-3 MB, about what
 * fix's peak is below clingo's on small programs) a second thread would lift the peak above
 * clingo's (bench/RESULTS.md, "Peak memory on the default --jobs"). */
#define ASP_SHARED_STATE_MAX ((size_t)1 << 15)
/* The size above which a program is never split, whatever --jobs says: making the cubes
 * costs it a fifth of a first model's time (the 10^6-atom choice: 0.3 s of 1.4 s), and a
 * search state per thread tens of megabytes, more than a second thread wins back
 * (bench/RESULTS.md, "Peak memory on the default --jobs"). */
#define ASP_SPLIT_MAX ((size_t)1 << 20)

/* The cubes, each kept as the words in which it differs from the first cube: a cube of a
 * large program differs from the first in the words of a few split atoms and of what they
 * propagate, so the list costs about one bound, not one bound per cube (issue 29). */
typedef struct AspCubeWord { Word lo, hi; uint32_t w; } AspCubeWord;
typedef struct AspCubes {
    size_t count, nwords;
    Word *lo, *hi;                /* the first cube (NULL when there is none) */
    size_t *start;                /* cube i's words: diff.items[start[i] .. start[i + 1]) */
    VEC(AspCubeWord) diff;
    bool searching;               /* the split stopped because it dropped more halves than it
                                     kept (asp_cubes_make): the program is searched whole */
} AspCubes;

/* Is the search of s under o split into cubes?  (o->jobs set; every model asked for, not N:
 * a search for the first N models is one search, since cubes searched apart each learn
 * alone and the first cube with a model comes after every cube before it is proved empty
 * (a planning program without a plan, tests/asp/compete/hanoi.lp of 7 disks: 542 111
 * conflicts in 64 cubes, 20 193 whole; clasp 14 102); no budget hulls, rounds, trace of
 * the engine's events, split other than first, or interrupt other than the limits'; and s
 * neither too small nor too large, ASP_SPLIT_MAX: a criterion on the program alone.) */
bool asp_cubes_apply(const AspSolver *s, const AspSolveOptions *o);

/* The cubes of s: its initial interval refined, then the cube of the most free atoms (the
 * first on ties) split on the solver's own choice of atom, each half refined and a half
 * without a stable model dropped, until there are ASP_CUBES_TARGET or nothing is left to
 * split; in the order of the split tree's leaves, of two halves first the one the search
 * itself tries first (the atom's phase).  The split stops early, cubes->searching set, once
 * it has dropped ASP_CUBES_FEW halves or more, over half of its splits: it is then searching
 * without learning, which the one search does better.  Their union holds every stable model,
 * each in one cube.  s's search state is left used: asp_solver_reset_search before searching with it.
 * Returns the halves dropped: the conflicts of making the cubes. */
size_t asp_cubes_make(AspSolver *s, AspCubes *cubes);
/* Cube i of c written to lo and hi (c->nwords words each). */
void asp_cubes_get(const AspCubes *c, size_t i, Word *lo, Word *hi);
/* Only the cubes of shard `shard` of `shards` kept (--shard i/n, docs/asp.md "Shards"): those
 * whose index is congruent to shard mod shards, in their order.  The shards' cubes together
 * are c's, each in one shard. */
void asp_cubes_keep_shard(AspCubes *c, size_t shard, size_t shards);
void asp_cubes_free(AspCubes *c);

/* s's search state (propagator, learnt nogoods, activities, S_P's caches) made anew: the
 * state right after asp_solver_new, whatever was searched before. */
void asp_solver_reset_search(AspSolver *s);

/* The search of the stable models in [lo, hi] (asp_solve_hooked's, from that bound). */
AftStatus asp_search_bound(AspSolver *s, const AspSolveOptions *o, const AspSolveHooks *h,
                           const Word *lo, const Word *hi, AspModelFn fn, void *ctx,
                           AspStats *st);

/* The search of the stable models of s from its initial interval (asp_solver_initial). */
AftStatus asp_search_whole(AspSolver *s, const AspSolveOptions *o, const AspSolveHooks *h,
                           AspModelFn fn, void *ctx, AspStats *st);

/* asp_solve by cubes on o->jobs threads (util/workpool.h); when the cubes are fewer than
 * ASP_CUBES_FEW or the split turned into a search (AspCubes.searching), one search of the
 * whole program instead, on the calling thread, unless the
 * run is a shard (o->shards set): then only the shard's cubes, however few. */
AftStatus asp_solve_cubes(AspSolver *s, const AspSolveOptions *o, AspModelFn fn, void *ctx,
                          AspStats *st);

/* Every model of s under o when asp_cubes_apply holds (enumerate.c): one search of the whole
 * program, its models kept until ENUM_PROBE_CONFLICTS conflicts; asp_solve_cubes instead
 * when it finds more than ENUM_PROBE_MODELS models before that; otherwise that search is the
 * answer (it goes on past the checkpoint, giving out each model as it is found).  The same
 * for every o->jobs; a shard (o->shards) goes straight to its cubes. */
AftStatus asp_solve_enumerate(AspSolver *s, const AspSolveOptions *o, AspModelFn fn, void *ctx,
                              AspStats *st);

/* asp_optimize, with optN's second phase (every optimal model) by cubes on o->jobs threads
 * when the search is split (asp_cubes_apply, no #project): the optimal models given out cube
 * by cube, the same for every N (docs/asp.md "Threads").  The branch and bound that proves
 * the optimum is asp_optimize's one search on the calling thread, and so is enum's
 * enumeration within the bound. */
AftStatus asp_optimize_jobs(AspSolver *s, AspOptimizer *z, const AspSolveOptions *o,
                            const AspOptGoal *goal, AspOptModelFn fn, void *ctx, AspStats *st,
                            AspOptResult *res);

/* o->release's rules dropped when it is s's program and s is head-cycle-free: called once
 * the search's solver is built and before any search (AspSolveOptions.release). */
void asp_solve_release(const AspSolver *s, const AspSolveOptions *o);

/* The engine's options of the native search: the user's, or the defaults with the split
 * first (the solver's own choice). */
void asp_search_options(AftOptions *o, const AftOptions *user);

#endif
