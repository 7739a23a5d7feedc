/* aspif.c: reads clingo 5's ground aspif format into an AspProgram and writes one back. */
#include "asp/internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

/* aspif atom id -> program atom, open addressing (keys are nonzero). */
typedef struct IdMap { uint32_t *keys, *vals; size_t cap, count; } IdMap;

static size_t idmap_slot(const IdMap *m, uint32_t key)
{
    size_t mask = m->cap - 1, i = (size_t)(key * 2654435761u) & mask;
    while (m->keys[i] && m->keys[i] != key) i = (i + 1) & mask;
    return i;
}

static void idmap_put(IdMap *m, uint32_t key, uint32_t val);

static void idmap_grow(IdMap *m)
{
    IdMap old = *m;
    m->cap = old.cap ? old.cap * 2 : 1024;
    m->count = 0;
    m->keys = mem_calloc(m->cap, sizeof *m->keys);
    m->vals = mem_calloc(m->cap, sizeof *m->vals);
    for (size_t i = 0; i < old.cap; i++)
        if (old.keys[i]) idmap_put(m, old.keys[i], old.vals[i]);
    mem_free(old.keys);
    mem_free(old.vals);
}

static void idmap_put(IdMap *m, uint32_t key, uint32_t val)
{
    if (2 * (m->count + 1) > m->cap) idmap_grow(m);
    size_t i = idmap_slot(m, key);
    if (!m->keys[i]) m->count++;
    m->keys[i] = key;
    m->vals[i] = val;
}

static bool idmap_get(const IdMap *m, uint32_t key, uint32_t *val)
{
    if (!m->cap) return false;
    size_t i = idmap_slot(m, key);
    if (!m->keys[i]) return false;
    *val = m->vals[i];
    return true;
}

typedef struct External { uint32_t id; unsigned value; size_t line; } External;

typedef struct Reader {
    const char *s, *end;
    size_t line;
    const char *name;
    Buf *err;
    Limits *limits;               /* polled between statements; may be NULL */
    AspProgram *p;
    IdMap ids;
    VEC(AspAtom) head, pos, neg;
    VEC(External) ext;
    VEC(bool) defined;            /* per program atom: in some rule head */
    VEC(uint32_t) idof;           /* per program atom: its aspif id (0: none) */
} Reader;

static bool fail(Reader *r, const char *msg)
{
    buf_printf(r->err, "%s:%zu: error: %s", r->name, r->line, msg);
    return false;
}

static void skip_blanks(Reader *r)
{
    while (r->s < r->end && (*r->s == ' ' || *r->s == '\t' || *r->s == '\r')) r->s++;
}

static bool at_eol(Reader *r)
{
    skip_blanks(r);
    return r->s >= r->end || *r->s == '\n';
}

static bool read_num(Reader *r, long long *out)
{
    skip_blanks(r);
    const char *q = r->s;
    bool neg = q < r->end && *q == '-';
    if (neg) q++;
    if (q >= r->end || *q < '0' || *q > '9') return fail(r, "expected a number");
    long long v = 0;
    for (; q < r->end && *q >= '0' && *q <= '9'; q++) {
        v = v * 10 + (*q - '0');
        if (v > 0xffffffffLL) return fail(r, "number out of range");
    }
    r->s = q;
    *out = neg ? -v : v;
    return true;
}

static bool read_count(Reader *r, size_t *out)
{
    long long v;
    if (!read_num(r, &v)) return false;
    if (v < 0 || v > (long long)(r->end - r->s)) return fail(r, "bad list length");
    *out = (size_t)v;
    return true;
}

/* Makes room for program atom a in the per-atom vectors. */
static void track(Reader *r, AspAtom a)
{
    while (r->defined.count <= a) {
        VEC_PUSH(r->defined, false);
        VEC_PUSH(r->idof, 0);
    }
}

/* The program atom of aspif atom id (made on first use). */
static AspAtom atom_of(Reader *r, uint32_t id)
{
    uint32_t a;
    if (idmap_get(&r->ids, id, &a)) return a;
    a = asp_atom_hidden(r->p);
    asp_set_print_key(r->p, a, id);
    idmap_put(&r->ids, id, a);
    track(r, a);
    r->idof.items[a] = id;
    return a;
}

