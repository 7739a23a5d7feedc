/* tone.c: the tone of an expression in one variable (see tone.h), by structural rules, each
 * sound on its own: a variable is monotone in itself; join, meet, union, intersection, +,
 * and, or, projection and map look-up are monotone in each operand; `minus` and `-` are
 * antitone in their right operand, `not` and unary `-` flip; x <= y and x < y are antitone
 * in x and monotone in y (Bool ordered false < true); x == bot is antitone in x, x != bot
 * monotone; a call composes the callee's tone in each parameter with its argument's; and
 * `if c then a else b` is the join of its branches' tones when c is constant, and also when
 * one branch is a literal bound of the other (then b = top or a = bot: a <= b everywhere, the
 * tone of c flipped joins in; a = top or b = bot: the tone of c joins in).  Anything else is
 * constant when all its parts are, and unknown otherwise.  Locals are looked up by slot; a
 * binder sets its slot's tone from its definition (a loop's variable: constant, sound
 * because then the rule demands its range be constant). */
#include "check/tone.h"

#include "check/sema.h"
#include "util/mem.h"

enum { TONE_DENIED = 4, TONE_MAX_DEPTH = 48, TONE_BUDGET = 20000 };

typedef struct ToneRun {
    int8_t *env;                /* nlocals tones, or TONE_DENIED */
    size_t nlocals;
    int depth;
    size_t *budget;             /* nodes left to visit, shared by nested calls */
} ToneRun;

static Tone tone_join(Tone a, Tone b)
{
    if (a == b || b == TONE_CONST) return a;
    if (a == TONE_CONST) return b;
    return TONE_UNKNOWN;
}

static Tone tone_flip(Tone a)
{
    return a == TONE_MONO ? TONE_ANTI : a == TONE_ANTI ? TONE_MONO : a;
}

/* The tone of g(h(v)) from g's tone in its argument and h's in v. */
static Tone tone_compose(Tone outer, Tone inner)
{
    if (inner == TONE_CONST || outer == TONE_CONST) return TONE_CONST;
    if (outer == TONE_MONO) return inner;
    if (outer == TONE_ANTI) return tone_flip(inner);
    return TONE_UNKNOWN;
}

static Tone expr_tone(ToneRun *r, const Expr *e);

/* A lattice type whose order is its words' own (no dual on top): set literals and set
 * operations read it as sets. */
static bool plain_lattice(const Type *t)
{
    return t && t->kind == TY_LAT && sema_undual(t->lat) == t->lat;
}

static bool literal_bot(const Expr *e)
{
    return e->kind == E_BOT || (e->kind == E_BOOL && e->ival == 0 && plain_lattice(e->type))
           || (e->kind == E_SET && e->nargs == 0 && plain_lattice(e->type));
}

static bool literal_top(const Expr *e)
{
    if (e->kind == E_TOP || (e->kind == E_BOOL && e->ival == 1 && plain_lattice(e->type))) return true;
    const Resolution *res = e->kind == E_NAME ? e->resolved : NULL;
    return res && res->kind == RES_LATTICE && plain_lattice(e->type);    /* every atom: a dual's bot */
}

/* Constant when every part is, unknown otherwise; binders of the construct read constant. */
static Tone all_const(ToneRun *r, const Expr *e)
{
    const Expr *parts[3] = { e->a, e->b, e->c };
    for (int i = 0; i < 3; i++)
        if (parts[i] && expr_tone(r, parts[i]) != TONE_CONST) return TONE_UNKNOWN;
    for (size_t i = 0; i < e->nargs; i++)
        if (expr_tone(r, e->args[i]) != TONE_CONST) return TONE_UNKNOWN;
    return TONE_CONST;
}

