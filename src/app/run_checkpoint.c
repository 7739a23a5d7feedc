/* run_checkpoint.c: --checkpoint FILE and --resume FILE of a bnb query (docs/parallel.md,
 * "Checkpoints"): the engine's snapshot between two rounds (aft.h, AftSnapshot) and the
 * counters of the query's function written to FILE whole at each round's start, with a
 * digest of every source read and of the query; a resume reads it back, refusing a file
 * made from other sources, and the query whose digest it holds starts from it.  The words
 * are the machine's: a file is read back by the build that wrote it. */
#include "app/run_internal.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "util/mem.h"
#include "util/outfile.h"

static const char magic[8] = { 'F', 'I', 'X', 'C', 'K', 'P', 'T', '1' };

/* The counts of AftStats a checkpoint keeps (stopped_by and enough are a stop's, policy the
 * run's own). */
static const size_t count_fields[] = {
    offsetof(AftStats, f_calls), offsetof(AftStats, eval_calls), offsetof(AftStats, ir_calls),
    offsetof(AftStats, rounds), offsetof(AftStats, pruned), offsetof(AftStats, merged),
    offsetof(AftStats, hulls), offsetof(AftStats, splits), offsetof(AftStats, conflicts),
    offsetof(AftStats, learnt), offsetof(AftStats, backjumps), offsetof(AftStats, restarts),
    offsetof(AftStats, enumerated), offsetof(AftStats, stalled), offsetof(AftStats, shard_round),
    offsetof(AftStats, shard_bounds),
};
static const size_t real_fields[] = {
    offsetof(AftStats, log2_S_final), offsetof(AftStats, log2_IR_init),
    offsetof(AftStats, stalled_height),
};

/* FNV-1a over n bytes, from h. */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ULL;
    return h;
}

enum { FNV_START = 0xcbf29ce484222325ULL };

/* The digest of the program: every source the session read (the file, its imports, the
 * programs of `program P from`). */
static uint64_t program_digest(const Session *s)
{
    uint64_t h = FNV_START;
    for (const Source *src = s->diag.sources; src; src = src->next) h = fnv(h, src->text, src->len);
    return h;
}

/* The digest of the query: its place in its file and its lattice's size. */
static uint64_t query_digest(const QueryPlan *plan, const Lattice *L)
{
    uint64_t where[3] = { plan->loc.start, plan->loc.end, L->nwords };
    return fnv(FNV_START, where, sizeof where);
}

/* ---- writing ---- */

typedef struct Writer { FILE *f; uint64_t sum; } Writer;

static void put(Writer *w, const void *p, size_t n)
{
    fwrite(p, 1, n, w->f);
    w->sum = fnv(w->sum, p, n);
}

static void put_u64(Writer *w, uint64_t v) { put(w, &v, sizeof v); }

static void put_list(Writer *w, const BoundList *b, size_t nwords)
{
    put_u64(w, b->count);
    put(w, b->words, b->count * 2 * nwords * sizeof(Word));
}

static void save(void *ctx, const AftSnapshot *snap)
{
    RunCheckpoint *cp = ctx;
    if (cp->failed) return;
    run_workers_join(cp->workers, cp->fn);          /* their counters into the function's */
    size_t nw = cp->L->nwords;
    OutFile out;
    Buf err;
    buf_init(&err);
    bool ok = outfile_open(&out, cp->s->opt.checkpoint, &err);
    if (ok) {
        Writer w = { out.f, 0 };
        put(&w, magic, sizeof magic);
        put_u64(&w, cp->program);
        put_u64(&w, cp->query);
        put_u64(&w, nw);
        uint64_t fn[3] = { cp->fn->derived, cp->fn->gave_up, cp->fn->unrounded };
        put(&w, fn, sizeof fn);
        put_u64(&w, (uint64_t)snap->next_id);
        for (size_t i = 0; i < FIX_ARRAY_LEN(count_fields); i++)
            put_u64(&w, *(const size_t *)((const char *)&snap->stats + count_fields[i]));
        for (size_t i = 0; i < FIX_ARRAY_LEN(real_fields); i++)
            put(&w, (const char *)&snap->stats + real_fields[i], sizeof(double));
        put_u64(&w, snap->stats.slow);
        put(&w, snap->root, 2 * nw * sizeof(Word));
        put_list(&w, &snap->pool, nw);
        for (size_t i = 0; i < snap->pool.count; i++) {
            const AftNode *n = &snap->nodes[i];
            uint64_t node[4] = { (uint64_t)n->id, n->hulled, n->depth, n->stall };
            put(&w, node, sizeof node);
        }
        put_list(&w, &snap->final, nw);
        put_list(&w, &snap->proven, nw);
        put_list(&w, &snap->parked, nw);
        for (size_t i = 0; i < snap->parked.count; i++) put_u64(&w, (uint64_t)snap->parked_ids[i]);
        uint64_t sum = w.sum;
        fwrite(&sum, sizeof sum, 1, out.f);
        ok = outfile_commit(&out, 0, &err);
    }
    if (!ok) {
        cp->failed = true;
        diag_plain_error(&cp->s->diag, "--checkpoint: %s", buf_cstr(&err));
    }
    buf_free(&err);
}

