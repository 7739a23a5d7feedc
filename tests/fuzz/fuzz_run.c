/* fuzz_run.c: libFuzzer harness for `fix run`: parses, type-checks and runs every query of a
 * .fix file through a Session (src/app/run.h), as `fix run` does, under small limits (VM and F
 * steps, a per-query timeout clamped below any `timeout` the query asks for, a time budget
 * for the whole input, a resident-size cap) and with every report sent to /dev/null.  A few
 * bits of the input's checksum turn on the JSON, Graphviz, trace and IR-dump outputs, so the
 * reporters are fuzzed on the same corpus.  gringo is never run: FIX_GRINGO names no program. */
#include <stdio.h>
#include <stdlib.h>

#include "aft/aft.h"
#include "front/ast.h"
#include "app/run.h"
#include "util/buf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum {
    FUZZ_MAX_STEPS = 2000,                   /* VM steps per call, F steps per query */
    FUZZ_MAX_MEMORY_MB = 1024,               /* peak resident size of the whole process */
};
static const double FUZZ_QUERY_TIMEOUT_S = 0.05;
static const double FUZZ_INPUT_BUDGET_S = 1.0;   /* later queries are skipped */

/* Output switches chosen by the input's checksum: deterministic for a given input. */
static void choose_outputs(RunOptions *opt, const uint8_t *data, size_t size)
{
    unsigned sum = 0;
    for (size_t i = 0; i < size; i++) sum = sum * 31 + data[i];
    opt->json = sum & 1;
    opt->dot = (sum >> 1) & 1;
    opt->trace = ((sum >> 2) & 7) == 0;      /* traces are long: one input in eight */
    opt->dump_ir = (sum >> 5) & 1;
}

/* Runs each query with its timeout clamped to the harness's, until the input's budget is spent. */
static void run_queries(Session *s, const PtrList *queries)
{
    double deadline = aft_clock() + FUZZ_INPUT_BUDGET_S;
    for (size_t i = 0; i < queries->count && aft_clock() < deadline; i++) {
        QueryPlan *plan = queries->items[i];
        if (plan->opt.timeout < 0 || plan->opt.timeout > FUZZ_QUERY_TIMEOUT_S)
            plan->opt.timeout = FUZZ_QUERY_TIMEOUT_S;
        session_run_query(s, plan);
    }
}

/* What session_run_source does, with run_queries for its loop over the queries. */
static void load_and_run(Session *s, const Source *src)
{
    AstFile *file = parse_source(&s->diag, &s->arena, src);
    PtrList queries = { 0 };
    if (context_add_file(s->context, file, &queries) && !s->diag.errors) {
        if (s->opt.dump_ir) {
            Buf ir;
            buf_init(&ir);
            context_dump_ir(s->context, &ir);
            fputs(buf_cstr(&ir), s->out);
            buf_free(&ir);
        }
        run_queries(s, &queries);
    }
    for (size_t i = 0; i < queries.count; i++) plan_free(queries.items[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    setenv("FIX_GRINGO", "/nonexistent/fix-fuzz-gringo", 1);
    FILE *null = fopen("/dev/null", "w");
    if (!null) abort();
    RunOptions opt = {
        .timeout_s = FUZZ_QUERY_TIMEOUT_S,
        .max_steps = FUZZ_MAX_STEPS,
        .max_memory = (size_t)FUZZ_MAX_MEMORY_MB << 20,
    };
    choose_outputs(&opt, data, size);
    Session s;
    session_init(&s, &opt, null);
    s.diag.out = null;
    s.aside = null;
    const Source *src = diag_add_source(&s.diag, "<fuzz>", (const char *)data, size);
    load_and_run(&s, src);
    session_free(&s);
    fclose(null);
    return 0;
}
