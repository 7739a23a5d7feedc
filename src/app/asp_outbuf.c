/* asp_outbuf.c: what every layout of `fix asp`'s output writes through (asp_out.h): the line
 * being made and its writing to standard output (a failed write remembered, nothing written
 * after it), a JSON object of the --json lines, and the names of atoms, blank-separated or
 * as JSON strings.  asp_out.c (clingo's text layout and the JSON lines) and asp_outf.c
 * (clingo's JSON layout) use them. */
#include "app/asp_out.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "util/outfile.h"

void asp_out_flush(AspOut *o)
{
    errno = 0;
    if (o->line.len && !o->silent && !o->write_errno && fwrite(o->line.data, 1, o->line.len, stdout) != o->line.len)
        o->write_errno = errno ? errno : EIO;
    buf_clear(&o->line);
}

bool asp_out_check(AspOut *o, Buf *err)
{
    if (!o->write_errno) return outfile_check(stdout, "standard output", 0, err);
    outfile_error(err, "standard output", o->write_errno);
    return false;
}

void asp_out_begin(AspOut *o, const char *kind)
{
    json_init(&o->w, &o->line);
    json_begin_object(&o->w);
    json_key_string(&o->w, "kind", kind);
}

void asp_out_end(AspOut *o)
{
    json_end_object(&o->w);
    buf_putc(&o->line, '\n');
    asp_out_flush(o);
}

/* The names' bytes counted first and reserved at once: a model's line of millions of models
 * costs a copy per name, not a check of the room per byte. */
void asp_out_names(Buf *out, const AspProgram *p, const AspAtom *atoms, size_t n, bool dot)
{
    if (!n) return;
    size_t len = n - 1 + (dot ? n : 0);
    for (size_t i = 0; i < n; i++) len += asp_atom_name_len(p, atoms[i]);
    char *at = buf_grow(out, len);
    for (size_t i = 0; i < n; i++) {
        size_t k = asp_atom_name_len(p, atoms[i]);
        if (i) *at++ = ' ';
        if (k) memcpy(at, asp_atom_name(p, atoms[i]), k);
        at += k;
        if (dot) *at++ = '.';
    }
}

void asp_out_atoms(AspOut *o, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    if (!o->json && !o->clingo_json) {
        asp_out_names(&o->line, p, atoms, n, o->competition);
        return;
    }
    for (size_t i = 0; i < n; i++)
        json_stringn(&o->w, asp_atom_name(p, atoms[i]), asp_atom_name_len(p, atoms[i]));
}

void asp_out_atom_array(AspOut *o, const char *key, const AspProgram *p, const AspAtom *atoms,
                        size_t n)
{
    json_key(&o->w, key);
    json_begin_array(&o->w);
    asp_out_atoms(o, p, atoms, n);
    json_end_array(&o->w);
}
