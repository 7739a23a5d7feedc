/* absinstr.h: the interval evaluator's instructions on values (absvm.c runs them, and keeps
 * the control: branches, loops, calls): lattice operations and comparisons, sets, map
 * look-ups, numbers converted into a range or real.  Each works on the top of an AbsState
 * (absstate.h: words kept in the order of leaves that are no duals) as the VM's instruction
 * works on the top of its stack. */
#ifndef FIX_ABSINSTR_H
#define FIX_ABSINSTR_H

#include "code/absstate.h"
#include "common.h"

/* How an instruction ended: it went on, it gave up (no sound answer), or the concrete run
 * surely fails here (for every input of the path). */
typedef enum { ABSI_OK, ABSI_GIVE_UP, ABSI_DEAD } AbsInstrEnd;

/* Scratch words an evaluation reuses. */
typedef struct AbsScratch { Word *w; size_t cap; } AbsScratch;
Word *absinstr_scratch(AbsScratch *s, size_t n);
void absinstr_scratch_free(AbsScratch *s);

/* The ends in L's own order of the kept interval at word `at` of st, into ends (2 W words:
 * lo, then hi); returns ends. */
Word *absinstr_ends(const AbsState *st, const Lattice *L, size_t at, Word *ends);

/* JOIN, MEET, SET_MINUS of L: [x y] -> [x op y]. */
void absinstr_binary(AbsState *st, Opcode op, const Lattice *L);
/* LAT_LE .. LAT_NE of L: [x y] -> [b], in L's own order. */
void absinstr_compare(AbsState *st, Opcode op, const Lattice *L, AbsScratch *s);
/* EQ_I, NE_I where either word is an element of a leaf lattice (tagged so): by its equality.
 * False (nothing done) when both are plain ints. */
bool absinstr_word_equality(AbsState *st, Opcode op, AbsScratch *s);
/* A one-word slot tested against the constant k by `test` (LT_IK .. NE_IK), undecided: the
 * slot narrowed on the path where the test held (held) or where it did not.  Ints narrow their
 * ends; an element of a leaf lattice becomes k where it equals k. */
void absinstr_narrow(AbsState *st, size_t slot, Opcode test, Word k, bool held);
/* SET_ADD, SET_IN, SET_COUNT of the powerset P. */
AbsInstrEnd absinstr_set_add(AbsState *st, const Lattice *P);
void absinstr_set_in(AbsState *st, const Lattice *P);
void absinstr_set_count(AbsState *st, const Lattice *P);
/* CHECK_RANGE, CHECK_REAL of L; total: a value that may be outside fails the path. */
AbsInstrEnd absinstr_check_bounds(AbsState *st, Opcode op, const Lattice *L, bool total);
/* MAP_INDEX of M; total: a key that may be missing fails the path. */
AbsInstrEnd absinstr_map_index(AbsState *st, const Lattice *M, bool total);

#endif
