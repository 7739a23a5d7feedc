/* why_build.h: a query's record (why.h) turned into the items of its explanation
 * (why_item.h): why_refine.c for approx and refine (each F step, the envelope calls that moved
 * each end, back to the start interval; or, for one atom, the call that put it in the lower
 * end or took it out of the upper one), why_bnb.c for bnb (each node: what pruned it, Lemma
 * 5.3 or 5.4; the evaluation that proves a fixed point).  Elements are printed through the
 * lattice's printer; atoms are named only on a powerset. */
#ifndef FIX_WHY_BUILD_H
#define FIX_WHY_BUILD_H

#include "app/why.h"
#include "app/why_item.h"

typedef struct WhyQuery {
    const char *fn;              /* the function's name */
    const char *envelope;        /* how its envelopes are had, one sentence */
    const char *from;            /* where the start interval comes from */
    const char *atom;            /* approx/refine: the element to explain as written, or NULL */
    const Word *focus;           /* that element of the record's lattice (NULL: none) */
    bool focus_is_atom;          /* it is an atom of a powerset: "in" the ends, not "below" */
    size_t max_nodes;            /* bnb: nodes shown at most (0: WHY_TEXT_NODES) */
} WhyQuery;

/* bnb nodes an explanation shows at most: as text, and on the --html page. */
enum { WHY_TEXT_NODES = 400, WHY_PAGE_NODES = 1000 };

/* approx and refine: the steps under root (false: nothing was recorded to explain). */
bool why_refine(const WhyLog *log, const WhyQuery *q, WhyItem *root);
/* bnb: the search tree under root. */
bool why_bnb(const WhyLog *log, const WhyQuery *q, WhyItem *root);

/* Shared by both (why_refine.c): x printed into b; the envelope call of a WHY_PHI record as
 * "f^l_B(x) = e" (the antitone envelope's argument is an end of B); the atoms of a powerset
 * element that are in `a` and not in `b`, as " (adds p, q)" after `verb`. */
void why_put(const Lattice *L, const Word *x, Buf *b);
void why_put_call(const WhyLog *log, const WhyQuery *q, const WhyRec *r, Buf *b);
void why_put_diff(const Lattice *L, const Word *a, const Word *b, const char *verb, Buf *out);
/* A WHY_PHI record as an item under parent: the call, what it gives the end, whether it left B. */
void why_call_item(const WhyLog *log, const WhyQuery *q, const WhyRec *r, WhyItem *parent);
/* What made an F step invalid: a WHY_PHI whose iterate left B (F(B) not inside B, Lemma 5.4;
 * with_call: the call under it), WHY_CROSS (F(B) not an interval, Lemma 5.3) or a failed
 * WHY_CONTRACT. */
void why_fail_item(const WhyLog *log, const WhyQuery *q, const WhyRec *r, bool with_call, WhyItem *parent);

#endif
