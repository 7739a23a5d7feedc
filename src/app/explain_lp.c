/* explain_lp.c: the command line of `fix explain` for logic programs, and the programs it
 * explains with the places of their rules: .lp files grounded with a marker in each rule
 * (proc/lpmark.h; the markers are taken out again here, each ground rule keeping its
 * statement's file:line:col), aspif files (a rule's place is its aspif line), and the
 * program blocks of a .fix file (a rule's place is where it is written). */
#include "app/explain_asp.h"

#include <stdlib.h>
#include <string.h>

#include "app/cmdline.h"
#include "proc/gringo.h"
#include "proc/lpmark.h"
#include "util/hashmap.h"
#include "util/outfile.h"
#include "util/sigint.h"
#include "util/strtail.h"

static const char usage_text[] =
    "usage: fix explain [options] FILE.lp ... | FILE.aspif | FILE.fix | - [ATOM ...]\n"
    "Why each ATOM (or every shown atom) of a logic program has its value: in the\n"
    "well-founded bound (true: a derivation of least height; false: each rule for it\n"
    "with the literal that fails, or its unfounded set; undefined: the residual program\n"
    "that keeps it open) and in the first stable models.  A program with no stable\n"
    "model gets a minimal set of its rules with none (removing any one gives a model),\n"
    "each with its file:line:col; the facts of .lp files are kept, never removed.\n"
    "A .fix file: the atoms of its programs (docs/explain.md).  The first operand\n"
    "is the program (a file that is not .lp or .fix is read as aspif), then its other\n"
    ".lp files, then the atoms.  - is standard input: alone, aspif if it starts as aspif\n"
    "does, else a program's text; among .lp files, one of them.\n"
    "  --models N      explain the atoms in the first N stable models (default 1;\n"
    "                  0: every model)\n"
    "  --wf            the well-founded bound only\n"
    "  --json          one JSON object (docs/json.md)\n"
    "  -c NAME=VALUE   passed to gringo\n"
    "  --timeout SEC   stop after SEC seconds (what was explained is printed, and\n"
    "                  UNKNOWN; exit status 3)\n"
    "  --max-memory MB stop like --timeout when fix holds more than MB megabytes\n"
    "  --allow-scripts as for fix asp: gringo may run the files' #script blocks\n";

typedef struct Cli {
    ExplainAspOptions o;
    VEC(const char *) files;
    VEC(const char *) atoms;
    VEC(const char *) gargs;
    bool allow_scripts;
    CmdlineLimits limits;         /* --timeout, --max-memory */
    Limits stop;
    volatile sig_atomic_t interrupt;
    Diag diag;
    bool from_stdin;              /* an operand is "-": stdin_text is standard input's */
    Buf stdin_text;
} Cli;

/* May the operand be one of a program's .lp files ("-": standard input's text)? */
static bool lp_operand(const char *a)
{
    return str_ends_with(a, ".lp") || !strcmp(a, "-");
}

bool explain_lp_is_program_file(const char *path)
{
    return str_ends_with(path, ".lp") || str_ends_with(path, ".aspif") || !strcmp(path, "-");
}

static int usage_error(const char *msg, const char *arg)
{
    fprintf(stderr, "fix explain: %s%s%s\ntry `fix explain --help`\n", msg, arg ? ": " : "", arg ? arg : "");
    return 2;
}

