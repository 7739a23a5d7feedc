/* galois.c: abstract interpretation of the approximation (paper Section 5.1): F and IR on an
 * abstract lattice A through two Galois insertions, bnb on C refined through A, and the check
 * of the insertion laws by enumeration.
 *
 * Soundness.  Theorem 5.9 assumes f_flat . alpha_lo <= alpha_lo . f and
 * alpha_up . f <= f_sharp . alpha_up.  The best transformers f_flat = alpha_lo . f . gamma_lo and
 * f_sharp = alpha_up . f . gamma_up satisfy these only when f is monotone: for an antitone or
 * arbitrary f, f(gamma_lo(alpha_lo(x))) is unrelated to f(x), and the restricted envelopes of
 * f_sharp / f_flat on A can cut off concrete fixed points (see the regression tests in
 * tests/unit/test_galois.c).  So the abstract envelopes here are the abstractions of the
 * concrete restricted envelopes on the concretised interval G = gamma([a, b]) = [Lc, Hc]:
 *
 *     upper#([a, b], z) = alpha_up(f^u_G(gamma_up(z) join Lc))
 *     lower#([a, b], z) = alpha_lo(f^l_G(gamma_lo(z) meet Hc))
 *
 * For a monotone f these are exactly f_sharp(z) and f_flat(z) (up to the clamp, which only
 * matters outside [a, b]); for an antitone f they are alpha_up(f(Lc)) and alpha_lo(f(Hc)); for
 * any f they cost what f's own envelopes cost on G (for ENV_BRUTE: an enumeration of a part of
 * G in C -- for a black-box f nothing less can be sound).  With them Theorem 5.9's conclusion
 * holds for every f, provided alpha_lo <= alpha_up (galois_check checks it too; the paper's
 * claim that the insertions imply it is false, e.g. C = 0..2, A = 0..1, alpha_up = (0, 0, 1),
 * gamma_up = (1, 2), alpha_lo = (0, 1, 1), gamma_lo = (0, 1)).  Argument, for B = [lo, hi] in C
 * with F(B) = [m, M] valid, and [a, b] = alpha(B), so G contains B:
 *   lower: every Kleene iterate z of F_sharp's lfp is <= alpha_lo(m).  It holds for z = a =
 *   alpha_lo(lo); and if z <= alpha_lo(m) then y = gamma_lo(z) meet Hc <= gamma_lo(alpha_lo(m))
 *   <= m, so [m, hi] is inside [y, Hc] and f^l_G(y) <= f^l_B(m) <= m, hence
 *   a join lower#(z) <= alpha_lo(m).  Dually every gfp iterate is >= alpha_up(M), and
 *   alpha_lo(m) <= alpha_lo(M) <= alpha_up(M) <= alpha_up(hi) = b, so no engine check fails:
 *   F_sharp(alpha B) is valid and contains alpha(F(B)), i.e. gamma(F_sharp(alpha B)) contains
 *   F(B) (gamma_lo(alpha_lo(m)) <= m and M <= gamma_up(alpha_up(M))).
 * Pruning in the abstract is therefore sound: if F(B) is valid then F_sharp(alpha B) is valid;
 * so F_sharp(alpha B) invalid means F(B) invalid, and B holds no fixed point.  Likewise every
 * fixed point mu in gamma([a, b]) has alpha(mu) = [alpha_lo(mu), alpha_up(mu)] inside
 * F_sharp([a, b]) (take m = M = mu above, with G itself as B), so IR on A keeps it.
 *
 * Branch-and-bound cannot run on A: a decomposition of an abstract interval into two halves
 * does not cover its concretisation (mu lies in gamma([a, b]) iff alpha(mu), an interval, lies
 * inside [a, b]; it may straddle both halves), and an abstract point z with f_sharp(z) != z
 * may still stand for concrete fixed points.  galois_bnb runs Algorithm 1 on C instead, with
 * F_C(B) = B meet gamma(F_sharp(alpha B)) as the F of IR: sound by the argument above,
 * decomposed and point-checked in C.  Its events are reported through alpha, as abstract
 * bounds, like those of galois_refine. */
