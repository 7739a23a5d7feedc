args: asp --opt-mode=enum --outf=2 tests/golden/asp/opt.lp 0
exit: 0
