/* inplace.c: the depth-first order of bnb kept in place, for a bitset lattice and a function
 * with in-place hooks (refine_at, split_at).  The bound being processed lives in one pair of
 * arrays, changed and restored a word at a time along a trail; a pending bound is the words
 * in which it differs from its parent; the tests bnb.c makes on whole intervals (inside, a
 * point, equal, union an interval, hull) are made on the words that differ.  A node then
 * costs what its split and IR changed instead of the size of the lattice, and a search as
 * deep as the lattice is wide stays linear.  Final, events and statistics are bnb.c's.
 * The function's search hooks (AftFunction.search: the in-place refine and split, learning,
 * restarts, the split's sign) are read here only; the steps on the run that bnb.c takes too
 * come from bnbrun.c. */
#include "aft/inplace.h"
#include "aft/projpath.h"
#include "aft/steps.h"
#include "util/mem.h"

typedef struct WordPair { size_t w; Word lo, hi; } WordPair;     /* one word of an interval */
typedef VEC(WordPair) Words;
/* Pending bounds and path steps are one per level of the search: packed to 4 bytes (a
 * pending bound in 20 bytes instead of 24, a path step in 12 instead of 16), the deeper a
 * search fits. */
#define LEVEL_PACKED __attribute__((packed, aligned(4)))

/* A pending bound: its node, its depth, the trail length at which its parent was the bound,
 * and its words pool[first ..) (up to the next pending bound's), each the xors of the word
 * with its parent's (steps.c: 8 bytes for a word that differs in one bit of each half, as a
 * split's and most refined words do); raw when its IR is still to be taken (a child pushed
 * as split, see process_node). */
typedef struct LEVEL_PACKED Pending { long id; uint32_t depth : 31, raw : 1, at, first; } Pending;

/* A child of the node being processed: before IR (c) and after (r), as the words where it
 * differs from the node; slot[w] is 1 + the index of word w in r, 0 when absent; raw when
 * r is c (its IR is taken only if it is popped). */
typedef struct Kid { Words c, r; size_t *slot; bool raw; } Kid;

/* A bound on the path from the root to the node being processed: its node and the trail
 * length at which it is the bound. */
typedef struct LEVEL_PACKED PathStep { long id; uint32_t at; } PathStep;

/* A count kept in `bits` bits (32, or 31 for a depth); past that, memory would be out long
 * before. */
static uint32_t narrow(size_t n, unsigned bits)
{
    if ((uint64_t)n >> bits) mem_fail(n);
    return (uint32_t)n;
}

typedef struct Place {
    Run *run;
    size_t nwords;
    Word *lo, *hi;                /* the bound being worked on */
    size_t open;                  /* its words with lo != hi (0: a point) */
    Steps trail;                  /* the changes of the bound (steps.c) */
    uint8_t *mark;                /* words changed since the function's hooks last saw it */
    VEC(size_t) changed;
    bool fresh;                   /* the hooks have seen nothing yet */
    VEC(Pending) stack;
    Steps pool;                   /* the pending bounds' words, xors with their parents' */
    Kid kid[2];
    Words hull, scratch;
    const AftSearch *search;      /* the function's search hooks (run->f->search) */
    void *fctx;                   /* the function's ctx, theirs too */
    bool learning;                /* the function's learning hooks are on (learn.c's order) */
    VEC(PathStep) path;           /* with learning: path[d] is the bound of depth d */
    size_t finals;                /* bounds sent to Final so far but those the function says
                                   * are spent (a backjump may not search again below a bound
                                   * that sent one: it would repeat it) */
    size_t fresh_from;            /* the path's bounds from this depth on were taken after the
                                   * last of those `finals` */
    size_t final_conflicts;       /* the run's conflicts when the first of them went */
    bool projecting;              /* the function's projection hooks are on (projpath.h) */
    ProjPath proj;
} Place;

/* ---- the bound in place ---- */

static void write_word(Place *pl, size_t w, Word lo, Word hi)
{
    pl->open += (size_t)(lo != hi) - (size_t)(pl->lo[w] != pl->hi[w]);     /* no branch */
    pl->lo[w] = lo;
    pl->hi[w] = hi;
    if (!pl->mark[w]) {
        pl->mark[w] = 1;
        VEC_PUSH(pl->changed, w);
    }
}

static void set_word(Place *pl, size_t w, Word lo, Word hi)
{
    if (pl->lo[w] == lo && pl->hi[w] == hi) return;
    steps_push(&pl->trail, w, pl->lo[w] ^ lo, pl->hi[w] ^ hi);
    write_word(pl, w, lo, hi);
}

