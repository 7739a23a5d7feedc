args: asp --solver native examples/head-cycle.lp 0
