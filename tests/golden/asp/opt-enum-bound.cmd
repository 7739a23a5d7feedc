args: asp --opt-mode=enum,1,0 tests/golden/asp/opt.lp 0
exit: 0
