/* absinstr.c: the interval evaluator's instructions on values (see absinstr.h). */
#include "code/absinstr.h"

#include "code/absops.h"
#include "util/bitset.h"
#include "util/mem.h"

Word *absinstr_scratch(AbsScratch *s, size_t n)
{
    if (n > s->cap) {
        s->w = mem_realloc(s->w, n * sizeof(Word));
        s->cap = n;
    }
    return s->w;
}

void absinstr_scratch_free(AbsScratch *s)
{
    mem_free(s->w);
    s->w = NULL;
    s->cap = 0;
}

void absinstr_binary(AbsState *st, Opcode op, const Lattice *L)
{
    size_t W = L->nwords;
    Word *xl = st->lo + st->sp - 2 * W, *xh = st->hi + st->sp - 2 * W;
    const Word *yl = st->lo + st->sp - W, *yh = st->hi + st->sp - W;
    if (op == IR_JOIN) {
        L->ops->join(L, xl, xl, yl);
        L->ops->join(L, xh, xh, yh);
    } else if (op == IR_MEET) {
        L->ops->meet(L, xl, xl, yl);
        L->ops->meet(L, xh, xh, yh);
    } else {                                 /* x minus y is antitone in y */
        for (size_t w = 0; w < W; w++) {
            xl[w] &= ~yh[w];
            xh[w] &= ~yl[w];
        }
    }
    st->sp -= W;
}

/* The ends in L of the kept interval at word `at` of the state, into ends (2 W words). */
Word *absinstr_ends(const AbsState *st, const Lattice *L, size_t at, Word *ends)
{
    size_t W = L->nwords;
    memcpy(ends, st->lo + at, W * sizeof(Word));
    memcpy(ends + W, st->hi + at, W * sizeof(Word));
    abslat_orient(L, ends, ends + W);
    return ends;
}

/* x op y in L's own order: the kept words turned into L's ends first. */
void absinstr_compare(AbsState *st, Opcode op, const Lattice *L, AbsScratch *s)
{
    size_t W = L->nwords, at = st->sp - 2 * W;
    Word *t = absinstr_scratch(s, 6 * W), *a = absinstr_ends(st, L, at, t), *b = absinstr_ends(st, L, at + W, t + 2 * W);
    AbsPair r = absop_lattice_compare(op, L, a, a + W, b, b + W, t + 4 * W);
    st->sp = at;
    absstate_push_pair(st, r, TAG_INT);
}

/* The atoms a .. b of an atom interval clipped to [0, n); false when none is left. */
static bool atom_span(AbsPair a, size_t n, size_t *first, size_t *last)
{
    int64_t l = word_to_int(a.lo), h = word_to_int(a.hi);
    if (l < 0) l = 0;
    if (h >= (int64_t)n) h = (int64_t)n - 1;
    if (l > h) return false;
    *first = (size_t)l;
    *last = (size_t)h;
    return true;
}

AbsInstrEnd absinstr_set_add(AbsState *st, const Lattice *P)
{
    AbsPair a = absstate_pop_pair(st);
    size_t W = P->nwords, first, last;
    Word *lo = st->lo + st->sp - W, *hi = st->hi + st->sp - W;
    if (!atom_span(a, abslat_atoms(P), &first, &last)) return ABSI_GIVE_UP;     /* an atom outside its set */
    if (a.lo == a.hi) bitset_add(lo, first);
    for (size_t i = first; i <= last; i++) bitset_add(hi, i);
    return ABSI_OK;
}

/* a in S: surely when every candidate atom is in S's lower end, surely not when none is in
 * its upper end. */
void absinstr_set_in(AbsState *st, const Lattice *P)
{
    size_t W = P->nwords, n = abslat_atoms(P), first, last;
    const Word *lo = st->lo + st->sp - W, *hi = st->hi + st->sp - W;
    AbsPair a = { st->lo[st->sp - W - 1], st->hi[st->sp - W - 1] };
    bool any = false, all = atom_span(a, n, &first, &last);
    if (all) {
        all = word_to_int(a.lo) >= 0 && word_to_int(a.hi) < (int64_t)n;
        for (size_t i = first; i <= last; i++) {
            if (bitset_has(hi, i)) any = true;
            if (!bitset_has(lo, i)) all = false;
        }
    }
    st->sp -= W + 1;
    absstate_push_pair(st, (AbsPair){ all ? 1 : 0, any ? 1 : 0 }, TAG_INT);
}

void absinstr_set_count(AbsState *st, const Lattice *P)
{
    size_t W = P->nwords;
    size_t l = bitset_count(st->lo + st->sp - W, W), h = bitset_count(st->hi + st->sp - W, W);
    st->sp -= W;
    absstate_push_pair(st, (AbsPair){ l, h }, TAG_INT);
}

/* A number converted into a range or real lattice: the concrete VM fails outside it (beyond
 * a slack for reals, then clamps), so the interval is clipped to the lattice. */
