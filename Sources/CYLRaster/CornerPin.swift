import CYLGeometry

/// The corner pin effect (After Effects' Corner Pin, as libpag's CornerPinFilter draws it): the
/// layer's content rectangle stretched so its corners land on four points. Lengths are in the
/// group's units.
///
/// libpag draws the rectangle as two triangles (lower left, lower right, upper left; then lower
/// right, upper left, upper right) whose texture coordinates carry a projective weight q per corner
/// (from where the diagonals cross: "quadrilateral interpolation"), with 4× multisampling. A convex
/// quad is so drawn in perspective; any other (the diagonals do not cross inside it) is drawn as
/// two affine triangles (q = 1).
public struct CornerPin: Sendable, Equatable {
    /// The layer's content rectangle (what is pinned).
    public var bounds: Rect
    public var upperLeft: Point, upperRight: Point, lowerLeft: Point, lowerRight: Point

    public init(bounds: Rect, upperLeft: Point, upperRight: Point, lowerLeft: Point, lowerRight: Point) {
        self.bounds = bounds
        self.upperLeft = upperLeft
        self.upperRight = upperRight
        self.lowerLeft = lowerLeft
        self.lowerRight = lowerRight
    }

    /// The corners in the order of libpag's triangle strip: lower left, lower right, upper left, upper right.
    var corners: [Point] { [lowerLeft, lowerRight, upperLeft, upperRight] }

    /// The rectangle the pinned content can cover.
    public var outputBounds: Rect {
        let c = corners
        return Rect(minX: c.map(\.x).min()!, minY: c.map(\.y).min()!, maxX: c.map(\.x).max()!, maxY: c.map(\.y).max()!)
    }

    /// The projective weight of each corner (strip order), libpag's `calculateVertexQs` term for
    /// term (slopes and intercepts of the diagonals, so a vertical diagonal gives 1s as there).
    var weights: [Double] {
        let ll = lowerLeft, lr = lowerRight, ul = upperLeft, ur = upperRight
        let k1 = (ur.y - ll.y) / (ur.x - ll.x), k2 = (lr.y - ul.y) / (lr.x - ul.x)
        let b1 = ll.y - k1 * ll.x, b2 = ul.y - k2 * ul.x
        let ix = (b2 - b1) / (k1 - k2)
        let i = Point(ix, k1 * ix + b1)
        func distance(_ p: Point) -> Double { ((i.x - p.x) * (i.x - p.x) + (i.y - p.y) * (i.y - p.y)).squareRoot() }
        func between(_ a: Point, _ b: Point) -> Bool {
            min(a.x, b.x) <= i.x && i.x <= max(a.x, b.x) && min(a.y, b.y) <= i.y && i.y <= max(a.y, b.y)
        }
        let dll = distance(ll), dlr = distance(lr), dur = distance(ur), dul = distance(ul)
        guard between(ll, ur), between(ul, lr), dur != 0, dul != 0, dlr != 0, dll != 0 else { return [1, 1, 1, 1] }
        let q = [(dll + dur) / dur, (dlr + dul) / dul, (dul + dlr) / dlr, (dur + dll) / dll]
        return q.allSatisfy({ $0.isFinite && $0 > 0 }) ? q : [1, 1, 1, 1]
    }
}

/// One triangle of the corner pin in pixels: barycentric coordinates as affine functions of the
/// pixel position, and the (u q, v q, q) of its corners.
private struct PinTriangle {
    var ok = false
    // l1 = a1 x + b1 y + c1, l2 = a2 x + b2 y + c2 (l0 = 1 − l1 − l2).
    var a1 = 0.0, b1 = 0.0, c1 = 0.0, a2 = 0.0, b2 = 0.0, c2 = 0.0
    var uq = (0.0, 0.0, 0.0), vq = (0.0, 0.0, 0.0), q = (0.0, 0.0, 0.0)

    init(_ p0: Point, _ p1: Point, _ p2: Point, uv: [(Double, Double)], q: [Double]) {
        let det = (p1.x - p0.x) * (p2.y - p0.y) - (p2.x - p0.x) * (p1.y - p0.y)
        guard det.isFinite, abs(det) > 1e-9 else { return }
        ok = true
        a1 = (p2.y - p0.y) / det; b1 = -(p2.x - p0.x) / det; c1 = -(a1 * p0.x + b1 * p0.y)
        a2 = -(p1.y - p0.y) / det; b2 = (p1.x - p0.x) / det; c2 = -(a2 * p0.x + b2 * p0.y)
        uq = (uv[0].0 * q[0], uv[1].0 * q[1], uv[2].0 * q[2])
        vq = (uv[0].1 * q[0], uv[1].1 * q[1], uv[2].1 * q[2])
        self.q = (q[0], q[1], q[2])
    }

