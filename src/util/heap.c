/* heap.c: heap_prepare, the one process-wide tuning of glibc's malloc (see heap.h). */
#include "util/heap.h"

#if defined(__SANITIZE_ADDRESS__)
#define HEAP_TUNE 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HEAP_TUNE 0
#endif
#endif
#if !defined(HEAP_TUNE) && defined(__GLIBC__)
#define HEAP_TUNE 1
#endif

#if HEAP_TUNE
#include <malloc.h>

enum { MIN_INPUT = 256 << 10, EXACT_MMAP_AT = 128 << 10 };
#define MAX_PAD ((size_t)256 << 20)

/* Every block of EXACT_MMAP_AT or more its own mapping, given back when freed (a peak of
 * what is live, not of the heap's holes); the small blocks' freed memory kept for reuse. */
void heap_prepare(size_t input_bytes)
{
    if (input_bytes < MIN_INPUT) return;
    size_t pad = input_bytes > MAX_PAD / 12 ? MAX_PAD : 12 * input_bytes;
    mallopt(M_MMAP_THRESHOLD, EXACT_MMAP_AT);
    mallopt(M_TRIM_THRESHOLD, (int)(2 * pad));
}
#else
void heap_prepare(size_t input_bytes) { (void)input_bytes; }
#endif
