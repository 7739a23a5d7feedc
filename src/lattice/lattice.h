/* lattice.h: the one lattice vtable every lattice kind implements, and helpers on elements
 * and intervals that work for every kind.  The AFT engine only ever sees this interface. */
#ifndef FIX_LATTICE_H
#define FIX_LATTICE_H

#include "common.h"
#include "util/buf.h"
#include "util/rng.h"

typedef struct Lattice Lattice;

/* How Decompose chooses where to split an interval [lo, hi]. */
typedef enum {
    SPLIT_WIDEST,   /* product/map: the component of largest height; powerset: lowest free atom */
    SPLIT_FIRST,    /* the first component (or atom) that can be split */
    SPLIT_LAST,     /* the last one */
    SPLIT_RANDOM,   /* a pseudo-random one (seeded, reproducible) */
} SplitStrategy;

typedef struct SplitCtx {
    SplitStrategy strategy;
    Rng *rng;                  /* used by SPLIT_RANDOM; may be NULL otherwise */
} SplitCtx;

typedef struct LatticeOps {
    const char *kind;          /* "powerset", "chain", "range", "real", "product", "map", "finite", "dual" */
    bool (*leq)(const Lattice *L, const Word *a, const Word *b);
    bool (*eq)(const Lattice *L, const Word *a, const Word *b);
    void (*join)(const Lattice *L, Word *out, const Word *a, const Word *b);   /* out may alias a or b */
    void (*meet)(const Lattice *L, Word *out, const Word *a, const Word *b);
    void (*bot)(const Lattice *L, Word *out);
    void (*top)(const Lattice *L, Word *out);
    /* log2 of the number of elements of [lo, hi] (lo <= hi).  Real lattices count the points
     * of the tolerance grid: (hi - lo) / tol + 1. */
    double (*log2_size)(const Lattice *L, const Word *lo, const Word *hi);
    /* Height of [lo, hi]: the longest chain from lo to hi (reals: (hi - lo) / tol). */
    double (*height)(const Lattice *L, const Word *lo, const Word *hi);
    /* True when [lo, hi] is a single element (reals: narrower than the tolerance). */
    bool (*is_point)(const Lattice *L, const Word *lo, const Word *hi);
    /* True when the set union of [lo1,hi1] and [lo2,hi2] is itself an interval. */
    bool (*union_is_interval)(const Lattice *L, const Word *lo1, const Word *hi1,
                              const Word *lo2, const Word *hi2);
    /* Split [lo, hi] into [lo1,hi1] u [lo2,hi2] = [lo, hi], both strictly smaller, disjoint
     * where the kind allows (reals share the midpoint).  False when it cannot be split. */
    bool (*decompose)(const Lattice *L, const Word *lo, const Word *hi, const SplitCtx *how,
                      Word *lo1, Word *hi1, Word *lo2, Word *hi2);
    /* Enumeration of [lo, hi]: start at lo, then next() steps cur to its successor in some
     * fixed order and returns false after the last one.  Only for finite lattices. */
    bool (*next)(const Lattice *L, const Word *lo, const Word *hi, Word *cur);
    void (*print)(const Lattice *L, const Word *a, Buf *out);
    void (*json)(const Lattice *L, const Word *a, Buf *out);
    void (*random)(const Lattice *L, Rng *rng, Word *out);     /* any element; for tests */
    void (*destroy)(Lattice *L);                               /* frees kind data, not children */
} LatticeOps;

/* A declared or structural lattice.  Children (product parts, map values, dual base) are
 * owned by the LatticeTable that made them, not by their parent. */
struct Lattice {
    const LatticeOps *ops;
    const char *name;          /* the declared name, or NULL for a structural lattice */
    size_t nwords;             /* words per element */
    bool finite;               /* finitely many elements: enumerable */
    double log2_card;          /* log2 of the number of elements (INFINITY when not finite) */
    union {
        struct { size_t n; char **names; } set;            /* powerset atoms / chain elements */
        struct { int64_t lo, hi; } range;
        struct { double lo, hi, tol; } real;
        struct { size_t n; Lattice **parts; size_t *offset; } product;
        /* a map is a product of n copies of value: its first three fields are product's */
        struct { size_t n; Lattice **parts; size_t *offset; char **keys; Lattice *value; } map;
        struct {
            size_t n; char **names;
            uint8_t *leq;        /* n*n: leq[i*n+j] = i <= j */
            uint16_t *join_tab;  /* n*n */
            uint16_t *meet_tab;  /* n*n */
            uint16_t bot, top;
        } fin;
        struct { Lattice *base; } dual;
    } u;
};

/* Constructors, one per kind (each kind's file).  Names are copied.  The finite constructor
 * returns NULL and fills err (e.g. "no join for a and b") when the covers are not a lattice. */
Lattice *lattice_powerset_new(const char *const *atoms, size_t n);
Lattice *lattice_chain_new(const char *const *elems, size_t n);
Lattice *lattice_range_new(int64_t lo, int64_t hi);
Lattice *lattice_real_new(double lo, double hi, double tol);
Lattice *lattice_product_new(Lattice *const *parts, size_t n);
Lattice *lattice_map_new(const char *const *keys, size_t n, Lattice *value);
Lattice *lattice_finite_new(const char *const *names, size_t n,
                            const size_t (*covers)[2], size_t ncovers, Buf *err);
Lattice *lattice_dual_new(Lattice *base);

/* Limits the constructors enforce (a caller reports them as errors). */
enum { LATTICE_FINITE_MAX = 1024, LATTICE_PRODUCT_MAX = 4096 };

void lattice_free(Lattice *L);

/* Generic helpers, implemented once in lattice.c. */
Word *lattice_elem_new(const Lattice *L);                          /* zeroed, mem_free it */
/* n zeroed elements in one block: *slots[i] = the i-th; mem_free(*slots[0]) frees them all. */
void lattice_elems_new(const Lattice *L, size_t n, Word **const slots[]);
void lattice_copy(const Lattice *L, Word *dst, const Word *src);
bool lattice_interval_valid(const Lattice *L, const Word *lo, const Word *hi);   /* lo <= hi */
bool lattice_in_interval(const Lattice *L, const Word *x, const Word *lo, const Word *hi);
bool lattice_interval_subset(const Lattice *L, const Word *lo1, const Word *hi1,
                             const Word *lo2, const Word *hi2);   /* [1] inside [2] */
void lattice_print_interval(const Lattice *L, const Word *lo, const Word *hi, Buf *out);
char *lattice_to_string(const Lattice *L, const Word *a);         /* mem_free it */
void lattice_describe(const Lattice *L, Buf *out);                /* the type, e.g. "U * U" */
/* "Cnt = range 0..16" (the name only when declared): for range and value messages. */
void lattice_describe_bounds(const Lattice *L, Buf *out);
/* Index of an atom/element/key name in a powerset, chain, finite lattice or map; -1 if none. */
long lattice_name_index(const Lattice *L, const char *name);
/* The name of atom i of a powerset, or of key i of a map; NULL for other kinds or out of range. */
const char *lattice_atom_name(const Lattice *L, size_t i);

/* Sizes are kept as log2 (a powerset of 10^5 atoms has 2^100000 subsets).  Print one exactly
 * when it is below 2^53, else as 2^x. */
void lattice_print_log2_size(double log2_size, Buf *out);
double log2_add(double a, double b);          /* log2(2^a + 2^b) */

#endif
