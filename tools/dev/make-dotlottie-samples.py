#!/usr/bin/env python3
"""Regenerates the dotLottie samples in sample-animations/ from checkmark.json (dev tool).

The .lottie files are committed; nothing in the build or the tests runs this script.
- themed-check.lottie: checkmark.json with its tick stroke and disc fill given slot ids ("mark",
  "disc"), in a version 2 archive with themes "dark" (fixed colours) and "pulse" (the disc's
  colour keyframed). `cylanim info` lists them; `render --theme dark` draws with one.
- lint-examples/check-theme-rule-unmatched.lottie: the same with a theme whose rule names slot
  "mrak", which no property has (a second theme gives "mark"): `cylanim lint` reports
  theme-rule-unmatched and nothing else.
"""
import json
import os
import zipfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "sample-animations")


def slotted_checkmark():
    with open(os.path.join(ROOT, "checkmark.json")) as f:
        anim = json.load(f)
    for group in anim["layers"][0]["shapes"]:
        for item in group["it"]:
            if item.get("nm") == "tick stroke":
                item["c"]["sid"] = "mark"
            if item.get("nm") == "disc fill":
                item["c"]["sid"] = "disc"
    return anim


def write(path, themes):
    manifest = {"version": "2", "generator": "tools/dev/make-dotlottie-samples.py",
                "animations": [{"id": "check"}], "themes": [{"id": t} for t in themes]}
    # Fixed timestamps so the archive is the same bytes every run.
    def entry(name, data):
        info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, json.dumps(data, separators=(",", ":")))
    with zipfile.ZipFile(path, "w") as z:
        entry("manifest.json", manifest)
        entry("a/check.json", slotted_checkmark())
        for name, rules in themes.items():
            entry(f"t/{name}.json", {"rules": rules})


write(os.path.join(ROOT, "themed-check.lottie"), {
    "dark": [{"id": "disc", "type": "Color", "value": [0.19, 0.82, 0.35]},
             {"id": "mark", "type": "Color", "value": [0.07, 0.07, 0.08, 1]}],
    "pulse": [{"id": "disc", "type": "Color", "keyframes": [
        {"frame": 0, "value": [0.18, 0.72, 0.36], "outTangent": {"x": 0.4, "y": 0}},
        {"frame": 20, "value": [0.2, 0.48, 1], "inTangent": {"x": 0.2, "y": 1}}]}],
})
write(os.path.join(ROOT, "lint-examples", "check-theme-rule-unmatched.lottie"), {
    "dark": [{"id": "disc", "type": "Color", "value": [0.19, 0.82, 0.35]},
             {"id": "mrak", "type": "Color", "value": [0.07, 0.07, 0.08]}],
    "light": [{"id": "mark", "type": "Color", "value": [1, 1, 1]}],
})
