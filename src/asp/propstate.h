/* propstate.h: the state of the native IR (prop.c), made of parts each defined in its owner's
 * header (see struct AspProp), and the functions by which the solver's files share it. */
#ifndef FIX_ASP_PROPSTATE_H
#define FIX_ASP_PROPSTATE_H

#include "asp/internal.h"
#include "asp/activity.h"
#include "asp/cons.h"
#include "asp/nogoods.h"
#include "asp/trail.h"
#include "asp/sources.h"
#include "asp/walk.h"

/* Per rule, the counters propagation reads together: need, the weight its true literals
 * lack for the body to hold (a normal body: its literals not yet true); slack, the weight of
 * its literals that are not false minus its bound (the body is false when < 0).  4 bytes
 * when every rule's counters fit 16 bits (bodies of fewer than 16 383 literals and no large
 * weights: the large groundings of issue 33, 3.4 million rules of one literal), 8 when
 * they fit 32 bits, else 16.  (Its head is the solver's head[r], its largest weight
 * AspProp.maxw.) */
typedef struct AspRuleState { int64_t need, slack; } AspRuleState;
typedef struct AspRuleState32 { int32_t need, slack; } AspRuleState32;
typedef struct AspRuleState16 { int16_t need, slack; } AspRuleState16;
#define NONE UINT32_MAX

/* The state, by parts, each defined in its owner's header: the trail and reasons (trail.h,
 * prop.c), the nogood store and the analysis (nogoods.h, learn.c and learnreduce.c), the
 * activity order and phases (activity.h, learnheap.c and learn.c), the walk (walk.h,
 * learnwalk.c), the rules as nogoods (cons.h, learncons.c); the rest is prop.c's. */
struct AspProp {
    AspTrail tr;                  /* the assignment, its levels and reasons */
    Word *tlo, *thi;              /* the assignment as an interval, and marked (wmark), for
                                     the trail's atoms before tsync: a propagation only sets
                                     values, and prop.c brings the interval up to the trail
                                     when it ends (or when a check reads it), so an atom set
                                     and undone within one costs no bit */
    size_t tsync;
    struct {                      /* per rule: its counters, one of the two (prop.c) */
        AspRuleState16 *small;    /* in 16 bits, or NULL */
        AspRuleState32 *narrow;   /* in 32 bits, or NULL */
        AspRuleState *wide;       /* when both are NULL */
        bool weighted;            /* some rule has a weight body (the solver's bound) */
    } rule;
    const uint32_t *rhead;        /* per rule: its head (the solver's head) */
    uint32_t *maxw;               /* per rule: its largest literal weight; NULL when no
                                     literal weighs more than 1 (then 1) */
    uint32_t *nsup;               /* per atom: rules with this head whose body is not false */
    size_t open;                  /* true atoms with two or more rules left (first fail) */
    size_t ofirst;                /* no such open atom on the trail before this index */
    size_t wfirst;                /* no true atom waiting on a weight body before this index */
    size_t mfirst;                /* the trail before this index is what minimal.c's checks
                                     of a partial assignment last saw, and acyclic.c's */
    const uint8_t *cyclic;        /* per atom: on a positive cycle (the solver's setup.h) */
    AspUnfounded uf;              /* the unfounded-set check's sources (sources.h, ufs.c) */
    uint32_t *dword;              /* push_level: the words a request adds to */
    const uint32_t *rank;         /* atoms by split priority (the solver's setup.h) */
    uint32_t *rpos;               /* each atom's place there */
    size_t cursor;                /* every atom ranked before it is assigned */
    int mode;                     /* -1 none yet, 0 well-founded, 1 strong */
    bool conflict, dirty, root_conflict;
    bool learning;                /* explain conflicts (the engine's learning hook) */
    AspNogoods store;             /* the nogood store (learn.c, learnreduce.c) */
    AspAnalysis an;               /* the conflict analysis's scratch (learn.c) */
    AspActivity act;              /* the activity order and phases */
    AspRestarts rs;               /* the restart policy's state (learn.c) */
    AspWalk walk;                 /* the local search (learnwalk.c) */
    /* For the in-place hooks: the words where the state may differ from the last request
     * they saw (every assignment, when asp_prop_sync sets it, and undo marks its word;
     * wlist lists the marked words), or all of them when `seen_all`
     * is false (no request seen since the state was reset). */
    uint8_t *wmark;
    size_t *wlist, nwlist;
    size_t nwsorted;              /* wlist is in order when nwlist is this (prop.c's
                                     sorted_marks: a word marked since makes it grow) */
    bool seen_all;
    AspCost *cost;                /* the optimisation's bound (cost.c), NULL: none */
    struct AspAssume *assume;     /* the assumptions decided first (assume.c), NULL: none */
    const struct AspCarry *carry; /* a former search's learning, given at the next reset of
                                     a search with learning (carry.c), NULL: none */
    AspCons rc;                   /* the rules as nogoods (learncons.c) */
    size_t nchecks;               /* the sanitizer build's checkpoints so far (propcheck.c) */
    const AspOcc *oc;             /* the ones propagation reads: &rc.all, &rc.cons_live or
                                     &rc.live */
    struct {                      /* the projection's atoms, split first (propchoice.c) */
        uint32_t *atoms, *pos;    /* pos: per atom its index in atoms, NONE when not one */
        size_t n, cursor;         /* every one of atoms before cursor is assigned */
        bool given;               /* a model was given out since the engine last asked */
    } proj;
};