static Tone binary_tone(ToneRun *r, const Expr *e)
{
    Tone a = expr_tone(r, e->a), b = expr_tone(r, e->b);
    if (a == TONE_CONST && b == TONE_CONST) return TONE_CONST;
    switch (e->op) {
    case OP_JOIN: case OP_MEET: case OP_AND: case OP_OR: return tone_join(a, b);
    case OP_UNION: case OP_INTER: case OP_ADD:
        return plain_lattice(e->type) || e->op == OP_ADD ? tone_join(a, b) : TONE_UNKNOWN;
    case OP_MINUS: return plain_lattice(e->type) ? tone_join(a, tone_flip(b)) : TONE_UNKNOWN;
    case OP_SUB: return tone_join(a, tone_flip(b));
    case OP_LE: case OP_LT: return tone_join(tone_flip(a), b);
    case OP_GE: case OP_GT: return tone_join(a, tone_flip(b));
    case OP_IN: return a == TONE_CONST && plain_lattice(e->b->type) ? b : TONE_UNKNOWN;
    case OP_EQ: case OP_NE: {
        const Expr *x = literal_bot(e->b) ? e->a : literal_bot(e->a) ? e->b : NULL;
        if (!x) return TONE_UNKNOWN;
        Tone t = x == e->a ? a : b;
        return e->op == OP_EQ ? tone_flip(t) : t;
    }
    default: return TONE_UNKNOWN;
    }
}

static Tone if_tone(ToneRun *r, const Expr *e)
{
    Tone c = expr_tone(r, e->a), branches = tone_join(expr_tone(r, e->b), expr_tone(r, e->c));
    if (c == TONE_CONST) return branches;
    if (literal_top(e->c) || literal_bot(e->b)) return tone_join(branches, tone_flip(c));
    if (literal_top(e->b) || literal_bot(e->c)) return tone_join(branches, c);
    return TONE_UNKNOWN;
}

/* f's tone in its parameter i (its body analysed with that parameter varying). */
static Tone callee_tone(ToneRun *r, const FnEntry *fe, size_t i)
{
    if (fe->broken || !fe->body) return TONE_UNKNOWN;
    size_t slot = 0;
    for (size_t k = 0; k < i; k++) slot += fe->sym.params[k]->nwords;
    ToneRun inner = { mem_calloc(fe->nlocals ? fe->nlocals : 1, 1), fe->nlocals, r->depth, r->budget };
    inner.env[slot] = TONE_MONO;
    Tone t = expr_tone(&inner, fe->body);
    mem_free(inner.env);
    return t;
}

static Tone call_tone(ToneRun *r, const Expr *e)
{
    const FnEntry *fe = e->resolved;
    Tone t = TONE_CONST;
    for (size_t i = 0; i < e->nargs && t != TONE_UNKNOWN; i++) {
        Tone arg = expr_tone(r, e->args[i]);
        if (arg == TONE_CONST) continue;
        if (fe && sema_undual(fe->sym.params[i]) != fe->sym.params[i]) return TONE_UNKNOWN;
        if (!fe) {                               /* min and max are monotone, abs is not */
            bool minmax = strcmp(e->name.name, "min") == 0 || strcmp(e->name.name, "max") == 0;
            t = minmax ? tone_join(t, arg) : TONE_UNKNOWN;
        } else {
            t = tone_join(t, tone_compose(callee_tone(r, fe, i), arg));
        }
    }
    return t;
}

static Tone name_tone(ToneRun *r, const Expr *e)
{
    const Resolution *res = e->resolved;
    if (!res || res->kind != RES_LOCAL) return TONE_CONST;
    if (e->slot < 0 || (size_t)e->slot >= r->nlocals) return TONE_UNKNOWN;
    int8_t t = r->env[e->slot];
    return t == TONE_DENIED ? TONE_UNKNOWN : (Tone)t;
}

static void bind(ToneRun *r, long slot, Tone t)
{
    if (slot >= 0 && (size_t)slot < r->nlocals) r->env[slot] = (int8_t)t;
}

