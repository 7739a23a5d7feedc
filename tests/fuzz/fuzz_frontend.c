/* fuzz_frontend.c: libFuzzer harness for the .fix front end: lexer and parser on arbitrary
 * bytes (and, when built with FIX_FUZZ_MODEL, type-checking and compiling by model_add_file). */
#include <stdio.h>
#include <stdlib.h>

#include "ast.h"
#include "diag.h"
#include "util/mem.h"
#ifdef FIX_FUZZ_MODEL
#include "model.h"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifdef FIX_FUZZ_MODEL
/* Declares what parsed; the queries are type-checked but never run. */
static void check_model(Diag *d, AstFile *file)
{
    Model *m = model_new(d);
    PtrList queries = {0};
    model_add_file(m, file, &queries);
    model_free(m);
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *null = fopen("/dev/null", "w");
    if (!null) abort();
    Diag d;
    diag_init(&d, null);
    const Source *src = diag_add_source(&d, "fuzz.fix", (const char *)data, size);
    Arena arena;
    arena_init(&arena);
    AstFile *file = parse_source(&d, &arena, src);
#ifdef FIX_FUZZ_MODEL
    if (file && d.errors == 0) check_model(&d, file);
#else
    (void)file;
#endif
    arena_free(&arena);
    diag_free(&d);
    fclose(null);
    return 0;
}