/* Word w changed by the xors dlo, dhi (set_word's change, given as the difference). */
static void xor_word(Place *pl, size_t w, Word dlo, Word dhi)
{
    if (!dlo && !dhi) return;
    steps_push(&pl->trail, w, dlo, dhi);
    write_word(pl, w, pl->lo[w] ^ dlo, pl->hi[w] ^ dhi);
}

static void apply(Place *pl, const Words *d)
{
    for (size_t i = 0; i < d->count; i++) set_word(pl, d->items[i].w, d->items[i].lo, d->items[i].hi);
}

/* Trail step k undone, or done again. */
static void flip(Place *pl, size_t k)
{
    size_t w = steps_word(&pl->trail, k);
    Word dlo, dhi;
    steps_get(&pl->trail, k, &dlo, &dhi);
    write_word(pl, w, pl->lo[w] ^ dlo, pl->hi[w] ^ dhi);
}

static void undo_to(Place *pl, size_t at)
{
    for (size_t k = steps_count(&pl->trail); k > at; k--) flip(pl, k - 1);
    steps_cut(&pl->trail, at);
}

/* The words changed since the hooks last saw the bound (NULL: all), for the next hook. */
static const size_t *changes(const Place *pl)
{
    return pl->fresh ? NULL : pl->changed.items;
}

static void changes_seen(Place *pl)
{
    for (size_t i = 0; i < pl->changed.count; i++) pl->mark[pl->changed.items[i]] = 0;
    pl->changed.count = 0;
    pl->fresh = false;
}

/* [lo, hi] goes to Final (bnb_to_final), counted in pl->finals unless the function says every
 * later refine excludes it (spent). */
static void to_final(Place *pl, long id, const Word *lo, const Word *hi)
{
    const AftSearch *h = pl->search;
    if (bnb_to_final(pl->run, id, lo, hi) && (!h->spent || !h->spent(pl->fctx, lo, hi))) {
        if (!pl->finals++) pl->final_conflicts = pl->run->st->conflicts;
        pl->fresh_from = pl->path.count;
    }
}

/* ---- intervals as words that differ from the bound ---- */

static void kid_put(Kid *k, size_t w, Word lo, Word hi)
{
    if (k->slot[w]) {
        k->r.items[k->slot[w] - 1] = (WordPair){w, lo, hi};
        return;
    }
    VEC_PUSH(k->r, ((WordPair){w, lo, hi}));
    k->slot[w] = k->r.count;
}

static void kid_clear(Kid *k)
{
    for (size_t i = 0; i < k->r.count; i++) k->slot[k->r.items[i].w] = 0;
    k->r.count = k->c.count = 0;
    k->raw = false;
}

/* Word w of child k after IR. */
static WordPair kid_word(const Place *pl, const Kid *k, size_t w)
{
    return k->slot[w] ? k->r.items[k->slot[w] - 1] : (WordPair){w, pl->lo[w], pl->hi[w]};
}

/* The number of open words of the bound with d applied. */
static size_t open_with(const Place *pl, const Words *d)
{
    size_t open = pl->open;
    for (size_t i = 0; i < d->count; i++) {
        size_t w = d->items[i].w;
        open += d->items[i].lo != d->items[i].hi;
        open -= pl->lo[w] != pl->hi[w];
    }
    return open;
}

static bool same_as_bound(const Place *pl, const Words *d)
{
    for (size_t i = 0; i < d->count; i++) {
        size_t w = d->items[i].w;
        if (d->items[i].lo != pl->lo[w] || d->items[i].hi != pl->hi[w]) return false;
    }
    return true;
}

/* ---- the engine's steps on words ---- */

static void emit_with(Place *pl, const Words *d, AftEventKind kind, long id, long parent,
                      long other, NodeStatus status)
{
    if (!pl->run->o->on_event) return;
    size_t at = steps_count(&pl->trail);
    apply(pl, d);
    bnb_emit(pl->run, kind, id, parent, other, status, pl->lo, pl->hi);
    undo_to(pl, at);
}

/* The bound with d applied (of `depth`) goes to Final, proven first when f was seen to fix
 * it; a point given out for its projection settles part of the path (projpath.h). */
static void final_with(Place *pl, const Words *d, long id, size_t depth, bool proven)
{
    size_t at = steps_count(&pl->trail);
    apply(pl, d);
    if (proven) bnb_prove(pl->run, pl->lo, pl->hi);
    if (id >= 0) to_final(pl, id, pl->lo, pl->hi);
    if (id >= 0 && pl->projecting && pl->search->given(pl->fctx)) projpath_given(&pl->proj, depth);
    undo_to(pl, at);
}

