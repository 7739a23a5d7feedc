/* refine.c: the F operator on intervals and iterative refinement IR (paper Section 5). */
#include <math.h>

#include "aft/aft.h"
#include "util/mem.h"

/* Stopping rule on non-finite (real) lattices.  Kleene iterations and IR stop when a step
 * moves less than `grid`, measured with L->ops->height, which counts steps of the lattice's
 * own tolerance grid (for a product, over all components).  grid is 1 (one tolerance step)
 * unless o->tolerance is set and the lattice itself has a grid step (lattice_tolerance: a
 * real interval); for products and maps of reals o->tolerance cannot be converted generically
 * and the parts' own tolerances are used.  Stopping early is sound: a lfp iterate is below
 * the true lfp, a gfp iterate above the true gfp. */
static double small_grid(const Lattice *L, const AftOptions *o)
{
    double step = lattice_tolerance(L);
    if (o->tolerance > 0 && step > 0) return o->tolerance / step;
    return 1.0;
}

static bool moved_small(const Lattice *L, double grid, const Word *from, const Word *to)
{
    return L->ops->leq(L, from, to) && L->ops->height(L, from, to) < grid;
}

static size_t kleene_limit(const AftOptions *o)
{
    return o->kleene_limit ? o->kleene_limit : 1000000;
}

void aft_options_default(AftOptions *o)
{
    *o = (AftOptions){0};
    o->split.strategy = SPLIT_WIDEST;
}

/* Is x on the right side of the end e of B: x <= e (below), or e <= x?  On a real lattice
 * an overshoot of less than one tolerance step is rounding: x is clamped to e (lowering a
 * lower bound or raising an upper one is sound). */
static bool fits(const Lattice *L, Word *x, const Word *e, bool below, Word *tmp)
{
    if (below ? L->ops->leq(L, x, e) : L->ops->leq(L, e, x)) return true;
    if (L->finite) return false;
    if (below) L->ops->join(L, tmp, e, x);
    else L->ops->meet(L, tmp, e, x);
    if ((below ? L->ops->height(L, e, tmp) : L->ops->height(L, tmp, e)) >= 1.0) return false;
    if (below) L->ops->meet(L, x, x, e);
    else L->ops->join(L, x, x, e);
    return true;
}

static bool fits_below(const Lattice *L, Word *x, const Word *hi, Word *tmp) { return fits(L, x, hi, true, tmp); }
static bool fits_above(const Lattice *L, Word *x, const Word *lo, Word *tmp) { return fits(L, x, lo, false, tmp); }

/* Scratch elements of one F application. */
typedef struct Scratch { Word *a, *b, *env, *next, *tmp; } Scratch;

static void scratch_init(Scratch *s, const Lattice *L)
{
    lattice_elems_new(L, 5, (Word **const[]){ &s->a, &s->b, &s->env, &s->next, &s->tmp });
}

static void scratch_free(Scratch *s)
{
    mem_free(s->a);         /* the block of all five */
}

void aft_why(const AftFunction *f, const AftOptions *o, const AftWhy *w)
{
    if (o->on_why) o->on_why(o->why_ctx, f->L, w);
}

/* A step of F's Kleene iteration, for explanations (AftWhy, WHY_PHI). */
static void why_phi(const AftFunction *f, const AftOptions *o, bool up, bool ok, const Word *lo,
                    const Word *hi, const Word *x, const Word *env, const Word *next)
{
    AftWhy w = {.kind = WHY_PHI, .up = up, .ok = ok, .envelope = f->envelope, .node = -1,
                .lo = lo, .hi = hi, .x = x, .env = env, .y = next};
    aft_why(f, o, &w);
}

/* Any other record of an IR (WHY_CROSS, WHY_F, WHY_CONTRACT, WHY_NATIVE). */
static void why_ir(const AftFunction *f, const AftOptions *o, AftWhyKind kind, bool ok, size_t step,
                   const Word *lo, const Word *hi, const Word *x, const Word *y)
{
    if (!o->on_why) return;
    AftWhy w = {.kind = kind, .ok = ok, .envelope = f->envelope, .step = step, .node = -1,
                .lo = lo, .hi = hi, .x = x, .y = y};
    aft_why(f, o, &w);
}

/* One step of phi_l(x) = lo join f^l_B(x) (up) or of phi_u(x) = hi meet f^u_B(x), which must
 * stay inside B = [lo, hi]. */
typedef struct PhiStep {
    const AftFunction *f;
    const AftOptions *o;
    const Word *lo, *hi;
    bool up;
    Scratch *s;
    AftStats *st;
} PhiStep;

