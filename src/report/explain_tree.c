/* explain_tree.c: the trees of explain_tree.h, one walk for text and JSON.  A node is an
 * atom with its value; below a true atom its rule and the nodes of the rule's literals, below
 * a false one each rule with its failing literal and that literal's node, below an undefined
 * one the residual rules.  Recursion stops at max_depth (the C stack stays small): the atoms
 * there are queued and explained after the tree. */
#include "report/explain_tree.h"

#include <stdlib.h>
#include <string.h>

enum { NOT_SEEN, QUEUED, EXPLAINED };

static void node(ExplainTree *t, AspAtom a, unsigned depth);

void explain_tree_init(ExplainTree *t, const AspExplain *e, const AspOrigin *origin, Buf *out,
                       JsonWriter *json)
{
    memset(t, 0, sizeof *t);
    t->e = e;
    t->origin = origin;
    t->text = out;
    t->json = json;
    t->p = asp_explain_program(e);
    t->done = mem_calloc(asp_atom_count(t->p) + 1, 1);
    t->max_depth = 12;
}

void explain_tree_init_rules(ExplainTree *t, const AspProgram *p, const AspOrigin *origin,
                             Buf *out, JsonWriter *json)
{
    memset(t, 0, sizeof *t);
    t->p = p;
    t->origin = origin;
    t->text = out;
    t->json = json;
}

void explain_tree_free(ExplainTree *t)
{
    buf_free(&t->scratch);
    buf_free(&t->rule_text);
    mem_free(t->done);
    VEC_FREE(t->later);
}

static const AspProgram *prog(const ExplainTree *t) { return t->p; }

static void indent(ExplainTree *t, unsigned depth)
{
    for (unsigned i = 0; i < depth; i++) buf_puts(t->text, "  ");
}

static const char *value_name(AspTruth v)
{
    return v == ASP_IS_TRUE ? "true" : v == ASP_IS_FALSE ? "false" : "undefined";
}

static const char *kind_name(AspRuleKind k)
{
    switch (k) {
    case ASP_NORMAL: return "normal";
    case ASP_CHOICE: return "choice";
    case ASP_CONSTRAINT: return "constraint";
    case ASP_DISJUNCTION: return "disjunction";
    }
    return "?";
}

/* Atom a's name as a JSON string, as asp_print_atom writes it (hidden atoms as _N). */
static void json_atom(JsonWriter *w, const AspProgram *p, AspAtom a)
{
    const char *name = asp_atom_name(p, a);
    if (name) { json_stringn(w, name, asp_atom_name_len(p, a)); return; }
    char hidden[24];
    int n = snprintf(hidden, sizeof hidden, "_%u", (unsigned)a);
    json_stringn(w, hidden, (size_t)n);
}

static void json_atoms(const AspProgram *p, JsonWriter *w, const char *key, const AspAtom *atoms, size_t n)
{
    json_key(w, key);
    json_begin_array(w);
    for (size_t i = 0; i < n; i++) json_atom(w, p, atoms[i]);
    json_end_array(w);
}

/* Rule r's object in the table of rules. */
static void json_rule_object(const AspProgram *p, const AspOrigin *origin, uint32_t r, JsonWriter *w)
{
    AspRuleView v;
    asp_rule_view(p, r, &v);
    json_begin_object(w);
    json_key_uint(w, "index", r);
    json_key_string(w, "kind", kind_name(v.kind));
    Buf text;
    buf_init(&text);
    asp_print_rule(p, r, &text);
    json_key(w, "text");
    json_stringn(w, text.data, text.len);
    buf_free(&text);
    json_atoms(p, w, "head", v.head, v.nhead);
    json_atoms(p, w, "pos", v.pos, v.npos);
    json_atoms(p, w, "neg", v.neg, v.nneg);
    if (v.weights) {
        json_key(w, "weights");
        json_begin_array(w);
        for (size_t k = 0; k < v.npos + v.nneg; k++) json_uint(w, v.weights[k]);
        json_end_array(w);
        json_key_uint(w, "bound", v.bound);
    }
    const AspOrigin *o = origin ? &origin[r] : NULL;
    if (o && o->file) {
        json_key_string(w, "file", o->file);
        json_key_uint(w, "line", o->line);
        if (o->col) json_key_uint(w, "col", o->col);
        if (o->text) json_key_string(w, "statement", o->text);
    }
    json_end_object(w);
}

