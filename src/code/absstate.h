/* absstate.h: the interval evaluator's state (absvm.c): a stack of words mirroring the VM's,
 * with two words (lo, hi) and a tag in every place, and the join of two states where the
 * paths of a branch meet.  Also the few questions the evaluator asks of a lattice's kind
 * (abslat_*, through lattice.h's accessors), in one place.
 *
 * The words of a dual are kept in its base's order: an interval [lo, hi] of `dual B` (lo above
 * hi in B) is kept as [hi, lo], the same elements as an interval of B.  So every word is an
 * interval in the order of a leaf that is no dual (a powerset, chain, range, real or finite
 * lattice), which is what the instructions the compiler emits on a dual's sets and numbers
 * (SET_ADD, SET_IN, int compares, ...) read, and what the tags join by.  Where the lattice's
 * own order counts (a comparison, the ends of the argument and the result), abslat_orient
 * turns the kept words into L's ends and back. */
#ifndef FIX_ABSSTATE_H
#define FIX_ABSSTATE_H

#include "code/absops.h"
#include "common.h"
#include "lattice/lattice.h"

typedef enum { TAG_INT, TAG_REAL, TAG_LAT, TAG_COLL, TAG_POISON } TagKind;

/* What a word is: a plain int (also Booleans and atoms), a real, word `part` of an element
 * of the leaf lattice `leaf`, or a collection's handle (abscoll.h); POISON: the paths that
 * met disagree, so it must not be read. */
typedef struct Tag { const Lattice *leaf; uint32_t part; uint32_t kind; } Tag;

typedef struct AbsState { Word *lo, *hi; Tag *tag; size_t sp, cap; } AbsState;

/* The tag of every word of an element of L. */
void absstate_tags_of(const Lattice *L, Tag *out);

void absstate_reserve(AbsState *s, size_t n);       /* room for n more words */
void absstate_free(AbsState *s);
/* src into dst, whose blocks (dst may hold some, or none) are kept and grown as needed. */
void absstate_copy_into(AbsState *dst, const AbsState *src);
void absstate_push_zeros(AbsState *s, size_t n);    /* n zero words tagged as ints */
void absstate_push_pair(AbsState *s, AbsPair p, TagKind kind);
AbsPair absstate_pop_pair(AbsState *s);
AbsPair absstate_top_pair(const AbsState *s);
void absstate_push_point(AbsState *s, const Lattice *L, bool top);   /* [bot, bot] or [top, top] */
/* Keeps words [off, off + n) of the top element of W words. */
void absstate_keep_part(AbsState *s, size_t W, size_t off, size_t n);
/* n places of the stack from place `from` to place `to` (lo, hi and tag; they may overlap). */
void absstate_move(AbsState *s, size_t to, size_t from, size_t n);

/* How two collection handles that differ are joined (abscoll.c): *out a handle standing for
 * both, false when there is none (the word is then no point: nothing reads it). */
typedef struct AbsHandleJoin { bool (*join)(void *ctx, Word a, Word b, Word *out); void *ctx; } AbsHandleJoin;

/* into := the join of into and from (two states at one merge point).  Words the paths typed
 * differently: a local (below `locals`) stored on one path only is dead after the merge, so
 * it is poisoned (reading it must give up); on the operand stack the join fails (false). */
bool absstate_join(AbsState *into, const AbsState *from, size_t locals, const AbsHandleJoin *handles);

/* Kept words <-> L's ends: the words of every leaf under an odd number of duals swapped
 * between lo and hi (its own inverse). */
void abslat_orient(const Lattice *L, Word *lo, Word *hi);
/* [lo, hi] := the smallest interval holding [lo, hi] and [lo2, hi2], all four kept words of
 * elements of L. */
void abslat_hull(const Lattice *L, Word *lo, Word *hi, const Word *lo2, const Word *hi2);
/* Is [lo, hi] inside [lo2, hi2] (kept words of elements of L)? */
bool abslat_inside(const Lattice *L, const Word *lo, const Word *hi, const Word *lo2, const Word *hi2);

/* What the evaluator asks of a lattice (lattice.h's accessors). */
size_t abslat_atoms(const Lattice *P);                        /* of a powerset */
size_t abslat_parts(const Lattice *P);                        /* of a product or map */
size_t abslat_part_offset(const Lattice *P, size_t i);
const Lattice *abslat_part(const Lattice *P, size_t i);
void abslat_range(const Lattice *L, int64_t *lo, int64_t *hi);
void abslat_real(const Lattice *L, double *lo, double *hi);

#endif
