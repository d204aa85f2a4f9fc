import CYLGeometry

/// The displacement map effect (After Effects' Displacement Map, as libpag's DisplacementMapFilter
/// draws it): each point of the content takes the colour of the content some way off, how far read
/// from another layer's pixels (the map) at that point. Lengths are in the group's units.
///
/// Along each axis a map pixel gives a value D in 0...1 (a channel, by `Source`) and a coverage C
/// (its alpha, or 1); the point at p shows the content at p + (2D − 1) × max × C. So a mid-grey map
/// moves nothing, white moves by +max and black by −max; where the map is transparent (C = 0), or
/// off the map (clamped to nothing unless it is tiled), nothing moves.
public struct DisplacementMap: Sendable, Equatable {
    /// What of a map pixel moves the content along one axis (libpag's order, as files store it).
    public enum Source: Int, Sendable, CaseIterable {
        case red, green, blue, alpha, luminance, hue, lightness, saturation
        /// Constants: always +max, none (0.5), −max.
        case full, half, off

        var isHSL: Bool { self == .hue || self == .lightness || self == .saturation }
        var isRGB: Bool { self == .red || self == .green || self == .blue }
        var isConstant: Bool { self == .full || self == .half || self == .off }

        /// libpag's coefficients: D = the four channels weighted (r, g, b, a; or h, s, l, a) plus
        /// an offset, C = a × scale + offset. Its lightness and saturation pick the second and third
        /// of (hue, saturation, lightness): swapped, and drawn so here.
        var coefficients: (r: Double, g: Double, b: Double, a: Double, offset: Double, cScale: Double, cOffset: Double) {
            switch self {
            case .red: return (1, 0, 0, 0, 0, 1, 0)
            case .green: return (0, 1, 0, 0, 0, 1, 0)
            case .blue: return (0, 0, 1, 0, 0, 1, 0)
            case .alpha: return (0, 0, 0, 1, 0, 0, 1)
            case .luminance: return (0.2126, 0.7152, 0.0722, 0, 0, 1, 0)
            case .hue: return (1, 0, 0, 0, 0, 0, 1)
            case .lightness: return (0, 1, 0, 0, 0, 0, 1)
            case .saturation: return (0, 0, 1, 0, 0, 0, 1)
            case .full: return (0, 0, 0, 0, 1, 0, 1)
            case .half: return (0, 0, 0, 0, 0.5, 0, 1)
            case .off: return (0, 0, 0, 0, 0, 0, 1)
            }
        }
    }

    /// The layer's content rectangle: the content is read inside it only (or wrapped around it).
    public var bounds: Rect
    /// The map, premultiplied, one pixel per unit of the map layer's content.
    public var map: Pixmap
    /// The group's units to the map's pixels.
    public var toMap: Transform
    public var horizontal: Source
    public var vertical: Source
    /// The largest move along each axis, in the group's units (negative: the other way).
    public var maxHorizontal: Double
    public var maxVertical: Double
    /// The map repeats past its edges (else nothing moves off it).
    public var tilesMap: Bool
    /// Content read past the bounds' edges wraps around to the other side (else it is transparent).
    public var wrapsEdges: Bool
    /// The result is drawn over the bounds grown by the largest moves (else within the bounds).
    public var expandsOutput: Bool

    public init(bounds: Rect, map: Pixmap, toMap: Transform, horizontal: Source, maxHorizontal: Double,
                vertical: Source, maxVertical: Double, tilesMap: Bool, wrapsEdges: Bool, expandsOutput: Bool) {
        self.bounds = bounds
        self.map = map
        self.toMap = toMap
        self.horizontal = horizontal
        self.maxHorizontal = maxHorizontal
        self.vertical = vertical
        self.maxVertical = maxVertical
        self.tilesMap = tilesMap
        self.wrapsEdges = wrapsEdges
        self.expandsOutput = expandsOutput
    }

    /// Whether a map with these sources and largest moves is drawn: libpag skips it when both
    /// sources are constants or both moves are zero (or not finite, here).
    public static func movesContent(_ horizontal: Source, _ maxHorizontal: Double, _ vertical: Source, _ maxVertical: Double) -> Bool {
        guard maxHorizontal.isFinite, maxVertical.isFinite else { return false }
        return !((horizontal.isConstant && vertical.isConstant) || (abs(maxHorizontal) < 1e-6 && abs(maxVertical) < 1e-6))
    }

    /// The area drawn.
    public var outputBounds: Rect {
        guard expandsOutput else { return bounds }
        let ex = abs(maxHorizontal), ey = abs(maxVertical)
        return Rect(x: bounds.minX - ex, y: bounds.minY - ey, width: bounds.width + 2 * ex, height: bounds.height + 2 * ey)
    }

    /// Whether an axis reading `source` reads (hue, saturation, lightness) rather than the
    /// colour: its own source is one of those, or the other axis's is and this one reads no colour
    /// channel (libpag then feeds both axes the HSL values).
    private static func readsHSL(_ source: Source, other: Source) -> Bool {
        source.isHSL || (other.isHSL && !source.isRGB)
    }

