/* dot.c: Graphviz output: Hasse diagrams of small finite lattices, and the text helpers the
 * branch-and-bound trees (dot_tree.c) share. */
#include <stdio.h>

#include "report/dot.h"
#include "report/hasse.h"
#include "util/mem.h"

/* ---- text helpers ---- */

/* Fill colours for bounds, cycled when there are more bounds than colours. */
static const char *const bound_colours[] = {
    "#a6cee3", "#fdbf6f", "#b2df8a", "#fb9a99", "#cab2d6", "#ffff99", "#8dd3c7", "#d9d9d9",
};
#define LEGEND_MAX_ROWS 16

void dot_put_string(Buf *out, const char *s)
{
    buf_putc(out, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            buf_putc(out, '\\');
            buf_putc(out, (char)*p);
        } else if (*p == '\n') {
            buf_puts(out, "\\n");
        } else if (*p < 0x20 || *p == 0x7f) {
            buf_putc(out, ' ');
        } else {
            buf_putc(out, (char)*p);
        }
    }
    buf_putc(out, '"');
}

/* s as text inside an HTML-like label. */
void dot_put_html(Buf *out, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '&': buf_puts(out, "&amp;"); break;
        case '<': buf_puts(out, "&lt;"); break;
        case '>': buf_puts(out, "&gt;"); break;
        case '"': buf_puts(out, "&quot;"); break;
        default: buf_putc(out, *p < 0x20 || *p == 0x7f ? ' ' : (char)*p); break;
        }
    }
}

/* Cuts b to at most max bytes (not inside a UTF-8 sequence), ending in "..." when cut. */
static void truncate_text(Buf *b, size_t max)
{
    if (b->len <= max || max < 4) return;
    size_t keep = max - 3;
    while (keep > 0 && ((unsigned char)b->data[keep] & 0xc0) == 0x80) keep--;
    b->len = keep;
    buf_puts(b, "...");
}

/* The print text of element a, cut to max bytes, appended to out. */
static void put_elem_text(const Lattice *L, const Word *a, size_t max, Buf *out)
{
    Buf t;
    buf_init(&t);
    L->ops->print(L, a, &t);
    truncate_text(&t, max);
    buf_puts(out, buf_cstr(&t));
    buf_free(&t);
}

/* "[lo .. hi]" with each end cut so the whole stays near DOT_LABEL_MAX bytes. */
char *dot_interval_label(const Lattice *L, const Word *lo, const Word *hi)
{
    Buf b;
    buf_init(&b);
    buf_putc(&b, '[');
    put_elem_text(L, lo, DOT_LABEL_MAX / 2 - 3, &b);
    buf_puts(&b, " .. ");
    put_elem_text(L, hi, DOT_LABEL_MAX / 2 - 3, &b);
    buf_putc(&b, ']');
    char *s = mem_strdup(buf_cstr(&b));
    buf_free(&b);
    return s;
}

void dot_put_graph_header(Buf *out, const char *name, const char *title)
{
    buf_printf(out, "digraph %s {\n", name);
    buf_puts(out, "  graph [fontname=\"Helvetica\"");
    if (title) {
        buf_puts(out, ", labelloc=t, label=");
        dot_put_string(out, title);
    }
    buf_puts(out, "];\n  node [fontname=\"Helvetica\", fontsize=10];\n");
    buf_puts(out, "  edge [fontname=\"Helvetica\", fontsize=9];\n");
}

/* ---- Hasse diagrams ---- */

static bool in_any_point(const Lattice *L, const BoundList *b, const Word *x)
{
    for (size_t i = 0; b && i < b->count; i++)
        if (lattice_in_interval(L, x, boundlist_lo(b, i), boundlist_hi(b, i))) return true;
    return false;
}

