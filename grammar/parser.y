/* parser.y: the grammar of .fix files (GNU Bison, pure, with locations).  Builds the AST of
 * ast.h in an arena; syntax errors are reported through diag and recovered at `;`. */

%define api.pure full
%define parse.error custom
%locations
%expect 0
%param {Lexer *lx}
%parse-param {AstFile *file}

%code requires {
#include "front/ast.h"
#include "front/lexer.h"

typedef struct FixLoc { uint32_t start, end; } FixLoc;
/* Names and covers collected from the statements of a `finite { ... }` lattice. */
typedef struct CoverAcc { PtrList names; PtrList covers; } CoverAcc;
/* A rule's body as read: its positive and its negative atoms (Ident *), each in order. */
typedef struct RuleBody { PtrList pos, neg; } RuleBody;
#define YYLTYPE FixLoc
#define YYLTYPE_IS_DECLARED 1
#define YYLLOC_DEFAULT(Cur, Rhs, N) do { \
        if (N) { (Cur).start = YYRHSLOC(Rhs, 1).start; (Cur).end = YYRHSLOC(Rhs, N).end; } \
        else { (Cur).start = (Cur).end = YYRHSLOC(Rhs, 0).end; } \
    } while (0)
}

%code provides {
int yylex(YYSTYPE *val, YYLTYPE *loc, Lexer *lx);
}

%code {
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/buf.h"
#include "util/workpool.h"

#define YYMAXDEPTH 4000
#define A (lx->arena)

static Loc L(Lexer *lx, FixLoc l) { Loc r = { lx->src, l.start, l.end }; return r; }

static Ident ident(Lexer *lx, const char *name, FixLoc l) { Ident i = { name, L(lx, l) }; return i; }

static Expr *expr_new(Lexer *lx, ExprKind kind, FixLoc l)
{
    Expr *e = arena_alloc(A, sizeof *e);
    e->kind = kind;
    e->loc = L(lx, l);
    e->slot = -1;
    return e;
}

static Expr *binary(Lexer *lx, OpKind op, Expr *a, Expr *b, FixLoc l)
{
    Expr *e = expr_new(lx, E_BINARY, l);
    e->op = op;
    e->a = a;
    e->b = b;
    return e;
}

static Expr *unary(Lexer *lx, OpKind op, Expr *a, FixLoc l)
{
    Expr *e = expr_new(lx, E_UNARY, l);
    e->op = op;
    e->a = a;
    return e;
}

static LatExpr *lat_new(Lexer *lx, LatExprKind kind, FixLoc l)
{
    LatExpr *t = arena_alloc(A, sizeof *t);
    t->kind = kind;
    t->loc = L(lx, l);
    return t;
}

/* The type of a value that is not a lattice element, written `WORD of T`: `collection of T`
 * (T a lattice, `interval of L` or `key of M`), `interval of L`, `key of M`; inner is T. */
static LatExpr *value_type(Lexer *lx, const char *word, const char *of, LatExpr *inner, FixLoc l)
{
    static const struct { const char *word; LatExprKind kind; } kinds[] = {
        { "collection", LAT_COLL }, { "interval", LAT_ITV }, { "key", LAT_KEY },
    };
    for (size_t i = 0; strcmp(of, "of") == 0 && i < FIX_ARRAY_LEN(kinds); i++) {
        if (strcmp(word, kinds[i].word) != 0) continue;
        if (inner->kind >= LAT_ITV && kinds[i].kind != LAT_COLL) break;
        LatExpr *t = lat_new(lx, kinds[i].kind, l);
        t->value = inner;
        return t;
    }
    lexer_error(lx, l.start, l.end, "a type is a lattice, a function type, 'collection of T', 'interval of L', "
                "'key of M' or 'bnb result of L'");
    return inner;
}

static Decl *decl_new(Lexer *lx, DeclKind kind, FixLoc l)
{
    Decl *d = arena_alloc(A, sizeof *d);
    d->kind = kind;
    d->loc = L(lx, l);
    return d;
}

/* Copies a list of Ident* into an array of Ident. */
static Ident *idents(Lexer *lx, PtrList l)
{
    Ident *out = arena_alloc(A, (l.count ? l.count : 1) * sizeof *out);
    for (size_t i = 0; i < l.count; i++) out[i] = *(Ident *)l.items[i];
    return out;
}

static Ident *ident_box(Lexer *lx, Ident id)
{
    Ident *p = arena_alloc(A, sizeof *p);
    *p = id;
    return p;
}

static void set_body(Lexer *lx, Rule *r, RuleBody b)
{
    r->pos = idents(lx, b.pos);
    r->npos = b.pos.count;
    r->neg = idents(lx, b.neg);
    r->nneg = b.neg.count;
}

static Expr **exprs(Lexer *lx, PtrList l)
{
    Expr **out = arena_alloc(A, (l.count ? l.count : 1) * sizeof *out);
    for (size_t i = 0; i < l.count; i++) out[i] = l.items[i];
    return out;
}

/* (x: A, y: B => body): the first parameter was parsed as an expression (it shares its start
 * with an ascription `(e : L)`), so it must be a name. */
static Expr *lambda(Lexer *lx, Expr *first, LatExpr *type, PtrList rest, Expr *body, FixLoc l)
{
    Expr *e = expr_new(lx, E_LAMBDA, l);
    if (first->kind != E_NAME)
        lexer_error(lx, first->loc.start, first->loc.end, "a lambda starts with '(name: type =>'");
    e->nlparams = rest.count + 1;
    e->lparams = arena_alloc(A, e->nlparams * sizeof *e->lparams);
    e->lparams[0].name = first->name;
    e->lparams[0].type = type;
    for (size_t i = 0; i < rest.count; i++) e->lparams[i + 1] = *(Param *)rest.items[i];
    e->a = body;
    return e;
}

/* {k1 -> v1, ...} (also `_ -> d`, a default) or, with `a` set after, the update m[k1 -> v1, ...]:
 * each entry of the list is a name holding its value in a. */
static Expr *map_literal(Lexer *lx, PtrList entries, FixLoc l)
{
    Expr *e = expr_new(lx, E_MAP, l);
    e->nargs = entries.count;
    e->args = arena_alloc(A, (entries.count ? entries.count : 1) * sizeof(Expr *));
    e->keys = arena_alloc(A, (entries.count ? entries.count : 1) * sizeof(Ident));
    for (size_t i = 0; i < entries.count; i++) {
        Expr *pair = entries.items[i];
        e->keys[i] = pair->name;
        e->args[i] = pair->a;
    }
    return e;
}

static PtrList list1(Lexer *lx, void *p)
{
    PtrList l = { 0 };
    ast_ptrlist_push(A, &l, p);
    return l;
}

static void query_defaults(Query *q)
{
    memset(q, 0, sizeof *q);
    q->steps = q->budget = q->rounds = q->models = q->jobs = -1;
    q->timeout = -1;
}

/* Options with none given, in the arena. */
static Query *query_new(Lexer *lx)
{
    Query *q = arena_alloc(A, sizeof *q);
    query_defaults(q);
    return q;
}

/* Adds the covers "each of lower < each of upper" of one link in a finite lattice. */

static void note_name(Lexer *lx, CoverAcc *acc, Ident *id)
{
    for (size_t i = 0; i < acc->names.count; i++)
        if (strcmp(((Ident *)acc->names.items[i])->name, id->name) == 0) return;
    ast_ptrlist_push(A, &acc->names, id);
}

static void add_link(Lexer *lx, CoverAcc *acc, PtrList lower, PtrList upper)
{
    for (size_t i = 0; i < lower.count; i++) {
        note_name(lx, acc, lower.items[i]);
        for (size_t j = 0; j < upper.count; j++) {
            Cover *c = arena_alloc(A, sizeof *c);
            c->below = *(Ident *)lower.items[i];
            c->above = *(Ident *)upper.items[j];
            ast_ptrlist_push(A, &acc->covers, c);
        }
    }
    for (size_t j = 0; j < upper.count; j++) note_name(lx, acc, upper.items[j]);
}

/* Sets one option of a query; reports options given twice. */
static void set_long(Lexer *lx, long *slot, int64_t v, const char *what, FixLoc l)
{
    if (*slot >= 0) lexer_error(lx, l.start, l.end, "option '%s' given twice", what);
    if (v < 0) lexer_error(lx, l.start, l.end, "option '%s' must not be negative", what);
    *slot = (long)v;
}

static Query merge_opts(Lexer *lx, Query a, Query b, FixLoc l);
static void yyerror(YYLTYPE *loc, Lexer *lx, AstFile *file, const char *msg);

/* A syntax error dropped the declaration being read: its name, when it was read, is noted. */
static void note_dropped(Lexer *lx, AstFile *file)
{
    if (lx->decl_name) ast_ptrlist_push(lx->arena, &file->dropped, (void *)lx->decl_name);
    lx->decl_name = NULL;
}
}

