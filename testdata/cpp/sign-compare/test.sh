#!/bin/sh
# Interesting iff g++ compiles the file without an error and warns
#   comparison of integer expressions of different signedness:
#   'int' and 'std::vector<int>::size_type' {aka 'long unsigned int'} [-Wsign-compare]
out=$(LC_ALL=C timeout 30 g++ -std=c++17 -fsyntax-only -Wall -x c++ "$1" 2>&1) || exit 1
printf '%s\n' "$out" | grep -qF "warning: comparison of integer expressions of different signedness: 'int' and 'std::vector<int>::size_type' {aka 'long unsigned int'} [-Wsign-compare]"
