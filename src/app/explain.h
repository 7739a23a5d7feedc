/* explain.h: `fix explain FILE [QUERY [ATOM]]` and the REPL's :why: a query's answer with the
 * reasons for it, as a tree a student can read or as JSON (docs/explain.md). */
#ifndef FIX_EXPLAIN_H
#define FIX_EXPLAIN_H

#include "app/run.h"

/* `fix explain ...` (argv[0] is "explain"): the exit status. */
int explain_main(int argc, char **argv);

/* The REPL's :why: runs the queries of src (the text of one query, as written) in the session
 * and prints each answer explained to s->out; atom (or NULL) as for fix explain.  False when
 * it had nothing to explain or a query failed. */
bool explain_source(Session *s, const Source *src, const char *atom);

#endif
