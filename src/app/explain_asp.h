/* explain_asp.h: `fix explain` on a logic program: each atom asked for (or every shown atom)
 * explained in the well-founded bound and in the first stable models, and for a program
 * with no stable model a minimal set of its rules with none (explain_asp.c); the command
 * line for .lp and aspif files and for the program blocks of .fix files (explain_lp.c). */
#ifndef FIX_APP_EXPLAIN_ASP_H
#define FIX_APP_EXPLAIN_ASP_H

#include <signal.h>
#include <stdio.h>

#include "asp/asp.h"
#include "front/ast.h"
#include "report/explain_tree.h"
#include "util/limits.h"

typedef struct ExplainAspOptions {
    bool json;
    bool wf_only;                 /* --wf: the well-founded bound only */
    size_t models;                /* models explained (default 1; 0: all) */
    const char *const *atoms;     /* the atoms asked for; none: every shown atom */
    size_t natoms;
    Limits *limits;               /* may be NULL */
    volatile sig_atomic_t *interrupt;
    double timeout_s;
} ExplainAspOptions;

/* Where the rules of a program came from: a place per rule (may be NULL), and the groups a
 * minimal unsatisfiable set is made of (NULL: each rule its own group), each with its text
 * and place (a statement of an .lp file). */
typedef struct ExplainSource {
    const char *input;            /* the input's name, for the header */
    const AspOrigin *origin;
    const uint8_t *shown;         /* per atom: shown in models (NULL: every named atom) */
    const uint32_t *group;        /* per rule; ASP_MUS_KEEP: background */
    size_t ngroups;
    const char *const *group_text;
    const AspOrigin *group_origin;
} ExplainSource;

/* Explains p on out: 0, 1 after an error (reported through diag), or 3 when a limit stopped
 * it (what was explained by then is printed, and what was not is said). */
int explain_asp_program(AspProgram *p, const ExplainSource *src, const ExplainAspOptions *o,
                        Buf *out, Diag *diag);

/* `fix explain FILE.lp ... | FILE.aspif [ATOM ...]`: the command line (argv[0] is
 * "explain"); exit status. */
int explain_lp_main(int argc, char **argv);
/* Is path a logic program file for explain_lp_main (.lp, .aspif, "-")? */
bool explain_lp_is_program_file(const char *path);
/* Can atom be an atom of a program of the .fix file at path: no query starts so, and a
 * `program` block names it or a program is grounded from an .lp file? */
bool explain_lp_names_atom(const char *path, const char *atom);
/* explain_lp_main's usage text (fix explain --help prints it after the .fix side's). */
const char *explain_lp_usage(void);
/* A `program` block of a .fix file (file: its name for places), explained as
 * explain_asp_program does. */
int explain_asp_block(const Decl *d, const char *file, const ExplainAspOptions *o, Buf *out,
                      Diag *diag);

#endif
