/* difftest.c: differential tests of fix's evaluators against the reference evaluator
 * (src/ref) on whole programs, generated (tests/gen) or given as files.  On each program:
 *   (a) the VM (memo on, as `fix run` runs it) equals the reference on every input of every
 *       function (all of them on small lattices, a sample on larger ones and on reals), and
 *       fails exactly where the reference fails;
 *   (b) the interval evaluator's E(f)[lo, hi] holds the reference's f(x) at every x of
 *       [lo, hi] where f does not fail;
 *   (c) the derived envelopes hold the brute-force ones: f^u_B(x) >= every f(y), y in
 *       [lo, x], and f^l_B(x) <= every f(y), y in [x, hi];
 *   (d) fixpoints(f), bnb(f) (auto, derived and brute envelopes), approx(f) and
 *       refine(f, bot, top), run through the session's engine, agree with the fixed points
 *       the reference finds by brute force, and every fixed point they report is one;
 *       and the reference and the VM give the same value for each of those expressions;
 *   (e) code compiled without the peephole fusion gives the same results as fused code.
 * usage: difftest [--seeds A B] [--seconds S] [--quiet] [--no-fork] [FILE.fix ...]
 * (--no-fork: every program in this process, for a debugger; else each in a child)
 * Prints one line per failing program (seed or file, the check, the function, the input),
 * and last "diff: N passed, N failed" (a program passes when every check on it holds), with
 * counts of what was checked.  --seconds S (`make fuzz`) goes on from seed A until S seconds
 * have passed; `make test` gives seeds only, so its verdict never depends on time. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "code/absvm.h"
#include "fixgen.h"

#include "difftest.h"

void fail(Run *r, const char *check, const FnSym *fn, const Lattice *L, const Word *x, const char *what)
{
    if (!r->quiet) {
        char *xs = L && x ? lattice_to_string(L, x) : NULL;
        printf("FAIL %s: %s: %s%s%s: %s\n", r->name, check, fn ? fn->name : "", xs ? " at " : "", xs ? xs : "", what);
        mem_free(xs);
    }
    r->failed = true;
}

/* ---- the reference's values, kept ---- */

void memo_free(Memo *m)
{
    free(m->xs);
    free(m->fx);
    free(m->state);
    *m = (Memo){ 0 };
}

static size_t memo_slot(const Memo *m, const Word *x)
{
    const Lattice *L = m->fn->params[0];
    size_t i = (size_t)L->ops->hash(L, x) & (m->nslots - 1);
    while (m->state[i] && !L->ops->eq(L, m->xs + i * L->nwords, x)) i = (i + 1) & (m->nslots - 1);
    return i;
}

static void memo_grow(Memo *m)
{
    Memo old = *m;
    const Lattice *L = m->fn->params[0], *R = m->fn->ret;
    m->nslots = old.nslots ? 2 * old.nslots : 256;
    m->count = 0;
    m->xs = calloc(m->nslots, L->nwords * sizeof(Word) + 1);
    m->fx = calloc(m->nslots, R->nwords * sizeof(Word) + 1);
    m->state = calloc(m->nslots, 1);
    for (size_t i = 0; i < old.nslots; i++) {
        if (!old.state[i]) continue;
        size_t k = memo_slot(m, old.xs + i * L->nwords);
        memcpy(m->xs + k * L->nwords, old.xs + i * L->nwords, L->nwords * sizeof(Word));
        memcpy(m->fx + k * R->nwords, old.fx + i * R->nwords, R->nwords * sizeof(Word));
        m->state[k] = old.state[i];
        m->count++;
    }
    free(old.xs);
    free(old.fx);
    free(old.state);
}

