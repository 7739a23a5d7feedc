/* why_item.c: the tree of an explanation (why_item.h), printed as text or JSON. */
#include "app/why_item.h"

#include <stdio.h>

#include "report/report.h"

WhyItem *why_item_new(WhyItem *parent, const char *kind)
{
    WhyItem *it = mem_calloc(1, sizeof *it);
    it->kind = kind;
    if (parent) VEC_PUSH(parent->kids, it);
    return it;
}

void why_item_free(WhyItem *it)
{
    if (!it) return;
    for (size_t i = 0; i < it->kids.count; i++) why_item_free(it->kids.items[i]);
    for (size_t i = 0; i < it->fields.count; i++) MEM_FREE_ALL(it->fields.items[i].s, it->fields.items[i].w);
    MEM_FREE_ALL(it->text, it->fields.items, it->kids.items, it);
}

void why_item_set_text(WhyItem *it, Buf *b)
{
    mem_free(it->text);
    it->text = mem_strdup(buf_cstr(b));
    buf_clear(b);
}

void why_item_str(WhyItem *it, const char *key, const char *s)
{
    WhyField f = {.key = key, .type = WHY_FIELD_STR, .s = mem_strdup(s ? s : "")};
    VEC_PUSH(it->fields, f);
}

void why_item_raw(WhyItem *it, const char *key, const char *json)
{
    WhyField f = {.key = key, .type = WHY_FIELD_JSON, .s = mem_strdup(json)};
    VEC_PUSH(it->fields, f);
}

void why_item_int(WhyItem *it, const char *key, long long v)
{
    WhyField f = {.key = key, .type = WHY_FIELD_INT, .i = v};
    VEC_PUSH(it->fields, f);
}

void why_item_elem(WhyItem *it, const char *key, const Lattice *L, const Word *x)
{
    WhyField f = {.key = key, .type = WHY_FIELD_ELEM, .L = L, .w = lattice_elem_new(L)};
    lattice_copy(L, f.w, x);
    VEC_PUSH(it->fields, f);
}

void why_item_print(const WhyItem *it, unsigned depth, Buf *out)
{
    for (unsigned i = 0; i < depth; i++) buf_puts(out, "  ");
    buf_puts(out, it->text ? it->text : it->kind);
    buf_putc(out, '\n');
    for (size_t i = 0; i < it->kids.count; i++) why_item_print(it->kids.items[i], depth + 1, out);
}

void why_item_json(const WhyItem *it, JsonWriter *w)
{
    json_begin_object(w);
    json_key_string(w, "kind", it->kind);
    json_key_string(w, "text", it->text ? it->text : it->kind);
    for (size_t i = 0; i < it->fields.count; i++) {
        const WhyField *f = &it->fields.items[i];
        json_key(w, f->key);
        if (f->type == WHY_FIELD_STR) json_string(w, f->s);
        else if (f->type == WHY_FIELD_INT) json_int(w, f->i);
        else if (f->type == WHY_FIELD_JSON) buf_puts(json_value(w), f->s);
        else {
            report_json_element(w, f->L, f->w);
            char *text = lattice_to_string(f->L, f->w);
            char key[64];
            snprintf(key, sizeof key, "%s_text", f->key);
            json_key_string(w, key, text);
            mem_free(text);
        }
    }
    if (it->kids.count) {
        json_key(w, "because");
        json_begin_array(w);
        for (size_t i = 0; i < it->kids.count; i++) why_item_json(it->kids.items[i], w);
        json_end_array(w);
    }
    json_end_object(w);
}