/* The fill colours of x (one per bound holding it, colon separated); returns how many. */
static size_t bound_fill(const Lattice *L, const BoundList *bounds, const Word *x, Buf *fill)
{
    size_t found = 0;
    for (size_t i = 0; bounds && i < bounds->count; i++) {
        if (!lattice_in_interval(L, x, boundlist_lo(bounds, i), boundlist_hi(bounds, i)))
            continue;
        if (found++) buf_putc(fill, ':');
        buf_puts(fill, bound_colours[i % FIX_ARRAY_LEN(bound_colours)]);
    }
    return found;
}

static void hasse_node(const Hasse *h, size_t i, const BoundList *bounds,
                       const BoundList *fixpoints, Buf *out)
{
    const Word *x = hasse_elem(h, i);
    Buf t;
    buf_init(&t);
    put_elem_text(h->L, x, DOT_LABEL_MAX, &t);
    buf_printf(out, "  e%zu [label=", i);
    dot_put_string(out, buf_cstr(&t));
    buf_clear(&t);
    bool fixed = in_any_point(h->L, fixpoints, x);
    size_t colours = bound_fill(h->L, bounds, x, &t);
    if (fixed) buf_puts(out, ", shape=doublecircle");
    if (colours || fixed) {
        buf_printf(out, ", style=%s, fillcolor=\"%s\"", colours > 1 ? "wedged" : "filled",
                   colours ? buf_cstr(&t) : DOT_FIXPOINT_COLOUR);
    }
    buf_puts(out, "];\n");
    buf_free(&t);
}

void dot_legend_row(Buf *out, const char *colour, const char *text)
{
    buf_printf(out, "    <TR><TD BGCOLOR=\"%s\" WIDTH=\"16\"> </TD><TD ALIGN=\"LEFT\">",
               colour);
    dot_put_html(out, text);
    buf_puts(out, "</TD></TR>\n");
}

/* A table node explaining the colours and the double circles. */
static void hasse_legend(const Lattice *L, const BoundList *bounds, const BoundList *fixpoints,
                         Buf *out)
{
    size_t nb = bounds ? bounds->count : 0, nf = fixpoints ? fixpoints->count : 0;
    if (!nb && !nf) return;
    buf_puts(out, "  legend [shape=plaintext, label=<<TABLE BORDER=\"0\" CELLBORDER=\"1\" "
                  "CELLSPACING=\"0\" CELLPADDING=\"3\">\n");
    for (size_t i = 0; i < nb && i < LEGEND_MAX_ROWS; i++) {
        char *iv = dot_interval_label(L, boundlist_lo(bounds, i), boundlist_hi(bounds, i));
        Buf t;
        buf_init(&t);
        buf_printf(&t, "bound %zu: %s", i + 1, iv);
        dot_legend_row(out, bound_colours[i % FIX_ARRAY_LEN(bound_colours)], buf_cstr(&t));
        buf_free(&t);
        mem_free(iv);
    }
    if (nb > LEGEND_MAX_ROWS) {
        char more[64];
        snprintf(more, sizeof more, "... %zu more bounds", nb - LEGEND_MAX_ROWS);
        dot_legend_row(out, "white", more);
    }
    if (nf) dot_legend_row(out, DOT_FIXPOINT_COLOUR, "double circle: fixed point");
    buf_puts(out, "  </TABLE>>];\n");
}

bool dot_hasse(const Lattice *L, const BoundList *bounds, const BoundList *fixpoints,
               const char *title, Buf *out, Buf *err)
{
    Hasse h;
    if (!hasse_build(&h, L, DOT_HASSE_MAX, "dot: ", err)) return false;
    dot_put_graph_header(out, "hasse", title);
    buf_puts(out, "  graph [rankdir=BT];\n  edge [dir=none];\n");
    for (size_t i = 0; i < h.n; i++) hasse_node(&h, i, bounds, fixpoints, out);
    for (size_t i = 0; i < h.n; i++)
        for (size_t j = 0; j < h.n; j++)
            if (hasse_covers(&h, i, j)) buf_printf(out, "  e%zu -> e%zu;\n", i, j);
    hasse_legend(L, bounds, fixpoints, out);
    buf_puts(out, "}\n");
    hasse_free(&h);
    return true;
}
