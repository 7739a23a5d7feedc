/* mem.h: the one allocation chokepoint (aborts cleanly on out-of-memory) and arenas. */
#ifndef FIX_MEM_H
#define FIX_MEM_H

#include "common.h"

void *mem_alloc(size_t size);                 /* never NULL */
void *mem_calloc(size_t n, size_t size);      /* never NULL, zeroed */
void *mem_realloc(void *p, size_t size);      /* never NULL */
/* Zeroed, aligned to MEM_LINE bytes and padded to a whole number of them, so that no other
 * block shares its cache lines: for state that one thread of --jobs N writes on a hot path
 * (a VM, a worker's scratch elements), which would otherwise slow the thread next door
 * (false sharing).  Freed with mem_free. */
enum { MEM_LINE = 128 };
void *mem_calloc_lines(size_t n, size_t size);
char *mem_strdup(const char *s);
char *mem_strndup(const char *s, size_t n);
void mem_free(void *p);
/* Reports that `size` bytes could not be had and exits (a size past what an index can
 * address counts as such). */
FIX_NORETURN void mem_fail(size_t size);
/* Frees n blocks (NULL ones too); MEM_FREE_ALL(a, b, v.items) for a struct that owns many. */
void mem_free_n(void *const blocks[], size_t n);
#define MEM_FREE_ALL(...) \
    mem_free_n((void *const[]){ __VA_ARGS__ }, sizeof((void *const[]){ __VA_ARGS__ }) / sizeof(void *))

/* Growable arrays: pointer/count/capacity, grown by doubling. */
#define VEC(T) struct { T *items; size_t count, cap; }
#define VEC_PUSH(v, x) do { \
        if ((v).count == (v).cap) { \
            (v).cap = (v).cap ? (v).cap * 2 : 8; \
            (v).items = mem_realloc((v).items, (v).cap * sizeof *(v).items); \
        } \
        (v).items[(v).count++] = (x); \
    } while (0)
#define VEC_FREE(v) do { mem_free((v).items); (v).items = NULL; (v).count = (v).cap = 0; } while (0)

/* Arena: bump allocation in chunks; everything is freed at once. */
typedef struct ArenaChunk ArenaChunk;
typedef struct Arena { ArenaChunk *head; size_t total; } Arena;

void arena_init(Arena *a);
void *arena_alloc(Arena *a, size_t size);     /* 16-byte aligned, zeroed */
char *arena_strndup(Arena *a, const char *s, size_t n);   /* packed: no alignment */
char *arena_strdup(Arena *a, const char *s);
void arena_free(Arena *a);

#endif
