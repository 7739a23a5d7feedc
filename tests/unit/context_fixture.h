/* context_fixture.h: a context loaded from a source string, with its diagnostics captured in
 * memory; shared by the unit tests of sema, the IR and the VM. */
#ifndef FIX_TEST_CONTEXT_FIXTURE_H
#define FIX_TEST_CONTEXT_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>

#include "check/context.h"

typedef struct Fx {
    Diag diag;
    Arena arena;
    Context *m;
    FILE *sink;              /* diag writes here; the text is in errors */
    char *errors;
    size_t errors_len;
    PtrList queries;         /* QueryPlan* of the queries that checked */
    bool ok;                 /* the last context_add_file succeeded */
    char value[4096];        /* scratch for tests that print values */
} Fx;

/* Adds more source text (a second file, "u.fix") to the context. */
static inline void fx_add(Fx *f, const char *name, const char *text)
{
    const Source *src = diag_add_source(&f->diag, name, text, strlen(text));
    AstFile *file = parse_source(&f->diag, &f->arena, src);
    f->ok = context_add_file(f->m, file, &f->queries);
    fflush(f->sink);
}

static inline Fx *load(const char *text)
{
    Fx *f = calloc(1, sizeof *f);
    f->sink = open_memstream(&f->errors, &f->errors_len);
    diag_init(&f->diag, f->sink);
    arena_init(&f->arena);
    f->m = context_new(&f->diag);
    fx_add(f, "t.fix", text);
    return f;
}

static inline void done(Fx *f)
{
    for (size_t i = 0; i < f->queries.count; i++) plan_free(f->queries.items[i]);
    context_free(f->m);
    arena_free(&f->arena);
    diag_free(&f->diag);
    fclose(f->sink);
    free(f->errors);
    free(f);
}

#endif
