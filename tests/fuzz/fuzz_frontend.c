/* fuzz_frontend.c: libFuzzer harness for the .fix front end: lexer, parser, type checker and
 * compiler (context_add_file) on arbitrary bytes, also after syntax errors (the declarations
 * that parsed are checked, as `fix run` does); the queries are checked but never run. */
#include <stdio.h>
#include <stdlib.h>

#include "front/ast.h"
#include "front/diag.h"
#include "check/context.h"
#include "util/mem.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
    if (file) {                              /* checked after syntax errors too, as `fix run` does */
        Context *m = context_new(&d);
        context_add_file(m, file, NULL);     /* the queries' plans are made and freed */
        context_free(m);
    }
    arena_free(&arena);
    diag_free(&d);
    fclose(null);
    return 0;
}
