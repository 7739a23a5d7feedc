/* explain.h: why each atom of a ground program has its value in an interpretation, the
 * well-founded bound (true, false or undefined) or a stable model (true or false).
 *   - A true atom has a derivation of least height: the rule that gives it, whose body
 *     holds by atoms true at a lower height and atoms false (height 1: a fact).
 *   - A false atom has, for each rule with it in the head, a literal that fails there.  The
 *     failures are ranked: rank 0 when no rule for the atom needs another false atom, rank
 *     k+1 when the positive failures lead to atoms of rank k or less.  False atoms with no
 *     rank lie in an unfounded set: each of their rules fails by an atom of the set.
 *   - An undefined atom (the well-founded bound) is kept open by the residual program: the
 *     rules whose body is not false, through the undefined atoms it depends on.
 * Everything is computed at once, in time linear in the size of the program. */
#ifndef FIX_ASP_EXPLAIN_H
#define FIX_ASP_EXPLAIN_H

#include "asp/asp.h"

typedef enum { ASP_IS_FALSE, ASP_IS_UNDEFINED, ASP_IS_TRUE } AspTruth;
#define ASP_EXPLAIN_NONE UINT32_MAX

typedef struct AspExplain AspExplain;

/* val[a] is the AspTruth of program atom a.  model: val is a stable model (then a choice
 * rule whose body holds gives its true head atoms and leaves out its false ones). */
AspExplain *asp_explain_new(const AspProgram *p, const uint8_t *val, bool model);
void asp_explain_free(AspExplain *e);
const AspProgram *asp_explain_program(const AspExplain *e);
AspTruth asp_explain_value(const AspExplain *e, AspAtom a);
bool asp_explain_is_model(const AspExplain *e);

/* A true atom: the rule of a least-height derivation, with the height in *height; NONE when
 * it has none (a model of a disjunctive program that is not head-cycle-free can keep an atom
 * true by minimality alone). */
uint32_t asp_explain_support(const AspExplain *e, AspAtom a, uint32_t *height);
/* The body literals that make rule r give its head in the derivation of an atom of height
 * h: every literal of a normal body; of a weight body, true ones of the least heights up to
 * the bound.  out has room for npos + nneg literals; returns how many. */
size_t asp_explain_used(const AspExplain *e, uint32_t r, uint32_t h, AspWLit *out);

/* The rules with atom a in the head, in program order. */
const uint32_t *asp_explain_rules_of(const AspExplain *e, AspAtom a, size_t *n);

/* Why rule r does not give its false head atom a. */
typedef enum {
    ASP_FAILS_POS,           /* positive body atom `atom` is false */
    ASP_FAILS_NEG,           /* `not atom` fails: atom is true */
    ASP_FAILS_HEAD,          /* disjunction: another head atom, `atom`, is true */
    ASP_FAILS_WEIGHT,        /* weight body: the literals that fail leave less than the bound */
    ASP_FAILS_UNCHOSEN       /* a model's choice rule whose body holds left a out */
} AspFailKind;
typedef struct AspFailure {
    AspFailKind kind;
    AspAtom atom;            /* ASP_FAILS_POS, NEG, HEAD */
} AspFailure;
AspFailure asp_explain_failure(const AspExplain *e, uint32_t r, AspAtom a);
/* Does literal (atom, negative) fail (is false) in the interpretation? */
bool asp_explain_lit_fails(const AspExplain *e, AspAtom atom, bool negative);
/* A false atom's rank, NONE when it lies in an unfounded set. */
uint32_t asp_explain_false_rank(const AspExplain *e, AspAtom a);
/* The unfounded set of an unranked false atom: the unranked false atoms its rules reach
 * through positive body atoms, a first, the rest in atom order; caller frees. */
AspAtom *asp_explain_unfounded(const AspExplain *e, AspAtom a, size_t *n);
/* Is the unranked false atom a on a loop of its unfounded set (an atom of the set fails at
 * it)?  When not, it is false because its rules fail at atoms of a loop. */
bool asp_explain_in_loop(const AspExplain *e, AspAtom a);
/* The residual rules that keep undefined atom a open (heads undefined, bodies not false),
 * through the undefined atoms of their bodies, in program order; caller frees. */
uint32_t *asp_explain_residual(const AspExplain *e, AspAtom a, size_t *n);

/* ---- The interpretations (explain_run.c) ---- */
/* The well-founded bound of s as values of its program's atoms (val has room for every
 * atom); AFT_INVALID when it is inconsistent (no stable model). */
AftStatus asp_explain_wf_values(AspSolver *s, const AftOptions *o, uint8_t *val, AspStats *st);
/* Each stable model (up to o->max_models; 0: all) as values of every program atom, in the
 * order of asp_solve; fn returns false to stop. */
typedef bool (*AspValuesFn)(void *ctx, const uint8_t *val);
AftStatus asp_explain_models(AspSolver *s, const AspSolveOptions *o, AspValuesFn fn, void *ctx,
                             AspStats *st);

/* ---- Minimal unsatisfiable sets (mus.c) ---- */
/* Rules are put in groups (group[r] < ngroups; ASP_MUS_KEEP: always kept, as facts of an
 * instance).  asp_mus finds a set of groups whose rules, with those kept, have no stable
 * model, while removing any one group gives a model: checked for each group of the answer.
 * AFT_OK with the groups in *out (ascending, caller frees); AFT_INVALID when the program has
 * a stable model; AFT_LIMIT when stopped by a limit of o; AFT_ERROR when the native search
 * cannot take a part of the program (why in *why). */
#define ASP_MUS_KEEP UINT32_MAX
AftStatus asp_mus(const AspProgram *p, const uint32_t *group, size_t ngroups, const AftOptions *o,
                  uint32_t **out, size_t *n, size_t *checks, Buf *why);

#endif