%union {
    int64_t i;
    double r;
    const char *s;
    Ident id;
    Expr *e;
    LatExpr *lat;
    Decl *d;
    PtrList list;
    Query *q;                   /* in the arena: a union the size of a Query made each token cost a copy of it */
    Annotation ann;
    Rule *rule;
    Equation *eq;
    CoverAcc cov;
    RuleBody body;
}

%token END 0 "end of file"
%token <i> INT "integer"
%token <r> REAL "number"
%token <s> IDENT "name" STRING "string"
%token IMPORT "import" LATTICE "lattice" POWERSET "powerset" CHAIN "chain" RANGE "range"
%token REALKW "real" TOLERANCE "tolerance" FINITE "finite" DUAL "dual" MAP "map"
%token FN "fn" MONOTONE "monotone" ANTITONE "antitone" ENVELOPE "envelope" GALOIS "galois"
%token PROGRAM "program" FROM "from" SHOW "show" FIXPOINTS "fixpoints" APPROX "approx"
%token REFINE "refine" BNB "bnb" STABLE "stable" CHECK "check" STEPS "steps" TRACE "trace"
%token BUDGET "budget" ROUNDS "rounds" TIMEOUT "timeout" SPLIT "split" VIA "via" MODELS "models"
%token POLICY "policy" JOBS "jobs"
%token LET "let" IN "in" IF "if" THEN "then" ELSE "else" AND "and" OR "or" NOT "not"
%token JOIN "join" MEET "meet" UNION "union" INTER "inter" MINUSKW "minus" COUNT "count"
%token SUP "sup" INF "inf" LFP "lfp" GFP "gfp" BOT "bot" TOP "top" TRUE "true" FALSE "false"
%token FORALL "forall" EXISTS "exists" MOD "mod" TABLE "table"
%token ATOMS "atoms"
%token BLOCK_END "'}'"      /* the brace closing a program block (the lexer tells it from inner ones) */
%token DOTDOT ".." ARROW "->" FATARROW "=>" LE "<=" GE ">=" EQ "==" NE "!=" IMPLIEDBY ":-"

%type <e> expr aexpr primary
%type <lat> latexpr latatom ptype vtype
%type <list> exprs idlist params lamparams latlist tparams atoms maplist args_opt decls covers_list eqlist rules latprod tablelist
%type <id> atom lit_atom
%type <d> decl query
%type <q> qopts qopt vopts
%type <ann> annots
%type <rule> rule
%type <eq> equation
%type <cov> coverstmts
%type <body> body
%type <i> intlit
%type <r> number
%type <s> name

%precedence BINDER   /* if/let/forall/exists: their last expression extends as far as it can */
%left OR
%left AND
%precedence NOT
%left JOIN UNION MINUSKW
%left MEET INTER
%left '+' '-'
%left '*' '/' MOD
%precedence UMINUS COUNT

%start file

%%

file:
    decls                       { file->decls = (Decl **)$1.items; file->ndecls = $1.count; }
    ;

decls:
    %empty                      { memset(&$$, 0, sizeof $$); }
    | decls decl                { $$ = $1; if ($2) ast_ptrlist_push(A, &$$, $2); lx->decl_name = NULL; }
    | decls error ';'           { $$ = $1; note_dropped(lx, file); }
    ;

