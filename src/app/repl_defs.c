/* repl_defs.c: the REPL's declarations as text, and rebuilding a session from them.  Each text
 * keeps the source it was written in and the line and column it started at there, and a
 * rebuilt session reads it at that spot again, so an error names the line it had in the file
 * or entry (not its place in a text of declarations put together). */
#include "app/repl_defs.h"

#include "util/mem.h"

/* One declaration (or a query of an entry): where it came from (a file's path, or NULL for
 * an entry), the name of the source it was read from ("<repl:N>" for an entry) and the line and
 * column it starts at there, its text and the name it declares ("envelope f" for f's envelope,
 * "import PATH" for an import; "" for a query). */
typedef struct Item {
    char *origin, *where;
    unsigned line, col;
    char *text, *key;
} Item;
typedef VEC(Item) Items;

struct ReplDefs {
    Items items;
};

ReplDefs *repl_defs_new(void) { return mem_calloc(1, sizeof(ReplDefs)); }

static void item_free(Item *it)
{
    mem_free(it->origin);
    mem_free(it->where);
    mem_free(it->text);
    mem_free(it->key);
}

static void items_clear(Items *items)
{
    for (size_t i = 0; i < items->count; i++) item_free(&items->items[i]);
    items->count = 0;
}

static void items_free(Items *items)
{
    items_clear(items);
    VEC_FREE(*items);
}

void repl_defs_clear(ReplDefs *d) { items_clear(&d->items); }

void repl_defs_free(ReplDefs *d)
{
    if (!d) return;
    items_free(&d->items);
    mem_free(d);
}

/* ---- declarations of a text ---- */

static char *decl_key(const Decl *decl)
{
    Buf b;
    buf_init(&b);
    if (decl->kind == D_IMPORT) buf_printf(&b, "import %s", decl->path ? decl->path : "");
    else if (decl->kind == D_ENVELOPE) buf_printf(&b, "envelope %s", decl->name.name);
    else buf_puts(&b, decl->name.name ? decl->name.name : "");
    char *key = mem_strdup(buf_cstr(&b));
    buf_free(&b);
    return key;
}

/* The text of a declaration, with its final ';' when the span stops before it. */
static char *decl_text(const char *text, size_t len, Loc loc)
{
    size_t end = loc.end;
    size_t k = end;
    while (k < len && (text[k] == ' ' || text[k] == '\t' || text[k] == '\n')) k++;
    if (k < len && text[k] == ';' && (end == 0 || text[end - 1] != ';')) end = k + 1;
    return mem_strndup(text + loc.start, end - loc.start);
}

/* Splits the text of `from` (origin: its file, or NULL for an entry): its declarations
 * appended to decls, its queries to queries (when not NULL), each with where it starts.
 * Quiet unless `report` is given (a syntax error is then written there).  False when the
 * text does not parse: some of it is then missing from the items. */
static bool split_text(const char *origin, const Source *from, Items *decls, Items *queries, FILE *report)
{
    Diag diag;
    diag_init(&diag, report);
    Arena arena;
    arena_init(&arena);
    const Source *src = diag_add_source(&diag, from->path, from->text, from->len);
    const AstFile *file = parse_source(&diag, &arena, src);
    for (size_t i = 0; file && i < file->ndecls; i++) {
        const Decl *decl = file->decls[i];
        bool query = decl->kind == D_QUERY;
        if (query && !queries) continue;
        Item it = { origin ? mem_strdup(origin) : NULL, mem_strdup(src->path), 0, 0,
                    decl_text(src->text, src->len, decl->loc), query ? mem_strdup("") : decl_key(decl) };
        diag_line_col(src, decl->loc.start, &it.line, &it.col);
        VEC_PUSH(*(query ? queries : decls), it);
    }
    bool parsed = file && diag.errors == 0;
    arena_free(&arena);
    diag_free(&diag);
    return parsed;
}

static bool items_have(const Items *items, const char *key)
{
    for (size_t i = 0; i < items->count; i++)
        if (strcmp(items->items[i].key, key) == 0) return true;
    return false;
}

/* A name the session's declarations hold (one an imported file declares is not among them:
 * declaring it again is the checker's "duplicate declaration", with a note at the import's). */
static bool declared(const ReplDefs *d, const char *key)
{
    return items_have(&d->items, key);
}

