/* buf.c: growable character buffer. */
#include "util/buf.h"
#include "util/mem.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

enum { STREAM_CHUNK = 1 << 16 };

void buf_init(Buf *b) { b->data = NULL; b->len = b->cap = 0; b->sink = NULL; }
void buf_free(Buf *b) { mem_free(b->data); buf_init(b); }

void buf_init_stream(Buf *b, FILE *sink)
{
    buf_init(b);
    b->sink = sink;
}

void buf_flush(Buf *b)
{
    if (!b->sink || !b->len) return;
    fwrite(b->data, 1, b->len, b->sink);
    buf_clear(b);
}

static void stream_out(Buf *b)
{
    if (b->sink && b->len >= STREAM_CHUNK) buf_flush(b);
}
void buf_clear(Buf *b) { b->len = 0; if (b->data) b->data[0] = '\0'; }

static void buf_reserve(Buf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap) return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + extra + 1) cap *= 2;
    b->data = mem_realloc(b->data, cap);
    b->cap = cap;
}

void buf_putn(Buf *b, const char *s, size_t n)
{
    buf_reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
    stream_out(b);
}

void buf_putc(Buf *b, char c) { buf_putn(b, &c, 1); }
void buf_puts(Buf *b, const char *s) { buf_putn(b, s, strlen(s)); }

void buf_printf(Buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    buf_reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
    stream_out(b);
}

void buf_put_double(Buf *b, double d)
{
    if (isnan(d)) { buf_puts(b, "nan"); return; }
    if (isinf(d)) { buf_puts(b, d > 0 ? "inf" : "-inf"); return; }
    char tmp[40];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(tmp, sizeof tmp, "%.*g", prec, d);
        if (strtod(tmp, NULL) == d) break;
    }
    buf_puts(b, tmp);
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

void buf_put_json_strn(Buf *b, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    buf_putc(b, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = u[i];
        size_t len;
        switch (c) {
        case '"': buf_puts(b, "\\\""); break;
        case '\\': buf_puts(b, "\\\\"); break;
        case '\n': buf_puts(b, "\\n"); break;
        case '\t': buf_puts(b, "\\t"); break;
        case '\r': buf_puts(b, "\\r"); break;
        default:
            if (c < 0x20) buf_printf(b, "\\u%04x", c);
            else if (c < 0x80) buf_putc(b, (char)c);
            else if ((len = utf8_sequence(u + i, n - i)) != 0) {
                buf_putn(b, s + i, len);
                i += len - 1;
            } else buf_puts(b, "\\ufffd");         /* a byte that is not UTF-8 */
        }
    }
    buf_putc(b, '"');
}

void buf_put_json_string(Buf *b, const char *s)
{
    buf_put_json_strn(b, s, strlen(s));
}

const char *buf_cstr(Buf *b)
{
    buf_reserve(b, 0);
    b->data[b->len] = '\0';
    return b->data;
}
