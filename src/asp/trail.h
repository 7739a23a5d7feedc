/* trail.h: the assignment of the native IR and why each value was set, owned by prop.c (it
 * assigns and undoes; learn.c allocates the reasons and the unfounded sets' reasons). */
#ifndef FIX_ASP_TRAIL_H
#define FIX_ASP_TRAIL_H

#include "asp/internal.h"

enum { V_UNK = 0, V_TRUE = 1, V_FALSE = 2 };
/* Why an atom got its value (learn.c explains it from the rule or nogood named by rarg):
 * R_NONE a request's atom or a fact of level 0; R_FWD rule rarg's body holds; R_NOSUP no
 * rule of the atom can hold; R_SUPPORT the atom is a literal of rule rarg, the last support
 * of its true head; R_BFALSE the atom is a literal of rule rarg, whose head is false and whose
 * other literals hold; R_NOGOOD a learnt nogood (offset rarg); R_BIN a nogood of two
 * literals, rarg its other literal, which holds (kept in the reason itself, as clasp keeps
 * binary implications: the analysis reads no nogood memory for it); R_UFS an unfounded set
 * or an #edge that would close a cycle (acyclic.c; its reason at offset rarg of the ufs
 * list); R_COST the optimisation's bound (cost.c; rarg the literal that may not hold); R_CHECK a check of the whole assignment failed (minimal.c's
 * minimality, acyclic.c's #edge: a conflict only, its nogood at offset rarg of the ufs list,
 * new even below the top level). */
enum { R_NONE, R_FWD, R_NOSUP, R_SUPPORT, R_BFALSE, R_NOGOOD, R_BIN, R_UFS, R_COST, R_CHECK };
typedef VEC(uint32_t) U32s;

/* The trail: levels 0 .. nlevels-1 (0 the empty request), level k's atoms at trail
 * [lstart[k], lstart[k+1]); every atom on it has a value, its level alev and its place tpos. */
typedef struct AspTrail {
    uint8_t *val;                 /* per atom: V_UNK, V_TRUE, V_FALSE */
    uint8_t *lholds;              /* per literal (learn.c's numbering): 1 when it holds */
    uint32_t *trail;              /* assigned atoms in order; [qhead, qtail) not propagated */
    size_t qhead, qtail;
    uint32_t *lstart;             /* per level: its first trail index */
    uint32_t *alev;               /* per assigned atom: its level */
    uint8_t *isdec;               /* per assigned atom: one of its level's added atoms */
    size_t nlevels;               /* levels 0 .. nlevels-1; 0 is the empty request */
    /* Conflict-driven learning (learn.c).  A literal is 2 * atom + (1 when false). */
    uint32_t *tpos;               /* per assigned atom: its place on the trail */
    uint8_t *rkind;               /* per assigned atom: R_... */
    uint32_t *rarg;
    uint32_t cf_atom, cf_arg;     /* the first conflict: cf_atom should get cf_val by cf_kind */
    uint8_t cf_val, cf_kind;
    U32s ufs;                     /* reasons of unfounded sets: length, then the literals */
    uint32_t *ufsbase;            /* per level: ufs.count when it began */
} AspTrail;

/* trail.c: the trail of n atoms (the program's and two more), nothing assigned; freed. */
void asp_trail_new(AspTrail *t, size_t n);
void asp_trail_free(AspTrail *t);

/* An unfounded set's reason (learn.c) begun at the end of ufs (its offset), its literals
 * appended, then ended: kept (its length set) or dropped. */
static inline uint32_t asp_ufs_begin(AspTrail *t)
{
    VEC_PUSH(t->ufs, 0);
    return (uint32_t)t->ufs.count - 1;
}

static inline void asp_ufs_lit(AspTrail *t, uint32_t lit) { VEC_PUSH(t->ufs, lit); }

static inline void asp_ufs_end(AspTrail *t, uint32_t at, bool keep)
{
    if (keep) t->ufs.items[at] = (uint32_t)(t->ufs.count - at - 1);
    else t->ufs.count = at;
}

/* Assigned atom a's reason rewritten (its nogood moved in the store, or forgotten: R_NONE). */
static inline void asp_trail_reason(AspTrail *t, uint32_t a, uint8_t kind, uint32_t arg)
{
    t->rkind[a] = kind;
    t->rarg[a] = arg;
}

#endif
