#!/usr/bin/env python3
"""shard_union.py FIX FILE N...: `fix run --shard I/N` (docs/parallel.md, "Shards") for each N
given: query by query, the fixed points of shards 0..N-1 together are those of one run
(`--jobs 1`), each in exactly one shard for `fixpoints` (whose `examined` counts add up to one
run's), and bnb's Final and fixed points together are one run's, as sets.  Every shard runs
with another --jobs (1 to 3).  Prints one line per failure, then "P passed, F failed"."""
import json
import subprocess
import sys


def run(fix, path, *args):
    out = subprocess.run([fix, "run", "--json", *args, path], capture_output=True, text=True,
                         timeout=600)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: exit {out.returncode}: {out.stderr[:300]}")
    return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]


def key(x):
    return json.dumps(x, sort_keys=True)


def main():
    fix, path, ns = sys.argv[1], sys.argv[2], [int(n) for n in sys.argv[3:]]
    passed = failed = 0
    one = run(fix, path, "--jobs", "1")
    for n in ns:
        try:
            shards = [run(fix, path, "--shard", f"{i}/{n}", "--jobs", str(i % 3 + 1)) for i in range(n)]
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            failed += 1
            print(f"FAIL {path} --shard I/{n}: {e}")
            continue
        problems = []
        for q, whole in enumerate(one):
            parts = [s[q] for s in shards]
            if any(p.get("query") != whole.get("query") for p in parts):
                problems.append(f"query {q}: the shards' results are of other queries")
                continue
            kind = whole.get("query")
            if kind == "fixpoints":
                got = [key(x) for p in parts for x in p["fixpoints"]]
                if sorted(got) != sorted(key(x) for x in whole["fixpoints"]):
                    problems.append(f"fixpoints (query {q}): {len(got)} points against {len(whole['fixpoints'])}")
                if sum(p["examined"] for p in parts) != whole["examined"]:
                    problems.append(f"fixpoints (query {q}): the shards examined "
                                    f"{sum(p['examined'] for p in parts)} elements, not {whole['examined']}")
            elif kind == "bnb":
                for field in ("fixpoints", "final"):
                    got = {key(x) for p in parts for x in p[field]}
                    if got != {key(x) for x in whole[field]}:
                        problems.append(f"bnb (query {q}): the shards' {field} is not one run's "
                                        f"({len(got)} against {len(whole[field])})")
                cut = [p for p in parts if "shard_round" in p["stats"]]
                total = sum(len(p["fixpoints"]) for p in parts)
                if cut and (len(cut) != n or total != len(whole["fixpoints"])):
                    problems.append(f"bnb (query {q}): {len(cut)} of {n} shards cut, "
                                    f"{total} fixed points against {len(whole['fixpoints'])}")
                if not cut and any(key(p["final"]) != key(whole["final"]) for p in parts):
                    problems.append(f"bnb (query {q}): not cut, yet a shard's Final is not the whole")
            elif any(key(p) != key(whole) for p in parts):
                problems.append(f"{kind} (query {q}): a shard printed another result")
        if problems:
            failed += 1
            print(f"FAIL {path} --shard I/{n}: " + "; ".join(problems[:3]))
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")


if __name__ == "__main__":
    main()
