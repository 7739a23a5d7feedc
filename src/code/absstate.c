/* absstate.c: the interval evaluator's state: tags, stacks of (lo, hi) words, joins, and the
 * orientation of the words of duals. */
#include "code/absstate.h"

#include <math.h>

#include "util/mem.h"

/* How the words of a kind are joined: by parts (product, map), as the base's (dual), as ints
 * (range, chain), as reals, or by the leaf's vtable (powerset, finite). */
typedef enum { KIND_PARTS, KIND_DUAL, KIND_INTS, KIND_REALS, KIND_LEAF } KindClass;

static KindClass kind_class(const Lattice *L)
{
    switch (lattice_kind(L)) {
    case LATTICE_PRODUCT: case LATTICE_MAP: return KIND_PARTS;
    case LATTICE_DUAL: return KIND_DUAL;
    case LATTICE_CHAIN: case LATTICE_RANGE: return KIND_INTS;
    case LATTICE_REAL: return KIND_REALS;
    default: return KIND_LEAF;
    }
}

/* Calls visit on every leaf of L (a kind with no parts and no base) at word off of an element,
 * with whether an odd number of duals is above it. */
typedef void (*LeafVisit)(const Lattice *leaf, size_t off, bool flipped, void *ctx);

static void each_leaf(const Lattice *L, size_t off, bool flipped, LeafVisit visit, void *ctx)
{
    switch (kind_class(L)) {
    case KIND_DUAL: each_leaf(lattice_inner(L), off, !flipped, visit, ctx); return;
    case KIND_PARTS:
        for (size_t i = 0; i < lattice_nparts(L); i++)
            each_leaf(lattice_part(L, i), off + lattice_part_offset(L, i), flipped, visit, ctx);
        return;
    default: visit(L, off, flipped, ctx);
    }
}

/* Two intervals of one lattice, in whichever words a visitor reads. */
typedef struct Ends { Word *lo, *hi; const Word *lo2, *hi2; bool ok; } Ends;

static void orient_leaf(const Lattice *leaf, size_t off, bool flipped, void *ctx)
{
    Ends *e = ctx;
    if (!flipped) return;
    for (size_t w = off; w < off + leaf->nwords; w++) {
        Word t = e->lo[w];
        e->lo[w] = e->hi[w];
        e->hi[w] = t;
    }
}

void abslat_orient(const Lattice *L, Word *lo, Word *hi)
{
    Ends e = { lo, hi, NULL, NULL, true };
    each_leaf(L, 0, false, orient_leaf, &e);
}

static void hull_leaf(const Lattice *leaf, size_t off, bool flipped, void *ctx)
{
    Ends *e = ctx;
    FIX_UNUSED(flipped);
    leaf->ops->meet(leaf, e->lo + off, e->lo + off, e->lo2 + off);
    leaf->ops->join(leaf, e->hi + off, e->hi + off, e->hi2 + off);
}

void abslat_hull(const Lattice *L, Word *lo, Word *hi, const Word *lo2, const Word *hi2)
{
    Ends e = { lo, hi, lo2, hi2, true };
    each_leaf(L, 0, false, hull_leaf, &e);
}

static void inside_leaf(const Lattice *leaf, size_t off, bool flipped, void *ctx)
{
    Ends *e = ctx;
    FIX_UNUSED(flipped);
    if (e->ok) e->ok = lattice_interval_subset(leaf, e->lo + off, e->hi + off, e->lo2 + off, e->hi2 + off);
}

bool abslat_inside(const Lattice *L, const Word *lo, const Word *hi, const Word *lo2, const Word *hi2)
{
    Ends e = { (Word *)lo, (Word *)hi, lo2, hi2, true };
    each_leaf(L, 0, false, inside_leaf, &e);
    return e.ok;
}

