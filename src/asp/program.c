/* program.c: ground ASP programs: atoms with optional names, rules with normal or weight
 * bodies. */
#include "asp/internal.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/hashmap.h"

AspProgram *asp_program_new(void)
{
    AspProgram *p = mem_calloc(1, sizeof(AspProgram));
    arena_init(&p->names_block);
    /* The stores rules and statements take slices of are never NULL, even empty: a slice of
     * an empty one is `items + 0`, which C does not allow on a null pointer. */
    p->lits.items = mem_alloc((p->lits.cap = 8) * sizeof *p->lits.items);
    p->weights.items = mem_alloc((p->weights.cap = 8) * sizeof *p->weights.items);
    p->wlits.items = mem_alloc((p->wlits.cap = 8) * sizeof *p->wlits.items);
    return p;
}

void asp_lp_grounded(AspProgram *p) { p->gringo_lines = true; }

void asp_program_free(AspProgram *p)
{
    if (!p) return;
    MEM_FREE_ALL(p->names.items, p->namelen.items, p->order.items, p->rules.items,
                 p->disj_line.items, p->lits.items, p->weights.items, p->htab,
                 p->named.items, p->wscratch);
    asp_pack_free(p);
    arena_free(&p->names_block);
    asp_statements_free(p);
    mem_free(p);
}

static bool name_is(const AspProgram *p, AspAtom a, const char *name, size_t len)
{
    return p->namelen.items[a] == len && memcmp(p->names.items[a], name, len) == 0;
}

/* The slot of `name` in the hash table: the first atom with that name + 1, or an empty slot
 * (0).  Its own table of 4-byte slots rather than a util/hashmap.h one: measurably faster on
 * large aspif input.  (The hash stops at a NUL in a name; equality does not.) */
static size_t hslot(const AspProgram *p, const char *name, size_t len)
{
    size_t mask = p->hcap - 1, i = (size_t)hashmap_hash_str(name) & mask;
    while (p->htab[i] && !name_is(p, p->htab[i] - 1, name, len)) i = (i + 1) & mask;
    return i;
}

/* Enters atom a under its name unless an atom with that name is there already. */
static void hinsert(AspProgram *p, AspAtom a)
{
    size_t i = hslot(p, p->names.items[a], p->namelen.items[a]);
    if (p->htab[i]) return;
    p->htab[i] = a + 1;
    p->hcount++;
}

/* A table for at least n names (at most half full), holding the named atoms in the order
 * they were named, so that the first atom of each name is the one found. */
static void hbuild(AspProgram *p, size_t n)
{
    assert(!p->rules_dropped);                     /* `named` went with the rules */
    size_t cap = 64;
    while (cap < 2 * (n + 1)) cap *= 2;
    mem_free(p->htab);
    p->htab = mem_calloc(cap, sizeof *p->htab);
    p->hcap = cap;
    p->hcount = 0;
    for (AspAtom a = 0; a < p->named_first; a++) hinsert(p, a);
    for (size_t i = 0; i < p->named.count; i++) hinsert(p, p->named.items[i]);
}

/* How many atoms have a name. */
static size_t named_count(const AspProgram *p) { return p->named_first + p->named.count; }

long asp_atom_find(AspProgram *p, const char *name)
{
    if (!p->htab) hbuild(p, named_count(p));
    uint32_t v = p->htab[hslot(p, name, strlen(name))];
    return v ? (long)v - 1 : -1;
}

/* The print keys kept one an atom again (before one changes or an atom comes). */
static void keep_keys(AspProgram *p)
{
    if (!p->order_counted) return;
    size_t n = p->names.count;
    p->order.items = mem_alloc((n + 1) * sizeof *p->order.items);
    p->order.cap = n + 1;
    p->order.count = n;
    for (AspAtom a = 0; a < n; a++) p->order.items[a] = p->order_first + a;
    p->order_counted = false;
}