static AftStatus phi_step(void *ctx, const Word *x, Word *next)
{
    PhiStep *p = ctx;
    const Lattice *L = p->f->L;
    Scratch *s = p->s;
    AftStatus r = p->up ? aft_lower(p->f, p->o, p->lo, p->hi, x, s->env, p->st)
                        : aft_upper(p->f, p->o, p->lo, p->hi, x, s->env, p->st);
    if (r != AFT_OK) return r;
    bool ok;
    if (p->up) {
        L->ops->join(L, next, p->lo, s->env);
        ok = fits_below(L, next, p->hi, s->tmp);
    } else {
        L->ops->meet(L, next, p->hi, s->env);
        ok = fits_above(L, next, p->lo, s->tmp);
    }
    if (p->o->on_why) why_phi(p->f, p->o, p->up, ok, p->lo, p->hi, x, s->env, next);
    return ok ? AFT_OK : AFT_INVALID;
}

/* s->a = lfp_B(phi_l), iterated up from lo (up), or s->b = gfp_B(phi_u), down from hi. */
static AftStatus kleene(const AftFunction *f, const AftOptions *o, const Word *lo, const Word *hi,
                        bool up, Scratch *s, AftStats *st)
{
    PhiStep p = { f, o, lo, hi, up, s, st };
    AftKleene k = { f->L, up, small_grid(f->L, o), kleene_limit(o), phi_step, &p };
    Word *x = up ? s->a : s->b;
    lattice_copy(f->L, x, up ? lo : hi);
    size_t steps;
    bool settled;
    return aft_kleene(&k, o, x, s->next, &steps, &settled);
}

/* Antitone f: phi_l and phi_u are constant, so F([lo, hi]) = [lo join f(hi), hi meet f(lo)]. */
static AftStatus antitone_step(const AftFunction *f, const AftOptions *o, const Word *lo,
                               const Word *hi, Scratch *s, AftStats *st)
{
    const Lattice *L = f->L;
    AftStatus r = aft_lower(f, o, lo, hi, lo, s->env, st);
    if (r != AFT_OK) return r;
    L->ops->join(L, s->a, lo, s->env);
    bool ok = fits_below(L, s->a, hi, s->tmp);
    if (o->on_why) why_phi(f, o, true, ok, lo, hi, lo, s->env, s->a);
    if (!ok) return AFT_INVALID;
    if ((r = aft_upper(f, o, lo, hi, hi, s->env, st)) != AFT_OK) return r;
    L->ops->meet(L, s->b, hi, s->env);
    ok = fits_above(L, s->b, lo, s->tmp);
    if (o->on_why) why_phi(f, o, false, ok, lo, hi, hi, s->env, s->b);
    return ok ? AFT_OK : AFT_INVALID;
}

AftStatus aft_F(const AftFunction *f, const AftOptions *o, const Word *lo, const Word *hi,
                Word *nlo, Word *nhi, AftStats *st)
{
    const Lattice *L = f->L;
    AftStats dummy = {0};
    if (!st) st = &dummy;
    st->f_calls++;
    Scratch s;
    scratch_init(&s, L);
    AftStatus r;
    if (f->envelope == ENV_ANTITONE) {
        r = antitone_step(f, o, lo, hi, &s, st);
    } else {
        r = kleene(f, o, lo, hi, true, &s, st);
        if (r == AFT_OK) r = kleene(f, o, lo, hi, false, &s, st);   /* Jacobi: same old B */
    }
    if (r == AFT_OK && !fits_below(L, s.a, s.b, s.tmp)) {
        r = AFT_INVALID;
        why_ir(f, o, WHY_CROSS, false, 0, lo, hi, s.a, s.b);
    }
    if (r == AFT_OK) {
        lattice_copy(L, nlo, s.a);
        lattice_copy(L, nhi, s.b);
    }
    scratch_free(&s);
    return r;
}

/* IR stops when F left the bound unchanged, or on a real lattice when neither end moved by a
 * tolerance step (see small_grid): when it moved a little and the bound is wider than the
 * tolerance, that is slow progress, not convergence (AftStats.slow). */
static bool refine_stable(const Lattice *L, double grid, const Word *olo, const Word *ohi,
                          const Word *nlo, const Word *nhi)
{
    if (L->ops->eq(L, olo, nlo) && L->ops->eq(L, ohi, nhi)) return true;
    return !L->finite && moved_small(L, grid, olo, nlo) && moved_small(L, grid, nhi, ohi);
}

static void emit_step(const AftOptions *o, size_t k, const Word *lo, const Word *hi)
{
    if (!o->on_event) return;
    AftEvent ev = {.kind = EV_REFINE_STEP, .step = k, .id = -1, .parent = -1, .other = -1,
                   .lo = lo, .hi = hi};
    o->on_event(o->event_ctx, &ev);
}

/* IR by the function's own refine hook, as one step.  A limit already hit stops it before
 * the call, with [lo, hi] itself as the (sound) result. */
