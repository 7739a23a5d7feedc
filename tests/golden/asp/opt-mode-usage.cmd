args: asp --opt-mode all tests/golden/asp/opt.lp
exit: 2
