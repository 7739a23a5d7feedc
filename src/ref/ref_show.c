/* ref_show.c: values the reference evaluator made, handed over the way the VM hands its
 * values over (collections as code/types.h's Collection), so that the report layer prints a
 * reference run exactly as it prints the VM's (`fix run --reference`). */
#include "ref/ref_internal.h"

const Word *ref_collection(Word w, size_t *n, size_t *iw)
{
    const RefColl *c = ref_coll_at(w);
    *n = c->n;
    *iw = c->iw;
    return c->items;
}

static Word export_coll(Word w)
{
    const RefColl *c = ref_coll_at(w);
    Collection *k = mem_calloc(1, sizeof *k);
    k->lat = c->lat;
    k->n = k->cap = c->n;
    k->items = mem_alloc((c->n * c->iw + 1) * sizeof(Word));
    memcpy(k->items, c->items, c->n * c->iw * sizeof(Word));
    return (Word)(uintptr_t)k;
}

static void free_coll(Word w)
{
    Collection *k = (Collection *)(uintptr_t)w;
    mem_free(k->items);
    mem_free(k);
}

Word *ref_export(const Type *t, const Word *v)
{
    size_t n = sema_type_words(t);
    Word *out = mem_alloc((n ? n : 1) * sizeof(Word));
    memcpy(out, v, n * sizeof(Word));
    if (t->kind == TY_COLL) out[0] = export_coll(v[0]);
    if (t->kind == TY_BNB) {
        out[0] = export_coll(v[0]);
        out[1] = export_coll(v[1]);
    }
    return out;
}

void ref_export_free(const Type *t, Word *v)
{
    if (!v) return;
    if (t->kind == TY_COLL) free_coll(v[0]);
    if (t->kind == TY_BNB) {
        free_coll(v[0]);
        free_coll(v[1]);
    }
    mem_free(v);
}
