/* explain.c: `fix explain FILE [QUERY [ATOM]]` and the REPL's :why.  The file is checked and
 * the queries asked for are run with the engine recording what decided each bound (why.h);
 * each answer is printed as fix run prints it, then the reasons as a tree (why_build.c), or
 * the whole as one JSON object a line (--json, docs/json.md).  The record is made only here:
 * fix run pays nothing for it.  A QUERY is named by its text as written (or its start: 'refine
 * g' names `refine g from [...] steps 2;`) or by its line.
 *
 * Logic programs (an atom of a `program` block, a .lp or aspif FILE) are explained by
 * explain_lp.c: see logic_program_side below, the one place that sends them there. */
#include "app/explain.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "app/cmdline.h"
#include "app/explain_asp.h"
#include "app/why_build.h"
#include "app/why_query.h"
#include "util/json.h"
#include "util/sigint.h"
#include "util/strtail.h"

static const char *const usage_text =
    "usage: fix explain [OPTIONS] FILE [QUERY [ATOM]]\n"
    "\n"
    "Runs the queries of FILE and explains each answer: which evaluation decided each bound.\n"
    "  approx, refine  each F step from the start interval: the envelope calls of its two\n"
    "                  Kleene iterations (f^l_B and f^u_B on the bound of the step before)\n"
    "                  and what each gave the lower and upper end\n"
    "  bnb             the search tree: each node's IR, why a node was pruned (the F step\n"
    "                  that made it invalid, Lemma 5.3, or an IR not inside it, Lemma 5.4)\n"
    "                  and the evaluation f(x) = x that proves each fixed point\n"
    "\n"
    "  QUERY   a query of FILE by its text as written, or the start of it ('refine g'\n"
    "          names `refine g from [a .. b] steps 2;`), or by its line number; without\n"
    "          QUERY every query is explained\n"
    "  ATOM    for approx and refine: the one element to explain (why it is below the lower\n"
    "          end, not below the upper end, or undecided): an atom of a powerset (why it is\n"
    "          in the lower end or out of the upper end), or any expression of the lattice\n"
    "          An atom of a logic program (a `program` block, a .lp or aspif FILE) is\n"
    "          explained as one: see the second part below\n"
    "\n"
    "options:\n"
    "  --json           one JSON object a line for each query explained (docs/json.md)\n"
    "  --query QUERY, --atom ATOM   the same as the words QUERY and ATOM\n"
    "  (ATOM may also be written ELEMENT)\n"
    "  --timeout S, --max-steps N, --max-memory MB, --max-depth N   as for fix run\n"
    "  -I DIR           search DIR for imported files\n"
    "  -h, --help       this text\n"
    "  An option with a value (of either part) also takes it joined: --timeout=5.\n"
    "\n"
    "exit status: 0 ok, 1 a query failed or FILE was refused or no query matched, 2 usage\n"
    "error\n";

/* What is asked: which queries, which atom, how printed; and the query under way. */
typedef struct Explain {
    const char *query;           /* NULL: every query */
    const char *atom;
    bool json;
    size_t matched, explained;
    WhyLog *log;
    FILE *saved;                 /* the session's output while an answer is captured */
    char *cap;                   /* the captured answer (open_memstream) */
    size_t caplen;
    FILE *out;
} Explain;

/* ---- which queries ---- */

/* Does the query asked for name plan: its line, its text, or the start of its text up to a
 * word's end? */
static bool names_plan(const char *query, const QueryPlan *plan)
{
    size_t n = strlen(query);
    if (n && n < 9 && strspn(query, "0123456789") == n) return why_query_line(plan) == (unsigned)atoi(query);
    char *want = why_query_text(query, n);
    char *have = why_query_text(plan->loc.src->text + plan->loc.start, plan->loc.end - plan->loc.start);
    size_t w = strlen(want);
    bool yes = w && strncmp(have, want, w) == 0 && (have[w] == '\0' || have[w] == ' ');
    MEM_FREE_ALL(want, have);
    return yes;
}

/* ---- the ASP side: the one place that hands logic programs to explain_lp.c ----
 * A logic program is explained by explain_lp_main (explain_asp.h): a FILE that is not .fix
 * (.lp, aspif), a command line with an option only that side takes (--models, --wf, -c), or
 * a .fix FILE whose second word is no query's start but an atom of one of its `program`
 * blocks. */

/* The options that take a value, on either side: their values are not operands. */
static bool takes_value(const char *arg)
{
    static const char *const valued[] = { "--models", "-c", "--const", "--query", "--atom", "-I",
                                          "--timeout", "--max-steps", "--max-memory", "--max-depth" };
    for (size_t i = 0; i < sizeof valued / sizeof *valued; i++)
        if (strcmp(arg, valued[i]) == 0) return true;
    return false;
}

