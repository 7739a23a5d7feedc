args: asp --solver native --project tests/golden/asp/project-shown.lp 0
