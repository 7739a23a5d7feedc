/* sources.h: the unfounded-set check's state, owned by ufs.c (prop.c calls it).
 * Each atom on a positive cycle keeps a source: one of its rules whose body is not false and
 * whose cyclic positive atoms all have sources, taken before it (so the sources form no
 * cycle).  An atom whose source rule lost its body loses its source, and so does every atom
 * whose source rule has it in its positive body; only those atoms look for a new source.
 * Those that find none, and are not false, form an unfounded set. */
#ifndef FIX_ASP_SOURCES_H
#define FIX_ASP_SOURCES_H

#include "asp/trail.h"

typedef struct AspUnfounded {
    uint32_t *crules, ncrules;    /* the rules with a cyclic head (NULL: none) */
    uint32_t *src;                /* per atom: its source rule, NONE when it has none */
    uint32_t *nosrc;              /* per rule with a cyclic head: its cyclic positive atoms
                                     without a source */
    uint8_t *weighted;            /* per rule: a weight body that needs fewer than all its
                                     literals (NULL: no such rule) */
    uint8_t *flag;                /* per atom: UFS_... bits (ufs.c) */
    U32s todo;                    /* atoms that may have no source and not be false */
    U32s lost;                    /* atoms whose source rule lost weight since the last check */
    U32s stack;                   /* scratch: the cascades, then the unfounded set */
} AspUnfounded;

/* AspUnfounded.flag's bits: queued in todo; in the unfounded set being made false. */
enum { UFS_TODO = 1, UFS_IN = 2 };

#endif