static bool same_origin(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

static Item item_copy(const Item *it)
{
    return (Item){ it->origin ? mem_strdup(it->origin) : NULL, mem_strdup(it->where), it->line, it->col,
                   mem_strdup(it->text), mem_strdup(it->key) };
}

/* ---- rebuilding ---- */

/* Appends text to b, which ends at *line, *col, and moves them past it. */
static void put_text(Buf *b, const char *text, unsigned *line, unsigned *col)
{
    for (const char *p = text; *p; p++) {
        buf_putc(b, *p);
        if (*p == '\n') { ++*line; *col = 1; }
        else ++*col;
    }
}

/* A source for items[i] and the items after it that were read from the same source, each
 * further on there than the one before: each text stands at the line and column it had, the
 * gaps between them blank (comments and what else was there are not kept), so that errors
 * name the spot they would have named there.  *next gets the index after the last one taken. */
static const Source *placed_source(Session *s, const Items *items, size_t i, size_t *next)
{
    const char *where = items->items[i].where;
    Buf b;
    buf_init(&b);
    unsigned line = 1, col = 1;
    size_t j = i;
    for (; j < items->count; j++) {
        const Item *it = &items->items[j];
        if (strcmp(it->where, where) != 0 || it->line < line || (it->line == line && it->col < col)) break;
        if (line < it->line) col = 1;
        for (; line < it->line; line++) buf_putc(&b, '\n');
        for (; col < it->col; col++) buf_putc(&b, ' ');
        put_text(&b, it->text, &line, &col);
    }
    buf_putc(&b, '\n');
    *next = j;
    const Source *src = diag_add_source(&s->diag, where, b.data ? b.data : "", b.len);
    buf_free(&b);
    return src;
}

/* Runs items (declarations: checked only; queries: run) in the session, each where it was
 * written (placed_source).  False after an error (reported). */
static bool replay_items(Session *s, const Items *items, bool check_only)
{
    bool ok = true;
    for (size_t i = 0; i < items->count && ok;) {
        const Source *src = placed_source(s, items, i, &i);
        ok = session_run_source(s, src, check_only) != FIX_COMPILE_ERROR;
    }
    return ok;
}

/* Checks items into the session's (fresh) context; no query is run.  False after an error
 * (reported). */
static bool replay(Session *s, const Items *items)
{
    bool dump = s->opt.dump_ir;
    s->opt.dump_ir = false;
    bool ok = replay_items(s, items, true);
    s->opt.dump_ir = dump;
    return ok;
}

static void say(Session *s, const char *text)
{
    fputs(text, s->out);
    fflush(s->out);
}

/* Builds the session anew from items (then queries, run, when not NULL).  On success the
 * items become d's; after an error the session is as it was and items are freed. */
static bool rebuild(ReplDefs *d, Session *s, Items *items, const Items *queries)
{
    Context *old = session_fresh_context(s);
    bool ok = replay(s, items);
    if (ok && queries) ok = replay_items(s, queries, false);
    if (!ok) {
        session_restore_context(s, old);
        items_free(items);
        say(s, "(the session is as it was before)\n");
        return false;
    }
    context_free(old);
    items_free(&d->items);
    d->items = *items;
    return true;
}

/* Ctrl-C stopped the checking of an entry half-way: the session is built again from the
 * declarations kept, so that nothing the entry declared stays. */
static void restart(ReplDefs *d, Session *s)
{
    limits_set_flag(&s->interrupt, 0);
    Items items = { 0 };
    for (size_t i = 0; i < d->items.count; i++) VEC_PUSH(items, item_copy(&d->items.items[i]));
    rebuild(d, s, &items, NULL);
}

/* The declarations after a redefinition: each redefined one replaced in its place by its new
 * text (an fn's old envelope dropped with it), new ones at the end.  A new text that replaces
 * a loaded file's declaration takes that file as its origin: it stands in for the file's
 * declaration until :reload reads the file again, and then the file's stands. */
static void redefine(const Items *old, const Items *fresh, Items *next)
{
    bool *used = mem_calloc(fresh->count + 1, sizeof(bool));
    for (size_t i = 0; i < old->count; i++) {
        const Item *it = &old->items[i];
        bool replaced = false;
        for (size_t k = 0; k < fresh->count; k++) {
            const char *key = fresh->items[k].key;
            bool same = strcmp(it->key, key) == 0;
            bool envelope = strncmp(it->key, "envelope ", 9) == 0 && strcmp(it->key + 9, key) == 0;
            if (!same && !envelope) continue;
            replaced = true;
            if (same && !used[k]) {
                Item copy = item_copy(&fresh->items[k]);
                if (it->origin && !copy.origin) copy.origin = mem_strdup(it->origin);
                VEC_PUSH(*next, copy);
                used[k] = true;
            }
        }
        if (!replaced) VEC_PUSH(*next, item_copy(it));
    }
    for (size_t k = 0; k < fresh->count; k++)
        if (!used[k]) VEC_PUSH(*next, item_copy(&fresh->items[k]));
    mem_free(used);
}

void repl_defs_run_entry(ReplDefs *d, Session *s, const Source *src)
{
    Items fresh = { 0 }, queries = { 0 };
    Buf names;                /* the names the entry declares again */
    buf_init(&names);
    bool parsed = split_text(NULL, src, &fresh, &queries, NULL);
    for (size_t k = 0; k < fresh.count; k++) {
        const char *key = fresh.items[k].key;
        if (strncmp(key, "import ", 7) == 0 || !declared(d, key)) continue;
        buf_printf(&names, "%s%s", names.len ? ", " : "", key);
    }
    if (!names.len || !parsed) {       /* a syntax error is reported as it is, nothing declared */
        FixResult r = session_run_source(s, src, false);
        if (r != FIX_COMPILE_ERROR)
            for (size_t k = 0; k < fresh.count; k++) VEC_PUSH(d->items, item_copy(&fresh.items[k]));
        else if (limits_flag(&s->interrupt) == SIGINT) restart(d, s);
    } else {
        Items next = { 0 };
        redefine(&d->items, &fresh, &next);
        fprintf(s->out, "(redefining %s: what is declared after it is checked again)\n", buf_cstr(&names));
        fflush(s->out);
        rebuild(d, s, &next, &queries);
    }
    buf_free(&names);
    items_free(&fresh);
    items_free(&queries);
}

bool repl_defs_load(ReplDefs *d, Session *s, const char *path, bool note)
{
    const Source *src = diag_load_file(&s->diag, path);
    if (!src) return false;
    Items next = { 0 };
    for (size_t i = 0; i < d->items.count; i++) VEC_PUSH(next, item_copy(&d->items.items[i]));
    Context *old = session_fresh_context(s);
    bool ok = replay(s, &next) && session_run_source(s, src, false) != FIX_COMPILE_ERROR;
    if (!ok) {
        session_restore_context(s, old);
        items_free(&next);
        if (note) {
            fprintf(s->out, "(%s not loaded: the session is as it was before; :reload reads loaded files again)\n", path);
            fflush(s->out);
        }
        return false;
    }
    context_free(old);
    split_text(path, src, &next, NULL, NULL);
    items_free(&d->items);
    d->items = next;
    return true;
}

/* An item written at the prompt (its source is an entry, "<repl:N>"), not read from a file. */
static bool from_prompt(const Item *it) { return strncmp(it->where, "<repl:", 6) == 0; }

static void add_name(Buf *names, const char *key)
{
    buf_printf(names, "%s%s", names->len ? ", " : "", key);
}

/* The items of :reload: each loaded file's declarations read again in its place (the prompt's
 * redefinitions of its names with it: the file's stand), then the prompt's own declarations
 * of a name a file now declares dropped.  Each dropped name goes to `dropped`.  False when a
 * file cannot be read or parsed (reported). */
static bool reload_items(const ReplDefs *d, Session *s, Items *next, Buf *dropped, size_t *files)
{
    Items read = { 0 };
    for (size_t i = 0; i < d->items.count; i++) {
        const Item *it = &d->items.items[i];
        if (it->origin && from_prompt(it)) add_name(dropped, it->key);
        if (!it->origin) { VEC_PUSH(read, item_copy(it)); continue; }
        bool seen = false;
        for (size_t k = 0; k < i; k++) seen = seen || same_origin(d->items.items[k].origin, it->origin);
        if (seen) continue;
        const Source *src = diag_load_file(&s->diag, it->origin);
        if (!src || !split_text(it->origin, src, &read, NULL, s->diag.out)) {   /* syntax errors shown */
            items_free(&read);
            if (src) say(s, "(the session is as it was before)\n");
            return false;
        }
        ++*files;
    }
    for (size_t i = 0; i < read.count; i++) {
        Item *it = &read.items[i];
        bool shadowed = false;
        for (size_t k = 0; !it->origin && k < read.count; k++)
            shadowed = shadowed || (read.items[k].origin && strcmp(read.items[k].key, it->key) == 0);
        if (!shadowed || strncmp(it->key, "import ", 7) == 0) { VEC_PUSH(*next, *it); continue; }
        add_name(dropped, it->key);
        item_free(it);
    }
    VEC_FREE(read);
    return true;
}

bool repl_defs_reload(ReplDefs *d, Session *s)
{
    Items next = { 0 };
    Buf dropped;
    buf_init(&dropped);
    size_t files = 0;
    bool ok = reload_items(d, s, &next, &dropped, &files) && rebuild(d, s, &next, NULL);
    if (ok) {
        fprintf(s->out, "(reloaded %zu file%s", files, files == 1 ? "" : "s");
        if (dropped.len) fprintf(s->out, "; dropped what the prompt declared of their names: %s", buf_cstr(&dropped));
        fputs(")\n", s->out);
        fflush(s->out);
    }
    buf_free(&dropped);
    return ok;
}
