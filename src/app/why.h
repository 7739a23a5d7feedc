/* why.h: the record of one query's engine run kept for its explanation (fix explain, the
 * REPL's :why): what the engine reports through AftOptions.on_why (each envelope call of each
 * F step, what made a bound invalid or not contained, each evaluation of f at a point) and
 * bnb's node events, stored as copies of the elements.  why_build.c turns a record into a
 * tree of explanation items (why_item.c), printed as text or JSON.  A session records only
 * when it has a WhyLog (Session.why), so that explanations cost nothing otherwise. */
#ifndef FIX_WHY_H
#define FIX_WHY_H

#include "aft/aft.h"

enum { WHY_NONE = (size_t)-1 };

/* One AftWhy, its elements as offsets into the log's pool (WHY_NONE: none). */
typedef struct WhyRec {
    AftWhyKind kind;
    bool up, ok;
    EnvelopeKind envelope;
    size_t step;                 /* WHY_F, WHY_CONTRACT: the F step; WHY_IR (bnb): F steps made */
    long node;
    size_t lo, hi, x, env, y;
} WhyRec;

/* One bnb event (AftEvent), its bound in the pool of events. */
typedef struct WhyEv {
    AftEventKind kind;
    NodeStatus status;
    long id, parent, other;
    size_t round;
    size_t lo, hi;
    int verdict;                 /* a fixed point's VerdictKind (the judge's), or -1 */
} WhyEv;

typedef struct WhyLog {
    const Lattice *L;            /* the lattice of the records (NULL until the first) */
    const Lattice *EL;           /* the lattice of the events */
    VEC(Word) pool;              /* the records' elements */
    VEC(Word) epool;             /* the events' */
    VEC(WhyRec) recs;
    VEC(WhyEv) events;
    size_t seg;                  /* the record of the IR under way (WHY_NONE: none) */
    bool truncated;              /* the pool grew past its cap: later steps not recorded */
} WhyLog;

WhyLog *why_new(void);
void why_free(WhyLog *log);
void why_clear(WhyLog *log);
/* AftOptions.on_why (ctx: the WhyLog). */
void why_record(void *ctx, const Lattice *L, const AftWhy *w);
/* A bnb event (the session's event sink passes each on). */
void why_event(WhyLog *log, const Lattice *L, const AftEvent *ev);
/* The words of an element of a record, and of an event. */
static inline const Word *why_words(const WhyLog *log, size_t off)
{
    return off == WHY_NONE ? NULL : log->pool.items + off;
}
static inline const Word *why_ewords(const WhyLog *log, size_t off)
{
    return off == WHY_NONE ? NULL : log->epool.items + off;
}

#endif
