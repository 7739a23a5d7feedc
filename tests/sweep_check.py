#!/usr/bin/env python3
"""sweep_check.py FILE.json: the answers of one `fix run --json` of a generated program,
checked against each other (tests/sweep-cli.sh appends `fixpoints f;` for every f, so each
function's fixed points are known by enumeration):
  - every fixed point a bnb query lists is one of f's;
  - a complete bnb query lists all of them (the generator writes no `bnb f from`);
  - lfp / gfp give a fixed point of f.
Prints one line per disagreement and exits 1 if there is one."""
import json
import sys


def key(v):
    return json.dumps(v, sort_keys=True)


def main():
    lines = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
    fix = {}
    for q in lines:
        if q.get("query") == "fixpoints" and q.get("status") == "ok":
            fix[q["target"]] = set(key(v) for v in q["fixpoints"])
    bad = 0
    for i, q in enumerate(lines):
        kind, f = q.get("query"), q.get("target")
        if f not in fix or q.get("status") != "ok":
            continue
        if kind == "bnb":
            listed = set(key(v) for v in q.get("fixpoints", []))
            extra = listed - fix[f]
            if extra:
                print(f"line {i + 1}: bnb {f} lists {sorted(extra)}, not fixed points of {f}")
                bad += 1
            if q.get("complete") and listed != fix[f]:
                print(f"line {i + 1}: bnb {f} says complete, lists {len(listed)}, f has {len(fix[f])}")
                bad += 1
        elif kind in ("lfp", "gfp") and "value" in q and key(q["value"]) not in fix[f]:
            print(f"line {i + 1}: {kind} {f} = {q['value']}, not a fixed point of {f}")
            bad += 1
    sys.exit(1 if bad else 0)


main()