/* bnb_classify of the bound with d applied; only a point needs the arrays. */
static AftStatus classify_with(Place *pl, const Words *d, NodeStatus *s)
{
    *s = NODE_KEPT;
    if (open_with(pl, d)) return AFT_OK;
    size_t at = steps_count(&pl->trail);
    apply(pl, d);
    AftStatus r = bnb_classify(pl->run, pl->lo, pl->hi, s, NULL);
    undo_to(pl, at);
    return r;
}

static void push_pending(Place *pl, const Words *d, long id, size_t depth, bool raw)
{
    Pending n = { id, narrow(depth, 31) & 0x7fffffffu, raw, narrow(steps_count(&pl->trail), 32),
                  narrow(steps_count(&pl->pool), 32) };
    VEC_PUSH(pl->stack, n);
    for (size_t i = 0; i < d->count; i++) {
        size_t w = d->items[i].w;
        steps_push(&pl->pool, w, d->items[i].lo ^ pl->lo[w], d->items[i].hi ^ pl->hi[w]);
    }
}

/* bnb.c's place: fixed points (proven) and bounds final as they stand to Final, kept bounds
 * pending one level deeper. */
static void place_with(Place *pl, const Words *d, NodeStatus s, long id, size_t depth, bool raw)
{
    if (pl->projecting && projpath_inside(&pl->proj, depth + 1)) return;   /* its class given */
    if (s == NODE_FIXPOINT || s == NODE_FINAL) final_with(pl, d, id, depth + 1, s == NODE_FIXPOINT);
    else if (s == NODE_KEPT) push_pending(pl, d, id, depth + 1, raw);
    else pl->run->st->pruned++;
}

/* Every word of the bound that differs between [lo1, hi1] and [lo2, hi2]: the children of a
 * decomposition the function left to the lattice. */
static void diff_words(const Place *pl, const Word *lo, const Word *hi, Words *out)
{
    out->count = 0;
    for (size_t w = 0; w < pl->nwords; w++)
        if (lo[w] != pl->lo[w] || hi[w] != pl->hi[w]) VEC_PUSH(*out, ((WordPair){w, lo[w], hi[w]}));
}

/* The two children of the bound into kid[i].c; false when it cannot be split. */
static bool split_bound(Place *pl)
{
    Run *run = pl->run;
    const AftSearch *h = pl->search;
    size_t a = SIZE_MAX;
    bool chosen = h->split_at(pl->fctx, pl->lo, pl->hi, changes(pl), pl->changed.count,
                              &run->split, &a);
    changes_seen(pl);
    size_t w = chosen ? a >> 6 : pl->nwords;
    Word bit = (Word)1 << (a & 63);
    bool on_atom = w < pl->nwords && (pl->hi[w] & ~pl->lo[w] & bit);
    if (pl->projecting) projpath_split(&pl->proj, !on_atom || h->projected(pl->fctx, a));
    if (on_atom) {
        int in = pl->learning && h->prefer_in && !h->prefer_in(pl->fctx, a) ? 0 : 1;
        VEC_PUSH(pl->kid[1 - in].c, ((WordPair){w, pl->lo[w], pl->hi[w] & ~bit}));
        VEC_PUSH(pl->kid[in].c, ((WordPair){w, pl->lo[w] | bit, pl->hi[w]}));  /* first */
        return true;
    }
    const Lattice *L = run->L;
    Word **c = run->c;
    if (!L->ops->decompose(L, pl->lo, pl->hi, &run->split, c[0], c[1], c[2], c[3])) return false;
    diff_words(pl, c[0], c[1], &pl->kid[0].c);
    diff_words(pl, c[2], c[3], &pl->kid[1].c);
    return true;
}

/* IR of child i (bnb.c's refine_child): kid[i].r, *alive when inside the child. */
static AftStatus refine_kid(Place *pl, int i, bool *alive, bool *invalid)
{
    Run *run = pl->run;
    Kid *k = &pl->kid[i];
    size_t at = steps_count(&pl->trail);
    *invalid = false;
    for (size_t j = 0; j < k->c.count; j++) kid_put(k, k->c.items[j].w, k->c.items[j].lo, k->c.items[j].hi);
    run->st->ir_calls++;
    const char *why = aft_limit_hit(run->o, run->deadline, run->st);
    if (why) {                                      /* the IR is the child itself */
        run->st->stopped_by = why;
        *alive = true;
        return AFT_LIMIT;
    }
    run->st->f_calls++;
    run->st->eval_calls++;
    apply(pl, &k->c);
    AftChanges out;
    AftStatus s = pl->search->refine_at(pl->fctx, pl->lo, pl->hi, changes(pl), pl->changed.count, &out);
    changes_seen(pl);
    *alive = s == AFT_OK;
    *invalid = s == AFT_INVALID;
    aft_conflicts(run->o, run->st, *invalid);
    for (size_t j = 0; s == AFT_OK && j < out.count; j++) {
        size_t w = out.words[j];
        *alive = *alive && !(pl->lo[w] & ~out.lo[w]) && !(out.hi[w] & ~pl->hi[w]);
        kid_put(k, w, out.lo[w], out.hi[w]);
    }
    undo_to(pl, at);
    return s == AFT_INVALID ? AFT_OK : s;
}

