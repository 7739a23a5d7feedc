args: asp --solver native -- 0
exit: 1
