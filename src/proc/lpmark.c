/* lpmark.c: the marked copies of lpmark.h.  A scan splits the text into statements at each
 * '.' outside comments, strings and brackets that is not part of "..", notes for each
 * whether it has a body (":-" outside brackets) and whether it is a plain fact, and copies
 * the text with the marker put before the statement's final '.'.  Comments are copied as
 * they are, so lines and columns stay those of the user's file. */
#include "proc/lpmark.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct Scan {
    const char *s;
    size_t n, i;
    uint32_t line, col;
} Scan;

static void advance(Scan *c)
{
    if (c->s[c->i] == '\n') { c->line++; c->col = 1; }
    else c->col++;
    c->i++;
}

/* Past a comment at c->i ("%", "%*"; block comments nest, a "%" inside one starts a line
 * comment the block goes on after). */
static void skip_comment(Scan *c)
{
    size_t depth = 0;
    do {
        if (c->i + 1 < c->n && c->s[c->i] == '%' && c->s[c->i + 1] == '*') { depth++; advance(c); advance(c); }
        else if (depth && c->i + 1 < c->n && c->s[c->i] == '*' && c->s[c->i + 1] == '%') { depth--; advance(c); advance(c); }
        else if (c->s[c->i] == '%') {
            while (c->i < c->n && c->s[c->i] != '\n') advance(c);
            if (depth && c->i < c->n) advance(c);
        } else advance(c);
    } while (depth && c->i < c->n);
}

static void skip_string(Scan *c)
{
    advance(c);
    while (c->i < c->n && c->s[c->i] != '"' && c->s[c->i] != '\n') {
        if (c->s[c->i] == '\\' && c->i + 1 < c->n) advance(c);
        advance(c);
    }
    if (c->i < c->n && c->s[c->i] == '"') advance(c);
}

static void skip_space_and_comments(Scan *c)
{
    while (c->i < c->n) {
        if (c->s[c->i] == '%') skip_comment(c);
        else if (isspace((unsigned char)c->s[c->i])) advance(c);
        else break;
    }
}

/* What a statement is, found while scanning to its end. */
typedef struct Stmt {
    size_t start, dot;            /* its first character and its final '.' */
    size_t body_from;             /* with body: the character after ":-" */
    uint32_t line, col;
    bool body, rule_head;         /* ":-" at top level; '{', '|' or ';' at top level */
} Stmt;

/* From c->i (the statement's first character) to its final '.'; false at the end of the
 * text without one. */
static bool scan_statement(Scan *c, Stmt *st)
{
    int depth = 0;
    st->start = c->i;
    st->line = c->line;
    st->col = c->col;
    st->body = st->rule_head = false;
    st->body_from = 0;
    while (c->i < c->n) {
        char ch = c->s[c->i], next = c->i + 1 < c->n ? c->s[c->i + 1] : 0;
        if (ch == '%') { skip_comment(c); continue; }
        if (ch == '"') { skip_string(c); continue; }
        if (ch == '(' || ch == '[' || ch == '{') { if (!depth && ch == '{') st->rule_head = true; depth++; }
        else if (ch == ')' || ch == ']' || ch == '}') depth--;
        else if (!depth && ch == ':' && next == '-' && !st->body) { st->body = true; st->body_from = c->i + 2; }
        else if (!depth && !st->body && (ch == '|' || ch == ';')) st->rule_head = true;
        else if (ch == '.' && next == '.') { advance(c); }
        else if (ch == '.' && depth <= 0) { st->dot = c->i; advance(c); return true; }
        advance(c);
    }
    return false;
}

/* The statement's text with white space runs (and comments) as one space. */
static char *statement_text(const char *s, size_t start, size_t dot)
{
    Buf b;
    buf_init(&b);
    Scan c = { s, dot + 1, start, 1, 1 };
    bool space = false;
    while (c.i < c.n) {
        if (s[c.i] == '%' || isspace((unsigned char)s[c.i])) {
            skip_space_and_comments(&c);
            space = true;
            continue;
        }
        if (space && b.len) buf_putc(&b, ' ');
        space = false;
        buf_putc(&b, s[c.i]);
        advance(&c);
    }
    char *out = mem_alloc(b.len + 1);
    memcpy(out, buf_cstr(&b), b.len + 1);
    buf_free(&b);
    return out;
}

/* Is statement st one to mark: a rule or constraint, not a directive, weak constraint or
 * plain fact? */
static bool markable(const char *s, const Stmt *st)
{
    char first = s[st->start];
    if (first == '#') return false;
    if (first == ':' && st->start + 1 < st->dot && s[st->start + 1] == '~') return false;
    return st->body || st->rule_head || isdigit((unsigned char)first);
}

/* Where a #show statement is in a marked copy, [from, to). */
typedef struct ShowRange { size_t from, to; } ShowRange;
typedef VEC(ShowRange) ShowRanges;

static bool ident_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '\''; }

/* A #show statement's text after "#show" (n bytes, without the dot): `#show.`, a signature
 * `NAME/ARITY` (perhaps classically negated), or a term (anything else). */
