/* nogoods.h: the nogood store (learn.c learns and watches, learnreduce.c deletes and
 * restarts) and the conflict analysis's scratch (learn.c). */
#ifndef FIX_ASP_NOGOODS_H
#define FIX_ASP_NOGOODS_H

#include "asp/trail.h"
#include "asp/watch.h"

/* A learnt nogood kept: its offset in AspNogoods.ng and its LBD (the number of levels among
 * its literals when it was learnt, or fewer when an analysis met it since: the fewer, the more
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

/* The store: the stored rules' nogoods (offsets below AspCons.perm_end, learncons.c; their
 * completions' nogoods of two literals are not stored, only watched) and the learnt ones,
 * each watched on its first two literals. */
typedef struct AspNogoods {
    U32s ng;                      /* stored nogoods: length, then the literals; a learnt
                                     one after a word of its own, where the search for a
                                     literal to watch starts (learn.c) */
    size_t nnogoods;
    AspWatches watches;           /* per literal: nogoods watching it (they look when it holds),
                                     as pairs: offset, then a literal of the nogood that, when
                                     false, spares the look (its other watch, as it was;
                                     marked ASP_WATCH_BIN when the nogood has two literals);
                                     no lists until the search state is made */
    VEC(AspLearnt) learnts;       /* the learnt nogoods kept, by offset (learn.c deletes some) */
    size_t nkept, deleted, reduce_at;   /* kept now, deleted so far, next reduction at */
    uint32_t glue;                /* nogoods of at most this LBD are never deleted (2) */
    uint32_t *lvlseen, lvlstamp;  /* per level: LBD count */
    U32s pending;                 /* nogoods learnt but not yet propagated */
    uint32_t last;                /* the nogood learnt at the last conflict, NONE */
    bool fresh;                   /* `last` not yet reported to the engine */
    /* An enumeration's solution nogoods (block.c): how many so far, the literals of the
     * last one, the offset of the first one still pending (NONE: none), and whether the
     * conflict being met is one of them violated (learn.c then analyses it at its level). */
    size_t nblocks;
    U32s block;
    uint32_t blocks_from;
    bool block_violated;
} AspNogoods;

/* How the files outside the store (learn.c, learnreduce.c) write nogoods into it (learncons.c,
 * the rules' nogoods, before they are watched): a nogood begun at the end of the store (its
 * offset), its literals appended, then ended (its length set) or dropped (the store ends at
 * its offset again); a word of a stored nogood rewritten, the store cut at `end` (level 0's
 * simplification, before the nogoods are watched afresh). */
static inline uint32_t asp_store_begin(AspNogoods *g)
{
    VEC_PUSH(g->ng, 0);
    return (uint32_t)g->ng.count - 1;
}

/* A learnt nogood (learn.c's, block.c's solution nogoods) begun so: after its search start
 * word, where the search for a literal to watch starts (none yet). */
static inline uint32_t asp_store_learnt_begin(AspNogoods *g)
{
    VEC_PUSH(g->ng, 0);
    return asp_store_begin(g);
}

static inline void asp_store_lit(AspNogoods *g, uint32_t lit) { VEC_PUSH(g->ng, lit); }

static inline void asp_store_end(AspNogoods *g, uint32_t off)
{
    g->ng.items[off] = (uint32_t)(g->ng.count - off - 1);
}

static inline void asp_store_drop(AspNogoods *g, uint32_t off) { g->ng.count = off; }

static inline void asp_store_set(AspNogoods *g, uint32_t at, uint32_t word)
{
    g->ng.items[at] = word;
}

/* learn.c's conflict analysis. */
typedef struct AspAnalysis {
    U32s tmp, out;                /* conflict analysis */
    U32s stack;                   /* its minimisation's walk: frames of six words */
    uint32_t *seen, stamp;
    uint32_t *failed;             /* per atom: the stamp of the analysis that found it not
                                     implied by the nogood's other literals */
    uint64_t bound_reads;         /* the held literals the walk's frames of the bound's
                                     reasons set out to read, in all (a count for tests) */
} AspAnalysis;

#endif
