args: asp --solver clingo --json tests/golden/asp/opt.lp
needs: clingo
