#!/usr/bin/env python3
"""cmdline.py FIX: clingo's command lines (those of bench/ and docs/asp.md, and the options
users pass by habit) run with `clingo` and with `fix asp` in its place, on the example
encodings; the outputs are compared as clingo's users read them:

  - the text layout: the result line (SATISFIABLE, UNSATISFIABLE, OPTIMUM FOUND, UNKNOWN), the
    model count, the set of models (every model, when all are asked for; else each of fix's
    is one of clingo's), the optimum's costs;
  - --outf=1 (competition): the ANSWER block's model (one of clingo's optimal or stable
    models), COST, OPTIMUM, INCONSISTENT;
  - --outf=2 (JSON): parsed; Result, Models.Number and More, the set of witnesses' Values,
    Costs and Optimum.
  - -q / --quiet=N: the same result and counts, no Answer lines where clingo has none.
The exit status is not compared: clingo's is 10/20/30 (satisfiable, exhausted), fix's 0
(docs/asp.md, "clingo's command line").  Prints "cmdline: N passed, N failed"."""
import json
import re
import subprocess
import sys

CASES = [
    ("examples/queens.lp", ["0"]),
    ("examples/queens.lp", ["-n", "2"]),
    ("examples/queens.lp", ["--models", "0", "-c", "n=5"]),
    ("examples/queens.lp", ["--models=3", "--const", "n=7"]),
    ("examples/queens.lp", ["0", "-q"]),
    ("examples/queens.lp", ["0", "--quiet=1"]),
    ("examples/queens.lp", ["0", "--outf=1"]),
    ("examples/queens.lp", ["0", "--outf=2"]),
    ("examples/queens.lp", ["1", "--outf=2", "-c", "n=8"]),
    ("examples/queens.lp", ["0", "--time-limit=60"]),
    ("examples/coloring.lp", ["0"]),
    ("examples/coloring.lp", ["0", "--project"]),
    ("examples/coloring.lp", ["3", "--outf=1"]),
    ("examples/sudoku.lp", ["1"]),
    ("examples/hamilton.lp", ["0", "--outf=2"]),
    ("examples/knapsack.lp", ["0"]),
    ("examples/knapsack.lp", ["0", "-c", "target=40"]),
    ("examples/knapsack.lp", ["0", "--outf=1", "-c", "target=40"]),
    ("examples/knapsack.lp", ["0", "--outf=2", "-c", "target=40"]),
    ("examples/tsp.lp", ["0"]),
    ("examples/tsp.lp", ["0", "--opt-mode=optN"]),
    ("examples/tsp.lp", ["0", "--opt-mode=optN", "--quiet=1"]),
    ("examples/tsp.lp", ["0", "--outf=1"]),
    ("examples/tsp.lp", ["0", "--outf=2"]),
    ("examples/tsp.lp", ["0", "--outf=2", "--opt-mode=optN"]),
    ("examples/vertex-cover.lp", ["0"]),
    ("examples/vertex-cover.lp", ["0", "--opt-mode=optN", "--outf=1"]),
    ("examples/vertex-cover.lp", ["--opt-mode=opt", "-q"]),
    ("examples/pqrs.lp", ["0", "--stats"]),
    ("examples/vertex-cover.lp", ["0", "--opt-mode=optN", "--project"]),
    ("examples/tsp.lp", ["0", "--opt-strategy=bb"]),
    ("examples/tsp.lp", ["0", "--opt-strategy=bb,hier", "-q"]),
    ("examples/tsp.lp", ["0", "--opt-strategy=usc", "--opt-mode=optN"]),
    ("examples/vertex-cover.lp", ["0", "--opt-strategy=usc,oll", "--outf=2"]),
    ("examples/knapsack.lp", ["0", "--opt-strategy=usc,k,2", "-c", "target=40"]),
]


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    return p.stdout


def parse_text(out, competition=False):
    """Result, model count and whether it is exact, models (frozensets), costs of the last,
    and the models printed with the last costs (optN: the optimal ones)."""
    models, costs, result, count, exact, with_cost = [], None, None, None, True, []
    lines = out.split("\n")
    for i, line in enumerate(lines):
        body = line[2:] if competition and line.startswith("% ") else line
        if body.startswith("Answer:"):
            j = i + 2 if competition else i + 1
            atoms = lines[j].replace(".", " ").split() if competition else lines[j].split()
            models.append(frozenset(atoms))
        elif line.startswith("COST ") or line.startswith("Optimization: "):
            costs = line.split(None, 1)[1].split() if line.startswith("COST") else line.split(":")[1].split()
            with_cost.append((tuple(costs), models[-1]))
        elif body.startswith("Optimization :") and costs is None:
            costs = body.split(":")[1].split()
        elif line in ("SATISFIABLE", "UNSATISFIABLE", "OPTIMUM FOUND", "UNKNOWN"):
            result = line
        elif line in ("OPTIMUM", "INCONSISTENT"):
            result = line
        elif body.startswith("Models"):
            v = body.split(":")[1].strip()
            exact = not v.endswith("+")
            count = int(v.rstrip("+"))
    best = [m for c, m in with_cost if costs is not None and c == tuple(costs)]
    return result, count, exact, models, costs, best