decl:
    IMPORT STRING ';'           { $$ = decl_new(lx, D_IMPORT, @$); $$->path = $2; }
    | LATTICE IDENT '=' latexpr opt_semi {
        $$ = decl_new(lx, D_LATTICE, @$); $$->name = ident(lx, $2, @2); $$->lattice = $4; }
    | LATTICE IDENT '[' idlist ']' '=' latexpr opt_semi {
        $$ = decl_new(lx, D_LATTICE, @$); $$->name = ident(lx, $2, @2); $$->lattice = $7;
        $$->tparams = idents(lx, $4); $$->ntparams = $4.count; }
    | FN IDENT tparams '(' params ')' ':' ptype annots '=' expr ';' {
        $$ = decl_new(lx, D_FN, @$); $$->name = ident(lx, $2, @2);
        $$->tparams = idents(lx, $3); $$->ntparams = $3.count;
        $$->nparams = $5.count;
        $$->params = arena_alloc(A, ($5.count ? $5.count : 1) * sizeof(Param));
        for (size_t i = 0; i < $5.count; i++) $$->params[i] = *(Param *)$5.items[i];
        $$->ret = $8; $$->ann = $9; $$->body = $11; }
    | ENVELOPE IDENT '{' eqlist '}' {
        $$ = decl_new(lx, D_ENVELOPE, @$); $$->name = ident(lx, $2, @2);
        $$->neqs = $4.count; $$->eqs = arena_alloc(A, ($4.count ? $4.count : 1) * sizeof(Equation));
        for (size_t i = 0; i < $4.count; i++) $$->eqs[i] = *(Equation *)$4.items[i]; }
    | GALOIS IDENT ':' latexpr ARROW latexpr '{' eqlist '}' {
        $$ = decl_new(lx, D_GALOIS, @$); $$->name = ident(lx, $2, @2); $$->from = $4; $$->to = $6;
        $$->neqs = $8.count; $$->eqs = arena_alloc(A, ($8.count ? $8.count : 1) * sizeof(Equation));
        for (size_t i = 0; i < $8.count; i++) $$->eqs[i] = *(Equation *)$8.items[i]; }
    | PROGRAM IDENT '{' rules BLOCK_END {
        $$ = decl_new(lx, D_PROGRAM, @$); $$->name = ident(lx, $2, @2);
        $$->nrules = $4.count; $$->rules = arena_alloc(A, ($4.count ? $4.count : 1) * sizeof(Rule));
        for (size_t i = 0; i < $4.count; i++) $$->rules[i] = *(Rule *)$4.items[i]; }
    | PROGRAM IDENT '{' rules error BLOCK_END { $$ = NULL; note_dropped(lx, file); }   /* the rest of the file is read */
    | PROGRAM IDENT FROM STRING ';' {
        $$ = decl_new(lx, D_PROGRAM, @$); $$->name = ident(lx, $2, @2); $$->program_file = $4;
        $$->program_file_loc = L(lx, @4); }
    | query ';'                 { $$ = $1; }
    ;

opt_semi: %empty | ';' ;

/* the type parameters of a generic function */
tparams:
    %empty                      { memset(&$$, 0, sizeof $$); }
    | '[' idlist ']'            { $$ = $2; }
    ;

params:
    %empty                      { memset(&$$, 0, sizeof $$); }
    | IDENT ':' ptype           { Param *p = arena_alloc(A, sizeof *p); p->name = ident(lx, $1, @1); p->type = $3; $$ = list1(lx, p); }
    | params ',' IDENT ':' ptype {
        $$ = $1; Param *p = arena_alloc(A, sizeof *p); p->name = ident(lx, $3, @3); p->type = $5; ast_ptrlist_push(A, &$$, p); }
    ;

annots:
    %empty                      { $$ = ANN_NONE; }
    | annots MONOTONE           { $$ = $1 | ANN_MONOTONE; }
    | annots ANTITONE           { $$ = $1 | ANN_ANTITONE; }
    ;

eqlist:
    %empty                      { memset(&$$, 0, sizeof $$); }
    | eqlist equation           { $$ = $1; ast_ptrlist_push(A, &$$, $2); }
    | eqlist error ';'          { $$ = $1; }
    ;

equation:
    IDENT '(' idlist ')' '=' expr ';' {
        $$ = arena_alloc(A, sizeof *$$); $$->name = ident(lx, $1, @1);
        $$->params = idents(lx, $3); $$->nparams = $3.count; $$->body = $6; $$->loc = L(lx, @$); }
    ;

idlist:
    name                        { $$ = list1(lx, ident_box(lx, ident(lx, $1, @1))); }
    | idlist ',' name           { $$ = $1; ast_ptrlist_push(A, &$$, ident_box(lx, ident(lx, $3, @3))); }
    ;

/* element names of lattices may be `bot` and `top` too */
name:
    IDENT                       { $$ = $1; }
    | BOT                       { $$ = "bot"; }
    | TOP                       { $$ = "top"; }
    ;

/* ---- lattice expressions ---- */

/* the type of a parameter or a result: a lattice, or a function type A -> B, (A, B) -> C */
ptype:
    latexpr                     { $$ = $1; }
    | vtype                     { $$ = $1; }
    | latexpr ARROW ptype       {
        $$ = lat_new(lx, LAT_FN, @$); $$->parts = arena_alloc(A, sizeof(LatExpr *));
        $$->parts[0] = $1; $$->nparts = 1; $$->value = $3; }
    | '(' ptype ',' latlist ')' ARROW ptype {
        $$ = lat_new(lx, LAT_FN, @$);
        PtrList l = list1(lx, $2);
        for (size_t i = 0; i < $4.count; i++) ast_ptrlist_push(A, &l, $4.items[i]);
        $$->parts = (LatExpr **)l.items; $$->nparts = l.count; $$->value = $7; }
    ;

/* the type of a value that is not a lattice element: a collection, an interval, a key, a bnb result */
vtype:
    IDENT IDENT latexpr         { $$ = value_type(lx, $1, $2, $3, @$); }
    | IDENT IDENT IDENT IDENT latexpr {
        $$ = value_type(lx, $1, $2, value_type(lx, $3, $4, $5, @3), @$); }
    | BNB IDENT IDENT latexpr   {
        if (strcmp($2, "result") != 0 || strcmp($3, "of") != 0)
            lexer_error(lx, @1.start, @3.end, "the type of a bnb result is 'bnb result of L'");
        $$ = lat_new(lx, LAT_BNB, @$); $$->value = $4; }
    ;

latlist:
    ptype                       { $$ = list1(lx, $1); }
    | latlist ',' ptype         { $$ = $1; ast_ptrlist_push(A, &$$, $3); }
    ;

