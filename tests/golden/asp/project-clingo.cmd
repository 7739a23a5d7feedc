args: asp --solver clingo tests/golden/asp/project.lp
needs: clingo
