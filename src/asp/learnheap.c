/* learnheap.c: the activity order of the split choice with learning (VSIDS): a binary heap
 * of atoms, the most active first (the earlier in the static rank on ties), so that the
 * choice costs a logarithm instead of a scan of every atom.  Assigned atoms are left in the
 * heap until they reach its top (then dropped) and put back when they are undone.  While a
 * projection's atoms are split first (project.c), a second heap of the same order holds
 * them alone, kept the same way. */
#include "asp/propstate.h"
#include "util/order.h"

/* The activity order as util/order.h sees it: most active first, the earlier in the static
 * rank on ties. */
static KeyOrder order(const AspProp *p)
{
    return (KeyOrder){ p->act.heap, p->act.hpos, p->act.activity, p->rpos };
}

/* The order of the projection's heap: the same keys. */
static KeyOrder project_order(const AspProp *p)
{
    return (KeyOrder){ p->act.pheap, p->act.phpos, p->act.activity, p->rpos };
}

static void place(AspProp *p, size_t i, uint32_t a)
{
    KeyOrder o = order(p);
    order_place(&o, i, a);
}

static void sift_up(AspProp *p, size_t i)
{
    KeyOrder o = order(p);
    order_up(&o, i);
}

static void sift_down(AspProp *p, size_t i)
{
    KeyOrder o = order(p);
    order_down(&o, p->act.hsize, i);
}

/* Does every rule that reads atom a (positively when positive, else negatively) constrain,
 * with f, the constraints' atom, as its head? */
static bool read_by_constraints_only(const AspSolver *s, uint32_t a, bool positive)
{
    const uint32_t *start = positive ? s->ostart : s->nostart, *occ = positive ? s->occ : s->nocc;
    for (uint32_t k = asp_occ_at(start, a); k < asp_occ_at(start, a + 1); k++)
        if ((long)s->head[occ[k]] != s->fatom) return false;
    return true;
}

/* Is atom b defined by the one rule b :- not h and read only by constraints, as `not b`
 * (so that h must not hold wherever such a constraint's other literals do)? */
static bool denies(const AspSolver *s, uint32_t b, uint32_t h)
{
    if (s->hstart[b + 1] - s->hstart[b] != 1) return false;
    uint32_t r = s->hrules[s->hstart[b]];
    return s->pstart[r + 1] == s->pstart[r] && s->nstart[r + 1] - s->nstart[r] == 1
        && s->neg[s->nstart[r]] == h && !asp_rule_aggregate(s, r)
        && asp_occ_at(s->ostart, b) == asp_occ_at(s->ostart, b + 1)
        && read_by_constraints_only(s, b, false);
}

/* Is atom h forbidden by the constraints: read, and only by constraints as a positive
 * literal (`:- h, B`), or through b :- not h with b read only as `:- B, not b` (how gringo
 * writes the upper bound of `{ .. } k`: h :- k + 1 { .. }, b :- not h, :- B, not b)? */
static bool forbidden(const AspSolver *s, uint32_t h)
{
    if (!read_by_constraints_only(s, h, true)) return false;
    bool read = asp_occ_at(s->ostart, h) < asp_occ_at(s->ostart, h + 1);
    for (uint32_t k = asp_occ_at(s->nostart, h); k < asp_occ_at(s->nostart, h + 1); k++) {
        uint32_t b = s->head[s->nocc[k]];
        if ((long)b == s->fatom || !denies(s, b, h)) return false;
        read = true;
    }
    return read;
}

/* The atoms whose every aggregate is one that must not hold (#count { .. } > B in a
 * constraint: gringo's h :- B + 1 { .. }, then :- h); NULL when there is none. */
static uint8_t *mark_capped(const AspSolver *s, size_t n)
{
    if (!s->bound || s->fatom < 0) return NULL;
    uint8_t *capped = NULL;
    for (uint32_t r = 0; r < s->nrules; r++) {
        if (!asp_rule_aggregate(s, r) || s->nstart[r + 1] > s->nstart[r]
            || !forbidden(s, s->head[r])) continue;
        if (!capped) capped = mem_calloc(n, 1);
        for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++) capped[s->pos[k]] = 1;
    }
    for (uint32_t r = 0; capped && r < s->nrules; r++)
        if (asp_rule_aggregate(s, r) && !forbidden(s, s->head[r]))
            for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++) capped[s->pos[k]] = 0;
    return capped;
}

/* The atoms that only rules derive: each has a rule and is no choice's atom or partner (in
 * a negative cycle of two: a :- .., not a' with a' :- .., not a, the stamp marking the heads
 * of the rules that read `not a`); an aggregate's element may be one (a nonogram's filled
 * cell, derived from a run's start and counted in its column). */
