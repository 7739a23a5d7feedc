/* hashmap.h: one open-addressing hash table (linear probing, power-of-two capacity, at most
 * half full) of nonzero uint64 keys to uint64 values, with the hash and equality of keys
 * supplied by the caller, front ends for string and pointer keys, and the shared hashes. */
#ifndef FIX_HASHMAP_H
#define FIX_HASHMAP_H

#include "common.h"

typedef uint64_t (*HashmapHashFn)(const void *ctx, uint64_t key);
typedef bool (*HashmapEqFn)(const void *ctx, uint64_t a, uint64_t b);

/* A key may stand for data elsewhere (a string, an index into an array): `hash` and `eq` see
 * it with `ctx`.  Iterate as: for (i < cap) if (keys[i]) ...keys[i], vals[i]; the order of
 * the slots depends only on the keys put and their order. */
typedef struct HashMap {
    uint64_t *keys;            /* 0: empty slot */
    uint64_t *vals;
    size_t cap, count, min_cap;
    HashmapHashFn hash;
    HashmapEqFn eq;            /* NULL: keys equal as numbers */
    const void *ctx;
} HashMap;

/* min_cap: the capacity on the first put (a power of two); it doubles whenever a put would
 * make the table more than half full. */
void hashmap_init(HashMap *h, size_t min_cap, HashmapHashFn hash, HashmapEqFn eq, const void *ctx);
void hashmap_init_str(HashMap *h);    /* keys: NUL-terminated strings (not copied) */
void hashmap_init_ptr(HashMap *h);    /* keys: pointers, by identity */
void hashmap_free(HashMap *h);

bool hashmap_get(const HashMap *h, uint64_t key, uint64_t *val);
/* Sets the value of key; an equal key already there stays (the new one is not stored). */
void hashmap_put(HashMap *h, uint64_t key, uint64_t val);
/* Puts key with val unless an equal key is there: then leaves the table and returns false. */
bool hashmap_add(HashMap *h, uint64_t key, uint64_t val);

/* Pointer keys and values (string or pointer maps); absent keys give NULL. */
void *hashmap_get_ptr(const HashMap *h, const void *key);
void hashmap_put_ptr(HashMap *h, const void *key, void *val);

uint64_t hashmap_hash_str(const char *s);               /* FNV-1a */
uint64_t hashmap_hash_ptr(const void *p);
uint64_t hashmap_hash_words(const uint64_t *w, size_t n);

#endif
