# fix asp --version, as clingo --version: the version on stdout, exit 0
args: asp --version
