/* cubeteam.h: the threads that search cubes (cube.h), shared by the enumeration
 * (cubesolve.c) and the optimisation (cubeopt.c): per worker a solver of its own (worker 0
 * searches with the run's), made anew before each cube, a copy of the run's limits and the
 * engine's options; the run's cancel flag, which every worker's search polls.  Nothing else
 * is shared between the workers. */
#ifndef FIX_ASP_CUBETEAM_H
#define FIX_ASP_CUBETEAM_H

#include "asp/cube.h"
#include "util/limits.h"

#include <signal.h>

typedef struct AspCubeWorker {
    AspSolver *s;                 /* the run's solver for worker 0, else its own */
    Word *lo, *hi;                /* the cube it searches (asp_cubes_get) */
    bool fresh;                   /* s is as asp_solver_new made it */
    Limits limits;
    AftOptions aft;               /* the team's options with this worker's limits */
    double cpu;                   /* CPU seconds this thread spent on cubes */
    double t0;                    /* the thread's CPU clock when the current cube began */
    void *own;                    /* the caller's per-worker state (cubeopt.c: an optimizer) */
    char pad[64];                 /* no two workers write one cache line */
} AspCubeWorker;

typedef struct AspCubeTeam {
    AspSolver *s;                 /* the run's solver */
    AftOptions base;              /* the caller's options (or the defaults) */
    AspCubes cubes;
    AspCubeWorker **w;
    unsigned jobs;
    volatile sig_atomic_t cancel; /* set when the run stops: the cubes still running stop */
} AspCubeTeam;

/* jobs workers, worker 0 with t->s (t->s, t->base set by the caller); t->s's setup made
 * whole (setup.h), which the workers' solvers share. */
void asp_cube_team_new(AspCubeTeam *t, unsigned jobs);
/* Worker k ready for cube i, on k's thread: its solver made anew (or compiled), its
 * options (work: the cube's own budget, used, with the run's limit, when the run has one),
 * w->lo and w->hi the cube. */
AspCubeWorker *asp_cube_team_begin(AspCubeTeam *t, unsigned k, size_t i, AftWork *work);
/* The end of worker k's cube: its CPU time counted. */
void asp_cube_team_end(AspCubeTeam *t, unsigned k);
/* A finished cube taken in cube order, on the calling thread, once its output was given:
 * its counts added to st, its work to the run's budget, its status or limit (unless the
 * run already stopped) made the run's *r.  False when the run ends there; the cubes still
 * running are then cancelled. */
bool asp_cube_team_take(AspCubeTeam *t, AspStats *st, AftStatus *r, bool stop, const AspStats *cube_st,
                        AftStatus cube_r, const AftWork *cube_work, const char *cube_hit);
/* Stops the cubes still running (any thread). */
void asp_cube_team_cancel(AspCubeTeam *t);
/* The threads' CPU into st; the workers (not t->s) freed; free_own(own) for each worker's
 * own state when set. */
void asp_cube_team_free(AspCubeTeam *t, AspStats *st, void (*free_own)(void *own));

#endif
