/// Builds PAG files for tests, bit by bit as the format lays them out (see `PAGStream`): values
/// least-significant bit first, byte-aligned values starting at the next whole byte.
struct PAGBits {
    private(set) var bytes: [UInt8] = []
    private var bit = 0  // bits used in the last byte (0: start a new one)

    mutating func bits(_ value: UInt32, _ n: Int) {
        for i in 0..<n {
            if bit == 0 { bytes.append(0) }
            if value >> UInt32(i) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(1 << bit) }
            bit = (bit + 1) % 8
        }
    }

    mutating func flags(_ values: Bool...) { for v in values { bits(v ? 1 : 0, 1) } }
    mutating func align() { bit = 0 }
    mutating func u8(_ v: UInt8) { align(); bytes.append(v) }
    mutating func u16(_ v: UInt16) { align(); bytes += [UInt8(v & 0xff), UInt8(v >> 8)] }
    mutating func u32(_ v: UInt32) { align(); for i in 0..<4 { bytes.append(UInt8(v >> UInt32(8 * i) & 0xff)) } }
    mutating func f32(_ v: Float) { u32(v.bitPattern) }
    mutating func raw(_ b: [UInt8]) { align(); bytes += b }

    /// An "encoded" unsigned integer (LEB128).
    mutating func leb(_ value: UInt64) {
        align()
        var v = value
        repeat {
            var b = UInt8(v & 0x7f)
            v >>= 7
            if v != 0 { b |= 0x80 }
            bytes.append(b)
        } while v != 0
    }

    /// A signed encoded integer: sign in the low bit.
    mutating func sleb(_ value: Int32) { leb(UInt64(value.magnitude) << 1 | (value < 0 ? 1 : 0)) }
    mutating func string(_ s: String) { align(); bytes += Array(s.utf8) + [0] }
}

enum PAGWriter {
    /// A tag: the 16-bit header (code, length; 63 and a 32-bit length for long bodies) and the body.
    static func tag(_ code: UInt16, _ body: [UInt8]) -> [UInt8] {
        var b = PAGBits()
        if body.count < 63 {
            b.u16(code << 6 | UInt16(body.count))
        } else {
            b.u16(code << 6 | 63)
            b.u32(UInt32(body.count))
        }
        return b.bytes + body
    }

    static let end: [UInt8] = [0, 0]

    /// A whole file: the header (version 1, uncompressed) and `tags`, then the End tag.
    static func file(_ tags: [[UInt8]], version: UInt8 = 1, compression: UInt8 = UInt8(ascii: "U")) -> [UInt8] {
        let body = tags.flatMap { $0 } + end
        var b = PAGBits()
        b.raw(Array("PAG".utf8) + [version])
        b.u32(UInt32(body.count))
        b.u8(compression)
        return b.bytes + body
    }

    /// A vector composition `id` of `width` x `height`, `frames` long at `fps`, with `layers`.
    static func composition(id: UInt32, width: Int32, height: Int32, frames: UInt64, fps: Float = 30, layers: [[UInt8]]) -> [UInt8] {
        var attributes = PAGBits()
        attributes.sleb(width)
        attributes.sleb(height)
        attributes.leb(frames)
        attributes.f32(fps)
        attributes.raw([0, 0, 0])  // background colour
        var body = PAGBits()
        body.leb(UInt64(id))
        return tag(2, body.bytes + tag(3, attributes.bytes) + layers.flatMap { $0 } + end)
    }

