/* explain_asp.c: what `fix explain` prints for a logic program: the well-founded bound with
 * each atom asked for explained in it, then the first stable models (--models N) with the
 * atoms explained in each, and for a program with no stable model a minimal unsatisfiable
 * set of its rules (asp/explain.h).  Text, or one JSON object (docs/json.md, "explain"). */
#include "app/explain_asp.h"

#include <string.h>

typedef struct Ex {
    AspProgram *p;
    const ExplainSource *src;
    const ExplainAspOptions *o;
    Buf *out;
    JsonWriter json;
    ExplainRules rules;           /* JSON: the rules the trees name */
    AftOptions aft;
    Buf err;
    AspAtom *atoms;               /* the atoms explained */
    size_t natoms;
    VEC(const char *) absent;     /* atoms asked for that the program does not have */
    size_t models;
    size_t *true_in;              /* per atom explained: the models it is true in */
    bool stopped;                 /* a limit stopped the search */
    bool unsearched;              /* the native search cannot take the program */
} Ex;

static bool json(const Ex *x) { return x->o->json; }

/* Is a shown: named, and shown by the user's #show statements. */
static bool shown(const Ex *x, AspAtom a)
{
    return asp_atom_name(x->p, a) && (!x->src->shown || x->src->shown[a]);
}

/* The shown atoms in print order; caller frees. */
static AspAtom *shown_order(const Ex *x, size_t *n)
{
    AspAtom *order = asp_print_order(x->p, n);
    size_t k = 0;
    for (size_t i = 0; i < *n; i++) if (shown(x, order[i])) order[k++] = order[i];
    *n = k;
    return order;
}

/* The atoms asked for (absent ones kept by name), or every shown atom in print order. */
static void choose_atoms(Ex *x)
{
    const ExplainAspOptions *o = x->o;
    if (!o->natoms) { x->atoms = shown_order(x, &x->natoms); return; }
    x->atoms = mem_alloc((o->natoms + 1) * sizeof *x->atoms);
    for (size_t i = 0; i < o->natoms; i++) {
        long a = asp_atom_find(x->p, o->atoms[i]);
        if (a >= 0) x->atoms[x->natoms++] = (AspAtom)a;
        else VEC_PUSH(x->absent, o->atoms[i]);
    }
}

/* An atom asked for that no rule of the ground program names: false everywhere. */
static void absent_atoms(Ex *x)
{
    for (size_t i = 0; i < x->absent.count; i++) {
        const char *name = x->absent.items[i];
        if (!json(x)) {
            buf_printf(x->out, "%s: false, the program has no such atom (no rule can derive it)\n", name);
            continue;
        }
        json_begin_object(&x->json);
        json_key_string(&x->json, "atom", name);
        json_key_string(&x->json, "value", "false");
        json_key_bool(&x->json, "absent", true);
        json_end_object(&x->json);
    }
}

/* The atoms explained in one interpretation. */
static void explain_atoms(Ex *x, const uint8_t *val, bool model)
{
    AspExplain *e = asp_explain_new(x->p, val, model);
    ExplainTree t;
    explain_tree_init(&t, e, x->src->origin, x->out, json(x) ? &x->json : NULL);
    t.rules = &x->rules;
    if (json(x)) { json_key(&x->json, "explain"); json_begin_array(&x->json); }
    for (size_t i = 0; i < x->natoms; i++) explain_tree_atom(&t, x->atoms[i]);
    absent_atoms(x);
    if (json(x)) json_end_array(&x->json);
    explain_tree_free(&t);
    asp_explain_free(e);
}

static void count_values(const Ex *x, const uint8_t *val, size_t count[3])
{
    count[0] = count[1] = count[2] = 0;
    for (AspAtom a = 0; a < asp_atom_count(x->p); a++)
        if (shown(x, a)) count[val[a]]++;
}

