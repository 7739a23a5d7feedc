/* vm_warm.h: the lfps the VM keeps for warm starts (LFP_START, LFP_KEEP): per site of a
 * chunk, the last VM_WARM_ENTRIES arguments of its function and the lfp computed for each.
 * docs/evaluator.md says why starting from their join is sound. */
#ifndef FIX_VM_WARM_H
#define FIX_VM_WARM_H

#include "common.h"
#include "code/ir.h"

enum { VM_WARM_ENTRIES = 16 };

typedef struct WarmTable WarmTable;

typedef struct VmWarm {
    VEC(WarmTable *) tables;
    uint64_t hits;          /* lfps started from kept ones (and x <= f(x) held) */
    uint64_t cold;          /* lfps started from bot: no neighbour kept */
    uint64_t refused;       /* a start failed its x <= f(x) check: restarted from bot */
} VmWarm;

void vm_warm_free(VmWarm *w);
/* Into x (an element of L): the newest lfp kept for site `site` of ch whose arguments are a
 * neighbour of args (below, above or equal, as the site's tones say); false, counted cold,
 * when there is none. */
bool vm_warm_start(VmWarm *w, const Chunk *ch, uint32_t site, const Lattice *L, const Word *args, Word *x);
/* Keeps x, the lfp of site `site` of ch for args (it may replace the oldest kept). */
void vm_warm_keep(VmWarm *w, const Chunk *ch, uint32_t site, const Lattice *L, const Word *args, const Word *x);

#endif