def parse_json(out):
    j = json.loads(out)
    calls = j.get("Call", [])
    wit = [frozenset(w.get("Value", [])) for c in calls for w in c.get("Witnesses", [])]
    costs = [w.get("Costs") for c in calls for w in c.get("Witnesses", [])]
    models = j.get("Models", {})
    return j.get("Result"), models.get("Number"), models.get("More"), wit, costs, models.get("Optimum"), models.get("Costs")


def compare(path, args):
    clingo = run(["clingo"] + args + [path])
    fix = run(["build/fix" if len(sys.argv) < 2 else sys.argv[1], "asp"] + args + [path])
    all_models = run(["clingo", "0", "--opt-mode=ignore"] + const_args(args) +
                     (["--project"] if "--project" in args else []) + [path])
    universe = set(parse_text(all_models)[3])
    optn = "--opt-mode=optN" in args
    if "--outf=2" in args:
        c, f = parse_json(clingo), parse_json(fix)
        if c[0] != f[0] or not same_count(args, (c[1], c[2] == "no"), (f[1], f[2] == "no"), c[6]):
            return f"result/number/more: clingo {c[:3]}, fix {f[:3]}"
        if c[5] != f[5] or c[6] != f[6]:
            return f"optimum/costs: clingo {c[5]} {c[6]}, fix {f[5]} {f[6]}"
        if c[6] is not None:        # the optimal witnesses (optN: all of them)
            cb = {w for w, k in zip(c[3], c[4]) if k == c[6]}
            fb = {w for w, k in zip(f[3], f[4]) if k == f[6]}
            return None if (cb == fb if optn else fb <= universe) else "the optimal models differ"
        return same_models(args, c[3], f[3], universe)
    comp = "--outf=1" in args
    c, f = parse_text(clingo, comp), parse_text(fix, comp)
    if c[0] != f[0] or not same_count(args, (c[1], c[2]), (f[1], f[2]), c[4]):
        return f"result/count: clingo {c[:3]}, fix {f[:3]}"
    if c[4] != f[4]:
        return f"costs: clingo {c[4]}, fix {f[4]}"
    if c[4] is not None:            # optimisation: the optimal models (optN: all of them)
        if optn and not comp and set(c[5]) != set(f[5]):
            return "the optimal models differ"
        return None if set(f[5]) <= universe else "an optimal model of fix is not a stable model"
    if len(c[3]) != len(f[3]):
        return f"printed {len(f[3])} models, clingo {len(c[3])}"
    return same_models(args, c[3], f[3], universe)


def same_count(args, c, f, costs):
    """The model counts agree: equal, except that an optimisation's count of improving models
    depends on the search, and that after a model limit fix may say N+ where clingo knows there
    are no more (a weaker claim, not a wrong one)."""
    if costs is not None:
        return True
    if c == f:
        return True
    return c[0] == f[0] and c[1] and not f[1] and any(a not in ("0",) and a.lstrip("-n").isdigit() or a.startswith("--models=") for a in args)


def const_args(args):
    out = []
    for i, a in enumerate(args):
        if a in ("-c", "--const") and i + 1 < len(args):
            out += ["-c", args[i + 1]]
    return out


def same_models(args, cm, fm, universe):
    """Every model when all were printed by both (enumeration of all); else each of fix's
    is a stable (optimal) model clingo knows."""
    if set(cm) == set(fm):
        return None
    if any(m not in universe for m in fm):
        return "fix printed a model that is not one of clingo's"
    if "0" in args and "--project" not in args and "--outf=1" not in args and "-q" not in args \
            and not any(a.startswith("--quiet") for a in args) and "--opt-mode=optN" not in args \
            and not any("opt" in a for a in args):
        return "the sets of models differ"
    return None


def main():
    passed = failed = 0
    for path, args in CASES:
        try:
            why = compare(path, args)
        except Exception as e:          # a crash or a parse failure is a failure
            why = f"{type(e).__name__}: {e}"
        if why:
            failed += 1
            print(f"FAIL clingo {' '.join(args)} {path}: {why}")
        else:
            passed += 1
    print(f"cmdline: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
