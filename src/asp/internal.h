/* internal.h: the representation of AspProgram and AspSolver, shared by the files of src/asp. */
#ifndef FIX_ASP_INTERNAL_H
#define FIX_ASP_INTERNAL_H

#include "common.h"
#include "asp/asp.h"
#include "util/mem.h"

/* A rule's head, positive and negative body are one slice of AspProgram.lits: nhead head
 * atoms from `head`, then npos positive and nneg negative body atoms (asp_rule_pos,
 * asp_rule_neg).  A weight body (wts != ASP_NO_WEIGHTS) holds when the weights of its true
 * literals sum to its bound or more: AspProgram.weights[wts] is the bound (>= 1), then come
 * the weights of pos then neg, each in 1..bound (asp_rule_bound, asp_rule_weights).  20
 * bytes a rule: the kind shares a word with nhead. */
#define ASP_NO_WEIGHTS UINT32_MAX
typedef struct AspRule {
    uint32_t head, npos, nneg;
    uint32_t nhead : 30;
    uint32_t kind : 2;            /* AspRuleKind */
    uint32_t wts;
} AspRule;
#define ASP_NHEAD_MAX ((1u << 30) - 1)

/* Statements kept for writing back and for other modules: #minimize (priority, a slice of
 * AspProgram.wlits) and opaque #heuristic / #edge / theory statements (a slice of
 * AspProgram.toks: numbers, atoms, literals and strings, written back as read with the atoms
 * renumbered). */
typedef enum { TOK_NUM, TOK_ATOM, TOK_LIT, TOK_STR } AspTokKind;
typedef struct AspTok {
    AspTokKind kind;
    bool negative;                /* TOK_LIT: `not atom` */
    int64_t num;                  /* TOK_NUM: the number; TOK_STR: offset in AspProgram.strs */
    uint32_t atom, len;           /* TOK_ATOM, TOK_LIT: the atom; TOK_STR: its length */
} AspTok;
typedef enum { STMT_MINIMIZE, STMT_HEURISTIC, STMT_EDGE, STMT_THEORY } AspStmtKind;
typedef struct AspStmt {
    AspStmtKind kind;
    int64_t priority;             /* STMT_MINIMIZE */
    uint32_t start, count;
    uint32_t line;                /* where it was read (0: not read) */
} AspStmt;

/* Consecutive rules packed (rulepack.c). */
typedef struct AspRulePack { uint8_t *bytes; size_t rules; } AspRulePack;

struct AspProgram {
    VEC(char *) names;            /* per atom; NULL when hidden; in `names_block` */
    Arena names_block;            /* every name, freed at once with the program */
    VEC(uint32_t) namelen;        /* per atom: the length of its name (which may hold a NUL) */
    VEC(uint64_t) order;          /* per atom: print key (shown atoms print by key, then index);
                                     empty when order_counted */
    bool order_counted;           /* the keys count up from order_first, one an atom (aspif
                                     numbered as it came): not kept (asp_print_key) */
    uint64_t order_first;
    VEC(AspRule) rules;
    size_t rules_dropped;         /* asp_program_drop_rules: the count of the rules freed */
    VEC(AspRulePack) packed;      /* asp_program_pack_rules: the rules packed (rulepack.c) */
    size_t rules_packed;          /* how many rules `packed` holds (0: none, rules as read) */
    size_t packed_lits, packed_weights;   /* and their literals and weights */
    VEC(uint64_t) disj_line;      /* per disjunctive rule read from aspif, in rule order: its
                                     index << 32 | its line (for messages; asp_rule_line) */
    size_t lines_noted;           /* the rules before this one had their lines noted */
    bool gringo_lines;            /* the lines are those of gringo's output for an .lp file */
    VEC(AspAtom) lits;
    VEC(uint32_t) weights;        /* of weight bodies */
    VEC(AspStmt) mins;            /* #minimize statements, in order */
    VEC(AspWLit) wlits;           /* their literals */
    VEC(AspAtom) projected;       /* the atoms of every #project statement */
    bool has_project;             /* some #project statement (maybe an empty one) */
    VEC(AspStmt) opaque;          /* #heuristic, #edge, theory statements, in order */
    VEC(AspAtom) theory_off;      /* theory atoms an external made false or released: written
                                     back as `5 a 2`, else a reader would take them as free */
    VEC(AspTok) toks;             /* their tokens */
    Buf strs;                     /* their strings */
    uint32_t *htab;               /* open addressing, name -> atom + 1 (0: empty), made by the
                                     first look-up (reading aspif never needs it) */
    size_t hcap, hcount;
    size_t named_first;           /* atoms 0 .. named_first - 1 got their names first, in
                                     that order (aspif as gringo writes it): not in `named` */
    VEC(AspAtom) named;           /* the other named atoms, in the order they got their names */
    void *wscratch;               /* asp_add_weight_rule's work space: wscratch_cap literals */
    size_t wscratch_cap;          /* and twice as many atoms */
};

