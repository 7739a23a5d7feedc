/* aspif.c: reads clingo 5's ground aspif format into an AspProgram (aspif_write.c writes it). */
#include "asp/internal.h"
#include "asp/idmap.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

typedef struct External { uint32_t id; unsigned value; size_t line; } External;

typedef struct Reader {
    const char *s, *end;
    FILE *in;                     /* the input read as a stream into buf (NULL: the whole text
                                     is [s, end) already) */
    char *buf;                    /* the stream's text held: from the line being read on */
    size_t cap;
    const char *last_nl;          /* the last newline in [buf, end) (NULL: none) */
    bool eof, pack;               /* all of in is in buf; its rules packed as read */
    const char *stop;             /* why the stream ended early: a limit hit or a read error */
    size_t line;
    const char *bol;              /* where the line being read begins */
    const char *at;               /* what an error is about: the number read last, or the
                                     place reading stopped; NULL: the whole statement */
    const char *name;
    Buf *err;
    Limits *limits;               /* polled between statements; may be NULL */
    AspProgram *p;
    IdMap ids;
    VEC(AspAtom) head, pos, neg;
    VEC(AspWLit) wl;              /* a weight body or minimize statement */
    VEC(AspTok) toks;             /* an opaque statement */
    VEC(AspAtom) assumed;         /* the current step's assumptions: atom, then 0/1 negative */
    VEC(External) ext;
    VEC(AspAtom) theory;          /* atoms of theory atoms (`9 5 a ..`, `9 6 a ..`, a != 0) */
    bool incremental;             /* the header says `incremental`: several steps */
    size_t steps;                 /* steps ended so far */
    size_t minimize_line;         /* the line of the first #minimize (0: none) */
    VEC(uint8_t) defined;         /* per program atom: DEFINED, and the marks of mark_defined */
    VEC(uint32_t) idof;           /* per program atom: its aspif id (0: none) */
} Reader;

/* "NAME:LINE:COL: error: MSG", COL the column (in bytes, from 1) of r->at on its line, 1
 * for a whole statement (it starts its line). */
static bool fail(Reader *r, const char *msg)
{
    size_t col = r->at && r->at >= r->bol ? (size_t)(r->at - r->bol) + 1 : 1;
    buf_printf(r->err, "%s:%zu:%zu: error: %s", r->name, r->line, col, msg);
    return false;
}

/* fail() at the place reading stopped. */
static bool fail_here(Reader *r, const char *msg)
{
    r->at = r->s;
    return fail(r, msg);
}

/* The input moves past a newline at q - 1: a new line begins at q. */
static void new_line(Reader *r, const char *q)
{
    r->line++;
    r->bol = q;
}

/* A file is read as a stream in chunks of STREAM_CHUNK bytes when it has STREAM_MIN bytes
 * or more (a smaller one is read whole, as standard input is: its text is no peak). */
enum { STREAM_CHUNK = 1 << 20, STREAM_MIN = 4 * STREAM_CHUNK };

/* The pointers into the held text, whose bytes from `keep` on now start at base (r->at,
 * when it points before keep, says only "the statement": it was before the line's start). */
static void rebase(Reader *r, const char *keep, const char *base)
{
    r->s = base + (r->s - keep);
    r->bol = base + (r->bol - keep);
    r->at = r->at && r->at >= keep ? base + (r->at - keep) : NULL;
    r->last_nl = r->last_nl && r->last_nl >= keep ? base + (r->last_nl - keep) : NULL;
}

/* The stream's next chunk appended to what is held from the line being read on (earlier
 * text dropped: nothing points there); false when nothing more came (the end, a read error
 * or a limit hit, said in r->stop). */
