/* why_refine.c: the explanation of an approx or refine query from its record (why_build.h):
 * each F step as the envelope calls of its two Kleene iterations (phi_l up from the lower
 * end, phi_u down from the upper end, on the bound of the step before), back to the start
 * interval; for one atom of a powerset, the one call that put it in the lower end (or took
 * it out of the upper end) and the steps that made the bound that call was made on. */
#include "app/why_build.h"

#include "util/bitset.h"

/* Iterations of one Kleene iteration shown in full; past it the first and last few.  The
 * same for the steps of a refine: past WHY_SHOW_STEPS, the last and the first few. */
enum { WHY_SHOW_ITER = 8, WHY_SHOW_HEAD = 4, WHY_SHOW_TAIL = 3,
       WHY_SHOW_STEPS = 12, WHY_STEPS_LAST = 8, WHY_STEPS_FIRST = 2 };

void why_put(const Lattice *L, const Word *x, Buf *b)
{
    L->ops->print(L, x, b);
}

void why_put_call(const WhyLog *log, const WhyQuery *q, const WhyRec *r, Buf *b)
{
    const Lattice *L = log->L;
    buf_printf(b, "%s^%s_B", q->fn, r->up ? "l" : "u");
    if (r->envelope == ENV_ANTITONE) {
        buf_printf(b, " = %s(", q->fn);
        why_put(L, why_words(log, r->up ? r->hi : r->lo), b);
    } else {
        buf_puts(b, "(");
        why_put(L, why_words(log, r->x), b);
    }
    buf_puts(b, ")");
    buf_puts(b, " = ");
    why_put(L, why_words(log, r->env), b);
}

void why_put_diff(const Lattice *L, const Word *a, const Word *b, const char *verb, Buf *out)
{
    if (!lattice_is_bitset(L)) return;
    size_t n = lattice_name_count(L), shown = 0;
    for (size_t i = 0; i < n; i++) {
        if (!bitset_has(a, i) || bitset_has(b, i)) continue;
        buf_puts(out, shown ? ", " : " (");
        if (!shown) buf_printf(out, "%s ", verb);
        if (shown == 8) { buf_puts(out, "..."); shown++; break; }
        buf_puts(out, lattice_atom_name(L, i));
        shown++;
    }
    if (shown) buf_puts(out, ")");
}

/* One F step: its Kleene records [first, end), its WHY_F, contraction and failure (indices
 * into log->recs, WHY_NONE: none). */
typedef struct Step { size_t first, end, f, contract, fail; } Step;

typedef VEC(Step) Steps;

static void steps_of(const WhyLog *log, Steps *steps)
{
    Step cur = {0, 0, WHY_NONE, WHY_NONE, WHY_NONE};
    bool open = false;
    for (size_t i = 0; i < log->recs.count; i++) {
        const WhyRec *r = &log->recs.items[i];
        if (r->kind == WHY_IR) continue;
        if (r->kind == WHY_CONTRACT && steps->count) {
            steps->items[steps->count - 1].contract = i;
            if (!r->ok) steps->items[steps->count - 1].fail = i;
            continue;
        }
        if (!open) { cur = (Step){i, i, WHY_NONE, WHY_NONE, WHY_NONE}; open = true; }
        cur.end = i + 1;
        if (r->kind == WHY_F || r->kind == WHY_NATIVE) cur.f = i;
        if (!r->ok || r->kind == WHY_CROSS) cur.fail = i;
        if (r->kind == WHY_F || r->kind == WHY_NATIVE || cur.fail != WHY_NONE) {
            VEC_PUSH(*steps, cur);
            open = false;
        }
    }
}

/* The start interval: the record of the IR, else the first step's bound. */
static const WhyRec *start_rec(const WhyLog *log)
{
    for (size_t i = 0; i < log->recs.count; i++)
        if (log->recs.items[i].kind == WHY_IR || log->recs.items[i].lo != WHY_NONE) return &log->recs.items[i];
    return NULL;
}

/* One iterate of phi_l (up) or phi_u: "f^l_B(x) = e, joined with lo: y (adds p)". */
static const char *envelope_word(EnvelopeKind k)
{
    switch (k) {
    case ENV_BRUTE: return "brute";
    case ENV_MONOTONE: return "monotone";
    case ENV_ANTITONE: return "antitone";
    case ENV_DECLARED: return "declared";
    case ENV_DERIVED: return "derived";
    }
    return "?";
}

