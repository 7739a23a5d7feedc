/* run_stable.c: stable P: grounds or converts the program, solves it, reports its models. */
#include "app/run_internal.h"

#include <string.h>

#include "app/explain_asp.h"
#include "asp/asp.h"
#include "report/html.h"
#include "proc/gringo.h"
#include "util/bitset.h"
#include "util/mem.h"

/* ---- stable P ---- */

/* The models found so far, their atoms' names copied into the arena (the program that names
 * them is freed before the result is reported): each atom's name once, kept in `copy` by
 * atom for the program the models come from (`of`), which all models share. */
typedef struct ModelsCtx {
    VEC(StableModel) models;
    Arena *arena;
    const AspProgram *of;
    const char **copy;            /* per atom of `of`: its name in the arena, or NULL */
} ModelsCtx;

static bool collect_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    ModelsCtx *c = ctx;
    if (c->of != p) {             /* the first model, or another program (a safe reset) */
        mem_free(c->copy);
        c->copy = mem_calloc(asp_atom_count(p) + 1, sizeof *c->copy);
        c->of = p;
    }
    const char **names = arena_alloc(c->arena, (n ? n : 1) * sizeof *names);
    for (size_t i = 0; i < n; i++) {
        const char **name = &c->copy[atoms[i]];
        if (!*name) *name = arena_strndup(c->arena, asp_atom_name(p, atoms[i]), asp_atom_name_len(p, atoms[i]));
        names[i] = *name;
    }
    VEC_PUSH(c->models, ((StableModel){ names, n }));
    return true;
}

/* The program of ps, or NULL after an error reported: one of grounding its file, for the
 * statement at loc (procerr.h), or one of the block's rules, at the rule. */
static AspProgram *program_of(Session *s, const ProgramSym *ps, Loc loc, Buf *err)
{
    if (!ps->resolved_file) return asp_program_of_block(ps->decl, &s->diag, err);
    const char *files[1] = { ps->resolved_file };
    ProcLoadOptions load = { .allow_scripts = s->opt.allow_scripts, .limits = &s->limits };
    ProcError why;
    proc_error_init(&why);
    AspProgram *p = proc_ground_lp(files, 1, &load, &why);
    if (!p) proc_error_report_at(&s->diag, loc, &why);
    proc_error_free(&why);
    return p;
}

/* `stable` lists stable models: a #minimize or #project of the program is said to be left
 * out, so the list is not read as the optimal models or the projections. */
static void note_unapplied(Session *s, const QueryPlan *plan, const AspProgram *p)
{
    if (asp_minimize_count(p))
        diag_note(&s->diag, plan->loc, "the program's #minimize is not applied: stable lists every "
                  "stable model (`fix asp --opt-mode optN` gives the optimal ones)");
    if (asp_has_project(p))
        diag_note(&s->diag, plan->loc, "the program's #project is not applied: stable lists every "
                  "stable model (`fix asp` projects)");
}

/* The program of ps and its solver (*p and the result, both to free), or NULL after an
 * error reported at loc. */
static AspSolver *solver_of(Session *s, const ProgramSym *ps, Loc loc, AspProgram **p, Buf *err)
{
    *p = program_of(s, ps, loc, err);
    if (!*p) return NULL;
    AspSolver *solver = asp_solver_new(*p);
    if (asp_solver_native(solver, NULL, err)) return solver;
    diag_error(&s->diag, loc, "program '%s': %s", ps->name, buf_cstr(err));  /* its search would give wrong models */
    asp_solver_free(solver);
    asp_program_free(*p);
    return NULL;
}

/* The page's explanation of a stable query over a program block: fix explain --json's object
 * for its well-founded bound and its models (all of them when the query found all, up to
 * PAGE_WHY_MODELS), so that clicking an atom shows why; a program of more than PAGE_WHY_RULES
 * rules is left out (its page would be too heavy). */
enum { PAGE_WHY_RULES = 5000, PAGE_WHY_MODELS = 64 };

static void page_explanation(Session *s, const QueryPlan *plan, const AspProgram *p, size_t models)
{
    const ProgramSym *ps = plan->program;
    if (!s->page || ps->resolved_file || asp_rule_count(p) > PAGE_WHY_RULES || models > PAGE_WHY_MODELS)
        return;
    Buf json;
    buf_init(&json);
    Diag quiet;
    diag_init(&quiet, NULL);
    ExplainAspOptions eo = { .json = true, .models = models, .limits = &s->limits };
    if (explain_asp_block(ps->decl, plan->loc.src->path, &eo, &json, &quiet) == 0) {
        while (json.len && json.data[json.len - 1] == '\n') json.data[--json.len] = '\0';
        html_query_explain(s->page, buf_cstr(&json));
    }
    diag_free(&quiet);
    buf_free(&json);
}