/* the parameters of a lambda after its first one */
lamparams:
    %empty                      { memset(&$$, 0, sizeof $$); }
    | lamparams ',' IDENT ':' ptype {
        $$ = $1; Param *p = arena_alloc(A, sizeof *p); p->name = ident(lx, $3, @3); p->type = $5; ast_ptrlist_push(A, &$$, p); }
    ;

latexpr:
    latprod {
        if ($1.count == 1) {
            $$ = $1.items[0];
        } else {
            $$ = lat_new(lx, LAT_PRODUCT, @$);
            $$->parts = (LatExpr **)$1.items;
            $$->nparts = $1.count;
        } }
    ;

latprod:
    latatom                     { $$ = list1(lx, $1); }
    | latprod '*' latatom       { $$ = $1; ast_ptrlist_push(A, &$$, $3); }
    ;

latatom:
    IDENT                       { $$ = lat_new(lx, LAT_NAME, @$); $$->name = ident(lx, $1, @1); }
    | IDENT '[' latlist ']'     {
        $$ = lat_new(lx, LAT_APPLY, @$); $$->name = ident(lx, $1, @1);
        $$->parts = (LatExpr **)$3.items; $$->nparts = $3.count; }
    | POWERSET '{' '}'          { $$ = lat_new(lx, LAT_POWERSET, @$); $$->names = NULL; $$->nnames = 0; }
    | POWERSET '{' idlist '}'   { $$ = lat_new(lx, LAT_POWERSET, @$); $$->names = idents(lx, $3); $$->nnames = $3.count; }
    | CHAIN '{' idlist '}'      { $$ = lat_new(lx, LAT_CHAIN, @$); $$->names = idents(lx, $3); $$->nnames = $3.count; }
    | RANGE intlit DOTDOT intlit { $$ = lat_new(lx, LAT_RANGE, @$); $$->ilo = $2; $$->ihi = $4; }
    | REALKW '[' number ',' number ']' { $$ = lat_new(lx, LAT_REAL, @$); $$->rlo = $3; $$->rhi = $5; $$->tol = 0; }
    | REALKW '[' number ',' number ']' TOLERANCE number {
        $$ = lat_new(lx, LAT_REAL, @$); $$->rlo = $3; $$->rhi = $5; $$->tol = $8;
        $$->tol_loc = L(lx, @8); }
    | FINITE '{' coverstmts '}' {
        $$ = lat_new(lx, LAT_FINITE, @$);
        $$->names = idents(lx, $3.names); $$->nnames = $3.names.count;
        $$->ncovers = $3.covers.count;
        $$->covers = arena_alloc(A, ($3.covers.count ? $3.covers.count : 1) * sizeof(Cover));
        for (size_t i = 0; i < $3.covers.count; i++) $$->covers[i] = *(Cover *)$3.covers.items[i]; }
    | DUAL latatom              { $$ = lat_new(lx, LAT_DUAL, @$); $$->base = $2; }
    | MAP '{' idlist '}' ARROW latatom {
        $$ = lat_new(lx, LAT_MAP, @$); $$->names = idents(lx, $3); $$->nnames = $3.count; $$->value = $6; }
    | '(' latexpr ')'           { $$ = $2; }
    ;

/* finite { bot < a, b; a, b < top; } : each statement is a chain of links between name lists */
coverstmts:
    %empty                      { memset(&$$, 0, sizeof $$); }
    | coverstmts covers_list ';' {
        $$ = $1;
        for (size_t i = 0; i < $2.count; i++) {
            PtrList *g = $2.items[i];
            if (i + 1 < $2.count) add_link(lx, &$$, *g, *(PtrList *)$2.items[i + 1]);
            else if ($2.count == 1) { for (size_t k = 0; k < g->count; k++) note_name(lx, &$$, g->items[k]); }
        }
    }
    ;

covers_list:
    idlist                      { PtrList *g = arena_alloc(A, sizeof *g); *g = $1; $$ = list1(lx, g); }
    | covers_list '<' idlist    { $$ = $1; PtrList *g = arena_alloc(A, sizeof *g); *g = $3; ast_ptrlist_push(A, &$$, g); }
    ;

intlit:
    INT                         { $$ = $1; }
    | '-' INT                   { $$ = -$2; }
    ;

number:
    INT                         { $$ = (double)$1; }
    | REAL                      { $$ = $1; }
    | '-' INT                   { $$ = -(double)$2; }
    | '-' REAL                  { $$ = -$2; }
    ;

/* ---- expressions: `expr` has the boolean layer, `aexpr` arithmetic and lattice operators ---- */

expr:
    aexpr                       { $$ = $1; }
    | aexpr '<' aexpr           { $$ = binary(lx, OP_LT, $1, $3, @$); }
    | aexpr LE aexpr            { $$ = binary(lx, OP_LE, $1, $3, @$); }
    | aexpr '>' aexpr           { $$ = binary(lx, OP_GT, $1, $3, @$); }
    | aexpr GE aexpr            { $$ = binary(lx, OP_GE, $1, $3, @$); }
    | aexpr EQ aexpr            { $$ = binary(lx, OP_EQ, $1, $3, @$); }
    | aexpr NE aexpr            { $$ = binary(lx, OP_NE, $1, $3, @$); }
    | aexpr IN aexpr            { $$ = binary(lx, OP_IN, $1, $3, @$); }
    | expr AND expr             { $$ = binary(lx, OP_AND, $1, $3, @$); }
    | expr OR expr              { $$ = binary(lx, OP_OR, $1, $3, @$); }
    | NOT expr                  { $$ = unary(lx, OP_NOT, $2, @$); }
    | IF expr THEN expr ELSE expr %prec BINDER {
        $$ = expr_new(lx, E_IF, @$); $$->a = $2; $$->b = $4; $$->c = $6; }
    | LET IDENT '=' aexpr IN expr %prec BINDER {
        $$ = expr_new(lx, E_LET, @$); $$->name = ident(lx, $2, @2); $$->a = $4; $$->b = $6; }
    | FORALL IDENT IN aexpr ':' expr %prec BINDER {
        $$ = expr_new(lx, E_QUANT, @$); $$->op = OP_FORALL; $$->name = ident(lx, $2, @2); $$->a = $4; $$->b = $6; }
    | EXISTS IDENT IN aexpr ':' expr %prec BINDER {
        $$ = expr_new(lx, E_QUANT, @$); $$->op = OP_EXISTS; $$->name = ident(lx, $2, @2); $$->a = $4; $$->b = $6; }
    ;

