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

/* Every lattice kind, one row each: its enum constant and the word that names it (in its
 * syntax and in messages).  Adding a kind adds a row here. */
#define LATTICE_KINDS(X)                  \
    X(LATTICE_POWERSET, "powerset")       \
    X(LATTICE_CHAIN, "chain")             \
    X(LATTICE_RANGE, "range")             \
    X(LATTICE_REAL, "real")               \
    X(LATTICE_PRODUCT, "product")         \
    X(LATTICE_MAP, "map")                 \
    X(LATTICE_FINITE, "finite")           \
    X(LATTICE_DUAL, "dual")

typedef enum {
#define LATTICE_KIND_ENUM(id, word) id,
    LATTICE_KINDS(LATTICE_KIND_ENUM)
#undef LATTICE_KIND_ENUM
    LATTICE_KIND_COUNT
} LatticeKind;

typedef struct LatticeOps {
    LatticeKind kind;
    bool (*leq)(const Lattice *L, const Word *a, const Word *b);
    bool (*eq)(const Lattice *L, const Word *a, const Word *b);
    /* A hash of an element: eq elements hash alike (sets and look-ups of elements). */
    uint64_t (*hash)(const Lattice *L, const Word *a);
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

    /* The structure as the type is written, e.g. "range 0..3" (lattice_describe adds names). */
    void (*describe)(const Lattice *L, Buf *out);
    bool infix;                /* described infix ("A * B"): parenthesized inside another type */
    /* Same structure as b, a lattice of the same kind and width; parts, values and bases are
     * compared with lattice_equal.  Only lattice_equal calls it. */
    bool (*same)(const Lattice *L, const Lattice *b);

    /* Optional entries: NULL when the kind has no such thing.  Callers use the lattice_*
     * accessors below, never the entries or a kind's data. */
    const char *const *(*names)(const Lattice *L, size_t *n);   /* atoms, elements or keys */
    size_t (*nparts)(const Lattice *L);                          /* components */
    const Lattice *(*part)(const Lattice *L, size_t i, size_t *offset);
    const Lattice *(*inner)(const Lattice *L);                   /* dual base, map value */
    void (*int_bounds)(const Lattice *L, int64_t *lo, int64_t *hi);
    void (*real_bounds)(const Lattice *L, double *lo, double *hi);
    double (*tolerance)(const Lattice *L);
    void (*describe_bounds)(const Lattice *L, Buf *out);         /* "range 0..3", "real [0, 1]" */
    /* The upper covers of x (the y > x with nothing strictly between), one a call: *pos
     * starts at 0 and is the kind's own cursor (below 2^32 for kinds without parts); false
     * when none is left.  NULL for kinds that cannot list them (reals, duals). */
    bool (*next_cover)(const Lattice *L, const Word *x, uint64_t *pos, Word *out);
} LatticeOps;

/* The entries every kind defines as PREFIX_leq, PREFIX_eq, ... in its own file: a kind's ops
 * table is { .kind = ..., LATTICE_OPS_CORE(prefix), ...what differs between kinds }. */
#define LATTICE_OPS_CORE(p)                                                                    \
    .leq = p##_leq, .eq = p##_eq, .hash = p##_hash, .join = p##_join, .meet = p##_meet, .bot = p##_bot,          \
    .top = p##_top, .log2_size = p##_log2_size, .height = p##_height, .is_point = p##_is_point,  \
    .union_is_interval = p##_union_is_interval, .decompose = p##_decompose, .next = p##_next,  \
    .random = p##_random, .destroy = p##_destroy

/* A declared or structural lattice: only what every kind has.  Each kind's file allocates a
 * larger struct that starts with this one and keeps its own data after it, read by nobody
 * else.  Children (product parts, map values, dual base) are owned by the table that made
 * them, not by their parent. */
struct Lattice {
    const LatticeOps *ops;
    const char *name;          /* the declared name, or NULL for a structural lattice */
    size_t nwords;             /* words per element */
    bool finite;               /* finitely many elements: enumerable */
    double log2_card;          /* log2 of the number of elements (INFINITY when not finite) */
};

/* Constructors, one per kind (each kind's file).  Names are copied.  The finite constructor
 * returns NULL and fills err (e.g. "no join for a and b") when the covers are not a lattice. */
Lattice *lattice_powerset_new(const char *const *atoms, size_t n);
/* The same, taking over `names` instead of copying: one allocation holding the n pointers
 * and the strings they point to (lattice_names_copy's layout), freed with the lattice. */
Lattice *lattice_powerset_adopt(char **names, size_t n);
/* Names made when first asked for: name(ctx, i, out) is the length of atom i's name and,
 * when out is not NULL, writes it there with its NUL.  ctx must outlive the lattice. */
typedef struct LatticeNamer {
    size_t (*name)(const void *ctx, size_t i, char *out);
    const void *ctx;
} LatticeNamer;
/* A powerset of n atoms named by namer only once something asks for its names (a large
 * powerset whose names are never printed costs no copy of them). */
Lattice *lattice_powerset_named(size_t n, LatticeNamer namer);
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
/* A zeroed lattice of `size` bytes (a kind's struct, which starts with a Lattice) for ops. */
Lattice *lattice_alloc(size_t size, const LatticeOps *ops);

