/* lpscan.c: refuses .lp files that would make gringo run code.  gringo 5.4 runs the body of
 * `#script (python) ... #end.` and `#script (lua) ... #end.` while it parses a file, and has
 * no switch to turn that off.  So before gringo starts, every file and every file it
 * #includes is read as gringo's lexer reads it: `%` comments to the end of the line, `%* ... *%`
 * comments, "..." strings that end on their line and know only the escapes \\ \" and \n (a
 * quote that starts no such string is a lone character, and what follows it is code again).
 * Any `#script` left over is refused, and so is `#include <...>` (gringo's built-in files).
 * Where this reading could differ from gringo's, it refuses more, never less: a block comment
 * ends at the first `*%` (gringo's may go on further: it nests them, and skips `%` comments
 * inside them), and an include is looked for in every place gringo might take it from.
 * The same reading notes whether the files have a #project directive (ground.c: a program
 * whose project atoms gringo all leaves out is then projected on its shown atoms). */
#include "asp/lpscan.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "asp/internal.h"
#include "util/hashmap.h"

typedef struct QueuedFile { char *path, *real; } QueuedFile;

typedef struct Scan {
    VEC(QueuedFile) files;        /* every file to read, in order (owned strings) */
    HashMap known;                /* real path -> 1: each file is read once (include cycles) */
    bool has_project;             /* a #project directive was met */
    Buf *err;
} Scan;

/* One file's text, and the line of the last location asked for: locations are asked for in
 * increasing order, so finding all of them is linear. */
typedef struct Text {
    const char *path, *real, *s;
    size_t n, at, line, bol;
} Text;

static void locate(Text *t, size_t off, size_t *line, size_t *col)
{
    for (; t->at < off; t->at++)
        if (t->s[t->at] == '\n') { t->line++; t->bol = t->at + 1; }
    *line = t->line;
    *col = off - t->bol + 1;
}

static bool fail_at(Scan *sc, Text *t, size_t off, const char *msg)
{
    size_t line, col;
    locate(t, off, &line, &col);
    buf_printf(sc->err, "%s:%zu:%zu: error: %s", t->path, line, col, msg);
    return false;
}

/* A comment from s[i] == '%': the index after it.  "%* ... *%" ends at the first "*%" (or
 * at the end of the text, which gringo reports and reads as a comment). */
static size_t skip_comment(const char *s, size_t n, size_t i)
{
    if (i + 1 < n && s[i + 1] == '*') {
        for (i += 2; i + 1 < n; i++)
            if (s[i] == '*' && s[i + 1] == '%') return i + 2;
        return n;
    }
    while (i < n && s[i] != '\n') i++;
    return i;
}

/* A string from s[i] == '"' as gringo's lexer takes it: true and *end after its closing
 * quote, or false when no string starts here. */
static bool string_end(const char *s, size_t n, size_t i, size_t *end)
{
    for (i++; i < n && s[i] != '\n'; i++) {
        if (s[i] == '"') { *end = i + 1; return true; }
        if (s[i] == '\\') {
            if (i + 1 >= n || (s[i + 1] != '\\' && s[i + 1] != '"' && s[i + 1] != 'n'))
                return false;
            i++;
        }
    }
    return false;
}

/* Blanks of any kind and comments (taking more as blank than gringo does finds more
 * includes, never fewer). */
static size_t skip_blanks(const char *s, size_t n, size_t i)
{
    while (i < n) {
        if (s[i] == '%') i = skip_comment(s, n, i);
        else if (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r')) i++;
        else break;
    }
    return i;
}

/* The text of the string s[0..n) (without its quotes). */
static char *unescape(const char *s, size_t n)
{
    char *out = mem_alloc(n + 1);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 1 < n) {
            i++;
            out[k++] = s[i] == 'n' ? '\n' : s[i];
        } else out[k++] = s[i];
    }
    out[k] = '\0';
    return out;
}

/* Queues the file at path (owned) unless it was queued already.  from/off: the #include
 * that names it, or NULL for a file given to gringo. */
static bool enqueue(Scan *sc, char *path, Text *from, size_t off)
{
    struct stat st;
    char *real = NULL;
    const char *why = NULL;
    if (stat(path, &st) != 0) why = strerror(errno);
    else if (S_ISDIR(st.st_mode)) why = "is a directory";
    else if (!S_ISREG(st.st_mode)) why = "is not a regular file (fix must read it before gringo)";
    else if (!(real = realpath(path, NULL))) why = strerror(errno);
    if (why) {
        Buf m;
        buf_init(&m);
        buf_printf(&m, "included file \"%s\": %s", path, why);
        if (from) fail_at(sc, from, off, buf_cstr(&m));
        else buf_printf(sc->err, "%s: error: %s", path, why);
        buf_free(&m);
        mem_free(path);
        return false;
    }
    QueuedFile q = { path, mem_strdup(real) };
    free(real);
    if (!hashmap_add(&sc->known, (uint64_t)(uintptr_t)q.real, 1)) {
        mem_free(q.path);
        mem_free(q.real);
        return true;
    }
    VEC_PUSH(sc->files, q);
    return true;
}

