# --solve-limit=N as clingo: the search stops after N conflicts, UNKNOWN (pigeons need more)
args: asp --solver native --solve-limit=5 tests/golden/asp/pigeons.lp 0
