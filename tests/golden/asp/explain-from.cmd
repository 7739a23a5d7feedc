# a .fix file: its program blocks and the programs it grounds from .lp files
args: explain tests/golden/asp/explain/from.fix p