static void note_show(LpMarked *m, const char *t, size_t n)
{
    m->has_show = true;
    while (n && isspace((unsigned char)*t)) { t++; n--; }
    while (n && isspace((unsigned char)t[n - 1])) n--;
    if (!n) { m->show_nothing = true; return; }
    size_t i = t[0] == '-' ? 1 : 0, start = i;
    if (i >= n || !islower((unsigned char)t[i]) ) { m->show_terms = true; return; }
    while (i < n && ident_char(t[i])) i++;
    size_t end = i;
    while (i < n && isspace((unsigned char)t[i])) i++;
    if (i >= n || t[i] != '/') { m->show_terms = true; return; }
    for (i++; i < n && isspace((unsigned char)t[i]); i++) {}
    if (i >= n || !isdigit((unsigned char)t[i])) { m->show_terms = true; return; }
    unsigned arity = 0;
    while (i < n && isdigit((unsigned char)t[i])) arity = arity * 10 + (unsigned)(t[i++] - '0');
    if (i != n) { m->show_terms = true; return; }
    char *name = mem_alloc(end + 1);
    memcpy(name, t, end);
    name[end] = 0;
    (void)start;
    VEC_PUSH(m->shows, ((LpShow){ name, arity }));
}

/* Is st's body empty (`a :- .`, only space and comments after ":-")? */
static bool empty_body(const char *s, const Stmt *st)
{
    Scan c = { s, st->dot, st->body_from, 1, 1 };
    skip_space_and_comments(&c);
    return c.i >= st->dot;
}

/* Copies text into out with the markers; the statements into m, where the #show statements
 * are in out into ranges. */
static void mark_text(const char *s, size_t n, size_t file, LpMarked *m, Buf *out, ShowRanges *ranges)
{
    Scan c = { s, n, 0, 1, 1 };
    size_t copied = 0;
    for (;;) {
        skip_space_and_comments(&c);
        if (c.i >= n) break;
        Stmt st;
        if (!scan_statement(&c, &st)) break;
        if (s[st.start] == ':' && s[st.start + 1] == '~') {     /* the weight after it */
            skip_space_and_comments(&c);
            if (c.i < n && s[c.i] == '[') while (c.i < n && s[c.i] != ']') advance(&c);
            continue;
        }
        if (st.dot - st.start >= 5 && !memcmp(s + st.start, "#show", 5)) {
            note_show(m, s + st.start + 5, st.dot - st.start - 5);
            buf_putn(out, s + copied, st.start - copied);      /* its place in out, to blank */
            copied = st.start;
            VEC_PUSH(*ranges, ((ShowRange){ out->len, out->len + (st.dot + 1 - st.start) }));
        }
        if (!markable(s, &st)) {
            if (s[st.start] != '#') VEC_PUSH(m->facts, ((LpStatement){ file, st.line, st.col, statement_text(s, st.start, st.dot - 1) }));
            continue;
        }
        buf_putn(out, s + copied, st.dot - copied);
        VEC_PUSH(m->stmts, ((LpStatement){ file, st.line, st.col, statement_text(s, st.start, st.dot) }));
        const char *join = !st.body ? " :- " : empty_body(s, &st) ? " " : "; ";
        buf_printf(out, "%s%s(%zu)", join, LP_MARKER, m->stmts.count);
        copied = st.dot;
    }
    buf_putn(out, s + copied, n - copied);
}

static bool read_file(const char *path, Buf *text, Buf *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) { buf_printf(err, "%s: error: cannot read the file", path); return false; }
    char chunk[8192];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) buf_putn(text, chunk, got);
    bool ok = !ferror(f);
    fclose(f);
    if (!ok) buf_printf(err, "%s: error: cannot read the file", path);
    return ok;
}

static bool write_file(LpMarked *m, size_t index, const char *text, size_t n, Buf *err)
{
    Buf path;
    buf_init(&path);
    buf_printf(&path, "%s/%zu.lp", m->dir, index);
    FILE *f = fopen(buf_cstr(&path), "wb");
    bool ok = f && fwrite(text, 1, n, f) == n;
    if (f && fclose(f) != 0) ok = false;
    char *p = mem_alloc(path.len + 1);
    memcpy(p, buf_cstr(&path), path.len + 1);
    VEC_PUSH(m->paths, p);
    if (!ok) buf_printf(err, "%s: error: cannot write the marked copy", p);
    buf_free(&path);
    return ok;
}