    /// A layer of `type` (4 shape, 6 precomposition…) shown for `frames` frames from `start`, with
    /// its other tags (transform, shapes, reference) after its attributes.
    static func layer(type: UInt8, id: UInt32, frames: UInt64, start: UInt64 = 0, matte: UInt8 = 0, active: Bool = true,
                      name: String? = nil, _ tags: [[UInt8]]) -> [UInt8] {
        var attributes = PAGBits()
        // isActive, autoOrient, parent, stretch, startTime, blend, matte, timeRemap; then duration;
        // LayerAttributesV2 adds the name.
        attributes.flags(active, false, false, false, start != 0, false, matte != 0, false)
        if name != nil { attributes.flags(true) }
        if start != 0 { attributes.leb(start) }
        if matte != 0 { attributes.u8(matte) }
        attributes.leb(frames)
        if let name { attributes.string(name) }
        var body = PAGBits()
        body.u8(type)
        body.leb(UInt64(id))
        return tag(5, body.bytes + tag(name == nil ? 6 : 52, attributes.bytes) + tags.flatMap { $0 } + end)
    }

    /// LayerAttributesExtra with no name and the motion blur switch on (what exporters write for
    /// a layer with motion blur).
    static func motionBlurSwitch() -> [UInt8] {
        var b = PAGBits()
        b.flags(false, true)  // the name absent; motion blur on
        return tag(63, b.bytes)
    }

    /// A shape group with no transform, holding `items`.
    static func group(_ items: [[UInt8]]) -> [UInt8] {
        var b = PAGBits()
        b.flags(false, false, false, false, false, false, false, false, true)  // blend, anchor ... opacity absent; contents follow
        return tag(15, b.bytes + items.flatMap { $0 } + end)
    }

    /// Merge paths: 0 merge, 1 add, 2 subtract, 3 intersect, 4 exclude intersections.
    static func mergePaths(_ mode: UInt8) -> [UInt8] { tag(24, [mode]) }

    /// A rectangle of `w` x `h` centred on (`x`, `y`).
    static func rectangle(_ x: Float, _ y: Float, _ w: Float, _ h: Float) -> [UInt8] {
        var b = PAGBits()
        b.flags(false, true, false, true, false, false)  // reversed; size fixed; position fixed; roundness absent
        b.f32(w); b.f32(h); b.f32(x); b.f32(y)
        return tag(16, b.bytes)
    }

    /// A fill of one colour.
    static func fill(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> [UInt8] {
        var bits = PAGBits()
        bits.flags(false, false, false, true, false, false)  // blend, composite, rule; colour fixed; opacity absent
        bits.raw([r, g, b])
        return tag(20, bits.bytes)
    }

    /// A transform whose opacity goes linearly from `from` to `to` (0-255) over frames `start`..`end`.
    static func opacityRamp(from: UInt8, to: UInt8, start: UInt64, end: UInt64) -> [UInt8] {
        var b = PAGBits()
        b.flags(false, false, false, false, false, false, true, true)  // only the opacity, animated
        b.leb(1)               // one keyframe
        b.bits(1, 2)           // linear
        b.leb(start); b.leb(end)
        b.bits(7, 5)           // values 8 bits wide
        b.bits(UInt32(from), 8); b.bits(UInt32(to), 8)
        b.bits(0, 5)           // easing values 1 bit wide (none follow)
        return tag(13, b.bytes)
    }

    /// A precomposition layer's reference to composition `id`, starting at frame `start`.
    static func compositionReference(_ id: UInt32, start: UInt64 = 0) -> [UInt8] {
        var b = PAGBits()
        b.leb(UInt64(id))
        b.leb(start)
        return tag(12, b.bytes)
    }
}

extension PAGWriter {
    /// An embedded image (the ImageBytesV3 tag): `encoded` bytes shown at 1 / `scale` of their pixel
    /// size with their origin moved by minus (`anchorX`, `anchorY`).
    static func imageBytes(id: UInt32, _ encoded: [UInt8], scale: Float = 1, anchorX: Int32 = 0, anchorY: Int32 = 0) -> [UInt8] {
        var b = PAGBits()
        b.leb(UInt64(id))
        b.leb(UInt64(encoded.count))
        b.raw(encoded)
        b.f32(scale)
        b.sleb(0); b.sleb(0)  // width and height (of the unstripped image; not used for drawing)
        b.sleb(anchorX); b.sleb(anchorY)
        return tag(49, b.bytes)
    }