static uint8_t *mark_derived(const AspSolver *s, size_t n)
{
    uint8_t *derived = mem_calloc(n, 1);
    uint32_t *stamp = mem_calloc(n, sizeof *stamp);
    for (uint32_t a = 0; a < s->natoms; a++) {
        if ((long)a == s->fatom || s->hstart[a] == s->hstart[a + 1]) continue;
        for (uint32_t k = asp_occ_at(s->nostart, a); k < asp_occ_at(s->nostart, a + 1); k++)
            stamp[s->head[s->nocc[k]]] = a + 1;
        bool chosen = false;
        for (uint32_t j = s->hstart[a]; j < s->hstart[a + 1] && !chosen; j++) {
            uint32_t r = s->hrules[j];
            for (uint32_t k = s->nstart[r]; k < s->nstart[r + 1] && !chosen; k++)
                chosen = stamp[s->neg[k]] == a + 1;
        }
        derived[a] = !chosen;
    }
    mem_free(stamp);
    return derived;
}

/* The activities the atoms start with in a program without #minimize, MOMS-like scores
 * (clasp's --init-moms): atom a's literal true implies t others (the bodies that read `not a`
 * false, its one rule's body true), false f others (the bodies that read a false, and those
 * of its rules), and the atoms whose two halves both imply much come first (t * f, then t +
 * f), scaled so that the highest is 1, one bump: conflicts soon outweigh them, and until they
 * do the scores order the choices, from the first one (propchoice.c).  An atom only rules
 * derive scores nothing (it stays at 0, below every atom a conflict touched, until one does:
 * asp_prop_prefer_in reads that).  Measured (bench/RESULTS.md, "the search kinds still above
 * 1.2x clingo, continued"): first models (or none) of 52 compete instances 0.87x the
 * conflicts (geometric mean; 30 fewer, 16 more), the nonograms of 20-30 cells a side 0.83x;
 * with the derived atoms scored too, 0.99x over a panel of 62; under a #minimize 0.96x, but
 * the labyrinth's optima moved 0.2x-4.4x, hence not there. */
static bool score_atoms(const AspSolver *s, const uint8_t *derived, double *activity)
{
    if (asp_minimize_count(s->prog)) return false;
    double most = 0.0;
    for (uint32_t a = 0; a < s->natoms; a++) {
        if ((long)a == s->fatom || derived[a]) continue;
        double rules = s->hstart[a + 1] - s->hstart[a];
        double t = asp_occ_at(s->nostart, a + 1) - asp_occ_at(s->nostart, a) + (rules == 1);
        double f = asp_occ_at(s->ostart, a + 1) - asp_occ_at(s->ostart, a) + rules;
        activity[a] = t * f * 1024.0 + t + f;
        if (activity[a] > most) most = activity[a];
    }
    for (uint32_t a = 0; most > 0.0 && a < s->natoms; a++) activity[a] /= most;
    return most > 0.0;
}

/* An atom whose only rule's body is a conjunction (not an aggregate) and which is an
 * aggregate's element (gringo's atom for an element's condition: `1 { q(X,Y) : row(Y), not
 * blocked(X,Y) } 1` counts one atom per q(X,Y), not blocked(X,Y)): the positive atoms of
 * that body are marked as its elements too, so that learn.c's sign takes q(X,Y) for the
 * element it is (in first: it decides its group) and not for a choice's atom in no aggregate
 * (out first).  Measured (bench/RESULTS.md, "edge40b"): queens with blocked squares 40 seeds
 * 1-3 232, 433, 521 conflicts -> 256, 230, 224 (clasp 161, 128, 167); the first models of 17
 * other kinds whose atoms it marks the same conflicts.  Not under a #minimize, where the
 * marks also decide the cost's sign (features 30 s1 359 -> 440). */
static void inherit_groups(const AspSolver *s, uint8_t *grouped)
{
    for (uint32_t r = 0; r < s->nrules; r++) {
        uint32_t h = s->head[r];
        if (!grouped[h] || asp_rule_aggregate(s, r) || s->hstart[h + 1] - s->hstart[h] != 1) continue;
        for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++) grouped[s->pos[k]] |= grouped[h];
    }
}

/* The activities, signs and order of n atoms (none in the order yet; the activities 0, or
 * the initial scores above), the aggregates' elements marked (each rule's body summed once;
 * GROUP_DECIDES where the bound is at most a third of the weights), those of capped
 * aggregates alone, the atoms only rules derive, and the atoms that may found a loop (in the
 * positive body of a rule whose head is on a positive cycle). */