RefStatus ref_at(Run *r, const FnSym *fn, const Word *x, Word *out)
{
    Memo *m = &r->memo;
    if (m->fn != fn) {
        memo_free(m);
        m->fn = fn;
    }
    const Lattice *L = fn->params[0], *R = fn->ret;
    if (2 * (m->count + 1) > m->nslots) memo_grow(m);
    size_t k = memo_slot(m, x);
    if (!m->state[k]) {
        const Word *args[1] = { x };
        RefStatus rs = ref_call(r->ref, fn, args, m->fx + k * R->nwords);
        memcpy(m->xs + k * L->nwords, x, L->nwords * sizeof(Word));
        m->state[k] = (signed char)(rs + 1);
        m->count++;
    }
    memcpy(out, m->fx + k * R->nwords, R->nwords * sizeof(Word));
    return (RefStatus)(m->state[k] - 1);
}

/* ---- loading ---- */

static bool load(Loaded *l, const char *name, const char *text, bool fuse)
{
    RunOptions opt = { 0 };
    opt.max_steps = 20000000;
    session_init(&l->s, &opt, stdout);
    l->s.diag.out = NULL;                     /* errors counted, not printed */
    context_set_fusion(l->s.context, fuse);
    const Source *src = diag_add_source(&l->s.diag, name, text, strlen(text));
    AstFile *file = parse_source(&l->s.diag, &l->s.arena, src);
    l->plans = (PtrList){ 0 };
    l->ok = file && context_add_file(l->s.context, file, &l->plans);
    return l->ok;
}

static void unload(Loaded *l)
{
    for (size_t i = 0; i < l->plans.count; i++) plan_free(l->plans.items[i]);
    session_free(&l->s);
}

/* The functions a program declares that can be called alone (not generic templates, not
 * broken, compiled). */
static bool callable(const FnEntry *fe)
{
    return fe && !fe->broken && !fe->generic && fe->sym.chunk && fe->body && !fe->hidden;
}

/* ---- (a) and (e): the VM against the reference on inputs ---- */

static bool same_value(const Lattice *L, const Word *a, const Word *b)
{
    if (lattice_kind(L) == LATTICE_REAL || (lattice_kind(L) == LATTICE_DUAL && lattice_kind(lattice_inner(L)) == LATTICE_REAL))
        return memcmp(a, b, L->nwords * sizeof(Word)) == 0 || L->ops->eq(L, a, b);
    return L->ops->eq(L, a, b);
}

/* Is every parameter a lattice the tests can pick elements of? */
static bool inputs_known(const FnSym *fn, double *log2_count)
{
    *log2_count = 0;
    for (size_t i = 0; i < fn->nparams; i++) {
        if (!fn->params[i]->ops->random) return false;
        *log2_count += fn->params[i]->finite ? fn->params[i]->log2_card : 64;
    }
    return true;
}

/* The inputs in turn: all parameters at bot first, then like an odometer over the
 * parameters' enumerations; false after the last. */
static bool next_input(const FnSym *fn, Word **args, bool first)
{
    for (size_t i = 0; i < fn->nparams; i++) {
        const Lattice *L = fn->params[i];
        Word *top = lattice_elem_new(L), *bot = lattice_elem_new(L);
        L->ops->top(L, top);
        L->ops->bot(L, bot);
        bool moved = !first && L->ops->next(L, bot, top, args[i]);
        if (!moved) lattice_copy(L, args[i], bot);
        MEM_FREE_ALL(top, bot);
        if (moved) return true;
    }
    return first;
}

/* Did the VM's call of fn on args fail by its step limit (a count the VM keeps over a whole
 * run, the engine's nested calls of f included, which the reference's host calls are not
 * part of) rather than by the program's error?  The call is run again with its message kept. */
static bool vm_step_limit(Loaded *l, const FnSym *fn, Word **args)
{
    char *said = NULL;
    size_t len = 0;
    Word *out = lattice_elem_new(fn->ret);
    l->s.diag.out = open_memstream(&said, &len);
    context_call(l->s.context, fn, (const Word *const *)args, out, (Loc){ 0 });
    fclose(l->s.diag.out);
    l->s.diag.out = NULL;
    bool limit = said && strstr(said, "step limit");
    free(said);
    mem_free(out);
    return limit;
}

