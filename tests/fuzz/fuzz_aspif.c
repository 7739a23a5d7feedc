/* fuzz_aspif.c: libFuzzer harness for the aspif reader: parse arbitrary bytes; a program that
 * parses must print, and must read back from its own aspif with the same number of rules. */
#include <stdio.h>
#include <stdlib.h>

#include "asp/asp.h"
#include "reread.h"
#include "util/buf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* asp_write_aspif, then asp_parse_aspif of that text: it must succeed and keep the rules. */
static void check_round_trip(const AspProgram *p)
{
    char *text = NULL;
    size_t len = 0;
    Buf err;
    buf_init(&err);
    AspProgram *q = reread_aspif(p, &text, &len, &err);
    if (!q || asp_rule_count(q) != asp_rule_count(p)) {
        fprintf(stderr, "aspif round trip failed: %s\n--- written:\n%.*s\n",
                q ? "rule count differs" : buf_cstr(&err), (int)len, text);
        abort();
    }
    asp_program_free(q);
    buf_free(&err);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Buf err, out;
    buf_init(&err);
    buf_init(&out);
    AspProgram *p = asp_parse_aspif((const char *)data, size, "fuzz.aspif", &err);
    if (p) {
        asp_print_program(p, &out);
        check_round_trip(p);
        asp_program_free(p);
    }
    buf_free(&out);
    buf_free(&err);
    return 0;
}
