/* aft.h: the AFT engine (paper Sections 4-6): restricted envelopes, the F operator, iterative
 * refinement IR, and the branch-and-bound of Algorithm 1.  It sees the lattice only through
 * the vtable in lattice/lattice.h and the function only through AftFunction. */
#ifndef FIX_AFT_H
#define FIX_AFT_H

#include <signal.h>

#include "common.h"
#include "lattice/lattice.h"
#include "util/buf.h"
#include "util/limits.h"
#include "util/mem.h"

/* How f^u_B and f^l_B are obtained (SPEC section 1). */
typedef enum {
    ENV_BRUTE,      /* sup/inf of f over the sub-interval, by enumeration (finite, size limit) */
    ENV_MONOTONE,   /* f is monotone: both envelopes are f */
    ENV_ANTITONE,   /* f is antitone: f^u_B(x) = f(lo), f^l_B(x) = f(hi) */
    ENV_DECLARED,   /* closed forms upper(lo, hi, x) and lower(lo, hi, x) */
    ENV_DERIVED,    /* upper/lower computed from f's code (an interval evaluation); a call that
                       returns false gave up (it reports nothing) and brute force answers it */
} EnvelopeKind;

/* bnb on a lattice that is not finite with no budget stops (stopped_by "bounds") before a
 * round that would start with more bounds than this. */
enum { AFT_UNBUDGETED_BOUNDS_MAX = 1 << 16 };

/* How bnb searches (`policy NAME` of a .fix query; docs/aft.md, "Two search policies").
 * PAPER: Algorithm 1 as in Section 6, with its Merge (two surviving children whose union is
 *   an interval are replaced by their hull); what `fix asp` runs (aft_options_default).
 * ISOLATE: a search that never undoes its own progress, the default of .fix queries:
 *   - it merges only what the budget K forces (the hull of the cheapest pair);
 *   - on a finite lattice a bound of at most AFT_ENUMERATE_MAX elements is enumerated: f on
 *     each element, its fixed points go to Final one by one, the rest is dropped;
 *   - a bound whose splits made no progress (both children kept, IR shaving neither by a
 *     step) AFT_STALL_LEVELS times in a row, met while more than AFT_STALL_BOUNDS bounds are
 *     pending, is not split further: it is "stalled", its ends are checked as points, and
 *     stalled bounds that make up one interval are reported as their hull (AftStats.stalled;
 *     so is a box of reals at the tolerance with no verdict);
 *   - on a lattice that is not finite each IR makes at most AFT_IR_CRAWL_STEPS F steps (a
 *     crawl, an end raised by 1e-17 a step, cannot hold the search), and a bound of Final
 *     that is not a proven fixed point is refined once more and dropped when that proves it
 *     empty. */
typedef enum { AFT_POLICY_PAPER, AFT_POLICY_ISOLATE } AftPolicy;
enum { AFT_ENUMERATE_MAX = 64, AFT_STALL_LEVELS = 8, AFT_STALL_BOUNDS = 16384, AFT_IR_CRAWL_STEPS = 512 };

typedef enum {
    AFT_OK,          /* finished */
    AFT_INVALID,     /* F(B) is not an interval inside B: B holds no fixed point */
    AFT_ERROR,       /* a callback failed, or the brute-force envelope was too large */
    AFT_LIMIT,       /* stopped by a step limit, timeout or interrupt: the result is sound */
} AftStatus;

/* What is known of a box bnb reached on a lattice that is not finite (no wider than the
 * tolerance), by sound arithmetic (the function's `judge` hook): the one verdict every report
 * of that box gives (result, trace, JSON events, the HTML tree). */
typedef enum {
    VERDICT_FIXED,      /* f fixes `point`, an element of the box, exactly */
    VERDICT_UNIQUE,     /* the box is proved to hold exactly one fixed point (Krawczyk) */
    VERDICT_ENCLOSED,   /* the box is proved to hold at least one fixed point (its ends show it) */
    VERDICT_NEAR,       /* f moves points of it by at most the tolerance: not proved */
    VERDICT_NONE,       /* f provably moves every point of it: no fixed point, pruned */
} VerdictKind;

/* A verdict on the box [lo, hi] (pointers valid as long as what they point into). */
typedef struct Verdict {
    VerdictKind kind;
    const Word *lo, *hi;
    const Word *point;       /* VERDICT_FIXED: the element f fixes; else NULL */
} Verdict;

