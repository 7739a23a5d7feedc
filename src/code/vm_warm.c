/* vm_warm.c: the kept lfps of the warm starts (see vm_warm.h): one table per (chunk, site), a
 * ring of entries each holding the function's arguments and then the lfp. */
#include "code/vm_warm.h"

#include "util/mem.h"

struct WarmTable {
    const Chunk *chunk;
    uint32_t site;
    size_t entry_words;         /* the arguments (chunk->param_words), then the lfp */
    size_t count, next;         /* entries kept; where the next one goes */
    Word *entries;
};

void vm_warm_free(VmWarm *w)
{
    for (size_t i = 0; i < w->tables.count; i++) {
        mem_free(w->tables.items[i]->entries);
        mem_free(w->tables.items[i]);
    }
    VEC_FREE(w->tables);
}

static WarmTable *table_of(VmWarm *w, const Chunk *ch, uint32_t site, const Lattice *L, bool make)
{
    for (size_t i = 0; i < w->tables.count; i++)
        if (w->tables.items[i]->chunk == ch && w->tables.items[i]->site == site) return w->tables.items[i];
    if (!make) return NULL;
    WarmTable *t = mem_calloc(1, sizeof *t);
    t->chunk = ch;
    t->site = site;
    t->entry_words = ch->param_words + L->nwords;
    t->entries = mem_calloc(VM_WARM_ENTRIES * t->entry_words, sizeof(Word));
    VEC_PUSH(w->tables, t);
    return t;
}

/* Is the kept argument list `kept` a neighbour of args: each parameter equal, below or above
 * as its tone says (UP: the lfp grows with it, so a smaller argument's lfp lies below). */
static bool neighbour(const IrWarmSite *s, const Word *kept, const Word *args)
{
    size_t at = 0;
    for (size_t i = 0; i < s->nparams; i++) {
        const Lattice *P = s->params[i];
        const Word *k = kept + at, *a = args + at;
        bool ok = s->tones[i] == IR_TONE_ANY ? true
                : s->tones[i] == IR_TONE_UP ? P->ops->leq(P, k, a)
                : s->tones[i] == IR_TONE_DOWN ? P->ops->leq(P, a, k)
                : memcmp(k, a, P->nwords * sizeof(Word)) == 0;
        if (!ok) return false;
        at += P->nwords;
    }
    return true;
}

bool vm_warm_start(VmWarm *w, const Chunk *ch, uint32_t site, const Lattice *L, const Word *args, Word *x)
{
    WarmTable *t = table_of(w, ch, site, L, false);
    const IrWarmSite *s = &ch->warm.items[site];
    bool found = false;
    for (size_t e = 0; t && e < t->count; e++) {
        const Word *kept = t->entries + e * t->entry_words;
        if (!neighbour(s, kept, args)) continue;
        if (found) L->ops->join(L, x, x, kept + ch->param_words);
        else lattice_copy(L, x, kept + ch->param_words);
        found = true;
    }
    if (!found) w->cold++;
    return found;
}

void vm_warm_keep(VmWarm *w, const Chunk *ch, uint32_t site, const Lattice *L, const Word *args, const Word *x)
{
    WarmTable *t = table_of(w, ch, site, L, true);
    Word *e = t->entries + t->next * t->entry_words;
    memcpy(e, args, ch->param_words * sizeof(Word));
    lattice_copy(L, e + ch->param_words, x);
    t->next = (t->next + 1) % VM_WARM_ENTRIES;
    if (t->count < VM_WARM_ENTRIES) t->count++;
}
