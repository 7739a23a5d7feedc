/* json.h: the one JSON writer of fix.  A JsonWriter streams a value into a Buf (which may
 * itself stream to a file): objects, arrays, keys and scalars, with the separating commas
 * put in by the writer.  Strings always come out as valid JSON and UTF-8: control characters
 * are escaped and each byte that is not part of well-formed UTF-8 becomes \ufffd. */
#ifndef FIX_JSON_H
#define FIX_JSON_H

#include <stdint.h>

#include "common.h"
#include "util/buf.h"

typedef struct JsonWriter {
    Buf *out;
    unsigned depth;          /* open objects and arrays */
    uint64_t filled;         /* bit d: the container at depth d has an item already */
    bool after_key;          /* a key was written: the next value needs no comma */
} JsonWriter;

void json_init(JsonWriter *w, Buf *out);

void json_begin_object(JsonWriter *w);
void json_end_object(JsonWriter *w);
void json_begin_array(JsonWriter *w);
void json_end_array(JsonWriter *w);
void json_key(JsonWriter *w, const char *key);      /* inside an object, before its value */

void json_string(JsonWriter *w, const char *s);
void json_stringn(JsonWriter *w, const char *s, size_t n);   /* n bytes, NUL included */
void json_int(JsonWriter *w, long long v);
void json_uint(JsonWriter *w, size_t v);
void json_double(JsonWriter *w, double d);       /* shortest exact text; NaN, inf: null */
void json_fixed(JsonWriter *w, double d, int decimals);      /* d finite, e.g. seconds */
void json_bool(JsonWriter *w, bool b);
void json_null(JsonWriter *w);
/* A value the caller writes itself into the returned Buf (exactly one JSON value), e.g. a
 * lattice element through its kind's json printer. */
Buf *json_value(JsonWriter *w);

/* A key and its value in one call. */
void json_key_string(JsonWriter *w, const char *key, const char *s);
void json_key_uint(JsonWriter *w, const char *key, size_t v);
void json_key_bool(JsonWriter *w, const char *key, bool b);

/* JSON text (n bytes) made safe to stand inside an HTML <script> element, still the same
 * JSON: '<', '>' and '&' as \u003c, \u003e, \u0026 (so no text closes the element or opens
 * a comment), U+2028 and U+2029 as \u2028, \u2029.  Outside strings JSON has none of these,
 * so only strings change.  Every byte of user text the HTML page embeds goes through it. */
void json_put_script_safe(Buf *out, const char *json, size_t n);

/* A JSON string straight into a Buf, for printers that write a value themselves. */
void json_put_string(Buf *b, const char *s);
void json_put_stringn(Buf *b, const char *s, size_t n);

#endif
