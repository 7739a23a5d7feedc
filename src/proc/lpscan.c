/* lpscan.c: refuses .lp files that could make gringo run code (lpscan.h).  gringo 5.4 runs the
 * body of `#script (python) ... #end.` and `#script (lua) ... #end.` while it parses a file,
 * and has no switch to turn that off.  An earlier version of this file read gringo's comments,
 * strings and includes the way gringo's lexer does and looked for #script outside them; every
 * place where the two readings differed (nested block comments, % inside them, #! lines, an
 * include after a comment, /proc/self/cmdline, CLINGOPATH) was a way for a script through.
 * So nothing here depends on reading gringo's syntax the same way: the words that start a
 * script are refused wherever their bytes are, every include is refused unless it has the one
 * form everyone reads alike, and the file it names is found by gringo's own search order,
 * with the environment that could change that order removed (sandbox.c).  Only the #project
 * note still follows gringo's comments and strings; it changes how models are told apart,
 * never what runs. */
#include "proc/lpscan.h"

#include <ctype.h>
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#ifdef __linux__
#include <fcntl.h>
#include <linux/magic.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>
#ifdef SYS_openat2
#include <linux/openat2.h>
#endif
#ifndef O_PATH
#define O_PATH 010000000          /* Linux's value: <fcntl.h> names it for _GNU_SOURCE only */
#endif
#endif

#include "asp/asp.h"
#include "util/mem.h"
#include "util/hashmap.h"

/* A file to read: the name gringo has for it (shown in messages; for a file named on the
 * command line, the name the user gave is shown), its real path, and the key it was queued
 * under (its real path with the directory its includes resolve from). */
typedef struct QueuedFile { char *shown, *name, *real, *key; } QueuedFile;

/* Each file is read once for each directory its includes resolve from; more is refused. */
enum { MAX_READINGS = 10000 };

typedef struct Scan {
    VEC(QueuedFile) files;        /* every file to read, in order (owned strings) */
    HashMap known;                /* keys of the files queued (include cycles end) */
    bool has_project;             /* a #project directive was met */
    Buf *err;
} Scan;

/* One file's text, and the line of the last location asked for: locations are asked for in
 * increasing order, so finding all of them is linear. */
typedef struct Text {
    QueuedFile q;                 /* a copy: the queue may move while the text is read */
    const char *s;
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
    buf_printf(sc->err, "%s:%zu:%zu: error: %s", t->q.shown, line, col, msg);
    return false;
}

char *proc_lp_arg(const char *file)
{
    char *p = mem_alloc(strlen(file) + 3);
    strcpy(p, file[0] == '-' ? "./" : "");
    strcat(p, file);
    return p;
}

/* ---- where a file is ---- */

/* Why a file at path (stat in *st, real path real) is not read, or NULL. */
static const char *unreadable_place(const char *real, const struct stat *st)
{
    static const char *const kernel_dirs[] = { "/proc", "/sys", "/dev" };
    if (S_ISDIR(st->st_mode)) return "is a directory";
    if (!S_ISREG(st->st_mode)) return "is not a regular file (fix must read it before gringo)";
    for (size_t i = 0; i < FIX_ARRAY_LEN(kernel_dirs); i++) {
        size_t m = strlen(kernel_dirs[i]);
        if (!strncmp(real, kernel_dirs[i], m) && (real[m] == '/' || !real[m]))
            return "is made by the kernel (/proc, /sys, /dev): it may read differently for "
                   "fix and for gringo";
    }
#ifdef __linux__
    static const long kernel_fs[] = { PROC_SUPER_MAGIC, SYSFS_MAGIC, DEBUGFS_MAGIC,
                                      TRACEFS_MAGIC, SECURITYFS_MAGIC, CGROUP_SUPER_MAGIC,
                                      CGROUP2_SUPER_MAGIC, BPF_FS_MAGIC, DEVPTS_SUPER_MAGIC };
    struct statfs fs;
    if (statfs(real, &fs) != 0) return "cannot tell which file system it is on";
    for (size_t i = 0; i < FIX_ARRAY_LEN(kernel_fs); i++)
        if ((long)fs.f_type == kernel_fs[i])
            return "is on a file system made by the kernel: it may read differently for fix "
                   "and for gringo";
#endif
    return NULL;
}

/* Does the way to name go through a link of /proc that leads to another file in each process
 * (/dev/stdin, /proc/self/fd/N, /proc/PID/cwd, a link to one of them)?  Its real path is the
 * file fix has there; gringo, with other descriptors (/dev/null for its standard input) and
 * another working directory, would read another.  Asked of the kernel (openat2 refusing
 * magic links, Linux 5.6 on); where it cannot say, only the real path is looked at. */
static bool through_process_link(const char *name)
{
#if defined(__linux__) && defined(SYS_openat2)
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = O_PATH | O_CLOEXEC;            /* opens nothing: only the way is walked */
    how.resolve = RESOLVE_NO_MAGICLINKS;
    long fd = syscall(SYS_openat2, AT_FDCWD, name, &how, sizeof how);
    if (fd >= 0) close((int)fd);
    return fd < 0 && errno == ELOOP;
#else
    (void)name;
    return false;
#endif
}

