#!/bin/sh
# The feed reader crashes on a Portuguese channel with an item in the
# Sports category whose enclosure is a PNG image served over https.
python3 - "$1" <<'PY'
import sys, xml.etree.ElementTree as ET
try:
    ch = ET.parse(sys.argv[1]).getroot().find("channel")
    lang = ch.get("{http://www.w3.org/XML/1998/namespace}lang", "")
    ok = lang.startswith("pt") and any(
        (it.findtext("category") or "") == "Sports"
        and (it.find("enclosure") is not None)
        and it.find("enclosure").get("url", "").startswith("https://")
        and it.find("enclosure").get("url", "").endswith(".png")
        for it in ch.iter("item"))
except Exception:
    ok = False
sys.exit(0 if ok else 1)
PY
