import CYLGeometry

/// The radial blur effect as libpag's RadialBlurFilter draws it (a zoom blur whatever the mode):
/// each pixel of the content averages 16 samples on the line away from the centre, at
/// t + k (t − c) × amount / 16, k = 0..<16, in the content's texture coordinates (0...1 each
/// way). Lengths are in the group's units.
public struct RadialBlur: Sendable, Equatable {
    /// The layer's content rectangle (nothing is drawn outside it).
    public var bounds: Rect
    /// The centre, in the group's units; libpag divides it by the content's size without moving
    /// it by the content's origin, and so does this.
    public var center: Point
    /// The length of the blur as a fraction of the distance to the centre (libpag: the amount × 0.00625, at most 0.25).
    public var amount: Double

    public init(bounds: Rect, center: Point, amount: Double) {
        self.bounds = bounds
        self.center = center
        self.amount = amount
    }
}

extension Pixmap {
    /// Draws `blur` of `source` (the layer before the effect) into this pixmap within `area`,
    /// clearing what lies outside the content's rectangle.
    mutating func drawRadialBlur(_ blur: RadialBlur, from source: Pixmap, toGroup: Transform, toPixels m: Transform, in area: IntRect) {
        let b = blur.bounds
        guard b.width > 0, b.height > 0 else { return }
        let o = m.apply(Point(b.minX, b.minY)), ex = m.applyVector(Point(b.width, 0)), ey = m.applyVector(Point(0, b.height))
        let lx = (ex.x * ex.x + ex.y * ex.y).squareRoot(), ly = (ey.x * ey.x + ey.y * ey.y).squareRoot()
        let hu = lx > 1 ? 0.5 / lx : 0.5, hv = ly > 1 ? 0.5 / ly : 0.5
        let c = Point(blur.center.x / b.width, blur.center.y / b.height)
        let k = min(max(blur.amount, 0), 1) / 16
        let maxX = source.width - 1, maxY = source.height - 1
        source.withUnsafePixels { src, srcPitch in
            withUnsafeMutablePixels { dst, pitch in
                for y in area.y..<area.maxY {
                    let row = dst + y * pitch
                    for x in area.x..<area.maxX {
                        let g = toGroup.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                        let tx = (g.x - b.minX) / b.width, ty = (g.y - b.minY) / b.height
                        guard tx >= 0, tx < 1, ty >= 0, ty < 1 else { row[x] = 0; continue }  // also NaN
                        let sx = (tx - c.x) * k, sy = (ty - c.y) * k
                        var r: UInt32 = 0, gg: UInt32 = 0, bb: UInt32 = 0, a: UInt32 = 0
                        var ok = true
                        for i in 0..<16 {
                            let u = min(max(tx + Double(i) * sx, hu), 1 - hu), v = min(max(ty + Double(i) * sy, hv), 1 - hv)
                            let px = o.x + u * ex.x + v * ey.x, py = o.y + u * ex.y + v * ey.y
                            guard abs(px) < 1e7, abs(py) < 1e7 else { ok = false; break }
                            let p = Canvas.bilinear(src, srcPitch, Int(((px - 0.5) * 65536).rounded()), Int(((py - 0.5) * 65536).rounded()),
                                                    maxX, maxY)
                            r &+= p & 0xff; gg &+= p >> 8 & 0xff; bb &+= p >> 16 & 0xff; a &+= p >> 24
                        }
                        guard ok else { row[x] = 0; continue }
                        // 16 samples: the mean, rounded.
                        row[x] = (r + 8) >> 4 | ((gg + 8) >> 4) << 8 | ((bb + 8) >> 4) << 16 | ((a + 8) >> 4) << 24
                    }
                }
            }
        }
    }
}