static bool read_atom(Reader *r, AspAtom *out)
{
    long long v;
    if (!read_num(r, &v)) return false;
    if (v <= 0 || v > 0x7fffffffLL) return fail(r, "an atom must be a number in 1..2^31-1");
    *out = atom_of(r, (uint32_t)v);
    return true;
}

/* A literal list: count then literals, sorted into r->pos / r->neg (appended). */
static bool read_lits(Reader *r)
{
    size_t n;
    if (!read_count(r, &n)) return false;
    for (size_t i = 0; i < n; i++) {
        long long v;
        if (!read_num(r, &v)) return false;
        if (v == 0 || v > 0x7fffffffLL || v < -0x7fffffffLL)
            return fail(r, "a literal must be a nonzero number in -(2^31-1)..2^31-1");
        AspAtom a = atom_of(r, (uint32_t)(v < 0 ? -v : v));
        if (v > 0) VEC_PUSH(r->pos, a);
        else VEC_PUSH(r->neg, a);
    }
    return true;
}

static bool refuse(Reader *r, const char *what)
{
    Buf m;
    buf_init(&m);
    buf_printf(&m, "unsupported aspif statement: %s (fix asp handles normal rules, choice "
               "rules, integrity constraints, outputs, assumptions and externals)", what);
    fail(r, buf_cstr(&m));
    buf_free(&m);
    return false;
}

static bool add(Reader *r, AspRuleKind kind)
{
    Buf e;
    buf_init(&e);
    bool ok = asp_add_rule(r->p, kind, r->head.items, r->head.count, r->pos.items, r->pos.count,
                           r->neg.items, r->neg.count, &e);
    if (!ok) fail(r, buf_cstr(&e));
    buf_free(&e);
    for (size_t i = 0; i < r->head.count; i++) r->defined.items[r->head.items[i]] = true;
    return ok;
}

static bool read_rule(Reader *r)
{
    long long htype, btype;
    size_t n;
    r->head.count = r->pos.count = r->neg.count = 0;
    if (!read_num(r, &htype) || !read_count(r, &n)) return false;
    if (htype != 0 && htype != 1) return fail(r, "rule head type must be 0 or 1");
    if (htype == 0 && n > 1)
        return refuse(r, "disjunctive rule (a head with more than one atom)");
    for (size_t i = 0; i < n; i++) {
        AspAtom a;
        if (!read_atom(r, &a)) return false;
        VEC_PUSH(r->head, a);
    }
    if (!read_num(r, &btype)) return false;
    if (btype == 1)
        return refuse(r, "weight body (from a #count or #sum aggregate or a cardinality bound)");
    if (btype != 0) return fail(r, "rule body type must be 0 or 1");
    if (!read_lits(r)) return false;
    if (htype == 1) return n == 0 || add(r, ASP_CHOICE);
    return add(r, n ? ASP_NORMAL : ASP_CONSTRAINT);
}

/* Assumptions `6 m l..` hold in every model of this step: constraints. */
static bool read_assumptions(Reader *r)
{
    r->pos.count = r->neg.count = 0;
    if (!read_lits(r)) return false;
    size_t np = r->pos.count, nn = r->neg.count;
    AspAtom *lits = mem_alloc((np + nn + 1) * sizeof *lits);
    if (np) memcpy(lits, r->pos.items, np * sizeof *lits);
    if (nn) memcpy(lits + np, r->neg.items, nn * sizeof *lits);
    for (size_t i = 0; i < np + nn; i++)
        asp_add_rule(r->p, ASP_CONSTRAINT, NULL, 0, i < np ? NULL : &lits[i], i < np ? 0 : 1,
                     i < np ? &lits[i] : NULL, i < np ? 1 : 0, NULL);
    mem_free(lits);
    return true;
}

/* A string `len STR` (STR may hold any byte): *out points into the input. */
static bool read_string(Reader *r, const char **out, size_t *len)
{
    if (!read_count(r, len)) return false;
    if (r->s >= r->end || *r->s != ' ') return fail(r, "expected one space before a string");
    r->s++;
    if ((size_t)(r->end - r->s) < *len) return fail(r, "string runs past the end of the input");
    *out = r->s;
    for (size_t i = 0; i < *len; i++) r->line += r->s[i] == '\n';
    r->s += *len;
    return true;
}

/* Print keys as clasp orders its output: an atom shown by itself at its aspif id, an output
 * with no condition (always shown) first, one with any other condition after every atom, in
 * the order of the statements. */
#define KEY_AFTER_ATOMS ((uint64_t)1 << 32)

