/* fix_session.c: the C API's sessions (fix.h) over the application's Session (app/run.h): text
 * loaded and queries run through session_run_source, results and engine events taken
 * through the session's sink instead of printed, errors through the Diag's hook, limits and
 * cancelling through the session's Limits and its interrupt flag.  No state outside a
 * session. */
#define _GNU_SOURCE        /* dladdr: where the library is */
#include "api/fix.h"

#include <dlfcn.h>
#include <unistd.h>

#include <stdlib.h>
#include <string.h>

#include "api/fix_result.h"
#include "api/fix_session_internal.h"
#include "api/fix_value.h"
#include "app/repl_input.h"
#include "util/mem.h"

static const char EVAL_HEAD[] = "show ";

/* ---- what the session hands over ---- */

static void on_error(void *ctx, const char *path, unsigned line, unsigned col, const char *message)
{
    fix_session *s = ctx;
    bool in_eval = s->eval_src && path && strcmp(path, s->eval_src->path) == 0;
    if (in_eval && line == 1 && col > sizeof EVAL_HEAD - 1) col -= (unsigned)(sizeof EVAL_HEAD - 1);
    FixError e = { path ? mem_strdup(path) : NULL, mem_strdup(message), line, col };
    VEC_PUSH(s->errors, e);
}

static void on_result(void *ctx, const QueryResult *r)
{
    fix_session *s = ctx;
    VEC_PUSH(s->loaded, fix_result_from(r, s->session.limits.hit));
}

static void on_event(void *ctx, const Lattice *L, const AftEvent *ev)
{
    fix_session *s = ctx;
    if (!s->event_fn) return;
    Buf b;
    buf_init(&b);
    JsonWriter w;
    json_init(&w, &b);
    report_event_object(&w, L, ev);
    s->event_fn(s->event_user, buf_cstr(&b));
    buf_free(&b);
}

/* ---- sessions ---- */

/* The standard library where it lies beside the library, as `fix run` finds it beside the
 * binary: build/libfix.so -> stdlib, PREFIX/lib/libfix.so -> PREFIX/share/fix/stdlib (unless
 * FIX_STDLIB names it). */
static void add_stdlib_dirs(fix_session *s)
{
    const char *env = getenv("FIX_STDLIB");
    Dl_info info;
    if ((env && *env) || !dladdr((void *)fix_session_new, &info) || !info.dli_fname) return;
    const char *slash = strrchr(info.dli_fname, '/');
    static const char *const beside[2] = { "/../stdlib", "/../share/fix/stdlib" };
    for (size_t i = 0; slash && i < 2; i++) {
        Buf b;
        buf_init(&b);
        buf_printf(&b, "%.*s%s", (int)(slash - info.dli_fname), info.dli_fname, beside[i]);
        if (access(buf_cstr(&b), R_OK) == 0) {
            s->stdlib_dirs[i] = mem_strdup(buf_cstr(&b));
            session_add_search_dir(&s->session, s->stdlib_dirs[i]);
        }
        buf_free(&b);
    }
}

fix_session *fix_session_new(void)
{
    fix_session *s = mem_calloc(1, sizeof *s);
    s->devnull = fopen("/dev/null", "w");
    if (!s->devnull) {
        mem_free(s);
        return NULL;
    }
    RunOptions opt;
    memset(&opt, 0, sizeof opt);
    session_init(&s->session, &opt, s->devnull);
    s->session.aside = s->devnull;
    s->session.diag.out = NULL;
    s->session.diag.on_error = on_error;
    s->session.diag.error_ctx = s;
    s->session.sink = (SessionSink){ on_result, on_event, s };
    add_stdlib_dirs(s);
    return s;
}

static void clear_errors(fix_session *s)
{
    for (size_t i = 0; i < s->errors.count; i++) {
        mem_free(s->errors.items[i].file);
        mem_free(s->errors.items[i].message);
    }
    s->errors.count = 0;
}

static void clear_loaded(fix_session *s)
{
    for (size_t i = 0; i < s->loaded.count; i++) fix_result_free(s->loaded.items[i]);
    s->loaded.count = 0;
}

static void clear_decls(fix_session *s)
{
    for (size_t i = 0; i < s->decls.count; i++) mem_free(s->decls.items[i]);
    s->decls.count = 0;
    mem_free(s->decl_kinds);
    s->decl_kinds = NULL;
}

void fix_session_free(fix_session *s)
{
    if (!s) return;
    clear_errors(s);
    clear_loaded(s);
    clear_decls(s);
    mem_free(s->errors.items);
    mem_free(s->loaded.items);
    mem_free(s->decls.items);
    repl_input_free(s->repl);
    mem_free(s->repl_out);
    mem_free(s->repl_html);
    session_free(&s->session);
    mem_free(s->stdlib_dirs[0]);
    mem_free(s->stdlib_dirs[1]);
    if (s->devnull) fclose(s->devnull);    /* none in the command line's (fix_cli.c) */
    mem_free(s);
}

int fix_add_search_dir(fix_session *s, const char *dir)
{
    return session_add_search_dir(&s->session, dir) ? 0 : -1;
}

void fix_set_timeout(fix_session *s, double seconds) { s->session.opt.timeout_s = seconds > 0 ? seconds : 0; }

