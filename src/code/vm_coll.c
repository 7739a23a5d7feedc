/* vm_coll.c: query results as values: collections (the COLL_ instructions of opcodes.h),
 * approx(f), bnb(f) and stable(P) (APPROX, BNB, STABLE, answered by the VM's host).  A collection is a list of
 * elements of one lattice that the VM allocates and keeps until its next run from outside
 * (vm_colls_free, called then): nothing keeps one across runs (memoised calls and warm starts
 * keep lattice elements only) but the closed sites of a function's chunk, whose collections
 * are constants, kept for the VM's life (vm_colls_free_all).  The value on the stack is one
 * word, the collection's address; items are appended only while it is being built. */
#include "code/vm_internal.h"

/* Collections past this many words in all ask the query's memory limit before growing. */
enum { COLL_WORDS_UNCHECKED = 1 << 17 };

static void free_list(Collection **items, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        MEM_FREE_ALL(items[i]->items, items[i]->index);
        mem_free(items[i]);
    }
}

void vm_colls_free(Vm *vm)
{
    free_list(vm->colls.items, vm->colls.count);
    VEC_FREE(vm->colls);
    VEC_FREE(vm->coll_sites);
    vm->coll_words = 0;
}

void vm_colls_free_all(Vm *vm)
{
    vm_colls_free(vm);
    for (size_t i = 0; i < vm->kept_sites.count; i++) free_list(&vm->kept_sites.items[i].k, 1);
    VEC_FREE(vm->kept_sites);
}

static Collection *find_site(const struct CollSite *sites, size_t n, const Chunk *chunk, uint32_t site)
{
    for (size_t i = 0; i < n; i++)
        if (sites[i].chunk == chunk && sites[i].site == site) return sites[i].k;
    return NULL;
}

/* The collection kept for site of chunk, or NULL. */
static Collection *site_kept(const Vm *vm, const Chunk *chunk, uint32_t site)
{
    Collection *k = find_site(vm->coll_sites.items, vm->coll_sites.count, chunk, site);
    return k ? k : find_site(vm->kept_sites.items, vm->kept_sites.count, chunk, site);
}

/* Keeps k as the collection of site: for the VM's life when its chunk lasts (k then leaves
 * the run's list), else for this run. */
static void keep_site(Vm *vm, const Chunk *chunk, uint32_t site, Collection *k)
{
    struct CollSite s = { chunk, site, k };
    if (!chunk->lasting) {
        VEC_PUSH(vm->coll_sites, s);
        return;
    }
    for (size_t i = vm->colls.count; i-- > 0;)
        if (vm->colls.items[i] == k) {
            vm->colls.items[i] = vm->colls.items[--vm->colls.count];
            break;
        }
    VEC_PUSH(vm->kept_sites, s);
}

static Word *push_slot(Vm *vm) { return AT(vm->sp++); }

static Collection *coll_mut(Word w) { return (Collection *)(uintptr_t)w; }

static void coll_new(Vm *vm, const Lattice *L)
{
    Collection *k = mem_calloc(1, sizeof *k);
    k->lat = L;
    VEC_PUSH(vm->colls, k);
    *push_slot(vm) = (Word)(uintptr_t)k;
}

/* ---- the hash index of a collection's items: look-ups in O(1) expected ---- */

static const Word *item_at(const Collection *k, size_t i) { return k->items + i * collection_item_words(k); }

static bool item_eq(const Collection *k, const Word *a, const Word *b)
{
    return k->lat ? k->lat->ops->eq(k->lat, a, b) : a[0] == b[0];
}

static uint64_t item_hash(const Collection *k, const Word *x)
{
    return k->lat ? k->lat->ops->hash(k->lat, x) : lattice_hash_word(x[0]);
}

/* Item i entered in the index (which has room). */
static void index_put(Collection *k, size_t i)
{
    size_t mask = k->nslots - 1, s = (size_t)item_hash(k, item_at(k, i)) & mask;
    while (k->index[s]) s = (s + 1) & mask;
    k->index[s] = i + 1;
}

/* The index made to cover every item, at most half full. */
static void index_update(Collection *k)
{
    if (k->indexed == k->n && k->index) return;
    if (!k->index || 2 * (k->n + 1) > k->nslots) {
        size_t slots = 16;
        while (slots < 2 * (k->n + 1)) slots *= 2;
        mem_free(k->index);
        k->index = mem_calloc(slots, sizeof *k->index);
        k->nslots = slots;
        k->indexed = 0;
    }
    for (; k->indexed < k->n; k->indexed++) index_put(k, k->indexed);
}