/* The directory gringo resolves the includes of a file it calls name from: dirname(name),
 * "" for "." (gringo then skips that step). */
static char *include_dir(const char *name)
{
    char *copy = mem_strdup(name);
    char *d = mem_strdup(dirname(copy));
    mem_free(copy);
    if (!strcmp(d, ".")) d[0] = '\0';
    return d;
}

/* Queues the file gringo calls name (owned), shown as shown (owned) unless it was queued
 * already under a name in the same directory.  from/off: the #include that names it, or
 * NULL for a file given to gringo. */
static bool enqueue(Scan *sc, char *shown, char *name, Text *from, size_t off)
{
    struct stat st;
    char *real = NULL;
    const char *why = NULL;
    if (stat(name, &st) != 0 || !(real = realpath(name, NULL))) why = strerror(errno);
    else why = unreadable_place(real, &st);
    if (!why && through_process_link(name))
        why = "goes through a link of /proc (such as /dev/stdin or /proc/self/fd/N) that "
              "leads gringo to another file than fix";
    if (why) {
        Buf m;
        buf_init(&m);
        buf_printf(&m, "included file \"%s\": %s", name, why);
        if (from) fail_at(sc, from, off, buf_cstr(&m));
        else buf_printf(sc->err, "%s: error: %s", shown, why);
        buf_free(&m);
        free(real);
        mem_free(shown);
        mem_free(name);
        return false;
    }
    char *dir = include_dir(name);
    Buf key;
    buf_init(&key);
    buf_printf(&key, "%zu:%s%s", strlen(real), real, dir);
    QueuedFile q = { shown, name, mem_strdup(real), mem_strdup(buf_cstr(&key)) };
    free(real);
    mem_free(dir);
    buf_free(&key);
    if (!hashmap_add(&sc->known, (uint64_t)(uintptr_t)q.key, 1)) {
        mem_free_n((void *const[]){ q.shown, q.name, q.real, q.key }, 4);
        return true;
    }
    VEC_PUSH(sc->files, q);
    if (sc->files.count <= MAX_READINGS) return true;
    const char *many = "too many files to read (or one included from too many directories)";
    if (from) return fail_at(sc, from, off, many);
    buf_printf(sc->err, "%s: error: %s", q.shown, many);
    return false;
}

/* `#include "name"` in t at off: the file gringo 5.4 reads for it.  Its search (libgringo,
 * nongroundparser.cc, check_file): name itself if it exists (from the current directory when
 * relative); else, when relative, DIR/name for DIR the directory of the including file's name
 * as gringo has it, unless that is "."; else the CLINGOPATH directories, which gringo does
 * not have here (sandbox.c removes the variable; the Debian build has no built-in ones). */
static bool include_file(Scan *sc, Text *t, size_t off, const char *name)
{
    struct stat st;
    char *path = NULL;
    if (stat(name, &st) == 0) path = mem_strdup(name);
    else if (name[0] != '/') {
        char *dir = include_dir(t->q.name);
        if (*dir) {
            Buf b;
            buf_init(&b);
            buf_printf(&b, "%s/%s", dir, name);
            if (stat(buf_cstr(&b), &st) == 0) path = mem_strdup(buf_cstr(&b));
            buf_free(&b);
        }
        mem_free(dir);
    }
    if (path) return enqueue(sc, mem_strdup(path), path, t, off);
    Buf m;
    buf_init(&m);
    buf_printf(&m, "cannot find included file \"%s\"", name);
    fail_at(sc, t, off, buf_cstr(&m));
    buf_free(&m);
    return false;
}

/* ---- what a file holds ---- */

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

static bool word_at(const Text *t, size_t i, const char *word)
{
    size_t m = strlen(word);
    if (t->n - i < m) return false;
    for (size_t k = 0; k < m; k++)
        if (tolower((unsigned char)t->s[i + k]) != word[k]) return false;
    return true;
}

/* The #include at s[i]: queues the file of `#include "NAME" .`, refuses any other form. */
static bool include_at(Scan *sc, Text *t, size_t i)
{
    const char *s = t->s;
    size_t n = t->n, j = i + 8, k;
    while (j < n && is_blank(s[j])) j++;
    if (j < n && s[j] == '<')
        return fail_at(sc, t, i, "#include <...> (a file built into gringo) is not allowed; "
                                 "only #include \"FILE\". is");
    bool sure = j < n && s[j] == '"';
    for (k = j + 1; sure && k < n && s[k] != '"'; k++)
        if (s[k] == '\\' || s[k] == '\n' || s[k] == '\0') sure = false;
    size_t dot = k + 1;
    while (sure && dot < n && is_blank(s[dot])) dot++;
    if (!sure || k >= n || k == j + 1 || dot >= n || s[dot] != '.')
        return fail_at(sc, t, i, "cannot be sure what gringo includes here: fix reads only "
                                 "#include \"FILE\". (blanks or newlines between, no comment, "
                                 "no backslash in FILE)");
    char *name = mem_strndup(s + j + 1, k - j - 1);
    bool ok = include_file(sc, t, i, name);
    mem_free(name);
    return ok;
}

