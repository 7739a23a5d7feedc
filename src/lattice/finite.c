/* finite.c: a user lattice given by its Hasse covers; checked to be a lattice, with the order,
 * join and meet precomputed as tables.  An element is its index in declaration order. */
#include "lattice/lattice.h"
#include "util/bitset.h"
#include "util/json.h"
#include "util/mem.h"

#include <math.h>

/* A finite lattice's own data: its elements, and its order, join and meet as tables. */
typedef struct {
    Lattice lattice;
    size_t n;
    char **names;
    uint8_t *leq;              /* n*n: leq[i*n+j] = i <= j */
    uint16_t *join_tab;        /* n*n */
    uint16_t *meet_tab;        /* n*n */
    uint16_t bot, top;
} Finite;

static const Finite *fin(const Lattice *L) { return (const Finite *)L; }
static size_t nelems(const Lattice *L) { return fin(L)->n; }
static size_t at(const Word *a) { return (size_t)a[0]; }
static bool le(const Lattice *L, size_t i, size_t j) { return fin(L)->leq[i * nelems(L) + j]; }

static bool fin_leq(const Lattice *L, const Word *a, const Word *b) { return le(L, at(a), at(b)); }
static bool fin_eq(const Lattice *L, const Word *a, const Word *b) { return a[0] == b[0]; }
static uint64_t fin_hash(const Lattice *L, const Word *a) { return lattice_hash_word(a[0]); }

static void fin_join(const Lattice *L, Word *out, const Word *a, const Word *b)
{
    out[0] = fin(L)->join_tab[at(a) * nelems(L) + at(b)];
}

static void fin_meet(const Lattice *L, Word *out, const Word *a, const Word *b)
{
    out[0] = fin(L)->meet_tab[at(a) * nelems(L) + at(b)];
}

static void fin_bot(const Lattice *L, Word *out) { out[0] = fin(L)->bot; }
static void fin_top(const Lattice *L, Word *out) { out[0] = fin(L)->top; }

static bool inside(const Lattice *L, size_t x, size_t lo, size_t hi) { return le(L, lo, x) && le(L, x, hi); }

/* The elements of [lo, hi] in index order; returns how many (out holds nelems(L)). */
static size_t members(const Lattice *L, size_t lo, size_t hi, size_t *out)
{
    size_t m = 0;
    for (size_t x = 0; x < nelems(L); x++)
        if (inside(L, x, lo, hi)) out[m++] = x;
    return m;
}

static size_t interval_count(const Lattice *L, size_t lo, size_t hi)
{
    size_t m = 0;
    for (size_t x = 0; x < nelems(L); x++) m += inside(L, x, lo, hi);
    return m;
}

static double fin_log2_size(const Lattice *L, const Word *lo, const Word *hi)
{
    return log2((double)interval_count(L, at(lo), at(hi)));
}

/* Sorts the m members so that x < y puts x first: by the number of members below each. */
static void sort_linear_extension(const Lattice *L, size_t *mem, size_t m)
{
    size_t *below = mem_calloc(m, sizeof(size_t));
    for (size_t a = 0; a < m; a++)
        for (size_t b = 0; b < m; b++) below[a] += le(L, mem[b], mem[a]);
    for (size_t a = 1; a < m; a++) {          /* insertion sort on below[] */
        size_t x = mem[a], k = below[a], b = a;
        for (; b > 0 && below[b - 1] > k; b--) { mem[b] = mem[b - 1]; below[b] = below[b - 1]; }
        mem[b] = x;
        below[b] = k;
    }
    mem_free(below);
}

/* The longest chain from lo to hi, by dynamic programming over a linear extension. */
static double fin_height(const Lattice *L, const Word *lo, const Word *hi)
{
    size_t *mem = mem_calloc(nelems(L), sizeof(size_t));
    size_t m = members(L, at(lo), at(hi), mem);
    size_t *len = mem_calloc(m, sizeof(size_t));
    sort_linear_extension(L, mem, m);
    for (size_t a = 0; a < m; a++)
        for (size_t b = 0; b < a; b++)
            if (mem[b] != mem[a] && le(L, mem[b], mem[a]) && len[b] + 1 > len[a]) len[a] = len[b] + 1;
    double h = m ? (double)len[m - 1] : 0;   /* the last one is hi */
    mem_free(len);
    mem_free(mem);
    return h;
}

