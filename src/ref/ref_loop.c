/* ref_loop.c: the reference evaluator's loops and collections: comprehensions and quantifiers
 * (over the atoms of a set, or the items of a collection), sup/inf over an interval, lfp/gfp
 * by Kleene iteration, the enumerations behind elements(L), atoms(L) and fixpoints(f), fold,
 * keys(M), and approx/refine/bnb/stable through the host.  A loop keeps its own state (the
 * collection, the cursor, the accumulator) in C variables: only the names the checker bound
 * (the item, $acc, $x) are written to the frame, where the body reads them. */
#include "ref/ref_internal.h"

#include <math.h>

#include "util/bitset.h"

/* ---- collections ---- */

RefColl *ref_coll_new(RefEval *r, const Lattice *lat, size_t iw)
{
    RefColl *c = mem_calloc(1, sizeof *c);
    c->lat = lat;
    c->iw = iw;
    VEC_PUSH(r->colls, c);
    return c;
}

static bool item_equal(const RefColl *c, const Word *a, const Word *b)
{
    if (!c->lat) return a[0] == b[0];
    return c->lat->ops->eq(c->lat, a, b);
}

bool ref_coll_has(const RefColl *c, const Word *item)
{
    for (size_t i = 0; i < c->n; i++)
        if (item_equal(c, c->items + i * c->iw, item)) return true;
    return false;
}

void ref_coll_add(RefColl *c, const Word *item, bool unique)
{
    if (unique && ref_coll_has(c, item)) return;
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 8;
        c->items = mem_realloc(c->items, c->cap * (c->iw ? c->iw : 1) * sizeof(Word));
    }
    memcpy(c->items + c->n * c->iw, item, c->iw * sizeof(Word));
    c->n++;
}

bool ref_coll_equal(const RefColl *a, const RefColl *b)
{
    if (a->n != b->n) return false;
    for (size_t i = 0; i < a->n; i++)
        if (!ref_coll_has(b, a->items + i * a->iw)) return false;
    return true;
}

/* The collection of type t for the items of a comprehension's result or a loop's source. */
static RefColl *coll_of_type(RefEval *r, const Type *t)
{
    return ref_coll_new(r, type_atom_items(t) ? NULL : t->lat, type_item_words(t));
}

static RefColl *eval_coll(RefEval *r, const Expr *e, Word *fr)
{
    Word w = 0;
    ref_expr(r, e, fr, &w);
    return ref_coll_at(w);
}

/* ---- iteration over the atoms of a set ---- */

/* The set a comprehension or quantifier over atoms ranges over, into s (its powerset's
 * words): a powerset lattice's name stands for all its atoms. */
static const Lattice *atom_source(RefEval *r, const Expr *src, Word *fr, Word **s)
{
    const Lattice *P = sema_undual(src->type->lat);
    *s = ref_words(r, P->nwords);
    const Resolution *res = src->kind == E_NAME ? src->resolved : NULL;
    if (res && res->kind == RES_LATTICE) P->ops->top(P, *s);
    else ref_expr(r, src, fr, *s);
    return P;
}

void ref_comprehension(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    if (e->a->type->kind == TY_COLL) {
        RefColl *src = eval_coll(r, e->a, fr), *res = coll_of_type(r, e->type);
        Word *img = ref_words(r, res->iw);
        for (size_t i = 0; i < src->n; i++) {
            ref_tick(r);
            memcpy(fr + e->slot, src->items + i * src->iw, src->iw * sizeof(Word));
            if (e->b && !ref_truth(r, e->b, fr)) continue;
            if (!e->c) ref_coll_add(res, src->items + i * src->iw, false);
            else {
                if (type_atom_items(e->type)) ref_expr(r, e->c, fr, img);
                else ref_expr_to_lat(r, e->c, e->type->lat, fr, img);
                ref_coll_add(res, img, true);
            }
        }
        out[0] = ref_coll_word(res);
        return;
    }
    Word *s;
    const Lattice *P = atom_source(r, e->a, fr, &s);
    size_t natoms = lattice_name_count(P);
    P->ops->bot(P, out);
    for (size_t a = 0; a < natoms; a++) {
        if (!bitset_has(s, a)) continue;
        ref_tick(r);
        fr[e->slot] = word_from_int((int64_t)a);
        if (ref_truth(r, e->b, fr)) bitset_add(out, a);
    }
}

