needs: clingo
args: asp --solver clingo --json --models 3 --budget 2 --rounds 2 examples/coloring.lp
