#!/bin/sh
# Interesting iff the order would still crash the (imaginary) checkout
# service: a coupon is applied to an order with a negative quantity.
# A real test would post the file to the service and check for a 500:
#   code=$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
#          --data-binary @"$1" http://127.0.0.1:8080/checkout)
#   [ "$code" = 500 ]
grep -q '"coupon"' "$1" && grep -Eq '"qty": *-[0-9]' "$1"
