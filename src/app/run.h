/* run.h: a session runs the queries of .fix files (from `fix run` or the REPL) and reports
 * their results as text or JSON. */
#ifndef FIX_RUN_H
#define FIX_RUN_H

#include <signal.h>
#include <stdio.h>

#include "common.h"
#include "front/diag.h"
#include "check/context.h"
#include "util/limits.h"

typedef struct RunOptions {
    bool json;               /* one JSON object a line */
    bool trace;              /* trace every refine and bnb query */
    bool dump_ir;            /* print the IR disassembly before running */
    bool dot;                /* Graphviz instead of text: Hasse diagrams, bnb trees; standard
                                output takes one graph (the first, or the one on dot_line) */
    const char *dot_dir;     /* --dot DIR/: each query's graph to its own file in DIR */
    unsigned dot_line;       /* --dot LINE: only the graph of the query on that line */
    const char *html;        /* --html FILE: also write the page of the run (report/html.h) */
    bool allow_scripts;      /* gringo may run #script blocks of `program P from "x.lp"` */
    double timeout_s;        /* per query, 0 = none */
    uint64_t max_steps;      /* VM steps per function call / F steps per query, 0 = none */
    size_t max_depth;        /* nested (non-tail) calls in the VM, 0 = VM_MAX_CALL_DEPTH */
    bool no_memo;            /* do not memoise calls (--no-memo) */
    bool reference;          /* `show` values by the reference evaluator (--reference) */
    bool stats;              /* print the evaluator's counts at the end (--stats) */
    unsigned jobs;           /* threads for bnb rounds and fixpoints (--jobs N; 0: the cores
                                the process may use); the output is the same for every N */
    const char *checkpoint;  /* --checkpoint FILE: bnb's state written at each round's start */
    const char *resume;      /* --resume FILE: the bnb query it names starts from it */
    unsigned shard, shards;  /* --shard i/n (shards 0: none): fixpoints enumerates the chunks
                                i, i + n, ... of its lattice; bnb keeps the bounds i, i + n,
                                ... of its first round of 4n bounds (docs/parallel.md) */
    size_t max_memory;       /* bytes: a query stops past this resident size (refine/bnb/
                                stable soundly, with what they have); main also caps the
                                address space above it; 0 = none */
} RunOptions;

typedef struct Session Session;
struct QueryPlan;
struct WhyLog;
struct QueryResult;
struct AftEvent;

/* Watches the queries a file runs (fix explain, the REPL's :why): before each, `before` says
 * whether it runs (false skips it); `after` sees it once it ran (ok: it answered). */
typedef struct SessionWatch {
    bool (*before)(void *ctx, Session *s, const struct QueryPlan *plan);
    void (*after)(void *ctx, Session *s, const struct QueryPlan *plan, bool ok);
    void *ctx;
} SessionWatch;

/* Where results and engine events go instead of the session's output (the C API, src/api):
 * with on_result set, each result is handed over (valid during the call) and nothing is
 * printed; with on_event set, every event of refine and bnb (the trace's) too, and no trace
 * or progress line is printed. */
typedef struct SessionSink {
    void (*on_result)(void *ctx, const struct QueryResult *r);
    void (*on_event)(void *ctx, const Lattice *L, const struct AftEvent *ev);
    void *ctx;
} SessionSink;

struct Session {
    Diag diag;
    Context *context;
    RunOptions opt;
    FILE *out;
    FILE *aside;             /* with --dot, results that have no graph (stderr) */
    Arena arena;             /* ASTs of everything loaded */
    volatile sig_atomic_t interrupt;   /* the signal that asked to stop: Ctrl-C, SIGTERM,
                                          SIGHUP, or 0 (see util/sigint.h) */
    Limits limits;           /* the running query's timeout, memory limit and interrupt */
    const char *dirs[16];    /* import search directories (-I), kept for session_reset */
    size_t ndirs;
    int failed_queries;
    size_t queries_run;      /* queries started so far (names --dot DIR/ files) */
    size_t graphs;           /* graphs written to standard output or DIR */
    struct HtmlPage *page;   /* records every query for the HTML page (--html, the REPL) */
    bool guard_outputs;      /* fix run, check, explain, repl: an output (standard output,
                                --html) that is one of the inputs is refused before anything
                                runs */
    bool output_failed;      /* a write to standard output failed (reported once) */
    int out_errno;           /* the errno of a failed write to it a report saw, or 0 */
    bool output_refused;     /* an output named an input (reported): nothing is written */
    bool file_failed;        /* an output file (--dot DIR/) could not be written (reported) */
    bool resume_refused;     /* --resume FILE was refused (reported once): no bnb query runs */
    const SessionWatch *watch;   /* NULL: every query runs, unwatched */
    struct WhyLog *why;      /* non-NULL: the engine records what decided each bound (why.h) */
    char *last_query;        /* the REPL: the text of the last approx, refine or bnb query run, */
    char *last_path;         /* the file or entry it was in and its line (for :why) */
    unsigned last_line;
    bool keep_last;          /* keep last_query (the REPL) */
    SessionSink sink;        /* the C API's: results and events handed over (zero: none) */
    VmStats worker_vms;      /* the counts of --jobs N workers' VMs, added as each query's
                                workers are freed (--stats: with the context VM's) */
};

void session_init(Session *s, const RunOptions *opt, FILE *out);
void session_free(Session *s);
/* Adds an import search directory (false when there are too many). */
bool session_add_search_dir(Session *s, const char *dir);
/* Forgets every declaration (the REPL's :reset); options and search directories stay. */
void session_reset(Session *s);
/* An empty context takes the place of the current one, which is returned (the REPL builds
 * a new state beside the old one): free it with context_free, or put it back with
 * session_restore_context, which frees the new one. */
Context *session_fresh_context(Session *s);
void session_restore_context(Session *s, Context *old);

/* Loads, checks and runs a file (or a REPL entry registered as a Source).
 * FIX_COMPILE_ERROR when it has errors, when a signal came before its queries ran or when an
 * output would overwrite one of its inputs (nothing is run), FIX_RUNTIME_ERROR when a query
 * failed or standard output could not be written, FIX_INTERRUPTED when a signal stopped a
 * query, FIX_OK otherwise. */
FixResult session_run_file(Session *s, const char *path, bool check_only);
FixResult session_run_source(Session *s, const Source *src, bool check_only);

/* Starts recording queries for the HTML page (a no-op when it already records). */
void session_record_page(Session *s);
/* Writes the page of every query recorded so far to path, whole or not at all (a temporary
 * file renamed); false after an error (reported), also when path names an input. */
bool session_write_page(Session *s, const char *path, const char *title);
/* Flushes standard output; false (reported once, "cannot write standard output: ...") when a
 * write to it failed. */
bool session_output_ok(Session *s);
/* Would an output overwrite an input?  out: the path given to option (NULL: standard
 * output); the inputs: first (a path or "-", may be NULL), every file read so far and the
 * files of `program P from "x"`.  True when it would (reported: "--html x.fix would
 * overwrite the input x.fix"). */
bool session_output_clash(Session *s, const char *option, const char *out, const char *first);
/* The same for every output of the run: standard output and --html. */
bool session_outputs_clash(Session *s, const char *first);

/* What answers approx, refine, bnb and stable inside an expression: the session's engine and
 * solver (every context the session makes has it). */
VmHost session_host(Session *s);
/* Runs one query's plan (see plan.h); false when it failed (error or failed check). */
bool session_run_query(Session *s, const QueryPlan *plan);

#endif
