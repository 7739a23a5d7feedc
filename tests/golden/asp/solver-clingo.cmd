needs: clingo
args: asp --solver clingo examples/coloring.lp 0
