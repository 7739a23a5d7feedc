/* absops.c: interval arithmetic and three-valued comparisons on ints, reals and lattice
 * intervals (see absops.h). */
#include "code/absops.h"

#include <math.h>

static const AbsPair UNKNOWN = { 0, 1 };

static AbsPair truth(bool surely_true, bool surely_false)
{
    if (surely_true) return (AbsPair){ 1, 1 };
    if (surely_false) return (AbsPair){ 0, 0 };
    return UNKNOWN;
}

double absop_down(double d) { return nextafter(d, -INFINITY); }
double absop_up(double d) { return nextafter(d, INFINITY); }

/* ---- ints ---- */

static AbsPair int_pair(int64_t lo, int64_t hi) { return (AbsPair){ word_from_int(lo), word_from_int(hi) }; }

/* The four corners of a * b (or a / b): min and max; false on overflow. */
static bool int_corners(Opcode op, int64_t al, int64_t ah, int64_t bl, int64_t bh, AbsPair *r)
{
    int64_t as[2] = { al, ah }, bs[2] = { bl, bh }, lo = 0, hi = 0;
    for (int i = 0; i < 4; i++) {
        int64_t a = as[i / 2], b = bs[i % 2], v;
        if (op == IR_MUL_I) {
            if (__builtin_mul_overflow(a, b, &v)) return false;
        } else {
            if (a == INT64_MIN && b == -1) return false;
            v = a / b;
        }
        if (i == 0 || v < lo) lo = v;
        if (i == 0 || v > hi) hi = v;
    }
    *r = int_pair(lo, hi);
    return true;
}

/* What a three-valued comparison of [al, ah] with [bl, bh] needs to know, for ints or reals. */
typedef struct Order { bool ah_lt_bl, ah_le_bl, al_gt_bh, al_ge_bh, point, apart; } Order;

/* k: 0..5 for LT LE GT GE EQ NE (the order of both rows in opcodes.h). */
static AbsPair compare3(int k, Order o)
{
    switch (k) {
    case 0: return truth(o.ah_lt_bl, o.al_ge_bh);
    case 1: return truth(o.ah_le_bl, o.al_gt_bh);
    case 2: return truth(o.al_gt_bh, o.ah_le_bl);
    case 3: return truth(o.al_ge_bh, o.ah_lt_bl);
    case 4: return truth(o.point, o.apart);
    default: return truth(o.apart, o.point);
    }
}

/* a mod b (the remainder with the sign of b) for a in [al, ah], b in [bl, bh]: a divisor of 0
 * fails, so only the others count.  For b > 0 the remainder is in [0, b - 1], and it is a
 * itself when 0 <= a < b; dually for b < 0. */
static bool int_mod(int64_t al, int64_t ah, int64_t bl, int64_t bh, AbsPair *r)
{
    bool has_neg = bl < 0, has_pos = bh > 0;
    if (!has_neg && !has_pos) return false;
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    if (has_pos) {
        int64_t least = bl > 0 ? bl : 1;
        bool same = al >= 0 && ah < least;
        lo = same ? al : 0;
        hi = same ? ah : bh - 1;
    }
    if (has_neg) {
        int64_t nearest = bh < 0 ? bh : -1;
        bool same = ah <= 0 && al > nearest;
        int64_t nlo = same ? al : bl + 1, nhi = same ? ah : 0;
        lo = nlo < lo ? nlo : lo;
        hi = nhi > hi ? nhi : hi;
    }
    *r = int_pair(lo, hi);
    return true;
}

bool absop_int(Opcode op, AbsPair a, AbsPair b, AbsPair *r)
{
    int64_t al = word_to_int(a.lo), ah = word_to_int(a.hi), bl = word_to_int(b.lo), bh = word_to_int(b.hi), x, y;
    switch (op) {
    case IR_ADD_I:
        if (__builtin_add_overflow(al, bl, &x) || __builtin_add_overflow(ah, bh, &y)) return false;
        *r = int_pair(x, y);
        return true;
    case IR_SUB_I:
        if (__builtin_sub_overflow(al, bh, &x) || __builtin_sub_overflow(ah, bl, &y)) return false;
        *r = int_pair(x, y);
        return true;
    case IR_MUL_I: return int_corners(op, al, ah, bl, bh, r);
    case IR_DIV_I: {                /* a divisor of 0 fails: only the nonzero ones count */
        AbsPair neg, pos;
        bool has_neg = bl < 0, has_pos = bh > 0;
        if (!has_neg && !has_pos) return false;
        if (has_neg && !int_corners(op, al, ah, bl, bh < 0 ? bh : -1, &neg)) return false;
        if (has_pos && !int_corners(op, al, ah, bl > 0 ? bl : 1, bh, &pos)) return false;
        if (!has_neg) *r = pos;
        else if (!has_pos) *r = neg;
        else *r = int_pair(word_to_int(neg.lo) < word_to_int(pos.lo) ? word_to_int(neg.lo) : word_to_int(pos.lo),
                           word_to_int(neg.hi) > word_to_int(pos.hi) ? word_to_int(neg.hi) : word_to_int(pos.hi));
        return true;
    }
    case IR_MOD_I: return int_mod(al, ah, bl, bh, r);
    case IR_MIN_I: *r = int_pair(al < bl ? al : bl, ah < bh ? ah : bh); return true;
    case IR_MAX_I: *r = int_pair(al > bl ? al : bl, ah > bh ? ah : bh); return true;
    default: {
        if (op < IR_LT_I || op > IR_NE_I) return false;     /* an opcode it does not know */
        Order o = { ah < bl, ah <= bl, al > bh, al >= bh, al == ah && bl == bh && al == bl, ah < bl || bh < al };
        *r = compare3((int)(op - IR_LT_I), o);
        return true;
    }
    }
}