/* name in the directory of path; NULL when path has no directory part. */
static char *beside(const char *path, const char *name)
{
    const char *slash = strrchr(path, '/');
    if (!slash) return NULL;
    Buf b;
    buf_init(&b);
    buf_putn(&b, path, (size_t)(slash - path) + 1);
    buf_puts(&b, name);
    char *r = mem_strdup(buf_cstr(&b));
    buf_free(&b);
    return r;
}

/* gringo opens `#include "name"` from the current directory, else from the including file's
 * directory (as given, or as its real path if gringo takes that): every one that exists is
 * read. */
static bool include_file(Scan *sc, Text *t, size_t at, const char *name)
{
    char *cand[3] = { mem_strdup(name), NULL, NULL };
    if (name[0] != '/') {
        cand[1] = beside(t->path, name);
        cand[2] = beside(t->real, name);
    }
    bool found = false, ok = true;
    for (size_t c = 0; c < 3; c++) {
        struct stat st;
        if (cand[c] && ok && stat(cand[c], &st) == 0) {
            found = true;
            ok = enqueue(sc, cand[c], t, at);
        } else mem_free(cand[c]);
    }
    if (ok && !found) {
        Buf m;
        buf_init(&m);
        buf_printf(&m, "cannot find included file \"%s\"", name);
        fail_at(sc, t, at, buf_cstr(&m));
        buf_free(&m);
        ok = false;
    }
    return ok;
}

/* `#include` at s[i]: queues what it names; *next is where the scan goes on. */
static bool include_at(Scan *sc, Text *t, size_t i, size_t *next)
{
    const char *s = t->s;
    size_t n = t->n, j = skip_blanks(s, n, i + 8), end;
    *next = i + 8;
    if (j < n && s[j] == '<')
        return fail_at(sc, t, i, "#include <...> (a file built into gringo) is not allowed; "
                                 "only #include \"FILE\" is");
    if (j >= n || s[j] != '"' || !string_end(s, n, j, &end)) return true;  /* gringo's error */
    *next = end;
    char *name = unescape(s + j + 1, end - j - 2);
    bool ok = include_file(sc, t, i, name);
    mem_free(name);
    return ok;
}

static bool starts_with(const Text *t, size_t i, const char *word)
{
    size_t m = strlen(word);
    return t->n - i >= m && memcmp(t->s + i, word, m) == 0;
}

static bool scan_text(Scan *sc, Text *t)
{
    const char *s = t->s;
    size_t i = 0, end;
    while (i < t->n) {
        if (s[i] == '%') i = skip_comment(s, t->n, i);
        else if (s[i] == '"') i = string_end(s, t->n, i, &end) ? end : i + 1;
        else if (s[i] != '#') i++;
        else if (starts_with(t, i, "#script"))
            return fail_at(sc, t, i, "#script refused: gringo would run its code while grounding "
                                     "(--allow-scripts allows it: the .lp file is code)");
        else if (starts_with(t, i, "#project")) { sc->has_project = true; i++; }
        else if (!starts_with(t, i, "#include")) i++;
        else if (!include_at(sc, t, i, &i)) return false;
    }
    return true;
}

static bool scan_file(Scan *sc, QueuedFile q)
{
    FILE *f = fopen(q.path, "rb");
    Buf text;
    buf_init(&text);
    const char *why = f ? asp_read_all(f, &text, NULL) : strerror(errno);
    bool ok = !why;
    if (!ok) buf_printf(sc->err, "%s: error: cannot read: %s", q.path, why);
    if (f) fclose(f);
    Text t = { .path = q.path, .real = q.real, .s = text.data ? text.data : "", .n = text.len,
               .line = 1 };
    ok = ok && scan_text(sc, &t);
    buf_free(&text);
    return ok;
}

bool asp_lp_scan(const char *const *files, size_t nfiles, bool *has_project, Buf *err)
{
    Scan sc = { .err = err };
    hashmap_init_str(&sc.known);
    bool ok = true;
    for (size_t i = 0; ok && i < nfiles; i++) ok = enqueue(&sc, mem_strdup(files[i]), NULL, 0);
    for (size_t i = 0; ok && i < sc.files.count; i++) ok = scan_file(&sc, sc.files.items[i]);
    for (size_t i = 0; i < sc.files.count; i++) {
        mem_free(sc.files.items[i].path);
        mem_free(sc.files.items[i].real);
    }
    VEC_FREE(sc.files);
    hashmap_free(&sc.known);
    *has_project = sc.has_project;
    return ok;
}
