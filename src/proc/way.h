/* way.h: the ways `fix asp` can answer a program, shared by its choices of solver (auto.c,
 * the default, and portfolio.c, the race): the native search, clingo as the back end, the
 * well-founded bound's point; and the choice common to both, which programs are searched at
 * all (clingo answers what the native search does not handle) and which need no search. */
#ifndef FIX_PROC_WAY_H
#define FIX_PROC_WAY_H

#include "proc/backend.h"

/* What is asked: the models (fn), or with ask the optimum. */
typedef struct ProcWay {
    AspSolver *s;
    const AspSolveOptions *so;
    const ProcClingoOptions *co;
    AspModelFn fn;
    void *ctx;
    const ProcOptAsk *ask;        /* NULL: no #minimize */
} ProcWay;

/* The native search: asp_solve (with #project asp_solve_projected), or asp_optimize. */
AftStatus proc_way_native(const ProcWay *w, AspStats *st);
/* clingo as the back end, with w->co. */
AftStatus proc_way_clingo(const ProcWay *w, AspStats *st, ProcClingoStats *cst, Buf *err);
/* The back end's options when auto or the race runs clingo: one clingo call on the program
 * partially evaluated under its well-founded bound, unless --budget or --rounds were given. */
void proc_way_one_call(const ProcClingoOptions *user, ProcClingoOptions *out);

/* A program that needs a search with both solvers at hand: the caller's (auto's or the
 * race's) way of answering it. */
typedef AftStatus (*ProcWaySearch)(const ProcWay *w, AspStats *st, ProcAuto *how, Buf *err);

/* clingo when the native search does not handle the program; the well-founded bound's point
 * when it decides every atom and plain models are asked; the native search alone when the
 * bound leaves at most one atom in PROC_AUTO_WF_OPEN open or shows that there is no stable
 * model; else search(w, ...).  how says which and why. */
AftStatus proc_way_choose(const ProcWay *w, ProcWaySearch search, AspStats *st, ProcAuto *how,
                          Buf *err);

#endif
