#!/usr/bin/env python3
"""check.py FILE.fix OUT.json: every fixed point that `fix run --json` claims proved on
reals (`fixpoints`, `enclosures`) is checked in exact rational arithmetic: f(x) = x for a
fixed point; for an enclosure [lo, hi], f(x) - x changes sign (f is continuous: gen.py
writes only + - * min max abs) or, for a monotone f, lo <= f(lo) and f(hi) <= hi.  The
constants are the doubles they are written as.  Prints one line per failure and a count
line "claims N, wrong M"."""
import json
import re
import sys
from fractions import Fraction


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
    for line in open(sys.argv[2]):
        r = json.loads(line)
        if r.get('query') != 'bnb':
            continue
        f, name = fns[r['target']], r['target']
        for x in r.get('fixpoints', []):
            claims += 1
            if f(Fraction(x)) != Fraction(x):
                wrong += 1
                print('WRONG %s: fixed point %r, but exactly f(x) - x = %s' % (name, x, float(f(Fraction(x)) - Fraction(x))))
        for e in r.get('enclosures', []):
            claims += 1
            lo, hi = Fraction(e['lo']), Fraction(e['hi'])
            dlo, dhi = f(lo) - lo, f(hi) - hi
            ok = dlo * dhi <= 0 or (name in monotone and dlo >= 0 and dhi <= 0)
            if not ok:
                wrong += 1
                print('WRONG %s: enclosure [%r .. %r], but exactly f(x) - x is %s and %s there' % (name, e['lo'], e['hi'], float(dlo), float(dhi)))
    print('claims %d, wrong %d' % (claims, wrong))


main()
