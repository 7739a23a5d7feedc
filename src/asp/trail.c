/* trail.c: the making and freeing of the trail (trail.h); prop.c assigns and undoes. */
#include "asp/trail.h"

void asp_trail_new(AspTrail *t, size_t n)
{
    t->val = mem_alloc(n);
    t->lholds = mem_calloc(2 * n, 1);
    t->trail = mem_alloc(n * sizeof *t->trail);
    t->lstart = mem_alloc(n * sizeof *t->lstart);
    t->alev = mem_alloc(n * sizeof *t->alev);
    t->isdec = mem_calloc(n, 1);
    t->tpos = mem_alloc(n * sizeof *t->tpos);
    t->rkind = mem_calloc(n, 1);
    t->rarg = mem_alloc(n * sizeof *t->rarg);
    t->ufsbase = mem_calloc(n, sizeof *t->ufsbase);
}

void asp_trail_free(AspTrail *t)
{
    mem_free(t->val); mem_free(t->lholds); mem_free(t->trail); mem_free(t->lstart);
    mem_free(t->alev); mem_free(t->isdec); mem_free(t->tpos); mem_free(t->rkind);
    mem_free(t->rarg); mem_free(t->ufsbase);
    VEC_FREE(t->ufs);
}
