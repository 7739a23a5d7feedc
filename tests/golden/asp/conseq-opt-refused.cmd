args: asp --opt-mode=enum -e brave tests/golden/asp/opt.lp
exit: 2
