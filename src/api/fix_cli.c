/* fix_cli.c: the command line's sessions (fix_cli.h): a fix_session whose Session prints as
 * `fix run` prints, and the runs of `fix run`, `fix check` and `fix repl` over it (signals,
 * --stats, --dot LINE's notice, the --html page, the exit status). */
#include "api/fix_cli.h"

#include <stdio.h>
#include <string.h>

#include "api/fix_session_internal.h"
#include "app/repl_input.h"
#include "util/mem.h"
#include "util/sigint.h"

fix_session *fix_cli_session_new(const RunOptions *opt, const char *const *dirs, size_t ndirs)
{
    limits_cap_address_space(opt->max_memory);
    fix_session *s = mem_calloc(1, sizeof *s);
    session_init(&s->session, opt, stdout);
    for (size_t i = 0; i < ndirs; i++) session_add_search_dir(&s->session, dirs[i]);
    return s;
}

static int exit_code(FixResult r)
{
    switch (r) {
    case FIX_OK: return 0;
    case FIX_COMPILE_ERROR: case FIX_RUNTIME_ERROR: return 1;
    case FIX_USAGE_ERROR: return 2;
    case FIX_INTERRUPTED: return sigint_exit_code(SIGINT);
    }
    return 1;
}

/* --stats: the evaluator's counts, on stderr. */
static void print_stats(const Session *s)
{
    VmStats st = context_vm_stats(s->context);
    vm_stats_add(&st, s->worker_vms);
    fprintf(stderr, "evaluator: %llu calls, memo %llu hits, %llu misses; lfp starts %llu warm, %llu cold, "
            "%llu refused\n", (unsigned long long)st.calls, (unsigned long long)st.memo_hits,
            (unsigned long long)st.memo_misses, (unsigned long long)st.warm, (unsigned long long)st.cold,
            (unsigned long long)st.refused);
}

int fix_cli_run(fix_session *fs, const char *path, bool check_only)
{
    Session *s = &fs->session;
    const RunOptions *opt = &s->opt;
    s->guard_outputs = true;
    sigint_install(&s->interrupt, SIGINT_ONCE);
    FixResult r;
    if (strcmp(path, "-") == 0) {
        const Source *src = session_outputs_clash(s, "-") ? NULL
                            : diag_load_stream(&s->diag, "<stdin>", stdin);
        r = src ? session_run_source(s, src, check_only) : FIX_COMPILE_ERROR;
    } else r = session_run_file(s, path, check_only);
    if (opt->stats) print_stats(s);
    if (opt->dot_line && s->graphs == 0 && r != FIX_COMPILE_ERROR)
        fprintf(stderr, "fix: --dot %u: no query on line %u has a graph\n", opt->dot_line, opt->dot_line);
    bool written = !opt->html || s->output_failed || s->output_refused ||
                   session_write_page(s, opt->html, path);
    written = session_output_ok(s) && written && !s->file_failed;
    int sig = s->interrupt;
    sigint_remove();             /* after the last write: a signal till then stops in order */
    if (!written) return 1;      /* cannot write ...: reported */
    return sig ? sigint_exit_code(sig) : exit_code(r);
}

/* ---- the REPL's lines ---- */

static ReplInput *repl_of(fix_session *s)
{
    if (!s->repl) s->repl = repl_input_new(&s->session);
    return s->repl;
}

volatile sig_atomic_t *fix_cli_signal_flag(fix_session *s) { return &s->session.interrupt; }
bool fix_cli_repl_line(fix_session *s, const char *line) { return repl_input_line(repl_of(s), line); }
bool fix_cli_repl_open(fix_session *s) { return repl_input_open(repl_of(s)); }
void fix_cli_repl_drop(fix_session *s) { repl_input_drop(repl_of(s)); }
void fix_cli_repl_finish(fix_session *s) { repl_input_finish(repl_of(s)); }
void fix_cli_repl_load(fix_session *s, const char *path) { repl_input_load(repl_of(s), path); }
void fix_cli_guard_outputs(fix_session *s) { s->session.guard_outputs = true; }
bool fix_cli_output_ok(fix_session *s) { return session_output_ok(&s->session); }
bool fix_cli_output_failed(const fix_session *s) { return s->session.output_failed; }

void fix_cli_each_name(fix_session *s, void (*fn)(void *ctx, const char *name), void *ctx)
{
    NameList names = { 0 };
    Context *context = s->session.context;
    context_each_name(context, repl_name_add, &names);
    for (size_t i = 0; i < names.count; i++) fn(ctx, names.items[i]);
    for (size_t i = 0; i < names.count; i++) {
        const Lattice *L = context_lattice(context, names.items[i]);
        size_t n = 0;
        const char *const *elems = L ? lattice_names(L, &n) : NULL;
        for (size_t k = 0; k < n; k++) fn(ctx, elems[k]);
    }
    repl_names_free(&names);
}
