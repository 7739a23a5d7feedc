/* readtext.c: an input's whole text read into memory with the limits polled as it comes, a
 * failed read worded as every reader of fix words it (asp.h), and a file's lines counted
 * before it is read as a stream (internal.h). */
#include "asp/internal.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* Read straight into out's free room (a chunk at most each time, so that limits are polled
 * while a pipe is slow): no copy of the text. */
const char *asp_read_all(FILE *in, Buf *out, Limits *limits)
{
    enum { CHUNK = 65536 };
    for (;;) {
        if (out->cap < out->len + 2) buf_reserve(out, CHUNK);
        size_t room = out->cap - out->len - 1;
        size_t n = fread(out->data + out->len, 1, room < CHUNK ? room : CHUNK, in);
        if (n == 0) break;
        out->len += n;
        out->data[out->len] = '\0';
        const char *hit = limits_check_now(limits, 0);
        if (hit) return hit;
    }
    return ferror(in) ? strerror(errno) : NULL;
}

bool asp_read_failed(const char *why, const char *name, Limits *limits, Buf *err)
{
    if (!why) return false;
    if (limits_check_now(limits, 0)) why = limits->hit;      /* a signal's EINTR: said so */
    if (limits && limits->hit) buf_printf(err, "%s: error: stopped by %s while reading", name, why);
    else buf_printf(err, "%s: error: cannot read: %s", name, why);
    return true;
}

/* The newlines of text, 8 bytes at a time: a byte of x ^ NL is zero where text has '\n', and
 * the sum below sets exactly the top bit of each zero byte. */
size_t asp_count_newlines(const char *text, size_t len)
{
    const uint64_t ones = 0x0101010101010101u, low7 = 0x7f7f7f7f7f7f7f7fu, nl = ones * '\n';
    size_t n = 0, i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t x;
        memcpy(&x, text + i, 8);
        x ^= nl;
        uint64_t zero = ~(((x & low7) + low7) | x | low7);
        n += (size_t)(((zero >> 7) * ones) >> 56);
    }
    for (; i < len; i++) n += text[i] == '\n';
    return n;
}

enum { COUNT_CHUNK = 1 << 20 };

bool asp_count_file(FILE *in, size_t min_bytes, Limits *limits, size_t *len, size_t *lines,
                    const char **why)
{
    struct stat st;
    if (fstat(fileno(in), &st) != 0 || !S_ISREG(st.st_mode) || (size_t)st.st_size < min_bytes
        || ftell(in) != 0)
        return false;
    char *chunk = mem_alloc(COUNT_CHUNK);
    size_t n;
    bool aspif = false;
    *len = 0;
    *lines = 1;
    while (!*why && (n = fread(chunk, 1, COUNT_CHUNK, in)) > 0) {
        if (*len == 0) aspif = n >= 4 && memcmp(chunk, "asp ", 4) == 0;
        *len += n;
        *lines += asp_count_newlines(chunk, n);
        *why = limits_check_now(limits, 0);
    }
    if (!*why && ferror(in)) *why = strerror(errno);
    mem_free(chunk);
    if (*why) return false;
    if (fseek(in, 0, SEEK_SET) == 0) return aspif;
    *why = strerror(errno);
    return false;
}
