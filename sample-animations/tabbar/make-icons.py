#!/usr/bin/env python3
"""Regenerates the static icons of the sample tab bars (dev tool; standard library only).

All are 60x60 (30 pt @2x) on transparent, 4x4 supersampled edges. me.png is an outlined person,
me-selected.png a filled one, both black: the configurations that use them ask for template
rendering (CYLTabBarItemImageRenderingMode), so only alpha counts and the bar's tints colour them.
brand.json's house and coin keep the colours they are drawn in here (the default rendering).
The files are committed; nothing in the build or the tests runs this script.
"""
import math
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
SIZE, SS = 60, 4


def person(x, y, filled):
    """Coverage test in 60x60 space: a head circle and rounded shoulders."""
    head = math.hypot(x - 30, y - 19) 
    body_cx, body_cy, rx, ry = 30, 54, 21, 17
    body = ((x - body_cx) / rx) ** 2 + ((y - body_cy) / ry) ** 2
    inside_body = body <= 1 and y <= 52
    if filled:
        return head <= 11 or inside_body
    ring = 7.5 <= head <= 11
    inner = ((x - body_cx) / (rx - 3.5)) ** 2 + ((y - body_cy) / (ry - 3.5)) ** 2
    shell = inside_body and (inner > 1 or y > 48.5)
    return ring or shell


def house(x, y):
    """A filled house: a roof triangle over a square body, centred on (30, 30)."""
    roof = y >= 8 and y <= 28 and abs(x - 30) <= (y - 8) * 22 / 20
    body = 14 <= x <= 46 and 26 <= y <= 52
    return roof or body


def coin(x, y):
    """A filled disc of radius 20 centred on (30, 30)."""
    return math.hypot(x - 30, y - 30) <= 20


def render(inside, colour=(0, 0, 0)):
    rows = []
    for py in range(SIZE):
        row = bytearray([0])  # filter: none
        for px in range(SIZE):
            hits = sum(inside(px + (i + 0.5) / SS, py + (j + 0.5) / SS) for i in range(SS) for j in range(SS))
            a = round(255 * hits / (SS * SS))
            row += bytes(colour) + bytes([a])
        rows.append(bytes(row))
    return b"".join(rows)


def png(raw):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


ICONS = {
    # Template masks (tinted by the configurations that use them).
    "me.png": (lambda x, y: person(x, y, False), (0, 0, 0)),
    "me-selected.png": (lambda x, y: person(x, y, True), (0, 0, 0)),
    # brand.json's coloured icons, drawn in their own colours (images keep them by default).
    "home.png": (house, (0x63, 0x63, 0x66)),
    "home-selected.png": (house, (0x0A, 0x60, 0xFF)),
    "home-dark.png": (house, (0xAE, 0xAE, 0xB2)),
    "home-selected-dark.png": (house, (0xFF, 0x9F, 0x0A)),
    "wallet.png": (coin, (0x34, 0xC7, 0x59)),
}

for name, (inside, colour) in ICONS.items():
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(png(render(inside, colour)))
