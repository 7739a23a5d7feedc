/* strtail.h: does a string end with a given tail?  The one test behind every file-name check
 * (".lp", ".aspif", ".fix") of the command lines and the loaders. */
#ifndef FIX_STRTAIL_H
#define FIX_STRTAIL_H

#include <stdbool.h>
#include <string.h>

static inline bool str_ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), k = strlen(tail);
    return n >= k && memcmp(s + n - k, tail, k) == 0;
}

#endif
