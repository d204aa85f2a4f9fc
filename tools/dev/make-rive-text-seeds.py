#!/usr/bin/env python3
"""Writes fuzz seeds for Rive text into a folder (dev tool; tools/dev/fuzz.sh runs it for `rive`).

Real fonts are far larger than the fuzzer's 64 KiB inputs, so the seeds embed a font made here:
a TrueType font of five glyphs (a box, a space, a triangle, a square with a hole, and an "o" of
quadratic curves) written from the OpenType specification's table layouts. Each seed is a .riv
with one artboard holding text set in that font: several styles and runs, newlines, a character
the font lacks, and the layout options (sizing, overflow, alignment, origin, wrap, line height,
letter spacing), so the fuzzer starts inside the shaping, line breaking and glyph drawing code and
can mutate the font's bytes as well as the text's. One seed names a font it does not embed (the
installed fallback then sets its text).

    tools/dev/make-rive-text-seeds.py OUT_DIR
"""
import os
import struct
import sys

from rivewrite import Kinds, header


# ---- A small TrueType font -------------------------------------------------------------------

UPEM = 1000
# Glyph contours: lists of (x, y, on_curve) points, y up.
GLYPHS = [
    [[(50, 0, 1), (50, 700, 1), (450, 700, 1), (450, 0, 1)]],                        # 0 .notdef
    [],                                                                            # 1 space
    [[(20, 0, 1), (300, 700, 1), (580, 0, 1)]],                                      # 2 triangle
    [[(60, 0, 1), (60, 700, 1), (560, 700, 1), (560, 0, 1)],                         # 3 square...
     [(160, 100, 1), (460, 100, 1), (460, 600, 1), (160, 600, 1)]],                  #   ...with a hole
    [[(300, 0, 1), (50, 0, 0), (50, 250, 1), (50, 500, 0), (300, 500, 1),            # 4 "o" of quads
      (550, 500, 0), (550, 250, 1), (550, 0, 0)]],
]
ADVANCES = [500, 300, 600, 620, 600]
CMAP = {0x20: 1, ord("A"): 2, ord("a"): 2, ord("B"): 3, ord("b"): 3, ord("o"): 4, ord("O"): 4}


def glyph_bytes(contours):
    if not contours:
        return b""
    pts = [p for c in contours for p in c]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    out = struct.pack(">hhhhh", len(contours), min(xs), min(ys), max(xs), max(ys))
    end = -1
    for c in contours:
        end += len(c)
        out += struct.pack(">H", end)
    out += struct.pack(">H", 0)  # no instructions
    out += bytes(p[2] & 1 for p in pts)  # flags: on-curve bit only; 16-bit deltas follow
    x = y = 0
    dx, dy = b"", b""
    for px, py, _ in pts:
        dx += struct.pack(">h", px - x)
        dy += struct.pack(">h", py - y)
        x, y = px, py
    out += dx + dy
    return out + (b"\0" if len(out) % 2 else b"")