    /// An image layer's reference to image `id`.
    static func imageReference(_ id: UInt32) -> [UInt8] {
        var b = PAGBits()
        b.leb(UInt64(id))
        return tag(11, b.bytes)
    }
}

extension PAGWriter {
    /// A drop shadow layer style (the DropShadowStyle tag): black at 75% (the default opacity),
    /// the light from `angle` degrees, `distance` away, no blur.
    static func dropShadow(angle: Float, distance: Float) -> [UInt8] {
        var b = PAGBits()
        // blend mode absent; colour fixed; opacity absent; angle fixed; distance fixed; size 0.
        b.flags(false, true, false, false, true, false, true, false, true, false)
        b.raw([0, 0, 0])
        b.f32(angle); b.f32(distance); b.f32(0)
        return tag(29, b.bytes)
    }

    /// A black DropShadowStyleV2 with a size and a spread (0...1), all else fixed or default.
    static func dropShadowV2(angle: Float, distance: Float, size: Float, spread: Float) -> [UInt8] {
        var b = PAGBits()
        // blend mode absent; colour, angle, distance, size, spread fixed; opacity absent.
        b.flags(false, true, false, false, true, false, true, false, true, false, true, false)
        b.raw([0, 0, 0])
        b.f32(angle); b.f32(distance); b.f32(size); b.f32(spread)
        return tag(65, b.bytes)
    }
}

extension PAGWriter {
    /// A layer transform that only moves the layer to (`x`, `y`).
    static func position(_ x: Float, _ y: Float) -> [UInt8] {
        var b = PAGBits()
        b.flags(false, true, false, false, false, false, false, false)  // anchor; position fixed; the rest absent
        b.f32(x); b.f32(y)
        return tag(13, b.bytes)
    }

    /// A text layer's source (the TextSource tag): `text` at `size` px, filled in `rgb`, left
    /// aligned, in the default font (no font table entry), slanted when `italic` (faux italic).
    static func textSource(_ text: String, size: Float, rgb: [UInt8], italic: Bool = false) -> [UInt8] {
        var b = PAGBits()
        b.flags(true, false)  // the document is present, not animated
        b.align()
        // applyFill, applyStroke, boxText, fauxBold, fauxItalic, strokeOverFill;
        b.flags(true, false, false, false, italic, true)
        // baselineShift, firstBaseLine, boxTextPos, boxTextSize, fillColor, fontSize, strokeColor,
        // strokeWidth, text, justification, leading, tracking; then the font (custom).
        b.flags(false, false, false, false, true, true, false, false, true, false, false, false, false)
        b.raw(rgb)
        b.f32(size)
        b.string(text)
        return tag(8, b.bytes)
    }