static void check_call(Run *r, Loaded *l, FnEntry *fe, Word **args)
{
    const FnSym *fn = &fe->sym;
    const Lattice *R = fn->ret;
    Word *vm = lattice_elem_new(R), *ref = lattice_elem_new(R);
    int errors = l->s.diag.errors;
    bool vm_ok = context_call(l->s.context, fn, (const Word *const *)args, vm, (Loc){ 0 });
    bool vm_limit = !vm_ok && l->s.limits.hit != NULL;
    RefStatus rs = fn->nparams == 1 ? ref_at(r, fn, args[0], ref) : ref_call(r->ref, fn, (const Word *const *)args, ref);
    r->n->calls++;
    const Lattice *X = fn->nparams == 1 ? fn->params[0] : NULL;
    if (rs == REF_LIMIT || vm_limit) r->n->limits++;
    else if (rs == REF_UNSUPPORTED) r->n->unsupported++;
    else if (rs == REF_ERROR && vm_ok) {
        char msg[300];
        snprintf(msg, sizeof msg, "the VM answers, the reference fails (%s)", ref_error(r->ref));
        fail(r, l == &r->fused ? "vm" : "vm unfused", fn, X, X ? args[0] : NULL, msg);
    } else if (rs == REF_OK && !vm_ok && vm_step_limit(l, fn, args)) {
        r->n->limits++;
    } else if (rs == REF_OK && !vm_ok) {
        fail(r, l == &r->fused ? "vm" : "vm unfused", fn, X, X ? args[0] : NULL, "the VM fails, the reference answers");
    } else if (rs == REF_OK && !same_value(R, vm, ref)) {
        char *a = lattice_to_string(R, vm), *b = lattice_to_string(R, ref), msg[400];
        snprintf(msg, sizeof msg, "VM %s, reference %s", a, b);
        fail(r, l == &r->fused ? "vm" : "vm unfused", fn, X, X ? args[0] : NULL, msg);
        MEM_FREE_ALL(a, b);
    }
    l->s.diag.errors = errors;
    l->s.limits.hit = NULL;
    MEM_FREE_ALL(vm, ref);
}

static void check_calls(Run *r, Loaded *l, FnEntry *fe)
{
    const FnSym *fn = &fe->sym;
    double log2_count;
    if (!inputs_known(fn, &log2_count)) return;
    Word **args = calloc(fn->nparams + 1, sizeof *args);
    for (size_t i = 0; i < fn->nparams; i++) args[i] = lattice_elem_new(fn->params[i]);
    bool all = log2_count <= ALL_INPUTS_LOG2;
    for (size_t i = 0; i < fn->nparams; i++) all = all && fn->params[i]->finite;
    if (all) {
        for (bool more = next_input(fn, args, true); more && !r->failed; more = next_input(fn, args, false))
            check_call(r, l, fe, args);
    } else {
        for (size_t k = 0; k < SAMPLED_INPUTS && !r->failed; k++) {
            for (size_t i = 0; i < fn->nparams; i++) fn->params[i]->ops->random(fn->params[i], &r->rng, args[i]);
            check_call(r, l, fe, args);
        }
    }
    for (size_t i = 0; i < fn->nparams; i++) mem_free(args[i]);
    free(args);
}

/* ---- (b) and (c): the interval evaluator against the reference ---- */

/* A random interval [lo, hi] of L. */
void random_interval(Run *r, const Lattice *L, Word *lo, Word *hi)
{
    Word *x = lattice_elem_new(L), *y = lattice_elem_new(L);
    L->ops->random(L, &r->rng, x);
    L->ops->random(L, &r->rng, y);
    L->ops->meet(L, lo, x, y);
    L->ops->join(L, hi, x, y);
    MEM_FREE_ALL(x, y);
}

/* f at every x of [lo, hi] by the reference: out[i] its value at the i-th element (ok[i]
 * false where f fails or the reference gives up); the elements into xs.  n elements. */