/* The options and operands; -1 for --help, 2 after a usage error. */
static int parse_args(Cli *c, int argc, char **argv)
{
    c->o.models = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) return -1;
        else if (!strcmp(a, "--json")) c->o.json = true;
        else if (!strcmp(a, "--wf")) c->o.wf_only = true;
        else if (!strcmp(a, "--allow-scripts")) c->allow_scripts = true;
        else if (!strcmp(a, "--models")) {
            if (!cmdline_count(next, &c->o.models)) return usage_error("--models needs a whole number", next);
            i++;
        } else if (!strcmp(a, "-c") || !strcmp(a, "--const")) {
            if (!next) return usage_error("-c needs NAME=VALUE", NULL);
            VEC_PUSH(c->gargs, "-c");
            VEC_PUSH(c->gargs, next);
            i++;
        } else if (!strcmp(a, "--timeout") || !strcmp(a, "--max-memory")) {
            CmdlineLimit which = cmdline_limit_of(a);
            if (cmdline_limit_set(&c->limits, which, next) != CMDLINE_OK)
                return usage_error(cmdline_limit_rule(which), next);
            c->o.timeout_s = c->limits.timeout_s;
            i++;
        } else if (a[0] == '-' && a[1]) return usage_error("unknown option", a);
        else if (!c->files.count || (lp_operand(a) && lp_operand(c->files.items[0]))) {
            if (!strcmp(a, "-") && c->from_stdin) return usage_error("standard input given twice", a);
            c->from_stdin |= !strcmp(a, "-");
            VEC_PUSH(c->files, a);       /* the first operand is the program, then its .lp files */
        } else VEC_PUSH(c->atoms, a);
    }
    if (!c->files.count) return usage_error("no program file (.lp, aspif or .fix) given", NULL);
    c->o.atoms = c->atoms.items;
    c->o.natoms = c->atoms.count;
    return 0;
}

/* A ground program from marked files, with the markers taken out: rule r of the result is
 * rule r of p without its marker literal (marker facts become empty constraints' opposite:
 * they are left out, and the marker atoms lose their names). */
typedef struct Stripped {
    AspProgram *p;
    VEC(AspOrigin) origin;
    VEC(uint32_t) group;
    HashMap facts;                /* a fact's text without spaces -> its index + 1 */
    VEC(char *) keys;
    uint8_t *shown;               /* per atom: the user shows it */
} Stripped;

/* The facts of the files by their text without spaces (gringo writes atoms without them). */
static void index_facts(const LpMarked *m, Stripped *st)
{
    hashmap_init_str(&st->facts);
    for (size_t i = 0; i < m->facts.count; i++) {
        const char *t = m->facts.items[i].text;
        char *key = mem_alloc(strlen(t) + 1), *k = key;
        for (; *t; t++) if (*t != ' ') *k++ = *t;
        *k = 0;
        VEC_PUSH(st->keys, key);
        hashmap_put_ptr(&st->facts, key, (void *)(uintptr_t)(i + 1));
    }
}

/* The place of a fact rule (one head atom, no body) of the ground program, when a fact of
 * the files is written as its atom. */
static AspOrigin fact_origin(const AspProgram *p, const AspRuleView *v, const LpMarked *m,
                             const char *const *files, const Stripped *st)
{
    if (v->kind != ASP_NORMAL || v->nhead != 1 || v->npos || v->nneg) return (AspOrigin){ 0 };
    const char *nm = asp_atom_name(p, v->head[0]);
    uintptr_t k = nm ? (uintptr_t)hashmap_get_ptr(&st->facts, nm) : 0;
    if (!k) return (AspOrigin){ 0 };
    const LpStatement *f = &m->facts.items[k - 1];
    return (AspOrigin){ files[f->file], f->line, f->col, NULL };
}

/* The statement number of a marker atom's name, 0 when a is not one. */
static size_t marker_of(const AspProgram *p, AspAtom a)
{
    const char *nm = asp_atom_name(p, a);
    size_t k = strlen(LP_MARKER);
    if (!nm || strncmp(nm, LP_MARKER "(", k + 1)) return 0;
    return strtoul(nm + k + 1, NULL, 10);
}

/* The statement of rule v's marker (0: none). */
static size_t rule_marker(const AspProgram *p, const AspRuleView *v, const LpMarked *m)
{
    for (size_t k = 0; k < v->npos; k++) {
        size_t s = marker_of(p, v->pos[k]);
        if (s && s <= m->stmts.count) return s;
    }
    return 0;
}

/* Rule v without its marker literal, into out (a weight body's bound less the marker's
 * weight: the marker is true). */