#include <math.h>

#include "aft/galois.h"
#include "util/mem.h"

/* The last F_C computed by the lifted function: its bound and its two ends (in C). */
typedef struct LiftCache {
    bool valid;
    Word *lo, *hi;           /* the key: B */
    Word *low, *up;          /* gamma_lo(F_sharp lower), gamma_up(F_sharp upper), or top/bot */
} LiftCache;

struct GaloisRun {
    AftGalois g;
    AftFunction f;           /* the concrete function, on g.C */
    AftFunction abs;         /* on g.A: the sound abstract envelopes (see the top comment) */
    AftFunction lifted;      /* on g.C: its F is B meet gamma(F_sharp(alpha B)) */
    const AftOptions *o;     /* options of the call in progress (brute limit, err) */
    LiftCache cache;
};

static const char *galois_name(const GaloisRun *r)
{
    return r->g.name ? r->g.name : "G";
}

/* ---- the four maps ---- */

static bool map(const GaloisRun *r, AftMapFn fn, const Word *in, Word *out)
{
    return fn(r->g.ctx, in, out);
}

bool galois_alpha(GaloisRun *r, const Word *lo, const Word *hi, Word *alo, Word *ahi)
{
    return map(r, r->g.alpha_lo, lo, alo) && map(r, r->g.alpha_up, hi, ahi);
}

bool galois_gamma(GaloisRun *r, const Word *alo, const Word *ahi, Word *lo, Word *hi)
{
    return map(r, r->g.gamma_lo, alo, lo) && map(r, r->g.gamma_up, ahi, hi);
}

/* ---- the abstract function on A ---- */

/* Scratch elements of C for one abstract envelope. */
typedef struct CScratch { Word *lc, *hc, *y, *w; } CScratch;

static void cscratch_init(CScratch *s, const Lattice *C)
{
    lattice_elems_new(C, 4, (Word **const[]){ &s->lc, &s->hc, &s->y, &s->w });
}

static void cscratch_free(CScratch *s)
{
    mem_free(s->lc);        /* the block of all four */
}

/* [s->lc, s->hc] = gamma([a, b]); *empty when it is not an interval (then it holds nothing). */
static bool concretise(GaloisRun *r, const Word *a, const Word *b, CScratch *s, bool *empty)
{
    if (!galois_gamma(r, a, b, s->lc, s->hc)) return false;
    *empty = !lattice_interval_valid(r->g.C, s->lc, s->hc);
    return true;
}

/* upper#([a, b], z) = alpha_up(f^u_G(gamma_up(z) join Lc)), bot of A when G = gamma([a, b])
 * is empty (which makes F_sharp invalid: no fixed point to keep); dually
 * lower#([a, b], z) = alpha_lo(f^l_G(gamma_lo(z) meet Hc)), top of A when G is empty. */
static bool abs_envelope(GaloisRun *r, bool upper, const Word *a, const Word *b, const Word *z,
                         Word *out)
{
    const Lattice *C = r->g.C, *A = r->g.A;
    CScratch s;
    cscratch_init(&s, C);
    bool empty = false, ok = concretise(r, a, b, &s, &empty);
    if (ok && empty) {
        if (upper) A->ops->bot(A, out); else A->ops->top(A, out);
    } else if (ok) {
        ok = map(r, upper ? r->g.gamma_up : r->g.gamma_lo, z, s.y);
        if (ok && upper) C->ops->join(C, s.y, s.y, s.lc);
        if (ok && !upper) C->ops->meet(C, s.y, s.y, s.hc);
        if (ok) {
            AftStatus env = upper ? aft_upper(&r->f, r->o, s.lc, s.hc, s.y, s.w, NULL)
                                  : aft_lower(&r->f, r->o, s.lc, s.hc, s.y, s.w, NULL);
            ok = env == AFT_OK;
        }
        ok = ok && map(r, upper ? r->g.alpha_up : r->g.alpha_lo, s.w, out);
    }
    cscratch_free(&s);
    return ok;
}

