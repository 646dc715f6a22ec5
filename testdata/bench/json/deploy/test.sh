#!/bin/sh
# The admission webhook fails on a Deployment rolling-updated with a
# container that always pulls and exposes a TCP port.
python3 - "$1" <<'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
    ok = (d["apiVersion"] == "apps/v1" and d["kind"] == "Deployment"
          and d["spec"]["strategy"]["type"] == "RollingUpdate"
          and any(c.get("imagePullPolicy") == "Always"
                  and any(p.get("protocol") == "TCP" for p in c.get("ports", []))
                  for c in d["spec"]["template"]["spec"]["containers"]))
except Exception:
    ok = False
sys.exit(0 if ok else 1)
PY