static void add_unmarked(const AspProgram *p, const AspRuleView *v, AspProgram *out)
{
    size_t n = v->npos + v->nneg, np = 0, kept = 0;
    AspWLit *body = mem_alloc((n + 1) * sizeof *body);
    AspAtom *pos = mem_alloc((v->npos + 1) * sizeof *pos);
    int64_t bound = v->weights ? v->bound : 0;
    for (size_t k = 0; k < n; k++) {
        AspAtom a = k < v->npos ? v->pos[k] : v->neg[k - v->npos];
        int64_t w = v->weights ? v->weights[k] : 1;
        if (k < v->npos && marker_of(p, a)) { bound -= w; continue; }
        body[kept++] = (AspWLit){ a, k >= v->npos, w };
        if (k < v->npos) pos[np++] = a;
    }
    if (v->weights) asp_add_weight_rule(out, v->kind, v->head, v->nhead, bound, body, kept, NULL);
    else asp_add_rule(out, v->kind, v->head, v->nhead, pos, np, v->neg, v->nneg, NULL);
    mem_free(body);
    mem_free(pos);
}

/* Rule r of the marked program into out, with its group and place: its marker's statement,
 * or for a rule of gringo's own (a body aggregate, a choice's bounds) the statement whose
 * hidden atom it uses (aux_stmt: per atom, the statement of the marked rules that define it),
 * or a fact's place. */
static void strip_rule(const AspProgram *p, size_t r, const LpMarked *m, const char *const *files,
                       const uint32_t *aux_stmt, Stripped *out)
{
    AspRuleView v;
    asp_rule_view(p, r, &v);
    if (v.nhead == 1 && marker_of(p, v.head[0])) return;     /* the markers' own facts */
    size_t before = asp_rule_count(out->p), stmt = rule_marker(p, &v, m), place = stmt;
    add_unmarked(p, &v, out->p);
    if (asp_rule_count(out->p) == before) return;            /* not added: nothing to place */
    for (size_t k = 0; !place && k < v.nhead; k++) place = aux_stmt[v.head[k]];
    for (size_t k = 0; !place && k < v.npos; k++) place = aux_stmt[v.pos[k]];
    const LpStatement *st = place ? &m->stmts.items[place - 1] : NULL;
    VEC_PUSH(out->group, stmt ? (uint32_t)(stmt - 1) : ASP_MUS_KEEP);
    VEC_PUSH(out->origin, st ? ((AspOrigin){ files[st->file], st->line, st->col, st->text })
                             : fact_origin(p, &v, m, files, out));
}

/* Per atom: for a hidden atom of gringo's, the statement of the marked rules with it in the
 * head or, failing that, in the body (a body aggregate's atom, defined by gringo's own rule). */
static uint32_t *aux_statements(const AspProgram *p, const LpMarked *m)
{
    size_t n = asp_atom_count(p);
    uint32_t *head = mem_calloc(n + 1, sizeof *head), *body = mem_calloc(n + 1, sizeof *body);
    for (size_t r = 0; r < asp_rule_count(p); r++) {
        AspRuleView v;
        asp_rule_view(p, r, &v);
        size_t stmt = rule_marker(p, &v, m);
        for (size_t k = 0; stmt && k < v.nhead; k++)
            if (!asp_atom_name(p, v.head[k])) head[v.head[k]] = (uint32_t)stmt;
        for (size_t k = 0; stmt && k < v.npos + v.nneg; k++) {
            AspAtom a = k < v.npos ? v.pos[k] : v.neg[k - v.npos];
            if (!asp_atom_name(p, a)) body[a] = (uint32_t)stmt;
        }
    }
    for (size_t a = 0; a < n; a++) if (!head[a]) head[a] = body[a];
    mem_free(body);
    return head;
}

static void strip_markers(const AspProgram *p, const LpMarked *m, const char *const *files, Stripped *out)
{
    out->p = asp_program_new();
    index_facts(m, out);
    size_t n;
    AspAtom *order = asp_print_order(p, &n);
    out->shown = mem_calloc(asp_atom_count(p) + 1, 1);
    for (AspAtom a = 0; a < asp_atom_count(p); a++) {
        AspAtom b = asp_atom_hidden(out->p);
        const char *nm = asp_atom_name(p, a);
        if (!nm || marker_of(p, a)) continue;
        asp_atom_show(out->p, b, nm, asp_atom_name_len(p, a));
        out->shown[b] = lp_marked_shown(m, nm);
    }
    for (size_t i = 0; i < n; i++) asp_set_print_key(out->p, order[i], i);
    mem_free(order);
    uint32_t *aux = aux_statements(p, m);
    for (size_t r = 0; r < asp_rule_count(p); r++) strip_rule(p, r, m, files, aux, out);
    mem_free(aux);
}