    @inline(__always) func barycentric(_ x: Double, _ y: Double) -> (Double, Double) {
        (a1 * x + b1 * y + c1, a2 * x + b2 * y + c2)
    }

    @inline(__always) func contains(_ x: Double, _ y: Double) -> Bool {
        guard ok else { return false }
        let (l1, l2) = barycentric(x, y)
        return l1 >= 0 && l2 >= 0 && l1 + l2 <= 1
    }

    /// The texture coordinates at (x, y), extrapolated beyond the triangle as a GPU does.
    @inline(__always) func uv(_ x: Double, _ y: Double) -> (Double, Double) {
        let (l1, l2) = barycentric(x, y), l0 = 1 - l1 - l2
        let qq = l0 * q.0 + l1 * q.1 + l2 * q.2
        guard qq != 0 else { return (0, 0) }
        return ((l0 * uq.0 + l1 * uq.1 + l2 * uq.2) / qq, (l0 * vq.0 + l1 * vq.1 + l2 * vq.2) / qq)
    }
}

extension Pixmap {
    /// Draws `pin` of `source` (the layer before the effect) into this pixmap within `area`
    /// (which should be cleared first): the content's rectangle, mapped to pixels by `toPixels`,
    /// sampled bilinearly where the pinned quad (also through `toPixels`) covers each pixel, its
    /// coverage from four samples (the GPU's 4× pattern).
    mutating func drawCornerPin(_ pin: CornerPin, from source: Pixmap, toPixels m: Transform, in area: IntRect) {
        let b = pin.bounds
        guard b.width > 0, b.height > 0, !area.isEmpty else { return }
        let corners = pin.corners.map { m.apply($0) }
        let q = pin.weights
        let uv: [(Double, Double)] = [(0, 1), (1, 1), (0, 0), (1, 0)]
        let t1 = PinTriangle(corners[0], corners[1], corners[2], uv: [uv[0], uv[1], uv[2]], q: [q[0], q[1], q[2]])
        let t2 = PinTriangle(corners[1], corners[2], corners[3], uv: [uv[1], uv[2], uv[3]], q: [q[1], q[2], q[3]])
        guard t1.ok || t2.ok else { return }
        // The content's rectangle in pixels: origin and the images of its sides.
        let o = m.apply(Point(b.minX, b.minY)), ex = m.applyVector(Point(b.width, 0)), ey = m.applyVector(Point(0, b.height))
        // Clamped to the edge texels' centres, as the sampler clamps.
        let lx = (ex.x * ex.x + ex.y * ex.y).squareRoot(), ly = (ey.x * ey.x + ey.y * ey.y).squareRoot()
        let hu = lx > 1 ? 0.5 / lx : 0.5, hv = ly > 1 ? 0.5 / ly : 0.5
        let samples: [(Double, Double)] = [(-2.0 / 16, -6.0 / 16), (6.0 / 16, -2.0 / 16), (-6.0 / 16, 2.0 / 16), (2.0 / 16, 6.0 / 16)]
        let maxX = source.width - 1, maxY = source.height - 1
        source.withUnsafePixels { src, srcPitch in
            withUnsafeMutablePixels { dst, pitch in
                for y in area.y..<area.maxY {
                    let row = dst + y * pitch
                    let cy = Double(y) + 0.5
                    for x in area.x..<area.maxX {
                        let cx = Double(x) + 0.5
                        var in1 = 0, in2 = 0
                        for (sx, sy) in samples {
                            if t1.contains(cx + sx, cy + sy) { in1 += 1 } else if t2.contains(cx + sx, cy + sy) { in2 += 1 }
                        }
                        let covered = in1 + in2
                        if covered == 0 { row[x] = 0; continue }
                        let t = t1.contains(cx, cy) ? t1 : t2.contains(cx, cy) ? t2 : (in1 >= in2 ? t1 : t2)
                        var (u, v) = t.uv(cx, cy)
                        u = min(max(u, hu), 1 - hu); v = min(max(v, hv), 1 - hv)
                        let px = o.x + u * ex.x + v * ey.x, py = o.y + u * ex.y + v * ey.y
                        guard abs(px) < 1e7, abs(py) < 1e7 else { row[x] = 0; continue }  // also NaN
                        let su = Int(((px - 0.5) * 65536).rounded()), sv = Int(((py - 0.5) * 65536).rounded())
                        let p = Canvas.bilinear(src, srcPitch, su, sv, maxX, maxY)
                        row[x] = covered == 4 ? p : Canvas.lerpPixel(0, p, UInt32(covered * 64))
                    }
                }
            }
        }
    }
}
