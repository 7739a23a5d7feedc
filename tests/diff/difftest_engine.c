/* difftest_engine.c: check (d) of the differential test: the engine's answers inside
 * expressions (fixpoints(f), bnb(f) with each envelope, approx(f), refine(f, bot, top)), run
 * by the VM through the session's engine, against the fixed points the reference finds by
 * brute force; and the reference, given the same engine, gives the same values. */
#include <stdio.h>
#include <stdlib.h>

#include "difftest.h"

/* The fixed points of f by the reference, in L's enumeration order; false when f fails (or
 * the reference gives up) somewhere, so that brute force knows nothing. */
static bool brute_fixpoints(Run *r, const FnSym *fn, Word **out, size_t *n)
{
    const Lattice *L = fn->ret;
    size_t W = L->nwords, cap = 16;
    Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L), *x = lattice_elem_new(L), *fx = lattice_elem_new(L);
    L->ops->bot(L, lo);
    L->ops->top(L, hi);
    lattice_copy(L, x, lo);
    *out = mem_alloc(cap * W * sizeof(Word));
    *n = 0;
    bool ok = true;
    do {
        if (ref_at(r, fn, x, fx) != REF_OK) {
            ok = false;
            break;
        }
        if (!L->ops->eq(L, fx, x)) continue;
        if (*n == cap) *out = mem_realloc(*out, (cap *= 2) * W * sizeof(Word));
        lattice_copy(L, *out + *n * W, x);
        (*n)++;
    } while (L->ops->next(L, lo, hi, x));
    MEM_FREE_ALL(lo, hi, x, fx);
    return ok;
}

static bool holds(const Lattice *L, const Word *items, size_t n, const Word *x)
{
    for (size_t i = 0; i < n; i++)
        if (L->ops->eq(L, items + i * L->nwords, x)) return true;
    return false;
}

/* The show expression of one query added to r's fused session, or NULL when it does not check
 * (a function the engine cannot run alone, an envelope it has not). */
static const PlanExpr *add_show(Run *r, const char *text)
{
    Session *s = &r->fused.s;
    int errors = s->diag.errors;
    const Source *src = diag_add_source(&s->diag, "<engine>", text, strlen(text));
    AstFile *file = parse_source(&s->diag, &s->arena, src);
    size_t before = r->fused.plans.count;
    bool ok = file && context_add_file(s->context, file, &r->fused.plans);
    s->diag.errors = errors;
    if (!ok || r->fused.plans.count != before + 1) return NULL;
    const QueryPlan *p = r->fused.plans.items[before];
    return p->show;
}

/* The same value from the VM (vm) and the reference (ref, its collections through
 * ref_collection), item for item in the same order. */
static bool same_items(const Lattice *L, const Collection *vm, Word ref)
{
    size_t n, iw;
    const Word *items = ref_collection(ref, &n, &iw);
    if (n != vm->n) return false;
    for (size_t i = 0; i < n; i++)
        if (!L->ops->eq(L, vm->items + i * L->nwords, items + i * iw)) return false;
    return true;
}

static bool same_engine_value(const Type *t, const Word *vm, const Word *ref)
{
    if (t->kind == TY_COLL) return same_items(t->lat, collection_at(vm[0]), ref[0]);
    if (t->kind == TY_ITV) return t->lat->ops->eq(t->lat, vm, ref);
    if (t->kind != TY_BNB) return false;
    const Type *final = t->value;
    return same_items(lattice_part(final->lat, 0), collection_at(vm[0]), ref[0]) &&
           same_items(final->lat, collection_at(vm[1]), ref[1]) && vm[2] == ref[2];
}

/* Every fixed point f has lies in what the engine kept: a fixed point it lists, or a bound
 * of Final; every fixed point it lists is one; with complete, it lists them all. */
