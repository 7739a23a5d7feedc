# an atom the ground program does not have: false in every model
args: explain --wf tests/golden/asp/explain/reach.lp reach(f)
