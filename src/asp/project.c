/* project.c: #project natively, through asp_solve's hooks (search.h), each projection given
 * out once.
 *
 * By backtracking, storing nothing per projection (Gebser, Kaufmann and Schaub's projective
 * enumeration, clasp's default): the split takes the project atoms before any other, the
 * most active first (propchoice.c), and after a model the engine drops what it has pending
 * below the last split on a project atom and goes on from the other halves of the splits
 * above it (AftSearch's projected and given hooks, src/aft/projpath.c).  Each half differs
 * from the model in a project atom, so no projection comes twice; the nogoods learnt are the
 * program's consequences (no solution nogood), so none cuts off a projection not yet met,
 * and backjumps stay below the last model as in any enumeration (src/aft/inplace.c).
 *
 * The old way remains where the engine cannot run so (aft_bnb_projects false: --no-learn on
 * a narrow lattice, a budget, policy isolate, a split strategy other than first) and where
 * one model is asked for (asp_solve_projected says why): a model
 * whose projection was met before is not given out, and each one given out adds the
 * solution nogood of its projection (block.c), so that the search, which then never meets
 * it again, goes on learning from its conflicts.  The optimisations with #project (opt.c)
 * and the clingo back end (src/proc/backend.c) keep the projections met (asp_projection_*). */
#include "asp/project.h"
#include "asp/internal.h"
#include "asp/modelset.h"
#include "asp/search.h"

struct AspProjections {
    uint32_t *atoms;              /* lattice atoms of the project atoms, each once */
    size_t n;
    Word *key;                    /* scratch: a projection as a bit set over atoms[] */
    ModelSet seen;
    VEC(uint32_t) lits;           /* scratch: a projection's literals */
};

static void project_atoms(AspProjections *pr, const AspSolver *s)
{
    size_t n;
    const AspAtom *atoms = asp_project_atoms(s->prog, &n);
    uint8_t *taken = mem_calloc(s->natoms + 1, 1);
    pr->atoms = mem_alloc((n + 1) * sizeof *pr->atoms);
    for (size_t i = 0; i < n; i++) {
        size_t l = asp_solver_atom_index(s, atoms[i]);
        if (!taken[l]) pr->atoms[pr->n++] = (uint32_t)l;
        taken[l] = 1;
    }
    mem_free(taken);
}

AspProjections *asp_projections_new(const AspSolver *s)
{
    AspProjections *pr = mem_calloc(1, sizeof *pr);
    project_atoms(pr, s);
    pr->key = mem_calloc(pr->n / 64 + 1, sizeof *pr->key);
    modelset_init(&pr->seen, pr->n / 64 + 1);
    return pr;
}

void asp_projections_free(AspProjections *pr)
{
    if (!pr) return;
    modelset_free(&pr->seen);
    VEC_FREE(pr->lits);
    mem_free(pr->key);
    mem_free(pr->atoms);
    mem_free(pr);
}

bool asp_projection_is_new(AspProjections *pr, const Word *x)
{
    memset(pr->key, 0, (pr->n / 64 + 1) * sizeof *pr->key);
    for (size_t i = 0; i < pr->n; i++)
        if ((x[pr->atoms[i] >> 6] >> (pr->atoms[i] & 63)) & 1)
            pr->key[i >> 6] |= (Word)1 << (i & 63);
    return modelset_add(&pr->seen, pr->key);
}

bool asp_projection_block_new(AspProjections *pr, AspSolver *s, const Word *x)
{
    if (!asp_projection_is_new(pr, x)) return false;
    pr->lits.count = 0;
    for (size_t i = 0; i < pr->n; i++) {
        uint32_t a = pr->atoms[i];
        VEC_PUSH(pr->lits, 2 * a + !((x[a >> 6] >> (a & 63)) & 1));
    }
    asp_prop_block(s, pr->lits.items, pr->lits.count);
    return true;
}

/* The search of asp_solve_projected: S_P with the spent hook of solution nogoods, and the
 * projections met. */
typedef struct Projector {
    AspSolver *s;
    AspProjections *pr;
    AftSearch search;
    AftFunction fn;
} Projector;

static bool accept_new(void *ctx, const Word *x)
{
    Projector *j = ctx;
    return asp_projection_block_new(j->pr, j->s, x);
}

/* A model given out: by backtracking, always a projection not met before. */
static bool accept_by_backtracking(void *ctx, const Word *x)
{
    (void)x;
    asp_prop_give(((Projector *)ctx)->s);
    return true;
}

static AftStatus solve_by_backtracking(Projector *j, const AspSolveOptions *o, AspModelFn fn,
                                       void *ctx, AspStats *st)
{
    AspSolver *s = j->s;
    asp_prop_project(s, j->pr->atoms, j->pr->n);
    AspSolveHooks h = { .fn = &j->fn, .accept = accept_by_backtracking, .ctx = j };
    AftStatus r = asp_solve_hooked(s, o, &h, fn, ctx, st);
    asp_prop_project(s, NULL, 0);
    return r;
}

/* By backtracking where the engine can, unless one model is asked for: the first model needs
 * no projection kept, and the project atoms split first cost it conflicts, even the most
 * active first (propchoice.c): over 35 blocks world instances (#project move/3, 12-24
 * blocks) 1.38x the usual search's conflicts (geometric mean; in statement order, blocks 20
 * seed 1 took 636 590 conflicts instead of 1 141). */
AftStatus asp_solve_projected(AspSolver *s, const AspSolveOptions *o, AspModelFn fn, void *ctx,
                              AspStats *st)
{
    Projector j = { .s = s, .pr = asp_projections_new(s), .search = *s->fn.search, .fn = s->fn };
    j.fn.search = &j.search;
    j.search.projected = asp_prop_projected;
    j.search.given = asp_prop_given;
    if (!(o && o->max_models == 1) && asp_search_projects(o, &j.fn)) {
        AftStatus r = solve_by_backtracking(&j, o, fn, ctx, st);
        asp_projections_free(j.pr);
        return r;
    }
    j.search.projected = NULL;
    j.search.given = NULL;
    j.search.spent = asp_prop_block_spent;
    AspSolveHooks h = { .fn = &j.fn, .accept = accept_new, .ctx = &j };
    AftStatus r = asp_solve_hooked(s, o, &h, fn, ctx, st);
    asp_prop_unblock(s);
    asp_projections_free(j.pr);
    return r;
}
