/* held.c: stable models held back as bytes and replayed later (held.h). */
#include "proc/held.h"
#include "asp/asp.h"
#include "util/mem.h"

static void put(Buf *b, const void *p, size_t n)
{
    if (n) buf_putn(b, p, n);
}

static void put_size(Buf *b, size_t v) { put(b, &v, sizeof v); }

static bool take(const char **c, const char *end, void *p, size_t n)
{
    if ((size_t)(end - *c) < n) return false;
    memcpy(p, *c, n);
    *c += n;
    return true;
}

void proc_held_init(ProcHeld *h)
{
    buf_init(&h->rec);
}

void proc_held_free(ProcHeld *h)
{
    buf_free(&h->rec);
}

void proc_held_put(ProcHeld *h, const AspProgram *p, const AspAtom *atoms, size_t n,
                   const int64_t *costs, size_t ncosts, bool optimal)
{
    put_size(&h->rec, n);
    for (size_t i = 0; i < n; i++) {
        size_t len = asp_atom_name_len(p, atoms[i]);
        put_size(&h->rec, len);
        put(&h->rec, asp_atom_name(p, atoms[i]), len);
    }
    put_size(&h->rec, ncosts);
    put(&h->rec, costs, ncosts * sizeof *costs);
    buf_putc(&h->rec, optimal ? 1 : 0);
}

size_t proc_held_bytes(const ProcHeld *h)
{
    return h->rec.len;
}

size_t proc_held_size(const AspProgram *p, const AspAtom *atoms, size_t n, size_t ncosts)
{
    size_t bytes = (n + 2) * sizeof(size_t) + ncosts * sizeof(int64_t) + 1;
    for (size_t i = 0; i < n; i++) bytes += asp_atom_name_len(p, atoms[i]);
    return bytes;
}

typedef VEC(AspAtom) AtomVec;
typedef VEC(int64_t) CostVec;

/* Where the replayed models go. */
typedef struct Sink {
    AspModelFn fn;
    void *ctx;
    AspOptModelFn ofn;
    void *octx;
} Sink;

/* One held model out of *c to the sink, its atoms made in p (named as they were). */
static void replay_one(const Sink *to, AspProgram *p, const char **c, const char *end,
                       AtomVec *atoms, CostVec *costs)
{
    size_t n = 0, nc = 0, len = 0;
    take(c, end, &n, sizeof n);
    atoms->count = costs->count = 0;
    for (size_t i = 0; i < n && take(c, end, &len, sizeof len); i++) {
        AspAtom a = asp_atom_hidden(p);
        asp_atom_show(p, a, *c, len);
        *c += len;
        VEC_PUSH(*atoms, a);
    }
    take(c, end, &nc, sizeof nc);
    for (size_t i = 0; i < nc; i++) {
        int64_t v = 0;
        take(c, end, &v, sizeof v);
        VEC_PUSH(*costs, v);
    }
    bool optimal = *c < end && **c;
    (*c)++;
    if (to->ofn) to->ofn(to->octx, p, atoms->items, n, costs->items, nc, optimal);
    else to->fn(to->ctx, p, atoms->items, n);
}

void proc_held_replay(ProcHeld *h, AspModelFn fn, void *ctx, AspOptModelFn ofn, void *octx)
{
    Sink to = { fn, ctx, ofn, octx };
    AspProgram *p = asp_program_new();
    AtomVec atoms = { 0 };
    CostVec costs = { 0 };
    const char *c = h->rec.data ? h->rec.data : "", *end = c + h->rec.len;
    while (c < end) replay_one(&to, p, &c, end, &atoms, &costs);
    VEC_FREE(atoms);
    VEC_FREE(costs);
    asp_program_free(p);
    buf_clear(&h->rec);
}

void proc_held_drop(ProcHeld *h)
{
    buf_clear(&h->rec);
}
