/* sema_decl.c: declarations (functions, envelopes, Galois pairs, programs) and queries: each
 * checked body is left in its FnEntry for the context to compile. */
#include "check/sema_decl.h"
#include "check/sema_internal.h"
#include "check/sema_lattice.h"
#include "check/sema_table.h"
#include "check/sema_types.h"

#include "aft/aft.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* Type-checks body as the body of f (params bound to the first slots); the context compiles it. */
static bool define_body(FileCtx *fc, FnEntry *fe, Expr *body)
{
    Sema *sema = fc->sema;
    FnSym *f = &fe->sym;
    Checker c;
    sema_checker_init(&c, sema, fc);
    int before = sema->diag->errors;
    for (size_t i = 0; i < f->nparams; i++) {
        size_t slot = check_alloc_slots(&c, f->params[i]->nwords);
        check_bind(&c, f->param_names[i], sema_lat_type(sema, f->params[i]), slot);
    }
    size_t mark = sema_names_mark(sema);
    Expr *table = body->kind == E_TABLE ? body : NULL;
    if (table) body = sema_table_chain(&c, f, table);
    bool typed = body && check_against(&c, body, f->ret)->kind != TY_ERROR && !c.poisoned;
    if (typed && table) sema_table_complete(&c, f, table);
    VEC_FREE(c.locals);
    sema_names_settle(sema, mark, sema->diag->errors == before);
    if (sema->diag->errors != before || !typed) {      /* never compiled, nothing calls it */
        fe->broken = true;
        return false;
    }
    fe->body = body;
    fe->nlocals = c.max;
    return true;
}

static bool unique_params(Sema *sema, const Ident *names, size_t n)
{
    bool ok = true;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < i; j++)
            if (strcmp(names[i].name, names[j].name) == 0) {
                diag_error(sema->diag, names[i].loc, "parameter '%s' declared twice", names[i].name);
                ok = false;
            }
    return ok;
}

/* Declares fe, the function of d; a generic one keeps its body to check per instance. */
static void publish_fn(FileCtx *fc, Decl *d, FnEntry *fe, bool generic)
{
    fe->generic = generic;
    fe->tbody = d->body;
    fe->src = fc->src;
    if (sema_declare(fc->sema, SYM_FN, d->name, fe)) d->sym = fe;
    else fe->broken = true;
}

/* fn f[L, M](...): its parameters' types are resolved per instance (sema_generic.c). */
static void declare_generic_fn(FileCtx *fc, Decl *d, bool ok)
{
    Sema *sema = fc->sema;
    if (!unique_params(sema, d->tparams, d->ntparams)) ok = false;
    if (!ok) return;
    FnEntry *fe = sema_fn_new(sema, d->name.name, d->name.loc, d->nparams, d->ann);
    for (size_t i = 0; i < d->nparams; i++) fe->sym.param_names[i] = d->params[i].name.name;
    fe->decl = d;
    publish_fn(fc, d, fe, true);
}

static void declare_fn(FileCtx *fc, Decl *d)
{
    Sema *sema = fc->sema;
    if (!sema_name_free(sema, d->name)) return;
    size_t mark = sema_names_mark(sema);
    bool ok = true;
    if (d->ann == (ANN_MONOTONE | ANN_ANTITONE)) {
        diag_error(sema->diag, d->name.loc, "'%s' cannot be both monotone and antitone", d->name.name);
        ok = false;
    }
    Ident *names = mem_alloc((d->nparams ? d->nparams : 1) * sizeof *names);
    for (size_t i = 0; i < d->nparams; i++) names[i] = d->params[i].name;
    if (!unique_params(sema, names, d->nparams)) ok = false;
    mem_free(names);
    if (d->ntparams) {
        declare_generic_fn(fc, d, ok);
        sema_names_settle(sema, mark, d->sym != NULL);
        return;
    }
    const Type **ptypes = arena_alloc(&sema->arena, (d->nparams ? d->nparams : 1) * sizeof *ptypes);
    bool generic = false;
    for (size_t i = 0; i < d->nparams; i++) {
        if (!(ptypes[i] = sema_resolve_ptype(fc, d->params[i].type))) ok = false;
        else if (ptypes[i]->kind == TY_FN) generic = true;
    }
    const Type *rtype = ok ? sema_resolve_ptype(fc, d->ret) : NULL;
    if (ok && rtype) {
        FnEntry *fe = sema_fn_new(sema, d->name.name, d->name.loc, d->nparams, d->ann);
        for (size_t i = 0; i < d->nparams; i++) {
            fe->sym.params[i] = ptypes[i]->kind == TY_LAT ? ptypes[i]->lat : NULL;
            fe->sym.param_names[i] = d->params[i].name.name;
        }
        fe->sym.ret = rtype->kind == TY_LAT ? rtype->lat : NULL;
        fe->rtype = sema_inline_rtype(ptypes, d->nparams, rtype);
        fe->ptypes = ptypes;
        publish_fn(fc, d, fe, generic || fe->rtype);
    }
    sema_names_settle(sema, mark, d->sym != NULL);
}

