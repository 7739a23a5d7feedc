/* asp_clasp.h: clasp's options that `fix asp` takes by habit without acting on them
 * (asp_clasp.c): each is named here with the value clasp reads for it. */
#ifndef FIX_APP_ASP_CLASP_H
#define FIX_APP_ASP_CLASP_H

#include <stdbool.h>

/* One of clasp's options that tune its search only (--seed=N, --del-max=N, --lookahead, ...):
 * fix's native search has its own, which finds the same models (which come first, and their
 * order, may differ, as between clasp's own configurations). */
bool asp_clasp_search_option(const char *arg);
/* One of clasp's options that tune its preprocessing only (--eq=N, --trans-ext=T,
 * --sat-prepro[=S], --backprop): each keeps the program's stable models, as fix's own
 * preprocessing does. */
bool asp_clasp_preprocessing_option(const char *arg);

/* Is the value of such an option (after '=') the name of an input file (.lp, .aspif), as when
 * `--seed prog.lp` takes the file for the seed? */
bool asp_clasp_value_is_input(const char *arg);

/* Does such an option's value (after '=') fit what clasp reads for it (--seed=N a whole
 * number, --rand-freq=P from 0 to 1, --sign-def one of asp, pos, neg, rnd, ...)?  clasp
 * refuses the rest; values fix does not know the form of are taken. */
bool asp_clasp_value_fits(const char *arg);

/* The options clingo's users write as --NAME=VALUE, which fix asp also takes as --NAME VALUE:
 * a list ending in NULL (cmdline_words_make's `joined`). */
const char *const *asp_clasp_joined_options(void);

#endif