static bool logic_program_side(int argc, char **argv)
{
    const char *words[2] = { NULL, NULL };
    size_t n = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--models") || !strcmp(arg, "--wf") || !strcmp(arg, "-c") ||
            !strcmp(arg, "--const") || !strcmp(arg, "--allow-scripts"))
            return true;
        if (takes_value(arg)) i++;
        else if ((arg[0] != '-' || !arg[1]) && n < 2) words[n++] = arg;
    }
    if (!words[0]) return false;
    if (!str_ends_with(words[0], ".fix")) return true;
    return words[1] && explain_lp_names_atom(words[0], words[1]);
}

/* ---- the answer, captured as fix run prints it ---- */

static bool on_before(void *ctx, Session *s, const QueryPlan *plan)
{
    Explain *e = ctx;
    if (e->query && !names_plan(e->query, plan)) return false;
    e->matched++;
    fflush(s->out);
    e->saved = s->out;
    e->cap = NULL;
    e->caplen = 0;
    FILE *cap = open_memstream(&e->cap, &e->caplen);
    if (!cap) return true;               /* the answer goes out as it is, unexplained */
    s->out = cap;
    if (why_query_explained(plan)) {
        why_clear(e->log);
        s->why = e->log;
    }
    return true;
}

/* The captured answer, the session's output given back (NULL when nothing was captured). */
static char *end_capture(Explain *e, Session *s)
{
    if (s->out == e->saved) return NULL;
    fclose(s->out);
    s->out = e->saved;
    s->why = NULL;
    char *text = e->cap ? e->cap : mem_strdup("");
    e->cap = NULL;
    return text;
}

static void print_root(Explain *e, WhyItem *root)
{
    Buf b;
    buf_init(&b);
    if (e->json) {
        JsonWriter w;
        json_init(&w, &b);
        why_item_json(root, &w);
        buf_putc(&b, '\n');
    } else {
        if (e->explained) buf_putc(&b, '\n');
        why_item_print(root, 0, &b);
    }
    fputs(buf_cstr(&b), e->out);
    buf_free(&b);
    e->explained++;
}

/* The element ATOM names in plan's lattice: an atom of a powerset, or any expression of the
 * lattice (a chain's element, a tuple, ...) evaluated in the session; NULL after an error
 * (reported) or with `via G` (the steps are on the abstract lattice). */
static Word *focus_element(Session *s, const QueryPlan *plan, const char *text)
{
    if (plan->opt.via) return NULL;
    const Lattice *L = plan->L;
    Buf b;
    buf_init(&b);
    bool atom = lattice_is_bitset(L) && lattice_name_index(L, text) >= 0;
    buf_printf(&b, atom ? "show {%s};" : "show %s;", text);
    const Source *src = diag_add_source(&s->diag, "<element>", b.data, b.len);
    buf_free(&b);
    AstFile *file = parse_source(&s->diag, &s->arena, src);
    if (!file || file->ndecls != 1 || file->decls[0]->kind != D_QUERY || !file->decls[0]->query.expr) return NULL;
    Type type;
    Word *w = NULL;
    if (!context_eval(s->context, file->decls[0]->query.expr, L, &type, &w)) return NULL;
    if (type.kind == TY_LAT && lattice_equal(type.lat, L)) return w;
    mem_free(w);
    return NULL;
}

static void on_after(void *ctx, Session *s, const QueryPlan *plan, bool ok)
{
    Explain *e = ctx;
    char *answer = end_capture(e, s);
    if (!answer) return;
    WhyItem *root = why_query_root(plan);
    why_query_answer(root, answer, e->json);
    if (ok && why_query_explained(plan)) {
        Word *focus = e->atom && plan->kind != Q_BNB ? focus_element(s, plan, e->atom) : NULL;
        why_query_reasons(e->log, plan, e->atom, focus, WHY_TEXT_NODES, root);
        mem_free(focus);
    } else if (ok) {
        WhyItem *note = why_item_new(root, "note");
        note->text = mem_strdup("(no explanation: fix explain explains approx, refine and bnb queries)");
    }
    print_root(e, root);
    why_item_free(root);
    mem_free(answer);
}

/* ---- the command and :why ---- */

static FixResult explain_run(Session *s, Explain *e, const Source *src, const char *path)
{
    SessionWatch watch = {on_before, on_after, e};
    e->log = why_new();
    e->out = s->out;
    s->watch = &watch;
    FixResult r = src ? session_run_source(s, src, false) : session_run_file(s, path, false);
    s->watch = NULL;
    s->why = NULL;
    why_free(e->log);
    e->log = NULL;
    return r;
}

bool explain_source(Session *s, const Source *src, const char *atom)
{
    Explain e = {.atom = atom, .json = s->opt.json};
    FixResult r = explain_run(s, &e, src, NULL);
    return r == FIX_OK && e.matched > 0;
}

