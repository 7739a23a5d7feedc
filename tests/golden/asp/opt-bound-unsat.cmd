args: asp --opt-mode=optN,0 tests/golden/asp/opt.lp
exit: 0
