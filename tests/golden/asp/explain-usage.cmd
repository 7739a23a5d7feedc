# no program file: a usage error
args: explain p
exit: 2