/* ps_union_is_interval on the words where the two refined children differ from the bound:
 * one inside the other, or the same free atoms and lower ends one atom apart. */
static bool kids_union_is_interval(const Place *pl)
{
    const Kid *k = pl->kid;
    bool in01 = true, in10 = true, same_free = true;
    size_t diff = 0;
    for (int side = 0; side < 2; side++)
        for (size_t i = 0; i < k[side].r.count; i++) {
            size_t w = k[side].r.items[i].w;
            if (side == 1 && k[0].slot[w]) continue;            /* seen from side 0 */
            WordPair a = kid_word(pl, &k[0], w), b = kid_word(pl, &k[1], w);
            in01 = in01 && !(b.lo & ~a.lo) && !(a.hi & ~b.hi);
            in10 = in10 && !(a.lo & ~b.lo) && !(b.hi & ~a.hi);
            same_free = same_free && (a.hi & ~a.lo) == (b.hi & ~b.lo);
            Word d = a.lo ^ b.lo;
            if (d) diff += (d & (d - 1)) ? 2 : 1;
        }
    return in01 || in10 || (same_free && diff == 1);
}

/* bnb.c's merge_children on words. */
static AftStatus merge_kids(Place *pl, long id, const long cid[2], const NodeStatus status[2],
                            size_t depth)
{
    Run *run = pl->run;
    Kid *k = pl->kid;
    for (int i = 0; i < 2; i++)
        if (status[i] == NODE_FIXPOINT) final_with(pl, &k[i].r, -1, depth + 1, true);   /* proven */
    for (int i = 0; i < 2; i++) emit_with(pl, &k[i].r, EV_BNB_SPLIT, cid[i], id, -1, NODE_MERGED);
    pl->hull.count = 0;
    for (int side = 0; side < 2; side++)
        for (size_t i = 0; i < k[side].r.count; i++) {
            size_t w = k[side].r.items[i].w;
            if (side == 1 && k[0].slot[w]) continue;
            WordPair a = kid_word(pl, &k[0], w), b = kid_word(pl, &k[1], w);
            VEC_PUSH(pl->hull, ((WordPair){w, a.lo & b.lo, a.hi | b.hi}));
        }
    run->st->merged++;
    emit_with(pl, &pl->hull, EV_BNB_MERGE, cid[0], id, cid[1], NODE_MERGED);
    if (same_as_bound(pl, &pl->hull)) {
        to_final(pl, id, pl->lo, pl->hi);      /* what is kept joins back to B */
        return AFT_OK;
    }
    NodeStatus s;
    AftStatus r = classify_with(pl, &pl->hull, &s);
    if (r == AFT_OK) place_with(pl, &pl->hull, s, cid[0], depth, false);
    return r;
}

/* bnb.c's keep_children on words. */
static void keep_kids(Place *pl, long id, const long cid[2], const bool alive[2],
                      const NodeStatus status[2], size_t depth)
{
    for (int i = 0; i < 2; i++) {
        Kid *k = &pl->kid[i];
        NodeStatus s = alive[i] ? status[i] : NODE_PRUNED;
        if (s == NODE_KEPT && same_as_bound(pl, &k->r)) {
            emit_with(pl, &k->r, EV_BNB_SPLIT, cid[i], id, -1, NODE_FINAL);
            to_final(pl, id, pl->lo, pl->hi);    /* a non-shrinking decomposition */
            continue;
        }
        emit_with(pl, s == NODE_PRUNED ? &k->c : &k->r, EV_BNB_SPLIT, cid[i], id, -1, s);
        place_with(pl, &k->r, s, cid[i], depth, k->raw);
    }
}

/* Moves the bound along the trail, without changing it, from position *pos to `to`. */
static void walk(Place *pl, size_t *pos, size_t to)
{
    for (; *pos > to; (*pos)--) flip(pl, *pos - 1);
    for (; *pos < to; (*pos)++) flip(pl, *pos);
}

/* ---- learning: non-chronological backjumps ---- */

/* Learning stops (o->final_ends_learning: once the conflicts since the first bound sent to
 * Final outnumber such bounds; till then backjumps and restarts stay below the last one). */
static void learning_off(Place *pl)
{
    pl->search->learning(pl->fctx, false);
    pl->learning = false;
}

