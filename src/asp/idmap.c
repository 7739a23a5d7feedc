/* idmap.c: the aspif reader's map of atom ids to program atoms (idmap.h): a dense table for
 * the ids below the input's length, open addressing for larger ones. */
#include "asp/idmap.h"

#include <string.h>

#include "util/mem.h"

static size_t idmap_slot(const IdMap *m, uint32_t key)
{
    size_t mask = m->cap - 1, i = (size_t)(key * 2654435761u) & mask;
    while (m->keys[i] && m->keys[i] != key) i = (i + 1) & mask;
    return i;
}

static void idmap_grow(IdMap *m)
{
    IdMap old = *m;
    m->cap = old.cap ? old.cap * 2 : 1024;
    m->count = 0;
    m->keys = mem_calloc(m->cap, sizeof *m->keys);
    m->vals = mem_calloc(m->cap, sizeof *m->vals);
    for (size_t i = 0; i < old.cap; i++)
        if (old.keys[i]) idmap_put(m, old.keys[i], old.vals[i]);
    mem_free(old.keys);
    mem_free(old.vals);
}

void idmap_grow_dense(IdMap *m, uint32_t key)
{
    size_t n = m->ndense ? 2 * m->ndense : 4096;
    if (n <= key) n = (size_t)key + 1;
    if (n > m->dense_limit) n = m->dense_limit;
    m->dense = mem_realloc(m->dense, n * sizeof *m->dense);
    memset(m->dense + m->ndense, 0, (n - m->ndense) * sizeof *m->dense);
    m->ndense = n;
}

void idmap_put(IdMap *m, uint32_t key, uint32_t val)
{
    if (key < m->dense_limit) {
        if (key >= m->ndense) idmap_grow_dense(m, key);
        m->dense[key] = val + 1;
        return;
    }
    if (2 * (m->count + 1) > m->cap) idmap_grow(m);
    size_t i = idmap_slot(m, key);
    if (!m->keys[i]) m->count++;
    m->keys[i] = key;
    m->vals[i] = val;
}

bool idmap_find(const IdMap *m, uint32_t key, uint32_t *val)
{
    if (!m->cap) return false;
    size_t i = idmap_slot(m, key);
    if (!m->keys[i]) return false;
    *val = m->vals[i];
    return true;
}