/* What an in-place refine hook returns: its result and the words where it may differ from
 * the request. */
typedef struct AftChanges {
    const Word *lo, *hi;
    const size_t *words;
    size_t count;
} AftChanges;

/* The search hooks of a function (AftFunction.search), each called with the function's ctx:
 * the depth-first bnb in place and its conflict-driven learning, the CDCL search of `fix asp`.
 * The depth-first driver (inplace.c) alone calls them (bnb.c looks which there are); a .fix
 * function has none.  Any hook may be NULL (see each). */
typedef struct AftSearch {
    /* In-place forms of refine and split, taken together by the depth-first bnb over a
     * bitset lattice (lattice_is_bitset) instead of AftFunction's refine and split (which the
     * function must have too, and which they must agree with).  The engine keeps the bound
     * it works on in one place and passes the words of it that changed since its previous
     * call of either hook (changed NULL: any may have), so that a function keeping state can
     * work in proportion to what changed.
     * refine_at: refine's contract; on AFT_OK the IR is [out->lo, out->hi] (the function's
     *   arrays, valid until its next call), which differs from [lo, hi] only in the words
     *   out->words lists.
     * split_at: the atom to split [lo, hi] on, free in it: the halves are [lo, hi - {atom}]
     *   and [lo + {atom}, hi]; false leaves the choice to the lattice's decompose. */
    AftStatus (*refine_at)(void *ctx, const Word *lo, const Word *hi, const size_t *changed,
                           size_t nchanged, AftChanges *out);
    bool (*split_at)(void *ctx, const Word *lo, const Word *hi, const size_t *changed,
                     size_t nchanged, const SplitCtx *how, size_t *atom);
    /* Conflict-driven learning (paper Section 6: a Decompose that learns from the
     * decompositions that did not work), taken by the depth-first bnb in place (with the two
     * hooks above) unless o->no_learn; NULL: none, and the engine runs as without it.
     * learning: the engine switches it on for a run and off at its end (false: the function
     *   cannot learn).  While it is on, a refine that finds no fixed point in a bound explains
     *   why by a nogood: a set of its split decisions and propagated facts that no fixed point
     *   of f satisfies.  The function keeps its nogoods, and every later refine respects them
     *   (removes from a bound what a nogood excludes), which is sound because a nogood only
     *   excludes elements that are not fixed points.
     * learnt: after a refine_at returned AFT_INVALID, did it learn a nogood (once per call)?
     * cuts: does that nogood exclude part of [lo, hi] (all of its facts but at most one hold
     *   in [lo, hi])?  It must be monotone: a nogood that cuts a bound cuts every bound
     *   inside it.  The engine asks it for the bounds on its path, the deepest first, and
     *   backjumps to the shallowest one it cuts (non-chronologically: the bounds pending
     *   below it are searched again from it, refined with the nogood). */
    bool (*learning)(void *ctx, bool on);
    bool (*learnt)(void *ctx);
    bool (*cuts)(void *ctx, const Word *lo, const Word *hi);
    /* With the learning hooks on (NULL: never, and the atom's half first):
     * restart: asked after each node while no bound went to Final (the same condition as
     *   for a backjump to the root: the root holds every fixed point of the bounds it drops);
     *   true says the search should start again from its root bound, keeping what it
     *   learnt.
     * prefer_in: of split_at's halves for `atom`, search [lo + {atom}, hi] first (true) or
     *   [lo, hi - {atom}] first (false)?  Only the order changes. */
    bool (*restart)(void *ctx);
    bool (*prefer_in)(void *ctx, size_t atom);
    /* NULL: never.  For a function whose refine also learns from the bounds that go to Final
     * (e.g. a branch and bound on a cost, whose refine then admits only fixed points better
     * than the best found).  spent: after [lo, hi] went to Final (and o->on_final saw it),
     * does every later refine exclude all of it?  Then the bound does not stop learning
     * (o->final_ends_learning), backjumps or restarts (they cannot find it again). */
    bool (*spent)(void *ctx, const Word *lo, const Word *hi);
    /* NULL (either): none.  A projection: fixed points told apart by some atoms only, each
     * class wanted once.  projected: is atom one of those atoms?  split_at must choose one of
     *   them while one is free in the bound (and choose an atom, never false, till then).
     * given: after a point went to Final (and o->on_final saw it), was it given out as its
     *   class's one (false: e.g. a point the caller does not take)?
     * The depth-first run in place (aft_bnb_projects) then searches no further below the
     * deepest split on a projected atom above that point, where every fixed point is of
     * its class, and goes on from the other halves of the splits above (each differs from
     * it in a projected atom): so each class is met once and nothing is kept per class
     * (Gebser, Kaufmann and Schaub's projective enumeration by backtracking).  With
     * learning, backjumps stay below such a point as below any (see spent). */
    bool (*projected)(void *ctx, size_t atom);
    bool (*given)(void *ctx);
} AftSearch;

