/* projpath.c: the projection of the depth-first search in place along its path (projpath.h).
 *
 * Why a point settles what it does: split_at takes projected atoms while one is free, so the
 * splits along the path are on projected atoms down to some depth J and on other atoms
 * below; the bound of depth J + 1 had every projected atom fixed when it was split (or is a
 * point), so every fixed point inside it has one projection, and once one was given out the
 * search may drop all it still has pending inside that bound.  The pending bounds outside it
 * are other halves of the splits above J + 1, each differing from it in a projected atom.
 * A merge of two halves would undo that, so the run in place does not merge while it
 * projects. */
#include "aft/projpath.h"

void projpath_init(ProjPath *pp)
{
    *pp = (ProjPath){ .settled = SIZE_MAX };
}

void projpath_free(ProjPath *pp)
{
    VEC_FREE(pp->path);
}

void projpath_enter(ProjPath *pp, size_t depth)
{
    if (pp->path.count > depth) pp->path.count = depth;
    uint32_t settles = 0;
    if (depth) {
        const ProjStep *up = &pp->path.items[depth - 1];
        settles = up->split ? (uint32_t)depth : up->settles;
    }
    VEC_PUSH(pp->path, ((ProjStep){ settles, false }));
}

void projpath_split(ProjPath *pp, bool projected)
{
    pp->path.items[pp->path.count - 1].split = projected;
}

void projpath_given(ProjPath *pp, size_t depth)
{
    size_t last = pp->path.count - 1;
    const ProjStep *at = &pp->path.items[last];
    size_t settles = depth > last && at->split ? last + 1 : at->settles;
    if (settles < pp->settled) pp->settled = settles;
}

bool projpath_inside(const ProjPath *pp, size_t depth)
{
    return pp->settled != SIZE_MAX && depth > pp->settled;
}

size_t projpath_take(ProjPath *pp)
{
    size_t d = pp->settled;
    pp->settled = SIZE_MAX;
    return d;
}
