"""results.py: the bnb results of a `fix run --json --trace` output, for check.py and
checkpoly.py: bnb_results(path) yields each bnb query's result line (a dict) with the node
events of the trace that came before it (a list)."""
import json


def bnb_results(path):
    nodes = []
    for line in open(path):
        r = json.loads(line)
        if r.get('event') == 'node':
            nodes.append(r)
        if r.get('query') != 'bnb':
            continue
        yield r, nodes
        nodes = []