static bool refill(Reader *r)
{
    if (!r->in || r->eof) return false;
    const char *keep = r->bol < r->s ? r->bol : r->s;
    size_t held = (size_t)(r->end - keep);
    char *base = r->buf;
    if (held + STREAM_CHUNK + 1 > r->cap) {
        r->cap = held + STREAM_CHUNK + 1 > 2 * r->cap ? held + STREAM_CHUNK + 1 : 2 * r->cap;
        base = mem_alloc(r->cap);
    }
    memmove(base, keep, held);
    rebase(r, keep, base);
    if (base != r->buf) mem_free(r->buf);
    r->buf = base;
    size_t n = fread(base + held, 1, STREAM_CHUNK, r->in);
    base[held + n] = '\0';
    r->end = base + held + n;
    for (size_t i = held + n; i-- > held;)
        if (base[i] == '\n') {
            r->last_nl = base + i;
            break;
        }
    const char *hit = limits_check_now(r->limits, 0);
    if (n == 0 && ferror(r->in)) r->stop = strerror(errno);
    else if (hit) r->stop = hit;
    r->eof = n == 0 || r->stop;
    return n > 0;
}

/* Room to read n bytes from r->s on and the rest of that line (all of them when the input
 * ends first). */
static void ensure(Reader *r, size_t n)
{
    while ((size_t)(r->end - r->s) < n || !r->last_nl || r->last_nl < r->s + n)
        if (!refill(r)) return;
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

/* A number with any blanks before it; the general path of read_num. */
static bool read_num_checked(Reader *r, long long *out)
{
    skip_blanks(r);
    const char *q = r->s;
    r->at = q;
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

/* The usual case first, without a bound check per character: at most one space, then at
 * most 10 digits (gringo's numbers), well before the end of the input; anything else (more
 * blanks, longer or out-of-range numbers, errors, the input's last bytes) takes the general
 * path, which gives the same result. */
static inline bool read_num(Reader *r, long long *out)
{
    const char *q = r->s;
    if (r->end - q >= 16) {
        q += *q == ' ';
        r->at = q;
        bool neg = *q == '-';
        q += neg;
        unsigned d = (unsigned)(unsigned char)*q - '0';
        if (d <= 9) {
            unsigned long long v = d;
            const char *stop = q + 10;
            while (++q < stop && (d = (unsigned)(unsigned char)*q - '0') <= 9) v = v * 10 + d;
            if ((unsigned)(unsigned char)*q - '0' > 9 && v <= 0xffffffffULL) {
                r->s = q;
                *out = neg ? -(long long)v : (long long)v;
                return true;
            }
        }
    }
    return read_num_checked(r, out);
}

static inline bool read_count(Reader *r, size_t *out)
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
        VEC_PUSH(r->defined, 0);
        VEC_PUSH(r->idof, 0);
    }
}

/* The program atom of aspif atom id (made on first use). */
static inline AspAtom atom_of(Reader *r, uint32_t id)
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

static inline bool read_atom(Reader *r, AspAtom *out)
{
    long long v;
    if (!read_num(r, &v)) return false;
    if (v <= 0 || v > 0x7fffffffLL) return fail(r, "an atom must be a number in 1..2^31-1");
    *out = atom_of(r, (uint32_t)v);
    return true;
}

static bool read_lit(Reader *r, AspAtom *a, bool *negative);

/* A literal list: count then literals, appended to r->pos / r->neg by sign, or (assumed) to
 * r->assumed as pairs of the atom and its sign. */
static bool read_lit_list(Reader *r, bool assumed)
{
    size_t n;
    if (!read_count(r, &n)) return false;
    for (size_t i = 0; i < n; i++) {
        AspAtom a;
        bool negative;
        if (!read_lit(r, &a, &negative)) return false;
        if (assumed) {
            VEC_PUSH(r->assumed, a);
            VEC_PUSH(r->assumed, negative);
        } else if (negative) VEC_PUSH(r->neg, a);
        else VEC_PUSH(r->pos, a);
    }
    return true;
}

static bool read_lits(Reader *r) { return read_lit_list(r, false); }

static bool refuse(Reader *r, const char *what)
{
    Buf m;
    buf_init(&m);
    buf_printf(&m, "unsupported aspif input: %s", what);
    r->at = NULL;                 /* the statement */
    fail(r, buf_cstr(&m));
    buf_free(&m);
    return false;
}

enum { DEFINED = 1, IN_POS = 2, IN_NEG = 4 };

/* The head atoms of the rule r->head :- r->pos, not r->neg that it defines, as clasp counts
 * them to drop an external (finish_externals): none when the body holds an atom and its
 * negation (clasp drops the rule), and not an atom in its own body (positively the rule
 * cannot support it; negatively it is a constraint).  `a :- not a. #external a. [true]`
 * keeps a external (true: the model {a}). */