bool run_stable(Session *s, const QueryPlan *plan)
{
    ProgramSym *ps = plan->program;
    Buf err; buf_init(&err);
    AspProgram *p;
    AspSolver *solver = solver_of(s, ps, plan->loc, &p, &err);
    if (!solver) {
        buf_free(&err);
        return false;
    }
    note_unapplied(s, plan, p);
    AftOptions o;
    TraceCtx trace;
    run_trace_init(&trace, s, asp_solver_lattice(solver), plan->opt.trace);
    if (trace.tree) { dot_tree_free(trace.tree); trace.tree = NULL; }
    run_engine_options(s, &plan->opt, &o, &err, &trace);
    asp_search_defaults(&o);                  /* `stable` takes no split: the solver's choice */
    AspSolveOptions so = { .max_models = plan->opt.models > 0 ? (size_t)plan->opt.models : 0, .aft = &o };
    Arena arena; arena_init(&arena);
    ModelsCtx mc = { .arena = &arena };
    AspStats st;
    memset(&st, 0, sizeof st);
    AftStatus status = asp_solve(solver, &so, collect_model, &mc, &st);
    bool ok = status != AFT_ERROR;
    if (!ok) {
        session_engine_error(s, plan->loc, &err);
    } else {
        QueryResult r = { .kind = Q_STABLE, .target = ps->name,
                          .u.stable = { .models = mc.models.items, .count = mc.models.count,
                                        .complete = status == AFT_OK && st.complete } };
        if (status == AFT_LIMIT) {
            r.status = RS_LIMIT;
            r.message = mem_strdup(run_stop_reason_text(st.aft.stopped_by));
        } else if (!st.complete && plan->opt.models > 0) {      /* `models N` met: there may be more */
            Buf why;
            buf_init(&why);
            buf_printf(&why, "models %ld", plan->opt.models);
            r.message = mem_strdup(buf_cstr(&why));
            buf_free(&why);
        }
        session_emit(s, &r);
        if (mc.models.count) page_explanation(s, plan, p, mc.models.count);
        mem_free(r.message);
    }
    run_trace_done(&trace);
    VEC_FREE(mc.models);
    mem_free(mc.copy);
    arena_free(&arena);
    asp_solver_free(solver);
    asp_program_free(p);
    buf_free(&err);
    return ok;
}

/* ---- stable(P) inside an expression (the VM's host) ---- */

/* The models found so far as elements of the checker's powerset over the block's atoms. */
typedef struct ValueModels { const Lattice *L; VEC(Word) words; bool unknown_atom; } ValueModels;

static bool collect_value(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    ValueModels *v = ctx;
    size_t W = v->L->nwords, at = v->words.count;
    for (size_t i = 0; i < W; i++) VEC_PUSH(v->words, 0);
    for (size_t i = 0; i < n; i++) {
        long a = lattice_name_index(v->L, asp_atom_name(p, atoms[i]));
        if (a < 0) {
            v->unknown_atom = true;
            return false;
        }
        bitset_add(v->words.items + at, (size_t)a);
    }
    return true;
}

/* stable(P): every stable model, or an error: a search a limit stopped is no value. */
bool run_value_stable(void *ctx, const ProgramSym *ps, const Lattice *L, Word **models, size_t *n, Loc where)
{
    Session *s = ctx;
    Buf err; buf_init(&err);
    AspProgram *p;
    AspSolver *solver = solver_of(s, ps, where, &p, &err);
    if (!solver) {
        buf_free(&err);
        return false;
    }
    QueryOptions none = query_options_unset();
    AftOptions o;
    TraceCtx trace;
    run_trace_init(&trace, s, asp_solver_lattice(solver), false);
    run_engine_options(s, &none, &o, &err, &trace);
    asp_search_defaults(&o);
    AspSolveOptions so = { .max_models = 0, .aft = &o };
    ValueModels v = { .L = L };
    AspStats st;
    memset(&st, 0, sizeof st);
    AftStatus status = asp_solve(solver, &so, collect_value, &v, &st);
    bool ok = status == AFT_OK && st.complete && !v.unknown_atom;
    if (status == AFT_ERROR) session_engine_error(s, where, &err);
    else if (v.unknown_atom) diag_error(&s->diag, where, "stable(%s): a model names an atom the block does not", ps->name);
    else if (!ok && !limits_poll(&s->limits))
        diag_error(&s->diag, where, "stable(%s) stopped by %s before every model was found: no value", ps->name,
                   run_stop_reason_text(st.aft.stopped_by));
    *n = ok ? v.words.count / (L->nwords ? L->nwords : 1) : 0;
    if (ok && !L->nwords) *n = st.models;
    *models = ok ? mem_alloc((v.words.count + 1) * sizeof **models) : NULL;
    if (ok && v.words.count) memcpy(*models, v.words.items, v.words.count * sizeof **models);
    VEC_FREE(v.words);
    run_trace_done(&trace);
    asp_solver_free(solver);
    asp_program_free(p);
    buf_free(&err);
    return ok;
}
