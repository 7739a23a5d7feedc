/* idmap.h: the aspif reader's map of atom ids to program atoms (idmap.c).  gringo numbers
 * atoms 1..n densely, so ids below dense_limit (the input's length: a file of that many bytes
 * names no more atoms) are looked up in a table indexed by id (program atom + 1, 0: none),
 * grown as ids come; larger ids (any up to 2^31-1 is allowed) go to open addressing (keys are
 * nonzero).  The caller sets dense_limit and frees keys, vals and dense. */
#ifndef FIX_ASP_IDMAP_H
#define FIX_ASP_IDMAP_H

#include "common.h"

typedef struct IdMap {
    uint32_t *keys, *vals;
    size_t cap, count;
    uint32_t *dense;
    size_t ndense, dense_limit;
} IdMap;

/* The dense table made room for id key (key < dense_limit). */
void idmap_grow_dense(IdMap *m, uint32_t key);
void idmap_put(IdMap *m, uint32_t key, uint32_t val);
/* A large id's atom (open addressing): false when it has none. */
bool idmap_find(const IdMap *m, uint32_t key, uint32_t *val);

static inline bool idmap_get(const IdMap *m, uint32_t key, uint32_t *val)
{
    if (key >= m->dense_limit) return idmap_find(m, key, val);
    if (key >= m->ndense || !m->dense[key]) return false;
    *val = m->dense[key] - 1;
    return true;
}

#endif
