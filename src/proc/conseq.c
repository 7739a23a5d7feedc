/* conseq.c: clingo's cautious and brave consequences (the last answer of `clingo
 * --enum-mode=cautious --opt-mode=ignore 0` / `brave`: over every stable model, as the bound
 * is, not only the optimal ones of a #minimize) and the check of a bound against them. */
#include "proc/conseq.h"
#include "proc/clingo.h"
#include "asp/asp.h"
#include "util/mem.h"

#include <string.h>

/* The answers of one run as they come: only the last is kept, as a lattice element. */
typedef struct LastAnswer {
    const AspSolver *s;
    Word *x;
    bool seen;
    bool foreign;                 /* an answer named an atom fix did not give clingo */
    uint32_t atom;                /* that atom */
} LastAnswer;

static bool keep_last(void *ctx, const uint32_t *atoms, size_t n, const int64_t *costs)
{
    (void)costs;
    LastAnswer *la = ctx;
    size_t natoms = asp_atom_count(asp_solver_program(la->s));
    memset(la->x, 0, asp_solver_lattice(la->s)->nwords * sizeof *la->x);
    for (size_t k = 0; k < n; k++) {
        if (atoms[k] >= natoms) {
            la->foreign = true;
            la->atom = atoms[k];
            return false;
        }
        size_t l = asp_solver_atom_index(la->s, atoms[k]);
        la->x[l >> 6] |= (Word)1 << (l & 63);
    }
    la->seen = true;
    return true;
}

/* One run in the given enum mode; the last answer, as a lattice element, into x. */
static bool run_mode(const AspSolver *s, const Buf *prog, const char *mode, const ClingoCall *how,
                     Word *x, bool *known, bool *complete, Buf *err)
{
    const char *args[] = { mode, "--opt-mode=ignore" };
    LastAnswer last = { .s = s, .x = x };
    ClingoCall call = *how;
    call.program = prog;
    call.args = args;
    call.nargs = 2;
    call.on_model = keep_last;
    call.ctx = &last;
    ClingoAnswer ans;
    bool ok = proc_clingo_run(&call, &ans, err);
    if (last.foreign) {
        buf_printf(err, "clingo answered with an atom fix did not give it (%u)",
                   (unsigned)last.atom);
        ok = false;
    }
    if (ok && last.seen) *known = true;
    if (ans.stopped || !ans.exhausted) *complete = false;
    return ok;
}

bool proc_consequences(const AspSolver *s, Limits *limits, bool allow_scripts,
                       ProcConsequences *c, Buf *err)
{
    ClingoCall how = { .limits = limits, .allow_scripts = allow_scripts };
    c->has_model = c->cautious_known = c->brave_known = false;
    c->complete = true;
    c->cautious = lattice_elem_new(asp_solver_lattice(s));
    c->brave = lattice_elem_new(asp_solver_lattice(s));
    size_t nshown;
    const AspAtom *shown = asp_solver_shown(s, &nshown);
    Buf prog;
    buf_init(&prog);
    proc_clingo_program(asp_solver_program(s), shown, nshown, &prog);
    buf_puts(&prog, "0\n");
    bool ok = run_mode(s, &prog, "--enum-mode=cautious", &how, c->cautious,
                       &c->cautious_known, &c->complete, err)
              && run_mode(s, &prog, "--enum-mode=brave", &how, c->brave, &c->brave_known,
                          &c->complete, err);
    c->has_model = c->cautious_known || c->brave_known;
    buf_free(&prog);
    return ok;
}

void proc_consequences_free(ProcConsequences *c)
{
    mem_free(c->cautious);
    mem_free(c->brave);
    c->cautious = c->brave = NULL;
}

void proc_consequences_check(const AspSolver *s, const ProcConsequences *c, bool consistent,
                             const Word *lo, const Word *hi, AspAtom *bad, ProcBoundCheck *out)
{
    size_t nshown;
    const AspAtom *shown = asp_solver_shown(s, &nshown);
    memset(out, 0, sizeof *out);
    out->atoms = nshown;
    for (size_t i = 0; i < nshown; i++) {
        AspAtom a = shown[i];
        bool l = consistent && asp_solver_has(s, lo, a), h = consistent && asp_solver_has(s, hi, a);
        bool ca = c->cautious_known && asp_solver_has(s, c->cautious, a);
        bool br = c->brave_known && asp_solver_has(s, c->brave, a);
        out->lower += l;
        out->upper += h;
        out->cautious += ca;
        out->brave += br;
        if (consistent && ((l && !ca && c->cautious_known) || (br && !h)))
            bad[out->nbad++] = a;
    }
    out->refuted = out->nbad > 0 || (!consistent && c->has_model);
}
