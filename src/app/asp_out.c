/* asp_out.c: the lines `fix asp` prints (asp_out.h): models, and with #minimize their costs
 * and the result block of an optimisation; bounds and the result of an enumeration; the
 * check of a bound against clingo's consequences; the statistics.  In clingo's text layout or
 * as JSON lines (clingo's own JSON layout, --outf=2, is asp_outf.c's). */
#include "app/asp_out.h"

#include <stdio.h>
#include <string.h>

#include "util/limits.h"

/* A text model's atoms into o->line, written on every few thousand atoms when the model is
 * printed at once (quiet 0): a model of millions of atoms needs no line of its size. */
static void text_atoms(AspOut *o, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    enum { CHUNK = 4096 };
    for (size_t i = 0; i < n; i += CHUNK) {
        if (i) buf_putc(&o->line, ' ');
        asp_out_atoms(o, p, atoms + i, n - i < CHUNK ? n - i : CHUNK);
        if (o->quiet == 0 && n - i > CHUNK) asp_out_flush(o);
    }
}

/* A text model's "Answer: k" line, with room reserved in o->line for the extra bytes of its
 * atoms' line after it (one reservation for both, made for every model, of millions, by the
 * thread that prints them). */
static void answer_line(AspOut *o, size_t extra)
{
    enum { HEAD_MAX = 40 };                 /* "% Answer: ", 20 digits, "\nANSWER\n" */
    Buf *b = &o->line;
    buf_reserve(b, HEAD_MAX + extra);
    ++o->answers;
    if (!o->terse) {
        buf_puts(b, o->competition ? "% Answer: " : "Answer: ");
        buf_put_uint(b, o->answers);
        buf_putc(b, '\n');
    }
    if (o->competition) buf_puts(b, "ANSWER\n");
}

/* "Answer: k" and the atoms; in JSON, the "model" line is left open. */
static void answer(AspOut *o, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    if (o->json) {
        o->answers++;
        asp_out_begin(o, "model");
        json_key_uint(&o->w, "index", o->answers);
        asp_out_atom_array(o, "atoms", p, atoms, n);
        return;
    }
    answer_line(o, 0);
    text_atoms(o, p, atoms, n);
    buf_putc(&o->line, '\n');
}

/* The text's statistics lines set their colon in column 13 ("Models       : 4"); clingo's
 * competition format sets it two columns further right. */
enum { TEXT_KEY_COLUMN = 13, COMPETITION_KEY_SHIFT = 2 };

/* Each line of text as a comment of the competition format: after "% ", a "Key : value"
 * line with its colon moved to clingo's column. */
static void comment_text(Buf *b, const char *text)
{
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p), k = TEXT_KEY_COLUMN;
        buf_puts(b, "% ");
        if (n > k && p[k] == ':' && p[k - 1] == ' ') {
            buf_putn(b, p, k);
            buf_printf(b, "%*s", COMPETITION_KEY_SHIFT, "");
            buf_putn(b, p + k, n - k);
        } else {
            buf_putn(b, p, n);
        }
        buf_putc(b, '\n');
        p += n + (e != NULL);
    }
}

/* The lines after a result in the competition format: each of clingo's statistics lines
 * as a comment, the first one blank. */
static void comment_lines(AspOut *o, const char *text)
{
    buf_puts(&o->line, "% \n");
    comment_text(&o->line, text);
}

/* The result line, then a blank line and the summary (-V0: only with --stats). */
static void result_lines(AspOut *o, const char *result, Buf *summary)
{
    buf_puts(&o->line, result);
    buf_putc(&o->line, '\n');
    if (!o->terse || o->summary) buf_printf(&o->line, "\n%s\n", buf_cstr(summary));
}

/* Before a result in text: what quiet 1 kept. */
static void last_model(AspOut *o)
{
    if (!o->last.len) return;
    buf_putn(&o->line, o->last.data, o->last.len);
    buf_clear(&o->last);
}

/* A model's report begins (its lines are made in o->line next): what quiet 1 kept of the one
 * before is dropped, a later model superseding it, or, among optN's optimal models (each is
 * printed, as clingo prints them; not the consequences' steps: the last one), written now. */
static void report_begin(AspOut *o)
{
    if (!o->optimal_phase || o->conseq) buf_clear(&o->last);
    else if (o->last.len) {
        last_model(o);
        asp_out_flush(o);
    }
}

