/* fix.h: the C API of fix, the one public header of libfix (docs/api.md).  A session holds
 * the declarations of the files and strings loaded into it; queries and expressions run in
 * it and come back as result objects (typed values and the JSON of `fix run --json`).
 * Sessions share nothing: two in two threads do not interact.  A session itself is used by
 * one thread at a time, except fix_cancel, which any thread may call at any time.
 *
 * Every pointer a result or value returns lives as long as that result; every string a
 * session returns (errors, declarations) until the session's next call that loads or runs. */
#ifndef FIX_API_H
#define FIX_API_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FIX_API_VERSION 1

typedef struct fix_session fix_session;
typedef struct fix_result fix_result;
typedef struct fix_value fix_value;

/* ---- sessions ---- */

/* A new, empty session (NULL only when out of memory).  Import directories: the standard
 * library where FIX_STDLIB says, else beside the library as `fix run` finds it beside the
 * binary (build/libfix.so: the repository's stdlib; PREFIX/lib/libfix.so:
 * PREFIX/share/fix/stdlib). */
fix_session *fix_session_new(void);
void fix_session_free(fix_session *s);
/* An import search directory (like `fix run -I DIR`); 0, or -1 when there are too many. */
int fix_add_search_dir(fix_session *s, const char *dir);

/* Limits of every query run from now on: seconds per query (0: none), and the VM's steps per
 * call and the engine's F steps per query (0: none).  A query a limit stops ends as on the
 * command line: refine, bnb and stable with their sound bounds (status FIX_STATUS_LIMIT),
 * others with an error "stopped by timeout before an answer". */
void fix_set_timeout(fix_session *s, double seconds);
void fix_set_max_steps(fix_session *s, uint64_t steps);

/* Asks the running query of s to stop, from any thread (or a signal handler): it ends
 * soundly at its next poll of the limits, as Ctrl-C ends it in `fix run`, with the partial
 * answer it has (stopped_by "interrupt").  A call when nothing runs is forgotten when the
 * next load or query starts. */
void fix_cancel(fix_session *s);

/* The engine's events (refine steps, bnb rounds and nodes, the same objects as the trace of
 * `fix run --json`: docs/json.md), each as one JSON object, while a query runs; NULL: none. */
typedef void (*fix_event_fn)(void *user, const char *event_json);
void fix_set_event_callback(fix_session *s, fix_event_fn fn, void *user);

/* ---- loading (declarations and any queries in the text, which are run: their results
 * are fix_loaded_result) ---- */

/* 0 when the text was read, checked and every query in it answered; -1 otherwise (the
 * errors: fix_error_*).  A text with errors adds none of its declarations... except those
 * the checker accepted before the error, as `fix run` does; fix_reset starts afresh. */
int fix_load_file(fix_session *s, const char *path);
/* name: what errors call the text ("<string>" when NULL). */
int fix_load_string(fix_session *s, const char *name, const char *text);
/* Forgets every declaration. */
void fix_reset(fix_session *s);
/* The results of the queries of the last load, in order (owned by the session). */
size_t fix_loaded_count(const fix_session *s);
const fix_result *fix_loaded_result(const fix_session *s, size_t i);

/* The names declared so far (lattices, functions, Galois insertions, programs; not the
 * built-in Bool), sorted by name, and each one's kind: "lattice", "fn", "galois", "program". */
size_t fix_declaration_count(fix_session *s);
const char *fix_declaration_name(fix_session *s, size_t i);
const char *fix_declaration_kind(fix_session *s, size_t i);

/* ---- queries ---- */

/* Runs one query written as in a .fix file ("refine g;", "bnb f from [a .. b];", "show
 * f(x);"): its result (free it with fix_result_free), or NULL after an error (fix_error_*;
 * also when the text holds no query).  A text with several queries gives the last one's. */
fix_result *fix_query(fix_session *s, const char *text);
/* The value of an expression (as `show EXPR;`): a result of kind "show". */
fix_result *fix_eval(fix_session *s, const char *expr);
void fix_result_free(fix_result *r);

/* ---- REPL input (the Jupyter kernel's cells) ---- */

/* Runs text as lines typed into `fix repl` (docs/tutorial.md, chapter 8): declarations,
 * queries, bare expressions and the :commands (:why, :load, :type, :env, :trace, ...), with
 * what earlier calls declared; an entry still open at the end of the text is run as if it
 * were closed, and :quit ends the text.  0, or -1 after an error (fix_error_*; also
 * printed) or a cancel.  fix_cancel stops the running query, which prints its sound partial
 * answer, and the lines after it are not run (fix_was_interrupted).  Results and errors are
 * printed as `fix repl` prints them, into fix_repl_output (the engine's events also go to
 * the event callback). */
int fix_repl_input(fix_session *s, const char *text);
/* Forgets every declaration (as :reset), then runs the file path as `fix run PATH` does,
 * printing what it prints (into fix_repl_output; the HTML page too); the session then holds
 * its declarations, as after `:load PATH` (none when it has errors).  0 or -1 as
 * fix_repl_input.  The kernel's `%%file NAME.fix` cells. */
