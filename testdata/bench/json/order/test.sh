#!/bin/sh
# The service fails when an order in EUR has a customer email with a plus
# sign, a name with a non-ASCII letter, and an item whose SKU is well formed.
python3 - "$1" <<'PY'
import json, re, sys
try:
    d = json.load(open(sys.argv[1], encoding="utf-8"))
    c = d["customer"]
    ok = (d.get("currency") == "EUR" and "+" in c["email"]
          and any(ord(ch) > 127 for ch in c["name"])
          and any(re.fullmatch(r"[A-Z]{3}-\d{4}", it["sku"]) for it in d["items"]))
except Exception:
    ok = False
sys.exit(0 if ok else 1)
PY
