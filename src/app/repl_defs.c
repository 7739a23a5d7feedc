/* repl_defs.c: the REPL's declarations as text, and rebuilding a session from them. */
#include "app/repl_defs.h"

#include "util/mem.h"

/* One declaration: where it came from (a file's path, or NULL for an entry), its text and
 * the name it declares ("envelope f" for f's envelope, "import PATH" for an import). */
typedef struct Item { char *origin, *text, *key; } Item;
typedef VEC(Item) Items;

struct ReplDefs {
    Items items;
};

ReplDefs *repl_defs_new(void) { return mem_calloc(1, sizeof(ReplDefs)); }

static void items_clear(Items *items)
{
    for (size_t i = 0; i < items->count; i++) {
        mem_free(items->items[i].origin);
        mem_free(items->items[i].text);
        mem_free(items->items[i].key);
    }
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

/* Splits text, quietly: its declarations (not queries) appended to decls, the text of its
 * queries to queries (when not NULL). */
static void split_text(const char *origin, const char *text, size_t len, Items *decls, Buf *queries)
{
    Diag quiet;
    diag_init(&quiet, NULL);
    Arena arena;
    arena_init(&arena);
    const Source *src = diag_add_source(&quiet, origin ? origin : "<repl>", text, len);
    const AstFile *file = parse_source(&quiet, &arena, src);
    for (size_t i = 0; i < file->ndecls; i++) {
        const Decl *decl = file->decls[i];
        char *t = decl_text(src->text, src->len, decl->loc);
        if (decl->kind == D_QUERY) {
            if (queries) { buf_puts(queries, t); buf_putc(queries, '\n'); }
            mem_free(t);
            continue;
        }
        Item it = { origin ? mem_strdup(origin) : NULL, t, decl_key(decl) };
        VEC_PUSH(*decls, it);
    }
    arena_free(&arena);
    diag_free(&quiet);
}

static bool items_have(const Items *items, const char *key)
{
    for (size_t i = 0; i < items->count; i++)
        if (strcmp(items->items[i].key, key) == 0) return true;
    return false;
}

typedef struct NameSearch { const char *name; bool found; } NameSearch;

static void match_name(void *ctx, const char *name)
{
    NameSearch *q = ctx;
    if (strcmp(name, q->name) == 0) q->found = true;
}

static bool declared(const ReplDefs *d, Session *s, const char *key)
{
    NameSearch q = { key, false };
    context_each_name(s->context, match_name, &q);
    return q.found || items_have(&d->items, key);
}

static bool same_origin(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

static Item item_copy(const Item *it)
{
    return (Item){ it->origin ? mem_strdup(it->origin) : NULL, mem_strdup(it->text), mem_strdup(it->key) };
}

/* ---- rebuilding ---- */

/* Checks items into the session's (fresh) context, one source per run of items from one
 * origin; no query is run.  False after an error (reported). */
static bool replay(Session *s, const Items *items)
{
    bool dump = s->opt.dump_ir;
    s->opt.dump_ir = false;
    bool ok = true;
    for (size_t i = 0; i < items->count && ok;) {
        const char *origin = items->items[i].origin;
        Buf b;
        buf_init(&b);
        size_t j = i;
        for (; j < items->count && same_origin(items->items[j].origin, origin); j++) {
            buf_puts(&b, items->items[j].text);
            buf_putc(&b, '\n');
        }
        const Source *src = diag_add_source(&s->diag, origin ? origin : "<repl>", b.data ? b.data : "", b.len);
        ok = session_run_source(s, src, true) != FIX_COMPILE_ERROR;
        buf_free(&b);
        i = j;
    }
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
static bool rebuild(ReplDefs *d, Session *s, Items *items, const char *queries)
{
    Context *old = session_fresh_context(s);
    bool ok = replay(s, items);
    if (ok && queries && *queries) {
        const Source *src = diag_add_source(&s->diag, "<repl>", queries, strlen(queries));
        ok = session_run_source(s, src, false) != FIX_COMPILE_ERROR;
    }
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

/* The declarations after a redefinition: each redefined one replaced in its place by its new
 * text (an fn's old envelope dropped with it), new ones at the end. */
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
            if (same && !used[k]) { VEC_PUSH(*next, item_copy(&fresh->items[k])); used[k] = true; }
        }
        if (!replaced) VEC_PUSH(*next, item_copy(it));
    }
    for (size_t k = 0; k < fresh->count; k++)
        if (!used[k]) VEC_PUSH(*next, item_copy(&fresh->items[k]));
    mem_free(used);
}

void repl_defs_run_entry(ReplDefs *d, Session *s, const Source *src)
{
    Items fresh = { 0 };
    Buf queries, names;       /* the entry's queries; the names it declares again */
    buf_init(&queries);
    buf_init(&names);
    split_text(NULL, src->text, src->len, &fresh, &queries);
    for (size_t k = 0; k < fresh.count; k++) {
        const char *key = fresh.items[k].key;
        if (strncmp(key, "import ", 7) == 0 || !declared(d, s, key)) continue;
        buf_printf(&names, "%s%s", names.len ? ", " : "", key);
    }
    if (!names.len) {
        if (session_run_source(s, src, false) != FIX_COMPILE_ERROR)
            for (size_t k = 0; k < fresh.count; k++) VEC_PUSH(d->items, item_copy(&fresh.items[k]));
    } else {
        Items next = { 0 };
        redefine(&d->items, &fresh, &next);
        fprintf(s->out, "(redefining %s: what is declared after it is checked again)\n", buf_cstr(&names));
        fflush(s->out);
        rebuild(d, s, &next, buf_cstr(&queries));
    }
    buf_free(&names);
    items_free(&fresh);
    buf_free(&queries);
}

bool repl_defs_load(ReplDefs *d, Session *s, const char *path)
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
        fprintf(s->out, "(%s not loaded: the session is as it was before; :reload reads loaded files again)\n", path);
        fflush(s->out);
        return false;
    }
    context_free(old);
    split_text(path, src->text, src->len, &next, NULL);
    items_free(&d->items);
    d->items = next;
    return true;
}

bool repl_defs_reload(ReplDefs *d, Session *s)
{
    Items next = { 0 };
    size_t files = 0;
    for (size_t i = 0; i < d->items.count; i++) {
        const Item *it = &d->items.items[i];
        if (!it->origin) { VEC_PUSH(next, item_copy(it)); continue; }
        bool seen = false;
        for (size_t k = 0; k < i; k++) seen = seen || same_origin(d->items.items[k].origin, it->origin);
        if (seen) continue;
        const Source *src = diag_load_file(&s->diag, it->origin);
        if (!src) { items_free(&next); return false; }
        split_text(it->origin, src->text, src->len, &next, NULL);
        files++;
    }
    if (!rebuild(d, s, &next, NULL)) return false;
    fprintf(s->out, "(reloaded %zu file%s)\n", files, files == 1 ? "" : "s");
    fflush(s->out);
    return true;
}
