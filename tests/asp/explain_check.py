#!/usr/bin/env python3
"""explain_check.py FIX COUNT [SEED]: an independent checker of `fix explain` on random ground
programs (normal rules, choice rules, constraints, weight bodies), written as aspif with every
atom shown.  For each program it computes, on its own, the well-founded bound (the alternating
fixpoint of the program with choice rules as even loops), every stable model (by brute force
over the sets of atoms), and the least height of each true atom's derivations (by layers: the
atoms derivable with derivations of height 1, 2, ...).  Then it replays fix's JSON explanation:

  - each atom's value in the well-founded bound and in each model is the one computed here;
  - a true atom's rule is a rule of the program that gives it (its body holds, a disjunction's
    other heads are false, a choice only in a model), its height is the least one, and the
    body's atoms below it hold at a lower height (negative literals: false atoms);
  - a false atom lists every rule with it in the head, each with a literal that fails there
    (or a weight body that cannot reach its bound, a model's choice left out); an unfounded
    set is unfounded: all its atoms are false and each rule for them fails outside the set or
    at a positive atom of the set;
  - an undefined atom's residual rules have an undefined head and a body that is not false;
  - with no stable model, the minimal set has none and each set with one rule removed has one.

Prints "explain-check: N passed, N failed" (one check per program) and the first failures."""
import itertools
import json
import os
import random
import subprocess
import sys
import tempfile

T, U, F = 2, 1, 0


def gen_program(rng, n):
    """A random program over atoms 1..n: a list of rules (kind, heads, pos, neg, weights, bound)."""
    rules = []
    atoms = list(range(1, n + 1))
    for _ in range(rng.randint(n, 2 * n + 2)):
        r = rng.random()
        npos, nneg = rng.randint(0, 2), rng.randint(0, 2)
        body = rng.sample(atoms, min(n, npos + nneg))
        pos, neg = body[:npos], body[npos:]
        if r < 0.55:
            rules.append(("normal", [rng.choice(atoms)], pos, neg, None, None))
        elif r < 0.72:
            rules.append(("choice", rng.sample(atoms, rng.randint(1, 2)), pos, neg, None, None))
        elif r < 0.82:
            if pos or neg:
                rules.append(("constraint", [], pos, neg, None, None))
        else:
            k = rng.randint(2, min(4, n))
            lits = rng.sample(atoms, k)
            np_ = rng.randint(0, k)
            ws = [rng.randint(1, 3) for _ in range(k)]
            total = sum(ws)
            bound = rng.randint(2, max(2, total - 1))
            ws = [min(w, bound) for w in ws]
            if all(w == 1 for w in ws) and bound == k or bound >= sum(ws) or bound < 2:
                continue
            kind = "normal" if rng.random() < 0.8 else "choice"
            rules.append((kind, [rng.choice(atoms)], lits[:np_], lits[np_:], ws, bound))
    for a in rng.sample(atoms, rng.randint(0, 2)):
        rules.append(("normal", [a], [], [], None, None))
    return rules


def aspif(rules, n):
    out = ["asp 1 0 0"]
    for kind, heads, pos, neg, ws, bound in rules:
        ht = 1 if kind == "choice" else 0
        head = f"{ht} {len(heads)} " + " ".join(map(str, heads)) if heads else f"{ht} 0"
        head = head.strip()
        if ws is None:
            lits = pos + [-a for a in neg]
            out.append(f"1 {head} 0 {len(lits)} " + " ".join(map(str, lits)))
        else:
            lits = pos + [-a for a in neg]
            pairs = " ".join(f"{l} {w}" for l, w in zip(lits, ws))
            out.append(f"1 {head} 1 {bound} {len(lits)} {pairs}")
    for a in range(1, n + 1):
        out.append(f"4 {len(name(a))} {name(a)} 1 {a}")
    out.append("0")
    return "\n".join(" ".join(l.split()) for l in out) + "\n"


NAMES = {}          # atom -> name, when the program names its atoms otherwise than aN


def name(a):
    return NAMES.get(a, f"a{a}")


BY_NAME = {}


def atom_of(nm):
    if NAMES:
        if not BY_NAME:
            BY_NAME.update({v: k for k, v in NAMES.items()})
        return BY_NAME[nm]
    return int(nm[1:])