/* Words that start a script in some version of gringo. */
static const char *const script_words[] = { "#script", "#python", "#lua", "#begin_lua" };

/* Every '#' of the text: a script word is refused, an include queued or refused. */
static bool scan_words(Scan *sc, Text *t)
{
    for (size_t i = 0; i < t->n; i++) {
        if (t->s[i] != '#') continue;
        for (size_t w = 0; w < FIX_ARRAY_LEN(script_words); w++) {
            if (!word_at(t, i, script_words[w])) continue;
            Buf m;
            buf_init(&m);
            buf_printf(&m, "%.*s refused: gringo would run its code while grounding (the "
                       "bytes %s are refused anywhere in a .lp file, comments and strings "
                       "included; --allow-scripts allows it: the .lp file is code)",
                       (int)strlen(script_words[w]), t->s + i, script_words[w]);
            fail_at(sc, t, i, buf_cstr(&m));
            buf_free(&m);
            return false;
        }
        if (word_at(t, i, "#include") && !include_at(sc, t, i)) return false;
    }
    return true;
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

/* A comment from s[i] ("%", "%*" or "#!"): the index after it.  Block comments nest; a "%"
 * inside one starts a line comment that the block comment goes on after. */
static size_t skip_comment(const char *s, size_t n, size_t i)
{
    size_t depth = 0;
    do {
        if (i + 1 < n && s[i] == '%' && s[i + 1] == '*') { depth++; i += 2; }
        else if (depth && i + 1 < n && s[i] == '*' && s[i + 1] == '%') { depth--; i += 2; }
        else if (s[i] == '%' || (!depth && s[i] == '#')) {
            while (i < n && s[i] != '\n') i++;
            if (depth && i < n) i++;
        } else i++;
    } while (depth && i < n);
    return i;
}

/* Does the text have #project outside comments and strings? */
static bool has_project(const char *s, size_t n)
{
    size_t i = 0, end;
    while (i < n) {
        if (s[i] == '%' || (s[i] == '#' && i + 1 < n && s[i + 1] == '!')) i = skip_comment(s, n, i);
        else if (s[i] == '"') i = string_end(s, n, i, &end) ? end : i + 1;
        else if (s[i] == '#' && n - i >= 8 && !memcmp(s + i, "#project", 8)) return true;
        else i++;
    }
    return false;
}

static bool scan_file(Scan *sc, size_t index)
{
    QueuedFile q = sc->files.items[index];
    FILE *f = fopen(q.name, "rb");
    Buf text;
    buf_init(&text);
    const char *why = f ? asp_read_all(f, &text, NULL) : strerror(errno);
    bool ok = !asp_read_failed(why, q.shown, NULL, sc->err);
    if (f) fclose(f);
    Text t = { .q = q, .s = text.data ? text.data : "", .n = text.len,
               .line = 1 };
    ok = ok && scan_words(sc, &t);
    if (ok && has_project(t.s, t.n)) sc->has_project = true;
    buf_free(&text);
    return ok;
}

/* Scans the files queued from sc->files.items[from] on, then frees the queue. */
static bool scan_queue(Scan *sc, size_t from, bool ok, bool *has_project_out)
{
    for (size_t i = from; ok && i < sc->files.count; i++) ok = scan_file(sc, i);
    for (size_t i = 0; i < sc->files.count; i++) {
        QueuedFile *q = &sc->files.items[i];
        mem_free_n((void *const[]){ q->shown, q->name, q->real, q->key }, 4);
    }
    VEC_FREE(sc->files);
    hashmap_free(&sc->known);
    *has_project_out |= sc->has_project;
    return ok;
}

bool proc_lp_scan(const char *const *files, size_t nfiles, bool *has_project_out, Buf *err)
{
    Scan sc = { .err = err };
    hashmap_init_str(&sc.known);
    bool ok = true;
    for (size_t i = 0; ok && i < nfiles; i++)
        ok = enqueue(&sc, mem_strdup(files[i]), proc_lp_arg(files[i]), NULL, 0);
    *has_project_out = false;
    return scan_queue(&sc, 0, ok, has_project_out);
}

bool proc_lp_scan_text(const char *text, size_t len, bool *has_project_out, Buf *err)
{
    Scan sc = { .err = err };
    hashmap_init_str(&sc.known);
    Text t = { .q = { .shown = "stdin", .name = "-" }, .s = text, .n = len, .line = 1 };
    bool ok = scan_words(&sc, &t);
    *has_project_out = has_project(text, len);
    return scan_queue(&sc, 0, ok, has_project_out);
}