static bool coll_has(const Collection *kc, const Word *x)
{
    Collection *k = (Collection *)kc;       /* the index is a cache: the items do not change */
    index_update(k);
    size_t mask = k->nslots - 1;
    for (size_t s = (size_t)item_hash(k, x) & mask; k->index[s]; s = (s + 1) & mask)
        if (item_eq(k, item_at(k, k->index[s] - 1), x)) return true;
    return false;
}

/* Room for one more item, within the query's memory limit. */
static void coll_grow(Vm *vm, Collection *k)
{
    size_t W = collection_item_words(k) ? collection_item_words(k) : 1;
    if (k->n < k->cap) return;
    size_t cap = k->cap ? 2 * k->cap : 8, more = (cap - k->cap) * W;
    if (vm->coll_words + more > COLL_WORDS_UNCHECKED && limits_check_now(vm->limits, more * sizeof(Word)))
        vm_stop(vm);
    if (cap > SIZE_MAX / sizeof(Word) / W) vm_error(vm, "a collection too large for memory");
    k->items = mem_realloc(k->items, cap * W * sizeof(Word));
    k->cap = cap;
    vm->coll_words += more;
}

/* [c e] -> [c]: e appended (unique: unless it is an item already). */
static void coll_add(Vm *vm, const Lattice *L, bool unique)
{
    size_t W = L ? L->nwords : 1;
    vm->sp -= W;
    const Word *x = AT(vm->sp);
    Collection *k = coll_mut(ST(vm->sp - 1));
    if (unique && coll_has(k, x)) return;
    coll_grow(vm, k);
    if (W) memcpy(k->items + k->n * W, x, W * sizeof(Word));
    k->n++;
}

/* v := the next item of the collection at slot s (its index at s+1); false when none is left. */
static bool coll_next(Vm *vm, size_t s, size_t v)
{
    const Collection *k = collection_at(ST(s));
    size_t W = collection_item_words(k);
    int64_t i = word_to_int(ST(s + 1));
    if (i < 0 || (size_t)i >= k->n) return false;
    if (W) memcpy(AT(v), item_at(k, (size_t)i), W * sizeof(Word));
    ST(s + 1) = word_from_int(i + 1);
    return true;
}

/* The same items, in any order (a collection never holds an item twice: every producer
 * keeps them distinct), in O(n) expected through b's index. */
static bool coll_equal(const Collection *a, const Collection *b)
{
    if (a->n != b->n) return false;
    for (size_t i = 0; i < a->n; i++)
        if (!coll_has(b, item_at(a, i))) return false;
    return true;
}

void vm_set_host(Vm *vm, const VmHost *host) { vm->host = *host; }

/* [lo hi] -> []: the interval on top of the stack, copied into new elements *lo and *hi. */
static void pop_interval(Vm *vm, const Lattice *L, Word **lo, Word **hi)
{
    size_t W = L->nwords;
    vm->sp -= 2 * W;
    *lo = lattice_elem_new(L);
    *hi = lattice_elem_new(L);
    if (W) memcpy(*lo, AT(vm->sp), W * sizeof(Word));
    if (W) memcpy(*hi, AT(vm->sp + W), W * sizeof(Word));
}

/* [] -> [lo hi] (approx) or [lo hi] -> [lo' hi'] (refine): the host runs the engine, which
 * calls back into this VM above sp, so the start is copied off the stack first. */
static void vm_approx(Vm *vm, const Chunk *ch, const uint8_t *pc, bool from_stack)
{
    const FnSym *fn = ch->tables->fns.items[ir_read_u32(pc + 1)];
    size_t W = fn->ret->nwords;
    if (!vm->host.approx)
        vm_error(vm, "%s(%s) is not available here (no engine)", from_stack ? "refine" : "approx", fn->name);
    Word *lo = lattice_elem_new(fn->ret), *hi = lattice_elem_new(fn->ret);
    Word *from_lo = NULL, *from_hi = NULL;
    if (from_stack) pop_interval(vm, fn->ret, &from_lo, &from_hi);
    bool ok = vm->host.approx(vm->host.ctx, fn, from_lo, from_hi, lo, hi,
                              ir_loc_at(ch, (size_t)(pc - ch->code.items)));
    if (ok) {
        if (W) memcpy(AT(vm->sp), lo, W * sizeof(Word));
        if (W) memcpy(AT(vm->sp + W), hi, W * sizeof(Word));
        vm->sp += 2 * W;
    }
    MEM_FREE_ALL(lo, hi, from_lo, from_hi);
    if (!ok) vm_stop(vm);
}

/* A collection of n items of L made of words the host allocated. */
static Word coll_adopt(Vm *vm, const Lattice *L, Word *items, size_t n)
{
    Collection *k = mem_calloc(1, sizeof *k);
    *k = (Collection){ .lat = L, .n = n, .cap = n, .items = items };
    VEC_PUSH(vm->colls, k);
    vm->coll_words += n * L->nwords;
    return (Word)(uintptr_t)k;
}