/* A part of a model's report just made in o->line (its answer lines, or its costs' and
 * consequences' lines), by its level of --quiet=M,C: written (0), kept to be written before the
 * next model's or the result (1), or dropped (2). */
static void report_part(AspOut *o, int level)
{
    if (level == 0) {
        asp_out_flush(o);
        return;
    }
    if (level == 1 && o->line.len) buf_putn(&o->last, o->line.data, o->line.len);
    buf_clear(&o->line);
}

bool asp_out_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    AspOut *o = ctx;
    if (o->clingo_json) {
        asp_outf_witness(o, p, atoms, n, NULL, 0, false);
        return !o->write_errno;
    }
    if (asp_out_counts_only(o)) {                /* printed nowhere: only counted */
        o->answers++;
        return !o->write_errno;
    }
    report_begin(o);
    answer(o, p, atoms, n);
    if (o->json) asp_out_end(o);
    else report_part(o, o->quiet);
    return !o->write_errno;
}

/* The text hooks' put (asp_out_text): a model whose atoms' text a search thread made; the
 * text of an empty model may be NULL (a buffer never written), its line is blank all the
 * same (it was left out, so --jobs 2 printed "Answer: k" with no line after it). */
static bool model_text(void *ctx, const char *text, size_t len)
{
    AspOut *o = ctx;
    report_begin(o);
    answer_line(o, len + 1);
    if (len) buf_putn(&o->line, text, len);
    buf_putc(&o->line, '\n');
    report_part(o, o->quiet);
    return !o->write_errno;
}

/* The text hooks' atoms: what text_atoms writes, on a search thread (reads o->competition
 * only, which no one writes during the search). */
static void model_atoms(const void *actx, const AspProgram *p, const AspAtom *atoms, size_t n,
                        Buf *out)
{
    asp_out_names(out, p, atoms, n, ((const AspOut *)actx)->competition);
}

bool asp_out_counts_only(const AspOut *o)
{
    return o->quiet == 2 && !o->json;
}

const AspModelText *asp_out_text(AspOut *o, AspModelText *t)
{
    if (o->json || o->clingo_json || o->quiet == 2) return NULL;    /* no text to make */
    *t = (AspModelText){ .fn = asp_out_model, .ctx = o, .atoms = model_atoms, .actx = o,
                         .put = model_text };
    return t;
}

/* The costs: in text blank-separated, in JSON the array under key. */
static void put_costs(AspOut *o, const char *key, const int64_t *costs, size_t n)
{
    if (o->json) {
        json_key(&o->w, key);
        json_begin_array(&o->w);
        for (size_t i = 0; i < n; i++) json_int(&o->w, (long long)costs[i]);
        json_end_array(&o->w);
        return;
    }
    for (size_t i = 0; i < n; i++) buf_printf(&o->line, "%s%lld", i ? " " : "", (long long)costs[i]);
}

/* optN's second phase: the optimal models, numbered from 1 again (quiet 1 keeps them, not
 * the last improving one). */
static void enter_optimal_phase(AspOut *o)
{
    if (o->optimal_phase) return;
    o->optimal_phase = true;
    o->answers = 0;
    buf_clear(&o->last);
    o->kept.value = o->kept.costs = false;
}

bool asp_out_opt_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n,
                       const int64_t *costs, size_t ncosts, bool optimal)
{
    AspOut *o = ctx;
    if (optimal) enter_optimal_phase(o);
    if (o->clingo_json) {
        asp_outf_witness(o, p, atoms, n, costs, ncosts, false);
        return !o->write_errno;
    }
    if (!o->json) report_begin(o);
    answer(o, p, atoms, n);
    if (o->json) {
        put_costs(o, "costs", costs, ncosts);
        if (optimal) json_key_bool(&o->w, "optimal", true);
        asp_out_end(o);
        return !o->write_errno;
    }
    report_part(o, o->quiet);
    buf_puts(&o->line, o->competition ? "COST " : "Optimization: ");
    put_costs(o, NULL, costs, ncosts);
    buf_putc(&o->line, '\n');
    report_part(o, o->quiet_costs);
    return !o->write_errno;
}

static const char *opt_result_text(AftStatus r, const AspStats *st, const AspOptResult *res)
{
    if (r == AFT_ERROR) return "ERROR";
    if (res->proved) return "OPTIMUM FOUND";
    if (res->have_best) return "SATISFIABLE";
    return st->complete ? "UNSATISFIABLE" : "UNKNOWN";
}

