"""gen.py SEED: a random .fix file for tests/run-warm-prop.sh: six functions F(s, k) each running
an lfp r => r union BODY (inflationary, so Kleene always ends) with BODY drawn from union,
inter, minus, if with literal or arbitrary branches, calls, let, in, <=, == and != over s, k,
r and constants, some monotone in a parameter, some antitone, some neither; and 80 calls
of each on pairs of subsets in a random order."""
import random, sys
random.seed(int(sys.argv[1]))
atoms = ['a','b','c','d']
def setlit():
    return '{' + ', '.join(random.sample(atoms, random.randint(0,3))) + '}'
def S(d):
    # an expression of type N (powerset) over s, k (params) and r (the lfp variable)
    if d <= 0:
        return random.choice(['s','k','r',setlit(),'succ(r)','succ(s)'])
    c = random.randint(0, 9)
    if c == 0: return '(%s union %s)' % (S(d-1), S(d-1))
    if c == 1: return '(%s inter %s)' % (S(d-1), S(d-1))
    if c == 2: return '(%s minus %s)' % (S(d-1), S(d-1))
    if c == 3: return '(if %s then %s else %s)' % (B(d-1), S(d-1), random.choice(['top','bot','{}',S(d-1)]))
    if c == 4: return '(if %s then %s else %s)' % (B(d-1), random.choice(['top','bot','{}',S(d-1)]), S(d-1))
    if c == 5: return 'succ(%s)' % S(d-1)
    if c == 6: return 'g(%s, %s)' % (S(d-1), S(d-1))
    if c == 7: return '(let t = %s in (t union %s))' % (S(d-1), S(d-1))
    return S(d-1)
def B(d):
    c = random.randint(0, 6)
    if c == 0: return '(%s in %s)' % (random.choice(atoms), S(d))
    if c == 1: return '(%s <= %s)' % (S(d), S(d))
    if c == 2: return '(%s == {})' % S(d)
    if c == 3: return '(%s != {})' % S(d)
    if c == 4: return '(not %s)' % B(d-1) if d > 0 else 'true'
    if c == 5: return '(%s == %s)' % (S(d), S(d))
    return '(%s and %s)' % (B(d-1), B(d-1)) if d > 0 else 'false'
print('lattice N = powerset {a, b, c, d};')
print('fn succ(x: N): N = (if a in x then {b} else {}) union (if b in x then {c} else {}) union (if c in x then {d} else {}) union (if d in x then {a} else {});')
print('fn g(x: N, y: N): N = if x <= y then x else y minus x;')
for i in range(6):
    print('fn F%d(s: N, k: N): N = lfp(r: N => r union %s);' % (i, S(3)))
    print('fn H%d(s: N, k: N): N = F%d(s, k);' % (i, i))
# every pair of arguments, in a shuffled order
subsets = ['{' + ', '.join(x for j, x in enumerate(atoms) if m >> j & 1) + '}' for m in range(16)]
pairs = [(p, q) for p in subsets for q in subsets]
random.shuffle(pairs)
for i in range(6):
    for p, q in pairs[:80]:
        print('show F%d(%s, %s);' % (i, p, q))