static bool abs_upper(void *ctx, const Word *a, const Word *b, const Word *z, Word *out)
{
    return abs_envelope(ctx, true, a, b, z, out);
}

static bool abs_lower(void *ctx, const Word *a, const Word *b, const Word *z, Word *out)
{
    return abs_envelope(ctx, false, a, b, z, out);
}

/* f_sharp(z) = alpha_up(f(gamma_up(z))): the abstract function's point evaluation. */
static bool abs_eval(void *ctx, const Word *z, Word *out)
{
    GaloisRun *r = ctx;
    Word *y = lattice_elem_new(r->g.C), *fy = lattice_elem_new(r->g.C);
    bool ok = map(r, r->g.gamma_up, z, y) && r->f.eval(r->f.ctx, y, fy)
              && map(r, r->g.alpha_up, fy, out);
    mem_free(y);
    mem_free(fy);
    return ok;
}

/* ---- alpha of a concrete bound, checked ---- */

/* [alo, ahi] = alpha([lo, hi]).  AFT_INVALID when [lo, hi] is empty; AFT_ERROR when a map
 * fails or alpha gives no interval (the maps break alpha_lo <= alpha_up). */
static AftStatus alpha_bound(GaloisRun *r, const Word *lo, const Word *hi, Word *alo, Word *ahi)
{
    if (!lattice_interval_valid(r->g.C, lo, hi)) return AFT_INVALID;
    if (!galois_alpha(r, lo, hi, alo, ahi)) return AFT_ERROR;
    if (lattice_interval_valid(r->g.A, alo, ahi)) return AFT_OK;
    if (r->o && r->o->err) {
        buf_printf(r->o->err, "galois '%s': alpha([", galois_name(r));
        lattice_print_interval(r->g.C, lo, hi, r->o->err);
        buf_puts(r->o->err, "]) = ");
        lattice_print_interval(r->g.A, alo, ahi, r->o->err);
        buf_printf(r->o->err, " is not an interval: the maps must satisfy alpha_lo <= alpha_up "
                   "(see `check galois %s`)", galois_name(r));
    }
    return AFT_ERROR;
}

/* ---- the lifted function on C: F_C(B) = B meet gamma(F_sharp(alpha B)) ---- */

/* Fills the cache for B = [lo, hi]: one F_sharp on alpha(B). */
static bool lift_compute(GaloisRun *r, const Word *lo, const Word *hi)
{
    LiftCache *c = &r->cache;
    const Lattice *C = r->g.C, *A = r->g.A;
    Word *alo = lattice_elem_new(A), *ahi = lattice_elem_new(A);
    Word *nlo = lattice_elem_new(A), *nhi = lattice_elem_new(A);
    AftStatus s = alpha_bound(r, lo, hi, alo, ahi);
    if (s == AFT_OK) s = aft_F(&r->abs, r->o, alo, ahi, nlo, nhi, NULL);
    if (s == AFT_OK && !galois_gamma(r, nlo, nhi, c->low, c->up)) s = AFT_ERROR;
    if (s == AFT_INVALID) {          /* no fixed point in B: make F_C(B) invalid too */
        C->ops->top(C, c->low);
        C->ops->bot(C, c->up);
    }
    c->valid = s != AFT_ERROR;
    if (c->valid) {
        lattice_copy(C, c->lo, lo);
        lattice_copy(C, c->hi, hi);
    }
    mem_free(alo);
    mem_free(ahi);
    mem_free(nlo);
    mem_free(nhi);
    return c->valid;
}

static bool lift_ensure(GaloisRun *r, const Word *lo, const Word *hi)
{
    const Lattice *C = r->g.C;
    const LiftCache *c = &r->cache;
    if (c->valid && C->ops->eq(C, c->lo, lo) && C->ops->eq(C, c->hi, hi)) return true;
    return lift_compute(r, lo, hi);
}

/* The lifted function's points are checked with f itself. */
static bool lift_eval(void *ctx, const Word *x, Word *out)
{
    GaloisRun *r = ctx;
    return r->f.eval(r->f.ctx, x, out);
}

/* Constant in x: aft_F's lfp is lo join gamma_lo(F_sharp lower), its gfp hi meet
 * gamma_up(F_sharp upper). */
