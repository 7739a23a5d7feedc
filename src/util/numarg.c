/* numarg.c: range-checked command-line numbers (see numarg.h). */
#include "util/numarg.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>

bool numarg_count(const char *s, uint64_t max, uint64_t *out)
{
    if (!*s) return false;
    uint64_t v = 0;
    for (const char *p = s; *p; p++) {
        if (!isdigit((unsigned char)*p)) return false;
        uint64_t digit = (uint64_t)(*p - '0');
        if (v > (max - digit) / 10) return false;
        v = v * 10 + digit;
    }
    *out = v;
    return true;
}

bool numarg_real(const char *s, double min, double max, double *out)
{
    if (!*s || isspace((unsigned char)*s)) return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !isfinite(v) || v < min || v > max) return false;
    *out = v;
    return true;
}