static bool fin_is_point(const Lattice *L, const Word *lo, const Word *hi) { return lo[0] == hi[0]; }

/* The union is an interval exactly when it fills the hull [lo1 meet lo2, hi1 join hi2]. */
static bool fin_union_is_interval(const Lattice *L, const Word *lo1, const Word *hi1,
                                  const Word *lo2, const Word *hi2)
{
    Word hlo, hhi;
    fin_meet(L, &hlo, lo1, lo2);
    fin_join(L, &hhi, hi1, hi2);
    size_t hull = 0, n1 = 0, n2 = 0, both = 0;
    for (size_t x = 0; x < nelems(L); x++) {
        bool in1 = inside(L, x, at(lo1), at(hi1)), in2 = inside(L, x, at(lo2), at(hi2));
        hull += inside(L, x, at(&hlo), at(&hhi));
        n1 += in1;
        n2 += in2;
        both += in1 && in2;
    }
    return hull == n1 + n2 - both;
}

/* Candidate split at u: [lo, u] u [l, hi] with l the meet of the members not below u. */
typedef struct { size_t u, l, size1, size2; } FinSplit;

static FinSplit split_at(const Lattice *L, const size_t *mem, size_t m, size_t u, size_t hi)
{
    FinSplit s = { u, hi, 0, 0 };
    for (size_t a = 0; a < m; a++) {
        if (le(L, mem[a], u)) s.size1++;
        else s.l = fin(L)->meet_tab[s.l * nelems(L) + mem[a]];
    }
    for (size_t a = 0; a < m; a++) s.size2 += le(L, s.l, mem[a]);
    return s;
}

static bool better_split(FinSplit a, FinSplit b)
{
    size_t amax = a.size1 > a.size2 ? a.size1 : a.size2, bmax = b.size1 > b.size2 ? b.size1 : b.size2;
    if (amax != bmax) return amax < bmax;
    return a.size1 + a.size2 < b.size1 + b.size2;
}

/* The most balanced split [lo, u] u [l, hi]; false when every candidate has l = lo. */
static bool fin_decompose(const Lattice *L, const Word *lo, const Word *hi, const SplitCtx *how,
                          Word *lo1, Word *hi1, Word *lo2, Word *hi2)
{
    size_t *mem = mem_calloc(nelems(L), sizeof(size_t));
    size_t m = members(L, at(lo), at(hi), mem);
    bool found = false;
    FinSplit best = { 0, 0, 0, 0 };
    for (size_t a = 0; a < m; a++) {
        if (mem[a] == at(hi)) continue;
        FinSplit s = split_at(L, mem, m, mem[a], at(hi));
        if (s.l == at(lo)) continue;
        if (!found || better_split(s, best)) best = s;
        found = true;
    }
    mem_free(mem);
    if (!found) return false;
    Word l = lo[0], h = hi[0];
    lo1[0] = l;
    hi1[0] = best.u;
    lo2[0] = best.l;
    hi2[0] = h;
    return true;
}

/* Order of enumeration: lo first, then the other members by index. */
static bool fin_next(const Lattice *L, const Word *lo, const Word *hi, Word *cur)
{
    size_t start = at(cur) == at(lo) ? 0 : at(cur) + 1;
    for (size_t x = start; x < nelems(L); x++) {
        if (x == at(lo) || !inside(L, x, at(lo), at(hi))) continue;
        cur[0] = x;
        return true;
    }
    return false;
}

static void fin_print(const Lattice *L, const Word *a, Buf *out) { buf_puts(out, fin(L)->names[at(a)]); }
static void fin_json(const Lattice *L, const Word *a, Buf *out) { json_put_string(out, fin(L)->names[at(a)]); }
static void fin_random(const Lattice *L, Rng *rng, Word *out) { out[0] = rng_below(rng, nelems(L)); }

