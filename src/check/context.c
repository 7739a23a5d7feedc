/* context.c: the context of a run or REPL session: imports, and the API of context.h over
 * sema, compile and the VM. */
#include "check/context.h"

#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include "check/compile.h"
#include "check/sema.h"
#include "code/vm.h"

Context *context_new(Diag *diag)
{
    Context *m = mem_calloc(1, sizeof *m);
    m->diag = diag;
    arena_init(&m->arena);
    sema_init(m);
    hashmap_init_str(&m->loaded);
    m->vm = vm_new(diag);
    return m;
}

void context_free(Context *m)
{
    if (!m) return;
    vm_free(m->vm);
    VEC_FREE(m->call_args);
    sema_free(m);
    hashmap_free(&m->loaded);
    VEC_FREE(m->dropped);
    for (size_t i = 0; i < m->search_dirs.count; i++) mem_free(m->search_dirs.items[i]);
    VEC_FREE(m->search_dirs);
    arena_free(&m->arena);
    mem_free(m);
}


void context_add_search_dir(Context *m, const char *dir)
{
    VEC_PUSH(m->search_dirs, mem_strdup(dir));
}

void context_set_limits(Context *m, uint64_t max_steps, Limits *limits)
{
    vm_set_limits(m->vm, max_steps, limits);
}

void context_set_evaluator(Context *m, size_t max_depth, bool memo) { vm_set_evaluator(m->vm, max_depth, memo); }

void context_set_host(Context *m, const VmHost *host) { vm_set_host(m->vm, host); }

void context_set_fusion(Context *m, bool on) { m->no_fuse = !on; }

VmStats context_vm_stats(const Context *m) { return vm_stats(m->vm); }

FnSym *context_own_fn(Context *m, const FnSym *fn)
{
    return &m->fns.items[sema_fn_entry(fn)->index]->sym;
}

/* ---- imports ---- */

/* Marks a file as loaded; false when it was loaded before. */
static bool mark_loaded(Context *m, const char *path)
{
    char *real = realpath(path, NULL);
    const char *key = arena_strdup(&m->arena, real ? real : path);
    free(real);
    if (hashmap_get_ptr(&m->loaded, key)) return false;
    hashmap_put_ptr(&m->loaded, key, (void *)key);
    return true;
}

static void dir_of(const char *path, Buf *out)
{
    const char *slash = strrchr(path, '/');
    if (slash) buf_putn(out, path, (size_t)(slash - path));
    else buf_puts(out, ".");
}

typedef VEC(char *) DirList;

/* The directories an import looks in, in order. */
static void import_dirs(Context *m, const Source *from, DirList *dirs)
{
    Buf b;
    buf_init(&b);
    if (from && from->path[0] != '<') {
        dir_of(from->path, &b);
        VEC_PUSH(*dirs, mem_strdup(buf_cstr(&b)));
    } else {
        VEC_PUSH(*dirs, mem_strdup("."));
    }
    for (size_t i = 0; i < m->search_dirs.count; i++) VEC_PUSH(*dirs, mem_strdup(m->search_dirs.items[i]));
    const char *fix_path = getenv("FIX_PATH");
    while (fix_path && *fix_path) {
        const char *colon = strchr(fix_path, ':');
        size_t n = colon ? (size_t)(colon - fix_path) : strlen(fix_path);
        if (n) VEC_PUSH(*dirs, mem_strndup(fix_path, n));
        fix_path = colon ? colon + 1 : NULL;
    }
    const char *stdlib_dir = getenv("FIX_STDLIB");
    if (stdlib_dir && *stdlib_dir) VEC_PUSH(*dirs, mem_strdup(stdlib_dir));
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        buf_clear(&b);
        dir_of(exe, &b);
        size_t len = b.len;
        buf_puts(&b, "/../stdlib");              /* build/fix -> stdlib */
        VEC_PUSH(*dirs, mem_strdup(buf_cstr(&b)));
        b.len = len;
        buf_puts(&b, "/../../stdlib");           /* build/asan/fix -> stdlib */
        VEC_PUSH(*dirs, mem_strdup(buf_cstr(&b)));
        b.len = len;
        buf_puts(&b, "/../share/fix/stdlib");    /* PREFIX/bin/fix (make install) */
        VEC_PUSH(*dirs, mem_strdup(buf_cstr(&b)));
    }
    buf_free(&b);
}

/* Finds, reads and parses the file an import names; NULL when it was loaded before or cannot
 * be found or read (reported). */
