/* diag.c: error reporting with file:line:col, the source line and a caret. */
#include "front/diag.h"
#include "util/mem.h"
#include "util/sigint.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void diag_init(Diag *d, FILE *out)
{
    d->out = out;
    d->who = "fix";
    d->errors = 0;
    d->sources = NULL;
    d->interrupt = NULL;
    d->limits = NULL;
    d->on_error = NULL;
    d->error_ctx = NULL;
}

void diag_free(Diag *d)
{
    Source *s = d->sources;
    while (s) {
        Source *next = s->next;
        mem_free(s->path);
        mem_free(s->text);
        mem_free(s->line_starts);
        mem_free(s);
        s = next;
    }
    d->sources = NULL;
}

/* One pass over the text: where each line starts. */
static void index_lines(Source *s)
{
    size_t n = 1;
    for (size_t i = 0; i < s->len; i++) n += s->text[i] == '\n';
    s->line_starts = mem_alloc(n * sizeof *s->line_starts);
    s->nlines = 0;
    s->line_starts[s->nlines++] = 0;
    for (size_t i = 0; i < s->len; i++)
        if (s->text[i] == '\n') s->line_starts[s->nlines++] = (uint32_t)(i + 1);
}

Source *diag_add_source(Diag *d, const char *path, const char *text, size_t len)
{
    Source *s = mem_alloc(sizeof *s);
    s->path = mem_strdup(path);
    s->text = mem_strndup(text, len);
    s->len = len;
    index_lines(s);
    s->next = d->sources;
    d->sources = s;
    return s;
}

/* The largest source read: offsets are 32 bits, and an endless input (a FIFO that never
 * closes) must end somewhere.  Reading also stops after a NUL byte, which no source may hold
 * (so /dev/zero is refused at once). */
#define SOURCE_MAX_BYTES ((size_t)1 << 30)

static void stopped_reading(Diag *d, const char *name);

/* diag_load_stream's reading. */
static Source *read_stream(Diag *d, const char *name, FILE *f)
{
    size_t cap = 4096, len = 0;
    char *text = mem_alloc(cap);
    size_t n;
    bool nul = false;             /* a NUL byte was read: the lexer stops there with an error */
    /* a signal ends the reading whether it came inside a read (which it ends) or between two */
    while (!nul && len < SOURCE_MAX_BYTES && !diag_interrupted(d)
           && (n = fread(text + len, 1, cap - len, f)) > 0) {
        nul = memchr(text + len, '\0', n) != NULL;
        len += n;
        if (len == cap) text = mem_realloc(text, cap *= 2);
    }
    bool too_big = !nul && len >= SOURCE_MAX_BYTES;
    if (ferror(f) || too_big || diag_interrupted(d)) {
        mem_free(text);
        if (too_big) diag_plain_error(d, "cannot read '%s': a source holds at most %zu MB",
                                      name, (size_t)SOURCE_MAX_BYTES >> 20);
        else if (diag_interrupted(d)) stopped_reading(d, name);
        else diag_plain_error(d, "cannot read '%s'", name);
        return NULL;
    }
    Source *s = diag_add_source(d, name, text, len);
    mem_free(text);
    return s;
}

const char *diag_stop_reason(const Diag *d)
{
    int sig = limits_flag(d->interrupt);
    if (sig || !d->limits || !d->limits->hit) return sigint_name(sig);
    return d->limits->hit;
}

static void stopped_reading(Diag *d, const char *name)
{
    diag_plain_error(d, "stopped by %s while reading '%s'", diag_stop_reason(d), name);
}

Source *diag_load_stream(Diag *d, const char *name, FILE *f)
{
    bool was = sigint_reading(true);
    Source *s = read_stream(d, name, f);
    sigint_reading(was);
    return s;
}

Source *diag_load_file(Diag *d, const char *path)
{
    bool was = sigint_reading(true);          /* a FIFO's open waits for a writer */
    /* a signal that came before reading began would leave that open waiting: not opened */
    FILE *f = diag_interrupted(d) ? NULL : fopen(path, "rb");
    Source *s = NULL;
    if (f) s = read_stream(d, path, f);
    else if (diag_interrupted(d)) stopped_reading(d, path);
    else diag_plain_error(d, "cannot read '%s': %s", path, strerror(errno));
    sigint_reading(was);
    if (f) fclose(f);
    return s;
}

