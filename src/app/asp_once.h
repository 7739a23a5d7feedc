/* asp_once.h: clingo's rule that an option is given at most once (asp_once.c): `clingo -n 1
 * -n 2` and `clingo --opt-mode=opt --opt-mode=optN` are errors, not the last one winning;
 * -c/--const and -W/--warn may repeat. */
#ifndef FIX_APP_ASP_ONCE_H
#define FIX_APP_ASP_ONCE_H

#include <stdbool.h>
#include <stddef.h>

#include "util/mem.h"

/* An option's name as clingo counts it: "models" for -n, -n0, --models and --models=N. */
typedef struct AspOptionName { const char *text; size_t len; } AspOptionName;

typedef struct AspOnce { VEC(AspOptionName) seen; } AspOnce;

/* Notes that arg (an option as typed: -n0, --models=3, --timeout) was given; false when its
 * option was given before.  A bare model count is recorded as "--models". */
bool asp_once_record(AspOnce *once, const char *arg);
void asp_once_free(AspOnce *once);

#endif