/* ---- reals ---- */

static bool real_pair(double lo, double hi, AbsPair *r)
{
    if (isnan(lo) || isnan(hi)) return false;
    *r = (AbsPair){ word_from_double(lo), word_from_double(hi) };
    return true;
}

/* Outward rounding that keeps an exact result a point: the rounded s = a op b together with
 * the sign of the exact (a op b) - s, from an error-free transformation (TwoSum for + and -,
 * fma for * and /).  Where that transformation is not exact (an infinite result, or one near
 * the underflow range) the sign is unknown and both ends move one double out. */
typedef struct Rounded { double s; int err; } Rounded;   /* err: -1, 0, +1, or 2 unknown */

enum { ERR_UNKNOWN = 2 };
static const double TINY = 0x1p-960;     /* below it fma's residue may underflow */

static int sign_of(double e) { return e > 0 ? 1 : e < 0 ? -1 : 0; }

static Rounded rounded_sum(double a, double b)
{
    double s = a + b;
    if (!isfinite(s)) return (Rounded){ s, ERR_UNKNOWN };
    double bb = s - a, e = (a - (s - bb)) + (b - bb);
    return (Rounded){ s, isfinite(e) ? sign_of(e) : ERR_UNKNOWN };
}

static Rounded rounded_product(double a, double b)
{
    double p = a * b;
    if (a == 0 || b == 0) return (Rounded){ p, 0 };
    if (!isfinite(p) || fabs(p) < TINY) return (Rounded){ p, ERR_UNKNOWN };
    return (Rounded){ p, sign_of(fma(a, b, -p)) };
}

/* a / b - q = (a - q * b) / b; fma rounds a - q * b once, which keeps its sign unless it is
 * below the smallest double: it is a nonzero multiple of ulp(q) * ulp(b), about |a| / 2^106,
 * so |a| >= TINY is enough (so is |p| >= TINY for a * b - p). */
static Rounded rounded_quotient(double a, double b)
{
    double q = a / b;
    if (a == 0) return (Rounded){ q, 0 };
    if (!isfinite(q) || fabs(a) < TINY) return (Rounded){ q, ERR_UNKNOWN };
    return (Rounded){ q, sign_of(fma(-q, b, a)) * (b > 0 ? 1 : -1) };
}

static double lower_end(Rounded r) { return r.err == 0 || r.err == 1 ? r.s : absop_down(r.s); }
static double upper_end(Rounded r) { return r.err == 0 || r.err == -1 ? r.s : absop_up(r.s); }

static bool real_corners(Opcode op, double al, double ah, double bl, double bh, AbsPair *r)
{
    double as[2] = { al, ah }, bs[2] = { bl, bh }, lo = 0, hi = 0;
    for (int i = 0; i < 4; i++) {
        double a = as[i / 2], b = bs[i % 2];
        Rounded v = op == IR_MUL_R ? rounded_product(a, b) : rounded_quotient(a, b);
        if (isnan(v.s)) return false;
        double vl = lower_end(v), vh = upper_end(v);
        if (i == 0 || vl < lo) lo = vl;
        if (i == 0 || vh > hi) hi = vh;
    }
    return real_pair(lo, hi, r);
}

bool absop_real(Opcode op, AbsPair a, AbsPair b, AbsPair *r)
{
    double al = word_to_double(a.lo), ah = word_to_double(a.hi);
    double bl = word_to_double(b.lo), bh = word_to_double(b.hi);
    if (isnan(al) || isnan(ah) || isnan(bl) || isnan(bh)) return false;
    switch (op) {
    case IR_ADD_R: return real_pair(lower_end(rounded_sum(al, bl)), upper_end(rounded_sum(ah, bh)), r);
    case IR_SUB_R: return real_pair(lower_end(rounded_sum(al, -bh)), upper_end(rounded_sum(ah, -bl)), r);
    case IR_MUL_R: return real_corners(op, al, ah, bl, bh, r);
    case IR_DIV_R:                  /* near a divisor of 0 the quotient is unbounded */
        if (bl == 0 && bh == 0) return false;
        if (bl <= 0 && bh >= 0) return real_pair(-INFINITY, INFINITY, r);
        return real_corners(op, al, ah, bl, bh, r);
    case IR_MIN_R: return real_pair(fmin(al, bl), fmin(ah, bh), r);
    case IR_MAX_R: return real_pair(fmax(al, bl), fmax(ah, bh), r);
    default: {
        if (op < IR_LT_R || op > IR_NE_R) return false;     /* an opcode it does not know */
        Order o = { ah < bl, ah <= bl, al > bh, al >= bh, al == ah && bl == bh && al == bl, ah < bl || bh < al };
        *r = compare3((int)(op - IR_LT_R), o);
        return true;
    }
    }
}