static void define_fn(FileCtx *fc, Decl *d)
{
    FnEntry *fe = d->sym;
    if (fe && !fe->generic) define_body(fc, fe, d->body);
}

/* A hidden function for one equation of an envelope or galois block. */
static FnEntry *equation_fn(FileCtx *fc, const char *owner, const Equation *eq,
                            const Lattice *const *params, const Lattice *ret)
{
    Sema *sema = fc->sema;
    if (!unique_params(sema, eq->params, eq->nparams)) return NULL;
    Buf name;
    buf_init(&name);
    buf_printf(&name, "%s.%s", owner, eq->name.name);
    FnEntry *fe = sema_fn_new(sema, buf_cstr(&name), eq->name.loc, eq->nparams, ANN_NONE);
    buf_free(&name);
    fe->hidden = true;
    for (size_t i = 0; i < eq->nparams; i++) {
        fe->sym.params[i] = params[i];
        fe->sym.param_names[i] = eq->params[i].name;
    }
    fe->sym.ret = ret;
    return define_body(fc, fe, eq->body) ? fe : NULL;
}

/* Finds each wanted equation once, with its number of parameters; reports the rest. */
static bool match_equations(Sema *sema, const Decl *d, const char *what, const char *const *names,
                            const char *const *param_text, size_t n, const Equation **out)
{
    bool ok = true;
    for (size_t k = 0; k < n; k++) out[k] = NULL;
    for (size_t i = 0; i < d->neqs; i++) {
        const Equation *eq = &d->eqs[i];
        size_t k = 0;
        while (k < n && strcmp(names[k], eq->name.name) != 0) k++;
        if (k == n) {
            Buf b; buf_init(&b);
            for (size_t j = 0; j < n; j++) buf_printf(&b, "%s%s", j ? (j + 1 == n ? " or " : ", ") : "", names[j]);
            diag_error(sema->diag, eq->name.loc, "unknown equation '%s' in %s (expected %s)", eq->name.name, what, buf_cstr(&b));
            buf_free(&b);
            ok = false;
        } else if (out[k]) {
            diag_error(sema->diag, eq->name.loc, "equation '%s' given twice", eq->name.name);
            diag_note(sema->diag, out[k]->name.loc, "first given here");
            ok = false;
        } else {
            size_t want = 1;
            for (const char *p = param_text[k]; *p; p++) want += *p == ',';
            if (eq->nparams != want) {
                diag_error(sema->diag, eq->name.loc, "'%s' takes %zu parameter%s (%s), found %zu", eq->name.name,
                           want, want == 1 ? "" : "s", param_text[k], eq->nparams);
                ok = false;
            }
            out[k] = eq;
        }
    }
    for (size_t k = 0; k < n; k++) {
        if (!out[k]) {
            diag_error(sema->diag, d->loc, "%s lacks the equation '%s(%s) = ...'", what, names[k], param_text[k]);
            ok = false;
        }
    }
    return ok;
}

static void define_envelope(FileCtx *fc, Decl *d)
{
    Sema *sema = fc->sema;
    Sym *s = sema_lookup(sema, d->name.name);
    if (!s || s->kind != SYM_FN) {
        if (s) diag_error(sema->diag, d->name.loc, "'%s' is %s, not a function", d->name.name, sema_sym_kind_name(s->kind));
        else if (!sema_refused_use(sema, d->name.loc, d->name.name)) diag_error(sema->diag, d->name.loc, "unknown function '%s'", d->name.name);
        return;
    }
    FnSym *f = &((FnEntry *)s->ptr)->sym;
    if (f->nparams != 1) {
        diag_error(sema->diag, d->name.loc, "an envelope needs a function of one parameter; '%s' has %zu", f->name, f->nparams);
        return;
    }
    if (f->upper || f->envelope_loc.src) {
        diag_error(sema->diag, d->name.loc, "duplicate envelope for '%s'", f->name);
        diag_note(sema->diag, f->envelope_loc, "the first envelope of '%s' is here", f->name);
        return;
    }
    f->envelope_loc = d->loc;
    static const char *const names[2] = { "upper", "lower" };
    static const char *const params[2] = { "lo, hi, x", "lo, hi, x" };
    const Equation *eqs[2];
    if (!match_equations(sema, d, "an envelope", names, params, 2, eqs)) return;
    const Lattice *p3[3] = { f->params[0], f->params[0], f->params[0] };
    FnEntry *up = equation_fn(fc, f->name, eqs[0], p3, f->ret);
    FnEntry *lo = equation_fn(fc, f->name, eqs[1], p3, f->ret);
    if (up && lo) {
        f->upper = &up->sym;
        f->lower = &lo->sym;
    }
}