/* The popped node n is the bound of its depth on the path. */
static void enter_path(Place *pl, const Pending *n)
{
    if (pl->path.count > n->depth) pl->path.count = n->depth;
    if (pl->fresh_from > pl->path.count) pl->fresh_from = pl->path.count;
    VEC_PUSH(pl->path, ((PathStep){n->id, narrow(steps_count(&pl->trail), 32)}));
}

/* Drops the pending bounds deeper than d: all were pushed since the bound of depth d on the
 * path was taken, so all lie inside it. */
static void drop_below(Place *pl, size_t d)
{
    while (pl->stack.count && pl->stack.items[pl->stack.count - 1].depth > d) {
        steps_cut(&pl->pool, pl->stack.items[pl->stack.count - 1].first);
        pl->stack.count--;
    }
}

/* The shallowest bound of the path above `limit` that the nogood learnt last cuts and below
 * which nothing went to Final (searching it again must not repeat a fixed point): the bound
 * in place is walked to it (the trail kept, *pos its length).  SIZE_MAX, the bound walked
 * back, when there is none.  The bounds of the path are nested, so a nogood that cuts one
 * cuts every deeper one, and Final's count along the path only grows: the depths that
 * qualify are the deepest ones down to the first that does not, and the walk goes down from
 * the bound in place only that far (from the root up, it walked the whole trail twice). */
static size_t cut_target(Place *pl, size_t limit, size_t *pos)
{
    *pos = steps_count(&pl->trail);
    size_t found = SIZE_MAX;
    for (size_t d = limit < pl->path.count ? limit : pl->path.count; d-- > 0;) {
        if (d < pl->fresh_from) break;
        walk(pl, pos, pl->path.items[d].at);
        if (!pl->search->cuts(pl->fctx, pl->lo, pl->hi)) break;
        found = d;
    }
    walk(pl, pos, found == SIZE_MAX ? steps_count(&pl->trail) : pl->path.items[found].at);
    return found;
}

/* IR of the bound in place by the refine hook: the words it changes into pl->scratch;
 * *empty when it holds no fixed point, *shrunk when the IR is smaller. */
static AftStatus refine_in_place(Place *pl, bool *empty, bool *shrunk)
{
    Run *run = pl->run;
    run->st->ir_calls++;
    run->st->f_calls++;
    run->st->eval_calls++;
    AftChanges out;
    AftStatus s = pl->search->refine_at(pl->fctx, pl->lo, pl->hi, changes(pl), pl->changed.count, &out);
    changes_seen(pl);
    pl->scratch.count = 0;
    *empty = s == AFT_INVALID;
    *shrunk = false;
    for (size_t j = 0; s == AFT_OK && j < out.count; j++) {
        size_t w = out.words[j];
        if (out.lo[w] == pl->lo[w] && out.hi[w] == pl->hi[w]) continue;
        *empty = *empty || (pl->lo[w] & ~out.lo[w]) || (out.hi[w] & ~pl->hi[w]);
        *shrunk = true;
        VEC_PUSH(pl->scratch, ((WordPair){w, out.lo[w], out.hi[w]}));
    }
    return s == AFT_INVALID ? AFT_OK : s;
}

/* A child of the node of depth `depth` holds no fixed point.  When the function learnt a
 * nogood that cuts a bound on the path (the node itself too), the search backjumps there:
 * everything pending below that bound (the node's children too) is dropped, and the bound,
 * refined again (now with the nogood), is pending once more; when it holds no fixed point
 * either, the nogood learnt from it may jump higher still.  Sound: the bound searched again
 * holds every fixed point the dropped ones held, and none was sent to Final below it.  So
 * the other child is not searched as a split of its own but as what the nogood leaves of
 * the node: the function knows why (the nogood), and a restart loses nothing.  True when it
 * jumped. */
static bool bnb_backjump(Place *pl, size_t depth)
{
    Run *run = pl->run;
    bool jumped = false;
    size_t limit = depth + 1;
    while (pl->search->learnt(pl->fctx)) {
        run->st->learnt++;
        size_t pos, d = cut_target(pl, limit, &pos);
        if (d == SIZE_MAX) break;
        bool empty, shrunk;
        AftStatus s = refine_in_place(pl, &empty, &shrunk);
        if (s != AFT_OK || (!empty && !shrunk)) {         /* no progress: chronologically */
            walk(pl, &pos, steps_count(&pl->trail));
            break;
        }
        drop_below(pl, d);
        steps_cut(&pl->trail, pos);
        run->st->backjumps++;
        jumped = true;
        if (!empty) {
            push_pending(pl, &pl->scratch, pl->path.items[d].id, d, false);
            break;
        }
        run->st->pruned++;
        aft_conflicts(run->o, run->st, 1);
        limit = d;
    }
    return jumped;
}