void asp_act_new(const AspSolver *s, AspProp *p, size_t n)
{
    AspActivity *h = &p->act;
    h->bump = 1.0;
    h->activity = mem_calloc(n, sizeof *h->activity);
    h->sign = mem_calloc(n, sizeof *h->sign);
    h->saved = mem_calloc(n, 1);
    h->grouped = mem_calloc(n, 1);
    for (uint32_t r = 0; s->bound && r < s->nrules; r++)
        if (asp_rule_aggregate(s, r)) {
            bool decides = 3 * (int64_t)s->bound[r] <= asp_rule_weight(s, r);
            for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++)
                h->grouped[s->pos[k]] |= GROUP_IN | (decides ? GROUP_DECIDES : 0);
        }
    if (!asp_minimize_count(s->prog)) inherit_groups(s, h->grouped);
    h->capped = mark_capped(s, n);
    h->derived = mark_derived(s, n);
    h->scored = score_atoms(s, h->derived, h->activity);
    if (p->uf.ncrules) h->feeds = mem_calloc(n, 1);
    for (uint32_t i = 0; i < p->uf.ncrules; i++)
        for (uint32_t k = s->pstart[p->uf.crules[i]]; k < s->pstart[p->uf.crules[i] + 1]; k++)
            h->feeds[s->pos[k]] = 1;
    h->heap = mem_alloc(n * sizeof *h->heap);
    h->hpos = mem_alloc(n * sizeof *h->hpos);
}

void asp_act_free(AspProp *p)
{
    mem_free(p->act.activity); mem_free(p->act.sign); mem_free(p->act.grouped); mem_free(p->act.saved);
    mem_free(p->act.capped); mem_free(p->act.derived); mem_free(p->act.feeds);
    mem_free(p->act.heap); mem_free(p->act.hpos);
    mem_free(p->act.pheap); mem_free(p->act.phpos);
}

/* Progress saving (RSat's, clasp's --save-progress=160 of its ASP configuration): the long
 * jumps (a restart, a backjump over more than SAVE_OVER levels) leave the values they undo as
 * the atoms' phases, which the split then follows before any other sign but a capped
 * aggregate's element's (out; learn.c's prefer_in: holding 150 W 40 seed 8 took over 348 000
 * conflicts against 101 with the saved phase first), so the search takes back much of the assignment it left instead of taking
 * every half afresh.  Not under an optimisation's bound (cost.c; the first model of a
 * #minimize program is searched without one): there the bound's and the learnt signs lead.
 * Measured (bench/RESULTS.md, "restart40c"): rotating workforce of 40 employees, 10 seeds,
 * 36 500 -> 5 200 conflicts in geometric mean (clasp 2 400), of 60, 3 seeds, over 275 000
 * -> 28 600 (clasp 26 600); 106 first models and optima of 32 kinds 0.67x, no kind above
 * 1.25x (Hamiltonian path).  Saving at every backjump (threshold 0) took the panel 0.59x but
 * graceful labelling 3.4x and nonograms 1.8x, and under the bound job shop 2.3x; with 80
 * the labyrinth took 2.3x; with 160 under the bound, timetabling 2.2x. */
void asp_act_save(AspProp *p, size_t level)
{
    if (!p->learning || p->cost || !p->act.saved || p->tr.nlevels - 1 - level <= SAVE_OVER) return;
    for (size_t i = p->tr.lstart[level + 1]; i < p->tr.qtail; i++)
        p->act.saved[p->tr.trail[i]] = p->tr.val[p->tr.trail[i]];
}

void asp_act_decay(AspActivity *act, const uint32_t *rpos, size_t natoms)
{
    act->bump *= 1.05;
    if (act->bump <= 1e100) return;
    for (size_t a = 0; a + 2 < natoms; a++) {
        act->activity[a] *= 1e-100;
        act->sign[a] *= 1e-100;
    }
    act->bump *= 1e-100;
    KeyOrder o = { act->heap, act->hpos, act->activity, rpos };
    order_build(&o, act->hsize);
    KeyOrder po = { act->pheap, act->phpos, act->activity, rpos };
    if (act->pheap) order_build(&po, act->phsize);
}

/* Atom a took part in a conflict: its activity grows by the bump, and it moves up. */
void asp_act_bump(AspProp *p, uint32_t a)
{
    p->act.activity[a] += p->act.bump;
    asp_heap_raise(p, a);
}

