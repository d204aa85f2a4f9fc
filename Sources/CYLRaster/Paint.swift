import CYLGeometry

/// A straight-alpha colour with channels in 0...1 (Lottie's colour model).
public struct Color: Hashable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double
    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    public init(_ c: RGBA8) { self.init(Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255, Double(c.a) / 255) }
    public static let black = Color(0, 0, 0), white = Color(1, 1, 1), clear = Color(0, 0, 0, 0)

    @inline(__always) static func q(_ v: Double) -> UInt32 {
        let c = v.isNaN ? 0 : min(max(v, 0), 1)
        return UInt32(c * 255 + 0.5)
    }
    func packedPremultiplied(opacity: Double = 1) -> UInt32 {
        let a = Color.q(a * opacity)
        let s = a
        let r = (Color.q(r) * s + 127) / 255, g = (Color.q(g) * s + 127) / 255, b = (Color.q(b) * s + 127) / 255
        return r | g << 8 | b << 16 | a << 24
    }
}

/// A colour stop (`offset` in 0...1).
public struct ColorStop: Hashable, Sendable {
    public var offset: Double
    public var color: Color
    public init(_ offset: Double, _ color: Color) { self.offset = offset; self.color = color }
}

/// An opacity stop (`offset` and `opacity` in 0...1), Lottie's separate alpha ramp.
public struct OpacityStop: Hashable, Sendable {
    public var offset: Double
    public var opacity: Double
    public init(_ offset: Double, _ opacity: Double) { self.offset = offset; self.opacity = opacity }
}

/// A gradient's colours: colour stops and optional opacity stops, merged into one ramp.
public struct Gradient: Hashable, Sendable {
    public var colorStops: [ColorStop]
    public var opacityStops: [OpacityStop]
    public init(_ colorStops: [ColorStop], opacityStops: [OpacityStop] = []) {
        self.colorStops = colorStops; self.opacityStops = opacityStops
    }

    /// Number of entries in a colour ramp lookup table.
    public static let rampSize = 1024

    /// The merged ramp as premultiplied packed pixels (`rampSize` entries), with `opacity` applied.
    /// Colour and opacity stops are sorted (stably, so coincident offsets make a hard edge) and
    /// interpolated separately, then multiplied: Lottie's merge of its two stop lists.
    func ramp(opacity: Double, into out: inout [UInt32]) {
        let n = Gradient.rampSize
        if out.count != n { out = [UInt32](repeating: 0, count: n) }
        let cs = colorStops.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        let os = opacityStops.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        var ci = 0, oi = 0
        for i in 0..<n {
            let t = Double(i) / Double(n - 1)
            var c = Color.clear
            if !cs.isEmpty {
                while ci < cs.count && cs[ci].offset < t { ci += 1 }
                if ci == 0 { c = cs[0].color } else if ci == cs.count { c = cs[cs.count - 1].color } else {
                    let a = cs[ci - 1], b = cs[ci]
                    let f = b.offset > a.offset ? (t - a.offset) / (b.offset - a.offset) : 1
                    c = Color(a.color.r + (b.color.r - a.color.r) * f, a.color.g + (b.color.g - a.color.g) * f,
                              a.color.b + (b.color.b - a.color.b) * f, a.color.a + (b.color.a - a.color.a) * f)
                }
            }
            if !os.isEmpty {
                while oi < os.count && os[oi].offset < t { oi += 1 }
                let o: Double
                if oi == 0 { o = os[0].opacity } else if oi == os.count { o = os[os.count - 1].opacity } else {
                    let a = os[oi - 1], b = os[oi]
                    let f = b.offset > a.offset ? (t - a.offset) / (b.offset - a.offset) : 1
                    o = a.opacity + (b.opacity - a.opacity) * f
                }
                c.a *= o
            }
            out[i] = c.packedPremultiplied(opacity: opacity)
        }
    }
}

/// What a fill or stroke is painted with. Gradient geometry is in the same (user) space as the
/// path, so it follows the path's transform.
public enum Paint: Hashable, Sendable {
    case solid(Color)
    /// Linear gradient from `start` (t = 0) to `end` (t = 1), pad spread.
    case linear(Gradient, start: Point, end: Point)
    /// Radial gradient: t = 0 at `focal`, t = 1 on the circle (`center`, `radius`), pad spread.
    /// A focal point outside the circle is pulled just inside it.
    case radial(Gradient, center: Point, radius: Double, focal: Point)

    /// A radial gradient whose focal point is its centre.
    public static func radial(_ g: Gradient, center: Point, radius: Double) -> Paint {
        .radial(g, center: center, radius: radius, focal: center)
    }
}