/* [lo hi]? -> [points final complete]: bnb of function ARG(1) with options ARG(2) through the
 * host (from a start interval on the stack when they have one, copied off it first: the
 * engine calls back into this VM above sp). */
static void vm_bnb(Vm *vm, const Chunk *ch, const uint8_t *pc)
{
    const Lattice *pair = ch->tables->lats.items[ir_read_u32(pc + 1)];
    const FnSym *fn = ch->tables->fns.items[ir_read_u32(pc + 5)];
    const QueryOptions *opts = ch->tables->bnbs.items[ir_read_u32(pc + 9)];
    if (!vm->host.bnb) vm_error(vm, "bnb(%s) is not available here (no engine)", fn->name);
    Word *from_lo = NULL, *from_hi = NULL;
    if (opts->from) pop_interval(vm, fn->ret, &from_lo, &from_hi);
    VmBnb r = { 0 };
    bool ok = vm->host.bnb(vm->host.ctx, fn, opts, from_lo, from_hi, &r, ir_loc_at(ch, (size_t)(pc - ch->code.items)));
    MEM_FREE_ALL(from_lo, from_hi);
    if (!ok) vm_stop(vm);
    *push_slot(vm) = coll_adopt(vm, fn->ret, r.points, r.npoints);
    *push_slot(vm) = coll_adopt(vm, pair, r.final, r.nfinal);
    *push_slot(vm) = r.complete;
}

/* [] -> [c]: the stable models of program ARG(1) through the host, elements of powerset ARG(0). */
static void vm_stable(Vm *vm, const Chunk *ch, const uint8_t *pc)
{
    const Lattice *L = ch->tables->lats.items[ir_read_u32(pc + 1)];
    const ProgramSym *p = ch->tables->progs.items[ir_read_u32(pc + 5)];
    if (!vm->host.stable) vm_error(vm, "stable(%s) is not available here (no solver)", p->name);
    Word *models = NULL;
    size_t n = 0;
    if (!vm->host.stable(vm->host.ctx, p, L, &models, &n, ir_loc_at(ch, (size_t)(pc - ch->code.items)))) vm_stop(vm);
    *push_slot(vm) = coll_adopt(vm, L, models, n);
}

const uint8_t *vm_coll_instruction(Vm *vm, const Chunk *ch, size_t fp, const uint8_t *pc)
{
    Opcode op = (Opcode)*pc;
    const uint8_t *next = pc + ir_length(op);
#define ARG(k) ir_read_u32(pc + 1 + 4 * (k))
    if (op == IR_APPROX || op == IR_REFINE || op == IR_BNB || op == IR_STABLE) {
        if (op == IR_APPROX || op == IR_REFINE) vm_approx(vm, ch, pc, op == IR_REFINE);
        else if (op == IR_BNB) vm_bnb(vm, ch, pc);
        else vm_stable(vm, ch, pc);
        return next;
    }
    const Lattice *L = op == IR_COLL_COUNT || ARG(0) == IR_ATOM_ITEMS ? NULL : ch->tables->lats.items[ARG(0)];
    Collection *kept;
    switch (op) {
    case IR_COLL_NEW: coll_new(vm, L); break;
    case IR_COLL_ADD: coll_add(vm, L, ARG(1) != 0); break;
    case IR_COLL_NEXT:
        if (!coll_next(vm, fp + ARG(1), fp + ARG(2))) next = ch->code.items + ARG(3);
        break;
    case IR_COLL_COUNT: ST(vm->sp - 1) = word_from_int((int64_t)collection_at(ST(vm->sp - 1))->n); break;
    case IR_COLL_HAS: {
        const Collection *k = collection_at(ST(vm->sp - 1));
        vm->sp -= 1 + collection_item_words(k);
        bool has = coll_has(k, AT(vm->sp));
        *push_slot(vm) = has;
        break;
    }
    case IR_COLL_EQ: {
        bool eq = coll_equal(collection_at(ST(vm->sp - 2)), collection_at(ST(vm->sp - 1)));
        vm->sp -= 2;
        *push_slot(vm) = eq;
        break;
    }
    case IR_COLL_CACHED:
        if ((kept = site_kept(vm, ch, ARG(1)))) {
            *push_slot(vm) = (Word)(uintptr_t)kept;
            next = ch->code.items + ARG(3);
        }
        break;
    case IR_COLL_KEEP: keep_site(vm, ch, ARG(1), coll_mut(ST(vm->sp - 1))); break;
    default: vm_error(vm, "bad instruction %d", (int)op);
    }
#undef ARG
    return next;
}