static void opt_result_json(AspOut *o, const char *text, const AspStats *st,
                            const AspOptResult *res, bool all_optimal)
{
    asp_out_begin(o, "result");
    json_key_string(&o->w, "result", text);
    json_key_uint(&o->w, "models", st->models);
    json_key_bool(&o->w, "complete", st->complete || res->proved);
    json_key_bool(&o->w, "optimum", res->proved);
    if (res->have_best) put_costs(o, "costs", res->best, res->levels);
    if (all_optimal) json_key_uint(&o->w, "optimal", res->optimal);
    asp_out_end(o);
}

void asp_out_opt_result(AspOut *o, AftStatus r, const AspStats *st, const AspOptResult *res,
                        AspOptMode mode)
{
    const char *text = opt_result_text(r, st, res);
    bool enumerate = mode == ASP_OPT_ENUM;      /* as clingo: no optimum's costs, no Optimal */
    bool all_optimal = mode == ASP_OPT_OPTN && res->proved && res->optimal_complete;
    bool done = res->proved && !enumerate ? mode == ASP_OPT_OPT || res->optimal_complete
                                          : st->complete;
    if (o->json) {
        opt_result_json(o, text, st, res, all_optimal);
        return;
    }
    if (o->clingo_json) {
        AspOutfOpt f = { .have_best = res->have_best, .proved = res->proved,
                         .optimal = !res->proved ? 0 : all_optimal ? res->optimal : 1, .best = res->best,
                         .levels = res->levels };
        asp_outf_end(o, text, st->models, !done, enumerate ? NULL : &f);
        return;
    }
    last_model(o);
    Buf stats;
    buf_init(&stats);
    buf_printf(&stats, "Models       : %zu%s\n", st->models, done ? "" : "+");
    if (res->have_best) {
        buf_printf(&stats, "  Optimum    : %s\n", res->proved ? "yes" : "unknown");
        if (all_optimal && res->optimal > 1)     /* clingo leaves the line out for one */
            buf_printf(&stats, "  Optimal    : %zu\n", res->optimal);
    }
    if (res->have_best && !enumerate) {
        buf_puts(&stats, "Optimization : ");
        for (size_t i = 0; i < res->levels; i++) buf_printf(&stats, "%s%lld", i ? " " : "", (long long)res->best[i]);
        buf_putc(&stats, '\n');
    }
    buf_puts(&stats, "Calls        : 1");
    if (o->competition) {
        if (res->proved) buf_puts(&o->line, "OPTIMUM\n");
        else if (!res->have_best) buf_puts(&o->line, st->complete ? "INCONSISTENT\n" : "UNKNOWN\n");
        if (!o->terse || o->summary) comment_lines(o, buf_cstr(&stats));
    } else {
        result_lines(o, text, &stats);
    }
    buf_free(&stats);
    asp_out_flush(o);
}

/* ---- bounds, the result of an enumeration, consequences ---- */

void asp_out_bound(AspOut *o, const AspSolver *s, const Word *lo, const Word *hi, AspAtom *tmp)
{
    const AspProgram *p = asp_solver_program(s);
    size_t nt = asp_shown_atoms(s, lo, tmp), nu = 0, nshown;
    const AspAtom *shown = asp_solver_shown(s, &nshown);
    AspAtom *und = tmp + nt;
    for (size_t i = 0; i < nshown; i++) {
        AspAtom a = shown[i];
        if (asp_solver_has(s, hi, a) && !asp_solver_has(s, lo, a)) und[nu++] = a;
    }
    if (o->json) {
        asp_out_atom_array(o, "true", p, tmp, nt);
        asp_out_atom_array(o, "undefined", p, und, nu);
        asp_out_end(o);
        return;
    }
    buf_puts(&o->line, nt ? "True: " : "True:");
    asp_out_atoms(o, p, tmp, nt);
    buf_puts(&o->line, nu ? "\nUndefined: " : "\nUndefined:");
    asp_out_atoms(o, p, und, nu);
    buf_putc(&o->line, '\n');
    asp_out_flush(o);
}

static const char *status_text(AftStatus r, bool sat, bool complete)
{
    if (r == AFT_ERROR) return "ERROR";
    if (sat) return "SATISFIABLE";
    return complete ? "UNSATISFIABLE" : "UNKNOWN";
}

