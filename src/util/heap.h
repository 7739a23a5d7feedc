/* heap.h: a once-per-process tuning of the C library's allocator for a large input, called
 * explicitly by cli/main.c before anything else runs (the only process-wide setting of the
 * allocator; docs/architecture.md). */
#ifndef FIX_HEAP_H
#define FIX_HEAP_H

#include "common.h"

/* For inputs of input_bytes in all (256 KB or more; else nothing), with glibc: every block
 * of 128 KB or more is a mapping of its own, given back when freed (a growing one moved by
 * mremap, without a copy), so that the peak resident memory is the peak of what is live, not
 * of the heap's holes; the small blocks' freed memory is kept for reuse.  Nothing under
 * AddressSanitizer or another C library. */
void heap_prepare(size_t input_bytes);

#endif
