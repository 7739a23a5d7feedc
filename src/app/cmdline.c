/* cmdline.c: the limit options of every command, their values and rules, whole numbers, and
 * text written to standard output and checked (cmdline.h). */
#include "app/cmdline.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "code/vm.h"
#include "util/buf.h"
#include "util/mem.h"
#include "util/numarg.h"
#include "util/outfile.h"

static const struct {
    const char *name, *rule;
} limit_options[] = {
    [CMDLINE_TIMEOUT] = { "--timeout", "--timeout needs seconds from 0 to 1e9 (0: no limit)" },
    [CMDLINE_MAX_STEPS] = { "--max-steps",
                            "--max-steps needs a whole number from 0 to 2^62 (0: no limit)" },
    [CMDLINE_MAX_MEMORY] = { "--max-memory",
                             "--max-memory needs megabytes from 0 to 1048576 (0: no limit)" },
    [CMDLINE_MAX_DEPTH] = { "--max-depth",
                            "--max-depth needs a whole number from 0 to 10000000 (0: the default)" },
};

CmdlineLimit cmdline_limit_of(const char *arg)
{
    for (int k = 0; k < CMDLINE_NOT_A_LIMIT; k++)
        if (strcmp(arg, limit_options[k].name) == 0) return (CmdlineLimit)k;
    return CMDLINE_NOT_A_LIMIT;
}

const char *cmdline_limit_rule(CmdlineLimit which)
{
    return which < CMDLINE_NOT_A_LIMIT ? limit_options[which].rule : "";
}

bool cmdline_limit_is_count(CmdlineLimit which)
{
    return which == CMDLINE_MAX_STEPS || which == CMDLINE_MAX_DEPTH;
}

CmdlineStatus cmdline_limit_set(CmdlineLimits *l, CmdlineLimit which, const char *value)
{
    double v;
    uint64_t n;
    if (!value) return CMDLINE_MISSING;
    switch (which) {
    case CMDLINE_TIMEOUT:
        if (!numarg_real(value, 0, NUMARG_MAX_SECONDS, &v)) return CMDLINE_BAD;
        l->timeout_s = v;
        return CMDLINE_OK;
    case CMDLINE_MAX_STEPS:
        if (!numarg_count(value, NUMARG_MAX_COUNT, &n)) return CMDLINE_BAD;
        l->max_steps = n;
        return CMDLINE_OK;
    case CMDLINE_MAX_MEMORY:
        if (!numarg_real(value, 0, NUMARG_MAX_MEGABYTES, &v)) return CMDLINE_BAD;
        l->max_memory = v > 0 && v < 1 ? (size_t)1 << 20 : (size_t)(v * 1024 * 1024);
        return CMDLINE_OK;
    case CMDLINE_MAX_DEPTH:
        if (!numarg_count(value, VM_MAX_DEPTH_LIMIT, &n)) return CMDLINE_BAD;
        l->max_depth = (size_t)n;
        return CMDLINE_OK;
    case CMDLINE_NOT_A_LIMIT: break;
    }
    return CMDLINE_BAD;
}

bool cmdline_count(const char *s, size_t *out)
{
    uint64_t v;
    if (!s || !numarg_count(s, NUMARG_MAX_COUNT, &v)) return false;
    *out = (size_t)v;
    return true;
}

bool cmdline_shard(const char *s, unsigned *shard, unsigned *shards)
{
    const char *slash = s ? strchr(s, '/') : NULL;
    char num[32];
    size_t i, n, len = slash ? (size_t)(slash - s) : 0;
    if (!slash || len >= sizeof num) return false;
    memcpy(num, s, len);
    num[len] = 0;
    if (!cmdline_count(num, &i) || !cmdline_count(slash + 1, &n) || n < 1 || i >= n
        || n > (size_t)1 << 31)
        return false;
    *shard = (unsigned)i;
    *shards = (unsigned)n;
    return true;
}

/* Is word "--NAME" for a NAME of list (NULL-terminated), up to its first '=' if `at_equals`? */
static bool word_is_listed(const char *word, const char *const *list, bool at_equals)
{
    const char *eq = at_equals ? strchr(word, '=') : NULL;
    size_t len = eq ? (size_t)(eq - word) : strlen(word);
    if (at_equals && !eq) return false;
    for (size_t k = 0; list && list[k]; k++)
        if (strlen(list[k]) == len && !strncmp(word, list[k], len)) return true;
    return false;
}

void cmdline_words_make(CmdlineWords *w, int argc, char **argv, const char *const *spaced,
                        const char *const *joined)
{
    size_t bytes = 1;
    for (int i = 0; i < argc; i++) bytes += strlen(argv[i]) + 2;
    w->argv = mem_alloc(sizeof *w->argv * (2 * (size_t)argc + 1));
    w->text = mem_alloc(bytes);
    char *end = w->text;
    int n = 0;
    bool options = true;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (i == 0 || !options || a[0] != '-') {
            w->argv[n++] = argv[i];
        } else if (word_is_listed(a, spaced, true)) {       /* --NAME=VALUE: two words */
            size_t len = (size_t)(strchr(a, '=') - a);
            w->argv[n++] = memcpy(end, a, len);
            end[len] = 0;
            end += len + 1;
            w->argv[n++] = (char *)(a + len + 1);
        } else if (word_is_listed(a, joined, false) && i + 1 < argc) {   /* --NAME VALUE */
            w->argv[n++] = end;
            end += sprintf(end, "%s=%s", a, argv[++i]) + 1;
        } else {
            w->argv[n++] = argv[i];
        }
        if (i && !strcmp(a, "--")) options = false;
    }
    w->argv[n] = NULL;
    w->argc = n;
}

void cmdline_words_free(CmdlineWords *w)
{
    mem_free(w->argv);
    mem_free(w->text);
    w->argv = NULL;
    w->text = NULL;
}

int cmdline_print_text(const char *who, const char *text)
{
    int seen = fputs(text, stdout) == EOF ? errno : 0;   /* the reason of a write that failed */
    Buf err;
    buf_init(&err);
    bool ok = outfile_check(stdout, "standard output", seen, &err);
    if (!ok) fprintf(stderr, "%s: error: %s\n", who, buf_cstr(&err));
    buf_free(&err);
    return ok ? 0 : 1;
}

bool cmdline_stdout_is_input(Diag *d, const char *const *files, size_t nfiles)
{
    for (size_t i = 0; i < nfiles; i++)
        if (outfile_is_stdout(files[i])) {
            diag_plain_error(d, "standard output is the input %s", files[i]);
            return true;
        }
    return false;
}