/* The text result of an enumeration: the result line and the summary (Models, with
 * --enum-mode brave|cautious the consequences' lines conseq, Calls, a shard's cubes). */
static void enum_summary(AspOut *o, const char *res, const AspStats *st, const char *conseq)
{
    last_model(o);
    Buf stats;
    buf_init(&stats);
    buf_printf(&stats, "Models       : %zu%s\n%sCalls        : 1", st->models, st->complete ? "" : "+",
               conseq ? conseq : "");
    if (o->shards)
        buf_printf(&stats, "\nShard        : %u/%u (%zu of %zu cubes)", o->shard, o->shards, st->cubes,
                   st->cubes_made);
    if (o->competition) {
        if (!st->models) buf_puts(&o->line, st->complete ? "INCONSISTENT\n" : "UNKNOWN\n");
        else if (!strcmp(res, "OPTIMUM FOUND")) buf_puts(&o->line, "OPTIMUM\n");   /* consequences */
        if (!o->terse || o->summary) comment_lines(o, buf_cstr(&stats));
    } else {
        result_lines(o, res, &stats);
    }
    buf_free(&stats);
    asp_out_flush(o);
}

/* The JSON "result" line of an enumeration, begun: the result, the models, complete. */
static void result_json(AspOut *o, const char *res, const AspStats *st)
{
    asp_out_begin(o, "result");
    json_key_string(&o->w, "result", res);
    json_key_uint(&o->w, "models", st->models);
    json_key_bool(&o->w, "complete", st->complete);
}

void asp_out_result(AspOut *o, AftStatus r, const AspStats *st)
{
    const char *res = status_text(r, st->models > 0, st->complete);
    if (o->clingo_json) {
        asp_outf_end(o, res, st->models, !st->complete, NULL);
        return;
    }
    if (o->json) {
        result_json(o, res, st);
        if (o->shards) {
            json_key_uint(&o->w, "shard", o->shard);
            json_key_uint(&o->w, "shards", o->shards);
            json_key_uint(&o->w, "cubes", st->cubes);
            json_key_uint(&o->w, "cubes_all", st->cubes_made);
        }
        asp_out_end(o);
        return;
    }
    enum_summary(o, res, st, NULL);
}


static void consequences_json(AspOut *o, const AspSolver *s, const char *what,
                              const ProcConsequences *q, const ProcBoundCheck *k,
                              const AspAtom *bad)
{
    asp_out_begin(o, "consequences");
    json_key_string(&o->w, "bound", what);
    json_key_uint(&o->w, "atoms", k->atoms);
    json_key_uint(&o->w, "lower", k->lower);
    json_key_uint(&o->w, "upper", k->upper);
    json_key_bool(&o->w, "stable_models", q->has_model);
    json_key_uint(&o->w, "cautious", k->cautious);
    json_key_uint(&o->w, "brave", k->brave);
    json_key_bool(&o->w, "complete", q->complete);
    json_key_bool(&o->w, "certified", !k->refuted);
    asp_out_atom_array(o, "refuting", asp_solver_program(s), bad, k->nbad);
    asp_out_end(o);
}

void asp_out_consequences(AspOut *o, const AspSolver *s, const char *what,
                          const ProcConsequences *q, const ProcBoundCheck *k, const AspAtom *bad)
{
    if (o->json) {
        consequences_json(o, s, what, q, k, bad);
        return;
    }
    buf_printf(&o->line, "Consequences : %s lower %zu <= cautious %zu, brave %zu <= upper %zu"
               " (of %zu atoms)%s%s\n", what, k->lower, k->cautious, k->brave, k->upper,
               k->atoms, q->has_model ? "" : "; clingo: no stable model",
               q->complete ? "" : "; clingo stopped: consequences so far");
    buf_printf(&o->line, "Decided      : bound %zu, cautious/brave %zu\n",
               k->lower + k->atoms - k->upper,
               q->has_model ? k->cautious + k->atoms - k->brave : k->atoms);
    buf_puts(&o->line, k->refuted ? "Certified    : NO, refuted" : "Certified    : yes");
    if (k->nbad) buf_puts(&o->line, " by: ");
    asp_out_atoms(o, asp_solver_program(s), bad, k->nbad);
    buf_putc(&o->line, '\n');
    asp_out_flush(o);
}

/* ---- statistics ---- */

static const char *solver_name(ProcSolverKind k)
{
    return k == PROC_SOLVER_CLINGO ? "clingo" : k == PROC_SOLVER_NATIVE ? "native" : "auto";
}