aexpr:
    primary                     { $$ = $1; }
    | aexpr '+' aexpr           { $$ = binary(lx, OP_ADD, $1, $3, @$); }
    | aexpr '-' aexpr           { $$ = binary(lx, OP_SUB, $1, $3, @$); }
    | aexpr '*' aexpr           { $$ = binary(lx, OP_MUL, $1, $3, @$); }
    | aexpr '/' aexpr           { $$ = binary(lx, OP_DIV, $1, $3, @$); }
    | aexpr MOD aexpr           { $$ = binary(lx, OP_MOD, $1, $3, @$); }
    | aexpr JOIN aexpr          { $$ = binary(lx, OP_JOIN, $1, $3, @$); }
    | aexpr MEET aexpr          { $$ = binary(lx, OP_MEET, $1, $3, @$); }
    | aexpr UNION aexpr         { $$ = binary(lx, OP_UNION, $1, $3, @$); }
    | aexpr INTER aexpr         { $$ = binary(lx, OP_INTER, $1, $3, @$); }
    | aexpr MINUSKW aexpr       { $$ = binary(lx, OP_MINUS, $1, $3, @$); }
    | '-' aexpr %prec UMINUS    { $$ = unary(lx, OP_NEG, $2, @$); }
    | COUNT aexpr               { $$ = expr_new(lx, E_COUNT, @$); $$->a = $2; }
    ;

primary:
    INT                         { $$ = expr_new(lx, E_INT, @$); $$->ival = $1; }
    | REAL                      { $$ = expr_new(lx, E_REAL, @$); $$->rval = $1; }
    | TRUE                      { $$ = expr_new(lx, E_BOOL, @$); $$->ival = 1; }
    | FALSE                     { $$ = expr_new(lx, E_BOOL, @$); $$->ival = 0; }
    | BOT                       { $$ = expr_new(lx, E_BOT, @$); }
    | TOP                       { $$ = expr_new(lx, E_TOP, @$); }
    | IDENT                     { $$ = expr_new(lx, E_NAME, @$); $$->name = ident(lx, $1, @1); }
    | IDENT '(' args_opt ')'    {
        $$ = expr_new(lx, E_CALL, @$); $$->name = ident(lx, $1, @1);
        $$->args = exprs(lx, $3); $$->nargs = $3.count; }
    | primary '[' exprs ']' '(' args_opt ')' {
        $$ = expr_new(lx, E_CALL, @$);
        if ($1->kind != E_NAME) lexer_error(lx, $1->loc.start, $1->loc.end, "only a function's name takes type arguments `f[L](...)`");
        $$->name = $1->name;
        $$->targs = exprs(lx, $3); $$->ntargs = $3.count;
        $$->args = exprs(lx, $6); $$->nargs = $6.count; }
    | '(' expr ')'              { $$ = $2; }
    | '(' expr ':' latexpr ')'  { $$ = expr_new(lx, E_ASCRIBE, @$); $$->a = $2; $$->vartype = $4; }
    | '(' expr ':' ptype lamparams FATARROW expr ')' { $$ = lambda(lx, $2, $4, $5, $7, @$); }
    | TABLE '{' tablelist '}'   { $$ = expr_new(lx, E_TABLE, @$); $$->args = exprs(lx, $3); $$->nargs = $3.count; }
    | '(' expr ',' exprs ')'    {
        $$ = expr_new(lx, E_TUPLE, @$);
        PtrList l = list1(lx, $2);
        for (size_t i = 0; i < $4.count; i++) ast_ptrlist_push(A, &l, $4.items[i]);
        $$->args = exprs(lx, l); $$->nargs = l.count; }
    | primary '.' INT           { $$ = expr_new(lx, E_PROJ, @$); $$->a = $1; $$->ival = $3; }
    | primary '.' IDENT         { $$ = expr_new(lx, E_PROJ, @$); $$->a = $1; $$->name = ident(lx, $3, @3); }
    | primary '.' FIXPOINTS     { $$ = expr_new(lx, E_PROJ, @$); $$->a = $1; $$->name = ident(lx, "fixpoints", @3); }
    | primary '[' exprs ']'     {
        $$ = expr_new(lx, E_INDEX, @$); $$->a = $1; $$->b = $3.items[0];
        $$->targs = exprs(lx, $3); $$->ntargs = $3.count; }
    | primary '[' maplist ']'   { $$ = map_literal(lx, $3, @$); $$->a = $1; }
    | '{' '}'                   { $$ = expr_new(lx, E_SET, @$); $$->nargs = 0; }
    | '{' exprs '}'             { $$ = expr_new(lx, E_SET, @$); $$->args = exprs(lx, $2); $$->nargs = $2.count; }
    | '{' maplist '}'           { $$ = map_literal(lx, $2, @$); }
    | '{' expr '|' expr '}'     {
        $$ = expr_new(lx, E_COMPREHENSION, @$);
        /* `{(x in s) | ...}`: a parenthesised test is an image, not the binder of the form */
        if ($2->kind == E_BINARY && $2->op == OP_IN && $2->a->kind == E_NAME && $2->loc.start == @2.start) {
            $$->name = $2->a->name; $$->a = $2->b; $$->b = $4;
        } else if ($4->kind == E_BINARY && $4->op == OP_IN && $4->a->kind == E_NAME) {
            $$->name = $4->a->name; $$->a = $4->b; $$->c = $2;      /* { e | x in c }: an image */
        } else {
            lexer_error(lx, @2.start, @2.end, "a comprehension is '{name in s | cond}' or '{e | name in c}'");
            $$->kind = E_SET; $$->nargs = 0;
        } }
    | SUP '{' expr '|' IDENT IN '[' aexpr DOTDOT aexpr ']' '}' {
        $$ = expr_new(lx, E_SUPINF, @$); $$->op = OP_JOIN; $$->a = $3; $$->name = ident(lx, $5, @5); $$->b = $8; $$->c = $10; }
    | INF '{' expr '|' IDENT IN '[' aexpr DOTDOT aexpr ']' '}' {
        $$ = expr_new(lx, E_SUPINF, @$); $$->op = OP_MEET; $$->a = $3; $$->name = ident(lx, $5, @5); $$->b = $8; $$->c = $10; }
    | LFP '(' expr ')'          { $$ = expr_new(lx, E_FIX, @$); $$->op = OP_LFP; $$->a = $3; }
    | FIXPOINTS '(' expr ')'    { $$ = expr_new(lx, E_FIXPOINTS, @$); $$->a = $3; }
    | APPROX '(' expr ')'       { $$ = expr_new(lx, E_APPROX, @$); $$->a = $3; }
    | BNB '(' expr vopts ')'    {
        $$ = expr_new(lx, E_BNB, @$); $$->a = $3;
        $$->query = $4;
        $$->b = $4->from_lo; $$->c = $4->from_hi; }
    | REFINE '(' expr ',' expr ',' expr ')' {
        $$ = expr_new(lx, E_REFINE, @$); $$->a = $3; $$->b = $5; $$->c = $7; }
    | STABLE '(' IDENT ')'      { $$ = expr_new(lx, E_STABLE, @$); $$->name = ident(lx, $3, @3); }
    | ATOMS '(' latexpr ')'     { $$ = expr_new(lx, E_FIXPOINTS, @$); $$->vartype = $3; }
    | GFP '(' expr ')'          { $$ = expr_new(lx, E_FIX, @$); $$->op = OP_GFP; $$->a = $3; }
    | LFP '(' IDENT ':' latexpr FATARROW expr ')' {
        $$ = expr_new(lx, E_FIX, @$); $$->op = OP_LFP; $$->name = ident(lx, $3, @3); $$->vartype = $5; $$->a = $7; }
    | GFP '(' IDENT ':' latexpr FATARROW expr ')' {
        $$ = expr_new(lx, E_FIX, @$); $$->op = OP_GFP; $$->name = ident(lx, $3, @3); $$->vartype = $5; $$->a = $7; }
    ;

