/* asp_clasp.c: clasp's options that fix asp takes as clingo's users type them by habit
 * (asp_clasp.h): the lists of its search and preprocessing options, each with the value it
 * takes, and the forms of the values clasp checks (docs/asp.md, "clingo's command line"). */
#include "app/asp_clasp.h"
#include "util/strtail.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* An option and the value it takes: one (=), none (0), or either (?). */
typedef struct ClaspOption { const char *name; char value; } ClaspOption;

/* The values clasp reads for some of them, to refuse the rest as clasp does (a value not named
 * here is taken as given): UINT a whole number that fits 32 bits unsigned, or -1 (clasp's
 * "no limit"), PERCENT a whole number from 0 to 100, PROB a number from 0 to 1 or no,
 * "a|b|c" one of the words, ",a|b" a comma-separated list of them (words in any case). */
typedef struct ClaspValues { const char *name, *values; } ClaspValues;

static const ClaspValues known_values[] = {
    { "--seed", "UINT" }, { "--eq", "UINT" }, { "--del-on-restart", "PERCENT" },
    { "--rand-freq", "PROB" },
    { "--sign-def", "asp|pos|neg|rnd" }, { "--sign-def-disj", "asp|pos|neg|rnd" },
    { "--score-res", "auto|min|set|multiset" }, { "--score-other", "auto|no|loop|all" },
    { "--init-watches", "rnd|first|least" }, { "--update-mode", "propagate|conflict" },
    { "--loops", "common|distinct|shared|no" }, { "--reset-restarts", "no|repeat|disable" },
    { "--trans-ext", "all|choice|card|weight|integ|dynamic|no" },
    { "--opt-heuristic", ",sign|model" },
};

static const ClaspOption search_tuning[] = {
    { "--seed", '=' }, { "--configuration", '=' }, { "--heuristic", '=' },
    { "--sign-def", '=' }, { "--sign-def-disj", '=' }, { "--rand-freq", '=' },
    { "--rand-prob", '=' }, { "--restarts", '=' }, { "--opt-heuristic", '=' },
    { "--deletion", '=' }, { "--restart-on-model", 0 }, { "--opt-usc-shrink", '=' },
    { "--share", '=' }, { "--learn-explicit", 0 }, { "--no-gamma", 0 }, { "--eq-dfs", 0 },
    { "--global-restarts", '=' }, { "--distribute", '=' }, { "--integrate", '=' },
    { "--lookahead", '?' }, { "--score-res", '=' }, { "--score-other", '=' },
    { "--vsids-progress", '=' }, { "--dom-mod", '=' }, { "--save-progress", '?' },
    { "--init-watches", '=' }, { "--update-mode", '=' }, { "--acyc-prop", '?' },
    { "--partial-check", '?' }, { "--no-lookback", 0 }, { "--forget-on-step", '=' },
    { "--strengthen", '=' }, { "--otfs", '?' }, { "--update-lbd", '=' }, { "--update-act", 0 },
    { "--reverse-arcs", '?' }, { "--contraction", '=' }, { "--loops", '=' },
    { "--reset-restarts", '=' }, { "--counter-restarts", '=' }, { "--block-restarts", '=' },
    { "--local-restarts", 0 }, { "--shuffle", '=' }, { "--del-grow", '=' }, { "--del-cfl", '=' },
    { "--del-init", '=' }, { "--del-estimate", '?' }, { "--del-max", '=' }, { "--del-glue", '=' },
    { "--del-on-restart", '=' }, { "--init-moms", 0 }, { "--no-init-moms", 0 },
    { "--tester", '=' },
};

static bool is_clasp_option(const char *a, const ClaspOption *table, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(table[i].name);
        if (strncmp(a, table[i].name, len)) continue;
        const char *rest = a + len;
        bool valued = rest[0] == '=' && rest[1];
        if (table[i].value == '=' ? valued : table[i].value == '?' ? !*rest || valued : !*rest)
            return true;
    }
    return false;
}

