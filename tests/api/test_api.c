/* test_api.c: the C API (src/api/fix.h) under the sanitizers: values and errors, many
 * create/load/run/cancel/free cycles on a tiny model (API_CYCLES, default 10000; leaks are
 * LeakSanitizer's to find), fix_cancel from another thread during a long bnb (a sound partial
 * answer), and two sessions in two threads that do not interact.
 * Prints "api-c: N passed, N failed". */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fix.h"

static int pass, fail;

#define CHECK(cond, ...) do { \
        if (cond) pass++; \
        else { fail++; printf("FAIL api-c %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } \
    } while (0)

static const char *TINY =
    "lattice P = powerset {a, b};\n"
    "fn f(x: P): P antitone = if b in x then {} else {a};\n"
    "lattice U = real [0, 1] tolerance 1e-9;\n"
    "lattice P2 = U * U;\n"
    "fn g(x: P2): P2 = (1 - x.2 / 2, x.1 / 2);\n";

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A model whose bnb (policy paper) runs for minutes: 2n atoms, n independent choices. */
static char *long_model(int n)
{
    size_t cap = 200 + (size_t)n * 200;
    char *text = malloc(cap), *p = text;
    p += sprintf(p, "lattice A = powerset {");
    for (int i = 0; i < n; i++) p += sprintf(p, "%sa%d, b%d", i ? ", " : "", i, i);
    p += sprintf(p, "};\nfn S(m: A): A antitone = ");
    for (int i = 0; i < n; i++)
        p += sprintf(p, "%s(if b%d in m then {} else {a%d}) union (if a%d in m then {} else {b%d})",
                     i ? " union " : "", i, i, i, i);
    sprintf(p, ";\n");
    return text;
}

static void test_values(void)
{
    fix_session *s = fix_session_new();
    CHECK(fix_load_string(s, "tiny.fix", TINY) == 0, "tiny model loads");
    CHECK(fix_declaration_count(s) >= 5, "declarations listed (%zu)", fix_declaration_count(s));
    fix_result *r = fix_eval(s, "f({})");
    CHECK(r && fix_result_value(r) && fix_value_get_kind(fix_result_value(r)) == FIX_VALUE_SET, "eval a set");
    if (r) {
        const fix_value *v = fix_result_value(r);
        CHECK(fix_value_count(v) == 1 && strcmp(fix_value_name(fix_value_item(v, 0)), "a") == 0, "f({}) = {a}");
        CHECK(strstr(fix_result_json(r), "\"value\":[\"a\"]") != NULL, "json: %s", fix_result_json(r));
    }
    fix_result_free(r);
    r = fix_query(s, "refine g from [(0, 0) .. (1, 1)] steps 2;");
    CHECK(r && strcmp(fix_result_kind(r), "refine") == 0, "refine runs");
    if (r) {
        const fix_value *b = fix_result_bound(r);
        CHECK(b && fix_value_get_kind(b) == FIX_VALUE_INTERVAL, "a bound");
        const fix_value *lo = b ? fix_value_item(b, 0) : NULL;
        CHECK(lo && fix_value_get_kind(lo) == FIX_VALUE_TUPLE && fix_value_real(fix_value_item(lo, 0)) == 0.75,
              "lo = (0.75, ...)");
    }
    fix_result_free(r);
    r = fix_query(s, "bnb f;");
    CHECK(r && fix_result_points(r) && fix_value_count(fix_result_points(r)) == 1 && fix_result_complete(r),
          "bnb f: one fixed point, complete");
    fix_result_free(r);
    r = fix_eval(s, "1 + 2 * 3");
    CHECK(r && fix_value_int(fix_result_value(r)) == 7, "eval an integer");
    fix_result_free(r);
    r = fix_eval(s, "b in f({})");
    CHECK(r && fix_value_get_kind(fix_result_value(r)) == FIX_VALUE_BOOL && fix_value_int(fix_result_value(r)) == 0,
          "eval a Bool");
    fix_result_free(r);
    fix_session_free(s);
}

static void test_errors(void)
{
    fix_session *s = fix_session_new();
    CHECK(fix_load_string(s, "bad.fix", "lattice P = powerset {a};\nfn f(x: P): P = x union q;\n") != 0,
          "a type error refuses the text");
    CHECK(fix_error_count(s) >= 1, "an error recorded");
    if (fix_error_count(s)) {
        CHECK(fix_error_file(s, 0) && strcmp(fix_error_file(s, 0), "bad.fix") == 0, "its file");
        CHECK(fix_error_line(s, 0) == 2 && fix_error_col(s, 0) == 25, "its line:col (%u:%u)",
              fix_error_line(s, 0), fix_error_col(s, 0));
    }
    fix_result *r = fix_eval(s, "1 +");
    CHECK(!r && fix_error_count(s) >= 1, "a syntax error in an expression");
    r = fix_eval(s, "zzz");
    CHECK(!r && fix_error_count(s) == 1 && fix_error_col(s, 0) == 1, "its column in the expression (%u)",
          fix_error_count(s) ? fix_error_col(s, 0) : 0);
    CHECK(fix_load_file(s, "/nonexistent/x.fix") != 0 && fix_error_count(s) == 1, "a missing file");
    fix_session_free(s);
}

/* Many sessions made, used, cancelled and freed. */
static void test_cycles(void)
{
    const char *env = getenv("API_CYCLES");
    long n = env ? atol(env) : 10000, ok = 0;
    double t0 = now();
    for (long i = 0; i < n; i++) {
        fix_session *s = fix_session_new();
        if (fix_load_string(s, "tiny.fix", TINY) != 0) break;
        fix_result *r = fix_query(s, i % 2 ? "bnb f;" : "refine g steps 3;");
        if (i % 3 == 0) fix_cancel(s);
        fix_result *e = fix_eval(s, "f({a})");
        int repl_ok = i % 4 || (fix_repl_input(s, "f({a})\n") == 0
                                 && strcmp(fix_repl_output(s), "f({a}) = {a}\n") == 0);
        if (r && e && repl_ok) ok++;
        fix_result_free(r);
        fix_result_free(e);
        fix_session_free(s);
    }
    CHECK(ok == n, "%ld of %ld cycles answered", ok, n);
    printf("api-c: %ld create/load/query/cancel/free cycles in %.1f s\n", n, now() - t0);
}

static int events_seen;          /* written by the engine's thread, read by the canceller */

static void count_event(void *user, const char *json)
{
    (void)user;
    if (strncmp(json, "{\"event\":", 9) == 0) __atomic_add_fetch(&events_seen, 1, __ATOMIC_RELAXED);
}

typedef struct Canceller { fix_session *s; double after; } Canceller;

/* Cancels once the bnb has started (its first event; the checks before it may take a while
 * under a sanitizer) and run for `after` seconds more. */
static void *cancel_later(void *arg)
{
    Canceller *c = arg;
    for (int i = 0; i < 2000 && __atomic_load_n(&events_seen, __ATOMIC_RELAXED) == 0; i++) usleep(10000);
    usleep((useconds_t)(c->after * 1e6));
    fix_cancel(c->s);
    return NULL;
}

static void test_cancel(void)
{
    fix_session *s = fix_session_new();
    char *model = long_model(30);
    CHECK(fix_load_string(s, "long.fix", model) == 0, "the long model loads");
    fix_set_event_callback(s, count_event, NULL);
    Canceller c = { s, 0.3 };
    pthread_t t;
    pthread_create(&t, NULL, cancel_later, &c);
    double t0 = now();
    fix_result *r = fix_query(s, "bnb S policy paper;");
    double took = now() - t0;
    pthread_join(t, NULL);
    CHECK(r != NULL, "a cancelled bnb has a result");
    if (r) {
        CHECK(fix_result_status(r) == FIX_STATUS_LIMIT, "status limit");
        CHECK(fix_result_stopped_by(r) && strcmp(fix_result_stopped_by(r), "interrupt") == 0, "stopped by interrupt");
        CHECK(!fix_result_complete(r), "not complete");
        CHECK(fix_result_final(r) && fix_value_count(fix_result_final(r)) > 0, "Final kept (sound: it covers the rest)");
    }
    CHECK(took < 30, "stopped promptly (%.2f s)", took);
    CHECK(events_seen > 0, "events seen (%d)", events_seen);
    fix_result_free(r);
    fix_set_event_callback(s, NULL, NULL);
    r = fix_query(s, "bnb S policy paper rounds 2;");
    CHECK(r && fix_result_status(r) == FIX_STATUS_LIMIT && fix_result_stopped_by(r)
          && strcmp(fix_result_stopped_by(r), "rounds") == 0, "the next query runs afresh");
    fix_result_free(r);
    free(model);
    fix_session_free(s);
}

/* Two sessions in two threads: the same names, different models, each sees its own. */
typedef struct Worker { int which; int good; } Worker;

static void *work(void *arg)
{
    Worker *w = arg;
    fix_session *s = fix_session_new();
    fix_load_string(s, "w.fix", w->which ? "lattice L = range 0..9;\nfn f(x: L): L = 7;\n"
                                         : "lattice L = range 0..9;\nfn f(x: L): L = 3;\n");
    for (int i = 0; i < 200; i++) {
        fix_result *r = fix_query(s, "bnb f;");
        const fix_value *p = r ? fix_result_points(r) : NULL;
        if (p && fix_value_count(p) == 1 && fix_value_int(fix_value_item(p, 0)) == (w->which ? 7 : 3)) w->good++;
        fix_result_free(r);
        if (w->which) fix_cancel(s);      /* never seen by the other session */
    }
    fix_session_free(s);
    return NULL;
}

static void test_threads(void)
{
    Worker w[2] = { { 0, 0 }, { 1, 0 } };
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, work, &w[i]);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    CHECK(w[0].good == 200 && w[1].good == 200, "two sessions in two threads: %d and %d of 200", w[0].good, w[1].good);
}

/* REPL input: what `fix repl` prints, errors, :why, the page, and a cancel. */
static void test_repl(void)
{
    fix_session *s = fix_session_new();
    int rc = fix_repl_input(s, "lattice Lvl = chain {low, mid, high};\nfn flip(x: Lvl): Lvl =\n"
                               "  if x == low then high\n  else if x == high then low else mid;\n"
                               "flip(mid)\nshow flip(3);\nrefine flip;\n");
    CHECK(rc == -1 && fix_error_count(s) == 1 && strcmp(fix_error_file(s, 0), "<repl:4>") == 0
          && fix_error_line(s, 0) == 1 && fix_error_col(s, 0) == 11, "a REPL error with its place");
    const char *want = "flip(mid) = mid\n<repl:4>:1:11: error: expected Lvl, found int\n  show flip(3);\n"
                       "            ^\nrefine flip = [low .. high]  (1 step, size 3)\n";
    CHECK(strcmp(fix_repl_output(s), want) == 0, "the REPL's output: %s", fix_repl_output(s));
    CHECK(fix_repl_html(s) && strstr(fix_repl_html(s), "fix-data"), "the page of a refine");
    CHECK(fix_repl_input(s, ":why") == 0 && strncmp(fix_repl_output(s), "refine flip   (<repl:5>:1)\n", 27) == 0,
          ":why explains the last query: %.40s", fix_repl_output(s));
    CHECK(fix_repl_input(s, "flip(low)") == 0 && strcmp(fix_repl_output(s), "flip(low) = high\n") == 0
          && !fix_repl_html(s), "the session is kept; no page without a view");
    char *model = long_model(30);
    CHECK(fix_repl_input(s, model) == 0 && strcmp(fix_repl_output(s), "") == 0, "the long model loads");
    __atomic_store_n(&events_seen, 0, __ATOMIC_SEQ_CST);
    fix_set_event_callback(s, count_event, NULL);
    Canceller c = { s, 0.3 };
    pthread_t t;
    pthread_create(&t, NULL, cancel_later, &c);
    rc = fix_repl_input(s, "bnb S policy paper;\nflip(low)\n");
    pthread_join(t, NULL);
    fix_set_event_callback(s, NULL, NULL);
    const char *out = fix_repl_output(s);
    CHECK(rc == -1 && fix_was_interrupted(s), "a cancelled REPL input");
    CHECK(strncmp(out, "bnb S: ", 7) == 0 && strstr(out, "  bound [") && !strstr(out, "flip(low) ="),
          "the bnb's sound partial answer printed, the later line not run: %.60s", out);
    CHECK(fix_repl_input(s, "flip(high)") == 0 && strcmp(fix_repl_output(s), "flip(high) = low\n") == 0,
          "the session goes on after a cancel");
    free(model);
    fix_session_free(s);
}

int main(void)
{
    test_values();
    test_errors();
    test_threads();
    test_cancel();
    test_repl();
    test_cycles();
    printf("api-c: %d passed, %d failed\n", pass, fail);
    return fail != 0;
}
