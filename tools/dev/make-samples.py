#!/usr/bin/env python3
"""Regenerates the small animations in sample-animations/ (dev tool; needs Pillow).

The files are committed; nothing in the build or the tests runs this script. Each sample shows
one thing the pipeline must handle: a looping transparent spinner GIF and a folder of PNG frames
numbered without padding (f2 before f10) with a manifest, both clean tab icons (`cylanim lint`
finds nothing in them). lint-examples/ keeps earlier versions on purpose, each named after the
rules it fires: the spinner at 12.5 fps reaching into the margin, the same bouncing ball touching
its canvas's edge, and a tab-icon GIF with uneven and clamped (0 cs) delays and background
disposal.
"""
import json
import math
import os

from PIL import Image, ImageDraw

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "sample-animations")


def spinner(name, n, duration, orbit, radius, step):
    """Eight dots, growing round a circle, turning once in `n` frames of `duration` ms."""
    frames = []
    size = 48
    for i in range(n):
        im = Image.new("P", (size, size), 0)
        pal = [0, 0, 0] + [0x20, 0x80, 0xF0] * 1 + [0x90, 0xC0, 0xF8] + [0xD0, 0xE4, 0xFC]
        im.putpalette(pal + [0] * (768 - len(pal)))
        d = ImageDraw.Draw(im)
        for k in range(8):
            a = 2 * math.pi * (k / 8) + 2 * math.pi * i / n
            cx, cy = size / 2 + orbit * math.cos(a), size / 2 + orbit * math.sin(a)
            r = radius + (k % 8) * step
            colour = 1 if k >= 6 else (2 if k >= 3 else 3)
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour)
        frames.append(im)
    frames[0].save(os.path.join(ROOT, name), save_all=True, append_images=frames[1:],
                   duration=duration, loop=0, transparency=0, disposal=2, optimize=False)


def heart_pop():
    frames, durations = [], []
    size = 64
    scales = [0.55, 0.7, 0.9, 1.05, 1.0, 0.95, 1.0]
    for i, s in enumerate(scales):
        im = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        d = ImageDraw.Draw(im)
        r = 14 * s
        cx, cy = size / 2, size / 2 + 2
        d.ellipse([cx - 2 * r, cy - 1.6 * r, cx, cy + 0.3 * r], fill=(0xE8, 0x3A, 0x5C, 255))
        d.ellipse([cx, cy - 1.6 * r, cx + 2 * r, cy + 0.3 * r], fill=(0xE8, 0x3A, 0x5C, 255))
        d.polygon([(cx - 1.95 * r, cy - 0.45 * r), (cx + 1.95 * r, cy - 0.45 * r), (cx, cy + 1.9 * r)],
                  fill=(0xE8, 0x3A, 0x5C, 255))
        if i == 3:
            for k in range(6):
                a = 2 * math.pi * k / 6
                x, y = cx + 28 * math.cos(a), cy - 4 + 28 * math.sin(a)
                d.ellipse([x - 2, y - 2, x + 2, y + 2], fill=(0xF5, 0xB0, 0x20, 255))
        frames.append(im)
        durations.append([0, 40, 40, 60, 60, 60, 500][i])  # first frame 0 ms: browsers play it as 100 ms
    frames[0].save(os.path.join(ROOT, "lint-examples", "heart-pop-fps-too-low-and-content-in-margin.gif"), save_all=True, append_images=frames[1:],
                   duration=durations, disposal=2, optimize=False)


def bounce_frames(name, margin):
    """A ball bouncing on a ground line, drawn `margin` pixels in from each edge of its canvas."""
    out = os.path.join(ROOT, name)
    os.makedirs(out, exist_ok=True)
    size, n, m = 40 + 2 * margin, 12, margin
    for i in range(n):
        im = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        d = ImageDraw.Draw(im)
        t = i / n
        y = 8 + 22 * abs(math.cos(math.pi * t))
        d.ellipse([m + 12, m + y - 8, m + 28, m + y + 8], fill=(0x2E, 0xB8, 0x72, 255))
        d.rectangle([m + 6, m + 36, m + 34, m + 38], fill=(0x60, 0x60, 0x60, 160))
        im.save(os.path.join(out, f"f{i}.png"))
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump({"fps": 24, "loop": True}, f)
        f.write("\n")


if __name__ == "__main__":
    os.makedirs(os.path.join(ROOT, "lint-examples"), exist_ok=True)
    # 25 fps, the dots well inside the canvas.
    spinner("spinner.gif", n=24, duration=40, orbit=15, radius=1.5, step=0.4)
    bounce_frames("bounce-frames", margin=4)
    # fps-too-low (12.5 fps) and content-in-margin (a dot 2.5 px from the edge).
    spinner(os.path.join("lint-examples", "spinner-fps-too-low-and-content-in-margin.gif"), n=12, duration=80, orbit=16, radius=2, step=0.5)
    # content-in-margin: the ground line under the resting ball one pixel from the bottom edge.
    bounce_frames(os.path.join("lint-examples", "bounce-content-in-margin"), margin=0)
    heart_pop()
