#!/usr/bin/env python3
"""Regenerates the dotLottie samples in sample-animations/ from checkmark.json (dev tool).

The .lottie files are committed; nothing in the build or the tests runs this script.
- themed-check.lottie: checkmark.json with its tick stroke and disc fill given slot ids ("mark",
  "disc"), in a version 2 archive with themes "dark" (fixed colours) and "pulse" (the disc's
  colour keyframed). `cylanim info` lists them; `render --theme dark` draws with one.
- lint-examples/check-theme-rule-unmatched.lottie: the same with a theme whose rule names slot
  "mrak", which no property has (a second theme gives "mark"): `cylanim lint` reports
  theme-rule-unmatched and nothing else.
- star.lottie: a favourites icon drawn here (a star that pops when selected, and a spark), its
  colours in slots "ink" (dark grey: right on the light bar, 1.6:1 on the dark one, so lint's
  dark-contrast fires without a dark variant) and "spark"; theme "dark" (light grey ink: what a
  tab shows in dark appearance by default) and theme "midnight" (light blue, the one
  sample-animations/tabbar/favourites.json names with CYLTabBarAnimationOptions darkTheme).
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


def static(value):
    return {"a": 0, "k": value}


def eased(keys):
    """Keyframes (frame, value) with one ease in and out for every segment."""
    out = []
    for frame, value in keys[:-1]:
        out.append({"t": frame, "s": value, "o": {"x": [0.33] * len(value), "y": [0] * len(value)},
                    "i": {"x": [0.67] * len(value), "y": [1] * len(value)}})
    out.append({"t": keys[-1][0], "s": keys[-1][1]})
    return {"a": 1, "k": out}


def group(name, items):
    transform = {"ty": "tr", "p": static([0, 0]), "a": static([0, 0]), "s": static([100, 100]),
                 "r": static(0), "o": static(100)}
    return {"ty": "gr", "nm": name, "it": items + [transform]}


def shape_layer(index, name, shapes, scale=None):
    ks = {"o": static(100), "r": static(0), "p": static([50, 52, 0]), "a": static([50, 52, 0]),
          "s": scale or static([100, 100, 100])}
    return {"ddd": 0, "ind": index, "ty": 4, "nm": name, "ip": 0, "op": 24, "st": 0, "sr": 1, "ks": ks,
            "shapes": shapes, "bm": 0}


INK = [0.227, 0.227, 0.235, 1]      # #3a3a3c
SPARK = [1, 0.584, 0, 1]           # #ff9500


def star():
    """A 100x100 star, 24 frames at 30 fps: at rest in frames 0 and 23, popping (scale 100 → 84
    → 112 → 100) in between; the spark stays put. Both colours are slots."""
    star_shape = {"ty": "sr", "nm": "star path", "sy": 1, "d": 1, "p": static([50, 52]), "r": static(0),
                  "pt": static(5), "or": static(34), "os": static(0), "ir": static(15), "is": static(0)}
    ink = {"ty": "fl", "nm": "star fill", "c": {"a": 0, "k": INK, "sid": "ink"}, "o": static(100), "r": 1}
    spark_shape = {"ty": "el", "nm": "spark path", "d": 1, "p": static([81, 19]), "s": static([12, 12])}
    spark = {"ty": "fl", "nm": "spark fill", "c": {"a": 0, "k": SPARK, "sid": "spark"}, "o": static(100), "r": 1}
    pop = eased([(0, [100, 100, 100]), (6, [84, 84, 100]), (14, [112, 112, 100]), (23, [100, 100, 100])])
    return {"v": "5.7.0", "fr": 30, "ip": 0, "op": 24, "w": 100, "h": 100, "nm": "star", "ddd": 0, "assets": [],
            "slots": {"ink": {"p": static(INK)}, "spark": {"p": static(SPARK)}},
            "layers": [shape_layer(1, "spark", [group("spark", [spark_shape, spark])]),
                       shape_layer(2, "star", [group("star", [star_shape, ink])], scale=pop)]}


def write(path, themes, animation_id="check", animation=None, machines=None):
    manifest = {"version": "2", "generator": "tools/dev/make-dotlottie-samples.py",
                "animations": [{"id": animation_id}], "themes": [{"id": t} for t in themes]}
    if machines:
        manifest["stateMachines"] = [{"id": m} for m in machines]
    # Fixed timestamps so the archive is the same bytes every run.
    def entry(name, data):
        info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, json.dumps(data, separators=(",", ":")))
    with zipfile.ZipFile(path, "w") as z:
        entry("manifest.json", manifest)
        entry(f"a/{animation_id}.json", animation or slotted_checkmark())
        for name, rules in themes.items():
            entry(f"t/{name}.json", {"rules": rules})
        for name, machine in (machines or {}).items():
            entry(f"s/{name}.json", machine)


def bool_guard(name, value):
    return [{"type": "Boolean", "inputName": name, "conditionType": "Equal", "compareTo": value}]


def toggle_machine(input_name, states_extra=None):
    """A tab's selected switch: a pointer-down toggles the boolean; "on" plays the star forward,
    "off" plays it back in reverse; "rest" shows frame 0 until the first toggle."""
    def state(name, to, value, **extra):
        return dict({"type": "PlaybackState", "name": name, "animation": "",
                     "transitions": [{"type": "Transition", "toState": to, "guards": bool_guard(input_name, value)}]}, **extra)
    states = [state("rest", "on", True), state("on", "off", False, autoplay=True),
              state("off", "on", True, autoplay=True, mode="Reverse")]
    for i, extra in (states_extra or {}).items():
        states[i].update(extra)
    return {"initial": "rest", "states": states,
            "interactions": [{"type": "PointerDown", "actions": [{"type": "Toggle", "inputName": input_name}]}],
            "inputs": [{"type": "Boolean", "name": input_name, "value": False}]}


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
write(os.path.join(ROOT, "star.lottie"), {
    "dark": [{"id": "ink", "type": "Color", "value": [0.949, 0.949, 0.969]}],          # #f2f2f7
    "midnight": [{"id": "ink", "type": "Color", "value": [0.392, 0.824, 1]},          # #64d2ff
                 {"id": "spark", "type": "Color", "value": [1, 0.839, 0.039]}],       # #ffd60a
}, animation_id="star", animation=star())
# toggle-star.lottie: the star with a state machine a tab drives by its "isActive" boolean:
# selecting plays the star forward, deselecting plays it back (`preview --script 'select 1;
# wait 1s; select 0'` on tabbar/toggle.json shows both).
write(os.path.join(ROOT, "toggle-star.lottie"), {
    "dark": [{"id": "ink", "type": "Color", "value": [0.949, 0.949, 0.969]}],
}, animation_id="star", animation=star(), machines={"toggle": toggle_machine("isActive")})
# lint-examples/star-state-machine-reference.lottie: the same machine, its "on" state playing a
# marker the star does not have and its "off" state an animation the file does not have:
# `cylanim lint` reports state-machine-reference twice and nothing else.
write(os.path.join(ROOT, "lint-examples", "star-state-machine-reference.lottie"), {
    "dark": [{"id": "ink", "type": "Color", "value": [0.949, 0.949, 0.969]}],
}, animation_id="star", animation=star(), machines={"toggle": toggle_machine("isActive", {1: {"segment": "pop"}, 2: {"animation": "sparkle"}})})
