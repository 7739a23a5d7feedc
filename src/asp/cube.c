/* cube.c: the cubes of the native search (cube.h): when a program is split, how it is split,
 * and the solver's search state made anew between cubes. */
#include "asp/cube.h"
#include "asp/internal.h"

#include "asp/propstate.h"

/* Lattice atoms + compiled rules + their body literals. */
static size_t solver_size(const AspSolver *s)
{
    return s->natoms + s->nrules + s->pstart[s->nrules] + s->nstart[s->nrules];
}

bool asp_cubes_apply(const AspSolver *s, const AspSolveOptions *o)
{
    if (!o || !o->jobs || o->max_models || s->natoms < ASP_CUBES_MIN_ATOMS
        || solver_size(s) > ASP_SPLIT_MAX)
        return false;
    const AftOptions *a = o->aft;
    /* an interrupt of the caller's own beside the limits' (a race's: clingo answered) would
     * not reach the cubes, whose interrupt is their cancel flag */
    bool own_interrupt = a && a->interrupt && !(a->limits && a->limits->interrupt == a->interrupt);
    return !a || (!a->budget && !a->on_event && !a->on_why && !a->no_refine && !a->refine_steps
                  && !a->rounds && !a->root_only && a->split.strategy == SPLIT_FIRST
                  && !own_interrupt);
}

unsigned asp_default_jobs(const AspSolver *s, unsigned cores)
{
    return solver_size(s) > ASP_SHARED_STATE_MAX ? 1 : cores;
}

void asp_solve_release(const AspSolver *s, const AspSolveOptions *o)
{
    if (!o || !o->release || o->release != s->prog || !s->hcf) return;
    if (o->release_packs) asp_program_pack_rules(o->release);
    else asp_program_drop_rules(o->release);
}

void asp_solver_reset_search(AspSolver *s)
{
    asp_prop_free(s->prop);
    s->prop = asp_prop_new(s);
    asp_sp_free(s->sp);
    s->sp = asp_sp_new(s);
}

/* [lo, hi] refined and pushed to out unless it holds no stable model. */
static void push_refined(AspSolver *s, BoundList *out, const Word *lo, const Word *hi, Word *nlo,
                         Word *nhi, size_t *refuted)
{
    AftStatus r = s->fn.refine(s, lo, hi, nlo, nhi);
    if (r == AFT_INVALID) {
        ++*refuted;
        return;
    }
    if (r == AFT_OK) boundlist_push(out, nlo, nhi);
    else boundlist_push(out, lo, hi);          /* not refined: searched as it is */
}

/* The free atoms of [lo, hi]. */
static size_t free_atoms(const AspSolver *s, const Word *lo, const Word *hi)
{
    size_t n = 0;
    for (size_t w = 0; w < s->nwords; w++) n += (size_t)__builtin_popcountll(hi[w] & ~lo[w]);
    return n;
}

/* Does the search try the split atom in before out (the solver's phase, asp_prop_prefer_in)?
 * The atom is the one the in half (lo_in) adds to lo.  The cubes then come in the order the
 * one search would visit them, so a split program's first model is the one search's (a
 * choice rule's atoms all in, say) and is found in the first cube. */
static bool in_half_first(AspSolver *s, const Word *lo, const Word *lo_in)
{
    for (size_t w = 0; w < s->nwords; w++)
        if (lo_in[w] != lo[w])
            return asp_prop_prefer_in(s, w * 64 + (size_t)__builtin_ctzll(lo_in[w] & ~lo[w]));
    return false;
}

/* The cube of the most free atoms that the solver can split (the first on ties), split in
 * place: its halves, refined, take its place in the list (made in *spare, which the old
 * list's block becomes: no block per split).  False when none can be split. */
static bool split_widest(AspSolver *s, BoundList *cubes, BoundList *spare, uint8_t *unsplit,
                         Word *tmp, size_t *refuted)
{
    size_t nw = s->nwords, best = SIZE_MAX, most = 0;
    for (size_t i = 0; i < cubes->count; i++) {
        size_t f = unsplit[i] ? 0 : free_atoms(s, boundlist_lo(cubes, i), boundlist_hi(cubes, i));
        if (f > most) { most = f; best = i; }
    }
    if (best == SIZE_MAX) return false;
    Word *lo1 = tmp, *hi1 = lo1 + nw, *lo2 = hi1 + nw, *hi2 = lo2 + nw, *nlo = hi2 + nw,
         *nhi = nlo + nw;
    SplitCtx how = { .strategy = SPLIT_FIRST };
    const Word *lo = boundlist_lo(cubes, best), *hi = boundlist_hi(cubes, best);
    if (!s->fn.split(s, lo, hi, &how, lo1, hi1, lo2, hi2)) {
        unsplit[best] = 1;
        return true;
    }
    BoundList next = *spare;
    next.count = 0;
    for (size_t i = 0; i < cubes->count; i++) {
        if (i != best) boundlist_push(&next, boundlist_lo(cubes, i), boundlist_hi(cubes, i));
        else if (in_half_first(s, lo, lo2)) {
            push_refined(s, &next, lo2, hi2, nlo, nhi, refuted);
            push_refined(s, &next, lo1, hi1, nlo, nhi, refuted);
        } else {
            push_refined(s, &next, lo1, hi1, nlo, nhi, refuted);
            push_refined(s, &next, lo2, hi2, nlo, nhi, refuted);
        }
    }
    long grew = (long)next.count - (long)cubes->count;      /* 1, 0 or -1 */
    memmove(unsplit + (long)best + 1 + grew, unsplit + best + 1, cubes->count - best - 1);
    for (long k = 0; k <= grew; k++) unsplit[(long)best + k] = 0;
    *spare = *cubes;
    *cubes = next;
    return true;
}

