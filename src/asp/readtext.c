/* readtext.c: an input's whole text read into memory with the limits polled as it comes, and
 * a failed read worded as every reader of fix words it (asp.h). */
#include "asp/asp.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

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
