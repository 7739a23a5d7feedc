/* cubesolve.c: asp_solve by cubes on N threads (cube.h, util/workpool.h).  Each worker owns a
 * solver compiled from the (read-only) program, made anew for every cube, and a copy of the
 * run's limits; each cube's models are kept in its own result slot and given out on the
 * calling thread in cube order.  What the threads share is read-only (the program, the
 * cubes) except the cancel flag, written atomically when the run stops. */
#include "asp/cube.h"
#include "asp/internal.h"

#include "util/workpool.h"

#include <time.h>

/* A cube's result: its models (each as its length, then its shown atoms; or with the text
 * hooks, their texts one after the other, ends[k] where model k's ends), its own stats and
 * status, its own work budget, and the limit its worker hit. */
typedef struct CubeOut {
    const AspModelText *tx;       /* the text hooks when the models are kept as text */
    VEC(AspAtom) models;
    Buf text;
    VEC(size_t) ends;
    AspStats st;
    AftStatus r;
    AftWork work;
    const char *hit;
} CubeOut;

/* A worker's own state, one allocation each (no two workers write one cache line). */
typedef struct Worker {
    AspSolver *s;                 /* the run's solver for worker 0, else its own */
    Word *lo, *hi;                /* the cube it searches (asp_cubes_get) */
    bool fresh;                   /* s is as asp_solver_new made it */
    Limits limits;
    AftOptions aft;
    double cpu;                   /* CPU seconds this thread spent on cubes */
    char pad[64];
} Worker;

typedef struct Cubes {
    AspSolver *s;
    const AspSolveOptions *o;
    AftOptions base;              /* the caller's options (or the defaults) */
    AspCubes cubes;
    CubeOut *out;
    Worker **w;
    volatile sig_atomic_t cancel; /* set when the run stops: the cubes still running stop */
    AspModelFn fn;
    void *ctx;
    const AspModelText *text;     /* o->text when it stands for fn and ctx, else NULL */
    AspStats *st;
    AftStatus r;
    bool stop;                    /* enough models, or fn said stop */
} Cubes;

static bool collect(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    CubeOut *out = ctx;
    if (out->tx) {
        out->tx->atoms(out->tx->actx, p, atoms, n, &out->text);
        VEC_PUSH(out->ends, out->text.len);
        return true;
    }
    if (out->models.count + n + 1 > out->models.cap) {
        size_t cap = 2 * out->models.cap + n + 1;
        out->models.items = mem_realloc(out->models.items, cap * sizeof *out->models.items);
        out->models.cap = cap;
    }
    out->models.items[out->models.count++] = (AspAtom)n;
    memcpy(out->models.items + out->models.count, atoms, n * sizeof *atoms);
    out->models.count += n;
    return true;
}