def read_aspif(text):
    """Rules of an aspif program (normal and weight bodies, choice and disjunctive heads;
    externals made true facts or free choices as fix reads them), with each atom named
    _aN when gringo leaves it hidden.  Returns (rules, n, names, aspif with every atom shown)."""
    rules, names, shown_lines, ext, facts = [], {}, [], {}, []
    n = 0
    lines = text.split("\n")
    for line in lines[1:]:
        f = line.split()
        if not f or f[0] == "0":
            continue
        if f[0] == "1":
            ht, nh = int(f[1]), int(f[2])
            heads = [int(x) for x in f[3:3 + nh]]
            i = 3 + nh
            bt = int(f[i])
            if bt == 0:
                nb = int(f[i + 1])
                lits = [int(x) for x in f[i + 2:i + 2 + nb]]
                pos, neg = [l for l in lits if l > 0], [-l for l in lits if l < 0]
                ws, bound = None, None
            else:
                bound, nb = int(f[i + 1]), int(f[i + 2])
                pairs = [(int(f[i + 3 + 2 * k]), int(f[i + 4 + 2 * k])) for k in range(nb)]
                pos = [l for l, w in pairs if l > 0]
                neg = [-l for l, w in pairs if l < 0]
                ws = [w for l, w in pairs if l > 0] + [w for l, w in pairs if l < 0]
            kind = "choice" if ht == 1 else ("constraint" if nh == 0 else ("normal" if nh == 1 else "disjunction"))
            rules.append((kind, heads, pos, neg, ws, bound))
            n = max([n] + heads + pos + neg)
        elif f[0] == "4":
            k = int(f[1])
            nm = line.split(" ", 2)[2][:k]
            rest = line.split(" ", 2)[2][k:].split()
            if int(rest[0]) == 1:
                names[int(rest[1])] = nm
            elif int(rest[0]) == 0:
                facts.append(nm)
        elif f[0] == "5":
            ext[int(f[1])] = int(f[2])
            n = max(n, int(f[1]))
    for nm in facts:            # a shown fact: fix makes it an atom with a fact rule
        n += 1
        names[n] = nm
        rules.append(("normal", [n], [], [], None, None))
    defined = {h for r in rules for h in r[1]}
    for a, v in ext.items():
        if a not in defined and v in (0, 1):
            rules.append(("choice" if v == 0 else "normal", [a], [], [], None, None))
    for a in range(1, n + 1):
        if a not in names:
            names[a] = f"_a{a}"
            shown_lines.append(f"4 {len(names[a])} {names[a]} 1 {a}")
    body = [l for l in lines[:-1] if l.strip() and l.strip() != "0"]
    return rules, n, names, "\n".join(body + shown_lines + ["0"]) + "\n"


def body_weight(rule, holds_pos, holds_neg):
    """Weight of the literals that hold (holds_pos(a) for a positive atom, holds_neg(a) for
    `not a`) and the bound the body needs."""
    kind, heads, pos, neg, ws, bound = rule
    lits = [(a, False) for a in pos] + [(a, True) for a in neg]
    ws = ws or [1] * len(lits)
    need = bound if bound is not None else len(lits)
    got = sum(w for (a, ng), w in zip(lits, ws) if (holds_neg(a) if ng else holds_pos(a)))
    return got, need


def least_model(rules, neg_true, derive):
    """Least model of a reduct: negative literal `not a` holds iff neg_true(a); a rule whose
    body holds derives derive(kind, h, heads) for each head atom h."""
    m = set()
    changed = True
    while changed:
        changed = False
        for r in rules:
            kind, heads, pos, neg, ws, bound = r
            if kind == "constraint":
                continue
            got, need = body_weight(r, lambda a: a in m, neg_true)
            if got < need:
                continue
            for h in heads:
                for atom in derive(kind, h, heads):
                    if atom not in m:
                        m.add(atom)
                        changed = True
    return m


def stable_models(rules, n):
    out = []
    for bits in itertools.product([0, 1], repeat=n):
        m = {a for a in range(1, n + 1) if bits[a - 1]}
        lm = least_model(rules, lambda a: a not in m, lambda kind, h, heads: [h] if (kind != "choice" or h in m) and (kind != "disjunction" or not (set(heads) - {h}) & m) else [])
        if lm != m:
            continue
        ok = True
        for r in rules:
            if r[0] == "constraint":
                got, need = body_weight(r, lambda a: a in m, lambda a: a not in m)
                if got >= need:
                    ok = False
        if ok:
            out.append(m)
    return out


