#!/bin/sh
# Interesting iff libxml2's HTML parser still reports the mismatched end tag
# (the <i> ... </b> at the end of the page). Needs xmllint (libxml2-utils).
out=$(xmllint --html --noout "$1" 2>&1)
printf '%s\n' "$out" | grep -q 'Unexpected end tag : b'
