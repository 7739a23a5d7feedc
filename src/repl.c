/* repl.c: the interactive session: declarations and queries entered line by line (libedit for
 * editing, history and completion); an error never ends the session. */
#include "repl.h"

#include <ctype.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <editline/readline.h>

#include "util/mem.h"

static const char *const help_text =
    "Enter declarations and queries as in a .fix file; an entry ends with ';' (or '}' for a\n"
    "block) and may span several lines.  A bare expression is shown: `1 + 2` is `show 1 + 2;`.\n"
    "  :load FILE     load and run a .fix file\n"
    "  :type EXPR     the type of an expression\n"
    "  :lattice L     size, height, bottom and top of a lattice\n"
    "  :env           what is declared\n"
    "  :trace on|off  print every refine step and bnb event\n"
    "  :help          this text\n"
    "  :quit          leave (also Ctrl-D)\n"
    "Ctrl-C interrupts a running query and keeps the session.\n";

/* The one piece of process state a signal handler needs: where Ctrl-C is recorded.  It points
 * into the running session and is set only while repl_main runs. */
static volatile sig_atomic_t *interrupt_flag;

static void on_sigint(int sig)
{
    (void)sig;
    if (interrupt_flag) *interrupt_flag = 1;
}

typedef struct Repl {
    Session *s;
    bool tty;
    int entries;
    Buf pending;             /* lines of an entry not finished yet */
} Repl;

/* ---- completion of declared names ---- */

typedef struct NameList { char **items; size_t count, cap; } NameList;

static void add_name(void *ctx, const char *name)
{
    NameList *l = ctx;
    VEC_PUSH(*l, mem_strdup(name));
}

static Session *completion_session;     /* the session whose names are completed */

