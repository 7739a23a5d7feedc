/* bitset.h: sets of small integers as arrays of 64-bit words (bit i of word i / 64): the
 * representation of powerset elements, of ASP interpretations and of finite lattices' order
 * rows.  Every bit operation of the project goes through these. */
#ifndef FIX_BITSET_H
#define FIX_BITSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint64_t BitWord;

enum { BITSET_WORD_BITS = 64 };

/* Words that hold n bits. */
static inline size_t bitset_words(size_t n) { return (n + BITSET_WORD_BITS - 1) / BITSET_WORD_BITS; }

static inline bool bitset_has(const BitWord *s, size_t i)
{
    return (s[i / BITSET_WORD_BITS] >> (i % BITSET_WORD_BITS)) & 1;
}

static inline void bitset_add(BitWord *s, size_t i)
{
    s[i / BITSET_WORD_BITS] |= (BitWord)1 << (i % BITSET_WORD_BITS);
}

static inline void bitset_remove(BitWord *s, size_t i)
{
    s[i / BITSET_WORD_BITS] &= ~((BitWord)1 << (i % BITSET_WORD_BITS));
}

/* The index of the lowest set bit of word w (w != 0) of a set, as a set element. */
static inline size_t bitset_lowest(size_t w, BitWord bits)
{
    return w * BITSET_WORD_BITS + (size_t)__builtin_ctzll(bits);
}

/* Bits set in one word (without assuming a hardware popcount instruction). */
static inline size_t bitset_word_count(BitWord v)
{
    v = v - ((v >> 1) & 0x5555555555555555ULL);
    v = (v & 0x3333333333333333ULL) + ((v >> 2) & 0x3333333333333333ULL);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (size_t)((v * 0x0101010101010101ULL) >> 56);
}

/* Number of elements in the nwords words of s. */
static inline size_t bitset_count(const BitWord *s, size_t nwords)
{
    size_t n = 0;
    for (size_t w = 0; w < nwords; w++) n += bitset_word_count(s[w]);
    return n;
}

/* The smallest element >= from in s (nwords words), or SIZE_MAX when there is none. */
static inline size_t bitset_next(const BitWord *s, size_t nwords, size_t from)
{
    size_t w = from / BITSET_WORD_BITS;
    if (w >= nwords) return SIZE_MAX;
    BitWord bits = s[w] & (~(BitWord)0 << (from % BITSET_WORD_BITS));
    while (!bits) {
        if (++w >= nwords) return SIZE_MAX;
        bits = s[w];
    }
    return bitset_lowest(w, bits);
}

#endif