static AstFile *import_file(Context *m, const Decl *d, const Source *from)
{
    Buf name, path;
    buf_init(&name);
    buf_init(&path);
    buf_puts(&name, d->path);
    size_t len = strlen(d->path);
    if (len < 4 || strcmp(d->path + len - 4, ".fix") != 0) buf_puts(&name, ".fix");
    DirList dirs = { 0 };
    if (d->path[0] == '/') VEC_PUSH(dirs, mem_strdup(""));
    else import_dirs(m, from, &dirs);
    bool found = false;
    for (size_t i = 0; i < dirs.count && !found; i++) {
        buf_clear(&path);
        if (dirs.items[i][0]) buf_printf(&path, "%s/", dirs.items[i]);
        buf_puts(&path, buf_cstr(&name));
        found = access(buf_cstr(&path), R_OK) == 0;
    }
    AstFile *file = NULL;
    if (!found) {
        diag_error(m->diag, d->loc, "cannot find '%s' to import (looked in the file's directory, -I "
                   "directories, $FIX_PATH and the standard library)", buf_cstr(&name));
    } else if (mark_loaded(m, buf_cstr(&path))) {
        Source *src = diag_load_file(m->diag, buf_cstr(&path));
        if (src) file = parse_source(m->diag, &m->arena, src);
    }
    for (size_t i = 0; i < dirs.count; i++) mem_free(dirs.items[i]);
    VEC_FREE(dirs);
    buf_free(&name);
    buf_free(&path);
    return file;
}

/* Compiles the functions sema checked since the first `from` of m->fns: checking comes first,
 * then compiling, so that the checker never depends on the compiler.  A signal (diag's
 * interrupt) stops it: the session then runs nothing and the REPL builds its state again
 * from the declarations it kept (app/repl_defs.c), so a function left without code is
 * never called. */
static void compile_checked(Context *m, size_t from)
{
    for (size_t i = from; i < m->fns.count && !diag_interrupted(m->diag); i++) {
        FnEntry *fe = m->fns.items[i];
        if (fe->broken || !fe->body || fe->sym.chunk) continue;
        fe->sym.chunk = compile_function(m, &fe->sym, fe->body, fe->nlocals);
    }
}

static void compile_plan_expr(Context *m, PlanExpr *pe)
{
    if (pe) pe->chunk = compile_closed(m, "<expression>", pe->expr, &pe->type, pe->nlocals);
}

/* The expressions of the plans the checker appended from index `from` on. */
static void compile_plans(Context *m, PtrList *plans, size_t from)
{
    for (size_t i = from; i < plans->count && !diag_interrupted(m->diag); i++) {
        QueryPlan *p = plans->items[i];
        compile_plan_expr(m, p->show);
        compile_plan_expr(m, p->from_lo);
        compile_plan_expr(m, p->from_hi);
    }
}

/* A file whose imports are being added: the index of its next declaration to look at. */
typedef struct OpenFile { AstFile *file; size_t next; } OpenFile;

/* Imports first (each file's own imports before it, each file once), then the declarations;
 * queries of imported files are not run.  Chains of imports are followed with an explicit
 * stack, so however deep they go they cost no C stack. */
static bool add_file(Context *m, AstFile *root, PtrList *plans)
{
    int before = m->diag->errors;
    VEC(OpenFile) open = { 0 };
    OpenFile first = { root, 0 };
    VEC_PUSH(open, first);
    while (open.count) {
        OpenFile *top = &open.items[open.count - 1];
        AstFile *f = top->file;
        while (top->next < f->ndecls && f->decls[top->next]->kind != D_IMPORT) top->next++;
        if (top->next < f->ndecls && diag_interrupted(m->diag)) top->next = f->ndecls;
        if (top->next < f->ndecls) {
            AstFile *imported = import_file(m, f->decls[top->next++], f->src);
            OpenFile o = { imported, 0 };
            if (imported) VEC_PUSH(open, o);
            continue;
        }
        open.count--;
        size_t fns_before = m->fns.count, plans_before = plans->count;
        for (size_t i = 0; i < f->dropped.count; i++) VEC_PUSH(m->dropped, (const char *)f->dropped.items[i]);
        sema_add_file(m, f, open.count == 0 ? plans : NULL);
        compile_checked(m, fns_before);
        compile_plans(m, plans, plans_before);
    }
    VEC_FREE(open);
    m->dropped.count = 0;      /* the names live in the files' arena: forgotten with them */
    return m->diag->errors == before;
}

