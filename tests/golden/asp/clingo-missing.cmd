env: FIX_CLINGO=/nonexistent/clingo
args: asp --solver clingo examples/coloring.lp
exit: 1
