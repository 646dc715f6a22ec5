#!/bin/sh
# Interesting iff gcc still compiles the file without errors and still
# warns about a division by zero (-Wdiv-by-zero).
out=$(gcc -c -Wall -o /dev/null -x c "$1" 2>&1) || exit 1
printf '%s\n' "$out" | grep -q 'division by zero'
