/* explain_tree.h: explanations of atoms (asp/explain.h) written as trees a student can read,
 * or as JSON (docs/json.md, "explain"): a true atom with the rule of its least derivation
 * and the literals of its body below it, a false atom with each of its rules and the
 * literal where it fails, an unfounded set with the rules of its atoms, an undefined atom
 * with its residual program; each rule with the place it was written.  An atom explained
 * once is referred to after that; trees deeper than a limit are cut and the atoms at the cut
 * explained after the tree, so the whole text stays linear in the size of the program. */
#ifndef FIX_REPORT_EXPLAIN_TREE_H
#define FIX_REPORT_EXPLAIN_TREE_H

#include "asp/explain.h"
#include "util/buf.h"
#include "util/json.h"
#include "util/mem.h"

/* Where a rule was written: file NULL when not known; text, when not NULL, the statement
 * as written that the (ground) rule is an instance of. */
typedef struct AspOrigin {
    const char *file;
    uint32_t line, col;
    const char *text;
} AspOrigin;

/* JSON: the rules the trees name (by index), written once in a table after them. */
typedef struct ExplainRules {
    uint8_t *seen;                /* per rule: in the list */
    VEC(uint32_t) list;
} ExplainRules;

typedef struct ExplainTree {
    const AspExplain *e;
    const AspProgram *p;
    const AspOrigin *origin;      /* per rule; NULL: no places */
    JsonWriter *json;             /* NULL: text */
    ExplainRules *rules;          /* JSON: where the rules named go (set by the caller) */
    Buf *text;
    uint8_t *done;                /* per atom: explained in full already */
    VEC(AspAtom) later;           /* atoms at a cut, still to explain */
    unsigned max_depth;
    Buf scratch;                  /* a failing literal's text (one at a time) */
    Buf rule_text;                /* a rule's text, to compare with its statement's */
} ExplainTree;

/* Text into out (json NULL) or JSON nodes through json. */
void explain_tree_init(ExplainTree *t, const AspExplain *e, const AspOrigin *origin, Buf *out,
                       JsonWriter *json);
/* A tree for explain_tree_rule alone (no explanation), e.g. the rules of an unsatisfiable set. */
void explain_tree_init_rules(ExplainTree *t, const AspProgram *p, const AspOrigin *origin,
                             Buf *out, JsonWriter *json);
void explain_tree_free(ExplainTree *t);
/* Atom a's tree, then the trees of the atoms cut from it (JSON: one node each, the caller
 * has an array open). */
void explain_tree_atom(ExplainTree *t, AspAtom a);
/* A rule as text with its place, "h :- b.  [file:line]" (JSON: its index). */
void explain_tree_rule(ExplainTree *t, uint32_t r);
/* The table of rules: "rules": [RULE, ...] in index order. */
void explain_rules_write(ExplainRules *tab, const AspProgram *p, const AspOrigin *origin,
                         JsonWriter *w);
void explain_rules_free(ExplainRules *tab);

#endif