static char *complete_name(const char *text, int state)
{
    static NameList names;
    static size_t next;
    if (state == 0) {
        for (size_t i = 0; i < names.count; i++) mem_free(names.items[i]);
        names.count = 0;
        next = 0;
        if (completion_session) model_each_name(completion_session->model, add_name, &names);
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

/* ---- entries ---- */

/* An entry is complete when brackets balance and it ends with ';' or '}'. */
static bool entry_complete(const char *text)
{
    int depth = 0;
    bool in_string = false;
    char last = 0;
    for (const char *p = text; *p; p++) {
        if (in_string) {
            if (*p == '\\' && p[1]) p++;
            else if (*p == '"') in_string = false;
            continue;
        }
        if (*p == '/' && p[1] == '/') { while (*p && *p != '\n') p++; if (!*p) break; continue; }
        if (*p == '"') in_string = true;
        else if (*p == '(' || *p == '{' || *p == '[') depth++;
        else if (*p == ')' || *p == '}' || *p == ']') depth--;
        if (!isspace((unsigned char)*p)) last = *p;
    }
    return depth <= 0 && !in_string && (last == ';' || last == '}' || last == 0);
}

static bool starts_with_keyword(const char *text)
{
    static const char *const words[] = {
        "import", "lattice", "fn", "envelope", "galois", "program", "show", "fixpoints", "approx",
        "refine", "bnb", "stable", "check", "lfp ", "gfp ",
    };
    while (isspace((unsigned char)*text)) text++;
    for (size_t i = 0; i < FIX_ARRAY_LEN(words); i++)
        if (strncmp(text, words[i], strlen(words[i])) == 0) return true;
    return false;
}

static const Source *entry_source(Repl *r, const char *text)
{
    char name[32];
    snprintf(name, sizeof name, "<repl:%d>", ++r->entries);
    return diag_add_source(&r->s->diag, name, text, strlen(text));
}

static void run_entry(Repl *r, const char *text)
{
    Buf b;
    buf_init(&b);
    if (starts_with_keyword(text)) {
        buf_puts(&b, text);
    } else {
        buf_puts(&b, "show ");
        buf_puts(&b, text);
    }
    /* a missing final ';' is forgiven */
    size_t len = b.len;
    while (len > 0 && isspace((unsigned char)b.data[len - 1])) len--;
    if (len > 0 && b.data[len - 1] != ';' && b.data[len - 1] != '}') buf_putc(&b, ';');
    session_run_source(r->s, entry_source(r, buf_cstr(&b)), false);
    buf_free(&b);
}

/* ---- commands ---- */

static void cmd_type(Repl *r, const char *arg)
{
    Buf b;
    buf_init(&b);
    buf_printf(&b, "show %s;", arg);
    const Source *src = entry_source(r, buf_cstr(&b));
    buf_free(&b);
    AstFile *file = parse_source(&r->s->diag, &r->s->arena, src);
    if (!file || file->ndecls != 1 || file->decls[0]->kind != D_QUERY) return;
    Type t;
    if (!model_typeof(r->s->model, file->decls[0]->query.expr, &t)) return;
    Buf out;
    buf_init(&out);
    type_describe(&t, &out);
    fprintf(r->s->out, "%s : %s\n", arg, buf_cstr(&out));
    buf_free(&out);
}

static void cmd_lattice(Repl *r, const char *name)
{
    const Lattice *L = model_lattice(r->s->model, name);
    if (!L) {
        fprintf(stderr, "fix: error: unknown lattice '%s'\n", name);
        return;
    }
    Word *bot = lattice_elem_new(L), *top = lattice_elem_new(L);
    L->ops->bot(L, bot);
    L->ops->top(L, top);
    Buf b;
    buf_init(&b);
    buf_printf(&b, "lattice %s = ", name);
    lattice_describe(L, &b);
    buf_puts(&b, "\n  size   ");
    if (L->finite) lattice_print_log2_size(L->log2_card, &b);
    else buf_puts(&b, "infinite");
    buf_puts(&b, "\n  height ");
    double h = L->ops->height(L, bot, top);
    if (L->finite) buf_printf(&b, "%.0f", h);
    else { buf_put_double(&b, h); buf_puts(&b, " (in tolerance steps)"); }
    buf_puts(&b, "\n  bot    ");
    L->ops->print(L, bot, &b);
    buf_puts(&b, "\n  top    ");
    L->ops->print(L, top, &b);
    buf_putc(&b, '\n');
    fputs(buf_cstr(&b), r->s->out);
    buf_free(&b);
    mem_free(bot);
    mem_free(top);
}

static void print_name(void *ctx, const char *name)
{
    Repl *r = ctx;
    Model *m = r->s->model;
    Buf b;
    buf_init(&b);
    const Lattice *L = model_lattice(m, name);
    FnSym *fn = model_fn(m, name);
    if (L) {
        buf_printf(&b, "lattice %s = ", name);
        lattice_describe(L, &b);
    } else if (fn) {
        buf_printf(&b, "fn %s(", name);
        for (size_t i = 0; i < fn->nparams; i++) {
            if (i) buf_puts(&b, ", ");
            buf_printf(&b, "%s: ", fn->param_names[i]);
            lattice_describe(fn->params[i], &b);
        }
        buf_puts(&b, "): ");
        lattice_describe(fn->ret, &b);
        if (fn->ann == ANN_MONOTONE) buf_puts(&b, " monotone");
        if (fn->ann == ANN_ANTITONE) buf_puts(&b, " antitone");
        if (fn->upper) buf_puts(&b, "  (with envelope)");
    } else if (model_galois(m, name)) {
        GaloisSym *g = model_galois(m, name);
        buf_printf(&b, "galois %s : ", name);
        lattice_describe(g->concrete, &b);
        buf_puts(&b, " -> ");
        lattice_describe(g->abstract, &b);
    } else if (model_program(m, name)) {
        buf_printf(&b, "program %s", name);
    } else {
        buf_free(&b);
        return;
    }
    fprintf(r->s->out, "%s\n", buf_cstr(&b));
    buf_free(&b);
}

static const char *skip_space(const char *s)
{
    while (isspace((unsigned char)*s)) s++;
    return s;
}

/* Returns false on :quit. */
static bool run_command(Repl *r, const char *line)
{
    char word[32] = { 0 };
    size_t n = 0;
    const char *p = line + 1;
    while (*p && !isspace((unsigned char)*p) && n + 1 < sizeof word) word[n++] = *p++;
    char *arg = mem_strdup(skip_space(p));
    for (size_t len = strlen(arg); len > 0 && isspace((unsigned char)arg[len - 1]); len--) arg[len - 1] = '\0';
    bool go_on = true;
    if (strcmp(word, "quit") == 0 || strcmp(word, "q") == 0) go_on = false;
    else if (strcmp(word, "help") == 0 || strcmp(word, "h") == 0) fputs(help_text, r->s->out);
    else if (strcmp(word, "load") == 0 && *arg) session_run_file(r->s, arg, false);
    else if (strcmp(word, "type") == 0 && *arg) cmd_type(r, arg);
    else if (strcmp(word, "lattice") == 0 && *arg) cmd_lattice(r, arg);
    else if (strcmp(word, "env") == 0) model_each_name(r->s->model, print_name, r);
    else if (strcmp(word, "trace") == 0 && (strcmp(arg, "on") == 0 || strcmp(arg, "off") == 0))
        r->s->opt.trace = strcmp(arg, "on") == 0;
    else fprintf(stderr, "fix: error: unknown command ':%s%s%s' (:help lists them)\n", word, *arg ? " " : "", arg);
    mem_free(arg);
    fflush(r->s->out);
    return go_on;
}

/* One line of input, or NULL at end of input.  Ctrl-C at the prompt gives back "". */
static char *read_line(Repl *r)
{
    const char *prompt = r->pending.len ? "...> " : "fix> ";
    if (r->tty) {
        char *line = readline(prompt);
        if (!line && *interrupt_flag) {
            *interrupt_flag = 0;
            buf_clear(&r->pending);
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
    const char *text = skip_space(line);
    if (r->pending.len == 0 && *text == ':') return run_command(r, text);
    if (r->pending.len == 0 && *text == '\0') return true;
    if (r->tty && *text) add_history(line);
    buf_puts(&r->pending, line);
    buf_putc(&r->pending, '\n');
    if (!entry_complete(buf_cstr(&r->pending))) return true;
    char *entry = mem_strdup(buf_cstr(&r->pending));
    buf_clear(&r->pending);
    *interrupt_flag = 0;
    run_entry(r, entry);
    mem_free(entry);
    fflush(r->s->out);
    return true;
}

int repl_main(Session *s, const char *const *files, size_t nfiles)
{
    Repl r = { .s = s, .tty = isatty(STDIN_FILENO) != 0 };
    buf_init(&r.pending);
    interrupt_flag = &s->interrupt;
    completion_session = s;
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old);
    if (r.tty) {
        rl_attempted_completion_function = complete;
        using_history();
        printf("fix %s -- :help for help, :quit to leave\n", "0.1.0");
    }
    for (size_t i = 0; i < nfiles; i++) session_run_file(s, files[i], false);
    for (;;) {
        char *line = read_line(&r);
        if (!line) break;
        bool go_on = handle_line(&r, line);
        mem_free(line);
        if (!go_on) break;
    }
    if (r.pending.len) run_entry(&r, buf_cstr(&r.pending));
    if (r.tty) fputc('\n', stdout);
    sigaction(SIGINT, &old, NULL);
    interrupt_flag = NULL;
    completion_session = NULL;
    buf_free(&r.pending);
    return 0;
}