/* The print keys not kept when they count up one an atom (8 bytes an atom). */
static void count_keys(AspProgram *p)
{
    size_t n = p->order.count;
    if (!n || p->order_counted) return;
    for (AspAtom a = 1; a < n; a++)
        if (p->order.items[a] != p->order.items[0] + a) return;
    p->order_first = p->order.items[0];
    p->order_counted = true;
    VEC_FREE(p->order);
}

AspAtom asp_atom_hidden(AspProgram *p)
{
    keep_keys(p);
    AspAtom a = (AspAtom)p->names.count;
    VEC_PUSH(p->names, NULL);
    VEC_PUSH(p->namelen, 0);
    VEC_PUSH(p->order, 0);
    return a;
}

AspAtom asp_atom(AspProgram *p, const char *name)
{
    long f = asp_atom_find(p, name);
    if (f >= 0) return (AspAtom)f;
    AspAtom a = asp_atom_hidden(p);
    asp_atom_show(p, a, name, strlen(name));
    return a;
}

/* The name is copied into the program's block of names; the index of names is kept up to
 * date once a look-up has made it. */
bool asp_atom_show(AspProgram *p, AspAtom a, const char *name, size_t len)
{
    if (a >= p->names.count || p->names.items[a]) return false;
    if (len > UINT32_MAX) mem_fail(len);          /* lengths are kept in 32 bits */
    p->names.items[a] = arena_strndup(&p->names_block, name, len);
    p->namelen.items[a] = (uint32_t)len;
    if (!p->named.count && a == p->named_first) p->named_first++;
    else VEC_PUSH(p->named, a);
    if (p->htab && 2 * (p->hcount + 1) > p->hcap) hbuild(p, 2 * p->hcount);
    if (p->htab) hinsert(p, a);
    return true;
}

size_t asp_atom_count(const AspProgram *p) { return p->names.count; }
size_t asp_rule_count(const AspProgram *p) { return p->rules.count; }
size_t asp_rules_read(const AspProgram *p)
{
    return p->rules.count + p->rules_dropped + p->rules_packed;
}
bool asp_program_rules_dropped(const AspProgram *p) { return p->rules_dropped > 0; }

void asp_program_drop_rules(AspProgram *p)
{
    if (!p->rules.count && !p->rules_packed) return;
    p->rules_dropped += p->rules.count + asp_pack_free(p);
    VEC_FREE(p->order);           /* read only to make a print order or a program from p */
    VEC_FREE(p->named);           /* and the index of names made from it */
    p->named_first = 0;
    mem_free(p->htab);
    p->htab = NULL;
    VEC_FREE(p->rules);
    VEC_FREE(p->lits);
    VEC_FREE(p->weights);
    VEC_FREE(p->disj_line);
    p->lines_noted = 0;
}

const char *asp_atom_name(const AspProgram *p, AspAtom a)
{
    return a < p->names.count ? p->names.items[a] : NULL;
}

size_t asp_atom_name_len(const AspProgram *p, AspAtom a)
{
    return a < p->names.count ? p->namelen.items[a] : 0;
}

void asp_set_print_key(AspProgram *p, AspAtom a, uint64_t key)
{
    if (p->order_counted && a < p->names.count && key == p->order_first + a) return;
    keep_keys(p);
    if (a < p->order.count) p->order.items[a] = key;
}

static bool atoms_valid(const AspProgram *p, const AspAtom *v, size_t n, Buf *err)
{
    for (size_t i = 0; i < n; i++)
        if (v[i] >= p->names.count) {
            if (err) buf_printf(err, "atom %u does not exist", (unsigned)v[i]);
            return false;
        }
    return true;
}

static uint32_t push_lits(AspProgram *p, const AspAtom *v, size_t n)
{
    uint32_t start = (uint32_t)p->lits.count;
    if (p->lits.cap < p->lits.count + n) {
        size_t cap = p->lits.cap ? p->lits.cap : 8;
        while (cap < p->lits.count + n) cap *= 2;
        p->lits.items = mem_realloc(p->lits.items, cap * sizeof *p->lits.items);
        p->lits.cap = cap;
    }
    if (n) memcpy(p->lits.items + start, v, n * sizeof *v);
    p->lits.count += n;
    return start;
}

