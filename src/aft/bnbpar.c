/* bnbpar.c: one round of bnb prepared on the threads of --jobs N (bnbpar.h).  Each worker has
 * a Run of its own (its function, options with its own limits, scratch values, statistics);
 * the round's bounds are handed out in order by util/workpool, each prepared into a slot of
 * a window, and taken in order on the calling thread.  Nothing here writes the caller's Run. */
#include "aft/bnbpar.h"

#include "util/mem.h"
#include "util/workpool.h"

/* Slots per worker that may be prepared ahead of the bound being taken (allocated as first
 * used), and the most bounds a worker claims at once: a round of K bounds is handed out in
 * grains of K / (PAR_GRAINS_PER_JOB x jobs) bounds, 1 to PAR_GRAIN_MAX, so that short
 * bounds cost few wake-ups while the round's tail stays short. */
enum { PAR_AHEAD = 64, PAR_GRAIN_MAX = 16, PAR_GRAINS_PER_JOB = 64 };

/* A worker's Run on cache lines of its own (it is written on every bound). */
typedef struct WorkerRun { _Alignas(MEM_LINE) Run run; } WorkerRun;

struct BnbPar {
    AftWorkers *w;
    unsigned jobs;
    const Lattice *L;
    WorkerRun *runs;              /* per worker */
    AftOptions *opts;             /* per worker: the run's, with the worker's limits */
    AftStats *stats;              /* per worker: a place for its Run's st between tasks */
    Prepared **slots;             /* window of them, each allocated on its own */
    size_t window;
    /* the round being run */
    const BoundList *bounds;
    const Node *nodes;
    size_t pending;
    BnbParTake take;
    void *ctx;
};

BnbPar *bnb_par_new(const Run *run)
{
    const AftOptions *o = run->o;
    const AftFunction *f = run->f;
    AftWorkers *w = o->workers;
    if (!w || w->jobs <= 1 || o->on_why || o->max_steps || o->work || o->stop_abandons
        || o->split.strategy == SPLIT_RANDOM || f->split || f->search)
        return NULL;
    BnbPar *p = mem_calloc(1, sizeof *p);
    p->w = w;
    p->jobs = w->jobs;
    p->L = run->L;
    p->runs = mem_calloc_lines(p->jobs, sizeof *p->runs);
    p->opts = mem_calloc(p->jobs, sizeof *p->opts);
    p->stats = mem_calloc_lines(p->jobs, sizeof *p->stats);
    for (unsigned k = 0; k < p->jobs; k++) {
        AftOptions *wo = &p->opts[k];
        *wo = *o;
        wo->limits = &w->limits[k];
        wo->on_event = NULL;
        wo->on_final = NULL;
        wo->err = NULL;                /* a failure is processed again on the caller */
        wo->workers = NULL;
        bnb_run_init(&p->runs[k].run, &w->fns[k], wo, &p->stats[k], NULL);
        p->runs[k].run.deadline = run->deadline;
    }
    p->window = (size_t)PAR_AHEAD * p->jobs;
    p->slots = mem_calloc(p->window, sizeof *p->slots);
    return p;
}

void bnb_par_free(BnbPar *p)
{
    if (!p) return;
    for (unsigned k = 0; k < p->jobs; k++) bnb_run_free(&p->runs[k].run);
    for (size_t i = 0; i < p->window; i++) {
        if (!p->slots[i]) continue;
        mem_free(p->slots[i]->c[0]);   /* the block of all ten */
        boundlist_free(&p->slots[i]->points);
        mem_free(p->slots[i]);
    }
    mem_free(p->slots);
    mem_free(p->stats);
    mem_free(p->opts);
    mem_free(p->runs);
    mem_free(p);
}

/* ---- on a worker ---- */

typedef struct EnumAcc { const Lattice *L; BoundList *points; } EnumAcc;

static bool enum_keep(void *vctx, const Word *x, const Word *fx)
{
    EnumAcc *e = vctx;
    if (e->L->ops->eq(e->L, x, fx)) boundlist_push(e->points, x, x);
    return true;
}

/* Policy isolate's enumeration of [lo, hi] (bnb_enumerate's, its fixed points kept in order
 * instead of sent to Final); false when a call failed. */
static bool prepare_enum(Run *run, Prepared *p, const Word *lo, const Word *hi)
{
    const AftFunction *f = run->f;
    const Lattice *L = run->L;
    p->kind = PREP_ENUM;
    p->st.enumerated++;
    EnumAcc e = {L, &p->points};
    if (f->each) {
        size_t calls = 0;
        bool ok = f->each(f->ctx, lo, hi, enum_keep, &e, &calls);
        p->st.eval_calls += calls;
        return ok;
    }
    Word *x = run->c[0], *fx = run->c[1];
    lattice_copy(L, x, lo);
    do {
        p->st.eval_calls++;
        if (!f->eval(f->ctx, x, fx)) return false;
        enum_keep(&e, x, fx);
    } while (L->ops->next(L, lo, hi, x));
    return true;
}

/* The children of a split, refined and classified as bnb.c's process_bound does, into the
 * worker's Run; false when that did not end well (an error or a limit). */
