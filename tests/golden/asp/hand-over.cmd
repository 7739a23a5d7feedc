args: asp --hand-over 1 --opt-mode=optN examples/vertex-cover.lp
needs: clingo