static Tone inner_tone(ToneRun *r, const Expr *e)
{
    switch (e->kind) {
    case E_INT: case E_REAL: case E_BOOL: case E_BOT: case E_TOP: return TONE_CONST;
    case E_NAME: return name_tone(r, e);
    case E_UNARY: {
        Tone a = expr_tone(r, e->a);
        return e->op == OP_NOT || e->op == OP_NEG ? tone_flip(a) : TONE_UNKNOWN;
    }
    case E_BINARY: return binary_tone(r, e);
    case E_IF: return if_tone(r, e);
    case E_LET:
        bind(r, e->slot, expr_tone(r, e->a));
        return expr_tone(r, e->b);
    case E_CALL: return call_tone(r, e);
    case E_PROJ: return expr_tone(r, e->a);
    case E_INDEX: return expr_tone(r, e->b) == TONE_CONST ? expr_tone(r, e->a) : TONE_UNKNOWN;
    case E_TUPLE: case E_MAP: {
        Tone t = TONE_CONST;
        for (size_t i = 0; i < e->nargs; i++) t = tone_join(t, expr_tone(r, e->args[i]));
        return t;
    }
    case E_ASCRIBE: {
        Tone a = expr_tone(r, e->a);
        bool same = e->type && e->a->type && e->type->kind == TY_LAT && e->a->type->kind == TY_LAT
                    && sema_undual(e->type->lat) == e->type->lat && sema_undual(e->a->type->lat) == e->a->type->lat;
        return a == TONE_CONST || same ? a : TONE_UNKNOWN;
    }
    case E_COMPREHENSION: case E_SUPINF: case E_QUANT: case E_FIX:
        bind(r, e->slot, TONE_CONST);
        return all_const(r, e);
    default: return all_const(r, e);
    }
}

static Tone expr_tone(ToneRun *r, const Expr *e)
{
    if (!e || r->depth >= TONE_MAX_DEPTH || *r->budget == 0) return TONE_UNKNOWN;
    (*r->budget)--;
    r->depth++;
    Tone t = inner_tone(r, e);
    r->depth--;
    /* a dual's order is read backwards by conversions and set operations: not followed */
    if (t != TONE_CONST && e->type && e->type->kind == TY_LAT && !plain_lattice(e->type)) return TONE_UNKNOWN;
    return t;
}

Tone tone_of(const Expr *e, size_t nlocals, size_t var, const bool *allowed)
{
    size_t budget = TONE_BUDGET;
    ToneRun r = { mem_calloc(nlocals ? nlocals : 1, 1), nlocals, 0, &budget };
    for (size_t i = 0; i < nlocals; i++) r.env[i] = allowed[i] ? TONE_CONST : TONE_DENIED;
    if (var < nlocals) r.env[var] = TONE_MONO;
    Tone t = expr_tone(&r, e);
    mem_free(r.env);
    return t;
}

bool tone_warm_site(const FnSym *fn, size_t nlocals, const Expr *e, IrWarmSite *site)
{
    const Lattice *L = e->type && e->type->kind == TY_LAT ? e->type->lat : NULL;
    if (e->kind != E_FIX || e->op != OP_LFP || !e->vartype || !e->a || !L || !L->finite) return false;
    if (fn->nparams == 0 || fn->nparams > IR_WARM_MAX_PARAMS || e->slot < 0 || (size_t)e->slot >= nlocals)
        return false;
    bool *allowed = mem_calloc(nlocals, sizeof *allowed);
    size_t slots[IR_WARM_MAX_PARAMS], at = 0;
    for (size_t i = 0; i < fn->nparams; i++) {
        slots[i] = at;
        if (at < nlocals) allowed[at] = true;
        at += fn->params[i]->nwords;
    }
    allowed[e->slot] = true;
    Tone in_var = tone_of(e->a, nlocals, (size_t)e->slot, allowed);
    bool moves = false;
    *site = (IrWarmSite){ fn->nparams, fn->params, { 0 } };
    for (size_t i = 0; i < fn->nparams && in_var <= TONE_MONO; i++) {
        Tone t = slots[i] < nlocals ? tone_of(e->a, nlocals, slots[i], allowed) : TONE_UNKNOWN;
        site->tones[i] = t == TONE_CONST ? IR_TONE_ANY : t == TONE_MONO ? IR_TONE_UP
                       : t == TONE_ANTI ? IR_TONE_DOWN : IR_TONE_EQUAL;
        moves = moves || site->tones[i] != IR_TONE_EQUAL;
    }
    mem_free(allowed);
    return in_var <= TONE_MONO && moves;
}
