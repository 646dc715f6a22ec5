#!/bin/sh
# Run in the candidate folder (hdd's working directory for a folder input).
# Interesting iff gcc still compiles every source file without errors and
# still warns about a division by zero inside a macro of config.h, as in
# the original report: "include/config.h:...: warning: division by zero".
out=$(gcc -fsyntax-only -Wall -Werror=implicit-function-declaration -Werror=implicit-int \
	-Iinclude src/*.c 2>&1) || exit 1
printf '%s\n' "$out" | grep -q 'config\.h:[0-9]*:[0-9]*: warning: division by zero'