    /// A TextSourceV2 (`version` 2) or V3 (3) document as `textSource`'s, writing none of the
    /// values the later versions add (background colour and alpha; direction): the codec's
    /// defaults then apply.
    static func textSource(_ text: String, size: Float, rgb: [UInt8], version: Int) -> [UInt8] {
        var b = PAGBits()
        b.flags(true, false)
        b.align()
        b.flags(true, false, false, false, false, true)
        b.flags(false, false, false, false, true, true, false, false, true, false, false, false)
        b.flags(false, false)  // background colour and alpha
        if version >= 3 { b.flags(false) }  // direction
        b.flags(false)  // the font
        b.raw(rgb)
        b.f32(size)
        b.string(text)
        return tag(version >= 3 ? 68 : 64, b.bytes)
    }
}

extension PAGWriter {
    /// A bitmap composition `id` (`width` x `height`, `frames` long at `fps`) with one sequence of
    /// the same size and rate; each frame lists its patches (x, y, WebP bytes), the first frame a
    /// keyframe.
    static func bitmapComposition(id: UInt32, width: Int32, height: Int32, frames: [[(Int32, Int32, [UInt8])]],
                                  fps: Float = 30) -> [UInt8] {
        var attributes = PAGBits()
        attributes.sleb(width); attributes.sleb(height)
        attributes.leb(UInt64(frames.count))
        attributes.f32(fps)
        attributes.raw([0, 0, 0])
        var seq = PAGBits()
        seq.sleb(width); seq.sleb(height); seq.f32(fps)
        seq.leb(UInt64(frames.count))
        for i in frames.indices { seq.bits(i == 0 ? 1 : 0, 1) }
        for patches in frames {
            seq.leb(UInt64(patches.count))
            for (x, y, bytes) in patches {
                seq.sleb(x); seq.sleb(y)
                seq.leb(UInt64(bytes.count)); seq.raw(bytes)
            }
        }
        var body = PAGBits()
        body.leb(UInt64(id))
        return tag(45, body.bytes + tag(3, attributes.bytes) + tag(46, seq.bytes) + end)
    }
}

extension PAGWriter {
    /// A LevelsIndividual effect whose composite gamma is `gamma` (everything else default).
    static func levels(gamma: Float) -> [UInt8] {
        var b = PAGBits()
        b.flags(false, false, true, false)                  // input black, input white, gamma (fixed)
        for _ in 3..<21 { b.flags(false) }                   // the rest, and the effect opacity
        b.flags(false)                                       // no masks
        b.f32(gamma)
        return tag(57, b.bytes)
    }
}

extension PAGWriter {
    /// A CornerPin effect with fixed corners (upper left, upper right, lower left, lower right).
    static func cornerPin(_ corners: [(Float, Float)]) -> [UInt8] {
        var b = PAGBits()
        for _ in 0..<4 { b.flags(true, false) }  // each corner present, fixed
        b.flags(false, false)                     // effect opacity absent; no masks
        for (x, y) in corners { b.f32(x); b.f32(y) }
        return tag(58, b.bytes)
    }

    /// A MotionTile effect with every attribute absent: libpag's defaults (centre (640, 360), tiles
    /// and output 100%).
    static func motionTileDefaults() -> [UInt8] {
        var b = PAGBits()
        for _ in 0..<10 { b.flags(false) }
        return tag(56, b.bytes)
    }

    /// A Glow effect with a fixed threshold (a fraction) and the default radius and intensity.
    static func glow(threshold: Float) -> [UInt8] {
        var b = PAGBits()
        b.flags(true, false, false, false, false, false)  // threshold fixed; radius, intensity, opacity absent; no masks
        b.f32(threshold)
        return tag(61, b.bytes)
    }
}

extension PAGWriter {
    /// A solid layer's colour and size.
    static func solidColor(_ r: UInt8, _ g: UInt8, _ b: UInt8, width: Int32, height: Int32) -> [UInt8] {
        var w = PAGBits()
        w.raw([r, g, b])
        w.sleb(width)
        w.sleb(height)
        return tag(7, w.bytes)
    }

    /// A DisplacementMap effect reading layer `mapLayer`, every attribute fixed: sources as libpag
    /// numbers them (0 red … 4 luminance … 9 half), placement 0 centred, 1 stretched, 2 tiled.
    static func displacementMap(mapLayer: UInt32, horizontal: UInt8, maxHorizontal: Float, vertical: UInt8, maxVertical: Float,
                                placement: UInt8 = 0, wrapsEdges: Bool = false, expandsOutput: Bool = true) -> [UInt8] {
        var b = PAGBits()
        b.flags(true)                          // the map layer (a value)
        for _ in 0..<7 { b.flags(true, false) }  // sources, moves, placement, edges, output: fixed
        b.flags(false, false)                  // effect opacity absent; no masks
        b.leb(UInt64(mapLayer))
        b.u8(horizontal)
        b.f32(maxHorizontal)
        b.u8(vertical)
        b.f32(maxVertical)
        b.u8(placement)
        b.u8(wrapsEdges ? 1 : 0)
        b.u8(expandsOutput ? 1 : 0)
        return tag(66, b.bytes)
    }
}