/* `4 len STR m l..`: STR is shown when the literals hold, once for each such statement (as
 * clingo does), so a name may be shown for several atoms, or twice for one.  An empty name
 * prints nothing and is dropped. */
static bool output_atom(Reader *r, const char *name, size_t len)
{
    size_t np = r->pos.count, nn = r->neg.count;
    if (len == 0) return true;
    if (np == 1 && nn == 0 && asp_atom_show(r->p, r->pos.items[0], name, len)) return true;
    AspAtom d = asp_atom_hidden(r->p);
    asp_atom_show(r->p, d, name, len);
    track(r, d);
    asp_set_print_key(r->p, d, np + nn == 0 ? 0
                               : np == 1 && nn == 0 ? r->idof.items[r->pos.items[0]]
                               : KEY_AFTER_ATOMS);
    r->head.count = 0;
    VEC_PUSH(r->head, d);
    return add(r, ASP_NORMAL);
}

static bool read_output(Reader *r)
{
    const char *name;
    size_t len;
    r->pos.count = r->neg.count = 0;
    return read_string(r, &name, &len) && read_lits(r) && output_atom(r, name, len);
}

static bool read_external(Reader *r)
{
    long long id, v;
    if (!read_num(r, &id) || !read_num(r, &v)) return false;
    if (id <= 0 || id > 0x7fffffffLL) return fail(r, "an atom must be a number in 1..2^31-1");
    if (v < 0 || v > 3) return fail(r, "external value must be 0 (free), 1, 2 or 3");
    atom_of(r, (uint32_t)id);
    External e = { (uint32_t)id, (unsigned)v, r->line };
    VEC_PUSH(r->ext, e);
    return true;
}

static void skip_line(Reader *r)
{
    while (r->s < r->end && *r->s != '\n') r->s++;
}

/* One statement; *done is set by the `0` that ends the step. */
static bool read_statement(Reader *r, bool *done)
{
    long long t;
    if (!read_num(r, &t)) return false;
    switch (t) {
    case 0: *done = true; return true;
    case 1: return read_rule(r);
    case 2: return refuse(r, "minimize statement (#minimize / #maximize / weak constraint)");
    case 3: return refuse(r, "projection (#project)");
    case 4: return read_output(r);
    case 5: return read_external(r);
    case 6: return read_assumptions(r);
    case 7: return refuse(r, "heuristic directive (#heuristic)");
    case 8: return refuse(r, "edge directive (#edge)");
    case 9: return refuse(r, "theory statement (theory atoms, &...)");
    case 10: skip_line(r); return true;
    default: return fail(r, "unknown aspif statement type");
    }
}

static bool read_header(Reader *r)
{
    long long major, minor, rev;
    skip_blanks(r);
    if (r->end - r->s < 3 || memcmp(r->s, "asp", 3) != 0)
        return fail(r, "not an aspif program (the first line must be `asp 1 0 0`)");
    r->s += 3;
    if (!read_num(r, &major) || !read_num(r, &minor) || !read_num(r, &rev)) return false;
    if (major != 1) return fail(r, "unsupported aspif version (expected `asp 1 ...`)");
    while (!at_eol(r)) {
        const char *w = r->s;
        while (r->s < r->end && *r->s != ' ' && *r->s != '\n') r->s++;
        if ((size_t)(r->s - w) == 11 && memcmp(w, "incremental", 11) == 0)
            return refuse(r, "incremental program (more than one solving step)");
    }
    return true;
}

/* Externals: false/release ones are ordinary atoms (false unless a rule derives them); free
 * ones are choices and true ones facts when no rule has them in the head.  A free or true
 * external that heads a rule is refused (clasp's answer depends on statement order and on
 * its preprocessing). */
static bool finish_externals(Reader *r)
{
    bool *done = mem_calloc(asp_atom_count(r->p) + 1, sizeof *done);
    for (size_t i = r->ext.count; i-- > 0;) {         /* the last statement for an atom wins */
        External *e = &r->ext.items[i];
        AspAtom a = atom_of(r, e->id);
        if (done[a]) continue;
        done[a] = true;
        if (e->value == 2 || e->value == 3) continue;
        if (r->defined.items[a]) {
            r->line = e->line;
            mem_free(done);
            return refuse(r, "external atom with value true or free that also heads a rule");
        }
        asp_add_rule(r->p, e->value == 0 ? ASP_CHOICE : ASP_NORMAL, &a, 1, NULL, 0, NULL, 0, NULL);
    }
    mem_free(done);
    return true;
}

