/* propstate.h: the state of the native IR (prop.c), shared with its split choice
 * (propchoice.c) only. */
#ifndef FIX_ASP_PROPSTATE_H
#define FIX_ASP_PROPSTATE_H

#include "asp/internal.h"
#include "asp/watch.h"

enum { V_UNK = 0, V_TRUE = 1, V_FALSE = 2 };
/* Why an atom got its value (learn.c explains it from the rule or nogood named by rarg):
 * R_NONE a request's atom or a fact of level 0; R_FWD rule rarg's body holds; R_NOSUP no
 * rule of the atom can hold; R_SUPPORT the atom is a literal of rule rarg, the last support
 * of its true head; R_BFALSE the atom is a literal of rule rarg, whose head is false and whose
 * other literals hold; R_NOGOOD a learnt nogood (offset rarg); R_UFS an unfounded set (its
 * reason at offset rarg of the ufs list); R_COST the optimisation's bound (cost.c; rarg the
 * literal that may not hold). */
enum { R_NONE, R_FWD, R_NOSUP, R_SUPPORT, R_BFALSE, R_NOGOOD, R_UFS, R_COST };
typedef VEC(uint32_t) U32s;

/* Per rule, what propagation reads together (one cache line rather than one per array):
 * need, the weight its true literals lack for the body to hold (a normal body: its
 * literals not yet true); slack, the weight of its literals that are not false minus its
 * bound (the body is false when < 0); its head; its largest literal weight (1: normal). */
typedef struct AspRuleState { int64_t need, slack; uint32_t head, maxw; } AspRuleState;
#define NONE UINT32_MAX

/* Where propagation finds the rules of an atom's literals: ostart / occ / ow as AspSolver's
 * (positive occurrences), nostart / nocc / now (negative ones); weights NULL: all 1. */
typedef struct AspOcc { const uint32_t *ostart, *occ, *ow, *nostart, *nocc, *now; } AspOcc;

/* A learnt nogood kept: its offset in AspProp.ng and its LBD (the number of levels among its
 * literals when it was learnt, or fewer when an analysis met it since: the fewer, the more
 * useful, glucose's measure). */
typedef struct AspLearnt { uint32_t off, lbd; } AspLearnt;

/* Restarts (Luby's sequence, learnreduce.c): the i-th restart comes RESTART_UNIT * luby(i)
 * nogoods after the one before (100, 100, 200, 100, 100, 200, 400, ...). */
enum { RESTART_UNIT = 100 };
/* Deletion: the first reduction when this many nogoods are kept, the next ones this many
 * more each time (glucose's kind of schedule). */
enum { REDUCE_FIRST = 2000, REDUCE_STEP = 600 };
typedef struct AspRestarts {
    size_t since;                 /* nogoods learnt since the last restart */
    bool wanted;                  /* a restart is due */
    size_t every;                 /* > 0 (tests): a restart after each `every` nogoods instead */
    size_t count;                 /* restarts made */
} AspRestarts;

