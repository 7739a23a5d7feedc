#!/usr/bin/env python3
"""outf2text.py FILE...: each FILE, the output of `clingo --outf=2` or `fix asp --outf=2`,
parsed as JSON and written to FILE.txt in clingo's text layout, so that canon.awk reads it as
it reads a text run: "Answer: k", the witness's atoms, "Optimization: costs" when it has
costs, the result line; then one line "Summary:" with Models' More, Optimum and Costs, and
its Number when there are no costs (an optimisation's count of improving models depends on
the search).  A FILE that is not JSON in clingo's layout ends the script with exit 1
(nonground.sh)."""
import json
import sys


def text(j):
    lines = []
    witnesses = [w for call in j["Call"] for w in call.get("Witnesses", [])]
    for k, w in enumerate(witnesses, 1):
        lines += [f"Answer: {k}", " ".join(w["Value"])]
        if "Costs" in w:
            lines.append("Optimization: " + " ".join(str(c) for c in w["Costs"]))
    lines.append(j["Result"])
    models = j["Models"]
    summary = [f"More={models['More']}"]
    if "Costs" in models:
        summary += [f"Optimum={models.get('Optimum')}", "Costs=" + ",".join(str(c) for c in models["Costs"])]
    else:
        summary.append(f"Number={models['Number']}")
    lines.append("Summary: " + " ".join(summary))
    return "\n".join(lines) + "\n"


def main():
    for name in sys.argv[1:]:
        with open(name) as f:
            out = text(json.load(f))
        with open(name + ".txt", "w") as f:
            f.write(out)


if __name__ == "__main__":
    main()