typedef struct Points { size_t n, cap; Word *xs, *fx; bool *ok; } Points;

static void points_add(Run *r, const FnSym *fn, const Word *x, Points *p)
{
    const Lattice *L = fn->params[0], *R = fn->ret;
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 64;
        p->xs = realloc(p->xs, p->cap * L->nwords * sizeof(Word));
        p->fx = realloc(p->fx, p->cap * R->nwords * sizeof(Word));
        p->ok = realloc(p->ok, p->cap * sizeof(bool));
    }
    lattice_copy(L, p->xs + p->n * L->nwords, x);
    p->ok[p->n] = ref_at(r, fn, x, p->fx + p->n * R->nwords) == REF_OK;
    p->n++;
}

/* Every element of [lo, hi] on a finite lattice (at most BRUTE_MAX); on reals lo, hi and
 * random points between them. */
static void points_of(Run *r, const FnSym *fn, const Word *lo, const Word *hi, Points *p)
{
    const Lattice *L = fn->params[0];
    p->n = 0;
    Word *x = lattice_elem_new(L);
    lattice_copy(L, x, lo);
    if (L->finite) {
        do points_add(r, fn, x, p);
        while (p->n < BRUTE_MAX && L->ops->next(L, lo, hi, x));
    } else {
        points_add(r, fn, lo, p);
        points_add(r, fn, hi, p);
        for (size_t k = 0; k < SAMPLED_POINTS; k++) {
            L->ops->random(L, &r->rng, x);
            L->ops->join(L, x, x, lo);
            L->ops->meet(L, x, x, hi);
            points_add(r, fn, x, p);
        }
    }
    mem_free(x);
}

static void check_interval(Run *r, AbsVm *avm, const FnSym *fn, const Word *lo, const Word *hi, Points *p)
{
    const Lattice *L = fn->params[0], *R = fn->ret;
    Word *a = lattice_elem_new(R), *b = lattice_elem_new(R);
    if (absvm_eval(avm, fn, lo, hi, a, b)) {
        r->n->enclosures++;
        points_of(r, fn, lo, hi, p);
        for (size_t i = 0; i < p->n; i++) {
            const Word *v = p->fx + i * R->nwords;
            if (!p->ok[i] || (R->ops->leq(R, a, v) && R->ops->leq(R, v, b))) continue;
            char *va = lattice_to_string(R, v), *ia = lattice_to_string(R, a), *ib = lattice_to_string(R, b);
            char *ilo = lattice_to_string(L, lo), *ihi = lattice_to_string(L, hi), msg[600];
            snprintf(msg, sizeof msg, "E(f)[%s .. %s] = [%s .. %s] does not hold f(x) = %s", ilo, ihi, ia, ib, va);
            fail(r, "interval", fn, L, p->xs + i * L->nwords, msg);
            MEM_FREE_ALL(va, ia, ib, ilo, ihi);
            break;
        }
    }
    MEM_FREE_ALL(a, b);
}

/* (c): at a random x of [lo, hi]: the derived f^u_B(x) against f on [lo, x], f^l_B(x) against
 * f on [x, hi]. */
static void check_envelope(Run *r, AbsVm *avm, const FnSym *fn, const Word *lo, const Word *hi, Points *p)
{
    const Lattice *L = fn->params[0], *R = fn->ret;
    Word *x = lattice_elem_new(L), *u = lattice_elem_new(R), *d = lattice_elem_new(R);
    L->ops->random(L, &r->rng, x);
    L->ops->join(L, x, x, lo);
    L->ops->meet(L, x, x, hi);
    if (!L->ops->leq(L, lo, x) || !L->ops->leq(L, x, hi)) lattice_copy(L, x, lo);
    if (absvm_upper(avm, fn, lo, x, u)) {
        r->n->envelopes++;
        points_of(r, fn, lo, x, p);
        for (size_t i = 0; i < p->n; i++)
            if (p->ok[i] && !R->ops->leq(R, p->fx + i * R->nwords, u)) {
                fail(r, "upper envelope", fn, L, x, "f^u_B(x) is below f(y) for some y in [lo, x]");
                break;
            }
    }
    if (absvm_lower(avm, fn, x, hi, d)) {
        r->n->envelopes++;
        points_of(r, fn, x, hi, p);
        for (size_t i = 0; i < p->n; i++)
            if (p->ok[i] && !R->ops->leq(R, d, p->fx + i * R->nwords)) {
                fail(r, "lower envelope", fn, L, x, "f^l_B(x) is above f(y) for some y in [x, hi]");
                break;
            }
    }
    MEM_FREE_ALL(x, u, d);
}