/* ---- unary ---- */

static bool int_unary(Opcode op, int64_t l, int64_t h, AbsPair *a)
{
    if (l == INT64_MIN) return false;
    if (op == IR_NEG_I) { *a = int_pair(-h, -l); return true; }
    if (l >= 0) *a = int_pair(l, h);
    else if (h <= 0) *a = int_pair(-h, -l);
    else *a = int_pair(0, -l > h ? -l : h);
    return true;
}

/* An int as a double: exact up to 2^53, else rounded outwards. */
static bool int_to_real(int64_t l, int64_t h, AbsPair *a)
{
    double dl = (double)l, dh = (double)h, exact = 9007199254740992.0;
    if (fabs(dl) > exact) dl = absop_down(dl);
    if (fabs(dh) > exact) dh = absop_up(dh);
    return real_pair(dl, dh, a);
}

bool absop_unary(Opcode op, AbsPair *a)
{
    int64_t l = word_to_int(a->lo), h = word_to_int(a->hi);
    double dl = word_to_double(a->lo), dh = word_to_double(a->hi);
    switch (op) {
    case IR_NEG_I: case IR_ABS_I: return int_unary(op, l, h, a);
    case IR_NEG_R: return real_pair(-dh, -dl, a);
    case IR_ABS_R:
        if (dl >= 0) return real_pair(dl, dh, a);
        if (dh <= 0) return real_pair(-dh, -dl, a);
        return real_pair(0, fmax(-dl, dh), a);
    case IR_I2R: return int_to_real(l, h, a);
    case IR_NOT: *a = (AbsPair){ 1 - a->hi, 1 - a->lo }; return true;
    default: return false;
    }
}

/* ---- lattice intervals ---- */

/* Do [xl, xh] and [yl, yh] share an element?  Exactly when xl join yl <= xh meet yh. */
static bool meets(const Lattice *L, const Word *xl, const Word *xh, const Word *yl, const Word *yh, Word *tmp)
{
    Word *j = tmp, *m = tmp + L->nwords;
    L->ops->join(L, j, xl, yl);
    L->ops->meet(L, m, xh, yh);
    return L->ops->leq(L, j, m);
}

/* x <= y: surely when xh <= yl; surely not when not xl <= yh. */
static AbsPair leq3(const Lattice *L, const Word *xl, const Word *xh, const Word *yl, const Word *yh)
{
    return truth(L->ops->leq(L, xh, yl), !L->ops->leq(L, xl, yh));
}

static AbsPair eq3(const Lattice *L, const Word *xl, const Word *xh, const Word *yl, const Word *yh, Word *tmp)
{
    bool points = L->ops->eq(L, xl, xh) && L->ops->eq(L, yl, yh);
    return truth(points && L->ops->eq(L, xl, yl), !meets(L, xl, xh, yl, yh, tmp));
}

/* x < y = x <= y and x != y. */
static AbsPair lt3(const Lattice *L, const Word *xl, const Word *xh, const Word *yl, const Word *yh, Word *tmp)
{
    AbsPair le = leq3(L, xl, xh, yl, yh), eq = eq3(L, xl, xh, yl, yh, tmp);
    bool surely = le.lo && !eq.hi, surely_not = !le.hi || eq.lo;
    if (!surely && le.lo && !L->ops->eq(L, xh, yl)) surely = true;   /* x <= xh < yl <= y */
    return truth(surely, surely_not);
}

AbsPair absop_lattice_compare(Opcode op, const Lattice *L, const Word *xl, const Word *xh,
                              const Word *yl, const Word *yh, Word *tmp)
{
    AbsPair r;
    switch (op) {
    case IR_LAT_LE: return leq3(L, xl, xh, yl, yh);
    case IR_LAT_GE: return leq3(L, yl, yh, xl, xh);
    case IR_LAT_LT: return lt3(L, xl, xh, yl, yh, tmp);
    case IR_LAT_GT: return lt3(L, yl, yh, xl, xh, tmp);
    case IR_LAT_EQ: return eq3(L, xl, xh, yl, yh, tmp);
    default:
        r = eq3(L, xl, xh, yl, yh, tmp);
        return (AbsPair){ 1 - r.hi, 1 - r.lo };
    }
}