/* Atom a's print key. */
static inline uint64_t asp_print_key(const AspProgram *p, AspAtom a)
{
    return p->order_counted ? p->order_first + a : p->order.items[a];
}

/* Where rule r's positive and negative body atoms start in AspProgram.lits. */
static inline uint32_t asp_rule_pos(const AspRule *r) { return r->head + r->nhead; }
static inline uint32_t asp_rule_neg(const AspRule *r) { return r->head + r->nhead + r->npos; }
/* A weight body's bound and the weights of its pos then neg literals. */
static inline uint32_t asp_rule_bound(const AspProgram *p, const AspRule *r)
{
    return p->weights.items[r->wts];
}
static inline const uint32_t *asp_rule_weights(const AspProgram *p, const AspRule *r)
{
    return p->weights.items + r->wts + 1;
}

/* The rules read since the last call came from aspif line `line`: noted for the disjunctive
 * ones (asp_rule_line, asp.h, reads them). */
void asp_note_rule_lines(AspProgram *p, size_t line);
/* asp_add_rule without its checks: the caller knows the head fits the kind and every atom
 * exists (the aspif reader makes its atoms and kinds so). */
void asp_push_rule(AspProgram *p, AspRuleKind kind, const AspAtom *head, size_t nhead,
                   const AspAtom *pos, size_t npos, const AspAtom *neg, size_t nneg);
/* Room for at least that many atoms, rules and rule literals (a reader's estimate from its
 * input's size: fewer, larger allocations); more can still be added. */
void asp_program_reserve(AspProgram *p, size_t atoms, size_t rules, size_t lits);
/* The reserve's unused rest given back: each of those vectors sized to what it holds. */
void asp_program_fit(AspProgram *p);
void asp_statements_free(AspProgram *p);
/* The packed rules freed (rulepack.c); returns how many there were. */
size_t asp_pack_free(AspProgram *p);
/* Each rule of p in order, packed or not, to fn with the literals and weights its offsets
 * (head, wts) index: p's own, or a packed rule's decoded alone (rulepack.c). */
typedef void AspRuleFn(void *ctx, const AspRule *r, const AspAtom *lits, const uint32_t *weights);
void asp_rules_each(const AspProgram *p, AspRuleFn *fn, void *ctx);
/* An opaque statement (#heuristic, #edge, theory) of n tokens. */
void asp_add_opaque(AspProgram *p, AspStmtKind kind, const AspTok *toks, size_t n);
/* Theory atom a is false by an external (not free, as a theory atom without rules is). */
void asp_add_theory_off(AspProgram *p, AspAtom a);

/* The engine's normal program: rule r has head head[r] (a lattice atom), positive body
 * pos[pstart[r] .. pstart[r+1]) and negative body neg[nstart[r] .. nstart[r+1]);
 * occ[ostart[a] .. ostart[a+1]) lists the rules with lattice atom a in the positive body. */
typedef struct SpCache SpCache;
typedef struct AspProp AspProp;

/* Rules grouped by atom (csr.c): for rule r the atoms key[start[r] .. start[r+1]) (or
 * key[r] alone when start is NULL), n atoms and nr rules; returns the offsets, *out the rule
 * lists, and when w is not NULL *wout the weight w[k] of each listed occurrence. */
uint32_t *asp_csr_by(size_t n, size_t nr, const uint32_t *start, const uint32_t *key,
                     const uint32_t *w, uint32_t **out, uint32_t **wout);

/* The newlines of text[0 .. len) (readtext.c). */
size_t asp_count_newlines(const char *text, size_t len);
/* A regular file's bytes and lines (1 + its newlines) counted in chunks, the limits polled
 * after each, then its start sought again (readtext.c).  False when it is not a file of
 * min_bytes or more read from its start (nothing read), when it does not start as aspif
 * does ("asp ": the caller reads it again from its start), or with *why (a limit hit or a
 * read error) when reading or seeking failed. */
bool asp_count_file(FILE *in, size_t min_bytes, Limits *limits, size_t *len, size_t *lines,
                    const char **why);

/* qsort's order of uint64_t keys, ascending. */
static inline int asp_key_cmp(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}
typedef struct AspCost AspCost;
typedef struct AspMinimal AspMinimal;
typedef struct AspEdges AspEdges;