static bool lift_bound(GaloisRun *r, const Word *lo, const Word *hi, bool upper, Word *out)
{
    if (!lift_ensure(r, lo, hi)) return false;
    lattice_copy(r->g.C, out, upper ? r->cache.up : r->cache.low);
    return true;
}

static bool lift_upper(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    return lift_bound(ctx, lo, hi, true, out);
}

static bool lift_lower(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    return lift_bound(ctx, lo, hi, false, out);
}

/* ---- the run ---- */

GaloisRun *galois_run_new(const AftGalois *g, const AftFunction *f, Buf *err)
{
    if (!lattice_equal(f->L, g->C)) {
        if (err) {
            buf_printf(err, "function '%s' works on ", f->name ? f->name : "f");
            lattice_describe(f->L, err);
            buf_printf(err, ", but galois '%s' abstracts ", g->name ? g->name : "G");
            lattice_describe(g->C, err);
        }
        return NULL;
    }
    GaloisRun *r = mem_calloc(1, sizeof *r);
    r->g = *g;
    r->f = *f;
    r->abs = (AftFunction){.L = g->A, .name = f->name, .ctx = r, .eval = abs_eval,
                           .envelope = ENV_DECLARED, .upper = abs_upper, .lower = abs_lower};
    r->lifted = (AftFunction){.L = g->C, .name = f->name, .ctx = r, .eval = lift_eval,
                              .envelope = ENV_DECLARED, .upper = lift_upper,
                              .lower = lift_lower};
    LiftCache *c = &r->cache;
    c->lo = lattice_elem_new(g->C);
    c->hi = lattice_elem_new(g->C);
    c->low = lattice_elem_new(g->C);
    c->up = lattice_elem_new(g->C);
    return r;
}

void galois_run_free(GaloisRun *r)
{
    if (!r) return;
    mem_free(r->cache.lo);
    mem_free(r->cache.hi);
    mem_free(r->cache.low);
    mem_free(r->cache.up);
    mem_free(r);
}

const Lattice *galois_run_lattice(const GaloisRun *r)
{
    return r->g.A;
}

/* Every entry point starts here: the options of this call, and a fresh cache (the function's
 * context may have changed between calls). */
static void begin(GaloisRun *r, const AftOptions *o)
{
    r->o = o;
    r->cache.valid = false;
}

/* ---- F, IR ---- */

/* An abstract run: alpha, `step` on A, gamma of its result unless it is invalid or failed. */
typedef struct AbsStep {
    bool refine;             /* aft_refine (else aft_F) */
    size_t *steps;
} AbsStep;

static AftStatus abstract_run(GaloisRun *r, const AftOptions *o, const AbsStep *how,
                              const Word *lo, const Word *hi, Word *nlo, Word *nhi,
                              AftStats *st)
{
    const Lattice *A = r->g.A;
    begin(r, o);
    Word *alo = lattice_elem_new(A), *ahi = lattice_elem_new(A);
    AftStatus s = alpha_bound(r, lo, hi, alo, ahi);
    if (s == AFT_OK && how->refine) s = aft_refine(&r->abs, o, alo, ahi, alo, ahi, how->steps, st);
    else if (s == AFT_OK) s = aft_F(&r->abs, o, alo, ahi, alo, ahi, st);
    if ((s == AFT_OK || s == AFT_LIMIT) && !galois_gamma(r, alo, ahi, nlo, nhi)) s = AFT_ERROR;
    mem_free(alo);
    mem_free(ahi);
    return s;
}

AftStatus galois_F(GaloisRun *r, const AftOptions *o, const Word *lo, const Word *hi,
                   Word *nlo, Word *nhi, AftStats *st)
{
    AbsStep how = {false, NULL};
    return abstract_run(r, o, &how, lo, hi, nlo, nhi, st);
}

