#!/usr/bin/env python3
"""check.py [--tamper] FIX FILE.fix...: replays every explanation `fix explain --json` gives of the
approx, refine and bnb queries of each FILE against the model itself, through `fix run`:

- each envelope call of an F step: the value it states is the envelope's, evaluated anew on the
  stated argument and bound B = [lo, hi] (antitone: f(hi) or f(lo); monotone: f(x); brute: the
  meet of f over [x, hi] or the join over [lo, x]; declared and derived envelopes: below that
  meet, above that join, as an envelope must be), and the next iterate is lo join value (hi meet
  value), inside B when the explanation says so and outside when it says the iterate left B;
- each lower or upper end is the last iterate of its iteration, each step starts from the bound
  the step before ended with, and the first one from the stated start interval;
- each bnb node's IR is what refine(f, lo, hi) gives (when the query chose no envelope or
  step count);
- each node bnb calls a fixed point is one: f(x) = x; each point it pruned as moved is moved;
  each F(B) it calls not an interval has a lower end not below its upper end.

A claim whose `show` fix refuses (elements of a dual of a product have no literal) is counted
as not checkable, not as accepted.  With --tamper each envelope call is made to claim another value (an end of B or its argument)
before it is checked, and the checker must reject: a test that it checks something.  Checks of values run on finite lattices (on reals an evaluation in doubles is not the
engine's rounded one); the structure is checked on every lattice.  Prints one line per file
and "explain-check: N claims, A accepted, R rejected"; exit 1 when any is rejected."""
import json
import subprocess
import sys


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout


class Claims:
    def __init__(self, lattice, fn, finite):
        self.T, self.f, self.finite = lattice, fn, finite
        self.shows = []          # (expression, what it claims)
        self.local = []          # (ok, what it claims), decided here

    def el(self, item, key):
        return "(%s : %s)" % (item[key + "_text"], self.T)

    def show(self, expr, what):
        if self.finite:
            self.shows.append((expr, what))

    def same(self, a, b, what):
        self.local.append((a == b, what))


TAMPER = False        # --tamper: each call claims another value (the checker must reject)


def tamper(it):
    for other in ("hi_text", "lo_text", "argument_text"):
        if it[other] != it["value_text"]:
            it["value_text"] = it[other]
            return


def check_call(c, it):
    if TAMPER:
        tamper(it)
    lo, hi, x = c.el(it, "lo"), c.el(it, "hi"), c.el(it, "argument")
    v, nxt = c.el(it, "value"), c.el(it, "next")
    up = it["side"] == "lower"
    env, f = it["envelope"], c.f
    what = "%s: %s" % (c.f, it["text"])
    if up:
        comb = "(%s join %s)" % (lo, v)
        c.show("%s == %s" % (comb, nxt), what + " [join]")
        c.show(("%s <= %s" if it["fits"] == "yes" else "not (%s <= %s)") % (nxt, hi), what + " [inside B]")
    else:
        comb = "(%s meet %s)" % (hi, v)
        c.show("%s == %s" % (comb, nxt), what + " [meet]")
        c.show(("%s <= %s" if it["fits"] == "yes" else "not (%s <= %s)") % (lo, nxt), what + " [inside B]")
    over = "inf { %s(y) | y in [%s .. %s] }" % (f, x, hi) if up else "sup { %s(y) | y in [%s .. %s] }" % (f, lo, x)
    if env == "antitone":
        c.show("%s == %s(%s)" % (v, f, hi if up else lo), what + " [antitone]")
    elif env == "monotone":
        c.show("%s == %s(%s)" % (v, f, x), what + " [monotone]")
    elif env == "brute":
        c.show("%s == %s" % (v, over), what + " [brute]")
    else:
        c.show(("%s <= %s" if up else "%s >= %s") % (v, over), what + " [%s envelope sound]" % env)


def check_end(c, end):
    calls = [k for k in end.get("because", []) if k["kind"] == "call"]
    if calls:
        c.same(end["end"], calls[-1]["next"], "%s: %s [last iterate]" % (c.f, end["text"]))
    for k in calls:
        check_call(c, k)


