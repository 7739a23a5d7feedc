/* ref_state.c: the reference evaluator's state: its scratch words (a stack of chunks that
 * never move), its collections, failures and limits.  The walk itself is ref.c and
 * ref_loop.c. */
#include "ref/ref_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void ref_release_colls(RefEval *r)
{
    for (size_t i = 0; i < r->colls.count; i++) {
        mem_free(r->colls.items[i]->items);
        mem_free(r->colls.items[i]);
    }
    r->colls.count = 0;
}

void ref_free(RefEval *r)
{
    if (!r) return;
    ref_release_colls(r);
    VEC_FREE(r->colls);
    for (size_t i = 0; i < r->chunks.count; i++) mem_free(r->chunks.items[i].words);
    VEC_FREE(r->chunks);
    mem_free(r);
}

const char *ref_error(const RefEval *r) { return r->msg; }

bool ref_error_reported(const RefEval *r) { return r->reported; }

void ref_fail_reported(RefEval *r, const char *what)
{
    r->reported = true;
    ref_fail(r, "%s failed", what);
}

void ref_fail(RefEval *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->msg, sizeof r->msg, fmt, ap);
    va_end(ap);
    r->status = REF_ERROR;
    longjmp(r->escape, 1);
}

void ref_stop(RefEval *r, RefStatus status)
{
    r->status = status;
    longjmp(r->escape, 1);
}

void ref_set_limits(RefEval *r, Limits *limits) { r->limits = limits; }

void ref_tick(RefEval *r)
{
    if (++r->steps > r->max_steps || (r->limits && limits_poll(r->limits))) ref_stop(r, REF_LIMIT);
}

/* n zeroed scratch words, kept until the walk leaves the node that asked for them (ref_expr
 * releases what its node took): chunks that never move, used as a stack. */
Word *ref_words(RefEval *r, size_t n)
{
    while (r->cur < r->chunks.count && r->chunks.items[r->cur].used + n > r->chunks.items[r->cur].cap) {
        r->cur++;
        if (r->cur < r->chunks.count) r->chunks.items[r->cur].used = 0;
    }
    if (r->cur == r->chunks.count) {
        size_t cap = n > 65536 ? n : 65536;
        RefChunk c = { mem_alloc(cap * sizeof(Word)), 0, cap };
        VEC_PUSH(r->chunks, c);
    }
    RefChunk *c = &r->chunks.items[r->cur];
    Word *p = c->words + c->used;
    c->used += n;
    memset(p, 0, n * sizeof(Word));
    return p;
}

RefMark ref_mark(const RefEval *r)
{
    return (RefMark){ r->cur, r->cur < r->chunks.count ? r->chunks.items[r->cur].used : 0 };
}

void ref_release(RefEval *r, RefMark m)
{
    r->cur = m.chunk;
    if (m.chunk < r->chunks.count) r->chunks.items[m.chunk].used = m.used;
}