/* Is the head right for the kind (and its atoms valid)? */
static bool head_valid(const AspProgram *p, AspRuleKind kind, const AspAtom *head, size_t nhead,
                       Buf *err)
{
    if (kind == ASP_NORMAL && nhead != 1) {
        if (err) buf_printf(err, "a normal rule needs exactly one head atom, not %zu", nhead);
        return false;
    }
    if (kind == ASP_CONSTRAINT && nhead != 0) {
        if (err) buf_puts(err, "an integrity constraint has no head");
        return false;
    }
    if (kind == ASP_DISJUNCTION && nhead < 2) {
        if (err) buf_printf(err, "a disjunctive rule needs two or more head atoms, not %zu", nhead);
        return false;
    }
    return atoms_valid(p, head, nhead, err);
}

bool asp_add_rule(AspProgram *p, AspRuleKind kind, const AspAtom *head, size_t nhead,
                  const AspAtom *pos, size_t npos, const AspAtom *neg, size_t nneg, Buf *err)
{
    if (!head_valid(p, kind, head, nhead, err) || !atoms_valid(p, pos, npos, err)
        || !atoms_valid(p, neg, nneg, err))
        return false;
    asp_push_rule(p, kind, head, nhead, pos, npos, neg, nneg);
    return true;
}

void asp_push_rule(AspProgram *p, AspRuleKind kind, const AspAtom *head, size_t nhead,
                   const AspAtom *pos, size_t npos, const AspAtom *neg, size_t nneg)
{
    if (nhead > ASP_NHEAD_MAX) mem_fail(nhead);
    AspRule r = { .kind = kind, .nhead = (uint32_t)nhead & ASP_NHEAD_MAX, .npos = (uint32_t)npos,
                  .nneg = (uint32_t)nneg, .wts = ASP_NO_WEIGHTS };
    r.head = push_lits(p, head, nhead);
    push_lits(p, pos, npos);
    push_lits(p, neg, nneg);
    VEC_PUSH(p->rules, r);
}

/* v's capacity raised to at least n items of size `size` (never lowered). */
static void *reserve(void *items, size_t *cap, size_t n, size_t size)
{
    if (*cap >= n) return items;
    *cap = n;
    return mem_realloc(items, n * size);
}

void asp_program_reserve(AspProgram *p, size_t atoms, size_t rules, size_t lits)
{
    p->names.items = reserve(p->names.items, &p->names.cap, atoms, sizeof *p->names.items);
    p->namelen.items = reserve(p->namelen.items, &p->namelen.cap, atoms, sizeof *p->namelen.items);
    keep_keys(p);
    p->order.items = reserve(p->order.items, &p->order.cap, atoms, sizeof *p->order.items);
    p->rules.items = reserve(p->rules.items, &p->rules.cap, rules, sizeof *p->rules.items);
    p->lits.items = reserve(p->lits.items, &p->lits.cap, lits, sizeof *p->lits.items);
}

/* v's capacity lowered to its count (at least one item: a store is never NULL). */
static void *fit(void *items, size_t count, size_t *cap, size_t size)
{
    size_t n = count ? count : 1;
    if (*cap <= n) return items;
    *cap = n;
    return mem_realloc(items, n * size);
}

void asp_program_fit(AspProgram *p)
{
    p->names.items = fit(p->names.items, p->names.count, &p->names.cap, sizeof *p->names.items);
    p->namelen.items = fit(p->namelen.items, p->namelen.count, &p->namelen.cap,
                           sizeof *p->namelen.items);
    p->order.items = fit(p->order.items, p->order.count, &p->order.cap, sizeof *p->order.items);
    p->rules.items = fit(p->rules.items, p->rules.count, &p->rules.cap, sizeof *p->rules.items);
    p->lits.items = fit(p->lits.items, p->lits.count, &p->lits.cap, sizeof *p->lits.items);
    count_keys(p);
}

void asp_note_rule_lines(AspProgram *p, size_t line)
{
    for (; p->lines_noted < p->rules.count; p->lines_noted++)
        if (p->rules.items[p->lines_noted].kind == ASP_DISJUNCTION)
            VEC_PUSH(p->disj_line, (uint64_t)(p->rules_packed + p->lines_noted) << 32 | (uint32_t)line);
}