def well_founded(rules, n):
    """Values of atoms 1..n: alternating fixpoint; choice heads as h :- B, not h'."""
    def gamma(x):   # least model with `not a` true iff a not in x; choice h needs h' false: h' not in x
        return least_model_choice(rules, x)
    lo, hi = set(), set(range(1, n + 1)) | {-a for a in range(1, n + 1)}
    while True:
        nlo = gamma(hi)
        nhi = gamma(nlo)
        if nlo == lo and nhi == hi:
            break
        lo, hi = nlo, nhi
    val = {}
    for a in range(1, n + 1):
        val[a] = T if a in lo else (U if a in hi else F)
    return val, lo, hi


def least_model_choice(rules, x):
    """The translated program's reduct by x: atoms a and -a (the complement atom a' of a
    choice head); h :- B, not h'. and h' :- B, not h. for choice heads."""
    def derive(kind, h, heads):
        if kind == "disjunction":   # shifted: h :- B, not h2, ...
            return [h] if all(o not in x for o in heads if o != h) else []
        if kind != "choice":
            return [h]
        return [atom for atom, other in ((h, -h), (-h, h)) if other not in x]
    return least_model(rules, lambda a: a not in x, derive)


def least_heights(rules, val, model):
    """Least height of each true atom, by layers."""
    h = {}
    k = 0
    while True:
        k += 1
        new = {}
        for r in rules:
            kind, heads, pos, neg, ws, bound = r
            if kind == "constraint" or (kind == "choice" and not model):
                continue
            got, need = body_weight(r, lambda a: a in h, lambda a: val[a] == F)
            if got < need:
                continue
            for a in heads:
                others_false = kind != "disjunction" or all(val[b] == F for b in heads if b != a)
                if val[a] == T and a not in h and a not in new and others_false:
                    new[a] = k
        if not new:
            return h
        h.update(new)


class Fail(Exception):
    pass


def canon(rule):
    kind, heads, pos, neg, ws, bound = rule
    if ws is not None:          # fix's normal form: weights cut to the bound; a conjunction
        ws = [min(w, bound) for w in ws]
        if bound <= 0 or (all(w == 1 for w in ws) and bound == len(ws)):
            ws, bound = None, None
            if bound is not None and bound <= 0:
                pos, neg = [], []
    if ws is None:
        return (kind, tuple(sorted(heads)), tuple(sorted(pos)), tuple(sorted(neg)), None, None)
    lits = sorted([(a, False, w) for a, w in zip(pos, ws[:len(pos)])] + [(a, True, w) for a, w in zip(neg, ws[len(pos):])])
    return (kind, tuple(sorted(heads)), tuple(lits), None, None, bound)


TABLE = {}          # the JSON's table of rules, by index


def rule_json(j):
    """A rule as the JSON names it: an index into its table of rules, or the object."""
    return TABLE[j] if isinstance(j, int) else j


def rule_of_json(j):
    j = rule_json(j)
    num = lambda names: [atom_of(s) for s in names]
    return (j["kind"], num(j["head"]), num(j["pos"]), num(j["neg"]), j.get("weights"), j.get("bound"))


SEEN = {"true": 0, "false": 0, "unfounded": 0, "undefined": 0, "unsatisfiable": 0,
        "of constraints": 0, "models": 0}