void ref_quantifier(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    bool forall = e->op == OP_FORALL;
    out[0] = forall;
    if (e->a->type->kind == TY_COLL) {
        RefColl *src = eval_coll(r, e->a, fr);
        for (size_t i = 0; i < src->n; i++) {
            ref_tick(r);
            memcpy(fr + e->slot, src->items + i * src->iw, src->iw * sizeof(Word));
            if (ref_truth(r, e->b, fr) != forall) {
                out[0] = !forall;
                return;
            }
        }
        return;
    }
    Word *s;
    const Lattice *P = atom_source(r, e->a, fr, &s);
    size_t natoms = lattice_name_count(P);
    for (size_t a = 0; a < natoms; a++) {
        if (!bitset_has(s, a)) continue;
        ref_tick(r);
        fr[e->slot] = word_from_int((int64_t)a);
        if (ref_truth(r, e->b, fr) != forall) {
            out[0] = !forall;
            return;
        }
    }
}

/* ---- sup/inf over an interval ---- */

static void combine(const Type *t, bool up, Word *acc, const Word *v)
{
    if (t->kind == TY_LAT) {
        if (up) t->lat->ops->join(t->lat, acc, acc, v);
        else t->lat->ops->meet(t->lat, acc, acc, v);
    } else if (t->kind == TY_REAL) {
        double x = word_to_double(acc[0]), y = word_to_double(v[0]);
        acc[0] = word_from_double(up ? (y > x ? y : x) : (y < x ? y : x));
    } else {
        int64_t x = word_to_int(acc[0]), y = word_to_int(v[0]);
        acc[0] = word_from_int(up ? (y > x ? y : x) : (y < x ? y : x));
    }
}

void ref_supinf(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    const LatInfo *li = e->resolved;
    const Lattice *L = li->L;
    size_t W = L->nwords, n = sema_type_words(e->type);
    Word *lo = ref_words(r, W), *hi = ref_words(r, W), *y = ref_words(r, W), *v = ref_words(r, n);
    ref_expr_to_lat(r, e->b, L, fr, lo);
    ref_expr_to_lat(r, e->c, L, fr, hi);
    if (!L->ops->leq(L, lo, hi)) ref_fail(r, "empty interval: lo is not below hi");
    lattice_copy(L, y, lo);
    memcpy(fr + e->slot, y, W * sizeof(Word));
    ref_expr(r, e->a, fr, out);
    while (L->ops->next(L, lo, hi, y)) {
        ref_tick(r);
        memcpy(fr + e->slot, y, W * sizeof(Word));
        ref_expr(r, e->a, fr, v);
        combine(e->type, e->op == OP_JOIN, out, v);
    }
}

/* ---- lfp / gfp: Kleene iteration from bot / top until g(x) = x ---- */

void ref_fixed(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    const Lattice *L = e->type->lat;
    size_t W = L->nwords;
    Word *y = ref_words(r, W);
    if (e->op == OP_LFP) L->ops->bot(L, out);
    else L->ops->top(L, out);
    for (size_t k = 0;; k++) {
        ref_tick(r);
        memcpy(fr + e->slot, out, W * sizeof(Word));
        ref_expr_to_lat(r, e->a, L, fr, y);
        bool stable = L->ops->eq(L, out, y);
        lattice_copy(L, out, y);
        if (stable) return;
        if (k + 1 >= REF_KLEENE_LIMIT) ref_fail(r, "no fixed point after %d iterations", REF_KLEENE_LIMIT);
    }
}

/* ---- enumerations: atoms(L), elements(L), fixpoints(f) ---- */

static void atoms(RefEval *r, const Expr *e, Word *out)
{
    const LatInfo *li = e->resolved;
    const Lattice *P = sema_undual(li->L);
    size_t natoms = lattice_name_count(P);
    RefColl *c = ref_coll_new(r, li->L, P->nwords);
    Word *one = ref_words(r, P->nwords);
    for (size_t a = 0; a < natoms; a++) {
        P->ops->bot(P, one);
        bitset_add(one, a);
        ref_coll_add(c, one, false);
    }
    out[0] = ref_coll_word(c);
}

