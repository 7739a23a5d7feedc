/* asp_outf.c: `fix asp --outf=2`, clingo's JSON layout (asp_out.h): one JSON object for the
 * whole run, written as it goes: "Solver" and "Input" first, then one "Call" whose
 * "Witnesses" are the models as they are found (each its "Value", the atoms; with the
 * consequences their "Consequences"; with #minimize its "Costs"), each part written, kept
 * till the next witness or the result, or dropped by its level of --quiet=M,C, as the text's
 * lines (no witness written: no "Witnesses" key, as clingo); then "Result", "Models"
 * ("Number", "More", and with #minimize "Optimum", "Optimal", "Costs") and "Calls" (both left
 * out under -V0, as clingo does).  clingo's "Time" is left out, so that fix's output is the
 * same on every run, unless --stats asks for it: then asp_outf_end leaves the object open for
 * asp_out.c's "Time" and "Stats", and asp_outf_close ends it.  Layout (spaces, line breaks)
 * is not clingo's; the JSON is. */
#include "app/asp_out.h"

void asp_outf_begin(AspOut *o, const char *const *files, size_t nfiles)
{
    json_init(&o->w, &o->line);
    json_begin_object(&o->w);
    json_key_string(&o->w, "Solver", "fix version " FIX_VERSION);
    json_key(&o->w, "Input");
    json_begin_array(&o->w);
    if (!nfiles) json_string(&o->w, "stdin");
    for (size_t i = 0; i < nfiles; i++) json_string(&o->w, files[i]);
    json_end_array(&o->w);
    json_key(&o->w, "Call");
    json_begin_array(&o->w);
    json_begin_object(&o->w);
    o->outf_open = true;
    asp_out_flush(o);
}

/* A witness's object begins: the first opens "Witnesses". */
static void witness_begin(AspOut *o)
{
    if (!o->outf_witnesses) {
        json_key(&o->w, "Witnesses");
        json_begin_array(&o->w);
        o->outf_witnesses = true;
    }
    json_begin_object(&o->w);
}

static void costs(AspOut *o, const int64_t *c, size_t n)
{
    json_key(&o->w, "Costs");
    json_begin_array(&o->w);
    for (size_t i = 0; i < n; i++) json_int(&o->w, (long long)c[i]);
    json_end_array(&o->w);
}

/* --enum-mode brave|cautious: "Consequences", the atoms sure ("True") and those that may
 * still be ("Open"). */
static void conseq_counts(AspOut *o, size_t lower, size_t upper)
{
    json_key(&o->w, "Consequences");
    json_begin_object(&o->w);
    json_key_uint(&o->w, "True", lower);
    json_key_uint(&o->w, "Open", upper - lower);
    json_end_object(&o->w);
}

/* A witness's parts after its "Value": the consequences' counts, then the costs. */
static void cost_parts(AspOut *o, bool conseq, size_t lower, size_t upper, const int64_t *c,
                       size_t ncosts)
{
    if (conseq) conseq_counts(o, lower, upper);
    if (c) costs(o, c, ncosts);
}

/* What quiet level 1 kept, as one witness (nothing when nothing is kept). */
static void write_kept(AspOut *o)
{
    AspOutfKept *k = &o->kept;
    if (!k->value && !k->costs) return;
    witness_begin(o);
    if (k->value) {
        json_key(&o->w, "Value");
        json_begin_array(&o->w);
        const char *name = k->names.data;
        for (size_t i = 0; i < k->name_len.count; name += k->name_len.items[i++])
            json_stringn(&o->w, name, k->name_len.items[i]);
        json_end_array(&o->w);
    }
    if (k->costs) cost_parts(o, k->conseq, k->lower, k->upper, k->cost.items, k->cost.count);
    json_end_object(&o->w);
    k->value = k->costs = false;
    asp_out_flush(o);
}