class Checker:
    def __init__(self, rules, val, model, heights):
        self.rules, self.val, self.model, self.heights = rules, val, model, heights
        self.canon = {canon(r) for r in rules}

    def rule(self, j):
        j = rule_json(j)
        r = rule_of_json(j)
        if canon(r) not in self.canon:
            raise Fail(f"rule {j['text']} is not in the program")
        return r

    def lit_fails(self, a, negative):
        return self.val[a] == T if negative else self.val[a] == F

    def node(self, j):
        a = atom_of(j["atom"])
        want = {T: "true", F: "false", U: "undefined"}[self.val[a]]
        if j["value"] != want:
            raise Fail(f"{j['atom']} is {want}, fix says {j['value']}")
        if "see" in j:
            return
        SEEN["unfounded" if "unfounded" in j else j["value"]] += 1
        getattr(self, "node_" + j["value"])(a, j)

    def node_true(self, a, j):
        if j.get("why") == "minimality":    # a model of a program that is not head-cycle-free
            if not self.model or not any(r[0] == "disjunction" and a in r[1] for r in self.rules):
                raise Fail(f"{j['atom']}: kept by minimality, but no disjunctive rule has it")
            return
        r = self.rule(j["rule"])
        kind, heads, pos, neg, ws, bound = r
        if a not in heads or kind == "constraint" or (kind == "choice" and not self.model):
            raise Fail(f"rule {rule_json(j['rule'])['text']} does not give {j['atom']}")
        if j["height"] != self.heights.get(a):
            raise Fail(f"{j['atom']}: height {j['height']}, least is {self.heights.get(a)}")
        got, need = body_weight(r, lambda x: self.val[x] == T and self.heights.get(x, 1 << 30) < j["height"],
                                lambda x: self.val[x] == F)
        if got < need:
            raise Fail(f"{j['atom']}: the body of {rule_json(j['rule'])['text']} does not hold below height {j['height']}")
        for c in j["body"]:
            self.node(c)

    def failing(self, a, fr, in_set):
        r = self.rule(fr["rule"])
        kind, heads, pos, neg, ws, bound = r
        how = fr["fails"]
        if how in ("pos", "neg", "head"):
            b = atom_of(fr["literal"].split()[-1])
            ok = {"pos": b in pos and self.val[b] == F,
                  "neg": b in neg and self.val[b] == T,
                  "head": b in heads and b != a and self.val[b] == T}[how]
        elif how == "weight":
            got, need = body_weight(r, lambda x: self.val[x] != F, lambda x: self.val[x] != T)
            ok = got < need
        else:
            got, need = body_weight(r, lambda x: self.val[x] == T, lambda x: self.val[x] == F)
            ok = self.model and kind == "choice" and got >= need
        if not ok:
            raise Fail(f"{name(a)}: {rule_json(fr['rule'])['text']} does not fail as said ({how})")
        if in_set is not None and how == "pos":
            pass
        for c in fr["because"]:
            self.node(c)
        return r

    def all_rules_listed(self, a, listed):
        want = sorted(repr(canon(r)) for r in self.rules if a in r[1])
        got = sorted(repr(canon(r)) for r in listed)
        if want != got:
            raise Fail(f"{name(a)}: its rules are not all listed")

    def node_false(self, a, j):
        if "unfounded" in j:
            members = {atom_of(s) for s in j["unfounded"]}
            if any(self.val[x] != F for x in members):
                raise Fail(f"unfounded set of {j['atom']} holds an atom that is not false")
            for entry in j["set"]:
                x = atom_of(entry["atom"])
                listed = [self.failing(x, fr, members) for fr in entry["rules"]]
                self.all_rules_listed(x, listed)
            for r in self.rules:      # unfounded: every rule for the set fails outside or in it
                if not set(r[1]) & members or r[0] == "constraint":
                    continue
                got, need = body_weight(r, lambda x: self.val[x] != F and x not in members,
                                        lambda x: self.val[x] != T)
                other = r[0] != "choice" and len(r[1]) > 1 and any(self.val[h] == T for h in r[1])
                if got >= need and not other and not (self.model and r[0] == "choice"):
                    raise Fail(f"the unfounded set of {j['atom']} is supported by a rule")
            return
        listed = [self.failing(a, fr, None) for fr in j["rules"]]
        self.all_rules_listed(a, listed)

    def node_undefined(self, a, j):
        for rj in map(rule_json, j["residual"]):
            r = self.rule(rj)
            got, need = body_weight(r, lambda x: self.val[x] != F, lambda x: self.val[x] != T)
            if got < need or not any(self.val[h] == U for h in r[1]):
                raise Fail(f"{rj['text']} is not in the residual program")
        if not any(a in rule_of_json(rj)[1] for rj in map(rule_json, j["residual"])):
            raise Fail(f"{j['atom']}: no residual rule for it")


def explain_json(fix, path, text, models):
    """Writes text to path, runs fix explain --json on it and returns its object (its table of
    rules in TABLE)."""
    with open(path, "w") as f:
        f.write(text)
    p = subprocess.run([fix, "explain", "--json", "--models", models, path], capture_output=True, text=True)
    if p.returncode != 0:
        raise Fail(f"exit {p.returncode}: {p.stderr.strip()}")
    out = json.loads(p.stdout)
    TABLE.clear()
    TABLE.update({r["index"]: r for r in out.get("rules", [])})
    return out


