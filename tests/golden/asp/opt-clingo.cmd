args: asp --solver clingo --opt-mode optN tests/golden/asp/opt.lp
needs: clingo