/* The lattice through its accessors (lattice.h). */
size_t abslat_atoms(const Lattice *P) { return lattice_name_count(P); }
size_t abslat_part_offset(const Lattice *P, size_t i) { return lattice_part_offset(P, i); }
const Lattice *abslat_part(const Lattice *P, size_t i) { return lattice_part(P, i); }
size_t abslat_parts(const Lattice *P) { return lattice_nparts(P); }
void abslat_range(const Lattice *L, int64_t *lo, int64_t *hi) { lattice_int_bounds(L, lo, hi); }
void abslat_real(const Lattice *L, double *lo, double *hi) { lattice_real_bounds(L, lo, hi); }

/* The tags of a leaf's words: ranges and chains are ordered as ints, reals as reals (joined
 * like plain numbers); powersets and finite lattices by their vtable. */
static void tag_leaf(const Lattice *leaf, size_t off, bool flipped, void *ctx)
{
    Tag *out = (Tag *)ctx + off;
    KindClass k = kind_class(leaf);
    FIX_UNUSED(flipped);
    if (k == KIND_INTS || k == KIND_REALS) {
        out[0] = (Tag){ NULL, 0, k == KIND_INTS ? TAG_INT : TAG_REAL };
        return;
    }
    for (size_t w = 0; w < leaf->nwords; w++) out[w] = (Tag){ leaf, (uint32_t)w, TAG_LAT };
}

/* The tag of every word of an element of L: the tags of its leaves, a dual's being those of
 * its base (its words are kept in the base's order). */
void absstate_tags_of(const Lattice *L, Tag *out) { each_leaf(L, 0, false, tag_leaf, out); }

/* ---- states ---- */

void absstate_reserve(AbsState *s, size_t n)
{
    if (s->sp + n <= s->cap) return;
    size_t cap = s->cap ? s->cap : 64;
    while (cap < s->sp + n) cap *= 2;
    s->lo = mem_realloc(s->lo, cap * sizeof(Word));
    s->hi = mem_realloc(s->hi, cap * sizeof(Word));
    s->tag = mem_realloc(s->tag, cap * sizeof(Tag));
    s->cap = cap;
}

void absstate_free(AbsState *s)
{
    mem_free(s->lo);
    mem_free(s->hi);
    mem_free(s->tag);
    memset(s, 0, sizeof *s);
}

void absstate_copy_into(AbsState *dst, const AbsState *src)
{
    dst->sp = 0;
    absstate_reserve(dst, src->sp + 1);
    memcpy(dst->lo, src->lo, src->sp * sizeof(Word));
    memcpy(dst->hi, src->hi, src->sp * sizeof(Word));
    memcpy(dst->tag, src->tag, src->sp * sizeof(Tag));
    dst->sp = src->sp;
}

/* n zero words tagged as ints (fresh locals). */
void absstate_push_zeros(AbsState *s, size_t n)
{
    absstate_reserve(s, n);
    for (size_t w = 0; w < n; w++) {
        s->lo[s->sp + w] = s->hi[s->sp + w] = 0;
        s->tag[s->sp + w] = (Tag){ NULL, 0, TAG_INT };
    }
    s->sp += n;
}

void absstate_push_pair(AbsState *s, AbsPair p, TagKind kind)
{
    absstate_reserve(s, 1);
    s->lo[s->sp] = p.lo;
    s->hi[s->sp] = p.hi;
    s->tag[s->sp++] = (Tag){ NULL, 0, kind };
}

AbsPair absstate_pop_pair(AbsState *s)
{
    s->sp--;
    return (AbsPair){ s->lo[s->sp], s->hi[s->sp] };
}

AbsPair absstate_top_pair(const AbsState *s) { return (AbsPair){ s->lo[s->sp - 1], s->hi[s->sp - 1] }; }

static bool same_tag(Tag a, Tag b) { return a.kind == b.kind && a.leaf == b.leaf && a.part == b.part; }

/* Joins the element of the leaf at word w of both states; 0 when its words are not tagged
 * alike in both, else its number of words. */