static bool make_dir(LpMarked *m, Buf *err)
{
    const char *tmp = getenv("TMPDIR");
    Buf t;
    buf_init(&t);
    buf_printf(&t, "%s/fix-explain-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    m->dir = mem_alloc(t.len + 1);
    memcpy(m->dir, buf_cstr(&t), t.len + 1);
    buf_free(&t);
    if (mkdtemp(m->dir)) return true;
    buf_printf(err, "%s: error: cannot make a directory for the marked copies", m->dir);
    mem_free(m->dir);
    m->dir = NULL;
    return false;
}

/* The marked copies written: #show statements of signatures only are blanked (spaces, the
 * lines kept), so that gringo names every atom; lp_marked_shown then says which the user
 * shows.  A #show of a term keeps them all (and the markers are shown too). */
static bool write_copies(LpMarked *m, Buf *outs, ShowRanges *ranges, size_t nfiles, Buf *err)
{
    m->shows_blanked = !m->show_terms && m->has_show;
    bool ok = true;
    for (size_t f = 0; ok && f < nfiles; f++) {
        for (size_t i = 0; m->shows_blanked && i < ranges[f].count; i++)
            for (size_t k = ranges[f].items[i].from; k < ranges[f].items[i].to; k++)
                if (outs[f].data[k] != '\n') outs[f].data[k] = ' ';
        ok = write_file(m, f + 1, outs[f].data ? outs[f].data : "", outs[f].len, err);
    }
    Buf head;
    buf_init(&head);
    if (m->stmts.count) buf_printf(&head, "#external %s(1..%zu). [true]\n", LP_MARKER, m->stmts.count);
    if (m->stmts.count && m->has_show && !m->shows_blanked) buf_printf(&head, "#show %s/1.\n", LP_MARKER);
    if (ok) {
        FILE *f = fopen(m->paths.items[0], "wb");
        ok = f && fwrite(head.data ? head.data : "", 1, head.len, f) == head.len;
        if (f && fclose(f) != 0) ok = false;
        if (!ok) buf_printf(err, "%s: error: cannot write the marked copy", m->paths.items[0]);
    }
    buf_free(&head);
    return ok;
}

bool lp_mark(const char *const *files, size_t nfiles, const Buf *stdin_text, LpMarked *m, Buf *err)
{
    memset(m, 0, sizeof *m);
    if (!make_dir(m, err)) return false;
    bool ok = write_file(m, 0, "", 0, err);          /* the markers' file, written last */
    Buf text, *outs = mem_calloc(nfiles + 1, sizeof *outs);
    ShowRanges *ranges = mem_calloc(nfiles + 1, sizeof *ranges);
    buf_init(&text);
    for (size_t f = 0; ok && f < nfiles; f++) {
        buf_clear(&text);
        bool dash = stdin_text && !strcmp(files[f], "-");
        if (dash) buf_putn(&text, stdin_text->data ? stdin_text->data : "", stdin_text->len);
        else ok = read_file(files[f], &text, err);
        if (ok && text.data && strstr(buf_cstr(&text), "#include")) {
            buf_printf(err, "%s: error: fix explain cannot mark the rules of a file with #include "
                            "(give the included files on the command line)", dash ? "stdin" : files[f]);
            ok = false;
        }
        if (ok) mark_text(text.data ? text.data : "", text.len, f, m, &outs[f], &ranges[f]);
    }
    if (ok) ok = write_copies(m, outs, ranges, nfiles, err);
    for (size_t f = 0; f < nfiles; f++) { buf_free(&outs[f]); VEC_FREE(ranges[f]); }
    mem_free(outs);
    mem_free(ranges);
    buf_free(&text);
    return ok;
}

/* The arity of an atom's name "p(t1,...,tk)" (0 without parentheses): commas at the top
 * level of its parentheses, outside strings; *len the length of its predicate name. */
static unsigned arity_of(const char *name, size_t *len)
{
    const char *p = strchr(name, '(');
    *len = p ? (size_t)(p - name) : strlen(name);
    if (!p) return 0;
    unsigned arity = 1;
    int depth = 0;
    bool quoted = false;
    for (p++; *p; p++) {
        if (quoted) { if (*p == '\\' && p[1]) p++; else if (*p == '"') quoted = false; continue; }
        if (*p == '"') quoted = true;
        else if (*p == '(') depth++;
        else if (*p == ')') { if (depth-- == 0) break; }
        else if (*p == ',' && depth == 0) arity++;
    }
    return arity;
}

bool lp_marked_shown(const LpMarked *m, const char *name)
{
    if (!m->shows_blanked) return true;
    size_t len;
    unsigned arity = arity_of(name, &len);
    for (size_t i = 0; i < m->shows.count; i++) {
        const LpShow *sh = &m->shows.items[i];
        if (sh->arity == arity && strlen(sh->name) == len && !memcmp(sh->name, name, len)) return true;
    }
    return false;
}

void lp_marked_free(LpMarked *m)
{
    for (size_t i = 0; i < m->stmts.count; i++) mem_free(m->stmts.items[i].text);
    VEC_FREE(m->stmts);
    for (size_t i = 0; i < m->facts.count; i++) mem_free(m->facts.items[i].text);
    VEC_FREE(m->facts);
    for (size_t i = 0; i < m->shows.count; i++) mem_free(m->shows.items[i].name);
    VEC_FREE(m->shows);
    for (size_t i = 0; i < m->paths.count; i++) {
        remove(m->paths.items[i]);
        mem_free(m->paths.items[i]);
    }
    VEC_FREE(m->paths);
    if (m->dir) rmdir(m->dir);
    mem_free(m->dir);
}
