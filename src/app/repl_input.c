/* repl_input.c: what `fix repl` does with the lines typed into it, whatever they come from (a
 * terminal, a pipe, a notebook cell through the C API): entries (declarations, queries and bare
 * expressions, which may span lines) and the :commands.  Output goes to the session's output
 * and its Diag; an error never ends the session. */
#include "app/repl_input.h"

#include "app/repl_defs.h"
#include "app/explain.h"
#include "app/explain_asp.h"

#include <ctype.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#include "report/hasse.h"
#include "util/mem.h"

/* :lattice lists the covers of a finite lattice of at most this many elements. */
enum { REPL_COVERS_MAX = 32 };

static const char *const help_text =
    "Enter declarations and queries as in a .fix file: they end with ';' (or '}' for a block)\n"
    "and may span several lines.  A bare expression is shown (`1 + 2` is `show 1 + 2;`); it\n"
    "ends with its line unless a bracket is open or the line ends with an operator.  Declaring\n"
    "a name again replaces its declaration (what is declared after it is checked again).\n"
    "  :load FILE     load and run a .fix file (after an error the session is as it was)\n"
    "  :reload        read every loaded file again (its declarations replace the prompt's\n"
    "                 of the same names)\n"
    "  :type EXPR     the type of an expression (of a function name: its signature)\n"
    "  :lattice L     size, height, bottom, top and (when small) covers of a lattice\n"
    "  :env           what is declared\n"
    "  :html FILE     write a page showing every query run so far (see fix --help, --html)\n"
    "  :reset         forget every declaration\n"
    "  :trace on|off  print every refine step and bnb event\n"
    "  :why [QUERY]   the last approx, refine or bnb query's answer explained (or QUERY's):\n"
    "                 which envelope call decided each bound, why bnb pruned each node\n"
    "  :why ATOM      the same for one atom (or a named element) of the last query's answer\n"
    "  :why P ATOM... why each atom of program block P is true, false or undefined, in its\n"
    "                 well-founded bound and first stable model (docs/explain.md)\n"
    "  :help          this text\n"
    "  :quit          leave (also Ctrl-D)\n"
    "Ctrl-C interrupts a running query and keeps the session.\n";

struct ReplInput {
    Session *s;
    int entries;
    Buf pending;             /* lines of an entry not finished yet */
    ReplDefs *defs;          /* what is declared, as text (redefinition, :load, :reload) */
};

void repl_name_add(void *ctx, const char *name)
{
    NameList *l = ctx;
    VEC_PUSH(*l, mem_strdup(name));
}

void repl_names_free(NameList *l)
{
    for (size_t i = 0; i < l->count; i++) mem_free(l->items[i]);
    mem_free(l->items);
    *l = (NameList){ 0 };
}

/* ---- entries ----
 * Whether the lines typed so far make a whole entry is asked of the parser, as Lua's lua.c
 * does.  The text is parsed quietly twice: as declarations and queries (as in a file) and as
 * a bare expression (`show TEXT;`).  The first reading without error is run; while one of
 * them fails only because the text ran out, another line is read; otherwise the reading
 * that got further is run, so that its error is reported. */

typedef enum { ENTRY_EMPTY, ENTRY_OPEN, ENTRY_DECLS, ENTRY_EXPR } EntryKind;

/* One quiet parse of an entry. */
typedef struct Reading {
    bool ok;                 /* no error */
    bool empty;              /* nothing but comments */
    bool ran_out;            /* the first error is where the typed text ends */
    uint32_t progress;       /* how far into the typed text it got */
} Reading;

static const char show_prefix[] = "show ";

/* A missing final ';' is forgiven. */
static void forgive_semicolon(Buf *b)
{
    size_t len = b->len;
    while (len > 0 && isspace((unsigned char)b->data[len - 1])) len--;
    if (len > 0 && b->data[len - 1] != ';') buf_putc(b, ';');
}

