/* asp_outf.c: `fix asp --outf=2`, clingo's JSON layout (asp_out.h): one JSON object for the
 * whole run, written as it goes: "Solver" and "Input" first, then one "Call" whose
 * "Witnesses" are the models as they are found (each its "Value", the atoms, and with
 * #minimize its "Costs"), then "Result", "Models" ("Number", "More", and with #minimize
 * "Optimum", "Optimal", "Costs") and "Calls" (both left out under -V0, as clingo does).  clingo's "Time" is left out: fix's output is
 * the same on every run.  Layout (spaces, line breaks) is not clingo's; the JSON is. */
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
    json_key(&o->w, "Witnesses");
    json_begin_array(&o->w);
    o->outf_open = true;
    asp_out_flush(o);
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
static void conseq_counts(AspOut *o)
{
    json_key(&o->w, "Consequences");
    json_begin_object(&o->w);
    json_key_uint(&o->w, "True", o->conseq_lower);
    json_key_uint(&o->w, "Open", o->conseq_upper - o->conseq_lower);
    json_end_object(&o->w);
}

void asp_outf_witness(AspOut *o, const AspProgram *p, const AspAtom *atoms, size_t n,
                      const int64_t *c, size_t ncosts)
{
    json_begin_object(&o->w);
    asp_out_atom_array(o, "Value", p, atoms, n);
    if (c) costs(o, c, ncosts);
    if (o->conseq) conseq_counts(o);
    json_end_object(&o->w);
    asp_out_flush(o);
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
        conseq_counts(o);
    }
    json_end_object(&o->w);
    json_key_uint(&o->w, "Calls", 1);
}

void asp_outf_end(AspOut *o, const char *result, size_t models, bool more, const AspOutfOpt *opt)
{
    if (!o->outf_open) return;
    json_end_array(&o->w);                  /* Witnesses */
    json_end_object(&o->w);
    json_end_array(&o->w);                  /* Call */
    json_key_string(&o->w, "Result", result);
    if (!o->terse) outf_summary(o, models, more, opt);      /* -V0: clingo leaves it out */
    json_end_object(&o->w);
    buf_putc(&o->line, '\n');
    o->outf_open = false;
    asp_out_flush(o);
}
