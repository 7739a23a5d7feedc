#!/usr/bin/env python3
"""genpoly.py SEED: a random .fix file of functions on reals whose fixed points are known
exactly by construction, for checkpoly.py.  Each function is clamped into [0, 1] per
coordinate (min/max) around x + G(x):
  poly  G(x) = a (x - r1) ... (x - rk): fixed points r1 .. rk (and an end of [0, 1] where
        the clamp holds it);
  pl    G(x) = max(min(L1, L2), L3) - x for three random lines Li: piecewise linear, its
        fixed points found exactly from its breakpoints by checkpoly.py;
  tri   two coordinates: G1(p1) = a (p1 - r1) ... (p1 - rk), G2(p1, p2) = b (p2 - t - k p1):
        fixed points (ri, t + k ri) (and the ends again).
Every constant is a short decimal; the exact function is that of the doubles it stands for
(checkpoly.py reads them as such).  After the program, one comment line per function says
what it is: `# poly NAME a r1 .. rk`, `# pl NAME c1 s1 c2 s2 c3 s3`, `# tri NAME a r1 .. rk ;
b t k`."""
import random
import sys

rng = random.Random(int(sys.argv[1]))


def num(lo, hi, digits=3):
    return '%.*g' % (digits, rng.uniform(lo, hi))


def roots(k):
    """k roots in (0.05, 0.95), at least 0.05 apart."""
    while True:
        rs = sorted(float(num(0.05, 0.95)) for _ in range(k))
        if all(b - a >= 0.05 for a, b in zip(rs, rs[1:])):
            return ['%.3g' % r for r in rs]


def product(var, rs):
    return ' * '.join('(%s - %s)' % (var, r) for r in rs)


def clamp(e):
    return 'min(1, max(0, %s))' % e


def poly(name):
    k = rng.randint(1, 4)
    a, rs = num(0.5, 3) if rng.random() < 0.5 else '-' + num(0.5, 3), roots(k)
    body = clamp('x + (%s) * %s' % (a, product('x', rs)))
    return 'fn %s(x: U): U = %s;' % (name, body), '# poly %s %s %s' % (name, a, ' '.join(rs))


def line():
    """c + s x with |s - 1| away from 0 (no piece on the diagonal)."""
    s = rng.choice(['-2', '-1', '-0.5', '0', '0.25', '0.5', '2', '3'])
    return num(-0.5, 1.5), s


def pl(name):
    ls = [line() for _ in range(3)]
    e = ['(%s + %s * x)' % (c, s) for c, s in ls]
    body = clamp('max(min(%s, %s), %s)' % tuple(e))
    return 'fn %s(x: U): U = %s;' % (name, body), '# pl %s %s' % (name, ' '.join(c + ' ' + s for c, s in ls))


def tri(name):
    k = rng.randint(1, 3)
    a, rs = num(0.5, 3) if rng.random() < 0.5 else '-' + num(0.5, 3), roots(k)
    b = rng.choice(['0.5', '-0.5', '2', '-2', '1.5'])
    t, kk = num(0.1, 0.5), num(-0.4, 0.4)
    one = clamp('p.1 + (%s) * %s' % (a, product('p.1', rs)))
    two = clamp('p.2 + (%s) * (p.2 - %s - (%s) * p.1)' % (b, t, kk))
    return ('fn %s(p: P2): P2 = (%s, %s);' % (name, one, two),
            '# tri %s %s %s ; %s %s %s' % (name, a, ' '.join(rs), b, t, kk))


def main():
    lines = ['lattice U = real [0, 1] tolerance 1e-6;', 'lattice P2 = U * U;']
    notes = []
    for i in range(6):
        kind = rng.choice([poly, poly, pl, tri])
        fn, note = kind('f%d' % i)
        lines += [fn, 'bnb f%d;' % i]
        notes.append(note)
    print('\n'.join(lines))
    print('\n'.join(notes))


main()