/* Drops every pending bound, the root too when a backjump to it left it pending (kept, a
 * restart would push it a second time and every fixed point in it would go to Final twice). */
static void drop_all(Place *pl)
{
    if (pl->stack.count) steps_cut(&pl->pool, pl->stack.items[0].first);
    pl->stack.count = 0;
}

/* The function asks for a restart (learning on, nothing in Final yet): every pending bound
 * is dropped and the root bound, refined again with what was learnt, is pending alone (or
 * nothing when it now holds no fixed point).  Sound as a backjump to the root is. */
static void bnb_restart(Place *pl)
{
    Run *run = pl->run;
    if (!pl->path.count || pl->fresh_from > 0) return;
    size_t pos = steps_count(&pl->trail);
    walk(pl, &pos, pl->path.items[0].at);
    bool empty, shrunk;
    if (refine_in_place(pl, &empty, &shrunk) != AFT_OK) {
        walk(pl, &pos, steps_count(&pl->trail));
        return;
    }
    drop_all(pl);
    steps_cut(&pl->trail, pos);
    run->st->restarts++;
    if (empty) run->st->pruned++;
    else push_pending(pl, &pl->scratch, pl->path.items[0].id, 0, false);
}

/* With learning (or o->final_ends_learning), the child searched second is kept as split,
 * its IR taken only when it is popped (take_raw_ir): a conflict below the first child
 * usually backjumps above the node and drops it unsearched, and without learning its IR
 * taken now would be undone and taken again when it is popped.  Sound: a child holds every
 * fixed point its IR holds. */
static void defer_kid(Place *pl, int i, bool *alive)
{
    Kid *k = &pl->kid[i];
    for (size_t j = 0; j < k->c.count; j++) kid_put(k, k->c.items[j].w, k->c.items[j].lo, k->c.items[j].hi);
    k->raw = true;
    *alive = true;
}

/* The IR of a raw bound just popped (node id at depth), applied to the bound in place.
 * *pruned when it holds no fixed point (then the search may backjump above it, as after a
 * child pruned by its parent). */
static AftStatus take_raw_ir(Place *pl, long id, size_t depth, bool *pruned)
{
    Run *run = pl->run;
    bool empty, shrunk;
    *pruned = false;
    const char *why = aft_limit_hit(run->o, run->deadline, run->st);
    if (why) {
        run->st->stopped_by = why;
        to_final(pl, id, pl->lo, pl->hi);
        return AFT_LIMIT;
    }
    AftStatus r = refine_in_place(pl, &empty, &shrunk);
    if (r == AFT_LIMIT) to_final(pl, id, pl->lo, pl->hi);
    if (r != AFT_OK) return r;
    if (empty) {
        *pruned = true;
        aft_conflicts(run->o, run->st, 1);
        if (!(pl->learning && depth && bnb_backjump(pl, depth - 1))) run->st->pruned++;
        return AFT_OK;
    }
    apply(pl, &pl->scratch);
    return AFT_OK;
}

/* A point: bnb.c's process_bound on one. */
static AftStatus process_point(Place *pl, long id, size_t depth)
{
    NodeStatus s;
    const Words none = {0};
    AftStatus r = bnb_classify(pl->run, pl->lo, pl->hi, &s, NULL);
    if (r == AFT_OK && s != NODE_PRUNED) final_with(pl, &none, id, depth, s == NODE_FIXPOINT);
    else if (r == AFT_OK) pl->run->st->pruned++;                     /* never NODE_KEPT */
    if (r == AFT_LIMIT) to_final(pl, id, pl->lo, pl->hi);
    return r;
}

/* bnb.c's process_bound on the bound in place (node id at depth). */
static AftStatus process_node(Place *pl, long id, size_t depth, bool raw)
{
    Run *run = pl->run;
    bool pruned = false;
    AftStatus ir = raw ? take_raw_ir(pl, id, depth, &pruned) : AFT_OK;
    if (ir != AFT_OK || pruned) return ir;
    if (!pl->open) return process_point(pl, id, depth);
    kid_clear(&pl->kid[0]);
    kid_clear(&pl->kid[1]);
    if (!split_bound(pl)) {
        to_final(pl, id, pl->lo, pl->hi);
        return AFT_OK;
    }
    run->st->splits++;
    long cid[2] = {run->next_id++, run->next_id++};
    bool alive[2], invalid;
    NodeStatus status[2] = {NODE_PRUNED, NODE_PRUNED};
    for (int i = 0; i < 2; i++) {
        AftStatus r = AFT_OK;
        invalid = false;
        if (i == 0 && (pl->learning || run->o->final_ends_learning)) defer_kid(pl, i, &alive[i]);
        else r = refine_kid(pl, i, &alive[i], &invalid);
        if (r == AFT_OK && invalid && pl->learning && bnb_backjump(pl, depth)) return AFT_OK;
        if (r == AFT_OK && alive[i] && (r = classify_with(pl, &pl->kid[i].r, &status[i])) == AFT_OK
            && status[i] == NODE_PRUNED)
            alive[i] = false;                                   /* a point f does not fix */
        if (r == AFT_LIMIT) to_final(pl, id, pl->lo, pl->hi);
        if (r != AFT_OK) return r;
    }
    if (alive[0] && alive[1] && !pl->kid[0].raw && !pl->projecting && kids_union_is_interval(pl))
        return merge_kids(pl, id, cid, status, depth);
    keep_kids(pl, id, cid, alive, status, depth);
    return AFT_OK;
}

