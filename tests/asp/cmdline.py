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
    Costs and Optimum; with --quiet, the parts the witnesses hold (as clingo's);
  - -q / --quiet=N: the same result and counts, no Answer lines where clingo has none;
    --quiet=M,C with C not M: the same result, count and optimum, Answer and Optimization
    lines where clingo has them and none where it has none, each model a stable one;
  - -V0: the models and the result without a header or Answer lines, as clingo's;
  - clingo's joined short forms (-n0, -t2, -cN=V, -q1, -Wnone), -W, -t N,MODE,
    --parallel-mode, --enum-mode's ways of enumerating, clasp's search options, --stats=N,
    --mode=clasp on a grounded file named .lp;
  - --enum-mode brave|cautious: the result, the last consequences and their count;
  - --opt-mode=enum[,B..] and an initial bound (opt,B.. and optN,B..): the result, the count
    and the set of (model, costs) pairs printed (all of them when all are asked for; else
    each of fix's is one of clingo's), or the optimum as above;
  - --outf=3: nothing printed, by either;
  - --mode=gringo: the ground programs (fix's and clingo's) solved by clingo alike.
The exit status is not compared: clingo's is 10/20/30 (satisfiable, exhausted), fix's 0
(docs/asp.md, "clingo's command line").  Prints "cmdline: N passed, N failed".
`cmdline.py FIX --case "FILE..." ARGS...` runs one such case on the files named (compete.sh:
an encoding and its instance)."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

CASES = [
    ("examples/queens.lp", ["0"]),
    ("examples/queens.lp", ["-n", "2"]),
    ("examples/queens.lp", ["--models", "0", "-c", "n=5"]),
    ("examples/queens.lp", ["--models=3", "--const", "n=7"]),
    ("examples/queens.lp", ["0", "-q"]),
    ("examples/tsp.lp", ["0", "--quiet=1,0"]),
    ("examples/tsp.lp", ["0", "--quiet=2,1", "--opt-mode=optN"]),
    ("examples/vertex-cover.lp", ["0", "--quiet=0,2"]),
    ("examples/knapsack.lp", ["0", "--quiet=1,2,2", "-c", "target=40"]),
    ("examples/queens.lp", ["0", "--quiet=1,0"]),
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
    ("examples/tsp.lp", ["0", "--opt-strategy=usc", "--outf=1"]),
    ("examples/tsp.lp", ["0", "--opt-strategy=usc,pmres", "--outf=2", "--opt-mode=optN"]),
    ("examples/vertex-cover.lp", ["0", "--opt-strategy=usc", "--quiet=1", "--opt-mode=optN"]),
    # -V0 (the models and the result only), clingo's joined short forms, -W, --mode=clasp,
    # -t N,MODE, --enum-mode's enumerations, clasp's search options (a note on stderr)
    ("examples/queens.lp", ["-V0", "0"]),
    ("examples/queens.lp", ["-V0", "-n0", "-cn=5"]),
    ("examples/queens.lp", ["--verbose=0", "-n", "2"]),
    ("examples/tsp.lp", ["-V0", "0"]),
    ("examples/tsp.lp", ["-V0", "--opt-mode=optN", "0"]),
    ("examples/knapsack.lp", ["-V0", "0", "--outf=1", "-c", "target=40"]),
    ("examples/vertex-cover.lp", ["-V0", "--opt-mode=optN", "--outf=1", "0"]),
    ("examples/pqrs.lp", ["-V0", "--stats", "0"]),
    ("examples/pqrs.lp", ["-V0", "-q", "0"]),
    ("examples/coloring.lp", ["-W", "none", "-V0", "0"]),
    ("examples/queens.lp", ["-Wno-atom-undefined", "-t2", "0"]),
    ("examples/queens.lp", ["-t", "2,split", "0", "-q1"]),
    ("examples/queens.lp", ["--parallel-mode=2,compete", "0", "--warn=all"]),
    ("examples/queens.lp", ["--enum-mode=record", "0", "--stats=2"]),
    ("examples/coloring.lp", ["-e", "bt", "--seed=7", "--configuration=jumpy", "0"]),
    ("examples/queens.lp", ["--mode=clasp", "0"]),
    ("examples/tsp.lp", ["--mode=clasp", "-V0", "--outf=2", "0"]),
    # --enum-mode brave|cautious: the last consequences, their count and the result
    ("examples/queens.lp", ["-e", "brave", "-c", "n=6"]),
    ("examples/queens.lp", ["--enum-mode=cautious", "-c", "n=6"]),
    ("examples/queens.lp", ["--enum-mode=brave", "-c", "n=3"]),
    ("examples/coloring.lp", ["--enum-mode=brave", "-V0"]),
    ("examples/coloring.lp", ["-ecautious", "0"]),
    ("examples/sudoku.lp", ["-e", "cautious", "--outf=2"]),
    ("examples/sudoku.lp", ["-e", "brave", "--outf=1"]),
    ("examples/pqrs.lp", ["-e", "brave", "--quiet=1"]),
    ("examples/pqrs.lp", ["-e", "brave", "--quiet=1,0"]),
    ("examples/hamilton.lp", ["-e", "cautious", "-q"]),
    ("examples/knapsack.lp", ["-e", "brave", "--opt-mode=ignore", "-c", "target=40"]),
    ("examples/vertex-cover.lp", ["--enum-mode=cautious", "--opt-mode=ignore", "--outf=2"]),
    ("examples/tsp.lp", ["--opt-mode=optN", "-e", "cautious", "0"]),
    ("examples/vertex-cover.lp", ["--opt-mode=optN", "--enum-mode=brave", "--outf=2"]),
    ("examples/knapsack.lp", ["--opt-mode=optN", "-e", "brave", "-q", "-c", "target=40"]),
    # --opt-mode=enum (every model within a bound, with its costs), an initial bound, --outf=3
    ("examples/tsp.lp", ["0", "--opt-mode=enum"]),
    ("examples/tsp.lp", ["0", "--opt-mode=enum,22"]),
    ("examples/tsp.lp", ["0", "--opt-mode=enum,18"]),
    ("examples/tsp.lp", ["--opt-mode=enum,25", "2"]),
    ("examples/tsp.lp", ["--opt-mode=opt,21", "0"]),
    ("examples/tsp.lp", ["--opt-mode=opt,18", "0"]),
    ("examples/tsp.lp", ["0", "--opt-mode=optN,19", "--outf=2"]),
    ("examples/vertex-cover.lp", ["0", "--opt-mode=enum,4,6", "--outf=2"]),
    ("examples/vertex-cover.lp", ["0", "--opt-mode=enum,3", "--outf=1"]),
    ("examples/vertex-cover.lp", ["0", "--opt-mode", "enum,4", "-V0"]),
    ("examples/vertex-cover.lp", ["0", "--opt-mode", "optN,3,5"]),
    ("examples/vertex-cover.lp", ["0", "--opt-mode=enum,5", "--project"]),
    ("examples/tsp.lp", ["0", "--outf=3"]),
    ("examples/vertex-cover.lp", ["--outf=3", "--opt-mode=enum,4", "--stats"]),
    # an option's value as one word or two, as clingo takes either: --outf 2, --const=N=V
    ("examples/queens.lp", ["--outf", "2", "0"]),
    ("examples/queens.lp", ["--const=n=5", "0"]),
    ("examples/tsp.lp", ["--opt-strategy", "bb,lin", "--opt-mode", "optN", "0"]),
    ("examples/coloring.lp", ["--configuration", "trendy", "--parallel-mode", "2", "0"]),
    ("examples/knapsack.lp", ["--outf", "1", "--const=target=40", "0"]),
    ("examples/queens.lp", ["--mode", "clasp", "--seed", "3", "0"]),
    ("examples/queens.lp", ["0", "--eq=0", "--sat-prepro", "-q"]),
    ("examples/queens.lp", ["0", "--outf=2", "-q"]),
    ("examples/tsp.lp", ["--mode=gringo"]),
    ("examples/strategic.lp", ["--mode=gringo"]),
    ("examples/coloring-card.lp", ["--mode=gringo"]),
    ("examples/coloring.lp", ["0", "--project=auto,3", "--del-max", "1000", "--lookahead",
                              "--save-progress=100", "--opt-usc-shrink=bin", "--no-init-moms"]),
    ("examples/queens.lp", ["0", "--outf=2", "--stats"]),
    ("examples/tsp.lp", ["0", "--outf=2", "--stats=2", "-V0"]),
    ("examples/queens.lp", ["0", "--outf=2", "--quiet=1"]),
    ("examples/tsp.lp", ["0", "--outf=2", "--quiet=1,0"]),
    ("examples/tsp.lp", ["0", "--outf=2", "--quiet=0,1", "--opt-mode=optN"]),
    ("examples/tsp.lp", ["0", "--outf=2", "--quiet=2,0"]),
    ("examples/vertex-cover.lp", ["0", "--outf=2", "--quiet=1,2"]),
    ("examples/sudoku.lp", ["-e", "cautious", "--outf=2", "--quiet=1"]),
    ("tests/golden/asp/opt-unsat.lp", ["0", "--outf=2"]),
    ("examples/tsp.lp", ["--trans-ext", "all", "--backprop", "--eq", "3", "0"]),
    # clasp's values in the forms clasp reads them (fix checks the value, then ignores it)
    ("examples/queens.lp", ["0", "--sign-def=POS", "--rand-freq=.5", "--opt-heuristic=sign,model",
                            "--seed=4294967295", "--trans-ext=dynamic", "--score-other=no", "--eq=-1",
                            "--del-on-restart=100"]),
    # --outf=1: every line after the result a comment, the keys in clingo's column
    ("examples/queens.lp", ["0", "--outf=1", "--stats"]),
    ("examples/vertex-cover.lp", ["0", "--outf=1", "--opt-mode=optN", "--stats"]),
    ("examples/tsp.lp", ["0", "--outf=1", "--enum-mode=cautious", "--opt-mode=optN"]),
    # no count: clingo's default (one model; every one for consequences, optN, an optimum)
    ("examples/queens.lp", []),
    ("examples/queens.lp", ["--outf=2"]),
    ("examples/tsp.lp", []),
    ("examples/tsp.lp", ["--outf=1"]),
    ("examples/vertex-cover.lp", ["--opt-mode=optN"]),
    ("examples/vertex-cover.lp", ["--opt-mode=enum"]),
    ("examples/vertex-cover.lp", ["--opt-mode=ignore"]),
    ("examples/sudoku.lp", ["--enum-mode=brave"]),
    ("examples/coloring.lp", ["--enum-mode=cautious", "-q"]),
    # #project without --project: not projected, as clingo's (every model, duplicates too)
    ("tests/golden/asp/project.lp", ["0"]),
    ("tests/golden/asp/project.lp", ["0", "--project"]),
    ("tests/golden/asp/project.lp", []),
]


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    return p.stdout


RESULTS = ("SATISFIABLE", "UNSATISFIABLE", "OPTIMUM FOUND", "UNKNOWN", "OPTIMUM", "INCONSISTENT")


def parse_text(out, competition=False, terse=False):
    """Result, model count and whether it is exact, models (frozensets), costs of the last,
    and the models printed with the last costs (optN: the optimal ones).  terse: -V0's
    layout, where a model is its line of atoms (after ANSWER in the competition format)."""
    models, costs, result, count, exact, with_cost = [], None, None, None, True, []
    lines = out.split("\n")
    for i, line in enumerate(lines):
        body = line[2:] if competition and line.startswith("% ") else line
        if terse and result is None and (line == "ANSWER" if competition else not (
                line.startswith("Optimization: ") or line.startswith("COST ") or line in RESULTS)):
            atoms = lines[i + 1] if competition else line
            models.append(frozenset(atoms.replace(".", " ").split() if competition else atoms.split()))
        elif body.startswith("Answer:"):
            j = i + 2 if competition else i + 1
            atoms = lines[j].replace(".", " ").split() if competition else lines[j].split()
            models.append(frozenset(atoms))
        elif line.startswith("COST ") or line.startswith("Optimization: "):
            costs = line.split(None, 1)[1].split() if line.startswith("COST") else line.split(":")[1].split()
            with_cost.append((tuple(costs), models[-1] if models else None))
        elif re.match(r"Optimization +:", body) and costs is None:
            costs = body.split(":")[1].split()
        elif line in RESULTS:
            result = line
        elif body.startswith("Models"):
            v = body.split(":")[1].strip()
            exact = not v.endswith("+")
            count = int(v.rstrip("+"))
    best = [m for c, m in with_cost if costs is not None and c == tuple(costs)]
    return result, count, exact, models, costs, best, with_cost


COMPETITION_WORDS = ("ANSWER", "") + RESULTS
SUMMARY_KEY = re.compile(r"% ( *[A-Z][A-Za-z ]*?) +: ")


def competition_lines(clingo, fix):
    """--outf=1: each of fix's lines is a comment, a result word, ANSWER and the model's line
    after it, or COST; the summary's keys ("% Models         : ") set as clingo's."""
    lines = fix.split("\n")
    for i, line in enumerate(lines):
        if not (line.startswith("%") or line in COMPETITION_WORDS or line.startswith("COST ")
                or (i and lines[i - 1] == "ANSWER")):
            return f"--outf=1: line {i + 1} is not in the competition format: {line!r}"
    def keys(out):
        return {m.group(1).strip(): m.group(0) for m in map(SUMMARY_KEY.match, out.split("\n"))
                if m and m.group(1).strip() in ("Models", "Optimum", "Optimal", "Optimization",
                                                 "Calls", "Consequences", "Cautious", "Brave")}
    c, f = keys(clingo), keys(fix)
    wrong = [f[k] for k in f if k in c and f[k] != c[k]]
    return f"--outf=1: the summary's keys as {wrong}, clingo's column differs" if wrong else None


def parse_json(out):
    j = json.loads(out)
    calls = j.get("Call", [])
    wit = [frozenset(w.get("Value", [])) for c in calls for w in c.get("Witnesses", [])]
    costs = [w.get("Costs") for c in calls for w in c.get("Witnesses", [])]
    models = j.get("Models", {})        # left out under -V0: the last witness's costs
    best = models.get("Costs", costs[-1] if "Models" not in j and costs else None)
    return j.get("Result"), models.get("Number"), models.get("More"), wit, costs, models.get("Optimum"), best


VERBOSE_LINES = ("Answer:", "% Answer:", "fix asp", "clingo version", "Reading from", "Solving...")


def grounded_as_lp(path, tmp):
    """--mode=clasp: the encoding grounded by gringo, in a file whose name ends in .lp."""
    out = os.path.join(tmp, "ground.lp")
    with open(out, "w") as f:
        subprocess.run(["gringo", path], stdout=f, check=True, timeout=300)
    return out


def consequences(out, args):
    """--enum-mode brave|cautious: the result, the last consequences printed (a set; None
    when only the count is printed) and the count ("N" or "N+")."""
    if "--outf=2" in args:
        j = json.loads(out)
        wit = [w for c in j.get("Call", []) for w in c.get("Witnesses", [])]
        m = j.get("Models", {})
        last = frozenset(wit[-1]["Value"]) if wit else frozenset()
        return j.get("Result"), last, m.get("Consequences", {}).get("True"), m.get("Brave", m.get("Cautious"))
    lines = [l[2:] if l.startswith("% ") else l for l in out.split("\n")]
    result, last, count = None, None, None
    for i, line in enumerate(lines):
        if line in ("ANSWER",) or line.startswith("Answer:"):
            last = frozenset(lines[i + 1].replace(".", " ").split())
        elif line in RESULTS:
            result = line
        elif line.startswith("Consequences "):
            count = line.split(":")[1].strip()
    if result is None and count is not None:
        result = "SATISFIABLE"          # --outf=1: no result line; the count says it
    return result, last, count


def opt_mode(args):
    """--opt-mode's value (either spelling), or None."""
    for i, a in enumerate(args):
        if a.startswith("--opt-mode="):
            return a[len("--opt-mode="):]
        if a == "--opt-mode" and i + 1 < len(args):
            return args[i + 1]
    return None


def enum_pairs(out, args, terse):
    """--opt-mode=enum: the result, the count, whether it is exact, and the (model, costs)
    pairs printed (costs as strings)."""
    if "--outf=2" in args:
        j = parse_json(out)
        return j[0], j[1], j[2] == "no", {(w, tuple(map(str, k))) for w, k in zip(j[3], j[4])}
    t = parse_text(out, "--outf=1" in args, terse)
    result = "OPTIMUM FOUND" if t[0] == "OPTIMUM" else t[0]
    return result, t[1], t[2], {(m, c) for c, m in t[6]}


def compare_enum(path, args, clingo, fix, terse):
    """Every model within the bound, with its costs: the same pairs when all were printed
    (each of fix's among clingo's otherwise), the same result and count."""
    c, f = enum_pairs(clingo, args, terse), enum_pairs(fix, args, terse)
    if c[0] != f[0] or not same_count(args, c[1:3], f[1:3], None):
        return f"result/count: clingo {c[:3]}, fix {f[:3]}"
    everything = run(["clingo", "0", "--opt-mode=" + opt_mode(args)] + const_args(args) +
                     (["--project"] if "--project" in args else []) + path.split())
    universe = enum_pairs(everything, [], False)[3]
    if not f[3] <= universe:
        return "fix printed a model, or costs, clingo does not have within the bound"
    if "0" in args and "--outf=1" not in args and c[3] != f[3]:
        return "the (model, costs) pairs differ"
    return None


JOINED = ("--outf", "--opt-strategy", "--parallel-mode", "--mode", "--configuration",
          "--heuristic", "--seed", "--sign-def", "--rand-freq", "--restarts", "--eq", "--trans-ext",
          "--del-max")


def one_spelling(args):
    """The options as the checks below look for them: clingo's options that take a value in
    one word (--outf=2) given as two (--outf 2) joined, and --const=N=V as -c N=V."""
    out, i = [], 0
    while i < len(args):
        a = args[i]
        if a in JOINED and i + 1 < len(args):
            out.append(a + "=" + args[i + 1])
            i += 1
        elif a.startswith("--const="):
            out += ["-c", a[len("--const="):]]
        else:
            out.append(a)
        i += 1
    return out


def solved_ground(aspif):
    """An aspif text solved by clingo: the result, model count and optimum lines (every model,
    optN, projected as clingo projects)."""
    out = subprocess.run(["clingo", "--mode=clasp", "-q", "0", "--opt-mode=optN", "--project"],
                         input=aspif, capture_output=True, text=True, timeout=300).stdout
    return [l for l in out.split("\n") if l in RESULTS or l.startswith(("Models", "Optimization"))]


def compare_ground(path, given):
    """--mode=gringo: fix's ground program solved by clingo as clingo's own is."""
    c = solved_ground(run(["clingo"] + given + path.split()))
    f = solved_ground(run(["build/fix" if len(sys.argv) < 2 else sys.argv[1], "asp"] + given + path.split()))
    return None if c == f else f"the ground programs solve differently: clingo's {c}, fix's {f}"


def compare(path, given, tmp):
    if "--mode=gringo" in given:
        return compare_ground(path, given)
    args = one_spelling(given)
    ground = [grounded_as_lp(path, tmp)] if "--mode=clasp" in args else path.split()
    clingo = run(["clingo"] + given + ground)
    fix = run(["build/fix" if len(sys.argv) < 2 else sys.argv[1], "asp"] + given + ground)
    if "--outf=3" in args:
        return None if clingo == fix == "" else f"--outf=3 printed: clingo {clingo!r}, fix {fix!r}"
    all_models = run(["clingo", "0", "--opt-mode=ignore"] + const_args(args) +
                     (["--project"] if "--project" in args else []) + path.split())
    terse = any(a in ("-V0", "--verbose=0") for a in args)
    if any(a in ("brave", "cautious", "-ebrave", "-ecautious") or a.startswith("--enum-mode=b")
           or a.startswith("--enum-mode=c") for a in args):
        c, f = consequences(clingo, args), consequences(fix, args)
        return None if c == f else f"consequences: clingo {c}, fix {f}"
    if terse and "--outf=2" not in args and any(l.startswith(VERBOSE_LINES) for l in fix.split("\n")):
        return "-V0 printed a header or Answer lines"
    universe = set(parse_text(all_models)[3])
    if (opt_mode(args) or "").startswith("enum"):
        return compare_enum(path, args, clingo, fix, terse)
    optn = (opt_mode(args) or "").startswith("optN")
    if "--outf=2" in args and call_keys(clingo) != call_keys(fix):
        return f"the calls' keys: clingo {call_keys(clingo)}, fix {call_keys(fix)}"
    if "--outf=2" in args and "--stats" in args and not same_core_stats(clingo, fix):
        return "--stats: Stats.Core's Choices and Conflicts, or LP's Atoms, missing"
    if "--outf=2" in args and quiet_given(args):
        return compare_json_quiet(args, clingo, fix, universe)
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
    if comp and competition_lines(clingo, fix):
        return competition_lines(clingo, fix)
    c, f = parse_text(clingo, comp, terse), parse_text(fix, comp, terse)
    if mixed_quiet(args):
        return compare_mixed_quiet(args, clingo, fix, c, f, universe)
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


def quiet_given(args):
    """-q, -qN or --quiet[=..] among the options."""
    return any(a == "-q" or re.fullmatch(r"-q\d.*", a) or a.startswith("--quiet") for a in args)


def same_core_stats(clingo, fix):
    """--outf=2 --stats: both have Stats.Core's Choices and Conflicts and Stats.LP's Atoms, as
    whole numbers (the figures themselves differ between the searches)."""
    def figures(out):
        st = json.loads(out).get("Stats", {})
        got = [st.get("Core", {}).get("Choices"), st.get("Core", {}).get("Conflicts"),
               st.get("LP", {}).get("Atoms")]
        return all(isinstance(x, int) for x in got)
    return figures(clingo) and figures(fix)


def call_keys(out):
    """--outf=2: the keys of each call ("Witnesses" only when one was written)."""
    return [sorted(c) for c in json.loads(out).get("Call", [])]


def witness_parts(out):
    """--outf=2: the keys of each witness, in order."""
    return [frozenset(w) for c in json.loads(out).get("Call", []) for w in c.get("Witnesses", [])]


def compare_json_quiet(args, clingo, fix, universe):
    """--outf=2 with --quiet: the result, count and optimum as clingo's; the parts the witnesses
    hold (Value, Costs, Consequences: the set of their kinds, and the last witness's) as
    clingo's; every Value fix printed a stable model."""
    c, f = parse_json(clingo), parse_json(fix)
    if c[0] != f[0] or not same_count(args, (c[1], c[2] == "no"), (f[1], f[2] == "no"), c[6]):
        return f"result/number/more: clingo {c[:3]}, fix {f[:3]}"
    if c[5] != f[5] or c[6] != f[6]:
        return f"optimum/costs: clingo {c[5]} {c[6]}, fix {f[5]} {f[6]}"
    cp, fp = witness_parts(clingo), witness_parts(fix)
    if set(cp) != set(fp) or cp[-1:] != fp[-1:]:
        return f"witness parts: clingo {[sorted(k) for k in cp]}, fix {[sorted(k) for k in fp]}"
    values = [frozenset(w["Value"]) for c in json.loads(fix).get("Call", [])
              for w in c.get("Witnesses", []) if "Value" in w]
    return None if set(values) <= universe else "fix printed a Value that is not a stable model"


def mixed_quiet(args):
    """--quiet=M,C[,T] with C not M: models and costs printed at different levels."""
    levels = [a[len("--quiet="):].split(",") for a in args if a.startswith("--quiet=")]
    return bool(levels) and len(levels[-1]) > 1 and levels[-1][0] != levels[-1][1]


def compare_mixed_quiet(args, clingo, fix, c, f, universe):
    """The result, count and optimum as clingo's; the kinds of line printed (Answer,
    Optimization, Consequences) as clingo's; every model printed a stable model."""
    if c[0] != f[0] or not same_count(args, (c[1], c[2]), (f[1], f[2]), c[4]) or c[4] != f[4]:
        return f"result/count/costs: clingo {c[:3]} {c[4]}, fix {f[:3]} {f[4]}"
    kinds = ("Answer:", "Optimization: ", "Consequences: ")
    ck = [any(l.startswith(k) for l in clingo.split("\n")) for k in kinds]
    fk = [any(l.startswith(k) for l in fix.split("\n")) for k in kinds]
    if ck != fk:
        return f"lines printed (Answer, Optimization, Consequences): clingo {ck}, fix {fk}"
    return None if set(f[3]) <= universe else "fix printed a model that is not a stable model"


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
    if "0" in args and "--project" not in args and "--outf=1" not in args \
            and not any(a.startswith("--quiet") or a.startswith("-q") for a in args) and "--opt-mode=optN" not in args \
            and not any("opt" in a for a in args):
        return "the sets of models differ"
    return None


def main():
    passed = failed = 0
    tmp = tempfile.mkdtemp(prefix="fix-cmdline-")
    cases = CASES
    if len(sys.argv) > 3 and sys.argv[2] == "--case":   # FIX --case "FILES" ARGS...: one case
        cases = [(sys.argv[3], sys.argv[4:])]
    for path, args in cases:
        try:
            why = compare(path, args, tmp)
        except Exception as e:          # a crash or a parse failure is a failure
            why = f"{type(e).__name__}: {e}"
        if why:
            failed += 1
            print(f"FAIL clingo {' '.join(args)} {path}: {why}")
        else:
            passed += 1
    shutil.rmtree(tmp)
    print(f"cmdline: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