struct AspProp {
    uint8_t *val;                 /* per atom: V_UNK, V_TRUE, V_FALSE */
    uint8_t *lholds;              /* per literal (learn.c's numbering): 1 when it holds */
    Word *tlo, *thi;              /* the assignment as an interval */
    AspRuleState *rule;           /* per rule: its counters, head and largest weight */
    uint32_t *nsup;               /* per atom: rules with this head whose body is not false */
    uint32_t *trail;              /* assigned atoms in order; [qhead, qtail) not propagated */
    size_t qhead, qtail;
    uint32_t *lstart;             /* per level: its first trail index */
    uint32_t *alev;               /* per assigned atom: its level */
    uint8_t *isdec;               /* per assigned atom: one of its level's added atoms */
    size_t open;                  /* true atoms with two or more rules left (first fail) */
    size_t ofirst;                /* no such open atom on the trail before this index */
    size_t wfirst;                /* no true atom waiting on a weight body before this index */
    size_t nlevels;               /* levels 0 .. nlevels-1; 0 is the empty request */
    uint8_t *cyclic;              /* per atom: on a positive cycle */
    uint32_t *crules, ncrules;    /* the rules with a cyclic head */
    uint32_t *cpos;               /* per rule: cyclic atoms in its positive body */
    int64_t *fneed;               /* unfounded check: weight still lacking, counting founded
                                     cyclic positive atoms and every other literal not false */
    uint8_t *founded;
    uint32_t *work;
    uint32_t *dword;              /* push_level: the words a request adds to */
    uint32_t *score;              /* per atom: static split priority */
    uint32_t *rank, *rpos;        /* atoms by split priority, and each atom's place there */
    size_t cursor;                /* every atom ranked before it is assigned */
    int mode;                     /* -1 none yet, 0 well-founded, 1 strong */
    bool conflict, dirty, root_conflict;
    /* Conflict-driven learning (learn.c).  A literal is 2 * atom + (1 when false). */
    uint32_t *tpos;               /* per assigned atom: its place on the trail */
    uint8_t *rkind;               /* per assigned atom: R_... */
    uint32_t *rarg;
    uint32_t cf_atom, cf_arg;     /* the first conflict: cf_atom should get cf_val by cf_kind */
    uint8_t cf_val, cf_kind;
    bool learning;                /* explain conflicts (the engine's learning hook) */
    U32s ng;                      /* learnt nogoods: length, then the literals */
    size_t nnogoods;
    AspWatches watches;           /* per literal: nogoods watching it (they look when it holds),
                                     as pairs: offset, then a literal of the nogood that, when
                                     false, spares the look (its other watch, as it was); no
                                     lists until the search state is made */
    VEC(AspLearnt) learnts;       /* the learnt nogoods kept, by offset (learn.c deletes some) */
    size_t nkept, deleted, reduce_at;   /* kept now, deleted so far, next reduction at */
    uint32_t glue;                /* nogoods of at most this LBD are never deleted (2) */
    uint32_t *lvlseen, lvlstamp;  /* per level: LBD count */
    uint32_t *heap, *hpos;        /* the activity order (learnheap.c); hpos NONE: not in it */
    size_t hsize;
    AspRestarts rs;               /* the restart policy's state (learn.c) */
    U32s ufs;                     /* reasons of unfounded sets: length, then the literals */
    uint32_t *ufsbase;            /* per level: ufs.count when it began */
    U32s pending;                 /* nogoods learnt but not yet propagated */
    U32s tmp, out;                /* conflict analysis */
    U32s stack, clear;            /* its minimisation: atoms to explain, atoms it marked */
    uint32_t *seen, stamp;
    uint8_t *grouped;             /* per atom: in the positive body of an aggregate (a weight
                                     body whose bound is below its total weight) */
    double *sign;                 /* per atom: its false literal's occurrences in learnt nogoods
                                     minus its true one's, each weighted as an activity bump
                                     (recent nogoods count more); < 0: split "out" first */
    double *activity, bump;       /* per atom: how often it took part in a conflict (decayed) */
    uint8_t *phase;               /* per atom: the half the walk found (learnwalk.c), 0: none;
                                     never set for an aggregate's element or its partner */
    uint64_t rng;                 /* the walk's random state (0: not seeded yet) */
    size_t walk_at, walk_last;    /* nogoods learnt when the next walk is due, at the last */
    size_t walks;                 /* walks made */
    uint32_t walk_left;           /* nogoods the last walk's best assignment violates */
    uint32_t walk_vars;           /* the last walk's variables (a choice's pair counts once) */
    uint32_t last;                /* the nogood learnt at the last conflict, NONE */
    bool fresh;                   /* `last` not yet reported to the engine */
    /* For the in-place hooks: the words where the state may differ from the last request
     * they saw (every assignment and undo marks its word), or all of them when `seen_all`
     * is false (no request seen since the state was reset). */
    uint8_t *wmark;
    size_t *wlist, nwlist;
    bool seen_all;
    AspCost *cost;                /* the optimisation's bound (cost.c), NULL: none */
    /* Rules as nogoods (learncons.c): with learning in strong mode, each constraint whose
     * body is a conjunction of two or more literals (facts aside), and the completion of
     * each atom on no positive cycle that can be written over atoms (an owned atom), are
     * nogoods of p->ng, never deleted (the ones at offsets below perm_end); their rules
     * leave the counters, and the constraint atom is out at level 0.
     * Once learning stops (the first model), the owned atoms go back to the counters (the
     * first-fail split counts their supports) and the constraints stay nogoods. */
    bool cons;                    /* the state propagates the constraints so (set by reset) */
    bool own;                     /* and the owned atoms' completions (only with learning) */
    bool any;                     /* the program has such constraints or owned atoms */
    uint8_t *asng;                /* per rule: such a constraint (NULL: not looked at yet) */
    uint8_t *owned;               /* per atom: owned, its completion in nogoods */
    uint8_t *isfact;              /* per atom: a fact (a rule with an empty body) */
    uint32_t nasng;               /* how many such constraints */
    uint32_t nowned;              /* how many owned atoms */
    uint32_t perm_end;            /* p->ng's stored rules end here (0: none stored) */
    bool simplified;              /* they were simplified by level 0 (asp_cons_simplify) */
    U32s facts;                   /* then: level 0's literals, which they may no longer imply */
    AspOcc all, live, cons_live;  /* the occurrences of every rule; of the rules that are not
                                     nogoods; of those that are not constraints as nogoods
                                     (made when first needed: asp_cons_counted) */
    const AspOcc *oc;             /* the ones propagation reads: &all, &cons_live or &live */
};

/* The search's part of the state (prop.c: static scores and rank; learn.c: watches, the
 * activity heap), made on first use: the well-founded operator alone never needs it. */