static void check_bnb(Run *r, const FnSym *fn, const char *what, const Type *t, const Word *v,
                      const Word *fix, size_t nfix)
{
    const Lattice *L = fn->ret;
    size_t W = L->nwords;
    const Collection *points = collection_at(v[0]), *final = collection_at(v[1]);
    for (size_t i = 0; i < points->n; i++)
        if (!holds(L, fix, nfix, points->items + i * W)) fail(r, what, fn, L, points->items + i * W, "listed as a fixed point, but f(x) != x");
    for (size_t i = 0; i < nfix; i++) {
        const Word *x = fix + i * W;
        bool kept = holds(L, points->items, points->n, x);
        for (size_t k = 0; k < final->n && !kept; k++)
            kept = lattice_in_interval(L, x, final->items + 2 * k * W, final->items + (2 * k + 1) * W);
        if (!kept) fail(r, what, fn, L, x, "a fixed point outside every bound it kept");
        else if (v[2] && !holds(L, points->items, points->n, x)) fail(r, what, fn, L, x, "complete, yet this fixed point is not listed");
    }
    FIX_UNUSED(t);
}

static void check_one(Run *r, const FnSym *fn, const char *form, const Word *fix, size_t nfix)
{
    char text[2000];
    snprintf(text, sizeof text, "show %s;\n", form);
    for (char *p = strchr(text, '@'); p; p = strchr(text, '@')) {    /* @: the function's name */
        char rest[2000];
        snprintf(rest, sizeof rest, "%s%s", fn->name, p + 1);
        snprintf(p, sizeof text - (size_t)(p - text), "%s", rest);
    }
    const PlanExpr *pe = add_show(r, text);
    if (!pe) return;
    r->n->engine++;
    const Lattice *L = fn->ret;
    size_t W = L->nwords;
    Word *vm = NULL, *ref = mem_calloc(sema_type_words(&pe->type) + 1, sizeof(Word));
    Session *s = &r->fused.s;
    int errors = s->diag.errors;
    /* the reference first: the VM keeps its collections only until its next run, and the
     * engine the reference calls runs f on the VM */
    RefStatus rs = ref_eval(r->ref, pe->expr, pe->nlocals, &pe->type, ref);
    char *said = NULL;
    size_t said_len = 0;
    s->diag.out = open_memstream(&said, &said_len);
    bool vm_ok = context_eval_plan(s->context, pe, &vm);
    fclose(s->diag.out);
    s->diag.out = NULL;
    s->diag.errors = errors;
    if (!vm_ok) {               /* an error is an answer only where it claims no fixed point */
        char msg[400];
        snprintf(msg, sizeof msg, "the reference has a value, the VM none (%.300s)", said ? said : "");
        for (char *nl = strchr(msg, '\n'); nl; nl = strchr(nl, '\n')) *nl = ' ';
        if (rs == REF_OK && said && strstr(said, "step limit")) r->n->limits++;   /* see vm_step_limit */
        else if (rs == REF_OK) fail(r, form, fn, NULL, NULL, msg);
        else if (nfix > 0 && strstr(said, "no fixed point")) fail(r, form, fn, NULL, NULL, "says there is no fixed point, yet f has some");
        s->limits.hit = NULL;
        MEM_FREE_ALL(ref);
        free(said);
        return;
    }
    free(said);
    if (rs == REF_OK && !same_engine_value(&pe->type, vm, ref)) fail(r, form, fn, NULL, NULL, "the VM and the reference differ");
    if (pe->type.kind == TY_COLL) {            /* fixpoints(f): all of them, in order */
        const Collection *c = collection_at(vm[0]);
        bool same = c->n == nfix;
        for (size_t i = 0; same && i < nfix; i++) same = L->ops->eq(L, c->items + i * W, fix + i * W);
        if (!same) fail(r, form, fn, NULL, NULL, "not the fixed points brute force finds");
    } else if (pe->type.kind == TY_ITV) {      /* approx, refine: every fixed point inside */
        for (size_t i = 0; i < nfix; i++)
            if (!lattice_in_interval(L, fix + i * W, vm, vm + W)) fail(r, form, fn, L, fix + i * W, "a fixed point outside the interval");
    } else {
        check_bnb(r, fn, form, &pe->type, vm, fix, nfix);
    }
    MEM_FREE_ALL(vm, ref);
}

/* Start intervals other than [bot, top]: refine(f, lo, hi), bnb(f from [lo .. hi]) with each
 * policy and through each galois insertion, for two random intervals [lo, hi], written as
 * constants (the fixed points checked are those in [lo, hi]). */