static void fin_destroy(Lattice *L)
{
    Finite *F = (Finite *)L;
    lattice_names_free(F->names, F->n);
    mem_free(F->leq);
    mem_free(F->join_tab);
    mem_free(F->meet_tab);
}

static const char *const *fin_names(const Lattice *L, size_t *n)
{
    *n = nelems(L);
    return (const char *const *)fin(L)->names;
}

/* The same elements, named alike, in the same order. */
static bool fin_same(const Lattice *L, const Lattice *b)
{
    size_t n = nelems(L);
    return lattice_same_names(L, b) && memcmp(fin(L)->leq, fin(b)->leq, n * n) == 0;
}

/* Is j a cover of i: i < j with no element strictly between? */
static bool covers(const Lattice *L, size_t i, size_t j)
{
    if (i == j || !le(L, i, j)) return false;
    for (size_t k = 0; k < nelems(L); k++)
        if (k != i && k != j && le(L, i, k) && le(L, k, j)) return false;
    return true;
}

/* *pos is the next element to try. */
static bool fin_next_cover(const Lattice *L, const Word *x, uint64_t *pos, Word *out)
{
    for (size_t j = (size_t)*pos; j < nelems(L); j++) {
        if (!covers(L, at(x), j)) continue;
        out[0] = j;
        *pos = j + 1;
        return true;
    }
    *pos = nelems(L);
    return false;
}

static const LatticeOps finite_ops = {
    .kind = LATTICE_FINITE, LATTICE_OPS_CORE(fin), .print = fin_print, .json = fin_json,
    .describe = lattice_describe_by_names, .same = fin_same, .names = fin_names,
    .next_cover = fin_next_cover,
};

/* ---- construction: checking that the covers make a lattice ---- */

/* Working state of the constructor.  Bitsets are indexed by rank (position in a topological
 * order of the covers), so that the first set bit is a minimal element.  order and rank are
 * one block, and so are up and down. */
typedef struct {
    size_t n, nw;
    const char *const *names;
    size_t *succ_start, *succ;     /* covers a < b as adjacency lists (CSR) */
    size_t *order, *rank;          /* order[r] = element of rank r; rank[order[r]] = r */
    Word *up, *down;               /* up[i]: ranks of elements >= i; down[i]: <= i */
} Builder;

static Word *row(Word *bits, const Builder *b, size_t i) { return bits + i * b->nw; }
static size_t first_bit(const Word *r, size_t nw) { return bitset_next(r, nw, 0); }

static size_t last_bit(const Word *r, size_t nw)
{
    for (size_t w = nw; w-- > 0;)
        if (r[w]) return w * 64 + 63 - (size_t)__builtin_clzll(r[w]);
    return SIZE_MAX;
}

static bool builder_check_names(const Builder *b, const size_t (*covers)[2], size_t ncovers, Buf *err)
{
    if (b->n == 0) { buf_puts(err, "a finite lattice needs at least one element (no bottom)"); return false; }
    if (b->n > LATTICE_FINITE_MAX) {
        buf_printf(err, "too many elements (%zu; at most %d)", b->n, LATTICE_FINITE_MAX);
        return false;
    }
    for (size_t i = 0; i < b->n; i++)
        for (size_t j = 0; j < i; j++)
            if (strcmp(b->names[i], b->names[j]) == 0) {
                buf_printf(err, "element %s is declared twice", b->names[i]);
                return false;
            }
    for (size_t c = 0; c < ncovers; c++)
        if (covers[c][0] >= b->n || covers[c][1] >= b->n) {
            buf_printf(err, "cover %zu refers to no element", c + 1);
            return false;
        }
    return true;
}

static void builder_adjacency(Builder *b, const size_t (*covers)[2], size_t ncovers)
{
    b->succ_start = mem_calloc(b->n + 1, sizeof(size_t));
    b->succ = mem_calloc(ncovers, sizeof(size_t));
    for (size_t c = 0; c < ncovers; c++) b->succ_start[covers[c][0] + 1]++;
    for (size_t i = 0; i < b->n; i++) b->succ_start[i + 1] += b->succ_start[i];
    size_t *fill = mem_calloc(b->n, sizeof(size_t));
    for (size_t c = 0; c < ncovers; c++) {
        size_t a = covers[c][0];
        b->succ[b->succ_start[a] + fill[a]++] = covers[c][1];
    }
    mem_free(fill);
}

