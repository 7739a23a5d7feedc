/* order.h: a binary heap of indices by a key, the largest key first (on equal keys the
 * smaller rank, or the smaller index without ranks), with each index's place in it, so that
 * a key that grows moves its index up in a logarithm (order.c).  The caller owns the
 * arrays and the heap's size; used for the activity orders of a search (VSIDS). */
#ifndef FIX_UTIL_ORDER_H
#define FIX_UTIL_ORDER_H

#include "common.h"

typedef struct KeyOrder {
    uint32_t *heap;               /* the indices, the heap's first size places */
    uint32_t *pos;                /* per index: its place in heap */
    const double *key;
    const uint32_t *rank;         /* per index: the tie-break, or NULL */
} KeyOrder;

static inline void order_place(const KeyOrder *o, size_t i, uint32_t x)
{
    o->heap[i] = x;
    o->pos[x] = (uint32_t)i;
}

/* The index at place i moves up (its key grew, or it was just placed last). */
void order_up(const KeyOrder *o, size_t i);
/* The index at place i moves down, in a heap of size places. */
void order_down(const KeyOrder *o, size_t size, size_t i);
/* The first size places put in heap order, bottom up (linear time). */
void order_build(const KeyOrder *o, size_t size);

#endif