void why_call_item(const WhyLog *log, const WhyQuery *q, const WhyRec *r, WhyItem *parent)
{
    const Lattice *L = log->L;
    WhyItem *it = why_item_new(parent, "call");
    Buf b;
    buf_init(&b);
    why_put_call(log, q, r, &b);
    const Word *x = why_words(log, r->x), *y = why_words(log, r->y);
    buf_printf(&b, ", %s with the %s end: ", r->up ? "joined" : "met", r->up ? "lower" : "upper");
    why_put(L, y, &b);
    if (!r->ok) buf_printf(&b, ", which is not %s the %s end: it leaves B", r->up ? "below" : "above",
                           r->up ? "upper" : "lower");
    else if (r->envelope != ENV_ANTITONE && L->ops->eq(L, x, y)) buf_puts(&b, ": settled");
    else why_put_diff(L, r->up ? y : x, r->up ? x : y, r->up ? "adds" : "removes", &b);
    why_item_set_text(it, &b);
    why_item_elem(it, "argument", L, x);
    why_item_elem(it, "value", L, why_words(log, r->env));
    why_item_elem(it, "next", L, y);
    why_item_elem(it, "lo", L, why_words(log, r->lo));
    why_item_elem(it, "hi", L, why_words(log, r->hi));
    why_item_str(it, "side", r->up ? "lower" : "upper");
    why_item_str(it, "envelope", envelope_word(r->envelope));
    why_item_str(it, "fits", r->ok ? "yes" : "no");
    buf_free(&b);
}

/* "... N more STEPS ...": what a long list leaves out. */
static void gap_item(WhyItem *parent, const char *what, size_t n)
{
    WhyItem *gap = why_item_new(parent, "gap");
    Buf b;
    buf_init(&b);
    buf_printf(&b, "... %zu more %s ...", n, what);
    why_item_set_text(gap, &b);
    buf_free(&b);
}

/* The iterates of one end in step s (up: phi_l), the first and last few when many. */
static void end_item(const WhyLog *log, const WhyQuery *q, const Step *s, bool up, WhyItem *step)
{
    const Lattice *L = log->L;
    VEC(size_t) its = {0};
    for (size_t i = s->first; i < s->end; i++)
        if (log->recs.items[i].kind == WHY_PHI && log->recs.items[i].up == up) VEC_PUSH(its, i);
    if (!its.count) return;
    const WhyRec *first = &log->recs.items[its.items[0]], *last = &log->recs.items[its.items[its.count - 1]];
    WhyItem *it = why_item_new(step, up ? "lower" : "upper");
    Buf b;
    buf_init(&b);
    buf_printf(&b, "%s end ", up ? "lower" : "upper");
    why_put(L, why_words(log, last->y), &b);
    if (first->envelope == ENV_ANTITONE)
        buf_printf(&b, ": the %s end %s %s(%s end)", up ? "lower" : "upper", up ? "joined with" : "met with",
                   q->fn, up ? "upper" : "lower");
    else
        buf_printf(&b, ": %s fixed point of x -> %s end %s %s^%s_B(x), from the %s end ",
                   up ? "least" : "greatest", up ? "lower" : "upper", up ? "join" : "meet", q->fn,
                   up ? "l" : "u", up ? "lower" : "upper");
    if (first->envelope != ENV_ANTITONE) why_put(L, why_words(log, up ? first->lo : first->hi), &b);
    why_item_set_text(it, &b);
    why_item_elem(it, "end", L, why_words(log, last->y));
    why_item_int(it, "iterations", (long long)its.count);
    for (size_t k = 0; k < its.count; k++) {
        bool head = k < WHY_SHOW_HEAD, tail = k + WHY_SHOW_TAIL >= its.count;
        if (its.count <= WHY_SHOW_ITER || head || tail) {
            why_call_item(log, q, &log->recs.items[its.items[k]], it);
        } else if (k == WHY_SHOW_HEAD) {
            gap_item(it, "iterations", its.count - WHY_SHOW_HEAD - WHY_SHOW_TAIL);
        }
    }
    buf_free(&b);
    VEC_FREE(its);
}