/* The well-founded bound and the atoms in it; false when it is inconsistent. */
static AftStatus well_founded(Ex *x, AspSolver *s, uint8_t *val)
{
    AftStatus r = asp_explain_wf_values(s, &x->aft, val, NULL);
    bool ok = r == AFT_OK;
    size_t c[3] = {0};
    if (ok) count_values(x, val, c);
    if (json(x)) {
        json_key(&x->json, "wf");
        json_begin_object(&x->json);
        json_key_bool(&x->json, "consistent", r != AFT_INVALID);
        if (ok) {
            json_key_uint(&x->json, "true", c[ASP_IS_TRUE]);
            json_key_uint(&x->json, "false", c[ASP_IS_FALSE]);
            json_key_uint(&x->json, "undefined", c[ASP_IS_UNDEFINED]);
        }
    } else if (ok) {
        buf_printf(x->out, "Well-founded bound: %zu true, %zu false, %zu undefined (shown atoms)\n",
                   c[ASP_IS_TRUE], c[ASP_IS_FALSE], c[ASP_IS_UNDEFINED]);
    } else if (r == AFT_INVALID) {
        buf_puts(x->out, "Well-founded bound: inconsistent (a constraint's body holds in it)\n");
    }
    if (ok) explain_atoms(x, val, false);
    if (json(x)) json_end_object(&x->json);
    return r;
}

static void model_header(Ex *x, const uint8_t *val)
{
    if (json(x)) {
        json_begin_object(&x->json);
        json_key_uint(&x->json, "number", x->models);
        json_key(&x->json, "atoms");
        json_begin_array(&x->json);
    } else {
        buf_printf(x->out, "\nStable model %zu:", x->models);
    }
    size_t n;
    AspAtom *order = shown_order(x, &n);
    Buf name;
    buf_init(&name);
    for (size_t i = 0; i < n; i++) {
        if (val[order[i]] != ASP_IS_TRUE) continue;
        buf_clear(&name);
        asp_print_atom(x->p, order[i], &name);
        if (json(x)) json_stringn(&x->json, name.data, name.len);
        else { buf_putc(x->out, ' '); buf_putn(x->out, name.data, name.len); }
    }
    buf_free(&name);
    mem_free(order);
    if (json(x)) json_end_array(&x->json);
    else buf_putc(x->out, '\n');
}

static bool on_model(void *ctx, const uint8_t *val)
{
    Ex *x = ctx;
    x->models++;
    for (size_t i = 0; i < x->natoms; i++) x->true_in[i] += val[x->atoms[i]] == ASP_IS_TRUE;
    model_header(x, val);
    explain_atoms(x, val, true);
    if (json(x)) json_end_object(&x->json);
    return !x->o->models || x->models < x->o->models;
}

/* The atoms asked for, across the models explained: in how many each is true (every model:
 * true in all is a cautious consequence, in none not a brave one). */
static void across_models(Ex *x, bool all)
{
    if (!x->o->natoms || !x->natoms || !x->models) return;     /* only atoms the program has */
    if (json(x)) {
        json_key(&x->json, "across_models");
        json_begin_object(&x->json);
        json_key_uint(&x->json, "models", x->models);
        json_key_bool(&x->json, "all", all);
        json_key(&x->json, "true_in");
        json_begin_array(&x->json);
    } else {
        buf_printf(x->out, "\nAcross the %zu stable model%s explained (%s):\n", x->models,
                   x->models == 1 ? "" : "s", all ? "every stable model" : "there may be more");
    }
    Buf name;
    buf_init(&name);
    for (size_t i = 0; i < x->natoms; i++) {
        buf_clear(&name);
        asp_print_atom(x->p, x->atoms[i], &name);
        size_t k = x->true_in[i];
        if (json(x)) {
            json_begin_object(&x->json);
            json_key(&x->json, "atom");
            json_stringn(&x->json, name.data, name.len);
            json_key_uint(&x->json, "models", k);
            json_end_object(&x->json);
            continue;
        }
        buf_printf(x->out, "  %s: true in %zu of %zu%s\n", buf_cstr(&name), k, x->models,
                   !all ? "" : k == x->models ? " (a cautious consequence)"
                   : k == 0 ? " (not a brave consequence)" : " (brave, not cautious)");
    }
    buf_free(&name);
    if (json(x)) { json_end_array(&x->json); json_end_object(&x->json); }
}

