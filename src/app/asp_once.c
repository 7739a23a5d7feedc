/* asp_once.c: clingo's rule that an option is given at most once (asp_once.h): the name an
 * argument gives its option, whatever its spelling (short, long, joined, fix's own), and the
 * options that may repeat. */
#include "app/asp_once.h"

#include <string.h>

/* clingo's short options and the long options they spell. */
static const struct { char flag; const char *name; } short_names[] = {
    { 'n', "models" }, { 'q', "quiet" }, { 'e', "enum-mode" }, { 't', "parallel-mode" },
    { 'V', "verbose" }, { 's', "stats" }, { 'r', "restarts" }, { 'd', "deletion" },
    { 'c', "const" }, { 'W', "warn" }, { 'h', "help" },
};

/* fix's own names for one of clingo's options: the same setting. */
static const struct { const char *name, *same; } aliases[] = {
    { "jobs", "parallel-mode" }, { "timeout", "time-limit" },
};

/* Options that add to what was given (each -c one more constant, each -W one more warning). */
static const char *const repeatable[] = { "const", "warn" };

#define COUNT(a) (sizeof (a) / sizeof *(a))

static AspOptionName of_word(const char *word)
{
    return (AspOptionName){ word, strlen(word) };
}

static bool same(AspOptionName a, AspOptionName b)
{
    return a.len == b.len && !strncmp(a.text, b.text, a.len);
}

static bool names(AspOptionName n, const char *word)
{
    return same(n, of_word(word));
}

static AspOptionName option_name(const char *arg)
{
    if (arg[1] != '-') {
        for (size_t i = 0; i < COUNT(short_names); i++)
            if (short_names[i].flag == arg[1]) return of_word(short_names[i].name);
        return (AspOptionName){ arg + 1, 1 };
    }
    AspOptionName n = { arg + 2, strcspn(arg + 2, "=") };
    for (size_t i = 0; i < COUNT(aliases); i++)
        if (names(n, aliases[i].name)) return of_word(aliases[i].same);
    return n;
}

bool asp_once_record(AspOnce *once, const char *arg)
{
    AspOptionName n = option_name(arg);
    for (size_t i = 0; i < COUNT(repeatable); i++)
        if (names(n, repeatable[i])) return true;
    for (size_t i = 0; i < once->seen.count; i++)
        if (same(once->seen.items[i], n)) return false;
    VEC_PUSH(once->seen, n);
    return true;
}

void asp_once_free(AspOnce *once)
{
    VEC_FREE(once->seen);
}