    /// The move a map pixel (premultiplied) makes, in the group's units.
    func displacement(_ pixel: UInt32) -> Point {
        let hslX = Self.readsHSL(horizontal, other: vertical), hslY = Self.readsHSL(vertical, other: horizontal)
        let a = Double(pixel >> 24) / 255
        let r = Double(pixel & 255) / 255, g = Double((pixel >> 8) & 255) / 255, b = Double((pixel >> 16) & 255) / 255
        let eps = 0.0001
        // The straight colour (libpag divides the alpha out), and the HSL of the premultiplied one.
        let ua = max(a, eps)
        let rgb = (r / ua, g / ua, b / ua)
        var hsl = (0.0, 0.0, 0.0)
        if hslX || hslY {
            let p = g < b ? (b, g, -1.0, 2.0 / 3) : (g, b, 0.0, -1.0 / 3)
            let q = r < p.0 ? (p.0, r, p.1, p.3) : (r, p.0, p.1, p.2)
            let c = q.0 - min(q.1, q.2), l = q.0 - c * 0.5
            hsl = (abs(q.3 + (q.1 - q.2) / (c * 6 + eps)), c / (a + eps - abs(l * 2 - a)), l / (a + eps))
        }
        func along(_ s: Source, _ readsHSL: Bool, _ max: Double) -> Double {
            let k = s.coefficients, v = readsHSL ? hsl : rgb
            let d = (k.r * v.0 + k.g * v.1 + k.b * v.2 + k.a * a + k.offset - 0.5) * 2 * max
            return d * (k.cScale * a + k.cOffset)
        }
        return Point(along(horizontal, hslX, maxHorizontal), along(vertical, hslY, maxVertical))
    }
}

extension Pixmap {
    /// Draws `effect` of `source` (the layer before it) into this pixmap within `area`: each
    /// pixel, taken back to the group's units by `toGroup`, reads the map there and samples the
    /// content bilinearly (through `toPixels`) where the map moves it.
    mutating func drawDisplacementMap(_ effect: DisplacementMap, from source: Pixmap, toGroup: Transform, toPixels m: Transform,
                                      in area: IntRect) {
        let b = effect.bounds, out = effect.outputBounds, map = effect.map
        guard b.width > 0, b.height > 0 else { return }
        let maxX = source.width - 1, maxY = source.height - 1
        let mapW = Double(map.width), mapH = Double(map.height)
        // Reading the map costs a bilinear sample; a map pixel's move is worked out once per value.
        let offMap = effect.displacement(0)
        var lastPixel: UInt32 = 0, lastMove = offMap
        func wrapped(_ v: Double, _ lo: Double, _ size: Double) -> Double {
            let f = (v - lo) / size
            return lo + (f - f.rounded(.down)) * size
        }
        map.withUnsafePixels { mp, mapPitch in
            source.withUnsafePixels { src, srcPitch in
                withUnsafeMutablePixels { dst, pitch in
                    for y in area.y..<area.maxY {
                        let row = dst + y * pitch
                        for x in area.x..<area.maxX {
                            let g = toGroup.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                            // Drawn over the output rectangle only, as libpag's quad is.
                            guard g.x >= out.minX, g.x < out.maxX, g.y >= out.minY, g.y < out.maxY else { row[x] = 0; continue }
                            var q = effect.toMap.apply(g)
                            if effect.tilesMap {
                                q = Point(wrapped(q.x, 0, mapW), wrapped(q.y, 0, mapH))
                            }
                            var move = offMap
                            if q.x >= 0, q.x < mapW, q.y >= 0, q.y < mapH {
                                let pixel = Canvas.bilinear(mp, mapPitch, Int(((q.x - 0.5) * 65536).rounded()),
                                                            Int(((q.y - 0.5) * 65536).rounded()), map.width - 1, map.height - 1)
                                if pixel != lastPixel { lastPixel = pixel; lastMove = effect.displacement(pixel) }
                                move = lastMove
                            }
                            var s = Point(g.x + move.x, g.y + move.y)
                            if effect.wrapsEdges {
                                s = Point(wrapped(s.x, b.minX, b.width), wrapped(s.y, b.minY, b.height))
                            }
                            guard s.x >= b.minX, s.x < b.maxX, s.y >= b.minY, s.y < b.maxY else { row[x] = 0; continue }  // also NaN
                            let p = m.apply(s)
                            guard abs(p.x) < 1e7, abs(p.y) < 1e7 else { row[x] = 0; continue }
                            row[x] = Canvas.bilinear(src, srcPitch, Int(((p.x - 0.5) * 65536).rounded()), Int(((p.y - 0.5) * 65536).rounded()),
                                                     maxX, maxY)
                        }
                    }
                }
            }
        }
    }
}
