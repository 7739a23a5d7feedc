/* asp.h: the ASP front end: ground normal programs (from rules, aspif or gringo), S_P, the
 * well-founded bound, stable models by the AFT branch and bound, and partial evaluation. */
#ifndef FIX_ASP_H
#define FIX_ASP_H

#include <stdio.h>

#include "common.h"
#include "aft/aft.h"
#include "front/ast.h"
#include "front/diag.h"
#include "lattice/lattice.h"
#include "util/buf.h"
#include "util/limits.h"

/* ---- Programs ----------------------------------------------------------------------------
 * Atoms are numbered 0 .. asp_atom_count()-1 in the order they are made.  A named atom is
 * shown in models; a hidden one (no name) never is.  Rules are ground:
 *   ASP_NORMAL      h :- pos, not neg.         exactly one head atom
 *   ASP_CHOICE      {h1; ...; hk} :- pos, not neg.
 *   ASP_CONSTRAINT  :- pos, not neg.           no head atom (empty body: inconsistent)
 *   ASP_DISJUNCTION h1 | ... | hk :- pos, not neg.   two or more head atoms
 * A body is either normal (all literals hold) or a weight body `LB <= { l1 = w1, ... }`
 * (the weights of the true literals sum to LB or more; gringo's form of cardinality bounds,
 * #count and #sum).
 */
typedef struct AspProgram AspProgram;
typedef uint32_t AspAtom;

typedef enum { ASP_NORMAL, ASP_CHOICE, ASP_CONSTRAINT, ASP_DISJUNCTION } AspRuleKind;

/* A literal `atom` or `not atom` with a weight. */
typedef struct AspWLit {
    AspAtom atom;
    bool negative;
    int64_t weight;
} AspWLit;

AspProgram *asp_program_new(void);
void asp_program_free(AspProgram *p);

/* The atom called `name` (made on first use).  Names are copied. */
AspAtom asp_atom(AspProgram *p, const char *name);
/* A new atom with no name (never shown). */
AspAtom asp_atom_hidden(AspProgram *p);
/* Show a hidden atom as name (len bytes, which may include a NUL); false if the atom has a
 * name already.  Several atoms may be shown under one name (an aspif program may show one
 * name for several atoms): each is printed when true. */
bool asp_atom_show(AspProgram *p, AspAtom a, const char *name, size_t len);
size_t asp_atom_count(const AspProgram *p);
const char *asp_atom_name(const AspProgram *p, AspAtom a);     /* NULL when hidden */
size_t asp_atom_name_len(const AspProgram *p, AspAtom a);
/* The first atom named so; -1 when none has it.  (The first look-up indexes the names.) */
long asp_atom_find(AspProgram *p, const char *name);

/* Add a rule; false (and a message in err, when non-NULL) if the shape is wrong for the kind
 * (a normal rule needs exactly one head atom, a constraint none) or an atom is out of range. */
bool asp_add_rule(AspProgram *p, AspRuleKind kind, const AspAtom *head, size_t nhead,
                  const AspAtom *pos, size_t npos, const AspAtom *neg, size_t nneg, Buf *err);
void asp_add_fact(AspProgram *p, AspAtom a);
/* A rule with the weight body `bound <= { body }`, normalised as clasp does: a negative
 * weight -w on a literal becomes w on its complement with the bound raised by w, zero
 * weights are dropped, weights above the bound are cut to it, and a body that always holds
 * (bound <= 0) or whose weights are all 1 with the bound their count becomes a normal body.
 * False (and a message) as asp_add_rule, or when a weight or the bound is beyond 2^31-1. */
bool asp_add_weight_rule(AspProgram *p, AspRuleKind kind, const AspAtom *head, size_t nhead,
                         int64_t bound, const AspWLit *body, size_t n, Buf *err);
size_t asp_rule_count(const AspProgram *p);
/* A mark of p's rules, and the rules added after it taken back (no solver of p may live
 * across the truncation): a constraint tried for one search, then dropped (brave.c). */
