args: asp --solver clingo --project tests/golden/asp/project-shown.lp 0
needs: clingo
