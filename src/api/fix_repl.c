/* fix_repl.c: the C API's REPL input (fix.h, fix_repl_input): text handled line by line as
 * `fix repl` handles the lines typed into it (app/repl_input.h, the same code), what it prints
 * captured instead of written to standard output and standard error, and the HTML page of the
 * refine, bnb and stable queries it ran (the views of `fix run --html`).  The Jupyter kernel
 * (python/fix/kernel.py) runs each cell through it. */
#define _GNU_SOURCE        /* open_memstream */
#include "api/fix_session_internal.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/repl_input.h"
#include "report/html.h"
#include "util/mem.h"

/* The session's output, standard error (its Diag) and --dot's aside all go to capture, in
 * the order they are written (as a terminal shows them); results are printed, not handed to
 * the API's sink; engine events still go to the event callback. */
typedef struct Redirect {
    FILE *out, *aside, *diag;
    SessionSink sink;
} Redirect;

static Redirect redirect(Session *ss, FILE *capture)
{
    Redirect saved = { ss->out, ss->aside, ss->diag.out, ss->sink };
    ss->out = ss->aside = ss->diag.out = capture;
    ss->sink.on_result = NULL;
    return saved;
}

static void restore(Session *ss, const Redirect *saved)
{
    ss->out = saved->out;
    ss->aside = saved->aside;
    ss->diag.out = saved->diag;
    ss->sink = saved->sink;
}

static bool cancelled(const fix_session *s)
{
    return __atomic_load_n(&s->session.interrupt, __ATOMIC_SEQ_CST) != 0;
}

/* The lines of text handed to the REPL; false when a cancel stopped them. */
static bool run_lines(fix_session *s, const char *text)
{
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        size_t len = n > 0 && p[n - 1] == '\r' ? n - 1 : n;
        char *line = mem_alloc(len + 1);
        memcpy(line, p, len);
        line[len] = '\0';
        bool go_on = cancelled(s) ? false : repl_input_line(s->repl, line);
        mem_free(line);
        if (cancelled(s)) return false;
        if (!go_on) return true;                    /* :quit: the rest of the text is not run */
        p += n;
        if (*p == '\n') p++;
    }
    repl_input_finish(s->repl);                     /* an entry left open is run as closed */
    return !cancelled(s);
}

/* The page of the queries from the first-th on, when one of them has a view. */
static void keep_page(fix_session *s, size_t first)
{
    const struct HtmlPage *page = s->session.page;
    if (!page || !html_page_views_from(page, first)) return;
    Buf b;
    buf_init(&b);
    html_page_write_from(page, first, "notebook cell", &b);
    s->repl_html = mem_strdup(buf_cstr(&b));
    buf_free(&b);
}

/* Runs text (REPL input) or the file path, capturing what it prints. */
static int run_captured(fix_session *s, const char *text, const char *path)
{
    api_begin_call(s);
    mem_free(s->repl_out);
    mem_free(s->repl_html);
    s->repl_out = s->repl_html = NULL;
    if (!s->repl) s->repl = repl_input_new(&s->session);
    char *out = NULL;
    size_t len = 0;
    FILE *capture = open_memstream(&out, &len);
    if (!capture) {
        diag_plain_error(&s->session.diag, "cannot capture the output of the REPL");
        return -1;
    }
    size_t first = s->session.page ? html_page_queries(s->session.page) : 0;
    Redirect saved = redirect(&s->session, capture);
    if (path) repl_input_run_file(s->repl, path);
    bool whole = path ? !cancelled(s) : run_lines(s, text);
    if (!whole) repl_input_drop(s->repl);
    fflush(capture);
    restore(&s->session, &saved);
    fclose(capture);
    s->repl_out = mem_strdup(out ? out : "");
    free(out);
    keep_page(s, first);
    s->interrupted = !whole;
    __atomic_store_n(&s->session.interrupt, 0, __ATOMIC_SEQ_CST);
    return s->errors.count || !whole ? -1 : 0;
}

int fix_repl_input(fix_session *s, const char *text) { return run_captured(s, text, NULL); }

int fix_repl_run_file(fix_session *s, const char *path) { return run_captured(s, NULL, path); }

const char *fix_repl_output(const fix_session *s) { return s->repl_out ? s->repl_out : ""; }

const char *fix_repl_html(const fix_session *s) { return s->repl_html; }