AftStatus galois_refine(GaloisRun *r, const AftOptions *o, const Word *lo, const Word *hi,
                        Word *nlo, Word *nhi, size_t *steps, AftStats *st)
{
    if (steps) *steps = 0;
    AbsStep how = {true, steps};
    const Lattice *C = r->g.C;
    Word *blo = lattice_elem_new(C), *bhi = lattice_elem_new(C);
    lattice_copy(C, blo, lo);
    lattice_copy(C, bhi, hi);
    AftStatus s = abstract_run(r, o, &how, lo, hi, nlo, nhi, st);
    if (s == AFT_OK || s == AFT_LIMIT) {
        /* every fixed point of B is in gamma of the result and in B: keep the intersection */
        C->ops->join(C, nlo, nlo, blo);
        C->ops->meet(C, nhi, nhi, bhi);
        if (!C->ops->leq(C, nlo, nhi)) s = AFT_INVALID;
    }
    mem_free(blo);
    mem_free(bhi);
    return s;
}

/* ---- bnb ---- */

/* Forwards bnb's concrete events to the caller as abstract bounds (alpha of each). */
typedef struct Forward {
    GaloisRun *r;
    const AftOptions *outer;
    Word *alo, *ahi;
} Forward;

static void forward_event(void *ctx, const AftEvent *ev)
{
    Forward *fw = ctx;
    AftEvent e = *ev;
    if (ev->lo && ev->hi) {
        if (!galois_alpha(fw->r, ev->lo, ev->hi, fw->alo, fw->ahi)) return;
        e.lo = fw->alo;
        e.hi = fw->ahi;
    }
    fw->outer->on_event(fw->outer->event_ctx, &e);
}

AftStatus galois_bnb(GaloisRun *r, const AftOptions *o, const Word *lo, const Word *hi,
                     BoundList *final, BoundList *fixpoints, AftStats *st)
{
    const Lattice *A = r->g.A;
    AftOptions inner = *o;
    Forward fw = {r, o, lattice_elem_new(A), lattice_elem_new(A)};
    if (o->on_event) {
        inner.on_event = forward_event;
        inner.event_ctx = &fw;
    }
    begin(r, &inner);
    AftStatus s = aft_bnb(&r->lifted, &inner, lo, hi, final, fixpoints, st);
    r->o = o;
    mem_free(fw.alo);
    mem_free(fw.ahi);
    return s;
}

/* ---- check ---- */

/* The elements of a finite lattice, in enumeration order. */
typedef struct Elems { const Lattice *L; size_t n; Word *w; } Elems;

static Word *at(const Elems *e, size_t i)
{
    return e->w + i * e->L->nwords;
}

static void elems_free(Elems *e)
{
    mem_free(e->w);
    e->w = NULL;
}

static GaloisCheck refuse(const AftGalois *g, const Lattice *L, const char *which,
                          int limit_log2, Buf *msg)
{
    buf_printf(msg, "galois '%s': the %s lattice ", g->name ? g->name : "G", which);
    lattice_describe(L, msg);
    if (!L->finite) {
        buf_puts(msg, " is infinite; the laws can only be checked by enumeration on finite "
                 "lattices");
    } else {
        buf_puts(msg, " has ");
        lattice_print_log2_size(L->log2_card, msg);
        buf_printf(msg, " elements, more than the limit of 2^%d for enumeration", limit_log2);
    }
    return GALOIS_CHECK_TOO_LARGE;
}

static GaloisCheck enumerate(const AftGalois *g, const Lattice *L, const char *which,
                             int limit_log2, Elems *e, Buf *msg)
{
    if (!L->finite || L->log2_card > (double)limit_log2)
        return refuse(g, L, which, limit_log2, msg);
    size_t n = (size_t)llround(exp2(L->log2_card)), w = L->nwords ? L->nwords : 1;
    *e = (Elems){L, 0, mem_calloc(n * w, sizeof(Word))};
    Word *bot = lattice_elem_new(L), *top = lattice_elem_new(L), *cur = lattice_elem_new(L);
    L->ops->bot(L, bot);
    L->ops->top(L, top);
    lattice_copy(L, cur, bot);
    do {
        if (e->n == n) {             /* log2_card was rounded: grow */
            n *= 2;
            e->w = mem_realloc(e->w, n * w * sizeof(Word));
        }
        lattice_copy(L, at(e, e->n++), cur);
    } while (L->ops->next(L, bot, top, cur));
    mem_free(bot);
    mem_free(top);
    mem_free(cur);
    return GALOIS_CHECK_OK;
}

