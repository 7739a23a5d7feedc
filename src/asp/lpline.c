/* lpline.c: the line of the user's .lp file that a ground rule of gringo's output came from,
 * where that is unambiguous.  Only simple ground files are searched: no variables, strings,
 * block comments, #include, #const, #program or #script (then a statement of the file is
 * its own ground rule, written with the atoms' names as gringo prints them); the rule's
 * line is the one line of all the files that holds every head atom's name as a whole word
 * and a disjunction sign ('|' or ';'). */
#include "asp/internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

static bool word_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '\''; }

/* Could gringo have rewritten a statement of this text into something else? */
static bool simple_ground(const char *s)
{
    if (strchr(s, '"') || strstr(s, "%*") || strstr(s, "#include") || strstr(s, "#const")
        || strstr(s, "#program") || strstr(s, "#script"))
        return false;
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
        if (!text || !simple_ground(text)) count = 2;
        else search(text, names, lens, r->nhead, &count, line, col);
        if (count > before) *file = k;
        mem_free(text);
    }
    mem_free(names);
    mem_free(lens);
    return named && count == 1;
}
