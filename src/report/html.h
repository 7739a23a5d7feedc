/* html.h: the HTML page of a run (`fix run --html`, `:html` in the REPL): one self-contained
 * file holding every query's engine events and result as data (the same JSON objects as
 * --json and --trace --json, see report.h) and a script and style sheet of the project's own
 * (html_page.js, html_page.css, embedded at build time) that draw them: a Hasse diagram, the
 * plane of a product of two numbers, or a table of atoms, with a step slider, and the bnb tree
 * linked to that view.  Nothing on the page is fetched from elsewhere. */
#ifndef FIX_HTML_H
#define FIX_HTML_H

#include "report/report.h"
#include "util/buf.h"

/* Largest lattice drawn as a Hasse diagram; events kept a query, and bounds of Final and
 * fixed points of a bnb's result (the rest are counted): the page of a run stopped in a large
 * search stays a few MB, quick to write and to draw. */
enum { HTML_HASSE_MAX = 64, HTML_MAX_EVENTS = 25000, HTML_MAX_BOUNDS = 2000 };

typedef struct HtmlPage HtmlPage;

HtmlPage *html_page_new(void);
void html_page_free(HtmlPage *p);
size_t html_page_queries(const HtmlPage *p);

/* A query starts: its source text and where it is (file and 1-based line). */
void html_query_begin(HtmlPage *p, const char *text, const char *file, unsigned line);
/* An engine event of the current query, in lattice L (ignored before any query began). */
void html_query_event(HtmlPage *p, const Lattice *L, const AftEvent *ev);
/* An engine run of the current query is over (its trace's end, src/app/run_function.c): its
 * events, held as they came (their elements copied), are written as JSON now, while their
 * lattices live; a query's result and explanation, and the next query's start, write them too.  So a run that hands many bounds to Final as it stops
 * prints its answer before their JSON is written. */
void html_query_end(HtmlPage *p);
/* The result of the current query (its events written first, see html_query_end). */
void html_query_result(HtmlPage *p, const QueryResult *r);
/* The explanation of the current query (one JSON object, fix explain --json's; docs/explain.md):
 * the page shows the part of it about a bnb node or refine step when one is clicked. */
void html_query_explain(HtmlPage *p, const char *json);

/* The whole page, titled by title, appended to out. */
void html_page_write(const HtmlPage *p, const char *title, Buf *out);
/* The page of the queries from the first-th on (a notebook cell's, src/api/fix_repl.c). */
void html_page_write_from(const HtmlPage *p, size_t first, const char *title, Buf *out);
/* Is one of the queries from the first-th on a refine, bnb or stable query with a result? */
bool html_page_views_from(const HtmlPage *p, size_t first);

#endif