static inline LatticeKind lattice_kind(const Lattice *L) { return L->ops->kind; }
const char *lattice_kind_word(LatticeKind kind);                  /* "powerset", ... */

/* The one lattice equality: the same lattice, or, unless both are declared (declared
 * lattices are distinct by name), the same kind and structure, parts compared alike.  So
 * `U * U` in a parameter type accepts a P2 = U * U. */
bool lattice_equal(const Lattice *a, const Lattice *b);

/* What callers may ask of a kind (each answered by the kind's own file). */
/* Names of the atoms (powerset), elements (chain, finite) or keys (map); NULL and n = 0 for
 * other kinds. */
const char *const *lattice_names(const Lattice *L, size_t *n);
size_t lattice_name_count(const Lattice *L);
/* Components of a product or map (a map has one per key); 0 for other kinds. */
size_t lattice_nparts(const Lattice *L);
/* Can the upper covers of every element be listed (lattice_next_cover)?  Finite kinds other
 * than duals, and products and maps of those. */
bool lattice_has_covers(const Lattice *L);
/* The next upper cover of x into out (see LatticeOps.next_cover); *pos starts at 0. */
bool lattice_next_cover(const Lattice *L, const Word *x, uint64_t *pos, Word *out);
/* Component i (i < lattice_nparts) and its first word within an element. */
const Lattice *lattice_part(const Lattice *L, size_t i);
size_t lattice_part_offset(const Lattice *L, size_t i);
/* The one lattice L is built over: a dual's base, a map's value lattice; NULL otherwise. */
const Lattice *lattice_inner(const Lattice *L);
/* The ends of a range; false for other kinds. */
bool lattice_int_bounds(const Lattice *L, int64_t *lo, int64_t *hi);
/* The ends of a real interval; false for other kinds. */
bool lattice_real_bounds(const Lattice *L, double *lo, double *hi);
/* The grid step below which a real interval is a point; 0 for other kinds. */
double lattice_tolerance(const Lattice *L);

/* chunks.c: the chunks of the enumeration of [bot, top], intervals whose enumerations, one
 * after the other, are that of [bot, top].  A powerset is halved by its last free atom (its
 * enumeration counts with the first atom fastest), a range or chain by its upper half, a
 * product or map (the first component fastest) by the last component that can be split;
 * lattice_cuts_in_order says whether L is made of those alone (other kinds are not cut in
 * order).  lattice_enum_chunks halves every chunk `levels` times while the first keeps at
 * least 2^min_log2 elements; the chunks (lo then hi, 2 nwords each) go into *out (mem_free
 * it); returns their number. */
bool lattice_cuts_in_order(const Lattice *L);
size_t lattice_enum_chunks(const Lattice *L, unsigned levels, double min_log2, Word **out);

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
/* The structure even of a declared lattice ("chain {low, high}", not its name); its parts
 * are described as lattice_describe does. */
void lattice_describe_structure(const Lattice *L, Buf *out);
/* "Cnt = range 0..16" (the name only when declared): for range and value messages. */
void lattice_describe_bounds(const Lattice *L, Buf *out);
/* "value 17 is outside Cnt = range 0..16": a number v (a double when real) stored into the
 * range or real lattice L, for the runtime errors of the evaluators. */
void lattice_describe_outside(const Lattice *L, Word v, bool real, Buf *out);
/* Index of an atom/element/key name in a powerset, chain, finite lattice or map; -1 if none. */
long lattice_name_index(const Lattice *L, const char *name);
/* Name i of lattice_names (an atom of a powerset, a key of a map, ...); NULL out of range. */
const char *lattice_atom_name(const Lattice *L, size_t i);
/* Are elements bitsets ordered by inclusion (a powerset)?  Then order, equality, points and
 * unions of intervals can be decided a word at a time, on the words where they differ. */
bool lattice_is_bitset(const Lattice *L);

/* ---- for the kinds' own files only ---- */

/* The hash of one word, and of a word folded into a running hash h (a kind's hash entry). */
uint64_t lattice_hash_word(uint64_t w);
static inline uint64_t lattice_hash_more(uint64_t h, uint64_t w) { return lattice_hash_word(h ^ w) + 0x9e3779b97f4a7c15u; }

/* For the kinds' describe entries: "{a, b, ... (n in all)}" (at most 8 names shown), and a
 * lattice as an operand of another type (an infix one parenthesized). */
void lattice_describe_names(const char *const *names, size_t n, Buf *out);
void lattice_describe_operand(const Lattice *L, Buf *out);
/* A describe entry for kinds known by their names: the kind's word and lattice_names. */
void lattice_describe_by_names(const Lattice *L, Buf *out);
/* For kinds with named elements, atoms or keys: an owned copy of n names (one block), and its
 * release. */
char **lattice_names_copy(const char *const *names, size_t n);
void lattice_names_free(char **names, size_t n);
/* For the kinds' same entries: the same names (lattice_names) in the same order. */
bool lattice_same_names(const Lattice *a, const Lattice *b);

/* Sizes are kept as log2 (a powerset of 10^5 atoms has 2^100000 subsets).  Print one exactly
 * when it is below 2^53, else as 2^x. */
void lattice_print_log2_size(double log2_size, Buf *out);
double lattice_log2_add(double a, double b);          /* log2(2^a + 2^b) */

#endif