typedef struct AspRuleMark { size_t rules, lits, weights; } AspRuleMark;
AspRuleMark asp_program_mark(const AspProgram *p);
void asp_program_truncate(AspProgram *p, AspRuleMark m);
/* The rules read into p, also after asp_program_drop_rules (--stats). */
size_t asp_rules_read(const AspProgram *p);
/* p's rules freed (their heads, bodies and weights), and with them the atoms' print keys and
 * the index of names (no print order, look-up by name or program is made from p after it;
 * atoms, names and statements stay): for a search whose solver is built and that reads no
 * rule any more (AspSolveOptions.release).  Nothing when p has no rules.  asp_rule_count is
 * then 0; asp_rules_read still says how many there were. */
void asp_program_drop_rules(AspProgram *p);
/* p's rules packed (rulepack.c: about a fifth of their memory) while nothing reads them, and
 * unpacked exactly as they were; asp_rule_count is 0 in between (asp_rules_read counts
 * them).  Nothing when p has no rules not packed (none packed).  asp_rules_each reads them
 * packed. */
void asp_program_pack_rules(AspProgram *p);
void asp_program_unpack_rules(AspProgram *p);
/* A reader's rules packed so far (aspif.c), once there are enough of them for a chunk: the
 * rules, literals and weights vectors emptied, their room kept for the next ones; false
 * when there are too few yet.  asp_program_pack_rules packs the rest. */
bool asp_program_pack_read(AspProgram *p);
bool asp_program_rules_dropped(const AspProgram *p);

/* Rule r (0 <= r < asp_rule_count) as its parts: the head, positive and negative body atoms
 * (slices owned by p, valid until p changes), and for a weight body the weights of pos then
 * neg (weights NULL: a normal body) with its bound. */
typedef struct AspRuleView {
    AspRuleKind kind;
    const AspAtom *head, *pos, *neg;
    size_t nhead, npos, nneg;
    const uint32_t *weights;
    uint32_t bound;
} AspRuleView;
void asp_rule_view(const AspProgram *p, size_t r, AspRuleView *out);
/* Shown atoms sorted into print order; caller frees. */
AspAtom *asp_print_order(const AspProgram *p, size_t *n);
/* Atom a prints by key (shown atoms print by key, then by index). */
void asp_set_print_key(AspProgram *p, AspAtom a, uint64_t key);
/* The aspif line disjunctive rule r was read from (the only rules whose lines are kept: the
 * message on a head cycle names it); 0 when not known. */
uint32_t asp_rule_line(const AspProgram *p, size_t r);
/* Atom a's name, or _N for a hidden atom. */
void asp_print_atom(const AspProgram *p, AspAtom a, Buf *out);
/* Rule r as text, as a .lp file writes it ("h :- b, not c."); hidden atoms as _N. */
void asp_print_rule(const AspProgram *p, size_t r, Buf *out);

/* #minimize statements (aspif `2 prio n l1 w1 ..`), kept in order; weights as written (they
 * may be negative; statements of one priority add up, higher priorities count first). */
void asp_add_minimize(AspProgram *p, int64_t priority, const AspWLit *lits, size_t n);
size_t asp_minimize_count(const AspProgram *p);
/* Drops every #minimize statement (`fix asp --opt-mode=ignore`). */
void asp_minimize_clear(AspProgram *p);
/* Statement i (0 <= i < asp_minimize_count): its literals, *n of them, and its priority. */
const AspWLit *asp_minimize_get(const AspProgram *p, size_t i, int64_t *priority, size_t *n);
/* #project statements (aspif `3 n a1 ..`): models are told apart by these atoms only. */
void asp_add_project(AspProgram *p, const AspAtom *atoms, size_t n);
bool asp_has_project(const AspProgram *p);
/* A #project statement of every shown atom: models are told apart by what they show, as
 * clingo --project does for a program without #project statements. */
void asp_project_on_shown(AspProgram *p);
/* No #project statement any more (clingo's --project=show and --project=no). */
void asp_project_clear(AspProgram *p);
/* The atoms of every #project statement in order (*n of them, perhaps with repeats). */
const AspAtom *asp_project_atoms(const AspProgram *p, size_t *n);

/* What a program holds beyond normal and choice rules and constraints. */
typedef struct AspFeatures {
    bool weights, disjunction, minimize, project, heuristic, edge, theory;
} AspFeatures;
void asp_program_features(const AspProgram *p, AspFeatures *f);