bool asp_clasp_search_option(const char *a)
{
    return is_clasp_option(a, search_tuning, sizeof search_tuning / sizeof *search_tuning);
}

bool asp_clasp_preprocessing_option(const char *a)
{
    static const ClaspOption preprocessing[] = {
        { "--eq", '=' }, { "--trans-ext", '=' }, { "--sat-prepro", '?' }, { "--backprop", 0 },
    };
    return is_clasp_option(a, preprocessing, sizeof preprocessing / sizeof *preprocessing);
}

bool asp_clasp_value_is_input(const char *arg)
{
    const char *v = strchr(arg, '=');
    return v && (str_ends_with(v + 1, ".lp") || str_ends_with(v + 1, ".aspif"));
}

/* A whole number from lo to hi, written without spaces. */
static bool whole_in(const char *v, long long lo, long long hi)
{
    char *end;
    errno = 0;
    long long n = strtoll(v, &end, 10);
    return *v && !isspace((unsigned char)*v) && !*end && errno == 0 && n >= lo && n <= hi;
}

static bool probability(const char *v)
{
    if (!strcmp(v, "no")) return true;
    char *end;
    double p = strtod(v, &end);
    return *v && !isspace((unsigned char)*v) && !*end && p >= 0 && p <= 1;
}

/* Is the word w (its first n characters) one of the '|'-separated words? */
static bool one_of(const char *words, const char *w, size_t n)
{
    for (const char *p = words; *p;) {
        size_t k = strcspn(p, "|");
        if (k == n && !strncasecmp(p, w, n)) return true;
        p += k + (p[k] == '|');
    }
    return false;
}

static bool fits(const char *values, const char *v)
{
    if (!strcmp(values, "UINT")) return whole_in(v, -1, UINT32_MAX) && strcmp(v, "-0");
    if (!strcmp(values, "PERCENT")) return whole_in(v, 0, 100);
    if (!strcmp(values, "PROB")) return probability(v);
    if (values[0] != ',') return one_of(values, v, strlen(v));
    for (const char *p = v;; p++) {            /* a list: each word one of them */
        size_t k = strcspn(p, ",");
        if (!one_of(values + 1, p, k)) return false;
        p += k;
        if (!*p) return true;
    }
}

bool asp_clasp_value_fits(const char *arg)
{
    const char *eq = strchr(arg, '=');
    if (!eq) return true;
    for (size_t i = 0; i < sizeof known_values / sizeof *known_values; i++)
        if (strlen(known_values[i].name) == (size_t)(eq - arg)
            && !strncmp(arg, known_values[i].name, (size_t)(eq - arg)))
            return fits(known_values[i].values, eq + 1);
    return true;
}

/* clingo's options read joined to their value (--NAME=VALUE): those fix acts on (--outf,
 * --opt-strategy, --parallel-mode, --mode, --solve-limit) and clasp's of the lists above. */
static const char *const joined_options[] = { "--outf", "--opt-strategy", "--parallel-mode",
    "--mode", "--seed", "--configuration", "--heuristic", "--sign-def", "--sign-def-disj",
    "--rand-freq", "--restarts", "--opt-heuristic", "--deletion", "--eq", "--trans-ext",
    "--rand-prob", "--opt-usc-shrink", "--share", "--global-restarts", "--distribute",
    "--score-res", "--score-other", "--vsids-progress", "--dom-mod", "--init-watches",
    "--update-mode", "--forget-on-step", "--strengthen", "--update-lbd", "--contraction",
    "--loops", "--reset-restarts", "--counter-restarts", "--block-restarts", "--shuffle",
    "--del-grow", "--del-cfl", "--del-init", "--del-max", "--del-glue", "--del-on-restart",
    "--tester", "--solve-limit", NULL };

const char *const *asp_clasp_joined_options(void)
{
    return joined_options;
}
