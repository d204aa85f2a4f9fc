#!/usr/bin/env python3
"""Feathered paints against the same paint unfeathered, file against file, with `cylanim bench` (dev tool).

    python3 tools/dev/feather-bench.py [--cylanim .build/release/cylanim] [--passes 5] [--rounds 3]

Writes small Rive files into a temporary folder: a 256x256 artboard with one shape (a rounded blob of
five lobes, about 180 units across, as a tab icon is), filled or stroked (8 units), plain or with a
feather of strength 2σ for σ 1, 2, 4, 8, 16, 32 (the runtime blurs by strength / 2), either still
(one frame drawn again and again, as a tab holds its last frame) or moving (the shape slides a
fraction of a pixel each frame, so nothing drawn last frame can be reused). Each file is benched by
`cylanim bench --size 256 --json` (one thread, release build), interleaved round by round so that the
machine's load falls on all alike, and the table gives each feathered file's median ms/frame over
its plain twin's (issue 28 asks for at most 3x). Nothing in the build or the tests runs this.
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile

from rivewrite import Kinds, header

# Type and property keys from the format's definitions (Sources/CYLRiveAnimator/Parsing/Definitions).
BACKBOARD, ARTBOARD, SHAPE, POINTS_PATH, CUBIC_MIRRORED, FILL, STROKE, SOLID, FEATHER = 23, 1, 3, 16, 35, 20, 24, 18, 533
LINEAR_ANIM, KEYED_OBJECT, KEYED_PROPERTY, KF_DOUBLE = 31, 25, 26, 30
NAME, PARENT, WIDTH, HEIGHT, X, Y = 4, 5, 7, 8, 13, 14
VX, VY, ROTATION, DISTANCE, IS_CLOSED = 24, 25, 82, 83, 32
COLOR, THICKNESS, FEATHER_STRENGTH = 37, 47, 749
ANIM_NAME, FPS, DURATION, LOOP = 55, 56, 57, 59
OBJECT_ID, PROPERTY_KEY, FRAME, INTERP_TYPE, KF_VALUE = 51, 53, 67, 68, 70

FLOATS = {WIDTH, HEIGHT, X, Y, VX, VY, ROTATION, DISTANCE, THICKNESS, FEATHER_STRENGTH, KF_VALUE}
STRINGS = {NAME, ANIM_NAME}
BOOLS = {IS_CLOSED}
COLORS = {COLOR}


KINDS = Kinds(floats=FLOATS, colors=COLORS, strings=STRINGS, bools=BOOLS)


def obj(type_key, props):
    return KINDS.obj(type_key, props.items())


def blob_vertices(n=40, r0=75.0):
    """Cubic-mirrored vertices around a five-lobed blob centred on the shape's origin."""
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n
        r = r0 * (1 + 0.12 * math.sin(5 * a))
        x, y = r * math.cos(a), r * math.sin(a)
        # Tangent direction of the curve, for a smooth mirrored handle.
        a2 = a + 1e-3
        r2 = r0 * (1 + 0.12 * math.sin(5 * a2))
        tx, ty = r2 * math.cos(a2) - x, r2 * math.sin(a2) - y
        pts.append((x, y, math.atan2(ty, tx), 2 * math.pi * r / n / 3))
    return pts


def riv(stroke, strength, moving):
    objs = [header(), obj(BACKBOARD, {})]
    objs.append(obj(ARTBOARD, {NAME: "Bench", WIDTH: 256.0, HEIGHT: 256.0}))                        # 0
    objs.append(obj(SHAPE, {PARENT: 0, X: 128.0, Y: 128.0}))                                       # 1
    objs.append(obj(POINTS_PATH, {PARENT: 1, IS_CLOSED: True}))                                    # 2
    verts = blob_vertices()
    for x, y, rot, dist in verts:                                                                  # 3...
        objs.append(obj(CUBIC_MIRRORED, {PARENT: 2, VX: x, VY: y, ROTATION: rot, DISTANCE: dist}))
    paint = 3 + len(verts)
    objs.append(obj(STROKE if stroke else FILL, {PARENT: 1, **({THICKNESS: 8.0} if stroke else {})}))
    objs.append(obj(SOLID, {PARENT: paint, COLOR: 0xFF202020}))
    if strength:
        objs.append(obj(FEATHER, {PARENT: paint, FEATHER_STRENGTH: float(strength)}))
    # One animation of 60 frames: the shape slides 16 units to the right (moving) or stays.
    objs.append(obj(LINEAR_ANIM, {ANIM_NAME: "Slide", FPS: 60, DURATION: 60, LOOP: 1}))
    objs.append(obj(KEYED_OBJECT, {OBJECT_ID: 1}))
    objs.append(obj(KEYED_PROPERTY, {PROPERTY_KEY: X}))
    objs.append(obj(KF_DOUBLE, {FRAME: 0, INTERP_TYPE: 1, KF_VALUE: 128.0}))
    objs.append(obj(KF_DOUBLE, {FRAME: 60, KF_VALUE: 144.0 if moving else 128.0}))
    return b"".join(objs)


def bench(cylanim, path, passes):
    out = subprocess.run([cylanim, "bench", path, "--size", "256", "--passes", str(passes), "--json"],
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"feather-bench: {path}: {out.stderr.strip()}")
    return json.loads(out.stdout)["render_per_frame"]["median_ms"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cylanim", default=".build/release/cylanim")
    ap.add_argument("--passes", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    sigmas = [1, 2, 4, 8, 16, 32]
    with tempfile.TemporaryDirectory() as tmp:
        files = {}
        for stroke in (False, True):
            for moving in (False, True):
                for sigma in [0] + sigmas:
                    name = f"{'stroke' if stroke else 'fill'}-{'moving' if moving else 'still'}-s{sigma}"
                    path = os.path.join(tmp, name + ".riv")
                    with open(path, "wb") as f:
                        f.write(riv(stroke, 2 * sigma, moving))
                    files[name] = path
        times = {name: [] for name in files}
        for _ in range(args.rounds):
            for name, path in files.items():
                times[name].append(bench(args.cylanim, path, args.passes))
        print(f"{'case':<16}{'plain ms':>10}" + "".join(f"{'σ ' + str(s):>9}" for s in sigmas))
        for stroke in ("fill", "stroke"):
            for moving in ("still", "moving"):
                base = statistics.median(times[f"{stroke}-{moving}-s0"])
                ratios = [statistics.median(times[f"{stroke}-{moving}-s{s}"]) / base for s in sigmas]
                print(f"{stroke + ' ' + moving:<16}{base:>10.3f}" + "".join(f"{r:>8.2f}x" for r in ratios))


if __name__ == "__main__":
    main()