typedef struct Files { const char *const *items; size_t count; } Files;

/* The operands as the places of their rules name them: "-" is "stdin" (names that live as long
 * as the operands; the array is the caller's to free). */
static const char **place_names(Files files)
{
    const char **names = mem_alloc((files.count + 1) * sizeof *names);
    for (size_t i = 0; i < files.count; i++)
        names[i] = strcmp(files.items[i], "-") ? files.items[i] : "stdin";
    return names;
}

/* The ground program of .lp files with the places of its rules in src, or NULL after an error
 * reported (err: scratch). */

static AspProgram *load_lp(Cli *c, Files files, LpMarked *m, Stripped *st, ExplainSource *src,
                           ProcError *err)
{
    ProcLoadOptions lo = { .gargs = c->gargs.items, .ngargs = c->gargs.count,
                           .allow_scripts = c->allow_scripts, .limits = &c->stop };
    lo.dash_is_stdin = c->from_stdin;        /* "-": standard input's text, read already */
    lo.stdin_text = &c->stdin_text;
    err->placed = true;                       /* the file's line: "FILE: error: ..." */
    if (!lp_mark(files.items, files.count, c->from_stdin ? &c->stdin_text : NULL, m, &err->message)) {
        proc_error_report(&c->diag, err);
        return NULL;
    }
    VEC(const char *) args = {0};            /* gringo's warnings would name the copies */
    for (size_t i = 0; i < c->gargs.count; i++) VEC_PUSH(args, c->gargs.items[i]);
    VEC_PUSH(args, "--warn=none");
    ProcLoadOptions quiet = lo;
    quiet.gargs = args.items;
    quiet.ngargs = args.count;
    quiet.quiet = true;
    ProcError ignored;
    proc_error_init(&ignored);
    AspProgram *g = proc_ground_lp((const char *const *)m->paths.items, m->paths.count, &quiet, &ignored);
    proc_error_free(&ignored);
    VEC_FREE(args);
    if (!g) {           /* grounding the user's own files says what is wrong, at their places */
        AspProgram *plain = proc_ground_lp(files.items, files.count, &lo, err);
        if (!plain) proc_error_report(&c->diag, err);
        else diag_plain_error(&c->diag, "gringo cannot ground the rules of %s once marked", files.items[0]);
        asp_program_free(plain);
        return NULL;
    }
    const char **names = place_names(files);
    strip_markers(g, m, names, st);
    asp_program_free(g);
    src->origin = st->origin.items;
    src->shown = st->shown;
    src->group = st->group.items;
    src->ngroups = m->stmts.count;
    const char **texts = mem_alloc((m->stmts.count + 1) * sizeof *texts);
    AspOrigin *places = mem_alloc((m->stmts.count + 1) * sizeof *places);
    for (size_t i = 0; i < m->stmts.count; i++) {
        const LpStatement *s = &m->stmts.items[i];
        texts[i] = s->text;
        places[i] = (AspOrigin){ names[s->file], s->line, s->col, NULL };
    }
    mem_free(names);
    src->group_text = texts;
    src->group_origin = places;
    return st->p;
}

/* An aspif program, each rule placed at its line, or NULL after an error reported. */
static AspProgram *load_aspif(Cli *c, Files files, Stripped *st, ExplainSource *src, ProcError *err)
{
    ProcLoadOptions lo = { .allow_scripts = c->allow_scripts, .limits = &c->stop };
    AspProgram *p;
    if (c->from_stdin) {                      /* read already: aspif, by its first word */
        err->placed = true;
        p = asp_parse_aspif_within(c->stdin_text.data, c->stdin_text.len, "stdin", &c->stop,
                                   &err->message);
    } else p = proc_load(files.items[0], &lo, err);
    if (!p) {
        proc_error_report(&c->diag, err);
        return NULL;
    }
    const char *name = strcmp(files.items[0], "-") ? files.items[0] : "stdin";
    for (size_t r = 0; r < asp_rule_count(p); r++) {
        uint32_t line = asp_rule_line(p, r);
        VEC_PUSH(st->origin, ((AspOrigin){ line ? name : NULL, line, 0, NULL }));
    }
    src->origin = st->origin.items;
    return p;
}