static void declare_galois(FileCtx *fc, Decl *d)
{
    Sema *sema = fc->sema;
    if (!sema_name_free(sema, d->name)) return;
    size_t mark = sema_names_mark(sema);
    LatInfo *C = sema_resolve_lattice(fc, d->from), *A = sema_resolve_lattice(fc, d->to);
    sema_names_settle(sema, mark, C && A);
    if (!C || !A) return;
    GaloisSym *g = arena_alloc(&sema->arena, sizeof *g);
    g->name = arena_strdup(&sema->arena, d->name.name);
    g->loc = d->name.loc;
    g->concrete = C->L;
    g->abstract = A->L;
    if (sema_declare(sema, SYM_GALOIS, d->name, g)) d->sym = g;
}

static void define_galois(FileCtx *fc, Decl *d)
{
    GaloisSym *g = d->sym;
    if (!g) return;
    static const char *const names[4] = { "alpha_up", "gamma_up", "alpha_lo", "gamma_lo" };
    static const char *const params[4] = { "x", "a", "x", "a" };
    const Equation *eqs[4];
    bool ok = match_equations(fc->sema, d, "a galois block", names, params, 4, eqs);
    FnEntry *fns[4] = { NULL, NULL, NULL, NULL };
    for (int k = 0; ok && k < 4; k++) {
        bool alpha = k % 2 == 0;
        const Lattice *from = alpha ? g->concrete : g->abstract, *to = alpha ? g->abstract : g->concrete;
        fns[k] = equation_fn(fc, g->name, eqs[k], &from, to);
    }
    if (ok && fns[0] && fns[1] && fns[2] && fns[3]) {
        g->alpha_up = &fns[0]->sym;
        g->gamma_up = &fns[1]->sym;
        g->alpha_lo = &fns[2]->sym;
        g->gamma_lo = &fns[3]->sym;
    }
}

static const char *resolve_relative(Sema *sema, const Source *src, const char *path)
{
    if (path[0] == '/' || !src) return arena_strdup(&sema->arena, path);
    const char *slash = strrchr(src->path, '/');
    if (!slash) return arena_strdup(&sema->arena, path);
    Buf b;
    buf_init(&b);
    buf_putn(&b, src->path, (size_t)(slash - src->path) + 1);
    buf_puts(&b, path);
    const char *r = arena_strdup(&sema->arena, buf_cstr(&b));
    buf_free(&b);
    return r;
}

/* Is the file of `program P from "FILE"` one to read?  Else an error at its name (it would
 * only be found missing when a query grounds it, and named there). */
static void program_file_readable(Sema *sema, const Decl *d, const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        diag_error(sema->diag, d->program_file_loc, "\"%s\" is a directory, not a .lp file", d->program_file);
        return;
    }
    FILE *f = fopen(path, "rb");
    if (f) {
        fclose(f);
        return;
    }
    diag_error(sema->diag, d->program_file_loc, "cannot open \"%s\"%s%s: %s", d->program_file,
               strcmp(path, d->program_file) ? ", looked for as " : "",
               strcmp(path, d->program_file) ? path : "", strerror(errno));
}

static void declare_program(FileCtx *fc, Decl *d)
{
    Sema *sema = fc->sema;
    ProgramSym *p = arena_alloc(&sema->arena, sizeof *p);
    p->name = arena_strdup(&sema->arena, d->name.name);
    p->loc = d->name.loc;
    p->decl = d;
    if (d->program_file) {
        p->resolved_file = resolve_relative(sema, fc->src, d->program_file);
        program_file_readable(sema, d, p->resolved_file);   /* still declared: no cascade */
    }
    if (sema_declare(sema, SYM_PROGRAM, d->name, p)) d->sym = p;
}

/* ---- queries ---- */

