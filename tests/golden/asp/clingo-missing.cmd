env: FIX_CLINGO=/nonexistent/clingo
args: asp --solver clingo examples/coloring.lp 0
exit: 1
