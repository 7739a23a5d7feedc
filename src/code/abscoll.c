/* abscoll.c: collections and the engine's results in the interval evaluator (see abscoll.h). */
#include "code/abscoll.h"

#include "code/types.h"
#include "util/mem.h"

/* One list of items: lo and hi words of each, W words an item, and whether it may be absent
 * (the collection is then one of the subsequences of the list that keep its sure items). */
typedef struct AbsList {
    const Lattice *L;           /* the items' lattice; NULL for one-word keys (IR_ATOM_ITEMS) */
    size_t W, n, cap;
    Word *lo, *hi;
    bool *maybe;
} AbsList;

/* A closed site's list, kept across evaluations as the VM keeps its collection. */
typedef struct KeptSite { const Chunk *ch; uint32_t site; size_t list; } KeptSite;

struct AbsColls {
    VEC(AbsList) run;           /* the lists of this evaluation */
    VEC(AbsList) kept;          /* the lists of closed sites */
    VEC(KeptSite) sites;
};

enum { MAX_LISTS = 0x7fffffff, UNIQUE_SCAN = 4096, JOIN_ITEMS = 1 << 16 };
#define KEPT_BIT ((Word)1 << 63)
static const AbsPair UNKNOWN_HANDLE = { 0, (Word)INT64_MAX };   /* no point: nothing reads it */

AbsColls *abscoll_new(void) { return mem_calloc(1, sizeof(AbsColls)); }

static void free_lists(AbsList *l, size_t n)
{
    for (size_t i = 0; i < n; i++) MEM_FREE_ALL(l[i].lo, l[i].hi, l[i].maybe);
}

void abscoll_reset(AbsColls *c)
{
    free_lists(c->run.items, c->run.count);
    c->run.count = 0;
}

void abscoll_free(AbsColls *c)
{
    if (!c) return;
    abscoll_reset(c);
    VEC_FREE(c->run);
    free_lists(c->kept.items, c->kept.count);
    VEC_FREE(c->kept);
    VEC_FREE(c->sites);
    mem_free(c);
}

bool abscoll_handles(Opcode op)
{
    switch (op) {
    case IR_COLL_NEW: case IR_COLL_ADD: case IR_COLL_NEXT: case IR_COLL_COUNT: case IR_COLL_HAS:
    case IR_COLL_EQ: case IR_COLL_CACHED: case IR_COLL_KEEP: case IR_APPROX: case IR_REFINE:
    case IR_BNB: case IR_STABLE:
        return true;
    default:
        return false;
    }
}

/* ---- handles: (kept, list, length) in one word ---- */

typedef struct Handle { AbsList *list; size_t n; bool kept; } Handle;

static Word handle_word(bool kept, size_t list, size_t n)
{
    return (kept ? KEPT_BIT : 0) | (Word)list << 32 | (Word)n;
}

/* The handle v; false when it names no list. */
static bool handle_of(AbsColls *c, Word v, Handle *h)
{
    h->kept = (v & KEPT_BIT) != 0;
    size_t list = (size_t)((v & ~KEPT_BIT) >> 32), n = (size_t)(v & 0xffffffffu);
    if (list >= (h->kept ? c->kept.count : c->run.count)) return false;
    h->list = h->kept ? &c->kept.items[list] : &c->run.items[list];
    h->n = n;
    return n <= h->list->n;
}

/* The handle at word w of st; false when it is no point or names no list. */
static bool handle_at(AbsColls *c, const AbsState *st, size_t w, Handle *h)
{
    return st->lo[w] == st->hi[w] && handle_of(c, st->lo[w], h);
}

static void push_word(AbsState *st, AbsPair p) { absstate_push_pair(st, p, TAG_INT); }
static void push_handle(AbsState *st, Word h) { absstate_push_pair(st, (AbsPair){ h, h }, TAG_COLL); }

/* The lattice operand l of ch, NULL for IR_ATOM_ITEMS; false when it names none. */
static bool item_lattice(const Chunk *ch, uint32_t l, const Lattice **L)
{
    *L = NULL;
    if (l == IR_ATOM_ITEMS) return true;
    if (l >= ch->tables->lats.count) return false;
    *L = ch->tables->lats.items[l];
    return true;
}

static size_t new_list(AbsColls *c, const Lattice *L)
{
    AbsList l = { L, L ? L->nwords : 1, 0, 0, NULL, NULL, NULL };
    VEC_PUSH(c->run, l);
    return c->run.count - 1;
}

static void list_append(AbsList *l, const Word *lo, const Word *hi, bool maybe)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        size_t words = l->cap * (l->W ? l->W : 1);
        l->lo = mem_realloc(l->lo, words * sizeof(Word));
        l->hi = mem_realloc(l->hi, words * sizeof(Word));
        l->maybe = mem_realloc(l->maybe, l->cap * sizeof(bool));
    }
    memcpy(l->lo + l->n * l->W, lo, l->W * sizeof(Word));
    memcpy(l->hi + l->n * l->W, hi, l->W * sizeof(Word));
    l->maybe[l->n++] = maybe;
}