static double thread_cpu(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void run_cube(void *ctx, size_t i, unsigned worker)
{
    Cubes *c = ctx;
    Worker *w = c->w[worker];
    CubeOut *out = &c->out[i];
    double t0 = thread_cpu();
    if (!w->s) {
        w->s = asp_solver_new(c->s->prog);
        w->fresh = true;
    }
    if (!w->fresh) asp_solver_reset_search(w->s);
    w->fresh = false;
    w->aft = c->base;
    w->aft.interrupt = &c->cancel;
    w->aft.limits = &w->limits;
    w->aft.stop_abandons = true;          /* a cancelled cube's result is never used */
    out->tx = c->text;
    out->work.limit = c->base.work ? c->base.work->limit : 0;
    w->aft.work = c->base.work ? &out->work : NULL;
    AspSolveOptions so = { .max_models = c->o->max_models, .aft = &w->aft };
    if (!w->lo) {
        w->lo = mem_alloc((2 * c->cubes.nwords + 1) * sizeof *w->lo);
        w->hi = w->lo + c->cubes.nwords;
    }
    asp_cubes_get(&c->cubes, i, w->lo, w->hi);
    out->r = asp_search_bound(w->s, &so, NULL, w->lo, w->hi, collect, out, &out->st);
    out->hit = w->limits.hit;
    w->cpu += thread_cpu() - t0;
}

/* Cube i's models to the caller's fn (or as text to the text hooks' put), as the one search
 * would give them out; the clock of the first and last model read once per cube. */
static void give_out(Cubes *c, CubeOut *out)
{
    AspStats *st = c->st;
    size_t max = c->o->max_models, before = st->models;
    const AspModelText *tx = out->tx;
    for (size_t k = 0; k < out->models.count && !c->stop;) {
        size_t n = out->models.items[k];
        const AspAtom *atoms = out->models.items + k + 1;
        k += n + 1;
        st->models++;
        if ((c->fn && !c->fn(c->ctx, c->s->prog, atoms, n)) || (max && st->models >= max))
            c->stop = true;
    }
    for (size_t m = 0, from = 0; tx && m < out->ends.count && !c->stop; m++) {
        st->models++;
        if (!tx->put(tx->ctx, out->text.data + from, out->ends.items[m] - from)
            || (max && st->models >= max))
            c->stop = true;
        from = out->ends.items[m];
    }
    if (st->models == before) return;
    st->last_model = aft_clock();
    if (!st->first_model) st->first_model = st->last_model;
}

static void out_free(CubeOut *out)
{
    VEC_FREE(out->models);
    VEC_FREE(out->ends);
    buf_free(&out->text);
}

static bool take_cube(void *ctx, size_t i)
{
    Cubes *c = ctx;
    CubeOut *out = &c->out[i];
    aft_stats_add(&c->st->aft, &out->st.aft, AFT_STATS_CALLS | AFT_STATS_CONFLICTS
                  | AFT_STATS_SEARCH | AFT_STATS_STOP);   /* whole runs */
    c->st->sp_evals += out->st.sp_evals;
    c->st->bnb_runs += out->st.bnb_runs;
    give_out(c, out);
    out_free(out);
    AftWork *work = c->base.work;
    if (work) work->spent += out->work.spent;
    if (!c->stop && out->r != AFT_OK) c->r = out->r;
    else if (!c->stop && work && aft_work_spent(&c->base)) {
        c->r = AFT_LIMIT;
        c->st->aft.stopped_by = "work";
    }
    if (out->hit && c->base.limits && !c->base.limits->hit) c->base.limits->hit = out->hit;
    bool go_on = !c->stop && c->r == AFT_OK;
    if (!go_on) __atomic_store_n(&c->cancel, 1, __ATOMIC_RELAXED);
    return go_on;
}

/* Worker state: worker 0 searches with the run's solver; each copies the run's limits. */
static void workers_new(Cubes *c, unsigned jobs)
{
    const Limits *l = c->base.limits;
    c->w = mem_calloc(jobs, sizeof *c->w);
    for (unsigned k = 0; k < jobs; k++) {
        Worker *w = c->w[k] = mem_calloc(1, sizeof *w);
        if (l) {
            w->limits = *l;
            if (!w->limits.interrupt) w->limits.interrupt = c->base.interrupt;
        } else limits_start(&w->limits, 0, 0, c->base.interrupt);
    }
    c->w[0]->s = c->s;
}

static void workers_free(Cubes *c, unsigned jobs)
{
    c->st->threads = jobs;
    for (unsigned k = 0; k < jobs; k++) {
        c->st->cpu_total += c->w[k]->cpu;
        if (c->w[k]->cpu > c->st->cpu_busiest) c->st->cpu_busiest = c->w[k]->cpu;
        if (k) asp_solver_free(c->w[k]->s);
        mem_free(c->w[k]->lo);
        mem_free(c->w[k]);
    }
    mem_free(c->w);
}

/* Few cubes: the propagation leaves little to search, and the program is searched whole (in
 * a state made anew: the same for every N) rather than paying for a solver per thread. */
static AftStatus one_search(AspSolver *s, const AspSolveOptions *o, AspModelFn fn, void *ctx,
                            AspStats *st, AspCubes *cubes)
{
    asp_cubes_free(cubes);
    asp_solve_release(s, o);
    asp_solver_reset_search(s);
    return asp_search_whole(s, o, NULL, fn, ctx, st);
}

AftStatus asp_solve_cubes(AspSolver *s, const AspSolveOptions *o, AspModelFn fn, void *ctx,
                          AspStats *st)
{
    Cubes c = { .s = s, .o = o, .fn = fn, .ctx = ctx, .st = st, .r = AFT_OK };
    if (o->text && fn && o->text->fn == fn && o->text->ctx == ctx) c.text = o->text;
    asp_search_options(&c.base, o->aft);
    if (o->jobs <= 1) asp_solve_release(s, o);   /* no worker will compile a solver of its own */
    size_t refuted = asp_cubes_make(s, &c.cubes);
    if (c.cubes.count < ASP_CUBES_FEW) return one_search(s, o, fn, ctx, st, &c.cubes);
    size_t n = st->cubes = c.cubes.count;
    st->aft.conflicts += refuted;                 /* counted as the one search counts them */
    if (c.base.work) {
        c.base.work->spent += refuted;
        if (aft_work_spent(&c.base)) {
            c.r = AFT_LIMIT;
            st->aft.stopped_by = "work";
            n = 0;
        }
    }
    unsigned jobs = o->jobs;
    c.out = mem_calloc(n + 1, sizeof *c.out);
    workers_new(&c, jobs);
    c.w[0]->fresh = false;
    WorkPool pool = { .jobs = jobs, .task = run_cube, .done = take_cube, .ctx = &c,
                      .window = ASP_CUBES_WINDOW * (size_t)jobs };
    size_t taken = n ? workpool_run(&pool, n) : 0;
    for (size_t i = taken; i < n; i++) out_free(&c.out[i]);
    st->complete = c.r == AFT_OK && !c.stop && taken == n;
    workers_free(&c, jobs);
    mem_free(c.out);
    asp_cubes_free(&c.cubes);
    return c.r;
}
