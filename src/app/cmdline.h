/* cmdline.h: what the commands of fix share on their command lines (main.c: run, check and
 * repl; asp_cli.c: asp): the limit options, read by one parser into one struct, each with the
 * rule its value follows (for the usage error each command words in its own way); whole
 * numbers of other options; and a text (--help, --version) written to standard output and
 * checked.  Every time a command measures is read on limits_clock (util/limits.h). */
#ifndef FIX_APP_CMDLINE_H
#define FIX_APP_CMDLINE_H

#include "common.h"
#include "front/diag.h"

/* The limit options: --timeout SEC, --max-steps N, --max-memory MB and --max-depth N (which
 * only fix run, check and repl take). */
typedef enum {
    CMDLINE_TIMEOUT, CMDLINE_MAX_STEPS, CMDLINE_MAX_MEMORY, CMDLINE_MAX_DEPTH,
    CMDLINE_NOT_A_LIMIT
} CmdlineLimit;

/* Their values; 0 is no limit (for max_depth: the VM's default depth). */
typedef struct CmdlineLimits {
    double timeout_s;             /* seconds, 0 to 1e9 */
    uint64_t max_steps;           /* 0 to 2^62 */
    size_t max_memory;            /* bytes: megabytes from 0 to 1048576, at least 1 MB */
    size_t max_depth;             /* 0 to VM_MAX_DEPTH_LIMIT */
} CmdlineLimits;

/* How a value was read. */
typedef enum { CMDLINE_OK, CMDLINE_MISSING, CMDLINE_BAD } CmdlineStatus;

/* The limit option arg is, or CMDLINE_NOT_A_LIMIT. */
CmdlineLimit cmdline_limit_of(const char *arg);
/* The value of option `which` (NULL: none was given) into its field of l, range-checked;
 * l is unchanged unless CMDLINE_OK. */
CmdlineStatus cmdline_limit_set(CmdlineLimits *l, CmdlineLimit which, const char *value);
/* The rule of which's values: "--timeout needs seconds from 0 to 1e9 (0: no limit)". */
const char *cmdline_limit_rule(CmdlineLimit which);
/* Does which take a whole number (--max-steps, --max-depth), not a real? */
bool cmdline_limit_is_count(CmdlineLimit which);

/* A whole number from 0 to 2^62 (--models N, --budget K, ...); false when s is not one or
 * is NULL. */
bool cmdline_count(const char *s, size_t *out);

/* --shard I/N (fix run, fix asp): whole numbers, 1 <= N <= 2^31, I < N; false when s is not
 * that or is NULL. */
bool cmdline_shard(const char *s, unsigned *shard, unsigned *shards);

/* A command line made uniform before it is read.  An option in `spaced` (NULL-terminated; the
 * options read as two words, "--NAME VALUE") given as "--NAME=VALUE" is split into its two
 * words; an option in `joined` (read as one word, "--NAME=VALUE", as clingo reads its own)
 * given as "--NAME" "VALUE" is joined into one.  Nothing after "--" is touched, and argv[0]
 * is kept.  The words point into argv or into blocks of w; cmdline_words_free frees them. */
typedef struct CmdlineWords {
    int argc;
    char **argv;
    char *text;                   /* the new words' bytes */
} CmdlineWords;
void cmdline_words_make(CmdlineWords *w, int argc, char **argv, const char *const *spaced,
                        const char *const *joined);
void cmdline_words_free(CmdlineWords *w);

/* Writes text to standard output: exit status 0, or 1 with "WHO: error: cannot write
 * standard output: REASON" on standard error (`fix --help > /dev/full`). */
int cmdline_print_text(const char *who, const char *text);

/* Is standard output one of the input files (`fix asp x.aspif >> x.aspif`, `fix explain x.lp
 * >> x.lp`)?  Then "standard output is the input FILE" is reported in d, before anything is
 * read or written. */
bool cmdline_stdout_is_input(Diag *d, const char *const *files, size_t nfiles);

#endif
