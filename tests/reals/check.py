#!/usr/bin/env python3
"""check.py FILE.fix OUT.json: every fixed point that `fix run --json --trace` claims proved on
reals (the result's `fixpoints` and `enclosures`, and the trace's node events of status
`fixpoint` and `enclosure`) is checked in exact rational arithmetic: f(x) = x for a
fixed point; for an enclosure [lo, hi], f(x) - x changes sign (f is continuous: gen.py
writes only + - * min max abs) or, for a monotone f, lo <= f(lo) and f(hi) <= hi; for a box
proved to hold exactly one (`unique`: Krawczyk's test, which also shows f(x) - x strictly
monotone on it), f(x) - x changes sign across it.  The
constants are the doubles they are written as.  Also every bnb's Final must meet each grid
interval where the exact f(x) - x changes sign (a fixed point is there: no prune may remove
it).  Prints one line per failure and a count line "claims N, wrong M"."""
import re
import sys
from fractions import Fraction

from results import bnb_results


def exact_fn(text):
    code = re.sub(r'(?<![\w.])(\d+(?:\.\d*)?(?:e-?\d+)?)', r'F("\1")', text)
    return eval('lambda x: ' + code, {'F': lambda t: Fraction(float(t)), 'min': min, 'max': max, 'abs': abs})


def main():
    src = open(sys.argv[1]).read()
    fns, monotone = {}, set()
    for line in src.splitlines():
        if line.startswith('# f'):
            name, body = line[2:].split(' ', 1)
            fns[name] = exact_fn(body)
        m = re.match(r'fn (\w+)\(x: U\): U( monotone)? =', line)
        if m and m.group(2):
            monotone.add(m.group(1))
    claims = wrong = 0
    for r, nodes in bnb_results(sys.argv[2]):
        f, name = fns[r['target']], r['target']
        points = [n.get('point', n['bound']['lo']) for n in nodes if n['status'] == 'fixpoint']
        boxes = [n['bound'] for n in nodes if n['status'] == 'enclosure']
        unique = [n['bound'] for n in nodes if n['status'] == 'unique'] + r.get('unique', [])
        for x in r.get('fixpoints', []) + points:
            claims += 1
            if f(Fraction(x)) != Fraction(x):
                wrong += 1
                print('WRONG %s: fixed point %r, but exactly f(x) - x = %s' % (name, x, float(f(Fraction(x)) - Fraction(x))))
        for e in r.get('enclosures', []) + boxes:
            claims += 1
            lo, hi = Fraction(e['lo']), Fraction(e['hi'])
            dlo, dhi = f(lo) - lo, f(hi) - hi
            ok = dlo * dhi <= 0 or (name in monotone and dlo >= 0 and dhi <= 0)
            if not ok:
                wrong += 1
                print('WRONG %s: enclosure [%r .. %r], but exactly f(x) - x is %s and %s there' % (name, e['lo'], e['hi'], float(dlo), float(dhi)))
        for e in unique:
            claims += 1
            lo, hi = Fraction(e['lo']), Fraction(e['hi'])
            if (f(lo) - lo) * (f(hi) - hi) > 0:
                wrong += 1
                print('WRONG %s: exactly one fixed point in [%r .. %r], but f(x) - x has one sign at both ends' % (name, e['lo'], e['hi']))
        claims += 1
        missed = missed_fixed_point(f, r.get('final', []))
        if missed:
            wrong += 1
            print('WRONG %s: exactly f(x) - x changes sign in [%r .. %r], but no bound of Final meets it' % (name, float(missed[0]), float(missed[1])))
    print('claims %d, wrong %d' % (claims, wrong))


def missed_fixed_point(f, final, n=256):
    """A grid interval [a, b] of [0, 1] where the exact f(x) - x changes sign (f is
    continuous, so it holds a fixed point) that no bound of Final meets, or None: a prune
    must never remove a fixed point."""
    boxes = [(Fraction(b['lo']), Fraction(b['hi'])) for b in final]
    xs = [Fraction(i, n) for i in range(n + 1)]
    ds = [f(x) - x for x in xs]
    for i in range(n):
        a, b = xs[i], xs[i + 1]
        if ds[i] * ds[i + 1] <= 0 and not any(lo <= b and a <= hi for lo, hi in boxes):
            return a, b
    return None


main()