bool context_add_file(Context *m, AstFile *file, PtrList *plans)
{
    if (file->src && file->src->path[0] != '<') mark_loaded(m, file->src->path);
    if (plans) return add_file(m, file, plans);
    PtrList ignored = { 0 };
    bool ok = add_file(m, file, &ignored);
    for (size_t i = 0; i < ignored.count; i++) plan_free(ignored.items[i]);
    return ok;
}

/* ---- look-ups ---- */

static void *lookup(Context *m, const char *name, SymKind kind)
{
    Sym *s = sema_lookup(m, name);
    return s && s->kind == kind ? s->ptr : NULL;
}

const Lattice *context_lattice(Context *m, const char *name)
{
    LatInfo *li = lookup(m, name, SYM_LATTICE);
    return li ? li->L : NULL;
}

FnSym *context_fn(Context *m, const char *name)
{
    FnEntry *fe = lookup(m, name, SYM_FN);
    return fe && !fe->broken && !fe->generic ? &fe->sym : NULL;
}

GaloisSym *context_galois(Context *m, const char *name) { return lookup(m, name, SYM_GALOIS); }
ProgramSym *context_program(Context *m, const char *name) { return lookup(m, name, SYM_PROGRAM); }

/* ---- evaluation ---- */

bool context_call(Context *m, const FnSym *fn, const Word *const *args, Word *out, Loc where)
{
    if (!fn->chunk) {
        diag_error(m->diag, where, "'%s' cannot be called: its declaration has errors", fn->name);
        return false;
    }
    size_t words = fn->chunk->param_words, at = 0;
    if (m->call_args.cap < words + 1) {
        m->call_args.cap = words + 1;
        m->call_args.items = mem_realloc(m->call_args.items, m->call_args.cap * sizeof(Word));
    }
    Word *params = m->call_args.items;
    for (size_t i = 0; i < fn->nparams; i++) {
        size_t n = fn->params[i]->nwords;
        if (n) memcpy(params + at, args[i], n * sizeof(Word));
        at += n;
    }
    return vm_run(m->vm, fn->chunk, params, out, where);
}

bool context_call_each(Context *m, const FnSym *fn, const Word *lo, const Word *hi, Word *x,
                       VmEach each, void *ctx, Loc where)
{
    if (!fn->chunk) {
        diag_error(m->diag, where, "'%s' cannot be called: its declaration has errors", fn->name);
        return false;
    }
    return vm_run_each(m->vm, fn->chunk, fn->params[0], lo, hi, x, each, ctx, where);
}

bool context_eval(Context *m, Expr *e, const Lattice *expected, Type *type, Word **out)
{
    size_t nlocals;
    *out = NULL;
    const Type *t = sema_check_closed(m, e, expected, &nlocals);
    if (!t) return false;
    Chunk *chunk = compile_closed(m, "<expression>", e, t, nlocals);
    size_t words = sema_type_words(t);
    Word *v = mem_calloc(words ? words : 1, sizeof *v);
    bool ok = vm_run(m->vm, chunk, NULL, v, e->loc);
    ir_chunk_free(chunk);
    if (!ok) {
        mem_free(v);
        return false;
    }
    *type = *t;
    *out = v;
    return true;
}

bool context_eval_plan(Context *m, const PlanExpr *pe, Word **out)
{
    size_t words = sema_type_words(&pe->type);
    Word *v = mem_calloc(words ? words : 1, sizeof *v);
    if (!vm_run(m->vm, pe->chunk, NULL, v, pe->loc)) {
        mem_free(v);
        *out = NULL;
        return false;
    }
    *out = v;
    return true;
}

bool context_typeof(Context *m, Expr *e, Type *type)
{
    size_t nlocals;
    const Type *t = sema_check_closed(m, e, NULL, &nlocals);
    if (!t) return false;
    *type = *t;
    return true;
}

/* ---- listing ---- */

void context_dump_ir(Context *m, Buf *out)
{
    for (size_t i = 0; i < m->fns.count; i++) {
        const FnSym *f = &m->fns.items[i]->sym;
        if (!f->chunk) continue;
        fn_describe(f, out);
        buf_putc(out, '\n');
        ir_disassemble_chunk(f->chunk, out);
        buf_putc(out, '\n');
    }
}

void context_each_name(Context *m, void (*fn)(void *ctx, const char *name), void *ctx)
{
    for (size_t i = 0; i < m->syms.cap; i++)
        if (m->syms.keys[i] && m->syms.vals[i]) fn(ctx, (const char *)(uintptr_t)m->syms.keys[i]);
}