uint32_t asp_rule_line(const AspProgram *p, size_t r)
{
    size_t lo = 0, hi = p->disj_line.count;          /* binary search by rule index */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if ((p->disj_line.items[mid] >> 32) < r) lo = mid + 1;
        else hi = mid;
    }
    bool found = lo < p->disj_line.count && (p->disj_line.items[lo] >> 32) == r;
    return found ? (uint32_t)p->disj_line.items[lo] : 0;
}

enum { WEIGHT_MAX = 0x7fffffff };

/* The body normalised: literals with nonzero weights, each negative weight turned positive
 * on the complement with the bound raised; *bound updated.  False when out of range. */
static bool normalise(const AspWLit *body, size_t n, int64_t *bound, AspWLit *out, size_t *k,
                      Buf *err)
{
    *k = 0;
    for (size_t i = 0; i < n; i++) {
        AspWLit l = body[i];
        if (l.weight < -WEIGHT_MAX || l.weight > WEIGHT_MAX) {
            if (err) buf_printf(err, "weight %lld out of range", (long long)l.weight);
            return false;
        }
        if (l.weight == 0) continue;
        if (l.weight < 0) {
            l.negative = !l.negative;
            l.weight = -l.weight;
            *bound += l.weight;
        }
        out[(*k)++] = l;
    }
    if (*bound > WEIGHT_MAX) {
        if (err) buf_printf(err, "weight bound %lld out of range", (long long)*bound);
        return false;
    }
    return true;
}

/* Adds a normalised weight rule; true when it was one (else the caller adds a normal body). */
static bool push_weighted(AspProgram *p, AspRuleKind kind, const AspAtom *head, size_t nhead,
                          uint32_t bound, const AspWLit *v, size_t n)
{
    size_t npos = 0, ones = 0;
    for (size_t i = 0; i < n; i++) {
        npos += !v[i].negative;
        ones += v[i].weight == 1 || bound == 1;
    }
    if (ones == n && n == bound) return false;
    if (nhead > ASP_NHEAD_MAX) mem_fail(nhead);
    AspRule r = { .kind = kind, .nhead = (uint32_t)nhead & ASP_NHEAD_MAX, .npos = (uint32_t)npos,
                  .nneg = (uint32_t)(n - npos) };
    r.head = push_lits(p, head, nhead);
    r.wts = (uint32_t)p->weights.count;
    VEC_PUSH(p->weights, bound);
    for (int neg = 0; neg < 2; neg++) {
        for (size_t i = 0; i < n; i++)
            if (v[i].negative == (bool)neg) {
                VEC_PUSH(p->lits, v[i].atom);
                VEC_PUSH(p->weights, v[i].weight > bound ? bound : (uint32_t)v[i].weight);
            }
    }
    VEC_PUSH(p->rules, r);
    return true;
}

bool asp_add_weight_rule(AspProgram *p, AspRuleKind kind, const AspAtom *head, size_t nhead,
                         int64_t bound, const AspWLit *body, size_t n, Buf *err)
{
    if (p->wscratch_cap < n + 1) {                /* grown, never shrunk: no allocation a rule */
        p->wscratch_cap = 2 * (n + 1);
        mem_free(p->wscratch);
        p->wscratch = mem_alloc(p->wscratch_cap * (sizeof(AspWLit) + 2 * sizeof(AspAtom)));
    }
    AspWLit *v = p->wscratch;
    AspAtom *pos = (AspAtom *)(v + p->wscratch_cap), *neg = pos + p->wscratch_cap;
    size_t k = 0, np = 0, nn = 0;
    bool ok = normalise(body, n, &bound, v, &k, err);
    for (size_t i = 0; ok && i < k; i++) {
        if (v[i].atom >= p->names.count) {
            if (err) buf_printf(err, "atom %u does not exist", (unsigned)v[i].atom);
            ok = false;
        }
        if (v[i].negative) neg[nn++] = v[i].atom;
        else pos[np++] = v[i].atom;
    }
    if (ok && bound <= 0) np = nn = 0;             /* the body always holds */
    ok = ok && head_valid(p, kind, head, nhead, err);
    if (ok && (bound <= 0 || !push_weighted(p, kind, head, nhead, (uint32_t)bound, v, k)))
        asp_add_rule(p, kind, head, nhead, pos, np, neg, nn, err);
    return ok;
}