static void *query_target(Sema *sema, const Query *q, SymKind kind)
{
    Sym *s = sema_lookup(sema, q->target.name);
    const char *what = kind == SYM_FN ? "function" : kind == SYM_PROGRAM ? "program" : "galois insertion";
    if (!s) {
        if (!sema_refused_use(sema, q->target.loc, q->target.name)) diag_error(sema->diag, q->target.loc, "unknown %s '%s'", what, q->target.name);
        return NULL;
    }
    if (s->kind != kind) {
        diag_error(sema->diag, q->target.loc, "'%s' is %s; '%s' needs a %s", q->target.name,
                   sema_sym_kind_name(s->kind), ast_query_name(q->kind), what);
        return NULL;
    }
    return s->ptr;
}

/* "'fn' needs a function from a lattice to itself" unless f is L -> L. */
static bool endo_ok(Sema *sema, const Query *q, const FnSym *f)
{
    if (f->nparams == 1 && lattice_equal(f->params[0], f->ret)) return true;
    Buf b; buf_init(&b);
    for (size_t i = 0; i < f->nparams; i++) {
        if (i) buf_puts(&b, ", ");
        lattice_describe(f->params[i], &b);
    }
    buf_puts(&b, ") -> ");
    lattice_describe(f->ret, &b);
    diag_error(sema->diag, q->target.loc, "'%s' needs a function from a lattice to itself (L -> L); "
               "'%s' is (%s", ast_query_name(q->kind), f->name, buf_cstr(&b));
    buf_free(&b);
    return false;
}

/* Checks a closed expression of the query into *slot; false after errors. */
static bool plan_expr(Sema *sema, PlanExpr **slot, const Expr *e, const Lattice *want)
{
    size_t nlocals;
    const Type *t = sema_check_closed(sema, (Expr *)e, want, &nlocals);
    if (!t) return false;
    *slot = plan_expr_new(e, t, nlocals);
    return true;
}

/* `via G`: G must be a Galois insertion whose concrete lattice is the function's. */
GaloisSym *sema_via(Sema *sema, Ident via, const FnSym *f)
{
    Sym *s = sema_lookup(sema, via.name);
    if (!s || s->kind != SYM_GALOIS) {
        if (s) diag_error(sema->diag, via.loc, "'%s' is %s, not a galois insertion", via.name, sema_sym_kind_name(s->kind));
        else if (!sema_refused_use(sema, via.loc, via.name)) diag_error(sema->diag, via.loc, "unknown galois insertion '%s'", via.name);
        return NULL;
    }
    GaloisSym *g = s->ptr;
    if (g->alpha_up && !lattice_equal(g->concrete, f->ret)) {
        Buf a, b; buf_init(&a); buf_init(&b);
        lattice_describe(g->concrete, &a);
        lattice_describe(f->ret, &b);
        diag_error(sema->diag, via.loc, "galois insertion '%s' abstracts %s, but '%s' is on %s",
                   g->name, buf_cstr(&a), f->name, buf_cstr(&b));
        buf_free(&a); buf_free(&b);
        return NULL;
    }
    return g;
}

/* `envelope NAME` for f: which envelopes approx, refine and bnb use (plan.h); AUTO after an
 * error. */
EnvelopeChoice sema_envelope(Sema *sema, Ident envelope, const FnSym *f)
{
    static const char *const names[] = { "brute", "derived", "declared" };
    static const EnvelopeChoice choices[] = { ENVELOPE_BRUTE, ENVELOPE_DERIVED, ENVELOPE_DECLARED };
    EnvelopeChoice choice = ENVELOPE_AUTO;
    for (size_t i = 0; i < FIX_ARRAY_LEN(names); i++)
        if (strcmp(envelope.name, names[i]) == 0) choice = choices[i];
    if (choice == ENVELOPE_AUTO)
        diag_error(sema->diag, envelope.loc, "unknown envelope '%s' (expected brute, derived or declared)", envelope.name);
    if (choice == ENVELOPE_DECLARED && !(f->upper && f->lower) && f->ann != ANN_MONOTONE && f->ann != ANN_ANTITONE) {
        diag_error(sema->diag, envelope.loc, "'%s' declares no envelope: give an `envelope %s { ... }` block, "
                   "or declare it monotone or antitone", f->name, f->name);
        return ENVELOPE_AUTO;
    }
    return choice;
}

/* An option's value that names nothing: "unknown WHAT 'NAME' (expected ...)", the names
 * list writes; false. */
