/* fix_session_internal.h: the C API's session (fix.h's fix_session) as its files see it:
 * fix_session.c (sessions, loading, queries), fix_repl.c (REPL input) and fix_cli.c (the
 * command line's sessions). */
#ifndef FIX_API_SESSION_INTERNAL_H
#define FIX_API_SESSION_INTERNAL_H

#include "api/fix.h"
#include "app/run.h"

typedef struct FixError {
    char *file, *message;
    unsigned line, col;
} FixError;

struct fix_session {
    Session session;
    FILE *devnull;             /* the session's unused output (NULL: the command line's) */
    struct { FixError *items; size_t count, cap; } errors;        /* of the last call */
    struct { fix_result **items; size_t count, cap; } loaded;     /* of the last call */
    struct { char **items; size_t count, cap; } decls;            /* names, then kinds */
    const char **decl_kinds;
    fix_event_fn event_fn;
    void *event_user;
    char *stdlib_dirs[2];      /* beside the library: its import directories (kept here) */
    const Source *eval_src;    /* fix_eval's text: "show " before the expression */
    bool interrupted;
    struct ReplInput *repl;    /* fix_repl_input's REPL, made by its first call */
    char *repl_out;            /* what the last fix_repl_input printed */
    char *repl_html;           /* the page of its refine, bnb and stable queries, or NULL */
};

/* A call's start: the last call's errors and results forgotten, no cancel pending. */
void api_begin_call(fix_session *s);

#endif
