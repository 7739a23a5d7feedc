/* why_item.h: an explanation as a tree of items, each a line of text for a student with the
 * facts it states as fields (strings, numbers, lattice elements), and the items it rests on
 * below it.  The one tree is printed as indented text or as JSON (docs/explain.md). */
#ifndef FIX_WHY_ITEM_H
#define FIX_WHY_ITEM_H

#include "lattice/lattice.h"
#include "util/buf.h"
#include "util/json.h"
#include "util/mem.h"

typedef enum { WHY_FIELD_STR, WHY_FIELD_INT, WHY_FIELD_ELEM, WHY_FIELD_JSON } WhyFieldType;

typedef struct WhyField {
    const char *key;             /* a literal */
    WhyFieldType type;
    char *s;
    long long i;
    const Lattice *L;
    Word *w;
} WhyField;

typedef struct WhyItem WhyItem;
struct WhyItem {
    const char *kind;            /* a literal: "refine", "step", "lower", "node", ... */
    char *text;
    VEC(WhyField) fields;
    VEC(WhyItem *) kids;
};

/* A new item of `kind`, the last child of parent (NULL: a root). */
WhyItem *why_item_new(WhyItem *parent, const char *kind);
void why_item_free(WhyItem *it);
/* The item's text: what b holds now (b is cleared). */
void why_item_set_text(WhyItem *it, Buf *b);
void why_item_str(WhyItem *it, const char *key, const char *s);
void why_item_int(WhyItem *it, const char *key, long long v);
void why_item_elem(WhyItem *it, const char *key, const Lattice *L, const Word *x);
/* A field whose value is JSON text written elsewhere (one value; shown in JSON only). */
void why_item_raw(WhyItem *it, const char *key, const char *json);
/* The tree as text, each item on its own line indented two spaces a level from depth. */
void why_item_print(const WhyItem *it, unsigned depth, Buf *out);
/* The tree as one JSON object: kind, text, the fields, and "because": the children. */
void why_item_json(const WhyItem *it, JsonWriter *w);

#endif