static bool read_all(Reader *r)
{
    if (!read_header(r)) return false;
    bool done = false;
    while (!done) {
        if (r->s >= r->end) return fail(r, "the input ends before the `0` that ends the step");
        if (*r->s == '\n') { r->s++; r->line++; continue; }
        const char *hit = limits_poll(r->limits);
        if (hit) {
            buf_printf(r->err, "%s:%zu: error: stopped by %s while reading the program", r->name,
                       r->line, hit);
            return false;
        }
        if (!read_statement(r, &done)) return false;
        if (!at_eol(r)) return fail(r, "extra text at the end of the statement");
    }
    while (r->s < r->end && (*r->s == '\n' || *r->s == ' ' || *r->s == '\r'))
        r->line += *r->s++ == '\n';
    if (r->s < r->end) return refuse(r, "a second solving step after `0`");
    return finish_externals(r);
}

static void reader_free(Reader *r)
{
    mem_free(r->ids.keys);
    mem_free(r->ids.vals);
    VEC_FREE(r->head);
    VEC_FREE(r->pos);
    VEC_FREE(r->neg);
    VEC_FREE(r->ext);
    VEC_FREE(r->defined);
    VEC_FREE(r->idof);
}

AspProgram *asp_parse_aspif(const char *text, size_t len, const char *name, Buf *err)
{
    return asp_parse_aspif_within(text, len, name, NULL, err);
}

AspProgram *asp_parse_aspif_within(const char *text, size_t len, const char *name,
                                   Limits *limits, Buf *err)
{
    Reader r = { .s = text, .end = text + len, .line = 1, .name = name, .err = err,
                 .limits = limits };
    r.p = asp_program_new();
    bool ok = read_all(&r);
    reader_free(&r);
    if (ok) return r.p;
    asp_program_free(r.p);
    return NULL;
}

const char *asp_read_all(FILE *in, Buf *out, Limits *limits)
{
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, in)) > 0) {
        buf_putn(out, chunk, n);
        const char *hit = limits_check_now(limits, 0);
        if (hit) return hit;
    }
    return ferror(in) ? strerror(errno) : NULL;
}

AspProgram *asp_read_aspif(FILE *in, const char *name, Limits *limits, Buf *err)
{
    Buf text;
    buf_init(&text);
    const char *why = asp_read_all(in, &text, limits);
    if (why) {
        if (limits && limits->hit) buf_printf(err, "%s: error: stopped by %s while reading", name, why);
        else buf_printf(err, "%s: error: cannot read: %s", name, why);
        buf_free(&text);
        return NULL;
    }
    AspProgram *p = asp_parse_aspif_within(text.data ? text.data : "", text.len, name, limits, err);
    buf_free(&text);
    return p;
}

static void write_list(FILE *out, const AspProgram *p, uint32_t start, uint32_t n, bool neg)
{
    for (uint32_t i = 0; i < n; i++)
        fprintf(out, neg ? " -%u" : " %u", (unsigned)p->lits.items[start + i] + 1);
}

void asp_write_aspif(const AspProgram *p, FILE *out)
{
    asp_write_aspif_ex(p, out, true);
}

void asp_write_aspif_ex(const AspProgram *p, FILE *out, bool outputs)
{
    fputs("asp 1 0 0\n", out);
    for (size_t i = 0; i < p->rules.count; i++) {
        const AspRule *r = &p->rules.items[i];
        fprintf(out, "1 %d %u", r->kind == ASP_CHOICE, (unsigned)r->nhead);
        write_list(out, p, r->head, r->nhead, false);
        fprintf(out, " 0 %u", (unsigned)(r->npos + r->nneg));
        write_list(out, p, r->pos, r->npos, false);
        write_list(out, p, r->neg, r->nneg, true);
        fputc('\n', out);
    }
    size_t n = 0;
    AspAtom *shown = outputs ? asp_print_order(p, &n) : NULL;
    for (size_t i = 0; i < n; i++) {
        size_t len = p->namelen.items[shown[i]];
        fprintf(out, "4 %zu ", len);
        fwrite(p->names.items[shown[i]], 1, len, out);
        fprintf(out, " 1 %u\n", (unsigned)shown[i] + 1);
    }
    mem_free(shown);
    fputs("0\n", out);
}
