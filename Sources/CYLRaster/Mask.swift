import CRasterKernels

/// An 8-bit coverage mask (0 = outside, 255 = inside), rows `width` bytes apart.
public struct Mask: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var bytes: [UInt8]

    /// A mask of zeros. Sizes below 1 are raised to 1 (masks are made for existing pixmaps).
    public init(width: Int, height: Int, value: UInt8 = 0) {
        self.width = max(1, width); self.height = max(1, height)
        bytes = [UInt8](repeating: value, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> UInt8 {
        get { bytes[y * width + x] }
        set { bytes[y * width + x] = newValue }
    }

    public mutating func clear() { fill(0) }
    public mutating func fill(_ v: UInt8) {
        bytes.withUnsafeMutableBufferPointer { $0.update(repeating: v) }
    }

    /// Sets the values inside `rect` (clipped to the mask) to `v`; the rest is untouched.
    public mutating func fill(_ v: UInt8, in rect: IntRect) {
        let r = rect.intersection(IntRect(x: 0, y: 0, width: width, height: height))
        if r.isEmpty { return }
        let w = width
        bytes.withUnsafeMutableBufferPointer { b in
            for y in r.y..<r.maxY { (b.baseAddress! + y * w + r.x).update(repeating: v, count: r.width) }
        }
    }

    /// The whole mask, or `rect` clipped to it.
    func region(_ rect: IntRect?) -> IntRect {
        let full = IntRect(x: 0, y: 0, width: width, height: height)
        return rect.map { $0.intersection(full) } ?? full
    }

    /// Writes span coverage (spans must lie inside the mask).
    public mutating func write(spans: [Span]) {
        let w = width
        bytes.withUnsafeMutableBufferPointer { b in
            let base = b.baseAddress!
            for s in spans {
                (base + Int(s.y) * w + Int(s.x)).update(repeating: s.coverage, count: Int(s.length))
            }
        }
    }

    /// The sum of all coverage values divided by 255: the covered area in pixels.
    public var coveredArea: Double {
        var sum = 0
        for v in bytes { sum += Int(v) }
        return Double(sum) / 255
    }

    /// How a mask combines with the masks before it (Lottie's mask modes).
    public enum Mode: Sendable, Hashable, CaseIterable {
        case add, subtract, intersect, difference, lighten, darken
    }

    /// Combines `other` into this mask: `other` is first inverted (when `inverted`), then scaled by
    /// `opacity`, then combined with `mode` (in 0...1: add `m + c − m·c`, subtract `m·(1 − c)`,
    /// intersect `m·c`, difference `|m − c|`, lighten `max`, darken `min`). Lottie starts the
    /// accumulator at 0 when the first mask adds and at 255 when it subtracts or intersects.
    public mutating func combine(_ other: Mask, mode: Mode, opacity: Double = 1, inverted: Bool = false) {
        combine(other, mode: mode, opacity: opacity, inverted: inverted, limit: nil)
    }

    /// The same, changing only the values inside `rect` (clipped to the mask).
    public mutating func combine(_ other: Mask, mode: Mode, opacity: Double = 1, inverted: Bool = false, in rect: IntRect) {
        combine(other, mode: mode, opacity: opacity, inverted: inverted, limit: rect)
    }

    private mutating func combine(_ other: Mask, mode: Mode, opacity: Double, inverted: Bool, limit rect: IntRect?) {
        precondition(other.width == width && other.height == height, "mask sizes differ")
        let op = UInt32(min(max(opacity.isNaN ? 0 : opacity, 0), 1) * 255 + 0.5)
        let r = region(rect)
        if r.isEmpty { return }
        let w = width
        other.bytes.withUnsafeBufferPointer { ob in
            bytes.withUnsafeMutableBufferPointer { mb in
                for y in r.y..<r.maxY {
                for i in (y * w + r.x)..<(y * w + r.maxX) {
                    var c = UInt32(ob[i])
                    if inverted { c = 255 - c }
                    if op != 255 { c = (c * op + 127) / 255 }
                    let m = UInt32(mb[i])
                    let v: UInt32
                    switch mode {
                    case .add: v = m + c - (m * c + 127) / 255
                    case .subtract: v = (m * (255 - c) + 127) / 255
                    case .intersect: v = (m * c + 127) / 255
                    case .difference: v = m > c ? m - c : c - m
                    case .lighten: v = max(m, c)
                    case .darken: v = min(m, c)
                    }
                    mb[i] = UInt8(truncatingIfNeeded: v)
                }
                }
            }
        }
    }
}

/// How a track matte's pixels gate the layer above it.
public enum MatteMode: Sendable, Hashable, CaseIterable {
    case alpha, alphaInverted, luma, lumaInverted
}

extension Mask {
    /// The gate value of each pixel of `matte` (premultiplied): its alpha, or its luminance
    /// (Rec. 601 weights on the premultiplied colour, i.e. luma times alpha, as After Effects does),
    /// optionally inverted.
    public init(matte: Pixmap, mode: MatteMode) {
        self.init(width: matte.width, height: matte.height)
        setGate(from: matte, mode: mode)
    }

    /// Overwrites this mask with the gate values of `matte` (same size), reusing its memory: what
    /// a renderer with pooled masks calls every frame.
    public mutating func setGate(from matte: Pixmap, mode: MatteMode) {
        setGate(from: matte, mode: mode, limit: nil)
    }

    /// The same, writing only the values inside `rect` (clipped to the mask).
    public mutating func setGate(from matte: Pixmap, mode: MatteMode, in rect: IntRect) {
        setGate(from: matte, mode: mode, limit: rect)
    }

    private mutating func setGate(from matte: Pixmap, mode: MatteMode, limit rect: IntRect?) {
        precondition(matte.width == width && matte.height == height, "matte and mask sizes differ")
        let w = width, s = matte.stride
        let r = region(rect)
        if r.isEmpty { return }
        matte.withUnsafeBytes { src in
            bytes.withUnsafeMutableBufferPointer { dst in
                for y in r.y..<r.maxY {
                    var i = y * s + r.x * 4
                    for x in r.x..<r.maxX {
                        let v: UInt32
                        switch mode {
                        case .alpha: v = UInt32(src[i + 3])
                        case .alphaInverted: v = 255 - UInt32(src[i + 3])
                        case .luma, .lumaInverted:
                            // 0.299 R + 0.587 G + 0.114 B with weights summing to 256.
                            let l = (UInt32(src[i]) * 77 + UInt32(src[i + 1]) * 150 + UInt32(src[i + 2]) * 29 + 128) >> 8
                            v = mode == .luma ? l : 255 - l
                        }
                        dst[y * w + x] = UInt8(truncatingIfNeeded: v)
                        i += 4
                    }
                }
            }
        }
    }
}

extension Pixmap {
    /// Multiplies every pixel by the mask value / 255 (the mask must have this pixmap's size).
    public mutating func apply(mask: Mask) {
        apply(mask: mask, limit: nil)
    }

    /// The same, changing only the pixels inside `rect` (clipped to the pixmap).
    public mutating func apply(mask: Mask, in rect: IntRect) {
        apply(mask: mask, limit: rect)
    }

    private mutating func apply(mask: Mask, limit rect: IntRect?) {
        precondition(mask.width == width && mask.height == height, "mask size differs from pixmap")
        let w = width
        let r = mask.region(rect)
        if r.isEmpty { return }
        mask.bytes.withUnsafeBufferPointer { mb in
            withUnsafeMutablePixels { base, s in
                for y in r.y..<r.maxY {
                    cyl_apply_mask_row(base + y * s + r.x, mb.baseAddress! + y * w + r.x, r.width)
                }
            }
        }
    }

    /// Gates this layer by a track matte (same size): `layer × gate(matte)`.
    public mutating func apply(matte: Pixmap, mode: MatteMode) {
        apply(mask: Mask(matte: matte, mode: mode))
    }
}
