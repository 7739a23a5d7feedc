args: asp --opt-mode=opt,2 -q tests/golden/asp/opt.lp
exit: 0
