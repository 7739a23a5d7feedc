args: explain --help
