/* view.c: a solver as the layers above src/asp read it (asp.h): its program, sizes and shown
 * atoms, its counts of S_P evaluations, whether S_P keeps a point (a minimal and acyclic
 * one: minimal.c, acyclic.c); and the one mark they set, that its program is residual.  The
 * files of src/asp read the struct (internal.h) directly. */
#include "asp/internal.h"

const AspProgram *asp_solver_program(const AspSolver *s) { return s->prog; }

const AspAtom *asp_solver_shown(const AspSolver *s, size_t *n)
{
    *n = s->nshown;
    return s->shown;
}

void asp_solver_sizes(const AspSolver *s, size_t *natoms, size_t *nrules)
{
    *natoms = s->natoms;
    *nrules = s->nrules;
}

void asp_solver_sp_counts(const AspSolver *s, size_t *full, size_t *incremental)
{
    asp_sp_counts(s->sp, full, incremental);
}

bool asp_solver_keeps(AspSolver *s, const Word *x)
{
    Word *y = lattice_elem_new(s->L);
    bool kept = s->fn.eval(s, x, y) && memcmp(x, y, s->nwords * sizeof *y) == 0
                && asp_minimal_holds(s, x) && asp_edges_hold(s, x);
    mem_free(y);
    return kept;
}

void asp_solver_mark_residual(AspSolver *s) { s->residual = true; }