AbsInstrEnd absinstr_check_bounds(AbsState *st, Opcode op, const Lattice *L, bool total)
{
    size_t t = st->sp - 1;
    if (op == IR_CHECK_RANGE) {
        int64_t lo, hi, a = word_to_int(st->lo[t]), b = word_to_int(st->hi[t]);
        abslat_range(L, &lo, &hi);
        if (b < lo || a > hi || (total && (a < lo || b > hi))) return ABSI_DEAD;
        st->lo[t] = word_from_int(a < lo ? lo : a);
        st->hi[t] = word_from_int(b > hi ? hi : b);
    } else {
        double lo, hi, a = word_to_double(st->lo[t]), b = word_to_double(st->hi[t]);
        abslat_real(L, &lo, &hi);
        bool out = total ? a < lo - 1e-12 || b > hi + 1e-12 : b < lo - 1e-12 || a > hi + 1e-12;
        if (out) return ABSI_DEAD;
        st->lo[t] = word_from_double(a < lo ? lo : a > hi ? hi : a);
        st->hi[t] = word_from_double(b > hi ? hi : b < lo ? lo : b);
    }
    absstate_tags_of(L, st->tag + t);
    return ABSI_OK;
}

/* m[a] for an atom interval a: the value at a key, or the hull of the values at its keys. */
AbsInstrEnd absinstr_map_index(AbsState *st, const Lattice *M, bool total)
{
    AbsPair a = absstate_pop_pair(st);
    const Lattice *V = abslat_part(M, 0);
    size_t vw = V->nwords, n = abslat_parts(M), W = M->nwords, first, last;
    if (!atom_span(a, n, &first, &last)) return ABSI_DEAD;            /* surely no key */
    if (total && word_to_int(a.hi) >= (int64_t)n) return ABSI_DEAD;
    Word *lo = st->lo + st->sp - W, *hi = st->hi + st->sp - W;
    for (size_t k = first + 1; k <= last; k++)
        abslat_hull(V, lo + first * vw, hi + first * vw, lo + k * vw, hi + k * vw);
    absstate_keep_part(st, W, first * vw, vw);
    return ABSI_OK;
}


/* == and != of one-word elements of a leaf lattice (tagged so on either side): by its own
 * three-valued equality, since the words' order as ints need not be the lattice's (a finite
 * lattice numbers its elements as they are declared).  False when the words are plain ints. */
bool absinstr_word_equality(AbsState *st, Opcode op, AbsScratch *s)
{
    Tag ta = st->tag[st->sp - 2], tb = st->tag[st->sp - 1];
    const Lattice *L = ta.kind == TAG_LAT ? ta.leaf : tb.kind == TAG_LAT ? tb.leaf : NULL;
    if (!L || L->nwords != 1) return false;
    AbsPair b = absstate_pop_pair(st), a = absstate_pop_pair(st);
    AbsPair r = absop_lattice_compare(op == IR_EQ_I ? IR_LAT_EQ : IR_LAT_NE, L, &a.lo, &a.hi, &b.lo, &b.hi,
                                      absinstr_scratch(s, 2));
    absstate_push_pair(st, r, TAG_INT);
    return true;
}

/* [l, h] of ints where `x op k` is `held`: LT LE GT GE EQ NE as 0..5 (opcodes.h's order). */
static void narrow_ints(int64_t *l, int64_t *h, int k_op, int64_t k, bool held)
{
    static const int negation[] = { 3, 2, 1, 0, 5, 4 };     /* not (x < k) is x >= k, ... */
    int op = held ? k_op : negation[k_op];
    int64_t lo = *l, hi = *h;
    switch (op) {
    case 0: if (k > INT64_MIN) hi = hi < k - 1 ? hi : k - 1; break;
    case 1: hi = hi < k ? hi : k; break;
    case 2: if (k < INT64_MAX) lo = lo > k + 1 ? lo : k + 1; break;
    case 3: lo = lo > k ? lo : k; break;
    case 4: if (lo <= k && k <= hi) lo = hi = k; break;
    default:
        if (lo == k && lo < hi) lo++;
        else if (hi == k && lo < hi) hi--;
        break;
    }
    if (lo <= hi) {
        *l = lo;
        *h = hi;
    }
}

void absinstr_narrow(AbsState *st, size_t slot, Opcode test, Word k, bool held)
{
    Tag t = st->tag[slot];
    int k_op = (int)(test - IR_LT_IK);
    if (t.kind == TAG_INT) {
        int64_t l = word_to_int(st->lo[slot]), h = word_to_int(st->hi[slot]);
        narrow_ints(&l, &h, k_op, word_to_int(k), held);
        st->lo[slot] = word_from_int(l);
        st->hi[slot] = word_from_int(h);
    } else if (t.kind == TAG_LAT && t.leaf->nwords == 1 && (k_op == 4) == held && k_op >= 4) {
        st->lo[slot] = st->hi[slot] = k;                    /* x == k held: x is k */
    }
}
