/* lexer.re: the scanner of .fix files (re2c).  It runs over the in-memory source, which ends
 * in a NUL sentinel; token locations are byte offsets.  Depends on the parser's token header. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "front/lexer.h"
#include "parser.h"

void lexer_init(Lexer *lx, Diag *diag, Arena *arena, const Source *src)
{
    lx->src = src;
    lx->cur = src->text;
    lx->lim = src->text + src->len;
    lx->arena = arena;
    lx->diag = diag;
    lx->prev = 0;
    lx->decl_name = NULL;
    lx->errors = 0;
    lx->first_error = 0;
    lx->cut_short = false;
    lx->too_many = false;
    lx->percent_after_code = false;
    lx->program = 0;
}

/* Is there code before `at` on its line? */
static bool code_before_on_line(const Lexer *lx, const char *at)
{
    for (const char *p = at; p > lx->src->text && p[-1] != '\n';)
        if (!strchr(" \t\r\f\v", *--p)) return true;
    return false;
}

void lexer_error(Lexer *lx, uint32_t start, uint32_t end, const char *fmt, ...)
{
    if (lx->too_many) return;
    if (lx->errors >= LEXER_MAX_ERRORS) {
        lx->too_many = true;
        Loc loc = { lx->src, start, end };
        diag_error(lx->diag, loc, "too many errors, giving up on this file");
        return;
    }
    if (lx->errors++ == 0) lx->first_error = start;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    Loc loc = { lx->src, start, end };
    diag_error(lx->diag, loc, "%s", msg);
}

void lexer_error_at_end(Lexer *lx, uint32_t start, uint32_t end, const char *msg)
{
    if (lx->errors == 0 && !lx->too_many) lx->cut_short = true;
    lexer_error(lx, start, end, "%s", msg);
}

static uint32_t offset_of(const Lexer *lx, const char *p) { return (uint32_t)(p - lx->src->text); }

/* A string literal's contents with \" \\ \n \t escapes resolved. */
static char *unescape(Lexer *lx, const char *from, const char *to)
{
    char *out = arena_alloc(lx->arena, (size_t)(to - from) + 1);
    size_t n = 0;
    for (const char *p = from; p < to; p++) {
        if (*p == '\\' && p + 1 < to) {
            p++;
            out[n++] = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p;
        } else {
            out[n++] = *p;
        }
    }
    out[n] = '\0';
    return out;
}

/* The keywords, in byte order of their words (tests/check-keywords.sh checks the order): an
 * identifier is looked up by binary search, since a program block's atoms make identifiers
 * the bulk of a large file. */
static int keyword(const char *s, size_t n)
{
    static const struct { const char *word; int token; } table[] = {
        { "and", AND }, { "antitone", ANTITONE }, { "approx", APPROX }, { "atoms", ATOMS },
        { "bnb", BNB }, { "bot", BOT }, { "budget", BUDGET }, { "chain", CHAIN },
        { "check", CHECK }, { "count", COUNT }, { "dual", DUAL }, { "else", ELSE },
        { "envelope", ENVELOPE }, { "exists", EXISTS }, { "false", FALSE }, { "finite", FINITE },
        { "fixpoints", FIXPOINTS }, { "fn", FN }, { "forall", FORALL }, { "from", FROM },
        { "galois", GALOIS }, { "gfp", GFP }, { "if", IF }, { "import", IMPORT }, { "in", IN },
        { "inf", INF }, { "inter", INTER }, { "jobs", JOBS }, { "join", JOIN },
        { "lattice", LATTICE }, { "let", LET }, { "lfp", LFP }, { "map", MAP }, { "meet", MEET },
        { "minus", MINUSKW }, { "mod", MOD }, { "models", MODELS }, { "monotone", MONOTONE },
        { "not", NOT }, { "or", OR }, { "policy", POLICY }, { "powerset", POWERSET },
        { "program", PROGRAM }, { "range", RANGE }, { "real", REALKW }, { "refine", REFINE },
        { "rounds", ROUNDS }, { "show", SHOW }, { "split", SPLIT }, { "stable", STABLE },
        { "steps", STEPS }, { "sup", SUP }, { "table", TABLE }, { "then", THEN },
        { "timeout", TIMEOUT }, { "tolerance", TOLERANCE }, { "top", TOP }, { "trace", TRACE },
        { "true", TRUE }, { "union", UNION }, { "via", VIA },
    };
    size_t lo = 0, hi = FIX_ARRAY_LEN(table);
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const char *w = table[mid].word;
        int c = strncmp(s, w, n);          /* s holds no NUL: it stops at w's end at the latest */
        if (c == 0 && w[n]) c = -1;        /* s is a prefix of the longer w */
        if (c == 0) return table[mid].token;
        if (c < 0) hi = mid;
        else lo = mid + 1;
    }
    return 0;
}