static int explain_files(Cli *c, Files files, Buf *out)
{
    ProcError err;
    proc_error_init(&err);
    LpMarked m = {0};
    Stripped st = {0};
    ExplainSource src = { .input = files.items[0] };
    ProcLoadOptions lo = { .limits = &c->stop };
    bool read = !c->from_stdin || proc_read_stdin_text(&lo, &c->stdin_text, &err);
    const Buf *in = &c->stdin_text;
    bool aspif_in = c->from_stdin && in->len >= 4 && !memcmp(in->data, "asp ", 4);
    bool lp = files.count > 1 || str_ends_with(files.items[0], ".lp") || (c->from_stdin && !aspif_in);
    AspProgram *p = !read ? NULL
                    : lp ? load_lp(c, files, &m, &st, &src, &err) : load_aspif(c, files, &st, &src, &err);
    if (!read) proc_error_report(&c->diag, &err);
    int rc = 1;
    if (p) rc = explain_asp_program(p, &src, &c->o, out, &c->diag);
    if (p != st.p) asp_program_free(p);
    asp_program_free(st.p);
    VEC_FREE(st.origin);
    VEC_FREE(st.group);
    if (st.facts.keys || st.keys.count) hashmap_free(&st.facts);
    for (size_t i = 0; i < st.keys.count; i++) mem_free(st.keys.items[i]);
    VEC_FREE(st.keys);
    mem_free(st.shown);
    mem_free((void *)src.group_text);
    mem_free((void *)src.group_origin);
    lp_marked_free(&m);
    proc_error_free(&err);
    return rc;
}

int explain_asp_block(const Decl *d, const char *file, const ExplainAspOptions *o, Buf *out,
                      Diag *diag)
{
    Buf err;
    buf_init(&err);
    AspProgram *p = asp_program_of_block(d, diag, &err);
    buf_free(&err);
    if (!p) return 1;
    AspOrigin *origin = mem_alloc((d->nrules + 1) * sizeof *origin);
    for (size_t r = 0; r < d->nrules && r < asp_rule_count(p); r++) {
        unsigned line, col;
        diag_line_col(d->rules[r].loc.src, d->rules[r].loc.start, &line, &col);
        origin[r] = (AspOrigin){ file, line, col, NULL };
    }
    Buf input;
    buf_init(&input);
    buf_printf(&input, "%s: program %s", file, d->name.name);
    ExplainSource src = { .input = buf_cstr(&input), .origin = origin };
    int rc = explain_asp_program(p, &src, o, out, diag);
    buf_free(&input);
    mem_free(origin);
    asp_program_free(p);
    return rc;
}

/* Does block d name atom `name` (in a head or a body)? */
static bool block_has(const Decl *d, const char *name)
{
    for (size_t r = 0; r < d->nrules; r++) {
        const Rule *rule = &d->rules[r];
        for (size_t k = 0; k < rule->nhead; k++) if (!strcmp(rule->head[k].name, name)) return true;
        for (size_t k = 0; k < rule->npos; k++) if (!strcmp(rule->pos[k].name, name)) return true;
        for (size_t k = 0; k < rule->nneg; k++) if (!strcmp(rule->neg[k].name, name)) return true;
    }
    return false;
}

static bool block_wanted(const Cli *c, const Decl *d)
{
    if (!c->o.natoms) return true;
    for (size_t i = 0; i < c->o.natoms; i++)
        if (block_has(d, c->o.atoms[i])) return true;
    return false;
}

/* `program P from "x.lp"`: x.lp (relative to the .fix file's folder) explained as a file. */
static int explain_grounded(Cli *c, const char *fix_path, const Decl *d, Buf *out)
{
    Buf path;
    buf_init(&path);
    const char *slash = strrchr(fix_path, '/');
    if (d->program_file[0] != '/' && slash) buf_putn(&path, fix_path, (size_t)(slash - fix_path + 1));
    buf_puts(&path, d->program_file);
    const char *one[1] = { buf_cstr(&path) };
    Files files = { one, 1 };
    int rc = explain_files(c, files, out);
    buf_free(&path);
    return rc;
}

