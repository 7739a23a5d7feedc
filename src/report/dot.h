/* dot.h: Graphviz (DOT) renderings: the Hasse diagram of a finite lattice with bounds and
 * fixed points marked, and the search tree of an aft_bnb run built from its events. */
#ifndef FIX_DOT_H
#define FIX_DOT_H

#include "common.h"
#include "aft/aft.h"
#include "lattice/lattice.h"
#include "util/buf.h"

/* Largest lattice dot_hasse draws, and the most bound nodes a DotTree keeps. */
enum { DOT_HASSE_MAX = 256, DOT_TREE_MAX_NODES = 4000, DOT_LABEL_MAX = 60 };

/* Appends the Hasse diagram of L to out: one node per element (its print text), an edge per
 * covering pair, bottom at the bottom.  Elements in fixpoints (point intervals) are double
 * circles; elements inside bounds are filled with one colour per bound, explained in a
 * legend.  bounds, fixpoints and title may be NULL.  Returns false, writing a message to err
 * and nothing to out, when L is infinite or has more than DOT_HASSE_MAX elements. */
bool dot_hasse(const Lattice *L, const BoundList *bounds, const BoundList *fixpoints,
               const char *title, Buf *out, Buf *err);

/* The branch-and-bound tree of one aft_bnb run (dot_tree.c): pass dot_tree_event as
 * AftOptions.on_event with the DotTree as event_ctx (or call it from your own callback), then
 * write it.  Nodes are bounds labelled [lo .. hi]; kept ones plain, pruned grey and dashed,
 * merged children point into their merge, Final bounds bold boxes, fixed points (a Final
 * point holding one of the run's proven fixed points, also after a merge) green double
 * octagons; a legend explains what the tree shows.  Each edge says what the split (and IR)
 * decided: atoms in (+a) and out (-a) of a powerset, or the coordinate of a number or pair of
 * numbers that moved (x1 <= 0.5).  A chain of more than DOT_CHAIN_MIN bounds each with one
 * surviving child is drawn as its first bound, one node counting the levels, and its end.
 * After DOT_TREE_MAX_NODES nodes the rest are counted, not drawn.  title may be NULL. */
typedef struct DotTree DotTree;
enum { DOT_CHAIN_MIN = 4 };

DotTree *dot_tree_new(const Lattice *L, const char *title);
void dot_tree_set_title(DotTree *t, const char *title);
void dot_tree_event(void *tree, const AftEvent *ev);
/* points: the fixed points the run proved, or NULL. */
void dot_tree_write(const DotTree *t, const BoundList *points, Buf *out);
void dot_tree_free(DotTree *t);

/* What dot.c and dot_tree.c share: the fill colour of fixed points, s as text of an HTML-like
 * label, "[lo .. hi]" cut to about DOT_LABEL_MAX bytes (mem_free it), a graph's first lines,
 * and one row of a legend table. */
#define DOT_FIXPOINT_COLOUR "#7fd37f"
void dot_put_html(Buf *out, const char *s);
char *dot_interval_label(const Lattice *L, const Word *lo, const Word *hi);
void dot_put_graph_header(Buf *out, const char *name, const char *title);
void dot_legend_row(Buf *out, const char *colour, const char *text);

/* Appends s to out as a DOT quoted string, quotes included. */
void dot_put_string(Buf *out, const char *s);

#endif