/* The stable models explained; AFT_INVALID when there is none. */
static AftStatus models(Ex *x, AspSolver *s, Diag *diag)
{
    (void)diag;
    if (!asp_solver_native(s, x->src->input, &x->err)) {      /* the bound stands; say why */
        if (json(x)) json_key_string(&x->json, "models_not_searched", buf_cstr(&x->err));
        else buf_printf(x->out, "\nStable models: not searched (%s)\n", buf_cstr(&x->err));
        x->unsearched = true;
        return AFT_OK;
    }
    AspSolveOptions so = { .max_models = x->o->models, .aft = &x->aft };
    AspStats st = {0};
    if (json(x)) { json_key(&x->json, "models"); json_begin_array(&x->json); }
    AftStatus r = asp_explain_models(s, &so, on_model, x, &st);
    if (json(x)) json_end_array(&x->json);
    if (r == AFT_LIMIT) x->stopped = true;
    if (r == AFT_OK) across_models(x, st.complete);
    if (r == AFT_OK && x->models == 0) return AFT_INVALID;
    return r;
}

/* Group g's text and place: an .lp statement, or the ground rule itself. */
static void mus_item(Ex *x, uint32_t g, ExplainTree *t)
{
    const ExplainSource *src = x->src;
    if (!src->group) { explain_tree_rule(t, g); return; }
    const AspOrigin *o = &src->group_origin[g];
    if (json(x)) {
        json_begin_object(&x->json);
        json_key_string(&x->json, "text", src->group_text[g]);
        if (o->file) {
            json_key_string(&x->json, "file", o->file);
            json_key_uint(&x->json, "line", o->line);
            json_key_uint(&x->json, "col", o->col);
        }
        json_end_object(&x->json);
        return;
    }
    buf_puts(x->out, src->group_text[g]);
    if (o->file) buf_printf(x->out, "  [%s:%u:%u]", o->file, (unsigned)o->line, (unsigned)o->col);
}

static void print_mus(Ex *x, const uint32_t *set, size_t n, size_t checks, bool constraints,
                      bool background)
{
    ExplainTree t;
    explain_tree_init_rules(&t, x->p, x->src->origin, x->out, json(x) ? &x->json : NULL);
    t.rules = &x->rules;
    if (json(x)) {
        json_key(&x->json, "unsatisfiable");
        json_begin_object(&x->json);
        json_key_uint(&x->json, "checks", checks);
        json_key_string(&x->json, "scope", constraints ? "constraints" : "rules");
        json_key_bool(&x->json, "facts_kept", background);
        json_key(&x->json, "rules");
        json_begin_array(&x->json);
    } else {
        const char *with = constraints ? (background ? " (with the rules that have a head and the facts)"
                                                     : " (with the rules that have a head)")
                         : background ? " (with the facts)" : "";
        buf_printf(x->out, "\nUNSATISFIABLE: a minimal set of %zu %s%s with no stable model%s; "
                   "without any one of them there is one (%zu checks):\n", n,
                   constraints ? "constraint" : "rule", n == 1 ? "" : "s", with, checks);
    }
    for (size_t i = 0; i < n; i++) {
        if (!json(x)) buf_puts(x->out, "  ");
        mus_item(x, set[i], &t);
        if (!json(x)) buf_putc(x->out, '\n');
    }
    if (json(x)) { json_end_array(&x->json); json_end_object(&x->json); }
    explain_tree_free(&t);
}

/* Is group g a constraint: an .lp statement ":- ...", or a ground constraint? */
static bool group_is_constraint(const Ex *x, uint32_t g)
{
    if (x->src->group) return strncmp(x->src->group_text[g], ":-", 2) == 0;
    AspRuleView v;
    asp_rule_view(x->p, g, &v);
    return v.kind == ASP_CONSTRAINT;
}

/* A minimal set of the groups (constraints only: the rest kept), as group numbers; *n 0
 * when the groups kept have no model by themselves. */