/* searchstate.c: the search's part of the state (the static rank; learn.c's
 * watches, the activity heap), made on first use: the well-founded operator alone never
 * needs it. */
void asp_prop_search_ready(const AspSolver *s, AspProp *p);
void asp_learn_search_new(const AspSolver *s, AspProp *p);
/* learn.c: set up and free the learning state (the reasons every propagation records; the
 * rest comes with asp_learn_search_new); explain a conflict at level k by a learnt
 * nogood (before its level is undone); propagate the nogoods of two literals, then the
 * longer ones, when literal `lit` holds (before the rules' counters);
 * the pending nogoods at a new level. */
void asp_learn_new(const AspSolver *s, AspProp *p);
void asp_learn_free(AspProp *p);
void asp_learn_conflict(const AspSolver *s, AspProp *p, size_t k);
void asp_learn_visit(const AspSolver *s, AspProp *p, uint32_t lit);
void asp_learn_pending(AspProp *p);
/* The reason of assigned atom a's value (a level above 0, not a request's atom), appended to
 * out as the literals set before it (the assumptions' cores, assume.c). */
void asp_learn_reason(const AspSolver *s, const AspProp *p, uint32_t a, U32s *out);
/* The analysis's minimisation: drops from p->an.out (the UIP last, which stays) every literal
 * that the others imply through the reasons on the trail; the atoms of p->an.out are marked
 * seen under p->an.stamp (asp_learn_conflict; a unit test builds such a state by hand). */
void asp_learn_minimize(const AspSolver *s, AspProp *p);
/* Why rule r's body is false, from the literals set before trail place `before`: its
 * earliest false literal; an aggregate's body, all of them (ufs.c's reasons use it too). */
void asp_learn_body_false(const AspSolver *s, const AspProp *p, uint32_t r, uint32_t before,
                          U32s *out);
/* learn.c's deletion: when the kept nogoods exceed the limit, the less useful half of those
 * with LBD above 2 that are not the reason of a value on the trail (nor pending) go. */
void asp_learn_reduce(AspProp *p);
/* Nogood off, the reason of a value met in an analysis (all its literals hold): its LBD
 * counted again under the current levels, kept when smaller (glucose's dynamic LBD). */
void asp_learn_relbd(AspProp *p, uint32_t off);
/* The number of distinct levels among the n literals (all assigned), counted up to stop:
 * an LBD. */
uint32_t asp_learn_levels(AspProp *p, const uint32_t *lits, size_t n, uint32_t stop);
/* Every nogood of the store forgotten, the rules' ones too (cost.c, when a bound comes,
 * with asp_cons_forget). */
void asp_learn_forget(AspProp *p);
/* Every watch dropped, then the stored rules' nogoods, the program's binary completion
 * nogoods (keys, smaller literal high, in order: not stored; those of `shared` read, those
 * of `spent` freed as they are watched; either may be NULL) and the learnt nogoods watched,
 * each on its first two literals, the lists laid out to measure. */
void asp_learn_watch_all(AspProp *p, const AspPairs *shared, AspPairs *spent);
/* The words of binary nogoods kept (stored: only the unstored ones', the stored ones of two
 * literals watched again, after level 0's simplification rewrote them), the longer stored
 * rules' nogoods and learnt ones watched again, each on its first two literals. */
void asp_learn_rewatch(AspProp *p, bool stored);
/* learnreduce.c: watches the nogood at offset off of p->store.ng on its first two literals
 * (its only one), each with the other as its spare. */
void asp_watch_nogood(AspProp *p, uint32_t off);
/* learncons.c: may the state about to be reset in strong mode with learning propagate the
 * constraints as nogoods (they are then stored and watched)?  Free its lists. */
