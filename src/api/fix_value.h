/* fix_value.h: the values of the C API (fix.h's fix_value) made from lattice elements and
 * typed VM values, each a tree the result owns. */
#ifndef FIX_API_VALUE_H
#define FIX_API_VALUE_H

#include "api/fix.h"
#include "common.h"
#include "code/types.h"
#include "util/json.h"

struct fix_value {
    fix_value_kind kind;
    int64_t i;               /* BOOL, INT */
    double r;                /* REAL */
    char *name;              /* NAME */
    size_t n;                /* SET, TUPLE, MAP, LIST, INTERVAL: items */
    fix_value **items;
    char **keys;             /* MAP: n keys */
};

/* An element of L (words x). */
fix_value *fix_value_of_element(const Lattice *L, const Word *x);
/* A value of static type t (a show's, an lfp's). */
fix_value *fix_value_of_typed(const Type *t, const Word *v);
fix_value *fix_value_interval(const Lattice *L, const Word *lo, const Word *hi);
/* A value of kind with room for n items (and n keys for a MAP), all NULL. */
fix_value *fix_value_new(fix_value_kind kind, size_t n);
fix_value *fix_value_new_name(const char *name);
void fix_value_free(fix_value *v);
/* v as tagged JSON (fix.h, fix_result_typed_json): NULL as null. */
void fix_value_write(JsonWriter *w, const fix_value *v);

#endif
