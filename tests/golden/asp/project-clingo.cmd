args: asp --project --solver clingo tests/golden/asp/project.lp 0
needs: clingo
