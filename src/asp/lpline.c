/* lpline.c: the line of the user's .lp file that a ground rule of gringo's output came from,
 * where that is unambiguous.  Only plain files are searched: no strings, block comments,
 * #include, #const, #program, #script, theory syntax, or #show of a term (which would give an
 * atom a name that is not its own).  In a ground file (no variables) a statement is its own
 * ground rule, written with the atoms' names as gringo prints them: the rule's line is the one
 * line that holds every head atom's name as a whole word and a disjunction sign ('|' or ';').
 * A file with variables is read statement by statement: a statement could have given the rule
 * when its head (what comes before ':-') holds ';', '|', ':' or '{' (a disjunction, a
 * conditional literal such as `p(X) : q(X)`, an aggregate) and the predicate name of every
 * head atom as a whole word; the rule's place is the start of the one such statement. */
#include "asp/internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

static bool word_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '\''; }

/* Does every #show of s name a signature (`#show p/1.`, `#show -p/1.`) or nothing (`#show.`),
 * so that the atoms' names stay their own? */
static bool shows_signatures(const char *s)
{
    for (const char *at = strstr(s, "#show"); at; at = strstr(at + 1, "#show")) {
        const char *q = at + 5;
        while (isspace((unsigned char)*q)) q++;
        if (*q == '-') q++;
        while (word_char(*q)) q++;
        while (isspace((unsigned char)*q)) q++;
        if (*q == '/') {
            for (q++; isspace((unsigned char)*q) || isdigit((unsigned char)*q); q++) {}
        }
        if (*q != '.') return false;
    }
    return true;
}

/* Could gringo have rewritten a statement of this text beyond what the searches read? */
static bool plain_text(const char *s)
{
    return !strchr(s, '"') && !strstr(s, "%*") && !strstr(s, "#include") && !strstr(s, "#const")
           && !strstr(s, "#program") && !strstr(s, "#script") && !strstr(s, "#theory")
           && !strchr(s, '&') && shows_signatures(s);
}

/* Has the text no variables (outside comments)? */
static bool ground_text(const char *s)
{
    bool comment = false;
    for (size_t i = 0; s[i]; i++) {
        if (s[i] == '%') comment = true;
        if (s[i] == '\n') comment = false;
        bool starts = i == 0 || !word_char(s[i - 1]);
        if (!comment && starts && (isupper((unsigned char)s[i]) || s[i] == '_')) return false;
    }
    return true;
}

/* Where line [b, e) first holds name as a whole word; NULL when it does not. */
static const char *find_word(const char *b, const char *e, const char *name, size_t len)
{
    for (const char *p = b; p + len <= e; p++) {
        if (memcmp(p, name, len) != 0) continue;
        bool left = p == b || !word_char(p[-1]);
        bool right = p + len == e || (!word_char(p[len]) && p[len] != '(');
        if (left && right) return p;
    }
    return NULL;
}

/* Where the rule starts on line [b, e) (its first head atom) when the line holds every head
 * atom and a disjunction sign; NULL when it does not. */
static const char *line_matches(const char *b, const char *e, const char *const *names,
                                const size_t *lens, size_t n)
{
    const char *cut = memchr(b, '%', (size_t)(e - b));
    if (cut) e = cut;
    if (!memchr(b, '|', (size_t)(e - b)) && !memchr(b, ';', (size_t)(e - b))) return NULL;
    const char *first = e;
    for (size_t i = 0; i < n; i++) {
        const char *at = find_word(b, e, names[i], lens[i]);
        if (!at) return NULL;
        if (at < first) first = at;
    }
    return first;
}

/* The matching lines of text, counted into *count, the last one's number in *line and the
 * column (in bytes, from 1) of its first head atom in *col. */
static void search(const char *text, const char *const *names, const size_t *lens, size_t n,
                   size_t *count, uint32_t *line, uint32_t *col)
{
    uint32_t no = 1;
    for (const char *b = text; *b; no++) {
        const char *e = strchr(b, '\n');
        if (!e) e = b + strlen(b);
        const char *at = line_matches(b, e, names, lens, n);
        if (at) { ++*count; *line = no; *col = (uint32_t)(at - b) + 1; }
        b = *e ? e + 1 : e;
    }
}

/* Does head [b, e) hold name as a whole word (a predicate name: '(' may follow)? */
static bool holds_predicate(const char *b, const char *e, const char *name, size_t len)
{
    for (const char *p = b; p + len <= e; p++)
        if (memcmp(p, name, len) == 0 && (p == b || !word_char(p[-1]))
            && (p + len == e || !word_char(p[len])))
            return true;
    return false;
}

