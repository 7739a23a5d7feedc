args: asp --project=show tests/golden/asp/project-shown.lp
exit: 2