static AftStatus refine_native(const AftFunction *f, const AftOptions *o, double deadline,
                               bool emit, const Word *lo, const Word *hi, Word *nlo, Word *nhi,
                               size_t *steps, AftStats *st)
{
    const char *why = aft_limit_hit(o, deadline, st);
    if (steps) *steps = 0;
    if (why) {
        st->stopped_by = why;
        if (nlo != lo) lattice_copy(f->L, nlo, lo);
        if (nhi != hi) lattice_copy(f->L, nhi, hi);
        return AFT_LIMIT;
    }
    st->f_calls++;
    st->eval_calls++;
    AftStatus r = f->refine(f->ctx, lo, hi, nlo, nhi);
    if (steps) *steps = 1;
    why_ir(f, o, WHY_NATIVE, r == AFT_OK, 1, lo, hi, nlo, nhi);
    if (r == AFT_OK && emit) emit_step(o, 1, nlo, nhi);
    return r;
}

/* The function's contraction of [lo, hi] after F step k, in place (recorded when asked). */
static AftStatus contract(const AftFunction *f, const AftOptions *o, size_t k, Word *lo, Word *hi)
{
    if (!o->on_why) return f->contract(f->ctx, lo, hi, lo, hi);
    const Lattice *L = f->L;
    Word *plo = lattice_elem_new(L), *phi = lattice_elem_new(L);
    lattice_copy(L, plo, lo);
    lattice_copy(L, phi, hi);
    AftStatus r = f->contract(f->ctx, lo, hi, lo, hi);
    bool moved = !L->ops->eq(L, plo, lo) || !L->ops->eq(L, phi, hi);
    if (r != AFT_OK || moved) why_ir(f, o, WHY_CONTRACT, r == AFT_OK, k, plo, phi, lo, hi);
    mem_free(plo);
    mem_free(phi);
    return r;
}

static AftStatus refine_loop(const AftFunction *f, const AftOptions *o, double deadline,
                             bool emit, const Word *lo, const Word *hi, Word *nlo, Word *nhi,
                             size_t *steps, AftStats *st)
{
    const Lattice *L = f->L;
    if (o->no_refine) {
        lattice_copy(L, nlo, lo);
        lattice_copy(L, nhi, hi);
        if (steps) *steps = 0;
        return AFT_OK;
    }
    if (f->refine && !o->refine_steps)
        return refine_native(f, o, deadline, emit, lo, hi, nlo, nhi, steps, st);
    Word *clo = lattice_elem_new(L), *chi = lattice_elem_new(L);
    Word *xlo = lattice_elem_new(L), *xhi = lattice_elem_new(L);
    double grid = small_grid(L, o);
    lattice_copy(L, clo, lo);
    lattice_copy(L, chi, hi);
    size_t k = 0;
    AftStatus r = AFT_OK;
    while ((!o->refine_steps || k < o->refine_steps) && (!o->crawl_steps || k < o->crawl_steps)) {
        const char *why = aft_limit_hit(o, deadline, st);
        if (why) {
            st->stopped_by = why;
            r = AFT_LIMIT;
            break;
        }
        if ((r = aft_F(f, o, clo, chi, xlo, xhi, st)) != AFT_OK) break;
        why_ir(f, o, WHY_F, true, k + 1, clo, chi, xlo, xhi);
        if (f->contract && !o->refine_steps && (r = contract(f, o, k + 1, xlo, xhi)) != AFT_OK) break;
        k++;
        if (emit) emit_step(o, k, xlo, xhi);
        bool stable = refine_stable(L, grid, clo, chi, xlo, xhi);
        bool same = L->ops->eq(L, clo, xlo) && L->ops->eq(L, chi, xhi);
        lattice_copy(L, clo, xlo);
        lattice_copy(L, chi, xhi);
        if (stable) {
            st->slow = !same && !L->ops->is_point(L, clo, chi);   /* moved a little, still wide */
            break;
        }
    }
    if (r == AFT_OK || r == AFT_LIMIT) {
        lattice_copy(L, nlo, clo);
        lattice_copy(L, nhi, chi);
    }
    if (steps) *steps = k;
    mem_free(clo);
    mem_free(chi);
    mem_free(xlo);
    mem_free(xhi);
    return r;
}

AftStatus aft_refine_run(const AftFunction *f, const AftOptions *o, double deadline,
                         const Word *lo, const Word *hi, Word *nlo, Word *nhi, size_t *steps,
                         AftStats *st)
{
    return refine_loop(f, o, deadline, false, lo, hi, nlo, nhi, steps, st);
}

AftStatus aft_refine(const AftFunction *f, const AftOptions *o, const Word *lo, const Word *hi,
                     Word *nlo, Word *nhi, size_t *steps, AftStats *st)
{
    AftStats dummy;
    if (!st) st = &dummy;
    *st = (AftStats){0};
    st->log2_S_final = -INFINITY;
    st->log2_IR_init = -INFINITY;
    st->ir_calls = 1;
    double deadline = o->timeout_s > 0 ? aft_clock() + o->timeout_s : 0;
    why_ir(f, o, WHY_IR, true, 0, lo, hi, NULL, NULL);
    return refine_loop(f, o, deadline, true, lo, hi, nlo, nhi, steps, st);
}
