/* asp_clasp.c: clasp's options that fix asp takes as clingo's users type them by habit
 * (asp_clasp.h): the lists of its search and preprocessing options, each with the value it
 * takes (docs/asp.md, "clingo's command line"). */
#include "app/asp_clasp.h"

#include <string.h>

/* An option and the value it takes: one (=), none (0), or either (?). */
typedef struct ClaspOption { const char *name; char value; } ClaspOption;

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

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), k = strlen(tail);
    return n >= k && !strcmp(s + n - k, tail);
}

bool asp_clasp_value_is_input(const char *arg)
{
    const char *v = strchr(arg, '=');
    return v && (ends_with(v + 1, ".lp") || ends_with(v + 1, ".aspif"));
}