/* Could the statement whose head is [b, e) have given a rule with these head atoms: has it a
 * head that may give several atoms, and every atom's predicate name in it? */
static bool could_give(const char *b, const char *e, const char *const *names,
                       const size_t *lens, size_t n)
{
    bool several = false;
    for (const char *p = b; p < e && !several; p++) several = strchr(";|:{", *p) != NULL;
    for (size_t i = 0; several && i < n; i++) {
        const char *name = names[i] + (names[i][0] == '-');
        const char *paren = memchr(name, '(', lens[i] - (size_t)(name - names[i]));
        size_t len = paren ? (size_t)(paren - name) : lens[i] - (size_t)(name - names[i]);
        several = len && holds_predicate(b, e, name, len);
    }
    return several;
}

/* A place in a text: the offset, its line and the offset its line starts at. */
typedef struct Place { const char *at, *bol; uint32_t line; } Place;

static void step(Place *p)
{
    if (*p->at == '\n') { p->line++; p->bol = p->at + 1; }
    p->at++;
}

/* Skips blanks, `%` comments and the `[weight@level]` or `[value,modifier]` that follows the
 * '.' of a weak constraint or a #heuristic. */
static void skip_between(Place *p)
{
    while (*p->at) {
        if (*p->at == '%') while (*p->at && *p->at != '\n') step(p);
        else if (*p->at == '[') while (*p->at && *p->at != ']') step(p);
        if (!*p->at || !(isspace((unsigned char)*p->at) || *p->at == ']')) break;
        step(p);
    }
}

/* The statements of text that could have given the rule, counted into *count, the last one's
 * line in *line and column (in bytes, from 1) in *col.  A statement ends at a '.' that is not
 * part of '..'; its head at ':-' or ':~'. */
static void search_statements(const char *text, const char *const *names, const size_t *lens,
                              size_t n, size_t *count, uint32_t *line, uint32_t *col)
{
    Place p = { text, text, 1 };
    for (skip_between(&p); *p.at; skip_between(&p)) {
        Place start = p;
        const char *head_end = NULL;
        while (*p.at && !(*p.at == '.' && p.at[1] != '.')) {
            if (*p.at == '.' || *p.at == '%') {   /* '..' or a comment */
                if (*p.at == '.') step(&p);
                else while (*p.at && *p.at != '\n') step(&p);
                if (*p.at) step(&p);
                continue;
            }
            if (!head_end && *p.at == ':' && (p.at[1] == '-' || p.at[1] == '~')) head_end = p.at;
            step(&p);
        }
        if (could_give(start.at, head_end ? head_end : p.at, names, lens, n)) {
            ++*count;
            *line = start.line;
            *col = (uint32_t)(start.at - start.bol) + 1;
        }
        if (*p.at) step(&p);
    }
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    Buf b;
    buf_init(&b);
    const char *why = asp_read_all(f, &b, NULL);
    fclose(f);
    if (why || memchr(b.data ? b.data : "", 0, b.len)) { buf_free(&b); return NULL; }
    char *s = mem_strdup(buf_cstr(&b));
    buf_free(&b);
    return s;
}

bool asp_lp_rule_line(const AspProgram *p, size_t rule, size_t *file, uint32_t *line, uint32_t *col)
{
    const AspRule *r = &p->rules.items[rule];
    if (!p->lp_files.count || r->nhead < 2) return false;
    const char **names = mem_alloc(r->nhead * sizeof *names);
    size_t *lens = mem_alloc(r->nhead * sizeof *lens), count = 0;
    bool named = true;
    for (uint32_t i = 0; i < r->nhead; i++) {
        AspAtom a = p->lits.items[r->head + i];
        names[i] = asp_atom_name(p, a);
        lens[i] = names[i] ? asp_atom_name_len(p, a) : 0;
        named &= names[i] && lens[i] && strlen(names[i]) == lens[i];
    }
    for (size_t k = 0; named && k < p->lp_files.count && count < 2; k++) {
        char *text = read_text(p->lp_files.items[k]);
        size_t before = count;
        if (!text || !plain_text(text)) count = 2;
        else if (ground_text(text)) search(text, names, lens, r->nhead, &count, line, col);
        else search_statements(text, names, lens, r->nhead, &count, line, col);
        if (count > before) *file = k;
        mem_free(text);
    }
    mem_free(names);
    mem_free(lens);
    return named && count == 1;
}

void asp_lp_grounded(AspProgram *p, const char *const *files, size_t nfiles)
{
    p->gringo_lines = true;
    for (size_t i = 0; files && i < nfiles; i++) VEC_PUSH(p->lp_files, mem_strdup(files[i]));
}
