/* context.c: the context of a run or REPL session: imports, and the API of context.h over
 * sema, compile and the VM. */
#include "check/context.h"

#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include "check/compile.h"
#include "check/sema.h"
#include "code/vm.h"
#include "util/strtail.h"

/* The context: the checker's state, the files loaded (their trees in the arena), and the VM
 * that runs what was compiled.  Private to this file: everyone else goes through context.h. */
struct Context {
    Diag *diag;
    Sema sema;                 /* the checker's state (check/sema.h): only the checker writes it */
    Arena arena;               /* the trees of imported files, the paths of the files loaded */
    VEC(char *) search_dirs;
    HashMap loaded;            /* real paths of the files added or imported */
    struct Vm *vm;
    VEC(Word) call_args;       /* context_call's arguments, reused from call to call */
    bool no_fuse;              /* compile without the peephole fusion (context_set_fusion) */
};

Context *context_new(Diag *diag)
{
    Context *context = mem_calloc(1, sizeof *context);
    context->diag = diag;
    arena_init(&context->arena);
    sema_init(&context->sema, diag, &sema_expr_walk);
    hashmap_init_str(&context->loaded);
    context->vm = vm_new(diag);
    return context;
}

void context_free(Context *context)
{
    if (!context) return;
    vm_free(context->vm);
    VEC_FREE(context->call_args);
    sema_free(&context->sema);
    hashmap_free(&context->loaded);
    for (size_t i = 0; i < context->search_dirs.count; i++) mem_free(context->search_dirs.items[i]);
    VEC_FREE(context->search_dirs);
    arena_free(&context->arena);
    mem_free(context);
}


void context_add_search_dir(Context *context, const char *dir)
{
    VEC_PUSH(context->search_dirs, mem_strdup(dir));
}

void context_set_limits(Context *context, uint64_t max_steps, Limits *limits)
{
    vm_set_limits(context->vm, max_steps, limits);
}

void context_set_evaluator(Context *context, size_t max_depth, bool memo) { vm_set_evaluator(context->vm, max_depth, memo); }

void context_set_host(Context *context, const VmHost *host) { vm_set_host(context->vm, host); }

void context_set_fusion(Context *context, bool on) { context->no_fuse = !on; }

VmStats context_vm_stats(const Context *context) { return vm_stats(context->vm); }

FnSym *context_own_fn(Context *context, const FnSym *fn)
{
    return &context->sema.fns.items[sema_fn_entry(fn)->index]->sym;
}

size_t context_fn_count(const Context *context) { return context->sema.fns.count; }

FnSym *context_fn_at(Context *context, size_t i) { return &context->sema.fns.items[i]->sym; }

const IrTables *context_tables(const Context *context) { return &context->sema.tables; }

/* ---- imports ---- */

