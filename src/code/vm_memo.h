/* vm_memo.h: the VM's table of memoised calls: results of a function on its arguments,
 * bounded (a fixed number of slots, a newer call replacing an older one in its slot).  The
 * slot is a hash of the function's name and the arguments, so the hits and misses of a run
 * are the same every time. */
#ifndef FIX_VM_MEMO_H
#define FIX_VM_MEMO_H

#include "common.h"
#include "code/ir.h"

enum { VM_MEMO_SLOTS = 4096, VM_MEMO_MAX_WORDS = 64 };

typedef struct MemoSlot MemoSlot;

typedef struct VmMemo {
    MemoSlot *slots;            /* VM_MEMO_SLOTS of them once the first result is stored */
    uint64_t hits, misses;
} VmMemo;

void vm_memo_free(VmMemo *m);
/* The result of ch on args (ch->param_words words) when it is kept, else NULL; counted. */
const Word *vm_memo_find(VmMemo *m, const Chunk *ch, const Word *args);
/* Keeps ch's result on args (it may replace another in its slot). */
void vm_memo_store(VmMemo *m, const Chunk *ch, const Word *args, const Word *result);

#endif