static void check_from(Run *r, const FnSym *fn, const Word *fix, size_t nfix, const char *const *vias, size_t nvias)
{
    const Lattice *L = fn->ret;
    size_t W = L->nwords;
    Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L), *in = mem_alloc((nfix + 1) * W * sizeof(Word));
    for (int k = 0; k < 2 && !r->failed; k++) {
        random_interval(r, L, lo, hi);
        size_t nin = 0;
        for (size_t i = 0; i < nfix; i++)
            if (lattice_in_interval(L, fix + i * W, lo, hi)) lattice_copy(L, in + nin++ * W, fix + i * W);
        char *a = lattice_to_string(L, lo), *b = lattice_to_string(L, hi), form[1900];
        static const char *const forms[] = { "refine(@, %s, %s)", "bnb(@ from [%s .. %s])",
                                             "bnb(@ from [%s .. %s], policy paper)",
                                             "bnb(@ from [%s .. %s], envelope derived, split last)" };
        for (size_t i = 0; i < FIX_ARRAY_LEN(forms) && !r->failed && strlen(a) + strlen(b) < 900; i++) {
            snprintf(form, sizeof form, forms[i], a, b);
            check_one(r, fn, form, in, nin);
        }
        for (size_t i = 0; i < nvias && !r->failed && strlen(a) + strlen(b) < 900; i++) {
            snprintf(form, sizeof form, "bnb(@ via %s from [%s .. %s]%s)", vias[i], a, b, k ? ", policy paper" : "");
            check_one(r, fn, form, in, nin);
        }
        MEM_FREE_ALL(a, b);
    }
    MEM_FREE_ALL(lo, hi, in);
}

/* The options the forms above leave out: `policy paper` (the paper's Algorithm 1, with its
 * Merge), the declared envelope (an `envelope` block or the annotation; a function with
 * neither does not check, and is skipped), and `via G` for each galois insertion G0 ... G7
 * the program declares on f's lattice (tests/gen/fixgen_galois.c names them so). */
static void check_options(Run *r, const FnSym *fn, const Word *fix, size_t nfix)
{
    static const char *const forms[] = {
        "bnb(@ policy paper)", "bnb(@ policy paper, split last, rounds 2)", "bnb(@ envelope declared)",
        "bnb(@ envelope declared, policy paper)", "bnb(@ policy paper, budget 2)", "bnb(@ jobs 3, split random)",
    };
    for (size_t i = 0; i < FIX_ARRAY_LEN(forms) && !r->failed; i++) check_one(r, fn, forms[i], fix, nfix);
    char names[8][16];
    const char *vias[8];
    size_t nvias = 0;
    for (int g = 0; g < 8 && !r->failed; g++) {
        char *name = names[nvias], form[64];
        snprintf(name, sizeof names[0], "G%d", g);
        const GaloisSym *gs = context_galois(r->fused.s.context, name);
        if (!gs || !lattice_equal(gs->concrete, fn->params[0])) continue;
        vias[nvias++] = name;
        static const char *const via_forms[] = { "bnb(@ via %s)", "bnb(@ via %s, policy paper)",
                                            "bnb(@ via %s, envelope brute, split first)" };
        for (size_t i = 0; i < FIX_ARRAY_LEN(via_forms) && !r->failed; i++) {
            snprintf(form, sizeof form, via_forms[i], name);
            check_one(r, fn, form, fix, nfix);
        }
    }
    check_from(r, fn, fix, nfix, vias, nvias);
}

void check_engine(Run *r, FnEntry *fe)
{
    const FnSym *fn = &fe->sym;
    Word *fix;
    size_t nfix;
    if (brute_fixpoints(r, fn, &fix, &nfix)) {
        static const char *const forms[] = {
            "fixpoints(@)", "bnb(@)", "bnb(@ envelope derived)", "bnb(@ envelope brute)",
            "bnb(@ envelope derived, split last)", "bnb(@ envelope derived, rounds 0)",
            "bnb(@ envelope brute, rounds 1, split first)", "approx(@)", "refine(@, bot, top)",
        };
        for (size_t i = 0; i < FIX_ARRAY_LEN(forms) && !r->failed; i++) check_one(r, fn, forms[i], fix, nfix);
        check_options(r, fn, fix, nfix);
    }
    mem_free(fix);
}