static void mark_defined(Reader *r)
{
    uint8_t *f = r->defined.items;
    bool contradiction = false;
    for (size_t i = 0; i < r->pos.count; i++) f[r->pos.items[i]] |= IN_POS;
    for (size_t i = 0; i < r->neg.count; i++) {
        contradiction |= (f[r->neg.items[i]] & IN_POS) != 0;
        f[r->neg.items[i]] |= IN_NEG;
    }
    for (size_t i = 0; i < r->head.count; i++) {
        uint8_t *h = &f[r->head.items[i]];
        if (!contradiction && !(*h & (IN_POS | IN_NEG))) *h |= DEFINED;
    }
    for (size_t i = 0; i < r->pos.count; i++) f[r->pos.items[i]] &= DEFINED;
    for (size_t i = 0; i < r->neg.count; i++) f[r->neg.items[i]] &= DEFINED;
}

/* The rule of r->head, r->pos, r->neg: its atoms were made by atom_of and its kind fits its
 * head (read_rule, output_atom), so it is pushed without asp_add_rule's checks. */
static bool add(Reader *r, AspRuleKind kind)
{
    asp_push_rule(r->p, kind, r->head.items, r->head.count, r->pos.items, r->pos.count,
                  r->neg.items, r->neg.count);
    mark_defined(r);
    return true;
}

/* A signed literal into an atom and its sign. */
static inline bool read_lit(Reader *r, AspAtom *a, bool *negative)
{
    long long v;
    if (!read_num(r, &v)) return false;
    if (v == 0 || v > 0x7fffffffLL || v < -0x7fffffffLL)
        return fail(r, "a literal must be a nonzero number in -(2^31-1)..2^31-1");
    *a = atom_of(r, (uint32_t)(v < 0 ? -v : v));
    *negative = v < 0;
    return true;
}

/* n atoms appended to r->head. */
static bool read_atoms(Reader *r, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        AspAtom a;
        if (!read_atom(r, &a)) return false;
        VEC_PUSH(r->head, a);
    }
    return true;
}

/* A weighted literal list `m l1 w1 .. lm wm` into r->wl. */
static bool read_wlits(Reader *r)
{
    size_t n;
    r->wl.count = 0;
    if (!read_count(r, &n)) return false;
    for (size_t i = 0; i < n; i++) {
        AspWLit l;
        long long w;
        if (!read_lit(r, &l.atom, &l.negative) || !read_num(r, &w)) return false;
        l.weight = w;
        VEC_PUSH(r->wl, l);
    }
    return true;
}

static bool add_weighted(Reader *r, AspRuleKind kind, long long bound)
{
    Buf e;
    buf_init(&e);
    bool ok = asp_add_weight_rule(r->p, kind, r->head.items, r->head.count, bound, r->wl.items,
                                  r->wl.count, &e);
    r->at = NULL;                 /* the rule */
    if (!ok) fail(r, buf_cstr(&e));
    buf_free(&e);
    for (size_t i = 0; i < r->head.count; i++) r->defined.items[r->head.items[i]] |= DEFINED;
    return ok;
}

/* `1 H n a1..an B`: B is `0 m l..` (normal) or `1 lb m l1 w1 ..` (weight). */
static bool read_rule(Reader *r)
{
    long long htype, btype, bound = 0;
    size_t n;
    r->head.count = r->pos.count = r->neg.count = 0;
    if (!read_num(r, &htype)) return false;
    if (htype != 0 && htype != 1) return fail(r, "rule head type must be 0 or 1");
    if (!read_count(r, &n) || !read_atoms(r, n) || !read_num(r, &btype)) return false;
    if (btype != 0 && btype != 1) return fail(r, "rule body type must be 0 or 1");
    if (btype == 1 && (!read_num(r, &bound) || !read_wlits(r))) return false;
    if (btype == 0 && !read_lits(r)) return false;
    if (htype == 1 && n == 0) return true;         /* an empty choice: nothing */
    AspRuleKind kind = htype == 1 ? ASP_CHOICE
                     : n == 0 ? ASP_CONSTRAINT : n == 1 ? ASP_NORMAL : ASP_DISJUNCTION;
    return btype == 1 ? add_weighted(r, kind, bound) : add(r, kind);
}

