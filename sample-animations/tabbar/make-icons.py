#!/usr/bin/env python3
"""Regenerates the static template icons of the sample tab bar (dev tool; standard library only).

me.png is an outlined person, me-selected.png a filled one: 60x60 (30 pt @2x), black on
transparent, 4x4 supersampled edges. A tab bar draws them as templates: only alpha counts.
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


def render(filled):
    rows = []
    for py in range(SIZE):
        row = bytearray([0])  # filter: none
        for px in range(SIZE):
            hits = sum(person(px + (i + 0.5) / SS, py + (j + 0.5) / SS, filled) for i in range(SS) for j in range(SS))
            a = round(255 * hits / (SS * SS))
            row += bytes([0, 0, 0, a])
        rows.append(bytes(row))
    return b"".join(rows)


def png(raw):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


for name, filled in (("me.png", False), ("me-selected.png", True)):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(png(render(filled)))