/* Marks a file as loaded; false when it was loaded before. */
static bool mark_loaded(Context *context, const char *path)
{
    char *real = realpath(path, NULL);
    const char *key = arena_strdup(&context->arena, real ? real : path);
    free(real);
    if (hashmap_get_ptr(&context->loaded, key)) return false;
    hashmap_put_ptr(&context->loaded, key, (void *)key);
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
static void import_dirs(Context *context, const Source *from, DirList *dirs)
{
    Buf b;
    buf_init(&b);
    if (from && from->path[0] != '<') {
        dir_of(from->path, &b);
        VEC_PUSH(*dirs, mem_strdup(buf_cstr(&b)));
    } else {
        VEC_PUSH(*dirs, mem_strdup("."));
    }
    for (size_t i = 0; i < context->search_dirs.count; i++) VEC_PUSH(*dirs, mem_strdup(context->search_dirs.items[i]));
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
static AstFile *import_file(Context *context, const Decl *d, const Source *from)
{
    Buf name, path;
    buf_init(&name);
    buf_init(&path);
    buf_puts(&name, d->path);
    if (!str_ends_with(d->path, ".fix")) buf_puts(&name, ".fix");
    DirList dirs = { 0 };
    if (d->path[0] == '/') VEC_PUSH(dirs, mem_strdup(""));
    else import_dirs(context, from, &dirs);
    bool found = false;
    for (size_t i = 0; i < dirs.count && !found; i++) {
        buf_clear(&path);
        if (dirs.items[i][0]) buf_printf(&path, "%s/", dirs.items[i]);
        buf_puts(&path, buf_cstr(&name));
        found = access(buf_cstr(&path), R_OK) == 0;
    }
    AstFile *file = NULL;
    if (!found) {
        diag_error(context->diag, d->loc, "cannot find '%s' to import (looked in the file's directory, -I "
                   "directories, $FIX_PATH and the standard library)", buf_cstr(&name));
    } else if (mark_loaded(context, buf_cstr(&path))) {
        Source *src = diag_load_file(context->diag, buf_cstr(&path));
        if (src) file = parse_source(context->diag, &context->arena, src);
    }
    for (size_t i = 0; i < dirs.count; i++) mem_free(dirs.items[i]);
    VEC_FREE(dirs);
    buf_free(&name);
    buf_free(&path);
    return file;
}

/* Compiles the functions the checker checked since the first `from` of its fns: checking
 * comes first, then compiling, so that the checker never depends on the compiler.  A signal (diag's
 * interrupt) stops it: the session then runs nothing and the REPL builds its state again
 * from the declarations it kept (app/repl_defs.c), so a function left without code is
 * never called. */
static void compile_checked(Context *context, size_t from)
{
    for (size_t i = from; i < context->sema.fns.count && !diag_interrupted(context->diag); i++) {
        FnEntry *fe = context->sema.fns.items[i];
        if (fe->broken || !fe->body || fe->sym.chunk) continue;
        fe->sym.chunk = compile_function(&context->sema, !context->no_fuse, &fe->sym, fe->body, fe->nlocals);
    }
}

static void compile_plan_expr(Context *context, PlanExpr *pe)
{
    if (pe) pe->chunk = compile_closed(&context->sema, !context->no_fuse, "<expression>", pe->expr, &pe->type, pe->nlocals);
}

/* The expressions of the plans the checker appended from index `from` on. */
static void compile_plans(Context *context, PtrList *plans, size_t from)
{
    for (size_t i = from; i < plans->count && !diag_interrupted(context->diag); i++) {
        QueryPlan *p = plans->items[i];
        compile_plan_expr(context, p->show);
        compile_plan_expr(context, p->from_lo);
        compile_plan_expr(context, p->from_hi);
    }
}

/* A file whose imports are being added: the index of its next declaration to look at. */
typedef struct OpenFile { AstFile *file; size_t next; } OpenFile;

/* Imports first (each file's own imports before it, each file once), then the declarations;
 * queries of imported files are not run.  Chains of imports are followed with an explicit
 * stack, so however deep they go they cost no C stack. */
static bool add_file(Context *context, AstFile *root, PtrList *plans)
{
    int before = context->diag->errors;
    VEC(OpenFile) open = { 0 };
    OpenFile first = { root, 0 };
    VEC_PUSH(open, first);
    while (open.count) {
        OpenFile *top = &open.items[open.count - 1];
        AstFile *f = top->file;
        while (top->next < f->ndecls && f->decls[top->next]->kind != D_IMPORT) top->next++;
        if (top->next < f->ndecls && diag_interrupted(context->diag)) top->next = f->ndecls;
        if (top->next < f->ndecls) {
            AstFile *imported = import_file(context, f->decls[top->next++], f->src);
            OpenFile o = { imported, 0 };
            if (imported) VEC_PUSH(open, o);
            continue;
        }
        open.count--;
        size_t fns_before = context->sema.fns.count, plans_before = plans->count;
        for (size_t i = 0; i < f->dropped.count; i++) VEC_PUSH(context->sema.dropped, (const char *)f->dropped.items[i]);
        sema_add_file(&context->sema, f, open.count == 0 ? plans : NULL);
        compile_checked(context, fns_before);
        compile_plans(context, plans, plans_before);
    }
    VEC_FREE(open);
    context->sema.dropped.count = 0;      /* the names live in the files' arena: forgotten with them */
    return context->diag->errors == before;
}

bool context_add_file(Context *context, AstFile *file, PtrList *plans)
{
    if (file->src && file->src->path[0] != '<') mark_loaded(context, file->src->path);
    if (plans) return add_file(context, file, plans);
    PtrList ignored = { 0 };
    bool ok = add_file(context, file, &ignored);
    for (size_t i = 0; i < ignored.count; i++) plan_free(ignored.items[i]);
    return ok;
}

/* ---- look-ups ---- */

static void *lookup(Context *context, const char *name, SymKind kind)
{
    Sym *s = sema_lookup(&context->sema, name);
    return s && s->kind == kind ? s->ptr : NULL;
}

const Lattice *context_lattice(Context *context, const char *name)
{
    LatInfo *li = lookup(context, name, SYM_LATTICE);
    return li ? li->L : NULL;
}

FnSym *context_fn(Context *context, const char *name)
{
    FnEntry *fe = lookup(context, name, SYM_FN);
    return fe && !fe->broken && !fe->generic ? &fe->sym : NULL;
}

GaloisSym *context_galois(Context *context, const char *name) { return lookup(context, name, SYM_GALOIS); }
ProgramSym *context_program(Context *context, const char *name) { return lookup(context, name, SYM_PROGRAM); }

/* ---- evaluation ---- */

bool context_call(Context *context, const FnSym *fn, const Word *const *args, Word *out, Loc where)
{
    if (!fn->chunk) {
        diag_error(context->diag, where, "'%s' cannot be called: its declaration has errors", fn->name);
        return false;
    }
    size_t words = fn->chunk->param_words, at = 0;
    if (context->call_args.cap < words + 1) {
        context->call_args.cap = words + 1;
        context->call_args.items = mem_realloc(context->call_args.items, context->call_args.cap * sizeof(Word));
    }
    Word *params = context->call_args.items;
    for (size_t i = 0; i < fn->nparams; i++) {
        size_t n = fn->params[i]->nwords;
        if (n) memcpy(params + at, args[i], n * sizeof(Word));
        at += n;
    }
    return vm_run(context->vm, fn->chunk, params, out, where);
}

bool context_call_each(Context *context, const FnSym *fn, const Word *lo, const Word *hi, Word *x,
                       VmEach each, void *ctx, Loc where)
{
    if (!fn->chunk) {
        diag_error(context->diag, where, "'%s' cannot be called: its declaration has errors", fn->name);
        return false;
    }
    return vm_run_each(context->vm, fn->chunk, fn->params[0], lo, hi, x, each, ctx, where);
}

bool context_eval(Context *context, Expr *e, const Lattice *expected, Type *type, Word **out)
{
    size_t nlocals;
    *out = NULL;
    const Type *t = sema_check_closed(&context->sema, e, expected, &nlocals);
    if (!t) return false;
    Chunk *chunk = compile_closed(&context->sema, !context->no_fuse, "<expression>", e, t, nlocals);
    size_t words = sema_type_words(t);
    Word *v = mem_calloc(words ? words : 1, sizeof *v);
    bool ok = vm_run(context->vm, chunk, NULL, v, e->loc);
    ir_chunk_free(chunk);
    if (!ok) {
        mem_free(v);
        return false;
    }
    *type = *t;
    *out = v;
    return true;
}

bool context_eval_plan(Context *context, const PlanExpr *pe, Word **out)
{
    size_t words = sema_type_words(&pe->type);
    Word *v = mem_calloc(words ? words : 1, sizeof *v);
    if (!vm_run(context->vm, pe->chunk, NULL, v, pe->loc)) {
        mem_free(v);
        *out = NULL;
        return false;
    }
    *out = v;
    return true;
}

bool context_typeof(Context *context, Expr *e, Type *type)
{
    size_t nlocals;
    const Type *t = sema_check_closed(&context->sema, e, NULL, &nlocals);
    if (!t) return false;
    *type = *t;
    return true;
}

/* ---- listing ---- */

void context_dump_ir(Context *context, Buf *out)
{
    for (size_t i = 0; i < context->sema.fns.count; i++) {
        const FnSym *f = &context->sema.fns.items[i]->sym;
        if (!f->chunk) continue;
        type_fn_describe(f, out);
        buf_putc(out, '\n');
        ir_disassemble_chunk(f->chunk, out);
        buf_putc(out, '\n');
    }
}

void context_each_name(Context *context, void (*fn)(void *ctx, const char *name), void *ctx)
{
    HashMap *syms = &context->sema.syms;
    for (size_t i = 0; i < syms->cap; i++)
        if (syms->keys[i] && syms->vals[i]) fn(ctx, (const char *)(uintptr_t)syms->keys[i]);
}
