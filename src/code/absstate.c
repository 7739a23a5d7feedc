/* absstate.c: the interval evaluator's state: tags, stacks of (lo, hi) words, joins. */
#include "code/absstate.h"

#include <math.h>

#include "util/mem.h"

/* How the words of a kind are joined: by parts (product, map), as ints (range, chain), as
 * reals, or by the leaf's vtable (powerset, finite, dual). */
typedef enum { KIND_PARTS, KIND_INTS, KIND_REALS, KIND_LEAF } KindClass;

static KindClass kind_class(const Lattice *L)
{
    switch (lattice_kind(L)) {
    case LATTICE_PRODUCT: case LATTICE_MAP: return KIND_PARTS;
    case LATTICE_CHAIN: case LATTICE_RANGE: return KIND_INTS;
    case LATTICE_REAL: return KIND_REALS;
    default: return KIND_LEAF;
    }
}

/* The lattice through its accessors (lattice.h). */
size_t abslat_atoms(const Lattice *P) { return lattice_name_count(P); }
size_t abslat_part_offset(const Lattice *P, size_t i) { return lattice_part_offset(P, i); }
const Lattice *abslat_part(const Lattice *P, size_t i) { return lattice_part(P, i); }
size_t abslat_parts(const Lattice *P) { return lattice_nparts(P); }
void abslat_range(const Lattice *L, int64_t *lo, int64_t *hi) { lattice_int_bounds(L, lo, hi); }
void abslat_real(const Lattice *L, double *lo, double *hi) { lattice_real_bounds(L, lo, hi); }

/* The tag of every word of an element of L: products and maps are their parts; every other
 * kind (a dual too) is a leaf whose vtable handles its words. */
void absstate_tags_of(const Lattice *L, Tag *out)
{
    KindClass k = kind_class(L);
    if (k == KIND_PARTS) {
        for (size_t i = 0; i < abslat_parts(L); i++) absstate_tags_of(abslat_part(L, i), out + abslat_part_offset(L, i));
        return;
    }
    /* ranges and chains are ordered as ints, reals as reals: joined like plain numbers */
    if (k == KIND_INTS || k == KIND_REALS) {
        out[0] = (Tag){ NULL, 0, k == KIND_INTS ? TAG_INT : TAG_REAL };
        return;
    }
    for (size_t w = 0; w < L->nwords; w++) out[w] = (Tag){ L, (uint32_t)w, TAG_LAT };
}

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

void absstate_copy(AbsState *dst, const AbsState *src)
{
    memset(dst, 0, sizeof *dst);
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
bool absstate_join(AbsState *into, const AbsState *from, size_t locals)
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
    memmove(st->lo + base, st->lo + base + off, n * sizeof(Word));
    memmove(st->hi + base, st->hi + base + off, n * sizeof(Word));
    memmove(st->tag + base, st->tag + base + off, n * sizeof(Tag));
    st->sp = base + n;
}