struct AspSolver {
    const AspProgram *prog;
    Lattice *L;
    AftFunction fn;               /* S_P with the strong native IR and split (prop.c): search */
    AftFunction wf_fn;            /* S_P with the well-founded native IR: --wf, --emit */
    size_t natoms, nrules, nwords;
    uint32_t *head, *pstart, *pos, *nstart, *neg, *ostart, *occ;
    uint32_t *lat_of;             /* program atom -> lattice atom */
    uint32_t *builder_of;         /* lattice atom -> program atom, or np + N for atom N of the
                                     translation (the lattice's names, made on demand) */
    long fatom;                   /* the lattice atom f of the constraints, -1 if none */
    AspAtom *shown;               /* shown program atoms in print order */
    size_t nshown;
    uint32_t *nostart, *nocc;     /* rules with atom a in the negative body */
    uint32_t *hstart, *hrules;    /* rules with head a */
    /* Weight bodies (all NULL when no rule has one): rule r holds when the weights of its
     * true literals (pw for pos, nw for neg) sum to bound[r] or more; ow / now per entry of
     * occ / nocc.  pw, nw, ow and now are NULL as well when every literal weighs 1 (every
     * weight body a count: asp_pos_weight, asp_neg_weight). */
    uint32_t *bound, *pw, *nw, *ow, *now;
    uint8_t *aggregate;           /* per rule, with the weights: 1 when its bound does not
                                     make its body a conjunction (asp_rule_aggregate) */
    SpCache *sp;                  /* the incremental S_P states (sp.c) */
    AspProp *prop;                /* scratch of the native IR (prop.c) */
    size_t evals, refines;
    bool residual;                /* compiled from a partial evaluation by asp_solve */
    bool merged;                  /* asp_solver_new_merged's: equivalent program atoms share
                                     a lattice atom (lat_of is not one-to-one) */
    bool hcf;                     /* no disjunctive rule has a head cycle: shifting is exact */
    AspMinimal *mini;             /* when !hcf: the minimality check of candidates (minimal.c) */
    AspEdges *edges;              /* #edge statements (acyclic.c), or NULL */
    struct AspSetup *setup;       /* what its search states start from (setup.h): its own, or
                                     base's */
    const AspSolver *base;        /* asp_solver_share's: the solver whose compiled program
                                     (everything above sp but the hooks' ctx) this one reads;
                                     NULL: its own */
};

/* The weight of the positive literal at place k of pos, of the negative one at place k of
 * neg. */
static inline uint32_t asp_pos_weight(const AspSolver *s, uint32_t k) { return s->pw ? s->pw[k] : 1; }
static inline uint32_t asp_neg_weight(const AspSolver *s, uint32_t k) { return s->nw ? s->nw[k] : 1; }
/* The weight of place k of an atom's positive (occ) or negative (nocc) occurrence list. */
static inline uint32_t asp_occ_weight(const AspSolver *s, uint32_t k) { return s->ow ? s->ow[k] : 1; }
static inline uint32_t asp_nocc_weight(const AspSolver *s, uint32_t k) { return s->now ? s->now[k] : 1; }

/* The weights of rule r's body literals summed (its literal count without weights). */
static inline int64_t asp_rule_weight(const AspSolver *s, uint32_t r)
{
    int64_t sum = 0;
    for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++) sum += asp_pos_weight(s, k);
    for (uint32_t k = s->nstart[r]; k < s->nstart[r + 1]; k++) sum += asp_neg_weight(s, k);
    return sum;
}

/* Is rule r's body a weight body its bound does not make a conjunction (an aggregate such
 * as 1 { ... } 1: its true literals need not all hold)?  (Set once by the compiler: the
 * conflicts' analysis and the unfounded-set check ask it of every body they explain.) */
static inline bool asp_rule_aggregate(const AspSolver *s, uint32_t r)
{
    return s->aggregate && s->aggregate[r];
}

/* A solver for another thread that reads base's compiled program (its rules, occurrence
 * lists, lattice, atom order and names: never written after asp_solver_new) and owns only
 * its search state, as asp_solver_new would make it; base must outlive it.  A program that is
 * not head-cycle-free (its minimality check keeps state of its own) is compiled anew. */
AspSolver *asp_solver_share(const AspSolver *base);

SpCache *asp_sp_new(const AspSolver *s);
void asp_sp_free(SpCache *c);
bool asp_sp_eval(void *ctx, const Word *x, Word *out);     /* the AftFunction eval of S_P */
void asp_sp_counts(const SpCache *c, size_t *full, size_t *incremental);

