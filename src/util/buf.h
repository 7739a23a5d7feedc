/* buf.h: a growable character buffer for building output text; a buffer made with
 * buf_init_stream writes itself out to a file in chunks, so a large report is never held
 * whole in memory. */
#ifndef FIX_BUF_H
#define FIX_BUF_H

#include <stdio.h>

#include "common.h"

typedef struct Buf {
    char *data;
    size_t len, cap;
    FILE *sink;
    int err;                 /* a stream: the errno of its first failed write, or 0 */
} Buf;

void buf_init(Buf *b);
void buf_init_stream(Buf *b, FILE *sink);     /* text past a chunk goes out to sink */
void buf_flush(Buf *b);                       /* a stream: writes out what is held (b->err) */
void buf_free(Buf *b);
void buf_clear(Buf *b);
void buf_reserve(Buf *b, size_t extra);       /* room for extra more bytes and a NUL */
void buf_putc(Buf *b, char c);
void buf_puts(Buf *b, const char *s);
void buf_putn(Buf *b, const char *s, size_t n);
char *buf_grow(Buf *b, size_t n);            /* n more bytes at the end, for the caller to write */
void buf_printf(Buf *b, const char *fmt, ...) FIX_PRINTF(2, 3);
void buf_put_uint(Buf *b, size_t v);           /* decimal digits, without printf */
void buf_put_double(Buf *b, double d);        /* shortest text that reads back the same */
const char *buf_cstr(Buf *b);                 /* NUL-terminated view, valid until next write */

#endif
