/* checkpar.c: the exhaustive checks on the threads of --jobs N (checkpar.h).  Per worker a
 * Probe of its own (its function, options with its limits, scratch elements), per chunk a
 * slot of a window (what the chunk found), taken in chunk order on the calling thread. */
#include "aft/checkpar.h"

#include "util/mem.h"
#include "util/workpool.h"

/* Covering pairs: x cut into up to 2^8 chunks of 2^6 elements or more; pairs lo <= hi: lo
 * into up to 2^6 chunks (a lo holds many cases).  Slots per worker in the window. */
enum { COVER_LEVELS = 8, COVER_MIN_LOG2 = 6, PAIR_LEVELS = 6, CHECK_AHEAD = 4 };

/* What a chunk found on its worker. */
typedef struct Slot {
    CheckReport r;
    RangeEnd end;
    bool call_failed;
    size_t examined;
    double evals;
} Slot;

typedef struct CheckPar {
    Probe *main;
    AftWorkers *w;
    Probe **probes;               /* per worker, each on cache lines of its own */
    CheckOptions *opts;           /* per worker: the check's, with the worker's limits */
    Slot *slots;
    size_t window;
    Word *chunks;
    PairFn fn;                    /* NULL: covering pairs */
    double budget;
    /* what the calling thread took so far */
    double evals;
    size_t examined;
    bool tight;
    RangeEnd end;
} CheckPar;

bool check_par_applies(const Probe *p)
{
    const AftWorkers *w = p->o->workers;
    return w && w->jobs > 1 && p->L->finite && lattice_cuts_in_order(p->L);
}

static void check_task(void *ctx, size_t i, unsigned worker)
{
    CheckPar *c = ctx;
    Slot *s = &c->slots[i % c->window];
    Probe *p = c->probes[worker];
    size_t w = p->L->nwords;
    const Word *lo = c->chunks + 2 * i * w, *hi = lo + w;
    p->r = &s->r;
    *p->r = (CheckReport){ .tight = true };
    p->call_failed = false;
    s->examined = 0;
    s->evals = 0;
    s->end = c->fn ? check_pair_range(p, lo, hi, c->fn, &s->examined)
                   : check_cover_range(p, lo, hi, c->budget, &s->evals, &s->examined);
    s->call_failed = p->call_failed;
}

/* Chunk i again on the calling thread, after where the chunks before it left off: its error
 * or limit is reported there, as one thread would. */
static void rerun(CheckPar *c, size_t i)
{
    Probe *m = c->main;
    size_t w = m->L->nwords;
    const Word *lo = c->chunks + 2 * i * w, *hi = lo + w;
    if (c->fn) {
        m->r->tight = c->tight;
        c->end = check_pair_range(m, lo, hi, c->fn, &c->examined);
        c->tight = m->r->tight;
    } else {
        c->end = check_cover_range(m, lo, hi, c->budget, &c->evals, &c->examined);
    }
}

/* Chunk i's result joins those before it; false once the check has its answer. */
static bool check_done(void *ctx, size_t i)
{
    CheckPar *c = ctx;
    Slot *s = &c->slots[i % c->window];
    bool go_on = false;
    if (s->end == RANGE_LIMIT || s->call_failed) {
        rerun(c, i);              /* the check goes on when one thread got through the chunk */
        go_on = c->end == RANGE_DONE && !c->main->call_failed && !c->main->r->counterexample;
    } else if (!c->fn && (s->end == RANGE_BUDGET || c->evals + s->evals > c->budget)) {
        c->end = RANGE_BUDGET;        /* one thread would have run out of budget in this chunk */
    } else {
        c->evals += s->evals;
        c->examined += s->examined;
        c->tight = c->tight && s->r.tight;
        c->main->r->counterexample = s->r.counterexample;
        go_on = !s->r.counterexample;
        s->r.counterexample = NULL;
    }
    mem_free(s->r.counterexample);
    s->r.counterexample = NULL;
    if (!go_on) __atomic_store_n(&c->w->stop, 1, __ATOMIC_RELAXED);
    return go_on;
}

/* The chunks of the check (fn, or covering pairs when NULL) on the workers: how they ended,
 * *examined the cases, *tight whether every envelope was the brute-force one. */
static RangeEnd run_chunks(Probe *m, PairFn fn, double budget, size_t *examined, bool *tight)
{
    AftWorkers *w = m->o->workers;
    CheckPar c = { .main = m, .w = w, .fn = fn, .budget = budget, .tight = true, .end = RANGE_DONE,
                   .window = (size_t)CHECK_AHEAD * w->jobs };
    size_t n = fn ? lattice_enum_chunks(m->L, PAIR_LEVELS, 0, &c.chunks)
                  : lattice_enum_chunks(m->L, COVER_LEVELS, COVER_MIN_LOG2, &c.chunks);
    c.probes = mem_calloc(w->jobs, sizeof *c.probes);
    c.opts = mem_calloc(w->jobs, sizeof *c.opts);
    c.slots = mem_calloc(c.window, sizeof *c.slots);
    __atomic_store_n(&w->stop, 0, __ATOMIC_RELAXED);
    for (unsigned k = 0; k < w->jobs; k++) {
        w->limits[k].hit = NULL;
        c.opts[k] = *m->o;
        c.opts[k].limits = &w->limits[k];
        c.opts[k].workers = NULL;
        c.probes[k] = mem_calloc_lines(1, sizeof **c.probes);
        CheckReport scratch;
        check_probe_init(c.probes[k], &w->fns[k], &c.opts[k], &scratch);
        c.probes[k]->antitone = m->antitone;
    }
    WorkPool pool = { .jobs = w->jobs, .task = check_task, .done = check_done, .ctx = &c,
                      .window = c.window, .caller_works = true };
    workpool_run(&pool, n);
    for (unsigned k = 0; k < w->jobs; k++) {
        check_probe_free(c.probes[k]);
        mem_free(c.probes[k]);
    }
    for (size_t k = 0; k < c.window; k++) mem_free(c.slots[k].r.counterexample);
    mem_free(c.slots);
    mem_free(c.opts);
    mem_free(c.probes);
    mem_free(c.chunks);
    *examined = c.examined;
    *tight = c.tight;
    return c.end;
}

RangeEnd check_par_covers(Probe *p, double budget, size_t *examined)
{
    bool tight;
    return run_chunks(p, NULL, budget, examined, &tight);
}

bool check_par_pairs(Probe *p, PairFn fn)
{
    RangeEnd end = run_chunks(p, fn, 0, &p->r->examined, &p->r->tight);
    return end != RANGE_LIMIT;
}