void fix_set_max_steps(fix_session *s, uint64_t steps)
{
    s->session.opt.max_steps = steps;
    context_set_limits(s->session.context, steps, &s->session.limits);
}

/* The flag a signal handler sets in `fix run`; every stage polls it (util/limits.h). */
void fix_cancel(fix_session *s)
{
    __atomic_store_n(&s->session.interrupt, SIGINT, __ATOMIC_SEQ_CST);
}

void fix_set_event_callback(fix_session *s, fix_event_fn fn, void *user)
{
    s->event_fn = fn;
    s->event_user = user;
}

/* ---- loading and running ---- */

/* A call's start: the last call's errors and results forgotten, no cancel pending. */
void api_begin_call(fix_session *s)
{
    clear_errors(s);
    clear_loaded(s);
    s->interrupted = false;
    s->eval_src = NULL;
    __atomic_store_n(&s->session.interrupt, 0, __ATOMIC_SEQ_CST);
}

static int end_call(fix_session *s, FixResult rc)
{
    s->interrupted = rc == FIX_INTERRUPTED;
    return rc == FIX_OK ? 0 : -1;
}

static const Source *add_text(fix_session *s, const char *name, const char *text)
{
    return diag_add_source(&s->session.diag, name ? name : "<string>", text, strlen(text));
}

int fix_load_file(fix_session *s, const char *path)
{
    api_begin_call(s);
    return end_call(s, session_run_file(&s->session, path, false));
}

int fix_load_string(fix_session *s, const char *name, const char *text)
{
    api_begin_call(s);
    return end_call(s, session_run_source(&s->session, add_text(s, name, text), false));
}

void fix_reset(fix_session *s)
{
    api_begin_call(s);
    session_reset(&s->session);
}

size_t fix_loaded_count(const fix_session *s) { return s->loaded.count; }

const fix_result *fix_loaded_result(const fix_session *s, size_t i)
{
    return i < s->loaded.count ? s->loaded.items[i] : NULL;
}

/* The last result of a text run as a query, handed to the caller; NULL after an error. */
static fix_result *take_last(fix_session *s, const Source *src)
{
    FixResult rc = session_run_source(&s->session, src, false);
    end_call(s, rc);
    if (s->loaded.count == 0) {
        if (s->errors.count == 0) on_error(s, src->path, 0, 0, "the text holds no query");
        return NULL;
    }
    return s->loaded.items[--s->loaded.count];
}

fix_result *fix_query(fix_session *s, const char *text)
{
    api_begin_call(s);
    return take_last(s, add_text(s, "<query>", text));
}

fix_result *fix_eval(fix_session *s, const char *expr)
{
    api_begin_call(s);
    Buf b;
    buf_init(&b);
    buf_printf(&b, "%s%s\n;", EVAL_HEAD, expr);
    const Source *src = add_text(s, "<eval>", buf_cstr(&b));
    buf_free(&b);
    s->eval_src = src;
    return take_last(s, src);
}

/* ---- declarations ---- */

static void add_decl(void *ctx, const char *name)
{
    fix_session *s = ctx;
    if (strcmp(name, "Bool") != 0) VEC_PUSH(s->decls, mem_strdup(name));    /* not built in */
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static const char *decl_kind(Context *c, const char *name)
{
    if (context_lattice(c, name)) return "lattice";
    if (context_fn(c, name)) return "fn";
    if (context_galois(c, name)) return "galois";
    if (context_program(c, name)) return "program";
    return "name";
}

/* The names declared so far, read afresh (the session may have grown since). */
static void read_decls(fix_session *s)
{
    clear_decls(s);
    context_each_name(s->session.context, add_decl, s);
    if (s->decls.count) qsort(s->decls.items, s->decls.count, sizeof *s->decls.items, by_name);
    s->decl_kinds = mem_calloc(s->decls.count + 1, sizeof *s->decl_kinds);
    for (size_t i = 0; i < s->decls.count; i++) s->decl_kinds[i] = decl_kind(s->session.context, s->decls.items[i]);
}

size_t fix_declaration_count(fix_session *s)
{
    read_decls(s);
    return s->decls.count;
}

const char *fix_declaration_name(fix_session *s, size_t i)
{
    if (!s->decl_kinds) read_decls(s);
    return i < s->decls.count ? s->decls.items[i] : NULL;
}

const char *fix_declaration_kind(fix_session *s, size_t i)
{
    if (!s->decl_kinds) read_decls(s);
    return i < s->decls.count ? s->decl_kinds[i] : NULL;
}

/* ---- errors ---- */

size_t fix_error_count(const fix_session *s) { return s->errors.count; }

static const FixError *error_at(const fix_session *s, size_t i)
{
    return i < s->errors.count ? &s->errors.items[i] : NULL;
}

const char *fix_error_message(const fix_session *s, size_t i) { return error_at(s, i) ? error_at(s, i)->message : NULL; }
const char *fix_error_file(const fix_session *s, size_t i) { return error_at(s, i) ? error_at(s, i)->file : NULL; }
unsigned fix_error_line(const fix_session *s, size_t i) { return error_at(s, i) ? error_at(s, i)->line : 0; }
unsigned fix_error_col(const fix_session *s, size_t i) { return error_at(s, i) ? error_at(s, i)->col : 0; }
int fix_was_interrupted(const fix_session *s) { return s->interrupted; }