def check_program(fix, rules, n, tmp):
    out = explain_json(fix, os.path.join(tmp, "p.aspif"), aspif(rules, n), "0")
    val, _, _ = well_founded(rules, n)
    wf_bad = any(r[0] == "constraint" and body_weight(r, lambda a: val[a] == T, lambda a: val[a] == F)[0]
                 >= body_weight(r, lambda a: val[a] == T, lambda a: val[a] == F)[1] for r in rules)
    if out["wf"]["consistent"] == wf_bad:
        raise Fail("well-founded consistency differs")
    if out["wf"]["consistent"]:
        c = Checker(rules, val, False, least_heights(rules, val, False))
        for j in out["wf"]["explain"]:
            c.node(j)
    models = stable_models(rules, n)
    got = [{int(s[1:]) for s in m["atoms"]} for m in out.get("models", [])]
    if sorted(map(sorted, got)) != sorted(map(sorted, models)):
        raise Fail(f"models differ: fix {got}, brute force {models}")
    SEEN["models"] += len(got)
    for m, mj in zip(got, out.get("models", [])):
        mv = {a: (T if a in m else F) for a in range(1, n + 1)}
        c = Checker(rules, mv, True, least_heights(rules, mv, True))
        for j in mj["explain"]:
            c.node(j)
    if not models:
        check_mus(rules, n, out)


def check_mus(rules, n, out):
    if "unsatisfiable" not in out:
        raise Fail("no stable model but no minimal unsatisfiable set")
    SEEN["unsatisfiable"] += 1
    canon_rules = [canon(r) for r in rules]
    chosen = []
    for rj in map(rule_json, out["unsatisfiable"]["rules"]):
        c = canon(rule_of_json(rj))
        if c not in canon_rules:
            raise Fail(f"unsatisfiable set names {rj['text']}, not a rule")
        chosen.append(rules[canon_rules.index(c)])
    base = []                   # scope "constraints": every rule with a head is kept
    if out["unsatisfiable"]["scope"] == "constraints":
        SEEN["of constraints"] += 1
        if any(r[0] != "constraint" for r in chosen):
            raise Fail("a set of constraints names a rule with a head")
        base = [r for r in rules if r[0] != "constraint"]
    if stable_models(base + chosen, n):
        raise Fail("the unsatisfiable set has a stable model")
    for i in range(len(chosen)):
        if not stable_models(base + chosen[:i] + chosen[i + 1:], n):
            raise Fail("the unsatisfiable set is not minimal")


def check_encoding(fix, path, tmp):
    """An .lp file through gringo, every atom shown, explained in the well-founded bound and
    its first three models; the models are checked stable (for a program that is not
    head-cycle-free, fix's note that it cannot search it is accepted)."""
    g = subprocess.run(["gringo", path], capture_output=True, text=True)
    if g.returncode != 0:
        raise Fail(f"gringo: {g.stderr.strip()}")
    rules, n, names, shown = read_aspif(g.stdout)
    NAMES.clear()
    BY_NAME.clear()
    NAMES.update(names)
    ap = os.path.join(tmp, "e.aspif")
    out = explain_json(fix, ap, shown, "3")
    val, _, _ = well_founded(rules, n)
    if out["wf"]["consistent"]:
        c = Checker(rules, val, False, least_heights(rules, val, False))
        for j in out["wf"]["explain"]:
            c.node(j)
    universe = None             # disjunctive programs: clingo's models (all atoms shown)
    if any(r[0] == "disjunction" for r in rules):
        c = subprocess.run(["clingo", "--mode=clasp", "0", ap], capture_output=True, text=True)
        lines = c.stdout.split("\n")
        universe = {frozenset(atom_of(x) for x in lines[i + 1].split())
                    for i, l in enumerate(lines) if l.startswith("Answer:")}
    for mj in out.get("models", []):
        m = {atom_of(s) for s in mj["atoms"]}
        mv = {a: (T if a in m else F) for a in range(1, n + 1)}
        if universe is not None:
            if frozenset(m) not in universe:
                raise Fail(f"model {mj['number']} is not one of clingo's")
        else:
            lm = least_model(rules, lambda a: a not in m,
                             lambda kind, h, heads: [h] if (kind != "choice" or h in m) and (kind != "disjunction" or not (set(heads) - {h}) & m) else [])
            if lm != m:
                raise Fail(f"model {mj['number']} is not stable")
        c = Checker(rules, mv, True, least_heights(rules, mv, True))
        for j in mj["explain"]:
            c.node(j)
    SEEN["models"] += len(out.get("models", []))