/* A function f: L -> L.  Every callback returns false on a runtime error, which it has
 * already reported (the engine then stops and returns AFT_ERROR). */
typedef struct AftFunction {
    const Lattice *L;
    const char *name;
    void *ctx;
    bool (*eval)(void *ctx, const Word *x, Word *out);
    EnvelopeKind envelope;
    bool (*upper)(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out);
    bool (*lower)(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out);
    /* Optional hooks; NULL (as left by a designated initialiser) keeps the generic engine.
     * refine: IR of [lo, hi] computed by the function itself (e.g. a linear-time propagator
     *   instead of many F steps).  It writes into [nlo, nhi] an interval inside [lo, hi] that
     *   holds every fixed point of f in [lo, hi], and should be no wider than the generic
     *   IR; it returns AFT_OK, AFT_INVALID (no fixed point in [lo, hi]) or AFT_ERROR (already
     *   reported).  nlo/nhi may alias lo/hi.  The engine uses it for every IR unless
     *   o->refine_steps bounds the number of F steps; each call counts as one F step
     *   (f_calls, max_steps) and aft_refine reports it as one EV_REFINE_STEP.
     * split: the function's choice of decomposition of a non-point [lo, hi], with the same
     *   contract as the lattice's decompose (two intervals, each strictly inside [lo, hi],
     *   whose union is [lo, hi]); `how` is the run's SplitCtx, which it may follow or ignore.
     *   False leaves the choice to the lattice's decompose. */
    AftStatus (*refine)(void *ctx, const Word *lo, const Word *hi, Word *nlo, Word *nhi);
    bool (*split)(void *ctx, const Word *lo, const Word *hi, const SplitCtx *how, Word *lo1,
                  Word *hi1, Word *lo2, Word *hi2);
    /* Optional: f on every element of [lo, hi] in the lattice's enumeration order, visit
     * called with each element and f of it (false from visit stops), without setting up
     * per element; the brute-force envelope uses it.  False when a call failed (reported)
     * or visit stopped it; *calls counts the calls made. */
    bool (*each)(void *ctx, const Word *lo, const Word *hi,
                 bool (*visit)(void *vctx, const Word *x, const Word *fx), void *vctx, size_t *calls);
    /* Optional (NULL: eval is exact): f(x) rounded downwards (up false) or upwards, an
     * element below (above) the exact f(x), for a function whose eval rounds (reals).  The
     * monotone and antitone envelopes use it, so that rounding never removes a fixed
     * point.  False on a runtime error (reported). */
    bool (*rounded)(void *ctx, const Word *x, bool up, Word *out);
    /* Optional (NULL: none): the hooks of the depth-first search in place, with learning
     * (AftSearch above); only the depth-first driver (inplace.c) reads them. */
    const AftSearch *search;
    /* Optional, on a lattice that is not finite (NULL: a box within the tolerance is a fixed
     * point when f fixes an end within the tolerance, as far as f's values in floating point
     * show).  judge: the verdict on [lo, hi], a box no wider than the tolerance, into *kind,
     * and into `point` the element f fixes exactly when it is VERDICT_FIXED.  The engine
     * prunes a box judged VERDICT_NONE, lists one judged VERDICT_FIXED, VERDICT_UNIQUE or
     * VERDICT_ENCLOSED as a fixed point, and one judged VERDICT_NEAR when f fixes an end within tolerance
     * (else it stays a bound of Final); the node's event carries the verdict. */
    void (*judge)(void *ctx, const Word *lo, const Word *hi, VerdictKind *kind, Word *point);
    /* Optional (NULL: none): a contraction the generic IR applies after each F step, unless
     * o->refine_steps bounds their number (`steps N` shows the paper's F steps).  It
     * writes into [nlo, nhi] (may alias lo/hi) a box inside [lo, hi] that holds every fixed
     * point of f in [lo, hi] and returns AFT_OK, or returns AFT_INVALID when [lo, hi]
     * provably holds none (e.g. an interval Newton step on reals, which narrows a box around
     * a fixed point that F cannot narrow, a repelling one, and fast around any). */
    AftStatus (*contract)(void *ctx, const Word *lo, const Word *hi, Word *nlo, Word *nhi);
} AftFunction;