/* Reading aspif (.lp files are grounded by gringo: proc/gringo.h).  On failure these return
 * NULL and leave "where:line: error: ..." in err.  `name` is used in messages only.  With
 * `pack`, a file large enough to be read as a stream has its rules packed as they are read
 * (asp_program_pack_read: the reading holds a chunk of them unpacked, not the program); the
 * caller unpacks them (asp_program_unpack_rules) unless only asp_rules_each reads them. */
AspProgram *asp_read_aspif(FILE *in, const char *name, Limits *limits, bool pack, Buf *err);
/* As asp_read_aspif, for an input whose first bytes were read already, into head (taken:
 * head is left empty): the rest is read only when they start as aspif does ("asp "). */
AspProgram *asp_read_aspif_after(FILE *in, Buf *head, const char *name, Limits *limits, Buf *err);
AspProgram *asp_parse_aspif(const char *text, size_t len, const char *name, Buf *err);
/* As asp_parse_aspif, polling limits (may be NULL) between statements: a limit hit ends the
 * reading with "where:line: error: stopped by LIMIT while reading the program". */
AspProgram *asp_parse_aspif_within(const char *text, size_t len, const char *name,
                                   Limits *limits, Buf *err);
/* Reads all of in into out, polling limits (may be NULL) after each chunk: NULL when done,
 * else why it stopped (the limit hit, kept in limits->hit, or the read error's text). */
const char *asp_read_all(FILE *in, Buf *out, Limits *limits);
/* asp_read_all's answer `why` (NULL: none) worded into err for input `name`: "NAME: error:
 * stopped by LIMIT while reading" (a signal's EINTR is the signal's stop) or "NAME: error:
 * cannot read: WHY"; true when the read failed. */
bool asp_read_failed(const char *why, const char *name, Limits *limits, Buf *err);
/* p is gringo's output for .lp files: messages give its lines as lines of gringo's output. */
void asp_lp_grounded(AspProgram *p);

/* The rules of a `program P { ... }` block of a .fix file; NULL after reporting a bad rule
 * at its place through diag. */
AspProgram *asp_program_of_block(const Decl *d, Diag *diag, Buf *err);
/* Write p as aspif: every rule and statement, and (when `outputs`) the output statements;
 * asp_write_aspif(p, out) is asp_write_aspif_ex(p, out, true). */
void asp_write_aspif(const AspProgram *p, FILE *out);
void asp_write_aspif_ex(const AspProgram *p, FILE *out, bool outputs);
/* Text, one rule a line, hidden atoms as _N; for debugging and tests. */
void asp_print_program(const AspProgram *p, Buf *out);

/* ---- The solver ---------------------------------------------------------------------------
 * An AspSolver is a program compiled for the engine: the translation into a normal program
 * (choice {a} :- B as a :- B, not a'. a' :- B, not a.  constraint :- B as f :- B, not f.),
 * the powerset lattice of its atoms, and S_P as an ENV_ANTITONE AftFunction whose eval is
 * the least model of the reduct by counter-based propagation (linear in the program).  Its
 * optional engine hooks (prop.c): a native incremental IR (the well-founded operator for
 * asp_wellfounded; with completion and constraint propagation for the search) and a
 * first-fail split, taken when the split strategy is SPLIT_FIRST (the default). */
typedef struct AspSolver AspSolver;

AspSolver *asp_solver_new(const AspProgram *p);
/* The same, with the program atoms equivalent in every stable model (an atom whose only rule
 * is `a :- b`, equiv.c) sharing one lattice atom, so the search has fewer variables: what is
 * read of program atoms (asp_solver_has, asp_shown_atoms, asp_solver_atom_index, the bounds
 * and the partial evaluation) is as asp_solver_new's, but a merged atom has no lattice atom
 * of its own (the lattice's names and the compiled rules, which traces and explanations
 * show, name its class's atom). */
AspSolver *asp_solver_new_merged(const AspProgram *p);
/* asp_solver_new_merged for a program whose rules, once compiled, only a partial evaluation
 * (asp_rules_each) and a hand-over's unpack read: they are packed before the compilation
 * reads them one at a time, so the unpacked rules and the compiled ones are never held
 * together.  A program with disjunctive rules (compiled again when not head-cycle-free),
 * #heuristic, #edge or theory statements (which clingo may be given at once) is compiled
 * unpacked. */
