/* diag.h: diagnostics.  Locations are byte offsets into a Source; they become line:col only
 * when reported, with the source line and a caret under the spot. */
#ifndef FIX_DIAG_H
#define FIX_DIAG_H

#include <signal.h>
#include <stdio.h>

#include "common.h"
#include "util/limits.h"

typedef struct Source {
    char *path;          /* as given by the user, or "<repl>" */
    char *text;          /* NUL-terminated copy of the file */
    size_t len;
    uint32_t *line_starts; /* offset of the first byte of each line, so that turning an offset */
    size_t nlines;         /* into line:col is a binary search (N errors cost O(N log lines)) */
    struct Source *next; /* all sources of one Diag, for freeing */
} Source;

typedef struct Loc {
    const Source *src;
    uint32_t start, end; /* byte offsets, end exclusive */
} Loc;

typedef struct Diag {
    FILE *out;           /* where messages go (stderr); NULL: errors are counted, not printed */
    const char *who;     /* the prefix of a message with no location: "fix" (the default) */
    int errors;          /* errors reported so far */
    Source *sources;
    /* A request to stop (the session's signal flag, util/sigint.h), or NULL: the parser, the
     * checker and the compiler stop early when it is set (diag_interrupted). */
    const volatile sig_atomic_t *interrupt;
    /* The limits of the stage that reads and checks a file (--timeout, --max-memory of fix
     * run, check and repl), polled with the flag, or NULL. */
    Limits *limits;
    /* Also told every error (the C API's session keeps them): path NULL and line, col 0 for
     * an error with no location; the message without the "path:line:col: error: " head. */
    void (*on_error)(void *ctx, const char *path, unsigned line, unsigned col, const char *message);
    void *error_ctx;
} Diag;

static inline bool diag_interrupted(const Diag *d)
{
    return limits_flag(d->interrupt) != 0 || limits_poll(d->limits) != NULL;
}

/* What stopped the stage, once diag_interrupted said so: "Ctrl-C", "SIGTERM", "SIGHUP" (the
 * signal), else the limit ("timeout", "max-memory"). */
const char *diag_stop_reason(const Diag *d);

void diag_init(Diag *d, FILE *out);
void diag_free(Diag *d);
/* Registers a copy of text as a source owned by d. */
Source *diag_add_source(Diag *d, const char *path, const char *text, size_t len);
/* Reads a file; NULL (with an error reported) when it cannot be read. */
Source *diag_load_file(Diag *d, const char *path);
/* Reads f to its end as the source called name (standard input: "<stdin>"), no further than
 * a NUL byte and at most 1 GiB; NULL (with an error reported) when it cannot be read. */
Source *diag_load_stream(Diag *d, const char *name, FILE *f);

void diag_error(Diag *d, Loc loc, const char *fmt, ...) FIX_PRINTF(3, 4);
void diag_note(Diag *d, Loc loc, const char *fmt, ...) FIX_PRINTF(3, 4);
/* An error with no source location ("fix: error: ..."). */
void diag_plain_error(Diag *d, const char *fmt, ...) FIX_PRINTF(2, 3);
/* An error a lower layer has written whole, its location included ("x.lp: error: ..."). */
void diag_error_text(Diag *d, const char *text);

/* The 1-based line and column (in bytes) of an offset. */
void diag_line_col(const Source *src, uint32_t offset, unsigned *line, unsigned *col);
Loc diag_loc_span(Loc a, Loc b);      /* from the start of a to the end of b */

#endif
