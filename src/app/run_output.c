/* run_output.c: where a session's output goes, and that it all goes there: each result and
 * each error of a query reported (session_emit, session_stopped, the engine's errors), the
 * queries' files calling here and never back into run.c; standard output
 * checked at each flush point (a failed write is one error, and nothing more is run), the
 * --dot files and the HTML page written whole under a temporary name (util/outfile.h), and no
 * output path that names one of the inputs. */
#include "app/run_internal.h"

#include <sys/stat.h>

#include "report/html.h"
#include "util/mem.h"
#include "util/outfile.h"

/* ---- results and errors of a query ---- */

/* Which limit stopped an engine run, in the engine's word. */
const char *run_stop_reason_text(const char *stopped_by)
{
    return stopped_by ? stopped_by : "a limit";
}

/* A limit (timeout, memory, Ctrl-C) stopped a query that has no sound partial answer to
 * give: says which, at the query, and returns true. */
bool session_stopped(Session *s, Loc at)
{
    const char *hit = limits_poll(&s->limits);
    if (!hit) return false;
    diag_error(&s->diag, at, "stopped by %s before an answer", hit);
    return true;
}

/* With --dot, standard output carries Graphviz only: a result that has no graph (show, lfp,
 * check, stable, a refine with no fixed point) goes to standard error. */
void session_emit(Session *s, const QueryResult *r)
{
    FILE *out = s->opt.dot ? s->aside : s->out;
    if (s->sink.on_result) {
        if (s->page) html_query_result(s->page, r);
        s->sink.on_result(s->sink.ctx, r);
        return;
    }
    int err = s->opt.json ? report_json(r, out) : report_text(r, out);
    if (out == s->out && err && !s->out_errno) s->out_errno = err;
    if (out == s->out) session_output_ok(s);    /* each result out as it comes, checked */
    else fflush(out);
    /* the page's record after the text is out: a large result (a stopped bnb's bounds) is
     * not held back while its JSON is written */
    if (s->page) html_query_result(s->page, r);
}

bool session_engine_error(Session *s, Loc at, Buf *err)
{
    if (err->len) diag_error(&s->diag, at, "%s", buf_cstr(err));
    else session_stopped(s, at);
    return false;
}

/* ---- standard output ---- */

bool session_output_ok(Session *s)
{
    if (s->output_failed) return false;
    Buf err;
    buf_init(&err);
    bool ok = outfile_check(s->out, "standard output", s->out_errno, &err);
    if (!ok) {
        s->output_failed = true;
        diag_plain_error(&s->diag, "%s", buf_cstr(&err));
    }
    buf_free(&err);
    return ok;
}

/* ---- outputs that would overwrite an input ---- */

typedef struct Clash {
    Context *context;
    const char *out;         /* the output path */
    bool on_stdout;          /* standard output instead */
    const char *input;       /* the input it names, once found */
} Clash;

static bool names_input(const Clash *c, const char *input)
{
    return c->on_stdout ? outfile_is_stdout(input) : outfile_same(c->out, input);
}

static void program_file(void *ctx, const char *name)
{
    Clash *c = ctx;
    const ProgramSym *p = c->input ? NULL : context_program(c->context, name);
    if (p && p->resolved_file && names_input(c, p->resolved_file)) c->input = p->resolved_file;
}

/* The input the output would overwrite: a file read so far (the one run, its imports, "-"
 * for standard input), the files of `program P from "x"`, or first; NULL when none. */
static const char *clashing_input(Session *s, Clash *c, const char *first)
{
    if (first && names_input(c, first)) return first;
    for (const Source *src = s->diag.sources; src && !c->input; src = src->next) {
        const char *path = strcmp(src->path, "<stdin>") == 0 ? "-" : src->path;
        if (path[0] != '<' && names_input(c, path)) c->input = src->path;
    }
    if (!c->input) context_each_name(s->context, program_file, c);
    return c->input;
}

bool session_output_clash(Session *s, const char *option, const char *out, const char *first)
{
    Clash c = { .context = s->context, .out = out, .on_stdout = out == NULL };
    const char *input = clashing_input(s, &c, first);
    if (!input) return false;
    s->output_refused = true;
    if (out) diag_plain_error(&s->diag, "%s %s would overwrite the input %s", option, out, input);
    else diag_plain_error(&s->diag, "standard output is the input %s", input);
    return true;
}

bool session_outputs_clash(Session *s, const char *first)
{
    bool html = s->opt.html && session_output_clash(s, "--html", s->opt.html, first);
    bool out = session_output_clash(s, NULL, NULL, first);
    return html || out;
}

/* ---- --dot: where a query's graph goes ---- */

/* A graph's destination: standard output, or a file of --dot DIR/ written whole. */
typedef struct DotSink {
    FILE *f;
    OutFile file;
    bool own;
    int err;                 /* the errno of a write that failed, or 0 */
} DotSink;

