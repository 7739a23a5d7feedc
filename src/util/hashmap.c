/* hashmap.c: the open-addressing hash table of util/hashmap.h and its shared hashes. */
#include "util/hashmap.h"
#include "util/mem.h"

uint64_t hashmap_hash_str(const char *s)
{
    uint64_t x = 1469598103934665603ULL;
    for (; *s; s++) x = (x ^ (unsigned char)*s) * 1099511628211ULL;
    return x;
}

uint64_t hashmap_hash_ptr(const void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return x;
}

uint64_t hashmap_hash_words(const uint64_t *w, size_t n)
{
    uint64_t x = 0x9e3779b97f4a7c15ULL;
    for (size_t i = 0; i < n; i++) {
        x = (x ^ w[i]) * 0xff51afd7ed558ccdULL;
        x ^= x >> 32;
    }
    return x;
}

static uint64_t str_hash(const void *ctx, uint64_t key)
{
    (void)ctx;
    return hashmap_hash_str((const char *)(uintptr_t)key);
}

static bool str_eq(const void *ctx, uint64_t a, uint64_t b)
{
    (void)ctx;
    return strcmp((const char *)(uintptr_t)a, (const char *)(uintptr_t)b) == 0;
}

static uint64_t ptr_hash(const void *ctx, uint64_t key)
{
    (void)ctx;
    return hashmap_hash_ptr((const void *)(uintptr_t)key);
}

void hashmap_init(HashMap *h, size_t min_cap, HashmapHashFn hash, HashmapEqFn eq, const void *ctx)
{
    *h = (HashMap){ .min_cap = min_cap, .hash = hash, .eq = eq, .ctx = ctx };
}

void hashmap_init_str(HashMap *h) { hashmap_init(h, 64, str_hash, str_eq, NULL); }

void hashmap_init_ptr(HashMap *h) { hashmap_init(h, 64, ptr_hash, NULL, NULL); }

void hashmap_free(HashMap *h)
{
    mem_free(h->keys);
    mem_free(h->vals);
    h->keys = h->vals = NULL;
    h->cap = h->count = 0;
}

/* The slot holding a key equal to `key`, or the empty slot where it would go. */
static size_t slot_of(const HashMap *h, uint64_t key)
{
    size_t mask = h->cap - 1, i = (size_t)h->hash(h->ctx, key) & mask;
    if (h->eq)
        while (h->keys[i] && !h->eq(h->ctx, h->keys[i], key)) i = (i + 1) & mask;
    else
        while (h->keys[i] && h->keys[i] != key) i = (i + 1) & mask;
    return i;
}

/* Doubles the capacity, putting the old keys back in slot order. */
static void grow(HashMap *h)
{
    HashMap old = *h;
    h->cap = old.cap ? old.cap * 2 : old.min_cap;
    h->count = old.count;
    h->keys = mem_calloc(h->cap, sizeof *h->keys);
    h->vals = mem_calloc(h->cap, sizeof *h->vals);
    for (size_t i = 0; i < old.cap; i++)
        if (old.keys[i]) {
            size_t j = slot_of(h, old.keys[i]);
            h->keys[j] = old.keys[i];
            h->vals[j] = old.vals[i];
        }
    mem_free(old.keys);
    mem_free(old.vals);
}

bool hashmap_get(const HashMap *h, uint64_t key, uint64_t *val)
{
    if (!h->cap) return false;
    size_t i = slot_of(h, key);
    if (!h->keys[i]) return false;
    *val = h->vals[i];
    return true;
}

void hashmap_put(HashMap *h, uint64_t key, uint64_t val)
{
    if (2 * (h->count + 1) > h->cap) grow(h);
    size_t i = slot_of(h, key);
    if (!h->keys[i]) {
        h->keys[i] = key;
        h->count++;
    }
    h->vals[i] = val;
}

bool hashmap_add(HashMap *h, uint64_t key, uint64_t val)
{
    if (2 * (h->count + 1) > h->cap) grow(h);
    size_t i = slot_of(h, key);
    if (h->keys[i]) return false;
    h->keys[i] = key;
    h->vals[i] = val;
    h->count++;
    return true;
}

void *hashmap_get_ptr(const HashMap *h, const void *key)
{
    uint64_t v = 0;
    hashmap_get(h, (uint64_t)(uintptr_t)key, &v);
    return (void *)(uintptr_t)v;
}

void hashmap_put_ptr(HashMap *h, const void *key, void *val)
{
    hashmap_put(h, (uint64_t)(uintptr_t)key, (uint64_t)(uintptr_t)val);
}