/* ---- reading ---- */

typedef struct Reader { const unsigned char *p, *end; uint64_t sum; bool ok; } Reader;

static void get(Reader *r, void *out, size_t n)
{
    if (!r->ok || (size_t)(r->end - r->p) < n) {
        r->ok = false;
        memset(out, 0, n);
        return;
    }
    memcpy(out, r->p, n);
    r->sum = fnv(r->sum, r->p, n);
    r->p += n;
}

static uint64_t get_u64(Reader *r)
{
    uint64_t v;
    get(r, &v, sizeof v);
    return v;
}

/* A list of bounds: its count checked against the bytes left before anything is allocated. */
static void get_list(Reader *r, BoundList *b, size_t nwords)
{
    uint64_t n = get_u64(r);
    size_t each = 2 * nwords * sizeof(Word);
    if (!r->ok || n > (size_t)(r->end - r->p) / each) {
        r->ok = false;
        return;
    }
    for (uint64_t i = 0; i < n; i++) {
        boundlist_push(b, (const Word *)r->p, (const Word *)r->p + nwords);
        get(r, boundlist_lo(b, b->count - 1), each);
    }
}

/* The file's header: its magic, the digests of the sources and of the query it was written
 * for, and the size of that query's lattice. */
enum { HEADER_BYTES = sizeof magic + 3 * sizeof(uint64_t) };

/* Are FILE's bytes a whole checkpoint (its magic, and its sum over every byte before the
 * last eight right)?  Read before anything of it is believed, whichever query reads it. */
static bool whole(const unsigned char *bytes, size_t len)
{
    uint64_t sum;
    if (len < HEADER_BYTES + sizeof sum || memcmp(bytes, magic, sizeof magic)) return false;
    memcpy(&sum, bytes + len - sizeof sum, sizeof sum);
    return fnv(0, bytes, len - sizeof sum) == sum;
}

/* The digest at header word i (0: the sources', 1: the query's) of a whole checkpoint. */
static uint64_t header_digest(const unsigned char *bytes, size_t i)
{
    uint64_t d;
    memcpy(&d, bytes + sizeof magic + i * sizeof d, sizeof d);
    return d;
}

/* The snapshot of a whole checkpoint written for this query into cp->snap (the lists
 * initialised by the caller); false when its contents do not fit the query's lattice. */
static bool parse(RunCheckpoint *cp, const unsigned char *bytes, size_t len)
{
    Reader r = { bytes, bytes + len, 0, true };
    AftSnapshot *snap = &cp->snap;
    size_t nw = cp->L->nwords;
    char m[sizeof magic];
    get(&r, m, sizeof m);
    get_u64(&r);                                   /* the digests, read by load */
    get_u64(&r);
    if (!r.ok || get_u64(&r) != nw) return false;
    get(&r, cp->counters, sizeof cp->counters);
    snap->next_id = (long)get_u64(&r);
    for (size_t i = 0; i < FIX_ARRAY_LEN(count_fields); i++)
        *(size_t *)((char *)&snap->stats + count_fields[i]) = (size_t)get_u64(&r);
    for (size_t i = 0; i < FIX_ARRAY_LEN(real_fields); i++)
        get(&r, (char *)&snap->stats + real_fields[i], sizeof(double));
    snap->stats.slow = get_u64(&r) != 0;
    snap->root = mem_alloc(2 * nw * sizeof(Word) + 1);
    get(&r, snap->root, 2 * nw * sizeof(Word));
    get_list(&r, &snap->pool, nw);
    snap->nodes = mem_calloc(snap->pool.count + 1, sizeof *snap->nodes);
    for (size_t i = 0; r.ok && i < snap->pool.count; i++) {
        uint64_t node[4];
        get(&r, node, sizeof node);
        snap->nodes[i] = (AftNode){ (long)node[0], node[1] != 0, node[2], node[3] };
    }
    get_list(&r, &snap->final, nw);
    get_list(&r, &snap->proven, nw);
    get_list(&r, &snap->parked, nw);
    snap->parked_ids = mem_calloc(snap->parked.count + 1, sizeof *snap->parked_ids);
    for (size_t i = 0; r.ok && i < snap->parked.count; i++) snap->parked_ids[i] = (long)get_u64(&r);
    uint64_t want = r.sum, sum;
    get(&r, &sum, sizeof sum);
    return r.ok && r.p == r.end && sum == want;
}