args_opt:
    %empty                      { memset(&$$, 0, sizeof $$); }
    | exprs                     { $$ = $1; }
    ;

exprs:
    expr                        { $$ = list1(lx, $1); }
    | exprs ',' expr            { $$ = $1; ast_ptrlist_push(A, &$$, $3); }
    ;

/* the cases of a table, key and value alternating */
tablelist:
    aexpr ARROW expr            { $$ = list1(lx, $1); ast_ptrlist_push(A, &$$, $3); }
    | tablelist ',' aexpr ARROW expr { $$ = $1; ast_ptrlist_push(A, &$$, $3); ast_ptrlist_push(A, &$$, $5); }
    ;

maplist:
    IDENT ARROW expr            {
        Expr *pair = expr_new(lx, E_NAME, @$); pair->name = ident(lx, $1, @1); pair->a = $3; $$ = list1(lx, pair); }
    | maplist ',' IDENT ARROW expr {
        $$ = $1; Expr *pair = expr_new(lx, E_NAME, @3); pair->name = ident(lx, $3, @3); pair->a = $5; ast_ptrlist_push(A, &$$, pair); }
    ;

/* ---- program blocks: ground normal rules, constraints, choice rules ---- */

rules:
    %empty                      { memset(&$$, 0, sizeof $$); }
    | rules rule                { $$ = $1; ast_ptrlist_push(A, &$$, $2); }
    | rules error '.'           { $$ = $1; }
    ;

rule:
    atom '.' {
        $$ = arena_alloc(A, sizeof *$$); $$->kind = RULE_NORMAL; $$->loc = L(lx, @$);
        $$->head = ident_box(lx, $1); $$->nhead = 1; }
    | atom IMPLIEDBY body '.' {
        $$ = arena_alloc(A, sizeof *$$); $$->kind = RULE_NORMAL; $$->loc = L(lx, @$);
        $$->head = ident_box(lx, $1); $$->nhead = 1;
        set_body(lx, $$, $3); }
    | IMPLIEDBY body '.' {
        $$ = arena_alloc(A, sizeof *$$); $$->kind = RULE_CONSTRAINT; $$->loc = L(lx, @$);
        set_body(lx, $$, $2); }
    | '{' atoms '}' '.' {
        $$ = arena_alloc(A, sizeof *$$); $$->kind = RULE_CHOICE; $$->loc = L(lx, @$);
        $$->head = idents(lx, $2); $$->nhead = $2.count; }
    | '{' atoms '}' IMPLIEDBY body '.' {
        $$ = arena_alloc(A, sizeof *$$); $$->kind = RULE_CHOICE; $$->loc = L(lx, @$);
        $$->head = idents(lx, $2); $$->nhead = $2.count;
        set_body(lx, $$, $5); }
    ;

atoms:
    atom                        { $$ = list1(lx, ident_box(lx, $1)); }
    | atoms ';' atom            { $$ = $1; ast_ptrlist_push(A, &$$, ident_box(lx, $3)); }
    | atoms ',' atom            { $$ = $1; ast_ptrlist_push(A, &$$, ident_box(lx, $3)); }
    ;

body:
    lit_atom                    { $$ = (RuleBody){ 0 }; ast_ptrlist_push(A, &$$.pos, ident_box(lx, $1)); }
    | NOT lit_atom              { $$ = (RuleBody){ 0 }; ast_ptrlist_push(A, &$$.neg, ident_box(lx, $2)); }
    | body ',' lit_atom         { $$ = $1; ast_ptrlist_push(A, &$$.pos, ident_box(lx, $3)); }
    | body ',' NOT lit_atom     { $$ = $1; ast_ptrlist_push(A, &$$.neg, ident_box(lx, $4)); }
    ;

lit_atom: atom { $$ = $1; } ;

atom:
    IDENT                       { $$ = ident(lx, $1, @1); }
    | IDENT '(' terms ')'       {
        /* a ground atom with arguments: its name is the text as written, without the blanks
           between terms (those inside a string term are kept, as gringo keeps them) */
        char *name = arena_alloc(A, @$.end - @$.start + 1);    /* written straight in place */
        size_t k = 0;
        bool quoted = false;
        for (uint32_t i = @$.start; i < @$.end; i++) {
            char c = lx->src->text[i];
            if (quoted && c == '\\' && i + 1 < @$.end) { name[k++] = c; c = lx->src->text[++i]; }
            else if (c == '"') quoted = !quoted;
            if (quoted || (c != ' ' && c != '\t' && c != '\n' && c != '\r')) name[k++] = c;
        }
        name[k] = '\0';
        $$ = ident(lx, name, @$); }
    ;