bool asp_cons_ready(const AspSolver *s, AspProp *p);
/* Has the program such constraints or owned atoms? */
bool asp_cons_any(const AspSolver *s, AspProp *p);
void asp_cons_free(AspProp *p);
/* The solver's plan of its rules as nogoods (setup.h), made on the first call; freed with
 * the setup.  asp_cons_plan_complete makes its every part (the lists of a state whose owned
 * atoms are counted, the nogoods as first stored), so that no state writes it after. */
const AspConsPlan *asp_cons_plan(const AspSolver *s);
void asp_cons_plan_complete(const AspSolver *s);
void asp_cons_plan_free(AspConsPlan *c);
/* The occurrence lists of every rule (at the state's making); at a reset, those propagation
 * reads, the rules as nogoods when the state may (strong mode) and can; the store forgot the
 * rules' nogoods (asp_learn_forget). */
const AspOcc *asp_cons_new(const AspSolver *s, AspProp *p);
const AspOcc *asp_cons_reset(const AspSolver *s, AspProp *p, bool strong);
void asp_cons_forget(AspProp *p);
/* The occurrence lists of a state whose constraints are nogoods but whose owned atoms are
 * counted (learning stopped). */
const AspOcc *asp_cons_counted(const AspSolver *s, AspProp *p);
/* After a reset's closure of level 0, with no learnt nogood yet and no optimisation bound:
 * the stored nogoods lose the literals level 0 holds and those it makes false (they can
 * never hold), and level 0's literals are kept as facts; asp_cons_facts sets them at a later
 * reset (before its closure), since the simplified nogoods may no longer imply them. */
void asp_cons_simplify(AspProp *p);
void asp_cons_facts(AspProp *p);
/* The literal of atom a with value v (learn.c's numbering: 2 * a, + 1 when false). */
static inline uint32_t asp_lit_of(uint32_t a, uint8_t v) { return 2 * a + (v == V_FALSE); }

/* carry.c: carry's nogoods and facts given to the state, just reset to
 * level 0 for a search with learning; true when it set facts (the closure is to be made
 * again). */
bool asp_carry_give(const AspSolver *s, AspProp *p, const struct AspCarry *c);

/* Is rule r left out of the counters (the state propagates it as a nogood)?  Is atom a
 * owned (its completion, not the counters, sets it)? */
static inline bool asp_cons_owned(const AspProp *p, uint32_t a)
{
    return p->rc.own && p->rc.plan->owned[a];
}

static inline bool asp_cons_left_out(const AspProp *p, uint32_t r, uint32_t head)
{
    return p->rc.cons && (p->rc.plan->asng[r] || asp_cons_owned(p, head));
}

/* learnreduce.c's restart policy: note a nogood just learnt; is a restart due (then the
 * count towards the next one starts again)? */
void asp_restart_note(AspRestarts *r);
bool asp_restart_due(AspRestarts *r);
/* learnwalk.c: a local search over the stored rules' nogoods, visiting about max_ticks
 * occurrences, sets p->walk.phase; false when no phase it could give would be followed (every
 * atom an aggregate's element or fixed), nothing walked.  At a restart: a walk when one is
 * due. */
bool asp_walk(AspProp *p, uint64_t max_ticks);
void asp_walk_restart(AspProp *p);
void asp_walk_free(AspProp *p);
/* learnheap.c: the activities and the activity order: made (n atoms) and freed; atom a
 * bumped; under an optimisation's bound, the atoms of an unfounded set's reason (at `at` in
 * p->tr.ufs) bumped. */
void asp_act_new(const AspSolver *s, AspProp *p, size_t n);
void asp_act_free(AspProp *p);
void asp_act_bump(AspProp *p, uint32_t a);
void asp_act_bump_loop(AspProp *p, uint32_t at);
/* learnheap.c: a backjump or restart from the top level to `level` (learning on, no
 * optimisation's bound): when it leaves more than SAVE_OVER levels, the values it is about to undo are
 * saved as their atoms' phases (activity.h). */
void asp_act_save(AspProp *p, size_t level);
void asp_heap_reset(AspProp *p, size_t natoms);
void asp_heap_insert(AspProp *p, uint32_t a);
void asp_heap_raise(AspProp *p, uint32_t a);
size_t asp_heap_best(AspProp *p);
/* learnheap.c: the projection's heap (p->proj's atoms in the activity order) made for natoms
 * atoms or freed (on false), filled, an undone atom of it put back, its unknown atom of
 * highest activity (SIZE_MAX: none). */