static void keep_value(AspOutfKept *k, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    k->value = true;
    buf_clear(&k->names);
    k->name_len.count = 0;
    for (size_t i = 0; i < n; i++) {
        size_t len = asp_atom_name_len(p, atoms[i]);
        buf_putn(&k->names, asp_atom_name(p, atoms[i]), len);
        VEC_PUSH(k->name_len, len);
    }
}

static void keep_costs(AspOut *o, const int64_t *c, size_t ncosts, bool conseq)
{
    AspOutfKept *k = &o->kept;
    k->costs = true;
    k->conseq = conseq;
    k->lower = o->conseq_lower;
    k->upper = o->conseq_upper;
    k->cost.count = 0;
    for (size_t i = 0; c && i < ncosts; i++) VEC_PUSH(k->cost, c[i]);
}

/* A witness: as the text's report of a model (asp_out.c), what level 1 kept of the one before
 * is dropped (a later witness supersedes it) or, among optN's optimal models, written; then
 * each part is written now (level 0), kept (1) or dropped (2). */
void asp_outf_witness(AspOut *o, const AspProgram *p, const AspAtom *atoms, size_t n,
                      const int64_t *c, size_t ncosts, bool conseq)
{
    if (o->optimal_phase && !o->conseq) write_kept(o);
    o->kept.value = o->kept.costs = false;
    bool has_costs = c || conseq;
    bool value_now = o->quiet == 0, costs_now = has_costs && o->quiet_costs == 0;
    if (value_now || costs_now) {
        witness_begin(o);
        if (value_now) asp_out_atom_array(o, "Value", p, atoms, n);
        if (costs_now) cost_parts(o, conseq, o->conseq_lower, o->conseq_upper, c, ncosts);
        json_end_object(&o->w);
        asp_out_flush(o);
    }
    if (o->quiet == 1) keep_value(&o->kept, p, atoms, n);
    if (has_costs && o->quiet_costs == 1) keep_costs(o, c, ncosts, conseq);
}

void asp_outf_free(AspOut *o)
{
    buf_free(&o->kept.names);
    VEC_FREE(o->kept.name_len);
    VEC_FREE(o->kept.cost);
}

/* "Models" (the number, whether there are more, with #minimize the optimum) and "Calls". */
static void outf_summary(AspOut *o, size_t models, bool more, const AspOutfOpt *opt)
{
    json_key(&o->w, "Models");
    json_begin_object(&o->w);
    json_key_uint(&o->w, "Number", models);
    json_key_string(&o->w, "More", more ? "yes" : "no");
    if (opt && opt->have_best) {
        json_key_string(&o->w, "Optimum", opt->proved ? "yes" : "unknown");
        if (opt->optimal) json_key_uint(&o->w, "Optimal", opt->optimal);
        costs(o, opt->best, opt->levels);
    }
    if (o->conseq && models) {
        json_key_string(&o->w, o->conseq == 1 ? "Brave" : "Cautious", more ? "unknown" : "yes");
        conseq_counts(o, o->conseq_lower, o->conseq_upper);
    }
    json_end_object(&o->w);
    json_key_uint(&o->w, "Calls", 1);
}

void asp_outf_end(AspOut *o, const char *result, size_t models, bool more, const AspOutfOpt *opt)
{
    if (!o->outf_open) return;
    write_kept(o);
    if (o->outf_witnesses) json_end_array(&o->w);
    o->outf_witnesses = false;
    json_end_object(&o->w);
    json_end_array(&o->w);                  /* Call */
    json_key_string(&o->w, "Result", result);
    if (!o->terse) outf_summary(o, models, more, opt);      /* -V0: clingo leaves it out */
    o->outf_open = false;
    o->outf_tail = true;
    if (!o->summary) asp_outf_close(o);
    else asp_out_flush(o);
}

void asp_outf_close(AspOut *o)
{
    if (!o->outf_tail) return;
    json_end_object(&o->w);
    buf_putc(&o->line, '\n');
    o->outf_tail = false;
    asp_out_flush(o);
}