/* ---- the loop ---- */

static Pending pop_pending(Place *pl)
{
    Pending p = pl->stack.items[--pl->stack.count];
    undo_to(pl, p.at);                            /* the parent's bound, as at the push */
    for (size_t i = p.first; i < steps_count(&pl->pool); i++) {
        size_t w = steps_word(&pl->pool, i);
        Word dlo, dhi;
        steps_get(&pl->pool, i, &dlo, &dhi);
        xor_word(pl, w, dlo, dhi);
    }
    steps_cut(&pl->pool, p.first);
    return p;
}

/* Listing the pending bounds in Final one by one takes at most this many bytes; past it (a
 * search stopped deep in a wide lattice: thousands of bounds of a million atoms each would
 * take gigabytes) they go to Final as their hull, one bound that holds them all. */
static const size_t PENDING_LIST_MAX_BYTES = (size_t)64 << 20;

/* Does Final get the pending bounds' hull rather than each of them?  Always when memory is
 * what stopped the search, and when the list would pass PENDING_LIST_MAX_BYTES. */
static bool pending_as_hull(const Place *pl, const char *why)
{
    size_t bound_bytes = 2 * pl->nwords * sizeof(Word);
    if (pl->stack.count < 2) return false;
    if (why && !strcmp(why, "max-memory")) return true;
    return bound_bytes && pl->stack.count > PENDING_LIST_MAX_BYTES / bound_bytes;
}

/* Pending bound i becomes the bound in place (from trail position *pos): its words are
 * written over the bound, the words they replace saved in scratch (see restore_words). */
static void enter_pending(Place *pl, size_t i, size_t *pos)
{
    const Pending *p = &pl->stack.items[i];
    size_t end = i + 1 < pl->stack.count ? pl->stack.items[i + 1].first : steps_count(&pl->pool);
    walk(pl, pos, p->at);                         /* its parent's bound */
    pl->scratch.count = 0;
    for (size_t k = p->first; k < end; k++) {
        size_t w = steps_word(&pl->pool, k);
        Word dlo, dhi;
        steps_get(&pl->pool, k, &dlo, &dhi);
        VEC_PUSH(pl->scratch, ((WordPair){w, pl->lo[w], pl->hi[w]}));
        write_word(pl, w, pl->lo[w] ^ dlo, pl->hi[w] ^ dhi);
    }
}

static void restore_words(Place *pl)
{
    for (size_t k = pl->scratch.count; k-- > 0;)
        write_word(pl, pl->scratch.items[k].w, pl->scratch.items[k].lo, pl->scratch.items[k].hi);
}

/* The hull [hlo, hhi] widened by word w of the bound in place. */
static void fold_word(const Place *pl, Word *hlo, Word *hhi, size_t w)
{
    hlo[w] &= pl->lo[w];
    hhi[w] |= pl->hi[w];
}

/* Pending bound i, just entered from trail position `from`, joined into the hull: only the
 * words that may differ from pending bound i - 1 (already in it) are looked at, those the
 * walk flipped and those of the two bounds' own words, so that the hull of every pending
 * bound costs what they differ in, not their number times the lattice's width. */
static void fold_pending(const Place *pl, size_t i, size_t from, Word *hlo, Word *hhi)
{
    const Pending *p = &pl->stack.items[i];
    if (i == 0) {
        memcpy(hlo, pl->lo, pl->nwords * sizeof(Word));
        memcpy(hhi, pl->hi, pl->nwords * sizeof(Word));
        return;
    }
    size_t a = from < p->at ? from : p->at, b = from < p->at ? p->at : from;
    for (size_t k = a; k < b; k++) fold_word(pl, hlo, hhi, steps_word(&pl->trail, k));
    size_t end = i + 1 < pl->stack.count ? pl->stack.items[i + 1].first : steps_count(&pl->pool);
    for (size_t k = pl->stack.items[i - 1].first; k < end; k++)
        fold_word(pl, hlo, hhi, steps_word(&pl->pool, k));
}

