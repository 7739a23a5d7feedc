# a weight body: the residual with gringo's aggregate rule placed at the user's statement
args: explain tests/golden/asp/explain/weights.lp pass
