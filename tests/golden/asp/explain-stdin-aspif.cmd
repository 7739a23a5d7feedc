# standard input alone, aspif (by its first word): each rule placed at its aspif line
args: explain -
stdin: tests/golden/asp/explain/small.aspif
