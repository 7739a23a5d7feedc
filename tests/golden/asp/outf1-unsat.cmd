# --outf=1 with no model: INCONSISTENT
args: asp --outf=1 tests/golden/asp/explain/pigeon.lp