static AftStatus minimal_set(Ex *x, const uint32_t *group, size_t ng, bool constraints,
                             uint32_t **set, size_t *n, size_t *checks)
{
    size_t nr = asp_rule_count(x->p), nc = 0;
    uint32_t *map = mem_alloc((ng + 1) * sizeof *map), *back = mem_alloc((ng + 1) * sizeof *back);
    uint32_t *sub = mem_alloc((nr + 1) * sizeof *sub);
    for (uint32_t g = 0; g < ng; g++) {
        map[g] = !constraints || group_is_constraint(x, g) ? (uint32_t)nc : ASP_MUS_KEEP;
        if (map[g] != ASP_MUS_KEEP) back[nc++] = g;
    }
    for (size_t r = 0; r < nr; r++) sub[r] = group[r] == ASP_MUS_KEEP ? ASP_MUS_KEEP : map[group[r]];
    size_t c = 0;
    buf_clear(&x->err);
    AftStatus st = asp_mus(x->p, sub, nc, &x->aft, set, n, &c, &x->err);
    *checks += c;
    for (size_t i = 0; st == AFT_OK && i < *n; i++) (*set)[i] = back[(*set)[i]];
    mem_free(map); mem_free(back); mem_free(sub);
    return st;
}

/* A minimal unsatisfiable set: of the constraints, the rules with a head and the facts kept
 * (the constraints a person would comment out); when those rules have no model by
 * themselves, of all the rules, the facts kept. */
static AftStatus unsatisfiable(Ex *x, Diag *diag)
{
    const ExplainSource *src = x->src;
    size_t nr = asp_rule_count(x->p), ng = src->group ? src->ngroups : nr;
    uint32_t *own = NULL;
    const uint32_t *group = src->group;
    bool background = false;
    if (!group) {
        own = mem_alloc((nr + 1) * sizeof *own);
        for (size_t r = 0; r < nr; r++) own[r] = (uint32_t)r;
        group = own;
    }
    for (size_t r = 0; r < nr; r++) background |= group[r] == ASP_MUS_KEEP;
    uint32_t *set = NULL;
    size_t n = 0, checks = 0;
    AftStatus r = minimal_set(x, group, ng, true, &set, &n, &checks);
    bool constraints = r == AFT_OK && n > 0;
    if (r == AFT_OK && !n) {
        mem_free(set);
        r = minimal_set(x, group, ng, false, &set, &n, &checks);
    }
    if (r == AFT_OK) print_mus(x, set, n, checks, constraints, background);
    else if (r == AFT_ERROR) diag_error_text(diag, buf_cstr(&x->err));
    else if (r == AFT_LIMIT) x->stopped = true;
    mem_free(set);
    mem_free(own);
    return r;
}

static void begin(Ex *x)
{
    if (json(x)) {
        json_init(&x->json, x->out);
        json_begin_object(&x->json);
        json_key_string(&x->json, "kind", "explain");
        json_key_string(&x->json, "input", x->src->input);
        return;
    }
    buf_printf(x->out, "fix explain %s\n", x->src->input);
}

static void end(Ex *x)
{
    if (json(x)) {
        json_key_bool(&x->json, "complete", !x->stopped && !x->unsearched);
        explain_rules_write(&x->rules, x->p, x->src->origin, &x->json);
        json_end_object(&x->json);
        buf_putc(x->out, '\n');
    } else if (x->stopped) {
        buf_puts(x->out, "\nUNKNOWN: stopped by a limit before the search was done\n");
    }
}

int explain_asp_program(AspProgram *p, const ExplainSource *src, const ExplainAspOptions *o,
                        Buf *out, Diag *diag)
{
    Ex x = { .p = p, .src = src, .o = o, .out = out };
    buf_init(&x.err);
    aft_options_default(&x.aft);
    x.aft.limits = o->limits;
    x.aft.interrupt = o->interrupt;
    x.aft.timeout_s = o->timeout_s;
    x.aft.err = &x.err;
    choose_atoms(&x);
    x.true_in = mem_calloc(x.natoms + 1, sizeof *x.true_in);
    begin(&x);
    AspSolver *s = asp_solver_new(p);
    uint8_t *val = mem_alloc(asp_atom_count(p) + 1);
    AftStatus r = well_founded(&x, s, val);
    if (r == AFT_OK && !o->wf_only) r = models(&x, s, diag);
    if (r == AFT_LIMIT) x.stopped = true;
    if (r == AFT_INVALID) r = unsatisfiable(&x, diag);
    end(&x);
    mem_free(val);
    asp_solver_free(s);
    mem_free(x.atoms);
    mem_free(x.true_in);
    VEC_FREE(x.absent);
    explain_rules_free(&x.rules);
    buf_free(&x.err);
    return r == AFT_ERROR ? 1 : x.stopped ? 3 : 0;
}
