args: asp --solver native --opt-mode optN tests/golden/asp/opt-one.lp