/* What made step s invalid (its failing record), under the step's item. */
void why_fail_item(const WhyLog *log, const WhyQuery *q, const WhyRec *r, bool with_call, WhyItem *step)
{
    const Lattice *L = log->L;
    WhyItem *it = why_item_new(step, "invalid");
    Buf b;
    buf_init(&b);
    const char *lemma = "5.4";
    if (r->kind == WHY_CROSS) {
        buf_puts(&b, "F(B) is not an interval: its lower end ");
        why_put(L, why_words(log, r->x), &b);
        buf_puts(&b, " is not below its upper end ");
        why_put(L, why_words(log, r->y), &b);
        why_item_elem(it, "lower", L, why_words(log, r->x));
        why_item_elem(it, "upper", L, why_words(log, r->y));
        lemma = "5.3";
    } else if (r->kind == WHY_CONTRACT) {
        buf_puts(&b, "the interval Newton test (Krawczyk) shows that f has no fixed point in B");
        lemma = NULL;
    } else {
        buf_printf(&b, "F(B) is not inside B: an iterate of its %s end is not %s B's %s end",
                   r->up ? "lower" : "upper", r->up ? "below" : "above", r->up ? "upper" : "lower");
    }
    buf_puts(&b, ", so B holds no fixed point");
    if (lemma) buf_printf(&b, " (Lemma %s)", lemma);
    why_item_set_text(it, &b);
    why_item_str(it, "reason", r->kind == WHY_CROSS ? "invalid" : r->kind == WHY_CONTRACT ? "contraction" : "not contained");
    if (lemma) why_item_str(it, "lemma", lemma);
    buf_free(&b);
    if (with_call && r->kind == WHY_PHI) why_call_item(log, q, r, it);
}

/* Step k (1-based) of the refine: F(B) = [lo .. hi], its two ends and what narrowed it. */
static WhyItem *step_item(const WhyLog *log, const WhyQuery *q, const Step *s, size_t k, WhyItem *parent,
                          bool detail)
{
    const Lattice *L = log->L;
    const WhyRec *r0 = &log->recs.items[s->first];
    WhyItem *it = why_item_new(parent, "step");
    Buf b;
    buf_init(&b);
    buf_printf(&b, "step %zu: F(", k);
    lattice_print_interval(L, why_words(log, r0->lo), why_words(log, r0->hi), &b);
    if (s->fail != WHY_NONE) {
        buf_puts(&b, ") is invalid");
    } else {
        const WhyRec *f = &log->recs.items[s->f];
        const WhyRec *c = s->contract != WHY_NONE ? &log->recs.items[s->contract] : f;
        buf_puts(&b, ") = ");
        lattice_print_interval(L, why_words(log, c->x), why_words(log, c->y), &b);
    }
    why_item_set_text(it, &b);
    why_item_int(it, "step", (long long)k);
    why_item_elem(it, "from_lo", L, why_words(log, r0->lo));
    why_item_elem(it, "from_hi", L, why_words(log, r0->hi));
    buf_free(&b);
    if (!detail) return it;
    end_item(log, q, s, true, it);
    end_item(log, q, s, false, it);
    if (s->contract != WHY_NONE && log->recs.items[s->contract].ok) {
        const WhyRec *c = &log->recs.items[s->contract];
        WhyItem *ct = why_item_new(it, "contract");
        buf_init(&b);
        buf_puts(&b, "then the interval Newton step (Krawczyk) narrowed it to ");
        lattice_print_interval(L, why_words(log, c->x), why_words(log, c->y), &b);
        why_item_set_text(ct, &b);
        buf_free(&b);
    }
    if (s->fail != WHY_NONE) why_fail_item(log, q, &log->recs.items[s->fail], false, it);
    return it;
}

/* The start interval and how the envelopes are had, last under root. */
static void start_items(const WhyLog *log, const WhyQuery *q, WhyItem *root)
{
    const WhyRec *r = start_rec(log);
    Buf b;
    buf_init(&b);
    if (r) {
        WhyItem *it = why_item_new(root, "start");
        buf_puts(&b, "start: ");
        lattice_print_interval(log->L, why_words(log, r->lo), why_words(log, r->hi), &b);
        buf_printf(&b, ", %s", q->from);
        why_item_set_text(it, &b);
        why_item_elem(it, "lo", log->L, why_words(log, r->lo));
        why_item_elem(it, "hi", log->L, why_words(log, r->hi));
    }
    WhyItem *env = why_item_new(root, "envelope");
    buf_printf(&b, "envelopes: %s", q->envelope);
    why_item_set_text(env, &b);
    buf_free(&b);
}

/* Is the element of q below w (an atom: in w)? */
static bool covers(const WhyLog *log, const WhyQuery *q, const Word *w)
{
    return log->L->ops->leq(log->L, q->focus, w);
}

/* "is in" / "is below" (or their negations) for the element of q. */
static const char *relation(const WhyQuery *q, bool holds)
{
    if (q->focus_is_atom) return holds ? "is in" : "is not in";
    return holds ? "is below" : "is not below";
}