/* An unfounded set was found (ufs.c) and its reason stored at `at` in p->tr.ufs: under an
 * optimisation's bound, each atom of that reason gains a bump, as the atoms of a conflict
 * do (clasp scores the literals of the loop nogoods it learns, --score-other=all), without
 * a decay (that comes with conflicts).  Measured (bench/RESULTS.md, "Issue 33: the atoms of
 * a loop's reason bumped"): the labyrinth's optima (rotations with reachability), 21
 * instances, 0.68x the conflicts (geometric mean), steiner trees (12) 0.93x; in the search
 * for a first model of a Hamiltonian path (no bound) it took 2-7x the conflicts of a few
 * hundred, hence only under a bound. */
void asp_act_bump_loop(AspProp *p, uint32_t at)
{
    if (!p->cost) return;
    const uint32_t *l = p->tr.ufs.items + at;
    for (uint32_t k = 1; k <= l[0]; k++) asp_act_bump(p, l[k] >> 1);
}

void asp_heap_insert(AspProp *p, uint32_t a)
{
    if (p->act.hpos[a] != NONE) return;
    ASP_ASSERT(p->act.hsize < p->store.watches.nlists / 2);
    place(p, p->act.hsize++, a);
    sift_up(p, p->act.hsize - 1);
}

/* Atom a's activity grew: it moves up, in the projection's heap too. */
void asp_heap_raise(AspProp *p, uint32_t a)
{
    if (p->act.hpos[a] != NONE) sift_up(p, p->act.hpos[a]);
    if (p->act.phpos && p->act.phpos[a] != NONE) {
        KeyOrder o = project_order(p);
        order_up(&o, p->act.phpos[a]);
    }
}

static void pop_top(AspProp *p)
{
    ASP_ASSERT(p->act.hsize > 0);
    p->act.hpos[p->act.heap[0]] = NONE;
    if (--p->act.hsize) {
        place(p, 0, p->act.heap[p->act.hsize]);
        sift_down(p, 0);
    }
}

/* Every atom in the heap, built bottom-up in linear time (the order is strict: activity,
 * then rank, so the atoms come off it in the same order however they were placed). */
void asp_heap_reset(AspProp *p, size_t natoms)
{
    for (size_t a = 0; a < natoms; a++) place(p, a, (uint32_t)a);
    p->act.hsize = natoms;
    KeyOrder o = order(p);
    order_build(&o, natoms);
    asp_heap_project_reset(p);
}

/* ---- the projection's heap ---- */

/* The projection's heap made for natoms atoms and p->proj's atoms (empty until
 * asp_heap_project_reset), or freed (on false). */
void asp_heap_project(AspProp *p, size_t natoms, bool on)
{
    mem_free(p->act.pheap);
    mem_free(p->act.phpos);
    p->act.pheap = p->act.phpos = NULL;
    p->act.phsize = 0;
    if (!on) return;
    p->act.pheap = mem_alloc((p->proj.n + 1) * sizeof *p->act.pheap);
    p->act.phpos = mem_alloc((natoms + 1) * sizeof *p->act.phpos);
    for (size_t a = 0; a < natoms; a++) p->act.phpos[a] = NONE;
}

/* Every atom of the projection in its heap (nothing when there is none). */
void asp_heap_project_reset(AspProp *p)
{
    if (!p->act.pheap) return;
    KeyOrder o = project_order(p);
    for (size_t i = 0; i < p->proj.n; i++) order_place(&o, i, p->proj.atoms[i]);
    p->act.phsize = p->proj.n;
    order_build(&o, p->proj.n);
}

/* Atom a of the projection was undone: back in its heap. */
void asp_heap_project_insert(AspProp *p, uint32_t a)
{
    KeyOrder o = project_order(p);
    order_place(&o, p->act.phsize++, a);
    order_up(&o, p->act.phsize - 1);
}

/* The unknown atom of the projection of highest activity (of 0 too: the earliest in the
 * static rank then); SIZE_MAX when none (assigned atoms on top are dropped on the way). */
size_t asp_heap_project_best(AspProp *p)
{
    KeyOrder o = project_order(p);
    while (p->act.phsize && p->tr.val[p->act.pheap[0]] != V_UNK) {
        p->act.phpos[p->act.pheap[0]] = NONE;
        if (--p->act.phsize) {
            order_place(&o, 0, p->act.pheap[p->act.phsize]);
            order_down(&o, p->act.phsize, 0);
        }
    }
    return p->act.phsize ? p->act.pheap[0] : SIZE_MAX;
}

/* The unknown atom of highest activity; SIZE_MAX when it has none (assigned atoms on top
 * are dropped on the way). */
size_t asp_heap_best(AspProp *p)
{
    while (p->act.hsize && p->tr.val[p->act.heap[0]] != V_UNK) pop_top(p);
    if (!p->act.hsize || p->act.activity[p->act.heap[0]] <= 0.0) return SIZE_MAX;
    return p->act.heap[0];
}