bool is_endo(const FnSym *fn) { return fn->nparams == 1 && lattice_equal(fn->params[0], fn->ret); }

static void check_abstract(Run *r, FnEntry *fe)
{
    const FnSym *fn = &fe->sym;
    if (fn->nparams != 1 || !fn->params[0]->ops->random) return;
    AbsVm *avm = absvm_new(NULL);
    Points p = { 0 };
    const Lattice *L = fn->params[0];
    Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L);
    L->ops->bot(L, lo);
    L->ops->top(L, hi);
    if (L->finite && L->log2_card <= 12) check_interval(r, avm, fn, lo, hi, &p);
    for (size_t k = 0; k < INTERVALS && !r->failed; k++) {
        random_interval(r, L, lo, hi);
        if (!L->finite || L->ops->log2_size(L, lo, hi) <= 12) check_interval(r, avm, fn, lo, hi, &p);
        if (L->finite && L->ops->log2_size(L, lo, hi) <= 12 && k % 4 == 0) check_envelope(r, avm, fn, lo, hi, &p);
    }
    MEM_FREE_ALL(lo, hi, p.xs, p.fx);
    free(p.ok);
    absvm_free(avm);
}

/* ---- one program ---- */

static void check_program(Run *r)
{
    Context *fused = r->fused.s.context, *plain = r->plain.s.context;
    for (size_t i = 0; i < context_fn_count(fused) && !r->failed; i++) {
        FnEntry *fe = sema_fn_entry(context_fn_at(fused, i));
        if (!callable(fe)) continue;
        check_calls(r, &r->fused, fe);
        FnEntry *pe = i < context_fn_count(plain) ? sema_fn_entry(context_fn_at(plain, i)) : NULL;
        if (!r->failed && pe && callable(pe) && strcmp(pe->sym.name, fe->sym.name) == 0) {
            RefEval *saved = r->ref;
            VmHost host = session_host(&r->plain.s);
            r->ref = ref_new(plain, &host, REF_STEPS);
            check_calls(r, &r->plain, pe);
            ref_free(r->ref);
            memo_free(&r->memo);
            r->ref = saved;
        }
        if (!r->failed) check_abstract(r, fe);
        if (!r->failed && is_endo(&fe->sym) && fe->sym.params[0]->finite && fe->sym.params[0]->log2_card <= 12)
            check_engine(r, fe);
    }
}

static void run_program(const char *name, const char *text, Counts *n, bool quiet, uint64_t seed)
{
    Run r = { .name = name, .n = n, .quiet = quiet, .rng = { seed * 0x9e3779b97f4a7c15u + 1 } };
    n->programs++;
    if (!load(&r.fused, name, text, true) || !load(&r.plain, name, text, false)) {
        if (!quiet) printf("FAIL %s: not accepted by the checker\n", name);
        r.failed = true;
    } else {
        r.host = session_host(&r.fused.s);
        r.ref = ref_new(r.fused.s.context, &r.host, REF_STEPS);
        check_program(&r);
        ref_free(r.ref);
        memo_free(&r.memo);
    }
    unload(&r.fused);
    unload(&r.plain);
    if (r.failed) n->failed++;
}

/* run_program in a child process, so that a crash is a failure of that program (named by
 * its seed) and not the end of the run; its counts come back through a pipe. */
