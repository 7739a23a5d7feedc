#!/bin/sh
# A clingo that fails as clingo does on bad input: a message on stderr, exit 65.
echo "*** ERROR: (clingo): parse error in line 1:1: unrecognized input format" >&2
exit 65