static int usage_error(const char *msg, const char *arg)
{
    fprintf(stderr, "fix explain: %s%s%s\n(fix explain --help says how it is used)\n", msg,
            arg ? " " : "", arg ? arg : "");
    return 2;
}

/* --help: the .fix side's text, then the logic-program side's. */
static int print_usage(void)
{
    Buf b;
    buf_init(&b);
    buf_puts(&b, usage_text);
    buf_puts(&b, "\nLogic programs:\n");
    buf_puts(&b, explain_lp_usage());
    int rc = cmdline_print_text("fix", buf_cstr(&b));
    buf_free(&b);
    return rc;
}

/* Reads the command line into opt, dirs and the positional words; -1 to go on, else the exit
 * status. */
static int parse(int argc, char **argv, RunOptions *opt, const char **dirs, size_t *ndirs,
                 const char **words, size_t *nwords)
{
    CmdlineLimits lim = {0};
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        CmdlineLimit which = cmdline_limit_of(arg);
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) return print_usage();
        else if (strcmp(arg, "--json") == 0) opt->json = true;
        else if (which != CMDLINE_NOT_A_LIMIT) {
            CmdlineStatus st = cmdline_limit_set(&lim, which, i + 1 < argc ? argv[i + 1] : NULL);
            if (st != CMDLINE_OK) return usage_error(cmdline_limit_rule(which), NULL);
            i++;
        } else if (strcmp(arg, "--query") == 0 || strcmp(arg, "--atom") == 0) {
            if (i + 1 >= argc) return usage_error("needs a value:", arg);
            words[arg[2] == 'q' ? 1 : 2] = argv[++i];
        } else if (strcmp(arg, "-I") == 0) {
            if (i + 1 >= argc || *ndirs == 16) return usage_error("-I needs a directory", NULL);
            dirs[(*ndirs)++] = argv[++i];
        } else if (arg[0] == '-' && arg[1] != '\0') {
            return usage_error("unknown option", arg);
        } else {
            while (*nwords < 3 && words[*nwords]) (*nwords)++;
            if (*nwords == 3) return usage_error("too many arguments at", arg);
            words[(*nwords)++] = arg;
        }
    }
    if (!words[0]) return usage_error("needs a FILE", NULL);
    opt->timeout_s = lim.timeout_s;
    opt->max_steps = lim.max_steps;
    opt->max_memory = lim.max_memory;
    opt->max_depth = lim.max_depth;
    return -1;
}

/* The options of either side that take a value: also taken as --NAME=VALUE. */
static const char *const spaced_options[] = { "--models", "--const", "--query", "--atom",
    "--timeout", "--max-steps", "--max-memory", "--max-depth", NULL };

static int explain_words(int argc, char **argv);

int explain_main(int argc, char **argv)
{
    CmdlineWords words;         /* --timeout=5 read as --timeout 5 */
    cmdline_words_make(&words, argc, argv, spaced_options, NULL);
    int rc = explain_words(words.argc, words.argv);
    cmdline_words_free(&words);
    return rc;
}

/* fix explain with the command line's words made uniform. */
static int explain_words(int argc, char **argv)
{
    if (logic_program_side(argc, argv)) return explain_lp_main(argc, argv);
    RunOptions opt = {0};
    const char *dirs[16], *words[3] = {NULL, NULL, NULL};
    size_t ndirs = 0, nwords = 0;
    int rc = parse(argc, argv, &opt, dirs, &ndirs, words, &nwords);
    if (rc >= 0) return rc;
    limits_cap_address_space(opt.max_memory);
    Session s;
    session_init(&s, &opt, stdout);
    s.guard_outputs = true;     /* fix explain m.fix >> m.fix: refused, as fix run refuses it */
    for (size_t i = 0; i < ndirs; i++) session_add_search_dir(&s, dirs[i]);
    sigint_install(&s.interrupt, SIGINT_ONCE);
    Explain e = {.query = words[1], .atom = words[2], .json = opt.json};
    FixResult r = explain_run(&s, &e, NULL, words[0]);
    bool written = session_output_ok(&s);
    int sig = s.interrupt;
    sigint_remove();
    if (r != FIX_COMPILE_ERROR && words[1] && e.matched == 0) {   /* (the ASP side: an atom?) */
        fprintf(stderr, "fix explain: no query of %s is '%s' (name one by its text as written, or by its line)\n",
                words[0], words[1]);
        r = FIX_RUNTIME_ERROR;
    }
    session_free(&s);
    if (!written) return 1;
    if (sig) return sigint_exit_code(sig);
    return r == FIX_OK ? 0 : r == FIX_INTERRUPTED ? sigint_exit_code(SIGINT) : 1;
}
