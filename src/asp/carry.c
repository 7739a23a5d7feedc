/* carry.c: a search's learning carried into the next solver (carry.h).  Taken from the old
 * solver's state over its program atoms (a lattice atom of several equivalent ones speaks
 * for the first); given to the new solver's state at the reset of its search (prop.c, at
 * level 0 after the closure): each nogood loses the literals level 0 holds and is dropped
 * when level 0 makes one false, a unit one becomes a fact, the others join the learnt
 * nogoods (watched on their first two literals, none assigned). */
#include "asp/carry.h"
#include "asp/propstate.h"

static void take_nogood(AspCarry *c, const AspProp *p, const uint32_t *prog_of, uint32_t off,
                        uint32_t lbd)
{
    uint32_t n = p->store.ng.items[off];
    const uint32_t *l = p->store.ng.items + off + 1;
    for (uint32_t i = 0; i < n; i++)
        if (prog_of[l[i] >> 1] == NONE) return;
    VEC_PUSH(c->ng, lbd);
    VEC_PUSH(c->ng, n);
    for (uint32_t i = 0; i < n; i++) VEC_PUSH(c->ng, 2 * prog_of[l[i] >> 1] + (l[i] & 1));
}

/* Level 0's values of program atoms, as nogoods of one literal (the other value). */
static void take_facts(AspCarry *c, const AspProp *p, const uint32_t *prog_of, size_t natoms)
{
    for (uint32_t a = 0; a < natoms; a++) {
        if (prog_of[a] == NONE || p->tr.val[a] == V_UNK || p->tr.alev[a] != 0) continue;
        VEC_PUSH(c->ng, 1);
        VEC_PUSH(c->ng, 1);
        VEC_PUSH(c->ng, 2 * prog_of[a] + (p->tr.val[a] == V_TRUE));
    }
}

void asp_carry_take(AspCarry *c, const AspSolver *s)
{
    const AspProp *p = s->prop;
    if (!p || !p->act.activity || p->root_conflict) return;
    size_t np = asp_atom_count(s->prog);
    uint32_t *prog_of = mem_alloc((s->natoms + 1) * sizeof *prog_of);
    for (size_t i = 0; i < s->natoms; i++) prog_of[i] = NONE;
    for (size_t a = np; a-- > 0;) prog_of[s->lat_of[a]] = (uint32_t)a;
    c->ng.count = 0;
    take_facts(c, p, prog_of, s->natoms);
    for (size_t i = 0; i < p->store.learnts.count; i++)
        take_nogood(c, p, prog_of, p->store.learnts.items[i].off, p->store.learnts.items[i].lbd);
    c->natoms = np;
    mem_free(prog_of);
}

void asp_carry_free(AspCarry *c)
{
    VEC_FREE(c->ng);
    c->natoms = 0;
}

void asp_carry_offer(AspSolver *s, const AspCarry *c) { s->prop->carry = c; }

/* Nogood l[0 .. n) over program atoms as literals of s in `out`, without those level 0
 * holds and twice-met ones; false when level 0 makes one false or it holds an atom both ways
 * (the nogood can never hold). */
static bool give_nogood(const AspSolver *s, AspProp *p, const uint32_t *l, uint32_t n,
                        uint8_t *mark, U32s *out)
{
    out->count = 0;
    bool live = true;
    for (uint32_t i = 0; i < n && live; i++) {
        uint32_t lit = 2 * (uint32_t)s->lat_of[l[i] >> 1] + (l[i] & 1);
        live = !p->tr.lholds[lit ^ 1] && !mark[lit ^ 1];
        if (live && !p->tr.lholds[lit] && !mark[lit]) {
            mark[lit] = 1;
            VEC_PUSH(*out, lit);
        }
    }
    for (size_t i = 0; i < out->count; i++) mark[out->items[i]] = 0;
    return live;
}

/* Nogood `lits` kept as a learnt one, watched on its first two literals (none assigned). */
static void store_learnt(AspProp *p, const U32s *lits, uint32_t lbd)
{
    uint32_t off = asp_store_learnt_begin(&p->store);
    for (size_t i = 0; i < lits->count; i++) asp_store_lit(&p->store, lits->items[i]);
    asp_store_end(&p->store, off);
    asp_watch_nogood(p, off);
    uint32_t n = (uint32_t)lits->count;
    VEC_PUSH(p->store.learnts, ((AspLearnt){ off, lbd < n ? lbd : n }));
    p->store.nkept++;
}

bool asp_carry_give(const AspSolver *s, AspProp *p, const AspCarry *c)
{
    if (!c->natoms) return false;
    uint8_t *mark = mem_calloc(2 * s->natoms + 2, 1);
    U32s lits = {0};
    bool facts = false;
    for (size_t at = 0; at < c->ng.count && !p->conflict; at += 2 + c->ng.items[at + 1]) {
        uint32_t lbd = c->ng.items[at], n = c->ng.items[at + 1];
        if (!give_nogood(s, p, c->ng.items + at + 2, n, mark, &lits) || !lits.count) continue;
        if (lits.count > 1) store_learnt(p, &lits, lbd);
        else {
            uint32_t l = lits.items[0];
            asp_prop_assign(p, l >> 1, (l & 1) ? V_TRUE : V_FALSE, R_NONE, 0);
            facts = true;
        }
    }
    VEC_FREE(lits);
    mem_free(mark);
    return facts;
}
