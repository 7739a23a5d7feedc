args: asp --solver native --models 2 examples/coloring.lp