def check_steps(c, root):
    steps = [k for k in root.get("because", []) if k["kind"] == "step"]
    start = [k for k in root.get("because", []) if k["kind"] == "start"]
    steps.sort(key=lambda s: s["step"])
    prev = (start[0]["lo"], start[0]["hi"]) if start else None
    for s in steps:
        if prev is not None:
            c.same([s["from_lo"], s["from_hi"]], list(prev), "%s: %s [starts where the last ended]" % (c.f, s["text"]))
        ends = {k["kind"]: k for k in s.get("because", []) if k["kind"] in ("lower", "upper")}
        for e in ends.values():
            check_end(c, e)
        for k in s.get("because", []):
            if k["kind"] == "invalid":
                check_invalid(c, k)
        contract = [k for k in s.get("because", []) if k["kind"] == "contract"]
        if "lower" in ends and "upper" in ends and not contract:
            prev = (ends["lower"]["end"], ends["upper"]["end"])
        else:
            prev = None


def check_invalid(c, k):
    if k.get("reason") == "invalid":
        c.show("not (%s <= %s)" % (c.el(k, "lower"), c.el(k, "upper")), "%s: %s" % (c.f, k["text"]))
    for sub in k.get("because", []):
        if sub["kind"] == "call":
            check_call(c, sub)


def check_node(c, n):
    if "ir_lo_text" in n and c.replay_ir:
        ir = "refine(%s, %s, %s)" % (c.f, c.el(n, "lo"), c.el(n, "hi"))
        c.show("%s.lo == %s and %s.hi == %s" % (ir, c.el(n, "ir_lo"), ir, c.el(n, "ir_hi")),
               "%s: %s [IR]" % (c.f, n["text"]))
    if n.get("status") == "fixed point" and "point_text" in n and c.finite:
        p = c.el(n, "point")
        c.show("%s(%s) == %s" % (c.f, p, p), "%s: %s [f(x) = x]" % (c.f, n["text"]))
    if n.get("status") == "pruned" and n.get("reason") == "moved":
        p = c.el(n, "point")
        c.show("%s(%s) != %s" % (c.f, p, p), "%s: %s [moved]" % (c.f, n["text"]))
    for k in n.get("because", []):
        if k["kind"] == "node":
            check_node(c, k)
        elif k["kind"] == "invalid":
            check_invalid(c, k)


def claims_of(root):
    if root.get("kind") not in ("approx", "refine", "bnb") or "lattice" not in root:
        return None
    if "through the Galois insertion" in json.dumps(root):
        return None                      # via G: the steps are on the abstract lattice
    finite = root.get("finite") == "yes"
    c = Claims(root["lattice"], root["function"], finite)
    # a node's IR is refine(f, lo, hi) when the query chose no envelope and no step count
    c.replay_ir = finite and not any(w in root["query"].split() for w in ("envelope", "steps", "via"))
    if root["kind"] == "bnb":
        for k in root.get("because", []):
            if k["kind"] == "node":
                check_node(c, k)
    else:
        check_steps(c, root)
    return c


def check_file(fix, path):
    code, out = run([fix, "explain", "--json", path])
    claims = []
    for line in out.splitlines():
        c = claims_of(json.loads(line))
        if c:
            claims.append(c)
    shows = [s for c in claims for s in c.shows]
    local = [l for c in claims for l in c.local]
    bad = [what for ok, what in local if not ok]
    skipped = 0
    if shows:
        text = open(path).read() + "\n" + "".join("show %s;\n" % e for e, _ in shows)
        code, out = run_text(fix, text)
        values = {}
        for line in out.splitlines():
            o = json.loads(line)
            if o.get("query") == "show":
                values.setdefault(o["expr"], []).append(o.get("value"))
        for e, what in shows:
            got = values.get(e)
            if not got:
                skipped += 1             # no literal for the lattice (a dual of a product)
            elif got[-1] not in (True, "true"):
                bad.append("%s (show %s gave %s)" % (what, e, got[-1]))
    n = len(shows) + len(local) - skipped
    return n, bad, skipped


def run_text(fix, text):
    p = subprocess.run([fix, "run", "--json", "-"], input=text, capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout


def main():
    global TAMPER
    args = sys.argv[1:]
    if args and args[0] == "--tamper":
        TAMPER, args = True, args[1:]
    fix, files = args[0], args[1:]
    total = rejected = unchecked = 0
    for path in files:
        n, bad, skipped = check_file(fix, path)
        total += n
        rejected += len(bad)
        unchecked += skipped
        print("%s: %d claims, %d rejected, %d not checkable" % (path, n, len(bad), skipped))
        for b in bad[:10]:
            print("  REJECTED " + b)
    print("explain-check: %d claims, %d accepted, %d rejected (%d not checkable: no literal of the lattice)"
          % (total, total - rejected, rejected, unchecked))
    sys.exit(1 if rejected else 0)


if __name__ == "__main__":
    main()