/* `2 prio m l1 w1 ..` */
static bool read_minimize(Reader *r)
{
    long long prio;
    if (!read_num(r, &prio) || !read_wlits(r)) return false;
    if (!r->minimize_line) r->minimize_line = r->line;
    asp_add_minimize(r->p, prio, r->wl.items, r->wl.count);
    return true;
}

/* `3 n a1 .. an` */
static bool read_project(Reader *r)
{
    size_t n;
    r->head.count = 0;
    if (!read_count(r, &n) || !read_atoms(r, n)) return false;
    asp_add_project(r->p, r->head.items, r->head.count);
    return true;
}

/* Assumptions `6 m l..` hold in every model of this step: constraints, added when the step
 * is the last one (an earlier step's assumptions do not apply to the later steps). */
static bool read_assumptions(Reader *r) { return read_lit_list(r, true); }

static void add_assumptions(Reader *r)
{
    for (size_t i = 0; i < r->assumed.count; i += 2) {
        AspAtom a = r->assumed.items[i];
        bool negative = r->assumed.items[i + 1];
        asp_add_rule(r->p, ASP_CONSTRAINT, NULL, 0, negative ? &a : NULL, negative,
                     negative ? NULL : &a, !negative, NULL);
    }
}

/* A string `len STR` (STR may hold any byte): *out points into the input. */
static bool read_string(Reader *r, const char **out, size_t *len)
{
    long long v;
    if (!read_num(r, &v)) return false;
    if (r->in && v >= 0) ensure(r, (size_t)v + 1);       /* it may run over several lines */
    if (v < 0 || v > (long long)(r->end - r->s)) return fail(r, "bad list length");
    *len = (size_t)v;
    if (r->s >= r->end || *r->s != ' ') return fail_here(r, "expected one space before a string");
    r->s++;
    if ((size_t)(r->end - r->s) < *len) return fail_here(r, "string runs past the end of the input");
    *out = r->s;
    if (memchr(r->s, '\n', *len))
        for (size_t i = 0; i < *len; i++)
            if (r->s[i] == '\n') new_line(r, r->s + i + 1);
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
    if (!read_num(r, &id)) return false;
    if (id <= 0 || id > 0x7fffffffLL) return fail(r, "an atom must be a number in 1..2^31-1");
    if (!read_num(r, &v)) return false;
    if (v < 0 || v > 3) return fail(r, "external value must be 0 (free), 1, 2 or 3");
    atom_of(r, (uint32_t)id);
    External e = { (uint32_t)id, (unsigned)v, r->line };
    VEC_PUSH(r->ext, e);
    return true;
}

/* ---- opaque statements: tokens kept to be written back ---- */

static bool tok_num(Reader *r, long long *v)
{
    if (!read_num(r, v)) return false;
    AspTok t = { .kind = TOK_NUM, .num = *v };
    VEC_PUSH(r->toks, t);
    return true;
}

/* n numbers. */
static bool tok_nums(Reader *r, size_t n)
{
    long long v;
    for (size_t i = 0; i < n; i++)
        if (!tok_num(r, &v)) return false;
    return true;
}

/* A count token, then that many numbers (lits false) or literals (lits true). */
static bool tok_list(Reader *r, bool lits)
{
    long long n;
    if (!tok_num(r, &n)) return false;
    if (n < 0 || n > (long long)(r->end - r->s)) return fail(r, "bad list length");
    if (!lits) return tok_nums(r, (size_t)n);
    for (long long i = 0; i < n; i++) {
        AspTok t = { .kind = TOK_LIT };
        if (!read_lit(r, &t.atom, &t.negative)) return false;
        VEC_PUSH(r->toks, t);
    }
    return true;
}

static bool tok_atom(Reader *r, bool zero_ok)
{
    long long v;
    if (!read_num(r, &v)) return false;
    if (v == 0 && zero_ok) {
        AspTok t = { .kind = TOK_NUM, .num = 0 };
        VEC_PUSH(r->toks, t);
        return true;
    }
    if (v <= 0 || v > 0x7fffffffLL) return fail(r, "an atom must be a number in 1..2^31-1");
    AspTok t = { .kind = TOK_ATOM, .atom = atom_of(r, (uint32_t)v) };
    VEC_PUSH(r->toks, t);
    return true;
}

