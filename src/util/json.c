/* json.c: the JSON writer: separators from a bit per nesting level, strings escaped with
 * invalid UTF-8 replaced (RFC 8259, RFC 3629). */
#include "util/json.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>

void json_init(JsonWriter *w, Buf *out)
{
    *w = (JsonWriter){ .out = out };
}

/* Before any value or key: a comma when the enclosing container has an item already. */
static void separate(JsonWriter *w)
{
    if (w->after_key) { w->after_key = false; return; }
    uint64_t bit = (uint64_t)1 << w->depth;
    if (w->depth && (w->filled & bit)) buf_putc(w->out, ',');
    w->filled |= bit;
}

static void open_container(JsonWriter *w, char c)
{
    separate(w);
    buf_putc(w->out, c);
    assert(w->depth < 63);
    w->depth++;
    w->filled &= ~((uint64_t)1 << w->depth);
}

static void close_container(JsonWriter *w, char c)
{
    assert(w->depth > 0 && !w->after_key);
    w->depth--;
    buf_putc(w->out, c);
}

void json_begin_object(JsonWriter *w) { open_container(w, '{'); }
void json_end_object(JsonWriter *w) { close_container(w, '}'); }
void json_begin_array(JsonWriter *w) { open_container(w, '['); }
void json_end_array(JsonWriter *w) { close_container(w, ']'); }

void json_key(JsonWriter *w, const char *key)
{
    separate(w);
    json_put_string(w->out, key);
    buf_putc(w->out, ':');
    w->after_key = true;
}

Buf *json_value(JsonWriter *w)
{
    separate(w);
    return w->out;
}

void json_string(JsonWriter *w, const char *s) { json_put_string(json_value(w), s); }
void json_stringn(JsonWriter *w, const char *s, size_t n) { json_put_stringn(json_value(w), s, n); }
void json_int(JsonWriter *w, long long v) { buf_printf(json_value(w), "%lld", v); }
void json_bool(JsonWriter *w, bool b) { buf_puts(json_value(w), b ? "true" : "false"); }
void json_null(JsonWriter *w) { buf_puts(json_value(w), "null"); }

void json_uint(JsonWriter *w, size_t v) { buf_put_uint(json_value(w), v); }

void json_double(JsonWriter *w, double d)
{
    Buf *b = json_value(w);
    if (isfinite(d)) buf_put_double(b, d);
    else buf_puts(b, "null");
}

void json_fixed(JsonWriter *w, double d, int decimals)
{
    buf_printf(json_value(w), "%.*f", decimals, d);
}

void json_key_string(JsonWriter *w, const char *key, const char *s)
{
    json_key(w, key);
    json_string(w, s);
}

void json_key_uint(JsonWriter *w, const char *key, size_t v)
{
    json_key(w, key);
    json_uint(w, v);
}

void json_key_bool(JsonWriter *w, const char *key, bool b)
{
    json_key(w, key);
    json_bool(w, b);
}

/* The length of the well-formed UTF-8 sequence of 2 to 4 bytes at s[0..n) (RFC 3629: no
 * overlong forms, no surrogates, nothing above U+10FFFF), or 0. */
static size_t utf8_sequence(const unsigned char *s, size_t n)
{
    unsigned char c = s[0], lo = 0x80, hi = 0xbf;
    size_t len = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3
               : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (c == 0xe0) lo = 0xa0;
    if (c == 0xed) hi = 0x9f;
    if (c == 0xf0) lo = 0x90;
    if (c == 0xf4) hi = 0x8f;
    if (!len || len > n || s[1] < lo || s[1] > hi) return 0;
    for (size_t i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xbf) return 0;
    return len;
}

/* The escape of byte c, or NULL when it stands for itself. */
static const char *escape_of(unsigned char c, char tmp[8])
{
    switch (c) {
    case '"': return "\\\"";
    case '\\': return "\\\\";
    case '\n': return "\\n";
    case '\t': return "\\t";
    case '\r': return "\\r";
    default:
        if (c >= 0x20) return NULL;
        snprintf(tmp, 8, "\\u%04x", c);
        return tmp;
    }
}

/* Plain ASCII runs are copied whole; each other byte is escaped, kept as part of a UTF-8
 * sequence, or replaced. */
void json_put_stringn(Buf *b, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    char tmp[8];
    buf_putc(b, '"');
    size_t run = 0;                          /* start of the pending plain run */
    for (size_t i = 0; i < n; i++) {
        const char *esc = u[i] < 0x80 ? escape_of(u[i], tmp) : NULL;
        if (u[i] < 0x80 && !esc) continue;
        buf_putn(b, s + run, i - run);
        size_t len;
        if (esc) buf_puts(b, esc);
        else if ((len = utf8_sequence(u + i, n - i)) != 0) {
            buf_putn(b, s + i, len);
            i += len - 1;
        } else buf_puts(b, "\\ufffd");
        run = i + 1;
    }
    buf_putn(b, s + run, n - run);
    buf_putc(b, '"');
}

void json_put_script_safe(Buf *out, const char *json, size_t n)
{
    const unsigned char *u = (const unsigned char *)json;
    size_t run = 0;                          /* start of the pending plain run */
    for (size_t i = 0; i < n; i++) {
        const char *esc = u[i] == '<' ? "\\u003c" : u[i] == '>' ? "\\u003e" : u[i] == '&' ? "\\u0026"
                        : u[i] == 0xe2 && i + 2 < n && u[i + 1] == 0x80 && u[i + 2] == 0xa8 ? "\\u2028"
                        : u[i] == 0xe2 && i + 2 < n && u[i + 1] == 0x80 && u[i + 2] == 0xa9 ? "\\u2029"
                        : NULL;
        if (!esc) continue;
        buf_putn(out, json + run, i - run);
        buf_puts(out, esc);
        if (u[i] == 0xe2) i += 2;
        run = i + 1;
    }
    buf_putn(out, json + run, n - run);
}

void json_put_string(Buf *b, const char *s)
{
    json_put_stringn(b, s, strlen(s));
}