AspRuleMark asp_program_mark(const AspProgram *p)
{
    return (AspRuleMark){ p->rules.count, p->lits.count, p->weights.count };
}

void asp_program_truncate(AspProgram *p, AspRuleMark m)
{
    assert(!p->rules_dropped && m.rules <= p->rules.count && m.lits <= p->lits.count &&
           m.weights <= p->weights.count);
    p->rules.count = m.rules;
    p->lits.count = m.lits;
    p->weights.count = m.weights;
    if (p->lines_noted > m.rules) p->lines_noted = m.rules;
}

void asp_add_fact(AspProgram *p, AspAtom a)
{
    asp_add_rule(p, ASP_NORMAL, &a, 1, NULL, 0, NULL, 0, NULL);
}

AspProgram *asp_program_inconsistent(void)
{
    AspProgram *p = asp_program_new();
    asp_add_rule(p, ASP_CONSTRAINT, NULL, 0, NULL, 0, NULL, 0, NULL);
    return p;
}

typedef struct KeyedAtom { uint64_t key; AspAtom a; } KeyedAtom;

static bool keyed_before(const KeyedAtom *x, const KeyedAtom *y)
{
    return x->key != y->key ? x->key < y->key : x->a < y->a;
}

/* The end of the ascending run of v that starts at i. */
static size_t run_end(const KeyedAtom *v, size_t i, size_t n)
{
    while (++i < n && keyed_before(&v[i - 1], &v[i])) {}
    return i;
}

/* v[i..mid) and v[mid..end), each ascending, merged into out[i..end). */
static void merge_runs(const KeyedAtom *v, size_t i, size_t mid, size_t end, KeyedAtom *out)
{
    size_t a = i, b = mid;
    for (size_t k = i; k < end; k++)
        out[k] = b >= end || (a < mid && keyed_before(&v[a], &v[b])) ? v[a++] : v[b++];
}

/* Sorts v by merging neighbouring ascending runs until one is left: linear time on input
 * that is sorted or nearly (as the shown atoms of aspif input are: made in key order but
 * for a few); returns v or tmp, whichever holds the result. */
static KeyedAtom *sort_runs(KeyedAtom *v, KeyedAtom *tmp, size_t n)
{
    for (;;) {
        size_t runs = 0;
        for (size_t i = 0; i < n; runs++) {
            size_t mid = run_end(v, i, n), end = mid < n ? run_end(v, mid, n) : n;
            merge_runs(v, i, mid, end, tmp);
            i = end;
        }
        KeyedAtom *t = v;
        v = tmp;
        tmp = t;
        if (runs <= 1) return v;
    }
}

/* The shown atoms in print order when they are in it already (keys ascending by atom, as
 * most aspif input has them): one pass, no sort; NULL when they are not. */
static AspAtom *order_if_sorted(const AspProgram *p, size_t *n)
{
    AspAtom *out = mem_alloc((named_count(p) + 1) * sizeof *out);
    size_t k = 0;
    uint64_t last = 0;
    for (AspAtom a = 0; a < p->names.count; a++) {
        if (!p->names.items[a]) continue;
        if (k && asp_print_key(p, a) < last) { mem_free(out); return NULL; }
        last = asp_print_key(p, a);
        out[k++] = a;
    }
    *n = k;
    return out;
}

