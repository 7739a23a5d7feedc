/* reread.h: for the ASP harnesses: a program written as aspif and read back, as a program that
 * `fix asp --emit` wrote would be.  *text (free it) holds the aspif; NULL and a message in err
 * when it does not read. */
#ifndef FIX_FUZZ_REREAD_H
#define FIX_FUZZ_REREAD_H

#include <stdio.h>
#include <stdlib.h>

#include "asp/asp.h"
#include "util/buf.h"

static inline AspProgram *reread_aspif(const AspProgram *p, char **text, size_t *len, Buf *err)
{
    FILE *mem = open_memstream(text, len);
    if (!mem) abort();
    asp_write_aspif(p, mem);
    fclose(mem);
    return asp_parse_aspif(*text, *len, "written", err);
}

#endif