/* The source run for an entry read as kind; `last` when the input ends after it. */
static void entry_text(const char *text, EntryKind kind, bool last, Buf *out)
{
    if (kind == ENTRY_EXPR) buf_puts(out, show_prefix);
    buf_puts(out, text);
    if (kind == ENTRY_EXPR || last) forgive_semicolon(out);
}

/* Parses the entry text read as kind without printing anything. */
static Reading read_quietly(const char *text, EntryKind kind, bool last)
{
    size_t skip = kind == ENTRY_EXPR ? strlen(show_prefix) : 0;
    Buf b;
    buf_init(&b);
    entry_text(text, kind, last, &b);
    Diag quiet;
    diag_init(&quiet, NULL);
    Arena arena;
    arena_init(&arena);
    const AstFile *file = parse_source(&quiet, &arena, diag_add_source(&quiet, "<repl>", b.data, b.len));
    size_t at = file->syntax_error ? file->first_error : SIZE_MAX;
    Reading r = {
        .ok = quiet.errors == 0,
        .empty = file->ndecls == 0,
        /* an error at the ';' added after the text is the text running out too */
        .ran_out = file->cut_short || (file->syntax_error && at >= skip + strlen(text)),
        .progress = at == SIZE_MAX ? UINT32_MAX : (uint32_t)(at > skip ? at - skip : 0),
    };
    arena_free(&arena);
    diag_free(&quiet);
    buf_free(&b);
    return r;
}

static EntryKind entry_kind(const char *text, bool last)
{
    Reading as_expr = read_quietly(text, ENTRY_EXPR, last);
    if (as_expr.ok) return ENTRY_EXPR;
    Reading as_decls = read_quietly(text, ENTRY_DECLS, last);
    if (as_decls.ok) return as_decls.empty ? ENTRY_EMPTY : ENTRY_DECLS;
    if (as_expr.ran_out) as_expr.progress = UINT32_MAX;
    if (as_decls.ran_out) as_decls.progress = UINT32_MAX;
    if (!last && (as_expr.ran_out || as_decls.ran_out)) return ENTRY_OPEN;
    return as_decls.progress > as_expr.progress ? ENTRY_DECLS : ENTRY_EXPR;
}

static const Source *entry_source(ReplInput *r, const char *text)
{
    char name[32];
    snprintf(name, sizeof name, "<repl:%d>", ++r->entries);
    return diag_add_source(&r->s->diag, name, text, strlen(text));
}

static void run_entry(ReplInput *r, const char *text, EntryKind kind, bool last)
{
    Buf b;
    buf_init(&b);
    entry_text(text, kind, last, &b);
    repl_defs_run_entry(r->defs, r->s, entry_source(r, buf_cstr(&b)));
    buf_free(&b);
}

/* ---- commands ---- */

static void describe_fn(const FnSym *fn, Buf *b)
{
    type_fn_describe(fn, b);
    if (fn->upper) buf_puts(b, "  (with envelope)");
}

static void cmd_type(ReplInput *r, const char *arg)
{
    FnSym *fn = context_fn(r->s->context, arg);
    if (fn) {      /* a function name on its own: its signature */
        Buf b;
        buf_init(&b);
        describe_fn(fn, &b);
        fprintf(r->s->out, "%s\n", buf_cstr(&b));
        buf_free(&b);
        return;
    }
    Buf b;
    buf_init(&b);
    buf_printf(&b, "show %s;", arg);
    const Source *src = entry_source(r, buf_cstr(&b));
    buf_free(&b);
    AstFile *file = parse_source(&r->s->diag, &r->s->arena, src);
    if (!file || file->ndecls != 1 || file->decls[0]->kind != D_QUERY) return;
    Type t;
    if (!context_typeof(r->s->context, file->decls[0]->query.expr, &t)) return;
    Buf out;
    buf_init(&out);
    type_describe(&t, &out);
    fprintf(r->s->out, "%s : %s\n", arg, buf_cstr(&out));
    buf_free(&out);
}