/* Which solver found the models, and why auto or the race chose it. */
static void solver_json(JsonWriter *w, const AspOutSolver *v)
{
    if (!v) return;
    json_key_string(w, "solver", solver_name(v->kind));
    if (v->how->why) json_key_string(w, "solver_reason", v->how->why);
    if (v->kind != PROC_SOLVER_CLINGO) return;
    json_key_uint(w, "clingo_calls", v->how->clingo.calls);
    json_key_uint(w, "final_bounds", v->how->clingo.final_bounds);
    json_key_uint(w, "native_models", v->how->clingo.native_models);
}

static void solver_text(Buf *b, const AspOutSolver *v)
{
    if (!v) return;
    const char *why = v->how->why;
    buf_printf(b, "Solver       : %s%s%s%s%s%s\n", solver_name(v->kind), why ? " (" : "",
               why ? v->chooser : "", why ? ": " : "", why ? why : "", why ? ")" : "");
    if (v->kind == PROC_SOLVER_CLINGO)
        buf_printf(b, "Clingo calls : %zu (Final bounds %zu, stable models among them %zu)\n",
                   v->how->clingo.calls, v->how->clingo.final_bounds,
                   v->how->clingo.native_models);
}

/* Seconds: the run; until the native search's first model and after its last one, when
 * it found one and (unsat) was exhausted (clingo's "1st Model" and "Unsat"); -1: none. */
typedef struct ModelTimes { double total, first, unsat; } ModelTimes;

/* The figures --json's "stats" line and --outf=2's "Stats"."fix" carry, as fix names them. */
static void stats_fields(JsonWriter *jw, const AspSolver *s, const AspStats *st,
                         const AspOutSolver *v)
{
    const AftStats *a = &st->aft;
    size_t full, inc, natoms, nrules;
    asp_solver_sp_counts(s, &full, &inc);
    asp_solver_sizes(s, &natoms, &nrules);
    json_key_uint(jw, "atoms", asp_atom_count(asp_solver_program(s)));
    json_key_uint(jw, "rules", asp_rules_read(asp_solver_program(s)));
    json_key_uint(jw, "lattice_atoms", natoms);
    json_key_uint(jw, "normal_rules", nrules);
    json_key_uint(jw, "sp_evals", st->sp_evals);
    json_key_uint(jw, "sp_full", full);
    json_key_uint(jw, "sp_incremental", inc);
    json_key_uint(jw, "f_calls", a->f_calls);
    json_key_uint(jw, "ir_calls", a->ir_calls);
    json_key_uint(jw, "rounds", a->rounds);
    json_key_uint(jw, "pruned", a->pruned);
    json_key_uint(jw, "merged", a->merged);
    json_key_uint(jw, "bnb_runs", st->bnb_runs);
    json_key_uint(jw, "choices", a->splits);
    json_key_uint(jw, "conflicts", a->conflicts);
    json_key_uint(jw, "learnt_nogoods", a->learnt);
    json_key_uint(jw, "backjumps", a->backjumps);
    json_key_uint(jw, "restarts", a->restarts);
    if (st->cubes) {
        json_key_uint(jw, "cubes", st->cubes);
        json_key_uint(jw, "threads", st->threads);
    }
    solver_json(jw, v);
}

static void stats_json(Buf *b, const AspSolver *s, const AspStats *st, const AspOutSolver *v,
                       const ModelTimes *mt)
{
    JsonWriter w;
    json_init(&w, b);
    json_begin_object(&w);
    json_key_string(&w, "kind", "stats");
    stats_fields(&w, s, st, v);
    json_key(&w, "time");
    json_fixed(&w, mt->total, 3);
    if (mt->first >= 0) {
        json_key(&w, "first_model_time");
        json_fixed(&w, mt->first, 3);
    }
    if (mt->unsat >= 0) {
        json_key(&w, "unsat_time");
        json_fixed(&w, mt->unsat, 3);
    }
    json_end_object(&w);
    buf_putc(b, '\n');
}