static int scan(Lexer *lx, YYSTYPE *val, YYLTYPE *loc)
{
    const char *YYMARKER;
    for (;;) {
        const char *tok = lx->cur;
        loc->start = offset_of(lx, tok);
#define TOKEN(t) do { loc->end = offset_of(lx, lx->cur); return (t); } while (0)
        /*!re2c
        re2c:define:YYCTYPE = "unsigned char";
        re2c:define:YYCURSOR = "lx->cur";
        re2c:yyfill:enable = 0;
        re2c:flags:utf-8 = 0;

        digits = [0-9]+;
        exp = [eE] [+-]? digits;
        ident = [a-zA-Z_] [a-zA-Z0-9_']*;

        "\x00" {
            if (tok >= lx->lim) { lx->cur = tok; loc->end = loc->start; return END; }
            lexer_error(lx, loc->start, loc->start + 1, "unexpected NUL byte");
            if (lx->too_many) { lx->cur = lx->lim; loc->end = loc->start; return END; }
            continue;
        }
        [ \t\r\n\f\v]+ { continue; }
        "//" [^\n\x00]* { continue; }
        "%" [^\n\x00]* {
            if (code_before_on_line(lx, tok)) lx->percent_after_code = true;
            continue;
        }
        "#" [a-zA-Z] [^\n\x00]* {
            if (lx->program >= 2) {            /* inside program P { }: a gringo directive */
                size_t n = 1;
                while (isalpha((unsigned char)tok[n])) n++;
                lexer_error(lx, loc->start, loc->start + (uint32_t)n, "'%.*s' inside a program block, which takes "
                            "ground rules only ('#' starts a comment in a .fix file): write directives in a .lp file "
                            "and use `program P from \"FILE.lp\";`", (int)n, tok);
                for (const char *p = tok + n; p < lx->cur; p++)     /* the rest of its line is read on */
                    if (*p == '.' && (p + 1 == lx->cur || isspace((unsigned char)p[1]) || p[1] == '}')) {
                        lx->cur = p + 1;
                        break;
                    }
            }
            continue;
        }
        "#" [^\n\x00]* { continue; }
        "/*" {
            const char *end = strstr(lx->cur, "*/");
            if (!end || end >= lx->lim) {
                lexer_error_at_end(lx, loc->start, loc->start + 2, "unterminated comment");
                lx->cur = lx->lim;
            } else {
                lx->cur = end + 2;
            }
            continue;
        }
        digits {
            errno = 0;
            long long v = strtoll(tok, NULL, 10);
            if (errno == ERANGE) lexer_error(lx, loc->start, offset_of(lx, lx->cur), "integer too large");
            val->i = v;
            TOKEN(INT);
        }
        digits "." digits exp? | digits exp {
            if (lx->prev == '.') {            /* x.1.2 is two projections */
                const char *dot = memchr(tok, '.', (size_t)(lx->cur - tok));
                if (dot) {
                    lx->cur = dot;
                    val->i = strtoll(tok, NULL, 10);
                    TOKEN(INT);
                }
            }
            errno = 0;
            val->r = strtod(tok, NULL);
            if (errno == ERANGE && isinf(val->r))
                lexer_error(lx, loc->start, offset_of(lx, lx->cur), "number too large (beyond about 1.8e308)");
            TOKEN(REAL);
        }
        ident {
            size_t n = (size_t)(lx->cur - tok);
            int kw = keyword(tok, n);
            if (kw) TOKEN(kw);
            val->s = arena_strndup(lx->arena, tok, n);
            TOKEN(IDENT);
        }
        ["] ([^"\\\n\x00] | "\\" [^\n\x00])* ["] {
            val->s = unescape(lx, tok + 1, lx->cur - 1);
            TOKEN(STRING);
        }
        ["] {
            while (*lx->cur && *lx->cur != '\n') lx->cur++;     /* a string ends with its line */
            if (lx->cur >= lx->lim) lexer_error_at_end(lx, loc->start, loc->start + 1, "unterminated string");
            else lexer_error(lx, loc->start, loc->start + 1, "unterminated string");
            continue;
        }
        ".." { TOKEN(DOTDOT); }
        "->" { TOKEN(ARROW); }
        "=>" { TOKEN(FATARROW); }
        "<=" { TOKEN(LE); }
        ">=" { TOKEN(GE); }
        "==" { TOKEN(EQ); }
        "!=" { TOKEN(NE); }
        ":-" { TOKEN(IMPLIEDBY); }
        [{}()[\],;:.=<>+\-*/|] { TOKEN((unsigned char)*tok); }
        * {
            unsigned char c = (unsigned char)*tok;
            if (c >= 0x20 && c < 0x7f)
                lexer_error(lx, loc->start, loc->start + 1, "unexpected character '%c'", c);
            else
                lexer_error(lx, loc->start, loc->start + 1, "unexpected byte 0x%02x", c);
            if (lx->too_many) { lx->cur = lx->lim; loc->end = loc->start; return END; }
            continue;
        }
        */
#undef TOKEN
    }
}

/* Follows `program NAME { ... }` (choice rules nest braces inside it) through token t. */
static void track_program(Lexer *lx, int t)
{
    if (t == PROGRAM) lx->program = 1;
    else if (lx->program == 1 && t == '{') lx->program = 2 + 1;
    else if (lx->program == 1 && (t == ';' || t == FROM)) lx->program = 0;
    else if (lx->program >= 2 && t == '{') lx->program++;
    else if (lx->program >= 2 && t == '}') lx->program--;
    else if (t == BLOCK_END) lx->program = 0;
    else if (t == END) lx->program = 0;
}

int yylex(YYSTYPE *val, YYLTYPE *loc, Lexer *lx)
{
    if (diag_interrupted(lx->diag)) {      /* a signal: the input ends here, quietly */
        lx->too_many = true;
        lx->cur = lx->lim;
    }
    int t = scan(lx, val, loc);
    if (t == '}' && lx->program == 3) t = BLOCK_END;   /* the brace that closes a program block */
    if (t == IDENT && (lx->prev == FN || lx->prev == LATTICE || lx->prev == ENVELOPE
                       || lx->prev == GALOIS || lx->prev == PROGRAM))
        lx->decl_name = val->s;
    lx->prev = t;
    track_program(lx, t);
    if (t == ';') lx->percent_after_code = false;
    return t;
}