/* The covers of a small finite lattice: each element and the elements just above it. */
static void put_covers(const Lattice *L, Buf *b)
{
    Hasse h;
    Buf err;
    buf_init(&err);
    bool ok = hasse_build(&h, L, REPL_COVERS_MAX, "", &err);
    buf_free(&err);
    if (!ok) {
        if (L->finite) buf_printf(b, "  covers (not listed above %d elements)\n", REPL_COVERS_MAX);
        return;
    }
    buf_puts(b, "  covers (x -> the elements just above x)\n");
    for (size_t i = 0; i < h.n; i++) {
        buf_puts(b, "    ");
        L->ops->print(L, hasse_elem(&h, i), b);
        bool first = true;
        for (size_t j = 0; j < h.n; j++) {
            if (!hasse_covers(&h, i, j)) continue;
            buf_puts(b, first ? " -> " : ", ");
            L->ops->print(L, hasse_elem(&h, j), b);
            first = false;
        }
        if (first) buf_puts(b, "  (top)");
        buf_putc(b, '\n');
    }
    hasse_free(&h);
}

static void cmd_lattice(ReplInput *r, const char *name)
{
    const Lattice *L = context_lattice(r->s->context, name);
    if (!L) {
        diag_plain_error(&r->s->diag, "unknown lattice '%s'", name);
        return;
    }
    Word *bot = lattice_elem_new(L), *top = lattice_elem_new(L);
    L->ops->bot(L, bot);
    L->ops->top(L, top);
    Buf b;
    buf_init(&b);
    buf_printf(&b, "lattice %s = ", name);
    lattice_describe_structure(L, &b);
    buf_puts(&b, "\n  size   ");
    if (L->finite) lattice_print_log2_size(L->log2_card, &b);
    else buf_puts(&b, "infinite");
    buf_puts(&b, "\n  height ");
    double h = L->ops->height(L, bot, top);
    if (L->finite) buf_printf(&b, "%.0f", h);
    else buf_printf(&b, "%.0f (in tolerance steps)", h);
    buf_puts(&b, "\n  bot    ");
    L->ops->print(L, bot, &b);
    buf_puts(&b, "\n  top    ");
    L->ops->print(L, top, &b);
    buf_putc(&b, '\n');
    put_covers(L, &b);
    fputs(buf_cstr(&b), r->s->out);
    buf_free(&b);
    mem_free(bot);
    mem_free(top);
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* :env: lattices, functions, Galois insertions and programs, each kind sorted by name. */
static void cmd_env(ReplInput *r)
{
    Context *context = r->s->context;
    NameList names = { 0 };
    context_each_name(context, repl_name_add, &names);
    if (names.count) qsort(names.items, names.count, sizeof *names.items, compare_names);
    Buf b;
    buf_init(&b);
    for (int kind = 0; kind < 4; kind++) {
        for (size_t i = 0; i < names.count; i++) {
            const char *name = names.items[i];
            const Lattice *L = context_lattice(context, name);
            FnSym *fn = L ? NULL : context_fn(context, name);
            GaloisSym *g = L || fn ? NULL : context_galois(context, name);
            if (kind == 0 && L) {
                buf_printf(&b, "lattice %s = ", name);
                lattice_describe_structure(L, &b);
            } else if (kind == 1 && fn) {
                describe_fn(fn, &b);
            } else if (kind == 2 && g) {
                buf_printf(&b, "galois %s : ", name);
                lattice_describe(g->concrete, &b);
                buf_puts(&b, " -> ");
                lattice_describe(g->abstract, &b);
            } else if (kind == 3 && !L && !fn && !g && context_program(context, name)) {
                buf_printf(&b, "program %s", name);
            } else {
                continue;
            }
            buf_putc(&b, '\n');
        }
    }
    fputs(buf_cstr(&b), r->s->out);
    buf_free(&b);
    repl_names_free(&names);
}

static const char *skip_space(const char *s)
{
    while (isspace((unsigned char)*s)) s++;
    return s;
}

/* Is arg one word (an atom's name), not a query? */
static bool one_word(const char *arg)
{
    for (const char *p = arg; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '_' && *p != '\'') return false;
    return *arg != '\0';
}

/* :why P ATOM...: atoms of program block P explained (explain_asp.h); false when the first
 * word of arg names no program of the session. */
static bool why_program(ReplInput *r, const char *arg)
{
    size_t n = strcspn(arg, " \t");
    char *name = mem_alloc(n + 1);
    memcpy(name, arg, n);
    name[n] = '\0';
    ProgramSym *ps = context_program(r->s->context, name);
    mem_free(name);
    if (!ps) return false;
    if (ps->resolved_file) {
        diag_plain_error(&r->s->diag, "program '%s' is grounded from \"%s\": explain it with "
                         "`fix explain %s ATOM`", ps->name, ps->resolved_file, ps->resolved_file);
        return true;
    }
    VEC(const char *) atoms = {0};
    char *rest = mem_strdup(arg + n);
    for (char *w = strtok(rest, " \t"); w; w = strtok(NULL, " \t")) VEC_PUSH(atoms, w);
    ExplainAspOptions o = { .models = 1, .atoms = atoms.items, .natoms = atoms.count,
                            .limits = &r->s->limits, .interrupt = &r->s->interrupt };
    Buf out;
    buf_init_stream(&out, r->s->out);
    explain_asp_block(ps->decl, ps->loc.src ? ps->loc.src->path : "<repl>", &o, &out, &r->s->diag);
    buf_flush(&out);
    buf_free(&out);
    mem_free(rest);
    VEC_FREE(atoms);
    return true;
}

/* :why, :why ATOM (of the last query), :why QUERY or :why P ATOM... (a program block's). */
static void cmd_why(ReplInput *r, const char *arg)
{
    if (*arg && why_program(r, arg)) return;
    bool atom = one_word(arg);
    if ((!*arg || atom) && !r->s->last_query) {
        diag_plain_error(&r->s->diag, ":why explains the last approx, refine or bnb query, and none was run yet "
                         "(or give one: :why refine f)");
        return;
    }
    Buf b;
    buf_init(&b);
    bool last = !*arg || atom;
    /* the last query again, on the line of its file or entry where it was written */
    for (unsigned i = 1; last && i < r->s->last_line; i++) buf_putc(&b, '\n');
    buf_puts(&b, last ? r->s->last_query : arg);
    forgive_semicolon(&b);
    const Source *src = diag_add_source(&r->s->diag, last ? r->s->last_path : "<repl:why>", b.data, b.len);
    if (!explain_source(r->s, src, atom ? arg : NULL) && r->s->diag.errors == 0 && *arg && !atom)
        diag_plain_error(&r->s->diag, ":why needs a query (approx, refine or bnb), not '%s'", arg);
    buf_free(&b);
}

/* Returns false on :quit. */
static bool run_command(ReplInput *r, const char *line)
{
    char word[32] = { 0 };
    size_t n = 0;
    const char *p = line + 1;
    while (*p && !isspace((unsigned char)*p) && n + 1 < sizeof word) word[n++] = *p++;
    char *arg = mem_strdup(skip_space(p));
    for (size_t len = strlen(arg); len > 0 && isspace((unsigned char)arg[len - 1]); len--) arg[len - 1] = '\0';
    /* a final ';' is forgiven, as in entries */
    for (size_t len = strlen(arg); len > 0 && (arg[len - 1] == ';' || isspace((unsigned char)arg[len - 1])); len--)
        arg[len - 1] = '\0';
    bool go_on = true;
    const char *needs = NULL;     /* the argument a command lacks */
    if (strcmp(word, "quit") == 0 || strcmp(word, "q") == 0) go_on = false;
    else if (strcmp(word, "help") == 0 || strcmp(word, "h") == 0) fputs(help_text, r->s->out);
    else if (strcmp(word, "load") == 0) {
        if (*arg) repl_defs_load(r->defs, r->s, arg, true);
        else needs = "a file name";
    } else if (strcmp(word, "reload") == 0) {
        repl_defs_reload(r->defs, r->s);
    } else if (strcmp(word, "type") == 0) {
        if (*arg) cmd_type(r, arg);
        else needs = "an expression";
    } else if (strcmp(word, "lattice") == 0) {
        if (*arg) cmd_lattice(r, arg);
        else needs = "a lattice name";
    } else if (strcmp(word, "html") == 0) {
        if (*arg) session_write_page(r->s, arg, "REPL session");
        else needs = "a file name";
    } else if (strcmp(word, "env") == 0) cmd_env(r);
    else if (strcmp(word, "reset") == 0) {
        session_reset(r->s);
        repl_defs_clear(r->defs);
    }
    else if (strcmp(word, "why") == 0) cmd_why(r, arg);
    else if (strcmp(word, "trace") == 0) {
        if (strcmp(arg, "on") == 0 || strcmp(arg, "off") == 0) r->s->opt.trace = strcmp(arg, "on") == 0;
        else if (*arg == '\0') fprintf(r->s->out, "trace is %s\n", r->s->opt.trace ? "on" : "off");
        else needs = "on or off";
    } else diag_plain_error(&r->s->diag, "unknown command ':%s%s%s' (:help lists them)", word, *arg ? " " : "", arg);
    if (needs) diag_plain_error(&r->s->diag, ":%s needs %s", word, needs);
    mem_free(arg);
    return session_output_ok(r->s) && go_on;
}

bool repl_input_line(ReplInput *r, const char *line)
{
    const char *text = skip_space(line);
    if (limits_flag(&r->s->interrupt) == SIGINT) limits_set_flag(&r->s->interrupt, 0);
    if (r->pending.len == 0 && *text == ':') return run_command(r, text);
    if (r->pending.len == 0 && *text == '\0') return true;
    buf_puts(&r->pending, line);
    buf_putc(&r->pending, '\n');
    EntryKind kind = entry_kind(buf_cstr(&r->pending), false);
    if (kind == ENTRY_OPEN) return true;
    char *entry = mem_strdup(buf_cstr(&r->pending));
    buf_clear(&r->pending);
    if (kind != ENTRY_EMPTY) run_entry(r, entry, kind, false);
    mem_free(entry);
    return session_output_ok(r->s);
}

ReplInput *repl_input_new(Session *s)
{
    ReplInput *r = mem_calloc(1, sizeof *r);
    r->s = s;
    r->defs = repl_defs_new();
    buf_init(&r->pending);
    s->keep_last = true;          /* for :why */
    session_record_page(s);
    return r;
}

void repl_input_free(ReplInput *r)
{
    if (!r) return;
    buf_free(&r->pending);
    repl_defs_free(r->defs);
    mem_free(r);
}

bool repl_input_open(const ReplInput *r) { return r->pending.len > 0; }

void repl_input_drop(ReplInput *r) { buf_clear(&r->pending); }

void repl_input_load(ReplInput *r, const char *path) { repl_defs_load(r->defs, r->s, path, true); }

void repl_input_run_file(ReplInput *r, const char *path)
{
    session_reset(r->s);
    repl_defs_clear(r->defs);
    bool trace = r->s->opt.trace;       /* as `fix run PATH`, without --trace */
    r->s->opt.trace = false;
    repl_defs_load(r->defs, r->s, path, false);
    r->s->opt.trace = trace;
}

void repl_input_finish(ReplInput *r)
{
    if (r->pending.len == 0) return;
    EntryKind kind = entry_kind(buf_cstr(&r->pending), true);   /* left open: run as closed */
    char *entry = mem_strdup(buf_cstr(&r->pending));
    buf_clear(&r->pending);
    if (kind != ENTRY_EMPTY) run_entry(r, entry, kind, true);
    mem_free(entry);
}