static bool unknown_name(Sema *sema, Ident name, const char *what, void (*list)(Buf *))
{
    Buf names; buf_init(&names);
    list(&names);
    diag_error(sema->diag, name.loc, "unknown %s '%s' (expected %s)", what, name.name, buf_cstr(&names));
    buf_free(&names);
    return false;
}

/* `split NAME`: false after an error. */
bool sema_split(Sema *sema, Ident split, SplitStrategy *out)
{
    return aft_split_from_name(split.name, out) || unknown_name(sema, split, "split strategy", aft_split_list);
}

/* `policy NAME`: false after an error. */
bool sema_policy(Sema *sema, Ident policy, AftPolicy *out)
{
    return aft_policy_from_name(policy.name, out) || unknown_name(sema, policy, "search policy", aft_policy_list);
}

/* The parts of a query on a function f: L -> L (every query but show, stable, check galois). */
static void plan_fn_query(Sema *sema, const Query *q, QueryPlan *p)
{
    FnEntry *fe = query_target(sema, q, SYM_FN);
    if (fe && fe->generic) {
        diag_error(sema->diag, q->target.loc, "'%s' takes functions as arguments; '%s' needs a function from a lattice "
                   "to itself (L -> L)", fe->sym.name, ast_query_name(q->kind));
        return;
    }
    if (!fe || !endo_ok(sema, q, &fe->sym)) return;
    p->fn = &fe->sym;
    p->L = p->fn->ret;
    if (q->from_lo) plan_expr(sema, &p->from_lo, q->from_lo, p->L);
    if (q->from_hi) plan_expr(sema, &p->from_hi, q->from_hi, p->L);
    if (q->via.name) p->opt.via = sema_via(sema, q->via, p->fn);
    bool engine = q->kind == Q_APPROX || q->kind == Q_REFINE || q->kind == Q_BNB;   /* else check_options */
    if (q->envelope.name && engine) p->opt.envelope = sema_envelope(sema, q->envelope, p->fn);
    if (q->split.name) p->opt.has_split = sema_split(sema, q->split, &p->opt.split);
    if (q->policy.name) p->opt.has_policy = sema_policy(sema, q->policy, &p->opt.policy);
}

/* Every option a query was given applies to it; `budget 0` would keep no bound. */
static void check_options(Sema *sema, const Decl *d)
{
    const Query *q = &d->query;
    QueryKind k = q->kind;
    bool engine = k == Q_APPROX || k == Q_REFINE || k == Q_BNB;
    const struct { bool given, applies; const char *name, *where; } opts[] = {
        { q->steps >= 0, engine || k == Q_LFP || k == Q_GFP, "steps", "approx, refine, bnb, lfp and gfp" },
        { q->budget >= 0, k == Q_BNB, "budget", "bnb" },
        { q->rounds >= 0, k == Q_BNB, "rounds", "bnb" },
        { q->split.name != NULL, k == Q_BNB, "split", "bnb" },
        { q->policy.name != NULL, k == Q_BNB, "policy", "bnb" },
        { q->via.name != NULL, engine, "via", "approx, refine and bnb" },
        { q->envelope.name != NULL, engine, "envelope", "approx, refine and bnb" },
        { q->from_lo != NULL, engine, "from", "approx, refine and bnb" },
        { q->models >= 0, k == Q_STABLE, "models", "stable" },
        { q->jobs >= 0, k == Q_BNB || k == Q_FIXPOINTS, "jobs", "bnb and fixpoints" },
        { q->trace, engine || k == Q_STABLE, "trace", "approx, refine, bnb and stable" },
    };
    for (size_t i = 0; i < FIX_ARRAY_LEN(opts); i++)
        if (opts[i].given && !opts[i].applies)
            diag_error(sema->diag, d->loc, "option '%s' does not apply to %s (only to %s)", opts[i].name,
                       ast_query_name(k), opts[i].where);
    if (q->budget == 0)
        diag_error(sema->diag, d->loc, "'budget 0' would keep no bound: give at least 1, or no budget");
}

