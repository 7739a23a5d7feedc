/* mem.c: allocation chokepoint and arena allocator. */
#include "util/mem.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

FIX_NORETURN void mem_fail(size_t size)
{
    fprintf(stderr, "fix: out of memory (allocating %zu bytes)\n", size);
    exit(1);
}

void *mem_alloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p) mem_fail(size);
    return p;
}

void *mem_calloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) mem_fail(n * size);
    return p;
}

void *mem_calloc_lines(size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size) mem_fail(SIZE_MAX);
    size_t bytes = n * size;
    bytes = bytes ? (bytes + MEM_LINE - 1) / MEM_LINE * MEM_LINE : MEM_LINE;
    void *p = NULL;
    if (posix_memalign(&p, MEM_LINE, bytes) != 0 || !p) mem_fail(bytes);
    memset(p, 0, bytes);
    return p;
}

void *mem_realloc(void *p, size_t size)
{
    void *q = realloc(p, size ? size : 1);
    if (!q) mem_fail(size);
    return q;
}

char *mem_strndup(const char *s, size_t n)
{
    char *d = mem_alloc(n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *mem_strdup(const char *s) { return mem_strndup(s, strlen(s)); }

void mem_free(void *p) { free(p); }

void mem_free_n(void *const blocks[], size_t n)
{
    for (size_t i = 0; i < n; i++) free(blocks[i]);
}

struct ArenaChunk {
    ArenaChunk *next;
    size_t used, size;
    _Alignas(16) unsigned char data[];
};

enum { ARENA_CHUNK = 64 * 1024 };

void arena_init(Arena *a) { a->head = NULL; a->total = 0; }

/* size bytes at a multiple of align (a power of two, at most 16) in the newest chunk, or in
 * a new one when they do not fit. */
static void *arena_take(Arena *a, size_t size, size_t align)
{
    ArenaChunk *c = a->head;
    size_t at = c ? (c->used + align - 1) & ~(align - 1) : 0;
    if (!c || at > c->size || c->size - at < size) {
        size_t cap = size > ARENA_CHUNK ? size : ARENA_CHUNK;
        c = mem_alloc(sizeof *c + cap);
        c->next = a->head;
        c->size = cap;
        a->head = c;
        a->total += cap;
        at = 0;
    }
    c->used = at + size;
    return c->data + at;
}

void *arena_alloc(Arena *a, size_t size)
{
    void *p = arena_take(a, size, 16);
    memset(p, 0, size);
    return p;
}

/* Strings need no alignment: they are packed. */
char *arena_strndup(Arena *a, const char *s, size_t n)
{
    char *d = arena_take(a, n + 1, 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *arena_strdup(Arena *a, const char *s) { return arena_strndup(a, s, strlen(s)); }

void arena_free(Arena *a)
{
    ArenaChunk *c = a->head;
    while (c) {
        ArenaChunk *next = c->next;
        mem_free(c);
        c = next;
    }
    a->head = NULL;
    a->total = 0;
}