/* The native IR and split of S_P (prop.c), AftFunction hooks with the solver as ctx:
 * asp_prop_refine_wf is the well-founded operator (the generic IR's result from the initial
 * interval), asp_prop_refine adds completion and constraint propagation. */
AspProp *asp_prop_new(const AspSolver *s);
void asp_prop_free(AspProp *p);
AftStatus asp_prop_refine_wf(void *ctx, const Word *lo, const Word *hi, Word *nlo, Word *nhi);
AftStatus asp_prop_refine(void *ctx, const Word *lo, const Word *hi, Word *nlo, Word *nhi);
/* Is the point x closed under the strong propagation without a conflict (asked only once
 * the search has used it)?  Then x is a stable model (a model, every true atom supported and
 * none unfounded), so S_P(x) = x.  False says nothing. */
bool asp_prop_is_model(AspSolver *s, const Word *x);
bool asp_prop_split(void *ctx, const Word *lo, const Word *hi, const SplitCtx *how, Word *lo1,
                    Word *hi1, Word *lo2, Word *hi2);
/* The same IR and split as in-place hooks (AftSearch.refine_at, split_at): the same trail,
 * choices and counts, at a cost that follows what changed between requests. */
AftStatus asp_prop_refine_at(void *ctx, const Word *lo, const Word *hi, const size_t *changed,
                             size_t nchanged, AftChanges *out);
/* The two halves of [lo, hi] split on a free atom: [flo, fhi] with it false, [tlo, thi]
 * with it true. */
void asp_prop_halves(const AspSolver *s, const Word *lo, const Word *hi, size_t atom,
                     Word *flo, Word *fhi, Word *tlo, Word *thi);
bool asp_prop_split_at(void *ctx, const Word *lo, const Word *hi, const size_t *changed,
                       size_t nchanged, const SplitCtx *how, size_t *atom);
/* Conflict-driven learning (learn.c), the learning hooks of AftSearch with the solver as ctx. */
bool asp_prop_learning(void *ctx, bool on);
bool asp_prop_learnt(void *ctx);
bool asp_prop_cuts(void *ctx, const Word *lo, const Word *hi);
bool asp_prop_restart(void *ctx);
bool asp_prop_prefer_in(void *ctx, size_t atom);
/* Solution nogoods (block.c) for an enumeration that tells models apart by some atoms
 * (project.c): asp_prop_block adds the nogood of the n literals (learn.c's numbering) of a
 * model just given out, which no later model may hold all of (false, nothing added, when the
 * search is not learning); asp_prop_block_spent is the engine's AftSearch.spent hook (the
 * solver as ctx: does the last solution nogood exclude all of [lo, hi]?); asp_prop_unblock,
 * at the enumeration's end, forgets them and every nogood learnt since. */
bool asp_prop_block(AspSolver *s, const uint32_t *lits, size_t n);
/* Projective enumeration by backtracking (project.c, propchoice.c): asp_prop_project sets
 * the n lattice atoms the models are told apart by (each once), which the split takes
 * before any other (n 0, atoms NULL: none again); asp_prop_projected and asp_prop_given are
 * AftSearch's projected and given hooks (the solver as ctx), asp_prop_give says a model
 * was given out since. */
void asp_prop_project(AspSolver *s, const uint32_t *atoms, size_t n);
bool asp_prop_projected(void *ctx, size_t atom);
bool asp_prop_given(void *ctx);
void asp_prop_give(AspSolver *s);
bool asp_prop_block_spent(void *ctx, const Word *lo, const Word *hi);
void asp_prop_unblock(AspSolver *s);
/* The optimisation's bound as a constraint of the strong IR (cost.c): the #minimize
 * literals (lattice atoms, levels 0.. highest priority first) are attached to the solver's
 * propagator; asp_cost_bound sets the bound (strict: the cost must be lexicographically
 * below best; else at most best); detaching also drops every nogood learnt under it.
 * asp_cost_spent is the engine's AftSearch.spent hook, with the solver as ctx. */
typedef struct AspCostTerm { uint32_t level, atom; bool negative; int64_t weight; } AspCostTerm;
void asp_cost_attach(AspSolver *s, size_t nlevels, const AspCostTerm *t, size_t n);
void asp_cost_detach(AspSolver *s);
void asp_cost_bound(AspSolver *s, const int64_t *best, bool strict);
bool asp_cost_spent(void *ctx, const Word *lo, const Word *hi);
/* Equivalent atoms (equiv.c) of a program without disjunctive rules (their head atoms are
 * kept apart for shifting), from notes of its rules taken in one pass, in order, with the
 * pass that counts the compilation's room (asp_equiv_note, np program atoms): per program
 * atom the atom of its class, every atom whose only rule is `a :- b` in b's class (*merged:
 * how many atoms are not their class's atom); NULL when there is none.  The rules are read
 * again only when two atoms' only rules have bodies that hash alike.  asp_equiv_heads: per
 * program atom the number of rules with it in their head, at most 3. */