/* Checks a query and returns its plan (complete only when no error was reported). */
static QueryPlan *plan_query(Sema *sema, const Decl *d)
{
    const Query *q = &d->query;
    QueryPlan *p = plan_new(q->kind, d->loc);
    p->target_loc = q->target.loc;
    p->via_loc = q->via.loc;
    p->opt.steps = q->steps;
    p->opt.budget = q->budget;
    p->opt.rounds = q->rounds;
    p->opt.models = q->models;
    p->opt.jobs = q->jobs;
    p->opt.timeout = q->timeout;
    p->opt.trace = q->trace;
    p->opt.from = q->from_lo != NULL;
    check_options(sema, d);
    switch (q->kind) {
    case Q_SHOW: {
        /* A check that fails says why, unless it used a name whose declaration was dropped
         * (its error was shown there): a plan with no expression is never run. */
        int before = sema->diag->errors;
        if (!plan_expr(sema, &p->show, q->expr, NULL) && sema->diag->errors == before && !sema->dropped.count)
            diag_error(sema->diag, q->expr->loc, "this expression uses a declaration that failed");
        break;
    }
    case Q_STABLE: p->program = query_target(sema, q, SYM_PROGRAM); break;
    case Q_CHECK_GALOIS: p->galois = query_target(sema, q, SYM_GALOIS); break;
    default: plan_fn_query(sema, q, p); break;
    }
    return p;
}

/* ====================================================================== a file */

/* A declaration refused with errors: its name is forgotten (a REPL session may declare it
 * anew), and a use of it in a later file (entry) says where it was refused. */
static void note_refused(Sema *sema, const Decl *d)
{
    sema_undeclare(sema, d->name.name);
    SemaRefused r = { arena_strdup(&sema->arena, d->name.name), d->name.loc };
    VEC_PUSH(sema->refused, r);
}

/* A declaration that failed (its error reported) leaves its name undeclared: its uses are not
 * reported as unknown names again. */
static void note_failed_declarations(Sema *sema, const AstFile *file)
{
    for (size_t i = 0; i < file->ndecls; i++) {
        const Decl *d = file->decls[i];
        bool named = d->kind == D_LATTICE || d->kind == D_FN || d->kind == D_GALOIS || d->kind == D_PROGRAM;
        if (!named || sema_lookup(sema, d->name.name)) continue;
        VEC_PUSH(sema->dropped, d->name.name);
        note_refused(sema, d);
    }
}

bool sema_add_file(Sema *sema, AstFile *file, PtrList *plans)
{
    int before = sema->diag->errors;
    FileCtx fc = { .sema = sema, .src = file->src };
    hashmap_init_str(&fc.pending);
    for (size_t i = 0; i < file->ndecls; i++) {
        Decl *d = file->decls[i];
        if (d->kind == D_LATTICE && !hashmap_get_ptr(&fc.pending, d->name.name))
            hashmap_put_ptr(&fc.pending, d->name.name, d);
    }
    for (size_t i = 0; i < file->ndecls; i++)
        if (file->decls[i]->kind == D_LATTICE) sema_declare_lattice(&fc, file->decls[i]);
    for (size_t i = 0; i < file->ndecls; i++) {
        Decl *d = file->decls[i];
        if (d->kind == D_FN) declare_fn(&fc, d);
        else if (d->kind == D_GALOIS) declare_galois(&fc, d);
        else if (d->kind == D_PROGRAM) declare_program(&fc, d);
    }
    note_failed_declarations(sema, file);
    for (size_t i = 0; i < file->ndecls; i++) {
        Decl *d = file->decls[i];
        if (diag_interrupted(sema->diag)) {      /* a signal: the rest is forgotten, below */
            if (d->kind == D_FN && d->sym) ((FnEntry *)d->sym)->broken = true;
            continue;
        }
        if (d->kind == D_FN) define_fn(&fc, d);
        else if (d->kind == D_ENVELOPE) define_envelope(&fc, d);
        else if (d->kind == D_GALOIS) define_galois(&fc, d);
    }
    for (size_t i = 0; i < file->ndecls; i++) {
        Decl *d = file->decls[i];
        if (d->kind != D_QUERY || diag_interrupted(sema->diag)) continue;
        int q_before = sema->diag->errors;
        QueryPlan *p = plan_query(sema, d);
        bool complete = p->kind != Q_SHOW || p->show;
        if (plans && sema->diag->errors == q_before && complete) ast_ptrlist_push(&sema->arena, plans, p);
        else plan_free(p);
    }
    /* functions whose bodies failed are forgotten, so that a REPL session may declare them anew */
    for (size_t i = 0; i < file->ndecls; i++) {
        Decl *d = file->decls[i];
        bool broken = (d->kind == D_FN && d->sym && ((FnEntry *)d->sym)->broken)
                      || (d->kind == D_GALOIS && d->sym && !((GaloisSym *)d->sym)->alpha_up);
        if (broken) note_refused(sema, d);
    }
    hashmap_free(&fc.pending);
    return sema->diag->errors == before;
}

