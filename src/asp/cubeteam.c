/* cubeteam.c: the workers that search cubes (cubeteam.h): their solvers, limits, options
 * and CPU clocks. */
#include "asp/cubeteam.h"
#include "asp/internal.h"
#include "asp/setup.h"

#include <time.h>

static double thread_cpu(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void asp_cube_team_new(AspCubeTeam *t, unsigned jobs)
{
    const Limits *l = t->base.limits;
    asp_setup_complete(t->s);             /* read by every worker's states, written by none */
    t->jobs = jobs;
    t->w = mem_calloc(jobs, sizeof *t->w);
    for (unsigned k = 0; k < jobs; k++) {
        AspCubeWorker *w = t->w[k] = mem_calloc(1, sizeof *w);
        if (l) {
            w->limits = *l;
            if (!w->limits.interrupt) w->limits.interrupt = t->base.interrupt;
        } else limits_start(&w->limits, 0, 0, t->base.interrupt);
    }
    t->w[0]->s = t->s;
}

AspCubeWorker *asp_cube_team_begin(AspCubeTeam *t, unsigned k, size_t i, AftWork *work)
{
    AspCubeWorker *w = t->w[k];
    w->t0 = thread_cpu();
    if (!w->s) {
        w->s = asp_solver_share(t->s);
        w->fresh = true;
    }
    if (!w->fresh) asp_solver_reset_search(w->s);
    w->fresh = false;
    w->aft = t->base;
    w->aft.interrupt = &t->cancel;
    w->aft.limits = &w->limits;
    w->aft.stop_abandons = true;          /* a cancelled cube's result is never used */
    w->aft.final_ends_learning = true;    /* cubes are for many models (enumerate.c) */
    w->aft.work = NULL;
    if (t->base.work) {                   /* the cube's own budget, with the run's limit */
        work->limit = t->base.work->limit;
        w->aft.work = work;
    }
    if (!w->lo) {
        w->lo = mem_alloc((2 * t->cubes.nwords + 1) * sizeof *w->lo);
        w->hi = w->lo + t->cubes.nwords;
    }
    asp_cubes_get(&t->cubes, i, w->lo, w->hi);
    return w;
}

void asp_cube_team_end(AspCubeTeam *t, unsigned k)
{
    AspCubeWorker *w = t->w[k];
    w->cpu += thread_cpu() - w->t0;
}

void asp_cube_team_cancel(AspCubeTeam *t)
{
    __atomic_store_n(&t->cancel, 1, __ATOMIC_RELAXED);
}

void asp_cube_team_free(AspCubeTeam *t, AspStats *st, void (*free_own)(void *own))
{
    st->threads = t->jobs;
    for (unsigned k = 0; k < t->jobs; k++) {
        AspCubeWorker *w = t->w[k];
        st->cpu_total += w->cpu;
        if (w->cpu > st->cpu_busiest) st->cpu_busiest = w->cpu;
        if (w->own && free_own) free_own(w->own);
        if (k) asp_solver_free(w->s);
        mem_free(w->lo);
        mem_free(w);
    }
    mem_free(t->w);
    t->w = NULL;
}

bool asp_cube_team_take(AspCubeTeam *t, AspStats *st, AftStatus *r, bool stop, const AspStats *cube_st,
                        AftStatus cube_r, const AftWork *cube_work, const char *cube_hit)
{
    aft_stats_add(&st->aft, &cube_st->aft, AFT_STATS_CALLS | AFT_STATS_CONFLICTS
                  | AFT_STATS_SEARCH | AFT_STATS_STOP);   /* whole runs */
    st->sp_evals += cube_st->sp_evals;
    st->bnb_runs += cube_st->bnb_runs;
    AftWork *work = t->base.work;
    if (work) work->spent += cube_work->spent;
    if (!stop && cube_r != AFT_OK) *r = cube_r;
    else if (!stop && work && aft_work_spent(&t->base)) {
        *r = AFT_LIMIT;
        st->aft.stopped_by = "work";
    }
    Limits *l = t->base.limits;
    if (cube_hit && l && !l->hit) l->hit = cube_hit;
    bool go_on = !stop && *r == AFT_OK;
    if (!go_on) asp_cube_team_cancel(t);
    return go_on;
}
