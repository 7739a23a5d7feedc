/* modelset.c: a set of equal-length word arrays (models, projections), each met once. */
#include "asp/modelset.h"

#include "util/mem.h"

static const Word *mset_elem(const ModelSet *m, uint64_t key)
{
    return m->words + (key - 1) * m->nwords;
}

static uint64_t mset_hash(const void *ctx, uint64_t key)
{
    const ModelSet *m = ctx;
    return hashmap_hash_words(mset_elem(m, key), m->nwords);
}

static bool mset_eq(const void *ctx, uint64_t a, uint64_t b)
{
    const ModelSet *m = ctx;
    return memcmp(mset_elem(m, a), mset_elem(m, b), m->nwords * sizeof *m->words) == 0;
}

void modelset_init(ModelSet *m, size_t nwords)
{
    *m = (ModelSet){ .nwords = nwords };
    hashmap_init(&m->tab, 64, mset_hash, mset_eq, m);
}

bool modelset_add(ModelSet *m, const Word *x)
{
    if (m->count == m->cap) {
        m->cap = m->cap ? m->cap * 2 : 16;
        m->words = mem_realloc(m->words, m->cap * m->nwords * sizeof *m->words);
    }
    memcpy(m->words + m->count * m->nwords, x, m->nwords * sizeof *x);
    if (!hashmap_add(&m->tab, m->count + 1, 0)) return false;
    m->count++;
    return true;
}

void modelset_free(ModelSet *m)
{
    mem_free(m->words);
    hashmap_free(&m->tab);
}