AspSolver *asp_solver_new_packed(AspProgram *p);
void asp_solver_free(AspSolver *s);
/* Can the solver find the stable models itself?  Not with theory statements (a disjunctive
 * program that is not head-cycle-free it can, minimal.c, and #edge, acyclic.c); then false
 * with "NAME:LINE: error: ..." in why (NAME is used in the message only; NULL: the message
 * without the place, for a program whose lines mean nothing to the user).  The bounds
 * (asp_wellfounded, asp_final_bounds) and asp_partial_eval stay sound for every program. */
bool asp_solver_native(const AspSolver *s, const char *name, Buf *why);
const Lattice *asp_solver_lattice(const AspSolver *s);
const AftFunction *asp_solver_function(const AspSolver *s);
/* The interval every stable model lies in before any propagation: [bot, top \ {f}]. */
void asp_solver_initial(const AspSolver *s, Word *lo, Word *hi);
/* The lattice atom of a program atom (translation atoms come after or in between). */
size_t asp_solver_atom_index(const AspSolver *s, AspAtom a);
/* What the layers above read of a solver (view.c): its program; its shown program atoms in
 * print order (*n of them); its lattice atoms and normal rules; S_P's evaluations, full and
 * incremental; the minimality checks of a program that is not head-cycle-free (false when
 * it is), their testers' conflicts, choices and assumed literals (minimal.c: this solver's, so the first
 * thread's with --jobs N); whether S_P keeps the point x (then x is a stable model).  A solver of a
 * program that is already partially evaluated is marked residual: asp_solve searches it as
 * it is. */
const AspProgram *asp_solver_program(const AspSolver *s);
const AspAtom *asp_solver_shown(const AspSolver *s, size_t *n);
void asp_solver_sizes(const AspSolver *s, size_t *natoms, size_t *nrules);
void asp_solver_sp_counts(const AspSolver *s, size_t *full, size_t *incremental);
bool asp_solver_check_counts(const AspSolver *s, uint64_t *checks, uint64_t *conflicts, uint64_t *choices,
                             uint64_t *assumed);
bool asp_solver_keeps(AspSolver *s, const Word *x);
void asp_solver_mark_residual(AspSolver *s);

typedef struct AspStats {
    size_t models;
    bool complete;                /* the search was exhausted (not stopped by a limit) */
    AftStats aft;                 /* summed over the engine runs */
    size_t sp_evals;              /* S_P evaluations */
    size_t bnb_runs;              /* aft_bnb calls (more than 1 when a Final bound was reopened) */
    double first_model, last_model;   /* the clock (aft_clock) when the native search gave
                                         out its first and its last model; 0: none */
    size_t cubes;                 /* cubes the search was split into (cube.h); 0: not split */
    size_t cubes_made;            /* with --shard: the cubes of every shard (cubes: this one's) */
    unsigned threads;             /* the threads that searched them */
    double cpu_total, cpu_busiest;   /* CPU seconds of those threads: all, the busiest one */
} AspStats;

/* sum += a for runs one after the other: the engine's counts, S_P evaluations, bnb runs, the
 * first and last model's clock; with stop also what stopped a's run (not when the caller
 * goes on after it, as after a search stopped by a budget of its own). */
void asp_stats_add(AspStats *sum, const AspStats *a, bool stop);

/* Called for each stable model with its shown atoms in print order; return false to stop.
 * With jobs >= 1 (AspSolveOptions) it may be called on a search thread, but by one thread at
 * a time, each call seeing what the calls before it wrote (cubesolve.c's turn). */
typedef bool (*AspModelFn)(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n);

/* Models as text made on the search threads (the cubes of --jobs N, cube.h), standing for
 * fn(ctx, ...): atoms writes a model's shown atoms as fn would print them to out (called on
 * any thread; it reads only actx and p); put gives one model's text (as atoms made it), in
 * the models' order and as fn is called (one thread at a time), in place of fn; false stops,
 * as fn's false.
 * Used only when the search's fn and ctx are these fn and ctx (a caller that wraps fn gets
 * its fn called). */
typedef struct AspModelText {
    AspModelFn fn;
    void *ctx;
    void (*atoms)(const void *actx, const AspProgram *p, const AspAtom *atoms, size_t n, Buf *out);
    const void *actx;
    bool (*put)(void *ctx, const char *text, size_t len);
} AspModelText;