terms:
    term
    | terms ',' term
    ;

term:
    IDENT                       {
        /* a name in capitals is a variable in gringo's syntax: a block holds ground rules */
        if (isupper((unsigned char)$1[0]) || $1[0] == '_')
            lexer_error(lx, @1.start, @1.end, "'%s' is a variable: a program block holds ground "
                        "rules (program P from \"FILE.lp\" grounds rules with variables)", $1); }
    | INT                       { (void)$1; }
    | '-' INT                   { (void)$2; }
    | STRING                    { (void)$1; }
    ;

/* ---- queries ---- */

query:
    SHOW expr                   { $$ = decl_new(lx, D_QUERY, @$); query_defaults(&$$->query); $$->query.kind = Q_SHOW; $$->query.expr = $2; }
    | FIXPOINTS IDENT qopts     { $$ = decl_new(lx, D_QUERY, @$); $$->query = *$3; $$->query.kind = Q_FIXPOINTS; $$->query.target = ident(lx, $2, @2); }
    | LFP IDENT qopts           { $$ = decl_new(lx, D_QUERY, @$); $$->query = *$3; $$->query.kind = Q_LFP; $$->query.target = ident(lx, $2, @2); }
    | GFP IDENT qopts           { $$ = decl_new(lx, D_QUERY, @$); $$->query = *$3; $$->query.kind = Q_GFP; $$->query.target = ident(lx, $2, @2); }
    | APPROX IDENT qopts        { $$ = decl_new(lx, D_QUERY, @$); $$->query = *$3; $$->query.kind = Q_APPROX; $$->query.target = ident(lx, $2, @2); }
    | REFINE IDENT qopts        { $$ = decl_new(lx, D_QUERY, @$); $$->query = *$3; $$->query.kind = Q_REFINE; $$->query.target = ident(lx, $2, @2); }
    | BNB IDENT qopts           { $$ = decl_new(lx, D_QUERY, @$); $$->query = *$3; $$->query.kind = Q_BNB; $$->query.target = ident(lx, $2, @2); }
    | STABLE IDENT qopts        { $$ = decl_new(lx, D_QUERY, @$); $$->query = *$3; $$->query.kind = Q_STABLE; $$->query.target = ident(lx, $2, @2); }
    | CHECK IDENT MONOTONE      { $$ = decl_new(lx, D_QUERY, @$); query_defaults(&$$->query); $$->query.kind = Q_CHECK_MONOTONE; $$->query.target = ident(lx, $2, @2); }
    | CHECK IDENT ANTITONE      { $$ = decl_new(lx, D_QUERY, @$); query_defaults(&$$->query); $$->query.kind = Q_CHECK_ANTITONE; $$->query.target = ident(lx, $2, @2); }
    | CHECK ENVELOPE IDENT      { $$ = decl_new(lx, D_QUERY, @$); query_defaults(&$$->query); $$->query.kind = Q_CHECK_ENVELOPE; $$->query.target = ident(lx, $3, @3); }
    | CHECK GALOIS IDENT        { $$ = decl_new(lx, D_QUERY, @$); query_defaults(&$$->query); $$->query.kind = Q_CHECK_GALOIS; $$->query.target = ident(lx, $3, @3); }
    ;

qopts:
    %empty                      { $$ = query_new(lx); }
    | qopts qopt                { $$ = $1; *$$ = merge_opts(lx, *$1, *$2, @2); }
    ;

/* the options of bnb(f ...) in an expression: those of the query, each after a blank or a comma */
vopts:
    %empty                      { $$ = query_new(lx); }
    | vopts qopt                { $$ = $1; *$$ = merge_opts(lx, *$1, *$2, @2); }
    | vopts ',' qopt            { $$ = $1; *$$ = merge_opts(lx, *$1, *$3, @3); }
    ;

qopt:
    FROM '[' expr DOTDOT expr ']' { $$ = query_new(lx); $$->from_lo = $3; $$->from_hi = $5; }
    | STEPS INT                 { $$ = query_new(lx); set_long(lx, &$$->steps, $2, "steps", @$); }
    | BUDGET INT                { $$ = query_new(lx); set_long(lx, &$$->budget, $2, "budget", @$); }
    | ROUNDS INT                { $$ = query_new(lx); set_long(lx, &$$->rounds, $2, "rounds", @$); }
    | MODELS INT                { $$ = query_new(lx); set_long(lx, &$$->models, $2, "models", @$); }
    | JOBS INT                  { $$ = query_new(lx); set_long(lx, &$$->jobs, $2, "jobs", @$);
        if ($2 < 1 || $2 > WORKPOOL_MAX_JOBS)
            lexer_error(lx, @2.start, @2.end, "jobs needs a whole number from 1 to %d", WORKPOOL_MAX_JOBS); }
    | TIMEOUT number            { $$ = query_new(lx); $$->timeout = $2;
        if ($2 < 0) lexer_error(lx, @2.start, @2.end, "timeout must not be negative"); }
    | SPLIT IDENT               { $$ = query_new(lx); $$->split = ident(lx, $2, @2); }
    | POLICY IDENT              { $$ = query_new(lx); $$->policy = ident(lx, $2, @2); }
    | VIA IDENT                 { $$ = query_new(lx); $$->via = ident(lx, $2, @2); }
    | ENVELOPE IDENT            { $$ = query_new(lx); $$->envelope = ident(lx, $2, @2); }
    | TRACE                     { $$ = query_new(lx); $$->trace = true; }
    ;

%%

