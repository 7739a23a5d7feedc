/* aspif_write.c: writes an AspProgram as aspif: rules, #minimize, #project, the opaque
 * statements as they were read, the theory atoms an external made false, and the output
 * statements. */
#include "asp/internal.h"

#include <stdio.h>

static void write_atoms(FILE *out, const AspProgram *p, uint32_t start, uint32_t n, bool neg)
{
    for (uint32_t i = 0; i < n; i++)
        fprintf(out, neg ? " -%u" : " %u", (unsigned)p->lits.items[start + i] + 1);
}

/* A weight body `1 lb m l1 w1 ..`. */
static void write_weight_body(FILE *out, const AspProgram *p, const AspRule *r)
{
    fprintf(out, " 1 %u %u", (unsigned)asp_rule_bound(p, r), (unsigned)(r->npos + r->nneg));
    for (uint32_t i = 0; i < r->npos + r->nneg; i++) {
        bool neg = i >= r->npos;
        AspAtom a = p->lits.items[asp_rule_pos(r) + i];
        fprintf(out, neg ? " -%u %u" : " %u %u", (unsigned)a + 1,
                (unsigned)asp_rule_weights(p, r)[i]);
    }
}

static void write_rule(FILE *out, const AspProgram *p, const AspRule *r)
{
    fprintf(out, "1 %d %u", r->kind == ASP_CHOICE, (unsigned)r->nhead);
    write_atoms(out, p, r->head, r->nhead, false);
    if (r->wts != ASP_NO_WEIGHTS) write_weight_body(out, p, r);
    else {
        fprintf(out, " 0 %u", (unsigned)(r->npos + r->nneg));
        write_atoms(out, p, asp_rule_pos(r), r->npos, false);
        write_atoms(out, p, asp_rule_neg(r), r->nneg, true);
    }
    fputc('\n', out);
}

static void write_minimize(FILE *out, const AspProgram *p, const AspStmt *m)
{
    fprintf(out, "2 %lld %u", (long long)m->priority, (unsigned)m->count);
    for (uint32_t i = 0; i < m->count; i++) {
        const AspWLit *l = &p->wlits.items[m->start + i];
        fprintf(out, " %s%u %lld", l->negative ? "-" : "", (unsigned)l->atom + 1,
                (long long)l->weight);
    }
    fputc('\n', out);
}

static void write_opaque(FILE *out, const AspProgram *p, const AspStmt *o)
{
    fputs(o->kind == STMT_HEURISTIC ? "7" : o->kind == STMT_EDGE ? "8" : "9", out);
    for (uint32_t i = 0; i < o->count; i++) {
        const AspTok *t = &p->toks.items[o->start + i];
        if (t->kind == TOK_NUM) fprintf(out, " %lld", (long long)t->num);
        else if (t->kind == TOK_STR) {
            fprintf(out, " %u ", (unsigned)t->len);
            fwrite(p->strs.data + t->num, 1, t->len, out);
        } else fprintf(out, " %s%u", t->negative ? "-" : "", (unsigned)t->atom + 1);
    }
    fputc('\n', out);
}

static void write_outputs(FILE *out, const AspProgram *p)
{
    size_t n;
    AspAtom *shown = asp_print_order(p, &n);
    for (size_t i = 0; i < n; i++) {
        size_t len = p->namelen.items[shown[i]];
        fprintf(out, "4 %zu ", len);
        fwrite(p->names.items[shown[i]], 1, len, out);
        fprintf(out, " 1 %u\n", (unsigned)shown[i] + 1);
    }
    mem_free(shown);
}

void asp_write_aspif_ex(const AspProgram *p, FILE *out, bool outputs)
{
    fputs("asp 1 0 0\n", out);
    for (size_t i = 0; i < p->rules.count; i++) write_rule(out, p, &p->rules.items[i]);
    for (size_t i = 0; i < p->mins.count; i++) write_minimize(out, p, &p->mins.items[i]);
    if (p->has_project) {
        fprintf(out, "3 %zu", p->projected.count);
        for (size_t i = 0; i < p->projected.count; i++)
            fprintf(out, " %u", (unsigned)p->projected.items[i] + 1);
        fputc('\n', out);
    }
    for (size_t i = 0; i < p->opaque.count; i++) write_opaque(out, p, &p->opaque.items[i]);
    for (size_t i = 0; i < p->theory_off.count; i++)
        fprintf(out, "5 %u 2\n", (unsigned)p->theory_off.items[i] + 1);
    if (outputs) write_outputs(out, p);
    fputs("0\n", out);
}

void asp_write_aspif(const AspProgram *p, FILE *out)
{
    asp_write_aspif_ex(p, out, true);
}
