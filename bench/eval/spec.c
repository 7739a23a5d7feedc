/* spec.c: the spec.fix kernel in C.  A set of signs is a bit mask (neg 1, zero 2, pos 4), an
 * Env a pair of masks, a State five Envs (b0..b4), sigma a bit mask of the 16 assertions in
 * spec.fix's order.  Prints the number of fixed points of Phi(sigma) = sigma inter
 * Safe(A(sigma)). */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { NEG = 1, ZERO = 2, POS = 4, TOP = 7 };
typedef struct { unsigned x, y; } Env;
typedef struct { Env b[5]; } State;

static unsigned sneg(unsigned a)
{
    return (a & NEG ? POS : 0) | (a & ZERO ? ZERO : 0) | (a & POS ? NEG : 0);
}

static unsigned sadd(unsigned a, unsigned b)
{
    unsigned r = 0;
    if ((a & NEG) && (b & NEG)) r |= NEG;
    if (a & ZERO) r |= b;
    if (b & ZERO) r |= a;
    if ((a & POS) && (b & POS)) r |= POS;
    if (((a & NEG) && (b & POS)) || ((a & POS) && (b & NEG))) r |= TOP;
    return r;
}

static unsigned sdec(unsigned a) { return (a & POS ? ZERO | POS : 0) | (a & (NEG | ZERO) ? NEG : 0); }
static Env smash(Env e) { return e.x == 0 || e.y == 0 ? (Env){ 0, 0 } : e; }
static Env when(Env e, unsigned w) { return smash((Env){ e.x & w, e.y }); }
static Env out0(Env e) { return smash((Env){ e.x, ZERO }); }
static Env out2(Env e) { return smash((Env){ sdec(e.x), sadd(e.y, e.x) }); }
static Env out3(Env e) { return smash((Env){ e.x, sadd(e.y, sneg(e.x)) }); }

static State step(State s)
{
    Env a = out0(s.b[0]), b = out2(s.b[2]);
    return (State){ { { TOP, TOP }, { a.x | b.x, a.y | b.y }, when(s.b[1], POS),
                      when(s.b[1], NEG | ZERO), out3(s.b[3]) } };
}

static unsigned need(bool assumed, unsigned w) { return assumed ? w : TOP; }
static bool has(unsigned sig, unsigned i) { return (sig >> i) & 1; }

static Env strengthen(Env e, unsigned sig, unsigned i)
{
    return smash((Env){ e.x & need(has(sig, i), ZERO | POS) & need(has(sig, i + 1), POS),
                        e.y & need(has(sig, i + 2), ZERO | POS) & need(has(sig, i + 3), POS) });
}

static State assume(unsigned sig, State s)
{
    for (unsigned b = 1; b < 5; b++) s.b[b] = strengthen(s.b[b], sig, (b - 1) * 4);
    return s;
}

static State A(unsigned sig)
{
    State s;
    memset(&s, 0, sizeof s);
    for (;;) {
        State t = assume(sig, step(s));
        if (memcmp(&s, &t, sizeof s) == 0) return s;
        s = t;
    }
}

static bool safe(unsigned v, unsigned w) { return v != 0 && (v & w) != 0; }

static unsigned Safe(State s)
{
    unsigned r = 0;
    for (unsigned b = 1; b < 5; b++) {
        unsigned i = (b - 1) * 4;
        if (safe(s.b[b].x, ZERO | POS)) r |= 1u << i;
        if (safe(s.b[b].x, POS)) r |= 1u << (i + 1);
        if (safe(s.b[b].y, ZERO | POS)) r |= 1u << (i + 2);
        if (safe(s.b[b].y, POS)) r |= 1u << (i + 3);
    }
    return r;
}

int main(void)
{
    long n = 0;
    for (unsigned sig = 0; sig < (1u << 16); sig++)
        if ((sig & Safe(A(sig))) == sig) n++;
    printf("%ld\n", n);
    return 0;
}