void asp_heap_project(AspProp *p, size_t natoms, bool on);
void asp_heap_project_reset(AspProp *p);
void asp_heap_project_insert(AspProp *p, uint32_t a);
size_t asp_heap_project_best(AspProp *p);

/* ufs.c: the unfounded-set check (sources.h): made and freed with the state; at a reset; the
 * greatest unfounded set among the cyclic atoms made false (prop.c's closure, when
 * p->dirty).  Rule r with cyclic head h lost weight w (prop.c, before the check); cyclic atom
 * a lost its value (undo); is a check due? */
void asp_ufs_new(const AspSolver *s, AspProp *p);
void asp_ufs_free(AspProp *p);
void asp_ufs_reset(const AspSolver *s, AspProp *p);
void asp_ufs_check(const AspSolver *s, AspProp *p);
/* Rule r's cyclic positive atoms without a source, counted (what p->uf.nosrc[r] keeps), and
 * *weight their weight (p->uf.unw[r]). */
uint32_t asp_ufs_unsourced(const AspSolver *s, const AspProp *p, uint32_t r, int64_t *weight);
static inline void asp_ufs_weakened(AspProp *p, uint32_t r, uint32_t h, uint32_t w)
{
    if (p->uf.src[h] != r) return;
    if (p->uf.excess && (p->uf.excess[r] -= w) >= 0) return;   /* weight to spare still */
    VEC_PUSH(p->uf.lost, h);
    p->dirty = true;
}
static inline void asp_ufs_undone(AspProp *p, uint32_t a)
{
    if (p->uf.src[a] != NONE || (p->uf.flag[a] & UFS_TODO)) return;
    p->uf.flag[a] |= UFS_TODO;
    VEC_PUSH(p->uf.todo, a);
}
static inline bool asp_ufs_pending(const AspProp *p)
{
    return p->uf.todo.count || p->uf.lost.count;
}

/* cost.c, the optimisation's bound, for prop.c and learn.c: at a reset (before the closure of
 * level 0); when atom a is propagated, and when the trail is undone down to place `to`
 * (before the values go); at a request, once the bound tightened (the state may break it
 * below the request's level); the reason why literal lit may not hold, from the literals
 * that held before trail place `before`. */
void asp_cost_reset(AspProp *p);
void asp_cost_visit(AspProp *p, uint32_t a);
void asp_cost_undo(AspProp *p, size_t to);
const char *asp_cost_check(const AspProp *p);   /* NULL, or which invariant breaks */
void asp_cost_recheck(AspProp *p);
void asp_cost_explain(const AspProp *p, uint32_t lit, uint32_t before, U32s *out);
/* That reason read in place (learn.c's minimisation, which mostly stops at one of its first
 * literals): asp_cost_reason says how many of the held literals it is read from and the
 * deepest level it takes; asp_cost_view gives them, in trail order, with their levels (valid
 * until the next propagation or undo), and `walked`, nlevels + 1 words of scratch for the
 * minimisation (learn.c: per depth, nlevels the deepest, how many of the first held
 * literals it found in the analysis). */
typedef struct AspCostView { const uint32_t *lit, *level; uint32_t *walked; size_t nlevels; } AspCostView;
uint32_t asp_cost_reason(const AspProp *p, uint32_t lit, uint32_t before, uint32_t *depth);
AspCostView asp_cost_view(const AspProp *p);
/* The value a split on atom tries first under the bound: 1 true, 0 false, -1 no preference. */
int asp_cost_sign(const AspProp *p, size_t atom);

/* The atom to split on: first fail when the state is the closure of the bound being split
 * (at_state), else the free atom of [lo, hi] of highest static score; SIZE_MAX when none. */
size_t asp_prop_choose(const AspSolver *s, AspProp *p, bool at_state, const Word *lo,
                       const Word *hi);

/* propcheck.c: NULL when the state holds its invariants (the whole state; the nogood store
 * and its watches), else what breaks; asp_prop_verify reports a fault (at `where`) and aborts.
 * In the sanitizer build (ASP_CHECK) the safe points call them and ASP_ASSERT asserts what the
 * code assumes; elsewhere both compile to nothing. */