int fix_repl_run_file(fix_session *s, const char *path);
/* What the last fix_repl_input or fix_repl_run_file printed: standard output and standard error in the order
 * written, byte for byte what `fix repl` prints for the same lines ("" before any). */
const char *fix_repl_output(const fix_session *s);
/* The HTML page (`fix run --html`'s views) of the refine, bnb and stable queries the last
 * fix_repl_input or fix_repl_run_file ran, one self-contained document; NULL when it ran none. */
const char *fix_repl_html(const fix_session *s);

/* ---- errors of the last load, query, eval or REPL input ---- */

size_t fix_error_count(const fix_session *s);
/* The message without its place; file NULL and line, col 0 for an error with no place. */
const char *fix_error_message(const fix_session *s, size_t i);
const char *fix_error_file(const fix_session *s, size_t i);
unsigned fix_error_line(const fix_session *s, size_t i);
unsigned fix_error_col(const fix_session *s, size_t i);
/* Was the last call stopped by fix_cancel (or a limit) before any answer? */
int fix_was_interrupted(const fix_session *s);

/* ---- results ---- */

typedef enum fix_status {
    FIX_STATUS_OK,          /* answered */
    FIX_STATUS_FAILED,      /* a check found a counterexample; no fixed point in the start */
    FIX_STATUS_ERROR,       /* a runtime error */
    FIX_STATUS_LIMIT        /* stopped by a limit or fix_cancel: still sound (docs/limits.md) */
} fix_status;

/* "show", "fixpoints", "lfp", "gfp", "approx", "refine", "bnb", "stable", "check monotone",
 * "check antitone", "check envelope", "check galois". */
const char *fix_result_kind(const fix_result *r);
fix_status fix_result_status(const fix_result *r);
const char *fix_result_target(const fix_result *r);     /* NULL for show */
const char *fix_result_verdict(const fix_result *r);    /* "ok", "refuted", ... or NULL */
const char *fix_result_message(const fix_result *r);    /* or NULL */
/* What stopped it ("interrupt", "timeout", "max-steps", "rounds", ...), or NULL. */
const char *fix_result_stopped_by(const fix_result *r);
/* The object `fix run --json` prints for this query (docs/json.md). */
const char *fix_result_json(const fix_result *r);

/* show, lfp, gfp: the value; NULL for other kinds. */
const fix_value *fix_result_value(const fix_result *r);
/* approx, refine: the bound, an interval; NULL when there is none. */
const fix_value *fix_result_bound(const fix_result *r);
/* bnb, fixpoints: the fixed points (a list of elements); bnb: Final (a list of intervals),
 * and whether it is complete.  NULL for other kinds. */
const fix_value *fix_result_points(const fix_result *r);
const fix_value *fix_result_final(const fix_result *r);
int fix_result_complete(const fix_result *r);
/* stable: the models, a list of sets of atom names; NULL for other kinds. */
const fix_value *fix_result_models(const fix_result *r);

/* Every value of the result (the keys of those not NULL among "value", "bound", "points",
 * "final", "models", and "complete") as one JSON object whose values carry their kinds:
 * BOOL true/false, INT a number, REAL {"real": x} (null for NaN or an infinity), NAME a
 * string, SET {"set": [...]}, TUPLE {"tuple": [...]}, MAP {"map": [[key, value], ...]}, LIST
 * [...], INTERVAL {"lo": v, "hi": v}.  Made on the first call (the Python package reads its
 * values through it: one call instead of one per value). */
const char *fix_result_typed_json(fix_result *r);

/* ---- values ---- */

typedef enum fix_value_kind {
    FIX_VALUE_BOOL,      /* fix_value_int: 0 or 1 (an element of Bool) */
    FIX_VALUE_INT,       /* a range's element, an integer */
    FIX_VALUE_REAL,      /* fix_value_real: a double */
    FIX_VALUE_NAME,      /* fix_value_name: a chain's or finite lattice's element, an atom */
    FIX_VALUE_SET,       /* a powerset's element: items are NAMEs */
    FIX_VALUE_TUPLE,     /* a product's element: items in order */
    FIX_VALUE_MAP,       /* a map's element: fix_value_key(i) -> item i; also a bnb value's
                            fields "fixpoints", "final", "complete" */
    FIX_VALUE_LIST,      /* a collection (fixpoints(f), elements(L), ...) */
    FIX_VALUE_INTERVAL   /* two items: lo, hi */
} fix_value_kind;

fix_value_kind fix_value_get_kind(const fix_value *v);
int64_t fix_value_int(const fix_value *v);
double fix_value_real(const fix_value *v);
const char *fix_value_name(const fix_value *v);
size_t fix_value_count(const fix_value *v);
const fix_value *fix_value_item(const fix_value *v, size_t i);
const char *fix_value_key(const fix_value *v, size_t i);     /* MAP only, else NULL */

#ifdef __cplusplus
}
#endif

#endif
