/* project.c: #project natively, through asp_solve's model filter (search.h): a model whose
 * projection on the project atoms was met before is not given out. */
#include "asp/project.h"
#include "asp/internal.h"
#include "asp/modelset.h"
#include "asp/search.h"

struct AspProjections {
    uint32_t *atoms;              /* lattice atoms of the project atoms, each once */
    size_t n;
    Word *key;                    /* scratch: a projection as a bit set over atoms[] */
    ModelSet seen;
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

static bool accept_new(void *ctx, const Word *x)
{
    return asp_projection_is_new(ctx, x);
}

AftStatus asp_solve_projected(AspSolver *s, const AspSolveOptions *o, AspModelFn fn, void *ctx,
                              AspStats *st)
{
    AspProjections *pr = asp_projections_new(s);
    AspSolveHooks h = { .accept = accept_new, .ctx = pr };
    AftStatus r = asp_solve_hooked(s, o, &h, fn, ctx, st);
    asp_projections_free(pr);
    return r;
}