/* Item i of `from` appended to list `to` of c (maybe: or may be absent). */
static void copy_item(AbsColls *c, size_t to, const AbsList *from, size_t i, bool maybe)
{
    list_append(&c->run.items[to], from->lo + i * from->W, from->hi + i * from->W, maybe || from->maybe[i]);
}

static bool item_point(const AbsList *l, size_t i) { return memcmp(l->lo + i * l->W, l->hi + i * l->W, l->W * sizeof(Word)) == 0; }

static bool words_point(const Word *lo, const Word *hi, size_t W) { return memcmp(lo, hi, W * sizeof(Word)) == 0; }

/* Item i of l equals the point x (both points: their words are elements). */
static bool item_equals(const AbsList *l, size_t i, const Word *x)
{
    const Word *y = l->lo + i * l->W;
    return l->L ? l->L->ops->eq(l->L, y, x) : y[0] == x[0];
}

/* ---- the instructions ---- */

static AbsCollEnd give_up(const char **why, const char *what)
{
    *why = what;
    return ABSCOLL_GIVE_UP;
}

/* The list of handle h as a list of this run that is exactly h's items and can grow: h's own
 * when h is its whole length, else a copy of them. */
static size_t growable(AbsColls *c, Handle h)
{
    if (!h.kept && h.n == h.list->n) return (size_t)(h.list - c->run.items);
    AbsList from = *h.list;             /* its words stay put when c->run grows */
    size_t list = new_list(c, from.L);
    for (size_t i = 0; i < h.n; i++) copy_item(c, list, &from, i, false);
    return list;
}

/* Is the point x surely an item of h (a sure point item equals it), and may it be one? */
static void point_among(Handle h, const Word *x, bool *surely, bool *maybe)
{
    *surely = *maybe = false;
    for (size_t i = 0; i < h.n && !*surely; i++) {
        bool eq = item_point(h.list, i) ? item_equals(h.list, i, x) : true;   /* an interval may hold x */
        if (eq && !h.list->maybe[i] && item_point(h.list, i)) *surely = true;
        if (eq) *maybe = true;
    }
}

/* [c e] -> [c']: e (W words) appended.  unique (the images of a comprehension): not when an
 * item surely equals it; as an item that may be absent when one may. */
static AbsCollEnd coll_add(AbsColls *c, AbsState *st, size_t W, bool unique, const char **why)
{
    Handle h;
    size_t at = st->sp - W;
    if (!handle_at(c, st, at - 1, &h)) return give_up(why, "a collection the paths built differently");
    const Word *lo = st->lo + at, *hi = st->hi + at;
    bool maybe = false;
    if (unique) {
        bool surely = false;
        if (h.n > UNIQUE_SCAN) maybe = h.n > 0;
        else if (words_point(lo, hi, W)) point_among(h, lo, &surely, &maybe);
        else maybe = h.n > 0;
        if (surely) {
            st->sp = at;
            return ABSCOLL_NEXT;
        }
    }
    if (c->run.count >= MAX_LISTS || h.n >= 0xffffffffu) return give_up(why, "too many collections");
    size_t list = growable(c, h);
    AbsList *l = &c->run.items[list];
    list_append(l, lo, hi, maybe);
    st->sp = at;
    st->lo[at - 1] = st->hi[at - 1] = handle_word(false, list, l->n);
    return ABSCOLL_NEXT;
}

/* v := the item at the index in slot s + 1 of the collection at slot s, index += 1; none
 * left: jump.  An item that may be absent: MAYBE (the caller also skips it). */
static AbsCollEnd coll_next(AbsColls *c, AbsState *st, size_t s, size_t v, const char **why)
{
    Handle h;
    if (!handle_at(c, st, s, &h) || st->lo[s + 1] != st->hi[s + 1]) return give_up(why, "a collection the paths built differently");
    int64_t i = word_to_int(st->lo[s + 1]);
    if (i < 0 || (size_t)i >= h.n) return ABSCOLL_JUMP;
    const AbsList *l = h.list;
    memcpy(st->lo + v, l->lo + (size_t)i * l->W, l->W * sizeof(Word));
    memcpy(st->hi + v, l->hi + (size_t)i * l->W, l->W * sizeof(Word));
    if (l->L) absstate_tags_of(l->L, st->tag + v);
    else st->tag[v] = (Tag){ NULL, 0, TAG_INT };
    st->lo[s + 1] = st->hi[s + 1] = word_from_int(i + 1);
    return l->maybe[i] ? ABSCOLL_MAYBE : ABSCOLL_NEXT;
}