/* For the element of q: the first step whose bound has it below its lower end (lower) or not
 * below its upper end; 0: the start interval already; steps->count + 1: none. */
static size_t first_step(const WhyLog *log, const WhyQuery *q, const Steps *steps, bool lower)
{
    const WhyRec *r = start_rec(log);
    if (r && covers(log, q, why_words(log, lower ? r->lo : r->hi)) == lower) return 0;
    for (size_t k = 0; k < steps->count; k++) {
        const Step *s = &steps->items[k];
        if (s->fail != WHY_NONE) break;
        const WhyRec *f = &log->recs.items[s->contract != WHY_NONE ? s->contract : s->f];
        if (covers(log, q, why_words(log, lower ? f->x : f->y)) == lower) return k + 1;
    }
    return steps->count + 1;
}

/* The call of step s that put the element in (lower) or out of the upper end, under parent. */
static void decisive_call(const WhyLog *log, const WhyQuery *q, const Step *s, bool lower, WhyItem *parent)
{
    for (size_t i = s->first; i < s->end; i++) {
        const WhyRec *r = &log->recs.items[i];
        if (r->kind != WHY_PHI || r->up != lower) continue;
        if (covers(log, q, why_words(log, r->y)) != lower) continue;
        WhyItem *it = why_item_new(parent, "decided");
        Buf b;
        buf_init(&b);
        buf_puts(&b, "decided by ");
        why_put_call(log, q, r, &b);
        buf_printf(&b, ": %s %s %s, so the %s end %s it", q->atom, relation(q, lower),
                   lower ? "the lower end it gives" : "what it gives", lower ? "lower" : "upper",
                   lower ? "gains" : "loses");
        why_item_set_text(it, &b);
        why_item_str(it, "atom", q->atom);
        why_item_elem(it, "argument", log->L, why_words(log, r->x));
        why_item_elem(it, "value", log->L, why_words(log, r->env));
        buf_free(&b);
        why_call_item(log, q, r, it);
        return;
    }
}

/* The explanation of one element: where it stands after the last step and the call that put
 * it there, then the steps before it (one line each) back to the start. */
static void atom_items(const WhyLog *log, const WhyQuery *q, const Steps *steps, WhyItem *root)
{
    size_t n = steps->count;
    size_t in = first_step(log, q, steps, true), out = first_step(log, q, steps, false);
    bool lower = in <= n;
    size_t k = lower ? in : out;
    WhyItem *it = why_item_new(root, "atom");
    Buf b;
    buf_init(&b);
    if (!lower && k > n)
        buf_printf(&b, "%s is undecided: no step put it in the lower end or took it out of the upper end", q->atom);
    else if (k == 0)
        buf_printf(&b, "%s %s the start interval's %s end", q->atom, relation(q, lower), lower ? "lower" : "upper");
    else
        buf_printf(&b, "%s %s the %s end from step %zu on", q->atom, relation(q, lower), lower ? "lower" : "upper", k);
    why_item_set_text(it, &b);
    why_item_str(it, "atom", q->atom);
    why_item_str(it, "status", lower ? "true" : k > n ? "undecided" : "false");
    buf_free(&b);
    if (k >= 1 && k <= n) {
        decisive_call(log, q, &steps->items[k - 1], lower, it);
        WhyItem *st = step_item(log, q, &steps->items[k - 1], k, it, false);
        for (size_t j = k - 1; j >= 1; j--) step_item(log, q, &steps->items[j - 1], j, st, false);
    }
}

bool why_refine(const WhyLog *log, const WhyQuery *q, WhyItem *root)
{
    if (!log->L) return false;
    Steps steps = {0};
    steps_of(log, &steps);
    bool failed = steps.count && steps.items[steps.count - 1].fail != WHY_NONE;
    if (q->focus && !failed) atom_items(log, q, &steps, root);
    else
        for (size_t k = steps.count; k >= 1; k--) {
            bool shown = steps.count <= WHY_SHOW_STEPS || k + WHY_STEPS_LAST > steps.count || k <= WHY_STEPS_FIRST;
            if (shown) step_item(log, q, &steps.items[k - 1], k, root, true);
            else if (k + WHY_STEPS_LAST == steps.count) gap_item(root, "steps", k - WHY_STEPS_FIRST);
        }
    start_items(log, q, root);
    if (log->truncated) {
        WhyItem *t = why_item_new(root, "truncated");
        t->text = mem_strdup("(later steps were not recorded: the record grew past its limit)");
    }
    VEC_FREE(steps);
    return true;
}
