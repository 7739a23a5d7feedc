/* projpath.h: the projection of the depth-first search in place (inplace.c; AftSearch's
 * projected and given hooks), kept along the path from the root to the bound being
 * processed (projpath.c); internal to src/aft. */
#ifndef FIX_AFT_PROJPATH_H
#define FIX_AFT_PROJPATH_H

#include "common.h"
#include "util/mem.h"

/* Path step d: `settles`, the depth of the shallowest bound on the path in which every fixed
 * point has the projection of a fixed point of step d's bound (1 + the deepest step above d
 * split on a projected atom; 0 when none is); `split`: step d's own split was on one. */
typedef struct ProjStep { uint32_t settles; bool split; } ProjStep;
typedef struct ProjPath {
    VEC(ProjStep) path;
    size_t settled;               /* a point given out settled the bound of this depth on the
                                     path (SIZE_MAX: none since projpath_take) */
} ProjPath;

void projpath_init(ProjPath *pp);
void projpath_free(ProjPath *pp);
/* The bound popped is the path's bound of `depth`. */
void projpath_enter(ProjPath *pp, size_t depth);
/* The path's last bound was split, on a projected atom or not. */
void projpath_split(ProjPath *pp, bool projected);
/* A point of `depth` (the path's last bound, or one of its halves one deeper) was given out:
 * the bound it settles on the path joins settled. */
void projpath_given(ProjPath *pp, size_t depth);
/* Is a bound of `depth`, a half of the path's last bound or deeper, inside the settled
 * bound (so it holds no class not given out)? */
bool projpath_inside(const ProjPath *pp, size_t depth);
/* The settled depth (SIZE_MAX: none), cleared: the pending bounds below it are to go. */
size_t projpath_take(ProjPath *pp);

#endif