def split_statements(text):
    """The statements of an .lp text as (text as written, is it a rule): a '.' outside
    comments, strings and brackets, not part of '..', ends one; a rule has ':-', braces, a
    disjunction or a leading number at the top level (not a directive or weak constraint)."""
    out, i, start, depth, body, head = [], 0, None, 0, False, False
    while i < len(text):
        c = text[i]
        if c == "%":
            if text.startswith("%*", i):
                j, d = i, 0
                while j < len(text):
                    if text.startswith("%*", j):
                        d, j = d + 1, j + 2
                    elif text.startswith("*%", j):
                        d, j = d - 1, j + 2
                        if d == 0:
                            break
                    else:
                        j += 1
                i = j
            else:
                while i < len(text) and text[i] != "\n":
                    i += 1
            continue
        if start is None:
            if c.isspace():
                i += 1
                continue
            start, depth, body, head = i, 0, False, False
        if c == '"':
            i += 1
            while i < len(text) and text[i] not in '"\n':
                i += 2 if text[i] == "\\" else 1
        elif c in "([{":
            head |= depth == 0 and c == "{"
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0 and text.startswith(":-", i):
            body = True
        elif depth == 0 and not body and c in "|;":
            head = True
        elif c == "." and text.startswith("..", i):
            i += 1
        elif c == "." and depth <= 0:
            st = text[start:i + 1]
            if st.startswith(":~") and "[" in text[i:i + 200]:
                i = text.index("]", i)
                st = text[start:i + 1]
            rule = not st.startswith("#") and not st.startswith(":~") and (body or head or st[0].isdigit())
            out.append((st, rule))
            start = None
        i += 1
    return out


def clingo_satisfiable(text, tmp):
    path = os.path.join(tmp, "m.lp")
    with open(path, "w") as f:
        f.write(text)
    p = subprocess.run(["clingo", "--models=1", path], capture_output=True, text=True)
    if "UNSATISFIABLE" in p.stdout:
        return False
    if "SATISFIABLE" in p.stdout:
        return True
    raise Fail(f"clingo: {p.stdout[-200:]} {p.stderr[-200:]}")


def check_mus_encoding(fix, path, tmp):
    """fix's minimal unsatisfiable set of an .lp file checked with clingo: the file with only
    those rules (its facts and directives kept) has no model, and without any one it has one."""
    p = subprocess.run([fix, "explain", "--json", path], capture_output=True, text=True)
    if p.returncode != 0:
        raise Fail(f"exit {p.returncode}: {p.stderr.strip()}")
    out = json.loads(p.stdout)
    if "unsatisfiable" not in out:
        raise Fail("no minimal unsatisfiable set")
    norm = lambda t: " ".join(t.split())
    chosen = [norm(r["text"]) for r in out["unsatisfiable"]["rules"]]
    stmts = split_statements(open(path).read())
    rules = [norm(t) for t, rule in stmts if rule]
    if any(c not in rules for c in chosen):
        raise Fail(f"the set names a statement that is not a rule of {path}")
    keep_heads = out["unsatisfiable"]["scope"] == "constraints"
    base = [t for t, rule in stmts if not rule or (keep_heads and not norm(t).startswith(":-"))]
    if clingo_satisfiable("\n".join(base + chosen), tmp):
        raise Fail("clingo finds a model of the minimal unsatisfiable set")
    for i in range(len(chosen)):
        if not clingo_satisfiable("\n".join(base + chosen[:i] + chosen[i + 1:]), tmp):
            raise Fail(f"not minimal: without {chosen[i]} there is still no model")
    SEEN["unsatisfiable"] += 1


def main_encodings(fix, paths, mus=False):
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in paths:
            try:
                (check_mus_encoding if mus else check_encoding)(fix, path, tmp)
                passed += 1
            except Fail as e:
                failed += 1
                print(f"FAIL {path}: {e}")
    NAMES.clear()
    BY_NAME.clear()
    return passed, failed


def main():
    if len(sys.argv) > 2 and sys.argv[2] in ("--lp", "--mus"):
        passed, failed = main_encodings(sys.argv[1], sys.argv[3:], sys.argv[2] == "--mus")
        print("explained: " + ", ".join(f"{k} {v}" for k, v in SEEN.items()))
        print(f"explain-check: {passed} passed, {failed} failed")
        sys.exit(1 if failed else 0)
    fix, count = sys.argv[1], int(sys.argv[2])
    seed0 = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(seed0, seed0 + count):
            rng = random.Random(seed)
            n = rng.randint(2, 7)
            rules = gen_program(rng, n)
            try:
                check_program(fix, rules, n, tmp)
                passed += 1
            except Fail as e:
                failed += 1
                if failed <= 10:
                    print(f"FAIL seed {seed}: {e}")
    print("explained: " + ", ".join(f"{k} {v}" for k, v in SEEN.items()))
    print(f"explain-check: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