static bool tok_string(Reader *r)
{
    const char *str;
    size_t len;
    if (!read_string(r, &str, &len)) return false;
    AspTok t = { .kind = TOK_STR, .num = (int64_t)r->p->strs.len, .len = (uint32_t)len };
    buf_putn(&r->p->strs, str, len);
    VEC_PUSH(r->toks, t);
    return true;
}

/* `9 ...`: 0 number, 1 symbol, 2 compound term, 4 element (its condition is literals),
 * 5 and 6 atoms (with a program atom, 0 for a directive; 6 with a guard). */
static bool read_theory_body(Reader *r)
{
    long long sub, k;
    if (!tok_num(r, &sub)) return false;
    switch (sub) {
    case 0: return tok_nums(r, 2);
    case 1: return tok_nums(r, 1) && tok_string(r);
    case 2: return tok_nums(r, 2) && tok_list(r, false);
    case 4: return tok_nums(r, 1) && tok_list(r, false) && tok_list(r, true);
    case 5: case 6:
        if (!tok_atom(r, true)) return false;
        if (r->toks.items[r->toks.count - 1].kind == TOK_ATOM)
            VEC_PUSH(r->theory, r->toks.items[r->toks.count - 1].atom);
        if (!tok_num(r, &k) || !tok_list(r, false)) return false;
        return sub == 5 || tok_nums(r, 2);
    default: return fail(r, "unknown theory statement type");
    }
}

/* `7 t a bias prio m l..` heuristic, `8 u v m l..` edge, `9 ...` theory. */
static bool read_opaque(Reader *r, long long type)
{
    long long v;
    r->toks.count = 0;
    bool ok = type == 7 ? tok_num(r, &v) && tok_atom(r, false) && tok_nums(r, 2) && tok_list(r, true)
            : type == 8 ? tok_nums(r, 2) && tok_list(r, true)
            : read_theory_body(r);
    if (ok)
        asp_add_opaque(r->p, type == 7 ? STMT_HEURISTIC : type == 8 ? STMT_EDGE : STMT_THEORY,
                       r->toks.items, r->toks.count);
    return ok;
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
    case 2: return read_minimize(r);
    case 3: return read_project(r);
    case 4: return read_output(r);
    case 5: return read_external(r);
    case 6: return read_assumptions(r);
    case 7: case 8: case 9: return read_opaque(r, t);
    case 10: skip_line(r); return true;
    default: return fail(r, "unknown aspif statement type");
    }
}

static bool read_header(Reader *r)
{
    long long major, minor, rev;
    skip_blanks(r);
    if (r->end - r->s < 3 || memcmp(r->s, "asp", 3) != 0)
        return fail_here(r, "not an aspif program (the first line must be `asp 1 0 0`)");
    r->s += 3;
    if (!read_num(r, &major)) return false;
    if (major != 1) return fail(r, "unsupported aspif version (expected `asp 1 ...`)");
    if (!read_num(r, &minor) || !read_num(r, &rev)) return false;
    while (!at_eol(r)) {
        const char *w = r->s;
        while (r->s < r->end && *r->s != ' ' && *r->s != '\n') r->s++;
        if ((size_t)(r->s - w) == 11 && memcmp(w, "incremental", 11) == 0) r->incremental = true;
        else {
            r->at = w;
            return fail(r, "unknown aspif header tag (only `incremental` is known)");
        }
    }
    return true;
}

/* Externals (the last statement for an atom wins): an atom a rule defines (mark_defined) is an
 * ordinary atom whatever its external value (clasp ignores the external then); otherwise a free one
 * is a choice, a true one a fact, and a false or released one is false.  A theory atom that heads
 * no rule is free (clasp leaves it open): a choice, unless an external made it false (theory_off). */