/* Events reported while the engine runs (for trace, progress and --dot).  Bounds are given
 * as lo/hi pointers valid only during the call. */
typedef enum {
    EV_REFINE_STEP,  /* step k of IR produced [lo, hi] */
    EV_BNB_ROUND,    /* round `round` starts with `count` bounds */
    EV_BNB_SPLIT,    /* node `id` (child of `parent`) is [lo, hi] after IR; status says its fate */
    EV_BNB_MERGE,    /* nodes `id` and `other` merged into [lo, hi] */
    EV_BNB_HULL,     /* budget: nodes `id` and `other` replaced by their hull [lo, hi] */
    EV_BNB_FINAL,    /* node `id` goes to Final as [lo, hi] */
} AftEventKind;

typedef enum { NODE_KEPT, NODE_PRUNED, NODE_MERGED, NODE_FINAL, NODE_FIXPOINT } NodeStatus;

typedef struct AftEvent {
    AftEventKind kind;
    size_t step, round, count;
    long id, parent, other;
    NodeStatus status;
    const Word *lo, *hi;
    const Verdict *verdict;  /* EV_BNB_SPLIT of a NODE_FIXPOINT the judge hook decided: what is
                                known of it; NULL otherwise (on a finite lattice f fixes it) */
} AftEvent;

typedef void (*AftEventFn)(void *ctx, const AftEvent *ev);

/* What decided each bound, recorded for explanations (fix explain, the REPL's :why) through
 * AftOptions.on_why; NULL (the default) records nothing and costs one test a step.  Elements
 * are valid only during the call; the recorder prints them through the lattice's printer.
 *   WHY_IR: an IR of [lo, hi] starts (node: the bnb node it refines, -1 for a refine query).
 *   WHY_PHI: one step of F's Kleene iteration on B = [lo, hi]: env = f^l_B(x) (up) or
 *     f^u_B(x), y = lo join env (up) or hi meet env; ok false: y left B (F(B) is invalid).
 *     `envelope` is the envelope kind that answered (its argument for ENV_ANTITONE is an end).
 *   WHY_CROSS: F's new ends crossed: x (the least fixed point of phi_l) is not below y.
 *   WHY_F: F step `step` of the IR turned [lo, hi] into [x, y].
 *   WHY_CONTRACT: the function's contraction after F step `step` turned [lo, hi] into [x, y],
 *     or (ok false) proved that [lo, hi] holds no fixed point.
 *   WHY_NATIVE: the function's own refine hook turned [lo, hi] into [x, y] (ok false: none).
 *   WHY_NOT_INSIDE: the IR [x, y] of node's [lo, hi] is not inside it: pruned (Lemma 5.4).
 *   WHY_EVAL: bnb evaluated f at x (node's point): env = f(x). */
typedef enum { WHY_IR, WHY_PHI, WHY_CROSS, WHY_F, WHY_CONTRACT, WHY_NATIVE, WHY_NOT_INSIDE,
               WHY_EVAL } AftWhyKind;

typedef struct AftWhy {
    AftWhyKind kind;
    bool up, ok;
    EnvelopeKind envelope;
    size_t step;
    long node;
    const Word *lo, *hi, *x, *env, *y;
} AftWhy;

typedef void (*AftWhyFn)(void *ctx, const Lattice *L, const AftWhy *w);

/* The result of a bnb run as it is found: each bound that goes to Final ([lo, hi] valid only
 * during the call).  Returning false says the caller has enough (e.g. as many stable models as
 * were asked for): the run then stops soundly, as at a limit, with the pending bounds going to
 * Final (and to this callback) and stopped_by "enough". */
typedef bool (*AftFinalFn)(void *ctx, const Word *lo, const Word *hi);

/* A deterministic work budget, shared by every run it is given to (the caller owns it): each
 * conflict (a child IR finds to hold no fixed point) spends one unit, and a run stops
 * (stopped_by "work") once spent reaches limit; limit 0: no limit.  The caller may change
 * limit while the runs go on (from a callback).  A checkpoint: when aft_conflicts first brings
 * spent to mark (0: none), at_mark(mark_ctx) is called once, where the conflict is counted
 * (on the searching thread), and mark is cleared; it may change limit.  (Work a caller adds
 * to spent itself, as the cubes' totals are, passes no checkpoint.) */