AspAtom *asp_print_order(const AspProgram *p, size_t *n)
{
    assert(!p->rules_dropped);                     /* `order` went with the rules */
    AspAtom *sorted_already = order_if_sorted(p, n);
    if (sorted_already) return sorted_already;
    KeyedAtom *v = mem_alloc((p->names.count + 1) * sizeof *v);
    size_t k = 0;
    for (AspAtom a = 0; a < p->names.count; a++)
        if (p->names.items[a]) v[k++] = (KeyedAtom){ asp_print_key(p, a), a };
    KeyedAtom *tmp = mem_alloc((k + 1) * sizeof *tmp), *sorted = sort_runs(v, tmp, k);
    AspAtom *out = mem_alloc((k + 1) * sizeof *out);
    for (size_t i = 0; i < k; i++) out[i] = sorted[i].a;
    mem_free(v);
    mem_free(tmp);
    *n = k;
    return out;
}

void asp_print_atom(const AspProgram *p, AspAtom a, Buf *out)
{
    if (p->names.items[a]) buf_putn(out, p->names.items[a], p->namelen.items[a]);
    else buf_printf(out, "_%u", (unsigned)a);
}

static void print_weight_body(const AspProgram *p, const AspRule *r, Buf *out)
{
    buf_printf(out, " :- %u { ", (unsigned)asp_rule_bound(p, r));
    for (uint32_t i = 0; i < r->npos + r->nneg; i++) {
        bool neg = i >= r->npos;
        if (i) buf_puts(out, "; ");
        if (neg) buf_puts(out, "not ");
        asp_print_atom(p, p->lits.items[asp_rule_pos(r) + i], out);
        buf_printf(out, " = %u", (unsigned)asp_rule_weights(p, r)[i]);
    }
    buf_puts(out, " }");
}

static void print_body(const AspProgram *p, const AspRule *r, Buf *out)
{
    if (r->wts != ASP_NO_WEIGHTS) { print_weight_body(p, r, out); return; }
    size_t k = 0;
    for (uint32_t i = 0; i < r->npos; i++, k++) {
        buf_puts(out, k ? ", " : " :- ");
        asp_print_atom(p, p->lits.items[asp_rule_pos(r) + i], out);
    }
    for (uint32_t i = 0; i < r->nneg; i++, k++) {
        buf_puts(out, k ? ", not " : " :- not ");
        asp_print_atom(p, p->lits.items[asp_rule_neg(r) + i], out);
    }
    if (k == 0 && r->kind == ASP_CONSTRAINT) buf_puts(out, " :-");
}

void asp_print_rule(const AspProgram *p, size_t i, Buf *out)
{
    const AspRule *r = &p->rules.items[i];
    if (r->kind == ASP_CHOICE) buf_putc(out, '{');
    for (uint32_t h = 0; h < r->nhead; h++) {
        if (h) buf_puts(out, r->kind == ASP_DISJUNCTION ? " | " : "; ");
        asp_print_atom(p, p->lits.items[r->head + h], out);
    }
    if (r->kind == ASP_CHOICE) buf_putc(out, '}');
    print_body(p, r, out);
    buf_putc(out, '.');
}

void asp_print_program(const AspProgram *p, Buf *out)
{
    for (size_t i = 0; i < p->rules.count; i++) {
        asp_print_rule(p, i, out);
        buf_putc(out, '\n');
    }
}

void asp_rule_view(const AspProgram *p, size_t i, AspRuleView *v)
{
    const AspRule *r = &p->rules.items[i];
    const AspAtom *lits = p->lits.items;
    *v = (AspRuleView){ .kind = r->kind, .head = lits + r->head, .nhead = r->nhead,
                        .pos = lits + asp_rule_pos(r), .npos = r->npos,
                        .neg = lits + asp_rule_neg(r), .nneg = r->nneg };
    if (r->wts != ASP_NO_WEIGHTS) {
        v->weights = asp_rule_weights(p, r);
        v->bound = asp_rule_bound(p, r);
    }
}

void asp_project_on_shown(AspProgram *p)
{
    VEC(AspAtom) shown = {0};
    for (size_t a = 0; a < asp_atom_count(p); a++)
        if (asp_atom_name(p, (AspAtom)a)) VEC_PUSH(shown, (AspAtom)a);
    asp_add_project(p, shown.items, shown.count);
    VEC_FREE(shown);
}
