# an atom the program does not have, with the models: no count across them
args: explain --models 0 tests/golden/asp/explain/cycle.lp nosuch