static bool prepare_children(Run *run, Prepared *p)
{
    run->judged[0].v.lo = run->judged[1].v.lo = NULL;
    for (int i = 0; i < 2; i++) {
        p->status[i] = NODE_PRUNED;
        AftStatus s = bnb_refine_node(run, -1, run->c[2 * i], run->c[2 * i + 1], run->r[2 * i],
                                      run->r[2 * i + 1], &p->alive[i]);
        if (s == AFT_INVALID) {
            aft_conflicts(run->o, run->st, 1);
            s = AFT_OK;
        }
        if (s != AFT_OK) return false;
        if (!p->alive[i]) continue;
        s = bnb_classify(run, run->r[2 * i], run->r[2 * i + 1], &p->status[i], &run->judged[i]);
        if (s != AFT_OK) return false;
        if (p->status[i] == NODE_PRUNED) p->alive[i] = false;
    }
    return true;
}

/* The children and their verdicts copied into the slot, the verdicts pointing into it. */
static void copy_children(const Run *run, Prepared *p)
{
    const Lattice *L = run->L;
    for (int k = 0; k < 4; k++) {
        lattice_copy(L, p->c[k], run->c[k]);
        lattice_copy(L, p->r[k], run->r[k]);
    }
    for (int i = 0; i < 2; i++) {
        const Verdict *v = &run->judged[i].v;
        Judged *j = &p->judged[i];
        j->v = *v;
        if (!v->lo) continue;
        j->v.lo = p->r[2 * i];
        j->v.hi = p->r[2 * i + 1];
        if (v->point) {
            lattice_copy(L, j->point, v->point);
            j->v.point = j->point;
        }
    }
}

/* Bound [lo, hi] of node n prepared into p as far as a worker may take it. */
static void prepare(Run *run, Prepared *p, Node n, const Word *lo, const Word *hi)
{
    const Lattice *L = run->L;
    p->kind = PREP_SERIAL;
    if (L->ops->is_point(L, lo, hi)) return;
    if (bnb_enumerable(run, lo, hi)) {
        if (!prepare_enum(run, p, lo, hi)) p->kind = PREP_SERIAL;
        return;
    }
    if (bnb_isolating(run) && n.stall >= AFT_STALL_LEVELS && run->pending > AFT_STALL_BOUNDS) return;
    if (!L->ops->decompose(L, lo, hi, &run->split, run->c[0], run->c[1], run->c[2], run->c[3])) {
        p->kind = PREP_NOSPLIT;
        return;
    }
    if (!prepare_children(run, p)) return;
    copy_children(run, p);
    p->kind = PREP_SPLIT;
}

/* Slot k, allocated the first time a worker uses it (by that worker: a slot is used by one
 * task at a time, and the pool's lock orders that task before the caller's take). */
static Prepared *slot(BnbPar *par, size_t k)
{
    Prepared *s = par->slots[k];
    if (s) return s;
    s = mem_calloc(1, sizeof *s);
    lattice_elems_new(par->L, 10, (Word **const[]){ &s->c[0], &s->c[1], &s->c[2], &s->c[3],
                                                    &s->r[0], &s->r[1], &s->r[2], &s->r[3],
                                                    &s->judged[0].point, &s->judged[1].point });
    boundlist_init(&s->points, par->L);
    return par->slots[k] = s;
}

static void par_task(void *ctx, size_t i, unsigned worker)
{
    BnbPar *par = ctx;
    Prepared *p = slot(par, i % par->window);
    Run *run = &par->runs[worker].run;
    p->st = (AftStats){0};
    p->points.count = 0;
    run->st = &p->st;
    run->pending = par->pending;
    if (limits_poll(run->o->limits)) {       /* stopping: left to the calling thread */
        p->kind = PREP_SERIAL;
        p->st = (AftStats){0};
        return;
    }
    prepare(run, p, par->nodes[i], boundlist_lo(par->bounds, i), boundlist_hi(par->bounds, i));
    if (p->kind == PREP_SERIAL) p->st = (AftStats){0};     /* the caller counts its own run */
    run->st = &par->stats[worker];
}

static bool par_done(void *ctx, size_t i)
{
    BnbPar *par = ctx;
    bool go_on = par->take(par->ctx, i, par->slots[i % par->window]);
    if (!go_on) __atomic_store_n(&par->w->stop, 1, __ATOMIC_RELAXED);
    return go_on;
}

void bnb_par_round(BnbPar *p, const BoundList *bounds, const Node *nodes, size_t pending,
                   BnbParTake take, void *ctx)
{
    p->bounds = bounds;
    p->nodes = nodes;
    p->pending = pending;
    p->take = take;
    p->ctx = ctx;
    __atomic_store_n(&p->w->stop, 0, __ATOMIC_RELAXED);
    for (unsigned k = 0; k < p->jobs; k++) p->w->limits[k].hit = NULL;
    size_t grain = bounds->count / ((size_t)PAR_GRAINS_PER_JOB * p->jobs);
    grain = grain < 1 ? 1 : grain > PAR_GRAIN_MAX ? PAR_GRAIN_MAX : grain;
    WorkPool pool = {.jobs = p->jobs, .task = par_task, .done = par_done, .ctx = p,
                     .window = p->window, .grain = grain, .caller_works = true};
    workpool_run(&pool, bounds->count);
}