/* The list kept as each cube's words that differ from the first cube's. */
static void compact(const BoundList *b, size_t nw, AspCubes *c)
{
    memset(c, 0, sizeof *c);
    c->count = b->count;
    c->nwords = nw;
    c->start = mem_alloc((b->count + 1) * sizeof *c->start);
    c->start[0] = 0;
    if (b->count) {
        c->lo = mem_alloc((2 * nw + 1) * sizeof *c->lo);
        c->hi = c->lo + nw;
        memcpy(c->lo, boundlist_lo(b, 0), nw * sizeof *c->lo);
        memcpy(c->hi, boundlist_hi(b, 0), nw * sizeof *c->hi);
    }
    for (size_t i = 0; i < b->count; i++) {
        const Word *lo = boundlist_lo(b, i), *hi = boundlist_hi(b, i);
        for (size_t w = 0; w < nw; w++)
            if (lo[w] != c->lo[w] || hi[w] != c->hi[w])
                VEC_PUSH(c->diff, ((AspCubeWord){ lo[w], hi[w], (uint32_t)w }));
        c->start[i + 1] = c->diff.count;
    }
}

void asp_cubes_get(const AspCubes *c, size_t i, Word *lo, Word *hi)
{
    memcpy(lo, c->lo, c->nwords * sizeof *lo);
    memcpy(hi, c->hi, c->nwords * sizeof *hi);
    for (size_t k = c->start[i]; k < c->start[i + 1]; k++) {
        const AspCubeWord *d = &c->diff.items[k];
        lo[d->w] = d->lo;
        hi[d->w] = d->hi;
    }
}

void asp_cubes_keep_shard(AspCubes *c, size_t shard, size_t shards)
{
    size_t kept = 0, words = 0;
    for (size_t i = shard; i < c->count; i += shards) {
        size_t from = c->start[i], n = c->start[i + 1] - from;
        memmove(c->diff.items + words, c->diff.items + from, n * sizeof *c->diff.items);
        c->start[kept++] = words;
        words += n;
    }
    c->start[kept] = words;
    c->diff.count = words;
    c->count = kept;
}

void asp_cubes_free(AspCubes *c)
{
    mem_free(c->lo);
    mem_free(c->start);
    VEC_FREE(c->diff);
    memset(c, 0, sizeof *c);
}

/* Has the split turned into a search: ASP_CUBES_FEW halves or more dropped, more than one
 * a split?  Each dropped half costs a propagation of the cube from where the state was, with
 * nothing learnt that the cubes' searches keep: control.lp of 1500 companies dropped one half
 * at each of its 184 splits, 80% of its instructions, to be left with one cube
 * (bench/RESULTS.md, "Set-up once per solver"). */
static bool searching(size_t refuted, size_t steps)
{
    return refuted >= ASP_CUBES_FEW && 2 * refuted > steps;
}

size_t asp_cubes_make(AspSolver *s, AspCubes *out)
{
    size_t refuted = 0;
    size_t nw = s->nwords;
    if (nw > UINT32_MAX) mem_fail(nw);
    Word *tmp = mem_alloc(8 * (nw + 1) * sizeof *tmp);
    Word *lo = tmp + 6 * nw, *hi = lo + nw;
    uint8_t *unsplit = mem_calloc(ASP_CUBES_TARGET + 2, 1);
    BoundList cubes, spare;
    asp_prop_search_ready(s, s->prop);
    boundlist_init(&cubes, s->L);
    boundlist_init(&spare, s->L);
    asp_solver_initial(s, lo, hi);
    push_refined(s, &cubes, lo, hi, tmp, tmp + nw, &refuted);
    size_t steps = 0;
    for (; cubes.count && cubes.count < ASP_CUBES_TARGET && steps < ASP_CUBES_MAX_STEPS
           && !searching(refuted, steps); steps++)
        if (!split_widest(s, &cubes, &spare, unsplit, tmp, &refuted)) break;
    mem_free(unsplit);
    mem_free(tmp);
    boundlist_free(&spare);
    compact(&cubes, nw, out);
    out->searching = searching(refuted, steps);
    boundlist_free(&cubes);
    return refuted;
}