/* An element on a cycle among those Kahn's algorithm could not order (indeg > 0): walking
 * backwards from any of them along remaining covers n times lands on a cycle. */
static size_t element_on_cycle(const Builder *b, const size_t (*covers)[2], size_t ncovers,
                               const size_t *indeg)
{
    size_t x = 0;
    while (indeg[x] == 0) x++;
    for (size_t step = 0; step < b->n; step++)
        for (size_t c = 0; c < ncovers; c++)
            if (covers[c][1] == x && indeg[covers[c][0]] > 0) { x = covers[c][0]; break; }
    return x;
}

/* Kahn's algorithm; false (with the message) when the covers have a cycle. */
static bool builder_topo_order(Builder *b, const size_t (*covers)[2], size_t ncovers, Buf *err)
{
    size_t *indeg = mem_calloc(b->n, sizeof(size_t));
    for (size_t c = 0; c < ncovers; c++) indeg[covers[c][1]]++;
    b->order = mem_calloc(2 * b->n, sizeof(size_t));
    b->rank = b->order + b->n;
    size_t head = 0, tail = 0;
    for (size_t i = 0; i < b->n; i++)
        if (indeg[i] == 0) b->order[tail++] = i;
    while (head < tail) {
        size_t a = b->order[head++];
        for (size_t k = b->succ_start[a]; k < b->succ_start[a + 1]; k++)
            if (--indeg[b->succ[k]] == 0) b->order[tail++] = b->succ[k];
    }
    bool ok = tail == b->n;
    if (!ok) buf_printf(err, "the covers have a cycle through %s", b->names[element_on_cycle(b, covers, ncovers, indeg)]);
    for (size_t r = 0; ok && r < b->n; r++) b->rank[b->order[r]] = r;
    mem_free(indeg);
    return ok;
}

/* Reflexive-transitive closure, as up-sets and down-sets over ranks. */
static void builder_closure(Builder *b)
{
    b->up = mem_calloc(2 * b->n * b->nw, sizeof(Word));
    b->down = b->up + b->n * b->nw;
    for (size_t r = b->n; r-- > 0;) {
        size_t a = b->order[r];
        Word *ua = row(b->up, b, a);
        bitset_add(ua, r);
        for (size_t k = b->succ_start[a]; k < b->succ_start[a + 1]; k++) {
            const Word *us = row(b->up, b, b->succ[k]);
            for (size_t w = 0; w < b->nw; w++) ua[w] |= us[w];
        }
    }
    for (size_t i = 0; i < b->n; i++)
        for (size_t r = 0; r < b->n; r++)
            if (bitset_has(row(b->up, b, i), r)) bitset_add(row(b->down, b, b->order[r]), b->rank[i]);
}

static bool covers_all(const Builder *b, const Word *r)
{
    for (size_t k = 0; k < b->n; k++)
        if (!bitset_has(r, k)) return false;
    return true;
}

/* True when the rank set r is exactly {k}. */
static bool only_bit(const Word *r, size_t nw, size_t k) { return first_bit(r, nw) == k && last_bit(r, nw) == k; }

/* A minimal element (down-set is itself) other than x; x when there is none. */
static size_t other_extreme(const Builder *b, size_t x, bool minimal)
{
    for (size_t i = 0; i < b->n; i++)
        if (i != x && only_bit(row(minimal ? b->down : b->up, b, i), b->nw, b->rank[i])) return i;
    return x;
}

/* Bottom is the first element in rank order, top the last; both must compare to all. */
static bool builder_bounds(const Builder *b, uint16_t *bot, uint16_t *top, Buf *err)
{
    size_t lo = b->order[0], hi = b->order[b->n - 1];
    if (!covers_all(b, row(b->up, b, lo))) {
        buf_printf(err, "no bottom element (%s and %s are both minimal)",
                   b->names[lo], b->names[other_extreme(b, lo, true)]);
        return false;
    }
    if (!covers_all(b, row(b->down, b, hi))) {
        buf_printf(err, "no top element (%s and %s are both maximal)",
                   b->names[other_extreme(b, hi, false)], b->names[hi]);
        return false;
    }
    *bot = (uint16_t)lo;
    *top = (uint16_t)hi;
    return true;
}