void ref_enumeration(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    if (e->vartype) {
        atoms(r, e, out);
        return;
    }
    const LatInfo *li = e->resolved;
    const Lattice *L = li->L;
    size_t W = L->nwords;
    RefColl *c = ref_coll_new(r, L, W);
    Word *lo = ref_words(r, W), *hi = ref_words(r, W), *x = ref_words(r, W), *fx = ref_words(r, W);
    L->ops->bot(L, lo);
    L->ops->top(L, hi);
    lattice_copy(L, x, lo);
    do {
        ref_tick(r);
        if (e->a) {
            memcpy(fr + e->slot, x, W * sizeof(Word));
            ref_expr_to_lat(r, e->a, L, fr, fx);
            if (!L->ops->eq(L, fx, x)) continue;
        }
        ref_coll_add(c, x, false);
    } while (L->ops->next(L, lo, hi, x));
    out[0] = ref_coll_word(c);
}

void ref_keys(RefEval *r, const Expr *e, Word *out)
{
    const LatInfo *li = e->resolved;
    RefColl *c = ref_coll_new(r, NULL, 1);
    for (size_t k = 0; k < lattice_name_count(li->L); k++) {
        Word w = word_from_int((int64_t)k);
        ref_coll_add(c, &w, false);
    }
    out[0] = ref_coll_word(c);
}

/* ---- fold: $acc := z, then $acc := step($acc, $x) for each item $x ---- */

void ref_fold(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    const LatInfo *mi = e->resolved;
    const Lattice *M = mi->L;
    size_t Wm = M->nwords, acc = (size_t)e->slot, x = acc + Wm + 2;
    RefColl *src = eval_coll(r, e->a, fr);
    ref_expr_to_lat(r, e->b, M, fr, out);
    for (size_t i = 0; i < src->n; i++) {
        ref_tick(r);
        memcpy(fr + acc, out, Wm * sizeof(Word));
        memcpy(fr + x, src->items + i * src->iw, src->iw * sizeof(Word));
        ref_expr_to_lat(r, e->c, M, fr, out);
    }
}

/* ---- the engine and the solver, through the host ---- */

static RefColl *adopt(RefEval *r, const Lattice *L, Word *items, size_t n)
{
    RefColl *c = ref_coll_new(r, L, L->nwords);
    for (size_t i = 0; i < n; i++) ref_coll_add(c, items + i * L->nwords, false);
    mem_free(items);
    return c;
}

static void approx(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    const FnEntry *fe = e->resolved;
    const Lattice *L = fe->sym.ret;
    Word *from_lo = NULL, *from_hi = NULL;
    if (e->kind == E_REFINE) {
        from_lo = ref_words(r, L->nwords);
        from_hi = ref_words(r, L->nwords);
        ref_expr_to_lat(r, e->b, L, fr, from_lo);
        ref_expr_to_lat(r, e->c, L, fr, from_hi);
    }
    if (!r->host->approx(r->host->ctx, &fe->sym, from_lo, from_hi, out, out + L->nwords, e->loc))
        ref_fail_reported(r, "the engine");
}

static void bnb(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    const FnEntry *fe = e->resolved;
    const Lattice *L = fe->sym.ret, *pair = ((const Type *)e->type->value)->lat;
    const QueryOptions *opts = r->tables->bnbs.items[e->ival];
    Word *from_lo = NULL, *from_hi = NULL;
    if (e->b) {
        from_lo = ref_words(r, L->nwords);
        from_hi = ref_words(r, L->nwords);
        ref_expr_to_lat(r, e->b, L, fr, from_lo);
        ref_expr_to_lat(r, e->c, L, fr, from_hi);
    }
    VmBnb res = { 0 };
    if (!r->host->bnb(r->host->ctx, &fe->sym, opts, from_lo, from_hi, &res, e->loc)) ref_fail_reported(r, "the engine");
    out[0] = ref_coll_word(adopt(r, L, res.points, res.npoints));
    out[1] = ref_coll_word(adopt(r, pair, res.final, res.nfinal));
    out[2] = res.complete;
}

void ref_engine(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    if (!r->host) ref_stop(r, REF_UNSUPPORTED);
    if (e->kind == E_APPROX || e->kind == E_REFINE) approx(r, e, fr, out);
    else if (e->kind == E_BNB) bnb(r, e, fr, out);
    else {
        const Lattice *L = e->type->lat;
        const ProgramSym *p = r->tables->progs.items[e->slot];
        Word *models = NULL;
        size_t n = 0;
        if (!r->host->stable(r->host->ctx, p, L, &models, &n, e->loc)) ref_fail_reported(r, "the solver");
        out[0] = ref_coll_word(adopt(r, L, models, n));
    }
}
