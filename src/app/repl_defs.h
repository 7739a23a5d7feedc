/* repl_defs.h: what a REPL session has declared, kept as source text one declaration at a
 * time, so that a name can be declared again (the session is rebuilt from the texts with the
 * new declaration in the old one's place, and what comes after it is checked again), a :load
 * that fails leaves the session as it was, and :reload reads the loaded files again. */
#ifndef FIX_REPL_DEFS_H
#define FIX_REPL_DEFS_H

#include "app/run.h"

typedef struct ReplDefs ReplDefs;

ReplDefs *repl_defs_new(void);
void repl_defs_free(ReplDefs *d);
/* :reset: forgets every declaration (the session's context is reset by the caller). */
void repl_defs_clear(ReplDefs *d);

/* Runs an entry (a source registered in the session's Diag), queries included.  When it
 * declares a name again, the session is rebuilt with the new declaration in the old one's
 * place; when that fails, the session is left as it was. */
void repl_defs_run_entry(ReplDefs *d, Session *s, const Source *src);
/* :load FILE: loads and runs it; after an error the session is as it was (false), which
 * a note says when note is set. */
bool repl_defs_load(ReplDefs *d, Session *s, const char *path, bool note);
/* :reload: every loaded file read again, in its place among the entries; after an error the
 * session is as it was (false). */
bool repl_defs_reload(ReplDefs *d, Session *s);

#endif