static size_t join_leaf(AbsState *into, const AbsState *from, size_t w)
{
    const Lattice *L = into->tag[w].leaf;
    size_t W = L->nwords;
    for (size_t k = 1; k < W; k++)
        if (w + k >= into->sp || !same_tag(into->tag[w + k], from->tag[w + k]) || into->tag[w + k].part != k)
            return 0;
    L->ops->meet(L, into->lo + w, into->lo + w, from->lo + w);
    L->ops->join(L, into->hi + w, into->hi + w, from->hi + w);
    return W;
}

/* into := the join of into and from (two states at one merge point).  Words the paths
 * typed differently: a local (below `locals`) stored on one path only is dead after the
 * merge, so it is poisoned (reading it gives up); on the operand stack it gives up. */
/* Two handles as one: the same, or joined by the hook; else a word that is no point. */
static void join_handle(AbsState *into, const AbsState *from, size_t w, const AbsHandleJoin *handles)
{
    Word a = into->lo[w], b = from->lo[w];
    if (a == into->hi[w] && b == from->hi[w] && (a == b || handles->join(handles->ctx, a, b, &into->lo[w]))) {
        into->hi[w] = into->lo[w];
        return;
    }
    into->lo[w] = 0;
    into->hi[w] = (Word)INT64_MAX;
}

bool absstate_join(AbsState *into, const AbsState *from, size_t locals, const AbsHandleJoin *handles)
{
    if (into->sp != from->sp) return false;
    for (size_t w = 0; w < into->sp;) {
        Tag a = into->tag[w];
        if (!same_tag(a, from->tag[w]) || a.kind == TAG_POISON || from->tag[w].kind == TAG_POISON) {
            if (w >= locals) return false;
            into->tag[w++].kind = TAG_POISON;
            continue;
        }
        if (a.kind == TAG_INT) {
            int64_t l1 = word_to_int(into->lo[w]), l2 = word_to_int(from->lo[w]);
            int64_t h1 = word_to_int(into->hi[w]), h2 = word_to_int(from->hi[w]);
            into->lo[w] = word_from_int(l1 < l2 ? l1 : l2);
            into->hi[w] = word_from_int(h1 > h2 ? h1 : h2);
        } else if (a.kind == TAG_COLL) {
            join_handle(into, from, w, handles);
        } else if (a.kind == TAG_REAL) {
            into->lo[w] = word_from_double(fmin(word_to_double(into->lo[w]), word_to_double(from->lo[w])));
            into->hi[w] = word_from_double(fmax(word_to_double(into->hi[w]), word_to_double(from->hi[w])));
        } else if (a.kind == TAG_LAT && a.part == 0) {
            size_t n = join_leaf(into, from, w);
            if (n == 0 && w >= locals) return false;
            if (n == 0) into->tag[w].kind = TAG_POISON;
            w += n ? n : 1;
            continue;
        }
        w++;
    }
    return true;
}

void absstate_push_point(AbsState *st, const Lattice *L, bool top)
{
    absstate_reserve(st, L->nwords);
    if (top) L->ops->top(L, st->lo + st->sp);
    else L->ops->bot(L, st->lo + st->sp);
    memcpy(st->hi + st->sp, st->lo + st->sp, L->nwords * sizeof(Word));
    absstate_tags_of(L, st->tag + st->sp);
    st->sp += L->nwords;
}

/* Keeps words [off, off + n) of the top element of W words. */
void absstate_keep_part(AbsState *st, size_t W, size_t off, size_t n)
{
    size_t base = st->sp - W;
    absstate_move(st, base, base + off, n);
    st->sp = base + n;
}

/* One place (a scalar, most loads and stores) without three calls of memmove. */
void absstate_move(AbsState *s, size_t to, size_t from, size_t n)
{
    if (n == 1) {
        s->lo[to] = s->lo[from];
        s->hi[to] = s->hi[from];
        s->tag[to] = s->tag[from];
        return;
    }
    memmove(s->lo + to, s->lo + from, n * sizeof(Word));
    memmove(s->hi + to, s->hi + from, n * sizeof(Word));
    memmove(s->tag + to, s->tag + from, n * sizeof(Tag));
}