const char *asp_prop_check(const AspSolver *s, const AspProp *p);
const char *asp_prop_check_nogoods(const AspProp *p);
void asp_prop_verify(const char *why, const char *where);
/* A safe point's check (counted in p->nchecks: the store is checked now and then). */
void asp_prop_checkpoint(const AspSolver *s, AspProp *p, const char *where);
#ifdef ASP_CHECK
#include <assert.h>
#define ASP_ASSERT(x) assert(x)
#define ASP_CHECK_STATE(s, p) asp_prop_checkpoint(s, p, __func__)
#define ASP_CHECK_NOGOODS(p) asp_prop_verify(asp_prop_check_nogoods(p), __func__)
#else
#define ASP_ASSERT(x) ((void)sizeof(x))
#define ASP_CHECK_STATE(s, p) ((void)0)
#define ASP_CHECK_NOGOODS(p) ((void)0)
#endif

/* prop.c: the interval [tlo, thi] and the in-place hooks' marks brought up to the trail
 * (the atoms set since p->tsync), for a reader of the interval within a propagation
 * (minimal.c, acyclic.c); the propagation's end does it. */
void asp_prop_sync(AspProp *p);

/* Word w of the state may now differ from the last request of an in-place hook. */
static inline void asp_touch_word(AspProp *p, size_t w)
{
    p->wlist[p->nwlist] = w;              /* kept only when w was not marked yet (no branch: */
    p->nwlist += !p->wmark[w];            /* the list has room for one more than every word) */
    p->wmark[w] = 1;
}

static inline void asp_set_bit(AspProp *p, Word *x, size_t i)
{
    x[i >> 6] |= (Word)1 << (i & 63);
    asp_touch_word(p, i >> 6);
}

static inline void asp_clr_bit(AspProp *p, Word *x, size_t i)
{
    x[i >> 6] &= ~((Word)1 << (i & 63));
    asp_touch_word(p, i >> 6);
}

/* Atom a gets value v for reason (why, arg); on the other value a conflict.  Inline here:
 * every propagator (prop.c, learn.c, learncons.c, cost.c) assigns, and prop.c calls them.
 * The interval [tlo, thi] follows at the propagation's end (asp_prop_sync). */
static inline void asp_prop_assign(AspProp *p, uint32_t a, uint8_t v, uint8_t why, uint32_t arg)
{
    ASP_ASSERT((v == V_TRUE || v == V_FALSE) && p->tr.nlevels > 0);
    if (p->tr.val[a] == v) return;
    if (p->tr.val[a] != V_UNK) {
        if (!p->conflict) {
            p->tr.cf_atom = a;
            p->tr.cf_val = v;
            p->tr.cf_kind = why;
            p->tr.cf_arg = arg;
        }
        p->conflict = true;
        return;
    }
    p->tr.val[a] = v;
    p->tr.lholds[2 * a + (v == V_FALSE)] = 1;
    p->tr.rkind[a] = why;
    p->tr.rarg[a] = arg;
    p->tr.tpos[a] = (uint32_t)p->tr.qtail;
    p->open += (v == V_TRUE) & (p->nsup[a] >= 2);
    p->tr.alev[a] = (uint32_t)p->tr.nlevels - 1;
    p->tr.trail[p->tr.qtail++] = a;
}

/* Rule r's counters (AspRuleState), read, moved by d (the new value returned) and set. */
static inline int64_t asp_rs_need(const AspProp *p, uint32_t r)
{
    if (p->rule.small) return p->rule.small[r].need;
    return p->rule.narrow ? p->rule.narrow[r].need : p->rule.wide[r].need;
}

static inline int64_t asp_rs_slack(const AspProp *p, uint32_t r)
{
    if (p->rule.small) return p->rule.small[r].slack;
    return p->rule.narrow ? p->rule.narrow[r].slack : p->rule.wide[r].slack;
}

static inline int64_t asp_rs_need_add(AspProp *p, uint32_t r, int64_t d)
{
    if (p->rule.small) return p->rule.small[r].need = (int16_t)(p->rule.small[r].need + d);
    if (p->rule.narrow) return p->rule.narrow[r].need += (int32_t)d;
    return p->rule.wide[r].need += d;
}

static inline int64_t asp_rs_slack_add(AspProp *p, uint32_t r, int64_t d)
{
    if (p->rule.small) return p->rule.small[r].slack = (int16_t)(p->rule.small[r].slack + d);
    if (p->rule.narrow) return p->rule.narrow[r].slack += (int32_t)d;
    return p->rule.wide[r].slack += d;
}

static inline void asp_rs_set(AspProp *p, uint32_t r, int64_t need, int64_t slack)
{
    if (p->rule.small) p->rule.small[r] = (AspRuleState16){(int16_t)need, (int16_t)slack};
    else if (p->rule.narrow) p->rule.narrow[r] = (AspRuleState32){(int32_t)need, (int32_t)slack};
    else p->rule.wide[r] = (AspRuleState){need, slack};
}

#endif
