/* cubesolve.c: asp_solve by cubes on N threads (cube.h, util/workpool.h).  Each worker owns a
 * solver compiled from the (read-only) program, made anew for every cube, and a copy of the
 * run's limits; each cube's models are kept in its own result slot and given out on the
 * calling thread in cube order.  What the threads share is read-only (the program, the
 * cubes) except the cancel flag, written atomically when the run stops. */
#include "asp/cubeteam.h"
#include "asp/internal.h"

#include "util/workpool.h"

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

typedef struct Cubes {
    AspCubeTeam team;
    const AspSolveOptions *o;
    CubeOut *out;
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

static void run_cube(void *ctx, size_t i, unsigned worker)
{
    Cubes *c = ctx;
    CubeOut *out = &c->out[i];
    AspCubeWorker *w = asp_cube_team_begin(&c->team, worker, i, &out->work);
    out->tx = c->text;
    AspSolveOptions so = { .max_models = c->o->max_models, .aft = &w->aft };
    out->r = asp_search_bound(w->s, &so, NULL, w->lo, w->hi, collect, out, &out->st);
    out->hit = w->limits.hit;
    asp_cube_team_end(&c->team, worker);
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
        if ((c->fn && !c->fn(c->ctx, c->team.s->prog, atoms, n)) || (max && st->models >= max))
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
    give_out(c, out);
    out_free(out);
    return asp_cube_team_take(&c->team, c->st, &c->r, c->stop, &out->st, out->r, &out->work, out->hit);
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
    Cubes c = { .team.s = s, .o = o, .fn = fn, .ctx = ctx, .st = st, .r = AFT_OK };
    if (o->text && fn && o->text->fn == fn && o->text->ctx == ctx) c.text = o->text;
    asp_search_options(&c.team.base, o->aft);
    if (o->jobs <= 1) asp_solve_release(s, o);   /* no worker will compile a solver of its own */
    size_t refuted = asp_cubes_make(s, &c.team.cubes);
    if (c.team.cubes.count < ASP_CUBES_FEW) return one_search(s, o, fn, ctx, st, &c.team.cubes);
    size_t n = st->cubes = c.team.cubes.count;
    st->aft.conflicts += refuted;                 /* counted as the one search counts them */
    if (c.team.base.work) {
        c.team.base.work->spent += refuted;
        if (aft_work_spent(&c.team.base)) {
            c.r = AFT_LIMIT;
            st->aft.stopped_by = "work";
            n = 0;
        }
    }
    unsigned jobs = o->jobs;
    c.out = mem_calloc(n + 1, sizeof *c.out);
    asp_cube_team_new(&c.team, jobs);
    c.team.w[0]->fresh = false;
    WorkPool pool = { .jobs = jobs, .task = run_cube, .done = take_cube, .ctx = &c,
                      .window = ASP_CUBES_WINDOW * (size_t)jobs };
    size_t taken = n ? workpool_run(&pool, n) : 0;
    for (size_t i = taken; i < n; i++) out_free(&c.out[i]);
    st->complete = c.r == AFT_OK && !c.stop && taken == n;
    asp_cube_team_free(&c.team, st, NULL);
    mem_free(c.out);
    asp_cubes_free(&c.team.cubes);
    return c.r;
}
