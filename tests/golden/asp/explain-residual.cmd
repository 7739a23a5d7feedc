# undefined atoms of the well-founded bound: the residual program that keeps each open
args: explain --wf tests/golden/asp/explain/loop.lp r t