/* A rule in a JSON tree: its index, its object going to the table of rules. */
static void json_rule(ExplainTree *t, uint32_t r)
{
    ExplainRules *tab = t->rules;
    json_uint(t->json, r);
    if (!tab->seen) tab->seen = mem_calloc(asp_rule_count(t->p) + 1, 1);
    if (tab->seen[r]) return;
    tab->seen[r] = 1;
    VEC_PUSH(tab->list, r);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

void explain_rules_write(ExplainRules *tab, const AspProgram *p, const AspOrigin *origin,
                         JsonWriter *w)
{
    qsort(tab->list.items, tab->list.count, sizeof *tab->list.items, cmp_u32);
    json_key(w, "rules");
    json_begin_array(w);
    for (size_t i = 0; i < tab->list.count; i++) json_rule_object(p, origin, tab->list.items[i], w);
    json_end_array(w);
}

void explain_rules_free(ExplainRules *tab)
{
    mem_free(tab->seen);
    VEC_FREE(tab->list);
}

/* Is the ground rule r written as text (the statement it came from)? */
static bool same_text(ExplainTree *t, uint32_t r, const char *text)
{
    buf_clear(&t->rule_text);
    asp_print_rule(prog(t), r, &t->rule_text);
    return strcmp(buf_cstr(&t->rule_text), text) == 0;
}

void explain_tree_rule(ExplainTree *t, uint32_t r)
{
    if (t->json) { json_rule(t, r); return; }
    asp_print_rule(prog(t), r, t->text);
    const AspOrigin *o = t->origin ? &t->origin[r] : NULL;
    if (!o || !o->file) return;
    buf_puts(t->text, "  [");
    buf_puts(t->text, o->file);
    buf_putc(t->text, ':');
    buf_put_uint(t->text, o->line);
    if (o->col) { buf_putc(t->text, ':'); buf_put_uint(t->text, o->col); }
    if (o->text && !same_text(t, r, o->text)) { buf_puts(t->text, ": "); buf_puts(t->text, o->text); }
    buf_putc(t->text, ']');
}

static void atom_name(ExplainTree *t, AspAtom a) { asp_print_atom(prog(t), a, t->text); }

/* A node's first line (text) or its first keys (JSON, the object left open). */
static void head_line(ExplainTree *t, AspAtom a, unsigned depth, const char *rest)
{
    AspTruth v = asp_explain_value(t->e, a);
    if (t->json) {
        json_begin_object(t->json);
        json_key(t->json, "atom");
        json_atom(t->json, prog(t), a);
        json_key_string(t->json, "value", value_name(v));
        return;
    }
    indent(t, depth);
    atom_name(t, a);
    buf_puts(t->text, ": ");
    buf_puts(t->text, value_name(v));
    buf_puts(t->text, rest);
    buf_putc(t->text, '\n');
}

/* An atom explained before (or queued at a cut): a reference. */
static void reference(ExplainTree *t, AspAtom a, unsigned depth, bool below)
{
    head_line(t, a, depth, below ? " (explained below)" : " (explained above)");
    if (!t->json) return;
    json_key_string(t->json, "see", below ? "below" : "above");
    json_end_object(t->json);
}

/* A rule line under a node: the rule, its place and what follows it on the line (before,
 * then the literal, then after; NULL: nothing). */
static void rule_line(ExplainTree *t, uint32_t r, unsigned depth, const char *before, const Buf *lit,
                      const char *after)
{
    if (t->json) {
        json_key(t->json, "rule");
        json_rule(t, r);
        return;
    }
    indent(t, depth);
    explain_tree_rule(t, r);
    if (before) buf_puts(t->text, before);
    if (lit) buf_putn(t->text, lit->data, lit->len);
    if (after) buf_puts(t->text, after);
    buf_putc(t->text, '\n');
}

static void children_begin(ExplainTree *t, const char *key)
{
    if (!t->json) return;
    json_key(t->json, key);
    json_begin_array(t->json);
}

static void children_end(ExplainTree *t)
{
    if (t->json) json_end_array(t->json);
}

static void true_node(ExplainTree *t, AspAtom a, unsigned depth)
{
    uint32_t h, r = asp_explain_support(t->e, a, &h);
    if (r == ASP_EXPLAIN_NONE) {
        head_line(t, a, depth, ", kept by minimality: no derivation in the shifted program");
        if (t->json) { json_key_string(t->json, "why", "minimality"); json_end_object(t->json); }
        return;
    }
    if (t->json) {
        head_line(t, a, depth, "");
        json_key_uint(t->json, "height", h);
    } else {
        indent(t, depth);
        atom_name(t, a);
        buf_puts(t->text, ": true (height ");
        buf_put_uint(t->text, h);
        buf_puts(t->text, ")\n");
    }
    rule_line(t, r, depth + 1, NULL, NULL, NULL);
    AspRuleView v;
    asp_rule_view(prog(t), r, &v);
    AspWLit *used = mem_alloc((v.npos + v.nneg + 1) * sizeof *used);
    size_t n = asp_explain_used(t->e, r, h, used);
    children_begin(t, "body");
    for (size_t i = 0; i < n; i++) node(t, used[i].atom, depth + 2);
    children_end(t);
    mem_free(used);
    if (t->json) json_end_object(t->json);
}

/* Why rule r fails for false atom a: the line and the node of the failing literal. */
static void failure(ExplainTree *t, uint32_t r, AspAtom a, unsigned depth, const uint8_t *in_set)
{
    AspFailure f = asp_explain_failure(t->e, r, a);
    Buf *lit = &t->scratch;           /* read only before the nodes below, which reuse it */
    buf_clear(lit);
    if (f.kind == ASP_FAILS_NEG) buf_puts(lit, "not ");
    asp_print_atom(prog(t), f.atom, lit);
    static const char *const before[] = { "  fails at ", "  fails at ", "  fails: another head atom, ",
                                          "  fails: its false literals leave the body below its bound",
                                          "  left out by the choice (its body holds)" };
    static const char *const kinds[] = { "pos", "neg", "head", "weight", "unchosen" };
    if (t->json) json_begin_object(t->json);
    bool named = f.kind <= ASP_FAILS_HEAD;
    rule_line(t, r, depth, before[f.kind], named ? lit : NULL, f.kind == ASP_FAILS_HEAD ? ", is true" : NULL);
    if (t->json) {
        json_key_string(t->json, "fails", kinds[f.kind]);
        if (named) { json_key(t->json, "literal"); json_stringn(t->json, lit->data, lit->len); }
    }
    children_begin(t, "because");
    if (named && !(in_set && in_set[f.atom])) node(t, f.atom, depth + 1);
    if (f.kind == ASP_FAILS_WEIGHT) {
        AspRuleView v;
        asp_rule_view(prog(t), r, &v);
        for (size_t k = 0; k < v.npos + v.nneg; k++) {
            AspAtom x = k < v.npos ? v.pos[k] : v.neg[k - v.npos];
            if (asp_explain_lit_fails(t->e, x, k >= v.npos) && !(in_set && in_set[x])) node(t, x, depth + 1);
        }
    }
    children_end(t);
    if (t->json) json_end_object(t->json);
}

static void rules_failing(ExplainTree *t, AspAtom a, unsigned depth, const uint8_t *in_set)
{
    size_t n;
    const uint32_t *rules = asp_explain_rules_of(t->e, a, &n);
    for (size_t i = 0; i < n; i++) failure(t, rules[i], a, depth, in_set);
}

static void unfounded_node(ExplainTree *t, AspAtom a, unsigned depth)
{
    size_t n;
    AspAtom *set = asp_explain_unfounded(t->e, a, &n);
    uint8_t *in_set = mem_calloc(asp_atom_count(prog(t)) + 1, 1);
    for (size_t i = 0; i < n; i++) { in_set[set[i]] = 1; t->done[set[i]] = EXPLAINED; }
    if (t->json) {
        head_line(t, a, depth, "");
        json_atoms(prog(t), t->json, "unfounded", set, n);
    } else {
        indent(t, depth);
        atom_name(t, a);
        buf_puts(t->text, ": false, in the unfounded set {");
        for (size_t i = 0; i < n; i++) { if (i) buf_puts(t->text, ", "); atom_name(t, set[i]); }
        buf_puts(t->text, "}: each rule for them fails, or needs an atom of the set\n");
    }
    children_begin(t, "set");
    for (size_t i = 0; i < n; i++) {
        if (t->json) { json_begin_object(t->json); json_key(t->json, "atom"); }
        if (t->json) json_atom(t->json, prog(t), set[i]);
        children_begin(t, "rules");
        rules_failing(t, set[i], depth + 1, in_set);
        children_end(t);
        if (t->json) json_end_object(t->json);
    }
    children_end(t);
    if (t->json) json_end_object(t->json);
    mem_free(in_set);
    mem_free(set);
}

static void false_node(ExplainTree *t, AspAtom a, unsigned depth)
{
    if (asp_explain_false_rank(t->e, a) == ASP_EXPLAIN_NONE && asp_explain_in_loop(t->e, a)) {
        unfounded_node(t, a, depth);
        return;
    }
    size_t n;
    asp_explain_rules_of(t->e, a, &n);
    head_line(t, a, depth, n ? "" : ", no rule has it in its head");
    uint32_t rank = asp_explain_false_rank(t->e, a);
    if (t->json && rank != ASP_EXPLAIN_NONE) json_key_uint(t->json, "rank", rank);
    children_begin(t, "rules");
    rules_failing(t, a, depth + 1, NULL);
    children_end(t);
    if (t->json) json_end_object(t->json);
}

static void undefined_node(ExplainTree *t, AspAtom a, unsigned depth)
{
    head_line(t, a, depth, ", kept open by the residual program:");
    size_t n;
    uint32_t *rules = asp_explain_residual(t->e, a, &n);
    children_begin(t, "residual");
    for (size_t i = 0; i < n; i++) {
        if (t->json) { json_rule(t, rules[i]); continue; }
        rule_line(t, rules[i], depth + 1, NULL, NULL, NULL);
    }
    children_end(t);
    if (t->json) json_end_object(t->json);
    mem_free(rules);
}

static void node(ExplainTree *t, AspAtom a, unsigned depth)
{
    if (t->done[a] != NOT_SEEN) { reference(t, a, depth, t->done[a] == QUEUED); return; }
    if (depth / 2 >= t->max_depth) {
        t->done[a] = QUEUED;
        VEC_PUSH(t->later, a);
        reference(t, a, depth, true);
        return;
    }
    t->done[a] = EXPLAINED;
    switch (asp_explain_value(t->e, a)) {
    case ASP_IS_TRUE: true_node(t, a, depth); break;
    case ASP_IS_FALSE: false_node(t, a, depth); break;
    case ASP_IS_UNDEFINED: undefined_node(t, a, depth); break;
    }
}

void explain_tree_atom(ExplainTree *t, AspAtom a)
{
    size_t first = t->later.count;
    if (t->done[a] == QUEUED) t->done[a] = NOT_SEEN;
    node(t, a, 0);
    for (size_t i = first; i < t->later.count; i++) {
        AspAtom x = t->later.items[i];
        if (t->done[x] != QUEUED) continue;
        t->done[x] = NOT_SEEN;
        node(t, x, 0);
    }
}
