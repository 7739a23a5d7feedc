/* cubesolve.c: asp_solve by cubes on N threads (cube.h, util/workpool.h).  Each worker owns a
 * solver sharing the run's compiled program (cubeteam.c), its search state made anew for
 * every cube, and a copy of the run's limits.  The models go out in cube order, as one thread at a time gives them: the cube
 * that has the turn (every cube before it given out, workpool.h's WorkTurn) gives its models
 * out as it finds them, on its worker's thread; the others keep theirs in their result slot,
 * given out on the calling thread once they end, unless the models kept by all cubes pass
 * held_max bytes: a cube then waits for its turn.  So the output streams and the memory held
 * for models is bounded whatever the number of models, the order the same for every N.  What
 * the threads share is read-only (the program, the cubes) except the cancel flag, the bytes
 * held (atomic) and the output, passed on with the turn. */
#include "asp/cubeteam.h"
#include "asp/internal.h"

#include "util/workpool.h"

/* The bytes of kept models above which a cube waits for its turn (and with --max-memory
 * M, at most M / ASP_CUBES_HELD_SHARE, at least 1 MB). */
enum { ASP_CUBES_HELD = 32 << 20, ASP_CUBES_HELD_SHARE = 8, ASP_CUBES_HELD_LEAST = 1 << 20 };

struct Cubes;

/* A cube's result: its kept models (each as its length, then its shown atoms; or with the
 * text hooks, their texts one after the other, ends[k] where model k's ends), its own stats
 * and status, its own work budget, and the limit its worker hit. */
typedef struct CubeOut {
    struct Cubes *cubes;
    size_t index;
    const AspModelText *tx;       /* the text hooks when the models are kept as text */
    VEC(AspAtom) models;
    Buf text;
    VEC(size_t) ends;
    size_t held;                  /* bytes of the kept models */
    bool direct;                  /* it has the turn: its models go straight out */
    size_t gave;                  /* models it gave out itself */
    Buf scratch;                  /* direct, with the text hooks: one model's text */
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
    bool stop;                    /* enough models, or fn said stop (the turn's holder's) */
    WorkTurn turn;
    size_t held;                  /* bytes kept by all cubes (atomic) */
    size_t held_max;
    VEC(size_t) *ran;             /* per worker: its cubes whose blocks it has not reclaimed */
} Cubes;

/* Keeps a model in the cube's slot; its bytes. */
static size_t keep(CubeOut *out, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    if (out->tx) {
        size_t before = out->text.len;
        out->tx->atoms(out->tx->actx, p, atoms, n, &out->text);
        VEC_PUSH(out->ends, out->text.len);
        return out->text.len - before + sizeof(size_t);
    }
    if (out->models.count + n + 1 > out->models.cap) {
        size_t cap = 2 * out->models.cap + n + 1;
        out->models.items = mem_realloc(out->models.items, cap * sizeof *out->models.items);
        out->models.cap = cap;
    }
    out->models.items[out->models.count++] = (AspAtom)n;
    memcpy(out->models.items + out->models.count, atoms, n * sizeof *atoms);
    out->models.count += n;
    return (n + 1) * sizeof *atoms;
}

/* A model given out, counted; false when the run has enough (c->stop). */
static bool counted(Cubes *c, bool go_on)
{
    AspStats *st = c->st;
    size_t max = c->o->max_models;
    st->models++;
    if (st->first_model == 0) st->first_model = aft_clock();
    if (!go_on || (max && st->models >= max)) c->stop = true;
    return !c->stop;
}

/* One model out by the cube that has the turn, as the one search would give it. */
static bool give_one(Cubes *c, CubeOut *out, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    out->gave++;
    if (!out->tx) return counted(c, !c->fn || c->fn(c->ctx, p, atoms, n));
    buf_clear(&out->scratch);
    out->tx->atoms(out->tx->actx, p, atoms, n, &out->scratch);
    return counted(c, out->tx->put(out->tx->ctx, out->scratch.data, out->scratch.len));
}

/* The cube's kept models out to the caller's fn (or as text to the text hooks' put), in the
 * order found, then dropped (by whoever has the cube's turn). */
static void give_kept(Cubes *c, CubeOut *out)
{
    const AspModelText *tx = out->tx;
    for (size_t k = 0; k < out->models.count && !c->stop;) {
        size_t n = out->models.items[k];
        const AspAtom *atoms = out->models.items + k + 1;
        k += n + 1;
        out->gave++;
        counted(c, !c->fn || c->fn(c->ctx, c->team.s->prog, atoms, n));
    }
    for (size_t m = 0, from = 0; tx && m < out->ends.count && !c->stop; m++) {
        out->gave++;
        counted(c, tx->put(tx->ctx, out->text.data + from, out->ends.items[m] - from));
        from = out->ends.items[m];
    }
    out->models.count = out->ends.count = 0;
    buf_clear(&out->text);
    __atomic_sub_fetch(&c->held, out->held, __ATOMIC_RELAXED);
    out->held = 0;
}

