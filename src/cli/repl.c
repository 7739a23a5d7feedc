/* repl.c: the interactive session of `fix repl` on a terminal or a pipe: lines read (libedit
 * for editing, history and completion on a terminal) and handed to the command line's session
 * through the API (api/fix_cli.h: the REPL's input, the code fix_repl_input runs too); signals:
 * Ctrl-C stops the running entry, SIGTERM and SIGHUP end the session. */
#include "cli/repl.h"

#include <ctype.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <editline/readline.h>

#include "util/mem.h"
#include "util/outfile.h"
#include "util/sigint.h"

typedef struct Repl {
    fix_session *s;
    volatile sig_atomic_t *signal;     /* the session's: fix_cli_signal_flag */
    bool tty;
} Repl;

/* ---- completion: :commands, keywords, declared names and element names ---- */

static const char *const command_words[] = {
    ":load", ":reload", ":type", ":lattice", ":env", ":html", ":reset", ":trace", ":why", ":help", ":quit",
};

static const char *const keyword_words[] = {
    "import", "lattice", "powerset", "chain", "range", "real", "tolerance", "finite", "dual",
    "map", "fn", "monotone", "antitone", "envelope", "galois", "program", "from", "show",
    "fixpoints", "approx", "refine", "bnb", "stable", "check", "steps", "trace", "budget",
    "rounds", "timeout", "split", "policy", "via", "jobs", "models", "mod", "let", "in", "if", "then", "else",
    "and", "or", "not", "join", "meet", "union", "inter", "minus", "count", "sup", "inf", "lfp",
    "gfp", "bot", "top", "true", "false", "forall", "exists", "table", "atoms",
};

/* The functions the language knows without a declaration (sema_expr.c, sema_coll.c). */
static const char *const builtin_words[] = { "min", "max", "abs", "fold", "elements", "keys" };

static fix_session *completion_session;     /* the session whose names are completed */

typedef struct NameList { char **items; size_t count, cap; } NameList;

static void repl_name_add(void *ctx, const char *name)
{
    NameList *l = ctx;
    VEC_PUSH(*l, mem_strdup(name));
}

static void completion_words(NameList *names, bool command)
{
    for (size_t i = 0; i < names->count; i++) mem_free(names->items[i]);
    names->count = 0;
    if (command) {
        for (size_t i = 0; i < FIX_ARRAY_LEN(command_words); i++) repl_name_add(names, command_words[i]);
        return;
    }
    for (size_t i = 0; i < FIX_ARRAY_LEN(keyword_words); i++) repl_name_add(names, keyword_words[i]);
    for (size_t i = 0; i < FIX_ARRAY_LEN(builtin_words); i++) repl_name_add(names, builtin_words[i]);
    if (completion_session) fix_cli_each_name(completion_session, repl_name_add, names);
}

static char *complete_name(const char *text, int state)
{
    static NameList names;
    static size_t next;
    if (state == 0) {
        completion_words(&names, text[0] == ':');
        next = 0;
    }
    size_t n = strlen(text);
    while (next < names.count) {
        const char *name = names.items[next++];
        if (strncmp(name, text, n) == 0) return strdup(name);
    }
    return NULL;
}

static char **complete(const char *text, int start, int end)
{
    (void)start;
    (void)end;
    rl_attempted_completion_over = 1;
    return rl_completion_matches(text, complete_name);
}

/* One line of input, or NULL at end of input.  Ctrl-C at the prompt gives back "". */
static char *read_line(Repl *r)
{
    const char *prompt = fix_cli_repl_open(r->s) ? "...> " : "fix> ";
    if (r->tty) {
        if (*r->signal == SIGINT) *r->signal = 0;
        char *line = readline(prompt);
        if (!line && *r->signal == SIGINT) {
            *r->signal = 0;
            fix_cli_repl_drop(r->s);
            fputc('\n', stdout);
            return mem_strdup("");
        }
        if (!line) return NULL;
        char *copy = mem_strdup(line);
        free(line);
        return copy;
    }
    Buf b;
    buf_init(&b);
    int c;
    while ((c = fgetc(stdin)) != EOF && c != '\n') buf_putc(&b, (char)c);
    if (c == EOF && b.len == 0) { buf_free(&b); return NULL; }
    char *copy = mem_strdup(b.data ? buf_cstr(&b) : "");
    buf_free(&b);
    return copy;
}

/* Handles one line; returns false on :quit. */
static bool handle_line(Repl *r, const char *line)
{
    const char *text = line;
    while (isspace((unsigned char)*text)) text++;
    if (r->tty && *text) add_history(line);
    return fix_cli_repl_line(r->s, line);
}

/* SIGTERM or SIGHUP ends the session (after the entry it stopped); Ctrl-C only stops the
 * running entry. */
static bool ended_by_signal(const Repl *r)
{
    return *r->signal && *r->signal != SIGINT;
}

int cli_repl_main(fix_session *s, const char *const *files, size_t nfiles)
{
    for (size_t i = 0; i < nfiles; i++)      /* `fix repl m.fix >> m.fix`: nothing written */
        if (outfile_is_stdout(files[i])) {
            fprintf(stderr, "fix: error: standard output is the input %s\n", files[i]);
            return 1;
        }
    Repl r = { .s = s, .signal = fix_cli_signal_flag(s), .tty = isatty(STDIN_FILENO) != 0 };
    completion_session = s;
    fix_cli_guard_outputs(s);
    sigint_install(r.signal, r.tty ? SIGINT_EVERY : SIGINT_EVERY_RESTART);
    if (r.tty) {
        rl_attempted_completion_function = complete;
        using_history();
        printf("fix %s -- :help for help, :quit to leave\n", FIX_VERSION);
    }
    for (size_t i = 0; i < nfiles; i++) fix_cli_repl_load(s, files[i]);
    for (;;) {
        if (ended_by_signal(&r)) break;
        char *line = read_line(&r);
        if (line && ended_by_signal(&r)) mem_free(line);   /* it came while reading: not run */
        if (!line || ended_by_signal(&r)) break;
        bool go_on = handle_line(&r, line);
        mem_free(line);
        if (!go_on || ended_by_signal(&r)) break;
    }
    if (!ended_by_signal(&r) && !fix_cli_output_failed(s)) fix_cli_repl_finish(s);
    if (r.tty) fputc('\n', stdout);
    bool written = fix_cli_output_ok(s);
    int sig = ended_by_signal(&r) ? *r.signal : 0;
    sigint_remove();
    completion_session = NULL;
    return !written ? 1 : sig ? sigint_exit_code(sig) : 0;
}
