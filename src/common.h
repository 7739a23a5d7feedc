/* common.h: types and macros every file of fix includes first. */
#ifndef FIX_COMMON_H
#define FIX_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A lattice element is a flat array of 64-bit words; its length is fixed by
 * its lattice (Lattice.nwords).  Reals are stored as the bits of a double,
 * integers as two's complement. */
typedef uint64_t Word;

static inline Word word_from_double(double d) { Word w; memcpy(&w, &d, sizeof w); return w; }
static inline double word_to_double(Word w) { double d; memcpy(&d, &w, sizeof d); return d; }
static inline Word word_from_int(int64_t i) { return (Word)i; }
static inline int64_t word_to_int(Word w) { return (int64_t)w; }

#define FIX_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define FIX_UNUSED(x) ((void)(x))

#if defined(__GNUC__)
#define FIX_NORETURN __attribute__((noreturn))
#define FIX_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define FIX_NORETURN
#define FIX_PRINTF(f, a)
#endif

/* Interpretation results, mapped to exit codes by main (0, 1, 1, 2). */
#define FIX_VERSION "0.1.0"

typedef enum { FIX_OK = 0, FIX_COMPILE_ERROR, FIX_RUNTIME_ERROR, FIX_USAGE_ERROR, FIX_INTERRUPTED } FixResult;

#endif