static bool no_fork;           /* --no-fork: in this process (to debug a crash) */

static void run_isolated(const char *name, const char *text, Counts *n, bool quiet, uint64_t seed)
{
    int fds[2];
    fflush(stdout);
    if (no_fork || pipe(fds) != 0) {
        run_program(name, text, n, quiet, seed);
        return;
    }
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        Counts c = { 0 };
        run_program(name, text, &c, quiet, seed);
        fflush(stdout);
        ssize_t w = write(fds[1], &c, sizeof c);
        _exit(w == (ssize_t)sizeof c ? 0 : 1);
    }
    close(fds[1]);
    Counts c = { 0 };
    ssize_t got = pid > 0 ? read(fds[0], &c, sizeof c) : -1;
    close(fds[0]);
    int status = 0;
    if (pid > 0) waitpid(pid, &status, 0);
    if (got == (ssize_t)sizeof c) {
        n->programs += c.programs, n->failed += c.failed, n->calls += c.calls, n->enclosures += c.enclosures;
        n->envelopes += c.envelopes, n->engine += c.engine, n->unsupported += c.unsupported, n->limits += c.limits;
        return;
    }
    n->programs++;
    n->failed++;
    if (WIFSIGNALED(status)) printf("FAIL %s: crashed (signal %d)\n", name, WTERMSIG(status));
    else printf("FAIL %s: the check ended without an answer (status %d)\n", name, WEXITSTATUS(status));
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    Buf b;
    buf_init(&b);
    char chunk[4096];
    size_t k;
    while ((k = fread(chunk, 1, sizeof chunk, f)) > 0) buf_putn(&b, chunk, k);
    fclose(f);
    char *s = mem_strdup(buf_cstr(&b));
    buf_free(&b);
    return s;
}

int main(int argc, char **argv)
{
    Counts n = { 0 };
    uint64_t from = 1, to = 0;
    double seconds = 0;
    bool quiet = false;
    int files = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--seeds") == 0 && i + 2 < argc) {
            from = strtoull(argv[i + 1], NULL, 10);
            to = strtoull(argv[i + 2], NULL, 10);
            i += 2;
        } else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) {
            seconds = strtod(argv[++i], NULL);
        } else if (strcmp(argv[i], "--quiet") == 0) {
            quiet = true;
        } else if (strcmp(argv[i], "--no-fork") == 0) {
            no_fork = true;
        } else {
            char *text = read_file(argv[i]);
            files++;
            if (!text) {
                printf("FAIL %s: cannot read it\n", argv[i]);
                n.programs++;
                n.failed++;
                continue;
            }
            run_isolated(argv[i], text, &n, quiet, (uint64_t)i);
            mem_free(text);
        }
    }
    time_t start = time(NULL);
    for (uint64_t seed = from; seconds > 0 ? difftime(time(NULL), start) < seconds : seed <= to; seed++) {
        Buf text;
        buf_init(&text);
        FixgenOptions go = { 0 };
        fixgen_program(seed, &go, &text);
        char name[64];
        snprintf(name, sizeof name, "seed %llu", (unsigned long long)seed);
        run_isolated(name, buf_cstr(&text), &n, quiet, seed);
        buf_free(&text);
        if (seconds > 0 && seed % 100 == 0) fflush(stdout);
    }
    printf("checked: %llu programs, %llu calls, %llu enclosures, %llu envelopes, %llu engine runs; "
           "%llu calls skipped (limits), %llu (forms the reference leaves to the host)\n",
           (unsigned long long)n.programs, (unsigned long long)n.calls, (unsigned long long)n.enclosures,
           (unsigned long long)n.envelopes, (unsigned long long)n.engine, (unsigned long long)n.limits,
           (unsigned long long)n.unsupported);
    printf("diff: %llu passed, %llu failed\n", (unsigned long long)(n.programs - n.failed), (unsigned long long)n.failed);
    return n.failed ? 1 : 0;
}