/* The programs of a .fix file: the blocks that name an atom asked for (every one when none
 * is asked for) and the programs grounded from .lp files. */
static int explain_fix(Cli *c, Buf *out)
{
    const char *path = c->files.items[0];
    Source *srcfile = diag_load_file(&c->diag, path);
    if (!srcfile) return 1;
    Arena arena;
    arena_init(&arena);
    AstFile *f = parse_source(&c->diag, &arena, srcfile);
    int rc = f->syntax_error ? 1 : 0;
    size_t done = 0;
    for (size_t i = 0; i < f->ndecls && rc == 0; i++) {
        const Decl *d = f->decls[i];
        if (d->kind != D_PROGRAM || (!d->program_file && !block_wanted(c, d))) continue;
        if (done++ && !c->o.json) buf_putc(out, '\n');
        rc = d->program_file ? explain_grounded(c, path, d, out)
                             : explain_asp_block(d, path, &c->o, out, &c->diag);
    }
    if (rc == 0 && !done) {
        diag_plain_error(&c->diag, "%s: no program block %s", path,
                         c->o.natoms ? "names the atoms asked for" : "to explain");
        rc = 1;
    }
    arena_free(&arena);
    return rc;
}

const char *explain_lp_usage(void) { return usage_text; }

/* Is word the start of a query of the file (a query keyword first)? */
static bool looks_like_query(const char *word)
{
    static const char *const kinds[] = { "refine", "approx", "bnb", "stable", "show", "fixpoints",
                                         "lfp", "gfp", "check" };
    while (*word == ' ') word++;
    if (*word >= '0' && *word <= '9') return true;                  /* a line number */
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
        size_t n = strlen(kinds[i]);
        if (!strncmp(word, kinds[i], n) && (!word[n] || word[n] == ' ')) return true;
    }
    return false;
}

bool explain_lp_names_atom(const char *path, const char *atom)
{
    if (looks_like_query(atom)) return false;
    Diag diag;
    diag_init(&diag, NULL);
    Source *src = diag_load_file(&diag, path);
    bool found = false;
    if (src) {
        Arena arena;
        arena_init(&arena);
        AstFile *f = parse_source(&diag, &arena, src);
        for (size_t i = 0; i < f->ndecls && !found; i++)
            found = f->decls[i]->kind == D_PROGRAM && (f->decls[i]->program_file || block_has(f->decls[i], atom));
        arena_free(&arena);
    }
    diag_free(&diag);
    return found;
}

int explain_lp_main(int argc, char **argv)
{
    Cli c;
    memset(&c, 0, sizeof c);
    int rc = parse_args(&c, argc, argv);
    if (rc == -1) rc = cmdline_print_text("fix explain", usage_text);   /* via explain_main: not reached */
    else if (rc == 0) {
        diag_init(&c.diag, stderr);
        c.diag.who = "fix explain";
        limits_cap_address_space(c.limits.max_memory);
        limits_start(&c.stop, c.o.timeout_s, c.limits.max_memory, &c.interrupt);
        c.o.limits = &c.stop;
        c.o.interrupt = &c.interrupt;
        sigint_install(&c.interrupt, SIGINT_ONCE);
        Buf out;
        buf_init_stream(&out, stdout);
        Files files = { c.files.items, c.files.count };
        if (cmdline_stdout_is_input(&c.diag, c.files.items, c.files.count)) rc = 1;
        else rc = str_ends_with(c.files.items[0], ".fix") ? explain_fix(&c, &out) : explain_files(&c, files, &out);
        buf_flush(&out);
        Buf why;
        buf_init(&why);
        if (!outfile_check(stdout, "standard output", out.err, &why) && rc != 2) {
            diag_plain_error(&c.diag, "%s", buf_cstr(&why));
            rc = 1;
        }
        buf_free(&why);
        buf_free(&out);
        sigint_remove();
        if (c.interrupt) rc = sigint_exit_code(c.interrupt);
        diag_free(&c.diag);
    }
    VEC_FREE(c.files);
    buf_free(&c.stdin_text);
    VEC_FREE(c.atoms);
    VEC_FREE(c.gargs);
    return rc;
}