/* Reads FILE; false (reported, once a session: later bnb queries are refused silently) when
 * it cannot be read, is not a whole checkpoint, or was written for other sources.
 * cp->loaded when it is this query's; a checkpoint of another query of the same sources is
 * no error: this one starts from its root. */
static bool load(RunCheckpoint *cp)
{
    Session *s = cp->s;
    if (s->resume_refused) return false;
    const char *path = s->opt.resume;
    FILE *f = fopen(path, "rb");
    Buf bytes;
    buf_init(&bytes);
    char chunk[1 << 16];
    size_t n;
    while (f && (n = fread(chunk, 1, sizeof chunk, f)) > 0) buf_putn(&bytes, chunk, n);
    int e = f && ferror(f) ? EIO : errno;
    bool read = f && !ferror(f);
    if (f) fclose(f);
    const unsigned char *b = (const unsigned char *)bytes.data;
    bool ok = read && whole(b, bytes.len);
    if (!read) diag_plain_error(&s->diag, "--resume: cannot read %s: %s", path, strerror(e));
    else if (!ok) diag_plain_error(&s->diag, "--resume: %s is not a whole checkpoint of this build of fix", path);
    else if (header_digest(b, 0) != cp->program) {
        diag_plain_error(&s->diag, "--resume: %s was written for other sources (a file changed "
                         "since): refused", path);
        ok = false;
    } else if (header_digest(b, 1) == cp->query) {
        ok = cp->loaded = parse(cp, b, bytes.len);
        if (!ok) diag_plain_error(&s->diag, "--resume: %s does not fit this query's lattice: refused", path);
    }
    buf_free(&bytes);
    s->resume_refused = !ok;
    return ok;
}

bool run_checkpoint_begin(RunCheckpoint *cp, Session *s, const QueryPlan *plan, AftOptions *o,
                          FnCtx *fn, RunWorkers *workers, const Lattice *L)
{
    memset(cp, 0, sizeof *cp);
    if (!s->opt.checkpoint && !s->opt.resume) return true;
    cp->s = s;
    cp->fn = fn;
    cp->workers = workers;
    cp->L = L;
    cp->program = program_digest(s);
    cp->query = query_digest(plan, L);
    AftSnapshot *snap = &cp->snap;
    boundlist_init(&snap->pool, L);
    boundlist_init(&snap->final, L);
    boundlist_init(&snap->proven, L);
    boundlist_init(&snap->parked, L);
    if (s->opt.resume && !load(cp)) return false;
    if (cp->loaded) {
        diag_note(&s->diag, plan->loc, "bnb %s resumed from %s at round %zu", plan->fn->name,
                  s->opt.resume, snap->stats.rounds + 1);
        fn->derived = cp->counters[0];
        fn->gave_up = cp->counters[1];
        fn->unrounded = cp->counters[2];
    }
    cp->c = (AftCheckpoint){ .save = s->opt.checkpoint ? save : NULL, .ctx = cp,
                             .resume = cp->loaded ? snap : NULL };
    o->checkpoint = &cp->c;
    return true;
}

void run_checkpoint_end(RunCheckpoint *cp)
{
    if (!cp->s) return;
    AftSnapshot *snap = &cp->snap;
    boundlist_free(&snap->pool);
    boundlist_free(&snap->final);
    boundlist_free(&snap->proven);
    boundlist_free(&snap->parked);
    mem_free(snap->nodes);
    mem_free(snap->parked_ids);
    mem_free(snap->root);
    memset(cp, 0, sizeof *cp);
}
