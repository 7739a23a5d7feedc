# an option given twice (here the count, as a bare number and as -n): refused, as clingo does,
# rather than the last one winning
args: asp examples/queens.lp 0 -n 1
exit: 2