typedef struct AftWork {
    size_t limit, spent;
    size_t mark;
    void (*at_mark)(void *ctx);
    void *mark_ctx;
} AftWork;

/* --jobs N: the workers a bnb run spreads each round over (bnbpar.c; docs/architecture.md,
 * "Threads").  fns[w] is f as worker w calls it, with its own VM, memo tables, interval
 * evaluators and scratch values (nothing mutable shared with f or another worker); limits[w]
 * its copy of the query's limits, the interrupt flag shared, whose `stop` points at `stop`
 * (set by the engine when it needs no more of a round's results).  The answer is the same
 * for every jobs: the results are taken in the order of the bounds. */
typedef struct AftWorkers {
    unsigned jobs;
    const AftFunction *fns;
    Limits *limits;
    volatile sig_atomic_t stop;
} AftWorkers;

typedef struct AftOptions {
    size_t kleene_limit;     /* max iterations of one restricted lfp/gfp (0: 1000000) */
    size_t refine_steps;     /* max F steps in one IR (0: until stable): `steps N`, which also
                                turns off the function's contraction (the paper's F steps) */
    size_t crawl_steps;      /* max F steps in one IR that a search policy allows (0: none),
                                the contraction still on (bnbrun.c: policy isolate on reals) */
    bool no_refine;          /* `steps 0`: IR makes no F step; a bound stays as it is */
    bool no_learn;           /* bnb: do not use the function's learning hooks */
    bool final_ends_learning;   /* bnb with learning: learning stops once the conflicts
                                since the first bound that went to Final (and is not spent)
                                outnumber such bounds, the search chronological from there,
                                no conflict analysed (cheaper where conflicts are many between
                                models); till then, and with false always, it goes on,
                                backjumps kept below the last such bound and no restart
                                (inplace.c) */
    double tolerance;        /* reals: IR stops when no end moves by more than this (0: lattice tol) */
    double brute_limit;      /* max |sub-interval| for a brute-force envelope (0: 1<<16) */
    AftPolicy policy;        /* bnb: how it searches (above; aft_options_default: PAPER); the
                                depth-first order in place (inplace.c) runs PAPER only */
    size_t enumerate_max;    /* policy isolate: enumerate a bound of at most this many
                                elements (0: AFT_ENUMERATE_MAX; tests set others) */
    size_t budget;           /* bnb: K, 0 = no budget */
    size_t rounds;           /* bnb: T, 0 = no limit */
    bool root_only;          /* bnb, `rounds 0`: no round; IR(B_I) goes to Final (stopped by
                                "rounds" when it was not pruned) */
    double timeout_s;        /* wall-clock limit for refine/bnb, 0 = none */
    size_t max_steps;        /* total F applications, 0 = none */
    SplitCtx split;
    bool depth_first;        /* bnb: process bounds last-in first-out instead of round by round;
                                the same Final (a bound of depth d, as its round would be,
                                goes to Final once d reaches `rounds`), events and stats
                                (rounds = the deepest round); ignored with a budget, whose
                                hulls need whole rounds.  The pending bounds are kept in a
                                BoundStack, so memory follows what changes per level */
    size_t inplace_min_words;   /* depth-first with the in-place hooks (AftSearch): keep the
                                 * bound in place from this many words per element on (0: 64;
                                 * tests: 1) */
    AftEventFn on_event;     /* trace, progress, --dot; may be NULL */
    void *event_ctx;
    AftWhyFn on_why;         /* explanations: what decided each bound (above); may be NULL */
    void *why_ctx;
    AftFinalFn on_final;     /* bnb: Final as it is found; may be NULL */
    void *final_ctx;
    volatile sig_atomic_t *interrupt;   /* set asynchronously (Ctrl-C): stop soundly */
    AftWork *work;           /* bnb: the work budget (NULL: none) */
    bool stop_abandons;      /* a stop by the interrupt or the work budget means the caller no
                                longer wants the result (a race another solver won, a hand
                                over to another solver): pending bounds are dropped, not
                                handed to Final, and the run's answer is not to be used */
    Limits *limits;          /* the query's timeout, memory limit and Ctrl-C, polled between
                                steps; a callback stopped by them makes the run stop soundly
                                (AFT_LIMIT) with the bound it was working on kept; may be NULL */
    Buf *err;                /* where the engine writes its own error messages */
    AftWorkers *workers;     /* bnb round by round: the rounds' bounds refined on these
                                threads (NULL or jobs <= 1: on the calling thread) */
    const struct AftCheckpoint *checkpoint;   /* bnb round by round: snapshots of the run at
                                each round's end, and one to resume from (below); NULL: none */
    unsigned shard, shards;  /* bnb round by round, --shard i/n (shards 0: none): at the first
                                round of at least AFT_SHARD_WIDTH x shards bounds, only the
                                bounds whose index is congruent to shard mod shards are kept
                                (the caller makes sure their subtrees do not interact: no
                                budget, policy paper, a finite lattice); no such round: the
                                whole run */
} AftOptions;

