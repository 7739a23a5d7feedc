/* rulepack.c: a program's rules packed as variable-length numbers while only the partial
 * evaluation and the compilation read them (an aspif file as it is read, for a search of its
 * models; a search whose solver is built: the residual check's well-founded pass, the
 * default's native search), read one at a time (asp_rules_each), and unpacked again exactly
 * as they were.  A rule is its kind, counts, atoms (each as its difference from the atom
 * before it) and weights, seven bits a byte: about 6 bytes a rule of two atoms, against the
 * 28 of its AspRule and literals.  The packs are kept in rule order, before the rules not
 * packed; asp_program_pack_rules packs those from the last, PACK_CHUNK at a time, each
 * chunk's rules given back as it is made, so that packing adds about one chunk to the
 * memory held; a reader packs its rules each PACK_CHUNK (asp_program_pack_read). */
#include "asp/internal.h"

#define PACK_CHUNK 65536u

static void put_num(uint8_t **out, uint64_t v)
{
    while (v >= 0x80) {
        *(*out)++ = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    *(*out)++ = (uint8_t)v;
}

/* A number of one byte (most counts and atom differences) read without the loop. */
static inline uint64_t get_num(const uint8_t **at)
{
    const uint8_t *q = *at;
    uint64_t v = *q++;
    if (v >= 0x80) {
        v &= 0x7f;
        for (unsigned shift = 7;; shift += 7) {
            uint8_t b = *q++;
            v |= (uint64_t)(b & 0x7f) << shift;
            if (b < 0x80) break;
        }
    }
    *at = q;
    return v;
}

/* An atom as its difference from the one before, the sign in the lowest bit. */
static uint64_t atom_code(AspAtom a, AspAtom *prev)
{
    int64_t d = (int64_t)a - (int64_t)*prev;
    *prev = a;
    return d < 0 ? ((uint64_t)-d << 1) - 1 : (uint64_t)d << 1;
}

static inline AspAtom get_atom(const uint8_t **at, AspAtom *prev)
{
    uint64_t z = get_num(at);
    int64_t d = z & 1 ? -(int64_t)((z + 1) >> 1) : (int64_t)(z >> 1);
    return *prev = (AspAtom)((int64_t)*prev + d);
}

static uint64_t rule_code(const AspRule *r)
{
    return (uint64_t)r->kind | (uint64_t)(r->wts != ASP_NO_WEIGHTS) << 2 | (uint64_t)r->nhead << 3;
}

/* The weights of rule r, bound first (0 without). */
static size_t weight_count(const AspRule *r)
{
    return r->wts == ASP_NO_WEIGHTS ? 0 : (size_t)r->npos + r->nneg + 1;
}

/* The most bytes rule r can pack to: its three codes, atoms and weights at 5 bytes each
 * (each fits in 35 bits). */
static size_t most_bytes(const AspRule *r)
{
    return 5 * (3 + (size_t)r->nhead + r->npos + r->nneg + weight_count(r));
}

static void pack_rule(const AspProgram *p, const AspRule *r, AspAtom *prev, uint8_t **out)
{
    put_num(out, rule_code(r));
    put_num(out, r->npos);
    put_num(out, r->nneg);
    const AspAtom *lits = p->lits.items + r->head;
    for (uint32_t i = 0, n = r->nhead + r->npos + r->nneg; i < n; i++)
        put_num(out, atom_code(lits[i], prev));
    if (r->wts == ASP_NO_WEIGHTS) return;
    const uint32_t *w = p->weights.items + r->wts;
    for (uint32_t i = 0, n = r->npos + r->nneg + 1; i < n; i++) put_num(out, w[i]);
}

/* Rules a .. b-1 as one chunk, packed into room for the most, then fitted. */
static AspRulePack pack_chunk(AspProgram *p, size_t a, size_t b)
{
    size_t most = 0;
    for (size_t i = a; i < b; i++) {
        const AspRule *r = &p->rules.items[i];
        most += most_bytes(r);
        p->packed_lits += (size_t)r->nhead + r->npos + r->nneg;
        p->packed_weights += weight_count(r);
    }
    AspRulePack c = { .bytes = mem_alloc(most), .rules = b - a };
    uint8_t *out = c.bytes;
    AspAtom prev = 0;
    for (size_t i = a; i < b; i++) pack_rule(p, &p->rules.items[i], &prev, &out);
    c.bytes = mem_realloc(c.bytes, (size_t)(out - c.bytes));
    return c;
}

/* Do the rules' literals (and weights) follow each other in rule order, so that the rules
 * from a on are the only readers of the literals from rules[a].head on? */
static bool slices_in_order(const AspProgram *p)
{
    size_t lits = 0, weights = 0;
    for (size_t i = 0; i < p->rules.count; i++) {
        const AspRule *r = &p->rules.items[i];
        if (r->head < lits) return false;
        lits = (size_t)r->head + r->nhead + r->npos + r->nneg;
        if (r->wts == ASP_NO_WEIGHTS) continue;
        if (r->wts < weights) return false;
        weights = (size_t)r->wts + r->npos + r->nneg + 1;
    }
    return true;
}

/* The rules from a on, packed, given back with their literals and weights (a > 0). */
static void shrink(AspProgram *p, size_t a)
{
    size_t lcut = p->rules.items[a].head, wcut = p->weights.count;
    for (size_t i = a; i < p->rules.count; i++)
        if (p->rules.items[i].wts != ASP_NO_WEIGHTS) {
            wcut = p->rules.items[i].wts;
            break;
        }
    p->lits.items = mem_realloc(p->lits.items, lcut * sizeof *p->lits.items);
    p->lits.cap = p->lits.count = lcut;
    if (wcut < p->weights.count) {
        p->weights.items = mem_realloc(p->weights.items, wcut * sizeof *p->weights.items);
        p->weights.cap = p->weights.count = wcut;
    }
    p->rules.items = mem_realloc(p->rules.items, a * sizeof *p->rules.items);
    p->rules.cap = p->rules.count = a;
}

void asp_program_pack_rules(AspProgram *p)
{
    if (!p->rules.count) return;
    size_t total = p->rules.count, first = p->packed.count;
    bool give_back = slices_in_order(p);
    for (size_t b = total; b > 0;) {          /* from the last chunk: each given back */
        size_t a = b > PACK_CHUNK ? b - PACK_CHUNK : 0;
        AspRulePack c = pack_chunk(p, a, b);
        VEC_PUSH(p->packed, c);
        if (give_back && a) shrink(p, a);
        b = a;
    }
    for (size_t i = first, j = p->packed.count - 1; i < j; i++, j--) {   /* in rule order */
        AspRulePack t = p->packed.items[i];
        p->packed.items[i] = p->packed.items[j];
        p->packed.items[j] = t;
    }
    p->rules_packed += total;
    VEC_FREE(p->rules);
    VEC_FREE(p->lits);
    VEC_FREE(p->weights);
}

bool asp_program_pack_read(AspProgram *p)
{
    if (p->rules.count < PACK_CHUNK) return false;
    AspRulePack c = pack_chunk(p, 0, p->rules.count);
    VEC_PUSH(p->packed, c);
    p->rules_packed += p->rules.count;
    p->rules.count = p->lits.count = p->weights.count = 0;
    p->lines_noted = 0;           /* asp_note_rule_lines counts on from rules_packed */
    return true;
}

/* v's room made exactly n items of size `size` (at least one: a slice is never of a null
 * pointer). */
static void *exact(size_t n, size_t size, size_t *cap)
{
    *cap = n ? n : 1;
    return mem_alloc(*cap * size);
}

/* One rule decoded: its literals and weights (bound first), the rule's offsets 0 in them
 * (room for lcap and wcap of them). */
typedef struct Decoded {
    AspRule rule;
    AspAtom *lits;
    uint32_t *weights;
    size_t lcap, wcap;
} Decoded;

/* Room for n items of size `size` at *items (cap of them now). */
static void *room_for(void *items, size_t *cap, size_t n, size_t size)
{
    if (n <= *cap) return items;
    *cap = 2 * n;
    return mem_realloc(items, *cap * size);
}

static inline void decode_rule(const uint8_t **at, AspAtom *prev, Decoded *d)
{
    uint64_t code = get_num(at);
    AspRule *r = &d->rule;
    *r = (AspRule){ .kind = code & 3, .nhead = (uint32_t)(code >> 3) & ASP_NHEAD_MAX,
                    .wts = code >> 2 & 1 ? 0 : ASP_NO_WEIGHTS };
    r->npos = (uint32_t)get_num(at);
    r->nneg = (uint32_t)get_num(at);
    uint32_t n = r->nhead + r->npos + r->nneg;
    d->lits = room_for(d->lits, &d->lcap, n, sizeof *d->lits);
    for (uint32_t i = 0; i < n; i++) d->lits[i] = get_atom(at, prev);
    if (r->wts) return;
    d->weights = room_for(d->weights, &d->wcap, (size_t)r->npos + r->nneg + 1, sizeof *d->weights);
    for (uint32_t i = 0; i <= r->npos + r->nneg; i++) d->weights[i] = (uint32_t)get_num(at);
}

/* Each packed rule decoded, in order, to fn. */
static void each_packed(const AspProgram *p, AspRuleFn *fn, void *ctx)
{
    if (!p->packed.count) return;
    Decoded d = { .lcap = 16, .wcap = 16 };   /* never NULL: an empty slice is `items + 0` */
    d.lits = mem_alloc(d.lcap * sizeof *d.lits);
    d.weights = mem_alloc(d.wcap * sizeof *d.weights);
    for (size_t c = 0; c < p->packed.count; c++) {
        const uint8_t *at = p->packed.items[c].bytes;
        AspAtom prev = 0;
        for (size_t i = 0; i < p->packed.items[c].rules; i++) {
            decode_rule(&at, &prev, &d);
            fn(ctx, &d.rule, d.lits, d.weights);
        }
    }
    mem_free(d.lits);
    mem_free(d.weights);
}

/* A decoded rule (offsets 0) appended to program ctx's rules (room made for all of them). */
static void append_rule(void *ctx, const AspRule *rule, const AspAtom *lits,
                        const uint32_t *weights)
{
    AspProgram *p = ctx;
    AspRule r = *rule;
    size_t n = (size_t)r.nhead + r.npos + r.nneg;
    r.head = (uint32_t)p->lits.count;
    memcpy(p->lits.items + p->lits.count, lits, n * sizeof *lits);
    p->lits.count += n;
    if (r.wts != ASP_NO_WEIGHTS) {
        r.wts = (uint32_t)p->weights.count;
        memcpy(p->weights.items + p->weights.count, weights, (n - r.nhead + 1) * sizeof *weights);
        p->weights.count += n - r.nhead + 1;
    }
    p->rules.items[p->rules.count++] = r;
}

void asp_program_unpack_rules(AspProgram *p)
{
    if (!p->rules_packed) return;
    p->rules.items = exact(p->rules_packed, sizeof *p->rules.items, &p->rules.cap);
    p->lits.items = exact(p->packed_lits, sizeof *p->lits.items, &p->lits.cap);
    p->weights.items = exact(p->packed_weights, sizeof *p->weights.items, &p->weights.cap);
    each_packed(p, append_rule, p);
    asp_pack_free(p);
}

void asp_rules_each(const AspProgram *p, AspRuleFn *fn, void *ctx)
{
    each_packed(p, fn, ctx);                  /* the packed rules come first */
    for (size_t i = 0; i < p->rules.count; i++)
        fn(ctx, &p->rules.items[i], p->lits.items, p->weights.items);
}

size_t asp_pack_free(AspProgram *p)
{
    size_t n = p->rules_packed;
    for (size_t c = 0; c < p->packed.count; c++) mem_free(p->packed.items[c].bytes);
    VEC_FREE(p->packed);
    p->rules_packed = p->packed_lits = p->packed_weights = 0;
    return n;
}
