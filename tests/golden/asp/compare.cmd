needs: clingo
args: asp --wf --bounds --compare-consequences examples/coloring.lp
