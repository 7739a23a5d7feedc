# an aspif file: each rule placed at its line
args: explain tests/golden/asp/explain/small.aspif