static void finish_externals(Reader *r)
{
    uint8_t *done = mem_calloc(asp_atom_count(r->p) + 1, sizeof *done);   /* 2: made false */
    for (size_t i = r->ext.count; i-- > 0;) {
        External *e = &r->ext.items[i];
        AspAtom a = atom_of(r, e->id);
        if (done[a]) continue;
        done[a] = e->value == 2 || e->value == 3 ? 2 : 1;
        if (done[a] == 2 || r->defined.items[a]) continue;
        asp_add_rule(r->p, e->value == 0 ? ASP_CHOICE : ASP_NORMAL, &a, 1, NULL, 0, NULL, 0, NULL);
    }
    for (size_t i = 0; i < r->theory.count; i++) {   /* clasp leaves these free, as externals */
        AspAtom a = r->theory.items[i];
        if (r->defined.items[a] || done[a] == 1) continue;
        if (done[a] == 2) asp_add_theory_off(r->p, a);   /* once: done becomes 1 */
        else asp_add_rule(r->p, ASP_CHOICE, &a, 1, NULL, 0, NULL, 0, NULL);
        done[a] = 1;
    }
    mem_free(done);
}

/* Rules and statements read since the last call came from `line`. */
static void note_lines(AspProgram *p, size_t line)
{
    asp_note_rule_lines(p, line);
    if (p->opaque.count && !p->opaque.items[p->opaque.count - 1].line)
        p->opaque.items[p->opaque.count - 1].line = (uint32_t)line;
}

/* Blank lines and spaces after a step's `0`; true when more input follows. */
static bool more_after_step(Reader *r)
{
    do {
        while (r->s < r->end && (*r->s == '\n' || *r->s == ' ' || *r->s == '\r'))
            if (*r->s++ == '\n') new_line(r, r->s);
    } while (r->s >= r->end && refill(r));
    return r->s < r->end;
}

/* The steps of an incremental program are read as one program: each step adds rules and
 * statements to the ones before, and only the last step's assumptions apply. */
static bool end_step(Reader *r, bool *last)
{
    r->steps++;
    *last = !more_after_step(r);
    if (*last) return true;
    if (!r->incremental) return refuse(r, "a second solving step after `0` (the header does not say `incremental`)");
    r->assumed.count = 0;
    return true;
}

/* The stream stopped early: "NAME: error: stopped by LIMIT while reading" or "NAME: error:
 * cannot read: WHY", as a reader of the whole text words it. */
static bool stream_failed(Reader *r)
{
    buf_clear(r->err);
    asp_read_failed(r->stop, r->name, r->limits, r->err);
    return false;
}

static bool read_all(Reader *r)
{
    if (r->in) ensure(r, 0);
    if (!read_header(r)) return false;
    bool done = false, last = false;
    while (!last) {
        if (r->in && (!r->last_nl || r->last_nl < r->s)) ensure(r, 0);
        if (r->stop) return false;             /* stream_failed says why */
        if (r->s >= r->end) return fail_here(r, "the input ends before the `0` that ends the step");
        if (*r->s == '\n') {
            new_line(r, ++r->s);
            continue;
        }
        const char *hit = limits_poll(r->limits);
        if (hit) {
            buf_printf(r->err, "%s:%zu: error: stopped by %s while reading the program", r->name,
                       r->line, hit);
            return false;
        }
        done = false;
        size_t line = r->line;
        if (!read_statement(r, &done)) return false;
        note_lines(r->p, line);
        if (r->pack) asp_program_pack_read(r->p);
        if (!at_eol(r)) return fail_here(r, "extra text at the end of the statement");
        if (done && !end_step(r, &last)) return false;
    }
    if (r->steps > 1 && r->minimize_line) {
        r->line = r->minimize_line;
        return refuse(r, "#minimize in an incremental program of several steps (clasp optimises each step apart)");
    }
    add_assumptions(r);
    finish_externals(r);
    return true;
}

static void reader_free(Reader *r)
{
    MEM_FREE_ALL(r->ids.keys, r->ids.vals, r->ids.dense, r->head.items, r->pos.items, r->neg.items, r->wl.items,
                 r->toks.items, r->assumed.items, r->ext.items, r->theory.items, r->defined.items, r->idof.items);
}

AspProgram *asp_parse_aspif(const char *text, size_t len, const char *name, Buf *err)
{
    return asp_parse_aspif_within(text, len, name, NULL, err);
}

