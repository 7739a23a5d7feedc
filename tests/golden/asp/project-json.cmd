args: asp --project --json tests/golden/asp/project.lp 0
