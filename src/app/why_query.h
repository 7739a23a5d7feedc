/* why_query.h: the explanation of one query as fix explain, :why and the --html page give it:
 * its root item (the query, where it is, its answer) and the reasons under it (why_build.h)
 * from the record of its run (why.h), with how the function's envelopes are had and where
 * its start interval comes from. */
#ifndef FIX_WHY_QUERY_H
#define FIX_WHY_QUERY_H

#include "app/why.h"
#include "app/why_item.h"
#include "check/plan.h"

/* text (n bytes) with each run of white space one blank, no blank or ';' at either end. */
char *why_query_text(const char *text, size_t n);
/* The line plan starts on. */
unsigned why_query_line(const QueryPlan *plan);
/* Does the engine answer plan (approx, refine, bnb), so that it has an explanation? */
bool why_query_explained(const QueryPlan *plan);
/* The root item of plan's explanation: the query as written and where it is. */
WhyItem *why_query_root(const QueryPlan *plan);
/* The answer as fix run printed it under root: text lines (the first "answer: ...", the rest
 * under it) or, for JSON, the result object as the field "answer". */
void why_query_answer(WhyItem *root, char *answer, bool json);
/* Why: the record of plan's run explained under root (atom: one element to explain as written,
 * or NULL, and focus that element of plan's lattice, NULL when it is none; max_nodes: the bnb
 * nodes shown at most). */
void why_query_reasons(const WhyLog *log, const QueryPlan *plan, const char *atom, const Word *focus,
                       size_t max_nodes, WhyItem *root);

#endif
