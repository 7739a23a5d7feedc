/* lpmark.h: .lp files whose rules carry a marker, so that each ground rule tells which
 * statement of the user's files it came from (fix explain).  Every rule and constraint gets
 * the body atom __fix_rule(N) (N its number from 1), declared `#external ... [true]` (and
 * shown, when the files have #show statements) in a file of its own: gringo keeps the marker
 * in every instance and the models stay the same.  Facts
 * (a plain atom, pools and ranges included) and weak constraints are left as they are: they
 * are the background of an explanation.  The marked copies are written to a directory of
 * their own, removed by lp_marked_free. */
#ifndef FIX_PROC_LPMARK_H
#define FIX_PROC_LPMARK_H

#include "common.h"
#include "util/buf.h"
#include "util/mem.h"

#define LP_MARKER "__fix_rule"

typedef struct LpStatement {
    size_t file;                  /* index in the files given */
    uint32_t line, col;           /* where the statement starts, from 1 */
    char *text;                   /* as written, white space runs as one space */
} LpStatement;

/* A `#show NAME/ARITY.` of the user's files (NAME perhaps "-p"). */
typedef struct LpShow {
    char *name;
    unsigned arity;
} LpShow;

typedef struct LpMarked {
    VEC(LpStatement) stmts;       /* statement N is stmts.items[N - 1] */
    VEC(LpStatement) facts;       /* the facts left unmarked, their text without the '.' */
    VEC(char *) paths;            /* the marked files to ground, the markers' file first */
    char *dir;
    bool has_show;                /* the files have #show statements */
    bool show_nothing;            /* one of them is `#show.` */
    bool show_terms;              /* one shows a term: the #show statements are kept as they
                                     are (and the markers get one of their own) */
    bool shows_blanked;           /* else they are blanked in the copies, gringo names every
                                     atom, and lp_marked_shown says which the user shows */
    VEC(LpShow) shows;
} LpMarked;

/* Marks files (nfiles .lp files; with stdin_text, a file "-" is that text, standard input's,
 * read by the caller).  False, with "FILE: error: ..." in err, when a file cannot be read or
 * written, or holds an #include (the copies could not resolve it as gringo does from the
 * original place). */
bool lp_mark(const char *const *files, size_t nfiles, const Buf *stdin_text, LpMarked *out, Buf *err);
void lp_marked_free(LpMarked *m);
/* Does the user show the atom called name (true when the #show statements were kept)? */
bool lp_marked_shown(const LpMarked *m, const char *name);

#endif
