/* order.c: the binary heap of indices by a key (order.h). */
#include "util/order.h"

/* Does index a come before index b? */
static bool before(const KeyOrder *o, uint32_t a, uint32_t b)
{
    if (o->key[a] != o->key[b]) return o->key[a] > o->key[b];
    return o->rank ? o->rank[a] < o->rank[b] : a < b;
}

void order_up(const KeyOrder *o, size_t i)
{
    uint32_t x = o->heap[i];
    while (i > 0 && before(o, x, o->heap[(i - 1) / 2])) {
        order_place(o, i, o->heap[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    order_place(o, i, x);
}

void order_down(const KeyOrder *o, size_t size, size_t i)
{
    uint32_t x = o->heap[i];
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= size) break;
        if (c + 1 < size && before(o, o->heap[c + 1], o->heap[c])) c++;
        if (!before(o, o->heap[c], x)) break;
        order_place(o, i, o->heap[c]);
        i = c;
    }
    order_place(o, i, x);
}

void order_build(const KeyOrder *o, size_t size)
{
    for (size_t i = size / 2; i-- > 0;) order_down(o, size, i);
}