/* The images of every element under one map. */
static bool images(AftMapFn fn, void *ctx, const Elems *in, const Lattice *to, Elems *out)
{
    size_t w = to->nwords ? to->nwords : 1;
    *out = (Elems){to, in->n, mem_calloc(in->n * w, sizeof(Word))};
    for (size_t i = 0; i < in->n; i++)
        if (!fn(ctx, at(in, i), at(out, i))) return false;
    return true;
}

/* Everything one check needs: both lattices enumerated and the four maps tabulated. */
typedef struct Tables {
    Elems c, a;                  /* C and A */
    Elems au, al;                /* alpha_up, alpha_lo of each element of C */
    Elems gu, gl;                /* gamma_up, gamma_lo of each element of A */
    Buf *msg;
    size_t *cases;
} Tables;

static void tables_free(Tables *t)
{
    elems_free(&t->c);
    elems_free(&t->a);
    elems_free(&t->au);
    elems_free(&t->al);
    elems_free(&t->gu);
    elems_free(&t->gl);
}

static bool leq(const Elems *e, const Word *x, const Word *y)
{
    return e->L->ops->leq(e->L, x, y);
}

static void put(Buf *msg, const Lattice *L, const Word *x)
{
    L->ops->print(L, x, msg);
}

/* Monotonicity of one tabulated map m on the elements `dom`. */
static bool check_monotone(const Tables *t, const Elems *dom, const Elems *m, const char *name)
{
    for (size_t i = 0; i < dom->n; i++) {
        for (size_t j = 0; j < dom->n; j++) {
            (*t->cases)++;
            if (!leq(dom, at(dom, i), at(dom, j)) || leq(m, at(m, i), at(m, j))) continue;
            buf_printf(t->msg, "%s is not monotone: x <= y but not %s(x) <= %s(y) for x = ",
                       name, name, name);
            put(t->msg, dom->L, at(dom, i));
            buf_puts(t->msg, ", y = ");
            put(t->msg, dom->L, at(dom, j));
            return false;
        }
    }
    return true;
}

static void adjunction_example(const Tables *t, const char *law, const char *side,
                               size_t xi, size_t ai, bool x_first)
{
    buf_printf(t->msg, "%s fails: %s for ", law, side);
    for (int k = 0; k < 2; k++) {
        if (k) buf_puts(t->msg, ", ");
        if ((k == 0) == x_first) {
            buf_puts(t->msg, "x = ");
            put(t->msg, t->c.L, at(&t->c, xi));
        } else {
            buf_puts(t->msg, "a = ");
            put(t->msg, t->a.L, at(&t->a, ai));
        }
    }
}

/* One adjunction law over every x of C and a of A (x outer for the upper law, a outer for
 * the lower): upper, alpha_up(x) <= a iff x <= gamma_up(a); lower, gamma_lo(a) <= x iff
 * a <= alpha_lo(x). */
static bool check_adjunction(const Tables *t, bool upper)
{
    size_t nouter = upper ? t->c.n : t->a.n, ninner = upper ? t->a.n : t->c.n;
    for (size_t u = 0; u < nouter; u++) {
        for (size_t v = 0; v < ninner; v++) {
            size_t i = upper ? u : v, k = upper ? v : u;      /* x = C[i], a = A[k] */
            (*t->cases)++;
            bool l = upper ? leq(&t->a, at(&t->au, i), at(&t->a, k)) : leq(&t->c, at(&t->gl, k), at(&t->c, i));
            bool r = upper ? leq(&t->c, at(&t->c, i), at(&t->gu, k)) : leq(&t->a, at(&t->a, k), at(&t->al, i));
            if (l == r) continue;
            const char *side = upper ? (l ? "alpha_up(x) <= a but not x <= gamma_up(a)"
                                          : "x <= gamma_up(a) but not alpha_up(x) <= a")
                                     : (l ? "gamma_lo(a) <= x but not a <= alpha_lo(x)"
                                          : "a <= alpha_lo(x) but not gamma_lo(a) <= x");
            adjunction_example(t, upper ? "alpha_up -| gamma_up" : "gamma_lo -| alpha_lo", side, i, k, upper);
            return false;
        }
    }
    return true;
}

