# clingo's --text (gringo's text form) is refused with the way to get it
args: asp --text tests/golden/asp/opt-steps.lp
exit: 2
