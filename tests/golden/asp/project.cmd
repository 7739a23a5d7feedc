args: asp --solver native tests/golden/asp/project.lp
