# --solve-limit=N is the native search's budget: under auto nothing is handed to clingo
args: asp --solve-limit=40 --jobs 2 examples/queens.lp -c n=9 0 -q
