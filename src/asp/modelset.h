/* modelset.h: a set of equal-length word arrays (models as bit sets), to meet each once. */
#ifndef FIX_ASP_MODELSET_H
#define FIX_ASP_MODELSET_H

#include "common.h"
#include "util/hashmap.h"

typedef struct ModelSet {
    size_t nwords, count, cap;
    Word *words;                  /* count elements, then the one being added */
    HashMap tab;                  /* keys: index + 1 */
} ModelSet;

void modelset_init(ModelSet *m, size_t nwords);
/* Adds x (nwords words); false if it was there already. */
bool modelset_add(ModelSet *m, const Word *x);
void modelset_free(ModelSet *m);

#endif