static bool collect(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    CubeOut *out = ctx;
    Cubes *c = out->cubes;
    if (!out->direct && workpool_turn_is(&c->turn, out->index)) {
        give_kept(c, out);
        out->direct = true;
    }
    if (out->direct) return !c->stop && give_one(c, out, p, atoms, n);
    size_t bytes = keep(out, p, atoms, n);
    out->held += bytes;
    if (__atomic_add_fetch(&c->held, bytes, __ATOMIC_RELAXED) <= c->held_max) return true;
    if (!workpool_turn_wait(&c->turn, out->index)) return false;    /* the run stopped */
    give_kept(c, out);
    out->direct = true;
    return !c->stop;
}

static void out_free(Cubes *c, CubeOut *out)
{
    __atomic_sub_fetch(&c->held, out->held, __ATOMIC_RELAXED);
    VEC_FREE(out->models);
    VEC_FREE(out->ends);
    buf_free(&out->text);
    buf_free(&out->scratch);
}

/* The blocks of the worker's earlier cubes that were taken (the turn is past them: no thread
 * reads them any more) go to cube out, one cube's, or are freed: the thread writes pages it
 * wrote before instead of fresh ones, each a page fault. */
static void reclaim(Cubes *c, unsigned worker, CubeOut *out)
{
    size_t at = __atomic_load_n(&c->turn.at, __ATOMIC_ACQUIRE), left = 0;
    for (size_t k = 0; k < c->ran[worker].count; k++) {
        size_t j = c->ran[worker].items[k];
        CubeOut *old = &c->out[j];
        if (j >= at) c->ran[worker].items[left++] = j;
        else if (out->text.data || out->models.items || out->scratch.data) out_free(c, old);
        else {
            out->models = old->models;
            out->ends = old->ends;
            out->text = old->text;
            out->scratch = old->scratch;
            memset(&old->models, 0, sizeof old->models);
            memset(&old->ends, 0, sizeof old->ends);
            buf_init(&old->text);
            buf_init(&old->scratch);
        }
    }
    c->ran[worker].count = left;
}

static void run_cube(void *ctx, size_t i, unsigned worker)
{
    Cubes *c = ctx;
    CubeOut *out = &c->out[i];
    reclaim(c, worker, out);
    AspCubeWorker *w = asp_cube_team_begin(&c->team, worker, i, &out->work);
    out->cubes = c;
    out->index = i;
    out->tx = c->text;
    AspSolveOptions so = { .max_models = c->o->max_models, .aft = &w->aft,
                           .count_only = c->o->count_only };
    out->r = asp_search_bound(w->s, &so, NULL, w->lo, w->hi, collect, out, &out->st);
    out->hit = w->limits.hit;
    VEC_PUSH(c->ran[worker], i);
    asp_cube_team_end(&c->team, worker);
}

/* Cube i ended: its models not given out yet go out (on the calling thread), the clock of
 * the last model read once per cube; its blocks are left to its worker (reclaim). */
static bool take_cube(void *ctx, size_t i)
{
    Cubes *c = ctx;
    CubeOut *out = &c->out[i];
    give_kept(c, out);
    if (out->gave) c->st->last_model = aft_clock();
    return asp_cube_team_take(&c->team, c->st, &c->r, c->stop, &out->st, out->r, &out->work, out->hit);
}

/* The bytes of kept models past which a cube waits for its turn. */
static size_t held_max(const Limits *l)
{
    size_t max = ASP_CUBES_HELD;
    if (l && l->max_memory && l->max_memory / ASP_CUBES_HELD_SHARE < max)
        max = l->max_memory / ASP_CUBES_HELD_SHARE;
    return max < ASP_CUBES_HELD_LEAST ? ASP_CUBES_HELD_LEAST : max;
}

/* Few cubes (the propagation leaves little to search), or a split that turned into a search:
 * the program is searched whole (in a state made anew: the same for every N) rather than
 * paying for a solver per thread. */
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
    size_t refuted = asp_cubes_make(s, &c.team.cubes);
    bool sharded = o->shards > 0;
    if ((c.team.cubes.count < ASP_CUBES_FEW || c.team.cubes.searching) && !sharded)
        return one_search(s, o, fn, ctx, st, &c.team.cubes);
    st->cubes_made = c.team.cubes.count;
    if (sharded) asp_cubes_keep_shard(&c.team.cubes, o->shard, o->shards);
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
    c.ran = mem_calloc(jobs, sizeof *c.ran);
    asp_cube_team_new(&c.team, jobs);
    c.team.w[0]->fresh = false;
    c.held_max = held_max(c.team.base.limits);
    WorkPool pool = { .jobs = jobs, .task = run_cube, .done = take_cube, .ctx = &c,
                      .window = ASP_CUBES_WINDOW * (size_t)jobs, .turn = &c.turn };
    size_t taken = n ? workpool_run(&pool, n) : 0;
    for (size_t i = 0; i < n; i++) out_free(&c, &c.out[i]);
    for (unsigned k = 0; k < jobs; k++) VEC_FREE(c.ran[k]);
    mem_free(c.ran);
    st->complete = c.r == AFT_OK && !c.stop && taken == n;
    asp_cube_team_free(&c.team, st, NULL);
    mem_free(c.out);
    asp_cubes_free(&c.team.cubes);
    return c.r;
}
