/* marks.c: marks_list (marks.h): when an eighth of the places or more are marked, each byte
 * read in turn; else the mark bytes read as one 64-bit word per eight places, a group with
 * none marked passed by one test; in the others, on a little-endian machine, each
 * marked place is found by counting the word's trailing zero bits (its byte then cleared),
 * elsewhere the group is read a byte at a time. */
#include "util/marks.h"

#include <string.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
static size_t list_group(uint64_t eight, size_t g, size_t *out)
{
    size_t k = 0;
    for (; eight; k++) {
        unsigned byte = (unsigned)__builtin_ctzll(eight) / 8;
        out[k] = g + byte;
        eight &= ~((uint64_t)0xff << (8 * byte));
    }
    return k;
}
#else
static size_t list_group(uint64_t eight, size_t g, size_t *out)
{
    uint8_t bytes[8];
    memcpy(bytes, &eight, sizeof bytes);
    size_t k = 0;
    for (size_t i = 0; i < 8; i++) {
        out[k] = g + i;
        k += bytes[i] != 0;
    }
    return k;
}
#endif

/* Every place read, with no branch (when many are marked: a test a group would be
 * mostly taken, and the trailing zeros' count a mark costs more than a byte's read). */
static size_t list_dense(const uint8_t *mark, size_t n, size_t *out)
{
    size_t k = 0;
    for (size_t w = 0; w < n; w++) {
        out[k] = w;
        k += mark[w] != 0;
    }
    return k;
}

size_t marks_list(const uint8_t *mark, size_t n, size_t marked, size_t *out)
{
    if (8 * marked >= n) return list_dense(mark, n, out);
    size_t k = 0;
    for (size_t g = 0; g < n; g += 8) {
        uint64_t eight;
        memcpy(&eight, mark + g, sizeof eight);
        if (eight) k += list_group(eight, g, out + k);
    }
    return k;
}