static void stats_text(Buf *b, const AspSolver *s, const AspStats *st, const AspOutSolver *v,
                       const ModelTimes *mt)
{
    const AftStats *a = &st->aft;
    const AspProgram *p = asp_solver_program(s);
    size_t full, inc, natoms, nrules;
    asp_solver_sp_counts(s, &full, &inc);
    asp_solver_sizes(s, &natoms, &nrules);
    buf_printf(b, "\nAtoms        : %zu (lattice %zu)\nRules        : %zu (normal %zu)\n"
               "S_P evals    : %zu (full %zu, incremental %zu)\nF steps      : %zu\n"
               "IR calls     : %zu\nRounds       : %zu\nPruned       : %zu\nMerged       : %zu\n"
               "B&B runs     : %zu\nTime         : %.3fs",
               asp_atom_count(p), natoms, asp_rules_read(p), nrules,
               st->sp_evals, full, inc, a->f_calls, a->ir_calls, a->rounds, a->pruned, a->merged,
               st->bnb_runs, mt->total);
    if (mt->first >= 0) buf_printf(b, " (1st Model: %.3fs", mt->first);
    if (mt->first >= 0 && mt->unsat >= 0) buf_printf(b, " Unsat: %.3fs", mt->unsat);
    buf_puts(b, mt->first >= 0 ? ")\n" : "\n");
    buf_printf(b, "Choices      : %zu\nConflicts    : %zu (Analyzed: %zu)\nRestarts     : %zu\n"
               "Backjumps    : %zu\nNogoods      : %zu (learnt)\n", a->splits, a->conflicts,
               a->learnt, a->restarts, a->backjumps, a->learnt);
    uint64_t checks, tconflicts, tchoices, assumed;
    if (asp_solver_check_counts(s, &checks, &tconflicts, &tchoices, &assumed))
        buf_printf(b, "Min checks   : %llu (conflicts %llu, choices %llu, assumed %llu)\n", (unsigned long long)checks,
                   (unsigned long long)tconflicts, (unsigned long long)tchoices, (unsigned long long)assumed);
    if (st->cubes)
        buf_printf(b, "Cubes        : %zu on %u threads (CPU %.3fs, busiest thread %.3fs)\n",
                   st->cubes, st->threads, st->cpu_total, st->cpu_busiest);
    solver_text(b, v);
}

static void key_seconds(JsonWriter *w, const char *key, double seconds)
{
    json_key(w, key);
    json_fixed(w, seconds, 3);
}

/* --outf=2 --stats: clingo's "Time" (not under -V0, as clingo) and "Stats" in the object
 * asp_outf_end left open: clingo's names for the figures fix has ("Core", "LP"), fix's own
 * under "fix"; then the object is closed. */
static void stats_outf(AspOut *o, const AspSolver *s, const AspStats *st, const AspOutSolver *v,
                       const ModelTimes *mt)
{
    JsonWriter *w = &o->w;
    const AftStats *a = &st->aft;
    if (!o->terse) {
        json_key(w, "Time");
        json_begin_object(w);
        key_seconds(w, "Total", mt->total);
        if (mt->first >= 0) key_seconds(w, "Model", mt->first);
        if (mt->unsat >= 0) key_seconds(w, "Unsat", mt->unsat);
        json_end_object(w);
    }
    json_key(w, "Stats");
    json_begin_object(w);
    json_key(w, "Core");
    json_begin_object(w);
    json_key_uint(w, "Choices", a->splits);
    json_key_uint(w, "Conflicts", a->conflicts);
    json_key_uint(w, "Backjumps", a->backjumps);
    json_key_uint(w, "Restarts", a->restarts);
    json_end_object(w);
    json_key(w, "LP");
    json_begin_object(w);
    json_key_uint(w, "Atoms", asp_atom_count(asp_solver_program(s)));
    json_key(w, "Rules");
    json_begin_object(w);
    json_key_uint(w, "Original", asp_rules_read(asp_solver_program(s)));
    json_end_object(w);
    json_end_object(w);
    json_key(w, "fix");
    json_begin_object(w);
    stats_fields(w, s, st, v);
    json_end_object(w);
    json_end_object(w);
    asp_outf_close(o);
}

void asp_out_stats(AspOut *o, const AspSolver *s, const AspStats *st,
                   const AspOutSolver *solver, double t0, FILE *to)
{
    ModelTimes mt = { limits_clock() - t0, -1, -1 };
    if (st->first_model != 0) mt.first = st->first_model - t0;
    if (st->last_model != 0 && st->complete) mt.unsat = mt.total - (st->last_model - t0);
    if (o->clingo_json) {
        stats_outf(o, s, st, solver, &mt);
        return;
    }
    Buf b;
    buf_init(&b);
    if (o->json) {
        stats_json(&b, s, st, solver, &mt);
    } else if (o->competition) {        /* comments, as the summary's lines */
        Buf text;
        buf_init(&text);
        stats_text(&text, s, st, solver, &mt);
        comment_text(&b, buf_cstr(&text));
        buf_free(&text);
    } else {
        stats_text(&b, s, st, solver, &mt);
    }
    fwrite(b.data, 1, b.len, to);
    buf_free(&b);
}