/* The least element of the rank set r (first_bit), or the greatest (last_bit); when it is not
 * comparable to all of r, *other gets a second minimal (maximal) one.  rest is scratch. */
static bool extreme_of(const Builder *b, const Word *r, bool least, size_t *best, size_t *other,
                       Word *rest)
{
    size_t k = least ? first_bit(r, b->nw) : last_bit(r, b->nw);
    *best = b->order[k];
    const Word *cone = row(least ? b->up : b->down, b, *best);
    bool any = false;
    for (size_t w = 0; w < b->nw; w++) { rest[w] = r[w] & ~cone[w]; any = any || rest[w]; }
    if (any) *other = b->order[least ? first_bit(rest, b->nw) : last_bit(rest, b->nw)];
    return !any;
}

/* Fills one table (join or meet) for all pairs; false with the message naming a pair. */
static bool builder_table(const Builder *b, bool is_join, uint16_t *tab, Buf *err)
{
    Word *common = mem_calloc(2 * b->nw, sizeof(Word)), *rest = common + b->nw;
    Word *bits = is_join ? b->up : b->down;
    bool ok = true;
    for (size_t i = 0; ok && i < b->n; i++) {
        for (size_t j = i; ok && j < b->n; j++) {
            for (size_t w = 0; w < b->nw; w++) common[w] = row(bits, b, i)[w] & row(bits, b, j)[w];
            size_t best, other = 0;
            ok = extreme_of(b, common, is_join, &best, &other, rest);
            if (!ok) {
                buf_printf(err, "elements %s and %s have no %s (%s bounds %s and %s are incomparable)",
                           b->names[i], b->names[j], is_join ? "join" : "meet",
                           is_join ? "upper" : "lower", b->names[best], b->names[other]);
                break;
            }
            tab[i * b->n + j] = tab[j * b->n + i] = (uint16_t)best;
        }
    }
    mem_free(common);
    return ok;
}

static void builder_free(Builder *b)
{
    mem_free(b->succ_start);
    mem_free(b->succ);
    mem_free(b->order);          /* and rank */
    mem_free(b->up);             /* and down */
}

static Finite *finite_alloc(const Builder *b)
{
    Finite *F = (Finite *)lattice_alloc(sizeof *F, &finite_ops);
    F->lattice.nwords = 1;
    F->lattice.finite = true;
    F->lattice.log2_card = log2((double)b->n);
    F->n = b->n;
    F->names = lattice_names_copy(b->names, b->n);
    F->leq = mem_calloc(b->n * b->n, 1);
    for (size_t i = 0; i < b->n; i++)
        for (size_t j = 0; j < b->n; j++)
            F->leq[i * b->n + j] = bitset_has(row(b->up, b, i), b->rank[j]);
    F->join_tab = mem_calloc(b->n * b->n, sizeof(uint16_t));
    F->meet_tab = mem_calloc(b->n * b->n, sizeof(uint16_t));
    return F;
}

Lattice *lattice_finite_new(const char *const *names, size_t n,
                            const size_t (*covers)[2], size_t ncovers, Buf *err)
{
    Builder b = { .n = n, .nw = bitset_words(n), .names = names };
    if (!builder_check_names(&b, covers, ncovers, err)) return NULL;
    builder_adjacency(&b, covers, ncovers);
    Finite *F = NULL;
    uint16_t bot, top;
    if (builder_topo_order(&b, covers, ncovers, err)) {
        builder_closure(&b);
        if (builder_bounds(&b, &bot, &top, err)) {
            F = finite_alloc(&b);
            F->bot = bot;
            F->top = top;
            if (!builder_table(&b, true, F->join_tab, err) || !builder_table(&b, false, F->meet_tab, err)) {
                lattice_free(&F->lattice);
                F = NULL;
            }
        }
    }
    builder_free(&b);
    return F ? &F->lattice : NULL;
}