/* Every pending bound goes to Final, the oldest first (as bnb.c's order would), or (see
 * pending_as_hull) their hull, under the oldest one's node. */
static void pending_to_final(Place *pl, const char *why)
{
    size_t pos = steps_count(&pl->trail);
    bool as_hull = pending_as_hull(pl, why);
    Word *hlo = as_hull ? pl->run->hlo : NULL, *hhi = as_hull ? pl->run->hhi : NULL;
    for (size_t i = 0; i < pl->stack.count; i++) {
        size_t from = pos;
        enter_pending(pl, i, &pos);
        if (as_hull) fold_pending(pl, i, from, hlo, hhi);
        else to_final(pl, pl->stack.items[i].id, pl->lo, pl->hi);
        restore_words(pl);
    }
    walk(pl, &pos, steps_count(&pl->trail));
    if (as_hull) to_final(pl, pl->stack.items[0].id, hlo, hhi);
}

static AftStatus loop(Place *pl, size_t cap)
{
    Run *run = pl->run;
    const char *why = NULL, *capped = NULL;
    while (pl->stack.count) {
        if ((why = aft_limit_hit(run->o, run->deadline, run->st))) break;
        Pending n = pop_pending(pl);
        if (pl->learning) enter_path(pl, &n);
        if (pl->projecting) projpath_enter(&pl->proj, n.depth);
        if (cap && n.depth >= cap) {
            to_final(pl, n.id, pl->lo, pl->hi);
            capped = "rounds";
            continue;
        }
        bnb_enter_round(run, n.depth, pl->stack.count);
        AftStatus s = process_node(pl, n.id, n.depth, n.raw);
        size_t settled = pl->projecting ? projpath_take(&pl->proj) : SIZE_MAX;
        if (settled != SIZE_MAX) drop_below(pl, settled);        /* its class was given */
        if (pl->learning && pl->finals && run->o->final_ends_learning
            && run->st->conflicts - pl->final_conflicts > pl->finals) learning_off(pl);
        if (s == AFT_OK && pl->learning && !pl->finals && pl->search->restart && pl->stack.count
            && pl->search->restart(pl->fctx))
            bnb_restart(pl);
        if (s == AFT_LIMIT) why = run->st->stopped_by;
        else if (s != AFT_OK) return s;
        if (why) break;
    }
    if (!why) why = capped;
    if (!why) return AFT_OK;
    if (!aft_abandoned(run->o)) pending_to_final(pl, why);
    run->st->stopped_by = why;
    return AFT_LIMIT;
}

AftStatus inplace_run(Run *run, const Word *lo, const Word *hi, size_t cap)
{
    size_t n = run->L->nwords;
    Place pl = {.run = run, .nwords = n, .fresh = true, .search = run->f->search,
                .fctx = run->f->ctx};
    pl.lo = mem_alloc((n + 1) * sizeof *pl.lo);
    pl.hi = mem_alloc((n + 1) * sizeof *pl.hi);
    pl.mark = mem_calloc(n + 1, 1);
    pl.changed.items = mem_alloc((n + 1) * sizeof *pl.changed.items);   /* never NULL */
    pl.changed.cap = n + 1;
    for (int i = 0; i < 2; i++) pl.kid[i].slot = mem_calloc(n + 1, sizeof *pl.kid[i].slot);
    for (size_t w = 0; w < n; w++) {
        pl.lo[w] = lo[w];
        pl.hi[w] = hi[w];
        pl.open += lo[w] != hi[w];
    }
    VEC_PUSH(pl.stack, ((Pending){0, 0, false, 0, 0}));
    pl.learning = bnb_learns(run) && pl.search->learning(pl.fctx, true);
    pl.projecting = pl.search->projected && pl.search->given;
    projpath_init(&pl.proj);
    AftStatus r = loop(&pl, cap);
    projpath_free(&pl.proj);
    if (pl.learning) learning_off(&pl);
    VEC_FREE(pl.path);
    mem_free(pl.lo);
    mem_free(pl.hi);
    mem_free(pl.mark);
    for (int i = 0; i < 2; i++) {
        mem_free(pl.kid[i].slot);
        VEC_FREE(pl.kid[i].c);
        VEC_FREE(pl.kid[i].r);
    }
    steps_free(&pl.trail);
    VEC_FREE(pl.changed);
    VEC_FREE(pl.stack);
    steps_free(&pl.pool);
    VEC_FREE(pl.hull);
    VEC_FREE(pl.scratch);
    return r;
}
