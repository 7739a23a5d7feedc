#!/usr/bin/env python3
"""checkpoly.py FILE.fix OUT.json: checks bnb's answers on genpoly.py's functions, whose
fixed points are known exactly, in rational arithmetic (each constant the double it is
written as):
  - every known fixed point lies in a box the result reports (a fixed point, a box proved to
    hold exactly one or at least one, one within tolerance, or a bound of Final);
  - every claim is true: `fixpoints` and node events `fixpoint` are known fixed points; each
    box of `unique` and of node events `unique` holds exactly one known fixed point, each of
    `enclosures` / `enclosure` at least one;
and counts the known fixed points isolated: in a reported box (fixed point, exactly one, at
least one, within tolerance) no wider than the tolerance that holds no other.  Prints one
line per failure, then "claims N, wrong M, fixed points P, isolated I" and, per verdict, how
the fixed points that are not isolated are reported."""
import sys
from fractions import Fraction

from results import bnb_results

TOL = Fraction(1, 10**6)


def F(s):
    return Fraction(float(s))


def roots_of_pieces(g, breaks):
    """The zeros of g, linear between consecutive breaks (sorted, 0 and 1 included); None
    when g vanishes on a whole piece."""
    zs = set()
    for p, q in zip(breaks, breaks[1:]):
        gp, gq = g(p), g(q)
        if gp == 0 and gq == 0:
            return None
        if gp == 0:
            zs.add(p)
        if gq == 0:
            zs.add(q)
        if gp * gq < 0:
            zs.add(p - gp * (q - p) / (gq - gp))
    return zs


def clamped_fixed(g, zeros):
    """The fixed points of clamp01(x + g(x)): zeros of g inside (0, 1), 0 when g(0) <= 0,
    1 when g(1) >= 0."""
    fx = {z for z in zeros if 0 < z < 1}
    if g(Fraction(0)) <= 0:
        fx.add(Fraction(0))
    if g(Fraction(1)) >= 0:
        fx.add(Fraction(1))
    return fx


def poly_g(a, rs):
    def g(x):
        v = a
        for r in rs:
            v *= x - r
        return v
    return g


def known(note):
    """The exact fixed points of the function a note describes (tuples), or None."""
    kind, name, rest = note[0], note[1], note[2:]
    if kind == 'poly':
        a, rs = F(rest[0]), [F(r) for r in rest[1:]]
        return name, {(x,) for x in clamped_fixed(poly_g(a, rs), rs)}
    if kind == 'pl':
        ls = [(F(rest[2 * i]), F(rest[2 * i + 1])) for i in range(3)]
        raw = lambda x: max(min(ls[0][0] + ls[0][1] * x, ls[1][0] + ls[1][1] * x), ls[2][0] + ls[2][1] * x)
        g = lambda x: raw(x) - x
        breaks = {Fraction(0), Fraction(1)}
        for i in range(3):
            for j in range(i + 1, 3):
                if ls[i][1] != ls[j][1]:
                    b = (ls[j][0] - ls[i][0]) / (ls[i][1] - ls[j][1])
                    if 0 < b < 1:
                        breaks.add(b)
        zs = roots_of_pieces(g, sorted(breaks))
        return name, None if zs is None else {(x,) for x in clamped_fixed(g, zs)}
    if kind == 'tri':
        cut = rest.index(';')
        a, rs = F(rest[0]), [F(r) for r in rest[1:cut]]
        b, t, k = F(rest[cut + 1]), F(rest[cut + 2]), F(rest[cut + 3])
        pts = set()
        for p1 in clamped_fixed(poly_g(a, rs), rs):
            g2 = lambda p2, p1=p1: b * (p2 - t - k * p1)
            pts |= {(p1, p2) for p2 in clamped_fixed(g2, [t + k * p1])}
        return name, pts
    return name, None


def vec(v):
    return tuple(Fraction(x) for x in (v if isinstance(v, list) else [v]))


def inside(p, box):
    lo, hi = vec(box['lo']), vec(box['hi'])
    return all(a <= x <= b for a, x, b in zip(lo, p, hi))


def narrow(box):
    lo, hi = vec(box['lo']), vec(box['hi'])
    return all(b - a <= TOL for a, b in zip(lo, hi))


def check_query(r, nodes, pts, name, tally):
    """Checks one bnb result against the known fixed points pts; returns wrong claims."""
    wrong = []
    claims = 0
    for x in r.get('fixpoints', []) + [n['point'] for n in nodes if n['status'] == 'fixpoint' and 'point' in n]:
        claims += 1
        if vec(x) not in pts:
            wrong.append('%s: fixed point %r is not one' % (name, x))
    for b in r.get('unique', []) + [n['bound'] for n in nodes if n['status'] == 'unique']:
        claims += 1
        n_in = sum(inside(p, b) for p in pts)
        if n_in != 1:
            wrong.append('%s: exactly one fixed point in %r, but it holds %d' % (name, b, n_in))
    for b in r.get('enclosures', []) + [n['bound'] for n in nodes if n['status'] == 'enclosure']:
        claims += 1
        if not any(inside(p, b) for p in pts):
            wrong.append('%s: a fixed point in %r, but it holds none' % (name, b))
    boxes = [({'lo': x, 'hi': x}, 'fixed') for x in r.get('fixpoints', [])]
    boxes += [(b, 'unique') for b in r.get('unique', [])]
    boxes += [(b, 'enclosure') for b in r.get('enclosures', [])]
    boxes += [(b, 'within_tolerance') for b in r.get('within_tolerance', [])]
    final = r.get('final', [])
    for p in sorted(pts):
        claims += 1
        if not any(inside(p, b) for b, _ in boxes) and not any(inside(p, b) for b in final):
            wrong.append('%s: fixed point %s is in no reported box' % (name, [float(c) for c in p]))
        own = [k for b, k in boxes if inside(p, b) and narrow(b) and sum(inside(q, b) for q in pts) == 1]
        how = own[0] if own else ('in a wider bound' if any(inside(p, b) for b in final) else 'lost')
        tally[how] = tally.get(how, 0) + 1
    return claims, wrong


def main():
    notes = {}
    for line in open(sys.argv[1]):
        if line.startswith('# '):
            name, pts = known(line[2:].split())
            notes[name] = pts
    claims, wrong, tally = 0, [], {}
    for r, nodes in bnb_results(sys.argv[2]):
        pts = notes.get(r['target'])
        if pts is not None:
            c, w = check_query(r, nodes, pts, r['target'], tally)
            claims += c
            wrong += w
    for w in wrong:
        print('WRONG ' + w)
    isolated = sum(v for k, v in tally.items() if k in ('fixed', 'unique', 'enclosure', 'within_tolerance'))
    print('claims %d, wrong %d, fixed points %d, isolated %d' % (claims, len(wrong), sum(tally.values()), isolated))
    print('reported as: ' + ', '.join('%s %d' % kv for kv in sorted(tally.items())))


main()
