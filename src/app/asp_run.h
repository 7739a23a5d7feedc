/* asp_run.h: what `fix asp` does with a program once its command line is read (asp_run.c):
 * the well-founded bound (--wf), the Final bounds (--bounds), each beside clingo's
 * consequences (--compare-consequences), the stable models or the optimum by the solver
 * asked for, or the program partially evaluated (--emit); then the statistics and the
 * run's one error. */
#ifndef FIX_APP_ASP_RUN_H
#define FIX_APP_ASP_RUN_H

#include "asp/asp.h"
#include "asp/opt.h"
#include "front/diag.h"
#include "proc/backend.h"

/* The options of a run, as asp_cli.c read them from the command line. */
typedef struct AspRunOptions {
    bool models, bounds, emit, wf, json, stats, allow_scripts;
    bool compare;                 /* --compare-consequences */
    bool clingo_json;             /* --outf=2: models in clingo's JSON layout */
    bool competition;             /* --outf=1: the competition format */
    bool silent;                  /* --outf=3: nothing on standard output */
    int quiet;                    /* -q, --quiet=N: text models printed: 0 all, 1 last, 2 none */
    int quiet_costs;              /* --quiet=M,C: C, the costs' lines printed, as quiet */
    int conseq;                   /* --enum-mode: 0 models, 1 brave, 2 cautious consequences */
    bool terse;                   /* -V0: clingo's layout without header, Answer lines and
                                     (unless stats) the summary */
    ProcSolverKind solver;        /* --solver: auto (the default), native, clingo or race */
    AspOptGoal opt;               /* --opt-mode: opt (the default), optN or enum, and the
                                     initial bound (its values the command line's) */
    size_t max_models;            /* --models N (0: all) */
    size_t hand_over;             /* --hand-over: auto's budget of conflicts (0: never) */
    unsigned jobs;                /* --jobs, -t: the native search's threads (0: the cores) */
    unsigned shard, shards;       /* --shard i/n: only shard i of the cubes (shards 0: all) */
    AftOptions aft;               /* the engine's: split, budget, rounds, max steps, learning,
                                     and the run's limits (its err is the run's own) */
    Limits *limits;               /* --timeout, --max-memory and the stop signals */
    const char *const *files;     /* the input files (none: standard input) */
    AspProgram *droppable;        /* the program run, when nothing reads its rules after the
                                     run but their count: the native search of plain models
                                     frees them once its solver is built (issue 29) */
    size_t nfiles;
} AspRunOptions;

/* asp_run's status when standard output could not be written (reported): exit status 1;
 * and when the program cannot be sharded as --shard asks, or has no consequences as
 * --enum-mode brave|cautious asks with its --opt-mode (reported before anything is
 * printed): a usage error. */
enum { ASP_RUN_WRITE_FAILED = -1, ASP_RUN_USAGE = 2 };

/* Runs o's actions on p, printing on standard output (--stats with --emit on standard
 * error); an error is reported through diag at the end.  0, 1 (an error, or a bound that
 * clingo's consequences refute), ASP_RUN_WRITE_FAILED or ASP_RUN_USAGE. */
int asp_run(const AspRunOptions *o, const AspProgram *p, Diag *diag);
/* May o's run take a program whose rules were packed as they were read (asp_read_aspif's
 * `pack`)?  A search for models, natively or by auto: asp_run unpacks them (o->droppable)
 * when it finds it must read them otherwise (#minimize, #project). */
bool asp_run_takes_packed(const AspRunOptions *o);

#endif