/* [c] -> [i]: between the sure items and all of them. */
static AbsCollEnd coll_count(AbsColls *c, AbsState *st, const char **why)
{
    Handle h;
    if (!handle_at(c, st, st->sp - 1, &h)) return give_up(why, "a collection the paths built differently");
    size_t sure = 0;
    for (size_t i = 0; i < h.n; i++) sure += !h.list->maybe[i];
    st->sp--;
    push_word(st, (AbsPair){ word_from_int((int64_t)sure), word_from_int((int64_t)h.n) });
    return ABSCOLL_NEXT;
}

/* [e c] -> [b]: true when e is a point a sure point item equals; false when no item may
 * equal it (for keys: none lies in e's interval). */
static AbsCollEnd coll_has(AbsColls *c, AbsState *st, size_t W, const char **why)
{
    Handle h;
    size_t at = st->sp - 1 - W;
    if (!handle_at(c, st, st->sp - 1, &h)) return give_up(why, "a collection the paths built differently");
    const Word *lo = st->lo + at, *hi = st->hi + at;
    bool found = false, maybe = false;
    if (!h.list->L) {                   /* keys: ints */
        int64_t a = word_to_int(lo[0]), b = word_to_int(hi[0]);
        for (size_t i = 0; i < h.n; i++) {
            int64_t k = word_to_int(h.list->lo[i]);
            found |= a == b && k == a && !h.list->maybe[i];
            maybe |= a <= k && k <= b;
        }
    } else if (words_point(lo, hi, W)) {
        point_among(h, lo, &found, &maybe);
    } else {
        maybe = h.n > 0;
    }
    st->sp = at;
    push_word(st, found ? (AbsPair){ 1, 1 } : maybe ? (AbsPair){ 0, 1 } : (AbsPair){ 0, 0 });
    return ABSCOLL_NEXT;
}

/* Are all of h's items sure points? */
static bool sure_points(Handle h)
{
    for (size_t i = 0; i < h.n; i++)
        if (h.list->maybe[i] || !item_point(h.list, i)) return false;
    return true;
}

static size_t sure_count(Handle h)
{
    size_t n = 0;
    for (size_t i = 0; i < h.n; i++) n += !h.list->maybe[i];
    return n;
}

/* [c c] -> [b]: the same items, decided when both hold sure points only; else false when
 * one surely holds more items than the other may (a collection never holds an item twice). */
static AbsCollEnd coll_eq(AbsColls *c, AbsState *st, const char **why)
{
    Handle a, b;
    if (!handle_at(c, st, st->sp - 2, &a) || !handle_at(c, st, st->sp - 1, &b))
        return give_up(why, "a collection the paths built differently");
    AbsPair r = { 0, 1 };
    if (sure_count(a) > b.n || sure_count(b) > a.n) {
        r = (AbsPair){ 0, 0 };
    } else if (sure_points(a) && sure_points(b)) {
        bool same = a.n == b.n;
        for (size_t i = 0; i < a.n && same; i++) {
            bool in = false;
            for (size_t j = 0; j < b.n && !in; j++) in = item_equals(b.list, j, a.list->lo + i * a.list->W);
            same = in;
        }
        r = same ? (AbsPair){ 1, 1 } : (AbsPair){ 0, 0 };
    }
    st->sp -= 2;
    push_word(st, r);
    return ABSCOLL_NEXT;
}

/* COLL_KEEP: the list of a closed site (built alike on every path: sure points only) is kept. */
static void coll_keep(AbsColls *c, const Chunk *ch, uint32_t site, const AbsState *st)
{
    Handle h;
    if (!handle_at(c, st, st->sp - 1, &h) || h.kept || !sure_points(h)) return;
    AbsList copy = { h.list->L, h.list->W, 0, 0, NULL, NULL, NULL };
    for (size_t i = 0; i < h.n; i++) list_append(&copy, h.list->lo + i * copy.W, h.list->hi + i * copy.W, false);
    VEC_PUSH(c->kept, copy);
    KeptSite k = { ch, site, c->kept.count - 1 };
    VEC_PUSH(c->sites, k);
}

static bool kept_site(const AbsColls *c, const Chunk *ch, uint32_t site, size_t *list)
{
    for (size_t i = 0; i < c->sites.count; i++)
        if (c->sites.items[i].ch == ch && c->sites.items[i].site == site) {
            *list = c->sites.items[i].list;
            return true;
        }
    return false;
}

/* Do items i of a and j of b have the same words and flags? */
static bool same_item(const AbsList *a, size_t i, const AbsList *b, size_t j)
{
    size_t W = a->W;
    return a->maybe[i] == b->maybe[j] && memcmp(a->lo + i * W, b->lo + j * W, W * sizeof(Word)) == 0 &&
           memcmp(a->hi + i * W, b->hi + j * W, W * sizeof(Word)) == 0;
}