/* text to the sink, through a Buf stream that sees a failed write's errno. */
static void dot_put(DotSink *d, const char *text)
{
    Buf b;
    buf_init_stream(&b, d->f);
    buf_puts(&b, text);
    buf_flush(&b);
    if (!d->err) d->err = b.err;
    buf_free(&b);
}

static bool dot_file(Session *s, const QueryPlan *plan, const char *path, DotSink *d)
{
    Buf err;
    buf_init(&err);
    bool ok = !session_output_clash(s, "--dot", path, NULL) && outfile_open(&d->file, path, &err);
    if (ok) {
        d->f = d->file.f;
        d->own = true;
    } else if (err.len) diag_error(&s->diag, plan->loc, "--dot: %s", buf_cstr(&err));
    if (!ok) s->file_failed = true;
    buf_free(&err);
    return ok;
}

/* Standard output (the first graph, or the query on --dot LINE), a file of its own in
 * --dot DIR/, or nowhere (false, with a note saying how to get it). */
static bool dot_open(Session *s, const QueryPlan *plan, const char *kind, DotSink *d)
{
    *d = (DotSink){ 0 };
    unsigned line = 0, col = 0;
    diag_line_col(plan->loc.src, plan->loc.start, &line, &col);
    if (s->opt.dot_dir) {
        mkdir(s->opt.dot_dir, 0777);
        Buf path;
        buf_init(&path);
        buf_printf(&path, "%s%sq%zu-line%u-%s.dot", s->opt.dot_dir,
                   s->opt.dot_dir[strlen(s->opt.dot_dir) - 1] == '/' ? "" : "/",
                   s->queries_run, line, kind);
        bool ok = dot_file(s, plan, buf_cstr(&path), d);
        buf_free(&path);
        return ok;
    }
    if (s->opt.dot_line ? line == s->opt.dot_line : s->graphs == 0) {
        d->f = s->out;
        return true;
    }
    if (!s->opt.dot_line)
        fprintf(s->aside, "fix: --dot: the graph of line %u is not drawn: standard output takes one "
                          "graph (--dot DIR/ writes each to its own file, --dot %u this one)\n", line, line);
    return false;
}

static void dot_close(Session *s, const QueryPlan *plan, DotSink *d)
{
    s->graphs++;
    if (!d->own) {
        if (d->err && !s->out_errno) s->out_errno = d->err;
        session_output_ok(s);
        return;
    }
    Buf err;
    buf_init(&err);
    if (!outfile_commit(&d->file, d->err, &err)) {
        diag_error(&s->diag, plan->loc, "--dot: %s", buf_cstr(&err));
        s->file_failed = true;
    }
    buf_free(&err);
}

static char *source_text(Loc loc)
{
    return mem_strndup(loc.src->text + loc.start, loc.end - loc.start);
}

/* --dot: the Hasse diagram of L with a bound and fixed points marked. */
bool session_emit_hasse(Session *s, const QueryPlan *plan, const Lattice *L, const Word *lo, const Word *hi,
                       const BoundList *points)
{
    BoundList bounds;
    boundlist_init(&bounds, L);
    if (lo) boundlist_push(&bounds, lo, hi);
    Buf out, err;
    buf_init(&out);
    buf_init(&err);
    char *title = source_text(plan->loc);
    bool ok = dot_hasse(L, &bounds, points, title, &out, &err);
    DotSink d;
    if (ok && dot_open(s, plan, "hasse", &d)) {
        dot_put(&d, buf_cstr(&out));
        dot_close(s, plan, &d);
    }
    if (!ok) diag_error(&s->diag, plan->loc, "--dot: %s", buf_cstr(&err));
    mem_free(title);
    buf_free(&out);
    buf_free(&err);
    boundlist_free(&bounds);
    return ok;
}

void session_emit_tree(Session *s, const QueryPlan *plan, DotTree *tree, const BoundList *points)
{
    DotSink d;
    if (!dot_open(s, plan, "bnb", &d)) return;
    char *title = source_text(plan->loc);
    dot_tree_set_title(tree, title);
    mem_free(title);
    Buf out;
    buf_init_stream(&out, d.f);
    dot_tree_write(tree, points, &out);
    buf_flush(&out);
    d.err = out.err;
    buf_free(&out);
    dot_close(s, plan, &d);
}

/* ---- the HTML page ---- */

void session_record_page(Session *s)
{
    if (!s->page) s->page = html_page_new();
}

bool session_write_page(Session *s, const char *path, const char *title)
{
    if (session_output_clash(s, "--html", path, NULL)) return false;
    Buf err;
    buf_init(&err);
    OutFile file;
    bool ok = outfile_open(&file, path, &err);
    if (ok) {
        Buf b;
        buf_init_stream(&b, file.f);
        html_page_write(s->page, title, &b);
        buf_flush(&b);
        ok = outfile_commit(&file, b.err, &err);
        buf_free(&b);
    }
    if (!ok) diag_plain_error(&s->diag, "%s", buf_cstr(&err));
    buf_free(&err);
    return ok;
}
