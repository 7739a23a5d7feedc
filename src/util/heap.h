/* heap.h: a once-per-process tuning of the C library's allocator for a large input, called
 * explicitly by cli/main.c before anything else runs (the only process-wide setting of the
 * allocator; docs/architecture.md). */
#ifndef FIX_HEAP_H
#define FIX_HEAP_H

#include "common.h"

/* For inputs of input_bytes in all (256 KB or more; else nothing), with glibc: below 32 MB
 * of input every block of 128 KB or more is a mapping of its own, given back when freed, so
 * that the peak resident memory is the peak of what is live (the heap's holes and partly
 * used huge pages cost a large ground program 10-25 % more); from 32 MB, where the page
 * faults of a few hundred MB cost most, big blocks come from the heap instead of one mmap
 * each and freed memory stays for reuse, and the heap is grown at once by about 12 times the
 * input (at most 256 MB of address space, touched only as used) and offered transparent huge
 * pages, so that filling it takes a fault per 2 MB instead of one per 4 KB.  Nothing under
 * AddressSanitizer or another C library. */
void heap_prepare(size_t input_bytes);

#endif