void asp_prop_search_ready(const AspSolver *s, AspProp *p);
void asp_learn_search_new(const AspSolver *s, AspProp *p);
/* learn.c: set up and free the learning state (the reasons every propagation records; the
 * rest comes with asp_learn_search_new); explain a conflict at level k by a learnt
 * nogood (before its level is undone); propagate learnt nogoods when literal `lit` holds;
 * the pending nogoods at a new level; the reason of an unfounded set, the atoms not founded
 * and not false (before they are set false): its offset in p->ufs. */
void asp_learn_new(const AspSolver *s, AspProp *p);
void asp_learn_free(AspProp *p);
void asp_learn_conflict(const AspSolver *s, AspProp *p, size_t k);
void asp_learn_visit(const AspSolver *s, AspProp *p, uint32_t lit);
void asp_learn_pending(AspProp *p);
/* learn.c's deletion: when the kept nogoods exceed the limit, the less useful half of those
 * with LBD above 2 that are not the reason of a value on the trail (nor pending) go. */
void asp_learn_reduce(AspProp *p);
/* Nogood off, the reason of a value met in an analysis (all its literals hold): its LBD
 * counted again under the current levels, kept when smaller (glucose's dynamic LBD). */
void asp_learn_relbd(AspProp *p, uint32_t off);
/* The number of distinct levels among the n literals (all assigned), counted up to stop:
 * an LBD. */
uint32_t asp_learn_levels(AspProp *p, const uint32_t *lits, size_t n, uint32_t stop);
/* Every watch dropped, then the stored rules' nogoods and the learnt ones watched again,
 * each on its first two literals. */
void asp_learn_rewatch(AspProp *p);
/* Is rule r's body a weight body its bound does not make a conjunction (an aggregate such
 * as 1 { ... } 1: its true literals need not all hold)? */
bool asp_rule_aggregate(const AspSolver *s, uint32_t r);
/* Watches the nogood at offset off of p->ng on its first two literals (its only one), each
 * with the other as its spare. */
void asp_watch_nogood(AspProp *p, uint32_t off);
/* learncons.c: may the state about to be reset in strong mode with learning propagate the
 * constraints as nogoods (they are then stored and watched)?  Free its lists. */
bool asp_cons_ready(const AspSolver *s, AspProp *p);
/* Has the program such constraints or owned atoms? */
bool asp_cons_any(const AspSolver *s, AspProp *p);
void asp_cons_free(AspProp *p);
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

/* Is rule r left out of the counters (the state propagates it as a nogood)?  Is atom a
 * owned (its completion, not the counters, sets it)? */
static inline bool asp_cons_owned(const AspProp *p, uint32_t a)
{
    return p->own && p->owned[a];
}

static inline bool asp_cons_left_out(const AspProp *p, uint32_t r, uint32_t head)
{
    return p->cons && (p->asng[r] || asp_cons_owned(p, head));
}

/* learnreduce.c's restart policy: note a nogood just learnt; is a restart due (then the
 * count towards the next one starts again)? */
void asp_restart_note(AspRestarts *r);
bool asp_restart_due(AspRestarts *r);
/* qsort's order of uint64_t keys, ascending (prop.c). */
int asp_key_cmp(const void *x, const void *y);
/* learnwalk.c: a local search over the stored rules' nogoods, visiting about max_ticks
 * occurrences, sets p->phase; false when no phase it could give would be followed (every
 * atom an aggregate's element or fixed), nothing walked.  At a restart: a walk when one is
 * due. */
bool asp_walk(AspProp *p, uint64_t max_ticks);
void asp_walk_restart(AspProp *p);
/* learnheap.c: the activity order. */
void asp_heap_reset(AspProp *p, size_t natoms);
void asp_heap_insert(AspProp *p, uint32_t a);
void asp_heap_raise(AspProp *p, uint32_t a);
size_t asp_heap_best(AspProp *p);
uint32_t asp_learn_ufs(const AspSolver *s, AspProp *p);
/* Atom a gets value v for reason (why, arg); on the other value a conflict (prop.c). */
void asp_prop_assign(AspProp *p, uint32_t a, uint8_t v, uint8_t why, uint32_t arg);

/* cost.c, the optimisation's bound, for prop.c and learn.c: at a reset (before the closure of
 * level 0); when atom a is propagated, and when it is undone (before its value goes); at a
 * request, once the bound tightened (the state may break it below the request's level); the
 * reason why literal lit may not hold, from the literals that held before trail place
 * `before`. */
void asp_cost_reset(AspProp *p);
void asp_cost_visit(AspProp *p, uint32_t a);
void asp_cost_unvisit(AspProp *p, uint32_t a);
void asp_cost_recheck(AspProp *p);
void asp_cost_explain(const AspProp *p, uint32_t lit, uint32_t before, U32s *out);

/* The atom to split on: first fail when the state is the closure of the bound being split
 * (at_state), else the free atom of [lo, hi] of highest static score; SIZE_MAX when none. */
size_t asp_prop_choose(const AspSolver *s, AspProp *p, bool at_state, const Word *lo,
                       const Word *hi);

#endif