/* alpha(gamma(a)) = a for one pair, with gamma already tabulated in gm. */
static bool check_insertion(const Tables *t, AftMapFn alpha, void *ctx, const Elems *gm,
                            const char *an, const char *gn, bool *failed)
{
    const Lattice *A = t->a.L;
    Word *v = lattice_elem_new(A);
    bool ok = true;
    for (size_t k = 0; k < t->a.n && ok; k++) {
        (*t->cases)++;
        if (!alpha(ctx, at(gm, k), v)) {
            *failed = true;
            ok = false;
        } else if (!A->ops->eq(A, v, at(&t->a, k))) {
            buf_printf(t->msg, "insertion law %s(%s(a)) = a fails: %s(%s(a)) = ", an, gn, an, gn);
            put(t->msg, A, v);
            buf_puts(t->msg, " for a = ");
            put(t->msg, A, at(&t->a, k));
            ok = false;
        }
    }
    mem_free(v);
    return ok;
}

/* alpha_lo(x) <= alpha_up(x): needed for alpha(B) to be an interval (see the top comment). */
static bool check_alpha_order(const Tables *t)
{
    const Lattice *A = t->a.L;
    for (size_t i = 0; i < t->c.n; i++) {
        (*t->cases)++;
        if (leq(&t->a, at(&t->al, i), at(&t->au, i))) continue;
        buf_puts(t->msg, "alpha_lo <= alpha_up fails: alpha_lo(x) = ");
        put(t->msg, A, at(&t->al, i));
        buf_puts(t->msg, " is not below alpha_up(x) = ");
        put(t->msg, A, at(&t->au, i));
        buf_puts(t->msg, " for x = ");
        put(t->msg, t->c.L, at(&t->c, i));
        return false;
    }
    return true;
}

static GaloisCheck check_laws(const AftGalois *g, const Tables *t)
{
    bool failed = false;
    bool ok = check_monotone(t, &t->c, &t->au, "alpha_up")
              && check_monotone(t, &t->a, &t->gu, "gamma_up")
              && check_monotone(t, &t->c, &t->al, "alpha_lo")
              && check_monotone(t, &t->a, &t->gl, "gamma_lo")
              && check_adjunction(t, true) && check_adjunction(t, false)
              && check_insertion(t, g->alpha_up, g->ctx, &t->gu, "alpha_up", "gamma_up", &failed)
              && check_insertion(t, g->alpha_lo, g->ctx, &t->gl, "alpha_lo", "gamma_lo", &failed)
              && check_alpha_order(t);
    if (failed) return GALOIS_CHECK_ERROR;
    return ok ? GALOIS_CHECK_OK : GALOIS_CHECK_FAILS;
}

GaloisCheck galois_check(const AftGalois *g, int limit_log2, Buf *msg, size_t *cases)
{
    size_t dummy = 0;
    if (!cases) cases = &dummy;
    *cases = 0;
    Tables t = {.msg = msg, .cases = cases};
    GaloisCheck r = enumerate(g, g->C, "concrete", limit_log2, &t.c, msg);
    if (r == GALOIS_CHECK_OK) r = enumerate(g, g->A, "abstract", limit_log2, &t.a, msg);
    if (r == GALOIS_CHECK_OK) {
        bool ok = images(g->alpha_up, g->ctx, &t.c, g->A, &t.au)
                  && images(g->alpha_lo, g->ctx, &t.c, g->A, &t.al)
                  && images(g->gamma_up, g->ctx, &t.a, g->C, &t.gu)
                  && images(g->gamma_lo, g->ctx, &t.a, g->C, &t.gl);
        r = ok ? check_laws(g, &t) : GALOIS_CHECK_ERROR;
    }
    tables_free(&t);
    return r;
}
