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

/* The branch-and-bound tree of one aft_bnb run: pass dot_tree_event as AftOptions.on_event
 * with the DotTree as event_ctx (or call it from your own callback), then write it.  Nodes are
 * bounds labelled [lo .. hi]; kept ones plain, pruned grey and dashed, merged children point
 * into their merge, Final bounds bold boxes, fixed points green double octagons.  After
 * DOT_TREE_MAX_NODES nodes the rest are counted, not drawn.  title may be NULL. */
typedef struct DotTree DotTree;

DotTree *dot_tree_new(const Lattice *L, const char *title);
void dot_tree_event(void *tree, const AftEvent *ev);
void dot_tree_write(const DotTree *t, Buf *out);
void dot_tree_free(DotTree *t);

/* Appends s to out as a DOT quoted string, quotes included. */
void dot_put_string(Buf *out, const char *s);

#endif
