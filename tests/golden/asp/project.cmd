args: asp --project --solver native tests/golden/asp/project.lp 0