/* The vectors sized once from the input's line count (a statement a line: at most about as
 * many rules and atoms, and twice as many rule literals, as lines in gringo's output), so
 * that they are not copied while they grow (more still can be added); once read, the unused
 * rest of the reserve is given back (asp_program_fit). */
static void presize(Reader *r, size_t lines)
{
    asp_program_reserve(r->p, lines + 1, lines + 1, 2 * lines + 8);
    r->defined.items = mem_alloc((lines + 1) * sizeof *r->defined.items);
    r->idof.items = mem_alloc((lines + 1) * sizeof *r->idof.items);
    r->defined.cap = r->idof.cap = lines + 1;
    size_t last_id = lines < r->ids.dense_limit ? lines : r->ids.dense_limit - 1;
    idmap_grow_dense(&r->ids, (uint32_t)last_id);
}

/* r's program read (r->p made and presized), or NULL with the error in r->err. */
static AspProgram *read_program(Reader *r)
{
    bool ok = read_all(r);
    if (r->stop) ok = stream_failed(r);
    reader_free(r);
    if (ok) {
        if (r->pack) asp_program_pack_rules(r->p);
        asp_program_fit(r->p);
        return r->p;
    }
    asp_program_free(r->p);
    return NULL;
}

AspProgram *asp_parse_aspif_within(const char *text, size_t len, const char *name,
                                   Limits *limits, Buf *err)
{
    Reader r = { .s = text, .end = text + len, .line = 1, .bol = text, .name = name, .err = err,
                 .limits = limits, .ids = { .dense_limit = len + 1 } };
    r.p = asp_program_new();
    presize(&r, 1 + asp_count_newlines(text, len));
    return read_program(&r);
}

/* A regular file's text is read into one block of its size (no copies while it grows). */
static void reserve_for(FILE *in, Buf *b)
{
    struct stat st;
    if (fstat(fileno(in), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0) return;
    b->cap = (size_t)st.st_size + 2;
    b->data = mem_alloc(b->cap);
}

/* A regular file read as a stream (never held whole), its vectors presized from its lines. */
static AspProgram *stream_aspif(FILE *in, size_t len, size_t lines, const char *name,
                                Limits *limits, bool pack, Buf *err)
{
    Reader r = { .in = in, .line = 1, .name = name, .err = err, .limits = limits,
                 .ids = { .dense_limit = len + 1 }, .pack = pack };
    r.cap = STREAM_CHUNK + 1;
    r.buf = mem_alloc(r.cap);
    r.buf[0] = '\0';
    r.s = r.end = r.bol = r.buf;
    r.p = asp_program_new();
    presize(&r, lines);
    AspProgram *p = read_program(&r);
    mem_free(r.buf);
    return p;
}

AspProgram *asp_read_aspif(FILE *in, const char *name, Limits *limits, bool pack, Buf *err)
{
    size_t len, lines;
    const char *why = NULL;
    if (asp_count_file(in, STREAM_MIN, limits, &len, &lines, &why))
        return stream_aspif(in, len, lines, name, limits, pack, err);
    if (asp_read_failed(why, name, limits, err)) return NULL;
    Buf text;
    buf_init(&text);
    reserve_for(in, &text);
    char head[4];
    buf_putn(&text, head, fread(head, 1, sizeof head, in));
    return asp_read_aspif_after(in, &text, name, limits, err);
}

AspProgram *asp_read_aspif_after(FILE *in, Buf *head, const char *name, Limits *limits, Buf *err)
{
    Buf text = *head;
    buf_init(head);
    /* Not "asp ": read no further (the parser says what is wrong with the first line), so an
     * endless input such as /dev/zero is refused at once instead of filling memory. */
    bool aspif = text.len >= 4 && memcmp(text.data, "asp ", 4) == 0;
    const char *why = aspif ? asp_read_all(in, &text, limits) : ferror(in) ? strerror(errno) : NULL;
    if (asp_read_failed(why, name, limits, err)) {
        buf_free(&text);
        return NULL;
    }
    AspProgram *p = asp_parse_aspif_within(text.data ? text.data : "", text.len, name, limits, err);
    buf_free(&text);
    return p;
}
