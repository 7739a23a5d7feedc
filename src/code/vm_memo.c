/* vm_memo.c: the memo table of the VM: direct-mapped slots keyed by the chunk and a hash of
 * its arguments, each holding the arguments and the result (at most VM_MEMO_MAX_WORDS). */
#include "code/vm_memo.h"

#include "util/mem.h"

struct MemoSlot {
    const Chunk *chunk;         /* NULL: empty */
    uint64_t hash;
    Word words[VM_MEMO_MAX_WORDS];   /* the arguments, then the result */
};

static uint64_t memo_hash(const Chunk *ch, const Word *args)
{
    uint64_t h = ch->name_hash * 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < ch->param_words; i++) {
        h ^= args[i];
        h *= 0xff51afd7ed558ccdu;
        h ^= h >> 32;
    }
    return h;
}

static MemoSlot *slot_of(const VmMemo *m, uint64_t h) { return &m->slots[h % VM_MEMO_SLOTS]; }

void vm_memo_free(VmMemo *m)
{
    mem_free(m->slots);
    m->slots = NULL;
}

const Word *vm_memo_find(VmMemo *m, const Chunk *ch, const Word *args)
{
    uint64_t h = memo_hash(ch, args);
    const MemoSlot *s = m->slots ? slot_of(m, h) : NULL;
    if (s && s->chunk == ch && s->hash == h && (!ch->param_words || memcmp(s->words, args, ch->param_words * sizeof(Word)) == 0)) {
        m->hits++;
        return s->words + ch->param_words;
    }
    m->misses++;
    return NULL;
}

void vm_memo_store(VmMemo *m, const Chunk *ch, const Word *args, const Word *result)
{
    if (ch->param_words + ch->ret_words > VM_MEMO_MAX_WORDS) return;
    if (!m->slots) m->slots = mem_calloc(VM_MEMO_SLOTS, sizeof *m->slots);
    uint64_t h = memo_hash(ch, args);
    MemoSlot *s = slot_of(m, h);
    s->chunk = ch;
    s->hash = h;
    if (ch->param_words) memcpy(s->words, args, ch->param_words * sizeof(Word));   /* args may be NULL then */
    memcpy(s->words + ch->param_words, result, ch->ret_words * sizeof(Word));
}
