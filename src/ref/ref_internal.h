/* ref_internal.h: what the reference evaluator's files share (ref.c: values, operators,
 * calls; ref_loop.c: loops, collections and the host's queries; ref_state.c: scratch words,
 * failures, limits).  Nothing else includes it. */
#ifndef FIX_REF_INTERNAL_H
#define FIX_REF_INTERNAL_H

#include <setjmp.h>

#include "ref/ref.h"
#include "check/sema.h"
#include "util/limits.h"
#include "util/mem.h"

/* A collection: n distinct items of iw words each (elements of lat; lat NULL: atoms). */
typedef struct RefColl {
    const Lattice *lat;
    size_t iw, n, cap;
    Word *items;
} RefColl;

typedef struct RefChunk { Word *words; size_t used, cap; } RefChunk;
typedef struct RefMark { size_t chunk, used; } RefMark;

/* The walk's entry points (ref.c), reached by the other files through ref_expr and
 * ref_expr_to_lat below. */
typedef struct RefWalk {
    void (*expr)(RefEval *r, const Expr *e, Word *fr, Word *out);
    void (*expr_to_lat)(RefEval *r, const Expr *e, const Lattice *L, Word *fr, Word *out);
} RefWalk;

struct RefEval {
    const RefWalk *walk;       /* ref.c's entry points */
    const IrTables *tables;    /* the context's tables: bnb options, programs */
    const VmHost *host;
    uint64_t max_steps, steps;
    Limits *limits;            /* polled as it walks, or NULL */
    unsigned depth;
    jmp_buf escape;            /* where a failure of the evaluation under way lands */
    RefStatus status;
    char msg[256];
    bool reported;             /* the REF_ERROR's cause was reported by the host already */
    VEC(RefChunk) chunks;      /* scratch words: frames and temporaries (ref_words) */
    size_t cur;                /* the chunk in use */
    VEC(RefColl *) colls;      /* its collections */
};

enum { REF_MAX_DEPTH = 2000, REF_KLEENE_LIMIT = 1000000 };

/* ref_state.c: failures (they land at `escape`), the step count and limits, scratch words
 * (ref_words: zeroed, kept until ref_release to a mark taken before), the collections. */
FIX_NORETURN void ref_fail(RefEval *r, const char *fmt, ...) FIX_PRINTF(2, 3);
/* A failure of the host (engine, solver), which has reported its cause: msg names the part. */
FIX_NORETURN void ref_fail_reported(RefEval *r, const char *what);
FIX_NORETURN void ref_stop(RefEval *r, RefStatus status);
void ref_tick(RefEval *r);
Word *ref_words(RefEval *r, size_t n);
RefMark ref_mark(const RefEval *r);
void ref_release(RefEval *r, RefMark m);
void ref_release_colls(RefEval *r);

/* ref.c: e's value into out (the scratch words e's node took released); the same converted
 * into lattice L; e's truth. */
static inline void ref_expr(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    r->walk->expr(r, e, fr, out);
}

static inline void ref_expr_to_lat(RefEval *r, const Expr *e, const Lattice *L, Word *fr, Word *out)
{
    r->walk->expr_to_lat(r, e, L, fr, out);
}

static inline bool ref_truth(RefEval *r, const Expr *e, Word *fr)
{
    Word b = 0;
    ref_expr(r, e, fr, &b);
    return b != 0;
}

/* ref_loop.c: the forms that loop or make collections */
RefColl *ref_coll_new(RefEval *r, const Lattice *lat, size_t iw);
void ref_coll_add(RefColl *c, const Word *item, bool unique);
bool ref_coll_has(const RefColl *c, const Word *item);
static inline RefColl *ref_coll_at(Word w) { return (RefColl *)(uintptr_t)w; }
static inline Word ref_coll_word(RefColl *c) { return (Word)(uintptr_t)c; }
void ref_comprehension(RefEval *r, const Expr *e, Word *fr, Word *out);
void ref_quantifier(RefEval *r, const Expr *e, Word *fr, Word *out);
void ref_supinf(RefEval *r, const Expr *e, Word *fr, Word *out);
void ref_fixed(RefEval *r, const Expr *e, Word *fr, Word *out);
void ref_enumeration(RefEval *r, const Expr *e, Word *fr, Word *out);
void ref_fold(RefEval *r, const Expr *e, Word *fr, Word *out);
void ref_keys(RefEval *r, const Expr *e, Word *out);
bool ref_coll_equal(const RefColl *a, const RefColl *b);
void ref_engine(RefEval *r, const Expr *e, Word *fr, Word *out);

#endif