/* Bounds per shard a round holds before bnb cuts it into shards (AftOptions.shards). */
enum { AFT_SHARD_WIDTH = 4 };

void aft_options_default(AftOptions *o);

/* A node of bnb's search tree: its id for events, whether it came from a budget hull, its
 * depth (the root's IR is 0; used by the depth-first order), and (policy isolate) how many
 * splits in a row on its path made no progress (bnbisolate.c). */
typedef struct AftNode { long id; bool hulled; size_t depth, stall; } AftNode;

/* Statistics of one refine or bnb run (SPEC section 1). */
typedef struct AftStats {
    size_t f_calls;          /* applications of F */
    size_t eval_calls;       /* calls of f / its envelopes */
    size_t ir_calls;
    size_t rounds;
    size_t pruned, merged, hulls;
    double log2_S_final;     /* log2 of S(Final) = sum of |B| over Final (-INFINITY if empty) */
    double log2_IR_init;     /* log2 |IR(B_I)| (-INFINITY if B_I was pruned) */
    size_t splits;           /* bnb: bounds decomposed (clingo's choices) */
    size_t conflicts;        /* bnb: children IR found to hold no fixed point */
    size_t learnt;           /* bnb with learning: nogoods the function learnt */
    size_t backjumps;        /* bnb with learning: non-chronological backjumps */
    size_t restarts;         /* bnb with learning: restarts from the root bound */
    size_t enumerated;       /* bnb, policy isolate: bounds settled by evaluating f on each element */
    size_t stalled;          /* bnb, policy isolate: bounds of Final left unsplit on slow progress */
    double stalled_height;   /* the largest height (L->ops->height) of those */
    size_t shard_round, shard_bounds;   /* bnb, --shard i/n (AftOptions.shards): the round
                                whose bounds were cut into shards and how many it held;
                                0: not cut (the run is the whole one) */
    AftPolicy policy;        /* bnb: the policy it ran with */
    bool slow;               /* refine: IR stopped because a step moved its ends by less than
                                the tolerance while the bound was still wider than it (a
                                crawl, not convergence) */
    const char *stopped_by;  /* NULL, "rounds", "bounds", "timeout", "max-steps", "max-memory",
                                "interrupt" (Ctrl-C), "enough" (on_final said so), "work" */
    bool enough;             /* on_final returned false: the run stops at the next check */
} AftStats;

/* The parts of AftStats that aft_stats_add sums, or'ed together: each caller states which
 * are its to add (a worker's share of a run, or whole runs summed into a total). */
enum {
    AFT_STATS_CALLS = 1u << 0,      /* f_calls, eval_calls, ir_calls */
    AFT_STATS_CONFLICTS = 1u << 1,  /* conflicts */
    AFT_STATS_ENUMERATED = 1u << 2, /* enumerated */
    AFT_STATS_SEARCH = 1u << 3,     /* rounds, pruned, merged, hulls, splits, learnt,
                                       backjumps, restarts */
    AFT_STATS_STOP = 1u << 4,       /* stopped_by, taken from a when a has one */
};
/* sum += a, the parts named (src/aft/stats.c). */
void aft_stats_add(AftStats *sum, const AftStats *a, unsigned parts);

/* A set of bounds: count intervals stored flat, lo then hi, 2 * L->nwords words each. */
typedef struct BoundList {
    const Lattice *L;
    size_t count, cap;
    Word *words;
} BoundList;

/* bnb round by round between two rounds: all it needs to go on (docs/parallel.md,
 * "Checkpoints").  A round's result depends on its pool alone, so a run resumed from a
 * snapshot ends as the run it was taken from would have. */
