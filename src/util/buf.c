/* buf.c: growable character buffer. */
#include "util/buf.h"
#include "util/mem.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

enum { STREAM_CHUNK = 1 << 16 };

void buf_init(Buf *b) { b->data = NULL; b->len = b->cap = 0; b->sink = NULL; b->err = 0; }
void buf_free(Buf *b) { mem_free(b->data); buf_init(b); }

void buf_init_stream(Buf *b, FILE *sink)
{
    buf_init(b);
    b->sink = sink;
}

void buf_flush(Buf *b)
{
    if (!b->sink || !b->len) return;
    errno = 0;
    if (fwrite(b->data, 1, b->len, b->sink) != b->len && !b->err) b->err = errno ? errno : EIO;
    buf_clear(b);
}

static void stream_out(Buf *b)
{
    if (b->sink && b->len >= STREAM_CHUNK) buf_flush(b);
}
void buf_clear(Buf *b) { b->len = 0; if (b->data) b->data[0] = '\0'; }

void buf_reserve(Buf *b, size_t extra)
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

/* A stream is written out before the bytes are, not after: they are not written yet. */
char *buf_grow(Buf *b, size_t n)
{
    stream_out(b);
    buf_reserve(b, n);
    char *at = b->data + b->len;
    b->len += n;
    b->data[b->len] = '\0';
    return at;
}

void buf_putc(Buf *b, char c)
{
    if (b->len + 2 > b->cap) buf_reserve(b, 1);
    b->data[b->len++] = c;
    b->data[b->len] = '\0';
    stream_out(b);
}
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

/* Printing many small numbers (models' indices) is dominated by printf: digits by hand. */
void buf_put_uint(Buf *b, size_t v)
{
    char tmp[24];
    size_t n = sizeof tmp;
    do tmp[--n] = (char)('0' + v % 10); while (v /= 10);
    buf_putn(b, tmp + n, sizeof tmp - n);
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

const char *buf_cstr(Buf *b)
{
    buf_reserve(b, 0);
    b->data[b->len] = '\0';
    return b->data;
}