typedef struct AspEquivNotes AspEquivNotes;
AspEquivNotes *asp_equiv_begin(size_t np);
void asp_equiv_note(AspEquivNotes *n, const AspRule *r, const AspAtom *lits, const uint32_t *weights);
const uint8_t *asp_equiv_heads(const AspEquivNotes *n);
uint32_t *asp_equiv_atoms(const AspProgram *p, const AspEquivNotes *n, size_t *merged);
void asp_equiv_end(AspEquivNotes *n);
/* Folded definitions (fold.c): an atom a whose rules are all `a :- l` (one body literal
 * each) and whose set of such literals is another such atom b's and one literal more, keep,
 * is compiled as `a :- b. a :- keep.`  Per program atom (its class's atom under rep, which
 * may be NULL): onto = b + 1 (0: not folded) and keep (2 * atom, + 1 when negative, of
 * class atoms); NULL when no atom folds (*folded: how many do).  heads as for
 * asp_equiv_atoms: without an atom in three or more heads, none is read. */
typedef struct AspFold { uint32_t onto, keep; } AspFold;
AspFold *asp_fold_atoms(const AspProgram *p, const uint32_t *rep, const uint8_t *heads,
                        size_t *folded);
/* Marks the atoms on positive cycles (cycles.c); rules h :- h, ... were dropped already. */
void asp_find_cycles(const AspSolver *s, uint8_t *cyclic);
/* The same, with each atom's strongly connected component in comp. */
void asp_find_components(const AspSolver *s, uint8_t *cyclic, uint32_t *comp);
/* No two head atoms of a disjunctive rule on one positive cycle; else false with the
 * index of such a rule. */
bool asp_head_cycle_free(const AspSolver *s, size_t *bad_rule);
/* The minimality check of a program that is not head-cycle-free (minimal.c), made with each
 * program atom's positive component (group): asp_minimal_holds(s, x) says whether the
 * candidate x (a stable model of the compiled program) is a minimal model of the reduct of
 * s->prog by it, so a stable model of s->prog; true when s is head-cycle-free. */
AspMinimal *asp_minimal_new(const AspProgram *p, const uint32_t *group);
void asp_minimal_free(AspMinimal *m);
bool asp_minimal_holds(const AspSolver *s, const Word *x);
/* The same check in the search (prop.c's closure): of the whole assignment when `total`
 * (every atom has a value), else of each component an atom of which got a value since its
 * last check, the atoms still open taken as constraining most.  False with
 * a conflict when the assignment is not minimal (no completion of it is), whose reason
 * (with learning) is the nogood of an unfounded set the smaller model shows. */
bool asp_minimal_propagate(const AspSolver *s, AspProp *p, bool total);
/* The conflict of a failed check of the whole assignment: the nogood begun at `at` of the
 * trail's ufs list (its other literals) and lattice atom `atom` as it is, which is made to
 * take the other value (R_CHECK); no stable model at all when every literal is of level 0. */
void asp_minimal_conflict(AspProp *p, uint32_t at, uint32_t atom);
/* #edge statements (acyclic.c), with natoms lattice atoms: NULL without them; asp_edges_hold says whether the edges
 * whose conditions x makes true form no cycle; asp_edges_propagate is the same check in
 * the search (prop.c's closure, every atom with a value), false with a conflict whose
 * nogood is the conditions of a cycle's edges. */
AspEdges *asp_edges_new(const AspProgram *p, size_t natoms);
void asp_edges_free(AspEdges *e);
bool asp_edges_hold(const AspSolver *s, const Word *x);
bool asp_edges_propagate(const AspSolver *s, AspProp *p);
/* The check as the search goes (prop.c's closure): no edge whose condition an atom of the
 * trail from `from` on (p->mfirst: what the last look saw, which undo lowers) made hold
 * closes a cycle of edges that hold; false with the same conflict when one does.  Else the
 * open literal of each edge that would now close one is made false (R_UFS, its reason the
 * other literals of the cycle's conditions), on the trail for the closure to propagate. */
bool asp_edges_partial(const AspSolver *s, AspProp *p, size_t from);
/* A sound bound of the stable models of any program (dbound.c), per program atom: lower[a]
 * in every stable model, !upper[a] in none.  False when there is no stable model. */
bool asp_disjunctive_bound(const AspProgram *p, uint8_t *lower, uint8_t *upper);

#endif
