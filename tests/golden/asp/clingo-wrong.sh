#!/bin/sh
# A clingo whose consequences are wrong (nothing is cautious, nothing brave): fix must
# report its sound bounds as refuted.
cat >/dev/null
printf "clingo version 5.4.1\nReading from stdin\nSolving...\nAnswer: 1\n\nSATISFIABLE\n"
exit 30
