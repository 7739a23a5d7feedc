/* sources.h: the unfounded-set check's state, owned by ufs.c (prop.c calls it).
 * Each atom on a positive cycle keeps a source: one of its rules whose body is not false and
 * whose cyclic positive atoms all have sources, taken before it (so the sources form no
 * cycle; an aggregate body: enough weight of such atoms and its other literals).  An atom
 * whose source rule lost its body (an aggregate: more weight than it had to spare) loses its
 * source, and so does every atom whose source rule has it in its positive body; only those
 * atoms look for a new source.  Those that find none, and are not false, form an unfounded
 * set. */
#ifndef FIX_ASP_SOURCES_H
#define FIX_ASP_SOURCES_H

#include "asp/trail.h"

typedef struct AspUnfounded {
    uint32_t *crules, ncrules;    /* the rules with a cyclic head (NULL: none) */
    uint32_t *src;                /* per atom: its source rule, NONE when it has none */
    uint32_t *nosrc;              /* per rule with a cyclic head: its cyclic positive atoms
                                     without a source */
    int64_t *unw;                 /* per rule with a cyclic head and an aggregate body: the
                                     weight of its cyclic positive atoms without a source
                                     (NULL: no such rule) */
    int64_t *excess;              /* per rule that is a source, with unw: what its body's
                                     weight founded when it became one, minus its bound, less
                                     the weight its body lost since (>= 0 while it founds) */
    int64_t *founded;             /* per rule, with unw: its founded weight (its literals
                                     not false, cyclic atoms counted with a source), kept
                                     up to date through the check numbered pass[r] */
    uint32_t *pass, npass;        /* with unw: the check that last read a rule's literals,
                                     and the checks so far */
    uint8_t *flag;                /* per atom: UFS_... bits (ufs.c) */
    uint64_t dropped;             /* sources taken away so far (the check's work) */
    U32s todo;                    /* atoms that may have no source and not be false */
    U32s lost;                    /* atoms whose source rule lost weight since the last check */
    U32s stack;                   /* scratch: the cascades, then the unfounded set */
    U32s later;                   /* scratch: atoms an aggregate founds, and the rule, to
                                     take it once the cascade without them ends */
} AspUnfounded;

/* AspUnfounded.flag's bits: queued in todo; in the unfounded set being made false; in
 * later; given a source that the counts of its rules do not have yet. */
enum { UFS_TODO = 1, UFS_IN = 2, UFS_LATER = 4, UFS_NEW = 8 };

#endif
