"""Writing Rive binary files in dev scripts (make-rive-sample.py, make-rive-text-seeds.py,
feather-bench.py): the header, LEB128 unsigned integers, and objects (a type key, then
(property key, value) pairs ended by 0) whose values are encoded by the property's kind. Written
from the format's public description; not part of the build or the tests.
"""
import struct


def varuint(v):
    """`v` as a LEB128 unsigned integer."""
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return bytes(out)


def header(major=7, minor=0, file_id=0):
    """The file header: "RIVE", the version, a file id, and an empty property table of contents."""
    return b"RIVE" + varuint(major) + varuint(minor) + varuint(file_id) + varuint(0)


class Kinds:
    """Which property keys hold floats, colours, strings, booleans or bytes; any other key holds a
    varuint. A script makes one from its own key tables and writes objects with `obj`."""

    def __init__(self, floats=(), colors=(), strings=(), bools=(), blobs=()):
        self.floats, self.colors, self.strings = set(floats), set(colors), set(strings)
        self.bools, self.blobs = set(bools), set(blobs)

    def obj(self, type_key, props):
        """One object of type `type_key` with `props`, (key, value) pairs in the order written."""
        out = bytearray(varuint(type_key))
        for k, value in props:
            out += varuint(k)
            if k in self.floats:
                out += struct.pack("<f", value)
            elif k in self.colors:
                out += struct.pack("<I", value)
            elif k in self.strings:
                data = value.encode()
                out += varuint(len(data)) + data
            elif k in self.bools:
                out.append(1 if value else 0)
            elif k in self.blobs:
                out += varuint(len(value)) + value
            else:
                out += varuint(value)
        out += varuint(0)
        return bytes(out)