typedef struct AftSnapshot {
    BoundList pool;          /* the next round's bounds, in order */
    AftNode *nodes;          /* their nodes (pool.count of them) */
    BoundList final, proven; /* Final so far; the fixed points f was seen to fix */
    BoundList parked;        /* policy isolate: the bounds parked so far, in order */
    long *parked_ids;
    Word *root;              /* IR(B_I), lo then hi: the rounds' cap is made from it */
    long next_id;            /* the next node's id */
    AftStats stats;          /* the counts so far (stopped_by NULL) */
} AftSnapshot;

/* save(ctx, snap) at the start of each round and once the pool is empty (snap valid during
 * the call; a run stopped inside a round keeps the one saved before it); with resume set,
 * the run starts from that snapshot instead of its root. */
typedef struct AftCheckpoint {
    void (*save)(void *ctx, const AftSnapshot *snap);
    void *ctx;
    const AftSnapshot *resume;
} AftCheckpoint;

void boundlist_init(BoundList *b, const Lattice *L);
void boundlist_push(BoundList *b, const Word *lo, const Word *hi);
Word *boundlist_lo(const BoundList *b, size_t i);
Word *boundlist_hi(const BoundList *b, size_t i);
void boundlist_remove(BoundList *b, size_t i);   /* moves the last one into i */
void boundlist_free(BoundList *b);
/* The first min(n, b->count) bounds of b, as a list to read only: the same words, not a copy
 * (valid while b is unchanged; never pushed to, removed from or freed). */
BoundList boundlist_first(const BoundList *b, size_t n);
/* For each bound i of `bounds`: which[i] = the index of the interval of `points` that equals
 * it or (on a lattice that is not finite) holds it, or -1.  Linear in the sizes for equality
 * (a hash of the words); containment is looked for only among at most 4096 points. */
void boundlist_match(const BoundList *bounds, const BoundList *points, long *which);

/* A stack of bounds kept as differences (the depth-first bnb's pending bounds): only the top
 * bound is stored whole; each bound is recorded as the words in which it differs from the one
 * below it (the first one from all zeros), so neighbours differing in a few words cost a few
 * words instead of a whole interval each. */
typedef struct BoundDelta { size_t word; Word bits; } BoundDelta;   /* bits: the xor */
typedef struct BoundStack {
    const Lattice *L;
    size_t count;
    Word *top;                    /* the top bound, lo then hi (2 * L->nwords words) */
    VEC(size_t) start;            /* per bound: its first delta */
    VEC(BoundDelta) deltas;
} BoundStack;

void boundstack_init(BoundStack *s, const Lattice *L);
void boundstack_push(BoundStack *s, const Word *lo, const Word *hi);
void boundstack_pop(BoundStack *s, Word *lo, Word *hi);             /* count > 0 */
/* Walks the stack bottom up: x (2 * L->nwords words) holding bound i - 1, or all zeros for
 * i = 0, becomes bound i. */
void boundstack_step_up(const BoundStack *s, size_t i, Word *x);
void boundstack_free(BoundStack *s);

/* Restricted envelopes f^u_B(x) and f^l_B(x) for B = [lo, hi], x in B. */
AftStatus aft_upper(const AftFunction *f, const AftOptions *o, const Word *lo, const Word *hi,
                    const Word *x, Word *out, AftStats *st);
AftStatus aft_lower(const AftFunction *f, const AftOptions *o, const Word *lo, const Word *hi,
                    const Word *x, Word *out, AftStats *st);

/* One application of F to [lo, hi]: AFT_OK with [nlo, nhi] inside [lo, hi], or AFT_INVALID. */
AftStatus aft_F(const AftFunction *f, const AftOptions *o, const Word *lo, const Word *hi,
                Word *nlo, Word *nhi, AftStats *st);

/* IR: iterate F from [lo, hi] until stable, refine_steps, or tolerance.  AFT_INVALID when an
 * iterate is invalid (then [lo, hi] holds no fixed point).  nlo/nhi may alias lo/hi. */
AftStatus aft_refine(const AftFunction *f, const AftOptions *o, const Word *lo, const Word *hi,
                     Word *nlo, Word *nhi, size_t *steps, AftStats *st);

