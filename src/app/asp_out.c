/* asp_out.c: the lines `fix asp` prints: models, and with #minimize their costs and the
 * result block of an optimisation, in clingo's text layout or as JSON lines. */
#include "app/asp_out.h"

#include <errno.h>
#include <stdio.h>

#include "util/outfile.h"

void out_flush(Out *o)
{
    errno = 0;
    if (o->line.len && !o->write_errno && fwrite(o->line.data, 1, o->line.len, stdout) != o->line.len)
        o->write_errno = errno ? errno : EIO;
    buf_clear(&o->line);
}

bool out_check(Out *o, Buf *err)
{
    if (!o->write_errno) return outfile_check(stdout, "standard output", 0, err);
    outfile_error(err, "standard output", o->write_errno);
    return false;
}

void out_begin(Out *o, const char *kind)
{
    json_init(&o->w, &o->line);
    json_begin_object(&o->w);
    json_key_string(&o->w, "kind", kind);
}

void out_end(Out *o)
{
    json_end_object(&o->w);
    buf_putc(&o->line, '\n');
    out_flush(o);
}

void out_atoms(Out *o, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const char *name = asp_atom_name(p, atoms[i]);
        size_t len = asp_atom_name_len(p, atoms[i]);
        if (o->json) json_stringn(&o->w, name, len);
        else {
            if (i) buf_putc(&o->line, ' ');
            buf_putn(&o->line, name, len);
        }
    }
}

void out_atom_array(Out *o, const char *key, const AspProgram *p, const AspAtom *atoms,
                    size_t n)
{
    json_key(&o->w, key);
    json_begin_array(&o->w);
    out_atoms(o, p, atoms, n);
    json_end_array(&o->w);
}

/* "Answer: k" and the atoms; in JSON, the "model" line is left open. */
static void answer(Out *o, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    o->answers++;
    if (o->json) {
        out_begin(o, "model");
        json_key_uint(&o->w, "index", o->answers);
        out_atom_array(o, "atoms", p, atoms, n);
        return;
    }
    buf_puts(&o->line, "Answer: ");
    buf_put_uint(&o->line, o->answers);
    buf_putc(&o->line, '\n');
    out_atoms(o, p, atoms, n);
    buf_putc(&o->line, '\n');
}

bool out_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    Out *o = ctx;
    answer(o, p, atoms, n);
    if (o->json) out_end(o);
    else out_flush(o);
    return !o->write_errno;
}


/* The costs: in text blank-separated, in JSON the array under key. */
static void put_costs(Out *o, const char *key, const int64_t *costs, size_t n)
{
    if (o->json) {
        json_key(&o->w, key);
        json_begin_array(&o->w);
        for (size_t i = 0; i < n; i++) json_int(&o->w, (long long)costs[i]);
        json_end_array(&o->w);
        return;
    }
    for (size_t i = 0; i < n; i++) buf_printf(&o->line, "%s%lld", i ? " " : "", (long long)costs[i]);
}

bool out_opt_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n,
                   const int64_t *costs, size_t ncosts, bool optimal)
{
    Out *o = ctx;
    if (optimal && !o->optimal_phase) {
        o->optimal_phase = true;
        o->answers = 0;
    }
    answer(o, p, atoms, n);
    if (o->json) {
        put_costs(o, "costs", costs, ncosts);
        if (optimal) json_key_bool(&o->w, "optimal", true);
        out_end(o);
        return !o->write_errno;
    }
    buf_puts(&o->line, "Optimization: ");
    put_costs(o, NULL, costs, ncosts);
    buf_putc(&o->line, '\n');
    out_flush(o);
    return !o->write_errno;
}

static const char *opt_result_text(AftStatus r, const AspStats *st, const AspOptResult *res)
{
    if (r == AFT_ERROR) return "ERROR";
    if (res->proved) return "OPTIMUM FOUND";
    if (res->have_best) return "SATISFIABLE";
    return st->complete ? "UNSATISFIABLE" : "UNKNOWN";
}

static void opt_result_json(Out *o, const char *text, const AspStats *st,
                            const AspOptResult *res, bool all_optimal)
{
    out_begin(o, "result");
    json_key_string(&o->w, "result", text);
    json_key_uint(&o->w, "models", st->models);
    json_key_bool(&o->w, "complete", st->complete || res->proved);
    json_key_bool(&o->w, "optimum", res->proved);
    if (res->have_best) put_costs(o, "costs", res->best, res->levels);
    if (all_optimal) json_key_uint(&o->w, "optimal", res->optimal);
    out_end(o);
}

void out_opt_result(Out *o, AftStatus r, const AspStats *st, const AspOptResult *res,
                    AspOptMode mode)
{
    const char *text = opt_result_text(r, st, res);
    bool all_optimal = mode == ASP_OPT_OPTN && res->proved && res->optimal_complete;
    bool done = res->proved ? mode == ASP_OPT_OPT || res->optimal_complete : st->complete;
    if (o->json) {
        opt_result_json(o, text, st, res, all_optimal);
        return;
    }
    buf_printf(&o->line, "%s\n\nModels       : %zu%s\n", text, st->models, done ? "" : "+");
    if (res->have_best) {
        buf_printf(&o->line, "  Optimum    : %s\n", res->proved ? "yes" : "unknown");
        if (all_optimal && res->optimal > 1)     /* clingo leaves the line out for one */
            buf_printf(&o->line, "  Optimal    : %zu\n", res->optimal);
        buf_puts(&o->line, "Optimization : ");
        put_costs(o, NULL, res->best, res->levels);
        buf_putc(&o->line, '\n');
    }
    buf_puts(&o->line, "Calls        : 1\n");
    out_flush(o);
}
