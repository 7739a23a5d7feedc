# an atom of a program block of a .fix file, each rule at its line and column
args: explain examples/pqrs.fix s