/* Algorithm 1 from B_I = [lo, hi].  On return `final` holds Final and `fixpoints` the point
 * intervals of Final (lo == hi), both deduplicated.  AFT_LIMIT when stopped early (sound).
 * Either may be NULL: with `final` NULL, Final is only reported to o->on_final (as it is
 * found, not deduplicated; st->log2_S_final is NAN), so that a caller who consumes it as it
 * comes (fix asp) keeps no copy of it. */
AftStatus aft_bnb(const AftFunction *f, const AftOptions *o, const Word *lo, const Word *hi,
                  BoundList *final, BoundList *fixpoints, AftStats *st);
/* Does aft_bnb under o honour f's projection (AftSearch.projected and given): is f's run the
 * depth-first one in place?  Otherwise every fixed point is given, each class many times. */
bool aft_bnb_projects(const AftFunction *f, const AftOptions *o);

/* Shared by the engine's files (refine.c, bnb.c, galois.c): seconds on a monotonic clock;
 * why a run stops now ("enough", "interrupt", "timeout", "max-steps", ...) or NULL, with
 * `deadline` an absolute aft_clock() time (0: none); and IR under such a deadline.
 * aft_refine_run does not reset st (it accumulates over a run), sets st->stopped_by on
 * AFT_LIMIT, and emits no EV_REFINE_STEP events (aft_refine does). */
double aft_clock(void);
const char *aft_limit_hit(const AftOptions *o, double deadline, const AftStats *st);
/* A callback returned false: AFT_LIMIT (st->stopped_by set; st may be NULL) when one of
 * o->limits stopped it, else AFT_ERROR (the callback reported its error). */
AftStatus aft_callback_failed(const AftOptions *o, AftStats *st);
/* Has the caller abandoned the run (interrupt or work spent, with stop_abandons)? */
bool aft_abandoned(const AftOptions *o);
/* Is the work budget o->work spent? */
bool aft_work_spent(const AftOptions *o);
/* n conflicts: counted in st and spent from o->work (its checkpoint called when reached). */
void aft_conflicts(const AftOptions *o, AftStats *st, size_t n);

/* Should a Kleene iteration stop early (interrupt or a limit)?  Stopping it is sound. */
bool aft_stopping(const AftOptions *o);
AftStatus aft_refine_run(const AftFunction *f, const AftOptions *o, double deadline,
                         const Word *lo, const Word *hi, Word *nlo, Word *nhi, size_t *steps,
                         AftStats *st);
/* Reports w to o->on_why (when there is one) for f's lattice. */
void aft_why(const AftFunction *f, const AftOptions *o, const AftWhy *w);
/* Note: aft_bnb initialises `final` and `fixpoints` itself (pass them uninitialised or
 * empty); the caller frees both with boundlist_free, also after AFT_ERROR. */

/* Kleene iteration x_{k+1} = step(x_k) from the x given, upwards (towards a least fixed
 * point) or downwards.  It has settled when next = x or, on a lattice that is not finite,
 * when x and next are close: with grid > 0, next lies on the iteration's side of x, less than
 * grid steps of height away; with grid = 0, [x meet next, x join next] is a point. */
typedef AftStatus (*AftStep)(void *ctx, const Word *x, Word *next);
typedef struct AftKleene {
    const Lattice *L;
    bool up;
    double grid;
    size_t limit;                 /* at most this many steps */
    AftStep step;                 /* AFT_OK, or a status that ends the iteration */
    void *ctx;
} AftKleene;

/* tmp: 2 * L->nwords words. */
bool aft_kleene_settled(const Lattice *L, const Word *x, const Word *next, bool up, double grid,
                        Word *tmp);
/* Iterates until settled (*settled), k->limit steps, or (o non-NULL) aft_stopping(o); x holds
 * the last iterate, *steps counts the steps.  Returns AFT_OK or the status a step ended it
 * with. */
AftStatus aft_kleene(const AftKleene *k, const AftOptions *o, Word *x, Word *next, size_t *steps,
                     bool *settled);

/* Search policies by name: "paper", "isolate". */
bool aft_policy_from_name(const char *name, AftPolicy *out);
const char *aft_policy_name(AftPolicy p);
/* "paper or isolate", for messages. */
void aft_policy_list(Buf *out);

/* Split strategies by name: "widest", "first", "last", "random". */
bool aft_split_from_name(const char *name, SplitStrategy *out);
const char *aft_split_name(SplitStrategy s);
/* "widest, first, last or random": every name, for messages. */
void aft_split_list(Buf *out);

#endif
