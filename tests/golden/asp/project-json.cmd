args: asp --json tests/golden/asp/project.lp
