# an aspif file: each rule by its text (aspif keeps no user's place)
args: explain tests/golden/asp/explain/small.aspif
