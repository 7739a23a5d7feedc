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
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

enum { MIN_INPUT = 256 << 10, FAST_INPUT = 32 << 20, HUGE = 2 << 20, MMAP_AT = 32 << 20,
       EXACT_MMAP_AT = 128 << 10 };
#define MAX_PAD ((size_t)256 << 20)

/* Below FAST_INPUT: every block of EXACT_MMAP_AT or more its own mapping, given back when
 * freed (a peak of what is live, not of the heap's holes); the small blocks' freed memory
 * kept for reuse. */
static void prepare_exact(size_t pad)
{
    mallopt(M_MMAP_THRESHOLD, EXACT_MMAP_AT);
    mallopt(M_TRIM_THRESHOLD, (int)(2 * pad));
}

void heap_prepare(size_t input_bytes)
{
    if (input_bytes < MIN_INPUT) return;
    size_t pad = input_bytes > MAX_PAD / 12 ? MAX_PAD : 12 * input_bytes;
    if (input_bytes < FAST_INPUT) {
        prepare_exact(pad);
        return;
    }
    /* blocks under 32 MB from the heap; freed memory kept (not trimmed); each growth of the
     * heap adds pad bytes beyond the request */
    if (!mallopt(M_MMAP_THRESHOLD, MMAP_AT) || !mallopt(M_TRIM_THRESHOLD, (int)(2 * pad))
        || !mallopt(M_TOP_PAD, (int)pad))
        return;
    void *grow = malloc(HUGE);                  /* grows the heap by HUGE + pad now */
    if (!grow) return;
    uintptr_t lo = ((uintptr_t)grow + HUGE - 1) & ~(uintptr_t)(HUGE - 1);
    uintptr_t hi = (uintptr_t)sbrk(0) & ~(uintptr_t)(HUGE - 1);
    free(grow);
    if (hi > lo) madvise((void *)lo, hi - lo, MADV_HUGEPAGE);   /* a hint: failure is fine */
}
#else
void heap_prepare(size_t input_bytes) { (void)input_bytes; }
#endif