/* ---- --enum-mode brave|cautious ---- */

bool asp_out_conseq_step(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n,
                         size_t lower, size_t upper)
{
    AspOut *o = ctx;
    const int64_t *c = o->conseq_costs;
    lower = (size_t)((long)lower - o->conseq_offset);      /* clingo's counts (asp_out.h) */
    upper = (size_t)((long)upper - o->conseq_offset);
    o->conseq_lower = lower;
    o->conseq_upper = upper;
    if (c) enter_optimal_phase(o);
    if (o->clingo_json) {
        asp_outf_witness(o, p, atoms, n, c, c ? o->conseq_levels : 0, true);
        return !o->write_errno;
    }
    if (!o->json) report_begin(o);
    answer(o, p, atoms, n);
    if (o->json) {
        json_key(&o->w, "consequences");
        json_begin_object(&o->w);
        json_key_uint(&o->w, "lower", lower);
        json_key_uint(&o->w, "upper", upper);
        json_end_object(&o->w);
        if (c) {
            put_costs(o, "costs", c, o->conseq_levels);
            json_key_bool(&o->w, "optimal", true);
        }
        asp_out_end(o);
        return !o->write_errno;
    }
    report_part(o, o->quiet);
    buf_printf(&o->line, "%sConsequences: [%zu;%zu]\n", o->competition ? "% " : "", lower, upper);
    if (c) {
        buf_puts(&o->line, o->competition ? "COST " : "Optimization: ");
        put_costs(o, NULL, c, o->conseq_levels);
        buf_putc(&o->line, '\n');
    }
    report_part(o, o->quiet_costs);
    return !o->write_errno;
}

/* The text summary's lines of the consequences (and of the optimum they are among). */
static void conseq_lines(Buf *b, bool brave, bool known, size_t count, const AspOptResult *opt,
                         size_t steps)
{
    buf_printf(b, "  %-11s: %s\n", brave ? "Brave" : "Cautious", known ? "yes" : "unknown");
    if (opt) {
        buf_printf(b, "  Optimum    : yes\n  Optimal    : %zu\nOptimization : ", steps);
        for (size_t i = 0; i < opt->levels; i++) buf_printf(b, "%s%lld", i ? " " : "", (long long)opt->best[i]);
        buf_putc(b, '\n');
    }
    buf_printf(b, "Consequences : %zu%s\n", count, known ? "" : "+");
}

void asp_out_conseq_result(AspOut *o, AftStatus r, const AspStats *st, bool brave,
                           const AspOptResult *opt, size_t steps)
{
    const char *res = opt ? "OPTIMUM FOUND" : status_text(r, st->models > 0, st->complete);
    bool known = st->complete && steps;
    if (known) {                  /* the last set is the consequences: each count is its size */
        if (brave) o->conseq_upper = o->conseq_lower;
        else o->conseq_lower = o->conseq_upper;
    }
    if (o->clingo_json) {
        AspOutfOpt f = { .have_best = opt != NULL, .proved = opt != NULL, .optimal = steps,
                         .best = opt ? opt->best : NULL, .levels = opt ? opt->levels : 0 };
        asp_outf_end(o, res, st->models, !st->complete, opt ? &f : NULL);
        return;
    }
    if (o->json) {
        result_json(o, res, st);
        json_key_string(&o->w, "consequences", brave ? "brave" : "cautious");
        if (known) json_key_uint(&o->w, "count", o->conseq_lower);
        if (opt) {
            json_key_bool(&o->w, "optimum", true);
            put_costs(o, "costs", opt->best, opt->levels);
            json_key_uint(&o->w, "optimal", steps);
        }
        asp_out_end(o);
        return;
    }
    Buf lines;
    buf_init(&lines);
    if (steps) conseq_lines(&lines, brave, known, o->conseq_lower, opt, steps);
    enum_summary(o, res, st, buf_cstr(&lines));
    buf_free(&lines);
}
