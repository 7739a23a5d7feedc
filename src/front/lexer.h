/* lexer.h: the scanner state shared by grammar/lexer.re and grammar/parser.y. */
#ifndef FIX_LEXER_H
#define FIX_LEXER_H

#include "front/ast.h"
#include "front/diag.h"
#include "util/mem.h"

typedef struct Lexer {
    const Source *src;
    const char *cur;        /* next byte to scan */
    const char *lim;        /* src->text + src->len: the NUL sentinel */
    Arena *arena;           /* token text is copied here */
    Diag *diag;
    int prev;               /* the previous token, to scan `x.1.2` as projections */
    const char *decl_name;  /* the name after the last fn, lattice, envelope, galois or program
                             * keyword: the declaration a syntax error drops (AstFile.dropped) */
    int errors;             /* lexical and syntax errors so far in this source */
    uint32_t first_error;   /* where the first of them is */
    bool cut_short;         /* the first of them is where the input ended */
    bool too_many;          /* stop reporting: the input is not a .fix file */
    bool percent_after_code;   /* a `%` comment followed code on its line since the last `;`
                                * (a syntax error then hints that `%` is not the remainder) */
    int program;            /* 1 after `program`; then 2 + the depth of braces inside its block
                             * (a `#` directive there would be read as a comment: an error) */
} Lexer;

enum { LEXER_MAX_ERRORS = 25 };

void lexer_init(Lexer *lx, Diag *diag, Arena *arena, const Source *src);
/* Reports an error at [start, end) unless too many were reported already. */
void lexer_error(Lexer *lx, uint32_t start, uint32_t end, const char *fmt, ...) FIX_PRINTF(4, 5);
/* The same for an error found because the input ended (a declaration cut short, a comment or
 * string left open): more text could have mended it. */
void lexer_error_at_end(Lexer *lx, uint32_t start, uint32_t end, const char *msg);

#endif
