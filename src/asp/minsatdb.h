/* minsatdb.h: the state of minsat.h's solver and the functions its files share: the
 * search (minsatsearch.c), the weight rules by counters (minsatrule.c), the store of
 * variables and clauses (minsatdb.c) and the order of the choices (minsatqueue.c). */
#ifndef FIX_ASP_MINSATDB_H
#define FIX_ASP_MINSATDB_H

#include "asp/minsat.h"
#include "util/mem.h"

typedef VEC(uint32_t) U32s;

/* Why a variable has its value. */
enum { MS_DECIDED, MS_ASSUMED, MS_CLAUSE, MS_RULE_HEAD, MS_RULE_BODY };

typedef struct MinVar {
    uint32_t level, tpos;         /* decision level, place on the trail */
    uint32_t ref;                 /* the clause (arena offset) or rule of its reason */
    uint8_t kind;                 /* MS_* */
    uint8_t phase;                /* the value it takes when chosen: 1 false */
    uint8_t input;                /* 1: assumed by every question, never chosen (never in
                                     the queue) */
    uint8_t derived;              /* 1: fixed by the others, chosen only after them */
} MinVar;

/* Sum of the weights of the true body literals >= bound implies a head literal.  The body
 * literals are sorted by weight, the largest first. */
typedef struct MinRule {
    uint32_t bstart, bend, hstart, hend;
    uint64_t bound, sum;          /* sum: weight of the body literals true and propagated */
    uint32_t htrue, hfalse;       /* head literals true, false (propagated) */
} MinRule;

/* An occurrence of a literal in a rule, met when the literal becomes true. */
enum { MS_IN_BODY, MS_HEAD_TRUE, MS_HEAD_FALSE };
typedef struct MinOcc { uint32_t rule, weight; uint8_t what; } MinOcc;

struct MinSat {
    size_t nvars, vcap;
    MinVar *var;
    int8_t *lval;                 /* per literal: 1 true, -1 false, 0 open */
    uint8_t *seen;                /* per variable: the analysis's mark */
    U32s *watch;                  /* per literal: clauses watching it (arena offsets) */
    U32s arena;                   /* clauses: size, where the last search for a literal to
                                     watch found one (minsatsearch.c), literals */
    U32s clauses, learnts;        /* offsets of the given and the learnt clauses */
    size_t max_learnts;
    VEC(MinRule) rules;
    U32s rlit, rweight;           /* the rules' literals; weights of body literals */
    uint32_t *ooff;               /* per literal: its occurrences in rules, as CSR */
    MinOcc *occ;
    bool ready, broken;           /* occurrences made; the constraints contradict */
    U32s trail, lim;              /* assigned literals; where each level starts */
    U32s dec;                     /* per level: its assumption or choice */
    size_t qhead;                 /* the trail before it is propagated */
    uint8_t confl_kind;
    uint32_t confl;
    U32s why, learnt;             /* analysis scratch */
    uint32_t *qprev, *qnext;      /* the queue of choices (minsatqueue.c): per variable its
                                     older and newer neighbours, or UINT32_MAX */
    uint32_t *qstamp;             /* per variable: when it came to the queue's end */
    uint32_t qfirst, qlast, qsearch, qclock;   /* oldest, newest; every variable newer
                                     than qsearch has a value */
    VEC(uint64_t) qkeys;          /* scratch of minsat_queue_bump */
    U32s bumped;                  /* the analysis's variables, for the queue */
    MinSatStats stats;
};

void minsat_assign(MinSat *q, MinLit l, uint8_t kind, uint32_t ref);
static inline int8_t minsat_value(const MinSat *q, MinLit l) { return q->lval[l]; }

/* minsatrule.c */
void minsat_rules_ready(MinSat *q);
void minsat_rules_count(MinSat *q, MinLit l, bool add);
bool minsat_rules_propagate(MinSat *q, MinLit l);
void minsat_rules_reason(MinSat *q, uint32_t rule, uint32_t var);

/* minsatdb.c */
uint32_t minsat_learnt_add(MinSat *q, const MinLit *lits, size_t n);
void minsat_learnt_reduce(MinSat *q);

/* minsatqueue.c */
void minsat_queue_build(MinSat *q);
void minsat_queue_unassigned(MinSat *q, uint32_t v);
void minsat_queue_bump(MinSat *q, const uint32_t *vars, size_t n);
uint32_t minsat_queue_next(MinSat *q);

#endif
