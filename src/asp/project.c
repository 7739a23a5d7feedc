/* project.c: #project natively, through asp_solve's hooks (search.h): a model whose
 * projection on the project atoms was met before is not given out, and each model given out
 * adds the solution nogood of its projection (block.c), so that the search, which then never
 * meets that projection again, goes on learning from its conflicts. */
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

AftStatus asp_solve_projected(AspSolver *s, const AspSolveOptions *o, AspModelFn fn, void *ctx,
                              AspStats *st)
{
    Projector j = { .s = s, .pr = asp_projections_new(s), .search = *s->fn.search, .fn = s->fn };
    j.search.spent = asp_prop_block_spent;
    j.fn.search = &j.search;
    AspSolveHooks h = { .fn = &j.fn, .accept = accept_new, .ctx = &j };
    AftStatus r = asp_solve_hooked(s, o, &h, fn, ctx, st);
    asp_prop_unblock(s);
    asp_projections_free(j.pr);
    return r;
}
