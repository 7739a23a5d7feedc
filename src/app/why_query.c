/* why_query.c: the explanation of one query (why_query.h): the root item with the query and
 * its answer, and the reasons under it from the record of its run, for fix explain, :why and
 * the --html page alike. */
#include "app/why_query.h"

#include <ctype.h>

#include "app/why_build.h"

char *why_query_text(const char *text, size_t n)
{
    Buf b;
    buf_init(&b);
    bool space = false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if (isspace(c)) { space = b.len > 0; continue; }
        if (space) buf_putc(&b, ' ');
        space = false;
        buf_putc(&b, (char)c);
    }
    while (b.len && (b.data[b.len - 1] == ';' || b.data[b.len - 1] == ' ')) b.len--;
    char *s = mem_strndup(b.data ? b.data : "", b.len);
    buf_free(&b);
    return s;
}

unsigned why_query_line(const QueryPlan *plan)
{
    unsigned line = 0, col = 0;
    diag_line_col(plan->loc.src, plan->loc.start, &line, &col);
    return line;
}

bool why_query_explained(const QueryPlan *plan)
{
    return plan->kind == Q_APPROX || plan->kind == Q_REFINE || plan->kind == Q_BNB;
}

/* "path:line" of loc into b. */
static void put_where(Loc loc, Buf *b)
{
    unsigned line = 0, col = 0;
    if (!loc.src) return;
    diag_line_col(loc.src, loc.start, &line, &col);
    buf_printf(b, "%s:%u", loc.src->path, line);
}

/* How the function's envelopes are had, for the explanation's last line. */
static void put_envelope(const QueryPlan *plan, EnvelopeKind kind, Buf *b)
{
    const FnSym *fn = plan->fn;
    const char *f = fn->name;
    switch (kind) {
    case ENV_DECLARED:
        buf_printf(b, "%s^l_B(x) and %s^u_B(x) are lower(lo, hi, x) and upper(lo, hi, x) of the envelope "
                   "block of %s (", f, f, f);
        put_where(fn->envelope_loc.src ? fn->envelope_loc : fn->loc, b);
        break;
    case ENV_MONOTONE:
        buf_printf(b, "%s is monotone, so %s^l_B(x) = %s^u_B(x) = %s(x) (", f, f, f, f);
        put_where(fn->loc, b);
        break;
    case ENV_ANTITONE:
        buf_printf(b, "%s is antitone, so %s^l_B(x) = %s(hi) and %s^u_B(x) = %s(lo) for B = [lo, hi] (",
                   f, f, f, f, f);
        put_where(fn->loc, b);
        break;
    case ENV_BRUTE:
        buf_printf(b, "by enumeration: %s^l_B(x) is the meet of %s(y) over y in [x, hi], %s^u_B(x) the "
                   "join of %s(y) over y in [lo, x] (%s at ", f, f, f, f, f);
        put_where(fn->loc, b);
        break;
    case ENV_DERIVED:
        buf_printf(b, "derived from the code of %s by the interval evaluator: %s^l_B(x) is below %s "
                   "on [x, hi], %s^u_B(x) above %s on [lo, x] (", f, f, f, f, f);
        put_where(fn->loc, b);
        break;
    }
    buf_puts(b, ")");
}

/* The answer's lines under root: the first as the item, the others under it. */
static void answer_items(const char *text, WhyItem *root)
{
    WhyItem *first = NULL;
    Buf b;
    buf_init(&b);
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        size_t skip = 0;
        while (first && skip < n && skip < 2 && p[skip] == ' ') skip++;
        buf_putn(&b, p + skip, n - skip);
        WhyItem *it = why_item_new(first ? first : root, "answer");
        why_item_set_text(it, &b);
        if (!first) first = it;
        p = nl ? nl + 1 : p + n;
    }
    buf_free(&b);
}

/* Why the answer is what it is, under root (the engine's record, explained). */
static void reasons(const WhyLog *log, const QueryPlan *plan, const char *atom, const Word *focus,
                    size_t max_nodes, WhyItem *root)
{
    Buf env, from;
    buf_init(&env);
    buf_init(&from);
    if (plan->opt.via)
        buf_printf(&env, "through the Galois insertion %s: each IR is made on the abstraction (alpha) of "
                   "the bound and brought back by gamma", plan->opt.via->name);
    else if (log->recs.count) put_envelope(plan, log->recs.items[0].envelope, &env);
    if (plan->from_lo) {
        buf_puts(&from, "the query's `from` interval (");
        put_where(plan->from_lo->loc, &from);
        buf_puts(&from, ")");
    } else {
        buf_puts(&from, "[bot, top], the whole lattice");
    }
    WhyQuery q = {.fn = plan->fn->name, .envelope = buf_cstr(&env), .from = buf_cstr(&from), .atom = atom,
                 .max_nodes = max_nodes};
    bool atom_ok = !atom || (focus && log->L == plan->L);
    q.focus = atom_ok ? focus : NULL;
    q.focus_is_atom = q.focus && lattice_is_bitset(plan->L) && lattice_name_index(plan->L, atom) >= 0;
    if (!atom_ok) {
        WhyItem *note = why_item_new(root, "note");
        note->text = mem_strdup("(no element to explain: every step is shown)");
    }
    if (plan->kind == Q_BNB) why_bnb(log, &q, root);
    else why_refine(log, &q, root);
    buf_free(&env);
    buf_free(&from);
}


WhyItem *why_query_root(const QueryPlan *plan)
{
    WhyItem *root = why_item_new(NULL, ast_query_name(plan->kind));
    Buf b;
    buf_init(&b);
    char *text = why_query_text(plan->loc.src->text + plan->loc.start, plan->loc.end - plan->loc.start);
    buf_printf(&b, "%s   (", text);
    put_where(plan->loc, &b);
    buf_puts(&b, ")");
    why_item_set_text(root, &b);
    why_item_str(root, "query", text);
    why_item_str(root, "file", plan->loc.src->path);
    why_item_int(root, "line", why_query_line(plan));
    mem_free(text);
    buf_free(&b);
    return root;
}

void why_query_answer(WhyItem *root, char *answer, bool json)
{
    if (json) {
        size_t n = strlen(answer);
        while (n && answer[n - 1] == '\n') answer[--n] = '\0';
        if (*answer && !strchr(answer, '\n')) why_item_raw(root, "answer", answer);
        return;
    }
    answer_items(answer, root);
    if (!root->kids.count) return;
    Buf b;
    buf_init(&b);
    WhyItem *first = root->kids.items[0];
    buf_printf(&b, "answer: %s", first->text);
    why_item_set_text(first, &b);
    buf_free(&b);
}

void why_query_reasons(const WhyLog *log, const QueryPlan *plan, const char *atom, const Word *focus,
                       size_t max_nodes, WhyItem *root)
{
    Buf b;
    buf_init(&b);
    lattice_describe(plan->L, &b);
    why_item_str(root, "lattice", buf_cstr(&b));
    why_item_str(root, "function", plan->fn->name);
    why_item_str(root, "finite", plan->L->finite ? "yes" : "no");
    buf_free(&b);
    reasons(log, plan, atom, focus, max_nodes, root);
}
