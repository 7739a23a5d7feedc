# no program file: a usage error
args: explain --json
exit: 2
