# --project=MODE takes show, project, auto or no
args: asp --project=shown tests/golden/asp/project-shown.lp
exit: 2
