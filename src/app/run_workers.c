/* run_workers.c: the workers of --jobs N for one query on a declared function: per worker a
 * VM of its own (its stack, memo table, kept lfps and collections; its runtime errors go to a
 * Diag of its own that prints nothing), interval evaluators of its own, a copy of the query's
 * limits (the interrupt flag shared, and the engine's stop flag), and the function as the
 * engine sees it.  What they share is read only: the compiled chunks, the lattices, the
 * function's symbol.  docs/architecture.md, "Threads". */
#include "app/run_internal.h"

#include "util/mem.h"
#include "util/workpool.h"

/* A worker's function context on cache lines of its own: its counters (derived, gave_up)
 * are written on every envelope call. */
typedef struct WorkerCtx { _Alignas(MEM_LINE) FnCtx c; } WorkerCtx;

struct RunWorkers {
    Session *s;                   /* its worker_vms gets the VMs' counts */
    unsigned jobs;
    AftWorkers aw;
    AftFunction *fns;
    WorkerCtx *ctxs;
    Limits *limits;
    Diag *diags;
};

unsigned run_jobs(const Session *s, const QueryOptions *q)
{
    if (q && q->jobs > 0) return (unsigned)q->jobs;
    return s->opt.jobs ? s->opt.jobs : workpool_cpus();
}

/* Worker k: its limits, VM, evaluators and function. */
static void worker_init(RunWorkers *w, unsigned k, Session *s, const FnCtx *main)
{
    Limits *l = &w->limits[k];
    *l = s->limits;
    l->hit = NULL;
    l->stop = &w->aw.stop;
    diag_init(&w->diags[k], NULL);
    Vm *vm = vm_new(&w->diags[k]);
    vm_set_limits(vm, s->opt.max_steps, l);
    vm_set_evaluator(vm, s->opt.max_depth, !s->opt.no_memo);
    FnCtx *c = &w->ctxs[k].c;
    *c = (FnCtx){ .context = main->context, .fn = main->fn, .where = main->where,
                  .envelope = main->envelope, .vm = vm };
    c->abs = absvm_new(l);
    if (main->exact) {
        c->exact = absvm_new(l);
        absvm_set_total(c->exact, true);
    }
    run_fn_as_aft(&w->fns[k], c);
}

RunWorkers *run_workers_new(Session *s, const FnCtx *main, unsigned jobs)
{
    if (jobs <= 1) return NULL;
    RunWorkers *w = mem_calloc(1, sizeof *w);
    w->s = s;
    w->jobs = jobs;
    w->fns = mem_calloc(jobs, sizeof *w->fns);
    w->ctxs = mem_calloc_lines(jobs, sizeof *w->ctxs);
    w->limits = mem_calloc(jobs, sizeof *w->limits);
    w->diags = mem_calloc(jobs, sizeof *w->diags);
    for (unsigned k = 0; k < jobs; k++) worker_init(w, k, s, main);
    w->aw = (AftWorkers){ .jobs = jobs, .fns = w->fns, .limits = w->limits };
    return w;
}

AftWorkers *run_workers_aft(RunWorkers *w)
{
    return w ? &w->aw : NULL;
}

FnCtx *run_workers_ctx(RunWorkers *w, unsigned k)
{
    return &w->ctxs[k].c;
}

AftWorkers *run_workers_ready(RunWorkers *w)
{
    if (!w) return NULL;
    __atomic_store_n(&w->aw.stop, 0, __ATOMIC_RELAXED);
    for (unsigned k = 0; k < w->jobs; k++) w->limits[k].hit = NULL;
    return &w->aw;
}

void run_workers_join(RunWorkers *w, FnCtx *main)
{
    for (unsigned k = 0; w && k < w->jobs; k++) {
        FnCtx *c = &w->ctxs[k].c;
        main->derived += c->derived;
        main->gave_up += c->gave_up;
        main->unrounded += c->unrounded;
        c->derived = c->gave_up = c->unrounded = 0;
    }
}

void run_workers_free(RunWorkers *w, FnCtx *main)
{
    if (!w) return;
    run_workers_join(w, main);
    for (unsigned k = 0; k < w->jobs; k++) {
        FnCtx *c = &w->ctxs[k].c;
        vm_stats_add(&w->s->worker_vms, vm_stats(c->vm));
        vm_free(c->vm);
        absvm_free(c->abs);
        if (c->exact) absvm_free(c->exact);
        diag_free(&w->diags[k]);
    }
    mem_free(w->fns);
    mem_free(w->ctxs);
    mem_free(w->limits);
    mem_free(w->diags);
    mem_free(w);
}