typedef struct AspSolveOptions {
    size_t max_models;            /* 0: all */
    const AspModelText *text;     /* NULL: models given to fn (as AspModelFn says) */
    bool count_only;              /* fn only counts the models (-q): it gets none of their
                                     atoms (n 0), which the search then never lists */
    const AftOptions *aft;        /* NULL: defaults (split first, which is the best atom) */
    unsigned jobs;                /* 0: one search, as of old; N >= 1: a program large enough
                                     (cube.h) is split into cubes searched on N threads, the
                                     models in cube order, the same for every N (docs/asp.md) */
    AspProgram *release;          /* the solver's program when its owner lets the search free
                                     its rules once nothing of the search reads them (a
                                     head-cycle-free program, no thread compiling its own
                                     solver): the memory of the search's peak (issue 29) */
    bool release_packs;           /* release packs the rules (asp_program_pack_rules) instead:
                                     the owner takes them back after the search */
    unsigned shard, shards;       /* --shard i/n (shards >= 1; 0: no shard): only the cubes whose index is
                                     congruent to shard mod shards are searched; a search that
                                     is not split is the caller's to refuse (asp_solve_splits) */
} AspSolveOptions;

/* The threads of the native search when the user names none (AspSolveOptions.jobs): the
 * cores, or 1 for a large program (cube.h, ASP_SHARED_STATE_MAX), where every thread's own
 * search state would raise the peak memory by about a single thread's whole (the threads
 * share the compiled program only) and the search to a first model is mostly propagation.
 * The models and their order are the same either way. */
unsigned asp_default_jobs(const AspSolver *s, unsigned cores);

/* The split the native search takes unless told otherwise, set in o (its other options, the
 * caller's limits and events, are kept): the first free atom, which is the solver's
 * first-fail choice.  The engine's own default, the widest bound's split, suits a function's
 * lattice, not a program's: `stable P` once searched with it, up to 20 times the work. */
void asp_search_defaults(AftOptions *o);

/* Is the search asp_solve would make of s under o split into cubes (cube.h; after the
 * well-founded bound's residual program, as asp_solve does it)?  --shard i/n needs it. */
bool asp_solve_splits(AspSolver *s, const AspSolveOptions *o);

/* Enumerate stable models with aft_bnb (depth first).  When the well-founded bound decides
 * most atoms, the search runs on the program partially evaluated under it (same models; the
 * callback then gets that program, with the same atom names).  AFT_OK when all were found (or
 * max_models reached), AFT_LIMIT when stopped by an engine limit, AFT_ERROR on an engine
 * error. */
AftStatus asp_solve(AspSolver *s, const AspSolveOptions *o, AspModelFn fn, void *ctx,
                    AspStats *st);

/* IR from the initial interval: the well-founded bound (with constraints applied).
 * AFT_INVALID means there is no stable model.  lo/hi are lattice elements. */
AftStatus asp_wellfounded(AspSolver *s, const AftOptions *o, Word *lo, Word *hi, AspStats *st);

/* aft_bnb's Final, as lattice intervals. */
AftStatus asp_final_bounds(AspSolver *s, const AftOptions *o, BoundList *final, AspStats *st);

/* Program atoms of a lattice element, shown ones only, in print order. */
size_t asp_shown_atoms(const AspSolver *s, const Word *x, AspAtom *out);
/* Is program atom a in lattice element x? */
bool asp_solver_has(const AspSolver *s, const Word *x, AspAtom a);

/* Partial evaluation (paper Section 8) of p under the well-founded bound [lo, hi] (lattice
 * elements of s, from asp_wellfounded): atoms in lo become facts, atoms outside hi vanish,
 * rules with a false body are dropped and true literals removed.  When [tlo, thi] (any bound
 * holding every stable model, e.g. the hull of Final; may be NULL) decides more atoms, those
 * become constraints (:- not a. / :- a.).  The result has the same stable models as p. */
AspProgram *asp_partial_eval(const AspProgram *p, const AspSolver *s, const Word *lo,
                             const Word *hi, const Word *tlo, const Word *thi);
/* The program with no stable model (one empty constraint). */
AspProgram *asp_program_inconsistent(void);

#endif