/* The index of the line holding offset: the last line start <= offset. */
static size_t line_index(const Source *src, size_t offset)
{
    size_t lo = 0, hi = src->nlines;      /* line_starts[lo] <= offset < line_starts[hi] */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (src->line_starts[mid] <= offset) lo = mid;
        else hi = mid;
    }
    return lo;
}

void diag_line_col(const Source *src, uint32_t offset, unsigned *line, unsigned *col)
{
    if (offset > src->len) offset = (uint32_t)src->len;
    size_t l = line_index(src, offset);
    *line = (unsigned)(l + 1);
    *col = (unsigned)(offset - src->line_starts[l] + 1);
}

Loc diag_loc_span(Loc a, Loc b)
{
    Loc r = a;
    if (b.src == a.src && b.end > r.end) r.end = b.end;
    return r;
}

/* Prints the line holding loc.start and a caret (with ~ under the rest of the span on that line). */
static void show_source_line(FILE *out, Loc loc)
{
    const char *text = loc.src->text;
    size_t len = loc.src->len;
    size_t start = loc.start > len ? len : loc.start;
    size_t l = line_index(loc.src, start);
    size_t bol = loc.src->line_starts[l];
    size_t eol = l + 1 < loc.src->nlines ? loc.src->line_starts[l + 1] - 1 : len;
    if (eol - bol > 200) {            /* a huge line: show a window around the spot */
        size_t from = start > 80 ? start - 80 : bol;
        if (from < bol) from = bol;
        size_t to = from + 160 < eol ? from + 160 : eol;
        bol = from;
        eol = to;
    }
    fputs("  ", out);
    for (size_t i = bol; i < eol; i++) {
        unsigned char c = (unsigned char)text[i];
        fputc(c == '\t' ? ' ' : (c < 0x20 || c == 0x7f ? '?' : c), out);
    }
    fputs("\n  ", out);
    for (size_t i = bol; i < start; i++) fputc(' ', out);
    fputc('^', out);
    size_t end = loc.end > start ? loc.end : start + 1;
    for (size_t i = start + 1; i < end && i < eol; i++) fputc('~', out);
    fputc('\n', out);
}

/* An error told to the hook, its message formatted on its own. */
static void tell_error(Diag *d, Loc loc, const char *fmt, va_list ap)
{
    unsigned line = 0, col = 0;
    if (loc.src) diag_line_col(loc.src, loc.start, &line, &col);
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    char *msg = mem_alloc((size_t)(n > 0 ? n : 0) + 1);
    vsnprintf(msg, (size_t)(n > 0 ? n : 0) + 1, fmt, ap);
    d->on_error(d->error_ctx, loc.src ? loc.src->path : NULL, line, col, msg);
    mem_free(msg);
}

static void report(Diag *d, Loc loc, const char *kind, const char *fmt, va_list ap)
{
    if (d->on_error && strcmp(kind, "error") == 0) {
        va_list copy;
        va_copy(copy, ap);
        tell_error(d, loc, fmt, copy);
        va_end(copy);
    }
    if (!d->out) return;
    if (loc.src) {
        unsigned line, col;
        diag_line_col(loc.src, loc.start, &line, &col);
        fprintf(d->out, "%s:%u:%u: %s: ", loc.src->path, line, col, kind);
    } else {
        fprintf(d->out, "%s: %s: ", d->who, kind);
    }
    vfprintf(d->out, fmt, ap);
    fputc('\n', d->out);
    if (loc.src) show_source_line(d->out, loc);
    fflush(d->out);
}

void diag_error(Diag *d, Loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(d, loc, "error", fmt, ap);
    va_end(ap);
    d->errors++;
}

void diag_note(Diag *d, Loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(d, loc, "note", fmt, ap);
    va_end(ap);
}

void diag_error_text(Diag *d, const char *text)
{
    d->errors++;
    if (d->on_error) d->on_error(d->error_ctx, NULL, 0, 0, text);
    if (!d->out) return;
    fprintf(d->out, "%s\n", text);
    fflush(d->out);
}

void diag_plain_error(Diag *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    Loc none = { NULL, 0, 0 };
    report(d, none, "error", fmt, ap);
    va_end(ap);
    d->errors++;
}