/* Two handles where paths meet, as one: their common first items, then the rest of a's and
 * the rest of b's, each of those maybe absent (either collection is a subsequence of it). */
bool abscoll_join(void *colls, Word a, Word b, Word *out)
{
    AbsColls *c = colls;
    Handle ha, hb;
    if (!handle_of(c, a, &ha) || !handle_of(c, b, &hb) || ha.list->W != hb.list->W || ha.list->L != hb.list->L)
        return false;
    if (ha.n + hb.n > JOIN_ITEMS || c->run.count >= MAX_LISTS) return false;
    AbsList la = *ha.list, lb = *hb.list;   /* their words stay put when c->run grows */
    size_t common = 0;
    while (common < ha.n && common < hb.n && same_item(&la, common, &lb, common)) common++;
    size_t list = new_list(c, la.L);
    for (size_t i = 0; i < common; i++) copy_item(c, list, &la, i, false);
    for (size_t i = common; i < ha.n; i++) copy_item(c, list, &la, i, true);
    for (size_t i = common; i < hb.n; i++) copy_item(c, list, &lb, i, true);
    *out = handle_word(false, list, c->run.items[list].n);
    return true;
}

/* ---- the engine's results: the widest value of their type ---- */

/* [bot, top] of L, kept as absstate.h keeps words. */
static void push_widest(AbsState *st, const Lattice *L)
{
    size_t W = L->nwords;
    absstate_reserve(st, W);
    L->ops->bot(L, st->lo + st->sp);
    L->ops->top(L, st->hi + st->sp);
    abslat_orient(L, st->lo + st->sp, st->hi + st->sp);
    absstate_tags_of(L, st->tag + st->sp);
    st->sp += W;
}

static AbsCollEnd engine_result(const Chunk *ch, Opcode op, const uint8_t *args, AbsState *st, const char **why)
{
    uint32_t f = ir_read_u32(args + (op == IR_BNB ? 4 : 0));
    if (op == IR_STABLE) {
        absstate_push_pair(st, UNKNOWN_HANDLE, TAG_COLL);
        return ABSCOLL_NEXT;
    }
    if (f >= ch->tables->fns.count) return give_up(why, "an instruction it cannot read");
    const Lattice *L = ch->tables->fns.items[f]->ret;
    if (op == IR_BNB) {
        uint32_t k = ir_read_u32(args + 8);
        if (k >= ch->tables->bnbs.count) return give_up(why, "an instruction it cannot read");
        if (ch->tables->bnbs.items[k]->from) st->sp -= 2 * L->nwords;
        absstate_push_pair(st, UNKNOWN_HANDLE, TAG_COLL);
        absstate_push_pair(st, UNKNOWN_HANDLE, TAG_COLL);
        push_word(st, (AbsPair){ 0, 1 });
        return ABSCOLL_NEXT;
    }
    if (op == IR_REFINE) st->sp -= 2 * L->nwords;
    push_widest(st, L);                 /* an interval of L: any lo, any hi */
    push_widest(st, L);
    return ABSCOLL_NEXT;
}

AbsCollEnd abscoll_step(AbsColls *c, const Chunk *ch, Opcode op, const uint8_t *args, AbsState *st,
                        const char **why)
{
    if (op == IR_APPROX || op == IR_REFINE || op == IR_BNB || op == IR_STABLE) return engine_result(ch, op, args, st, why);
    const Lattice *L = NULL;
    if (op != IR_COLL_COUNT && !item_lattice(ch, ir_read_u32(args), &L)) return give_up(why, "an instruction it cannot read");
    size_t W = L ? L->nwords : 1, list;
    switch (op) {
    case IR_COLL_NEW:
        if (c->run.count >= MAX_LISTS) return give_up(why, "too many collections");
        push_handle(st, handle_word(false, new_list(c, L), 0));
        return ABSCOLL_NEXT;
    case IR_COLL_ADD: return coll_add(c, st, W, ir_read_u32(args + 4) != 0, why);
    case IR_COLL_NEXT: return coll_next(c, st, ir_read_u32(args + 4), ir_read_u32(args + 8), why);
    case IR_COLL_COUNT: return coll_count(c, st, why);
    case IR_COLL_HAS: return coll_has(c, st, W, why);
    case IR_COLL_EQ: return coll_eq(c, st, why);
    case IR_COLL_CACHED:
        if (!kept_site(c, ch, ir_read_u32(args + 4), &list)) return ABSCOLL_NEXT;
        push_handle(st, handle_word(true, list, c->kept.items[list].n));
        return ABSCOLL_JUMP;
    case IR_COLL_KEEP: coll_keep(c, ch, ir_read_u32(args + 4), st); return ABSCOLL_NEXT;
    default: return give_up(why, "an instruction it cannot read");
    }
}