def font():
    n = len(GLYPHS)
    glyf, loca = b"", []
    for g in GLYPHS:
        loca.append(len(glyf) // 2)
        glyf += glyph_bytes(g)
    loca.append(len(glyf) // 2)
    max_points = max(sum(len(c) for c in g) for g in GLYPHS)
    max_contours = max(len(g) for g in GLYPHS)
    tables = {
        b"head": struct.pack(">IIIIHHqqhhhhHHhhh", 0x00010000, 0x00010000, 0, 0x5F0F3CF5, 0, UPEM, 0, 0,
                             0, 0, 620, 700, 0, 8, 2, 0, 0),
        b"hhea": struct.pack(">IhhhHhhhhhhhhhhhH", 0x00010000, 800, -200, 0, max(ADVANCES), 0, 0, 620,
                             1, 0, 0, 0, 0, 0, 0, 0, n),
        b"maxp": struct.pack(">IHHHHHHHHHHHHHH", 0x00010000, n, max_points, max_contours, 0, 0, 2,
                             0, 0, 0, 0, 0, 0, 0, 0),
        b"hmtx": b"".join(struct.pack(">Hh", a, 0) for a in ADVANCES),
        b"loca": b"".join(struct.pack(">H", o) for o in loca),
        b"glyf": glyf,
        b"post": struct.pack(">IIhhIIIII", 0x00030000, 0, -100, 50, 0, 0, 0, 0, 0),
        b"name": struct.pack(">HHH", 0, 0, 6),
    }
    # cmap format 4: one segment per character, then the required 0xFFFF segment.
    codes = sorted(CMAP)
    seg = len(codes) + 1
    ends = codes + [0xFFFF]
    starts = codes + [0xFFFF]
    deltas = [(CMAP[c] - c) & 0xFFFF for c in codes] + [1]
    search = 2 * (1 << (seg.bit_length() - 1))
    sub = struct.pack(">HHHHHHH", 4, 0, 0, seg * 2, search, (search // 2).bit_length() - 1, seg * 2 - search)
    sub += b"".join(struct.pack(">H", e) for e in ends) + b"\0\0"
    sub += b"".join(struct.pack(">H", s) for s in starts)
    sub += b"".join(struct.pack(">H", d) for d in deltas)
    sub += b"\0\0" * seg
    sub = sub[:2] + struct.pack(">H", len(sub)) + sub[4:]
    tables[b"cmap"] = struct.pack(">HHHHI", 0, 1, 3, 1, 12) + sub

    tags = sorted(tables)
    power = 1 << (len(tags).bit_length() - 1)
    out = struct.pack(">IHHHH", 0x00010000, len(tags), power * 16, power.bit_length() - 1, (len(tags) - power) * 16)
    offset = 12 + 16 * len(tags)
    body = b""
    for t in tags:
        data = tables[t]
        out += struct.pack(">4sIII", t, 0, offset + len(body), len(data))
        body += data + b"\0" * (-len(data) % 4)
    return out + body


# ---- Rive files -------------------------------------------------------------------------------

BACKBOARD, ARTBOARD, FONT_ASSET, CONTENTS = 23, 1, 141, 106
TEXT, STYLE, RUN, FILL, STROKE, SOLID = 134, 137, 135, 20, 24, 18
NAME, PARENT, WIDTH, HEIGHT, X, Y = 4, 5, 7, 8, 13, 14
ASSET_NAME, ASSET_ID, BYTES = 203, 204, 212
ALIGN, SIZING, OVERFLOW, T_WIDTH, T_HEIGHT, ORIGIN_X, ORIGIN_Y = 281, 284, 287, 285, 286, 366, 367
PARA_SPACING, ORIGIN, WRAP, V_ALIGN = 371, 377, 683, 685
FONT_SIZE, LINE_HEIGHT, LETTER_SPACING, FONT_ID = 274, 370, 390, 279
RUN_TEXT, RUN_STYLE, COLOR, THICKNESS = 268, 272, 37, 47
GROUP, RANGE, CUBIC, FEATURE = 159, 158, 163, 164
G_FLAGS, G_ORIGIN_X, G_ORIGIN_Y, G_OPACITY, G_X, G_Y, G_ROTATION, G_SCALE_X, G_SCALE_Y = 335, 328, 329, 324, 322, 323, 332, 330, 331
R_FROM, R_TO, R_STRENGTH, R_UNITS, R_TYPE, R_MODE, R_CLAMP = 327, 336, 334, 316, 325, 326, 333
R_FALLOFF_FROM, R_FALLOFF_TO, R_OFFSET, R_RUN = 317, 318, 319, 378
C_X1, C_Y1, C_X2, C_Y2 = 337, 338, 339, 340
F_TAG, F_VALUE = 356, 357
FLOATS = {WIDTH, HEIGHT, X, Y, T_WIDTH, T_HEIGHT, ORIGIN_X, ORIGIN_Y, PARA_SPACING, FONT_SIZE, LINE_HEIGHT,
          LETTER_SPACING, THICKNESS, G_ORIGIN_X, G_ORIGIN_Y, G_OPACITY, G_X, G_Y, G_ROTATION, G_SCALE_X, G_SCALE_Y,
          R_FROM, R_TO, R_STRENGTH, R_FALLOFF_FROM, R_FALLOFF_TO, R_OFFSET, C_X1, C_Y1, C_X2, C_Y2}
BOOLS = {R_CLAMP}
STRINGS = {NAME, ASSET_NAME, RUN_TEXT}


KINDS = Kinds(floats=FLOATS, colors={COLOR}, strings=STRINGS, bools=BOOLS, blobs={BYTES})


def obj(type_key, props):
    return KINDS.obj(type_key, props)


def riv(text_props, runs, embed=True, style_props=(), modifiers=False):
    """One artboard with a text (object 1), two styles (2 filled, 5 filled and stroked) and `runs`
    as (text, style index) value runs (objects 10...); with `modifiers`, a modifier group with
    every flag and two ranges (one with a cubic falloff, one by words limited to the first run),
    and a feature turning ligatures off."""
    out = header()
    out += obj(BACKBOARD, [])
    out += obj(FONT_ASSET, [(ASSET_NAME, "Seed"), (ASSET_ID, 3)])
    if embed:
        out += obj(CONTENTS, [(BYTES, font())])
    out += obj(ARTBOARD, [(NAME, "Board"), (WIDTH, 120.0), (HEIGHT, 80.0)])
    out += obj(TEXT, [(PARENT, 0), (X, 10.0), (Y, 10.0)] + list(text_props))                          # 1
    out += obj(STYLE, [(PARENT, 1), (FONT_SIZE, 16.0), (FONT_ID, 0)] + list(style_props))            # 2
    out += obj(FILL, [(PARENT, 2)])                                                                   # 3
    out += obj(SOLID, [(PARENT, 3), (COLOR, 0xFF202020)])                                             # 4
    out += obj(STYLE, [(PARENT, 1), (FONT_SIZE, 28.0), (FONT_ID, 0), (LETTER_SPACING, 2.0)])          # 5
    out += obj(FILL, [(PARENT, 5)])                                                                   # 6
    out += obj(SOLID, [(PARENT, 6), (COLOR, 0xFF3060FF)])                                             # 7
    out += obj(STROKE, [(PARENT, 5), (THICKNESS, 1.5)])                                               # 8
    out += obj(SOLID, [(PARENT, 8), (COLOR, 0xFFFF0000)])                                             # 9
    for text, style in runs:
        out += obj(RUN, [(PARENT, 1), (RUN_STYLE, style), (RUN_TEXT, text)])
    if modifiers:
        group = 10 + len(runs) + 1
        out += obj(FEATURE, [(PARENT, 2), (F_TAG, 0x6C696761), (F_VALUE, 0)])
        out += obj(GROUP, [(PARENT, 1), (G_FLAGS, 1 | 4 | 8 | 16 | 32 | 64), (G_ORIGIN_X, 3.0), (G_ORIGIN_Y, -4.0),
                           (G_OPACITY, 0.4), (G_X, 6.0), (G_Y, -5.0), (G_ROTATION, 0.7), (G_SCALE_X, 1.5), (G_SCALE_Y, 0.5)])
        out += obj(RANGE, [(PARENT, group), (R_FROM, 0.2), (R_TO, 0.8), (R_FALLOFF_FROM, 0.4), (R_FALLOFF_TO, 0.6),
                           (R_MODE, 4), (R_CLAMP, True), (R_OFFSET, 0.1)])
        out += obj(CUBIC, [(PARENT, group + 1), (C_X1, 0.2), (C_Y1, 0.9), (C_X2, 0.7), (C_Y2, 0.1)])
        out += obj(RANGE, [(PARENT, group), (R_UNITS, 2), (R_TYPE, 1), (R_FROM, 0.0), (R_TO, 2.0), (R_STRENGTH, 0.5),
                           (R_RUN, 10), (R_MODE, 5)])
    return out


def main():
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    mixed = [("ab Ao ", 2), ("BOB", 5), (" oo\nA\u05d0b  ", 2)]
    seeds = {
        "auto-width": ([], mixed),
        "auto-height-center": ([(SIZING, 1), (T_WIDTH, 60.0), (ALIGN, 2)], mixed),
        "fixed-clipped-middle": ([(SIZING, 2), (T_WIDTH, 50.0), (T_HEIGHT, 30.0), (OVERFLOW, 2), (V_ALIGN, 2)], mixed),
        "fixed-ellipsis-right": ([(SIZING, 2), (T_WIDTH, 40.0), (T_HEIGHT, 20.0), (OVERFLOW, 3), (ALIGN, 1)], mixed),
        "fit-baseline": ([(SIZING, 2), (T_WIDTH, 30.0), (T_HEIGHT, 30.0), (OVERFLOW, 4), (ORIGIN, 1),
                          (ORIGIN_X, 0.5), (ORIGIN_Y, 0.5)], mixed),
        "fit-font-size-hidden": ([(SIZING, 2), (T_WIDTH, 60.0), (T_HEIGHT, 40.0), (OVERFLOW, 5), (PARA_SPACING, 4.0)], mixed),
        "no-wrap-line-height": ([(SIZING, 1), (T_WIDTH, 20.0), (WRAP, 1), (OVERFLOW, 1)], [("aaaa bbbb oooo", 2)]),
    }
    for name, (props, runs) in seeds.items():
        style = [(LINE_HEIGHT, 24.0)] if "line-height" in name else []
        with open(os.path.join(out_dir, f"text-{name}.riv"), "wb") as f:
            f.write(riv(props, runs, style_props=style))
    with open(os.path.join(out_dir, "text-modifiers.riv"), "wb") as f:
        f.write(riv([(SIZING, 1), (T_WIDTH, 70.0)], mixed, modifiers=True))
    with open(os.path.join(out_dir, "text-hosted-font.riv"), "wb") as f:
        f.write(riv([], mixed, embed=False))


if __name__ == "__main__":
    main()
