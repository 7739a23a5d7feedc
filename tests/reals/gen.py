#!/usr/bin/env python3
"""gen.py SEED: a random .fix file of functions of one real whose bnb answers on reals are
checked exactly by check.py.  Each function is continuous (+ - * min max abs of x and
constants) or declared monotone (then built from monotone pieces only), clamped into
U = real [0, 1] by min/max, with a fixed point near a random t; some carry terms that
vanish exactly but not in doubles (((x + c) - x) - c times a large factor) or tiny
constants, so that a claim resting on floating point would be caught.  Some are monotone
cubics x + a (x - r)^2 (x - q) + d whose graph runs within the tolerance of the diagonal
around r, a little above or below it (two fixed points near r, or none).  Also prints, after a line `# exact`, each function's expression in Python
syntax over Fraction for check.py."""
import random
import sys

rng = random.Random(int(sys.argv[1]))


def const():
    r = rng.random()
    if r < 0.3:
        return rng.choice(['0.5', '0.25', '0.3', '0.1', '0.7', '2', '3', '0.75'])
    if r < 0.5:
        return rng.choice(['1e-17', '6e-17', '7e-17', '3e-16'])
    return '%.6g' % rng.uniform(-1, 1)


def rounding_term():
    """((x + a) - x) - a: 0 exactly, a few ulps in doubles; scaled up."""
    a = rng.choice(['6e-17', '1e-16', '3e-17', '2.5e-16'])
    k = rng.choice(['1e9', '1e11', '1e12'])
    return '(((x + %s) - x) - %s) * %s' % (a, a, k)


def expr(depth, monotone):
    r = rng.random()
    if depth == 0 or r < 0.25:
        return 'x' if rng.random() < 0.6 else const()
    if r < 0.35:
        return rounding_term()
    ops = ['+', '*', 'min', 'max'] if monotone else ['+', '-', '*', 'min', 'max', 'abs']
    op = rng.choice(ops)
    a, b = expr(depth - 1, monotone), expr(depth - 1, monotone)
    if op == 'abs':
        return 'abs(%s)' % a
    if op in ('min', 'max'):
        return '%s(%s, %s)' % (op, a, b)
    if monotone and op == '*':       # a non-negative factor keeps it monotone
        return '(%s) * %s' % (a, rng.choice(['0.5', '0.25', '2', '0.9', '1.5']))
    return '(%s %s %s)' % (a, op, b)


def function(monotone):
    """t + s * (x - t) + a small extra term (+ a rounding term): a fixed point near t."""
    # a dyadic t is a bisection point: bnb's boxes end on it, where f(t) = t + 1e-17 is t
    # in doubles only
    t = rng.choice(['0.25', '0.375', '0.5', '0.625', '0.75']) if rng.random() < 0.5 else '%.4g' % rng.uniform(0.2, 0.8)
    s = rng.choice(['0.5', '1.5', '3', '0.9']) if monotone else rng.choice(['-2', '-0.5', '0.5', '1.5', '3'])
    body = '%s + %s * (x - %s)' % (t, s, t)
    if rng.random() < 0.5:
        body += ' + (%s) * %s' % (expr(2, monotone), rng.choice(['1e-3', '1e-6', '0.01']))
    if rng.random() < 0.5:
        body += ' + ' + rounding_term()
    if rng.random() < 0.3:
        body += ' + ' + rng.choice(['1e-17', '6e-17', '-6e-17', '3e-16', '-1e-16'])
    return 'min(1, max(0, %s))' % body


def cubic():
    """x + a (x - r)^2 (x - q) + d: monotone on [0, 1] (|a| < 0.1), near the diagonal at r."""
    a = '%.3g' % rng.uniform(-0.09, 0.09)
    r, q = '%.4g' % rng.uniform(0.2, 0.8), '%.4g' % rng.uniform(-0.5, 1.5)
    d = rng.choice(['0', '1e-7', '-1e-7', '3e-7', '-3e-7', '2e-6', '-2e-6'])
    return 'min(1, max(0, x + %s * (x - %s) * (x - %s) * (x - %s) + %s))' % (a, r, r, q, d)


def main():
    lines = ['lattice U = real [0, 1] tolerance 1e-5;']
    exact = []
    for i in range(8):
        monotone = rng.random() < 0.5
        body = cubic() if monotone and rng.random() < 0.4 else function(monotone)
        ann = ' monotone' if monotone else ''
        lines.append('fn f%d(x: U): U%s = %s;' % (i, ann, body))
        lines.append('bnb f%d;' % i)
        exact.append('f%d %s' % (i, body))
    print('\n'.join(lines))
    print('# exact')
    print('\n'.join('# ' + e for e in exact))


main()