static Query merge_opts(Lexer *lx, Query a, Query b, FixLoc l)
{
    if (b.from_lo) {
        if (a.from_lo) lexer_error(lx, l.start, l.end, "option 'from' given twice");
        a.from_lo = b.from_lo;
        a.from_hi = b.from_hi;
    }
    if (b.steps >= 0) set_long(lx, &a.steps, b.steps, "steps", l);
    if (b.budget >= 0) set_long(lx, &a.budget, b.budget, "budget", l);
    if (b.rounds >= 0) set_long(lx, &a.rounds, b.rounds, "rounds", l);
    if (b.models >= 0) set_long(lx, &a.models, b.models, "models", l);
    if (b.jobs >= 0) set_long(lx, &a.jobs, b.jobs, "jobs", l);
    if (b.timeout >= 0) {
        if (a.timeout >= 0) lexer_error(lx, l.start, l.end, "option 'timeout' given twice");
        a.timeout = b.timeout;
    }
    if (b.split.name) {
        if (a.split.name) lexer_error(lx, l.start, l.end, "option 'split' given twice");
        a.split = b.split;
    }
    if (b.policy.name) {
        if (a.policy.name) lexer_error(lx, l.start, l.end, "option 'policy' given twice");
        a.policy = b.policy;
    }
    if (b.envelope.name) {
        if (a.envelope.name) lexer_error(lx, l.start, l.end, "option 'envelope' given twice");
        a.envelope = b.envelope;
    }
    if (b.via.name) {
        if (a.via.name) lexer_error(lx, l.start, l.end, "option 'via' given twice");
        a.via = b.via;
    }
    if (b.trace) a.trace = true;
    return a;
}

static void yyerror(YYLTYPE *loc, Lexer *lx, AstFile *file, const char *msg)
{
    (void)file;
    if (strcmp(msg, "memory exhausted") == 0)
        lexer_error(lx, loc->start, loc->end, "input nested too deeply (more than %d levels)", YYMAXDEPTH / 4);
    else
        lexer_error(lx, loc->start, loc->end, "%s", msg);
}

static bool is_keyword(yysymbol_kind_t sym)
{
    return (sym >= YYSYMBOL_IMPORT && sym <= YYSYMBOL_EXISTS) || sym == YYSYMBOL_MOD || sym == YYSYMBOL_TABLE
           || sym == YYSYMBOL_ATOMS;
}

/* Keywords are quoted in messages ('lattice'); kinds of tokens are not (name, integer). */
static void put_symbol(Buf *b, yysymbol_kind_t sym)
{
    if (is_keyword(sym)) buf_printf(b, "'%s'", yysymbol_name(sym));
    else buf_puts(b, yysymbol_name(sym));
}

/* Syntax errors name the unexpected token and up to four expected ones. */
/* A token that starts what only a .lp file can say (a bound, `=`, `|`, a condition, a
 * comparison), met inside a program block. */
static bool beyond_program_block(yysymbol_kind_t got)
{
    static const char *const marks[] = { "'='", "'|'", "':'", "'<'", "'>'" };
    if (got == YYSYMBOL_INT) return true;
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
        if (strcmp(yysymbol_name(got), marks[i]) == 0) return true;
    return false;
}

/* Could the parser have taken an operand where it met got (a number is among the tokens it
 * expects)?  Then a '[' there was meant to start a list. */
static bool list_for_operand(const yypcontext_t *ctx, yysymbol_kind_t got)
{
    if (strcmp(yysymbol_name(got), "'['") != 0) return false;
    yysymbol_kind_t all[YYNTOKENS];
    int n = yypcontext_expected_tokens(ctx, all, YYNTOKENS);
    for (int i = 0; i < n; i++)
        if (all[i] == YYSYMBOL_INT) return true;
    return false;
}

static int yyreport_syntax_error(const yypcontext_t *ctx, Lexer *lx, AstFile *file)
{
    (void)file;
    if (lx->too_many) return 0;
    const YYLTYPE *loc = yypcontext_location(ctx);
    yysymbol_kind_t expected[5];
    int n = yypcontext_expected_tokens(ctx, expected, 5);
    yysymbol_kind_t got = yypcontext_token(ctx);
    Buf b;
    buf_init(&b);
    if (got == YYSYMBOL_YYEMPTY) buf_puts(&b, "syntax error");
    else { buf_puts(&b, "unexpected "); put_symbol(&b, got); }
    if (n > 0 && n <= 4) {
        buf_puts(&b, ", expected ");
        for (int i = 0; i < n; i++) {
            if (i) buf_puts(&b, i + 1 == n ? " or " : ", ");
            put_symbol(&b, expected[i]);
        }
    }
    for (int i = 0; i < n && is_keyword(got); i++)
        if (expected[i] == YYSYMBOL_IDENT) {
            buf_printf(&b, " ('%s' is a keyword, not a name)", yysymbol_name(got));
            break;
        }
    if (lx->percent_after_code)
        buf_puts(&b, " (note: '%' starts a comment in .fix files; the remainder is 'mod')");
    if (lx->program >= 2 && beyond_program_block(got))
        buf_puts(&b, " (a program block holds ground rules, constraints and choice rules without "
                     "bounds; for bounds, aggregates, disjunction or variables write the program in "
                     "a .lp file: program P from \"file.lp\")");
    if (list_for_operand(ctx, got))
        buf_puts(&b, " (there is no list literal: a collection is made by elements(L), keys(M), "
                     "atoms(L), fixpoints(f), stable(P) or a comprehension over one, "
                     "{x in c | cond} or {e | x in c}; a set of atoms is written {p, q}; "
                     "[lo .. hi] stands only in sup/inf { e | y in [lo .. hi] })");
    uint32_t end = loc->end > loc->start ? loc->end : loc->start + 1;
    if (got == YYSYMBOL_YYEOF) lexer_error_at_end(lx, loc->start, end, buf_cstr(&b));
    else lexer_error(lx, loc->start, end, "%s", buf_cstr(&b));
    buf_free(&b);
    return 0;
}

AstFile *parse_source(Diag *diag, Arena *arena, const Source *src)
{
    Lexer lx;
    lexer_init(&lx, diag, arena, src);
    AstFile *file = arena_alloc(arena, sizeof *file);
    file->src = src;
    yyparse(&lx, file);     /* stack exhaustion (2) was reported by yyerror as too deep */
    size_t kept = 0;
    for (size_t i = 0; i < file->ndecls; i++)
        if (ast_depth_ok(diag, file->decls[i])) file->decls[kept++] = file->decls[i];
        else if (file->decls[i]->name.name) ast_ptrlist_push(arena, &file->dropped, (void *)file->decls[i]->name.name);
    file->ndecls = kept;
    file->syntax_error = lx.errors > 0;
    file->first_error = lx.first_error;
    file->cut_short = lx.cut_short;
    return file;
}
